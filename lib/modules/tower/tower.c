/* The Tower (../shared/rules/expansions.md §4, §8; ambiguities.md A2, A6,
 * D7; doc/rules.md, "The Tower"): 18 tower-foundation tiles (tiles.def,
 * tile tag `tower`), tower floors, tower-top followers, captures and
 * prisoners.
 *
 *  - floors: each player holds 10 / 9 / 7 / 6 / 5 floors for 2 / 3 / 4 / 5
 *    / 6 players (a token, CARC_TOKEN_TOWER_FLOOR).
 *  - instead of deploying (verbs at the turn's own deployment): "floor",
 *    then "floor X,Y": a floor on any placed foundation or open tower (one
 *    without a follower on top), anywhere on the board; or "top follower" /
 *    "top big", then "top X,Y": a normal or big follower from supply on top
 *    of an open tower (at least one floor: never on an empty foundation),
 *    which closes it.  No mayor, wagon, barn or other special figure.
 *  - capture: after a floor, the player may take one follower within reach
 *    ("capture N", N its figure index, or pass): on the tower's tile or up
 *    to height tiles away in a straight orthogonal line, over gaps and
 *    towers.  Figures of a capturable kind (CARC_CLASS_CAPTURABLE: normal,
 *    big, mayor, wagon, ringmaster; acrobats too, D7) standing on a placed
 *    tile; never a castle's knight (Bridges, Castles & Bazaars' fact
 *    header); a tower-top follower too (rule tower_top_capture 2, C2; 1:
 *    immune, C1).  One's own follower goes home.  The capture is a
 *    follow-up of the floor, in the DEPLOY step: before the placement's
 *    scoring and before a dragon flight.
 *  - prisoners: another player's follower is held by the captor, off the
 *    board (CARC_PLACE_HELD, holder this module, arg the captor).  When
 *    the owner of the captured follower holds prisoners of the captor, the
 *    two are exchanged at once (JCloisterZone's TowerCapturePhase): the
 *    captured follower goes home and one of the captor's followers held by
 *    that player comes back -- the captor chooses which when they differ
 *    in kind ("exchange N").  A tower whose top follower left by any means
 *    is open again (figure_moved).
 *  - ransom: on their turn, before drawing the tile of each part (DRAW
 *    step, before every other hook of the part), a player with at least 3 points
 *    and a follower held by another player may pay 3 points to its captor
 *    to free it ("ransom N", or pass), at most once per turn: a builder's
 *    second part is the same turn (carc__turn).  Prisoners score nothing
 *    at the end: they are not on the board. */
#include "tower.h"

#include <stdio.h>
#include <string.h>

#include "modules/bridges_castles/bridges_castles.h"
#include "tiles_gen.h" /* CARC_TTAG_TOWER (step_ttags) */

#define MOD CARC_MODULE_TOWER

/* rule options: slots 18-19 (+22) */
#define RULE_TOP_CAPTURE 18 /* 2: a tower-top follower can be captured (C2); 1: immune (C1) */

#define DEC_FLOOR CARC_MODULE_KIND(MOD, 0)    /* which foundation or open tower      */
#define DEC_TOP CARC_MODULE_KIND(MOD, 1)      /* which open tower (arg: figure kind) */
#define DEC_CAPTURE CARC_MODULE_KIND(MOD, 2)  /* which follower (target: the tower)  */
#define DEC_EXCHANGE CARC_MODULE_KIND(MOD, 3) /* which of one's prisoners comes back
                                                 (arg: holder | captured figure << 8) */
#define DEC_RANSOM CARC_MODULE_KIND(MOD, 4)   /* which prisoner to buy back          */

#define ACT_FLOOR CARC_MODULE_KIND(MOD, 0)    /* verb                                */
#define ACT_FLOOR_AT CARC_MODULE_KIND(MOD, 1) /* x, y of the foundation              */
#define ACT_TOP CARC_MODULE_KIND(MOD, 2)      /* verb; arg: the figure kind          */
#define ACT_TOP_AT CARC_MODULE_KIND(MOD, 3)   /* x, y of the tower                   */
#define ACT_CAPTURE CARC_MODULE_KIND(MOD, 4)  /* arg: figure index                   */
#define ACT_EXCHANGE CARC_MODULE_KIND(MOD, 5) /* arg: figure index                   */
#define ACT_RANSOM CARC_MODULE_KIND(MOD, 6)   /* arg: figure index                   */

#define REASON_RANSOM CARC_MODULE_KIND(MOD, 0) /* -3 for the payer, +3 for the captor */

#define CAUSE_CAPTURE CARC_MODULE_KIND(MOD, 0)
#define CAUSE_EXCHANGE CARC_MODULE_KIND(MOD, 1)
#define CAUSE_RANSOM CARC_MODULE_KIND(MOD, 2)

#define VERB_FLOOR CARC_VERB_ID(MOD, 0)
#define VERB_TOP CARC_VERB_ID(MOD, 1) /* + 0 follower, + 1 big follower (verbs 1, 2) */

/* why its actions are refused (carc_game_explain), numbered like its kinds */
#define WHY_NOT_NOW CARC_MODULE_KIND(MOD, 0)       /* not at this decision              */
#define WHY_NO_FLOORS CARC_MODULE_KIND(MOD, 1)     /* no floors left                     */
#define WHY_CLOSED CARC_MODULE_KIND(MOD, 2)        /* a follower on top closes the tower */
#define WHY_NO_TOWER CARC_MODULE_KIND(MOD, 3)      /* no foundation / no floor there     */
#define WHY_OUT_OF_REACH CARC_MODULE_KIND(MOD, 4)  /* the follower is out of reach       */
#define WHY_CASTLE CARC_MODULE_KIND(MOD, 5)        /* a castle's knight is immune        */
#define WHY_TOP_IMMUNE CARC_MODULE_KIND(MOD, 6)    /* C1: a tower top is immune          */
#define WHY_RANSOM_PAID CARC_MODULE_KIND(MOD, 7)   /* ransom already paid this turn      */
#define WHY_NO_POINTS CARC_MODULE_KIND(MOD, 8)     /* fewer than 3 points                */
#define WHY_NOT_CAPTURABLE CARC_MODULE_KIND(MOD, 9) /* no follower on the board / kind   */
#define WHY_NOT_PRISONER CARC_MODULE_KIND(MOD, 10) /* not one of your followers held     */
#define WHY_NO_FIGURE CARC_MODULE_KIND(MOD, 11)    /* no such follower in supply         */

#define RANSOM_POINTS 3 /* expansions.md §4; JCZ RANSOM_POINTS */

/* DEC_CAPTURE's arg: 0, or CAPTURE_SET and bit i for each figure i
 * capturable (all of them below CAPTURE_SET_FIGS): capture_possible */
#define CAPTURE_SET_FIGS 30
#define CAPTURE_SET (1u << CAPTURE_SET_FIGS)

/* a placed foundation and its tower */
typedef struct tw_tower {
    int16_t tile;   /* placed tile order                                  */
    int16_t top;    /* the follower on top (figure index), or -1: open    */
    int16_t x, y;   /* its cell                                           */
    uint8_t height; /* floors                                             */
    uint8_t pad[3];
} tw_tower;

typedef struct tw_state {
    uint32_t tag;                      /* the tile tag bit `tower`             */
    int32_t ransom_turn;               /* carc__turn + 1 of the last ransom    */
    uint8_t floors[CARC_MAX_PLAYERS];  /* floors each player still holds       */
    uint8_t ntowers;                   /* foundations placed                   */
    uint8_t cap;                       /* foundations of the catalogue         */
    uint8_t prisoners;                 /* followers held as prisoners now      */
    uint8_t held[CARC_MAX_PLAYERS];    /* of them, player p's (offer_ransom's
                                          gate: the player whose turn it is)   */
    uint8_t nopen;                     /* open towers (no follower on top)     */
    uint8_t nfloored;                  /* of them, those with a floor: the
                                          deployment's verbs read the two
                                          counts before the supply (recount)   */
    tw_tower tower[];                  /* one per foundation of the catalogue,
                                          in placement order (tile ascending)  */
} tw_state;

static const carc_rule_def rules[] = {
    /* 2: a follower on a tower top can be captured (C2, JCZ); 1: it is
     * immune (C1-era summaries) */
    {RULE_TOP_CAPTURE, "tower_top_capture", 2, 1, 2},
};

/* expansions.md §4: floors per player, by the number of players */
static const uint8_t floors_for[CARC_MAX_PLAYERS + 1] = {0, 10, 10, 9, 7, 6, 5};

/* foundations in the catalogue (tile tag `tower`): the towers a game may hold */
static int foundations(uint32_t tag)
{
    int n = 0;
    if (!tag) return 0;
    for (int t = 0; t < carc__ntypes; t++)
        if (carc__types[t].tags & tag) n += carc__types[t].count;
    return n;
}

static size_t state_size(const carc_options *o)
{
    (void)o;
    return sizeof(tw_state) + (size_t)foundations(carc__tile_tag_bit("tower")) * sizeof(tw_tower);
}

static tw_state *st(carc_game *g) { return carc__mod_state(g, MOD); }
static const tw_state *cst(const carc_game *g) { return carc__mod_cstate(g, MOD); }

static void setup(carc_game *g)
{
    tw_state *s = st(g);
    s->tag = carc__tile_tag_bit("tower");
    s->cap = (uint8_t)foundations(s->tag);
    for (int p = 0; p < carc__players(g); p++) s->floors[p] = floors_for[carc__players(g)];
}

/* ------------------------------------------------------------- facts */

static int tower_index(const tw_state *s, int tile)
{
    for (int i = 0; i < s->ntowers; i++)
        if (s->tower[i].tile == tile) return i;
    return -1;
}

static bool on(const carc_game *g) { return g && carc__module_enabled(g, MOD); }

int carc__tower_height(const carc_game *g, int tile)
{
    if (!on(g)) return 0;
    int i = tower_index(cst(g), tile);
    return i < 0 ? 0 : cst(g)->tower[i].height;
}

int carc__tower_top(const carc_game *g, int tile)
{
    if (!on(g)) return -1;
    int i = tower_index(cst(g), tile);
    return i < 0 ? -1 : cst(g)->tower[i].top;
}

int carc__tower_foundation(const carc_game *g, int tile)
{
    if (!on(g)) return 0;
    return tower_index(cst(g), tile) >= 0;
}

int carc__tower_floors(const carc_game *g, int player)
{
    if (!on(g) || player < 0 || player >= carc__players(g)) return 0;
    return cst(g)->floors[player];
}

static bool held_by(const carc_fig *f, int captor)
{
    return f->where == CARC_PLACE_HELD && f->holder == MOD && (captor < 0 || f->arg == captor);
}

int carc__tower_prisoners(const carc_game *g, int captor, int owner)
{
    if (!on(g) || captor < 0 || captor >= carc__players(g) || !cst(g)->prisoners) return 0;
    int n = 0;
    for (int i = 0; i < carc__figure_count(g); i++) {
        carc_fig f;
        carc__figure_get(g, i, &f);
        n += held_by(&f, captor) && (owner < 0 || f.owner == owner);
    }
    return n;
}

/* carc_game_tokens(game, player, CARC_TOKEN_TOWER_FLOOR) */
static int tokens(const carc_game *g, int player, int kind)
{
    return kind == CARC_TOKEN_TOWER_FLOOR ? carc__tower_floors(g, player) : 0;
}

static bool is_top(const carc_fig *f)
{
    return f->where == CARC_PLACE_TILE && f->arg == TOWER_TOP_ARG;
}

/* carc_game_figure_role: a follower on a tower is on its "top" */
static const char *figure_role(const carc_game *g, int fig)
{
    if (fig < 0 || fig >= carc__figure_count(g)) return NULL;
    carc_fig f;
    carc__figure_get(g, fig, &f);
    return is_top(&f) && f.owner >= 0 ? "top" : NULL;
}

/* carc_game_structure: a tower on each placed foundation */
/* held_place: the prisoners a captor holds (arg: the captor), for the
 * pictures ("held by tower: prisoners of player 1: player 0's follower") */
static const char *held_place(const carc_game *g, int arg)
{
    static const char *const captor[CARC_MAX_PLAYERS] = {
        "prisoners of player 0", "prisoners of player 1", "prisoners of player 2",
        "prisoners of player 3", "prisoners of player 4", "prisoners of player 5"};
    (void)g;
    return arg >= 0 && arg < CARC_MAX_PLAYERS ? captor[arg] : NULL;
}

static bool tile_structure(const carc_game *g, int tile, carc_structure *out)
{
    int i = tower_index(cst(g), tile);
    if (i < 0) return false;
    out->kind = CARC_STRUCTURE_TOWER;
    out->height = cst(g)->tower[i].height;
    out->top = cst(g)->tower[i].top;
    return true;
}

/* ------------------------------------------------------------- rules */

static bool open_tower(const tw_tower *w) { return w->top < 0; }

/* nopen and nfloored from the towers (after a foundation, a floor, a top
 * arrived or gone: a few a game; state_check compares them) */
static void recount(const tw_state *s, uint8_t *nopen, uint8_t *nfloored)
{
    int o = 0, f = 0;
    for (int i = 0; i < s->ntowers; i++)
        if (open_tower(&s->tower[i])) {
            o++;
            f += s->tower[i].height != 0;
        }
    *nopen = (uint8_t)o;
    *nfloored = (uint8_t)f;
}

/* may player p put a floor anywhere? */
static bool floor_possible(const carc_game *g, int p)
{
    const tw_state *s = cst(g);
    return s->floors[p] && s->nopen;
}

/* top_ok with the supply's figure of that kind known (f, or -1 to find it;
 * -2: none needed, no module vetoes a move and one is in supply) */
static bool top_ok_with(const carc_game *g, int p, int kind, int i, int *f)
{
    const tw_tower *w = &cst(g)->tower[i];
    if (!w->height || !open_tower(w)) return false;
    if (kind != CARC_FIGURE_FOLLOWER && kind != CARC_FIGURE_BIG) return false;
    if (*f == -2) return true;
    if (*f < 0) *f = carc__figure_in_supply(g, p, kind);
    return *f >= 0 && carc__figure_may_move(g, *f, CARC_PLACE_TILE, w->tile, TOWER_TOP_ARG,
                                            CARC_CAUSE_DEPLOY);
}

/* may player p's follower of `kind` from supply go on top of tower i? */
static bool top_ok(const carc_game *g, int p, int kind, int i)
{
    int f = -1;
    return top_ok_with(g, p, kind, i, &f);
}

/* The f to start top_ok_with's questions with for player p's kind (one in
 * supply): -2 when no enabled module vetoes a move (carc__figure_may_move
 * answers yes: a figure of the kind in supply is all a top needs), else -1
 * (the supply's figure looked up at the first open tower with a floor) */
static int top_figure_start(const carc_game *g) { return carc__figure_moves_vetoed(g) ? -1 : -2; }

/* the supply's figure is looked up once, at the first open tower with a
 * floor (not for every tower), and only when there is one: the towers are
 * read before the supply */
static bool top_possible(const carc_game *g, int p, int kind)
{
    if (!cst(g)->nfloored || carc__figure_supply(g, p, kind) == 0) return false;
    int f = top_figure_start(g);
    for (int i = 0; i < cst(g)->ntowers; i++)
        if (top_ok_with(g, p, kind, i, &f)) return true;
    return false;
}

/* Is placed tile u within reach of the tower w: the same row or column, at
 * most its height cells away (over gaps and towers)? */
static bool in_reach(const carc_game *g, const tw_tower *w, int u)
{
    int x, y, h = w->height;
    carc__tile_xy(g, u, &x, &y);
    int dx = x > w->x ? x - w->x : w->x - x, dy = y > w->y ? y - w->y : w->y - y;
    return (dx == 0 && dy <= h) || (dy == 0 && dx <= h);
}

/* The tower on placed tile t, or NULL. */
static const tw_tower *tower_at(const carc_game *g, int t)
{
    int k = tower_index(cst(g), t);
    return k < 0 ? NULL : &cst(g)->tower[k];
}

/* state_check (snapshots): the towers (placed foundations, the figure on
 * top), their count against the catalogue's, the prisoners' count, and the
 * decisions of this module in the queue: a player, a tower to capture
 * from, a figure kind, an exchange's holder and figure. */
static bool capture_possible(const carc_game *g, int p, const tw_tower *w, int32_t *set);
static bool state_check(const carc_game *g, const carc_pending *queue, int n)
{
    const tw_state *s = cst(g);
    int np = carc__players(g), nf = carc__figure_count(g);
    if (s->tag != carc__tile_tag_bit("tower") || s->cap != foundations(s->tag) ||
        s->ntowers > s->cap)
        return false;
    for (int p = np; p < CARC_MAX_PLAYERS; p++)
        if (s->floors[p]) return false;
    for (int i = 0; i < s->ntowers; i++) {
        const tw_tower *w = &s->tower[i];
        if (w->tile < 0 || w->tile >= carc__tile_count(g) || w->top < -1 || w->top >= nf ||
            carc__tile_at(g, w->x, w->y) != w->tile || (i && w->tile <= s->tower[i - 1].tile))
            return false; /* placed, in placement order (tile ascending, no tile twice) */
    }
    int held = 0, of[CARC_MAX_PLAYERS] = {0};
    for (int i = 0; i < nf; i++) {
        carc_fig f;
        carc__figure_get(g, i, &f);
        if (held_by(&f, -1)) {
            if (f.arg >= np || f.owner < 0 || f.owner >= np) return false;
            held++;
            of[f.owner]++;
        }
    }
    if (held != s->prisoners) return false;
    for (int p = 0; p < CARC_MAX_PLAYERS; p++)
        if (s->held[p] != of[p]) return false;
    uint8_t nopen, nfloored;
    recount(s, &nopen, &nfloored);
    if (s->nopen != nopen || s->nfloored != nfloored) return false;
    for (int i = 0; i < n; i++) {
        const carc_pending *p = &queue[i];
        if (p->owner != MOD) continue;
        if (p->player < 0) return false;
        switch (p->kind) {
        case DEC_FLOOR:
        case DEC_RANSOM:
            break;
        case DEC_TOP:
            if (p->arg < CARC_FIGURE_FOLLOWER || p->arg > CARC_FIGURE_BIG) return false;
            break;
        case DEC_CAPTURE: {
            const tw_tower *w = tower_at(g, p->target);
            int32_t set;
            if (!w) return false;
            /* a set of figures: the one capture_possible finds now */
            if (p->arg && (capture_possible(g, p->player, w, &set), set != p->arg)) return false;
            break;
        }
        case DEC_EXCHANGE:
            if (p->arg < 0 || (p->arg & 0xff) >= np || (p->arg >> 8) >= nf) return false;
            break;
        default:
            return false;
        }
    }
    return true;
}

/* Why figure i cannot be captured by player p from tower w (its height
 * now): 0 when it can, else one of the WHY_ reasons. */
/* The placed tiles within reach of a tower (in_reach's answer for every
 * tile): a bit per placed tile order, from the 4 x height + 1 cells of its
 * cross read once -- a walk over every figure tests a bit instead of
 * reading each figure's cell. */
typedef struct tw_reach {
    uint64_t bits[CARC_MAX_TILES / 64];
    uint32_t known, capturable; /* figure kinds whose class was asked, and
                                   of them the capturable ones */
    int nfig;                   /* figures standing on those tiles
                                   (carc__tile_figure_count): a walk over
                                   the figures ends after the last of them */
    uint8_t asked, yes;         /* the walk's constant questions, asked at
                                   the first figure that needs them: bit
                                   REACH_CASTLES, REACH_VETOED */
} tw_reach;
#define REACH_CASTLES 1u /* Bridges, Castles & Bazaars in play (castles' knights) */
#define REACH_VETOED 2u  /* a module may veto a move (carc__figure_moves_vetoed) */
_Static_assert(CARC_FIGURE_KINDS <= 32, "a bit per figure kind");

static void reach_of(const carc_game *g, const tw_tower *w, tw_reach *r)
{
    memset(r, 0, sizeof *r);
    const carc_grid v = carc__grid(g);
    int h = w->height;
    /* the tower's row and column clipped to the grid once, then read
     * straight (the tower's own cell is in the grid: a placed tile) */
    int64_t ux = (int64_t)w->x - v.x0, uy = (int64_t)w->y - v.y0;
    if (ux < 0 || uy < 0 || ux >= v.w || uy >= v.h) return;
    int64_t a = ux - h < 0 ? 0 : ux - h, b = ux + h >= v.w ? v.w - 1 : ux + h;
    /* only the tiles with a figure standing on them (the tile record's
     * count, read in place: a cell of the grid holds a placed tile) */
    const char *T = (const char *)g + (uint32_t)carc__head_word(g, CARC__HEAD_TILES_OFF) +
                    CARC__TILE_NFIG;
    int n = 0;
    const char *row = v.cells + (size_t)(uy * v.w) * sizeof(int16_t);
    for (int64_t x = a; x <= b; x++) {
        int16_t t;
        memcpy(&t, row + (size_t)x * sizeof t, sizeof t);
        if (t < 0) continue;
        int c = (uint8_t)T[(size_t)t * CARC__TILE_BYTES];
        if (c) {
            r->bits[t >> 6] |= 1ull << (t & 63);
            n += c;
        }
    }
    a = uy - h < 0 ? 0 : uy - h;
    b = uy + h >= v.h ? v.h - 1 : uy + h;
    const char *col = v.cells + (size_t)ux * sizeof(int16_t);
    for (int64_t y = a; y <= b; y++) {
        int16_t t;
        memcpy(&t, col + (size_t)(y * v.w) * sizeof t, sizeof t);
        if (y == uy || t < 0) continue;
        int c = (uint8_t)T[(size_t)t * CARC__TILE_BYTES];
        if (c) {
            r->bits[t >> 6] |= 1ull << (t & 63);
            n += c;
        }
    }
    r->nfig = n;
}

/* The next figure from i on (ascending) standing on a tile of r (r->nfig
 * of them in all; *left: how many are still ahead, counted down), or -1
 * when none is left: the walks of capture_possible and the capture's
 * listing read the figure records in place and stop after the last
 * figure within reach. */
static inline int next_in_reach(const carc_game *g, const tw_reach *r, int i, int *left)
{
    if (!*left) return -1;
    const char *F = (const char *)g + (uint32_t)carc__head_word(g, CARC__HEAD_FIGS_OFF);
    for (int n = carc__figure_count(g); i < n; i++) {
        const char *f = F + (size_t)i * CARC__FIG_BYTES;
        const uint8_t where = (uint8_t)f[CARC__FIG_WHERE];
        if (where != CARC_PLACE_SEGMENT && where != CARC_PLACE_TILE) continue;
        uint16_t t;
        memcpy(&t, f + CARC__FIG_TILE, sizeof t);
        if (t < CARC_MAX_TILES && (r->bits[t >> 6] >> (t & 63)) & 1) {
            --*left;
            return i;
        }
    }
    *left = 0;
    return -1;
}

static inline bool reach_asks(const carc_game *g, tw_reach *r, unsigned q)
{
    if (!(r->asked & q)) {
        r->asked |= (uint8_t)q;
        if (q == REACH_CASTLES ? carc__module_enabled(g, CARC_MODULE_BRIDGES_CASTLES)
                               : carc__figure_moves_vetoed(g))
            r->yes |= (uint8_t)q;
    }
    return (r->yes & q) != 0;
}

static inline bool reach_has(const tw_reach *r, int t)
{
    return (unsigned)t < CARC_MAX_TILES && (r->bits[t >> 6] >> (t & 63)) & 1;
}

/* Why figure i cannot be captured by player p from tower w (its height
 * now): 0 when it can, else one of the WHY_ reasons.  r: the tower's
 * reach (reach_of), or NULL to test the figure's cell (in_reach). */
static inline bool capturable_kind(const carc_game *g, tw_reach *r, int kind)
{
    if (!r || kind >= 32) return carc__figure_kind_classes(g, kind) & CARC_CLASS_CAPTURABLE;
    uint32_t b = 1u << kind;
    if (!(r->known & b)) { /* asked once per kind and walk */
        r->known |= b;
        if (carc__figure_kind_classes(g, kind) & CARC_CLASS_CAPTURABLE) r->capturable |= b;
    }
    return (r->capturable & b) != 0;
}

static inline __attribute__((always_inline)) int capture_refusal_in(const carc_game *g, int p,
                                                                    const tw_tower *w,
                                                                    tw_reach *r, int i)
{
    if (!w) return WHY_NOT_NOW;
    if (i < 0 || i >= carc__figure_count(g)) return WHY_NOT_CAPTURABLE;
    carc_fig f;
    carc__figure_get(g, i, &f);
    if (f.owner < 0 || (f.where != CARC_PLACE_SEGMENT && f.where != CARC_PLACE_TILE) ||
        !capturable_kind(g, r, f.kind))
        return WHY_NOT_CAPTURABLE;
    if (!(r ? reach_has(r, f.tile) : in_reach(g, w, f.tile))) return WHY_OUT_OF_REACH;
    int ct[2];
    if (carc__bcb_castle_of(g, i, ct)) return WHY_CASTLE;
    if (is_top(&f) && carc__rule(g, RULE_TOP_CAPTURE) == 1) return WHY_TOP_IMMUNE;
    int where = f.owner == p ? CARC_PLACE_SUPPLY : CARC_PLACE_HELD;
    if (!carc__figure_may_move(g, i, where, -1, f.owner == p ? 0 : p, CAUSE_CAPTURE))
        return WHY_NOT_CAPTURABLE;
    return 0;
}

/* !capture_refusal_in(g, p, w, r, i) for 0 <= i < the figure count (r:
 * w's reach): the same conditions, the cheap ones first (the tower's reach
 * before the kind's class): the walks of capture_possible and the listing */
static inline __attribute__((always_inline)) bool capturable_in(const carc_game *g, int p,
                                                                tw_reach *r, int i)
{
    carc_fig f;
    carc__figure_get(g, i, &f);
    if (f.owner < 0 || (f.where != CARC_PLACE_SEGMENT && f.where != CARC_PLACE_TILE) ||
        !reach_has(r, f.tile) || !capturable_kind(g, r, f.kind))
        return false;
    int ct[2];
    if (reach_asks(g, r, REACH_CASTLES) && carc__bcb_castle_of(g, i, ct)) return false;
    if (is_top(&f) && carc__rule(g, RULE_TOP_CAPTURE) == 1) return false;
    int where = f.owner == p ? CARC_PLACE_SUPPLY : CARC_PLACE_HELD;
    return !reach_asks(g, r, REACH_VETOED) ||
           carc__figure_may_move(g, i, where, -1, f.owner == p ? 0 : p, CAUSE_CAPTURE);
}

static int capture_refusal(const carc_game *g, int p, const tw_tower *w, int i)
{
    return capture_refusal_in(g, p, w, NULL, i);
}

/* Can player p capture a figure from tower w now?  *set: the capture
 * decision's arg -- CAPTURE_SET and a bit per figure capturable when every
 * one is below CAPTURE_SET_FIGS (the capture's listing reads the bits
 * instead of walking again: the decision is the floor's follow-up, taken
 * next, on the same figures), else 0 (the listing walks).  state_check
 * compares a pending capture's set with this answer. */
static bool capture_possible(const carc_game *g, int p, const tw_tower *w, int32_t *set)
{
    *set = 0;
    if (!w) return false;
    tw_reach r;
    reach_of(g, w, &r);
    uint32_t bits = 0;
    for (int left = r.nfig, i = next_in_reach(g, &r, 0, &left); i >= 0;
         i = next_in_reach(g, &r, i + 1, &left))
        if (capturable_in(g, p, &r, i)) {
            if (i >= CAPTURE_SET_FIGS) return true; /* the listing walks */
            bits |= 1u << i;
        }
    if (!bits) return false;
    *set = (int32_t)(CAPTURE_SET | bits);
    return true;
}

/* Is figure i a follower of `owner` held by `captor` (-1: any captor) with
 * no lower-index figure of the same owner, kind and captor before it?  The
 * choices of an exchange and a ransom: one per kind and captor. */
static bool first_of_its_kind(const carc_game *g, int i, int owner, int captor)
{
    carc_fig f, o;
    carc__figure_get(g, i, &f);
    if (f.owner != owner || !held_by(&f, captor)) return false;
    for (int j = 0; j < i; j++) {
        carc__figure_get(g, j, &o);
        if (o.owner == owner && o.kind == f.kind && held_by(&o, f.arg)) return false;
    }
    return true;
}

/* may player p pay a ransom now? 0, or why not */
static int ransom_refusal(const carc_game *g, int p)
{
    const tw_state *s = cst(g);
    if (s->ransom_turn == carc__turn(g) + 1) return WHY_RANSOM_PAID;
    if (carc__score(g, p) < RANSOM_POINTS) return WHY_NO_POINTS;
    return 0;
}

/* does another player hold one of p's followers? (held[p], kept by
 * figure_moved, checked by state_check) */
static bool has_prisoner_held(const carc_game *g, int p)
{
    return p >= 0 && p < CARC_MAX_PLAYERS && cst(g)->held[p] != 0;
}

/* ------------------------------------------------------------- steps */

/* DEPLOY, before the core's deployment: a foundation just placed */
static int note_foundation(carc_game *g)
{
    tw_state *s = st(g);
    int t = carc__tile_last(g);
    /* the towers ascend by tile (state_check): t, the last tile placed, can
     * only be the last of them */
    if (t < 0 || !(carc__types[carc__tile_type(g, t)].tags & s->tag) ||
        s->ntowers >= s->cap || (s->ntowers && s->tower[s->ntowers - 1].tile == t))
        return CARC_HOOK_NEXT;
    tw_tower *w = &s->tower[s->ntowers++];
    memset(w, 0, sizeof *w);
    int x, y;
    carc__tile_xy(g, t, &x, &y);
    w->tile = (int16_t)t;
    w->x = (int16_t)x;
    w->y = (int16_t)y;
    w->top = -1;
    s->nopen++; /* open, no floor yet */
    return CARC_HOOK_NEXT;
}

/* DRAW, before anything else of the part (a bazaar's tile dealt, an abbey
 * offered, the core's draw): the ransom, once per turn.  Not when a tile
 * is in hand already (an abbey played after the last tile): a decision
 * between the draw and the placement would hide the tile drawn. */
static int offer_ransom(carc_game *g)
{
    int p = carc__current(g);
    if (!cst(g)->prisoners || p < 0 || carc__tile_in_hand(g) >= 0 || ransom_refusal(g, p) ||
        !has_prisoner_held(g, p))
        return CARC_HOOK_NEXT;
    carc__decision_push(g, DEC_RANSOM, p, MOD, -1, 0);
    return CARC_HOOK_NEXT;
}

/* ------------------------------------------------------------- events */

static void figure_moved(carc_game *g, int fig, const carc_fig *from, int cause)
{
    (void)cause;
    /* most moves (a deployment, a return home) neither leave nor reach a
     * place held or a tile (a top): the figure's place read in place */
    if (from->where != CARC_PLACE_HELD && from->where != CARC_PLACE_TILE &&
        (unsigned)fig < (unsigned)carc__figure_count(g)) {
        const uint8_t w = (uint8_t)((const char *)g +
                                    (uint32_t)carc__head_word(g, CARC__HEAD_FIGS_OFF))
                              [(size_t)fig * CARC__FIG_BYTES + CARC__FIG_WHERE];
        if (w != CARC_PLACE_HELD && w != CARC_PLACE_TILE) return;
    }
    tw_state *s = st(g);
    carc_fig now;
    carc__figure_get(g, fig, &now);
    int d = held_by(&now, -1) - held_by(from, -1);
    s->prisoners = (uint8_t)(s->prisoners + d);
    if (d && now.owner >= 0 && now.owner < CARC_MAX_PLAYERS)
        s->held[now.owner] = (uint8_t)(s->held[now.owner] + d);
    if (is_top(from)) {
        int i = tower_index(s, from->tile);
        if (i >= 0 && s->tower[i].top == fig) s->tower[i].top = -1; /* open again */
    }
    if (is_top(&now)) {
        int i = tower_index(s, now.tile);
        if (i >= 0) s->tower[i].top = (int16_t)fig;
    }
    if (is_top(from) || is_top(&now)) recount(s, &s->nopen, &s->nfloored);
}

/* ------------------------------------------------------------ decisions */

static void push_tile(const carc_game *g, action_sink *sink, int kind, int t, int arg)
{
    if (!sink->buf) { /* ids only (carc__sink_push without the action) */
        carc__sink_push_id(sink, CARC_ID_TILE + t);
        return;
    }
    carc_action a;
    memset(&a, 0, sizeof a);
    a.kind = kind;
    a.arg = arg;
    carc__tile_xy(g, t, &a.x, &a.y);
    carc__sink_push(sink, &a, CARC_ID_TILE + t);
}

/* top_possible for the kinds of `kinds` (a bit per kind, player p's kinds
 * in supply): the towers before the first open one with a floor are passed
 * over once, not once per kind.  Out of line: the deployment's verbs ask
 * it only when a top may be possible */
static __attribute__((noinline)) unsigned tops_possible(const carc_game *g, int p, unsigned kinds)
{
    const tw_state *s = cst(g);
    unsigned out = 0;
    int first = 0;
    while (first < s->ntowers && (!s->tower[first].height || !open_tower(&s->tower[first])))
        first++;
    if (first >= s->ntowers) return 0;
    if (!carc__figure_moves_vetoed(g)) return kinds; /* top_ok_with(first) with f -2 */
    for (int k = CARC_FIGURE_FOLLOWER; k <= CARC_FIGURE_BIG; k++) {
        if (!(kinds >> k & 1u)) continue;
        int f = -1;
        for (int i = first; i < s->ntowers; i++)
            if (top_ok_with(g, p, k, i, &f)) {
                out |= 1u << k;
                break;
            }
    }
    return out;
}

static void deploy_actions(const carc_game *g, const carc_pending *p, action_sink *sink)
{
    const tw_state *s = cst(g);
    int pl = p->player;
    /* no open tower: no floor, no top; no open one with a floor, or no
     * follower nor big follower in supply: no top */
    if (pl < 0 || !s->nopen) return;
    if (s->floors[pl]) carc__sink_push_kind(sink, ACT_FLOOR, 0, 0, VERB_FLOOR);
    if (!s->nfloored) return;
    unsigned kinds = carc__figure_supply_kinds(g, pl) &
                     (1u << CARC_FIGURE_FOLLOWER | 1u << CARC_FIGURE_BIG);
    if (!kinds) return;
    unsigned tops = tops_possible(g, pl, kinds);
    for (int k = CARC_FIGURE_FOLLOWER; k <= CARC_FIGURE_BIG; k++)
        if (tops >> k & 1u) carc__sink_push_kind(sink, ACT_TOP, k, 0, VERB_TOP + k);
}

static void decision_actions(const carc_game *g, const carc_pending *p, action_sink *sink)
{
    const tw_state *s = cst(g);
    switch (p->kind) {
    case DEC_FLOOR:
        if (!sink->buf && sink->ids && sink->n + s->ntowers <= sink->cap) {
            /* ids only, room for every tower: written straight (the towers
             * are in placement order: their tile ids ascend) */
            int32_t *ids = sink->ids + sink->n;
            size_t n = 0;
            for (int i = 0; i < s->ntowers; i++)
                if (open_tower(&s->tower[i])) ids[n++] = CARC_ID_TILE + s->tower[i].tile;
            sink->n += n;
            break;
        }
        for (int i = 0; i < s->ntowers; i++)
            if (open_tower(&s->tower[i])) push_tile(g, sink, ACT_FLOOR_AT, s->tower[i].tile, 0);
        break;
    case DEC_TOP: { /* the supply's figure looked up once, for every tower */
        if (carc__figure_supply(g, p->player, p->arg) == 0) break;
        int f = top_figure_start(g);
        for (int i = 0; i < s->ntowers; i++)
            if (top_ok_with(g, p->player, p->arg, i, &f))
                push_tile(g, sink, ACT_TOP_AT, s->tower[i].tile, 0);
        break;
    }
    case DEC_CAPTURE: {
        const tw_tower *w = tower_at(g, p->target);
        carc__sink_push_kind(sink, CARC_ACTION_PASS, 0, 0, CARC_ID_PASS);
        if (!w) break;
        if (p->arg) { /* the figures capture_possible found at the floor */
            for (uint32_t b = (uint32_t)p->arg & ~CAPTURE_SET; b; b &= b - 1) {
                int i = __builtin_ctz(b);
                carc__sink_push_kind(sink, ACT_CAPTURE, i, 0, CARC_ID_FIGURE + i);
            }
            break;
        }
        tw_reach r;
        reach_of(g, w, &r);
        for (int left = r.nfig, i = next_in_reach(g, &r, 0, &left); i >= 0;
             i = next_in_reach(g, &r, i + 1, &left))
            if (capturable_in(g, p->player, &r, i))
                carc__sink_push_kind(sink, ACT_CAPTURE, i, 0, CARC_ID_FIGURE + i);
        break;
    }
    case DEC_EXCHANGE:
        for (int i = 0; i < carc__figure_count(g); i++)
            if (first_of_its_kind(g, i, p->player, p->arg & 0xff))
                carc__sink_push_kind(sink, ACT_EXCHANGE, i, 0, CARC_ID_FIGURE + i);
        break;
    case DEC_RANSOM:
        carc__sink_push_kind(sink, CARC_ACTION_PASS, 0, 0, CARC_ID_PASS);
        for (int i = 0; i < carc__figure_count(g); i++) {
            carc_fig f;
            carc__figure_get(g, i, &f);
            if (f.owner == p->player && held_by(&f, -1) && first_of_its_kind(g, i, f.owner, f.arg))
                carc__sink_push_kind(sink, ACT_RANSOM, i, 0, CARC_ID_FIGURE + i);
        }
        break;
    default:
        break;
    }
}

/* The id of action a of this module (the ids decision_actions and
 * deploy_actions push), or -1. */
static int32_t own_id(const carc_game *g, const carc_action *a)
{
    switch (a->kind) {
    case CARC_ACTION_PASS:
        return CARC_ID_PASS;
    case ACT_FLOOR_AT:
    case ACT_TOP_AT: {
        int t = carc__tile_at(g, a->x, a->y);
        return t >= 0 ? CARC_ID_TILE + t : -1;
    }
    case ACT_CAPTURE:
    case ACT_EXCHANGE:
    case ACT_RANSOM:
        return CARC_ID_FIGURE + a->arg;
    default:
        return -1;
    }
}

/* Is action a listed now at decision p (deploy_actions' verbs, or
 * decision_actions')?  The same answer as the lists, one question for the
 * common ones (a verb, a capture, a floor's or a top's tower); the rare
 * decisions (exchange, ransom) are listed and the id looked for.  The
 * core's check before decision_apply (test_tower.c and test_action_legal.c
 * compare it with the lists on random games). */
static bool action_legal(const carc_game *g, const carc_pending *p, const carc_action *a)
{
    switch (p->kind) {
    case CARC_DECISION_DEPLOY:
        if (p->player < 0 || !cst(g)->ntowers) return false;
        if (a->kind == ACT_FLOOR) return floor_possible(g, p->player);
        if (a->kind == ACT_TOP)
            return a->arg >= CARC_FIGURE_FOLLOWER && a->arg <= CARC_FIGURE_BIG &&
                   top_possible(g, p->player, a->arg);
        return false;
    case DEC_CAPTURE:
        if (a->kind == CARC_ACTION_PASS) return true;
        return a->kind == ACT_CAPTURE && a->arg >= 0 && a->arg < CARC_ID_FIGURE_N &&
               !capture_refusal(g, p->player, tower_at(g, p->target), a->arg);
    case DEC_FLOOR:
    case DEC_TOP: { /* decision_actions' tower tiles: an open tower (a top: top_ok) */
        if (a->kind != (p->kind == DEC_FLOOR ? ACT_FLOOR_AT : ACT_TOP_AT)) return false;
        int t = carc__tile_at(g, a->x, a->y), i = t >= 0 ? tower_index(cst(g), t) : -1;
        if (i < 0) return false;
        return p->kind == DEC_FLOOR ? open_tower(&cst(g)->tower[i]) : top_ok(g, p->player, p->arg, i);
    }
    default: {
        int32_t id = own_id(g, a), ids[CARC_NUM_DISTINCT_ACTIONS];
        if (id < 0) return false;
        action_sink sink = {NULL, ids, sizeof ids / sizeof ids[0], 0};
        decision_actions(g, p, &sink);
        for (size_t i = 0; i < sink.n && i < sink.cap; i++)
            if (ids[i] == id) return true;
        return false;
    }
    }
}

/* Player p captured figure fig of another player q (now held by p): when q
 * holds followers of p, the two are exchanged at once -- fig goes home and
 * one of p's comes back, p's choice when they differ in kind. */
static int after_capture(carc_game *g, int p, int q, int fig)
{
    int first = -1, kinds = 0;
    unsigned seen = 0;
    for (int i = 0; i < carc__figure_count(g); i++) {
        carc_fig f;
        carc__figure_get(g, i, &f);
        if (f.owner != p || !held_by(&f, q)) continue;
        if (first < 0) first = i;
        if (!(seen & (1u << f.kind))) kinds++;
        seen |= 1u << f.kind;
    }
    if (first < 0) return CARC_OK;               /* a prisoner */
    if (kinds > 1)                               /* the captor chooses */
        return carc__decision_followup(g, DEC_EXCHANGE, p, MOD, -1, q | fig << 8);
    int rc = carc__figure_move(g, fig, CARC_PLACE_SUPPLY, -1, 0, 0, 0, CAUSE_EXCHANGE);
    if (rc) return rc;
    return carc__figure_move(g, first, CARC_PLACE_SUPPLY, -1, 0, 0, 0, CAUSE_EXCHANGE);
}

/* The core has checked that the action is one of decision_actions' and
 * gives the canonical action of its id. */
static int decision_apply(carc_game *g, const carc_pending *p, const carc_action *a)
{
    tw_state *s = st(g);
    switch (a->kind) {
    case CARC_ACTION_PASS:
        return CARC_OK;
    case ACT_FLOOR:
        return carc__decision_followup(g, DEC_FLOOR, p->player, MOD, -1, 0);
    case ACT_TOP:
        return carc__decision_followup(g, DEC_TOP, p->player, MOD, -1, a->arg);
    case ACT_FLOOR_AT: {
        int t = carc__tile_at(g, a->x, a->y), i = tower_index(s, t);
        int32_t set;
        if (i < 0 || !s->floors[p->player]) return CARC_E_ILLEGAL;
        if (!s->tower[i].height++ && open_tower(&s->tower[i])) s->nfloored++; /* a first floor */
        s->floors[p->player]--;
        if (!capture_possible(g, p->player, &s->tower[i], &set)) return CARC_OK;
        return carc__decision_followup(g, DEC_CAPTURE, p->player, MOD, t, set);
    }
    case ACT_TOP_AT: {
        int t = carc__tile_at(g, a->x, a->y);
        int f = carc__figure_in_supply(g, p->player, p->arg);
        if (t < 0 || f < 0) return CARC_E_ILLEGAL;
        return carc__figure_move(g, f, CARC_PLACE_TILE, t, 0, TOWER_TOP_ARG, 0, CARC_CAUSE_DEPLOY);
    }
    case ACT_CAPTURE: {
        carc_fig f;
        carc__figure_get(g, a->arg, &f);
        if (f.owner == p->player)
            return carc__figure_move(g, a->arg, CARC_PLACE_SUPPLY, -1, 0, 0, 0, CAUSE_CAPTURE);
        int rc = carc__figure_move(g, a->arg, CARC_PLACE_HELD, -1, 0, p->player, MOD,
                                   CAUSE_CAPTURE);
        if (rc) return rc;
        return after_capture(g, p->player, f.owner, a->arg);
    }
    case ACT_EXCHANGE: {
        int fig = (int)(p->arg >> 8);
        int rc = carc__figure_move(g, fig, CARC_PLACE_SUPPLY, -1, 0, 0, 0, CAUSE_EXCHANGE);
        if (rc) return rc;
        return carc__figure_move(g, a->arg, CARC_PLACE_SUPPLY, -1, 0, 0, 0, CAUSE_EXCHANGE);
    }
    case ACT_RANSOM: {
        carc_fig f;
        carc__figure_get(g, a->arg, &f);
        int q = f.arg, rc;
        s->ransom_turn = carc__turn(g) + 1;
        if ((rc = carc__score_add(g, p->player, -RANSOM_POINTS, REASON_RANSOM, 0, -1, 0)) ||
            (rc = carc__score_add(g, q, RANSOM_POINTS, REASON_RANSOM, 0, -1, 0)))
            return rc;
        return carc__figure_move(g, a->arg, CARC_PLACE_SUPPLY, -1, 0, 0, 0, CAUSE_RANSOM);
    }
    default:
        return CARC_E_ILLEGAL;
    }
}

/* ------------------------------------------------------------ ids, text */

static const carc_arg_choice top_kinds[2] = {
    {CARC_FIGURE_FOLLOWER, 0, "follower"},
    {CARC_FIGURE_BIG, 1, "big"},
};

static const carc_action_def actions[] = {
    {ACT_FLOOR, "floor", CARC_AT_DEPLOY, VERB_FLOOR, {{0}}},
    {ACT_FLOOR_AT, "floor", CARC_AT(0), CARC_ID_TILE, {CARC_ARG_CELL}},
    {ACT_TOP, "top", CARC_AT_DEPLOY, VERB_TOP, {CARC_ARG_CHOICE(arg, top_kinds)}},
    {ACT_TOP_AT, "top", CARC_AT(1), CARC_ID_TILE, {CARC_ARG_CELL}},
    {ACT_CAPTURE, "capture", CARC_AT(2), CARC_ID_FIGURE, {CARC_ARG_INT(arg, 0, CARC_ID_FIGURE_N - 1)}},
    {ACT_EXCHANGE, "exchange", CARC_AT(3), CARC_ID_FIGURE, {CARC_ARG_INT(arg, 0, CARC_ID_FIGURE_N - 1)}},
    {ACT_RANSOM, "ransom", CARC_AT(4), CARC_ID_FIGURE, {CARC_ARG_INT(arg, 0, CARC_ID_FIGURE_N - 1)}},
};

/* ------------------------------------------------------------ refusals */

static bool why(carc_explanation *out, int reason, const char *msg)
{
    out->reason = reason;
    snprintf(out->message, sizeof out->message, "%s", msg);
    return true;
}

static bool explain_capture(const carc_game *g, const carc_pending *d, const carc_action *a,
                            carc_explanation *out)
{
    if (d->kind != DEC_CAPTURE)
        return why(out, WHY_NOT_NOW, "a follower is captured only right after placing a tower "
                                     "floor, instead of a deployment");
    int h = carc__tower_height(g, d->target);
    switch (capture_refusal(g, d->player, tower_at(g, d->target), a->arg)) {
    case WHY_OUT_OF_REACH:
        out->reason = WHY_OUT_OF_REACH;
        snprintf(out->message, sizeof out->message,
                 "out of reach: this tower of height %d reaches its own tile and %d tile%s in a "
                 "straight line north, east, south or west",
                 h, h, h == 1 ? "" : "s");
        return true;
    case WHY_CASTLE:
        return why(out, WHY_CASTLE, "the knight of a castle cannot be captured");
    case WHY_TOP_IMMUNE:
        return why(out, WHY_TOP_IMMUNE, "a follower on top of a tower cannot be captured "
                                        "(rule tower_top_capture 1)");
    case WHY_NOT_CAPTURABLE:
        return why(out, WHY_NOT_CAPTURABLE, "only a follower on the board can be captured "
                                            "(never a builder, pig, barn or neutral figure)");
    default:
        return false;
    }
}

static bool explain(const carc_game *g, const carc_action *a, carc_explanation *out)
{
    const carc_pending *d = carc__decision_pending(g);
    if (!d) return false;
    const tw_state *s = cst(g);
    int p = d->player;
    bool deploy = d->kind == CARC_DECISION_DEPLOY && !(d->flags & CARC_PENDING_QUEUED_DEPLOY);
    switch (a->kind) {
    case ACT_FLOOR:
    case ACT_TOP:
        if (a->kind == ACT_TOP && a->arg != CARC_FIGURE_FOLLOWER && a->arg != CARC_FIGURE_BIG)
            return false;
        if (!deploy)
            return why(out, WHY_NOT_NOW, "a tower floor or a follower on a tower goes at the "
                                         "deployment, instead of deploying a figure");
        if (a->kind == ACT_FLOOR && !s->floors[p])
            return why(out, WHY_NO_FLOORS, "no tower floors left");
        if (!s->ntowers)
            return why(out, WHY_NO_TOWER, "no tower foundation on the board yet");
        if (a->kind == ACT_TOP && carc__figure_supply(g, p, a->arg) == 0)
            return why(out, WHY_NO_FIGURE, a->arg == CARC_FIGURE_BIG
                                               ? "your big follower is not in your supply"
                                               : "no normal follower in your supply");
        if (a->kind == ACT_TOP) {
            for (int i = 0; i < s->ntowers; i++)
                if (s->tower[i].height && open_tower(&s->tower[i]))
                    return false; /* another module's veto */
            return why(out, WHY_NO_TOWER, "no open tower with a floor: a follower never stands "
                                          "on an empty foundation, nor on a closed tower");
        }
        return why(out, WHY_CLOSED, "every tower is closed: a follower stands on its top");
    case ACT_FLOOR_AT:
    case ACT_TOP_AT: {
        int want = a->kind == ACT_FLOOR_AT ? DEC_FLOOR : DEC_TOP;
        if (d->kind != want)
            return why(out, WHY_NOT_NOW, "choose the tower only after 'floor' or 'top' at the "
                                         "deployment");
        int i = tower_index(s, carc__tile_at(g, a->x, a->y));
        if (i < 0) return why(out, WHY_NO_TOWER, "no tower foundation on that tile");
        if (!open_tower(&s->tower[i]))
            return why(out, WHY_CLOSED, "that tower is closed: a follower stands on its top");
        if (a->kind == ACT_TOP_AT && !s->tower[i].height)
            return why(out, WHY_NO_TOWER, "an empty foundation: a follower goes only on a tower "
                                          "of at least one floor");
        return false;
    }
    case ACT_CAPTURE:
        return explain_capture(g, d, a, out);
    case ACT_EXCHANGE:
        if (d->kind != DEC_EXCHANGE)
            return why(out, WHY_NOT_NOW, "prisoners are exchanged only when a capture makes two "
                                         "players hold each other's followers");
        return why(out, WHY_NOT_PRISONER, "choose one of your followers the other player holds");
    case ACT_RANSOM: {
        carc_fig f;
        if (p < 0) p = carc__current(g); /* a draw of the player's turn */
        bool mine = a->arg >= 0 && a->arg < carc__figure_count(g) && p >= 0;
        if (mine) {
            carc__figure_get(g, a->arg, &f);
            mine = f.owner == p && held_by(&f, -1);
        }
        int r = p >= 0 ? ransom_refusal(g, p) : 0;
        if (r == WHY_RANSOM_PAID)
            return why(out, r, "ransom already paid this turn: one prisoner a turn (a "
                               "builder's second tile is the same turn)");
        if (p >= 0 && !mine)
            return why(out, WHY_NOT_PRISONER, "that is none of your followers held prisoner");
        if (r == WHY_NO_POINTS)
            return why(out, r, "not enough points: a ransom costs 3 points");
        if (d->kind != DEC_RANSOM)
            return why(out, WHY_NOT_NOW, "a ransom is paid on your turn, before you draw your "
                                         "tile");
        return false;
    }
    default:
        return false;
    }
}

static const carc_step_hook steps[] = {
    {CARC_STEP_DRAW, -30, offer_ransom}, /* before the bazaar's (-20), the abbey's (-10) */
    {CARC_STEP_DEPLOY, -20, note_foundation},
};

/* the ransom has work only while one of the player's followers is held
 * (held[p], p the player whose turn it is), a foundation only after a
 * tower tile was laid */
static const uint16_t step_work[] = {CARC_WORK_PLAYER(tw_state, held), 0};
static const uint32_t step_ttags[] = {0, CARC_TTAG_TOWER};
_Static_assert(sizeof step_work / sizeof step_work[0] == sizeof steps / sizeof steps[0] &&
                   sizeof step_ttags / sizeof step_ttags[0] == sizeof steps / sizeof steps[0],
               "a step_work and a step_ttags entry per step hook");

static const char *const reasons[] = {"ransom", NULL};

const carc_module_def carc__module_tower = {
    .id = MOD,
    .name = "tower",
    .tile_set = "tower",
    .rules = rules,
    .nrules = sizeof rules / sizeof rules[0],
    .uses = 1ull << CARC_MODULE_BRIDGES_CASTLES, /* its castles' knights are immune */
    .reasons = reasons,
    .state_size = state_size,
    .state_check = state_check,
    /* per tile (part): the ransom, the tower (floor or top), the capture,
     * the exchange */
    .decisions_per_tile = 4,
    /* the ransom: the payer's and the captor's events */
    .events_per_tile = 2,
    .max_pending = 1,
    .steps = steps,
    .nsteps = sizeof steps / sizeof steps[0],
    .step_work = step_work,
    .step_ttags = step_ttags,
    .setup = setup,
    .decision_actions = decision_actions,
    .decision_apply = decision_apply,
    .action_legal = action_legal,
    .actions = actions,
    .nactions = sizeof actions / sizeof actions[0],
    .deploy_actions = deploy_actions,
    .explain = explain,
    .token_kinds = 1u << CARC_TOKEN_TOWER_FLOOR,
    .tokens = tokens,
    .figure_role = figure_role,
    .tile_structure = tile_structure,
    .held_place = held_place,
    .figure_moved = figure_moved,
};
