# gevo_compile_cuda(<out-var> <src.cu> [OUTPUT <file>] [ARCH <sm>] [OPT <0-3>]
#                   [HEADERS gevo|nvidia|auto]
#                   [DEFINES <NAME[=V]>...] [INCLUDE_DIRS <dir>...])
#
# Adds a build rule that compiles <src.cu> with gevo-cc to NVPTX IR, by default
# ${CMAKE_CURRENT_BINARY_DIR}/<name>.ll (.bc output when OUTPUT ends in .bc),
# and sets <out-var> to the output path; list it in a custom target's DEPENDS.
# The rule re-runs when the source, a header it includes, gevo-cc, gevo's CUDA
# headers or the arguments change.
#
# The CUDA headers are pinned: HEADERS, else GEVO_CUDA_HEADERS (default gevo,
# gevo's own), not gevo-cc's default (auto: NVIDIA's when a toolkit is
# found), so that the benchmark IR, and what tests expect of it, is the
# same on every machine, toolkit or not.
set(GEVO_CUDA_HEADERS gevo CACHE STRING
  "CUDA headers gevo_compile_cuda compiles against: gevo, nvidia or auto")

file(GLOB_RECURSE GevoCudaHeaders CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/include/*.h)
set_property(GLOBAL PROPERTY GEVO_CUDA_HEADERS ${GevoCudaHeaders})

function(gevo_compile_cuda OutVar Src)
  cmake_parse_arguments(PARSE_ARGV 2 Arg "" "OUTPUT;ARCH;OPT;HEADERS" "DEFINES;INCLUDE_DIRS")
  if(Arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "gevo_compile_cuda: unknown arguments ${Arg_UNPARSED_ARGUMENTS}")
  endif()
  get_filename_component(Src ${Src} ABSOLUTE)
  get_filename_component(Name ${Src} NAME_WE)
  if(NOT Arg_OUTPUT)
    set(Arg_OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/${Name}.ll)
  endif()
  get_filename_component(Out ${Arg_OUTPUT} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_BINARY_DIR})

  if(NOT Arg_HEADERS)
    set(Arg_HEADERS ${GEVO_CUDA_HEADERS})
  endif()
  set(Flags --cuda-headers ${Arg_HEADERS})
  if(Arg_ARCH)
    list(APPEND Flags --arch ${Arg_ARCH})
  endif()
  if(DEFINED Arg_OPT)
    list(APPEND Flags -O${Arg_OPT})
  endif()
  foreach(D IN LISTS Arg_DEFINES)
    list(APPEND Flags -D${D})
  endforeach()
  foreach(I IN LISTS Arg_INCLUDE_DIRS)
    list(APPEND Flags -I${I})
  endforeach()

  # The dependency file stays out of the output directory, which holds IR only.
  get_filename_component(OutName ${Out} NAME)
  set(DepDir ${CMAKE_CURRENT_BINARY_DIR}/CMakeFiles/gevo-cc)
  file(MAKE_DIRECTORY ${DepDir})
  get_property(Headers GLOBAL PROPERTY GEVO_CUDA_HEADERS)
  add_custom_command(OUTPUT ${Out}
    COMMAND gevo-cc ${Flags} --depfile ${DepDir}/${OutName}.d ${Src} -o ${Out}
    DEPENDS gevo-cc ${Src} ${Headers}
    DEPFILE ${DepDir}/${OutName}.d
    COMMENT "gevo-cc ${Name}.cu"
    VERBATIM)
  set(${OutVar} ${Out} PARENT_SCOPE)
endfunction()
