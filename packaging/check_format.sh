#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Fails when a C++ file is not as .clang-format formats it (Debian 12's clang-format 14), naming
# each such file and line, or when a source file (C++, CMake, shell, Python, the container and
# Kubernetes files) has no SPDX licence line. Run by .ci/run before anything is built. Fix with:
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
# Our code is Apache-2.0 (LICENSE); each source file says so in its first lines (after a #!).
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    missing="$(git ls-files '*.h' '*.cpp' '*.cmake' '*CMakeLists.txt' '*.sh' '*.py' '*.yaml' .ci/run \
        packaging/Containerfile packaging/slurm/gpen-array.sbatch | grep -v '^tests/data/' |
        while read -r f; do head -3 "$f" | grep -q 'SPDX-License-Identifier: Apache-2.0' || echo "$f"; done)"
    if [ -n "$missing" ]; then
        echo "no SPDX-License-Identifier line in:" >&2
        echo "$missing" >&2
        exit 1
    fi
    echo "SPDX: every source file names its licence"
fi
