/* Pig throwing (the variant of ../shared/spec/pig-throwing-variant.txt;
 * rulings ../shared/rules/ambiguities.md B1-B12, A2, A3, A6; doc/rules.md
 * "Pig throwing" quotes the sentence of the document each rule settles).
 * Needs Traders & Builders (the pig); reads Inns & Cathedrals (the big
 * meeple, cathedral tiles), the Tower (tower.h), the Count (the City's
 * tiles) and Princess & Dragon (princess_dragon.h) when they are on, and
 * answers neutrally for what is off.
 *
 *   - when (B1): instead of the deployment of the turn's own, "throw",
 *     at most once per turn (a builder's double turn included), the
 *     player's own pig already on the board;
 *   - distance (A2, B2, B3): exactly N tiles, N = the thrower's follower
 *     figures in supply (the follower-class kinds' supply counts:
 *     prisoners, quarter and dungeon followers are held, not in supply),
 *     along a straight orthogonal line (rule pig_throw_directions 2: the
 *     diagonals too);
 *     empty cells count; N = 0: no throw;
 *   - obstacles (B4, B6), the cells strictly between: a cathedral tile, the
 *     City of Carcassonne (its two inner tiles; rule pig_throw_city 2: all
 *     12), a tower of h = floors + 1 with a follower on top unless S > h
 *     (S = N, before the big meeple's extra tile);
 *   - the big meeple (B5, B6), while in its owner's supply: the long throw
 *     (N + 1); a throw of N is then the high throw (cathedrals, the City and
 *     towers with S >= h are passed: nothing is lost by choosing it, so it
 *     is not asked), and may be the precision throw: the top follower of one
 *     lesser tower on the path (S > h), the thrower's choice, goes home and
 *     the tower reopens (rule pig_throw_precision 2: only a tower on the
 *     landing tile).  Rule pig_throw_big 2 (B5 option B): the big meeple
 *     throws alone, 1 tile (high, precision) or 2 (long);
 *   - landing (B7): a placed tile, a field segment of the thrower's choice,
 *     a farmer of the thrower left in that field after the squash (A3; rule
 *     pig_throw_farmer 2: before it, then the orphan rule; a throw that
 *     squashes nothing -- the dragon, a stance's first or second case --
 *     leaves the segment's followers standing), not the fairy's
 *     tile or its 8 neighbours (B11), other modules' vetoes
 *     (carc__figure_may_move);
 *   - the squash (B8): every follower on the landing segment goes home, the
 *     thrower's own included; Traders & Builders' orphan rule (A6) follows;
 *   - the defensive stance (B9), a big meeple on the landing segment, S
 *     values before the throw: the victim's S greater -> the pig is caught
 *     (removed from play), nothing is squashed; else a normal meeple of the
 *     victim in supply -> it replaces the big meeple (removed from play) and
 *     the pig is removed from play; else the big meeple is removed from play
 *     and the pig lands and squashes.  "Removed from play" is permanent
 *     (CARC_PLACE_REMOVED; rule pig_throw_removed 2: back to the supply);
 *   - the dragon (B10): a pig thrown onto its tile is eaten (removed from
 *     play) and the dragon naps (carc__pd_dragon_nap): the next dragon tile
 *     wakes it instead of a flight; a volcano still moves it;
 *   - the fairy (B11): no throw into its zone; the fairy may not be moved
 *     onto a pig's tile or the 8 around any pig (rule pig_throw_fairy 2:
 *     the pig's own tile is allowed) -- a may_move_figure veto.
 *
 * The choices are consecutive decisions of the thrower: "throw" at the
 * deployment; "throw X,Y" the landing tile (direction and distance);
 * "throw X,Y field Nw" the segment; for a precision throw possible,
 * "throw knock N" (a figure) or "throw high" (knocking nothing: not a
 * pass, since the throw is made either way).
 *
 * The last throw made (who, from, to, the kind, what it did) is noted in
 * the state at the throw for carc_game_last_throw, which the views draw;
 * nothing else reads it, so every game plays as it did without it. */
#include "module.h"

#include <stdio.h>
#include <string.h>

#include "modules/pig_throwing/pig_throwing.h"
#include "modules/princess_dragon/princess_dragon.h"
#include "modules/tower/tower.h"

#define MOD CARC_MODULE_PIG_THROWING

/* rule options: slots 8-15 (doc/modules.md "Slots and bounds") */
#define RULE_DIRECTIONS 8 /* B2: 1 orthogonal, 2 also diagonal                    */
#define RULE_CITY 9       /* B4: 1 the City's 2 inner tiles block, 2 all 12        */
#define RULE_BIG 10       /* B5: 1 (A) N or N+1, 2 (B) the big meeple alone: 1 or 2 */
#define RULE_PRECISION 11 /* B6: 1 a tower on the path, 2 only on the landing tile */
#define RULE_FARMER 12    /* B7: 1 a farmer left after the squash, 2 before it     */
#define RULE_REMOVED 13   /* B9: 1 removed from play for good, 2 back to supply    */
#define RULE_FAIRY 14     /* B11: 1 the fairy not onto the pig's tile either, 2 may */

#define DEC_TILE CARC_MODULE_KIND(MOD, 0)  /* where the pig lands: a placed tile */
#define DEC_SEG CARC_MODULE_KIND(MOD, 1)   /* which field segment of it          */
#define DEC_KNOCK CARC_MODULE_KIND(MOD, 2) /* precision: which top follower      */

#define ACT_THROW CARC_MODULE_KIND(MOD, 0)      /* the verb                   */
#define ACT_THROW_TILE CARC_MODULE_KIND(MOD, 1) /* arg: placed tile          */
#define ACT_THROW_SEG CARC_MODULE_KIND(MOD, 2)  /* target tile, arg segment  */
#define ACT_KNOCK CARC_MODULE_KIND(MOD, 3)      /* arg: figure index         */
#define ACT_NO_KNOCK CARC_MODULE_KIND(MOD, 4)   /* a high throw knocking nothing */

#define VERB_THROW CARC_VERB_ID(MOD, 0)
#define SEG_ID(s) (CARC_ID_KIND_SEG + CARC_FIGURE_PIG * CARC_MAX_SEGMENTS + (s))
#define NO_KNOCK_ID CARC_ID_NUMBER /* not a pass: the throw is made */

#define CAUSE_THROW CARC_MODULE_KIND(MOD, 0)   /* the pig thrown                 */
#define CAUSE_SQUASH CARC_MODULE_KIND(MOD, 1)  /* squashed: home to its owner    */
#define CAUSE_KNOCK CARC_MODULE_KIND(MOD, 2)   /* knocked off a tower: home      */
#define CAUSE_REMOVED CARC_MODULE_KIND(MOD, 3) /* removed from play (B9, B10)    */
#define CAUSE_STANCE CARC_MODULE_KIND(MOD, 4)  /* a normal meeple replaces a big */

/* why its actions are refused (carc_game_explain), numbered like its kinds */
#define WHY_NOT_NOW CARC_MODULE_KIND(MOD, 0)     /* not at this decision           */
#define WHY_NO_PIG CARC_MODULE_KIND(MOD, 1)      /* no pig of the player's on board */
#define WHY_THROWN CARC_MODULE_KIND(MOD, 2)      /* a throw made this turn already */
#define WHY_NO_SUPPLY CARC_MODULE_KIND(MOD, 3)   /* N = 0                          */
#define WHY_LINE CARC_MODULE_KIND(MOD, 4)        /* not on a straight line         */
#define WHY_DISTANCE CARC_MODULE_KIND(MOD, 5)    /* not exactly N (or N + 1) away  */
#define WHY_OBSTACLE CARC_MODULE_KIND(MOD, 6)    /* a cathedral, the City, a tower */
#define WHY_FAIRY CARC_MODULE_KIND(MOD, 7)       /* the fairy's zone               */
#define WHY_NO_FARMER CARC_MODULE_KIND(MOD, 8)   /* no farmer of the thrower there */
#define WHY_NOT_FIELD CARC_MODULE_KIND(MOD, 9)   /* the segment is no field        */
#define WHY_NO_LANDING CARC_MODULE_KIND(MOD, 10) /* no legal landing at all        */
#define WHY_KNOCK CARC_MODULE_KIND(MOD, 11)      /* not a top follower to knock    */

/* what kind of throw reaches a landing cell */
enum { THROW_NORMAL = 0, THROW_LONG = 1, THROW_HIGH = 2 };
/* what is in the way at a cell strictly between */
enum { OBS_NONE = 0, OBS_CATHEDRAL, OBS_CITY, OBS_TOWER };


static const int ux[8] = {0, 1, 1, 1, 0, -1, -1, -1}; /* N NE E SE S SW W NW */
static const int uy[8] = {-1, -1, 0, 1, 1, 1, 0, -1};
/* [sign dy + 1][sign dx + 1]: the direction k of (ux[k], uy[k]); the
 * centre (no direction) unused */
static const int8_t dir_of[3][3] = {{7, 0, 1}, {6, 0, 2}, {5, 4, 3}};

static pt_state *st(carc_game *g) { return carc__mod_state(g, MOD); }
static const pt_state *cst(const carc_game *g) { return carc__mod_cstate(g, MOD); }

static size_t state_size(const carc_options *o)
{
    (void)o;
    return sizeof(pt_state);
}

/* Player p's pig as the figures say: the index of its only figure of kind
 * pig, -1 for none; -2 for several (no such game: state_check refuses it) */
static int pig_figure(const carc_game *g, int p)
{
    int pig = -1;
    for (int i = 0; p < carc__players(g) && i < carc__figure_count(g); i++) {
        carc_fig f;
        carc__figure_get(g, i, &f);
        if (f.kind != CARC_FIGURE_PIG || f.owner != p) continue;
        if (pig >= 0) return -2;
        pig = i;
    }
    return pig;
}

/* each player's follower-class figures into out (pt_state.followers): bit
 * i of out[p][i >> 6] for figure i of player p; none beyond the players */
static void follower_sets(const carc_game *g, uint64_t out[CARC_MAX_PLAYERS][2])
{
    memset(out, 0, sizeof(uint64_t[CARC_MAX_PLAYERS][2]));
    for (int i = 0; i < carc__figure_count(g) && i < CARC_ID_FIGURE_N; i++) {
        carc_fig f;
        carc__figure_get(g, i, &f);
        if (f.owner >= 0 && f.owner < carc__players(g) && f.owner < CARC_MAX_PLAYERS &&
            (carc__figure_kind_classes(g, f.kind) & CARC_CLASS_FOLLOWER))
            out[f.owner][i >> 6] |= 1ull << (i & 63);
    }
}

static void setup(carc_game *g)
{
    pt_state *s = st(g);
    for (int p = 0; p < CARC_MAX_PLAYERS; p++) s->pigfig[p] = (int16_t)pig_figure(g, p);
    follower_sets(g, s->followers);
    s->follower_kinds = carc__figure_kinds_of_class(g, CARC_CLASS_FOLLOWER);
    s->s_cathedral = carc__segment_tag_bit("cathedral");
    s->t_coc_inner = carc__tile_tag_bit("coc_inner");
    s->ncoc = 0;
    for (int t = 0; t < carc__ntypes && s->ncoc < PT_MAX_COC; t++)
        if (carc__types[t].module && strcmp(carc__types[t].module, "count") == 0)
            s->coc[s->ncoc++] = (int16_t)t;
    s->thrown_turn = 0;
}

/* state_check (snapshots): the tag bits and the City's tile types setup
 * found, the last throw's tiles, figures and path in range, and this
 * module's decisions in the queue (a player; the tile the
 * pig lands on; the field segment of a precision throw). */
static bool state_check(const carc_game *g, const carc_pending *queue, int n)
{
    const pt_state *s = cst(g);
    if (s->s_cathedral != carc__segment_tag_bit("cathedral") ||
        s->t_coc_inner != carc__tile_tag_bit("coc_inner") || s->ncoc > PT_MAX_COC)
        return false;
    for (int i = 0; i < s->ncoc; i++)
        if (s->coc[i] < 0 || s->coc[i] >= carc__ntypes) return false;
    for (int p = 0; p < CARC_MAX_PLAYERS; p++)
        if (s->pigfig[p] < -1 || s->pigfig[p] != pig_figure(g, p)) return false;
    if (s->follower_kinds != carc__figure_kinds_of_class(g, CARC_CLASS_FOLLOWER)) return false;
    uint64_t want[CARC_MAX_PLAYERS][2];
    follower_sets(g, want);
    if (memcmp(s->followers, want, sizeof want)) return false;
    if (s->thrown_turn < 0 || s->thrown_turn > carc__turn(g) + 1) return false;
    if (s->thrown_turn) { /* the last throw, read by carc_game_last_throw and the views */
        int nt = carc__tile_count(g), nf = carc__figure_count(g);
        if (s->from < 0 || s->from >= nt || s->to < 0 || s->to >= nt) return false;
        if (s->player < 0 || s->player >= carc__players(g) || s->dir < 0 || s->dir > 7 ||
            s->dist < 0 || s->dist >= CARC_THROW_PATH_MAX || s->kind < 0 || s->kind > 2 ||
            s->outcome < CARC_THROW_LANDS || s->outcome > CARC_THROW_BIG_SQUASHED ||
            s->nsquashed < 0 || s->nsquashed > 8 || s->segment < 0)
            return false;
        const int16_t figs[4] = {s->pig, s->knock, s->stance, s->replacing};
        for (int i = 0; i < 4; i++)
            if (figs[i] < -1 || figs[i] >= nf || (i == 0 && figs[i] < 0)) return false;
        for (int i = 0; i < s->nsquashed; i++)
            if (s->squashed[i] < 0 || s->squashed[i] >= nf) return false;
    }
    for (int i = 0; i < n; i++) {
        const carc_pending *p = &queue[i];
        if (p->owner != MOD) continue;
        if (p->player < 0) return false;
        switch (p->kind) {
        case DEC_TILE:
            break;
        case DEC_KNOCK:
            if (p->target >= 0 && p->target < carc__tile_count(g) &&
                (p->arg < 0 || p->arg > carc__types[carc__tile_type(g, p->target)].nseg))
                return false;
            /* fall through */
        case DEC_SEG:
            if (p->target < 0 || p->target >= carc__tile_count(g)) return false;
            break;
        default:
            return false;
        }
    }
    return true;
}

/* ------------------------------------------------------------- facts */

static bool is_follower(const carc_game *g, const carc_fig *f)
{
    return f->owner >= 0 && (carc__figure_kind_classes(g, f->kind) & CARC_CLASS_FOLLOWER);
}

/* S (A2) with p's supply mask (carc__figure_supply_kinds) known: the
 * counts of the follower kinds (pt_state.follower_kinds) it holds; 0 from
 * the mask alone */
static int supply_in(const carc_game *g, int p, unsigned kinds)
{
    int n = 0;
    for (unsigned m = kinds & cst(g)->follower_kinds; m; m &= m - 1)
        n += carc__figure_supply(g, p, __builtin_ctz(m));
    return n;
}

/* S (A2): the player's follower figures in supply, each 1 */
static int supply_of(const carc_game *g, int p)
{
    return supply_in(g, p, carc__figure_supply_kinds(g, p));
}

static bool big_in_supply(const carc_game *g, int p)
{
    return carc__figure_supply(g, p, CARC_FIGURE_BIG) > 0;
}

/* the player's pig on the board (on a segment), or -1, its record in *f:
 * its figure known (pt_state.pigfig), one record read; inlined (the
 * fairy's veto asks it for every player at each question) */
static inline __attribute__((always_inline)) int pig_get(const carc_game *g, int p, carc_fig *f)
{
    if ((unsigned)p >= CARC_MAX_PLAYERS) return -1;
    int pig = cst(g)->pigfig[p];
    if (pig < 0) return -1;
    carc__figure_get(g, pig, f);
    return f->where == CARC_PLACE_SEGMENT ? pig : -1;
}

/* the player's pig on the board, or -1 */
static inline __attribute__((always_inline)) int pig_of(const carc_game *g, int p)
{
    carc_fig f;
    return pig_get(g, p, &f);
}

/* The kinds of throw of distance d for player p: a bit per THROW_*. */
static unsigned throw_kinds_n(const carc_game *g, int p, int n, int d);
static unsigned throw_kinds(const carc_game *g, int p, int d)
{
    return throw_kinds_n(g, p, supply_of(g, p), d);
}

/* throw_kinds with p's supply_of (n) known */
static unsigned throw_kinds_n(const carc_game *g, int p, int n, int d)
{
    unsigned k = 0;
    if (n <= 0 || d <= 0) return 0;
    if (!big_in_supply(g, p)) return d == n ? 1u << THROW_NORMAL : 0;
    if (carc__rule(g, RULE_BIG) == 2) {
        if (d == 1) k |= 1u << THROW_HIGH;
        if (d == 2) k |= 1u << THROW_LONG;
        return k;
    }
    if (d == n) k |= 1u << THROW_HIGH;
    if (d == n + 1) k |= 1u << THROW_LONG;
    return k;
}

/* a cathedral tile: a segment tagged @cathedral, from the type's segments'
 * tags together (tile_type.seg_tags, tilegen; test_princess_dragon checks
 * them against the segments) */
static bool cathedral_tile(const carc_game *g, int t)
{
    return (carc__types[carc__tile_type(g, t)].seg_tags & cst(g)->s_cathedral) != 0;
}

static bool city_tile(const carc_game *g, int t)
{
    const pt_state *s = cst(g);
    int type = carc__tile_type(g, t);
    if (carc__rule(g, RULE_CITY) != 2) return s->t_coc_inner && (carc__types[type].tags & s->t_coc_inner);
    for (int i = 0; i < s->ncoc; i++)
        if (s->coc[i] == type) return true;
    return false;
}

/* a tower's virtual height h (B6): floors + 1 with a follower on top; 0: none */
static int tower_h(const carc_game *g, int t)
{
    int h = carc__tower_height(g, t);
    return h > 0 ? h + (carc__tower_top(g, t) >= 0) : 0;
}

/* What blocks a throw of kind k by a thrower of S followers at placed tile
 * t strictly between: OBS_*. */
static int obstacle(const carc_game *g, int t, int S, int k)
{
    if (t < 0) return OBS_NONE; /* a gap: "even gaps" */
    bool high = k == THROW_HIGH;
    if (!high && cathedral_tile(g, t)) return OBS_CATHEDRAL;
    if (!high && city_tile(g, t)) return OBS_CITY;
    int h = tower_h(g, t);
    if (h > 0 && (high ? S < h : S <= h)) return OBS_TOWER;
    return OBS_NONE;
}

/* A lesser tower's top follower (S > h) on placed tile t, or -1. */
static int knock_target_at(const carc_game *g, int t, int S)
{
    if (t < 0) return -1;
    int top = carc__tower_top(g, t);
    return top >= 0 && S > tower_h(g, t) ? top : -1;
}

static int chebyshev(int ax, int ay, int bx, int by)
{
    int dx = ax > bx ? ax - bx : bx - ax, dy = ay > by ? ay - by : by - ay;
    return dx > dy ? dx : dy;
}

/* Is placed tile t in the fairy's zone (its tile and the 8 around)? */
static bool fairy_zone(const carc_game *g, int t)
{
    int f = carc__pd_fairy_tile(g);
    if (f < 0) return false;
    int fx, fy, x, y;
    carc__tile_xy(g, f, &fx, &fy);
    carc__tile_xy(g, t, &x, &y);
    return chebyshev(fx, fy, x, y) <= 1;
}

/* Has player p a follower in field root other than those on segment seg of
 * tile t (rule pig_throw_farmer 1: left after the squash), or any (2)? */
static bool farmer_left(const carc_game *g, int p, int root, int t, int seg)
{
    if (!carc__root_has_follower(g, root, p, CARC_CLASS_FOLLOWER)) return false;
    if (carc__rule(g, RULE_FARMER) == 2) return true;
    if ((unsigned)p >= CARC_MAX_PLAYERS) return false;
    /* p's followers: their set (pt_state.followers) */
    const uint64_t *set = cst(g)->followers[p];
    for (int w = 0; w < 2; w++)
        for (uint64_t m = set[w]; m; m &= m - 1) {
            carc_fig f;
            carc__figure_get(g, w * 64 + __builtin_ctzll(m), &f);
            if (f.where != CARC_PLACE_SEGMENT || (f.tile == t && f.segment == seg)) continue;
            if (carc__segment_root(g, f.tile, f.segment) == root) return true;
        }
    return false;
}

typedef struct outcome outcome;
static bool squashes(const carc_game *g, int p, int t, int seg);

/* A3, B7: would the landing on segment seg of placed tile t, in p's field
 * root, leave p no farmer there (it squashes, and none of p's is left)? */
static bool no_farmer_after(const carc_game *g, int p, int root, int t, int seg)
{
    return squashes(g, p, t, seg) && !farmer_left(g, p, root, t, seg);
}

/* Why the pig of p may not land on segment seg of placed tile t (a WHY_*),
 * 0 if it may (the tile itself already allowed).  A throw that squashes
 * nothing (the dragon eats the pig, or a big meeple's stance catches it:
 * B9 "if the pig is caught it never lands") leaves every follower on the
 * segment where it stands -- in the stance's second case the victim's
 * normal meeple takes the big meeple's place --, so a farmer of the
 * thrower there still counts (A3, B7). */
static int seg_refusal_pig(const carc_game *g, int p, int pig, int t, int seg);
static int seg_refusal(const carc_game *g, int p, int t, int seg)
{
    return seg_refusal_pig(g, p, pig_of(g, p), t, seg);
}

/* seg_refusal with p's pig known (pig_of) */
static int seg_refusal_pig(const carc_game *g, int p, int pig, int t, int seg)
{
    const tile_type *ty = &carc__types[carc__tile_type(g, t)];
    if (seg < 0 || seg >= ty->nseg || ty->seg[seg].kind != CARC_FEATURE_FIELD) return WHY_NOT_FIELD;
    int root = carc__segment_root(g, t, seg);
    if (root < 0) return WHY_NO_FARMER;
    /* no follower of p in the field at all: refused whatever the landing
     * does (farmer_left asks that first too), without foreseeing it */
    if (!carc__root_has_follower(g, root, p, CARC_CLASS_FOLLOWER) ||
        no_farmer_after(g, p, root, t, seg))
        return WHY_NO_FARMER;
    if (!carc__figure_may_move(g, pig, CARC_PLACE_SEGMENT, t, 0, CAUSE_THROW))
        return CARC_REASON_FORBIDDEN;
    return 0;
}

/* The segments of placed tile t holding a follower of player p, a bit
 * each; 0 at once for a tile nobody stands on; p's followers there found
 * from their set (pt_state.followers) in one pass. */
static uint32_t own_segs(const carc_game *g, int p, int t)
{
    if (!carc__tile_figure_count(g, t) || (unsigned)p >= CARC_MAX_PLAYERS) return 0;
    int figs[CARC_ID_FIGURE_N];
    uint32_t m = 0;
    int n = carc__figures_on_tile(g, cst(g)->followers[p], t, figs);
    for (int i = 0; i < n; i++) {
        carc_fig f;
        carc__figure_get(g, figs[i], &f);
        if (f.where == CARC_PLACE_SEGMENT && (unsigned)f.segment < 32) m |= 1u << f.segment;
    }
    return m;
}

/* Is any segment of placed tile t a landing for p's pig (seg_refusal_pig
 * 0)?  The same answer, asked in the cheapest order:
 *   - only a field segment whose field holds a follower of p can be: the
 *     tile's are found at once (carc__segs_owned, one read of the tile's
 *     record);
 *   - of those, a segment with no follower of p on it keeps p's farmer
 *     elsewhere in the field whatever the landing squashes (farmer_left):
 *     the landing is foreseen only for a segment of p's own;
 *   - the other modules' vetoes (carc__figure_may_move) name the tile, not
 *     the segment: asked once, when a segment keeps a farmer.
 * veto false (a constant): the answer of pig throwing's own rules alone,
 * every veto aside (explain_flight: a tile refused by a veto only). */
static inline __attribute__((always_inline)) bool any_seg_asked(const carc_game *g, int p,
                                                                int pig, int t, bool veto)
{
    const tile_type *ty = &carc__types[carc__tile_type(g, t)];
    uint32_t fields = 0;
    for (int i = 0; i < ty->nseg; i++)
        if (ty->seg[i].kind == CARC_FEATURE_FIELD) fields |= 1u << i;
    uint32_t m = carc__segs_owned(g, t, fields, p, false), own = m ? own_segs(g, p, t) : 0;
    for (; m; m &= m - 1) {
        int seg = __builtin_ctz(m);
        if (!(own >> seg & 1u) || !no_farmer_after(g, p, carc__segment_root(g, t, seg), t, seg))
            return !veto || carc__figure_may_move(g, pig, CARC_PLACE_SEGMENT, t, 0, CAUSE_THROW);
    }
    return false;
}

static bool any_seg(const carc_game *g, int p, int pig, int t)
{
    return any_seg_asked(g, p, pig, t, true);
}

/* The flight of player p's pig onto placed tile t, judged: why it is
 * refused (a WHY_*, 0 if legal), the throw kind and, for WHY_OBSTACLE, the
 * blocking tile and what it is. */
typedef struct flight {
    int why, kind, dir, dist, block, what;
} flight;

static void judge_from(const carc_game *g, int p, int pig, int S, int ox, int oy, int t,
                       flight *out);
static void judge_along(const carc_game *g, int p, int pig, int S, int ox, int oy, int t, int dir,
                        int d, flight *out);
static void judge(const carc_game *g, int p, int t, flight *out)
{
    memset(out, 0, sizeof *out);
    out->block = -1;
    int pig = pig_of(g, p);
    if (pig < 0) {
        out->why = WHY_NO_PIG;
        return;
    }
    int S = supply_of(g, p);
    if (S <= 0) {
        out->why = WHY_NO_SUPPLY;
        return;
    }
    int ox, oy;
    carc__tile_xy(g, carc__figure_tile(g, pig), &ox, &oy);
    judge_from(g, p, pig, S, ox, oy, t, out);
}

/* judge with p's pig (on the board), S (> 0) and the pig's cell known;
 * out cleared, its block -1 */
static void judge_from(const carc_game *g, int p, int pig, int S, int ox, int oy, int t,
                       flight *out)
{
    int x, y;
    carc__tile_xy(g, t, &x, &y);
    int dx = x - ox, dy = y - oy;
    int ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;
    bool diag = carc__rule(g, RULE_DIRECTIONS) == 2;
    if ((dx == 0 && dy == 0) || (dx != 0 && dy != 0 && (!diag || ax != ay))) {
        out->why = WHY_LINE;
        return;
    }
    judge_along(g, p, pig, S, ox, oy, t, dir_of[(dy > 0) - (dy < 0) + 1][(dx > 0) - (dx < 0) + 1],
                ax > ay ? ax : ay, out);
}

/* judge_from with the line from the pig known: t is d (> 0) tiles away in
 * direction dir (ux, uy) -- the landing listing's candidates */
static void judge_along(const carc_game *g, int p, int pig, int S, int ox, int oy, int t, int dir,
                        int d, flight *out)
{
    out->dist = d;
    out->dir = dir;
    unsigned kinds = throw_kinds_n(g, p, S, d);
    if (!kinds) {
        out->why = WHY_DISTANCE;
        return;
    }
    out->kind = (kinds >> THROW_HIGH) & 1u ? THROW_HIGH : (kinds >> THROW_LONG) & 1u ? THROW_LONG
                                                                                   : THROW_NORMAL;
    for (int i = 1; i < d; i++) {
        int c = carc__tile_at(g, ox + ux[out->dir] * i, oy + uy[out->dir] * i);
        int w = obstacle(g, c, S, out->kind);
        if (w) {
            out->why = WHY_OBSTACLE;
            out->block = c;
            out->what = w;
            return;
        }
    }
    if (fairy_zone(g, t)) {
        out->why = WHY_FAIRY;
        return;
    }
    if (!any_seg(g, p, pig, t)) out->why = WHY_NO_FARMER;
}

/* The landing tiles: along each direction at each distance a throw may
 * have, ascending tile order written in out (cap CARC_MAX_TILES). */
static int landings_of(const carc_game *g, int p, int pig, int S, int *out, bool first_only);
static int landings(const carc_game *g, int p, int *out, bool first_only)
{
    int pig = pig_of(g, p), S;
    if (pig < 0 || (S = supply_of(g, p)) <= 0) return 0;
    return landings_of(g, p, pig, S, out, first_only);
}

/* landings with p's pig (on the board) and S = supply_of (> 0) known */
static int landings_of(const carc_game *g, int p, int pig, int S, int *out, bool first_only)
{
    int n = 0;
    int o = carc__figure_tile(g, pig), ox, oy;
    carc__tile_xy(g, o, &ox, &oy);
    int ndir = carc__rule(g, RULE_DIRECTIONS) == 2 ? 8 : 4;
    int dists[2] = {S, S + 1};
    bool big = big_in_supply(g, p);
    if (big && carc__rule(g, RULE_BIG) == 2) dists[0] = 1, dists[1] = 2;
    int nd = big ? 2 : 1;
    for (int k = 0; k < 8; k += 8 / ndir)
        for (int j = 0; j < nd; j++) {
            int t = carc__tile_at(g, ox + ux[k] * dists[j], oy + uy[k] * dists[j]);
            if (t < 0) continue;
            flight f; /* judge, the pig, S, its cell and the line known */
            memset(&f, 0, sizeof f);
            f.block = -1;
            judge_along(g, p, pig, S, ox, oy, t, k, dists[j], &f);
            if (f.why) continue;
            int i = n++;
            for (; i > 0 && out[i - 1] > t; i--) out[i] = out[i - 1];
            out[i] = t;
            if (first_only) return n;
        }
    return n;
}

/* The top followers a precision throw onto t may knock off, in figure
 * order (at most 8 on a path of 8 directions' worth). */
static int knock_targets(const carc_game *g, int p, int t, int *out)
{
    flight f;
    judge(g, p, t, &f);
    if (f.why || f.kind != THROW_HIGH) return 0;
    int S = supply_of(g, p), n = 0;
    int o = carc__figure_tile(g, pig_of(g, p)), ox, oy;
    carc__tile_xy(g, o, &ox, &oy);
    int lo = 1, hi = f.dist - 1;
    if (carc__rule(g, RULE_PRECISION) == 2) lo = hi = f.dist;
    for (int i = lo; i <= hi; i++) {
        int c = carc__tile_at(g, ox + ux[f.dir] * i, oy + uy[f.dir] * i);
        int top = knock_target_at(g, c, S);
        if (top < 0 || n >= 8) continue;
        int j = n++;
        for (; j > 0 && out[j - 1] > top; j--) out[j] = out[j - 1];
        out[j] = top;
    }
    return n;
}

static bool thrown_now(const carc_game *g)
{
    return cst(g)->thrown_turn == carc__turn(g) + 1;
}

/* ------------------------------------------------------------ decisions */

/* deploy_actions past its quick refusals: player's pig not in supply, S
 * > 0 (the supply mask `kinds` holds a follower kind); out of line, so
 * that the quick refusals pay no frame */
static __attribute__((noinline)) void offer_throw(const carc_game *g, int player, unsigned kinds,
                                                  action_sink *sink)
{
    int t[1], pig; /* the first landing alone (first_only) */
    if (thrown_now(g) || (pig = pig_of(g, player)) < 0) return;
    if (landings_of(g, player, pig, supply_in(g, player, kinds), t, true))
        carc__sink_push_kind(sink, ACT_THROW, 0, 0, VERB_THROW);
}

static void deploy_actions(const carc_game *g, const carc_pending *p, action_sink *sink)
{
    /* a pig in supply is not on the board (a player has one: Traders &
     * Builders' kind count), nor is any without a follower to throw it:
     * answered from one read of the supply mask (the pig's bit, the
     * follower kinds': S > 0 exactly when it holds one), before the turn's
     * throw and the figures are asked (the commonest refusals first: the
     * pig in supply at about 43 % of the deployments, no follower in
     * supply at about half) */
    unsigned kinds = carc__figure_supply_kinds(g, p->player);
    if ((kinds >> CARC_FIGURE_PIG) & 1u || !(kinds & cst(g)->follower_kinds)) return;
    offer_throw(g, p->player, kinds, sink);
}

static void decision_actions(const carc_game *g, const carc_pending *p, action_sink *sink)
{
    int t[CARC_MAX_TILES];
    switch (p->kind) {
    case DEC_TILE: {
        int n = landings(g, p->player, t, false);
        for (int i = 0; i < n; i++) carc__sink_push_kind(sink, ACT_THROW_TILE, t[i], 0, CARC_ID_TILE + t[i]);
        break;
    }
    case DEC_SEG:
        for (int i = 0; i < carc__types[carc__tile_type(g, p->target)].nseg; i++)
            if (!seg_refusal(g, p->player, p->target, i))
                carc__sink_push_kind(sink, ACT_THROW_SEG, i, p->target, SEG_ID(i));
        break;
    case DEC_KNOCK: { /* ids ascending: the figures, then "throw high" */
        int n = knock_targets(g, p->player, p->target, t);
        for (int i = 0; i < n; i++) carc__sink_push_kind(sink, ACT_KNOCK, t[i], 0, CARC_ID_FIGURE + t[i]);
        carc__sink_push_kind(sink, ACT_NO_KNOCK, 0, 0, NO_KNOCK_ID);
        break;
    }
    default:
        break;
    }
}

/* "Removed from play" (B9, B10): for good, or back to the supply (rule
 * pig_throw_removed 2). */
static int remove_fig(carc_game *g, int fig)
{
    if (carc__rule(g, RULE_REMOVED) == 2)
        return carc__figure_move(g, fig, CARC_PLACE_SUPPLY, -1, 0, 0, 0, CAUSE_REMOVED);
    return carc__figure_move(g, fig, CARC_PLACE_REMOVED, -1, 0, 0, 0, CAUSE_REMOVED);
}

/* The followers on segment seg of placed tile t, in figure order. */
static int on_segment(const carc_game *g, int t, int seg, int *out)
{
    int figs[CARC_ID_FIGURE_N], m = 0;
    int n = carc__tile_figures(g, t, figs, CARC_ID_FIGURE_N);
    for (int i = 0; i < n && i < CARC_ID_FIGURE_N; i++) {
        carc_fig f;
        carc__figure_get(g, figs[i], &f);
        if (f.where == CARC_PLACE_SEGMENT && f.tile == t && f.segment == seg && is_follower(g, &f))
            out[m++] = figs[i];
    }
    return m;
}

/* What the throw of p's pig onto segment seg of tile t does (B8-B10),
 * measured before it (the S values): the stance's case, the big meeple
 * concerned and the replacing meeple.  case 0: no stance. */
typedef struct outcome {
    int eaten;  /* the dragon's tile                                    */
    int stance; /* 0 none; 1 caught; 2 injured and replaced; 3 squashed */
    int big, normal;
} outcome;

static void foresee(const carc_game *g, int p, int t, int seg, outcome *o)
{
    memset(o, 0, sizeof *o);
    o->big = o->normal = -1;
    if (t == carc__pd_dragon_tile(g)) {
        o->eaten = 1;
        return;
    }
    int figs[CARC_ID_FIGURE_N];
    int n = on_segment(g, t, seg, figs);
    for (int i = 0; i < n && o->big < 0; i++) {
        carc_fig f;
        carc__figure_get(g, figs[i], &f);
        if (f.kind == CARC_FIGURE_BIG) o->big = figs[i];
    }
    if (o->big < 0) return;
    carc_fig b;
    carc__figure_get(g, o->big, &b);
    int sv = supply_of(g, b.owner), stt = supply_of(g, p);
    if (sv > stt) o->stance = 1;
    else if ((o->normal = carc__figure_in_supply(g, b.owner, CARC_FIGURE_FOLLOWER)) >= 0)
        o->stance = 2;
    else
        o->stance = 3;
}

/* Does the throw of p's pig onto segment seg of tile t land and squash
 * (no dragon there, no stance that catches the pig)? */
static bool squashes(const carc_game *g, int p, int t, int seg)
{
    outcome o;
    foresee(g, p, t, seg, &o);
    return !o.eaten && o.stance != 1 && o.stance != 2;
}

static const int of_stance[4] = {CARC_THROW_LANDS, CARC_THROW_CAUGHT, CARC_THROW_REPLACED,
                                 CARC_THROW_BIG_SQUASHED};

/* The followers the landing of o sends home (not a stance's big meeple,
 * removed from play), in figure order; their number (all), at most cap
 * written. */
static int squash_list(const carc_game *g, int t, int seg, const outcome *o, int *out, int cap)
{
    if (o->eaten || o->stance == 1 || o->stance == 2) return 0;
    int figs[CARC_ID_FIGURE_N], m = 0;
    int n = on_segment(g, t, seg, figs);
    for (int i = 0; i < n; i++) {
        if (figs[i] == o->big) continue;
        if (m < cap) out[m] = figs[i];
        m++;
    }
    return m;
}

/* Note the throw about to be made (before any figure moves) as the last. */
static void note_throw(carc_game *g, int p, int t, int seg, int knock, const outcome *o)
{
    pt_state *s = st(g);
    flight f;
    judge(g, p, t, &f);
    int pig = pig_of(g, p), sq[8];
    s->thrown_turn = (int16_t)(carc__turn(g) + 1);
    s->pig = (int16_t)pig;
    s->from = (int16_t)carc__figure_tile(g, pig);
    s->to = (int16_t)t;
    s->player = (int8_t)p;
    s->segment = (int8_t)seg;
    s->kind = (int8_t)f.kind;
    s->dir = (int8_t)f.dir;
    s->dist = (int8_t)f.dist;
    s->knock = (int16_t)knock;
    s->outcome = (int8_t)(o->eaten ? CARC_THROW_EATEN : of_stance[o->stance]);
    s->stance = (int16_t)o->big;
    s->replacing = (int16_t)(o->stance == 2 ? o->normal : -1);
    int n = squash_list(g, t, seg, o, sq, 8);
    s->nsquashed = (int8_t)n;
    for (int i = 0; i < 8; i++) s->squashed[i] = (int16_t)(i < n ? sq[i] : -1);
}

/* The throw itself, every choice made. */
static int resolve(carc_game *g, int p, int t, int seg, int knock)
{
    int pig = pig_of(g, p);
    outcome o;
    foresee(g, p, t, seg, &o); /* S values before the throw (B9) */
    note_throw(g, p, t, seg, knock, &o);
    int rc;
    if (knock >= 0 && (rc = carc__figure_move(g, knock, CARC_PLACE_SUPPLY, -1, 0, 0, 0, CAUSE_KNOCK)))
        return rc;
    if (o.eaten) { /* B10: eaten, the dragon naps */
        if ((rc = remove_fig(g, pig))) return rc;
        carc__pd_dragon_nap(g, 1);
        return CARC_OK;
    }
    if (o.stance == 1) return remove_fig(g, pig);
    if (o.stance == 2) {
        carc_fig b;
        carc__figure_get(g, o.big, &b);
        /* the normal meeple first: its owner's support never lapses */
        if ((rc = carc__figure_move(g, o.normal, CARC_PLACE_SEGMENT, b.tile, b.segment, 0, 0,
                                    CAUSE_STANCE)))
            return rc;
        if ((rc = remove_fig(g, o.big))) return rc;
        return remove_fig(g, pig);
    }
    if (o.stance == 3 && (rc = remove_fig(g, o.big))) return rc;
    /* the pig lands first, then the squash: the orphan rule (A6) sees it */
    if ((rc = carc__figure_move(g, pig, CARC_PLACE_SEGMENT, t, seg, 0, 0, CAUSE_THROW))) return rc;
    int figs[CARC_ID_FIGURE_N];
    int n = on_segment(g, t, seg, figs);
    for (int i = 0; i < n; i++) {
        carc_fig f;
        carc__figure_get(g, figs[i], &f);
        if (f.where != CARC_PLACE_SEGMENT || f.tile != t || f.segment != seg) continue;
        if ((rc = carc__figure_move(g, figs[i], CARC_PLACE_SUPPLY, -1, 0, 0, 0, CAUSE_SQUASH)))
            return rc;
    }
    return CARC_OK;
}

/* The core has checked the action is one of decision_actions'. */
static int decision_apply(carc_game *g, const carc_pending *p, const carc_action *a)
{
    int t[8];
    switch (a->kind) {
    case ACT_THROW:
        return carc__decision_followup(g, DEC_TILE, p->player, MOD, -1, 0);
    case ACT_THROW_TILE:
        return carc__decision_followup(g, DEC_SEG, p->player, MOD, a->arg, 0);
    case ACT_THROW_SEG:
        if (knock_targets(g, p->player, p->target, t))
            return carc__decision_followup(g, DEC_KNOCK, p->player, MOD, p->target, a->arg);
        return resolve(g, p->player, p->target, a->arg, -1);
    case ACT_NO_KNOCK:
        return resolve(g, p->player, p->target, p->arg, -1);
    case ACT_KNOCK:
        return resolve(g, p->player, p->target, p->arg, a->arg);
    default:
        return CARC_E_ILLEGAL;
    }
}

/* ------------------------------------------------------------- the query */

/* Obstacles on the flight of p's pig onto t that only a high throw passes. */
static int high_passed(const carc_game *g, int p, const flight *f)
{
    if (f->kind != THROW_HIGH) return 0;
    int S = supply_of(g, p), n = 0, ox, oy;
    carc__tile_xy(g, carc__figure_tile(g, pig_of(g, p)), &ox, &oy);
    for (int i = 1; i < f->dist; i++) {
        int c = carc__tile_at(g, ox + ux[f->dir] * i, oy + uy[f->dir] * i);
        n += c >= 0 && obstacle(g, c, S, THROW_NORMAL) != OBS_NONE;
    }
    return n;
}

static void describe(const carc_game *g, int p, int t, int seg, int knock, carc_throw_info *o)
{
    flight f;
    judge(g, p, t, &f);
    memset(o, 0, sizeof *o);
    carc__tile_xy(g, t, &o->x, &o->y);
    o->segment = seg;
    o->distance = f.dist;
    o->kind = f.kind;
    o->knock = knock;
    o->high_passed = high_passed(g, p, &f);
    o->stance_figure = -1;
    outcome oc;
    foresee(g, p, t, seg, &oc);
    o->outcome = oc.eaten ? CARC_THROW_EATEN : of_stance[oc.stance];
    o->stance_figure = oc.big;
    int sq[8];
    o->num_squashed = squash_list(g, t, seg, &oc, sq, 8);
    for (int i = 0; i < o->num_squashed && i < 8; i++) o->squashed[i] = sq[i];
}

CARC_API int carc_game_throws(const carc_game *g, carc_throw_info *buf, size_t cap,
                              size_t *needed)
{
    if (!g || !needed) return CARC_E_INVALID;
    if (!carc__module_enabled(g, MOD)) return CARC_E_NOTFOUND;
    size_t n = 0;
    const carc_pending *d = carc__decision_pending(g);
    int tiles[CARC_MAX_TILES], nt = 0, seg0 = -1, p = d ? d->player : -1;
    bool throwing = false;
    if (d && d->kind == CARC_DECISION_DEPLOY && !(d->flags & CARC_PENDING_QUEUED_DEPLOY) &&
        !thrown_now(g) && pig_of(g, p) >= 0) {
        nt = landings(g, p, tiles, false);
        throwing = true;
    } else if (d && d->owner == MOD && d->kind == DEC_TILE) {
        nt = landings(g, p, tiles, false);
        throwing = true;
    } else if (d && d->owner == MOD) {
        tiles[0] = d->target;
        nt = 1;
        seg0 = d->kind == DEC_KNOCK ? d->arg : -1;
        throwing = true;
    }
    for (int i = 0; throwing && i < nt; i++) {
        int t = tiles[i], nseg = carc__types[carc__tile_type(g, t)].nseg;
        for (int sg = 0; sg < nseg; sg++) {
            if ((seg0 >= 0 && sg != seg0) || seg_refusal(g, p, t, sg)) continue;
            int k[8], nk = knock_targets(g, p, t, k);
            for (int j = -1; j < nk; j++) {
                if (n < cap && buf) describe(g, p, t, sg, j < 0 ? -1 : k[j], &buf[n]);
                n++;
            }
        }
    }
    *needed = n;
    return n > cap ? CARC_E_BUFFER : CARC_OK;
}

CARC_API int carc_game_last_throw(const carc_game *g, carc_throw_record *out)
{
    if (!g || !out || out->size < sizeof *out) return CARC_E_INVALID;
    if (!carc__module_enabled(g, MOD)) return CARC_E_NOTFOUND;
    memset(out, 0, sizeof *out);
    out->size = sizeof *out;
    out->pig = out->knock = out->stance_figure = out->replacing_figure = -1;
    const pt_state *s = cst(g);
    if (!s->thrown_turn) return CARC_E_NOTFOUND;
    out->turn = s->thrown_turn - 1;
    out->this_turn = thrown_now(g);
    out->player = s->player;
    out->pig = s->pig;
    carc__tile_xy(g, s->from, &out->from_x, &out->from_y);
    carc__tile_xy(g, s->to, &out->x, &out->y);
    out->segment = s->segment;
    out->distance = s->dist;
    out->kind = s->kind;
    out->knock = s->knock;
    out->outcome = s->outcome;
    out->stance_figure = s->stance;
    out->replacing_figure = s->replacing;
    out->num_squashed = s->nsquashed;
    for (int i = 0; i < s->nsquashed && i < 8; i++) out->squashed[i] = s->squashed[i];
    out->num_path = s->dist + 1;
    for (int i = 0; i <= s->dist && i < CARC_THROW_PATH_MAX; i++) {
        out->path_x[i] = out->from_x + ux[s->dir] * i;
        out->path_y[i] = out->from_y + uy[s->dir] * i;
    }
    return CARC_OK;
}

/* ------------------------------------------------------------- vetoes */

/* B11: a pig whose zone placed tile t lies in for the fairy -- the 8 tiles
 * around any pig, and its own tile unless rule pig_throw_fairy 2: its
 * figure, or -1. */
static inline __attribute__((always_inline)) int pig_near_fairy_move(const carc_game *g, int t)
{
    if (t < 0 || t >= carc__tile_count(g)) return -1;
    int x, y;
    carc__tile_xy(g, t, &x, &y);
    for (int p = 0, n = carc__players(g); p < n; p++) {
        carc_fig f;
        int pig = pig_get(g, p, &f);
        if (pig < 0) continue;
        int px, py;
        carc__tile_xy(g, f.tile, &px, &py);
        int dd = chebyshev(px, py, x, y);
        /* its own tile (dd 0) allowed by rule pig_throw_fairy 2, asked
         * only then */
        if (dd == 1 || (dd == 0 && carc__rule(g, RULE_FAIRY) != 2)) return pig;
    }
    return -1;
}

/* B11: the fairy, moved by its player, never onto a pig's tile (rule
 * pig_throw_fairy 2: allowed) or the 8 tiles around any pig. */
static bool may_move_figure(const carc_game *g, int fig, int where, int tile, int arg, int cause)
{
    if (cause != PD_CAUSE_FAIRY) return true;
    carc_fig f;
    carc__figure_get(g, fig, &f);
    if (f.kind != CARC_FIGURE_FAIRY) return true;
    int to = where == CARC_PLACE_ATTACHED ? carc__figure_tile(g, arg) : tile;
    return to < 0 || pig_near_fairy_move(g, to) < 0;
}

/* ------------------------------------------------------------ ids, text */

static const carc_action_def actions[] = {
    {ACT_THROW, "throw", CARC_AT_DEPLOY, VERB_THROW, {{0}}},
    {ACT_THROW_TILE, "throw", CARC_AT(0), CARC_ID_TILE, {CARC_ARG_TILE(arg)}},
    {ACT_THROW_SEG, "throw", CARC_AT(1), SEG_ID(0), {CARC_ARG_TARGET, CARC_ARG_SEGMENT(arg)}},
    {ACT_KNOCK, "throw knock", CARC_AT(2), CARC_ID_FIGURE,
     {CARC_ARG_INT(arg, 0, CARC_ID_FIGURE_N - 1)}},
    {ACT_NO_KNOCK, "throw high", CARC_AT(2), NO_KNOCK_ID, {{0}}},
};

/* ------------------------------------------------------------ explain */

static void explain_flight(const carc_game *g, int p, int t, carc_explanation *out)
{
    flight f;
    judge(g, p, t, &f);
    /* judge_along's WHY_NO_FARMER is any_seg's "no": where pig throwing's
     * own rules allow a segment, another module's veto refused them all */
    if (f.why == WHY_NO_FARMER && any_seg_asked(g, p, pig_of(g, p), t, false))
        f.why = CARC_REASON_FORBIDDEN;
    int x, y, S = supply_of(g, p);
    carc__tile_xy(g, t, &x, &y);
    out->reason = f.why ? f.why : CARC_REASON_NOT_OFFERED;
    switch (f.why) {
    case WHY_NO_PIG:
        snprintf(out->message, sizeof out->message, "you have no pig on the board to throw");
        break;
    case WHY_NO_SUPPLY:
        snprintf(out->message, sizeof out->message,
                 "you have no follower in supply: a pig is thrown exactly as many tiles as you "
                 "have followers in supply, so it cannot be thrown now");
        break;
    case WHY_LINE:
        snprintf(out->message, sizeof out->message,
                 "%d,%d is not on a straight %sline from your pig", x, y,
                 carc__rule(g, RULE_DIRECTIONS) == 2 ? "orthogonal or diagonal " : "orthogonal ");
        break;
    case WHY_DISTANCE:
        if (big_in_supply(g, p) && carc__rule(g, RULE_BIG) == 2)
            snprintf(out->message, sizeof out->message,
                     "%d,%d is %d tile%s away: with your big meeple in supply the pig flies "
                     "exactly 1 or 2 tiles",
                     x, y, f.dist, f.dist == 1 ? "" : "s");
        else if (big_in_supply(g, p))
            snprintf(out->message, sizeof out->message,
                     "%d,%d is %d tile%s away: with %d followers in supply, your big meeple "
                     "among them, the pig flies exactly %d or %d tiles",
                     x, y, f.dist, f.dist == 1 ? "" : "s", S, S, S + 1);
        else
            snprintf(out->message, sizeof out->message,
                     "%d,%d is %d tile%s away: with %d follower%s in supply the pig flies "
                     "exactly %d tile%s",
                     x, y, f.dist, f.dist == 1 ? "" : "s", S, S == 1 ? "" : "s", S,
                     S == 1 ? "" : "s");
        break;
    case WHY_OBSTACLE: {
        int bx, by;
        carc__tile_xy(g, f.block, &bx, &by);
        if (f.what == OBS_TOWER)
            snprintf(out->message, sizeof out->message,
                     "the tower at %d,%d (height %d) is in the way: %s", bx, by, tower_h(g, f.block),
                     f.kind == THROW_HIGH ? "a high throw passes a tower only if your followers in "
                                            "supply are at least its height"
                                          : "the pig passes a tower only if you have more "
                                            "followers in supply than its height");
        else
            snprintf(out->message, sizeof out->message,
                     "%s at %d,%d is in the way: only the big meeple's high throw passes it",
                     f.what == OBS_CATHEDRAL ? "the cathedral" : "the City of Carcassonne", bx, by);
        break;
    }
    case WHY_FAIRY:
        snprintf(out->message, sizeof out->message,
                 "%d,%d is the fairy's tile or beside it: no pig may be thrown there", x, y);
        break;
    case WHY_NO_FARMER:
        snprintf(out->message, sizeof out->message,
                 "no field of %d,%d would hold a farmer of yours after the landing: the pig lands "
                 "only in a field where you keep a farmer",
                 x, y);
        break;
    case CARC_REASON_FORBIDDEN:
        snprintf(out->message, sizeof out->message,
                 "a rule of a module in play forbids the pig on %d,%d", x, y);
        break;
    default:
        snprintf(out->message, sizeof out->message, "the pig may not be thrown onto %d,%d", x, y);
        break;
    }
}

/* The first tile a throw of player p's pig could reach by its distance
 * alone (in direction order), or -1. */
static int first_candidate(const carc_game *g, int p)
{
    int pig = pig_of(g, p), S = supply_of(g, p);
    if (pig < 0 || S <= 0) return -1;
    int ox, oy;
    carc__tile_xy(g, carc__figure_tile(g, pig), &ox, &oy);
    int ndir = carc__rule(g, RULE_DIRECTIONS) == 2 ? 8 : 4;
    for (int k = 0; k < 8; k += 8 / ndir)
        for (int d = 1; d <= S + 1; d++) {
            int t = carc__tile_at(g, ox + ux[k] * d, oy + uy[k] * d);
            if (t >= 0 && throw_kinds(g, p, d)) return t;
        }
    return -1;
}

/* Princess & Dragon's fairy refused by B11 (may_move_figure): P&D's explain
 * stood back because its own rule allowed the move. */
static bool explain_fairy(const carc_game *g, const carc_action *a, carc_explanation *out)
{
    const char *own = carc__rule(g, RULE_FAIRY) == 2 ? "" : " (nor onto a pig's own tile: rule "
                                                            "pig_throw_fairy 1)";
    int t = a->kind == PD_ACT_FAIRY_TO ? carc__figure_tile(g, a->arg)
            : a->kind == PD_ACT_FAIRY_TILE ? a->arg
                                           : -1;
    int pig = pig_near_fairy_move(g, t);
    out->reason = WHY_FAIRY;
    if (pig >= 0) {
        int x, y, px, py;
        carc__tile_xy(g, t, &x, &y);
        carc__tile_xy(g, carc__figure_tile(g, pig), &px, &py);
        carc_fig f;
        carc__figure_get(g, pig, &f);
        snprintf(out->message, sizeof out->message,
                 "the fairy may not go to %d,%d: player %d's pig stands %s %d,%d, and the fairy "
                 "never goes onto the 8 tiles around a pig%s",
                 x, y, f.owner, x == px && y == py ? "there," : "beside it, at", px, py, own);
        return true;
    }
    if (a->kind != PD_ACT_FAIRY) return false;
    snprintf(out->message, sizeof out->message,
             "every follower of yours the fairy could join stands beside a pig, and the fairy "
             "never goes onto the 8 tiles around a pig%s",
             own);
    return true;
}

static bool explain(const carc_game *g, const carc_action *a, carc_explanation *out)
{
    const carc_pending *d = carc__decision_pending(g);
    if (d && carc__module_enabled(g, CARC_MODULE_PRINCESS_DRAGON) &&
        (a->kind == PD_ACT_FAIRY || a->kind == PD_ACT_FAIRY_TO || a->kind == PD_ACT_FAIRY_TILE))
        return explain_fairy(g, a, out);
    if (!d || !CARC_KIND_IS_MODULE(a->kind) || CARC_KIND_MODULE(a->kind) != MOD) return false;
    switch (a->kind) {
    case ACT_THROW: {
        if (d->kind != CARC_DECISION_DEPLOY || (d->flags & CARC_PENDING_QUEUED_DEPLOY)) break;
        int t[1];
        out->reason = thrown_now(g) ? WHY_THROWN
                      : pig_of(g, d->player) < 0 ? WHY_NO_PIG
                      : supply_of(g, d->player) <= 0 ? WHY_NO_SUPPLY
                      : landings(g, d->player, t, true) ? CARC_REASON_NOT_OFFERED
                                                        : WHY_NO_LANDING;
        snprintf(out->message, sizeof out->message, "%s",
                 out->reason == WHY_THROWN ? "you have thrown your pig this turn already: one "
                                             "throw per turn, a builder's double turn included"
                 : out->reason == WHY_NO_PIG ? "you have no pig on the board to throw"
                 : out->reason == WHY_NO_SUPPLY
                     ? "you have no follower in supply: the pig flies as many tiles as you have "
                       "followers in supply, so it cannot be thrown"
                     : "no tile your pig could be thrown onto: every one is at the wrong distance, "
                       "behind an obstacle, beside the fairy, without a farmer of yours or "
                       "forbidden by a module in play");
        int c = out->reason == WHY_NO_LANDING ? first_candidate(g, d->player) : -1;
        if (c >= 0) { /* the first tile at the right distance says why */
            carc_explanation e = *out;
            explain_flight(g, d->player, c, &e);
            out->reason = e.reason;
            snprintf(out->message, sizeof out->message, "no throw is possible: %.170s", e.message);
        }
        return true;
    }
    case ACT_THROW_TILE:
        if (d->kind != DEC_TILE) break;
        if (a->arg < 0 || a->arg >= carc__tile_count(g)) return false;
        explain_flight(g, d->player, a->arg, out);
        return true;
    case ACT_THROW_SEG: {
        if (d->kind != DEC_SEG || a->target != d->target) break;
        int x, y;
        carc__tile_xy(g, d->target, &x, &y);
        int why = seg_refusal(g, d->player, d->target, a->arg);
        out->reason = why ? why : CARC_REASON_NOT_OFFERED;
        snprintf(out->message, sizeof out->message,
                 why == WHY_NOT_FIELD ? "the pig lands on a field: choose a field segment of %d,%d"
                 : why == WHY_NO_FARMER
                     ? "you would have no farmer left in that field of %d,%d after the pig "
                       "squashes its segment: choose a field where one of yours stays"
                     : "a rule of a module in play forbids the pig there on %d,%d",
                 x, y);
        return true;
    }
    case ACT_KNOCK:
    case ACT_NO_KNOCK:
        if (d->kind != DEC_KNOCK || a->kind == ACT_NO_KNOCK) break;
        out->reason = WHY_KNOCK;
        snprintf(out->message, sizeof out->message,
                 "a precision throw knocks off the top follower of a lesser tower (your followers "
                 "in supply more than its height) %s: name one, or \"throw high\"",
                 carc__rule(g, RULE_PRECISION) == 2 ? "on the landing tile" : "on the pig's path");
        return true;
    default:
        break;
    }
    out->reason = WHY_NOT_NOW;
    snprintf(out->message, sizeof out->message,
             "that action of pig throwing does not answer the pending decision");
    return true;
}

/* ------------------------------------------------------------ the module */

static const carc_rule_def rules[] = {
    {RULE_DIRECTIONS, "pig_throw_directions", 1, 1, 2}, /* B2: 1 rook, 2 queen            */
    {RULE_CITY, "pig_throw_city", 1, 1, 2},             /* B4: 1 inner tiles, 2 all 12    */
    {RULE_BIG, "pig_throw_big", 1, 1, 2},               /* B5: 1 (A) N or N+1, 2 (B) 1 or 2 */
    {RULE_PRECISION, "pig_throw_precision", 1, 1, 2},   /* B6: 1 the path, 2 the landing  */
    {RULE_FARMER, "pig_throw_farmer", 1, 1, 2},         /* B7: 1 after the squash, 2 before */
    {RULE_REMOVED, "pig_throw_removed", 1, 1, 2},       /* B9: 1 for good, 2 to supply    */
    {RULE_FAIRY, "pig_throw_fairy", 1, 1, 2},           /* B11: 1 not the pig's tile, 2 may */
};

const carc_module_def carc__module_pig_throwing = {
    .id = MOD,
    .name = "pig_throwing",
    .rules = rules,
    .nrules = sizeof rules / sizeof rules[0],
    .requires = 1ull << CARC_MODULE_TRADERS_BUILDERS,
    .uses = (1ull << CARC_MODULE_INNS_CATHEDRALS) | (1ull << CARC_MODULE_TOWER) |
            (1ull << CARC_MODULE_COUNT) | (1ull << CARC_MODULE_PRINCESS_DRAGON),
    .state_size = state_size,
    .state_check = state_check,
    .decisions_per_tile = 3, /* the landing tile, its segment, the knock-off */
    .max_pending = 2,        /* one follow-up at a time (2 reserved)          */
    .setup = setup,
    .decision_actions = decision_actions,
    .decision_apply = decision_apply,
    .actions = actions,
    .nactions = sizeof actions / sizeof actions[0],
    .deploy_actions = deploy_actions,
    .may_move_figure = may_move_figure,
    .explain = explain,
};
