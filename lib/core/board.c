/* The board: a windowed grid of cells, the frontier of open cells, tile placement and
 * incremental feature tracking (union-find over segments). */
#include "core/state.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* The board window (state.h: gx0, gy0, gw, gh): a direct-indexed grid of
 * the cells around the board, sized at creation for the largest board the
 * game's tiles can make (setup.c) but used only as far as the window
 * reaches, so a new game clears a few hundred bytes and a clone copies the
 * window, not the capacity.  When a tile is laid next to the window's edge,
 * regrid() moves and grows the window in place (no allocation) and rewrites
 * it from the placed tiles and open frontier cells: the contents are a
 * function of the game, whatever the path to it. */

/* Margin left around the board when the window is rebuilt. */
#define GRID_MARGIN 4

static inline int16_t *grid_cell(carc_game *g, int x, int y)
{
    return &GRID(g)[(uint32_t)(y - g->gy0) * g->gw + (uint32_t)(x - g->gx0)];
}

/* Rebuild the window around the placed tiles and the cell (x, y) about to
 * be filled, one cell more on each side (their frontier), plus as much of
 * GRID_MARGIN as the capacity allows. */
static bool regrid(carc_game *g, int x, int y)
{
    const ptile *T = CTILES(g);
    int x0 = x, x1 = x, y0 = y, y1 = y;
    for (uint32_t i = 0; i < g->ntiles; i++) {
        if (T[i].x < x0) x0 = T[i].x;
        if (T[i].x > x1) x1 = T[i].x;
        if (T[i].y < y0) y0 = T[i].y;
        if (T[i].y > y1) y1 = T[i].y;
    }
    uint32_t w = (uint32_t)(x1 - x0) + 3, h = (uint32_t)(y1 - y0) + 3, m = GRID_MARGIN;
    while (m > 0 && (w + 2 * m) * (h + 2 * m) > g->L.cap_grid) m--;
    w += 2 * m;
    h += 2 * m;
    if (w * h > g->L.cap_grid || w > UINT16_MAX || h > UINT16_MAX) {
        /* cannot happen: setup.c sizes the grid for every board */
        g->flags |= TF_FAULT;
        return false;
    }
    g->gx0 = (int16_t)(x0 - 1 - (int)m);
    g->gy0 = (int16_t)(y0 - 1 - (int)m);
    g->gw = (uint16_t)w;
    g->gh = (uint16_t)h;
    memset(GRID(g), 0xFF, (size_t)w * h * sizeof(int16_t)); /* -1: empty */
    for (uint32_t i = 0; i < g->ntiles; i++) *grid_cell(g, T[i].x, T[i].y) = (int16_t)i;
    const front *F = CFRONT(g);
    CARC_FOR_LIVE(g, k, fi)
        *grid_cell(g, F[fi].x, F[fi].y) = (int16_t)(-(int)fi - 2);
    return true;
}

/* (x, y) and its 8 neighbours lie in the window. */
static inline bool grid_holds3(const carc_game *g, int x, int y)
{
    uint32_t ux = (uint32_t)(x - 1 - g->gx0), uy = (uint32_t)(y - 1 - g->gy0);
    return ux < g->gw && ux + 2 < g->gw && uy < g->gh && uy + 2 < g->gh;
}


bool carc__placeable(const carc_game *g, int type)
{
    /* the open cells' slots (fit16[LIVE_DEAD] is 0: a filled cell's),
     * newest first: the oldest open cells are the holes few tiles fit, the
     * newest have mostly one neighbour */
    const uint8_t *fit16 = carc__types[type].fit16;
    const live_slot *ls = CSLOTS(g);
    for (uint32_t k = g->lslots; k-- > 0;)
        if (fit16[ls[k].req]) return true;
    const front *F = CFRONT(g);
    if (carc__repair_possible(g)) /* a mismatch a module would repair */
        CARC_FOR_LIVE(g, k, fi)
            if (carc__repaired_rots(g, &F[fi], type)) return true;
    return false;
}

/* carc__find on the segment array S: an index scaled once per step */
static inline int find_in(const seg *S, int s)
{
    while (S[s].parent != s) s = S[s].parent;
    return s;
}

/* Union by size; the surviving root carries the sum of the aggregates. */
static int unite_plain(carc_game *g, int a, int b, int *absorbed)
{
    seg *S = SEGS(g);
    a = find_in(S, a);
    b = find_in(S, b);
    *absorbed = -1;
    if (a == b) return a;
    if (S[a].size < S[b].size) { int t = a; a = b; b = t; }
    S[b].parent = (uint16_t)a;
    S[a].size = (uint16_t)(S[a].size + S[b].size);
    S[a].open = (uint16_t)(S[a].open + S[b].open);
    S[a].pennants = (uint8_t)(S[a].pennants + S[b].pennants);
    S[a].figs = (uint8_t)(S[a].figs + S[b].figs);
    S[a].owners |= S[b].owners;
    uint16_t na = S[a].next;
    S[a].next = S[b].next;
    S[b].next = na;
    *absorbed = b;
    return a;
}

/* Unite the features of segments a and b; tell the modules (features_merged)
 * when notify is set and two features became one. */
static inline int unite(carc_game *g, int a, int b, bool notify)
{
    int absorbed;
    int r = unite_plain(g, a, b, &absorbed);
    if (notify && absorbed >= 0)
        for (int k = 0; k < g->nmods; k++) {
            const carc_module_def *md = carc__mod(g, k);
            if (md->features_merged) md->features_merged(g, r, absorbed);
        }
    return r;
}

/* Drop the filled cells' slots from the packed list (state.h, lslots): the
 * open cells move down, in their order. */
__attribute__((noinline)) static void live_compact(carc_game *g)
{
    live_slot *ls = SLOTS(g);
    front *F = FRONT(g);
    const uint32_t n = g->lslots;
    /* the open cells before the first filled one stay where they are */
    uint32_t j = 0;
    while (ls[j].req != LIVE_DEAD) j++; /* (ldead > 0: one is) */
    for (uint32_t k = j + 1; k < n; k++) {
        if (ls[k].req == LIVE_DEAD) continue;
        uint16_t fi = ls[k].fi;
        memcpy(&ls[j], &ls[k], sizeof *ls); /* one 8-byte move */
        F[fi].lpos = (uint16_t)j;
        j++;
    }
    g->lslots = (uint16_t)j;
    g->ldead = 0;
}

/* Open the empty cell (x, y) beside tile `anchor`, or add that side's demand
 * to it if it already is a frontier cell; *cell is its grid cell. */
static inline void add_front(carc_game *g, int16_t *cell, int x, int y, int anchor, int side,
                             int kind)
{
    int v = *cell;
    if (v >= 0) return;
    int opp = (side + 2) & 3;
    uint8_t req = (uint8_t)(kind << (2 * opp));
    /* a wildcard side (EK_NONE) demands nothing */
    uint8_t mask = (uint8_t)(kind == EK_NONE ? 0 : 3u << (2 * opp));
    front *F = FRONT(g);
    if (v == -1) {
        /* the newest cell, in a new last slot (the highest id yet: its
         * anchor is the newest tile) */
        uint16_t fi = (uint16_t)g->nfront++;
        uint16_t k = g->lslots++;
        uint16_t idbase = (uint16_t)(CARC_ID_CELL + anchor * 16 + side * 4);
        F[fi] = (front){.x = (int16_t)x, .y = (int16_t)y, .req = req, .mask = mask,
                        .lpos = k, .anchor = (uint16_t)anchor, .idbase = idbase};
        SLOTS(g)[k] = (live_slot){.id = idbase, .req = req, .fi = fi};
        g->live_front++;
        *cell = (int16_t)(-(int)fi - 2);
    } else {
        front *f = &F[-(v + 2)];
        f->req |= req;
        f->mask |= mask;
        SLOTS(g)[f->lpos].req = f->req;
    }
}

/* The edges of the new tile on side d (N E S W) against placed tile nt, in a
 * game without roads laid over tiles, wildcard edges or repairs: edge kinds
 * match (the table said the tile fits), so a road or city edge joins the
 * neighbour's, and the fields join half by half. */
static inline __attribute__((always_inline)) void join_plain(carc_game *g, const tile_type *ty, int rot, int seg0, int kind,
                              const ptile *nt, int d, bool notify)
{
    const tile_type *nty = &carc__types[nt->type];
    const int od = (d + 2) & 3;
    const uint8_t *hs = ty->half_seg[rot], *nhs = nty->half_seg[nt->rot];
    if (kind != EK_FIELD) {
        int r = unite(g, seg0 + ty->edge_seg[rot][d], nt->seg0 + nty->edge_seg[nt->rot][od],
                      notify);
        seg *S = SEGS(g);
        S[r].open = (uint16_t)(S[r].open - 2);
    }
    /* the fields along the edge, half by half (a field on both halves of
     * both tiles is united once) */
    int a0 = hs[2 * d], b0 = nhs[2 * od + 1];
    int a1 = hs[2 * d + 1], b1 = nhs[2 * od];
    if (a0 != NO_SEG && b0 != NO_SEG) unite(g, seg0 + a0, nt->seg0 + b0, notify);
    if (a1 != NO_SEG && b1 != NO_SEG && (a1 != a0 || b1 != b0))
        unite(g, seg0 + a1, nt->seg0 + b1, notify);
}

/* Side d of the new tile t (at x, y, segments from seg0) in the rare cases:
 * a road laid over the neighbour (bridge), a wildcard edge, or a road
 * against a field a module repairs. */
static void join_rare_side(carc_game *g, const tile_type *ty, int rot, int seg0, int kind,
                           const ptile *nt, int d, bool notify)
{
    seg *S = SEGS(g);
    const tile_type *nty = &carc__types[nt->type];
    int od = (d + 2) & 3;
    if ((nt->overlay_sides >> od) & 1) {
        /* the neighbour's edge carries a road laid over its field (a
         * bridge); the frontier demanded a road here, or a wildcard */
        if (kind == EK_ROAD) {
            int r = unite(g, seg0 + ty->edge_seg[rot][d], nt->overlay_seg, notify);
            S[r].open = (uint16_t)(S[r].open - 2);
        } else if (kind == EK_NONE) {
            S[carc__find(g, nt->overlay_seg)].open--;
        }
        /* the field runs on under the bridge */
        for (int h = 0; h < 2; h++) {
            int a = ty->half_seg[rot][2 * d + h];
            int b = nty->half_seg[nt->rot][2 * od + 1 - h];
            if (a != NO_SEG && b != NO_SEG) unite(g, seg0 + a, nt->seg0 + b, notify);
        }
        return;
    }
    int nkind = (nty->code[nt->rot] >> (2 * od)) & 3;
    if (kind == EK_NONE || nkind == EK_NONE) {
        /* a wildcard edge (abbey) closes the road or city edge it meets
         * without joining it; fields are never united across it */
        int s = kind != EK_NONE ? seg0 + ty->edge_seg[rot][d]
                                : nt->seg0 + nty->edge_seg[nt->rot][od];
        if ((kind | nkind) >= EK_ROAD) S[carc__find(g, s)].open--;
        return;
    }
    if (kind != EK_FIELD && kind == nkind) {
        /* (a road against a field edge, allowed by place_repair, joins
         * nothing: its end stays open until the repair, a road laid
         * over one of the two tiles, joins it; the fields run on) */
        int a = ty->edge_seg[rot][d], b = nty->edge_seg[nt->rot][od];
        int r = unite(g, seg0 + a, nt->seg0 + b, notify);
        S[r].open = (uint16_t)(S[r].open - 2);
    }
    int a0 = ty->half_seg[rot][2 * d], b0 = nty->half_seg[nt->rot][2 * od + 1];
    int a1 = ty->half_seg[rot][2 * d + 1], b1 = nty->half_seg[nt->rot][2 * od];
    if (a0 != NO_SEG && b0 != NO_SEG) unite(g, seg0 + a0, nt->seg0 + b0, notify);
    if (a1 != NO_SEG && b1 != NO_SEG && (a1 != a0 || b1 != b0))
        unite(g, seg0 + a1, nt->seg0 + b1, notify);
}

/* Side d of the new tile in a game where the rare cases may occur (roads
 * laid over tiles, wildcard edges, repairs): most sides are none of them --
 * no road over the neighbour's edge, the same edge kinds, no wildcard -- and
 * join as in the plain game (join_plain, inline); the others out of line. */
static inline __attribute__((always_inline)) void join_rare(carc_game *g, const tile_type *ty,
                                                            int rot, int seg0, int kind,
                                                            const ptile *nt, int d, bool notify)
{
    const int od = (d + 2) & 3;
    if (!((nt->overlay_sides >> od) & 1) && kind != EK_NONE &&
        kind == ((carc__types[nt->type].code[nt->rot] >> (2 * od)) & 3))
        join_plain(g, ty, rot, seg0, kind, nt, d, notify);
    else
        join_rare_side(g, ty, rot, seg0, kind, nt, d, notify);
}

/* Side d of the new tile: open the empty cell beyond, or join the tile
 * there.  Inline with d constant, so the shifts and the cell's offset are. */
static inline __attribute__((always_inline)) void place_side(carc_game *g, const tile_type *ty, int rot, int t, int seg0,
                              int16_t *cell, int x, int y, int d, int u, bool rare, bool notify)
{
    int kind = (ty->code[rot] >> (2 * d)) & 3;
    if (u < 0) {
        /* the 4 sides are distinct cells, so add_front() of an earlier side
         * cannot have changed this one's value */
        const ptrdiff_t step[4] = {-(ptrdiff_t)g->gw, 1, g->gw, -1};
        add_front(g, cell + step[d], x + carc__dx[d], y + carc__dy[d], t, d, kind);
        return;
    }
    const ptile *nt = &CTILES(g)[u];
    if (rare) join_rare(g, ty, rot, seg0, kind, nt, d, notify);
    else join_plain(g, ty, rot, seg0, kind, nt, d, notify);
}

/* Lay tile `type` at (x, y) with rotation `rot`; the caller has checked
 * legality (or it is the start tile).  Returns the placed tile index (-1
 * only if the board window could not hold it, a defect: TF_FAULT). */
int carc__place(carc_game *g, int type, int x, int y, int rot)
{
    if (!grid_holds3(g, x, y) && !regrid(g, x, y))
        return -1; /* TF_FAULT: the game stops with CARC_E_LIMIT */
    const tile_type *ty = &carc__types[type];
    const int t = (int)g->ntiles++;
    const int seg0 = (int)g->nsegs;
    ptile *T = TILES(g);
    ptile *pt = &T[t];
    *pt = (ptile){.x = (int16_t)x, .y = (int16_t)y, .type = (uint16_t)type,
                  .rot = (uint8_t)rot, .seg0 = (uint16_t)seg0, .front = 0xFFFF,
                  .overlay_seg = NO_OVERLAY};

    /* its segments: each its own feature (parent, next: itself), the rest
     * from the type's table (seg_init: local, kind, open ends, pennants) */
    {
        seg *S = SEGS(g) + seg0;
        const int n = ty->nseg;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        _Static_assert(sizeof(seg) == 16 && offsetof(seg, parent) == 0 &&
                           offsetof(seg, next) == 2 && offsetof(seg, tile) == 4 &&
                           offsetof(seg, size) == 6 && offsetof(seg, local) == 8 &&
                           offsetof(seg, kind) == 9 && offsetof(seg, open) == 10 &&
                           offsetof(seg, pennants) == 12 && offsetof(seg, figs) == 13 &&
                           offsetof(seg, flags) == 14 && offsetof(seg, owners) == 15,
                       "tile_type.seg_init is laid out for struct seg");
        uint64_t lo = (uint64_t)(uint32_t)seg0 * 0x10001u | (uint64_t)(uint32_t)t << 32 |
                      (uint64_t)1 << 48;
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 2
#endif
        for (int i = 0; i < n; i++, lo += 0x10001u) {
            memcpy(&S[i], &lo, 8);
            memcpy((char *)&S[i] + 8, ty->seg_init[i], 8);
        }
#else
        for (int i = 0; i < n; i++) {
            seg *sg = &S[i];
            memset(sg, 0, sizeof *sg);
            sg->parent = sg->next = (uint16_t)(seg0 + i);
            sg->tile = (uint16_t)t;
            sg->size = 1;
            sg->local = ty->seg_init[i][0];
            sg->kind = ty->seg_init[i][1];
            sg->open = ty->seg_init[i][2];
            sg->pennants = ty->seg_init[i][4];
        }
#endif
        g->nsegs = (uint32_t)(seg0 + n);
    }

    int16_t *cell = grid_cell(g, x, y);
    int old = *cell;
    if (old <= -2) {
        int fi = -(old + 2);
        /* it leaves the open cells (the others keep their order) */
        front *F = FRONT(g);
        g->live_front--;
        SLOTS(g)[F[fi].lpos].req = LIVE_DEAD;
        if (++g->ldead >= LIVE_COMPACT) live_compact(g);
        pt->front = (uint16_t)fi;
    }
    *cell = (int16_t)t;

    /* the 8 neighbours, row by row: (-1,-1) (0,-1) (1,-1) (-1,0) (1,0) ...,
     * read straight from the window (it holds them: regrid above); an open
     * cell (<= -2) or an empty one (-1) is no tile.  Nothing of them is
     * kept but last_full: carc__collect_completed reads the window again
     * for the few it needs (scoring.c) */
    const ptrdiff_t gw = g->gw;
    const int16_t *r0 = cell - gw - 1, *r2 = cell + gw - 1;
    const int nbr[8] = {r0[0], r0[1], r0[2], cell[-1], cell[1], r2[0], r2[1], r2[2]};
    int nb = 0;
    unsigned full = 0;
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 8
#endif
    for (int k = 0; k < 8; k++) {
        int v = nbr[k];
        if (v >= 0) {
            if (++T[v].nb8 == 8) full |= 1u << k;
            nb++;
        }
    }
    pt->nb8 = (uint8_t)nb;
    g->last_full = (uint16_t)(full | (nb == 8 ? 1u << 8 : 0u));
    const bool notify = (g->hookmask & HK_MERGED) != 0;
    /* roads laid over tiles, wildcard edges, or edge mismatches a module
     * repairs (place_repair) in this game */
    const bool rare = (g->hookmask & (HK_OVERLAY | HK_WILD | HK_REPAIR)) != 0;
    const int n0 = nbr[1], n1 = nbr[4], n2 = nbr[6], n3 = nbr[3];
    place_side(g, ty, rot, t, seg0, cell, x, y, 0, n0, rare, notify);
    place_side(g, ty, rot, t, seg0, cell, x, y, 1, n1, rare, notify);
    place_side(g, ty, rot, t, seg0, cell, x, y, 2, n2, rare, notify);
    place_side(g, ty, rot, t, seg0, cell, x, y, 3, n3, rare, notify);
    return t;
}

/* Smallest rectangle holding every placed tile. */
void carc__board_bounds(const carc_game *g, int *x0, int *x1, int *y0, int *y1)
{
    const ptile *T = CTILES(g);
    *x0 = *x1 = *y0 = *y1 = 0;
    for (uint32_t i = 0; i < g->ntiles; i++) {
        if (T[i].x < *x0) *x0 = T[i].x;
        if (T[i].x > *x1) *x1 = T[i].x;
        if (T[i].y < *y0) *y0 = T[i].y;
        if (T[i].y > *y1) *y1 = T[i].y;
    }
}

/* Mark what the start closed as complete (a walled city of the start
 * layout): it never scores, and farmers count it. */
static void close_start_features(carc_game *g)
{
    seg *S = SEGS(g);
    for (uint32_t s = 0; s < g->nsegs; s++) {
        int r = carc__find(g, (int)s);
        if ((S[r].kind == CARC_FEATURE_ROAD || S[r].kind == CARC_FEATURE_CITY) && S[r].open == 0)
            S[r].flags |= SF_COMPLETE | SF_SCORED;
    }
}

void carc__board_init(carc_game *g)
{
    /* a start layout a module asks for */
    const char *name = NULL;
    for (int k = 0; k < g->nmods && !name; k++)
        if (carc__mod(g, k)->start_layout) name = carc__mod(g, k)->start_layout(g);
    for (int l = 0; name && l < carc__nlayouts; l++) {
        const tile_layout *lay = &carc__layouts[l];
        if (strcmp(lay->name, name) != 0) continue;
        for (int i = 0; i < lay->n; i++) {
            const layout_cell *c = &lay->cell[i];
            if (g->ntiles >= g->L.cap_tiles ||
                g->nsegs + carc__types[c->type].nseg > g->L.cap_segs) {
                g->flags |= TF_FAULT; /* carc__game_init fails with CARC_E_LIMIT */
                return;
            }
            if (REMAIN(g)[c->type] > 0) REMAIN(g)[c->type]--;
            carc__place(g, c->type, c->x, c->y, c->rot);
        }
        close_start_features(g);
        return;
    }
    /* the start tile: the first type of an enabled tile set marked 'start' */
    for (int t = 0; t < carc__ntypes; t++) {
        if (!carc__types[t].start || REMAIN(g)[t] == 0) continue;
        REMAIN(g)[t]--;
        carc__place(g, t, 0, 0, 0);
        return;
    }
}

/* ------------------------------------------------------- module services */

static bool tile_ok(const carc_game *g, int t) { return t >= 0 && (uint32_t)t < g->ntiles; }

int carc__tile_none(void) { return -1; }


int carc__tile_neighbours(const carc_game *g, int t) { return tile_ok(g, t) ? CTILES(g)[t].nb8 : 0; }

int carc__root_kind(const carc_game *g, int root)
{
    CARC_MOD_CHECK(carc__is_root(g, root));
    return CSEGS(g)[root].kind;
}
bool carc__root_complete(const carc_game *g, int root)
{
    CARC_MOD_CHECK(carc__is_root(g, root));
    return (CSEGS(g)[root].flags & SF_COMPLETE) != 0;
}
bool carc__root_due(const carc_game *g, int root)
{
    CARC_MOD_CHECK(carc__is_root(g, root));
    const seg *r = &CSEGS(g)[root];
    return carc__seg_closed(r) && !(r->flags & (SF_SCORED | SF_SKIP)) &&
           (r->kind == CARC_FEATURE_ROAD || r->kind == CARC_FEATURE_CITY);
}
int carc__root_open(const carc_game *g, int root)
{
    CARC_MOD_CHECK(carc__is_root(g, root));
    return CSEGS(g)[root].open;
}
int carc__root_followers(const carc_game *g, int root)
{
    CARC_MOD_CHECK(carc__is_root(g, root));
    return CSEGS(g)[root].figs;
}
int carc__root_pennants(const carc_game *g, int root)
{
    CARC_MOD_CHECK(carc__is_root(g, root));
    return CSEGS(g)[root].pennants;
}

/* The segment tags of a feature's members, OR-ed: one walk of its member
 * list (a road laid over a tile has no tags). */
uint32_t carc__root_tags(const carc_game *g, int root)
{
    CARC_MOD_CHECK(carc__is_root(g, root));
    const seg *S = CSEGS(g);
    const ptile *T = CTILES(g);
    uint32_t tags = 0;
    int s = root;
    do {
        const tile_type *ty = &carc__types[T[S[s].tile].type];
        if (S[s].local < ty->nseg) tags |= ty->seg[S[s].local].tags;
        s = S[s].next;
    } while (s != root);
    return tags;
}

/* The members of a feature in the order of its member list, starting with
 * the root; their number is the root's size (union by size keeps it). */
int carc__root_members(const carc_game *g, int root, int16_t *tiles, uint8_t *segs, int cap)
{
    CARC_MOD_CHECK(carc__is_root(g, root) && cap >= 0);
    const seg *S = CSEGS(g);
    int n = S[root].size;
    if (cap > n) cap = n;
    int s = root;
    for (int i = 0; i < cap; i++) {
        if (tiles) tiles[i] = (int16_t)S[s].tile;
        if (segs) segs[i] = S[s].local;
        s = S[s].next;
    }
    return n;
}

/* Claiming figures (follower class) are in the root's owners mask; figures
 * of other classes need a walk of the figures, which stops at the first. */
bool carc__root_has_follower(const carc_game *g, int root, int player, unsigned classes)
{
    CARC_MOD_CHECK(carc__is_root(g, root) && player >= 0 && player < g->nplayers);
    if (classes & CARC_CLASS_FOLLOWER) {
        if ((CSEGS(g)[root].owners >> player) & 1u) return true;
        classes &= ~(unsigned)CARC_CLASS_FOLLOWER;
        if (!classes) return false;
    }
    const figure *F = CFIGS(g);
    for (uint32_t i = 0; i < g->nfigs; i++)
        if (F[i].owner == player && F[i].where == CARC_PLACE_SEGMENT &&
            (g->kind_class[F[i].kind] & classes) && carc__find(g, F[i].seg) == root)
            return true;
    return false;
}

/* Tag bits by name: what tools/tilegen numbered in this build's catalogue. */
static uint32_t tag_bit(const char *const *names, int n, const char *name)
{
    if (!name) return 0;
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0) return 1u << i;
    return 0;
}

uint32_t carc__tile_tag_bit(const char *name)
{
    return tag_bit(carc__tile_tag_names, carc__ntile_tags, name);
}

uint32_t carc__segment_tag_bit(const char *name)
{
    return tag_bit(carc__seg_tag_names, carc__nseg_tags, name);
}

/* A failed CARC_MOD_CHECK (state.h): a module called a service wrongly. */
void carc__check_failed(const char *fn, const char *cond, const char *file, int line)
{
    fprintf(stderr, "libcarcvar: module service %s called with a bad argument: %s (%s:%d)\n",
            fn, cond, file, line);
    abort();
}

#ifdef CARC_CHECKED
const bool carc__checked_build = true;
#else
const bool carc__checked_build = false;
#endif

/* ------------------------------------------------ roads laid over tiles */


/* The edge kind a placed tile shows on board side `side` (overlay roads
 * included). */
static inline int shown_edge(const ptile *pt, int side)
{
    if ((pt->overlay_sides >> side) & 1) return EK_ROAD;
    return (carc__types[pt->type].code[pt->rot] >> (2 * side)) & 3;
}

int carc__tile_overlay_ends(const carc_game *g, int t)
{
    if (t < 0 || (uint32_t)t >= g->ntiles) return 0;
    const ptile *pt = &CTILES(g)[t];
    if (pt->overlay_seg != NO_OVERLAY || g->nsegs >= g->L.cap_segs) return 0;
    /* no road over it: the edges it shows are its type's */
    const int code = carc__types[pt->type].code[pt->rot];
    int ends = 0;
    for (int d = 0; d < 4; d++) {
        if (((code >> (2 * d)) & 3) != EK_FIELD) continue;
        int u = carc__cell_get(g, pt->x + carc__dx[d], pt->y + carc__dy[d]);
        if (u >= 0) {
            int nk = shown_edge(&CTILES(g)[u], (d + 2) & 3);
            if (nk != EK_ROAD && nk != EK_NONE) continue; /* the road must meet a road */
        }
        ends |= 1 << d;
    }
    return ends;
}

bool carc__tile_overlay_ok(const carc_game *g, int t, int sides)
{
    if (sides != 0x5 && sides != 0xA) return false;
    return (carc__tile_overlay_ends(g, t) & sides) == sides;
}

int carc__segments_room(const carc_game *g) { return (int)g->L.cap_segs - (int)g->nsegs; }

bool carc__tile_fitted(const carc_game *g, int t)
{
    if (t < 0 || (uint32_t)t >= g->ntiles) return false;
    const ptile *pt = &CTILES(g)[t];
    if (pt->front >= g->nfront) return false; /* a start tile: no cell */
    /* the cell's demand is kept after the fill (only open cells change) */
    return (carc__types[pt->type].fit[CFRONT(g)[pt->front].req] >> pt->rot) & 1;
}

int carc__tile_overlay_road(carc_game *g, int t, int sides)
{
    if (!carc__tile_overlay_ok(g, t, sides)) return CARC_E_ILLEGAL;
    g->hookmask |= HK_OVERLAY;
    ptile *T = TILES(g);
    seg *S = SEGS(g);
    ptile *pt = &T[t];
    int s = (int)g->nsegs++;
    seg *sg = &S[s];
    memset(sg, 0, sizeof *sg);
    sg->parent = sg->next = (uint16_t)s;
    sg->tile = (uint16_t)t;
    sg->local = carc__types[pt->type].nseg;
    sg->kind = CARC_FEATURE_ROAD;
    sg->size = 1;
    sg->open = 2;
    pt->overlay_seg = (uint16_t)s;
    pt->overlay_sides = (uint8_t)sides;
    const bool notify = (g->hookmask & HK_MERGED) != 0;
    for (int d = 0; d < 4; d++) {
        if (!((sides >> d) & 1)) continue;
        int x = pt->x + carc__dx[d], y = pt->y + carc__dy[d], od = (d + 2) & 3;
        int v = carc__cell_get(g, x, y);
        if (v <= -2) {
            /* an open cell beside it now needs a road on that side */
            front *f = &FRONT(g)[-(v + 2)];
            f->req = (uint8_t)((f->req & ~(3u << (2 * od))) | (EK_ROAD << (2 * od)));
            f->mask |= (uint8_t)(3u << (2 * od));
            SLOTS(g)[f->lpos].req = f->req;
            continue;
        }
        if (v < 0) continue;
        const ptile *nt = &T[v];
        const tile_type *nty = &carc__types[nt->type];
        if (shown_edge(nt, od) == EK_NONE) {
            S[carc__find(g, s)].open--; /* a wildcard edge closes it */
            continue;
        }
        int b = (nt->overlay_sides >> od) & 1 ? nt->overlay_seg
                                              : nt->seg0 + nty->edge_seg[nt->rot][od];
        int r = unite(g, s, b, notify);
        S[r].open = (uint16_t)(S[r].open - 2);
    }
    return CARC_OK;
}
