#!/bin/sh
# carcvar-play --replay and its views: --quiet prints only the final board
# and scores, as when playing (issue 34: the replay printed every scoring
# whatever --quiet said); without it the replay lists the scorings first.
set -eu
play=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$play" --seed 5 --quiet --record-out "$dir/game.rec" > "$dir/played.txt"
"$play" --replay "$dir/game.rec" --quiet > "$dir/quiet.txt"
"$play" --replay "$dir/game.rec" > "$dir/loud.txt"
fail=0
# the quiet replay: the board, then the final scores, nothing before
head -1 "$dir/quiet.txt" | grep -q '^board x ' || { echo "quiet replay starts: $(head -1 "$dir/quiet.txt")"; fail=1; }
if grep -q -e '^replayed ' -e ' scores [0-9-]* for ' "$dir/quiet.txt"; then
  echo "quiet replay lists scorings:"; grep -e '^replayed ' -e ' scores ' "$dir/quiet.txt" | head -3; fail=1
fi
# the same final lines as the quiet game that wrote the record
tail -1 "$dir/quiet.txt" | grep -q '^final scores: ' || { echo "no final scores"; fail=1; }
[ "$(tail -1 "$dir/quiet.txt")" = "$(tail -1 "$dir/played.txt")" ] ||
  { echo "final scores differ: $(tail -1 "$dir/quiet.txt") / $(tail -1 "$dir/played.txt")"; fail=1; }
# without --quiet: what was replayed and every scoring
head -1 "$dir/loud.txt" | grep -q "^replayed $dir/game.rec\$" || { echo "loud replay starts: $(head -1 "$dir/loud.txt")"; fail=1; }
grep -q ' scores [0-9]* for ' "$dir/loud.txt" || { echo "loud replay lists no scoring"; fail=1; }
[ "$fail" -eq 0 ] && echo "1 passed, 0 failed"
exit "$fail"
