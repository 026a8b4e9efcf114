/* Scoring: feature evaluation, majorities, completion during play, end-game
 * scoring (incomplete features and farmers, 3rd-edition rule) and the score
 * log.  Rules: ../shared/rules/base.md §6; choices: doc/rules.md. */
#include "core/state.h"

#include <string.h>

void carc__log(carc_game *g, int player, int points, int reason, int feature, int tile,
               int local)
{
    if (g->nlog >= g->L.cap_log) return; /* capacity is proven sufficient */
    logent *e = &LOG(g)[g->nlog++];
    e->player = (uint8_t)player;
    e->reason = (uint8_t)reason;
    e->feature = (uint8_t)feature;
    e->local = (uint8_t)local;
    e->points = (int16_t)points;
    e->tile = (uint16_t)tile;
    e->turn = (uint16_t)g->turn;
    e->pad = 0;
}

static int strength_of(const carc_game *g, const figure *f)
{
    CARC_EACH_MODULE(g, m, md) {
        if (md->strength) {
            int s = md->strength(g, f);
            if (s >= 0) return s;
        }
    }
    return f->kind == CARC_FIGURE_FOLLOWER ? 1 : 0;
}

/* Count a set bit once per tile: the feature's tiles, not its segments. */
static int distinct_tiles(const carc_game *g, int root)
{
    uint64_t seen[CARC_MAX_TILES / 64] = {0};
    const seg *S = CSEGS(g);
    int n = 0, s = root;
    do {
        unsigned t = S[s].tile;
        if (!(seen[t >> 6] & (1ull << (t & 63)))) {
            seen[t >> 6] |= 1ull << (t & 63);
            n++;
        }
        s = S[s].next;
    } while (s != root);
    return n;
}

/* Completed cities bordering a field (each city counted once per field). */
static int field_cities(const carc_game *g, int root)
{
    uint16_t found[CARC_MAX_TILES];
    int nfound = 0, complete = 0;
    const seg *S = CSEGS(g);
    const ptile *T = CTILES(g);
    int s = root;
    do {
        const ptile *pt = &T[S[s].tile];
        uint32_t touches = carc__types[pt->type].seg[S[s].local].touches;
        while (touches) {
            int j = __builtin_ctz(touches);
            touches &= touches - 1;
            int c = carc__find(g, pt->seg0 + j);
            int k;
            for (k = 0; k < nfound; k++)
                if (found[k] == c) break;
            if (k < nfound) continue;
            if (nfound < CARC_MAX_TILES) found[nfound++] = (uint16_t)c;
            if (S[c].flags & SF_COMPLETE) complete++;
        }
        s = S[s].next;
    } while (s != root);
    return complete;
}

/* Evaluate the feature with root `root`.  as_complete: score it with the
 * completion values (during play) rather than the end-of-game values. */
void carc__eval_feature(const carc_game *g, int root, int as_complete, feat_eval *out)
{
    const seg *S = CSEGS(g);
    const seg *r = &S[root];
    memset(out, 0, sizeof *out);
    out->kind = r->kind;
    out->complete = (r->flags & SF_COMPLETE) != 0;
    out->pennants = r->pennants;
    out->open = r->open;
    switch (r->kind) {
    case CARC_FEATURE_ROAD:
        out->tiles = distinct_tiles(g, root);
        out->points = out->tiles;
        break;
    case CARC_FEATURE_CITY: {
        out->tiles = distinct_tiles(g, root);
        if (as_complete) {
            int per_tile = out->tiles == 2 ? g->opts.rules[CARC_RULE_TINY_CITY] : 2;
            out->points = per_tile * out->tiles + 2 * out->pennants;
        } else {
            out->points = out->tiles + out->pennants;
        }
        break;
    }
    case CARC_FEATURE_MONASTERY:
        out->tiles = 1 + CTILES(g)[r->tile].nb8;
        out->complete = out->tiles == 9;
        out->points = out->tiles;
        break;
    case CARC_FEATURE_FIELD:
        out->tiles = distinct_tiles(g, root);
        out->points = 3 * field_cities(g, root);
        break;
    default:
        break;
    }
    CARC_EACH_MODULE(g, m, md) {
        if (md->feature_points)
            out->points = md->feature_points(g, root, as_complete, out->points);
    }
    if (r->figs) {
        const figure *F = CFIGS(g);
        for (uint32_t i = 0; i < g->nfigs; i++) {
            const figure *f = &F[i];
            if (f->where != CARC_WHERE_BOARD || f->owner < 0) continue;
            if (carc__find(g, f->seg) != root) continue;
            out->strength[f->owner] += strength_of(g, f);
        }
    }
    int best = 0;
    for (int p = 0; p < g->nplayers; p++)
        if (out->strength[p] > best) best = out->strength[p];
    if (best > 0)
        for (int p = 0; p < g->nplayers; p++)
            if (out->strength[p] == best) out->owners |= 1u << p;
}

static void return_figures(carc_game *g, int root)
{
    figure *F = FIGS(g);
    for (uint32_t i = 0; i < g->nfigs; i++) {
        figure *f = &F[i];
        if (f->where != CARC_WHERE_BOARD || carc__find(g, f->seg) != root) continue;
        f->where = CARC_WHERE_SUPPLY;
        if (f->owner >= 0) g->supply[f->owner][f->kind]++;
    }
    SEGS(g)[root].figs = 0;
}

static void complete_feature(carc_game *g, int root)
{
    seg *S = SEGS(g);
    S[root].flags |= SF_COMPLETE | SF_SCORED;
    if (!S[root].figs) return;
    feat_eval e;
    carc__eval_feature(g, root, 1, &e);
    for (int p = 0; p < g->nplayers; p++) {
        if (!(e.owners & (1u << p))) continue;
        g->score[p] += e.points;
        carc__log(g, p, e.points, CARC_SCORE_COMPLETED, e.kind, S[root].tile, S[root].local);
    }
    return_figures(g, root);
    CARC_EACH_MODULE(g, m, md) {
        if (md->after_feature) md->after_feature(g, root);
    }
}

/* Score everything completed by placing tile t (after its deployment). */
void carc__score_placement(carc_game *g, int t)
{
    const ptile *T = TILES(g);
    const ptile *pt = &T[t];
    const tile_type *ty = &carc__types[pt->type];
    for (int i = 0; i < ty->nseg; i++) {
        int k = ty->seg[i].kind;
        if (k != CARC_FEATURE_ROAD && k != CARC_FEATURE_CITY) continue;
        int r = carc__find(g, pt->seg0 + i);
        const seg *rs = &SEGS(g)[r];
        if (rs->open == 0 && !(rs->flags & SF_COMPLETE)) complete_feature(g, r);
    }
    /* monasteries: the new tile's own and those of its 8 neighbours
     * (carc__place left them in last_nbr) */
    for (int k = 0; k <= 8; k++) {
        {
            int u = k == 8 ? t : g->last_nbr[k];
            if (u < 0 || T[u].nb8 != 8) continue;
            const tile_type *uty = &carc__types[T[u].type];
            for (int i = 0; i < uty->nseg; i++) {
                if (uty->seg[i].kind != CARC_FEATURE_MONASTERY) continue;
                int s = T[u].seg0 + i;
                if (!(SEGS(g)[s].flags & SF_COMPLETE)) complete_feature(g, s);
            }
        }
    }
    CARC_EACH_MODULE(g, m, md) {
        if (md->after_scoring) md->after_scoring(g);
    }
}

/* End-of-game scoring of every feature that still holds figures: roads,
 * cities and monasteries as incomplete, fields with farmers.  Features are
 * visited in the order of their first figure, so the log is deterministic. */
void carc__end_game_scoring(const carc_game *g, int32_t *scores, carc_game *mut)
{
    uint16_t done[CARC_MAX_PLAYERS * 32 + 32]; /* >= figures on the board */
    int ndone = 0;
    const figure *F = CFIGS(g);
    for (uint32_t i = 0; i < g->nfigs; i++) {
        const figure *f = &F[i];
        if (f->where != CARC_WHERE_BOARD) continue;
        int root = carc__find(g, f->seg);
        int k;
        for (k = 0; k < ndone; k++)
            if (done[k] == root) break;
        if (k < ndone) continue;
        if (ndone < (int)(sizeof done / sizeof done[0])) done[ndone++] = (uint16_t)root;
        feat_eval e;
        carc__eval_feature(g, root, 0, &e);
        for (int p = 0; p < g->nplayers; p++) {
            if (!(e.owners & (1u << p))) continue;
            scores[p] += e.points;
            if (mut && e.points)
                carc__log(mut, p, e.points, CARC_SCORE_END_GAME, e.kind, CSEGS(g)[root].tile,
                          CSEGS(g)[root].local);
        }
    }
}

