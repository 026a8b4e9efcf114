/* Tokens in the board picture and the replay viewer, with the test-only
 * modules of tests/tokens/registry.c: "tokens_a" owns wine and tower floors
 * and every player holds 10 * (kind + 1) + player of each.  The panel
 * lists every kind with a count by its name, whichever module owns it. */
#include "core/state.h"

#include <check.h>

#include "run_suite.h"

#include <stdlib.h>
#include <string.h>

#define TOKENS_A 28

static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle)) n++;
    return n;
}

START_TEST(svg_panel_every_kind)
{
    carc_options o;
    carc_options_init(&o);
    o.num_players = 3;
    o.modules |= 1ull << TOKENS_A;
    carc_game *g;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    size_t need = 0;
    ck_assert_int_eq(carc_game_board_svg(g, NULL, 0, &need), CARC_E_BUFFER);
    char *svg = malloc(need);
    ck_assert_ptr_nonnull(svg);
    ck_assert_int_eq(carc_game_board_svg(g, svg, need, &need), CARC_OK);
    ck_assert_int_eq(count(svg, "<text class=\"tokens\""), 3);
    ck_assert_ptr_nonnull(strstr(svg, "data-player=\"0\" x=\"335\" y=\"51\">tokens: 10 wine, "
                                      "70 tower floor</text>"));
    ck_assert_ptr_nonnull(strstr(svg, ">tokens: 12 wine, 72 tower floor</text>"));
    free(svg);
    carc_game_free(g);
}
END_TEST

START_TEST(replay_page_token_kinds)
{
    const char rec[] = "carcvar-record 2\nplayers 2\nmodules base,tokens_a\n"
                       "draw A\nplace 0,1 r0\npass\n";
    size_t need = 0;
    carc_record_error err;
    int rc = carc_record_html(rec, sizeof rec - 1, NULL, 0, &need, &err);
    ck_assert_msg(rc == CARC_E_BUFFER, "%d: %d %s", rc, err.line, err.message);
    char *page = malloc(need);
    ck_assert_ptr_nonnull(page);
    ck_assert_int_eq(carc_record_html(rec, sizeof rec - 1, page, need, &need, &err), CARC_OK);
    ck_assert_ptr_nonnull(strstr(page, "tokens:[\"wine\",\"tower floor\"],"));
    ck_assert_ptr_nonnull(strstr(page, "[[7],[7]],[[10,70],[11,71]]],\n]};"));
    ck_assert_int_eq(count(page, "<td class=\"tokens\"></td>"), 2);
    free(page);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("tokens-picture");
    TCase *tc = tcase_create("tokens-picture");
    tcase_add_test(tc, svg_panel_every_kind);
    tcase_add_test(tc, replay_page_token_kinds);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
