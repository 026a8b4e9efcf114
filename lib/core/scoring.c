/* Scoring: feature evaluation, majorities, the features a placement
 * completes and their scoring (resumable, with module hooks around figure
 * return), end-game scoring (incomplete features and farmers, 3rd-edition
 * rule) and the score log.  Rules: ../shared/rules/base.md §6; choices:
 * doc/rules.md. */
#include "core/state.h"

#include <string.h>

void carc__log(carc_game *g, int player, int points, int reason, int feature, int tile,
               int local)
{
    /* carc__apply checked room for log_per_apply events before anything
     * changed; reaching the end anyway means a module's declared bound is
     * wrong: fault the game instead of dropping the event */
    if (g->nlog >= g->L.cap_log) {
        g->flags |= TF_FAULT;
        return;
    }
    logent *e = &LOG(g)[g->nlog++];
    e->player = (uint8_t)player;
    e->reason = (uint16_t)reason;
    e->feature = (uint8_t)feature;
    e->local = (uint8_t)local;
    e->pad = 0;
    e->points = (int16_t)points;
    e->tile = tile < 0 ? LOG_NO_TILE : (uint16_t)tile;
    e->turn = (uint16_t)g->turn;
}

int carc__score_add(carc_game *g, int player, int points, int reason, int feature, int tile,
                    int s)
{
    if (player < 0 || player >= g->nplayers) return CARC_E_INVALID;
    /* the log keeps points in 16 bits and must have room: a module that
     * would break either faults the game rather than log wrongly */
    if (points < INT16_MIN || points > INT16_MAX || g->nlog >= g->L.cap_log) {
        g->flags |= TF_FAULT;
        return CARC_E_LIMIT;
    }
    g->score[player] += points;
    carc__log(g, player, points, reason, feature, tile, s);
    return CARC_OK;
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

int carc__root_tiles(const carc_game *g, int root)
{
    CARC_MOD_CHECK(carc__is_root(g, root));
    return distinct_tiles(g, root);
}

/* A field's tiles and what the completed cities bordering it are worth to
 * its farmers: 3 each (each city counted once per field), or what modules
 * say; out->city_bonus: what the modules' city_value hooks added over the
 * 3 (a castle's +1).  One walk of the field's members (the tiles counted
 * as distinct_tiles counts them, the cities met in the same order). */
static void field_eval(const carc_game *g, int root, feat_eval *out)
{
    uint64_t seen[CARC_MAX_TILES / 64] = {0};
    uint16_t found[CARC_MAX_TILES];
    int nfound = 0, points = 0, ncities = 0, ntiles = 0;
    const seg *S = CSEGS(g);
    const ptile *T = CTILES(g);
    int s = root;
    do {
        unsigned t = S[s].tile;
        if (!(seen[t >> 6] & (1ull << (t & 63)))) {
            seen[t >> 6] |= 1ull << (t & 63);
            ntiles++;
        }
        const ptile *pt = &T[t];
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
            if (!carc__seg_closed(&S[c])) continue;
            ncities++;
            int v = 3;
            if (g->hookmask & HK_CITY_VALUE)
                for (int m = 0; m < g->nmods; m++) {
                    const carc_module_def *md = carc__mod(g, m);
                    if (md->city_value) v = md->city_value(g, root, c, v);
                }
            points += v;
        }
        s = S[s].next;
    } while (s != root);
    out->tiles = ntiles;
    out->cities = ncities;
    out->city_bonus = points - 3 * ncities;
    out->points = points;
}

/* What owner `player` of the feature scores: e->points, or what the
 * modules' player_points hooks say (the pig). */
int carc__root_player_points(const carc_game *g, int root, int player, const feat_eval *e)
{
    CARC_MOD_CHECK(carc__is_root(g, root) && player >= 0 && player < g->nplayers && e);
    int points = e->points;
    if (g->hookmask & HK_PLAYER_POINTS)
        for (int m = 0; m < g->nmods; m++) {
            const carc_module_def *md = carc__mod(g, m);
            if (md->player_points) points = md->player_points(g, root, player, e, points);
        }
    return points;
}

/* carc__root_eval; lst, if not NULL: the figures on the feature's
 * segments, nl of them in ascending order (what the walk of every figure
 * would find: listed by the caller, no figure moved since). */
static void root_eval(const carc_game *g, int root, int as_complete, feat_eval *out,
                      const uint8_t *lst, int nl, const int32_t *str);

/* Evaluate the feature with root `root`.  as_complete: score it with the
 * completion values (during play) rather than the end-of-game values. */
void carc__root_eval(const carc_game *g, int root, int as_complete, feat_eval *out)
{
    CARC_MOD_CHECK(carc__is_root(g, root) && out);
    root_eval(g, root, as_complete, out, NULL, 0, NULL);
}

/* str, if not NULL: the strengths of the feature's figures per player,
 * summed by the caller (end_features) as the figure walk below would. */
static void root_eval(const carc_game *g, int root, int as_complete, feat_eval *out,
                      const uint8_t *lst, int nl, const int32_t *str)
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
        field_eval(g, root, out);
        break;
    default:
        break;
    }
    if (g->hookmask & HK_FEATURE_POINTS)
        for (int k = 0; k < g->nmods; k++) {
            const carc_module_def *md = carc__mod(g, k);
            if (md->feature_points)
                out->points = md->feature_points(g, root, as_complete, out->points);
        }
    if (r->figs && str) {
        for (int p = 0; p < g->nplayers; p++) out->strength[p] = str[p];
    } else if (r->figs && lst) {
        const figure *F = CFIGS(g);
        for (int k = 0; k < nl; k++) {
            const figure *f = &F[lst[k]];
            if (f->owner >= 0) out->strength[f->owner] += carc__strength_of(g, lst[k]);
        }
    } else if (r->figs) {
        const figure *F = CFIGS(g);
        for (uint32_t i = 0; i < g->nfigs; i++) {
            const figure *f = &F[i];
            if (f->where != CARC_PLACE_SEGMENT || f->owner < 0) continue;
            if (carc__find(g, f->seg) != root) continue;
            out->strength[f->owner] += carc__strength_of(g, (int)i);
        }
    }
    int best = 0;
    for (int p = 0; p < g->nplayers; p++)
        if (out->strength[p] > best) best = out->strength[p];
    if (best > 0)
        for (int p = 0; p < g->nplayers; p++)
            if (out->strength[p] == best) out->owners |= 1u << p;
}

/* ------------------------------------------------ features a placement completes */

static void add_completed(carc_game *g, int root)
{
    seg *S = SEGS(g);
    if (S[root].flags & SF_COMPLETE) return;
    S[root].flags |= SF_COMPLETE;
    if (g->ncompleted < MAX_COMPLETED) g->completed[g->ncompleted++] = (uint16_t)root;
    else g->flags |= TF_FAULT; /* cannot happen: 4 edges + 9 monasteries */
}

/* carc__collect_completed's rarer parts, out of its line: across each
 * side, and on the tile itself, a road or city a wildcard edge (abbey)
 * closed without joining it, and a road laid over a tile this part (a
 * bridge) */
static __attribute__((noinline)) void collect_across(carc_game *g, int t)
{
    const ptile *T = CTILES(g);
    /* the tile and its four neighbours (N, E, S, W: carc__dx, carc__dy),
     * the board window read once (t lies in it) */
    const int16_t *G = CGRID(g);
    const uint32_t w = g->gw, h = g->gh;
    const uint32_t ux = (uint32_t)(T[t].x - g->gx0), uy = (uint32_t)(T[t].y - g->gy0);
    const uint32_t at = uy * w + ux;
    const int us[5] = {t, uy > 0 ? G[at - w] : -1, ux + 1 < w ? G[at + 1] : -1,
                       uy + 1 < h ? G[at + w] : -1, ux > 0 ? G[at - 1] : -1};
    for (int d = -1; d < 4; d++) {
        int u = us[d + 1];
        if (u < 0) continue; /* empty, or an open cell */
        if (d >= 0 && (g->hookmask & HK_WILD)) {
            const tile_type *uty = &carc__types[T[u].type];
            int s = uty->edge_seg[T[u].rot][(d + 2) & 3];
            int r = s == NO_SEG ? -1 : carc__find(g, T[u].seg0 + s);
            int k = r < 0 ? -1 : CSEGS(g)[r].kind;
            if ((k == CARC_FEATURE_ROAD || k == CARC_FEATURE_CITY) && CSEGS(g)[r].open == 0)
                add_completed(g, r);
        }
        if (T[u].overlay_seg != NO_OVERLAY) {
            int r = carc__find(g, T[u].overlay_seg);
            if (CSEGS(g)[r].open == 0) add_completed(g, r);
        }
    }
}

/* the monasteries of the tiles this placement gave their 8th neighbour
 * (carc__place marks them in last_full) */
static __attribute__((noinline)) void collect_monasteries(carc_game *g, int t)
{
    const ptile *T = CTILES(g);
    for (unsigned full = g->last_full; full; full &= full - 1) {
        int k = __builtin_ctz(full);
        int u = k == 8 ? t
                       : carc__cell_get(g, T[t].x + carc__nbr_dx[k], T[t].y + carc__nbr_dy[k]);
        if (u < 0) continue; /* (never: a tile with 8 neighbours is there) */
        for (uint32_t m = carc__types[T[u].type].mon_segs; m; m &= m - 1)
            add_completed(g, T[u].seg0 + __builtin_ctz(m));
    }
}

/* The features completed by placing the last tile, in scoring order: the
 * tile's roads and cities in segment order, then monasteries (the
 * neighbours' row by row, then its own). */
int carc__collect_completed(carc_game *g)
{
    g->ncompleted = 0;
    g->score_pos = 0;
    g->score_hook = 0;
    int t = g->last_tile;
    if (t < 0) return 0;
    const ptile *pt = &CTILES(g)[t];
    const seg *S = CSEGS(g);
    const int seg0 = pt->seg0;
    for (uint32_t m = carc__types[pt->type].rc_segs; m; m &= m - 1) { /* its roads and cities */
        int r = carc__find(g, seg0 + __builtin_ctz(m));
        if (S[r].open == 0) add_completed(g, r);
    }
    /* across a wildcard edge only of the tile laid: a neighbour's road or
     * city a tile without one closes is joined to the tile's (found above).
     * A road laid over a tile (a bridge) only when one was laid since the
     * tile (a segment after the tile's): a road over a tile before it could
     * be closed by this placement only through a road of the tile (the
     * unions of carc__place, found above) or a wildcard edge of it (a wild
     * tile: the whole pass); a repair's open end waits for its bridge. */
    const uint32_t rare = g->hookmask & (HK_WILD | HK_OVERLAY);
    if (__builtin_expect(rare != 0, 0) &&
        ((rare & HK_OVERLAY) ? g->nsegs != (uint32_t)(seg0 + carc__types[pt->type].nseg) ||
                                   ((rare & HK_WILD) && carc__types[pt->type].wild[pt->rot])
                             : carc__types[pt->type].wild[pt->rot] != 0))
        collect_across(g, t);
    if (g->last_full) collect_monasteries(g, t);
    return g->ncompleted;
}

int carc__root_completed_count(const carc_game *g) { return g->ncompleted; }

int carc__root_completed(const carc_game *g, int i)
{
    return i >= 0 && i < g->ncompleted ? g->completed[i] : -1;
}

void carc__root_skip_scoring(carc_game *g, int root)
{
    if (root >= 0 && (uint32_t)root < g->nsegs) SEGS(g)[root].flags |= SF_SKIP;
}

/* The figures on feature root's segments, in ascending order, into lst;
 * their count. */
static int list_figures(const carc_game *g, int root, uint8_t *lst)
{
    const figure *F = CFIGS(g);
    int n = 0;
    for (uint32_t i = 0; i < g->nfigs; i++)
        if (F[i].where == CARC_PLACE_SEGMENT && carc__find(g, F[i].seg) == root)
            lst[n++] = (uint8_t)i;
    return n;
}

/* Every figure on feature root home, in figure order, each found where it
 * is when the walk reaches it (a figure_moved hook may move others).
 * lst, nl: list_figures' list when carc__moves was `moves`; while no other
 * move happens, the walk would find exactly those. */
static void return_figures(carc_game *g, int root, const uint8_t *lst, int nl, uint32_t moves)
{
    uint32_t from = 0;
    if (lst && moves == carc__moves) {
        int k = 0;
        for (; k < nl; k++) {
            carc__figure_move(g, lst[k], CARC_PLACE_SUPPLY, -1, 0, 0, 0, CARC_CAUSE_SCORED);
            if (carc__moves != moves + (uint32_t)k + 1) break; /* a hook moved figures */
        }
        if (k == nl) return;
        from = (uint32_t)lst[k] + 1; /* the walk on from there */
    }
    const figure *F = CFIGS(g);
    for (uint32_t i = from; i < g->nfigs; i++) {
        if (F[i].where != CARC_PLACE_SEGMENT || carc__find(g, F[i].seg) != root) continue;
        carc__figure_move(g, (int)i, CARC_PLACE_SUPPLY, -1, 0, 0, 0, CARC_CAUSE_SCORED);
    }
}

/* The enabled modules' feature_scored hooks for feature root (evaluated into
 * e), its figures still on it: after the core's majority points, at the
 * end, and for a module that scores a feature itself (lib/module.h). */
void carc__root_scored(carc_game *g, int root, const feat_eval *e)
{
    if (!(g->hookmask & HK_FEATURE_SCORED)) return;
    for (int k = 0; k < g->nmods; k++) {
        const carc_module_def *md = carc__mod(g, k);
        if (md->feature_scored) md->feature_scored(g, root, e);
    }
}

/* Does no figure at all stand on feature root?  score_feature asks it for
 * a completed feature without a claiming figure when every hook asked
 * after its majority declares it has nothing to do then
 * (feature_scored_occupied, no after_feature): its evaluation would change
 * nothing (no owner, nothing to return). */
static __attribute__((noinline)) bool nobody_on(const carc_game *g, int root)
{
    /* (no claiming figure on it, S[root].figs == 0: only the others are
     * looked at, all of them in [other_lo, other_hi)) */
    const figure *F = CFIGS(g);
    for (uint32_t i = g->other_lo; i < g->other_hi; i++)
        if (F[i].where == CARC_PLACE_SEGMENT && !(g->kind_class[F[i].kind] & CARC_CLASS_FOLLOWER) &&
            carc__find(g, F[i].seg) == root)
            return false;
    return true;
}

/* Score one completed feature: majority points, module bonuses while the
 * figures still stand, figures home, then the after-return hooks. */
static void score_feature(carc_game *g, int root)
{
    seg *S = SEGS(g);
    S[root].flags |= SF_SCORED;
    bool hooks = (g->hookmask & (HK_FEATURE_SCORED | HK_AFTER_FEATURE)) != 0;
    if (!S[root].figs &&
        (!hooks || (!(g->hookmask & (HK_SCORED_BARE | HK_AFTER_FEATURE)) && nobody_on(g, root))))
        return;
    /* the figures on it, listed once for the evaluation and the return */
    uint8_t lst[CARC_ID_FIGURE_N];
    const int nl = list_figures(g, root, lst);
    const uint32_t moves = carc__moves;
    feat_eval e;
    root_eval(g, root, 1, &e, lst, nl, NULL);
    int tile = S[root].tile, local = S[root].local;
    for (int p = 0; p < g->nplayers; p++)
        if (e.owners & (1u << p))
            carc__score_add(g, p, carc__root_player_points(g, root, p, &e), CARC_SCORE_COMPLETED,
                            e.kind, tile, local);
    carc__root_scored(g, root, &e);
    return_figures(g, root, lst, nl, moves);
    if (g->hookmask & HK_AFTER_FEATURE)
        for (int k = 0; k < g->nmods; k++) {
            const carc_module_def *md = carc__mod(g, k);
            if (md->after_feature) md->after_feature(g, root);
        }
}

/* The SCORING step: the completed features one by one; before each, the
 * modules' before_majority hooks, which may pause the step for decisions. */
int carc__score_next(carc_game *g)
{
    while (g->score_pos < g->ncompleted) {
        int root = g->completed[g->score_pos];
        if (g->hookmask & HK_BEFORE_MAJORITY) {
            while (g->score_hook < g->nmods) {
                const carc_module_def *md = carc__mod(g, g->score_hook);
                int r = md->before_majority ? md->before_majority(g, root) : CARC_HOOK_NEXT;
                if (!(r == CARC_HOOK_AGAIN && g->npending > 0)) g->score_hook++;
                if (g->npending > 0) return CARC_HOOK_AGAIN;
            }
        }
        if (!(CSEGS(g)[root].flags & SF_SKIP)) score_feature(g, root);
        g->score_pos++;
        g->score_hook = 0;
    }
    return CARC_HOOK_NEXT;
}

/* ------------------------------------------------------------ end of game */

/* The end-of-game scoring of one feature (end_features): froot and str as
 * root_eval's (NULL: none). */
static void end_feature(const carc_game *g, int root, int32_t *scores, carc_game *mut,
                        const uint8_t *lst, int nl, const int32_t *str)
{
    /* a road or city closed by the placement whose scoring is still to
     * come (a projection during the deploy decision, or during a
     * decision of the SCORING step: collected, flagged complete, not
     * yet scored) counts as what it is about to score: complete.  One
     * whose scoring was skipped (a castle's knight) keeps its end value. */
    feat_eval e;
    const seg *r = &CSEGS(g)[root];
    const bool due = carc__seg_closed(r) && !(r->flags & (SF_SCORED | SF_SKIP)) &&
                     (r->kind == CARC_FEATURE_ROAD || r->kind == CARC_FEATURE_CITY);
    root_eval(g, root, due, &e, lst, nl, str); /* due: carc__root_due */
    for (int p = 0; p < g->nplayers; p++) {
        if (!(e.owners & (1u << p))) continue;
        int points = (g->hookmask & HK_PLAYER_POINTS) ? carc__root_player_points(g, root, p, &e)
                                                       : e.points;
        if (mut) {
            if (points)
                carc__score_add(mut, p, points, CARC_SCORE_END_GAME, e.kind,
                                CSEGS(g)[root].tile, CSEGS(g)[root].local);
        } else {
            scores[p] += points;
        }
    }
    if (mut && (g->hookmask & HK_FEATURE_SCORED)) carc__root_scored(mut, root, &e);
}

/* The index of root among done[0..n), or n: end_features' features met so
 * far. */
static inline int root_index(const uint16_t *done, int n, int root)
{
    int k = 0;
    while (k < n && done[k] != root) k++;
    return k;
}

/* End-of-game scoring of every feature that still holds figures: roads,
 * cities and monasteries as incomplete, fields with farmers.  Features are
 * visited in the order of their first figure, so the log is deterministic.
 * scores: where the points go; mut: the game to log into (NULL: only add). */
static void end_features(const carc_game *g, int32_t *scores, carc_game *mut)
{
    uint16_t done[CARC_ID_FIGURE_N]; /* >= figures on the board */
    int ndone = 0;
    const figure *F = CFIGS(g);
    /* one pass over the figures: the features in the order of their first
     * figure (first[k]), the figures on each (ascending, lst + at[k], n[k]
     * of them) and, when every figure's strength is its kind's (no
     * strength hook), each feature's strengths summed (what root_eval's
     * figure walk would add) */
    uint8_t first[CARC_ID_FIGURE_N], n[CARC_ID_FIGURE_N], at[CARC_ID_FIGURE_N];
    uint8_t fig[CARC_ID_FIGURE_N], feat[CARC_ID_FIGURE_N], lst[CARC_ID_FIGURE_N];
    int32_t str[CARC_ID_FIGURE_N][CARC_MAX_PLAYERS];
    const bool sums = !(g->hookmask & HK_STRENGTH);
    int nonseg = 0;
    for (uint32_t i = 0; i < g->nfigs; i++) {
        const figure *f = &F[i];
        if (f->where != CARC_PLACE_SEGMENT) continue;
        int root = carc__find(g, f->seg);
        int k = root_index(done, ndone, root);
        if (k == ndone) {
            done[ndone] = (uint16_t)root;
            first[ndone] = (uint8_t)i;
            n[ndone] = 0;
            if (sums) memset(str[ndone], 0, sizeof str[ndone]);
            ndone++;
        }
        if (sums) {
            if (f->owner >= 0) str[k][f->owner] += g->kind_strength[f->kind];
        } else {
            fig[nonseg] = (uint8_t)i;
            feat[nonseg++] = (uint8_t)k;
            n[k]++;
        }
    }
    if (!sums) { /* root_eval reads the lists only without the sums */
        for (int k = 0, a = 0; k < ndone; k++) {
            at[k] = (uint8_t)a;
            a += n[k];
            n[k] = 0;
        }
        for (int j = 0; j < nonseg; j++) lst[at[feat[j]] + n[feat[j]]++] = fig[j];
    }
    /* a feature_scored hook may move figures: once one did, each feature's
     * figures are found after the evaluations before it, as a walk that
     * goes on from the last feature's first figure finds them */
    const uint32_t moves = carc__moves;
    int k = 0;
    for (; k < ndone && carc__moves == moves; k++)
        end_feature(g, done[k], scores, mut, sums ? NULL : lst + at[k], sums ? 0 : n[k],
                    sums ? str[k] : NULL);
    if (k == ndone) return;
    for (uint32_t i = (uint32_t)first[k - 1] + 1; i < g->nfigs; i++) {
        const figure *f = &F[i];
        if (f->where != CARC_PLACE_SEGMENT) continue;
        int root = carc__find(g, f->seg);
        if (root_index(done, k, root) < k) continue;
        done[k++] = (uint16_t)root;
        end_feature(g, root, scores, mut, NULL, 0, NULL);
    }
}

void carc__end_game_scoring(carc_game *g) { end_features(g, g->score, g); }

/* Projected end-game points of the features on the board, added to
 * scores[], without changing g (carc_game_final_scores). */
void carc__end_game_projection(const carc_game *g, int32_t *scores)
{
    end_features(g, scores, NULL);
}
