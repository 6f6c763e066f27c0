# The embedded background upscaler: a trained ESRGAN (RDN) network from the npm package
# @upscalerjs/esrgan-<variant> (MIT), fetched once at configure time with `npm pack` into the build
# tree -- the only network access of the build -- and installed with the app. Without npm or
# without the registry the build still succeeds: the embedded model is absent, the app says so,
# and the tests that need it skip with the reason.
#
# Result: GPEN_UPSCALER_BUILD_DIR (share/gpen-studio/upscaler in the build tree) holds
# <variant>/x<scale>/model.json + group1-shard1of1.bin and LICENSE; GPEN_UPSCALER_FOUND says
# whether it does.

set(GPEN_UPSCALER_VARIANT "esrgan-medium" CACHE STRING "@upscalerjs package embedded as the default upscaler")
set(GPEN_UPSCALER_VERSION "1.0.0" CACHE STRING "Version of that package")
set(GPEN_UPSCALER_TARBALL "" CACHE FILEPATH "A local copy of the package's .tgz (skips npm)")
set(GPEN_UPSCALER_SCALES 2 3 4 8)

set(GPEN_UPSCALER_BUILD_DIR "${CMAKE_BINARY_DIR}/share/gpen-studio/upscaler")
# The package's own x2 sample (its fixture.png upscaled by UpscalerJS, pre- and post-processing
# included) for the tests, not installed: fixture.png and x2.png.
set(GPEN_UPSCALER_SAMPLES_DIR "${CMAKE_BINARY_DIR}/upscaler-samples/${GPEN_UPSCALER_VARIANT}")
set(_gpen_up_dest "${GPEN_UPSCALER_BUILD_DIR}/${GPEN_UPSCALER_VARIANT}")
set(_gpen_up_stamp "${_gpen_up_dest}/.fetched-${GPEN_UPSCALER_VERSION}")
set(GPEN_UPSCALER_FOUND FALSE)

if(EXISTS "${_gpen_up_stamp}" AND EXISTS "${GPEN_UPSCALER_SAMPLES_DIR}/x2.png")
    set(GPEN_UPSCALER_FOUND TRUE)
else()
    set(_gpen_up_work "${CMAKE_BINARY_DIR}/_upscaler")
    file(REMOVE_RECURSE "${_gpen_up_work}")
    file(MAKE_DIRECTORY "${_gpen_up_work}")
    set(_gpen_up_tgz "${GPEN_UPSCALER_TARBALL}")
    if(NOT _gpen_up_tgz)
        find_program(GPEN_NPM npm)
        if(GPEN_NPM)
            execute_process(
                COMMAND "${GPEN_NPM}" pack "@upscalerjs/${GPEN_UPSCALER_VARIANT}@${GPEN_UPSCALER_VERSION}"
                        --silent --pack-destination "${_gpen_up_work}"
                WORKING_DIRECTORY "${_gpen_up_work}"
                RESULT_VARIABLE _gpen_up_rc OUTPUT_VARIABLE _gpen_up_out ERROR_VARIABLE _gpen_up_err
                TIMEOUT 300)
            file(GLOB _gpen_up_tgz "${_gpen_up_work}/*.tgz")
            if(NOT _gpen_up_rc EQUAL 0 OR NOT _gpen_up_tgz)
                message(WARNING "Embedded upscaler: npm pack @upscalerjs/${GPEN_UPSCALER_VARIANT} failed "
                                "(${_gpen_up_rc}): ${_gpen_up_err}. Building without it.")
                set(_gpen_up_tgz "")
            endif()
        else()
            message(WARNING "Embedded upscaler: npm not found (packaging/deps.sh installs it). Building without it.")
        endif()
    endif()
    if(_gpen_up_tgz)
        file(ARCHIVE_EXTRACT INPUT "${_gpen_up_tgz}" DESTINATION "${_gpen_up_work}")
        set(_gpen_up_pkg "${_gpen_up_work}/package")
        file(REMOVE_RECURSE "${_gpen_up_dest}")
        set(GPEN_UPSCALER_FOUND TRUE)
        foreach(_s IN LISTS GPEN_UPSCALER_SCALES)
            if(NOT EXISTS "${_gpen_up_pkg}/models/x${_s}/model.json")
                message(WARNING "Embedded upscaler: the package has no models/x${_s}/model.json. Building without it.")
                set(GPEN_UPSCALER_FOUND FALSE)
            endif()
        endforeach()
        if(GPEN_UPSCALER_FOUND)
            foreach(_s IN LISTS GPEN_UPSCALER_SCALES)
                file(COPY "${_gpen_up_pkg}/models/x${_s}/" DESTINATION "${_gpen_up_dest}/x${_s}")
            endforeach()
            file(COPY "${_gpen_up_pkg}/LICENSE" DESTINATION "${_gpen_up_dest}")
            file(REMOVE_RECURSE "${GPEN_UPSCALER_SAMPLES_DIR}")
            if(EXISTS "${_gpen_up_pkg}/assets/samples/2x/result.png")
                file(COPY "${_gpen_up_pkg}/assets/fixture.png" DESTINATION "${GPEN_UPSCALER_SAMPLES_DIR}")
                file(COPY_FILE "${_gpen_up_pkg}/assets/samples/2x/result.png" "${GPEN_UPSCALER_SAMPLES_DIR}/x2.png")
            endif()
            file(TOUCH "${_gpen_up_stamp}")
            message(STATUS "Embedded upscaler: @upscalerjs/${GPEN_UPSCALER_VARIANT} ${GPEN_UPSCALER_VERSION} in ${_gpen_up_dest}")
        endif()
    endif()
    file(REMOVE_RECURSE "${_gpen_up_work}")
endif()
