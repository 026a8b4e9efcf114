/* Under the Big Top (expansion 10): circus tiles and the Big Top with its
 * animal tokens, acrobat tiles and their pyramids, the ringmasters.
 * Rules: ../shared/spec/under-the-big-top.txt, ../shared/rules/big-top.md,
 * ../shared/rules/ambiguities.md D1-D9 and A5; doc/rules.md "Under the Big
 * Top" says which rule each part implements and its source.
 *
 *  - circus (AFTER_SCORING, order 0): the first circus tile gets the Big
 *    Top (a neutral figure on the tile) and scores nothing; each later one
 *    queues the reveal of the token under the Big Top: a chance decision
 *    sampled when revealed from the tokens not yet revealed (weights = their
 *    counts), answered by the RNG or by the host.  Its answer scores the
 *    circus (every player: their meeples on the Big Top's tile and its 8
 *    neighbours x the animal's value, one event per player, meeples stay;
 *    footnote 1: never a figure that went home from a feature scored in
 *    this placement, even one back on the board -- a wagon that moved on
 *    before the reveal; figure_moved notes them, cause CARC_CAUSE_SCORED),
 *    puts the token out of the game (public: used[] in this module's state)
 *    and moves the Big Top onto the new circus tile.  Nothing face-down is
 *    stored: the next token does not exist until it is revealed.
 *    With rule bt_circus_order 2 the same happens before the features
 *    score (SCORING, order -10).
 *  - the final circus (END_PHASE, order 100: after every turn played
 *    there): one last reveal; FINAL_SCORING hooks must not queue decisions.
 *  - acrobats: verbs at the core's deployment ("acrobat", then which tile;
 *    "pyramid", then which complete pyramid); an acrobat is a figure on its
 *    tile (CARC_PLACE_TILE) with arg BT_ACROBAT_ARG; a pyramid holds 3.
 *    A normal meeple; with rule bt_acrobat_followers 2 any follower, by the
 *    verb "acrobat KIND" (the tile's decision carries the kind in its arg).
 *    At the end every acrobat scores 5 (FINAL_SCORING, order 10).
 *  - ringmaster: a follower kind of this module (the core deploys it like
 *    a meeple); feature_scored adds 2 per circus and acrobat tile on or
 *    around its tile, also at the end and when another module scores the
 *    feature itself (farmers at a barn, a castle: carc__root_scored); never
 *    for a castle's knight unless rule bt_castle_ringmaster is 2.
 * What counts as a meeple for the circus is the platform's: figures whose
 * kind has CARC_CLASS_MEEPLE and that stand on one of the 9 tiles
 * (carc__figure_tile), never a module's name. */
#include "module.h"

#include <stdio.h>
#include <string.h>

#include "modules/bridges_castles/bridges_castles.h"
#include "tiles_gen.h"

#define MOD CARC_MODULE_BIG_TOP

/* rule options: slots 24-31 */
#define RULE_BIG_MEEPLE 24  /* D2: a big meeple counts 1 (default) or 2 in the circus */
#define RULE_QUARTERS 25    /* D3: followers held by the Count (City quarters): 1 no, 2 yes */
#define RULE_ORDER 26       /* D4: 1 features then circus (the document), 2 circus first */
/* D5: 1 only a normal meeple may be an acrobat (JCZ's SmallFollower), 2 any
 * follower (a big meeple, a mayor, a wagon, the ringmaster: "acrobat KIND") */
#define RULE_ACROBAT_FOLLOWERS 53
/* a ringmaster that is a castle's knight: 1 no ringmaster points (JCZ), 2
 * its points when the castle scores and at the end, as on any feature */
#define RULE_CASTLE_RINGMASTER 54

#define DEC_REVEAL CARC_MODULE_KIND(MOD, 0)  /* chance: the token under the Big Top */
#define DEC_ACROBAT CARC_MODULE_KIND(MOD, 1) /* which acrobat tile */
#define DEC_PYRAMID CARC_MODULE_KIND(MOD, 2) /* which complete pyramid scores */

#define ACT_ANIMAL CARC_MODULE_KIND(MOD, 0)     /* arg: the animal's value */
#define ACT_ACROBAT CARC_MODULE_KIND(MOD, 1)    /* verb */
#define ACT_ACROBAT_AT CARC_MODULE_KIND(MOD, 2) /* x, y of the acrobat tile */
#define ACT_PYRAMID CARC_MODULE_KIND(MOD, 3)    /* verb */
#define ACT_PYRAMID_AT CARC_MODULE_KIND(MOD, 4) /* x, y of the pyramid's tile */
#define ACT_ACROBAT_AS CARC_MODULE_KIND(MOD, 5) /* verb with another follower kind (rule bt_acrobat_followers 2) */

#define REASON_CIRCUS CARC_MODULE_KIND(MOD, 0)
#define REASON_PYRAMID CARC_MODULE_KIND(MOD, 1)
#define REASON_RINGMASTER CARC_MODULE_KIND(MOD, 2)
#define REASON_ACROBATS_END CARC_MODULE_KIND(MOD, 3)

#define VERB_ACROBAT CARC_VERB_ID(MOD, 0)
#define VERB_PYRAMID CARC_VERB_ID(MOD, 1)
#define VERB_ACROBAT_AS CARC_VERB_ID(MOD, 2) /* + the kind's offset below: verbs 2..5 */

#define CAUSE_BIG_TOP CARC_MODULE_KIND(MOD, 0)

/* why its actions are refused (carc_game_explain), numbered like its kinds */
#define WHY_NOT_NOW CARC_MODULE_KIND(MOD, 0)      /* not at this decision          */
#define WHY_NO_MEEPLE CARC_MODULE_KIND(MOD, 1)    /* no normal meeple to be an acrobat */
#define WHY_NO_PYRAMID_ROOM CARC_MODULE_KIND(MOD, 2) /* no acrobat tile with room there */
#define WHY_NOT_COMPLETE CARC_MODULE_KIND(MOD, 3) /* no complete pyramid there      */
#define WHY_TOKEN_OUT CARC_MODULE_KIND(MOD, 4)    /* every token of that animal is out */

/* the value of CARC_PLACE_TILE's arg that marks an acrobat */
#define BT_ACROBAT_ARG 0xAC
#define PYRAMID_FULL 3
#define ACROBAT_POINTS 5
#define RINGMASTER_POINTS 2

/* big-top.md §2: value and count of each animal, ascending by value (the
 * chance outcome ids are the values, ascending: below
 * CARC_MAX_CHANCE_OUTCOMES) */
#define NANIMALS 6
static const uint8_t animal_count[NANIMALS] = {1, 4, 5, 3, 2, 1};
/* value (also the chance outcome id and the action's arg) and name */
static const carc_arg_choice animals[NANIMALS] = {
    {1, 1, "flea"}, {3, 3, "monkey"}, {4, 4, "seal"}, {5, 5, "bear"}, {6, 6, "tiger"},
    {7, 7, "elephant"},
};

/* a placed acrobat tile and its acrobats (noted before the deployment, counted
 * by figure_moved, so the deployment looks at no figure and no cell) */
typedef struct bt_pyramid {
    int16_t tile, x, y;
    uint8_t n;
    uint8_t pad;
} bt_pyramid;

typedef struct bt_state {
    uint8_t used[NANIMALS]; /* tokens revealed and out of the game (public)      */
    uint8_t big_top;        /* figure index of the Big Top                       */
    uint8_t nring;          /* ringmasters (one per player)                      */
    uint8_t ring[CARC_MAX_PLAYERS]; /* their figure indices                      */
    uint8_t final_done;     /* the final circus was queued                       */
    uint8_t npyr;           /* acrobat tiles placed                              */
    uint8_t full;           /* complete pyramids                                 */
    uint8_t acro_any;       /* rule bt_acrobat_followers is 2 (setup; checked by
                               state_check): deploy_actions asks it at every
                               deployment while a pyramid stands */
    /* figures that went home from a scored feature (cause CARC_CAUSE_SCORED)
     * during this placement, a bit per figure index: footnote 1, they earn
     * nothing in the circus of this placement wherever they stand now (a
     * wagon moved on).  The bits were set while tile scored_tile was the
     * tile laid (carc__tile_last); they count only while it still is, and
     * the first such move of a later placement clears them (no hook runs
     * every placement for it: a figure leaves a feature scored only from
     * the deployment on, the scoring of the tile laid) */
    int16_t scored_tile;
    uint8_t scored[CARC_ID_FIGURE_N / 8];
    bt_pyramid pyr[];       /* one per acrobat tile of the catalogue             */
} bt_state;

/* acro_any lies in what was padding: the block's size and scored_tile's
 * place are 0.10.0's */
_Static_assert(offsetof(bt_state, scored_tile) == 18 && sizeof(bt_state) == 36,
               "bt_state's layout");

static const carc_kind_def kinds[] = {
    /* big-top.md §5: one per player, a follower in every respect but acrobats */
    {CARC_FIGURE_RINGMASTER,
     CARC_CLASS_FOLLOWER | CARC_CLASS_MEEPLE | CARC_CLASS_EATABLE | CARC_CLASS_CAPTURABLE, 1,
     {0, 0, 1, 1, 1, 1, 1}, 0},
    /* the Big Top: neutral, one */
    {CARC_FIGURE_BIG_TOP, CARC_CLASS_NEUTRAL, 0, {0, 0, 1, 1, 1, 1, 1}, 0},
};

static const carc_rule_def rules[] = {
    {RULE_BIG_MEEPLE, "bt_big_meeple", 1, 1, 2},
    {RULE_QUARTERS, "bt_quarters", 1, 1, 2},
    {RULE_ORDER, "bt_circus_order", 1, 1, 2},
    {RULE_ACROBAT_FOLLOWERS, "bt_acrobat_followers", 1, 1, 2},
    {RULE_CASTLE_RINGMASTER, "bt_castle_ringmaster", 1, 1, 2},
};

/* The follower kinds besides the normal meeple that may be acrobats with
 * rule bt_acrobat_followers 2 ("acrobat big", ...), when a module in play
 * brings them (class CARC_CLASS_FOLLOWER); the normal meeple is the verb
 * "acrobat" alone. */
static const carc_arg_choice acrobat_kinds[] = {
    {CARC_FIGURE_BIG, 0, "big"},
    {CARC_FIGURE_MAYOR, 1, "mayor"},
    {CARC_FIGURE_WAGON, 2, "wagon"},
    {CARC_FIGURE_RINGMASTER, 3, "ringmaster"},
};
#define NACROBAT_KINDS (int)(sizeof acrobat_kinds / sizeof acrobat_kinds[0])

/* May a figure of `kind` be an acrobat in this game (D5 and the rule)?
 * The normal meeple inline (every deployment while a pyramid stands asks),
 * the others out of line. */
static bool acrobat_other_ok(const carc_game *g, int kind);
static inline bool acrobat_kind_ok(const carc_game *g, int kind)
{
    return kind == CARC_FIGURE_FOLLOWER || acrobat_other_ok(g, kind);
}
static bool acrobat_other_ok(const carc_game *g, int kind)
{
    if (kind == CARC_FIGURE_FOLLOWER) return true;
    if (carc__rule(g, RULE_ACROBAT_FOLLOWERS) != 2) return false;
    for (int i = 0; i < NACROBAT_KINDS; i++)
        if (acrobat_kinds[i].value == kind)
            return (carc__figure_kind_classes(g, kind) & CARC_CLASS_FOLLOWER) != 0;
    return false;
}

/* every acrobat tile of the catalogue may hold a pyramid (the catalogue is
 * fixed: counted once per thread, every new game asks) */
static int acrobat_tiles(void)
{
    static _Thread_local int n = -1;
    if (n >= 0) return n;
    int c = 0;
    for (int t = 0; t < carc__ntypes; t++)
        if (carc__types[t].tags & CARC_TTAG_ACROBATS) c += carc__types[t].count;
    return n = c;
}

static size_t state_size(const carc_options *o)
{
    (void)o;
    return sizeof(bt_state) + (size_t)acrobat_tiles() * sizeof(bt_pyramid);
}

static bt_state *st(carc_game *g) { return carc__mod_state(g, MOD); }
static const bt_state *cst(const carc_game *g) { return carc__mod_cstate(g, MOD); }

/* state_check (snapshots): the tokens revealed, the Big Top's and the
 * ringmasters' figure indices, the pyramids (placed acrobat tiles) and
 * their count against the catalogue's, and this module's decisions in the
 * queue (the reveal is chance; a player, an acrobat's figure kind, a
 * target tile). */
static bool state_check(const carc_game *g, const carc_pending *queue, int n)
{
    const bt_state *s = cst(g);
    int nf = carc__figure_count(g), nt = carc__tile_count(g);
    for (int i = 0; i < NANIMALS; i++)
        if (s->used[i] > animal_count[i]) return false;
    if (s->big_top >= nf || s->nring > CARC_MAX_PLAYERS || s->final_done > 1 ||
        s->npyr > acrobat_tiles() || s->full > s->npyr || s->scored_tile < -1 ||
        s->scored_tile >= nt || s->acro_any != (carc__rule(g, RULE_ACROBAT_FOLLOWERS) == 2))
        return false;
    for (int i = 0; i < s->nring; i++)
        if (s->ring[i] >= nf) return false;
    for (int i = 0; i < s->npyr; i++) {
        const bt_pyramid *e = &s->pyr[i];
        if (e->tile < 0 || e->tile >= nt || carc__tile_at(g, e->x, e->y) != e->tile) return false;
    }
    for (int i = 0; i < n; i++) {
        const carc_pending *p = &queue[i];
        if (p->owner != MOD) continue;
        switch (p->kind) {
        case DEC_REVEAL:
            break;
        case DEC_ACROBAT:
            if (p->arg < 0 || p->arg >= CARC_FIGURE_KINDS) return false;
            /* fall through */
        case DEC_PYRAMID:
            if (p->player < 0) return false;
            break;
        default:
            return false;
        }
    }
    return true;
}


static void setup(carc_game *g)
{
    bt_state *s = st(g);
    s->scored_tile = -1;
    s->acro_any = carc__rule(g, RULE_ACROBAT_FOLLOWERS) == 2;
    for (int i = 0; i < carc__figure_count(g); i++) {
        carc_fig f;
        carc__figure_get(g, i, &f);
        if (f.kind == CARC_FIGURE_BIG_TOP) s->big_top = (uint8_t)i;
        if (f.kind == CARC_FIGURE_RINGMASTER && s->nring < CARC_MAX_PLAYERS)
            s->ring[s->nring++] = (uint8_t)i;
    }
}

/* carc_game_tokens(game, -1, CARC_TOKEN_FLEA..ELEPHANT): the animal tokens
 * revealed so far; they belong to no player (0 for every player).  The
 * face-down token is in no count: it is sampled when revealed. */
static int tokens(const carc_game *g, int player, int kind)
{
    int i = kind - CARC_TOKEN_FLEA;
    if (player != -1 || i < 0 || i >= NANIMALS) return 0;
    return cst(g)->used[i];
}

/* ------------------------------------------------------------- helpers */

static unsigned tile_tags(const carc_game *g, int t)
{
    return t < 0 ? 0u : carc__types[carc__tile_type(g, t)].tags;
}

static bool is_circus(const carc_game *g, int t) { return tile_tags(g, t) & CARC_TTAG_CIRCUS; }
static bool is_acrobat(const carc_game *g, int t) { return tile_tags(g, t) & CARC_TTAG_ACROBATS; }

/* The tile and its 8 neighbours that are placed: count, orders in out[9]. */
static int around(const carc_game *g, int t, int out[9])
{
    int x, y, n = 0;
    carc__tile_xy(g, t, &x, &y);
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            int u = carc__tile_at(g, x + dx, y + dy);
            if (u >= 0) out[n++] = u;
        }
    return n;
}

static int big_top_tile(const carc_game *g) { return carc__figure_tile(g, cst(g)->big_top); }

static bool is_acrobat_fig(const carc_fig *f)
{
    return f->where == CARC_PLACE_TILE && f->arg == BT_ACROBAT_ARG && f->owner >= 0;
}

/* carc_game_figure_role: a follower in a pyramid is an "acrobat" */
static const char *figure_role(const carc_game *g, int fig)
{
    if (fig < 0 || fig >= carc__figure_count(g)) return NULL;
    carc_fig f;
    carc__figure_get(g, fig, &f);
    return is_acrobat_fig(&f) ? "acrobat" : NULL;
}

/* figure geometry (doc/geometry.md): a pyramid's first two acrobats in
 * figure order stand side by side on the acrobat space (the tile's spot),
 * footprints touching; the third stands on their shoulders (level 1) */
static bool figure_spot(const carc_game *g, int fig, carc_spot *spot)
{
    carc_fig f, o;
    carc__figure_get(g, fig, &f);
    if (!is_acrobat_fig(&f)) return false;
    int below = 0;
    for (int j = 0; j < fig; j++) {
        carc__figure_get(g, j, &o);
        below += is_acrobat_fig(&o) && o.tile == f.tile;
    }
    carc_footprint fp;
    carc__figure_footprint(f.kind, 0, &fp);
    int half = (fp.w + 99) / 100; /* half its width, in half-mm, rounded up */
    if (below < 2) spot->x = (int16_t)(spot->x + (below ? half : -half));
    else spot->level = 1;
    return true;
}

/* DEPLOY, before the core's deployment: note an acrobat tile just placed
 * (gated: only after an acrobat tile, step_ttags) */
static int note_acrobat_tile(carc_game *g)
{
    bt_state *s = st(g);
    int t = carc__tile_last(g);
    if (t < 0 || !is_acrobat(g, t) || s->npyr >= acrobat_tiles()) return CARC_HOOK_NEXT;
    bt_pyramid *e = &s->pyr[s->npyr++];
    int x, y;
    carc__tile_xy(g, t, &x, &y);
    e->tile = (int16_t)t;
    e->x = (int16_t)x;
    e->y = (int16_t)y;
    e->n = 0;
    return CARC_HOOK_NEXT;
}

/* An acrobat arrived on (d = 1) or left (d = -1) acrobat tile t. */
static void pyramid_add(carc_game *g, int t, int d)
{
    bt_state *s = st(g);
    int i;
    for (i = 0; i < s->npyr; i++)
        if (s->pyr[i].tile == t) break;
    if (i == s->npyr) return; /* cannot happen: acrobats stand on noted tiles */
    bool was = s->pyr[i].n >= PYRAMID_FULL;
    s->pyr[i].n = (uint8_t)(s->pyr[i].n + d);
    bool is = s->pyr[i].n >= PYRAMID_FULL;
    s->full = (uint8_t)(s->full + is - was);
}

static void figure_moved(carc_game *g, int fig, const carc_fig *from, int cause)
{
    if (cause == CARC_CAUSE_SCORED && fig >= 0 && fig < CARC_ID_FIGURE_N) {
        bt_state *s = st(g);
        const int t = carc__tile_last(g);
        if (s->scored_tile != t) { /* a new placement's first */
            memset(s->scored, 0, sizeof s->scored);
            s->scored_tile = (int16_t)t;
        }
        s->scored[fig / 8] |= (uint8_t)(1u << (fig % 8));
    }
    carc_fig f;
    carc__figure_get(g, fig, &f);
    if (is_acrobat_fig(from)) pyramid_add(g, from->tile, -1);
    if (is_acrobat_fig(&f)) pyramid_add(g, f.tile, 1);
}

static void sort_tiles(int *t, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && t[j - 1] > t[j]; j--) {
            int k = t[j];
            t[j] = t[j - 1];
            t[j - 1] = k;
        }
}

/* Acrobat tiles a figure of `kind` (a normal meeple; another follower with
 * rule bt_acrobat_followers 2) of player p may join after tile t was placed
 * (t itself or its 8 neighbours, pyramid not full), ascending; D5. */
static int acrobat_targets(const carc_game *g, int p, int t, int kind, int out[9])
{
    const bt_state *s = cst(g);
    if (s->npyr == 0 || !acrobat_kind_ok(g, kind) || carc__figure_supply(g, p, kind) <= 0)
        return 0;
    int x, y, n = 0;
    carc__tile_xy(g, t, &x, &y);
    for (int i = 0; i < s->npyr; i++) {
        const bt_pyramid *e = &s->pyr[i];
        if (e->x >= x - 1 && e->x <= x + 1 && e->y >= y - 1 && e->y <= y + 1 &&
            e->n < PYRAMID_FULL && n < 9)
            out[n++] = e->tile;
    }
    if (n == 0) return 0;
    int fig = carc__figure_in_supply(g, p, kind), k = 0;
    for (int i = 0; i < n; i++)
        if (carc__figure_may_move(g, fig, CARC_PLACE_TILE, out[i], BT_ACROBAT_ARG, CARC_CAUSE_DEPLOY))
            out[k++] = out[i];
    sort_tiles(out, k);
    return k;
}

/* Complete pyramids anywhere (D6), ascending by tile; cap entries kept.
 * None (the most asked answer: every deployment while a pyramid stands)
 * inline, the walk out of line. */
static int full_pyramids_walk(const bt_state *s, int *out, int cap);
static inline int full_pyramids(const carc_game *g, int *out, int cap)
{
    const bt_state *s = cst(g);
    return s->full == 0 ? 0 : full_pyramids_walk(s, out, cap);
}
static int full_pyramids_walk(const bt_state *s, int *out, int cap)
{
    int n = 0;
    for (int k = 0; k < s->npyr; k++)
        if (s->pyr[k].n >= PYRAMID_FULL) {
            if (n < cap) out[n] = s->pyr[k].tile;
            n++;
        }
    if (n <= cap) sort_tiles(out, n);
    return n;
}

/* ------------------------------------------------------------- circus */

static int animal_index(int value)
{
    for (int i = 0; i < NANIMALS; i++)
        if (animals[i].value == value) return i;
    return -1;
}

/* Tokens left of animal i (a used-up set starts again: JCZ's extra sets;
 * the 12 circus tiles of one copy never use up the 16 tokens). */
static int tokens_left(const bt_state *s, int i)
{
    int total = 0;
    for (int k = 0; k < NANIMALS; k++) total += animal_count[k] - s->used[k];
    if (total <= 0) return animal_count[i];
    return animal_count[i] - s->used[i];
}

/* inline: the circus asks it about every figure on the board */
static inline __attribute__((always_inline)) bool in_3x3(const carc_game *g, int t, int cx, int cy)
{
    int x, y;
    carc__tile_xy(g, t, &x, &y);
    return (unsigned)(x - cx + 1) <= 2u && (unsigned)(y - cy + 1) <= 2u;
}

/* A castle's knight counts "if at least one tile forming a castle is
 * adjacent to the Big Top" (the document's note; big-top.md §3): the
 * knight stands on one of the castle's two tiles; Bridges, Castles &
 * Bazaars tells both (its header; 0 when the module is off). */
static bool castle_in_3x3(const carc_game *g, int fig, int cx, int cy)
{
    int tiles[2];
    if (!carc__bcb_castle_of(g, fig, tiles)) return false;
    return in_3x3(g, tiles[0], cx, cy) || in_3x3(g, tiles[1], cx, cy);
}

/* How much figure i (f: its record, on the board or held: not in supply
 * nor out of play, owned, of a meeple kind) weighs in the circus around
 * cell (cx, cy) (0: not counted).  castles: some castle stands
 * (carc__bcb_castles), else no figure is a castle's knight */
static int circus_weight(const carc_game *g, int i, const carc_fig *f, int cx, int cy, bool castles)
{
    /* carc__figure_tile: a figure on a segment or tile is on its own */
    int t = f->where == CARC_PLACE_SEGMENT || f->where == CARC_PLACE_TILE ? f->tile
                                                                         : carc__figure_tile(g, i);
    if (t < 0) {
        /* D3 option: followers in the City's quarters (held by the Count) */
        return f->where == CARC_PLACE_HELD && f->holder == CARC_MODULE_COUNT &&
                       carc__rule(g, RULE_QUARTERS) == 2
                   ? 1 : 0;
    }
    if (!in_3x3(g, t, cx, cy) && !(castles && castle_in_3x3(g, i, cx, cy))) return 0;
    return f->kind == CARC_FIGURE_BIG && carc__rule(g, RULE_BIG_MEEPLE) == 2 ? 2 : 1;
}

/* placed: the circus of a new circus tile, where the figures of the
 * features this placement scored never count (footnote 1), even when they
 * stand on the board again (a wagon that moved on) */
static int score_circus(carc_game *g, int value, bool placed)
{
    int c = big_top_tile(g);
    if (c < 0) return CARC_OK;
    int count[CARC_MAX_PLAYERS] = {0}, cx, cy;
    carc__tile_xy(g, c, &cx, &cy);
    const bt_state *s = cst(g);
    /* no castle standing: no figure is a castle's knight (castle_in_3x3) */
    const bool castles = carc__bcb_castles(g) > 0;
    /* the bits of this placement's scored figures (scored_tile) */
    const bool fresh = placed && s->scored_tile == carc__tile_last(g);
    /* the kinds' meeple class, asked once per kind met */
    uint32_t known = 0, meeple = 0;
    for (int i = 0; i < carc__figure_count(g); i++) {
        carc_fig f;
        carc__figure_get(g, i, &f);
        /* in supply or out of play: on no tile, held by nobody (most figures
         * of a game: the answer of the tests below, without them) */
        if (f.where == CARC_PLACE_SUPPLY || f.where == CARC_PLACE_REMOVED || f.owner < 0)
            continue;
        const unsigned k = (unsigned)f.kind;
        if (k < 32) {
            if (!(known >> k & 1u)) {
                known |= 1u << k;
                if (carc__figure_kind_classes(g, f.kind) & CARC_CLASS_MEEPLE) meeple |= 1u << k;
            }
            if (!(meeple >> k & 1u)) continue;
        } else if (!(carc__figure_kind_classes(g, f.kind) & CARC_CLASS_MEEPLE)) {
            continue;
        }
        if (fresh && i < CARC_ID_FIGURE_N && (s->scored[i / 8] >> (i % 8) & 1u)) continue;
        count[f.owner] += circus_weight(g, i, &f, cx, cy, castles);
    }
    int seg = 0; /* the circus space is segment 0 of every circus tile */
    for (int p = 0; p < carc__players(g); p++)
        if (count[p]) {
            int rc = carc__score_add(g, p, count[p] * value, REASON_CIRCUS, CARC_KIND_CIRCUS, c, seg);
            if (rc) return rc;
        }
    return CARC_OK;
}

/* After tile t's features scored (or before, option D4 2): a new circus. */
static int circus_step(carc_game *g, int order)
{
    if (carc__rule(g, RULE_ORDER) != order) return CARC_HOOK_NEXT;
    int t = carc__tile_last(g);
    if (t < 0 || !is_circus(g, t)) return CARC_HOOK_NEXT;
    if (big_top_tile(g) < 0) {
        /* the first circus tile: the Big Top goes on it; nothing scores */
        carc__figure_move(g, cst(g)->big_top, CARC_PLACE_TILE, t, 0, 0, 0, CAUSE_BIG_TOP);
        return CARC_HOOK_NEXT;
    }
    carc__decision_push(g, DEC_REVEAL, CARC_PLAYER_CHANCE, MOD, t, 0);
    return CARC_HOOK_NEXT;
}

static int circus_after(carc_game *g) { return circus_step(g, 1); }
static int circus_before(carc_game *g) { return circus_step(g, 2); }


/* END_PHASE: the circus scores one last time (D9). */
static int final_circus(carc_game *g)
{
    bt_state *s = st(g);
    if (s->final_done || big_top_tile(g) < 0) return CARC_HOOK_NEXT;
    s->final_done = 1;
    carc__decision_push(g, DEC_REVEAL, CARC_PLAYER_CHANCE, MOD, -1, 0);
    return CARC_HOOK_NEXT;
}

/* FINAL_SCORING: every acrobat still on the board scores 5 (no decision). */
static int final_acrobats(carc_game *g)
{
    int pts[CARC_MAX_PLAYERS] = {0};
    for (int i = 0; i < carc__figure_count(g); i++) {
        carc_fig f;
        carc__figure_get(g, i, &f);
        if (is_acrobat_fig(&f)) pts[f.owner] += ACROBAT_POINTS;
    }
    for (int p = 0; p < carc__players(g); p++)
        if (pts[p]) carc__score_add(g, p, pts[p], REASON_ACROBATS_END, CARC_KIND_ACROBAT, -1, 0);
    return CARC_HOOK_NEXT;
}

/* ------------------------------------------------------------- ringmaster */

/* After a feature's points (during play and at the end), each ringmaster on
 * it: 2 per circus and acrobat tile on or around its tile (D8). */
static void feature_scored(carc_game *g, int root, const feat_eval *e)
{
    int nring = cst(g)->nring;
    for (int r = 0; r < nring; r++) {
        int i = cst(g)->ring[r];
        carc_fig f;
        carc__figure_get(g, i, &f);
        if (f.where != CARC_PLACE_SEGMENT || f.owner < 0 ||
            carc__segment_root(g, f.tile, f.segment) != root)
            continue;
        /* a castle's knight: the city was turned into a castle instead of
         * scoring, and a castle is no feature of the ringmaster's (JCZ's
         * RingmasterCapability skips castles) -- unless rule
         * bt_castle_ringmaster 2: paid when the castle scores (Bridges,
         * Castles & Bazaars calls carc__root_scored) and at its end-of-game
         * evaluation, worth 0 */
        int ct[2];
        if (carc__bcb_castle_of(g, i, ct) && carc__rule(g, RULE_CASTLE_RINGMASTER) != 2) continue;
        int nb[9], m = around(g, f.tile, nb), n = 0;
        for (int k = 0; k < m; k++) n += is_circus(g, nb[k]) || is_acrobat(g, nb[k]);
        if (n) carc__score_add(g, f.owner, RINGMASTER_POINTS * n, REASON_RINGMASTER, e->kind, f.tile,
                               f.segment);
    }
}

/* ------------------------------------------------------------ decisions */

static void push_tile(const carc_game *g, action_sink *sink, int kind, int t)
{
    carc_action a;
    memset(&a, 0, sizeof a);
    a.kind = kind;
    carc__tile_xy(g, t, &a.x, &a.y);
    carc__sink_push(sink, &a, CARC_ID_TILE + t);
}

static void deploy_actions(const carc_game *g, const carc_pending *p, action_sink *sink)
{
    /* no acrobat tile yet: no target, no pyramid (acrobat_targets and
     * full_pyramids answer 0) */
    if (p->target < 0 || p->player < 0 || cst(g)->npyr == 0) return;
    int t[9];
    if (acrobat_targets(g, p->player, p->target, CARC_FIGURE_FOLLOWER, t) > 0)
        carc__sink_push_kind(sink, ACT_ACROBAT, 0, 0, VERB_ACROBAT);
    if (full_pyramids(g, t, 0) > 0) carc__sink_push_kind(sink, ACT_PYRAMID, 0, 0, VERB_PYRAMID);
    /* ids ascending: the other followers' verbs after the pyramid's */
    if (cst(g)->acro_any) /* the other followers: "acrobat KIND" (rule 2) */
        for (int i = 0; i < NACROBAT_KINDS; i++)
            if (acrobat_targets(g, p->player, p->target, acrobat_kinds[i].value, t) > 0)
                carc__sink_push_kind(sink, ACT_ACROBAT_AS, acrobat_kinds[i].value, 0,
                                     VERB_ACROBAT_AS + acrobat_kinds[i].offset);
}

static void decision_actions(const carc_game *g, const carc_pending *p, action_sink *sink)
{
    int t[CARC_MAX_TILES], n;
    switch (p->kind) {
    case DEC_REVEAL:
        for (int i = 0; i < NANIMALS; i++)
            if (tokens_left(cst(g), i) > 0)
                carc__sink_push_kind(sink, ACT_ANIMAL, animals[i].value, 0, animals[i].value);
        break;
    case DEC_ACROBAT: /* arg: the figure kind (0: a normal meeple) */
        n = acrobat_targets(g, p->player, p->target, p->arg, t);
        for (int i = 0; i < n; i++) push_tile(g, sink, ACT_ACROBAT_AT, t[i]);
        break;
    case DEC_PYRAMID:
        n = full_pyramids(g, t, CARC_MAX_TILES);
        for (int i = 0; i < n; i++) push_tile(g, sink, ACT_PYRAMID_AT, t[i]);
        break;
    default:
        break;
    }
}

/* Is tile t among the first n of list l? */
static bool in_list(const int *l, int n, int t)
{
    for (int i = 0; i < n; i++)
        if (l[i] == t) return true;
    return false;
}

/* Is action a listed now at decision p (deploy_actions' verbs, or
 * decision_actions')?  The same answer as the lists, one question: the
 * core's check of an id before decision_apply (test_action_legal compares
 * it with the lists on random games). */
static bool action_legal(const carc_game *g, const carc_pending *p, const carc_action *a)
{
    int t[CARC_MAX_TILES], n;
    switch (p->kind) {
    case CARC_DECISION_DEPLOY:
        if (p->target < 0 || p->player < 0) return false;
        switch (a->kind) {
        case ACT_ACROBAT:
            return acrobat_targets(g, p->player, p->target, CARC_FIGURE_FOLLOWER, t) > 0;
        case ACT_PYRAMID:
            return full_pyramids(g, t, 0) > 0;
        case ACT_ACROBAT_AS:
            if (carc__rule(g, RULE_ACROBAT_FOLLOWERS) != 2) return false;
            for (int i = 0; i < NACROBAT_KINDS; i++)
                if (acrobat_kinds[i].value == a->arg)
                    return acrobat_targets(g, p->player, p->target, a->arg, t) > 0;
            return false;
        default:
            return false;
        }
    case DEC_REVEAL: {
        int i = animal_index(a->arg);
        return a->kind == ACT_ANIMAL && i >= 0 && tokens_left(cst(g), i) > 0;
    }
    case DEC_ACROBAT:
        if (a->kind != ACT_ACROBAT_AT) return false;
        n = acrobat_targets(g, p->player, p->target, p->arg, t);
        return in_list(t, n, carc__tile_at(g, a->x, a->y));
    case DEC_PYRAMID:
        if (a->kind != ACT_PYRAMID_AT) return false;
        n = full_pyramids(g, t, CARC_MAX_TILES);
        return in_list(t, n < CARC_MAX_TILES ? n : CARC_MAX_TILES, carc__tile_at(g, a->x, a->y));
    default:
        return false;
    }
}

static int chance_outcomes(const carc_game *g, const carc_pending *p, int32_t *ids, uint32_t *w,
                           size_t cap)
{
    if (p->kind != DEC_REVEAL) return CARC_E_STATE;
    size_t n = 0;
    const bt_state *s = cst(g);
    int total = 0; /* tokens_left's answer, its sum taken once */
    for (int k = 0; k < NANIMALS; k++) total += animal_count[k] - s->used[k];
    for (int i = 0; i < NANIMALS; i++) {
        int left = total <= 0 ? animal_count[i] : animal_count[i] - s->used[i];
        if (left <= 0) continue;
        if (n < cap) {
            ids[n] = animals[i].value;
            w[n] = (uint32_t)left;
        }
        n++;
    }
    return (int)n;
}

static int score_pyramid(carc_game *g, int t)
{
    int pts[CARC_MAX_PLAYERS] = {0};
    for (int i = 0; i < carc__figure_count(g); i++) {
        carc_fig f;
        carc__figure_get(g, i, &f);
        if (!is_acrobat_fig(&f) || f.tile != t) continue;
        pts[f.owner] += ACROBAT_POINTS;
    }
    for (int p = 0; p < carc__players(g); p++)
        if (pts[p]) {
            int rc = carc__score_add(g, p, pts[p], REASON_PYRAMID, CARC_KIND_ACROBAT, t, 0);
            if (rc) return rc;
        }
    for (int i = 0; i < carc__figure_count(g); i++) {
        carc_fig f;
        carc__figure_get(g, i, &f);
        if (is_acrobat_fig(&f) && f.tile == t)
            carc__figure_move(g, i, CARC_PLACE_SUPPLY, -1, 0, 0, 0, CARC_CAUSE_SCORED);
    }
    return CARC_OK;
}

/* The core has checked that the action is one of the legal ones and gives
 * the canonical action of its id. */
static int decision_apply(carc_game *g, const carc_pending *p, const carc_action *a)
{
    bt_state *s = st(g);
    switch (a->kind) {
    case ACT_ANIMAL: {
        int i = animal_index(a->arg);
        if (p->kind != DEC_REVEAL || i < 0 || tokens_left(s, i) <= 0) return CARC_E_ILLEGAL;
        int rc = score_circus(g, a->arg, p->target >= 0);
        if (rc) return rc;
        bool refill = true;
        for (int k = 0; k < NANIMALS; k++) refill &= s->used[k] >= animal_count[k];
        if (refill) memset(s->used, 0, sizeof s->used);
        s->used[i]++;
        if (p->target >= 0)
            return carc__figure_move(g, s->big_top, CARC_PLACE_TILE, p->target, 0, 0, 0,
                                     CAUSE_BIG_TOP);
        return CARC_OK;
    }
    case ACT_ACROBAT:
        return carc__decision_followup(g, DEC_ACROBAT, p->player, MOD, p->target,
                                       CARC_FIGURE_FOLLOWER);
    case ACT_ACROBAT_AS:
        if (!acrobat_kind_ok(g, a->arg)) return CARC_E_ILLEGAL;
        return carc__decision_followup(g, DEC_ACROBAT, p->player, MOD, p->target, a->arg);
    case ACT_PYRAMID:
        return carc__decision_followup(g, DEC_PYRAMID, p->player, MOD, p->target, 0);
    case ACT_ACROBAT_AT: {
        int t = carc__tile_at(g, a->x, a->y);
        int fig = carc__figure_in_supply(g, p->player, p->arg);
        if (t < 0 || fig < 0) return CARC_E_ILLEGAL;
        return carc__figure_move(g, fig, CARC_PLACE_TILE, t, 0, BT_ACROBAT_ARG, 0,
                                 CARC_CAUSE_DEPLOY);
    }
    case ACT_PYRAMID_AT: {
        int t = carc__tile_at(g, a->x, a->y);
        if (t < 0) return CARC_E_ILLEGAL;
        return score_pyramid(g, t);
    }
    default:
        return CARC_E_ILLEGAL;
    }
}

/* ------------------------------------------------------------ ids, text */

static const carc_action_def actions[] = {
    {ACT_ANIMAL, "animal", CARC_AT(0), 0, {CARC_ARG_CHOICE(arg, animals)}},
    {ACT_ACROBAT, "acrobat", CARC_AT_DEPLOY, VERB_ACROBAT, {{0}}},
    {ACT_PYRAMID, "pyramid", CARC_AT_DEPLOY, VERB_PYRAMID, {{0}}},
    {ACT_ACROBAT_AT, "acrobat", CARC_AT(1), CARC_ID_TILE, {CARC_ARG_CELL}},
    {ACT_PYRAMID_AT, "pyramid", CARC_AT(2), CARC_ID_TILE, {CARC_ARG_CELL}},
    {ACT_ACROBAT_AS, "acrobat", CARC_AT_DEPLOY, VERB_ACROBAT_AS,
     {CARC_ARG_CHOICE(arg, acrobat_kinds)}},
};

/* ------------------------------------------------------------ refusals */

static bool explain(const carc_game *g, const carc_action *a, carc_explanation *out)
{
    const carc_pending *d = carc__decision_pending(g);
    if (!d) return false;
    char *m = out->message;
    size_t n = sizeof out->message;
    switch (a->kind) {
    case ACT_ANIMAL: {
        int i = animal_index(a->arg);
        if (d->kind != DEC_REVEAL) {
            out->reason = WHY_NOT_NOW;
            snprintf(m, n, "an animal token is revealed only when the circus under the Big Top "
                           "scores");
        } else if (i >= 0 && tokens_left(cst(g), i) <= 0) {
            out->reason = WHY_TOKEN_OUT;
            snprintf(m, n, "every %s token has been revealed already: it is out of the game",
                     animals[i].word);
        } else {
            return false;
        }
        return true;
    }
    case ACT_ACROBAT_AS:
        if (d->kind == CARC_DECISION_DEPLOY && !acrobat_kind_ok(g, a->arg)) {
            out->reason = WHY_NO_MEEPLE;
            snprintf(m, n, "%s", carc__rule(g, RULE_ACROBAT_FOLLOWERS) != 2
                                     ? "only a normal meeple can be an acrobat (rule "
                                       "bt_acrobat_followers 1): 'acrobat' alone"
                                     : "no module in play brings that figure");
            return true;
        }
        if (d->kind == CARC_DECISION_DEPLOY &&
            carc__figure_supply(g, d->player, a->arg) <= 0) {
            out->reason = WHY_NO_MEEPLE;
            snprintf(m, n, "no such figure in your supply to be an acrobat");
            return true;
        }
        /* not now, or no acrobat tile with room: as the verb */
        /* fall through */
    case ACT_ACROBAT:
    case ACT_ACROBAT_AT:
    case ACT_PYRAMID:
    case ACT_PYRAMID_AT: {
        bool acro = a->kind == ACT_ACROBAT || a->kind == ACT_ACROBAT_AT ||
                    a->kind == ACT_ACROBAT_AS;
        bool at = a->kind == ACT_ACROBAT_AT || a->kind == ACT_PYRAMID_AT;
        int want = acro ? DEC_ACROBAT : DEC_PYRAMID;
        if (at ? d->kind != want : d->kind != CARC_DECISION_DEPLOY) {
            out->reason = WHY_NOT_NOW;
            snprintf(m, n, "%s", at ? "choose the tile only after the verb ('acrobat' or "
                                      "'pyramid') at the deployment"
                                    : "acrobats and pyramids are chosen at the deployment, "
                                      "instead of deploying a figure");
        } else if (acro && a->kind != ACT_ACROBAT_AS &&
                   carc__figure_supply(g, d->player,
                                       a->kind == ACT_ACROBAT_AT ? d->arg
                                                                 : CARC_FIGURE_FOLLOWER) == 0) {
            out->reason = WHY_NO_MEEPLE;
            snprintf(m, n, "no normal meeple in your supply: only a normal meeple can be an "
                           "acrobat, never the ringmaster");
        } else if (acro) {
            out->reason = WHY_NO_PYRAMID_ROOM;
            snprintf(m, n, "%s", at ? "that is no acrobat tile on or next to the tile just laid "
                                      "with room in its pyramid (3 make it complete)"
                                    : "no acrobat tile on or next to the tile just laid has "
                                      "room in its pyramid (3 make it complete)");
        } else {
            out->reason = WHY_NOT_COMPLETE;
            snprintf(m, n, "%s", at ? "no complete pyramid (3 acrobats) on that tile"
                                    : "no complete pyramid (3 acrobats) on the board");
        }
        return true;
    }
    default:
        return false;
    }
}

static const carc_step_hook steps[] = {
    /* in steps the core visits anyway (DEPLOY, SCORING), so a turn costs
     * one step more than the base game's, not three */
    {CARC_STEP_DEPLOY, -10, note_acrobat_tile},
    {CARC_STEP_SCORING, -10, circus_before},
    {CARC_STEP_AFTER_SCORING, 0, circus_after},
    {CARC_STEP_END_PHASE, 100, final_circus},
    {CARC_STEP_FINAL_SCORING, 10, final_acrobats},
};

/* the game's rule bt_circus_order keeps one circus hook out of its
 * pipeline (steps[1]: before the features, [2]: after) */
static bool step_active(const carc_game *g, int i)
{
    if (i == 1) return carc__rule(g, RULE_ORDER) == 2;
    if (i == 2) return carc__rule(g, RULE_ORDER) == 1;
    return true;
}

/* the circus hooks have work only after a circus tile was laid, the
 * acrobat tile's note only after an acrobat tile */
static const uint32_t step_ttags[] = {CARC_TTAG_ACROBATS, CARC_TTAG_CIRCUS, CARC_TTAG_CIRCUS, 0, 0};
_Static_assert(sizeof step_ttags / sizeof step_ttags[0] == sizeof steps / sizeof steps[0],
               "a step_ttags entry per step hook");

static const char *const reasons[] = {"circus", "pyramid", "ringmaster", "acrobats", NULL};

const carc_module_def carc__module_big_top = {
    .id = MOD,
    .name = "big_top",
    .tile_set = "big_top",
    .kinds = kinds,
    .nkinds = 2,
    .rules = rules,
    .nrules = 5,
    .uses = 1ull << CARC_MODULE_BRIDGES_CASTLES, /* its castles' tiles */
    .reasons = reasons,
    .state_size = state_size,
    .state_check = state_check,
    /* per tile: a reveal, an acrobat or pyramid choice (the verb is the
     * core's deployment) */
    .decisions_per_tile = 2,
    /* per tile: a circus (one per player), ringmasters on completed
     * features (one each), a pyramid (up to 3 owners) */
    .events_per_tile = 3 * CARC_MAX_PLAYERS + PYRAMID_FULL,
    /* the final circus, the final acrobats, ringmasters at the end */
    .events_per_game = 3 * CARC_MAX_PLAYERS,
    .max_pending = 1,
    .steps = steps,
    .nsteps = 5,
    .step_active = step_active,
    .step_ttags = step_ttags,
    .setup = setup,
    .decision_actions = decision_actions,
    .decision_apply = decision_apply,
    .action_legal = action_legal,
    .chance_outcomes = chance_outcomes,
    .actions = actions,
    .nactions = sizeof actions / sizeof actions[0],
    .deploy_actions = deploy_actions,
    .feature_scored = feature_scored,
    .feature_scored_occupied = true, /* it pays ringmasters standing on the feature */
    .figure_moved = figure_moved,
    .explain = explain,
    .token_kinds = (1u << CARC_TOKEN_FLEA) | (1u << CARC_TOKEN_MONKEY) | (1u << CARC_TOKEN_SEAL) |
                   (1u << CARC_TOKEN_BEAR) | (1u << CARC_TOKEN_TIGER) |
                   (1u << CARC_TOKEN_ELEPHANT),
    .tokens = tokens,
    .figure_role = figure_role,
    .figure_spot = figure_spot,
};
