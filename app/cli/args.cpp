#include "cli/args.h"

namespace gpen::cli {

Expected<Args> Args::parse(const std::vector<std::string>& words, const std::set<std::string>& flags,
                           const std::set<std::string>& options) {
    Args a;
    for (std::size_t i = 0; i < words.size(); ++i) {
        const std::string& w = words[i];
        if (w.size() > 2 && w.rfind("--", 0) == 0) {
            const std::string name = w.substr(2);
            if (flags.count(name)) {
                a.m_flags.insert(name);
            } else if (options.count(name)) {
                if (i + 1 >= words.size()) {
                    return makeError(ErrorCode::InvalidArgument, "option " + w + " needs a value");
                }
                a.m_values[name] = words[i + 1];
                a.m_allValues[name].push_back(words[++i]);
            } else {
                return makeError(ErrorCode::InvalidArgument, "unknown option " + w);
            }
        } else {
            a.m_positionals.push_back(w);
        }
    }
    return a;
}

std::optional<std::string> Args::value(const std::string& name) const {
    const auto it = m_values.find(name);
    return it == m_values.end() ? std::nullopt : std::optional<std::string>(it->second);
}

std::vector<std::string> Args::values(const std::string& name) const {
    const auto it = m_allValues.find(name);
    return it == m_allValues.end() ? std::vector<std::string>{} : it->second;
}

Expected<int> Args::intValue(const std::string& name, int fallback, int min, int max) const {
    const auto v = value(name);
    if (!v) {
        return fallback;
    }
    try {
        std::size_t used = 0;
        const int n = std::stoi(*v, &used);
        if (used == v->size() && n >= min && n <= max) {
            return n;
        }
    } catch (const std::exception&) {
    }
    return makeError(ErrorCode::InvalidArgument, "--" + name + " must be a whole number from " +
                                                     std::to_string(min) + " to " + std::to_string(max) +
                                                     ", not '" + *v + "'");
}

Expected<double> Args::doubleValue(const std::string& name, double fallback, double min, double max) const {
    const auto v = value(name);
    if (!v) {
        return fallback;
    }
    try {
        std::size_t used = 0;
        const double d = std::stod(*v, &used);
        if (used == v->size() && d >= min && d <= max) {
            return d;
        }
    } catch (const std::exception&) {
    }
    return makeError(ErrorCode::InvalidArgument, "--" + name + " must be a number from " + std::to_string(min) +
                                                     " to " + std::to_string(max) + ", not '" + *v + "'");
}

}  // namespace gpen::cli
