/* The replay viewer (carc_record_html): one self-contained HTML page for the
 * game of a record -- the board picture at every step (the same drawing as
 * carc_game_board_svg, picture.h), a slider and step buttons, the move list
 * with who scored what, and the scores by feature kind from the score log.
 * No server, no network: the page holds its style, its script and its data.
 *
 * How the page is built: the board is drawn once at its final size with
 * every tile the game placed (data-step: the step it appears at) and every
 * figure once per stay on the board (data-from, data-to: the steps it is
 * there); a small script shows what belongs to the chosen step and fills
 * the panel (turn, tiles left, scores, supply) from a table of numbers per
 * step.  Step 0 is the game before the record's first line, step k the game
 * after its k-th action or chance outcome. */
#include "picture.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A JSON string: quotes, backslashes and the characters that could end a
 * <script> element are escaped. */
static void json_str(outbuf *o, const char *s)
{
    carc__out_add(o, "\"");
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' || c < 0x20)
            carc__out_add(o, "\\u%04x", c);
        else
            carc__out_add(o, "%c", c);
    }
    carc__out_add(o, "\"");
}

/* Points a module scores for a reason of its own (carc_score_reason_name),
 * not the core's scoring of a feature. */
static bool module_reason(const logent *e)
{
    return e->reason != CARC_SCORE_COMPLETED && e->reason != CARC_SCORE_END_GAME;
}

/* The column of a score event in the breakdown: the feature kind the core
 * scored, or the name of a module's reason (goods, ...: their own column,
 * whether or not they are tied to a feature), or for points scored for no
 * feature the reason's name. */
static const char *event_column(const logent *e)
{
    return e->tile != LOG_NO_TILE && !module_reason(e) ? carc__feature_name(e->feature)
                                                       : carc__reason_name(e->reason);
}

/* The breakdown's column of a name, added if new; names past the last
 * column but one share the last, "other" (nothing is left out). */
#define BREAKDOWN_COLS 32
static int column_of(const char **cols, int *ncols, const char *name)
{
    for (int k = 0; k < *ncols; k++)
        if (!strcmp(cols[k], name)) return k;
    if (*ncols < BREAKDOWN_COLS - 1) {
        cols[*ncols] = name;
        return (*ncols)++;
    }
    if (*ncols == BREAKDOWN_COLS - 1) cols[(*ncols)++] = "other";
    return BREAKDOWN_COLS - 1;
}

/* A score reason's name in words for a reader: a module's names made for
 * records ("barn_joined") in words ("barn, farmer joined"); any other name
 * with '_' as spaces. */
static const char *const reason_words[][2] = {
    {"barn_joined", "barn, farmer joined"},
    {"barn_final", "barn, end of game"},
};

static void reason_text(outbuf *o, const char *name)
{
    for (size_t i = 0; i < sizeof reason_words / sizeof reason_words[0]; i++)
        if (!strcmp(reason_words[i][0], name)) {
            carc__pic_xml(o, reason_words[i][1]);
            return;
        }
    for (const char *c = name; c && *c; c++) {
        char one[2] = {*c == '_' ? ' ' : *c, 0};
        carc__pic_xml(o, one);
    }
}

/* One walk through the record's history on a fresh game writes one section
 * of the page (walk() below): the figures' stays, the move list or the
 * numbers of every step. */
typedef struct walker {
    outbuf *o;
    const carc_game *final;
    const pic_frame *frame;
    int section;
    /* figure spans (section FIGS) */
    int *fx, *fy, *from;
    const char **role;
    uint8_t *shown;
    /* tower spans (section FIGS), per placed tile: carc__pic_tower_state
     * drawn from step tfrom */
    int *tstate, *tfrom;
    /* the figure kinds the players own, for the supply (section STEPS) */
    int kinds[CARC_FIGURE_KINDS], nkinds;
    /* the token kinds the game's modules own (section STEPS) */
    int tok[CARC_TOKEN_KINDS], ntok;
    /* a module in play reports held tiles (carc_game_held_tiles): each step
     * then lists them (section STEPS) */
    bool held;
    /* a module in play names places where it holds figures (held_place:
     * the City's quarters): each step then lists the figures held */
    bool holds;
    /* the game plays the Dungeon: each step then says who is in it, the
     * dragon and the fairy there (carc_game_dungeon) */
    bool dungeon;
    /* the modules' overlays drawn from step ov_from (section FIGS):
     * carc__pic_overlays's text, NULL when there are none; nomem when a
     * copy could not be made */
    char *ov[PIC_OVERLAYS];
    int ov_from[PIC_OVERLAYS];
    bool nomem;
    /* the cells the tiles cover at each step, x0 x1 y0 y1 (section FIGS) */
    int *bnd;
    size_t nbnd, capbnd;
} walker;

enum { SEC_FIGS, SEC_MOVES, SEC_STEPS };

static void figure_spans(walker *w, const carc_game *g, int step, bool last)
{
    const figure *F = CFIGS(g);
    for (uint32_t i = 0; i < g->nfigs; i++) {
        int x = 0, y = 0;
        bool on = !last && carc__pic_figure_pos(g, (int)i, w->frame, &x, &y);
        const char *role = on ? carc__pic_role(g, (int)i) : NULL;
        bool same = on == (bool)w->shown[i] &&
                    (!on || (x == w->fx[i] && y == w->fy[i] && role == w->role[i]));
        if (same) continue;
        if (w->shown[i]) { /* its stay ends: draw it for [from, step) */
            carc__out_add(w->o, "<g class=\"span\" data-from=\"%d\" data-to=\"%d\">", w->from[i],
                          step);
            carc__pic_glyph(w->o, "figure", F[i].kind, F[i].owner, w->role[i], w->fx[i], w->fy[i]);
            carc__out_add(w->o, "</g>\n");
        }
        w->shown[i] = on;
        w->fx[i] = x, w->fy[i] = y, w->role[i] = role, w->from[i] = step;
    }
    /* towers (carc_game_structure): one drawing per height and state */
    for (uint32_t t = 0; t < w->final->ntiles; t++) {
        int st = !last && t < g->ntiles ? carc__pic_tower_state(g, (int)t) : 0;
        if (st == w->tstate[t]) continue;
        if (w->tstate[t]) {
            const ptile *pt = &CTILES(w->final)[t];
            char attrs[48];
            snprintf(attrs, sizeof attrs, "data-from=\"%d\" data-to=\"%d\"", w->tfrom[t], step);
            carc__out_add(w->o, "<g class=\"span\" %s>", attrs);
            carc__pic_tower(w->o, w->frame, pt->x, pt->y, (w->tstate[t] - 1) >> 1,
                            (w->tstate[t] - 1) & 1, "");
            carc__out_add(w->o, "</g>\n");
        }
        w->tstate[t] = st;
        w->tfrom[t] = step;
    }
    /* the modules' overlays (the dragon's flight, the Dungeon's entrances,
     * the Catapult's round, ...): one drawing of each per change */
    for (int k = 0; k < PIC_OVERLAYS; k++) {
        outbuf cnt = {NULL, 0, 0};
        if (!last) carc__pic_overlay(&cnt, g, w->frame, k);
        char *now = NULL;
        if (cnt.len) {
            now = malloc(cnt.len + 1);
            if (!now) {
                w->nomem = true;
                return;
            }
            outbuf fo = {now, cnt.len + 1, 0};
            carc__pic_overlay(&fo, g, w->frame, k);
            now[cnt.len] = 0;
        }
        if (strcmp(now ? now : "", w->ov[k] ? w->ov[k] : "")) {
            if (w->ov[k])
                carc__out_add(w->o, "<g class=\"span\" data-from=\"%d\" data-to=\"%d\">%s</g>\n",
                              w->ov_from[k], step, w->ov[k]);
            free(w->ov[k]);
            w->ov[k] = now;
            w->ov_from[k] = step;
        } else {
            free(now);
        }
    }
}

/* One item of the move list: step `step`, an action by player (-1: a
 * chance outcome, -2: the end-of-game scoring) in text, and the score
 * events log0..log1 of the game g after it. */
static void move_item(walker *w, const carc_game *g, int step, const char *text, int player,
                      int turn, uint32_t log0, uint32_t log1, bool aside)
{
    outbuf *o = w->o;
    carc__out_add(o, "<li data-step=\"%d\"%s><span class=\"turn\">%d</span>", step,
                  player == -1 ? " class=\"chance\"" : player < -1 ? " class=\"end\"" : "",
                  turn);
    if (player >= 0)
        carc__out_add(o, "<span class=\"who\" style=\"background:%s;color:%s\">P%d</span>",
                      carc__pic_colour(player), carc__pic_ink(player), player);
    else if (player == -1)
        carc__out_add(o, "<span class=\"who chance\">&#9633;</span>");
    else
        carc__out_add(o, "<span class=\"who end\">&#8721;</span>");
    carc__out_add(o, "<span class=\"act\">");
    carc__pic_xml(o, text);
    carc__out_add(o, "</span>");
    if (aside) carc__out_add(o, "<span class=\"aside\">fits nowhere: set aside</span>");
    const logent *L = CLOG(g);
    for (uint32_t k = log0; k < log1 && k < g->nlog; k++) {
        carc__out_add(o, "<span class=\"ev\" style=\"border-color:%s\">P%d %s%d ",
                      carc__pic_colour(L[k].player), L[k].player, L[k].points < 0 ? "" : "+",
                      L[k].points);
        reason_text(o, event_column(&L[k]));
        if (L[k].tile != LOG_NO_TILE && module_reason(&L[k])) { /* and its feature */
            carc__out_add(o, " (");
            carc__pic_xml(o, carc__feature_name(L[k].feature));
            carc__out_add(o, ")");
        }
        if (k >= g->nlog_final) carc__out_add(o, " (end)"); /* the final scoring */
        carc__out_add(o, "</span>");
    }
    carc__out_add(o, "</li>\n");
}

/* The names of the tiles carc_game_held_tiles reports for player (-1: face
 * up) as a JSON array of strings. */
static void held_json(outbuf *o, const carc_game *g, int player)
{
    int32_t types[CARC_MAX_TILES]; /* held tiles are fewer than the game's tiles */
    size_t n = 0;
    if (carc_game_held_tiles(g, player, types, CARC_MAX_TILES, &n) != CARC_OK) n = 0;
    carc__out_add(o, "[");
    for (size_t i = 0; i < n; i++) {
        if (i) carc__out_add(o, ",");
        json_str(o, carc_tile_name(types[i]));
    }
    carc__out_add(o, "]");
}

/* The figures modules hold off the board at g, as one JSON string: "held
 * by count: castle: the count, player 1's follower; market: ..." (a line
 * per module, '\n' between). */
static void held_figures_json(outbuf *o, const carc_game *g)
{
    char text[2048];
    outbuf t = {text, sizeof text, 0};
    const figure *F = CFIGS(g);
    for (int m = 0; m < 64; m++) {
        int any = 0;
        for (uint32_t i = 0; i < g->nfigs; i++) {
            if (F[i].where != CARC_WHERE_HELD || F[i].holder != m) continue;
            bool first = true;
            for (uint32_t j = 0; j < i && first; j++)
                first = !(F[j].where == CARC_WHERE_HELD && F[j].holder == m &&
                          F[j].arg == F[i].arg);
            if (!first) continue;
            const char *mn = carc_module_name(m), *place = carc__pic_held_place(g, m, F[i].arg);
            if (!any++) carc__out_add(&t, "%sheld by %s:", t.len ? "\n" : "", mn ? mn : "a module");
            else carc__out_add(&t, ";");
            if (place) carc__out_add(&t, " %s:", place);
            else carc__out_add(&t, " %d:", (int)F[i].arg);
            int n = 0;
            for (uint32_t j = i; j < g->nfigs; j++) {
                if (F[j].where != CARC_WHERE_HELD || F[j].holder != m || F[j].arg != F[i].arg)
                    continue;
                const char *kn = carc__figure_name(F[j].kind);
                if (F[j].owner >= 0)
                    carc__out_add(&t, "%s player %d's %s", n++ ? "," : "", F[j].owner,
                                  kn ? kn : "figure");
                else
                    carc__out_add(&t, "%s the %s", n++ ? "," : "", kn ? kn : "figure");
            }
        }
    }
    if (t.len >= t.cap) t.len = t.cap - 1; /* cut, never overrun */
    text[t.len] = 0;
    json_str(o, text);
}

/* The Dungeon at g, as one JSON string: "in the dungeon: player 0's
 * follower, player 1's big meeple; the dragon is inside; the fairy beside
 * player 0's follower; 2 entrances" ("nobody" when it is empty). */
static void dungeon_json(outbuf *o, const carc_game *g)
{
    char text[1024];
    outbuf t = {text, sizeof text, 0};
    carc_dungeon_info d;
    if (carc_game_dungeon(g, &d) != CARC_OK) {
        json_str(o, "");
        return;
    }
    const figure *F = CFIGS(g);
    carc__out_add(&t, "in the dungeon:");
    int n = 0;
    for (uint32_t i = 0; i < g->nfigs; i++) {
        if (F[i].where != CARC_WHERE_HELD || F[i].holder != CARC_MODULE_DUNGEON || F[i].arg != 0 ||
            F[i].owner < 0)
            continue;
        const char *kn = carc__figure_name(F[i].kind);
        carc__out_add(&t, "%s player %d's %s", n++ ? "," : "", F[i].owner, kn ? kn : "figure");
    }
    if (!n) carc__out_add(&t, " nobody");
    if (d.dragon_inside) carc__out_add(&t, "; the dragon is inside");
    if (d.fairy_piece >= 0 && (uint32_t)d.fairy_piece < g->nfigs) {
        const char *kn = carc__figure_name(F[d.fairy_piece].kind);
        carc__out_add(&t, "; the fairy beside player %d's %s", F[d.fairy_piece].owner,
                      kn ? kn : "figure");
    }
    carc__out_add(&t, "; %d entrance%s", d.num_entrances, d.num_entrances == 1 ? "" : "s");
    if (t.len >= t.cap) t.len = t.cap - 1; /* cut, never overrun */
    text[t.len] = 0;
    json_str(o, text);
}

/* The numbers of one step: [turn, tiles left, player to act, last tile
 * (x, y) or null, scores, supply per player in the order of w->kinds[],
 * tokens per player in the order of w->tok[]]; when w->held, then the names
 * of the tiles each player holds and of the face-up tiles.  play: the
 * scores from play alone (the step before the end-of-game scoring). */
static void step_json(walker *w, const carc_game *g, bool play)
{
    outbuf *o = w->o;
    int t = carc__pic_last_tile(g);
    carc__out_add(o, "[%d,%d,%d,", g->turn, g->total_remaining, carc_game_current_player(g));
    if (t >= 0)
        carc__out_add(o, "[%d,%d],", CTILES(g)[t].x, CTILES(g)[t].y);
    else
        carc__out_add(o, "null,");
    carc__out_add(o, "[");
    int32_t scores[CARC_MAX_PLAYERS];
    if (!play || carc_game_play_scores(g, scores, CARC_MAX_PLAYERS) != CARC_OK)
        for (int p = 0; p < g->nplayers; p++) scores[p] = g->score[p];
    for (int p = 0; p < g->nplayers; p++) carc__out_add(o, "%s%d", p ? "," : "", scores[p]);
    carc__out_add(o, "],[");
    for (int p = 0; p < g->nplayers; p++) {
        carc__out_add(o, "%s[", p ? "," : "");
        for (int k = 0; k < w->nkinds; k++)
            carc__out_add(o, "%s%d", k ? "," : "", g->supply[p][w->kinds[k]]);
        carc__out_add(o, "]");
    }
    carc__out_add(o, "],[");
    for (int p = 0; p < g->nplayers; p++) {
        carc__out_add(o, "%s[", p ? "," : "");
        for (int k = 0; k < w->ntok; k++) {
            int n = carc_game_tokens(g, p, w->tok[k]);
            carc__out_add(o, "%s%d", k ? "," : "", n > 0 ? n : 0);
        }
        carc__out_add(o, "]");
    }
    carc__out_add(o, "]");
    if (w->held) {
        carc__out_add(o, ",[");
        for (int p = 0; p < g->nplayers; p++) {
            if (p) carc__out_add(o, ",");
            held_json(o, g, p);
        }
        carc__out_add(o, "],");
        held_json(o, g, -1);
    }
    if (w->holds) { /* [9]: the figures held off the board */
        if (!w->held) carc__out_add(o, ",null,null");
        carc__out_add(o, ",");
        held_figures_json(o, g);
    }
    if (w->dungeon) { /* [10]: the Dungeon's summary */
        if (!w->held) carc__out_add(o, ",null,null");
        if (!w->holds) carc__out_add(o, ",null");
        carc__out_add(o, ",");
        dungeon_json(o, g);
    }
    carc__out_add(o, "],\n");
}

/* Note the cells the tiles of g cover (x0, x1, y0, y1), the board the
 * viewer fits its view to at that step: at most one per step of the
 * history (capbnd), so nothing is dropped. */
static void note_bounds(walker *w, const carc_game *g)
{
    if (!w->bnd || w->nbnd >= w->capbnd) return;
    int *b = w->bnd + 4 * w->nbnd++;
    carc__board_bounds(g, &b[0], &b[1], &b[2], &b[3]);
}

/* A fresh game to replay the final game's history on: its options and the
 * host's setup (first player, chosen bag), as the record had them. */
static int fresh_game(const carc_game *fin, carc_game **out)
{
    carc_setup setup;
    carc__setup_get(fin, &setup);
    return carc_game_new_setup(out, &fin->opts, &setup);
}

/* Replay the final game's history on a fresh game, writing w->section
 * after step 0 and after every entry; the entry after which the end-of-game
 * scoring ran is two steps: the entry with the points of play, then the
 * final scoring.  CARC_OK or the first error. */
static int walk(walker *w)
{
    const carc_game *fin = w->final;
    carc_game *g;
    int rc = fresh_game(fin, &g);
    if (rc) return rc;
    const uint16_t *H = CHIST(fin);
    int step = 0;
    if (w->section == SEC_FIGS) figure_spans(w, g, 0, false), note_bounds(w, g);
    if (w->section == SEC_STEPS) step_json(w, g, false);
    for (uint32_t i = 0, used = 0; i < fin->nhist; i += used) {
        carc_action a;
        char text[192];
        if (carc__entry_action(g, H + i, fin->nhist - i, &a, &used) != CARC_OK) {
            rc = CARC_E_CORRUPT;
            break;
        }
        char *long_text = NULL; /* a module's notation longer than text[] */
        if (w->section == SEC_MOVES) {
            size_t tn = 0;
            int trc = carc_action_to_string(g, &a, text, sizeof text, &tn);
            if (trc == CARC_E_BUFFER) {
                if (!(long_text = malloc(tn))) {
                    rc = CARC_E_NOMEM;
                    break;
                }
                trc = carc_action_to_string(g, &a, long_text, tn, &tn);
            }
            if (trc != CARC_OK) { /* no notation for it: say what it is */
                free(long_text);
                long_text = NULL;
                snprintf(text, sizeof text, "(action of kind %d)", a.kind);
            }
        }
        int player = carc_game_current_player(g), turn = g->turn;
        uint32_t log0 = g->nlog;
        bool open = g->nlog_final == UINT32_MAX;
        rc = carc__replay_entry(g, H + i, fin->nhist - i, &used);
        /* the end-of-game scoring ran after this entry: a step of its own */
        bool ended = !rc && open && g->nlog_final != UINT32_MAX;
        if (!rc) {
            step++;
            if (w->section == SEC_FIGS) figure_spans(w, g, step, false), note_bounds(w, g);
            if (w->section == SEC_MOVES)
                move_item(w, g, step, long_text ? long_text : text, player, turn, log0,
                          ended ? g->nlog_final : g->nlog,
                          /* a drawn tile that fits nowhere (as the record notes) */
                          a.kind == CARC_ACTION_DRAW &&
                              carc__decision_kind(g) == CARC_DECISION_DRAW);
        }
        free(long_text);
        if (rc) break;
        if (w->section == SEC_STEPS) step_json(w, g, ended);
        if (ended) {
            step++;
            if (w->section == SEC_FIGS) figure_spans(w, g, step, false), note_bounds(w, g);
            if (w->section == SEC_MOVES)
                move_item(w, g, step, "end of game: final scoring", -2, g->turn, g->nlog_final,
                          g->nlog, false);
            if (w->section == SEC_STEPS) step_json(w, g, false);
        }
    }
    if (!rc && w->section == SEC_FIGS) figure_spans(w, g, step + 1, true);
    carc_game_free(g);
    return rc;
}

static const char page_style[] =
    "*{box-sizing:border-box}"
    "body{margin:0;font:14px/1.4 'DejaVu Sans',Verdana,Arial,sans-serif;background:#efe8d6;"
    "color:#222}"
    "header{padding:10px 18px;background:#4a3b28;color:#fbf5e6}"
    "header h1{font-size:19px;margin:0}header .meta{font-size:12px;opacity:.85}"
    "main{display:flex;flex-wrap:wrap;gap:14px;padding:14px;align-items:flex-start}"
    "#boardbox{flex:3 1 520px;min-width:320px;background:#f3eddc;border:1px solid #c9bfa5;"
    "border-radius:8px;padding:6px}"
    "#boardbox svg{width:100%;height:78vh;display:block;cursor:grab;touch-action:none}"
    "#boardbox svg.drag{cursor:grabbing}"
    "#view{display:flex;gap:6px;align-items:center;margin-bottom:4px;font-size:12px;"
    "color:#6b6250}"
    "#view button{font-size:14px;min-width:30px;padding:2px 6px;border-radius:5px;"
    "border:1px solid #8a7a5c;background:#f7f0dd;cursor:pointer}"
    "aside{flex:1 1 330px;max-width:520px;display:flex;flex-direction:column;gap:12px}"
    ".card{background:#fffdf6;border:1px solid #c9bfa5;border-radius:8px;padding:10px}"
    "#controls{display:flex;align-items:center;gap:6px;flex-wrap:wrap}"
    "#controls button{font-size:15px;min-width:36px;padding:4px 8px;border-radius:5px;"
    "border:1px solid #8a7a5c;background:#f7f0dd;cursor:pointer}"
    "#controls button:hover{background:#eadfbf}"
    "#slider{flex:1 1 100%;accent-color:#4a3b28}"
    "#where{font-weight:bold;margin-left:auto}"
    "#status{font-weight:bold;margin-bottom:6px}"
    "table{border-collapse:collapse;width:100%}"
    "td,th{padding:3px 6px;text-align:left;border-bottom:1px solid #e6dcc3}"
    "td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}"
    ".sw{display:inline-block;min-width:26px;padding:0 5px;border-radius:9px;text-align:center;"
    "font-weight:bold;border:1px solid #333}"
    "tr.now td{background:#fff1c2}"
    "#moves{list-style:none;margin:0;padding:0;max-height:46vh;overflow:auto}"
    "#moves li{padding:3px 6px;border-bottom:1px solid #eee3c9;cursor:pointer;"
    "display:flex;flex-wrap:wrap;gap:5px;align-items:center}"
    "#moves li.chance{color:#6b6250;font-size:12px}"
    "#moves li.end{font-weight:bold}"
    "#moves li.cur{background:#ffe9a8;outline:2px solid #c79a1c}"
    "#moves li.future{opacity:.45}"
    ".turn{color:#8a7a5c;min-width:22px;font-size:12px}"
    ".who{border-radius:8px;padding:0 6px;font-weight:bold;font-size:12px;border:1px solid #333}"
    ".who.chance,.who.end{border:none}"
    ".ev{border:2px solid;border-radius:8px;padding:0 6px;font-size:12px;background:#fff}"
    ".aside{font-style:italic;font-size:12px}"
    "h2{font-size:15px;margin:0 0 6px}"
    "#breakdown{margin:0 14px 18px}"
    ".legend-box{width:100%;height:auto;margin-top:8px;display:block}";

/* The script: show the elements of step s, fill the panel, mark the move;
 * the view (fit to the step's board, zoom, drag) first. */
static const char page_script[] =
    "(function(){\n"
    "var D=REPLAY,N=D.steps.length-1,s=0,timer=null,VB=null;\n"
    "var svg=document.getElementById('board');\n"
    "var axx=svg.querySelector('.axis-x'),axy=svg.querySelector('.axis-y');\n"
    /* the view: fitted to the step's board (at least 4 x 3 cells), or the
     * reader's own after a zoom or a drag (VB) until 'fit' */
    "function fitBox(k){var b=D.bounds[k],t=D.ts,cw=Math.max(b[1]-b[0]+1,4),"
    "ch=Math.max(b[3]-b[2]+1,3),cx=D.ox+((b[0]+b[1]+1)/2-D.x0)*t,"
    "cy=D.oy+((b[2]+b[3]+1)/2-D.y0)*t,w=cw*t+D.ax+2*D.m,h=ch*t+D.ax+D.m;"
    "return [cx-cw*t/2-D.ax-D.m,cy-ch*t/2-D.ax,w,h];}\n"
    "function setBox(v){svg.setAttribute('viewBox',v.map(function(n){return Math.round(n*100)/100;})"
    ".join(' '));axx.setAttribute('transform','translate(0 '+v[1]+')');"
    "axy.setAttribute('transform','translate('+v[0]+' 0)');}\n"
    "function box(){return VB||fitBox(s);}\n"
    "function zoom(f,px,py){var v=box();if(px===undefined){px=v[0]+v[2]/2;py=v[1]+v[3]/2;}"
    "VB=[px-(px-v[0])/f,py-(py-v[1])/f,v[2]/f,v[3]/f];setBox(VB);}\n"
    "function pan(dx,dy){var v=box();VB=[v[0]+dx,v[1]+dy,v[2],v[3]];setBox(VB);}\n"
    "function fit(){VB=null;setBox(fitBox(s));}\n"
    "function unit(){var v=box(),r=svg.getBoundingClientRect();"
    "return Math.max(v[2]/Math.max(r.width,1),v[3]/Math.max(r.height,1));}\n"
    "function at(e){var v=box(),r=svg.getBoundingClientRect(),u=unit();"
    "return [v[0]+v[2]/2+(e.clientX-r.left-r.width/2)*u,v[1]+v[3]/2+(e.clientY-r.top-r.height/2)*u];}\n"
    "svg.addEventListener('wheel',function(e){e.preventDefault();var p=at(e);"
    "zoom(e.deltaY<0?1.25:0.8,p[0],p[1]);},{passive:false});\n"
    "var drag=null;\n"
    "svg.addEventListener('pointerdown',function(e){drag=[e.clientX,e.clientY,unit()];"
    "svg.classList.add('drag');if(svg.setPointerCapture)svg.setPointerCapture(e.pointerId);});\n"
    "svg.addEventListener('pointermove',function(e){if(!drag)return;"
    "pan((drag[0]-e.clientX)*drag[2],(drag[1]-e.clientY)*drag[2]);drag[0]=e.clientX;"
    "drag[1]=e.clientY;});\n"
    "function undrag(){drag=null;svg.classList.remove('drag');}\n"
    "svg.addEventListener('pointerup',undrag);svg.addEventListener('pointercancel',undrag);\n"
    "document.getElementById('zoomin').onclick=function(){zoom(1.25);};\n"
    "document.getElementById('zoomout').onclick=function(){zoom(0.8);};\n"
    "document.getElementById('fit').onclick=fit;\n";

/* The rest of the script (one string would pass C's 4095 characters). */
static const char page_script_steps[] =
    "var tiles=[].slice.call(svg.querySelectorAll('[data-step]'));\n"
    "var spans=[].slice.call(svg.querySelectorAll('[data-from]'));\n"
    "var last=document.getElementById('lastmark');\n"
    "var moves=[].slice.call(document.querySelectorAll('#moves li'));\n"
    "var slider=document.getElementById('slider');\n"
    "slider.max=N;\n"
    "function pl(p){return 'P'+p;}\n"
    "function show(k,scroll){\n"
    " s=Math.max(0,Math.min(N,k|0));slider.value=s;\n"
    " tiles.forEach(function(e){e.style.display=(+e.getAttribute('data-step'))<=s?'':'none';});\n"
    " spans.forEach(function(e){var a=+e.getAttribute('data-from'),b=+e.getAttribute('data-to');"
    "e.style.display=(a<=s&&s<b)?'':'none';});\n"
    " var st=D.steps[s];\n"
    " if(st[3]){last.style.display='';last.setAttribute('transform','translate('+"
    "(D.ox+(st[3][0]-D.x0)*D.ts)+' '+(D.oy+(st[3][1]-D.y0)*D.ts)+')');}"
    "else last.style.display='none';\n"
    " document.getElementById('where').textContent='step '+s+' / '+N;\n"
    " setBox(box());\n"
    " var over=(s==N&&D.over);\n"
    " document.getElementById('status').textContent=(over?'Game over after turn ':'Turn ')"
    "+st[0]+' \\u00b7 '+st[1]+' tile'+(st[1]==1?'':'s')+' left'+(st[2]>=0&&!over?' \\u00b7 '"
    "+pl(st[2])+' to play':'')+(st[8]&&st[8].length?' \\u00b7 face up: '+st[8].join(', '):'');\n"
    " var rows=document.querySelectorAll('#players tbody tr');\n"
    " for(var p=0;p<D.players;p++){var r=rows[p];r.className=(st[2]==p&&!over)?'now':'';\n"
    "  r.querySelector('.score').textContent=st[4][p];\n"
    "  var sup=[];for(var k=0;k<D.kinds.length;k++)sup.push(st[5][p][k]+' '+"
    "D.words[k][st[5][p][k]==1?0:1]);\n"
    "  r.querySelector('.supply').textContent=sup.join(', ');\n"
    "  var tc=r.querySelector('.tokens');if(tc){var tk=[];for(k=0;k<D.tokens.length;k++)"
    "if(st[6][p][k]>0)tk.push(st[6][p][k]+' '+D.tokens[k]);tc.textContent=tk.join(', ');}\n"
    "  var hc=r.querySelector('.held');if(hc)hc.textContent=st[7][p].join(', ');}\n"
    " var hf=document.getElementById('heldfig');if(hf)hf.textContent=st[9]||'';\n"
    " var dg=document.getElementById('dungeon');if(dg)dg.textContent=st[10]||'';\n"
    " moves.forEach(function(li){var k=+li.getAttribute('data-step');"
    "li.classList.toggle('cur',k==s);li.classList.toggle('future',k>s);"
    "if(k==s&&scroll){var l=li.parentNode;var top=li.offsetTop-l.offsetTop;"
    "if(top<l.scrollTop||top+li.offsetHeight>l.scrollTop+l.clientHeight)"
    "l.scrollTop=top-l.clientHeight/2;}});\n"
    " document.body.setAttribute('data-step',s);\n"
    " if(location.hash!=='#step='+s&&history.replaceState)"
    "history.replaceState(null,'','#step='+s);\n"
    "}\n"
    "function stop(){if(timer){clearInterval(timer);timer=null;"
    "document.getElementById('play').textContent='\\u25b6';}}\n"
    "function go(k){stop();show(k,true);}\n"
    "document.getElementById('first').onclick=function(){go(0);};\n"
    "document.getElementById('prev').onclick=function(){go(s-1);};\n"
    "document.getElementById('next').onclick=function(){go(s+1);};\n"
    "document.getElementById('end').onclick=function(){go(N);};\n"
    "document.getElementById('prevturn').onclick=function(){var t=D.steps[s][0];var k=s;"
    "while(k>0&&D.steps[k][0]>=t)k--;while(k>0&&D.steps[k-1][0]==D.steps[k][0])k--;go(k);};\n"
    "document.getElementById('nextturn').onclick=function(){var t=D.steps[s][0];var k=s;"
    "while(k<N&&D.steps[k][0]==t)k++;go(k);};\n"
    "document.getElementById('play').onclick=function(){if(timer){stop();return;}"
    "if(s>=N)show(0,true);this.textContent='\\u275a\\u275a';"
    "timer=setInterval(function(){if(s>=N)stop();else show(s+1,true);},350);};\n"
    "slider.oninput=function(){stop();show(+slider.value,true);};\n"
    "moves.forEach(function(li){li.onclick=function(){go(+li.getAttribute('data-step'));};});\n"
    "document.addEventListener('keydown',function(e){if(e.target===slider)return;"
    "if(e.key==='ArrowRight')go(s+1);else if(e.key==='ArrowLeft')go(s-1);"
    "else if(e.key==='Home')go(0);else if(e.key==='End')go(N);"
    "else if(e.key==='+'||e.key==='=')zoom(1.25);else if(e.key==='-')zoom(0.8);"
    "else if(e.key==='0')fit();});\n"
    "var m=/^#step=(\\d+|end)$/.exec(location.hash);\n"
    "show(m?(m[1]==='end'?N:+m[1]):0,true);\n"
    "window.carcvarReplay={show:function(k){go(k);},steps:N,step:function(){return s;},"
    "zoom:zoom,pan:pan,fit:fit,viewBox:function(){return box().slice();}};\n"
    "})();\n";

/* What the page needs to know of the final game before it is written:
 * the figure kinds the players own (the supply column), the token kinds
 * the modules in play own (their counts at every step), whether a module
 * reports held tiles. */
static void walker_init(walker *w, outbuf *o, const carc_game *fin, const pic_frame *f)
{
    memset(w, 0, sizeof *w);
    w->o = o;
    w->final = fin;
    w->frame = f;
    w->section = SEC_FIGS;
    for (int k = 0; k < CARC_FIGURE_KINDS; k++) {
        bool owned = false;
        for (uint32_t i = 0; i < fin->nfigs && !owned; i++)
            owned = CFIGS(fin)[i].owner >= 0 && CFIGS(fin)[i].kind == k;
        if (owned) w->kinds[w->nkinds++] = k;
    }
    uint32_t owned = 0;
    for (int k = 0; k < fin->nmods; k++) owned |= carc__mod(fin, k)->token_kinds;
    for (int k = 0; k < CARC_TOKEN_KINDS; k++)
        if ((owned >> k) & 1u) w->tok[w->ntok++] = k;
    for (int k = 0; k < fin->nmods; k++) w->held |= carc__mod(fin, k)->held_tiles != NULL;
    for (int k = 0; k < fin->nmods; k++) w->holds |= carc__mod(fin, k)->held_place != NULL;
    carc_dungeon_info d;
    w->dungeon = carc_game_dungeon(fin, &d) == CARC_OK;
}

static void walker_free(walker *w)
{
    free(w->fx);
    free(w->fy);
    free(w->from);
    free(w->role);
    free(w->shown);
    free(w->tstate);
    free(w->tfrom);
    free(w->bnd);
    for (int k = 0; k < PIC_OVERLAYS; k++) free(w->ov[k]);
}

/* The document's head and the page's header line. */
static void write_head(outbuf *o, const carc_game *fin)
{
    carc__out_add(o, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                     "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">"
                     "<meta name=\"generator\" content=\"libcarcvar %s\">"
                     "<title>Carcassonne replay</title><style>%s</style></head>\n<body>\n",
                  carc_version_string(), page_style);
    carc__out_add(o, "<header><h1>Carcassonne replay</h1><div class=\"meta\">%d players "
                     "&#183; modules:",
                  fin->nplayers);
    for (int m = 0; m < CARC_MODULE_SLOTS; m++)
        if (carc__module_on(fin, m)) carc__out_add(o, " %s", carc_module_name(m));
    carc__out_add(o, " &#183; %d tiles placed &#183; %s &#183; libcarcvar %s</div></header>\n",
                  (int)fin->ntiles, carc__is_over(fin) ? "finished" : "unfinished",
                  carc_version_string());
}

/* Every tile the game placed, once, with the step it appears at: the tiles
 * before the first action are there at step 0, then the k-th placed tile
 * appears at the step that placed it (a replay notes when ntiles grows). */
static int write_tiles(outbuf *o, const carc_game *fin, const pic_frame *f)
{
    carc_game *g;
    int rc = fresh_game(fin, &g);
    if (rc) return rc;
    int *tile_step = calloc(fin->ntiles + 1, sizeof *tile_step);
    if (!tile_step) {
        carc_game_free(g);
        return CARC_E_NOMEM;
    }
    uint32_t have = g->ntiles;
    const uint16_t *H = CHIST(fin);
    int step = 0;
    for (uint32_t i = 0, used = 0; i < fin->nhist && !rc; i += used) {
        rc = carc__replay_entry(g, H + i, fin->nhist - i, &used);
        step++;
        for (; have < g->ntiles && have < fin->ntiles; have++) tile_step[have] = step;
    }
    carc_game_free(g);
    for (uint32_t t = 0; t < fin->ntiles && !rc; t++) {
        char attrs[32];
        snprintf(attrs, sizeof attrs, "data-step=\"%d\"", tile_step[t]);
        carc__pic_tile(o, fin, (int)t, f, attrs);
        carc__out_add(o, "\n");
    }
    free(tile_step);
    return rc;
}

/* The board: every tile once, every figure once per stay, the frame of the
 * last tile (moved by the script). */
static int write_board(walker *w)
{
    outbuf *o = w->o;
    const carc_game *fin = w->final;
    const pic_frame *f = w->frame;
    carc__out_add(o, "<main><div id=\"boardbox\"><div id=\"view\">"
                     "<button id=\"zoomin\" title=\"zoom in (+, wheel)\">+</button>"
                     "<button id=\"zoomout\" title=\"zoom out (-, wheel)\">&#8722;</button>"
                     "<button id=\"fit\" title=\"fit the board of this step (0)\">fit</button>"
                     "<span>wheel: zoom &#183; drag: move</span></div><svg id=\"board\" "
                     "xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" "
                     "preserveAspectRatio=\"xMidYMid meet\" role=\"img\" "
                     "aria-label=\"board\">\n",
                  f->width, f->height);
    carc__pic_style(o);
    carc__out_add(o, "<rect width=\"%d\" height=\"%d\" fill=\"#f3eddc\"/>\n", f->width,
                  f->height);
    carc__pic_axes(o, f);
    int rc = write_tiles(o, fin, f);
    if (rc) return rc;
    carc__out_add(o, "<g id=\"lastmark\" class=\"last-tile\" fill=\"none\" style=\"display:none\">"
                     "<title>last tile placed</title><rect x=\"2\" y=\"2\" width=\"%d\" "
                     "height=\"%d\" stroke=\"#000\" stroke-width=\"4\"/><rect x=\"2\" y=\"2\" "
                     "width=\"%d\" height=\"%d\" stroke=\"#fff\" stroke-width=\"2\" "
                     "stroke-dasharray=\"5 3\"/></g>\n",
                  PIC_TS - 4, PIC_TS - 4, PIC_TS - 4, PIC_TS - 4);
    size_t nf = fin->nfigs ? fin->nfigs : 1;
    w->fx = calloc(nf, sizeof *w->fx);
    w->fy = calloc(nf, sizeof *w->fy);
    w->from = calloc(nf, sizeof *w->from);
    w->role = calloc(nf, sizeof *w->role);
    w->shown = calloc(nf, 1);
    /* a step per history entry at most, the start and the final scoring */
    w->capbnd = (size_t)fin->nhist + 2;
    w->bnd = calloc(w->capbnd * 4, sizeof *w->bnd);
    w->tstate = calloc(fin->ntiles + 1, sizeof *w->tstate);
    w->tfrom = calloc(fin->ntiles + 1, sizeof *w->tfrom);
    if (!w->fx || !w->fy || !w->from || !w->role || !w->shown || !w->bnd || !w->tstate ||
        !w->tfrom)
        return CARC_E_NOMEM;
    w->section = SEC_FIGS;
    rc = walk(w);
    if (rc) return rc;
    if (w->nomem) return CARC_E_NOMEM;
    carc__out_add(o, "</svg></div>\n");
    return CARC_OK;
}

/* The side panel: the controls, the players' table (filled by the script)
 * and the legend of the figures. */
static void write_panel(const walker *w)
{
    outbuf *o = w->o;
    const carc_game *fin = w->final;
    carc__out_add(o, "<aside><div class=\"card\"><div id=\"controls\">"
                     "<button id=\"first\" title=\"start (Home)\">&#8676;</button>"
                     "<button id=\"prevturn\" title=\"previous turn\">&#171;</button>"
                     "<button id=\"prev\" title=\"previous step (&#8592;)\">&#8249;</button>"
                     "<button id=\"play\" title=\"play\">&#9654;</button>"
                     "<button id=\"next\" title=\"next step (&#8594;)\">&#8250;</button>"
                     "<button id=\"nextturn\" title=\"next turn\">&#187;</button>"
                     "<button id=\"end\" title=\"end (End)\">&#8677;</button>"
                     "<span id=\"where\"></span>"
                     "<input id=\"slider\" type=\"range\" min=\"0\" max=\"0\" value=\"0\" "
                     "aria-label=\"step\"></div></div>\n");
    carc__out_add(o, "<div class=\"card\"><div id=\"status\"></div>%s%s<table id=\"players\">"
                     "<thead><tr><th>player</th><th class=\"num\">score</th><th>in supply"
                     "</th>%s%s</tr></thead><tbody>",
                  w->holds ? "<div id=\"heldfig\" style=\"white-space:pre-line\"></div>" : "",
                  w->dungeon ? "<div id=\"dungeon\" class=\"dungeon-summary\"></div>" : "",
                  w->ntok ? "<th>tokens</th>" : "", w->held ? "<th>holds</th>" : "");
    for (int p = 0; p < fin->nplayers; p++)
        carc__out_add(o, "<tr data-player=\"%d\"><td><span class=\"sw\" style=\"background:%s;"
                         "color:%s\">P%d</span></td><td class=\"num score\"></td>"
                         "<td class=\"supply\"></td>%s%s</tr>",
                      p, carc__pic_colour(p), carc__pic_ink(p), p,
                      w->ntok ? "<td class=\"tokens\"></td>" : "",
                      w->held ? "<td class=\"held\"></td>" : "");
    /* the legend: the figures' roles, then the expansions' symbols on the
     * final board */
    outbuf none = {NULL, 0, 0};
    int rows = carc__pic_legend_ext(&none, fin, 4, 0, 492);
    carc__out_add(o, "</tbody></table><svg class=\"legend-box\" "
                     "xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 500 %d\">",
                  26 + 22 * rows);
    carc__pic_style(o);
    carc__pic_legend(o, 4, 14);
    carc__pic_legend_ext(o, fin, 4, 36, 492);
    carc__out_add(o, "</svg></div>\n");
}

/* The move list: one item per step, step 0 the start. */
static int write_moves(walker *w)
{
    carc__out_add(w->o, "<div class=\"card\"><h2>Moves</h2>"
                        "<ol id=\"moves\"><li data-step=\"0\" class=\"chance\">"
                        "<span class=\"turn\"></span><span class=\"act\">start</span></li>\n");
    w->section = SEC_MOVES;
    int rc = walk(w);
    if (rc) return rc;
    carc__out_add(w->o, "</ol></div></aside></main>\n");
    return CARC_OK;
}

/* The breakdown: points by player and feature kind, from the score log. */
static void write_breakdown(outbuf *o, const carc_game *fin)
{
    const logent *L = CLOG(fin);
    const char *cols[BREAKDOWN_COLS];
    int ncols = 0;
    for (uint32_t i = 0; i < fin->nlog; i++) column_of(cols, &ncols, event_column(&L[i]));
    carc__out_add(o, "<section id=\"breakdown\" class=\"card\"><h2>%s by feature</h2>"
                     "<table><thead><tr><th>player</th>",
                  carc__is_over(fin) ? "Final scores" : "Scores so far");
    for (int k = 0; k < ncols; k++) {
        carc__out_add(o, "<th class=\"num\">");
        reason_text(o, cols[k]);
        carc__out_add(o, "</th>");
    }
    carc__out_add(o, "<th class=\"num\">of which at the end</th><th class=\"num\">total"
                     "</th></tr></thead><tbody>");
    for (int p = 0; p < fin->nplayers; p++) {
        carc__out_add(o, "<tr data-player=\"%d\"><td><span class=\"sw\" style=\""
                         "background:%s;color:%s\">P%d</span></td>",
                      p, carc__pic_colour(p), carc__pic_ink(p), p);
        int end = 0;
        for (int k = 0; k < ncols; k++) {
            int sum = 0;
            for (uint32_t i = 0; i < fin->nlog; i++)
                if (L[i].player == p && column_of(cols, &ncols, event_column(&L[i])) == k)
                    sum += L[i].points;
            carc__out_add(o, "<td class=\"num\">%d</td>", sum);
        }
        for (uint32_t i = fin->nlog_final; i < fin->nlog; i++) /* the final scoring */
            if (L[i].player == p) end += L[i].points;
        carc__out_add(o, "<td class=\"num\">%d</td><td class=\"num final\">%d</td></tr>", end,
                      fin->score[p]);
    }
    carc__out_add(o, "</tbody></table></section>\n");
}

/* The numbers of every step (REPLAY), then the script. */
static int write_data(walker *w)
{
    outbuf *o = w->o;
    const carc_game *fin = w->final;
    const pic_frame *f = w->frame;
    carc__out_add(o, "<script>\nvar REPLAY={players:%d,over:%s,ts:%d,x0:%d,y0:%d,ox:%d,oy:%d,"
                     "ax:%d,m:%d,kinds:[",
                  fin->nplayers, carc__is_over(fin) ? "true" : "false", PIC_TS, f->x0, f->y0,
                  f->ox, f->oy, PIC_AXIS, PIC_MARGIN);
    for (int k = 0; k < w->nkinds; k++) {
        if (k) carc__out_add(o, ",");
        json_str(o, carc__figure_name(w->kinds[k]));
    }
    carc__out_add(o, "],tokens:[");
    for (int k = 0; k < w->ntok; k++) {
        char other[24];
        const char *name = carc__pic_token_name(w->tok[k]);
        if (!name) snprintf(other, sizeof other, "token %d", w->tok[k]), name = other;
        if (k) carc__out_add(o, ",");
        json_str(o, name);
    }
    carc__out_add(o, "],final:[");
    for (int p = 0; p < fin->nplayers; p++) carc__out_add(o, "%s%d", p ? "," : "", fin->score[p]);
    carc__out_add(o, "],words:[");
    for (int k = 0; k < w->nkinds; k++) {
        carc__out_add(o, "%s[", k ? "," : "");
        json_str(o, carc__pic_figure_words(w->kinds[k], 1));
        carc__out_add(o, ",");
        json_str(o, carc__pic_figure_words(w->kinds[k], 2));
        carc__out_add(o, "]");
    }
    carc__out_add(o, "],bounds:[");
    for (size_t k = 0; k < w->nbnd; k++)
        carc__out_add(o, "[%d,%d,%d,%d],", w->bnd[4 * k], w->bnd[4 * k + 1], w->bnd[4 * k + 2],
                      w->bnd[4 * k + 3]);
    carc__out_add(o, "],steps:[\n");
    w->section = SEC_STEPS;
    int rc = walk(w);
    if (rc) return rc;
    carc__out_add(o, "]};\n%s%s</script>\n</body></html>\n", page_script, page_script_steps);
    return CARC_OK;
}

int carc_record_html(const char *record, size_t len, char *buf, size_t cap, size_t *needed,
                     carc_record_error *err)
{
    if (err) memset(err, 0, sizeof *err);
    if ((!record && len) || (!buf && cap)) return CARC_E_INVALID;
    carc_game *fin = NULL;
    int rc = carc_record_replay(&fin, record ? record : "", len, err);
    if (rc) return rc;

    outbuf o = {buf, cap, 0};
    int x0, x1, y0, y1;
    carc__board_bounds(fin, &x0, &x1, &y0, &y1);
    pic_frame f;
    carc__pic_frame(&f, x0, x1, y0, y1, 0);
    walker wk;
    walker_init(&wk, &o, fin, &f);
    write_head(&o, fin);
    rc = write_board(&wk);
    if (!rc) {
        write_panel(&wk);
        rc = write_moves(&wk);
    }
    if (!rc) {
        write_breakdown(&o, fin);
        rc = write_data(&wk);
    }
    walker_free(&wk);
    carc_game_free(fin);
    if (rc) {
        if (err) {
            err->line = 0;
            err->code = rc;
            snprintf(err->message, sizeof err->message, "%s", carc_strerror(rc));
        }
        return rc;
    }
    return carc__out_finish(&o, needed);
}
