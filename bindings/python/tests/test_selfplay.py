"""examples/selfplay.py runs with multiprocessing and with a local Dask cluster,
as a library and as the command users run."""
import contextlib
import io
import json
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
import carcvar  # noqa: E402


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
    # greedy: 30, 40, 9 (mean 26.3); random: 30, 10, 5, 9 (mean 13.5)
    assert lines[0] == "greedy   win rate 0.333  tie rate 0.667  mean score 26.3  over 3 seats"
    assert lines[1] == "random   win rate 0.000  tie rate 0.500  mean score 13.5  over 4 seats"
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
        assert re.search(rf"^{name} +win rate [01]\.\d{{3}}  tie rate [01]\.\d{{3}}  "
                         rf"mean score \d+\.\d  over \d+ seats$", text, re.M), text
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


def first_action(game, rng):
    """A user's agent: always the first legal action (a module-level
    function, so that worker processes can import it)."""
    return game.legal_actions()[0]          # an Action object is accepted too


def test_own_agent_as_a_callable_and_progress_and_records():
    seen = []
    results = selfplay.run_local(4, [first_action, "random"], 2, records=True,
                                 on_result=seen.append)
    assert len(seen) == 4 and sorted(seen) == sorted(results)
    name = f"{__name__}:first_action"
    for seed, seats, scores, record in results:
        assert name in seats and "random" in seats
        # the record replays to the same final scores, and the user's agent
        # really chose the first legal action at each of its decisions
        import carcvar
        with carcvar.Game.from_record(record) as g:
            assert g.final_scores() == scores
        with carcvar.Game(players=2, seed=seed) as g:
            for line in record.splitlines()[5:]:
                if not line or line.startswith("#"):
                    continue
                if g.current_player == carcvar.CHANCE:
                    g.sample_chance()
                    continue
                if seats[g.current_player] == name:
                    assert line == g.legal_actions()[0].text, line
                g.apply(line)
    out = io.StringIO()
    selfplay.summarise(results, 1.0, out)
    assert f"{name} win rate" in out.getvalue()


def test_progress_lines():
    out = io.StringIO()
    p = selfplay.Progress(20, out)
    for _ in range(20):
        p(None)
    lines = out.getvalue().splitlines()
    assert len(lines) == 10 and lines[-1].startswith("20/20 games  ")
    assert lines[0].startswith("2/20 games  ")


def test_cli_own_module_agent_records_and_progress(tmp_path):
    (tmp_path / "mybot.py").write_text(
        "def act(game, rng):\n    return game.legal_ids()[-1]\n")
    env = dict(os.environ, PYTHONPATH=pythonpath())
    rec_dir = tmp_path / "recs"
    out = subprocess.run([sys.executable, os.path.join(EXAMPLES, "selfplay.py"), "--games", "3",
                          "--workers", "2", "--agents", "mybot:act,greedy", "--records",
                          str(rec_dir)], env=env, cwd=tmp_path, capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    check_report(out.stdout, 3, ["greedy", "mybot:act"])
    assert "3/3 games" in out.stderr                # progress while it runs
    files = sorted(os.listdir(rec_dir))
    assert files == ["game-000000.rec", "game-000001.rec", "game-000002.rec"]
    import carcvar
    for f in files:
        with carcvar.Game.from_record((rec_dir / f).read_text()) as g:
            assert g.is_terminal
    bad = subprocess.run([sys.executable, os.path.join(EXAMPLES, "selfplay.py"), "--agents",
                          "mybot:nothing,random"], env=env, cwd=tmp_path, capture_output=True,
                         text=True, timeout=60)
    assert bad.returncode == 2 and "unknown agent mybot:nothing" in bad.stderr


def test_cli_modules_rules_json(tmp_path):
    """--modules and --rule reach every game (its record says so), --json
    reports seats, wins, ties, rates and mean scores that add up."""
    out = run_cli("--games", "4", "--workers", "2", "--agents", "random,greedy",
                  "--modules", "big_top,inns_cathedrals", "--rule", "tiny_city=1",
                  "--records", str(tmp_path), "--json", "--quiet")
    r = json.loads(out)
    assert r["games"] == 4 and r["modules"] == ["big_top", "inns_cathedrals"]
    assert r["rules"] == {"tiny_city": 1}
    assert sorted(r["agents"]) == ["greedy", "random"]
    for a in r["agents"].values():
        assert a["seats"] == 4
        assert a["win_rate"] == a["wins"] / 4 and a["tie_rate"] == a["ties"] / 4
    records = sorted(tmp_path.iterdir())
    assert len(records) == 4
    means = {"greedy": 0, "random": 0}
    for rec in records:
        text = rec.read_text()
        assert "\nmodules base inns_cathedrals big_top\n" in text, text[:200]
        assert "\nrule tiny_city 1\n" in text
        with carcvar.Game.from_record(text) as g:
            seed = int(re.search(r"^seed (\d+)$", text, re.M).group(1))
            seats = ["random", "greedy"] if seed % 2 == 0 else ["greedy", "random"]
            for seat, name in enumerate(seats):
                means[name] += g.final_scores()[seat] / 4
    for name, mean in means.items():
        assert abs(r["agents"][name]["mean_score"] - mean) < 1e-9


def test_cli_refuses_bad_modules_and_rules():
    for args, says in [(["--modules", "big_topp"], "unknown module 'big_topp'"),
                       (["--rule", "tiny_city=9"], "rule tiny_city must be 1 to 2, not 9"),
                       (["--rule", "tiny_city"], "--rule tiny_city: wants NAME=VALUE")]:
        out = subprocess.run([sys.executable, os.path.join(EXAMPLES, "selfplay.py"), *args],
                             env=dict(os.environ, PYTHONPATH=pythonpath()),
                             capture_output=True, text=True, timeout=60)
        assert out.returncode == 2 and says in out.stderr, out.stderr
