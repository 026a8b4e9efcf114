#!/usr/bin/python3
"""Self-play at scale: random and greedy agents over many seeded games.

    selfplay.py --games 200                         # all cores of this machine (multiprocessing)
    selfplay.py --games 200 --dask                  # a local Dask cluster
    selfplay.py --games 5000 --dask tcp://host:8786 # an existing Dask scheduler

Prints the win and tie rates of each agent (a tie: the top score is shared)
and the games per second.  Needs the carcvar Python package on PYTHONPATH
(bindings/python) and the library (CARCVAR_LIBRARY=build/lib/libcarcvar.so.0,
or installed).  Running on a real cluster is described in doc/selfplay.md.
"""
import argparse
import multiprocessing
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


def play_one(task):
    """Play one game; returns (seed, agent names by seat, final scores)."""
    seed, seats = task
    rng = random.Random(seed)
    with carcvar.Game(players=len(seats), seed=seed) as game:
        while not game.is_terminal:
            if game.current_player == -1:
                game.sample_chance()
            else:
                game.apply(AGENTS[seats[game.current_player]](game, rng))
        return seed, seats, game.final_scores()


def tasks(n, agents):
    # rotate seats so that no agent always starts
    for i in range(n):
        k = i % len(agents)
        yield (i, tuple(agents[k:] + agents[:k]))


def outcome(scores, seat):
    """'win' (the only top score), 'tie' (a top score shared) or 'loss'."""
    top = max(scores)
    if scores[seat] != top:
        return "loss"
    return "win" if scores.count(top) == 1 else "tie"


def summarise(results, elapsed, out=sys.stdout):
    counts = {}                     # agent name -> {"win": .., "tie": .., "loss": ..}
    tied_games = 0
    for _, seats, scores in results:
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


def run_local(n, agents, workers):
    with multiprocessing.Pool(workers) as pool:
        return list(pool.imap_unordered(play_one, tasks(n, agents), chunksize=4))


def run_dask(n, agents, address):
    from distributed import Client, LocalCluster
    cluster = None
    if address:
        client = Client(address)
    else:
        cluster = LocalCluster(n_workers=multiprocessing.cpu_count(), threads_per_worker=1,
                               processes=True, dashboard_address=None)
        client = Client(cluster)
    try:
        futures = client.map(play_one, list(tasks(n, agents)), pure=False)
        return client.gather(futures)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--agents", default="random,greedy",
                    help="comma-separated agents, one per seat (random, greedy)")
    ap.add_argument("--workers", type=int, default=multiprocessing.cpu_count())
    ap.add_argument("--dask", nargs="?", const="", default=None, metavar="SCHEDULER",
                    help="use Dask: a local cluster, or the scheduler at this address")
    args = ap.parse_args(argv)
    agents = args.agents.split(",")
    for a in agents:
        if a not in AGENTS:
            ap.error(f"unknown agent {a}")
    start = time.perf_counter()
    if args.dask is None:
        results = run_local(args.games, agents, args.workers)
    else:
        results = run_dask(args.games, agents, args.dask or None)
    summarise(results, time.perf_counter() - start)
    return 0


if __name__ == "__main__":
    sys.exit(main())
