/* Bridges, Castles & Bazaars (expansion 8), module `bridges_castles`.
 * Rules: ../shared/rules/expansions.md §7; every ruling and its source in
 * doc/rules.md ("Bridges, Castles & Bazaars").
 *
 *  - Tiles: tiles.def (12 tiles, 8 bazaars, 2 inns).  The inns are the
 *    segment tag @inn, scored by the Inns & Cathedrals module's inn rule when
 *    that module is on (BCB's rulebook refers to the I&C inn); nothing here.
 *  - Tokens: 3 bridges and 3 castles per player with 2-4 players, 2 and 2
 *    with 5-6 (carc__bcb_tokens).
 *  - Bridge: at the deployment after a tile is laid, the player may first
 *    lay a bridge ("bridge", then which tile: the one just laid or an
 *    orthogonal neighbour, then which way "bridge ns"/"bridge ew"), a road
 *    over that tile between two opposite field edges (carc__tile_overlay_road),
 *    and then deploys as usual (possibly onto the bridge).
 *  - Repair: a tile may be laid with a road against a neighbour's field edge
 *    (or a field against its road) when a bridge laid in the same turn
 *    continues the road: on the neighbour, across that edge, or on the new
 *    tile across its field edge(s) (place_repair).  The bridge is then
 *    mandatory: right after the placement the player chooses among the
 *    repairing bridges only (no pass), then deploys (no second bridge).
 *    A drawn tile that fits only so must be placed (rule bcb_repair_only_tile
 *    1), or may be passed: set aside, the player draws again (2, JCZ; the
 *    answer to place_repair's CARC_REPAIR_DECLINE question).
 *  - Castle: before the majority of a completed two-tile city made of two
 *    one-edge (semicircular) city segments, the player holding it may turn
 *    it into a castle ("castle") instead of scoring it; the knight stays.
 *    After the scoring of a later placement, the castle scores the highest
 *    value among the completed features with a tile in its 6-tile fief
 *    (a monastery only by its own tile), then the knight returns; a castle
 *    scoring counts as a completed feature for the castles around it, which
 *    score the same points (chaining).  A castle is worth 4 to farmers
 *    (rule bcb_castle_farmers), 0 at the end of the game; its knight cannot
 *    be moved by another module's rule (dragon, tower).  Each small city a
 *    tile completes gets its own decision, which names the city (target: one
 *    of its tiles; decision_feature: its segment there); rule
 *    bcb_castles_per_tile 2 (JCZ): at most one castle per player and tile.
 *  - Bazaar: after the turn in which a bazaar tile was laid, as many tiles
 *    as players are revealed (chance decisions, from the draw pile); from
 *    the next player, each player without a tile chooses one ("bazaar pick
 *    K") and bids ("bazaar bid N"), the others without a tile raise or pass
 *    once each in turn order, and the chooser buys it (pays the highest
 *    bidder) or sells it (is paid by the highest bidder): "bazaar buy",
 *    "bazaar sell"; unraised, the chooser pays its bid; the last tile goes
 *    to the last player free.  Each player then plays its tile instead of
 *    drawing on its next turn (after the last tile: in the end phase).
 *    Rule bcb_bazaar: 1 auction, 2 JCZ's variant without auction (each
 *    chooses in turn, free), 3 no bazaar. */
#include "module.h"

#include <stdio.h>
#include <string.h>

#include "bridges_castles.h"
#include "tiles_gen.h"

#define MOD CARC_MODULE_BRIDGES_CASTLES
#define RULE_FARMERS 32
#define RULE_BAZAAR 33
#define RULE_MAX_BID 34
#define RULE_LONE_MAYOR 35 /* 1: a strength-0 mayor holds no castle; 2: JCZ */
#define RULE_REPAIR_ONLY 36 /* 1: a tile that fits only with a bridge is placed; 2: JCZ */
#define RULE_PER_TILE 37   /* 1: a castle per small city; 2: one per player (JCZ) */

#define DEC_BRIDGE_TILE CARC_MODULE_KIND(MOD, 0)
#define DEC_BRIDGE_WAY CARC_MODULE_KIND(MOD, 1)
#define DEC_CASTLE CARC_MODULE_KIND(MOD, 2)
#define DEC_REVEAL CARC_MODULE_KIND(MOD, 3)  /* chance: a tile for the bazaar  */
#define DEC_PICK CARC_MODULE_KIND(MOD, 4)    /* the auctioneer chooses a tile */
#define DEC_OPEN CARC_MODULE_KIND(MOD, 5)    /* and bids                       */
#define DEC_RAISE CARC_MODULE_KIND(MOD, 6)   /* another player raises or passes */
#define DEC_DEAL CARC_MODULE_KIND(MOD, 7)    /* the auctioneer buys or sells   */

#define ACT_BRIDGE CARC_MODULE_KIND(MOD, 0)
#define ACT_BRIDGE_TILE CARC_MODULE_KIND(MOD, 1)
#define ACT_BRIDGE_WAY CARC_MODULE_KIND(MOD, 2)
#define ACT_CASTLE CARC_MODULE_KIND(MOD, 3)
#define ACT_REVEAL CARC_MODULE_KIND(MOD, 4)
#define ACT_PICK CARC_MODULE_KIND(MOD, 5)
#define ACT_BID CARC_MODULE_KIND(MOD, 6)
#define ACT_DEAL CARC_MODULE_KIND(MOD, 7)

#define WHY_NO_BRIDGE CARC_MODULE_KIND(MOD, 8) /* explain: only a bridge could repair */
#define WHY_MUST_BRIDGE CARC_MODULE_KIND(MOD, 9) /* explain: the repairing bridge is due */

#define REASON_CASTLE CARC_MODULE_KIND(MOD, 0)
#define REASON_BAZAAR CARC_MODULE_KIND(MOD, 1)
#define CAUSE_CASTLE CARC_MODULE_KIND(MOD, 0)   /* knight home after its castle scored */
#define CAUSE_CONVERT CARC_MODULE_KIND(MOD, 1)  /* other figures off a converted city */

#define VERB_BRIDGE CARC_VERB_ID(MOD, 0)
#define VERB_CASTLE CARC_VERB_ID(MOD, 1)
#define VERB_BUY CARC_VERB_ID(MOD, 2)
#define VERB_SELL CARC_VERB_ID(MOD, 3)

enum { BAZ_NONE, BAZ_REVEAL, BAZ_PICK, BAZ_BIDS, BAZ_DEAL, BAZ_HELD };

#define SIDES_NS 0x5
#define SIDES_EW 0xA

static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};

static const carc_rule_def rules[] = {
    {RULE_FARMERS, "bcb_castle_farmers", 1, 1, 2},
    {RULE_BAZAAR, "bcb_bazaar", 1, 1, 3},
    {RULE_MAX_BID, "bcb_bazaar_max_bid", 100, 1, 1000},
    /* a completed small city whose only follower is a mayor of strength 0:
     * 1 nobody holds it, no castle (ambiguities: a lone mayor scores
     * nothing); 2 its owner may make it a castle (JCZ) */
    {RULE_LONE_MAYOR, "bcb_castle_lone_mayor", 1, 1, 2},
    /* a drawn tile every legal placement of which needs a repairing bridge:
     * 1 it must be placed (the bridge makes it placeable); 2 the player may
     * pass: it is set aside and they draw again (JCZ) */
    {RULE_REPAIR_ONLY, "bcb_repair_only_tile", 1, 1, 2},
    /* castles from one tile laid: 1 a decision for every small city it
     * completes (no rule limits them); 2 at most one castle for each player
     * (JCZ's one castle offer per player and tile) */
    {RULE_PER_TILE, "bcb_castles_per_tile", 1, 1, 2},
};

static size_t state_size(const carc_options *o)
{
    (void)o;
    return sizeof(bcb_state);
}

static bcb_state *st(carc_game *g) { return carc__mod_state(g, MOD); }
static const bcb_state *cst(const carc_game *g) { return carc__mod_cstate(g, MOD); }

static bool in_range(int v, int lo, int hi) { return v >= lo && v < hi; }

/* bazaar_turn_end's work byte from the bazaar's state: a bazaar tile laid
 * (baz_trigger), an auction running, or every dealt tile played (the
 * phase goes back to BAZ_NONE at the turn's end); 0 while no bazaar runs
 * or dealt tiles are still held (the call would do nothing) */
static uint8_t baz_work_of(const bcb_state *s, int np) /* np players */
{
    if (s->baz_trigger || (s->baz_phase != BAZ_NONE && s->baz_phase != BAZ_HELD)) return 1;
    if (s->baz_phase != BAZ_HELD) return 0;
    for (int p = 0; p < np; p++)
        if (s->held[p] >= 0) return 0;
    return 1;
}

static int mismatch_sides(const carc_game *g, int t);
static inline int repair_way(int sides);
static int repair_ways(const carc_game *g, int t, int sides, int b);
static bool repair_held(const carc_game *g, int t, int sides);

/* state_check (snapshots): may_repair against bridges, the castles (tiles,
 * root, knight, owner), the bazaar's players, revealed tiles and held
 * tiles, and this module's decisions in the queue (a player; a bridge's
 * tile; a castle's tile and city root). */
static bool state_check(const carc_game *g, const carc_pending *queue, int n)
{
    const bcb_state *s = cst(g);
    int np = carc__players(g), nf = carc__figure_count(g), nt = carc__tile_count(g);
    int ty = carc__ntypes;
    /* may_repair follows bridges (the core reads it as the quick
     * question's answer; can_place_for changes it only during its call) */
    for (int p = 0; p < CARC_MAX_PLAYERS; p++)
        if (s->may_repair[p] != (s->bridges[p] != 0)) return false;
    if (s->ncastles > BCB_MAX_CASTLES || s->baz_work != baz_work_of(s, np) || s->baz_n > np ||
        !in_range(s->baz_sel, -1, np) || !in_range(s->baz_asked, 0, np + 1) ||
        !in_range(s->baz_auctioneer, 0, np) || !in_range(s->baz_high_bidder, -1, np) ||
        !in_range(s->baz_end_base, -1, np) || !in_range(s->baz_end_next, 0, np + 1) ||
        s->baz_trigger > 1)
        return false;
    for (int i = 0; i < s->ncastles; i++) {
        const bcb_castle *c = &s->castle[i];
        if (!in_range(c->tile[0], 0, nt) || !in_range(c->tile[1], 0, nt) ||
            !in_range(c->fig, -1, nf) || !in_range(c->owner, 0, np) ||
            !carc__root_valid(g, c->root))
            return false;
    }
    for (int p = 0; p < CARC_MAX_PLAYERS; p++)
        if (!in_range(s->baz_tile[p], -1, ty) || !in_range(s->baz_owner[p], -1, np) ||
            !in_range(s->held[p], -1, ty))
            return false;
    /* a player buys one tile of an auction: the tiles left and the players
     * without one are as many (the last tile goes to the last player) */
    for (int i = 0; i < np; i++)
        for (int j = i + 1; j < np; j++)
            if (s->baz_owner[i] >= 0 && s->baz_owner[i] == s->baz_owner[j]) return false;
    /* while tiles are revealed nobody owns one yet; the auction starts
     * once every player's tile is revealed */
    if (s->baz_phase > BAZ_HELD) return false;
    if (s->baz_phase == BAZ_REVEAL)
        for (int i = 0; i < s->baz_n; i++)
            if (s->baz_owner[i] != -1) return false;
    if ((s->baz_phase == BAZ_PICK || s->baz_phase == BAZ_BIDS || s->baz_phase == BAZ_DEAL) &&
        s->baz_n != np)
        return false;
    if ((s->baz_phase == BAZ_BIDS || s->baz_phase == BAZ_DEAL) &&
        (s->baz_sel < 0 || s->baz_owner[s->baz_sel] != -1 || s->baz_high_bidder < 0))
        return false;
    for (int i = 0; i < n; i++) {
        const carc_pending *p = &queue[i];
        if (p->owner != MOD) continue;
        if (p->kind != DEC_REVEAL && p->player < 0) return false;
        switch (p->kind) {
        case DEC_REVEAL:
        case DEC_PICK:
        case DEC_OPEN:
        case DEC_RAISE:
        case DEC_DEAL:
            break;
        case DEC_BRIDGE_TILE:
            /* arg: 0, or a repair's mismatched sides (of the tile laid) --
             * and then the tile that may repair them takes the bridge (the
             * listing offers it without asking: repair_held) */
            if (!in_range(p->target, 0, nt) ||
                (p->arg && (p->arg != mismatch_sides(g, p->target) ||
                            !repair_held(g, p->target, p->arg))))
                return false;
            break;
        case DEC_BRIDGE_WAY:
            /* arg: the tile to deploy on, or minus a repair's sides -- and
             * then the bridge's tile takes the way that repairs them (the
             * listing offers it without asking: way_choices) */
            if (!in_range(p->target, 0, nt) || !in_range(p->arg, -15, nt) ||
                (p->arg < 0 &&
                 (-p->arg != mismatch_sides(g, carc__tile_last(g)) ||
                  repair_ways(g, carc__tile_last(g), -p->arg, p->target) != repair_way(-p->arg))))
                return false;
            break;
        case DEC_CASTLE:
            if (!in_range(p->target, 0, nt) || !carc__root_valid(g, p->arg)) return false;
            break;
        default:
            return false;
        }
    }
    return true;
}

int carc__bcb_tokens(const carc_game *g, int player, int kind)
{
    if (!g || !carc__module_enabled(g, MOD) || player < 0 || player >= carc__players(g)) return 0;
    if (kind == BCB_TOKEN_BRIDGE) return cst(g)->bridges[player];
    if (kind == BCB_TOKEN_CASTLE) return cst(g)->castles[player];
    return 0;
}

int carc__bcb_castles(const carc_game *g)
{
    if (!g || !carc__module_enabled(g, MOD)) return 0;
    return cst(g)->ncastles;
}

int carc__bcb_castle_of(const carc_game *g, int fig, int tiles[2])
{
    if (!g || !carc__module_enabled(g, MOD) || fig < 0) return 0;
    const bcb_state *s = cst(g);
    for (int i = 0; i < s->ncastles; i++)
        if (s->castle[i].fig == fig) {
            tiles[0] = s->castle[i].tile[0];
            tiles[1] = s->castle[i].tile[1];
            return 1;
        }
    return 0;
}

/* carc_game_figure_role: the knight of a standing castle is a "castle" */
static const char *figure_role(const carc_game *g, int fig)
{
    int tiles[2];
    return carc__bcb_castle_of(g, fig, tiles) ? "castle" : NULL;
}

static void setup(carc_game *g)
{
    bcb_state *s = st(g);
    int n = carc__players(g) < 5 ? 3 : 2;
    for (int p = 0; p < carc__players(g); p++) {
        bcb_bridges_set(s, p, n);
        s->castles[p] = (uint8_t)n;
    }
    for (int p = 0; p < CARC_MAX_PLAYERS; p++) {
        s->held[p] = -1;
        s->baz_owner[p] = -1;
    }
    s->baz_sel = -1;
    s->baz_end_base = -1;
}

/* ------------------------------------------------------------- bridges */

/* May a road laid up to cell (cx, cy) end there, facing its side od?  An
 * empty cell (or one outside the board window) accepts anything, a placed
 * tile must show a road or a wildcard edge there (a road laid over it
 * included): carc__tile_overlay_ends' test of the cells beyond a bridge. */
static inline bool road_may_end(const carc_game *g, const carc_grid *v, int cx, int cy, int od)
{
    int u = carc__grid_at(v, cx, cy);
    if (u < 0) return true;
    int k = carc__tile_edge(g, u, od);
    return k == EK_ROAD || k == EK_NONE;
}

/* The ways (SIDES_NS, SIDES_EW) among `want` a bridge may go on placed
 * tile t: carc__tile_overlay_ends' answer read off the board through the
 * window v -- no road over t, fields at both ends of the axis, the cells
 * beyond both ends accepting a road, and room for the road's segment. */
/* the ways (SIDES_NS, SIDES_EW) placed tile record r could take a bridge
 * by itself: no road over it, fields at both ends of the axis (EK_FIELD
 * 1: N 0x01, S 0x10, E 0x04, W 0x40), the type's edges read inline --
 * bridge_ways' first tests (then the cells beyond and the room left) */
static inline int bridge_axes(const char *r)
{
    _Static_assert(EK_FIELD == 1, "the field pattern below");
    uint16_t type, ov;
    memcpy(&ov, r + CARC__TILE_OVERLAY, sizeof ov);
    if (ov != CARC__NO_OVERLAY) return 0;
    memcpy(&type, r + CARC__TILE_TYPE, sizeof type);
    const int code = carc__types[type].code[(uint8_t)r[CARC__TILE_ROT]];
    return ((code & 0x33) == 0x11 ? SIDES_NS : 0) | ((code & 0xCC) == 0x44 ? SIDES_EW : 0);
}

static int bridge_ways(const carc_game *g, const carc_grid *v, int t, int want)
{
    const char *r = carc__tile_rec(g, t); /* read once */
    if (!r) return 0;
    int ways = bridge_axes(r) & want;
    if (!ways) return 0;
    int16_t x, y;
    memcpy(&x, r + CARC__TILE_X, sizeof x);
    memcpy(&y, r + CARC__TILE_Y, sizeof y);
    if ((ways & SIDES_NS) &&
        !(road_may_end(g, v, x, y - 1, 2) && road_may_end(g, v, x, y + 1, 0)))
        ways &= ~SIDES_NS;
    if ((ways & SIDES_EW) &&
        !(road_may_end(g, v, x + 1, y, 3) && road_may_end(g, v, x - 1, y, 1)))
        ways &= ~SIDES_EW;
    return ways && carc__segments_room(g) > 0 ? ways : 0;
}

/* May a bridge go on placed tile t (either way)? */
static inline bool bridge_on(const carc_game *g, const carc_grid *v, int t)
{
    return bridge_ways(g, v, t, SIDES_NS | SIDES_EW) != 0;
}

/* the placed tiles (or -1) at the four sides (N, E, S, W) of cell (x, y),
 * a cell inside the board window v (a placed tile's) */
static inline void neighbours4(const carc_grid *v, int x, int y, int u[4])
{
    const uint32_t ux = (uint32_t)x - (uint32_t)v->x0, uy = (uint32_t)y - (uint32_t)v->y0;
    const int16_t *c = (const int16_t *)(const void *)v->cells + (size_t)uy * v->w + ux;
    u[0] = uy > 0 ? c[-(ptrdiff_t)v->w] : -1;
    u[1] = ux + 1 < v->w ? c[1] : -1;
    u[2] = uy + 1 < v->h ? c[v->w] : -1;
    u[3] = ux > 0 ? c[-1] : -1;
}

/* The tiles a bridge may go on after tile t was laid: t and its placed
 * orthogonal neighbours, ascending by placed order; their count. */
static int bridge_tiles(const carc_game *g, int t, int out[5])
{
    int n = 0, x, y;
    carc__tile_xy(g, t, &x, &y);
    int cand[5] = {t, -1, -1, -1, -1};
    const carc_grid v = carc__grid(g); /* the board window read once */
    for (int d = 0; d < 4; d++) cand[d + 1] = carc__grid_at(&v, x + dx[d], y + dy[d]);
    for (int i = 0; i < 5; i++)
        if (cand[i] >= 0 && bridge_on(g, &v, cand[i])) out[n++] = cand[i];
    for (int i = 1; i < n; i++) /* insertion sort: ids must ascend */
        for (int j = i; j > 0 && out[j - 1] > out[j]; j--) {
            int tmp = out[j];
            out[j] = out[j - 1];
            out[j - 1] = tmp;
        }
    return n;
}

/* bridge_ways out of line, for the few tiles bridge_axes lets by */
__attribute__((noinline)) static int bridge_ways_of(const carc_game *g, const carc_grid *v, int t,
                                                    int want)
{
    return bridge_ways(g, v, t, want);
}

/* may_bridge once the player may lay one: bridge_tiles(g, p->target, ...)
 * > 0 (out of line: most deployments end before); each tile's own edges
 * and road first (bridge_axes), bridge_ways only for a way they allow */
__attribute__((noinline)) static bool bridge_near(const carc_game *g, const carc_pending *p)
{
    /* the first one found will do */
    const char *r = carc__tile_rec(g, p->target);
    if (!r) return false;
    const carc_grid v = carc__grid(g); /* the board window read once */
    int w = bridge_axes(r);
    if (w && bridge_ways_of(g, &v, p->target, w)) return true;
    int16_t x, y;
    memcpy(&x, r + CARC__TILE_X, sizeof x);
    memcpy(&y, r + CARC__TILE_Y, sizeof y);
    int nb[4];
    neighbours4(&v, x, y, nb);
    for (int d = 0; d < 4; d++) {
        const char *q = carc__tile_rec(g, nb[d]); /* NULL: no tile there */
        if (!q) continue;
        w = bridge_axes(q);
        if (w && bridge_ways_of(g, &v, nb[d], w)) return true;
    }
    return false;
}

/* May the player lay a bridge at deployment p (deploy_actions' verb)? */
static inline bool may_bridge(const carc_game *g, const carc_pending *p)
{
    const bcb_state *s = cst(g);
    if (p->target < 0) return false; /* asked at the turn's own deployment only */
    if (!s->bridges[p->player] || s->bridged_at == carc__tile_count(g)) return false;
    return bridge_near(g, p);
}

/* ------------------------------------------------------------- repairs */

/* The sides of placed tile t where a road meets a neighbour's field edge
 * (either way round): left by a placement place_repair allowed, until the
 * bridge is laid. */
/* the edges placed tile record r shows (a road laid over it included) */
static inline int shown_code(const char *r)
{
    uint16_t type;
    memcpy(&type, r + CARC__TILE_TYPE, sizeof type);
    int code = carc__types[type].code[(uint8_t)r[CARC__TILE_ROT]];
    for (unsigned ovs = (uint8_t)r[CARC__TILE_OVERLAY_SIDES]; ovs; ovs &= ovs - 1) {
        int d = __builtin_ctz(ovs);
        code = (code & ~(3 << (2 * d))) | (EK_ROAD << (2 * d));
    }
    return code;
}

/* the edge placed tile record r shows at board side `side` (shown_code's) */
static inline int shown_edge(const char *r, int side)
{
    if (((uint8_t)r[CARC__TILE_OVERLAY_SIDES] >> side) & 1) return EK_ROAD;
    uint16_t type;
    memcpy(&type, r + CARC__TILE_TYPE, sizeof type);
    return (carc__types[type].code[(uint8_t)r[CARC__TILE_ROT]] >> (2 * side)) & 3;
}

static int mismatch_sides(const carc_game *g, int t)
{
    const char *r = carc__tile_rec(g, t); /* read once */
    if (!r) return 0;
    int16_t x, y;
    memcpy(&x, r + CARC__TILE_X, sizeof x);
    memcpy(&y, r + CARC__TILE_Y, sizeof y);
    const int code = shown_code(r);
    const carc_grid v = carc__grid(g); /* the board window read once */
    int sides = 0, nb[4];
    neighbours4(&v, x, y, nb);
    /* the sides where the tile shows a field or a road (01 or 10: the two
     * bits of the side differ), one bit each at 2 * d */
    _Static_assert(EK_FIELD == 1 && EK_ROAD == 2 && EK_NONE == 0 && EK_CITY == 3,
                   "a field or a road: the side's two bits differ");
    for (unsigned fr = (unsigned)(code ^ (code >> 1)) & 0x55u; fr; fr &= fr - 1) {
        /* a road against a field, either way round: the only pair whose
         * product is 2 (EK_FIELD 1, EK_ROAD 2); the tile's side first */
        const int d = __builtin_ctz(fr) >> 1;
        const int a = (code >> (2 * d)) & 3;
        const int u = nb[d];
        if (u < 0) continue; /* empty, or an open cell */
        if (a * shown_edge(carc__tile_rec(g, u), d ^ 2) == EK_FIELD * EK_ROAD) sides |= 1 << d;
    }
    return sides;
}

/* Would a bridge on the tile at (bx, by) between `way` (SIDES_NS/EW)
 * repair the mismatched `sides` of tile `type` laid (or to be laid) at
 * (x, y) turned rot?  On that tile: it crosses every mismatched side, each
 * a field of the tile meeting a road.  On a neighbour: one side only, the
 * tile's road meets the neighbour's field, and the bridge runs across it.
 * The caller checks that the bridge is legal with the tile on the board
 * (repair_fits before the placement, carc__tile_overlay_ok after). */
static bool repairs(int type, int x, int y, int rot, int sides, int bx, int by,
                    int way)
{
    int code = carc__types[type].code[rot];
    if (bx == x && by == y) {
        if (sides & ~way) return false;
        for (int d = 0; d < 4; d++)
            if (((sides >> d) & 1) && ((code >> (2 * d)) & 3) != EK_FIELD) return false;
        return true;
    }
    if (sides & (sides - 1)) return false;
    int d = __builtin_ctz((unsigned)sides);
    return bx == x + dx[d] && by == y + dy[d] && ((way >> d) & 1) &&
           ((code >> (2 * d)) & 3) == EK_ROAD;
}

/* bridge_beside's rest, for a neighbour (cell c of window v, at (ux, uy)
 * in it) that may take the bridge: the cell beyond it, at d again, outside
 * the window or not placed accepts the road, a placed tile must show a
 * road or a wildcard edge at d ^ 2 (road_may_end); room for the tile's and
 * the road's segments.  Out of line: most questions end before it. */
__attribute__((noinline)) static bool beside_beyond(const carc_game *g, const int16_t *c,
                                                    uint32_t ux, uint32_t uy, int d, int nseg)
{
    const carc_grid v = carc__grid(g);
    const uint32_t bx = ux + (uint32_t)dx[d], by = uy + (uint32_t)dy[d];
    if (bx < v.w && by < v.h) {
        const char *q = carc__tile_rec(g, c[(ptrdiff_t)dy[d] * (ptrdiff_t)v.w + dx[d]]);
        if (q) {
            const int od = d ^ 2;
            if (!(((uint8_t)q[CARC__TILE_OVERLAY_SIDES] >> od) & 1)) {
                uint16_t qt;
                memcpy(&qt, q + CARC__TILE_TYPE, sizeof qt);
                const int e = (carc__types[qt].code[(uint8_t)q[CARC__TILE_ROT]] >> (2 * od)) & 3;
                if (e != EK_ROAD && e != EK_NONE) return false;
            }
        }
    }
    return carc__segments_room(g) > nseg;
}

/* repair_fits for the bridge on the neighbour of open cell (x, y) at side
 * d (the new tile's road there, of a type with nseg segments): the
 * neighbour is placed, has no road over it and fields at d ^ 2 (facing the
 * cell) and d; then beside_beyond.  The board window read once, the
 * neighbour at its offset in it. */
static inline __attribute__((always_inline)) bool bridge_beside(const carc_game *g, int x, int y, int d,
                                                            int nseg)
{
    const carc_grid v = carc__grid(g);
    const uint32_t ux = (uint32_t)(x + dx[d]) - (uint32_t)v.x0;
    const uint32_t uy = (uint32_t)(y + dy[d]) - (uint32_t)v.y0;
    if (ux >= v.w || uy >= v.h) return false;
    const int16_t *c = (const int16_t *)(const void *)v.cells + (size_t)uy * v.w + ux;
    const char *r = carc__tile_rec(g, c[0]);
    if (!r) return false; /* no placed tile there */
    uint16_t ov, bt;
    memcpy(&ov, r + CARC__TILE_OVERLAY, sizeof ov);
    memcpy(&bt, r + CARC__TILE_TYPE, sizeof bt);
    if (ov != CARC__NO_OVERLAY) return false;
    /* fields at both ends of the axis (EK_FIELD 1: N 0x01, S 0x10, E 0x04,
     * W 0x40) */
    const int bcode = carc__types[bt].code[(uint8_t)r[CARC__TILE_ROT]];
    if ((d & 1) ? (bcode & 0xCC) != 0x44 : (bcode & 0x33) != 0x11) return false;
    return beside_beyond(g, c, ux, uy, d, nseg);
}

/* Would one bridge laid now repair the mismatched sides (the player's
 * tokens aside: explain tells "no bridge left" only then)?  There is at most
 * one candidate: mismatched sides on one axis only; a road of the tile
 * against a field: the neighbour there (one side only); fields of the tile
 * against roads: the tile itself.  (x, y) is an open cell (the callers ask
 * about a frontier cell), `sides` its mismatches as the cell's demand shows
 * them (where the tile's road meets a field, or its field a road).
 *
 * repairs() and the legality of the bridge (the answer the out-of-line
 * carc__tile_overlay_ok_at gave before 0.11.0), read off the board
 * directly (about 40 instructions a candidate instead of 250): the bridge's
 * tile must be free of a road laid over it, show fields at both ends of the
 * bridge, and each cell beyond an end accept a road (road_may_end); at an
 * end that meets a mismatched side the tile is a field and the cell beyond
 * a road, or the new tile's road.  Last, room for the tile's and the road's
 * segments. */
__attribute__((noinline)) static bool repair_fits(const carc_game *g, int type, int x, int y,
                                                 int rot, int sides)
{
    int d = __builtin_ctz((unsigned)sides);
    int way = (d & 1) ? SIDES_EW : SIDES_NS;
    if (sides & ~way) return false;
    int code = carc__types[type].code[rot], k = (code >> (2 * d)) & 3;
    if (k == EK_ROAD)
        /* the bridge on the neighbour at d: its field there meets the
         * tile's road; one side only (repairs) */
        return sides == 1 << d && bridge_beside(g, x, y, d, carc__types[type].nseg);
    /* the bridge on the tile: fields at both ends (every mismatched side is
     * one of them, a field against a road) */
    if (k != EK_FIELD || ((code >> (2 * (d ^ 2))) & 3) != EK_FIELD) return false;
    /* an end that is no mismatch (d is the lowest side of `sides`, so that
     * is d ^ 2): what lies beyond it */
    if (sides != way) {
        const carc_grid v = carc__grid(g);
        if (!road_may_end(g, &v, x + dx[d ^ 2], y + dy[d ^ 2], d)) return false;
    }
    return carc__segments_room(g) > carc__types[type].nseg;
}

/* repair_shape (lib/module.h): repair_fits' tests that read only the tile
 * type and the cell's bound sides -- the mismatched sides on one axis; the
 * tile's road against a field on one side only (the neighbour's edges
 * decide, the rotation only through the sides: CARC_REPAIR_SIDE), or the tile's fields at both ends of the axis
 * and, with one end mismatched, no neighbour's edge at the other (only the
 * room is left to ask: CARC_REPAIR_ROOM).  CARC_REPAIR_NEVER here is false
 * in repair_fits for every board. */
static int repair_shape(int type, int rot, int sides, int bound)
{
    int d = __builtin_ctz((unsigned)sides);
    int way = (d & 1) ? SIDES_EW : SIDES_NS;
    if (sides & ~way) return CARC_REPAIR_NEVER;
    int code = carc__types[type].code[rot], k = (code >> (2 * d)) & 3;
    /* the bridge on the neighbour at d: repair_fits reads its edges and
     * the cell beyond it, the tile only through d (its road there) and its
     * type's segments (the room): the same for every such rotation */
    if (k == EK_ROAD) return sides == 1 << d ? CARC_REPAIR_SIDE : CARC_REPAIR_NEVER;
    if (k != EK_FIELD || ((code >> (2 * (d ^ 2))) & 3) != EK_FIELD) return CARC_REPAIR_NEVER;
    /* the bridge on the tile.  With one end mismatched (sides == 1 << d)
     * the other end, d ^ 2, matches -- the tile's field there against no
     * neighbour, a wildcard edge, or a neighbour's field (a road would be a
     * mismatch, a city no repair candidate): a field refuses the road
     * (repair_fits' road_may_end), the others accept it.  Then repair_fits
     * asks nothing of the board but the room. */
    if (sides != way && ((bound >> (d ^ 2)) & 1)) return CARC_REPAIR_NEVER;
    return CARC_REPAIR_ROOM;
}

/* repair_side (lib/module.h): place_repair's answer for repair_shape's
 * CARC_REPAIR_SIDE candidates (the tile's road against a field at d, one
 * side only) while the player holds a bridge: repair_fits' first case */
static bool repair_side(const carc_game *g, int type, int x, int y, int d)
{
    return bridge_beside(g, x, y, d, carc__types[type].nseg);
}

/* place_repair's CARC_REPAIR_DECLINE (out of line: the listing's
 * questions come without a frame) */
__attribute__((noinline)) static bool repair_decline(const carc_game *g)
{
    return carc__rule(g, RULE_REPAIR_ONLY) == 2;
}

/* place_repair: the player has a bridge left and repair_fits. */
static bool place_repair(const carc_game *g, int type, int x, int y, int rot, int sides)
{
    /* the player the question is for holds a bridge: the player to move,
     * or the one can_place_for asks about (may_repair says so) */
    const bool holds = cst(g)->may_repair[carc__current(g)] != 0;
    if (type >= 0 && sides) { /* a candidate (the listing's questions first) */
        if (!holds) return false;
        /* most questions while listing: the tile's road against a
         * neighbour's field on one side (repair_fits' first case, inline) */
        const int d = __builtin_ctz((unsigned)sides);
        if (sides == 1 << d && ((carc__types[type].code[rot] >> (2 * d)) & 3) == EK_ROAD)
            return bridge_beside(g, x, y, d, carc__types[type].nseg);
        return repair_fits(g, type, x, y, rot, sides);
    }
    return type == CARC_REPAIR_DECLINE ? repair_decline(g)
                                       : holds; /* the quick question: a bridge is left */
}

/* The only way (SIDES_NS, SIDES_EW) a bridge may repair mismatched `sides`
 * (not 0): across the lowest side (on the tile it crosses every side, on
 * the neighbour the side's own axis). */
static inline int repair_way(int sides)
{
    return (__builtin_ctz((unsigned)sides) & 1) ? SIDES_EW : SIDES_NS;
}

/* After the placement (tile t on the board, `sides` its mismatch_sides, not 0):
 * the ways (SIDES_NS, SIDES_EW) a bridge on placed tile b would repair
 * t's mismatch -- repairs() and carc__tile_overlay_ok(g, b, way) for each
 * way, b's ends asked once.  A decision asks about several tiles and ways
 * of one mismatch: its caller computes `sides` once. */
static int repair_ways_as(const carc_game *g, int t, int sides, int b, bool ask)
{
    /* the two records read once (no such tile: no way) */
    const char *r = carc__tile_rec(g, t), *rb = carc__tile_rec(g, b);
    if (!r || !rb) return 0;
    int16_t x, y, bx, by;
    uint16_t type;
    memcpy(&x, r + CARC__TILE_X, sizeof x);
    memcpy(&y, r + CARC__TILE_Y, sizeof y);
    memcpy(&bx, rb + CARC__TILE_X, sizeof bx);
    memcpy(&by, rb + CARC__TILE_Y, sizeof by);
    memcpy(&type, r + CARC__TILE_TYPE, sizeof type);
    const int rot = (uint8_t)r[CARC__TILE_ROT];
    if (!sides) return 0; /* no mismatch: nothing to repair */
    const int way = repair_way(sides);
    if (!repairs(type, x, y, rot, sides, bx, by, way)) return 0;
    if (!ask) return way;
    const carc_grid v = carc__grid(g);
    return bridge_ways(g, &v, b, way);
}

static int repair_ways(const carc_game *g, int t, int sides, int b)
{
    return repair_ways_as(g, t, sides, b, true);
}

/* the tiles that may take the bridge repairing tile t's mismatched sides
 * (not 0), ascending, -1 for none: t, and with one side the neighbour
 * across it (repairs() picks at most one of them) */
static void repair_tiles(const carc_game *g, int t, int sides, int c[2])
{
    c[0] = t;
    c[1] = -1;
    if (!(sides & (sides - 1))) {
        int x, y, d = __builtin_ctz((unsigned)sides);
        carc__tile_xy(g, t, &x, &y);
        c[1] = carc__tile_at(g, x + dx[d], y + dy[d]);
        if (c[1] >= 0 && c[1] < c[0]) { /* ids ascend */
            c[1] = c[0];
            c[0] = carc__tile_at(g, x + dx[d], y + dy[d]);
        }
    }
}

/* The tile repairs() picks for tile t's mismatched sides (the tile itself
 * or the neighbour across its one mismatched side), or -1 */
static int repair_pick(const carc_game *g, int t, int sides)
{
    int c[2];
    repair_tiles(g, t, sides, c);
    for (int i = 0; i < 2; i++)
        if (c[i] >= 0 && repair_ways_as(g, t, sides, c[i], false)) return c[i];
    return -1;
}

/* Does the tile repairs() picks for tile t's mismatched sides take the
 * bridge (repair_ways)?  True in play from the placement place_repair
 * allowed (repair_fits asked the board as it is after it, the room for
 * the road included) until the bridge is laid: DEC_BRIDGE_TILE's listing
 * offers that tile without asking again; state_check holds a snapshot's
 * pending repair to it. */
static bool repair_held(const carc_game *g, int t, int sides)
{
    const int c = repair_pick(g, t, sides);
    return c >= 0 && repair_ways(g, t, sides, c) != 0;
}

/* AFTER_PLACE, first: a placement place_repair allowed; the bridge now,
 * among the repairing ones only (arg 1: no pass, no deployment after it:
 * the core's deployment comes next, without a second bridge). */
static int repair_turn(carc_game *g)
{
    int t = carc__tile_last(g);
    /* a mismatch is left only by a placement place_repair allowed, for the
     * player to move holding a bridge: without one (most turns of a game)
     * the core does not call the hook (step_work); nothing to look at after
     * a tile that met its cell's demand (the core's answer, read before
     * the board).  (Called anyway, after a bridge laid the mismatch is
     * gone: mismatch_sides is 0.) */
    if (t < 0 || carc__tile_fitted(g, t)) return CARC_HOOK_NEXT;
    /* the decision carries the mismatched sides (arg; state_check holds
     * it to mismatch_sides while it waits), the bridge's way after it
     * their negation */
    const int sides = mismatch_sides(g, t);
    if (sides) carc__decision_push(g, DEC_BRIDGE_TILE, carc__current(g), MOD, t, sides);
    return CARC_HOOK_NEXT;
}

/* Can `type` be laid anywhere by player p (the bazaar's end phase, before
 * the turn is theirs)? */
static bool can_place_for(carc_game *g, int p, int type)
{
    bcb_state *s = st(g);
    const int cur = carc__current(g);
    /* the quick question's answer (place_repair's, the core's) is p's now */
    s->may_repair[cur] = s->bridges[p] != 0;
    bool ok = carc__tile_can_place(g, type);
    s->may_repair[cur] = s->bridges[cur] != 0;
    return ok;
}

/* carc_game_explain: a placement refused because only a bridge could
 * continue its road, and the player has none left or none fits. */
static bool explain(const carc_game *g, const carc_action *a, carc_explanation *out)
{
    static const char *const side_names[4] = {"north", "east", "south", "west"};
    const carc_pending *dec = carc__decision_pending(g);
    int last = carc__tile_last(g);
    if (dec && (dec->kind == DEC_BRIDGE_TILE || dec->kind == DEC_BRIDGE_WAY) && last >= 0 &&
        mismatch_sides(g, last)) {
        out->reason = WHY_MUST_BRIDGE;
        snprintf(out->message, sizeof out->message,
                 "the tile just laid has a road against a field: a bridge that continues it "
                 "must be laid now, one of those offered (no pass)");
        return true;
    }
    int type = carc__tile_in_hand(g);
    if (a->kind != CARC_ACTION_PLACE || type < 0 || a->rotation < 0 || a->rotation > 3 ||
        carc__tile_at(g, a->x, a->y) >= 0)
        return false;
    int sides = 0, code = carc__types[type].code[a->rotation];
    for (int d = 0; d < 4; d++) {
        int u = carc__tile_at(g, a->x + dx[d], a->y + dy[d]);
        if (u < 0) continue;
        int k = (code >> (2 * d)) & 3, nk = carc__tile_edge(g, u, (d + 2) & 3);
        if ((k == EK_ROAD && nk == EK_FIELD) || (k == EK_FIELD && nk == EK_ROAD)) sides |= 1 << d;
    }
    if (!sides || place_repair(g, type, a->x, a->y, a->rotation, sides)) return false;
    int d = __builtin_ctz((unsigned)sides);
    const char *what =
        ((code >> (2 * d)) & 3) == EK_ROAD ? "road meets a field" : "field meets a road";
    out->side = d;
    /* "no bridge left" only when a bridge would repair it (doc/rules.md);
     * else the core's edge mismatch, whatever the player holds */
    if (!cst(g)->bridges[carc__current(g)] &&
        repair_fits(g, type, a->x, a->y, a->rotation, sides)) {
        out->reason = WHY_NO_BRIDGE;
        snprintf(out->message, sizeof out->message,
                 "%s side: your %s; only a bridge laid this turn could continue the road, and "
                 "you have no bridge left",
                 side_names[d], what);
    } else {
        out->reason = CARC_REASON_EDGE_MISMATCH;
        snprintf(out->message, sizeof out->message,
                 "%s side: your %s, and no bridge can continue the road here (a bridge runs "
                 "between two field edges of one tile, each facing a road or an empty cell)",
                 side_names[d], what);
    }
    return true;
}

/* ------------------------------------------------------------- castles */

static int castle_of_root(const carc_game *g, int root)
{
    const bcb_state *s = cst(g);
    for (int i = 0; i < s->ncastles; i++)
        if (s->castle[i].root == root) return i;
    return -1;
}

static bool castle_base(const carc_game *g, int t, int seg)
{
    const seg_def *sd = &carc__types[carc__tile_type(g, t)].seg[seg];
    return sd->kind == CARC_FEATURE_CITY && __builtin_popcount(sd->edges) == 1 &&
           !(sd->tags & CARC_STAG_NO_CASTLE);
}

/* A completed city that may become a castle: two tiles, one one-edge city
 * segment on each (castle bases), among the tile just laid and its
 * neighbours.  Its two tiles in out[]. */
static bool small_city(const carc_game *g, int root, int out[2])
{
    int t = carc__tile_last(g);
    if (t < 0 || carc__root_kind(g, root) != CARC_FEATURE_CITY) return false;
    int x, y, n = 0;
    carc__tile_xy(g, t, &x, &y);
    for (int d = -1; d < 4; d++) {
        int u = d < 0 ? t : carc__tile_at(g, x + dx[d], y + dy[d]);
        if (u < 0) continue;
        int ns = carc__types[carc__tile_type(g, u)].nseg;
        for (int i = 0; i < ns; i++) {
            if (carc__segment_root(g, u, i) != root) continue;
            if (n == 2 || !castle_base(g, u, i)) return false;
            out[n++] = u;
        }
    }
    if (n != 2 || out[0] == out[1]) return false;
    feat_eval e;
    carc__root_eval(g, root, 1, &e);
    return e.tiles == 2;
}

static bool on_root(const carc_game *g, const carc_fig *f, int root)
{
    return f->where == CARC_PLACE_SEGMENT && carc__segment_root(g, f->tile, f->segment) == root;
}

/* Single player holding the city (majority), or -1.  Nobody holds a city
 * whose only followers have strength 0 (a mayor without pennants); with
 * bcb_castle_lone_mayor 2 (JCZ) a player whose followers alone stand there
 * holds it all the same. */
static int city_holder(const carc_game *g, int root)
{
    if (carc__root_followers(g, root) == 0) return -1;
    feat_eval e;
    carc__root_eval(g, root, 1, &e);
    if (!e.owners && carc__rule(g, RULE_LONE_MAYOR) == 2)
        for (int p = 0; p < carc__players(g); p++)
            if (carc__root_has_follower(g, root, p, CARC_CLASS_FOLLOWER)) e.owners |= 1u << p;
    if (!e.owners || (e.owners & (e.owners - 1))) return -1;
    return __builtin_ctz(e.owners);
}

/* Has player p made a castle on this placement (rule bcb_castles_per_tile
 * 2)?  A castle's `born` is the tile count when it was built. */
static bool castle_made_now(const carc_game *g, int p)
{
    const bcb_state *s = cst(g);
    int now = carc__tile_count(g);
    for (int i = 0; i < s->ncastles; i++)
        if (s->castle[i].born == now && s->castle[i].owner == p) return true;
    return false;
}

/* The castle decision, queued just before the city's majority (in the
 * core's scoring order of the completed features).  Its target is one of
 * the city's two tiles -- the tile just laid when it is one of them (an
 * abbey may close a city it does not join) -- and its arg the city's root,
 * so that carc_game_decision and carc_game_decision_feature name the city. */
static int before_majority(carc_game *g, int root)
{
    if (carc__root_kind(g, root) != CARC_FEATURE_CITY) return CARC_HOOK_NEXT;
    int tiles[2];
    int p = city_holder(g, root);
    if (p < 0 || !cst(g)->castles[p] || cst(g)->ncastles >= BCB_MAX_CASTLES ||
        !small_city(g, root, tiles))
        return CARC_HOOK_NEXT;
    if (carc__rule(g, RULE_PER_TILE) == 2 && castle_made_now(g, p)) return CARC_HOOK_NEXT;
    int t = carc__tile_last(g);
    int target = tiles[1] == t ? t : tiles[0];
    carc__decision_push(g, DEC_CASTLE, p, MOD, target, root);
    return CARC_HOOK_NEXT;
}

/* decision_feature: a castle decision is about its city -- the target tile
 * and the city's segment on it. */
static bool decision_feature(const carc_game *g, const carc_pending *p, int *tile, int *seg)
{
    if (p->kind != DEC_CASTLE || p->target < 0) return false;
    int ns = carc__types[carc__tile_type(g, p->target)].nseg;
    for (int i = 0; i < ns; i++)
        if (carc__segment_root(g, p->target, i) == p->arg) {
            *tile = p->target;
            *seg = i;
            return true;
        }
    return false;
}

static int convert(carc_game *g, int player, int root)
{
    bcb_state *s = st(g);
    int tiles[2];
    if (!small_city(g, root, tiles) || !s->castles[player] || s->ncastles >= BCB_MAX_CASTLES)
        return CARC_E_ILLEGAL;
    if (!carc__root_has_follower(g, root, player, CARC_CLASS_FOLLOWER)) return CARC_E_ILLEGAL;
    carc__root_skip_scoring(g, root);
    /* the player's first follower on the city (by figure index) becomes the
     * castle's knight; anything else on the city goes home unscored */
    int knight = -1;
    for (int i = 0; i < carc__figure_count(g); i++) {
        carc_fig f;
        carc__figure_get(g, i, &f);
        if (!on_root(g, &f, root)) continue;
        if (knight < 0 && f.owner == player &&
            (carc__figure_kind_classes(g, f.kind) & CARC_CLASS_FOLLOWER)) {
            knight = i;
            continue;
        }
        carc__figure_move(g, i, CARC_PLACE_SUPPLY, -1, 0, 0, 0, CAUSE_CONVERT);
    }
    bcb_castle *c = &s->castle[s->ncastles++];
    c->tile[0] = (int16_t)tiles[0];
    c->tile[1] = (int16_t)tiles[1];
    c->root = (int16_t)root;
    c->fig = (int16_t)knight;
    c->born = (uint16_t)carc__tile_count(g);
    c->owner = (int8_t)player;
    s->castles[player]--;
    return CARC_OK;
}

/* Is placed tile u in castle c's fief: the 2 tiles it lies on and the 2 on
 * either side of them, across the line joining them (a 2 x 3 block)? */
static bool in_fief(const carc_game *g, const bcb_castle *c, int u)
{
    int ax, ay, bx, by, x, y;
    carc__tile_xy(g, c->tile[0], &ax, &ay);
    carc__tile_xy(g, c->tile[1], &bx, &by);
    carc__tile_xy(g, u, &x, &y);
    if (ax == bx) return (y == ay || y == by) && x >= ax - 1 && x <= ax + 1;
    return (x == ax || x == bx) && y >= ay - 1 && y <= ay + 1;
}

/* Does feature `root` have a segment on a tile of castle c's fief? */
static bool feature_in_fief(const carc_game *g, const bcb_castle *c, int root)
{
    int ax, ay, bx, by;
    carc__tile_xy(g, c->tile[0], &ax, &ay);
    carc__tile_xy(g, c->tile[1], &bx, &by);
    int vert = ax == bx;
    for (int k = 0; k < 6; k++) {
        int side = k / 3, off = k % 3 - 1;
        int x = side ? bx : ax, y = side ? by : ay;
        if (vert) x += off;
        else y += off;
        int u = carc__tile_at(g, x, y);
        if (u < 0) continue;
        int ns = carc__types[carc__tile_type(g, u)].nseg;
        for (int i = 0; i <= ns; i++) /* i == ns: a bridge on it, if any */
            if (carc__segment_root(g, u, i) == root) return true;
    }
    return false;
}

/* AFTER_SCORING: castles score the best feature completed in their fief by
 * this placement, then castles around a castle that scored, the same
 * points, until none is left; knights go home. */
static int score_castles(carc_game *g)
{
    bcb_state *s = st(g);
    if (!s->ncastles || !carc__root_completed_count(g)) return CARC_HOOK_NEXT;
    int now = carc__tile_count(g);
    int value[BCB_MAX_CASTLES];
    bool any = false;
    for (int i = 0; i < s->ncastles; i++) {
        const bcb_castle *c = &s->castle[i];
        value[i] = -1;
        if (c->fig < 0 || c->born == now) continue;
        for (int k = 0; k < carc__root_completed_count(g); k++) {
            int r = carc__root_completed(g, k);
            if (castle_of_root(g, r) >= 0 || !feature_in_fief(g, c, r)) continue;
            feat_eval e;
            carc__root_eval(g, r, 1, &e);
            if (e.points > value[i]) value[i] = e.points;
        }
        any |= value[i] >= 0;
    }
    if (!any) return CARC_HOOK_NEXT;
    /* chaining: a castle that scores is a completed feature for the others */
    for (bool more = true; more;) {
        more = false;
        for (int i = 0; i < s->ncastles; i++) {
            const bcb_castle *c = &s->castle[i];
            if (c->fig < 0 || c->born == now || value[i] >= 0) continue;
            for (int j = 0; j < s->ncastles; j++) {
                const bcb_castle *d = &s->castle[j];
                if (value[j] < 0 || !(in_fief(g, c, d->tile[0]) || in_fief(g, c, d->tile[1])))
                    continue;
                if (value[j] > value[i]) value[i] = value[j];
                more = true;
            }
        }
    }
    for (int i = 0; i < s->ncastles; i++) {
        bcb_castle *c = &s->castle[i];
        if (value[i] < 0) continue;
        int fig = c->fig;
        if (value[i] > 0)
            carc__score_add(g, c->owner, value[i], REASON_CASTLE, CARC_FEATURE_CITY, c->tile[0], 0);
        /* the castle scored: the modules' feature_scored hooks on its city
         * while its knight still holds it (a ringmaster knight's points with
         * Under the Big Top's rule bt_castle_ringmaster 2), then it goes home */
        feat_eval e;
        carc__root_eval(g, c->root, 1, &e);
        carc__root_scored(g, c->root, &e);
        c->fig = -1;
        carc__figure_move(g, fig, CARC_PLACE_SUPPLY, -1, 0, 0, 0, CAUSE_CASTLE);
    }
    return CARC_HOOK_NEXT;
}

/* ------------------------------------------------------------- bazaar */

static int next_player(const carc_game *g, int p) { return (p + 1) % carc__players(g); }

static bool has_tile(const bcb_state *s, int n, int p)
{
    for (int i = 0; i < n; i++)
        if (s->baz_owner[i] == p) return true;
    return false;
}

/* The first tile type from t on with copies left in the pile (counts:
 * carc__pile_counts), or carc__ntypes: most types of the catalogue have
 * none in a game (other tile sets), so eight counts at a time are skipped
 * while they are all 0. */
static inline int pile_next(const uint8_t *counts, int t)
{
    const int nt = carc__ntypes;
    for (; t < nt; t++) {
        if (!(t & 7) && t + 8 <= nt) {
            uint64_t w;
            memcpy(&w, counts + t, sizeof w);
            if (!w) {
                t += 7;
                continue;
            }
        }
        if (counts[t]) return t;
    }
    return nt;
}

/* The pile's types a draw could give now, ascending: copies left (the
 * count first) and drawable (no dragon tile before the first volcano:
 * carc__pile_drawable, asked only while a module may veto). */
#define FOR_DEALABLE(g, t, counts, veto)                                                     \
    for (int t = pile_next(counts, 0); t < carc__ntypes; t = pile_next(counts, t + 1))      \
        if (!(veto) || carc__pile_drawable(g, t))

/* May the bazaar deal n tiles: are there n copies a draw could give now?
 * (The walk stops once it has counted n.) */
static bool dealable(const carc_game *g, int n)
{
    int k = 0;
    const uint8_t *counts = carc__pile_counts(g);
    bool veto = carc__pile_vetoes(g);
    FOR_DEALABLE(g, t, counts, veto) {
        k += counts[t];
        if (k >= n) return true;
    }
    return false;
}

/* AFTER_PLACE: a bazaar tile laid while no bazaar is running */
static int note_bazaar(carc_game *g)
{
    bcb_state *s = st(g);
    int t = carc__tile_last(g);
    if (t >= 0 && s->baz_phase == BAZ_NONE &&
        (carc__types[carc__tile_type(g, t)].tags & CARC_TTAG_BAZAAR))
        s->baz_trigger = s->baz_work = 1;
    return CARC_HOOK_NEXT;
}

/* TURN_END: the bazaar, one decision at a time (its cursor is the state).
 * Called only while baz_work is 1 (step_work): a bazaar tile was laid, an
 * auction runs, or the dealt tiles were all played. */
static int bazaar_turn_end(carc_game *g)
{
    bcb_state *s = st(g);
    int n = carc__players(g);
    /* every dealt tile played (baz_work; the core does not call it while
     * some are held): bazaars count again from the next turn */
    if (s->baz_phase == BAZ_HELD) {
        if (!s->baz_work) return CARC_HOOK_NEXT;
        s->baz_phase = BAZ_NONE;
    }
    if (s->baz_phase == BAZ_NONE) {
        s->baz_work = 0;
        if (!s->baz_trigger) return CARC_HOOK_NEXT;
        s->baz_trigger = 0;
        if (carc__rule(g, RULE_BAZAAR) == 3 || !dealable(g, n)) return CARC_HOOK_NEXT;
        s->baz_phase = BAZ_REVEAL;
        s->baz_work = 1;
        s->baz_n = 0;
    }
    if (s->baz_phase == BAZ_REVEAL) {
        if (s->baz_n < n) {
            carc__decision_push(g, DEC_REVEAL, CARC_PLAYER_CHANCE, MOD, -1, 0);
            return CARC_HOOK_AGAIN;
        }
        s->baz_phase = BAZ_PICK;
        s->baz_auctioneer = (int8_t)next_player(g, carc__current(g));
        s->baz_sel = -1;
    }
    for (;;) {
        if (s->baz_phase == BAZ_PICK) {
            int free = 0, last = -1, left = -1;
            for (int p = 0; p < n; p++)
                if (!has_tile(s, n, p)) free++, last = p;
            for (int i = 0; i < n; i++)
                if (s->baz_owner[i] < 0) left = i;
            if (free == 1 && left >= 0) { /* the last tile, free */
                s->baz_owner[left] = (int8_t)last;
                free = 0;
            }
            if (free == 0) {
                /* (every tile has its owner in play; the checks guard a
                 * snapshot's state against the rest) */
                for (int i = 0; i < n; i++)
                    if (s->baz_owner[i] >= 0) s->held[s->baz_owner[i]] = s->baz_tile[i];
                s->baz_phase = BAZ_HELD;
                s->baz_work = baz_work_of(s, n);
                return CARC_HOOK_NEXT;
            }
            while (has_tile(s, n, s->baz_auctioneer))
                s->baz_auctioneer = (int8_t)next_player(g, s->baz_auctioneer);
            carc__decision_push(g, DEC_PICK, s->baz_auctioneer, MOD, -1, 0);
            return CARC_HOOK_AGAIN;
        }
        if (s->baz_phase != BAZ_BIDS) return CARC_HOOK_NEXT; /* cannot happen */
        int a = s->baz_auctioneer;
        while (++s->baz_asked < n) {
            int q = (a + s->baz_asked) % n;
            if (has_tile(s, n, q)) continue;
            if (s->baz_high >= (unsigned)carc__rule(g, RULE_MAX_BID)) continue; /* cannot raise */
            carc__decision_push(g, DEC_RAISE, q, MOD, -1, 0);
            return CARC_HOOK_AGAIN;
        }
        if (s->baz_high_bidder != a) {
            s->baz_phase = BAZ_DEAL;
            carc__decision_push(g, DEC_DEAL, a, MOD, -1, 0);
            return CARC_HOOK_AGAIN;
        }
        /* nobody raised: the auctioneer takes it and pays its bid */
        if (s->baz_high) carc__score_add(g, a, -(int)s->baz_high, REASON_BAZAAR, 0, -1, 0);
        s->baz_owner[s->baz_sel] = (int8_t)a;
        s->baz_sel = -1;
        s->baz_phase = BAZ_PICK;
    }
}

/* DRAW, before the core draws: a player holding a bazaar tile plays it. */
static int bazaar_draw(carc_game *g)
{
    bcb_state *s = st(g);
    int p = carc__current(g);
    if (s->baz_phase != BAZ_HELD || carc__turn_part(g) > 0 || s->held[p] < 0) return CARC_HOOK_NEXT;
    int type = s->held[p];
    /* it fits nowhere: it leaves the game and the player draws (base.md §3) */
    if (!carc__tile_can_place(g, type)) {
        carc__pile_set_aside(g, type);
        s->held[p] = -1;
    } else if (carc__tile_in_hand_set(g, type) == CARC_OK) {
        s->held[p] = -1;
    }
    s->baz_work = baz_work_of(s, carc__players(g));
    return CARC_HOOK_NEXT;
}

/* END_PHASE: tiles still held when the pile ran out are played, in turn
 * order from the next player (turns outside the turn order). */
static int bazaar_end(carc_game *g)
{
    bcb_state *s = st(g);
    int n = carc__players(g);
    if (s->baz_phase != BAZ_HELD) return CARC_HOOK_NEXT;
    if (s->baz_end_base < 0) s->baz_end_base = (int8_t)next_player(g, carc__current(g));
    while (s->baz_end_next < n) {
        int who = (s->baz_end_base + s->baz_end_next++) % n;
        int type = s->held[who];
        if (type < 0) continue;
        s->held[who] = -1;
        s->baz_work = baz_work_of(s, n);
        if (!can_place_for(g, who, type)) {
            carc__pile_set_aside(g, type);
            continue;
        }
        carc__turn_start(g, who, type);
        return CARC_HOOK_JUMP;
    }
    s->baz_phase = BAZ_NONE;
    s->baz_work = baz_work_of(s, n);
    return CARC_HOOK_NEXT;
}

/* held_tiles (carc_game_held_tiles): during the auction a revealed tile is
 * face up (player -1) until someone gets it, then that player's; once every
 * tile is dealt, the tile each player plays instead of its next draw
 * (held[], cleared when it becomes the tile in hand). */
static int held_tiles(const carc_game *g, int player, int32_t *types, size_t cap)
{
    const bcb_state *s = cst(g);
    size_t n = 0;
    if (s->baz_phase == BAZ_HELD) {
        if (player >= 0 && s->held[player] >= 0) {
            if (n < cap) types[n] = s->held[player];
            n++;
        }
    } else if (s->baz_phase != BAZ_NONE) {
        for (int i = 0; i < s->baz_n; i++)
            if (s->baz_owner[i] == player) {
                if (n < cap) types[n] = s->baz_tile[i];
                n++;
            }
    }
    return (int)n;
}

static int bazaar_deal(carc_game *g, int sell)
{
    bcb_state *s = st(g);
    int a = s->baz_auctioneer, b = s->baz_high_bidder, price = s->baz_high;
    if (price == 0) {
        /* nothing changes hands (a raise is at least 1: cannot happen) */
    } else if (sell) {
        carc__score_add(g, b, -price, REASON_BAZAAR, 0, -1, 0);
        carc__score_add(g, a, price, REASON_BAZAAR, 0, -1, 0);
    } else {
        carc__score_add(g, a, -price, REASON_BAZAAR, 0, -1, 0);
        carc__score_add(g, b, price, REASON_BAZAAR, 0, -1, 0);
    }
    s->baz_owner[s->baz_sel] = (int8_t)(sell ? b : a);
    s->baz_sel = -1;
    s->baz_phase = BAZ_PICK;
    /* a seller still has no tile, yet its auction is over: the next player
     * without a tile is the auctioneer (BAZ_PICK skips those with one) */
    if (sell) s->baz_auctioneer = (int8_t)next_player(g, a);
    return CARC_OK;
}

/* ------------------------------------------------------------- scoring hooks */

static int feature_points(const carc_game *g, int root, int complete, int points)
{
    if (!complete && cst(g)->ncastles && castle_of_root(g, root) >= 0) return 0;
    return points;
}

static int city_value(const carc_game *g, int field_root, int city_root, int value)
{
    (void)field_root;
    if (cst(g)->ncastles && castle_of_root(g, city_root) >= 0 && carc__rule(g, RULE_FARMERS) == 1)
        return value + 1;
    return value;
}

static bool may_move_figure(const carc_game *g, int fig, int where, int tile, int arg, int cause)
{
    (void)where;
    (void)tile;
    (void)arg;
    const bcb_state *s = cst(g);
    if (cause < CARC_CAUSE_MODULE || CARC_KIND_MODULE(cause) == MOD) return true;
    for (int i = 0; i < s->ncastles; i++)
        if (s->castle[i].fig == fig) return false;
    return true;
}

static void figure_moved(carc_game *g, int fig, const carc_fig *from, int cause)
{
    (void)from;
    (void)cause;
    bcb_state *s = st(g);
    for (int i = 0; i < s->ncastles; i++)
        if (s->castle[i].fig == fig) s->castle[i].fig = -1;
}

/* ------------------------------------------------------------ decisions */

static void deploy_actions(const carc_game *g, const carc_pending *p, action_sink *sink)
{
    if (may_bridge(g, p)) carc__sink_push_kind(sink, ACT_BRIDGE, 0, 0, VERB_BRIDGE);
}

/* The ways offered at DEC_BRIDGE_WAY p: a repair's (arg < 0) the one way
 * that repairs -- the tile chosen at DEC_BRIDGE_TILE takes it
 * (repair_ways there; nothing changes before this decision, and
 * state_check holds a snapshot's pending one to it) --, else both ends'
 * (carc__tile_overlay_ends) */
static int way_choices(const carc_game *g, const carc_pending *p)
{
    return p->arg < 0 ? repair_way(-p->arg) : carc__tile_overlay_ends(g, p->target);
}

static void decision_actions(const carc_game *g, const carc_pending *p, action_sink *sink)
{
    switch (p->kind) {
    case DEC_BRIDGE_TILE: {
        int tiles[5];
        const int sides = p->arg; /* a repair's mismatched sides, or 0 */
        if (sides) {
            /* a repair: only the tile itself, or the neighbour across its
             * one mismatched side, may repair it (repairs()), and the repair
             * left room for its bridge there (repair_held, which state_check
             * holds a snapshot's decision to): bridge_tiles' list filtered,
             * without asking the board again */
            /* the one repairs() picks takes the bridge (repair_held) */
            const int c = repair_pick(g, p->target, sides);
            if (c >= 0) carc__sink_push_kind(sink, ACT_BRIDGE_TILE, c, 0, CARC_ID_TILE + c);
            break;
        }
        int n = bridge_tiles(g, p->target, tiles);
        for (int i = 0; i < n; i++)
            if (!p->arg || repair_ways(g, p->target, sides, tiles[i]))
                carc__sink_push_kind(sink, ACT_BRIDGE_TILE, tiles[i], 0, CARC_ID_TILE + tiles[i]);
        break;
    }
    case DEC_BRIDGE_WAY: { /* N-S as direction N (0), E-W as direction E (2) */
        /* arg < 0: a repair (only the way that repairs), else the tile to
         * deploy on afterwards */
        const int ways = way_choices(g, p);
        if ((ways & SIDES_NS) == SIDES_NS)
            carc__sink_push_kind(sink, ACT_BRIDGE_WAY, SIDES_NS, 0, CARC_ID_DIRECTION + 0);
        if ((ways & SIDES_EW) == SIDES_EW)
            carc__sink_push_kind(sink, ACT_BRIDGE_WAY, SIDES_EW, 0, CARC_ID_DIRECTION + 2);
        break;
    }
    case DEC_CASTLE: {
        carc_action a;
        memset(&a, 0, sizeof a);
        a.kind = CARC_ACTION_PASS;
        carc__sink_push(sink, &a, CARC_ID_PASS);
        carc__sink_push_kind(sink, ACT_CASTLE, 0, 0, VERB_CASTLE);
        break;
    }
    case DEC_REVEAL: { /* the pile's tile types a draw could give (chance_outcomes: their counts) */
        const uint8_t *counts = carc__pile_counts(g);
        bool veto = carc__pile_vetoes(g);
        FOR_DEALABLE(g, t, counts, veto) carc__sink_push_kind(sink, ACT_REVEAL, t, 0, t);
        break;
    }
    case DEC_PICK: {
        const bcb_state *s = cst(g);
        for (int i = 0; i < s->baz_n; i++)
            if (s->baz_owner[i] < 0) carc__sink_push_kind(sink, ACT_PICK, i, 0, CARC_ID_NUMBER + i);
        break;
    }
    case DEC_OPEN:
    case DEC_RAISE: {
        int lo = 0, hi = carc__rule(g, RULE_MAX_BID);
        if (p->kind == DEC_RAISE) {
            carc_action a;
            memset(&a, 0, sizeof a);
            a.kind = CARC_ACTION_PASS;
            carc__sink_push(sink, &a, CARC_ID_PASS);
            lo = cst(g)->baz_high + 1;
        }
        carc__sink_push_run(sink, ACT_BID, lo, 0, CARC_ID_NUMBER + lo, hi - lo + 1);
        break;
    }
    case DEC_DEAL:
        carc__sink_push_kind(sink, ACT_DEAL, 0, 0, VERB_BUY);
        carc__sink_push_kind(sink, ACT_DEAL, 1, 0, VERB_SELL);
        break;
    default:
        break;
    }
}

/* Is action a listed now at decision p (deploy_actions' verb, or
 * decision_actions')?  The same answer as the lists, one question: the
 * core's check of an id before decision_apply (test_action_legal compares
 * it with the lists on random games). */
static bool action_legal(const carc_game *g, const carc_pending *p, const carc_action *a)
{
    const bcb_state *s = cst(g);
    switch (p->kind) {
    case CARC_DECISION_DEPLOY:
        return a->kind == ACT_BRIDGE && may_bridge(g, p);
    case DEC_BRIDGE_TILE: {
        if (a->kind != ACT_BRIDGE_TILE) return false;
        int b = a->arg, x, y, in = b == p->target;
        carc__tile_xy(g, p->target, &x, &y);
        const carc_grid v = carc__grid(g);
        for (int d = 0; d < 4 && !in; d++) in = b >= 0 && carc__grid_at(&v, x + dx[d], y + dy[d]) == b;
        return in && bridge_on(g, &v, b) &&
               (!p->arg || repair_ways(g, p->target, p->arg, b));
    }
    case DEC_BRIDGE_WAY: {
        if (a->kind != ACT_BRIDGE_WAY || (a->arg != SIDES_NS && a->arg != SIDES_EW)) return false;
        return (way_choices(g, p) & a->arg) == a->arg;
    }
    case DEC_CASTLE:
        return a->kind == CARC_ACTION_PASS || a->kind == ACT_CASTLE;
    case DEC_REVEAL:
        return a->kind == ACT_REVEAL && a->arg >= 0 && a->arg < carc__ntypes &&
               carc__pile_left_of(g, a->arg) && carc__pile_drawable(g, a->arg);
    case DEC_PICK:
        return a->kind == ACT_PICK && a->arg >= 0 && a->arg < s->baz_n && s->baz_owner[a->arg] < 0;
    case DEC_OPEN:
    case DEC_RAISE:
        if (p->kind == DEC_RAISE && a->kind == CARC_ACTION_PASS) return true;
        return a->kind == ACT_BID && a->arg >= (p->kind == DEC_RAISE ? s->baz_high + 1 : 0) &&
               a->arg <= carc__rule(g, RULE_MAX_BID);
    case DEC_DEAL:
        return a->kind == ACT_DEAL && (a->arg == 0 || a->arg == 1);
    default:
        return false;
    }
}

static int chance_outcomes(const carc_game *g, const carc_pending *p, int32_t *ids, uint32_t *w,
                           size_t cap)
{
    if (p->kind != DEC_REVEAL) return CARC_E_STATE;
    int n = 0;
    const uint8_t *counts = carc__pile_counts(g);
    bool veto = carc__pile_vetoes(g);
    const int nt = carc__ntypes;
    if (!veto && cap >= (size_t)nt) {
        /* every type fits in the buffers: each count of a block of eight
         * that is not all 0 is written, and kept (n advances) when it is
         * not 0 -- the same outcomes in the same order, without a branch
         * per type (the pile of several tile sets is dense) */
        int t = 0;
        for (; t + 8 <= nt; t += 8) {
            uint64_t w8;
            memcpy(&w8, counts + t, sizeof w8);
            if (!w8) continue;
            for (int i = t; i < t + 8; i++) {
                ids[n] = i;
                w[n] = counts[i];
                n += counts[i] != 0;
            }
        }
        for (; t < nt; t++) {
            ids[n] = t;
            w[n] = counts[t];
            n += counts[t] != 0;
        }
        return n;
    }
    FOR_DEALABLE(g, t, counts, veto) {
        if ((size_t)n < cap) {
            ids[n] = t;
            w[n] = counts[t];
        }
        n++;
    }
    return n;
}

/* Legality was checked by the core (the id is among decision_actions'). */
static int decision_apply(carc_game *g, const carc_pending *p, const carc_action *a)
{
    bcb_state *s = st(g);
    switch (a->kind) {
    case CARC_ACTION_PASS:
        return CARC_OK; /* the city scores as usual; a bidder passes */
    case ACT_BRIDGE:
        return carc__decision_followup(g, DEC_BRIDGE_TILE, p->player, MOD, p->target, 0);
    case ACT_BRIDGE_TILE:
        return carc__decision_followup(g, DEC_BRIDGE_WAY, p->player, MOD, a->arg,
                                   p->arg ? -p->arg : p->target);
    case ACT_BRIDGE_WAY: {
        int rc = carc__tile_overlay_road(g, p->target, a->arg);
        if (rc) return rc;
        bcb_bridges_set(s, p->player, s->bridges[p->player] - 1);
        s->bridged_at = (uint16_t)carc__tile_count(g);
        if (p->arg < 0) return CARC_OK; /* a repair: the core's deployment comes next */
        /* then the deployment on the tile just laid, as usual */
        return carc__decision_followup(g, CARC_DECISION_DEPLOY, p->player, CARC_CORE_OWNER, p->arg, 0);
    }
    case ACT_CASTLE:
        return convert(g, p->player, p->arg);
    case ACT_REVEAL: {
        if (s->baz_n >= carc__players(g)) return CARC_E_ILLEGAL;
        int rc = carc__pile_take(g, a->arg);
        if (rc) return rc;
        s->baz_tile[s->baz_n] = (int16_t)a->arg;
        s->baz_owner[s->baz_n] = -1;
        s->baz_n++;
        return CARC_OK;
    }
    case ACT_PICK:
        s->baz_sel = (int8_t)a->arg;
        if (carc__rule(g, RULE_BAZAAR) == 2) { /* no auction: it is theirs */
            s->baz_owner[a->arg] = (int8_t)p->player;
            s->baz_sel = -1;
            return CARC_OK;
        }
        return carc__decision_followup(g, DEC_OPEN, p->player, MOD, -1, 0);
    case ACT_BID:
        s->baz_high = (uint16_t)a->arg;
        s->baz_high_bidder = (int8_t)p->player;
        if (p->kind == DEC_OPEN) {
            s->baz_asked = 0;
            s->baz_phase = BAZ_BIDS;
        }
        return CARC_OK;
    case ACT_DEAL:
        return bazaar_deal(g, a->arg);
    default:
        return CARC_E_ILLEGAL;
    }
}

/* ------------------------------------------------------------ ids, text */

/* a bridge's way: N-S as direction N (0), E-W as direction E (2) */
static const carc_arg_choice ways[2] = {{SIDES_NS, 0, "ns"}, {SIDES_EW, 2, "ew"}};
static const carc_arg_choice deals[2] = {{0, 0, "buy"}, {1, 1, "sell"}};

static const carc_action_def actions[] = {
    {ACT_BRIDGE, "bridge", CARC_AT_DEPLOY, VERB_BRIDGE, {{0}}},
    {ACT_BRIDGE_WAY, "bridge", CARC_AT(1), CARC_ID_DIRECTION, {CARC_ARG_CHOICE(arg, ways)}},
    {ACT_BRIDGE_TILE, "bridge", CARC_AT(0), CARC_ID_TILE, {CARC_ARG_TILE(arg)}},
    {ACT_CASTLE, "castle", CARC_AT(2), VERB_CASTLE, {{0}}},
    {ACT_PICK, "bazaar pick", CARC_AT(4), CARC_ID_NUMBER, {CARC_ARG_INT(arg, 0, CARC_ID_NUMBER_N - 1)}},
    {ACT_BID, "bazaar bid", CARC_AT(5) | CARC_AT(6), CARC_ID_NUMBER,
     {CARC_ARG_INT(arg, 0, CARC_ID_NUMBER_N - 1)}},
    {ACT_DEAL, "bazaar", CARC_AT(7), VERB_BUY, {CARC_ARG_CHOICE(arg, deals)}},
    {ACT_REVEAL, "bazaar", CARC_AT(3), 0, {CARC_ARG_TILE_TYPE(arg)}}, /* chance: the tile type */
};

static const carc_step_hook steps[] = {
    {CARC_STEP_AFTER_SCORING, -10, score_castles},
    {CARC_STEP_AFTER_PLACE, -100, repair_turn}, /* before any other module's */
    {CARC_STEP_AFTER_PLACE, 0, note_bazaar},
    {CARC_STEP_TURN_END, -20, bazaar_turn_end},
    {CARC_STEP_DRAW, -20, bazaar_draw}, /* before an abbey may be offered (WCP C1 FAQ) */
    {CARC_STEP_END_PHASE, -10, bazaar_end},
};

/* the hooks asked every turn have work only while (the core skips them
 * otherwise): castles stand; the player to move holds a bridge; a bazaar
 * tile was laid; bazaar_turn_end has work (baz_work); a bazaar runs */
static const uint16_t step_work[] = {
    CARC_WORK_BYTE(bcb_state, ncastles), CARC_WORK_PLAYER(bcb_state, bridges), 0,
    CARC_WORK_BYTE(bcb_state, baz_work),
    CARC_WORK_BYTE(bcb_state, baz_phase), 0};
static const uint32_t step_ttags[] = {0, 0, CARC_TTAG_BAZAAR, 0, 0, 0};
_Static_assert(sizeof step_work / sizeof step_work[0] == sizeof steps / sizeof steps[0] &&
                   sizeof step_ttags / sizeof step_ttags[0] == sizeof steps / sizeof steps[0],
               "a step_work and a step_ttags entry per step hook");

static const char *const reasons[] = {"castle", "bazaar", NULL};

const carc_module_def carc__module_bridges_castles = {
    .id = MOD,
    .name = "bridges_castles",
    .tile_set = "bridges_castles",
    .rules = rules,
    .nrules = sizeof rules / sizeof rules[0],
    .reasons = reasons,
    .state_size = state_size,
    .state_check = state_check,
    /* per placed tile: bridge tile + way + the deployment after it; a
     * castle decision per completed city (at most 4); a bazaar (8 in the
     * set): 6 reveals + 5 x (pick, bid, 5 raises, deal) = 46 decisions,
     * under 6 per tile of the 84 of base + this set */
    .decisions_per_tile = 7 + 6,
    .events_per_tile = 0,
    /* every castle scores once; a bazaar's 5 sales transfer points twice */
    .events_per_game = BCB_MAX_CASTLES + 8 * 5 * 2,
    .max_pending = 2,
    .overlays = 3 * 4, /* bridges: 3 x 4 players or 2 x 6 */
    .steps = steps,
    .nsteps = 6,
    .step_work = step_work,
    .step_ttags = step_ttags,
    .setup = setup,
    .decision_actions = decision_actions,
    .decision_apply = decision_apply,
    .action_legal = action_legal,
    .chance_outcomes = chance_outcomes,
    .pile_chance = 1u << 3, /* DEC_REVEAL: the pile's types (FOR_DEALABLE) */
    .actions = actions,
    .nactions = sizeof actions / sizeof actions[0],
    .deploy_actions = deploy_actions,
    .may_move_figure = may_move_figure,
    .before_majority = before_majority,
    .feature_points = feature_points,
    .city_value = city_value,
    .figure_moved = figure_moved,
    .token_kinds = (1u << CARC_TOKEN_BRIDGE) | (1u << CARC_TOKEN_CASTLE),
    .tokens = carc__bcb_tokens,
    .figure_role = figure_role,
    .decision_feature = decision_feature,
    .held_tiles = held_tiles,
    .explain = explain,
    .place_repair = place_repair,
    .repair_shape = repair_shape,
    .repair_side = repair_side,
    /* the quick question's answer: the player to move holds a bridge */
    .repair_work = CARC_WORK_PLAYER(bcb_state, may_repair),
};
