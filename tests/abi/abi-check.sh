#!/bin/sh
# abi-check.sh LIB BASELINE
#   Compare the ABI of the shared library LIB with the committed BASELINE
#   (an abidw XML file, tests/abi/libcarcvar.abi).  Any difference fails:
#   abidiff's exit status is a bit mask (1 error, 2 usage, 4 ABI change,
#   8 incompatible change) and an addition only sets bit 4, so every
#   non-zero status is a failure here.  Additions are fine for users but
#   must be accepted deliberately: refresh the baseline (doc/abi.md).
#   No --headers-dir: with meson's relative DWARF paths it hides changes.
#   Suppressions: carcvar.suppr next to this script (the opaque carc_game's
#   private layout), or the file named by $ABI_SUPPRESSIONS.
#   Exit 77 (meson: skipped) when abidiff is not installed.
set -u
if [ $# -ne 2 ]; then
    echo "usage: $0 LIB BASELINE" >&2
    exit 2
fi
lib=$1
baseline=$2
if ! command -v abidiff >/dev/null 2>&1; then
    echo "abidiff not installed (Debian: apt-get install abigail-tools): skipped"
    exit 77
fi
if [ ! -f "$lib" ]; then
    echo "abi-check: no library at $lib" >&2
    exit 1
fi
if [ ! -f "$baseline" ]; then
    echo "abi-check: no baseline at $baseline" >&2
    echo "create it with: $(dirname "$0")/abi-refresh.sh $lib $baseline" >&2
    exit 1
fi
suppr=${ABI_SUPPRESSIONS:-$(dirname "$0")/carcvar.suppr}
if [ -f "$suppr" ]; then
    out=$(abidiff --suppressions "$suppr" "$baseline" "$lib" 2>&1)
else
    out=$(abidiff "$baseline" "$lib" 2>&1)
fi
rc=$?
if [ $rc -ne 0 ]; then
    echo "abi-check: the ABI of $lib differs from $baseline (abidiff status $rc):"
    echo "$out"
    if [ $((rc & 8)) -ne 0 ]; then
        echo "abi-check: INCOMPATIBLE change: needs a new SONAME (doc/abi.md)"
    elif [ $((rc & 4)) -ne 0 ]; then
        echo "abi-check: ABI change: if it is a compatible addition, refresh the baseline"
        echo "  deliberately (doc/abi.md); a layout change of a public struct is a break."
    else
        echo "abi-check: abidiff could not compare (status $rc)"
    fi
    exit 1
fi
echo "abi-check: $lib matches $baseline"
exit 0
