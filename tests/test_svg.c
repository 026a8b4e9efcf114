/* The SVG board picture: a known game renders the expected elements, the
 * document is well formed (checked again by an XML parser in svg_xml.py). */
#include <carcvar/carcvar.h>
#include <check.h>

#include "run_suite.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle)) n++;
    return n;
}

static char *svg_of(const carc_game *g)
{
    size_t need = 0;
    ck_assert_int_eq(carc_game_board_svg(g, NULL, 0, &need), CARC_E_BUFFER);
    char *buf = malloc(need);
    ck_assert_int_eq(carc_game_board_svg(g, buf, need, &need), CARC_OK);
    ck_assert_uint_eq(strlen(buf) + 1, need);
    return buf;
}

START_TEST(known_game)
{
    /* Start D, an A (monastery) south of it with a monk, a U west of it
     * with a thief. */
    const char rec[] = "carcvar-record 1\nplayers 2\n"
                       "draw A\nplace 0,1 r0\ndeploy follower monastery\n"
                       "draw U\nplace -1,0 r1\ndeploy follower road E\n";
    carc_game *g;
    carc_record_error err;
    ck_assert_msg(carc_record_replay(&g, rec, sizeof rec - 1, &err) == CARC_OK, "%s", err.message);
    char *svg = svg_of(g);
    ck_assert_ptr_nonnull(strstr(svg, "<svg xmlns=\"http://www.w3.org/2000/svg\""));
    ck_assert_int_eq(count(svg, "class=\"tile\""), 3);
    ck_assert_int_eq(count(svg, "data-name=\"A\""), 1);
    ck_assert_int_eq(count(svg, "data-name=\"D\""), 1);
    ck_assert_int_eq(count(svg, "data-name=\"U\""), 1);
    ck_assert_int_eq(count(svg, "class=\"monastery\""), 1);
    ck_assert_int_eq(count(svg, "class=\"city\""), 1);   /* the start tile's */
    ck_assert_int_eq(count(svg, "class=\"wall\""), 1);
    ck_assert_int_eq(count(svg, "class=\"road\""), 3);   /* D, A, U */
    ck_assert_int_eq(count(svg, "class=\"pennant\""), 0);
    /* figures by role, in their player's colour and with their number */
    ck_assert_int_eq(count(svg, "class=\"figure "), 2);
    ck_assert_int_eq(count(svg, "class=\"figure follower monk\" data-player=\"0\""), 1);
    ck_assert_int_eq(count(svg, "class=\"figure follower thief\" data-player=\"1\""), 1);
    ck_assert_ptr_nonnull(strstr(svg, "fill=\"#D55E00\""));
    ck_assert_ptr_nonnull(strstr(svg, "fill=\"#0072B2\""));
    /* the last tile is marked; the panel tells turn, tiles left, scores, supply */
    ck_assert_int_eq(count(svg, "class=\"last-tile\""), 1);
    ck_assert_ptr_nonnull(strstr(svg, "class=\"last-tile\" data-x=\"-1\" data-y=\"0\""));
    ck_assert_ptr_nonnull(strstr(svg, "Turn 3 &#183; 69 tiles left"));
    ck_assert_int_eq(count(svg, "class=\"score\""), 2);
    ck_assert_ptr_nonnull(strstr(svg, ">Player 0: 0 points"));
    ck_assert_int_eq(count(svg, "in supply: 6 follower<"), 2);
    /* axis labels: columns -1..0, rows 0..1 */
    ck_assert_ptr_nonnull(strstr(svg, "class=\"axis\""));
    ck_assert_int_eq(count(svg, "<g ") + count(svg, "<g>"), count(svg, "</g>"));
    ck_assert_ptr_nonnull(strstr(svg, "</svg>\n"));
    free(svg);
    carc_game_free(g);
}
END_TEST

START_TEST(scales)
{
    /* a viewBox and no fixed size: the picture fills whatever holds it */
    carc_options o;
    carc_options_init(&o);
    carc_game *g;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    char *svg = svg_of(g);
    char *root = strstr(svg, "<svg ");
    ck_assert_ptr_nonnull(root);
    char *gt = strchr(root, '>');
    *gt = 0;
    int w, h;
    const char *vb = strstr(root, "viewBox=\"0 0 ");
    ck_assert_ptr_nonnull(vb);
    ck_assert_int_eq(sscanf(vb, "viewBox=\"0 0 %d %d\"", &w, &h), 2);
    ck_assert_int_ge(w, 460);
    ck_assert_int_gt(h, 60);
    ck_assert_ptr_null(strstr(root, " width="));
    ck_assert_ptr_null(strstr(root, " height="));
    ck_assert_int_eq(count(gt + 1, "class=\"last-tile\""), 0); /* only the start tile */
    free(svg);
    carc_game_free(g);
}
END_TEST

static const char *role_of(int feature)
{
    static const char *const r[] = {"thief", "knight", "monk", "farmer"};
    return feature >= 0 && feature < 4 ? r[feature] : "?";
}

START_TEST(pennants_roles_and_end)
{
    carc_options o;
    carc_options_init(&o);
    o.seed = 11;
    o.num_players = 4;
    carc_game *g;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    int step = 0;
    while (!carc_game_is_terminal(g)) {
        if (carc_game_current_player(g) == CARC_PLAYER_CHANCE) {
            carc_game_sample_chance(g, NULL);
        } else {
            int32_t ids[4200];
            size_t n;
            carc_game_legal_ids(g, ids, 4200, &n);
            /* deploy whenever possible, on varied segments */
            carc_game_apply_id(g, ids[(n - 1 + (size_t)step++ * 7) % n]);
        }
    }
    char *svg = svg_of(g);
    ck_assert_int_eq(count(svg, "class=\"tile\""), carc_game_tile_count(g));
    ck_assert_int_eq(count(svg, "class=\"pennant\""), 10); /* all 72 tiles are out */
    ck_assert_int_eq(count(svg, "class=\"monastery\""), 6); /* A x2 + B x4 */
    ck_assert_ptr_nonnull(strstr(svg, "Game over after turn"));
    /* every figure on the board is drawn in the role of its feature, in its
     * player's glyph */
    carc_figure figs[64];
    size_t nf;
    ck_assert_int_eq(carc_game_figures(g, figs, 64, &nf), CARC_OK);
    int expect[4][CARC_MAX_PLAYERS] = {{0}}, on_board = 0;
    for (size_t i = 0; i < nf; i++) {
        if (figs[i].where != CARC_WHERE_BOARD) continue;
        carc_feature_info fi;
        ck_assert_int_eq(carc_game_feature(g, figs[i].x, figs[i].y, figs[i].segment, &fi), CARC_OK);
        expect[fi.kind][figs[i].owner]++;
        on_board++;
    }
    ck_assert_int_gt(on_board, 4);
    int kinds_seen = 0;
    for (int k = 0; k < 4; k++) {
        int any = 0;
        for (int p = 0; p < 4; p++) {
            char needle[96];
            snprintf(needle, sizeof needle, "class=\"figure follower %s\" data-player=\"%d\"",
                     role_of(k), p);
            ck_assert_msg(count(svg, needle) == expect[k][p], "%s: %d, expected %d", needle,
                          count(svg, needle), expect[k][p]);
            any |= expect[k][p] > 0;
        }
        kinds_seen += any;
    }
    ck_assert_int_ge(kinds_seen, 3); /* the game really shows several roles */
    ck_assert_int_eq(count(svg, "class=\"figure "), on_board);
    ck_assert_int_eq(count(svg, "class=\"score\""), 4);
    ck_assert_int_eq(count(svg, "<g ") + count(svg, "<g>"), count(svg, "</g>"));
    free(svg);
    char small[8];
    size_t need;
    ck_assert_int_eq(carc_game_board_svg(g, small, sizeof small, &need), CARC_E_BUFFER);
    ck_assert_int_eq(carc_game_board_svg(NULL, small, sizeof small, &need), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_board_svg(g, NULL, 5, &need), CARC_E_INVALID);
    carc_game_free(g);
}
END_TEST

START_TEST(replay_page)
{
    /* the known game: 6 steps; tiles appear at the step that placed them,
     * each figure once for its stay */
    const char rec[] = "carcvar-record 1\nplayers 2\n"
                       "draw A\nplace 0,1 r0\ndeploy follower monastery\n"
                       "draw U\nplace -1,0 r1\ndeploy follower road E\n";
    size_t need = 0;
    carc_record_error err;
    ck_assert_int_eq(carc_record_html(rec, sizeof rec - 1, NULL, 0, &need, &err), CARC_E_BUFFER);
    char *page = malloc(need);
    ck_assert_int_eq(carc_record_html(rec, sizeof rec - 1, page, need, &need, &err), CARC_OK);
    ck_assert_uint_eq(strlen(page) + 1, need);
    ck_assert_int_eq(err.code, 0);
    ck_assert_ptr_nonnull(strstr(page, "<!DOCTYPE html>"));
    ck_assert_int_eq(count(page, "class=\"tile\""), 3);
    ck_assert_int_eq(count(page, "class=\"tile\" data-name=\"D\" data-x=\"0\" data-y=\"0\" "
                                 "data-rotation=\"0\" data-step=\"0\""), 1);
    ck_assert_int_eq(count(page, "data-name=\"A\" data-x=\"0\" data-y=\"1\" data-rotation=\"0\" "
                                 "data-step=\"2\""), 1);
    ck_assert_int_eq(count(page, "data-name=\"U\" data-x=\"-1\" data-y=\"0\" data-rotation=\"1\" "
                                 "data-step=\"5\""), 1);
    ck_assert_int_eq(count(page, "<g class=\"span\" data-from=\"3\" data-to=\"7\">"
                                 "<g class=\"figure follower monk\" data-player=\"0\""), 1);
    ck_assert_int_eq(count(page, "<g class=\"span\" data-from=\"6\" data-to=\"7\">"
                                 "<g class=\"figure follower thief\" data-player=\"1\""), 1);
    ck_assert_int_eq(count(page, "<li data-step="), 7); /* start + 6 lines */
    ck_assert_ptr_nonnull(strstr(page, "<span class=\"act\">deploy follower road E</span>"));
    ck_assert_ptr_null(strstr(page, " src="));
    ck_assert_ptr_null(strstr(page, " href="));
    /* too small a buffer: CARC_E_BUFFER and the size */
    size_t need2 = 0;
    ck_assert_int_eq(carc_record_html(rec, sizeof rec - 1, page, need - 1, &need2, NULL),
                     CARC_E_BUFFER);
    ck_assert_uint_eq(need2, need);
    free(page);
    /* a record that does not replay: its error, line and message */
    const char bad[] = "carcvar-record 1\nplayers 2\ndraw A\nplace 5,5 r0\n";
    ck_assert_int_eq(carc_record_html(bad, sizeof bad - 1, NULL, 0, &need, &err), CARC_E_ILLEGAL);
    ck_assert_int_eq(err.line, 4);
    ck_assert_int_eq(err.code, CARC_E_ILLEGAL);
    ck_assert_int_eq(carc_record_html("x", 1, NULL, 0, &need, &err), CARC_E_PARSE);
    ck_assert_int_eq(carc_record_html(NULL, 3, NULL, 0, &need, &err), CARC_E_INVALID);
    ck_assert_int_eq(carc_record_html(rec, sizeof rec - 1, NULL, 5, &need, &err), CARC_E_INVALID);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("svg");
    TCase *tc = tcase_create("svg");
    tcase_add_test(tc, known_game);
    tcase_add_test(tc, scales);
    tcase_add_test(tc, replay_page);
    tcase_add_test(tc, pennants_roles_and_end);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
