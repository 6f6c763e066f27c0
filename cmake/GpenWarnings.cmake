# SPDX-License-Identifier: Apache-2.0
# gpen_warnings: an INTERFACE target every first-party target links PRIVATE.
# Third-party headers come in as SYSTEM includes, so these flags apply to our code only.
add_library(gpen_warnings INTERFACE)
target_compile_options(gpen_warnings INTERFACE
    -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wold-style-cast -Wcast-align
    -Woverloaded-virtual -Wimplicit-fallthrough -Wno-missing-field-initializers)
if(GPEN_WARNINGS_AS_ERRORS)
    target_compile_options(gpen_warnings INTERFACE -Werror)
endif()

add_library(gpen_sanitizers INTERFACE)
if(GPEN_SANITIZE)
    target_compile_options(gpen_sanitizers INTERFACE -fsanitize=${GPEN_SANITIZE} -fno-omit-frame-pointer)
    target_link_options(gpen_sanitizers INTERFACE -fsanitize=${GPEN_SANITIZE})
endif()
