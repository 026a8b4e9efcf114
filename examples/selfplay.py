#!/usr/bin/python3
"""Self-play at scale: random and greedy agents over many seeded games.

    selfplay.py --games 200                         # all cores of this machine (multiprocessing)
    selfplay.py --games 200 --dask                  # a local Dask cluster
    selfplay.py --games 5000 --dask tcp://host:8786 # an existing Dask scheduler

Prints the win rate of each agent and the games per second.  Needs the
libcarcvar Python package on PYTHONPATH (bindings/python) and the library
(CARCVAR_LIBRARY=build/lib/libcarcvar.so.0, or installed).  Running on a real
cluster is described in doc/selfplay.md.
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


def summarise(results, elapsed, out=sys.stdout):
    wins, played = {}, {}
    for _, seats, scores in results:
        top = max(scores)
        for seat, name in enumerate(seats):
            played[name] = played.get(name, 0) + 1
            if scores[seat] == top:
                wins[name] = wins.get(name, 0) + 1
    for name in sorted(played):
        print(f"{name:8s} win rate {wins.get(name, 0) / played[name]:.3f} "
              f"over {played[name]} seats", file=out)
    print(f"{len(results)} games in {elapsed:.2f} s = {len(results) / elapsed:.1f} games/s",
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
