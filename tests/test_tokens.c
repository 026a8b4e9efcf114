/* carc_game_tokens() and token ownership, with the test registry of
 * tests/tokens/registry.c: carc_game_new refuses two enabled modules that
 * own one token kind; the core asks only the owner of a kind, for a player
 * or for player -1 (tokens of no player); a kind nobody owns is 0; bad
 * arguments are CARC_E_INVALID. */
#include <carcvar/carcvar.h>
#include <check.h>
#include <string.h>

#include "run_suite.h"

#define TOKENS_A 28 /* owns wine and tower floors */
#define TOKENS_B 29 /* owns tower floors */

static int make(carc_game **g, uint64_t modules)
{
    carc_options o;
    carc_options_init(&o);
    o.num_players = 3;
    o.modules = modules;
    *g = NULL;
    return carc_game_new(g, &o);
}

START_TEST(one_owner_per_kind)
{
    carc_game *g;
    const uint64_t tb = 1u << CARC_MODULE_TRADERS_BUILDERS;
    ck_assert_int_eq(make(&g, tb | (1ull << TOKENS_A)), CARC_E_INVALID); /* both own wine */
    ck_assert_ptr_null(g);
    ck_assert_int_eq(make(&g, (1ull << TOKENS_A) | (1ull << TOKENS_B)), CARC_E_INVALID);
    ck_assert_ptr_null(g);
    ck_assert_int_eq(make(&g, tb | (1ull << TOKENS_B)), CARC_OK);
    carc_game_free(g);
}
END_TEST

START_TEST(dispatch_to_the_owner)
{
    carc_game *g;
    ck_assert_int_eq(make(&g, 1ull << TOKENS_A), CARC_OK);
    ck_assert_int_eq(carc_game_tokens(g, 2, CARC_TOKEN_WINE), 12);
    ck_assert_int_eq(carc_game_tokens(g, 1, CARC_TOKEN_TOWER_FLOOR), 71);
    ck_assert_int_eq(carc_game_tokens(g, 1, CARC_TOKEN_GRAIN), 0);  /* nobody owns it */
    ck_assert_int_eq(carc_game_tokens(g, 0, 31), 0);
    /* player -1: the tokens of the kind that belong to no player, asked of
     * the kind's owner too; 0 for a kind nobody owns */
    ck_assert_int_eq(carc_game_tokens(g, -1, CARC_TOKEN_WINE), 100);
    ck_assert_int_eq(carc_game_tokens(g, -1, CARC_TOKEN_TOWER_FLOOR), 106);
    ck_assert_int_eq(carc_game_tokens(g, -1, CARC_TOKEN_GRAIN), 0);
    carc_game_free(g);

    /* traders_builders answers wine (none taken yet), tokens_b tower floors */
    ck_assert_int_eq(make(&g, (1u << CARC_MODULE_TRADERS_BUILDERS) | (1ull << TOKENS_B)),
                     CARC_OK);
    ck_assert_int_eq(carc_game_tokens(g, 2, CARC_TOKEN_WINE), 0);
    ck_assert_int_eq(carc_game_tokens(g, 2, CARC_TOKEN_TOWER_FLOOR), 72);
    ck_assert_int_eq(carc_game_tokens(g, 2, CARC_TOKEN_CASTLE), 0);
    carc_game_free(g);
}
END_TEST

START_TEST(bad_arguments)
{
    carc_game *g;
    ck_assert_int_eq(make(&g, 1ull << TOKENS_A), CARC_OK);
    ck_assert_int_eq(carc_game_tokens(NULL, 0, CARC_TOKEN_WINE), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_tokens(g, -2, CARC_TOKEN_WINE), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_tokens(g, 3, CARC_TOKEN_WINE), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_tokens(g, 0, -1), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_tokens(g, 0, CARC_TOKEN_KINDS), CARC_E_INVALID);
    carc_game_free(g);
}
END_TEST

/* carc_game_figure_role asks the enabled modules' figure_role hooks; a word
 * without a glyph of its own is a label in the SVG and a legend item in the
 * board view */
START_TEST(figure_role_hook)
{
    carc_game *g;
    ck_assert_int_eq(make(&g, (1ull << CARC_MODULE_BASE) | (1ull << TOKENS_B)), CARC_OK);
    carc_action a;
    const char *moves[] = {"draw B", "place 0,1 r0", "deploy follower monastery"};
    for (int i = 0; i < 3; i++) {
        ck_assert_int_eq(carc_action_from_string(g, moves[i], &a), CARC_OK);
        ck_assert_int_eq(carc_game_apply(g, &a), CARC_OK);
    }
    carc_figure f[64];
    size_t n = 0;
    ck_assert_int_eq(carc_game_figures(g, f, 64, &n), CARC_OK);
    int lookouts = 0;
    for (size_t i = 0; i < n; i++) {
        const char *r = carc_game_figure_role(g, (int)i);
        if (f[i].where == CARC_WHERE_BOARD) {
            ck_assert_str_eq(r, "lookout");
            lookouts++;
        } else {
            ck_assert_ptr_null(r);
        }
    }
    ck_assert_int_eq(lookouts, 1);
    static char text[1 << 17];
    size_t need = 0;
    ck_assert_int_eq(carc_game_board_svg(g, text, sizeof text, &need), CARC_OK);
    ck_assert_ptr_nonnull(strstr(text, "class=\"figure follower lookout\""));
    ck_assert_ptr_nonnull(strstr(text, "class=\"role-label\""));
    ck_assert_ptr_nonnull(strstr(text, ">lookout</text>"));
    ck_assert_int_eq(carc_game_board_view(g, NULL, text, sizeof text, &need), CARC_OK);
    ck_assert_ptr_nonnull(strstr(text, "0m at 0,1 lookout"));
    carc_game_free(g);

    /* without the module: no role */
    ck_assert_int_eq(make(&g, 1ull << CARC_MODULE_BASE), CARC_OK);
    for (int i = 0; i < 3; i++) {
        ck_assert_int_eq(carc_action_from_string(g, moves[i], &a), CARC_OK);
        ck_assert_int_eq(carc_game_apply(g, &a), CARC_OK);
    }
    ck_assert_int_eq(carc_game_figures(g, f, 64, &n), CARC_OK);
    for (size_t i = 0; i < n; i++) ck_assert_ptr_null(carc_game_figure_role(g, (int)i));
    carc_game_free(g);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("tokens");
    TCase *tc = tcase_create("owners");
    tcase_add_test(tc, one_owner_per_kind);
    tcase_add_test(tc, dispatch_to_the_owner);
    tcase_add_test(tc, bad_arguments);
    tcase_add_test(tc, figure_role_hook);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
