#!/usr/bin/env bash
# The rules of docs/architecture.md that a machine can check, one line per breach:
#   - the front ends (apps/, python/, fuzz/, examples/, web/) use the library alone:
#     none includes another's headers;
#   - the library includes no front end, nor their libraries (CLI11, pybind11);
#   - the core (games' rules and strategies, builders, labellings, octal engines) includes
#     nothing of grundy::io, which is built over it;
#   - the web front end (web/) is reached only through its header grundy/web/server.hpp, by the
#     tool's grundy serve, and through grundy/web/detail/one_request.hpp, by the fuzz targets;
#   - no source file of the library, the Python module or the web server passes 550 lines.
#   scripts/check-architecture.sh [ROOT]
set -uo pipefail
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$root"
breaches=0
breach() {
  echo "architecture: $*"
  breaches=$((breaches + 1))
}

# Headers of the tool, by name (the tool includes them as "cli.hpp").
apps_headers=$(cd apps && ls -- *.hpp | paste -sd'|')
for dir in python fuzz examples lib web; do
  while IFS= read -r line; do
    breach "$line: includes a header of the tool (apps/)"
  done < <(grep -rnE "#include [\"<](${apps_headers})[\">]" "$dir" --include='*.cpp' --include='*.hpp' || true)
done
while IFS= read -r line; do
  breach "$line: the library includes a front end's library"
done < <(grep -rnE '#include [<"](CLI/|pybind11/)' lib --include='*.cpp' --include='*.hpp' || true)
while IFS= read -r line; do
  breach "$line: the tool includes the Python module's or the fuzz targets' sources"
done < <(grep -rnE '#include "(bindings|builtin_games|check)\.hpp"' apps || true)

# The web front end (web/): its sources are its own. The tool starts it through its one public
# header (grundy serve); nothing else includes anything of it, but for the fuzz targets, which
# drive its requests through grundy/web/detail/one_request.hpp.
web_headers=$(cd web/src && ls -- *.hpp | paste -sd'|')
for dir in python fuzz examples lib apps; do
  while IFS= read -r line; do
    breach "$line: includes a source header of the web front end (web/src/)"
  done < <(grep -rnE "#include [\"<](${web_headers})[\">]" "$dir" --include='*.cpp' --include='*.hpp' || true)
done
for dir in python fuzz examples lib; do
  while IFS= read -r line; do
    [[ $dir == fuzz && $line == *'#include <grundy/web/detail/one_request.hpp>'* ]] && continue
    breach "$line: includes the web front end"
  done < <(grep -rnE '#include [<"]grundy/web/' "$dir" --include='*.cpp' --include='*.hpp' || true)
done
while IFS= read -r line; do
  breach "$line: the web front end includes a front end's library"
done < <(grep -rnE '#include [<"](CLI/|pybind11/)' web --include='*.cpp' --include='*.hpp' || true)

# The io layer's files: lib/include/grundy/io/, lib/src/io/, and the games' entries and notation
# (grundy/io/games/registry.hpp and its kin), which read words and files.
is_io() {
  case $1 in
  lib/include/grundy/io/* | lib/src/io/*) return 0 ;;
  lib/include/grundy/io/games/registry.hpp | lib/include/grundy/io/games/builtin.hpp) return 0 ;;
  lib/include/grundy/io/games/entry_traits.hpp | lib/include/grundy/io/games/heap_notation.hpp) return 0 ;;
  lib/include/grundy/games/*/entry.hpp | lib/include/grundy/games/*/notation.hpp) return 0 ;;
  lib/src/io/games/registry.cpp | lib/src/io/games/heap_notation.cpp) return 0 ;;
  lib/src/games/*/entry.cpp | lib/src/games/*/notation.cpp) return 0 ;;
  esac
  return 1
}
while IFS= read -r file; do
  is_io "$file" && continue
  while IFS= read -r line; do
    breach "$file:$line: the core includes grundy::io (or the games' notation), which is built over it"
  done < <(grep -nE '#include <grundy/(io/|games/(registry|builtin|entry_traits|heap_notation)\.hpp|games/[a-z_]+/(entry|notation)\.hpp)' "$file" || true)
done < <(find lib/include lib/src -name '*.hpp' -o -name '*.cpp' | sort)

while IFS= read -r file; do
  lines=$(wc -l <"$file")
  ((lines > 550)) && breach "$file: $lines lines, past 550: several concerns, to split by name"
done < <(find lib python/src web/src web/include -name '*.hpp' -o -name '*.cpp' | sort)

if ((breaches > 0)); then
  echo "architecture: $breaches breaches of docs/architecture.md"
  exit 1
fi
echo "architecture: the layers hold"
