/* Game records (doc/records.md): the line-oriented text form of a game. */
#include "core/state.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ game records */


/* The longest line a record may have (the \n, and the \r of a \r\n line
 * end, not counted). */
#define RECORD_MAX_LINE 255

/* The host's bag: "bag NAME=COUNT ...", continued on another bag line
 * where one line would be longer than a record's line may be. */
static void write_bag(outbuf *o, const carc_setup *setup)
{
    carc__out_add(o, "bag");
    size_t col = 3;
    for (int t = 0; t < carc__ntypes; t++) {
        if (!setup->bag[t]) continue;
        char item[64]; /* tile names are shorter than 32 characters (tilegen) */
        int n = snprintf(item, sizeof item, " %s=%d", carc__types[t].name, setup->bag[t]);
        if (col + (size_t)n > RECORD_MAX_LINE) {
            carc__out_add(o, "\nbag");
            col = 3;
        }
        carc__out_add(o, "%s", item);
        col += (size_t)n;
    }
    carc__out_add(o, "\n");
}

/* The record line of a structured chance outcome, history entry h:
 * "outcome ID : W1 W2 ..." (carc_game_apply_outcome), " rng" if the RNG
 * chose it, and the module's text of it as a comment when the line stays
 * within the reader's length. */
static void write_outcome(outbuf *o, const uint16_t *h, bool rng, const char *text)
{
    char line[256];
    outbuf l = {line, sizeof line, 0};
    carc__out_add(&l, "outcome %u :", (unsigned)(h[0] & HIST_ID_MASK));
    for (unsigned k = 0; k < h[1]; k++) carc__out_add(&l, " %u", (unsigned)h[2 + k]);
    if (rng) carc__out_add(&l, " rng");
    size_t bare = l.len;
    if (text) carc__out_add(&l, "  # %s", text);
    if (l.len >= sizeof line) line[bare] = 0; /* the comment would not fit */
    carc__out_add(o, "%s\n", line);
}

/* Does the history hold a structured chance outcome (a payload entry)? */
static bool has_outcome(const carc_game *game)
{
    const uint16_t *H = CHIST(game);
    for (uint32_t i = 0; i < game->nhist; i += H[i] & HIST_PAYLOAD ? 2u + H[i + 1] : 1u)
        if (H[i] & HIST_PAYLOAD) return true;
    return false;
}

/* The record of the game so far.  A public record leaves out the game's only
 * secret, its RNG: no seed line, and no "rng" marks (every draw is explicit,
 * so it replays without the RNG). */
static int write_record(const carc_game *game, char *buf, size_t cap, size_t *needed,
                        bool public_only)
{
    if (!carc__valid(game) || (!buf && cap)) return CARC_E_INVALID;
    outbuf o = {buf, cap, 0};
    /* the oldest version that says it all, so older readers refuse a
     * record they cannot read by its version: 4 with a structured chance
     * outcome (an `outcome` line), 3 with a host setup (first player, bag),
     * else 2, readable by 0.2.0 */
    carc_setup setup;
    carc__setup_get(game, &setup);
    bool with_setup = setup.first_player != 0 || setup.bag_given;
    carc__out_add(&o, "carcvar-record %d\n", has_outcome(game) ? 4 : with_setup ? 3 : 2);
    carc__out_add(&o, "players %d\n", game->nplayers);
    if (!public_only) carc__out_add(&o, "seed %llu\n", (unsigned long long)game->opts.seed);
    carc__out_add(&o, "modules");
    for (int m = 0; m < CARC_MODULE_SLOTS; m++)
        if (carc__module_on(game, m)) carc__out_add(&o, " %s", carc_module_name(m));
    carc__out_add(&o, "\n");
    /* the rule options of the modules in play */
    for (int i = 0; i < carc_rule_count(); i++) {
        int m = carc__rule_module(i);
        if (m >= 0 && carc__module_on(game, m))
            carc__out_add(&o, "rule %s %d\n", carc_rule_name(i), game->opts.rules[i]);
    }
    if (setup.first_player != 0)
        carc__out_add(&o, "first-player %d\n", setup.first_player);
    if (setup.bag_given) write_bag(&o, &setup);

    carc_game *g;
    int rc = carc_game_new_setup(&g, &game->opts, &setup);
    if (rc) return rc;
    const uint16_t *H = CHIST(game);
    for (uint32_t i = 0, used = 0; i < game->nhist; i += used) {
        uint16_t h = H[i];
        carc_action a;
        char text[RECORD_MAX_LINE + 1]; /* an action's text is one record line */
        if (carc__entry_action(g, H + i, game->nhist - i, &a, &used) != CARC_OK) {
            rc = CARC_E_CORRUPT;
            break;
        }
        if (h & HIST_PAYLOAD) {
            bool shown = carc_action_to_string(g, &a, text, sizeof text, NULL) == CARC_OK;
            write_outcome(&o, H + i, (h & HIST_SAMPLED) && !public_only, shown ? text : NULL);
        } else {
            rc = carc_action_to_string(g, &a, text, sizeof text, NULL);
            if (rc) break;
            carc__out_add(&o, "%s%s\n", text, (h & HIST_SAMPLED) && !public_only ? " rng" : "");
        }
        uint32_t nlog = g->nlog;
        rc = carc__replay_entry(g, H + i, game->nhist - i, &used);
        if (rc) break;
        if (a.kind == CARC_ACTION_DRAW && carc__decision_kind(g) == CARC_DECISION_DRAW)
            carc__out_add(&o, "# %s fits nowhere: set aside\n", carc__types[a.tile].name);
        const logent *L = CLOG(g);
        for (uint32_t k = nlog; k < g->nlog; k++) {
            if (L[k].tile == LOG_NO_TILE) {
                carc__out_add(&o, "# player %d scores %d: %s\n", L[k].player, L[k].points,
                              carc__reason_name(L[k].reason));
                continue;
            }
            const ptile *pt = &CTILES(g)[L[k].tile];
            carc__out_add(&o, "# player %d scores %d: %s %s at %d,%d\n", L[k].player,
                          L[k].points, carc__feature_name(L[k].feature),
                          carc__reason_name(L[k].reason), pt->x, pt->y);
        }
    }
    if (!rc && carc__is_over(g)) {
        carc__out_add(&o, "# final scores:");
        for (int p = 0; p < g->nplayers; p++) carc__out_add(&o, " %d", g->score[p]);
        carc__out_add(&o, "\n");
    }
    carc_game_free(g);
    if (rc) return rc;
    return carc__out_finish(&o, needed);
}

int carc_game_write_record(const carc_game *game, char *buf, size_t cap, size_t *needed)
{
    return write_record(game, buf, cap, needed, false);
}

int carc_game_write_public_record(const carc_game *game, char *buf, size_t cap, size_t *needed)
{
    return write_record(game, buf, cap, needed, true);
}

/* Most lines a record may have (blank and comment lines count): a game has a
 * few thousand.  It keeps every line number within carc_record_error.line. */
#define RECORD_MAX_LINES 1000000u

static int rec_fail(carc_record_error *err, uint64_t line, int code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int rec_fail(carc_record_error *err, uint64_t line, int code, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        err->line = line <= RECORD_MAX_LINES + 1u ? (int32_t)line : INT32_MAX;
        err->code = code;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return code;
}

static bool parse_u64(const char *s, uint64_t *out)
{
    char *end;
    if (!isdigit((unsigned char)*s)) return false;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end) return false;
    *out = v;
    return true;
}

/* An "outcome ID : W1 W2 ... [rng]" line (the text after the word): a
 * structured chance outcome given by its id and payload words; with rng,
 * the seeded RNG must give exactly it. */
static int replay_outcome(carc_game *g, char *rest, uint64_t lineno, carc_record_error *err)
{
    uint16_t w[2 + CARC_PAYLOAD_MAX];
    int id = -1, n = 0;
    bool rng = false, colon = false;
    char *save = NULL;
    for (char *tk = strtok_r(rest, " \t", &save); tk; tk = strtok_r(NULL, " \t", &save)) {
        int v;
        if (id < 0 && carc__parse_int(tk, 0, HIST_ID_MASK, &v)) id = v;
        else if (id >= 0 && !colon && !strcmp(tk, ":")) colon = true;
        else if (colon && !rng && n < CARC_PAYLOAD_MAX && carc__parse_int(tk, 0, 65535, &v))
            w[2 + n++] = (uint16_t)v;
        else if (colon && n > 0 && !rng && !strcmp(tk, "rng")) rng = true;
        else
            return rec_fail(err, lineno, CARC_E_PARSE,
                            "expected 'outcome ID : W1 W2 ...' (ID 0-%u, 1 to %d words 0-65535, "
                            "then 'rng' or nothing), not '%s'", HIST_ID_MASK, CARC_PAYLOAD_MAX, tk);
    }
    if (!colon || n == 0)
        return rec_fail(err, lineno, CARC_E_PARSE,
                        "expected 'outcome ID : W1 W2 ...' with 1 to %d words", CARC_PAYLOAD_MAX);
    carc_action a;
    int rc = carc__outcome_check(g, id, w + 2, (size_t)n, &a);
    if (rc == CARC_E_STATE)
        return rec_fail(err, lineno, rc, "no structured chance outcome is pending here (a "
                        "player decides, or the chance decision lists its outcomes)");
    carc_explanation mine;
    if (rc && carc__outcome_explain(g, w + 2, (size_t)n, &mine))
        return rec_fail(err, lineno, rc, "the module in play refuses outcome %d: %s", id,
                        mine.message);
    if (rc)
        return rec_fail(err, lineno, rc, "the module in play refuses outcome %d with these %d "
                        "words: a word out of range, or not the words it expects", id, n);
    if (rng) {
        /* the game is thrown away if this fails, so sample on it */
        w[0] = (uint16_t)((unsigned)id | HIST_PAYLOAD | HIST_SAMPLED);
        w[1] = (uint16_t)n;
        uint32_t before = g->nhist;
        carc_action got;
        rc = carc__sample_chance(g, &got, NULL);
        if (rc) return rec_fail(err, lineno, rc, "outcome %d: %s", id, carc_strerror(rc));
        if (g->nhist - before != (uint32_t)(2 + n) ||
            memcmp(CHIST(g) + before, w, (size_t)(2 + n) * sizeof w[0]) != 0) {
            char text[160] = "?";
            carc_action_to_string(g, &got, text, sizeof text, NULL);
            return rec_fail(err, lineno, CARC_E_ILLEGAL,
                            "the seeded RNG gives '%s' here, not outcome %d with these words",
                            text, id);
        }
        return CARC_OK;
    }
    carc_explanation why;
    rc = carc_game_apply_outcome(g, &a, w + 2, (size_t)n, &why);
    if (rc) return rec_fail(err, lineno, rc, "outcome %d: %s: %s", id, carc_strerror(rc),
                            why.message);
    return CARC_OK;
}

/* One replay of a record: what its header set, and the game once its first
 * action came. */
typedef struct replay {
    carc_record_error *err;
    uint64_t lineno;             /* the line being read, 1-based */
    int version;                 /* of the record; 0 before its first line */
    carc_options o;              /* from the header */
    carc_setup su;
    carc_game *g;                /* created at the first action (or the end) */
    uint64_t first_line[16];     /* by directive: the line it first appeared on */
    uint64_t rule_line[CARC_MAX_RULES];
    uint64_t first_player_line, bag_line; /* where the setup's lines begin */
} replay;

/* ------------------------------------------------------ record directives */

/* A directive reads the rest of its line (after its word and the blanks
 * that follow) into the replay: CARC_OK, or the code of rec_fail. */
typedef int (*directive_fn)(replay *r, char *rest);

static int dir_players(replay *r, char *rest)
{
    uint64_t v;
    if (!parse_u64(rest, &v) || v < CARC_MIN_PLAYERS || v > CARC_MAX_PLAYERS)
        return rec_fail(r->err, r->lineno, CARC_E_PARSE, "bad player count '%s' (2-6)", rest);
    r->o.num_players = (int32_t)v;
    return CARC_OK;
}

static int dir_seed(replay *r, char *rest)
{
    if (!parse_u64(rest, &r->o.seed))
        return rec_fail(r->err, r->lineno, CARC_E_PARSE,
                        "bad seed '%s' (a whole number from 0 to 18446744073709551615)", rest);
    return CARC_OK;
}

/* "modules NAME ...", separated by blanks or commas */
static int dir_modules(replay *r, char *rest)
{
    r->o.modules = 0;
    char *save = NULL;
    for (char *m = strtok_r(rest, " ,\t", &save); m; m = strtok_r(NULL, " ,\t", &save)) {
        int id = carc_module_by_name(m);
        if (id < 0) return rec_fail(r->err, r->lineno, CARC_E_PARSE, "unknown module '%s'", m);
        if (carc_module_available(id) != 1)
            return rec_fail(r->err, r->lineno, CARC_E_UNSUPPORTED,
                            "module '%s' is not built into this library", m);
        r->o.modules |= 1ull << id;
    }
    return CARC_OK;
}

/* "rule NAME VALUE", once per rule */
static int dir_rule(replay *r, char *rest)
{
    char name[64], num[24];
    int value, used = 0;
    if (sscanf(rest, "%63s %23s %n", name, num, &used) != 2 || rest[used] ||
        !carc__parse_int(num, INT_MIN, INT_MAX, &value))
        return rec_fail(r->err, r->lineno, CARC_E_PARSE, "expected 'rule NAME VALUE'");
    carc_explanation why;
    int rc = carc_options_set_rule_explain(&r->o, name, value, &why);
    if (rc == CARC_E_NOTFOUND)
        return rec_fail(r->err, r->lineno, CARC_E_PARSE,
                        "unknown rule '%s' in 'rule %s %d' (carc_rule_name lists the rules)",
                        name, name, value);
    if (rc) return rec_fail(r->err, r->lineno, rc, "'rule %s %d': %s", name, value, why.message);
    int id = carc_rule_by_name(name);
    if (r->rule_line[id])
        return rec_fail(r->err, r->lineno, CARC_E_PARSE,
                        "header line 'rule %s' given twice (first on line %llu)", name,
                        (unsigned long long)r->rule_line[id]);
    r->rule_line[id] = r->lineno;
    return CARC_OK;
}

static int dir_first_player(replay *r, char *rest)
{
    uint64_t v;
    if (!parse_u64(rest, &v) || v >= CARC_MAX_PLAYERS)
        return rec_fail(r->err, r->lineno, CARC_E_PARSE, "bad first player '%s' (0 to players-1, at most %d)",
                        rest, CARC_MAX_PLAYERS - 1);
    r->su.first_player = (int32_t)v;
    r->first_player_line = r->lineno;
    return CARC_OK;
}

/* "bag NAME=COUNT ...": the tiles that may be drawn.  A long bag is
 * continued on other bag lines; each tile is named once in all of them. */
static int dir_bag(replay *r, char *rest)
{
    r->su.bag_given = 1;
    if (!r->bag_line) r->bag_line = r->lineno;
    char *save = NULL;
    for (char *tk = strtok_r(rest, " \t", &save); tk; tk = strtok_r(NULL, " \t", &save)) {
        char *eq = strchr(tk, '=');
        int t = -1, count = 0;
        if (eq) {
            *eq = 0;
            t = carc_tile_by_name(tk);
        }
        if (t >= 0 && r->su.bag[t])
            return rec_fail(r->err, r->lineno, CARC_E_PARSE,
                            "tile '%s' is named twice in the bag (each tile once)", tk);
        if (t < 0 || !carc__parse_int(eq + 1, 1, 255, &count)) {
            if (eq) *eq = '='; /* the token as written, in the message */
            return rec_fail(r->err, r->lineno, CARC_E_PARSE,
                            "expected 'bag NAME=COUNT ...' (each tile once), not '%s'", tk);
        }
        r->su.bag[t] = (uint8_t)count;
    }
    return CARC_OK;
}

/* "outcome ID : W1 W2 ... [rng]" (replay_outcome) */
static int dir_outcome(replay *r, char *rest)
{
    return replay_outcome(r->g, rest, r->lineno, r->err);
}

/* What a directive is: DIR_HEADER, a header line (before the first action;
 * it sets up the game to create); DIR_ONCE, at most once in a record.  A
 * directive without DIR_HEADER is a body line: it runs on r->g, created
 * from the header if this is the first body line, and not over. */
enum { DIR_HEADER = 1, DIR_ONCE = 2 };

typedef struct directive {
    const char *word;   /* its first word */
    int version;        /* the first record version that has it */
    unsigned flags;     /* DIR_* */
    directive_fn run;
} directive;

/* Every line whose first word is none of these is an action, in the
 * notation (modules add theirs); adding a directive is one entry here. */
static const directive directives[] = {
    {"players", 1, DIR_HEADER | DIR_ONCE, dir_players},
    {"seed", 1, DIR_HEADER | DIR_ONCE, dir_seed},
    {"modules", 1, DIR_HEADER | DIR_ONCE, dir_modules},
    {"rule", 1, DIR_HEADER, dir_rule}, /* once per rule: dir_rule checks */
    {"first-player", 3, DIR_HEADER | DIR_ONCE, dir_first_player},
    {"bag", 3, DIR_HEADER, dir_bag}, /* several lines make one bag */
    {"outcome", 4, 0, dir_outcome},   /* a structured chance outcome */
};
#define NDIRECTIVES ((int)(sizeof directives / sizeof directives[0]))
_Static_assert(NDIRECTIVES <= (int)(sizeof((replay *)0)->first_line /
                                    sizeof((replay *)0)->first_line[0]),
               "replay.first_line holds a line per directive");

/* ---------------------------------------------------------- record lines */

/* A rule off its default for a module the header does not play is
 * refused at its line (the earliest such line), naming the module: the
 * game would keep the value, but its record would not say it. */
static int check_rules_in_play(replay *r)
{
    carc_options o = r->o;
    uint64_t line = 0;
    int bad = -1;
    for (int slot; (slot = carc__rule_off_play(&o)) >= 0;) {
        if (bad < 0 || r->rule_line[slot] < line) {
            line = r->rule_line[slot];
            bad = slot;
        }
        o.rules[slot] = carc_rule_default(slot);
    }
    if (bad < 0) return CARC_OK;
    return rec_fail(r->err, line, CARC_E_PARSE,
                    "rule '%s %d' needs module '%s', which the modules line does not name",
                    carc_rule_name(bad), r->o.rules[bad], carc_module_name(carc__rule_module(bad)));
}

/* The game of the header, created at the first line after it. */
static int start_game(replay *r)
{
    int rc = check_rules_in_play(r);
    if (rc) return rc;
    rc = carc_game_new_setup(&r->g, &r->o, &r->su);
    if (rc) {
        r->g = NULL;
        /* say why, and which header line is at fault where the
         * explanation names the setup's (first-player, bag); the error's
         * line stays the one that started the game */
        carc_explanation why;
        if (carc_options_explain(&r->o, &r->su, &why) != CARC_OK || why.code == CARC_OK)
            return rec_fail(r->err, r->lineno, rc, "cannot create the game: %s",
                            carc_strerror(rc));
        uint64_t line = 0;
        if (!strncmp(why.message, "setup->first_player", 19)) line = r->first_player_line;
        else if (!strncmp(why.message, "setup->bag", 10)) line = r->bag_line;
        if (line)
            return rec_fail(r->err, r->lineno, rc, "cannot create the game (line %llu): %s",
                            (unsigned long long)line, why.message);
        return rec_fail(r->err, r->lineno, rc, "cannot create the game: %s", why.message);
    }
    return CARC_OK;
}

/* The first line: "carcvar-record", any run of blanks, the version. */
static int replay_magic(replay *r, const char *s)
{
    if (strncmp(s, "carcvar-record", 14) != 0 || !isspace((unsigned char)s[14]))
        return rec_fail(r->err, r->lineno, CARC_E_PARSE, "expected 'carcvar-record 2'");
    const char *version = s + 14;
    while (isspace((unsigned char)*version)) version++;
    /* version 2 adds module outcomes ('rng' after any chance outcome);
     * every version-1 record reads the same way.  Version 3 adds the
     * host's setup lines (first-player, bag), version 4 the `outcome`
     * line of a structured chance outcome. */
    if (strcmp(version, "1") != 0 && strcmp(version, "2") != 0 && strcmp(version, "3") != 0 &&
        strcmp(version, "4") != 0)
        return rec_fail(r->err, r->lineno, CARC_E_VERSION, "unsupported record version '%s'",
                        version);
    r->version = version[0] - '0';
    return CARC_OK;
}

/* "OUTCOME rng": a chance outcome the seeded RNG chose (a draw, or a
 * module's chance event).  The game is thrown away if this fails, so it
 * samples on it; the outcome must be the line's, structured parts
 * included. */
static int replay_sampled(replay *r, const char *s)
{
    carc_game *g = r->g;
    if (!carc__chance_pending(g))
        return rec_fail(r->err, r->lineno, CARC_E_STATE,
                        "'rng' marks a chance outcome, but a player decides here");
    carc_action want, got;
    int32_t want_id, got_id = -1;
    uint16_t expect[2 + CARC_PAYLOAD_MAX];
    int ne = 0;
    int rc = carc_action_from_string(g, s, &want);
    if (!rc) rc = carc__action_id(g, &want, &want_id) ? CARC_E_ILLEGAL : CARC_OK;
    if (!rc) ne = carc__entry_words(g, &want, want_id, true, expect);
    if (!rc && ne < 0) rc = ne;
    if (rc) return rec_fail(r->err, r->lineno, rc, "cannot read '%s': %s", s, carc_strerror(rc));
    uint32_t before = g->nhist;
    rc = carc__sample_chance(g, &got, &got_id);
    if (rc) return rec_fail(r->err, r->lineno, rc, "'%s': %s", s, carc_strerror(rc));
    if (got_id != want_id || g->nhist - before != (uint32_t)ne ||
        memcmp(CHIST(g) + before, expect, (size_t)ne * sizeof expect[0]) != 0) {
        char text[160] = "?";
        carc_action_to_string(g, &got, text, sizeof text, NULL);
        return rec_fail(r->err, r->lineno, CARC_E_ILLEGAL,
                        "the seeded RNG gives '%s' here, not '%s'", text, s);
    }
    return CARC_OK;
}

/* An action line, in the notation; "rng" as its last word (after blanks)
 * marks an outcome of the RNG. */
static int replay_action(replay *r, char *s)
{
    size_t sl = strlen(s);
    if (sl > 4 && !strcmp(s + sl - 3, "rng") && isspace((unsigned char)s[sl - 4])) {
        sl -= 4;
        while (sl && isspace((unsigned char)s[sl - 1])) sl--;
        s[sl] = 0;
        return replay_sampled(r, s);
    }
    carc_action a;
    int at = 0;
    char why_text[160];
    int rc = carc__parse_action(r->g, s, &a, &at, why_text, sizeof why_text);
    if (rc) return rec_fail(r->err, r->lineno, rc, "cannot read '%s': %s", s, why_text);
    rc = carc_game_apply(r->g, &a);
    if (rc) {
        carc_explanation why;
        if (carc__explain(r->g, &a, &why) == CARC_OK)
            return rec_fail(r->err, r->lineno, rc, "'%s': %s: %s", s, carc_strerror(rc),
                            why.message);
        return rec_fail(r->err, r->lineno, rc, "'%s': %s", s, carc_strerror(rc));
    }
    return CARC_OK;
}

/* A line of the record after its first (s: without comment and blanks at
 * either end, not empty): a directive of the table, or an action. */
static int replay_line(replay *r, char *s)
{
    char word[32];
    size_t wl = strcspn(s, " \t");
    if (wl >= sizeof word) wl = sizeof word - 1;
    memcpy(word, s, wl);
    word[wl] = 0;
    char *rest = s + strcspn(s, " \t");
    while (isspace((unsigned char)*rest)) rest++;
    if (!strcmp(word, "carcvar-record"))
        return rec_fail(r->err, r->lineno, CARC_E_PARSE, "'carcvar-record' line given twice");
    int k = 0;
    while (k < NDIRECTIVES && strcmp(word, directives[k].word) != 0) k++;
    const directive *d = k < NDIRECTIVES ? &directives[k] : NULL;
    if (d && (d->flags & DIR_HEADER) && r->g)
        return rec_fail(r->err, r->lineno, CARC_E_PARSE,
                        "header line '%s' after the first action", word);
    if (d && r->version < d->version)
        return rec_fail(r->err, r->lineno, CARC_E_PARSE,
                        "'%s' needs a 'carcvar-record %d' record", word, d->version);
    if (d && (d->flags & DIR_ONCE)) {
        if (r->first_line[k])
            return rec_fail(r->err, r->lineno, CARC_E_PARSE,
                            "header line '%s' given twice (first on line %llu)", word,
                            (unsigned long long)r->first_line[k]);
        r->first_line[k] = r->lineno;
    }
    if (d && (d->flags & DIR_HEADER)) return d->run(r, rest);
    /* the body: the header's game, until it ends */
    if (!r->g) {
        int rc = start_game(r);
        if (rc) return rc;
    }
    if (carc_game_is_terminal(r->g))
        return rec_fail(r->err, r->lineno, CARC_E_STATE, "action after the end of the game");
    return d ? d->run(r, rest) : replay_action(r, s);
}

/* The next line of text[0..len) from *pos into line[], without a
 * comment and blanks at either end; *out: where it starts in line[]
 * (empty for a blank or comment line).  CARC_OK, or the code of
 * rec_fail. */
static int read_line(replay *r, const char *text, size_t len, size_t *pos,
                     char line[RECORD_MAX_LINE + 1],
                     char **out)
{
    size_t end = *pos;
    while (end < len && text[end] != '\n') end++;
    if (++r->lineno > RECORD_MAX_LINES)
        return rec_fail(r->err, r->lineno, CARC_E_PARSE, "record longer than %u lines",
                        RECORD_MAX_LINES);
    size_t n = end - *pos;
    if (n && text[*pos + n - 1] == '\r') n--; /* a CRLF line end: the CR is no character */
    if (n > RECORD_MAX_LINE) return rec_fail(r->err, r->lineno, CARC_E_PARSE, "line too long");
    memcpy(line, text + *pos, n);
    line[n] = 0;
    *pos = end + 1;
    if (memchr(line, 0, n)) return rec_fail(r->err, r->lineno, CARC_E_PARSE, "NUL byte in line");
    char *hash = strchr(line, '#');
    if (hash) *hash = 0;
    char *s = line;
    while (isspace((unsigned char)*s)) s++;
    size_t l = strlen(s);
    while (l && isspace((unsigned char)s[l - 1])) s[--l] = 0;
    *out = s;
    return CARC_OK;
}

int carc_record_replay(carc_game **out, const char *text, size_t len, carc_record_error *err)
{
    if (err) memset(err, 0, sizeof *err);
    if (!out) return rec_fail(err, 0, CARC_E_INVALID, "no output handle");
    *out = NULL;
    if (!text) return rec_fail(err, 0, CARC_E_INVALID, "no text");
    /* one terminating NUL at the very end is accepted, so that the *needed of
     * carc_game_write_record (which counts it) can be passed back as len */
    if (len && text[len - 1] == 0) len--;
    replay r;
    memset(&r, 0, sizeof r);
    r.err = err;
    carc_options_init(&r.o);
    carc_setup_init(&r.su);
    int rc = CARC_OK;
    for (size_t pos = 0; pos < len && !rc;) {
        char line[RECORD_MAX_LINE + 1], *s = line;
        rc = read_line(&r, text, len, &pos, line, &s);
        if (rc || !*s) continue;
        rc = r.version ? replay_line(&r, s) : replay_magic(&r, s);
    }
    if (!rc && !r.version) rc = rec_fail(err, 0, CARC_E_PARSE, "empty record");
    if (!rc && !r.g) rc = start_game(&r);
    if (rc) {
        carc_game_free(r.g);
        return rc;
    }
    *out = r.g;
    return CARC_OK;
}
