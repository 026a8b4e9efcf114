/* tests/record_text.h -- a record or an action given as text, for the
 * module tests that write their positions inline (test_dungeon.c,
 * test_tower.c, test_count.c, test_catapult.c, test_modules.c), and what
 * carc_game_explain_text says of an action (test_dungeon.c, test_tower.c).
 * Header-only, for a test program that includes <check.h>. */
#ifndef CARC_TESTS_RECORD_TEXT_H
#define CARC_TESTS_RECORD_TEXT_H

#include <carcvar/carcvar.h>
#include <check.h>
#include <string.h>

/* The game record text replays to (the test fails with the record's
 * error line and message when it does not). */
static inline carc_game *replay_text(const char *text)
{
    carc_game *g = NULL;
    carc_record_error err;
    memset(&err, 0, sizeof err);
    int rc = carc_record_replay(&g, text, strlen(text), &err);
    ck_assert_msg(rc == CARC_OK, "line %d: %s", err.line, err.message);
    return g;
}

/* text read as an action of g and applied: CARC_OK, or the error of the
 * reading or else of the applying (not asserted: the caller checks it). */
static inline int apply_text(carc_game *g, const char *text)
{
    carc_action a;
    int rc = carc_action_from_string(g, text, &a);
    return rc ? rc : carc_game_apply(g, &a);
}

/* text is explained as refused, for `reason`, with a message */
static inline void explains(const carc_game *g, const char *text, int reason)
{
    carc_explanation ex;
    ck_assert_int_eq(carc_game_explain_text(g, text, &ex), CARC_OK);
    ck_assert_msg(ex.code < 0, "'%s' is legal", text);
    ck_assert_msg(ex.reason == reason, "'%s': reason %d (%s), want %d", text, ex.reason,
                  ex.message, reason);
    ck_assert(ex.message[0] != 0);
}

/* text is explained as legal */
static inline void legal(const carc_game *g, const char *text)
{
    carc_explanation ex;
    ck_assert_int_eq(carc_game_explain_text(g, text, &ex), CARC_OK);
    ck_assert_msg(ex.code == CARC_OK, "'%s' refused: %s", text, ex.message);
}

#endif
