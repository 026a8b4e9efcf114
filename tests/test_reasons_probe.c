/* Score reason names with the probe modules (tests/probe/): every module's
 * own names through carc_score_reason_name, none past its table's end, and
 * the replay page giving a module's points tied to a feature their own
 * column and label instead of lumping them with the feature kind. */
#include "core/state.h"

#include <check.h>

#include "run_suite.h"

#include <stdlib.h>
#include <string.h>

#define PROBE 12
#define PROBE2 13

static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle)) n++;
    return n;
}

START_TEST(probe_names)
{
    static const char *const p1[] = {"bless", "tithe", "probe end", "monk"};
    static const char *const p2[] = {"cheer", "token", "fairy", "gust"};
    for (int k = 0; k < 4; k++) {
        ck_assert_str_eq(carc_score_reason_name(CARC_MODULE_KIND(PROBE, k)), p1[k]);
        ck_assert_str_eq(carc_score_reason_name(CARC_MODULE_KIND(PROBE2, k)), p2[k]);
    }
    /* past each table's NULL, and a slot with no reasons */
    for (int k = 4; k < 16; k++) {
        ck_assert_ptr_null(carc_score_reason_name(CARC_MODULE_KIND(PROBE, k)));
        ck_assert_ptr_null(carc_score_reason_name(CARC_MODULE_KIND(PROBE2, k)));
    }
    ck_assert_ptr_null(carc_score_reason_name(CARC_MODULE_KIND(14, 0)));
    ck_assert_ptr_null(carc_score_reason_name(CARC_MODULE_KIND(CARC_MODULE_TRADERS_BUILDERS, 0)));
}
END_TEST

/* Player 0 blesses the W it placed (1 point, reason "bless", logged with
 * that tile's road); player 1's highwayman on the start road, closed by the
 * second W: 3 tiles, 3 points, plus 1 from the probe's road hook. */
START_TEST(replay_page_module_column)
{
    const char rec[] = "carcvar-record 1\nplayers 2\nmodules base,probe\n"
                       "draw W\nplace 1,0 r0\nbless\n"
                       "draw W\nplace -1,0 r0\ndeploy follower road E\n";
    size_t need = 0;
    carc_record_error err;
    ck_assert_int_eq(carc_record_html(rec, sizeof rec - 1, NULL, 0, &need, &err), CARC_E_BUFFER);
    char *page = malloc(need);
    ck_assert_ptr_nonnull(page);
    ck_assert_int_eq(carc_record_html(rec, sizeof rec - 1, page, need, &need, &err), CARC_OK);
    /* the move list: the blessing under its own name, with its feature */
    ck_assert_int_eq(count(page, ">P0 +1 bless (road)</span>"), 1);
    ck_assert_int_eq(count(page, ">P1 +4 road</span>"), 1);
    /* the breakdown: a "bless" column next to "road", 1 point for P0 */
    const char *bd = strstr(page, "<section id=\"breakdown\"");
    ck_assert_ptr_nonnull(bd);
    ck_assert_ptr_nonnull(strstr(bd, "<th>player</th><th class=\"num\">bless</th>"
                                     "<th class=\"num\">road</th>"));
    ck_assert_ptr_nonnull(strstr(bd, "P0</span></td><td class=\"num\">1</td>"
                                     "<td class=\"num\">0</td><td class=\"num\">0</td>"
                                     "<td class=\"num final\">1</td>"));
    ck_assert_ptr_nonnull(strstr(bd, "P1</span></td><td class=\"num\">0</td>"
                                     "<td class=\"num\">4</td><td class=\"num\">0</td>"
                                     "<td class=\"num final\">4</td>"));
    free(page);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("reasons-probe");
    TCase *tc = tcase_create("reasons-probe");
    tcase_add_test(tc, probe_names);
    tcase_add_test(tc, replay_page_module_column);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
