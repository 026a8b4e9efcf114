#!/bin/sh
# Documentation checks.  usage: docs_check.sh SRCDIR
# 1. Every function of the public header has a Doxygen comment (/** ... */
#    just before it, or /**< after it), so the API reference documents it
#    (meson compile -C build doc).
# 2. The README's first command installs Doxygen (for that reference) and
#    builds only the library and carcvar-play (meson compile -C build
#    carcvar-play): the test programs are built by meson test.
set -u
src=$1
bad=0
awk '
  /\/\*\*/ { indoc = 1 }
  /\/\*[^*]/ && !/\/\*\*/ { indoc = 0 }
  /\*\// { if (indoc) doc = NR; indoc = 0; next }
  /^CARC_API/ {
      if (doc != NR - 1 && $0 !~ /\/\*\*</) {
          name = $0; sub(/\(.*/, "", name); sub(/.*[ *]/, "", name)
          printf "%s:%d: %s has no /** comment\n", FILENAME, NR, name; bad++
      }
  }
  END { if (bad) { printf "%d undocumented\n", bad; exit 1 } }
' "$src/include/carcvar/carcvar.h" || bad=1
first=$(grep -m1 '^apt-get ' "$src/README.md")
case $first in
  *" doxygen "*) ;;
  *) echo "README's first command installs no doxygen: $first"; bad=1 ;;
esac
case $first in
  *"meson compile -C build carcvar-play "*) ;;
  *) echo "README's first command builds more than carcvar-play: $first"; bad=1 ;;
esac
[ "$bad" -eq 0 ] && echo "ok"
exit "$bad"
