#!/bin/sh
# play_args.sh CARCVAR-PLAY
#   carcvar-play's answers to mistakes on its command line (issue 34): each
#   refusal exits 2 and names the value and the allowed range on stderr;
#   --rule sets a rule option, --rules lists them, --help is a real help;
#   a record with an out-of-range rule value or cut short says so.
set -u
play=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 failed=0
ok() { pass=$((pass + 1)); echo "ok: $*"; }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

# refuse STATUS 'TEXT'... -- ARGS: exits STATUS, stderr holds every TEXT
refuse() {
    want=$1; shift
    texts=
    while [ "$1" != -- ]; do texts="$texts$1
"; shift; done
    shift
    "$play" --quiet "$@" > "$tmp/out" 2> "$tmp/err"
    rc=$?
    if [ $rc -ne "$want" ]; then
        bad "$*: exit $rc, not $want; stderr: $(head -c 300 "$tmp/err")"
        return
    fi
    miss=$(printf '%s' "$texts" | while IFS= read -r t; do
        grep -qF -- "$t" "$tmp/err" || echo "$t"; done)
    if [ -n "$miss" ]; then
        bad "$*: stderr lacks '$miss': $(head -c 300 "$tmp/err")"
    else
        ok "$* -> $rc: $(head -1 "$tmp/err")"
    fi
}

refuse 2 "'abc'" "0 to 18446744073709551615" -- --seed abc
refuse 2 "'-1'" "0 to 18446744073709551615" -- --seed -1
refuse 2 "18446744073709551616" "0 to 18446744073709551615" -- --seed 18446744073709551616
refuse 2 "2=human" "2-player" "players 0 to 1" -- --agent 2=human
refuse 2 "'7'" "2 to 6" -- --players 7
refuse 2 "'Z' is no tile" "A B C" -- --bag Z=1
refuse 2 "'0'" "1 to 255" -- --bag U=0
refuse 2 "D=9" "only 3" -- --bag D=9
refuse 2 "first-player 2" "players 0 to 1" -- --first-player 2
refuse 2 "'foo'" "random, greedy or human" -- --agent 1=foo
refuse 2 "tiny_city=3" "1 to 2" -- --rule tiny_city=3
refuse 2 "'nope'" "tiny_city" -- --rule nope=1
refuse 2 "am_wagon_move" "not in play" -- --rule am_wagon_move=1
refuse 2 "'foo'" "big_top" -- --modules foo
refuse 2 "'--frob'" "--help" -- --frob
refuse 2 "--seed needs a value" -- --seed

# --rule applies: the 1st-edition tiny city changes this seed's scores, and
# the record keeps the rule
"$play" --quiet --seed 3 > "$tmp/default.out" 2>&1
"$play" --quiet --seed 3 --rule tiny_city=1 --record-out "$tmp/tc.rec" > "$tmp/tc.out" 2>&1
rc=$?
if [ $rc -eq 0 ] && grep -q '^rule tiny_city 1$' "$tmp/tc.rec" &&
   [ "$(grep '^final scores' "$tmp/tc.out")" != "$(grep '^final scores' "$tmp/default.out")" ]
then ok "--rule tiny_city=1 applies: $(grep '^final scores' "$tmp/tc.out")"
else bad "--rule tiny_city=1 does not apply (exit $rc)"
fi
"$play" --quiet --seed 3 --modules abbey_mayor --rule am_wagon_move=1 > /dev/null 2>&1 &&
    ok "--rule of a module in play" || bad "--modules abbey_mayor --rule am_wagon_move=1 refused"

# --rules lists every rule with its range; --help describes the options
if "$play" --rules > "$tmp/rules" 2>&1 && grep -q 'tiny_city  *1 to 2, default 2' "$tmp/rules" &&
   grep -q 'bcb_bazaar_max_bid  *1 to 1000' "$tmp/rules"
then ok "--rules lists the rules"
else bad "--rules: $(head -c 300 "$tmp/rules")"
fi
if "$play" --help > "$tmp/help" 2>&1 && grep -q -- '--rule NAME=VALUE' "$tmp/help" &&
   grep -q -- '--seed N.*0 to 18446744073709551615' "$tmp/help"
then ok "--help"
else bad "--help: $(head -c 300 "$tmp/help")"
fi

# records: an out-of-range rule value is reported with its line; a record
# cut short says the game is not over
"$play" --quiet --seed 3 --record-out "$tmp/game.rec" > /dev/null
sed 's/^rule tiny_city 2$/rule tiny_city 9/' "$tmp/game.rec" > "$tmp/bad.rec"
"$play" --replay "$tmp/bad.rec" > "$tmp/out" 2> "$tmp/err"
rc=$?
if [ $rc -eq 1 ] && grep -q 'bad.rec:[0-9]*: .*tiny_city 9' "$tmp/err"
then ok "record with tiny_city 9: $(cat "$tmp/err")"
else bad "record with tiny_city 9: exit $rc, stderr '$(cat "$tmp/err")'"
fi
head -30 "$tmp/game.rec" > "$tmp/cut.rec"   # cut at a line end, mid-game
"$play" --replay "$tmp/cut.rec" > "$tmp/out" 2> "$tmp/err"
rc=$?
if [ $rc -eq 0 ] && grep -q 'before the game is over' "$tmp/err" &&
   ! grep -q '^final scores' "$tmp/out"
then ok "record cut short: $(cat "$tmp/err")"
else bad "record cut short: exit $rc, stderr '$(cat "$tmp/err")'"
fi

echo "$pass passed, $failed failed"
[ $failed -eq 0 ]
