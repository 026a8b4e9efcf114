#!/bin/sh
# The example's SVG output parses as XML with an <svg> root.
set -eu
play=$1
out=$(mktemp --suffix=.svg)
trap 'rm -f "$out"' EXIT
"$play" --seed 7 --quiet --svg "$out" > /dev/null
/usr/bin/python3 - "$out" <<'PY'
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == '{http://www.w3.org/2000/svg}svg', root.tag
tiles = root.findall('{http://www.w3.org/2000/svg}g')
assert len(tiles) >= 60, len(tiles)
print("1 passed, 0 failed")
PY
