#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The container image as the Kubernetes Jobs use it, built and run here: packaging/container.sh
# builds it from BUILD_DIR's package, then
#   1. the image itself: gpen-cli the entry point, a non-root user, every library its programs
#      need, no compiler, build tree or apt lists, its labels, its size below a limit;
#   2. a restore with a mounted models folder (GPEN-BFR-512 of the released size, fill-rule
#      weights), and a first run with none (Real-ESRGAN from the package);
#   3. packaging/kubernetes/gpen-batch-job.yaml parsed and its container's command line run in
#      the image for every index of a small Job (completions 3: JOB_COMPLETION_INDEX 0..2, the
#      manifest's env, volumes mounted where and how it mounts them), then gpen-merge-job.yaml's:
#      every photo exactly once in the merged report, restored.
# Containers run with --network none: nothing may need the network. Installs podman, runc,
# mmdebstrap and python3-yaml when missing (as root); where they cannot be installed it says so
# and skips.
#   packaging/container_test.sh [BUILD_DIR]       (~3 min on 2 cores; called by .ci/run)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="$(cd "${1:-${GPEN_BUILD_DIR:-$root/build}}" && pwd)"
# The image holds Debian's closure of the package's Depends (libtorch, OpenCV, Qt, dlib's data:
# 1.10 GB on 2026-12-07); a build tree or apt's caches would take it well over.
limit_mb=1200
# The small Job run here: the manifests' command lines with GPEN_SHARDS=3, indexes 0..2.
test_shards=3
step() { echo "== container test: $*"; }
fail() {
    echo "FAILED: container test: $*" >&2
    exit 1
}
started=$SECONDS

needed=()
command -v podman > /dev/null || needed+=(podman)
command -v runc > /dev/null || needed+=(runc)
command -v mmdebstrap > /dev/null || needed+=(mmdebstrap)
python3 -c 'import yaml' 2> /dev/null || needed+=(python3-yaml)
if [ ${#needed[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get > /dev/null; then
        step "installing ${needed[*]}"
        (DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${needed[@]}" ||
            (apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${needed[@]}")) \
            > /tmp/gpen-container-apt.log 2>&1 ||
            { echo "SKIPPED: container test: ${needed[*]} cannot be installed here (/tmp/gpen-container-apt.log)"; exit 0; }
    else
        echo "SKIPPED: container test: ${needed[*]} not installed and this user cannot install them"
        exit 0
    fi
fi

# The root's tarball, the image in containers-storage and apt's downloads: about 3.5 GB at once.
for place in /tmp /var/lib; do
    free_kb="$(df -Pk "$place" | awk 'NR == 2 { print $4 }')"
    if [ "$free_kb" -lt $((4 * 1024 * 1024)) ]; then
        echo "SKIPPED: container test: $((free_kb / 1024)) MB free under $place; building the image needs about 4 GB"
        exit 0
    fi
done

work="$(mktemp -d /tmp/gpen-container-test.XXXXXX)"
trap '[ -n "${GPEN_KEEP_SCRATCH:-}" ] || rm -rf "$work"' EXIT
# Sandboxes such as CI's refuse setrlimit and have hybrid cgroups: no default ulimits, cgroupfs,
# runc (crun fails there). A CONTAINERS_CONF of the caller's own is kept.
if [ -z "${CONTAINERS_CONF:-}" ]; then
    printf '[containers]\ndefault_ulimits = []\n[engine]\ncgroup_manager = "cgroupfs"\nruntime = "runc"\n' \
        > "$work/containers.conf"
    export CONTAINERS_CONF="$work/containers.conf"
fi

cache_value() { sed -n "s/^$1:[A-Z]*=//p" "$build/CMakeCache.txt"; }
version="$(cache_value CMAKE_PROJECT_VERSION)"
image="${GPEN_IMAGE:-gpen-studio}:$version"
build_started=$SECONDS
bash "$root/packaging/container.sh" "$build"
build_seconds=$((SECONDS - build_started))

step "the image: entry point, user, libraries, contents, labels, size"
[ "$(podman run --rm --network none "$image" --version)" = "gpen-cli $version" ] ||
    fail "the entry point does not answer --version with gpen-cli $version: $(podman run --rm --network none "$image" --version 2>&1)"
inside() { podman run --rm --network none --entrypoint sh "$image" -c "$1"; }
[ "$(inside 'id -u')" = 10001 ] || fail "the image runs as uid $(inside 'id -u'), not gpen (10001)"
missing="$(inside 'ldd /usr/bin/gpen-cli /usr/bin/gpen-studio /usr/lib/gpen-studio/libgpen_engine.so' | grep 'not found' || true)"
[ -z "$missing" ] || fail "libraries missing in the image: $missing"
present="$(inside 'for f in /usr/bin/cc /usr/bin/gcc /usr/bin/g++ /usr/bin/c++ /usr/bin/cmake /usr/bin/ninja /usr/bin/cpack \
    /src /build /var/cache/apt/archives/*.deb /var/lib/apt/lists/*_Packages; do [ -e "$f" ] && echo "$f"; done; true')"
[ -z "$present" ] || fail "the image holds what it must not (a compiler, a build tree, apt's caches): $present"
for f in /usr/share/gpen-studio/upscaler/realesrgan/realesrgan-x4fast.bin /usr/share/gpen-studio/identity/faceres.bin \
    /usr/share/doc/gpen-studio/copyright /usr/share/doc/libtorch1.13/copyright; do
    inside "[ -s $f ]" || fail "the image lacks $f"
done
[ "$(podman image inspect --format '{{index .Config.Labels "org.opencontainers.image.version"}}' "$image")" = "$version" ] ||
    fail "the image's version label is not $version"
[ -n "$(podman image inspect --format '{{index .Config.Labels "org.opencontainers.image.licenses"}}' "$image")" ] ||
    fail "the image has no licence label"
# Runtimes differ on an image without PATH; the Jobs' `sh -c` needs it.
podman image inspect --format '{{.Config.Env}}' "$image" | grep -q "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin" ||
    fail "the image sets no PATH: $(podman image inspect --format '{{.Config.Env}}' "$image")"
size_mb=$(($(podman image inspect --format '{{.Size}}' "$image") / 1000000))
echo "  $image: $size_mb MB (limit $limit_mb MB), built in ${build_seconds} s"
[ "$size_mb" -le "$limit_mb" ] || fail "the image is $size_mb MB, over the limit of $limit_mb MB"

# Folders the image's user (10001) writes to, as a Job's fsGroup makes a volume writable.
models="$work/models"
photos="$work/photos"
mkdir -p "$models" "$photos/in" "$photos/out"
# Real faces (224 x 224 crops of the Solvay photo, one face each, tests/data/identity).
faces="$root/tests/data/identity"
cp "$faces/crop-1.png" "$photos/in/face.png"
chown -R 10001:10001 "$photos"
step "restore with /models mounted (GPEN-BFR-512.pth of the released size, fill-rule weights)"
"$build/tests/gpen-fill-checkpoint" GPEN-BFR-512-fill "$models/GPEN-BFR-512.pth" > /dev/null
podman run --rm --network none -v "$models:/models:ro" -v "$photos:/photos" "$image" \
    restore --json /photos/in/face.png /photos/out/face.png > "$work/restore.json" 2> "$work/restore.log" ||
    fail "restore exited $?: $(cat "$work/restore.json" "$work/restore.log")"
grep -q '"box"' "$work/restore.json" || fail "restore found no face: $(cat "$work/restore.json")"
grep -q 'GPEN-BFR-512' "$work/restore.json" || fail "restore did not use GPEN-BFR-512 from /models: $(cat "$work/restore.json")"
[ "$(head -c 8 "$photos/out/face.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "no PNG written"

step "first run: no models mounted, restore --sr-scale 2 with Real-ESRGAN from the package"
podman run --rm --network none -v "$photos:/photos" "$image" \
    restore /photos/in/face.png /photos/out/face-x2.png --sr-scale 2 > "$work/first-run.log" 2>&1 ||
    fail "restore with no models exited $?: $(cat "$work/first-run.log")"
grep -q "no face model" "$work/first-run.log" || fail "no note that no face model was used: $(cat "$work/first-run.log")"
grep -q "realesrgan" "$work/first-run.log" || fail "the note does not name Real-ESRGAN: $(cat "$work/first-run.log")"
png_size() { od -An -tu1 -j16 -N8 "$1" | awk '{ print $1*16777216+$2*65536+$3*256+$4 "x" $5*16777216+$6*65536+$7*256+$8 }'; }
[ "$(png_size "$photos/out/face-x2.png")" = 448x448 ] || fail "face-x2.png is $(png_size "$photos/out/face-x2.png"), not 448x448"

# A manifest's container as shell assignments: its command (an array), its env and its mounts.
manifest_shell() {
    python3 - "$1" << 'PY'
import shlex, sys, yaml
with open(sys.argv[1]) as f:
    job = yaml.safe_load(f)
spec = job["spec"]
pod = spec["template"]["spec"]
(c,) = pod["containers"]
env = {e["name"]: str(e["value"]) for e in c.get("env", [])}
claims = {v["name"]: v["persistentVolumeClaim"]["claimName"] for v in pod["volumes"]}
print("kind=" + shlex.quote(job["kind"]))
print("completion_mode=" + shlex.quote(spec.get("completionMode", "NonIndexed")))
print("completions=" + shlex.quote(str(spec.get("completions", 1))))
print("parallelism=" + shlex.quote(str(spec.get("parallelism", 1))))
print("image=" + shlex.quote(c["image"]))
print("run_as=" + shlex.quote(str(pod.get("securityContext", {}).get("runAsUser", ""))))
print("command=(" + " ".join(shlex.quote(a) for a in c["command"]) + ")")
print("env=(" + " ".join(shlex.quote(k + "=" + v) for k, v in env.items()) + ")")
print("shards=" + shlex.quote(env.get("GPEN_SHARDS", "")))
print("mounts=(" + " ".join(shlex.quote(claims[m["name"]] + ":" + m["mountPath"] + (":ro" if m.get("readOnly") else ""))
                          for m in c["volumeMounts"]) + ")")
PY
}
# A Job's pod in the image: its command, its env (GPEN_SHARDS as this test's), its volumes
# (claim names as folders under $work/claims) mounted as it mounts them, one more env pair.
run_pod() {
    local manifest="$1" extra_env="$2"
    local kind completion_mode completions parallelism image run_as command env shards mounts
    eval "$(manifest_shell "$manifest")"
    local args=(--rm --network none --user "$run_as:$run_as")
    for e in "${env[@]}"; do
        [ "${e%%=*}" = GPEN_SHARDS ] && e="GPEN_SHARDS=$test_shards"
        args+=(-e "$e")
    done
    [ -n "$extra_env" ] && args+=(-e "$extra_env")
    for m in "${mounts[@]}"; do args+=(-v "$work/claims/$m"); done
    podman run "${args[@]}" --entrypoint "${command[0]}" "localhost/$image" "${command[@]:1}"
}

job="$root/packaging/kubernetes/gpen-batch-job.yaml"
merge_job="$root/packaging/kubernetes/gpen-merge-job.yaml"
step "$(basename "$job"): parsed"
eval "$(manifest_shell "$job")"
[ "$kind" = Job ] && [ "$completion_mode" = Indexed ] || fail "$job is not an indexed Job ($kind, $completion_mode)"
[ "$completions" = "$parallelism" ] && [ "$completions" = "$shards" ] ||
    fail "$job: completions ($completions), parallelism ($parallelism) and GPEN_SHARDS ($shards) differ"
[ "$image" = "gpen-studio:latest" ] || fail "$job names the image $image, not the one container.sh tags"
[ "$run_as" = 10001 ] || fail "$job runs as $run_as, not the image's user 10001"
batch_shards="$shards"
eval "$(manifest_shell "$merge_job")"
[ "$shards" = "$batch_shards" ] || fail "the merge Job's GPEN_SHARDS ($shards) is not the batch Job's ($batch_shards)"
grep -q "kubernetes/gpen-batch-job.yaml" "$root/README.md" && grep -q "kubernetes/gpen-merge-job.yaml" "$root/README.md" &&
    grep -q "packaging/container.sh" "$root/README.md" || fail "README.md does not give the recipe (container.sh, both Jobs)"

claims="$work/claims"
mkdir -p "$claims/archive/1927/a" "$claims/archive/1927/b" "$claims/archive/other" "$claims/restored" "$claims/gpen-models"
i=0
for name in 1927/a/einstein 1927/a/curie 1927/b/bohr 1927/lorentz other/dirac heisenberg; do
    i=$((i + 1))
    cp "$faces/crop-$i.png" "$claims/archive/$name.png"
done
mv "$models/GPEN-BFR-512.pth" "$claims/gpen-models/"
chown 10001:10001 "$claims/restored"
total="$(find "$claims/archive" -type f | wc -l)"
for ((i = 0; i < test_shards; i++)); do
    step "the Job's pod, JOB_COMPLETION_INDEX=$i of completions $test_shards"
    run_pod "$job" "JOB_COMPLETION_INDEX=$i" > "$work/pod-$i.log" 2>&1 ||
        fail "pod $i exited $?: $(tail -20 "$work/pod-$i.log")"
    report="$claims/restored/gpen-batch-report-$((i + 1))of$test_shards.json"
    [ -f "$report" ] || fail "pod $i wrote no $(basename "$report"): $(tail -20 "$work/pod-$i.log")"
    grep -q "\"shard\": *\"$((i + 1))/$test_shards\"" "$report" || fail "$(basename "$report") is not shard $((i + 1))/$test_shards"
done
step "$(basename "$merge_job")'s pod"
run_pod "$merge_job" "" > "$work/merge.log" 2>&1 || fail "the merge pod exited $?: $(cat "$work/merge.log")"
python3 - "$claims/restored" "$claims/archive" "$total" "$(sha256sum "$claims/gpen-models/GPEN-BFR-512.pth" | cut -d' ' -f1)" \
    << 'PY' || fail "the merged report is not every photo once, its face restored by /models/GPEN-BFR-512.pth"
import json, os, sys
out, archive, total, sha = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
with open(os.path.join(out, "report.json")) as f:
    report = json.load(f)
files = report["files"]
names = sorted(f["file"] for f in files)
inputs = sorted(os.path.relpath(os.path.join(d, n), archive) for d, _, ns in os.walk(archive) for n in ns)
ok = [f for f in files if f["status"] == "ok" and f["faces"] == 1 and os.path.isfile(os.path.join(out, f["output"]))]
gpen = [m for m in report["models"] if m["id"] == "GPEN-BFR-512"]
print(f"  merged report: {len(names)} files, {len(ok)} with their face restored and on disk (of {total});"
      f" GPEN-BFR-512 read from {gpen[0]['file'] if gpen else 'nowhere'}")
sys.exit(0 if names == inputs and len(ok) == total and gpen and gpen[0]["file"] == "/models/GPEN-BFR-512.pth"
         and gpen[0]["sha256"] == sha else 1)
PY
for i in $(seq 1 $test_shards); do
    echo "  shard $i/$test_shards: $(grep -o '"status": *"ok"' "$claims/restored/gpen-batch-report-${i}of$test_shards.json" | wc -l) restored"
done
step "passed in $((SECONDS - started)) s (image $size_mb MB, built in $build_seconds s)"
