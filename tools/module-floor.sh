#!/bin/sh
# tools/module-floor.sh -- what a module's tiles alone cost: instructions per
# random game with the module's tiles, figures and rule options but none of
# its rules (doc/performance.md, "Princess & Dragon's floor").
#
#   tools/module-floor.sh [-n GAMES] [-s SEED] MODULE [OTHER_MODULES]
#
# It copies the committed tree (git archive HEAD) into a temporary folder,
# strips lib/modules/MODULE/MODULE.c's carc_module_def down to the fields
# that describe what the module brings into a game (id, name, tile set,
# figure kinds, rule options, state size, setup, action forms, bounds) --
# every hook that plays a rule (steps, decisions, deployment verbs,
# vetoes, the draw's hooks, scoring and move hooks) left out -- builds that
# copy (debugoptimized, warnings not errors: the rules' functions are then
# unused) and runs tools/callgrind-games.sh on it and on this tree's build,
# for the set MODULE (plus OTHER_MODULES, comma-separated, when given).
# The two lines differ by what the module's rules cost a game; the games
# themselves differ too (no rule, other choices), so the digests do.
# A measuring tool, not a test: the stripped build is thrown away.
set -eu
games=100 seed=1
while getopts n:s: o; do
    case $o in
    n) games=$OPTARG ;;
    s) seed=$OPTARG ;;
    *) echo "usage: $0 [-n GAMES] [-s SEED] MODULE [OTHER_MODULES]" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { echo "usage: $0 [-n GAMES] [-s SEED] MODULE [OTHER_MODULES]" >&2; exit 2; }
mod=$1
set_=$mod${2:+,$2}
top=$(git rev-parse --show-toplevel)
src=$top/lib/modules/$mod/$mod.c
[ -f "$src" ] || { echo "$0: no $src" >&2; exit 1; }
[ -x "$top/build/tests/bench/carcvar-bench" ] ||
    { echo "$0: no $top/build/tests/bench/carcvar-bench (meson compile -C build first)" >&2; exit 1; }
tmp=$(mktemp -d /tmp/module-floor.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
(cd "$top" && git archive HEAD) | tar -x -C "$tmp"
/usr/bin/python3 - "$tmp/lib/modules/$mod/$mod.c" "$mod" <<'EOF'
import re, sys
path, mod = sys.argv[1], sys.argv[2]
text = open(path).read()
head = 'const carc_module_def carc__module_%s = {' % mod
i = text.find(head)
if i < 0:
    sys.exit('module-floor: no "%s" in %s' % (head, path))
j = text.index('\n};', i)
keep = {'id', 'name', 'tile_set', 'kinds', 'nkinds', 'rules', 'nrules', 'requires', 'uses',
        'reasons', 'state_size', 'decisions_per_tile', 'events_per_tile', 'events_per_game',
        'max_pending', 'setup', 'actions', 'nactions', 'tokens', 'token_kinds'}
out, skipping = [], False
for line in text[i:j].split('\n'):
    m = re.match(r'\s*\.([a-z_0-9]+)\s*=', line)
    if m:
        skipping = m.group(1) not in keep
    if not skipping:
        out.append(line)
    if skipping and line.rstrip().endswith(','):
        skipping = False  # the field ends here; a following line starts anew
open(path, 'w').write(text[:i] + '\n'.join(out) + text[j:])
EOF
if ! { meson setup "$tmp/build" "$tmp" -Dbuildtype=debugoptimized -Dwerror=false &&
        ninja -C "$tmp/build" tests/bench/carcvar-bench; } >"$tmp/log" 2>&1; then
    tail -20 "$tmp/log" >&2
    echo "$0: the stripped copy did not build (above)" >&2
    exit 1
fi
echo "with its rules (this tree's build):"
"$top/tools/callgrind-games.sh" -b "$top/build" -n "$games" -s "$seed" base "$set_"
echo "its tiles, figures and options alone (the stripped copy):"
"$top/tools/callgrind-games.sh" -b "$tmp/build" -n "$games" -s "$seed" "$set_"
