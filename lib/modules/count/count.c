/*
 * The Count of Carcassonne (../shared/rules/expansions.md §6; doc/rules.md
 * "The Count").
 *
 * - Set-up: the 12 City-of-Carcassonne tiles are laid as the start layout
 *   `coc` (tiles.def) instead of the start tile, so all 72 base tiles are
 *   drawn; the Count starts on the castle quarter.  No figure may ever be
 *   put on the two inner tiles (tile tag `coc_inner`), for any cause
 *   (JCloisterZone CountCapability; expansions.md §6).
 * - Quarters: castle -> cities, blacksmith -> roads, cathedral ->
 *   monasteries, market -> fields.  Their followers are held off the board
 *   (CARC_PLACE_HELD, holder this module, arg the quarter; count.h); for
 *   the rules that measure (the Catapult) they lie where the quarters are
 *   drawn, on CO_7 (the platform's held_spot / held_accepts hooks, below).
 * - Entering: when the tile a player places makes at least one opponent
 *   score and the player scores nothing (feature scoring of this turn part:
 *   the SCORING step and castles), the player may put one follower from
 *   supply into a quarter, then the Count moves (rule count_move: 1 the
 *   player chooses any quarter, 2 clockwise castle -> market -> blacksmith
 *   -> cathedral, 3 onto the quarter just entered; JCZ `count-move`
 *   by-player / clockwise / follow-meeple).
 * - Leaving: before the majority of a completed feature of a quarter's type
 *   is decided, players clockwise from the active player may move followers
 *   from that quarter onto it, one decision each (several in a row while
 *   they go on), not from the quarter where the Count stands.
 * - The City counts as one completed city for every field bordering it:
 *   tiles.def models its walls as one closed city, which set-up marks
 *   complete and scored, so the core's field scoring counts it.
 * - Final scoring (END_PHASE): players clockwise from the current player may
 *   move followers from the market quarter onto any field (rule
 *   count_final 1, JCZ coc-final-scoring market-only, C2), or from any
 *   quarter onto any feature of its type that is not completed (2,
 *   any-district, C1); never from the Count's quarter.
 */
#include "module.h"

#include <stdio.h>
#include <string.h>

#include "count.h"

#define MOD CARC_MODULE_COUNT

/* decision kinds (and action kinds, same numbers) */
#define DEC_ENTER CARC_MODULE_KIND(MOD, 0)      /* a follower into a quarter, or pass */
#define DEC_COUNT CARC_MODULE_KIND(MOD, 1)      /* where the Count goes               */
#define DEC_LEAVE CARC_MODULE_KIND(MOD, 2)      /* onto the feature being scored      */
#define DEC_FINAL CARC_MODULE_KIND(MOD, 3)      /* final scoring: which follower      */
#define DEC_FINAL_TILE CARC_MODULE_KIND(MOD, 4) /* final scoring: onto which tile     */
#define DEC_FINAL_SEG CARC_MODULE_KIND(MOD, 5)  /* final scoring: onto which segment  */
#define ACT_ENTER DEC_ENTER
#define ACT_COUNT DEC_COUNT
#define ACT_LEAVE DEC_LEAVE
#define ACT_FINAL DEC_FINAL
#define ACT_FINAL_TILE DEC_FINAL_TILE
#define ACT_FINAL_SEG DEC_FINAL_SEG

/* module causes of its figure moves */
#define CAUSE_ENTER CARC_MODULE_KIND(MOD, 0)
#define CAUSE_COUNT CARC_MODULE_KIND(MOD, 1)

/* refusal reasons (carc_game_explain) */
#define WHY_INNER CARC_MODULE_KIND(MOD, 0)         /* an inner tile of the City         */
#define WHY_COUNT_QUARTER CARC_MODULE_KIND(MOD, 1) /* the Count stands on that quarter  */
#define WHY_NO_FOLLOWER CARC_MODULE_KIND(MOD, 2)   /* none of that kind there           */
#define WHY_MARKET_ONLY CARC_MODULE_KIND(MOD, 3)   /* final: only the market (rule)     */
#define WHY_NOT_NOW CARC_MODULE_KIND(MOD, 4)       /* no such decision pending          */
#define WHY_QUARTER_KIND CARC_MODULE_KIND(MOD, 5)  /* that kind may not enter that quarter */

#define RULE_MOVE 20  /* count_move: 1 by the player, 2 clockwise, 3 follows */
#define RULE_FINAL 21 /* count_final: 1 market only (C2), 2 any quarter (C1) */
#define RULE_KINDS 23 /* count_quarter_kinds: 1 the mayor's and wagon's quarters, 2 any */

/* ids: a quarter x a figure kind (enter, final), a quarter (count), a kind
 * (leave), a placed tile, a segment */
#define QK_ID(q, k) (CARC_ID_NUMBER + (q) * 16 + (k))
#define Q_ID(q) (CARC_ID_NUMBER + (q))
#define K_ID(k) (CARC_ID_NUMBER + (k))
#define SEG_ID(s) (CARC_ID_KIND_SEG + (s))

typedef struct count_state {
    uint32_t inner_bit;     /* tile tag coc_inner in this build's catalogue */
    int16_t count_fig;      /* the Count's figure index, -1 if none          */
    uint8_t entry_due;      /* this part: an opponent scored, the player not */
    uint8_t leave_k;        /* leaving: players done, from the active one    */
    uint8_t final_k;        /* final scoring: players done                   */
    uint8_t pad[3];
    int32_t leave_root;     /* the feature whose leaving is under way, or -1 */
    int32_t before[CARC_MAX_PLAYERS]; /* scores when the part's scoring began */
} count_state;

static count_state *st(carc_game *g) { return carc__mod_state(g, MOD); }
static const count_state *cst(const carc_game *g) { return carc__mod_cstate(g, MOD); }

static size_t state_size(const carc_options *o)
{
    (void)o;
    return sizeof(count_state);
}

/* ----------------------------------------------------------- declarations */

static const carc_kind_def kinds[] = {
    /* the Count: one neutral figure, never claims */
    {CARC_FIGURE_COUNT, CARC_CLASS_NEUTRAL, 0, {0, 0, 1, 1, 1, 1, 1}, 0},
};

static const carc_rule_def rules[] = {
    /* how the Count moves after a follower entered (JCZ count-move):
     * 1 by-player (the rules), 2 clockwise, 3 follow-meeple */
    {RULE_MOVE, "count_move", 1, 1, 3},
    /* who may leave before final scoring (JCZ coc-final-scoring):
     * 1 market-only onto fields (C2, JCZ default), 2 any-district (C1) */
    {RULE_FINAL, "count_final", 1, 1, 2},
    /* which quarters a mayor or a wagon may enter (JCZ Mayor/Wagon
     * isDeploymentAllowed; the Abbey & Mayor FAQ's "the appropriate
     * quarter"): 1 the mayor the castle only, the wagon any but the market;
     * 2 every follower kind any quarter (0.8.0) */
    {RULE_KINDS, "count_quarter_kinds", 1, 1, 2},
};

/* games written before count_quarter_kinds (0.8.0 and earlier) let every
 * kind into every quarter */
static const carc_rule_legacy rule_legacy[] = {{"count_quarter_kinds", 2}, {NULL, 0}};

static const int quarter_kind[CARC_COUNT_QUARTERS] = {
    CARC_FEATURE_CITY, CARC_FEATURE_ROAD, CARC_FEATURE_MONASTERY, CARC_FEATURE_FIELD};
static const char *const quarter_name[CARC_COUNT_QUARTERS] = {"castle", "blacksmith",
                                                              "cathedral", "market"};

static int quarter_of_kind(int feature)
{
    for (int q = 0; q < CARC_COUNT_QUARTERS; q++)
        if (quarter_kind[q] == feature) return q;
    return -1;
}

/* ------------------------------------------------------------ the quarters */

/* the lowest index of player's follower of `kind` in quarter q, or -1 */
static int quarter_fig(const carc_game *g, int player, int q, int kind)
{
    int n = carc__figure_count(g);
    for (int i = 0; i < n; i++) {
        carc_fig f;
        carc__figure_get(g, i, &f);
        if (f.where == CARC_PLACE_HELD && f.holder == MOD && f.arg == q && f.owner == player &&
            f.kind == kind)
            return i;
    }
    return -1;
}

int carc__count_quarter(const carc_game *g)
{
    if (!carc__module_enabled(g, MOD) || cst(g)->count_fig < 0) return -1;
    carc_fig f;
    carc__figure_get(g, cst(g)->count_fig, &f);
    return f.where == CARC_PLACE_HELD && f.holder == MOD ? f.arg : -1;
}

/* held_place: a City quarter by name, for the pictures */
static const char *held_place(const carc_game *g, int arg)
{
    (void)g;
    return arg >= 0 && arg < CARC_COUNT_QUARTERS ? quarter_name[arg] : NULL;
}

int carc__count_followers(const carc_game *g, int q, int player)
{
    if (!carc__module_enabled(g, MOD) || q < 0 || q >= CARC_COUNT_QUARTERS || player < 0 ||
        player >= carc__players(g))
        return 0;
    int n = carc__figure_count(g), c = 0;
    for (int i = 0; i < n; i++) {
        carc_fig f;
        carc__figure_get(g, i, &f);
        c += f.where == CARC_PLACE_HELD && f.holder == MOD && f.arg == q && f.owner == player;
    }
    return c;
}

static bool is_follower_kind(const carc_game *g, int kind)
{
    return (carc__figure_kind_classes(g, kind) & CARC_CLASS_FOLLOWER) != 0;
}

/* The figure kinds that may enter a quarter, with their notation words
 * (the core's kind words): follower-class kinds of the roadmap's modules. */
static const carc_arg_choice kind_words[] = {
    {CARC_FIGURE_FOLLOWER, CARC_FIGURE_FOLLOWER, "follower"},
    {CARC_FIGURE_BIG, CARC_FIGURE_BIG, "big"},
    {CARC_FIGURE_MAYOR, CARC_FIGURE_MAYOR, "mayor"},
    {CARC_FIGURE_WAGON, CARC_FIGURE_WAGON, "wagon"},
    {CARC_FIGURE_RINGMASTER, CARC_FIGURE_RINGMASTER, "ringmaster"},
};
#define NKINDS ((int)(sizeof kind_words / sizeof kind_words[0]))

/* may a follower of kind k be put into quarter q (entering, or held there
 * by another module's rule)?  Rule count_quarter_kinds 1: a quarter takes
 * a kind that may claim the quarter's feature kind, as the kind's module
 * declares it (carc__figure_kind_features: Abbey & Mayor's mayor stands in
 * cities only, so the castle quarter; its wagon never on fields, so not the
 * market); a kind without such a limit, any quarter. */
static bool quarter_takes(const carc_game *g, int q, int k)
{
    if (carc__rule(g, RULE_KINDS) == 2) return true;
    const int f = carc__figure_kind_features(g, k);
    return !f || (f >> quarter_kind[q] & 1);
}

static const carc_arg_choice quarter_words[] = {
    {0, 0, "castle"}, {1, 1, "blacksmith"}, {2, 2, "cathedral"}, {3, 3, "market"}};

/* the segment of feature root through which a follower joins it: its root
 * member (every member is the same feature for scoring) */
static void root_spot(const carc_game *g, int root, int *tile, int *seg)
{
    int16_t t = -1;
    uint8_t s = 0;
    carc__root_members(g, root, &t, &s, 1);
    *tile = t;
    *seg = s;
}

/* ------------------------------------------------------------------ set-up */

static const char *start_layout(const carc_game *g)
{
    (void)g;
    return "coc";
}

static void setup(carc_game *g)
{
    count_state *s = st(g);
    s->inner_bit = carc__tile_tag_bit("coc_inner");
    s->leave_root = -1;
    s->count_fig = (int16_t)carc__figure_find(g, -1, CARC_FIGURE_COUNT, CARC_PLACE_SUPPLY, -1);
    if (s->count_fig >= 0)
        carc__figure_move(g, s->count_fig, CARC_PLACE_HELD, -1, -1, CARC_COUNT_CASTLE, MOD,
                          CARC_CAUSE_SETUP);
}

/* ------------------------------------------------------------ step hooks */

/* BEFORE_SCORING: the scores before this part's feature scoring */
static int snapshot(carc_game *g)
{
    count_state *s = st(g);
    for (int p = 0; p < carc__players(g); p++) s->before[p] = carc__score(g, p);
    s->leave_root = -1;
    s->entry_due = 0;
    return CARC_HOOK_NEXT;
}

/* AFTER_SCORING, after castles: did an opponent score and the player not? */
static int judge_entry(carc_game *g)
{
    count_state *s = st(g);
    int me = carc__current(g);
    bool mine = false, theirs = false;
    for (int p = 0; p < carc__players(g); p++) {
        int d = carc__score(g, p) - s->before[p];
        if (d == 0) continue;
        if (p == me) mine = true;
        else theirs = true;
    }
    s->entry_due = theirs && !mine;
    return CARC_HOOK_NEXT;
}

static bool can_enter(const carc_game *g, int p)
{
    for (int k = 0; k < NKINDS; k++)
        if (is_follower_kind(g, kind_words[k].value) &&
            carc__figure_supply(g, p, kind_words[k].value) > 0)
            return true;
    return false;
}

/* AFTER_SCORING, last: the offer to enter the City */
static int offer_entry(carc_game *g)
{
    count_state *s = st(g);
    if (!s->entry_due) return CARC_HOOK_NEXT;
    s->entry_due = 0;
    int p = carc__current(g);
    if (can_enter(g, p)) carc__decision_push(g, DEC_ENTER, p, MOD, -1, 0);
    return CARC_HOOK_NEXT;
}

/* where follower fig leaving the City joins feature root: its root member,
 * or when a tile-level veto refuses that one (the dragon's tile, Princess &
 * Dragon), the first member of the feature where the deployment rule lets
 * it stand (JCZ offers every place of the feature that no capability
 * forbids: expansions.md §6 says "onto that feature", not onto one tile of
 * it).  False when no member is allowed. */
static bool leave_spot(const carc_game *g, int fig, int root, int *tile, int *seg)
{
    const unsigned how = CARC_DEPLOY_OCCUPIED | CARC_DEPLOY_COMPLETED;
    root_spot(g, root, tile, seg);
    if (carc__figure_deploy_legal(g, fig, *tile, *seg, CARC_CAUSE_LEAVE_CITY, how)) return true;
    int16_t ts[CARC_MAX_TILES * 8];
    uint8_t ss[CARC_MAX_TILES * 8];
    int cap = (int)(sizeof ts / sizeof ts[0]);
    int n = carc__root_members(g, root, ts, ss, cap);
    /* followers leave here onto roads, cities and monasteries only (fields
     * at final scoring take another path): each of their segments holds an
     * edge or is a monastery, so a tile holds at most 8 members of one
     * such feature (4 edges, a bridge's road, the tile's own); past cap the
     * rest would not be looked at: a refusal, never a wrong placement */
    if (n > cap) n = cap;
    for (int i = 1; i < n; i++) {
        if (carc__figure_deploy_legal(g, fig, ts[i], ss[i], CARC_CAUSE_LEAVE_CITY, how)) {
            *tile = ts[i];
            *seg = ss[i];
            return true;
        }
    }
    return false;
}

/* may player p's follower of kind k leave quarter q onto feature root now? */
static bool may_leave(const carc_game *g, int p, int q, int kind, int root)
{
    int fig = quarter_fig(g, p, q, kind);
    if (fig < 0) return false;
    int t, sg;
    return leave_spot(g, fig, root, &t, &sg);
}

static bool has_leave(const carc_game *g, int p, int q, int root)
{
    for (int k = 0; k < NKINDS; k++)
        if (may_leave(g, p, q, kind_words[k].value, root)) return true;
    return false;
}

/* before the majority of a completed feature: leaving the City, player by
 * player clockwise from the active one; each may move followers one
 * decision at a time until they pass */
static int before_majority(carc_game *g, int root)
{
    count_state *s = st(g);
    int q = quarter_of_kind(carc__root_kind(g, root));
    if (q < 0 || q == carc__count_quarter(g)) return CARC_HOOK_NEXT;
    int kind = carc__root_kind(g, root);
    if ((kind == CARC_FEATURE_ROAD || kind == CARC_FEATURE_CITY) && !carc__root_due(g, root))
        return CARC_HOOK_NEXT; /* its scoring was skipped (a castle) */
    if (s->leave_root != root) {
        s->leave_root = root;
        s->leave_k = 0;
    }
    int n = carc__players(g), cur = carc__current(g);
    while (s->leave_k < n) {
        int p = (cur + s->leave_k) % n;
        if (has_leave(g, p, q, root)) {
            int t, sg;
            root_spot(g, root, &t, &sg);
            carc__decision_push(g, DEC_LEAVE, p, MOD, t, root);
            return CARC_HOOK_AGAIN;
        }
        s->leave_k++;
    }
    s->leave_root = -1;
    return CARC_HOOK_NEXT;
}

/* the quarters a follower may leave at final scoring */
static bool final_quarter(const carc_game *g, int q)
{
    if (q == carc__count_quarter(g)) return false;
    return carc__rule(g, RULE_FINAL) == 2 || q == CARC_COUNT_MARKET;
}

static bool final_target(const carc_game *g, int fig, int q, int t, int sg)
{
    if (carc__root_kind(g, carc__segment_root(g, t, sg)) != quarter_kind[q]) return false;
    return carc__figure_deploy_legal(g, fig, t, sg, CARC_CAUSE_LEAVE_CITY, CARC_DEPLOY_OCCUPIED);
}

static int tile_nseg(const carc_game *g, int t)
{
    return carc__types[carc__tile_type(g, t)].nseg;
}

static bool final_tile_ok(const carc_game *g, int fig, int q, int t)
{
    int ns = tile_nseg(g, t);
    for (int sg = 0; sg < ns; sg++)
        if (final_target(g, fig, q, t, sg)) return true;
    return false;
}

static bool final_fig_ok(const carc_game *g, int fig, int q)
{
    int nt = carc__tile_count(g);
    for (int t = 0; t < nt; t++)
        if (final_tile_ok(g, fig, q, t)) return true;
    return false;
}

static bool has_final(const carc_game *g, int p)
{
    for (int q = 0; q < CARC_COUNT_QUARTERS; q++) {
        if (!final_quarter(g, q)) continue;
        for (int k = 0; k < NKINDS; k++) {
            int fig = quarter_fig(g, p, q, kind_words[k].value);
            if (fig >= 0 && final_fig_ok(g, fig, q)) return true;
        }
    }
    return false;
}

/* END_PHASE: leaving before final scoring, clockwise from the current
 * player, each until they pass */
static int final_leaving(carc_game *g)
{
    count_state *s = st(g);
    int n = carc__players(g), cur = carc__current(g);
    while (s->final_k < n) {
        int p = (cur + s->final_k) % n;
        if (has_final(g, p)) {
            carc__decision_push(g, DEC_FINAL, p, MOD, -1, 0);
            return CARC_HOOK_AGAIN;
        }
        s->final_k++;
    }
    return CARC_HOOK_NEXT;
}

/* ------------------------------------------------------------- decisions */

static void push_pass(action_sink *sink)
{
    carc__sink_push_kind(sink, CARC_ACTION_PASS, 0, 0, CARC_ID_PASS);
}

static void push_qk(action_sink *sink, int kind, int q, int fk, int32_t id)
{
    carc_action a = {0};
    a.kind = kind;
    a.target = q;
    a.figure = fk;
    carc__sink_push(sink, &a, id);
}

static void push_k(action_sink *sink, int kind, int fk, int32_t id)
{
    carc_action a = {0};
    a.kind = kind;
    a.figure = fk;
    carc__sink_push(sink, &a, id);
}

static void decision_actions(const carc_game *g, const carc_pending *p, action_sink *sink)
{
    int pl = p->player;
    switch (p->kind) {
    case DEC_ENTER:
        push_pass(sink);
        for (int q = 0; q < CARC_COUNT_QUARTERS; q++)
            for (int k = 0; k < NKINDS; k++) {
                int fk = kind_words[k].value;
                if (is_follower_kind(g, fk) && carc__figure_supply(g, pl, fk) > 0 &&
                    quarter_takes(g, q, fk))
                    push_qk(sink, ACT_ENTER, q, fk, QK_ID(q, fk));
            }
        break;
    case DEC_COUNT:
        for (int q = 0; q < CARC_COUNT_QUARTERS; q++)
            carc__sink_push_kind(sink, ACT_COUNT, q, 0, Q_ID(q));
        break;
    case DEC_LEAVE: {
        int q = quarter_of_kind(carc__root_kind(g, p->arg));
        push_pass(sink);
        for (int k = 0; k < NKINDS; k++)
            if (may_leave(g, pl, q, kind_words[k].value, p->arg))
                push_k(sink, ACT_LEAVE, kind_words[k].value, K_ID(kind_words[k].value));
        break;
    }
    case DEC_FINAL:
        push_pass(sink);
        for (int q = 0; q < CARC_COUNT_QUARTERS; q++) {
            if (!final_quarter(g, q)) continue;
            for (int k = 0; k < NKINDS; k++) {
                int fk = kind_words[k].value;
                int fig = quarter_fig(g, pl, q, fk);
                if (fig >= 0 && final_fig_ok(g, fig, q)) push_qk(sink, ACT_FINAL, q, fk, QK_ID(q, fk));
            }
        }
        break;
    case DEC_FINAL_TILE: {
        int q = p->arg / 16, fk = p->arg % 16, fig = quarter_fig(g, pl, q, fk);
        int nt = carc__tile_count(g);
        for (int t = 0; fig >= 0 && t < nt; t++)
            if (final_tile_ok(g, fig, q, t))
                carc__sink_push_kind(sink, ACT_FINAL_TILE, t, 0, CARC_ID_TILE + t);
        break;
    }
    case DEC_FINAL_SEG: {
        int q = p->arg / 16, fk = p->arg % 16, fig = quarter_fig(g, pl, q, fk);
        int ns = tile_nseg(g, p->target);
        for (int sg = 0; fig >= 0 && sg < ns; sg++)
            if (final_target(g, fig, q, p->target, sg))
                carc__sink_push_kind(sink, ACT_FINAL_SEG, sg, p->target, SEG_ID(sg));
        break;
    }
    default:
        break;
    }
}

/* state_check (snapshots): the Count's figure, the followers in the
 * quarters, the leaving under way, the counters of the players asked, and
 * this module's decisions in the queue (a player; the feature being left;
 * a quarter and figure kind; a target tile). */
static bool state_check(const carc_game *g, const carc_pending *queue, int n)
{
    const count_state *s = cst(g);
    int np = carc__players(g), nf = carc__figure_count(g);
    if (s->inner_bit != carc__tile_tag_bit("coc_inner") || s->entry_due > 1 ||
        s->leave_k > np || s->final_k > np || s->count_fig < -1 || s->count_fig >= nf)
        return false;
    if (s->leave_root != -1 && !carc__root_valid(g, s->leave_root)) return false;
    if (s->count_fig >= 0) {
        carc_fig f;
        carc__figure_get(g, s->count_fig, &f);
        if (f.kind != CARC_FIGURE_COUNT || f.owner != -1) return false;
    }
    for (int i = 0; i < nf; i++) {
        carc_fig f;
        carc__figure_get(g, i, &f);
        if (f.where == CARC_PLACE_HELD && f.holder == MOD && f.arg >= CARC_COUNT_QUARTERS)
            return false;
    }
    for (int i = 0; i < n; i++) {
        const carc_pending *p = &queue[i];
        if (p->owner != MOD) continue;
        if (p->player < 0) return false;
        switch (p->kind) {
        case DEC_ENTER:
        case DEC_COUNT:
        case DEC_FINAL:
            break;
        case DEC_LEAVE:
            if (!carc__root_valid(g, p->arg)) return false;
            break;
        case DEC_FINAL_SEG:
            if (p->target < 0 || p->target >= carc__tile_count(g)) return false;
            /* fall through */
        case DEC_FINAL_TILE:
            if (p->arg < 0 || p->arg / 16 >= CARC_COUNT_QUARTERS) return false;
            break;
        default:
            return false;
        }
    }
    return true;
}

/* the Count moves to quarter q (nothing moves when it stands there) */
static int move_count(carc_game *g, int q)
{
    int c = cst(g)->count_fig;
    if (c < 0 || carc__count_quarter(g) == q) return CARC_OK;
    int rc = carc__figure_move(g, c, CARC_PLACE_HELD, -1, -1, q, MOD, CAUSE_COUNT);
    return rc < 0 ? rc : CARC_OK;
}

/* clockwise round the City: castle -> market -> blacksmith -> cathedral */
static int clockwise(int q)
{
    static const int next[CARC_COUNT_QUARTERS] = {CARC_COUNT_MARKET, CARC_COUNT_CATHEDRAL,
                                                  CARC_COUNT_CASTLE, CARC_COUNT_BLACKSMITH};
    return next[q];
}

static int decision_apply(carc_game *g, const carc_pending *p, const carc_action *a)
{
    count_state *s = st(g);
    int pl = p->player, rc;
    switch (p->kind) {
    case DEC_ENTER: {
        if (a->kind == CARC_ACTION_PASS) return CARC_OK;
        int fig = carc__figure_in_supply(g, pl, a->figure);
        if (fig < 0) return CARC_E_ILLEGAL;
        rc = carc__figure_move(g, fig, CARC_PLACE_HELD, -1, -1, a->target, MOD, CAUSE_ENTER);
        if (rc < 0) return rc;
        switch (carc__rule(g, RULE_MOVE)) {
        case 2: return move_count(g, clockwise(carc__count_quarter(g)));
        case 3: return move_count(g, a->target);
        default: return carc__decision_followup(g, DEC_COUNT, pl, MOD, -1, 0);
        }
    }
    case DEC_COUNT:
        return move_count(g, a->arg);
    case DEC_LEAVE: {
        if (a->kind == CARC_ACTION_PASS) {
            s->leave_k++;
            return CARC_OK;
        }
        int q = quarter_of_kind(carc__root_kind(g, p->arg));
        int fig = quarter_fig(g, pl, q, a->figure), t, sg;
        if (fig < 0 || !leave_spot(g, fig, p->arg, &t, &sg)) return CARC_E_ILLEGAL;
        rc = carc__figure_deploy(g, fig, t, sg, CARC_CAUSE_LEAVE_CITY,
                                 CARC_DEPLOY_OCCUPIED | CARC_DEPLOY_COMPLETED);
        return rc < 0 ? rc : CARC_OK;
    }
    case DEC_FINAL:
        if (a->kind == CARC_ACTION_PASS) {
            s->final_k++;
            return CARC_OK;
        }
        return carc__decision_followup(g, DEC_FINAL_TILE, pl, MOD, -1, a->target * 16 + a->figure);
    case DEC_FINAL_TILE:
        return carc__decision_followup(g, DEC_FINAL_SEG, pl, MOD, a->arg, p->arg);
    case DEC_FINAL_SEG: {
        int fig = quarter_fig(g, pl, p->arg / 16, p->arg % 16);
        if (fig < 0) return CARC_E_ILLEGAL;
        rc = carc__figure_deploy(g, fig, p->target, a->arg, CARC_CAUSE_LEAVE_CITY,
                                 CARC_DEPLOY_OCCUPIED);
        return rc < 0 ? rc : CARC_OK;
    }
    default:
        return CARC_E_STATE;
    }
}

/* ------------------------------------------------------- ids, text */

static const carc_action_def actions[] = {
    {ACT_ENTER, "enter castle", CARC_AT(0), QK_ID(0, 0),
     {CARC_ARG_FIXED(target, 0), CARC_ARG_CHOICE(figure, kind_words)}},
    {ACT_ENTER, "enter blacksmith", CARC_AT(0), QK_ID(1, 0),
     {CARC_ARG_FIXED(target, 1), CARC_ARG_CHOICE(figure, kind_words)}},
    {ACT_ENTER, "enter cathedral", CARC_AT(0), QK_ID(2, 0),
     {CARC_ARG_FIXED(target, 2), CARC_ARG_CHOICE(figure, kind_words)}},
    {ACT_ENTER, "enter market", CARC_AT(0), QK_ID(3, 0),
     {CARC_ARG_FIXED(target, 3), CARC_ARG_CHOICE(figure, kind_words)}},
    {ACT_COUNT, "count", CARC_AT(1), Q_ID(0), {CARC_ARG_CHOICE(arg, quarter_words)}},
    {ACT_LEAVE, "leave", CARC_AT(2), K_ID(0), {CARC_ARG_CHOICE(figure, kind_words)}},
    {ACT_FINAL, "final castle", CARC_AT(3), QK_ID(0, 0),
     {CARC_ARG_FIXED(target, 0), CARC_ARG_CHOICE(figure, kind_words)}},
    {ACT_FINAL, "final blacksmith", CARC_AT(3), QK_ID(1, 0),
     {CARC_ARG_FIXED(target, 1), CARC_ARG_CHOICE(figure, kind_words)}},
    {ACT_FINAL, "final cathedral", CARC_AT(3), QK_ID(2, 0),
     {CARC_ARG_FIXED(target, 2), CARC_ARG_CHOICE(figure, kind_words)}},
    {ACT_FINAL, "final market", CARC_AT(3), QK_ID(3, 0),
     {CARC_ARG_FIXED(target, 3), CARC_ARG_CHOICE(figure, kind_words)}},
    {ACT_FINAL_TILE, "final", CARC_AT(4), CARC_ID_TILE, {CARC_ARG_TILE(arg)}},
    {ACT_FINAL_SEG, "final", CARC_AT(5), SEG_ID(0), {CARC_ARG_TARGET, CARC_ARG_SEGMENT(arg)}},
};

/* ------------------------------------------------------------- vetoes */

static bool inner_tile(const carc_game *g, int tile)
{
    int ty = carc__tile_type(g, tile);
    return ty >= 0 && (carc__types[ty].tags & cst(g)->inner_bit);
}

/* no figure on the two inner tiles of the City, for any cause */
static bool may_deploy(const carc_game *g, int player, int kind, int tile, int seg, int cause)
{
    (void)player;
    (void)kind;
    (void)seg;
    (void)cause;
    return !inner_tile(g, tile);
}

/* ------------------------------------------------------------ presentation */

/* a leaving decision is about the feature being scored */
static bool decision_feature(const carc_game *g, const carc_pending *p, int *tile, int *seg)
{
    if (p->kind != DEC_LEAVE) return false;
    root_spot(g, p->arg, tile, seg);
    return true;
}

/* ------------------------------------------------------------ refusals */

static const char *kind_word(int k)
{
    for (int i = 0; i < NKINDS; i++)
        if (kind_words[i].value == k) return kind_words[i].word;
    return "figure";
}

static bool explain(const carc_game *g, const carc_action *a, carc_explanation *out)
{
    const carc_pending *d = carc__decision_pending(g);
    char *m = out->message;
    size_t cap = sizeof out->message;
    if (!d) return false;
    if (a->kind == CARC_ACTION_DEPLOY) {
        int t = d->target;
        if (t < 0 || !inner_tile(g, t)) return false;
        int x, y;
        carc__tile_xy(g, t, &x, &y);
        out->reason = WHY_INNER;
        snprintf(m, cap,
                 "no figure may stand on the inner tiles of the City of Carcassonne (%d,%d): "
                 "deploy elsewhere or pass",
                 x, y);
        return true;
    }
    int cq = carc__count_quarter(g);
    if (a->kind == ACT_FINAL && d->kind == DEC_FINAL && a->target >= 0 &&
        a->target < CARC_COUNT_QUARTERS) {
        if (a->target == cq) {
            out->reason = WHY_COUNT_QUARTER;
            snprintf(m, cap,
                     "the Count stands on the %s quarter: no follower may leave it; "
                     "choose another quarter or pass",
                     quarter_name[cq]);
            return true;
        }
        if (!final_quarter(g, a->target)) {
            out->reason = WHY_MARKET_ONLY;
            snprintf(m, cap,
                     "before final scoring only followers of the market quarter may leave "
                     "(rule count_final 1); pass");
            return true;
        }
        out->reason = WHY_NO_FOLLOWER;
        snprintf(m, cap, "you have no %s in the %s quarter that may go onto a %s now",
                 kind_word(a->figure), quarter_name[a->target],
                 a->target == CARC_COUNT_MARKET ? "field" : "feature not completed");
        return true;
    }
    if (a->kind == ACT_LEAVE && d->kind == DEC_LEAVE) {
        int q = quarter_of_kind(carc__root_kind(g, d->arg));
        out->reason = WHY_NO_FOLLOWER;
        snprintf(m, cap, "you have no %s in the %s quarter that may join this feature; pass",
                 kind_word(a->figure), q >= 0 ? quarter_name[q] : "matching");
        return true;
    }
    if (a->kind == ACT_ENTER && d->kind == DEC_ENTER) {
        if (a->target >= 0 && a->target < CARC_COUNT_QUARTERS &&
            !quarter_takes(g, a->target, a->figure)) {
            out->reason = WHY_QUARTER_KIND;
            snprintf(m, cap,
                     "a %s may not enter the %s quarter (rule count_quarter_kinds 1: %s); "
                     "choose %s or pass",
                     kind_word(a->figure), quarter_name[a->target],
                     a->figure == CARC_FIGURE_MAYOR ? "a mayor stands in cities only"
                                                    : "a wagon never stands on fields",
                     a->figure == CARC_FIGURE_MAYOR ? "the castle quarter"
                                                    : "the castle, blacksmith or cathedral quarter");
            return true;
        }
        out->reason = CARC_REASON_NO_FIGURE;
        snprintf(m, cap, "you have no %s in your supply to put into a quarter",
                 kind_word(a->figure));
        return true;
    }
    bool own = a->kind == ACT_LEAVE || a->kind == ACT_FINAL || a->kind == ACT_ENTER ||
               a->kind == ACT_COUNT;
    bool now = (a->kind == ACT_LEAVE && d->kind == DEC_LEAVE) ||
               (a->kind == ACT_FINAL && d->kind == DEC_FINAL) ||
               (a->kind == ACT_ENTER && d->kind == DEC_ENTER) ||
               (a->kind == ACT_COUNT && d->kind == DEC_COUNT);
    if (own && !now) {
        out->reason = WHY_NOT_NOW;
        if (a->kind == ACT_LEAVE)
            snprintf(m, cap,
                     "followers leave the City of Carcassonne only when a feature of their "
                     "quarter's type is scored (not from the Count's quarter, now %s)",
                     cq >= 0 ? quarter_name[cq] : "none");
        else if (a->kind == ACT_ENTER || a->kind == ACT_COUNT)
            snprintf(m, cap,
                     "a follower enters the City only after your tile made an opponent score "
                     "and you scored nothing; the Count moves right after it");
        else
            snprintf(m, cap, "followers leave the City this way only before final scoring");
        return true;
    }
    return false;
}

/* ------------------------------------------------- the quarters on the board */

/* Where the quarters lie on the board, for the rules that measure (the
 * Catapult: doc/rules.md "The Count", "Quarters on the board"): CO_7, the
 * tile JCloisterZone draws the four quarters on (expansions.md §6), split
 * into its four quadrants in the Count's clockwise order -- castle
 * north-west, market north-east, blacksmith south-east, cathedral
 * south-west; each quarter's spot is its quadrant's centre (half
 * millimetres from the tile's north-west corner; the City is laid
 * unrotated).  Several followers in one quarter stand in a row along x in
 * figure-index order, the first on the spot, the next ones alternately
 * towards the tile's centre and away from it, footprints touching (the
 * core's rule for a shared spot, doc/geometry.md).  The Count itself has no
 * such place: it is out of play for those rules (catapult.md §5.1: "the
 * Count ... stays"). */
static const int16_t quarter_x[CARC_COUNT_QUARTERS] = {22, 68, 22, 68};
static const int16_t quarter_y[CARC_COUNT_QUARTERS] = {22, 68, 68, 22};

/* the placed tile CO_7 (among the City's twelve, laid first), or -1 */
static int quarters_tile(const carc_game *g)
{
    int n = carc__tile_count(g);
    for (int t = 0; t < n && t < 12; t++)
        if (strcmp(carc__types[carc__tile_type(g, t)].name, "CO_7") == 0) return t;
    return -1;
}

static bool held_spot(const carc_game *g, int fig, int *tile, carc_spot *spot)
{
    carc_fig f;
    carc__figure_get(g, fig, &f);
    if (f.where != CARC_PLACE_HELD || f.holder != MOD || f.arg >= CARC_COUNT_QUARTERS ||
        !is_follower_kind(g, f.kind) || f.owner < 0)
        return false;
    int t = quarters_tile(g);
    if (t < 0) return false;
    int q = f.arg, side = 1, x[2] = {quarter_x[q], quarter_x[q]}, w[2] = {0, 0}, n = 0;
    if (quarter_x[q] > 45) side = -1; /* first towards the centre */
    for (int j = 0; j <= fig; j++) {
        carc_fig h;
        carc__figure_get(g, j, &h);
        if (h.where != CARC_PLACE_HELD || h.holder != MOD || h.arg != q || h.owner < 0 ||
            !is_follower_kind(g, h.kind))
            continue;
        carc_footprint fp;
        carc__figure_footprint(h.kind, 0, &fp);
        if (n == 0) {
            w[0] = w[1] = fp.w;
        } else {
            int k = (n & 1) ? 0 : 1; /* odd: the centre's side */
            x[k] += (k == 0 ? side : -side) * ((w[k] + fp.w + 99) / 100);
            w[k] = fp.w;
        }
        if (j == fig) {
            spot->x = (int16_t)(n == 0 ? quarter_x[q] : x[(n & 1) ? 0 : 1]);
            break;
        }
        n++;
    }
    spot->y = quarter_y[q];
    spot->level = 0;
    spot->flags = 0;
    *tile = t;
    return true;
}

/* who may be held in a quarter: the follower kinds that may enter one
 * (kind_words, a follower class in this game), any player's */
static bool held_accepts(const carc_game *g, int fig, int arg, int cause)
{
    (void)cause;
    carc_fig f;
    carc__figure_get(g, fig, &f);
    if (arg < 0 || arg >= CARC_COUNT_QUARTERS || f.owner < 0 || !is_follower_kind(g, f.kind))
        return false;
    for (int k = 0; k < NKINDS; k++)
        if (kind_words[k].value == f.kind) return quarter_takes(g, arg, f.kind);
    return false;
}

/* ------------------------------------------------------------- the module */

static const carc_step_hook steps[] = {
    {CARC_STEP_BEFORE_SCORING, -90, snapshot},   /* after the core collects (-100)   */
    {CARC_STEP_AFTER_SCORING, -5, judge_entry},  /* after castles' fief scoring (-10) */
    {CARC_STEP_AFTER_SCORING, 100, offer_entry}, /* after wagons and the circus (0)   */
    {CARC_STEP_END_PHASE, 50, final_leaving},    /* after abbeys (0), before the final circus (100) */
};

/* offer_entry has work only when judge_entry found the entry due */
static const uint16_t step_work[] = {0, 0, CARC_WORK_BYTE(count_state, entry_due), 0};
_Static_assert(sizeof step_work / sizeof step_work[0] == sizeof steps / sizeof steps[0],
               "a step_work entry per step hook");

const carc_module_def carc__module_count = {
    .id = MOD,
    .name = "count",
    .tile_set = "count",
    .kinds = kinds,
    .nkinds = 1,
    .rules = rules,
    .nrules = sizeof rules / sizeof rules[0],
    .rule_legacy = rule_legacy,
    .state_size = state_size,
    .state_check = state_check,
    /* per tile: the entry and the Count's move; per completed feature (at
     * most 13: four sides, nine monasteries) a pass per player, and every
     * follower in the quarters leaving; final scoring (three decisions a
     * follower, a pass a player) spread over the game's tiles */
    .decisions_per_tile = 2 + 13 * CARC_MAX_PLAYERS + 48,
    /* the core's events for the owners leaving adds to scored features */
    .events_per_tile = 13 * CARC_MAX_PLAYERS,
    /* final scoring: every follower that left onto a feature */
    .events_per_game = 64,
    .max_pending = 2,
    .steps = steps,
    .nsteps = sizeof steps / sizeof steps[0],
    .step_work = step_work,
    .setup = setup,
    .start_layout = start_layout,
    .decision_actions = decision_actions,
    .decision_apply = decision_apply,
    .actions = actions,
    .nactions = sizeof actions / sizeof actions[0],
    .may_deploy = may_deploy,
    .held_place = held_place,
    .before_majority = before_majority,
    .decision_feature = decision_feature,
    .explain = explain,
    .held_spot = held_spot,
    .held_accepts = held_accepts,
};
