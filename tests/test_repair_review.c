/* Adversarial review of the bridge repair (issue 21; doc/rules.md "A road
 * against a field edge, repaired by a bridge"): random games with
 * bridges_castles alone and with every other module, checking at every
 * placement decision that legal ids, the legal mask, applying and
 * carc_game_explain agree on every cell next to the board in every
 * rotation, repair placements included; and at every mandatory repair
 * bridge that serialize -> deserialize, clone and record -> replay keep the
 * decision and its legal actions exactly. */
#include <carcvar/carcvar.h>
#include <check.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "module.h"
#include "core/state.h"
#include "modules/bridges_castles/bridges_castles.h"
#include "new_game.h"
#include "run_suite.h"

#define M CARC_MODULE_BRIDGES_CASTLES

static size_t ser(const carc_game *g, uint8_t **out)
{
    size_t need = 0;
    carc_game_serialize(g, NULL, 0, &need);
    *out = malloc(need);
    ck_assert_ptr_nonnull(*out);
    ck_assert_int_eq(carc_game_serialize(g, *out, need, &need), CARC_OK);
    return need;
}

static void same_game(const carc_game *a, const carc_game *b)
{
    uint8_t *x, *y;
    size_t nx = ser(a, &x), ny = ser(b, &y);
    ck_assert_uint_eq(nx, ny);
    ck_assert_int_eq(memcmp(x, y, nx), 0);
    free(x);
    free(y);
    static int32_t ia[CARC_NUM_DISTINCT_ACTIONS], ib[CARC_NUM_DISTINCT_ACTIONS];
    size_t na = 0, nb = 0;
    ck_assert_int_eq(carc_game_legal_ids(a, ia, CARC_NUM_DISTINCT_ACTIONS, &na), CARC_OK);
    ck_assert_int_eq(carc_game_legal_ids(b, ib, CARC_NUM_DISTINCT_ACTIONS, &nb), CARC_OK);
    ck_assert_uint_eq(na, nb);
    ck_assert_int_eq(memcmp(ia, ib, na * sizeof ia[0]), 0);
    carc_decision da, db;
    ck_assert_int_eq(carc_game_decision(a, &da), CARC_OK);
    ck_assert_int_eq(carc_game_decision(b, &db), CARC_OK);
    ck_assert_int_eq(da.kind, db.kind);
    ck_assert_int_eq(da.player, db.player);
}

/* Every cell next to a placed tile, every rotation: legal (by id) <=> the
 * mask <=> applying succeeds; refused placements are explained as illegal
 * and leave the game byte-identical.  Returns how many legal placements had
 * a mismatched edge (repairs). */
static int check_placements(carc_game *g, int *refused_repairish)
{
    static int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
    static uint8_t mask[CARC_NUM_DISTINCT_ACTIONS];
    size_t n = 0;
    ck_assert_int_eq(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &n), CARC_OK);
    ck_assert_int_eq(carc_game_legal_mask(g, mask, CARC_NUM_DISTINCT_ACTIONS), CARC_OK);
    size_t nmask = 0;
    for (size_t i = 0; i < CARC_NUM_DISTINCT_ACTIONS; i++) nmask += mask[i];
    ck_assert_uint_eq(nmask, n);
    for (size_t i = 0; i < n; i++) ck_assert_int_eq(mask[ids[i]], 1);
    int type = carc__tile_in_hand(g);
    ck_assert_int_ge(type, 0);
    /* the tile can be laid somewhere iff some placement is legal (the
     * set-aside test of the core) */
    ck_assert_int_eq(carc__tile_can_place(g, type), n > 0);
    uint8_t *before;
    size_t nbefore = ser(g, &before);
    int repairs = 0;
    int nt = carc_game_tile_count(g);
    carc_game *c = NULL; /* one copy, overwritten for each probe */
    ck_assert_int_eq(carc_game_clone(&c, g), CARC_OK);
    for (int o = 0; o < nt; o++) {
        carc_placed_tile pt;
        ck_assert_int_eq(carc_game_tile_by_order(g, o, &pt), CARC_OK);
        for (int d = 0; d < 4; d++) {
            static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
            int x = pt.x + dx[d], y = pt.y + dy[d];
            if (carc_game_tile_at(g, x, y, NULL) == CARC_OK) continue;
            for (int r = 0; r < 4; r++) {
                carc_action a = {0};
                a.kind = CARC_ACTION_PLACE;
                a.x = x;
                a.y = y;
                a.rotation = r;
                int32_t id;
                int legal = 0;
                if (carc_action_to_id(g, &a, &id) == CARC_OK) legal = mask[id];
                ck_assert_int_eq(carc_game_copy(c, g), CARC_OK);
                int rc = carc_game_apply(c, &a);
                ck_assert_msg((rc == CARC_OK) == legal, "place %d,%d r%d: legal %d apply %d", x,
                              y, r, legal, rc);
                carc_explanation ex;
                ck_assert_int_eq(carc_game_explain(g, &a, &ex), CARC_OK);
                if (legal) {
                    ck_assert_int_eq(ex.code, CARC_OK);
                    /* a repair placement: the mandatory bridge comes next */
                    carc_decision dec;
                    carc_game_decision(c, &dec);
                    repairs += dec.kind == CARC_MODULE_KIND(M, 0);
                } else {
                    ck_assert_int_eq(ex.code, CARC_E_ILLEGAL);
                    ck_assert_int_ne(ex.reason, CARC_REASON_LEGAL);
                    *refused_repairish += ex.reason == CARC_MODULE_KIND(M, 8);
                    /* "no bridge left" only to a player without bridges, and
                     * with one given back the placement is legal */
                    if (ex.reason == CARC_MODULE_KIND(M, 8)) {
                        int p = carc_game_current_player(g);
                        ck_assert_int_eq(carc__bcb_tokens(g, p, BCB_TOKEN_BRIDGE), 0);
                        ck_assert_int_eq(carc_game_copy(c, g), CARC_OK);
                        bcb_bridges_set(carc__mod_state(c, M), p, 1);
                        ck_assert_int_eq(carc_game_apply(c, &a), CARC_OK);
                    }
                }
            }
        }
    }
    carc_game_free(c);
    uint8_t *after;
    size_t nafter = ser(g, &after);
    ck_assert_uint_eq(nbefore, nafter);
    ck_assert_int_eq(memcmp(before, after, nafter), 0);
    free(before);
    free(after);
    return repairs;
}

/* At a mandatory repair bridge: serialize -> deserialize, clone and
 * record -> replay give the same game (bytes, decision, legal ids); no
 * "pass" is legal; every legal id applies. */
static void check_repair_decision(carc_game *g)
{
    carc_action p;
    ck_assert_int_eq(carc_action_from_string(g, "pass", &p), CARC_OK);
    carc_game *c = NULL;
    ck_assert_int_eq(carc_game_clone(&c, g), CARC_OK);
    ck_assert_int_eq(carc_game_apply(c, &p), CARC_E_ILLEGAL);
    carc_explanation ex;
    ck_assert_int_eq(carc_game_explain(g, &p, &ex), CARC_OK);
    ck_assert_int_eq(ex.reason, CARC_MODULE_KIND(M, 9));
    same_game(g, c);
    carc_game_free(c);

    uint8_t *b;
    size_t nb = ser(g, &b);
    carc_game *r = NULL;
    ck_assert_int_eq(carc_game_deserialize(&r, b, nb), CARC_OK);
    same_game(g, r);
    carc_game_free(r);
    free(b);

    size_t need = 0;
    carc_game_write_record(g, NULL, 0, &need);
    char *text = malloc(need + 1);
    ck_assert_int_eq(carc_game_write_record(g, text, need + 1, &need), CARC_OK);
    carc_record_error err;
    carc_game *rp = NULL;
    ck_assert_msg(carc_record_replay(&rp, text, strlen(text), &err) == CARC_OK, "replay");
    same_game(g, rp);
    carc_game_free(rp);
    free(text);

    static int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
    size_t n = 0;
    ck_assert_int_eq(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &n), CARC_OK);
    ck_assert_uint_gt(n, 0);
    for (size_t i = 0; i < n; i++) {
        carc_action la;
        ck_assert_int_eq(carc_action_from_id(g, ids[i], &la), CARC_OK);
        ck_assert_int_eq(carc_game_explain(g, &la, &ex), CARC_OK);
        ck_assert_int_eq(ex.code, CARC_OK); /* a legal bridge is explained as legal */
        carc_game *d = NULL;
        ck_assert_int_eq(carc_game_clone(&d, g), CARC_OK);
        ck_assert_int_eq(carc_game_apply_id(d, ids[i]), CARC_OK);
        carc_game_free(d);
    }
}

static void sweep(uint64_t mods, int games, int *repairs, int *repair_decisions, int *nobridge)
{
    static int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
    for (int s = 0; s < games; s++) {
        carc_game *g = new_game_mods(mods, 2 + s % 3, 1000 + (uint64_t)s);
        uint64_t rng = 0x9e3779b97f4a7c15ull * (uint64_t)(s + 1);
        int in_repair = 0, after_place = 0;
        for (int step = 0; step < 4000 && !carc_game_is_terminal(g); step++) {
            carc_decision d;
            ck_assert_int_eq(carc_game_decision(g, &d), CARC_OK);
            /* the draw's fits-nowhere test (carc__placeable: fit tables,
             * then repairs) agrees with carc__tile_can_place (legal rotations) */
            if (d.kind == CARC_DECISION_DRAW && s % 2 == 0)
                for (int t = 0; t < carc_tile_type_count(); t++)
                    if (carc_game_tiles_remaining(g, t) > 0)
                        ck_assert_int_eq(carc__placeable(g, t), carc__tile_can_place(g, t));
            if (d.kind == CARC_DECISION_PLACE && s % 4 == 0) {
                *repairs += check_placements(g, nobridge);
            }
            /* a bridge decision right after a placement (not after the
             * deployment's "bridge"): the mandatory repair */
            if (d.kind == CARC_DECISION_PLACE) in_repair = 0;
            if (d.kind == CARC_DECISION_DEPLOY) in_repair = 0;
            if (d.kind == CARC_MODULE_KIND(M, 0) && after_place) in_repair = 1;
            if (in_repair && (d.kind == CARC_MODULE_KIND(M, 0) || d.kind == CARC_MODULE_KIND(M, 1))) {
                (*repair_decisions)++;
                check_repair_decision(g);
            }
            after_place = d.kind == CARC_DECISION_PLACE;
            size_t n = 0;
            int rc = carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &n);
            if (rc != CARC_OK || n == 0) {
                carc_action a;
                ck_assert_int_eq(carc_game_sample_chance(g, &a), CARC_OK);
                continue;
            }
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            ck_assert_int_eq(carc_game_apply_id(g, ids[rng % n]), CARC_OK);
        }
        ck_assert(carc_game_is_terminal(g));
        carc_game_free(g);
    }
}

static void play(carc_game *g, const char *text)
{
    carc_action a;
    ck_assert_msg(carc_action_from_string(g, text, &a) == CARC_OK, "parse '%s'", text);
    ck_assert_msg(carc_game_apply(g, &a) == CARC_OK, "apply '%s'", text);
}

/* the start tile's road closed at both ends by an A (a monastery its road
 * ends at): at (1,0) turned once (road W), at (-1,0) turned three times
 * (road E); both turns passed */
static void two_a_tiles(carc_game *g)
{
    play(g, "draw A");
    play(g, "place 1,0 r1");
    play(g, "pass");
    play(g, "draw A");
    play(g, "place -1,0 r3");
    play(g, "pass");
}

/* A tile that fits only by a repair (doc/rules.md: "A tile that fits
 * nowhere except by such a repair is placeable (not discarded) while its
 * player holds a bridge").  The start tile D (city N, road W-E) with its
 * road closed by A turned once (road W) at (1,0) and A turned three times
 * (road E) at (-1,0): every open edge is a field or D's city.  The
 * crossroads X (roads on all four sides) then fits only with a road against
 * an A's field, repaired by a bridge on that A (N-S): at (1,-1), (1,1),
 * (-1,-1), (-1,1).  Not at (0,1) (a bridge on D would cross its city), nor
 * (2,0) / (-2,0) (the A's road end is there).  Player 0 with a bridge: X is
 * placed there; without: it fits nowhere, is set aside (listed by
 * carc_game_set_aside) and a new draw is due. */
START_TEST(fits_only_by_repair)
{
    carc_game *g = new_game_mods(1ull << M, 2, 1);
    two_a_tiles(g);
    carc_game *h = NULL;
    ck_assert_int_eq(carc_game_clone(&h, g), CARC_OK);
    int x_type = carc_tile_by_name("X");
    ck_assert_int_ge(x_type, 0);

    play(g, "draw X");
    carc_decision d;
    ck_assert_int_eq(carc_game_decision(g, &d), CARC_OK);
    ck_assert_int_eq(d.kind, CARC_DECISION_PLACE);
    ck_assert_int_eq(d.player, 0);
    carc_action acts[64];
    size_t n = 0;
    ck_assert_int_eq(carc_game_legal_actions(g, acts, 64, &n), CARC_OK);
    ck_assert_uint_gt(n, 0);
    unsigned cells = 0; /* bit per expected cell */
    for (size_t i = 0; i < n; i++) {
        int x = acts[i].x, y = acts[i].y;
        ck_assert_msg((x == 1 || x == -1) && (y == 1 || y == -1), "X at %d,%d", x, y);
        cells |= 1u << ((x > 0) * 2 + (y > 0));
        carc_game *c = NULL;
        ck_assert_int_eq(carc_game_clone(&c, g), CARC_OK);
        ck_assert_int_eq(carc_game_apply(c, &acts[i]), CARC_OK);
        carc_decision cd;
        carc_game_decision(c, &cd);
        ck_assert_int_eq(cd.kind, CARC_MODULE_KIND(M, 0)); /* the mandatory bridge */
        char t[32];
        size_t need = 0;
        carc_action b;
        size_t nb = 0;
        ck_assert_int_eq(carc_game_legal_actions(c, &b, 1, &nb), CARC_OK);
        ck_assert_uint_eq(nb, 1); /* only the A it meets */
        ck_assert_int_eq(carc_action_to_string(c, &b, t, sizeof t, &need), CARC_OK);
        char want[32];
        snprintf(want, sizeof want, "bridge %d,0", x);
        ck_assert_str_eq(t, want);
        carc_game_free(c);
    }
    ck_assert_uint_eq(cells, 15u);
    int32_t aside[8];
    size_t na = 99;
    ck_assert_int_eq(carc_game_set_aside(g, aside, 8, &na), CARC_OK);
    ck_assert_uint_eq(na, 0);

    /* no bridge left: X fits nowhere */
    bcb_state *hs = carc__mod_state(h, M);
    bcb_bridges_set(hs, 0, 0);
    ck_assert(!carc__tile_can_place(h, x_type));
    carc_action a;
    ck_assert_int_eq(carc_action_from_string(h, "draw X", &a), CARC_OK);
    ck_assert_int_eq(carc_game_apply(h, &a), CARC_OK);
    /* (carc_game_set_aside replays the history, which does not hold the
     * bridges taken away above: it cannot list X here; the tile census of
     * tests/test_held.c covers it in real games) */
    ck_assert_int_eq(carc__tile_in_hand(h), -1);
    ck_assert_int_eq(carc_game_tiles_remaining(h, x_type), 0);
    ck_assert_int_eq(carc_game_decision(h, &d), CARC_OK);
    ck_assert_int_eq(d.kind, CARC_DECISION_DRAW);
    /* ... whereas with a bridge it stays placeable */
    bcb_bridges_set(hs, 0, 1);
    ck_assert(carc__tile_can_place(h, x_type));
    carc_game_free(h);
    carc_game_free(g);
}
END_TEST

/* The bazaar's end phase asks whether a held tile can be placed by its
 * holder before the turn is theirs (can_place_for): with X held by player
 * 1, who holds a bridge, while player 0 (to move) holds none, X fits (by a
 * repair, as above) and player 1's turn starts with it; the other way
 * round X is set aside.  The core reads the quick question from the
 * module's may_repair byte of the player to move (repair_work): it must
 * say the holder's answer while the module asks about the holder. */
START_TEST(end_phase_asks_the_holder)
{
    carc_game *g = new_game_mods(1ull << M, 2, 1);
    two_a_tiles(g);
    const int x_type = carc_tile_by_name("X");
    const carc_module_def *md = carc__modules[M];
    int end_hook = -1; /* bazaar_end: the module's END_PHASE hook */
    for (int i = 0; i < md->nsteps; i++)
        if (md->steps[i].step == CARC_STEP_END_PHASE) end_hook = i;
    ck_assert_int_ge(end_hook, 0);
    for (int holder_has = 0; holder_has < 2; holder_has++) {
        carc_game *h = NULL;
        ck_assert_int_eq(carc_game_clone(&h, g), CARC_OK);
        ck_assert_int_eq(h->player, 0);
        /* the end phase, X held by player 1 (the draw decision dropped) */
        h->npending = 0;
        h->step = CARC_STEP_END_PHASE;
        h->step_pos = 0;
        bcb_state *hs = carc__mod_state(h, M);
        hs->baz_phase = 5; /* BAZ_HELD */
        hs->held[1] = (int16_t)x_type;
        bcb_bridges_set(hs, 0, !holder_has);
        bcb_bridges_set(hs, 1, holder_has);
        int r = md->steps[end_hook].fn(h);
        ck_assert_int_eq(hs->may_repair[0], !holder_has);
        if (holder_has) {
            ck_assert_int_eq(r, CARC_HOOK_JUMP);
            ck_assert_int_eq(h->player, 1);
            ck_assert_int_eq(carc__tile_in_hand(h), x_type);
        } else {
            ck_assert_int_eq(r, CARC_HOOK_NEXT);
            ck_assert_int_eq(carc__tile_in_hand(h), -1);
            ck_assert_int_eq(h->discarded, 1);
        }
        carc_game_free(h);
    }
    carc_game_free(g);
}
END_TEST

/* doc/rules.md: reason 136 `no bridge` only when a bridge could continue
 * the road and the player has none left; a mismatch no bridge could repair
 * is the core's `edge mismatch` (5) whatever the player holds.  U (road
 * N-S) at (1,2) meets the south field of B at (1,1), which bears a bridge
 * already (one per tile): no bridge can repair it, with or without tokens;
 * with player 0 holding no bridge the answer must stay 5 (it was 136).
 * U (road N-S) at (2,1): its west field meets the bridge's road on B, a
 * bridge on U (W-E) would repair it: 136 without a bridge, legal with one. */
START_TEST(explain_unrepairable_without_bridges)
{
    carc_game *g = new_game_mods(1ull << M, 2, 1);
    play(g, "draw U");
    play(g, "place 0,1 r1");
    play(g, "pass");
    play(g, "draw B");
    play(g, "place 1,1 r0");
    play(g, "bridge 1,1");
    play(g, "bridge ew");
    play(g, "pass");
    play(g, "draw U");
    carc_action a;
    carc_explanation ex;
    ck_assert_int_eq(carc_action_from_string(g, "place 1,2 r0", &a), CARC_OK);
    ck_assert_int_eq(carc_game_explain(g, &a, &ex), CARC_OK);
    ck_assert_int_eq(ex.reason, CARC_REASON_EDGE_MISMATCH);
    bcb_state *s = carc__mod_state(g, M);
    ck_assert_int_eq(carc_game_current_player(g), 0);
    bcb_bridges_set(s, 0, 0);
    ck_assert_int_eq(carc_game_explain(g, &a, &ex), CARC_OK);
    ck_assert_int_eq(ex.code, CARC_E_ILLEGAL);
    ck_assert_int_eq(ex.reason, CARC_REASON_EDGE_MISMATCH);
    ck_assert_int_eq(ex.side, 0);
    /* a repairable one without bridges: 136 */
    ck_assert_int_eq(carc_action_from_string(g, "place 2,1 r0", &a), CARC_OK);
    ck_assert_int_eq(carc_game_explain(g, &a, &ex), CARC_OK);
    ck_assert_int_eq(ex.code, CARC_E_ILLEGAL);
    ck_assert_int_eq(ex.reason, CARC_MODULE_KIND(M, 8));
    ck_assert_int_eq(ex.side, 3);
    bcb_bridges_set(s, 0, 1); /* with one: legal */
    ck_assert_int_eq(carc_game_explain(g, &a, &ex), CARC_OK);
    ck_assert_int_eq(ex.code, CARC_OK);
    carc_game_free(g);
}
END_TEST

START_TEST(repairs_agree_alone)
{
    int repairs = 0, decisions = 0, nobridge = 0;
    sweep(1ull << M, 16, &repairs, &decisions, &nobridge);
    printf("repair review, bridges_castles: %d repair placements probed, %d mandatory bridges, "
           "%d refused for no bridge\n",
           repairs, decisions, nobridge);
    ck_assert_int_gt(repairs, 10);
    ck_assert_int_gt(decisions, 10);
}
END_TEST

START_TEST(repairs_agree_all_modules)
{
    uint64_t mods = 0;
    for (int m = 1; m < CARC_MODULE_SLOTS; m++)
        if (carc_module_available(m)) mods |= 1ull << m;
    int repairs = 0, decisions = 0, nobridge = 0;
#ifdef REVIEW_SANITIZED
    const int games = 4; /* every module of the build: 8.6 M instructions a game */
#else
    const int games = 12;
#endif
    sweep(mods, games, &repairs, &decisions, &nobridge);
    printf("repair review, every module: %d repair placements probed, %d mandatory bridges, "
           "%d refused for no bridge\n",
           repairs, decisions, nobridge);
    ck_assert_int_gt(repairs, 5);
    ck_assert_int_gt(decisions, 5);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("repair_review");
    TCase *tc = tcase_create("agree");
    tcase_set_timeout(tc, 240);
    tcase_add_test(tc, fits_only_by_repair);
    tcase_add_test(tc, end_phase_asks_the_holder);
    tcase_add_test(tc, explain_unrepairable_without_bridges);
    tcase_add_test(tc, repairs_agree_alone);
    tcase_add_test(tc, repairs_agree_all_modules);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
