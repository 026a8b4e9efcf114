/* A second test-only module ("probe2", slot 13) that proves the platform's
 * mechanisms before real modules use them, through lib/module.h only.  Its
 * tile set is tests/probe/tiles.def ("probe").  It requires "probe".
 *
 *  - start layout: rule probe2_start 2 lays `probe_city` instead of the start tile;
 *  - held tiles, wildcard edges, an alternative to drawing: each player
 *    holds one abbey (PA, all edges wildcard), which may be played instead
 *    of drawing (decision "abbey"/pass at the DRAW step), only into a cell
 *    with at least 3 neighbours (a placement veto);
 *  - an end-phase decision: after the last tile, players still holding an
 *    abbey may play it, in turn order from the next player (a turn outside
 *    the turn order, carc__turn_start);
 *  - a decision by another player before scoring: when the placement
 *    completed something, the next player may "cheer N" (N = 0..rule
 *    probe2_cheer) and scores N;
 *  - a pause before majority: before a completed city scores, the current
 *    player decides "score" (NUMBER 0) or "spare" (1: it stays unscored,
 *    its figures stay);
 *  - a chance decision: after scoring, if something was completed, a token
 *    is revealed: 1, 2 or 3 points (weights 1:2:1) to the current player;
 *  - an extra part: a placement that completes a road gives another part of
 *    the turn (never two in a row);
 *  - a figure on a tile: the "perch" (kind RINGMASTER, one per player)
 *    stands on the tile just placed instead of a deployment;
 *  - an attached figure and a two-step choice: "fairy" at the deployment,
 *    then which of your followers on the board it joins (FIGURE ids); the
 *    fairy is neutral (kind FAIRY); it may not join a big meeple (a move veto);
 *  - a held figure and an event: when the fairy's follower goes home after
 *    scoring, the fairy is held by this module and its follower's owner
 *    scores 1 (an event with no tile);
 *  - a deployment veto that asks the cause: no figure on a field of a
 *    @volcano tile, except out of a dungeon (CARC_CAUSE_DUNGEON_EXIT), as
 *    the Dungeon's exit onto the dragon's tile;
 *  - a deployment on another tile (the magic portal), with rule
 *    probe2_portal 2: "portal" at the turn's own deployment, then which
 *    placed tile ("portal X,Y", other than the one just laid, with a
 *    legal spot for a figure of the player's supply), then the core's
 *    deployment queued there for CARC_CAUSE_PORTAL (no module verbs, no
 *    completed features);
 *  - a merge event: it counts feature merges (tests read its state);
 *  - a road laid over a tile (a bridge, tile data's per-placed-tile
 *    overlay): "bridge" at the deployment, then which way ("bridge ns",
 *    "bridge ew"): across the tile just placed, between two opposite field
 *    edges; one bridge per player;
 *  - figure geometry by a module: the perch on a @tower tile stands on the
 *    tower (level 1) at the tile's spot (figure_spot);
 *  - a structured, sampled-only chance decision: at the end of every 7th
 *    turn a gust (a landing point x,y in 0..44 mm and a set of players
 *    hit): no list of outcomes; the RNG or the host answers with the whole
 *    structure ("gust 12,30 hits 0,2"); each player hit scores 1.  Its
 *    payload is x, y, the players hit (bit set), then, from a host only
 *    (carc_game_apply_outcome), the figures it touched: up to 29 indices,
 *    ascending, each a player's figure on the board (segment or tile);
 *    each touched figure scores 1 for its owner -- more than a carc_action
 *    holds, so decision_apply reads the words (carc__decision_payload);
 *  - taking over another module's move (intercept_move): a probe stroll
 *    step (PROBE_CAUSE_STROLL, tests/probe/probe.h) onto a @tower tile
 *    (a den entrance) is taken (CARC_MOVE_TAKEN: the stroll ends); every
 *    player, clockwise from the player who made the step, decides whether
 *    their figures on that tile flee ("flee", a verb) or stay ("pass");
 *    after the last answer the fled figures are held by this module, the
 *    others go back to their owners' supply (eaten), and the strolling
 *    figure stands on the tile and naps -- its state byte is the probe's,
 *    so this module sets it through the probe's setter probe_nap;
 *  - replacing another module's move: a stroll step of a figure standing
 *    on a @tower tile is replaced (CARC_MOVE_REPLACED: the stroll goes
 *    on) by an exit: the player who made the step chooses another placed
 *    @tower tile ("exit N", TILE ids), and the figure goes there;
 *  - a figure-move veto another module asks (tests/test_pig_veto.c), with
 *    rule probe2_pigveto 2 (default 1: no veto, every game as before): a
 *    figure of kind CARC_FIGURE_PIG may not be moved onto a segment
 *    (CARC_PLACE_SEGMENT) of a placed tile whose index is a multiple of 3
 *    (the start tile, the 4th, the 7th, ... placed), whatever the cause --
 *    so pig_throwing's landing on such a tile is refused by this veto
 *    (carc__figure_may_move), every other landing left to its own rules. */
#include "module.h"

#include <stdio.h>
#include <string.h>

#include "probe.h"
#include "probe2.h"
#include "probe_tiles_gen.h"

#define P2 13
#define PROBE1 12
#define RULE_START 61
#define RULE_CHEER 62
#define RULE_PORTAL 59
/* an experimental slot (doc/modules.md "Slots and bounds": the probes'
 * 59-63 are all taken); test builds only */
#define RULE_PIGVETO 58

#define DEC_ABBEY CARC_MODULE_KIND(P2, 0)
#define DEC_CHEER CARC_MODULE_KIND(P2, 1)
#define DEC_SPARE CARC_MODULE_KIND(P2, 2)
#define DEC_TOKEN CARC_MODULE_KIND(P2, 3)
#define DEC_FAIRY CARC_MODULE_KIND(P2, 4)
#define DEC_FINAL_ABBEY CARC_MODULE_KIND(P2, 5)
#define DEC_GUST CARC_MODULE_KIND(P2, 6)
#define DEC_BRIDGE CARC_MODULE_KIND(P2, 7)
#define DEC_FLEE CARC_MODULE_KIND(P2, 8)
#define DEC_EXIT CARC_MODULE_KIND(P2, 9)
#define DEC_PORTAL CARC_MODULE_KIND(P2, 10)

#define ACT_ABBEY CARC_MODULE_KIND(P2, 0)
#define ACT_CHEER CARC_MODULE_KIND(P2, 1)
#define ACT_SPARE CARC_MODULE_KIND(P2, 2)
#define ACT_TOKEN CARC_MODULE_KIND(P2, 3)
#define ACT_PERCH CARC_MODULE_KIND(P2, 4)
#define ACT_FAIRY CARC_MODULE_KIND(P2, 5)
#define ACT_JOIN CARC_MODULE_KIND(P2, 6)
#define ACT_GUST CARC_MODULE_KIND(P2, 7)
#define ACT_BRIDGE CARC_MODULE_KIND(P2, 8)
#define ACT_BRIDGE_WAY CARC_MODULE_KIND(P2, 9)
#define ACT_FLEE CARC_MODULE_KIND(P2, 10)
#define ACT_EXIT CARC_MODULE_KIND(P2, 11)
#define ACT_PORTAL CARC_MODULE_KIND(P2, 12)
#define ACT_PORTAL_TILE CARC_MODULE_KIND(P2, 13)

#define CAUSE_HIDE CARC_MODULE_KIND(P2, 2)  /* fled into the den          */
#define CAUSE_EATEN CARC_MODULE_KIND(P2, 3) /* stayed: back to its supply */
#define CAUSE_DEN CARC_MODULE_KIND(P2, 4)   /* the stroller into the den  */
#define CAUSE_EXIT CARC_MODULE_KIND(P2, 5)  /* out by another entrance    */

#define REASON_CHEER CARC_MODULE_KIND(P2, 0)
#define REASON_TOKEN CARC_MODULE_KIND(P2, 1)
#define REASON_FAIRY CARC_MODULE_KIND(P2, 2)
#define REASON_GUST CARC_MODULE_KIND(P2, 3)

#define VERB_ABBEY CARC_VERB_ID(P2, 0)
#define VERB_PERCH CARC_VERB_ID(P2, 1)
#define VERB_FAIRY CARC_VERB_ID(P2, 2)
#define VERB_SCORE CARC_VERB_ID(P2, 3)
#define VERB_SPARE CARC_VERB_ID(P2, 4)
#define VERB_BRIDGE CARC_VERB_ID(P2, 5)
#define VERB_FLEE CARC_VERB_ID(P2, 6)
#define VERB_PORTAL CARC_VERB_ID(P2, 7)
#define SIDES_NS 0x5
#define SIDES_EW 0xA


static const carc_kind_def kinds[] = {
    {CARC_FIGURE_RINGMASTER, CARC_CLASS_MEEPLE, 0, {0, 0, 1, 1, 1, 1, 1}, 0},
    {CARC_FIGURE_FAIRY, CARC_CLASS_NEUTRAL, 0, {0, 0, 1, 1, 1, 1, 1}, 0},
};

static const carc_rule_def rules[] = {
    {RULE_START, "probe2_start", 1, 1, 2},
    {RULE_CHEER, "probe2_cheer", 2, 1, 2},
    {RULE_PORTAL, "probe2_portal", 1, 1, 2},
    {RULE_PIGVETO, "probe2_pigveto", 1, 1, 2}, /* appended last: 2 the pig veto */
};

static size_t state_size(const carc_options *o)
{
    (void)o;
    return sizeof(probe2_state);
}

static probe2_state *st(carc_game *g) { return carc__mod_state(g, P2); }
static const probe2_state *cst(const carc_game *g) { return carc__mod_cstate(g, P2); }

static int abbey_type(void) { return carc_tile_by_name("PA"); }

static void setup(carc_game *g)
{
    probe2_state *s = st(g);
    for (int p = 0; p < carc__players(g); p++) s->abbeys[p] = 1;
    s->final_choice = -1;
    s->final_base = -1;
}

static const char *start_layout(const carc_game *g)
{
    return carc__rule(g, RULE_START) == 2 ? "probe_city" : NULL;
}

/* ------------------------------------------------------------- vetoes */

static bool may_place_tile(const carc_game *g, int type, int x, int y, int rot)
{
    (void)rot;
    if (type != abbey_type()) return true;
    int n = 0;
    for (int d = 0; d < 4; d++) {
        static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
        n += carc__tile_at(g, x + dx[d], y + dy[d]) >= 0;
    }
    return n >= 3;
}

static bool may_deploy(const carc_game *g, int player, int kind, int tile, int seg, int cause)
{
    (void)player;
    (void)kind;
    if (cause == CARC_CAUSE_DUNGEON_EXIT) return true;
    int type = carc__tile_type(g, tile);
    return !((carc__types[type].tags & CARC_TTAG_VOLCANO) &&
             carc__types[type].seg[seg].kind == CARC_FEATURE_FIELD);
}

/* Explaining its vetoes' refusals (carc_game_explain): its own reasons. */
#define WHY_ABBEY CARC_MODULE_KIND(P2, 0)
#define WHY_VOLCANO CARC_MODULE_KIND(P2, 1)

static bool explain(const carc_game *g, const carc_action *a, carc_explanation *out)
{
    const carc_pending *d = carc__decision_pending(g);
    if (!d) return false;
    if (d->kind == CARC_DECISION_PLACE && a->kind == CARC_ACTION_PLACE && a->rotation >= 0 &&
        a->rotation <= 3 && !may_place_tile(g, carc__tile_in_hand(g), a->x, a->y, a->rotation)) {
        out->reason = WHY_ABBEY;
        snprintf(out->message, sizeof out->message,
                 "an abbey needs tiles on three sides of its cell: choose a hole in the board");
        return true;
    }
    int t = d->kind == CARC_DECISION_DEPLOY ? d->target : -1;
    if (t >= 0 && a->kind == CARC_ACTION_DEPLOY && a->segment >= 0 &&
        a->segment < carc__types[carc__tile_type(g, t)].nseg &&
        !may_deploy(g, d->player, a->figure, t, a->segment, CARC_CAUSE_DEPLOY)) {
        out->reason = WHY_VOLCANO;
        snprintf(out->message, sizeof out->message, "no figure may stand on a volcano's field");
        return true;
    }
    return false;
}

/* the fairy never joins a big meeple; rule probe2_pigveto 2: no pig onto a
 * segment of a placed tile whose index is a multiple of 3 */
static bool may_move_figure(const carc_game *g, int fig, int where, int tile, int arg, int cause)
{
    (void)cause;
    carc_fig f, target;
    carc__figure_get(g, fig, &f);
    if (f.kind == CARC_FIGURE_PIG && where == CARC_PLACE_SEGMENT &&
        carc__rule(g, RULE_PIGVETO) == 2 && tile >= 0 && tile % 3 == 0)
        return false;
    if (f.kind != CARC_FIGURE_FAIRY || where != CARC_PLACE_ATTACHED) return true;
    carc__figure_get(g, arg, &target);
    return target.kind != CARC_FIGURE_BIG;
}

/* ------------------------------------------------------------- helpers */

static int fairy_index(const carc_game *g)
{
    for (int i = 0; i < carc__figure_count(g); i++) {
        carc_fig f;
        carc__figure_get(g, i, &f);
        if (f.kind == CARC_FIGURE_FAIRY) return i;
    }
    return -1;
}

/* May the fairy join figure i for player p? A follower of p on the board,
 * not a big meeple, not the one it is with already. */
static bool fairy_target(const carc_game *g, int p, int i)
{
    carc_fig f, fairy;
    carc__figure_get(g, i, &f);
    int fi = fairy_index(g);
    if (fi < 0 || i == fi) return false;
    carc__figure_get(g, fi, &fairy);
    if (f.owner != p || f.where != CARC_PLACE_SEGMENT) return false;
    if (fairy.where == CARC_PLACE_ATTACHED && fairy.arg == i) return false;
    return carc__figure_may_move(g, fi, CARC_PLACE_ATTACHED, -1, i, CARC_MODULE_KIND(P2, 0));
}

static bool any_fairy_target(const carc_game *g, int p)
{
    for (int i = 0; i < carc__figure_count(g); i++)
        if (fairy_target(g, p, i)) return true;
    return false;
}

/* ------------------------------------------------------------- steps */

/* TURN_START and AFTER_PLACE: counted (tests compare with turns and tiles) */
static int count_turn(carc_game *g)
{
    st(g)->turn_starts++;
    return CARC_HOOK_NEXT;
}

static int count_volcano(carc_game *g)
{
    if (carc__types[carc__tile_type(g, carc__tile_last(g))].tags & CARC_TTAG_VOLCANO)
        st(g)->volcanoes++;
    return CARC_HOOK_NEXT;
}

/* DRAW, before the core draws: play the held abbey instead? */
static int offer_abbey(carc_game *g)
{
    int p = carc__current(g);
    if (carc__turn_part(g) > 0 || !cst(g)->abbeys[p] || !carc__tile_can_place(g, abbey_type()))
        return CARC_HOOK_NEXT;
    carc__decision_push(g, DEC_ABBEY, p, P2, -1, 0);
    return CARC_HOOK_NEXT;
}

/* BEFORE_SCORING: the next player may cheer when something was completed. */
static int offer_cheer(carc_game *g)
{
    probe2_state *s = st(g);
    if (s->cheered || carc__root_completed_count(g) == 0) return CARC_HOOK_NEXT;
    s->cheered = 1;
    carc__decision_push(g, DEC_CHEER, (carc__current(g) + 1) % carc__players(g), P2, -1, 0);
    return CARC_HOOK_NEXT;
}

static int before_majority(carc_game *g, int root)
{
    if (carc__root_kind(g, root) != CARC_FEATURE_CITY || carc__root_followers(g, root) == 0)
        return CARC_HOOK_NEXT;
    carc__decision_push(g, DEC_SPARE, carc__current(g), P2, -1, root);
    return CARC_HOOK_NEXT;
}

/* AFTER_SCORING: reveal a token (chance) when something was completed. */
static int reveal_token(carc_game *g)
{
    probe2_state *s = st(g);
    if (s->token_done || carc__root_completed_count(g) == 0) return CARC_HOOK_NEXT;
    s->token_done = 1;
    carc__decision_push(g, DEC_TOKEN, CARC_PLAYER_CHANCE, P2, -1, 0);
    return CARC_HOOK_NEXT;
}

/* PART_END: a completed road gives one extra part, never two in a row. */
static int extra_part(carc_game *g)
{
    probe2_state *s = st(g);
    s->cheered = s->token_done = 0;
    bool road = false;
    for (int i = 0; i < carc__root_completed_count(g); i++)
        road |= carc__root_kind(g, carc__root_completed(g, i)) == CARC_FEATURE_ROAD;
    if (road && !s->last_extra_turn && carc__pile_left(g) > 0) {
        carc__turn_extra_part(g);
        s->last_extra_turn = 1;
    } else {
        s->last_extra_turn = 0;
    }
    return CARC_HOOK_NEXT;
}

/* END_PHASE: players still holding an abbey may play it, in turn order. */
static int final_abbeys(carc_game *g)
{
    probe2_state *s = st(g);
    int n = carc__players(g);
    if (s->final_base < 0) s->final_base = (int8_t)((carc__current(g) + 1) % n);
    while (s->final_next < n) {
        int who = (s->final_base + s->final_next) % n;
        if (s->final_choice == 1) {
            s->final_choice = -1;
            s->abbeys[who]--;
            s->final_next++;
            s->end_turns++;
            carc__turn_start(g, who, abbey_type());
            return CARC_HOOK_JUMP;
        }
        if (s->final_choice == 0) {
            s->final_choice = -1;
            s->final_next++;
            continue;
        }
        if (s->abbeys[who] && carc__tile_can_place(g, abbey_type())) {
            carc__decision_push(g, DEC_FINAL_ABBEY, who, P2, -1, 0);
            return CARC_HOOK_AGAIN;
        }
        s->final_next++;
    }
    return CARC_HOOK_NEXT;
}

/* TURN_END: every 7th turn a gust (a sampled-only chance decision). */
static int gust(carc_game *g)
{
    if (carc__turn(g) % 7 == 0 && carc__pile_left(g) > 0)
        carc__decision_push_sampled(g, DEC_GUST, P2, 0);
    return CARC_HOOK_NEXT;
}

static int chance_sample(carc_game *g, const carc_pending *p, carc_action *out)
{
    if (p->kind != DEC_GUST) return CARC_E_STATE;
    memset(out, 0, sizeof *out);
    out->kind = ACT_GUST;
    out->x = (int32_t)carc__random_below(g, 45);
    out->y = (int32_t)carc__random_below(g, 45);
    out->arg = (int32_t)carc__random_below(g, 1u << carc__players(g));
    return CARC_OK;
}

static bool gust_ok(const carc_game *g, const carc_action *a)
{
    return a->kind == ACT_GUST && a->x >= 0 && a->x < 45 && a->y >= 0 && a->y < 45 &&
           a->arg >= 0 && a->arg < (1 << carc__players(g));
}

static int outcome_payload(const carc_game *g, const carc_pending *p, const carc_action *a,
                           uint16_t *words, int cap)
{
    if (p->kind != DEC_GUST) return 0; /* the token is not structured */
    if (!gust_ok(g, a) || cap < 3) return CARC_E_ILLEGAL;
    words[0] = (uint16_t)a->x;
    words[1] = (uint16_t)a->y;
    words[2] = (uint16_t)a->arg;
    return 3;
}

/* The touched figures of a gust's payload (words 3..n-1): ascending
 * indices of players' figures on the board. */
static bool touched_ok(const carc_game *g, const uint16_t *words, int n)
{
    for (int k = 3; k < n; k++) {
        carc_fig f;
        if (words[k] >= carc__figure_count(g) || (k > 3 && words[k] <= words[k - 1]))
            return false;
        carc__figure_get(g, words[k], &f);
        if (f.owner < 0 || (f.where != CARC_PLACE_SEGMENT && f.where != CARC_PLACE_TILE))
            return false;
    }
    return true;
}

static int outcome_from_payload(const carc_game *g, const carc_pending *p, int32_t id,
                                const uint16_t *words, int n, carc_action *out)
{
    memset(out, 0, sizeof *out);
    if (p->kind != DEC_GUST || id != 0 || n < 3 || n > CARC_PAYLOAD_MAX) return CARC_E_INVALID;
    out->kind = ACT_GUST;
    out->x = words[0];
    out->y = words[1];
    out->arg = words[2];
    return gust_ok(g, out) && touched_ok(g, words, n) ? CARC_OK : CARC_E_INVALID;
}

/* ------------------------------------------------------------- events */

static void figure_moved(carc_game *g, int fig, const carc_fig *from, int cause)
{
    if (cause != CARC_CAUSE_SCORED || from->where != CARC_PLACE_SEGMENT) return;
    int fi = fairy_index(g);
    carc_fig fairy;
    carc__figure_get(g, fi, &fairy);
    if (fairy.where != CARC_PLACE_ATTACHED || fairy.arg != fig) return;
    carc__figure_move(g, fi, CARC_PLACE_HELD, -1, 0, from->owner, P2, CARC_MODULE_KIND(P2, 1));
    carc__score_add(g, from->owner, 1, REASON_FAIRY, 0, -1, 0);
}

/* ------------------------------------------------------------- the den */

static bool den_entrance(const carc_game *g, int t)
{
    return t >= 0 && (carc__types[carc__tile_type(g, t)].tags & CARC_TTAG_TOWER);
}

/* may figure fig, standing on placed tile `from`, leave by entrance t? */
static bool exit_ok(const carc_game *g, int fig, int from, int t)
{
    return t != from && den_entrance(g, t) &&
           carc__figure_may_move(g, fig, CARC_PLACE_TILE, t, 0, CAUSE_EXIT);
}

/* a stroll step from a den entrance: replaced by an exit elsewhere; a
 * step onto one: taken over, the first player asked */
static int intercept_move(carc_game *g, const carc_move *m)
{
    if (m->cause != PROBE_CAUSE_STROLL || m->where != CARC_PLACE_TILE)
        return CARC_MOVE_PROCEED;
    int from = carc__figure_tile(g, m->fig);
    if (den_entrance(g, from))
        for (int t = 0; t < carc__tile_count(g); t++)
            if (exit_ok(g, m->fig, from, t)) {
                carc__decision_push(g, DEC_EXIT, m->by, P2, -1, m->fig);
                return CARC_MOVE_REPLACED;
            }
    if (!den_entrance(g, m->tile)) return CARC_MOVE_PROCEED;
    probe2_state *s = st(g);
    s->den_active = 1;
    s->den_asked = 0;
    s->den_fled = 0;
    s->den_by = (int8_t)m->by;
    s->den_fig = (int8_t)m->fig;
    s->den_tile = (int16_t)m->tile;
    carc__decision_push(g, DEC_FLEE, m->by, P2, m->tile, 0);
    return CARC_MOVE_TAKEN;
}

/* player answered (fled or not): ask the next one clockwise, or, after
 * the last, hide or eat the figures on the tile and let the stroller nap */
static int den_answer(carc_game *g, int player, bool fled)
{
    probe2_state *s = st(g);
    int n = carc__players(g);
    if (fled) s->den_fled |= (uint8_t)(1u << player);
    if (++s->den_asked < n)
        return carc__decision_push(g, DEC_FLEE, (s->den_by + s->den_asked) % n, P2, s->den_tile, 0);
    int figs[CARC_ID_FIGURE_N];
    int k = carc__tile_figures(g, s->den_tile, figs, CARC_ID_FIGURE_N);
    for (int i = 0; i < k; i++) {
        carc_fig f;
        carc__figure_get(g, figs[i], &f);
        if (figs[i] == s->den_fig || f.owner < 0) continue;
        int rc = (s->den_fled >> f.owner) & 1u
                     ? carc__figure_move(g, figs[i], CARC_PLACE_HELD, -1, 0, f.owner, P2, CAUSE_HIDE)
                     : carc__figure_move(g, figs[i], CARC_PLACE_SUPPLY, -1, 0, 0, 0, CAUSE_EATEN);
        if (rc) return rc;
    }
    int rc = carc__figure_move(g, s->den_fig, CARC_PLACE_TILE, s->den_tile, 0, 0, 0, CAUSE_DEN);
    if (!rc) rc = probe_nap(g, s->den_fig, true);
    s->den_active = s->den_asked = s->den_fled = 0;
    s->den_by = s->den_fig = 0;
    s->den_tile = 0;
    return rc;
}

static void features_merged(carc_game *g, int root, int absorbed)
{
    (void)root;
    (void)absorbed;
    st(g)->merges++;
}

/* ------------------------------------------------------------ decisions */

static void push(action_sink *sink, int kind, int arg, int32_t id)
{
    carc_action a;
    memset(&a, 0, sizeof a);
    a.kind = kind;
    a.arg = arg;
    carc__sink_push(sink, &a, id);
}

static bool can_bridge(const carc_game *g, int player, int tile)
{
    return !cst(g)->bridges_used[player] &&
           (carc__tile_overlay_ok(g, tile, SIDES_NS) || carc__tile_overlay_ok(g, tile, SIDES_EW));
}

/* May player p use the portal to placed tile t: another tile than the one
 * just laid, with a spot the core's rule allows for a figure of p's supply
 * (carc__figure_deploy_legal, cause CARC_CAUSE_PORTAL, no flags)? */
static bool portal_tile_ok(const carc_game *g, int p, int t)
{
    if (t == carc__tile_last(g)) return false;
    int nseg = carc__types[carc__tile_type(g, t)].nseg;
    for (int k = 0; k < CARC_FIGURE_KINDS; k++) {
        int f = carc__figure_supply(g, p, k) ? carc__figure_in_supply(g, p, k) : -1;
        for (int s = 0; f >= 0 && s < nseg; s++)
            if (carc__figure_deploy_legal(g, f, t, s, CARC_CAUSE_PORTAL, 0)) return true;
    }
    return false;
}

static bool any_portal_tile(const carc_game *g, int p)
{
    if (carc__rule(g, RULE_PORTAL) != 2) return false;
    for (int t = 0; t < carc__tile_count(g); t++)
        if (portal_tile_ok(g, p, t)) return true;
    return false;
}

/* asked at the turn's own deployment only (never at the portal's) */
static void deploy_actions(const carc_game *g, const carc_pending *p, action_sink *sink)
{
    if (p->target < 0) return;
    if (carc__figure_supply(g, p->player, CARC_FIGURE_RINGMASTER) > 0) push(sink, ACT_PERCH, 0, VERB_PERCH);
    if (any_fairy_target(g, p->player)) push(sink, ACT_FAIRY, 0, VERB_FAIRY);
    if (can_bridge(g, p->player, p->target)) push(sink, ACT_BRIDGE, 0, VERB_BRIDGE);
    if (any_portal_tile(g, p->player)) push(sink, ACT_PORTAL, 0, VERB_PORTAL);
}

static void decision_actions(const carc_game *g, const carc_pending *p, action_sink *sink)
{
    switch (p->kind) {
    case DEC_ABBEY:
    case DEC_FINAL_ABBEY: {
        carc_action a;
        memset(&a, 0, sizeof a);
        a.kind = CARC_ACTION_PASS;
        carc__sink_push(sink, &a, CARC_ID_PASS);
        push(sink, ACT_ABBEY, 0, VERB_ABBEY);
        break;
    }
    case DEC_CHEER:
        for (int n = 0; n <= carc__rule(g, RULE_CHEER); n++) push(sink, ACT_CHEER, n, CARC_ID_NUMBER + n);
        break;
    case DEC_SPARE:
        push(sink, ACT_SPARE, 0, VERB_SCORE);
        push(sink, ACT_SPARE, 1, VERB_SPARE);
        break;
    case DEC_TOKEN:
        for (int v = 1; v <= 3; v++) push(sink, ACT_TOKEN, v, v);
        break;
    case DEC_FAIRY:
        for (int i = 0; i < carc__figure_count(g); i++)
            if (fairy_target(g, p->player, i)) push(sink, ACT_JOIN, i, CARC_ID_FIGURE + i);
        break;
    case DEC_FLEE: {
        carc_action a;
        memset(&a, 0, sizeof a);
        a.kind = CARC_ACTION_PASS;
        carc__sink_push(sink, &a, CARC_ID_PASS);
        push(sink, ACT_FLEE, 0, VERB_FLEE);
        break;
    }
    case DEC_EXIT:
        for (int t = 0; t < carc__tile_count(g); t++)
            if (exit_ok(g, p->arg, carc__figure_tile(g, p->arg), t))
                push(sink, ACT_EXIT, t, CARC_ID_TILE + t);
        break;
    case DEC_PORTAL:
        for (int t = 0; t < carc__tile_count(g); t++)
            if (portal_tile_ok(g, p->player, t)) push(sink, ACT_PORTAL_TILE, t, CARC_ID_TILE + t);
        break;
    case DEC_BRIDGE: /* N-S as direction N (0), E-W as direction E (2) */
        if (carc__tile_overlay_ok(g, p->target, SIDES_NS))
            push(sink, ACT_BRIDGE_WAY, SIDES_NS, CARC_ID_DIRECTION + 0);
        if (carc__tile_overlay_ok(g, p->target, SIDES_EW))
            push(sink, ACT_BRIDGE_WAY, SIDES_EW, CARC_ID_DIRECTION + 2);
        break;
    default:
        break;
    }
}

static int chance_outcomes(const carc_game *g, const carc_pending *p, int32_t *ids, uint32_t *w,
                           size_t cap)
{
    (void)g;
    if (p->kind != DEC_TOKEN) return CARC_E_STATE;
    static const uint32_t weight[3] = {1, 2, 1};
    for (size_t v = 0; v < 3 && v < cap; v++) {
        ids[v] = (int32_t)v + 1;
        w[v] = weight[v];
    }
    return 3;
}

/* Legality was checked by the core (the id is among decision_actions'). */
static int decision_apply(carc_game *g, const carc_pending *p, const carc_action *a)
{
    probe2_state *s = st(g);
    switch (a->kind) {
    case CARC_ACTION_PASS:
        if (p->kind == DEC_FLEE) return den_answer(g, p->player, false);
        if (p->kind == DEC_FINAL_ABBEY) s->final_choice = 0;
        return CARC_OK;
    case ACT_FLEE:
        return den_answer(g, p->player, true);
    case ACT_EXIT:
        return carc__figure_move(g, p->arg, CARC_PLACE_TILE, a->arg, 0, 0, 0, CAUSE_EXIT);
    case ACT_ABBEY:
        if (p->kind == DEC_FINAL_ABBEY) {
            s->final_choice = 1;
            return CARC_OK;
        }
        s->abbeys[p->player]--;
        return carc__tile_in_hand_set(g, abbey_type());
    case ACT_CHEER:
        return a->arg ? carc__score_add(g, p->player, a->arg, REASON_CHEER, 0, -1, 0) : CARC_OK;
    case ACT_SPARE:
        if (a->arg) carc__root_skip_scoring(g, p->arg);
        return CARC_OK;
    case ACT_TOKEN:
        return carc__score_add(g, carc__current(g), a->arg, REASON_TOKEN, 0, -1, 0);
    case ACT_GUST:
        /* a structured outcome: this module checks it (no list to compare) */
        if (p->kind != DEC_GUST || !gust_ok(g, a)) return CARC_E_ILLEGAL;
        {
            /* the words: the touched figures are in no carc_action */
            const uint16_t *w;
            int n = carc__decision_payload(g, &w);
            if (n < 3 || w[0] != a->x || w[1] != a->y || w[2] != a->arg || !touched_ok(g, w, n))
                return CARC_E_ILLEGAL;
            int points[CARC_MAX_PLAYERS] = {0};
            for (int k = 3; k < n; k++) {
                carc_fig f;
                carc__figure_get(g, w[k], &f);
                points[f.owner]++;
            }
            /* one score event per player at most */
            for (int q = 0; q < carc__players(g); q++)
                if (points[q] + ((a->arg >> q) & 1))
                    carc__score_add(g, q, points[q] + ((a->arg >> q) & 1), REASON_GUST, 0, -1, 0);
        }
        return CARC_OK;
    case ACT_PERCH: {
        int f = carc__figure_in_supply(g, p->player, CARC_FIGURE_RINGMASTER);
        return carc__figure_move(g, f, CARC_PLACE_TILE, p->target, 0, 0, 0, CARC_CAUSE_DEPLOY);
    }
    case ACT_FAIRY:
        return carc__decision_followup(g, DEC_FAIRY, p->player, P2, -1, 0);
    case ACT_BRIDGE:
        return carc__decision_followup(g, DEC_BRIDGE, p->player, P2, p->target, 0);
    case ACT_BRIDGE_WAY:
        s->bridges_used[p->player] = 1;
        return carc__tile_overlay_road(g, p->target, a->arg);
    case ACT_JOIN:
        return carc__figure_move(g, fairy_index(g), CARC_PLACE_ATTACHED, -1, 0, a->arg, 0,
                                 CARC_MODULE_KIND(P2, 0));
    case ACT_PORTAL:
        return carc__decision_followup(g, DEC_PORTAL, p->player, P2, -1, 0);
    case ACT_PORTAL_TILE: /* the core's deployment there, next */
        return carc__decision_push_deploy(g, p->player, a->arg, CARC_CAUSE_PORTAL, true);
    default:
        return CARC_E_ILLEGAL;
    }
}

/* ------------------------------------------------------------ ids, text */

static const carc_arg_choice ways[2] = {{SIDES_NS, 0, "ns"}, {SIDES_EW, 2, "ew"}};

static const carc_action_def actions[] = {
    {ACT_ABBEY, "abbey", CARC_AT(0) | CARC_AT(5), VERB_ABBEY, {{0}}},
    {ACT_CHEER, "cheer", CARC_AT(1), CARC_ID_NUMBER, {CARC_ARG_INT(arg, 0, 7)}},
    {ACT_SPARE, "score", CARC_AT(2), VERB_SCORE, {CARC_ARG_FIXED(arg, 0)}},
    {ACT_SPARE, "spare", CARC_AT(2), VERB_SPARE, {CARC_ARG_FIXED(arg, 1)}},
    {ACT_TOKEN, "token", CARC_AT(3), 1, {CARC_ARG_INT(arg, 1, 3)}},
    {ACT_PERCH, "perch", CARC_AT_DEPLOY, VERB_PERCH, {{0}}},
    {ACT_FAIRY, "fairy", CARC_AT_DEPLOY, VERB_FAIRY, {{0}}},
    {ACT_JOIN, "join", CARC_AT(4), CARC_ID_FIGURE, {CARC_ARG_INT(arg, 0, CARC_ID_FIGURE_N - 1)}},
    {ACT_BRIDGE, "bridge", CARC_AT_DEPLOY, VERB_BRIDGE, {{0}}},
    {ACT_BRIDGE_WAY, "bridge", CARC_AT(7), CARC_ID_DIRECTION, {CARC_ARG_CHOICE(arg, ways)}},
    {ACT_FLEE, "flee", CARC_AT(8), VERB_FLEE, {{0}}},
    {ACT_EXIT, "exit", CARC_AT(9), CARC_ID_TILE, {CARC_ARG_INT(arg, 0, CARC_ID_TILE_N - 1)}},
    {ACT_PORTAL, "portal", CARC_AT_DEPLOY, VERB_PORTAL, {{0}}},
    {ACT_PORTAL_TILE, "portal", CARC_AT(10), CARC_ID_TILE, {CARC_ARG_TILE(arg)}},
};

/* The gust is a structured outcome (a point and a set of players), which
 * no table expresses: hand-written hooks, asked for what the table does
 * not declare. */
static int action_id(const carc_game *g, const carc_action *a, int32_t *id)
{
    (void)g;
    if (a->kind != ACT_GUST) return CARC_E_INVALID;
    *id = 0; /* every gust: id 0 plus its payload */
    return CARC_OK;
}

static int action_to_text(const carc_game *g, const carc_action *a, outbuf *o)
{
    (void)g;
    if (a->kind != ACT_GUST) return CARC_E_INVALID;
    carc__out_add(o, "gust %d,%d hits", a->x, a->y);
    if (!a->arg) carc__out_add(o, " none");
    for (int q = 0, first = 1; q < 31; q++)
        if (a->arg & (1 << q)) {
            carc__out_add(o, "%s%d", first ? " " : ",", q);
            first = 0;
        }
    return CARC_OK;
}

static int action_from_text(const carc_game *g, char **tok, int n, carc_action *out)
{
    (void)g;
    memset(out, 0, sizeof *out);
    /* gust X,Y hits none | gust X,Y hits P,Q,... */
    if (strcmp(tok[0], "gust") != 0 || n != 4 || strcmp(tok[2], "hits") != 0) return CARC_E_PARSE;
    char *comma = strchr(tok[1], ',');
    if (!comma) return CARC_E_PARSE;
    *comma = 0;
    if (!carc__parse_int(tok[1], 0, 44, &out->x) || !carc__parse_int(comma + 1, 0, 44, &out->y))
        return CARC_E_PARSE;
    out->kind = ACT_GUST;
    if (strcmp(tok[3], "none") == 0) return CARC_OK;
    for (char *s = tok[3], *next; s; s = next) {
        next = strchr(s, ',');
        if (next) *next++ = 0;
        int q;
        if (!carc__parse_int(s, 0, CARC_MAX_PLAYERS - 1, &q) || (out->arg & (1 << q)))
            return CARC_E_PARSE;
        out->arg |= 1 << q;
    }
    return CARC_OK;
}

static const carc_step_hook steps[] = {
    {CARC_STEP_TURN_START, 0, count_turn},
    {CARC_STEP_AFTER_PLACE, 0, count_volcano},
    {CARC_STEP_DRAW, -10, offer_abbey},
    {CARC_STEP_BEFORE_SCORING, 0, offer_cheer},
    {CARC_STEP_AFTER_SCORING, 0, reveal_token},
    {CARC_STEP_PART_END, 0, extra_part},
    {CARC_STEP_END_PHASE, 0, final_abbeys},
    {CARC_STEP_TURN_END, 10, gust},
};

/* figure geometry: the perch on a @tower tile stands on the tower top */
static bool figure_spot(const carc_game *g, int fig, carc_spot *spot)
{
    carc_fig f;
    carc__figure_get(g, fig, &f);
    if (f.kind != CARC_FIGURE_RINGMASTER || f.where != CARC_PLACE_TILE ||
        !(carc__types[carc__tile_type(g, f.tile)].tags & CARC_TTAG_TOWER))
        return false;
    spot->level = 1; /* x, y: the tile's spot already */
    return true;
}

static const char *const words[] = {"gust", NULL}; /* the hand-written hooks' word */
static const char *const reasons[] = {"cheer", "token", "fairy", "gust", NULL};

const carc_module_def carc__module_probe2 = {
    .id = P2,
    .name = "probe2",
    .tile_set = "probe",
    .kinds = kinds,
    .nkinds = 2,
    .rules = rules,
    .nrules = sizeof rules / sizeof rules[0],
    .requires = 1ull << PROBE1,
    .words = words,
    .reasons = reasons,
    .state_size = state_size,
    .decisions_per_tile = 9 + CARC_MAX_PLAYERS,
    .payload_words_per_tile = 5, /* a gust every 7th turn: at most 2 + 32 words */
    .events_per_tile = 3 + CARC_MAX_PLAYERS,
    .events_per_game = 8,
    .max_pending = 2,
    .overlays = CARC_MAX_PLAYERS,
    .steps = steps,
    .nsteps = 8,
    .setup = setup,
    .start_layout = start_layout,
    .decision_actions = decision_actions,
    .decision_apply = decision_apply,
    .chance_outcomes = chance_outcomes,
    .chance_sample = chance_sample,
    .outcome_payload = outcome_payload,
    .outcome_from_payload = outcome_from_payload,
    .actions = actions,
    .nactions = sizeof actions / sizeof actions[0],
    .action_id = action_id,
    .action_to_text = action_to_text,
    .action_from_text = action_from_text,
    .deploy_actions = deploy_actions,
    .may_deploy = may_deploy,
    .may_place_tile = may_place_tile,
    .explain = explain,
    .may_move_figure = may_move_figure,
    .before_majority = before_majority,
    .figure_moved = figure_moved,
    .intercept_move = intercept_move,
    .features_merged = features_merged,
    .figure_spot = figure_spot,
};
