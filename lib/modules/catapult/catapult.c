/* The Catapult (module 9): 12 fair tiles and the catapult rounds.
 * Rules: ../shared/spec/catapult-expansion.txt, ../shared/rules/catapult.md,
 * ../shared/rules/ambiguities.md C1-C9 and A6; doc/rules.md "The Catapult"
 * says which rule each part implements and its source, doc/catapult.md
 * gives the hurl model and the outcome words.
 *
 *  - the fair (tiles.def): an unclaimable feature in the middle of every
 *    fair tile (tile tag @fair) that ends roads and splits fields (C8).
 *  - when a fair tile is placed (drawn, taken at a bazaar, in a builder's
 *    extra part; DEPLOY, order -20, notes it), a catapult round runs after
 *    the player's whole turn (TURN_END, order -50; END_PHASE, order -100
 *    for a turn the core ends without TURN_END), one per fair tile, also
 *    after the last tile (C7): the active player chooses a kind of token
 *    ("catapult knockout|seduction|target|catch"); every player from the
 *    active player clockwise aims ("catapult aim N", or "catapult power N"
 *    for the catch; none with rule catapult_aim 2) and hurls: a chance
 *    decision with a structured outcome (doc/catapult.md) that the host
 *    answers or the seeded model samples; effects; tokens return (each
 *    player always holds one token of each kind: C9).
 *  - knock-out: every follower the token touched goes home, the hurler's
 *    own included; other figures stay (C5); the orphan rule (A6: Traders &
 *    Builders' figure_moved) and a tower top's reopening follow from the
 *    moves (carc__figure_move).
 *  - followers a module holds off the board with a place on it (a City
 *    quarter: carc__figure_held_spot) are touched and seduced like those on
 *    the board (C4, C5; rule catapult_quarters 2: not); a seduced one is
 *    replaced in its place (carc__figure_held_legal).
 *  - seduction: on the map, the closest opponent follower (C4; rule
 *    catapult_seduction 2: the closest follower of anyone, nothing when it
 *    is the hurler's own; ties: rule catapult_seduction_ties) may be
 *    exchanged for one of the hurler's followers, from supply or from the
 *    board, legal on that feature (carc__figure_deploy_legal, cause
 *    CARC_CAUSE_SEDUCTION): "catapult swap F" or pass; the seduced follower
 *    goes home first.
 *  - target: the tokens on the map closest to the fair tile of the round
 *    score 5 each (C6; metric: rule catapult_target_metric).
 *  - catch: hurler and left neighbour; four outcome codes, points table
 *    rule catapult_catch_points (C2); with two players they swap (C3).
 */
#include "module.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "modules/tower/tower.h"
#include "tiles_gen.h"

#define MOD CARC_MODULE_CATAPULT

/* rule options: slots 40-47 */
#define RULE_AIM 40           /* C1: 1 players aim (the skill model), 2 no aim decisions */
#define RULE_CATCH_POINTS 41  /* C2: 1 the recommended table, 2 verified rows only       */
#define RULE_SEDUCTION 42     /* C4: 1 closest opponent follower, 2 closest of anyone    */
#define RULE_SEDUCTION_TIES 43 /* C4: 1 the hurler chooses among the tied, 2 nobody      */
#define RULE_TARGET_METRIC 44 /* C6: 1 distance to the tile's square, 2 to its centre    */
#define RULE_QUARTERS 45      /* C4, C5: 1 held followers with a place on the board (City
                                 quarters) are in play, 2 they are off the board        */

#define DEC_KIND CARC_MODULE_KIND(MOD, 0)  /* the active player chooses a kind   */
#define DEC_AIM CARC_MODULE_KIND(MOD, 1)   /* the hurler aims (knock-out, seduction, target) */
#define DEC_POWER CARC_MODULE_KIND(MOD, 2) /* the hurler's power (catch)          */
#define DEC_HURL CARC_MODULE_KIND(MOD, 3)  /* chance, sampled-only: the outcome    */
#define DEC_PICK CARC_MODULE_KIND(MOD, 4)  /* which of the tied closest followers  */
#define DEC_SWAP CARC_MODULE_KIND(MOD, 5)  /* which own follower replaces it, or pass */

#define ACT_KIND CARC_MODULE_KIND(MOD, 0)
#define ACT_AIM CARC_MODULE_KIND(MOD, 1)
#define ACT_POWER CARC_MODULE_KIND(MOD, 2)
#define ACT_HURL CARC_MODULE_KIND(MOD, 3) /* hand-written: a structured outcome */
#define ACT_PICK CARC_MODULE_KIND(MOD, 4)
#define ACT_SWAP CARC_MODULE_KIND(MOD, 5)

#define REASON_TARGET CARC_MODULE_KIND(MOD, 0)
#define REASON_CATCH CARC_MODULE_KIND(MOD, 1)

#define CAUSE_KNOCKOUT CARC_MODULE_KIND(MOD, 0) /* a follower knocked out goes home */
#define CAUSE_SEDUCED CARC_MODULE_KIND(MOD, 1)  /* the seduced follower goes home   */

/* why its actions are refused (carc_game_explain), numbered like its kinds */
#define WHY_NOT_NOW CARC_MODULE_KIND(MOD, 0)
#define WHY_KIND_CHOSEN CARC_MODULE_KIND(MOD, 1)
#define WHY_AIM_RANGE CARC_MODULE_KIND(MOD, 2)
#define WHY_SWAP_ILLEGAL CARC_MODULE_KIND(MOD, 3)
#define WHY_PICK CARC_MODULE_KIND(MOD, 4)
#define WHY_OUTCOME CARC_MODULE_KIND(MOD, 5)

/* the kinds of token (verbs 0..3 at DEC_KIND) */
enum { TK_KNOCKOUT = 0, TK_SEDUCTION = 1, TK_TARGET = 2, TK_CATCH = 3, NTK = 4 };
/* the catch's outcome codes (ambiguities.md C2) */
enum { CATCH_CAUGHT = 0, CATCH_FAR = 1, CATCH_SHORT = 2, CATCH_TOUCHED = 3, NCATCH = 4 };

#define NAIMS 225     /* 5 x 5 cells around the fair x 3 x 3 offsets        */
#define AIM_CENTRE 112 /* the fair tile's centre                            */
#define NPOWERS 5
#define POWER_DEFAULT 2
#define TARGET_POINTS 5
#define CATCH_POINTS 5
#define BIAS 32768    /* payload words: half millimetres + BIAS             */
#define OFF_UNKNOWN (-32768) /* an off-map token whose point was not given */

static const carc_arg_choice token_kinds[NTK] = {
    {TK_KNOCKOUT, 0, "knockout"}, {TK_SEDUCTION, 1, "seduction"}, {TK_TARGET, 2, "target"},
    {TK_CATCH, 3, "catch"},
};
static const char *const catch_words[NCATCH] = {"caught", "far", "short", "touched"};

/* the round's cursor */
enum { PH_IDLE = 0, PH_KIND, PH_AIM, PH_HURL, PH_AFTER };

#define MAX_FAIRS 16

typedef struct cat_state {
    uint32_t fair_ttag;        /* the @fair tile tag's bit (setup)             */
    uint8_t nfairs;            /* fair tiles placed whose round has not run   */
    uint8_t phase;             /* PH_*                                         */
    uint8_t kind;              /* the round's kind of token                    */
    uint8_t starter;           /* the active player of the round               */
    uint8_t k;                 /* hurls done in the round                      */
    uint8_t aim;               /* the current hurler's aim (or power)          */
    int16_t fair;              /* the round's fair tile                        */
    int16_t fairs[MAX_FAIRS];  /* queued fair tiles, oldest first              */
    /* this round's and, once it is over, the last round's hurls */
    uint8_t last_kind;         /* NTK: no round yet                            */
    uint8_t nhurls;
    uint8_t code[CARC_MAX_PLAYERS];   /* on the map (1) or not; catch: its code */
    int16_t rx[CARC_MAX_PLAYERS], ry[CARC_MAX_PLAYERS]; /* rest, half-mm      */
    uint8_t knocked[CARC_MAX_PLAYERS]; /* followers each hurl sent home       */
    uint16_t rounds;           /* rounds run                                   */
} cat_state;

static const carc_rule_def rules[] = {
    {RULE_AIM, "catapult_aim", 1, 1, 2},
    {RULE_CATCH_POINTS, "catapult_catch_points", 1, 1, 2},
    {RULE_SEDUCTION, "catapult_seduction", 1, 1, 2},
    {RULE_SEDUCTION_TIES, "catapult_seduction_ties", 1, 1, 2},
    {RULE_TARGET_METRIC, "catapult_target_metric", 1, 1, 2},
    {RULE_QUARTERS, "catapult_quarters", 1, 1, 2},
};

static size_t state_size(const carc_options *o)
{
    (void)o;
    return sizeof(cat_state);
}

static cat_state *st(carc_game *g) { return carc__mod_state(g, MOD); }
static const cat_state *cst(const carc_game *g) { return carc__mod_cstate(g, MOD); }

/* state_check (snapshots): the tag bit setup looked up, the fair tiles
 * queued and the round's, its phase, token kind, players and hurls, and
 * this module's decisions in the queue (a player; the fair tile; the
 * hurl's hurler, kind and aim; the follower to swap). */
static bool state_check(const carc_game *g, const carc_pending *queue, int n)
{
    const cat_state *s = cst(g);
    int np = carc__players(g), nf = carc__figure_count(g), nt = carc__tile_count(g);
    if (s->fair_ttag != carc__tile_tag_bit("fair") || s->nfairs > MAX_FAIRS ||
        s->phase > PH_AFTER || s->kind >= NTK || s->starter >= np || s->k > np ||
        s->aim >= NAIMS || s->fair < -1 || s->fair >= nt || s->last_kind > NTK ||
        s->nhurls > np)
        return false;
    for (int i = 0; i < s->nfairs; i++)
        if (s->fairs[i] < 0 || s->fairs[i] >= nt) return false;
    for (int i = 0; i < n; i++) {
        const carc_pending *p = &queue[i];
        if (p->owner != MOD) continue;
        if (p->kind != DEC_HURL && p->player < 0) return false;
        switch (p->kind) {
        case DEC_KIND:
        case DEC_AIM:
        case DEC_POWER:
            if (p->target < 0 || p->target >= nt) return false;
            break;
        case DEC_HURL:
            /* HURL_ARG: hurler | kind << 4 | aim << 8 */
            if (p->arg < 0 || (p->arg & 15) >= np || ((p->arg >> 4) & 15) >= NTK ||
                (p->arg >> 8) >= NAIMS)
                return false;
            break;
        case DEC_PICK:
            break;
        case DEC_SWAP:
            if (p->arg < 0 || p->arg >= nf) return false;
            break;
        default:
            return false;
        }
    }
    return true;
}

static void setup(carc_game *g)
{
    cat_state *s = st(g);
    s->fair_ttag = carc__tile_tag_bit("fair");
    s->fair = -1;
    s->last_kind = NTK;
}

/* ------------------------------------------------------------- geometry */

/* Measured token sizes (../shared/rules/catapult.md §2): the radius of the
 * disc the model uses, hundredths of a millimetre (a non-round token: half
 * the mean of its two sides). */
static const int token_radius[NTK] = {1121, 1098, 1207, 957};
/* The model's scatter (standard deviation per axis) and longest slide, in
 * hundredths of a millimetre, per kind (doc/catapult.md). */
static const int scatter[NTK] = {1400, 1400, 1200, 0};
static const int slide_max[NTK] = {600, 600, 1500, 0};
/* a touched figure is pushed this far: what it then touches is touched too */
#define PUSH 300

static int16_t floordiv(int a, int b) { return (int16_t)(a >= 0 ? a / b : -((-a + b - 1) / b)); }

/* Is the point (x, y) (board half millimetres) on a placed tile? */
static bool on_map(const carc_game *g, int x, int y)
{
    return carc__tile_at(g, floordiv(x + 45, 90), floordiv(y + 45, 90)) >= 0;
}

/* Where figure i is for the catapult: on the board (carc__figure_spot), or
 * held off it by a module that gives it a place on the board (a follower in
 * a City quarter: carc__figure_held_spot) unless rule catapult_quarters is
 * 2.  The tile, or < 0 when no token can reach it (supply, the dungeon, a
 * prisoner, the Count). */
static int figure_place(const carc_game *g, int i, carc_spot *sp)
{
    int t = carc__figure_spot(g, i, sp);
    if (t == CARC_E_NOTFOUND && carc__rule(g, RULE_QUARTERS) != 2)
        t = carc__figure_held_spot(g, i, sp);
    return t;
}

/* Every figure's place at once (figure_place for figures 0..n-1, n
 * returned): carc__figure_spots, then a held follower's place
 * (carc__figure_held_spot) unless rule catapult_quarters is 2. */
static int figure_places(const carc_game *g, int16_t *tiles, carc_spot *spots)
{
    int n = carc__figure_spots(g, carc__figure_count(g), tiles, spots);
    bool quarters = carc__rule(g, RULE_QUARTERS) != 2;
    for (int i = 0; i < n; i++)
        if (tiles[i] == CARC_E_NOTFOUND && quarters) {
            int t = carc__figure_held_spot(g, i, &spots[i]);
            tiles[i] = (int16_t)(t >= 0 ? t : CARC_E_NOTFOUND);
        }
    return n;
}

/* The footprint of figure i at its place (t, sp: figure_places), centre in
 * board hundredths of a millimetre; false when it has no place (t < 0). */
static bool rect_at(const carc_game *g, int i, int t, const carc_spot *sp, int64_t *cx,
                    int64_t *cy, int *hw, int *hd)
{
    if (t < 0) return false;
    int x, y;
    carc__tile_xy(g, t, &x, &y);
    carc_fig f;
    carc__figure_get(g, i, &f);
    carc_footprint fp;
    carc__figure_footprint(f.kind, sp->flags, &fp);
    *cx = ((int64_t)x * 90 + sp->x - 45) * 50;
    *cy = ((int64_t)y * 90 + sp->y - 45) * 50;
    *hw = fp.w / 2;
    *hd = fp.d / 2;
    return true;
}

/* The figures a token of `kind` resting at (x, y) (half-mm) touches, the
 * chain reaction included: ascending indices in out, count returned. */
static int touched_at(const carc_game *g, int kind, int x, int y, uint16_t *out, int cap)
{
    int n = carc__figure_count(g);
    if (n > CARC_ID_FIGURE_N) n = CARC_ID_FIGURE_N;
    int64_t cx[CARC_ID_FIGURE_N], cy[CARC_ID_FIGURE_N];
    int hw[CARC_ID_FIGURE_N], hd[CARC_ID_FIGURE_N];
    bool on[CARC_ID_FIGURE_N], hit[CARC_ID_FIGURE_N];
    int64_t px = (int64_t)x * 50, py = (int64_t)y * 50, r = token_radius[kind];
    int queue[CARC_ID_FIGURE_N], nq = 0;
    int16_t tl[CARC_ID_FIGURE_N];
    carc_spot sp[CARC_ID_FIGURE_N];
    n = figure_places(g, tl, sp);
    for (int i = 0; i < n; i++) {
        hit[i] = false;
        on[i] = rect_at(g, i, tl[i], &sp[i], &cx[i], &cy[i], &hw[i], &hd[i]);
        if (!on[i]) continue;
        int64_t dx = llabs(px - cx[i]) - hw[i], dy = llabs(py - cy[i]) - hd[i];
        if (dx < 0) dx = 0;
        if (dy < 0) dy = 0;
        if (dx * dx + dy * dy <= r * r) {
            hit[i] = true;
            queue[nq++] = i;
        }
    }
    for (int q = 0; q < nq; q++) { /* the chain: a pushed figure touches others */
        int a = queue[q];
        for (int b = 0; b < n; b++)
            if (on[b] && !hit[b] && llabs(cx[a] - cx[b]) <= hw[a] + hw[b] + PUSH &&
                llabs(cy[a] - cy[b]) <= hd[a] + hd[b] + PUSH) {
                hit[b] = true;
                queue[nq++] = b;
            }
    }
    int m = 0;
    for (int i = 0; i < n; i++)
        if (hit[i] && m < cap) out[m++] = (uint16_t)i;
    return m;
}

/* squared distance (half-mm) from (x, y) to fair tile t: its square (0
 * inside) or its centre (rule catapult_target_metric 2) */
static int64_t fair_distance(const carc_game *g, int t, int x, int y)
{
    int fx, fy;
    carc__tile_xy(g, t, &fx, &fy);
    int64_t dx = llabs((int64_t)x - fx * 90), dy = llabs((int64_t)y - fy * 90);
    if (carc__rule(g, RULE_TARGET_METRIC) != 2) {
        dx = dx > 45 ? dx - 45 : 0;
        dy = dy > 45 ? dy - 45 : 0;
    }
    return dx * dx + dy * dy;
}

/* ------------------------------------------------------------- the model */

/* The aim's point in board half-mm: cell (dx, dy) of the 5 x 5 around the
 * fair tile, offset (ox, oy) of 15 mm. */
static void aim_point(const carc_game *g, int fair, int aim, int *x, int *y)
{
    int fx, fy;
    carc__tile_xy(g, fair, &fx, &fy);
    int cell = aim / 9, off = aim % 9;
    int dx = cell % 5 - 2, dy = cell / 5 - 2, ox = off % 3 - 1, oy = off / 3 - 1;
    *x = (fx + dx) * 90 + ox * 30;
    *y = (fy + dy) * 90 + oy * 30;
}

/* an approximately normal deviate with standard deviation `sd` (hundredths
 * of a mm): the sum of 12 uniform draws (Irwin-Hall), integers only, so
 * every machine samples the same */
static int64_t gauss(carc_game *g, int sd)
{
    int64_t sum = (int64_t)carc__random_sum_below(g, 4096, 12);
    return (sum - 6 * 4096) * sd / 4096;
}

static int to_half(int64_t c) { return (int)(c >= 0 ? (c + 25) / 50 : -((-c + 25) / 50)); }

/* Sample where a token of `kind` aimed at `aim` comes to rest. */
static void sample_rest(carc_game *g, int kind, int fair, int aim, int *x, int *y)
{
    int ax, ay;
    aim_point(g, fair, aim, &ax, &ay);
    int64_t px = (int64_t)ax * 50 + gauss(g, scatter[kind]);
    int64_t py = (int64_t)ay * 50 + gauss(g, scatter[kind]);
    /* sliding: up to slide_max in one of eight directions */
    int len = (int)carc__random_below(g, (uint32_t)slide_max[kind] + 1);
    int dir = (int)carc__random_below(g, 8);
    static const int sx[8] = {0, 707, 1000, 707, 0, -707, -1000, -707};
    static const int sy[8] = {-1000, -707, 0, 707, 1000, 707, 0, -707};
    px += (int64_t)len * sx[dir] / 1000;
    py += (int64_t)len * sy[dir] / 1000;
    int hx = to_half(px), hy = to_half(py);
    if (hx < -30000) hx = -30000;
    if (hx > 30000) hx = 30000;
    if (hy < -30000) hy = -30000;
    if (hy > 30000) hy = 30000;
    *x = hx;
    *y = hy;
}

/* The catch with power p (0 softest .. 4 hardest), percentages: past the
 * board; caught when past; touched when past and not caught. */
static const uint8_t catch_past[NPOWERS] = {30, 50, 70, 85, 95};
static const uint8_t catch_caught[NPOWERS] = {60, 50, 40, 30, 20};
#define CATCH_TOUCHED_PCT 25

static int sample_catch(carc_game *g, int power)
{
    if ((int)carc__random_below(g, 100) >= catch_past[power]) return CATCH_SHORT;
    if ((int)carc__random_below(g, 100) < catch_caught[power]) return CATCH_CAUGHT;
    return (int)carc__random_below(g, 100) < CATCH_TOUCHED_PCT ? CATCH_TOUCHED : CATCH_FAR;
}

/* --------------------------------------------------------------- helpers */

static bool is_fair(const carc_game *g, int t)
{
    return t >= 0 && (carc__types[carc__tile_type(g, t)].tags & cst(g)->fair_ttag) != 0;
}

static bool is_follower(const carc_game *g, const carc_fig *f)
{
    return f->owner >= 0 && (carc__figure_kind_classes(g, f->kind) & CARC_CLASS_FOLLOWER);
}

/* the hurl decision's arg: hurler, kind, aim */
#define HURL_ARG(p, k, a) ((p) | ((k) << 4) | ((a) << 8))
#define HURL_PLAYER(arg) ((arg) & 15)
#define HURL_KIND(arg) (((arg) >> 4) & 15)
#define HURL_AIM(arg) ((arg) >> 8)

static int hurler(const carc_game *g) { return (cst(g)->starter + cst(g)->k) % carc__players(g); }

/* Candidates for the seduction of a token resting at (x, y): the closest
 * eligible followers (ties: all of them), ascending; count returned. */
static int closest_followers(const carc_game *g, int player, int x, int y, int *out)
{
    int n = carc__figure_count(g), m = 0;
    int64_t best = -1;
    bool anyone = carc__rule(g, RULE_SEDUCTION) == 2;
    for (int i = 0; i < n && i < CARC_ID_FIGURE_N; i++) {
        carc_fig f;
        carc__figure_get(g, i, &f);
        if (!is_follower(g, &f) || (f.where != CARC_PLACE_SEGMENT && f.where != CARC_PLACE_TILE &&
                                    f.where != CARC_PLACE_HELD))
            continue;
        if (!anyone && f.owner == player) continue;
        carc_spot sp;
        int t = figure_place(g, i, &sp), tx, ty;
        if (t < 0) continue;
        carc__tile_xy(g, t, &tx, &ty); /* its centre (rect_at's), no footprint needed */
        int64_t cx = ((int64_t)tx * 90 + sp.x - 45) * 50, cy = ((int64_t)ty * 90 + sp.y - 45) * 50;
        int64_t dx = cx - (int64_t)x * 50, dy = cy - (int64_t)y * 50, d = dx * dx + dy * dy;
        if (best < 0 || d < best) {
            best = d;
            m = 0;
        }
        if (d == best) out[m++] = i;
    }
    return m;
}

/* May figure f of the hurler replace follower t (seduction)?  On a
 * segment: the deployment rule (carc__figure_deploy_legal, cause
 * CARC_CAUSE_SEDUCTION, the feature's occupation lifted).  Held by a module
 * with a place on the board (a City quarter): the holder's rule
 * (carc__figure_held_legal).  On a tile, no
 * segment: on a tower top a normal or big follower (The Tower: no other
 * figure goes on top; the Tower's fact header says it is a top), anywhere
 * else (an acrobat) a follower of the same kind; and every veto of the move. */
/* swap_legal's part that depends on t alone: t (read into *b) is a
 * follower that may go home seduced */
static bool swap_target_ok(const carc_game *g, int t, carc_fig *b)
{
    carc__figure_get(g, t, b);
    return is_follower(g, b) && carc__figure_may_move(g, t, CARC_PLACE_SUPPLY, -1, 0, CAUSE_SEDUCED);
}

/* swap_legal for a t that passed swap_target_ok (b: its record) */
static bool swap_legal_to(const carc_game *g, int f, int t, const carc_fig *bp)
{
    carc_fig a, b = *bp;
    carc__figure_get(g, f, &a);
    if (!is_follower(g, &a)) return false;
    if (a.where != CARC_PLACE_SUPPLY && a.where != CARC_PLACE_SEGMENT && a.where != CARC_PLACE_TILE)
        return false;
    if (b.where == CARC_PLACE_HELD) /* a City quarter: its holder's rule */
        return carc__figure_held_legal(g, f, b.holder, b.arg, CARC_CAUSE_SEDUCTION);
    if (b.where == CARC_PLACE_SEGMENT)
        return carc__figure_deploy_legal(g, f, b.tile, b.segment, CARC_CAUSE_SEDUCTION,
                                         CARC_DEPLOY_OCCUPIED);
    if (b.where != CARC_PLACE_TILE) return false;
    bool top = b.arg == TOWER_TOP_ARG && carc__tower_top(g, b.tile) == t;
    if (top ? a.kind != CARC_FIGURE_FOLLOWER && a.kind != CARC_FIGURE_BIG : a.kind != b.kind)
        return false;
    return carc__figure_may_move(g, f, CARC_PLACE_TILE, b.tile, b.arg, CARC_CAUSE_SEDUCTION);
}

static bool swap_legal(const carc_game *g, int f, int t)
{
    carc_fig b;
    return swap_target_ok(g, t, &b) && swap_legal_to(g, f, t, &b);
}

/* The hurler's figures that may replace t: a follower of each kind in
 * supply (its lowest index) and each follower on the board; ascending. */
static int swap_candidates_upto(const carc_game *g, int player, int t, int *out, int most);
static int swap_candidates(const carc_game *g, int player, int t, int *out)
{
    return swap_candidates_upto(g, player, t, out, CARC_ID_FIGURE_N);
}

/* has the hurler any figure that may replace t?  (swap_candidates' first) */
static bool swap_any(const carc_game *g, int player, int t)
{
    int c[1];
    return swap_candidates_upto(g, player, t, c, 1) > 0;
}

/* swap_candidates, stopping after the first `most` */
static int swap_candidates_upto(const carc_game *g, int player, int t, int *out, int most)
{
    int n = carc__figure_count(g), m = 0;
    uint32_t kinds_seen = 0;
    carc_fig b;
    if (!swap_target_ok(g, t, &b)) return 0; /* t's part, once */
    for (int i = 0; i < n && i < CARC_ID_FIGURE_N; i++) {
        carc_fig f;
        carc__figure_get(g, i, &f);
        if (f.owner != player || !is_follower(g, &f)) continue;
        if (f.where == CARC_PLACE_SUPPLY) {
            if (kinds_seen & (1u << f.kind)) continue;
            kinds_seen |= 1u << f.kind;
        }
        if (swap_legal_to(g, i, t, &b) && (out[m++] = i, m == most)) break;
    }
    return m;
}

/* ------------------------------------------------------------- the round */

/* DEPLOY (before the core's): note a fair tile just placed. */
static int note_fair(carc_game *g)
{
    cat_state *s = st(g);
    int t = carc__tile_last(g);
    if (is_fair(g, t) && s->nfairs < MAX_FAIRS) s->fairs[s->nfairs++] = (int16_t)t;
    return CARC_HOOK_NEXT;
}

static int score_target(carc_game *g)
{
    cat_state *s = st(g);
    int64_t best = -1;
    for (int q = 0; q < s->nhurls; q++) {
        if (!s->code[q]) continue;
        int64_t d = fair_distance(g, s->fair, s->rx[q], s->ry[q]);
        if (best < 0 || d < best) best = d;
    }
    if (best < 0) return CARC_OK; /* every token off the map: nobody (C6) */
    for (int q = 0; q < s->nhurls; q++) {
        int p = (s->starter + q) % carc__players(g);
        if (s->code[q] && fair_distance(g, s->fair, s->rx[q], s->ry[q]) == best) {
            int rc = carc__score_add(g, p, TARGET_POINTS, REASON_TARGET, CARC_KIND_FAIR, s->fair, 0);
            if (rc) return rc;
        }
    }
    return CARC_OK;
}

/* TURN_END (and END_PHASE): the rounds of the fair tiles placed. */
static int round_step(carc_game *g)
{
    cat_state *s = st(g);
    for (;;) {
        switch (s->phase) {
        case PH_IDLE:
            if (s->nfairs == 0) return CARC_HOOK_NEXT;
            s->fair = s->fairs[0];
            memmove(s->fairs, s->fairs + 1, (size_t)(s->nfairs - 1) * sizeof s->fairs[0]);
            s->nfairs--;
            s->starter = (uint8_t)carc__current(g);
            s->k = 0;
            s->nhurls = 0;
            s->phase = PH_KIND;
            carc__decision_push(g, DEC_KIND, s->starter, MOD, s->fair, 0);
            return CARC_HOOK_AGAIN;
        case PH_AIM: {
            if (s->k >= carc__players(g)) {
                int rc = s->kind == TK_TARGET ? score_target(g) : CARC_OK;
                if (rc) return rc;
                s->phase = PH_IDLE;
                s->rounds++;
                continue;
            }
            int p = hurler(g);
            if (carc__rule(g, RULE_AIM) == 2) {
                s->aim = s->kind == TK_CATCH ? POWER_DEFAULT : AIM_CENTRE;
                s->phase = PH_HURL;
                continue;
            }
            s->phase = PH_HURL;
            carc__decision_push(g, s->kind == TK_CATCH ? DEC_POWER : DEC_AIM, p, MOD, s->fair,
                                s->kind);
            return CARC_HOOK_AGAIN;
        }
        case PH_HURL:
            s->phase = PH_AFTER;
            carc__decision_push_sampled(g, DEC_HURL, MOD, HURL_ARG(hurler(g), s->kind, s->aim));
            return CARC_HOOK_AGAIN;
        case PH_AFTER: /* the hurl and its effects (a seduction's choice) are done */
            s->k++;
            s->phase = PH_AIM;
            continue;
        default:
            /* PH_KIND: the kind decision is pending and its apply moves the
             * phase on (its actions are the four kinds, no pass), so the
             * step is never run in it */
            return CARC_HOOK_NEXT;
        }
    }
}

/* ------------------------------------------------------------ decisions */

_Static_assert(NTK <= 8, "the kinds' verbs are one run of ids (CARC_VERB_ID)");

static void decision_actions(const carc_game *g, const carc_pending *p, action_sink *sink)
{
    int c[CARC_ID_FIGURE_N], n;
    switch (p->kind) {
    case DEC_KIND: /* verbs 0..3: one block of ids (CARC_VERB_ID, k < 8) */
        carc__sink_push_run(sink, ACT_KIND, 0, 0, CARC_VERB_ID(MOD, 0), NTK);
        break;
    case DEC_AIM: /* every aim: one run of ids, written as ids when only ids are asked */
        carc__sink_push_run(sink, ACT_AIM, 0, 0, CARC_ID_NUMBER, NAIMS);
        break;
    case DEC_POWER:
        carc__sink_push_run(sink, ACT_POWER, 0, 0, CARC_ID_NUMBER, NPOWERS);
        break;
    case DEC_PICK: {
        const cat_state *s = cst(g);
        int q = s->k;
        n = closest_followers(g, p->player, s->rx[q], s->ry[q], c);
        for (int i = 0; i < n; i++) carc__sink_push_kind(sink, ACT_PICK, c[i], 0, CARC_ID_FIGURE + c[i]);
        break;
    }
    case DEC_SWAP: {
        carc_action a;
        memset(&a, 0, sizeof a);
        a.kind = CARC_ACTION_PASS;
        carc__sink_push(sink, &a, CARC_ID_PASS);
        n = swap_candidates(g, p->player, p->arg, c);
        for (int i = 0; i < n; i++) carc__sink_push_kind(sink, ACT_SWAP, c[i], 0, CARC_ID_FIGURE + c[i]);
        break;
    }
    default:
        break;
    }
}

/* Is action a listed now at decision p (decision_actions')?  The same
 * answer as the list, one question: the core's check of an id before
 * decision_apply (test_action_legal compares it with the list on random
 * games).  The hurl is sampled-only: nothing listed. */
static bool action_legal(const carc_game *g, const carc_pending *p, const carc_action *a)
{
    int c[CARC_ID_FIGURE_N], n;
    switch (p->kind) {
    case DEC_KIND:
        return a->kind == ACT_KIND && a->arg >= 0 && a->arg < NTK;
    case DEC_AIM:
        return a->kind == ACT_AIM && a->arg >= 0 && a->arg < NAIMS;
    case DEC_POWER:
        return a->kind == ACT_POWER && a->arg >= 0 && a->arg < NPOWERS;
    case DEC_PICK: {
        if (a->kind != ACT_PICK) return false;
        const cat_state *s = cst(g);
        n = closest_followers(g, p->player, s->rx[s->k], s->ry[s->k], c);
        break;
    }
    case DEC_SWAP: { /* swap_candidates' rule for the one figure a->arg */
        if (a->kind == CARC_ACTION_PASS) return true;
        if (a->kind != ACT_SWAP || a->arg < 0 || a->arg >= carc__figure_count(g) ||
            a->arg >= CARC_ID_FIGURE_N)
            return false;
        carc_fig f;
        carc__figure_get(g, a->arg, &f);
        if (f.owner != p->player || !is_follower(g, &f)) return false;
        /* of a kind in supply, only its lowest index is a candidate */
        if (f.where == CARC_PLACE_SUPPLY && carc__figure_in_supply(g, f.owner, f.kind) != a->arg)
            return false;
        return swap_legal(g, a->arg, p->arg);
    }
    default:
        return false;
    }
    for (int i = 0; i < n; i++)
        if (c[i] == a->arg) return true;
    return false;
}

/* ---- the hurl's structured outcome (doc/catapult.md "Outcome words") */

/* Is a hurl action well formed for decision p (not its touched figures)? */
static bool hurl_ok(const carc_game *g, const carc_pending *p, const carc_action *a)
{
    if (p->kind != DEC_HURL || a->kind != ACT_HURL) return false;
    /* a catch's outcome is a code alone: no resting point (it would be
     * kept in rx/ry, which a replay of the code cannot restore) */
    if (HURL_KIND(p->arg) == TK_CATCH)
        return a->arg >= 0 && a->arg < NCATCH && a->x == 0 && a->y == 0;
    if (a->arg != 0 && a->arg != 1) return false;
    if (a->arg == 0 && a->x == OFF_UNKNOWN && a->y == OFF_UNKNOWN) return true;
    if (a->x < -32767 || a->x > 32767 || a->y < -32767 || a->y > 32767) return false;
    return on_map(g, a->x, a->y) == (a->arg == 1);
}

/* touched figures (words 3..n-1): ascending indices of figures on the board */
static bool touched_ok(const carc_game *g, const uint16_t *w, int n)
{
    for (int k = 3; k < n; k++) {
        carc_spot sp;
        if (w[k] >= carc__figure_count(g) || (k > 3 && w[k] <= w[k - 1])) return false;
        if (figure_place(g, w[k], &sp) < 0) return false;
    }
    return true;
}

static int chance_sample(carc_game *g, const carc_pending *p, carc_action *out)
{
    if (p->kind != DEC_HURL) return CARC_E_STATE;
    memset(out, 0, sizeof *out);
    out->kind = ACT_HURL;
    int kind = HURL_KIND(p->arg), aim = HURL_AIM(p->arg);
    if (kind == TK_CATCH) {
        out->arg = sample_catch(g, aim < NPOWERS ? aim : POWER_DEFAULT);
        return CARC_OK;
    }
    int x, y;
    sample_rest(g, kind, cst(g)->fair, aim < NAIMS ? aim : AIM_CENTRE, &x, &y);
    out->x = x;
    out->y = y;
    out->arg = on_map(g, x, y) ? 1 : 0;
    return CARC_OK;
}

static int outcome_payload(const carc_game *g, const carc_pending *p, const carc_action *a,
                           uint16_t *words, int cap)
{
    if (p->kind != DEC_HURL) return 0;
    if (!hurl_ok(g, p, a) || cap < 3) return CARC_E_ILLEGAL;
    words[0] = (uint16_t)a->arg;
    if (HURL_KIND(p->arg) == TK_CATCH || (a->arg == 0 && a->x == OFF_UNKNOWN)) return 1;
    words[1] = (uint16_t)(a->x + BIAS);
    words[2] = (uint16_t)(a->y + BIAS);
    if (HURL_KIND(p->arg) != TK_KNOCKOUT || a->arg == 0) return 3;
    return 3 + touched_at(g, TK_KNOCKOUT, a->x, a->y, words + 3, cap - 3);
}

static int outcome_from_payload(const carc_game *g, const carc_pending *p, int32_t id,
                                const uint16_t *w, int n, carc_action *out)
{
    memset(out, 0, sizeof *out);
    if (p->kind != DEC_HURL || id != 0 || n < 1 || n > CARC_PAYLOAD_MAX) return CARC_E_INVALID;
    int kind = HURL_KIND(p->arg);
    out->kind = ACT_HURL;
    out->arg = w[0];
    if (kind == TK_CATCH) return n == 1 && w[0] < NCATCH ? CARC_OK : CARC_E_INVALID;
    if (n == 1) {
        if (w[0] != 0) return CARC_E_INVALID; /* on the map: the point is needed */
        out->x = out->y = OFF_UNKNOWN;
        return CARC_OK;
    }
    if (n < 3) return CARC_E_INVALID;
    out->x = (int)w[1] - BIAS;
    out->y = (int)w[2] - BIAS;
    if (!hurl_ok(g, p, out) || (out->x == OFF_UNKNOWN && out->y == OFF_UNKNOWN)) return CARC_E_INVALID;
    if (n > 3 && (kind != TK_KNOCKOUT || w[0] == 0)) return CARC_E_INVALID;
    return touched_ok(g, w, n) ? CARC_OK : CARC_E_INVALID;
}

/* ---- effects */

static int knock_out(carc_game *g, int q, const uint16_t *w, int n)
{
    cat_state *s = st(g);
    for (int k = 3; k < n; k++) {
        carc_fig f;
        carc__figure_get(g, w[k], &f);
        /* re-read: an earlier move may have moved it (a fairy, an orphan) */
        carc_spot sp;
        if (!is_follower(g, &f) ||
            (f.where != CARC_PLACE_SEGMENT && f.where != CARC_PLACE_TILE &&
             f.where != CARC_PLACE_HELD) ||
            figure_place(g, w[k], &sp) < 0)
            continue;
        if (!carc__figure_may_move(g, w[k], CARC_PLACE_SUPPLY, -1, 0, CAUSE_KNOCKOUT)) continue;
        int rc = carc__figure_move(g, w[k], CARC_PLACE_SUPPLY, -1, 0, 0, 0, CAUSE_KNOCKOUT);
        if (rc) return rc;
        s->knocked[q]++;
    }
    return CARC_OK;
}

/* after a seduction token came to rest on the map: offer the exchange */
static int seduce(carc_game *g, int player, int x, int y)
{
    int c[CARC_ID_FIGURE_N];
    int n = closest_followers(g, player, x, y, c);
    if (n == 0) return CARC_OK;
    if (n > 1) {
        if (carc__rule(g, RULE_SEDUCTION_TIES) == 2) return CARC_OK; /* nobody */
        return carc__decision_followup(g, DEC_PICK, player, MOD, -1, 0);
    }
    carc_fig f;
    carc__figure_get(g, c[0], &f);
    if (f.owner == player) return CARC_OK; /* rule 2: the hurler's own is closest */
    if (!swap_any(g, player, c[0])) return CARC_OK;
    return carc__decision_followup(g, DEC_SWAP, player, MOD, -1, c[0]);
}

static int apply_hurl(carc_game *g, const carc_pending *p, const carc_action *a)
{
    if (!hurl_ok(g, p, a)) return CARC_E_ILLEGAL;
    const uint16_t *w = NULL;
    int n = carc__decision_payload(g, &w);
    int kind = HURL_KIND(p->arg), player = HURL_PLAYER(p->arg);
    if (n < 1 || w[0] != a->arg) return CARC_E_ILLEGAL;
    if (n >= 3 && ((int)w[1] - BIAS != a->x || (int)w[2] - BIAS != a->y)) return CARC_E_ILLEGAL;
    if (!touched_ok(g, w, n)) return CARC_E_ILLEGAL;
    cat_state *s = st(g);
    int q = s->k;
    if (q >= CARC_MAX_PLAYERS) return CARC_E_STATE;
    s->code[q] = (uint8_t)a->arg;
    s->rx[q] = (int16_t)(a->x == OFF_UNKNOWN ? INT16_MIN : a->x);
    s->ry[q] = (int16_t)(a->y == OFF_UNKNOWN ? INT16_MIN : a->y);
    s->knocked[q] = 0;
    s->nhurls = (uint8_t)(q + 1);
    s->last_kind = (uint8_t)kind;
    switch (kind) {
    case TK_KNOCKOUT:
        return knock_out(g, q, w, n);
    case TK_SEDUCTION:
        return a->arg ? seduce(g, player, a->x, a->y) : CARC_OK;
    case TK_TARGET:
        return CARC_OK; /* scored when every player has hurled */
    case TK_CATCH: {
        /* C2's table; C3: the catcher is the left neighbour (2 players: the other) */
        int catcher = (player + 1) % carc__players(g);
        bool strict = carc__rule(g, RULE_CATCH_POINTS) == 2;
        int who = -1;
        switch (a->arg) {
        case CATCH_CAUGHT: who = catcher; break;
        case CATCH_FAR: who = player; break;
        case CATCH_SHORT: who = strict ? -1 : catcher; break;
        case CATCH_TOUCHED: who = strict ? -1 : player; break;
        default: break;
        }
        return who >= 0 ? carc__score_add(g, who, CATCH_POINTS, REASON_CATCH, CARC_KIND_FAIR, s->fair, 0)
                        : CARC_OK;
    }
    default:
        return CARC_E_STATE;
    }
}

static int decision_apply(carc_game *g, const carc_pending *p, const carc_action *a)
{
    cat_state *s = st(g);
    switch (a->kind) {
    case ACT_KIND:
        if (p->kind != DEC_KIND || a->arg < 0 || a->arg >= NTK || s->phase != PH_KIND)
            return CARC_E_ILLEGAL;
        s->kind = (uint8_t)a->arg;
        s->phase = PH_AIM;
        return CARC_OK;
    case ACT_AIM:
    case ACT_POWER:
        if (a->arg < 0 || a->arg >= (a->kind == ACT_AIM ? NAIMS : NPOWERS)) return CARC_E_ILLEGAL;
        s->aim = (uint8_t)a->arg;
        return CARC_OK;
    case ACT_HURL:
        return apply_hurl(g, p, a);
    case ACT_PICK: {
        carc_fig f;
        carc__figure_get(g, a->arg, &f);
        if (f.owner == p->player) return CARC_OK; /* rule 2: its own: nothing */
        if (!swap_any(g, p->player, a->arg)) return CARC_OK;
        return carc__decision_followup(g, DEC_SWAP, p->player, MOD, -1, a->arg);
    }
    case CARC_ACTION_PASS:
        return CARC_OK;
    case ACT_SWAP: {
        if (!swap_legal(g, a->arg, p->arg)) return CARC_E_ILLEGAL;
        carc_fig t;
        carc__figure_get(g, p->arg, &t);
        /* the seduced follower goes home first (A6 on its feature follows
         * from the move); then the seducer comes onto its spot */
        int rc = carc__figure_move(g, p->arg, CARC_PLACE_SUPPLY, -1, 0, 0, 0, CAUSE_SEDUCED);
        if (rc) return rc;
        if (t.where == CARC_PLACE_HELD) /* a City quarter: into the same quarter */
            return carc__figure_move(g, a->arg, CARC_PLACE_HELD, -1, -1, t.arg, t.holder,
                                     CARC_CAUSE_SEDUCTION);
        if (t.where == CARC_PLACE_TILE) /* a tower top, an acrobat: its place */
            return carc__figure_move(g, a->arg, CARC_PLACE_TILE, t.tile, 0, t.arg, 0,
                                     CARC_CAUSE_SEDUCTION);
        return carc__figure_deploy(g, a->arg, t.tile, t.segment, CARC_CAUSE_SEDUCTION,
                                   CARC_DEPLOY_OCCUPIED);
    }
    default:
        return CARC_E_ILLEGAL;
    }
}

/* ------------------------------------------------------------ ids, text */

static const carc_action_def actions[] = {
    {ACT_KIND, "catapult", CARC_AT(0), CARC_VERB_ID(MOD, 0), {CARC_ARG_CHOICE(arg, token_kinds)}},
    {ACT_AIM, "catapult aim", CARC_AT(1), CARC_ID_NUMBER, {CARC_ARG_INT(arg, 0, NAIMS - 1)}},
    {ACT_POWER, "catapult power", CARC_AT(2), CARC_ID_NUMBER, {CARC_ARG_INT(arg, 0, NPOWERS - 1)}},
    {ACT_PICK, "catapult pick", CARC_AT(4), CARC_ID_FIGURE,
     {CARC_ARG_INT(arg, 0, CARC_ID_FIGURE_N - 1)}},
    {ACT_SWAP, "catapult swap", CARC_AT(5), CARC_ID_FIGURE,
     {CARC_ARG_INT(arg, 0, CARC_ID_FIGURE_N - 1)}},
};

/* The hurl is a structured outcome: hand-written hooks.  Every hurl has
 * id 0; its words carry the rest. */
static int action_id(const carc_game *g, const carc_action *a, int32_t *id)
{
    (void)g;
    if (a->kind != ACT_HURL) return CARC_E_INVALID;
    *id = 0;
    return CARC_OK;
}

static void out_mm(outbuf *o, int half)
{
    int v = half < 0 ? -half : half;
    carc__out_add(o, "%s%d%s", half < 0 ? "-" : "", v / 2, v % 2 ? ".5" : "");
}

static int action_to_text(const carc_game *g, const carc_action *a, outbuf *o)
{
    if (a->kind != ACT_HURL) return CARC_E_INVALID;
    const carc_pending *p = carc__decision_pending(g);
    bool catch_ = p && p->kind == DEC_HURL && HURL_KIND(p->arg) == TK_CATCH;
    /* a catch's outcome is its code alone; anything else (a landing with
     * a place, read from "catapult hurl X,Y" during a catch) is written as
     * what it is, so that it reads back as the same action */
    if (catch_ && a->arg >= 0 && a->arg < NCATCH && a->x == 0 && a->y == 0) {
        carc__out_add(o, "catapult catch %s", catch_words[a->arg]);
        return CARC_OK;
    }
    if (a->arg == 0 && a->x == OFF_UNKNOWN && a->y == OFF_UNKNOWN) {
        carc__out_add(o, "catapult hurl off");
        return CARC_OK;
    }
    if (a->arg != 0 && a->arg != 1) return CARC_E_INVALID;
    carc__out_add(o, "catapult hurl ");
    out_mm(o, a->x);
    carc__out_add(o, ",");
    out_mm(o, a->y);
    if (!a->arg) carc__out_add(o, " off");
    return CARC_OK;
}

/* "12.5" or "-3" millimetres into half millimetres */
static bool parse_mm(const char *s, int *half)
{
    char buf[16];
    size_t n = strlen(s);
    if (n == 0 || n >= sizeof buf) return false;
    memcpy(buf, s, n + 1);
    int extra = 0;
    char *dot = strchr(buf, '.');
    if (dot) {
        if (strcmp(dot, ".5") != 0 && strcmp(dot, ".0") != 0) return false;
        extra = dot[1] == '5';
        *dot = 0;
    }
    int v;
    if (!carc__parse_int(buf, -16383, 16383, &v)) return false;
    bool neg = buf[0] == '-';
    *half = v * 2 + (neg ? -extra : extra);
    return true;
}

static int action_from_text(const carc_game *g, char **tok, int n, carc_action *out)
{
    (void)g;
    memset(out, 0, sizeof *out);
    if (n < 3 || strcmp(tok[0], "catapult") != 0) return CARC_E_PARSE;
    out->kind = ACT_HURL;
    if (strcmp(tok[1], "catch") == 0 && n == 3) {
        for (int c = 0; c < NCATCH; c++)
            if (strcmp(tok[2], catch_words[c]) == 0) {
                out->arg = c;
                return CARC_OK;
            }
        return CARC_E_PARSE;
    }
    if (strcmp(tok[1], "hurl") != 0 || n > 4) return CARC_E_PARSE;
    if (n == 3 && strcmp(tok[2], "off") == 0) {
        out->x = out->y = OFF_UNKNOWN;
        return CARC_OK;
    }
    char *comma = strchr(tok[2], ',');
    if (!comma) return CARC_E_PARSE;
    *comma = 0;
    if (!parse_mm(tok[2], &out->x) || !parse_mm(comma + 1, &out->y)) return CARC_E_PARSE;
    if (n == 4) {
        if (strcmp(tok[3], "off") != 0) return CARC_E_PARSE;
        out->arg = 0;
    } else {
        out->arg = 1;
    }
    return CARC_OK;
}

/* ------------------------------------------------------------ refusals */

static bool explain(const carc_game *g, const carc_action *a, carc_explanation *out)
{
    const carc_pending *d = carc__decision_pending(g);
    if (!d) return false;
    char *m = out->message;
    size_t n = sizeof out->message;
    switch (a->kind) {
    case ACT_KIND:
        if (d->kind == DEC_KIND) return false;
        out->reason = cst(g)->phase != PH_IDLE ? WHY_KIND_CHOSEN : WHY_NOT_NOW;
        snprintf(m, n, "%s", cst(g)->phase != PH_IDLE
                                 ? "the kind of token of this catapult round is chosen already: "
                                   "every player hurls that kind"
                                 : "a kind of token is chosen only when a catapult round starts "
                                   "(after a turn in which a fair tile was placed)");
        return true;
    case ACT_AIM:
    case ACT_POWER: {
        int want = a->kind == ACT_AIM ? DEC_AIM : DEC_POWER, hi = a->kind == ACT_AIM ? NAIMS : NPOWERS;
        if (d->kind == want && (a->arg < 0 || a->arg >= hi)) {
            out->reason = WHY_AIM_RANGE;
            snprintf(m, n, "%s must be 0..%d (doc/catapult.md)",
                     a->kind == ACT_AIM ? "an aim" : "a power", hi - 1);
        } else {
            out->reason = WHY_NOT_NOW;
            snprintf(m, n, "%s", a->kind == ACT_AIM
                                     ? "an aim is chosen by the hurler of a knock-out, seduction "
                                       "or target round before the hurl"
                                     : "a power is chosen by the hurler of a catch round");
        }
        return true;
    }
    case ACT_PICK:
        out->reason = d->kind == DEC_PICK ? WHY_PICK : WHY_NOT_NOW;
        snprintf(m, n, "%s", d->kind == DEC_PICK
                                 ? "that follower is not one of those closest to the seduction "
                                   "token"
                                 : "a follower is picked only when several are equally close to "
                                   "a seduction token");
        return true;
    case ACT_SWAP:
        out->reason = d->kind == DEC_SWAP ? WHY_SWAP_ILLEGAL : WHY_NOT_NOW;
        snprintf(m, n, "%s", d->kind == DEC_SWAP
                                 ? "that figure may not replace the seduced follower: it must be "
                                   "one of yours, from supply or the board, allowed there (a "
                                   "mayor only in a city, a wagon not in a field; a quarter: a "
                                   "kind that may enter)"
                                 : "an exchange is chosen only after your seduction token came to "
                                   "rest on the map");
        return true;
    case ACT_HURL:
        out->reason = d->kind == DEC_HURL ? WHY_OUTCOME : WHY_NOT_NOW;
        snprintf(m, n, "%s", d->kind == DEC_HURL
                                 ? "no outcome of this hurl: a rest 'on the map' lies on a placed "
                                   "tile, any other off every tile; a catch is a code alone "
                                   "(caught, far, short, touched)"
                                 : "no catapult hurl is pending");
        return true;
    default:
        return false;
    }
}

/* Why a host's words are no outcome of hurl p (outcome_from_payload
 * refused them): the first word at fault. */
static bool outcome_explain(const carc_game *g, const carc_pending *p, const uint16_t *w, int n,
                            carc_explanation *out)
{
    if (p->kind != DEC_HURL) return false;
    char *m = out->message;
    size_t cap = sizeof out->message;
    out->reason = WHY_OUTCOME;
    int kind = HURL_KIND(p->arg);
    if (kind == TK_CATCH) {
        if (n != 1) snprintf(m, cap, "a catch is one word, not %d: 0 caught, 1 far enough and not "
                                     "caught, 2 not far enough, 3 touched", n);
        else snprintf(m, cap, "a catch's word is 0 to 3, not %u", w[0]);
        return true;
    }
    if (w[0] > 1) {
        snprintf(m, cap, "word 1 is 1 (the token rests on the map) or 0 (off it), not %u", w[0]);
        return true;
    }
    if (n == 1 || n == 2) {
        snprintf(m, cap, "%s", n == 2 ? "a resting point is two words, x and y in half "
                                        "millimetres + 32768"
                                      : "a token on the map needs its resting point: x and y "
                                        "in half millimetres + 32768");
        return true;
    }
    int x = (int)w[1] - BIAS, y = (int)w[2] - BIAS;
    if (x == OFF_UNKNOWN && y == OFF_UNKNOWN) {
        snprintf(m, cap, "the point 0 0 is no resting point (write '0' alone for a token off the "
                         "map whose point is not known)");
        return true;
    }
    if (on_map(g, x, y) != (w[0] == 1)) {
        snprintf(m, cap, "the point %.1f,%.1f mm lies %s, but word 1 says %s", x / 2.0, y / 2.0,
                 w[0] ? "on no placed tile" : "on a placed tile",
                 w[0] ? "on the map" : "off the map");
        return true;
    }
    if (n > 3 && (kind != TK_KNOCKOUT || w[0] == 0)) {
        snprintf(m, cap, "%s", kind != TK_KNOCKOUT
                                   ? "only a knock-out names the figures it touched: 3 words"
                                   : "a token off the map touches no figure: 3 words");
        return true;
    }
    for (int k = 3; k < n; k++) {
        carc_spot sp;
        if (w[k] >= carc__figure_count(g)) {
            snprintf(m, cap, "word %d: there is no figure %u (the game has %d)", k + 1, w[k],
                     carc__figure_count(g));
            return true;
        }
        if (k > 3 && w[k] <= w[k - 1]) {
            snprintf(m, cap, "word %d: the touched figures are listed once each, ascending", k + 1);
            return true;
        }
        if (figure_place(g, w[k], &sp) < 0) {
            snprintf(m, cap, "word %d: figure %u is not on the board%s", k + 1, w[k],
                     carc__rule(g, RULE_QUARTERS) == 2 ? " (rule catapult_quarters 2: "
                                                         "followers in a City quarter are off it)"
                                                       : "");
            return true;
        }
    }
    return false;
}

/* ------------------------------------------------------------ presentation */

/* carc_game_tokens: one token of each kind, but the round's kind from a
 * player's hurl to the round's end (the token lies where it came to rest) */
static int tokens(const carc_game *g, int player, int kind)
{
    int k = kind - CARC_TOKEN_KNOCKOUT;
    if (player < 0 || player >= carc__players(g) || k < 0 || k >= NTK) return 0;
    const cat_state *s = cst(g);
    if (s->phase != PH_IDLE && s->phase != PH_KIND && s->kind == k)
        for (int q = 0; q < s->nhurls; q++)
            if ((s->starter + q) % carc__players(g) == player) return 0;
    return 1;
}

/* carc_game_catapult (public, CARCVAR_0.7): the round running, or the last. */
CARC_API int carc_game_catapult(const carc_game *g, carc_catapult_info *out)
{
    if (!g || !out) return CARC_E_INVALID;
    if (!carc__module_enabled(g, MOD)) return CARC_E_NOTFOUND;
    const cat_state *s = cst(g);
    memset(out, 0, sizeof *out);
    out->in_round = s->phase != PH_IDLE;
    bool chosen = s->phase != PH_KIND && (s->phase != PH_IDLE || s->rounds > 0);
    out->kind = chosen ? CARC_TOKEN_KNOCKOUT + s->kind : -1;
    if (s->fair >= 0) carc__tile_xy(g, s->fair, &out->fair_x, &out->fair_y);
    out->rounds = s->rounds;
    out->rounds_waiting = s->nfairs;
    out->num_hurls = chosen ? s->nhurls : 0;
    for (int q = 0; q < out->num_hurls; q++) {
        out->hurler[q] = (s->starter + q) % carc__players(g);
        out->result[q] = s->code[q];
        out->point_known[q] = s->kind != TK_CATCH && s->rx[q] != INT16_MIN;
        if (out->point_known[q]) {
            out->x_mm[q] = s->rx[q] / 2.0;
            out->y_mm[q] = s->ry[q] / 2.0;
        }
        out->knocked_out[q] = s->knocked[q];
    }
    return CARC_OK;
}

static const carc_step_hook steps[] = {
    {CARC_STEP_DEPLOY, -20, note_fair},
    {CARC_STEP_TURN_END, -50, round_step},
    {CARC_STEP_END_PHASE, -100, round_step},
};

/* a fair only after a fair tile was laid; a round only while fairs wait
 * or a round runs (nfairs, phase) */
static const uint16_t step_work[] = {0, CARC_WORK_PAIR(cat_state, nfairs),
                                     CARC_WORK_PAIR(cat_state, nfairs)};
static const uint32_t step_ttags[] = {CARC_TTAG_FAIR, 0, 0};
_Static_assert(sizeof step_work / sizeof step_work[0] == sizeof steps / sizeof steps[0] &&
                   sizeof step_ttags / sizeof step_ttags[0] == sizeof steps / sizeof steps[0],
               "a step_work and a step_ttags entry per step hook");
_Static_assert(offsetof(cat_state, phase) == offsetof(cat_state, nfairs) + 1,
               "round_step's work pair: nfairs, phase");

static const char *const reasons[] = {"target", "catch", NULL};

const carc_module_def carc__module_catapult = {
    .id = MOD,
    .name = "catapult",
    .tile_set = "catapult",
    .uses = 1ull << CARC_MODULE_TOWER, /* a seduced tower top (tower.h) */
    .rules = rules,
    .nrules = sizeof rules / sizeof rules[0],
    .reasons = reasons,
    .state_size = state_size,
    /* 0.7.0 held City-quarter followers off the board */
    .rule_legacy = (const carc_rule_legacy[]){{"catapult_quarters", 2}, {NULL, 0}},
    .state_check = state_check,
    /* a round per fair tile (12 in a game, every game has >= 84 tiles): a
     * kind, then per player an aim, a hurl, a pick and a swap: 12 x 25 =
     * 300 <= 4 x 84 */
    .decisions_per_tile = 4,
    /* 12 rounds x 6 hurls x 32 words <= 28 x 84 */
    .payload_words_per_tile = 28,
    /* one apply scores at most: the target (a player each), a catch */
    .events_per_tile = CARC_MAX_PLAYERS,
    .events_per_game = 0,
    .max_pending = 2,
    .steps = steps,
    .nsteps = sizeof steps / sizeof steps[0],
    .step_work = step_work,
    .step_ttags = step_ttags,
    .setup = setup,
    .decision_actions = decision_actions,
    .action_legal = action_legal,
    .decision_apply = decision_apply,
    .outcome_payload = outcome_payload,
    .outcome_from_payload = outcome_from_payload,
    .chance_sample = chance_sample,
    .actions = actions,
    .nactions = sizeof actions / sizeof actions[0],
    .action_id = action_id,
    .action_to_text = action_to_text,
    .action_from_text = action_from_text,
    .explain = explain,
    .outcome_explain = outcome_explain,
    .token_kinds = (1u << CARC_TOKEN_KNOCKOUT) | (1u << CARC_TOKEN_SEDUCTION) |
                   (1u << CARC_TOKEN_TARGET) | (1u << CARC_TOKEN_CATCH),
    .tokens = tokens,
};
