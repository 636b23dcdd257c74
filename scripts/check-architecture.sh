#!/usr/bin/env bash
# The rules of docs/architecture.md that a machine can check, one line per breach; each layer
# is a folder, so the rules read folders, never a list of files:
#   - the front ends (apps/, python/, fuzz/, examples/, web/) use the library alone:
#     none includes a header of another's folder;
#   - the library includes no front end, nor their libraries (CLI11, pybind11);
#   - the core (every folder of lib/ but io's: games' rules and strategies, builders,
#     labellings, octal engines) includes nothing of grundy::io (lib/include/grundy/io/,
#     lib/src/io/, the games' entries in io/games/), which is built over it;
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

# The front ends, each a folder: none includes another's headers. An include of a header by the
# name it has in another front end's folder (and in none of the includer's), or by a path into
# that folder, is a breach; the web front end's public headers (web/include/) are its
# interface, checked below.
front_ends=(apps python fuzz examples web)
headers_of() { find "$1" -name '*.hpp' -not -path 'web/include/*' -printf '%f\n' | sort -u; }
for owner in "${front_ends[@]}"; do
  for dir in "${front_ends[@]}" lib; do
    [[ $dir == "$owner" ]] && continue
    names=$(comm -23 <(headers_of "$owner") <(headers_of "$dir") | sed 's/\./\\./g' | paste -sd'|')
    names=${names:-'^$'}
    while IFS= read -r line; do
      breach "$line: includes a header of $owner/, another front end"
    done < <(grep -rnE "#include [\"<]((${names})|(\.\./)*${owner}/[^\">]*)[\">]" "$dir" --include='*.cpp' --include='*.hpp' || true)
  done
done
while IFS= read -r line; do
  breach "$line: the library includes a front end's library"
done < <(grep -rnE '#include [<"](CLI/|pybind11/)' lib --include='*.cpp' --include='*.hpp' || true)

# The web front end is reached only through its public headers: the tool starts it through
# grundy/web/server.hpp (grundy serve), the fuzz targets drive its requests through
# grundy/web/detail/one_request.hpp; nothing else includes anything of it.
for dir in python fuzz examples lib apps; do
  while IFS= read -r line; do
    [[ $dir == apps && $line == *'#include <grundy/web/server.hpp>'* ]] && continue
    [[ $dir == fuzz && $line == *'#include <grundy/web/detail/one_request.hpp>'* ]] && continue
    breach "$line: includes the web front end"
  done < <(grep -rnE '#include [<"]grundy/web/' "$dir" --include='*.cpp' --include='*.hpp' || true)
done
while IFS= read -r line; do
  breach "$line: the web front end includes a front end's library"
done < <(grep -rnE '#include [<"](CLI/|pybind11/)' web --include='*.cpp' --include='*.hpp' || true)

# The layers of the library are its folders: io is lib/include/grundy/io/ and lib/src/io/ (the
# games' entries and notation in their io/games/ folders), the core is every other folder of
# lib/, and no file of the core includes anything of io, which is built over it.
while IFS= read -r file; do
  case $file in lib/include/grundy/io/* | lib/src/io/*) continue ;; esac
  while IFS= read -r line; do
    breach "$file:$line: the core includes grundy::io, which is built over it"
  done < <(grep -nE '#include [<"](grundy/io/|([^">]*/)?io/)' "$file" || true)
done < <(find lib -name '*.hpp' -o -name '*.cpp' -o -name '*.hpp.in' | sort)

while IFS= read -r file; do
  lines=$(wc -l <"$file")
  ((lines > 550)) && breach "$file: $lines lines, past 550: several concerns, to split by name"
done < <(find lib python/src web/src web/include -name '*.hpp' -o -name '*.cpp' | sort)

if ((breaches > 0)); then
  echo "architecture: $breaches breaches of docs/architecture.md"
  exit 1
fi
echo "architecture: the layers hold"
