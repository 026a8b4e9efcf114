/* The Tower (module tower):
 *  - its 18 tiles against an independent table (edges and counts from
 *    ../shared/rules/expansions.md §4; roads, cities, pennants and the
 *    field partitions as JCloisterZone's tower.xml writes them, in its own
 *    half-edge names) in all four rotations, each with the tile tag `tower`;
 *  - floors per player count (2 -> 10, 3 -> 9, 4 -> 7, 5 -> 6, 6 -> 5),
 *    the module alone and with every other module;
 *  - random games (white box, the fact header tower.h): every decision of
 *    the module is reached (floor, top, capture, exchange, ransom); floors
 *    are conserved (held + built = dealt), a tower's top is the figure
 *    standing on it, nobody holds a prisoner of a player who holds one of
 *    theirs (outside a pending exchange), no prisoner is its captor's own;
 *  - refusals explained (carc_game_explain) with the module's reasons;
 *  - carc_game_structure (CARCVAR_0.6): a tower's height and top follower.
 * The rules' exact numbers are in the scenario records tests/scenarios/
 * tower_*.rec (run by the scenarios suite). */
#include "core/state.h"

#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "modules/tower/tower.h"
#include "action_legal_check.h"
#include "record_text.h"
#include "quiet_check.h"
#include "new_game.h"
#include "run_suite.h"
#include "scenario_text.h"
#include "tile_rows.h"

#define TOWER_KIND(k) (16 + CARC_MODULE_TOWER * 16 + (k))

/* ---------------------------------------------------------------- tiles */

/* A field: its half-edges (JCZ names; "" for the inner field of TO/CccC+)
 * and how many cities it borders. */
typedef struct tw_field {
    const char *halves;
    int cities;
} tw_field;

static const struct tw_tile {
    const char *name;
    int count;
    const char *edges;      /* N E S W, expansions.md §4 */
    int monastery;
    const char *roads[4];   /* the edge(s) of each road  */
    const char *cities[2];
    int pennants[2];
    tw_field fields[4];
} tiles[] = {
    {"TO_C", 2, "CFFF", 0, {0}, {"N"}, {0}, {{"WL WR SL SR EL ER", 1}}},
    {"TO_F", 1, "FFFF", 0, {0}, {0}, {0}, {{"NL NR EL ER SL SR WL WR", 0}}},
    {"TO_L", 1, "FFFF", 1, {0}, {0}, {0}, {{"NL NR EL ER SL SR WL WR", 0}}},
    {"TO_RR", 1, "FFRR", 0, {"W", "S"}, {0}, {0}, {{"WR NL NR EL ER SL", 0}, {"WL SR", 0}}},
    {"TO_RRR", 1, "RRFR", 0, {"W", "N", "E"}, {0}, {0},
     {{"WR NL", 0}, {"NR EL", 0}, {"ER SL SR WL", 0}}},
    {"TO_RrRr2", 1, "RRRR", 0, {"N W", "S E"}, {0}, {0},
     {{"NL WR", 0}, {"SL ER", 0}, {"NR EL SR WL", 0}}},
    {"TO_RRRR1", 1, "RRRR", 0, {"N", "E", "S", "W"}, {0}, {0},
     {{"WR NL", 0}, {"NR EL", 0}, {"ER SL", 0}, {"SR WL", 0}}},
    {"TO_CRcr", 1, "RCRC", 0, {"N S"}, {"W E"}, {0}, {{"NL", 1}, {"NR", 1}, {"SL", 1}, {"SR", 1}}},
    {"TO_CFR", 1, "CFRF", 0, {"S"}, {"N"}, {0}, {{"WL WR SR", 1}, {"EL ER SL", 1}}},
    {"TO_RrC", 1, "CFRR", 0, {"S W"}, {"N"}, {0}, {{"WR EL ER SL", 1}, {"WL SR", 0}}},
    {"TO_RCr", 1, "CRFR", 0, {"W E"}, {"N"}, {0}, {{"WR", 1}, {"EL", 1}, {"WL SL SR ER", 0}}},
    {"TO_Cc", 1, "CFFC", 0, {0}, {"N W"}, {0}, {{"SL SR EL ER", 1}}},
    {"TO_CcRx", 1, "CRFC", 0, {"E"}, {"N W"}, {0}, {{"EL", 1}, {"ER", 1}, {"SL SR", 1}}},
    {"TO_CC2", 1, "CFFC", 0, {0}, {"N", "W"}, {0}, {{"EL ER SL SR", 2}}},
    {"TO_CRCr2", 1, "CRCR", 0, {"W E"}, {"N", "S"}, {0}, {{"WR EL", 1}, {"ER WL", 1}}},
    {"TO_CccR", 1, "CCRC", 0, {"S"}, {"N W E"}, {0}, {{"SL", 1}, {"SR", 1}}},
    {"TO_CccCp", 1, "CCCC", 0, {0}, {"N W E", "S"}, {1, 0}, {{"", 2}}},
};
#define NTILES ((int)(sizeof tiles / sizeof tiles[0]))

START_TEST(tile_table)
{
    const struct tw_tile *e = &tiles[_i];
    int type = carc_tile_by_name(e->name);
    ck_assert_msg(type >= 0, "%s missing", e->name);
    ck_assert_uint_ne(carc__types[type].tags & carc__tile_tag_bit("tower"), 0);
    for (int r = 0; r < 4; r++) {
        carc_tile_info ti;
        ck_assert_int_eq(carc_tile_info_get(type, r, &ti), CARC_OK);
        ck_assert_int_eq(ti.module, CARC_MODULE_TOWER);
        ck_assert_int_eq(ti.count, e->count);
        char want[5];
        for (int s = 0; s < 4; s++) want[(s + r) % 4] = e->edges[s];
        want[4] = 0;
        ck_assert_str_eq(ti.edges, want);
        bool used[CARC_MAX_SEGMENTS] = {false};
        int wr = 0, wc = 0, wf = 0, monks = 0;
        for (; wr < 4 && e->roads[wr]; wr++) {
            bool found = false;
            for (int s = 0; s < ti.num_segments && !found; s++) {
                carc_segment_info si;
                ck_assert_int_eq(carc_segment_info_get(type, r, s, &si), CARC_OK);
                if (!used[s] && si.kind == CARC_FEATURE_ROAD &&
                    si.edges == row_rot_edges(row_edges(e->roads[wr]), r))
                    found = used[s] = true;
            }
            ck_assert_msg(found, "%s r%d: road %s", e->name, r, e->roads[wr]);
        }
        for (; wc < 2 && e->cities[wc]; wc++) {
            bool found = false;
            for (int s = 0; s < ti.num_segments && !found; s++) {
                carc_segment_info si;
                ck_assert_int_eq(carc_segment_info_get(type, r, s, &si), CARC_OK);
                if (!used[s] && si.kind == CARC_FEATURE_CITY &&
                    si.edges == row_rot_edges(row_edges(e->cities[wc]), r) &&
                    si.pennants == e->pennants[wc])
                    found = used[s] = true;
            }
            ck_assert_msg(found, "%s r%d: city %s", e->name, r, e->cities[wc]);
        }
        for (; wf < 4 && e->fields[wf].halves; wf++) {
            bool found = false;
            for (int s = 0; s < ti.num_segments && !found; s++) {
                carc_segment_info si;
                ck_assert_int_eq(carc_segment_info_get(type, r, s, &si), CARC_OK);
                if (!used[s] && si.kind == CARC_FEATURE_FIELD &&
                    si.half_edges == row_rot_halves(row_halves(e->fields[wf].halves), r) &&
                    __builtin_popcount(si.touches) == e->fields[wf].cities)
                    found = used[s] = true;
            }
            ck_assert_msg(found, "%s r%d: field %s", e->name, r, e->fields[wf].halves);
        }
        for (int s = 0; s < ti.num_segments; s++) {
            carc_segment_info si;
            ck_assert_int_eq(carc_segment_info_get(type, r, s, &si), CARC_OK);
            if (si.kind == CARC_FEATURE_MONASTERY) {
                monks++;
                used[s] = true;
            }
            ck_assert_msg(used[s], "%s r%d: segment %d not in the table", e->name, r, s);
        }
        ck_assert_int_eq(monks, e->monastery);
        ck_assert_int_eq(ti.num_segments, wr + wc + wf + monks);
    }
}
END_TEST

START_TEST(tile_totals)
{
    int n = 0, copies = 0;
    uint32_t tag = carc__tile_tag_bit("tower");
    for (int t = 0; t < carc_tile_type_count(); t++) {
        carc_tile_info ti;
        ck_assert_int_eq(carc_tile_info_get(t, 0, &ti), CARC_OK);
        /* the tag is this set's alone */
        ck_assert_int_eq((carc__types[t].tags & tag) != 0, ti.module == CARC_MODULE_TOWER);
        if (ti.module != CARC_MODULE_TOWER) continue;
        n++;
        copies += ti.count;
    }
    ck_assert_int_eq(n, NTILES); /* no other type in the set */
    ck_assert_int_eq(copies, 18);
}
END_TEST

/* --------------------------------------------------------------- games */

static carc_game *new_game(int players, uint64_t modules, uint64_t seed)
{
    return new_game_mods(modules | 1ull << CARC_MODULE_TOWER, players, seed);
}

/* floors per player count, with the module alone and with each other
 * (with what that one requires: pig throwing needs Traders & Builders) */
START_TEST(floors_per_player_count)
{
    static const int want[7] = {0, 0, 10, 9, 7, 6, 5};
    for (int m = 0; m < CARC_MODULE_SLOTS; m++) {
        if (carc_module_available(m) != 1) continue;
        uint64_t with = 1ull << m;
        if (m == CARC_MODULE_PIG_THROWING) with |= 1ull << CARC_MODULE_TRADERS_BUILDERS;
        for (int n = 2; n <= 6; n++) {
            carc_game *g = new_game(n, with, 1);
            for (int p = 0; p < n; p++)
                ck_assert_int_eq(carc_game_tokens(g, p, CARC_TOKEN_TOWER_FLOOR), want[n]);
            ck_assert_int_eq(carc_game_tokens(g, -1, CARC_TOKEN_TOWER_FLOOR), 0);
            /* the tiles are in the bag: 18 of them */
            int left = 0;
            for (int t = 0; t < carc_tile_type_count(); t++) {
                carc_tile_info ti;
                carc_tile_info_get(t, 0, &ti);
                if (ti.module == CARC_MODULE_TOWER) left += carc_game_tiles_remaining(g, t);
            }
            ck_assert_int_eq(left, 18);
            carc_game_free(g);
        }
    }
    /* every module at once */
    uint64_t all = 0;
    for (int m = 0; m < CARC_MODULE_SLOTS; m++)
        if (carc_module_available(m) == 1) all |= 1ull << m;
    carc_game *g = new_game(4, all, 3);
    ck_assert_int_eq(carc_game_tokens(g, 3, CARC_TOKEN_TOWER_FLOOR), 7);
    carc_game_free(g);
}
END_TEST

/* The module's invariants on a game, white box. */
static void check_towers(const carc_game *g, int dealt)
{
    int n = carc_game_num_players(g), built = 0, held = 0;
    for (int p = 0; p < n; p++) held += carc__tower_floors(g, p);
    for (int t = 0; t < carc__tile_count(g); t++) {
        int h = carc__tower_height(g, t), top = carc__tower_top(g, t);
        built += h;
        if (h == 0) REQ_EQ(top, -1); /* never on an empty foundation */
        if (!carc__tower_foundation(g, t)) REQ_EQ(h, 0);
        if (top >= 0) {
            carc_fig f;
            carc__figure_get(g, top, &f);
            REQ_EQ(f.where, CARC_PLACE_TILE);
            REQ_EQ(f.tile, t);
            REQ_EQ(f.arg, TOWER_TOP_ARG);
            REQ(f.kind == CARC_FIGURE_FOLLOWER || f.kind == CARC_FIGURE_BIG);
        }
    }
    REQ_EQ(built + held, dealt);
    /* every figure on a tower top is its tower's top */
    for (int i = 0; i < carc__figure_count(g); i++) {
        carc_fig f;
        carc__figure_get(g, i, &f);
        if (f.where == CARC_PLACE_TILE && f.arg == TOWER_TOP_ARG)
            REQ_EQ(carc__tower_top(g, f.tile), i);
        if (f.where == CARC_PLACE_HELD && f.holder == CARC_MODULE_TOWER) {
            REQ_GE(f.owner, 0);
            REQ_NE(f.arg, f.owner); /* one's own follower goes home */
            REQ_LT(f.arg, n);
        }
    }
    carc_decision d;
    carc_game_decision(g, &d);
    if (d.kind == TOWER_KIND(3)) return; /* an exchange being chosen */
    for (int p = 0; p < n; p++)
        for (int q = 0; q < n; q++)
            REQ(!(carc__tower_prisoners(g, p, q) && carc__tower_prisoners(g, q, p)));
}

/* Random games reach every decision of the module and keep its invariants. */
START_TEST(random_games_reach_everything)
{
    static const int floors[7] = {0, 0, 10, 9, 7, 6, 5};
    int seen[8] = {0}, verbs[3] = {0};
    int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
    for (int seed = 0; seed < 150; seed++) {
        int n = 2 + seed % 5;
        /* with Inns & Cathedrals (a big follower on a tower) half the time */
        carc_game *g = new_game(n, seed % 2 ? 1ull << CARC_MODULE_INNS_CATHEDRALS : 0, seed);
        uint64_t rs = (uint64_t)seed * 31 + 7;
        while (!carc_game_is_terminal(g)) {
            check_towers(g, n * floors[n]);
            carc_decision d;
            carc_game_decision(g, &d);
            if (d.kind >= TOWER_KIND(0) && d.kind <= TOWER_KIND(7)) seen[d.kind - TOWER_KIND(0)]++;
            if (carc_game_current_player(g) == CARC_PLAYER_CHANCE) {
                REQ_EQ(carc_game_sample_chance(g, NULL), CARC_OK);
                continue;
            }
            size_t k;
            REQ_EQ(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &k), CARC_OK);
            /* prefer the module's own choices, so that every one is taken */
            int32_t pick = ids[lcg(&rs) % k];
            for (size_t i = 0; i < k; i++)
                if (ids[i] >= CARC_ID_VERB + CARC_MODULE_TOWER * 8 &&
                    ids[i] < CARC_ID_VERB + CARC_MODULE_TOWER * 8 + 3 && lcg(&rs) % 3 == 0) {
                    pick = ids[i];
                    verbs[ids[i] - CARC_ID_VERB - CARC_MODULE_TOWER * 8]++;
                }
            if (d.kind == TOWER_KIND(2) || d.kind == TOWER_KIND(4)) /* capture, ransom */
                pick = ids[k - 1];
            REQ_EQ(carc_game_apply_id(g, pick), CARC_OK);
        }
        check_towers(g, n * floors[n]);
        carc_game_free(g);
    }
    for (int k = 0; k < 5; k++) ck_assert_msg(seen[k] > 0, "decision %d never reached", k);
    for (int k = 0; k < 3; k++) ck_assert_msg(verbs[k] > 0, "verb %d never taken", k);
}
END_TEST

/* --------------------------------------------------------- explanations */

#define WHY(k) TOWER_KIND(k)

/* Replay a scenario record up to (not including) the first line that is
 * exactly `stop` (NULL: all of it). */
static carc_game *replay(const char *name, const char *stop)
{
    return scen_replay(name, &(scen_cut){.stop = stop});
}

START_TEST(refusals_explained)
{
    /* no foundation on the board yet */
    carc_game *g = replay_text("carcvar-record 2\nplayers 2\nseed 1\nmodules base tower\n"
                               "draw U\nplace 1,0 r1\n");
    explains(g, "floor", WHY(3));
    explains(g, "top follower", WHY(3));
    explains(g, "capture 0", WHY(0));   /* only after a floor */
    explains(g, "ransom 0", WHY(10));   /* not one of yours held */
    carc_game_free(g);

    /* height 2 at (0,1): the monk 3 north is out of reach */
    g = replay("tower_reach.rec", "capture 7");
    explains(g, "capture 8", WHY(4));
    explains(g, "capture 0", WHY(9));   /* Red's own, in supply: not on the board */
    carc_game_free(g);

    /* a castle's knight */
    g = replay("tower_bcb_castle_knight_monk.rec", "capture 1");
    explains(g, "capture 0", WHY(5));
    carc_game_free(g);

    /* rule tower_top_capture 1: the top is immune */
    g = replay("tower_top_immune_c1.rec", "capture 0");
    explains(g, "capture 0", WHY(6));
    carc_game_free(g);

    /* a closed tower takes no floor; an empty foundation no follower */
    g = replay("tower_top_capture_c2.rec", "pass");
    scen_apply(g, "floor");
    explains(g, "floor 0,1", WHY(2));
    explains(g, "floor 2,0", WHY(3));   /* no foundation there */
    carc_game_free(g);
    g = replay("tower_top_capture_c2.rec", "floor"); /* TO_F laid, no floor yet */
    explains(g, "top follower", WHY(3));
    carc_game_free(g);
    g = replay("tower_top_capture_c2.rec", "floor 1,1"); /* Blue chooses the tower */
    explains(g, "top follower", WHY(0));
    explains(g, "floor 2,0", WHY(3));
    carc_game_free(g);

    /* Blue's turn with 0 points and a follower held: not enough points */
    g = replay("tower_ransom.rec", "draw E");
    explains(g, "ransom 7", WHY(8));
    carc_game_free(g);

    /* the second part of a builder's turn: the ransom already paid */
    g = replay("tower_tb_ransom_builder_turn.rec", "place 8,0 r1");
    explains(g, "ransom 8", WHY(7));
    carc_game_free(g);
}
END_TEST

/* Random games: a player with no floor left is told so at a deployment. */
START_TEST(no_floors_left_explained)
{
    int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
    int told = 0;
    for (int seed = 0; seed < 40 && told < 20; seed++) {
        carc_game *g = new_game(6, 0, seed); /* 5 floors each */
        uint64_t rs = (uint64_t)seed + 1;
        while (!carc_game_is_terminal(g)) {
            carc_decision d;
            carc_game_decision(g, &d);
            if (carc_game_current_player(g) == CARC_PLAYER_CHANCE) {
                REQ_EQ(carc_game_sample_chance(g, NULL), CARC_OK);
                continue;
            }
            if (d.kind == CARC_DECISION_DEPLOY &&
                carc_game_tokens(g, d.player, CARC_TOKEN_TOWER_FLOOR) == 0) {
                explains(g, "floor", WHY(1));
                told++;
            }
            size_t k;
            REQ_EQ(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &k), CARC_OK);
            int32_t pick = ids[lcg(&rs) % k];
            for (size_t i = 0; i < k; i++)
                if (ids[i] == CARC_ID_VERB + CARC_MODULE_TOWER * 8) pick = ids[i]; /* floor */
            REQ_EQ(carc_game_apply_id(g, pick), CARC_OK);
        }
        carc_game_free(g);
    }
    ck_assert_int_gt(told, 0);
}
END_TEST

static void structure_is(const carc_game *g, int x, int y, int kind, int height, int top)
{
    carc_structure st;
    memset(&st, 0x55, sizeof st);
    ck_assert_int_eq(carc_game_structure(g, x, y, &st), CARC_OK);
    ck_assert_int_eq(st.kind, kind);
    ck_assert_int_eq(st.height, height);
    ck_assert_int_eq(st.top, top);
    for (int i = 0; i < 5; i++) ck_assert_int_eq(st.reserved[i], 0);
}

/* carc_game_structure (CARCVAR_0.6): towers' heights and tops */
START_TEST(structure_query)
{
    carc_game *g = replay("tower_top_capture_c2.rec", "draw U"); /* TO_F and TO_L laid */
    structure_is(g, 0, 1, CARC_STRUCTURE_TOWER, 1, -1);
    structure_is(g, 1, 1, CARC_STRUCTURE_TOWER, 1, -1);
    structure_is(g, 0, 0, CARC_STRUCTURE_NONE, 0, -1); /* the start tile */
    carc_structure st;
    ck_assert_int_eq(carc_game_structure(g, 5, 5, &st), CARC_E_NOTFOUND);
    ck_assert_int_eq(carc_game_structure(NULL, 0, 0, &st), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_structure(g, 0, 0, NULL), CARC_E_INVALID);
    carc_game_free(g);
    g = replay("tower_top_capture_c2.rec", "draw B"); /* Red's follower on (0,1) */
    structure_is(g, 0, 1, CARC_STRUCTURE_TOWER, 1, 0);
    ck_assert_str_eq(carc_game_figure_role(g, 0), "top");
    carc_game_free(g);
    /* a top follower that leaves by any other means (the dragon eats it:
     * another module's move to its owner's supply) opens the tower too */
    g = replay("tower_top_capture_c2.rec", "draw B");
    int t = carc__tile_at(g, 0, 1);
    ck_assert_int_eq(carc__tower_top(g, t), 0);
    ck_assert_int_eq(carc__figure_move(g, 0, CARC_PLACE_SUPPLY, -1, 0, 0, 0,
                                       CARC_MODULE_KIND(CARC_MODULE_PRINCESS_DRAGON, 0)),
                     CARC_OK);
    ck_assert_int_eq(carc__tower_top(g, t), -1);
    structure_is(g, 0, 1, CARC_STRUCTURE_TOWER, 1, -1);
    carc_game_free(g);
    g = replay("tower_top_capture_c2.rec", NULL); /* captured, then a floor on it */
    structure_is(g, 0, 1, CARC_STRUCTURE_TOWER, 2, -1);
    structure_is(g, 1, 1, CARC_STRUCTURE_TOWER, 2, -1);
    ck_assert_ptr_null(carc_game_figure_role(g, 0)); /* a prisoner */
    carc_game_free(g);
    /* a game without the module: nothing built anywhere */
    carc_options o;
    carc_options_init(&o);
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    structure_is(g, 0, 0, CARC_STRUCTURE_NONE, 0, -1);
    carc_game_free(g);
}
END_TEST

/* held_place: the pictures name the prisoners by their captor (the board
 * view's and the SVG's "held by" row), as the Count's quarters by name. */
START_TEST(prisoners_named_in_pictures)
{
    carc_game *g = replay("tower_reach.rec", NULL); /* player 0 holds player 1's followers */
    ck_assert_int_gt(carc__tower_prisoners(g, 0, 1), 0);
    size_t need = 0;
    carc_board_view v;
    carc_board_view_init(&v);
    v.width = 200;
    ck_assert_int_eq(carc_game_board_view(g, &v, NULL, 0, &need), CARC_E_BUFFER);
    char *text = malloc(need);
    ck_assert_int_eq(carc_game_board_view(g, &v, text, need, &need), CARC_OK);
    ck_assert_msg(strstr(text, "held by tower: prisoners of player 0: player 1's follower"),
                  "%s", text);
    free(text);
    ck_assert_int_eq(carc_game_board_svg(g, NULL, 0, &need), CARC_E_BUFFER);
    char *svg = malloc(need);
    ck_assert_int_eq(carc_game_board_svg(g, svg, need, &need), CARC_OK);
    ck_assert_ptr_nonnull(strstr(svg, "data-place=\"prisoners of player 0\""));
    ck_assert_ptr_null(strstr(svg, "data-place=\"0\""));
    free(svg);
    carc_game_free(g);
}
END_TEST

/* The module's action_legal (the core's check of an id before
 * decision_apply, instead of listing every legal action again) answers
 * exactly as the lists: at every decision of the module and every turn's
 * own deployment of random games (the module alone under both capture
 * rules, and with every module), for every id. */
START_TEST(action_legal_matches_lists)
{
    int checked = 0;
    for (int k = 0; k < 3; k++)
        for (int game = 0; game < 5; game++) {
            carc_options o;
            carc_options_init(&o);
            o.num_players = 2 + game % 5;
            o.seed = 700 + (uint64_t)game;
            o.modules |= 1ull << CARC_MODULE_TOWER;
            if (k == 1) ck_assert_int_ge(carc_options_set_rule(&o, "tower_top_capture", 1), 0);
            if (k == 2)
                for (int m = 1; m < CARC_MODULE_SLOTS; m++)
                    if (carc_module_available(m) == 1) o.modules |= 1ull << m;
            carc_game *g;
            ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
            play_action_legal(g, CARC_MODULE_TOWER, o.seed, &checked);
            carc_game_free(g);
        }
    ck_assert_int_gt(checked, 1000); /* the module's actions were reached */
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("tower");
    TCase *tc = tcase_create("tower");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, tile_table, 0, NTILES);
    tcase_add_test(tc, tile_totals);
    tcase_add_test(tc, floors_per_player_count);
    tcase_add_test(tc, prisoners_named_in_pictures);
    tcase_add_test(tc, random_games_reach_everything);
    tcase_add_test(tc, refusals_explained);
    tcase_add_test(tc, no_floors_left_explained);
    tcase_add_test(tc, structure_query);
    tcase_add_test(tc, action_legal_matches_lists);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return run_suite(suite()); }
