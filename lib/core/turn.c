/* The turn: decisions, legal actions, applying actions, integer ids.
 *
 * A turn is a sequence of decisions: DRAW (chance) -> PLACE -> DEPLOY, then
 * automatic scoring, then any decisions modules queue (dragon flight,
 * catapult round, ...), then the next player's DRAW.  doc/architecture.md
 * describes the flow. */
#include "core/state.h"

#include <string.h>

bool carc__drawable(const carc_game *g, int type)
{
    if (CREMAIN(g)[type] == 0) return false;
    if (!g->hooks_drawable) return true;
    CARC_EACH_MODULE(g, m, md)
        if (md->drawable && !md->drawable(g, type)) return false;
    return true;
}

static bool claimable(int kind)
{
    return kind == CARC_FEATURE_ROAD || kind == CARC_FEATURE_CITY ||
           kind == CARC_FEATURE_MONASTERY || kind == CARC_FEATURE_FIELD;
}

/* May `player` put a figure of `kind` on segment `s` of the tile just placed? */
static bool deploy_ok(const carc_game *g, int kind, int s)
{
    if (kind < 0 || kind >= CARC_FIGURE_KINDS) return false;
    if (g->supply[g->player][kind] == 0) return false;
    const ptile *pt = &CTILES(g)[g->last_tile];
    if (s < 0 || s >= carc__types[pt->type].nseg) return false;
    if (kind == CARC_FIGURE_FOLLOWER) {
        int root = carc__find(g, pt->seg0 + s);
        const seg *rs = &CSEGS(g)[root];
        return claimable(rs->kind) && rs->figs == 0 &&
               !(rs->kind == CARC_FEATURE_MONASTERY && (rs->flags & SF_COMPLETE));
    }
    CARC_EACH_MODULE(g, m, md)
        if (md->deploy_allowed && md->deploy_allowed(g, kind, s)) return true;
    return false;
}

/* For each set of fitting rotations (bit r = rotation r fits): the
 * rotations in ascending order, padded, and how many there are.  v4i is a
 * GCC/Clang vector of four ints: one add and one store per frontier cell. */
typedef int32_t v4i __attribute__((vector_size(16)));
static const v4i rot_lists[16] = {
    {0, 0, 0, 0}, {0, 0, 0, 0}, {1, 0, 0, 0}, {0, 1, 0, 0},
    {2, 0, 0, 0}, {0, 2, 0, 0}, {1, 2, 0, 0}, {0, 1, 2, 0},
    {3, 0, 0, 0}, {0, 3, 0, 0}, {1, 3, 0, 0}, {0, 1, 3, 0},
    {2, 3, 0, 0}, {0, 2, 3, 0}, {1, 2, 3, 0}, {0, 1, 2, 3},
};
static const uint8_t rot_count[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

int carc__enumerate(const carc_game *g, action_sink *sink)
{
    carc_action a;
    memset(&a, 0, sizeof a);
    if (g->npending > 0) {
        const pending *p = &g->pend[0];
        const carc_module_def *md = carc__modules[p->module];
        if (md && md->decision_actions) md->decision_actions(g, p, sink);
        return CARC_OK;
    }
    switch (g->phase) {
    case CARC_DECISION_DRAW:
        a.kind = CARC_ACTION_DRAW;
        for (int t = 0; t < carc__ntypes; t++) {
            if (!carc__drawable(g, t)) continue;
            a.tile = t;
            carc__sink_push(sink, &a, t);
        }
        break;
    case CARC_DECISION_PLACE: {
        const front *F = CFRONT(g);
        const uint16_t *live = CLIVE(g);
        const uint8_t *fit = carc__types[g->drawn].fit;
        if (!sink->buf) {
            /* ids only: the playout hot path */
            int32_t *ids = sink->ids;
            size_t n = sink->n, cap = sink->cap;
            if (cap >= n + 4u * g->live_front) {
                /* room for every candidate: write four ids per cell (the
                 * fitting rotations first, in order) and keep the fitting */
                for (uint32_t i = 0; i < g->live_front; i++) {
                    const front *f = &F[live[i]];
                    unsigned rots = fit[f->req];
                    v4i v = rot_lists[rots] + (int32_t)f->idbase;
                    memcpy(ids + n, &v, sizeof v);
                    n += rot_count[rots];
                }
                sink->n = n;
                break;
            }
            for (uint32_t i = 0; i < g->live_front; i++) {
                const front *f = &F[live[i]];
                unsigned rots = fit[f->req];
                int32_t base = f->idbase;
                while (rots) {
                    int r = __builtin_ctz(rots);
                    rots &= rots - 1;
                    if (n < cap) ids[n] = base + r;
                    n++;
                }
            }
            sink->n = n;
            break;
        }
        a.kind = CARC_ACTION_PLACE;
        for (uint32_t i = 0; i < g->live_front; i++) {
            const front *f = &F[live[i]];
            unsigned rots = fit[f->req];
            while (rots) {
                int r = __builtin_ctz(rots);
                rots &= rots - 1;
                a.x = f->x;
                a.y = f->y;
                a.rotation = r;
                carc__sink_push(sink, &a, f->idbase + r);
            }
        }
        break;
    }
    case CARC_DECISION_DEPLOY: {
        a.kind = CARC_ACTION_PASS;
        carc__sink_push(sink, &a, ID_PASS);
        int nseg = carc__types[CTILES(g)[g->last_tile].type].nseg;
        a.kind = CARC_ACTION_DEPLOY;
        /* skip 8 kinds at once when none of them is in supply */
        const uint8_t *sup = g->supply[g->player];
        for (int k = 0; k < CARC_FIGURE_KINDS; k++) {
            if ((k & 7) == 0) {
                uint64_t w;
                memcpy(&w, sup + k, sizeof w);
                if (!w) { k += 7; continue; }
            }
            if (sup[k] == 0) continue;
            for (int s = 0; s < nseg; s++) {
                if (!deploy_ok(g, k, s)) continue;
                a.figure = k;
                a.segment = s;
                carc__sink_push(sink, &a, ID_DEPLOY + k * CARC_MAX_SEGMENTS + s);
            }
        }
        CARC_EACH_MODULE(g, m, md)
            if (md->deploy_actions) md->deploy_actions(g, sink);
        break;
    }
    default:
        break;
    }
    return CARC_OK;
}

static void history_push(carc_game *g, int32_t id, bool sampled)
{
    if (g->nhist < g->L.cap_hist)
        HIST(g)[g->nhist++] = (uint16_t)((uint32_t)id | (sampled ? HIST_SAMPLED : 0u));
}

static void finish_game(carc_game *g)
{
    CARC_EACH_MODULE(g, m, md)
        if (md->before_end) md->before_end(g);
    carc__end_game_scoring(g, g->score, g);
    CARC_EACH_MODULE(g, m, md)
        if (md->after_end) md->after_end(g);
    g->phase = CARC_DECISION_END;
    g->drawn = -1;
}

static void next_turn(carc_game *g)
{
    g->drawn = -1;
    g->last_tile = -1;
    if (g->total_remaining == 0) {
        finish_game(g);
        return;
    }
    g->player = (g->player + 1) % g->nplayers;
    g->turn++;
    g->phase = CARC_DECISION_DRAW;
}

static void end_of_turn(carc_game *g)
{
    carc__score_placement(g, g->last_tile);
    CARC_EACH_MODULE(g, m, md)
        if (md->end_turn) md->end_turn(g);
    if (g->npending == 0) next_turn(g);
}

static int place_figure(carc_game *g, int kind, int s)
{
    figure *F = FIGS(g);
    const ptile *pt = &CTILES(g)[g->last_tile];
    for (uint32_t i = 0; i < g->nfigs; i++) {
        figure *f = &F[i];
        if (f->owner != g->player || f->kind != kind || f->where != CARC_WHERE_SUPPLY)
            continue;
        f->where = CARC_WHERE_BOARD;
        f->tile = (uint16_t)g->last_tile;
        f->local = (uint8_t)s;
        f->seg = (uint16_t)(pt->seg0 + s);
        g->supply[g->player][kind]--;
        SEGS(g)[carc__find(g, f->seg)].figs++;
        return CARC_OK;
    }
    return CARC_E_ILLEGAL;
}

static int apply_draw(carc_game *g, const carc_action *a, bool sampled)
{
    if (a->kind != CARC_ACTION_DRAW) return CARC_E_ILLEGAL;
    if (a->tile < 0 || a->tile >= carc__ntypes || !carc__drawable(g, a->tile)) return CARC_E_ILLEGAL;
    REMAIN(g)[a->tile]--;
    g->total_remaining--;
    history_push(g, a->tile, sampled);
    if (!carc__placeable(g, a->tile)) {
        /* base.md §3: an unplaceable tile leaves the game; draw again */
        g->discarded++;
        if (g->total_remaining == 0) finish_game(g);
        return CARC_OK;
    }
    g->drawn = a->tile;
    g->phase = CARC_DECISION_PLACE;
    return CARC_OK;
}

/* Lay the drawn tile in frontier cell fi (already looked up) turned rot. */
int carc__place_in(carc_game *g, int fi, int rot, int32_t id)
{
    if (fi < 0 || rot < 0 || rot > 3) return CARC_E_ILLEGAL;
    const front *f = &CFRONT(g)[fi];
    if (!carc__fits(f, g->drawn, rot)) return CARC_E_ILLEGAL;
    g->last_tile = carc__place(g, g->drawn, f->x, f->y, rot);
    history_push(g, id, false);
    g->phase = CARC_DECISION_DEPLOY;
    return CARC_OK;
}

static int apply_place(carc_game *g, const carc_action *a, int32_t id)
{
    if (a->kind != CARC_ACTION_PLACE) return CARC_E_ILLEGAL;
    return carc__place_in(g, carc__front_of(g, a->x, a->y), a->rotation, id);
}

static int apply_deploy(carc_game *g, const carc_action *a, int32_t id)
{
    int rc;
    if (a->kind == CARC_ACTION_PASS) {
        rc = CARC_OK;
    } else if (a->kind == CARC_ACTION_DEPLOY) {
        if (!deploy_ok(g, a->figure, a->segment)) return CARC_E_ILLEGAL;
        rc = place_figure(g, a->figure, a->segment);
    } else {
        rc = CARC_E_ILLEGAL;
        CARC_EACH_MODULE(g, m, md) {
            if (!md->deploy_apply) continue;
            rc = md->deploy_apply(g, a);
            if (rc != CARC_E_ILLEGAL) break;
        }
    }
    if (rc) return rc;
    history_push(g, id, false);
    end_of_turn(g);
    return CARC_OK;
}

int carc__apply(carc_game *g, const carc_action *a, bool sampled)
{
    if (g->npending > 0) {
        /* a queued module decision: only its owner's actions apply */
        int32_t id;
        int rc = carc__action_id(g, a, &id);
        if (rc) return CARC_E_ILLEGAL;
        if (g->phase == CARC_DECISION_END) return CARC_E_STATE;
        pending p = g->pend[0];
        const carc_module_def *md = carc__modules[p.module];
        if (!md || !md->decision_apply) return CARC_E_ILLEGAL;
        rc = md->decision_apply(g, &p, a);
        if (rc) return rc;
        history_push(g, id, false);
        if (g->npending == 0) next_turn(g);
        return CARC_OK;
    }
    switch (g->phase) {
    case CARC_DECISION_DRAW:
        return apply_draw(g, a, sampled);
    case CARC_DECISION_PLACE:
    case CARC_DECISION_DEPLOY: {
        int32_t id;
        if (carc__action_id(g, a, &id)) return CARC_E_ILLEGAL;
        return g->phase == CARC_DECISION_PLACE ? apply_place(g, a, id) : apply_deploy(g, a, id);
    }
    default:
        return CARC_E_STATE;
    }
}

int carc__push_pending(carc_game *g, int kind, int player, int module, int32_t arg)
{
    if (g->npending >= MAX_PENDING) return CARC_E_STATE;
    pending *p = &g->pend[g->npending++];
    p->kind = (uint8_t)kind;
    p->player = (uint8_t)player;
    p->module = (uint8_t)module;
    p->pad = 0;
    p->arg = arg;
    return CARC_OK;
}

void carc__pop_pending(carc_game *g)
{
    if (g->npending <= 0) return;
    memmove(&g->pend[0], &g->pend[1], (size_t)(g->npending - 1) * sizeof g->pend[0]);
    g->npending--;
    memset(&g->pend[g->npending], 0, sizeof g->pend[0]);
}

