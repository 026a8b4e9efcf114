/* Traders & Builders (../shared/rules/expansions.md §2, ambiguities.md A6;
 * doc/rules.md, "Traders & Builders"): all of the expansion's rules.
 *
 *   - goods: the player who lays the tile that completes a city takes one
 *     token per goods symbol (@wine, @grain, @cloth segment tags of
 *     tiles.def) in it, whoever holds the city; at the end, for each good,
 *     the players with the most tokens (at least one) score 10 each;
 *   - the builder (one per player, not a follower): deployed through the
 *     core's deployment onto a road or city of the tile just laid where its
 *     owner already has a follower; when its owner later lays a tile, in the
 *     first part of a turn, that extends the builder's feature, the turn
 *     gets one extra part (carc__turn_extra_part), never two in a row;
 *   - the pig (one per player, not a follower): deployed onto a field of the
 *     tile just laid where its owner already has a farmer; if its owner wins
 *     that field, +1 per completed city (player_points);
 *   - builders and pigs go back to the supply when their owner's last
 *     follower leaves their feature, whatever moved it (figure_moved), and
 *     a builder with its feature when the feature scores (the core returns
 *     every figure of a scored feature).
 *
 * Goods tokens are carc_game_tokens() kinds CARC_TOKEN_WINE/GRAIN/CLOTH. */
#include "module.h"

#include <string.h>

#define MOD CARC_MODULE_TRADERS_BUILDERS
#define NGOODS 3                            /* wine, grain, cloth: token kinds 0..2 */
#define REASON_GOODS(k) CARC_MODULE_KIND(MOD, (k)) /* majority of good k at the end */
#define CAUSE_ORPHAN CARC_MODULE_KIND(MOD, 0)      /* builder/pig lost its support */
#define NO_FIG 0xFFu

/* A goods symbol on the board: segment `seg` of placed tile `tile`. */
typedef struct goods_seg {
    uint16_t tile;
    uint8_t seg;
    uint8_t good;
} goods_seg;

typedef struct tb_state {
    uint32_t good_tag[NGOODS];                /* segment tag bit of each good */
    uint8_t tokens[CARC_MAX_PLAYERS][NGOODS]; /* goods tokens taken */
    uint8_t builder[CARC_MAX_PLAYERS];        /* figure index, NO_FIG if none */
    uint8_t pig[CARC_MAX_PLAYERS];
    uint8_t extend;     /* this part's tile extends the player's builder's feature
                           (set by after_place, cleared by builder_part) */
    uint8_t goods_due;  /* this part's tile completed a city whose goods are not
                           yet taken (set by after_place, cleared by take_goods) */
    uint16_t ngoods;    /* symbols laid so far */
    goods_seg goods[];  /* every goods symbol on the board, in laying order */
} tb_state;

/* The segment tags of the goods, by name (tiles.def: @wine, @grain,
 * @cloth): their bits depend on the catalogue the module is built with. */
static const char *const good_name[NGOODS] = {"wine", "grain", "cloth"};

static void good_tags(uint32_t out[NGOODS])
{
    for (int k = 0; k < NGOODS; k++) out[k] = carc__segment_tag_bit(good_name[k]);
}

/* Goods symbols of segment s of a tile type. */
static int seg_goods(const uint32_t good_tag[NGOODS], int type, int s)
{
    uint32_t t = carc__types[type].seg[s].tags;
    int n = 0;
    for (int k = 0; k < NGOODS; k++) n += (t & good_tag[k]) != 0;
    return n;
}

/* Most goods symbols a game can lay: every copy of every type in the
 * catalogue (a bound that holds whatever modules are on). */
static int goods_capacity(void)
{
    uint32_t good_tag[NGOODS];
    good_tags(good_tag);
    int n = 0;
    for (int t = 0; t < carc__ntypes; t++)
        for (int s = 0; s < carc__types[t].nseg; s++)
            n += seg_goods(good_tag, t, s) * carc__types[t].count;
    return n;
}

static size_t state_size(const carc_options *o)
{
    (void)o;
    /* the catalogue is fixed: count once per thread (every new game asks) */
    static _Thread_local int capacity = -1;
    if (capacity < 0) capacity = goods_capacity();
    return sizeof(tb_state) + (size_t)capacity * sizeof(goods_seg);
}

/* Does tile type t carry a goods symbol?  A bit per type, found once per
 * thread (the catalogue is fixed): after_place looks at a tile's segments
 * only when it does. */
#define GOODS_TYPES_WORDS 16
static bool type_has_goods(int t)
{
    static _Thread_local uint32_t bits[GOODS_TYPES_WORDS];
    static _Thread_local bool known;
    if (t >= GOODS_TYPES_WORDS * 32) return true; /* beyond the table: look */
    if (!known) {
        uint32_t good_tag[NGOODS];
        good_tags(good_tag);
        for (int u = 0; u < carc__ntypes && u < GOODS_TYPES_WORDS * 32; u++)
            for (int s = 0; s < carc__types[u].nseg; s++)
                if (seg_goods(good_tag, u, s)) bits[u / 32] |= 1u << (u % 32);
        known = true;
    }
    return bits[t / 32] >> (t % 32) & 1u;
}

static tb_state *st(carc_game *g) { return carc__mod_state(g, MOD); }
static const tb_state *cst(const carc_game *g) { return carc__mod_cstate(g, MOD); }

static void setup(carc_game *g)
{
    tb_state *s = st(g);
    good_tags(s->good_tag);
    for (int p = 0; p < CARC_MAX_PLAYERS; p++) {
        int b = p < carc__players(g) ? carc__figure_in_supply(g, p, CARC_FIGURE_BUILDER) : -1;
        int q = p < carc__players(g) ? carc__figure_in_supply(g, p, CARC_FIGURE_PIG) : -1;
        s->builder[p] = b < 0 ? NO_FIG : (uint8_t)b;
        s->pig[p] = q < 0 ? NO_FIG : (uint8_t)q;
    }
}

/* A builder's or pig's figure index: NO_FIG, or a figure of that kind and
 * player (setup chose it). */
static bool own_fig(const carc_game *g, unsigned fig, int kind, int p)
{
    if (fig == NO_FIG) return true;
    if (p >= carc__players(g) || fig >= (unsigned)carc__figure_count(g)) return false;
    carc_fig f;
    carc__figure_get(g, (int)fig, &f);
    return f.kind == kind && f.owner == p;
}

/* state_check (snapshots): the figure indices, the goods list and its
 * count, the tag bits setup found.  No decisions of its own. */
static bool state_check(const carc_game *g, const carc_pending *queue, int n)
{
    (void)queue;
    (void)n;
    const tb_state *s = cst(g);
    uint32_t tags[NGOODS];
    good_tags(tags);
    if (memcmp(tags, s->good_tag, sizeof tags) != 0 || s->extend > 1 || s->goods_due > 1)
        return false;
    for (int p = 0; p < CARC_MAX_PLAYERS; p++)
        if (!own_fig(g, s->builder[p], CARC_FIGURE_BUILDER, p) ||
            !own_fig(g, s->pig[p], CARC_FIGURE_PIG, p))
            return false;
    size_t cap = (state_size(NULL) - sizeof(tb_state)) / sizeof(goods_seg);
    if (s->ngoods > cap) return false;
    for (int j = 0; j < s->ngoods; j++) {
        const goods_seg *e = &s->goods[j];
        if (e->tile >= carc__tile_count(g) || e->good >= NGOODS ||
            e->seg >= carc__types[carc__tile_type(g, e->tile)].nseg)
            return false;
    }
    return true;
}

/* Has `player` a follower (any follower-class figure) in feature `root`? */
static bool supported(const carc_game *g, int player, int root)
{
    return carc__root_has_follower(g, root, player, CARC_CLASS_FOLLOWER);
}

/* The feature root a builder or pig stands in, or -1 when it is not on
 * the board. */
static int fig_root(const carc_game *g, unsigned fig)
{
    if (fig == NO_FIG) return -1;
    carc_fig f;
    carc__figure_get(g, (int)fig, &f);
    return f.where == CARC_PLACE_SEGMENT ? carc__segment_root(g, f.tile, f.segment) : -1;
}

/* ----------------------------------------------------------------- steps */

/* The city segments of tile type t (a bit each), found once per thread (the
 * catalogue is fixed): after_place asks whether the tile completed a city. */
#define CITY_TYPES 512
static uint32_t city_segs(int t)
{
    static _Thread_local uint32_t segs[CITY_TYPES];
    static _Thread_local bool known;
    if (!known) {
        for (int u = 0; u < carc__ntypes && u < CITY_TYPES; u++)
            for (int i = 0; i < carc__types[u].nseg; i++)
                if (carc__types[u].seg[i].kind == CARC_FEATURE_CITY) segs[u] |= 1u << i;
        known = true;
    }
    if (t < CITY_TYPES) return segs[t];
    uint32_t m = 0; /* beyond the table: look */
    for (int i = 0; i < carc__types[t].nseg; i++)
        if (carc__types[t].seg[i].kind == CARC_FEATURE_CITY) m |= 1u << i;
    return m;
}

/* AFTER_PLACE: note the goods symbols of the tile just laid, whether it
 * extends its player's builder's feature, and whether it completed a city
 * while goods lie on the board (goods_due: take_goods then
 * has work; a city completes only when a tile laid closes it: with a city
 * segment of its own, or a wildcard edge).  Every
 * placement: no gate. */
static int after_place(carc_game *g)
{
    tb_state *s = st(g);
    int t = carc__tile_last(g);
    if (t < 0) return CARC_HOOK_NEXT;
    int type = carc__tile_type(g, t);
    const tile_type *ty = &carc__types[type];
    if (type_has_goods(type))
        for (int i = 0; i < ty->nseg; i++)
            for (int k = 0; k < NGOODS; k++)
                if (ty->seg[i].tags & s->good_tag[k]) {
                    /* the capacity counts every symbol of the catalogue */
                    goods_seg *e = &s->goods[s->ngoods++];
                    e->tile = (uint16_t)t;
                    e->seg = (uint8_t)i;
                    e->good = (uint8_t)k;
                }
    /* a tile with a wildcard edge (the abbey) closes its neighbours' cities
     * without a city of its own: take_goods looks at what completed */
    if (s->ngoods && ty->wild[0]) s->goods_due = 1;
    else if (s->ngoods)
        for (uint32_t m = city_segs(type); m; m &= m - 1) {
            int root = carc__segment_root(g, t, __builtin_ctz(m));
            if (root >= 0 && carc__root_open_edges(g, root) == 0) {
                s->goods_due = 1;
                break;
            }
        }
    /* whether it extends the feature of its player's builder (a builder
     * deployed on this tile comes later, in DEPLOY, so it never counts);
     * only in the first part of a turn: the extra part never earns another.
     * extend is 0 here (builder_part cleared it at the last PART_END). */
    const unsigned b = s->builder[carc__current(g)];
    if (b == NO_FIG || carc__figure_tile(g, (int)b) < 0 || carc__turn_part(g) != 0)
        return CARC_HOOK_NEXT;
    int broot = fig_root(g, b);
    if (broot < 0) return CARC_HOOK_NEXT;
    /* i == nseg: a road laid over the tile (a bridge, carc__tile_overlay_road),
     * here only a repair's bridge on the new tile, laid before this hook
     * runs: the tile then extends the builder's road through it */
    /* its roads and cities (rc_segs), and segment nseg */
    for (uint64_t m = ty->rc_segs | (1ull << ty->nseg); m; m &= m - 1) {
        int i = __builtin_ctzll(m);
        int root = carc__segment_root(g, t, i);
        if (root != broot) continue; /* the kind asked only of the builder's feature */
        int k = i < ty->nseg ? ty->seg[i].kind : carc__root_kind(g, root);
        if (k == CARC_FEATURE_ROAD || k == CARC_FEATURE_CITY) {
            s->extend = 1;
            break;
        }
    }
    return CARC_HOOK_NEXT;
}

/* SCORING, after the core: the player who laid the tile takes the goods of
 * every city it completed. */
static int take_goods(carc_game *g)
{
    tb_state *s = st(g);
    int p = carc__current(g);
    if (!s->goods_due) return CARC_HOOK_NEXT; /* its gate: nothing to take */
    s->goods_due = 0;
    for (int i = 0; i < carc__root_completed_count(g); i++) {
        int root = carc__root_completed(g, i);
        if (carc__root_kind(g, root) != CARC_FEATURE_CITY) continue;
        for (int j = 0; j < s->ngoods; j++) {
            const goods_seg *e = &s->goods[j];
            if (carc__segment_root(g, e->tile, e->seg) == root) s->tokens[p][e->good]++;
        }
    }
    return CARC_HOOK_NEXT;
}

/* PART_END: the builder's extra part. */
static int builder_part(carc_game *g)
{
    tb_state *s = st(g);
    if (s->extend) {
        s->extend = 0;
        carc__turn_extra_part(g);
    }
    return CARC_HOOK_NEXT;
}

/* FINAL_SCORING, after the core: 10 points to each player with the most
 * tokens of a good (ties all score; nobody scores with none). */
static int goods_majorities(carc_game *g)
{
    const tb_state *s = cst(g);
    int n = carc__players(g);
    int held[CARC_MAX_PLAYERS][NGOODS];
    for (int p = 0; p < n; p++)
        for (int k = 0; k < NGOODS; k++) held[p][k] = s->tokens[p][k];
    /* a city the current player's tile has closed but whose scoring step
     * (take_goods) has not come yet: only in carc_game_final_scores()'s
     * projection during the deploy decision (closed, not yet collected) or
     * a decision of the scoring step (a castle: collected, maybe scored
     * already); its goods are that player's */
    for (int j = 0; s->goods_due && j < s->ngoods; j++) {
        const goods_seg *e = &s->goods[j];
        int root = carc__segment_root(g, e->tile, e->seg);
        bool due = carc__root_due(g, root);
        for (int i = 0; !due && i < carc__root_completed_count(g); i++)
            due = carc__root_completed(g, i) == root;
        if (due) held[carc__current(g)][e->good]++;
    }
    for (int k = 0; k < NGOODS; k++) {
        int best = 0;
        for (int p = 0; p < n; p++)
            if (held[p][k] > best) best = held[p][k];
        if (best == 0) continue;
        for (int p = 0; p < n; p++)
            if (held[p][k] == best)
                carc__score_add(g, p, 10, REASON_GOODS(k), CARC_FEATURE_CITY, -1, 0);
    }
    return CARC_HOOK_NEXT;
}

/* ------------------------------------------------------------ deployment */

/* The builder on a road or city, the pig on a field, of the tile just laid,
 * where the deploying player already has a follower in that feature; the
 * builder not on a road or city this tile completes (JCloisterZone's
 * Builder.isDeploymentAllowed: "occupied and uncompleted").  The core asks
 * about every segment of the tile for each of these kinds in supply: the
 * feature's owners and open edges are read inline (supported's answer). */
static inline bool deploy_allowed_in(const carc_game *g, int player, int kind, int tile, int seg)
{
    int fk = carc__types[carc__tile_type(g, tile)].seg[seg].kind;
    if (kind == CARC_FIGURE_PIG ? fk != CARC_FEATURE_FIELD
                                : kind != CARC_FIGURE_BUILDER ||
                                      (fk != CARC_FEATURE_ROAD && fk != CARC_FEATURE_CITY))
        return false;
    int root = carc__segment_root(g, tile, seg);
    if (!(carc__root_owners(g, root) >> player & 1u)) return false;
    return kind == CARC_FIGURE_PIG || carc__root_open_edges(g, root) > 0;
}

static bool deploy_allowed(const carc_game *g, int player, int kind, int tile, int seg, int cause)
{
    (void)cause;
    return deploy_allowed_in(g, player, kind, tile, seg);
}

/* deploy_allowed for segments 0..nseg-1 at once (lib/module.h): the
 * kind's candidates from the tile type, then their features' owners and
 * open edges in one read of the tile (carc__segs_owned) */
static uint32_t deploy_segs(const carc_game *g, int player, int kind, int tile, int nseg,
                            int cause)
{
    (void)cause;
    if (kind != CARC_FIGURE_PIG && kind != CARC_FIGURE_BUILDER) return 0;
    const tile_type *ty = &carc__types[carc__tile_type(g, tile)];
    /* the builder: the roads and cities (rc_segs); the pig: the fields, of
     * the segments neither road, city nor monastery */
    const int n = nseg < ty->nseg ? nseg : ty->nseg;
    const uint32_t low = n < 32 ? (1u << n) - 1u : ~0u;
    uint32_t cand = 0;
    if (kind == CARC_FIGURE_BUILDER)
        cand = (uint32_t)ty->rc_segs & low;
    else
        for (uint32_t m = low & ~(uint32_t)(ty->rc_segs | ty->mon_segs); m; m &= m - 1) {
            const int s = __builtin_ctz(m);
            if (ty->seg[s].kind == CARC_FEATURE_FIELD) cand |= 1u << s;
        }
    /* s >= the type's segments: a road laid over the tile (a bridge), as
     * deploy_allowed_in sees it (rare: asked whole) */
    uint32_t over = 0;
    for (int s = n; s < nseg && s < 32; s++)
        if (deploy_allowed_in(g, player, kind, tile, s)) over |= 1u << s;
    return carc__segs_owned(g, tile, cand, player, kind == CARC_FIGURE_BUILDER) | over;
}

/* ------------------------------------------------------- the orphan rule */

/* ambiguities.md A6: whenever a follower leaves a segment, for whatever
 * cause, its owner's builder and pig go home if no follower of theirs is
 * left in their feature.  A builder in a feature being scored is left to
 * the core, which returns it with the feature's other figures. */
static void figure_moved(carc_game *g, int fig, const carc_fig *from, int cause)
{
    (void)fig;
    if (from->where != CARC_PLACE_SEGMENT || from->owner < 0 ||
        !(carc__figure_kind_classes(g, from->kind) & CARC_CLASS_FOLLOWER))
        return;
    tb_state *s = st(g);
    int p = from->owner;
    const uint8_t figs[2] = {s->builder[p], s->pig[p]};
    for (int i = 0; i < 2; i++) {
        int root = fig_root(g, figs[i]);
        if (root < 0) continue;
        if (cause == CARC_CAUSE_SCORED && carc__root_complete(g, root)) continue;
        if (!supported(g, p, root))
            carc__figure_move(g, figs[i], CARC_PLACE_SUPPLY, -1, 0, 0, 0, CAUSE_ORPHAN);
    }
}

/* ---------------------------------------------------------------- scoring */

/* The pig: its owner, when among the winners of its field, scores 1 more
 * per completed city (4 instead of 3). */
static int player_points(const carc_game *g, int root, int player, const feat_eval *e,
                         int points)
{
    if (e->kind != CARC_FEATURE_FIELD || e->cities == 0) return points;
    if (fig_root(g, cst(g)->pig[player]) == root) points += e->cities;
    return points;
}

static int tokens(const carc_game *g, int player, int kind)
{
    if (kind < 0 || kind >= NGOODS || player < 0 || player >= carc__players(g)) return 0;
    return cst(g)->tokens[player][kind];
}

/* ----------------------------------------------------------- declarations */

static const carc_kind_def kinds[] = {
    /* not followers: they never claim (strength 0); the dragon eats them */
    {CARC_FIGURE_BUILDER, CARC_CLASS_EATABLE, 0, {0, 0, 1, 1, 1, 1, 1}, 0},
    {CARC_FIGURE_PIG, CARC_CLASS_EATABLE, 0, {0, 0, 1, 1, 1, 1, 1}, 0},
};

static const carc_step_hook steps[] = {
    {CARC_STEP_AFTER_PLACE, 0, after_place},
    {CARC_STEP_SCORING, 1, take_goods},
    {CARC_STEP_PART_END, 0, builder_part},
    {CARC_STEP_FINAL_SCORING, 1, goods_majorities},
};

/* take_goods has work only when this part's tile completed a city while goods
 * lie on the board; builder_part only when this part's tile extends the
 * builder's feature */
static const uint16_t step_work[] = {0, CARC_WORK_BYTE(tb_state, goods_due),
                                     CARC_WORK_BYTE(tb_state, extend), 0};
_Static_assert(sizeof step_work / sizeof step_work[0] == sizeof steps / sizeof steps[0],
               "a step_work entry per step hook");

static const char *const reasons[] = {"most wine", "most grain", "most cloth", NULL};

const carc_module_def carc__module_traders_builders = {
    .id = MOD,
    .name = "traders_builders",
    .tile_set = "traders_builders",
    .kinds = kinds,
    .nkinds = 2,
    .reasons = reasons,
    .state_size = state_size,
    .state_check = state_check,
    .events_per_game = NGOODS * CARC_MAX_PLAYERS,
    .steps = steps,
    .nsteps = 4,
    .step_work = step_work,
    .setup = setup,
    .deploy_allowed = deploy_allowed,
    .deploy_segs = deploy_segs,
    .player_points = player_points,
    .figure_moved = figure_moved,
    .token_kinds = (1u << CARC_TOKEN_WINE) | (1u << CARC_TOKEN_GRAIN) | (1u << CARC_TOKEN_CLOTH),
    .tokens = tokens,
};
