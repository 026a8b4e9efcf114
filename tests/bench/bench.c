/*
 * carcvar-bench: performance figures of libcarcvar (doc/performance.md).
 *
 *   carcvar-bench [--seconds S] [--games N] [--seed N] [--json]
 *                 [--modules a,b,c] [--python-lib PATH] [--python-path DIR]
 *                 [--no-python]
 *   carcvar-bench-probe [the same]
 *
 * carcvar-bench links the real library.  carcvar-bench-probe is the same
 * source built with -DCARCVAR_BENCH_PROBE and linked with the test-only
 * probe modules (tests/probe: probe, probe2, probe_capacity); only it can
 * measure the *_cap_* figures (the worst-case capacity game) and it skips
 * the Python figure unless given --python.  --modules names the modules of
 * every game but the capacity game's (carc_module_by_name; base is always
 * on, and is the default).
 *
 * Prints one line per figure, "name value unit", or with --json the same
 * figures as one JSON object {"name": {"value": v, "unit": "u"}, ...}.
 * A figure that cannot be measured in this build is reported as -1.
 *
 * Figures
 *   playouts_1t          random full base-game playouts per second, one thread
 *   playouts_2t          the same on two threads (one game per thread), total
 *   decisions_per_game   player + chance decisions in a playout (2 players)
 *   legal_ids_ns         one carc_game_legal_ids() at a player decision, and
 *                        split: _place_ns / _deploy_ns; legal_place_actions is
 *                        the mean number of legal placements
 *   apply_ns             one carc_game_apply_id()/carc_game_apply() (chance
 *                        draws included), replaying recorded games
 *   clone_free_ns        carc_game_clone() + carc_game_free() of a mid-game state
 *                        (2 players)
 *   copy_ns              carc_game_copy() into an existing handle
 *   clone_free_ns_best, copy_ns_best  the fastest of 20 runs of 500 calls
 *                        (the figures above are means over the time budget:
 *                        on a loaded host these say what the code costs)
 *   copy_ns_4k_plus16/_minus16  the same into a destination 16 bytes above
 *                        (below) the source modulo 4096 (needs the static
 *                        library)
 *   copy_ns_4k_worst     the slowest copy over every skew 16..4080 modulo 4096
 *                        (each the fastest of three runs of 500 copies;
 *                        needs the static library)
 *   snapshot_bytes_mid   carc_game_snapshot()'s bytes for that state
 *   deserialize_replay_ns  carc_game_deserialize() + carc_game_free() of that
 *                        state's carc_game_serialize() bytes (a replay)
 *   deserialize_snapshot_ns  the same from its carc_game_snapshot() bytes
 *   deserialize_replay_ns_best, deserialize_snapshot_ns_best  the fastest
 *                        of 20 runs of 50 restores (see *_best above)
 *   snapshot_copied      1: the snapshot's state was checked and copied;
 *                        0: replayed (a module without state_check)
 *   copied_bytes_mid     bytes that clone and copy move for that state (the
 *                        header, fixed tables and used prefixes;
 *                        carc__state_used_bytes())
 *   state_bytes_2p/_6p   size of the one-block game state (internal
 *                        carc__state_bytes(); needs the static library)
 *   clone_free_ns_cap_start/_mid, copy_ns_cap_start/_mid
 *                        the same for the worst-case capacity game: 6
 *                        players, base + probe_capacity (236 tiles, 94
 *                        figures, 77 decisions and 74 events per tile), at
 *                        its start and half-way (carcvar-bench-probe only)
 *   state_bytes_cap      its whole block (its capacity), and
 *   copied_bytes_cap_start/_mid  what clone copies of it
 *   allocs_per_turn      malloc/calloc/realloc calls by the library per turn,
 *                        after carc_game_new() and before carc_game_free()
 *                        (counted with -Wl,--wrap; needs the static library)
 *   python_playouts      the playout loop through the Python ctypes bindings
 *   python_batch_playouts  the same games played from Python in one call
 *                        each 50 (carcvar.random_playouts: the loop in C);
 *                        -1 for a package without it
 *   instructions_per_game  instructions of one random 2-player game of the
 *                        --modules set, carc_game_new() to carc_game_free()
 *                        (callgrind over --callgrind-games of 100 games, the
 *                        process start-up not counted); -1 without valgrind
 *                        or with --no-callgrind; only with --json
 *
 *   carcvar-bench --callgrind-games N [--seed N] [--modules L]
 * plays N random 2-player games (seeds N, N+1, ...; the playout below) and
 * prints "games N decisions D digest H": H is an FNV-1a digest of every
 * game's carc_game_serialize() bytes, so two builds that print the same
 * line played the same games.  Run under
 *   valgrind --tool=callgrind --toggle-collect='cg_*'
 * the collected instructions are those of the games alone
 * (tools/callgrind-games.sh).
 *
 *   carcvar-bench --callgrind-restore N [--seed N] [--modules L]
 * restores the mid-game snapshot of deserialize_snapshot_ns N times, then
 * makes N new games; under callgrind, callgrind_annotate --inclusive=yes
 * gives cg_restore's and cg_new's instructions (divide by N).
 *
 * A playout: at a chance decision carc_game_sample_chance(); at a player
 * decision a uniformly random id from carc_game_legal_ids(); until
 * carc_game_is_terminal().  End-game scoring is part of the last apply.
 */
#include "carcvar/carcvar.h"

#ifdef CARCVAR_BENCH_INTERNAL
#include "core/state.h"
#endif

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifndef CARCVAR_SOURCE_ROOT
#define CARCVAR_SOURCE_ROOT ""
#endif
#ifndef CARCVAR_LIBRARY_PATH
#define CARCVAR_LIBRARY_PATH ""
#endif

/* ----------------------------------------------------- allocation counter */

/* With CARCVAR_BENCH_WRAP the binary is linked with -Wl,--wrap=malloc etc.:
 * every call to these functions from the objects of the link (the static
 * library included) lands here.  libc's own internal allocations are not
 * counted, which is what we want: the library's calls only. */
static atomic_long alloc_calls;
static atomic_int counting;

#ifdef CARCVAR_BENCH_WRAP
void *__real_malloc(size_t n);
void *__real_calloc(size_t k, size_t n);
void *__real_realloc(void *p, size_t n);
void __real_free(void *p);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t k, size_t n);
void *__wrap_realloc(void *p, size_t n);
void __wrap_free(void *p);

void *__wrap_malloc(size_t n)
{
    if (atomic_load_explicit(&counting, memory_order_relaxed))
        atomic_fetch_add_explicit(&alloc_calls, 1, memory_order_relaxed);
    return __real_malloc(n);
}
void *__wrap_calloc(size_t k, size_t n)
{
    if (atomic_load_explicit(&counting, memory_order_relaxed))
        atomic_fetch_add_explicit(&alloc_calls, 1, memory_order_relaxed);
    return __real_calloc(k, n);
}
void *__wrap_realloc(void *p, size_t n)
{
    if (atomic_load_explicit(&counting, memory_order_relaxed))
        atomic_fetch_add_explicit(&alloc_calls, 1, memory_order_relaxed);
    return __real_realloc(p, n);
}
void __wrap_free(void *p) { __real_free(p); }
#endif

/* ------------------------------------------------------------- utilities */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint64_t rng_next(uint64_t *s) /* splitmix64 */
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("carcvar-bench: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

#define CHECK(call)                                                            \
    do {                                                                       \
        int rc_ = (call);                                                      \
        if (rc_ != CARC_OK)                                                    \
            die("%s failed: %s (%d)", #call, carc_strerror(rc_), rc_);         \
    } while (0)

static uint64_t bench_modules = 1u << CARC_MODULE_BASE; /* --modules */

static carc_game *new_game_with(int players, uint64_t seed, uint64_t modules)
{
    carc_options o;
    carc_options_init(&o);
    o.num_players = players;
    o.seed = seed;
    o.modules |= modules;
    carc_game *g = NULL;
    CHECK(carc_game_new(&g, &o));
    return g;
}

static carc_game *new_game(int players, uint64_t seed)
{
    return new_game_with(players, seed, bench_modules);
}

/* "a,b,c" -> module bits; exits on an unknown or unbuilt module */
static uint64_t parse_modules(const char *list)
{
    uint64_t bits = 1u << CARC_MODULE_BASE;
    char buf[512];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *save = NULL, *name = strtok_r(buf, ",", &save); name;
         name = strtok_r(NULL, ",", &save)) {
        int m = carc_module_by_name(name);
        if (m < 0) die("unknown module '%s'", name);
        if (carc_module_available(m) != 1) die("module '%s' is not built into this library", name);
        bits |= 1ull << m;
    }
    return bits;
}

/* ---------------------------------------------------------------- figures */

#define MAX_FIGURES 48
static struct {
    const char *name;
    double value;
    const char *unit;
    int decimals;
} figures[MAX_FIGURES];
static int nfigures;

static void add_figure(const char *name, double value, const char *unit, int decimals)
{
    if (nfigures == MAX_FIGURES) die("too many figures");
    figures[nfigures].name = name;
    figures[nfigures].value = value;
    figures[nfigures].unit = unit;
    figures[nfigures].decimals = value < 0 ? 0 : decimals;
    nfigures++;
}

static struct {
    double seconds;
    long games;      /* 0: time-bound */
    uint64_t seed;
    int json;
    int python;
    const char *python_lib;
    const char *python_path;
    int verbose;
    long cg_games;   /* --callgrind-games: only play and digest */
    long cg_restore; /* --callgrind-restore: only restore a snapshot, make games */
    int callgrind;   /* instructions_per_game with --json */
    const char *modules_arg;
} opt = {2.0, 0, 1, 0,
#ifdef CARCVAR_BENCH_PROBE
         0,
#else
         1,
#endif
         NULL, NULL, 0, 0, 0, 1, NULL};

/* ---------------------------------------------------------------- playouts */

typedef struct playout_stats {
    long games, decisions, turns;
    double seconds;
} playout_stats;

/* One random playout from a fresh game; returns decisions made.  Not
 * inlined, so that a profile can be limited to it:
 *   valgrind --tool=callgrind --toggle-collect='playout*' carcvar-bench ...
 * (gcc may name a specialised copy playout.constprop.0). */
__attribute__((noinline)) static long playout(int players, uint64_t seed, uint64_t *rs,
                                              int32_t *ids, long *turns)
{
    carc_game *g = new_game(players, seed);
    long decisions = 0;
    size_t n;
    while (!carc_game_is_terminal(g)) {
        if (carc_game_current_player(g) == CARC_PLAYER_CHANCE) {
            CHECK(carc_game_sample_chance(g, NULL));
        } else {
            CHECK(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &n));
            if (n == 0) die("no legal action at a player decision (seed %llu)",
                            (unsigned long long)seed);
            CHECK(carc_game_apply_id(g, ids[rng_next(rs) % n]));
        }
        decisions++;
    }
    if (turns) *turns += carc_game_turn(g);
    carc_game_free(g);
    return decisions;
}

typedef struct worker {
    pthread_t th;
    uint64_t seed;
    double seconds;
    long max_games;
    playout_stats st;
} worker;

static void *worker_main(void *arg)
{
    worker *w = arg;
    int32_t *ids = malloc(sizeof(int32_t) * CARC_NUM_DISTINCT_ACTIONS);
    if (!ids) die("out of memory");
    uint64_t rs = w->seed * 0x2545f4914f6cdd1dull + 7;
    double t0 = now(), t = t0;
    long games = 0, decisions = 0, turns = 0;
    for (;;) {
        decisions += playout(2, w->seed + (uint64_t)games, &rs, ids, &turns);
        games++;
        if (w->max_games ? games >= w->max_games
                         : ((games & 3) == 0 && (t = now()) - t0 >= w->seconds))
            break;
    }
    t = now();
    w->st.games = games;
    w->st.decisions = decisions;
    w->st.turns = turns;
    w->st.seconds = t - t0;
    free(ids);
    return NULL;
}

static void bench_playouts(void)
{
    /* warm-up */
    worker w0 = {0};
    w0.seed = opt.seed + 999999;
    w0.max_games = 20;
    worker_main(&w0);

    worker w1 = {0};
    w1.seed = opt.seed;
    w1.seconds = opt.seconds;
    w1.max_games = opt.games;
    worker_main(&w1);
    add_figure("playouts_1t", (double)w1.st.games / w1.st.seconds, "games/s", 1);
    add_figure("decisions_per_game", (double)w1.st.decisions / (double)w1.st.games, "decisions", 1);
    add_figure("turns_per_game", (double)w1.st.turns / (double)w1.st.games, "turns", 1);

    worker w2[2];
    memset(w2, 0, sizeof w2);
    double t0 = now();
    for (int i = 0; i < 2; i++) {
        w2[i].seed = opt.seed + (uint64_t)(i + 1) * 1000003u;
        w2[i].seconds = opt.seconds;
        w2[i].max_games = opt.games;
        if (pthread_create(&w2[i].th, NULL, worker_main, &w2[i]) != 0)
            die("pthread_create: %s", strerror(errno));
    }
    for (int i = 0; i < 2; i++) pthread_join(w2[i].th, NULL);
    double wall = now() - t0;
    add_figure("playouts_2t", (double)(w2[0].st.games + w2[1].st.games) / wall, "games/s", 1);
}

/* ------------------------------------------- per-call costs on real games */

/* A recorded playout: the actions in order (chance outcomes as structured
 * draw actions, player decisions as ids). */
typedef struct recorded {
    uint64_t seed;
    int n;
    int32_t *id;         /* -1: chance step, see act[] */
    carc_action *act;
} recorded;

static void record_game(recorded *r, uint64_t seed, uint64_t *rs, int32_t *ids)
{
    carc_game *g = new_game(2, seed);
    int cap = 512;
    r->seed = seed;
    r->n = 0;
    r->id = malloc(sizeof(int32_t) * (size_t)cap);
    r->act = malloc(sizeof(carc_action) * (size_t)cap);
    if (!r->id || !r->act) die("out of memory");
    while (!carc_game_is_terminal(g)) {
        if (r->n == cap) {
            cap *= 2;
            r->id = realloc(r->id, sizeof(int32_t) * (size_t)cap);
            r->act = realloc(r->act, sizeof(carc_action) * (size_t)cap);
            if (!r->id || !r->act) die("out of memory");
        }
        if (carc_game_current_player(g) == CARC_PLAYER_CHANCE) {
            CHECK(carc_game_sample_chance(g, &r->act[r->n]));
            r->id[r->n] = -1;
        } else {
            size_t n;
            CHECK(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &n));
            r->id[r->n] = ids[rng_next(rs) % n];
            CHECK(carc_game_apply_id(g, r->id[r->n]));
        }
        r->n++;
    }
    carc_game_free(g);
}

static void step(carc_game *g, const recorded *r, int i)
{
    if (r->id[i] < 0) CHECK(carc_game_apply(g, &r->act[i]));
    else CHECK(carc_game_apply_id(g, r->id[i]));
}

/* ns per carc_game_clone() + carc_game_free() of src, over half the
 * time budget */
static double time_clone_free(const carc_game *src)
{
    long loops = 0;
    double t0 = now(), t;
    do {
        for (int j = 0; j < 1000; j++) {
            carc_game *c = NULL;
            CHECK(carc_game_clone(&c, src));
            carc_game_free(c);
        }
        loops += 1000;
    } while ((t = now()) - t0 < opt.seconds / 2);
    return (t - t0) * 1e9 / (double)loops;
}

/* ns per carc_game_copy(dst, src) */
static double time_copy(carc_game *dst, const carc_game *src)
{
    long loops = 0;
    double t0 = now(), t;
    do {
        for (int j = 0; j < 1000; j++) CHECK(carc_game_copy(dst, src));
        loops += 1000;
    } while ((t = now()) - t0 < opt.seconds / 2);
    return (t - t0) * 1e9 / (double)loops;
}

/* The fastest of 20 runs of 500 carc_game_clone() + carc_game_free()
 * (clone 1) or carc_game_copy(dst, src) (clone 0), ns per call: on a
 * loaded host, what a run the scheduler did not interrupt takes. */
static double time_best(carc_game *dst, const carc_game *src, int clone)
{
    double best = 1e18;
    for (int r = 0; r < 20; r++) {
        double t0 = now();
        for (int j = 0; j < 500; j++) {
            if (clone) {
                carc_game *c = NULL;
                CHECK(carc_game_clone(&c, src));
                carc_game_free(c);
            } else {
                CHECK(carc_game_copy(dst, src));
            }
        }
        double t = (now() - t0) * 1e9 / 500;
        if (t < best) best = t;
    }
    return best;
}

/* ns per carc_game_copy(dst, src) where dst lies `skew` bytes above src
 * modulo 4096 (16: the 4K-aliasing trap of a forward memcpy on many x86
 * cores; -16: the opposite case): two copies of src's block placed in one
 * page-aligned buffer.  The copy is checked equal to src.  -1 without the
 * internal library. */
static double time_copy_skewed(const carc_game *src, int skew)
{
#ifdef CARCVAR_BENCH_INTERNAL
    size_t bytes = carc__state_bytes(src);
    size_t span = (bytes + 4095) / 4096 * 4096 + 8192;
    char *buf = aligned_alloc(4096, 2 * span);
    if (!buf) die("out of memory");
    carc_game *a = (carc_game *)(buf + 4096), *b = (carc_game *)(buf + span + 4096 + skew);
    memcpy(a, src, bytes);
    memcpy(b, src, bytes);
    double ns = time_copy(b, a);
    if (!carc__state_equal(b, a)) die("carc_game_copy at skew %d: the copy differs", skew);
    free(buf);
    return ns;
#else
    (void)src;
    (void)skew;
    return -1;
#endif
}

/* bytes clone copies of g (-1 without the internal library) */
static double used_bytes(const carc_game *g)
{
#ifdef CARCVAR_BENCH_INTERNAL
    return (double)carc__state_used_bytes(g);
#else
    (void)g;
    return -1;
#endif
}

/* ns per carc_game_deserialize() + carc_game_free() of buf */
static double time_restore(const uint8_t *buf, size_t n)
{
    long loops = 0;
    double t0 = now(), t;
    do {
        for (int j = 0; j < 200; j++) {
            carc_game *c = NULL;
            CHECK(carc_game_deserialize(&c, buf, n));
            carc_game_free(c);
        }
        loops += 200;
    } while ((t = now()) - t0 < opt.seconds / 2);
    return (t - t0) * 1e9 / (double)loops;
}

/* The fastest of 20 runs of 50 restores of buf, ns per restore. */
static double time_restore_best(const uint8_t *buf, size_t n)
{
    double best = 1e18;
    for (int r = 0; r < 20; r++) {
        double t0 = now();
        for (int j = 0; j < 50; j++) {
            carc_game *c = NULL;
            CHECK(carc_game_deserialize(&c, buf, n));
            carc_game_free(c);
        }
        double t = (now() - t0) * 1e9 / 50;
        if (t < best) best = t;
    }
    return best;
}

/* Restoring the mid-game state: from carc_game_serialize()'s bytes (the
 * history replayed) and from carc_game_snapshot()'s (the state checked and
 * copied when every module in play has a state_check hook:
 * snapshot_copied 1; else replayed too, 0; -1 without the internal
 * library). */
static void bench_restore(const carc_game *mid)
{
    size_t sn = 0, pn = 0;
    carc_game_serialize(mid, NULL, 0, &sn);
    carc_game_snapshot(mid, NULL, 0, &pn);
    uint8_t *sb = malloc(sn), *pb = malloc(pn);
    if (!sb || !pb) die("out of memory");
    CHECK(carc_game_serialize(mid, sb, sn, &sn));
    CHECK(carc_game_snapshot(mid, pb, pn, &pn));
    add_figure("snapshot_bytes_mid", (double)pn, "bytes", 0);
    add_figure("deserialize_replay_ns", time_restore(sb, sn), "ns/call", 1);
    add_figure("deserialize_snapshot_ns", time_restore(pb, pn), "ns/call", 1);
    add_figure("deserialize_replay_ns_best", time_restore_best(sb, sn), "ns/call", 1);
    add_figure("deserialize_snapshot_ns_best", time_restore_best(pb, pn), "ns/call", 1);
#ifdef CARCVAR_BENCH_INTERNAL
    carc_game *c = NULL;
    bool copied = false;
    CHECK(carc__snapshot_restore(&c, pb, pn, &copied));
    carc_game_free(c);
    add_figure("snapshot_copied", copied, "bool", 0);
#else
    add_figure("snapshot_copied", -1, "bool", 0);
#endif
    free(sb);
    free(pb);
}

/* The slowest carc_game_copy() over every destination skew modulo 4096
 * (16, 32, ..., 4080 bytes above the source), each the fastest of three
 * runs of 500 copies; -1 without the internal library. */
static double copy_skew_worst(const carc_game *src)
{
#ifdef CARCVAR_BENCH_INTERNAL
    size_t bytes = carc__state_bytes(src);
    size_t span = (bytes + 4095) / 4096 * 4096 + 8192;
    char *buf = aligned_alloc(4096, 2 * span);
    if (!buf) die("out of memory");
    carc_game *a = (carc_game *)(buf + 4096);
    memcpy(a, src, bytes);
    double worst = 0;
    for (int skew = 16; skew < 4096; skew += 16) {
        carc_game *b = (carc_game *)(buf + span + skew);
        memcpy(b, src, bytes);
        /* the fastest of three runs: a run the scheduler interrupted
         * says nothing about the skew */
        double ns = 1e18;
        for (int r = 0; r < 3; r++) {
            double t0 = now();
            for (int j = 0; j < 500; j++) CHECK(carc_game_copy(b, a));
            double t = (now() - t0) * 1e9 / 500;
            if (t < ns) ns = t;
        }
        if (ns > worst) worst = ns;
    }
    free(buf);
    return worst;
#else
    (void)src;
    return -1;
#endif
}

static double copied_bytes_mid = -1; /* reported with the capacity figures */

static void bench_calls(void)
{
    enum { NREC = 64, REPS = 8 };
    int32_t *ids = malloc(sizeof(int32_t) * CARC_NUM_DISTINCT_ACTIONS);
    recorded *rec = calloc(NREC, sizeof *rec);
    if (!ids || !rec) die("out of memory");
    uint64_t rs = opt.seed ^ 0x5bd1e995u;
    for (int i = 0; i < NREC; i++) record_game(&rec[i], opt.seed + 5000 + (uint64_t)i, &rs, ids);

    carc_game **start = malloc(sizeof(carc_game *) * NREC);
    carc_game *work = new_game(2, 0);
    if (!start) die("out of memory");
    for (int i = 0; i < NREC; i++) start[i] = new_game(2, rec[i].seed);

    /* apply: replay the recorded games, timing the replays only */
    double spent = 0, t0 = now();
    long applies = 0;
    size_t n;
    do {
        for (int i = 0; i < NREC; i++) {
            CHECK(carc_game_copy(work, start[i]));
            double a = now();
            for (int k = 0; k < rec[i].n; k++) step(work, &rec[i], k);
            spent += now() - a;
            applies += rec[i].n;
            if (!carc_game_is_terminal(work)) die("replay did not end the game");
        }
    } while (now() - t0 < opt.seconds);
    add_figure("apply_ns", spent * 1e9 / (double)applies, "ns/call", 1);

    /* legal_ids: REPS calls at every player decision of the replays, split
     * by decision kind (placement / deployment) */
    double spent_kind[2] = {0, 0};
    long calls_kind[2] = {0, 0}, legal_kind[2] = {0, 0};
    t0 = now();
    do {
        for (int i = 0; i < NREC; i++) {
            CHECK(carc_game_copy(work, start[i]));
            for (int k = 0; k < rec[i].n; k++) {
                if (rec[i].id[k] >= 0) {
                    carc_decision d;
                    CHECK(carc_game_decision(work, &d));
                    int kind = d.kind == CARC_DECISION_PLACE ? 0 : 1;
                    double a = now();
                    for (int j = 0; j < REPS; j++)
                        CHECK(carc_game_legal_ids(work, ids, CARC_NUM_DISTINCT_ACTIONS, &n));
                    spent_kind[kind] += now() - a;
                    calls_kind[kind] += REPS;
                    legal_kind[kind] += (long)n * REPS;
                }
                step(work, &rec[i], k);
            }
        }
    } while (now() - t0 < opt.seconds);
    add_figure("legal_ids_ns", (spent_kind[0] + spent_kind[1]) * 1e9 /
                                   (double)(calls_kind[0] + calls_kind[1]), "ns/call", 1);
    add_figure("legal_ids_place_ns", spent_kind[0] * 1e9 / (double)calls_kind[0], "ns/call", 1);
    add_figure("legal_ids_deploy_ns", spent_kind[1] * 1e9 / (double)calls_kind[1], "ns/call", 1);
    add_figure("legal_place_actions", (double)legal_kind[0] / (double)calls_kind[0], "actions",
               1);

    /* clone + free, copy: of the state half-way through game 0 */
    carc_game *mid = NULL;
    CHECK(carc_game_clone(&mid, start[0]));
    for (int k = 0; k < rec[0].n / 2; k++) step(mid, &rec[0], k);
    add_figure("clone_free_ns", time_clone_free(mid), "ns/call", 1);
    add_figure("copy_ns", time_copy(work, mid), "ns/call", 1);
    add_figure("clone_free_ns_best", time_best(NULL, mid, 1), "ns/call", 1);
    add_figure("copy_ns_best", time_best(work, mid, 0), "ns/call", 1);
    add_figure("copy_ns_4k_plus16", time_copy_skewed(mid, 16), "ns/call", 1);
    add_figure("copy_ns_4k_minus16", time_copy_skewed(mid, -16), "ns/call", 1);
    copied_bytes_mid = used_bytes(mid);

    size_t sn = 0;
    if (carc_game_serialize(mid, NULL, 0, &sn) != CARC_E_BUFFER) die("serialize size query");
    add_figure("serialized_bytes_mid", (double)sn, "bytes", 0);
    bench_restore(mid);
    add_figure("copy_ns_4k_worst", copy_skew_worst(mid), "ns/call", 1);

    carc_game_free(mid);
    carc_game_free(work);
    for (int i = 0; i < NREC; i++) {
        carc_game_free(start[i]);
        free(rec[i].id);
        free(rec[i].act);
    }
    free(start);
    free(rec);
    free(ids);
}

/* The worst case's capacity (6 players, base + probe_capacity): clone and
 * copy at the start and half-way through a random game. */
static void bench_capacity(void)
{
    add_figure("copied_bytes_mid", copied_bytes_mid, "bytes", 0);
#ifdef CARCVAR_BENCH_PROBE
    int m = carc_module_by_name("probe_capacity");
    if (m < 0 || carc_module_available(m) != 1) die("probe_capacity is not built in");
    uint64_t mods = 1ull << m;
    carc_game *g = new_game_with(6, opt.seed, mods), *work = new_game_with(6, opt.seed, mods);
    add_figure("state_bytes_cap", (double)carc__state_bytes(g), "bytes", 0);
    add_figure("copied_bytes_cap_start", used_bytes(g), "bytes", 0);
    add_figure("clone_free_ns_cap_start", time_clone_free(g), "ns/call", 1);
    add_figure("copy_ns_cap_start", time_copy(work, g), "ns/call", 1);
    /* half the tiles laid, random decisions */
    int32_t *ids = malloc(sizeof(int32_t) * CARC_NUM_DISTINCT_ACTIONS);
    if (!ids) die("out of memory");
    uint64_t rs = opt.seed + 31;
    int half = carc_game_tiles_remaining(g, -1) / 2;
    while (!carc_game_is_terminal(g) && carc_game_tiles_remaining(g, -1) > half) {
        if (carc_game_current_player(g) == CARC_PLAYER_CHANCE) {
            CHECK(carc_game_sample_chance(g, NULL));
        } else {
            size_t n;
            CHECK(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &n));
            CHECK(carc_game_apply_id(g, ids[rng_next(&rs) % n]));
        }
    }
    free(ids);
    add_figure("copied_bytes_cap_mid", used_bytes(g), "bytes", 0);
    add_figure("clone_free_ns_cap_mid", time_clone_free(g), "ns/call", 1);
    add_figure("copy_ns_cap_mid", time_copy(work, g), "ns/call", 1);
    carc_game_free(work);
    carc_game_free(g);
#else
    static const char *const names[] = {"state_bytes_cap", "copied_bytes_cap_start",
                                        "clone_free_ns_cap_start", "copy_ns_cap_start",
                                        "copied_bytes_cap_mid", "clone_free_ns_cap_mid",
                                        "copy_ns_cap_mid"};
    for (int i = 0; i < 7; i++)
        add_figure(names[i], -1, strstr(names[i], "bytes") ? "bytes" : "ns/call", 0);
#endif
}

static void bench_memory(void)
{
#ifdef CARCVAR_BENCH_INTERNAL
    carc_game *g2 = new_game(2, 1), *g6 = new_game(6, 1);
    add_figure("state_bytes_2p", (double)carc__state_bytes(g2), "bytes", 0);
    add_figure("state_bytes_6p", (double)carc__state_bytes(g6), "bytes", 0);
    carc_game_free(g2);
    carc_game_free(g6);
#else
    add_figure("state_bytes_2p", -1, "bytes", 0);
    add_figure("state_bytes_6p", -1, "bytes", 0);
#endif

#if defined(CARCVAR_BENCH_WRAP) && defined(CARCVAR_BENCH_INTERNAL)
    /* the allocations of playouts between carc_game_new and carc_game_free */
    int32_t *ids = malloc(sizeof(int32_t) * CARC_NUM_DISTINCT_ACTIONS);
    if (!ids) die("out of memory");
    uint64_t rs = opt.seed + 77;
    long turns = 0, allocs = 0;
    for (int i = 0; i < 200; i++) {
        carc_game *g = new_game(2 + i % 5, opt.seed + 7000 + (uint64_t)i);
        size_t n;
        atomic_store(&alloc_calls, 0);
        atomic_store(&counting, 1);
        while (!carc_game_is_terminal(g)) {
            if (carc_game_current_player(g) == CARC_PLAYER_CHANCE) {
                CHECK(carc_game_sample_chance(g, NULL));
            } else {
                CHECK(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &n));
                CHECK(carc_game_apply_id(g, ids[rng_next(&rs) % n]));
            }
        }
        atomic_store(&counting, 0);
        allocs += atomic_load(&alloc_calls);
        turns += carc_game_turn(g);
        carc_game_free(g);
    }
    /* self-check: the counter does see the library's allocations */
    atomic_store(&alloc_calls, 0);
    atomic_store(&counting, 1);
    carc_game *probe = new_game(2, 3);
    atomic_store(&counting, 0);
    carc_game_free(probe);
    if (atomic_load(&alloc_calls) < 1) {
        add_figure("allocs_per_turn", -1, "allocs/turn", 0);
    } else {
        add_figure("allocs_per_turn", (double)allocs / (double)turns, "allocs/turn", 3);
    }
    free(ids);
#else
    add_figure("allocs_per_turn", -1, "allocs/turn", 0);
#endif
}

/* ------------------------------------------------------------------ python */

static const char *python_script =
    "import sys, time, random\n"
    "try:\n"
    "    from carcvar import Game\n"
    "except Exception as e:\n"
    "    print('IMPORT-FAILED', repr(e)); sys.exit(0)\n"
    "def val(x):\n"
    "    return x() if callable(x) else x\n"
    "budget = float(sys.argv[1]); seed = int(sys.argv[2]); limit = int(sys.argv[3])\n"
    "rnd = random.Random(seed)\n"
    "def playout(s):\n"
    "    g = Game(players=2, seed=s)\n"
    "    while not val(g.is_terminal):\n"
    "        if val(g.current_player) == -1:\n"
    "            g.sample_chance()\n"
    "        else:\n"
    "            ids = g.legal_ids()\n"
    "            g.apply(ids[rnd.randrange(len(ids))])\n"
    "    close = getattr(g, 'close', None)\n"
    "    if close: close()\n"
    "playout(seed + 99999)\n"
    "t0 = time.perf_counter(); n = 0\n"
    "while True:\n"
    "    playout(seed + n); n += 1\n"
    "    t = time.perf_counter() - t0\n"
    "    if (limit and n >= limit) or (not limit and t >= budget): break\n"
    "print('RESULT', n, t)\n"
    "try:\n"
    "    from carcvar import random_playouts\n"
    "except Exception:\n"
    "    sys.exit(0)\n"
    "random_playouts(1, seed=seed + 99999)\n"
    "t0 = time.perf_counter(); n = 0\n"
    "while True:\n"
    "    random_playouts(50, seed=seed + n, choices=seed + n); n += 50\n"
    "    t = time.perf_counter() - t0\n"
    "    if (limit and n >= limit) or (not limit and t >= budget): break\n"
    "print('BATCH', n, t)\n";

static void bench_python(void)
{
    if (!opt.python) {
        add_figure("python_playouts", -1, "games/s", 0);
        add_figure("python_batch_playouts", -1, "games/s", 0);
        return;
    }
    char script_path[] = "/tmp/carcvar-bench-XXXXXX";
    int fd = mkstemp(script_path);
    if (fd < 0) {
        add_figure("python_playouts", -1, "games/s", 0);
        add_figure("python_batch_playouts", -1, "games/s", 0);
        return;
    }
    FILE *f = fdopen(fd, "w");
    fputs(python_script, f);
    fclose(f);

    char pypath[4096], lib[4096], cmd[12288];
    const char *env_lib = getenv("CARCVAR_LIBRARY");
    snprintf(lib, sizeof lib, "%s",
             opt.python_lib ? opt.python_lib
                            : (env_lib && *env_lib ? env_lib : CARCVAR_LIBRARY_PATH));
    if (opt.python_path)
        snprintf(pypath, sizeof pypath, "%s", opt.python_path);
    else
        snprintf(pypath, sizeof pypath, "%s/bindings/python", CARCVAR_SOURCE_ROOT);
    long limit = opt.games ? opt.games / 20 + 1 : 0;
    snprintf(cmd, sizeof cmd,
             "CARCVAR_LIBRARY='%s' PYTHONPATH='%s' /usr/bin/python3 '%s' %g %llu %ld 2>&1",
             lib, pypath, script_path, opt.seconds, (unsigned long long)opt.seed, limit);
    FILE *p = popen(cmd, "r");
    double rate = -1, batch = -1;
    if (p) {
        char line[1024];
        while (fgets(line, sizeof line, p)) {
            long n;
            double t;
            if (sscanf(line, "RESULT %ld %lf", &n, &t) == 2 && t > 0) rate = (double)n / t;
            else if (sscanf(line, "BATCH %ld %lf", &n, &t) == 2 && t > 0) batch = (double)n / t;
            else if (opt.verbose) fprintf(stderr, "python: %s", line);
        }
        pclose(p);
    }
    unlink(script_path);
    add_figure("python_playouts", rate, "games/s", 1);
    add_figure("python_batch_playouts", batch, "games/s", 1);
}

/* ------------------------------------------------ instructions per game */

/* The game functions a callgrind run collects (--toggle-collect='cg_*'):
 * the same playout as playout() above, split so that the digest's
 * serialization stays outside. */
__attribute__((noinline)) carc_game *cg_play(uint64_t seed, uint64_t *rs, int32_t *ids,
                                             long *decisions)
{
    carc_game *g = new_game(2, seed);
    size_t n;
    while (!carc_game_is_terminal(g)) {
        if (carc_game_current_player(g) == CARC_PLAYER_CHANCE) {
            CHECK(carc_game_sample_chance(g, NULL));
        } else {
            CHECK(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &n));
            if (n == 0) die("no legal action at a player decision (seed %llu)",
                            (unsigned long long)seed);
            CHECK(carc_game_apply_id(g, ids[rng_next(rs) % n]));
        }
        (*decisions)++;
    }
    return g;
}

__attribute__((noinline)) void cg_free(carc_game *g) { carc_game_free(g); }

/* --callgrind-restore N: the state bench_restore times (game 0 of
 * bench_calls half-way), restored N times from its snapshot (cg_restore:
 * carc_game_deserialize() + carc_game_free()), then N new games
 * (cg_new: carc_game_new() + carc_game_free() of the same options), each
 * in its own cg_* function so that callgrind_annotate --inclusive=yes
 * gives each one's instructions; prints the snapshot's size. */
__attribute__((noinline)) void cg_restore(const uint8_t *buf, size_t n, long times)
{
    for (long i = 0; i < times; i++) {
        carc_game *c = NULL;
        CHECK(carc_game_deserialize(&c, buf, n));
        carc_game_free(c);
    }
}

__attribute__((noinline)) void cg_new(long times)
{
    for (long i = 0; i < times; i++) carc_game_free(new_game(2, opt.seed + (uint64_t)i));
}

static int callgrind_restore(long times)
{
    int32_t *ids = malloc(sizeof(int32_t) * CARC_NUM_DISTINCT_ACTIONS);
    if (!ids) die("out of memory");
    uint64_t rs = opt.seed ^ 0x5bd1e995u;
    recorded rec;
    record_game(&rec, opt.seed + 5000, &rs, ids);
    carc_game *mid = new_game(2, rec.seed);
    for (int k = 0; k < rec.n / 2; k++) step(mid, &rec, k);
    size_t pn = 0;
    carc_game_snapshot(mid, NULL, 0, &pn);
    uint8_t *pb = malloc(pn);
    if (!pb) die("out of memory");
    CHECK(carc_game_snapshot(mid, pb, pn, &pn));
    cg_restore(pb, pn, times);
    cg_new(times);
    printf("restores %ld snapshot_bytes %zu\n", times, pn);
    free(pb);
    carc_game_free(mid);
    free(rec.id);
    free(rec.act);
    free(ids);
    return 0;
}

static int callgrind_games(long games)
{
    int32_t *ids = malloc(sizeof(int32_t) * CARC_NUM_DISTINCT_ACTIONS);
    size_t cap = 1 << 16;
    uint8_t *buf = malloc(cap);
    if (!ids || !buf) die("out of memory");
    uint64_t rs = opt.seed * 0x2545f4914f6cdd1dull + 7;
    uint64_t h = 0xcbf29ce484222325ull;
    long decisions = 0;
    for (long i = 0; i < games; i++) {
        carc_game *g = cg_play(opt.seed + (uint64_t)i, &rs, ids, &decisions);
        size_t len = 0;
        int rc = carc_game_serialize(g, buf, cap, &len);
        if (rc == CARC_E_BUFFER) {
            free(buf);
            cap = len;
            if (!(buf = malloc(cap))) die("out of memory");
            rc = carc_game_serialize(g, buf, cap, &len);
        }
        CHECK(rc);
        for (size_t k = 0; k < len; k++) h = (h ^ buf[k]) * 0x100000001b3ull;
        cg_free(g);
    }
    printf("games %ld decisions %ld digest %016llx\n", games, decisions, (unsigned long long)h);
    free(ids);
    free(buf);
    return 0;
}

/* instructions_per_game: this program under callgrind, --callgrind-games
 * 100 of the same modules; -1 if valgrind is not installed or fails. */
static void bench_callgrind(const char *self)
{
    const long games = 100;
    double value = -1;
    char out[64], cmd[4096];
    snprintf(out, sizeof out, "/tmp/carcvar-bench-cg.%ld", (long)getpid());
    snprintf(cmd, sizeof cmd,
             "valgrind --tool=callgrind --toggle-collect='cg_*' --callgrind-out-file=%s "
             "'%s' --callgrind-games %ld --seed %llu%s%s%s >/dev/null 2>&1",
             out, self, games, (unsigned long long)opt.seed,
             opt.modules_arg ? " --modules '" : "", opt.modules_arg ? opt.modules_arg : "",
             opt.modules_arg ? "'" : "");
    if (system("valgrind --version >/dev/null 2>&1") == 0 && system(cmd) == 0) {
        FILE *f = fopen(out, "r");
        char line[512];
        unsigned long long total = 0;
        while (f && fgets(line, sizeof line, f))
            if (sscanf(line, "totals: %llu", &total) == 1 ||
                sscanf(line, "summary: %llu", &total) == 1)
                break;
        if (f) fclose(f);
        if (total) value = (double)total / (double)games;
        else if (opt.verbose) fprintf(stderr, "callgrind: no totals in %s\n", out);
    } else if (opt.verbose) {
        fprintf(stderr, "callgrind: valgrind missing or failed: %s\n", cmd);
    }
    unlink(out);
    add_figure("instructions_per_game", value, "instructions", 0);
}

/* -------------------------------------------------------------------- main */

static void usage(void)
{
    puts("usage: carcvar-bench [--seconds S] [--games N] [--seed N] [--json]\n"
         "                     [--modules a,b,c] [--python-lib PATH] [--python-path DIR]\n"
         "                     [--no-python] [--python] [-v]\n"
         "  --seconds S   time budget of each figure (default 2)\n"
         "  --games N     play exactly N games per playout figure instead\n"
         "  --seed N      first seed (default 1)\n"
         "  --modules L   modules of the games, comma-separated (default base)\n"
         "  --json        print the figures as one JSON object (with\n"
         "                instructions_per_game, measured under valgrind if installed)\n"
         "  --no-callgrind  leave instructions_per_game out of --json (-1)\n"
         "  --callgrind-games N  only play N games, print their digest (for callgrind)\n"
         "  --callgrind-restore N  only restore the mid-game snapshot N times, then make\n"
         "                N new games (cg_restore, cg_new: for callgrind)");
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--json")) opt.json = 1;
        else if (!strcmp(a, "--no-python")) opt.python = 0;
        else if (!strcmp(a, "--python")) opt.python = 1;
        else if (!strcmp(a, "-v")) opt.verbose = 1;
        else if (!strcmp(a, "--no-callgrind")) opt.callgrind = 0;
        else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage();
            return 0;
        } else if (v && !strcmp(a, "--seconds")) {
            opt.seconds = atof(v);
            i++;
        } else if (v && !strcmp(a, "--games")) {
            opt.games = atol(v);
            i++;
        } else if (v && !strcmp(a, "--modules")) {
            bench_modules = parse_modules(v);
            opt.modules_arg = v;
            i++;
        } else if (v && !strcmp(a, "--callgrind-games")) {
            opt.cg_games = atol(v);
            if (opt.cg_games <= 0) die("--callgrind-games wants a positive count");
            i++;
        } else if (v && !strcmp(a, "--callgrind-restore")) {
            opt.cg_restore = atol(v);
            if (opt.cg_restore <= 0) die("--callgrind-restore wants a positive count");
            i++;
        } else if (v && !strcmp(a, "--seed")) {
            opt.seed = strtoull(v, NULL, 10);
            i++;
        } else if (v && !strcmp(a, "--python-lib")) {
            opt.python_lib = v;
            i++;
        } else if (v && !strcmp(a, "--python-path")) {
            opt.python_path = v;
            i++;
        } else {
            usage();
            return 2;
        }
    }
    if (opt.seconds <= 0) opt.seconds = 0.001;
    if (opt.games < 0) opt.games = 0;
    if (opt.cg_games) return callgrind_games(opt.cg_games);
    if (opt.cg_restore) return callgrind_restore(opt.cg_restore);

    bench_playouts();
    bench_calls();
    bench_memory();
    bench_python();
    bench_capacity();
    if (opt.json && opt.callgrind) {
        char self[1024];
        ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
        if (len > 0) self[len] = 0;
        else snprintf(self, sizeof self, "%s", argv[0]);
        bench_callgrind(self);
    }

    if (opt.json) {
        printf("{\n  \"library_version\": \"%s\",\n", carc_version_string());
        for (int i = 0; i < nfigures; i++)
            printf("  \"%s\": {\"value\": %.*f, \"unit\": \"%s\"}%s\n", figures[i].name,
                   figures[i].decimals, figures[i].value, figures[i].unit,
                   i + 1 < nfigures ? "," : "");
        printf("}\n");
    } else {
        for (int i = 0; i < nfigures; i++)
            printf("%s %.*f %s\n", figures[i].name, figures[i].decimals, figures[i].value,
                   figures[i].unit);
    }
    return 0;
}
