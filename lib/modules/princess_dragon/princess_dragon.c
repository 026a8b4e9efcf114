/* The Princess & the Dragon (expansion 3): volcanoes and the dragon, the
 * fairy, the magic portal, the princess.  Rules: ../shared/rules/
 * expansions.md §3 and §8, ../shared/rules/ambiguities.md A1; doc/rules.md
 * "The Princess & the Dragon" says which rule each part implements and its
 * source.
 *
 *  - dragon tiles wait for the dragon: until the first volcano is laid, no
 *    tile with the @dragon tag can be drawn (rule pd_dragon_tiles 1, JCZ
 *    DragonCapability: they stay out of the pile; `drawable`), so the
 *    chance API lists exactly the tiles that may come; rule 2, the printed
 *    rule: they may be drawn, and one drawn before the first volcano is set
 *    aside face up (`draw_aside`: the core draws again; held_tiles -1 shows
 *    them) and goes back into the pile when the first volcano is laid
 *    (carc__pile_put_back).
 *  - volcano (AFTER_PLACE): the dragon moves onto the volcano just laid
 *    (the first one brings it into play), offered with
 *    carc__figure_move_offer (cause PD_CAUSE_VOLCANO), and eats there.
 *  - no follower, builder or pig may be put on the dragon's tile, for any
 *    cause but a dungeon exit (ambiguities.md E3): the volcano's own
 *    deployment is refused that way; a barn, the fairy, a tower floor stay
 *    allowed (they are no follower, builder or pig).
 *  - the flight: after the scoring of a part whose tile has a dragon
 *    symbol (rule pd_dragon_move 1; 2: before the scoring, JCZ
 *    "dragon-move"), 6 steps, each a decision "dragon n|e|s|w" of the
 *    player (current + k) mod players for step k+1, onto an orthogonally
 *    adjacent placed tile not visited in this flight (the start counts),
 *    not the fairy's tile, not a tile tagged @coc_inner (the Count's inner
 *    City tiles); no legal step: the flight ends.  Each step is offered
 *    with carc__figure_move_offer (cause PD_CAUSE_STEP): another module
 *    may take it over (the Dungeon).
 *  - eating: on every tile it enters, every figure of a player whose kind
 *    is CARC_CLASS_EATABLE (followers of every kind, builders, pigs) goes
 *    home -- followers first, so Traders & Builders' orphan rule sends a
 *    builder or pig home when its last follower went -- except a standing
 *    castle's knight (JCZ Follower.canBeEatenByDragon; bridges_castles.h).
 *    Barns, the fairy, the Big Top, the Count: no player's eatable figures.
 *  - the magic portal: on a @portal tile, "portal" at the deployment, then
 *    which placed tile ("portal X,Y": another tile with a free, uncompleted
 *    feature for a figure of the player's supply), then the core's
 *    deployment queued there for CARC_CAUSE_PORTAL.
 *  - the princess: when the @princess city segment of the tile just laid
 *    belongs to a city holding knights, "princess" at the deployment, then
 *    which knight of that city goes home ("princess N", figure index);
 *    rule pd_princess 2 (C1, JCZ "princess-action" must): the choice is
 *    asked before the deployment and cannot be passed, and nothing may be
 *    deployed on the tile after it.
 *  - the fairy (neutral): "fairy" at the deployment instead of a figure,
 *    then which of the player's followers on the board it joins ("fairy N",
 *    attached beside it, C2/C3) or, rule pd_fairy_placement 2 (C1, JCZ
 *    "fairy-placement" on-tile), onto which tile holding one of them
 *    ("fairy X,Y").  +1 at the start of its owner's turn (TURN_START);
 *    +3 to the owner of its follower when that follower's feature is
 *    scored, majority or not, also at the end (feature_scored).  When its
 *    follower leaves the board (eaten, scored, a wagon moving on) the fairy
 *    stays on that tile, with no follower (JCZ).  The dragon never enters
 *    its tile.
 */
#include "module.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "modules/bridges_castles/bridges_castles.h"
#include "princess_dragon.h"
#include "tiles_gen.h"

#define MOD CARC_MODULE_PRINCESS_DRAGON

/* rule options: slots 27-31 */
#define RULE_DRAGON_MOVE 27 /* 1 the flight after the scoring, 2 before (JCZ dragon-move) */
#define RULE_FAIRY 28       /* 1 next to a follower (C2/C3), 2 on its tile (C1)           */
#define RULE_PRINCESS 29    /* 1 may (C2), 2 must (C1) (JCZ princess-action)             */
#define RULE_DRAGON_TILES 30 /* 1 out of the draw until a volcano (JCZ), 2 set aside (printed) */

#define DEC_STEP CARC_MODULE_KIND(MOD, 0)       /* a dragon step: the direction  */
#define DEC_FAIRY CARC_MODULE_KIND(MOD, 1)      /* which follower the fairy joins */
#define DEC_FAIRY_TILE CARC_MODULE_KIND(MOD, 2) /* C1: onto which tile           */
#define DEC_PORTAL CARC_MODULE_KIND(MOD, 3)     /* the portal: which tile        */
#define DEC_PRINCESS CARC_MODULE_KIND(MOD, 4)   /* which knight goes home        */

#define ACT_STEP CARC_MODULE_KIND(MOD, 0)         /* arg: direction 0..3 N E S W */
#define ACT_FAIRY PD_ACT_FAIRY                   /* verb                         */
#define ACT_FAIRY_TO PD_ACT_FAIRY_TO             /* arg: figure index            */
#define ACT_FAIRY_TILE PD_ACT_FAIRY_TILE         /* arg: placed tile             */
#define ACT_PORTAL CARC_MODULE_KIND(MOD, 4)       /* verb                         */
#define ACT_PORTAL_TILE CARC_MODULE_KIND(MOD, 5)  /* arg: placed tile             */
#define ACT_PRINCESS CARC_MODULE_KIND(MOD, 6)     /* verb                         */
#define ACT_PRINCESS_KNIGHT CARC_MODULE_KIND(MOD, 7) /* arg: figure index         */

#define REASON_FAIRY_TURN CARC_MODULE_KIND(MOD, 0)    /* +1 at the start of a turn */
#define REASON_FAIRY_FEATURE CARC_MODULE_KIND(MOD, 1) /* +3 its follower's feature */

#define VERB_FAIRY CARC_VERB_ID(MOD, 0)
#define VERB_PRINCESS CARC_VERB_ID(MOD, 1)
#define VERB_PORTAL CARC_VERB_ID(MOD, 2)

#define CAUSE_VOLCANO CARC_MODULE_KIND(MOD, 0)  /* the dragon onto a volcano        */
#define CAUSE_STEP CARC_MODULE_KIND(MOD, 1)     /* a step of the flight             */
#define CAUSE_EATEN CARC_MODULE_KIND(MOD, 2)    /* eaten: home to its owner         */
#define CAUSE_PRINCESS CARC_MODULE_KIND(MOD, 3) /* a knight sent home               */
#define CAUSE_FAIRY CARC_MODULE_KIND(MOD, 4)    /* the fairy moved by its player    */
#define CAUSE_FAIRY_STAYS CARC_MODULE_KIND(MOD, 5) /* its follower left: it stays   */

/* why its actions are refused (carc_game_explain), numbered like its kinds */
#define WHY_NOT_NOW CARC_MODULE_KIND(MOD, 0)      /* not at this decision            */
#define WHY_DRAGON_TILE CARC_MODULE_KIND(MOD, 1)  /* a deployment on the dragon's tile */
#define WHY_NO_TILE CARC_MODULE_KIND(MOD, 2)      /* a step onto no tile             */
#define WHY_VISITED CARC_MODULE_KIND(MOD, 3)      /* a step onto a visited tile      */
#define WHY_FAIRY_TILE CARC_MODULE_KIND(MOD, 4)   /* a step onto the fairy's tile    */
#define WHY_CITY_TILE CARC_MODULE_KIND(MOD, 5)    /* a step onto an inner City tile  */
#define WHY_NO_FOLLOWER CARC_MODULE_KIND(MOD, 6)  /* the fairy: no follower to join  */
#define WHY_PORTAL_TARGET CARC_MODULE_KIND(MOD, 7) /* no free uncompleted feature there */
#define WHY_NO_KNIGHT CARC_MODULE_KIND(MOD, 8)    /* the princess: no knight there   */
#define WHY_NOT_PORTAL CARC_MODULE_KIND(MOD, 9)   /* the tile just laid has no portal */
#define WHY_DRAGON_WAITS CARC_MODULE_KIND(MOD, 10) /* a dragon tile before the volcano */

#define FAIRY_TURN_POINTS 1    /* JCZ FAIRY_POINTS_BEGINNING_OF_TURN */
#define FAIRY_FEATURE_POINTS 3 /* JCZ FAIRY_POINTS_FINISHED_OBJECT   */

static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0}; /* N E S W */

static pd_state *st(carc_game *g) { return carc__mod_state(g, MOD); }
static const pd_state *cst(const carc_game *g) { return carc__mod_cstate(g, MOD); }

static unsigned step_mask_now(const carc_game *g);
static uint32_t coc_inner_of(const carc_game *g);
static int16_t veto_tile_of(const carc_game *g);
static void veto_tile_sync(carc_game *g);
static bool is_follower(const carc_game *g, const carc_fig *f);
static bool eatable_on_board(const carc_game *g, const carc_fig *f);
static inline void fairy_work_of(const carc_game *g, uint8_t work[CARC_MAX_PLAYERS]);

/* state_check (snapshots): the tag bits setup looked up, the dragon's and
 * the fairy's figure indices, the flight (its step, the tiles it visited),
 * the dragon tiles set aside, the pending step's directions and the
 * players' followers on the board (recomputed), where the veto may refuse
 * (veto_tile, recomputed), whether Bridges is on (bridges), the kinds'
 * classes (follower_kinds, eatable_kinds), eat_attached (1 while an
 * eatable figure is attached), and this module's decisions in the queue (a player; the dragon's tile;
 * the princess's city). */
static bool state_check(const carc_game *g, const carc_pending *queue, int n)
{
    const pd_state *s = cst(g);
    int nf = carc__figure_count(g), nt = carc__tile_count(g);
    if (s->t_volcano != carc__tile_tag_bit("volcano") ||
        s->t_dragon != carc__tile_tag_bit("dragon") ||
        s->t_portal != carc__tile_tag_bit("portal") ||
        s->t_coc_inner != coc_inner_of(g) ||
        s->s_princess != carc__segment_tag_bit("princess") ||
        s->rule_move != carc__rule(g, RULE_DRAGON_MOVE) ||
        s->rule_fairy != carc__rule(g, RULE_FAIRY) ||
        s->rule_princess != carc__rule(g, RULE_PRINCESS) ||
        s->rule_tiles != carc__rule(g, RULE_DRAGON_TILES) ||
        s->vetoed != carc__figure_moves_vetoed(g) ||
        s->bridges != carc__module_enabled(g, CARC_MODULE_BRIDGES_CASTLES) ||
        s->follower_kinds != carc__figure_kinds_of_class(g, CARC_CLASS_FOLLOWER) ||
        s->eatable_kinds != carc__figure_kinds_of_class(g, CARC_CLASS_EATABLE))
        return false;
    /* the draw's hooks are asked exactly while the dragon has not come:
     * drawable under pd_dragon_tiles 1 (draw_veto_tagged: the core refuses
     * every dragon tile unasked while it is), draw_aside under 2 */
    if (carc__pile_hooks(g, MOD) !=
        (s->entered ? 0u : s->rule_tiles == 2 ? CARC_PILE_ASIDE : CARC_PILE_DRAWABLE))
        return false;
    if (s->dragon < -1 || s->dragon >= nf || s->fairy < -1 || s->fairy >= nf || s->entered > 1 ||
        (s->flight > PD_FLIGHT_STEPS + 1 && s->flight != PD_FLIGHT_OVER) ||
        s->nvisited > PD_FLIGHT_STEPS + 1 || s->princess_done > 1 || s->naside > PD_ASIDE_MAX)
        return false;
    if (s->veto_tile != veto_tile_of(g)) return false; /* the core skips our veto elsewhere */
    for (int i = 0; i < s->nvisited; i++)
        if (s->visited[i] < 0 || s->visited[i] >= nt) return false;
    /* the dragon is never attached (only the fairy is: may_deploy reads
     * the dragon's tile from its own record) */
    if (s->dragon >= 0) {
        carc_fig d;
        carc__figure_get(g, s->dragon, &d);
        if (d.where == CARC_PLACE_ATTACHED) return false;
        /* nor is the fairy attached to the dragon (its hosts are followers:
         * figure_moved passes over the dragon's moves) */
        if (s->fairy >= 0) {
            carc_fig f;
            carc__figure_get(g, s->fairy, &f);
            if (f.where == CARC_PLACE_ATTACHED && f.arg == s->dragon) return false;
        }
    }
    for (int i = 0; i < s->naside; i++)
        if (s->aside[i] < 0 || s->aside[i] >= carc__ntypes) return false;
    uint64_t fol[CARC_MAX_PLAYERS][2];
    memset(fol, 0, sizeof fol);
    for (int i = 0; i < nf && i < CARC_ID_FIGURE_N; i++) {
        carc_fig f;
        carc__figure_get(g, i, &f);
        if (is_follower(g, &f) && f.owner < CARC_MAX_PLAYERS &&
            (f.where == CARC_PLACE_SEGMENT || f.where == CARC_PLACE_TILE))
            fol[f.owner][i >> 6] |= 1ull << (i & 63);
    }
    if (memcmp(fol, s->followers, sizeof fol) != 0) return false;
    uint64_t eat_mask[2] = {0, 0};
    for (int i = 0; i < nf && i < CARC_ID_FIGURE_N; i++) {
        carc_fig f;
        carc__figure_get(g, i, &f);
        if (eatable_on_board(g, &f)) {
            eat_mask[i >> 6] |= 1ull << (i & 63);
            if (f.where == CARC_PLACE_ATTACHED && !s->eat_attached) return false;
        }
    }
    if (memcmp(eat_mask, s->eatable, sizeof eat_mask) != 0 || s->eat_attached > 1) return false;
    uint8_t work[CARC_MAX_PLAYERS];
    fairy_work_of(g, work);
    if (memcmp(work, s->fairy_work, sizeof work) != 0) return false;
    int steps = 0;
    for (int i = 0; i < n; i++) {
        const carc_pending *p = &queue[i];
        if (p->owner != MOD) continue;
        if (p->player < 0) return false;
        switch (p->kind) {
        case DEC_FAIRY:
        case DEC_FAIRY_TILE:
        case DEC_PORTAL:
            break;
        case DEC_STEP:
            if (p->target < 0 || p->target >= nt) return false;
            steps++;
            break;
        case DEC_PRINCESS:
            if (p->arg != -1 && !carc__root_valid(g, p->arg)) return false;
            break;
        default:
            return false;
        }
    }
    /* the directions of the pending step are the ones the state allows
     * (recomputed), none when no step is pending */
    if (steps > 1 || s->step_mask != (steps ? step_mask_now(g) : 0u)) return false;
    return true;
}

static size_t state_size(const carc_options *o)
{
    (void)o;
    return sizeof(pd_state);
}

static const carc_kind_def kinds[] = {
    /* neutral, one each (expansions.md §3) */
    {CARC_FIGURE_DRAGON, CARC_CLASS_NEUTRAL, 0, {0, 0, 1, 1, 1, 1, 1}, 0},
    {CARC_FIGURE_FAIRY, CARC_CLASS_NEUTRAL, 0, {0, 0, 1, 1, 1, 1, 1}, 0},
};

static const carc_rule_def rules[] = {
    {RULE_DRAGON_MOVE, "pd_dragon_move", 1, 1, 2}, /* 1 after the scoring (printed), 2 before */
    {RULE_FAIRY, "pd_fairy_placement", 1, 1, 2},   /* A1: 1 next to a follower, 2 on the tile */
    {RULE_PRINCESS, "pd_princess", 1, 1, 2},       /* A1: 1 may (C2), 2 must (C1)             */
    {RULE_DRAGON_TILES, "pd_dragon_tiles", 1, 1, 2}, /* 1 JCZ: out of the draw, 2 printed: aside */
};

/* pd_state.t_coc_inner: the tag of the Count's inner tiles (the dragon
 * never enters them), 0 when the Count is off (no such tile is laid: the
 * step's directions never ask a tile's tags then) */
static uint32_t coc_inner_of(const carc_game *g)
{
    return carc__module_enabled(g, CARC_MODULE_COUNT) ? carc__tile_tag_bit("coc_inner") : 0;
}

static void setup(carc_game *g)
{
    pd_state *s = st(g);
    s->t_volcano = carc__tile_tag_bit("volcano");
    s->t_dragon = carc__tile_tag_bit("dragon");
    s->t_portal = carc__tile_tag_bit("portal");
    s->t_coc_inner = coc_inner_of(g);
    s->s_princess = carc__segment_tag_bit("princess");
    s->rule_move = (uint8_t)carc__rule(g, RULE_DRAGON_MOVE);
    s->rule_fairy = (uint8_t)carc__rule(g, RULE_FAIRY);
    s->rule_princess = (uint8_t)carc__rule(g, RULE_PRINCESS);
    s->rule_tiles = (uint8_t)carc__rule(g, RULE_DRAGON_TILES);
    s->vetoed = carc__figure_moves_vetoed(g);
    s->bridges = carc__module_enabled(g, CARC_MODULE_BRIDGES_CASTLES);
    s->follower_kinds = carc__figure_kinds_of_class(g, CARC_CLASS_FOLLOWER);
    s->eatable_kinds = carc__figure_kinds_of_class(g, CARC_CLASS_EATABLE);
    s->dragon = s->fairy = -1;
    for (int i = 0; i < carc__figure_count(g); i++) {
        carc_fig f;
        carc__figure_get(g, i, &f);
        if (f.kind == CARC_FIGURE_DRAGON) s->dragon = (int16_t)i;
        if (f.kind == CARC_FIGURE_FAIRY) s->fairy = (int16_t)i;
    }
    veto_tile_sync(g);
    /* pd_dragon_tiles 2: every tile may be drawn (draw_aside keeps the
     * dragon tiles instead): the draw never needs to ask `drawable`; 1:
     * nothing is ever set aside (`drawable` keeps them out instead) */
    if (carc__rule(g, RULE_DRAGON_TILES) == 2) carc__pile_drawable_all(g, MOD);
    else carc__pile_aside_none(g, MOD);
}

/* ------------------------------------------------------------- facts */

int carc__pd_dragon_tile(const carc_game *g)
{
    if (!g || !carc__module_enabled(g, MOD)) return -1;
    const pd_state *s = cst(g);
    return s->dragon >= 0 ? carc__figure_tile(g, s->dragon) : -1;
}

int carc__pd_fairy_tile(const carc_game *g)
{
    if (!g || !carc__module_enabled(g, MOD)) return -1;
    const pd_state *s = cst(g);
    return s->fairy >= 0 ? carc__figure_tile(g, s->fairy) : -1;
}

/* carc_game_dragon (public, CARCVAR_0.6): the dragon, its flight, the
 * fairy. */
CARC_API int carc_game_dragon(const carc_game *g, carc_dragon_info *out)
{
    if (!g || !out) return CARC_E_INVALID;
    if (!carc__module_enabled(g, MOD)) return CARC_E_NOTFOUND;
    const pd_state *s = cst(g);
    memset(out, 0, sizeof *out);
    out->mover = -1;
    out->fairy_follower = -1;
    int t = carc__pd_dragon_tile(g);
    if (t >= 0) {
        out->dragon_on_board = 1;
        carc__tile_xy(g, t, &out->dragon_x, &out->dragon_y);
    }
    if (s->flight >= 1 && s->flight <= PD_FLIGHT_STEPS) {
        out->flying = 1;
        out->steps_left = PD_FLIGHT_STEPS + 1 - s->flight;
        out->num_visited = s->nvisited;
        for (int i = 0; i < s->nvisited; i++)
            carc__tile_xy(g, s->visited[i], &out->visited_x[i], &out->visited_y[i]);
        const carc_pending *p = carc__decision_pending(g);
        if (p && p->kind == CARC_MODULE_KIND(MOD, 0)) out->mover = p->player;
    }
    int f = carc__pd_fairy_tile(g);
    if (f >= 0) {
        out->fairy_on_board = 1;
        carc__tile_xy(g, f, &out->fairy_x, &out->fairy_y);
        carc_fig fairy;
        carc__figure_get(g, s->fairy, &fairy);
        if (fairy.where == CARC_PLACE_ATTACHED) out->fairy_follower = fairy.arg;
    }
    return CARC_OK;
}

/* ------------------------------------------------------------- helpers */

static uint32_t tile_tags(const carc_game *g, int t)
{
    return t >= 0 ? carc__types[carc__tile_type(g, t)].tags : 0;
}

/* the placed tile beside tile t on side d (0..3 N E S W), or -1; its
 * cell in *x, *y */
static inline __attribute__((always_inline)) int beside_at(const carc_game *g, int t, int d,
                                                           int *x, int *y)
{
    carc__tile_xy(g, t, x, y);
    *x += dx[d], *y += dy[d];
    return carc__tile_at(g, *x, *y);
}

/* beside_at without the cell */
static inline __attribute__((always_inline)) int beside(const carc_game *g, int t, int d)
{
    int x, y;
    return beside_at(g, t, d, &x, &y);
}

#if defined(__SSE2__)
/* visited[] and the two bytes after it in one vector: a tile is compared
 * with its nvisited entries at once (the bytes of the live entries: `live`) */
_Static_assert(offsetof(pd_state, visited) + 16 <= sizeof(pd_state) && PD_FLIGHT_STEPS + 1 <= 7,
               "pd_state.visited: 16 bytes from it inside the state");
static inline __m128i visited_vec(const pd_state *s)
{
    return _mm_loadu_si128((const __m128i *)(const void *)s->visited);
}
static inline unsigned visited_live(const pd_state *s)
{
    const int nv = s->nvisited;
    return nv >= 8 ? 0xFFFFu : (1u << (2 * nv)) - 1u;
}
static inline bool visited_in(__m128i vis, unsigned live, int t)
{
    return ((unsigned)_mm_movemask_epi8(_mm_cmpeq_epi16(vis, _mm_set1_epi16((short)t))) & live) !=
           0;
}
#endif

static inline bool visited(const pd_state *s, int t)
{
#if defined(__SSE2__)
    return visited_in(visited_vec(s), visited_live(s), t);
#else
    for (int i = 0; i < s->nvisited; i++)
        if (s->visited[i] == t) return true;
    return false;
#endif
}

static bool is_follower(const carc_game *g, const carc_fig *f)
{
    return f->owner >= 0 && (carc__figure_kind_classes(g, f->kind) & CARC_CLASS_FOLLOWER);
}

/* pd_state.eatable's rule: a player's figure of an eatable kind on the
 * board (a segment, a tile, or attached to another figure) */
static bool eatable_on_board(const carc_game *g, const carc_fig *f)
{
    return f->owner >= 0 &&
           (f->where == CARC_PLACE_SEGMENT || f->where == CARC_PLACE_TILE ||
            f->where == CARC_PLACE_ATTACHED) &&
           (carc__figure_kind_classes(g, f->kind) & CARC_CLASS_EATABLE);
}

/* pd_state.fairy_work's rule, from where the fairy is: attached to a
 * player's figure, that player; on a tile under pd_fairy_placement 2,
 * every player; else none */
static inline __attribute__((always_inline)) void fairy_work_of(const carc_game *g,
                                                                uint8_t work[CARC_MAX_PLAYERS])
{
    const pd_state *s = cst(g);
    memset(work, 0, CARC_MAX_PLAYERS);
    const int nf = carc__figure_count(g);
    if (s->fairy < 0 || s->fairy >= nf) return;
    /* the records read in place */
    const char *F = (const char *)g + (uint32_t)carc__head_word(g, CARC__HEAD_FIGS_OFF);
    const char *f = F + (size_t)s->fairy * CARC__FIG_BYTES;
    const uint8_t w = (uint8_t)f[CARC__FIG_WHERE];
    if (w == CARC_PLACE_ATTACHED) {
        uint16_t host;
        memcpy(&host, f + CARC__FIG_ARG, sizeof host);
        /* (a host out of range: carc__figure_get's figure of owner 0) */
        const int owner =
            host < nf ? (int8_t)F[(size_t)host * CARC__FIG_BYTES + CARC__FIG_OWNER] : 0;
        if (owner >= 0 && owner < CARC_MAX_PLAYERS) work[owner] = 1;
    } else if (w == CARC_PLACE_TILE && s->rule_fairy == 2) {
        memset(work, 1, CARC_MAX_PLAYERS);
    }
}

/* Where the dragon is and what it may not enter, read once for the four
 * directions of a step: its cell and the fairy's tile. */
typedef struct step_ctx {
    int from, x, y, fairy;
    bool vetoed; /* carc__figure_moves_vetoed: a module may veto the step */
} step_ctx;

/* carc__figure_tile of the fairy (-1: none), its host read here when it
 * is attached (a follower on a segment: one hop, no chase): the records
 * read in place */
static inline int fairy_tile(const carc_game *g, int fairy)
{
    const unsigned nf = (unsigned)carc__figure_count(g);
    if ((unsigned)fairy >= nf) return -1;
    const char *F = (const char *)g + (uint32_t)carc__head_word(g, CARC__HEAD_FIGS_OFF);
    const char *f = F + (size_t)fairy * CARC__FIG_BYTES;
    uint16_t v;
    uint8_t w = (uint8_t)f[CARC__FIG_WHERE];
    if (w == CARC_PLACE_ATTACHED) {
        memcpy(&v, f + CARC__FIG_ARG, sizeof v);
        if (v >= nf) return -1;
        f = F + (size_t)v * CARC__FIG_BYTES;
        w = (uint8_t)f[CARC__FIG_WHERE];
        if (w == CARC_PLACE_ATTACHED) return carc__figure_tile_chase(g, fairy);
    }
    if (w != CARC_PLACE_SEGMENT && w != CARC_PLACE_TILE) return -1;
    memcpy(&v, f + CARC__FIG_TILE, sizeof v);
    return v;
}

static void step_ctx_get(const carc_game *g, step_ctx *c)
{
    const pd_state *s = cst(g);
    c->from = carc__figure_tile(g, s->dragon);
    c->x = c->y = 0;
    if (c->from >= 0) carc__tile_xy(g, c->from, &c->x, &c->y);
    c->fairy = fairy_tile(g, s->fairy);
    c->vetoed = carc__figure_moves_vetoed(g);
}

/* why a step of the flight in direction d is refused (a WHY_*), 0 if legal */
static int step_refusal_at(const carc_game *g, const step_ctx *c, int d)
{
    const pd_state *s = cst(g);
    int to = c->from >= 0 ? carc__tile_at(g, c->x + dx[d], c->y + dy[d]) : -1;
    if (to < 0) return WHY_NO_TILE;
    if (visited(s, to)) return WHY_VISITED;
    if (to == c->fairy) return WHY_FAIRY_TILE;
    if (s->t_coc_inner && (tile_tags(g, to) & s->t_coc_inner)) return WHY_CITY_TILE;
    if (c->vetoed && !carc__figure_may_move(g, s->dragon, CARC_PLACE_TILE, to, 0, CAUSE_STEP))
        return CARC_REASON_FORBIDDEN;
    return 0;
}

static int step_refusal(const carc_game *g, int d)
{
    step_ctx c;
    step_ctx_get(g, &c);
    return step_refusal_at(g, &c, d);
}

/* The directions a step from the placed tile at (x, y) (where the dragon
 * stands) may take: bit d for each legal direction d, step_refusal_at's rule for
 * the four -- the tile's record and the board's window read once, the
 * visited tiles compared with the four neighbours in one pass, the fairy's
 * tile, the City's tag and the vetoes asked only while a direction is
 * left. */
static inline __attribute__((always_inline)) unsigned step_mask_xy(const carc_game *g,
                                                                   const pd_state *s, int x,
                                                                   int y)
{
    const carc_grid v = carc__grid(g);
    int to[4];
    const uint32_t ux = (uint32_t)x - (uint32_t)v.x0, uy = (uint32_t)y - (uint32_t)v.y0;
    /* (x, y) is a placed tile's cell, inside the window (ux < w, uy < h):
     * ux - 1 < w - 2 then holds only for 1 <= ux <= w - 2 (w <= 2 leaves
     * no such ux: w - 2 wraps only for w < 2, where ux is 0) */
    if (ux - 1u < v.w - 2u && uy - 1u < v.h - 2u) {
        /* inside the window: the four cells around (x, y) */
        const int16_t *c = (const int16_t *)(const void *)v.cells + (size_t)uy * v.w + ux;
        int16_t n;
        memcpy(&n, c - v.w, sizeof n), to[0] = n;
        memcpy(&n, c + 1, sizeof n), to[1] = n;
        memcpy(&n, c + v.w, sizeof n), to[2] = n;
        memcpy(&n, c - 1, sizeof n), to[3] = n;
    } else {
        for (int d = 0; d < 4; d++) to[d] = carc__grid_at(&v, x + dx[d], y + dy[d]);
    }
    unsigned m = (unsigned)(to[0] >= 0) | (unsigned)(to[1] >= 0) << 1 |
                 (unsigned)(to[2] >= 0) << 2 | (unsigned)(to[3] >= 0) << 3;
    if (!m) return 0;
    /* the tiles of this flight (visited) and the fairy's tile (-1: none,
     * never a neighbour), each neighbour compared with them at once
     * (SSE2: the fairy's in the vector's last lane, past the visited
     * ones) */
    const int fairy = fairy_tile(g, s->fairy);
#if defined(__SSE2__)
    {
        const __m128i vis = _mm_insert_epi16(visited_vec(s), fairy, 7);
        const unsigned live = visited_live(s) | 0xC000u;
        for (unsigned b = m; b; b &= b - 1) {
            const int d = __builtin_ctz(b);
            if (visited_in(vis, live, to[d])) m &= ~(1u << d);
        }
    }
#else
    for (unsigned b = m; b; b &= b - 1) {
        const int d = __builtin_ctz(b);
        if (visited(s, to[d]) || to[d] == fairy) m &= ~(1u << d);
    }
#endif
    /* the Count's inner City tiles, the vetoes: only in games that have them */
    if (!m || (!s->t_coc_inner && !s->vetoed)) return m;
    for (unsigned b = m; b; b &= b - 1) {
        const int d = __builtin_ctz(b);
        if ((s->t_coc_inner && (tile_tags(g, to[d]) & s->t_coc_inner)) ||
            (s->vetoed &&
             !carc__figure_may_move(g, s->dragon, CARC_PLACE_TILE, to[d], 0, CAUSE_STEP)))
            m &= ~(1u << d);
    }
    return m;
}

/* step_mask_xy from placed tile `from` */
static inline __attribute__((always_inline)) unsigned step_mask_from(const carc_game *g,
                                                                     const pd_state *s, int from)
{
    int x, y;
    carc__tile_xy(g, from, &x, &y);
    return step_mask_xy(g, s, x, y);
}

/* the directions a step may take now (step_mask_from where the dragon
 * stands; 0 when it is off the board) */
static unsigned step_mask_now(const carc_game *g)
{
    const pd_state *s = cst(g);
    const int from = carc__figure_tile(g, s->dragon);
    return from >= 0 ? step_mask_from(g, s, from) : 0u;
}

/* The dragon has entered tile t: every eatable figure of a player there
 * goes home, followers first (so the orphan rule of Traders & Builders
 * sees its last follower leave), a standing castle's knight spared.  The
 * figures are read again after each move: an orphaned pig may have gone
 * home already. */
static __attribute__((noinline)) int eat_figures(carc_game *g, int t);

/* The placed tile the dragon stands on (on a tile or a segment of it), or
 * -1: its record read in place (the dragon is never attached: state_check) */
static inline __attribute__((always_inline)) int dragon_stand_tile(const carc_game *g)
{
    const pd_state *s = cst(g);
    if (s->dragon < 0) return -1;
    const char *d = (const char *)g + (uint32_t)carc__head_word(g, CARC__HEAD_FIGS_OFF) +
                    (size_t)s->dragon * CARC__FIG_BYTES;
    const uint8_t w = (uint8_t)d[CARC__FIG_WHERE];
    uint16_t dt;
    memcpy(&dt, d + CARC__FIG_TILE, sizeof dt);
    return w == CARC_PLACE_TILE || w == CARC_PLACE_SEGMENT ? (int)dt : -1;
}

/* Where may_deploy may refuse (pd_state.veto_tile, carc_module_def.may_deploy_tile):
 * anywhere while the princess's rule holds (the tile just laid, which the
 * next tile changes before princess_reset runs), else the dragon's tile once
 * it is in play, else nowhere. */
static int16_t veto_tile_of(const carc_game *g)
{
    const pd_state *s = cst(g);
    if (s->princess_done) return CARC_VETO_ANYWHERE;
    const int t = s->entered ? dragon_stand_tile(g) : -1;
    return t >= 0 ? (int16_t)t : CARC_VETO_NOWHERE;
}

/* pd_state.veto_tile rewritten: at every dragon move, princess action */
static void veto_tile_sync(carc_game *g)
{
    st(g)->veto_tile = veto_tile_of(g);
}

static inline __attribute__((always_inline)) int eat_at(carc_game *g, int t, bool dragon_there)
{
    /* no figure stands on tile t but the dragon: nothing on it, nothing
     * attached there (most of the tiles the dragon enters), answered
     * here; eat_figures for the others */
    const int stand = carc__tile_figure_count(g, t);
    if (stand == 0) return CARC_OK;
    if (stand == 1 && dragon_there) return CARC_OK; /* that one is the dragon */
    if (stand == 1 && dragon_stand_tile(g) == t) return CARC_OK;
    return eat_figures(g, t);
}

/* eat_at a tile where the dragon may not stand (carc__pd_eat) */
static inline __attribute__((always_inline)) int eat(carc_game *g, int t)
{
    return eat_at(g, t, false);
}

/* carc__bcb_castle_of, asked only when Bridges, Castles & Bazaars is on
 * (pd_state.bridges: its answer is 0 otherwise) */
static inline int castle_of(const carc_game *g, int fig, int tiles[2])
{
    return cst(g)->bridges && carc__bcb_castle_of(g, fig, tiles);
}

static inline __attribute__((always_inline)) void moved_not_dragon(carc_game *g, int fig,
                                                                   const carc_fig *from,
                                                                   unsigned where);

/* eat for a tile where some figure but the dragon stands */
static __attribute__((noinline)) int eat_figures(carc_game *g, int t)
{
    const pd_state *s = cst(g);
    bool others = true; /* pass 1 only when pass 0 saw a builder or pig */
    /* the dragon, standing on t or not (eating never moves it) */
    const int dragon_on = dragon_stand_tile(g) == t;
    for (int pass = 0; pass < 2 && others; pass++) {
        /* the players' eatable figures on the board when the pass begins
         * (pd_state.eatable), ascending: the figures on tile t among them
         * are the ones carc__tile_figures would list for the pass -- at
         * most the figures standing there but the dragon while none of
         * them is attached (eat_attached), the scan stopped there */
        int on[CARC_ID_FIGURE_N];
        const int max = s->eat_attached ? CARC_ID_FIGURE_N
                                        : carc__tile_figure_count(g, t) - dragon_on;
        const int n = carc__figures_on_tile_max(g, s->eatable, t, on, max);
        others = false;
        for (int k = 0; k < n; k++) {
            const int i = on[k];
            if (carc__figure_tile(g, i) != t) continue;
            carc_fig f;
            carc__figure_get(g, i, &f);
            unsigned cl = (unsigned)carc__figure_kind_classes(g, f.kind);
            int tiles[2];
            if (f.owner < 0 || !(cl & CARC_CLASS_EATABLE)) continue;
            if (pass == 0 && !(cl & CARC_CLASS_FOLLOWER)) {
                others = true;
                continue;
            }
            if (castle_of(g, i, tiles)) continue;
            /* home, our own hook spared when no other module has one:
             * what it would write, written here (f: where i was) */
            const int rc = carc__figure_home_quiet(g, i, CAUSE_EATEN, MOD);
            if (rc == CARC_HOME_QUIET) moved_not_dragon(g, i, &f, CARC_PLACE_SUPPLY);
            else if (rc) return rc;
        }
    }
    return CARC_OK;
}

/* Knights of city root: followers of any player on one of its segments. */
static bool is_knight(const carc_game *g, int fig, int root)
{
    carc_fig f;
    carc__figure_get(g, fig, &f);
    return is_follower(g, &f) && f.where == CARC_PLACE_SEGMENT &&
           carc__segment_root(g, f.tile, f.segment) == root;
}

/* Has tile type `type` a segment tagged `princess` (tag bit tag)?  Its
 * segments' tags together (tile_type.seg_tags, tilegen): one test. */
static inline bool type_has_princess(int type, uint32_t tag)
{
    return (carc__types[type].seg_tags & tag) != 0;
}

/* princess_city's walk for placed tile t of type `type`, a type with a
 * princess segment (type_has_princess): the first princess segment's city
 * holding a knight -- a player's follower on one of its segments
 * (is_knight), that is a bit of the city's owners (carc__root_owners: bit
 * p exactly when p has a follower-class figure on a segment of the
 * feature), read instead of walking the figures */
static int princess_root(const carc_game *g, const pd_state *s, int t, int type)
{
    const tile_type *ty = &carc__types[type];
    for (int k = 0; k < ty->nseg; k++) {
        if (!(ty->seg[k].tags & s->s_princess)) continue;
        int root = carc__segment_root(g, t, k);
        if (root >= 0 && carc__root_owners(g, root)) return root;
    }
    return -1;
}

/* The city of the princess segment of placed tile t if it holds a knight,
 * else -1. */
static int princess_city(const carc_game *g, int t)
{
    const pd_state *s = cst(g);
    if (t < 0 || !s->s_princess) return -1;
    int type = carc__tile_type(g, t);
    if (!type_has_princess(type, s->s_princess)) return -1;
    return princess_root(g, s, t, type);
}

/* the figure the fairy is attached to (C2), or -1 (its record read in
 * place) */
static int fairy_host(const carc_game *g)
{
    const int fairy = cst(g)->fairy;
    if ((unsigned)fairy >= (unsigned)carc__figure_count(g)) return -1;
    const char *f = (const char *)g + (uint32_t)carc__head_word(g, CARC__HEAD_FIGS_OFF) +
                    (size_t)fairy * CARC__FIG_BYTES;
    if ((uint8_t)f[CARC__FIG_WHERE] != CARC_PLACE_ATTACHED) return -1;
    uint16_t v;
    memcpy(&v, f + CARC__FIG_ARG, sizeof v);
    return v;
}

/* The fairy's own rule, whatever another module's veto says: may the fairy
 * (attached to host or -1) join figure i (C2) for player p -- one of p's
 * followers on the board, not its host? */
static inline __attribute__((always_inline)) bool fairy_joins_ok(const carc_game *g, int host,
                                                                 int p, int i)
{
    carc_fig f;
    carc__figure_get(g, i, &f);
    return f.owner == p && i != host && (f.where == CARC_PLACE_SEGMENT || f.where == CARC_PLACE_TILE) &&
           is_follower(g, &f);
}

/* ... and may it go onto placed tile t (C1) for player p: a tile holding
 * one of p's followers, not the one it stands on? */
static bool fairy_tile_ok(const carc_game *g, int p, int t)
{
    if (t == carc__figure_tile(g, cst(g)->fairy)) return false;
    int figs[CARC_ID_FIGURE_N];
    int n = carc__tile_figures(g, t, figs, CARC_ID_FIGURE_N);
    for (int i = 0; i < n && i < CARC_ID_FIGURE_N; i++) {
        carc_fig f;
        carc__figure_get(g, figs[i], &f);
        if (f.owner == p && is_follower(g, &f) && f.where != CARC_PLACE_ATTACHED) return true;
    }
    return false;
}

/* May the fairy (figure fairy, attached to host or -1) join figure i (C2)
 * for player p?  Its own rule, then every module's veto. */
static inline __attribute__((always_inline)) bool fairy_target_of(const carc_game *g, int fairy,
                                                                  int host, int p, int i)
{
    return fairy_joins_ok(g, host, p, i) &&
           carc__figure_may_move(g, fairy, CARC_PLACE_ATTACHED, -1, i, CAUSE_FAIRY);
}

static bool fairy_target(const carc_game *g, int p, int i)
{
    return fairy_target_of(g, cst(g)->fairy, fairy_host(g), p, i);
}

/* May the fairy go onto placed tile t (C1) for player p?  Its own rule,
 * then every module's veto. */
static bool fairy_tile_target(const carc_game *g, int p, int t)
{
    return fairy_tile_ok(g, p, t) &&
           carc__figure_may_move(g, cst(g)->fairy, CARC_PLACE_TILE, t, 0, CAUSE_FAIRY);
}

/* Would the fairy's own rule let it join figure i (C2) or go onto placed
 * tile i (C1, rule pd_fairy_placement 2) for player p, whatever another
 * module's veto says?  (explain: a refusal then is that module's.) */
static bool fairy_own_rule_allows(const carc_game *g, int p, int i, bool tile)
{
    if (i < 0 || i >= (tile ? carc__tile_count(g) : carc__figure_count(g))) return false;
    return tile ? fairy_tile_ok(g, p, i) : fairy_joins_ok(g, fairy_host(g), p, i);
}

/* Has player p a target the fairy's own rule allows (a veto refused them
 * all when any_fairy_target says none)? */
static bool fairy_own_target(const carc_game *g, int p)
{
    bool tile = cst(g)->rule_fairy == 2;
    int n = tile ? carc__tile_count(g) : carc__figure_count(g);
    for (int i = 0; i < n; i++)
        if (fairy_own_rule_allows(g, p, i, tile)) return true;
    return false;
}

/* any_fairy_target once p has followers on the board and a veto or
 * pd_fairy_placement 2 is in play: each candidate asked */
static __attribute__((noinline)) bool any_fairy_target_asked(const carc_game *g, int p)
{
    const pd_state *s = cst(g);
    const bool on_tile = s->rule_fairy == 2;
    int fairy = s->fairy, host = on_tile ? -1 : fairy_host(g);
    /* p's followers on the board (pd_state.followers): fairy_joins_ok's
     * figures but the host */
    for (int w = 0; w < 2; w++)
        for (uint64_t b = s->followers[p][w]; b; b &= b - 1) {
            int i = w * 64 + __builtin_ctzll(b);
            if (!on_tile) {
                if (i != host &&
                    carc__figure_may_move(g, fairy, CARC_PLACE_ATTACHED, -1, i, CAUSE_FAIRY))
                    return true;
                continue;
            }
            /* C1: a tile holding one of p's followers (fairy_tile_target's
             * rule, asked only for the tiles of p's followers) */
            if (fairy_tile_target(g, p, carc__figure_tile(g, i))) return true;
        }
    return false;
}

/* any_fairy_target's answer without a veto under pd_fairy_placement 1, for
 * p's followers on the board b0, b1 (not both empty): any of them but the
 * host (two or more: one of them is not the host) */
static inline __attribute__((always_inline)) bool fairy_target_plain(const carc_game *g,
                                                                     uint64_t b0, uint64_t b1)
{
    if ((b0 & (b0 - 1)) || (b1 & (b1 - 1)) || (b0 && b1)) return true;
    const int only = b0 ? __builtin_ctzll(b0) : 64 + __builtin_ctzll(b1);
    return only != fairy_host(g);
}

/* Has player p a target for the fairy (the deployment's "fairy" verb)?
 * Inline for its common answers: no follower on the board, or (no veto,
 * pd_fairy_placement 1) any of them but the host. */
static inline __attribute__((always_inline)) bool any_fairy_target(const carc_game *g, int p)
{
    const pd_state *s = cst(g);
    if (p < 0 || p >= CARC_MAX_PLAYERS) return false;
    /* the targets are among p's followers on the board: none, none */
    const uint64_t b0 = s->followers[p][0], b1 = s->followers[p][1];
    if (!(b0 | b1)) return false;
    if (s->rule_fairy != 2 && !s->vetoed) return fairy_target_plain(g, b0, b1);
    return any_fairy_target_asked(g, p);
}

/* Is the fairy's verb listed at the turn's own deployment p (deploy_verbs)?
 * action_legal's answer, and fairy_verb_in_place's check (verbs_checked) */
static inline __attribute__((always_inline)) bool fairy_verb_listed(const carc_game *g,
                                                                    const carc_pending *p)
{
    const pd_state *s = cst(g);
    return p->target >= 0 && !s->princess_done && s->fairy >= 0 && any_fairy_target(g, p->player);
}

/* Has placed tile t (not the one just laid) a spot for a figure of one of
 * the kinds in `kinds` (player p's supply kinds): any of its segments, a
 * road laid over it (a bridge) included -- the segments the deployment
 * through the portal then lists? */
static inline __attribute__((always_inline)) bool portal_segs(const carc_game *g, int p, int t,
                                                              unsigned kinds)
{
    for (; kinds; kinds &= kinds - 1)
        if (carc__supply_deploy_any(g, p, __builtin_ctz(kinds), t, CARC_CAUSE_PORTAL))
            return true;
    return false;
}

/* The portal's tiles for player p: whether there is one (first: asked
 * from the newest tile down, the tiles whose features are the likeliest
 * still open and unclaimed; the same answer in any order) and, unless
 * first, each pushed to sink (ACT_PORTAL_TILE), ascending; the supply's
 * kinds, the tiles' count and the one just laid read once */
static inline __attribute__((always_inline)) bool portal_tiles(const carc_game *g, int p,
                                                               action_sink *sink, bool first)
{
    const unsigned kinds = carc__figure_supply_kinds(g, p);
    if (!kinds) return false;
    const int n = carc__tile_count(g), last = carc__tile_last(g);
    if (first) {
        for (int t = n - 1; t >= 0; t--)
            if (t != last && portal_segs(g, p, t, kinds)) return true;
        return false;
    }
    bool any = false;
    for (int t = 0; t < n; t++) {
        if (t == last || !portal_segs(g, p, t, kinds)) continue;
        any = true;
        carc__sink_push_kind(sink, ACT_PORTAL_TILE, t, 0, CARC_ID_TILE + t);
    }
    return any;
}

/* May player p use the portal to placed tile t: another tile than the one
 * just laid, with a spot the deployment rule allows for a figure of p's
 * supply (carc__figure_deploy_legal, CARC_CAUSE_PORTAL, no flags: free and
 * not completed) among t's segments, a road laid over it included?
 * carc__supply_deploy_any: one question a tile and kind. */
static bool portal_tile_ok(const carc_game *g, int p, int t)
{
    if (t < 0 || t >= carc__tile_count(g) || t == carc__tile_last(g)) return false;
    return portal_segs(g, p, t, carc__figure_supply_kinds(g, p));
}

static bool any_portal_tile(const carc_game *g, int p)
{
    return portal_tiles(g, p, NULL, true);
}

/* ------------------------------------------------------------- steps */

/* AFTER_PLACE: a volcano brings the dragon onto it, and it eats there. */
static int volcano_hook(carc_game *g)
{
    pd_state *s = st(g);
    int t = carc__tile_last(g);
    if (t < 0 || !(tile_tags(g, t) & s->t_volcano) || s->dragon < 0) return CARC_HOOK_NEXT;
    if (!s->entered) { /* nothing waits any more */
        carc__pile_drawable_all(g, MOD);
        carc__pile_aside_none(g, MOD);
    }
    s->entered = 1;
    /* pd_dragon_tiles 2: the dragon tiles set aside go back into the pile */
    for (; s->naside > 0; s->naside--) carc__pile_put_back(g, s->aside[s->naside - 1]);
    carc_move m = {.fig = s->dragon, .where = CARC_PLACE_TILE, .tile = t, .cause = CAUSE_VOLCANO,
                   .by = -1};
    const int r = carc__figure_move_offer_quiet(g, &m, MOD);
    veto_tile_sync(g); /* figure_moved skips the dragon */
    if (r == CARC_MOVE_PROCEED) eat_at(g, t, true); /* moved as offered: the dragon stands on t */
    return CARC_HOOK_NEXT;
}

/* AFTER_PLACE, rule pd_princess 2: a new part's tile, the princess has
 * not acted on it (a work byte: called only while princess_done is set) */
static int princess_reset(carc_game *g)
{
    st(g)->princess_done = 0;
    veto_tile_sync(g);
    return CARC_HOOK_NEXT;
}

/* DEPLOY, before the core's deployment, rule pd_princess 2 (must): the
 * knight to send home, asked first; nothing is deployed on the tile then. */
static int princess_must_hook(carc_game *g)
{
    if (cst(g)->rule_princess != 2) return CARC_HOOK_NEXT;
    int t = carc__tile_last(g);
    int root = princess_city(g, t);
    if (root < 0) return CARC_HOOK_NEXT;
    st(g)->princess_done = 1;
    veto_tile_sync(g);
    carc__decision_push(g, DEC_PRINCESS, carc__current(g), MOD, t, root);
    return CARC_HOOK_NEXT;
}

/* carc__pd_dragon_asleep in a game with the module and the dragon
 * (s->dragon >= 0): its figure state 1 */
static inline bool dragon_asleep(const carc_game *g, const pd_state *s)
{
    carc_fig f;
    carc__figure_get(g, s->dragon, &f);
    return f.state == 1;
}

/* The flight's next step from tile `at` (at cell (x, y)), where the dragon
 * stands: its tile counted visited (fresh: the caller knows it is not
 * yet), then the step's decision pushed (CARC_HOOK_AGAIN) -- or the
 * flight is over (done, taken over, a dead end): s->flight set to `end`,
 * CARC_HOOK_NEXT.  The hook's end is 0 (idle); step_apply's, which goes
 * on with the flight itself after a step made as offered, is
 * PD_FLIGHT_OVER, so that the hook, called next, ends it without a
 * second look. */
static inline __attribute__((always_inline)) int flight_on_xy(carc_game *g, pd_state *s, int at,
                                                              int x, int y, bool fresh,
                                                              uint8_t end, bool in_place)
{
    if (s->flight != PD_FLIGHT_OVER && at >= 0 && (fresh || !visited(s, at)) &&
        s->nvisited < PD_FLIGHT_STEPS + 1)
        s->visited[s->nvisited++] = (int16_t)at;
    unsigned mask = 0;
    if (s->flight > PD_FLIGHT_STEPS || at < 0 || !(mask = step_mask_xy(g, s, x, y))) {
        s->flight = end; /* done, taken over, or a dead end */
        return CARC_HOOK_NEXT;
    }
    /* nothing changes until the step's decision is answered: its listing
     * and its check read the directions found here */
    s->step_mask = (uint8_t)mask;
    int who = (carc__current(g) + s->flight - 1) % carc__players(g);
    /* in_place (apply_listed_id's step): written in the step's place when
     * it is the only decision pending (carc__decision_again) */
    if (in_place && carc__decision_again(g, who, at, s->flight) == CARC_OK)
        return CARC_APPLY_AGAIN;
    carc__decision_push(g, DEC_STEP, who, MOD, at, s->flight);
    return CARC_HOOK_AGAIN;
}

/* flight_on_xy from tile `at`, wherever it lies (the hook's) */
static inline __attribute__((always_inline)) int flight_on(carc_game *g, pd_state *s, int at,
                                                           uint8_t end)
{
    int x = 0, y = 0;
    if (at >= 0) carc__tile_xy(g, at, &x, &y);
    return flight_on_xy(g, s, at, x, y, false, end, false);
}

/* The flight: one step per call, each a decision of its player. */
static inline __attribute__((always_inline)) int flight(carc_game *g)
{
    pd_state *s = st(g);
    int at;
    if (s->flight == 0) {
        int t = carc__tile_last(g);
        if (t < 0 || !(tile_tags(g, t) & s->t_dragon) || s->dragon < 0) return CARC_HOOK_NEXT;
        if ((at = carc__figure_tile(g, s->dragon)) < 0) return CARC_HOOK_NEXT;
        if (dragon_asleep(g, s)) { /* pig throwing B10: it wakes instead */
            carc__pd_dragon_nap(g, 0);
            return CARC_HOOK_NEXT;
        }
        s->flight = 1;
        s->nvisited = 0;
    } else if (s->flight == PD_FLIGHT_OVER) {
        /* taken over by step_apply: flight_on_xy's end, without the
         * dragon's tile looked up (nothing else happens there then) */
        s->flight = 0;
        return CARC_HOOK_NEXT;
    } else {
        at = carc__figure_tile(g, s->dragon);
    }
    return flight_on(g, s, at, 0);
}

static int flight_after(carc_game *g)
{
    return cst(g)->rule_move == 1 ? flight(g) : CARC_HOOK_NEXT;
}

static int flight_before(carc_game *g)
{
    return cst(g)->rule_move == 2 ? flight(g) : CARC_HOOK_NEXT;
}

/* Does player p have the fairy with one of its followers: attached to one
 * (C2), or on a tile holding one (C1)? */
static bool fairy_with(const carc_game *g, int p)
{
    const pd_state *s = cst(g);
    carc_fig fairy;
    carc__figure_get(g, s->fairy, &fairy);
    if (fairy.where == CARC_PLACE_ATTACHED) {
        carc_fig f;
        carc__figure_get(g, fairy.arg, &f);
        return f.owner == p;
    }
    if (fairy.where != CARC_PLACE_TILE || cst(g)->rule_fairy != 2) return false;
    int figs[CARC_ID_FIGURE_N];
    int n = carc__tile_figures(g, fairy.tile, figs, CARC_ID_FIGURE_N);
    for (int i = 0; i < n && i < CARC_ID_FIGURE_N; i++) {
        carc_fig f;
        carc__figure_get(g, figs[i], &f);
        if (f.owner == p && is_follower(g, &f) && f.where != CARC_PLACE_ATTACHED) return true;
    }
    return false;
}

/* TURN_START: +1 to the player whose turn begins when the fairy is with
 * one of its followers. */
static int fairy_turn(carc_game *g)
{
    const pd_state *s = cst(g);
    int p = carc__current(g);
    if (s->fairy < 0) return CARC_HOOK_NEXT;
    /* pd_fairy_placement 1: fairy_work[p] is set exactly while the fairy
     * is attached to one of p's figures (fairy_work_of), fairy_with's
     * answer */
    if (s->rule_fairy != 2 ? (p >= 0 && p < CARC_MAX_PLAYERS && s->fairy_work[p])
                           : fairy_with(g, p))
        carc__score_add(g, p, FAIRY_TURN_POINTS, REASON_FAIRY_TURN, 0, -1, 0);
    return CARC_HOOK_NEXT;
}

/* ------------------------------------------------------------- vetoes */

/* the veto of pd_dragon_tiles 1 (the core asks only about dragon tiles,
 * draw_veto_ttags, and only until carc__pile_drawable_all, which setup
 * calls at once under pd_dragon_tiles 2: explain asks the rule itself) */
static bool drawable(const carc_game *g, int type)
{
    const pd_state *s = cst(g);
    return s->entered || !(carc__types[type].tags & s->t_dragon);
}

/* pd_dragon_tiles 2: a dragon tile drawn before the first volcano is set
 * aside (the core draws again) until the volcano comes. */
static bool draw_aside(carc_game *g, int type)
{
    pd_state *s = st(g);
    if (s->entered || cst(g)->rule_tiles != 2 ||
        !(carc__types[type].tags & s->t_dragon) || s->naside >= PD_ASIDE_MAX)
        return false;
    s->aside[s->naside++] = (int16_t)type;
    return true;
}

/* the dragon tiles set aside lie face up, nobody's (carc_game_held_tiles -1) */
static int held_tiles(const carc_game *g, int player, int32_t *types, size_t cap)
{
    const pd_state *s = cst(g);
    if (player != -1) return 0;
    for (size_t i = 0; i < s->naside && i < cap; i++) types[i] = s->aside[i];
    return s->naside;
}

/* No follower, builder or pig onto the dragon's tile (but out of a
 * dungeon); pd_princess 2: nothing on the tile whose princess acted. */
static inline __attribute__((always_inline)) bool may_deploy_at(const carc_game *g, int kind,
                                                                 int tile, int cause)
{
    const pd_state *s = cst(g);
    /* (a dungeon exit is no CARC_CAUSE_DEPLOY: the princess's rule first) */
    if (s->princess_done && cause == CARC_CAUSE_DEPLOY && tile == carc__tile_last(g)) return false;
    if (!s->entered || s->dragon < 0 || cause == CARC_CAUSE_DUNGEON_EXIT)
        return true; /* the dragon is not in play yet */
    if (tile != dragon_stand_tile(g)) return true;
    return !(carc__figure_kind_classes(g, kind) & (CARC_CLASS_FOLLOWER | CARC_CLASS_EATABLE));
}

static bool may_deploy(const carc_game *g, int player, int kind, int tile, int seg, int cause)
{
    (void)player;
    (void)seg;
    return may_deploy_at(g, kind, tile, cause);
}

/* may_deploy for the segments s < nseg of tile at once: its answer does
 * not depend on the segment (may_deploy_at inline in both) */
static uint32_t may_deploy_segs(const carc_game *g, int player, int kind, int tile, int nseg,
                                int cause)
{
    (void)player;
    (void)nseg;
    return may_deploy_at(g, kind, tile, cause) ? ~0u : 0u;
}

/* ------------------------------------------------------------- scoring */

/* +3 to the owner of the fairy's follower when its feature is scored (C2:
 * the follower it is attached to; C1: each owner of a follower on the
 * fairy's tile standing on that feature, once).  A standing castle's knight
 * earns nothing: its castle is scored by its fief, never as its city (as a
 * ringmaster in a castle, doc/rules.md). */
static void feature_scored(carc_game *g, int root, const feat_eval *e)
{
    (void)e;
    const pd_state *s = cst(g);
    if (s->fairy < 0) return;
    int figs[CARC_ID_FIGURE_N];
    int h = fairy_host(g), n;
    if (h >= 0) { /* only its host is paid (a follower on a segment, below) */
        /* standing on another feature (most scorings) or on no segment:
         * the loop's root test, from the host's record (carc__figure_root) */
        if (carc__figure_root(g, h) != root) return;
        figs[0] = h;
        n = 1;
    } else if (s->rule_fairy == 2) { /* C1: p's follower on its tile */
        const int t = carc__figure_tile(g, s->fairy);
        if (t < 0) return;
        n = carc__tile_figures(g, t, figs, CARC_ID_FIGURE_N);
    } else { /* C2 without a host: nobody */
        return;
    }
    unsigned paid = 0;
    for (int i = 0; i < n && i < CARC_ID_FIGURE_N; i++) {
        carc_fig f;
        carc__figure_get(g, figs[i], &f);
        if (!is_follower(g, &f) || f.where != CARC_PLACE_SEGMENT ||
            carc__segment_root(g, f.tile, f.segment) != root || (paid >> f.owner & 1u))
            continue;
        if (h >= 0 ? figs[i] != h : cst(g)->rule_fairy != 2) continue;
        int tiles[2];
        if (castle_of(g, figs[i], tiles)) continue; /* a castle: no feature scored */
        paid |= 1u << f.owner;
        carc__score_add(g, f.owner, FAIRY_FEATURE_POINTS, REASON_FAIRY_FEATURE,
                        carc__root_kind(g, root), f.tile, f.segment);
    }
}

/* ------------------------------------------------------------- events */

/* figure_moved for figure fig, not the dragon, that moved from `from` to a
 * place `where` (its record's): a player's follower's and eatable figure's
 * bits (pd_state.followers, .eatable; `where` read in its record when not
 * a place, ~0u), the fairy's work when fig is the
 * fairy, else the fairy attached to fig staying on fig's tile.  The
 * records read in place (fig and the fairy are figures of the game).
 * Inline: figure_moved's, and eat_figures's for a figure it sent home
 * quietly (where CARC_PLACE_SUPPLY). */
static inline __attribute__((always_inline)) void moved_not_dragon(carc_game *g, int fig,
                                                                   const carc_fig *from,
                                                                   unsigned where)
{
    pd_state *s = st(g);
    const char *F = (const char *)g + (uint32_t)carc__head_word(g, CARC__HEAD_FIGS_OFF);
    if (from->owner >= 0 && fig < CARC_ID_FIGURE_N) {
        /* its kind's classes (follower_kinds, eatable_kinds: kind < 16) */
        const unsigned k = (unsigned)from->kind & (CARC_FIGURE_KINDS - 1);
        const unsigned cl = ((s->follower_kinds >> k) & 1u ? CARC_CLASS_FOLLOWER : 0u) |
                            ((s->eatable_kinds >> k) & 1u ? CARC_CLASS_EATABLE : 0u);
        if (cl) {
            if (where > CARC_PLACE_HELD) /* not given: its record's */
                where = (uint8_t)F[(size_t)fig * CARC__FIG_BYTES + CARC__FIG_WHERE];
            const uint64_t bit = 1ull << (fig & 63);
            const bool on = where == CARC_PLACE_SEGMENT || where == CARC_PLACE_TILE;
            if (cl & CARC_CLASS_FOLLOWER) {
                uint64_t *w = &s->followers[from->owner][fig >> 6];
                if (on) *w |= bit;
                else *w &= ~bit;
            }
            if (cl & CARC_CLASS_EATABLE) {
                if (on) {
                    s->eatable[fig >> 6] |= bit;
                } else if (where == CARC_PLACE_ATTACHED) {
                    s->eatable[fig >> 6] |= bit;
                    s->eat_attached = 1; /* for good */
                } else {
                    s->eatable[fig >> 6] &= ~bit;
                }
            }
        }
    }
    if (fig == s->fairy) {
        fairy_work_of(g, s->fairy_work);
        return;
    }
    if (s->fairy < 0 || from->tile < 0) return;
    /* the fairy attached to fig (fairy_host) */
    const char *f = F + (size_t)s->fairy * CARC__FIG_BYTES;
    uint16_t host;
    memcpy(&host, f + CARC__FIG_ARG, sizeof host);
    if ((uint8_t)f[CARC__FIG_WHERE] != CARC_PLACE_ATTACHED || host != fig) return;
    carc__figure_move(g, s->fairy, CARC_PLACE_TILE, from->tile, 0, 0, 0, CAUSE_FAIRY_STAYS);
}

/* The fairy's follower left its place: the fairy stays on that tile
 * (moved_not_dragon). */
static void figure_moved(carc_game *g, int fig, const carc_fig *from, int cause)
{
    (void)cause;
    /* the dragon (a step, a volcano: most moves here) is neither a
     * player's figure, nor the fairy, nor the fairy's host (state_check) */
    if (fig == cst(g)->dragon) {
        veto_tile_sync(g); /* moved by another module */
        return;
    }
    moved_not_dragon(g, fig, from, ~0u);
}

/* ------------------------------------------------------------ decisions */

/* Is the princess's verb asked about at a deployment on a tile of type
 * `type`: a princess segment (no segment tag "princess": s_princess 0,
 * none) under pd_princess 1 (may)? */
static inline bool princess_asked(const pd_state *s, int type)
{
    return type_has_princess(type, s->s_princess) && s->rule_princess == 1;
}

/* ... and the portal's: a tile tagged "portal"? */
static inline bool portal_asked(const pd_state *s, int type)
{
    return (carc__types[type].tags & s->t_portal) != 0;
}

/* the verbs at a deployment: the tile just laid read once (its type for
 * the princess and the portal); deploy_actions' way but for its common
 * case (out of line) */
static __attribute__((noinline)) void deploy_verbs(const carc_game *g, const carc_pending *p,
                                                   action_sink *sink)
{
    const pd_state *s = cst(g);
    const int t = p->target;
    if (t < 0 || s->princess_done) return;
    if (fairy_verb_listed(g, p)) carc__sink_push_kind(sink, ACT_FAIRY, 0, 0, VERB_FAIRY);
    const int type = carc__tile_type(g, t);
    if (type < 0) return;
    if (princess_asked(s, type) && princess_root(g, s, t, type) >= 0)
        carc__sink_push_kind(sink, ACT_PRINCESS, 0, 0, VERB_PRINCESS);
    if (portal_asked(s, type) && any_portal_tile(g, p->player))
        carc__sink_push_kind(sink, ACT_PORTAL, 0, 0, VERB_PORTAL);
}

/* The verbs at a deployment (deploy_verbs).  Its common case in straight
 * line, no call, no frame: a sink of ids only, no veto, pd_fairy_placement 1,
 * the tile just laid (placed) without a princess (under pd_princess 1) or a
 * portal: the fairy's verb alone, when p's followers on the board give it a
 * target (any_fairy_target's plain answer) */
static void deploy_actions(const carc_game *g, const carc_pending *p, action_sink *sink)
{
    const pd_state *s = cst(g);
    if (s->vetoed) goto general; /* the sets with a veto: their way at once */
    const int t = p->target, pl = p->player;
    if (t < 0 || s->princess_done) return;
    if (sink->buf || !sink->ids || s->rule_fairy == 2 || t >= carc__tile_count(g) || pl < 0 ||
        pl >= CARC_MAX_PLAYERS)
        goto general;
    uint16_t type;
    memcpy(&type, carc__tile_rec(g, t) + CARC__TILE_TYPE, sizeof type);
    if (portal_asked(s, type) || princess_asked(s, type)) goto general;
    const uint64_t b0 = s->followers[pl][0], b1 = s->followers[pl][1];
    if (s->fairy >= 0 && (b0 | b1) && fairy_target_plain(g, b0, b1))
        carc__sink_push_id(sink, VERB_FAIRY);
    return;
general:
    deploy_verbs(g, p, sink);
}

/* Is follower i of DEC_FAIRY's player (a bit of pd_state.followers) in
 * its list: not the fairy's host, and (vetoed: the game's
 * carc__figure_moves_vetoed) no module's veto refuses the move? */
static inline __attribute__((always_inline)) bool fairy_follower_listed(const carc_game *g,
                                                                        int fairy, int host,
                                                                        int i, bool vetoed)
{
    return i != host &&
           (!vetoed || carc__figure_may_move(g, fairy, CARC_PLACE_ATTACHED, -1, i, CAUSE_FAIRY));
}

/* DEC_FAIRY's list: fairy_target_of for player's followers on the board,
 * ascending, as ids only (ids_only) or as actions; vetoed: the game's
 * carc__figure_moves_vetoed.  Inline with constant flags: the common list
 * (ids, no veto) has its own loop, the sink's count in a register. */
static inline __attribute__((always_inline)) void fairy_targets(const carc_game *g, int player,
                                                                action_sink *sink, bool ids_only,
                                                                bool vetoed)
{
    const pd_state *s = cst(g);
    const int fairy = s->fairy, host = fairy_host(g);
    int32_t *const ids = sink->ids;
    const size_t cap = sink->cap;
    size_t n = sink->n;
    for (int w = 0; w < 2; w++)
        for (uint64_t b = s->followers[player][w]; b; b &= b - 1) {
            const int i = w * 64 + __builtin_ctzll(b);
            if (!fairy_follower_listed(g, fairy, host, i, vetoed)) continue;
            if (ids_only) { /* carc__sink_push's ids, no action built */
                if (n < cap) ids[n] = CARC_ID_FIGURE + i;
                n++;
            } else {
                sink->n = n;
                carc__sink_push_kind(sink, ACT_FAIRY_TO, i, 0, CARC_ID_FIGURE + i);
                n = sink->n;
            }
        }
    sink->n = n;
}

/* fairy_targets' ids without a veto (the playout's DEC_FAIRY list): the
 * player's followers on the board but the host, its bit cleared first,
 * each id written by one step of the bits when any two words' bits fit
 * under the sink's cap (else fairy_targets' loop, which counts past it) */
static inline __attribute__((always_inline)) void fairy_ids_plain(const carc_game *g, int player,
                                                                  action_sink *sink)
{
    const pd_state *s = cst(g);
    const uint32_t host = (uint32_t)fairy_host(g);
    uint64_t m0 = s->followers[player][0], m1 = s->followers[player][1];
    if (host < 64) m0 &= ~(1ull << host);
    else if (host < 128) m1 &= ~(1ull << (host - 64));
    size_t n = sink->n;
    if (n > sink->cap || sink->cap - n < 128) { /* room for 128 ids: any two words' bits */
        fairy_targets(g, player, sink, true, false);
        return;
    }
    int32_t *ids = sink->ids;
    for (; m0; m0 &= m0 - 1) ids[n++] = CARC_ID_FIGURE + __builtin_ctzll(m0);
    for (; m1; m1 &= m1 - 1) ids[n++] = CARC_ID_FIGURE + 64 + __builtin_ctzll(m1);
    sink->n = n;
}

/* decision_actions but a step's and the fairy's lists of ids (those in
 * decision_actions, inline): out of line, its frame paid only here */
static __attribute__((noinline)) void decision_actions_other(const carc_game *g,
                                                             const carc_pending *p,
                                                             action_sink *sink)
{
    switch (p->kind) {
    case DEC_STEP: {
        unsigned mask = cst(g)->step_mask & 15u; /* flight's, when it pushed the step */
        for (int d = 0; d < 4; d++)
            if (mask >> d & 1u) carc__sink_push_kind(sink, ACT_STEP, d, 0, CARC_ID_DIRECTION + 2 * d);
        break;
    }
    case DEC_FAIRY: /* fairy_target_of for p's followers on the board, ascending */
        if (p->player < 0 || p->player >= CARC_MAX_PLAYERS) break;
        fairy_targets(g, p->player, sink, !sink->buf && sink->ids, cst(g)->vetoed);
        break;
    case DEC_FAIRY_TILE:
        for (int t = 0; t < carc__tile_count(g); t++)
            if (fairy_tile_target(g, p->player, t))
                carc__sink_push_kind(sink, ACT_FAIRY_TILE, t, 0, CARC_ID_TILE + t);
        break;
    case DEC_PORTAL:
        portal_tiles(g, p->player, sink, false);
        break;
    case DEC_PRINCESS:
        for (int i = 0; i < carc__figure_count(g) && i < CARC_ID_FIGURE_N; i++)
            if (is_knight(g, i, p->arg)) carc__sink_push_kind(sink, ACT_PRINCESS_KNIGHT, i, 0, CARC_ID_FIGURE + i);
        break;
    default:
        break;
    }
}

/* The lists of the module's decisions: a step's directions and the
 * fairy's followers as ids only (the playout's: nearly all of them) here,
 * the rest in decision_actions_other */
static void decision_actions(const carc_game *g, const carc_pending *p, action_sink *sink)
{
    if (!sink->buf && sink->ids) { /* ids only */
        if (p->kind == DEC_STEP && sink->n + 4 <= sink->cap) {
            /* the ids of mask's directions, ascending, and their count:
             * four written, the count advanced */
            const unsigned mask = cst(g)->step_mask & 15u; /* flight's, when it pushed the step */
#define DIR_ID(d) (CARC_ID_DIRECTION + 2 * (d))
#define DIR_IDS(a, b, c, d) {DIR_ID(a), DIR_ID(b), DIR_ID(c), DIR_ID(d)}
            static const int32_t step_ids[16][4] = {
                DIR_IDS(0, 0, 0, 0), DIR_IDS(0, 0, 0, 0), DIR_IDS(1, 0, 0, 0), DIR_IDS(0, 1, 0, 0),
                DIR_IDS(2, 0, 0, 0), DIR_IDS(0, 2, 0, 0), DIR_IDS(1, 2, 0, 0), DIR_IDS(0, 1, 2, 0),
                DIR_IDS(3, 0, 0, 0), DIR_IDS(0, 3, 0, 0), DIR_IDS(1, 3, 0, 0), DIR_IDS(0, 1, 3, 0),
                DIR_IDS(2, 3, 0, 0), DIR_IDS(0, 2, 3, 0), DIR_IDS(1, 2, 3, 0), DIR_IDS(0, 1, 2, 3)};
#undef DIR_IDS
#undef DIR_ID
            static const uint8_t step_n[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
            memcpy(sink->ids + sink->n, step_ids[mask], sizeof step_ids[mask]);
            sink->n += step_n[mask];
            return;
        }
        if (p->kind == DEC_FAIRY && !cst(g)->vetoed && p->player >= 0 &&
            p->player < CARC_MAX_PLAYERS) {
            fairy_ids_plain(g, p->player, sink); /* most */
            return;
        }
    }
    decision_actions_other(g, p, sink);
}

/* Is action a listed now at decision p (deploy_actions' verbs, or
 * decision_actions')?  The same answer as the lists, one question: the
 * core's check before decision_apply (test_princess_dragon.c compares it
 * with the lists on random games). */
static bool action_legal(const carc_game *g, const carc_pending *p, const carc_action *a)
{
    const pd_state *s = cst(g);
    int nfig = carc__figure_count(g);
    if (nfig > CARC_ID_FIGURE_N) nfig = CARC_ID_FIGURE_N;
    switch (p->kind) {
    case CARC_DECISION_DEPLOY:
        if (p->target < 0 || s->princess_done) return false;
        if (a->kind == ACT_FAIRY) return fairy_verb_listed(g, p);
        if (a->kind == ACT_PRINCESS)
            return cst(g)->rule_princess == 1 && princess_city(g, p->target) >= 0;
        if (a->kind == ACT_PORTAL)
            return (tile_tags(g, p->target) & s->t_portal) && any_portal_tile(g, p->player);
        return false;
    case DEC_STEP:
        return a->kind == ACT_STEP && a->arg >= 0 && a->arg < 4 && (s->step_mask >> a->arg & 1u);
    case DEC_FAIRY:
        return a->kind == ACT_FAIRY_TO && a->arg >= 0 && a->arg < nfig &&
               fairy_target(g, p->player, a->arg);
    case DEC_FAIRY_TILE:
        return a->kind == ACT_FAIRY_TILE && a->arg >= 0 && a->arg < carc__tile_count(g) &&
               fairy_tile_target(g, p->player, a->arg);
    case DEC_PORTAL:
        return a->kind == ACT_PORTAL_TILE && portal_tile_ok(g, p->player, a->arg);
    case DEC_PRINCESS:
        return a->kind == ACT_PRINCESS_KNIGHT && a->arg >= 0 && a->arg < nfig &&
               is_knight(g, a->arg, p->arg);
    default:
        return false;
    }
}

/* ACT_STEP in direction d from the step's tile (p->target): the move
 * offered, then the dragon eats where it lands; in_place (apply_listed_id):
 * the next step written in this one's place when it may
 * (CARC_APPLY_AGAIN returned) */
static int step_apply(carc_game *g, const carc_pending *p, int d, bool in_place)
{
    pd_state *s = st(g);
    s->step_mask = 0; /* the step is answered */
    int x, y; /* the cell stepped onto */
    const int to = beside_at(g, p->target, d, &x, &y);
    /* figure_moved skips the dragon */
    const int r = carc__figure_step_quiet(g, s->dragon, to, CAUSE_STEP, p->player, MOD);
    if (r == CARC_MOVE_PROCEED && !s->princess_done && s->entered)
        s->veto_tile = (int16_t)to; /* veto_tile_of: the dragon stands on `to` */
    else veto_tile_sync(g);
    if (r < 0) return r;
    if (r == CARC_MOVE_TAKEN) {
        s->flight = PD_FLIGHT_OVER;
        return CARC_OK;
    }
    s->flight++;
    if (r != CARC_MOVE_PROCEED) return CARC_OK; /* the hook goes on with the flight */
    /* moved as offered: the dragon stands on `to` */
    const int rc = eat_at(g, to, true);
    if (rc) return rc;
    /* the flight's next step pushed here, what the hook (called again once
     * this step is taken: the queue holds nothing else -- the hook pushed
     * the step with the queue empty, and nothing but this module queues
     * during its apply) would do first: the same decision, the same state */
    /* the dragon's tile: `to`, at (x, y), one of the directions the
     * flight found -- not visited (fresh) */
    return flight_on_xy(g, s, to, x, y, true, PD_FLIGHT_OVER, in_place) == CARC_APPLY_AGAIN
               ? CARC_APPLY_AGAIN
               : CARC_OK;
}

/* ACT_FAIRY: which follower (or tile) the fairy goes to, next; in_place
 * (apply_listed_id): written in the deployment's place when it is the
 * only decision pending (carc__decision_instead: CARC_APPLY_AGAIN) */
static inline int fairy_verb_apply(carc_game *g, const carc_pending *p, bool in_place)
{
    const int kind = cst(g)->rule_fairy == 2 ? DEC_FAIRY_TILE : DEC_FAIRY;
    if (in_place && carc__decision_instead(g, kind, p->player, MOD, -1, 0) == CARC_OK)
        return CARC_APPLY_AGAIN;
    return carc__decision_followup(g, kind, p->player, MOD, -1, 0);
}

/* fairy_verb_apply in place, out of line (apply_listed_id's frame stays a
 * step's); the verb checked here (verbs_checked) in a game without vetoes
 * of figure moves -- with them, the core's note did */
static __attribute__((noinline)) int fairy_verb_in_place(carc_game *g, const carc_pending *p)
{
    if (!cst(g)->vetoed && !fairy_verb_listed(g, p)) return CARC_APPLY_BY_ACTION;
    return fairy_verb_apply(g, p, true);
}

/* ACT_FAIRY_TO: the fairy joins figure i, this module's hook spared (what
 * it does for the fairy, its work bytes, done here once the move is made:
 * fairy_work_of's, or, owner >= 0, i's owner known -- a player's -- only
 * its byte set) */
static inline int fairy_to_apply(carc_game *g, int i, int owner)
{
    pd_state *s = st(g);
    const int rc = carc__figure_attach_quiet(g, s->fairy, i, CAUSE_FAIRY, MOD);
    if (rc) return rc;
    if (owner >= 0) {
        memset(s->fairy_work, 0, sizeof s->fairy_work);
        s->fairy_work[owner] = 1;
    } else {
        fairy_work_of(g, s->fairy_work);
    }
    return rc;
}

/* ACT_PORTAL_TILE onto placed tile t: the core's deployment there, next */
static inline int portal_tile_apply(carc_game *g, const carc_pending *p, int t)
{
    return carc__decision_push_deploy(g, p->player, t, CARC_CAUSE_PORTAL, true);
}

/* apply_listed_id of the portal's tile id: without vetoes checked here
 * (ids_checked): decision_actions' tiles, portal_tile_ok for the
 * player's figures in supply; out of line (rare) */
static __attribute__((noinline)) int portal_id_apply(carc_game *g, const carc_pending *p,
                                                     int32_t id)
{
    const uint32_t t = (uint32_t)(id - CARC_ID_TILE);
    if (t >= (uint32_t)carc__tile_count(g) ||
        (!cst(g)->vetoed && !portal_tile_ok(g, p->player, (int)t)))
        return CARC_APPLY_BY_ACTION;
    return portal_tile_apply(g, p, (int)t);
}

/* The core has checked the action is one of decision_actions'. */
static int decision_apply(carc_game *g, const carc_pending *p, const carc_action *a)
{
    pd_state *s = st(g);
    switch (a->kind) {
    case ACT_STEP:
        return step_apply(g, p, a->arg, false);
    case ACT_FAIRY:
        return fairy_verb_apply(g, p, false);
    case ACT_FAIRY_TO:
        return fairy_to_apply(g, a->arg, -1);
    case ACT_FAIRY_TILE:
        return carc__figure_move(g, s->fairy, CARC_PLACE_TILE, a->arg, 0, 0, 0, CAUSE_FAIRY);
    case ACT_PORTAL:
        return carc__decision_followup(g, DEC_PORTAL, p->player, MOD, -1, 0);
    case ACT_PORTAL_TILE:
        return portal_tile_apply(g, p, a->arg);
    case ACT_PRINCESS:
        return carc__decision_followup(g, DEC_PRINCESS, p->player, MOD, p->target,
                                       princess_city(g, p->target));
    case ACT_PRINCESS_KNIGHT:
        return carc__figure_move(g, a->arg, CARC_PLACE_SUPPLY, -1, 0, 0, 0, CAUSE_PRINCESS);
    default:
        return CARC_E_ILLEGAL;
    }
}

/* apply_listed_id of DEC_FAIRY's figure id fig - CARC_ID_FIGURE, out of
 * line (apply_listed_id's frame stays a step's) */
static __attribute__((noinline)) int fairy_id_apply(carc_game *g, const carc_pending *p,
                                                    uint32_t fig)
{
    const pd_state *s = cst(g);
    if (fig >= (uint32_t)carc__figure_count(g)) return CARC_APPLY_BY_ACTION;
    /* with vetoes, the core's note checked it (ids_checked): p's byte as
     * read after the move */
    if (s->vetoed) return fairy_to_apply(g, (int)fig, -1);
    /* without, checked here: one of fairy_targets' followers of p's
     * player (its owner: p's byte) */
    if (fig >= CARC_ID_FIGURE_N || (unsigned)p->player >= CARC_MAX_PLAYERS ||
        !(s->followers[p->player][fig >> 6] >> (fig & 63) & 1u) ||
        !fairy_follower_listed(g, s->fairy, fairy_host(g), (int)fig, false))
        return CARC_APPLY_BY_ACTION;
    return fairy_to_apply(g, (int)fig, p->player);
}

/* decision_apply by an id (apply_listed_id): a step (its direction id,
 * decision_actions' CARC_ID_DIRECTION + 2 d) and the fairy's follower
 * (CARC_ID_FIGURE + i), checked here against the state as their lists
 * make them (ids_checked: in a game without vetoes any id reaches here),
 * and the fairy's verb (a listed one), most of this module's decisions;
 * the others by their action, and an id not listed the core's general
 * way */
static int apply_listed_id(carc_game *g, const carc_pending *p, int32_t id)
{
    const uint32_t dir = (uint32_t)(id - CARC_ID_DIRECTION), fig = (uint32_t)(id - CARC_ID_FIGURE);
    switch (p->kind) {
    case DEC_STEP: /* the directions of step_mask, decision_actions' CARC_ID_DIRECTION + 2 d */
        if (dir > 6 || (dir & 1) || !(cst(g)->step_mask >> (dir >> 1) & 1u)) break;
        return step_apply(g, p, (int)(dir >> 1), true);
    case DEC_FAIRY: /* only figures */
        return fairy_id_apply(g, p, fig);
    case DEC_PORTAL:
        return portal_id_apply(g, p, id);
    case CARC_DECISION_DEPLOY:
        if (id == VERB_FAIRY) return fairy_verb_in_place(g, p);
        break;
    default:
        break;
    }
    return CARC_APPLY_BY_ACTION;
}

/* ------------------------------------------------------------ ids, text */

/* directions: ids every other one of CARC_ID_DIRECTION (N E S W) */
static const carc_arg_choice dirs[] = {{0, 0, "n"}, {1, 2, "e"}, {2, 4, "s"}, {3, 6, "w"}};

static const carc_action_def actions[] = {
    {ACT_STEP, "dragon", CARC_AT(0), CARC_ID_DIRECTION, {CARC_ARG_CHOICE(arg, dirs)}},
    {ACT_FAIRY, "fairy", CARC_AT_DEPLOY, VERB_FAIRY, {{0}}},
    {ACT_FAIRY_TO, "fairy", CARC_AT(1), CARC_ID_FIGURE,
     {CARC_ARG_INT(arg, 0, CARC_ID_FIGURE_N - 1)}},
    {ACT_FAIRY_TILE, "fairy", CARC_AT(2), CARC_ID_TILE, {CARC_ARG_TILE(arg)}},
    {ACT_PORTAL, "portal", CARC_AT_DEPLOY, VERB_PORTAL, {{0}}},
    {ACT_PORTAL_TILE, "portal", CARC_AT(3), CARC_ID_TILE, {CARC_ARG_TILE(arg)}},
    {ACT_PRINCESS, "princess", CARC_AT_DEPLOY, VERB_PRINCESS, {{0}}},
    {ACT_PRINCESS_KNIGHT, "princess", CARC_AT(4), CARC_ID_FIGURE,
     {CARC_ARG_INT(arg, 0, CARC_ID_FIGURE_N - 1)}},
};

/* ------------------------------------------------------------ explain */

static void cell_of(const carc_game *g, int t, int *x, int *y)
{
    *x = *y = 0;
    if (t >= 0) carc__tile_xy(g, t, x, y);
}

static bool explain(const carc_game *g, const carc_action *a, carc_explanation *out)
{
    const carc_pending *d = carc__decision_pending(g);
    const pd_state *s = cst(g);
    if (!d) return false;
    int x, y;
    /* a core deployment our veto refused */
    if (a->kind == CARC_ACTION_DEPLOY && d->kind == CARC_DECISION_DEPLOY && d->target >= 0) {
        int t = d->target;
        if (a->segment < 0 || a->segment >= carc__types[carc__tile_type(g, t)].nseg ||
            a->figure < 0 || a->figure >= CARC_FIGURE_KINDS)
            return false;
        int cause = (d->flags & CARC_PENDING_QUEUED_DEPLOY) ? d->arg : CARC_CAUSE_DEPLOY;
        if (may_deploy(g, d->player, a->figure, t, a->segment, cause)) return false;
        cell_of(g, t, &x, &y);
        if (s->princess_done && t == carc__tile_last(g)) {
            out->reason = WHY_NO_KNIGHT;
            snprintf(out->message, sizeof out->message,
                     "the princess sent a knight home instead of the deployment (rule pd_princess 2): "
                     "nothing more may be deployed on %d,%d this turn",
                     x, y);
        } else {
            out->reason = WHY_DRAGON_TILE;
            snprintf(out->message, sizeof out->message,
                     "the dragon stands on %d,%d%s: no follower, builder or pig may be deployed "
                     "there; pass or choose another deployment",
                     x, y, (tile_tags(g, t) & s->t_volcano) ? " (the volcano just laid)" : "");
        }
        return true;
    }
    if (a->kind == CARC_ACTION_DRAW && d->kind == CARC_DECISION_DRAW && a->tile >= 0 &&
        a->tile < carc__ntypes && carc__pile_left_of(g, a->tile) > 0 &&
        carc__rule(g, RULE_DRAGON_TILES) != 2 && !drawable(g, a->tile)) {
        out->reason = WHY_DRAGON_WAITS;
        snprintf(out->message, sizeof out->message,
                 "%s has the dragon symbol: dragon tiles stay out of the draw until the first "
                 "volcano is laid",
                 carc__types[a->tile].name);
        return true;
    }
    if (!CARC_KIND_IS_MODULE(a->kind) || CARC_KIND_MODULE(a->kind) != MOD) return false;
    switch (a->kind) {
    case ACT_STEP:
        if (d->kind != DEC_STEP) break;
        if (a->arg < 0 || a->arg > 3) return false;
        {
            static const char *const names[4] = {"north", "east", "south", "west"};
            int why = step_refusal(g, a->arg);
            int to = carc__figure_tile(g, s->dragon) >= 0 ? beside(g, d->target, a->arg) : -1;
            cell_of(g, to, &x, &y);
            out->reason = why ? why : CARC_REASON_NOT_OFFERED;
            if (why == WHY_NO_TILE)
                snprintf(out->message, sizeof out->message,
                         "no tile lies %s of the dragon: it steps only onto placed tiles",
                         names[a->arg]);
            else if (why == WHY_VISITED)
                snprintf(out->message, sizeof out->message,
                         "the dragon has already been on %d,%d in this flight: choose another "
                         "direction",
                         x, y);
            else if (why == WHY_FAIRY_TILE)
                snprintf(out->message, sizeof out->message,
                         "the fairy is on %d,%d: the dragon never enters the fairy's tile", x, y);
            else if (why == WHY_CITY_TILE)
                snprintf(out->message, sizeof out->message,
                         "%d,%d is an inner tile of the City of Carcassonne: the dragon never "
                         "enters it",
                         x, y);
            else
                snprintf(out->message, sizeof out->message,
                         "a rule of a module in play forbids the dragon's step onto %d,%d", x, y);
            return true;
        }
    case ACT_FAIRY:
        if (d->kind != CARC_DECISION_DEPLOY || d->target < 0) break;
        /* our rule allows a move: another module's veto refused it */
        if (!s->princess_done && fairy_own_target(g, d->player)) return false;
        out->reason = WHY_NO_FOLLOWER;
        snprintf(out->message, sizeof out->message,
                 s->princess_done ? "the princess acted this turn: the fairy may not move"
                                  : "the fairy moves only to one of your followers on the board, "
                                    "and you have none it may join");
        return true;
    case ACT_FAIRY_TO:
    case ACT_FAIRY_TILE:
        if (d->kind != DEC_FAIRY && d->kind != DEC_FAIRY_TILE) break;
        if ((a->kind == ACT_FAIRY_TILE) == (d->kind == DEC_FAIRY_TILE) &&
            fairy_own_rule_allows(g, d->player, a->arg, d->kind == DEC_FAIRY_TILE))
            return false; /* another module's veto */
        out->reason = WHY_NO_FOLLOWER;
        snprintf(out->message, sizeof out->message,
                 d->kind == DEC_FAIRY
                     ? "the fairy joins one of your followers on the board that it is not with "
                       "already: name one (its figure index)"
                     : "the fairy goes onto a tile holding one of your followers, other than its "
                       "own: name one");
        return true;
    case ACT_PORTAL:
        if (d->kind != CARC_DECISION_DEPLOY || d->target < 0) break;
        out->reason = (tile_tags(g, d->target) & s->t_portal) ? WHY_PORTAL_TARGET : WHY_NOT_PORTAL;
        snprintf(out->message, sizeof out->message,
                 out->reason == WHY_NOT_PORTAL
                     ? "the tile just laid has no magic portal"
                     : "no other placed tile has a free, uncompleted feature for a figure of "
                       "your supply");
        return true;
    case ACT_PORTAL_TILE:
        if (d->kind != DEC_PORTAL) break;
        out->reason = WHY_PORTAL_TARGET;
        if (a->arg == carc__tile_last(g))
            snprintf(out->message, sizeof out->message,
                     "the portal leads to another tile than the one just laid: deploy there "
                     "normally instead");
        else
            snprintf(out->message, sizeof out->message,
                     "that tile has no feature a figure of your supply may take through the "
                     "portal: every one is occupied or completed, or the dragon is there");
        return true;
    case ACT_PRINCESS:
    case ACT_PRINCESS_KNIGHT:
        if (d->kind != CARC_DECISION_DEPLOY && d->kind != DEC_PRINCESS) break;
        if (a->kind == ACT_PRINCESS && d->kind != CARC_DECISION_DEPLOY) break;
        out->reason = WHY_NO_KNIGHT;
        snprintf(out->message, sizeof out->message,
                 a->kind == ACT_PRINCESS
                     ? "the princess acts only when the tile just laid joins her city to a "
                       "city holding knights"
                     : "that figure is no knight of the princess's city: name one of its "
                       "knights");
        return true;
    default:
        break;
    }
    out->reason = WHY_NOT_NOW;
    snprintf(out->message, sizeof out->message,
             "that action of the Princess & the Dragon does not answer the pending decision");
    return true;
}

/* ------------------------------------------------------------ the module */

static const carc_step_hook steps[] = {
    {CARC_STEP_TURN_START, 0, fairy_turn},
    {CARC_STEP_AFTER_PLACE, 0, princess_reset}, /* before the volcano, as one hook was */
    {CARC_STEP_AFTER_PLACE, 0, volcano_hook},
    {CARC_STEP_DEPLOY, -10, princess_must_hook},
    {CARC_STEP_BEFORE_SCORING, -150, flight_before}, /* before the features are collected */
    {CARC_STEP_AFTER_SCORING, 50, flight_after},     /* after wagons and the circus       */
};

/* the game's rules keep hooks out of its pipeline: the princess's reset
 * (steps[1]) and must (steps[3]) with pd_princess 2 only, the flight
 * before (4) or after (5) the scoring by pd_dragon_move; the fairy's +1
 * only while the fairy may be with a follower of the player to move, the
 * reset only while the princess acted, the volcano only on a volcano
 * tile, a flight only from a dragon tile laid this part (and ends within
 * it) */
static bool step_active(const carc_game *g, int i)
{
    if (i == 1 || i == 3) return carc__rule(g, RULE_PRINCESS) == 2;
    if (i == 4) return carc__rule(g, RULE_DRAGON_MOVE) == 2;
    if (i == 5) return carc__rule(g, RULE_DRAGON_MOVE) == 1;
    return true;
}
static const uint16_t step_work[] = {CARC_WORK_PLAYER(pd_state, fairy_work),
                                     CARC_WORK_BYTE(pd_state, princess_done), 0, 0, 0, 0};
static const uint32_t step_ttags[] = {0, 0, CARC_TTAG_VOLCANO, 0, CARC_TTAG_DRAGON,
                                      CARC_TTAG_DRAGON};
_Static_assert(sizeof step_ttags / sizeof step_ttags[0] == sizeof steps / sizeof steps[0] &&
                   sizeof step_work / sizeof step_work[0] == sizeof steps / sizeof steps[0],
               "a step_work and a step_ttags entry per step hook");

static const char *const reasons[] = {"fairy turn", "fairy feature", NULL};

const carc_module_def carc__module_princess_dragon = {
    .id = MOD,
    .name = "princess_dragon",
    .tile_set = "princess_dragon",
    .kinds = kinds,
    .nkinds = sizeof kinds / sizeof kinds[0],
    .rules = rules,
    .nrules = sizeof rules / sizeof rules[0],
    .uses = (1ull << CARC_MODULE_BRIDGES_CASTLES) | (1ull << CARC_MODULE_TRADERS_BUILDERS) |
            (1ull << CARC_MODULE_COUNT),
    .reasons = reasons,
    .state_size = state_size,
    .state_check = state_check,
    /* 6 steps, the fairy's or the princess's follow-up, the portal's two,
     * a draw again (pd_dragon_tiles 2: at most 12 in a game) */
    .decisions_per_tile = PD_FLIGHT_STEPS + 5, /* + a draw again after a set-aside tile */
    /* the fairy's +1, and +3 per owner of a follower on the fairy's tile */
    .events_per_tile = 1 + 9,
    .events_per_game = 16,
    .max_pending = 3,
    .steps = steps,
    .nsteps = sizeof steps / sizeof steps[0],
    .step_work = step_work,
    .step_active = step_active,
    .step_ttags = step_ttags,
    .setup = setup,
    .decision_actions = decision_actions,
    .decision_apply = decision_apply,
    .apply_listed_id = apply_listed_id,
    .ids_checked = true, /* apply_listed_id: a step's, the fairy's ids */
    .verbs_checked = true, /* apply_listed_id: the fairy's verb */
    .actions = actions,
    .nactions = sizeof actions / sizeof actions[0],
    .deploy_actions = deploy_actions,
    .may_deploy = may_deploy,
    .may_deploy_segs = may_deploy_segs,
    .may_deploy_tile = true, /* only on the dragon's tile (veto_tile_of) */
    .may_deploy_tile_off = offsetof(pd_state, veto_tile),
    .drawable = drawable,
    .draw_veto_ttags = CARC_TTAG_DRAGON, /* it vetoes only dragon tiles */
    .draw_veto_tagged = true,            /* all of them while it is asked */
    .action_legal = action_legal,
    .draw_aside = draw_aside,
    .held_tiles = held_tiles,
    .feature_scored = feature_scored,
    .feature_scored_occupied = true, /* it pays followers standing on the feature */
    .figure_moved = figure_moved,
    .explain = explain,
};

/* ------------------------------------------------------------- for the Dungeon */

int carc__pd_eat(carc_game *g, int tile)
{
    if (!g || !carc__module_enabled(g, MOD) || tile < 0 || tile >= carc__tile_count(g))
        return CARC_OK;
    return eat(g, tile);
}

void carc__pd_flight_resume(carc_game *g)
{
    if (!g || !carc__module_enabled(g, MOD)) return;
    pd_state *s = st(g);
    s->flight = 2;
    s->nvisited = 0;
}

/* ------------------------------------------------- the dragon's nap (B10) */

/* Pig throwing (ambiguities.md B10): a pig thrown onto the dragon is eaten
 * and the dragon naps -- its state byte, owned here, is 1 while it sleeps.
 * A dragon tile then wakes it instead of starting a flight (flight()); a
 * volcano still moves it and it sleeps on (the byte survives moves). */
int carc__pd_dragon_asleep(const carc_game *g)
{
    if (!g || !carc__module_enabled(g, MOD) || cst(g)->dragon < 0) return 0;
    return dragon_asleep(g, cst(g));
}

int carc__pd_dragon_nap(carc_game *g, int asleep)
{
    if (!g || !carc__module_enabled(g, MOD) || st(g)->dragon < 0) return CARC_E_STATE;
    return carc__figure_set_state(g, MOD, st(g)->dragon, asleep ? 1 : 0);
}
