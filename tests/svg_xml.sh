#!/bin/sh
# The example's SVG output parses as XML with an <svg> root that scales (a
# viewBox, no fixed size) and holds the tiles, the figures by role and the
# panel.
set -eu
play=$1
out=$(mktemp --suffix=.svg)
trap 'rm -f "$out"' EXIT
"$play" --seed 7 --quiet --svg "$out" > /dev/null
/usr/bin/python3 - "$out" <<'PY'
import sys, xml.etree.ElementTree as ET
NS = '{http://www.w3.org/2000/svg}'
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == NS + 'svg', root.tag
assert 'width' not in root.attrib and 'height' not in root.attrib, root.attrib
w, h = [int(v) for v in root.attrib['viewBox'].split()[2:]]
assert w > 0 and h > 0
cls = lambda e: e.attrib.get('class', '').split()
tiles = [g for g in root.iter(NS + 'g') if cls(g)[:1] == ['tile']]
assert len(tiles) >= 60, len(tiles)
figs = [g for g in root.iter(NS + 'g') if cls(g)[:1] == ['figure']]
roles = {c for g in figs for c in cls(g)[2:]}
assert figs and roles <= {'knight', 'thief', 'monk', 'farmer'}, roles
assert len(roles) >= 2, roles
for g in figs:
    assert g.find(NS + 'title') is not None   # a tooltip names it
assert len([g for g in root.iter(NS + 'g') if cls(g) == ['last-tile']]) == 1
assert len([t for t in root.iter(NS + 'text') if cls(t) == ['score']]) == 2
print("1 passed, 0 failed")
PY
