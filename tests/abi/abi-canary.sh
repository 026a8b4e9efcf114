#!/bin/sh
# abi-canary.sh INCLUDE_DIR CC [CC ARGS...]
#   Prove that abi-check.sh notices ABI breaks.  Builds canary_lib.c (a tiny
#   library using the real public header) as a reference, dumps its ABI with
#   abi-refresh.sh, then checks:
#     the same library rebuilt                      -> abi-check must PASS
#     a field inserted in the middle of carc_options -> must FAIL
#     a function's parameter list changed            -> must FAIL
#     a function removed                             -> must FAIL
#     a function added                               -> must FAIL (deliberate refresh)
#     the private layout of the opaque carc_game     -> must PASS (suppressed)
#   Exit 0 if every case behaves, 1 if not, 77 without abigail-tools,
#   99 if the canary itself cannot be built.
set -u
if [ $# -lt 2 ]; then
    echo "usage: $0 INCLUDE_DIR CC [CC ARGS...]" >&2
    exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
incdir=$1
shift
if ! command -v abidiff >/dev/null 2>&1 || ! command -v abidw >/dev/null 2>&1; then
    echo "abigail-tools not installed: skipped"
    exit 77
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/carcvar-abi-canary.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT INT TERM

build() {  # build NAME INCLUDE_DIR [EXTRA CFLAGS...]
    name=$1
    inc=$2
    shift 2
    mkdir -p "$tmp/$name"
    if ! "$@" -g -O0 -fPIC -shared -fvisibility=hidden \
         -Wl,-soname,libcarcvar-canary.so.0 -I"$inc" \
         -o "$tmp/$name/libcarcvar-canary.so.0" "$here/canary_lib.c" \
         >"$tmp/$name.log" 2>&1; then
        cat "$tmp/$name.log"
        echo "abi-canary: cannot build the $name variant"
        exit 99
    fi
}

cc_cmd="$*"
# shellcheck disable=SC2086
build reference "$incdir" $cc_cmd
"$here/abi-refresh.sh" "$tmp/reference/libcarcvar-canary.so.0" "$tmp/baseline.abi" \
    >/dev/null || { echo "abi-canary: abidw failed"; exit 99; }

# header copy with a field inserted before num_players in carc_options
mkdir -p "$tmp/include/carcvar"
sed 's/^\( *\)int32_t num_players;/\1int32_t canary_inserted;\n\1int32_t num_players;/' \
    "$incdir/carcvar/carcvar.h" >"$tmp/include/carcvar/carcvar.h"
if ! grep -q canary_inserted "$tmp/include/carcvar/carcvar.h"; then
    echo "abi-canary: could not edit carc_options in the header copy (update abi-canary.sh)"
    exit 99
fi

# shellcheck disable=SC2086
build same "$incdir" $cc_cmd
# shellcheck disable=SC2086
build struct "$tmp/include" $cc_cmd
# shellcheck disable=SC2086
build signature "$incdir" $cc_cmd -DCANARY_SIGNATURE
# shellcheck disable=SC2086
build removed "$incdir" $cc_cmd -DCANARY_REMOVE
# shellcheck disable=SC2086
build added "$incdir" $cc_cmd -DCANARY_ADD
# shellcheck disable=SC2086
build opaque "$incdir" $cc_cmd -DCANARY_OPAQUE

bad=0
expect() {  # expect pass|fail NAME
    "$here/abi-check.sh" "$tmp/$2/libcarcvar-canary.so.0" "$tmp/baseline.abi" \
        >"$tmp/$2.check" 2>&1
    rc=$?
    if [ "$1" = pass ] && [ $rc -eq 0 ]; then
        echo "ok: $2: abi-check passes"
    elif [ "$1" = fail ] && [ $rc -eq 1 ]; then
        why=$(grep -m1 -E "offset changed|size changed|parameter .*(added|removed)|(Removed|Added) function:" \
              "$tmp/$2.check" | sed 's/^ *//')
        echo "ok: $2: abi-check fails: $why"
    else
        echo "NOT OK: $2: expected abi-check to $1, exit status $rc:"
        cat "$tmp/$2.check"
        bad=$((bad + 1))
    fi
}
expect pass same
expect fail struct
expect fail signature
expect fail removed
expect fail added
expect pass opaque
if [ $bad -ne 0 ]; then
    echo "abi-canary: $bad case(s) not caught"
    exit 1
fi
echo "abi-canary: all 6 cases behave"
exit 0
