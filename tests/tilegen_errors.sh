#!/bin/sh
# Runs tilegen on every tests/tilegen/*.def: good*.def must compile; every
# other file must be refused with a non-zero exit and the message its first
# line announces ("# expect: LINE: TEXT"), prefixed by FILE:LINE:.
# usage: tilegen_errors.sh TILEGEN DIR
tilegen=$1 dir=$2
out=$(mktemp -d) || exit 1
trap 'rm -rf "$out"' EXIT
fail=0 n=0
for f in "$dir"/*.def; do
    n=$((n + 1))
    name=$(basename "$f")
    "$tilegen" "$out/t.c" "$out/t.h" "$f" 2>"$out/err"
    rc=$?
    case $name in
    good*)
        if [ $rc -ne 0 ] || [ ! -s "$out/t.c" ] || [ ! -s "$out/t.h" ]; then
            echo "FAIL $name: exit $rc, want 0"; cat "$out/err"; fail=1
        fi
        continue ;;
    esac
    expect=$(sed -n '1s/^# expect: //p' "$f")
    line=${expect%%:*} text=${expect#*: }
    if [ -z "$expect" ]; then
        echo "FAIL $name: no '# expect: LINE: TEXT' first line"; fail=1
    elif [ $rc -ne 1 ]; then
        echo "FAIL $name: exit $rc, want 1"; fail=1
    elif ! grep -qF "$f:$line: " "$out/err" || ! grep -qF "$text" "$out/err"; then
        echo "FAIL $name: want '$f:$line: ...$text', got:"; cat "$out/err"; fail=1
    fi
done
echo "$n tile descriptions checked"
[ $n -gt 1 ] || fail=1
exit $fail
