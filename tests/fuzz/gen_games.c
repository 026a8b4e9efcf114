/*
 * fuzz-gen-games DIR / fuzz-gen-games-probe DIR: whole games as seed inputs
 * for fuzz_actions / fuzz_actions_probe (the step bytes of fuzz_actions.c).
 *
 * Each file is the header (fuzz_actions: 4 bytes, fz_header() in
 * fuzz_common.h: module set, players and rule variant, seed; with FZ_PROBE
 * 2 bytes: players, module set and rules, seed) and then step bytes until
 * the game is over: one legal action by index per decision (bytes
 * 0x00-0xAF and 0xB4-0xBF, 0xB4-0xB7 through its notation; at a chance
 * decision a byte below 0x30 samples), so the input reaches the end of the
 * game.  Every hostile step is applied here exactly as the target applies
 * it (the same decoding, from fuzz_common.h), so a refused one changes
 * nothing and an accepted one is followed:
 *   "legal"   legal actions only;
 *   "mixed"   every 10th decision a hostile step, every 37th a record or
 *             serialization round trip (0xB0-0xB3), a rule variant;
 *   "hostile" a hostile step before every other decision;
 * in fuzz_actions' mixed and hostile games every third legal action goes
 * through its text (0xB4-0xB7).
 * fuzz_actions' hostile steps rotate over a raw id (0xC0), an id near the
 * range (0xD0), a structured action of a kind of the core or of an enabled
 * module (0xE0, fz_struct_action), a notation word (0xF0), the mangled text
 * of a legal action (0xF6) and raw text (0xFA); fuzz_actions_probe's are
 * hostile ids only.
 *
 * fuzz-gen-games: for each module set of the random suites (base, each
 * module alone, inns_cathedrals + traders_builders, big_top +
 * bridges_castles, ic + tb + abbey_mayor, those + bridges_castles, all
 * five) one legal, one mixed (rule variant on) and one hostile game, each
 * with its own player count and seed: 33 files, game-SET-pN-KIND.
 * fuzz-gen-games-probe: for each probe module set (base, base+probe,
 * base+probe+probe2) and 2..6 players one game of each kind: 45 files.
 * Deterministic.  The committed seeds were written with
 *   build/tests/fuzz/fuzz-gen-games tests/fuzz/corpus/actions
 * (see doc/fuzzing.md).
 */
#include "fuzz_common.h"

#define CHECK(call)                                                                   \
    do {                                                                              \
        int rc_ = (call);                                                             \
        if (rc_ != CARC_OK) {                                                         \
            fprintf(stderr, "fuzz-gen-games: %s: %s (%d)\n", #call, carc_strerror(rc_), \
                    rc_);                                                             \
            exit(1);                                                                  \
        }                                                                             \
    } while (0)

static uint64_t next(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return *s >> 33;
}

/* a step byte that picks a legal action by index (fuzz_actions.c) */
static uint8_t legal_byte(uint64_t *rs)
{
    uint32_t r = (uint32_t)(next(rs) % (0xB0 + 12));
    return (uint8_t)(r < 0xB0 ? r : 0xB4 + (r - 0xB0));
}

typedef struct gen {
    carc_game *g;
    uint8_t *buf;
    size_t cap, n;
    uint64_t rs;
    int32_t kinds[FZ_MAX_KINDS];
    size_t nkinds;
    int tile_mod;
    long hostile, accepted; /* hostile steps, and how many of them applied */
} gen;

static int32_t ids[CARC_NUM_DISTINCT_ACTIONS];

static size_t legal_ids(carc_game *g)
{
    size_t k = 0;
    CHECK(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &k));
    return k;
}

static uint8_t emit(gen *s, uint8_t b)
{
    if (s->n + 1 > s->cap) {
        fprintf(stderr, "fuzz-gen-games: game longer than %zu bytes\n", s->cap);
        exit(1);
    }
    s->buf[s->n++] = b;
    return b;
}

/* Parse text and apply it if it parses, as the target's hostile_text(). */
static void apply_text(gen *s, const char *text)
{
    carc_action a;
    memset(&a, 0, sizeof a);
    if (carc_action_from_string(s->g, text, &a) == CARC_OK && carc_game_apply(s->g, &a) == CARC_OK)
        s->accepted++;
}

/* One hostile step of kind t (0..5), written and applied as the target. */
static void hostile_step(gen *s, int t)
{
    s->hostile++;
    if (t <= 1) {
        uint8_t b = emit(s, (uint8_t)((t ? 0xD0 : 0xC0) + next(&s->rs) % 16));
        uint8_t hi = emit(s, (uint8_t)next(&s->rs)), lo = emit(s, (uint8_t)next(&s->rs));
        int32_t id;
        if (b < 0xD0) id = (int16_t)(uint16_t)((hi << 8) | lo);
        else id = (int32_t)(((unsigned)hi << 8 | lo) % (CARC_NUM_DISTINCT_ACTIONS + 64)) - 32;
        if (carc_game_apply_id(s->g, id) == CARC_OK) s->accepted++;
    } else if (t == 2) {
        uint8_t v[9];
        emit(s, (uint8_t)(0xE0 + next(&s->rs) % 16));
        for (int k = 0; k < 9; k++) v[k] = emit(s, (uint8_t)next(&s->rs));
        carc_action a;
        fz_struct_action(v, s->kinds, s->nkinds, s->tile_mod, &a);
        if (carc_game_apply(s->g, &a) == CARC_OK) s->accepted++;
    } else if (t == 3) {
        emit(s, (uint8_t)(0xF0 + next(&s->rs) % 6));
        uint8_t w = emit(s, (uint8_t)next(&s->rs)), n = emit(s, (uint8_t)next(&s->rs));
        char text[64];
        fz_word_text(w, n, text, sizeof text);
        apply_text(s, text);
    } else if (t == 4) {
        emit(s, (uint8_t)(0xF6 + next(&s->rs) % 4));
        uint8_t k = emit(s, (uint8_t)next(&s->rs)), pos = emit(s, (uint8_t)next(&s->rs));
        /* a printable character mostly, sometimes any byte */
        uint8_t val = emit(s, (uint8_t)(next(&s->rs) % 4 ? 0x20 + next(&s->rs) % 95
                                                         : next(&s->rs)));
        size_t nids = carc_game_is_terminal(s->g) ? 0 : legal_ids(s->g);
        if (nids == 0) return;
        carc_action a;
        CHECK(carc_action_from_id(s->g, ids[k % nids], &a));
        char text[256];
        CHECK(carc_action_to_string(s->g, &a, text, sizeof text, NULL));
        fz_mangle_text(text, sizeof text, pos, val);
        apply_text(s, text);
    } else {
        /* a word and a number, as raw text of its own length */
        char text[64];
        uint8_t w = (uint8_t)next(&s->rs), n = (uint8_t)next(&s->rs); /* in this order */
        fz_word_text(w, n, text, sizeof text);
        size_t len = strlen(text) % 40;
        emit(s, (uint8_t)(0xFA + next(&s->rs) % 6));
        emit(s, (uint8_t)len);
        for (size_t k = 0; k < len; k++) emit(s, (uint8_t)text[k]);
        text[len] = 0;
        apply_text(s, text);
    }
}

/* A host's structured outcome of random words at a sampled-only decision,
 * emitted in fuzz_actions' layout (host_outcome) and applied here the same
 * way: usually refused (the game unchanged), sometimes taken. */
static void host_outcome_step(gen *s)
{
    uint8_t n = (uint8_t)(next(&s->rs) % 8);
    emit(s, (uint8_t)(0x80 + next(&s->rs) % 0x30));
    emit(s, n);
    uint16_t words[8];
    for (int k = 0; k <= n; k++) {
        uint8_t b = (uint8_t)next(&s->rs);
        emit(s, b);
        if (b < 0x80) {
            words[k] = b;
        } else {
            uint8_t hi = (uint8_t)next(&s->rs), lo = (uint8_t)next(&s->rs);
            emit(s, hi);
            emit(s, lo);
            words[k] = (uint16_t)(hi << 8 | lo);
        }
    }
    carc_game *cl = NULL;
    CHECK(carc_game_clone(&cl, s->g));
    carc_action a;
    CHECK(carc_game_sample_chance(cl, &a));
    carc_game_free(cl);
    if (carc_game_apply_outcome(s->g, &a, words, (size_t)n + 1, NULL) == CARC_OK) s->accepted++;
    s->hostile++;
}

static void play(gen *s, const carc_options *o, int mode, int rich)
{
    CHECK(carc_game_new(&s->g, o));
    int step = 0;
    while (!carc_game_is_terminal(s->g)) {
        step++;
        if (mode && step % 37 == 0) {
            emit(s, (uint8_t)(0xB0 + next(&s->rs) % 4)); /* round trip: same game */
            continue;
        }
        if (mode && (mode == 2 || step % 5 == 0) && step % 2 == 0) {
            hostile_step(s, rich ? (int)(step / 2 % 6) : (int)(next(&s->rs) % 2));
            continue;
        }
        uint8_t b = legal_byte(&s->rs);
        if (rich && mode && step % 3 == 0) b = (uint8_t)(0xB4 + next(&s->rs) % 4); /* text */
        size_t nids = legal_ids(s->g);
        if (carc_game_current_player(s->g) == CARC_PLAYER_CHANCE && nids == 0 && b >= 0x80 &&
            b < 0xB0) {
            /* a sampled-only decision: bytes 0x80-0xAF are a host's outcome
             * there (fuzz_actions.c host_outcome); the hostile mode sends
             * one of random words (and mirrors it), the others sample */
            if (mode == 2) {
                host_outcome_step(s);
                continue;
            }
            b &= 0x7F;
        }
        emit(s, b);
        if (carc_game_current_player(s->g) == CARC_PLAYER_CHANCE && (b < 0x30 || nids == 0))
            CHECK(carc_game_sample_chance(s->g, NULL));
        else
            CHECK(carc_game_apply_id(s->g, ids[b % nids]));
    }
    carc_game_free(s->g);
    s->g = NULL;
}

static const char *const kind_names[3] = {"legal", "mixed", "hostile"};

static int write_game(const char *dir, const char *set, int players, int mode, const gen *s)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/game-%s-p%d-%s", dir, set, players, kind_names[mode]);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(s->buf, 1, s->n, f) != s->n || fclose(f) != 0) {
        perror(path);
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: fuzz-gen-games DIR\n");
        return 2;
    }
    static uint8_t buf[1 << 16];
    size_t longest = 0, total = 0;
    long hostile = 0, accepted = 0;
    int files = 0;
#ifdef FZ_PROBE
    for (int set = 0; set < 3; set++)
        for (int players = 2; players <= 6; players++)
            for (int mode = 0; mode < 3; mode++) {
                carc_options o;
                carc_options_init(&o);
                o.num_players = players;
                gen s;
                memset(&s, 0, sizeof s);
                s.buf = buf;
                s.cap = sizeof buf;
                s.rs = (uint64_t)(set * 100 + players * 10 + mode) * 2654435761u + 1;
                /* b0 % 5 = players - 2, b0 / 5 % 3 = set, b0 / 15 % 2 = start - 1,
                 * b0 / 30 % 2 = cheer - 1, b0 / 60 % 3 = road bonus - 1 */
                int start = (players + mode) % 2, cheer = mode % 2, bonus = players % 3;
                int b0 = (players - 2) + 5 * set + 15 * start + 30 * cheer + 60 * bonus;
                emit(&s, (uint8_t)b0);
                emit(&s, (uint8_t)(next(&s.rs) & 0xFF));
                o.seed = buf[1];
                o.modules = (uint64_t)1 << CARC_MODULE_BASE;
                if (set >= 1) {
                    o.modules |= (uint64_t)1 << 12;
                    CHECK(carc_options_set_rule(&o, "probe_road_bonus", 1 + bonus));
                }
                if (set >= 2) {
                    o.modules |= (uint64_t)1 << 13;
                    CHECK(carc_options_set_rule(&o, "probe2_start", 1 + start));
                    CHECK(carc_options_set_rule(&o, "probe2_cheer", 1 + cheer));
                }
                static const char *const sets[] = {"base", "probe", "probe2"};
                play(&s, &o, mode, 0);
                if (write_game(argv[1], sets[set], players, mode, &s)) return 1;
                files++;
                total += s.n;
                hostile += s.hostile;
                accepted += s.accepted;
                if (s.n > longest) longest = s.n;
            }
#else
    /* the module sets of the random suites (tests/meson.build) */
    static const struct {
        const char *name, *modules;
    } sets[] = {
        {"base", ""},
        {"ic", "inns_cathedrals"},
        {"tb", "traders_builders"},
        {"am", "abbey_mayor"},
        {"bcb", "bridges_castles"},
        {"bt", "big_top"},
        {"ic-tb", "inns_cathedrals traders_builders"},
        {"bt-bcb", "big_top bridges_castles"},
        {"ic-tb-am", "inns_cathedrals traders_builders abbey_mayor"},
        {"ic-tb-am-bcb", "inns_cathedrals traders_builders abbey_mayor bridges_castles"},
        {"all", "inns_cathedrals traders_builders abbey_mayor bridges_castles big_top"},
        {"count", "count"}, /* appended: the sets above keep their seeds */
        {"pd", "princess_dragon"},
        /* added with The Tower (issue 30): new sets only at the end, so the
         * files of the sets above do not change */
        {"tower", "tower"},
        {"tower-ic-tb-am-bcb",
         "tower inns_cathedrals traders_builders abbey_mayor bridges_castles"},
        /* 0.7.0: the catapult, pig throwing, the Dungeon, and all eleven */
        {"cat", "catapult"},
        {"tb-pig", "traders_builders pig_throwing"},
        {"tower-pd-dungeon", "tower princess_dragon dungeon"},
        {"eleven", "inns_cathedrals traders_builders abbey_mayor bridges_castles big_top count "
                   "princess_dragon tower catapult pig_throwing dungeon"},
    };
    for (size_t set = 0; set < sizeof sets / sizeof sets[0]; set++) {
        uint64_t modules = (uint64_t)1 << CARC_MODULE_BASE;
        char names[128];
        snprintf(names, sizeof names, "%s", sets[set].modules);
        for (char *w = strtok(names, " "); w; w = strtok(NULL, " ")) {
            int m = carc_module_by_name(w);
            if (m < 0 || carc_module_available(m) != 1) {
                fprintf(stderr, "fuzz-gen-games: module %s is not in this build\n", w);
                return 1;
            }
            modules |= (uint64_t)1 << m;
        }
        for (int mode = 0; mode < 3; mode++) {
            gen s;
            memset(&s, 0, sizeof s);
            s.buf = buf;
            s.cap = sizeof buf;
            s.rs = (uint64_t)(set * 10 + (size_t)mode) * 2654435761u + 7;
            int players = CARC_MIN_PLAYERS + (int)((set + 2 * (size_t)mode) % 5);
            unsigned variant = mode == 1 ? 1 + (unsigned)(set * 7 % 51) : 0;
            unsigned seed = (unsigned)(next(&s.rs) & 0xFF);
            uint8_t hdr[FZ_HEADER];
            fz_header_bytes(hdr, modules, players, variant, seed);
            for (int k = 0; k < FZ_HEADER; k++) emit(&s, hdr[k]);
            carc_options o;
            if (fz_header(hdr, FZ_HEADER, &o) != FZ_HEADER || o.modules != modules || o.num_players != players) {
                fprintf(stderr, "fuzz-gen-games: header does not decode\n");
                return 1;
            }
            s.nkinds = fz_kind_table(o.modules, s.kinds);
            s.tile_mod = carc_tile_type_count();
            play(&s, &o, mode, 1);
            if (write_game(argv[1], sets[set].name, players, mode, &s)) return 1;
            files++;
            total += s.n;
            hostile += s.hostile;
            accepted += s.accepted;
            if (s.n > longest) longest = s.n;
        }
    }
#endif
    printf("%d games, %zu bytes, longest %zu; %ld hostile steps, %ld of them accepted\n", files,
           total, longest, hostile, accepted);
    return 0;
}
