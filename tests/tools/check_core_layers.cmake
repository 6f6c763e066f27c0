# SPDX-License-Identifier: Apache-2.0
# Fails when a file of core/ includes a core header (public "gpen/<folder>/..." or private
# "<folder>/...") of a folder on its own floor or above it. The floors, bottom to top: base/;
# io/ (checkpoints, images); nn/ (the networks); engine/ (catalog, cache, downloader) and face/
# (detectors, alignment, masks) and print/ (tone, colour, noise, screens), which never include
# one another; pipeline/ (RestoreJob) and
# bench/ (the benchmarks); batch/. A folder reaching up is how a checkpoint reader ends up needing
# the model cache. The UI's floors: check_ui_layers.cmake.
# cmake -DCORE_DIR=<source>/core -P this
set(_floors base=0 io=1 nn=2 engine=3 face=3 print=3 bench=4 pipeline=4 batch=5)
foreach(_pair IN LISTS _floors)
    string(REPLACE "=" ";" _pair "${_pair}")
    list(GET _pair 0 _name)
    list(GET _pair 1 _level)
    set(_floor_${_name} ${_level})
    list(APPEND _folders ${_name})
endforeach()
list(JOIN _folders "|" _alternatives)

set(_wrong "")
set(_count 0)
set(_nfiles 0)
# Sources with their private headers (core/<folder>/) and the public headers (include/gpen/<folder>/).
foreach(_root "${CORE_DIR}" "${CORE_DIR}/include/gpen")
    file(GLOB _dirs RELATIVE "${_root}" "${_root}/*")
    foreach(_folder IN LISTS _dirs)
        if(NOT IS_DIRECTORY "${_root}/${_folder}" OR _folder STREQUAL "include")
            continue()
        endif()
        if(NOT DEFINED _floor_${_folder})
            message(FATAL_ERROR "${_root}/${_folder}: folder '${_folder}' has no floor in check_core_layers.cmake")
        endif()
        file(GLOB_RECURSE _files "${_root}/${_folder}/*.cpp" "${_root}/${_folder}/*.h")
        foreach(_file IN LISTS _files)
            math(EXPR _nfiles "${_nfiles} + 1")
            file(STRINGS "${_file}" _includes REGEX "^#include \"(gpen/)?(${_alternatives})/")
            foreach(_line IN LISTS _includes)
                string(REGEX REPLACE "^#include \"(gpen/)?(${_alternatives})/.*" "\\2" _theirs "${_line}")
                math(EXPR _count "${_count} + 1")
                if(NOT _theirs STREQUAL _folder AND NOT _floor_${_theirs} LESS _floor_${_folder})
                    file(RELATIVE_PATH _shown "${CORE_DIR}/.." "${_file}")
                    string(REGEX REPLACE "^#include \"([^\"]+)\".*" "\\1" _header "${_line}")
                    list(APPEND _wrong "${_shown} (${_folder}) includes ${_header} (${_theirs})")
                endif()
            endforeach()
        endforeach()
    endforeach()
endforeach()
include("${CMAKE_CURRENT_LIST_DIR}/layers_verdict.cmake")
layers_verdict(core/ "${CORE_DIR}" ${_nfiles} ${_count} _wrong)
