/*
 * fuzz-gen-games DIR / fuzz-gen-games-probe DIR: whole games as seed inputs
 * for fuzz_actions / fuzz_actions_probe (the step bytes of fuzz_actions.c).
 *
 * Each file is the header (1 byte; 2 with FZ_PROBE: module set, rules, seed)
 * and then one step byte per decision until the game is over: a legal
 * action by index (bytes 0x00-0xAF and 0xB4-0xBF; at a chance decision a
 * byte below 0x30 samples), so the input reaches the end of the game.  The
 * "mixed" games also carry, every few decisions, a hostile id (0xC0-0xDF and
 * two bytes, applied here exactly as the target applies it: a refusal
 * changes nothing) and now and then a record or serialization round trip
 * (0xB0-0xB3); the "hostile" games a hostile id before every other
 * decision.  For each player count 2..6 (and with FZ_PROBE each module set
 * base, base+probe, base+probe+probe2, with both probe2_start values across
 * the files): one legal, one mixed and one hostile game.  Deterministic.
 * The committed seeds were written with
 *   build/tests/fuzz/fuzz-gen-games tests/fuzz/corpus/actions
 *   build/tests/fuzz/fuzz-gen-games-probe DIR
 * (the fuzz run started from all 45 probe games; after minimising, the
 * committed tests/fuzz/corpus/actions_probe keeps four of them, see
 * doc/fuzzing.md).
 */
#include "carcvar/carcvar.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static size_t play(uint8_t *buf, size_t cap, size_t n, const carc_options *o, int mixed,
                   uint64_t rs)
{
    static int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
    carc_game *g;
    CHECK(carc_game_new(&g, o));
    int step = 0;
    while (!carc_game_is_terminal(g)) {
        if (n + 3 > cap) {
            fprintf(stderr, "fuzz-gen-games: game longer than %zu bytes\n", cap);
            exit(1);
        }
        step++;
        if (mixed && step % 37 == 0) {
            buf[n++] = (uint8_t)(0xB0 + next(&rs) % 4); /* round trip: same game */
            continue;
        }
        if (mixed && (mixed == 2 || step % 5 == 0) && step % 2 == 0) {
            uint8_t b = (uint8_t)(0xC0 + next(&rs) % 32);
            uint8_t hi = (uint8_t)next(&rs), lo = (uint8_t)next(&rs);
            int32_t id;
            if (b < 0xD0) id = (int16_t)(uint16_t)((hi << 8) | lo);
            else id = (int32_t)(((unsigned)hi << 8 | lo) % (CARC_NUM_DISTINCT_ACTIONS + 64)) - 32;
            buf[n++] = b;
            buf[n++] = hi;
            buf[n++] = lo;
            (void)carc_game_apply_id(g, id); /* as the target does */
            continue;
        }
        uint8_t b = legal_byte(&rs);
        buf[n++] = b;
        if (carc_game_current_player(g) == CARC_PLAYER_CHANCE && b < 0x30) {
            CHECK(carc_game_sample_chance(g, NULL));
        } else {
            size_t k;
            CHECK(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &k));
            CHECK(carc_game_apply_id(g, ids[b % k]));
        }
    }
    carc_game_free(g);
    return n;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: fuzz-gen-games DIR\n");
        return 2;
    }
    static uint8_t buf[16384];
    size_t longest = 0, total = 0;
    int files = 0;
#ifdef FZ_PROBE
    for (int set = 0; set < 3; set++)
#else
    for (int set = 0; set < 1; set++)
#endif
        for (int players = 2; players <= 6; players++)
            for (int mixed = 0; mixed < 3; mixed++) {
                carc_options o;
                carc_options_init(&o);
                o.num_players = players;
                uint64_t rs = (uint64_t)(set * 100 + players * 10 + mixed) * 2654435761u + 1;
                size_t n = 0;
#ifdef FZ_PROBE
                /* b0 % 5 = players - 2, b0 / 5 % 3 = set, b0 / 15 % 2 = start - 1,
                 * b0 / 30 % 2 = cheer - 1, b0 / 60 % 3 = road bonus - 1 */
                int start = (players + mixed) % 2, cheer = mixed % 2, bonus = players % 3;
                int b0 = (players - 2) + 5 * set + 15 * start + 30 * cheer + 60 * bonus;
                buf[n++] = (uint8_t)b0;
                buf[n++] = (uint8_t)(next(&rs) & 0xFF);
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
                const char *sets[] = {"base", "probe", "probe2"};
                const char *setname = sets[set];
#else
                int seed = (int)(next(&rs) % 51);
                buf[n++] = (uint8_t)((players - 2) + 5 * seed);
                o.seed = (uint64_t)seed;
                const char *setname = "base";
#endif
                n = play(buf, sizeof buf, n, &o, mixed, rs);
                char path[4096];
                snprintf(path, sizeof path, "%s/game-%s-p%d-%s", argv[1], setname, players,
                         mixed == 2 ? "hostile" : mixed ? "mixed" : "legal");
                FILE *f = fopen(path, "wb");
                if (!f || fwrite(buf, 1, n, f) != n || fclose(f) != 0) {
                    perror(path);
                    return 1;
                }
                files++;
                total += n;
                if (n > longest) longest = n;
            }
    printf("%d games, %zu bytes, longest %zu\n", files, total, longest);
    return 0;
}
