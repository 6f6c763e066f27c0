#pragma once

// A small command-line parser for gpen-cli: "--name value" options, "--flag" switches and
// positionals, with errors that say which option is wrong.

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "gpen/base/expected.h"

namespace gpen::cli {

class Args {
public:
    // `flags` take no value; every other "--name" takes the next word as its value.
    static Expected<Args> parse(const std::vector<std::string>& words, const std::set<std::string>& flags,
                                const std::set<std::string>& options);

    bool flag(const std::string& name) const { return m_flags.count(name) != 0; }
    std::optional<std::string> value(const std::string& name) const;  // the last one given
    std::vector<std::string> values(const std::string& name) const;   // every one, in order
    Expected<int> intValue(const std::string& name, int fallback, int min, int max) const;
    Expected<double> doubleValue(const std::string& name, double fallback, double min, double max) const;
    const std::vector<std::string>& positionals() const { return m_positionals; }

private:
    std::set<std::string> m_flags;
    std::map<std::string, std::string> m_values;
    std::map<std::string, std::vector<std::string>> m_allValues;
    std::vector<std::string> m_positionals;
};

}  // namespace gpen::cli
