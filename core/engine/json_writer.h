#pragma once

// Core-internal: a minimal JSON writer for the engine's reports (no dependency in core). Keys and
// values go in document order; commas are placed for the caller.

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace gpen::engine {

class JsonWriter {
public:
    JsonWriter& beginObject() { return open('{'); }
    JsonWriter& endObject() { return close('}'); }
    JsonWriter& beginArray() { return open('['); }
    JsonWriter& endArray() { return close(']'); }

    JsonWriter& key(const std::string& k) {
        separate();
        quoted(k);
        m_out += ':';
        m_afterKey = true;
        return *this;
    }
    JsonWriter& value(const std::string& v) {
        separate();
        quoted(v);
        return *this;
    }
    JsonWriter& value(const char* v) { return value(std::string(v)); }
    JsonWriter& value(bool v) { return raw(v ? "true" : "false"); }
    JsonWriter& value(int v) { return raw(std::to_string(v)); }
    JsonWriter& value(std::uint64_t v) { return raw(std::to_string(v)); }
    JsonWriter& value(double v, int decimals = 2) {
        if (!std::isfinite(v)) {
            return raw("null");
        }
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
        return raw(buf);
    }
    template <class T>
    JsonWriter& field(const std::string& k, const T& v) {
        key(k);
        return value(v);
    }

    const std::string& str() const { return m_out; }

private:
    JsonWriter& open(char c) {
        separate();
        m_out += c;
        m_first.push_back(true);
        return *this;
    }
    JsonWriter& close(char c) {
        m_out += c;
        m_first.pop_back();
        return *this;
    }
    JsonWriter& raw(const std::string& text) {
        separate();
        m_out += text;
        return *this;
    }
    // A comma before every element of a container but its first; none right after a key.
    void separate() {
        if (m_afterKey) {
            m_afterKey = false;
            return;
        }
        if (!m_first.empty()) {
            if (!m_first.back()) {
                m_out += ',';
            }
            m_first.back() = false;
        }
    }
    void quoted(const std::string& s) {
        m_out += '"';
        for (const char c : s) {
            const auto u = static_cast<unsigned char>(c);
            switch (c) {
                case '"': m_out += "\\\""; break;
                case '\\': m_out += "\\\\"; break;
                case '\n': m_out += "\\n"; break;
                case '\r': m_out += "\\r"; break;
                case '\t': m_out += "\\t"; break;
                default:
                    if (u < 0x20) {
                        char buf[8];
                        std::snprintf(buf, sizeof buf, "\\u%04x", u);
                        m_out += buf;
                    } else {
                        m_out += c;
                    }
            }
        }
        m_out += '"';
    }

    std::string m_out;
    std::vector<bool> m_first;
    bool m_afterKey = false;
};

}  // namespace gpen::engine
