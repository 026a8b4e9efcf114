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
    /* Start D, an A (monastery) south of it with a monk, a U west of it. */
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
    ck_assert_int_eq(count(svg, "class=\"road\""), 3);   /* D, A, U */
    ck_assert_int_eq(count(svg, "class=\"figure\""), 2);
    ck_assert_int_eq(count(svg, "class=\"figure\" data-player=\"0\""), 1);
    ck_assert_int_eq(count(svg, "class=\"figure\" data-player=\"1\""), 1);
    ck_assert_int_eq(count(svg, "class=\"score\""), 2);
    ck_assert_int_eq(count(svg, "<g "), count(svg, "</g>"));
    ck_assert_ptr_nonnull(strstr(svg, "</svg>\n"));
    free(svg);
    carc_game_free(g);
}
END_TEST

START_TEST(pennants_and_end)
{
    carc_options o;
    carc_options_init(&o);
    o.seed = 11;
    carc_game *g;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    while (!carc_game_is_terminal(g)) {
        if (carc_game_current_player(g) == CARC_PLAYER_CHANCE) {
            carc_game_sample_chance(g, NULL);
        } else {
            int32_t ids[4200];
            size_t n;
            carc_game_legal_ids(g, ids, 4200, &n);
            carc_game_apply_id(g, ids[n - 1]);
        }
    }
    char *svg = svg_of(g);
    ck_assert_int_eq(count(svg, "class=\"tile\""), carc_game_tile_count(g));
    ck_assert_int_eq(count(svg, "class=\"pennant\""), 10); /* all 72 tiles are out */
    ck_assert_int_eq(count(svg, "class=\"monastery\""), 6); /* A x2 + B x4 */
    free(svg);
    char small[8];
    size_t need;
    ck_assert_int_eq(carc_game_board_svg(g, small, sizeof small, &need), CARC_E_BUFFER);
    ck_assert_int_eq(carc_game_board_svg(NULL, small, sizeof small, &need), CARC_E_INVALID);
    carc_game_free(g);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("svg");
    TCase *tc = tcase_create("svg");
    tcase_add_test(tc, known_game);
    tcase_add_test(tc, pennants_and_end);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
