#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# ThreadSanitizer build and run of the tests where threads meet: the model cache (preload thread,
# concurrent acquires, one load per model), the batch runner (decoder, restore and encoder
# threads, the bounded queues between them, the atomic writer), and the engine controller (the
# worker thread, queued signals, cancel tokens set from the GUI thread, the photo decoder's pool
# thread). CI runs the core part; run all by hand after changing the engine's threading (the
# instrumented ui and engine module are a third full build).
#
# Last measured (2026-12-06, 2 shared cores, GPEN_JOBS=2, nice 5, beside other work): the core
# build from an empty folder about 25 minutes; model_cache_test 0 reports, 5 s;
# batch_runner_test 11 tests, 0 reports, 133 s; atomic_file_test 0 reports, 2 s.
# engine_controller_test (2026-12-03): 10 tests on the whole Solvay photo, 0 reports, 345 s.
#
#   packaging/tsan.sh [core|all]     core: the model cache and the batch runner (CI runs this);
#                                    all (default): and the controller
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/packaging/deps.sh"
gpen_install_deps

build="${GPEN_TSAN_BUILD_DIR:-$root/build-tsan}"
# The batch runner: its decoder, restore and encoder threads, the bounded queues between them, and
# the atomic writer they end in.
tests=(model_cache_test batch_runner_test atomic_file_test)
ui=OFF
if [ "${1:-all}" = all ]; then
    tests+=(engine_controller_test)
    ui=ON
fi
export QT_QPA_PLATFORM=offscreen
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DGPEN_BUILD_UI="$ui" \
    -DGPEN_SANITIZE=thread -DCMAKE_CXX_FLAGS_RELEASE="-O1 -g1" >/dev/null
cmake --build "$build" -j "${GPEN_JOBS:-$(nproc)}" --target "${tests[@]}"

# history_size=7: the longest access history, so that a report shows both stacks.
# ignore_noninstrumented_modules: accesses made inside libraries not built with TSan are not
# reported. Their own synchronisation is invisible to TSan: oneDNN's kernels run on libgomp's
# threads (a buffer allocated on one thread and filled by a pool thread reads as a race), and
# OpenCV's image plugins lock GDAL's mutexes in an order TSan cannot follow. Our threads, locks
# and atomics are all instrumented and reported.
strict="halt_on_error=0:second_deadlock_stack=1:history_size=7:ignore_noninstrumented_modules=1"
# The controller meets Qt and glib too: what that costs and why is in tsan.supp (and
# tests/ui/tsan_queued_calls.h).
qt="$strict:suppressions=$root/packaging/tsan.supp"
failed=()
for t in "${tests[@]}"; do
    binary="$(find "$build/tests" -type f -name "$t" -perm -u+x | head -n1)"
    options="$strict"
    [ "$t" != engine_controller_test ] || options="$qt"
    echo "== $t ($options)"
    started=$SECONDS
    TSAN_OPTIONS="$options${GPEN_TSAN_OPTIONS:+:$GPEN_TSAN_OPTIONS}" "$binary" --gtest_brief=1 >"$build/$t.log" 2>&1 ||
        failed+=("$t")
    echo "   $((SECONDS - started)) s"
    # grep -c exits 1 on a clean log: that must not end the script (set -e, pipefail).
    reports="$(grep -c "WARNING: ThreadSanitizer" "$build/$t.log" || true)"
    # A report fails the run also when the tests pass (the UI suites end with _Exit, before TSan's
    # own exit code would say so).
    [ "$reports" -eq 0 ] || [[ " ${failed[*]} " == *" $t "* ]] || failed+=("$t")
    echo "   reports: $reports"
    tail -3 "$build/$t.log"
done
[ ${#failed[@]} -eq 0 ] || { echo "TSan run failed: ${failed[*]} (logs in $build)" >&2; exit 1; }
