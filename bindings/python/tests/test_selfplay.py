"""examples/selfplay.py runs with multiprocessing and with a local Dask cluster,
as a library and as the command users run."""
import contextlib
import io
import os
import re
import subprocess
import sys

import pytest

from pkgpath import pythonpath

# workers (forked, or spawned by Dask) import the example by its name
EXAMPLES = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..", "examples"))
sys.path.insert(0, EXAMPLES)
os.environ["PYTHONPATH"] = pythonpath(EXAMPLES)
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


def test_ties_are_ties():
    results = [(0, ("random", "greedy"), [30, 30]),       # a tie: nobody wins
               (1, ("greedy", "random"), [40, 10]),
               (2, ("random", "random", "greedy"), [5, 9, 9])]
    assert [selfplay.outcome([30, 30], 0), selfplay.outcome([5, 9, 9], 0),
            selfplay.outcome([40, 10], 0)] == ["tie", "loss", "win"]
    out = io.StringIO()
    selfplay.summarise(results, 2.0, out)
    lines = out.getvalue().splitlines()
    assert lines[0] == "greedy   win rate 0.333  tie rate 0.667  over 3 seats"
    assert lines[1] == "random   win rate 0.000  tie rate 0.500  over 4 seats"
    assert lines[2] == "3 games (2 tied) in 2.00 s = 1.5 games/s"


def run_cli(*args):
    """python examples/selfplay.py ARGS, as a user runs it (doc/selfplay.md):
    only the package is on PYTHONPATH."""
    env = dict(os.environ, PYTHONPATH=pythonpath())
    out = subprocess.run([sys.executable, os.path.join(EXAMPLES, "selfplay.py"), *args],
                         env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    return out.stdout


def check_report(text, games, agents):
    for name in agents:
        assert re.search(rf"^{name} +win rate [01]\.\d{{3}}  tie rate [01]\.\d{{3}}  over "
                         rf"\d+ seats$", text, re.M), text
    assert re.search(rf"^{games} games \(\d+ tied\) in [\d.]+ s = [\d.]+ games/s$", text,
                     re.M), text


def test_cli_multiprocessing():
    check_report(run_cli("--games", "4", "--workers", "2", "--agents", "random,greedy"), 4,
                 ["greedy", "random"])


def test_cli_rejects_unknown_agents():
    out = subprocess.run([sys.executable, os.path.join(EXAMPLES, "selfplay.py"), "--agents",
                          "random,clever"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "unknown agent clever" in out.stderr


def test_dask_local_cluster():
    pytest.importorskip("distributed")
    with contextlib.redirect_stderr(io.StringIO()):
        results = selfplay.run_dask(4, ["random", "random"], None)
    assert sorted(r[0] for r in results) == [0, 1, 2, 3]
    assert sorted(results) == sorted(selfplay.run_local(4, ["random", "random"], 1))


def test_cli_dask():
    pytest.importorskip("distributed")
    check_report(run_cli("--games", "3", "--dask", "--agents", "random,random,greedy"), 3,
                 ["greedy", "random"])
