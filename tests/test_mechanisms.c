/* The module platform's mechanisms, one test each, in small games driven
 * by explicit actions with base + probe (12) + probe2 (13) on
 * (tests/probe/: probe_module.c and probe2_module.c list what each does).
 * Every expected value was worked out by hand from the rules in those
 * comments; the scenarios (D is the start tile at 0,0: city N, road W-E):
 *
 *   CITY_ROAD  t1 p0 W at 1,0 (follower on the road D-W); t2 p1 N at 0,-1
 *              (follower on the city); t3 p0 N at -1,-1; t4 p1 V at 2,0;
 *              t5 p0 L at -1,0 closes the city (D N N L: 4 tiles, 8) and
 *              the road (L D W: 3 tiles + road bonus 1 = 4).
 *   ABBEY      four V around the cell 0,1, one road D-V-V-V-V whose two
 *              ends both enter 0,1; at t5 that cell has 3 neighbours and
 *              player 0 plays the abbey there, closing the road (5 tiles).
 *
 * play() checks at every decision that the mask works and every id is
 * below its space (mechanism 16) and notes which module decision kinds it
 * saw.  A test that documents an engine defect is guarded by
 * KNOWN_DEFECT_x: the branch without it pins what the engine does now,
 * the branch with it what the rules say (held_tile_wildcard_edges). */
#include "core/state.h"
#include "probe/probe2.h"

#include <check.h>

#include "play_lines.h"
#include "run_suite.h"
#include "step_checks.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define P1 12
#define P2 13

/* probe2's decision kinds, verbs and reasons (probe2_module.c) */
#define DEC_ABBEY CARC_MODULE_KIND(P2, 0)
#define DEC_CHEER CARC_MODULE_KIND(P2, 1)
#define DEC_SPARE CARC_MODULE_KIND(P2, 2)
#define DEC_TOKEN CARC_MODULE_KIND(P2, 3)
#define DEC_FAIRY CARC_MODULE_KIND(P2, 4)
#define DEC_FINAL_ABBEY CARC_MODULE_KIND(P2, 5)
#define DEC_GUST CARC_MODULE_KIND(P2, 6)
#define ACT_TOKEN CARC_MODULE_KIND(P2, 3)
#define ACT_GUST CARC_MODULE_KIND(P2, 7)
#define REASON_GUST CARC_MODULE_KIND(P2, 3)
#define REASON_CHEER CARC_MODULE_KIND(P2, 0)
#define REASON_TOKEN CARC_MODULE_KIND(P2, 1)
#define REASON_FAIRY CARC_MODULE_KIND(P2, 2)
#define VERB_ABBEY CARC_VERB_ID(P2, 0)
#define VERB_PERCH CARC_VERB_ID(P2, 1)
#define VERB_FAIRY CARC_VERB_ID(P2, 2)
#define VERB_SCORE CARC_VERB_ID(P2, 3)
#define VERB_SPARE CARC_VERB_ID(P2, 4)
/* probe's */
#define DEC_TITHE CARC_MODULE_KIND(P1, 0)
#define ACT_TITHE CARC_MODULE_KIND(P1, 1)
#define REASON_BLESS CARC_MODULE_KIND(P1, 0)
#define REASON_TITHE CARC_MODULE_KIND(P1, 1)
#define REASON_END CARC_MODULE_KIND(P1, 2)
#define VERB_BLESS CARC_VERB_ID(P1, 0)


static const probe2_state *p2state(const carc_game *g) { return carc__mod_cstate(g, P2); }

/* figure indices with 2 players: base followers (7 each), probe's big
 * meeples, probe2's ringmasters, then the neutral fairy */
#define FIG_FOLLOWER(p, i) ((p) * 7 + (i))
#define FIG_BIG(p) (14 + (p))
#define FIG_PERCH(p) (16 + (p))
#define FIG_FAIRY 18

/* ---------------------------------------------------------------- helpers */

static carc_game *new_game(int players, const char *rule, int value)
{
    carc_options o;
    carc_options_init(&o);
    o.num_players = players;
    o.modules |= (1ull << P1) | (1ull << P2);
    if (rule) ck_assert_int_eq(carc_options_set_rule(&o, rule, value), CARC_OK);
    carc_game *g;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    return g;
}

/* module decision kinds seen by check_bounds (bit k of kind 16 + m*16 + k
 * for probe2, bit 8 for probe's tithe) */
static unsigned seen_kinds;

/* Mechanism 16: at every decision the mask works, agrees with the ids,
 * and every id lies below its space. */
static void check_bounds(const carc_game *g)
{
    static int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
    static uint8_t mask[CARC_NUM_DISTINCT_ACTIONS];
    size_t n;
    ck_assert_int_eq(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &n), CARC_OK);
    ck_assert_int_eq(carc_game_legal_mask(g, mask, sizeof mask), CARC_OK);
    bool chance = carc_game_current_player(g) == CARC_PLAYER_CHANCE;
    int32_t bound = chance ? CARC_MAX_CHANCE_OUTCOMES : CARC_NUM_DISTINCT_ACTIONS;
    size_t ones = 0;
    for (int32_t i = 0; i < bound; i++) ones += mask[i];
    ck_assert_uint_eq(ones, n);
    for (size_t i = 0; i < n; i++) {
        ck_assert_int_ge(ids[i], 0);
        ck_assert_int_lt(ids[i], bound);
        ck_assert_int_eq(mask[ids[i]], 1);
    }
    carc_decision d;
    ck_assert_int_eq(carc_game_decision(g, &d), CARC_OK);
    if (d.kind >= CARC_MODULE_KIND(P2, 0) && d.kind < CARC_MODULE_KIND(P2, 8))
        seen_kinds |= 1u << (d.kind - CARC_MODULE_KIND(P2, 0));
    if (d.kind == DEC_TITHE) seen_kinds |= 1u << 8;
}

/* Apply the lines of text (blank lines and '#' comments skipped, each
 * shorter than 128 bytes); fail with the line on any error; check_bounds
 * before every line and after the last. */
static void play(carc_game *g, const char *text)
{
    play_lines_each(g, text, 128, check_bounds);
}

/* A refused action: the error comes back and the state is byte-identical. */
static int refused_action(carc_game *g, const carc_action *a)
{
    carc_game *before;
    ck_assert_int_eq(carc_game_clone(&before, g), CARC_OK);
    int rc = carc_game_apply(g, a);
    ck_assert_msg(rc < 0, "action of kind %d was accepted", a->kind);
    ck_assert_msg(carc__state_equal(g, before), "refused action changed the state");
    carc_game_free(before);
    return rc;
}

#define ASSERT_SCORES(g, s0, s1)              \
    do {                                      \
        ck_assert_int_eq(score(g, 0), (s0));  \
        ck_assert_int_eq(score(g, 1), (s1));  \
    } while (0)

/* the pending decision is of kind `kind` for `player` */
#define ASSERT_DECISION(g, k, pl)                                       \
    do {                                                                \
        carc_decision d_;                                               \
        ck_assert_int_eq(carc_game_decision(g, &d_), CARC_OK);          \
        ck_assert_int_eq(d_.kind, (k));                                 \
        ck_assert_int_eq(d_.player, (pl));                              \
        ck_assert_int_eq(carc_game_current_player(g), (pl));            \
    } while (0)

static bool id_legal(const carc_game *g, int32_t id)
{
    static int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
    size_t n;
    ck_assert_int_eq(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &n), CARC_OK);
    for (size_t i = 0; i < n; i++)
        if (ids[i] == id) return true;
    return false;
}

static carc_figure fig_at(const carc_game *g, int i)
{
    carc_figure f[64];
    size_t n;
    ck_assert_int_eq(carc_game_figures(g, f, 64, &n), CARC_OK);
    ck_assert_int_lt(i, (int)n);
    return f[i];
}

static size_t score_log(const carc_game *g, carc_score_event *ev, size_t cap)
{
    size_t n;
    ck_assert_int_eq(carc_game_score_log(g, ev, cap, &n), CARC_OK);
    return n;
}

#define ASSERT_EVENT(e, pl, pts, why, feat)       \
    do {                                          \
        ck_assert_int_eq((e).player, (pl));       \
        ck_assert_int_eq((e).points, (pts));      \
        ck_assert_int_eq((e).reason, (why));      \
        ck_assert_int_eq((e).feature, (feat));    \
    } while (0)

/* ------------------------------------------------------------- scenarios */

/* Up to the placement of t5 (see the top): the deployment of t5 is next. */
static const char CITY_ROAD[] =
    "draw W\nplace 1,0 r0\ndeploy follower road W\n"     /* t1 p0 */
    "draw N\nplace 0,-1 r3\ndeploy follower city S\n"    /* t2 p1 */
    "draw N\nplace -1,-1 r2\npass\n"                     /* t3 p0 */
    "draw V\nplace 2,0 r0\npass\n"                       /* t4 p1 */
    "draw L\nplace -1,0 r0\n";                           /* t5 p0 */

/* Up to t5's draw step, where player 0 is offered the abbey. */
static const char ABBEY[] =
    "draw V\nplace 1,0 r0\ndeploy follower road W\n"     /* t1 p0: road D-V */
    "draw V\nplace -1,0 r3\npass\n"                      /* t2 p1 */
    "draw V\nplace 1,1 r1\npass\n"                       /* t3 p0 */
    "draw V\nplace -1,1 r2\npass\n";                     /* t4 p1 */

/* ------------------------------------------------------------------ tests */

/* Take the first legal action (a pass where one is offered, "score",
 * "cheer 0", "tithe 0", the first placement; at a deployment the first
 * figure or verb offered) or sample a chance decision,
 * until a decision of kind `stop` or the end.  *last_player and *last_turn
 * (if given) get the player and turn of the last placement. */
static void drive(carc_game *g, int stop, int *last_player, int *last_turn)
{
    static int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
    for (int guard = 0; guard < 5000 && !carc_game_is_terminal(g); guard++) {
        carc_decision d;
        ck_assert_int_eq(carc_game_decision(g, &d), CARC_OK);
        if (d.kind == stop) return;
        check_bounds(g);
        if (d.player == CARC_PLAYER_CHANCE) {
            ck_assert_int_eq(carc_game_sample_chance(g, NULL), CARC_OK);
            continue;
        }
        if (d.kind == CARC_DECISION_PLACE) {
            if (last_player) *last_player = g->player;
            if (last_turn) *last_turn = carc_game_turn(g);
        }
        size_t n;
        ck_assert_int_eq(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &n), CARC_OK);
        ck_assert_uint_gt(n, 0);
        /* deploy the first figure offered, so that something is left on
         * the board for end-game scoring */
        ck_assert_int_eq(carc_game_apply_id(g, ids[d.kind == CARC_DECISION_DEPLOY && n > 1]), CARC_OK);
    }
}

/* placed tiles beside (x, y), of its 4 orthogonal neighbours */
static int neighbours4(const carc_game *g, int x, int y)
{
    static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
    int n = 0;
    for (int d = 0; d < 4; d++) {
        carc_placed_tile t;
        n += carc_game_tile_at(g, x + dx[d], y + dy[d], &t) == CARC_OK;
    }
    return n;
}

static void assert_tile(const carc_game *g, int x, int y, const char *name, int rot)
{
    carc_placed_tile t;
    ck_assert_int_eq(carc_game_tile_at(g, x, y, &t), CARC_OK);
    ck_assert_str_eq(carc_tile_name(t.type), name);
    ck_assert_int_eq(t.rotation, rot);
}

/* 1. Every step runs, in order: the placement of t5 completes a city and a
 * road.  DEPLOY -> BEFORE_SCORING (cheer, next player) -> SCORING (the
 * city's before-majority pause, then both features) -> AFTER_SCORING
 * (token, chance) -> PART_END (extra part: same player, same turn, a new
 * draw) -> ... -> TURN_END of turn 5 (tithe, next player) -> turn 6. */
START_TEST(every_step_in_order)
{
    carc_game *g = new_game(2, NULL, 0);
    seen_kinds = 0;
    play(g, CITY_ROAD);
    ck_assert_uint_eq(seen_kinds, 0); /* no module decision in t1..t4 */
    ck_assert_int_eq(carc_game_turn(g), 5);
    ASSERT_DECISION(g, CARC_DECISION_DEPLOY, 0);
    play(g, "pass");

    /* BEFORE_SCORING: the next player cheers; nothing scored yet */
    ASSERT_DECISION(g, DEC_CHEER, 1);
    ck_assert_int_eq(g->step, CARC_STEP_BEFORE_SCORING);
    ASSERT_SCORES(g, 0, 0);
    ck_assert_int_eq(fig_at(g, FIG_FOLLOWER(1, 0)).where, CARC_WHERE_BOARD);
    ck_assert_int_eq(fig_at(g, FIG_FOLLOWER(0, 0)).where, CARC_WHERE_BOARD);
    play(g, "cheer 2");
    ASSERT_SCORES(g, 0, 2);

    /* SCORING, before the city's majority: the current player decides;
     * the road is not scored yet either (the city comes first) */
    ASSERT_DECISION(g, DEC_SPARE, 0);
    ck_assert_int_eq(g->step, CARC_STEP_SCORING);
    {
        const int32_t want[] = {VERB_SCORE, VERB_SPARE};
        assert_ids(g, want, 2);
    }
    ck_assert_int_eq(fig_at(g, FIG_FOLLOWER(1, 0)).where, CARC_WHERE_BOARD);
    play(g, "score");
    ASSERT_SCORES(g, 4, 10); /* city 4 tiles x 2 to p1; road 3 + 1 to p0 */
    ck_assert_int_eq(carc_game_supply(g, 0, CARC_FIGURE_FOLLOWER), 7);
    ck_assert_int_eq(carc_game_supply(g, 1, CARC_FIGURE_FOLLOWER), 7);

    /* AFTER_SCORING: a token, a chance decision of the module */
    ASSERT_DECISION(g, DEC_TOKEN, CARC_PLAYER_CHANCE);
    ck_assert_int_eq(g->step, CARC_STEP_AFTER_SCORING);
    {
        int32_t ids[8];
        double probs[8];
        size_t n;
        ck_assert_int_eq(carc_game_chance_outcomes(g, ids, probs, 8, &n), CARC_OK);
        ck_assert_uint_eq(n, 3);
        ck_assert_int_eq(ids[0], 1);
        ck_assert_int_eq(ids[1], 2);
        ck_assert_int_eq(ids[2], 3);
        ck_assert_double_eq_tol(probs[0], 0.25, 1e-12);
        ck_assert_double_eq_tol(probs[1], 0.5, 1e-12);
        ck_assert_double_eq_tol(probs[2], 0.25, 1e-12);
    }
    play(g, "token 3");
    ASSERT_SCORES(g, 7, 10);

    /* PART_END: an extra part -- the same player draws again, same turn */
    ASSERT_DECISION(g, CARC_DECISION_DRAW, CARC_PLAYER_CHANCE);
    ck_assert_int_eq(carc_game_turn(g), 5);
    ck_assert_int_eq(g->player, 0);
    ck_assert_int_eq(g->part, 1);
    ck_assert_int_eq(carc_game_tile_count(g), 6);
    play(g, "draw U\nplace 1,1 r0");
    ASSERT_DECISION(g, CARC_DECISION_DEPLOY, 0);
    play(g, "pass");

    /* TURN_END of the 5th turn: the next player's tithe */
    ASSERT_DECISION(g, DEC_TITHE, 1);
    ck_assert_int_eq(g->step, CARC_STEP_TURN_END);
    ck_assert_int_eq(carc_game_turn(g), 5);
    play(g, "tithe 1");
    ASSERT_SCORES(g, 7, 11);

    /* turn 6: player 1 draws */
    ASSERT_DECISION(g, CARC_DECISION_DRAW, CARC_PLAYER_CHANCE);
    ck_assert_int_eq(carc_game_turn(g), 6);
    ck_assert_int_eq(g->player, 1);
    ck_assert_int_eq(g->part, 0);

    carc_score_event ev[16];
    ck_assert_uint_eq(score_log(g, ev, 16), 5);
    ASSERT_EVENT(ev[0], 1, 2, REASON_CHEER, -1);
    ck_assert_int_eq(ev[0].segment, -1);
    ASSERT_EVENT(ev[1], 1, 8, CARC_SCORE_COMPLETED, CARC_FEATURE_CITY);
    ASSERT_EVENT(ev[2], 0, 4, CARC_SCORE_COMPLETED, CARC_FEATURE_ROAD);
    ASSERT_EVENT(ev[3], 0, 3, REASON_TOKEN, -1);
    ck_assert_int_eq(ev[4].player, 1);
    ck_assert_int_eq(ev[4].points, 1);
    ck_assert_int_eq(ev[4].reason, REASON_TITHE);
    for (int i = 0; i < 5; i++) ck_assert_int_eq(ev[i].turn, 5);
    carc_game_free(g);
}
END_TEST

/* line number (1-based) of the first occurrence of `what` in text */
static int line_of(const char *text, const char *what)
{
    const char *at = strstr(text, what);
    ck_assert_ptr_nonnull(at);
    int line = 1;
    for (const char *c = text; c < at; c++) line += *c == '\n';
    return line;
}

static char *record_of(const carc_game *g, size_t *len)
{
    carc_game_write_record(g, NULL, 0, len);
    char *rec = malloc(*len);
    ck_assert_int_eq(carc_game_write_record(g, rec, *len, len), CARC_OK);
    return rec;
}

/* 2. A module's chance decision answered by the host and by the RNG; a
 * record with "token N rng" replays only when the RNG gives N again. */
START_TEST(chance_by_host_and_rng)
{
    carc_game *g = new_game(2, NULL, 0), *h;
    play(g, CITY_ROAD);
    play(g, "pass\ncheer 0\nscore");
    ASSERT_SCORES(g, 4, 8);
    ASSERT_DECISION(g, DEC_TOKEN, CARC_PLAYER_CHANCE);
    ck_assert_int_eq(carc_game_clone(&h, g), CARC_OK);

    /* the host */
    play(h, "token 3");
    ASSERT_SCORES(h, 7, 8);

    /* the RNG */
    carc_action a;
    ck_assert_int_eq(carc_game_sample_chance(g, &a), CARC_OK);
    ck_assert_int_eq(a.kind, ACT_TOKEN);
    ck_assert_int_ge(a.arg, 1);
    ck_assert_int_le(a.arg, 3);
    ASSERT_SCORES(g, 4 + a.arg, 8);
    carc_score_event ev[8];
    size_t n = score_log(g, ev, 8);
    ck_assert_uint_eq(n, 3);
    ASSERT_EVENT(ev[2], 0, a.arg, REASON_TOKEN, -1);
    ASSERT_DECISION(g, CARC_DECISION_DRAW, CARC_PLAYER_CHANCE);

    /* records: the sampled one is marked rng, the host's is not */
    size_t len, hlen;
    char *rec = record_of(g, &len), *hrec = record_of(h, &hlen);
    char want[32];
    snprintf(want, sizeof want, "\ntoken %d rng\n", a.arg);
    ck_assert_ptr_nonnull(strstr(rec, want));
    ck_assert_ptr_nonnull(strstr(hrec, "\ntoken 3\n"));
    carc_game *r;
    carc_record_error err;
    ck_assert_int_eq(carc_record_replay(&r, rec, len, &err), CARC_OK);
    ck_assert(carc__state_equal(r, g));
    carc_game_free(r);
    ck_assert_int_eq(carc_record_replay(&r, hrec, hlen, &err), CARC_OK);
    ck_assert(carc__state_equal(r, h));
    carc_game_free(r);

    /* another value with "rng": refused at its line */
    int line = line_of(rec, want + 1);
    char *tok = strstr(rec, want) + 7;
    *tok = (char)('1' + a.arg % 3);
    r = (carc_game *)1;
    ck_assert_int_eq(carc_record_replay(&r, rec, len, &err), CARC_E_ILLEGAL);
    ck_assert_ptr_null(r);
    ck_assert_int_eq(err.line, line);
    ck_assert_int_eq(err.code, CARC_E_ILLEGAL);
    /* the same value written by the host is fine: no RNG involved */
    char *rng = strstr(rec, " rng\n");
    ck_assert_ptr_nonnull(rng);
    if (rng) memmove(rng, rng + 4, strlen(rng + 4) + 1); /* (if: for gcc's bounds check) */
    ck_assert_int_eq(carc_record_replay(&r, rec, strlen(rec), &err), CARC_OK);
    ck_assert_int_eq(score(r, 0), 4 + 1 + a.arg % 3);
    carc_game_free(r);

    free(rec);
    free(hrec);
    carc_game_free(h);
    carc_game_free(g);
}
END_TEST

/* 3. A decision by another player before scoring: player 1 cheers during
 * player 0's turn, before anything of the turn is scored. */
START_TEST(decision_by_another_player)
{
    carc_game *g = new_game(2, NULL, 0);
    play(g, CITY_ROAD);
    play(g, "pass");
    ASSERT_DECISION(g, DEC_CHEER, 1);
    ck_assert_int_eq(g->player, 0); /* still player 0's turn */
    {
        const int32_t want[] = {CARC_ID_NUMBER, CARC_ID_NUMBER + 1, CARC_ID_NUMBER + 2};
        assert_ids(g, want, 3);
    }
    ck_assert_int_eq(refused(g, "cheer 3"), CARC_E_ILLEGAL);
    play(g, "cheer 1");
    ASSERT_SCORES(g, 0, 1);
    carc_score_event ev[8];
    ck_assert_uint_eq(score_log(g, ev, 8), 1);
    ASSERT_EVENT(ev[0], 1, 1, REASON_CHEER, -1);
    ck_assert_int_eq(ev[0].segment, -1);
    ck_assert_int_eq(ev[0].turn, 5);
    /* then the turn goes on with player 0 deciding */
    ASSERT_DECISION(g, DEC_SPARE, 0);
    play(g, "score");
    ASSERT_SCORES(g, 4, 9);
    carc_game_free(g);
}
END_TEST

/* 4. A pause before majority: "spare" leaves the city unscored with its
 * follower on it; "score" scores it. */
START_TEST(pause_before_majority)
{
    carc_game *g = new_game(2, NULL, 0), *h;
    play(g, CITY_ROAD);
    play(g, "pass\ncheer 0");
    ASSERT_DECISION(g, DEC_SPARE, 0);
    ck_assert_int_eq(carc_game_clone(&h, g), CARC_OK);

    play(g, "spare");
    ASSERT_SCORES(g, 4, 0); /* only the road */
    carc_figure f = fig_at(g, FIG_FOLLOWER(1, 0));
    ck_assert_int_eq(f.where, CARC_WHERE_BOARD);
    ck_assert_int_eq(f.owner, 1);
    ck_assert_int_eq(f.x, 0);
    ck_assert_int_eq(f.y, -1);
    ck_assert_int_eq(f.segment, 0);
    ck_assert_int_eq(carc_game_supply(g, 1, CARC_FIGURE_FOLLOWER), 6);
    ck_assert_int_eq(carc_game_supply(g, 0, CARC_FIGURE_FOLLOWER), 7);
    carc_score_event ev[8];
    ck_assert_uint_eq(score_log(g, ev, 8), 1);
    ASSERT_EVENT(ev[0], 0, 4, CARC_SCORE_COMPLETED, CARC_FEATURE_ROAD);
    ASSERT_DECISION(g, DEC_TOKEN, CARC_PLAYER_CHANCE);

    play(h, "score");
    ASSERT_SCORES(h, 4, 8);
    ck_assert_int_eq(fig_at(h, FIG_FOLLOWER(1, 0)).where, CARC_WHERE_SUPPLY);
    ck_assert_int_eq(carc_game_supply(h, 1, CARC_FIGURE_FOLLOWER), 7);
    ck_assert_uint_eq(score_log(h, ev, 8), 2);
    ASSERT_EVENT(ev[0], 1, 8, CARC_SCORE_COMPLETED, CARC_FEATURE_CITY);
    ASSERT_EVENT(ev[1], 0, 4, CARC_SCORE_COMPLETED, CARC_FEATURE_ROAD);
    carc_game_free(h);
    carc_game_free(g);
}
END_TEST

/* 5. An extra part after a completed road, never two in a row: the extra
 * part of t5 completes another road and the turn still ends; in t6 a road
 * gives player 1 an extra part again. */
START_TEST(extra_part_never_twice)
{
    carc_game *g = new_game(2, NULL, 0);
    play(g, CITY_ROAD);
    play(g, "pass\ncheer 0\nscore\ntoken 1");
    ASSERT_SCORES(g, 5, 8);
    ASSERT_DECISION(g, CARC_DECISION_DRAW, CARC_PLAYER_CHANCE);
    ck_assert_int_eq(g->part, 1);
    ck_assert_int_eq(carc_game_turn(g), 5);

    /* the extra part closes the road W(1,0)-W(1,1): 2 tiles, nobody on it */
    play(g, "draw W\nplace 1,1 r2\npass");
    ASSERT_DECISION(g, DEC_CHEER, 1);
    play(g, "cheer 0\ntoken 1");
    ASSERT_SCORES(g, 6, 8);
    ASSERT_DECISION(g, DEC_TITHE, 1); /* no second extra part: the turn ends */
    ck_assert_int_eq(carc_game_turn(g), 5);
    play(g, "tithe 0");
    ASSERT_DECISION(g, CARC_DECISION_DRAW, CARC_PLAYER_CHANCE);
    ck_assert_int_eq(carc_game_turn(g), 6);
    ck_assert_int_eq(g->player, 1);
    ck_assert_int_eq(g->part, 0);

    /* t6: player 1 closes two roads (V-W(2,1) and W(1,1)-W(2,1)) */
    play(g, "draw W\nplace 2,1 r1\npass");
    ASSERT_DECISION(g, DEC_CHEER, 0);
    play(g, "cheer 0\ntoken 2");
    ASSERT_SCORES(g, 6, 10);
    ASSERT_DECISION(g, CARC_DECISION_DRAW, CARC_PLAYER_CHANCE);
    ck_assert_int_eq(carc_game_turn(g), 6);
    ck_assert_int_eq(g->player, 1);
    ck_assert_int_eq(g->part, 1);
    carc_game_free(g);
}
END_TEST

/* The end phase of a whole game (3 players, seed 7), driven by first
 * legal actions (so nobody plays an abbey before the end). */
#define END_SEED 7
static carc_game *game_at_end_phase(int *last_player, int *last_turn)
{
    carc_options o;
    carc_options_init(&o);
    o.num_players = 3;
    o.seed = END_SEED;
    o.modules |= (1ull << P1) | (1ull << P2);
    carc_game *g;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    drive(g, DEC_FINAL_ABBEY, last_player, last_turn);
    return g;
}

/* 6. An end-phase decision: after the last tile, the players holding an
 * abbey are asked in turn order from the next player; one who says
 * "abbey" plays a turn with it outside the turn order; then the game ends
 * with end-game scoring. */
START_TEST(end_phase_abbeys)
{
    int last = -1, turn = -1;
    carc_game *g = game_at_end_phase(&last, &turn);
    const int pa = carc_tile_by_name("PA");
    ck_assert_int_eq(carc_game_tiles_remaining(g, -1), 0);
    ck_assert_int_eq(g->step, CARC_STEP_END_PHASE);
    ck_assert_int_eq(carc_game_turn(g), turn);
    for (int p = 0; p < 3; p++) ck_assert_int_eq(p2state(g)->abbeys[p], 1);
    const int first = (last + 1) % 3, second = (last + 2) % 3;

    ASSERT_DECISION(g, DEC_FINAL_ABBEY, first);
    {
        const int32_t want[] = {CARC_ID_PASS, VERB_ABBEY};
        assert_ids(g, want, 2);
    }
    int tiles = carc_game_tile_count(g);
    play(g, "abbey");
    /* a turn of `first`, outside the turn order, with the abbey in hand */
    carc_decision d;
    ck_assert_int_eq(carc_game_decision(g, &d), CARC_OK);
    ck_assert_int_eq(d.kind, CARC_DECISION_PLACE);
    ck_assert_int_eq(d.player, first);
    ck_assert_int_eq(d.tile, pa);
    ck_assert_int_eq(carc_game_turn(g), turn + 1);
    ck_assert_int_eq(p2state(g)->abbeys[first], 0);
    {
        carc_action acts[64];
        size_t n;
        ck_assert_int_eq(carc_game_legal_actions(g, acts, 64, &n), CARC_OK);
        ck_assert_uint_gt(n, 0);
        for (size_t i = 0; i < n; i++) ck_assert_int_ge(neighbours4(g, acts[i].x, acts[i].y), 3);
    }
    drive(g, DEC_FINAL_ABBEY, NULL, NULL);
    ck_assert_int_eq(carc_game_tile_count(g), tiles + 1);
    ck_assert_int_eq(carc_game_tiles_remaining(g, -1), 0);

    /* back in the end phase: the player after `first` */
    ASSERT_DECISION(g, DEC_FINAL_ABBEY, second);
    ck_assert_int_eq(g->step, CARC_STEP_END_PHASE);
    play(g, "pass");
    ASSERT_DECISION(g, DEC_FINAL_ABBEY, last);
    play(g, "abbey");
    ck_assert_int_eq(carc_game_decision(g, &d), CARC_OK);
    ck_assert_int_eq(d.kind, CARC_DECISION_PLACE);
    ck_assert_int_eq(d.player, last);
    ck_assert_int_eq(d.tile, pa);
    ck_assert_int_eq(carc_game_turn(g), turn + 2);

    int32_t live[3];
    /* place and pass */
    {
        static int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
        size_t n;
        ck_assert_int_eq(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &n), CARC_OK);
        ck_assert_int_eq(carc_game_apply_id(g, ids[0]), CARC_OK);
        ASSERT_DECISION(g, CARC_DECISION_DEPLOY, last);
        play(g, "pass");
        /* whatever the placement brings (cheer, token), up to the end */
        while (!carc_game_is_terminal(g) && g->step < CARC_STEP_FINAL_SCORING) {
            if (carc_game_current_player(g) == CARC_PLAYER_CHANCE)
                ck_assert_int_eq(carc_game_sample_chance(g, NULL), CARC_OK);
            else {
                ck_assert_int_eq(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &n), CARC_OK);
                ck_assert_int_eq(carc_game_apply_id(g, ids[0]), CARC_OK);
            }
        }
    }
    ck_assert_int_eq(carc_game_tile_count(g), tiles + 2);
    for (int p = 0; p < 3; p++)
        ck_assert_int_eq(p2state(g)->abbeys[p], p == second ? 1 : 0);
    ck_assert(carc_game_is_terminal(g));
    ck_assert_int_eq(carc_game_current_player(g), CARC_PLAYER_TERMINAL);

    /* end-game scoring: probe's 1 point each (order -10), then the core's */
    static carc_score_event ev[512];
    size_t n = score_log(g, ev, 512);
    size_t k = 0;
    while (k < n && ev[k].reason != REASON_END) k++;
    ck_assert_uint_le(k + 3, n);
    for (int p = 0; p < 3; p++) {
        ASSERT_EVENT(ev[k + (size_t)p], p, 1, REASON_END, -1); /* no tile */
        ck_assert_int_eq(ev[k + (size_t)p].turn, turn + 2);
    }
    for (size_t i = 0; i < k; i++) ck_assert_int_ne(ev[i].reason, CARC_SCORE_END_GAME);
    int32_t end_points[3] = {0, 0, 0};
    for (size_t i = k + 3; i < n; i++) {
        ck_assert_int_eq(ev[i].reason, CARC_SCORE_END_GAME);
        end_points[ev[i].player] += ev[i].points;
    }
    ck_assert_uint_gt(n, k + 3); /* some figures were still out */
    ck_assert_int_eq(carc_game_final_scores(g, live, 3), CARC_OK);
    for (int p = 0; p < 3; p++) {
        int32_t total = 0;
        for (size_t i = 0; i < n; i++)
            if (ev[i].player == p) total += ev[i].points;
        ck_assert_int_eq(live[p], total);
        ck_assert_int_eq(score(g, p), total);
    }
    carc_game_free(g);
}
END_TEST

/* 7. A held tile with wildcard edges: the abbey is offered at the draw
 * step only once a cell has 3 neighbours; it can go only there; its edges
 * close the road whose two ends enter that cell (5 tiles + 1 = 6). */
START_TEST(held_tile_wildcard_edges)
{
    carc_game *g = new_game(2, NULL, 0);
    const int pa = carc_tile_by_name("PA");
    seen_kinds = 0;
    play(g, ABBEY);
    ck_assert_uint_eq(seen_kinds, 1u << 0); /* offered now, not in t1..t4 */
    ck_assert_int_eq(neighbours4(g, 0, 1), 3);
    ASSERT_DECISION(g, DEC_ABBEY, 0);
    ck_assert_int_eq(carc_game_turn(g), 5);
    {
        const int32_t want[] = {CARC_ID_PASS, VERB_ABBEY};
        assert_ids(g, want, 2);
    }
    ck_assert_int_eq(carc_game_tiles_remaining(g, -1), 73); /* 71 + 6 probe - 4 */
    play(g, "abbey");
    carc_decision d;
    ck_assert_int_eq(carc_game_decision(g, &d), CARC_OK);
    ck_assert_int_eq(d.kind, CARC_DECISION_PLACE);
    ck_assert_int_eq(d.player, 0);
    ck_assert_int_eq(d.tile, pa);
    ck_assert_int_eq(carc_game_tiles_remaining(g, -1), 73); /* nothing drawn */
    ck_assert_int_eq(p2state(g)->abbeys[0], 0);
    ck_assert_int_eq(p2state(g)->abbeys[1], 1);
    {
        carc_action acts[16];
        size_t n;
        ck_assert_int_eq(carc_game_legal_actions(g, acts, 16, &n), CARC_OK);
        ck_assert_uint_eq(n, 4); /* the one cell, every rotation (wildcards) */
        for (size_t i = 0; i < n; i++) {
            ck_assert_int_eq(acts[i].x, 0);
            ck_assert_int_eq(acts[i].y, 1);
            ck_assert_int_eq(acts[i].rotation, (int)i);
        }
    }
    ck_assert_int_eq(refused(g, "place 0,-1 r0"), CARC_E_ILLEGAL); /* the veto */
    ck_assert_int_eq(refused(g, "place 2,0 r1"), CARC_E_ILLEGAL);
    play(g, "place 0,1 r0");
    assert_tile(g, 0, 1, "PA", 0);
    ASSERT_DECISION(g, CARC_DECISION_DEPLOY, 0);
    play(g, "pass");

    /* the road D-V-V-V-V: both ends closed by the abbey's wildcard edges */
    carc_feature_info fi;
    ck_assert_int_eq(carc_game_feature(g, 1, 0, 0, &fi), CARC_OK);
    ck_assert_int_eq(fi.kind, CARC_FEATURE_ROAD);
    ck_assert_int_eq(fi.tiles, 5);
    ck_assert_int_eq(fi.open_edges, 0);
    /* what the rules say: the closed road is complete, collected and
     * scored in this turn, with everything a completion brings */
    ck_assert_int_eq(fi.complete, 1);
    ASSERT_DECISION(g, DEC_CHEER, 1);
    play(g, "cheer 0");
    ASSERT_SCORES(g, 6, 0);
    ck_assert_int_eq(carc_game_supply(g, 0, CARC_FIGURE_FOLLOWER), 7);
    carc_score_event ev[8];
    ck_assert_uint_eq(score_log(g, ev, 8), 1);
    ASSERT_EVENT(ev[0], 0, 6, CARC_SCORE_COMPLETED, CARC_FEATURE_ROAD);
    play(g, "token 1");
    /* a completed road: an extra part */
    ASSERT_DECISION(g, CARC_DECISION_DRAW, CARC_PLAYER_CHANCE);
    ck_assert_int_eq(g->part, 1);
    carc_game_free(g);
}
END_TEST

/* 8. A start layout chosen by a module rule. */
START_TEST(start_layout)
{
    carc_game *g = new_game(2, "probe2_start", 2);
    ck_assert_int_eq(carc_game_tile_count(g), 3);
    assert_tile(g, 0, 0, "PC", 0);
    assert_tile(g, -1, 0, "PB", 0);
    assert_tile(g, 0, -1, "PA", 0);
    for (int i = 0; i < 3; i++) {
        static const char *const order[] = {"PC", "PB", "PA"};
        carc_placed_tile t;
        ck_assert_int_eq(carc_game_tile_by_order(g, i, &t), CARC_OK);
        ck_assert_str_eq(carc_tile_name(t.type), order[i]);
    }
    /* PC and PB come out of the pile, PA is held (not dealt); no start D */
    ck_assert_int_eq(carc_game_tiles_remaining(g, -1), 76);
    ck_assert_int_eq(carc_game_tiles_remaining(g, carc_tile_by_name("PC")), 0);
    ck_assert_int_eq(carc_game_tiles_remaining(g, carc_tile_by_name("PB")), 1);
    ck_assert_int_eq(carc_game_tiles_remaining(g, carc_tile_by_name("D")), 4);
    ASSERT_DECISION(g, CARC_DECISION_DRAW, CARC_PLAYER_CHANCE);
    ck_assert_int_eq(carc_game_turn(g), 1);
    ck_assert_int_eq(g->player, 0);
    carc_game_free(g);

    g = new_game(2, "probe2_start", 1);
    ck_assert_int_eq(carc_game_tile_count(g), 1);
    assert_tile(g, 0, 0, "D", 0);
    ASSERT_DECISION(g, CARC_DECISION_DRAW, CARC_PLAYER_CHANCE);
    ck_assert_int_eq(carc_game_tiles_remaining(g, -1), 77);
    ck_assert_int_eq(carc_game_tiles_remaining(g, carc_tile_by_name("D")), 3);
    carc_game_free(g);
}
END_TEST

/* 9. A figure on a tile: the perch stands on the tile just placed, on no
 * segment; one per player. */
START_TEST(figure_on_tile)
{
    carc_game *g = new_game(2, NULL, 0);
    play(g, "draw W\nplace 1,0 r0");
    ck_assert(id_legal(g, VERB_PERCH));
    ck_assert_int_eq(carc_game_supply(g, 0, CARC_FIGURE_RINGMASTER), 1);
    play(g, "perch");
    carc_figure f = fig_at(g, FIG_PERCH(0));
    ck_assert_int_eq(f.kind, CARC_FIGURE_RINGMASTER);
    ck_assert_int_eq(f.owner, 0);
    ck_assert_int_eq(f.where, CARC_WHERE_TILE);
    ck_assert_int_eq(f.x, 1);
    ck_assert_int_eq(f.y, 0);
    ck_assert_int_eq(f.segment, -1);
    ck_assert_int_eq(carc_game_supply(g, 0, CARC_FIGURE_RINGMASTER), 0);
    ck_assert_int_eq(carc_game_supply(g, 0, CARC_FIGURE_FOLLOWER), 7);
    ck_assert_int_eq(carc_game_supply(g, 1, CARC_FIGURE_RINGMASTER), 1);
    play(g, "draw U\nplace -1,0 r1");
    ck_assert(id_legal(g, VERB_PERCH)); /* player 1 still has one */
    play(g, "pass\ndraw U\nplace 0,1 r1");
    ck_assert(!id_legal(g, VERB_PERCH)); /* player 0 has none left */
    ck_assert_int_eq(refused(g, "perch"), CARC_E_ILLEGAL);
    carc_game_free(g);
}
END_TEST

/* 10. An attached figure by a two-step choice ("fairy", then "join N");
 * never onto a big meeple; held by the module when its follower scores,
 * and 1 point (an event with no tile) to the follower's owner. */
START_TEST(attached_figure)
{
    carc_game *g = new_game(2, NULL, 0);
    play(g, "draw W\nplace 1,0 r0\ndeploy follower road W\n"   /* t1 p0 */
            "draw N\nplace 0,-1 r3\ndeploy follower city S\n"  /* t2 p1 */
            "draw N\nplace -1,-1 r2");                         /* t3 p0 */
    ck_assert(id_legal(g, VERB_FAIRY));
    play(g, "deploy big segment 1\n"                           /* a farmer */
            "draw V\nplace 2,0 r0\npass\n"                     /* t4 p1 */
            "draw L\nplace -1,0 r0");                          /* t5 p0 */
    ck_assert_int_eq(fig_at(g, FIG_BIG(0)).where, CARC_WHERE_BOARD);
    play(g, "fairy");
    ASSERT_DECISION(g, DEC_FAIRY, 0);
    {
        const int32_t want[] = {CARC_ID_FIGURE + FIG_FOLLOWER(0, 0)}; /* not the big one */
        assert_ids(g, want, 1);
    }
    ck_assert_int_eq(refused(g, "join 14"), CARC_E_ILLEGAL);
    play(g, "join 0");
    carc_figure f = fig_at(g, FIG_FAIRY);
    ck_assert_int_eq(f.kind, CARC_FIGURE_FAIRY);
    ck_assert_int_eq(f.owner, -1);
    ck_assert_int_eq(f.where, CARC_WHERE_ATTACHED);
    ck_assert_int_eq(f.arg, FIG_FOLLOWER(0, 0));
    ck_assert_int_eq(f.x, 1);
    ck_assert_int_eq(f.y, 0);
    ck_assert_int_eq(carc_game_supply(g, 0, CARC_FIGURE_FOLLOWER), 6);

    play(g, "cheer 0\nscore");
    ASSERT_SCORES(g, 5, 8); /* road 4 + fairy 1; city 8 */
    f = fig_at(g, FIG_FAIRY);
    ck_assert_int_eq(f.where, CARC_WHERE_HELD);
    ck_assert_int_eq(f.state >> 8 & 0xff, P2);
    ck_assert_int_eq(f.arg, 0);
    ck_assert_int_eq(fig_at(g, FIG_FOLLOWER(0, 0)).where, CARC_WHERE_SUPPLY);
    carc_score_event ev[8];
    ck_assert_uint_eq(score_log(g, ev, 8), 3);
    ASSERT_EVENT(ev[0], 1, 8, CARC_SCORE_COMPLETED, CARC_FEATURE_CITY);
    ASSERT_EVENT(ev[1], 0, 4, CARC_SCORE_COMPLETED, CARC_FEATURE_ROAD);
    ASSERT_EVENT(ev[2], 0, 1, REASON_FAIRY, -1);
    ck_assert_int_eq(ev[2].segment, -1);
    carc_game_free(g);
}
END_TEST

/* 11. A deployment veto: nothing on a field of a @volcano tile (PB). */
START_TEST(deploy_veto)
{
    carc_game *g = new_game(2, NULL, 0);
    play(g, "draw PB\nplace 0,1 r0");
    {
        /* pass, follower or big on the road (segment 0), bless, perch,
         * bridge (PB's east and west edges are fields) */
        const int32_t want[] = {CARC_ID_PASS,
                                CARC_ID_KIND_SEG + CARC_FIGURE_FOLLOWER * CARC_MAX_SEGMENTS,
                                CARC_ID_KIND_SEG + CARC_FIGURE_BIG * CARC_MAX_SEGMENTS,
                                VERB_BLESS, VERB_PERCH, CARC_VERB_ID(P2, 5)};
        assert_ids(g, want, 6);
    }
    ck_assert_int_eq(refused(g, "deploy follower segment 2"), CARC_E_ILLEGAL);
    ck_assert_int_eq(refused(g, "deploy big segment 2"), CARC_E_ILLEGAL);
    play(g, "pass");
    /* a field elsewhere is fine */
    play(g, "draw U\nplace 1,0 r1\ndeploy follower segment 1");
    ck_assert_int_eq(fig_at(g, FIG_FOLLOWER(1, 0)).where, CARC_WHERE_BOARD);
    carc_game_free(g);
}
END_TEST

/* 11b. A road laid over a tile (the bridge: tile data's per-placed-tile
 * overlay).  PB at (0,1) (road S; fields N, E, W) gets a road across E-W:
 * segment 3 of the tile, a road of 1 tile with 2 open ends; the field
 * under it stays one feature; the empty cell east of it now demands a
 * road (U r0, field west, is refused; U r1, road west, joins it). */
START_TEST(road_over_tile)
{
    carc_game *g = new_game(2, NULL, 0);
    play(g, "draw PB\nplace 0,1 r0");
    carc_feature_info field_before, f;
    ck_assert_int_eq(carc_game_feature(g, 0, 1, 2, &field_before), CARC_OK);
    ck_assert_int_eq(carc_game_feature(g, 0, 1, 3, &f), CARC_E_INVALID); /* no segment 3 yet */
    play(g, "bridge");
    ASSERT_DECISION(g, CARC_MODULE_KIND(P2, 7), 0);
    {
        const int32_t want[] = {CARC_ID_DIRECTION + 2}; /* only east-west */
        assert_ids(g, want, 1);
    }
    ck_assert_int_eq(refused(g, "bridge ns"), CARC_E_ILLEGAL);
    play(g, "bridge ew");
    ck_assert_int_eq(carc_game_feature(g, 0, 1, 3, &f), CARC_OK);
    ck_assert_int_eq(f.kind, CARC_FEATURE_ROAD);
    ck_assert_int_eq(f.tiles, 1);
    ck_assert_int_eq(f.open_edges, 2);
    carc_feature_info field_after;
    ck_assert_int_eq(carc_game_feature(g, 0, 1, 2, &field_after), CARC_OK);
    ck_assert_int_eq(field_after.kind, CARC_FEATURE_FIELD);
    ck_assert_int_eq(field_after.tiles, field_before.tiles); /* the field stays whole */
    /* the board picture draws it */
    {
        size_t need;
        ck_assert_int_eq(carc_game_board_svg(g, NULL, 0, &need), CARC_E_BUFFER);
        char *svg = malloc(need);
        ck_assert_int_eq(carc_game_board_svg(g, svg, need, &need), CARC_OK);
        ck_assert_ptr_nonnull(strstr(svg, "class=\"bridge\""));
        free(svg);
    }
    /* player 1: the cell east of the bridge demands a road */
    play(g, "draw U");
    ck_assert_int_eq(refused(g, "place 1,1 r0"), CARC_E_ILLEGAL);
    play(g, "place 1,1 r1\ndeploy follower road E");
    ck_assert_int_eq(carc_game_feature(g, 0, 1, 3, &f), CARC_OK);
    ck_assert_int_eq(f.tiles, 2);
    ck_assert_int_eq(f.open_edges, 2);
    ck_assert_int_eq(f.strength[1], 1); /* the follower on U holds the bridge's road */
    /* player 0 may not deploy on the bridge road now: it is held */
    play(g, "draw U\nplace -1,1 r1");
    ck_assert_int_eq(refused(g, "deploy follower road E"), CARC_E_ILLEGAL);
    carc_game_free(g);
}
END_TEST

/* 12. The merge event counts every union of two features: W beside D
 * (road + 2 fields = 3), U on the other side (3 more), E below D (its
 * field meets D's south field twice: 1). */
START_TEST(merge_event)
{
    carc_game *g = new_game(2, NULL, 0);
    ck_assert_int_eq(p2state(g)->merges, 0);
    play(g, "draw W\nplace 1,0 r0\npass");
    ck_assert_int_eq(p2state(g)->merges, 3);
    play(g, "draw U\nplace -1,0 r1\npass");
    ck_assert_int_eq(p2state(g)->merges, 6);
    play(g, "draw E\nplace 0,1 r2\npass");
    ck_assert_int_eq(p2state(g)->merges, 7);
    carc_game_free(g);
}
END_TEST

/* 13. Module rule options: names, defaults, ranges, effect, records. */
START_TEST(module_rules)
{
    static const struct { const char *name; int id, def, min, max; } rules[] = {
        {"probe_road_bonus", 60, 1, 1, 3},
        {"probe2_start", 61, 1, 1, 2},
        {"probe2_cheer", 62, 2, 1, 2},
    };
    carc_options o, o2;
    carc_options_init(&o);
    for (int i = 0; i < 3; i++) {
        ck_assert_int_eq(carc_rule_by_name(rules[i].name), rules[i].id);
        ck_assert_str_eq(carc_rule_name(rules[i].id), rules[i].name);
        ck_assert_int_eq(carc_rule_default(rules[i].id), rules[i].def);
        ck_assert_int_eq(o.rules[rules[i].id], rules[i].def);
        o2 = o;
        ck_assert_int_eq(carc_options_set_rule(&o, rules[i].name, rules[i].min - 1), CARC_E_INVALID);
        ck_assert_int_eq(carc_options_set_rule(&o, rules[i].name, rules[i].max + 1), CARC_E_INVALID);
        ck_assert_int_eq(memcmp(&o, &o2, sizeof o), 0);
        ck_assert_int_eq(carc_options_set_rule(&o, rules[i].name, rules[i].max), CARC_OK);
        ck_assert_int_eq(carc_options_set_rule(&o, rules[i].name, rules[i].min), CARC_OK);
        ck_assert_int_eq(o.rules[rules[i].id], rules[i].min);
    }

    carc_options_init(&o);
    o.num_players = 2;
    o.modules |= (1ull << P1) | (1ull << P2);
    ck_assert_int_eq(carc_options_set_rule(&o, "probe_road_bonus", 3), CARC_OK);
    ck_assert_int_eq(carc_options_set_rule(&o, "probe2_cheer", 1), CARC_OK);
    carc_game *g;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    /* W D W: a 3-tile road, closed by player 1 */
    play(g, "draw W\nplace 1,0 r0\ndeploy follower road W\n"
            "draw W\nplace -1,0 r0\npass");
    ASSERT_DECISION(g, DEC_CHEER, 0);
    {
        const int32_t want[] = {CARC_ID_NUMBER, CARC_ID_NUMBER + 1}; /* 0..1 */
        assert_ids(g, want, 2);
    }
    ck_assert_int_eq(refused(g, "cheer 2"), CARC_E_ILLEGAL);
    play(g, "cheer 1\ntoken 2");
    ASSERT_SCORES(g, 1 + 3 + 3, 2); /* cheer 1, road 3 tiles + bonus 3 */
    carc_score_event ev[8];
    ck_assert_uint_eq(score_log(g, ev, 8), 3);
    ASSERT_EVENT(ev[1], 0, 6, CARC_SCORE_COMPLETED, CARC_FEATURE_ROAD);

    size_t len;
    char *rec = record_of(g, &len);
    ck_assert_ptr_nonnull(strstr(rec, "\nrule probe_road_bonus 3\n"));
    ck_assert_ptr_nonnull(strstr(rec, "\nrule probe2_start 1\n"));
    ck_assert_ptr_nonnull(strstr(rec, "\nrule probe2_cheer 1\n"));
    carc_game *r;
    carc_record_error err;
    ck_assert_int_eq(carc_record_replay(&r, rec, len, &err), CARC_OK);
    ck_assert(carc__state_equal(r, g));
    ck_assert_int_eq(carc_game_options(r, &o2), CARC_OK);
    ck_assert_int_eq(o2.rules[60], 3);
    ck_assert_int_eq(o2.rules[61], 1);
    ck_assert_int_eq(o2.rules[62], 1);
    carc_game_free(r);
    /* an out-of-range value in a record: refused at its line */
    int line = line_of(rec, "rule probe2_cheer 1");
    strstr(rec, "rule probe2_cheer 1")[18] = '3';
    ck_assert_int_ne(carc_record_replay(&r, rec, len, &err), CARC_OK);
    ck_assert_int_eq(err.line, line);
    free(rec);
    carc_game_free(g);
}
END_TEST

/* 14. A module that requires another: probe2 without probe is refused. */
START_TEST(module_requires)
{
    carc_options o;
    carc_options_init(&o);
    o.modules |= 1ull << P2;
    carc_game *g = NULL;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_E_INVALID);
    ck_assert_ptr_null(g);
    o.modules |= 1ull << P1;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    carc_game_free(g);
    const char rec[] = "carcvar-record 1\nplayers 2\nmodules base probe2\ndraw W\n";
    carc_record_error err;
    ck_assert_int_ne(carc_record_replay(&g, rec, sizeof rec - 1, &err), CARC_OK);
    ck_assert_int_eq(err.code, CARC_E_INVALID);
}
END_TEST

/* 15. Refused actions leave the state byte-identical at every module
 * decision kind: wrong words, a pass where none is offered, bad figures. */
START_TEST(refusals_change_nothing)
{
    carc_game *g = new_game(2, NULL, 0);
    static const char *const stray[] = {"abbey", "cheer 1", "score", "spare", "token 2",
                                        "perch", "fairy", "join 0", "tithe 1", "bless",
                                        "draw D", "place 0,1 r0"};
    const size_t nstray = sizeof stray / sizeof stray[0];
    carc_action tithe3;
    memset(&tithe3, 0, sizeof tithe3);
    tithe3.kind = ACT_TITHE;
    tithe3.arg = 3;

    /* DEC_ABBEY */
    play(g, ABBEY);
    ASSERT_DECISION(g, DEC_ABBEY, 0);
    for (size_t i = 1; i < nstray; i++) refused(g, stray[i]);
    refused_id(g, VERB_PERCH);
    refused_id(g, CARC_ID_NUMBER);
    refused_action(g, &tithe3);
    play(g, "abbey");
    refused(g, "abbey"); /* at the placement */
    refused(g, "pass");
    play(g, "place 0,1 r0\npass");
    carc_game_free(g);

    /* DEC_CHEER, DEC_SPARE, DEC_TOKEN, DEC_TITHE */
    g = new_game(2, NULL, 0);
    play(g, CITY_ROAD);
    play(g, "pass");
    ASSERT_DECISION(g, DEC_CHEER, 1);
    for (size_t i = 0; i < nstray; i++)
        if (strcmp(stray[i], "cheer 1")) refused(g, stray[i]);
    refused(g, "pass");
    refused(g, "cheer 3");
    refused(g, "tithe 2"); /* a tithe has the id of "cheer 2" */
    refused_id(g, CARC_ID_PASS);
    refused_action(g, &tithe3);
    play(g, "cheer 0");
    ASSERT_DECISION(g, DEC_SPARE, 0);
    for (size_t i = 0; i < nstray; i++)
        if (strcmp(stray[i], "score") && strcmp(stray[i], "spare")) refused(g, stray[i]);
    refused(g, "pass");
    refused_id(g, CARC_ID_PASS);
    play(g, "score");
    ASSERT_DECISION(g, DEC_TOKEN, CARC_PLAYER_CHANCE);
    for (size_t i = 0; i < nstray; i++)
        if (strcmp(stray[i], "token 2")) refused(g, stray[i]);
    refused(g, "pass");
    refused(g, "token 0");
    refused(g, "token 4");
    refused_id(g, 0);
    refused_id(g, 4);
    play(g, "token 1\ndraw U\nplace 1,1 r0\npass");
    ASSERT_DECISION(g, DEC_TITHE, 1);
    for (size_t i = 0; i < nstray; i++)
        if (strcmp(stray[i], "tithe 1")) refused(g, stray[i]);
    refused(g, "pass");
    refused(g, "tithe 3");
    refused(g, "cheer 1"); /* a cheer has the id of "tithe 1" */
    refused_id(g, CARC_ID_PASS);
    refused_id(g, CARC_ID_NUMBER + 3);
    refused_action(g, &tithe3);
    carc_game_free(g);

    /* DEC_FAIRY */
    g = new_game(2, NULL, 0);
    play(g, "draw W\nplace 1,0 r0\ndeploy big road W\n"
            "draw N\nplace 0,-1 r3\ndeploy follower city S\n"
            "draw U\nplace -1,0 r1\npass\n"
            "draw V\nplace 2,0 r0");
    refused(g, "join 0"); /* the deployment is not the fairy's decision */
    play(g, "fairy");
    ASSERT_DECISION(g, DEC_FAIRY, 1);
    {
        const int32_t want[] = {CARC_ID_FIGURE + FIG_FOLLOWER(1, 0)};
        assert_ids(g, want, 1);
    }
    for (size_t i = 0; i < nstray; i++) refused(g, stray[i]); /* join 0: not p1's */
    refused(g, "pass");
    refused(g, "join 14");  /* p0's big meeple */
    refused(g, "join 15");  /* p1's big meeple, in supply */
    refused(g, "join 18");  /* the fairy itself */
    refused(g, "join 127");
    refused(g, "join 500");
    refused_id(g, CARC_ID_PASS);
    refused_id(g, CARC_ID_FIGURE + 128);
    refused_id(g, -1);
    play(g, "join 7");
    carc_game_free(g);

    /* DEC_FINAL_ABBEY */
    int last, turn;
    g = game_at_end_phase(&last, &turn);
    for (size_t i = 1; i < nstray; i++) refused(g, stray[i]);
    refused_action(g, &tithe3);
    refused_id(g, VERB_PERCH);
    carc_game_free(g);
}
END_TEST

/* 16. Bounds: the mask works and ids stay below their space at every
 * decision of the scenarios above (check_bounds in play and drive), and
 * those scenarios reach every module decision kind. */
START_TEST(bounds_at_every_module_decision)
{
    seen_kinds = 0;
    carc_game *g = new_game(2, NULL, 0);
    play(g, CITY_ROAD);
    play(g, "fairy\njoin 0\ncheer 2\nscore\ntoken 2\ndraw U\nplace 1,1 r0\npass\ntithe 2");
    carc_game_free(g);
    g = new_game(2, NULL, 0);
    play(g, ABBEY);
    play(g, "abbey\nplace 0,1 r0\npass");
    carc_game_free(g);
    int last, turn;
    g = game_at_end_phase(&last, &turn);
    check_bounds(g);
    drive(g, -1, NULL, NULL);
    ck_assert(carc_game_is_terminal(g));
    carc_game_free(g);
    ck_assert_uint_eq(seen_kinds, 0x17Fu); /* every probe decision kind, the gust too */
    ck_assert_int_le(CARC_ID_END, CARC_NUM_DISTINCT_ACTIONS);
}
END_TEST

/* 17. Declared actions (carc_action_def, probe_module.c and
 * probe2_module.c tables): at the pending decision, the ids of the whole
 * space that the core decodes into a module action are exactly want[]
 * (ascending), each with exactly its text, and each reads back: structure
 * -> the same id, text -> the same structure. */
static void expect_forms(const carc_game *g, const int32_t *want, char (*texts)[24], size_t n)
{
    bool chance = carc_game_current_player(g) == CARC_PLAYER_CHANCE;
    int32_t bound = chance ? CARC_MAX_CHANCE_OUTCOMES : CARC_NUM_DISTINCT_ACTIONS;
    size_t k = 0;
    for (int32_t id = -1; id <= bound; id++) {
        carc_action a, b;
        if (carc_action_from_id(g, id, &a) != CARC_OK || !CARC_KIND_IS_MODULE(a.kind)) continue;
        ck_assert_msg(k < n && want[k] == id, "id %d decodes to kind %d", id, a.kind);
        char text[64];
        int32_t back = -1;
        ck_assert_int_eq(carc_action_to_string(g, &a, text, sizeof text, NULL), CARC_OK);
        ck_assert_str_eq(text, texts[k]);
        ck_assert_int_eq(carc_action_to_id(g, &a, &back), CARC_OK);
        ck_assert_int_eq(back, id);
        ck_assert_int_eq(carc_action_from_string(g, text, &b), CARC_OK);
        ck_assert_int_eq(memcmp(&a, &b, sizeof a), 0);
        k++;
    }
    ck_assert_uint_eq(k, n);
}

/* want[i] = base + i, texts[i] = "<word> <lo + i>" for i < n */
static void expect_numbers(const carc_game *g, int32_t base, const char *word, int lo, size_t n)
{
    int32_t want[CARC_ID_FIGURE_N];
    static char texts[CARC_ID_FIGURE_N][24];
    for (size_t i = 0; i < n; i++) {
        want[i] = base + (int32_t)i;
        snprintf(texts[i], sizeof texts[i], "%s %d", word, lo + (int)i);
    }
    expect_forms(g, want, texts, n);
}

/* An action of kind `kind` with arg v: no id (CARC_E_INVALID) and no text,
 * and refused with the state unchanged. */
static void refused_arg(carc_game *g, int kind, int32_t v)
{
    carc_action a;
    memset(&a, 0, sizeof a);
    a.kind = kind;
    a.arg = v;
    int32_t id;
    char text[64];
    ck_assert_msg(carc_action_to_id(g, &a, &id) == CARC_E_INVALID, "kind %d arg %d has an id",
                  kind, v);
    ck_assert_int_eq(carc_action_to_string(g, &a, text, sizeof text, NULL), CARC_E_INVALID);
    ck_assert_int_eq(refused_action(g, &a), CARC_E_ILLEGAL);
}

START_TEST(declared_actions)
{
    carc_game *g = new_game(2, NULL, 0);
    play(g, CITY_ROAD);
    /* the deployment: the verbs of both probes decode, legal or not */
    {
        const int32_t want[] = {CARC_VERB_ID(P1, 0), VERB_PERCH, VERB_FAIRY, CARC_VERB_ID(P2, 5),
                                CARC_VERB_ID(P2, 7)};
        char texts[][24] = {"bless", "perch", "fairy", "bridge", "portal"};
        expect_forms(g, want, texts, 5);
    }
    /* out of range: refused before an id is computed (INT32_MAX, INT32_MIN
     * included), with no text; a value in range gets an id that is not
     * this decision's (CARC_E_STATE) */
    const int32_t extremes[] = {INT32_MIN, -1, INT32_MAX};
    for (int i = 0; i < 3; i++) {
        refused_arg(g, CARC_MODULE_KIND(P2, 6), extremes[i]); /* join */
        refused_arg(g, CARC_MODULE_KIND(P2, 1), extremes[i]); /* cheer */
        refused_arg(g, ACT_TOKEN, extremes[i]);
        refused_arg(g, ACT_TITHE, extremes[i]);
        refused_arg(g, CARC_MODULE_KIND(P2, 2), extremes[i]); /* spare: 0 or 1 */
        refused_arg(g, CARC_MODULE_KIND(P2, 9), extremes[i]); /* a bridge's way */
    }
    refused_arg(g, CARC_MODULE_KIND(P2, 6), CARC_ID_FIGURE_N);
    refused_arg(g, CARC_MODULE_KIND(P2, 1), 8);
    refused_arg(g, ACT_TOKEN, 0);
    refused_arg(g, ACT_TOKEN, 4);
    refused_arg(g, ACT_TITHE, 3);
    refused_arg(g, CARC_MODULE_KIND(P2, 2), 2);
    refused_arg(g, CARC_MODULE_KIND(P2, 9), 3);
    {
        carc_action a;
        memset(&a, 0, sizeof a);
        a.kind = CARC_MODULE_KIND(P2, 6);
        a.arg = CARC_ID_FIGURE_N - 1;
        int32_t id;
        ck_assert_int_eq(carc_action_to_id(g, &a, &id), CARC_E_STATE);
        a.kind = CARC_MODULE_KIND(P2, 2);
        a.arg = 1;
        ck_assert_int_eq(carc_action_to_id(g, &a, &id), CARC_E_STATE);
    }
    /* text out of range or malformed: refused when read */
    const char *bad[] = {"join 128", "join 2147483648", "join -1", "cheer 8", "tithe 3",
                         "token 0", "spare 1", "score 0", "bridge sideways", "bless now",
                         "fairy 1", "bridge ns ew"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_msg(refused(g, bad[i]) == CARC_E_PARSE, "'%s' read", bad[i]);

    play(g, "fairy");
    ASSERT_DECISION(g, DEC_FAIRY, 0);
    expect_numbers(g, CARC_ID_FIGURE, "join", 0, CARC_ID_FIGURE_N);
    play(g, "join 0");
    ASSERT_DECISION(g, DEC_CHEER, 1);
    expect_numbers(g, CARC_ID_NUMBER, "cheer", 0, 8);
    play(g, "cheer 0");
    ASSERT_DECISION(g, DEC_SPARE, 0);
    {
        const int32_t want[] = {VERB_SCORE, VERB_SPARE};
        char texts[][24] = {"score", "spare"};
        expect_forms(g, want, texts, 2);
    }
    play(g, "score");
    ASSERT_DECISION(g, DEC_TOKEN, CARC_PLAYER_CHANCE);
    expect_numbers(g, 1, "token", 1, 3);
    play(g, "token 3\ndraw U\nplace 1,1 r0\npass");
    ASSERT_DECISION(g, DEC_TITHE, 1);
    expect_numbers(g, CARC_ID_NUMBER, "tithe", 0, 3);
    carc_game_free(g);

    g = new_game(2, NULL, 0);
    play(g, "draw PB\nplace 0,1 r0\nbridge");
    ASSERT_DECISION(g, CARC_MODULE_KIND(P2, 7), 0);
    {
        const int32_t want[] = {CARC_ID_DIRECTION + 0, CARC_ID_DIRECTION + 2};
        char texts[][24] = {"bridge ns", "bridge ew"};
        expect_forms(g, want, texts, 2);
    }
    carc_game_free(g);

    g = new_game(2, NULL, 0);
    play(g, ABBEY);
    ASSERT_DECISION(g, DEC_ABBEY, 0);
    {
        const int32_t want[] = {VERB_ABBEY};
        char texts[][24] = {"abbey"};
        expect_forms(g, want, texts, 1);
    }
    carc_game_free(g);
}
END_TEST

/* ----------------------------------------- structured chance outcomes (host) */

/* A 2-player game driven (drive: first legal action, the seeded RNG) to
 * the first gust, at the end of turn 7; *f0 and *f1 get the lowest index
 * of a figure of player 0 and of player 1 on the board. */
static carc_game *game_at_gust(int *f0, int *f1)
{
    carc_game *g = new_game(2, NULL, 0);
    drive(g, DEC_GUST, NULL, NULL);
    ASSERT_DECISION(g, DEC_GUST, CARC_PLAYER_CHANCE);
    ck_assert_int_eq(carc_game_turn(g), 7);
    carc_decision d;
    carc_game_decision(g, &d);
    ck_assert_int_eq(d.flags & CARC_DECISION_F_SAMPLED_ONLY, CARC_DECISION_F_SAMPLED_ONLY);
    carc_figure f[64];
    size_t n;
    ck_assert_int_eq(carc_game_figures(g, f, 64, &n), CARC_OK);
    *f0 = *f1 = -1;
    for (size_t i = 0; i < n; i++) {
        int *slot = f[i].owner == 0 ? f0 : f[i].owner == 1 ? f1 : NULL;
        if (slot && *slot < 0 && (f[i].where == CARC_WHERE_BOARD || f[i].where == CARC_WHERE_TILE))
            *slot = (int)i;
    }
    ck_assert_int_ge(*f0, 0);
    ck_assert_int_ge(*f1, 0);
    return g;
}

static uint8_t *serialized(const carc_game *g, size_t *len)
{
    carc_game_serialize(g, NULL, 0, len);
    uint8_t *buf = malloc(*len);
    ck_assert_int_eq(carc_game_serialize(g, buf, *len, len), CARC_OK);
    return buf;
}

/* 19. A structured outcome from the host (carc_game_apply_outcome): the
 * gust lands at 12,30, hits player 0 and touches one figure of each player
 * -- five words, more than a carc_action holds.  Player 0 scores 1 + 1,
 * player 1 scores 1, one event each; the history keeps the words, the
 * record writes them as an `outcome` line, and the record, the public
 * record, the serialized form and a clone all give the same game back. */
START_TEST(structured_outcome_by_host)
{
    int f0, f1;
    carc_game *g = game_at_gust(&f0, &f1);
    const int s0 = score(g, 0), s1 = score(g, 1);
    carc_score_event ev[64];
    const size_t nev = score_log(g, ev, 64);
    const uint16_t w[5] = {12, 30, 1, (uint16_t)(f0 < f1 ? f0 : f1), (uint16_t)(f0 < f1 ? f1 : f0)};
    carc_action a;
    memset(&a, 0, sizeof a);
    a.kind = ACT_GUST;
    carc_explanation why;
    ck_assert_msg(carc_game_apply_outcome(g, &a, w, 5, &why) == CARC_OK, "%s", why.message);
    ck_assert_int_eq(why.code, CARC_OK);
    ck_assert_int_eq(why.reason, CARC_REASON_LEGAL);
    ASSERT_SCORES(g, s0 + 2, s1 + 1);
    ck_assert_uint_eq(score_log(g, ev, 64), nev + 2);
    ASSERT_EVENT(ev[nev], 0, 2, REASON_GUST, -1);
    ASSERT_EVENT(ev[nev + 1], 1, 1, REASON_GUST, -1);
    const uint16_t *pw = (const uint16_t *)1;
    ck_assert_int_eq(carc__decision_payload(g, &pw), 0); /* only inside decision_apply */
    ck_assert_ptr_null(pw);
    /* the history's last entry: id 0 with the payload flag, 5, the words */
    const uint16_t *H = CHIST(g);
    uint32_t at = 0;
    for (uint32_t i = 0, used; i < g->nhist; i += used) {
        at = i;
        used = (H[i] & HIST_PAYLOAD) ? 2u + H[i + 1] : 1u;
    }
    ck_assert_uint_eq(H[at], HIST_PAYLOAD);
    ck_assert_uint_eq(H[at + 1], 5);
    ck_assert_int_eq(memcmp(H + at + 2, w, sizeof w), 0);

    /* the record: the words, then the module's text as a comment */
    size_t len;
    char *rec = record_of(g, &len);
    char want[96];
    snprintf(want, sizeof want, "\noutcome 0 : 12 30 1 %u %u  # gust 12,30 hits 0\n", w[3], w[4]);
    ck_assert_msg(strstr(rec, want) != NULL, "no '%s' in\n%s", want + 1, rec);
    carc_game *r;
    carc_record_error err;
    ck_assert_int_eq(carc_record_replay(&r, rec, len, &err), CARC_OK);
    ck_assert(carc__state_equal(r, g));
    carc_game_free(r);
    free(rec);
    /* the public record (every chance outcome explicit) */
    carc_game_write_public_record(g, NULL, 0, &len);
    rec = malloc(len);
    ck_assert_int_eq(carc_game_write_public_record(g, rec, len, &len), CARC_OK);
    ck_assert_ptr_nonnull(strstr(rec, want));
    ck_assert_int_eq(carc_record_replay(&r, rec, len, &err), CARC_OK);
    ASSERT_SCORES(r, s0 + 2, s1 + 1);
    ck_assert_uint_eq(r->nhist, g->nhist);
    /* (with no rng marks: the same entries, none marked as the RNG's) */
    ck_assert_int_eq(memcmp(CHIST(r) + at, H + at, 7 * sizeof(uint16_t)), 0);
    carc_game_free(r);
    free(rec);
    /* serialized and cloned */
    size_t sl, cl;
    uint8_t *buf = serialized(g, &sl);
    ck_assert_int_eq(carc_game_deserialize(&r, buf, sl), CARC_OK);
    ck_assert(carc__state_equal(r, g));
    carc_game *c;
    ck_assert_int_eq(carc_game_clone(&c, r), CARC_OK);
    ck_assert(carc__state_equal(c, g));
    uint8_t *cbuf = serialized(c, &cl);
    ck_assert_uint_eq(cl, sl);
    ck_assert_int_eq(memcmp(cbuf, buf, sl), 0);
    /* and the games go on alike */
    drive(g, -1, NULL, NULL);
    drive(c, -1, NULL, NULL);
    ck_assert(carc__state_equal(c, g));
    free(cbuf);
    free(buf);
    carc_game_free(c);
    carc_game_free(r);
    carc_game_free(g);
}
END_TEST

/* One refused structured outcome: its code and reason, the state unchanged. */
static void outcome_refused(carc_game *g, int kind, int x, const uint16_t *w, size_t n, int code,
                            int reason)
{
    carc_game *before;
    ck_assert_int_eq(carc_game_clone(&before, g), CARC_OK);
    carc_action a;
    memset(&a, 0, sizeof a);
    a.kind = kind;
    a.x = x;
    carc_explanation why;
    ck_assert_int_eq(carc_game_apply_outcome(g, &a, w, n, &why), code);
    ck_assert_int_eq(why.code, code);
    ck_assert_int_eq(why.reason, reason);
    ck_assert(why.message[0] != 0);
    ck_assert_msg(carc__state_equal(g, before), "a refused outcome changed the state");
    ck_assert_int_eq(carc_game_apply_outcome(g, &a, w, n, NULL), code); /* why is optional */
    ck_assert(carc__state_equal(g, before));
    carc_game_free(before);
}

/* 20. Malformed structured outcomes are refused with a reason and change
 * nothing: too many or no words, NULL, a word out of the module's range,
 * touched figures that are not on the board or not ascending, an action of
 * another kind or another module, a field that disagrees with the words,
 * and a decision that is not a sampled-only chance decision. */
START_TEST(structured_outcome_refused)
{
    int f0, f1;
    carc_game *g = game_at_gust(&f0, &f1);
    const int lo = f0 < f1 ? f0 : f1, hi = f0 < f1 ? f1 : f0;
    uint16_t w[CARC_OUTCOME_WORDS_MAX + 1] = {12, 30, 1};
    for (int k = 3; k <= CARC_OUTCOME_WORDS_MAX; k++) w[k] = (uint16_t)lo;
    outcome_refused(g, ACT_GUST, 0, w, CARC_OUTCOME_WORDS_MAX + 1, CARC_E_INVALID,
                    CARC_REASON_OUT_OF_RANGE);
    outcome_refused(g, ACT_GUST, 0, w, 0, CARC_E_INVALID, CARC_REASON_OUT_OF_RANGE);
    outcome_refused(g, ACT_GUST, 0, NULL, 3, CARC_E_INVALID, CARC_REASON_OUT_OF_RANGE);
    carc_explanation why;
    ck_assert_int_eq(carc_game_apply_outcome(g, NULL, w, 3, &why), CARC_E_INVALID);
    ck_assert_int_eq(why.code, CARC_E_INVALID);
    ck_assert_int_eq(carc_game_apply_outcome(NULL, NULL, w, 3, &why), CARC_E_INVALID);
    /* words the module refuses */
    const uint16_t x45[3] = {45, 30, 1}, hits4[3] = {12, 30, 4}, two[2] = {12, 30};
    outcome_refused(g, ACT_GUST, 0, x45, 3, CARC_E_ILLEGAL, CARC_REASON_OUT_OF_RANGE);
    outcome_refused(g, ACT_GUST, 0, hits4, 3, CARC_E_ILLEGAL, CARC_REASON_OUT_OF_RANGE);
    outcome_refused(g, ACT_GUST, 0, two, 2, CARC_E_ILLEGAL, CARC_REASON_OUT_OF_RANGE);
    const uint16_t down[5] = {12, 30, 1, (uint16_t)hi, (uint16_t)lo};
    outcome_refused(g, ACT_GUST, 0, down, 5, CARC_E_ILLEGAL, CARC_REASON_OUT_OF_RANGE);
    const uint16_t twice[5] = {12, 30, 1, (uint16_t)lo, (uint16_t)lo};
    outcome_refused(g, ACT_GUST, 0, twice, 5, CARC_E_ILLEGAL, CARC_REASON_OUT_OF_RANGE);
    int supply = -1; /* a figure in supply is not touched by a gust */
    for (int i = 0; i < carc_game_num_players(g) * 7 && supply < 0; i++)
        if (fig_at(g, i).where == CARC_WHERE_SUPPLY) supply = i;
    ck_assert_int_ge(supply, 0);
    const uint16_t off[4] = {12, 30, 1, (uint16_t)supply};
    outcome_refused(g, ACT_GUST, 0, off, 4, CARC_E_ILLEGAL, CARC_REASON_OUT_OF_RANGE);
    const uint16_t none[4] = {12, 30, 1, 200};
    outcome_refused(g, ACT_GUST, 0, none, 4, CARC_E_ILLEGAL, CARC_REASON_OUT_OF_RANGE);
    /* the action: another kind of the module, another module's, the core's;
     * a field the words contradict */
    const uint16_t good[3] = {12, 30, 1};
    outcome_refused(g, ACT_TOKEN, 0, good, 3, CARC_E_ILLEGAL, CARC_REASON_OUT_OF_RANGE);
    outcome_refused(g, ACT_TITHE, 0, good, 3, CARC_E_ILLEGAL, CARC_REASON_WRONG_KIND);
    outcome_refused(g, CARC_ACTION_DRAW, 0, good, 3, CARC_E_ILLEGAL, CARC_REASON_WRONG_KIND);
    outcome_refused(g, ACT_GUST, 5, good, 3, CARC_E_ILLEGAL, CARC_REASON_OUT_OF_RANGE);
    /* a field the words agree with is fine */
    carc_action a;
    memset(&a, 0, sizeof a);
    a.kind = ACT_GUST;
    a.x = 12;
    ck_assert_int_eq(carc_game_apply_outcome(g, &a, good, 3, NULL), CARC_OK);
    /* not a sampled-only chance decision: a player's, a listed chance
     * decision (the draw, probe2's token), the end of the game */
    ck_assert(!carc__sampled_only(g));
    outcome_refused(g, ACT_GUST, 0, good, 3, CARC_E_STATE, CARC_REASON_WRONG_KIND);
    while (carc_game_current_player(g) == CARC_PLAYER_CHANCE)
        ck_assert_int_eq(carc_game_sample_chance(g, NULL), CARC_OK);
    outcome_refused(g, ACT_GUST, 0, good, 3, CARC_E_STATE, CARC_REASON_WRONG_KIND);
    drive(g, -1, NULL, NULL);
    ck_assert(carc_game_is_terminal(g));
    outcome_refused(g, ACT_GUST, 0, good, 3, CARC_E_STATE, CARC_REASON_GAME_OVER);
    carc_game_free(g);
    g = new_game(2, NULL, 0);
    play(g, CITY_ROAD);
    play(g, "pass\ncheer 0\nscore");
    ASSERT_DECISION(g, DEC_TOKEN, CARC_PLAYER_CHANCE);
    const uint16_t three[1] = {3};
    outcome_refused(g, ACT_TOKEN, 0, three, 1, CARC_E_STATE, CARC_REASON_WRONG_KIND);
    carc_game_free(g);
}
END_TEST

/* Replay rec with `line` appended after its first `keep` bytes: the code,
 * and the line of the error (0 if none). */
static int replay_with(const char *rec, size_t keep, const char *line, int *err_line)
{
    size_t n = strlen(line);
    char *text = malloc(keep + n + 2);
    memcpy(text, rec, keep);
    memcpy(text + keep, line, n);
    text[keep + n] = '\n';
    carc_game *r = NULL;
    carc_record_error err;
    int rc = carc_record_replay(&r, text, keep + n + 1, &err);
    *err_line = rc ? err.line : 0;
    if (rc) {
        ck_assert_ptr_null(r);
        ck_assert_int_eq(err.code, rc);
        ck_assert(err.message[0] != 0);
    }
    carc_game_free(r);
    free(text);
    return rc;
}

/* 21. A record's `outcome` lines: the RNG's gust is written with its words
 * and " rng" and replays only if the RNG gives those words again; without
 * " rng" the same words are the host's; malformed lines, words the module
 * refuses and an outcome where none is pending are refused at their line. */
START_TEST(structured_outcome_records)
{
    int f0, f1;
    carc_game *g = game_at_gust(&f0, &f1);
    size_t keep;
    char *head = record_of(g, &keep);
    keep--; /* the NUL */
    /* no outcome yet: a version-2 record; the lines below need version 4 */
    ck_assert_int_eq(strncmp(head, "carcvar-record 2\n", 17), 0);
    head[15] = '4';
    int lines = 0;
    for (size_t i = 0; i < keep; i++) lines += head[i] == '\n';
    carc_action a;
    ck_assert_int_eq(carc_game_sample_chance(g, &a), CARC_OK);
    ck_assert_int_eq(a.kind, ACT_GUST);
    size_t len;
    char *rec = record_of(g, &len);
    ck_assert_int_eq(strncmp(rec, "carcvar-record 4\n", 17), 0); /* it has an outcome line */
    char want[96], hits[24] = "none";
    for (int q = 0, k = 0; q < 2; q++)
        if (a.arg & (1 << q)) k += snprintf(hits + k, sizeof hits - (size_t)k, "%s%d", k ? "," : "", q);
    snprintf(want, sizeof want, "\noutcome 0 : %d %d %d rng  # gust %d,%d hits %s\n", a.x, a.y,
             a.arg, a.x, a.y, hits);
    ck_assert_msg(strstr(rec, want) != NULL, "no '%s' in\n%s", want + 1, rec);
    ck_assert_int_eq(line_of(rec, want + 1), lines + 1);
    carc_game *r;
    carc_record_error err;
    ck_assert_int_eq(carc_record_replay(&r, rec, len, &err), CARC_OK);
    ck_assert(carc__state_equal(r, g));
    carc_game_free(r);

    int at;
    char line[160];
    /* another word with rng: not what the RNG gives */
    snprintf(line, sizeof line, "outcome 0 : %d %d %d rng", (a.x + 1) % 45, a.y, a.arg);
    ck_assert_int_eq(replay_with(head, keep, line, &at), CARC_E_ILLEGAL);
    ck_assert_int_eq(at, lines + 1);
    /* the same words from the host */
    snprintf(line, sizeof line, "outcome 0 : %d %d %d", a.x, a.y, a.arg);
    ck_assert_int_eq(replay_with(head, keep, line, &at), CARC_OK);
    /* the host's touched figures */
    snprintf(line, sizeof line, "outcome 0 : 12 30 1 %d %d # touched", f0 < f1 ? f0 : f1,
             f0 < f1 ? f1 : f0);
    ck_assert_int_eq(replay_with(head, keep, line, &at), CARC_OK);
    /* malformed */
    static const char *const bad[] = {
        "outcome", "outcome 0 :", "outcome 0 12 30 1", "outcome : 12 30 1", "outcome 0 : 12 x 1",
        "outcome 0 : 12 30 1 rng rng", "outcome 0 : 12 30 65536", "outcome 8192 : 12 30 1",
        "outcome 0 : 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_msg(replay_with(head, keep, bad[i], &at) == CARC_E_PARSE, "'%s'", bad[i]);
        ck_assert_int_eq(at, lines + 1);
    }
    /* the module refuses the words: x out of range, a figure twice, id 1 */
    static const char *const refused_words[] = {"outcome 0 : 45 30 1", "outcome 0 : 1 2 3 0 0",
                                                "outcome 1 : 12 30 1", "outcome 0 : 12 30"};
    for (size_t i = 0; i < sizeof refused_words / sizeof refused_words[0]; i++) {
        ck_assert_msg(replay_with(head, keep, refused_words[i], &at) == CARC_E_ILLEGAL, "'%s'",
                      refused_words[i]);
        ck_assert_int_eq(at, lines + 1);
    }
    /* no structured outcome pending: after the gust, and with rng too */
    char *full = malloc(len + 64);
    memcpy(full, rec, len - 1);
    ck_assert_int_eq(replay_with(full, len - 1, "outcome 0 : 12 30 1", &at), CARC_E_STATE);
    ck_assert_int_eq(replay_with(full, len - 1, "outcome 0 : 12 30 1 rng", &at), CARC_E_STATE);
    free(full);
    free(rec);
    free(head);
    carc_game_free(g);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("mechanisms");
    TCase *tc = tcase_create("probes");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, every_step_in_order);
    tcase_add_test(tc, chance_by_host_and_rng);
    tcase_add_test(tc, decision_by_another_player);
    tcase_add_test(tc, pause_before_majority);
    tcase_add_test(tc, extra_part_never_twice);
    tcase_add_test(tc, end_phase_abbeys);
    tcase_add_test(tc, held_tile_wildcard_edges);
    tcase_add_test(tc, start_layout);
    tcase_add_test(tc, figure_on_tile);
    tcase_add_test(tc, attached_figure);
    tcase_add_test(tc, deploy_veto);
    tcase_add_test(tc, road_over_tile);
    tcase_add_test(tc, merge_event);
    tcase_add_test(tc, module_rules);
    tcase_add_test(tc, module_requires);
    tcase_add_test(tc, refusals_change_nothing);
    tcase_add_test(tc, bounds_at_every_module_decision);
    tcase_add_test(tc, declared_actions);
    tcase_add_test(tc, structured_outcome_by_host);
    tcase_add_test(tc, structured_outcome_refused);
    tcase_add_test(tc, structured_outcome_records);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
