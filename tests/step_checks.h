/* tests/step_checks.h -- the white-box step checks test_mechanisms.c,
 * test_deploy_cause.c and test_intercept.c share: a refused line or id
 * leaves the state byte-identical, the legal ids are exactly a list, a
 * player's score.  Header-only, white-box (core/state.h), for a test
 * program that includes <check.h>. */
#ifndef CARC_TESTS_STEP_CHECKS_H
#define CARC_TESTS_STEP_CHECKS_H

#include "core/state.h"
#include <check.h>
#include <stddef.h>
#include <stdint.h>

/* A refused line: the error comes back (from reading or applying) and the
 * state is byte-identical. */
static inline int refused(carc_game *g, const char *line)
{
    carc_game *before;
    ck_assert_int_eq(carc_game_clone(&before, g), CARC_OK);
    carc_action a;
    int rc = carc_action_from_string(g, line, &a);
    if (!rc) rc = carc_game_apply(g, &a);
    ck_assert_msg(rc < 0, "'%s' was accepted", line);
    ck_assert_msg(carc__state_equal(g, before), "refused '%s' changed the state", line);
    carc_game_free(before);
    return rc;
}

/* A refused id: the error comes back and the state is byte-identical. */
static inline int refused_id(carc_game *g, int32_t id)
{
    carc_game *before;
    ck_assert_int_eq(carc_game_clone(&before, g), CARC_OK);
    int rc = carc_game_apply_id(g, id);
    ck_assert_msg(rc < 0, "id %d was accepted", id);
    ck_assert_msg(carc__state_equal(g, before), "refused id %d changed the state", id);
    carc_game_free(before);
    return rc;
}

/* the legal ids are exactly want[0..n) */
static inline void assert_ids(const carc_game *g, const int32_t *want, size_t n)
{
    int32_t ids[64];
    size_t got;
    ck_assert_int_eq(carc_game_legal_ids(g, ids, 64, &got), CARC_OK);
    ck_assert_uint_eq(got, n);
    for (size_t i = 0; i < n; i++) ck_assert_int_eq(ids[i], want[i]);
}

/* player p's score (the call asserted) */
static inline int score(const carc_game *g, int p)
{
    int32_t s;
    ck_assert_int_eq(carc_game_score(g, p, &s), CARC_OK);
    return s;
}

#endif
