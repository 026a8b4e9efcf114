#!/bin/sh
# play_tmux.sh CARCVAR-PLAY
#   The human mode of carcvar-play, driven through a pseudo-terminal (tmux
#   send-keys / capture-pane) as a person would: a full short game from a
#   chosen bag against a random computer player, with help, a mistyped move,
#   an illegal move (each answered with the library's explanation), hints
#   taken as moves, undo, save (the record replays to the same final scores)
#   and the end of the game, where the whole game is saved; then quit and
#   Ctrl-D in fresh games, which print the scores; the game saved midway
#   going on (--load) to its end; the board as wide as the terminal
#   (TIOCGWINSZ: 200 columns show what 80 pan).  Exits 77 (skipped) without
#   tmux.
set -u
play=$1
command -v tmux >/dev/null 2>&1 || { echo "tmux not installed: skipped"; exit 77; }
tmp=$(mktemp -d)
sock=$tmp/sock
printf 'set -g history-limit 50000\n' > "$tmp/tmux.conf"
cleanup() { tmux -S "$sock" kill-server 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT

screen() { tmux -S "$sock" capture-pane -p -J -S - -t "$1"; }
fail() {
    echo "FAIL: $*"
    echo "---- screen of $session ----"
    screen "$session" | tail -60
    exit 1
}
# start SESSION ARGS...: carcvar-play in a new terminal of $cols (100) x 40,
# COLUMNS unset (the width is the terminal's)
cols=100
start() {
    session=$1
    shift
    if [ -z "$(tmux -S "$sock" ls 2>/dev/null)" ]; then
        tmux -S "$sock" -f "$tmp/tmux.conf" new-session -d -s "$session" -x $cols -y 40 \
            "env -u COLUMNS $play $*; echo EXITED \$?; sleep 600"
    else
        tmux -S "$sock" new-session -d -s "$session" -x $cols -y 40 \
            "env -u COLUMNS $play $*; echo EXITED \$?; sleep 600"
    fi
}
send() { tmux -S "$sock" send-keys -t "$session" -l "$1"; tmux -S "$sock" send-keys -t "$session" Enter; }
prompts() { screen "$session" | grep -c 'player 0, \(place tile\|deploy on\)\|^game over: '; }
# wait_for PATTERN: until the screen shows it (10 s)
wait_for() {
    i=0
    while ! screen "$session" | grep -q -- "$1"; do
        i=$((i + 1))
        [ $i -gt 100 ] && fail "no '$1' on the screen"
        sleep 0.1
    done
}
# answer TEXT: type it and wait for the next prompt or the end of the game
answer() {
    before=$(prompts)
    send "$1"
    i=0
    while [ "$(prompts)" -le "$before" ] && ! screen "$session" | grep -q 'EXITED'; do
        i=$((i + 1))
        [ $i -gt 100 ] && fail "no prompt after '$1'"
        sleep 0.1
    done
}

# 1. a full short game: 6 tiles, player 0 (this terminal) begins
start game --seed 3 --agent 0=human --agent 1=random --bag U=2,V=2,E=1,C=1
wait_for 'player 0, place tile'
wait_for '^legend: '
wait_for ' 0 .*[+][0-3]'              # a legal cell marked on row y = 0
wait_for 'its legal rotations'
answer help
wait_for 'save FILE    write the game record'
answer 'plaec 1,0 r0'
wait_for "unknown word 'plaec'"
answer 'place 9,9 r0'
wait_for 'cell 9,9 touches no tile'
answer 'place 1,0 r3 now'
wait_for "at character 14: 'place' takes a cell and a rotation"
moves=0
undone=0
saved=0
while ! screen "$session" | grep -q '^game over: '; do
    if [ $moves -eq 3 ] && [ $undone -eq 0 ]; then
        answer undo
        wait_for 'undone: back to your decision of turn'
        undone=1
        continue
    fi
    if [ $moves -eq 4 ] && [ $saved -eq 0 ]; then
        answer "save $tmp/mid.rec"
        wait_for "saved the game record to $tmp/mid.rec"
        saved=1
        continue
    fi
    answer hint
    move=$(screen "$session" | grep '^hint: ' | tail -1 | sed 's/^hint: //')
    [ -n "$move" ] || fail "no hint"
    answer "$move"
    moves=$((moves + 1))
    [ $moves -gt 40 ] && fail "the game does not end"
done
wait_for 'final scores:'
# at the end of the game: save the whole record, then Enter ends
answer "save $tmp/end.rec"
wait_for "saved the game record to $tmp/end.rec (carcvar-play --replay"
send ''
wait_for 'EXITED 0'
"$play" --replay "$tmp/end.rec" > "$tmp/end.out" || fail "the record saved at the end does not replay"
[ "$(grep '^final scores:' "$tmp/end.out")" = "$(screen game | grep '^final scores:' | tail -1)" ] ||
    fail "the record saved at the end replays to other scores"
[ $undone -eq 1 ] && [ $saved -eq 1 ] || fail "undo or save never ran (moves $moves)"
screen game | grep -q 'place tile.*' || fail "no placement prompt"
final=$(screen game | grep '^final scores:' | tail -1)
# the saved record replays (it stops mid-game: the replay shows that position)
"$play" --replay "$tmp/mid.rec" > "$tmp/replay.out" || fail "the saved record does not replay"
grep -q '^replayed ' "$tmp/replay.out" || fail "no replay"
grep -q '^carcvar-record 3$' "$tmp/mid.rec" || fail "the record lost the bag"
grep -q '^bag C=1 E=1 U=2 V=2$' "$tmp/mid.rec" || fail "the record lost the bag"
echo "ok: full game ($moves moves, undo, save), $final"

# 2. quit prints the scores
start quitting --seed 5 --agent 0=human
wait_for 'player 0, place tile'
send quit
wait_for 'quit at turn 1'
wait_for '^scores: player 0 = 0; player 1 = 0;'
wait_for 'EXITED 0'
echo "ok: quit"

# 3. Ctrl-D behaves like quit
start eof --seed 5 --agent 0=human
wait_for 'player 0, place tile'
tmux -S "$sock" send-keys -t eof C-d
wait_for 'quit at turn 1'
wait_for '^scores: '
wait_for 'EXITED 0'
echo "ok: Ctrl-D"

# 4. two humans: undo is for games against the computer only
start twohumans --seed 5 --agent 0=human --agent 1=human
wait_for 'player 0, place tile'
answer undo
wait_for 'undo works only against computer opponents'
send quit
wait_for 'EXITED 0'
echo "ok: undo refused between humans"

# 5. a game saved midway goes on (--load) with the human at the keyboard
start loading --load "$tmp/mid.rec" --agent 0=human --agent 1=random
wait_for "^loaded $tmp/mid.rec: going on at turn "
moves=0
while ! screen "$session" | grep -q '^game over: '; do
    answer hint
    move=$(screen "$session" | grep '^hint: ' | tail -1 | sed 's/^hint: //')
    [ -n "$move" ] || fail "no hint"
    answer "$move"
    moves=$((moves + 1))
    [ $moves -gt 40 ] && fail "the loaded game does not end"
done
wait_for '^final scores:'
send ''
wait_for 'EXITED 0'
echo "ok: --load went on for $moves moves"

# 6. the board as wide as the terminal (TIOCGWINSZ): a game of 11 columns
#    loaded before its last tile shows every column in 200 columns (no
#    "showing x"); in 80 (10 columns of tiles) it is panned
"$play" --seed 1 --record-out "$tmp/long.rec" --quiet > /dev/null || fail "no record"
last=$(grep -n '^draw' "$tmp/long.rec" | tail -1 | cut -d: -f1)
head -n $((last - 1)) "$tmp/long.rec" > "$tmp/long40.rec"
cols=200
start wide --load "$tmp/long40.rec" --agent 0=human --agent 1=human --quiet
wait_for 'player [01], place tile'
screen wide | grep -q '^showing x' && fail "a 200-column terminal shows part of the board"
wide=$(screen wide | awk '{ if (length($0) > m) m = length($0) } END { print m + 0 }')
[ "$wide" -gt 80 ] || fail "200 columns: no line wider than 80 ($wide)"
send quit
wait_for 'EXITED 0'
cols=80
start narrow --load "$tmp/long40.rec" --agent 0=human --agent 1=human --quiet
wait_for 'player [01], place tile'
wait_for '^showing x'
send quit
wait_for 'EXITED 0'
echo "ok: the terminal's width ($wide columns in 200, panned in 80)"
