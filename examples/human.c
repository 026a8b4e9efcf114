/* carcvar-play's human player: the board with coordinates and a legend
 * (carc_game_board_view), the tile in hand in every legal rotation, moves
 * in the notation of doc/notation.md, commands (help, board, rotations,
 * hint, actions, undo, save, quit), and the library's explanation of every
 * mistyped or illegal move (carc_game_explain_text). */
#include "human.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One snapshot per decision of a human, for undo. */
#define MAX_UNDO 256
static play_state undo_stack[MAX_UNDO];
static int nundo;

void human_done(void)
{
    while (nundo > 0) carc_game_free(undo_stack[--nundo].g);
}

static void show_board(const carc_game *g, int centre, int cx, int cy)
{
    carc_board_view v;
    carc_board_view_init(&v);
    if (centre) {
        v.flags |= CARC_VIEW_CENTER;
        v.center_x = cx;
        v.center_y = cy;
    }
    size_t need = 0;
    if (carc_game_board_view(g, &v, NULL, 0, &need) != CARC_E_BUFFER) return;
    char *text = malloc(need);
    if (text && carc_game_board_view(g, &v, text, need, &need) == CARC_OK) fputs(text, stdout);
    free(text);
}

static char edge_glyph(char e)
{
    return e == 'C' ? 'C' : e == 'R' ? 'R' : e == 'F' ? '.' : '*';
}

/* The tile in hand, drawn in each rotation that is legal somewhere, with
 * the cells where it is. */
static void show_rotations(const carc_game *g, const carc_action *acts, size_t n)
{
    carc_decision d;
    carc_game_decision(g, &d);
    if (d.kind != CARC_DECISION_PLACE || d.tile < 0) {
        printf("rotations: only while you place a tile\n");
        return;
    }
    unsigned rots = 0;
    for (size_t i = 0; i < n; i++)
        if (acts[i].kind == CARC_ACTION_PLACE) rots |= 1u << (acts[i].rotation & 3);
    const char *name = carc_tile_name(d.tile);
    printf("tile %s in hand; its legal rotations (edges C city, R road, . field):\n", name);
    char rows[4][80];
    memset(rows, 0, sizeof rows);
    for (int r = 0; r < 4; r++) {
        if (!((rots >> r) & 1)) continue;
        carc_tile_info info;
        if (carc_tile_info_get(d.tile, r, &info) != CARC_OK) continue;
        char e[4];
        for (int k = 0; k < 4; k++) e[k] = edge_glyph(info.edges[k]);
        size_t l = strlen(rows[0]);
        snprintf(rows[0] + l, sizeof rows[0] - l, "   r%d     ", r);
        snprintf(rows[1] + l, sizeof rows[1] - l, "    %c     ", e[0]);
        snprintf(rows[2] + l, sizeof rows[2] - l, " %c %-3s %c  ", e[3], name, e[1]);
        snprintf(rows[3] + l, sizeof rows[3] - l, "    %c     ", e[2]);
    }
    for (int k = 0; k < 4; k++) printf("%s\n", rows[k]);
    for (int r = 0; r < 4; r++) {
        if (!((rots >> r) & 1)) continue;
        printf("  r%d fits at", r);
        int col = 13;
        for (size_t i = 0; i < n; i++) {
            if (acts[i].kind != CARC_ACTION_PLACE || acts[i].rotation != r) continue;
            char cell[32];
            int len = snprintf(cell, sizeof cell, " %d,%d", acts[i].x, acts[i].y);
            if (col + len > 78) {
                printf("\n             ");
                col = 13;
            }
            fputs(cell, stdout);
            col += len;
        }
        printf("\n");
    }
}

static void show_actions(const carc_game *g, const carc_action *acts, size_t n)
{
    char text[96];
    for (size_t i = 0; i < n; i++) {
        carc_action_to_string(g, &acts[i], text, sizeof text, NULL);
        printf("  %3zu  %s\n", i, text);
    }
}

static void show_help(void)
{
    printf("Type a move in the notation (doc/notation.md), or the number of a listed action:\n"
           "  place X,Y rR          lay the tile in hand at cell X,Y, turned R quarter turns\n"
           "                        clockwise (r0..r3); '+13' on the board: fits as r1, r3\n"
           "  deploy follower city N   put a follower on the tile just laid: the feature,\n"
           "                        and a side (N E S W), or a field's half-side (Nw Ne ..)\n"
           "  pass                  deploy nothing\n"
           "Commands:\n"
           "  help         this text            board [X,Y]  the board (centred on X,Y)\n"
           "  rotations    the tile in hand     hint         a suggested move\n"
           "  actions      every legal action   undo         back to your previous decision\n"
           "  save FILE    write the game record to FILE\n"
           "  quit         show the scores and stop (Ctrl-D too)\n");
}

void human_scores(const carc_game *g)
{
    int np = carc_game_num_players(g);
    int32_t fin[CARC_MAX_PLAYERS];
    printf("scores:");
    for (int p = 0; p < np; p++) {
        int32_t s = 0;
        carc_game_score(g, p, &s);
        printf(" player %d = %d;", p, s);
    }
    printf("\n");
    if (!carc_game_is_terminal(g) && carc_game_final_scores(g, fin, CARC_MAX_PLAYERS) == CARC_OK) {
        printf("if the game ended now:");
        for (int p = 0; p < np; p++) printf(" player %d = %d;", p, fin[p]);
        printf("\n");
    }
}

static void quit(const carc_game *g)
{
    printf("quit at turn %d\n", carc_game_turn(g));
    human_scores(g);
    human_done();
    exit(0);
}

static void save_record(const carc_game *g, const char *path)
{
    size_t need = 0;
    if (carc_game_write_record(g, NULL, 0, &need) != CARC_E_BUFFER) return;
    char *text = malloc(need);
    FILE *f = NULL;
    int ok = text && carc_game_write_record(g, text, need, &need) == CARC_OK &&
             (f = fopen(path, "w")) != NULL && fputs(text, f) >= 0;
    if (f && fclose(f) != 0) ok = 0;
    free(text);
    if (ok) printf("saved the game record to %s (carcvar-play --replay %s)\n", path, path);
    else perror(path);
}

/* Push the state at this decision; the oldest goes when the stack is full
 * (undo then stops there, and says so). */
static void remember(const play_state *st)
{
    carc_game *c = NULL;
    if (carc_game_clone(&c, st->g) != CARC_OK) return;
    if (nundo == MAX_UNDO) {
        carc_game_free(undo_stack[0].g);
        memmove(undo_stack, undo_stack + 1, (MAX_UNDO - 1) * sizeof undo_stack[0]);
        nundo--;
    }
    undo_stack[nundo] = *st;
    undo_stack[nundo].g = c;
    nundo++;
}

long human_turn(play_state *st, const carc_action *acts, size_t n, carc_game *scratch,
                hint_fn hint, int may_undo)
{
    const carc_game *g = st->g;
    remember(st);
    carc_decision d;
    carc_game_decision(g, &d);
    const char *tile = d.tile >= 0 ? carc_tile_name(d.tile) : "?";
    if (d.kind == CARC_DECISION_PLACE) {
        show_board(g, 0, 0, 0);
        show_rotations(g, acts, n);
    } else {
        printf("your %s tile %s is at %d,%d; choose:\n",
               d.kind == CARC_DECISION_DEPLOY ? "new" : "", tile, d.x, d.y);
        show_actions(g, acts, n);
    }
    char line[256];
    for (;;) {
        if (d.kind == CARC_DECISION_PLACE)
            printf("player %d, place tile %s ('help' for help) > ", d.player, tile);
        else if (d.kind == CARC_DECISION_DEPLOY)
            printf("player %d, deploy on %s at %d,%d or pass > ", d.player, tile, d.x, d.y);
        else
            printf("player %d > ", d.player);
        fflush(stdout);
        if (!fgets(line, sizeof line, stdin)) {
            printf("\n");
            quit(g);
        }
        line[strcspn(line, "\r\n")] = 0;
        char *s = line;
        while (isspace((unsigned char)*s)) s++;
        size_t l = strlen(s);
        while (l && isspace((unsigned char)s[l - 1])) s[--l] = 0;
        if (!*s) continue;
        int cx, cy;
        if (!strcmp(s, "help") || !strcmp(s, "?")) {
            show_help();
        } else if (!strcmp(s, "board")) {
            show_board(g, 0, 0, 0);
        } else if (sscanf(s, "board %d,%d", &cx, &cy) == 2) {
            show_board(g, 1, cx, cy);
        } else if (!strcmp(s, "rotations")) {
            show_rotations(g, acts, n);
        } else if (!strcmp(s, "actions")) {
            show_actions(g, acts, n);
        } else if (!strcmp(s, "hint")) {
            char text[96];
            size_t k = hint(g, acts, n, scratch);
            carc_action_to_string(g, &acts[k], text, sizeof text, NULL);
            printf("hint: %s\n", text);
        } else if (!strcmp(s, "undo")) {
            if (!may_undo) {
                printf("undo works only against computer opponents\n");
            } else if (nundo < 2) {
                printf("nothing to undo\n");
            } else {
                carc_game_free(undo_stack[--nundo].g); /* this decision's */
                play_state back = undo_stack[--nundo];
                carc_game_free(st->g);
                *st = back;
                printf("undone: back to your decision of turn %d\n", carc_game_turn(st->g));
                return HUMAN_UNDONE;
            }
        } else if (!strncmp(s, "save", 4) && (s[4] == ' ' || s[4] == 0)) {
            const char *path = s + 4;
            while (isspace((unsigned char)*path)) path++;
            if (!*path) printf("save FILE: name the file\n");
            else save_record(g, path);
        } else if (!strcmp(s, "quit") || !strcmp(s, "exit")) {
            quit(g);
        } else {
            char *end;
            unsigned long k = strtoul(s, &end, 10);
            if (end != s && !*end) {
                if (k < n) return (long)k;
                printf("no action %lu: 'actions' lists them (0..%zu)\n", k, n - 1);
                continue;
            }
            carc_action a;
            int32_t id, want;
            if (carc_action_from_string(g, s, &a) == CARC_OK &&
                carc_action_to_id(g, &a, &want) == CARC_OK)
                for (size_t i = 0; i < n; i++)
                    if (carc_action_to_id(g, &acts[i], &id) == CARC_OK && id == want)
                        return (long)i;
            carc_explanation why;
            if (carc_game_explain_text(g, s, &why) == CARC_OK && why.code != CARC_OK)
                printf("'%s': %s\n", s, why.message);
            else
                printf("'%s' is not a legal action here ('help' for help)\n", s);
        }
    }
}
