/* The board for a person at a terminal (carc_game_board_view,
 * doc/notation.md "Board view"): coordinates on both axes, the last tile and
 * the legal cells marked, every figure kind the game reports, a legend, and
 * at most `width` columns (a wider board is panned). */
#include "core/state.h"
#include "picture.h"

#include <stdio.h>
#include <string.h>

#define CELL_W 7
#define LABEL_W 4
#define MAX_WIDTH 400

void carc_board_view_init(carc_board_view *view)
{
    if (!view) return;
    memset(view, 0, sizeof *view);
    view->struct_size = sizeof *view;
    view->width = 80;
    view->flags = CARC_VIEW_LEGEND | CARC_VIEW_LEGAL | CARC_VIEW_LAST;
}

/* A figure's glyph: a follower shows the feature it stands on (r c m f, or
 * the first letter of a module's feature); every other kind its letter. */
static char figure_glyph(int kind, int feature)
{
    static const char kinds[CARC_FIGURE_KINDS + 1] = "?BMWAUPRFDCT????";
    if (kind == CARC_FIGURE_FOLLOWER) {
        if (feature < 0) return 'o';
        const char *n = carc__feature_name(feature);
        return n && n[0] ? n[0] : 'x';
    }
    return kind > 0 && kind < CARC_FIGURE_KINDS ? kinds[kind] : '?';
}

static char edge_char(int ek) { return "*.RC"[ek & 3]; }

/* What the legend must explain: bits of things drawn. */
enum {
    SEEN_WILD = 1, SEEN_LAST = 2, SEEN_LEGAL = 4, SEEN_NEUTRAL = 8, SEEN_MORE = 16, SEEN_OVERLAY = 32
};

typedef struct legal_cell {
    int16_t x, y;
    uint8_t rots;
} legal_cell;

/* Append a legend item, wrapping at width (an item longer than a line is
 * cut into pieces); *col is the column, 0 before the first item. */
static void legend_item(outbuf *o, size_t *col, int width, const char *item)
{
    size_t n = strlen(item), w = (size_t)width;
    if (*col == 0) {
        carc__out_add(o, "legend:");
        *col = 7;
    } else if (*col + 2 + n > w) {
        carc__out_add(o, ";\n ");
        *col = 1;
    } else {
        carc__out_add(o, ";");
        *col += 1;
    }
    while (*col + 1 + n > w) { /* only an item longer than a whole line */
        size_t k = w - *col - 1;
        carc__out_add(o, " %.*s\n ", (int)k, item);
        item += k;
        n -= k;
        *col = 1;
    }
    carc__out_add(o, " %s", item);
    *col += 1 + n;
}

int carc_game_board_view(const carc_game *game, const carc_board_view *view, char *buf,
                         size_t cap, size_t *needed)
{
    if (!carc__valid(game) || (!buf && cap)) return CARC_E_INVALID;
    carc_board_view v;
    carc_board_view_init(&v);
    if (view) {
        if (!carc__sized_copy(&v, view, view->struct_size, sizeof v, 4096)) return CARC_E_INVALID;
        if (v.width == 0) v.width = 80;
        if (v.width < 40 || v.width > MAX_WIDTH) return CARC_E_INVALID;
    }
    const ptile *T = CTILES(game);
    const figure *F = CFIGS(game);
    outbuf o = {buf, cap, 0};

    /* the cells where the tile in hand fits, and how */
    legal_cell legal[CARC_ID_CELL_N / 4 + 1];
    int nlegal = 0;
    const carc_pending *p = carc__front(game);
    bool show_legal = (v.flags & CARC_VIEW_LEGAL) && p && p->kind == CARC_DECISION_PLACE &&
                      game->drawn >= 0;
    if (show_legal) {
        int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
        action_sink s = {NULL, ids, CARC_NUM_DISTINCT_ACTIONS, 0};
        carc__enumerate(game, &s);
        for (size_t i = 0; i < s.n && i < s.cap; i++) {
            int fi, rot;
            if (carc__decode_cell(game, ids[i], &fi, &rot)) continue;
            const front *f = &CFRONT(game)[fi];
            int k = 0;
            while (k < nlegal && (legal[k].x != f->x || legal[k].y != f->y)) k++;
            if (k == nlegal) {
                if (nlegal == (int)(sizeof legal / sizeof legal[0])) continue;
                legal[nlegal].x = f->x;
                legal[nlegal].y = f->y;
                legal[nlegal].rots = 0;
                nlegal++;
            }
            legal[k].rots |= (uint8_t)(1u << rot);
        }
    }

    /* the part of the board to show */
    int x0, x1, y0, y1;
    carc__board_bounds(game, &x0, &x1, &y0, &y1);
    for (int k = 0; k < nlegal; k++) {
        if (legal[k].x < x0) x0 = legal[k].x;
        if (legal[k].x > x1) x1 = legal[k].x;
        if (legal[k].y < y0) y0 = legal[k].y;
        if (legal[k].y > y1) y1 = legal[k].y;
    }
    int fit = (v.width - LABEL_W) / CELL_W;
    int vx0 = x0, vx1 = x1;
    if (x1 - x0 + 1 > fit) {
        int cx = (v.flags & CARC_VIEW_CENTER) ? v.center_x
                 : game->ntiles ? T[game->ntiles - 1].x : 0;
        vx0 = cx - fit / 2;
        if (vx0 + fit - 1 > x1) vx0 = x1 - fit + 1;
        if (vx0 < x0) vx0 = x0;
        vx1 = vx0 + fit - 1;
    }
    int last = game->last_tile >= 0 ? game->last_tile : -1;
    if (last < 0 && game->ntiles > 1) last = (int)game->ntiles - 1;

    carc__out_add(&o, "board x %d..%d, y %d..%d\n", x0, x1, y0, y1);
    if (vx0 != x0 || vx1 != x1) carc__out_add(&o, "showing x %d..%d\n", vx0, vx1);
    carc__out_add(&o, "%*s", LABEL_W, "");
    for (int x = vx0; x <= vx1; x++) carc__out_add(&o, x < vx1 ? "%4d   " : "%4d", x);
    carc__out_add(&o, "\n");

    unsigned seen = 0;
    uint32_t kinds_seen = 0;   /* bit k: a figure of kind k drawn (not followers) */
    uint32_t features_seen = 0; /* followers: on which feature kinds (bit per kind < 32) */
    char line[LABEL_W + CELL_W * (MAX_WIDTH / CELL_W) + 2];
    for (int y = y0; y <= y1; y++) {
        for (int row = 0; row < 3; row++) {
            size_t n = 0;
            if (row == 1) snprintf(line, sizeof line, "%3d ", y);
            else snprintf(line, sizeof line, "%*s", LABEL_W, "");
            n = LABEL_W;
            for (int x = vx0; x <= vx1; x++) {
                char cell[CELL_W + 1];
                memset(cell, ' ', CELL_W);
                cell[CELL_W] = 0;
                int t = carc__cell_get(game, x, y);
                if (t >= 0) {
                    const ptile *pt = &T[t];
                    const tile_type *ty = &carc__types[pt->type];
                    uint8_t code = ty->code[pt->rot];
                    uint8_t wild = ty->wild[pt->rot];
                    char e[4];
                    for (int d = 0; d < 4; d++) {
                        e[d] = ((wild >> d) & 1) ? '*' : edge_char((code >> (2 * d)) & 3);
                        if (e[d] == '*') seen |= SEEN_WILD;
                        /* a road laid over the tile (a bridge) leaves by this side */
                        if (pt->overlay_seg != NO_OVERLAY && ((pt->overlay_sides >> d) & 1)) {
                            e[d] = '=';
                            seen |= SEEN_OVERLAY;
                        }
                    }
                    /* its figures: up to three shown, '+' for more */
                    char fg[3][3] = {"  ", "  ", "  "};
                    int nf = 0;
                    for (uint32_t i = 0; i < game->nfigs; i++) {
                        const figure *f = &F[i];
                        if ((f->where != CARC_PLACE_SEGMENT && f->where != CARC_PLACE_TILE) ||
                            f->tile != t)
                            continue;
                        int feat = f->where == CARC_PLACE_SEGMENT ? CSEGS(game)[f->seg].kind : -1;
                        if (nf == 3) {
                            seen |= SEEN_MORE;
                            nf++;
                            break;
                        }
                        fg[nf][0] = f->owner >= 0 ? (char)('0' + f->owner % 10) : 'n';
                        fg[nf][1] = figure_glyph(f->kind, feat);
                        if (f->owner < 0) seen |= SEEN_NEUTRAL;
                        if (f->kind == CARC_FIGURE_FOLLOWER) {
                            if (feat >= 0 && feat < 32) features_seen |= 1u << feat;
                        } else if (f->kind < 32) {
                            kinds_seen |= 1u << f->kind;
                        }
                        nf++;
                    }
                    bool is_last = (v.flags & CARC_VIEW_LAST) && t == last;
                    if (is_last) seen |= SEEN_LAST;
                    if (row == 0) {
                        cell[3] = e[0];
                        cell[5] = fg[1][0];
                        cell[6] = fg[1][1];
                        cell[0] = fg[2][0];
                        cell[1] = fg[2][1];
                    } else if (row == 1) {
                        char nm[4] = "   ";
                        size_t ln = strlen(ty->name);
                        if (ln == 1) nm[1] = ty->name[0];
                        else memcpy(nm, ty->name, ln < 3 ? ln : 3);
                        cell[0] = e[3];
                        cell[1] = is_last ? '[' : ' ';
                        memcpy(cell + 2, nm, 3);
                        cell[5] = is_last ? ']' : ' ';
                        cell[6] = e[1];
                    } else {
                        cell[3] = e[2];
                        cell[5] = fg[0][0];
                        cell[6] = fg[0][1];
                        if (nf > 3) cell[0] = '+';
                    }
                } else if (row == 1 && show_legal) {
                    for (int k = 0; k < nlegal; k++) {
                        if (legal[k].x != x || legal[k].y != y) continue;
                        cell[1] = '+';
                        int c = 2;
                        for (int r = 0; r < 4; r++)
                            if ((legal[k].rots >> r) & 1) cell[c++] = (char)('0' + r);
                        seen |= SEEN_LEGAL;
                        break;
                    }
                }
                memcpy(line + n, cell, CELL_W);
                n += CELL_W;
            }
            while (n > 0 && line[n - 1] == ' ') n--;
            line[n] = 0;
            carc__out_add(&o, "%s\n", line);
        }
    }

    if (v.flags & CARC_VIEW_LEGEND) {
        size_t col = 0;
        char item[120];
        legend_item(&o, &col, v.width, "north up");
        legend_item(&o, &col, v.width, "edges C city, R road, . field");
        if (seen & SEEN_WILD) legend_item(&o, &col, v.width, "* any");
        if (seen & SEEN_OVERLAY) legend_item(&o, &col, v.width, "= a road laid over a field");
        if (seen & SEEN_LAST) legend_item(&o, &col, v.width, "[D] the tile placed last");
        if (seen & SEEN_LEGAL) {
            /* the first marked cell's digits as the example */
            char digits[5] = "", turns[32] = "";
            for (int r = 0, nd = 0; r < 4; r++)
                if ((legal[0].rots >> r) & 1) {
                    digits[nd++] = (char)('0' + r);
                    size_t l = strlen(turns);
                    snprintf(turns + l, sizeof turns - l, "%sr%d", l ? " " : "", r);
                }
            snprintf(item, sizeof item, "+%s tile %s fits here: %s", digits,
                     carc__types[game->drawn].name, turns);
            legend_item(&o, &col, v.width, item);
        }
        for (int k = 0, first = 1; k < 32; k++)
            if ((features_seen >> k) & 1) {
                snprintf(item, sizeof item, "0%c %s on a %s", figure_glyph(CARC_FIGURE_FOLLOWER, k),
                         first ? "player 0's follower" : "", carc__feature_name(k));
                if (!first) { /* "0c on a city" */
                    char *dbl = strstr(item, "  ");
                    if (dbl) memmove(dbl, dbl + 1, strlen(dbl));
                }
                first = 0;
                legend_item(&o, &col, v.width, item);
            }
        for (int k = 1; k < CARC_FIGURE_KINDS; k++)
            if ((kinds_seen >> k) & 1) {
                snprintf(item, sizeof item, "%c %s", figure_glyph(k, -1), carc__figure_name(k));
                legend_item(&o, &col, v.width, item);
            }
        /* figures with a module's role (carc_game_figure_role): "0c at 0,-1
         * castle" (on the panned-out part of the board too) */
        for (uint32_t i = 0; i < game->nfigs; i++) {
            const figure *f = &F[i];
            const char *role = carc_game_figure_role(game, (int)i);
            if (!role || (f->where != CARC_PLACE_SEGMENT && f->where != CARC_PLACE_TILE) ||
                f->tile >= game->ntiles)
                continue;
            int feat = f->where == CARC_PLACE_SEGMENT ? CSEGS(game)[f->seg].kind : -1;
            snprintf(item, sizeof item, "%c%c at %d,%d %s",
                     f->owner >= 0 ? (char)('0' + f->owner % 10) : 'n',
                     figure_glyph(f->kind, feat), T[f->tile].x, T[f->tile].y, role);
            legend_item(&o, &col, v.width, item);
        }
        if (seen & SEEN_NEUTRAL) legend_item(&o, &col, v.width, "n a neutral figure");
        if (seen & SEEN_MORE) legend_item(&o, &col, v.width, "+ more figures on the tile");
        carc__out_add(&o, "\n");
    }
    carc__out_add(&o, "turn %d, %d tiles left", game->turn, game->total_remaining);
    if (game->discarded) carc__out_add(&o, ", %d set aside", game->discarded);
    if (carc__is_over(game)) carc__out_add(&o, ", game over");
    carc__out_add(&o, "\n");
    /* tokens of no player (the Big Top's revealed animals), if any */
    int out = 0;
    for (int k = 0; k < CARC_TOKEN_KINDS; k++) {
        int n = carc_game_tokens(game, -1, k);
        const char *name = carc__pic_token_name(k);
        if (n <= 0 || !name) continue;
        carc__out_add(&o, "%s %d %s", out++ ? "," : "out of the game:", n, name);
    }
    if (out) carc__out_add(&o, "\n");
    /* tiles lying face up that nobody owns yet (a bazaar's row), if any */
    if (carc__pic_held_text(game, -1, "face up: ", 0, &o)) carc__out_add(&o, "\n");

    for (int pl = 0; pl < game->nplayers; pl++) {
        carc__out_add(&o, "player %d: %d points; supply:", pl, game->score[pl]);
        int any = 0;
        for (int k = 0; k < CARC_FIGURE_KINDS; k++) {
            if (game->kind_owner[k] == 255 || (game->kind_class[k] & CARC_CLASS_NEUTRAL)) continue;
            carc__out_add(&o, "%s %d %s%s", any++ ? "," : "", game->supply[pl][k],
                          carc__figure_name(k), game->supply[pl][k] == 1 ? "" : "s");
        }
        /* the tiles it holds to play later (a bazaar's), if any */
        carc__pic_held_text(game, pl, "; holds ", 0, &o);
        carc__out_add(&o, "\n");
    }
    return carc__out_finish(&o, needed);
}
