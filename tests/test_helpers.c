/* The read helpers of lib/module.h (figures by player, kind and place;
 * feature members; "has the player a follower in this feature"; tag bits
 * by name), the decision queue's bound, the verb id blocks and the
 * boundary checks of a checked build, with base + probe (12) + probe2 (13)
 * and the capacity probe (14) of tests/probe/.
 *
 * The scenario (D is the start tile at 0,0: city N, road W-E), as in
 * test_mechanisms.c: t1 p0 lays W at 1,0 with a follower on the road D-W;
 * t2 p1 lays N at 0,-1 (its city joins D's) with a follower on that city;
 * ... t5 p0 lays L at -1,0, which closes the city and the road: after
 * probe2's cheer and its "score" both score and their followers go home. */
#include "core/state.h"

#include <check.h>

#include "run_suite.h"
#include "random_step.h"
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include "play_lines.h"

#define P1 12
#define P2 13
#define CAP 14

/* figure indices with 2 players: base followers (7 each), probe's big
 * meeples (followers), probe2's ringmasters (meeples, not followers), then
 * the neutral fairy */
#define FIG_FOLLOWER(p, i) ((p) * 7 + (i))
#define FIG_BIG(p) (14 + (p))
#define FIG_RING(p) (16 + (p))
#define FIG_FAIRY 18

static carc_game *new_game(uint64_t modules)
{
    carc_options o;
    carc_options_init(&o);
    o.num_players = 2;
    o.modules |= modules;
    carc_game *g;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    return g;
}

static const char T1[] = "draw W\nplace 1,0 r0\ndeploy follower road W\n";
static const char T2[] = "draw N\nplace 0,-1 r3\ndeploy follower city S\n";
static const char T3_5[] = "draw N\nplace -1,-1 r2\npass\n"
                           "draw V\nplace 2,0 r0\npass\n"
                           "draw L\nplace -1,0 r0\npass\ncheer 0\nscore\n";

/* The segment of placed tile t whose feature kind is `kind` and that
 * touches board side `side`. */
static int seg_at_side(const carc_game *g, int t, int side)
{
    const tile_type *ty = &carc__types[carc__tile_type(g, t)];
    return ty->edge_seg[carc__tile_rot(g, t)][side];
}

/* The root of the feature figure fig stands in. */
static int fig_root(const carc_game *g, int fig)
{
    carc_fig f;
    carc__figure_get(g, fig, &f);
    ck_assert_int_eq(f.where, CARC_PLACE_SEGMENT);
    return carc__segment_root(g, f.tile, f.segment);
}

/* ------------------------------------------------------ carc__figure_find */

START_TEST(figure_find_by_place)
{
    carc_game *g = new_game((1ull << P1) | (1ull << P2));
    /* in supply: the lowest index of each player and kind */
    ck_assert_int_eq(carc__figure_find(g, 0, CARC_FIGURE_FOLLOWER, CARC_PLACE_SUPPLY, -1), 0);
    ck_assert_int_eq(carc__figure_find(g, 1, CARC_FIGURE_FOLLOWER, CARC_PLACE_SUPPLY, -1), 7);
    ck_assert_int_eq(carc__figure_find(g, 1, CARC_FIGURE_BIG, CARC_PLACE_SUPPLY, -1), FIG_BIG(1));
    ck_assert_int_eq(carc__figure_find(g, 0, CARC_FIGURE_RINGMASTER, CARC_PLACE_SUPPLY, -1),
                     FIG_RING(0));
    /* the neutral fairy (owner -1), out of play in "supply" */
    ck_assert_int_eq(carc__figure_find(g, -1, CARC_FIGURE_FAIRY, CARC_PLACE_SUPPLY, -1),
                     FIG_FAIRY);
    ck_assert_int_eq(carc__figure_find(g, 0, CARC_FIGURE_FAIRY, CARC_PLACE_SUPPLY, -1), -1);
    ck_assert_int_eq(carc__figure_find(g, 0, CARC_FIGURE_FOLLOWER, CARC_PLACE_SEGMENT, -1), -1);
    play_lines(g, T1);
    /* p0's first follower stands on the road of tile 1 (W) */
    ck_assert_int_eq(carc__figure_find(g, 0, CARC_FIGURE_FOLLOWER, CARC_PLACE_SEGMENT, -1), 0);
    ck_assert_int_eq(carc__figure_find(g, 0, CARC_FIGURE_FOLLOWER, CARC_PLACE_SEGMENT, 1), 0);
    ck_assert_int_eq(carc__figure_find(g, 0, CARC_FIGURE_FOLLOWER, CARC_PLACE_SEGMENT, 0), -1);
    ck_assert_int_eq(carc__figure_find(g, 0, CARC_FIGURE_FOLLOWER, CARC_PLACE_TILE, 1), -1);
    ck_assert_int_eq(carc__figure_find(g, 1, CARC_FIGURE_FOLLOWER, CARC_PLACE_SEGMENT, -1), -1);
    ck_assert_int_eq(carc__figure_find(g, 0, CARC_FIGURE_FOLLOWER, CARC_PLACE_SUPPLY, -1), 1);
    play_lines(g, T2);
    ck_assert_int_eq(carc__figure_find(g, 1, CARC_FIGURE_FOLLOWER, CARC_PLACE_SEGMENT, 2), 7);
    ck_assert_int_eq(carc__figure_find(g, 1, CARC_FIGURE_FOLLOWER, CARC_PLACE_SEGMENT, 1), -1);
    /* an empty supply answers -1 (from the supply counts) */
    for (int i = 1; i < 7; i++)
        ck_assert_int_eq(carc__figure_move(g, FIG_FOLLOWER(0, i), CARC_PLACE_REMOVED, -1, 0, 0,
                                           0, CARC_CAUSE_SETUP),
                         CARC_OK);
    ck_assert_int_eq(carc__figure_find(g, 0, CARC_FIGURE_FOLLOWER, CARC_PLACE_SUPPLY, -1), -1);
    ck_assert_int_eq(carc__figure_find(g, 0, CARC_FIGURE_FOLLOWER, CARC_PLACE_REMOVED, -1), 1);
    ck_assert_int_eq(carc__figure_in_supply(g, 0, CARC_FIGURE_FOLLOWER), -1);
    ck_assert_int_eq(carc__figure_in_supply(g, 1, CARC_FIGURE_FOLLOWER), 8);
    carc_game_free(g);
}
END_TEST

/* ----------------------------------------------------- carc__root_members */

START_TEST(root_members_of_features)
{
    carc_game *g = new_game((1ull << P1) | (1ull << P2));
    int16_t tiles[8];
    uint8_t segs[8];
    int city0 = carc__segment_root(g, 0, seg_at_side(g, 0, 0));
    ck_assert_int_eq(carc__root_members(g, city0, tiles, segs, 8), 1);
    ck_assert_int_eq(tiles[0], 0);
    ck_assert_int_eq(segs[0], seg_at_side(g, 0, 0));
    play_lines(g, T1);
    /* the road D-W: D's road (its east side) and W's west road */
    int road = fig_root(g, 0);
    ck_assert_int_eq(carc__root_members(g, road, tiles, segs, 8), 2);
    int droad = seg_at_side(g, 0, 1), wroad = seg_at_side(g, 1, 3);
    ck_assert_int_eq(road, carc__segment_root(g, 0, droad));
    bool got_d = false, got_w = false;
    for (int i = 0; i < 2; i++) {
        got_d |= tiles[i] == 0 && segs[i] == droad;
        got_w |= tiles[i] == 1 && segs[i] == wroad;
    }
    ck_assert(got_d && got_w);
    /* the root comes first */
    ck_assert_int_eq(carc__segment_root(g, tiles[0], segs[0]), road);
    ck_assert_int_eq(CSEGS(g)[road].tile, tiles[0]);
    ck_assert_int_eq(CSEGS(g)[road].local, segs[0]);
    /* a short buffer: the count all the same, only cap written */
    tiles[1] = 77;
    segs[1] = 77;
    ck_assert_int_eq(carc__root_members(g, road, tiles, segs, 1), 2);
    ck_assert_int_eq(tiles[1], 77);
    ck_assert_int_eq(segs[1], 77);
    ck_assert_int_eq(carc__root_members(g, road, NULL, NULL, 0), 2);
    ck_assert_int_eq(carc__root_members(g, road, NULL, segs, 2), 2);
    ck_assert(segs[0] == droad || segs[0] == wroad);
    play_lines(g, T2);
    /* D's city and N's (tile 2 at 0,-1 turned r3: its city faces south) */
    int city = fig_root(g, 7);
    ck_assert_int_eq(city, carc__segment_root(g, 0, seg_at_side(g, 0, 0)));
    ck_assert_int_eq(carc__root_members(g, city, tiles, segs, 8), 2);
    ck_assert_int_eq(tiles[0] + tiles[1], 0 + 2);
    play_lines(g, T3_5);
    /* D N N L: four tiles, one segment each */
    ck_assert_int_eq(carc__root_members(g, carc__segment_root(g, 0, seg_at_side(g, 0, 0)), tiles,
                                        segs, 8),
                     4);
    carc_game_free(g);
}
END_TEST

/* ------------------------------------------------- carc__root_has_follower */

START_TEST(has_follower_through_a_game)
{
    carc_game *g = new_game((1ull << P1) | (1ull << P2));
    int city = carc__segment_root(g, 0, seg_at_side(g, 0, 0));
    int road = carc__segment_root(g, 0, seg_at_side(g, 0, 1));
    for (int p = 0; p < 2; p++) {
        ck_assert(!carc__root_has_follower(g, city, p, CARC_CLASS_FOLLOWER));
        ck_assert(!carc__root_has_follower(g, road, p, CARC_CLASS_FOLLOWER));
    }
    play_lines(g, T1);
    road = carc__segment_root(g, 0, seg_at_side(g, 0, 1));
    ck_assert(carc__root_has_follower(g, road, 0, CARC_CLASS_FOLLOWER));
    ck_assert(carc__root_has_follower(g, road, 0, CARC_CLASS_MEEPLE));
    ck_assert(!carc__root_has_follower(g, road, 1, CARC_CLASS_FOLLOWER));
    ck_assert(!carc__root_has_follower(g, city, 0, CARC_CLASS_FOLLOWER));
    play_lines(g, T2);
    city = carc__segment_root(g, 0, seg_at_side(g, 0, 0));
    ck_assert(carc__root_has_follower(g, city, 1, CARC_CLASS_FOLLOWER));
    ck_assert(!carc__root_has_follower(g, city, 0, CARC_CLASS_FOLLOWER));
    play_lines(g, T3_5);
    /* both scored: every follower went home */
    city = carc__segment_root(g, 0, seg_at_side(g, 0, 0));
    road = carc__segment_root(g, 0, seg_at_side(g, 0, 1));
    for (int p = 0; p < 2; p++) {
        ck_assert(!carc__root_has_follower(g, city, p, CARC_CLASS_FOLLOWER));
        ck_assert(!carc__root_has_follower(g, road, p, CARC_CLASS_FOLLOWER));
    }
    carc_game_free(g);
}
END_TEST

/* Several figures on one feature leaving one by one: the owner keeps the
 * feature while one of its claiming figures is left; a figure of another
 * class (probe2's ringmaster, a meeple but no follower) is found by its
 * class and never counts as a follower. */
START_TEST(has_follower_as_figures_leave)
{
    carc_game *g = new_game((1ull << P1) | (1ull << P2));
    int cs = seg_at_side(g, 0, 0), city = carc__segment_root(g, 0, cs);
    const int moves[] = {FIG_FOLLOWER(0, 0), FIG_BIG(0), FIG_FOLLOWER(1, 0), FIG_RING(1)};
    for (int i = 0; i < 4; i++)
        ck_assert_int_eq(carc__figure_move(g, moves[i], CARC_PLACE_SEGMENT, 0, cs, 0, 0,
                                           CARC_CAUSE_DEPLOY),
                         CARC_OK);
    ck_assert_int_eq(carc__root_followers(g, city), 3);
    ck_assert(carc__root_has_follower(g, city, 0, CARC_CLASS_FOLLOWER));
    ck_assert(carc__root_has_follower(g, city, 1, CARC_CLASS_FOLLOWER));
    ck_assert(carc__root_has_follower(g, city, 1, CARC_CLASS_MEEPLE));
    ck_assert(carc__root_has_follower(g, city, 0, CARC_CLASS_EATABLE));
    ck_assert(!carc__root_has_follower(g, city, 1, CARC_CLASS_NEUTRAL));
    /* p0's follower leaves: its big meeple still holds the city */
    carc__figure_move(g, FIG_FOLLOWER(0, 0), CARC_PLACE_SUPPLY, -1, 0, 0, 0, CARC_CAUSE_SCORED);
    ck_assert(carc__root_has_follower(g, city, 0, CARC_CLASS_FOLLOWER));
    ck_assert(!carc__root_has_follower(g, city, 0, CARC_CLASS_EATABLE));
    /* p1's follower leaves: its ringmaster is a meeple, not a follower */
    carc__figure_move(g, FIG_FOLLOWER(1, 0), CARC_PLACE_SUPPLY, -1, 0, 0, 0, CARC_CAUSE_SCORED);
    ck_assert(!carc__root_has_follower(g, city, 1, CARC_CLASS_FOLLOWER));
    ck_assert(carc__root_has_follower(g, city, 1, CARC_CLASS_MEEPLE));
    ck_assert(carc__root_has_follower(g, city, 1, CARC_CLASS_FOLLOWER | CARC_CLASS_MEEPLE));
    ck_assert(carc__root_has_follower(g, city, 0, CARC_CLASS_FOLLOWER));
    /* p0's last claiming figure leaves */
    carc__figure_move(g, FIG_BIG(0), CARC_PLACE_SUPPLY, -1, 0, 0, 0, CARC_CAUSE_SCORED);
    ck_assert(!carc__root_has_follower(g, city, 0, CARC_CLASS_FOLLOWER | CARC_CLASS_MEEPLE));
    ck_assert_int_eq(carc__root_followers(g, city), 0);
    ck_assert_int_eq(CSEGS(g)[city].owners, 0);
    carc_game_free(g);
}
END_TEST

/* The brute-force answer: a walk of every figure. */
static bool walk_has(const carc_game *g, int root, int player, unsigned classes)
{
    for (int i = 0; i < carc__figure_count(g); i++) {
        carc_fig f;
        carc__figure_get(g, i, &f);
        if (f.where == CARC_PLACE_SEGMENT && f.owner == player &&
            (carc__figure_kind_classes(g, f.kind) & classes) &&
            carc__segment_root(g, f.tile, f.segment) == root)
            return true;
    }
    return false;
}

/* Random games (features merge, score, figures come and go): at every
 * decision the answer agrees with the walk for every feature, player and
 * class. */
START_TEST(has_follower_agrees_with_a_walk)
{
    static const unsigned classes[] = {CARC_CLASS_FOLLOWER, CARC_CLASS_MEEPLE,
                                       CARC_CLASS_EATABLE, CARC_CLASS_FOLLOWER | CARC_CLASS_MEEPLE};
    static int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
    long checked = 0;
    for (int seed = 1; seed <= 6; seed++) {
        carc_options o;
        carc_options_init(&o);
        o.num_players = 2 + seed % 4;
        o.seed = (uint64_t)seed;
        o.modules |= (1ull << P1) | (1ull << P2);
        carc_game *g;
        ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
        uint32_t rng = (uint32_t)seed * 2654435761u;
        while (!carc_game_is_terminal(g)) {
            if (sample_if_chance(g)) continue;
            for (uint32_t s = 0; s < g->nsegs; s++) {
                if (CSEGS(g)[s].parent != s) continue;
                for (int p = 0; p < carc__players(g); p++)
                    for (size_t c = 0; c < sizeof classes / sizeof classes[0]; c++) {
                        ck_assert_int_eq(carc__root_has_follower(g, (int)s, p, classes[c]),
                                         walk_has(g, (int)s, p, classes[c]));
                        checked++;
                    }
            }
            random_step(g, ids, &rng);
        }
        carc_game_free(g);
    }
    ck_assert_int_gt(checked, 10000);
}
END_TEST

/* ---------------------------------------------------------- tag bits */

START_TEST(tag_bits_by_name)
{
    for (int i = 0; i < carc__nseg_tags; i++)
        ck_assert_uint_eq(carc__segment_tag_bit(carc__seg_tag_names[i]), 1u << i);
    for (int i = 0; i < carc__ntile_tags; i++)
        ck_assert_uint_eq(carc__tile_tag_bit(carc__tile_tag_names[i]), 1u << i);
    ck_assert_uint_eq(carc__segment_tag_bit("no_such_tag"), 0);
    ck_assert_uint_eq(carc__tile_tag_bit("no_such_tag"), 0);
    ck_assert_uint_eq(carc__tile_tag_bit(NULL), 0);
    ck_assert_uint_eq(carc__segment_tag_bit(""), 0);
    /* the probe tiles (tests/probe/tiles.def): PA is @abbey, PB @volcano
     * @tower with an @inn on its road; a segment tag is no tile tag */
    int pa = carc_tile_by_name("PA"), pb = carc_tile_by_name("PB");
    ck_assert_int_ge(pa, 0);
    ck_assert_int_ge(pb, 0);
    uint32_t abbey = carc__tile_tag_bit("abbey"), tower = carc__tile_tag_bit("tower");
    uint32_t volcano = carc__tile_tag_bit("volcano"), inn = carc__segment_tag_bit("inn");
    ck_assert(abbey && tower && volcano && inn);
    ck_assert_uint_eq(carc__types[pa].tags & (abbey | tower | volcano), abbey);
    ck_assert_uint_eq(carc__types[pb].tags & (abbey | tower | volcano), tower | volcano);
    int inns = 0;
    for (int s = 0; s < carc__types[pb].nseg; s++)
        if (carc__types[pb].seg[s].tags & inn) {
            ck_assert_int_eq(carc__types[pb].seg[s].kind, CARC_FEATURE_ROAD);
            inns++;
        }
    ck_assert_int_eq(inns, 1);
    ck_assert_uint_eq(carc__tile_tag_bit("inn"), 0);
}
END_TEST

/* ------------------------------------------------------- bounds and slots */

/* The queue holds every module's declared max_pending plus the core's two:
 * probe 1 + probe2 2 + probe_capacity 27 + 2 = 32, the whole queue. */
START_TEST(queue_holds_the_declared_sum)
{
    ck_assert_int_eq(MAX_PENDING, 32);
    int sum = 2;
    for (int m = 0; m < CARC_MODULE_SLOTS; m++)
        if (carc__modules[m]) sum += carc__modules[m]->max_pending;
    ck_assert_int_eq(sum, MAX_PENDING);
    carc_game *g = new_game((1ull << P1) | (1ull << P2) | (1ull << CAP));
    ck_assert_int_eq(carc_game_is_terminal(g), 0);
    carc_game_free(g);
}
END_TEST

/* Verbs 0..7 keep their ids; verbs 8..31 take the second block at the end
 * of the id space; every verb id of every module is distinct and below the
 * id space, and maps back to its module and verb. */
START_TEST(verb_blocks)
{
    ck_assert_int_eq(CARC_ID_VERB, 5001);
    ck_assert_int_eq(CARC_VERB_ID(0, 0), 5001);
    ck_assert_int_eq(CARC_VERB_ID(13, 5), 5001 + 13 * 8 + 5);
    ck_assert_int_eq(CARC_VERB_ID(31, 7), 5256);
    ck_assert_int_eq(CARC_ID_NUMBER, 5257);
    ck_assert_int_eq(CARC_VERB_ID(0, 8), 6281);
    ck_assert_int_eq(CARC_VERB_ID(2, 9), 6281 + 2 * 24 + 1);
    ck_assert_int_eq(CARC_VERB_ID(31, 31), 6281 + 31 * 24 + 23);
    ck_assert_int_eq(CARC_ID_END, 7049);
    ck_assert_int_le(CARC_ID_END, CARC_NUM_DISTINCT_ACTIONS);
    static uint8_t seen[CARC_NUM_DISTINCT_ACTIONS];
    memset(seen, 0, sizeof seen);
    for (int m = 0; m < CARC_MODULE_SLOTS; m++)
        for (int k = 0; k < CARC_VERBS_MAX; k++) {
            int id = CARC_VERB_ID(m, k);
            ck_assert_int_lt(id, CARC_ID_END);
            ck_assert_int_eq(seen[id], 0);
            seen[id] = 1;
            ck_assert_int_eq(CARC_VERB_MODULE(id), m);
            ck_assert_int_eq(CARC_VERB_INDEX(id), k);
        }
    ck_assert_int_eq(CARC_VERB_MODULE(CARC_ID_VERB - 1), -1);
    ck_assert_int_eq(CARC_VERB_MODULE(CARC_ID_NUMBER), -1);
    ck_assert_int_eq(CARC_VERB_MODULE(CARC_ID_END), -1);
    /* at a deployment, a verb of the second block goes to its module: a
     * module that is off has none */
    carc_game *g = new_game(1ull << P1);
    play_lines(g, "draw W\nplace 1,0 r0\n");
    carc_action a;
    ck_assert_int_eq(carc__action_from_id(g, CARC_VERB_ID(P2, 9), &a), CARC_E_INVALID);
    ck_assert_int_eq(carc__action_from_id(g, CARC_VERB_ID(P1, 0), &a), CARC_OK);
    carc_game_free(g);
}
END_TEST

/* ------------------------------------------------------ checked builds */

/* The probe library is a checked build: a service called with a bad
 * argument aborts (doc/modules.md, "Checked builds"). */
START_TEST(checked_build)
{
    ck_assert(carc__checked_build);
}
END_TEST

START_TEST(bad_root_aborts)
{
    carc_game *g = new_game(1ull << P1);
    (void)carc__root_kind(g, 100000);
    carc_game_free(g);
}
END_TEST

START_TEST(non_root_aborts)
{
    carc_game *g = new_game(1ull << P1);
    play_lines(g, T1);
    /* the road D-W has two members; the one that is not the root */
    int road = carc__segment_root(g, 0, seg_at_side(g, 0, 1));
    int other = carc__seg_of(g, 0, seg_at_side(g, 0, 1)) == road
                    ? carc__seg_of(g, 1, seg_at_side(g, 1, 3))
                    : carc__seg_of(g, 0, seg_at_side(g, 0, 1));
    ck_assert_int_ne(other, road);
    (void)carc__root_has_follower(g, other, 0, CARC_CLASS_FOLLOWER);
    carc_game_free(g);
}
END_TEST

START_TEST(bad_figure_aborts)
{
    carc_game *g = new_game(1ull << P1);
    carc_fig f;
    carc__figure_get(g, carc__figure_count(g), &f);
    carc_game_free(g);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("helpers");
    TCase *tc = tcase_create("helpers");
    tcase_add_test(tc, figure_find_by_place);
    tcase_add_test(tc, root_members_of_features);
    tcase_add_test(tc, has_follower_through_a_game);
    tcase_add_test(tc, has_follower_as_figures_leave);
    tcase_add_test(tc, has_follower_agrees_with_a_walk);
    tcase_add_test(tc, tag_bits_by_name);
    tcase_add_test(tc, queue_holds_the_declared_sum);
    tcase_add_test(tc, verb_blocks);
    tcase_add_test(tc, checked_build);
    tcase_set_timeout(tc, 300);
    suite_add_tcase(s, tc);
    /* an abort takes the test process with it: only where Check forks */
    const char *fork = getenv("CK_FORK");
    if (!fork || strcmp(fork, "no") != 0) {
        TCase *tk = tcase_create("checks");
        tcase_add_test_raise_signal(tk, bad_root_aborts, SIGABRT);
        tcase_add_test_raise_signal(tk, non_root_aborts, SIGABRT);
        tcase_add_test_raise_signal(tk, bad_figure_aborts, SIGABRT);
        suite_add_tcase(s, tk);
    }
    return run_suite(s);
}
