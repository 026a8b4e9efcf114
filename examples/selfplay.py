#!/usr/bin/python3
"""Self-play at scale: random, greedy or your own agents over many seeded games.

    selfplay.py --games 200                         # all cores of this machine (multiprocessing)
    selfplay.py --games 200 --dask                  # a local Dask cluster
    selfplay.py --games 5000 --dask tcp://host:8786 # an existing Dask scheduler
    selfplay.py --agents mybot:act,greedy           # your agent: function act in mybot.py
    selfplay.py --games 50 --records games/         # keep every game's record
    selfplay.py --modules big_top,inns_cathedrals --rule tiny_city=1   # expansions, rules
    selfplay.py --games 100 --json                  # the report as one JSON object

An agent is a function agent(game, rng) -> action (an id, a carcvar.Action or
a notation string) for the game's current player; rng is a random.Random
seeded with the game's seed.  Name it on the command line as "random",
"greedy" or "MODULE:FUNCTION" (MODULE importable from the current directory
or PYTHONPATH); from Python, pass the function itself to run_local/run_dask.

Shows progress on stderr while it runs (--quiet: none), then prints the win
and tie rates and the mean final score of each agent (a tie: the top score
is shared) and the games per second; --json prints the same as one JSON
object.  --modules and --rule choose the game (the modules in play besides
the base game, rule options as carcvar-play --rules lists them).  --records DIR writes each game's record to DIR/game-SEED.rec
(replay one with carcvar-play --replay, or view it with --html).  Needs the
carcvar Python package on PYTHONPATH (bindings/python) and the library
(CARCVAR_LIBRARY=build/lib/libcarcvar.so.0, or installed).  Running on a
real cluster is described in doc/selfplay.md.
"""
import argparse
import importlib
import json
import multiprocessing
import os
import random
import sys
import time

import carcvar


def pick_random(game, rng):
    return rng.choice(game.legal_ids())


def pick_greedy(game, rng):
    """The action that maximises (own projected final score - best other)."""
    me = game.current_player
    best, best_value = None, None
    for action in game.legal_actions():
        with game.clone() as trial:
            trial.apply(action.id)
            final = trial.final_scores()
        value = final[me] - max(s for p, s in enumerate(final) if p != me)
        if best_value is None or value > best_value:
            best, best_value = action.id, value
    return best


AGENTS = {"random": pick_random, "greedy": pick_greedy}


def agent_name(agent):
    """How an agent is reported: its name, or MODULE:FUNCTION of a function."""
    if isinstance(agent, str):
        return agent
    return f"{getattr(agent, '__module__', '?')}:{getattr(agent, '__qualname__', repr(agent))}"


def resolve(agent):
    """The function of an agent: a callable as it is, "random"/"greedy", or
    "MODULE:FUNCTION" imported (ValueError if it cannot be)."""
    if callable(agent):
        return agent
    if agent in AGENTS:
        return AGENTS[agent]
    mod, sep, attr = str(agent).partition(":")
    if not sep or not mod or not attr:
        raise ValueError(f"unknown agent {agent} (random, greedy or MODULE:FUNCTION)")
    try:
        f = importlib.import_module(mod)
        for part in attr.split("."):
            f = getattr(f, part)
    except (ImportError, AttributeError) as e:
        raise ValueError(f"unknown agent {agent}: {e}") from e
    if not callable(f):
        raise ValueError(f"unknown agent {agent}: not callable")
    return f


def play_one(task):
    """Play one game; returns (seed, agent names by seat, final scores), and
    the game's record as a fourth item if the task asks for it.  A task is
    (seed, seats[, want_record[, modules[, rules]]])."""
    seed, seats, want_record, modules, rules = (tuple(task) + (False, (), None)[len(task) - 2:])
    rng = random.Random(seed)
    funcs = [resolve(a) for a in seats]
    with carcvar.Game(players=len(seats), seed=seed, modules=tuple(modules),
                      rules=dict(rules or {})) as game:
        while not game.is_terminal:
            if game.current_player == carcvar.CHANCE:
                game.sample_chance()
            else:
                game.apply(funcs[game.current_player](game, rng))
        result = (seed, tuple(agent_name(a) for a in seats), game.final_scores())
        return result + (game.record(),) if want_record else result


def tasks(n, agents, records=False, modules=(), rules=None):
    # rotate seats so that no agent always starts
    agents = list(agents)
    for i in range(n):
        k = i % len(agents)
        yield (i, tuple(agents[k:] + agents[:k]), records, tuple(modules), dict(rules or {}))


class Progress:
    """Games done, rate and time left, on one line of stream (a terminal) or
    a line per tenth of the games (a file or pipe)."""

    def __init__(self, total, stream=sys.stderr):
        self.total, self.stream, self.done = total, stream, 0
        self.start = time.perf_counter()
        self.tty = hasattr(stream, "isatty") and stream.isatty()
        self.step = max(1, total // 10)

    def __call__(self, result):
        self.done += 1
        if not self.tty and self.done % self.step and self.done != self.total:
            return
        elapsed = time.perf_counter() - self.start
        rate = self.done / elapsed if elapsed > 0 else 0.0
        left = (self.total - self.done) / rate if rate > 0 else 0.0
        line = (f"{self.done}/{self.total} games  {rate:.1f} games/s  "
                f"{left:.0f} s left")
        if self.tty:
            end = "\n" if self.done == self.total else ""
            print("\r" + line + " " * 8, end=end, file=self.stream, flush=True)
        else:
            print(line, file=self.stream, flush=True)


def save_record(directory, result):
    """Write a game's record (the fourth item of its result) as
    DIRECTORY/game-SEED.rec."""
    path = os.path.join(directory, f"game-{result[0]:06d}.rec")
    with open(path, "w") as f:
        f.write(result[3])
    return path


def outcome(scores, seat):
    """'win' (the only top score), 'tie' (a top score shared) or 'loss'."""
    top = max(scores)
    if scores[seat] != top:
        return "loss"
    return "win" if scores.count(top) == 1 else "tie"


def report(results, elapsed):
    """The report as a dict: for each agent its seats, wins, ties, win and
    tie rates and mean final score; the games, tied games, seconds and
    games per second."""
    agents = {}
    tied_games = 0
    for result in results:
        seats, scores = result[1], result[2]
        tied_games += scores.count(max(scores)) > 1
        for seat, name in enumerate(seats):
            a = agents.setdefault(name, {"seats": 0, "wins": 0, "ties": 0, "points": 0})
            a["seats"] += 1
            a["points"] += scores[seat]
            o = outcome(scores, seat)
            if o != "loss":
                a[o + "s"] += 1
    for a in agents.values():
        a["win_rate"] = a["wins"] / a["seats"]
        a["tie_rate"] = a["ties"] / a["seats"]
        a["mean_score"] = a.pop("points") / a["seats"]
    return {"agents": {name: agents[name] for name in sorted(agents)},
            "games": len(results), "tied_games": tied_games, "seconds": elapsed,
            "games_per_second": len(results) / elapsed if elapsed > 0 else None}


def summarise(results, elapsed, out=sys.stdout):
    r = report(results, elapsed)
    for name, a in r["agents"].items():
        print(f"{name:8s} win rate {a['win_rate']:.3f}  tie rate {a['tie_rate']:.3f}  "
              f"mean score {a['mean_score']:.1f}  over {a['seats']} seats", file=out)
    rate = r["games_per_second"]
    print(f"{r['games']} games ({r['tied_games']} tied) in {elapsed:.2f} s = "
          f"{rate if rate is not None else float('inf'):.1f} games/s", file=out)


def run_local(n, agents, workers, records=False, on_result=None, modules=(), rules=None):
    """Play n games on a pool of worker processes; agents by seat are names
    or functions (module-level, so that workers can import them).  With
    records, each result carries the game's record; on_result(result) is
    called as each game ends.  modules, rules: the game's (carcvar.Game)."""
    out = []
    with multiprocessing.Pool(workers) as pool:
        for r in pool.imap_unordered(play_one, tasks(n, agents, records, modules, rules),
                                     chunksize=4):
            out.append(r)
            if on_result:
                on_result(r)
    return out


def run_dask(n, agents, address, records=False, on_result=None, modules=(), rules=None):
    from distributed import Client, LocalCluster, as_completed
    cluster = None
    if address:
        client = Client(address)
    else:
        cluster = LocalCluster(n_workers=multiprocessing.cpu_count(), threads_per_worker=1,
                               processes=True, dashboard_address=None)
        client = Client(cluster)
    try:
        futures = client.map(play_one, list(tasks(n, agents, records, modules, rules)),
                             pure=False)
        out = []
        for fut in as_completed(futures):
            r = fut.result()
            out.append(r)
            if on_result:
                on_result(r)
        return out
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--agents", default="random,greedy",
                    help="comma-separated agents, one per seat: random, greedy or "
                         "MODULE:FUNCTION")
    ap.add_argument("--workers", type=int, default=multiprocessing.cpu_count())
    ap.add_argument("--dask", nargs="?", const="", default=None, metavar="SCHEDULER",
                    help="use Dask: a local cluster, or the scheduler at this address")
    ap.add_argument("--records", metavar="DIR",
                    help="write every game's record to DIR/game-SEED.rec")
    ap.add_argument("--modules", default="", metavar="A,B",
                    help="modules in play besides the base game, e.g. big_top,inns_cathedrals")
    ap.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE",
                    help="a rule option (carcvar-play --rules lists them); repeat for each")
    ap.add_argument("--json", action="store_true",
                    help="print the report as one JSON object")
    ap.add_argument("--quiet", action="store_true", help="no progress on stderr")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error(f"--games {args.games}: play at least 1 game")
    agents = args.agents.split(",")
    modules = tuple(m for m in args.modules.split(",") if m)
    rules = {}
    for r in args.rule:
        name, sep, value = r.partition("=")
        try:
            rules[name] = int(value)
        except ValueError:
            ap.error(f"--rule {r}: wants NAME=VALUE with a whole number, e.g. tiny_city=1")
        if not sep or not name:
            ap.error(f"--rule {r}: wants NAME=VALUE, e.g. tiny_city=1")
    try:  # the library's own answer to modules and rules it refuses
        carcvar.Game(players=len(agents), modules=modules, rules=rules).close()
    except (carcvar.CarcError, ValueError, TypeError) as e:
        ap.error(f"--modules {args.modules or '(none)'} --rule {' '.join(args.rule) or '(none)'}"
                 f": {e}")
    if os.getcwd() not in sys.path:  # MODULE:FUNCTION from the current directory
        sys.path.insert(0, os.getcwd())
    for a in agents:
        try:
            resolve(a)
        except ValueError as e:
            ap.error(str(e))
    if args.records:
        os.makedirs(args.records, exist_ok=True)
    progress = None if args.quiet else Progress(args.games)

    def on_result(r):
        if args.records:
            save_record(args.records, r)
        if progress:
            progress(r)

    start = time.perf_counter()
    if args.dask is None:
        results = run_local(args.games, agents, args.workers, bool(args.records), on_result,
                            modules, rules)
    else:
        results = run_dask(args.games, agents, args.dask or None, bool(args.records),
                           on_result, modules, rules)
    elapsed = time.perf_counter() - start
    if args.json:
        r = report(results, elapsed)
        r.update(modules=list(modules), rules=rules,
                 records=args.records if args.records else None)
        print(json.dumps(r))
        return 0
    summarise(results, elapsed)
    if args.records:
        print(f"records: {len(results)} files in {args.records}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
