// SPDX-License-Identifier: Apache-2.0
#include "gpen/batch/batch_scan.h"

#include <algorithm>
#include <set>

#include <sys/stat.h>

#include "gpen/base/ascii.h"
#include "gpen/base/atomic_file.h"
#include "gpen/base/sha256.h"

namespace gpen {
namespace fs = std::filesystem;
namespace {

// `[...]` at pattern[p] (p at '['): whether `c` is in the class; `end` is set past the ']'.
// An unclosed '[' is a literal.
bool classMatch(std::string_view pattern, std::size_t p, char c, std::size_t& end) {
    std::size_t i = p + 1;
    const bool negate = i < pattern.size() && (pattern[i] == '!' || pattern[i] == '^');
    if (negate) ++i;
    bool found = false;
    bool first = true;
    for (; i < pattern.size() && (pattern[i] != ']' || first); ++i, first = false) {
        if (i + 2 < pattern.size() && pattern[i + 1] == '-' && pattern[i + 2] != ']') {
            if (asciiLower(pattern[i]) <= c && c <= asciiLower(pattern[i + 2])) found = true;
            i += 2;
        } else if (asciiLower(pattern[i]) == c) {
            found = true;
        }
    }
    if (i >= pattern.size()) {
        end = p + 1;
        return c == '[';
    }
    end = i + 1;
    return found != negate;
}

bool globFrom(std::string_view pat, std::size_t p, std::string_view text, std::size_t t) {
    while (p < pat.size()) {
        const char pc = pat[p];
        if (pc == '*') {
            const bool doubleStar = p + 1 < pat.size() && pat[p + 1] == '*';
            std::size_t next = p + (doubleStar ? 2 : 1);
            // "**/" also matches no folder at all ("**/a.jpg" matches "a.jpg").
            if (doubleStar && next < pat.size() && pat[next] == '/' &&
                globFrom(pat, next + 1, text, t))
                return true;
            for (std::size_t k = t;; ++k) {
                if (globFrom(pat, next, text, k)) return true;
                if (k >= text.size() || (!doubleStar && text[k] == '/')) return false;
            }
        }
        if (t >= text.size()) return false;
        const char tc = asciiLower(text[t]);
        if (pc == '?') {
            if (tc == '/') return false;
            ++p;
        } else if (pc == '[') {
            std::size_t end = p;
            if (!classMatch(pat, p, tc, end) || tc == '/') return false;
            p = end;
        } else {
            if (asciiLower(pc) != tc) return false;
            ++p;
        }
        ++t;
    }
    return t == text.size();
}

bool matchesAny(const std::vector<std::string>& globs, const std::string& relative,
                const std::string& name) {
    return std::any_of(globs.begin(), globs.end(), [&](const std::string& g) {
        return globMatch(g, g.find('/') != std::string::npos ? relative : name);
    });
}

bool isJunkName(const std::string& name) {
    const std::string l = asciiLower(name);
    return name.empty() || name[0] == '.' || l == "thumbs.db" || l == "desktop.ini" ||
           isAtomicTempName(name);
}

class Walker {
  public:
    Walker(const fs::path& root, const BatchScanParams& params, ScanResult& out)
        : m_root(root), m_params(params), m_out(out) {
        for (const auto& e : params.extensions) {
            std::string dotted = ".";  // appended: GCC 12 warns falsely on "." + std::string&&
            dotted += asciiLower(e);
            m_extensions.insert(dotted);
        }
        for (const auto& dir : params.skipFolders) {
            struct stat st {};
            if (::stat(dir.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
                m_skipped.insert({st.st_dev, st.st_ino});
        }
    }

    // `dir` relative to the root is `relative` ("" for the root). `ancestors` are the folders
    // (device, inode) being walked above it: a link back to one of them is a loop.
    void walk(const fs::path& dir, const std::string& relative,
              std::vector<std::pair<dev_t, ino_t>>& ancestors) {
        std::error_code ec;
        fs::directory_iterator it(dir, ec);
        if (ec) {
            m_out.warnings.push_back((relative.empty() ? dir.string() : relative) +
                                     ": cannot be read: " + ec.message());
            return;
        }
        std::vector<fs::directory_entry> entries;
        for (fs::directory_iterator end; it != end; it.increment(ec)) {
            if (ec) {
                m_out.warnings.push_back(relative + ": listing stopped: " + ec.message());
                break;
            }
            entries.push_back(*it);
        }
        // Sorted, so that of a folder and a link to it the same one is walked on every machine.
        std::sort(entries.begin(), entries.end(),
                  [](const fs::directory_entry& a, const fs::directory_entry& b) {
                      return a.path().filename().string() < b.path().filename().string();
                  });
        for (const auto& entry : entries) {
            const std::string name = entry.path().filename().string();
            if (isJunkName(name)) continue;
            const std::string rel = relative.empty() ? name : relative + "/" + name;
            struct stat st {};
            if (::stat(entry.path().c_str(), &st) != 0) continue;  // a dangling link
            if (S_ISDIR(st.st_mode)) {
                if (!m_params.recursive || matchesAny(m_params.exclude, rel, name)) continue;
                const std::pair<dev_t, ino_t> id{st.st_dev, st.st_ino};
                if (m_skipped.count(id)) continue;
                if (std::find(ancestors.begin(), ancestors.end(), id) != ancestors.end() ||
                    !m_visited.insert(id).second) {
                    m_out.warnings.push_back(rel + ": skipped, a link to a folder already scanned");
                    continue;
                }
                ancestors.push_back(id);
                walk(entry.path(), rel, ancestors);
                ancestors.pop_back();
            } else if (S_ISREG(st.st_mode)) {
                if (!m_extensions.count(asciiLower(entry.path().extension().string()))) continue;
                if (!m_params.include.empty() && !matchesAny(m_params.include, rel, name)) continue;
                if (matchesAny(m_params.exclude, rel, name)) continue;
                m_out.files.push_back({entry.path(), fs::path(rel), 0,
                                       static_cast<std::uint64_t>(st.st_dev),
                                       static_cast<std::uint64_t>(st.st_ino)});
            }
        }
    }

    std::set<std::pair<dev_t, ino_t>> m_visited;

  private:
    fs::path m_root;
    const BatchScanParams& m_params;
    ScanResult& m_out;
    std::set<std::string> m_extensions;
    std::set<std::pair<dev_t, ino_t>> m_skipped;
};

}  // namespace

bool globMatch(std::string_view pattern, std::string_view text) {
    return globFrom(pattern, 0, text, 0);
}

Expected<ScanResult> scanInputFolder(const fs::path& root, const BatchScanParams& params) {
    struct stat st {};
    if (::stat(root.c_str(), &st) != 0) {
        return makeError(ErrorCode::Io, root.string() + ": no such folder");
    }
    if (!S_ISDIR(st.st_mode))
        return makeError(ErrorCode::InvalidArgument, root.string() + ": not a folder");
    std::error_code ec;
    fs::directory_iterator probe(root, ec);
    if (ec) return makeError(ErrorCode::Io, root.string() + ": cannot be read: " + ec.message());
    ScanResult r;
    Walker walker(root, params, r);
    std::vector<std::pair<dev_t, ino_t>> ancestors{{st.st_dev, st.st_ino}};
    walker.m_visited.insert({st.st_dev, st.st_ino});
    walker.walk(root, "", ancestors);
    // Byte order of the relative path: the same on every machine whatever its locale.
    std::sort(r.files.begin(), r.files.end(), [](const ScannedFile& a, const ScannedFile& b) {
        return a.relative.generic_string() < b.relative.generic_string();
    });
    for (std::size_t i = 0; i < r.files.size(); ++i) r.files[i].index = i;
    return r;
}

Expected<ShardSpec> parseShard(const std::string& text) {
    const auto slash = text.find('/');
    const auto bad = [&] {
        return makeError(ErrorCode::InvalidArgument,
                         "--shard '" + text + "': expected i/n with 1 <= i <= n (for example 2/3)");
    };
    if (slash == std::string::npos) return bad();
    const std::string a = text.substr(0, slash);
    const std::string b = text.substr(slash + 1);
    const auto digits = [](const std::string& s) {
        return !s.empty() && s.size() < 7 &&
               std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
    };
    if (!digits(a) || !digits(b)) return bad();
    ShardSpec s{std::stoi(a), std::stoi(b)};
    if (s.count < 1 || s.index < 1 || s.index > s.count) return bad();
    return s;
}

std::vector<ScannedFile> shardOf(const std::vector<ScannedFile>& files, const ShardSpec& shard) {
    std::vector<ScannedFile> out;
    for (const auto& f : files) {
        std::uint64_t h = 14695981039346656037ULL;  // FNV-1a, 64 bits
        for (const unsigned char c : f.relative.generic_string()) {
            h ^= c;
            h *= 1099511628211ULL;
        }
        if (static_cast<int>(h % static_cast<std::uint64_t>(shard.count)) + 1 == shard.index)
            out.push_back(f);
    }
    return out;
}

ScanDigest scanDigest(const std::vector<ScannedFile>& files) {
    Sha256 digest;
    for (const auto& f : files) {
        const std::string line = f.relative.generic_string() + "\n";
        digest.update(line.data(), line.size());
    }
    return {files.size(), Sha256::hex(digest.finish())};
}

}  // namespace gpen
