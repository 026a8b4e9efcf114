/* Bridges, Castles & Bazaars (module bridges_castles): its tiles against an
 * independent table in all rotations, its tokens, the castle base rule, and
 * random games that reach every mechanism with the module's own invariants.
 * The rules with exact points are scenario records
 * (tests/scenarios/bcb_*.rec). */
#include <carcvar/carcvar.h>
#include <check.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/state.h"
#include "modules/bridges_castles/bridges_castles.h"
#include "new_game.h"
#include "run_suite.h"
#include "tiles_gen.h"

/* ../shared/rules/expansions.md §7 (edges N E S W, counts, bazaars, inns)
 * and the segment lists of JCZ's bridges_castles_and_bazaars.xml. */
static const struct {
    const char *name;
    int count;
    const char *edges;
    int cities, roads, monasteries, fields;
    int bazaar, inn;
} table[] = {
    {"BB_Cccc_b", 2, "CCCC", 1, 0, 0, 0, 1, 0},
    {"BB_CCCR", 1, "CCRC", 3, 1, 0, 2, 0, 0},
    {"BB_CFc_b", 1, "FCFC", 1, 0, 0, 2, 1, 0},
    {"BB_CFRx", 1, "FRFC", 1, 1, 0, 3, 0, 0},
    {"BB_CFR_b", 1, "CFRF", 1, 1, 0, 1, 1, 0},
    {"BB_F_b", 1, "FFFF", 0, 0, 0, 1, 1, 0},
    {"BB_LCFc", 1, "FCFC", 1, 0, 1, 2, 0, 0},
    {"BB_LRFr", 1, "FRFR", 0, 1, 1, 2, 0, 0},
    {"BB_R_bi", 1, "FFRF", 0, 1, 0, 1, 1, 1},
    {"BB_RFR_b", 1, "RFRF", 0, 2, 0, 2, 1, 0},
    {"BB_RFR_bi", 1, "RFRF", 0, 2, 0, 2, 1, 1},
};
#define NTYPES (int)(sizeof table / sizeof table[0])

static void rotate(const char *own, int r, char out[5])
{
    /* rotation r turns the tile r quarter turns clockwise: board side
     * (i + r) % 4 shows the tile's own edge i */
    for (int i = 0; i < 4; i++) out[(i + r) % 4] = own[i];
    out[4] = 0;
}

START_TEST(tiles_all_rotations)
{
    int total = 0, bazaars = 0, inns = 0;
    for (int i = 0; i < NTYPES; i++) {
        int t = carc_tile_by_name(table[i].name);
        ck_assert_msg(t >= 0, "%s missing", table[i].name);
        const tile_type *ty = &carc__types[t];
        ck_assert_str_eq(ty->module, "bridges_castles");
        for (int r = 0; r < 4; r++) {
            carc_tile_info ti;
            ck_assert_int_eq(carc_tile_info_get(t, r, &ti), CARC_OK);
            char want[5];
            rotate(table[i].edges, r, want);
            ck_assert_msg(strcmp(ti.edges, want) == 0, "%s r%d: '%s', expected '%s'",
                          table[i].name, r, ti.edges, want);
            ck_assert_int_eq(ti.count, table[i].count);
            ck_assert_int_eq(ti.module, CARC_MODULE_BRIDGES_CASTLES);
            int n[4] = {0, 0, 0, 0};
            for (int s = 0; s < ti.num_segments; s++) {
                carc_segment_info si, s0;
                ck_assert_int_eq(carc_segment_info_get(t, r, s, &si), CARC_OK);
                ck_assert_int_eq(carc_segment_info_get(t, 0, s, &s0), CARC_OK);
                ck_assert_int_lt(si.kind, 4);
                n[si.kind]++;
                /* each segment turns with the tile */
                ck_assert_uint_eq(si.edges, ((s0.edges << r) | (s0.edges >> (4 - r))) & 0xF);
                /* a city or road segment covers only edges of its kind */
                for (int e = 0; e < 4; e++)
                    if (si.edges & (1u << e))
                        ck_assert_int_eq(ti.edges[e], si.kind == CARC_FEATURE_CITY ? 'C' : 'R');
            }
            ck_assert_int_eq(n[CARC_FEATURE_CITY], table[i].cities);
            ck_assert_int_eq(n[CARC_FEATURE_ROAD], table[i].roads);
            ck_assert_int_eq(n[CARC_FEATURE_MONASTERY], table[i].monasteries);
            ck_assert_int_eq(n[CARC_FEATURE_FIELD], table[i].fields);
        }
        ck_assert_int_eq((ty->tags & CARC_TTAG_BAZAAR) != 0, table[i].bazaar);
        int inn = 0;
        for (int s = 0; s < ty->nseg; s++)
            if (ty->seg[s].tags & CARC_STAG_INN) {
                ck_assert_int_eq(ty->seg[s].kind, CARC_FEATURE_ROAD);
                inn++;
            }
        ck_assert_int_eq(inn, table[i].inn);
        total += table[i].count;
        bazaars += table[i].bazaar * table[i].count;
        inns += inn * table[i].count;
    }
    ck_assert_int_eq(total, 12);
    ck_assert_int_eq(bazaars, 8);
    ck_assert_int_eq(inns, 2);
    /* every type of the set is in the table */
    int in_set = 0;
    for (int t = 0; t < carc__ntypes; t++) in_set += !strcmp(carc__types[t].module, "bridges_castles");
    ck_assert_int_eq(in_set, NTYPES);
}
END_TEST

static carc_game *new_game(int players, uint64_t seed)
{
    return new_game_mods(1ull << CARC_MODULE_BRIDGES_CASTLES, players, seed);
}

START_TEST(tokens_by_players)
{
    for (int n = 2; n <= 6; n++) {
        carc_game *g = new_game(n, 1);
        for (int p = 0; p < n; p++) {
            ck_assert_int_eq(carc__bcb_tokens(g, p, BCB_TOKEN_BRIDGE), n < 5 ? 3 : 2);
            ck_assert_int_eq(carc__bcb_tokens(g, p, BCB_TOKEN_CASTLE), n < 5 ? 3 : 2);
        }
        ck_assert_int_eq(carc__bcb_tokens(g, n, BCB_TOKEN_BRIDGE), 0);
        ck_assert_int_eq(carc__bcb_tokens(g, -1, BCB_TOKEN_CASTLE), 0);
        ck_assert_int_eq(carc__bcb_tokens(g, 0, 2), 0); /* a goods kind: not ours */
        ck_assert_int_eq(carc__bcb_tokens(g, 0, 6), 0);
        carc_game_free(g);
    }
    ck_assert_int_eq(carc__bcb_tokens(NULL, 0, BCB_TOKEN_BRIDGE), 0);
    carc_options o;
    carc_options_init(&o);
    carc_game *g = NULL;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    ck_assert_int_eq(carc__bcb_tokens(g, 0, BCB_TOKEN_BRIDGE), 0); /* module off */
    carc_game_free(g);
}
END_TEST

static void play(carc_game *g, const char *text)
{
    carc_action a;
    ck_assert_msg(carc_action_from_string(g, text, &a) == CARC_OK, "parse '%s'", text);
    ck_assert_msg(carc_game_apply(g, &a) == CARC_OK, "apply '%s'", text);
}

static int score(const carc_game *g, int p)
{
    int32_t s = 0;
    carc_game_score(g, p, &s);
    return (int)s;
}

/* A small city is a castle base only when both one-edge segments may be:
 * BB_CFRx's city (castle-base="false" in JCZ) never is, E's always. */
START_TEST(castle_base_only_semicircles)
{
    carc_game *g = new_game(2, 1);
    play(g, "draw BB_CFRx");
    play(g, "place 0,-1 r3"); /* city S against the start tile's city */
    play(g, "deploy follower city S");
    carc_decision d;
    carc_game_decision(g, &d);
    ck_assert_int_eq(d.kind, CARC_DECISION_DRAW); /* no castle question */
    ck_assert_int_eq(score(g, 0), 4);
    carc_game_free(g);

    g = new_game(2, 1);
    play(g, "draw E");
    play(g, "place 0,-1 r2");
    play(g, "deploy follower city S");
    carc_game_decision(g, &d);
    ck_assert_int_eq(d.player, 0);
    ck_assert_int_ne(d.kind, CARC_DECISION_DRAW);
    int32_t ids[4];
    size_t n = 0;
    ck_assert_int_eq(carc_game_legal_ids(g, ids, 4, &n), CARC_OK);
    ck_assert_int_eq((int)n, 2); /* pass (score it) or castle */
    play(g, "castle");
    ck_assert_int_eq(score(g, 0), 0);
    ck_assert_int_eq(carc__bcb_tokens(g, 0, BCB_TOKEN_CASTLE), 2);
    /* the castle knight: no other module's rule may move it (dragon, tower) */
    const bcb_state *s = carc__mod_cstate(g, CARC_MODULE_BRIDGES_CASTLES);
    ck_assert_int_eq(s->ncastles, 1);
    int knight = s->castle[0].fig;
    ck_assert_int_ge(knight, 0);
    ck_assert(!carc__figure_may_move(g, knight, CARC_PLACE_REMOVED, -1, 0,
                              CARC_MODULE_KIND(CARC_MODULE_PRINCESS_DRAGON, 0)));
    ck_assert(!carc__figure_may_move(g, knight, CARC_PLACE_HELD, -1, 0,
                              CARC_MODULE_KIND(CARC_MODULE_TOWER, 1)));
    ck_assert(carc__figure_may_move(g, knight, CARC_PLACE_SUPPLY, -1, 0,
                             CARC_MODULE_KIND(CARC_MODULE_BRIDGES_CASTLES, 0)));
    int ct[2] = {-1, -1};
    ck_assert_int_eq(carc__bcb_castle_of(g, knight, ct), 1);
    ck_assert_int_eq(ct[0] + ct[1], 0 + 1); /* the start tile (0) and the E (1) */
    ck_assert_int_eq(carc__bcb_castle_of(g, knight + 1, ct), 0);
    ck_assert_int_eq(carc__bcb_castle_of(NULL, knight, ct), 0);
    carc_game_free(g);
}
END_TEST

/* A bridge may go on an orthogonal neighbour of the tile just laid; one
 * bridge per tile laid; the deployment follows it. */
START_TEST(bridge_on_neighbour)
{
    carc_game *g = new_game(2, 1);
    play(g, "draw B");
    play(g, "place 0,1 r0");
    play(g, "pass");
    play(g, "draw B");
    play(g, "place 0,2 r0");
    play(g, "pass");
    play(g, "draw B");
    play(g, "place 0,3 r0");
    play(g, "bridge");
    play(g, "bridge 0,2"); /* the neighbour north of the tile just laid */
    carc_action a;
    ck_assert_int_eq(carc_action_from_string(g, "bridge ns", &a), CARC_OK);
    ck_assert_int_eq(carc_game_apply(g, &a), CARC_E_ILLEGAL); /* its ends face B fields */
    play(g, "bridge ew");
    ck_assert_int_eq(carc__bcb_tokens(g, 0, BCB_TOKEN_BRIDGE), 2);
    /* the board view draws the bridge's two sides as '=' (they were fields
     * '.'), with its legend item; before the bridge there was none */
    static char view[8192];
    size_t need = 0;
    ck_assert_int_eq(carc_game_board_view(g, NULL, view, sizeof view, &need), CARC_OK);
    ck_assert_ptr_nonnull(strstr(view, "= a road laid over a field"));
    /* cells 13 wide with this module (its longest tile name, BB_Cccc_b, + 4) */
    ck_assert_ptr_nonnull(strstr(view, "=     B     ="));
    /* the public query: sides E|W, the segment after B's own, a road */
    int sides = -1, seg = -2;
    carc_tile_info ti;
    ck_assert_int_eq(carc_tile_info_get(carc_tile_by_name("B"), 0, &ti), CARC_OK);
    ck_assert_int_eq(carc_game_tile_overlay(g, 0, 2, &sides, &seg), CARC_OK);
    ck_assert_int_eq(sides, 2 | 8);
    ck_assert_int_eq(seg, ti.num_segments);
    carc_feature_info fi;
    ck_assert_int_eq(carc_game_feature(g, 0, 2, seg, &fi), CARC_OK);
    ck_assert_int_eq(fi.kind, CARC_FEATURE_ROAD);
    ck_assert_int_eq(carc_game_tile_overlay(g, 0, 1, &sides, &seg), CARC_OK); /* none */
    ck_assert_int_eq(sides, 0);
    ck_assert_int_eq(seg, -1);
    ck_assert_int_eq(carc_game_tile_overlay(g, 0, 1, NULL, NULL), CARC_OK);
    ck_assert_int_eq(carc_game_tile_overlay(g, 5, 5, &sides, &seg), CARC_E_NOTFOUND);
    ck_assert_int_eq(carc_game_tile_overlay(g, 1 << 20, 0, &sides, &seg), CARC_E_NOTFOUND);
    ck_assert_int_eq(carc_game_tile_overlay(NULL, 0, 2, &sides, &seg), CARC_E_INVALID);
    /* the deployment of the tile just laid follows, without a second bridge */
    carc_decision d;
    carc_game_decision(g, &d);
    ck_assert_int_eq(d.kind, CARC_DECISION_DEPLOY);
    ck_assert_int_eq(d.x, 0);
    ck_assert_int_eq(d.y, 3);
    ck_assert_int_eq(carc_action_from_string(g, "bridge", &a), CARC_OK);
    ck_assert_int_eq(carc_game_apply(g, &a), CARC_E_ILLEGAL);
    play(g, "deploy follower monastery");
    /* the bridge on (0,2) runs W-E: the cells beside it demand a road (a
     * city there never fits; a field only with a bridge: repair_*) */
    play(g, "draw E");
    ck_assert_int_eq(carc_action_from_string(g, "place -1,2 r1", &a), CARC_OK); /* city E */
    ck_assert_int_eq(carc_game_apply(g, &a), CARC_E_ILLEGAL);
    ck_assert_int_eq(carc_action_from_string(g, "place 1,2 r3", &a), CARC_OK); /* city W */
    ck_assert_int_eq(carc_game_apply(g, &a), CARC_E_ILLEGAL);
    play(g, "place -1,1 r3"); /* city W, fields elsewhere: fine */
    /* player 1 still holds 3 bridges; player 0 may bridge again on a later tile */
    ck_assert_int_eq(carc__bcb_tokens(g, 1, BCB_TOKEN_BRIDGE), 3);
    carc_game_free(g);
}
END_TEST

/* A road a bridge closes scores in the turn it is laid; a road over a tile
 * laid before scores when a later tile closes it (carc__collect_completed
 * reads the tiles around the one laid only when a bridge came since it).
 * A (monastery, road S) at r1 has its road W, at r3 E. */
START_TEST(bridge_closes_road_scores)
{
    /* 1: B at (0,1) between two road ends: the repair bridge on B closes
     * A (-1,1) - B - A (1,1), player 1's follower on it: 3 points */
    carc_game *g = new_game(2, 1);
    play(g, "draw U");
    play(g, "place 1,0 r1"); /* the start tile's road on, W-E */
    play(g, "pass");
    play(g, "draw U");
    play(g, "place -1,0 r1");
    play(g, "pass");
    play(g, "draw A");
    play(g, "place 1,1 r1");
    play(g, "pass");
    play(g, "draw A");
    play(g, "place -1,1 r3");
    play(g, "deploy follower road E");
    ck_assert_int_eq(score(g, 1), 0);
    play(g, "draw B");
    play(g, "place 0,1 r0");
    play(g, "bridge 0,1");
    play(g, "bridge ew");
    ck_assert_int_eq(carc__bcb_tokens(g, 0, BCB_TOKEN_BRIDGE), 2);
    play(g, "pass");
    ck_assert_int_eq(score(g, 1), 3);
    carc_game_free(g);

    /* 2: the bridge on B (0,1) laid with A (1,1), player 1's follower on its
     * road; a turn later A at (-1,1) closes it through its own road */
    g = new_game(2, 1);
    play(g, "draw B");
    play(g, "place 0,1 r0");
    play(g, "pass");
    play(g, "draw A");
    play(g, "place 1,1 r1"); /* its road W against B's field: a repair */
    play(g, "bridge 0,1");
    play(g, "bridge ew");
    play(g, "deploy follower road W");
    ck_assert_int_eq(score(g, 1), 0);
    play(g, "draw A");
    play(g, "place -1,1 r3");
    play(g, "pass");
    ck_assert_int_eq(score(g, 1), 3);
    carc_game_free(g);
}
END_TEST

/* g's pending Bridges decision carries arg `want` and a copy with another
 * arg is refused by the snapshot check */
static bool forged_sides_refused(const carc_game *g, int want)
{
    int i = g->npending - 1;
    while (i >= 0 && g->pend[i].owner != CARC_MODULE_BRIDGES_CASTLES) i--;
    if (i < 0 || g->pend[i].arg != want || !carc__state_check(g)) return false;
    carc_game *h;
    ck_assert_int_eq(carc_game_clone(&h, g), CARC_OK);
    h->pend[i].arg = want < 0 ? want - 1 : want ^ 2;
    bool refused = !carc__state_check(h);
    carc_game_free(h);
    return refused;
}

/* carc__tile_fitted (lib/module.h): the repair's follow-up reads it before
 * the board.  A tile laid with a road against a field (a repair) did not
 * fit its cell, one laid edge to edge did; a snapshot whose filled cell
 * demands what the repaired tile shows (so that it seems to fit) is refused
 * by the core's check (lib/core/check.c). */
START_TEST(repair_fitted_checked)
{
    carc_game *g = new_game(2, 1);
    play(g, "draw B");
    play(g, "place 0,1 r0");
    ck_assert(carc__tile_fitted(g, carc__tile_last(g)));
    ck_assert(!carc__tile_fitted(g, 0)); /* the start tile: no cell */
    ck_assert(!carc__tile_fitted(g, -1) && !carc__tile_fitted(g, 99));
    play(g, "pass");
    play(g, "draw A");
    play(g, "place 1,1 r1"); /* its road W against B's field: a repair */
    const int t = carc__tile_last(g);
    ck_assert(!carc__tile_fitted(g, t));
    ck_assert(carc__state_check(g));
    carc_game *h;
    ck_assert_int_eq(carc_game_clone(&h, g), CARC_OK);
    const ptile *pt = &CTILES(h)[t];
    FRONT(h)[pt->front].req = (uint8_t)carc__types[pt->type].code[pt->rot];
    ck_assert(carc__tile_fitted(h, t));
    ck_assert(!carc__state_check(h));
    carc_game_free(h);
    /* the bridge due carries the mismatched sides (W: 8), then its way
     * their negation: another value is refused */
    ck_assert(forged_sides_refused(g, 8));
    /* the bridge's tile is offered without asking the board: a copy
     * where it could not take the bridge (no room left for its road) is
     * refused */
    ck_assert_int_eq(carc_game_clone(&h, g), CARC_OK);
    h->L.cap_segs = h->nsegs;
    ck_assert(!carc__state_check(h));
    carc_game_free(h);
    play(g, "bridge 0,1"); /* the bridge is due */
    ck_assert(forged_sides_refused(g, -8));
    {
        /* its way is offered without asking the board: a copy whose
         * bridge would go on a tile that cannot take it (the start tile,
         * or the tile laid: a road E-W) is refused */
        ck_assert_int_eq(g->pend[0].kind, CARC_MODULE_KIND(CARC_MODULE_BRIDGES_CASTLES, 1));
        ck_assert_int_eq(g->pend[0].target, 1);
        const int other[2] = {0, t};
        for (int k = 0; k < 2; k++) {
            ck_assert_int_eq(carc_game_clone(&h, g), CARC_OK);
            h->pend[0].target = other[k];
            ck_assert(!carc__state_check(h));
            carc_game_free(h);
        }
    }
    play(g, "bridge ew");
    ck_assert(carc__state_check(g));
    carc_game_free(g);
}
END_TEST

/* Is action a among the legal actions (by id)? */
static int is_legal(const carc_game *g, const carc_action *a)
{
    int32_t id, ids[CARC_NUM_DISTINCT_ACTIONS];
    size_t n = 0;
    if (carc_action_to_id(g, a, &id) != CARC_OK) return 0;
    ck_assert_int_eq(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &n), CARC_OK);
    for (size_t i = 0; i < n; i++)
        if (ids[i] == id) return 1;
    return 0;
}


static size_t legal_texts(carc_game *g, char texts[][32], size_t cap)
{
    carc_action acts[64];
    size_t n = 0;
    ck_assert_int_eq(carc_game_legal_actions(g, acts, 64, &n), CARC_OK);
    for (size_t i = 0; i < n && i < cap; i++) {
        size_t need = 0;
        ck_assert_int_eq(carc_action_to_string(g, &acts[i], texts[i], 32, &need), CARC_OK);
    }
    return n;
}

/* A road laid against a neighbour's field edge (WCP C2, papageek Bridges):
 * legal only with a bridge that continues it, laid at once and offered
 * alone (no pass): here the only repair is a W-E bridge on the neighbour B;
 * then the deployment comes, without a second bridge.  The road is whole:
 * U (-1,1) - bridge on B (0,1), two tiles, its east end open at (1,1). */
START_TEST(repair_on_neighbour_mandatory)
{
    carc_game *g = new_game(2, 1);
    play(g, "draw B");
    play(g, "place 0,1 r0");
    play(g, "pass");
    play(g, "draw U");
    carc_action a;
    /* offered among the placements (and the cell shows it as legal) */
    ck_assert_int_eq(carc_action_from_string(g, "place -1,1 r1", &a), CARC_OK);
    ck_assert_int_eq(is_legal(g, &a), 1);
    /* a road against the start tile's city: never */
    ck_assert_int_eq(carc_action_from_string(g, "place 0,-1 r0", &a), CARC_OK);
    ck_assert_int_eq(is_legal(g, &a), 0);
    play(g, "place -1,1 r1");
    carc_decision d;
    carc_game_decision(g, &d);
    ck_assert_int_eq(d.player, 1);
    carc_explanation ex;
    ck_assert_int_eq(carc_action_from_string(g, "pass", &a), CARC_OK);
    ck_assert_int_eq(carc_game_apply(g, &a), CARC_E_ILLEGAL); /* the bridge is mandatory */
    ck_assert_int_eq(carc_game_explain(g, &a, &ex), CARC_OK);
    ck_assert_int_eq(ex.reason, CARC_MODULE_KIND(CARC_MODULE_BRIDGES_CASTLES, 9));
    /* a bridge on the new tile repairs nothing (its east edge is a road) */
    ck_assert_int_eq(carc_action_from_string(g, "bridge -1,1", &a), CARC_OK);
    ck_assert_int_eq(carc_game_apply(g, &a), CARC_E_ILLEGAL);
    ck_assert_int_eq(carc_game_explain(g, &a, &ex), CARC_OK);
    ck_assert_int_eq(ex.reason, CARC_MODULE_KIND(CARC_MODULE_BRIDGES_CASTLES, 9));
    ck_assert_int_eq(d.kind, CARC_MODULE_KIND(CARC_MODULE_BRIDGES_CASTLES, 0));
    char t[8][32];
    ck_assert_int_eq((int)legal_texts(g, t, 8), 1); /* no pass, only the repairing tile */
    ck_assert_str_eq(t[0], "bridge 0,1");
    play(g, "bridge 0,1");
    ck_assert_int_eq((int)legal_texts(g, t, 8), 1); /* only the way that repairs */
    ck_assert_str_eq(t[0], "bridge ew");
    play(g, "bridge ew");
    ck_assert_int_eq(carc__bcb_tokens(g, 1, BCB_TOKEN_BRIDGE), 2);
    carc_game_decision(g, &d);
    ck_assert_int_eq(d.kind, CARC_DECISION_DEPLOY);
    ck_assert_int_eq(d.x, -1);
    ck_assert_int_eq(d.y, 1);
    ck_assert_int_eq(carc_action_from_string(g, "bridge", &a), CARC_OK);
    ck_assert_int_eq(is_legal(g, &a), 0); /* no second bridge */
    int road = carc__segment_root(g, 2, 0); /* U: placed tile 2, its road segment 0 */
    ck_assert_int_eq(carc__segment_root(g, 1, 2), road); /* the bridge: B's segment 2 */
    feat_eval e;
    carc__root_eval(g, road, 0, &e);
    ck_assert_int_eq(e.tiles, 2);
    ck_assert_int_eq(e.open, 2);
    /* the fields on both sides of U's road run on into B's field, under the
     * bridge: one field */
    ck_assert_int_eq(carc__segment_root(g, 2, 1), carc__segment_root(g, 1, 1));
    ck_assert_int_eq(carc__segment_root(g, 2, 2), carc__segment_root(g, 1, 1));
    ck_assert_int_eq(carc__root_kind(g, carc__segment_root(g, 1, 1)), CARC_FEATURE_FIELD);
    play(g, "pass");
    carc_game_free(g);
}
END_TEST

/* The same mismatch the other way round (a field of the new tile against a
 * road) is repaired by a bridge on the new tile; with no bridge left, and
 * when no bridge could continue the road, it is refused, and
 * carc_game_explain says why. */
START_TEST(repair_refused_and_explained)
{
    carc_game *g = new_game(2, 1);
    play(g, "draw U");
    play(g, "place 0,1 r1"); /* road W-E south of the start tile */
    play(g, "pass");
    play(g, "draw B");
    carc_action a;
    carc_explanation ex;
    /* B at (1,1): its west field against U's road: a bridge on B, W-E */
    ck_assert_int_eq(carc_action_from_string(g, "place 1,1 r0", &a), CARC_OK);
    ck_assert_int_eq(is_legal(g, &a), 1);
    /* B at (0,2): its north field against U's south field: plain */
    ck_assert_int_eq(carc_action_from_string(g, "place 0,2 r0", &a), CARC_OK);
    ck_assert_int_eq(is_legal(g, &a), 1);
    /* player 1 without bridges: refused, and why */
    carc_game *h = NULL;
    ck_assert_int_eq(carc_game_clone(&h, g), CARC_OK);
    bcb_state *hs = carc__mod_state(h, CARC_MODULE_BRIDGES_CASTLES);
    bcb_bridges_set(hs, 1, 0);
    ck_assert_int_eq(carc_action_from_string(h, "place 1,1 r0", &a), CARC_OK);
    ck_assert_int_eq(is_legal(h, &a), 0);
    ck_assert_int_eq(carc_game_apply(h, &a), CARC_E_ILLEGAL);
    ck_assert_int_eq(carc_game_explain(h, &a, &ex), CARC_OK);
    ck_assert_int_eq(ex.code, CARC_E_ILLEGAL);
    ck_assert_int_eq(ex.reason, CARC_MODULE_KIND(CARC_MODULE_BRIDGES_CASTLES, 8));
    ck_assert_int_eq(ex.side, 3);
    ck_assert_ptr_nonnull(strstr(ex.message, "no bridge left"));
    carc_game_free(h);
    play(g, "place 1,1 r0");
    char t[8][32];
    ck_assert_int_eq((int)legal_texts(g, t, 8), 1);
    ck_assert_str_eq(t[0], "bridge 1,1");
    play(g, "bridge 1,1");
    ck_assert_int_eq((int)legal_texts(g, t, 8), 1);
    ck_assert_str_eq(t[0], "bridge ew");
    play(g, "bridge ew");
    play(g, "pass");
    /* the road: U and the bridge on B, both ends open */
    int road = carc__segment_root(g, 1, 0);
    ck_assert_int_eq(carc__segment_root(g, 2, 2), road);
    feat_eval e;
    carc__root_eval(g, road, 0, &e);
    ck_assert_int_eq(e.tiles, 2);
    ck_assert_int_eq(e.open, 2);
    /* a road against B's south field, with bridges left: no bridge fits,
     * as B bears one already (one per tile) and the new tile's edge there
     * is its road */
    play(g, "draw U");
    ck_assert_int_eq(carc_action_from_string(g, "place 1,2 r0", &a), CARC_OK);
    ck_assert_int_eq(is_legal(g, &a), 0);
    ck_assert_int_eq(carc_game_explain(g, &a, &ex), CARC_OK);
    ck_assert_int_eq(ex.reason, CARC_REASON_EDGE_MISMATCH);
    ck_assert_int_eq(ex.side, 0);
    ck_assert_ptr_nonnull(strstr(ex.message, "no bridge can continue"));
    carc_game_free(g);
}
END_TEST

/* Rule bcb_repair_only_tile: a drawn tile that fits only with a repairing
 * bridge (the board of tests/scenarios/bcb_repair_only_tile*.rec).  1: no
 * pass, and carc_game_explain says why; 2: the pass is id 0, listed first,
 * and sets the tile aside (carc_game_set_aside) for a new draw. */
START_TEST(repair_only_tile_pass)
{
    for (int rule = 1; rule <= 2; rule++) {
        carc_options o;
        carc_options_init(&o);
        o.num_players = 2;
        o.seed = 1;
        o.modules |= 1ull << CARC_MODULE_BRIDGES_CASTLES;
        o.rules[36] = rule;
        carc_game *g = NULL;
        ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
        play(g, "draw W");
        play(g, "place 0,1 r0");
        play(g, "pass");
        play(g, "draw B");
        carc_action a;
        carc_explanation ex;
        int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
        size_t n = 0;
        ck_assert_int_eq(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &n), CARC_OK);
        ck_assert_uint_gt(n, 1);
        ck_assert_int_eq(carc_action_from_string(g, "pass", &a), CARC_OK);
        if (rule == 1) {
            ck_assert_int_ne(ids[0], CARC_ID_PASS);
            ck_assert_int_eq(is_legal(g, &a), 0);
            ck_assert_int_eq(carc_game_apply(g, &a), CARC_E_ILLEGAL);
            ck_assert_int_eq(carc_game_apply_id(g, CARC_ID_PASS), CARC_E_ILLEGAL);
            ck_assert_int_eq(carc_game_explain(g, &a, &ex), CARC_OK);
            ck_assert_int_eq(ex.code, CARC_E_ILLEGAL);
            ck_assert_int_eq(ex.reason, CARC_REASON_WRONG_KIND);
            ck_assert_ptr_nonnull(strstr(ex.message, "fits only with a repair"));
        } else {
            ck_assert_int_eq(ids[0], CARC_ID_PASS);
            ck_assert_int_eq(is_legal(g, &a), 1);
            ck_assert_int_eq(carc_game_explain(g, &a, &ex), CARC_OK);
            ck_assert_int_eq(ex.code, CARC_OK);
            ck_assert_int_eq(carc_game_apply_id(g, CARC_ID_PASS), CARC_OK);
            int32_t aside[4];
            size_t na = 0;
            ck_assert_int_eq(carc_game_set_aside(g, aside, 4, &na), CARC_OK);
            ck_assert_uint_eq(na, 1);
            ck_assert_str_eq(carc_tile_name(aside[0]), "B");
            carc_decision d;
            carc_game_decision(g, &d);
            ck_assert_int_eq(d.kind, CARC_DECISION_DRAW);
            /* a tile with a plain placement: no pass */
            play(g, "draw U");
            ck_assert_int_eq(is_legal(g, &a), 0);
        }
        carc_game_free(g);
    }
}
END_TEST

/* The role of a figure (carc_game_figure_role): a castle's knight is a
 * "castle", an ordinary knight has none; the pictures show it
 * (tests/scenarios/bcb_castle_end_and_declined.rec, its first turns). */
START_TEST(castle_knight_role)
{
    carc_game *g = new_game(2, 1);
    play(g, "draw E");
    play(g, "place 0,-1 r2");
    play(g, "deploy follower city S");
    play(g, "castle");
    play(g, "draw E");
    play(g, "place 1,-1 r0");
    play(g, "deploy follower city N");
    carc_figure f[64];
    size_t n = 0;
    ck_assert_int_eq(carc_game_figures(g, f, 64, &n), CARC_OK);
    int castle = -1, knight = -1, roles = 0;
    for (size_t i = 0; i < n; i++) {
        if (f[i].where != CARC_WHERE_BOARD) {
            ck_assert_ptr_null(carc_game_figure_role(g, (int)i)); /* in supply */
            continue;
        }
        if (f[i].x == 0 && f[i].y == -1) castle = (int)i;
        if (f[i].x == 1 && f[i].y == -1) knight = (int)i;
        roles += carc_game_figure_role(g, (int)i) != NULL;
    }
    ck_assert_int_ge(castle, 0);
    ck_assert_int_ge(knight, 0);
    ck_assert_int_eq(f[castle].owner, 0);
    ck_assert_int_eq(f[knight].owner, 1);
    ck_assert_str_eq(carc_game_figure_role(g, castle), "castle");
    ck_assert_ptr_null(carc_game_figure_role(g, knight));
    ck_assert_int_eq(roles, 1);
    ck_assert_ptr_null(carc_game_figure_role(g, -1));
    ck_assert_ptr_null(carc_game_figure_role(g, (int)n));
    ck_assert_ptr_null(carc_game_figure_role(NULL, 0));

    static char text[1 << 18];
    size_t need = 0;
    ck_assert_int_eq(carc_game_board_svg(g, text, sizeof text, &need), CARC_OK);
    ck_assert_ptr_nonnull(strstr(text, "class=\"figure follower castle\""));
    ck_assert_ptr_nonnull(strstr(text, "class=\"castle-glyph\""));
    ck_assert_ptr_null(strstr(text, "role-label"));
    /* the ordinary knight keeps its helmet and class */
    ck_assert_ptr_nonnull(strstr(text, "class=\"figure follower knight\""));
    ck_assert_int_eq(carc_game_board_view(g, NULL, text, sizeof text, &need), CARC_OK);
    ck_assert_ptr_nonnull(strstr(text, "0c at 0,-1 castle"));
    ck_assert_ptr_null(strstr(text, "1c at 1,-1"));
    carc_game_free(g);
}
END_TEST

/* The game of tests/scenarios/bcb_castles_per_tile.rec up to player 0's I
 * at (0,-1) turned twice, its knight on the city S: the tile closes two small
 * cities of player 0, its city S (segment 0, with the start tile) and its
 * city E (segment 1, with the E at (1,-1)). */
static carc_game *two_small_cities(int per_tile)
{
    carc_options o;
    carc_options_init(&o);
    o.num_players = 2;
    o.seed = 1;
    o.modules |= 1ull << CARC_MODULE_BRIDGES_CASTLES;
    o.rules[37] = per_tile; /* bcb_castles_per_tile */
    carc_game *g = NULL;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    static const char *const moves[] = {
        "draw V", "place 1,0 r0", "pass", "draw B", "place 0,1 r0", "pass",
        "draw E", "place 1,-1 r3", "deploy follower city W", "draw B", "place -1,1 r0", "pass",
        "draw I", "place 0,-1 r2"};
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) play(g, moves[i]);
    /* the deployment is about no feature */
    ck_assert_int_eq(carc_game_decision_feature(g, NULL, NULL, NULL), CARC_E_NOTFOUND);
    play(g, "deploy follower city S");
    return g;
}

/* The pending decision is a castle decision about the city of segment seg
 * of the I at (0,-1), whose edges on the board are `edges`. */
static void assert_castle_about(const carc_game *g, int seg, unsigned edges)
{
    carc_decision d;
    ck_assert_int_eq(carc_game_decision(g, &d), CARC_OK);
    ck_assert_int_eq(d.kind, CARC_MODULE_KIND(CARC_MODULE_BRIDGES_CASTLES, 2));
    ck_assert_int_eq(d.player, 0);
    ck_assert_int_eq(d.tile, carc_tile_by_name("I"));
    ck_assert_int_eq(d.x, 0);
    ck_assert_int_eq(d.y, -1);
    int x = 99, y = 99, s = 99;
    ck_assert_int_eq(carc_game_decision_feature(g, &x, &y, &s), CARC_OK);
    ck_assert_int_eq(x, 0);
    ck_assert_int_eq(y, -1);
    ck_assert_int_eq(s, seg);
    carc_segment_info si;
    ck_assert_int_eq(carc_segment_info_get(d.tile, 2, s, &si), CARC_OK);
    ck_assert_int_eq(si.kind, CARC_FEATURE_CITY);
    ck_assert_uint_eq(si.edges, edges);
    /* the city it names: complete, two tiles */
    carc_feature_info fi;
    ck_assert_int_eq(carc_game_feature(g, x, y, s, &fi), CARC_OK);
    ck_assert_int_eq(fi.tiles, 2);
    /* any output may be NULL */
    ck_assert_int_eq(carc_game_decision_feature(g, NULL, NULL, NULL), CARC_OK);
}

/* Each of two castle decisions of one placement names its own city (issue
 * 36 item 7), and rule bcb_castles_per_tile limits them. */
START_TEST(castle_decision_names_city)
{
    ck_assert_int_eq(carc_game_decision_feature(NULL, NULL, NULL, NULL), CARC_E_INVALID);
    /* rule 1: both cities asked, in scoring order (S, then E) */
    carc_game *g = two_small_cities(1);
    assert_castle_about(g, 0, 1u << 2);
    play(g, "castle");
    assert_castle_about(g, 1, 1u << 1);
    play(g, "castle");
    ck_assert_int_eq(carc_game_current_player(g), CARC_PLAYER_CHANCE);
    ck_assert_int_eq(carc_game_decision_feature(g, NULL, NULL, NULL), CARC_E_NOTFOUND);
    ck_assert_int_eq(carc_game_tokens(g, 0, CARC_TOKEN_CASTLE), 1);
    carc_game_free(g);

    /* rule 2: a castle made, the second city is not offered and scores */
    g = two_small_cities(2);
    assert_castle_about(g, 0, 1u << 2);
    play(g, "castle");
    ck_assert_int_eq(carc_game_current_player(g), CARC_PLAYER_CHANCE);
    ck_assert_int_eq(carc_game_tokens(g, 0, CARC_TOKEN_CASTLE), 2);
    ck_assert_int_eq(score(g, 0), 4);
    carc_game_free(g);

    /* rule 2: the first passed, the second is offered */
    g = two_small_cities(2);
    assert_castle_about(g, 0, 1u << 2);
    play(g, "pass");
    assert_castle_about(g, 1, 1u << 1);
    play(g, "castle");
    ck_assert_int_eq(carc_game_tokens(g, 0, CARC_TOKEN_CASTLE), 2);
    ck_assert_int_eq(score(g, 0), 4);
    carc_game_free(g);
}
END_TEST

/* Random games: every mechanism is reached, and the module's state stays
 * consistent (tokens within bounds, may_repair with them, a standing
 * castle's knight on its city, castle points logged once per castle at
 * most). */
START_TEST(random_games_reach_everything)
{
    int bridges = 0, castles = 0, castle_scores = 0, knights_left = 0;
    int bazaars = 0, held_at_end = 0, transfers = 0, repairs = 0;
    carc_action acts[512];
    for (int game = 0; game < 150; game++) {
        int players = 2 + game % 5;
        carc_game *g = new_game(players, 1000 + (uint64_t)game);
        uint32_t rng = 12345u + (uint32_t)game * 7919u;
        bool placed_last = false;
        while (!carc_game_is_terminal(g)) {
            carc_decision d;
            carc_game_decision(g, &d);
            if (d.player == CARC_PLAYER_CHANCE) {
                carc_action a;
                ck_assert_int_eq(carc_game_sample_chance(g, &a), CARC_OK);
                continue;
            }
            size_t n = 0;
            ck_assert_int_eq(carc_game_legal_actions(g, acts, 512, &n), CARC_OK);
            ck_assert_uint_gt(n, 0);
            /* a bridge decision right after a placement: a mandatory repair
             * (no pass), by the player who placed */
            if (d.kind == CARC_MODULE_KIND(CARC_MODULE_BRIDGES_CASTLES, 0) && placed_last) {
                repairs++;
                for (size_t i = 0; i < n; i++) ck_assert_int_ne(acts[i].kind, CARC_ACTION_PASS);
            }
            /* prefer bridges and castles half of the time, so they happen */
            size_t pick = n;
            rng = rng * 1103515245u + 12345u;
            if ((rng >> 16) & 1)
                for (size_t i = 0; i < n; i++)
                    if (CARC_KIND_IS_MODULE(acts[i].kind) &&
                        CARC_KIND_MODULE(acts[i].kind) == CARC_MODULE_BRIDGES_CASTLES)
                        pick = i;
            if (pick == n) {
                rng = rng * 1103515245u + 12345u;
                pick = (rng >> 8) % n;
            }
            ck_assert_int_eq(carc_game_apply(g, &acts[pick]), CARC_OK);
            placed_last = acts[pick].kind == CARC_ACTION_PLACE;
            const bcb_state *s = carc__mod_cstate(g, CARC_MODULE_BRIDGES_CASTLES);
            ck_assert_int_le(s->ncastles, BCB_MAX_CASTLES);
            /* tiles held from a bazaar when the pile is empty: the end phase */
            if (carc_game_tiles_remaining(g, -1) == 0 && !carc_game_is_terminal(g))
                for (int p = 0; p < players; p++) held_at_end += s->held[p] >= 0;
            for (int p = 0; p < players; p++) {
                ck_assert_int_le(s->bridges[p], players < 5 ? 3 : 2);
                ck_assert_int_le(s->castles[p], players < 5 ? 3 : 2);
            }
            /* the repair_work byte follows the tokens (the core reads it as
             * the quick question's answer: tests/test_action_legal.c), and
             * a snapshot's state where it does not is refused */
            for (int p = 0; p < CARC_MAX_PLAYERS; p++)
                ck_assert_int_eq(s->may_repair[p], s->bridges[p] != 0);
            if (game < 20) {
                ck_assert(carc__state_check(g));
                carc_game *h;
                ck_assert_int_eq(carc_game_clone(&h, g), CARC_OK);
                bcb_state *hs = carc__mod_state(h, CARC_MODULE_BRIDGES_CASTLES);
                hs->may_repair[game % players] ^= 1;
                ck_assert(!carc__state_check(h));
                hs->may_repair[game % players] ^= 1;
                hs->baz_work ^= 1; /* bazaar_turn_end's work byte, forged */
                ck_assert(!carc__state_check(h));
                carc_game_free(h);
            }
            for (int i = 0; i < s->ncastles; i++) {
                const bcb_castle *c = &s->castle[i];
                if (c->fig < 0) continue;
                carc_fig f;
                carc__figure_get(g, c->fig, &f);
                ck_assert_int_eq(f.where, CARC_PLACE_SEGMENT);
                ck_assert_int_eq(f.owner, c->owner);
                ck_assert_int_eq(carc__segment_root(g, f.tile, f.segment), c->root);
            }
            /* "castle" is the role of exactly the standing castles' knights */
            int standing = 0, roles = 0;
            for (int i = 0; i < s->ncastles; i++) standing += s->castle[i].fig >= 0;
            for (int i = 0; i < carc__figure_count(g); i++) {
                const char *r = carc_game_figure_role(g, i);
                if (r) ck_assert_str_eq(r, "castle");
                roles += r != NULL;
            }
            ck_assert_int_eq(roles, standing);
        }
        const bcb_state *s = carc__mod_cstate(g, CARC_MODULE_BRIDGES_CASTLES);
        /* every mismatch was repaired: no road meets a field anywhere */
        for (int t = 0; t < carc__tile_count(g); t++) {
            int x, y;
            carc__tile_xy(g, t, &x, &y);
            for (int side = 0; side < 4; side++) {
                static const int ddx[4] = {0, 1, 0, -1}, ddy[4] = {-1, 0, 1, 0};
                int u = carc__tile_at(g, x + ddx[side], y + ddy[side]);
                if (u < 0) continue;
                int k = carc__tile_edge(g, t, side), nk = carc__tile_edge(g, u, (side + 2) & 3);
                ck_assert_msg(k == nk || k == EK_NONE || nk == EK_NONE,
                              "game %d: tile %d side %d shows %d against %d", game, t, side, k, nk);
            }
        }
        int start = players < 5 ? 3 : 2;
        for (int p = 0; p < players; p++) {
            bridges += start - s->bridges[p];
            castles += start - s->castles[p];
        }
        for (int i = 0; i < s->ncastles; i++) knights_left += s->castle[i].fig >= 0;
        /* every held tile was played (or could not be) */
        for (int p = 0; p < players; p++) ck_assert_int_lt(s->held[p], 0);
        carc_score_event log[4096];
        size_t nlog = 0;
        ck_assert_int_eq(carc_game_score_log(g, log, 4096, &nlog), CARC_OK);
        int here = 0;
        for (size_t i = 0; i < nlog && i < 4096; i++) {
            here += log[i].reason == CARC_MODULE_KIND(CARC_MODULE_BRIDGES_CASTLES, 0);
            transfers += log[i].reason == CARC_MODULE_KIND(CARC_MODULE_BRIDGES_CASTLES, 1);
        }
        bazaars += s->baz_n > 0;
        ck_assert_int_le(here, s->ncastles);
        castle_scores += here;
        carc_game_free(g);
    }
    ck_assert_int_gt(bridges, 100);
    ck_assert_int_gt(castles, 20);
    ck_assert_int_gt(castle_scores, 10);
    ck_assert_int_gt(knights_left, 0);
    ck_assert_int_gt(bazaars, 100);
    ck_assert_int_gt(transfers, 100);
    ck_assert_int_gt(held_at_end, 0);
    ck_assert_int_gt(repairs, 20);
    printf("bridges_castles random: %d bridges, %d of them mandatory repairs\n", bridges, repairs);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("bridges_castles");
    TCase *tc = tcase_create("rules");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, tiles_all_rotations);
    tcase_add_test(tc, tokens_by_players);
    tcase_add_test(tc, castle_base_only_semicircles);
    tcase_add_test(tc, bridge_on_neighbour);
    tcase_add_test(tc, bridge_closes_road_scores);
    tcase_add_test(tc, repair_fitted_checked);
    tcase_add_test(tc, castle_knight_role);
    tcase_add_test(tc, castle_decision_names_city);
    tcase_add_test(tc, repair_on_neighbour_mandatory);
    tcase_add_test(tc, repair_refused_and_explained);
    tcase_add_test(tc, repair_only_tile_pass);
    tcase_add_test(tc, random_games_reach_everything);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
