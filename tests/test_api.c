/* API contract: versions, options, error codes, NULL handles, out-of-range
 * arguments, wrong decision kinds, too-small buffers, clone independence. */
#include <carcvar/carcvar.h>
#include <check.h>

#include "random_step.h"
#include "run_suite.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static carc_game *new_game(uint64_t seed, int players)
{
    carc_options o;
    carc_options_init(&o);
    o.seed = seed;
    o.num_players = players;
    carc_game *g = NULL;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    return g;
}

START_TEST(versions)
{
    ck_assert_int_eq(carc_version_number(), CARC_VERSION_NUMBER);
    ck_assert_str_eq(carc_version_string(), CARC_VERSION_STRING);
    ck_assert_int_eq(carc_num_distinct_actions(), CARC_NUM_DISTINCT_ACTIONS);
    ck_assert_int_eq(carc_max_chance_outcomes(), CARC_MAX_CHANCE_OUTCOMES);
    ck_assert_int_eq(carc_max_tiles(), CARC_MAX_TILES);
}
END_TEST

START_TEST(error_strings)
{
    for (int c = -10; c <= 0; c++) {
        ck_assert_ptr_nonnull(carc_strerror(c));
        ck_assert_str_ne(carc_strerror(c), "unknown error");
    }
    ck_assert_str_eq(carc_strerror(-999), "unknown error");
    ck_assert_str_eq(carc_strerror(CARC_E_ILLEGAL), "illegal action");
}
END_TEST

START_TEST(options_validation)
{
    carc_options o;
    carc_game *g = (carc_game *)1;
    carc_options_init(&o);
    ck_assert_int_eq(o.struct_size, sizeof o);
    ck_assert_int_eq(o.num_players, 2);
    ck_assert_int_eq(o.rules[CARC_RULE_TINY_CITY], 2);
    ck_assert_int_eq(carc_game_new(NULL, &o), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_new(&g, NULL), CARC_E_INVALID);
    ck_assert_ptr_null(g);
    for (int n = -1; n <= 8; n++) {
        o.num_players = n;
        int rc = carc_game_new(&g, &o);
        if (n >= 2 && n <= 6) {
            ck_assert_int_eq(rc, CARC_OK);
            ck_assert_int_eq(carc_game_num_players(g), n);
            carc_game_free(g);
        } else {
            ck_assert_int_eq(rc, CARC_E_INVALID);
            ck_assert_ptr_null(g);
        }
    }
    carc_options_init(&o);
    o.struct_size = sizeof o - 8;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_E_INVALID);
    /* a bigger struct from a newer header: tail must be zero */
    struct { carc_options o; uint64_t extra; } big;
    memset(&big, 0, sizeof big);
    carc_options_init(&big.o);
    big.o.struct_size = sizeof big;
    ck_assert_int_eq(carc_game_new(&g, &big.o), CARC_OK);
    carc_game_free(g);
    big.extra = 1;
    ck_assert_int_eq(carc_game_new(&g, &big.o), CARC_E_INVALID);
    /* rules */
    carc_options_init(&o);
    o.rules[CARC_RULE_TINY_CITY] = 7;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_E_INVALID);
    carc_options_init(&o);
    o.rules[CARC_MAX_RULES - 1] = 1;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_E_INVALID);
    carc_options_init(&o);
    ck_assert_int_eq(carc_options_set_rule(&o, "tiny_city", 1), CARC_OK);
    ck_assert_int_eq(o.rules[CARC_RULE_TINY_CITY], 1);
    ck_assert_int_eq(carc_options_set_rule(&o, "tiny_city", 3), CARC_E_INVALID);
    ck_assert_int_eq(carc_options_set_rule(&o, "nonsense", 1), CARC_E_NOTFOUND);
    ck_assert_int_eq(carc_options_set_rule(NULL, "tiny_city", 1), CARC_E_INVALID);
    ck_assert_int_ge(carc_rule_count(), 1); /* more with other modules registered */
    ck_assert_str_eq(carc_rule_name(CARC_RULE_TINY_CITY), "tiny_city");
    ck_assert_ptr_null(carc_rule_name(-1));
    ck_assert_ptr_null(carc_rule_name(99));
    ck_assert_int_eq(carc_rule_by_name("tiny_city"), CARC_RULE_TINY_CITY);
    ck_assert_int_eq(carc_rule_by_name(NULL), CARC_E_INVALID);
    ck_assert_int_eq(carc_rule_default(CARC_RULE_TINY_CITY), 2);
    ck_assert_int_eq(carc_rule_default(55), CARC_E_INVALID); /* a free slot (42: catapult) */
}
END_TEST

START_TEST(modules)
{
    carc_options o;
    carc_game *g;
    ck_assert_int_eq(carc_module_available(CARC_MODULE_BASE), 1);
    ck_assert_int_eq(carc_module_available(-1), CARC_E_INVALID);
    ck_assert_int_eq(carc_module_available(99), CARC_E_INVALID);
    ck_assert_str_eq(carc_module_name(CARC_MODULE_TOWER), "tower");
    ck_assert_int_eq(carc_module_by_name("big_top"), CARC_MODULE_BIG_TOP);
    ck_assert_int_eq(carc_module_by_name("nope"), CARC_E_NOTFOUND);
    ck_assert_ptr_null(carc_module_name(40));
    /* every available module plays, alone or (a module that requires
     * another) with every available module; an unavailable one is refused
     * (adding a module in any slot keeps this test green) */
    uint64_t all = 0;
    for (int m = 0; m < CARC_MODULE_SLOTS; m++)
        if (carc_module_available(m) == 1) all |= 1ull << m;
    for (int m = 1; m < CARC_MODULE_SLOTS; m++) {
        carc_options_init(&o);
        o.modules |= 1ull << m;
        int rc = carc_game_new(&g, &o);
        if (carc_module_available(m)) {
            if (rc == CARC_E_INVALID) { /* it requires another module */
                o.modules = all;
                rc = carc_game_new(&g, &o);
            }
            ck_assert_int_eq(rc, CARC_OK);
            carc_game_free(g);
        } else { /* a reserved id of the roadmap, or no module id at all */
            ck_assert_int_eq(rc, carc_module_name(m) ? CARC_E_UNSUPPORTED : CARC_E_INVALID);
        }
    }
    carc_options_init(&o);
    o.modules = 1ull << 40; /* not a module id at all */
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_E_INVALID);
    carc_options_init(&o);
    o.modules = 0; /* base is implied */
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    carc_game_free(g);
}
END_TEST

START_TEST(null_handles)
{
    carc_action a;
    carc_decision d;
    carc_placed_tile pt;
    carc_feature_info fi;
    int32_t ids[4], s;
    uint8_t mask[CARC_NUM_DISTINCT_ACTIONS];
    size_t n;
    char buf[64];
    memset(&a, 0, sizeof a);
    carc_game_free(NULL);
    ck_assert_int_eq(carc_game_num_players(NULL), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_current_player(NULL), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_is_terminal(NULL), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_turn(NULL), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_decision(NULL, &d), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_legal_actions(NULL, &a, 1, &n), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_legal_ids(NULL, ids, 4, &n), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_legal_mask(NULL, mask, sizeof mask), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_apply(NULL, &a), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_apply_id(NULL, 0), CARC_E_INVALID);
    ck_assert_int_eq(carc_action_to_id(NULL, &a, ids), CARC_E_INVALID);
    ck_assert_int_eq(carc_action_from_id(NULL, 0, &a), CARC_E_INVALID);
    ck_assert_int_eq(carc_action_to_string(NULL, &a, buf, 64, &n), CARC_E_INVALID);
    ck_assert_int_eq(carc_action_from_string(NULL, "pass", &a), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_sample_chance(NULL, &a), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_tiles_remaining(NULL, -1), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_tile_count(NULL), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_tile_at(NULL, 0, 0, &pt), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_tile_by_order(NULL, 0, &pt), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_figures(NULL, NULL, 0, &n), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_supply(NULL, 0, 0), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_board_text(NULL, buf, 64, &n), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_score(NULL, 0, &s), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_final_scores(NULL, ids, 4), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_feature(NULL, 0, 0, 0, &fi), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_score_log(NULL, NULL, 0, &n), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_serialize(NULL, NULL, 0, &n), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_write_record(NULL, NULL, 0, &n), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_clone(NULL, NULL), CARC_E_INVALID);
    carc_game *g = (carc_game *)1;
    ck_assert_int_eq(carc_game_clone(&g, NULL), CARC_E_INVALID);
    ck_assert_ptr_null(g);
    ck_assert_int_eq(carc_game_copy(NULL, NULL), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_options(NULL, NULL), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_deserialize(NULL, (const uint8_t *)"x", 1), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_deserialize(&g, NULL, 1), CARC_E_INVALID);
    ck_assert_int_eq(carc_record_replay(NULL, "x", 1, NULL), CARC_E_INVALID);
    ck_assert_int_eq(carc_record_replay(&g, NULL, 1, NULL), CARC_E_INVALID);
    carc_options_init(NULL); /* no-op */
}
END_TEST

START_TEST(null_out_params)
{
    carc_game *g = new_game(1, 2);
    carc_action a;
    memset(&a, 0, sizeof a);
    ck_assert_int_eq(carc_game_decision(g, NULL), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_legal_actions(g, NULL, 5, NULL), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_legal_mask(g, NULL, 10), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_apply(g, NULL), CARC_E_INVALID);
    ck_assert_int_eq(carc_action_to_id(g, &a, NULL), CARC_E_INVALID);
    ck_assert_int_eq(carc_action_from_id(g, 0, NULL), CARC_E_INVALID);
    ck_assert_int_eq(carc_action_from_string(g, NULL, &a), CARC_E_INVALID);
    ck_assert_int_eq(carc_action_from_string(g, "pass", NULL), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_score(g, 0, NULL), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_final_scores(g, NULL, 2), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_tile_at(g, 0, 0, NULL), CARC_E_INVALID);
    carc_game_free(g);
}
END_TEST

START_TEST(out_of_range)
{
    carc_game *g = new_game(2, 3);
    int32_t s;
    carc_placed_tile pt;
    carc_feature_info fi;
    carc_tile_info ti;
    carc_segment_info si;
    ck_assert_int_eq(carc_game_score(g, -1, &s), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_score(g, 3, &s), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_supply(g, 3, 0), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_supply(g, 0, CARC_FIGURE_KINDS), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_supply(g, 0, CARC_FIGURE_FOLLOWER), 7);
    ck_assert_int_eq(carc_game_supply(g, 0, CARC_FIGURE_BIG), 0);
    ck_assert_int_eq(carc_game_tiles_remaining(g, -1), 71);
    ck_assert_int_eq(carc_game_tiles_remaining(g, -2), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_tiles_remaining(g, 100000), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_tile_by_order(g, 1, &pt), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_tile_by_order(g, 0, &pt), CARC_OK);
    ck_assert_int_eq(pt.x, 0);
    ck_assert_str_eq(carc_tile_name(pt.type), "D");
    ck_assert_int_eq(carc_game_tile_at(g, 5, 5, &pt), CARC_E_NOTFOUND);
    ck_assert_int_eq(carc_game_tile_at(g, 1 << 20, 0, &pt), CARC_E_NOTFOUND);
    ck_assert_int_eq(carc_game_feature(g, 0, 0, 99, &fi), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_feature(g, 3, 3, 0, &fi), CARC_E_NOTFOUND);
    ck_assert_int_eq(carc_tile_info_get(-1, 0, &ti), CARC_E_INVALID);
    ck_assert_int_eq(carc_tile_info_get(0, 4, &ti), CARC_E_INVALID);
    ck_assert_int_eq(carc_segment_info_get(0, 0, 99, &si), CARC_E_INVALID);
    ck_assert_ptr_null(carc_tile_name(-1));
    ck_assert_int_eq(carc_tile_by_name("ZZ"), CARC_E_NOTFOUND);
    ck_assert_int_eq(carc_tile_by_name(NULL), CARC_E_INVALID);
    carc_game_free(g);
}
END_TEST

START_TEST(wrong_decision)
{
    carc_game *g = new_game(3, 2);
    carc_action a;
    memset(&a, 0, sizeof a);
    ck_assert_int_eq(carc_game_current_player(g), CARC_PLAYER_CHANCE);
    carc_decision d;
    ck_assert_int_eq(carc_game_decision(g, &d), CARC_OK);
    ck_assert_int_eq(d.kind, CARC_DECISION_DRAW);
    a.kind = CARC_ACTION_PASS;
    ck_assert_int_eq(carc_game_apply(g, &a), CARC_E_ILLEGAL);
    a.kind = CARC_ACTION_PLACE;
    a.x = 1;
    ck_assert_int_eq(carc_game_apply(g, &a), CARC_E_ILLEGAL);
    ck_assert_int_eq(carc_game_apply_id(g, 5000), CARC_E_ILLEGAL);
    int c = carc_tile_by_name("E");
    a.kind = CARC_ACTION_DRAW;
    a.tile = c;
    ck_assert_int_eq(carc_game_apply(g, &a), CARC_OK);
    ck_assert_int_eq(carc_game_current_player(g), 0);
    ck_assert_int_eq(carc_game_decision(g, &d), CARC_OK);
    ck_assert_int_eq(d.kind, CARC_DECISION_PLACE);
    ck_assert_int_eq(d.tile, c);
    /* chance queries are refused at a player decision */
    int32_t ids[4];
    double probs[4];
    size_t n;
    ck_assert_int_eq(carc_game_chance_outcomes(g, ids, probs, 4, &n), CARC_E_STATE);
    ck_assert_int_eq(carc_game_sample_chance(g, NULL), CARC_E_STATE);
    a.kind = CARC_ACTION_DRAW;
    ck_assert_int_eq(carc_game_apply(g, &a), CARC_E_ILLEGAL);
    /* deploy notation needs a deployment pending */
    ck_assert_int_eq(carc_action_from_string(g, "deploy follower city N", &a), CARC_E_STATE);
    /* E turned twice shows its city to the south, closing the start city */
    ck_assert_int_eq(carc_action_from_string(g, "place 0,-1 r2", &a), CARC_OK);
    ck_assert_int_eq(carc_game_apply(g, &a), CARC_OK);
    ck_assert_int_eq(carc_game_decision(g, &d), CARC_OK);
    ck_assert_int_eq(d.kind, CARC_DECISION_DEPLOY);
    ck_assert_int_eq(d.x, 0);
    ck_assert_int_eq(d.y, -1);
    /* the 2-tile city (start + C) was completed: deploying on it is legal
     * (a follower on a feature the tile completes) */
    ck_assert_int_eq(carc_action_from_string(g, "deploy follower city S", &a), CARC_OK);
    ck_assert_int_eq(carc_game_apply(g, &a), CARC_OK);
    int32_t s;
    carc_game_score(g, 0, &s);
    ck_assert_int_eq(s, 2 * 2); /* a 2-tile city, modern rule */
    ck_assert_int_eq(carc_game_supply(g, 0, CARC_FIGURE_FOLLOWER), 7);
    ck_assert_int_eq(carc_game_current_player(g), CARC_PLAYER_CHANCE);
    carc_game_free(g);
}
END_TEST

START_TEST(small_buffers)
{
    carc_game *g = new_game(4, 2);
    size_t n = 0;
    int32_t ids[64];
    double probs[64];
    ck_assert_int_eq(carc_game_legal_ids(g, NULL, 0, &n), CARC_E_BUFFER);
    ck_assert_uint_eq(n, 24); /* all 24 base types are still in the pile */
    ck_assert_int_eq(carc_game_legal_ids(g, ids, 3, &n), CARC_E_BUFFER);
    ck_assert_int_eq(carc_game_legal_ids(g, ids, 64, &n), CARC_OK);
    ck_assert_int_eq(carc_game_chance_outcomes(g, ids, probs, 2, &n), CARC_E_BUFFER);
    ck_assert_int_eq(carc_game_chance_outcomes(g, ids, probs, 64, &n), CARC_OK);
    double sum = 0;
    for (size_t i = 0; i < n; i++) sum += probs[i];
    ck_assert_double_eq_tol(sum, 1.0, 1e-12);
    ck_assert_double_eq_tol(probs[carc_tile_by_name("V")], 9.0 / 71, 1e-12);
    uint8_t mask[CARC_NUM_DISTINCT_ACTIONS];
    ck_assert_int_eq(carc_game_legal_mask(g, mask, 10), CARC_E_BUFFER);
    ck_assert_int_eq(carc_game_legal_mask(g, mask, CARC_MAX_CHANCE_OUTCOMES), CARC_OK);
    char small[4];
    ck_assert_int_eq(carc_game_board_text(g, small, sizeof small, &n), CARC_E_BUFFER);
    char *big = malloc(n);
    ck_assert_int_eq(carc_game_board_text(g, big, n, &n), CARC_OK);
    ck_assert_uint_eq(strlen(big) + 1, n);
    free(big);
    ck_assert_int_eq(carc_game_serialize(g, (uint8_t *)small, sizeof small, &n), CARC_E_BUFFER);
    ck_assert_int_eq(carc_game_write_record(g, small, sizeof small, &n), CARC_E_BUFFER);
    int32_t fin[1];
    ck_assert_int_eq(carc_game_final_scores(g, fin, 1), CARC_E_BUFFER);
    carc_action a;
    memset(&a, 0, sizeof a);
    a.kind = CARC_ACTION_PASS;
    ck_assert_int_eq(carc_action_to_string(g, &a, small, 2, &n), CARC_E_BUFFER);
    ck_assert_uint_eq(n, 5);
    /* at a placement: a short id buffer still reports the full count, and
     * its prefix agrees with the full list */
    ck_assert_int_eq(carc_game_sample_chance(g, NULL), CARC_OK);
    int32_t all[512], part[2];
    size_t nall, npart;
    ck_assert_int_eq(carc_game_legal_ids(g, all, 512, &nall), CARC_OK);
    ck_assert_int_eq(carc_game_legal_ids(g, part, 2, &npart), nall > 2 ? CARC_E_BUFFER : CARC_OK);
    ck_assert_uint_eq(npart, nall);
    ck_assert_int_eq(part[0], all[0]);
    carc_action acts[2];
    ck_assert_int_eq(carc_game_legal_actions(g, acts, 2, &npart), nall > 2 ? CARC_E_BUFFER : CARC_OK);
    ck_assert_uint_eq(npart, nall);
    carc_game_free(g);
}
END_TEST

START_TEST(notation_errors)
{
    carc_game *g = new_game(5, 2);
    carc_action a;
    const char *bad[] = {"", "   ", "draw", "draw Q Q", "draw nosuch", "place", "place 1 0 r0",
                         "place 1,0 r4", "place 1,0", "place x,0 r0", "deploy", "deploy meeple",
                         "fly away", "pass now", "place 99999999999,0 r0"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_msg(carc_action_from_string(g, bad[i], &a) == CARC_E_PARSE, "'%s'", bad[i]);
    char longtext[300];
    memset(longtext, 'a', sizeof longtext - 1);
    longtext[sizeof longtext - 1] = 0;
    ck_assert_int_eq(carc_action_from_string(g, longtext, &a), CARC_E_PARSE);
    ck_assert_int_eq(carc_action_from_string(g, "draw V", &a), CARC_OK);
    ck_assert_int_eq(a.kind, CARC_ACTION_DRAW);
    ck_assert_int_eq(a.tile, carc_tile_by_name("V"));
    carc_game_free(g);
}
END_TEST

START_TEST(clone_independent)
{
    carc_game *g = new_game(6, 2), *c, *d;
    ck_assert_int_eq(carc_game_clone(&c, g), CARC_OK);
    ck_assert_int_eq(carc_game_sample_chance(c, NULL), CARC_OK);
    ck_assert_int_eq(carc_game_tiles_remaining(g, -1), 71);
    ck_assert_int_eq(carc_game_tiles_remaining(c, -1), 70);
    ck_assert_int_eq(carc_game_copy(g, c), CARC_OK);
    ck_assert_int_eq(carc_game_tiles_remaining(g, -1), 70);
    d = new_game(6, 3);
    ck_assert_int_eq(carc_game_copy(d, g), CARC_E_INVALID);
    carc_options o;
    ck_assert_int_eq(carc_game_options(d, &o), CARC_OK);
    ck_assert_int_eq(o.num_players, 3);
    carc_game_free(c);
    carc_game_free(g);
    carc_game_free(d);
}
END_TEST

START_TEST(determinism)
{
    for (int k = 0; k < 2; k++) {
        carc_game *a = new_game(42, 4), *b = new_game(42, 4);
        while (!carc_game_is_terminal(a)) {
            if (carc_game_current_player(a) == CARC_PLAYER_CHANCE) {
                carc_action x, y;
                ck_assert_int_eq(carc_game_sample_chance(a, &x), CARC_OK);
                ck_assert_int_eq(carc_game_sample_chance(b, &y), CARC_OK);
                ck_assert_int_eq(x.tile, y.tile);
            } else {
                int32_t ids[4200];
                size_t n;
                carc_game_legal_ids(a, ids, 4200, &n);
                ck_assert_int_eq(carc_game_apply_id(a, ids[n / 2]), CARC_OK);
                ck_assert_int_eq(carc_game_apply_id(b, ids[n / 2]), CARC_OK);
            }
        }
        size_t na, nb;
        uint8_t ba[8192], bb[8192];
        ck_assert_int_eq(carc_game_serialize(a, ba, sizeof ba, &na), CARC_OK);
        ck_assert_int_eq(carc_game_serialize(b, bb, sizeof bb, &nb), CARC_OK);
        ck_assert_uint_eq(na, nb);
        ck_assert_int_eq(memcmp(ba, bb, na), 0);
        /* terminal: everything that acts is refused */
        carc_action x;
        memset(&x, 0, sizeof x);
        ck_assert_int_eq(carc_game_apply(a, &x), CARC_E_STATE);
        ck_assert_int_eq(carc_game_apply_id(a, 0), CARC_E_STATE);
        ck_assert_int_eq(carc_game_sample_chance(a, NULL), CARC_E_STATE);
        ck_assert_int_eq(carc_game_current_player(a), CARC_PLAYER_TERMINAL);
        size_t n = 99;
        ck_assert_int_eq(carc_game_legal_ids(a, NULL, 0, &n), CARC_OK);
        ck_assert_uint_eq(n, 0);
        carc_game_free(a);
        carc_game_free(b);
    }
}
END_TEST

START_TEST(record_errors)
{
    carc_game *g = (carc_game *)1;
    carc_record_error err;
    const struct { const char *text; int line; int code; } cases[] = {
        {"", 0, CARC_E_PARSE},
        {"hello\n", 1, CARC_E_PARSE},
        {"carcvar-record 5\n", 1, CARC_E_VERSION},
        {"carcvar-record 1\nplayers 9\ndraw D\n", 2, CARC_E_PARSE},
        {"carcvar-record 1\nplayers 7\nseed 1\n\n# comment\n\n", 2, CARC_E_PARSE},
        {"carcvar-record 1\nplayers x\n", 2, CARC_E_PARSE},
        {"carcvar-record 1\nmodules base unicorn\ndraw D\n", 2, CARC_E_PARSE},
        {"carcvar-record 1\nmodules base dungeon\ndraw D\n", 3, CARC_E_INVALID}, /* no tower: at the first action */
        {"carcvar-record 1\nmodules base, nonsense\n", 2, CARC_E_PARSE},
        {"carcvar-record 1\nrule tiny_city 5\n", 2, CARC_E_INVALID},
        {"carcvar-record 1\nrule bogus 1\n", 2, CARC_E_PARSE},
        {"carcvar-record 1\n# comment\n\ndraw D\nplace 5,5 r0\n", 5, CARC_E_ILLEGAL},
        {"carcvar-record 1\ndraw D\nplayers 3\n", 3, CARC_E_PARSE},
        {"carcvar-record 1\ndraw D\nplace 1,0\n", 3, CARC_E_PARSE},
        {"carcvar-record 1\nseed 1\ndraw C rng\n", 3, CARC_E_ILLEGAL},
        {"carcvar-record 1\nwhat is this\n", 2, CARC_E_PARSE},
        {"carcvar-record 1\nseed x\n", 2, CARC_E_PARSE},
        {"carcvar-record 1\nseed 99999999999999999999999\n", 2, CARC_E_PARSE},
        {"carcvar-record 1\nplayers 101\n", 2, CARC_E_PARSE},
        {"carcvar-record 1\nrule tiny_city\n", 2, CARC_E_PARSE},
        {"carcvar-record 1\nrule tiny_city 2 3\n", 2, CARC_E_PARSE},
        {"carcvar-record 1\ndraw nosuch\n", 2, CARC_E_PARSE},
        {"carcvar-record 1\ndraw D\nplace here\n", 3, CARC_E_PARSE},
        {"carcvar-record 1\nplayers 1\n", 2, CARC_E_PARSE},
        {"carcvar-record 1\nrule tiny_city 4294967297\n", 2, CARC_E_PARSE},
        {"carcvar-record 1\nrule tiny_city -4294967295\n", 2, CARC_E_PARSE},
        {"carcvar-record 1\nrule tiny_city 99999999999999999999999999\n", 2, CARC_E_PARSE},
        {"carcvar-record 1\nrule tiny_city 2x\n", 2, CARC_E_PARSE},
        {"carcvar-record 1\ndraw D\ndeploy follower city N\n", 3, CARC_E_STATE},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int rc = carc_record_replay(&g, cases[i].text, strlen(cases[i].text), &err);
        ck_assert_msg(rc == cases[i].code, "case %zu: rc %d (%s), want %d", i, rc, err.message,
                      cases[i].code);
        ck_assert_int_eq(err.code, rc);
        ck_assert_msg(err.line == cases[i].line, "case %zu: line %d (%s), want %d", i, err.line,
                      err.message, cases[i].line);
        ck_assert_ptr_null(g);
        ck_assert_uint_gt(strlen(err.message), 0);
    }
    const char ok[] = "carcvar-record 1\r\nplayers 3\r\nseed 9\r\nmodules base\r\n";
    ck_assert_int_eq(carc_record_replay(&g, ok, sizeof ok - 1, &err), CARC_OK);
    ck_assert_int_eq(carc_game_num_players(g), 3);
    carc_game_free(g);
}
END_TEST

/* A degenerate board: every tile in one line.  Placement ids stay in their
 * fixed range however far the line runs, and each names one cell. */
START_TEST(long_line_ids)
{
    carc_game *g = new_game(8, 2);
    const char *names[] = {"U", "U", "U", "U", "U", "U", "U", "U", "X", "W", "E"};
    for (int k = 0; k < 11; k++) {
        carc_action a;
        memset(&a, 0, sizeof a);
        a.kind = CARC_ACTION_DRAW;
        a.tile = carc_tile_by_name(names[k]);
        ck_assert_int_eq(carc_game_apply(g, &a), CARC_OK);
        int32_t ids[512];
        size_t n;
        ck_assert_int_eq(carc_game_legal_ids(g, ids, 512, &n), CARC_OK);
        for (size_t i = 0; i < n; i++) {
            ck_assert_int_ge(ids[i], 1);
            ck_assert_int_le(ids[i], CARC_MAX_TILES * 16);
        }
        /* extend the line east: the cell east of the last tile is named
         * through that tile, whose order is k */
        memset(&a, 0, sizeof a);
        a.kind = CARC_ACTION_PLACE;
        a.x = k + 1;
        a.y = 0;
        a.rotation = k < 8 ? 1 : 0;
        if (k == 9) a.rotation = 1;  /* W: roads E,S,W -> turned once: S,W,N */
        if (k == 10) a.rotation = 0; /* E: city N, fields E,S,W */
        int32_t id;
        ck_assert_int_eq(carc_action_to_id(g, &a, &id), CARC_OK);
        ck_assert_int_eq(id, 1 + k * 16 + 1 * 4 + a.rotation);
        int legal = 0;
        for (size_t i = 0; i < n; i++) legal |= ids[i] == id;
        ck_assert_msg(legal, "step %d: %s at %d,0 r%d not legal", k, names[k], a.x, a.rotation);
        ck_assert_int_eq(carc_game_apply_id(g, id), CARC_OK);
        ck_assert_int_eq(carc_game_apply_id(g, 0), CARC_OK); /* pass */
    }
    /* A monastery B at (1,-1) makes the cell (0,-1) a neighbour of two
     * tiles: it keeps the id it got from the start tile (order 0, side N);
     * the id through B (order 12, side W) is no action. */
    carc_action a;
    memset(&a, 0, sizeof a);
    a.kind = CARC_ACTION_DRAW;
    a.tile = carc_tile_by_name("B");
    ck_assert_int_eq(carc_game_apply(g, &a), CARC_OK);
    ck_assert_int_eq(carc_action_from_string(g, "place 1,-1 r0", &a), CARC_OK);
    ck_assert_int_eq(carc_game_apply(g, &a), CARC_OK);
    ck_assert_int_eq(carc_game_apply_id(g, 0), CARC_OK);
    memset(&a, 0, sizeof a);
    a.kind = CARC_ACTION_DRAW;
    a.tile = carc_tile_by_name("B");
    ck_assert_int_eq(carc_game_apply(g, &a), CARC_OK);
    int32_t id;
    ck_assert_int_eq(carc_action_from_string(g, "place 0,-1 r0", &a), CARC_OK);
    ck_assert_int_eq(carc_action_to_id(g, &a, &id), CARC_OK);
    ck_assert_int_eq(id, 1 + 0 * 16 + 0 * 4 + 0);
    ck_assert_int_eq(carc_action_from_id(g, 1 + 12 * 16 + 3 * 4 + 0, &a), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_apply_id(g, 1 + 12 * 16 + 3 * 4 + 0), CARC_E_ILLEGAL);
    ck_assert_int_eq(carc_game_apply_id(g, id), CARC_E_ILLEGAL); /* D's city edge faces it */
    carc_game_free(g);
}
END_TEST

/* A game whose pending decision is the deployment after D was laid east of
 * the start tile: city N, road E-W, fields north and south of the road. */
static carc_game *at_deploy(void)
{
    carc_game *g = new_game(11, 2);
    carc_action a;
    ck_assert_int_eq(carc_action_from_string(g, "draw D", &a), CARC_OK);
    ck_assert_int_eq(carc_game_apply(g, &a), CARC_OK);
    ck_assert_int_eq(carc_action_from_string(g, "place 1,0 r0", &a), CARC_OK);
    ck_assert_int_eq(carc_game_apply(g, &a), CARC_OK);
    return g;
}

START_TEST(notation_deploy)
{
    carc_game *g = at_deploy();
    carc_action a;
    const char *good[] = {"deploy follower city N", "deploy follower road E",
                          "deploy follower road W", "deploy follower field Es",
                          "deploy follower field En", "deploy follower #0"};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        ck_assert_msg(carc_action_from_string(g, good[i], &a) == CARC_OK, "'%s'", good[i]);
        ck_assert_int_eq(a.kind, CARC_ACTION_DEPLOY);
        char text[64];
        size_t need;
        ck_assert_int_eq(carc_action_to_string(g, &a, text, sizeof text, &need), CARC_OK);
        carc_action b;
        ck_assert_int_eq(carc_action_from_string(g, text, &b), CARC_OK);
        ck_assert_int_eq(b.segment, a.segment);
    }
    /* road E and road W name the same segment */
    carc_action e, w;
    carc_action_from_string(g, "deploy follower road E", &e);
    carc_action_from_string(g, "deploy follower road W", &w);
    ck_assert_int_eq(e.segment, w.segment);
    const char *bad[] = {"deploy follower road",      /* the road has edges */
                         "deploy follower city Q",    /* no such edge */
                         "deploy follower field Zz",  /* no such half-edge */
                         "deploy follower field N",   /* fields take half-edges */
                         "deploy follower city E",    /* no city segment on E */
                         "deploy follower monastery", /* none on D */
                         "deploy follower lake",      "deploy nobody city N",
                         "deploy follower #x",        "deploy follower #99",
                         "deploy follower #-1",       "deploy follower city N now",
                         "a b c d e f g h i",         "place 1,x r0",
                         "place 1,0 rx",              "place 1,0 x0",
                         "place ,0 r0",               "place 1,0 r"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_msg(carc_action_from_string(g, bad[i], &a) == CARC_E_PARSE, "'%s'", bad[i]);
    ck_assert_int_eq(carc_game_apply_id(g, 0), CARC_OK); /* pass */
    /* a deployment names segments of the tile just laid: none is pending */
    ck_assert_int_eq(carc_action_from_string(g, "deploy follower city N", &a), CARC_E_STATE);
    ck_assert_int_eq(carc_action_from_string(g, "deploy follower #1", &a), CARC_E_STATE);
    carc_game_free(g);
}
END_TEST

/* "deploy FIGURE segment K" is the canonical by-number form: '#' starts a
 * comment in records, so "#K" (still read, deprecated) cannot be replayed. */
START_TEST(notation_deploy_segment)
{
    carc_game *g = at_deploy();
    carc_action a, b;
    for (int k = 0; k < 4; k++) {
        char text[64];
        snprintf(text, sizeof text, "deploy follower segment %d", k);
        ck_assert_msg(carc_action_from_string(g, text, &a) == CARC_OK, "'%s'", text);
        ck_assert_int_eq(a.kind, CARC_ACTION_DEPLOY);
        ck_assert_int_eq(a.figure, CARC_FIGURE_FOLLOWER);
        ck_assert_int_eq(a.segment, k);
        /* the deprecated form reads the same */
        snprintf(text, sizeof text, "deploy follower #%d", k);
        ck_assert_int_eq(carc_action_from_string(g, text, &b), CARC_OK);
        ck_assert_int_eq(b.segment, k);
    }
    const char *bad[] = {"deploy follower segment 4",  /* D has segments 0..3 */
                         "deploy follower segment 31", "deploy follower segment 32",
                         "deploy follower segment -1", "deploy follower segment x",
                         "deploy follower segment",    "deploy follower segment 1 2",
                         "deploy follower segment 1x", "deploy nobody segment 0"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_msg(carc_action_from_string(g, bad[i], &a) == CARC_E_PARSE, "'%s'", bad[i]);
    ck_assert_int_eq(carc_game_apply_id(g, 0), CARC_OK); /* pass */
    ck_assert_int_eq(carc_action_from_string(g, "deploy follower segment 1", &a), CARC_E_STATE);
    /* no deployment pending: written by number, in the form a record can hold */
    memset(&a, 0, sizeof a);
    a.kind = CARC_ACTION_DEPLOY;
    a.segment = 3;
    char text[64];
    ck_assert_int_eq(carc_action_to_string(g, &a, text, sizeof text, NULL), CARC_OK);
    ck_assert_str_eq(text, "deploy follower segment 3");
    ck_assert_ptr_null(strchr(text, '#'));
    carc_game_free(g);
}
END_TEST

/* The text writer w (carc_game_write_record or _write_public_record) gives
 * of g: its size asked first (CARC_E_BUFFER), then written (CARC_OK); the
 * size it answered, the NUL counted, in *need. */
static char *text_of(const carc_game *g, int (*w)(const carc_game *, char *, size_t, size_t *),
                     size_t *need)
{
    *need = 0;
    ck_assert_int_eq(w(g, NULL, 0, need), CARC_E_BUFFER);
    char *rec = malloc(*need);
    ck_assert_ptr_nonnull(rec);
    ck_assert_int_eq(w(g, rec, *need, need), CARC_OK);
    return rec;
}

static char *write_record(const carc_game *g)
{
    size_t need;
    return text_of(g, carc_game_write_record, &need);
}

/* A record naming a segment by number replays, to the same game as the
 * record naming it by feature and edge. */
START_TEST(record_deploy_segment)
{
    const char *by_label = "carcvar-record 1\nseed 4\ndraw D\nplace 1,0 r0\n"
                           "deploy follower city N\ndraw B\nplace 0,1 r0\n"
                           "deploy follower monastery\n";
    const char *by_number = "carcvar-record 1\nseed 4\ndraw D\nplace 1,0 r0\n"
                            "deploy follower segment 0  # the city\ndraw B\nplace 0,1 r0\n"
                            "deploy follower segment 0\n";
    carc_game *a = NULL, *b = NULL;
    carc_record_error err;
    ck_assert_msg(carc_record_replay(&a, by_label, strlen(by_label), &err) == CARC_OK,
                  "line %d: %s", err.line, err.message);
    ck_assert_msg(carc_record_replay(&b, by_number, strlen(by_number), &err) == CARC_OK,
                  "line %d: %s", err.line, err.message);
    ck_assert_int_eq(carc_game_supply(b, 0, CARC_FIGURE_FOLLOWER), 6);
    ck_assert_int_eq(carc_game_supply(b, 1, CARC_FIGURE_FOLLOWER), 6);
    char *ra = write_record(a), *rb = write_record(b);
    ck_assert_str_eq(ra, rb);
    free(ra);
    free(rb);
    carc_game_free(a);
    carc_game_free(b);
}
END_TEST

/* carc_game_write_record's *needed counts the terminating NUL; replaying
 * exactly that many bytes works.  One NUL at the very end of the buffer is
 * accepted, a NUL anywhere else is not. */
START_TEST(record_trailing_nul)
{
    carc_game *f = new_game(5, 3), *g = NULL;
    for (int i = 0; i < 40; i++) {
        if (carc_game_current_player(f) == CARC_PLAYER_CHANCE) {
            ck_assert_int_eq(carc_game_sample_chance(f, NULL), CARC_OK);
        } else {
            int32_t ids[512];
            size_t k;
            ck_assert_int_eq(carc_game_legal_ids(f, ids, 512, &k), CARC_OK);
            ck_assert_int_eq(carc_game_apply_id(f, ids[k / 2]), CARC_OK);
        }
    }
    size_t need = 0;
    ck_assert_int_eq(carc_game_write_record(f, NULL, 0, &need), CARC_E_BUFFER);
    char *rec = malloc(need + 1);
    ck_assert_int_eq(carc_game_write_record(f, rec, need, &need), CARC_OK);
    ck_assert_uint_eq(strlen(rec) + 1, need);
    carc_record_error err;
    ck_assert_msg(carc_record_replay(&g, rec, need, &err) == CARC_OK, "line %d: %s", err.line,
                  err.message);
    char *again = write_record(g);
    ck_assert_str_eq(again, rec);
    free(again);
    carc_game_free(g);
    /* two NULs: the first is not at the end of the buffer */
    rec[need] = 0;
    ck_assert_int_eq(carc_record_replay(&g, rec, need + 1, &err), CARC_E_PARSE);
    ck_assert_ptr_null(g);
    ck_assert_str_eq(err.message, "NUL byte in line");
    /* a NUL in the middle, with one at the end too */
    const char mid[] = "carcvar-record 1\nseed 1\0 2\ndraw D\n";
    ck_assert_int_eq(carc_record_replay(&g, mid, sizeof mid, &err), CARC_E_PARSE);
    ck_assert_int_eq(err.line, 2);
    /* the NUL alone is an empty record */
    ck_assert_int_eq(carc_record_replay(&g, "", 1, &err), CARC_E_PARSE);
    ck_assert_str_eq(err.message, "empty record");
    /* a NUL ending the last line without a newline */
    const char tail[] = "carcvar-record 1\nplayers 4";
    ck_assert_int_eq(carc_record_replay(&g, tail, sizeof tail, &err), CARC_OK);
    ck_assert_int_eq(carc_game_num_players(g), 4);
    carc_game_free(g);
    free(rec);
    carc_game_free(f);
}
END_TEST

/* A record has at most 1,000,000 lines (blank and comment lines count). */
START_TEST(record_line_limit)
{
    const size_t limit = 1000000;
    const char magic[] = "carcvar-record 1\n";
    size_t len = sizeof magic - 1 + limit;
    char *text = malloc(len);
    ck_assert_ptr_nonnull(text);
    memcpy(text, magic, sizeof magic - 1);
    memset(text + sizeof magic - 1, '\n', limit);
    carc_game *g = NULL;
    carc_record_error err;
    /* magic + (limit - 1) empty lines: exactly the limit */
    ck_assert_msg(carc_record_replay(&g, text, len - 1, &err) == CARC_OK, "line %d: %s",
                  err.line, err.message);
    carc_game_free(g);
    g = NULL;
    /* one more line */
    ck_assert_int_eq(carc_record_replay(&g, text, len, &err), CARC_E_PARSE);
    ck_assert_ptr_null(g);
    ck_assert_int_eq(err.line, (int32_t)limit + 1);
    ck_assert_msg(strstr(err.message, "1000000 lines") != NULL, "%s", err.message);
    /* limit + 1 empty lines and no magic at all */
    memset(text, '\n', len);
    ck_assert_int_eq(carc_record_replay(&g, text, limit + 1, &err), CARC_E_PARSE);
    ck_assert_int_eq(err.line, (int32_t)limit + 1);
    ck_assert_msg(strstr(err.message, "1000000 lines") != NULL, "%s", err.message);
    free(text);
}
END_TEST

/* Whitespace in records: any run of blanks or tabs separates words, in the
 * first line and before "rng" too. */
START_TEST(record_whitespace)
{
    carc_game *g = NULL, *ref = NULL;
    carc_record_error err;
    const char *ok[] = {
        "carcvar-record  1\nplayers 3\n",
        "carcvar-record\t1\nplayers 3\n",
        "  carcvar-record \t 1  \nplayers\t3\n",
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        ck_assert_msg(carc_record_replay(&g, ok[i], strlen(ok[i]), &err) == CARC_OK,
                      "case %zu: line %d: %s", i, err.line, err.message);
        ck_assert_int_eq(carc_game_num_players(g), 3);
        carc_game_free(g);
        g = NULL;
    }
    const struct { const char *text; int code; } bad[] = {
        {"carcvar-record  5\n", CARC_E_VERSION},
        {"carcvar-record\t1 1\n", CARC_E_VERSION},
        {"carcvar-record1\n", CARC_E_PARSE},
        {"carcvar-record\n", CARC_E_PARSE},
        {"carcvar-records 1\n", CARC_E_PARSE},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_msg(carc_record_replay(&g, bad[i].text, strlen(bad[i].text), &err) ==
                          bad[i].code, "case %zu: %s", i, err.message);
        ck_assert_int_eq(err.line, 1);
    }
    /* the first draw of seed 1, written with a blank, a tab, several */
    const char base[] = "carcvar-record 1\nseed 1\n";
    carc_options o;
    carc_options_init(&o);
    o.seed = 1;
    ck_assert_int_eq(carc_game_new(&ref, &o), CARC_OK);
    carc_action drawn;
    ck_assert_int_eq(carc_game_sample_chance(ref, &drawn), CARC_OK);
    const char *seps[] = {" ", "\t", " \t  ", "\t\t"};
    for (size_t i = 0; i < 4; i++) {
        char text[128];
        snprintf(text, sizeof text, "%sdraw %s%srng\n", base, carc_tile_name(drawn.tile), seps[i]);
        ck_assert_msg(carc_record_replay(&g, text, strlen(text), &err) == CARC_OK,
                      "sep %zu: line %d: %s", i, err.line, err.message);
        char *a = write_record(g), *b = write_record(ref);
        ck_assert_str_eq(a, b);
        free(a);
        free(b);
        carc_game_free(g);
        g = NULL;
    }
    /* "rng" must be a word of its own */
    char text[128];
    snprintf(text, sizeof text, "%sdraw %srng\n", base, carc_tile_name(drawn.tile));
    ck_assert_int_eq(carc_record_replay(&g, text, strlen(text), &err), CARC_E_PARSE);
    ck_assert_int_eq(err.line, 3);
    carc_game_free(ref);
}
END_TEST

/* A header line given twice is refused, naming it (the last one used to win). */
START_TEST(record_repeated_header)
{
    const struct { const char *text; int line; const char *word; } cases[] = {
        {"carcvar-record 1\nplayers 2\nplayers 3\n", 3, "players"},
        {"carcvar-record 1\nseed 1\nplayers 2\nseed 1\n", 4, "seed"},
        {"carcvar-record 1\nmodules base\nmodules base\ndraw D\n", 3, "modules"},
        {"carcvar-record 1\nrule tiny_city 1\n# again\nrule tiny_city 2\n", 4, "rule tiny_city"},
        {"carcvar-record 1\ncarcvar-record 1\n", 2, "carcvar-record"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        carc_game *g = NULL;
        carc_record_error err;
        int rc = carc_record_replay(&g, cases[i].text, strlen(cases[i].text), &err);
        ck_assert_msg(rc == CARC_E_PARSE, "case %zu: rc %d (%s)", i, rc, err.message);
        ck_assert_ptr_null(g);
        ck_assert_msg(err.line == cases[i].line, "case %zu: line %d (%s)", i, err.line,
                      err.message);
        ck_assert_msg(strstr(err.message, cases[i].word) != NULL, "case %zu: '%s'", i,
                      err.message);
    }
}
END_TEST

/* The 255-character line limit does not count the CR of a CRLF line end. */
START_TEST(record_crlf_long_line)
{
    char text[1024];
    carc_game *g = NULL;
    carc_record_error err;
    for (int crlf = 0; crlf < 2; crlf++) {
        for (int width = 255; width <= 256; width++) {
            int n = snprintf(text, sizeof text, "carcvar-record 1%s\n# ", crlf ? "\r" : "");
            memset(text + n, 'x', (size_t)width - 2);
            n += width - 2;
            n += snprintf(text + n, sizeof text - (size_t)n, "%s\nplayers 5%s\n",
                          crlf ? "\r" : "", crlf ? "\r" : "");
            int rc = carc_record_replay(&g, text, (size_t)n, &err);
            if (width == 255) {
                ck_assert_msg(rc == CARC_OK, "crlf %d: line %d: %s", crlf, err.line, err.message);
                ck_assert_int_eq(carc_game_num_players(g), 5);
                carc_game_free(g);
                g = NULL;
            } else {
                ck_assert_int_eq(rc, CARC_E_PARSE);
                ck_assert_int_eq(err.line, 2);
                ck_assert_str_eq(err.message, "line too long");
            }
        }
    }
}
END_TEST

/* the public record, its answered size checked against its length */
static char *write_public_record(const carc_game *g)
{
    size_t need;
    char *rec = text_of(g, carc_game_write_public_record, &need);
    ck_assert_uint_eq(strlen(rec) + 1, need);
    return rec;
}

/* A public record holds no secret: no seed line, no "rng" mark. */
static void assert_no_secret(const char *rec)
{
    ck_assert_msg(strstr(rec, "\nseed") == NULL, "seed line in:\n%s", rec);
    ck_assert_msg(strstr(rec, " rng") == NULL, "rng mark in:\n%s", rec);
    ck_assert_msg(strstr(rec, "\trng") == NULL, "rng mark in:\n%s", rec);
}

/* Same public state: board, figures, scores, tiles left, pending decision. */
static void assert_same_public_state(const carc_game *a, const carc_game *b)
{
    ck_assert_int_eq(carc_game_num_players(a), carc_game_num_players(b));
    ck_assert_int_eq(carc_game_current_player(a), carc_game_current_player(b));
    ck_assert_int_eq(carc_game_is_terminal(a), carc_game_is_terminal(b));
    ck_assert_int_eq(carc_game_turn(a), carc_game_turn(b));
    carc_decision da, db;
    ck_assert_int_eq(carc_game_decision(a, &da), CARC_OK);
    ck_assert_int_eq(carc_game_decision(b, &db), CARC_OK);
    ck_assert_int_eq(memcmp(&da, &db, sizeof da), 0);
    ck_assert_int_eq(carc_game_tile_count(a), carc_game_tile_count(b));
    for (int i = 0; i < carc_game_tile_count(a); i++) {
        carc_placed_tile ta, tb;
        ck_assert_int_eq(carc_game_tile_by_order(a, i, &ta), CARC_OK);
        ck_assert_int_eq(carc_game_tile_by_order(b, i, &tb), CARC_OK);
        ck_assert_int_eq(memcmp(&ta, &tb, sizeof ta), 0);
    }
    for (int t = -1; t < carc_tile_type_count(); t++)
        ck_assert_int_eq(carc_game_tiles_remaining(a, t), carc_game_tiles_remaining(b, t));
    carc_figure fa[64], fb[64];
    size_t na, nb;
    ck_assert_int_eq(carc_game_figures(a, fa, 64, &na), CARC_OK);
    ck_assert_int_eq(carc_game_figures(b, fb, 64, &nb), CARC_OK);
    ck_assert_uint_eq(na, nb);
    ck_assert_int_eq(memcmp(fa, fb, na * sizeof fa[0]), 0);
    int32_t sa[CARC_MAX_PLAYERS], sb[CARC_MAX_PLAYERS];
    ck_assert_int_eq(carc_game_final_scores(a, sa, CARC_MAX_PLAYERS), CARC_OK);
    ck_assert_int_eq(carc_game_final_scores(b, sb, CARC_MAX_PLAYERS), CARC_OK);
    for (int p = 0; p < carc_game_num_players(a); p++) {
        int32_t la, lb;
        ck_assert_int_eq(carc_game_score(a, p, &la), CARC_OK);
        ck_assert_int_eq(carc_game_score(b, p, &lb), CARC_OK);
        ck_assert_int_eq(la, lb);
        ck_assert_int_eq(sa[p], sb[p]);
    }
    int32_t ia[512], ib[512];
    size_t ka, kb;
    ck_assert_int_eq(carc_game_legal_ids(a, ia, 512, &ka), CARC_OK);
    ck_assert_int_eq(carc_game_legal_ids(b, ib, 512, &kb), CARC_OK);
    ck_assert_uint_eq(ka, kb);
    ck_assert_int_eq(memcmp(ia, ib, ka * sizeof ia[0]), 0);
}

/* (a) Two games with different seeds that see the same draws (applied
 * explicitly) and the same choices export byte-identical public records. */
START_TEST(public_record_seed_independent)
{
    carc_game *a = new_game(1, 3), *b = new_game(987654321, 3);
    uint32_t pick = 12345;
    int steps = 0;
    while (!carc_game_is_terminal(a)) {
        pick = pick * 1103515245u + 12345u;
        int32_t ids[1024];
        size_t n, nb;
        ck_assert_int_eq(carc_game_legal_ids(a, ids, 1024, &n), CARC_OK);
        ck_assert_int_eq(carc_game_legal_ids(b, ids, 1024, &nb), CARC_OK);
        ck_assert_uint_eq(n, nb);
        ck_assert_uint_gt(n, 0);
        carc_action act;
        ck_assert_int_eq(carc_action_from_id(a, ids[(pick >> 8) % n], &act), CARC_OK);
        ck_assert_int_eq(carc_game_apply(a, &act), CARC_OK);
        ck_assert_int_eq(carc_game_apply(b, &act), CARC_OK);
        if (++steps % 50 == 0 || carc_game_is_terminal(a)) {
            char *pa = write_public_record(a), *pb = write_public_record(b);
            ck_assert_str_eq(pa, pb);
            assert_no_secret(pa);
            free(pa);
            free(pb);
            /* the full records differ: they carry the seeds */
            char *ra = write_record(a), *rb = write_record(b);
            ck_assert_str_ne(ra, rb);
            free(ra);
            free(rb);
        }
    }
    ck_assert_int_eq(carc_game_is_terminal(b), 1);
    assert_same_public_state(a, b);
    carc_game_free(a);
    carc_game_free(b);
}
END_TEST

/* (b), (c) A seeded game whose draws come from its RNG: its public record has
 * no seed line and no rng mark, and replays to the same public state. */
START_TEST(public_record_replays)
{
    for (uint64_t seed = 1; seed <= 4; seed++) {
        carc_game *g = new_game(seed * 7919, (int)(2 + seed % 4));
        int steps = 0;
        for (;;) {
            if (steps++ % 37 == 0 || carc_game_is_terminal(g)) {
                char *pub = write_public_record(g);
                assert_no_secret(pub);
                carc_game *r = NULL;
                carc_record_error err;
                ck_assert_msg(carc_record_replay(&r, pub, strlen(pub), &err) == CARC_OK,
                              "seed %llu line %d: %s", (unsigned long long)seed, err.line,
                              err.message);
                assert_same_public_state(g, r);
                /* exporting the replayed game gives the same public record */
                char *again = write_public_record(r);
                ck_assert_str_eq(again, pub);
                /* the full record keeps the secret */
                char *full = write_record(g);
                ck_assert_ptr_nonnull(strstr(full, "\nseed "));
                if (steps > 1) ck_assert_ptr_nonnull(strstr(full, " rng\n"));
                free(full);
                free(again);
                free(pub);
                carc_game_free(r);
            }
            if (carc_game_is_terminal(g)) break;
            if (carc_game_current_player(g) == CARC_PLAYER_CHANCE) {
                ck_assert_int_eq(carc_game_sample_chance(g, NULL), CARC_OK);
            } else {
                int32_t ids[1024];
                size_t n;
                ck_assert_int_eq(carc_game_legal_ids(g, ids, 1024, &n), CARC_OK);
                ck_assert_int_eq(carc_game_apply_id(g, ids[(size_t)steps * 31 % n]), CARC_OK);
            }
        }
        carc_game_free(g);
    }
    size_t need = 0;
    ck_assert_int_eq(carc_game_write_public_record(NULL, NULL, 0, &need), CARC_E_INVALID);
    carc_game *g = new_game(1, 2);
    char small[8];
    ck_assert_int_eq(carc_game_write_public_record(g, NULL, 4, &need), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_write_public_record(g, small, sizeof small, &need), CARC_E_BUFFER);
    ck_assert_uint_gt(need, sizeof small);
    carc_game_free(g);
}
END_TEST

START_TEST(notation_write_errors)
{
    carc_game *g = at_deploy();
    carc_action seg31;
    /* a segment number the tile just laid does not have is malformed text */
    ck_assert_int_eq(carc_action_from_string(g, "deploy follower #31", &seg31), CARC_E_PARSE);
    ck_assert_int_eq(carc_action_from_string(g, "deploy follower #0", &seg31), CARC_OK);
    char text[64];
    size_t need = 0;
    carc_action a;
    memset(&a, 0, sizeof a);
    a.kind = CARC_ACTION_DRAW;
    a.tile = -1;
    ck_assert_int_eq(carc_action_to_string(g, &a, text, sizeof text, &need), CARC_E_INVALID);
    a.tile = carc_tile_type_count();
    ck_assert_int_eq(carc_action_to_string(g, &a, text, sizeof text, &need), CARC_E_INVALID);
    a.kind = CARC_ACTION_PLACE;
    a.rotation = 4;
    ck_assert_int_eq(carc_action_to_string(g, &a, text, sizeof text, &need), CARC_E_INVALID);
    a.rotation = -1;
    ck_assert_int_eq(carc_action_to_string(g, &a, text, sizeof text, &need), CARC_E_INVALID);
    a.kind = CARC_ACTION_DEPLOY;
    const int figs[] = {-1, 12, CARC_FIGURE_KINDS - 1, CARC_FIGURE_KINDS};
    for (int i = 0; i < 4; i++) {
        a.figure = figs[i];
        a.segment = 0;
        ck_assert_int_eq(carc_action_to_string(g, &a, text, sizeof text, &need), CARC_E_INVALID);
    }
    a.figure = CARC_FIGURE_FOLLOWER;
    a.segment = -1;
    ck_assert_int_eq(carc_action_to_string(g, &a, text, sizeof text, &need), CARC_E_INVALID);
    a.segment = CARC_MAX_SEGMENTS;
    ck_assert_int_eq(carc_action_to_string(g, &a, text, sizeof text, &need), CARC_E_INVALID);
    /* a segment number the tile does not have is written by number */
    a.segment = 20;
    ck_assert_int_eq(carc_action_to_string(g, &a, text, sizeof text, &need), CARC_OK);
    ck_assert_str_eq(text, "deploy follower segment 20");
    a.kind = 99;
    ck_assert_int_eq(carc_action_to_string(g, &a, text, sizeof text, &need), CARC_E_INVALID);
    a.kind = CARC_ACTION_PASS;
    ck_assert_int_eq(carc_action_to_string(g, &a, NULL, 4, &need), CARC_E_INVALID);
    ck_assert_int_eq(carc_action_to_string(g, &a, NULL, 0, &need), CARC_E_BUFFER);
    ck_assert_uint_eq(need, 5);
    /* away from a deployment, segments are written by number */
    ck_assert_int_eq(carc_game_apply_id(g, 0), CARC_OK);
    a.kind = CARC_ACTION_DEPLOY;
    a.segment = 1;
    ck_assert_int_eq(carc_action_to_string(g, &a, text, sizeof text, &need), CARC_OK);
    ck_assert_str_eq(text, "deploy follower segment 1");
    carc_game_free(g);
}
END_TEST

START_TEST(record_more_errors)
{
    carc_game *g = NULL;
    carc_record_error err;
    char text[2048];
    /* a line longer than the reader's line buffer */
    int n = snprintf(text, sizeof text, "carcvar-record 1\nseed ");
    memset(text + n, '7', 1200);
    strcpy(text + n + 1200, "\ndraw D\n");
    ck_assert_int_eq(carc_record_replay(&g, text, strlen(text), &err), CARC_E_PARSE);
    ck_assert_int_eq(err.line, 2);
    ck_assert_ptr_null(g);
    /* a NUL byte inside a line */
    const char nul[] = "carcvar-record 1\nseed 1\0 2\ndraw D\n";
    ck_assert_int_eq(carc_record_replay(&g, nul, sizeof nul - 1, &err), CARC_E_PARSE);
    ck_assert_int_eq(err.line, 2);
    /* an action after the end of a finished game */
    carc_game *f = new_game(3, 2);
    while (!carc_game_is_terminal(f)) {
        if (carc_game_current_player(f) == CARC_PLAYER_CHANCE) {
            ck_assert_int_eq(carc_game_sample_chance(f, NULL), CARC_OK);
        } else {
            int32_t ids[512];
            size_t k;
            ck_assert_int_eq(carc_game_legal_ids(f, ids, 512, &k), CARC_OK);
            ck_assert_int_eq(carc_game_apply_id(f, ids[k - 1]), CARC_OK);
        }
    }
    size_t need;
    ck_assert_int_eq(carc_game_write_record(f, NULL, 0, &need), CARC_E_BUFFER);
    char *rec = malloc(need + 16);
    ck_assert_int_eq(carc_game_write_record(f, rec, need + 16, &need), CARC_OK);
    int lines = 0;
    for (size_t i = 0; i < need; i++) lines += rec[i] == '\n';
    strcat(rec, "pass\n");
    ck_assert_int_eq(carc_record_replay(&g, rec, strlen(rec), &err), CARC_E_STATE);
    ck_assert_int_eq(err.line, lines + 1);
    ck_assert_ptr_null(g);
    free(rec);
    carc_game_free(f);
}
END_TEST

/* An id means something only for the pending decision: an action of another
 * kind has none (a pass while a draw is pending would otherwise get the id
 * of a draw and apply_id would draw). */
START_TEST(id_kind_mismatch)
{
    carc_game *g = new_game(2, 5);
    int32_t id = 12345;
    carc_action pass = {.kind = CARC_ACTION_PASS};
    carc_action place = {.kind = CARC_ACTION_PLACE, .x = 1, .y = 0};
    carc_action draw = {.kind = CARC_ACTION_DRAW, .tile = 1};
    carc_action parsed;
    /* a deployment by segment number reads only while a deployment is pending */
    ck_assert_int_eq(carc_action_from_string(g, "deploy follower #2", &parsed), CARC_E_STATE);
    ck_assert_int_eq(carc_action_to_id(g, &pass, &id), CARC_E_STATE);
    ck_assert_int_eq(carc_action_to_id(g, &place, &id), CARC_E_STATE);
    ck_assert_int_eq(id, 12345);
    ck_assert_int_eq(carc_action_to_id(g, &draw, &id), CARC_OK);
    ck_assert_int_eq(id, 1);
    ck_assert_int_eq(carc_game_sample_chance(g, NULL), CARC_OK);
    /* a placement is pending now */
    ck_assert_int_eq(carc_action_to_id(g, &draw, &id), CARC_E_STATE);
    /* a pass keeps its own id (0), which is simply not legal here */
    ck_assert_int_eq(carc_action_to_id(g, &pass, &id), CARC_OK);
    ck_assert_int_eq(id, 0);
    ck_assert_int_eq(carc_game_apply_id(g, id), CARC_E_ILLEGAL);
    carc_game_free(g);
}
END_TEST

START_TEST(api_edges)
{
    ck_assert_str_eq(carc_strerror(5), "not an error code");
    ck_assert_str_eq(carc_strerror(-999), "unknown error");
    carc_options o;
    carc_options_init(&o);
    ck_assert_int_eq(carc_options_set_rule(&o, "tiny_city", 99), CARC_E_INVALID);
    ck_assert_int_eq(carc_options_set_rule(&o, "tiny_city", -99), CARC_E_INVALID);
    ck_assert_int_eq(carc_options_set_rule(&o, NULL, 1), CARC_E_INVALID);
    ck_assert_int_eq(carc_options_set_rule(NULL, "tiny_city", 1), CARC_E_INVALID);
    ck_assert_int_lt(carc_options_set_rule(&o, "nosuch", 1), 0);
    ck_assert_int_eq(carc_module_by_name(NULL), CARC_E_INVALID);
    carc_game *g = NULL;
    o.struct_size = sizeof o - 1;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_E_INVALID);
    ck_assert_ptr_null(g);
    g = new_game(1, 2);
    ck_assert_int_eq(carc_game_copy(g, g), CARC_OK);
    ck_assert_int_eq(carc_game_supply(g, 0, -1), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_supply(g, 0, CARC_FIGURE_KINDS), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_supply(g, 2, CARC_FIGURE_FOLLOWER), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_supply(g, 0, CARC_FIGURE_FOLLOWER), 7);
    carc_segment_info si;
    ck_assert_int_eq(carc_segment_info_get(0, 4, 0, &si), CARC_E_INVALID);
    ck_assert_int_eq(carc_segment_info_get(0, 0, -1, &si), CARC_E_INVALID);
    ck_assert_int_eq(carc_segment_info_get(0, 0, CARC_MAX_SEGMENTS, &si), CARC_E_INVALID);
    ck_assert_int_eq(carc_segment_info_get(0, 0, 0, NULL), CARC_E_INVALID);
    ck_assert_int_eq(carc_segment_info_get(-1, 0, 0, &si), CARC_E_INVALID);
    ck_assert_int_eq(carc_segment_info_get(0, 0, 0, &si), CARC_OK);
    carc_placed_tile pt;
    ck_assert_int_eq(carc_game_tile_at(g, 0, 0, &pt), CARC_OK);
    ck_assert_int_eq(pt.type, carc_tile_by_name("D"));
    ck_assert_int_eq(pt.order, 0);
    ck_assert_int_eq(carc_game_tile_at(g, 1, 0, &pt), CARC_E_NOTFOUND);
    ck_assert_int_eq(carc_game_tile_at(g, 1000000, 0, &pt), CARC_E_NOTFOUND);
    ck_assert_int_eq(carc_game_tile_at(g, 0, -1000000, &pt), CARC_E_NOTFOUND);
    ck_assert_int_eq(carc_game_tile_at(g, 0, 0, NULL), CARC_E_INVALID);
    carc_game_free(g);
}
END_TEST

/* The options struct's size has an upper bound (a garbage size is not
 * read past), reserved0 must be 0 like unknown rule slots, and reserved
 * module slots are simply not built. */
START_TEST(options_edges)
{
    carc_game *g = NULL;
    static unsigned char big[sizeof(carc_options) + 8192];
    carc_options *o = (carc_options *)(void *)big;
    carc_options_init(o);
    o->struct_size = sizeof big; /* zero tail, but larger than any real struct */
    ck_assert_int_eq(carc_game_new(&g, o), CARC_E_INVALID);
    ck_assert_ptr_null(g);
    o->struct_size = sizeof(carc_options) + 64; /* a plausible newer caller, zero tail */
    ck_assert_int_eq(carc_game_new(&g, o), CARC_OK);
    carc_game_free(g);
    g = NULL;
    carc_options_init(o);
    o->reserved0 = 1;
    ck_assert_int_eq(carc_game_new(&g, o), CARC_E_INVALID);
    ck_assert_ptr_null(g);
    /* every slot is in range and answers 0 or 1; a built module has a
     * name that leads back to its slot (so no two share one); a slot that
     * is not built is refused by carc_game_new (modules, above) */
    for (int m = 0; m < CARC_MODULE_SLOTS; m++) {
        int av = carc_module_available(m);
        ck_assert_msg(av == 0 || av == 1, "slot %d: %d", m, av);
        if (av) {
            ck_assert_ptr_nonnull(carc_module_name(m));
            ck_assert_int_eq(carc_module_by_name(carc_module_name(m)), m);
        }
    }
    ck_assert_int_eq(carc_module_available(CARC_MODULE_SLOTS), CARC_E_INVALID);
    ck_assert_int_eq(carc_module_available(-1), CARC_E_INVALID);
    ck_assert_int_eq(carc_module_available(CARC_MODULE_BASE), 1);
    /* every rule slot's name is unique and owned */
    for (int i = 0; i < carc_rule_count(); i++)
        for (int j = 0; j < i; j++)
            if (carc_rule_name(i) && carc_rule_name(j))
                ck_assert_str_ne(carc_rule_name(i), carc_rule_name(j));
    ck_assert_str_eq(carc_strerror(CARC_E_LIMIT),
                     "a declared bound of the game was reached (a defect)");
}
END_TEST

/* ------------------------------------------------ records of a host's bag */

static uint8_t *serialized(const carc_game *g, size_t *n)
{
    ck_assert_int_eq(carc_game_serialize(g, NULL, 0, n), CARC_E_BUFFER);
    uint8_t *b = malloc(*n);
    ck_assert_ptr_nonnull(b);
    ck_assert_int_eq(carc_game_serialize(g, b, *n, n), CARC_OK);
    return b;
}

/* Replaying rec gives a game that serializes as g does. */
static void assert_replays_to(const char *rec, const carc_game *g, const char *what)
{
    carc_game *r = NULL;
    carc_record_error err;
    int rc = carc_record_replay(&r, rec, strlen(rec), &err);
    ck_assert_msg(rc == CARC_OK, "%s: rc %d line %d: %s", what, rc, err.line, err.message);
    size_t na, nb;
    uint8_t *a = serialized(g, &na), *b = serialized(r, &nb);
    ck_assert_msg(na == nb && memcmp(a, b, na) == 0, "%s: the replayed game differs", what);
    free(a);
    free(b);
    carc_game_free(r);
}

/* The replay page of rec: written whole, with g's final scores. */
static void assert_html_of(const char *rec, const carc_game *g, const char *what)
{
    size_t need = 0;
    carc_record_error err;
    int rc = carc_record_html(rec, strlen(rec), NULL, 0, &need, &err);
    ck_assert_msg(rc == CARC_E_BUFFER, "%s: rc %d line %d: %s", what, rc, err.line, err.message);
    char *page = malloc(need);
    ck_assert_ptr_nonnull(page);
    ck_assert_int_eq(carc_record_html(rec, strlen(rec), page, need, &need, &err), CARC_OK);
    char final[128] = "final:[";
    for (int p = 0; p < carc_game_num_players(g); p++) {
        int32_t sc;
        ck_assert_int_eq(carc_game_score(g, p, &sc), CARC_OK);
        size_t l = strlen(final);
        snprintf(final + l, sizeof final - l, "%s%d", p ? "," : "", (int)sc);
    }
    strcat(final, "]");
    ck_assert_msg(strstr(page, final) != NULL, "%s: no '%s' in the page", what, final);
    free(page);
}

/* Every line of rec fits the reader's line (255 characters); the number of
 * bag lines. */
static int bag_lines(const char *rec)
{
    int bags = 0;
    for (const char *l = rec; *l;) {
        const char *e = strchr(l, '\n');
        size_t n = e ? (size_t)(e - l) : strlen(l);
        ck_assert_msg(n <= 255, "a line of %zu characters: %.40s...", n, l);
        bags += n >= 3 && !strncmp(l, "bag", 3) && (n == 3 || l[3] == ' ');
        l += n + (e != NULL);
    }
    return bags;
}

/* Play g to its end (random legal moves from *rng); chance outcomes from
 * g's RNG, or, with explicit, sampled on a copy and applied as the host's
 * (the game's RNG never used). */
static void play_out(carc_game *g, uint32_t *rng, int explicit)
{
    for (int steps = 0; !carc_game_is_terminal(g); steps++) {
        ck_assert_int_lt(steps, 100000);
        if (carc_game_current_player(g) == CARC_PLAYER_CHANCE) {
            if (!explicit) {
                ck_assert_int_eq(carc_game_sample_chance(g, NULL), CARC_OK);
                continue;
            }
            carc_game *c = NULL;
            carc_action a;
            ck_assert_int_eq(carc_game_clone(&c, g), CARC_OK);
            ck_assert_int_eq(carc_game_sample_chance(c, &a), CARC_OK);
            carc_game_free(c);
            ck_assert_int_eq(carc_game_apply(g, &a), CARC_OK);
            continue;
        }
        int32_t ids[4096];
        size_t n = 0;
        ck_assert_int_eq(carc_game_legal_ids(g, ids, 4096, &n), CARC_OK);
        ck_assert_uint_gt(n, 0);
        *rng = *rng * 1103515245u + 12345u;
        ck_assert_int_eq(carc_game_apply_id(g, ids[(*rng >> 8) % n]), CARC_OK);
    }
}

static char *public_record(const carc_game *g)
{
    size_t need;
    return text_of(g, carc_game_write_public_record, &need);
}

/* A host's bag of every tile of the modules in play (each module alone, and
 * all five together): the record, the public record and the replay page
 * are written in lines the reader reads (a long bag continued on several
 * bag lines) and replay to the same game.  A bag of the five modules is
 * about 1,000 characters: one line used to be written, and refused as too
 * long. */
START_TEST(record_full_bags)
{
    const uint64_t five = 1u << CARC_MODULE_INNS_CATHEDRALS | 1u << CARC_MODULE_TRADERS_BUILDERS |
                          1u << CARC_MODULE_ABBEY_MAYOR | 1u << CARC_MODULE_BRIDGES_CASTLES |
                          1u << CARC_MODULE_BIG_TOP;
    const uint64_t sets[] = {
        0, 1u << CARC_MODULE_INNS_CATHEDRALS, 1u << CARC_MODULE_TRADERS_BUILDERS,
        1u << CARC_MODULE_ABBEY_MAYOR, 1u << CARC_MODULE_BRIDGES_CASTLES,
        1u << CARC_MODULE_BIG_TOP, five,
    };
    uint32_t rng = 17;
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
        carc_options o;
        carc_options_init(&o);
        o.num_players = 3;
        o.modules |= sets[i];
        carc_game *full = NULL;
        ck_assert_int_eq(carc_game_new(&full, &o), CARC_OK);
        carc_setup su;
        carc_setup_init(&su);
        su.bag_given = 1;
        for (int t = 0; t < carc_tile_type_count(); t++) {
            int n = carc_game_tiles_remaining(full, t);
            ck_assert_int_ge(n, 0);
            su.bag[t] = (uint8_t)n;
        }
        carc_game_free(full);
        for (int explicit = 0; explicit < 2; explicit++) {
            char what[64];
            snprintf(what, sizeof what, "modules %#llx, %s outcomes",
                     (unsigned long long)sets[i], explicit ? "explicit" : "sampled");
            o.seed = explicit ? 0 : 5 + i; /* explicit: as a public record replays */
            carc_game *g = NULL;
            ck_assert_int_eq(carc_game_new_setup(&g, &o, &su), CARC_OK);
            /* at the start, and at the end of the game */
            for (int at = 0; at < 2; at++) {
                if (at) play_out(g, &rng, explicit);
                char *rec = write_record(g);
                int bags = bag_lines(rec);
                ck_assert_int_ge(bags, 1);
                if (sets[i] == five) ck_assert_int_ge(bags, 4);
                assert_replays_to(rec, g, what);
                assert_html_of(rec, g, what);
                char *pub = public_record(g);
                ck_assert_int_eq(bag_lines(pub), bags);
                if (explicit) assert_replays_to(pub, g, what);
                assert_html_of(pub, g, what);
                free(pub);
                free(rec);
            }
            carc_game_free(g);
        }
    }
}
END_TEST

/* A bag continued on another bag line is one bag: the same game as the bag
 * on one line; a tile named on two of them is refused. */
START_TEST(record_bag_continued)
{
    const char *one = "carcvar-record 3\nbag U=1 V=2 E=1\ndraw V\n";
    const char *split = "carcvar-record 3\nbag U=1\nplayers 2\nbag V=2\n# more\nbag E=1\ndraw V\n";
    carc_game *a = NULL, *b = NULL;
    carc_record_error err;
    ck_assert_int_eq(carc_record_replay(&a, one, strlen(one), &err), CARC_OK);
    ck_assert_msg(carc_record_replay(&b, split, strlen(split), &err) == CARC_OK, "line %d: %s",
                  err.line, err.message);
    size_t na, nb;
    uint8_t *sa = serialized(a, &na), *sb = serialized(b, &nb);
    ck_assert(na == nb && memcmp(sa, sb, na) == 0);
    free(sa);
    free(sb);
    carc_game_free(a);
    carc_game_free(b);
    const char *twice = "carcvar-record 3\nbag U=1 V=2\nbag E=1 V=1\n";
    ck_assert_int_eq(carc_record_replay(&a, twice, strlen(twice), &err), CARC_E_PARSE);
    ck_assert_int_eq(err.line, 3);
    ck_assert_msg(strstr(err.message, "each tile once") != NULL, "%s", err.message);
}
END_TEST

/* ----------------------------------------- rules of modules not in play */

/* A value of rule i other than its default, or INT32_MIN if it has none. */
static int other_value(int i)
{
    int def = carc_rule_default(i);
    carc_options o;
    carc_options_init(&o);
    for (int d = 1; d < 200; d++) {
        if (carc_options_set_rule(&o, carc_rule_name(i), def + d) == CARC_OK) return def + d;
        if (carc_options_set_rule(&o, carc_rule_name(i), def - d) == CARC_OK) return def - d;
    }
    return INT32_MIN;
}

/* A rule of a module that is not in play, off its default, is refused by
 * carc_game_new (CARC_E_INVALID) and by a record's reader at the rule's
 * line (CARC_E_PARSE, naming the rule and the module): the game used to
 * keep the value and serialize it, while its record left it out, so the
 * record replayed to another game.  At its default it is harmless and
 * accepted. */
START_TEST(rule_needs_module)
{
    /* the modules' rules of this build (the first five: the issue's) */
    static const struct { const char *name; int module; } rules[] = {
        {"bt_quarters", CARC_MODULE_BIG_TOP},
        {"am_wagon_move", CARC_MODULE_ABBEY_MAYOR},
        {"bcb_bazaar", CARC_MODULE_BRIDGES_CASTLES},
        {"bcb_bazaar_max_bid", CARC_MODULE_BRIDGES_CASTLES},
        {"bt_big_meeple", CARC_MODULE_BIG_TOP},
        {"am_barn_placement", CARC_MODULE_ABBEY_MAYOR},
        {"bt_circus_order", CARC_MODULE_BIG_TOP},
        {"bcb_castle_farmers", CARC_MODULE_BRIDGES_CASTLES},
    };
    int checked = 0;
    for (size_t r = 0; r < sizeof rules / sizeof rules[0]; r++) {
        const char *name = rules[r].name;
        int m = rules[r].module, i = carc_rule_by_name(name);
        if (i < 0 || carc_module_available(m) != 1) continue;
        int value = other_value(i);
        ck_assert_int_ne(value, INT32_MIN);
        checked++;
        carc_options o;
        carc_options_init(&o);
        o.num_players = 3;
        ck_assert_int_eq(carc_options_set_rule(&o, name, value), CARC_OK);
        carc_game *g = (carc_game *)1;
        ck_assert_int_eq(carc_game_new(&g, &o), CARC_E_INVALID);
        ck_assert_ptr_null(g);
        carc_setup su;
        carc_setup_init(&su);
        su.first_player = 1;
        ck_assert_int_eq(carc_game_new_setup(&g, &o, &su), CARC_E_INVALID);
        /* the record: refused at the rule's line, whatever comes after it */
        char rec[256];
        carc_record_error err;
        const char *tails[] = {"", "draw D\n", "modules base\n# a comment\n"};
        for (size_t k = 0; k < 3; k++) {
            snprintf(rec, sizeof rec, "carcvar-record 1\nplayers 3\nrule %s %d\n%s", name, value,
                     tails[k]);
            int rc = carc_record_replay(&g, rec, strlen(rec), &err);
            ck_assert_msg(rc == CARC_E_PARSE && err.line == 3, "%s: rc %d line %d (%s)", rec,
                          rc, err.line, err.message);
            ck_assert_ptr_null(g);
            ck_assert_msg(strstr(err.message, name) && strstr(err.message, carc_module_name(m)),
                          "%s", err.message);
            ck_assert_int_eq(carc_record_html(rec, strlen(rec), NULL, 0, NULL, &err),
                             CARC_E_PARSE);
            ck_assert_int_eq(err.line, 3);
        }
        /* with the module, on either side of the rule line: accepted, and
         * its record replays to the same game */
        snprintf(rec, sizeof rec, "carcvar-record 1\nrule %s %d\nmodules base %s\n", name, value,
                 carc_module_name(m));
        ck_assert_msg(carc_record_replay(&g, rec, strlen(rec), &err) == CARC_OK, "%s: %s", rec,
                      err.message);
        char *again = write_record(g), line[96];
        snprintf(line, sizeof line, "\nrule %s %d\n", name, value);
        ck_assert_msg(strstr(again, line) != NULL, "no '%s' in %s", line + 1, again);
        assert_replays_to(again, g, name);
        free(again);
        carc_game_free(g);
        /* at its default without the module: harmless, accepted */
        carc_options_init(&o);
        ck_assert_int_eq(carc_options_set_rule(&o, name, carc_rule_default(i)), CARC_OK);
        ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
        carc_game_free(g);
        snprintf(rec, sizeof rec, "carcvar-record 1\nplayers 3\nrule %s %d\n", name,
                 carc_rule_default(i));
        ck_assert_int_eq(carc_record_replay(&g, rec, strlen(rec), &err), CARC_OK);
        again = write_record(g);
        assert_replays_to(again, g, name);
        free(again);
        carc_game_free(g);
    }
    ck_assert_int_eq(checked, 8);
    /* the fuzzer's record, byte for byte */
    const char fuzz[] = "carcvar-record 1\nplayers 3\nrule bt_quarters 2\n";
    ck_assert_int_eq(sizeof fuzz - 1, 46);
    carc_game *g = NULL;
    carc_record_error err;
    ck_assert_int_eq(carc_record_replay(&g, fuzz, sizeof fuzz - 1, &err), CARC_E_PARSE);
    ck_assert_int_eq(err.line, 3);
    ck_assert_str_eq(err.message,
                     "rule 'bt_quarters 2' needs module 'big_top', which the modules line does "
                     "not name");
    /* two such rules: the earlier line is named */
    const char two[] = "carcvar-record 1\nrule bcb_bazaar 2\nrule am_wagon_move 1\n";
    ck_assert_int_eq(carc_record_replay(&g, two, sizeof two - 1, &err), CARC_E_PARSE);
    ck_assert_int_eq(err.line, 2);
}
END_TEST

/* --------------------------------------------------- version-1 buffers */

static void rechecksum(uint8_t *b, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n - 4; i++) {
        h ^= b[i];
        h *= 16777619u;
    }
    for (int i = 0; i < 4; i++) b[n - 4 + (size_t)i] = (uint8_t)(h >> (8 * i));
}

/* Version 1 of the format knew the base game only: a version-1 buffer with
 * a module (no library wrote one) is refused, CARC_E_CORRUPT and no game;
 * it used to be accepted and re-serialized as version 2.  A version-1
 * buffer of a base game still reads. */
START_TEST(deserialize_v1_modules)
{
    for (int with_module = 0; with_module < 2; with_module++) {
        carc_options o;
        carc_options_init(&o);
        o.seed = 4;
        if (with_module) o.modules |= 1ull << CARC_MODULE_INNS_CATHEDRALS;
        carc_game *g = NULL;
        ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
        uint32_t rng = 3;
        for (int k = 0; k < 12 && !carc_game_is_terminal(g); k++) { /* no payloads */
            if (sample_if_chance(g)) continue;
            int32_t ids[1024];
            size_t n = 0;
            ck_assert_int_eq(carc_game_legal_ids(g, ids, 1024, &n), CARC_OK);
            rng = rng * 1103515245u + 12345u;
            ck_assert_int_eq(carc_game_apply_id(g, ids[(rng >> 8) % n]), CARC_OK);
        }
        size_t n;
        uint8_t *b = serialized(g, &n);
        ck_assert_int_eq(b[4] | b[5] << 8, 2);
        b[4] = 1; /* version 1 */
        rechecksum(b, n);
        carc_game *r = (carc_game *)1;
        int rc = carc_game_deserialize(&r, b, n);
        if (with_module) {
            ck_assert_int_eq(rc, CARC_E_CORRUPT);
            ck_assert_ptr_null(r);
        } else {
            ck_assert_int_eq(rc, CARC_OK);
            size_t n2;
            uint8_t *b2 = serialized(r, &n2);
            b2[4] = 1;
            rechecksum(b2, n2);
            ck_assert(n2 == n && memcmp(b, b2, n) == 0);
            free(b2);
            carc_game_free(r);
        }
        free(b);
        carc_game_free(g);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("api");
    TCase *tc = tcase_create("contract");
    tcase_add_test(tc, versions);
    tcase_add_test(tc, error_strings);
    tcase_add_test(tc, options_validation);
    tcase_add_test(tc, modules);
    tcase_add_test(tc, null_handles);
    tcase_add_test(tc, null_out_params);
    tcase_add_test(tc, out_of_range);
    tcase_add_test(tc, wrong_decision);
    tcase_add_test(tc, small_buffers);
    tcase_add_test(tc, notation_errors);
    tcase_add_test(tc, clone_independent);
    tcase_add_test(tc, determinism);
    tcase_add_test(tc, record_errors);
    tcase_add_test(tc, long_line_ids);
    tcase_add_test(tc, notation_deploy);
    tcase_add_test(tc, notation_write_errors);
    tcase_add_test(tc, notation_deploy_segment);
    tcase_add_test(tc, record_deploy_segment);
    tcase_add_test(tc, record_trailing_nul);
    tcase_add_test(tc, record_line_limit);
    tcase_add_test(tc, record_whitespace);
    tcase_add_test(tc, record_repeated_header);
    tcase_add_test(tc, record_crlf_long_line);
    tcase_add_test(tc, public_record_seed_independent);
    tcase_add_test(tc, public_record_replays);
    tcase_add_test(tc, record_more_errors);
    tcase_add_test(tc, api_edges);
    tcase_add_test(tc, options_edges);
    tcase_add_test(tc, id_kind_mismatch);
    tcase_add_test(tc, record_full_bags);
    tcase_add_test(tc, record_bag_continued);
    tcase_add_test(tc, rule_needs_module);
    tcase_add_test(tc, deserialize_v1_modules);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
