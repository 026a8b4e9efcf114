/* Figure geometry with the probe modules (tests/probe/): an attached
 * figure beside its host, a figure on a tile at the tile's spot, and a
 * module's figure_spot hook (probe2: the perch on a @tower tile stands on
 * the tower, level 1).  Exact positions worked out by hand from the tile
 * data (tests/test_geometry.c explains the arithmetic): the centre of cell
 * (x, y) is at (45x, 45y) mm, a spot (sx, sy) in half-mm from the tile's
 * north-west corner lies at (45x + sx/2 - 22.5, 45y + sy/2 - 22.5). */
#include "core/state.h"

#include <check.h>
#include <stdio.h>
#include <string.h>

#include "run_suite.h"
#include "assert_pos.h"
#include "play_lines.h"

#define P1 12
#define P2 13
/* figure indices with 2 players: base followers (7 each), probe's big
 * meeples, probe2's perches, then the neutral fairy */
#define FIG_FOLLOWER(p, i) ((p) * 7 + (i))
#define FIG_BIG(p) (14 + (p))
#define FIG_PERCH(p) (16 + (p))
#define FIG_FAIRY 18

static carc_game *new_game(void)
{
    carc_options o;
    carc_options_init(&o);
    o.num_players = 2;
    o.modules |= (1ull << P1) | (1ull << P2);
    carc_game *g;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    return g;
}

static void assert_off_board(const carc_game *g, int fig)
{
    carc_figure_position p, q;
    memset(&p, 0x5a, sizeof p);
    q = p;
    ck_assert_int_eq(carc_game_figure_position(g, fig, &p), CARC_E_NOTFOUND);
    ck_assert(memcmp(&p, &q, sizeof p) == 0);
}

/* The fairy joins a thief: south of it, footprints touching; it leaves the
 * board with it. */
START_TEST(attached_fairy)
{
    carc_game *g = new_game();
    play_lines(g, "draw W\nplace 1,0 r0\ndeploy follower road W\n"   /* t1 p0 */
            "draw N\nplace 0,-1 r3\ndeploy follower city S\n"  /* t2 p1 */
            "draw N\nplace -1,-1 r2\ndeploy big segment 1\n"   /* t3 p0: a farmer */
            "draw V\nplace 2,0 r0\npass\n"                     /* t4 p1 */
            "draw L\nplace -1,0 r0\nfairy\njoin 0");           /* t5 p0 */
    /* W's road W: spot (23, 45) -> (45 + 11.5 - 22.5, 0) */
    assert_pos(g, FIG_FOLLOWER(0, 0), 34.0, 0.0, 16.00, 9.94, 15.98, 1, 0, 0, 0);
    /* the fairy: the host stands in the tile's northern half (y 45 <= 45),
     * so south of it by (9.94 + 10.11) / 2 = 10.025 -> 10.5 mm: y 45 + 21 */
    assert_pos(g, FIG_FAIRY, 34.0, 10.5, 10.62, 10.11, 18.05, 1, 0, 0, 0);
    /* the big farmer on N r2 at (-1, -1): field spot (56, 56) turned twice
     * is (34, 34); it lies (18.50 x 19.28, 9.88 high) */
    assert_pos(g, FIG_BIG(0), -50.5, -50.5, 18.50, 19.28, 9.88, -1, -1, 0, CARC_FIGPOS_LYING);
    play_lines(g, "cheer 0\nscore"); /* the road scores: thief home, fairy held */
    assert_off_board(g, FIG_FOLLOWER(0, 0));
    assert_off_board(g, FIG_FAIRY);
    carc_game_free(g);
}
END_TEST

/* A figure on a tile stands on the tile's spot: the centre of W, which
 * declares none; on PD (@tower, at=35,10) probe2's figure_spot puts it on
 * the tower, level 1. */
START_TEST(figure_on_tile)
{
    carc_game *g = new_game();
    play_lines(g, "draw W\nplace 1,0 r0\nperch");
    assert_pos(g, FIG_PERCH(0), 45.0, 0.0, 16.00, 9.94, 15.98, 1, 0, 0,
               CARC_FIGPOS_UNMEASURED);
    assert_off_board(g, FIG_PERCH(1));
    carc_game_free(g);

    g = new_game();
    play_lines(g, "draw PD\nplace 1,0 r0\nperch");
    /* (70, 20) -> (45 + 35 - 22.5, 10 - 22.5) */
    assert_pos(g, FIG_PERCH(0), 57.5, -12.5, 16.00, 9.94, 15.98, 1, 0, 1,
               CARC_FIGPOS_UNMEASURED);
    carc_game_free(g);

    g = new_game();
    play_lines(g, "draw PD\nplace -1,0 r2\nperch");
    /* at r2 the spot is (20, 70): (-45 + 10 - 22.5, 35 - 22.5) */
    assert_pos(g, FIG_PERCH(0), -57.5, 12.5, 16.00, 9.94, 15.98, -1, 0, 1,
               CARC_FIGPOS_UNMEASURED);
    carc_game_free(g);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("geometry-probe");
    TCase *tc = tcase_create("probe");
    tcase_add_test(tc, attached_fairy);
    tcase_add_test(tc, figure_on_tile);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return run_suite(suite()); }
