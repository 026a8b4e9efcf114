/* Abbey & Mayor (../shared/rules/expansions.md §5, §8; doc/rules.md,
 * "Abbey & Mayor"): 12 land tiles and one abbey per player (tiles.def), the
 * mayor, the wagon and the barn.
 *
 *  - abbey: in the DRAW step, before the core draws, a player still holding
 *    an abbey may play it instead of drawing (decision "abbey" / pass),
 *    offered only when a hole exists: an empty cell with placed tiles on all
 *    four sides (a placement veto keeps it out of every other cell).  Its
 *    edges are wildcards (the platform closes the features beside it); it is
 *    a monastery.  After the last tile, END_PHASE: every player still
 *    holding one may play it, clockwise from the player after the one who
 *    laid the last tile (carc__turn_start); a player with no hole passes.
 *  - mayor: a follower only for cities; its majority strength is the number
 *    of pennants in its city when the city is scored (a strength hook).
 *  - wagon: a follower for roads, cities and monasteries.  When its feature
 *    is scored and it goes home, its owner may move it on (AFTER_SCORING, in
 *    turn order from the current player): first the tile ("wagon X,Y"), then
 *    the segment ("wagon X,Y road N"), or pass.  Targets: an incomplete
 *    road (a bridge's too: segment nseg of its tile), city or monastery
 *    nobody occupies; rule am_wagon_move says which are adjacent (2: on the
 *    wagon's tile or the 8 around it; 1: joined to the scored feature on one
 *    of its tiles by JCloisterZone's wagon-move groups, a bridge when its
 *    road is).
 *  - barn: not a follower.  Instead of a deployment, on a corner of the tile
 *    just laid where four placed tiles meet and all four quarters are one
 *    field ("barn ne" ...): it stands on the field segment of the tile just
 *    laid at that corner, the corner kept in the figure's state byte
 *    (1 + corner, NE SE SW NW).  BEFORE_SCORING: farmers in a field that
 *    just got a barn score 3 per completed city (the normal field score) and
 *    go home; farmers whose field joined a field that already had a barn
 *    score 1 per completed city and go home.  No follower may be deployed
 *    into a field with a barn.  FINAL_SCORING: in each field with barns,
 *    the players with most barns score 4 per completed city.  A city
 *    worth more to farmers (a castle: feat_eval.city_bonus) is worth that
 *    much more at every one of these rates. */
#include "abbey_mayor.h"

#include <stdio.h>
#include <string.h>

#include "tiles_gen.h"

#define MOD CARC_MODULE_ABBEY_MAYOR
#define RULE_WAGON_MOVE 16
#define RULE_BARN_PLACEMENT 17

#define DEC_ABBEY CARC_MODULE_KIND(MOD, 0)
#define DEC_FINAL_ABBEY CARC_MODULE_KIND(MOD, 1)
#define DEC_WAGON CARC_MODULE_KIND(MOD, 2)
#define DEC_WAGON_SEG CARC_MODULE_KIND(MOD, 3)

#define ACT_ABBEY CARC_MODULE_KIND(MOD, 0)
#define ACT_WAGON_TILE CARC_MODULE_KIND(MOD, 1)
#define ACT_WAGON_SEG CARC_MODULE_KIND(MOD, 2)
#define ACT_BARN CARC_MODULE_KIND(MOD, 3)

#define REASON_BARN CARC_MODULE_KIND(MOD, 0)
#define REASON_BARN_JOINED CARC_MODULE_KIND(MOD, 1)
#define REASON_BARN_FINAL CARC_MODULE_KIND(MOD, 2)

#define CAUSE_WAGON CARC_MODULE_KIND(MOD, 0)

#define VERB_ABBEY CARC_VERB_ID(MOD, 0)
#define VERB_BARN CARC_VERB_ID(MOD, 1) /* + corner 0..3: NE SE SW NW */

#define WAGON_SEG_ID(s) (CARC_ID_KIND_SEG + CARC_FIGURE_WAGON * CARC_MAX_SEGMENTS + (s))

/* JCloisterZone's wagon-move groups (rule am_wagon_move 1): segments of one
 * tile joined for the wagon, as segment bit sets of our tiles.def lines.
 * Source: farin/JCloisterZone-Client src/extraResources/expansions/
 * basic.xml and abbey_and_mayor.xml (`wagon-move` / `<neighbouring>`). */
#define NGROUP_TILES 9
static const struct {
    const char *tile;
    uint32_t groups[4];
} wagon_groups[NGROUP_TILES] = {
    {"A", {0x3}},                          /* monastery + road S            */
    {"L", {0xE}},                          /* roads E, S, W                 */
    {"S", {0x3}},                          /* city + road S                 */
    {"T", {0x3}},                          /* city + road S                 */
    {"W", {0x7}},                          /* roads E, S, W                 */
    {"X", {0xF}},                          /* the four roads                */
    {"AM_CCRR", {0x5, 0xA}},               /* city N + road E; city W + road S */
    {"AM_LRRRR", {0x3, 0x5, 0x9, 0x11}},   /* the monastery + each road     */
    {"AM_RC", {0x3}},                      /* city N + road W               */
};

typedef struct am_wagon {
    int16_t tile;  /* where it stood when its feature was scored */
    int16_t root;  /* the scored feature */
    uint8_t seg;
    uint8_t live;  /* waiting for its owner's choice */
} am_wagon;

typedef struct am_state {
    int16_t abbey_type;
    int16_t group_type[NGROUP_TILES]; /* wagon_groups' tile types (-1: absent) */
    int16_t new_barn;                 /* barn figure placed this part, or -1 */
    int16_t hole_east;                /* a hole known while an abbey is held:
                                         the placed tile east of it (the hole
                                         is the cell west of that tile), or
                                         -1 (none known: offer_abbey walks
                                         the open cells) */
    uint8_t abbeys[CARC_MAX_PLAYERS]; /* abbeys still held */
    int8_t final_base;                /* end phase: the first player asked */
    uint8_t final_next;               /* end phase: players asked so far */
    int8_t final_choice;              /* end phase: -1 none, 0 pass, 1 abbey */
    uint8_t barns_on_board;
    uint8_t abbeys_held;              /* the abbeys[] summed: the holes are kept
                                         up to date while it is nonzero (nobody
                                         asks them after the last abbey) */
    uint8_t wagons_pending;
    uint16_t holes;                   /* empty cells with 4 placed neighbours */
    int16_t barn_fig[CARC_MAX_PLAYERS]; /* each player's barn figure */
    am_wagon wagon[CARC_MAX_PLAYERS];
} am_state;

/* the kinds, in this order (kinds[K_MAYOR] ...); `features`: the mayor
 * claims only cities, the wagon roads, cities and monasteries (never a
 * field): the rule deploy_allowed applies, and the Count's quarters read */
enum { K_MAYOR, K_WAGON, K_BARN };
static const carc_kind_def kinds[] = {
    [K_MAYOR] = {CARC_FIGURE_MAYOR,
                 CARC_CLASS_FOLLOWER | CARC_CLASS_MEEPLE | CARC_CLASS_EATABLE |
                     CARC_CLASS_CAPTURABLE,
                 1,
                 {0, 0, 1, 1, 1, 1, 1},
                 1u << CARC_FEATURE_CITY},
    [K_WAGON] = {CARC_FIGURE_WAGON,
                 CARC_CLASS_FOLLOWER | CARC_CLASS_MEEPLE | CARC_CLASS_EATABLE |
                     CARC_CLASS_CAPTURABLE,
                 1,
                 {0, 0, 1, 1, 1, 1, 1},
                 1u << CARC_FEATURE_ROAD | 1u << CARC_FEATURE_CITY | 1u << CARC_FEATURE_MONASTERY},
    [K_BARN] = {CARC_FIGURE_BARN, 0, 0, {0, 0, 1, 1, 1, 1, 1}, 0},
};

static const carc_rule_def rules[] = {
    /* 2: any feature on the wagon's tile or the 8 around it (2nd edition,
     * JCloisterZone's default C2); 1: joined by wagon-move groups (C1) */
    {RULE_WAGON_MOVE, "am_wagon_move", 2, 1, 2},
    /* 1: a barn only into a field without a barn (JCZ not-occupied); 2: also
     * into a field that has one (JCZ occupied) */
    {RULE_BARN_PLACEMENT, "am_barn_placement", 1, 1, 2},
};

static const int DX[4] = {0, 1, 0, -1}, DY[4] = {-1, 0, 1, 0};

static bool is_hole(const carc_game *g, int x, int y)
{
    if (carc__tile_at(g, x, y) >= 0) return false;
    for (int d = 0; d < 4; d++)
        if (carc__tile_at(g, x + DX[d], y + DY[d]) < 0) return false;
    return true;
}

/* every hole of the board, each found once: from the tile east of it;
 * *east: the tile east of the first one, or -1 */
static int count_holes(const carc_game *g, int *east)
{
    int n = 0;
    *east = -1;
    for (int t = 0; t < carc__tile_count(g); t++) {
        int x, y;
        carc__tile_xy(g, t, &x, &y);
        if (!is_hole(g, x - 1, y)) continue;
        if (!n++) *east = t;
    }
    return n;
}

static size_t state_size(const carc_options *o)
{
    (void)o;
    return sizeof(am_state);
}

static am_state *st(carc_game *g) { return carc__mod_state(g, MOD); }
static const am_state *cst(const carc_game *g) { return carc__mod_cstate(g, MOD); }

int carc__abbey_mayor_abbeys(const carc_game *g, int player)
{
    if (!g || !carc__module_enabled(g, MOD) || player < 0 || player >= carc__players(g)) return 0;
    return cst(g)->abbeys[player];
}

/* carc_game_tokens(game, player, CARC_TOKEN_ABBEY) */
static int tokens(const carc_game *g, int player, int kind)
{
    return kind == CARC_TOKEN_ABBEY ? carc__abbey_mayor_abbeys(g, player) : 0;
}

static void setup(carc_game *g)
{
    am_state *s = st(g);
    /* the abbey: this set's tile with the @abbey tag (no name lookups:
     * a game is created often) */
    s->abbey_type = -1;
    for (int t = 0; t < carc__ntypes && s->abbey_type < 0; t++)
        if ((carc__types[t].tags & CARC_TTAG_ABBEY) && carc__types[t].held &&
            strcmp(carc__types[t].module, "abbey_mayor") == 0)
            s->abbey_type = (int16_t)t;
    for (int i = 0; i < NGROUP_TILES; i++) {
        int t = carc__rule(g, RULE_WAGON_MOVE) == 1 ? carc_tile_by_name(wagon_groups[i].tile) : -1;
        s->group_type[i] = (int16_t)(t >= 0 ? t : -1);
    }
    for (int p = 0; p < carc__players(g); p++) {
        s->abbeys[p] = 1;
        s->abbeys_held++;
        s->barn_fig[p] = (int16_t)carc__figure_in_supply(g, p, CARC_FIGURE_BARN);
    }
    s->new_barn = -1;
    s->final_base = -1;
    s->final_choice = -1;
    int east;
    s->holes = (uint16_t)count_holes(g, &east);
    s->hole_east = (int16_t)east;
}


/* state_check (snapshots): the tile types setup found, the barn figures,
 * the wagons waiting to move, the end phase's counters, and this module's
 * decisions in the queue (a player; a wagon's target tile). */
static bool state_check(const carc_game *g, const carc_pending *queue, int n)
{
    const am_state *s = cst(g);
    int np = carc__players(g), nf = carc__figure_count(g), nt = carc__tile_count(g);
    if (s->abbey_type < -1 || s->abbey_type >= carc__ntypes || s->new_barn < -1 ||
        s->new_barn >= nf || s->final_base < -1 || s->final_base >= np || s->final_next > np ||
        s->final_choice < -1 || s->final_choice > 1 || s->wagons_pending > 1 ||
        s->barns_on_board > nf)
        return false;
    int held = 0;
    for (int p = 0; p < CARC_MAX_PLAYERS; p++) held += s->abbeys[p];
    if (s->abbeys_held != held) return false;
    /* the known hole: only while an abbey is held.  Only range-checked: it
     * is a hint (abbey_placeable asks its cell first, the walk when that
     * says no: the same answer for any tile), and between a placement and
     * its BEFORE_SCORING it may name the cell just filled */
    if (s->hole_east < -1 || s->hole_east >= nt || (s->hole_east >= 0 && !s->abbeys_held))
        return false;
    for (int i = 0; i < NGROUP_TILES; i++)
        if (s->group_type[i] < -1 || s->group_type[i] >= carc__ntypes) return false;
    for (int p = 0; p < CARC_MAX_PLAYERS; p++) {
        const am_wagon *w = &s->wagon[p];
        if (p >= np && (s->barn_fig[p] || s->abbeys[p] || w->live)) return false;
        if (p < np && (s->barn_fig[p] < -1 || s->barn_fig[p] >= nf)) return false;
        if (w->live > 1 || (w->live && (w->tile < 0 || w->tile >= nt ||
                                         w->seg > carc__types[carc__tile_type(g, w->tile)].nseg)))
            return false;
    }
    for (int i = 0; i < n; i++) {
        const carc_pending *p = &queue[i];
        if (p->owner != MOD) continue;
        if (p->player < 0) return false;
        switch (p->kind) {
        case DEC_ABBEY:
        case DEC_FINAL_ABBEY:
        case DEC_WAGON:
            break;
        case DEC_WAGON_SEG:
            if (p->target < 0 || p->target >= nt) return false;
            break;
        default:
            return false;
        }
    }
    return true;
}

static int seg_kind(const carc_game *g, int tile, int seg)
{
    const tile_type *ty = &carc__types[carc__tile_type(g, tile)];
    /* segment nseg: a road laid over the tile (a bridge) */
    return seg < ty->nseg ? ty->seg[seg].kind : CARC_FEATURE_ROAD;
}

/* segments of placed tile u a figure may name: its type's, and a road
 * laid over it (a bridge: segment nseg, when it has one) */
static int tile_segs(const carc_game *g, int u)
{
    int n = carc__types[carc__tile_type(g, u)].nseg;
    return n + (carc__segment_root(g, u, n) >= 0);
}

/* the barn on field root `root` other than figure `except`, or -1 */
static int barn_in(const carc_game *g, int root, int except)
{
    const am_state *s = cst(g);
    if (!s->barns_on_board) return -1;
    for (int p = 0; p < carc__players(g); p++) {
        int i = s->barn_fig[p];
        if (i < 0 || i == except) continue;
        /* on a segment of that feature (carc__figure_root: -1 elsewhere) */
        int r = carc__figure_root(g, i);
        if (r >= 0 && r == root) return i;
    }
    return -1;
}

/* Corner c (0 NE, 1 SE, 2 SW, 3 NW) of a tile as its two board half-edges
 * (Nw Ne En Es Se Sw Ws Wn = 0..7). */
static const int CORNER_HALF[4][2] = {{1, 2}, {3, 4}, {5, 6}, {7, 0}};

/* The field segment of tile type `type` turned rot covering both
 * half-edges of board corner c, or -1. */
static int corner_field_of(int type, int rot, int c)
{
    const tile_type *ty = &carc__types[type];
    int a = ty->half_seg[rot][CORNER_HALF[c][0]], b = ty->half_seg[rot][CORNER_HALF[c][1]];
    if (a == NO_SEG || a != b || ty->seg[a].kind != CARC_FEATURE_FIELD) return -1;
    return a;
}

/* The field segment of placed tile t covering both half-edges of board
 * corner c, or -1 (t's record read once). */
static int corner_field(const carc_game *g, int t, int c)
{
    const char *r = carc__tile_rec(g, t);
    if (!r) return -1;
    uint16_t type;
    memcpy(&type, r + CARC__TILE_TYPE, sizeof type);
    return corner_field_of(type, (uint8_t)r[CARC__TILE_ROT], c);
}

/* May a barn stand at corner c of placed tile t?  Four placed tiles meet
 * there and each one's quarter at that corner is one field.  Returns the
 * field segment of t, or -1.  The tile's own quarter first (it refuses
 * most corners), then the other three, the board window read once. */
static int barn_corner(const carc_game *g, int t, int c)
{
    int seg = corner_field(g, t, c);
    if (seg < 0) return -1;
    int x, y;
    carc__tile_xy(g, t, &x, &y);
    int dx = (c == 0 || c == 1) ? 1 : -1, dy = (c == 0 || c == 3) ? -1 : 1;
    const carc_grid v = carc__grid(g);
    int side = carc__grid_at(&v, x + dx, y);
    if (side < 0 || corner_field(g, side, 3 - c) < 0) return -1;
    int vert = carc__grid_at(&v, x, y + dy);
    if (vert < 0 || corner_field(g, vert, c ^ 1) < 0) return -1;
    int diag = carc__grid_at(&v, x + dx, y + dy);
    if (diag < 0 || corner_field(g, diag, (c + 2) & 3) < 0) return -1;
    return seg;
}

/* The corners c of placed tile t where barn_corner(g, t, c) >= 0, a bit
 * each: t's record and the board window read once, t's own quarters first
 * (they refuse most corners). */
static unsigned barn_corners(const carc_game *g, int t)
{
    const char *r = carc__tile_rec(g, t);
    if (!r) return 0;
    uint16_t type;
    int16_t x, y;
    memcpy(&type, r + CARC__TILE_TYPE, sizeof type);
    memcpy(&x, r + CARC__TILE_X, sizeof x);
    memcpy(&y, r + CARC__TILE_Y, sizeof y);
    const tile_type *ty = &carc__types[type];
    const uint8_t *hs = ty->half_seg[(uint8_t)r[CARC__TILE_ROT]];
    unsigned own = 0, ok = 0;
    /* corner_field_of(type, rot, c) >= 0 for the four corners, the
     * half-edges read once (corner c: halves 2c + 1 and 2c + 2 mod 8) */
    for (int c = 0; c < 4; c++) {
        const int a = hs[2 * c + 1];
        if (a != NO_SEG && a == hs[(2 * c + 2) & 7] && ty->seg[a].kind == CARC_FEATURE_FIELD)
            own |= 1u << c;
    }
    if (!own) return 0;
    const carc_grid v = carc__grid(g);
    for (; own; own &= own - 1) {
        int c = __builtin_ctz(own);
        int dx = (c == 0 || c == 1) ? 1 : -1, dy = (c == 0 || c == 3) ? -1 : 1;
        int side = carc__grid_at(&v, x + dx, y);
        if (side < 0 || corner_field(g, side, 3 - c) < 0) continue;
        int vert = carc__grid_at(&v, x, y + dy);
        if (vert < 0 || corner_field(g, vert, c ^ 1) < 0) continue;
        int diag = carc__grid_at(&v, x + dx, y + dy);
        if (diag < 0 || corner_field(g, diag, (c + 2) & 3) < 0) continue;
        ok |= 1u << c;
    }
    return ok;
}

/* barn_ok's tests after the corner's (barn_corner said seg) */
/* carc__figure_in_supply(g, player, CARC_FIGURE_BARN)'s answer: the
 * player's barn (barn_fig: the kinds give each player one) when it is in
 * supply, else asked */
static int barn_in_supply(const carc_game *g, int player)
{
    int f = cst(g)->barn_fig[player];
    carc_fig b;
    if (f >= 0) carc__figure_get(g, f, &b);
    if (f < 0 || b.kind != CARC_FIGURE_BARN || b.owner != player || b.where != CARC_PLACE_SUPPLY)
        f = carc__figure_in_supply(g, player, CARC_FIGURE_BARN);
    return f;
}

static bool barn_allowed(const carc_game *g, int player, int t, int seg)
{
    if (carc__rule(g, RULE_BARN_PLACEMENT) != 2 && barn_in(g, carc__segment_root(g, t, seg), -1) >= 0)
        return false;
    int f = barn_in_supply(g, player);
    return f >= 0 && carc__figure_may_move(g, f, CARC_PLACE_SEGMENT, t, 0, CARC_CAUSE_DEPLOY);
}

static bool barn_ok(const carc_game *g, int player, int t, int c, int *seg_out)
{
    int seg = barn_corner(g, t, c);
    if (seg < 0 || !barn_allowed(g, player, t, seg)) return false;
    if (seg_out) *seg_out = seg;
    return true;
}

/* figure geometry (doc/geometry.md): a barn stands on the corner of its
 * tile where the four tiles meet (its state byte: 1 + corner, NE SE SW NW) */
static bool figure_spot(const carc_game *g, int fig, carc_spot *spot)
{
    static const int16_t cx[4] = {90, 90, 0, 0}, cy[4] = {0, 90, 90, 0};
    carc_fig f;
    carc__figure_get(g, fig, &f);
    if (f.kind != CARC_FIGURE_BARN || f.where != CARC_PLACE_SEGMENT || f.state < 1 || f.state > 4)
        return false;
    spot->x = cx[f.state - 1];
    spot->y = cy[f.state - 1];
    return true;
}

/* ------------------------------------------------------------- wagons */

static bool c1_linked(const carc_game *g, int type, int a, int b)
{
    const am_state *s = cst(g);
    for (int i = 0; i < NGROUP_TILES; i++) {
        if (s->group_type[i] != type) continue;
        for (int k = 0; k < 4; k++) {
            uint32_t m = wagon_groups[i].groups[k];
            if ((m >> a & 1) && (m >> b & 1)) return true;
        }
    }
    return false;
}

/* Rule 1: is segment seg of placed tile u joined to the wagon's scored
 * feature by u's wagon-move groups? */
static bool c1_adjacent(const carc_game *g, const am_wagon *w, int u, int seg)
{
    int type = carc__tile_type(g, u), n = carc__types[type].nseg;
    for (int s0 = 0; s0 < n; s0++)
        if (s0 != seg && carc__segment_root(g, u, s0) == w->root && c1_linked(g, type, s0, seg))
            return true;
    return false;
}

/* Rule 1, a bridge (the road laid over a tile, segment nseg): the groups
 * know no bridges; the bridge is adjacent when its road is: when a segment
 * of that road on some tile is joined to the scored feature by the groups
 * (JCloisterZone offers that road, of which the bridge is a part; doc/
 * rules.md, "A wagon onto a bridge").  Only the tiles of grouped types. */
static bool c1_bridge_adjacent(const carc_game *g, const am_wagon *w, int root)
{
    const am_state *s = cst(g);
    for (int v = 0; v < carc__tile_count(g); v++) {
        int type = carc__tile_type(g, v), i;
        for (i = 0; i < NGROUP_TILES && s->group_type[i] != type; i++) {}
        if (i == NGROUP_TILES) continue;
        int n = carc__types[type].nseg;
        for (int s1 = 0; s1 < n; s1++)
            if (carc__segment_root(g, v, s1) == root && c1_adjacent(g, w, v, s1)) return true;
    }
    return false;
}

/* Is segment seg of placed tile u adjacent to player p's scored wagon? */
static bool wagon_adjacent(const carc_game *g, const am_wagon *w, int u, int seg)
{
    if (carc__rule(g, RULE_WAGON_MOVE) == 1) {
        if (seg == carc__types[carc__tile_type(g, u)].nseg)
            return c1_bridge_adjacent(g, w, carc__segment_root(g, u, seg));
        return c1_adjacent(g, w, u, seg);
    }
    int x0, y0, x, y;
    carc__tile_xy(g, w->tile, &x0, &y0);
    carc__tile_xy(g, u, &x, &y);
    return x - x0 >= -1 && x - x0 <= 1 && y - y0 >= -1 && y - y0 <= 1;
}

/* The segments of placed tile u a wagon may name by their kind: roads,
 * cities (rc_segs), monasteries (mon_segs) and a road laid over the tile
 * (segment nseg, a bridge, when it has one): the segments s < tile_segs()
 * with seg_kind() a road, city or monastery. */
static uint32_t wagon_kinds(const carc_game *g, int u)
{
    const char *r = carc__tile_rec(g, u);
    if (!r) return 0;
    uint16_t type, over;
    memcpy(&type, r + CARC__TILE_TYPE, sizeof type);
    memcpy(&over, r + CARC__TILE_OVERLAY, sizeof over);
    const tile_type *ty = &carc__types[type];
    uint32_t m = (uint32_t)(ty->rc_segs | ty->mon_segs);
    /* segment nseg names the road laid over the tile (carc__segment_root) */
    if (over != CARC__NO_OVERLAY) m |= 1u << ty->nseg;
    return m;
}

/* wagon_target's tests past the segment's kind (u a placed tile, seg one
 * of wagon_kinds(g, u)).  *fig: the player's wagon in supply, looked up at
 * the first question that needs it (WAGON_UNASKED before: one walk of the
 * figures per listing) */
#define WAGON_UNASKED (-2)
static bool wagon_claim(const carc_game *g, int p, const am_wagon *w, int u, int seg, int *fig)
{
    int root = carc__segment_root(g, u, seg);
    /* (carc__segment_claimable's answer follows: a road, city or monastery
     * is claimable, nobody holds it, and it is not flagged complete) */
    if (root == w->root || carc__root_followers_in(g, root) > 0 || carc__root_complete(g, root))
        return false;
    if (!wagon_adjacent(g, w, u, seg) ||
        !carc__segment_may_deploy(g, p, CARC_FIGURE_WAGON, u, seg, CAUSE_WAGON))
        return false;
    if (*fig == WAGON_UNASKED) *fig = carc__figure_in_supply(g, p, CARC_FIGURE_WAGON);
    return *fig >= 0 && carc__figure_may_move(g, *fig, CARC_PLACE_SEGMENT, u, 0, CAUSE_WAGON);
}

static bool wagon_target(const carc_game *g, int p, int u, int seg)
{
    const am_wagon *w = &cst(g)->wagon[p];
    if (!w->live || u < 0 || u >= carc__tile_count(g)) return false;
    if (seg < 0 || seg >= 32 || !(wagon_kinds(g, u) >> seg & 1)) return false;
    int fig = WAGON_UNASKED;
    return wagon_claim(g, p, w, u, seg, &fig);
}

/* Has tile u a target (wagon_target for some segment)?  The segments of
 * the right kinds only, the tile's type read once. */
static bool wagon_tile_ok(const carc_game *g, int p, int u, int *fig)
{
    const am_wagon *w = &cst(g)->wagon[p];
    if (!w->live) return false;
    for (uint32_t m = wagon_kinds(g, u); m; m &= m - 1)
        if (wagon_claim(g, p, w, u, __builtin_ctz(m), fig)) return true;
    return false;
}

/* Tiles holding a target for player p's wagon, ascending; count returned. */
static int wagon_tiles(const carc_game *g, int p, int16_t *out, int cap)
{
    const am_wagon *w = &cst(g)->wagon[p];
    int n = 0, fig = WAGON_UNASKED;
    if (!w->live) return 0;
    if (carc__rule(g, RULE_WAGON_MOVE) == 1) {
        /* n == cap: nothing more is kept (the same out[] and count) */
        for (int u = 0; u < carc__tile_count(g) && n < cap; u++)
            if (wagon_tile_ok(g, p, u, &fig)) out[n++] = (int16_t)u;
        return n;
    }
    int x0, y0;
    carc__tile_xy(g, w->tile, &x0, &y0);
    const carc_grid v = carc__grid(g); /* nothing is placed during the walk */
    for (int dy = -1; dy <= 1 && n < cap; dy++)
        for (int dx = -1; dx <= 1 && n < cap; dx++) {
            int u = carc__grid_at(&v, x0 + dx, y0 + dy);
            if (u >= 0 && wagon_tile_ok(g, p, u, &fig)) out[n++] = (int16_t)u;
        }
    for (int i = 1; i < n; i++) /* ascending tile order */
        for (int j = i; j > 0 && out[j - 1] > out[j]; j--) {
            int16_t tmp = out[j];
            out[j] = out[j - 1];
            out[j - 1] = tmp;
        }
    return n;
}

/* ------------------------------------------------------------- vetoes */

static bool may_place_tile(const carc_game *g, int type, int x, int y, int rot)
{
    if (type != cst(g)->abbey_type) return true;
    return rot == 0 && is_hole(g, x, y); /* the abbey looks the same every way */
}

/* may_place_tile for every rotation of a cell at once: the abbey turned
 * r0 into a hole, every other tile anywhere */
static unsigned place_rots(const carc_game *g, int type, int x, int y, unsigned rots)
{
    if (type != cst(g)->abbey_type) return rots;
    if (!(rots & 1u)) return 0;
    /* is_hole with the board window read once (a walk of five cells);
     * the cell and its four neighbours inside the window (nearly always:
     * the cell is an open one) each read at its offset */
    const carc_grid v = carc__grid(g);
    uint32_t ux = (uint32_t)x - (uint32_t)v.x0, uy = (uint32_t)y - (uint32_t)v.y0;
    if (ux - 1u < v.w - 2u && uy - 1u < v.h - 2u && v.w > 2u && v.h > 2u) {
        const char *c = v.cells + ((size_t)uy * v.w + ux) * sizeof(int16_t);
        const ptrdiff_t row = (ptrdiff_t)v.w * (ptrdiff_t)sizeof(int16_t);
        int16_t k, n, e, so, w;
        memcpy(&k, c, sizeof k);
        memcpy(&n, c - row, sizeof n);
        memcpy(&e, c + sizeof(int16_t), sizeof e);
        memcpy(&so, c + row, sizeof so);
        memcpy(&w, c - sizeof(int16_t), sizeof w);
        return k < 0 && n >= 0 && e >= 0 && so >= 0 && w >= 0;
    }
    if (carc__grid_at(&v, x, y) >= 0) return 0;
    for (int d = 0; d < 4; d++)
        if (carc__grid_at(&v, x + DX[d], y + DY[d]) < 0) return 0;
    return 1u;
}

/* may_deploy while a barn stands, out of line: the usual answer (no barn
 * on the board) is a leaf's */
static __attribute__((noinline)) bool may_deploy_barns(const carc_game *g, int kind, int tile,
                                                       int seg)
{
    /* a field with a barn (barn_in: two figure records), then the kind */
    if (seg_kind(g, tile, seg) != CARC_FEATURE_FIELD ||
        barn_in(g, carc__segment_root(g, tile, seg), -1) < 0)
        return true;
    return !(carc__figure_kind_classes(g, kind) & CARC_CLASS_FOLLOWER);
}

/* no follower into a field with a barn (for any cause) */
static bool may_deploy(const carc_game *g, int player, int kind, int tile, int seg, int cause)
{
    (void)player;
    (void)cause;
    return !cst(g)->barns_on_board || may_deploy_barns(g, kind, tile, seg);
}

/* the kinds' own rule; the core has checked that the feature may be
 * claimed (both are followers) */
static bool deploy_allowed(const carc_game *g, int player, int kind, int tile, int seg, int cause)
{
    (void)player;
    (void)cause;
    int k = seg_kind(g, tile, seg);
    switch (kind) {
    case CARC_FIGURE_MAYOR:
        return kinds[K_MAYOR].features >> k & 1u;
    case CARC_FIGURE_WAGON:
        return kinds[K_WAGON].features >> k & 1u;
    default:
        return false; /* the barn: a verb at the deployment */
    }
}

/* deploy_allowed for segments 0..nseg-1 at once (lib/module.h): the
 * tile's type read once; the kinds' `features` as masks of the type's
 * segments (test_action_legal.c compares the two) */
static uint32_t deploy_segs(const carc_game *g, int player, int kind, int tile, int nseg,
                            int cause)
{
    (void)player;
    (void)cause;
    if (kind != CARC_FIGURE_MAYOR && kind != CARC_FIGURE_WAGON) return 0; /* the barn: a verb */
    const tile_type *ty = &carc__types[carc__tile_type(g, tile)];
    const int n = nseg < ty->nseg ? nseg : ty->nseg;
    const uint32_t low = n < 32 ? (1u << n) - 1u : ~0u;
    if (kind == CARC_FIGURE_WAGON) {
        /* roads, cities (rc_segs) and monasteries (mon_segs); a segment
         * past the type's is a road laid over the tile (seg_kind) */
        uint32_t m = (uint32_t)(ty->rc_segs | ty->mon_segs) & low;
        for (int s = n; s < nseg && s < 32; s++) m |= 1u << s;
        return m;
    }
    /* the mayor: the cities among the roads and cities */
    uint32_t m = 0;
    for (uint32_t r = (uint32_t)ty->rc_segs & low; r; r &= r - 1) {
        int s = __builtin_ctz(r);
        if (ty->seg[s].kind == CARC_FEATURE_CITY) m |= 1u << s;
    }
    return m;
}

static int strength(const carc_game *g, int fig)
{
    carc_fig f;
    carc__figure_get(g, fig, &f);
    if (f.kind != CARC_FIGURE_MAYOR || f.where != CARC_PLACE_SEGMENT) return -1;
    return carc__root_pennants(g, carc__segment_root(g, f.tile, f.segment));
}

/* ------------------------------------------------------- explaining */

/* Its reasons for carc_game_explain (doc/rules.md, "Abbey & Mayor"). */
#define WHY_NOT_HOLE CARC_MODULE_KIND(MOD, 0)   /* the abbey outside a hole */
#define WHY_BARN_FIELD CARC_MODULE_KIND(MOD, 1) /* a follower into a barn's field */
#define WHY_MAYOR CARC_MODULE_KIND(MOD, 2)      /* a mayor off a city */
#define WHY_WAGON CARC_MODULE_KIND(MOD, 3)      /* a wagon on a field, or no target */
#define WHY_BARN CARC_MODULE_KIND(MOD, 4)       /* no barn at that corner */

static bool why(carc_explanation *out, int reason, const char *msg)
{
    out->reason = reason;
    snprintf(out->message, sizeof out->message, "%s", msg);
    return true;
}

static bool explain(const carc_game *g, const carc_action *a, carc_explanation *out)
{
    const carc_pending *d = carc__decision_pending(g);
    if (!d) return false;
    int type = carc__tile_in_hand(g);
    if (d->kind == CARC_DECISION_PLACE && a->kind == CARC_ACTION_PLACE &&
        type == cst(g)->abbey_type && a->rotation >= 0 && a->rotation <= 3 &&
        !may_place_tile(g, type, a->x, a->y, a->rotation))
        return why(out, WHY_NOT_HOLE,
                   a->rotation ? "the abbey is laid turned r0 (it looks the same every way)"
                               : "the abbey goes only into a hole: an empty cell with tiles on "
                                 "all four sides");
    if (a->kind == ACT_BARN)
        return why(out, WHY_BARN,
                   "a barn goes on a corner of the tile just laid where four tiles meet and "
                   "all four quarters are one field without a barn, instead of a follower");
    if (a->kind == ACT_WAGON_TILE || a->kind == ACT_WAGON_SEG)
        return why(out, WHY_WAGON,
                   "the wagon moves only onto a road, city or monastery next to it that is "
                   "incomplete and holds no follower (rule am_wagon_move)");
    int t = d->kind == CARC_DECISION_DEPLOY ? d->target : -1;
    if (t < 0 || a->kind != CARC_ACTION_DEPLOY || a->segment < 0 ||
        a->segment >= tile_segs(g, t) || a->figure < 0 ||
        a->figure >= CARC_FIGURE_KINDS)
        return false;
    int k = seg_kind(g, t, a->segment);
    if (a->figure == CARC_FIGURE_MAYOR && k != CARC_FEATURE_CITY)
        return why(out, WHY_MAYOR, "a mayor stands only in a city");
    if (a->figure == CARC_FIGURE_WAGON && k != CARC_FEATURE_ROAD && k != CARC_FEATURE_CITY &&
        k != CARC_FEATURE_MONASTERY)
        return why(out, WHY_WAGON, "a wagon stands only on a road, a city or a monastery");
    if (a->figure == CARC_FIGURE_BARN)
        return why(out, WHY_BARN, "a barn is placed with 'barn ne', 'se', 'sw' or 'nw'");
    if (!may_deploy(g, d->player, a->figure, t, a->segment, CARC_CAUSE_DEPLOY))
        return why(out, WHY_BARN_FIELD, "a barn stands in this field: no farmer may join it");
    return false; /* occupied and the like: the core says so */
}

/* ------------------------------------------------------------- steps */

/* Is cell (x + dx, y + dy) placed?  near: the 5 x 5 cells around (x, y)
 * lie inside the board window and c is (x, y)'s cell, so the cell is read
 * at its offset (one load); else carc__grid_at. */
static inline __attribute__((always_inline)) bool placed_near(const carc_grid *v, const char *c,
                                                              bool near, int x, int y, int dx,
                                                              int dy)
{
    if (!near) return carc__grid_at(v, x + dx, y + dy) >= 0;
    int16_t k;
    memcpy(&k, c + ((ptrdiff_t)dy * (ptrdiff_t)v->w + dx) * (ptrdiff_t)sizeof k, sizeof k);
    return k >= 0;
}

/* track_holes' change: bit d (0..3, N E S W) the neighbour across side d
 * became a hole, bit 4 the cell just filled was one (see there) */
#define HOLE_FILLED 16u
static inline __attribute__((always_inline)) unsigned holes_delta(const carc_grid *v,
                                                                  const char *c, bool near,
                                                                  int x, int y)
{
#define PLACED(dx, dy) placed_near(v, c, near, x, y, dx, dy)
    unsigned filled = HOLE_FILLED, made = 0;
    int ne = -1, se = -1, sw = -1, nw = -1; /* the diagonals, read when needed */
#define DIAG(var, dx, dy) ((var) < 0 ? ((var) = PLACED(dx, dy)) : (var))
    if (!PLACED(0, -1)) {
        filled = 0;
        made |= (unsigned)(PLACED(0, -2) && DIAG(ne, 1, -1) && DIAG(nw, -1, -1));
    }
    if (!PLACED(1, 0)) {
        filled = 0;
        made |= (unsigned)(PLACED(2, 0) && DIAG(ne, 1, -1) && DIAG(se, 1, 1)) << 1;
    }
    if (!PLACED(0, 1)) {
        filled = 0;
        made |= (unsigned)(PLACED(0, 2) && DIAG(se, 1, 1) && DIAG(sw, -1, 1)) << 2;
    }
    if (!PLACED(-1, 0)) {
        filled = 0;
        made |= (unsigned)(PLACED(-2, 0) && DIAG(sw, -1, 1) && DIAG(nw, -1, -1)) << 3;
    }
#undef DIAG
#undef PLACED
    return made | filled;
}

/* track_holes' rare part: the holes made (bits 0..3 of `change`) or the
 * hole filled (HOLE_FILLED) by tile t at (x, y): the count, and the known
 * hole (hole_east): forgotten when filled, the first one made kept when
 * none is known */
static __attribute__((noinline)) void holes_changed(carc_game *g, const carc_grid *v, int t,
                                                    int x, int y, unsigned change)
{
    am_state *s = st(g);
    if (change & HOLE_FILLED) {
        s->holes--;
        /* the hole known was this cell: the tile east of it is t's */
        if (s->hole_east >= 0 && carc__grid_at(v, x + 1, y) == s->hole_east) s->hole_east = -1;
        return;
    }
    for (unsigned m = change; m; m &= m - 1) {
        int d = __builtin_ctz(m);
        s->holes++;
        if (s->hole_east < 0)
            s->hole_east = (int16_t)(d == 3 ? t : carc__grid_at(v, x + DX[d] + 1, y + DY[d]));
    }
}

/* After a placement: the holes, kept up to date: only the cell just filled
 * and its four neighbours can change.  The cell just filled was a hole
 * unless a neighbour is empty; an empty neighbour is a hole now when its
 * three other neighbours (the cell two away, the two diagonals beside it)
 * are placed.  The board window is read once (carc__grid: nothing is
 * placed between the lookups), each cell at most once; inside the window
 * (nearly always) each cell at its offset from the tile's. */
static void track_holes(carc_game *g)
{
    const int t = carc__tile_last(g);
    const char *r = carc__tile_rec(g, t);
    /* no change without two placed neighbours around t: a hole made
     * beside it has t's two diagonals on that side placed, the cell filled
     * was a hole when its four sides are */
    if (!r || (uint8_t)r[CARC__TILE_NB8] < 2) return;
    int16_t x, y;
    memcpy(&x, r + CARC__TILE_X, sizeof x);
    memcpy(&y, r + CARC__TILE_Y, sizeof y);
    const carc_grid v = carc__grid(g);
    uint32_t ux = (uint32_t)x - (uint32_t)v.x0, uy = (uint32_t)y - (uint32_t)v.y0;
    unsigned change;
    /* 2 <= ux < w - 2 and 2 <= uy < h - 2 */
    if (v.w > 4u && v.h > 4u && ux - 2u < v.w - 4u && uy - 2u < v.h - 4u)
        change = holes_delta(&v, v.cells + ((size_t)uy * v.w + ux) * sizeof(int16_t), true, x, y);
    else
        change = holes_delta(&v, NULL, false, x, y);
    if (change) holes_changed(g, &v, t, x, y, change);
}

/* An abbey used: none held any more, nobody asks the holes (track_holes
 * stops): the known hole forgotten (state_check holds it to a hole). */
static void abbey_used(am_state *s, int player)
{
    s->abbeys[player]--;
    if (!--s->abbeys_held) s->hole_east = -1;
}

/* May the abbey be laid now?  Into the hole known, else asked of every
 * open cell (carc__tile_can_place). */
static bool abbey_placeable(const carc_game *g, const am_state *s)
{
    if (s->hole_east >= 0) {
        int x, y;
        carc__tile_xy(g, s->hole_east, &x, &y);
        if (carc__tile_can_place_at(g, s->abbey_type, x - 1, y)) return true;
    }
    return carc__tile_can_place(g, s->abbey_type);
}

/* DRAW, before the core draws: play the abbey instead? */
static int offer_abbey(carc_game *g)
{
    int p = carc__current(g);
    const am_state *s = cst(g);
    /* not when another module dealt a tile already (a bazaar's) */
    if (s->abbey_type < 0 || !s->abbeys[p] || !s->holes || carc__tile_in_hand(g) >= 0 ||
        !abbey_placeable(g, s))
        return CARC_HOOK_NEXT;
    carc__decision_push(g, DEC_ABBEY, p, MOD, -1, 0);
    return CARC_HOOK_NEXT;
}

/* Return every follower on field `root` to its owner's supply. */
static void farmers_home(carc_game *g, int root)
{
    for (int i = 0; i < carc__figure_count(g); i++) {
        carc_fig f;
        carc__figure_get(g, i, &f);
        if (f.where == CARC_PLACE_SEGMENT && (carc__figure_kind_classes(g, f.kind) & CARC_CLASS_FOLLOWER) &&
            carc__segment_root(g, f.tile, f.segment) == root)
            carc__figure_move(g, i, CARC_PLACE_SUPPLY, -1, 0, 0, 0, CARC_CAUSE_SCORED);
    }
}

/* BEFORE_SCORING (after the core collected what this placement completed,
 * so a city completed now counts): the holes while an abbey is held (only
 * offer_abbey and final_abbeys read them, for a player holding one);
 * farmers meeting a barn.  Gated by the pair barns_on_board, abbeys_held
 * (new_barn is -1 while no barn stands: a barn placed stands). */
static int barn_scoring(carc_game *g)
{
    am_state *s = st(g);
    if (s->abbeys_held) track_holes(g);
    int new_barn = s->new_barn;
    if (!s->barns_on_board) {
        s->new_barn = -1;
        return CARC_HOOK_NEXT;
    }
    for (int q = 0; q < carc__players(g); q++) {
        if (s->barn_fig[q] < 0) continue;
        /* a barn on the board (its field's root from the figure's record)
         * in a field with farmers (one barn's check sends them home, so a
         * second barn of the same field finds none) */
        int root = carc__figure_root(g, s->barn_fig[q]);
        if (root < 0 || carc__root_followers_in(g, root) == 0) continue;
        carc_fig b;
        carc__figure_get(g, s->barn_fig[q], &b);
        feat_eval e;
        carc__root_eval(g, root, 0, &e);
        /* only the barn placed now: the field's own score; an older barn:
         * the farmers joined it, 1 per completed city.  Either with the
         * modules' per-player bonuses (a pig: +1 per city, as JCZ's
         * getPointsWhenBarnIsConnected) */
        bool joined = new_barn < 0 || barn_in(g, root, new_barn) >= 0;
        if (joined) e.points = e.cities + e.city_bonus;
        int reason = joined ? REASON_BARN_JOINED : REASON_BARN;
        for (int p = 0; p < carc__players(g); p++) {
            if (!(e.owners & (1u << p))) continue;
            int points = carc__root_player_points(g, root, p, &e);
            if (points > 0)
                carc__score_add(g, p, points, reason, CARC_FEATURE_FIELD, b.tile, b.segment);
        }
        /* the field scored for its farmers: the other modules' bonuses for
         * the figures on it (a ringmaster lying there), then home */
        carc__root_scored(g, root, &e);
        farmers_home(g, root);
    }
    s->new_barn = -1; /* only now: joined_points() tells the new barn apart */
    return CARC_HOOK_NEXT;
}

/* player_points: farmers standing in a field with a barn placed before this
 * part have joined it (barns keep followers out otherwise) and score 1 per
 * completed city at this placement's BEFORE_SCORING (barn_scoring).  Until
 * then (a projection during the deploy decision) the end-game evaluation
 * counts them at that value too, so carc_game_final_scores() does not
 * change when the scoring comes. */
static int joined_points(const carc_game *g, int root, int player, const feat_eval *e,
                         int points)
{
    (void)player;
    if (e->kind != CARC_FEATURE_FIELD || !cst(g)->barns_on_board ||
        carc__root_followers_in(g, root) == 0 || barn_in(g, root, cst(g)->new_barn) < 0)
        return points;
    return points - e->points + e->cities + e->city_bonus;
}

/* AFTER_SCORING: wagons whose features scored, in turn order from the
 * current player: move on, or stay home. */
static int wagons_move(carc_game *g)
{
    am_state *s = st(g);
    if (!s->wagons_pending) return CARC_HOOK_NEXT;
    int n = carc__players(g), cur = carc__current(g);
    for (int i = 0; i < n; i++) {
        int p = (cur + i) % n;
        if (!s->wagon[p].live) continue;
        int16_t tiles[1];
        if (wagon_tiles(g, p, tiles, 1) == 0) {
            s->wagon[p].live = 0;
            continue;
        }
        carc__decision_push(g, DEC_WAGON, p, MOD, -1, 0);
        return CARC_HOOK_AGAIN;
    }
    s->wagons_pending = 0;
    return CARC_HOOK_NEXT;
}

/* END_PHASE: players still holding an abbey may play it, clockwise from
 * the player after the one who laid the last tile. */
static int final_abbeys(carc_game *g)
{
    am_state *s = st(g);
    int n = carc__players(g);
    if (s->abbey_type < 0) return CARC_HOOK_NEXT;
    if (s->final_base < 0) s->final_base = (int8_t)((carc__current(g) + 1) % n);
    while (s->final_next < n) {
        int who = (s->final_base + s->final_next) % n;
        if (s->final_choice == 1) {
            s->final_choice = -1;
            abbey_used(s, who);
            s->final_next++;
            carc__turn_start(g, who, s->abbey_type);
            return CARC_HOOK_JUMP;
        }
        if (s->final_choice == 0) {
            s->final_choice = -1;
            s->final_next++;
            continue;
        }
        if (s->abbeys[who] && s->holes && abbey_placeable(g, s)) {
            carc__decision_push(g, DEC_FINAL_ABBEY, who, MOD, -1, 0);
            return CARC_HOOK_AGAIN;
        }
        s->final_next++;
    }
    return CARC_HOOK_NEXT;
}

/* The barn figures, ascending, into out (room for CARC_ID_FIGURE_N); how
 * many.  The kinds give each player one, kept in barn_fig since setup: those
 * when each is its player's barn (a snapshot's barn_fig is only
 * range-checked), else found by a walk of the figures. */
static int barn_figures(const carc_game *g, int16_t *out)
{
    const am_state *s = cst(g);
    int n = 0;
    for (int p = 0; p < carc__players(g); p++) {
        int i = s->barn_fig[p];
        carc_fig b;
        if (i < 0) goto walk;
        carc__figure_get(g, i, &b);
        if (b.kind != CARC_FIGURE_BARN || b.owner != p) goto walk;
        int j = n++;
        for (; j > 0 && out[j - 1] > i; j--) out[j] = out[j - 1];
        if (j > 0 && out[j - 1] == i) goto walk; /* (two players, one figure) */
        out[j] = (int16_t)i;
    }
    return n;
walk:
    n = 0;
    for (int i = 0; i < carc__figure_count(g) && n < CARC_ID_FIGURE_N; i++) {
        carc_fig b;
        carc__figure_get(g, i, &b);
        if (b.kind == CARC_FIGURE_BARN) out[n++] = (int16_t)i;
    }
    return n;
}

/* FINAL_SCORING, after the core: most barns in a field, 4 per completed
 * city.  No decisions here (final scores are projected on a copy).  The
 * barns in figure order (barn_figures), each field once. */
static int barn_final(carc_game *g)
{
    if (!cst(g)->barns_on_board) return CARC_HOOK_NEXT;
    int16_t barns[CARC_ID_FIGURE_N];
    const int nb = barn_figures(g, barns);
    int16_t done[CARC_MAX_PLAYERS];
    int ndone = 0;
    for (int bi = 0; bi < nb; bi++) {
        carc_fig b;
        carc__figure_get(g, barns[bi], &b);
        if (b.where != CARC_PLACE_SEGMENT) continue;
        int root = carc__segment_root(g, b.tile, b.segment);
        int k;
        for (k = 0; k < ndone; k++)
            if (done[k] == root) break;
        if (k < ndone) continue;
        if (ndone < CARC_MAX_PLAYERS) done[ndone++] = (int16_t)root;
        int count[CARC_MAX_PLAYERS] = {0}, best = 0;
        for (int bj = bi; bj < nb; bj++) {
            carc_fig o;
            carc__figure_get(g, barns[bj], &o);
            if (o.where == CARC_PLACE_SEGMENT && o.owner >= 0 &&
                carc__segment_root(g, o.tile, o.segment) == root && ++count[o.owner] > best)
                best = count[o.owner];
        }
        /* no per-player bonuses (JCZ getBarnPoints: no pig herds, after the
         * Complete Annotated Rules) */
        feat_eval e;
        carc__root_eval(g, root, 0, &e);
        int points = 4 * e.cities + e.city_bonus;
        if (points == 0) continue;
        for (int p = 0; p < carc__players(g); p++)
            if (count[p] == best)
                carc__score_add(g, p, points, REASON_BARN_FINAL, CARC_FEATURE_FIELD, b.tile,
                                b.segment);
    }
    return CARC_HOOK_NEXT;
}

/* ------------------------------------------------------------- events */

static void figure_moved(carc_game *g, int fig, const carc_fig *from, int cause)
{
    if (from->kind == CARC_FIGURE_BARN) {
        am_state *s = st(g);
        carc_fig now;
        carc__figure_get(g, fig, &now);
        s->barns_on_board += (now.where == CARC_PLACE_SEGMENT) - (from->where == CARC_PLACE_SEGMENT);
        return;
    }
    if (from->kind != CARC_FIGURE_WAGON || from->where != CARC_PLACE_SEGMENT ||
        cause != CARC_CAUSE_SCORED || from->owner < 0)
        return;
    am_state *s = st(g);
    am_wagon *w = &s->wagon[from->owner];
    w->tile = from->tile;
    w->seg = from->segment;
    w->root = (int16_t)carc__segment_root(g, from->tile, from->segment);
    w->live = 1;
    s->wagons_pending = 1;
}

/* ------------------------------------------------------------ decisions */

/* deploy_actions' corners, out of line: the deployments without one (most)
 * pay no prologue for them */
static __attribute__((noinline)) void deploy_barns(const carc_game *g, const carc_pending *p,
                                                   action_sink *sink)
{
    /* barn_ok for each corner: the corners first (barn_corners), then the
     * rest for those only */
    for (unsigned m = barn_corners(g, p->target); m; m &= m - 1) {
        int c = __builtin_ctz(m);
        if (barn_allowed(g, p->player, p->target, corner_field(g, p->target, c)))
            carc__sink_push_kind(sink, ACT_BARN, c, 0, VERB_BARN + c);
    }
}

static void deploy_actions(const carc_game *g, const carc_pending *p, action_sink *sink)
{
    /* a corner needs three placed neighbours of the tile */
    if (carc__tile_neighbours_in(g, p->target) < 3 ||
        carc__figure_supply(g, p->player, CARC_FIGURE_BARN) == 0)
        return;
    deploy_barns(g, p, sink);
}

static void decision_actions(const carc_game *g, const carc_pending *p, action_sink *sink)
{
    switch (p->kind) {
    case DEC_ABBEY:
    case DEC_FINAL_ABBEY:
        carc__sink_push_kind(sink, CARC_ACTION_PASS, 0, 0, CARC_ID_PASS);
        carc__sink_push_kind(sink, ACT_ABBEY, 0, 0, VERB_ABBEY);
        break;
    case DEC_WAGON: {
        int16_t tiles[CARC_MAX_TILES];
        int n = wagon_tiles(g, p->player, tiles, CARC_MAX_TILES);
        carc__sink_push_kind(sink, CARC_ACTION_PASS, 0, 0, CARC_ID_PASS);
        for (int i = 0; i < n; i++)
            carc__sink_push_kind(sink, ACT_WAGON_TILE, tiles[i], 0, CARC_ID_TILE + tiles[i]);
        break;
    }
    case DEC_WAGON_SEG: {
        /* wagon_target of each segment, ascending: those of its kinds */
        const am_wagon *w = &cst(g)->wagon[p->player];
        if (!w->live || p->target < 0 || p->target >= carc__tile_count(g)) break;
        int fig = WAGON_UNASKED;
        for (uint32_t m = wagon_kinds(g, p->target); m; m &= m - 1) {
            int s = __builtin_ctz(m);
            if (wagon_claim(g, p->player, w, p->target, s, &fig))
                carc__sink_push_kind(sink, ACT_WAGON_SEG, s, p->target, WAGON_SEG_ID(s));
        }
        break;
    }
    default:
        break;
    }
}

/* Is action a listed now at decision p (deploy_actions' barn verb, or
 * decision_actions')?  The same answer as the lists, one question: the
 * core's check of an id before decision_apply (test_action_legal compares
 * it with the lists on random games).  A wagon's tile is listed when it
 * holds a target (wagon_tiles: under rule 2 only the 3x3 around the wagon,
 * which wagon_target's adjacency checks too). */
static bool action_legal(const carc_game *g, const carc_pending *p, const carc_action *a)
{
    switch (p->kind) {
    case CARC_DECISION_DEPLOY:
        return a->kind == ACT_BARN && a->arg >= 0 && a->arg < 4 && p->target >= 0 &&
               carc__tile_neighbours(g, p->target) >= 3 &&
               carc__figure_supply(g, p->player, CARC_FIGURE_BARN) != 0 &&
               barn_ok(g, p->player, p->target, a->arg, NULL);
    case DEC_ABBEY:
    case DEC_FINAL_ABBEY:
        return a->kind == CARC_ACTION_PASS || a->kind == ACT_ABBEY;
    case DEC_WAGON: {
        if (a->kind == CARC_ACTION_PASS) return true;
        int fig = WAGON_UNASKED;
        return a->kind == ACT_WAGON_TILE && cst(g)->wagon[p->player].live && a->arg >= 0 &&
               a->arg < carc__tile_count(g) && wagon_tile_ok(g, p->player, a->arg, &fig);
    }
    case DEC_WAGON_SEG:
        return a->kind == ACT_WAGON_SEG && a->target == p->target &&
               wagon_target(g, p->player, p->target, a->arg);
    default:
        return false;
    }
}

/* Legality was checked by the core (the id is among the legal ones). */
static int decision_apply(carc_game *g, const carc_pending *p, const carc_action *a)
{
    am_state *s = st(g);
    switch (a->kind) {
    case CARC_ACTION_PASS:
        if (p->kind == DEC_FINAL_ABBEY) s->final_choice = 0;
        if (p->kind == DEC_WAGON) s->wagon[p->player].live = 0;
        return CARC_OK;
    case ACT_ABBEY:
        if (p->kind == DEC_FINAL_ABBEY) {
            s->final_choice = 1;
            return CARC_OK;
        }
        abbey_used(s, p->player);
        return carc__tile_in_hand_set(g, s->abbey_type);
    case ACT_WAGON_TILE:
        return carc__decision_followup(g, DEC_WAGON_SEG, p->player, MOD, a->arg, 0);
    case ACT_WAGON_SEG: {
        int f = carc__figure_in_supply(g, p->player, CARC_FIGURE_WAGON);
        s->wagon[p->player].live = 0;
        return carc__figure_move(g, f, CARC_PLACE_SEGMENT, p->target, a->arg, 0, 0, CAUSE_WAGON);
    }
    case ACT_BARN: {
        /* listed, so barn_corner's answer is the tile's own quarter */
        int seg = corner_field(g, p->target, a->arg);
        int f = barn_in_supply(g, p->player);
        int rc = carc__figure_move(g, f, CARC_PLACE_SEGMENT, p->target, seg, 0, 0, CARC_CAUSE_DEPLOY);
        if (rc != CARC_OK) return rc;
        carc__figure_set_state(g, MOD, f, 1 + a->arg);
        s->new_barn = (int16_t)f;
        return CARC_OK;
    }
    default:
        return CARC_E_ILLEGAL;
    }
}

/* ------------------------------------------------------------ ids, text */

static const carc_arg_choice corners[4] = {
    {0, 0, "ne"}, {1, 1, "se"}, {2, 2, "sw"}, {3, 3, "nw"},
};

static const carc_action_def actions[] = {
    {ACT_ABBEY, "abbey", CARC_AT(0) | CARC_AT(1), VERB_ABBEY, {{0}}},
    {ACT_WAGON_TILE, "wagon", CARC_AT(2), CARC_ID_TILE, {CARC_ARG_TILE(arg)}},
    {ACT_WAGON_SEG, "wagon", CARC_AT(3), WAGON_SEG_ID(0), {CARC_ARG_TARGET, CARC_ARG_SEGMENT(arg)}},
    {ACT_BARN, "barn", CARC_AT_DEPLOY, VERB_BARN, {CARC_ARG_CHOICE(arg, corners)}},
};

static const carc_step_hook steps[] = {
    {CARC_STEP_DRAW, -10, offer_abbey},
    {CARC_STEP_BEFORE_SCORING, -50, barn_scoring},
    {CARC_STEP_AFTER_SCORING, 0, wagons_move},
    {CARC_STEP_END_PHASE, 0, final_abbeys},
    {CARC_STEP_FINAL_SCORING, 10, barn_final},
};

/* offer_abbey has work only while the player to move holds an abbey,
 * barn_scoring while a barn stands or an abbey is held, wagons_move only
 * while a wagon waits to move on */
static const uint16_t step_work[] = {CARC_WORK_PLAYER(am_state, abbeys),
                                     CARC_WORK_PAIR(am_state, barns_on_board),
                                     CARC_WORK_BYTE(am_state, wagons_pending), 0, 0};
_Static_assert(sizeof step_work / sizeof step_work[0] == sizeof steps / sizeof steps[0],
               "a step_work entry per step hook");

static const char *const reasons[] = {"barn", "barn_joined", "barn_final", NULL};

const carc_module_def carc__module_abbey_mayor = {
    .id = MOD,
    .name = "abbey_mayor",
    .tile_set = "abbey_mayor",
    .kinds = kinds,
    .nkinds = 3,
    .rules = rules,
    .nrules = 2,
    .reasons = reasons,
    .state_size = state_size,
    .state_check = state_check,
    /* the abbey choice, two steps per wagon (6 players), the end-phase
     * abbey choice */
    .decisions_per_tile = 2 + 2 * CARC_MAX_PLAYERS,
    /* barn fields a placement touches (at most 8 fields on a tile) times
     * the players scoring each, plus the new barn's field */
    .events_per_tile = 9 * CARC_MAX_PLAYERS,
    /* the final barn scoring: fields with barns times players */
    .events_per_game = CARC_MAX_PLAYERS * CARC_MAX_PLAYERS,
    .max_pending = 2,
    .steps = steps,
    .nsteps = 5,
    .step_work = step_work,
    .setup = setup,
    .decision_actions = decision_actions,
    .decision_apply = decision_apply,
    .action_legal = action_legal,
    .actions = actions,
    .nactions = sizeof actions / sizeof actions[0],
    .deploy_actions = deploy_actions,
    .deploy_allowed = deploy_allowed,
    .deploy_segs = deploy_segs,
    .may_deploy = may_deploy,
    .may_place_tile = may_place_tile,
    .place_rots = place_rots,
    .explain = explain,
    .place_veto_ttags = CARC_TTAG_ABBEY, /* only the abbey is vetoed */
    .token_kinds = 1u << CARC_TOKEN_ABBEY,
    .tokens = tokens,
    .strength = strength,
    .player_points = joined_points,
    .figure_moved = figure_moved,
    .figure_spot = figure_spot,
};
