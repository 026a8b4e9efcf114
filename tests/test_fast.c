/* The fast path (issue 35): carc_game_play_random and carc_random_playouts
 * play exactly the games a host plays step by step with the documented
 * generator (splitmix64, index r % n of the legal ids), and refuse bad
 * arguments with the game unchanged; carc_game_observation writes the
 * documented tensor (its agreement with the Python encoder on many
 * positions: bindings/python/tests/test_observation_c.py). */
#include <carcvar/carcvar.h>
#include <check.h>

#include "quiet_check.h"
#include "run_suite.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* one decision the way the documentation says play_random takes it */
static void host_step(carc_game *g, uint64_t *rng)
{
    static int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
    if (carc_game_current_player(g) == CARC_PLAYER_CHANCE) {
        carc_action a;
        ck_assert_int_eq(carc_game_sample_chance(g, &a), CARC_OK);
        return;
    }
    size_t n = 0;
    ck_assert_int_eq(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &n), CARC_OK);
    ck_assert_uint_gt(n, 0);
    ck_assert_int_eq(carc_game_apply_id(g, ids[splitmix64(rng) % n]), CARC_OK);
}

static carc_game *new_game(int players, uint64_t seed, const char *modules)
{
    carc_options o;
    carc_options_init(&o);
    o.num_players = players;
    o.seed = seed;
    if (modules) {
        char copy[200];
        strcpy(copy, modules);
        for (char *m = strtok(copy, ","); m; m = strtok(NULL, ","))
            o.modules |= UINT64_C(1) << carc_module_by_name(m);
    }
    carc_game *g = NULL;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    return g;
}

static void assert_same(const carc_game *a, const carc_game *b)
{
    static uint8_t x[1 << 16], y[1 << 16];
    size_t nx = 0, ny = 0;
    ck_assert_int_eq(carc_game_serialize(a, x, sizeof x, &nx), CARC_OK);
    ck_assert_int_eq(carc_game_serialize(b, y, sizeof y, &ny), CARC_OK);
    ck_assert_uint_eq(nx, ny);
    ck_assert(memcmp(x, y, nx) == 0);
}

START_TEST(play_random_is_the_documented_host_loop)
{
    static const char *sets[] = {NULL, "princess_dragon,tower,count",
                                 "inns_cathedrals,traders_builders,abbey_mayor"};
    for (int k = 0; k < 3; k++) {
        carc_game *g = new_game(2 + k, 3 + (uint64_t)k, sets[k]);
        carc_game *h = new_game(2 + k, 3 + (uint64_t)k, sets[k]);
        uint64_t r1 = 7, r2 = 7;
        ck_assert_int_eq(carc_game_play_random(g, 10, &r1), 10);
        for (int i = 0; i < 10; i++) host_step(h, &r2);
        ck_assert(r1 == r2);
        assert_same(g, h);
        int rest = carc_game_play_random(g, INT32_MAX, &r1);
        int steps = 0;
        while (!carc_game_is_terminal(h)) {
            host_step(h, &r2);
            steps++;
        }
        ck_assert_int_eq(rest, steps);
        ck_assert_int_eq(carc_game_is_terminal(g), 1);
        assert_same(g, h);
        ck_assert_int_eq(carc_game_play_random(g, 5, &r1), 0);   /* over: nothing */
        carc_game_free(g);
        carc_game_free(h);
    }
    /* a base 2-player game: 72 tiles, the start tile laid, each of the 71
     * others a draw, a placement and a deployment (or pass) */
    carc_game *g = new_game(2, 1, NULL);
    uint64_t r = 1;
    ck_assert_int_eq(carc_game_play_random(g, INT32_MAX, &r), 213);
    carc_game_free(g);
}
END_TEST

START_TEST(play_random_refusals)
{
    carc_game *g = new_game(2, 1, NULL);
    uint64_t r = 5;
    ck_assert_int_eq(carc_game_play_random(NULL, 3, &r), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_play_random(g, 3, NULL), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_play_random(g, -1, &r), CARC_E_INVALID);
    ck_assert(r == 5);
    ck_assert_int_eq(carc_game_turn(g), 1);     /* as new: the first turn */
    ck_assert_int_eq(carc_game_current_player(g), CARC_PLAYER_CHANCE);
    ck_assert_int_eq(carc_game_play_random(g, 0, &r), 0);
    ck_assert_int_eq(carc_game_current_player(g), CARC_PLAYER_CHANCE);
    carc_game_free(g);
}
END_TEST

START_TEST(random_playouts_are_those_games)
{
    carc_options o;
    carc_options_init(&o);
    o.num_players = 3;
    o.seed = 40;
    int32_t scores[5 * 3];
    int64_t decisions = -1;
    ck_assert_int_eq(carc_random_playouts(&o, 5, 99, scores, 15, &decisions), CARC_OK);
    uint64_t r = 99;
    int64_t total = 0;
    for (int i = 0; i < 5; i++) {
        carc_game *h = new_game(3, 40 + (uint64_t)i, NULL);
        while (!carc_game_is_terminal(h)) {
            host_step(h, &r);
            total++;
        }
        int32_t fin[3];
        ck_assert_int_eq(carc_game_final_scores(h, fin, 3), CARC_OK);
        for (int p = 0; p < 3; p++) ck_assert_int_eq(scores[i * 3 + p], fin[p]);
        carc_game_free(h);
    }
    ck_assert_int_eq(decisions, total);
    ck_assert_int_eq(decisions, 5 * 213);
    /* no scores wanted; the same games */
    int64_t again = 0;
    ck_assert_int_eq(carc_random_playouts(&o, 5, 99, NULL, 0, &again), CARC_OK);
    ck_assert_int_eq(again, total);
    /* refusals: nothing played */
    ck_assert_int_eq(carc_random_playouts(&o, 5, 99, scores, 14, &again), CARC_E_BUFFER);
    ck_assert_int_eq(again, 0);
    ck_assert_int_eq(carc_random_playouts(&o, -1, 99, NULL, 0, NULL), CARC_E_INVALID);
    ck_assert_int_eq(carc_random_playouts(NULL, 1, 99, NULL, 0, NULL), CARC_E_INVALID);
    ck_assert_int_eq(carc_random_playouts(&o, 1, 99, NULL, 3, NULL), CARC_E_INVALID);
    o.num_players = 9;
    ck_assert_int_eq(carc_random_playouts(&o, 1, 99, NULL, 0, NULL), CARC_E_INVALID);
    o.num_players = 2;
    ck_assert_int_eq(carc_random_playouts(&o, 0, 99, NULL, 0, &again), CARC_OK);
    ck_assert_int_eq(again, 0);
}
END_TEST

static void play(carc_game *g, const char *text)
{
    carc_action a;
    ck_assert_int_eq(carc_action_from_string(g, text, &a), CARC_OK);
    ck_assert_int_eq(carc_game_apply(g, &a), CARC_OK);
}

/* The base game's layout (doc/python.md): 86 header values -- score 0,
 * final_score 6, supply 12, seat 18, to_play 24, chance 30, terminal 31,
 * decision 32 (draw, place, deploy, end), tile_in_play 36, tiles_left 60
 * (24 types each), turn 84, outside_window 85 -- then 28 planes. */
START_TEST(observation_of_a_base_position)
{
    carc_game *g = new_game(2, 1, NULL);
    /* E turned once (a city on its east side) south of the start tile D
     * (city N, road E, field S, road W); player 0's knight on its city */
    play(g, "draw E");
    play(g, "place 0,1 r1");
    play(g, "deploy follower segment 0");
    size_t needed = 0;
    ck_assert_int_eq(carc_game_observation(g, 0, 3, NULL, 0, &needed), CARC_E_BUFFER);
    ck_assert_uint_eq(needed, 86 + 28 * 9);
    static float t[86 + 28 * 9], u[86 + 28 * 9];
    ck_assert_int_eq(carc_game_observation(g, 0, 3, t, 338, &needed), CARC_OK);
    ck_assert_int_eq(carc_game_observation(g, 1, 3, u, 338, NULL), CARC_OK);
    /* header */
    ck_assert(t[0] == 0 && t[6] == 1 && t[7] == 0);   /* a one-tile city: 1 at the end */
    ck_assert(t[12] == 6 && t[13] == 7 && u[12] == 7 && u[13] == 6);   /* by relative seat */
    ck_assert(t[18] == 1 && t[19] == 1 && t[20] == 0);
    ck_assert(t[30] == 1 && t[31] == 0 && t[32] == 1 && t[33] == 0);  /* a draw is next */
    for (int i = 24; i < 30; i++) ck_assert(t[i] == 0);
    ck_assert(t[60 + 3] == 3 && t[60 + 4] == 4);   /* D: 4 - the start tile; E: 5 - 1 */
    ck_assert(t[84] == 2 && t[85] == 0);
    /* planes: cell (0, 0) is 4, (0, 1) is 7 */
    const float *P = t + 86, *Q = u + 86;
#define AT(p, plane, cell) p[(plane) * 9 + (cell)]
    ck_assert(AT(P, 0, 4) == 1 && AT(P, 0, 7) == 1 && AT(P, 0, 1) == 0);
    ck_assert(AT(P, 1, 4) == 1 && AT(P, 5, 4) == 1 && AT(P, 9, 4) == 1 && AT(P, 11, 4) == 1);
    ck_assert(AT(P, 3, 7) == 1 && AT(P, 4, 7) == 1 && AT(P, 9, 7) == 1 && AT(P, 12, 7) == 1);
    ck_assert(AT(P, 15, 4) == 1 && AT(P, 15, 7) == 2);          /* placement order + 1 */
    ck_assert(AT(P, 17, 7) == 1 && AT(Q, 18, 7) == 1 && AT(Q, 17, 7) == 0);
    ck_assert(AT(P, 24, 7) == 1);                                /* on a city */
#undef AT
    float sum = 0;
    for (int i = 86; i < 338; i++) sum += t[i];
    /* 2 tiles, 8 edge kinds, order 1 and 2, the knight on 2 planes */
    ck_assert(sum == 2 + 8 + 1 + 2 + 2);
    /* refusals: nothing written */
    t[0] = 5;
    ck_assert_int_eq(carc_game_observation(g, 2, 3, t, 338, NULL), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_observation(g, 0, 4, t, 338, NULL), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_observation(g, 0, 513, t, 338, NULL), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_observation(g, 0, 3, t, 337, NULL), CARC_E_BUFFER);
    ck_assert_int_eq(carc_game_observation(NULL, 0, 3, t, 338, NULL), CARC_E_INVALID);
    ck_assert(t[0] == 5);
    carc_game_free(g);
}
END_TEST

/* The layout depends on the options alone: the same size at every decision
 * of a game of every module, seat and to_play blocks as the game says. */
START_TEST(observation_layout_is_fixed_for_a_game)
{
    static float t[1 << 17];
    char all[400] = "";
    for (int m = 1; m < 32; m++)
        if (carc_module_name(m) && carc_module_available(m) == 1) {
            if (*all) strcat(all, ",");
            strcat(all, carc_module_name(m));
        }
    static const char *sets[] = {NULL, "princess_dragon,tower,count", NULL};
    sets[2] = all;
    for (int k = 0; k < 3; k++) {
        carc_game *g = new_game(3, 20 + (uint64_t)k, sets[k]);
        uint64_t r = (uint64_t)k;
        size_t first = 0, n = 0;
        ck_assert_int_eq(carc_game_observation(g, 0, 7, NULL, 0, &first), CARC_E_BUFFER);
        ck_assert_uint_le(first, sizeof t / sizeof *t);
        int steps = 0;
        do {
            for (int p = 0; p < 3; p++) {
                ck_assert_int_eq(carc_game_observation(g, p, 7, t, sizeof t / sizeof *t, &n),
                                 CARC_OK);
                ck_assert_uint_eq(n, first);
                ck_assert(t[18] == 1 && t[19] == 1 && t[20] == 1 && t[21] == 0);
                int cur = carc_game_current_player(g);
                float to_play = 0;
                for (int i = 24; i < 30; i++) to_play += t[i];
                ck_assert(to_play == (cur >= 0 ? 1 : 0));
                if (cur >= 0) ck_assert(t[24 + (cur - p + 3) % 3] == 1);
            }
            steps++;
        } while (carc_game_play_random(g, 1, &r) == 1);
        ck_assert_int_eq(carc_game_is_terminal(g), 1);
        ck_assert(t[31] == 1);
        ck_assert_int_gt(steps, 200);
        carc_game_free(g);
    }
}
END_TEST

/* The blocks of catapult, pig_throwing and dungeon (0.7.0) only in games
 * that play them: sizes with window 7 and 3 players (doc/python.md), and a
 * catapult game's blocks as carc_game_catapult and carc_game_tokens say. */
START_TEST(observation_of_the_07_modules)
{
    static float t[1 << 14];
    static const struct { const char *without, *with; size_t a, b; } pairs[] = {
        /* 12 fair tile types twice, the blocks 5 + 4 + 24 + 18, plane fair */
        {NULL, "catapult", 1458, 1458 + 24 + 51 + 49},
        /* pig_throwing 2, removed 6 x (follower, builder, pig) */
        {"traders_builders", "traders_builders,pig_throwing", 1616, 1616 + 2 + 18},
        /* dungeon 3, pieces 6 x (follower, dragon, fairy), fairy 6, plane entrance */
        {"tower,princess_dragon", "tower,princess_dragon,dungeon", 2211, 2211 + 27 + 49},
    };
    for (int k = 0; k < 3; k++) {
        size_t n = 0;
        carc_game *g = new_game(3, 5, pairs[k].without);
        carc_game_observation(g, 0, 7, NULL, 0, &n);
        ck_assert_uint_eq(n, pairs[k].a);
        carc_game_free(g);
        g = new_game(3, 5, pairs[k].with);
        carc_game_observation(g, 0, 7, NULL, 0, &n);
        ck_assert_uint_eq(n, pairs[k].b);
        carc_game_free(g);
    }
    /* catapult alone, 3 players, window 7: header 161, the catapult blocks
     * at 110 (round, fair x, y, rounds, waiting), 114 kind, 119 tokens,
     * 143 hurls */
    carc_game *g = new_game(3, 7, "catapult");
    uint64_t r = 3;
    int rounds_seen = 0, hurls_seen = 0;
    do {
        carc_catapult_info c;
        ck_assert_int_eq(carc_game_catapult(g, &c), CARC_OK);
        for (int p = 0; p < 3; p++) {
            ck_assert_int_eq(carc_game_observation(g, p, 7, t, sizeof t / sizeof *t, NULL),
                             CARC_OK);
            ck_assert(t[110] == (float)c.in_round && t[111] == (float)c.fair_x
                      && t[112] == (float)c.fair_y && t[113] == (float)c.rounds);
            for (int q = 0; q < 3; q++)
                for (int kind = 0; kind < 4; kind++)
                    ck_assert(t[119 + ((q - p + 3) % 3) * 4 + kind]
                              == (float)carc_game_tokens(g, q, CARC_TOKEN_KNOCKOUT + kind));
            for (int i = 0; i < c.num_hurls; i++) {
                const float *h = t + 143 + ((c.hurler[i] - p + 3) % 3) * 3;
                ck_assert(h[0] == 1 && h[1] == (float)c.result[i]
                          && h[2] == (float)c.knocked_out[i]);
            }
        }
        rounds_seen = c.rounds;
        hurls_seen += c.num_hurls > 0;
    } while (carc_game_play_random(g, 1, &r) == 1);
    ck_assert_int_ge(rounds_seen, 3);
    ck_assert_int_gt(hurls_seen, 0);
    carc_game_free(g);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("fast");
    TCase *tc = tcase_create("fast");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, play_random_is_the_documented_host_loop);
    tcase_add_test(tc, play_random_refusals);
    tcase_add_test(tc, random_playouts_are_those_games);
    tcase_add_test(tc, observation_of_a_base_position);
    tcase_add_test(tc, observation_layout_is_fixed_for_a_game);
    tcase_add_test(tc, observation_of_the_07_modules);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
