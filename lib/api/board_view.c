/* The board for a person at a terminal (carc_game_board_view,
 * doc/notation.md "Board view"): coordinates on both axes, the last tile and
 * the legal cells marked, every figure kind the game reports, a legend, and
 * at most `width` columns (a wider board is panned). */
#include "core/state.h"
#include "picture.h"

#include <stdio.h>
#include <string.h>

#define LABEL_W 4
#define MAX_WIDTH 400
#define MAX_NAME_W 32 /* a cell (name + 4) fits the narrowest view (40) */

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
    SEEN_WILD = 1, SEEN_LAST = 2, SEEN_LEGAL = 4, SEEN_NEUTRAL = 8, SEEN_MORE = 16, SEEN_OVERLAY = 32,
    SEEN_TOWER = 64, SEEN_TOWER_CLOSED = 128
};

/* ------------------------------------------------ what a tile holds */

/* A tile's centre features and marks, drawn as one character each beside
 * its south edge: the core's monastery and pennants, and by name every
 * extension feature kind, tile tag and segment tag a module declares (one
 * entry per picture: a tag and a feature kind of one meaning share it).
 * A name not listed gets its first letter, named in the legend. */
typedef struct mark_def {
    const char *name;   /* feature kind or tag name */
    char glyph;
    const char *legend; /* what the legend says */
} mark_def;

static const mark_def marks[] = {
    {"monastery", '^', "monastery"},  {"abbey", '^', "monastery"},
    {"pennant", '!', "pennant"},      {"cathedral", '#', "cathedral"},
    {"inn", '&', "inn on a road"},    {"circus", '@', "circus (Big Top) space"},
    {"acrobat", '%', "acrobat space"}, {"acrobats", '%', "acrobat space"},
    {"bazaar", '$', "bazaar"},        {"wine", '~', "wine (goods)"},
    {"grain", '"', "grain (goods)"},  {"cloth", ';', "cloth (goods)"},
    {"no_castle", 'x', "a city that may not become a castle"},
    {"volcano", 'v', "volcano (the dragon lands)"},
    {"dragon", 'd', "dragon symbol (the dragon flies)"},
    {"portal", 'O', "magic portal"},
    {"princess", 'p', "princess"},
    {"tower", 't', "tower foundation"},
    {"coc_inner", '-', "inner tile of the City (no deployment)"},
    {"fair", 'f', "fair (a catapult round)"},
};
#define NMARKS (sizeof marks / sizeof marks[0])
/* marks seen: bit k of a 64-bit set for marks[k]; names not listed are
 * kept by name for the legend */
#define MAX_OTHER 16

static int mark_index(const char *name)
{
    for (size_t k = 0; k < NMARKS; k++)
        if (!strcmp(marks[k].name, name)) return (int)k;
    return -1;
}

/* The marks of tile type `type` (no rotation: they sit in the centre) into
 * out[] (NUL-terminated, at most cap-1), each glyph once; the names behind
 * them go to names[] (NULL-terminated, at most cap-1). */
int carc__view_tile_marks(int type, char *out, const char **names, int cap)
{
    const tile_type *ty = &carc__types[type];
    int n = 0;
    const char *want[64];
    int nw = 0;
    for (int s = 0; s < ty->nseg && nw < 60; s++) {
        const seg_def *sd = &ty->seg[s];
        if (sd->kind == CARC_FEATURE_MONASTERY || sd->kind >= 4)
            want[nw++] = sd->kind == CARC_FEATURE_MONASTERY ? "monastery"
                                                            : carc__feature_name(sd->kind);
        if (sd->pennants) want[nw++] = "pennant";
        for (int b = 0; b < carc__nseg_tags && b < 32 && nw < 60; b++)
            if ((sd->tags >> b) & 1) want[nw++] = carc__seg_tag_names[b];
    }
    for (int b = 0; b < carc__ntile_tags && b < 32 && nw < 60; b++)
        if ((ty->tags >> b) & 1) want[nw++] = carc__tile_tag_names[b];
    for (int i = 0; i < nw && n < cap - 1; i++) {
        if (!want[i]) continue;
        int k = mark_index(want[i]);
        char gl = k >= 0 ? marks[k].glyph : want[i][0];
        bool dup = false;
        for (int j = 0; j < n; j++) dup |= out[j] == gl;
        if (dup) continue;
        out[n] = gl;
        names[n] = want[i];
        n++;
    }
    out[n] = 0;
    names[n] = NULL;
    return n;
}

/* The width of a tile's name in this game: the longest name of a tile type
 * in play (at least 3); cells are that plus 4 wide.  A cell of width W has
 * room for W - 5 marks (draw_tile_row), so the width also grows with the
 * most marks a tile type in play has: none is ever left out. */
static int name_width(const carc_game *game)
{
    int w = 3;
    for (int t = 0; t < carc__ntypes; t++) {
        int m = carc_module_by_name(carc__types[t].module);
        if (m < 0 || !carc__module_on(game, m)) continue;
        int l = (int)strlen(carc__types[t].name);
        if (l > w) w = l;
        char mk[16];
        const char *names[16];
        int nm = carc__view_tile_marks(t, mk, names, (int)sizeof mk);
        if (nm + 1 > w) w = nm + 1;
    }
    return w < MAX_NAME_W ? w : MAX_NAME_W;
}

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
    } else if (*col + 3 + n > w) { /* "; item" and the ';' that may follow it */
        carc__out_add(o, ";\n ");
        *col = 1;
    } else {
        carc__out_add(o, ";");
        *col += 1;
    }
    /* only an item longer than a whole line (with room for the ';' that
     * may follow it) */
    while (*col + 2 + n > w) {
        size_t k = w - *col - 1;
        carc__out_add(o, " %.*s\n ", (int)k, item);
        item += k;
        n -= k;
        *col = 1;
    }
    carc__out_add(o, " %s", item);
    *col += 1 + n;
}

/* One drawing of the board: the options, what is shown, what the legend
 * must explain. */
typedef struct view_ctx {
    const carc_game *game;
    carc_board_view v;
    outbuf *o;
    /* the cells where the tile in hand fits, and how */
    legal_cell legal[CARC_ID_CELL_N / 4 + 1];
    int nlegal;
    bool show_legal;
    int x0, x1, y0, y1; /* the board, its legal cells included */
    int vx0, vx1;       /* the columns shown */
    int last;           /* the tile marked as placed last, or -1 */
    int nw, cw;         /* a name's width, a cell's width (nw + 4) */
    unsigned seen;      /* SEEN_*: drawn */
    uint64_t marks_seen;               /* bit k: marks[k] drawn */
    const char *other[MAX_OTHER + 1];  /* names of marks not in marks[] drawn */
    int nother;
    uint32_t kinds_seen;    /* bit k: a figure of kind k drawn (not followers) */
    uint32_t features_seen; /* followers: on which feature kinds (bit per kind < 32) */
} view_ctx;

/* The cells where the tile in hand fits, and with which rotations. */
static void find_legal(view_ctx *c)
{
    const carc_game *game = c->game;
    const carc_pending *p = carc__front(game);
    c->show_legal = (c->v.flags & CARC_VIEW_LEGAL) && p && p->kind == CARC_DECISION_PLACE &&
                    game->drawn >= 0;
    if (!c->show_legal) return;
    int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
    action_sink s = {NULL, ids, CARC_NUM_DISTINCT_ACTIONS, 0};
    carc__enumerate(game, &s);
    for (size_t i = 0; i < s.n && i < s.cap; i++) {
        int fi, rot;
        if (carc__decode_cell(game, ids[i], &fi, &rot)) continue;
        const front *f = &CFRONT(game)[fi];
        int k = 0;
        while (k < c->nlegal && (c->legal[k].x != f->x || c->legal[k].y != f->y)) k++;
        if (k == c->nlegal) {
            if (c->nlegal == (int)(sizeof c->legal / sizeof c->legal[0])) continue;
            c->legal[c->nlegal].x = f->x;
            c->legal[c->nlegal].y = f->y;
            c->legal[c->nlegal].rots = 0;
            c->nlegal++;
        }
        c->legal[k].rots |= (uint8_t)(1u << rot);
    }
}

/* The part of the board to show: all of it, legal cells included; on a
 * board wider than the view, the columns around the cell asked for (or the
 * tile placed last). */
static void choose_columns(view_ctx *c)
{
    const carc_game *game = c->game;
    carc__board_bounds(game, &c->x0, &c->x1, &c->y0, &c->y1);
    for (int k = 0; k < c->nlegal; k++) {
        if (c->legal[k].x < c->x0) c->x0 = c->legal[k].x;
        if (c->legal[k].x > c->x1) c->x1 = c->legal[k].x;
        if (c->legal[k].y < c->y0) c->y0 = c->legal[k].y;
        if (c->legal[k].y > c->y1) c->y1 = c->legal[k].y;
    }
    int fit = (c->v.width - LABEL_W) / c->cw;
    c->vx0 = c->x0;
    c->vx1 = c->x1;
    if (c->x1 - c->x0 + 1 > fit) {
        int cx = (c->v.flags & CARC_VIEW_CENTER) ? c->v.center_x
                 : game->ntiles ? CTILES(game)[game->ntiles - 1].x : 0;
        /* a centre beyond the board shows its edge, as the nearest cell
         * of it would; so the sums below stay near the board (a centre at
         * INT_MIN or INT_MAX would overflow) */
        if (cx < c->x0) cx = c->x0;
        if (cx > c->x1) cx = c->x1;
        c->vx0 = cx - fit / 2;
        if (c->vx0 + fit - 1 > c->x1) c->vx0 = c->x1 - fit + 1;
        if (c->vx0 < c->x0) c->vx0 = c->x0;
        c->vx1 = c->vx0 + fit - 1;
    }
    c->last = game->last_tile >= 0 ? game->last_tile : -1;
    if (c->last < 0 && game->ntiles > 1) c->last = (int)game->ntiles - 1;
}

/* The glyphs of the figures on tile t: up to three, '+' for more (*nf is
 * then 4).  The dragon and the fairy first: never hidden behind the '+'. */
/* The placed tile figure i stands on, or -1: a figure with another (the
 * fairy beside its follower) on that figure's tile. */
static int figure_tile(const carc_game *game, int i)
{
    const figure *F = CFIGS(game);
    for (int depth = 0; depth < 4; depth++) {
        const figure *f = &F[i];
        if (f->where == CARC_PLACE_ATTACHED && f->arg < game->nfigs && f->arg != i) {
            i = f->arg;
            continue;
        }
        if (f->where != CARC_PLACE_SEGMENT && f->where != CARC_PLACE_TILE) return -1;
        return f->tile < game->ntiles ? (int)f->tile : -1;
    }
    return -1;
}

static bool first_kind(int kind) { return kind == CARC_FIGURE_DRAGON || kind == CARC_FIGURE_FAIRY; }

static void tile_figures(view_ctx *c, int t, char fg[3][3], int *nf)
{
    const carc_game *game = c->game;
    const figure *F = CFIGS(game);
    *nf = 0;
    for (uint32_t k = 0; k < 2 * game->nfigs; k++) {
        uint32_t i = k % game->nfigs;
        const figure *f = &F[i];
        if (figure_tile(game, (int)i) != t || first_kind(f->kind) != (k < game->nfigs))
            continue;
        int feat = f->where == CARC_PLACE_SEGMENT ? CSEGS(game)[f->seg].kind : -1;
        if (*nf == 3) {
            c->seen |= SEEN_MORE;
            (*nf)++;
            break;
        }
        fg[*nf][0] = f->owner >= 0 ? (char)('0' + f->owner % 10) : 'n';
        fg[*nf][1] = figure_glyph(f->kind, feat);
        if (f->owner < 0) c->seen |= SEEN_NEUTRAL;
        if (f->kind == CARC_FIGURE_FOLLOWER) {
            if (feat >= 0 && feat < 32) c->features_seen |= 1u << feat;
        } else if (f->kind < 32) {
            c->kinds_seen |= 1u << f->kind;
        }
        (*nf)++;
    }
}

/* Note the marks drawn, for the legend. */
static void saw_marks(view_ctx *c, const char *names[])
{
    for (int i = 0; names[i]; i++) {
        int k = mark_index(names[i]);
        if (k >= 0) {
            c->marks_seen |= 1ull << k;
            continue;
        }
        bool known = false;
        for (int j = 0; j < c->nother; j++) known |= !strcmp(c->other[j], names[i]);
        if (!known && c->nother < MAX_OTHER) c->other[c->nother++] = names[i];
    }
}

/* Row `row` (0..2) of a tile of type `type` turned `rot` into cell[cw]:
 * its edges (e[4] given), its name and its marks; the figures are the
 * caller's.  bracket: [NAME]. */
static void draw_tile_row(view_ctx *c, int type, const char e[4], int row, bool bracket,
                          char *cell)
{
    const tile_type *ty = &carc__types[type];
    int mid = c->cw / 2;
    if (row == 0) {
        cell[mid] = e[0];
    } else if (row == 1) {
        int ln = (int)strlen(ty->name);
        if (ln > c->nw) ln = c->nw; /* not in play: never wider than the field */
        cell[0] = e[3];
        cell[1] = bracket ? '[' : ' ';
        memcpy(cell + 2 + (c->nw - ln) / 2, ty->name, (size_t)ln);
        cell[c->cw - 2] = bracket ? ']' : ' ';
        cell[c->cw - 1] = e[1];
    } else {
        cell[mid] = e[2];
        /* the marks, left of the south edge, then right of it up to the
         * figure in the corner */
        char mk[16];
        const char *names[16];
        carc__view_tile_marks(type, mk, names, (int)sizeof mk);
        int col = 1;
        for (int i = 0; mk[i]; i++) {
            if (col == mid) col++;
            if (col > c->cw - 4) break;
            cell[col++] = mk[i];
        }
        saw_marks(c, names);
    }
}

/* The edges of a tile of type `type` turned `rot`. */
static void type_edges(view_ctx *c, int type, int rot, char e[4])
{
    const tile_type *ty = &carc__types[type];
    uint8_t code = ty->code[rot];
    uint8_t wild = ty->wild[rot];
    for (int d = 0; d < 4; d++) {
        e[d] = ((wild >> d) & 1) ? '*' : edge_char((code >> (2 * d)) & 3);
        if (e[d] == '*') c->seen |= SEEN_WILD;
    }
}

/* The edges of placed tile t as drawn. */
static void tile_edges(view_ctx *c, const ptile *pt, char e[4])
{
    type_edges(c, pt->type, pt->rot, e);
    for (int d = 0; d < 4; d++) {
        /* a road laid over the tile (a bridge) leaves by this side */
        if (pt->overlay_seg != NO_OVERLAY && ((pt->overlay_sides >> d) & 1)) {
            e[d] = '=';
            c->seen |= SEEN_OVERLAY;
        }
    }
}

/* A structure on a placed tile (carc_game_structure) on its top row,
 * between the figures in the corners and the north edge: a tower as "T"
 * and its height ("T3"), '#' instead of 'T' when a follower on its top
 * closes it (that follower is drawn in a corner like any figure). */
static void tower_mark(view_ctx *c, const ptile *pt, char *cell)
{
    carc_structure st;
    if (carc_game_structure(c->game, pt->x, pt->y, &st) != CARC_OK ||
        st.kind != CARC_STRUCTURE_TOWER || (st.height == 0 && st.top < 0))
        return; /* an empty foundation: its mark 't' shows it */
    char txt[16];
    int n = snprintf(txt, sizeof txt, "%c%d", st.top >= 0 ? '#' : 'T', (int)st.height);
    int mid = c->cw / 2;
    /* right of the north edge, up to the corner figure; else left of it */
    int at = mid + 2;
    if (at + n > c->cw - 2) at = mid - n;
    if (at < 2) at = 2, n = mid - 2 > 0 ? mid - 2 : 0;
    memcpy(cell + at, txt, (size_t)n);
    c->seen |= st.top >= 0 ? SEEN_TOWER_CLOSED : SEEN_TOWER;
}

/* Row `row` (0..2) of placed tile t into cell[cw]: its edges, its name,
 * its marks, its figures. */
static void tile_cell(view_ctx *c, int t, int row, char *cell)
{
    const ptile *pt = &CTILES(c->game)[t];
    char e[4];
    tile_edges(c, pt, e);
    char fg[3][3] = {"  ", "  ", "  "};
    int nf;
    tile_figures(c, t, fg, &nf);
    bool is_last = (c->v.flags & CARC_VIEW_LAST) && t == c->last;
    if (is_last) c->seen |= SEEN_LAST;
    draw_tile_row(c, pt->type, e, row, is_last, cell);
    int w = c->cw;
    if (row == 0) tower_mark(c, pt, cell);
    if (row == 0) {
        cell[w - 2] = fg[1][0];
        cell[w - 1] = fg[1][1];
        cell[0] = fg[2][0];
        cell[1] = fg[2][1];
    } else if (row == 2) {
        cell[w - 2] = fg[0][0];
        cell[w - 1] = fg[0][1];
        if (nf > 3) cell[0] = '+';
    }
}

/* The middle row of an empty cell: "+13" where the tile in hand fits, with
 * r1 and r3. */
static void legal_cell_mark(view_ctx *c, int x, int y, char *cell)
{
    for (int k = 0; k < c->nlegal; k++) {
        if (c->legal[k].x != x || c->legal[k].y != y) continue;
        cell[1] = '+';
        int n = 2;
        for (int r = 0; r < 4; r++)
            if ((c->legal[k].rots >> r) & 1) cell[n++] = (char)('0' + r);
        c->seen |= SEEN_LEGAL;
        break;
    }
}

/* The x coordinates over the columns shown, each over its tile's north
 * edge. */
static void write_axis(view_ctx *c)
{
    outbuf *o = c->o;
    int mid = c->cw / 2;
    carc__out_add(o, "%*s", LABEL_W, "");
    for (int x = c->vx0; x <= c->vx1; x++)
        carc__out_add(o, x < c->vx1 ? "%*d%*s" : "%*d", mid + 1, x, c->cw - mid - 1, "");
    carc__out_add(o, "\n");
}

/* Rows y0..y1 of the columns shown, three text lines per row. */
static void write_rows(view_ctx *c, int y0, int y1)
{
    outbuf *o = c->o;
    char line[LABEL_W + MAX_WIDTH + 2];
    for (int y = y0; y <= y1; y++) {
        for (int row = 0; row < 3; row++) {
            size_t n = 0;
            if (row == 1) snprintf(line, sizeof line, "%3d ", y);
            else snprintf(line, sizeof line, "%*s", LABEL_W, "");
            n = LABEL_W;
            for (int x = c->vx0; x <= c->vx1 && n + (size_t)c->cw < sizeof line; x++) {
                char cell[MAX_WIDTH + 1];
                memset(cell, ' ', (size_t)c->cw);
                cell[c->cw] = 0;
                int t = carc__cell_get(c->game, x, y);
                if (t >= 0) tile_cell(c, t, row, cell);
                else if (row == 1 && c->show_legal) legal_cell_mark(c, x, y, cell);
                memcpy(line + n, cell, (size_t)c->cw);
                n += (size_t)c->cw;
            }
            while (n > 0 && line[n - 1] == ' ') n--;
            line[n] = 0;
            carc__out_add(o, "%s\n", line);
        }
    }
}

/* The header lines and the board: the columns chosen, or with
 * CARC_VIEW_ALL every column, in strips one under the other. */
static void write_board(view_ctx *c)
{
    outbuf *o = c->o;
    carc__out_add(o, "board x %d..%d, y %d..%d\n", c->x0, c->x1, c->y0, c->y1);
    if (!(c->v.flags & CARC_VIEW_ALL)) {
        if (c->vx0 != c->x0 || c->vx1 != c->x1)
            carc__out_add(o, "showing x %d..%d\n", c->vx0, c->vx1);
        write_axis(c);
        write_rows(c, c->y0, c->y1);
        return;
    }
    int fit = (c->v.width - LABEL_W) / c->cw;
    int cols = c->x1 - c->x0 + 1;
    bool strips = cols > fit;
    int nstrips = (cols + fit - 1) / fit;
    fit = (cols + nstrips - 1) / nstrips; /* strips of even widths */
    for (int x = c->x0; x <= c->x1; x += fit) {
        c->vx0 = x;
        c->vx1 = x + fit - 1 < c->x1 ? x + fit - 1 : c->x1;
        /* a strip's rows: those with a tile or a legal cell in it */
        int y0 = c->y1, y1 = c->y0;
        for (int y = c->y0; y <= c->y1; y++)
            for (int cx = c->vx0; cx <= c->vx1; cx++) {
                bool used = carc__cell_get(c->game, cx, y) >= 0;
                for (int k = 0; k < c->nlegal && c->show_legal && !used; k++)
                    used = c->legal[k].x == cx && c->legal[k].y == y;
                if (used && y < y0) y0 = y;
                if (used && y > y1) y1 = y;
            }
        if (strips)
            carc__out_add(o, "%sx %d..%d, y %d..%d\n", x > c->x0 ? "\n" : "", c->vx0, c->vx1,
                          y0, y1);
        write_axis(c);
        write_rows(c, y0, y1);
    }
}

/* The legend items of the marks drawn ("^ monastery"), each glyph once. */
static void legend_marks(view_ctx *c, size_t *col)
{
    char item[120];
    for (size_t k = 0; k < NMARKS; k++) {
        if (!((c->marks_seen >> k) & 1)) continue;
        bool again = false; /* a glyph of two names: said once */
        for (size_t j = 0; j < k; j++)
            again |= ((c->marks_seen >> j) & 1) && marks[j].glyph == marks[k].glyph;
        if (again) continue;
        snprintf(item, sizeof item, "%c %s", marks[k].glyph, marks[k].legend);
        legend_item(c->o, col, c->v.width, item);
    }
    for (int k = 0; k < c->nother; k++) {
        snprintf(item, sizeof item, "%c %s", c->other[k][0], c->other[k]);
        legend_item(c->o, col, c->v.width, item);
    }
}

/* The legend: what the board drawn shows. */
static void write_legend(view_ctx *c)
{
    const carc_game *game = c->game;
    outbuf *o = c->o;
    int width = c->v.width;
    size_t col = 0;
    char item[120];
    legend_item(o, &col, width, "north up");
    legend_item(o, &col, width, "edges C city, R road, . field");
    if (c->seen & SEEN_WILD) legend_item(o, &col, width, "* any");
    if (c->seen & SEEN_OVERLAY) legend_item(o, &col, width, "= a road laid over a field");
    if (c->seen & SEEN_LAST) legend_item(o, &col, width, "[D] the tile placed last");
    if (c->seen & SEEN_LEGAL) {
        /* the first marked cell's digits as the example */
        char digits[5] = "", turns[32] = "";
        for (int r = 0, nd = 0; r < 4; r++)
            if ((c->legal[0].rots >> r) & 1) {
                digits[nd++] = (char)('0' + r);
                size_t l = strlen(turns);
                snprintf(turns + l, sizeof turns - l, "%sr%d", l ? " " : "", r);
            }
        snprintf(item, sizeof item, "+%s tile %s fits here: %s", digits,
                 carc__types[game->drawn].name, turns);
        legend_item(o, &col, width, item);
    }
    for (int k = 0, first = 1; k < 32; k++)
        if ((c->features_seen >> k) & 1) {
            snprintf(item, sizeof item, "0%c %s on a %s", figure_glyph(CARC_FIGURE_FOLLOWER, k),
                     first ? "player 0's follower" : "", carc__feature_name(k));
            if (!first) { /* "0c on a city" */
                char *dbl = strstr(item, "  ");
                if (dbl) memmove(dbl, dbl + 1, strlen(dbl));
            }
            first = 0;
            legend_item(o, &col, width, item);
        }
    for (int k = 1; k < CARC_FIGURE_KINDS; k++)
        if ((c->kinds_seen >> k) & 1) {
            snprintf(item, sizeof item, "%c %s", figure_glyph(k, -1), carc__figure_name(k));
            legend_item(o, &col, width, item);
        }
    /* figures with a module's role (carc_game_figure_role): "0c at 0,-1
     * castle" (on the panned-out part of the board too) */
    const ptile *T = CTILES(game);
    const figure *F = CFIGS(game);
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
        legend_item(o, &col, width, item);
    }
    legend_marks(c, &col);
    if (c->seen & SEEN_TOWER) legend_item(o, &col, width, "T3 an open tower 3 floors high");
    if (c->seen & SEEN_TOWER_CLOSED)
        legend_item(o, &col, width, "#3 a tower 3 high closed by the follower on its top");
    if (c->seen & SEEN_NEUTRAL) legend_item(o, &col, width, "n a neutral figure");
    if (c->seen & SEEN_MORE) legend_item(o, &col, width, "+ more figures on the tile");
    carc__out_add(o, "\n");
}

/* One status line, wrapped at width between words (continuation lines
 * indented by two spaces; a word longer than a line is cut). */
static void out_wrapped(outbuf *o, int width, const char *text)
{
    size_t col = 0, w = (size_t)width;
    while (*text) {
        size_t sp = strspn(text, " ");
        size_t n = strcspn(text + sp, " ");
        if (col > 0 && col + sp + n > w) { /* the word goes on a new line */
            carc__out_add(o, "\n  ");
            col = 2;
            text += sp;
            sp = 0;
        }
        carc__out_add(o, "%.*s", (int)sp, text);
        col += sp;
        text += sp;
        while (col + n > w) { /* only a word longer than a whole line */
            size_t k = w - col;
            carc__out_add(o, "%.*s\n  ", (int)k, text);
            text += k;
            n -= k;
            col = 2;
        }
        carc__out_add(o, "%.*s", (int)n, text);
        col += n;
        text += n;
    }
    carc__out_add(o, "\n");
}

/* A status line drawn into line[], then wrapped into o. */
#define STATUS_LINE 4096
static void status_flush(outbuf *o, int width, outbuf *line)
{
    if (line->len >= line->cap) line->buf[line->cap - 1] = 0; /* cut, never overrun */
    else line->buf[line->len] = 0;
    out_wrapped(o, width, line->buf);
    memset(line->buf, 0, line->cap); /* a cut line ends at its last whole piece */
    line->len = 0;
}

/* Figures a module holds off the board (carc_figure CARC_WHERE_HELD: the
 * followers and the figure in a City quarter, prisoners), one line per
 * holding module, grouped by their place (its words from the module's
 * held_place, else the holder's value): "held by count: castle: the count, player 1's
 * follower; market: player 0's follower". */
static void write_held(const carc_game *game, outbuf *out_, int width, outbuf *o)
{
    const figure *F = CFIGS(game);
    for (int m = 0; m < 64; m++) {
        int any = 0;
        for (uint32_t i = 0; i < game->nfigs; i++) {
            if (F[i].where != CARC_WHERE_HELD || F[i].holder != m) continue;
            /* a group: the first figure of its place */
            const char *role = carc__pic_held_place(game, m, (int)F[i].arg);
            bool first = true;
            for (uint32_t j = 0; j < i && first; j++)
                first = !(F[j].where == CARC_WHERE_HELD && F[j].holder == m &&
                          F[j].arg == F[i].arg);
            if (!first) continue;
            const char *mn = carc_module_name(m);
            if (!any++) carc__out_add(o, "held by %s:", mn ? mn : "a module");
            else carc__out_add(o, ";");
            if (role) carc__out_add(o, " %s:", role);
            else carc__out_add(o, " %d:", (int)F[i].arg);
            int n = 0;
            for (uint32_t j = i; j < game->nfigs; j++) {
                if (F[j].where != CARC_WHERE_HELD || F[j].holder != m || F[j].arg != F[i].arg)
                    continue;
                const char *kn = carc__figure_name(F[j].kind);
                if (F[j].owner >= 0)
                    carc__out_add(o, "%s player %d's %s", n++ ? "," : "", F[j].owner,
                                  kn ? kn : "figure");
                else
                    carc__out_add(o, "%s the %s", n++ ? "," : "", kn ? kn : "figure");
            }
        }
        if (any) status_flush(out_, width, o);
    }
}

/* Figures removed from play for good (CARC_WHERE_REMOVED: pig throwing's
 * eaten pigs, squashed big meeples), when there are any: "removed from
 * play: player 0's pig, player 1's big meeple". */
static void write_removed(const carc_game *game, outbuf *out_, int width, outbuf *o)
{
    int n = 0;
    for (uint32_t i = 0; i < game->nfigs; i++) {
        const figure *F = &CFIGS(game)[i];
        if (F->where != CARC_WHERE_REMOVED) continue;
        const char *kn = carc__figure_name(F->kind);
        if (!n++) carc__out_add(o, "removed from play:");
        if (F->owner >= 0)
            carc__out_add(o, "%s player %d's %s", n > 1 ? "," : "", F->owner, kn ? kn : "figure");
        else
            carc__out_add(o, "%s the %s", n > 1 ? "," : "", kn ? kn : "figure");
    }
    if (n) status_flush(out_, width, o);
}

/* The Dungeon (carc_game_dungeon), when the game plays it: "the dungeon:
 * below player 0 1, player 1 0; the dragon inside; the fairy beside player
 * 1's piece; entrances 0,1 1,1" (the entrances none when there are none). */
static void write_dungeon(const carc_game *game, outbuf *out_, int width, outbuf *o)
{
    carc_dungeon_info d;
    if (carc_game_dungeon(game, &d) != CARC_OK) return;
    carc__out_add(o, "the dungeon: below");
    for (int p = 0; p < game->nplayers && p < CARC_MAX_PLAYERS; p++)
        carc__out_add(o, "%s player %d %d", p ? "," : "", p, d.pieces_of[p]);
    if (d.dragon_inside) carc__out_add(o, "; the dragon inside");
    if (d.fairy_piece >= 0 && (uint32_t)d.fairy_piece < game->nfigs)
        carc__out_add(o, "; the fairy beside player %d's piece",
                      (int)CFIGS(game)[d.fairy_piece].owner);
    carc__out_add(o, "; entrances");
    int n = 0;
    for (uint32_t t = 0; t < game->ntiles; t++)
        if (carc__pic_dungeon_entrance(game, (int)t))
            carc__out_add(o, " %d,%d", CTILES(game)[t].x, CTILES(game)[t].y), n++;
    if (!n) carc__out_add(o, " none");
    status_flush(out_, width, o);
}

/* The dragon and the fairy (carc_game_dragon), when the game has them and
 * one is on the board: "the dragon at 2,-1, flying: 4 steps left, player 1
 * moves it; visited 1,-1 2,-1; the fairy at 0,1 beside player 0's
 * follower". */
static void write_dragon(const carc_game *game, outbuf *out_, int width, outbuf *o)
{
    carc_dragon_info d;
    if (carc_game_dragon(game, &d) != CARC_OK || (!d.dragon_on_board && !d.fairy_on_board))
        return;
    if (d.dragon_on_board) {
        carc__out_add(o, "the dragon at %d,%d", d.dragon_x, d.dragon_y);
        for (uint32_t i = 0; i < game->nfigs; i++) /* pig throwing B10: it naps */
            if (CFIGS(game)[i].kind == CARC_FIGURE_DRAGON && CFIGS(game)[i].state == 1)
                carc__out_add(o, ", asleep (the next dragon tile wakes it)");
        if (d.flying) {
            carc__out_add(o, ", flying: %d step%s left", d.steps_left,
                          d.steps_left == 1 ? "" : "s");
            if (d.mover >= 0) carc__out_add(o, ", player %d moves it", d.mover);
            carc__out_add(o, "; visited");
            for (int k = 0; k < d.num_visited && k < 7; k++)
                carc__out_add(o, " %d,%d", d.visited_x[k], d.visited_y[k]);
        }
    }
    if (d.fairy_on_board) {
        carc__out_add(o, "%sthe fairy at %d,%d", d.dragon_on_board ? "; " : "", d.fairy_x,
                      d.fairy_y);
        const figure *F = CFIGS(game);
        if (d.fairy_follower >= 0 && (uint32_t)d.fairy_follower < game->nfigs)
            carc__out_add(o, " beside player %d's %s", F[d.fairy_follower].owner,
                          carc__figure_name(F[d.fairy_follower].kind));
    }
    status_flush(out_, width, o);
}

/* The Catapult's round running or the last one (carc_game_catapult), once a
 * hurl was made: "catapult round 1 (knockout) at the fair 0,1: player 1 at
 * 45,0 mm, knocked out 1; player 0 off the map". */
static void write_catapult(const carc_game *game, outbuf *out_, int width, outbuf *o)
{
    static const char *const kinds[4] = {"knockout", "seduction", "target", "catch"};
    static const char *const catches[4] = {"caught", "far enough, not caught",
                                           "not far enough", "touched, not caught"};
    carc_catapult_info c;
    if (carc_game_catapult(game, &c) != CARC_OK || c.num_hurls == 0 ||
        c.kind < CARC_TOKEN_KNOCKOUT || c.kind > CARC_TOKEN_CATCH)
        return;
    int k = c.kind - CARC_TOKEN_KNOCKOUT;
    carc__out_add(o, "catapult round %d (%s%s) at the fair %d,%d:", c.rounds + c.in_round,
                  kinds[k], c.in_round ? ", running" : "", c.fair_x, c.fair_y);
    for (int q = 0; q < c.num_hurls && q < 6; q++) {
        carc__out_add(o, "%s player %d ", q ? ";" : "", c.hurler[q]);
        if (k == 3) {
            carc__out_add(o, "%s", catches[c.result[q] & 3]);
            continue;
        }
        if (c.result[q]) carc__out_add(o, "at %g,%g mm", c.x_mm[q], c.y_mm[q]);
        else carc__out_add(o, "off the map");
        if (k == 0 && c.knocked_out[q]) carc__out_add(o, ", knocked out %d", c.knocked_out[q]);
    }
    status_flush(out_, width, o);
}

/* Pig throwing's last throw (carc_game_last_throw), once a pig was thrown:
 * "pig thrown this turn by player 0: -3,-1 -2,-1 -1,-1 0,-1 (3 tiles,
 * normal), landed, 1 squashed" ("on turn 7" when it was an earlier turn). */
static void write_pig_throw(const carc_game *game, outbuf *out_, int width, outbuf *o)
{
    static const char *const kinds[] = {"normal", "long", "high"};
    static const char *const what[] = {"landed", "eaten by the dragon", "caught by the stance",
                                       "out, the big meeple replaced by a meeple",
                                       "landed, the big meeple removed"};
    carc_throw_record r;
    r.size = sizeof r;
    if (carc_game_last_throw(game, &r) != CARC_OK) return;
    if (r.this_turn) carc__out_add(o, "pig thrown this turn by player %d:", r.player);
    else carc__out_add(o, "pig thrown on turn %d by player %d:", r.turn, r.player);
    for (int k = 0; k < r.num_path && k < CARC_THROW_PATH_MAX; k++)
        carc__out_add(o, " %d,%d", r.path_x[k], r.path_y[k]);
    carc__out_add(o, " (%d tile%s, %s), %s", r.distance, r.distance == 1 ? "" : "s",
                  r.kind >= 0 && r.kind < 3 ? kinds[r.kind] : "normal",
                  r.outcome >= 0 && r.outcome < 5 ? what[r.outcome] : "landed");
    if (r.knock >= 0) carc__out_add(o, ", knocked player %d's %s off a tower",
                                    CFIGS(game)[r.knock].owner,
                                    carc__figure_name(CFIGS(game)[r.knock].kind));
    if (r.num_squashed) carc__out_add(o, ", %d squashed", r.num_squashed);
    status_flush(out_, width, o);
}

/* Under the board: the turn, tiles left and out of the game, each player's
 * points, supply and held tiles. */
static void write_status(const carc_game *game, outbuf *out_, int width)
{
    char text[STATUS_LINE] = {0};
    outbuf line = {text, sizeof text, 0};
    outbuf *o = &line;
    carc__out_add(o, "turn %d, %d tile%s left", game->turn, game->total_remaining,
                  game->total_remaining == 1 ? "" : "s");
    if (game->discarded) carc__out_add(o, ", %d set aside", game->discarded);
    if (carc__is_over(game)) carc__out_add(o, ", game over");
    status_flush(out_, width, o);
    /* tokens of no player (the Big Top's revealed animals), if any */
    int out = 0;
    for (int k = 0; k < CARC_TOKEN_KINDS; k++) {
        int n = carc_game_tokens(game, -1, k);
        const char *name = carc__pic_token_name(k);
        if (n <= 0 || !name) continue;
        carc__out_add(o, "%s %d %s", out++ ? "," : "out of the game:", n, name);
    }
    if (out) status_flush(out_, width, o);
    /* tiles lying face up that nobody owns yet (a bazaar's row), if any */
    if (carc__pic_held_text(game, -1, "face up: ", 0, o)) status_flush(out_, width, o);

    write_held(game, out_, width, o);
    write_dungeon(game, out_, width, o);
    write_removed(game, out_, width, o);
    write_pig_throw(game, out_, width, o);
    write_dragon(game, out_, width, o);
    write_catapult(game, out_, width, o);

    for (int pl = 0; pl < game->nplayers; pl++) {
        carc__out_add(o, "player %d: %d points; supply:", pl, game->score[pl]);
        int any = 0;
        for (int k = 0; k < CARC_FIGURE_KINDS; k++) {
            if (game->kind_owner[k] == 255 || (game->kind_class[k] & CARC_CLASS_NEUTRAL)) continue;
            carc__out_add(o, "%s %d %s%s", any++ ? "," : "", game->supply[pl][k],
                          carc__figure_name(k), game->supply[pl][k] == 1 ? "" : "s");
        }
        /* the Catapult's tokens it holds (issue 31), if any */
        for (int k = CARC_TOKEN_KNOCKOUT, n = 0; k <= CARC_TOKEN_CATCH; k++) {
            int c = carc_game_tokens(game, pl, k);
            if (c > 0)
                carc__out_add(o, "%s %d %s", n++ ? "," : "; catapult tokens:", c,
                              carc__pic_token_name(k));
        }
        /* the tiles it holds to play later (a bazaar's), if any */
        carc__pic_held_text(game, pl, "; holds ", 0, o);
        status_flush(out_, width, o);
    }
}

/* The view's options from the caller (NULL: the defaults). */
static int view_setup(view_ctx *c, const carc_game *game, const carc_board_view *view, outbuf *o)
{
    memset(c, 0, sizeof *c);
    c->game = game;
    c->o = o;
    c->nw = name_width(game);
    c->cw = c->nw + 4;
    carc_board_view_init(&c->v);
    if (view) {
        if (!carc__sized_copy(&c->v, view, view->struct_size, sizeof c->v, 4096))
            return CARC_E_INVALID;
        if (c->v.width == 0) c->v.width = 80;
        if (c->v.width < 40 || c->v.width > MAX_WIDTH) return CARC_E_INVALID;
    }
    return CARC_OK;
}

int carc_game_board_view(const carc_game *game, const carc_board_view *view, char *buf,
                         size_t cap, size_t *needed)
{
    if (!carc__valid(game) || (!buf && cap)) return CARC_E_INVALID;
    outbuf o = {buf, cap, 0};
    view_ctx c;
    int rc = view_setup(&c, game, view, &o);
    if (rc) return rc;
    find_legal(&c);
    choose_columns(&c);
    write_board(&c);
    if (c.v.flags & CARC_VIEW_LEGEND) write_legend(&c);
    write_status(game, &o, c.v.width);
    return carc__out_finish(&o, needed);
}

int carc_game_hand_view(const carc_game *game, const carc_board_view *view, char *buf,
                        size_t cap, size_t *needed)
{
    if (!carc__valid(game) || (!buf && cap)) return CARC_E_INVALID;
    outbuf o = {buf, cap, 0};
    view_ctx c;
    int rc = view_setup(&c, game, view, &o);
    if (rc) return rc;
    const carc_pending *p = carc__front(game);
    if (!p || p->kind != CARC_DECISION_PLACE || game->drawn < 0) return CARC_E_STATE;
    int flags = c.v.flags;
    c.v.flags |= CARC_VIEW_LEGAL;
    find_legal(&c);
    unsigned rots = 0;
    for (int k = 0; k < c.nlegal; k++) rots |= c.legal[k].rots;
    if (!rots) rots = 1; /* fits nowhere: as it is */
    int type = game->drawn;
    int per_line = (c.v.width + 3) / (c.cw + 3); /* cells and 3-space gaps */
    if (per_line < 1) per_line = 1;
    int shown[4], ns = 0;
    for (int r = 0; r < 4; r++)
        if ((rots >> r) & 1) shown[ns++] = r;
    for (int first = 0; first < ns; first += per_line) {
        int last = first + per_line < ns ? first + per_line : ns;
        char line[MAX_WIDTH + 8];
        for (int row = -1; row < 3; row++) {
            size_t n = 0;
            for (int i = first; i < last; i++) {
                char cell[MAX_WIDTH + 1];
                memset(cell, ' ', (size_t)c.cw);
                if (row < 0) {
                    cell[c.cw / 2 - 1] = 'r';
                    cell[c.cw / 2] = (char)('0' + shown[i]);
                } else {
                    char e[4];
                    type_edges(&c, type, shown[i], e);
                    draw_tile_row(&c, type, e, row, false, cell);
                }
                if (i > first) {
                    memset(line + n, ' ', 3);
                    n += 3;
                }
                memcpy(line + n, cell, (size_t)c.cw);
                n += (size_t)c.cw;
            }
            while (n > 0 && line[n - 1] == ' ') n--;
            line[n] = 0;
            carc__out_add(&o, "%s\n", line);
        }
    }
    if (flags & CARC_VIEW_LEGEND) {
        size_t col = 0;
        legend_item(&o, &col, c.v.width, "edges C city, R road, . field");
        if (c.seen & SEEN_WILD) legend_item(&o, &col, c.v.width, "* any");
        legend_marks(&c, &col);
        carc__out_add(&o, "\n");
    }
    return carc__out_finish(&o, needed);
}
