#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# AddressSanitizer + UndefinedBehaviorSanitizer build of core, gpen-cli and the tests that feed
# them hostile or unusual input (and the tests of our own SIMD kernels and CPU block cache), in a
# build folder of its own (ccache shared with the main build), then runs those tests. .ci/run
# calls it after packaging/test.sh. Any sanitizer report fails.
# Cost, measured from an empty build folder with nothing from ccache: 1189 s of CPU (user + sys) in
# all, over 589 s of it building (113 steps), the rest running the tests (cli_test the longest).
#
#   packaging/sanitize.sh            build and run
#   GPEN_SANITIZE_BUILD_DIR=DIR      another build folder (default build-sanitize)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/packaging/deps.sh"
gpen_install_deps

build="${GPEN_SANITIZE_BUILD_DIR:-$root/build-sanitize}"
jobs="${GPEN_JOBS:-$(nproc)}"
# Only what the chosen tests need: no UI, -O1 (sanitized code at -O3 compiles far slower and
# runs hardly faster), every UBSan finding fatal.
tests=(checkpoint_reader_test fuzz_corpus_test image_io_test tiled_upscale_test torch_failure_test
       model_catalog_test model_cache_test face_alignment_test paste_back_test rrdbnet_test cli_test
       winograd43_conv_test caching_cpu_allocator_test realesrgan_test identity_test
       batch_runner_test atomic_file_test)
export QT_QPA_PLATFORM=offscreen
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DGPEN_BUILD_UI=OFF \
    -DGPEN_SANITIZE=address,undefined -DCMAKE_CXX_FLAGS_RELEASE="-O1 -g1" \
    -DCMAKE_CXX_FLAGS="-fno-sanitize-recover=undefined" >/dev/null
cmake --build "$build" -j "$jobs" --target gpen-cli "${tests[@]}"

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=0}"
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$root/packaging/sanitize-lsan.supp:print_suppressions=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
failed=()
for t in "${tests[@]}"; do
    binary="$(find "$build/tests" -type f -name "$t" -perm -u+x | head -n1)"
    echo "== $t"
    if ! "$binary" --gtest_brief=1 >"$build/$t.log" 2>&1; then
        tail -40 "$build/$t.log"
        failed+=("$t")
    else
        tail -3 "$build/$t.log"
    fi
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "sanitizer run failed: ${failed[*]} (logs in $build)" >&2
    exit 1
fi
echo "sanitizer run clean: ${#tests[@]} test programs"
