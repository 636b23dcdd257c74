# Writes OUTPUT, a C++ source holding every file under ASSETS_DIR as bytes, so that the page is
# part of the binary: `grundy serve` reads no file at run time and can serve no other.
#   cmake -DASSETS_DIR=dir -DOUTPUT=file.cpp -P embed_assets.cmake
file(GLOB_RECURSE files RELATIVE "${ASSETS_DIR}" "${ASSETS_DIR}/*")
list(SORT files)
set(arrays "")
set(entries "")
set(index 0)
foreach(name IN LISTS files)
  if(name MATCHES "(^|/)\\.")
    continue() # editors' and systems' hidden files are not part of the page
  endif()
  get_filename_component(extension "${name}" LAST_EXT)
  string(TOLOWER "${extension}" extension)
  if(extension STREQUAL ".html")
    set(type "text/html; charset=utf-8")
  elseif(extension STREQUAL ".js")
    set(type "text/javascript; charset=utf-8")
  elseif(extension STREQUAL ".css")
    set(type "text/css; charset=utf-8")
  elseif(extension STREQUAL ".svg")
    set(type "image/svg+xml")
  elseif(extension STREQUAL ".png")
    set(type "image/png")
  elseif(extension STREQUAL ".json")
    set(type "application/json; charset=utf-8")
  elseif(extension STREQUAL ".txt")
    set(type "text/plain; charset=utf-8")
  else()
    message(FATAL_ERROR "web/assets/${name}: no content type is known for '${extension}'")
  endif()
  file(READ "${ASSETS_DIR}/${name}" hex HEX)
  string(LENGTH "${hex}" digits)
  math(EXPR size "${digits} / 2")
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  # Lines of 32 bytes keep the generated file readable by editors and diff tools.
  string(REGEX REPLACE "((0x[0-9a-f][0-9a-f],){32})" "\\1\n" bytes "${bytes}")
  string(APPEND arrays "// ${name}\nconst unsigned char file_${index}[] = {\n${bytes}0};\n")
  string(APPEND entries "    {\"/${name}\", \"${type}\", {reinterpret_cast<const char*>(file_${index}), ${size}}},\n")
  math(EXPR index "${index} + 1")
endforeach()
set(text "// Generated from web/assets/ by web/cmake/embed_assets.cmake: do not edit.
#include \"assets.hpp\"

#include <array>

namespace grundy::web {

namespace {

${arrays}
} // namespace

std::span<const asset> assets() {
  static const std::array<asset, ${index}> list{{
${entries}  }};
  return list;
}

} // namespace grundy::web
")
# Rewritten only when it changes, so that an unchanged page compiles nothing again.
if(EXISTS "${OUTPUT}")
  file(READ "${OUTPUT}" previous)
  if(previous STREQUAL text)
    return()
  endif()
endif()
file(WRITE "${OUTPUT}" "${text}")
