/* carc_game_explain with modules (tests/probe/): a refusal a module's veto
 * caused is explained by the module's own `explain` hook with its own
 * reason code (probe2: the abbey's cell, a volcano's field), or as
 * CARC_REASON_FORBIDDEN when the module has no hook (probe: tile B may not
 * be drawn before turn 10); an action of a module's kind that is not legal
 * now is CARC_REASON_NOT_OFFERED.  Over random games, explain's code is
 * always what apply returns. */
#include "core/state.h"

#include <check.h>

#include "run_suite.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define P2 13

static carc_game *new_game(uint64_t seed)
{
    carc_options o;
    carc_options_init(&o);
    o.seed = seed;
    o.modules |= (1ull << 12) | (1ull << 13);
    carc_game *g;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    return g;
}

static int agree(const carc_game *g, carc_game *c, const carc_action *a, carc_explanation *e)
{
    ck_assert_int_eq(carc_game_explain(g, a, e), CARC_OK);
    int rc = carc_game_apply(c, a);
    ck_assert_int_eq(e->code, rc);
    ck_assert((rc == CARC_OK) == (e->reason == CARC_REASON_LEGAL));
    if (rc == CARC_OK) carc_game_copy(c, g);
    return rc;
}

START_TEST(module_reasons)
{
    int abbey_seen = 0, volcano_seen = 0, forbidden_seen = 0, not_offered_seen = 0;
    int PA = carc_tile_by_name("PA"), B = carc_tile_by_name("B");
    ck_assert_int_ge(PA, 0);
    for (uint64_t seed = 1; seed <= 12; seed++) {
        carc_game *g = new_game(seed), *c = NULL;
        ck_assert_int_eq(carc_game_clone(&c, g), CARC_OK);
        uint64_t pick = seed;
        while (!carc_game_is_terminal(g)) {
            carc_decision d;
            carc_game_decision(g, &d);
            carc_explanation e;
            ck_assert_int_eq(carc_game_copy(c, g), CARC_OK);
            if (d.kind == CARC_DECISION_DRAW && carc_game_tiles_remaining(g, B) > 0 &&
                carc_game_turn(g) < 10) {
                carc_action a = {0};
                a.kind = CARC_ACTION_DRAW;
                a.tile = B;
                ck_assert_int_eq(agree(g, c, &a, &e), CARC_E_ILLEGAL);
                ck_assert_int_eq(e.reason, CARC_REASON_FORBIDDEN);
                forbidden_seen++;
            }
            if (d.kind == CARC_DECISION_PLACE && d.tile == PA) {
                carc_placed_tile t;
                for (int k = 0; carc_game_tile_by_order(g, k, &t) == CARC_OK; k++)
                    for (int s = 0; s < 4; s++) {
                        static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
                        carc_action a = {0};
                        a.kind = CARC_ACTION_PLACE;
                        a.x = t.x + dx[s];
                        a.y = t.y + dy[s];
                        if (agree(g, c, &a, &e) == CARC_OK) continue;
                        if (e.reason == CARC_MODULE_KIND(P2, 0)) {
                            ck_assert(strstr(e.message, "three sides") != NULL);
                            abbey_seen++;
                        } else {
                            ck_assert_int_eq(e.reason, CARC_REASON_CELL_TAKEN);
                        }
                    }
            }
            if (d.kind == CARC_DECISION_DEPLOY && d.tile >= 0)
                for (int seg = 0; seg < 8; seg++) {
                    carc_action a = {0};
                    a.kind = CARC_ACTION_DEPLOY;
                    a.segment = seg;
                    if (agree(g, c, &a, &e) == CARC_OK) continue;
                    if (e.reason == CARC_MODULE_KIND(P2, 1)) volcano_seen++;
                }
            if (d.player != CARC_PLAYER_CHANCE) {
                carc_action a = {0};
                a.kind = CARC_MODULE_KIND(P2, 1); /* cheer: only at its own decision */
                a.target = 99;
                if (agree(g, c, &a, &e) != CARC_OK) {
                    ck_assert_int_eq(e.reason, CARC_REASON_NOT_OFFERED);
                    not_offered_seen++;
                }
            }
            if (d.player == CARC_PLAYER_CHANCE) {
                ck_assert_int_eq(carc_game_sample_chance(g, NULL), CARC_OK);
                continue;
            }
            carc_action acts[1024];
            size_t n = 0;
            ck_assert_int_eq(carc_game_legal_actions(g, acts, 1024, &n), CARC_OK);
            pick = pick * 6364136223846793005ull + 1442695040888963407ull;
            ck_assert_int_eq(carc_game_apply(g, &acts[(pick >> 33) % n]), CARC_OK);
        }
        carc_game_free(c);
        carc_game_free(g);
    }
    ck_assert_int_gt(abbey_seen, 0);
    ck_assert_int_gt(volcano_seen, 0);
    ck_assert_int_gt(forbidden_seen, 0);
    ck_assert_int_gt(not_offered_seen, 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("explain-modules");
    TCase *tc = tcase_create("modules");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, module_reasons);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
