/* carcvar-play: play a seeded game between agents (random, greedy, or you
 * at the keyboard), or replay a game record, and print the board, every
 * turn's scoring and the final scores.
 *
 *   carcvar-play [--seed N] [--players N] [--agent P=random|greedy|human]...
 *                [--modules a,b] [--rule NAME=VALUE]... [--watch] [--record-out FILE]
 *                [--svg FILE] [--html PAGE] [--quiet] [--first-player P]
 *                [--bag TILE=N,TILE=N,...]
 *   carcvar-play --load FILE [--agent P=KIND]... [--watch] [--record-out FILE] ...
 *   carcvar-play --replay FILE [--html PAGE]
 *   carcvar-play --rules | --help
 *   carcvar-play --protocol       (a host's JSON lines: protocol.c, doc/protocol.md)
 *
 * Every mistake on the command line is refused with a message naming the
 * value and what is allowed, exit status 2 (doc/play.md).
 *
 * A human player (human.c) sees the board with coordinates, the legal cells
 * and the tile in hand in every legal rotation, and types actions in the
 * notation of doc/notation.md, the number of a listed action, or a command
 * ("help" lists them); a mistyped or illegal move gets the library's
 * explanation.  --bag plays from a chosen bag of tiles (the game ends when
 * it is empty); --first-player chooses who starts. */
#include <carcvar/carcvar.h>

#include "human.h"
#include "protocol.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const feature_names[] = {"road", "city", "monastery", "field"};

static int die(const char *what, int rc)
{
    fprintf(stderr, "carcvar-play: %s: %s\n", what, carc_strerror(rc));
    return 1;
}

typedef int (*text_fn)(const carc_game *, char *, size_t, size_t *);

/* Ask for the size, then fetch the text: the (buf, cap, needed) protocol. */
static char *get_text(const carc_game *g, text_fn fn)
{
    size_t need = 0;
    if (fn(g, NULL, 0, &need) != CARC_E_BUFFER) return NULL;
    char *text = malloc(need);
    if (text && fn(g, text, need, &need) != CARC_OK) {
        free(text);
        text = NULL;
    }
    return text;
}

/* The whole board as the human player sees it (axes, legend, status), in
 * strips of columns as wide as the terminal (term_width). */
static void print_board(const carc_game *g)
{
    carc_board_view v;
    carc_board_view_init(&v);
    v.width = term_width();
    v.flags = CARC_VIEW_LEGEND | CARC_VIEW_LAST | CARC_VIEW_ALL;
    size_t need = 0;
    char *text = NULL;
    if (carc_game_board_view(g, &v, NULL, 0, &need) == CARC_E_BUFFER && (text = malloc(need)) &&
        carc_game_board_view(g, &v, text, need, &need) == CARC_OK)
        fputs(text, stdout);
    free(text);
}

static int save_text(const carc_game *g, text_fn fn, const char *path)
{
    char *text = get_text(g, fn);
    FILE *f = text ? fopen(path, "w") : NULL;
    int ok = f && fputs(text, f) >= 0;
    if (f && fclose(f) != 0) ok = 0;
    free(text);
    if (!ok) perror(path);
    return !ok;
}

static void print_events(const carc_game *g, size_t from, size_t *upto)
{
    size_t n = 0;
    carc_game_score_log(g, NULL, 0, &n);
    if (n > from) {
        carc_score_event *ev = malloc(n * sizeof *ev);
        if (ev && carc_game_score_log(g, ev, n, &n) == CARC_OK) {
            for (size_t i = from; i < n; i++) {
                const carc_score_event *e = &ev[i];
                const char *why = carc_score_reason_name(e->reason);
                if (!why) why = "unnamed reason";
                if (e->segment < 0) { /* points for no feature (a module's) */
                    printf("  player %d scores %d: %s\n", e->player, e->points, why);
                    continue;
                }
                printf("  player %d scores %d for the %s at %d,%d", e->player, e->points,
                       e->feature >= 0 && e->feature < 4 ? feature_names[e->feature] : "feature",
                       e->x, e->y);
                if (e->reason == CARC_SCORE_END_GAME) printf(" (end of game)");
                else if (e->reason != CARC_SCORE_COMPLETED) printf(" (%s)", why);
                printf("\n");
            }
        }
        free(ev);
    }
    *upto = n;
}

enum { AGENT_RANDOM, AGENT_GREEDY, AGENT_HUMAN };

/* Greedy: the action after which (own projected final score - best other
 * projected final score) is largest; the first such action on ties. */
static size_t greedy_pick(const carc_game *g, const carc_action *acts, size_t n, carc_game *scratch)
{
    int me = carc_game_current_player(g), np = carc_game_num_players(g);
    size_t best = 0;
    long best_value = -1000000;
    for (size_t i = 0; i < n; i++) {
        int32_t fin[CARC_MAX_PLAYERS];
        if (carc_game_copy(scratch, g) != CARC_OK || carc_game_apply(scratch, &acts[i]) != CARC_OK)
            continue;
        carc_game_final_scores(scratch, fin, CARC_MAX_PLAYERS);
        long other = -1000000;
        for (int p = 0; p < np; p++)
            if (p != me && fin[p] > other) other = fin[p];
        long value = fin[me] - other;
        if (value > best_value) {
            best_value = value;
            best = i;
        }
    }
    return best;
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *nb = realloc(buf, cap *= 2);
            if (!nb) { free(buf); buf = NULL; }
            else buf = nb;
        }
    }
    fclose(f);
    *len = n;
    return buf;
}

/* --html: the replay viewer of the record (carc_record_html). */
static int save_html(const char *record, size_t len, const char *path)
{
    size_t need = 0;
    carc_record_error err;
    int rc = carc_record_html(record, len, NULL, 0, &need, &err);
    char *page = rc == CARC_E_BUFFER ? malloc(need) : NULL;
    if (page) rc = carc_record_html(record, len, page, need, &need, &err);
    if (rc != CARC_OK) {
        fprintf(stderr, "carcvar-play: --html: %s\n", page || rc != CARC_E_BUFFER ? err.message
                                                                            : "out of memory");
        free(page);
        return 1;
    }
    FILE *f = fopen(path, "w");
    int ok = f && fputs(page, f) >= 0;
    if (f && fclose(f) != 0) ok = 0;
    free(page);
    if (!ok) perror(path);
    return !ok;
}

/* ------------------------------------------------------ the command line */

#define PROG "carcvar-play"

/* A mistake on the command line: say what and exit 2. */
static void bad_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void bad_usage(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs(PROG ": ", stderr);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputs("\n(" PROG " --help lists the options)\n", stderr);
    exit(2);
}

/* A whole decimal number in [lo, hi], nothing else; 0 if not. */
static int parse_long(const char *s, long lo, long hi, long *out)
{
    if (!*s || strspn(s + (*s == '-'), "0123456789") != strlen(s + (*s == '-')) ||
        !s[*s == '-'])
        return 0;
    errno = 0;
    long v = strtol(s, NULL, 10);
    if (errno || v < lo || v > hi) return 0;
    *out = v;
    return 1;
}

static void print_help(void)
{
    printf("usage: " PROG " [OPTION]...          play a seeded game\n"
           "       " PROG " --load FILE [--agent P=KIND]...   go on with a saved game\n"
           "       " PROG " --replay FILE [--html PAGE] [--svg FILE]   replay a game record\n"
           "       " PROG " --rules                 list the rule options\n"
           "\n"
           "  --seed N             the game's seed, 0 to 18446744073709551615 (default 1)\n"
           "  --players N          number of players, %d to %d (default 2)\n"
           "  --agent P=KIND       player P (0 to players-1) is random (default), greedy\n"
           "                       or human (you, at the keyboard); repeat for each\n"
           "  --modules A,B        modules in play besides the base game, of:\n"
           "                      ",
           CARC_MIN_PLAYERS, CARC_MAX_PLAYERS);
    for (int m = 1, col = 22; m < CARC_MODULE_SLOTS; m++) {
        if (carc_module_available(m) != 1) continue;
        const char *name = carc_module_name(m);
        if (col + 1 + (int)strlen(name) > 79) col = printf("\n                      ") - 1;
        col += printf(" %s", name);
    }
    printf("\n"
           "  --rule NAME=VALUE    set a rule option (" PROG " --rules lists them)\n"
           "  --first-player P     who plays the first turn, 0 to players-1 (default 0)\n"
           "  --bag TILE=N,...     play from this bag of tiles only (e.g. U=2,E=1)\n"
           "  --watch              print the board after every turn\n"
           "  --load FILE          go on with the game of a record (a game saved midway)\n"
           "                       with the --agent players given\n"
           "  --quiet              print only the final board and scores\n"
           "  --record-out FILE    write the game record (doc/records.md)\n"
           "  --svg FILE           write the final board as SVG\n"
           "  --html PAGE          write the HTML replay viewer of the game\n"
           "  --replay FILE        replay a game record instead of playing\n"
           "  --rules              list the rule options, their values and defaults\n"
           "  --protocol           serve a host: JSON requests on stdin, one per line,\n"
           "                       one JSON reply per line on stdout (doc/protocol.md)\n"
           "  -h, --help           this help\n"
           "\n"
           "A human player types moves in the notation of doc/notation.md, the number of\n"
           "a listed action, or a command (help lists them).  Boards are as wide as the\n"
           "terminal (COLUMNS, else the terminal's width, else 80).  Exit status: 0 done,\n"
           "1 a game or file error, 2 a mistake on the command line.  man carcvar-play\n");
}

/* The values carc_options_set_rule accepts for a rule, probed outward from
 * its default (the public API has no range query). */
static void rule_range(int id, int *lo, int *hi)
{
    carc_options o;
    carc_options_init(&o);
    const char *name = carc_rule_name(id);
    *lo = *hi = carc_rule_default(id);
    while (*lo > -1000000 && carc_options_set_rule(&o, name, *lo - 1) == CARC_OK) --*lo;
    while (*hi < 1000000 && carc_options_set_rule(&o, name, *hi + 1) == CARC_OK) ++*hi;
}

static void print_rules(void)
{
    printf("rule options (--rule NAME=VALUE):\n");
    for (int r = 0; r < carc_rule_count(); r++) {
        const char *name = carc_rule_name(r);
        if (!name) continue;
        int lo, hi;
        rule_range(r, &lo, &hi);
        printf("  %-24s %d to %d, default %d\n", name, lo, hi, carc_rule_default(r));
    }
    printf("doc/rules.md explains each.\n");
}

static void set_rule(carc_options *opts, const char *arg)
{
    char name[64];
    const char *eq = strchr(arg, '=');
    if (!eq || eq == arg || (size_t)(eq - arg) >= sizeof name)
        bad_usage("--rule '%s': wants NAME=VALUE, e.g. tiny_city=1", arg);
    memcpy(name, arg, (size_t)(eq - arg));
    name[eq - arg] = 0;
    int id = carc_rule_by_name(name);
    if (id < 0 || !carc_rule_name(id)) {
        fprintf(stderr, PROG ": --rule %s: no rule named '%s'; the rules are:", arg, name);
        for (int r = 0; r < carc_rule_count(); r++)
            if (carc_rule_name(r)) fprintf(stderr, " %s", carc_rule_name(r));
        fputs("\n(" PROG " --rules lists them with their values)\n", stderr);
        exit(2);
    }
    int lo, hi;
    rule_range(id, &lo, &hi);
    long v;
    if (!parse_long(eq + 1, lo, hi, &v) || carc_options_set_rule(opts, name, (int)v) != CARC_OK)
        bad_usage("--rule %s: '%s' is out of range: rule %s takes %d to %d (default %d)", arg,
                  eq + 1, name, lo, hi, carc_rule_default(id));
}

/* --bag TILE=N,...: read after the modules are known. */
static void parse_bag(const char *arg, const carc_options *opts, carc_setup *setup)
{
    char list[1024];
    if (strlen(arg) >= sizeof list) bad_usage("--bag: the list is too long");
    snprintf(list, sizeof list, "%s", arg);
    setup->bag_given = 1;
    for (char *t = strtok(list, ", "); t; t = strtok(NULL, ", ")) {
        char *eq = strchr(t, '=');
        if (!eq) bad_usage("--bag %s: '%s' wants TILE=N (e.g. U=2,E=1)", arg, t);
        *eq = 0;
        int type = carc_tile_by_name(t);
        carc_tile_info info;
        if (type < 0 || carc_tile_info_get(type, 0, &info) != CARC_OK) {
            fprintf(stderr, PROG ": --bag %s: '%s' is no tile; the tiles in play are:", arg, t);
            for (int k = 0; k < carc_tile_type_count(); k++)
                if (carc_tile_info_get(k, 0, &info) == CARC_OK &&
                    (opts->modules >> info.module & 1))
                    fprintf(stderr, " %s", carc_tile_name(k));
            fputs("\n(doc/tiles.md shows them)\n", stderr);
            exit(2);
        }
        if (!(opts->modules >> info.module & 1))
            bad_usage("--bag %s: tile %s comes with module %s, which is not in play "
                      "(--modules %s)", arg, t, carc_module_name(info.module),
                      carc_module_name(info.module));
        long count;
        if (!parse_long(eq + 1, 1, 255, &count))
            bad_usage("--bag %s: '%s' copies of %s: a count is 1 to 255", arg, eq + 1, t);
        if (setup->bag[type]) bad_usage("--bag %s: tile %s is named twice", arg, t);
        setup->bag[type] = (uint8_t)count;
    }
    if (!setup->bag_given) bad_usage("--bag: no tiles given");
}

/* carc_game_new_setup refused the options: find which one, by the public
 * API alone (try the game without each choice). */
static void explain_new_game(const carc_options *opts, const carc_setup *setup, int rc)
{
    carc_game *g = NULL;
    carc_options base = *opts;
    carc_options def;
    carc_options_init(&def);
    for (int r = 0; r < carc_rule_count(); r++) {
        if (!carc_rule_name(r) || opts->rules[r] == def.rules[r]) continue;
        base.rules[r] = def.rules[r];
        if (carc_game_new_setup(&g, &base, setup) == CARC_OK) {
            carc_game_free(g);
            bad_usage("--rule %s=%d: this rule belongs to a module that is not in play",
                      carc_rule_name(r), opts->rules[r]);
        }
    }
    if (setup->bag_given) {
        for (int t = 0; t < carc_tile_type_count() && t < CARC_MAX_TILES; t++) {
            if (!setup->bag[t]) continue;
            carc_setup one;
            carc_setup_init(&one);
            one.bag_given = 1;
            int most = setup->bag[t];
            for (; most > 0; most--) {
                one.bag[t] = (uint8_t)most;
                if (carc_game_new_setup(&g, opts, &one) == CARC_OK) break;
            }
            carc_game_free(g);
            g = NULL;
            if (most < setup->bag[t])
                bad_usage("--bag %s=%d: the tile sets in play hold only %d %s to draw",
                          carc_tile_name(t), setup->bag[t], most, carc_tile_name(t));
        }
    }
    fprintf(stderr, PROG ": new game: %s\n", carc_strerror(rc));
    exit(rc == CARC_E_INVALID || rc == CARC_E_UNSUPPORTED ? 2 : 1);
}

static void print_scores(const carc_game *g, const char *source);

int main(int argc, char **argv)
{
    carc_options opts;
    carc_options_init(&opts);
    opts.seed = 1;
    const char *replay = NULL, *record_out = NULL, *svg_out = NULL, *html_out = NULL;
    const char *bag = NULL, *game_option = NULL, *agent_option = NULL, *load = NULL;
    int quiet = 0, watch = 0, board_shown = 0, protocol = 0;
    int agent[CARC_MAX_PLAYERS] = {0};
    long agent_arg[CARC_MAX_PLAYERS]; /* argv index of each --agent, for messages */
    long first_player = 0;
    const char *first_player_arg = NULL;
    for (int p = 0; p < CARC_MAX_PLAYERS; p++) agent_arg[p] = 0;
    carc_setup setup;
    carc_setup_init(&setup);
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i];
        if (!strcmp(o, "--help") || !strcmp(o, "-h")) {
            print_help();
            return 0;
        }
        if (!strcmp(o, "--rules")) {
            print_rules();
            return 0;
        }
        if (!strcmp(o, "--protocol")) { protocol = 1; continue; }
        if (!strcmp(o, "--quiet")) { quiet = 1; continue; }
        if (!strcmp(o, "--watch")) { watch = 1; continue; }
        static const char *const with_value[] = {
            "--seed", "--players", "--replay", "--record-out", "--svg", "--html",
            "--first-player", "--bag", "--agent", "--modules", "--rule", "--load", NULL};
        int known = 0;
        for (int k = 0; with_value[k]; k++) known |= !strcmp(o, with_value[k]);
        if (!known) bad_usage("unknown option '%s'", o);
        if (i + 1 >= argc) bad_usage("%s needs a value", o);
        const char *v = argv[++i];
        if (strcmp(o, "--replay") && strcmp(o, "--record-out") && strcmp(o, "--svg") &&
            strcmp(o, "--html") && strcmp(o, "--load") && strcmp(o, "--agent"))
            game_option = o;
        if (!strcmp(o, "--agent")) agent_option = o;
        if (!strcmp(o, "--seed")) {
            char *end;
            errno = 0;
            unsigned long long s = strtoull(v, &end, 10);
            if (!*v || strspn(v, "0123456789") != strlen(v) || errno == ERANGE)
                bad_usage("--seed '%s': a seed is a whole number from 0 to %llu", v,
                          (unsigned long long)UINT64_MAX);
            opts.seed = s;
        } else if (!strcmp(o, "--players")) {
            long n;
            if (!parse_long(v, CARC_MIN_PLAYERS, CARC_MAX_PLAYERS, &n))
                bad_usage("--players '%s': a game has %d to %d players", v, CARC_MIN_PLAYERS,
                          CARC_MAX_PLAYERS);
            opts.num_players = (int32_t)n;
        } else if (!strcmp(o, "--replay")) replay = v;
        else if (!strcmp(o, "--load")) load = v;
        else if (!strcmp(o, "--record-out")) record_out = v;
        else if (!strcmp(o, "--svg")) svg_out = v;
        else if (!strcmp(o, "--html")) html_out = v;
        else if (!strcmp(o, "--first-player")) {
            if (!parse_long(v, 0, CARC_MAX_PLAYERS - 1, &first_player))
                bad_usage("--first-player '%s': a player is 0 to players-1 (0 to %d at most)",
                          v, CARC_MAX_PLAYERS - 1);
            first_player_arg = v;
        } else if (!strcmp(o, "--bag")) bag = v;
        else if (!strcmp(o, "--rule")) set_rule(&opts, v);
        else if (!strcmp(o, "--agent")) {
            char num[24];
            const char *eq = strchr(v, '=');
            long p;
            if (!eq || (size_t)(eq - v) >= sizeof num)
                bad_usage("--agent '%s': wants P=random|greedy|human, e.g. 1=human", v);
            memcpy(num, v, (size_t)(eq - v));
            num[eq - v] = 0;
            if (!parse_long(num, 0, CARC_MAX_PLAYERS - 1, &p))
                bad_usage("--agent %s: '%s' is no player: players are 0 to players-1 "
                          "(0 to %d at most)", v, num, CARC_MAX_PLAYERS - 1);
            const char *kind = eq + 1;
            if (strcmp(kind, "random") && strcmp(kind, "greedy") && strcmp(kind, "human"))
                bad_usage("--agent %s: unknown agent '%s': random, greedy or human", v, kind);
            agent[p] = !strcmp(kind, "random") ? AGENT_RANDOM
                       : !strcmp(kind, "greedy") ? AGENT_GREEDY : AGENT_HUMAN;
            agent_arg[p] = i;
        } else if (!strcmp(o, "--modules")) {
            char list[256];
            if (strlen(v) >= sizeof list) bad_usage("--modules: the list is too long");
            snprintf(list, sizeof list, "%s", v);
            for (char *m = strtok(list, ","); m; m = strtok(NULL, ",")) {
                int id = carc_module_by_name(m);
                if (id < 0 || carc_module_available(id) != 1) {
                    fprintf(stderr, PROG ": --modules %s: %s '%s'; the modules are:", v,
                            id < 0 ? "unknown module" : "this build has no module", m);
                    for (int k = 1; k < CARC_MODULE_SLOTS; k++)
                        if (carc_module_available(k) == 1)
                            fprintf(stderr, " %s", carc_module_name(k));
                    fputc('\n', stderr);
                    return 2;
                }
                opts.modules |= 1ull << id;
            }
        }
    }
    if (protocol) { /* the host sends the game's options (doc/protocol.md) */
        if (argc > 2)
            bad_usage("--protocol takes no other option: the host sends the game's options "
                      "in its \"new\" request (doc/protocol.md)");
        return protocol_run(stdin, stdout);
    }
    if (replay && load) bad_usage("--replay and --load: give one of them");
    if (replay && (game_option || agent_option))
        bad_usage("%s: a replay takes the game's options from the record (with --replay "
                  "give only --html, --svg, --record-out)", game_option ? game_option
                                                                         : agent_option);
    if (load && game_option)
        bad_usage("%s: --load takes the game's options from the record (with --load give "
                  "--agent, --watch, --quiet, --record-out, --svg, --html)", game_option);
    carc_game *g = NULL;
    int rc;
    if (load) { /* the record's game, to go on from where it stops */
        size_t len;
        char *text = read_file(load, &len);
        if (!text) {
            fprintf(stderr, PROG ": --load %s: ", load);
            perror(NULL);
            return 1;
        }
        carc_record_error err;
        rc = carc_record_replay(&g, text, len, &err);
        free(text);
        if (rc) {
            if (err.line > 0) fprintf(stderr, "%s:%d: %s\n", load, err.line, err.message);
            else fprintf(stderr, "%s: %s\n", load, err.message[0] ? err.message
                                                                 : carc_strerror(rc));
            return 1;
        }
        carc_game_options(g, &opts);
    }
    for (int p = opts.num_players; p < CARC_MAX_PLAYERS; p++)
        if (agent_arg[p])
            bad_usage("--agent %s: there is no player %d in a %d-player game (players 0 to %d)",
                      argv[agent_arg[p]], p, opts.num_players, opts.num_players - 1);
    if (first_player_arg && first_player >= opts.num_players)
        bad_usage("--first-player %s: there is no player %ld in a %d-player game "
                  "(players 0 to %d)", first_player_arg, first_player, opts.num_players,
                  opts.num_players - 1);
    setup.first_player = (int32_t)first_player;
    if (bag) parse_bag(bag, &opts, &setup);

    size_t logged = 0;
    if (replay) {
        size_t len;
        char *text = read_file(replay, &len);
        if (!text) { perror(replay); return 1; }
        carc_record_error err;
        rc = carc_record_replay(&g, text, len, &err);
        if (rc) {
            free(text);
            if (err.line > 0) fprintf(stderr, "%s:%d: %s\n", replay, err.line, err.message);
            else fprintf(stderr, "%s: %s\n", replay, err.message[0] ? err.message
                                                                    : carc_strerror(rc));
            return 1;
        }
        int html_bad = html_out && save_html(text, len, html_out);
        free(text);
        if (html_bad) return 1;
        if (!quiet) { /* --quiet: only the final board and scores, as when playing */
            printf("replayed %s\n", replay);
            print_events(g, 0, &logged);
        }
    } else {
        if (!load) {
            rc = carc_game_new_setup(&g, &opts, &setup);
            if (rc) explain_new_game(&opts, &setup, rc);
        }
        int humans = 0;
        for (int p = 0; p < opts.num_players && p < CARC_MAX_PLAYERS; p++)
            humans += agent[p] == AGENT_HUMAN;
        carc_game *scratch = NULL;
        rc = carc_game_clone(&scratch, g);
        if (rc) return die("clone", rc);
        printf("libcarcvar %s: %d players, seed %llu\n", carc_version_string(),
               opts.num_players, (unsigned long long)opts.seed);
        unsigned long long pick = opts.seed * 2654435761ull + 12345;
        if (load) {
            printf("loaded %s: %s at turn %d\n", load,
                   carc_game_is_terminal(g) ? "the game is over" : "going on",
                   carc_game_turn(g));
            if (!quiet) print_events(g, 0, &logged);
            else carc_game_score_log(g, NULL, 0, &logged);
            /* the random agents go on from the turn, not from the start */
            pick += (unsigned long long)carc_game_turn(g) * 0x9E3779B97F4A7C15ull;
            if (!quiet && !carc_game_is_terminal(g)) print_board(g);
        }
        while (!carc_game_is_terminal(g)) {
            if (carc_game_current_player(g) == CARC_PLAYER_CHANCE) {
                rc = carc_game_sample_chance(g, NULL);
                if (rc) return die("draw", rc);
                continue;
            }
            carc_action acts[1024];
            size_t n = 0;
            rc = carc_game_legal_actions(g, acts, 1024, &n);
            if (rc) return die("legal actions", rc);
            int who = carc_game_current_player(g);
            size_t k;
            if (agent[who] == AGENT_GREEDY) {
                k = greedy_pick(g, acts, n, scratch);
            } else if (agent[who] == AGENT_HUMAN) {
                play_state st = {g, pick, logged};
                long h = human_turn(&st, acts, n, scratch, greedy_pick, humans == 1);
                g = st.g;
                pick = st.pick;
                logged = st.logged;
                if (h == HUMAN_UNDONE) continue;
                k = (size_t)h;
            } else { /* random, reproducible from the seed */
                pick = pick * 6364136223846793005ull + 1442695040888963407ull;
                k = (pick >> 33) % n;
            }
            carc_action *a = &acts[k];
            char text[96];
            carc_action_to_string(g, a, text, sizeof text, NULL);
            int turn = carc_game_turn(g);
            rc = carc_game_apply(g, a);
            if (rc) return die("apply", rc);
            if (!quiet) printf("turn %2d player %d: %s\n", turn, who, text);
            if (!quiet) print_events(g, logged, &logged);
            if (watch && carc_game_current_player(g) == CARC_PLAYER_CHANCE) print_board(g);
        }
        carc_game_free(scratch);
        human_done();
        if (humans) {
            print_board(g);
            print_scores(g, load);
            human_end(g);
            board_shown = 1;
        }
    }
    if (!board_shown) {
        print_board(g);
        print_scores(g, replay ? replay : load);
    }
    if (record_out && save_text(g, carc_game_write_record, record_out)) return 1;
    if (svg_out && save_text(g, carc_game_board_svg, svg_out)) return 1;
    if (html_out && !replay) { /* the replay viewer of the game just played */
        char *rec = get_text(g, carc_game_write_record);
        int bad = !rec || save_html(rec, strlen(rec), html_out);
        free(rec);
        if (bad) return 1;
    }
    carc_game_free(g);
    return 0;
}

/* The final scores, or as if the game ended now for a record cut short. */
static void print_scores(const carc_game *g, const char *source)
{
    int32_t final[CARC_MAX_PLAYERS];
    carc_game_final_scores(g, final, CARC_MAX_PLAYERS);
    if (!carc_game_is_terminal(g)) { /* a record cut short (a game saved midway) */
        fprintf(stderr, "%s: the record ends before the game is over (turn %d, %s to move): "
                        "the scores below are as if it ended now\n", source,
                carc_game_turn(g), carc_game_current_player(g) == CARC_PLAYER_CHANCE
                                       ? "a tile draw" : "a player");
    }
    printf(carc_game_is_terminal(g) ? "final scores:" : "scores if the game ended now:");
    for (int p = 0; p < carc_game_num_players(g); p++) printf(" player %d = %d;", p, final[p]);
    printf("\n");
}
