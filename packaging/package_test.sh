#!/usr/bin/env bash
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

dpkg-deb -x "$deb" "$scratch/root"
usr="$scratch/root/usr"
for f in bin/gpen-studio bin/gpen-cli lib/gpen-studio/libgpen_engine.so \
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
step "passed ($faces faces restored from the installed layout)"
