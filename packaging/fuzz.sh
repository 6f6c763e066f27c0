#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds the libFuzzer targets (clang, ASan + UBSan) and runs each for a given time.
#
#   packaging/fuzz.sh [SECONDS_PER_TARGET] [checkpoint|image ...]
#
# Defaults: 600 s, both targets. Each run starts from the committed corpus
# (tests/fuzz/corpus/<target>), fresh seeds (small checkpoints of both formats, small images of
# each format, the fixtures' small .pth files) and what earlier runs found (build-fuzz/work),
# with -rss_limit_mb=2048 -timeout=10: any crash, leak, timeout over 10 s or allocation over
# 2 GB stops the run with a reproducer in build-fuzz/work/<target>-artifacts. Afterwards the
# corpus that reached new coverage is merged (trimmed) into tests/fuzz/corpus/<target> for
# committing; fuzz_corpus_test replays it in every build. GPEN_FUZZ_JOBS runs that many
# processes per target in parallel (default 1).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/packaging/deps.sh"
gpen_install_deps
# The fuzz build's own compiler and runtime, only here (the product builds with GCC).
gpen_packages=(clang-14 libclang-rt-14-dev)
gpen_install_deps

seconds="${1:-600}"
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(checkpoint image)
jobs="${GPEN_FUZZ_JOBS:-1}"
build="${GPEN_FUZZ_BUILD_DIR:-$root/build-fuzz}"
work="$build/work"

CC=clang-14 CXX=clang++-14 cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DGPEN_BUILD_UI=OFF -DGPEN_FUZZ=ON -DGPEN_SANITIZE=fuzzer-no-link,address,undefined \
    -DCMAKE_CXX_FLAGS="-fno-sanitize-recover=undefined" >/dev/null
cmake --build "$build" -j "${GPEN_JOBS:-$(nproc)}" --target checkpoint_fuzzer image_fuzzer fuzz_seeds

seeds="$work/seeds"
rm -rf "$seeds"
"$build/tests/fuzz/fuzz_seeds" "$seeds/checkpoint" "$seeds/image"
fixtures="${GPEN_FIXTURES_DIR:-$root/../shared/fixtures}"
for f in "$fixtures"/rrdb-*.pth; do
    [ -f "$f" ] && cp "$f" "$seeds/checkpoint/"
done

# libtorch keeps caches for the life of the process; they are not leaks of the reader's.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}"
parallel=()
[ "$jobs" -gt 1 ] && parallel=(-jobs="$jobs" -workers="$jobs")
status=0
for t in "${targets[@]}"; do
    committed="$root/tests/fuzz/corpus/$t"
    found="$work/$t-corpus"
    artifacts="$work/$t-artifacts"
    mkdir -p "$committed" "$found" "$artifacts"
    echo "== ${t}_fuzzer: ${seconds} s x ${jobs} job(s)"
    set +e
    "$build/tests/fuzz/${t}_fuzzer" "$found" "$committed" "$seeds/$t" \
        -max_total_time="$seconds" -rss_limit_mb=2048 -malloc_limit_mb=2048 -timeout=10 \
        -max_len=1048576 ${parallel[@]+"${parallel[@]}"} -print_final_stats=1 \
        -artifact_prefix="$artifacts/" 2>&1 | tee "$work/$t.log" | grep -E "^#|ERROR|SUMMARY|stat::|Done" | tail -25
    rc=${PIPESTATUS[0]}
    set -e
    if [ "$jobs" -gt 1 ]; then cat fuzz-*.log >>"$work/$t.log" 2>/dev/null; rm -f fuzz-*.log; fi
    if [ "$rc" -ne 0 ]; then
        echo "${t}_fuzzer failed (exit $rc): see $work/$t.log and $artifacts" >&2
        status=1
        continue
    fi
    # Trim: only inputs that reach coverage the committed corpus lacks are added to it.
    "$build/tests/fuzz/${t}_fuzzer" -merge=1 -rss_limit_mb=2048 -timeout=10 -max_len=1048576 \
        "$committed" "$seeds/$t" "$found" >"$work/$t-merge.log" 2>&1
    echo "   corpus: $(ls "$committed" | wc -l) files, $(du -sh "$committed" | cut -f1)"
done
exit $status
