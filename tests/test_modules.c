/* The module interface, exercised through the probe module
 * (tests/probe/probe_module.c): extra figures and their strength, tile
 * deferral, a deployment alternative with its own action id and notation,
 * decisions queued for another player, feature-value and end-game hooks,
 * and that ids, records and serialization carry all of it. */
#include "core/state.h"

#include <check.h>

#include "probe/probe.h"

#include "registry_check.h"
#include "quiet_check.h"
#include "record_text.h"
#include "random_step.h"
#include "run_suite.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PROBE 12

static carc_game *probe_game(uint64_t seed, int players)
{
    carc_options o;
    carc_options_init(&o);
    o.seed = seed;
    o.num_players = players;
    o.modules |= 1ull << PROBE;
    carc_game *g;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    return g;
}

/* Take the first legal action: the first placement, or pass. */
static int apply_first(carc_game *g)
{
    int32_t ids[4200];
    size_t n;
    int rc = carc_game_legal_ids(g, ids, 4200, &n);
    return rc ? rc : carc_game_apply_id(g, ids[0]);
}

START_TEST(registry)
{
    ck_assert_str_eq(carc_module_name(PROBE), "probe");
    ck_assert_int_eq(carc_module_by_name("probe"), PROBE);
    ck_assert_int_eq(carc_module_available(PROBE), 1);
    ck_assert_int_eq(carc_module_available(CARC_MODULE_TOWER), 0);
    carc_game *g = probe_game(1, 3);
    ck_assert_int_eq(carc_game_supply(g, 2, CARC_FIGURE_BIG), 1);
    ck_assert_int_eq(carc_game_supply(g, 2, CARC_FIGURE_FOLLOWER), 7);
    carc_game_free(g);
}
END_TEST

START_TEST(deferred_tiles)
{
    carc_game *g = probe_game(2, 2);
    int b = carc_tile_by_name("B");
    int32_t ids[64];
    double probs[64];
    size_t n;
    ck_assert_int_eq(carc_game_chance_outcomes(g, ids, probs, 64, &n), CARC_OK);
    double sum = 0;
    for (size_t i = 0; i < n; i++) {
        ck_assert_int_ne(ids[i], b);
        sum += probs[i];
    }
    ck_assert_double_eq_tol(sum, 1.0, 1e-12);
    ck_assert_int_eq(carc_game_tiles_remaining(g, b), 4);
    ck_assert_int_eq(apply_text(g, "draw B"), CARC_E_ILLEGAL);
    for (int k = 0; k < 50; k++) {
        carc_action a;
        if (carc_game_current_player(g) != CARC_PLAYER_CHANCE) {
            ck_assert_int_eq(apply_first(g), CARC_OK);
            continue;
        }
        int turn = carc_game_turn(g);
        ck_assert_int_eq(carc_game_sample_chance(g, &a), CARC_OK);
        if (turn < 10) ck_assert_int_ne(a.tile, b);
    }
    carc_game_free(g);
}
END_TEST

static carc_game *replay(const char *rec)
{
    carc_game *g;
    carc_record_error err;
    ck_assert_msg(carc_record_replay(&g, rec, strlen(rec), &err) == CARC_OK, "%d: %s", err.line,
                  err.message);
    return g;
}

/* player 0 has s0 points, player 1 s1 */
static void scores_are(const carc_game *g, int32_t s0, int32_t s1)
{
    int32_t got0, got1;
    carc_game_score(g, 0, &got0);
    carc_game_score(g, 1, &got1);
    ck_assert_int_eq(got0, s0);
    ck_assert_int_eq(got1, s1);
}

START_TEST(big_figure_majority)
{
    /* city_merge_tie.rec with player 0's knight replaced by the big figure:
     * strength 2 against 1, so only player 0 scores the 4-tile city (8). */
    const char rec[] = "carcvar-record 1\nplayers 2\nmodules base probe\n"
                       "draw N\nplace 0,-1 r2\ndeploy big city S\n"
                       "draw K\nplace 1,0 r0\ndeploy follower city N\n"
                       "draw N\nplace 1,-1 r3\npass\n";
    carc_game *g = replay(rec);
    scores_are(g, 8, 0);
    ck_assert_int_eq(carc_game_supply(g, 0, CARC_FIGURE_BIG), 1);
    ck_assert_int_eq(carc_game_supply(g, 1, CARC_FIGURE_FOLLOWER), 7);
    carc_game_free(g);
}
END_TEST

START_TEST(deploy_alternative_and_road_hook)
{
    /* W at (1,0), bless instead of a figure; then W at (-1,0) closes the
     * start road with a highwayman placed by player 1: 3 tiles + 1 (hook). */
    const char rec[] = "carcvar-record 1\nplayers 2\nmodules base,probe\n"
                       "draw W\nplace 1,0 r0\nbless\n"
                       "draw W\nplace -1,0 r0\ndeploy follower road E\n";
    carc_game *g = replay(rec);
    scores_are(g, 1, 4);
    carc_score_event ev[8];
    size_t n;
    ck_assert_int_eq(carc_game_score_log(g, ev, 8, &n), CARC_OK);
    ck_assert_uint_eq(n, 2);
    ck_assert_int_eq(ev[0].reason, CARC_MODULE_KIND(PROBE, 0));
    ck_assert_int_eq(ev[1].reason, CARC_SCORE_COMPLETED);
    ck_assert_int_eq(ev[1].points, 4);
    carc_game_free(g);
}
END_TEST

START_TEST(queued_decision_for_another_player)
{
    carc_game *g = probe_game(3, 3);
    /* play first legal actions; after turn 5 (player 1's), player 2 decides */
    for (int guard = 0; guard < 100; guard++) {
        if (sample_if_chance(g)) continue;
        carc_decision d;
        carc_game_decision(g, &d);
        if (d.kind == CARC_MODULE_KIND(PROBE, 0)) break;
        ck_assert_int_eq(apply_first(g), CARC_OK);
    }
    carc_decision d;
    ck_assert_int_eq(carc_game_decision(g, &d), CARC_OK);
    ck_assert_int_eq(d.kind, CARC_MODULE_KIND(PROBE, 0));
    ck_assert_int_eq(carc_game_turn(g), 5);
    ck_assert_int_eq(d.player, 2);      /* the player after player 1 */
    ck_assert_int_eq(carc_game_current_player(g), 2);
    int32_t ids[8];
    size_t n;
    ck_assert_int_eq(carc_game_legal_ids(g, ids, 8, &n), CARC_OK);
    ck_assert_uint_eq(n, 3);
    uint8_t mask[CARC_NUM_DISTINCT_ACTIONS];
    ck_assert_int_eq(carc_game_legal_mask(g, mask, sizeof mask), CARC_OK);
    ck_assert_int_eq(mask[ids[2]], 1);
    char text[32];
    carc_action a;
    ck_assert_int_eq(carc_action_from_id(g, ids[2], &a), CARC_OK);
    ck_assert_int_eq(carc_action_to_string(g, &a, text, sizeof text, NULL), CARC_OK);
    ck_assert_str_eq(text, "tithe 2");
    ck_assert_int_eq(carc_game_apply_id(g, 0), CARC_E_ILLEGAL); /* pass is not offered */
    ck_assert_int_eq(apply_text(g, "bless"), CARC_E_ILLEGAL);
    int32_t before;
    carc_game_score(g, 2, &before);
    ck_assert_int_eq(apply_text(g, "tithe 2"), CARC_OK);
    int32_t after;
    carc_game_score(g, 2, &after);
    ck_assert_int_eq(after, before + 2);
    /* the turn passes on to player 2 as usual, turn 6 */
    ck_assert_int_eq(carc_game_current_player(g), CARC_PLAYER_CHANCE);
    ck_assert_int_eq(carc_game_turn(g), 6);
    ck_assert_int_eq(carc_game_sample_chance(g, NULL), CARC_OK);
    ck_assert_int_eq(carc_game_current_player(g), 2);
    carc_game_free(g);
}
END_TEST

/* Random playouts with the probe on: every legal action applies, illegal
 * ids change nothing, figures are conserved, scores never fall, the
 * end-game hook runs once, and serialize / record round trips are exact. */
START_TEST(probe_playouts)
{
    for (int seed = 0; seed < 200; seed++) {
        int players = 2 + seed % 5;
        carc_game *g = probe_game((uint64_t)seed, players), *scratch, *before;
        carc_game_clone(&scratch, g);
        carc_game_clone(&before, g);
        uint64_t rs = (uint64_t)seed + 1;
        int32_t last[CARC_MAX_PLAYERS] = {0};
        int tithes = 0;
        while (!carc_game_is_terminal(g)) {
            if (carc_game_current_player(g) == CARC_PLAYER_CHANCE) {
                if (carc_game_sample_chance(g, NULL) != CARC_OK) ck_abort_msg("sample");
                continue;
            }
            int32_t ids[4200];
            size_t n;
            carc_game_legal_ids(g, ids, 4200, &n);
            if (n == 0) ck_abort_msg("no legal action");
            carc_decision d;
            carc_game_decision(g, &d);
            tithes += d.kind == CARC_MODULE_KIND(PROBE, 0);
            for (size_t i = 0; i < n; i++) {
                carc_game_copy(scratch, g);
                if (carc_game_apply_id(scratch, ids[i]) != CARC_OK)
                    ck_abort_msg("seed %d: legal id %d refused", seed, ids[i]);
                carc_action a;
                char text[64];
                int32_t back;
                carc_action_from_id(g, ids[i], &a);
                carc_action_to_string(g, &a, text, sizeof text, NULL);
                if (carc_action_from_string(g, text, &a) != CARC_OK ||
                    carc_action_to_id(g, &a, &back) != CARC_OK || back != ids[i])
                    ck_abort_msg("'%s' does not read back", text);
            }
            carc_game_copy(before, g);
            int32_t bad = (int32_t)(lcg(&rs) % CARC_NUM_DISTINCT_ACTIONS);
            bool legal = false;
            for (size_t i = 0; i < n; i++) legal |= ids[i] == bad;
            if (!legal && (carc_game_apply_id(g, bad) >= 0 ||
                           !carc__state_equal(g, before)))
                ck_abort_msg("illegal id %d accepted or changed the state", bad);
            if (carc_game_apply_id(g, ids[lcg(&rs) % n]) != CARC_OK) ck_abort_msg("apply");
            carc_figure figs[128];
            size_t nf;
            carc_game_figures(g, figs, 128, &nf);
            for (int p = 0; p < players; p++) {
                int count[2] = {0, 0};
                for (size_t i = 0; i < nf; i++)
                    if (figs[i].owner == p && figs[i].kind <= CARC_FIGURE_BIG) count[figs[i].kind]++;
                if (count[0] != 7 || count[1] != 1) ck_abort_msg("figures not conserved");
                int32_t s;
                carc_game_score(g, p, &s);
                if (s < last[p]) ck_abort_msg("score fell");
                last[p] = s;
            }
        }
        if (tithes == 0) ck_abort_msg("seed %d: no queued decision in a whole game", seed);
        size_t len;
        carc_game_serialize(g, NULL, 0, &len);
        uint8_t *buf = malloc(len);
        carc_game_serialize(g, buf, len, &len);
        carc_game *r;
        ck_assert_int_eq(carc_game_deserialize(&r, buf, len), CARC_OK);
        ck_assert(carc__state_equal(r, g));
        carc_game_free(r);
        free(buf);
        size_t rl;
        carc_game_write_record(g, NULL, 0, &rl);
        char *rec = malloc(rl);
        carc_game_write_record(g, rec, rl, &rl);
        carc_record_error err;
        if (carc_record_replay(&r, rec, rl - 1, &err) != CARC_OK)
            ck_abort_msg("record line %d: %s", err.line, err.message);
        ck_assert(carc__state_equal(r, g));
        ck_assert_ptr_nonnull(strstr(rec, "modules base probe"));
        carc_game_free(r);
        free(rec);
        carc_game_free(scratch);
        carc_game_free(before);
        carc_game_free(g);
    }
}
END_TEST

/* feature_scored runs while the monk still stands (+2 to the monastery's
 * owner); after_feature runs once the figures went home (counted). A
 * monastery A at (0,1), its road leaving south, ringed by 8 tiles; the 8th
 * (turn 8, player 1) completes it: 9 + 2 to player 0.  Turn 5 ends with
 * the probe's tithe for player 1. */
START_TEST(scoring_hooks_around_return)
{
    const char *rec = "carcvar-record 2\nplayers 2\nmodules base probe\n"
                      "draw A\nplace 0,1 r0\ndeploy follower monastery\n"
                      "draw U\nplace -1,0 r1\npass\n"
                      "draw U\nplace 1,0 r1\npass\n"
                      "draw E\nplace -1,1 r3\npass\n"
                      "draw E\nplace 1,1 r1\npass\ntithe 0\n"
                      "draw U\nplace 0,2 r0\npass\n"
                      "draw E\nplace -1,2 r3\npass\n"
                      "draw E\nplace 1,2 r1\npass\n";
    carc_game *g = replay(rec);
    scores_are(g, 11, 0);
    carc_score_event ev[8];
    size_t n;
    ck_assert_int_eq(carc_game_score_log(g, ev, 8, &n), CARC_OK);
    ck_assert_uint_eq(n, 2);
    ck_assert_int_eq(ev[0].reason, CARC_SCORE_COMPLETED);
    ck_assert_int_eq(ev[0].points, 9);
    ck_assert_int_eq(ev[1].reason, CARC_MODULE_KIND(PROBE, 3));
    ck_assert_int_eq(ev[1].points, 2);
    ck_assert_int_eq(ev[1].turn, 8);
    ck_assert_int_eq(carc_game_supply(g, 0, CARC_FIGURE_FOLLOWER), 7);
    const probe_state *ps = carc__mod_cstate(g, PROBE);
    ck_assert_uint_eq(ps->emptied, 1);
    carc_game_free(g);
}
END_TEST

/* city_value: a completed city with a pennant is worth 4 to the farmers
 * with the probe, 3 without.  D's city closed by M (r2: city S, E, one
 * pennant) and E (r3: city W); player 1's farmer on E's field. */
START_TEST(city_value_for_farmers)
{
    const char *moves = "draw M\nplace 0,-1 r2\npass\n"
                        "draw E\nplace 1,-1 r3\ndeploy follower field Nw\n";
    char rec[512];
    int32_t fin[2];
    snprintf(rec, sizeof rec, "carcvar-record 2\nplayers 2\nmodules base\n%s", moves);
    carc_game *g = replay(rec);
    ck_assert_int_eq(carc_game_final_scores(g, fin, 2), CARC_OK);
    ck_assert_int_eq(fin[0], 0);
    ck_assert_int_eq(fin[1], 3);
    carc_game_free(g);
    snprintf(rec, sizeof rec, "carcvar-record 2\nplayers 2\nmodules base probe\n%s", moves);
    g = replay(rec);
    ck_assert_int_eq(carc_game_final_scores(g, fin, 2), CARC_OK);
    ck_assert_int_eq(fin[0], 1);     /* the probe's end point */
    ck_assert_int_eq(fin[1], 4 + 1); /* the pennant city counts 4 */
    carc_game_free(g);
}
END_TEST

/* A module's accessor answers neutrally when the module is off. */
START_TEST(accessor_neutral_when_off)
{
    carc_options o;
    carc_options_init(&o);
    carc_game *g;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    ck_assert_int_eq(probe_tithe_turns(g), 0);
    carc_game_free(g);
    g = probe_game(1, 2);
    ck_assert_int_eq(probe_tithe_turns(g), 5);
    carc_game_free(g);
}
END_TEST

START_TEST(registry_consistent)
{
    check_registry(); /* with the probe registry */
}
END_TEST

/* A module gets the action of the legal id, not the host's fields: an
 * action of another kind whose id happens to be legal (a draw with id 0 =
 * pass at probe2's abbey offer) is refused and changes nothing. */
START_TEST(module_gets_the_action_of_the_id)
{
    carc_options o;
    carc_options_init(&o);
    o.modules |= (1ull << 12) | (1ull << 13);
    carc_game *g, *before;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    /* play first actions until probe2 offers its abbey */
    for (int guard = 0; guard < 400; guard++) {
        carc_decision d;
        carc_game_decision(g, &d);
        if (d.kind == CARC_MODULE_KIND(13, 0)) break;
        if (d.player == CARC_PLAYER_CHANCE) ck_assert_int_eq(carc_game_sample_chance(g, NULL), CARC_OK);
        else ck_assert_int_eq(apply_first(g), CARC_OK);
    }
    carc_decision d;
    carc_game_decision(g, &d);
    ck_assert_int_eq(d.kind, CARC_MODULE_KIND(13, 0));
    ck_assert_int_eq(carc_game_clone(&before, g), CARC_OK);
    carc_action draw = {.kind = CARC_ACTION_DRAW, .tile = 0};
    ck_assert_int_eq(carc_game_apply(g, &draw), CARC_E_ILLEGAL);
    carc_action tithe = {.kind = CARC_MODULE_KIND(PROBE, 1), .arg = 0}; /* another module's */
    ck_assert_int_eq(carc_game_apply(g, &tithe), CARC_E_ILLEGAL);
    ck_assert(carc__state_equal(g, before));
    carc_action pass = {.kind = CARC_ACTION_PASS, .x = 99, .arg = 7}; /* junk fields */
    ck_assert_int_eq(carc_game_apply(g, &pass), CARC_OK);
    carc_game_free(before);
    carc_game_free(g);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("modules");
    TCase *tc = tcase_create("probe");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, registry);
    tcase_add_test(tc, deferred_tiles);
    tcase_add_test(tc, big_figure_majority);
    tcase_add_test(tc, deploy_alternative_and_road_hook);
    tcase_add_test(tc, queued_decision_for_another_player);
    tcase_add_test(tc, probe_playouts);
    tcase_add_test(tc, scoring_hooks_around_return);
    tcase_add_test(tc, city_value_for_farmers);
    tcase_add_test(tc, accessor_neutral_when_off);
    tcase_add_test(tc, registry_consistent);
    tcase_add_test(tc, module_gets_the_action_of_the_id);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
