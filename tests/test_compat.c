/*
 * test_compat: serialized games written by earlier libraries are read
 * (doc/serialization.md, "A newer library reads every older format
 * version").  tests/compat/ holds buffers written by 0.4.0 and 0.7.0: a base
 * game; a Count + Catapult game; and the 0.7.0 game of
 * x_count_cat_seduction_quarter.rec, whose seduction swapped the follower
 * closest on the board because 0.7.0 held City-quarter followers off the
 * board.  A rule added since (catapult_quarters, 0.8.0) holds 0 in those
 * buffers: the game must be read with the value that plays as 0.7.0 did
 * (its legacy value, 2), or the replay of that seduction would differ.
 */
#include "core/state.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "run_suite.h"

static uint8_t *load(const char *name, size_t *n)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", COMPAT_DIR, name);
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    static uint8_t buf[1 << 16];
    *n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    uint8_t *b = malloc(*n);
    ck_assert_ptr_nonnull(b);
    memcpy(b, buf, *n);
    return b;
}

/* A buffer of an earlier library is read; re-serialized, it differs at most
 * in the rule slots the writer did not know (0 there, explicit now). */
static carc_game *read_old(const char *name)
{
    size_t n;
    uint8_t *b = load(name, &n);
    carc_game *g = NULL;
    int rc = carc_game_deserialize(&g, b, n);
    ck_assert_msg(rc == CARC_OK, "%s: deserialize %d (%s)", name, rc, carc_strerror(rc));
    size_t m = 0;
    ck_assert_int_eq(carc_game_serialize(g, NULL, 0, &m), CARC_E_BUFFER);
    uint8_t *w = malloc(m);
    ck_assert_int_eq(carc_game_serialize(g, w, m, &m), CARC_OK);
    ck_assert_uint_eq(m, n);
    const size_t rules = 4 + 2 + 2 + 8 + 8 + 2; /* magic .. number of rule slots */
    for (size_t i = 0; i < n - 4; i++) {
        if (i >= rules && i < rules + 4u * CARC_MAX_RULES) {
            size_t slot = (i - rules) / 4;
            uint32_t was = (uint32_t)b[rules + 4 * slot] | (uint32_t)b[rules + 4 * slot + 1] << 8 |
                           (uint32_t)b[rules + 4 * slot + 2] << 16 |
                           (uint32_t)b[rules + 4 * slot + 3] << 24;
            if (was == 0) continue;
        }
        ck_assert_msg(w[i] == b[i], "%s: byte %zu re-serializes as %u, not %u", name, i, w[i], b[i]);
    }
    free(w);
    free(b);
    return g;
}

START_TEST(no_rule_takes_zero)
{
    /* 0 in a serialized rule slot can only mean "the writer did not know
     * this rule" while no rule has 0 among its values */
    int rules = 0;
    for (int i = 0; i < CARC_MAX_RULES; i++) {
        const carc_rule_def *d = carc__rule_def(i);
        if (!d) continue;
        rules++;
        ck_assert_msg(d->min >= 1, "rule %s takes %d", d->name, d->min);
        int l = carc__rule_legacy(i, ~(uint64_t)0);
        ck_assert_msg(l >= d->min && l <= d->max, "rule %s: legacy %d out of range", d->name, l);
    }
    ck_assert_int_gt(rules, 30);
}
END_TEST

START_TEST(base_games_of_earlier_libraries)
{
    carc_game *g = read_old("base-0.4.0.bin");
    carc_game_free(g);
    g = read_old("base-0.7.0.bin");
    carc_game_free(g);
}
END_TEST

START_TEST(count_catapult_of_0_7_0)
{
    carc_game *g = read_old("count-catapult-0.7.0.bin");
    carc_options o;
    ck_assert_int_eq(carc_game_options(g, &o), CARC_OK);
    ck_assert_int_eq(o.rules[carc_rule_by_name("catapult_quarters")], 2);
    carc_game_free(g);
    /* the seduction of x_count_cat_seduction_quarter.rec as 0.7.0 played it:
     * the quarter follower untouched, the follower on the board swapped */
    g = read_old("count-catapult-quarter-0.7.0.bin");
    ck_assert_int_eq(carc_game_options(g, &o), CARC_OK);
    ck_assert_int_eq(o.rules[carc_rule_by_name("catapult_quarters")], 2);
    static carc_figure f[256];
    size_t nf = 0;
    ck_assert_int_eq(carc_game_figures(g, f, 256, &nf), CARC_OK);
    ck_assert_uint_gt(nf, 8);
    ck_assert_int_eq(f[7].where, CARC_WHERE_HELD); /* Blue's, in the castle quarter */
    ck_assert_int_eq(f[8].where, CARC_WHERE_SUPPLY); /* Blue's monk, seduced home */
    ck_assert_int_eq(f[0].where, CARC_WHERE_BOARD); /* Red's, in its place */
    ck_assert_int_eq(f[0].x, 1);
    ck_assert_int_eq(f[0].y, 2);
    carc_game_free(g);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("compat");
    TCase *tc = tcase_create("compat");
    tcase_add_test(tc, no_rule_takes_zero);
    tcase_add_test(tc, base_games_of_earlier_libraries);
    tcase_add_test(tc, count_catapult_of_0_7_0);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return run_suite(suite()); }
