// SPDX-License-Identifier: Apache-2.0
#pragma once

// Test-only: an HTTP/1.1 server on 127.0.0.1 (a free port) serving one body for every GET, with
// Range requests answered 206 from the asked offset, as the model hosts do. One connection at a
// time on its own thread; stopped and joined by the destructor. Qt-free, for the CLI suites.

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <regex>
#include <string>
#include <thread>

namespace gpen::test {

class LocalHttpServer {
  public:
    explicit LocalHttpServer(std::string body) : m_body(std::move(body)) {
        m_socket = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        addr.sin_port = 0;
        socklen_t len = sizeof addr;
        if (m_socket < 0 ||
            ::bind(m_socket, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
            ::listen(m_socket, 4) != 0 ||
            ::getsockname(m_socket, reinterpret_cast<sockaddr*>(&addr), &len) != 0) {
            return;
        }
        m_port = ntohs(addr.sin_port);
        m_thread = std::thread([this] { serve(); });
    }
    ~LocalHttpServer() {
        m_stop = true;
        ::shutdown(m_socket, SHUT_RDWR);
        ::close(m_socket);
        if (m_thread.joinable()) m_thread.join();
    }
    LocalHttpServer(const LocalHttpServer&) = delete;
    LocalHttpServer& operator=(const LocalHttpServer&) = delete;

    bool ok() const { return m_port != 0; }
    std::string baseUrl() const { return "http://127.0.0.1:" + std::to_string(m_port) + "/"; }
    int requests() const { return m_requests; }
    std::int64_t lastRangeStart() const { return m_lastRangeStart; }  // -1: no Range header

  private:
    void serve() {
        while (!m_stop) {
            const int client = ::accept(m_socket, nullptr, nullptr);
            if (client < 0) return;
            std::string request;
            char buf[4096];
            while (request.find("\r\n\r\n") == std::string::npos) {
                const auto n = ::recv(client, buf, sizeof buf, 0);
                if (n <= 0) break;
                request.append(buf, static_cast<std::size_t>(n));
            }
            ++m_requests;
            std::smatch m;
            std::int64_t from = -1;
            if (std::regex_search(request, m,
                                  std::regex(R"(Range:\s*bytes=(\d+)-)", std::regex::icase))) {
                from = std::stoll(m[1].str());
            }
            m_lastRangeStart = from;
            const auto size = static_cast<std::int64_t>(m_body.size());
            std::string head;
            std::string payload;
            if (from >= 0 && from < size) {
                payload = m_body.substr(static_cast<std::size_t>(from));
                head = "HTTP/1.1 206 Partial Content\r\nContent-Range: bytes " +
                       std::to_string(from) + "-" + std::to_string(size - 1) + "/" +
                       std::to_string(size) + "\r\n";
            } else {
                payload = m_body;
                head = "HTTP/1.1 200 OK\r\n";
            }
            head += "Content-Length: " + std::to_string(payload.size()) +
                    "\r\nConnection: close\r\n\r\n";
            const std::string all = head + payload;
            for (std::size_t sent = 0; sent < all.size();) {
                const auto n = ::send(client, all.data() + sent, all.size() - sent, MSG_NOSIGNAL);
                if (n <= 0) break;
                sent += static_cast<std::size_t>(n);
            }
            ::close(client);
        }
    }

    std::string m_body;
    int m_socket = -1;
    std::uint16_t m_port = 0;
    std::atomic<bool> m_stop{false};
    std::atomic<int> m_requests{0};
    std::atomic<std::int64_t> m_lastRangeStart{-1};
    std::thread m_thread;
};

}  // namespace gpen::test
