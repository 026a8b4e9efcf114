/* Checking a game state restored from a snapshot's bytes
 * (doc/serialization.md, version 4).
 *
 * A snapshot carries the state block itself; carc_game_deserialize copies
 * it instead of replaying the history only after these checks, so that
 * bytes crafted with a valid checksum cannot make the engine follow an
 * index out of range.  Two parts:
 *
 *  - carc__snapshot_config_ok: the fields set at creation from the options
 *    (layout, offsets, module list, step lists, figure kinds, the host's
 *    setup, the figures' kinds) must equal those of a game just created
 *    from the snapshot's options.  What a game changes while it is played
 *    is listed in dynamic_fields(); everything else is configuration.
 *  - carc__state_check: every count against its capacity, every index the
 *    engine later follows (tiles, segments and their union-find links and
 *    member rings, the board window, the frontier list, figures, the
 *    decision queue, the score log, the scoring in progress, the pile),
 *    then each enabled module's state_check hook.
 *
 * Only the core's files read this layout; modules check their own state
 * (lib/module.h, state_check). */
#include "core/state.h"

#include <stdlib.h>

/* Copy the fields a game changes as it is played from src into dst. */
static void dynamic_fields(carc_game *dst, const carc_game *src)
{
#define F(x) memcpy(&dst->x, &src->x, sizeof dst->x)
    F(player); F(ntiles); F(last_tile);
    F(step); F(step_pos); F(flags); F(part); F(drawn);
    F(nsegs); F(nfront); F(nhist); F(nlog);
    F(live_front); F(lslots); F(ldead);
    F(hooks_drawable); F(draw_odd); F(hooks_aside); F(hookmask);
    F(npending); F(pend);
    F(supply_mask); F(total_remaining); F(score); F(supply);
    F(last_full); F(gx0); F(gy0); F(gw); F(gh);
    F(ncompleted); F(score_pos); F(score_hook); F(completed);
    F(turn); F(discarded); F(aside_ring); F(n_aside); F(rng);
    F(return_step); F(return_pos); F(in_extra_turn); F(nlog_final);
#undef F
}

bool carc__snapshot_config_ok(const carc_game *fresh, const void *fresh_figs, uint64_t seed,
                              const carc_game *snap)
{
    /* the header: snap's dynamic fields put into a copy of fresh's, with
     * the canonical part's seed, must give snap's bytes back */
    carc_game h;
    memcpy(&h, fresh, sizeof h);
    h.opts.seed = seed;
    dynamic_fields(&h, snap);
    /* HK_OVERLAY is set while playing (a bridge); every other bit at creation */
    h.hookmask = (fresh->hookmask & ~(uint32_t)HK_OVERLAY) | (snap->hookmask & HK_OVERLAY);
    if (memcmp(&h, snap, sizeof h) != 0) return false;
    /* a module may only take its drawable hook away (carc__pile_drawable_all) */
    if (snap->hooks_drawable & ~fresh->hooks_drawable) return false;
    /* ... and its draw_aside hook (carc__pile_aside_none) */
    if (snap->hooks_aside & ~fresh->hooks_aside) return false;
    /* the bag (after REMAIN) is the host's setup */
    if (memcmp(CBAG(fresh), CBAG(snap), (size_t)carc__ntypes) != 0) return false;
    /* figures are made at creation: their kinds never change, and only a
     * neutral figure (owner -1) has no owner */
    const figure *a = fresh_figs, *b = CFIGS(snap);
    for (uint32_t i = 0; i < fresh->nfigs; i++)
        if (a[i].kind != b[i].kind || (a[i].owner < 0) != (b[i].owner < 0)) return false;
    return true;
}

bool carc__snapshot_supported(const carc_game *g)
{
    for (int k = 0; k < g->nmods; k++) {
        const carc_module_def *md = carc__mod(g, k);
        if ((md->state_size || md->decision_apply || md->chance_sample) && !md->state_check)
            return false;
    }
    return true;
}

bool carc__root_valid(const carc_game *g, int root) { return g && carc__is_root(g, root); }

/* 1 when (x, y) is outside carc__cell_in_range's range (branch-free) */
static inline unsigned off_range(int x, int y)
{
    return ((uint32_t)(x - (INT16_MIN + 2)) > (uint32_t)(INT16_MAX - 2 - (INT16_MIN + 2))) |
           ((uint32_t)(y - (INT16_MIN + 2)) > (uint32_t)(INT16_MAX - 2 - (INT16_MIN + 2)));
}

/* 1 unless both a and b are below n (branch-free) */
static inline unsigned not_both_below(uint32_t a, uint32_t b, uint32_t n)
{
    return (uint32_t)(((int32_t)(a - n) & (int32_t)(b - n)) >= 0);
}

static bool tile_index(const carc_game *g, int v) { return v >= 0 && (uint32_t)v < g->ntiles; }
static bool tile_or_none(const carc_game *g, int v) { return v == -1 || tile_index(g, v); }
static bool step_pos_ok(const carc_game *g, unsigned step, unsigned pos)
{
    return step < CARC_NUM_STEPS && pos <= g->nsteps[step] && pos <= MAX_STEP_HOOKS;
}

/* The placed tiles and their segments (ranges, union-find, rings): one
 * pass over the tiles and their segments, one over the rings; code[t]
 * receives tile t's edge code as laid (2 bits per board side; a road laid
 * over a side makes it a road), for the open cells' demands (check_board). */
static bool check_tiles_segments(const carc_game *g, uint8_t *code)
{
    const ptile *T = CTILES(g);
    const seg *S = CSEGS(g);
    const uint32_t nt = g->ntiles, ns = g->nsegs, nf = g->nfront;
    /* each tile's fields; its segments where its range puts them, each
     * naming the tile, its place in the type and the type's kind for it
     * (seg_init's first two bytes, as board.c lays them), links in range;
     * the road laid over it (a bridge), naming it, one past its own.  A
     * segment names one tile and one place in it, so these are distinct:
     * with as many as there are segments, every segment is one of them */
    uint32_t seen = 0, overlays = 0;
    unsigned bad = 0;
    for (uint32_t t = 0; t < nt; t++) {
        const ptile *pt = &T[t];
        bad |= (pt->type >= (uint32_t)carc__ntypes) | (pt->rot > 3) | (pt->nb8 > 8) |
               off_range(pt->x, pt->y) | ((uint16_t)(pt->front + 1u) > nf) |
               ((pt->overlay_sides & ~15u) != 0) |
               (pt->overlay_seg == NO_OVERLAY && pt->overlay_sides);
        if (bad) return false;
        const tile_type *ty = &carc__types[pt->type];
        const uint32_t n = ty->nseg, s0 = pt->seg0;
        if (s0 + n > ns) return false;
        for (uint32_t k = 0; k < n; k++) {
            const seg *sg = &S[s0 + k];
            bad |= (sg->tile != t) | (memcmp(&sg->local, ty->seg_init[k], 2) != 0) |
                   not_both_below(sg->parent, sg->next, ns);
        }
        seen += n;
        unsigned c = ty->code[pt->rot];
        if (pt->overlay_seg != NO_OVERLAY) {
            if (pt->overlay_seg >= ns) return false;
            const seg *sg = &S[pt->overlay_seg];
            bad |= (sg->tile != t) | (sg->local != n) | not_both_below(sg->parent, sg->next, ns);
            overlays++;
            for (unsigned sides = pt->overlay_sides; sides; sides &= sides - 1) {
                unsigned d = (unsigned)__builtin_ctz(sides);
                c = (c & ~(3u << (2 * d))) | ((unsigned)EK_ROAD << (2 * d));
            }
        }
        code[t] = (uint8_t)c;
    }
    _Static_assert(offsetof(seg, kind) == offsetof(seg, local) + 1, "seg: local, then kind");
    if (bad || seen + overlays != ns || overlays > g->L.cap_overlays) return false;
    /* each feature's ring of members: from its root, size members, back
     * to the root, every one of them in that feature -- its chain of
     * parents shorter than 18 links (union by size keeps it under 17 with
     * 2^16 segments at most; a longer one is a loop or was never made).
     * A ring that met a member twice would come back to its root early or
     * never, so rings of distinct members adding up to every segment have
     * checked every segment's chain */
    uint32_t members = 0;
    for (uint32_t r = 0; r < ns; r++) {
        if (S[r].parent != r) continue;
        uint32_t size = S[r].size, u = r, k = 0;
        if (size == 0 || size > ns) return false;
        if (size == 1) { /* a feature of one segment: its ring is itself */
            if (S[r].next != r) return false;
            members++;
            continue;
        }
        do {
            /* most members hang from the root itself */
            uint32_t v = S[u].parent;
            for (int d = 1; v != r; d++) {
                if (d > 16 || S[v].parent == v) return false;
                v = S[v].parent;
            }
            u = S[u].next;
            k++;
        } while (u != r && k < size);
        if (u != r || k != size) return false;
        members += size;
    }
    return members == ns;
}

/* Cells of grid[0..n) that are not empty (-1), four at a time. */
static uint32_t occupied_cells(const int16_t *grid, uint32_t n)
{
    const uint64_t lo = 0x7FFF7FFF7FFF7FFFull, hi = 0x8000800080008000ull;
    uint32_t count = 0, i = 0;
    while (n - i >= 4) {
        /* 16-bit lanes, each counting at most 8192 words */
        uint32_t words = (n - i) / 4;
        if (words > 8192) words = 8192;
        uint64_t acc = 0;
        for (uint32_t w = 0; w < words; w++, i += 4) {
            uint64_t x;
            memcpy(&x, grid + i, 8);
            x = ~x; /* an empty cell's lane is 0 */
            acc += ((x | ((x & lo) + lo)) & hi) >> 15;
        }
        count += (uint32_t)((acc & 0xFFFF) + ((acc >> 16) & 0xFFFF) + ((acc >> 32) & 0xFFFF) +
                            (acc >> 48));
    }
    for (; i < n; i++) count += grid[i] != -1;
    return count;
}

/* the board window and the frontier; code[] from check_tiles_segments */
static bool check_board(const carc_game *g, const uint8_t *code)
{
    const uint32_t gw = g->gw, gh = g->gh, nt = g->ntiles, nf = g->nfront;
    if (gw * gh > g->L.cap_grid) return false;
    if (!carc__cell_in_range(g->gx0, g->gy0) ||
        !carc__cell_in_range(g->gx0 + (int)gw, g->gy0 + (int)gh))
        return false;
    const ptile *T = CTILES(g);
    const front *Fr = CFRONT(g);
    const int16_t *G = CGRID(g);
    /* every tile in its own cell (so in distinct cells) */
    for (uint32_t t = 0; t < nt; t++)
        if (carc__cell_get(g, T[t].x, T[t].y) != (int)t) return false;
    unsigned bad = 0;
    for (uint32_t f = 0; f < nf; f++) {
        const front *fr = &Fr[f];
        /* its id names its anchor's side: CARC_ID_CELL + anchor*16 + side*4 */
        uint32_t side4 = (uint32_t)fr->idbase - CARC_ID_CELL - fr->anchor * 16u;
        bad |= (fr->anchor >= nt) | (side4 > 12) | ((side4 & 3u) != 0) | off_range(fr->x, fr->y);
    }
    if (bad) return false;
    /* the open cells' slots (state.h, lslots; the placement listing walks
     * them): ids strictly ascending, each live slot's cell open at its
     * board position and pointing back to its slot with the same id and
     * demand; the other slots filled cells' (LIVE_DEAD), fewer than
     * LIVE_COMPACT; live_front live slots */
    const live_slot *ls = CSLOTS(g);
    if (g->lslots > nf || g->ldead >= LIVE_COMPACT ||
        (uint32_t)g->lslots != g->live_front + g->ldead)
        return false;
    uint32_t dead = 0;
    for (uint32_t k = 0; k < g->lslots; k++) {
        const live_slot *sl = &ls[k];
        if (sl->req > LIVE_DEAD || (k > 0 && ls[k - 1].id >= sl->id)) return false;
        if (sl->req == LIVE_DEAD) {
            dead++;
            continue;
        }
        if (sl->fi >= nf) return false;
        const front *fr = &Fr[sl->fi];
        if (fr->lpos != k || fr->idbase != sl->id || fr->req != sl->req ||
            carc__cell_get(g, fr->x, fr->y) != -(int)sl->fi - 2)
            return false;
    }
    if (dead != g->ldead) return false;
    /* and every other cell empty: the window holds the tiles and the open
     * cells, nothing else (board.c, regrid), so as many cells are in use
     * as there are of those (the live slots name distinct cells: each
     * cell's lpos names one slot) */
    if (occupied_cells(G, gw * gh) != nt + g->live_front) return false;
    /* each open cell demands what its placed neighbours' edges show (a
     * road laid over a neighbour: a road): placements are matched against
     * it, and laying a tile trusts that the edges then meet.  A cell in use
     * is a tile's own (v >= 0) or an open cell's (v <= -2); one outside
     * the window is empty */
    CARC_FOR_LIVE(g, k, f) {
        uint32_t ux = (uint32_t)(Fr[f].x - g->gx0), uy = (uint32_t)(Fr[f].y - g->gy0);
        const int16_t *c = G + uy * gw + ux;
        /* the neighbour across side d shows its side (d + 2) & 3 */
        unsigned req = 0;
        int v;
        if (uy > 0 && (v = c[-(ptrdiff_t)gw]) >= 0) req |= ((unsigned)code[v] >> 4) & 3u;
        if (ux + 1 < gw && (v = c[1]) >= 0) req |= (((unsigned)code[v] >> 6) & 3u) << 2;
        if (uy + 1 < gh && (v = c[gw]) >= 0) req |= ((unsigned)code[v] & 3u) << 4;
        if (ux > 0 && (v = c[-1]) >= 0) req |= (((unsigned)code[v] >> 2) & 3u) << 6;
        /* a side is constrained when its kind is not EK_NONE (0) */
        unsigned mask = ((req | (req >> 1)) & 0x55u) * 3u;
        if (Fr[f].req != req || Fr[f].mask != mask) return false;
    }
    /* the tile laid last: when its filled cell's demand says it fitted
     * (carc__tile_fitted: a repairing module then looks no further), none
     * of its edges shows a road against a neighbour's field or a field
     * against a road (EK_FIELD 1 x EK_ROAD 2: the only product 2) */
    const int lt = g->last_tile;
    if (lt >= 0 && carc__tile_fitted(g, lt)) {
        const ptile *pt = &T[lt];
        for (int d = 0; d < 4; d++) {
            const int v = carc__cell_get(g, pt->x + carc__dx[d], pt->y + carc__dy[d]);
            if (v >= 0 && (((unsigned)code[lt] >> (2 * d)) & 3u) *
                                  (((unsigned)code[v] >> (2 * (d ^ 2))) & 3u) ==
                              EK_FIELD * EK_ROAD)
                return false;
        }
    }
    return true;
}

/* The fields of a figure's place that its place does not use are zero
 * (every move writes them so: figures.c's put), so that a figure's bytes
 * depend only on where it is. */
static bool place_fields_canonical(const figure *f)
{
    switch (f->where) {
    case CARC_PLACE_SEGMENT:
        return (f->arg | f->holder) == 0;
    case CARC_PLACE_TILE:
        return (f->seg | f->local | f->holder) == 0;
    case CARC_PLACE_ATTACHED:
        return (f->tile | f->seg | f->local | f->holder) == 0;
    case CARC_PLACE_HELD:
        return (f->tile | f->seg | f->local) == 0;
    default: /* supply, removed (another place is refused below) */
        return (f->tile | f->seg | f->local | f->arg | f->holder) == 0;
    }
}

static bool check_figures(const carc_game *g)
{
    const figure *Fg = CFIGS(g);
    uint8_t supply[CARC_MAX_PLAYERS][CARC_FIGURE_KINDS];
    uint16_t mask[CARC_MAX_PLAYERS];
    uint8_t on[CARC_MAX_TILES]; /* figures standing on each tile: ptile.nfig */
    memset(supply, 0, sizeof supply);
    memset(mask, 0, sizeof mask);
    if (g->ntiles > CARC_MAX_TILES || g->nfigs > UINT8_MAX) return false;
    memset(on, 0, g->ntiles);
    for (uint32_t i = 0; i < g->nfigs; i++) {
        const figure *f = &Fg[i];
        if (f->kind >= CARC_FIGURE_KINDS || g->kind_owner[f->kind] == 255) return false;
        if (f->owner < -1 || f->owner >= g->nplayers) return false;
        if (!place_fields_canonical(f)) return false;
        switch (f->where) {
        case CARC_PLACE_SUPPLY:
            if (f->owner >= 0) {
                supply[f->owner][f->kind]++;
                mask[f->owner] |= (uint16_t)(1u << f->kind);
            }
            break;
        case CARC_PLACE_REMOVED:
            break;
        case CARC_PLACE_SEGMENT:
            if (f->tile >= g->ntiles || carc__seg_of(g, f->tile, f->local) != (int)f->seg)
                return false;
            on[f->tile]++;
            break;
        case CARC_PLACE_TILE:
            if (f->tile >= g->ntiles) return false;
            on[f->tile]++;
            break;
        case CARC_PLACE_ATTACHED: {
            /* a chain of attachments ends on a figure that is not attached */
            uint32_t u = i;
            for (uint32_t d = 0; Fg[u].where == CARC_PLACE_ATTACHED; d++) {
                if (d >= g->nfigs || Fg[u].arg >= g->nfigs) return false;
                u = Fg[u].arg;
            }
            break;
        }
        case CARC_PLACE_HELD:
            if (f->holder >= CARC_MODULE_SLOTS || !carc__module_on(g, f->holder)) return false;
            break;
        default:
            return false;
        }
    }
    /* the count of figures standing on each tile the figures imply */
    const ptile *T = CTILES(g);
    for (uint32_t t = 0; t < g->ntiles; t++)
        if (T[t].nfig != on[t]) return false;
    /* the supply counts and masks the figures imply (none for a player
     * beyond the game's: no figure has such an owner) */
    _Static_assert(sizeof supply == sizeof g->supply && sizeof mask == sizeof g->supply_mask,
                   "the game's supply tables");
    return memcmp(supply, g->supply, sizeof supply) == 0 &&
           memcmp(mask, g->supply_mask, sizeof mask) == 0;
}

static bool check_queue(const carc_game *g)
{
    if (g->npending < 0 || g->npending > MAX_PENDING) return false;
    for (int i = 0; i < g->npending; i++) {
        const carc_pending *p = &g->pend[i];
        if (p->player != CARC_PLAYER_CHANCE && (p->player < 0 || p->player >= g->nplayers))
            return false;
        if (p->target != -1 && !tile_index(g, p->target)) return false;
        if (p->owner != CARC_CORE_OWNER &&
            (p->owner >= CARC_MODULE_SLOTS || !carc__module_on(g, p->owner)))
            return false;
        if (CARC_KIND_IS_MODULE(p->kind)) {
            int m = (p->kind - 16) / 16;
            if (p->owner != m) return false;
        } else if (p->kind > CARC_DECISION_DEPLOY || p->owner != CARC_CORE_OWNER) {
            return false;
        }
        /* laying the tile reads the drawn type's tables */
        if (p->kind == CARC_DECISION_PLACE && (g->drawn < 0 || p->player < 0)) return false;
    }
    /* a game goes on while a decision is pending, and only then */
    return (g->npending == 0) == (g->step == CARC_STEP_OVER);
}

/* The sum of the counts c[0..n), eight at a time. */
static int32_t remaining(const uint8_t *c, uint32_t n)
{
    const uint64_t m = 0x00FF00FF00FF00FFull;
    uint32_t i = 0;
    int32_t total = 0;
    while (n - i >= 8) {
        /* 16-bit lanes, each adding at most 2 x 255 a word */
        uint32_t words = (n - i) / 8;
        if (words > 128) words = 128;
        uint64_t acc = 0;
        for (uint32_t w = 0; w < words; w++, i += 8) {
            uint64_t x;
            memcpy(&x, c + i, 8);
            acc += (x & m) + ((x >> 8) & m);
        }
        total += (int32_t)((acc & 0xFFFF) + ((acc >> 16) & 0xFFFF) + ((acc >> 32) & 0xFFFF) +
                           (acc >> 48));
    }
    for (; i < n; i++) total += c[i];
    return total;
}

bool carc__state_check(const carc_game *g)
{
    const layout *L = &g->L;
    if (g->ntiles == 0 || g->ntiles > L->cap_tiles || g->nsegs > L->cap_segs ||
        g->nfront > L->cap_front || g->nhist > L->cap_hist || g->nlog > L->cap_log ||
        g->nfigs > L->cap_figs || g->live_front > g->nfront)
        return false;
    if (g->player < 0 || g->player >= g->nplayers) return false;
    if (!tile_or_none(g, g->last_tile)) return false;
    if (g->drawn < -1 || g->drawn >= carc__ntypes) return false;
    if (g->part > 1 || g->in_extra_turn > 1 || (g->flags & ~7u)) return false;
    if (!step_pos_ok(g, g->step, g->step_pos) || !step_pos_ok(g, g->return_step, g->return_pos))
        return false;
    if (g->ncompleted > MAX_COMPLETED || g->score_pos > g->ncompleted || g->score_hook > g->nmods)
        return false;
    for (int i = 0; i < g->ncompleted; i++)
        if (g->completed[i] >= g->nsegs) return false;
    /* last_full: bit k < 8 a neighbour of the tile laid this part (row
     * by row), bit 8 that tile, each a placed tile with 8 neighbours (read
     * only while last_tile names it: a new part resets last_tile alone) */
    if (g->last_full & ~0x1FFu) return false;
    for (unsigned full = g->last_tile >= 0 ? g->last_full : 0u; full; full &= full - 1) {
        int k = __builtin_ctz(full);
        const ptile *lt = &CTILES(g)[g->last_tile];
        int u = k == 8 ? g->last_tile
                       : carc__cell_get(g, lt->x + carc__nbr_dx[k], lt->y + carc__nbr_dy[k]);
        if (!tile_index(g, u) || CTILES(g)[u].nb8 != 8) return false;
    }
    for (int k = 0; k < 8; k++)
        if (g->aside_ring[k] < -1 || g->aside_ring[k] >= carc__ntypes) return false;
    if (g->turn < 0 || g->discarded < 0) return false;
    if (g->nlog_final != UINT32_MAX && g->nlog_final > g->nlog) return false;
    if (remaining(CREMAIN(g), (uint32_t)carc__ntypes) != g->total_remaining) return false;
    /* the draw's way: DRAW_VETOES as hooks_drawable; the gap passed over
     * by the draw (DRAW_GAP) in whole blocks of sixteen, at least one
     * (setup sets DRAW_GAP only for a run it found), holding no tile */
    if ((g->draw_odd & ~(DRAW_VETOES | DRAW_GAP)) ||
        !(g->draw_odd & DRAW_VETOES) != !g->hooks_drawable)
        return false;
    if (g->draw_odd & DRAW_GAP) {
        if ((g->gap_lo | g->gap_hi) & 15 || g->gap_lo >= g->gap_hi || g->gap_hi > carc__ntypes)
            return false;
        for (int t = g->gap_lo; t < g->gap_hi; t++)
            if (CREMAIN(g)[t]) return false;
    }
    const logent *Lg = CLOG(g);
    for (uint32_t i = 0; i < g->nlog; i++)
        if (Lg[i].player >= g->nplayers || (Lg[i].tile != LOG_NO_TILE && Lg[i].tile >= g->ntiles))
            return false;
    uint8_t code[CARC_MAX_TILES];
    if (g->ntiles > CARC_MAX_TILES) return false;
    if (!check_tiles_segments(g, code) || !check_board(g, code) || !check_figures(g) ||
        !check_queue(g))
        return false;
    for (int k = 0; k < g->nmods; k++) {
        const carc_module_def *md = carc__mod(g, k);
        if (md->state_check && !md->state_check(g, g->pend, g->npending)) return false;
    }
    return true;
}
