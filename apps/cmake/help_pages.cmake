# The man page and the bash completion of grundy, both from the tool's own --help (so that they
# name every command and option it has), run with cmake -P after the tool is linked:
#   TOOL        the grundy executable
#   MAN         the man page to write (grundy.1)
#   COMPLETION  the bash completion script to write
#   VERSION     the project's version
cmake_minimum_required(VERSION 3.20)

function(help out)
  execute_process(COMMAND ${TOOL} ${ARGN} --help OUTPUT_VARIABLE text RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "help_pages.cmake: ${TOOL} ${ARGN} --help failed (${result})")
  endif()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# roff takes a backslash, a leading dot or quote and a hyphen as markup.
function(roff out text)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REPLACE "-" "\\-" text "${text}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

help(main)
string(REGEX MATCH "Subcommands:\n(.*)$" _ "${main}")
string(REPLACE "\n" ";" lines "${CMAKE_MATCH_1}")
set(commands)
foreach(line IN LISTS lines)
  if(line MATCHES "^  ([a-z][a-z-]*) +")
    list(APPEND commands ${CMAKE_MATCH_1})
  endif()
endforeach()
list(LENGTH commands count)
if(count EQUAL 0)
  message(FATAL_ERROR "help_pages.cmake: no command in ${TOOL} --help")
endif()
string(REGEX MATCH "^[^\n]*" title "${main}")
string(REGEX REPLACE "^grundy: " "" title "${title}")

set(man ".TH GRUNDY 1 \"\" \"grundy ${VERSION}\" \"User Commands\"\n")
string(APPEND man ".SH NAME\ngrundy \\- ${title}\n")
string(APPEND man ".SH SYNOPSIS\n.B grundy\n.I COMMAND\n.RI [ OPTIONS ]\n")
string(APPEND man ".br\n.B grundy\n.RB [ \\-\\-help | \\-\\-version ]\n")
string(APPEND man ".SH DESCRIPTION\n")
string(APPEND man "Builds the graph of every position reachable in an impartial game, labels it with "
                  "Sprague\\-Grundy values and P/N outcomes, counts it, draws it, computes and settles "
                  "octal games, and tells how to win. Every command takes \\fB\\-\\-help\\fR.\n")
string(APPEND man ".SH COMMANDS\n")
set(completion_cases "")
math(EXPR last "${count} - 1")
foreach(i RANGE ${last})
  list(GET commands ${i} command)
  help(text ${command})
  roff(text_roff "${text}")
  # The help's first line is the command's summary.
  string(APPEND man ".SS grundy ${command}\n.nf\n${text_roff}.fi\n")
  # Every option the command's help names, long and short.
  string(REGEX MATCHALL "\n  (-[A-Za-z0-9],)?--[a-z0-9-]+" found "${text}")
  set(options "")
  foreach(match IN LISTS found)
    string(REGEX REPLACE "^\n  " "" match "${match}")
    string(REPLACE "," " " match "${match}")
    string(APPEND options " ${match}")
  endforeach()
  string(STRIP "${options}" options)
  string(APPEND completion_cases "    ${command}) options=\"${options}\" ;;\n")
endforeach()
string(APPEND man ".SH EXIT STATUS\n0 on success; non\\-zero, with one line on standard error, when an argument "
                  "is refused or a command fails; 128 plus the signal's number when Ctrl\\-C or SIGTERM "
                  "stopped a command, after it printed what it reached.\n")
string(APPEND man ".SH SEE ALSO\n.BR mpirun (1),\n.BR dot (1);\n"
                  "the Python module \\fBimport grundy\\fR.\n")
file(WRITE ${MAN} "${man}")

string(JOIN " " command_words ${commands})
file(WRITE ${COMPLETION} "# bash completion for grundy, generated from its --help
_grundy() {
  local cur=\${COMP_WORDS[COMP_CWORD]} options
  if ((COMP_CWORD == 1)); then
    mapfile -t COMPREPLY < <(compgen -W \"${command_words} --help --version\" -- \"\$cur\")
    return
  fi
  case \${COMP_WORDS[1]} in
${completion_cases}    *) return ;;
  esac
  # Options; anything else is completed as a file name (complete -o default).
  if [[ \$cur == -* ]]; then
    mapfile -t COMPREPLY < <(compgen -W \"\$options\" -- \"\$cur\")
  fi
}
complete -o default -F _grundy grundy
")
