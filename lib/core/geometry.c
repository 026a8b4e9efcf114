/* Figure geometry: where every figure on the board stands, in half
 * millimetres on its tile, and how big it is (doc/geometry.md).
 *
 *  - a figure on a segment stands on the segment's spot, a figure on a tile
 *    (on no segment) on the tile's spot -- both from the tile data, turned
 *    with the tile; a road laid over a tile (a bridge) has its spot in the
 *    tile's centre;
 *  - a module's figure_spot hook may place a figure itself (a barn on a
 *    corner); the first module that does wins;
 *  - several figures on one spot (a knight and a builder, a farmer and a
 *    pig, three acrobats) form a row along x in figure-index order: the
 *    first on the spot, the next ones alternately on the side of the tile's
 *    centre and on the other side, each touching its neighbour's footprint;
 *  - an attached figure (the fairy) stands beside its host, south of it
 *    (north when the host stands in the tile's southern half), touching
 *    it; several on one host form a row the same way.
 * Pure reads of the game; nothing here runs during play. */
#include "core/state.h"

/* Measured sizes (../shared/rules/catapult.md §2), hundredths of a mm:
 * width (or length), thickness, height.  Kinds with no entry were never
 * measured. */
static const carc_footprint measured[CARC_FIGURE_KINDS] = {
    [CARC_FIGURE_FOLLOWER] = {1600, 994, 1598},
    [CARC_FIGURE_BIG] = {1850, 988, 1928},
    [CARC_FIGURE_BUILDER] = {1429, 980, 2052},
    [CARC_FIGURE_PIG] = {2211, 801, 1115},
    [CARC_FIGURE_FAIRY] = {1062, 1011, 1805},
    [CARC_FIGURE_DRAGON] = {5280, 1203, 2488},
    [CARC_FIGURE_COUNT] = {1940, 1099, 2902},
};

int carc__figure_footprint(int kind, int flags, carc_footprint *out)
{
    carc_footprint f = measured[CARC_FIGURE_FOLLOWER];
    if (kind >= 0 && kind < CARC_FIGURE_KINDS && measured[kind].w) f = measured[kind];
    else flags |= CARC_FIGPOS_UNMEASURED;
    if (flags & CARC_FIGPOS_LYING) {
        uint16_t h = f.h;
        f.h = f.d;
        f.d = h;
    }
    *out = f;
    return flags;
}

#define TILE_HALF_MM 90

/* Centre distance of two touching footprints of extents a and b
 * (hundredths of a mm): (a + b) / 2, rounded up to a half millimetre. */
static int touching(int a, int b) { return (a + b + 99) / 100; }

static bool lying(const carc_game *g, const figure *f, const ptile *pt)
{
    if (f->where != CARC_PLACE_SEGMENT || !(g->kind_class[f->kind] & CARC_CLASS_FOLLOWER))
        return false;
    const tile_type *ty = &carc__types[pt->type];
    return f->local < ty->nseg && ty->seg[f->local].kind == CARC_FEATURE_FIELD;
}

/* Did a module place figure i, given its spot before the core's rule?
 * Then *s is the module's. */
static bool module_spot(const carc_game *g, int i, carc_spot *s)
{
    for (int k = 0; k < g->nmods; k++) {
        const carc_module_def *md = carc__mod(g, k);
        carc_spot m = *s;
        if (md->figure_spot && md->figure_spot(g, i, &m)) {
            *s = m;
            return true;
        }
    }
    return false;
}

/* Has any enabled module a figure_spot hook?  (Asked once per question:
 * without one, module_spot is false for every figure.) */
static bool spot_hooks(const carc_game *g)
{
    for (int k = 0; k < g->nmods; k++)
        if (carc__mod(g, k)->figure_spot) return true;
    return false;
}

/* Do figures a and b share the spot the core's rule gives (one segment,
 * one tile's spot, one host)? */
static bool same_spot(const figure *a, const figure *b)
{
    if (a->where != b->where) return false;
    switch (a->where) {
    case CARC_PLACE_SEGMENT: return a->tile == b->tile && a->local == b->local;
    case CARC_PLACE_TILE: return a->tile == b->tile;
    case CARC_PLACE_ATTACHED: return a->arg == b->arg;
    default: return false;
    }
}

static int width_of(const carc_game *g, const figure *f, const ptile *pt)
{
    carc_footprint fp;
    carc__figure_footprint(f->kind, lying(g, f, pt) ? CARC_FIGPOS_LYING : 0, &fp);
    return fp.w;
}

/* x of figure i in the row of the figures on its spot (base: the spot;
 * entry: what the figure_spot hooks were given), figure-index order;
 * figures a module places are not in the row. */
static int row_x(const carc_game *g, bool hooks, int i, const carc_spot *base,
                 const carc_spot *entry, const ptile *pt)
{
    const figure *F = CFIGS(g);
    int side = base->x <= TILE_HALF_MM / 2 ? 1 : -1; /* first towards the centre */
    int x[2] = {base->x, base->x}, w[2] = {0, 0}, n = 0;
    for (int j = 0; j <= i; j++) {
        if (j < i) {
            if (!same_spot(&F[j], &F[i])) continue;
            carc_spot sj = *entry;
            sj.flags = lying(g, &F[j], pt) ? CARC_FIGPOS_LYING : 0;
            if (hooks && module_spot(g, j, &sj)) continue;
        } else if (n == 0) {
            return base->x; /* alone on its spot: no width needed */
        }
        int wj = width_of(g, &F[j], pt);
        if (n == 0) {
            w[0] = w[1] = wj;
        } else {
            int k = (n & 1) ? 0 : 1; /* odd: the centre's side */
            int dir = k == 0 ? side : -side;
            x[k] += dir * touching(w[k], wj);
            w[k] = wj;
        }
        if (j == i) return n == 0 ? base->x : x[(n & 1) ? 0 : 1];
        n++;
    }
    return base->x;
}

static int spot_of(const carc_game *g, bool hooks, int i, carc_spot *out, uint32_t depth)
{
    if (i < 0 || (uint32_t)i >= g->nfigs) return CARC_E_INVALID;
    if (depth > g->nfigs) return CARC_E_NOTFOUND; /* an attachment cycle */
    const figure *f = &CFIGS(g)[i];
    carc_spot s = {0, 0, 0, 0}, host = {0, 0, 0, 0};
    int t;
    switch (f->where) {
    case CARC_PLACE_SEGMENT:
    case CARC_PLACE_TILE: {
        t = f->tile;
        if ((uint32_t)t >= g->ntiles) return CARC_E_NOTFOUND;
        const ptile *pt = &CTILES(g)[t];
        const tile_type *ty = &carc__types[pt->type];
        if (f->where == CARC_PLACE_TILE) {
            s.x = ty->spot_x[pt->rot];
            s.y = ty->spot_y[pt->rot];
        } else if (f->local < ty->nseg) {
            s.x = ty->seg[f->local].spot_x[pt->rot];
            s.y = ty->seg[f->local].spot_y[pt->rot];
        } else { /* the road laid over the tile */
            s.x = s.y = TILE_HALF_MM / 2;
        }
        s.flags = lying(g, f, pt) ? CARC_FIGPOS_LYING : 0;
        break;
    }
    case CARC_PLACE_ATTACHED:
        t = spot_of(g, hooks, f->arg, &host, depth + 1);
        if (t < 0) return t == CARC_E_INVALID ? CARC_E_NOTFOUND : t;
        s.x = host.x;
        s.y = host.y;
        s.level = host.level;
        break;
    default:
        return CARC_E_NOTFOUND;
    }
    const ptile *pt = &CTILES(g)[t];
    const carc_spot entry = s;
    if (hooks && module_spot(g, i, &s)) {
        *out = s;
        return t;
    }
    if (f->where == CARC_PLACE_ATTACHED) {
        const figure *h = &CFIGS(g)[f->arg];
        carc_footprint hf, own;
        carc__figure_footprint(h->kind, host.flags, &hf);
        carc__figure_footprint(f->kind, 0, &own);
        int dy = touching(hf.d, own.d);
        s.y = (int16_t)(host.y + (host.y <= TILE_HALF_MM / 2 ? dy : -dy));
    }
    s.x = (int16_t)row_x(g, hooks, i, &s, &entry, pt);
    *out = s;
    return t;
}

int carc__figure_spot(const carc_game *g, int fig, carc_spot *out)
{
    carc_spot s;
    int t = spot_of(g, spot_hooks(g), fig, &s, 0);
    if (t >= 0) *out = s;
    return t;
}

/* Every figure's spot at once: spot_of's answer for each, the rows of
 * figures sharing a segment's or a tile's spot built in one pass (a row is
 * figure-index order, so each figure's place in its row is the row's state
 * when it is met); an attached figure is asked alone (spot_of). */
int carc__figure_spots(const carc_game *g, int n, int16_t *tiles, carc_spot *spots)
{
    if (n > (int)g->nfigs) n = (int)g->nfigs;
    if (n > CARC_ID_FIGURE_N) n = CARC_ID_FIGURE_N;
    const figure *F = CFIGS(g);
    bool hooks = spot_hooks(g);
    /* the open rows: key (where, local, tile), its side and two ends */
    uint32_t key[CARC_ID_FIGURE_N];
    int16_t rx[CARC_ID_FIGURE_N][2], rw[CARC_ID_FIGURE_N][2];
    int16_t rfirst[CARC_ID_FIGURE_N];
    int8_t rside[CARC_ID_FIGURE_N];
    uint8_t rn[CARC_ID_FIGURE_N];
    int nrows = 0;
    for (int i = 0; i < n; i++) {
        const figure *f = &F[i];
        if (f->where == CARC_PLACE_ATTACHED) {
            carc_spot sp;
            int t = spot_of(g, hooks, i, &sp, 0);
            tiles[i] = (int16_t)(t >= 0 ? t : CARC_E_NOTFOUND);
            if (t >= 0) spots[i] = sp;
            continue;
        }
        if ((f->where != CARC_PLACE_SEGMENT && f->where != CARC_PLACE_TILE) || f->tile >= g->ntiles) {
            tiles[i] = CARC_E_NOTFOUND;
            continue;
        }
        int t = f->tile;
        const ptile *pt = &CTILES(g)[t];
        const tile_type *ty = &carc__types[pt->type];
        carc_spot sp = {0, 0, 0, 0};
        if (f->where == CARC_PLACE_TILE) {
            sp.x = ty->spot_x[pt->rot];
            sp.y = ty->spot_y[pt->rot];
        } else if (f->local < ty->nseg) {
            sp.x = ty->seg[f->local].spot_x[pt->rot];
            sp.y = ty->seg[f->local].spot_y[pt->rot];
        } else {
            sp.x = sp.y = TILE_HALF_MM / 2;
        }
        sp.flags = lying(g, f, pt) ? CARC_FIGPOS_LYING : 0;
        tiles[i] = (int16_t)t;
        if (hooks && module_spot(g, i, &sp)) { /* placed by a module: in no row */
            spots[i] = sp;
            continue;
        }
        uint32_t k = (uint32_t)f->where << 24 | (uint32_t)f->local << 16 | (uint32_t)t;
        int r = 0;
        while (r < nrows && key[r] != k) r++;
        if (r == nrows) { /* the first on its spot: its width when a second comes */
            key[r] = k;
            rside[r] = (int8_t)(sp.x <= TILE_HALF_MM / 2 ? 1 : -1);
            rx[r][0] = rx[r][1] = sp.x;
            rw[r][0] = rw[r][1] = -1;
            rfirst[r] = (int16_t)i;
            rn[r] = 1;
            nrows++;
        } else {
            if (rw[r][0] < 0) rw[r][0] = rw[r][1] = (int16_t)width_of(g, &F[rfirst[r]], pt);
            int wi = width_of(g, f, pt);
            int e = (rn[r] & 1) ? 0 : 1; /* odd: the centre's side */
            int dir = e == 0 ? rside[r] : -rside[r];
            rx[r][e] = (int16_t)(rx[r][e] + dir * touching(rw[r][e], wi));
            rw[r][e] = (int16_t)wi;
            sp.x = rx[r][e];
            rn[r]++;
        }
        spots[i] = sp;
    }
    return n;
}

/* ------------------------------------------- held figures with a place */

int carc__figure_held_spot(const carc_game *g, int fig, carc_spot *out)
{
    if (fig < 0 || (uint32_t)fig >= g->nfigs) return CARC_E_INVALID;
    const figure *f = &CFIGS(g)[fig];
    if (f->where != CARC_PLACE_HELD || f->holder >= CARC_MODULE_SLOTS ||
        !carc__module_enabled(g, f->holder))
        return CARC_E_NOTFOUND;
    const carc_module_def *md = carc__modules[f->holder];
    int t = -1;
    carc_spot s = {0, 0, 0, 0};
    if (!md || !md->held_spot || !md->held_spot(g, fig, &t, &s)) return CARC_E_NOTFOUND;
    if (t < 0 || (uint32_t)t >= g->ntiles) return CARC_E_NOTFOUND;
    *out = s;
    return t;
}

bool carc__figure_held_legal(const carc_game *g, int fig, int holder, int arg, int cause)
{
    if (fig < 0 || (uint32_t)fig >= g->nfigs || holder < 0 || holder >= CARC_MODULE_SLOTS ||
        arg < 0 || arg > UINT16_MAX || !carc__module_enabled(g, holder))
        return false;
    if (CFIGS(g)[fig].where == CARC_PLACE_REMOVED) return false;
    const carc_module_def *md = carc__modules[holder];
    if (!md || !md->held_accepts || !md->held_accepts(g, fig, arg, cause)) return false;
    return carc__figure_may_move(g, fig, CARC_PLACE_HELD, -1, arg, cause);
}
