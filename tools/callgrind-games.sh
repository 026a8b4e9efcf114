#!/bin/sh
# tools/callgrind-games.sh -- instructions per random game, counted by
# callgrind (doc/performance.md, "Instructions per game").
#
#   tools/callgrind-games.sh [-b BUILD] [-n GAMES] [-s SEED] [MODULES...]
#
# For each module set (comma-separated names as carc_module_by_name(), base
# always on; "base" alone by default; "all" = the five modules of 0.5.0) it
# runs carcvar-bench --callgrind-games under
#   valgrind --tool=callgrind --toggle-collect='cg_*'
# so that only the games are counted (carc_game_new() to carc_game_free():
# the process start-up, argument parsing and the digest are not), and prints
#   MODULES  instructions/game  decisions/game  digest
# The digest (FNV-1a of every game's serialized bytes) is equal for two
# builds that played the same games.  BUILD defaults to ./build, GAMES to
# 200, SEED to 1.  Needs valgrind; the numbers do not depend on the load.
set -eu
build=build games=200 seed=1
while getopts b:n:s: o; do
    case $o in
    b) build=$OPTARG ;;
    n) games=$OPTARG ;;
    s) seed=$OPTARG ;;
    *) echo "usage: $0 [-b BUILD] [-n GAMES] [-s SEED] [MODULES...]" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || set -- base
bench=$build/tests/bench/carcvar-bench
[ -x "$bench" ] || { echo "$0: no $bench (meson compile -C $build first)" >&2; exit 1; }
command -v valgrind >/dev/null || { echo "$0: valgrind is not installed" >&2; exit 1; }
out=$(mktemp /tmp/callgrind-games.XXXXXX)
trap 'rm -f "$out" "$out.log" "$out.err"' EXIT
failed=0
printf '%-72s %12s %10s %s\n' modules instr/game dec/game digest
for set in "$@"; do
    case $set in
    all) mods=inns_cathedrals,traders_builders,abbey_mayor,bridges_castles,big_top ;;
    *) mods=$set ;;
    esac
    if ! valgrind --tool=callgrind --toggle-collect='cg_*' --callgrind-out-file="$out" \
        "$bench" --callgrind-games "$games" --seed "$seed" --modules "$mods" \
        >"$out.log" 2>"$out.err"; then
        # say why and go on with the other sets; the exit status tells
        printf '%-72s %12s\n' "$mods" failed
        echo "$0: $set: the run failed: $(grep -v '^==' "$out.err" | head -3)" >&2
        failed=1
        continue
    fi
    total=$(sed -n 's/^totals: *\([0-9]*\).*/\1/p; s/^summary: *\([0-9]*\).*/\1/p' "$out" | head -1)
    line=$(grep '^games ' "$out.log")
    dec=$(echo "$line" | awk '{print $4}')
    dig=$(echo "$line" | awk '{print $6}')
    awk -v m="$mods" -v t="$total" -v n="$games" -v d="$dec" -v h="$dig" \
        'BEGIN { printf "%-72s %12.0f %10.1f %s\n", m, t / n, d / n, h }'
done
exit $failed
