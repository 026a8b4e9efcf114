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
    F(hooks_drawable); F(hookmask);
    F(npending); F(pend);
    F(supply_mask); F(total_remaining); F(score); F(supply);
    F(last_nbr); F(last_full); F(gx0); F(gy0); F(gw); F(gh);
    F(ncompleted); F(score_pos); F(score_hook); F(completed);
    F(turn); F(discarded); F(aside_ring); F(n_aside); F(rng);
    F(return_step); F(return_pos); F(in_extra_turn); F(nlog_final);
#undef F
}

bool carc__snapshot_config_ok(const carc_game *fresh, const carc_game *snap)
{
    /* the header: snap's dynamic fields put into a copy of fresh's must
     * give snap's bytes back */
    carc_game h;
    memcpy(&h, fresh, sizeof h);
    dynamic_fields(&h, snap);
    /* HK_OVERLAY is set while playing (a bridge); every other bit at creation */
    h.hookmask = (fresh->hookmask & ~(uint32_t)HK_OVERLAY) | (snap->hookmask & HK_OVERLAY);
    if (memcmp(&h, snap, sizeof h) != 0) return false;
    /* a module may only take its drawable hook away (carc__pile_drawable_all) */
    if (snap->hooks_drawable & ~fresh->hooks_drawable) return false;
    /* the bag (after REMAIN) is the host's setup */
    if (memcmp(CBAG(fresh), CBAG(snap), (size_t)carc__ntypes) != 0) return false;
    /* figures are made at creation: their kinds never change, and only a
     * neutral figure (owner -1) has no owner */
    const figure *a = CFIGS(fresh), *b = CFIGS(snap);
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

static bool tile_index(const carc_game *g, int v) { return v >= 0 && (uint32_t)v < g->ntiles; }
static bool tile_or_none(const carc_game *g, int v) { return v == -1 || tile_index(g, v); }
static bool step_pos_ok(const carc_game *g, unsigned step, unsigned pos)
{
    return step < CARC_NUM_STEPS && pos <= g->nsteps[step] && pos <= MAX_STEP_HOOKS;
}

/* the placed tiles, their segments (ranges, union-find, rings) */
static bool check_tiles_segments(const carc_game *g)
{
    const ptile *T = CTILES(g);
    const seg *S = CSEGS(g);
    for (uint32_t t = 0; t < g->ntiles; t++) {
        const ptile *pt = &T[t];
        if (pt->type >= (uint32_t)carc__ntypes || pt->rot > 3 || pt->nb8 > 8) return false;
        if (!carc__cell_in_range(pt->x, pt->y)) return false;
        if (pt->front != 0xFFFF && pt->front >= g->nfront) return false;
        uint32_t n = carc__types[pt->type].nseg;
        if ((uint32_t)pt->seg0 + n > g->nsegs) return false;
        for (uint32_t k = 0; k < n; k++) {
            const seg *s = &S[pt->seg0 + k];
            if (s->tile != t || s->local != k || s->kind != carc__types[pt->type].seg[k].kind)
                return false;
        }
        if (pt->overlay_seg == NO_OVERLAY && pt->overlay_sides) return false;
        if (pt->overlay_seg != NO_OVERLAY) {
            if (pt->overlay_seg >= g->nsegs) return false;
            const seg *s = &S[pt->overlay_seg];
            if (s->tile != t || s->local != n || (pt->overlay_sides & ~15u)) return false;
        }
    }
    /* every segment is its tile's own or the road laid over it (a bridge,
     * made when it was laid: the tiles' own segments and overlays
     * interleave) */
    uint32_t overlays = 0;
    for (uint32_t s = 0; s < g->nsegs; s++) {
        if (S[s].tile >= g->ntiles) return false;
        const ptile *pt = &T[S[s].tile];
        uint32_t n = carc__types[pt->type].nseg;
        if (S[s].local < n ? pt->seg0 + S[s].local != s
                           : (S[s].local != n || pt->overlay_seg != s))
            return false;
        overlays += S[s].local == n;
    }
    if (overlays > g->L.cap_overlays) return false;
    /* union-find: union by size keeps every chain shorter than 17 links
     * (2^16 segments at most); a longer one is a loop or was never made */
    for (uint32_t s = 0; s < g->nsegs; s++) {
        uint32_t r = s;
        for (int d = 0; S[r].parent != r; d++) {
            if (d > 16 || S[r].parent >= g->nsegs) return false;
            r = S[r].parent;
        }
    }
    /* each feature's ring of members: from its root, size members, back
     * to the root, every one of them in that feature; the rings together
     * hold every segment once */
    uint32_t members = 0;
    for (uint32_t s = 0; s < g->nsegs; s++)
        if (S[s].next >= g->nsegs) return false;
    for (uint32_t s = 0; s < g->nsegs; s++) {
        if (S[s].parent != s) continue;
        uint32_t size = S[s].size, u = s, k = 0;
        if (size == 0 || size > g->nsegs) return false;
        do {
            if ((uint32_t)carc__find(g, (int)u) != s) return false;
            u = S[u].next;
            k++;
        } while (u != s && k <= size);
        if (u != s || k != size) return false;
        members += size;
    }
    return members == g->nsegs;
}

/* the board window and the frontier */
static bool check_board(const carc_game *g)
{
    if ((uint32_t)g->gw * g->gh > g->L.cap_grid) return false;
    if (!carc__cell_in_range(g->gx0, g->gy0) ||
        !carc__cell_in_range(g->gx0 + (int)g->gw, g->gy0 + (int)g->gh))
        return false;
    const ptile *T = CTILES(g);
    const front *Fr = CFRONT(g);
    const int16_t *G = CGRID(g);
    for (uint32_t y = 0; y < g->gh; y++)
        for (uint32_t x = 0; x < g->gw; x++) {
            int v = G[y * g->gw + x];
            int cx = g->gx0 + (int)x, cy = g->gy0 + (int)y;
            if (v >= 0) {
                if ((uint32_t)v >= g->ntiles || T[v].x != cx || T[v].y != cy) return false;
            } else if (v <= -2) {
                uint32_t f = (uint32_t)(-(v + 2));
                if (f >= g->nfront || Fr[f].x != cx || Fr[f].y != cy) return false;
            }
        }
    for (uint32_t t = 0; t < g->ntiles; t++)
        if (carc__cell_get(g, T[t].x, T[t].y) != (int)t) return false;
    for (uint32_t f = 0; f < g->nfront; f++) {
        const front *fr = &Fr[f];
        if (fr->anchor >= g->ntiles || (fr->mask & ~0xFFu)) return false;
        /* its id names its anchor's side: CARC_ID_CELL + anchor*16 + side*4 */
        uint32_t side4 = (uint32_t)fr->idbase - CARC_ID_CELL - fr->anchor * 16u;
        if (side4 > 12 || side4 % 4) return false;
        if (!carc__cell_in_range(fr->x, fr->y)) return false;
    }
    /* the open cells' slots (state.h, lslots; the placement listing walks
     * them): ids strictly ascending, each live slot's cell open at its
     * board position and pointing back to its slot with the same id and
     * demand; the other slots filled cells' (LIVE_DEAD), fewer than
     * LIVE_COMPACT; live_front live slots */
    const live_slot *ls = CSLOTS(g);
    if (g->lslots > g->nfront || g->ldead >= LIVE_COMPACT ||
        (uint32_t)g->lslots != g->live_front + g->ldead)
        return false;
    uint32_t dead = 0;
    for (uint32_t k = 0; k < g->lslots; k++) {
        const live_slot *s = &ls[k];
        if (s->req > LIVE_DEAD || (k > 0 && ls[k - 1].id >= s->id)) return false;
        if (s->req == LIVE_DEAD) {
            dead++;
            continue;
        }
        if (s->fi >= g->nfront) return false;
        const front *fr = &Fr[s->fi];
        if (fr->lpos != k || fr->idbase != s->id || fr->req != s->req ||
            carc__cell_get(g, fr->x, fr->y) != -(int)s->fi - 2)
            return false;
    }
    if (dead != g->ldead) return false;
    /* every open cell of the board has a slot (so the grid holds no
     * other): its lpos names a slot that names it */
    for (uint32_t y = 0; y < g->gh; y++)
        for (uint32_t x = 0; x < g->gw; x++) {
            int v = G[y * g->gw + x];
            if (v > -2) continue;
            uint32_t f = (uint32_t)(-(v + 2)); /* < nfront: checked above */
            if (Fr[f].lpos >= g->lslots || ls[Fr[f].lpos].req == LIVE_DEAD ||
                ls[Fr[f].lpos].fi != f)
                return false;
        }
    /* each open cell demands what its placed neighbours' edges show (a
     * road laid over a neighbour: a road): placements are matched against
     * it, and laying a tile trusts that the edges then meet */
    CARC_FOR_LIVE(g, k, f) {
        unsigned req = 0, mask = 0;
        for (int d = 0; d < 4; d++) {
            int v = carc__cell_get(g, Fr[f].x + carc__dx[d], Fr[f].y + carc__dy[d]);
            if (v < 0) continue;
            int od = (d + 2) & 3;
            unsigned kind = (carc__types[T[v].type].code[T[v].rot] >> (2 * od)) & 3u;
            if ((T[v].overlay_sides >> od) & 1u) kind = EK_ROAD;
            req |= kind << (2 * d);
            if (kind != EK_NONE) mask |= 3u << (2 * d);
        }
        if (Fr[f].req != req || Fr[f].mask != mask) return false;
    }
    return true;
}

static bool check_figures(const carc_game *g)
{
    const figure *Fg = CFIGS(g);
    uint8_t supply[CARC_MAX_PLAYERS][CARC_FIGURE_KINDS];
    memset(supply, 0, sizeof supply);
    for (uint32_t i = 0; i < g->nfigs; i++) {
        const figure *f = &Fg[i];
        if (f->kind >= CARC_FIGURE_KINDS || g->kind_owner[f->kind] == 255) return false;
        if (f->owner < -1 || f->owner >= g->nplayers) return false;
        switch (f->where) {
        case CARC_PLACE_SUPPLY:
            if (f->owner >= 0) supply[f->owner][f->kind]++;
            break;
        case CARC_PLACE_REMOVED:
            break;
        case CARC_PLACE_SEGMENT:
            if (f->tile >= g->ntiles || carc__seg_of(g, f->tile, f->local) != (int)f->seg)
                return false;
            break;
        case CARC_PLACE_TILE:
            if (f->tile >= g->ntiles) return false;
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
    for (int p = 0; p < CARC_MAX_PLAYERS; p++) {
        uint16_t mask = 0;
        for (int k = 0; k < CARC_FIGURE_KINDS; k++) {
            if (p >= g->nplayers && g->supply[p][k]) return false;
            if (p < g->nplayers && g->supply[p][k] != supply[p][k]) return false;
            if (supply[p][k]) mask |= (uint16_t)(1u << k);
        }
        if (g->supply_mask[p] != mask) return false;
    }
    return true;
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
    for (int k = 0; k < 8; k++)
        if (!tile_or_none(g, g->last_nbr[k])) return false;
    for (int k = 0; k < 8; k++)
        if (g->aside_ring[k] < -1 || g->aside_ring[k] >= carc__ntypes) return false;
    if (g->turn < 0 || g->discarded < 0) return false;
    if (g->nlog_final != UINT32_MAX && g->nlog_final > g->nlog) return false;
    int32_t total = 0;
    for (int t = 0; t < carc__ntypes; t++) total += CREMAIN(g)[t];
    if (total != g->total_remaining) return false;
    const logent *Lg = CLOG(g);
    for (uint32_t i = 0; i < g->nlog; i++)
        if (Lg[i].player >= g->nplayers || (Lg[i].tile != LOG_NO_TILE && Lg[i].tile >= g->ntiles))
            return false;
    if (!check_tiles_segments(g) || !check_board(g) || !check_figures(g) || !check_queue(g))
        return false;
    for (int k = 0; k < g->nmods; k++) {
        const carc_module_def *md = carc__mod(g, k);
        if (md->state_check && !md->state_check(g, g->pend, g->npending)) return false;
    }
    return true;
}
