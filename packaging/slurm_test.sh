#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# A real Slurm job array on this machine: the README's job script (packaging/slurm/gpen-array.sbatch)
# submitted with `sbatch --wait --array=1-3` to a one-node cluster started here (munge and Slurm's
# daemons from Debian, a config in a temporary folder, loopback only, ports of its own), over a small
# tree of photos; then the three shard reports are merged and every file must be there exactly once,
# restored. The daemons it started are stopped by their pids. Installs the packages when missing
# (as root); where they cannot be installed it says so and skips.
#   packaging/slurm_test.sh [BUILD_DIR]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-${GPEN_BUILD_DIR:-$root/build}}"
cli="$build/app/gpen-cli"
step() { echo "== slurm test: $*"; }
fail() { echo "FAILED: slurm test: $*" >&2; exit 1; }
[ -x "$cli" ] || fail "no gpen-cli at $cli (build first)"

if ! command -v sbatch > /dev/null || ! command -v slurmctld > /dev/null || ! command -v slurmd > /dev/null ||
    ! command -v munged > /dev/null; then
    if [ "$(id -u)" = 0 ] && command -v apt-get > /dev/null; then
        step "installing slurmctld slurmd slurm-client munge"
        if ! DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends slurmctld slurmd slurm-client munge \
            > /tmp/gpen-slurm-apt.log 2>&1; then
            (apt-get update > /dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
                slurmctld slurmd slurm-client munge > /tmp/gpen-slurm-apt.log 2>&1) ||
                { echo "SKIPPED: slurm test: Slurm's packages cannot be installed here (/tmp/gpen-slurm-apt.log)"; exit 0; }
        fi
    else
        echo "SKIPPED: slurm test: Slurm is not installed and this user cannot install it"
        exit 0
    fi
fi

work="$(mktemp -d /tmp/gpen-slurm.XXXXXX)"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2> /dev/null || true; done
    for pid in "${pids[@]}"; do
        for _ in $(seq 50); do kill -0 "$pid" 2> /dev/null || break; sleep 0.1; done
        kill -9 "$pid" 2> /dev/null || true
    done
    rm -rf "$work"
}
trap cleanup EXIT
chmod 0700 "$work"
mkdir -p "$work/state" "$work/spool" "$work/job"
# A port pair of our own: above the usual ones, from our pid, so that two runs do not collide.
port=$((20000 + ($$ % 20000)))
node="$(hostname -s)"

step "munge on $work/munge.sock"
dd if=/dev/urandom of="$work/munge.key" bs=1024 count=1 status=none
chmod 0400 "$work/munge.key"
munged --force --key-file="$work/munge.key" --socket="$work/munge.sock" --pid-file="$work/munged.pid" \
    --log-file="$work/munged.log" --seed-file="$work/munged.seed" ||
    fail "munged did not start: $(cat "$work/munged.log" 2> /dev/null)"
for _ in $(seq 50); do [ -s "$work/munged.pid" ] && break; sleep 0.1; done
pids+=("$(cat "$work/munged.pid")")

cat > "$work/slurm.conf" << CONF
ClusterName=gpentest
SlurmctldHost=$node(127.0.0.1)
SlurmUser=$(id -un)
SlurmdUser=$(id -un)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$work/munge.sock
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
SwitchType=switch/none
NodeName=$node NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$work/slurm.conf"

step "slurmctld and slurmd on 127.0.0.1:$port and :$((port + 1))"
slurmctld -i || fail "slurmctld did not start: $(cat "$work/slurmctld.log" 2> /dev/null)"
for _ in $(seq 100); do [ -s "$work/slurmctld.pid" ] && break; sleep 0.1; done
pids+=("$(cat "$work/slurmctld.pid")")
slurmd -N "$node" || fail "slurmd did not start: $(cat "$work/slurmd.log" 2> /dev/null)"
for _ in $(seq 100); do [ -s "$work/slurmd.pid" ] && break; sleep 0.1; done
pids+=("$(cat "$work/slurmd.pid")")
ready=""
for _ in $(seq 150); do
    if sinfo -h -N -o "%t" 2> /dev/null | grep -qE '^(idle|mix|alloc)'; then ready=1; break; fi
    sleep 0.2
done
[ -n "$ready" ] || fail "the node did not come up: $(sinfo -N 2>&1); $(tail -5 "$work/slurmd.log" 2> /dev/null)"

step "a small tree of photos"
in="$work/in"
out="$work/out"
mkdir -p "$in/1927/a" "$in/1927/b" "$in/other"
# One small real photo (a face, 80 x 80) under nine names in nested folders.
for name in 1927/a/einstein 1927/a/curie 1927/b/bohr 1927/b/planck 1927/lorentz other/dirac other/pauli heisenberg schroedinger; do
    cp "$root/tests/data/aligned-face-80.png" "$in/$name.png"
done
total="$(find "$in" -type f | wc -l)"

step "sbatch --wait --array=1-3 packaging/slurm/gpen-array.sbatch ($total photos)"
# No face model (none is installed here): each photo is planned, read, written and recorded, which
# is what sharding is about; --sr-scale 1 keeps it quick.
GPEN_CLI="$cli" sbatch --wait --array=1-3 --cpus-per-task=1 --chdir="$work/job" --export=ALL \
    "$root/packaging/slurm/gpen-array.sbatch" "$in" "$out" --face-model none \
    > "$work/sbatch.log" 2>&1 || fail "sbatch failed: $(cat "$work/sbatch.log"; cat "$work"/job/*.log 2> /dev/null)"
for i in 1 2 3; do
    [ -f "$out/gpen-batch-report-${i}of3.json" ] || fail "shard $i wrote no report: $(cat "$work"/job/*.log)"
done

step "report merge"
"$cli" report merge "$out"/gpen-batch-report-*of3.json --output "$work/merged.json" > "$work/merge.log" 2>&1 ||
    fail "report merge: $(cat "$work/merge.log")"
# The merged CSV (file,output,status,...; our names need no quoting): every input once, all ok,
# every output on disk.
csv="$work/merged.csv"
[ -f "$csv" ] || fail "report merge wrote no CSV beside the JSON"
tail -n +2 "$csv" | tr -d '\r' | cut -d, -f1 | sort > "$work/reported.txt"
(cd "$in" && find . -type f | sed 's|^\./||' | sort) > "$work/inputs.txt"
diff -u "$work/inputs.txt" "$work/reported.txt" > "$work/diff.txt" || fail "the merged report is not the inputs, each once: $(cat "$work/diff.txt")"
[ -z "$(uniq -d "$work/reported.txt")" ] || fail "a file is in the merged report twice"
not_ok="$(tail -n +2 "$csv" | tr -d '\r' | awk -F, '$3 != "ok"')"
[ -z "$not_ok" ] || fail "files not restored: $not_ok"
while IFS=, read -r _ output _; do
    [ -f "$out/$output" ] || fail "no output $output"
done < <(tail -n +2 "$csv" | tr -d '\r')
echo "  merged report: $(wc -l < "$work/reported.txt") files, each once, all ok"
for i in 1 2 3; do
    echo "  shard $i/3 restored $(tail -n +2 "$out/gpen-batch-report-${i}of3.csv" | tr -d '\r' | awk -F, '$3 == "ok"' | wc -l)"
done
step "a lost node: one output gone, shard 1 alone again (GPEN_SHARDS=3 sbatch --array=1)"
lost="$(tail -n +2 "$out/gpen-batch-report-1of3.csv" | tr -d '\r' | awk -F, '$3 == "ok" { print $2; exit }')"
if [ -n "$lost" ]; then
    rm -f "$out/$lost"
    GPEN_SHARDS=3 GPEN_CLI="$cli" sbatch --wait --array=1 --cpus-per-task=1 --chdir="$work/job" --export=ALL \
        "$root/packaging/slurm/gpen-array.sbatch" "$in" "$out" --face-model none \
        > "$work/sbatch-again.log" 2>&1 || fail "the rerun failed: $(cat "$work/sbatch-again.log")"
    [ -f "$out/$lost" ] || fail "the rerun of shard 1 did not restore $lost"
    "$cli" report merge "$out"/gpen-batch-report-*of3.json --output "$work/merged-again.json" > /dev/null 2>&1 ||
        fail "report merge after the rerun"
    tail -n +2 "$work/merged-again.csv" | tr -d '\r' | cut -d, -f1 | sort | diff -q - "$work/inputs.txt" > /dev/null ||
        fail "after the rerun the merged report is not the inputs, each once"
    echo "  $lost restored again by shard 1 alone; the merge still has every file once"
fi
step "passed: 3 array tasks, $total photos, each restored once (job logs: $(ls "$work/job" | tr '\n' ' '))"
