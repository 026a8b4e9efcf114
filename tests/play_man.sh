#!/bin/sh
# play_man.sh CARCVAR-PLAY MANPAGE BUILDDIR
#   The manual page of carcvar-play: every option of --help is in it, groff
#   reads it with no warning, and meson installs it with the program (in
#   man1, beside bindir's carcvar-play).
set -u
play=$1 page=$2 build=$3
fail() { echo "FAIL: $*"; exit 1; }
[ -f "$page" ] || fail "no manual page $page"
n=0
for opt in $("$play" --help | grep -o -- '--[a-z][a-z-]*' | sort -u); do
    esc=$(printf '%s' "$opt" | sed 's/-/\\\\-/g')
    grep -q -- "$esc" "$page" || fail "option $opt of --help is not in $page"
    n=$((n + 1))
done
[ $n -ge 16 ] || fail "only $n options found in --help"
# the commands of the human player
for cmd in help board rotations actions hint undo save quit; do
    grep -q "^\.B.* $cmd\b\|^\.B $cmd$\|^\.BR* $cmd " "$page" || fail "command $cmd not in $page"
done
if command -v groff >/dev/null 2>&1; then
    warn=$(groff -man -Tutf8 -ww -z "$page" 2>&1)
    [ -z "$warn" ] || fail "groff: $warn"
fi
installed=$(meson introspect "$build" --installed 2>/dev/null)
if [ -n "$installed" ]; then
    case "$installed" in
    *'/bin/carcvar-play"'*)
        printf '%s' "$installed" | grep -q '/man1/carcvar-play\.1"' ||
            fail "meson installs carcvar-play without its manual page" ;;
    *) echo "carcvar-play not installed by this build (python_package): not checked" ;;
    esac
fi
echo "ok: $n options, the commands, groff, installed"
