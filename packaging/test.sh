#!/usr/bin/env bash
# Installs what is missing, builds everything (Release, warnings as errors in CI) and runs the
# whole test suite. Exits non-zero on any build or test failure.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/packaging/deps.sh"
gpen_install_deps

build="${GPEN_BUILD_DIR:-$root/build}"
jobs="${GPEN_JOBS:-$(nproc)}"
werror=OFF
[ -n "${CI:-}" ] && werror=ON

# Qt tests run without a display (test discovery at build time starts them too).
export QT_QPA_PLATFORM=offscreen
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DGPEN_WARNINGS_AS_ERRORS="$werror" ${GPEN_CMAKE_ARGS:-}
cmake --build "$build" -j "$jobs"
ctest --test-dir "$build" --output-on-failure -j "$jobs" --timeout 1800
# The .deb: built, extracted into a scratch root and run from there.
"$root/packaging/package_test.sh" "$build"
