/* Taking over another module's move (carc__figure_move_offer and the
 * intercept_move hook) and the rule of the figure state byte, with the probe
 * modules (tests/probe/): probe is the mover (rule probe_stroll 2: at the
 * end of a turn the current player's big meeple strolls two steps, step k
 * chosen by the k-th player from the current one), probe2 the taker (a
 * step onto a @tower tile is taken; every player, clockwise from the one
 * who made the step, decides whether their figures there flee; then the
 * fled figures are held by probe2, the others eaten, and the stroller
 * stands on the tile napping, set through the probe's setter probe_nap).
 *
 * The scenario (2 players; D is the start tile at 0,0: city N, road W-E;
 * the bag holds PD, N, U, U, so the game ends after turn 4):
 *
 *   t1 p0  PD at 1,0 r0 (city N-E, road S-W: a @tower tile, order 1),
 *          follower (figure 0) on its city
 *   t2 p1  N at 0,-1 r3 (order 2, city W-S joining D's), big meeple
 *          (figure 15) on that city; turn end: the stroll
 *            step 1, p1 (the current player): "stroll s" onto D: nobody
 *                    takes it, the big meeple stands on D (order 0)
 *            step 2, p0: "stroll e" onto PD: probe2 takes it over; p0
 *                    decides first (the player who made the step), then p1
 *   t3 p0  U at -1,0 r1, pass: no stroll (p0's big meeple is in supply)
 *   t4 p1  U at -2,0 r1, pass: no stroll (p1's big meeple naps)
 *   end    probe: +1 each; nothing on the board scores (figure 0 is held
 *          or in supply, figure 15 stands on no segment)
 *
 * Without probe_stroll the same game ends 3 : 3 (p0's follower on PD's
 * city, 1 tile + 1 pennant; p1's big meeple on the city D-N, 2 tiles; +1
 * each from the probe).  Test 7 has its own scenario: a step replaced. */
#include "core/state.h"
#include "probe/probe.h"
#include "probe/probe2.h"

#include <check.h>

#include "run_suite.h"
#include "step_checks.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "play_lines.h"

#define P1 12
#define P2 13
#define DEC_STROLL CARC_MODULE_KIND(P1, 1)
#define ACT_STROLL CARC_MODULE_KIND(P1, 2)
#define DEC_FLEE CARC_MODULE_KIND(P2, 8)
#define ACT_FLEE CARC_MODULE_KIND(P2, 10)
#define VERB_FLEE CARC_VERB_ID(P2, 6)
#define DEC_EXIT CARC_MODULE_KIND(P2, 9)

/* figures with 2 players: base followers (7 each), probe's big meeples */
#define FOLLOWER0 0
#define BIG(p) (14 + (p))
#define TILE_D 0
#define TILE_PD 1
#define TILE_N 2

static const char TURNS_1_2[] =
    "draw PD\nplace 1,0 r0\ndeploy follower city N\n"
    "draw N\nplace 0,-1 r3\ndeploy big city S\n";

static const char TURNS_3_4[] =
    "draw U\nplace -1,0 r1\npass\n"
    "draw U\nplace -2,0 r1\npass\n";

static carc_game *new_game_bag(int stroll, const char *const *bag)
{
    carc_options o;
    carc_options_init(&o);
    o.num_players = 2;
    o.modules |= (1ull << P1) | (1ull << P2);
    ck_assert_int_eq(carc_options_set_rule(&o, "probe_stroll", stroll), CARC_OK);
    carc_setup s;
    carc_setup_init(&s);
    s.bag_given = 1;
    for (int i = 0; bag[i]; i++) s.bag[carc_tile_by_name(bag[i])]++;
    carc_game *g;
    ck_assert_int_eq(carc_game_new_setup(&g, &o, &s), CARC_OK);
    return g;
}

static carc_game *new_game(int stroll)
{
    static const char *const bag[] = {"PD", "N", "U", "U", NULL};
    return new_game_bag(stroll, bag);
}

/* Apply the lines of text; fail with the line on any error. */
#define ASSERT_DECISION(g, k, pl)                                       \
    do {                                                                \
        carc_decision d_;                                               \
        ck_assert_int_eq(carc_game_decision(g, &d_), CARC_OK);          \
        ck_assert_int_eq(d_.kind, (k));                                 \
        ck_assert_int_eq(d_.player, (pl));                              \
    } while (0)

#define ASSERT_FIG(g, i, wh, t, sg, hold, ar, stt)                      \
    do {                                                                \
        carc_fig f_;                                                    \
        carc__figure_get(g, i, &f_);                                    \
        ck_assert_int_eq(f_.where, (wh));                               \
        ck_assert_int_eq(f_.tile, (t));                                 \
        ck_assert_int_eq(f_.segment, (sg));                             \
        ck_assert_int_eq(f_.holder, (hold));                            \
        ck_assert_int_eq(f_.arg, (ar));                                 \
        ck_assert_int_eq(f_.state, (stt));                              \
    } while (0)

static const probe_state *pst(const carc_game *g) { return carc__mod_cstate(g, P1); }
static const probe2_state *p2st(const carc_game *g) { return carc__mod_cstate(g, P2); }

/* the one city segment of placed tile t (PD and N have one each) */
static int city_of(const carc_game *g, int t)
{
    const tile_type *tt = &carc__types[carc__tile_type(g, t)];
    for (int i = 0; i < tt->nseg; i++)
        if (tt->seg[i].kind == CARC_FEATURE_CITY) return i;
    ck_abort_msg("no city on tile %d", t);
    return -1;
}

/* Up to the first flee decision: t1, t2 and the two stroll steps. */
static carc_game *up_to_the_den(void)
{
    carc_game *g = new_game(2);
    play_lines(g, TURNS_1_2);
    /* the stroll begins: step 1 is the current player's, onto D only */
    ASSERT_DECISION(g, DEC_STROLL, 1);
    ck_assert_int_eq(pst(g)->stroll_step, 1);
    ck_assert_int_eq(pst(g)->stroll_fig, BIG(1));
    int32_t south[] = {CARC_ID_DIRECTION + 4};
    assert_ids(g, south, 1);
    play_lines(g, "stroll s");
    ASSERT_FIG(g, BIG(1), CARC_PLACE_TILE, TILE_D, 0, 0, 0, 0);
    ck_assert_int_eq(carc__root_followers(g, carc__segment_root(g, TILE_N, 0)), 0);
    /* step 2, player 0's: back north or east onto PD */
    ASSERT_DECISION(g, DEC_STROLL, 0);
    ck_assert_int_eq(pst(g)->stroll_step, 2);
    int32_t ne[] = {CARC_ID_DIRECTION + 0, CARC_ID_DIRECTION + 2};
    assert_ids(g, ne, 2);
    play_lines(g, "stroll e");
    return g;
}

/* 1. The taker takes the step over, pauses for two players' decisions in
 * clockwise order from the player who made the step, and the mover's
 * action is over; the final figure places and scores are exact. */
START_TEST(taken_pauses_for_two_players)
{
    carc_game *g = up_to_the_den();
    /* nothing moved; the mover learnt its action ended */
    ASSERT_FIG(g, BIG(1), CARC_PLACE_TILE, TILE_D, 0, 0, 0, 0);
    ck_assert_int_eq(pst(g)->stroll_step, PROBE_STROLL_OVER);
    ck_assert_int_eq(p2st(g)->den_active, 1);
    ck_assert_int_eq(p2st(g)->den_by, 0);
    ck_assert_int_eq(p2st(g)->den_tile, TILE_PD);
    ck_assert_int_eq(p2st(g)->den_fig, BIG(1));
    /* player 0 first (who made the step), though it is player 1's turn */
    ck_assert_int_eq(carc__current(g), 1);
    ASSERT_DECISION(g, DEC_FLEE, 0);
    int32_t answers[] = {CARC_ID_PASS, VERB_FLEE};
    assert_ids(g, answers, 2);
    int city = city_of(g, TILE_PD);
    ASSERT_FIG(g, FOLLOWER0, CARC_PLACE_SEGMENT, TILE_PD, city, 0, 0, 0);

    carc_game *stay;
    ck_assert_int_eq(carc_game_clone(&stay, g), CARC_OK);

    /* player 0 flees, then player 1 */
    play_lines(g, "flee");
    ASSERT_DECISION(g, DEC_FLEE, 1);
    ck_assert_int_eq(p2st(g)->den_asked, 1);
    ck_assert_int_eq(p2st(g)->den_fled, 1);
    ASSERT_FIG(g, FOLLOWER0, CARC_PLACE_SEGMENT, TILE_PD, city, 0, 0, 0);
    play_lines(g, "pass");
    /* the follower hid, the stroller stands on PD and naps; the stroll's
     * cursor is reset, the den's too; the next turn begins */
    ASSERT_FIG(g, FOLLOWER0, CARC_PLACE_HELD, -1, 0, P2, 0, 0);
    ASSERT_FIG(g, BIG(1), CARC_PLACE_TILE, TILE_PD, 0, 0, 0, PROBE_NAPPING);
    ck_assert_int_eq(carc__root_followers(g, carc__segment_root(g, TILE_PD, city)), 0);
    ck_assert_int_eq(pst(g)->stroll_step, 0);
    ck_assert_int_eq(p2st(g)->den_active, 0);
    ck_assert_int_eq(carc__turn(g), 3);
    ASSERT_DECISION(g, CARC_DECISION_DRAW, CARC_PLAYER_CHANCE);
    ck_assert_int_eq(carc__figure_supply(g, 0, CARC_FIGURE_FOLLOWER), 6);

    /* the other branch: player 0 stays (eaten: back to its supply) */
    play_lines(stay, "pass");
    ASSERT_DECISION(stay, DEC_FLEE, 1);
    ck_assert_int_eq(p2st(stay)->den_fled, 0);
    play_lines(stay, "flee");
    ASSERT_FIG(stay, FOLLOWER0, CARC_PLACE_SUPPLY, -1, 0, 0, 0, 0);
    ASSERT_FIG(stay, BIG(1), CARC_PLACE_TILE, TILE_PD, 0, 0, 0, PROBE_NAPPING);
    ck_assert_int_eq(carc__figure_supply(stay, 0, CARC_FIGURE_FOLLOWER), 7);
    ck_assert_int_eq(pst(stay)->stroll_step, 0);

    /* the next turns proceed normally: no stroll for p0 (big meeple in
     * supply) nor p1 (napping); then the end */
    for (int k = 0; k < 2; k++) {
        carc_game *h = k ? stay : g;
        play_lines(h, "draw U\nplace -1,0 r1\npass");
        ASSERT_DECISION(h, CARC_DECISION_DRAW, CARC_PLAYER_CHANCE);
        ck_assert_int_eq(carc__turn(h), 4);
        play_lines(h, "draw U\nplace -2,0 r1\npass");
        ck_assert(carc_game_is_terminal(h));
        ck_assert_int_eq(score(h, 0), 1);
        ck_assert_int_eq(score(h, 1), 1);
        ASSERT_FIG(h, BIG(1), CARC_PLACE_TILE, TILE_PD, 0, 0, 0, PROBE_NAPPING);
        ck_assert_int_eq(pst(h)->stroll_step, 0);
    }
    ASSERT_FIG(g, FOLLOWER0, CARC_PLACE_HELD, -1, 0, P2, 0, 0);
    ASSERT_FIG(stay, FOLLOWER0, CARC_PLACE_SUPPLY, -1, 0, 0, 0, 0);
    carc_game_free(stay);
    carc_game_free(g);
}
END_TEST

/* 2. The same game without the stroll: nothing moves at the turn's end,
 * and the final scores are the figures' (see the top). */
START_TEST(without_the_stroll)
{
    carc_game *g = new_game(1);
    play_lines(g, TURNS_1_2);
    ASSERT_DECISION(g, CARC_DECISION_DRAW, CARC_PLAYER_CHANCE);
    ck_assert_int_eq(pst(g)->stroll_step, 0);
    play_lines(g, TURNS_3_4);
    ck_assert(carc_game_is_terminal(g));
    ck_assert_int_eq(score(g, 0), 3);
    ck_assert_int_eq(score(g, 1), 3);
    carc_game_free(g);
}
END_TEST

static carc_game *reserialized(const carc_game *g)
{
    size_t n;
    carc_game_serialize(g, NULL, 0, &n);
    uint8_t *buf = malloc(n);
    ck_assert_int_eq(carc_game_serialize(g, buf, n, &n), CARC_OK);
    carc_game *r;
    ck_assert_int_eq(carc_game_deserialize(&r, buf, n), CARC_OK);
    free(buf);
    return r;
}

static carc_game *replayed(const carc_game *g, const char *must)
{
    size_t n;
    carc_game_write_record(g, NULL, 0, &n);
    char *rec = malloc(n);
    ck_assert_int_eq(carc_game_write_record(g, rec, n, &n), CARC_OK);
    ck_assert_ptr_nonnull(strstr(rec, must));
    carc_game *r;
    carc_record_error err;
    ck_assert_int_eq(carc_record_replay(&r, rec, n, &err), CARC_OK);
    free(rec);
    return r;
}

/* 3. In the middle of the interception (before the first answer and
 * between the two), a clone, a serialized copy and a replayed record are
 * the same game, and play on to the same end. */
START_TEST(interception_survives_copies)
{
    carc_game *g = up_to_the_den();
    for (int stage = 0; stage < 2; stage++) {
        if (stage == 1) play_lines(g, "flee");
        carc_game *copies[3];
        ck_assert_int_eq(carc_game_clone(&copies[0], g), CARC_OK);
        copies[1] = reserialized(g);
        copies[2] = replayed(g, "\nstroll s\nstroll e\n");
        for (int c = 0; c < 3; c++) {
            carc_game *h = copies[c];
            ck_assert_msg(carc__state_equal(h, g), "stage %d copy %d differs", stage, c);
            ck_assert_int_eq(pst(h)->stroll_step, PROBE_STROLL_OVER);
            ASSERT_DECISION(h, DEC_FLEE, stage);
            play_lines(h, stage == 0 ? "flee\npass" : "pass");
            ASSERT_FIG(h, FOLLOWER0, CARC_PLACE_HELD, -1, 0, P2, 0, 0);
            ASSERT_FIG(h, BIG(1), CARC_PLACE_TILE, TILE_PD, 0, 0, 0, PROBE_NAPPING);
            play_lines(h, TURNS_3_4);
            ck_assert(carc_game_is_terminal(h));
            ck_assert_int_eq(score(h, 0), 1);
            ck_assert_int_eq(score(h, 1), 1);
        }
        /* all three ended the same */
        ck_assert(carc__state_equal(copies[0], copies[1]));
        ck_assert(carc__state_equal(copies[0], copies[2]));
        for (int c = 0; c < 3; c++) carc_game_free(copies[c]);
    }
    carc_game_free(g);
}
END_TEST

/* 4. A move nobody takes over is carc__figure_move's: the same bytes; bad
 * arguments are refused with nothing asked and nothing changed. */
START_TEST(move_nobody_takes)
{
    carc_game *g = new_game(2), *h;
    play_lines(g, TURNS_1_2);
    ck_assert_int_eq(carc_game_clone(&h, g), CARC_OK);
    /* onto D (no @tower): probe2 lets it proceed */
    carc_move m = {.fig = BIG(1), .where = CARC_PLACE_TILE, .tile = TILE_D, .cause = 77, .by = -1};
    ck_assert_int_eq(carc__figure_move_offer(g, &m), CARC_MOVE_PROCEED);
    ck_assert_int_eq(carc__figure_move(h, BIG(1), CARC_PLACE_TILE, TILE_D, 0, 0, 0, 77), CARC_OK);
    ck_assert(carc__state_equal(g, h));
    /* a stroll onto PD is taken; the same move with another cause is not */
    m.tile = TILE_PD;
    ck_assert_int_eq(carc__figure_move_offer(g, &m), CARC_MOVE_PROCEED);
    ck_assert_int_eq(carc__figure_move(h, BIG(1), CARC_PLACE_TILE, TILE_PD, 0, 0, 0, 77), CARC_OK);
    ck_assert(carc__state_equal(g, h));
    /* back to a segment, to supply, held: the same */
    int city = city_of(g, TILE_N);
    carc_move back = {.fig = BIG(1), .where = CARC_PLACE_SEGMENT, .tile = TILE_N, .seg = city,
                      .cause = CARC_CAUSE_DEPLOY, .by = 1};
    ck_assert_int_eq(carc__figure_move_offer(g, &back), CARC_MOVE_PROCEED);
    ck_assert_int_eq(carc__figure_move(h, BIG(1), CARC_PLACE_SEGMENT, TILE_N, city, 0, 0,
                                       CARC_CAUSE_DEPLOY), CARC_OK);
    ck_assert(carc__state_equal(g, h));
    carc_move held = {.fig = BIG(1), .where = CARC_PLACE_HELD, .arg = 5, .holder = P1, .by = 0};
    ck_assert_int_eq(carc__figure_move_offer(g, &held), CARC_MOVE_PROCEED);
    ck_assert_int_eq(carc__figure_move(h, BIG(1), CARC_PLACE_HELD, -1, 0, 5, P1, 0), CARC_OK);
    ck_assert(carc__state_equal(g, h));

    /* refused: a bad figure, tile, segment, holder, player; no move at all */
    static const carc_move bad[] = {
        {.fig = -1, .where = CARC_PLACE_TILE, .tile = TILE_PD, .cause = PROBE_CAUSE_STROLL},
        {.fig = 99, .where = CARC_PLACE_TILE, .tile = TILE_PD, .cause = PROBE_CAUSE_STROLL},
        {.fig = BIG(1), .where = CARC_PLACE_TILE, .tile = 3, .cause = PROBE_CAUSE_STROLL},
        {.fig = BIG(1), .where = CARC_PLACE_SEGMENT, .tile = TILE_PD, .seg = 40},
        {.fig = BIG(1), .where = CARC_PLACE_HELD, .holder = 32},
        {.fig = BIG(1), .where = 9},
        {.fig = BIG(1), .where = CARC_PLACE_TILE, .tile = TILE_PD, .cause = PROBE_CAUSE_STROLL,
         .by = 2},
        {.fig = BIG(1), .where = CARC_PLACE_TILE, .tile = TILE_PD, .cause = PROBE_CAUSE_STROLL,
         .by = -2},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_int_eq(carc__figure_move_offer(g, &bad[i]), CARC_E_INVALID);
        ck_assert_msg(carc__state_equal(g, h), "bad move %zu changed the state", i);
    }
    ck_assert_int_eq(carc__figure_move_offer(g, NULL), CARC_E_INVALID);
    ck_assert_int_eq(p2st(g)->den_active, 0);

    /* the same stroll cause onto PD: taken, nothing moved, one decision */
    carc_move stroll = {.fig = BIG(1), .where = CARC_PLACE_TILE, .tile = TILE_PD,
                        .cause = PROBE_CAUSE_STROLL, .by = -1};
    ck_assert_int_eq(carc__figure_move_offer(g, &stroll), CARC_MOVE_TAKEN);
    ASSERT_FIG(g, BIG(1), CARC_PLACE_HELD, -1, 0, P1, 5, 0);
    ck_assert_int_eq(p2st(g)->den_by, 1); /* -1: the player whose turn it is */
    carc_game_free(h);
    carc_game_free(g);
}
END_TEST

/* 5. The state byte: written only by the owner of the figure's kind; another
 * module goes through the owner's setter (probe_nap). */
START_TEST(state_byte_owner_only)
{
    carc_game *g = new_game(2), *h;
    ck_assert_int_eq(carc_game_clone(&h, g), CARC_OK);
    /* probe2 may not write the byte of a probe figure, nor probe a base one */
    ck_assert_int_eq(carc__figure_set_state(g, P2, BIG(0), 1), CARC_E_STATE);
    ck_assert_int_eq(carc__figure_set_state(g, P1, FOLLOWER0, 1), CARC_E_STATE);
    ck_assert_int_eq(carc__figure_set_state(g, P1, BIG(0), 256), CARC_E_INVALID);
    ck_assert_int_eq(carc__figure_set_state(g, P1, BIG(0), -1), CARC_E_INVALID);
    ck_assert_int_eq(carc__figure_set_state(g, P1, 99, 1), CARC_E_INVALID);
    ck_assert_int_eq(probe_nap(g, FOLLOWER0, true), CARC_E_STATE);
    ck_assert_int_eq(probe_nap(g, -1, true), CARC_E_INVALID);
    ck_assert(carc__state_equal(g, h));
    /* the owner, and others through its setter */
    ck_assert_int_eq(carc__figure_set_state(g, P1, BIG(0), 7), CARC_OK);
    ASSERT_FIG(g, BIG(0), CARC_PLACE_SUPPLY, -1, 0, 0, 0, 7);
    ck_assert_int_eq(probe_nap(g, BIG(0), true), CARC_OK);
    ASSERT_FIG(g, BIG(0), CARC_PLACE_SUPPLY, -1, 0, 0, 0, PROBE_NAPPING);
    ck_assert_int_eq(probe_nap(g, BIG(0), false), CARC_OK);
    ck_assert(carc__state_equal(g, h));
    carc_game_free(h);
    carc_game_free(g);

    /* the probe off: its setter refuses */
    carc_options o;
    carc_options_init(&o);
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    ck_assert_int_eq(probe_nap(g, 0, true), CARC_E_STATE);
    carc_fig f;
    carc__figure_get(g, 0, &f);
    ck_assert_int_eq(f.state, 0);
    carc_game_free(g);
}
END_TEST

/* 6. The stroll's notation and ids round-trip; a napping big meeple does
 * not stroll. */
START_TEST(stroll_text_and_nap)
{
    carc_game *g = new_game(2);
    play_lines(g, "draw PD\nplace 1,0 r0\ndeploy follower city N\n");
    play_lines(g, "draw N\nplace 0,-1 r3\n");
    /* before p1 deploys: its big meeple naps, so no stroll follows */
    ck_assert_int_eq(probe_nap(g, BIG(1), true), CARC_OK);
    play_lines(g, "deploy big city S");
    ASSERT_DECISION(g, CARC_DECISION_DRAW, CARC_PLAYER_CHANCE);
    carc_game_free(g);

    g = up_to_the_den();
    carc_game_free(g);
    g = new_game(2);
    play_lines(g, TURNS_1_2);
    carc_action a;
    ck_assert_int_eq(carc_action_from_string(g, "stroll s", &a), CARC_OK);
    ck_assert_int_eq(a.kind, ACT_STROLL);
    ck_assert_int_eq(a.arg, 2);
    char text[32];
    size_t n;
    ck_assert_int_eq(carc_action_to_string(g, &a, text, sizeof text, &n), CARC_OK);
    ck_assert_str_eq(text, "stroll s");
    int32_t id;
    ck_assert_int_eq(carc_action_to_id(g, &a, &id), CARC_OK);
    ck_assert_int_eq(id, CARC_ID_DIRECTION + 4);
    ck_assert_int_ne(carc_action_from_string(g, "stroll x", &a), CARC_OK);
    ck_assert_int_ne(carc_action_from_string(g, "stroll", &a), CARC_OK);
    carc_game_free(g);
}
END_TEST

/* 7. A move replaced (CARC_MOVE_REPLACED): a stroll step from a @tower
 * tile becomes an exit by another @tower tile, chosen by the player who
 * made the step, and the stroll goes on after it.  Bag PD, PD:
 *   t1 p0  PD at 1,0 r0 (order 1), pass
 *   t2 p1  PD at 1,-1 r2 (order 2: city S-W, road N-E), big meeple on its
 *          road; turn end: the stroll
 *            step 1, p1: "stroll s" (onto PD 1) is replaced: p1 chooses
 *                    the exit, PD 1 ("exit 1"); the big meeple stands there
 *            step 2, p0: "stroll w" (onto D) is replaced too (it starts on
 *                    PD 1): p0 chooses the exit, PD 2
 *   end    the bag is empty: probe +1 each; the big meeple stands on no
 *          segment (without the stroll, its road scores 1 more for p1) */
START_TEST(replaced_goes_on)
{
    static const char *const bag[] = {"PD", "PD", NULL};
    static const char TURNS[] = "draw PD\nplace 1,0 r0\npass\n"
                                "draw PD\nplace 1,-1 r2\ndeploy big road N\n";
    carc_game *g = new_game_bag(2, bag);
    play_lines(g, TURNS);
    ASSERT_DECISION(g, DEC_STROLL, 1);
    int32_t south[] = {CARC_ID_DIRECTION + 4};
    assert_ids(g, south, 1);
    carc_fig on_road;
    carc__figure_get(g, BIG(1), &on_road);
    ck_assert_int_eq(on_road.where, CARC_PLACE_SEGMENT);
    ck_assert_int_eq(on_road.tile, 2);
    play_lines(g, "stroll s");
    /* nothing moved as offered; the mover counted the step; p1 chooses */
    ASSERT_FIG(g, BIG(1), CARC_PLACE_SEGMENT, 2, on_road.segment, 0, 0, 0);
    ck_assert_int_eq(pst(g)->stroll_step, 2);
    ASSERT_DECISION(g, DEC_EXIT, 1);
    int32_t exit1[] = {CARC_ID_TILE + 1};
    assert_ids(g, exit1, 1);

    /* copies in the middle of the replacement are the same game */
    carc_game *copies[3];
    ck_assert_int_eq(carc_game_clone(&copies[0], g), CARC_OK);
    copies[1] = reserialized(g);
    copies[2] = replayed(g, "\nstroll s\n");
    for (int c = 0; c < 3; c++) ck_assert(carc__state_equal(copies[c], g));

    play_lines(g, "exit 1");
    ASSERT_FIG(g, BIG(1), CARC_PLACE_TILE, 1, 0, 0, 0, 0);
    /* the stroll goes on: step 2 is player 0's, from PD 1 */
    ASSERT_DECISION(g, DEC_STROLL, 0);
    int32_t nw[] = {CARC_ID_DIRECTION + 0, CARC_ID_DIRECTION + 6};
    assert_ids(g, nw, 2);
    play_lines(g, "stroll w");
    ASSERT_FIG(g, BIG(1), CARC_PLACE_TILE, 1, 0, 0, 0, 0);
    ASSERT_DECISION(g, DEC_EXIT, 0);
    int32_t exit2[] = {CARC_ID_TILE + 2};
    assert_ids(g, exit2, 1);
    play_lines(g, "exit 2");
    ASSERT_FIG(g, BIG(1), CARC_PLACE_TILE, 2, 0, 0, 0, 0);
    ck_assert_int_eq(pst(g)->stroll_step, 0);
    ck_assert(carc_game_is_terminal(g));
    ck_assert_int_eq(score(g, 0), 1);
    ck_assert_int_eq(score(g, 1), 1);
    for (int c = 0; c < 3; c++) {
        play_lines(copies[c], "exit 1\nstroll w\nexit 2");
        ck_assert(carc__state_equal(copies[c], g));
        carc_game_free(copies[c]);
    }
    carc_game_free(g);

    /* without the stroll */
    g = new_game_bag(1, bag);
    play_lines(g, TURNS);
    ck_assert(carc_game_is_terminal(g));
    ck_assert_int_eq(score(g, 0), 1);
    ck_assert_int_eq(score(g, 1), 2);
    carc_game_free(g);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("intercept");
    TCase *tc = tcase_create("probes");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, taken_pauses_for_two_players);
    tcase_add_test(tc, without_the_stroll);
    tcase_add_test(tc, interception_survives_copies);
    tcase_add_test(tc, move_nobody_takes);
    tcase_add_test(tc, state_byte_owner_only);
    tcase_add_test(tc, stroll_text_and_nap);
    tcase_add_test(tc, replaced_goes_on);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
