#!/usr/bin/env bash
# ThreadSanitizer build and run of the tests where threads meet: the model cache (preload thread,
# concurrent acquires, one load per model) and the engine controller (the worker thread, queued
# signals, cancel tokens set from the GUI thread, the photo decoder's pool thread). Run it by hand
# after changing the engine's threading; not part of CI (the instrumented build is a second full
# build of core, ui and the engine module).
#
# Last measured (2026-12-03, 2 shared cores, GPEN_JOBS=2, nice 5): model_cache_test 9 tests,
# 0 reports, 22 s; engine_controller_test 10 tests on the whole Solvay photo, 0 reports, 345 s;
# the script 368 s with the build folder up to date.
# Its build folder took 8 minutes with ccache holding most objects of an earlier TSan build (the
# 40 of 139 steps it compiled took 7 of them); a build from nothing was not timed.
#
#   packaging/tsan.sh [core|all]     core: model_cache_test only; all (default): and the controller
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/packaging/deps.sh"
gpen_install_deps

build="${GPEN_TSAN_BUILD_DIR:-$root/build-tsan}"
tests=(model_cache_test)
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
strict="halt_on_error=0:second_deadlock_stack=1:history_size=7"
# The model cache's threads are std::thread and std::mutex, all visible to TSan: no suppression,
# no option that hides anything. The controller meets Qt, glib and libtorch, which are not built
# with TSan: what that costs and why is in tsan.supp (and tests/ui/tsan_queued_calls.h).
qt="$strict:ignore_noninstrumented_modules=1:suppressions=$root/packaging/tsan.supp"
failed=()
for t in "${tests[@]}"; do
    binary="$(find "$build/tests" -type f -name "$t" -perm -u+x | head -n1)"
    options="$strict"
    [ "$t" = model_cache_test ] || options="$qt"
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
