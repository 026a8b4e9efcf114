/* Scenario tests: every .rec file in tests/scenarios is a game record plus
 * expectations written as comments, so each file is also a valid record:
 *
 *   # expect score P N          live score of player P
 *   # expect final N0 N1 ...    final scores (end-game scoring included)
 *   # expect supply P N         followers of player P in supply
 *   # expect terminal           the game is over
 *   # expect remaining TILE N   N tiles of type TILE left to draw (TILE "all": total)
 *   # expect player P           player P is to act next (-1: a tile draw is pending)
 *   # expect error LINE [CODE]  the record is refused at line LINE (and with
 *                               CARC_E_CODE, CODE in lower case: parse, illegal, ...)
 *   # expect feature X Y SEG POINTS [COMPLETE]
 *                               feature through segment SEG of the tile at
 *                               (X, Y) is worth POINTS now (and complete 0/1)
 *   # expect tokens P KIND N    player P holds N tokens of KIND (wine, grain,
 *                               cloth, ..., seal: carc_game_tokens; P -1:
 *                               tokens of no player, the revealed animals)
 *   # expect kind-supply P FIGURE N
 *                               N figures of kind FIGURE (follower, builder,
 *                               pig, ..., ringmaster) in player P's supply
 *   # expect turn N             carc_game_turn is N
 *
 * Every expectation but "error" is checked at its own place in the file: on
 * the game replayed from the lines above it (a prefix of a record is a
 * record), so a check may sit between actions.  "error" is about the whole
 * file.  A scenario file without any expectation fails: a test must assert. */
#include <carcvar/carcvar.h>
#include <check.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef SCENARIO_DIR
#error "SCENARIO_DIR must be defined"
#endif

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) { free(buf); buf = NULL; }
    fclose(f);
    if (buf) buf[n] = 0;
    *len = (size_t)n;
    return buf;
}

static char names[512][256];
static int nnames;

static int cmp(const void *a, const void *b) { return strcmp(a, b); }

static void list_scenarios(void)
{
    DIR *d = opendir(SCENARIO_DIR);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d)) && nnames < 512) {
        size_t l = strlen(e->d_name);
        if (l > 4 && !strcmp(e->d_name + l - 4, ".rec") && l < 255)
            strcpy(names[nnames++], e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)nnames, sizeof names[0], cmp);
}

/* CARC_E_* code for its name in lower case ("parse"), or 0 if none. */
static int error_code(const char *name)
{
    static const struct { const char *name; int code; } codes[] = {
        {"invalid", CARC_E_INVALID}, {"nomem", CARC_E_NOMEM},
        {"illegal", CARC_E_ILLEGAL}, {"buffer", CARC_E_BUFFER},
        {"state", CARC_E_STATE},     {"parse", CARC_E_PARSE},
        {"corrupt", CARC_E_CORRUPT}, {"version", CARC_E_VERSION},
        {"unsupported", CARC_E_UNSUPPORTED}, {"notfound", CARC_E_NOTFOUND},
    };
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
        if (strcmp(name, codes[i].name) == 0) return codes[i].code;
    return 0;
}

START_TEST(scenario)
{
    char path[600];
    snprintf(path, sizeof path, "%s/%s", SCENARIO_DIR, names[_i]);
    size_t len;
    char *text = slurp(path, &len);
    ck_assert_msg(text != NULL, "cannot read %s", path);

    carc_game *full = NULL;
    carc_record_error err;
    int rc = carc_record_replay(&full, text, len, &err);
    int expectations = 0;
    size_t next;
    for (size_t pos = 0; pos < len; pos = next) {
        const char *nl = memchr(text + pos, '\n', len - pos);
        size_t end = nl ? (size_t)(nl - text) : len;
        next = end + 1;
        char line[256];
        size_t n = end - pos < sizeof line - 1 ? end - pos : sizeof line - 1;
        memcpy(line, text + pos, n);
        line[n] = 0;
        if (n && line[n - 1] == '\r') line[n - 1] = 0;
        if (strncmp(line, "# expect ", 9) != 0) continue;
        const char *p = line + 9;
        int a, b, c, d, e;
        expectations++;
        if (sscanf(p, "error %d", &a) == 1) {
            ck_assert_msg(rc != CARC_OK, "%s: record accepted, expected error at line %d",
                          names[_i], a);
            ck_assert_msg(err.line == a, "%s: refused at line %d (%s), expected line %d",
                          names[_i], err.line, err.message, a);
            char code[32];
            if (sscanf(p, "error %*d %31s", code) == 1) {
                int want = error_code(code);
                ck_assert_msg(want < 0, "%s: unknown error code '%s'", names[_i], code);
                ck_assert_msg(err.code == want && rc == want,
                              "%s: refused with %d (%s: %s), expected %s (%d)", names[_i],
                              err.code, carc_strerror(err.code), err.message, code, want);
            }
            continue;
        }
        ck_assert_msg(rc == CARC_OK, "%s:%d: %s", names[_i], err.line, err.message);
        /* the game as it stands at this line */
        carc_game *g = NULL;
        carc_record_error perr;
        ck_assert_msg(carc_record_replay(&g, text, pos, &perr) == CARC_OK,
                      "%s: the lines above the expectation '%s' do not replay: %d: %s",
                      names[_i], p, perr.line, perr.message);
        if (sscanf(p, "score %d %d", &a, &b) == 2) {
            int32_t s;
            ck_assert_int_eq(carc_game_score(g, a, &s), CARC_OK);
            ck_assert_msg(s == b, "%s: player %d live score %d, expected %d", names[_i], a, s, b);
        } else if (strncmp(p, "final", 5) == 0) {
            int32_t fin[CARC_MAX_PLAYERS];
            ck_assert_int_eq(carc_game_final_scores(g, fin, CARC_MAX_PLAYERS), CARC_OK);
            const char *q = p + 5;
            int k = 0, used;
            while (sscanf(q, "%d%n", &a, &used) == 1) {
                ck_assert_msg(k < carc_game_num_players(g), "%s: too many final scores", names[_i]);
                ck_assert_msg(fin[k] == a, "%s: player %d final %d, expected %d", names[_i], k,
                              fin[k], a);
                k++;
                q += used;
            }
            ck_assert_msg(k == carc_game_num_players(g), "%s: final needs every player",
                          names[_i]);
        } else if (sscanf(p, "supply %d %d", &a, &b) == 2) {
            ck_assert_int_eq(carc_game_supply(g, a, CARC_FIGURE_FOLLOWER), b);
        } else if (strncmp(p, "remaining ", 10) == 0) {
            char tile[16];
            ck_assert_int_eq(sscanf(p, "remaining %15s %d", tile, &a), 2);
            int t = strcmp(tile, "all") == 0 ? -1 : carc_tile_by_name(tile);
            ck_assert_msg(t >= -1, "%s: unknown tile %s", names[_i], tile);
            ck_assert_msg(carc_game_tiles_remaining(g, t) == a, "%s: %d %s left, expected %d",
                          names[_i], carc_game_tiles_remaining(g, t), tile, a);
        } else if (sscanf(p, "player %d", &a) == 1) {
            ck_assert_int_eq(carc_game_current_player(g), a);
        } else if (strncmp(p, "terminal", 8) == 0) {
            ck_assert_int_eq(carc_game_is_terminal(g), 1);
        } else if (sscanf(p, "feature %d %d %d %d %d", &a, &b, &c, &d, &e) >= 4) {
            int k = sscanf(p, "feature %d %d %d %d %d", &a, &b, &c, &d, &e);
            carc_feature_info fi;
            ck_assert_int_eq(carc_game_feature(g, a, b, c, &fi), CARC_OK);
            ck_assert_msg(fi.points == d, "%s: feature at %d,%d #%d worth %d, expected %d",
                          names[_i], a, b, c, fi.points, d);
            if (k == 5) ck_assert_int_eq(fi.complete, e);
        } else if (strncmp(p, "tokens ", 7) == 0) {
            /* carc_token_kind by value; player -1: tokens of no player */
            static const char *const goods[] = {"wine",  "grain",  "cloth", "abbey",
                                                "bridge", "castle", "tower_floor", "",
                                                "flea",  "monkey", "seal",  "bear",
                                                "tiger", "elephant"};
            const int nkinds = (int)(sizeof goods / sizeof goods[0]);
            char kind[16];
            ck_assert_int_eq(sscanf(p, "tokens %d %15s %d", &a, kind, &b), 3);
            int k = 0;
            while (k < nkinds && strcmp(goods[k], kind) != 0) k++;
            ck_assert_msg(k < nkinds, "%s: unknown token kind %s", names[_i], kind);
            ck_assert_msg(carc_game_tokens(g, a, k) == b, "%s: player %d holds %d %s, expected %d",
                          names[_i], a, carc_game_tokens(g, a, k), kind, b);
        } else if (strncmp(p, "kind-supply ", 12) == 0) {
            static const char *const kinds[] = {"follower", "big", "mayor", "wagon",
                                                "barn", "builder", "pig", "ringmaster"};
            char kind[16];
            ck_assert_int_eq(sscanf(p, "kind-supply %d %15s %d", &a, kind, &b), 3);
            int k = 0;
            while (k < 8 && strcmp(kinds[k], kind) != 0) k++;
            ck_assert_msg(k < 8, "%s: unknown figure kind %s", names[_i], kind);
            ck_assert_msg(carc_game_supply(g, a, k) == b, "%s: player %d has %d %s, expected %d",
                          names[_i], a, carc_game_supply(g, a, k), kind, b);
        } else if (sscanf(p, "turn %d", &a) == 1) {
            ck_assert_int_eq(carc_game_turn(g), a);
        } else {
            ck_abort_msg("%s: unknown expectation '%s'", names[_i], p);
        }
        carc_game_free(g);
    }
    ck_assert_msg(expectations > 0, "%s has no '# expect' line", names[_i]);
    carc_game_free(full);
    free(text);
}
END_TEST

int main(void)
{
    list_scenarios();
    Suite *s = suite_create("scenarios");
    TCase *tc = tcase_create("records");
    tcase_add_loop_test(tc, scenario, 0, nnames);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    if (nnames == 0) {
        fprintf(stderr, "no scenario files in %s\n", SCENARIO_DIR);
        return 1;
    }
    return failed ? 1 : 0;
}
