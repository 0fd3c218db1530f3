# Dependencies point one way: no library includes a folder above it. Run as
#   cmake -DROOT=<source tree> -P check_layers.cmake
# It reads every .h and .cpp of the libraries and app/ and fails, naming file and include, when a file
# includes a header of a layer it may not use. tests/, fuzz/, bench/ and tools/ may use everything.
#
# The layers, each with the layers it may include (its own is always allowed). This is the order the
# CMake targets link in (a library links only what is listed before it); keep both in step:
#   util <- movegen <- rules <- eval <- games <- book <- engine (core and modes/) <- engine/protocol,
#   engine/flags <- engine/cli;  tuning/selfplay <- tuning/tuner, match and gui above the engine (match
#   and gui never include tuning/, tuning never match/ or gui/), and app/, the composition root, on top.
cmake_minimum_required(VERSION 3.25)

set(below_engine "util movegen rules eval games book")
set(engine_all "${below_engine} engine engine/protocol engine/flags engine/cli")
set(layers
  "util|"
  "movegen|util"
  "rules|util movegen"
  "eval|util movegen rules"
  "games|util movegen rules eval"
  "book|util movegen rules eval games"
  "engine|${below_engine}"
  "engine/protocol|${below_engine} engine"
  "engine/flags|${below_engine} engine"
  "engine/cli|${below_engine} engine engine/protocol engine/flags"
  "tuning/selfplay|${engine_all}"
  "tuning/tuner|${engine_all} tuning/selfplay"
  "match|${engine_all}"
  "gui|${engine_all} match"
  "app|${engine_all} tuning/selfplay tuning/tuner match gui")
# Folders that are no library: they may include anything, and nothing may include them.
set(free_folders tests fuzz bench tools docs data build generated)

if(NOT ROOT)
  message(FATAL_ERROR "give -DROOT=<source tree>")
endif()

set(names)
foreach(entry IN LISTS layers)
  string(REPLACE "|" ";" parts "${entry}")
  list(GET parts 0 name)
  list(LENGTH parts n)
  set(allowed_${name} "")
  if(n GREATER 1)
    list(GET parts 1 allowed)
    separate_arguments(allowed_${name} UNIX_COMMAND "${allowed}")
  endif()
  list(APPEND names ${name})
endforeach()

# The layer of a path (relative to ROOT): the longest layer name it starts with, or "" for none.
function(layer_of path out)
  set(best "")
  set(best_length 0)
  foreach(name IN LISTS names)
    string(FIND "${path}/" "${name}/" at)
    string(LENGTH "${name}" length)
    if(at EQUAL 0 AND length GREATER best_length)
      set(best "${name}")
      set(best_length ${length})
    endif()
  endforeach()
  set(${out} "${best}" PARENT_SCOPE)
endfunction()

file(GLOB_RECURSE sources RELATIVE "${ROOT}" "${ROOT}/*.h" "${ROOT}/*.cpp")
set(errors "")
set(checked 0)
foreach(source IN LISTS sources)
  string(REGEX MATCH "^[^/]+" top "${source}")
  if(top STREQUAL source OR top IN_LIST free_folders OR top MATCHES "^\\.")
    continue()
  endif()
  # A build tree inside the sources (CI's build-sanitize, a developer's build-debug) holds generated files.
  if(EXISTS "${ROOT}/${top}/CMakeCache.txt")
    continue()
  endif()
  layer_of("${source}" layer)
  if(layer STREQUAL "")
    string(APPEND errors "  ${source}: its folder is in no layer (add it to tests/check_layers.cmake)\n")
    continue()
  endif()
  math(EXPR checked "${checked} + 1")
  file(STRINGS "${ROOT}/${source}" includes REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
  foreach(line IN LISTS includes)
    string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]*)\".*" "\\1" header "${line}")
    string(REGEX MATCH "^[^/]+" header_top "${header}")
    if(header_top STREQUAL header OR header_top STREQUAL "generated")
      continue()  # a file beside it, or one the build generates
    endif()
    layer_of("${header}" target)
    if(target STREQUAL layer OR target IN_LIST allowed_${layer})
      continue()
    endif()
    if(target STREQUAL "" AND NOT header_top IN_LIST free_folders)
      continue()  # not the project's: a library found by CMake
    endif()
    string(REPLACE ";" " " may "${allowed_${layer}}")
    string(APPEND errors "  ${source} includes ${header}: ${layer}/ may include only ${may}\n")
  endforeach()
endforeach()

if(errors)
  message(FATAL_ERROR "includes against the layer order:\n${errors}")
endif()
message(STATUS "layers: ${checked} files, every include points down")
