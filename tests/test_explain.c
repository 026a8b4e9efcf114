/* carc_game_explain / carc_game_explain_text: a table of every refusal path
 * of the C API with the reason code, the code apply returns, the fields
 * (side, player, position) and the message; the game stays byte-identical;
 * and over random games, explain agrees with apply for every legal action
 * and for every placement and deployment that is not. */
#include <carcvar/carcvar.h>
#include <check.h>

#include "random_step.h"
#include "run_suite.h"
#include "serial_bytes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static carc_game *new_game(uint64_t seed)
{
    carc_options o;
    carc_options_init(&o);
    o.seed = seed;
    carc_game *g = NULL;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    return g;
}

static void apply_text(carc_game *g, const char *text)
{
    carc_action a;
    ck_assert_int_eq(carc_action_from_string(g, text, &a), CARC_OK);
    ck_assert_int_eq(carc_game_apply(g, &a), CARC_OK);
}

static carc_action act(int kind, int tile, int x, int y, int rot, int fig, int seg)
{
    carc_action a;
    memset(&a, 0, sizeof a);
    a.kind = kind;
    a.tile = tile;
    a.x = x;
    a.y = y;
    a.rotation = rot;
    a.figure = fig;
    a.segment = seg;
    return a;
}

/* One row: explain a and check it, that apply agrees on a copy, and that
 * the game did not change. */
static void row(const carc_game *g, carc_action a, int code, int reason, int side, int player,
                const char *words)
{
    size_t n0, n1;
    uint8_t *before = serial_bytes(g, &n0);
    carc_explanation e;
    memset(&e, 0x5a, sizeof e);
    ck_assert_int_eq(carc_game_explain(g, &a, &e), CARC_OK);
    uint8_t *after = serial_bytes(g, &n1);
    ck_assert_uint_eq(n0, n1);
    ck_assert(memcmp(before, after, n0) == 0);
    free(before);
    free(after);
    ck_assert_msg(e.reason == reason, "reason %d, want %d (%s)", e.reason, reason, e.message);
    ck_assert_int_eq(e.code, code);
    ck_assert_int_eq(e.side, side);
    ck_assert_int_eq(e.player, player);
    ck_assert_int_eq(e.position, -1);
    ck_assert(memchr(e.message, 0, sizeof e.message) != NULL);
    ck_assert_msg(strstr(e.message, words) != NULL, "'%s' not in '%s'", words, e.message);
    carc_game *c = NULL;
    ck_assert_int_eq(carc_game_clone(&c, g), CARC_OK);
    ck_assert_int_eq(carc_game_apply(c, &a), code);
    carc_game_free(c);
}

/* One row of text. */
static void trow(const carc_game *g, const char *text, int code, int reason, int position,
                 const char *words)
{
    carc_explanation e;
    ck_assert_int_eq(carc_game_explain_text(g, text, &e), CARC_OK);
    ck_assert_msg(e.reason == reason, "%s: reason %d, want %d (%s)", text, e.reason, reason,
                  e.message);
    ck_assert_int_eq(e.code, code);
    ck_assert_int_eq(e.position, position);
    ck_assert_msg(strstr(e.message, words) != NULL, "'%s' not in '%s'", words, e.message);
}

START_TEST(null_arguments)
{
    carc_game *g = new_game(1);
    carc_action a = act(CARC_ACTION_PASS, 0, 0, 0, 0, 0, 0);
    carc_explanation e;
    ck_assert_int_eq(carc_game_explain(NULL, &a, &e), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_explain(g, NULL, &e), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_explain(g, &a, NULL), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_explain_text(NULL, "pass", &e), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_explain_text(g, NULL, &e), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_explain_text(g, "pass", NULL), CARC_E_INVALID);
    carc_game_free(g);
}
END_TEST

START_TEST(draw_refusals)
{
    carc_game *g = new_game(1);
    int U = carc_tile_by_name("U"), C = carc_tile_by_name("C");
    row(g, act(CARC_ACTION_DRAW, U, 0, 0, 0, 0, 0), CARC_OK, CARC_REASON_LEGAL, -1, -1, "legal");
    row(g, act(CARC_ACTION_PLACE, 0, 1, 0, 0, 0, 0), CARC_E_ILLEGAL, CARC_REASON_WRONG_KIND, -1,
        -1, "drawn first");
    row(g, act(CARC_ACTION_PASS, 0, 0, 0, 0, 0, 0), CARC_E_ILLEGAL, CARC_REASON_WRONG_KIND, -1, -1,
        "drawn first");
    row(g, act(CARC_ACTION_DRAW, -1, 0, 0, 0, 0, 0), CARC_E_ILLEGAL, CARC_REASON_OUT_OF_RANGE, -1,
        -1, "no tile type -1");
    row(g, act(CARC_ACTION_DRAW, 9999, 0, 0, 0, 0, 0), CARC_E_ILLEGAL, CARC_REASON_OUT_OF_RANGE,
        -1, -1, "no tile type 9999");
    row(g, act(7, 0, 0, 0, 0, 0, 0), CARC_E_ILLEGAL, CARC_REASON_UNKNOWN_KIND, -1, -1,
        "no action kind 7");
    row(g, act(-3, 0, 0, 0, 0, 0, 0), CARC_E_ILLEGAL, CARC_REASON_UNKNOWN_KIND, -1, -1,
        "no action kind -3");
    /* module 5's kind: not in this game */
    row(g, act(16 + 16 * 5, 0, 0, 0, 0, 0, 0), CARC_E_ILLEGAL, CARC_REASON_UNKNOWN_KIND, -1, -1,
        "no module of this game");
    /* the base module's kind: it has no actions of its own */
    row(g, act(16, 0, 0, 0, 0, 0, 0), CARC_E_ILLEGAL, CARC_REASON_NOT_OFFERED, -1, -1,
        "base action");
    /* the one C: draw it, lay it, pass; the next draw of C is refused */
    apply_text(g, "draw C");
    apply_text(g, "place 0,-1 r0");
    apply_text(g, "pass");
    row(g, act(CARC_ACTION_DRAW, C, 0, 0, 0, 0, 0), CARC_E_ILLEGAL, CARC_REASON_NOT_IN_BAG, -1, -1,
        "no tile C is left to draw (70 tiles left");
    carc_game_free(g);
}
END_TEST

START_TEST(place_refusals)
{
    carc_game *g = new_game(1);
    apply_text(g, "draw C");
    /* start tile D at 0,0: city north, road west-east */
    row(g, act(CARC_ACTION_PLACE, 0, 0, -1, 0, 0, 0), CARC_OK, CARC_REASON_LEGAL, -1, -1, "legal");
    row(g, act(CARC_ACTION_PASS, 0, 0, 0, 0, 0, 0), CARC_E_ILLEGAL, CARC_REASON_WRONG_KIND, -1, -1,
        "you cannot pass: tile C must be placed");
    row(g, act(CARC_ACTION_DRAW, 3, 0, 0, 0, 0, 0), CARC_E_ILLEGAL, CARC_REASON_WRONG_KIND, -1, -1,
        "tile C must be placed");
    row(g, act(CARC_ACTION_DEPLOY, 0, 0, 0, 0, 0, 0), CARC_E_ILLEGAL, CARC_REASON_WRONG_KIND, -1,
        -1, "must be placed");
    row(g, act(CARC_ACTION_PLACE, 0, 0, -1, 4, 0, 0), CARC_E_ILLEGAL, CARC_REASON_OUT_OF_RANGE, -1,
        -1, "rotation 4");
    row(g, act(CARC_ACTION_PLACE, 0, 0, -1, -1, 0, 0), CARC_E_ILLEGAL, CARC_REASON_OUT_OF_RANGE, -1,
        -1, "rotation -1");
    row(g, act(CARC_ACTION_PLACE, 0, 0, 0, 0, 0, 0), CARC_E_ILLEGAL, CARC_REASON_CELL_TAKEN, -1, -1,
        "cell 0,0 already holds tile D");
    row(g, act(CARC_ACTION_PLACE, 0, 5, 5, 0, 0, 0), CARC_E_ILLEGAL, CARC_REASON_NOT_ADJACENT, -1,
        -1, "cell 5,5 touches no tile");
    row(g, act(CARC_ACTION_PLACE, 0, 1, 1, 0, 0, 0), CARC_E_ILLEGAL, CARC_REASON_NOT_ADJACENT, -1,
        -1, "cell 1,1 touches no tile");
    row(g, act(CARC_ACTION_PLACE, 0, 40000, -40000, 0, 0, 0), CARC_E_ILLEGAL,
        CARC_REASON_NOT_ADJACENT, -1, -1, "far from the board");
    /* C is all city: east of the start its west side meets the road, south
     * of it its north side meets a field */
    row(g, act(CARC_ACTION_PLACE, 0, 1, 0, 2, 0, 0), CARC_E_ILLEGAL, CARC_REASON_EDGE_MISMATCH, 3,
        -1, "west side: your city meets a road; C fits no rotation here");
    row(g, act(CARC_ACTION_PLACE, 0, 0, 1, 0, 0, 0), CARC_E_ILLEGAL, CARC_REASON_EDGE_MISMATCH, 0,
        -1, "north side: your city meets a field");
    carc_game_free(g);

    /* a tile that fits in some rotations: the message lists them */
    g = new_game(1);
    apply_text(g, "draw U"); /* road north-south */
    row(g, act(CARC_ACTION_PLACE, 0, 1, 0, 0, 0, 0), CARC_E_ILLEGAL, CARC_REASON_EDGE_MISMATCH, 3,
        -1, "west side: your field meets a road; here U fits r1 r3");
    row(g, act(CARC_ACTION_PLACE, 0, 0, -1, 1, 0, 0), CARC_E_ILLEGAL, CARC_REASON_EDGE_MISMATCH, 2,
        -1, "south side: your field meets a city; U fits no rotation here");
    carc_game_free(g);
}
END_TEST

START_TEST(deploy_refusals)
{
    carc_game *g = new_game(1);
    apply_text(g, "draw U");
    apply_text(g, "place 1,0 r1"); /* the start's road goes on east */
    row(g, act(CARC_ACTION_PASS, 0, 0, 0, 0, 0, 0), CARC_OK, CARC_REASON_LEGAL, -1, -1, "legal");
    row(g, act(CARC_ACTION_DEPLOY, 0, 0, 0, 0, CARC_FIGURE_FOLLOWER, 0), CARC_OK,
        CARC_REASON_LEGAL, -1, -1, "legal");
    row(g, act(CARC_ACTION_PLACE, 0, 2, 0, 1, 0, 0), CARC_E_ILLEGAL, CARC_REASON_WRONG_KIND, -1,
        -1, "deploy a figure on it");
    row(g, act(CARC_ACTION_DRAW, 3, 0, 0, 0, 0, 0), CARC_E_ILLEGAL, CARC_REASON_WRONG_KIND, -1, -1,
        "or 'pass'");
    row(g, act(CARC_ACTION_DEPLOY, 0, 0, 0, 0, 99, 0), CARC_E_ILLEGAL, CARC_REASON_OUT_OF_RANGE, -1,
        -1, "no figure kind 99");
    row(g, act(CARC_ACTION_DEPLOY, 0, 0, 0, 0, -1, 0), CARC_E_ILLEGAL, CARC_REASON_OUT_OF_RANGE, -1,
        -1, "no figure kind -1");
    row(g, act(CARC_ACTION_DEPLOY, 0, 0, 0, 0, CARC_FIGURE_FOLLOWER, 3), CARC_E_ILLEGAL,
        CARC_REASON_OUT_OF_RANGE, -1, -1, "tile U has segments 0..2, not 3");
    row(g, act(CARC_ACTION_DEPLOY, 0, 0, 0, 0, CARC_FIGURE_FOLLOWER, -1), CARC_E_ILLEGAL,
        CARC_REASON_OUT_OF_RANGE, -1, -1, "not -1");
    row(g, act(CARC_ACTION_DEPLOY, 0, 0, 0, 0, CARC_FIGURE_BIG, 0), CARC_E_ILLEGAL,
        CARC_REASON_NO_FIGURE, -1, -1, "there is no big in this game");
    apply_text(g, "deploy follower road E");
    /* player 1 extends the road player 0 holds */
    apply_text(g, "draw U");
    apply_text(g, "place 2,0 r1");
    row(g, act(CARC_ACTION_DEPLOY, 0, 0, 0, 0, CARC_FIGURE_FOLLOWER, 0), CARC_E_ILLEGAL,
        CARC_REASON_OCCUPIED, -1, 0, "this road is already occupied by player 0");
    /* the field beside it is free */
    row(g, act(CARC_ACTION_DEPLOY, 0, 0, 0, 0, CARC_FIGURE_FOLLOWER, 1), CARC_OK,
        CARC_REASON_LEGAL, -1, -1, "legal");
    carc_game_free(g);
}
END_TEST

/* Deploy whenever possible until a player's supply is empty at its own
 * deployment: then any deployment is refused for want of a follower. */
START_TEST(no_follower_left)
{
    carc_game *g = new_game(7);
    int found = 0;
    while (!found && !carc_game_is_terminal(g)) {
        if (sample_if_chance(g)) continue;
        carc_decision d;
        carc_game_decision(g, &d);
        if (d.kind == CARC_DECISION_DEPLOY && carc_game_supply(g, d.player, 0) == 0) {
            row(g, act(CARC_ACTION_DEPLOY, 0, 0, 0, 0, CARC_FIGURE_FOLLOWER, 0), CARC_E_ILLEGAL,
                CARC_REASON_NO_FIGURE, -1, -1, "you have no follower left");
            found = 1;
            break;
        }
        carc_action acts[512];
        size_t n = 0;
        ck_assert_int_eq(carc_game_legal_actions(g, acts, 512, &n), CARC_OK);
        ck_assert_uint_gt(n, 0);
        carc_game_apply(g, &acts[n - 1]); /* the last: a deployment if any */
    }
    ck_assert(found);
    carc_game_free(g);
}
END_TEST

START_TEST(game_over)
{
    carc_game *g = new_game(3);
    while (!carc_game_is_terminal(g)) {
        if (sample_if_chance(g)) continue;
        int32_t id;
        size_t n;
        carc_game_legal_ids(g, &id, 1, &n);
        ck_assert_int_eq(carc_game_apply_id(g, id), CARC_OK);
    }
    row(g, act(CARC_ACTION_PASS, 0, 0, 0, 0, 0, 0), CARC_E_STATE, CARC_REASON_GAME_OVER, -1, -1,
        "the game is over");
    trow(g, "pass", CARC_E_STATE, CARC_REASON_GAME_OVER, -1, "the game is over");
    trow(g, "deploy follower city", CARC_E_STATE, CARC_REASON_GAME_OVER, 0, "no deployment");
    carc_game_free(g);
}
END_TEST

START_TEST(text_refusals)
{
    carc_game *g = new_game(1);
    trow(g, "draw U", CARC_OK, CARC_REASON_LEGAL, -1, "legal");
    trow(g, "draw Zz", CARC_E_PARSE, CARC_REASON_MALFORMED, 5, "no tile named 'Zz'");
    trow(g, "draw", CARC_E_PARSE, CARC_REASON_MALFORMED, 4, "one tile name");
    apply_text(g, "draw U");
    trow(g, "place 1,0 r1", CARC_OK, CARC_REASON_LEGAL, -1, "legal");
    trow(g, "place 1,0 r0", CARC_E_ILLEGAL, CARC_REASON_EDGE_MISMATCH, -1, "west side");
    trow(g, "plaec 1,0 r1", CARC_E_PARSE, CARC_REASON_MALFORMED, 0, "unknown word 'plaec'");
    trow(g, "  plaec", CARC_E_PARSE, CARC_REASON_MALFORMED, 2, "at character 3");
    trow(g, "place 1;0 r1", CARC_E_PARSE, CARC_REASON_MALFORMED, 6, "with a comma");
    trow(g, "place x,0 r1", CARC_E_PARSE, CARC_REASON_MALFORMED, 6, "x must be");
    trow(g, "place 1,y r1", CARC_E_PARSE, CARC_REASON_MALFORMED, 8, "y must be");
    trow(g, "place 1,0 r4", CARC_E_PARSE, CARC_REASON_MALFORMED, 10, "r0, r1, r2 or r3");
    trow(g, "place 1,0 1", CARC_E_PARSE, CARC_REASON_MALFORMED, 10, "rotation");
    trow(g, "place 1,0", CARC_E_PARSE, CARC_REASON_MALFORMED, 9, "a cell and a rotation");
    trow(g, "place 1,0 r1 now", CARC_E_PARSE, CARC_REASON_MALFORMED, 13, "a cell and a rotation");
    trow(g, "pass now", CARC_E_PARSE, CARC_REASON_MALFORMED, 5, "nothing after");
    trow(g, "pass", CARC_E_ILLEGAL, CARC_REASON_WRONG_KIND, -1, "cannot pass");
    trow(g, "", CARC_E_PARSE, CARC_REASON_MALFORMED, 0, "empty");
    trow(g, "a b c d e f g h i", CARC_E_PARSE, CARC_REASON_MALFORMED, 14, "too many words");
    char long_text[200];
    memset(long_text, 'x', sizeof long_text - 1);
    long_text[sizeof long_text - 1] = 0;
    trow(g, long_text, CARC_E_PARSE, CARC_REASON_MALFORMED, 127, "too long");
    /* the segment labels need the tile of a pending deployment */
    trow(g, "deploy follower road E", CARC_E_STATE, CARC_REASON_WRONG_KIND, 0, "no deployment");
    trow(g, "deploy follower segment 1", CARC_E_STATE, CARC_REASON_WRONG_KIND, 0, "no deployment");
    apply_text(g, "place 1,0 r1");
    trow(g, "deploy follower road E", CARC_OK, CARC_REASON_LEGAL, -1, "legal");
    trow(g, "deploy knight road E", CARC_E_PARSE, CARC_REASON_MALFORMED, 7, "no figure named");
    trow(g, "deploy follower castle", CARC_E_PARSE, CARC_REASON_MALFORMED, 16, "no feature named");
    trow(g, "deploy follower road Q", CARC_E_PARSE, CARC_REASON_MALFORMED, 21, "N, E, S or W");
    trow(g, "deploy follower field Q", CARC_E_PARSE, CARC_REASON_MALFORMED, 22, "half-edge");
    trow(g, "deploy follower city N", CARC_E_PARSE, CARC_REASON_MALFORMED, 16, "tile U has no city at N");
    trow(g, "deploy follower segment 9", CARC_E_PARSE, CARC_REASON_MALFORMED, 24, "segments 0..2");
    trow(g, "deploy follower segment x", CARC_E_PARSE, CARC_REASON_MALFORMED, 24, "a number");
    trow(g, "deploy follower", CARC_E_PARSE, CARC_REASON_MALFORMED, 15, "a figure and a place");
    trow(g, "deploy big road E", CARC_E_ILLEGAL, CARC_REASON_NO_FIGURE, -1, "no big");
    carc_game_free(g);
}
END_TEST

/* Over random games: explain says OK exactly for the legal actions, and for
 * every placement of the tile in hand at every cell next to the board and
 * every deployment, its code is what apply returns. */
START_TEST(agrees_with_apply)
{
    for (uint64_t seed = 1; seed <= 3; seed++) {
        carc_game *g = new_game(seed);
        unsigned long pick = seed;
        int checked = 0;
        while (!carc_game_is_terminal(g)) {
            if (sample_if_chance(g)) continue;
            carc_action acts[512];
            size_t n = 0;
            ck_assert_int_eq(carc_game_legal_actions(g, acts, 512, &n), CARC_OK);
            carc_explanation e;
            for (size_t i = 0; i < n; i++) {
                ck_assert_int_eq(carc_game_explain(g, &acts[i], &e), CARC_OK);
                ck_assert_int_eq(e.code, CARC_OK);
                ck_assert_int_eq(e.reason, CARC_REASON_LEGAL);
            }
            carc_decision d;
            carc_game_decision(g, &d);
            carc_game *c = NULL;
            ck_assert_int_eq(carc_game_clone(&c, g), CARC_OK);
            if (d.kind == CARC_DECISION_PLACE && (carc_game_turn(g) % 7) == 0) {
                carc_placed_tile t;
                for (int k = 0; carc_game_tile_by_order(g, k, &t) == CARC_OK; k++)
                    for (int s = 0; s < 4; s++)
                        for (int r = 0; r < 4; r++) {
                            static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
                            carc_action a = act(CARC_ACTION_PLACE, 0, t.x + dx[s], t.y + dy[s], r, 0, 0);
                            ck_assert_int_eq(carc_game_explain(g, &a, &e), CARC_OK);
                            int rc = carc_game_apply(c, &a);
                            ck_assert_int_eq(e.code, rc);
                            ck_assert((rc == CARC_OK) == (e.reason == CARC_REASON_LEGAL));
                            if (rc == CARC_OK) carc_game_copy(c, g);
                            checked++;
                        }
            }
            if (d.kind == CARC_DECISION_DEPLOY)
                for (int seg = 0; seg < 10; seg++) {
                    carc_action a = act(CARC_ACTION_DEPLOY, 0, 0, 0, 0, CARC_FIGURE_FOLLOWER, seg);
                    ck_assert_int_eq(carc_game_explain(g, &a, &e), CARC_OK);
                    int rc = carc_game_apply(c, &a);
                    ck_assert_int_eq(e.code, rc);
                    ck_assert((rc == CARC_OK) == (e.reason == CARC_REASON_LEGAL));
                    if (rc != CARC_OK)
                        ck_assert(e.reason == CARC_REASON_OCCUPIED ||
                                  e.reason == CARC_REASON_OUT_OF_RANGE ||
                                  e.reason == CARC_REASON_NO_FIGURE ||
                                  e.reason == CARC_REASON_NOT_CLAIMABLE);
                    if (rc == CARC_OK) carc_game_copy(c, g);
                    checked++;
                }
            carc_game_free(c);
            pick = pick * 6364136223846793005ul + 1442695040888963407ul;
            ck_assert_int_eq(carc_game_apply(g, &acts[(pick >> 33) % n]), CARC_OK);
        }
        ck_assert_int_gt(checked, 100);
        carc_game_free(g);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("explain");
    TCase *tc = tcase_create("refusals");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, null_arguments);
    tcase_add_test(tc, draw_refusals);
    tcase_add_test(tc, place_refusals);
    tcase_add_test(tc, deploy_refusals);
    tcase_add_test(tc, no_follower_left);
    tcase_add_test(tc, game_over);
    tcase_add_test(tc, text_refusals);
    tcase_add_test(tc, agrees_with_apply);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
