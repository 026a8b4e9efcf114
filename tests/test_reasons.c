/* Score reason names (carc_score_reason_name) with the library's modules:
 * the core's two, Traders & Builders' goods, numbers nobody names; and the
 * score comments of a record with goods majorities (doc/records.md).  The
 * probe modules' reasons and the replay page are in test_reasons_probe.c
 * and test_svg.c. */
#include <carcvar/carcvar.h>
#include <check.h>

#include "run_suite.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* module m's own score reason k (lib/module.h, CARC_MODULE_KIND) */
#define REASON(m, k) (16 + (m) * 16 + (k))

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    char *buf = malloc(1 << 16);
    ck_assert_ptr_nonnull(buf);
    *len = fread(buf, 1, (1 << 16) - 1, f);
    buf[*len] = 0;
    fclose(f);
    return buf;
}

START_TEST(core_names)
{
    ck_assert_str_eq(carc_score_reason_name(CARC_SCORE_COMPLETED), "completed");
    ck_assert_str_eq(carc_score_reason_name(CARC_SCORE_END_GAME), "end of game");
    /* the same pointer every time: a static string */
    ck_assert_ptr_eq(carc_score_reason_name(0), carc_score_reason_name(0));
}
END_TEST

START_TEST(module_names)
{
    int tb = CARC_MODULE_TRADERS_BUILDERS;
    ck_assert_str_eq(carc_score_reason_name(REASON(tb, 0)), "most wine");
    ck_assert_str_eq(carc_score_reason_name(REASON(tb, 1)), "most grain");
    ck_assert_str_eq(carc_score_reason_name(REASON(tb, 2)), "most cloth");
    ck_assert_int_eq(REASON(tb, 0), 48); /* the numbers Python showed before */
}
END_TEST

START_TEST(unknown_values)
{
    int tb = CARC_MODULE_TRADERS_BUILDERS;
    const int unknown[] = {
        -1, INT_MIN, INT_MAX, 2, 15,         /* core numbers nobody uses */
        REASON(CARC_MODULE_BASE, 0),         /* the base module names none */
        REASON(CARC_MODULE_INNS_CATHEDRALS, 0),
        REASON(tb, 3), REASON(tb, 15),       /* past T&B's three names */
        REASON(CARC_MODULE_DUNGEON, 0),      /* a module not in this build */
        REASON(31, 15), REASON(32, 0),       /* the last slot; past every slot */
    };
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++)
        ck_assert_msg(carc_score_reason_name(unknown[i]) == NULL, "reason %d has a name",
                      unknown[i]);
}
END_TEST

/* The goods majorities at the end are named in the record's comments, and
 * the score log's reasons give the same names. */
START_TEST(record_comments_name_goods)
{
    size_t len;
    char *rec = read_file(SCENARIO_DIR "/tb_goods_three_kinds_end.rec", &len);
    carc_game *g;
    carc_record_error err;
    ck_assert_msg(carc_record_replay(&g, rec, len, &err) == CARC_OK, "%d: %s", err.line,
                  err.message);
    free(rec);
    ck_assert_int_eq(carc_game_is_terminal(g), 1);
    size_t need = 0;
    ck_assert_int_eq(carc_game_write_record(g, NULL, 0, &need), CARC_E_BUFFER);
    char *out = malloc(need);
    ck_assert_int_eq(carc_game_write_record(g, out, need, &need), CARC_OK);
    static const char tail[] = "draw E\nplace 2,0 r0\npass\n"
                               "# player 1 scores 10: city completed at 0,-1\n"
                               "# player 0 scores 10: most wine\n"
                               "# player 0 scores 10: most grain\n"
                               "# player 0 scores 10: most cloth\n"
                               "# final scores: 30 10\n";
    ck_assert_uint_ge(strlen(out), sizeof tail - 1);
    ck_assert_str_eq(out + strlen(out) - (sizeof tail - 1), tail);
    ck_assert_ptr_nonnull(strstr(out, "carcvar-record 3\n"));
    ck_assert_ptr_nonnull(strstr(out, "\nfirst-player 1\n"));
    free(out);

    carc_score_event ev[8];
    size_t n = 0;
    ck_assert_int_eq(carc_game_score_log(g, ev, 8, &n), CARC_OK);
    ck_assert_uint_eq(n, 4);
    static const char *const names[] = {"completed", "most wine", "most grain", "most cloth"};
    for (size_t i = 0; i < n; i++) {
        ck_assert_str_eq(carc_score_reason_name(ev[i].reason), names[i]);
        ck_assert_int_eq(ev[i].points, 10);
        ck_assert_int_eq(ev[i].player, i == 0 ? 1 : 0);
    }
    carc_game_free(g);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("reasons");
    TCase *tc = tcase_create("reasons");
    tcase_add_test(tc, core_names);
    tcase_add_test(tc, module_names);
    tcase_add_test(tc, unknown_values);
    tcase_add_test(tc, record_comments_name_goods);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
