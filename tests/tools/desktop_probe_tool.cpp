// SPDX-License-Identifier: Apache-2.0
// gpen-desktop-probe: what packaging/desktop_test.sh needs that xdotool does not do.
//
//   photo IN W H OUT        IN resized to W x H, written to OUT (a large photo from the sample)
//   ping WINDOW SECONDS     sends the window manager's _NET_WM_PING to WINDOW every 10 ms for
//                           SECONDS and prints the longest time a ping went unanswered, in ms:
//                           how long the application's GUI thread did not turn its event loop,
//                           as a window manager sees it (it greys a window out past a few seconds)

#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <poll.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

namespace {

using Clock = std::chrono::steady_clock;

int photo(const char* in, int w, int h, const char* out) {
    const cv::Mat src = cv::imread(in, cv::IMREAD_COLOR);
    if (src.empty()) {
        std::fprintf(stderr, "cannot read %s\n", in);
        return 1;
    }
    cv::Mat big;
    cv::resize(src, big, cv::Size(w, h), 0, 0, cv::INTER_CUBIC);
    return cv::imwrite(out, big) ? 0 : 1;
}

int ping(Window window, double seconds) {
    Display* display = XOpenDisplay(nullptr);
    if (!display) {
        std::fprintf(stderr, "cannot open the display\n");
        return 1;
    }
    const Window root = DefaultRootWindow(display);
    // The client answers by sending the message back to the root window, to the clients that
    // listen there for structure events (Qt) or substructure events (the specification's reading).
    XSelectInput(display, root, StructureNotifyMask | SubstructureNotifyMask);
    const Atom protocols = XInternAtom(display, "WM_PROTOCOLS", False);
    const Atom netWmPing = XInternAtom(display, "_NET_WM_PING", False);

    std::map<long, Clock::time_point> outstanding;  // serial -> when it was sent
    long serial = 1;
    double longestMs = 0;
    int answered = 0;
    const auto start = Clock::now();
    const auto end = start + std::chrono::duration<double>(seconds);
    auto nextPing = start;
    const auto ms = [](Clock::duration d) {
        return std::chrono::duration<double, std::milli>(d).count();
    };
    while (Clock::now() < end) {
        const auto now = Clock::now();
        if (now >= nextPing) {
            XEvent e{};
            e.xclient.type = ClientMessage;
            e.xclient.window = window;
            e.xclient.message_type = protocols;
            e.xclient.format = 32;
            e.xclient.data.l[0] = static_cast<long>(netWmPing);
            e.xclient.data.l[1] = serial;  // the timestamp field: echoed back unchanged
            e.xclient.data.l[2] = static_cast<long>(window);
            XSendEvent(display, window, False, NoEventMask, &e);
            XFlush(display);
            outstanding.emplace(serial++, now);
            nextPing = now + std::chrono::milliseconds(10);
        }
        while (XPending(display) > 0) {
            XEvent e;
            XNextEvent(display, &e);
            if (e.type != ClientMessage || e.xclient.message_type != protocols ||
                static_cast<Atom>(e.xclient.data.l[0]) != netWmPing)
                continue;
            const auto it = outstanding.find(e.xclient.data.l[1]);
            if (it == outstanding.end()) continue;
            longestMs = std::max(longestMs, ms(Clock::now() - it->second));
            ++answered;
            outstanding.erase(it);
        }
        pollfd fd{ConnectionNumber(display), POLLIN, 0};
        ::poll(&fd, 1, 2);
    }
    // A ping still unanswered at the end counts for as long as it has waited.
    for (const auto& [s, sent] : outstanding)
        longestMs = std::max(longestMs, ms(Clock::now() - sent));
    std::printf("%.0f\n", longestMs);
    std::fprintf(stderr, "%d of %ld pings answered\n", answered, serial - 1);
    XCloseDisplay(display);
    return answered > 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
    const std::string command = argc > 1 ? argv[1] : "";
    if (command == "photo" && argc == 6)
        return photo(argv[2], std::atoi(argv[3]), std::atoi(argv[4]), argv[5]);
    if (command == "ping" && argc == 4)
        return ping(std::strtoul(argv[2], nullptr, 0), std::atof(argv[3]));
    std::fprintf(stderr, "usage: gpen-desktop-probe photo IN W H OUT | ping WINDOW SECONDS\n");
    return 2;
}
