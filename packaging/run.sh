#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs what is missing, builds GPEN Studio (Release) and launches it; arguments are passed
# on to gpen-studio (image files or folders to open, --models-dir DIR, ...).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/packaging/deps.sh"
gpen_install_deps

build="${GPEN_BUILD_DIR:-$root/build}"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    ${GPEN_CMAKE_ARGS:-} >/dev/null
cmake --build "$build" -j "${GPEN_JOBS:-$(nproc)}" --target gpen-studio gpen-cli
exec "$build/app/gpen-studio" "$@"
