# SPDX-License-Identifier: Apache-2.0
# gpen::torch: libtorch as an imported target with SYSTEM includes, so its headers never
# trip our warnings. Only core sources link it, always PRIVATE.
find_package(Torch REQUIRED)
add_library(gpen_torch INTERFACE)
add_library(gpen::torch ALIAS gpen_torch)
target_include_directories(gpen_torch SYSTEM INTERFACE ${TORCH_INCLUDE_DIRS})
# A target with GPEN_NO_TORCH set links none of it (gpen-studio: TorchConfig wraps libtorch_cpu in
# --no-as-needed, so merely being on the link line would load it and run its ~0.6 s of static
# initialisers before main). Such a target then fails to link if it pulls in code that uses torch.
list(TRANSFORM TORCH_LIBRARIES REPLACE "^(.+)$" "$<$<NOT:$<BOOL:$<TARGET_PROPERTY:GPEN_NO_TORCH>>>:\\1>"
     OUTPUT_VARIABLE _gpen_torch_libraries)
target_link_libraries(gpen_torch INTERFACE ${_gpen_torch_libraries})
separate_arguments(_gpen_torch_flags UNIX_COMMAND "${TORCH_CXX_FLAGS}")
target_compile_options(gpen_torch INTERFACE ${_gpen_torch_flags})
