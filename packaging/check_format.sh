#!/usr/bin/env bash
# Fails when a C++ file is not as .clang-format formats it (Debian 12's clang-format 14), naming
# each such file and line. Run by .ci/run before anything is built. Fix with:
#   git ls-files '*.h' '*.cpp' | xargs clang-format -i
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source packaging/deps.sh
gpen_install_deps
# The tracked files; a copy without git (an unpacked archive) has no build output to skip.
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git ls-files -z '*.h' '*.cpp'
else
    find app core ui tests -type f \( -name '*.h' -o -name '*.cpp' \) -print0
fi | xargs -0 clang-format --dry-run --Werror
echo "clang-format: every file formatted"
