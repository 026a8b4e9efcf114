/* carc_game_tokens() and token ownership, with the test registry of
 * tests/tokens/registry.c: carc_game_new refuses two enabled modules that
 * own one token kind; the core asks only the owner of a kind, for a player
 * or for player -1 (tokens of no player); a kind nobody owns is 0; bad
 * arguments are CARC_E_INVALID. */
#include <carcvar/carcvar.h>
#include <check.h>

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

int main(void)
{
    Suite *s = suite_create("tokens");
    TCase *tc = tcase_create("owners");
    tcase_add_test(tc, one_owner_per_kind);
    tcase_add_test(tc, dispatch_to_the_owner);
    tcase_add_test(tc, bad_arguments);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
