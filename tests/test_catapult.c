/* The Catapult (module catapult), through the public API only:
 *  - its 12 fair tiles against an independent table (../shared/rules/
 *    catapult.md §3: edges, roads, cities, pennants; the field partitions
 *    as JCloisterZone's catapult.xml of commit e0ae2329 writes them, in its
 *    own half-edge names) in all four rotations; the fair in the middle;
 *  - the hurl: a sampled-only chance decision (no ids, no outcome list),
 *    deterministic per seed, replayed exactly from records and serialized
 *    games, host words checked with the game unchanged on a refusal;
 *  - the model's documented hit rates (doc/catapult.md) over many seeds;
 *  - refusals explained (a kind already chosen, an aim out of range, an
 *    illegal exchange, a bad outcome). */
#include <carcvar/carcvar.h>
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record_text.h"
#include "random_step.h"
#include "run_suite.h"
#include "serial_bytes.h"
#include "tile_rows.h"

#define FAIR_KIND 12 /* the fair's extension feature kind (tiles.def) */
#define ACT_KIND (16 + 9 * 16 + 0)
#define ACT_AIM (16 + 9 * 16 + 1)
#define ACT_HURL (16 + 9 * 16 + 3)
#define ACT_SWAP (16 + 9 * 16 + 5)
#define DEC_HURL (16 + 9 * 16 + 3)

/* ---------------------------------------------------------------- tiles */

/* catapult.md §3 (edges N E S W; "the fair splits the field" where it
 * says so) and catapult.xml of JCZ e0ae2329 (the farms) */
static const tile_row tiles[] = {
    {"CA_C", 1, "CFFF", FAIR_KIND, {0}, {"N"}, {"WL WR SL SR EL ER"}, 0, 0},
    {"CA_Cx", 1, "FCFF", FAIR_KIND, {0}, {"E"}, {"NL NR", "WL WR SL SR"}, 0, 0},
    {"CA_Ccp", 1, "CFFC", FAIR_KIND, {0}, {"N W"}, {"SL SR EL ER"}, 0, 1},
    {"CA_Cccc", 1, "CCCC", FAIR_KIND, {0}, {"N W S E"}, {0}, 0, 0},
    {"CA_CFC", 1, "CFCF", FAIR_KIND, {0}, {"N", "S"}, {"WL WR", "EL ER"}, 0, 0},
    {"CA_F", 1, "FFFF", FAIR_KIND, {0}, {0}, {"NL NR EL ER SL SR WL WR"}, 0, 0},
    {"CA_L", 1, "FFFF", FAIR_KIND, {0}, {0}, {"WR NL NR EL", "WL SL SR ER"}, 1, 0},
    {"CA_RFR", 1, "RFRF", FAIR_KIND, {"N", "S"}, {0}, {"NR EL ER SL", "SR WL WR NL"}, 0, 0},
    {"CA_RR", 1, "FFRR", FAIR_KIND, {"W", "S"}, {0}, {"WR NL NR EL ER SL", "WL SR"}, 0, 0},
    {"CA_RrR1", 1, "FRRR", FAIR_KIND, {"W", "S E"}, {0}, {"SR WL WR NL NR EL", "ER SL"}, 0, 0},
    {"CA_RRr2", 1, "RRFR", FAIR_KIND, {"W", "N E"}, {0}, {"NL WL WR SL SR ER", "NR EL"}, 0, 0},
    {"CA_Rrrr", 1, "RRRR", FAIR_KIND, {"N E S W"}, {0}, {"WR NL", "NR EL", "ER SL", "SR WL"}, 0, 0},
};
#define NTILES ((int)(sizeof tiles / sizeof tiles[0]))

START_TEST(tile_table)
{
    check_tile_row(&tiles[_i], CARC_MODULE_CATAPULT);
}
END_TEST

START_TEST(tile_totals)
{
    int n = 0, copies = 0;
    for (int t = 0; t < carc_tile_type_count(); t++) {
        carc_tile_info ti;
        ck_assert_int_eq(carc_tile_info_get(t, 0, &ti), CARC_OK);
        if (ti.module != CARC_MODULE_CATAPULT) continue;
        n++;
        copies += ti.count;
    }
    ck_assert_int_eq(n, NTILES); /* no other type in the set */
    ck_assert_int_eq(copies, 12);
}
END_TEST

/* ---------------------------------------------------------------- games */

/* P0 a road follower on U at 1,0 (figure 0, at 45,0 mm); P1 lays the fair
 * tile CA_F at 0,1; `kind` chosen; P1 has aimed at the fair's centre: the
 * first hurl is pending. */
static carc_game *round_game(unsigned long seed, const char *kind, const char *rules)
{
    char text[1024];
    snprintf(text, sizeof text,
             "carcvar-record 4\nplayers 2\nseed %lu\nmodules base catapult\nbag U=1 CA_F=1\n%s"
             "draw U\nplace 1,0 r1\ndeploy follower road E\ndraw CA_F\nplace 0,1 r0\npass\n"
             "catapult %s\n%s",
             seed, rules, kind, strcmp(kind, "catch") ? "catapult aim 112\n" : "catapult power 2\n");
    return replay_text(text);
}

/* a is explained as refused at g, for `reason`; the explanation in *e */
static void explain_refused(const carc_game *g, const carc_action *a, carc_explanation *e,
                            int reason)
{
    ck_assert_int_eq(carc_game_explain(g, a, e), CARC_OK);
    ck_assert_int_ne(e->code, CARC_OK);
    ck_assert_int_eq(e->reason, reason);
}

static bool same_game(const carc_game *a, const carc_game *b)
{
    size_t na, nb;
    uint8_t *x = serial_bytes(a, &na), *y = serial_bytes(b, &nb);
    bool same = na == nb && memcmp(x, y, na) == 0;
    free(x);
    free(y);
    return same;
}

START_TEST(hurl_is_sampled_only)
{
    carc_game *g = round_game(1, "target", "");
    carc_decision d;
    ck_assert_int_eq(carc_game_decision(g, &d), CARC_OK);
    ck_assert_int_eq(d.kind, DEC_HURL);
    ck_assert_int_eq(d.player, CARC_PLAYER_CHANCE);
    ck_assert(d.flags & CARC_DECISION_F_SAMPLED_ONLY);
    int32_t ids[8];
    size_t n = 99;
    ck_assert_int_eq(carc_game_legal_ids(g, ids, 8, &n), CARC_OK);
    ck_assert_uint_eq(n, 0);
    double probs[8];
    ck_assert_int_eq(carc_game_chance_outcomes(g, ids, probs, 8, &n), CARC_E_UNSUPPORTED);
    carc_game_free(g);
}
END_TEST

/* the same seed samples the same hurl; a copy samples what the original
 * does; the record written replays to the same game */
START_TEST(sampling_deterministic)
{
    const char *kinds[4] = {"knockout", "seduction", "target", "catch"};
    int differ = 0;
    for (int k = 0; k < 4; k++)
        for (unsigned long seed = 1; seed <= 20; seed++) {
            carc_game *a = round_game(seed, kinds[k], ""), *b = round_game(seed, kinds[k], ""), *c;
            ck_assert_int_eq(carc_game_clone(&c, a), CARC_OK);
            carc_action x, y, z;
            ck_assert_int_eq(carc_game_sample_chance(a, &x), CARC_OK);
            ck_assert_int_eq(carc_game_sample_chance(b, &y), CARC_OK);
            ck_assert_int_eq(carc_game_sample_chance(c, &z), CARC_OK);
            ck_assert_int_eq(x.kind, ACT_HURL);
            ck_assert(x.x == y.x && x.y == y.y && x.arg == y.arg);
            ck_assert(x.x == z.x && x.y == z.y && x.arg == z.arg);
            ck_assert(same_game(a, b) && same_game(a, c));
            carc_game *d = round_game(seed + 1000, kinds[k], "");
            carc_action w;
            ck_assert_int_eq(carc_game_sample_chance(d, &w), CARC_OK);
            differ += w.x != x.x || w.y != x.y || w.arg != x.arg;
            /* play the game out; its record replays to the same game */
            while (!carc_game_is_terminal(a)) {
                if (sample_if_chance(a)) continue;
                int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
                size_t n;
                ck_assert_int_eq(carc_game_legal_ids(a, ids, CARC_NUM_DISTINCT_ACTIONS, &n),
                                 CARC_OK);
                ck_assert_uint_gt(n, 0);
                ck_assert_int_eq(carc_game_apply_id(a, ids[(seed * 7 + n) % n]), CARC_OK);
            }
            size_t len;
            ck_assert_int_eq(carc_game_write_record(a, NULL, 0, &len), CARC_E_BUFFER);
            char *rec = malloc(len);
            ck_assert_int_eq(carc_game_write_record(a, rec, len, &len), CARC_OK);
            carc_game *r;
            carc_record_error err;
            ck_assert_msg(carc_record_replay(&r, rec, len - 1, &err) == CARC_OK, "line %d: %s",
                          err.line, err.message);
            ck_assert(same_game(a, r));
            free(rec);
            carc_game_free(r);
            carc_game_free(a);
            carc_game_free(b);
            carc_game_free(c);
            carc_game_free(d);
        }
    ck_assert_int_gt(differ, 40); /* another seed hurls otherwise, nearly always */
}
END_TEST

/* host words: refused with the game unchanged, accepted when right; a
 * serialized game keeps them */
START_TEST(host_outcomes_checked)
{
    carc_game *g = round_game(1, "knockout", ""), *before;
    ck_assert_int_eq(carc_game_clone(&before, g), CARC_OK);
    carc_action a = {0};
    a.kind = ACT_HURL;
    a.arg = 1;
    a.x = 90;
    a.y = 0;
    carc_explanation why;
    const uint16_t bad[][5] = {
        {1, 32858, 32768, 1},     /* figure 1 is in P0's supply        */
        {1, 32858, 32768, 99},    /* no figure 99                      */
        {1, 32858, 32768, 0, 0},  /* a figure twice                    */
        {2, 32858, 32768},        /* word 0 is 0 or 1                  */
        {1, 32948, 32948},        /* "on the map" off every tile       */
        {1},                      /* on the map without a point        */
    };
    const size_t nbad[] = {4, 4, 5, 3, 3, 1};
    const char *said[] = {"figure 1 is not on the board", "there is no figure 99",
                          "listed once each, ascending", "word 1 is 1",
                          "lies on no placed tile, but word 1 says on the map",
                          "needs its resting point"};
    for (size_t i = 0; i < sizeof nbad / sizeof nbad[0]; i++) {
        ck_assert_int_eq(carc_game_apply_outcome(g, &a, bad[i], nbad[i], &why), CARC_E_ILLEGAL);
        ck_assert_int_eq(why.code, CARC_E_ILLEGAL);
        ck_assert_int_eq(why.reason, 16 + 9 * 16 + 5);
        ck_assert_msg(strstr(why.message, said[i]), "%zu: %s", i, why.message);
        ck_assert(same_game(g, before));
    }
    const uint16_t good[] = {1, 32858, 32768, 0};
    ck_assert_int_eq(carc_game_apply_outcome(g, &a, good, 4, &why), CARC_OK);
    ck_assert_int_eq(carc_game_supply(g, 0, CARC_FIGURE_FOLLOWER), 7);
    /* serialized mid-round: the words come back */
    size_t n;
    uint8_t *buf = serial_bytes(g, &n);
    carc_game *r;
    ck_assert_int_eq(carc_game_deserialize(&r, buf, n), CARC_OK);
    ck_assert(same_game(g, r));
    free(buf);
    carc_game_free(r);
    carc_game_free(g);
    carc_game_free(before);
}
END_TEST

/* carc_game_catapult and carc_game_tokens through a knock-out round */
START_TEST(round_query_and_tokens)
{
    carc_catapult_info info;
    carc_game *g = round_game(1, "knockout", "");
    ck_assert_int_eq(carc_game_catapult(NULL, &info), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_catapult(g, NULL), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_catapult(g, &info), CARC_OK);
    ck_assert_int_eq(info.in_round, 1);
    ck_assert_int_eq(info.kind, CARC_TOKEN_KNOCKOUT);
    ck_assert_int_eq(info.fair_x, 0);
    ck_assert_int_eq(info.fair_y, 1);
    ck_assert_int_eq(info.rounds, 0);
    ck_assert_int_eq(info.num_hurls, 0);
    for (int p = 0; p < 2; p++)
        for (int k = CARC_TOKEN_KNOCKOUT; k <= CARC_TOKEN_CATCH; k++)
            ck_assert_int_eq(carc_game_tokens(g, p, k), 1);
    ck_assert_int_eq(carc_game_tokens(g, -1, CARC_TOKEN_KNOCKOUT), 0);
    carc_action a = {0};
    a.kind = ACT_HURL;
    a.arg = 1;
    a.x = 90;
    const uint16_t w[] = {1, 32858, 32768, 0};
    ck_assert_int_eq(carc_game_apply_outcome(g, &a, w, 4, NULL), CARC_OK);
    ck_assert_int_eq(carc_game_catapult(g, &info), CARC_OK);
    ck_assert_int_eq(info.num_hurls, 1);
    ck_assert_int_eq(info.hurler[0], 1);
    ck_assert_int_eq(info.result[0], 1);
    ck_assert_int_eq(info.point_known[0], 1);
    ck_assert(info.x_mm[0] == 45.0 && info.y_mm[0] == 0.0);
    ck_assert_int_eq(info.knocked_out[0], 1);
    /* P1's knock-out token lies where it came to rest until the round ends */
    ck_assert_int_eq(carc_game_tokens(g, 1, CARC_TOKEN_KNOCKOUT), 0);
    ck_assert_int_eq(carc_game_tokens(g, 1, CARC_TOKEN_TARGET), 1);
    ck_assert_int_eq(carc_game_tokens(g, 0, CARC_TOKEN_KNOCKOUT), 1);
    ck_assert_int_eq(apply_text(g, "catapult aim 0"), CARC_OK);
    const uint16_t off[] = {0};
    a.arg = 0;
    a.x = a.y = -32768;
    ck_assert_int_eq(carc_game_apply_outcome(g, &a, off, 1, NULL), CARC_OK);
    ck_assert_int_eq(carc_game_catapult(g, &info), CARC_OK);
    ck_assert_int_eq(info.in_round, 0);
    ck_assert_int_eq(info.rounds, 1);
    ck_assert_int_eq(info.kind, CARC_TOKEN_KNOCKOUT);
    ck_assert_int_eq(info.num_hurls, 2);
    ck_assert_int_eq(info.hurler[1], 0);
    ck_assert_int_eq(info.result[1], 0);
    ck_assert_int_eq(info.point_known[1], 0);
    ck_assert_int_eq(info.knocked_out[1], 0);
    ck_assert_int_eq(carc_game_tokens(g, 1, CARC_TOKEN_KNOCKOUT), 1);
    ck_assert_int_eq(carc_game_tokens(g, 0, CARC_TOKEN_KNOCKOUT), 1);
    /* the board view shows the round, the SVG's panel the tokens held */
    static char text[1 << 16];
    size_t need;
    carc_board_view view;
    carc_board_view_init(&view);
    ck_assert_int_eq(carc_game_board_view(g, &view, text, sizeof text, &need), CARC_OK);
    ck_assert_msg(strstr(text, "catapult round 1 (knockout) at the fair 0,1: player 1 at 45,0 mm, "
                               "knocked out 1;"), "%s", text);
    ck_assert_msg(strstr(text, "player 0 off the map"), "%s", text); /* wrapped */
    ck_assert_int_eq(carc_game_board_svg(g, text, sizeof text, &need), CARC_OK);
    ck_assert_ptr_nonnull(strstr(text, "1 knock-out, 1 seduction, 1 target, 1 catch"));
    carc_game_free(g);
    /* a game without the Catapult */
    carc_options o;
    carc_options_init(&o);
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    ck_assert_int_eq(carc_game_catapult(g, &info), CARC_E_NOTFOUND);
    ck_assert_int_eq(carc_game_tokens(g, 0, CARC_TOKEN_KNOCKOUT), 0);
    carc_game_free(g);
}
END_TEST

/* ----------------------------------------------------- the model's rates */

/* doc/catapult.md "Hit rates": a token aimed at the centre of the fair
 * tile rests on that tile 81.9 % (target) and 78.4 % (knock-out,
 * seduction) of the time; a catch with power 2: caught 28 %, far 31.5 %,
 * short 30 %, touched 10.5 %.  3,000 seeds each; 2.5 points of tolerance
 * (about 4.5 standard deviations). */
#define SAMPLES 3000

static double on_fair_rate(const char *kind)
{
    int hit = 0;
    for (int s = 0; s < SAMPLES; s++) {
        carc_game *g = round_game((unsigned long)s + 1, kind, "");
        carc_action a;
        ck_assert_int_eq(carc_game_sample_chance(g, &a), CARC_OK);
        /* the fair tile at cell 0,1 spans -45..45 x 45..135 half-mm */
        hit += a.x > -45 && a.x < 45 && a.y > 45 && a.y < 135;
        carc_game_free(g);
    }
    return 100.0 * hit / SAMPLES;
}

START_TEST(hit_rates)
{
    double t = on_fair_rate("target"), k = on_fair_rate("knockout");
    ck_assert_msg(t > 81.9 - 2.5 && t < 81.9 + 2.5, "target %.1f %%", t);
    ck_assert_msg(k > 78.4 - 2.5 && k < 78.4 + 2.5, "knock-out %.1f %%", k);
    int codes[4] = {0};
    for (int s = 0; s < SAMPLES; s++) {
        carc_game *g = round_game((unsigned long)s + 1, "catch", "");
        carc_action a;
        ck_assert_int_eq(carc_game_sample_chance(g, &a), CARC_OK);
        ck_assert(a.arg >= 0 && a.arg < 4);
        codes[a.arg]++;
        carc_game_free(g);
    }
    const double want[4] = {28.0, 31.5, 30.0, 10.5};
    for (int c = 0; c < 4; c++) {
        double got = 100.0 * codes[c] / SAMPLES;
        ck_assert_msg(got > want[c] - 2.5 && got < want[c] + 2.5, "catch code %d: %.1f %%", c, got);
    }
}
END_TEST

/* ------------------------------------------------------------- refusals */

START_TEST(refusals_explained)
{
    carc_game *g = round_game(1, "knockout", "");
    carc_explanation e;
    /* the kind of this round is chosen: at the hurl */
    carc_action a = {0};
    a.kind = ACT_KIND;
    a.arg = 2;
    explain_refused(g, &a, &e, 16 + 9 * 16 + 1);
    ck_assert_ptr_nonnull(strstr(e.message, "chosen already"));
    carc_game_free(g);

    /* an aim out of range at the aim decision */
    const char *text = "carcvar-record 4\nplayers 2\nseed 1\nmodules base catapult\nbag U=1 CA_F=1\n"
                       "draw U\nplace 1,0 r1\ndeploy follower road E\ndraw CA_F\nplace 0,1 r0\n"
                       "pass\ncatapult seduction\n";
    g = replay_text(text);
    a.kind = ACT_AIM;
    a.arg = 225;
    explain_refused(g, &a, &e, 16 + 9 * 16 + 2);
    ck_assert_int_eq(carc_game_explain_text(g, "catapult aim 224", &e), CARC_OK);
    ck_assert_int_eq(e.code, CARC_OK);
    /* the seduction's exchange: P1's farmer on nothing is no figure of P1's */
    ck_assert_int_eq(apply_text(g, "catapult aim 112"), CARC_OK);
    carc_action h = {0};
    h.kind = ACT_HURL;
    h.arg = 1;
    h.x = 60;
    h.y = 0;
    ck_assert_int_eq(carc_game_apply(g, &h), CARC_OK);
    a.kind = ACT_SWAP;
    a.arg = 1; /* P0's figure: not the hurler's */
    explain_refused(g, &a, &e, 16 + 9 * 16 + 3);
    ck_assert_int_eq(apply_text(g, "catapult swap 7"), CARC_OK);
    ck_assert_int_eq(carc_game_supply(g, 0, CARC_FIGURE_FOLLOWER), 7);
    ck_assert_int_eq(carc_game_supply(g, 1, CARC_FIGURE_FOLLOWER), 6);
    carc_game_free(g);
}
END_TEST

/* reasons 0 (not now) and 4 (not one of the tied followers) */
START_TEST(refusals_not_now_and_pick)
{
    carc_options o;
    carc_options_init(&o);
    o.modules |= 1ull << CARC_MODULE_CATAPULT;
    carc_game *g;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    carc_explanation e;
    carc_action a = {0};
    a.kind = ACT_KIND; /* no round running: the first tile is to be drawn/placed */
    explain_refused(g, &a, &e, 16 + 9 * 16 + 0);
    ck_assert_msg(strstr(e.message, "only when a catapult round starts"), "%s", e.message);
    carc_game_free(g);

    /* at the kind decision an aim is not now */
    g = round_game(1, "knockout", "");
    carc_game *k;
    const char *text = "carcvar-record 4\nplayers 2\nseed 1\nmodules base catapult\nbag U=1 CA_F=1\n"
                       "draw U\nplace 1,0 r1\ndeploy follower road E\ndraw CA_F\nplace 0,1 r0\n"
                       "pass\n";
    k = replay_text(text);
    a.kind = ACT_AIM;
    a.arg = 3;
    explain_refused(k, &a, &e, 16 + 9 * 16 + 0);
    ck_assert_msg(strstr(e.message, "before the hurl"), "%s", e.message);
    carc_game_free(k);
    carc_game_free(g);

    /* two followers equally close (cat_seduction_tie_choose.rec): P0's 0
     * and 1 are tied, figure 5 (in supply) is no candidate */
    text = "carcvar-record 4\nplayers 2\nseed 1\nmodules base catapult\nbag U=1 B=2 CA_F=1\n"
           "draw U\nplace 1,0 r1\ndeploy follower road E\ndraw B\nplace 1,1 r0\npass\n"
           "draw B\nplace 0,1 r0\ndeploy follower monastery\ndraw CA_F\nplace -1,1 r0\n"
           "pass\ncatapult seduction\ncatapult aim 112\noutcome 0 : 1 32768 32768\n";
    g = replay_text(text);
    ck_assert_int_eq(carc_game_clone(&k, g), CARC_OK);
    ck_assert_int_eq(carc_game_explain_text(g, "catapult pick 5", &e), CARC_OK);
    ck_assert_int_ne(e.code, CARC_OK);
    ck_assert_int_eq(e.reason, 16 + 9 * 16 + 4);
    ck_assert_msg(strstr(e.message, "not one of those closest"), "%s", e.message);
    ck_assert_int_ne(apply_text(g, "catapult pick 5"), CARC_OK);
    ck_assert(same_game(g, k));
    ck_assert_int_eq(carc_game_explain_text(g, "catapult pick 1", &e), CARC_OK);
    ck_assert_int_eq(e.code, CARC_OK);
    carc_game_free(k);
    carc_game_free(g);
}
END_TEST

/* off-map detection at the borders of placed tiles (doc/catapult.md: a
 * point on a border belongs to the tile east or south of it): tiles at
 * cells 0,0 (D), 1,0 (U) and 0,1 (the fair), each 90 half-mm wide */
START_TEST(off_map_borders)
{
    static const struct { int x, y, on; } pts[] = {
        {-45, 0, 1},  /* D's west border: D's                 */
        {-46, 0, 0},  /* just west of it: cell -1,0, empty    */
        {134, 0, 1},  /* inside U, by its east border         */
        {135, 0, 0},  /* U's east border: cell 2,0, empty     */
        {44, 90, 1},  /* inside the fair, by its east border  */
        {45, 90, 0},  /* the fair's east border: 1,1, empty   */
        {0, 134, 1},  /* the fair, by its south border        */
        {0, 135, 0},  /* its south border: 0,2, empty         */
        {45, 45, 0},  /* the corner of D, U, the fair, 1,1    */
        {44, 45, 1},  /* west of it: the fair                 */
    };
    for (size_t i = 0; i < sizeof pts / sizeof pts[0]; i++)
        for (int on = 0; on <= 1; on++) {
            carc_game *g = round_game(1, "target", "");
            carc_action a = {0};
            a.kind = ACT_HURL;
            a.arg = on;
            a.x = pts[i].x;
            a.y = pts[i].y;
            const uint16_t w[] = {(uint16_t)on, (uint16_t)(pts[i].x + 32768),
                                  (uint16_t)(pts[i].y + 32768)};
            int rc = carc_game_apply_outcome(g, &a, w, 3, NULL);
            ck_assert_msg(rc == (on == pts[i].on ? CARC_OK : CARC_E_ILLEGAL), "%d,%d said %d: %d",
                          pts[i].x, pts[i].y, on, rc);
            carc_game_free(g);
        }
}
END_TEST

/* A catch's outcome is its code alone: one with a resting point (read from
 * "catapult hurl X,Y" while a catch is pending) is refused with the game
 * unchanged (it was accepted and its point kept, which a replay of the
 * code could not restore: found by fuzz_actions), and the action is
 * written as what it is, so that it reads back as the same action. */
START_TEST(catch_outcome_is_a_code)
{
    carc_game *g = round_game(3, "catch", "");
    carc_game *k = NULL;
    ck_assert_int_eq(carc_game_clone(&k, g), CARC_OK);
    carc_action a, b;
    ck_assert_int_eq(carc_action_from_string(g, "catapult hurl 10,204", &a), CARC_OK);
    char text[128];
    ck_assert_int_eq(carc_action_to_string(g, &a, text, sizeof text, NULL), CARC_OK);
    ck_assert_str_eq(text, "catapult hurl 10,204");
    ck_assert_int_eq(carc_action_from_string(g, text, &b), CARC_OK);
    ck_assert(memcmp(&a, &b, sizeof a) == 0);
    const uint16_t w[] = {1};
    ck_assert_int_eq(carc_game_apply_outcome(g, &a, w, 1, NULL), CARC_E_ILLEGAL);
    ck_assert(same_game(g, k));
    /* the code alone is the catch's "far" */
    ck_assert_int_eq(carc_action_from_string(g, "catapult catch far", &b), CARC_OK);
    ck_assert_int_eq(carc_action_to_string(g, &b, text, sizeof text, NULL), CARC_OK);
    ck_assert_str_eq(text, "catapult catch far");
    ck_assert_int_eq(carc_game_apply_outcome(g, &b, w, 1, NULL), CARC_OK);
    carc_game_free(k);
    carc_game_free(g);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("catapult");
    TCase *tc = tcase_create("tiles");
    tcase_add_loop_test(tc, tile_table, 0, NTILES);
    tcase_add_test(tc, tile_totals);
    suite_add_tcase(s, tc);
    tc = tcase_create("hurls");
    tcase_add_test(tc, hurl_is_sampled_only);
    tcase_add_test(tc, sampling_deterministic);
    tcase_add_test(tc, host_outcomes_checked);
    tcase_add_test(tc, round_query_and_tokens);
    tcase_add_test(tc, hit_rates);
    tcase_add_test(tc, refusals_explained);
    tcase_add_test(tc, refusals_not_now_and_pick);
    tcase_add_test(tc, off_map_borders);
    tcase_add_test(tc, catch_outcome_is_a_code);
    tcase_set_timeout(tc, 120);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return run_suite(suite()); }
