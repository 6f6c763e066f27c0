#!/usr/bin/env bash
# ThreadSanitizer build and run of the tests where threads meet: the model cache (preload thread,
# concurrent acquires, one load per model) and the engine controller (the worker thread, queued
# signals, cancel tokens set from the GUI thread). Not part of CI: libtorch and Qt are not built
# with TSan, so the run is slow; run it by hand after changing the engine's threading.
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

# libgomp (libtorch's thread pool) is not instrumented: its internal synchronisation is invisible
# to TSan, so reports inside it are suppressed; ours are not.
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=0:second_deadlock_stack=1:suppressions=$root/packaging/tsan.supp}"
failed=()
for t in "${tests[@]}"; do
    binary="$(find "$build/tests" -type f -name "$t" -perm -u+x | head -n1)"
    echo "== $t"
    "$binary" --gtest_brief=1 >"$build/$t.log" 2>&1 || failed+=("$t")
    # grep -c exits 1 on a clean log: that must not end the script (set -e, pipefail).
    echo "   reports: $(grep -c "WARNING: ThreadSanitizer" "$build/$t.log" || true)"
    tail -3 "$build/$t.log"
done
[ ${#failed[@]} -eq 0 ] || { echo "TSan run failed: ${failed[*]} (logs in $build)" >&2; exit 1; }
