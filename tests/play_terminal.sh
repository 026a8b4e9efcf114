#!/bin/sh
# play_terminal.sh CARCVAR-PLAY
#   carcvar-play's boards and human player without a terminal (pipes):
#   the README's game (turns, scorings, the board with axes and legend, the
#   final scores) within 80 columns, or COLUMNS; --watch boards with axes and
#   legend; whole tile names and centre features with expansions; the tile
#   in hand drawn aligned in each rotation; module moves in help and named
#   prompts; --load goes on with a saved game, a finished one shows its end.
set -u
play=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=
fail() {
    echo "FAIL: $*"
    [ -n "$out" ] && [ -f "$out" ] && tail -30 "$out"
    exit 1
}
maxw() { awk '{ if (length($0) > m) m = length($0) } END { print m + 0 }' "$1"; }
has() { grep -q -- "$1" "$out" || fail "no '$1' in $out"; }
hasnt() { ! grep -q -- "$1" "$out" || fail "'$1' in $out"; }

# 1. the README's first game: 80 columns when stdout is no terminal and
#    COLUMNS is unset; the 11 columns of the final board in two strips
out=$tmp/base.out
env -u COLUMNS "$play" --seed 1 > "$out" || fail "exit $?"
has '^turn  1 player 0: place 0,-1 r2$'
has '^  player 0 scores 4 for the city at 0,-1$'
has '^final scores: player 0 = 29; player 1 = 24;$'
has '^board x -5..5, y -8..5$'
has '^x -5..0, y -7..4$'
has '^x 1..5, y -8..5$'
has '^      -5     -4     -3     -2     -1      0$'
has '^legend: north up; edges C city, R road, . field; \[D\] the tile placed last;$'
has '; ^ monastery; ! pennant$'
grep -A1 '^ -3 .* A ' "$out" | tail -1 | grep -q '\^ \. 1m' || fail "tile A's monastery not drawn"
[ "$(maxw "$out")" -le 80 ] || fail "a line of $(maxw "$out") columns in 80"
echo "ok: the README's game in 80 columns"

# 2. COLUMNS=200: the whole board in one piece
out=$tmp/wide.out
COLUMNS=200 "$play" --seed 1 > "$out" || fail "exit $?"
has '^      -5     -4     -3     -2     -1      0      1      2      3      4      5$'
hasnt '^x -5'
has '^final scores: player 0 = 29; player 1 = 24;$'
w=$(maxw "$out")
[ "$w" -gt 80 ] && [ "$w" -le 200 ] || fail "widest line $w at COLUMNS=200"
COLUMNS=abc "$play" --seed 1 > "$tmp/bad.out" && [ "$(maxw "$tmp/bad.out")" -le 80 ] ||
    fail "COLUMNS=abc: not 80 columns"
echo "ok: COLUMNS=200, one piece of $w columns"

# 3. --watch: a board with axes and legend after every turn (3 tiles: after
#    turns 1 and 2, then the final board)
out=$tmp/watch.out
"$play" --seed 2 --watch --bag U=1,E=1,V=1 > "$out" || fail "exit $?"
[ "$(grep -c '^legend: north up' "$out")" -eq 3 ] || fail "not 3 boards with a legend"
[ "$(grep -c '^board x ' "$out")" -eq 3 ] || fail "not 3 boards"
[ "$(grep -c '^ *\(-*[0-9]\+ \+\)*-*[0-9]\+$' "$out")" -eq 3 ] || fail "boards without an x axis"
echo "ok: --watch boards with axes and legend"

# 4. expansions: whole tile names, centre features in the legend
out=$tmp/modules.out
COLUMNS=120 "$play" --seed 2 --modules big_top,inns_cathedrals --quiet > "$out" || fail "exit $?"
grep -q 'BT_[a-z]\{4\}_\(ac\|bt\)' "$out" || fail "no whole Big Top tile name"
hasnt 'BT_ \|IC_ \|BT_$\|IC_$'
has '@ circus (Big Top) space'
has '% acrobat space'
has '& inn on a road'
[ "$(maxw "$out")" -le 120 ] || fail "a line of $(maxw "$out") columns in 120"
echo "ok: whole names and centre features with expansions"

# 5. a human through a pipe: the tile in hand, help, quit
out=$tmp/human.out
printf 'help\nrotations\nquit\n' | COLUMNS=100 "$play" --seed 2 --modules big_top,inns_cathedrals \
    --agent 0=human --bag IC_CcRr_p_i=1,BT_ffrr_ac=1 > "$out" || fail "exit $?"
cat > "$tmp/hand" <<'HAND'
tile IC_CcRr_p_i in hand; its legal rotations:
      r0                r1                r2                r3
       C                 C                 R                 R
C IC_CcRr_p_i R   R IC_CcRr_p_i C   R IC_CcRr_p_i C   C IC_CcRr_p_i R
 !&    R           !&    R           !&    C           !&    C
legend: edges C city, R road, . field; ! pennant; & inn on a road
HAND
grep -A5 '^tile IC_CcRr_p_i in hand' "$out" | head -6 | cmp -s - "$tmp/hand" ||
    fail "the tile in hand is not drawn as $(cat "$tmp/hand")"
has '^Moves of the modules in play:$'
has '^  deploy big city N '
has '^  acrobat, acrobat X,Y '
has '^  pyramid, pyramid X,Y '
has '^Now: place '
# what a deployment takes, each word once
out=$tmp/deploy.out
printf 'place 0,-1 r2\nhelp\nquit\n' | "$play" --seed 5 --agent 0=human --bag E=2 > "$out" ||
    fail "exit $?"
has '^your new tile E is at 0,-1; choose:$'
has '^Now: pass, deploy (.actions. lists every legal action)$'
echo "ok: the tile in hand, module moves in help"

# 6. every prompt of a game with every module says what it asks
out=$tmp/prompts.out
yes 0 | head -3000 | "$play" --seed 3 --agent 0=human --agent 1=human \
    --modules abbey_mayor,bridges_castles,big_top,traders_builders,inns_cathedrals > "$out" ||
    fail "exit $?"
has '^final scores: '
hasnt 'player [0-9] > '
hasnt 'your  tile'
has 'player 0, abbey: one of 0\.\.1 or a move'
has 'player [01], bazaar: one of 0\.\.[0-9]* or a move'
echo "ok: prompts"

# 7. --load: a game saved midway goes on with the agents given; the record
#    written holds the whole game
"$play" --seed 4 --modules big_top --record-out "$tmp/full.rec" --quiet > /dev/null ||
    fail "no record"
# cut before the 42nd draw, turn 41 (a discarded tile was drawn too; whatever the header's length: every rule option
# of the modules in play has its line)
awk '/^draw /{n++} n==42{exit} {print}' "$tmp/full.rec" > "$tmp/cut.rec"
cut_lines=$(wc -l < "$tmp/cut.rec")
out=$tmp/load.out
"$play" --load "$tmp/cut.rec" --agent 1=greedy --record-out "$tmp/cont.rec" > "$out" ||
    fail "--load: exit $?"
has '^loaded .*cut.rec: going on at turn 41$'
has '^turn 41 player '
has '^final scores: '
head -n "$cut_lines" "$tmp/cont.rec" | cmp -s - "$tmp/cut.rec" || fail "the record does not go on from the loaded one"
[ "$("$play" --replay "$tmp/cont.rec" | grep '^final scores:')" = "$(grep '^final scores:' "$out")" ] ||
    fail "the record of the loaded game replays to other scores"
# a human goes on: their first prompt comes at once
out=$tmp/loadhuman.out
printf 'quit\n' | "$play" --load "$tmp/cut.rec" --agent 0=human --agent 1=human > "$out" ||
    fail "exit $?"
has 'quit at turn 41$'
# a finished game shows its end
out=$tmp/loadend.out
"$play" --load "$tmp/full.rec" --quiet > "$out" || fail "exit $?"
has '^loaded .*full.rec: the game is over at turn '
[ "$(grep '^final scores:' "$out")" = "$("$play" --replay "$tmp/full.rec" | grep '^final scores:')" ] ||
    fail "a finished game loaded ends with other scores"
# mistakes
out=$tmp/loaderr.out
"$play" --load "$tmp/cut.rec" --seed 3 2> "$out" && fail "--load with --seed accepted"
has "^carcvar-play: --seed: --load takes the game's options from the record"
"$play" --load "$tmp/cut.rec" --agent 2=human 2> "$out" && fail "--agent 2 accepted"
has '^carcvar-play: --agent 2=human: there is no player 2 in a 2-player game'
"$play" --load "$tmp/none.rec" 2> "$out"
[ $? -eq 1 ] || fail "a missing file: not exit 1"
has 'none.rec: No such file or directory'
"$play" --load "$tmp/cut.rec" --replay "$tmp/cut.rec" 2> "$out" && fail "--load with --replay"
has '^carcvar-play: --replay and --load: give one of them$'
echo "ok: --load"

# 8. 'board all': every column of a board wider than the terminal, in strips
#    (the human's own board is panned: 'showing x')
"$play" --seed 1 --record-out "$tmp/long.rec" --quiet > /dev/null || fail "no record"
last=$(grep -n '^draw' "$tmp/long.rec" | tail -1 | cut -d: -f1)
head -n $((last - 1)) "$tmp/long.rec" > "$tmp/last.rec"
out=$tmp/boardall.out
printf 'board all\nquit\n' | COLUMNS=80 "$play" --load "$tmp/last.rec" --agent 0=human \
    --agent 1=human --quiet > "$out" || fail "exit $?"
has '^showing x -6..3$'
has '^x -6..0, y -8..5$'
has '^x 1..6, y -8..6$'
[ "$(maxw "$out")" -le 80 ] || fail "a line of $(maxw "$out") columns in 80"
echo "ok: board all"

# 9. pig throwing: at a deployment where the human may throw, the legal
#    throws with what each would do; 'throw tK' makes the whole throw (the
#    tile, the segment, the knock-off); 'throws' lists them again; the board
#    view then shows the path (pig_throw_*.rec, cut before the throw)
scen=$(dirname "$0")/scenarios
cut_at_throw() { awk '/^throw$/ { exit } !/^# expect/' "$1"; }
cut_at_throw "$scen/pig_throw_gaps_squash.rec" > "$tmp/pig.rec"
out=$tmp/pig.out
printf 'throws\nthrow t1\nthrow t0\n' | COLUMNS=200 "$play" --load "$tmp/pig.rec" \
    --agent 0=human --agent 1=human > "$out" || fail "exit $?"
[ "$(grep -c "^  t0   to 0,-1 field Nw, 3 tiles, normal: lands; squashes player 1's follower$" "$out")" -eq 2 ] ||
    fail "the throw not listed twice (at the decision, then 'throws')"
has "^player 0, deploy on U at 4,0 or pass > 'throw t1': no such throw ('throws' lists them)$"
has '> turn 11 player 0: throw$'
has '^turn 11 player 0: throw 0,-1$'
has '^turn 11 player 0: throw 0,-1 field Nw$'
has '^pig thrown this turn by player 0: -3,-1 -2,-1 -1,-1 0,-1 (3 tiles, normal), landed, 1 squashed$'
has '^final scores: player 0 = 17; player 1 = 0;$'
cut_at_throw "$scen/pig_throw_high_precision.rec" > "$tmp/pighp.rec"
out=$tmp/pighp.out
printf 'throw t1\n' | COLUMNS=200 "$play" --load "$tmp/pighp.rec" --agent 0=human \
    --agent 1=human > "$out" || fail "exit $?"
has "^  t1   to 5,-1 field Nw, 4 tiles, high over 1 obstacle, knocking player 1's follower off a tower: lands$"
has 'turn 15 player 0: throw knock 7$'
echo "ok: pig throws listed and chosen whole"
