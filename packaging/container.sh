#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The container image that packaging/kubernetes/*.yaml name, from the Debian package this tree
# builds: a Debian 12 root file system made by mmdebstrap from Debian's own packages (no base
# image is pulled), the package installed into it by apt with its dependencies and nothing else
# (no compiler, no build tree, no apt lists or caches, no manuals), then imported with podman (or
# buildah when there is no podman). gpen-cli is the entry point and runs as the user gpen
# (10001:10001); GPEN_MODELS_DIR is /models, where the GPEN weights are mounted (their licence
# keeps them out of the image); Real-ESRGAN and the identity descriptor come in the package.
#   packaging/container.sh [BUILD_DIR]          (~1.5 min on 2 cores, most of it apt)
# Tags gpen-studio:<version> and gpen-studio:latest (GPEN_IMAGE names another repository) and
# prints the image's name and size; GPEN_CONTAINER_TOOL=buildah picks buildah where both are
# installed (both store into containers-storage: podman runs either). GPEN_DEB=FILE installs that package instead of running cpack
# in BUILD_DIR (default build/). The image's apt sources are this machine's when it is Debian 12,
# else Debian's mirrors. Needs root, or mmdebstrap's unshare mode with subuids. Where a base image
# can be pulled, packaging/Containerfile builds the same image with Docker or podman.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="$(cd "${1:-${GPEN_BUILD_DIR:-$root/build}}" && pwd)"
repository="${GPEN_IMAGE:-gpen-studio}"
uid=10001
step() { echo "== container: $*"; }
fail() {
    echo "FAILED: container: $*" >&2
    exit 1
}

if [ -n "${GPEN_CONTAINER_TOOL:-}" ]; then
    tool="$GPEN_CONTAINER_TOOL"
    command -v "$tool" > /dev/null || fail "GPEN_CONTAINER_TOOL=$tool is not installed"
elif command -v podman > /dev/null; then
    tool=podman
elif command -v buildah > /dev/null; then
    tool=buildah
else
    fail "neither podman nor buildah is installed (apt-get install podman)"
fi
command -v mmdebstrap > /dev/null || fail "mmdebstrap is not installed (apt-get install mmdebstrap)"

work="$(mktemp -d /tmp/gpen-container.XXXXXX)"
trap 'rm -rf "$work"' EXIT

deb="${GPEN_DEB:-}"
if [ -z "$deb" ]; then
    [ -f "$build/CPackConfig.cmake" ] || fail "no CPackConfig.cmake in $build (build first, or set GPEN_DEB)"
    step "cpack -G DEB in $build"
    (cd "$work" && cpack --config "$build/CPackConfig.cmake" -G DEB -B "$work/deb" > "$work/cpack.log" 2>&1) ||
        { cat "$work/cpack.log" >&2; fail "cpack"; }
    deb="$(ls "$work"/deb/*.deb)"
fi
[ -f "$deb" ] || fail "no package at $deb"
version="$(dpkg-deb -f "$deb" Version)"
homepage="$(dpkg-deb -f "$deb" Homepage)"
revision="$(git -C "$root" rev-parse HEAD 2> /dev/null || echo unknown)"
created="$(date -u +%Y-%m-%dT%H:%M:%SZ)"

# This machine's sources (its mirror, proxy and security suite) when it is Debian 12 itself.
sources=()
. /etc/os-release 2> /dev/null || true
if [ "${VERSION_CODENAME:-}" = bookworm ]; then
    for f in /etc/apt/sources.list.d/debian.sources /etc/apt/sources.list; do
        if [ -s "$f" ]; then
            sources=("$f")
            break
        fi
    done
fi

step "mmdebstrap bookworm with $(basename "$deb") (apt: its dependencies)"
name="$(basename "$deb")"
mmdebstrap --variant=apt \
    --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/info/*' \
    --dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-exclude=/usr/share/doc/*' \
    --dpkgopt='path-include=/usr/share/doc/*/copyright' \
    --customize-hook="copy-in '$deb' /tmp" \
    --customize-hook="chroot \"\$1\" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends '/tmp/$name'" \
    --customize-hook="rm -f \"\$1/tmp/$name\"" \
    --customize-hook="echo 'gpen:x:$uid:$uid:GPEN Studio:/home/gpen:/usr/sbin/nologin' >> \"\$1/etc/passwd\"" \
    --customize-hook="echo 'gpen:x:$uid:' >> \"\$1/etc/group\"" \
    --customize-hook="echo 'gpen:!:1::::::' >> \"\$1/etc/shadow\"" \
    --customize-hook="mkdir -p \"\$1/home/gpen\" \"\$1/models\" && chown $uid:$uid \"\$1/home/gpen\"" \
    bookworm "$work/root.tar" "${sources[@]}" > "$work/mmdebstrap.log" 2>&1 ||
    { tail -40 "$work/mmdebstrap.log" >&2; fail "mmdebstrap (the whole log was $work/mmdebstrap.log)"; }

image="$repository:$version"
# The image's id ("" when there is none); buildah has no `image inspect`.
image_id() {
    if [ "$tool" = podman ]; then
        podman image inspect --format '{{.Id}}' "$1" 2> /dev/null || true
    else
        buildah inspect --type image --format '{{.FromImageID}}' "$1" 2> /dev/null || true
    fi
}
old="$(image_id "$image")"
labels=(
    "org.opencontainers.image.title=GPEN Studio"
    "org.opencontainers.image.description=gpen-cli: old photographs restored with the GPEN networks (mount the weights at /models)"
    "org.opencontainers.image.version=$version"
    "org.opencontainers.image.revision=$revision"
    "org.opencontainers.image.created=$created"
    "org.opencontainers.image.url=$homepage"
    "org.opencontainers.image.source=$homepage"
    "org.opencontainers.image.base.name=debian:bookworm (mmdebstrap)"
    # Ours Apache-2.0, the programs GPL-3.0-or-later as linked with exiv2; Real-ESRGAN's networks
    # BSD-3-Clause; the identity files MIT (/usr/share/doc/gpen-studio/copyright); Debian's
    # packages under /usr/share/doc/*/copyright.
    "org.opencontainers.image.licenses=Apache-2.0 AND GPL-3.0-or-later AND BSD-3-Clause AND MIT"
)
# An imported root has no environment: PATH said, not left to each runtime's default (the Jobs'
# `sh -c` is looked up through it).
path=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
step "$tool: $image"
if [ "$tool" = podman ]; then
    changes=(--change 'ENTRYPOINT ["gpen-cli"]' --change 'CMD ["--help"]' --change "USER $uid:$uid"
        --change 'WORKDIR /home/gpen' --change "ENV PATH=$path" --change 'ENV HOME=/home/gpen'
        --change 'ENV GPEN_MODELS_DIR=/models')
    for l in "${labels[@]}"; do changes+=(--change "LABEL ${l%%=*}=\"${l#*=}\""); done
    podman import "${changes[@]}" "$work/root.tar" "$image" > "$work/import.log" 2>&1 ||
        { cat "$work/import.log" >&2; fail "podman import"; }
else
    container="$(buildah from scratch)"
    buildah add "$container" "$work/root.tar" / > /dev/null
    config=(--entrypoint '["gpen-cli"]' --cmd '--help' --user "$uid:$uid" --workingdir /home/gpen
        --env "PATH=$path" --env HOME=/home/gpen --env GPEN_MODELS_DIR=/models)
    for l in "${labels[@]}"; do config+=(--label "$l"); done
    buildah config "${config[@]}" "$container"
    buildah commit --rm "$container" "$image" > /dev/null
fi
$tool tag "$image" "$repository:latest"
# The image this one replaced under the same tag, now nameless, would only take space.
new="$(image_id "$image")"
if [ -n "$old" ] && [ "$old" != "$new" ]; then $tool rmi "$old" > /dev/null 2>&1 || true; fi
step "built $image ($($tool images --format '{{.Size}}' "$image" | head -1)), also tagged $repository:latest"
