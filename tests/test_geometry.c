/* Figure geometry (carc_game_figure_position, doc/geometry.md) with the
 * library's own modules: exact positions in millimetres, worked out by hand
 * from the tile data and the rules in doc/geometry.md.
 *
 * Board millimetres: the centre of cell (x, y) is (45x, 45y); a spot of the
 * tile data is in half millimetres from the tile's north-west corner, so a
 * spot (sx, sy) on cell (x, y) is at (45x + sx/2 - 22.5, 45y + sy/2 - 22.5).
 * Tile E is "C N | F En Es Se Sw Ws Wn ~N": its city's default spot is
 * halfway between N's midpoint (45, 0) and the centre (45, 45), rounded:
 * (45, 23); its field's is the mean of its six half-edge midpoints moved
 * halfway to the centre: (45, 53).  A quarter turn clockwise maps (x, y) to
 * (90 - y, x).
 *
 * Stacked figures are put on one segment by carc__figure_move (white box):
 * a knight and a builder, or a farmer and a pig, cannot share one segment
 * of one tile in a legal game of these modules, but later ones need it. */
#include "core/state.h"

#include <check.h>
#include <stdio.h>
#include <string.h>

#include "run_suite.h"
#include "assert_pos.h"
#include "play_lines.h"

static carc_game *new_game(int players, uint64_t modules)
{
    carc_options o;
    carc_options_init(&o);
    o.num_players = players;
    o.seed = 1;
    o.modules = (1ull << CARC_MODULE_BASE) | modules;
    carc_game *g = NULL;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    return g;
}

/* apply each line of text */
/* the index of the figure of kind owned by player on cell (x, y), the n-th
 * such in index order */
static int figure_on(const carc_game *g, int kind, int player, int x, int y, int n)
{
    carc_figure f[128];
    size_t cnt = 0;
    ck_assert_int_eq(carc_game_figures(g, f, 128, &cnt), CARC_OK);
    for (size_t i = 0; i < cnt; i++)
        if (f[i].kind == kind && f[i].owner == player && f[i].where != CARC_WHERE_SUPPLY &&
            f[i].x == x && f[i].y == y && n-- == 0)
            return (int)i;
    ck_abort_msg("no figure %d of player %d on %d,%d", kind, player, x, y);
    return -1;
}

#define FOLLOWER_W 16.00, 9.94, 15.98
#define FARMER_W 16.00, 15.98, 9.94
#define BUILDER_W 14.29, 9.80, 20.52
#define PIG_W 22.11, 8.01, 11.15

/* refused with code, *out untouched */
static void assert_refused(const carc_game *g, int fig, int code)
{
    carc_figure_position p, q;
    memset(&p, 0x5a, sizeof p);
    q = p;
    ck_assert_int_eq(carc_game_figure_position(g, fig, &p), code);
    ck_assert(memcmp(&p, &q, sizeof p) == 0);
}

/* A knight on E's city at each rotation: the spot turns with the tile. */
START_TEST(segment_spot_each_rotation)
{
    static const struct {
        const char *moves;
        int x, y;
        double mx, my;
    } cases[] = {
        /* r0 needs a neighbour to the west: E r2 closes the start's city first */
        {"draw E\nplace 0,-1 r2\npass\ndraw E\nplace 1,-1 r0\ndeploy follower segment 0", 1, -1,
         45.0, -56.0},                                       /* (45, 23)        */
        {"draw E\nplace 0,1 r1\ndeploy follower segment 0", 0, 1, 11.0, 45.0}, /* (67, 45) */
        {"draw E\nplace 0,1 r2\ndeploy follower segment 0", 0, 1, 0.0, 56.0},  /* (45, 67) */
        {"draw E\nplace 0,1 r3\ndeploy follower segment 0", 0, 1, -11.0, 45.0}, /* (23, 45) */
    };
    for (int i = 0; i < 4; i++) {
        carc_game *g = new_game(2, 0);
        play_lines(g, cases[i].moves);
        int p = i == 0 ? 1 : 0;
        int fig = figure_on(g, CARC_FIGURE_FOLLOWER, p, cases[i].x, cases[i].y, 0);
        assert_pos(g, fig, cases[i].mx, cases[i].my, FOLLOWER_W, cases[i].x, cases[i].y, 0, 0);
        carc_game_free(g);
    }
}
END_TEST

/* figure fig moved (white box) onto segment seg of placed tile t as a
 * deployment */
static void deploy_on(carc_game *g, int fig, int t, int seg)
{
    ck_assert_int_eq(carc__figure_move(g, fig, CARC_PLACE_SEGMENT, t, seg, 0, 0,
                                       CARC_CAUSE_DEPLOY), CARC_OK);
}

/* A farmer lies: its footprint is its width by its height. */
START_TEST(farmer_lies)
{
    carc_game *g = new_game(2, 0);
    play_lines(g, "draw E\nplace 0,1 r2\ndeploy follower segment 1");
    /* field (45, 53) at r2: (45, 37) -> (0, 45 + 18.5 - 22.5) */
    int fig = figure_on(g, CARC_FIGURE_FOLLOWER, 0, 0, 1, 0);
    assert_pos(g, fig, 0.0, 41.0, FARMER_W, 0, 1, 0, CARC_FIGPOS_LYING);
    carc_game_free(g);
}
END_TEST

/* A knight and a builder on one segment: the builder stands beside the
 * knight, towards the tile's centre, footprints touching. */
START_TEST(knight_and_builder)
{
    carc_game *g = new_game(2, 1ull << CARC_MODULE_TRADERS_BUILDERS);
    play_lines(g, "draw E\nplace 0,1 r1\ndeploy follower segment 0");
    int knight = figure_on(g, CARC_FIGURE_FOLLOWER, 0, 0, 1, 0);
    int builder = carc__figure_in_supply(g, 0, CARC_FIGURE_BUILDER);
    ck_assert_int_gt(builder, knight);
    int t = carc__tile_at(g, 0, 1);
    deploy_on(g, builder, t, 0);
    /* city spot (67, 45) is east of the centre: the builder goes west by
     * (16.00 + 14.29) / 2 = 15.145, rounded up to 15.5 mm: x 67 - 31 = 36 */
    assert_pos(g, knight, 11.0, 45.0, FOLLOWER_W, 0, 1, 0, 0);
    assert_pos(g, builder, -4.5, 45.0, BUILDER_W, 0, 1, 0, 0);
    carc_game_free(g);
}
END_TEST

/* A farmer and a pig on one field, then a third figure: the second goes
 * towards the centre, the third to the other side of the first. */
START_TEST(farmer_and_pig)
{
    carc_game *g = new_game(2, 1ull << CARC_MODULE_TRADERS_BUILDERS);
    play_lines(g, "draw E\nplace 0,1 r2\ndeploy follower segment 1");
    int farmer = figure_on(g, CARC_FIGURE_FOLLOWER, 0, 0, 1, 0);
    int pig = carc__figure_in_supply(g, 0, CARC_FIGURE_PIG);
    int other = carc__figure_in_supply(g, 1, CARC_FIGURE_FOLLOWER);
    ck_assert_int_lt(farmer, other);
    ck_assert_int_lt(other, pig);
    int t = carc__tile_at(g, 0, 1);
    deploy_on(g, pig, t, 1);
    /* the spot (45, 37) is on the centre line: the second figure goes east
     * by (16.00 + 22.11) / 2 = 19.055 -> 19.5 mm */
    assert_pos(g, farmer, 0.0, 41.0, FARMER_W, 0, 1, 0, CARC_FIGPOS_LYING);
    assert_pos(g, pig, 19.5, 41.0, PIG_W, 0, 1, 0, 0);
    /* a farmer of player 1 on the same field (white box): its index lies
     * between them, so it is the second and the pig the third, west of the
     * first by (16.00 + 22.11) / 2 -> 19.5 mm */
    deploy_on(g, other, t, 1);
    assert_pos(g, farmer, 0.0, 41.0, FARMER_W, 0, 1, 0, CARC_FIGPOS_LYING);
    assert_pos(g, other, 16.0, 41.0, FARMER_W, 0, 1, 0, CARC_FIGPOS_LYING);
    assert_pos(g, pig, -19.5, 41.0, PIG_W, 0, 1, 0, 0);
    carc_game_free(g);
}
END_TEST

/* A barn stands on the corner where four tiles meet (abbey_mayor.c's
 * figure_spot), not on its field's spot: tests/scenarios/am_barn_immediate.rec,
 * the barn on the south-west corner of (2, -1), where the cell borders
 * x = 67.5 and y = -22.5 cross. */
START_TEST(barn_on_corner)
{
    carc_game *g = new_game(2, 1ull << CARC_MODULE_ABBEY_MAYOR);
    play_lines(g, "draw E\nplace 0,-1 r2\npass\ndraw U\nplace 1,0 r1\ndeploy follower field Nw\n"
            "draw B\nplace 1,-1 r0\npass\ndraw U\nplace 2,0 r1\npass\n"
            "draw B\nplace 2,-1 r0\nbarn sw");
    int barn = figure_on(g, CARC_FIGURE_BARN, 0, 2, -1, 0);
    assert_pos(g, barn, 67.5, -22.5, FOLLOWER_W, 2, -1, 0, CARC_FIGPOS_UNMEASURED);
    carc_game_free(g);
}
END_TEST

/* Figures off the board, bad indices, NULL: refused, *out untouched. */
START_TEST(refusals)
{
    carc_game *g = new_game(2, 1ull << CARC_MODULE_TRADERS_BUILDERS);
    play_lines(g, "draw E\nplace 0,1 r2\ndeploy follower segment 1");
    int farmer = figure_on(g, CARC_FIGURE_FOLLOWER, 0, 0, 1, 0);
    int n = carc__figure_count(g);
    assert_refused(g, carc__figure_in_supply(g, 1, CARC_FIGURE_FOLLOWER), CARC_E_NOTFOUND);
    assert_refused(g, -1, CARC_E_INVALID);
    assert_refused(g, n, CARC_E_INVALID);
    assert_refused(NULL, 0, CARC_E_INVALID);
    ck_assert_int_eq(carc_game_figure_position(g, farmer, NULL), CARC_E_INVALID);
    int pig = carc__figure_in_supply(g, 0, CARC_FIGURE_PIG);
    ck_assert_int_eq(carc__figure_move(g, pig, CARC_PLACE_HELD, -1, 0, 0, 3, CARC_CAUSE_SETUP),
                     CARC_OK);
    assert_refused(g, pig, CARC_E_NOTFOUND);
    ck_assert_int_eq(carc__figure_move(g, pig, CARC_PLACE_REMOVED, -1, 0, 0, 0, CARC_CAUSE_SETUP),
                     CARC_OK);
    assert_refused(g, pig, CARC_E_NOTFOUND);
    /* a figure attached to one off the board is off the board too */
    int builder = carc__figure_in_supply(g, 0, CARC_FIGURE_BUILDER);
    ck_assert_int_eq(carc__figure_move(g, builder, CARC_PLACE_ATTACHED, -1, 0, pig, 0,
                                       CARC_CAUSE_SETUP), CARC_OK);
    assert_refused(g, builder, CARC_E_NOTFOUND);
    assert_pos(g, farmer, 0.0, 41.0, FARMER_W, 0, 1, 0, CARC_FIGPOS_LYING);
    carc_game_free(g);
}
END_TEST

/* The acrobats of Under the Big Top stand on the acrobat space, the tile's
 * spot (22.5, 22.5): a pyramid of three (big_top.c's figure_spot) has two
 * side by side, touching, and the third on their shoulders. */
START_TEST(acrobat_pyramid)
{
    carc_game *g = new_game(3, 1ull << CARC_MODULE_BIG_TOP);
    play_lines(g, "draw BT_ffff_ac\nplace 0,1 r0\nacrobat\nacrobat 0,1\n"   /* Red   */
            "draw U\nplace 1,1 r0\nacrobat\nacrobat 0,1\n");          /* Blue  */
    int red0 = figure_on(g, CARC_FIGURE_FOLLOWER, 0, 0, 1, 0);
    int blue = figure_on(g, CARC_FIGURE_FOLLOWER, 1, 0, 1, 0);
    /* two acrobats: side by side, each 8 mm from the space's centre (0, 45) */
    assert_pos(g, red0, -8.0, 45.0, FOLLOWER_W, 0, 1, 0, 0);
    assert_pos(g, blue, 8.0, 45.0, FOLLOWER_W, 0, 1, 0, 0);
    play_lines(g, "draw V\nplace 1,0 r0\npass\n"                            /* Yellow */
            "draw B\nplace -1,1 r0\nacrobat\nacrobat 0,1");           /* Red    */
    int red1 = figure_on(g, CARC_FIGURE_FOLLOWER, 0, 0, 1, 1);
    ck_assert_int_lt(red1, blue);
    /* by figure index: Red's two at the bottom, Blue's on their shoulders */
    assert_pos(g, red0, -8.0, 45.0, FOLLOWER_W, 0, 1, 0, 0);
    assert_pos(g, red1, 8.0, 45.0, FOLLOWER_W, 0, 1, 0, 0);
    assert_pos(g, blue, 0.0, 45.0, FOLLOWER_W, 0, 1, 1, 0);
    carc_game_free(g);
}
END_TEST

/* The Big Top on the circus space (the tile's spot), a neutral figure whose
 * size nobody measured: the meeple's footprint stands in, flagged. */
START_TEST(big_top_on_circus)
{
    carc_game *g = new_game(2, 1ull << CARC_MODULE_BIG_TOP);
    play_lines(g, "draw BT_cfff_bt\nplace 0,1 r1\npass");
    carc_figure f[128];
    size_t n = 0;
    ck_assert_int_eq(carc_game_figures(g, f, 128, &n), CARC_OK);
    int top = -1;
    for (size_t i = 0; i < n; i++)
        if (f[i].kind == CARC_FIGURE_BIG_TOP) top = (int)i;
    ck_assert_int_ge(top, 0);
    ck_assert_int_eq(f[top].where, CARC_WHERE_TILE);
    assert_pos(g, top, 0.0, 45.0, FOLLOWER_W, 0, 1, 0, CARC_FIGPOS_UNMEASURED);
    carc_game_free(g);
}
END_TEST

/* Every tile of every module: segment spots on the tile and pairwise
 * distinct at every rotation, the tile's spot on the tile. */
START_TEST(tile_data_spots)
{
    for (int t = 0; t < carc__ntypes; t++) {
        const tile_type *ty = &carc__types[t];
        for (int r = 0; r < 4; r++) {
            ck_assert_int_le(ty->spot_x[r], 90);
            ck_assert_int_le(ty->spot_y[r], 90);
            for (int a = 0; a < ty->nseg; a++)
                for (int b = a + 1; b < ty->nseg; b++)
                    ck_assert_msg(ty->seg[a].spot_x[r] != ty->seg[b].spot_x[r] ||
                                      ty->seg[a].spot_y[r] != ty->seg[b].spot_y[r],
                                  "%s (%s): segments %d and %d share a figure spot", ty->name,
                                  ty->module, a, b);
        }
    }
}
END_TEST

/* Footprints of every kind: measured (catapult.md section 2) or the
 * meeple's, flagged. */
START_TEST(footprints)
{
    static const struct {
        int kind;
        uint16_t w, d, h;
        int unmeasured;
    } want[] = {
        {CARC_FIGURE_FOLLOWER, 1600, 994, 1598, 0}, {CARC_FIGURE_BIG, 1850, 988, 1928, 0},
        {CARC_FIGURE_MAYOR, 1600, 994, 1598, 1},    {CARC_FIGURE_WAGON, 1600, 994, 1598, 1},
        {CARC_FIGURE_BARN, 1600, 994, 1598, 1},     {CARC_FIGURE_BUILDER, 1429, 980, 2052, 0},
        {CARC_FIGURE_PIG, 2211, 801, 1115, 0},      {CARC_FIGURE_RINGMASTER, 1600, 994, 1598, 1},
        {CARC_FIGURE_FAIRY, 1062, 1011, 1805, 0},   {CARC_FIGURE_DRAGON, 5280, 1203, 2488, 0},
        {CARC_FIGURE_COUNT, 1940, 1099, 2902, 0},   {CARC_FIGURE_BIG_TOP, 1600, 994, 1598, 1},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        carc_footprint f;
        int flags = carc__figure_footprint(want[i].kind, 0, &f);
        ck_assert_int_eq(f.w, want[i].w);
        ck_assert_int_eq(f.d, want[i].d);
        ck_assert_int_eq(f.h, want[i].h);
        ck_assert_int_eq(flags, want[i].unmeasured ? CARC_FIGPOS_UNMEASURED : 0);
        flags = carc__figure_footprint(want[i].kind, CARC_FIGPOS_LYING, &f);
        ck_assert_int_eq(f.d, want[i].h);
        ck_assert_int_eq(f.h, want[i].d);
        ck_assert_int_eq(flags & CARC_FIGPOS_LYING, CARC_FIGPOS_LYING);
    }
}
END_TEST

/* carc__figure_spots (every figure at once) answers carc__figure_spot for
 * each figure, at every decision of random games: rows of followers, a
 * knight and a builder, a farmer and a pig, acrobats, barns, the fairy
 * beside its host, tower tops. */
START_TEST(spots_at_once)
{
    static const uint64_t sets[] = {
        (1ull << CARC_MODULE_INNS_CATHEDRALS) | (1ull << CARC_MODULE_TRADERS_BUILDERS) |
            (1ull << CARC_MODULE_ABBEY_MAYOR) | (1ull << CARC_MODULE_BRIDGES_CASTLES) |
            (1ull << CARC_MODULE_BIG_TOP) | (1ull << CARC_MODULE_COUNT) |
            (1ull << CARC_MODULE_TOWER) | (1ull << CARC_MODULE_PRINCESS_DRAGON) |
            (1ull << CARC_MODULE_CATAPULT) | (1ull << CARC_MODULE_DUNGEON) |
            (1ull << CARC_MODULE_PIG_THROWING),
        (1ull << CARC_MODULE_BIG_TOP) | (1ull << CARC_MODULE_TRADERS_BUILDERS),
        (1ull << CARC_MODULE_PRINCESS_DRAGON) | (1ull << CARC_MODULE_CATAPULT),
    };
    long compared = 0;
    for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++)
        for (int seed = 1; seed <= 6; seed++) {
            carc_game *g = new_game(2 + seed % 3, sets[k]);
            uint64_t rng = (uint64_t)seed * 7919u + k;
            while (!carc_game_is_terminal(g)) {
                int n = carc__figure_count(g);
                int16_t tiles[CARC_ID_FIGURE_N];
                carc_spot spots[CARC_ID_FIGURE_N];
                ck_assert_int_eq(carc__figure_spots(g, n, tiles, spots), n);
                for (int i = 0; i < n; i++) {
                    carc_spot one;
                    int t = carc__figure_spot(g, i, &one);
                    ck_assert_int_eq(tiles[i], t < 0 ? CARC_E_NOTFOUND : t);
                    if (t < 0) continue;
                    ck_assert_int_eq(spots[i].x, one.x);
                    ck_assert_int_eq(spots[i].y, one.y);
                    ck_assert_int_eq(spots[i].level, one.level);
                    ck_assert_int_eq(spots[i].flags, one.flags);
                    compared++;
                }
                ck_assert_int_ge(carc_game_play_random(g, 1, &rng), 0);
            }
            carc_game_free(g);
        }
    ck_assert_int_gt(compared, 1000);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("geometry");
    TCase *tc = tcase_create("positions");
    tcase_add_test(tc, segment_spot_each_rotation);
    tcase_add_test(tc, farmer_lies);
    tcase_add_test(tc, knight_and_builder);
    tcase_add_test(tc, farmer_and_pig);
    tcase_add_test(tc, refusals);
    tcase_add_test(tc, barn_on_corner);
    tcase_add_test(tc, acrobat_pyramid);
    tcase_add_test(tc, big_top_on_circus);
    tcase_add_test(tc, tile_data_spots);
    tcase_add_test(tc, footprints);
    tcase_add_test(tc, spots_at_once);
    tcase_set_timeout(tc, 120);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return run_suite(suite()); }
