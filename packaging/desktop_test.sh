#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The desktop test: gpen-studio started as a user starts it, in a real X server (Xvfb) under a
# window manager (openbox), driven by keys (xdotool, through XTEST), and measured from outside the
# process:
#   - Ctrl+Q while the models preload: the process is gone within 1 s;
#   - Save As of a restored 12-MP photo as PNG: the window answers the window manager's
#     _NET_WM_PING within 50 ms all along (the encoder runs off the GUI thread);
#   - Esc during a restore: the process is idle (CPU) within 1 s;
#   - Ctrl+Q during a restore, and when idle: the process is gone within 1 s;
#   - a folder of 40 12-MP scans opened once the models are loaded: the process's peak memory
#     from then on (VmHWM, reset after the load) is at most 1 GB where the networks compute in
#     bf16, and at most 350 MB above what it held before on every machine; closing them gives
#     their memory back (resident memory after closing at most 1.25x what it held before).
# Prints each figure; fails past its limit. Usage: desktop_test.sh [BUILD_DIR]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-${GPEN_BUILD_DIR:-$root/build}}"
source "$root/packaging/deps.sh"
gpen_install_deps

cmake --build "$build" --target gpen-studio gpen-desktop-probe gpen-fill-checkpoint >/dev/null
studio="$build/app/gpen-studio"
probe="$build/tests/gpen-desktop-probe"

scratch="$(mktemp -d /tmp/gpen-desktop-test.XXXXXX)"
pids=()
cleanup() {
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$scratch"
}
trap cleanup EXIT

# A display of our own: Xvfb picks a free number and writes it to fd 3.
exec 3<> <(:)
Xvfb -displayfd 3 -screen 0 1600x1000x24 -nolisten tcp >"$scratch/xvfb.log" 2>&1 &
pids+=($!)
read -r -t 20 display <&3 || { echo "desktop test: Xvfb did not start" >&2; cat "$scratch/xvfb.log" >&2; exit 1; }
export DISPLAY=":$display"
openbox >"$scratch/openbox.log" 2>&1 &
pids+=($!)

# A user's machine: its own home, runtime folder and models folder (GPEN-BFR-512 at its released
# size, fill-rule weights), and a 12-MP scan made from the sample photo.
export HOME="$scratch/home" XDG_RUNTIME_DIR="$scratch/run" XDG_CONFIG_HOME="$scratch/home/.config"
mkdir -p "$HOME" "$XDG_RUNTIME_DIR" "$scratch/models"
chmod 700 "$XDG_RUNTIME_DIR"
"$build/tests/gpen-fill-checkpoint" GPEN-BFR-512-fill "$scratch/models/GPEN-BFR-512.pth" >/dev/null
scan="$scratch/scan-12mp.jpg"
"$probe" photo "${GPEN_SAMPLE_IMAGES_DIR:-$root/../shared/images}/Solvay_conference_1927.png" 5312 2272 "$scan"

failures=0
now_ms() { echo $(($(date +%s%N) / 1000000)); }
check() {  # NAME VALUE LIMIT UNIT
    if [ "$2" -le "$3" ]; then
        echo "desktop test: $1: $2 $4 (limit $3)"
    else
        echo "desktop test: FAIL: $1: $2 $4, over the limit of $3" >&2
        failures=$((failures + 1))
    fi
}

# Starts gpen-studio with the given files and waits for its window: sets $pid and $window.
start() {
    "$studio" --models-dir "$scratch/models" "$@" >>"$scratch/studio.log" 2>&1 &
    pid=$!
    pids+=("$pid")
    window=""
    # Polled: xdotool's own --sync wait dies when a window it is looking at goes away meanwhile.
    for _ in $(seq 600); do
        window=$(xdotool search --onlyvisible --pid "$pid" --name '^GPEN Studio$' 2>/dev/null | head -1) || true
        [ -n "$window" ] && break
        sleep 0.1
    done
    [ -n "$window" ] || { echo "desktop test: no window" >&2; exit 1; }
    focus
}
wait_for_window() {  # TITLE
    for _ in $(seq 200); do
        xdotool search --onlyvisible --name "$1" >/dev/null 2>&1 && return 0
        sleep 0.1
    done
    echo "desktop test: no window titled $1" >&2
    exit 1
}
focus() {
    for _ in $(seq 50); do
        xdotool windowactivate --sync "$window" >/dev/null 2>&1 && return 0
        sleep 0.1
    done
    echo "desktop test: cannot focus the window" >&2
    exit 1
}
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
# Waits until the process has used under 5 % of a core for a whole second (at most LIMIT s).
wait_quiet() {
    local limit=$1 start prev cur quiet=0
    start=$(now_ms)
    prev=$(cpu_ticks "$pid")
    while [ $(($(now_ms) - start)) -lt $((limit * 1000)) ]; do
        sleep 0.1
        cur=$(cpu_ticks "$pid")
        if [ $((cur - prev)) -le 0 ]; then quiet=$((quiet + 1)); else quiet=0; fi
        prev=$cur
        [ "$quiet" -ge 10 ] && return 0
    done
    echo "desktop test: gpen-studio still busy after $limit s" >&2
    exit 1
}
# Milliseconds from START (ms) until the process uses under 10 % of a core over 100 ms.
ms_until_idle() {
    local start=$1 prev cur tick
    tick=$(getconf CLK_TCK)
    prev=$(cpu_ticks "$pid")
    while true; do
        sleep 0.1
        cur=$(cpu_ticks "$pid")
        [ $((cur - prev)) -le $((tick / 100)) ] && break
        prev=$cur
        [ $(($(now_ms) - start)) -gt 30000 ] && break
    done
    echo $(($(now_ms) - start - 100))
}
# Milliseconds from START (ms) until the process has exited.
ms_until_exit() {
    local start=$1
    while kill -0 "$pid" 2>/dev/null && [ -e "/proc/$pid/stat" ] &&
        [ "$(awk '{print $3}' "/proc/$pid/stat")" != Z ]; do
        sleep 0.01
        [ $(($(now_ms) - start)) -gt 30000 ] && break
    done
    echo $(($(now_ms) - start))
}
# Starts a restore of the photo in view and waits until the faces are being restored (past the
# detection: the process has used both cores for two seconds).
restore_until_busy() {
    local prev cur busy=0 tick
    tick=$(getconf CLK_TCK)
    xdotool key ctrl+r
    prev=$(cpu_ticks "$pid")
    for _ in $(seq 600); do
        sleep 0.25
        cur=$(cpu_ticks "$pid")
        if [ $((cur - prev)) -ge $((tick * 4 / 10)) ]; then busy=$((busy + 1)); else busy=0; fi
        prev=$cur
        [ "$busy" -ge 8 ] && return 0
    done
    echo "desktop test: the restore did not start" >&2
    exit 1
}

kib() { awk -v k="$2:" '$1 == k {print $2}' "/proc/$1/status"; }

# 0. A folder of 40 12-MP scans: the peak memory stays within 1 GB (the photos out of view are
# released, their thumbnails kept), and closing them all gives the memory back.
scans="$scratch/scans"
mkdir -p "$scans"
for i in $(seq -w 1 40); do cp "$scan" "$scans/scan-$i.jpg"; done
start
wait_quiet 120
# The load's own peak (a checkpoint read beside the network it becomes, the warm-up's
# activations) is the models', printed; the peak is measured again from here (VmHWM reset).
echo "desktop test: peak memory while the default models loaded: $(($(kib "$pid" VmHWM) / 1024)) MB"
echo 5 > "/proc/$pid/clear_refs"
before=$(kib "$pid" VmRSS)
# Handed over as a second launch hands it (to the running window, which opens the folder).
"$studio" "$scans" >>"$scratch/studio.log" 2>&1
sleep 2
wait_quiet 300
peak=$(kib "$pid" VmHWM)
echo "desktop test: peak memory with 40 12-MP scans open: $((peak / 1024)) MB, $((before / 1024)) MB before them"
# What the photos add is bounded (the resident budget, the one in view, one on its way), whatever
# the folder's size.
check "memory the 40 12-MP scans add at their peak" $(((peak - before) / 1024)) 350 MB
# The whole within 1 GB where Automatic precision is bf16 (the CPU test of cpuConvolvesBf16 in
# core/nn/precision.cpp: AVX-512 BW, VL and DQ). Elsewhere GPEN-512 computes in fp32 and its
# weights alone take about 250 MB more (790 MB before the scans on 2026-12-07, 1.1 GB with them).
flags="$(grep -m1 '^flags' /proc/cpuinfo)"
if grep -qw avx512bw <<<"$flags" && grep -qw avx512vl <<<"$flags" && grep -qw avx512dq <<<"$flags"; then
    check "peak memory with 40 12-MP scans open (bf16)" $((peak / 1024)) 1000 MB
else
    echo "desktop test: peak memory with 40 12-MP scans open: not held to 1 GB (no AVX-512: fp32 weights)"
fi
focus
# Every photo closed with Close Photo, one after the other (originals: nothing to ask).
xdotool key --delay 100 --repeat 45 ctrl+w
wait_quiet 60
after=$(kib "$pid" VmRSS)
check "memory after closing them, against before opening" $((after * 100 / before)) 125 %
t=$(now_ms)
xdotool key ctrl+q
check "Ctrl+Q after closing the photos, to exit" "$(ms_until_exit "$t")" 1000 ms

# 1. Quit while the models preload.
start
sleep 0.3
t=$(now_ms)
xdotool key ctrl+q
check "Ctrl+Q during the preload, to exit" "$(ms_until_exit "$t")" 1000 ms

# 2. Restore the 12-MP scan, then Save As PNG while pinging the window.
start "$scan"
wait_quiet 60
xdotool key ctrl+r
sleep 1
wait_quiet 600
out="$scratch/restored.png"
xdotool key ctrl+shift+s
wait_for_window 'Save Result As'
xdotool key ctrl+a
xdotool type --delay 2 "$out"
"$probe" ping "$window" 8 >"$scratch/ping.txt" 2>>"$scratch/studio.log" &
ping_pid=$!
sleep 0.5
xdotool key Return
wait "$ping_pid"
[ -s "$out" ] || { echo "desktop test: $out was not written" >&2; exit 1; }
check "longest unanswered _NET_WM_PING while saving the 12-MP PNG" "$(cat "$scratch/ping.txt")" 50 ms

# 3. Esc during a restore.
focus
restore_until_busy
t=$(now_ms)
xdotool key Escape
check "Esc during a restore, to an idle process" "$(ms_until_idle "$t")" 1000 ms

# 4. Quit during a restore (the result is saved: no question).
restore_until_busy
t=$(now_ms)
xdotool key ctrl+q
check "Ctrl+Q during a restore, to exit" "$(ms_until_exit "$t")" 1000 ms

# 5. Quit when idle, the models loaded and a photo open.
start "$scan"
wait_quiet 60
t=$(now_ms)
xdotool key ctrl+q
check "Ctrl+Q when idle, to exit" "$(ms_until_exit "$t")" 1000 ms

if [ "$failures" -gt 0 ]; then
    echo "desktop test: $failures figure(s) over the limit; gpen-studio's log:" >&2
    tail -n 40 "$scratch/studio.log" >&2
    exit 1
fi
echo "desktop test: passed"
