# gpen::torch: libtorch as an imported target with SYSTEM includes, so its headers never
# trip our warnings. Only core sources link it, always PRIVATE.
find_package(Torch REQUIRED)
add_library(gpen_torch INTERFACE)
add_library(gpen::torch ALIAS gpen_torch)
target_include_directories(gpen_torch SYSTEM INTERFACE ${TORCH_INCLUDE_DIRS})
target_link_libraries(gpen_torch INTERFACE ${TORCH_LIBRARIES})
separate_arguments(_gpen_torch_flags UNIX_COMMAND "${TORCH_CXX_FLAGS}")
target_compile_options(gpen_torch INTERFACE ${_gpen_torch_flags})
