/* The Count of Carcassonne (module count), white box:
 *  - its 12 tiles against an independent table (edges from
 *    ../shared/rules/expansions.md §6 and JCloisterZone-Client count.xml,
 *    the fields as JCZ writes them in its own half-edge names) in all four
 *    rotations: every JCZ field lies in one field of ours, and what our
 *    fields add lies only on the sides that face the inside of the City;
 *  - the start layout: the 12 tiles where JCZ lays them, the perimeter
 *    edges the rules list, a tile matching and refused against them;
 *  - all 72 base tiles drawn when the Count is on (71 otherwise);
 *  - no deployment on the two inner tiles, for every cause;
 *  - the Count on the castle quarter at the start;
 *  - the rule options count_move (clockwise, follow) and count_final
 *    (any quarter), and the reasons of refusals.
 * The scenario records tests/scenarios/count_*.rec hold the rules' games
 * with hand-computed points. */
#include "core/state.h"

#include <check.h>

#include "modules/count/count.h"
#include "record_text.h"
#include "run_suite.h"
#include "tile_rows.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- tiles */

static unsigned side_halves(unsigned sides) /* the two half-edges of each side */
{
    unsigned m = 0;
    for (int s = 0; s < 4; s++)
        if (sides >> s & 1) m |= 3u << (2 * s);
    return m;
}


static const struct co_tile {
    const char *name;
    int x, y;
    const char *edges;     /* N E S W: F field, R road, C city (the walls inside) */
    unsigned inner;        /* sides facing the inside of the City (N1 E2 S4 W8) */
    const char *fields[2]; /* JCZ count.xml */
} tiles[] = {
    {"CO_1", -2, -1, "FFFR", 2 | 4, {"WR NL NR EL", "WL SR"}},
    {"CO_2", -1, -1, "FFCF", 2 | 4 | 8, {"WR NL NR EL", NULL}},
    {"CO_3", 0, -1, "FFCF", 2 | 4 | 8, {"WR NL NR EL", NULL}},
    {"CO_4", 1, -1, "RFFF", 4 | 8, {"WR NL", "NR EL ER SL"}},
    {"CO_5", -2, 0, "FCFF", 1 | 2 | 4, {"SR WL WR NL", NULL}},
    {"CO_6", -1, 0, "CCCC", 15, {NULL, NULL}},
    {"CO_7", 0, 0, "CCCC", 15, {NULL, NULL}},
    {"CO_8", 1, 0, "FFFC", 1 | 4 | 8, {"NR EL ER SL", NULL}},
    {"CO_9", -2, 1, "FFCF", 1 | 2, {"WL WR NL ER", NULL}},
    {"CO_10", -1, 1, "CFFF", 1 | 2 | 8, {"ER SL SR WL", NULL}},
    {"CO_11", 0, 1, "CFRF", 1 | 2 | 8, {"ER SL", "SR WL"}},
    {"CO_12", 1, 1, "FCFF", 1 | 8, {"NR SL SR WL", NULL}},
};
#define NTILES 12

START_TEST(tile_table)
{
    const struct co_tile *e = &tiles[_i];
    int type = carc_tile_by_name(e->name);
    ck_assert_msg(type >= 0, "%s missing", e->name);
    for (int r = 0; r < 4; r++) {
        carc_tile_info ti;
        ck_assert_int_eq(carc_tile_info_get(type, r, &ti), CARC_OK);
        ck_assert_int_eq(ti.module, CARC_MODULE_COUNT);
        ck_assert_int_eq(ti.count, 1);
        char want[5];
        for (int s = 0; s < 4; s++) want[(s + r) % 4] = e->edges[s];
        want[4] = 0;
        ck_assert_str_eq(ti.edges, want);
        unsigned inner = side_halves(row_rot_edges(e->inner, r));
        int matched = 0, nf = 0;
        for (int s = 0; s < ti.num_segments; s++) {
            carc_segment_info si;
            ck_assert_int_eq(carc_segment_info_get(type, r, s, &si), CARC_OK);
            if (si.kind == CARC_FEATURE_CITY) {
                /* the walls (on the inner sides) or a perimeter city (CO_9 S,
                 * CO_12 E): only city sides of the table */
                unsigned cs = 0;
                for (int k = 0; k < 4; k++) cs |= (unsigned)(e->edges[k] == 'C') << k;
                ck_assert_uint_eq(si.edges & ~row_rot_edges(cs, r), 0);
                continue;
            }
            if (si.kind != CARC_FEATURE_FIELD) continue;
            nf++;
            for (int f = 0; f < 2 && e->fields[f]; f++) {
                unsigned jcz = row_rot_halves(row_halves(e->fields[f]), r);
                if ((si.half_edges & jcz) == 0) continue;
                ck_assert_msg((si.half_edges & jcz) == jcz, "%s r%d: JCZ field %s split",
                              e->name, r, e->fields[f]);
                ck_assert_msg((si.half_edges & ~jcz & ~inner) == 0,
                              "%s r%d: field %s grows outside the City's inside", e->name, r,
                              e->fields[f]);
                matched++;
            }
        }
        int want_f = (e->fields[0] != NULL) + (e->fields[1] != NULL);
        ck_assert_int_eq(nf, want_f);
        ck_assert_int_eq(matched, want_f);
    }
}
END_TEST

static carc_game *new_game(bool count, int players)
{
    carc_options o;
    carc_options_init(&o);
    o.num_players = players;
    o.modules = count ? 1u << CARC_MODULE_COUNT : 0;
    carc_game *g = NULL;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    return g;
}

static const int DX[4] = {0, 1, 0, -1}, DY[4] = {-1, 0, 1, 0};

START_TEST(start_layout)
{
    carc_game *g = new_game(true, 2);
    ck_assert_int_eq(carc__tile_count(g), 12);
    for (int i = 0; i < NTILES; i++) {
        int t = carc__tile_at(g, tiles[i].x, tiles[i].y);
        ck_assert_int_ge(t, 0);
        ck_assert_str_eq(carc_tile_name(carc__tile_type(g, t)), tiles[i].name);
        ck_assert_int_eq(carc__tile_rot(g, t), 0);
        /* every side facing an empty cell: the perimeter, as the rules list it */
        for (int s = 0; s < 4; s++) {
            if (carc__tile_at(g, tiles[i].x + DX[s], tiles[i].y + DY[s]) >= 0) continue;
            int k = carc__tile_edge(g, t, s);
            char c = tiles[i].edges[s];
            ck_assert_int_eq(k, c == 'F' ? EK_FIELD : c == 'R' ? EK_ROAD : EK_CITY);
            ck_assert(!(tiles[i].inner >> s & 1));
        }
    }
    /* the perimeter of expansions.md §6: N F F F R; W R F F; S C F R F; E F F C */
    static const char *perim[4] = {"FFFR", "FFC", "CFRF", "RFF"};
    for (int i = 0; i < 4; i++) {
        int t = carc__tile_at(g, -2 + i, -1);
        ck_assert_int_eq(carc__tile_edge(g, t, 0), perim[0][i] == 'F' ? EK_FIELD : EK_ROAD);
        t = carc__tile_at(g, -2 + i, 1);
        ck_assert_int_eq(carc__tile_edge(g, t, 2), perim[2][i] == 'F'   ? EK_FIELD
                                                   : perim[2][i] == 'R' ? EK_ROAD
                                                                        : EK_CITY);
    }
    for (int j = 0; j < 3; j++) {
        ck_assert_int_eq(carc__tile_edge(g, carc__tile_at(g, 1, -1 + j), 1),
                         perim[1][j] == 'F' ? EK_FIELD : EK_CITY);
        ck_assert_int_eq(carc__tile_edge(g, carc__tile_at(g, -2, -1 + j), 3),
                         perim[3][j] == 'F' ? EK_FIELD : EK_ROAD);
    }
    /* the walls: one closed city, complete (never scored, never claimed) */
    int root = carc__segment_root(g, carc__tile_at(g, -1, 0), 0);
    ck_assert_int_eq(carc__root_kind(g, root), CARC_FEATURE_CITY);
    ck_assert(carc__root_complete(g, root));
    ck_assert_int_eq(carc__root_tiles(g, root), 8);
    for (int x = -1; x <= 0; x++) {
        ck_assert_int_eq(carc__segment_root(g, carc__tile_at(g, x, -1), 0), root);
        ck_assert_int_eq(carc__segment_root(g, carc__tile_at(g, x, 1), 0), root);
    }
    /* the perimeter cities and roads are open */
    ck_assert(!carc__root_complete(g, carc__segment_root(g, carc__tile_at(g, -2, 1), 0)));
    ck_assert(!carc__root_complete(g, carc__segment_root(g, carc__tile_at(g, -2, -1), 0)));
    carc_game_free(g);
}
END_TEST

/* perimeter edges match like any tile's: a city against CO_11's road is
 * refused, a city against CO_9's city fits and extends it */
START_TEST(perimeter_matching)
{
    carc_game *g = replay_text("carcvar-record 2\nplayers 2\nseed 1\nmodules base,count\ndraw E\n");
    ck_assert_int_eq(apply_text(g, "place 0,2 r0"), CARC_E_ILLEGAL);
    ck_assert_int_eq(apply_text(g, "place 2,1 r0"), CARC_E_ILLEGAL); /* field W vs CO_12's city */
    carc_game_free(g);
    g = replay_text("carcvar-record 2\nplayers 2\nseed 1\nmodules base,count\ndraw E\n");
    ck_assert_int_eq(apply_text(g, "place -2,2 r0"), CARC_OK);
    int root = carc__segment_root(g, carc__tile_at(g, -2, 2), 0);
    ck_assert_int_eq(root, carc__segment_root(g, carc__tile_at(g, -2, 1), 0));
    ck_assert_int_eq(carc__root_tiles(g, root), 2);
    carc_game_free(g);
}
END_TEST

START_TEST(base_tiles_drawn)
{
    carc_game *g = new_game(true, 2);
    ck_assert_int_eq(carc_game_tiles_remaining(g, -1), 72);
    ck_assert_int_eq(carc_game_tiles_remaining(g, carc_tile_by_name("D")), 4);
    for (int i = 0; i < NTILES; i++)
        ck_assert_int_eq(carc_game_tiles_remaining(g, carc_tile_by_name(tiles[i].name)), 0);
    carc_game_free(g);
    g = new_game(false, 2);
    ck_assert_int_eq(carc_game_tiles_remaining(g, -1), 71);
    carc_game_free(g);
}
END_TEST

START_TEST(inner_tiles_veto)
{
    carc_game *g = new_game(true, 3);
    const int causes[] = {CARC_CAUSE_DEPLOY, CARC_CAUSE_PORTAL, CARC_CAUSE_DUNGEON_EXIT,
                          CARC_CAUSE_LEAVE_CITY, CARC_CAUSE_SEDUCTION, CARC_MODULE_KIND(12, 0)};
    int fig = carc__figure_in_supply(g, 0, CARC_FIGURE_FOLLOWER);
    ck_assert_int_ge(fig, 0);
    ck_assert_uint_ne(carc__tile_tag_bit("coc_inner"), 0);
    for (int x = -1; x <= 0; x++) {
        int t = carc__tile_at(g, x, 0);
        ck_assert(carc__types[carc__tile_type(g, t)].tags & carc__tile_tag_bit("coc_inner"));
        for (int s = 0; s < carc__types[carc__tile_type(g, t)].nseg; s++)
            for (size_t c = 0; c < sizeof causes / sizeof causes[0]; c++) {
                ck_assert(!carc__segment_may_deploy(g, 0, CARC_FIGURE_FOLLOWER, t, s, causes[c]));
                ck_assert(!carc__figure_deploy_legal(g, fig, t, s, causes[c],
                                                     CARC_DEPLOY_OCCUPIED | CARC_DEPLOY_COMPLETED));
            }
    }
    /* the outer tiles are landscape like any other: CO_2's field by a portal */
    int t2 = carc__tile_at(g, -1, -1);
    ck_assert(!(carc__types[carc__tile_type(g, t2)].tags & carc__tile_tag_bit("coc_inner")));
    ck_assert(carc__figure_deploy_legal(g, fig, t2, 1, CARC_CAUSE_PORTAL, 0));
    /* ... but not its wall: complete */
    ck_assert(!carc__figure_deploy_legal(g, fig, t2, 0, CARC_CAUSE_PORTAL, 0));
    carc_game_free(g);
}
END_TEST

START_TEST(count_starts_on_castle)
{
    carc_game *g = new_game(true, 4);
    ck_assert_int_eq(carc__count_quarter(g), CARC_COUNT_CASTLE);
    carc_figure f[128];
    size_t n = 0;
    ck_assert_int_eq(carc_game_figures(g, f, 128, &n), CARC_OK);
    int counts = 0;
    for (size_t i = 0; i < n; i++)
        if (f[i].kind == CARC_FIGURE_COUNT) {
            counts++;
            ck_assert_int_eq(f[i].owner, -1);
            ck_assert_int_eq(f[i].where, CARC_WHERE_HELD);
            ck_assert_int_eq(f[i].arg, CARC_COUNT_CASTLE);
            ck_assert_int_eq(f[i].state >> 8 & 0xff, CARC_MODULE_COUNT);
        }
    ck_assert_int_eq(counts, 1);
    for (int p = 0; p < 4; p++)
        for (int q = 0; q < CARC_COUNT_QUARTERS; q++) ck_assert_int_eq(carc__count_followers(g, q, p), 0);
    carc_game_free(g);
    g = new_game(false, 2);
    ck_assert_int_eq(carc__count_quarter(g), -1);
    ck_assert_int_eq(carc__count_followers(g, 0, 0), 0);
    carc_game_free(g);
}
END_TEST

/* the quarters on the board (doc/rules.md "Quarters on the board"): the
 * platform's held_spot / held_accepts as the count module answers them */
START_TEST(quarters_on_board)
{
    carc_game *g = new_game(true, 2);
    int co7 = -1;
    for (int t = 0; t < carc__tile_count(g); t++)
        if (strcmp(carc__types[carc__tile_type(g, t)].name, "CO_7") == 0) co7 = t;
    ck_assert_int_ge(co7, 0);
    int x, y;
    carc__tile_xy(g, co7, &x, &y);
    ck_assert(x == 0 && y == 0);
    int count = carc__figure_find(g, -1, CARC_FIGURE_COUNT, CARC_PLACE_HELD, -1);
    ck_assert_int_ge(count, 0);
    carc_spot sp;
    ck_assert_int_eq(carc__figure_held_spot(g, count, &sp), CARC_E_NOTFOUND); /* out of play */
    ck_assert_int_eq(carc__figure_held_spot(g, 0, &sp), CARC_E_NOTFOUND);     /* in supply   */
    ck_assert_int_eq(carc__figure_held_spot(g, -1, &sp), CARC_E_INVALID);
    ck_assert_int_eq(carc__figure_held_spot(g, carc__figure_count(g), &sp), CARC_E_INVALID);
    /* P0's 0, 1, 2 into the castle, its 3 into each other quarter in turn */
    for (int i = 0; i < 3; i++)
        ck_assert_int_eq(carc__figure_move(g, i, CARC_PLACE_HELD, -1, -1, CARC_COUNT_CASTLE,
                                           CARC_MODULE_COUNT, CARC_CAUSE_SETUP), CARC_OK);
    /* a row along x: the first on the spot (11 mm, 11 mm), the next towards
     * the centre, then away, footprints touching (16 mm wide) */
    static const int16_t row[3] = {22, 54, -10};
    for (int i = 0; i < 3; i++) {
        ck_assert_int_eq(carc__figure_held_spot(g, i, &sp), co7);
        ck_assert_int_eq(sp.x, row[i]);
        ck_assert_int_eq(sp.y, 22);
        ck_assert_int_eq(sp.level, 0);
        ck_assert_int_eq(sp.flags, 0);
    }
    static const struct { int q; int16_t x, y; } spots[] = {
        {CARC_COUNT_MARKET, 68, 22}, {CARC_COUNT_BLACKSMITH, 68, 68}, {CARC_COUNT_CATHEDRAL, 22, 68}};
    for (int k = 0; k < 3; k++) {
        ck_assert_int_eq(carc__figure_move(g, 3, CARC_PLACE_HELD, -1, -1, spots[k].q,
                                           CARC_MODULE_COUNT, CARC_CAUSE_SETUP), CARC_OK);
        ck_assert_int_eq(carc__figure_held_spot(g, 3, &sp), co7);
        ck_assert(sp.x == spots[k].x && sp.y == spots[k].y);
    }
    /* the public query gives a held follower its quarter's place on CO_7
     * (flag CARC_FIGPOS_HELD); the Count itself has none */
    carc_figure_position pos;
    ck_assert_int_eq(carc_game_figure_position(g, 0, &pos), CARC_OK);
    int cx, cy;
    carc__tile_xy(g, co7, &cx, &cy);
    ck_assert_int_eq(pos.x, cx);
    ck_assert_int_eq(pos.y, cy);
    ck_assert(pos.flags & CARC_FIGPOS_HELD);
    ck_assert(pos.x_mm == 45.0 * cx + (22 - 45) / 2.0 && pos.y_mm == 45.0 * cy + (22 - 45) / 2.0);
    ck_assert_int_eq(carc_game_figure_position(g, count, &pos), CARC_E_NOTFOUND);
    /* held by a module not in play: no place */
    ck_assert_int_eq(carc__figure_move(g, 4, CARC_PLACE_HELD, -1, -1, 0, CARC_MODULE_TOWER,
                                       CARC_CAUSE_SETUP), CARC_OK);
    ck_assert_int_eq(carc__figure_held_spot(g, 4, &sp), CARC_E_NOTFOUND);
    /* who may be put into a quarter: a follower of anyone, a quarter 0..3 */
    ck_assert(carc__figure_held_legal(g, 7, CARC_MODULE_COUNT, CARC_COUNT_MARKET,
                                      CARC_CAUSE_SEDUCTION));
    ck_assert(carc__figure_held_legal(g, 5, CARC_MODULE_COUNT, CARC_COUNT_CASTLE,
                                      CARC_CAUSE_SEDUCTION));
    ck_assert(!carc__figure_held_legal(g, 5, CARC_MODULE_COUNT, 4, CARC_CAUSE_SEDUCTION));
    ck_assert(!carc__figure_held_legal(g, count, CARC_MODULE_COUNT, 0, CARC_CAUSE_SEDUCTION));
    ck_assert(!carc__figure_held_legal(g, 5, CARC_MODULE_TOWER, 0, CARC_CAUSE_SEDUCTION));
    ck_assert(!carc__figure_held_legal(g, -1, CARC_MODULE_COUNT, 0, CARC_CAUSE_SEDUCTION));
    carc_game_free(g);
    /* without the Count nothing holds a place */
    g = new_game(false, 2);
    ck_assert_int_eq(carc__figure_move(g, 0, CARC_PLACE_HELD, -1, -1, 0, CARC_MODULE_COUNT,
                                       CARC_CAUSE_SETUP), CARC_OK);
    ck_assert_int_eq(carc__figure_held_spot(g, 0, &sp), CARC_E_NOTFOUND);
    ck_assert(!carc__figure_held_legal(g, 1, CARC_MODULE_COUNT, 0, CARC_CAUSE_SEDUCTION));
    carc_game_free(g);
}
END_TEST

/* a road P0 holds is ended by P1's tile: P1 may enter */
#define ENTRY_PREFIX                                                                       \
    "carcvar-record 2\nplayers 2\nseed 1\nmodules base,count\n%s"                          \
    "draw U\nplace 0,2 r0\ndeploy follower road N\ndraw W\nplace 0,3 r2\npass\n"

static carc_game *entry_game(const char *rule)
{
    char text[512];
    snprintf(text, sizeof text, ENTRY_PREFIX, rule);
    return replay_text(text);
}

/* count_quarter_kinds: who may be held in which quarter, as another
 * module's rule asks it (held_accepts: a Catapult seduction's exchange) --
 * the same test as entering (count_am_*.rec) */
START_TEST(quarter_kinds_held)
{
    for (int rule = 1; rule <= 2; rule++) {
        carc_options o;
        carc_options_init(&o);
        o.num_players = 2;
        o.modules = 1u << CARC_MODULE_COUNT | 1u << CARC_MODULE_ABBEY_MAYOR;
        o.rules[carc_rule_by_name("count_quarter_kinds")] = rule;
        carc_game *g = NULL;
        ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
        int mayor = carc__figure_find(g, 0, CARC_FIGURE_MAYOR, CARC_PLACE_SUPPLY, -1);
        int wagon = carc__figure_find(g, 0, CARC_FIGURE_WAGON, CARC_PLACE_SUPPLY, -1);
        int fol = carc__figure_find(g, 0, CARC_FIGURE_FOLLOWER, CARC_PLACE_SUPPLY, -1);
        ck_assert(mayor >= 0 && wagon >= 0 && fol >= 0);
        /* the kinds' feature limits the quarters read (lib/module.h) */
        ck_assert_int_eq(carc__figure_kind_features(g, CARC_FIGURE_MAYOR), 1 << CARC_FEATURE_CITY);
        ck_assert_int_eq(carc__figure_kind_features(g, CARC_FIGURE_WAGON),
                         1 << CARC_FEATURE_ROAD | 1 << CARC_FEATURE_CITY |
                             1 << CARC_FEATURE_MONASTERY);
        ck_assert_int_eq(carc__figure_kind_features(g, CARC_FIGURE_FOLLOWER), 0);
        ck_assert_int_eq(carc__figure_kind_features(g, CARC_FIGURE_BIG), 0); /* not in the game */
        ck_assert_int_eq(carc__figure_kind_features(g, -1), 0);
        ck_assert_int_eq(carc__figure_kind_features(g, CARC_FIGURE_KINDS), 0);
        for (int q = 0; q < CARC_COUNT_QUARTERS; q++) {
            bool any = rule == 2;
            ck_assert(carc__figure_held_legal(g, mayor, CARC_MODULE_COUNT, q, CARC_CAUSE_SEDUCTION) ==
                      (any || q == CARC_COUNT_CASTLE));
            ck_assert(carc__figure_held_legal(g, wagon, CARC_MODULE_COUNT, q, CARC_CAUSE_SEDUCTION) ==
                      (any || q != CARC_COUNT_MARKET));
            ck_assert(carc__figure_held_legal(g, fol, CARC_MODULE_COUNT, q, CARC_CAUSE_SEDUCTION));
        }
        carc_game_free(g);
    }
}
END_TEST

START_TEST(count_move_rules)
{
    /* 1 (default): the player chooses, any of the four */
    carc_game *g = entry_game("");
    ck_assert_int_eq(apply_text(g, "enter cathedral big"), CARC_E_ILLEGAL); /* no big meeple */
    ck_assert_int_eq(apply_text(g, "enter cathedral follower"), CARC_OK);
    ck_assert_int_eq(carc__count_followers(g, CARC_COUNT_CATHEDRAL, 1), 1);
    ck_assert_int_eq(carc_game_current_player(g), 1);
    size_t n = 0;
    int32_t ids[64];
    ck_assert_int_eq(carc_game_legal_ids(g, ids, 64, &n), CARC_OK);
    ck_assert_int_eq((int)n, 4);
    ck_assert_int_eq(apply_text(g, "count market"), CARC_OK);
    ck_assert_int_eq(carc__count_quarter(g), CARC_COUNT_MARKET);
    carc_game_free(g);
    /* 2: clockwise, castle -> market, no decision */
    g = entry_game("rule count_move 2\n");
    ck_assert_int_eq(apply_text(g, "enter cathedral follower"), CARC_OK);
    ck_assert_int_eq(carc__count_quarter(g), CARC_COUNT_MARKET);
    ck_assert_int_eq(carc_game_current_player(g), CARC_PLAYER_CHANCE);
    carc_game_free(g);
    /* 3: the Count follows the follower */
    g = entry_game("rule count_move 3\n");
    ck_assert_int_eq(apply_text(g, "enter blacksmith follower"), CARC_OK);
    ck_assert_int_eq(carc__count_quarter(g), CARC_COUNT_BLACKSMITH);
    ck_assert_int_eq(carc_game_current_player(g), CARC_PLAYER_CHANCE);
    carc_game_free(g);
}
END_TEST

/* count_final: the end of count_final.rec with a castle follower too */
#define FINAL_GAME                                                                         \
    "carcvar-record 3\nplayers 2\nseed 1\nmodules base,count\n%sbag U=1 W=1 G=1\n"         \
    "draw U\nplace 0,2 r0\ndeploy follower road N\ndraw W\nplace 0,3 r2\npass\n"           \
    "enter castle follower\ncount %s\ndraw G\nplace 2,1 r0\npass\n"

START_TEST(count_final_rules)
{
    char text[512];
    /* 1 (default): market only -- the castle follower stays */
    snprintf(text, sizeof text, FINAL_GAME, "", "market");
    carc_game *g = replay_text(text);
    ck_assert(carc_game_is_terminal(g));
    ck_assert_int_eq(carc__count_followers(g, CARC_COUNT_CASTLE, 1), 1);
    carc_game_free(g);
    /* 2: any quarter, onto a feature not completed: G's open city at 2,1 */
    snprintf(text, sizeof text, FINAL_GAME, "rule count_final 2\n", "market");
    g = replay_text(text);
    ck_assert(!carc_game_is_terminal(g));
    ck_assert_int_eq(carc_game_current_player(g), 1);
    ck_assert_int_eq(apply_text(g, "final castle follower"), CARC_OK);
    ck_assert_int_eq(apply_text(g, "final 2,1"), CARC_OK);
    ck_assert_int_eq(apply_text(g, "final 2,1 city E"), CARC_OK);
    ck_assert(carc_game_is_terminal(g));
    /* CO_12's city + G: 2 tiles, open, no pennant: 2 points; P0's road: 3 */
    int32_t sc = -1;
    ck_assert_int_eq(carc_game_score(g, 0, &sc), CARC_OK);
    ck_assert_int_eq(sc, 3);
    ck_assert_int_eq(carc_game_score(g, 1, &sc), CARC_OK);
    ck_assert_int_eq(sc, 2);
    carc_game_free(g);
    /* 2, but the Count stands on the castle: blocked */
    snprintf(text, sizeof text, FINAL_GAME, "rule count_final 2\n", "castle");
    g = replay_text(text);
    ck_assert(carc_game_is_terminal(g));
    carc_game_free(g);
}
END_TEST

START_TEST(reasons)
{
    char text[512];
    snprintf(text, sizeof text, FINAL_GAME, "rule count_final 2\n", "market");
    carc_game *g = replay_text(text);
    carc_explanation why;
    /* the Count stands on the market */
    ck_assert_int_eq(carc_game_explain_text(g, "final market follower", &why), CARC_OK);
    ck_assert_int_eq(why.reason, CARC_MODULE_KIND(CARC_MODULE_COUNT, 1));
    ck_assert_int_ne(why.code, CARC_OK);
    /* no follower of that kind in the castle quarter */
    ck_assert_int_eq(carc_game_explain_text(g, "final castle big", &why), CARC_OK);
    ck_assert_int_eq(why.reason, CARC_MODULE_KIND(CARC_MODULE_COUNT, 2));
    ck_assert_int_eq(carc_game_explain_text(g, "leave follower", &why), CARC_OK);
    ck_assert_int_eq(why.reason, CARC_MODULE_KIND(CARC_MODULE_COUNT, 4));
    carc_game_free(g);
    /* market only (the default): the castle quarter may not leave */
    snprintf(text, sizeof text, FINAL_GAME, "", "market");
    g = replay_text(text);
    carc_game_free(g);
    g = entry_game("");
    /* the entry offer: a kind the player lacks */
    ck_assert_int_eq(carc_game_explain_text(g, "enter market big", &why), CARC_OK);
    ck_assert_int_ne(why.code, CARC_OK);
    carc_game_free(g);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("count");
    TCase *tc = tcase_create("count");
    tcase_add_loop_test(tc, tile_table, 0, NTILES);
    tcase_add_test(tc, start_layout);
    tcase_add_test(tc, perimeter_matching);
    tcase_add_test(tc, base_tiles_drawn);
    tcase_add_test(tc, inner_tiles_veto);
    tcase_add_test(tc, count_starts_on_castle);
    tcase_add_test(tc, quarters_on_board);
    tcase_add_test(tc, quarter_kinds_held);
    tcase_add_test(tc, count_move_rules);
    tcase_add_test(tc, count_final_rules);
    tcase_add_test(tc, reasons);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
