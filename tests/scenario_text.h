/* tests/scenario_text.h -- a module test's way into the scenario records
 * (tests/scenarios, SCENARIO_DIR): read one, replay it up to a line (a
 * position inside a documented game), with its seed or rules changed, and
 * apply actions written in the notation.  Header-only, for a test program
 * that includes <check.h> and defines SCENARIO_DIR (tests/meson.build). */
#ifndef CARC_TESTS_SCENARIO_TEXT_H
#define CARC_TESTS_SCENARIO_TEXT_H

#include <carcvar/carcvar.h>
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#ifndef SCENARIO_DIR
#error "SCENARIO_DIR must be defined"
#endif

#define SCEN_BYTES (1 << 16)

/* Scenario `name`'s text in a static buffer (the next call overwrites it),
 * its length in *len (NULL: not wanted).  A record that does not fit fails
 * the test instead of being cut. */
static inline char *scen_slurp(const char *name, size_t *len)
{
    static char buf[SCEN_BYTES];
    char path[512];
    snprintf(path, sizeof path, "%s/%s", SCENARIO_DIR, name);
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "no scenario %s", path);
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    ck_assert_msg(feof(f), "%s: longer than %d bytes", name, SCEN_BYTES - 1);
    fclose(f);
    buf[n] = 0;
    if (len) *len = n;
    return buf;
}

/* A record's text replayed (len bytes); `what` names it in a failure. */
static inline carc_game *scen_replay_text(const char *text, size_t len, const char *what)
{
    carc_game *g = NULL;
    carc_record_error err;
    memset(&err, 0, sizeof err);
    int rc = carc_record_replay(&g, text, len, &err);
    ck_assert_msg(rc == CARC_OK, "%s: line %d: %s", what, err.line, err.message);
    return g;
}

/* Where to stop and what to change (zero fields: none). */
typedef struct scen_cut {
    const char *stop;      /* stop before the nth line that is this (NULL: replay it all);
                            * it may be several lines ("draw U\nplace 3,0 r1") */
    int nth;               /* 0 or 1: the first such line */
    bool prefix;           /* a line that starts with stop counts, not only an equal one */
    const char *seed_line; /* replaces the record's "seed" line */
    const char *extra;     /* lines ("...\n") put after the record's "modules" line */
} scen_cut;

/* Scenario `name` replayed up to (not including) the line c asks for; the
 * test fails if the record has no such line. */
static inline carc_game *scen_replay(const char *name, const scen_cut *c)
{
    static char out[SCEN_BYTES];
    const char *text = scen_slurp(name, NULL);
    size_t n = 0, slen = c->stop ? strlen(c->stop) : 0;
    int seen = 0, nth = c->nth > 0 ? c->nth : 1;
    bool found = false;
    for (const char *line = text; *line;) {
        const char *nl = strchr(line, '\n');
        size_t l = nl ? (size_t)(nl - line) + 1 : strlen(line);
        if (c->stop && strncmp(line, c->stop, slen) == 0 &&
            (c->prefix || line[slen] == '\n' || line[slen] == 0) && ++seen == nth) {
            found = true;
            break;
        }
        const char *put = line;
        size_t pl = l;
        char seed[128];
        if (c->seed_line && strncmp(line, "seed ", 5) == 0) {
            pl = (size_t)snprintf(seed, sizeof seed, "%s\n", c->seed_line);
            put = seed;
        }
        size_t el = c->extra && strncmp(line, "modules", 7) == 0 ? strlen(c->extra) : 0;
        ck_assert_msg(n + pl + el < sizeof out, "%s: too long", name);
        memcpy(out + n, put, pl);
        n += pl;
        if (el) memcpy(out + n, c->extra, el);
        n += el;
        line += l;
    }
    ck_assert_msg(!c->stop || found, "%s: no line '%s' (%d)", name, c->stop, nth);
    out[n] = 0;
    return scen_replay_text(out, n, name);
}

/* Apply an action written in the notation; the test fails if it does not
 * read or is refused. */
static inline void scen_apply(carc_game *g, const char *text)
{
    carc_action a;
    ck_assert_msg(carc_action_from_string(g, text, &a) == CARC_OK, "'%s' does not read", text);
    int rc = carc_game_apply(g, &a);
    ck_assert_msg(rc == CARC_OK, "'%s': %d", text, rc);
}

#endif
