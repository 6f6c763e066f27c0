#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Refreshes every resources/translations/*.ts from the sources with lupdate (new messages come
# in unfinished, removed ones go), then lists what is left to translate. Run it after merging
# branches that add strings, translate the messages it names, run it again. Exits non-zero while
# any language has an unfinished message. Uses (and configures if needed) $GPEN_BUILD_DIR or build/.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${GPEN_BUILD_DIR:-$root/build}"
[ -f "$build/CMakeCache.txt" ] || cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build "$build" --target update_translations
ctest --test-dir "$build" -R '^translations_complete$' --output-on-failure
