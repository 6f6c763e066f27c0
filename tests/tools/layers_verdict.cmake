# SPDX-License-Identifier: Apache-2.0
# The end of check_ui_layers.cmake and check_core_layers.cmake: fails on no files read (a wrong
# folder given) or on any include that climbs, else says how much it checked.
#   layers_verdict(NAME FOLDER FILES INCLUDES WRONG_LIST_VAR)
function(layers_verdict name folder nfiles count wrong_var)
    if(nfiles EQUAL 0)
        message(FATAL_ERROR "no sources under ${folder}")
    endif()
    if(${wrong_var})
        list(JOIN ${wrong_var} "\n  " _text)
        message(FATAL_ERROR "${name} includes that reach up or sideways:\n  ${_text}")
    endif()
    message(STATUS "${nfiles} files, ${count} ${name} includes, each down to a lower floor or within its folder")
endfunction()
