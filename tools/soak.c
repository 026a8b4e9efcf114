/*
 * carcvar-soak: play many seeded random games over every module combination
 * this build offers, checking invariants after every decision.  Not a test:
 * a long robustness run (doc/fuzzing.md, "Soak").
 *
 *   carcvar-soak [--games N] [--seed S] [--threads T] [--players P]
 *                [--progress SECONDS] [--failures DIR]
 *
 *   --games N       games to play (default 1000000)
 *   --seed S        seed of game 0; game i uses seed S + i (default 1)
 *   --threads T     worker threads (default 1)
 *   --players P     2..6; default: cycle through 2..6
 *   --progress S    seconds between progress lines (default 10, 0 = none)
 *   --failures DIR  write the record of each failing game there (default .)
 *
 * Game i uses module combination i mod C (C = 2^k subsets of the k
 * available optional modules; base is always on), and, unless --players,
 * 2 + (i / C) mod 5 players.
 *
 * Checks, after every decision (the same as tests/fuzz/fuzz_actions.c):
 *   - terminal <=> CARC_PLAYER_TERMINAL; the decision kind matches;
 *   - a live decision has a legal action; legal ids ascend, lie in the id
 *     space and agree with carc_game_legal_mask();
 *   - each player has 7 followers across supply and board, and the supply
 *     count agrees with carc_game_supply();
 *   - scores never decrease; at the end final scores equal live scores;
 *   - a clone serializes identically;
 *   - a random illegal id (every decision) and a random malformed structured
 *     action (every 4th) are refused with a negative code and leave the
 *     serialized game byte-identical;
 * and once per game, at a random decision and at the end: serialize ->
 * deserialize -> serialize is stable, and record -> replay reproduces the
 * same serialization.
 *
 * Built by meson as build/tests/bench/carcvar-soak.  By hand, against an
 * installed library (public API only):
 *   cc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L tools/soak.c -o carcvar-soak \
 *      $(pkg-config --cflags --libs carcvar) -lpthread
 * or against a build tree:
 *   cc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L -Iinclude tools/soak.c \
 *      -o carcvar-soak build/lib/libcarcvar.so -Wl,-rpath,$PWD/build/lib -lpthread
 *
 * Exit status: 0 if every game passed, 1 if any failed, 2 on bad usage.
 */
#include "carcvar/carcvar.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ------------------------------------------------------------------ setup */

static struct {
    long games;
    uint64_t seed;
    int threads;
    int players;
    double progress;
    const char *failures;
} opt = {1000000, 1, 1, 0, 10.0, "."};

static uint64_t combos[1 << 12];
static int ncombos;

static atomic_long done_games, done_decisions, failed_games;
static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint64_t rnd(uint64_t *s) /* splitmix64 */
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* ------------------------------------------------------- one game's checks */

typedef struct game_ctx {
    carc_game *g;
    int players;
    int32_t last[CARC_MAX_PLAYERS];
    int32_t *ids;
    size_t nids;
    uint8_t *mask;
    carc_figure *figs;
    size_t figcap;
    uint64_t rs;
    long step;
    char why[512];
} game_ctx;

static int fail(game_ctx *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->why, sizeof c->why, fmt, ap);
    va_end(ap);
    return 0;
}

#define ENSURE(cond, ...)                                  \
    do {                                                   \
        if (!(cond)) return fail(c, __VA_ARGS__);          \
    } while (0)
#define ENSURE_OK(call)                                                         \
    do {                                                                        \
        int rc_ = (call);                                                       \
        if (rc_ != CARC_OK)                                                     \
            return fail(c, "%s returned %d (%s)", #call, rc_, carc_strerror(rc_)); \
    } while (0)

static uint8_t *serialize(const carc_game *g, size_t *n)
{
    size_t need = 0;
    if (carc_game_serialize(g, NULL, 0, &need) != CARC_E_BUFFER) return NULL;
    uint8_t *b = malloc(need ? need : 1);
    if (!b) return NULL;
    if (carc_game_serialize(g, b, need, n) != CARC_OK || *n != need) {
        free(b);
        return NULL;
    }
    return b;
}

static int same_game(game_ctx *c, const carc_game *a, const carc_game *b, const char *what)
{
    size_t na = 0, nb = 0;
    uint8_t *sa = serialize(a, &na), *sb = serialize(b, &nb);
    int same = sa && sb && na == nb && memcmp(sa, sb, na) == 0;
    free(sa);
    free(sb);
    ENSURE(same, "%s: serializations differ (%zu vs %zu bytes)", what, na, nb);
    return 1;
}

static int is_legal(const game_ctx *c, int32_t id)
{
    for (size_t i = 0; i < c->nids; i++)
        if (c->ids[i] == id) return 1;
    return 0;
}

static int check_state(game_ctx *c)
{
    carc_game *g = c->g;
    int cur = carc_game_current_player(g);
    int term = carc_game_is_terminal(g);
    ENSURE(term == (cur == CARC_PLAYER_TERMINAL), "terminal %d but current player %d", term,
           cur);
    carc_decision d;
    ENSURE_OK(carc_game_decision(g, &d));
    ENSURE(d.player == cur, "decision player %d, current player %d", d.player, cur);
    ENSURE((d.kind == CARC_DECISION_END) == term, "decision kind %d, terminal %d", d.kind,
           term);

    c->nids = 0;
    if (!term) {
        ENSURE_OK(carc_game_legal_ids(g, c->ids, CARC_NUM_DISTINCT_ACTIONS, &c->nids));
        ENSURE(c->nids > 0, "live decision (kind %d) without a legal action", d.kind);
        size_t space = cur == CARC_PLAYER_CHANCE ? CARC_MAX_CHANCE_OUTCOMES
                                                 : CARC_NUM_DISTINCT_ACTIONS;
        for (size_t i = 0; i < c->nids; i++) {
            ENSURE(c->ids[i] >= 0 && (size_t)c->ids[i] < space, "legal id %d out of range",
                   c->ids[i]);
            ENSURE(i == 0 || c->ids[i - 1] < c->ids[i], "legal ids not ascending");
        }
        ENSURE_OK(carc_game_legal_mask(g, c->mask, space));
        size_t ones = 0;
        for (size_t i = 0; i < space; i++) ones += c->mask[i] != 0;
        ENSURE(ones == c->nids, "mask has %zu entries, legal ids %zu", ones, c->nids);
        for (size_t i = 0; i < c->nids; i++)
            ENSURE(c->mask[c->ids[i]] == 1, "legal id %d not in the mask", c->ids[i]);
    }

    size_t nf = 0;
    int rc = carc_game_figures(g, c->figs, c->figcap, &nf);
    if (rc == CARC_E_BUFFER) {
        free(c->figs);
        c->figcap = nf;
        c->figs = malloc(sizeof(carc_figure) * (nf ? nf : 1));
        if (!c->figs) return fail(c, "out of memory");
        rc = carc_game_figures(g, c->figs, c->figcap, &nf);
    }
    ENSURE_OK(rc);
    for (int p = 0; p < c->players; p++) {
        int supply = 0, board = 0;
        for (size_t i = 0; i < nf; i++) {
            if (c->figs[i].owner != p || c->figs[i].kind != CARC_FIGURE_FOLLOWER) continue;
            if (c->figs[i].where == CARC_WHERE_SUPPLY) supply++;
            else if (c->figs[i].where == CARC_WHERE_BOARD) board++;
        }
        ENSURE(supply + board == 7, "player %d: %d followers in supply + %d on the board", p,
               supply, board);
        ENSURE(supply == carc_game_supply(g, p, CARC_FIGURE_FOLLOWER),
               "player %d: supply %d, carc_game_supply %d", p, supply,
               carc_game_supply(g, p, CARC_FIGURE_FOLLOWER));
    }

    for (int p = 0; p < c->players; p++) {
        int32_t s;
        ENSURE_OK(carc_game_score(g, p, &s));
        ENSURE(s >= c->last[p], "player %d score fell from %d to %d", p, c->last[p], s);
        c->last[p] = s;
    }
    if (term) {
        int32_t fs[CARC_MAX_PLAYERS];
        ENSURE_OK(carc_game_final_scores(g, fs, CARC_MAX_PLAYERS));
        for (int p = 0; p < c->players; p++)
            ENSURE(fs[p] == c->last[p], "player %d: final score %d, live score %d", p, fs[p],
                   c->last[p]);
    }

    carc_game *cl = NULL;
    ENSURE_OK(carc_game_clone(&cl, g));
    int ok = same_game(c, g, cl, "clone");
    carc_game_free(cl);
    return ok;
}

/* A refused action must leave the serialized game unchanged. */
static int check_refusals(game_ctx *c)
{
    size_t n0 = 0;
    uint8_t *s0 = serialize(c->g, &n0);
    ENSURE(s0 != NULL, "serialize failed");
    int ok = 1;
    int32_t id;
    do id = (int32_t)(rnd(&c->rs) % (CARC_NUM_DISTINCT_ACTIONS + 64)) - 32;
    while (is_legal(c, id));
    int rc = carc_game_apply_id(c->g, id);
    if (rc >= 0) ok = fail(c, "illegal id %d accepted (%d)", id, rc);

    if (ok && c->step % 4 == 0) {
        carc_action a;
        memset(&a, 0, sizeof a);
        a.kind = (int32_t)(rnd(&c->rs) % 6) - 1;
        a.tile = (int32_t)(rnd(&c->rs) % 40) - 5;
        a.x = (int32_t)(rnd(&c->rs) % 60) - 30;
        a.y = (int32_t)(rnd(&c->rs) % 60) - 30;
        a.rotation = (int32_t)(rnd(&c->rs) % 7) - 1;
        a.figure = (int32_t)(rnd(&c->rs) % 20) - 2;
        a.segment = (int32_t)(rnd(&c->rs) % 40) - 4;
        int32_t aid;
        int legal = carc_action_to_id(c->g, &a, &aid) == CARC_OK && is_legal(c, aid);
        if (!legal) {
            rc = carc_game_apply(c->g, &a);
            if (rc >= 0) ok = fail(c, "malformed action (kind %d) accepted (%d)", a.kind, rc);
        }
    }
    if (ok) {
        size_t n1 = 0;
        uint8_t *s1 = serialize(c->g, &n1);
        if (!s1 || n1 != n0 || memcmp(s0, s1, n0) != 0)
            ok = fail(c, "a refused action changed the game");
        free(s1);
    }
    free(s0);
    return ok;
}

static int check_roundtrips(game_ctx *c)
{
    /* serialize -> deserialize -> serialize */
    size_t n = 0;
    uint8_t *b = serialize(c->g, &n);
    ENSURE(b != NULL, "serialize failed");
    carc_game *r = NULL;
    int rc = carc_game_deserialize(&r, b, n);
    free(b);
    ENSURE(rc == CARC_OK, "own serialization refused: %d (%s)", rc, carc_strerror(rc));
    int ok = same_game(c, c->g, r, "serialize round trip");
    carc_game_free(r);
    if (!ok) return 0;

    /* record -> replay */
    size_t need = 0;
    ENSURE(carc_game_write_record(c->g, NULL, 0, &need) == CARC_E_BUFFER, "record size query");
    char *text = malloc(need ? need : 1);
    ENSURE(text != NULL, "out of memory");
    rc = carc_game_write_record(c->g, text, need, &need);
    if (rc != CARC_OK) {
        free(text);
        return fail(c, "write_record returned %d", rc);
    }
    carc_record_error err;
    memset(&err, 0, sizeof err);
    rc = carc_record_replay(&r, text, strnlen(text, need), &err);
    free(text);
    ENSURE(rc == CARC_OK, "own record refused at line %d: %s", err.line, err.message);
    ok = same_game(c, c->g, r, "record round trip");
    carc_game_free(r);
    return ok;
}

static void report_failure(game_ctx *c, long index, const carc_options *o)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/soak-failure-%llu.rec", opt.failures,
             (unsigned long long)o->seed);
    size_t need = 0;
    int saved = 0;
    if (c->g && carc_game_write_record(c->g, NULL, 0, &need) == CARC_E_BUFFER) {
        char *text = malloc(need);
        if (text && carc_game_write_record(c->g, text, need, &need) == CARC_OK) {
            FILE *f = fopen(path, "w");
            if (f) {
                fputs(text, f);
                fprintf(f, "# soak failure at decision %ld: %s\n", c->step, c->why);
                saved = fclose(f) == 0;
            }
        }
        free(text);
    }
    pthread_mutex_lock(&out_lock);
    printf("FAIL game %ld (seed %llu, %d players, modules 0x%llx) at decision %ld: %s%s%s\n",
           index, (unsigned long long)o->seed, o->num_players,
           (unsigned long long)o->modules, c->step, c->why, saved ? "; record: " : "",
           saved ? path : "");
    fflush(stdout);
    pthread_mutex_unlock(&out_lock);
}

/* Play game `index`; returns 1 if it passed. */
static int play(game_ctx *c, long index)
{
    carc_options o;
    carc_options_init(&o);
    o.seed = opt.seed + (uint64_t)index;
    o.modules = combos[index % ncombos];
    o.num_players = opt.players ? opt.players : 2 + (int)((index / ncombos) % 5);
    c->players = o.num_players;
    memset(c->last, 0, sizeof c->last);
    c->rs = o.seed * 0x9e3779b97f4a7c15ull + 12345;
    c->step = 0;
    c->why[0] = 0;
    c->g = NULL;
    int rc = carc_game_new(&c->g, &o);
    int ok = rc == CARC_OK ? 1 : fail(c, "carc_game_new: %d (%s)", rc, carc_strerror(rc));
    long roundtrip_at = 20 + (long)(rnd(&c->rs) % 150);
    if (ok) ok = check_state(c);
    while (ok && !carc_game_is_terminal(c->g)) {
        if (c->step == roundtrip_at && !check_roundtrips(c)) {
            ok = 0;
            break;
        }
        if (!check_refusals(c)) {
            ok = 0;
            break;
        }
        if (carc_game_current_player(c->g) == CARC_PLAYER_CHANCE) {
            rc = carc_game_sample_chance(c->g, NULL);
        } else {
            rc = carc_game_apply_id(c->g, c->ids[rnd(&c->rs) % c->nids]);
        }
        if (rc != CARC_OK) {
            ok = fail(c, "legal decision refused: %d (%s)", rc, carc_strerror(rc));
            break;
        }
        c->step++;
        ok = check_state(c);
        if (c->step > 100000) ok = fail(c, "game does not end");
    }
    if (ok) ok = check_roundtrips(c);
    atomic_fetch_add(&done_decisions, c->step);
    if (!ok) report_failure(c, index, &o);
    carc_game_free(c->g);
    c->g = NULL;
    return ok;
}

typedef struct worker {
    pthread_t th;
    int id;
} worker;

static void *work(void *arg)
{
    worker *w = arg;
    game_ctx c;
    memset(&c, 0, sizeof c);
    c.ids = malloc(sizeof(int32_t) * CARC_NUM_DISTINCT_ACTIONS);
    c.mask = malloc(CARC_NUM_DISTINCT_ACTIONS);
    c.figcap = 64;
    c.figs = malloc(sizeof(carc_figure) * c.figcap);
    if (!c.ids || !c.mask || !c.figs) {
        fprintf(stderr, "carcvar-soak: out of memory\n");
        exit(1);
    }
    for (long i = w->id; i < opt.games; i += opt.threads) {
        if (!play(&c, i)) atomic_fetch_add(&failed_games, 1);
        atomic_fetch_add(&done_games, 1);
    }
    free(c.ids);
    free(c.mask);
    free(c.figs);
    return NULL;
}

static void usage(void)
{
    fputs("usage: carcvar-soak [--games N] [--seed S] [--threads T] [--players P]\n"
          "                    [--progress SECONDS] [--failures DIR]\n",
          stderr);
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i += 2) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!v) {
            usage();
            return 2;
        }
        if (!strcmp(a, "--games")) opt.games = atol(v);
        else if (!strcmp(a, "--seed")) opt.seed = strtoull(v, NULL, 10);
        else if (!strcmp(a, "--threads")) opt.threads = atoi(v);
        else if (!strcmp(a, "--players")) opt.players = atoi(v);
        else if (!strcmp(a, "--progress")) opt.progress = atof(v);
        else if (!strcmp(a, "--failures")) opt.failures = v;
        else {
            usage();
            return 2;
        }
    }
    if (opt.games < 0 || opt.threads < 1 || opt.threads > 256 ||
        (opt.players && (opt.players < CARC_MIN_PLAYERS || opt.players > CARC_MAX_PLAYERS))) {
        usage();
        return 2;
    }

    int avail[CARC_MODULE_SLOTS], k = 0;
    for (int m = 1; m < CARC_MODULE_SLOTS; m++)
        if (carc_module_available(m) == 1 && k < 12) avail[k++] = m;
    ncombos = 1 << k;
    for (int s = 0; s < ncombos; s++) {
        uint64_t bits = 1u << CARC_MODULE_BASE;
        for (int j = 0; j < k; j++)
            if (s >> j & 1) bits |= (uint64_t)1 << avail[j];
        combos[s] = bits;
    }
    printf("carcvar-soak: libcarcvar %s, %ld games from seed %llu, %d thread(s), "
           "%d module combination(s):",
           carc_version_string(), opt.games, (unsigned long long)opt.seed, opt.threads,
           ncombos);
    for (int s = 0; s < ncombos; s++) {
        printf(" base");
        for (int j = 0; j < k; j++)
            if (s >> j & 1) printf("+%s", carc_module_name(avail[j]));
        printf(s + 1 < ncombos ? "," : "\n");
    }
    fflush(stdout);

    double t0 = now();
    worker *ws = calloc((size_t)opt.threads, sizeof *ws);
    if (!ws) return 1;
    for (int t = 0; t < opt.threads; t++) {
        ws[t].id = t;
        if (pthread_create(&ws[t].th, NULL, work, &ws[t]) != 0) {
            fprintf(stderr, "carcvar-soak: cannot start thread %d\n", t);
            return 1;
        }
    }
    double next_report = t0 + opt.progress;
    while (atomic_load(&done_games) < opt.games) {
        struct timespec ts = {0, 200 * 1000 * 1000};
        nanosleep(&ts, NULL);
        double t = now();
        if (opt.progress > 0 && t >= next_report) {
            long dg = atomic_load(&done_games);
            pthread_mutex_lock(&out_lock);
            printf("  %ld/%ld games (%.1f%%), %ld decisions, %ld failed, %.0f games/s\n", dg,
                   opt.games, 100.0 * (double)dg / (double)(opt.games ? opt.games : 1),
                   atomic_load(&done_decisions), atomic_load(&failed_games),
                   (double)dg / (t - t0));
            fflush(stdout);
            pthread_mutex_unlock(&out_lock);
            next_report = t + opt.progress;
        }
    }
    for (int t = 0; t < opt.threads; t++) pthread_join(ws[t].th, NULL);
    free(ws);
    double secs = now() - t0;
    long g = atomic_load(&done_games), f = atomic_load(&failed_games);
    printf("carcvar-soak: %ld games, %ld decisions, %ld failed, %.1f s (%.0f games/s)\n", g,
           atomic_load(&done_decisions), f, secs, secs > 0 ? (double)g / secs : 0.0);
    return f ? 1 : 0;
}
