"""examples/selfplay.py runs with multiprocessing and with a local Dask cluster."""
import contextlib
import io
import os
import sys

import pytest

# workers (forked, or spawned by Dask) import the example by its name
EXAMPLES = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..", "examples"))
sys.path.insert(0, EXAMPLES)
os.environ["PYTHONPATH"] = os.pathsep.join(
    [EXAMPLES, os.path.abspath(os.path.join(EXAMPLES, "..", "bindings", "python"))] +
    [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p])
import selfplay  # noqa: E402


def test_games_are_reproducible_and_greedy_beats_random():
    a = sorted(selfplay.run_local(6, ["random", "greedy"], 2))
    b = sorted(selfplay.run_local(6, ["random", "greedy"], 1))
    assert a == b
    out = io.StringIO()
    selfplay.summarise(a, 1.0, out)
    assert "greedy   win rate" in out.getvalue() and "6 games" in out.getvalue()
    greedy_wins = sum(1 for _, seats, s in a if s[seats.index("greedy")] == max(s))
    assert greedy_wins >= 5


def test_dask_local_cluster():
    pytest.importorskip("distributed")
    with contextlib.redirect_stderr(io.StringIO()):
        results = selfplay.run_dask(4, ["random", "random"], None)
    assert sorted(r[0] for r in results) == [0, 1, 2, 3]
    assert sorted(results) == sorted(selfplay.run_local(4, ["random", "random"], 1))
