# Keeps docs/writing-a-game.md true to the code. Run with cmake -P by the test
# docs_writing_a_game (examples/CMakeLists.txt), which passes:
#   DOC       the Markdown page
#   ROOT      the repository root, against which excerpt paths are resolved
#   BIN_DIR   where the example programs are
#   WORK_DIR  where to run them (they write their DOT files there)
#   UPDATE    optional: when true, the page's outputs are rewritten with what the programs
#             print now (the target update_docs_writing_a_game does it); excerpts are still
#             checked, and nothing is written when a program fails or an excerpt differs
#
# Two kinds of fenced blocks are checked:
#   - a block right after a line "<!-- from PATH -->" must appear verbatim in the file PATH;
#   - a block whose first line is "$ build/examples/NAME ARGS..." must be exactly what the
#     program NAME prints when run with ARGS.
cmake_minimum_required(VERSION 3.20)

foreach(var DOC ROOT BIN_DIR WORK_DIR)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "check_guide.cmake: ${var} is not set")
  endif()
endforeach()

foreach(var DOC ROOT BIN_DIR WORK_DIR)
  get_filename_component(${var} "${${var}}" ABSOLUTE)
endforeach()
file(READ "${DOC}" doc)
file(MAKE_DIRECTORY "${WORK_DIR}")
set(errors 0)
set(excerpts 0)
set(outputs 0)

# The body of the fenced block that opens at or after `from` in the page: the text between the
# opening fence's line and the closing fence, final newline included. Sets body and body_end.
function(block_after from)
  string(SUBSTRING "${doc}" ${from} -1 rest)
  string(FIND "${rest}" "```" fence)
  string(SUBSTRING "${rest}" ${fence} -1 rest)
  string(FIND "${rest}" "\n" line_end)
  math(EXPR start "${line_end} + 1")
  string(SUBSTRING "${rest}" ${start} -1 rest)
  string(FIND "${rest}" "\n```" close)
  if(close EQUAL -1)
    message(FATAL_ERROR "${DOC}: a fenced block is not closed")
  endif()
  math(EXPR length "${close} + 1")
  string(SUBSTRING "${rest}" 0 ${length} text)
  string(LENGTH "${doc}" doc_length)
  string(LENGTH "${rest}" rest_length)
  math(EXPR end "${doc_length} - ${rest_length} + ${length}")
  set(body "${text}" PARENT_SCOPE)
  set(body_end ${end} PARENT_SCOPE)
endfunction()

# Excerpts.
set(position 0)
while(TRUE)
  string(SUBSTRING "${doc}" ${position} -1 rest)
  string(FIND "${rest}" "<!-- from " at)
  if(at EQUAL -1)
    break()
  endif()
  math(EXPR at "${position} + ${at}")
  math(EXPR path_start "${at} + 10")
  string(SUBSTRING "${doc}" ${path_start} -1 rest)
  string(FIND "${rest}" " -->" path_length)
  string(SUBSTRING "${rest}" 0 ${path_length} path)
  block_after(${at})
  set(position ${body_end})
  math(EXPR excerpts "${excerpts} + 1")
  if(NOT EXISTS "${ROOT}/${path}")
    message(SEND_ERROR "excerpt from ${path}: no such file")
    math(EXPR errors "${errors} + 1")
    continue()
  endif()
  file(READ "${ROOT}/${path}" source)
  string(FIND "${source}" "${body}" found)
  if(found EQUAL -1)
    message(NOTICE "This excerpt is not in ${path} any more:\n${body}")
    message(SEND_ERROR "an excerpt of ${path} differs from the file")
    math(EXPR errors "${errors} + 1")
  endif()
endwhile()

# Outputs. `updated` is the page with every output replaced by the real one, built piece by
# piece: `copied` is how much of the page it already covers.
set(prompt "$ build/examples/")
set(position 0)
set(updated "")
set(copied 0)
while(TRUE)
  string(SUBSTRING "${doc}" ${position} -1 rest)
  string(FIND "${rest}" "\n${prompt}" at)
  if(at EQUAL -1)
    break()
  endif()
  math(EXPR command_start "${position} + ${at} + 1")
  string(SUBSTRING "${doc}" ${command_start} -1 rest)
  string(FIND "${rest}" "\n" command_length)
  string(SUBSTRING "${rest}" 0 ${command_length} command_line)
  math(EXPR output_start "${command_start} + ${command_length} + 1")
  # The expected output runs from the line after the command to the closing fence.
  string(SUBSTRING "${doc}" ${output_start} -1 rest)
  string(FIND "${rest}" "\n```" close)
  math(EXPR length "${close} + 1")
  string(SUBSTRING "${rest}" 0 ${length} expected)
  math(EXPR position "${output_start} + ${length}")
  math(EXPR outputs "${outputs} + 1")
  math(EXPR unchanged "${output_start} - ${copied}")
  string(SUBSTRING "${doc}" ${copied} ${unchanged} text)
  string(APPEND updated "${text}")
  set(copied ${position})

  string(LENGTH "${prompt}" prompt_length)
  string(SUBSTRING "${command_line}" ${prompt_length} -1 command)
  separate_arguments(command UNIX_COMMAND "${command}")
  list(POP_FRONT command program)
  execute_process(COMMAND "${BIN_DIR}/${program}" ${command} WORKING_DIRECTORY "${WORK_DIR}"
                  RESULT_VARIABLE result OUTPUT_VARIABLE actual ERROR_VARIABLE actual)
  string(APPEND updated "${actual}")
  if(UPDATE AND result EQUAL 0)
    continue() # written back below
  endif()
  if(NOT result EQUAL 0 OR NOT "${actual}" STREQUAL "${expected}")
    message(NOTICE "${command_line}\nprinted (exit status ${result}):\n${actual}\nbut the page shows:\n${expected}")
    message(SEND_ERROR "the output of ${command_line} differs from the page")
    math(EXPR errors "${errors} + 1")
  endif()
endwhile()

if(excerpts EQUAL 0 OR outputs EQUAL 0)
  message(FATAL_ERROR "${DOC}: found ${excerpts} excerpts and ${outputs} outputs to check; "
                      "the markers must have changed")
endif()
if(UPDATE AND errors EQUAL 0)
  string(SUBSTRING "${doc}" ${copied} -1 text)
  string(APPEND updated "${text}")
  if(NOT "${updated}" STREQUAL "${doc}")
    file(WRITE "${DOC}" "${updated}")
    message(STATUS "${DOC}: outputs updated")
  endif()
endif()
message(STATUS "${excerpts} excerpts and ${outputs} outputs checked, ${errors} differ")
if(errors GREATER 0)
  message(FATAL_ERROR "${DOC} no longer matches the code")
endif()
