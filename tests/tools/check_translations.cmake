# SPDX-License-Identifier: Apache-2.0
# Fails when a .ts file lacks a message the sources have or leaves one unfinished: lupdate (the
# same sources and options as the update_translations target) updates a scratch copy of each,
# whose unfinished messages are then counted. The committed files are not touched.
# cmake -DLUPDATE=... -DLIST_FILE=<lupdate @file> -DWORK_DIR=... -DTS_FILES="a.ts;b.ts" -P this
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
set(_failed "")
foreach(_ts IN LISTS TS_FILES)
    get_filename_component(_name "${_ts}" NAME)
    set(_copy "${WORK_DIR}/${_name}")
    configure_file("${_ts}" "${_copy}" COPYONLY)
    execute_process(COMMAND "${LUPDATE}" -no-obsolete -locations none "@${LIST_FILE}" -ts "${_copy}"
                    RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
    if(NOT _rc EQUAL 0)
        message(FATAL_ERROR "lupdate failed on ${_name}:\n${_out}")
    endif()
    file(READ "${_copy}" _text)
    string(REGEX MATCHALL "<message[ >]" _all "${_text}")
    string(REGEX MATCHALL "type=\"unfinished\"" _unfinished "${_text}")
    list(LENGTH _all _total)
    list(LENGTH _unfinished _open)
    math(EXPR _done "${_total} - ${_open}")
    message(STATUS "${_name}: ${_done} finished, ${_open} unfinished or missing")
    if(_total EQUAL 0 OR _open GREATER 0)
        list(APPEND _failed "${_name}")
        # Name the messages to translate (the source line after each unfinished translation's
        # <message>): what a translator needs.
        string(REGEX MATCHALL "<source>[^<]*</source>(\n[^\n]*<(comment|extracomment)>[^<]*</[a-z]+>)*\n[^\n]*<translation type=\"unfinished\"" _todo "${_text}")
        foreach(_m IN LISTS _todo)
            string(REGEX REPLACE "^<source>([^<]*)</source>.*" "\\1" _m "${_m}")
            message(STATUS "  unfinished: ${_m}")
        endforeach()
    endif()
endforeach()
if(_failed)
    message(FATAL_ERROR "Incomplete translations: ${_failed} (run packaging/update_translations.sh, then translate)")
endif()
