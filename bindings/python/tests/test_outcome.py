"""Game.apply_outcome (carc_game_apply_outcome): a structured chance outcome
from the host.  The library's own modules have no sampled-only chance
decision yet, so the accepted outcome is shown with the test-only probe
modules, in a subprocess loading the probe library (CARCVAR_PROBE_LIBRARY,
set by meson); the refusals every library gives are checked here."""
import os
import subprocess
import sys

import pytest

import carcvar

PROBE_LIB = os.environ.get("CARCVAR_PROBE_LIBRARY")

# probe2's gust (tests/probe/probe2_module.c): action kind 16 + 13*16 + 7,
# words x, y (0..44 mm), the players hit (bit set), the touched figures
GUST = 16 + 13 * 16 + 7
TITHE = 16 + 12 * 16 + 1   # the probe module's, not an outcome of probe2


def test_refused_where_no_structured_outcome_is_pending():
    g = carcvar.Game(players=2, seed=3)
    before = g.serialize()
    # a listed chance decision (the draw)
    with pytest.raises(carcvar.WrongStateError) as e:
        g.apply_outcome(GUST, [12, 30, 1])
    assert e.value.reason_name == "wrong_kind" and "listed outcomes" in str(e.value)
    g.sample_chance()
    before = g.serialize()
    # a player's decision
    with pytest.raises(carcvar.WrongStateError) as e:
        g.apply_outcome(GUST, [12, 30, 1])
    assert e.value.reason_name == "wrong_kind" and "not chance" in str(e.value)
    assert g.serialize() == before
    # words that are no 16-bit words never reach the library
    with pytest.raises(OverflowError):
        g.apply_outcome(GUST, [12, 30, 65536])
    with pytest.raises(OverflowError):
        g.apply_outcome(GUST, [-1])
    assert g.serialize() == before


PROBE_SCRIPT = r'''
import carcvar
from carcvar import _lib as L

GUST, TITHE = %d, %d
g = carcvar.Game(players=2, modules=["probe", "probe2"])


def sampled_only(g):
    if g.current_player != carcvar.CHANCE:
        return False
    try:
        g.chance_outcomes()
        return False
    except carcvar.UnsupportedError:
        return True


while not sampled_only(g):
    if g.current_player == carcvar.CHANCE:
        L.lib.carc_game_sample_chance(g.handle, None)
    else:
        ids = g.legal_ids()
        g.apply(ids[1] if g.decision.kind == "deploy" and len(ids) > 1 else ids[0])
assert g.turn == 7, g.turn

on_board = {}
for i, f in enumerate(g.figures()):
    if f.owner >= 0 and f.where in ("board", "tile"):
        on_board.setdefault(f.owner, i)
lo, hi = sorted(on_board.values())
before = g.serialize()
s0, s1 = g.score(0), g.score(1)


def refused(exc, reason, action, words):
    try:
        g.apply_outcome(action, words)
    except exc as e:
        assert e.reason_name == reason, (action, words, e.reason_name, str(e))
        assert str(e)
    else:
        raise AssertionError(("accepted", action, words))
    assert g.serialize() == before


refused(carcvar.IllegalActionError, "out_of_range", GUST, [45, 30, 1])      # x out of range
refused(carcvar.IllegalActionError, "out_of_range", GUST, [12, 30, 1, hi, lo])  # not ascending
refused(carcvar.IllegalActionError, "out_of_range", GUST, [12, 30])         # too few
refused(carcvar.InvalidArgumentError, "out_of_range", GUST, [0] * 33)       # too many
refused(carcvar.InvalidArgumentError, "out_of_range", GUST, [])
refused(carcvar.IllegalActionError, "wrong_kind", TITHE, [12, 30, 1])       # another module's
refused(carcvar.IllegalActionError, "out_of_range", "gust 5,30 hits 0", [12, 30, 1])  # x differs

g.apply_outcome("gust 12,30 hits 0", [12, 30, 1, lo, hi])
assert (g.score(0), g.score(1)) == (s0 + 2, s1 + 1), (g.score(0), g.score(1), s0, s1)
rec = g.record()
assert "\noutcome 0 : 12 30 1 %%d %%d  # gust 12,30 hits 0\n" %% (lo, hi) in rec, rec
assert carcvar.Game.from_record(rec).serialize() == g.serialize()
assert carcvar.Game.deserialize(g.serialize()).serialize() == g.serialize()
assert g.clone().serialize() == g.serialize()
try:
    g.apply_outcome(GUST, [12, 30, 1])
except carcvar.WrongStateError as e:
    assert e.reason_name == "wrong_kind"
else:
    raise AssertionError("a second outcome accepted")
print("ok")
''' % (GUST, TITHE)


@pytest.mark.skipif(not PROBE_LIB, reason="CARCVAR_PROBE_LIBRARY not set (meson sets it)")
def test_structured_outcome_with_the_probe_modules():
    env = dict(os.environ, CARCVAR_LIBRARY=PROBE_LIB)
    out = subprocess.run([sys.executable, "-c", PROBE_SCRIPT], env=env, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"
