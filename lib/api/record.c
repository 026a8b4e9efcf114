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

/* The record of the game so far.  A public record leaves out the game's only
 * secret, its RNG: no seed line, and no "rng" marks (every draw is explicit,
 * so it replays without the RNG). */
static int write_record(const carc_game *game, char *buf, size_t cap, size_t *needed,
                        bool public_only)
{
    if (!carc__valid(game) || (!buf && cap)) return CARC_E_INVALID;
    outbuf o = {buf, cap, 0};
    /* version 3 only for a host setup (first player, bag): every other
     * record stays version 2, readable by 0.2.0 */
    carc_setup setup;
    carc__setup_get(game, &setup);
    bool with_setup = setup.first_player != 0 || setup.bag_given;
    carc__out_add(&o, "carcvar-record %d\n", with_setup ? 3 : 2);
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
    if (setup.bag_given) {
        carc__out_add(&o, "bag");
        for (int t = 0; t < carc__ntypes; t++)
            if (setup.bag[t]) carc__out_add(&o, " %s=%d", carc__types[t].name, setup.bag[t]);
        carc__out_add(&o, "\n");
    }

    carc_game *g;
    int rc = carc_game_new_setup(&g, &game->opts, &setup);
    if (rc) return rc;
    const uint16_t *H = CHIST(game);
    for (uint32_t i = 0, used = 0; i < game->nhist; i += used) {
        uint16_t h = H[i];
        carc_action a;
        char text[160];
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

int carc_record_replay(carc_game **out, const char *text, size_t len, carc_record_error *err)
{
    if (err) memset(err, 0, sizeof *err);
    if (!out) return rec_fail(err, 0, CARC_E_INVALID, "no output handle");
    *out = NULL;
    if (!text) return rec_fail(err, 0, CARC_E_INVALID, "no text");
    /* one terminating NUL at the very end is accepted, so that the *needed of
     * carc_game_write_record (which counts it) can be passed back as len */
    if (len && text[len - 1] == 0) len--;
    carc_options o;
    carc_options_init(&o);
    carc_setup su;
    carc_setup_init(&su);
    int record_version = 0;
    uint64_t setup_line[2] = {0, 0}; /* line of first-player, bag */
    carc_game *g = NULL;
    bool seen_magic = false;
    uint64_t header_line[3] = {0, 0, 0};  /* line of players, seed, modules */
    uint64_t rule_line[CARC_MAX_RULES] = {0};
    uint64_t lineno = 0;
    int rc = CARC_OK;
    size_t pos = 0;
    while (pos < len) {
        size_t end = pos;
        while (end < len && text[end] != '\n') end++;
        if (++lineno > RECORD_MAX_LINES) {
            rc = rec_fail(err, lineno, CARC_E_PARSE, "record longer than %u lines",
                          RECORD_MAX_LINES);
            break;
        }
        char line[256];
        size_t n = end - pos;
        if (n && text[pos + n - 1] == '\r') n--; /* a CRLF line end: the CR is no character */
        if (n >= sizeof line) {
            rc = rec_fail(err, lineno, CARC_E_PARSE, "line too long");
            break;
        }
        memcpy(line, text + pos, n);
        line[n] = 0;
        pos = end + 1;
        if (memchr(line, 0, n)) {
            rc = rec_fail(err, lineno, CARC_E_PARSE, "NUL byte in line");
            break;
        }
        char *hash = strchr(line, '#');
        if (hash) *hash = 0;
        char *s = line;
        while (isspace((unsigned char)*s)) s++;
        size_t l = strlen(s);
        while (l && isspace((unsigned char)s[l - 1])) s[--l] = 0;
        if (!*s) continue;

        if (!seen_magic) {
            /* "carcvar-record", any run of blanks, the version */
            if (strncmp(s, "carcvar-record", 14) != 0 || !isspace((unsigned char)s[14])) {
                rc = rec_fail(err, lineno, CARC_E_PARSE, "expected 'carcvar-record 2'");
                break;
            }
            const char *version = s + 14;
            while (isspace((unsigned char)*version)) version++;
            /* version 2 adds module outcomes ('rng' after any chance
             * outcome); every version-1 record reads the same way */
            /* version 3 adds the host's setup lines (first-player, bag) */
            if (strcmp(version, "1") != 0 && strcmp(version, "2") != 0 &&
                strcmp(version, "3") != 0) {
                rc = rec_fail(err, lineno, CARC_E_VERSION, "unsupported record version '%s'",
                              version);
                break;
            }
            record_version = version[0] - '0';
            seen_magic = true;
            continue;
        }
        char word[32];
        size_t wl = strcspn(s, " \t");
        if (wl >= sizeof word) wl = sizeof word - 1;
        memcpy(word, s, wl);
        word[wl] = 0;
        char *rest = s + strcspn(s, " \t");
        while (isspace((unsigned char)*rest)) rest++;
        /* the header words; any other word is an action (modules add theirs) */
        if (!strcmp(word, "carcvar-record")) {
            rc = rec_fail(err, lineno, CARC_E_PARSE, "'carcvar-record' line given twice");
            break;
        }
        bool is_action = strcmp(word, "players") && strcmp(word, "seed") &&
                         strcmp(word, "modules") && strcmp(word, "rule") &&
                         strcmp(word, "first-player") && strcmp(word, "bag");
        if (!is_action) {
            if (g) {
                rc = rec_fail(err, lineno, CARC_E_PARSE, "header line '%s' after the first action",
                              word);
                break;
            }
            /* each header line at most once (a rule line once per rule) */
            int slot = !strcmp(word, "players") ? 0 : !strcmp(word, "seed") ? 1
                     : !strcmp(word, "modules") ? 2 : -1;
            if (slot >= 0) {
                if (header_line[slot]) {
                    rc = rec_fail(err, lineno, CARC_E_PARSE,
                                  "header line '%s' given twice (first on line %llu)", word,
                                  (unsigned long long)header_line[slot]);
                    break;
                }
                header_line[slot] = lineno;
            }
            int sslot = !strcmp(word, "first-player") ? 0 : !strcmp(word, "bag") ? 1 : -1;
            if (sslot >= 0) {
                if (record_version < 3) {
                    rc = rec_fail(err, lineno, CARC_E_PARSE,
                                  "'%s' needs a 'carcvar-record 3' record", word);
                    break;
                }
                if (setup_line[sslot]) {
                    rc = rec_fail(err, lineno, CARC_E_PARSE,
                                  "header line '%s' given twice (first on line %llu)", word,
                                  (unsigned long long)setup_line[sslot]);
                    break;
                }
                setup_line[sslot] = lineno;
            }
            if (!strcmp(word, "first-player")) {
                uint64_t v;
                if (!parse_u64(rest, &v) || v >= CARC_MAX_PLAYERS) {
                    rc = rec_fail(err, lineno, CARC_E_PARSE, "bad first player '%s'", rest);
                    break;
                }
                su.first_player = (int32_t)v;
            } else if (!strcmp(word, "bag")) {
                /* "bag NAME=COUNT ...": the tiles that may be drawn */
                su.bag_given = 1;
                char *save = NULL;
                for (char *tk = strtok_r(rest, " \t", &save); tk; tk = strtok_r(NULL, " \t", &save)) {
                    char *eq = strchr(tk, '=');
                    int t = -1, count = 0;
                    if (eq) {
                        *eq = 0;
                        t = carc_tile_by_name(tk);
                    }
                    if (t < 0 || !carc__parse_int(eq + 1, 1, 255, &count) || su.bag[t]) {
                        rc = rec_fail(err, lineno, CARC_E_PARSE,
                                      "expected 'bag NAME=COUNT ...' (each tile once), not '%s'", tk);
                        break;
                    }
                    su.bag[t] = (uint8_t)count;
                }
                if (rc) break;
            } else if (!strcmp(word, "players")) {
                uint64_t v;
                if (!parse_u64(rest, &v) || v < CARC_MIN_PLAYERS || v > CARC_MAX_PLAYERS) {
                    rc = rec_fail(err, lineno, CARC_E_PARSE, "bad player count '%s' (2-6)", rest);
                    break;
                }
                o.num_players = (int32_t)v;
            } else if (!strcmp(word, "seed")) {
                if (!parse_u64(rest, &o.seed)) {
                    rc = rec_fail(err, lineno, CARC_E_PARSE, "bad seed '%s'", rest);
                    break;
                }
            } else if (!strcmp(word, "modules")) {
                o.modules = 0;
                char *save = NULL;
                for (char *m = strtok_r(rest, " ,\t", &save); m; m = strtok_r(NULL, " ,\t", &save)) {
                    int id = carc_module_by_name(m);
                    if (id < 0) {
                        rc = rec_fail(err, lineno, CARC_E_PARSE, "unknown module '%s'", m);
                        break;
                    }
                    if (carc_module_available(id) != 1) {
                        rc = rec_fail(err, lineno, CARC_E_UNSUPPORTED,
                                      "module '%s' is not built into this library", m);
                        break;
                    }
                    o.modules |= 1ull << id;
                }
                if (rc) break;
            } else if (!strcmp(word, "rule")) {
                char name[64], num[24];
                int value, used = 0;
                if (sscanf(rest, "%63s %23s %n", name, num, &used) != 2 || rest[used] ||
                    !carc__parse_int(num, INT_MIN, INT_MAX, &value)) {
                    rc = rec_fail(err, lineno, CARC_E_PARSE, "expected 'rule NAME VALUE'");
                    break;
                }
                int r = carc_options_set_rule(&o, name, value);
                if (r) {
                    rc = rec_fail(err, lineno, r == CARC_E_NOTFOUND ? CARC_E_PARSE : r,
                                  "unknown rule or value '%s %d'", name, value);
                    break;
                }
                int id = carc_rule_by_name(name);
                if (rule_line[id]) {
                    rc = rec_fail(err, lineno, CARC_E_PARSE,
                                  "header line 'rule %s' given twice (first on line %llu)", name,
                                  (unsigned long long)rule_line[id]);
                    break;
                }
                rule_line[id] = lineno;
            }
            continue;
        }
        if (!g) {
            rc = carc_game_new_setup(&g, &o, &su);
            if (rc) {
                rec_fail(err, lineno, rc, "cannot create the game: %s", carc_strerror(rc));
                g = NULL;
                break;
            }
        }
        if (carc_game_is_terminal(g)) {
            rc = rec_fail(err, lineno, CARC_E_STATE, "action after the end of the game");
            break;
        }
        if (!strcmp(word, "outcome")) {
            if ((rc = replay_outcome(g, rest, lineno, err))) break;
            continue;
        }
        /* "OUTCOME rng": a chance outcome the seeded RNG chose (a draw, or
         * a module's chance event); "rng" is the last word, after blanks */
        size_t sl = strlen(s);
        if (sl > 4 && !strcmp(s + sl - 3, "rng") && isspace((unsigned char)s[sl - 4])) {
            sl -= 4;
            while (sl && isspace((unsigned char)s[sl - 1])) sl--;
            s[sl] = 0;
            if (!carc__chance_pending(g)) {
                rc = rec_fail(err, lineno, CARC_E_STATE,
                              "'rng' marks a chance outcome, but a player decides here");
                break;
            }
            carc_action want, got;
            int32_t want_id, got_id = -1;
            uint16_t expect[2 + CARC_PAYLOAD_MAX];
            int ne = 0;
            rc = carc_action_from_string(g, s, &want);
            if (!rc) rc = carc__action_id(g, &want, &want_id) ? CARC_E_ILLEGAL : CARC_OK;
            if (!rc) ne = carc__entry_words(g, &want, want_id, true, expect);
            if (!rc && ne < 0) rc = ne;
            if (rc) {
                rec_fail(err, lineno, rc, "cannot read '%s': %s", s, carc_strerror(rc));
                break;
            }
            /* the game is thrown away if this fails, so sample on it; the
             * outcome must be the line's, structured parts included */
            uint32_t before = g->nhist;
            rc = carc__sample_chance(g, &got, &got_id);
            if (rc) {
                rec_fail(err, lineno, rc, "'%s': %s", s, carc_strerror(rc));
                break;
            }
            if (got_id != want_id || g->nhist - before != (uint32_t)ne ||
                memcmp(CHIST(g) + before, expect, (size_t)ne * sizeof expect[0]) != 0) {
                char text[160] = "?";
                carc_action_to_string(g, &got, text, sizeof text, NULL);
                rc = rec_fail(err, lineno, CARC_E_ILLEGAL,
                              "the seeded RNG gives '%s' here, not '%s'", text, s);
                break;
            }
            continue;
        }
        carc_action a;
        int at = 0;
        char why_text[160];
        rc = carc__parse_action(g, s, &a, &at, why_text, sizeof why_text);
        if (rc) {
            rec_fail(err, lineno, rc, "cannot read '%s': %s", s, why_text);
            break;
        }
        rc = carc_game_apply(g, &a);
        if (rc) {
            carc_explanation why;
            if (carc__explain(g, &a, &why) == CARC_OK)
                rec_fail(err, lineno, rc, "'%s': %s: %s", s, carc_strerror(rc), why.message);
            else
                rec_fail(err, lineno, rc, "'%s': %s", s, carc_strerror(rc));
            break;
        }
    }
    if (!rc && !seen_magic) rc = rec_fail(err, 0, CARC_E_PARSE, "empty record");
    if (!rc && !g) {
        rc = carc_game_new_setup(&g, &o, &su);
        if (rc) {
            rec_fail(err, lineno, rc, "cannot create the game: %s", carc_strerror(rc));
            g = NULL;
        }
    }
    if (rc) {
        carc_game_free(g);
        return rc;
    }
    *out = g;
    return CARC_OK;
}

