/* carcvar-play: play a seeded game between agents (random, greedy, or you
 * at the keyboard), or replay a game record, and print the board, every
 * turn's scoring and the final scores.
 *
 *   carcvar-play [--seed N] [--players N] [--agent P=random|greedy|human]...
 *                [--modules a,b] [--watch] [--record-out FILE] [--svg FILE] [--html PAGE]
 *                [--quiet] [--first-player P] [--bag TILE=N,TILE=N,...]
 *   carcvar-play --replay FILE [--html PAGE]
 *
 * A human player (human.c) sees the board with coordinates, the legal cells
 * and the tile in hand in every legal rotation, and types actions in the
 * notation of doc/notation.md, the number of a listed action, or a command
 * ("help" lists them); a mistyped or illegal move gets the library's
 * explanation.  --bag plays from a chosen bag of tiles (the game ends when
 * it is empty); --first-player chooses who starts. */
#include <carcvar/carcvar.h>

#include "human.h"

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

static void print_board(const carc_game *g)
{
    char *text = get_text(g, carc_game_board_text);
    if (text) fputs(text, stdout);
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
            for (size_t i = from; i < n; i++)
                printf("  player %d scores %d for the %s at %d,%d%s\n", ev[i].player,
                       ev[i].points, ev[i].feature < 4 ? feature_names[ev[i].feature] : "feature",
                       ev[i].x, ev[i].y, ev[i].reason == CARC_SCORE_END_GAME ? " (end of game)" : "");
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

int main(int argc, char **argv)
{
    carc_options opts;
    carc_options_init(&opts);
    opts.seed = 1;
    const char *replay = NULL, *record_out = NULL, *svg_out = NULL, *html_out = NULL;
    int quiet = 0, watch = 0;
    int agent[CARC_MAX_PLAYERS] = {0};
    carc_setup setup;
    carc_setup_init(&setup);
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--seed") && i + 1 < argc) opts.seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--players") && i + 1 < argc) opts.num_players = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--replay") && i + 1 < argc) replay = argv[++i];
        else if (!strcmp(argv[i], "--record-out") && i + 1 < argc) record_out = argv[++i];
        else if (!strcmp(argv[i], "--svg") && i + 1 < argc) svg_out = argv[++i];
        else if (!strcmp(argv[i], "--html") && i + 1 < argc) html_out = argv[++i];
        else if (!strcmp(argv[i], "--quiet")) quiet = 1;
        else if (!strcmp(argv[i], "--watch")) watch = 1;
        else if (!strcmp(argv[i], "--first-player") && i + 1 < argc)
            setup.first_player = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--bag") && i + 1 < argc) {
            char list[1024];
            snprintf(list, sizeof list, "%s", argv[++i]);
            setup.bag_given = 1;
            for (char *t = strtok(list, ", "); t; t = strtok(NULL, ", ")) {
                char *eq = strchr(t, '=');
                int type = eq ? (*eq = 0, carc_tile_by_name(t)) : -1;
                int count = eq ? atoi(eq + 1) : 0;
                if (type < 0 || count < 1 || count > 255) {
                    fprintf(stderr, "--bag wants TILE=N,TILE=N,... (e.g. U=2,E=1)\n");
                    return 2;
                }
                setup.bag[type] = (uint8_t)count;
            }
        }
        else if (!strcmp(argv[i], "--agent") && i + 1 < argc) {
            char kind[16];
            int p;
            if (sscanf(argv[++i], "%d=%15s", &p, kind) != 2 || p < 0 || p >= CARC_MAX_PLAYERS ||
                (strcmp(kind, "random") && strcmp(kind, "greedy") && strcmp(kind, "human"))) {
                fprintf(stderr, "--agent wants P=random|greedy|human\n");
                return 2;
            }
            agent[p] = !strcmp(kind, "random") ? AGENT_RANDOM
                       : !strcmp(kind, "greedy") ? AGENT_GREEDY : AGENT_HUMAN;
        } else if (!strcmp(argv[i], "--modules") && i + 1 < argc) {
            char list[256];
            snprintf(list, sizeof list, "%s", argv[++i]);
            for (char *m = strtok(list, ","); m; m = strtok(NULL, ",")) {
                int id = carc_module_by_name(m);
                if (id < 0) { fprintf(stderr, "unknown module %s\n", m); return 2; }
                opts.modules |= 1ull << id;
            }
        } else {
            int help = !strcmp(argv[i], "--help") || !strcmp(argv[i], "-h");
            fprintf(help ? stdout : stderr,
                    "usage: %s [--seed N] [--players N] [--agent P=random|greedy|human]...\n"
                    "          [--modules a,b] [--watch] [--record-out FILE] [--svg FILE] [--html PAGE]\n"
                    "          [--quiet] [--first-player P] [--bag TILE=N,TILE=N,...]\n"
                    "       %s --replay FILE [--html PAGE]\n", argv[0], argv[0]);
            return help ? 0 : 2;
        }
    }

    carc_game *g = NULL;
    int rc;
    size_t logged = 0;
    if (replay) {
        size_t len;
        char *text = read_file(replay, &len);
        if (!text) { perror(replay); return 1; }
        carc_record_error err;
        rc = carc_record_replay(&g, text, len, &err);
        if (!rc && html_out && save_html(text, len, html_out)) rc = -1;
        free(text);
        if (rc == -1) return 1;
        if (rc) {
            fprintf(stderr, "%s:%d: %s\n", replay, err.line, err.message);
            return 1;
        }
        printf("replayed %s\n", replay);
        print_events(g, 0, &logged);
    } else {
        rc = carc_game_new_setup(&g, &opts, &setup);
        if (rc) return die("new game", rc);
        int humans = 0;
        for (int p = 0; p < opts.num_players && p < CARC_MAX_PLAYERS; p++)
            humans += agent[p] == AGENT_HUMAN;
        carc_game *scratch = NULL;
        rc = carc_game_clone(&scratch, g);
        if (rc) return die("clone", rc);
        printf("libcarcvar %s: %d players, seed %llu\n", carc_version_string(),
               opts.num_players, (unsigned long long)opts.seed);
        unsigned long long pick = opts.seed * 2654435761ull + 12345;
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
    }
    print_board(g);
    int32_t final[CARC_MAX_PLAYERS];
    carc_game_final_scores(g, final, CARC_MAX_PLAYERS);
    printf("final scores:");
    for (int p = 0; p < carc_game_num_players(g); p++) printf(" player %d = %d;", p, final[p]);
    printf("\n");
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
