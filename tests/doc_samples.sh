#!/bin/sh
# Compile and run every complete C program (```c block with a main) in doc/*.md
# against the just-built library, and replay every game record sample.  usage: doc_samples.sh SRCDIR BUILDDIR CC...
set -eu
src=$1; build=$2; shift 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
for md in "$src"/doc/*.md; do
  awk -v out="$tmp/$(basename "$md" .md)" '
    /^```c$/ {inb=1; k++; f=out "_" k ".c"; next}
    /^```/ && inb {inb=0; next}
    inb {print > f}' "$md"
done
for c in "$tmp"/*.c; do
  [ -e "$c" ] || continue
  grep -q 'int main' "$c" || continue
  n=$((n+1))
  "$@" -std=c11 -Wall -Werror -I"$src/include" "$c" -L"$build/lib" -lcarcvar -o "$c.bin"
  LD_LIBRARY_PATH="$build/lib" "$c.bin" > "$c.out"
  case $(basename "$c") in  # the program of getting-started.md prints its moves
    getting-started_*) grep -q '^turn 1 player 0: place ' "$c.out" ||
      { echo "$(basename "$c") prints no moves"; exit 1; } ;;
  esac
  echo "ok $(basename "$c"): $(head -1 "$c.out")"
done
# every record sample (a block starting with carcvar-record) must replay
for md in "$src"/doc/*.md; do
  awk -v out="$tmp/rec_$(basename "$md" .md)" '
    /^```/ && !inb {inb=1; k++; f=out "_" k ".rec"; next}
    /^```/ && inb {inb=0; next}
    inb {print > f}' "$md"
done
for r in "$tmp"/rec_*.rec; do
  [ -e "$r" ] || continue
  head -1 "$r" | grep -q '^carcvar-record' || continue
  n=$((n+1))
  "$build/examples/carcvar-play" --replay "$r" > "$r.out"
  echo "ok $(basename "$r"): $(head -1 "$r.out")"
done
[ "$n" -gt 0 ] || { echo "no samples found"; exit 1; }
echo "$n passed, 0 failed"
