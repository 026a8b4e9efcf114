/* SVG picture of the board (carc_game_board_svg) and the drawing pieces the
 * replay viewer shares (picture.h).
 *
 * Units: a tile is PIC_TS (60) units wide; the document has a viewBox and no
 * fixed size, so it scales to whatever holds it.  Only integers and fixed
 * literals are printed (no %f: a host's locale could print a decimal comma).
 * Every element a reader or a test looks for has a class:
 *   tile, field, city, wall, pennant, road, monastery, junction, bridge,
 *   feature-ext (an extension segment kind, data-feature=NAME),
 *   tag tag-NAME (a tile or segment tag, data-tag=NAME; specific glyphs for
 *   the names in tag_glyphs[], a labelled badge for any other),
 *   figure KIND [ROLE] (ROLE knight, thief, monk, farmer or the extension
 *   kind's name, or a module's role from carc_game_figure_role: castle
 *   (with a castle-glyph), acrobat (with an acrobat-glyph), any other word
 *   as a role-label text), last-tile, axis, panel, score, supply, tokens,
 *   revealed (the tokens of no player: the Big Top's revealed animals). */
#include "picture.h"

#include <stdio.h>
#include <string.h>

#define EXT_ROW 22 /* a row of the legend of extension glyphs */

/* Okabe-Ito colours (distinct for the common colour-vision deficiencies),
 * each figure also carries its player's number. */
static const char *const player_colours[CARC_MAX_PLAYERS] = {
    "#D55E00", /* vermillion */
    "#0072B2", /* blue */
    "#F0E442", /* yellow */
    "#CC79A7", /* reddish purple */
    "#111111", /* black */
    "#56B4E9", /* sky blue */
};
static const char *const player_inks[CARC_MAX_PLAYERS] = {
    "#000", "#fff", "#000", "#000", "#fff", "#000",
};

const char *carc__pic_colour(int p)
{
    return p >= 0 && p < CARC_MAX_PLAYERS ? player_colours[p] : "#f4f4f4";
}

const char *carc__pic_ink(int p)
{
    return p >= 0 && p < CARC_MAX_PLAYERS ? player_inks[p] : "#000";
}

void carc__pic_xml(outbuf *o, const char *s)
{
    for (; s && *s; s++) {
        switch (*s) {
        case '<': carc__out_add(o, "&lt;"); break;
        case '>': carc__out_add(o, "&gt;"); break;
        case '&': carc__out_add(o, "&amp;"); break;
        case '"': carc__out_add(o, "&quot;"); break;
        case '\'': carc__out_add(o, "&#39;"); break;
        default:
            if ((unsigned char)*s >= 0x20) carc__out_add(o, "%c", *s);
        }
    }
}

void carc__pic_frame(pic_frame *f, int x0, int x1, int y0, int y1, int top)
{
    f->x0 = x0, f->x1 = x1, f->y0 = y0, f->y1 = y1;
    f->ox = PIC_MARGIN + PIC_AXIS;
    f->oy = top + PIC_AXIS;
    f->width = f->ox + (x1 - x0 + 1) * PIC_TS + PIC_MARGIN;
    f->height = PIC_AXIS + (y1 - y0 + 1) * PIC_TS + PIC_MARGIN;
}

static void cell_origin(const pic_frame *f, int x, int y, int *ox, int *oy)
{
    *ox = f->ox + (x - f->x0) * PIC_TS;
    *oy = f->oy + (y - f->y0) * PIC_TS;
}

void carc__pic_style(outbuf *o)
{
    carc__out_add(o,
        "<style>"
        "text{font-family:'DejaVu Sans',Verdana,Arial,sans-serif}"
        ".axis{font-size:9px;fill:#7a7060;text-anchor:middle}"
        ".road-edge{fill:none;stroke:#5b5348;stroke-width:7;stroke-linecap:round}"
        ".road{fill:none;stroke:#f7f2e2;stroke-width:4;stroke-linecap:round}"
        ".city{fill:#d8b476;stroke:none}"
        ".wall{fill:none;stroke:#7b4a21;stroke-width:2}"
        ".tag text,.feature-ext text{font-size:6px;text-anchor:middle}"
        ".panel text{font-size:13px;fill:#222}"
        ".panel .head{font-size:15px;font-weight:bold}"
        ".figure text{font-size:7px;font-weight:bold;text-anchor:middle}"
        "</style>\n");
}

void carc__pic_axes(outbuf *o, const pic_frame *f)
{
    carc__out_add(o, "<g class=\"axis\"><g class=\"axis-x\">");
    for (int x = f->x0; x <= f->x1; x++)
        carc__out_add(o, "<text x=\"%d\" y=\"%d\">%d</text>",
                      f->ox + (x - f->x0) * PIC_TS + PIC_TS / 2, f->oy - 5, x);
    carc__out_add(o, "</g><g class=\"axis-y\">");
    for (int y = f->y0; y <= f->y1; y++)
        carc__out_add(o, "<text x=\"%d\" y=\"%d\">%d</text>", f->ox - 10,
                      f->oy + (y - f->y0) * PIC_TS + PIC_TS / 2 + 3, y);
    carc__out_add(o, "</g></g>\n");
}

/* ---------------------------------------------------------------- tiles */

static const int corner[4][2] = {{0, 0}, {PIC_TS, 0}, {PIC_TS, PIC_TS}, {0, PIC_TS}};
static const int edge_mid[4][2] = {
    {PIC_TS / 2, 0}, {PIC_TS, PIC_TS / 2}, {PIC_TS / 2, PIC_TS}, {0, PIC_TS / 2}};

/* The figure spot of segment s of a placed tile (tiles.def 'at=', or the
 * compiler's default), in picture units from the tile's corner. */
static void seg_spot(const ptile *pt, int s, int *x, int *y)
{
    const seg_def *sd = &carc__types[pt->type].seg[s];
    *x = sd->spot_x[pt->rot & 3] * PIC_TS / 90;
    *y = sd->spot_y[pt->rot & 3] * PIC_TS / 90;
}

/* A city segment: the tile's city edges joined by walls that bow into the
 * tile between them (one cap for a one-edge city, a band for two opposite
 * edges, a corner piece for two adjacent ones). */
static void draw_city(outbuf *o, uint8_t e, int ox, int oy)
{
    int start = 0;
    while (!((e >> start) & 1)) start++;
    /* walk the sides clockwise from the first city side; each run of
     * non-city sides becomes one wall curve */
    char wall[512];
    size_t wl = 0;
    wall[0] = 0;
    carc__out_add(o, "<path class=\"city\" d=\"M%d %d", ox + corner[start][0],
                  oy + corner[start][1]);
    int side = start, done = 0;
    while (done < 4) {
        if ((e >> side) & 1) {
            int n = (side + 1) % 4;
            carc__out_add(o, " L%d %d", ox + corner[n][0], oy + corner[n][1]);
            side = n, done++;
            continue;
        }
        int run = 0, s = side;
        while (run < 4 - done && !((e >> s) & 1)) s = (s + 1) % 4, run++;
        /* from corner[side] to corner[s], bowing towards the city */
        int cx = PIC_TS / 2, cy = PIC_TS / 2, kx, ky;
        if (run == 1) { /* a band: walls bowing in an eighth of a tile */
            kx = edge_mid[side][0] + (cx - edge_mid[side][0]) / 2;
            ky = edge_mid[side][1] + (cy - edge_mid[side][1]) / 2;
        } else if (run == 2) { /* a corner city: the wall bulges towards the field */
            int mid = (side + 1) % 4; /* the corner between the two sides */
            kx = cx + (corner[mid][0] - cx) * 3 / 10;
            ky = cy + (corner[mid][1] - cy) * 3 / 10;
        } else {
            int opp = (side + 1) % 4; /* the middle side of the run */
            kx = cx + (edge_mid[opp][0] - cx) * 2 / 5;
            ky = cy + (edge_mid[opp][1] - cy) * 2 / 5;
        }
        carc__out_add(o, " Q%d %d %d %d", ox + kx, oy + ky, ox + corner[s][0], oy + corner[s][1]);
        int k = snprintf(wall + wl, sizeof wall - wl, "M%d %d Q%d %d %d %d ",
                         ox + corner[side][0], oy + corner[side][1], ox + kx, oy + ky,
                         ox + corner[s][0], oy + corner[s][1]);
        if (k > 0 && (size_t)k < sizeof wall - wl) wl += (size_t)k;
        side = s, done += run;
    }
    carc__out_add(o, " Z\"/>");
    if (wl) carc__out_add(o, "<path class=\"wall\" d=\"%s\"/>", wall);
}

/* A pennant: a heraldic shield, white with a blue chevron. */
static void draw_pennant(outbuf *o, const char *cls, int x, int y)
{
    carc__out_add(o, "<g class=\"%s\" transform=\"translate(%d %d)\">"
                     "<path d=\"M-5 -6H5V0C5 4 0 7 0 7C0 7 -5 4 -5 0Z\" fill=\"#fff\" "
                     "stroke=\"#1c2f6b\" stroke-width=\"1.2\"/>"
                     "<path d=\"M-4 2L0 -2L4 2\" fill=\"none\" stroke=\"#1c2f6b\" "
                     "stroke-width=\"2\"/></g>",
                  cls, x, y);
}

static void draw_monastery(outbuf *o, int x, int y)
{
    carc__out_add(o, "<g class=\"monastery\" transform=\"translate(%d %d)\">"
                     "<rect x=\"-10\" y=\"-4\" width=\"20\" height=\"13\" fill=\"#efe4c8\" "
                     "stroke=\"#5a4630\"/>"
                     "<path d=\"M-12 -3L0 -12L12 -3Z\" fill=\"#b8322a\" stroke=\"#5a1a13\"/>"
                     "<path d=\"M0 -19V-11M-3 -16H3\" stroke=\"#5a4630\" stroke-width=\"1.5\"/>"
                     "<path d=\"M-2 9V3A2 2 0 0 1 2 3V9Z\" fill=\"#5a4630\"/></g>",
                  x, y);
}

/* Tags with a glyph of their own (anything else gets a badge with its
 * initial), and the words the legend names them by. */
typedef struct tag_glyph {
    const char *name;
    const char *body;  /* SVG at (0, 0), about 12 units across */
    const char *words; /* in the legend (NULL: the name, '_' as spaces) */
    const char *shown_by; /* an extension feature kind whose glyph shows
                             the tag on a tile that has it (NULL: none) */
} tag_glyph;

#define FAIR_GLYPH \
    "<path d=\"M-7 6L0 -4L7 6Z\" fill=\"#f6e7b0\" stroke=\"#8a3b12\"/>" \
    "<path d=\"M-3.5 6L0 -4L3.5 6\" fill=\"none\" stroke=\"#c0392b\" " \
    "stroke-width=\"1.2\"/><path d=\"M0 -4V-8L4 -6.5L0 -5\" fill=\"#c0392b\" " \
    "stroke=\"#8a3b12\" stroke-width=\".6\"/>"

/* Extension feature kinds' glyphs, about 18 units across. */
#define CIRCUS_GLYPH \
    "<circle r=\"8.5\" fill=\"#fff\" stroke=\"#b22222\" stroke-width=\"1.4\"/>" \
    "<path d=\"M0 -8.5V8.5M-8.5 0H8.5M-6 -6L6 6M-6 6L6 -6\" stroke=\"#d9453d\" " \
    "stroke-width=\"2.2\"/><circle r=\"3.2\" fill=\"#f2c500\" stroke=\"#7a5c00\" " \
    "stroke-width=\".8\"/>"
#define ACROBAT_GLYPH \
    "<path d=\"M-9 8H9\" stroke=\"#7a5c12\" stroke-width=\"1.5\"/>" \
    "<g fill=\"#fff6d8\" stroke=\"#7a3c12\" stroke-width=\"1\"><circle cx=\"-4.5\" " \
    "cy=\"3.5\" r=\"3.6\"/><circle cx=\"4.5\" cy=\"3.5\" r=\"3.6\"/><circle " \
    "cy=\"-4\" r=\"3.6\"/></g><path d=\"M-2 -8.5L0 -11L2 -8.5\" fill=\"none\" " \
    "stroke=\"#b22222\" stroke-width=\"1.2\"/>"

static const tag_glyph tag_glyphs[] = {
    {"inn", "<ellipse cx=\"0\" cy=\"3\" rx=\"6\" ry=\"3\" fill=\"#4a90c8\"/>"
            "<path d=\"M-4 0V-5L0 -8L4 -5V0Z\" fill=\"#f3e3c0\" stroke=\"#6b3a10\"/>", NULL, NULL},
    {"cathedral", "<path d=\"M-6 6V-3L-4 -7L-2 -3V-1H2V-3L4 -7L6 -3V6Z\" fill=\"#e8e2d0\" "
                  "stroke=\"#4b4032\"/><path d=\"M0 -6V0M-2 -4H2\" stroke=\"#4b4032\"/>", NULL, NULL},
    {"wine", "<g fill=\"#6a2c70\"><circle cx=\"-2\" cy=\"-2\" r=\"2\"/><circle cx=\"2\" "
             "cy=\"-2\" r=\"2\"/><circle cx=\"0\" cy=\"1\" r=\"2\"/><circle cx=\"0\" cy=\"-5\" "
             "r=\"1.5\"/><circle cx=\"-2\" cy=\"4\" r=\"1.5\"/><circle cx=\"2\" cy=\"4\" "
             "r=\"1.5\"/></g><path d=\"M0 -7L2 -9\" stroke=\"#3d7a1f\"/>", NULL, NULL},
    {"grain", "<path d=\"M0 7V-7\" stroke=\"#8a6d1a\"/><g fill=\"#e0b32a\"><ellipse cx=\"-2\" "
              "cy=\"-4\" rx=\"1.5\" ry=\"2.5\"/><ellipse cx=\"2\" cy=\"-4\" rx=\"1.5\" "
              "ry=\"2.5\"/><ellipse cx=\"-2\" cy=\"1\" rx=\"1.5\" ry=\"2.5\"/><ellipse cx=\"2\" "
              "cy=\"1\" rx=\"1.5\" ry=\"2.5\"/><ellipse cx=\"0\" cy=\"-7\" rx=\"1.3\" "
              "ry=\"2\"/></g>", NULL, NULL},
    {"cloth", "<path d=\"M-6 -4Q-3 -7 0 -4T6 -4V4Q3 1 0 4T-6 4Z\" fill=\"#3b6fd1\" "
              "stroke=\"#1b3a78\"/>", NULL, NULL},
    {"abbey", "<path d=\"M-7 6V-2A7 7 0 0 1 7 -2V6Z\" fill=\"#d9cfb8\" stroke=\"#4b4032\"/>"
              "<path d=\"M-3 6V1A3 3 0 0 1 3 1V6\" fill=\"#4b4032\"/>", NULL, NULL},
    {"volcano", "<path d=\"M-8 6L-2 -4H2L8 6Z\" fill=\"#7b4a2a\" stroke=\"#3b2110\"/>"
                "<path d=\"M-2 -4Q0 -9 2 -4Z\" fill=\"#e8401c\"/>", NULL, NULL},
    /* a dragon's wing and head: the dragon flies after this tile */
    {"dragon", "<path d=\"M-7 4L-2 -6L0 -1L4 -7L4 0L7 -1L5 4Z\" fill=\"#8b1a1a\" "
               "stroke=\"#3b0a0a\" stroke-width=\".8\"/>", "dragon symbol", NULL},
    /* the City's inner tiles: no deployment there */
    {"coc_inner", "<circle r=\"5.5\" fill=\"#fff\" stroke=\"#c0392b\" stroke-width=\"1.6\"/>"
                  "<path d=\"M-3.8 3.8L3.8 -3.8\" stroke=\"#c0392b\" stroke-width=\"1.6\"/>",
     "inner City tile (no deployment)", NULL},
    {"portal", "<circle r=\"5.5\" fill=\"none\" stroke=\"#8e44ad\" stroke-width=\"2.5\"/>"
               "<circle r=\"2\" fill=\"#d7b5ea\"/>", "magic portal", NULL},
    {"princess", "<path d=\"M-6 3L-6 -4L-3 -1L0 -6L3 -1L6 -4L6 3Z\" fill=\"#f2a6c8\" "
                 "stroke=\"#8a2f5c\"/>", NULL, NULL},
    {"tower", "<path d=\"M-5 7V-4H-3V-6H-1V-4H1V-6H3V-4H5V7Z\" fill=\"#a7a39a\" "
              "stroke=\"#4a4740\"/>", "tower foundation", NULL},
    {"garden", "<g fill=\"#2f7d32\"><circle cx=\"-3\" cy=\"1\" r=\"3.5\"/><circle cx=\"3\" "
               "cy=\"1\" r=\"3.5\"/><circle cx=\"0\" cy=\"-3\" r=\"3.5\"/></g>", NULL, NULL},
    {"hill", "<path d=\"M-8 5Q0 -9 8 5Z\" fill=\"#a0895a\" stroke=\"#5b4a28\"/>", NULL, NULL},
    {"vineyard", "<g stroke=\"#6a2c70\" stroke-width=\"2\"><path d=\"M-6 5V-5M0 5V-5M6 "
                 "5V-5\"/></g>", NULL, NULL},
    /* a market stall: a striped awning over a counter */
    {"bazaar", "<path d=\"M-7 -1H7V6H-7Z\" fill=\"#e9d6a8\" stroke=\"#5a4630\"/>"
               "<path d=\"M-8 -1L-6 -6H6L8 -1Z\" fill=\"#fff\" stroke=\"#5a4630\"/>"
               "<path d=\"M-4 -6L-5 -1M0 -6V-1M4 -6L5 -1\" stroke=\"#2f7d32\" "
               "stroke-width=\"2\"/>",
     NULL, NULL},
    /* a keep crossed out: this city may not become a castle */
    {"no_castle", "<path d=\"M-4 6V-3H-2V-5H0V-3H2V-5H4V-3V6Z\" fill=\"#cfc8b8\" "
                  "stroke=\"#4a4740\" stroke-width=\".8\"/><path d=\"M-6 -6L6 6\" "
                  "stroke=\"#c0392b\" stroke-width=\"2\"/>",
     "no castle", NULL},
    /* a striped fair tent with a pennant: a Catapult round begins here */
    {"fair", FAIR_GLYPH, "fair (a catapult round)", NULL},
    /* the tile tags of Under the Big Top: the tile's own space shows them */
    {"circus", CIRCUS_GLYPH, "circus", "circus"},
    {"acrobats", ACROBAT_GLYPH, "acrobat space", "acrobat"},
};

/* Extension feature kinds with a glyph of their own (any other: a dashed
 * disc with its initial). */
static const tag_glyph feature_glyphs[] = {
    {"circus", CIRCUS_GLYPH, "circus", NULL},
    {"acrobat", ACROBAT_GLYPH, "acrobat space", NULL},
    {"fair", FAIR_GLYPH, "fair (a catapult round)", NULL},
};

static const tag_glyph *glyph_of(const tag_glyph *table, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(table[i].name, name)) return &table[i];
    return NULL;
}
#define TAG_GLYPH(name) glyph_of(tag_glyphs, sizeof tag_glyphs / sizeof tag_glyphs[0], name)
#define FEATURE_GLYPH(name) \
    glyph_of(feature_glyphs, sizeof feature_glyphs / sizeof feature_glyphs[0], name)

/* The words for a tag or feature name: its glyph's, else the name with
 * '_' as spaces. */
static void name_words(outbuf *o, const tag_glyph *gl, const char *name)
{
    if (gl && gl->words) {
        carc__pic_xml(o, gl->words);
        return;
    }
    for (const char *c = name; c && *c; c++) {
        char one[2] = {*c == '_' ? ' ' : *c, 0};
        carc__pic_xml(o, one);
    }
}

/* A glyph for a name with none of its own: a badge (or a dashed disc) with
 * its initial, the whole name in the legend and the title. */
static void initial_badge(outbuf *o, const char *name, bool disc)
{
    char one[2] = {name && *name ? *name : '?', 0};
    if (one[0] >= 'a' && one[0] <= 'z') one[0] = (char)(one[0] - 'a' + 'A');
    if (disc)
        carc__out_add(o, "<circle r=\"8\" fill=\"#f6e7b0\" stroke=\"#7a5c12\" "
                         "stroke-dasharray=\"2 1\"/><text y=\"3\" font-size=\"9\">");
    else
        carc__out_add(o, "<rect x=\"-6\" y=\"-6\" width=\"12\" height=\"12\" rx=\"3\" "
                         "fill=\"#fffbe8\" stroke=\"#6b5a3a\" stroke-width=\"0.8\"/>"
                         "<text y=\"3\" font-size=\"8\">");
    carc__pic_xml(o, one);
    carc__out_add(o, "</text>");
}

/* A tag; shown: the tile's feature glyph shows it already (an empty group
 * with its title marks it). */
static void draw_tag(outbuf *o, const char *name, int x, int y, bool shown)
{
    const tag_glyph *gl = TAG_GLYPH(name);
    carc__out_add(o, "<g class=\"tag tag-");
    carc__pic_xml(o, name);
    carc__out_add(o, "\" data-tag=\"");
    carc__pic_xml(o, name);
    carc__out_add(o, "\" transform=\"translate(%d %d)\"><title>", x, y);
    name_words(o, gl, name);
    carc__out_add(o, "</title>");
    if (!shown && gl) carc__out_add(o, "%s", gl->body);
    else if (!shown) initial_badge(o, name, false);
    carc__out_add(o, "</g>");
}

void carc__pic_tag(outbuf *o, const char *name, int x, int y) { draw_tag(o, name, x, y, false); }

/* An extension segment kind (circus, acrobat space, ...): its glyph, or a
 * dashed disc with its initial. */
static void draw_feature_ext(outbuf *o, int kind, int x, int y)
{
    const feature_kind_def *k = carc__feature_kind(kind);
    const char *name = k ? k->name : "feature";
    const tag_glyph *gl = FEATURE_GLYPH(name);
    carc__out_add(o, "<g class=\"feature-ext\" data-feature=\"");
    carc__pic_xml(o, name);
    carc__out_add(o, "\" transform=\"translate(%d %d)\"><title>", x, y);
    name_words(o, gl, name);
    carc__out_add(o, "</title>");
    if (gl) carc__out_add(o, "%s", gl->body);
    else initial_badge(o, name, true);
    carc__out_add(o, "</g>");
}

/* Does tile type ty have an extension segment of kind `name`? */
static bool has_feature(const tile_type *ty, const char *name)
{
    for (int s = 0; s < ty->nseg; s++) {
        const feature_kind_def *k = ty->seg[s].kind >= 4 ? carc__feature_kind(ty->seg[s].kind)
                                                         : NULL;
        if (k && !strcmp(k->name, name)) return true;
    }
    return false;
}

static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

void carc__pic_tile(outbuf *o, const carc_game *g, int t, const pic_frame *f, const char *attrs)
{
    const ptile *pt = &CTILES(g)[t];
    const tile_type *ty = &carc__types[pt->type];
    int ox, oy;
    cell_origin(f, pt->x, pt->y, &ox, &oy);
    carc__out_add(o, "<g class=\"tile\" data-name=\"");
    carc__pic_xml(o, ty->name);
    carc__out_add(o, "\" data-x=\"%d\" data-y=\"%d\" data-rotation=\"%d\"%s%s>", pt->x, pt->y,
                  pt->rot, attrs && *attrs ? " " : "", attrs ? attrs : "");
    carc__out_add(o, "<rect class=\"field\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
                     "fill=\"#9cc86a\" stroke=\"#6f9a45\" stroke-width=\"0.6\"/>",
                  ox, oy, PIC_TS, PIC_TS);
    /* cities first, roads over the fields, then buildings and marks */
    for (int s = 0; s < ty->nseg; s++)
        if (ty->seg[s].kind == CARC_FEATURE_CITY && ty->seg[s].edges)
            draw_city(o, rot_edges(ty->seg[s].edges, pt->rot), ox, oy);
    int stubs = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (int s = 0; s < ty->nseg; s++) {
            const seg_def *sd = &ty->seg[s];
            if (sd->kind != CARC_FEATURE_ROAD) continue;
            uint8_t e = rot_edges(sd->edges, pt->rot);
            int side[4], n = 0;
            for (int k = 0; k < 4; k++)
                if ((e >> k) & 1) side[n++] = k;
            if (pass == 0 && n == 1) stubs++;
            carc__out_add(o, "<path class=\"%s\" d=\"", pass ? "road" : "road-edge");
            if (n == 2) { /* a curve (or a straight) through the middle */
                carc__out_add(o, "M%d %d Q%d %d %d %d", ox + edge_mid[side[0]][0],
                              oy + edge_mid[side[0]][1], ox + PIC_TS / 2, oy + PIC_TS / 2,
                              ox + edge_mid[side[1]][0], oy + edge_mid[side[1]][1]);
            } else {
                for (int k = 0; k < n; k++)
                    carc__out_add(o, "M%d %d L%d %d ", ox + edge_mid[side[k]][0],
                                  oy + edge_mid[side[k]][1], ox + PIC_TS / 2, oy + PIC_TS / 2);
            }
            carc__out_add(o, "\"/>");
        }
    }
    /* a road laid over the tile (a bridge): planks between its two sides */
    if (pt->overlay_seg != NO_OVERLAY) {
        int m[2][2], k = 0;
        for (int side = 0; side < 4 && k < 2; side++)
            if ((pt->overlay_sides >> side) & 1)
                m[k][0] = ox + edge_mid[side][0], m[k][1] = oy + edge_mid[side][1], k++;
        if (k == 2)
            carc__out_add(o, "<path class=\"bridge\" fill=\"none\" stroke=\"#8b5a2b\" "
                             "stroke-width=\"8\" stroke-dasharray=\"3 1\" d=\"M%d %d L%d %d\"/>",
                          m[0][0], m[0][1], m[1][0], m[1][1]);
    }
    if (stubs >= 3) /* roads ending on the tile meet at a house */
        carc__out_add(o, "<g class=\"junction\"><rect x=\"%d\" y=\"%d\" width=\"12\" "
                         "height=\"9\" fill=\"#efe4c8\" stroke=\"#5a4630\"/>"
                         "<path d=\"M%d %dL%d %dL%d %dZ\" fill=\"#b8322a\"/></g>",
                      ox + PIC_TS / 2 - 6, oy + PIC_TS / 2 - 3, ox + PIC_TS / 2 - 8,
                      oy + PIC_TS / 2 - 3, ox + PIC_TS / 2, oy + PIC_TS / 2 - 10,
                      ox + PIC_TS / 2 + 8, oy + PIC_TS / 2 - 3);
    for (int s = 0; s < ty->nseg; s++) {
        const seg_def *sd = &ty->seg[s];
        int x, y;
        seg_spot(pt, s, &x, &y);
        if (sd->kind == CARC_FEATURE_MONASTERY) {
            draw_monastery(o, ox + x, oy + y);
        } else if (sd->kind == CARC_FEATURE_CITY && sd->pennants) {
            /* inside the city beside one of its edges: towards a corner
             * the city fills (no wall there), away from the figure spot */
            uint8_t e = rot_edges(sd->edges, pt->rot);
            int best = -1, bx = 0, by = 0, bux = 0, buy = 0;
            for (int side = 0; side < 4; side++) {
                if (!((e >> side) & 1)) continue;
                for (int dir = 0; dir < 2; dir++) {
                    int c = dir ? (side + 1) % 4 : side; /* the corner it goes towards */
                    int other = dir ? (side + 1) % 4 : (side + 3) % 4; /* that corner's side */
                    int ux = corner[c][0] - edge_mid[side][0], uy = corner[c][1] - edge_mid[side][1];
                    ux = (ux > 0) - (ux < 0), uy = (uy > 0) - (uy < 0);
                    int px = edge_mid[side][0] + (PIC_TS / 2 - edge_mid[side][0]) * 9 / (PIC_TS / 2);
                    int py = edge_mid[side][1] + (PIC_TS / 2 - edge_mid[side][1]) * 9 / (PIC_TS / 2);
                    px += 15 * ux, py += 15 * uy;
                    int score = (px - x) * (px - x) + (py - y) * (py - y);
                    if ((e >> other) & 1) score += 10000;
                    if (score > best) best = score, bx = px, by = py, bux = ux, buy = uy;
                }
            }
            for (int k = 0; k < sd->pennants; k++) /* more pennants: back along the edge */
                draw_pennant(o, "pennant", ox + clampi(bx - 12 * k * bux, 7, PIC_TS - 7),
                             oy + clampi(by - 12 * k * buy, 8, PIC_TS - 8));
        } else if (sd->kind >= 4) {
            draw_feature_ext(o, sd->kind, ox + x, oy + y);
        }
    }
    /* segment tags beside their segment's spot, tile tags along the top */
    for (int s = 0; s < ty->nseg; s++) {
        int x, y, k = 0;
        seg_spot(pt, s, &x, &y);
        for (int b = 0; b < carc__nseg_tags && b < 32; b++)
            if ((ty->seg[s].tags >> b) & 1) {
                carc__pic_tag(o, carc__seg_tag_names[b], ox + clampi(x + 12 + 14 * k, 8, PIC_TS - 8),
                         oy + clampi(y + 10, 8, PIC_TS - 8));
                k++;
            }
    }
    for (int b = 0, k = 0; b < carc__ntile_tags && b < 32; b++)
        if ((ty->tags >> b) & 1) {
            const char *name = carc__tile_tag_names[b];
            const tag_glyph *gl = TAG_GLYPH(name);
            bool shown = gl && gl->shown_by && has_feature(ty, gl->shown_by);
            draw_tag(o, name, ox + 9 + 15 * k, oy + 9, shown);
            k += !shown;
        }
    carc__out_add(o, "</g>");
}

void carc__pic_tower(outbuf *o, const pic_frame *f, int cx, int cy, int h, bool closed,
                     const char *attrs)
{
    int ox, oy;
    cell_origin(f, cx, cy, &ox, &oy);
    /* one block a floor (at most 8 drawn), rising to the figure spot of
     * the tile's corner (where a follower on its top stands) */
    int shown = h < 8 ? h : 8;
    int x = ox + PIC_TS - 12, base = oy + 12 + 4 + 3 * 8;
    carc__out_add(o, "<g class=\"tower%s\" data-x=\"%d\" data-y=\"%d\" data-height=\"%d\" "
                     "data-open=\"%d\"%s%s><title>a tower %d floor%s high, %s</title>",
                  closed ? " closed" : "", cx, cy, h, !closed, attrs && *attrs ? " " : "",
                  attrs ? attrs : "", h, h == 1 ? "" : "s",
                  closed ? "closed by the follower on its top" : "open");
    for (int k = 0; k < shown; k++)
        carc__out_add(o, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"3\" fill=\"%s\" "
                         "stroke=\"#4a4740\" stroke-width=\".6\"/>",
                      x - 6, base - 3 * (k + 1), k % 2 ? "#bdb8ad" : "#a7a39a");
    if (!closed) /* open: battlements */
        carc__out_add(o, "<path d=\"M%d %dv-3h3v3h3v-3h3v3\" fill=\"none\" stroke=\"#4a4740\" "
                         "stroke-width=\"1\"/>",
                      x - 6, base - 3 * shown);
    /* the height, legible at a glance: a number on a white disc */
    carc__out_add(o, "<circle cx=\"%d\" cy=\"%d\" r=\"6.5\" fill=\"#fff\" stroke=\"#4a4740\"/>"
                     "<text class=\"tower-height\" x=\"%d\" y=\"%d\" font-size=\"10\" "
                     "font-weight=\"bold\" text-anchor=\"middle\">%d</text></g>",
                  x - 14, base - 4, x - 14, base - 0, h);
}

int carc__pic_tower_state(const carc_game *g, int t)
{
    const ptile *pt = &CTILES(g)[t];
    carc_structure st;
    if (carc_game_structure(g, pt->x, pt->y, &st) != CARC_OK ||
        st.kind != CARC_STRUCTURE_TOWER || (st.height == 0 && st.top < 0) || st.height < 0)
        return 0; /* an empty foundation: its tag shows it */
    return 1 + (st.height << 1 | (st.top >= 0));
}

void carc__pic_structure(outbuf *o, const carc_game *g, int t, const pic_frame *f,
                         const char *attrs)
{
    int s = carc__pic_tower_state(g, t);
    if (s)
        carc__pic_tower(o, f, CTILES(g)[t].x, CTILES(g)[t].y, (s - 1) >> 1, (s - 1) & 1, attrs);
}

int carc__pic_last_tile(const carc_game *g)
{
    if (g->last_tile >= 0 && (uint32_t)g->last_tile < g->ntiles) return g->last_tile;
    return g->nhist > 0 && g->ntiles > 1 ? (int)g->ntiles - 1 : -1;
}

void carc__pic_last(outbuf *o, const carc_game *g, const pic_frame *f)
{
    int t = carc__pic_last_tile(g);
    if (t < 0) return;
    int ox, oy;
    cell_origin(f, CTILES(g)[t].x, CTILES(g)[t].y, &ox, &oy);
    carc__out_add(o, "<g class=\"last-tile\" data-x=\"%d\" data-y=\"%d\" fill=\"none\"><title>last tile placed</title>"
                     "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" stroke=\"#000\" "
                     "stroke-width=\"4\"/><rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
                     "stroke=\"#fff\" stroke-width=\"2\" stroke-dasharray=\"5 3\"/></g>\n",
                  CTILES(g)[t].x, CTILES(g)[t].y, ox + 2, oy + 2, PIC_TS - 4, PIC_TS - 4, ox + 2,
                  oy + 2, PIC_TS - 4, PIC_TS - 4);
}

/* -------------------------------------------------------------- figures */

const char *carc__pic_role(const carc_game *g, int i)
{
    const figure *fg = &CFIGS(g)[i];
    const char *special = carc_game_figure_role(g, i); /* castle, acrobat, ... */
    if (special) return special;
    if (fg->where != CARC_WHERE_BOARD || fg->seg >= g->nsegs) return NULL;
    switch (CSEGS(g)[fg->seg].kind) {
    case CARC_FEATURE_ROAD: return "thief";
    case CARC_FEATURE_CITY: return "knight";
    case CARC_FEATURE_MONASTERY: return "monk";
    case CARC_FEATURE_FIELD: return "farmer";
    default: {
        const feature_kind_def *k = carc__feature_kind(CSEGS(g)[fg->seg].kind);
        return k ? k->name : NULL;
    }
    }
}

bool carc__pic_figure_pos(const carc_game *g, int i, const pic_frame *f, int *x, int *y)
{
    const figure *F = CFIGS(g);
    for (int depth = 0; depth < 4; depth++) {
        const figure *fg = &F[i];
        if (fg->where == CARC_WHERE_ATTACHED && fg->arg < g->nfigs && fg->arg != i) {
            i = fg->arg; /* beside the figure it is with */
            continue;
        }
        if ((fg->where != CARC_WHERE_BOARD && fg->where != CARC_WHERE_TILE) ||
            fg->tile >= g->ntiles)
            return false;
        const ptile *pt = &CTILES(g)[fg->tile];
        int ox, oy, sx = PIC_TS - 12, sy = 12;
        cell_origin(f, pt->x, pt->y, &ox, &oy);
        if (fg->where == CARC_WHERE_BOARD && fg->local < carc__types[pt->type].nseg)
            seg_spot(pt, fg->local, &sx, &sy);
        else if (fg->where == CARC_WHERE_BOARD) /* the road over the tile */
            sx = PIC_TS / 2, sy = PIC_TS / 2;
        /* the k-th figure at the same place stands a little to the side */
        int k = 0;
        for (int j = 0; j < i; j++)
            if (F[j].where == fg->where && F[j].tile == fg->tile &&
                (fg->where == CARC_WHERE_TILE || F[j].local == fg->local))
                k++;
        *x = ox + sx + 9 * k;
        *y = oy + sy - 3 * k;
        if (depth > 0) *x += 8, *y -= 8;
        return true;
    }
    return false;
}

/* A standing meeple, about 18 units tall, centred on (0, 0). */
#define MEEPLE \
    "M0 -9C2.2 -9 3.2 -7.6 3 -5.6C2.9 -4.6 2.4 -4 2.2 -3.6L7.5 -1.5C8.6 -1 8.4 .8 7.2 .8L3.5 " \
    ".2L6.5 7.6C6.8 8.5 6.2 9 5.4 9L1.6 9L0 4.6L-1.6 9L-5.4 9C-6.2 9 -6.8 8.5 -6.5 7.6L-3.5 " \
    ".2L-7.2 .8C-8.4 .8 -8.6 -1 -7.5 -1.5L-2.2 -3.6C-2.4 -4 -2.9 -4.6 -3 -5.6C-3.2 -7.6 " \
    "-2.2 -9 0 -9Z"

static const char *const neutral_colours[CARC_FIGURE_KINDS] = {
    [CARC_FIGURE_FAIRY] = "#f7c6e0", [CARC_FIGURE_DRAGON] = "#8b1a1a",
    [CARC_FIGURE_COUNT] = "#7d6bb3", [CARC_FIGURE_BIG_TOP] = "#f4f4f4",
};

void carc__pic_glyph(outbuf *o, const char *cls, int kind, int player, const char *role, int x,
                     int y)
{
    const char *fill = carc__pic_colour(player), *ink = carc__pic_ink(player);
    if (player < 0 && kind >= 0 && kind < CARC_FIGURE_KINDS && neutral_colours[kind])
        fill = neutral_colours[kind];
    if (player < 0 && kind == CARC_FIGURE_DRAGON) ink = "#fff";
    const char *name = carc__figure_name(kind);
    carc__out_add(o, "<g class=\"%s %s", cls, name ? name : "unknown");
    if (role) {
        carc__out_add(o, " ");
        carc__pic_xml(o, role);
    }
    carc__out_add(o, "\" data-player=\"%d\" data-kind=\"%s\" transform=\"translate(%d %d) scale(1.3)\">"
                     "<title>",
                  player, name ? name : "unknown", x, y);
    if (player >= 0) carc__out_add(o, "player %d ", player);
    carc__out_add(o, "%s", name ? name : "figure");
    if (role) {
        carc__out_add(o, " (");
        carc__pic_xml(o, role);
        carc__out_add(o, ")");
    }
    carc__out_add(o, "</title>");
    const char *st = "stroke=\"#1a1a1a\" stroke-width=\"1\" stroke-linejoin=\"round\"";
    bool label = player >= 0;
    int ly = 3; /* where the player number goes */
    switch (kind) {
    case CARC_FIGURE_FOLLOWER:
    case CARC_FIGURE_BIG: {
        const char *scale = kind == CARC_FIGURE_BIG ? " transform=\"scale(1.4)\"" : "";
        bool farmer = role && !strcmp(role, "farmer"), monk = role && !strcmp(role, "monk");
        carc__out_add(o, "<g%s>", scale);
        if (farmer) carc__out_add(o, "<g transform=\"rotate(-90)\">");
        if (monk) { /* a robed, hooded figure */
            carc__out_add(o, "<path d=\"M0 -9C3 -9 4 -6 3.4 -3.6L7 9H-7L-3.4 -3.6C-4 -6 -3 -9 "
                             "0 -9Z\" fill=\"%s\" %s/><path d=\"M-3.6 -3.4Q0 -1 3.6 -3.4\" "
                             "fill=\"none\" stroke=\"%s\"/>",
                          fill, st, ink);
        } else {
            carc__out_add(o, "<path d=\"" MEEPLE "\" fill=\"%s\" %s/>", fill, st);
            if (role && !strcmp(role, "knight")) /* a steel helmet with a red plume */
                carc__out_add(o, "<path d=\"M-3.6 -5C-3.9 -10.2 3.9 -10.2 3.6 -5Z\" "
                                 "fill=\"#c3c9d0\" stroke=\"#1a1a1a\" stroke-width=\".7\"/>"
                                 "<path d=\"M0 -9.3Q1.5 -13 5 -12\" fill=\"none\" "
                                 "stroke=\"#c0392b\" stroke-width=\"1.8\" "
                                 "stroke-linecap=\"round\"/>");
            else if (role && !strcmp(role, "thief")) /* a mask */
                carc__out_add(o, "<rect x=\"-3.3\" y=\"-7.4\" width=\"6.6\" height=\"2.2\" "
                                 "rx=\"1\" fill=\"%s\"/>",
                              ink);
            else if (role && !strcmp(role, "castle")) /* a knight's helmet on a keep */
                carc__out_add(o, "<path class=\"castle-glyph\" d=\"M-6 -8V-15H-4V-13H-1V-15H1V-13"
                                 "H4V-15H6V-8Z\" fill=\"#b8b0a0\" stroke=\"#1a1a1a\" "
                                 "stroke-width=\".7\"/><path d=\"M-3.6 -5C-3.9 -10.2 3.9 -10.2 "
                                 "3.6 -5Z\" fill=\"#c3c9d0\" stroke=\"#1a1a1a\" "
                                 "stroke-width=\".7\"/>");
            else if (role && !strcmp(role, "acrobat")) /* arms raised, a balancing bar */
                carc__out_add(o, "<path class=\"acrobat-glyph\" d=\"M-3 -4L-8 -12M3 -4L8 -12"
                                 "M-10 -12H10\" fill=\"none\" stroke=\"#1a1a1a\" "
                                 "stroke-width=\"1.4\" stroke-linecap=\"round\"/>");
        }
        if (label) carc__out_add(o, "<text y=\"%d\" fill=\"%s\">%d</text>", ly, ink, player);
        if (farmer) carc__out_add(o, "</g>");
        carc__out_add(o, "</g></g>");
        return;
    }
    case CARC_FIGURE_MAYOR: /* a broad meeple with a chain of office */
        carc__out_add(o, "<g transform=\"scale(1.25 1.05)\"><path d=\"" MEEPLE "\" fill=\"%s\" "
                         "%s/></g><path d=\"M-3.5 -3.5Q0 1 3.5 -3.5\" fill=\"none\" "
                         "stroke=\"#f2c500\" stroke-width=\"1.6\"/>",
                      fill, st);
        ly = 5;
        break;
    case CARC_FIGURE_WAGON:
        carc__out_add(o, "<path d=\"M-9 -5H9L7 3H-7Z\" fill=\"%s\" %s/>"
                         "<circle cx=\"-5\" cy=\"5\" r=\"3\" fill=\"#5b3a1a\" %s/>"
                         "<circle cx=\"5\" cy=\"5\" r=\"3\" fill=\"#5b3a1a\" %s/>",
                      fill, st, st, st);
        ly = 1;
        break;
    case CARC_FIGURE_BARN:
        carc__out_add(o, "<path d=\"M-9 -1L0 -10L9 -1V8H-9Z\" fill=\"%s\" %s/>"
                         "<path d=\"M-3 8V3H3V8\" fill=\"none\" stroke=\"%s\"/>",
                      fill, st, ink);
        ly = 1;
        break;
    case CARC_FIGURE_BUILDER: /* a tall meeple with a hard hat */
        carc__out_add(o, "<g transform=\"scale(0.8 1.25)\"><path d=\"" MEEPLE "\" fill=\"%s\" "
                         "%s/></g><path d=\"M-4 -10.5H4\" stroke=\"%s\" stroke-width=\"2\"/>",
                      fill, st, ink);
        break;
    case CARC_FIGURE_PIG:
        carc__out_add(o, "<ellipse cx=\"-1\" cy=\"1\" rx=\"8\" ry=\"5.5\" fill=\"%s\" %s/>"
                         "<circle cx=\"7\" cy=\"-1\" r=\"3.5\" fill=\"%s\" %s/>"
                         "<ellipse cx=\"10\" cy=\"-1\" rx=\"1.2\" ry=\"1.6\" fill=\"%s\"/>"
                         "<path d=\"M-5 6V9M3 6V9M-9 0Q-12 -3 -10 -4\" fill=\"none\" %s/>",
                      fill, st, fill, st, ink, st);
        ly = 4;
        break;
    case CARC_FIGURE_RINGMASTER: /* a meeple in a top hat */
        carc__out_add(o, "<path d=\"" MEEPLE "\" fill=\"%s\" %s/>"
                         "<path d=\"M-3 -8.5V-14H3V-8.5ZM-5 -8.5H5\" fill=\"#1a1a1a\" "
                         "stroke=\"#1a1a1a\" stroke-width=\"1.2\"/>",
                      fill, st);
        break;
    case CARC_FIGURE_FAIRY:
        carc__out_add(o, "<ellipse cx=\"-5\" cy=\"-2\" rx=\"5\" ry=\"3\" fill=\"#e8f4ff\" %s/>"
                         "<ellipse cx=\"5\" cy=\"-2\" rx=\"5\" ry=\"3\" fill=\"#e8f4ff\" %s/>"
                         "<circle r=\"3.2\" fill=\"%s\" %s/>"
                         "<path d=\"M0 3V8\" stroke=\"#1a1a1a\"/>",
                      st, st, fill, st);
        label = false;
        break;
    case CARC_FIGURE_DRAGON:
        carc__out_add(o, "<path d=\"M-10 4Q-4 -2 2 2Q6 4 9 -2L11 0L9 3Q5 8 -2 6Q-7 6 -10 4Z\" "
                         "fill=\"%s\" %s/><path d=\"M-3 2L-7 -9L1 -1ZM2 2L5 -9L6 0Z\" "
                         "fill=\"%s\" %s/>",
                      fill, st, fill, st);
        label = false;
        break;
    case CARC_FIGURE_COUNT: /* a cloaked meeple with a crown */
        carc__out_add(o, "<path d=\"" MEEPLE "\" fill=\"%s\" %s/>"
                         "<path d=\"M-3 -9L-3 -13L-1.5 -11L0 -13.5L1.5 -11L3 -13L3 -9Z\" "
                         "fill=\"#f2c500\" stroke=\"#7a5c00\" stroke-width=\".6\"/>",
                      fill, st);
        label = player >= 0;
        break;
    case CARC_FIGURE_BIG_TOP: /* a striped circus tent */
        carc__out_add(o, "<path d=\"M-10 8L0 -9L10 8Z\" fill=\"%s\" %s/>"
                         "<path d=\"M0 -9L-4 8M0 -9L4 8\" stroke=\"#c0392b\" stroke-width=\"2\"/>"
                         "<path d=\"M0 -9V-13L4 -12L0 -11\" fill=\"#c0392b\" stroke=\"#1a1a1a\" "
                         "stroke-width=\".6\"/>",
                      fill, st);
        ly = 6;
        break;
    default: /* a kind this build does not know: a disc with its number */
        carc__out_add(o, "<circle r=\"7\" fill=\"%s\" %s/><text y=\"-8\" fill=\"#000\">"
                         "?%d</text>",
                      fill, st, kind);
        break;
    }
    if (label) carc__out_add(o, "<text y=\"%d\" fill=\"%s\">%d</text>", ly, ink, player);
    carc__out_add(o, "</g>");
}

void carc__pic_figures(outbuf *o, const carc_game *g, const pic_frame *f)
{
    const figure *F = CFIGS(g);
    for (uint32_t i = 0; i < g->nfigs; i++) {
        int x, y;
        if (!carc__pic_figure_pos(g, (int)i, f, &x, &y)) continue;
        carc__pic_glyph(o, "figure", F[i].kind, F[i].owner, carc__pic_role(g, (int)i), x, y);
        /* a module's role without a glyph of its own: its word as a label */
        const char *special = carc_game_figure_role(g, (int)i);
        if (special && strcmp(special, "castle") && strcmp(special, "acrobat")) {
            carc__out_add(o, "<text class=\"role-label\" x=\"%d\" y=\"%d\">", x, y + 16);
            carc__pic_xml(o, special);
            carc__out_add(o, "</text>");
        }
        carc__out_add(o, "\n");
    }
}

/* ---------------------------------------------------------------- panel */

/* Turn, tiles left and whose turn; then per player the score, the
 * figures in supply and the tokens held. */
const char *carc__pic_held_place(const carc_game *g, int module, int arg)
{
    for (int k = 0; k < g->nmods; k++) {
        const carc_module_def *md = carc__mod(g, k);
        if (md->id == module) return md->held_place ? md->held_place(g, arg) : NULL;
    }
    return NULL;
}

/* The modules holding figures off the board (CARC_WHERE_HELD: the City's
 * quarters, prisoners), as a bit set of module ids; a panel row each. */
static uint64_t holders(const carc_game *g)
{
    carc_dungeon_info d; /* the Dungeon: a row of its own, even empty */
    uint64_t m = carc_game_dungeon(g, &d) == CARC_OK ? 1ull << CARC_MODULE_DUNGEON : 0;
    for (uint32_t i = 0; i < g->nfigs; i++)
        if (CFIGS(g)[i].where == CARC_WHERE_HELD && CFIGS(g)[i].holder < 64)
            m |= 1ull << CFIGS(g)[i].holder;
    return m;
}

static int held_rows(const carc_game *g)
{
    int n = 0;
    for (uint64_t m = holders(g); m; m &= m - 1) n++;
    return n;
}

/* Figures removed from play for good (CARC_WHERE_REMOVED: pig throwing's
 * eaten pigs, squashed big meeples): a panel row when there are any. */
static int removed_figures(const carc_game *g)
{
    int n = 0;
    for (uint32_t i = 0; i < g->nfigs; i++) n += CFIGS(g)[i].where == CARC_WHERE_REMOVED;
    return n;
}

static int panel_height(const carc_game *g, int ext_rows)
{
    return 40 + 26 * (g->nplayers + held_rows(g) + (removed_figures(g) > 0)) + 26 +
           EXT_ROW * ext_rows;
}

/* That row: "removed from play:" then the figures' glyphs, in <g
 * class="removed-figures" data-count=N>. */
static void draw_removed(outbuf *o, const carc_game *g, int x, int y)
{
    carc__out_add(o, "<g class=\"removed-figures\" data-count=\"%d\"><text x=\"%d\" "
                     "y=\"%d\">removed from play:</text>",
                  removed_figures(g), x, y + 4);
    x += 7 * (int)sizeof "removed from play: ";
    for (uint32_t i = 0; i < g->nfigs; i++) {
        if (CFIGS(g)[i].where != CARC_WHERE_REMOVED) continue;
        carc__pic_glyph(o, "removed", CFIGS(g)[i].kind, CFIGS(g)[i].owner, NULL, x, y);
        x += 26;
    }
    carc__out_add(o, "</g>");
}

/* The Dungeon (carc_game_dungeon), after its figures on its panel row: the
 * pieces below per player, the dragon and the fairy there, the entrances,
 * in <text class="dungeon-summary" data-pieces=N data-dragon=0|1
 * data-fairy=INDEX|-1 data-entrances=E>. */
static int draw_dungeon_summary(outbuf *o, const carc_game *g, int x, int y)
{
    carc_dungeon_info d;
    if (carc_game_dungeon(g, &d) != CARC_OK) return x;
    size_t len0 = o->len;
    carc__out_add(o, "<text class=\"dungeon-summary\" data-pieces=\"%d\" data-dragon=\"%d\" "
                     "data-fairy=\"%d\" data-entrances=\"%d\" x=\"%d\" y=\"%d\">below:",
                  d.num_pieces, d.dragon_inside, d.fairy_piece, d.num_entrances, x, y + 4);
    for (int p = 0; p < g->nplayers && p < CARC_MAX_PLAYERS; p++)
        carc__out_add(o, "%s player %d %d", p ? "," : "", p, d.pieces_of[p]);
    if (d.dragon_inside) carc__out_add(o, "; the dragon inside");
    if (d.fairy_piece >= 0 && (uint32_t)d.fairy_piece < g->nfigs)
        carc__out_add(o, "; the fairy beside player %d's piece",
                      (int)CFIGS(g)[d.fairy_piece].owner);
    carc__out_add(o, "; %d entrance%s", d.num_entrances, d.num_entrances == 1 ? "" : "s");
    size_t text = o->len; /* about 7 units a character of what is read */
    carc__out_add(o, "</text>");
    outbuf head = {NULL, 0, 0};
    carc__out_add(&head, "<text class=\"dungeon-summary\" data-pieces=\"%d\" data-dragon=\"%d\" "
                         "data-fairy=\"%d\" data-entrances=\"%d\" x=\"%d\" y=\"%d\">",
                  d.num_pieces, d.dragon_inside, d.fairy_piece, d.num_entrances, x, y + 4);
    return x + 7 * (int)(text - len0 - head.len);
}

/* Is placed tile t an entrance to the Dungeon (its rule E1: a tower
 * foundation; with dungeon_entrances 2 one no follower closes)? */
int carc__pic_dungeon_entrance(const carc_game *g, int t)
{
    carc_dungeon_info d;
    if (carc_game_dungeon(g, &d) != CARC_OK || d.num_entrances == 0) return 0;
    const ptile *pt = &CTILES(g)[t];
    if (!(carc__types[pt->type].tags & carc__tile_tag_bit("tower"))) return 0;
    carc_options opts;
    int r = carc_rule_by_name("dungeon_entrances");
    if (r >= 0 && carc_game_options(g, &opts) == CARC_OK && opts.rules[r] == 2) {
        carc_structure st;
        if (carc_game_structure(g, pt->x, pt->y, &st) == CARC_OK && st.top >= 0) return 0;
    }
    return 1;
}

/* The entrances: a dark arch at the tile's south-west corner, in
 * <g class="dungeon-entrance" data-x data-y> with a title. */
static void draw_dungeon_entrances(outbuf *o, const carc_game *g, const pic_frame *f)
{
    for (uint32_t t = 0; t < g->ntiles; t++) {
        if (!carc__pic_dungeon_entrance(g, (int)t)) continue;
        int ox, oy, x = CTILES(g)[t].x, y = CTILES(g)[t].y;
        cell_origin(f, x, y, &ox, &oy);
        carc__out_add(o, "<g class=\"dungeon-entrance\" data-x=\"%d\" data-y=\"%d\">"
                         "<title>an entrance to the dungeon</title>"
                         "<path d=\"M%d %dv-8a6 6 0 0 1 12 0v8Z\" fill=\"#2b2118\" "
                         "stroke=\"#f3eddc\" stroke-width=\"1\"/></g>\n",
                      x, y, ox + 4, oy + PIC_TS - 4);
    }
}

/* The figures module m holds, grouped by place (the role the module gives
 * them -- a City quarter's name --, else the holder's value), each group
 * its words then its figures' glyphs, in <g class="held-figures"
 * data-module=NAME> from (x, y). */
static int draw_held(outbuf *o, const carc_game *g, int m, int x, int y)
{
    const figure *F = CFIGS(g);
    const char *mn = carc_module_name(m);
    carc__out_add(o, "<g class=\"held-figures\" data-module=\"");
    carc__pic_xml(o, mn ? mn : "module");
    carc__out_add(o, "\"><text x=\"%d\" y=\"%d\">held by ", x, y + 4);
    carc__pic_xml(o, mn ? mn : "a module");
    carc__out_add(o, ":</text>");
    x += 7 * (int)(sizeof "held by : " + (mn ? strlen(mn) : 8));
    for (uint32_t i = 0; i < g->nfigs; i++) {
        if (F[i].where != CARC_WHERE_HELD || F[i].holder != m) continue;
        bool first = true;
        for (uint32_t j = 0; j < i && first; j++)
            first = !(F[j].where == CARC_WHERE_HELD && F[j].holder == m && F[j].arg == F[i].arg);
        if (!first) continue;
        const char *role = carc__pic_held_place(g, m, (int)F[i].arg);
        char num[16];
        snprintf(num, sizeof num, "%d", (int)F[i].arg);
        const char *place = role ? role : num;
        carc__out_add(o, "<g class=\"held-place\" data-place=\"");
        carc__pic_xml(o, place);
        carc__out_add(o, "\"><text x=\"%d\" y=\"%d\">", x, y + 4);
        carc__pic_xml(o, place);
        carc__out_add(o, "</text>");
        x += 7 * (int)strlen(place) + 16;
        for (uint32_t j = i; j < g->nfigs; j++) {
            if (F[j].where != CARC_WHERE_HELD || F[j].holder != m || F[j].arg != F[i].arg)
                continue;
            carc__pic_glyph(o, "held", F[j].kind, F[j].owner, NULL, x, y);
            x += 26;
        }
        carc__out_add(o, "</g>");
        x += 10;
    }
    if (m == CARC_MODULE_DUNGEON) x = draw_dungeon_summary(o, g, x, y);
    carc__out_add(o, "</g>");
    return x;
}

/* How far right the rows of held figures reach (the Dungeon's summary
 * included), drawn from x = 24 as the panel draws them. */
static int held_width(const carc_game *g)
{
    int w = 0;
    for (int m = 0; m < 64; m++) {
        if (!((holders(g) >> m) & 1)) continue;
        outbuf none = {NULL, 0, 0};
        int x = draw_held(&none, g, m, 24, 0);
        if (x > w) w = x;
    }
    return w;
}

/* Token kinds by name (carc_token_kind); a kind past the table is shown as
 * "token N". */
static const char *const token_names[] = {
    "wine", "grain", "cloth", "abbey", "bridge", "castle", "tower floor", NULL,
    /* the Big Top's animal tokens (revealed: player -1) */
    "flea", "monkey", "seal", "bear", "tiger", "elephant", NULL, NULL,
    /* the Catapult's tokens, one of each kind a player */
    "knock-out", "seduction", "target", "catch"};

const char *carc__pic_token_name(int kind)
{
    return kind >= 0 && kind < (int)(sizeof token_names / sizeof token_names[0])
               ? token_names[kind]
               : NULL;
}

/* The panel's first line: "Turn N · M tiles left" or "Game over after
 * turn N · ..." (·: one character); its length in characters. */
static int head_text(const carc_game *g, char *buf, size_t cap)
{
    int over = carc_game_is_terminal(g) == 1;
    int n = snprintf(buf, cap, "%s %d &#183; %d tile%s left",
                     over ? "Game over after turn" : "Turn", g->turn, g->total_remaining,
                     g->total_remaining == 1 ? "" : "s");
    return n < 0 ? 0 : n - (int)(sizeof "&#183;" - 2);
}

/* Where the tokens of no player go on the panel's first line: after the
 * heading (15 units bold: at most 9 units a character), from 240 on. */
static int revealed_x(const carc_game *g)
{
    char head[96];
    int x = 14 + 9 * head_text(g, head, sizeof head) + 16;
    return x > 240 ? x : 240;
}

/* The tokens player p holds (-1: no player's), every kind with a count (carc_game_tokens),
 * "1 wine, 2 cloth"; the number of characters written (0: none). */
static size_t token_text(const carc_game *g, int p, outbuf *o)
{
    size_t len0 = o->len;
    int any = 0;
    for (int k = 0; k < CARC_TOKEN_KINDS; k++) {
        int n = carc_game_tokens(g, p, k);
        if (n <= 0) continue;
        const char *name = carc__pic_token_name(k);
        if (name)
            carc__out_add(o, "%s%d %s", any ? ", " : "", n, name);
        else
            carc__out_add(o, "%s%d token %d", any ? ", " : "", n, k);
        any = 1;
    }
    return o->len - len0;
}

size_t carc__pic_held_text(const carc_game *g, int player, const char *prefix, int xml,
                           outbuf *o)
{
    int32_t types[CARC_MAX_TILES];
    size_t n = 0, len0 = o->len;
    if (carc_game_held_tiles(g, player, types, CARC_MAX_TILES, &n) != CARC_OK || n == 0) return 0;
    carc__out_add(o, "%s", prefix);
    for (size_t i = 0; i < n; i++) {
        const char *name = carc_tile_name(types[i]);
        if (i) carc__out_add(o, ", ");
        if (!name) carc__out_add(o, "tile %d", (int)types[i]);
        else if (xml) carc__pic_xml(o, name);
        else carc__out_add(o, "%s", name);
    }
    return o->len - len0;
}

/* A figure kind in words, one or many ("1 follower", "0 followers", "1 big
 * meeple"); a kind with no name: "figure(s)". */
static const char *const figure_words[CARC_FIGURE_KINDS][2] = {
    [CARC_FIGURE_FOLLOWER] = {"follower", "followers"},
    [CARC_FIGURE_BIG] = {"big meeple", "big meeples"},
    [CARC_FIGURE_MAYOR] = {"mayor", "mayors"},
    [CARC_FIGURE_WAGON] = {"wagon", "wagons"},
    [CARC_FIGURE_BARN] = {"barn", "barns"},
    [CARC_FIGURE_BUILDER] = {"builder", "builders"},
    [CARC_FIGURE_PIG] = {"pig", "pigs"},
    [CARC_FIGURE_RINGMASTER] = {"ringmaster", "ringmasters"},
    [CARC_FIGURE_FAIRY] = {"fairy", "fairies"},
    [CARC_FIGURE_DRAGON] = {"dragon", "dragons"},
    [CARC_FIGURE_COUNT] = {"count", "counts"},
    [CARC_FIGURE_BIG_TOP] = {"Big Top", "Big Tops"},
};

const char *carc__pic_figure_words(int kind, int n)
{
    const char *w = kind >= 0 && kind < CARC_FIGURE_KINDS ? figure_words[kind][n != 1] : NULL;
    return w ? w : n == 1 ? "figure" : "figures";
}

/* ------------------------------------------------------- the ext legend */

/* The extension glyphs the board of g shows (feature kinds and tags of its
 * placed tiles, a tag its tile's feature shows left out), each once, by
 * name; their number (at most cap kept). */
typedef struct ext_item {
    const char *name;
    bool feature;
} ext_item;

static int add_item(ext_item *out, int n, int cap, const char *name, bool feature)
{
    for (int i = 0; i < n && i < cap; i++)
        if (!strcmp(out[i].name, name)) return n;
    if (n < cap) out[n].name = name, out[n].feature = feature;
    return n + 1;
}

static int ext_items(const carc_game *g, ext_item *out, int cap)
{
    int n = 0;
    for (int pass = 0; pass < 3; pass++) /* features, tile tags, segment tags */
        for (uint32_t t = 0; t < g->ntiles; t++) {
            const tile_type *ty = &carc__types[CTILES(g)[t].type];
            if (pass == 0)
                for (int s = 0; s < ty->nseg; s++) {
                    const feature_kind_def *k =
                        ty->seg[s].kind >= 4 ? carc__feature_kind(ty->seg[s].kind) : NULL;
                    if (k) n = add_item(out, n, cap, k->name, true);
                }
            if (pass == 1)
                for (int b = 0; b < carc__ntile_tags && b < 32; b++) {
                    if (!((ty->tags >> b) & 1)) continue;
                    const tag_glyph *gl = TAG_GLYPH(carc__tile_tag_names[b]);
                    if (gl && gl->shown_by && has_feature(ty, gl->shown_by)) continue;
                    n = add_item(out, n, cap, carc__tile_tag_names[b], false);
                }
            if (pass == 2)
                for (int s = 0; s < ty->nseg; s++)
                    for (int b = 0; b < carc__nseg_tags && b < 32; b++)
                        if ((ty->seg[s].tags >> b) & 1)
                            n = add_item(out, n, cap, carc__seg_tag_names[b], false);
        }
    return n < cap ? n : cap;
}

int carc__pic_legend_ext(outbuf *o, const carc_game *g, int x, int y, int width)
{
    ext_item items[64];
    int n = ext_items(g, items, 64);
    if (n == 0) return 0;
    int rows = 1, cx = x;
    carc__out_add(o, "<g class=\"legend-ext\">");
    for (int i = 0; i < n; i++) {
        const tag_glyph *gl = items[i].feature ? FEATURE_GLYPH(items[i].name)
                                               : TAG_GLYPH(items[i].name);
        outbuf words = {NULL, 0, 0};
        name_words(&words, gl, items[i].name);
        int w = 28 + 7 * (int)words.len + 14;
        if (cx > x && cx + w > x + width) cx = x, y += EXT_ROW, rows++;
        carc__out_add(o, "<g class=\"legend-mark\" data-name=\"");
        carc__pic_xml(o, items[i].name);
        carc__out_add(o, "\" transform=\"translate(%d %d)\">", cx + 10, y);
        if (gl) carc__out_add(o, "%s", gl->body);
        else initial_badge(o, items[i].name, items[i].feature);
        carc__out_add(o, "</g><text x=\"%d\" y=\"%d\" font-size=\"11\">", cx + 24, y + 4);
        name_words(o, gl, items[i].name);
        carc__out_add(o, "</text>");
        cx += w;
    }
    carc__out_add(o, "</g>");
    return rows;
}

/* The figure kinds any player owns (the supply columns). */
static int owned_kinds(const carc_game *g)
{
    int kinds = 0;
    for (int k = 0; k < CARC_FIGURE_KINDS; k++)
        for (uint32_t i = 0; i < g->nfigs; i++)
            if (CFIGS(g)[i].owner >= 0 && CFIGS(g)[i].kind == k) {
                kinds++;
                break;
            }
    return kinds;
}

/* Where the tokens start on a player's row: after the longest supply. */
static int tokens_x(const carc_game *g)
{
    int kinds = owned_kinds(g);
    return 240 + 95 * (kinds ? kinds : 1);
}

/* Where a player's held tiles go on its row: after its tokens, if any. */
static int held_x(const carc_game *g, int p)
{
    outbuf count = {NULL, 0, 0};
    size_t n = token_text(g, p, &count);
    return n ? tokens_x(g) + 7 * (int)(n + sizeof "tokens: ") + 10 : tokens_x(g);
}

/* Where the face-up row goes on the first line: after the revealed tokens. */
static int face_up_x(const carc_game *g)
{
    outbuf none = {NULL, 0, 0};
    size_t n = token_text(g, -1, &none);
    return n ? revealed_x(g) + 7 * (int)(n + sizeof "out of the game: ") + 10 : revealed_x(g);
}

int carc__pic_legend(outbuf *o, int x, int y)
{
    static const char *const roles[] = {"knight", "thief", "monk", "farmer"};
    static const char *const words[] = {"city", "road", "monastery", "field"};
    carc__out_add(o, "<g class=\"legend\">");
    for (int r = 0; r < 4; r++) {
        carc__pic_glyph(o, "legend-mark", CARC_FIGURE_FOLLOWER, -1, roles[r], x + 10, y);
        carc__out_add(o, "<text x=\"%d\" y=\"%d\" font-size=\"11\">%s</text>", x + 27, y + 4,
                      words[r]);
        x += r == 2 ? 104 : 72;
    }
    draw_pennant(o, "legend-mark", x + 8, y);
    carc__out_add(o, "<text x=\"%d\" y=\"%d\" font-size=\"11\">pennant</text>", x + 20, y + 4);
    x += 78;
    carc__out_add(o, "<rect x=\"%d\" y=\"%d\" width=\"14\" height=\"14\" fill=\"#9cc86a\" "
                     "stroke=\"#000\" stroke-width=\"2\" stroke-dasharray=\"4 2\"/>"
                     "<text x=\"%d\" y=\"%d\" font-size=\"11\">last tile</text></g>",
                  x, y - 7, x + 20, y + 4);
    return x + 70;
}

static void draw_panel(outbuf *o, const carc_game *g, int width, int ext_rows)
{
    int over = carc_game_is_terminal(g) == 1, cur = carc_game_current_player(g);
    carc__out_add(o, "<g class=\"panel\"><rect x=\"4\" y=\"4\" width=\"%d\" height=\"%d\" "
                     "rx=\"6\" fill=\"#fffdf6\" stroke=\"#c9bfa5\"/>",
                  width - 8, panel_height(g, ext_rows) - 8);
    char head[96];
    head_text(g, head, sizeof head);
    carc__out_add(o, "<text class=\"head\" x=\"14\" y=\"24\">%s</text>", head);
    /* tokens of no player (the animal tokens revealed so far), if any */
    outbuf none = {NULL, 0, 0};
    if (token_text(g, -1, &none)) {
        carc__out_add(o, "<text class=\"revealed\" x=\"%d\" y=\"24\">out of the game: ",
                      revealed_x(g));
        token_text(g, -1, o);
        carc__out_add(o, "</text>");
    }
    /* tiles lying face up that nobody owns yet (a bazaar's row), if any */
    outbuf up = {NULL, 0, 0};
    if (carc__pic_held_text(g, -1, "face up: ", 1, &up)) {
        carc__out_add(o, "<text class=\"face-up\" x=\"%d\" y=\"24\">", face_up_x(g));
        carc__pic_held_text(g, -1, "face up: ", 1, o);
        carc__out_add(o, "</text>");
    }
    for (int p = 0; p < g->nplayers; p++) {
        int y = 36 + 26 * p;
        carc__pic_glyph(o, "player-mark", CARC_FIGURE_FOLLOWER, p, NULL, 24, y + 10);
        carc__out_add(o, "<text class=\"score\" data-player=\"%d\" x=\"44\" y=\"%d\"%s>"
                         "Player %d: %d point%s%s</text>",
                      p, y + 15, p == cur ? " font-weight=\"bold\"" : "", p, g->score[p],
                      g->score[p] == 1 ? "" : "s", p == cur && !over ? " &#9664; to play" : "");
        /* the figures of each kind the player owns, by how many are in supply */
        carc__out_add(o, "<text class=\"supply\" data-player=\"%d\" x=\"230\" y=\"%d\">"
                         "in supply:",
                      p, y + 15);
        int any = 0;
        for (int k = 0; k < CARC_FIGURE_KINDS; k++) {
            bool owns = false;
            for (uint32_t i = 0; i < g->nfigs && !owns; i++)
                owns = CFIGS(g)[i].owner == p && CFIGS(g)[i].kind == k;
            if (!owns) continue;
            carc__out_add(o, "%s %d %s", any ? "," : "", g->supply[p][k],
                          carc__pic_figure_words(k, g->supply[p][k]));
            any = 1;
        }
        if (!any) carc__out_add(o, " none");
        carc__out_add(o, "</text>");
        /* the tokens it holds (goods, ...), if any */
        outbuf count = {NULL, 0, 0};
        if (token_text(g, p, &count)) {
            carc__out_add(o, "<text class=\"tokens\" data-player=\"%d\" x=\"%d\" y=\"%d\">"
                             "tokens: ",
                          p, tokens_x(g), y + 15);
            token_text(g, p, o);
            carc__out_add(o, "</text>");
        }
        /* the tiles it holds to play later (a bazaar's), if any */
        outbuf held = {NULL, 0, 0};
        if (carc__pic_held_text(g, p, "holds ", 1, &held)) {
            carc__out_add(o, "<text class=\"held\" data-player=\"%d\" x=\"%d\" y=\"%d\">",
                          p, held_x(g, p), y + 15);
            carc__pic_held_text(g, p, "holds ", 1, o);
            carc__out_add(o, "</text>");
        }
    }
    int rows = g->nplayers;
    for (int m = 0; m < 64; m++)
        if ((holders(g) >> m) & 1) draw_held(o, g, m, 24, 36 + 26 * rows++ + 10);
    if (removed_figures(g)) draw_removed(o, g, 24, 36 + 26 * rows++ + 10);
    carc__pic_legend(o, 14, 36 + 26 * rows + 14);
    carc__pic_legend_ext(o, g, 14, 36 + 26 * rows + 14 + EXT_ROW, width - 28);
    carc__out_add(o, "</g>\n");
}

/* The dragon's flight in progress (carc_game_dragon, when Princess & the
 * Dragon is in play): a dashed line through the centres of the tiles it has
 * visited in this flight, the start first and its tile last, a dot on each,
 * in <g class="dragon-flight" data-steps-left=N data-visited=K>, with a
 * title for a person; nothing between flights. */
void carc__pic_dragon_flight(outbuf *o, const carc_game *g, const pic_frame *f)
{
    carc_dragon_info d;
    if (carc_game_dragon(g, &d) != CARC_OK || !d.flying || d.num_visited < 1) return;
    int n = d.num_visited < 7 ? d.num_visited : 7;
    carc__out_add(o, "<g class=\"dragon-flight\" data-steps-left=\"%d\" data-visited=\"%d\">"
                     "<title>the dragon's flight: %d tile%s visited, %d step%s left</title>"
                     "<polyline fill=\"none\" stroke=\"#8b1a1a\" stroke-width=\"3\" "
                     "stroke-dasharray=\"7 4\" stroke-opacity=\".8\" points=\"",
                  d.steps_left, n, n, n == 1 ? "" : "s", d.steps_left,
                  d.steps_left == 1 ? "" : "s");
    for (int k = 0; k < n; k++) {
        int ox, oy;
        cell_origin(f, d.visited_x[k], d.visited_y[k], &ox, &oy);
        carc__out_add(o, "%s%d,%d", k ? " " : "", ox + PIC_TS / 2, oy + PIC_TS / 2);
    }
    carc__out_add(o, "\"/>");
    for (int k = 0; k < n; k++) {
        int ox, oy;
        cell_origin(f, d.visited_x[k], d.visited_y[k], &ox, &oy);
        carc__out_add(o, "<circle class=\"dragon-visited\" data-x=\"%d\" data-y=\"%d\" "
                         "cx=\"%d\" cy=\"%d\" r=\"4\" fill=\"#8b1a1a\"/>",
                      d.visited_x[k], d.visited_y[k], ox + PIC_TS / 2, oy + PIC_TS / 2);
    }
    carc__out_add(o, "</g>\n");
}

/* v in tenths, as "-12.5" (no %f: a host's locale could print a comma). */
static void tenths(char *b, size_t n, double v)
{
    long t = (long)(v * 10 + (v < 0 ? -.5 : .5));
    snprintf(b, n, "%s%ld.%ld", t < 0 ? "-" : "", (t < 0 ? -t : t) / 10, (t < 0 ? -t : t) % 10);
}

/* The Catapult's round running or the last one (carc_game_catapult), once a
 * hurl was made: its fair tile ringed, and each token that came to rest on
 * the map a disc in its player's colour at its resting point (board
 * millimetres, doc/geometry.md: 45 mm a tile, the centre of cell (0, 0) at
 * 0, 0), with the followers a knock-out sent home, in <g
 * class="catapult-round" data-kind=K data-running=0|1 data-fair-x=X
 * data-fair-y=Y> and <g class="catapult-rest" data-player=P data-x-mm=X
 * data-y-mm=Y data-knocked-out=N>, a title for a person. */
static void draw_catapult(outbuf *o, const carc_game *g, const pic_frame *f)
{
    static const char *const kinds[4] = {"knock-out", "seduction", "target", "catch"};
    carc_catapult_info c;
    if (carc_game_catapult(g, &c) != CARC_OK || c.num_hurls == 0 ||
        c.kind < CARC_TOKEN_KNOCKOUT || c.kind > CARC_TOKEN_CATCH)
        return;
    int ox, oy;
    cell_origin(f, c.fair_x, c.fair_y, &ox, &oy);
    carc__out_add(o, "<g class=\"catapult-round\" data-kind=\"%s\" data-running=\"%d\" "
                     "data-fair-x=\"%d\" data-fair-y=\"%d\"><title>catapult round %d (%s%s) "
                     "at the fair %d,%d</title><rect x=\"%d\" y=\"%d\" width=\"%d\" "
                     "height=\"%d\" fill=\"none\" stroke=\"#8a3b12\" stroke-width=\"2\" "
                     "stroke-dasharray=\"4 3\"/>",
                  kinds[c.kind - CARC_TOKEN_KNOCKOUT], c.in_round, c.fair_x, c.fair_y,
                  c.rounds + c.in_round, kinds[c.kind - CARC_TOKEN_KNOCKOUT],
                  c.in_round ? ", running" : "", c.fair_x, c.fair_y, ox + 2, oy + 2,
                  PIC_TS - 4, PIC_TS - 4);
    for (int q = 0; q < c.num_hurls && q < 6; q++) /* the tokens off the map */
        if (c.kind != CARC_TOKEN_CATCH && !c.result[q])
            carc__out_add(o, "<g class=\"catapult-off\" data-player=\"%d\"><title>player "
                             "%d's token off the map</title></g>",
                          c.hurler[q], c.hurler[q]);
    int zx, zy; /* the centre of cell (0, 0) */
    cell_origin(f, 0, 0, &zx, &zy);
    zx += PIC_TS / 2;
    zy += PIC_TS / 2;
    for (int q = 0; q < c.num_hurls && q < 6; q++) {
        if (c.kind == CARC_TOKEN_CATCH || !c.result[q] || !c.point_known[q]) continue;
        char xs[32], ys[32];
        tenths(xs, sizeof xs, c.x_mm[q]);
        tenths(ys, sizeof ys, c.y_mm[q]);
        int px = zx + (int)(c.x_mm[q] * PIC_TS / 45.0 + (c.x_mm[q] < 0 ? -.5 : .5));
        int py = zy + (int)(c.y_mm[q] * PIC_TS / 45.0 + (c.y_mm[q] < 0 ? -.5 : .5));
        int ko = c.kind == CARC_TOKEN_KNOCKOUT ? c.knocked_out[q] : 0;
        carc__out_add(o, "<g class=\"catapult-rest\" data-player=\"%d\" data-x-mm=\"%s\" "
                         "data-y-mm=\"%s\" data-knocked-out=\"%d\"><title>player %d's %s "
                         "token at %s,%s mm",
                      c.hurler[q], xs, ys, ko, c.hurler[q], kinds[c.kind - CARC_TOKEN_KNOCKOUT],
                      xs, ys);
        if (c.kind == CARC_TOKEN_KNOCKOUT)
            carc__out_add(o, ", %d follower%s knocked out", ko, ko == 1 ? "" : "s");
        carc__out_add(o, "</title><circle cx=\"%d\" cy=\"%d\" r=\"6\" fill=\"%s\" "
                         "stroke=\"#222\" stroke-width=\"1.5\"/><path d=\"M%d %dh8M%d %dv8\" "
                         "stroke=\"#222\"/></g>",
                      px, py, carc__pic_colour(c.hurler[q]), px - 4, py, px, py - 4);
    }
    carc__out_add(o, "</g>\n");
}

/* Pig throwing's throws legal now (carc_game_throws, at a deployment that
 * offers "throw" or part-way through one): from the thrower's pig to each
 * landing tile a dotted line, in <g class="pig-throws" data-count=N
 * data-from-x=X data-from-y=Y> with a <g class="pig-throw" data-x data-y
 * data-throws=K> per landing tile (K throws land there: segments, kinds,
 * knock-offs), a title for a person; nothing when no throw is legal. */
#define MAX_DRAWN_THROWS 256
static void draw_pig_throws(outbuf *o, const carc_game *g, const pic_frame *f)
{
    size_t n = 0;
    carc_throw_info th[MAX_DRAWN_THROWS];
    int rc = carc_game_throws(g, th, MAX_DRAWN_THROWS, &n);
    if ((rc != CARC_OK && rc != CARC_E_BUFFER) || n == 0) return;
    int p = carc_game_current_player(g), px = 0, py = 0, found = 0;
    for (uint32_t i = 0; i < g->nfigs && !found; i++) {
        const figure *F = &CFIGS(g)[i];
        if (F->kind != CARC_FIGURE_PIG || F->owner != p || F->where != CARC_WHERE_BOARD ||
            F->tile >= g->ntiles)
            continue;
        px = CTILES(g)[F->tile].x, py = CTILES(g)[F->tile].y, found = 1;
    }
    if (!found) return;
    size_t drawn = n < MAX_DRAWN_THROWS ? n : MAX_DRAWN_THROWS;
    int ox, oy;
    cell_origin(f, px, py, &ox, &oy);
    carc__out_add(o, "<g class=\"pig-throws\" data-count=\"%d\" data-from-x=\"%d\" "
                     "data-from-y=\"%d\"><title>player %d's pig at %d,%d may be thrown: %d "
                     "throw%s",
                  (int)n, px, py, p, px, py, (int)n, n == 1 ? "" : "s");
    if (drawn < n) carc__out_add(o, " (the first %d drawn)", (int)drawn);
    carc__out_add(o, "</title>");
    for (size_t k = 0; k < drawn; k++) {
        bool first = true; /* one line per landing tile */
        for (size_t j = 0; j < k && first; j++) first = th[j].x != th[k].x || th[j].y != th[k].y;
        if (!first) continue;
        int same = 0;
        for (size_t j = k; j < drawn; j++) same += th[j].x == th[k].x && th[j].y == th[k].y;
        int lx, ly;
        cell_origin(f, th[k].x, th[k].y, &lx, &ly);
        carc__out_add(o, "<g class=\"pig-throw\" data-x=\"%d\" data-y=\"%d\" "
                         "data-throws=\"%d\"><title>to %d,%d, %d tile%s: %d throw%s</title>"
                         "<path d=\"M%d %dL%d %d\" stroke=\"%s\" stroke-width=\"2.5\" "
                         "stroke-dasharray=\"2 4\" stroke-linecap=\"round\"/><circle cx=\"%d\" "
                         "cy=\"%d\" r=\"5\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"/></g>",
                      th[k].x, th[k].y, same, th[k].x, th[k].y, (int)th[k].distance,
                      th[k].distance == 1 ? "" : "s", same, same == 1 ? "" : "s",
                      ox + PIC_TS / 2, oy + PIC_TS / 2, lx + PIC_TS / 2, ly + PIC_TS / 2,
                      carc__pic_colour(p), lx + PIC_TS / 2, ly + PIC_TS / 2, carc__pic_colour(p));
    }
    carc__out_add(o, "</g>\n");
}

/* The words of a carc_throw_outcome and of a throw's kind. */
static const char *const throw_outcome_words[] = {
    "the pig landed", "the dragon ate the pig", "the big meeple's stance caught the pig",
    "the big meeple, injured, was replaced by a meeple; the pig is out",
    "the big meeple was removed and the pig landed"};
static const char *const throw_outcome_names[] = {"lands", "eaten", "caught", "replaced",
                                                  "big-squashed"};
static const char *const throw_kind_names[] = {"normal", "long", "high"};

/* Pig throwing's last throw (carc_game_last_throw), whichever turn it was
 * made in: a solid line through the cells of its path with a square on
 * each and an arrowhead at the landing (the legal throws are dotted lines
 * ending in circles), a cross on the landing when the pig did not stay
 * there, in <g class="pig-last-throw" data-player data-turn data-this-turn
 * data-from-x data-from-y data-x data-y data-distance data-kind
 * data-outcome data-squashed=N> with a <rect class="pig-path-cell" data-x
 * data-y> per cell and a title for a person; faint when not made this
 * turn; nothing before the first throw or without pig throwing. */
static void draw_pig_last_throw(outbuf *o, const carc_game *g, const pic_frame *f)
{
    carc_throw_record r;
    r.size = sizeof r;
    if (carc_game_last_throw(g, &r) != CARC_OK) return;
    int oc = r.outcome >= 0 && r.outcome < 5 ? r.outcome : 0;
    int kd = r.kind >= 0 && r.kind < 3 ? r.kind : 0;
    const char *col = carc__pic_colour(r.player);
    carc__out_add(o, "<g class=\"pig-last-throw\" data-player=\"%d\" data-turn=\"%d\" "
                     "data-this-turn=\"%d\" data-from-x=\"%d\" data-from-y=\"%d\" "
                     "data-x=\"%d\" data-y=\"%d\" data-distance=\"%d\" data-kind=\"%s\" "
                     "data-outcome=\"%s\" data-squashed=\"%d\"%s><title>turn %d: player %d "
                     "threw the pig from %d,%d to %d,%d, %d tile%s (%s throw",
                  r.player, r.turn, r.this_turn, r.from_x, r.from_y, r.x, r.y, r.distance,
                  throw_kind_names[kd], throw_outcome_names[oc], r.num_squashed,
                  r.this_turn ? "" : " opacity=\"0.45\"", r.turn, r.player, r.from_x, r.from_y,
                  r.x, r.y, r.distance, r.distance == 1 ? "" : "s", throw_kind_names[kd]);
    if (r.knock >= 0) carc__out_add(o, ", knocking figure %d off a tower", r.knock);
    carc__out_add(o, "): %s", throw_outcome_words[oc]);
    if (r.num_squashed)
        carc__out_add(o, ", %d follower%s squashed", r.num_squashed,
                      r.num_squashed == 1 ? "" : "s");
    carc__out_add(o, "</title>");
    int n = r.num_path < CARC_THROW_PATH_MAX ? r.num_path : CARC_THROW_PATH_MAX;
    for (int i = 0; i < n; i++) {
        int cx, cy;
        cell_origin(f, r.path_x[i], r.path_y[i], &cx, &cy);
        carc__out_add(o, "<rect class=\"pig-path-cell\" data-x=\"%d\" data-y=\"%d\" x=\"%d\" "
                         "y=\"%d\" width=\"8\" height=\"8\" fill=\"%s\" stroke=\"#222\"/>",
                      r.path_x[i], r.path_y[i], cx + PIC_TS / 2 - 4, cy + PIC_TS / 2 - 4, col);
    }
    int ax, ay, bx, by;
    cell_origin(f, r.from_x, r.from_y, &ax, &ay);
    cell_origin(f, r.x, r.y, &bx, &by);
    ax += PIC_TS / 2, ay += PIC_TS / 2, bx += PIC_TS / 2, by += PIC_TS / 2;
    /* the arrowhead: 10 units back along the line, 5 to each side */
    int dx = r.x - r.from_x, dy = r.y - r.from_y;
    int sx = dx > 0 ? 1 : dx < 0 ? -1 : 0, sy = dy > 0 ? 1 : dy < 0 ? -1 : 0;
    int hx = bx - 10 * sx, hy = by - 10 * sy;
    carc__out_add(o, "<path d=\"M%d %dL%d %d\" stroke=\"#222\" stroke-width=\"5\" "
                     "stroke-linecap=\"round\"/><path d=\"M%d %dL%d %d\" stroke=\"%s\" "
                     "stroke-width=\"3\" stroke-linecap=\"round\"/><path class=\"pig-arrow\" "
                     "d=\"M%d %dL%d %dL%d %dZ\" fill=\"%s\" stroke=\"#222\"/>",
                  ax, ay, bx, by, ax, ay, bx, by, col, bx, by, hx - 5 * sy, hy + 5 * sx,
                  hx + 5 * sy, hy - 5 * sx, col);
    if (oc == CARC_THROW_EATEN || oc == CARC_THROW_CAUGHT || oc == CARC_THROW_REPLACED)
        carc__out_add(o, "<path class=\"pig-gone\" d=\"M%d %dl12 12M%d %dl-12 12\" "
                         "stroke=\"#b00\" stroke-width=\"3\"/>",
                      bx + 6, by - 18, bx + 18, by - 18);
    carc__out_add(o, "</g>\n");
}

/* The dragon asleep (pig throwing B10: its state byte 1 while it naps, on
 * the board): "z z" over its tile's north-east corner, in <g
 * class="dragon-nap" data-x data-y> with a title. */
static void draw_dragon_nap(outbuf *o, const carc_game *g, const pic_frame *f)
{
    carc_dragon_info d;
    if (carc_game_dragon(g, &d) != CARC_OK || !d.dragon_on_board) return;
    for (uint32_t i = 0; i < g->nfigs; i++) {
        const figure *F = &CFIGS(g)[i];
        if (F->kind != CARC_FIGURE_DRAGON || F->state != 1) continue;
        int ox, oy;
        cell_origin(f, d.dragon_x, d.dragon_y, &ox, &oy);
        carc__out_add(o, "<g class=\"dragon-nap\" data-x=\"%d\" data-y=\"%d\"><title>the "
                         "dragon naps: the next dragon tile wakes it instead of a flight"
                         "</title><text x=\"%d\" y=\"%d\" font-size=\"11\" "
                         "font-style=\"italic\" fill=\"#3b0a0a\">z z</text></g>\n",
                      d.dragon_x, d.dragon_y, ox + PIC_TS - 22, oy + 12);
    }
}

void carc__pic_overlay(outbuf *o, const carc_game *g, const pic_frame *f, int k)
{
    switch (k) {
    case 0: draw_dungeon_entrances(o, g, f); break;
    case 1: draw_catapult(o, g, f); break;
    case 2: carc__pic_dragon_flight(o, g, f); break;
    case 3: draw_dragon_nap(o, g, f); break;
    case 4: draw_pig_throws(o, g, f); break;
    case 5: draw_pig_last_throw(o, g, f); break;
    default: break;
    }
}

int carc_game_board_svg(const carc_game *game, char *buf, size_t cap, size_t *needed)
{
    if (!carc__valid(game) || (!buf && cap)) return CARC_E_INVALID;
    int x0, x1, y0, y1;
    carc__board_bounds(game, &x0, &x1, &y0, &y1);
    pic_frame f;
    carc__pic_frame(&f, x0, x1, y0, y1, 0); /* its width; its top once the panel's known */
    /* wide enough for the panel: about 7 units a character of its longest line */
    int kinds = owned_kinds(game);
    int panel_w = 250 + 95 * (kinds ? kinds : 1);
    for (int p = 0; p < game->nplayers; p++) {
        outbuf count = {NULL, 0, 0};
        size_t n = token_text(game, p, &count);
        if (n) {
            int tw = tokens_x(game) + 7 * (int)(n + sizeof "tokens: ") + 10;
            if (tw > panel_w) panel_w = tw;
        }
    }
    outbuf none = {NULL, 0, 0};
    size_t nn = token_text(game, -1, &none);
    if (nn) {
        int tw = revealed_x(game) + 7 * (int)(nn + sizeof "out of the game: ") + 10;
        if (tw > panel_w) panel_w = tw;
    }
    for (int p = -1; p < game->nplayers; p++) { /* held and face-up tiles */
        outbuf count = {NULL, 0, 0};
        size_t n = carc__pic_held_text(game, p, p < 0 ? "face up: " : "holds ", 0, &count);
        if (n) {
            int tw = (p < 0 ? face_up_x(game) : held_x(game, p)) + 7 * (int)n + 10;
            if (tw > panel_w) panel_w = tw;
        }
    }
    int hw = held_width(game) + 16; /* the held figures, the Dungeon's summary */
    if (hw > panel_w) panel_w = hw;
    if (panel_w < 520) panel_w = 520; /* the legend */
    int w = f.width < panel_w ? panel_w : f.width;
    if (w < 460) w = 460;
    outbuf rows = {NULL, 0, 0};
    int ext_rows = carc__pic_legend_ext(&rows, game, 14, 0, w - 28);
    int top = panel_height(game, ext_rows);
    carc__pic_frame(&f, x0, x1, y0, y1, top);
    int h = top + f.height;
    outbuf o = {buf, cap, 0};
    carc__out_add(&o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    carc__out_add(&o, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
                      "viewBox=\"0 0 %d %d\" preserveAspectRatio=\"xMidYMid meet\" "
                      "class=\"carcvar-board\">\n",
                  w, h);
    carc__out_add(&o, "<title>Carcassonne board, turn %d</title>\n", game->turn);
    carc__pic_style(&o);
    carc__out_add(&o, "<rect width=\"%d\" height=\"%d\" fill=\"#f3eddc\"/>\n", w, h);
    draw_panel(&o, game, w, ext_rows);
    carc__pic_axes(&o, &f);
    for (uint32_t t = 0; t < game->ntiles; t++) {
        carc__pic_tile(&o, game, (int)t, &f, "");
        carc__out_add(&o, "\n");
    }
    for (uint32_t t = 0; t < game->ntiles; t++) carc__pic_structure(&o, game, (int)t, &f, "");
    carc__pic_last(&o, game, &f);
    draw_dungeon_entrances(&o, game, &f);
    draw_catapult(&o, game, &f);
    carc__pic_dragon_flight(&o, game, &f);
    carc__pic_figures(&o, game, &f);
    draw_dragon_nap(&o, game, &f);
    draw_pig_last_throw(&o, game, &f);
    draw_pig_throws(&o, game, &f);
    carc__out_add(&o, "</svg>\n");
    return carc__out_finish(&o, needed);
}
