/* carcvar-play: play a seeded random game, or replay a game record, and
 * print the board, every turn's scoring and the final scores.
 *
 *   carcvar-play [--seed N] [--players N] [--record-out FILE] [--quiet]
 *   carcvar-play --replay FILE
 */
#include <carcvar/carcvar.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const feature_names[] = {"road", "city", "monastery", "field"};

static int die(const char *what, int rc)
{
    fprintf(stderr, "carcvar-play: %s: %s\n", what, carc_strerror(rc));
    return 1;
}

static void print_board(const carc_game *g)
{
    size_t need = 0;
    carc_game_board_text(g, NULL, 0, &need);
    char *text = malloc(need);
    if (text && carc_game_board_text(g, text, need, &need) == CARC_OK) fputs(text, stdout);
    free(text);
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

int main(int argc, char **argv)
{
    carc_options opts;
    carc_options_init(&opts);
    opts.seed = 1;
    const char *replay = NULL, *record_out = NULL;
    int quiet = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--seed") && i + 1 < argc) opts.seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--players") && i + 1 < argc) opts.num_players = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--replay") && i + 1 < argc) replay = argv[++i];
        else if (!strcmp(argv[i], "--record-out") && i + 1 < argc) record_out = argv[++i];
        else if (!strcmp(argv[i], "--quiet")) quiet = 1;
        else {
            fprintf(stderr, "usage: %s [--seed N] [--players N] [--record-out FILE] [--quiet]\n"
                            "       %s --replay FILE\n", argv[0], argv[0]);
            return 2;
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
        free(text);
        if (rc) {
            fprintf(stderr, "%s:%d: %s\n", replay, err.line, err.message);
            return 1;
        }
        printf("replayed %s\n", replay);
        print_events(g, 0, &logged);
    } else {
        rc = carc_game_new(&g, &opts);
        if (rc) return die("new game", rc);
        printf("libcarcvar %s: random game, %d players, seed %llu\n", carc_version_string(),
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
            /* a simple deterministic "random" agent */
            pick = pick * 6364136223846793005ull + 1442695040888963407ull;
            carc_action *a = &acts[(pick >> 33) % n];
            char text[96];
            carc_action_to_string(g, a, text, sizeof text, NULL);
            int who = carc_game_current_player(g);
            int turn = carc_game_turn(g);
            rc = carc_game_apply(g, a);
            if (rc) return die("apply", rc);
            if (!quiet) printf("turn %2d player %d: %s\n", turn, who, text);
            if (!quiet) print_events(g, logged, &logged);
        }
    }
    print_board(g);
    int32_t final[CARC_MAX_PLAYERS];
    carc_game_final_scores(g, final, CARC_MAX_PLAYERS);
    printf("final scores:");
    for (int p = 0; p < carc_game_num_players(g); p++) printf(" player %d = %d;", p, final[p]);
    printf("\n");
    if (record_out) {
        size_t need = 0;
        carc_game_write_record(g, NULL, 0, &need);
        char *rec = malloc(need);
        FILE *f = fopen(record_out, "w");
        if (rec && f && carc_game_write_record(g, rec, need, &need) == CARC_OK) fputs(rec, f);
        if (f) fclose(f);
        free(rec);
    }
    carc_game_free(g);
    return 0;
}
