/* Test helper: apply lines of notation text to a game, failing the test
 * with the line's number, its text and the reason on the first one that
 * cannot be read or is refused.  Empty lines and '#' comments are skipped. */
#ifndef CARCVAR_TESTS_PLAY_LINES_H
#define CARCVAR_TESTS_PLAY_LINES_H

#include <check.h>
#include <string.h>

#include "carcvar/carcvar.h"

/* play_lines with two choices: a line must be shorter than cap bytes
 * (at most 256), and each (when not NULL) is called with g before every
 * line that is applied and once more after the last. */
static inline void play_lines_each(carc_game *g, const char *text, size_t cap,
                                   void (*each)(const carc_game *))
{
    char line[256];
    int no = 0;
    ck_assert_uint_le(cap, sizeof line);
    while (*text) {
        size_t len = strcspn(text, "\n");
        ck_assert_uint_lt(len, cap);
        memcpy(line, text, len);
        line[len] = 0;
        text += len + (text[len] == '\n');
        no++;
        char *hash = strchr(line, '#');
        if (hash) *hash = 0;
        if (!line[strspn(line, " \t")]) continue;
        if (each) each(g);
        carc_action a;
        int rc = carc_action_from_string(g, line, &a);
        if (rc) ck_abort_msg("line %d '%s': cannot read: %s", no, line, carc_strerror(rc));
        rc = carc_game_apply(g, &a);
        if (rc) ck_abort_msg("line %d '%s': refused: %s", no, line, carc_strerror(rc));
    }
    if (each) each(g);
}

static inline void play_lines(carc_game *g, const char *text)
{
    play_lines_each(g, text, 256, NULL);
}

#endif
