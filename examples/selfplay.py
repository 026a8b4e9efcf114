#!/usr/bin/python3
"""Self-play at scale: random, greedy or your own agents over many seeded games.

    selfplay.py --games 200                         # all cores of this machine (multiprocessing)
    selfplay.py --games 200 --dask                  # a local Dask cluster
    selfplay.py --games 5000 --dask tcp://host:8786 # an existing Dask scheduler
    selfplay.py --agents mybot:act,greedy           # your agent: function act in mybot.py
    selfplay.py --games 50 --records games/         # keep every game's record

An agent is a function agent(game, rng) -> action (an id, a carcvar.Action or
a notation string) for the game's current player; rng is a random.Random
seeded with the game's seed.  Name it on the command line as "random",
"greedy" or "MODULE:FUNCTION" (MODULE importable from the current directory
or PYTHONPATH); from Python, pass the function itself to run_local/run_dask.

Shows progress on stderr while it runs (--quiet: none), then prints the win
and tie rates of each agent (a tie: the top score is shared) and the games
per second.  --records DIR writes each game's record to DIR/game-SEED.rec
(replay one with carcvar-play --replay, or view it with --html).  Needs the
carcvar Python package on PYTHONPATH (bindings/python) and the library
(CARCVAR_LIBRARY=build/lib/libcarcvar.so.0, or installed).  Running on a
real cluster is described in doc/selfplay.md.
"""
import argparse
import importlib
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
    the game's record as a fourth item if the task asks for it."""
    seed, seats, want_record = task if len(task) == 3 else (*task, False)
    rng = random.Random(seed)
    funcs = [resolve(a) for a in seats]
    with carcvar.Game(players=len(seats), seed=seed) as game:
        while not game.is_terminal:
            if game.current_player == carcvar.CHANCE:
                game.sample_chance()
            else:
                game.apply(funcs[game.current_player](game, rng))
        result = (seed, tuple(agent_name(a) for a in seats), game.final_scores())
        return result + (game.record(),) if want_record else result


def tasks(n, agents, records=False):
    # rotate seats so that no agent always starts
    agents = list(agents)
    for i in range(n):
        k = i % len(agents)
        yield (i, tuple(agents[k:] + agents[:k]), records)


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


def summarise(results, elapsed, out=sys.stdout):
    counts = {}                     # agent name -> {"win": .., "tie": .., "loss": ..}
    tied_games = 0
    for result in results:
        seats, scores = result[1], result[2]
        tied_games += scores.count(max(scores)) > 1
        for seat, name in enumerate(seats):
            c = counts.setdefault(name, {"win": 0, "tie": 0, "loss": 0})
            c[outcome(scores, seat)] += 1
    for name in sorted(counts):
        c = counts[name]
        seats = sum(c.values())
        print(f"{name:8s} win rate {c['win'] / seats:.3f}  tie rate {c['tie'] / seats:.3f}  "
              f"over {seats} seats", file=out)
    rate = len(results) / elapsed if elapsed > 0 else float("inf")
    print(f"{len(results)} games ({tied_games} tied) in {elapsed:.2f} s = {rate:.1f} games/s",
          file=out)


def run_local(n, agents, workers, records=False, on_result=None):
    """Play n games on a pool of worker processes; agents by seat are names
    or functions (module-level, so that workers can import them).  With
    records, each result carries the game's record; on_result(result) is
    called as each game ends."""
    out = []
    with multiprocessing.Pool(workers) as pool:
        for r in pool.imap_unordered(play_one, tasks(n, agents, records), chunksize=4):
            out.append(r)
            if on_result:
                on_result(r)
    return out


def run_dask(n, agents, address, records=False, on_result=None):
    from distributed import Client, LocalCluster, as_completed
    cluster = None
    if address:
        client = Client(address)
    else:
        cluster = LocalCluster(n_workers=multiprocessing.cpu_count(), threads_per_worker=1,
                               processes=True, dashboard_address=None)
        client = Client(cluster)
    try:
        futures = client.map(play_one, list(tasks(n, agents, records)), pure=False)
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
    ap.add_argument("--quiet", action="store_true", help="no progress on stderr")
    args = ap.parse_args(argv)
    agents = args.agents.split(",")
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
        results = run_local(args.games, agents, args.workers, bool(args.records), on_result)
    else:
        results = run_dask(args.games, agents, args.dask or None, bool(args.records),
                           on_result)
    summarise(results, time.perf_counter() - start)
    if args.records:
        print(f"records: {len(results)} files in {args.records}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
