/* carcvar-play's human player: the board with coordinates and a legend
 * (carc_game_board_view), the tile in hand in every legal rotation, moves
 * in the notation of doc/notation.md, commands (help, board, rotations,
 * hint, actions, undo, save, quit), and the library's explanation of every
 * mistyped or illegal move (carc_game_explain_text). */
#include "human.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

/* One snapshot per decision of a human, for undo. */
#define MAX_UNDO 256
static play_state undo_stack[MAX_UNDO];
static int nundo;

void human_done(void)
{
    while (nundo > 0) carc_game_free(undo_stack[--nundo].g);
}

int term_width(void)
{
    /* asked each time: a terminal resized during the game is followed */
    int width;
    const char *env = getenv("COLUMNS");
    char *end;
    long w = env && *env ? strtol(env, &end, 10) : 0;
    if (!env || !*env || *end || w <= 0) {
        struct winsize ws;
        w = isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0
                ? ws.ws_col : 80;
    }
    width = w < 40 ? 40 : w > 400 ? 400 : (int)w;
    return width;
}

/* centre: 1 centred on cx, cy; 2 every column, in strips */
static void show_board(const carc_game *g, int centre, int cx, int cy)
{
    carc_board_view v;
    carc_board_view_init(&v);
    v.width = term_width();
    if (centre == 2) v.flags |= CARC_VIEW_ALL;
    if (centre == 1) {
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

/* The tile in hand, drawn in each rotation that is legal somewhere
 * (carc_game_hand_view: its whole name, edges and centre features), with
 * the cells where each fits. */
static void show_rotations(const carc_game *g, const carc_action *acts, size_t n)
{
    carc_decision d;
    carc_game_decision(g, &d);
    if (d.kind != CARC_DECISION_PLACE || d.tile < 0) {
        printf("rotations: only while you place a tile\n");
        return;
    }
    carc_board_view v;
    carc_board_view_init(&v);
    v.width = term_width();
    size_t need = 0;
    char *text = NULL;
    if (carc_game_hand_view(g, &v, NULL, 0, &need) == CARC_E_BUFFER && (text = malloc(need)) &&
        carc_game_hand_view(g, &v, text, need, &need) == CARC_OK) {
        printf("tile %s in hand; its legal rotations:\n", carc_tile_name(d.tile));
        fputs(text, stdout);
    }
    free(text);
    unsigned rots = 0;
    for (size_t i = 0; i < n; i++)
        if (acts[i].kind == CARC_ACTION_PLACE) rots |= 1u << (acts[i].rotation & 3);
    for (int r = 0; r < 4; r++) {
        if (!((rots >> r) & 1)) continue;
        printf("  r%d fits at", r);
        int col = 13;
        for (size_t i = 0; i < n; i++) {
            if (acts[i].kind != CARC_ACTION_PLACE || acts[i].rotation != r) continue;
            char cell[32];
            int len = snprintf(cell, sizeof cell, " %d,%d", acts[i].x, acts[i].y);
            if (col + len > term_width() - 2) {
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

/* ------------------------------------------------------- pig throwing */

/* The throw a human chose from the list (throw tK): its steps are answered
 * for them, decision by decision, while they match (stage 0 the verb
 * "throw", 1 the landing tile, 2 the field segment, 3 the knock-off). */
static struct {
    int active, player, stage, x, y, segment, knock;
} plan;

static const char *kind_words(int kind)
{
    static const char *const names[] = {"follower", "big meeple", "mayor",      "wagon",
                                        "barn",     "builder",    "pig",        "ringmaster",
                                        "fairy",    "dragon",     "count",      "Big Top"};
    return kind >= 0 && kind < (int)(sizeof names / sizeof names[0]) ? names[kind] : "figure";
}

static const char *figure_words(const carc_game *g, int fig, char *buf, size_t cap)
{
    carc_figure f[CARC_MAX_PLAYERS * 24];
    size_t nf = 0;
    if (carc_game_figures(g, f, sizeof f / sizeof f[0], &nf) != CARC_OK || fig < 0 ||
        (size_t)fig >= nf)
        snprintf(buf, cap, "figure %d", fig);
    else if (f[fig].owner >= 0)
        snprintf(buf, cap, "player %d's %s", f[fig].owner, kind_words(f[fig].kind));
    else
        snprintf(buf, cap, "the %s", kind_words(f[fig].kind));
    return buf;
}

/* The field segment a throw lands on, named as the action notation names
 * it: "field Nw" by its first half-edge on the board (doc/notation.md),
 * "field segment K" when it touches no edge. */
static const char *field_words(const carc_game *g, int x, int y, int segment, char *buf,
                               size_t cap)
{
    static const char *const halves[8] = {"Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn"};
    carc_placed_tile pt;
    carc_segment_info si;
    if (carc_game_tile_at(g, x, y, &pt) == CARC_OK &&
        carc_segment_info_get(pt.type, pt.rotation, segment, &si) == CARC_OK &&
        (si.half_edges & 0xff))
        snprintf(buf, cap, "field %s", halves[__builtin_ctz(si.half_edges & 0xff)]);
    else
        snprintf(buf, cap, "field segment %d", segment);
    return buf;
}

/* The throws legal now (carc_game_throws) as "t0 ... t9" with what each
 * would do; their number (0: none, nothing printed unless `always`). */
static size_t show_throws(const carc_game *g, int always)
{
    size_t n = 0;
    int rc = carc_game_throws(g, NULL, 0, &n);
    if ((rc != CARC_OK && rc != CARC_E_BUFFER) || n == 0) {
        if (always) printf("throws: no pig throw is legal now\n");
        return 0;
    }
    carc_throw_info *t = malloc(n * sizeof *t);
    if (!t || carc_game_throws(g, t, n, &n) != CARC_OK) {
        free(t);
        return 0;
    }
    static const char *const kinds[] = {"normal", "long", "high"};
    static const char *const what[] = {"lands", "eaten by the dragon (it naps)",
                                       "caught by the big meeple's stance",
                                       "the big meeple is injured and replaced, the pig out",
                                       "the big meeple is removed, the pig lands"};
    printf("pig throws legal now ('throw tK' throws the K-th whole):\n");
    for (size_t i = 0; i < n; i++) {
        char buf[64], field[32];
        printf("  t%-3zu to %d,%d %s, %d tile%s, %s", i, t[i].x, t[i].y,
               field_words(g, t[i].x, t[i].y, t[i].segment, field, sizeof field),
               t[i].distance, t[i].distance == 1 ? "" : "s",
               kinds[t[i].kind >= 0 && t[i].kind < 3 ? t[i].kind : 0]);
        if (t[i].high_passed)
            printf(" over %d obstacle%s", t[i].high_passed, t[i].high_passed == 1 ? "" : "s");
        if (t[i].knock >= 0)
            printf(", knocking %s off a tower", figure_words(g, t[i].knock, buf, sizeof buf));
        printf(": %s", what[t[i].outcome >= 0 && t[i].outcome < 5 ? t[i].outcome : 0]);
        if (t[i].stance_figure >= 0 && t[i].outcome != CARC_THROW_EATEN)
            printf(" (%s)", figure_words(g, t[i].stance_figure, buf, sizeof buf));
        for (int k = 0; k < t[i].num_squashed && k < 8; k++)
            printf("%s%s", k ? ", " : "; squashes ", figure_words(g, t[i].squashed[k], buf,
                                                                   sizeof buf));
        if (t[i].num_squashed > 8) printf(" and %d more", t[i].num_squashed - 8);
        printf("\n");
    }
    free(t);
    return n;
}

/* Choose throw k of the list: the plan; 0, or -1 when there is no throw k. */
static int choose_throw(const carc_game *g, int player, unsigned long k)
{
    size_t n = 0;
    int rc = carc_game_throws(g, NULL, 0, &n);
    if ((rc != CARC_OK && rc != CARC_E_BUFFER) || k >= n) return -1;
    carc_throw_info *t = malloc(n * sizeof *t);
    if (!t || carc_game_throws(g, t, n, &n) != CARC_OK) {
        free(t);
        return -1;
    }
    carc_decision d;
    carc_game_decision(g, &d);
    plan.active = 1;
    plan.player = player;
    plan.stage = d.kind == CARC_DECISION_DEPLOY ? 0 : 1; /* part-way: the tile next */
    plan.x = t[k].x, plan.y = t[k].y, plan.segment = t[k].segment, plan.knock = t[k].knock;
    free(t);
    return 0;
}

/* The listed action that is the plan's next step, or -1 (the plan ends). */
static long plan_step(const carc_game *g, int player, const carc_action *acts, size_t n)
{
    if (!plan.active || plan.player != player) return plan.active = 0, -1;
    char want[64], text[96];
    size_t wl = 0;
    switch (plan.stage) {
    case 0: snprintf(want, sizeof want, "throw"); break;
    case 1: snprintf(want, sizeof want, "throw %d,%d", plan.x, plan.y); break;
    case 2: wl = (size_t)snprintf(want, sizeof want, "throw %d,%d ", plan.x, plan.y); break;
    default:
        if (plan.knock >= 0) snprintf(want, sizeof want, "throw knock %d", plan.knock);
        else snprintf(want, sizeof want, "throw high");
    }
    for (size_t i = 0; i < n; i++) {
        if (carc_action_to_string(g, &acts[i], text, sizeof text, NULL) != CARC_OK) continue;
        bool match = wl ? !strncmp(text, want, wl) && acts[i].arg == plan.segment
                        : !strcmp(text, want);
        if (!match) continue;
        if (++plan.stage > 3) plan.active = 0;
        return (long)i;
    }
    plan.active = 0;
    return -1;
}

/* The words each module adds (doc/notation.md), for help. */
static const struct {
    const char *module, *text;
} module_help[] = {
    {"inns_cathedrals",
     "  deploy big city N     your big follower, as a follower (Inns & Cathedrals)\n"},
    {"traders_builders",
     "  deploy builder road W, deploy pig field Se   builder, pig: beside your own follower\n"
     "                        in that road or city, farmer in that field\n"},
    {"abbey_mayor",
     "  abbey                 play your abbey instead of drawing ('pass': draw)\n"
     "  deploy mayor city N, deploy wagon road E   the mayor, a wagon\n"
     "  barn ne|se|sw|nw      a barn on a corner of the tile just laid\n"
     "  wagon X,Y [FEATURE EDGE]   move a wagon on to that tile ('pass': it goes home)\n"},
    {"bridges_castles",
     "  bridge, bridge X,Y, bridge ns|ew   lay a bridge, before deploying\n"
     "  castle                turn the completed small city into a castle ('pass': no)\n"
     "  bazaar pick K, bazaar bid N, bazaar buy|sell   the bazaar's auction ('pass')\n"},
    {"big_top",
     "  deploy ringmaster road W   the ringmaster\n"
     "  acrobat, acrobat X,Y  a follower as an acrobat on the acrobat tile at X,Y\n"
     "  pyramid, pyramid X,Y  score the complete pyramid at X,Y\n"},
    {"pig_throwing",
     "  throw, throw X,Y, throw X,Y field Nw, throw knock N|high   throw your pig\n"
     "  throws                the pig throws legal now, with what each would do\n"
     "  throw tK              the K-th of that list, every step of it at once\n"},
};

static void show_help(const carc_game *g, const carc_action *acts, size_t n)
{
    printf("Type a move in the notation (doc/notation.md), or the number of a listed action:\n"
           "  place X,Y rR          lay the tile in hand at cell X,Y, turned R quarter turns\n"
           "                        clockwise (r0..r3); '+13' on the board: fits as r1, r3\n"
           "  deploy follower city N   put a follower on the tile just laid: the feature,\n"
           "                        and a side (N E S W), or a field's half-side (Nw Ne ..)\n"
           "  pass                  deploy nothing\n");
    carc_options o;
    if (carc_game_options(g, &o) == CARC_OK) {
        int any = 0;
        for (size_t k = 0; k < sizeof module_help / sizeof module_help[0]; k++) {
            int id = carc_module_by_name(module_help[k].module);
            if (id < 0 || !((o.modules >> id) & 1)) continue;
            if (!any++) printf("Moves of the modules in play:\n");
            fputs(module_help[k].text, stdout);
        }
    }
    /* what this decision takes: the first words of its legal actions */
    char words[256] = "";
    for (size_t i = 0; i < n; i++) {
        char text[96], word[32];
        if (carc_action_to_string(g, &acts[i], text, sizeof text, NULL) != CARC_OK ||
            sscanf(text, "%31s", word) != 1)
            continue;
        char look[40];
        snprintf(look, sizeof look, " %s,", word);
        char have[260];
        snprintf(have, sizeof have, " %s", words);
        if (strstr(have, look)) continue;
        size_t l = strlen(words);
        snprintf(words + l, sizeof words - l, "%s, ", word);
    }
    size_t l = strlen(words);
    if (l >= 2) {
        words[l - 2] = 0;
        printf("Now: %s ('actions' lists every legal action)\n", words);
    }
    printf("Commands:\n"
           "  help         this text            board [X,Y]  the board (centred on X,Y)\n"
           "  board all    every column of the board, in strips as wide as the terminal\n"
           "  rotations    the tile in hand     hint         a suggested move\n"
           "  actions      every legal action   undo         back to your previous decision\n"
           "  save FILE    write the game record to FILE (carcvar-play --load FILE goes on)\n"
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
    if (ok)
        printf("saved the game record to %s (carcvar-play --%s %s)\n", path,
               carc_game_is_terminal(g) ? "replay" : "load", path);
    else perror(path);
}

void human_end(const carc_game *g)
{
    char line[256];
    for (;;) {
        printf("game over: 'save FILE' writes its record, 'board' shows it, Enter ends > ");
        fflush(stdout);
        if (!fgets(line, sizeof line, stdin)) {
            printf("\n");
            return;
        }
        line[strcspn(line, "\r\n")] = 0;
        char *s = line;
        while (isspace((unsigned char)*s)) s++;
        size_t l = strlen(s);
        while (l && isspace((unsigned char)s[l - 1])) s[--l] = 0;
        if (!*s || !strcmp(s, "quit") || !strcmp(s, "exit")) return;
        if (!strcmp(s, "board")) {
            show_board(g, 2, 0, 0);
        } else if (!strncmp(s, "save", 4) && (s[4] == ' ' || s[4] == 0)) {
            const char *path = s + 4;
            while (isspace((unsigned char)*path)) path++;
            if (!*path) printf("save FILE: name the file\n");
            else save_record(g, path);
        } else {
            printf("'%s': the game is over; save FILE, board, or Enter to end\n", s);
        }
    }
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
    long planned = plan_step(g, d.player, acts, n); /* a throw chosen whole */
    if (planned >= 0) return planned; /* the play loop says what was played */
    /* a module's decision is named by the first word of its actions */
    char what[64] = "a move";
    char first[96];
    if (n && carc_action_to_string(g, &acts[0], first, sizeof first, NULL) == CARC_OK &&
        sscanf(first, "%63s", what) == 1 && !strcmp(what, "pass") && n > 1 &&
        carc_action_to_string(g, &acts[1], first, sizeof first, NULL) == CARC_OK)
        sscanf(first, "%63s", what);
    if (d.kind == CARC_DECISION_PLACE) {
        show_board(g, 0, 0, 0);
        show_rotations(g, acts, n);
    } else if (d.kind == CARC_DECISION_DEPLOY) {
        printf("your new tile %s is at %d,%d; choose:\n", tile, d.x, d.y);
        show_actions(g, acts, n);
        show_throws(g, 0);
    } else {
        printf("player %d, your decision (%s); choose:\n", d.player, what);
        show_actions(g, acts, n);
        show_throws(g, 0);
    }
    char line[256];
    for (;;) {
        if (d.kind == CARC_DECISION_PLACE)
            printf("player %d, place tile %s ('help' for help) > ", d.player, tile);
        else if (d.kind == CARC_DECISION_DEPLOY)
            printf("player %d, deploy on %s at %d,%d or pass > ", d.player, tile, d.x, d.y);
        else
            printf("player %d, %s: one of 0..%zu or a move ('help' for help) > ", d.player,
                   what, n - 1);
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
            show_help(g, acts, n);
        } else if (!strcmp(s, "board")) {
            show_board(g, 0, 0, 0);
        } else if (!strcmp(s, "board all")) {
            show_board(g, 2, 0, 0);
        } else if (sscanf(s, "board %d,%d", &cx, &cy) == 2) {
            show_board(g, 1, cx, cy);
        } else if (!strcmp(s, "rotations")) {
            show_rotations(g, acts, n);
        } else if (!strcmp(s, "actions")) {
            show_actions(g, acts, n);
        } else if (!strcmp(s, "throws")) {
            show_throws(g, 1);
        } else if (!strncmp(s, "throw t", 7) && isdigit((unsigned char)s[7])) {
            char *end;
            unsigned long k = strtoul(s + 7, &end, 10);
            long first;
            if (*end || choose_throw(g, d.player, k) != 0) {
                printf("'%s': no such throw ('throws' lists them)\n", s);
            } else if ((first = plan_step(g, d.player, acts, n)) >= 0) {
                return first;
            } else {
                printf("'%s': that throw does not answer this decision\n", s);
            }
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
