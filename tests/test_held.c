/* Held and face-up tiles (issue 21): carc_game_held_tiles through a bazaar
 * round of Bridges, Castles & Bazaars, replayed from the scenario record
 * tests/scenarios/bcb_bazaar_round.rec cut at points before, during and
 * after the auction; its errors and `needed`; the held tiles' names in the
 * SVG panel and the board view. */
#include <carcvar/carcvar.h>
#include <check.h>

#include "run_suite.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *read_file(const char *name, size_t *len)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", SCENARIO_DIR, name);
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    ck_assert_ptr_nonnull(buf);
    ck_assert_int_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
    buf[n] = 0;
    fclose(f);
    *len = (size_t)n;
    return buf;
}

/* The game after the record's first `lines` action lines (comments and the
 * header not counted); -1: the whole record. */
static carc_game *replay_actions(const char *name, int lines)
{
    size_t len;
    char *text = read_file(name, &len);
    size_t cut = len;
    if (lines >= 0) {
        static const char *const header[] = {"carcvar-record ", "players ", "seed ",
                                             "modules ", "rule ", "first-player ", "bag"};
        int seen = 0;
        for (size_t i = 0; i < len;) {
            size_t e = i;
            while (e < len && text[e] != '\n') e++;
            if (e < len) e++;
            const char *l = text + i;
            int is_header = 0;
            for (size_t k = 0; k < sizeof header / sizeof header[0]; k++)
                is_header |= strncmp(l, header[k], strlen(header[k])) == 0;
            if (!is_header && l[0] != '#' && l[0] != '\n') {
                if (seen == lines) {
                    cut = i;
                    break;
                }
                seen++;
            }
            i = e;
        }
        ck_assert_int_eq(seen, lines);
    }
    carc_game *g = NULL;
    carc_record_error err;
    int rc = carc_record_replay(&g, text, cut, &err);
    ck_assert_msg(rc == CARC_OK, "%s cut after %d actions: %d", name, lines, rc);
    free(text);
    return g;
}

static int T(const char *name)
{
    int t = carc_tile_by_name(name);
    ck_assert_int_ge(t, 0);
    return t;
}

/* player's held tiles (-1: the face-up row) are exactly the names given */
static void expect_held(const carc_game *g, int player, const char *a, const char *b,
                        const char *c)
{
    const char *want[3] = {a, b, c};
    size_t nwant = 0;
    while (nwant < 3 && want[nwant]) nwant++;
    int32_t types[8];
    size_t needed = 99;
    ck_assert_int_eq(carc_game_held_tiles(g, player, types, 8, &needed), CARC_OK);
    ck_assert_msg(needed == nwant, "player %d: %zu held, expected %zu", player, needed, nwant);
    for (size_t i = 0; i < nwant; i++)
        ck_assert_msg(types[i] == T(want[i]), "player %d tile %zu: %s, expected %s", player, i,
                      carc_tile_name(types[i]), want[i]);
}

/* The record: draw BB_F_b, place, pass (3 lines), bazaar U, V, B (6),
 * Blue: pick 0, bid 2, Green passes, Red bids 3, buy (11); Green: pick 1,
 * bid 2, Red bids 3, sell (15): B goes to Green free; then Blue, Green and
 * Red lay their tiles (place + pass each: 17, 19, 21). */
START_TEST(bazaar_round)
{
    carc_game *g = replay_actions("bcb_bazaar_round.rec", 3);
    for (int p = -1; p < 3; p++) expect_held(g, p, NULL, NULL, NULL);
    carc_game_free(g);

    g = replay_actions("bcb_bazaar_round.rec", 4); /* one tile revealed */
    expect_held(g, -1, "U", NULL, NULL);
    for (int p = 0; p < 3; p++) expect_held(g, p, NULL, NULL, NULL);
    carc_game_free(g);

    g = replay_actions("bcb_bazaar_round.rec", 6); /* the row, in the order revealed */
    expect_held(g, -1, "U", "V", "B");
    for (int p = 0; p < 3; p++) expect_held(g, p, NULL, NULL, NULL);
    carc_game_free(g);

    g = replay_actions("bcb_bazaar_round.rec", 9); /* U under the hammer: still face up */
    expect_held(g, -1, "U", "V", "B");
    carc_game_free(g);

    g = replay_actions("bcb_bazaar_round.rec", 11); /* Blue bought U */
    expect_held(g, -1, "V", "B", NULL);
    expect_held(g, 0, NULL, NULL, NULL);
    expect_held(g, 1, "U", NULL, NULL);
    expect_held(g, 2, NULL, NULL, NULL);
    carc_game_free(g);

    /* Green sold V to Red, B went to Green free; Blue's turn has begun and
     * U is its tile in hand (the decision), no longer held */
    g = replay_actions("bcb_bazaar_round.rec", 15);
    ck_assert_int_eq(carc_game_current_player(g), 1);
    carc_decision d;
    ck_assert_int_eq(carc_game_decision(g, &d), CARC_OK);
    ck_assert_int_eq(d.tile, T("U"));
    expect_held(g, -1, NULL, NULL, NULL);
    expect_held(g, 0, "V", NULL, NULL);
    expect_held(g, 1, NULL, NULL, NULL);
    expect_held(g, 2, "B", NULL, NULL);
    carc_game_free(g);

    g = replay_actions("bcb_bazaar_round.rec", 17); /* Green's turn: B in hand */
    expect_held(g, 0, "V", NULL, NULL);
    expect_held(g, 2, NULL, NULL, NULL);
    carc_game_free(g);

    g = replay_actions("bcb_bazaar_round.rec", 19); /* Red's turn: nothing held */
    for (int p = -1; p < 3; p++) expect_held(g, p, NULL, NULL, NULL);
    carc_game_free(g);
}
END_TEST

START_TEST(no_auction_variant)
{
    /* bcb_bazaar 2 (no auction): draw, place, pass, U, V revealed (5) */
    carc_game *g = replay_actions("bcb_bazaar_no_auction.rec", 5);
    expect_held(g, -1, "U", "V", NULL);
    expect_held(g, 0, NULL, NULL, NULL);
    expect_held(g, 1, NULL, NULL, NULL);
    carc_game_free(g);
    /* player 1 picks V, U goes to player 0; player 1's turn: V in hand */
    g = replay_actions("bcb_bazaar_no_auction.rec", 6);
    expect_held(g, -1, NULL, NULL, NULL);
    expect_held(g, 0, "U", NULL, NULL);
    expect_held(g, 1, NULL, NULL, NULL);
    carc_game_free(g);
    g = replay_actions("bcb_bazaar_no_auction.rec", -1);
    for (int p = -1; p < carc_game_num_players(g); p++) expect_held(g, p, NULL, NULL, NULL);
    carc_game_free(g);
}
END_TEST

START_TEST(errors_and_needed)
{
    carc_game *g = replay_actions("bcb_bazaar_round.rec", 6);
    int32_t types[3] = {-7, -7, -7};
    size_t needed = 99;
    ck_assert_int_eq(carc_game_held_tiles(NULL, -1, types, 3, &needed), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_held_tiles(g, -2, types, 3, &needed), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_held_tiles(g, 3, types, 3, &needed), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_held_tiles(g, -1, NULL, 3, &needed), CARC_E_INVALID);
    ck_assert_uint_eq(needed, 99); /* untouched on an argument error */
    /* size first */
    ck_assert_int_eq(carc_game_held_tiles(g, -1, NULL, 0, &needed), CARC_E_BUFFER);
    ck_assert_uint_eq(needed, 3);
    /* short: the first cap written, nothing past them */
    needed = 0;
    ck_assert_int_eq(carc_game_held_tiles(g, -1, types, 2, &needed), CARC_E_BUFFER);
    ck_assert_uint_eq(needed, 3);
    ck_assert_int_eq(types[0], T("U"));
    ck_assert_int_eq(types[1], T("V"));
    ck_assert_int_eq(types[2], -7);
    /* exact; needed may be NULL */
    ck_assert_int_eq(carc_game_held_tiles(g, -1, types, 3, NULL), CARC_OK);
    ck_assert_int_eq(types[2], T("B"));
    /* a player with nothing: OK with NULL, 0 */
    ck_assert_int_eq(carc_game_held_tiles(g, 0, NULL, 0, &needed), CARC_OK);
    ck_assert_uint_eq(needed, 0);
    carc_game_free(g);

    /* a base game: nobody holds anything */
    carc_options o;
    carc_options_init(&o);
    o.num_players = 6;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    for (int p = -1; p < 6; p++) {
        needed = 99;
        ck_assert_int_eq(carc_game_held_tiles(g, p, types, 3, &needed), CARC_OK);
        ck_assert_uint_eq(needed, 0);
    }
    ck_assert_int_eq(carc_game_held_tiles(g, 6, types, 3, &needed), CARC_E_INVALID);
    carc_game_free(g);
}
END_TEST

static char *picture(const carc_game *g, int svg)
{
    size_t need = 0;
    carc_board_view v;
    carc_board_view_init(&v);
    v.width = 120;
    int rc = svg ? carc_game_board_svg(g, NULL, 0, &need) : carc_game_board_view(g, &v, NULL, 0, &need);
    ck_assert_int_eq(rc, CARC_E_BUFFER);
    char *buf = malloc(need);
    ck_assert_ptr_nonnull(buf);
    rc = svg ? carc_game_board_svg(g, buf, need, NULL) : carc_game_board_view(g, &v, buf, need, NULL);
    ck_assert_int_eq(rc, CARC_OK);
    return buf;
}

START_TEST(pictures_show_held_tiles)
{
    /* mid-auction: Blue holds U, V and B lie face up */
    carc_game *g = replay_actions("bcb_bazaar_round.rec", 11);
    char *svg = picture(g, 1);
    ck_assert_msg(strstr(svg, "class=\"face-up\"") && strstr(svg, "face up: V, B"), "face-up row");
    ck_assert_msg(strstr(svg, "class=\"held\" data-player=\"1\"") && strstr(svg, "holds U<"),
                  "Blue's held tile");
    ck_assert_ptr_null(strstr(svg, "class=\"held\" data-player=\"0\"")); /* nothing for Red */
    free(svg);
    char *view = picture(g, 0);
    ck_assert_msg(strstr(view, "face up: V, B\n") != NULL, "%s", view);
    ck_assert_msg(strstr(view, "player 1: -3 points; supply: 7 followers; holds U\n") != NULL,
                  "%s", view);
    ck_assert_msg(strstr(view, "player 0: 3 points; supply: 7 followers\n") != NULL, "%s", view);
    free(view);
    carc_game_free(g);

    /* after the auction: Red holds V, Green B; nothing face up */
    g = replay_actions("bcb_bazaar_round.rec", 15);
    svg = picture(g, 1);
    ck_assert_ptr_null(strstr(svg, "face-up"));
    ck_assert_msg(strstr(svg, "holds V<") && strstr(svg, "holds B<"), "held tiles");
    ck_assert_ptr_null(strstr(svg, "holds U"));
    free(svg);
    view = picture(g, 0);
    ck_assert_ptr_null(strstr(view, "face up"));
    ck_assert_msg(strstr(view, "; holds V\n") && strstr(view, "; holds B\n"), "%s", view);
    free(view);
    carc_game_free(g);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("held");
    TCase *tc = tcase_create("held");
    tcase_add_test(tc, bazaar_round);
    tcase_add_test(tc, no_auction_variant);
    tcase_add_test(tc, errors_and_needed);
    tcase_add_test(tc, pictures_show_held_tiles);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
