/* SVG picture of the board (carc_game_board_svg). */
#include "core/state.h"

#include <string.h>

#define TS 60   /* tile size in SVG units */
#define MARGIN 10

static const char *const player_colours[CARC_MAX_PLAYERS] = {
    "#d62728", "#1f77b4", "#2ca02c", "#ffbf00", "#111111", "#9467bd",
};

/* Corner and edge-midpoint coordinates of a tile whose top-left is (ox, oy). */
static void edge_points(int side, int ox, int oy, int *ax, int *ay, int *bx, int *by)
{
    static const int c[4][4] = { /* corner pairs, clockwise */
        {0, 0, TS, 0}, {TS, 0, TS, TS}, {TS, TS, 0, TS}, {0, TS, 0, 0}};
    *ax = ox + c[side][0];
    *ay = oy + c[side][1];
    *bx = ox + c[side][2];
    *by = oy + c[side][3];
}

static void edge_mid(int side, int ox, int oy, int *x, int *y)
{
    static const int m[4][2] = {{TS / 2, 0}, {TS, TS / 2}, {TS / 2, TS}, {0, TS / 2}};
    *x = ox + m[side][0];
    *y = oy + m[side][1];
}

/* A point inside segment s of a tile, where a figure is drawn. */
static void segment_anchor(const tile_type *ty, const ptile *pt, int s, int ox, int oy, int *x,
                           int *y)
{
    const seg_def *sd = &ty->seg[s];
    uint8_t e = rot_edges(sd->edges, pt->rot), h = rot_halves(sd->halves, pt->rot);
    *x = ox + TS / 2;
    *y = oy + TS / 2;
    if (sd->kind == CARC_FEATURE_ROAD || sd->kind == CARC_FEATURE_CITY) {
        int mx, my, side = __builtin_ctz(e);
        edge_mid(side, ox, oy, &mx, &my);
        int depth = sd->kind == CARC_FEATURE_CITY ? 3 : 2; /* of 5 */
        *x = mx + (ox + TS / 2 - mx) * depth / 5;
        *y = my + (oy + TS / 2 - my) * depth / 5;
    } else if (sd->kind == CARC_FEATURE_FIELD && h) {
        /* half-edge i lies on side i/2, towards the corner it starts from */
        static const int hp[8][2] = {{15, 8}, {45, 8}, {52, 15}, {52, 45},
                                     {45, 52}, {15, 52}, {8, 45}, {8, 15}};
        int i = __builtin_ctz(h);
        *x = ox + hp[i][0];
        *y = oy + hp[i][1];
    }
}

static void draw_tile(outbuf *o, const carc_game *g, int t, int ox, int oy)
{
    const ptile *pt = &CTILES(g)[t];
    const tile_type *ty = &carc__types[pt->type];
    carc__out_add(o, "<g class=\"tile\" data-name=\"%s\" data-x=\"%d\" data-y=\"%d\" data-rotation=\"%d\">",
                  ty->name, pt->x, pt->y, pt->rot);
    carc__out_add(o, "<rect class=\"field\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
                     "fill=\"#8fc46a\" stroke=\"#556b2f\" stroke-width=\"0.5\"/>",
                  ox, oy, TS, TS);
    for (int s = 0; s < ty->nseg; s++) {
        const seg_def *sd = &ty->seg[s];
        uint8_t e = rot_edges(sd->edges, pt->rot);
        if (sd->kind == CARC_FEATURE_CITY) {
            int multi = __builtin_popcount(e) > 1;
            carc__out_add(o, "<path class=\"city\" fill=\"#b5651d\" stroke=\"#6b3a10\" "
                             "stroke-width=\"0.5\" d=\"");
            for (int side = 0; side < 4; side++) {
                if (!((e >> side) & 1)) continue;
                int ax, ay, bx, by;
                edge_points(side, ox, oy, &ax, &ay, &bx, &by);
                if (multi) {
                    carc__out_add(o, "M%d %d L%d %d L%d %d Z ", ax, ay, bx, by, ox + TS / 2,
                                  oy + TS / 2);
                } else {
                    /* a one-edge city: a band along its edge */
                    int cx = ox + TS / 2, cy = oy + TS / 2;
                    int ix = ax + (cx - ax) * 2 / 5, iy = ay + (cy - ay) * 2 / 5;
                    int jx = bx + (cx - bx) * 2 / 5, jy = by + (cy - by) * 2 / 5;
                    carc__out_add(o, "M%d %d L%d %d L%d %d L%d %d Z ", ax, ay, bx, by, jx, jy,
                                  ix, iy);
                }
            }
            carc__out_add(o, "\"/>");
            for (int k = 0; k < sd->pennants; k++) {
                int x, y;
                segment_anchor(ty, pt, s, ox, oy, &x, &y);
                carc__out_add(o, "<rect class=\"pennant\" x=\"%d\" y=\"%d\" width=\"6\" "
                                 "height=\"6\" fill=\"#1e3c96\"/>",
                              x - 10 + 8 * k, y - 12);
            }
        } else if (sd->kind == CARC_FEATURE_ROAD) {
            int first = 1, mx, my;
            carc__out_add(o, "<path class=\"road\" fill=\"none\" stroke=\"#f4f1e6\" "
                             "stroke-width=\"5\" d=\"");
            int count = __builtin_popcount(e);
            for (int side = 0; side < 4; side++) {
                if (!((e >> side) & 1)) continue;
                edge_mid(side, ox, oy, &mx, &my);
                carc__out_add(o, "%c%d %d L%d %d ", first ? 'M' : 'L', mx, my, ox + TS / 2,
                              oy + TS / 2);
                first = 0;
            }
            (void)count;
            carc__out_add(o, "\"/>");
        } else if (sd->kind == CARC_FEATURE_MONASTERY) {
            carc__out_add(o, "<rect class=\"monastery\" x=\"%d\" y=\"%d\" width=\"18\" "
                             "height=\"18\" fill=\"#c0392b\" stroke=\"#5a1a13\"/>",
                          ox + TS / 2 - 9, oy + TS / 2 - 9);
        }
    }
    /* a road laid over the tile (a bridge): a plank road between its two sides */
    if (pt->overlay_seg != NO_OVERLAY) {
        int mx[2], my[2], k = 0;
        for (int side = 0; side < 4 && k < 2; side++)
            if ((pt->overlay_sides >> side) & 1) edge_mid(side, ox, oy, &mx[k], &my[k]), k++;
        if (k == 2)
            carc__out_add(o, "<path class=\"bridge\" fill=\"none\" stroke=\"#8b5a2b\" "
                             "stroke-width=\"7\" d=\"M%d %d L%d %d\"/>",
                          mx[0], my[0], mx[1], my[1]);
    }
    /* roads ending on the tile (junctions) get a small house */
    int stubs = 0;
    for (int s = 0; s < ty->nseg; s++)
        if (ty->seg[s].kind == CARC_FEATURE_ROAD && __builtin_popcount(ty->seg[s].edges) == 1)
            stubs++;
    if (stubs >= 3)
        carc__out_add(o, "<rect class=\"junction\" x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" "
                         "fill=\"#7f7f7f\"/>",
                      ox + TS / 2 - 5, oy + TS / 2 - 5);
    carc__out_add(o, "</g>");
}

int carc_game_board_svg(const carc_game *game, char *buf, size_t cap, size_t *needed)
{
    if (!carc__valid(game) || (!buf && cap)) return CARC_E_INVALID;
    const ptile *T = CTILES(game);
    int x0, x1, y0, y1;
    carc__board_bounds(game, &x0, &x1, &y0, &y1);
    int w = (x1 - x0 + 1) * TS + 2 * MARGIN;
    int h = (y1 - y0 + 1) * TS + 2 * MARGIN + 20 * (game->nplayers + 1);
    if (w < 240) w = 240;
    outbuf o = {buf, cap, 0};
    carc__out_add(&o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    carc__out_add(&o, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
                      "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n",
                  w, h, w, h);
    carc__out_add(&o, "<title>Carcassonne board, turn %d</title>\n", game->turn);
    carc__out_add(&o, "<rect width=\"100%%\" height=\"100%%\" fill=\"#f7f3e8\"/>\n");
    for (uint32_t t = 0; t < game->ntiles; t++) {
        int ox = MARGIN + (T[t].x - x0) * TS, oy = MARGIN + (T[t].y - y0) * TS;
        draw_tile(&o, game, (int)t, ox, oy);
        carc__out_add(&o, "\n");
    }
    const figure *F = CFIGS(game);
    for (uint32_t i = 0; i < game->nfigs; i++) {
        const figure *f = &F[i];
        if (f->where != CARC_WHERE_BOARD) continue;
        const ptile *pt = &T[f->tile];
        int ox = MARGIN + (pt->x - x0) * TS, oy = MARGIN + (pt->y - y0) * TS, x, y;
        segment_anchor(&carc__types[pt->type], pt, f->local, ox, oy, &x, &y);
        const char *colour = f->owner >= 0 ? player_colours[f->owner] : "#ffffff";
        carc__out_add(&o, "<circle class=\"figure\" data-player=\"%d\" data-kind=\"%s\" "
                          "cx=\"%d\" cy=\"%d\" r=\"6\" fill=\"%s\" stroke=\"#000\"/>\n",
                      f->owner, carc__figure_name(f->kind), x, y, colour);
    }
    int ty0 = MARGIN + (y1 - y0 + 1) * TS + 20;
    for (int p = 0; p < game->nplayers; p++)
        carc__out_add(&o, "<text class=\"score\" data-player=\"%d\" x=\"%d\" y=\"%d\" "
                          "font-family=\"sans-serif\" font-size=\"14\" fill=\"%s\">"
                          "player %d: %d points</text>\n",
                      p, MARGIN, ty0 + 20 * p, player_colours[p], p, game->score[p]);
    carc__out_add(&o, "</svg>\n");
    return carc__out_finish(&o, needed);
}
