#!/usr/bin/env bash
# Keeps the commands shown in README.md and docs/*.md true to the program.
#
#   scripts/docs.sh [--grundy PATH]            check: every output shown is what grundy prints
#   scripts/docs.sh --update [--grundy PATH]   rewrite the outputs and regenerate the pictures
#
# PATH is the grundy binary to run (default: build/apps/grundy). In a fenced code block, a line
# "$ grundy ARGS..." (or "$ printf ... | grundy ARGS...") is a command, and the lines after it,
# up to the next "$ " line or the closing fence, are what it prints (stdout and stderr). Commands
# run through bash with grundy first on the PATH, in a scratch directory that has an empty
# docs/pictures/ in it, so that "--dot docs/pictures/NAME.dot" works from there as from the
# repository's root.
#
# In what the docs show, "…" stands for any text within a line: timings and memory, which
# change from run to run, and the end of a line cut short. --update keeps every line that
# still matches, and writes any other line as printed, with its timings masked.
#
# Pictures: every DOT file the commands write under docs/ must hold the same lines as the
# committed one (in any order: the order of a vertex's edges is not part of the graph), and
# every SVG or PNG they draw must be committed. --update copies them into docs/ (drawing needs
# Graphviz's dot). Without Graphviz the check leaves out --render, and so the drawing.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
grundy=$root/build/apps/grundy
update=0
while (($#)); do
  case $1 in
  --update) update=1 ;;
  --grundy)
    grundy=${2:?--grundy needs the path of the grundy binary}
    shift
    ;;
  -h | --help)
    sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
    exit 0
    ;;
  *)
    echo "docs.sh: unknown argument '$1' (see --help)" >&2
    exit 2
    ;;
  esac
  shift
done
grundy=$(cd "$(dirname "$grundy")" && pwd)/$(basename "$grundy")
if [[ ! -x $grundy ]]; then
  echo "docs.sh: no grundy binary at $grundy (build it, or pass --grundy PATH)" >&2
  exit 2
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/grundy-docs.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin" "$work/run/docs/pictures"
ln -s "$grundy" "$work/bin/grundy"

render=1
if ! command -v dot >/dev/null; then
  render=0
  ((update)) && echo "docs.sh: Graphviz's dot is missing: pictures are not drawn (scripts/setup.sh installs it)" >&2
fi

# The masks --update writes over what changes from run to run.
mask() {
  sed -E \
    -e 's/^(time +)[0-9.]+ s \([0-9.]+ exploring, [0-9.]+ labelling\)$/\1… s (… exploring, … labelling)/' \
    -e 's/^(peak memory +).+$/\1…/' \
    -e 's/ in [0-9.]+ s, / in … s, /' \
    -e 's/ levels, [0-9.]+ s, [0-9.]+ [KMG]B of memory/ levels, … s, … of memory/' \
    -e 's/"(seconds|explore_seconds|label_seconds)": [0-9.]+/"\1": …/g' \
    -e 's/"peak_memory_bytes": [0-9]+/"peak_memory_bytes": …/g' \
    -e 's/ \| [0-9]+\.[0-9]+ \|/ | … |/g; s/ \| [0-9]+\.[0-9]+ \|/ | … |/g' \
    -e 's/,[0-9]+\.[0-9]{6}(,|$)/,…\1/g'
}

# True when `text` is `pattern`, where each "…" in the pattern stands for any text.
matches() {
  local pattern=$1 text=$2 part
  if [[ $pattern != *…* ]]; then
    [[ $pattern == "$text" ]]
    return
  fi
  part=${pattern%%…*}
  [[ $text == "$part"* ]] || return 1
  text=${text#"$part"}
  pattern=${pattern#*…}
  while [[ $pattern == *…* ]]; do
    part=${pattern%%…*}
    pattern=${pattern#*…}
    [[ -z $part ]] && continue
    [[ $text == *"$part"* ]] || return 1
    text=${text#*"$part"} # the first occurrence leaves the most text for the rest
  done
  [[ $text == *"$pattern" ]]
}

commands=0
failures=0
changed_files=()

# Checks, or rewrites, the commands of one Markdown file.
process() {
  local file=$1 relative=${1#"$root"/}
  local -a lines out expected actual masked merged
  mapfile -t lines <"$file"
  local n=${#lines[@]} i=0 fence=0 line command run status output k same failed_before=$failures
  while ((i < n)); do
    line=${lines[i]}
    out+=("$line")
    i=$((i + 1))
    if [[ $line =~ ^[[:space:]]*\`\`\` ]]; then
      fence=$((1 - fence))
      continue
    fi
    if ((!fence)) || [[ ! $line =~ ^\$\ (grundy( |$)|.*\|\ *grundy( |$)) ]]; then
      continue
    fi
    command=${line#'$ '}
    expected=()
    while ((i < n)) && [[ ! ${lines[i]} =~ ^[[:space:]]*\`\`\` && ${lines[i]} != '$ '* ]]; do
      expected+=("${lines[i]}")
      i=$((i + 1))
    done
    commands=$((commands + 1))

    run=$command
    ((render)) || run=$(sed -E 's/ --render[ =][a-z]+//g' <<<"$command")
    status=0
    output=$(cd "$work/run" && PATH="$work/bin:$PATH" timeout 60 bash -c "$run" </dev/null 2>&1) || status=$?
    actual=()
    [[ -n $output ]] && mapfile -t actual <<<"$output"
    masked=()
    [[ -n $output ]] && mapfile -t masked < <(printf '%s\n' "${actual[@]}" | mask)

    # Keep each shown line that still matches, so that hand-made cuts survive an update.
    same=1
    merged=("${masked[@]}")
    if ((${#expected[@]} == ${#actual[@]})); then
      for ((k = 0; k < ${#actual[@]}; k++)); do
        if matches "${expected[k]}" "${actual[k]}"; then
          merged[k]=${expected[k]}
        else
          same=0
        fi
      done
    else
      same=0
    fi
    # A failing command is shown on purpose only with its error message.
    if ((status != 0)) && [[ ${expected[0]:-} != "grundy: "* ]]; then
      echo "$relative: '$command' failed (exit status $status):" >&2
      printf '  %s\n' "${actual[@]}" >&2
      failures=$((failures + 1))
      out+=("${expected[@]}")
      continue
    fi
    if ((update)); then
      out+=("${merged[@]}")
    else
      out+=("${expected[@]}")
      if ((!same)); then
        echo "$relative: the output of '$command' differs from what the page shows:" >&2
        diff -u --label shown --label printed <(printf '%s\n' "${expected[@]}") \
          <(printf '%s\n' "${merged[@]}") | sed 's/^/  /' >&2 || true
        failures=$((failures + 1))
      fi
    fi
  done
  if ((update && failures == failed_before)) && [[ $(printf '%s\n' "${out[@]}") != "$(printf '%s\n' "${lines[@]}")" ]]; then
    printf '%s\n' "${out[@]}" >"$file.tmp-$$"
    mv "$file.tmp-$$" "$file"
    changed_files+=("$relative")
  fi
}

for file in "$root/README.md" "$root"/docs/*.md; do
  process "$file"
done

if ((commands == 0)); then
  echo "docs.sh: no '\$ grundy' command found in README.md and docs/*.md" >&2
  exit 1
fi

# The pictures the commands wrote.
pictures=0
while IFS= read -r -d '' made; do
  relative=${made#"$work/run/"}
  pictures=$((pictures + 1))
  if ((update)); then
    if ((failures == 0)) && ! cmp -s "$made" "$root/$relative"; then
      mkdir -p "$(dirname "$root/$relative")"
      cp "$made" "$root/$relative"
      changed_files+=("$relative")
    fi
  elif [[ ! -e $root/$relative ]]; then
    echo "$relative: written by a command in the docs, but not in the repository (run scripts/docs.sh --update)" >&2
    failures=$((failures + 1))
  elif [[ $made == *.dot ]] && ! cmp -s <(sort "$made") <(sort "$root/$relative"); then
    echo "$relative: differs from what the command in the docs writes now (run scripts/docs.sh --update)" >&2
    failures=$((failures + 1))
  fi
done < <(find "$work/run/docs" -type f -print0 | sort -z)

if ((update && failures == 0)); then
  if ((${#changed_files[@]})); then
    printf 'docs.sh: updated %s\n' "${changed_files[@]}"
  else
    echo "docs.sh: everything was up to date"
  fi
fi
echo "docs.sh: $commands commands and $pictures pictures checked, $failures differ"
((failures == 0))
