/*
 * fuzz-gen-corpus DIR: write small valid seed inputs for the fuzz targets
 * into DIR/deserialize, DIR/record, DIR/notation and DIR/actions (the
 * directories must exist), in the input layouts of the targets (the
 * module-set helpers of fuzz_common.h).  The committed tests/fuzz/corpus was made with
 *   build/tests/fuzz/fuzz-gen-corpus tests/fuzz/corpus
 * Deterministic: the same library writes the same files.
 */
#include "fuzz_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *outdir;

static void die(const char *what, int rc)
{
    fprintf(stderr, "fuzz-gen-corpus: %s: %s (%d)\n", what, carc_strerror(rc), rc);
    exit(1);
}

#define CHECK(call)                         \
    do {                                    \
        int rc_ = (call);                   \
        if (rc_ != CARC_OK) die(#call, rc_); \
    } while (0)

static void put(const char *target, const char *name, const void *data, size_t n)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s/%s", outdir, target, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, n, f) != n || fclose(f) != 0) {
        perror(path);
        exit(1);
    }
}

static uint64_t next(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return *s >> 33;
}

static carc_game *new_game(int players, uint64_t seed)
{
    carc_options o;
    carc_options_init(&o);
    o.num_players = players;
    o.seed = seed;
    carc_game *g;
    CHECK(carc_game_new(&g, &o));
    return g;
}

/* Play `steps` decisions (all if negative) with choices from rs. */
static void advance(carc_game *g, int steps, uint64_t *rs)
{
    static int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
    for (int i = 0; (steps < 0 || i < steps) && !carc_game_is_terminal(g); i++) {
        if (carc_game_current_player(g) == CARC_PLAYER_CHANCE) {
            CHECK(carc_game_sample_chance(g, NULL));
        } else {
            size_t n;
            CHECK(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &n));
            CHECK(carc_game_apply_id(g, ids[next(rs) % n]));
        }
    }
}

/* the bytes write (carc_game_serialize or carc_game_snapshot) gives of g,
 * put as deserialize's input `name` */
static void put_bytes(const char *name, const carc_game *g,
                      int (*write)(const carc_game *, uint8_t *, size_t, size_t *))
{
    size_t n = 0;
    write(g, NULL, 0, &n);
    uint8_t *b = malloc(n);
    if (!b) exit(1);
    CHECK(write(g, b, n, &n));
    put("deserialize", name, b, n);
    free(b);
}

static void put_serialized(const char *name, const carc_game *g)
{
    put_bytes(name, g, carc_game_serialize);
}

/* a snapshot (version 4): restored by a checked copy in the build that
 * wrote it, by replaying its history in any other */
static void put_snapshot(const char *name, const carc_game *g)
{
    put_bytes(name, g, carc_game_snapshot);
}

static void put_record(const char *name, const carc_game *g)
{
    size_t n = 0;
    carc_game_write_record(g, NULL, 0, &n);
    char *b = malloc(n);
    if (!b) exit(1);
    CHECK(carc_game_write_record(g, b, n, &n));
    put("record", name, b, strnlen(b, n));
    free(b);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: fuzz-gen-corpus DIR\n");
        return 2;
    }
    outdir = argv[1];
    char name[64];

    /* deserialize + record: games at a few points */
    static const struct {
        int players, seed, steps;
    } pts[] = {{2, 7, 0}, {2, 7, 1}, {2, 7, 3}, {3, 11, 12}, {2, 42, 60}, {6, 5, 40}, {4, 9, -1}};
    for (size_t i = 0; i < sizeof pts / sizeof pts[0]; i++) {
        carc_game *g = new_game(pts[i].players, (uint64_t)pts[i].seed);
        uint64_t rs = (uint64_t)pts[i].seed;
        advance(g, pts[i].steps, &rs);
        snprintf(name, sizeof name, "p%d-s%d-%s%d", pts[i].players, pts[i].seed,
                 pts[i].steps < 0 ? "end" : "step", pts[i].steps < 0 ? 0 : pts[i].steps);
        put_serialized(name, g);
        put_record(name, g);
        carc_game_free(g);
    }
    /* snapshots: a base game and every module, mid-game and at the end */
    for (int k = 0; k < 3; k++) {
        carc_options o;
        carc_options_init(&o);
        o.num_players = 3;
        o.seed = 21;
        if (k > 0)
            for (int m = 1; m < CARC_MODULE_SLOTS; m++)
                if (carc_module_available(m) == 1) o.modules |= 1ull << m;
        carc_game *g;
        CHECK(carc_game_new(&g, &o));
        uint64_t rs = 21;
        advance(g, k == 2 ? -1 : 40, &rs);
        snprintf(name, sizeof name, "snapshot-%s-%s", k ? "all" : "base", k == 2 ? "end" : "step40");
        put_snapshot(name, g);
        carc_game_free(g);
    }
    /* hand-written records in the documented format */
    static const char rec1[] = "carcvar-record 1\nplayers 2\nseed 7\nmodules base\n";
    static const char rec2[] =
        "carcvar-record 1\n"
        "players 2\n"
        "seed 42\n"
        "modules base\n"
        "rule tiny_city 2\n"
        "draw W\n"
        "place 1,0 r0\n"
        "deploy follower road W\n"
        "draw V\n"
        "place -1,0 r1\n"
        "pass\n"
        "# a comment\n";
    static const char rec3[] = "carcvar-record 1\r\nplayers 3\r\nseed 1\r\n\r\ndraw D rng\r\n";
    put("record", "hand-header", rec1, sizeof rec1 - 1);
    put("record", "hand-doc-example", rec2, sizeof rec2 - 1);
    put("record", "hand-crlf", rec3, sizeof rec3 - 1);

    /* notation: [players + 5 x module bits][steps][seed][module bits] text
     * (the layout of fuzz_notation.c: the set is (b0 / 5) ^ (b3 << 3)), for
     * actions that are legal in that state (every kind of decision, and the
     * modules': the last legal action, often a module's verb; in the base
     * game also the first) in the base game, issue 20's three modules, the
     * bridges and castles, the big top, all five (written with byte 3 = 0,
     * as before it came), then the modules that came later (the Count,
     * Princess & Dragon, the Tower, the catapult, pig throwing with its pig,
     * the Dungeon with the Tower and P&D, all eleven) */
    static const unsigned sets[] = {0, 7, 8, 16, 31, 32, 64, 128, 256, 512, 1024 | 192, 2047};
    static const int stepss[] = {0, 1, 2, 3, 13, 30, 50};
    for (size_t si = 0; si < sizeof sets / sizeof sets[0]; si++)
        for (size_t st = 0; st < sizeof stepss / sizeof stepss[0]; st++) {
            unsigned lo = sets[si] < 32 ? sets[si] : sets[si] & 7u;
            uint8_t hdr[4] = {(uint8_t)(5 * lo + st % 5), (uint8_t)stepss[st],
                              (uint8_t)(3 + 10 * st + si), (uint8_t)(sets[si] < 32 ? 0 : sets[si] >> 3)};
            carc_options o;
            carc_options_init(&o);
            o.num_players = 2 + hdr[0] % 5;
            o.seed = hdr[2];
            o.modules = fz_modules((hdr[0] / 5u) ^ ((unsigned)hdr[3] << 3));
            carc_game *g;
            CHECK(carc_game_new(&g, &o));
            uint64_t rs = hdr[2] + 1u; /* the same choices as fuzz_notation.c */
            advance(g, stepss[st], &rs);
            static carc_action acts[CARC_NUM_DISTINCT_ACTIONS];
            size_t n = 0;
            if (!carc_game_is_terminal(g))
                CHECK(carc_game_legal_actions(g, acts, CARC_NUM_DISTINCT_ACTIONS, &n));
            /* the base game's first and last; a module set's last */
            for (size_t k = sets[si] ? n - 1 : 0; k < n; k += n - 1) {
                char text[128], buf[160];
                CHECK(carc_action_to_string(g, &acts[k], text, sizeof text, NULL));
                memcpy(buf, hdr, 4);
                size_t len = strlen(text);
                memcpy(buf + 4, text, len);
                snprintf(name, sizeof name, "legal-m%u-s%d-%s", sets[si], stepss[st],
                         k ? "last" : "first");
                put("notation", name, buf, 4 + len);
                if (n == 1) break;
            }
            carc_game_free(g);
        }
    static const char *const texts[] = {
        "draw D", "place 1,0 r0", "place -1,-2 r3", "deploy follower city N",
        "deploy follower monastery", "deploy follower #2", "deploy follower field Nw", "pass",
    };
    for (size_t k = 0; k < sizeof texts / sizeof texts[0]; k++) {
        char buf[160];
        buf[0] = 5 * 7;
        buf[1] = (char)(k % 3);
        buf[2] = 3;
        buf[3] = 0;
        size_t len = strlen(texts[k]);
        memcpy(buf + 4, texts[k], len);
        snprintf(name, sizeof name, "text-%02zu", k);
        put("notation", name, buf, 4 + len);
    }

    /* actions: the four header bytes (module set, players and rule
     * variant, seed, module set's high bits: fz_header in fuzz_common.h)
     * then step bytes */
    for (int i = 0; i < 6; i++) {
        uint8_t buf[400];
        uint64_t rs = (uint64_t)i + 100;
        buf[0] = (uint8_t)(i * 13 % 32);
        buf[1] = (uint8_t)(i * 37 + 1);
        buf[2] = (uint8_t)(i * 41 + 3);
        buf[3] = 0;
        size_t n = 4;
        size_t len = 1 + (i < 3 ? 40 + (size_t)i * 60 : 399); /* the header byte 3 came later */
        while (n < len) {
            uint8_t b = (uint8_t)next(&rs);
            if (i % 2 == 0 && b >= 0xB0) b &= 0x7F; /* legal moves only */
            buf[n++] = b;
        }
        snprintf(name, sizeof name, "%s-%d", i % 2 ? "mixed" : "legal", i);
        put("actions", name, buf, n);
    }
    return 0;
}
