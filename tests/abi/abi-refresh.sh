#!/bin/sh
# abi-refresh.sh LIB [BASELINE]
#   Write the ABI of the shared library LIB to BASELINE (default: the
#   committed tests/abi/libcarcvar.abi next to this script).  LIB must carry
#   debug information (meson's default buildtype here, debugoptimized, does).
#   Run this only to accept an ABI change deliberately, and commit the new
#   baseline in the same change as the code that alters the ABI (doc/abi.md).
set -eu
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: $0 LIB [BASELINE]" >&2
    exit 2
fi
lib=$1
baseline=${2:-$(dirname "$0")/libcarcvar.abi}
command -v abidw >/dev/null 2>&1 || {
    echo "abidw not installed (Debian: apt-get install abigail-tools)" >&2
    exit 1
}
tmp=$baseline.tmp.$$
abidw --no-show-locs --no-corpus-path --no-comp-dir-path --type-id-style hash \
      --out-file "$tmp" "$lib"
# a baseline of a library without DWARF would compare symbols only
if ! grep -q '<function-decl' "$tmp"; then
    rm -f "$tmp"
    echo "abi-refresh: $lib has no debug information (build with -g)" >&2
    exit 1
fi
mv "$tmp" "$baseline"
echo "abi-refresh: wrote $baseline"
"$(dirname "$0")/abi-check.sh" "$lib" "$baseline" >/dev/null || {
    echo "abi-refresh: warning: abidiff does not find the new baseline equal to $lib" >&2
    exit 1
}
