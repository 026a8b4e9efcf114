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
 *    the turn order, carc__start_turn);
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
 *  - a deployment veto: no figure on a field of a @volcano tile;
 *  - a merge event: it counts feature merges (tests read its state);
 *  - a road laid over a tile (a bridge, tile data's per-placed-tile
 *    overlay): "bridge" at the deployment, then which way ("bridge ns",
 *    "bridge ew"): across the tile just placed, between two opposite field
 *    edges; one bridge per player;
 *  - a structured, sampled-only chance decision: at the end of every 7th
 *    turn a gust (a landing point x,y in 0..44 mm and a set of players
 *    hit): no list of outcomes; the RNG or the host answers with the whole
 *    structure ("gust 12,30 hits 0,2"); each player hit scores 1.  Its
 *    payload is x, y, the players hit (bit set), then, from a host only
 *    (carc_game_apply_outcome), the figures it touched: up to 29 indices,
 *    ascending, each a player's figure on the board (segment or tile);
 *    each touched figure scores 1 for its owner -- more than a carc_action
 *    holds, so decision_apply reads the words (carc__decision_payload). */
#include "module.h"

#include <stdio.h>
#include <string.h>

#include "probe2.h"
#include "probe_tiles_gen.h"

#define P2 13
#define PROBE1 12
#define RULE_START 61
#define RULE_CHEER 62

#define DEC_ABBEY CARC_MODULE_KIND(P2, 0)
#define DEC_CHEER CARC_MODULE_KIND(P2, 1)
#define DEC_SPARE CARC_MODULE_KIND(P2, 2)
#define DEC_TOKEN CARC_MODULE_KIND(P2, 3)
#define DEC_FAIRY CARC_MODULE_KIND(P2, 4)
#define DEC_FINAL_ABBEY CARC_MODULE_KIND(P2, 5)
#define DEC_GUST CARC_MODULE_KIND(P2, 6)
#define DEC_BRIDGE CARC_MODULE_KIND(P2, 7)

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
#define SIDES_NS 0x5
#define SIDES_EW 0xA


static const carc_kind_def kinds[] = {
    {CARC_FIGURE_RINGMASTER, CARC_CLASS_MEEPLE, 0, {0, 0, 1, 1, 1, 1, 1}},
    {CARC_FIGURE_FAIRY, CARC_CLASS_NEUTRAL, 0, {0, 0, 1, 1, 1, 1, 1}},
};

static const carc_rule_def rules[] = {
    {RULE_START, "probe2_start", 1, 1, 2},
    {RULE_CHEER, "probe2_cheer", 2, 1, 2},
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

static bool may_deploy(const carc_game *g, int kind, int tile, int seg)
{
    (void)kind;
    int type = carc__tile_type(g, tile);
    return !((carc__types[type].tags & CARC_TTAG_VOLCANO) &&
             carc__types[type].seg[seg].kind == CARC_FEATURE_FIELD);
}

/* Explaining its vetoes' refusals (carc_game_explain): its own reasons. */
#define WHY_ABBEY CARC_MODULE_KIND(P2, 0)
#define WHY_VOLCANO CARC_MODULE_KIND(P2, 1)

static bool explain(const carc_game *g, const carc_action *a, carc_explanation *out)
{
    carc_decision d;
    if (carc_game_decision(g, &d) != CARC_OK) return false;
    if (d.kind == CARC_DECISION_PLACE && a->kind == CARC_ACTION_PLACE && a->rotation >= 0 &&
        a->rotation <= 3 && !may_place_tile(g, d.tile, a->x, a->y, a->rotation)) {
        out->reason = WHY_ABBEY;
        snprintf(out->message, sizeof out->message,
                 "an abbey needs tiles on three sides of its cell: choose a hole in the board");
        return true;
    }
    int t = d.kind == CARC_DECISION_DEPLOY ? carc__tile_at(g, d.x, d.y) : -1;
    if (t >= 0 && a->kind == CARC_ACTION_DEPLOY && a->segment >= 0 &&
        a->segment < carc__types[carc__tile_type(g, t)].nseg &&
        !may_deploy(g, a->figure, t, a->segment)) {
        out->reason = WHY_VOLCANO;
        snprintf(out->message, sizeof out->message, "no figure may stand on a volcano's field");
        return true;
    }
    return false;
}

/* the fairy never joins a big meeple */
static bool may_move_figure(const carc_game *g, int fig, int where, int tile, int arg, int cause)
{
    (void)tile;
    (void)cause;
    carc_fig f, target;
    carc__figure_get(g, fig, &f);
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
    return carc__may_move(g, fi, CARC_PLACE_ATTACHED, -1, i, CARC_MODULE_KIND(P2, 0));
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
    if (carc__types[carc__tile_type(g, carc__last_tile(g))].tags & CARC_TTAG_VOLCANO)
        st(g)->volcanoes++;
    return CARC_HOOK_NEXT;
}

/* DRAW, before the core draws: play the held abbey instead? */
static int offer_abbey(carc_game *g)
{
    int p = carc__current(g);
    if (carc__turn_part(g) > 0 || !cst(g)->abbeys[p] || !carc__can_place(g, abbey_type()))
        return CARC_HOOK_NEXT;
    carc__push_decision(g, DEC_ABBEY, p, P2, -1, 0);
    return CARC_HOOK_NEXT;
}

/* BEFORE_SCORING: the next player may cheer when something was completed. */
static int offer_cheer(carc_game *g)
{
    probe2_state *s = st(g);
    if (s->cheered || carc__completed_count(g) == 0) return CARC_HOOK_NEXT;
    s->cheered = 1;
    carc__push_decision(g, DEC_CHEER, (carc__current(g) + 1) % carc__players(g), P2, -1, 0);
    return CARC_HOOK_NEXT;
}

static int before_majority(carc_game *g, int root)
{
    if (carc__root_kind(g, root) != CARC_FEATURE_CITY || carc__root_followers(g, root) == 0)
        return CARC_HOOK_NEXT;
    carc__push_decision(g, DEC_SPARE, carc__current(g), P2, -1, root);
    return CARC_HOOK_NEXT;
}

/* AFTER_SCORING: reveal a token (chance) when something was completed. */
static int reveal_token(carc_game *g)
{
    probe2_state *s = st(g);
    if (s->token_done || carc__completed_count(g) == 0) return CARC_HOOK_NEXT;
    s->token_done = 1;
    carc__push_decision(g, DEC_TOKEN, CARC_PLAYER_CHANCE, P2, -1, 0);
    return CARC_HOOK_NEXT;
}

/* PART_END: a completed road gives one extra part, never two in a row. */
static int extra_part(carc_game *g)
{
    probe2_state *s = st(g);
    s->cheered = s->token_done = 0;
    bool road = false;
    for (int i = 0; i < carc__completed_count(g); i++)
        road |= carc__root_kind(g, carc__completed_root(g, i)) == CARC_FEATURE_ROAD;
    if (road && !s->last_extra_turn && carc__tiles_left(g) > 0) {
        carc__extra_part(g);
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
            carc__start_turn(g, who, abbey_type());
            return CARC_HOOK_JUMP;
        }
        if (s->final_choice == 0) {
            s->final_choice = -1;
            s->final_next++;
            continue;
        }
        if (s->abbeys[who] && carc__can_place(g, abbey_type())) {
            carc__push_decision(g, DEC_FINAL_ABBEY, who, P2, -1, 0);
            return CARC_HOOK_AGAIN;
        }
        s->final_next++;
    }
    return CARC_HOOK_NEXT;
}

/* TURN_END: every 7th turn a gust (a sampled-only chance decision). */
static int gust(carc_game *g)
{
    if (carc__turn(g) % 7 == 0 && carc__tiles_left(g) > 0)
        carc__push_sampled_chance(g, DEC_GUST, P2, 0);
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
           (carc__overlay_ok(g, tile, SIDES_NS) || carc__overlay_ok(g, tile, SIDES_EW));
}

static void deploy_actions(const carc_game *g, const carc_pending *p, action_sink *sink)
{
    if (p->target < 0) return;
    if (carc__supply(g, p->player, CARC_FIGURE_RINGMASTER) > 0) push(sink, ACT_PERCH, 0, VERB_PERCH);
    if (any_fairy_target(g, p->player)) push(sink, ACT_FAIRY, 0, VERB_FAIRY);
    if (can_bridge(g, p->player, p->target)) push(sink, ACT_BRIDGE, 0, VERB_BRIDGE);
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
    case DEC_BRIDGE: /* N-S as direction N (0), E-W as direction E (2) */
        if (carc__overlay_ok(g, p->target, SIDES_NS))
            push(sink, ACT_BRIDGE_WAY, SIDES_NS, CARC_ID_DIRECTION + 0);
        if (carc__overlay_ok(g, p->target, SIDES_EW))
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
        if (p->kind == DEC_FINAL_ABBEY) s->final_choice = 0;
        return CARC_OK;
    case ACT_ABBEY:
        if (p->kind == DEC_FINAL_ABBEY) {
            s->final_choice = 1;
            return CARC_OK;
        }
        s->abbeys[p->player]--;
        return carc__set_tile_in_hand(g, abbey_type());
    case ACT_CHEER:
        return a->arg ? carc__score_add(g, p->player, a->arg, REASON_CHEER, 0, -1, 0) : CARC_OK;
    case ACT_SPARE:
        if (a->arg) carc__skip_scoring(g, p->arg);
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
        int f = carc__supply_figure(g, p->player, CARC_FIGURE_RINGMASTER);
        return carc__figure_move(g, f, CARC_PLACE_TILE, p->target, 0, 0, 0, CARC_CAUSE_DEPLOY);
    }
    case ACT_FAIRY:
        return carc__push_followup(g, DEC_FAIRY, p->player, P2, -1, 0);
    case ACT_BRIDGE:
        return carc__push_followup(g, DEC_BRIDGE, p->player, P2, p->target, 0);
    case ACT_BRIDGE_WAY:
        s->bridges_used[p->player] = 1;
        return carc__overlay_road(g, p->target, a->arg);
    case ACT_JOIN:
        return carc__figure_move(g, fairy_index(g), CARC_PLACE_ATTACHED, -1, 0, a->arg, 0,
                                 CARC_MODULE_KIND(P2, 0));
    default:
        return CARC_E_ILLEGAL;
    }
}

/* ------------------------------------------------------------ ids, text */

static int action_id(const carc_game *g, const carc_action *a, int32_t *id)
{
    (void)g;
    switch (a->kind) {
    case ACT_ABBEY: *id = VERB_ABBEY; return CARC_OK;
    /* range first: a host's arg may be anything, and the sum must not overflow */
    case ACT_CHEER:
        if (a->arg < 0 || a->arg >= 8) return CARC_E_INVALID;
        *id = CARC_ID_NUMBER + a->arg;
        return CARC_OK;
    case ACT_SPARE: *id = a->arg ? VERB_SPARE : VERB_SCORE; return CARC_OK;
    case ACT_TOKEN: *id = a->arg; return a->arg >= 1 && a->arg <= 3 ? CARC_OK : CARC_E_INVALID;
    case ACT_PERCH: *id = VERB_PERCH; return CARC_OK;
    case ACT_FAIRY: *id = VERB_FAIRY; return CARC_OK;
    case ACT_JOIN:
        if (a->arg < 0 || a->arg >= CARC_ID_FIGURE_N) return CARC_E_INVALID;
        *id = CARC_ID_FIGURE + a->arg;
        return CARC_OK;
    case ACT_GUST: *id = 0; return CARC_OK; /* every gust: id 0 plus its payload */
    case ACT_BRIDGE: *id = VERB_BRIDGE; return CARC_OK;
    case ACT_BRIDGE_WAY:
        if (a->arg != SIDES_NS && a->arg != SIDES_EW) return CARC_E_INVALID;
        *id = CARC_ID_DIRECTION + (a->arg == SIDES_NS ? 0 : 2);
        return CARC_OK;
    default: return CARC_E_INVALID;
    }
}

static int action_from_id(const carc_game *g, const carc_pending *p, int32_t id, carc_action *out)
{
    (void)g;
    memset(out, 0, sizeof *out);
    switch (p->kind) {
    case DEC_ABBEY:
    case DEC_FINAL_ABBEY:
        if (id != VERB_ABBEY) return CARC_E_INVALID;
        out->kind = ACT_ABBEY;
        return CARC_OK;
    case DEC_CHEER:
        if (id < CARC_ID_NUMBER || id >= CARC_ID_NUMBER + 8) return CARC_E_INVALID;
        out->kind = ACT_CHEER;
        out->arg = id - CARC_ID_NUMBER;
        return CARC_OK;
    case DEC_SPARE:
        if (id != VERB_SCORE && id != VERB_SPARE) return CARC_E_INVALID;
        out->kind = ACT_SPARE;
        out->arg = id == VERB_SPARE;
        return CARC_OK;
    case DEC_TOKEN:
        if (id < 1 || id > 3) return CARC_E_INVALID;
        out->kind = ACT_TOKEN;
        out->arg = id;
        return CARC_OK;
    case DEC_FAIRY:
        if (id < CARC_ID_FIGURE || id >= CARC_ID_FIGURE + CARC_ID_FIGURE_N) return CARC_E_INVALID;
        out->kind = ACT_JOIN;
        out->arg = id - CARC_ID_FIGURE;
        return CARC_OK;
    case CARC_DECISION_DEPLOY:
        if (id == VERB_PERCH) out->kind = ACT_PERCH;
        else if (id == VERB_FAIRY) out->kind = ACT_FAIRY;
        else if (id == VERB_BRIDGE) out->kind = ACT_BRIDGE;
        else return CARC_E_INVALID;
        return CARC_OK;
    case DEC_BRIDGE:
        if (id != CARC_ID_DIRECTION + 0 && id != CARC_ID_DIRECTION + 2) return CARC_E_INVALID;
        out->kind = ACT_BRIDGE_WAY;
        out->arg = id == CARC_ID_DIRECTION ? SIDES_NS : SIDES_EW;
        return CARC_OK;
    default:
        return CARC_E_INVALID;
    }
}

static int action_to_text(const carc_game *g, const carc_action *a, outbuf *o)
{
    (void)g;
    switch (a->kind) {
    case ACT_ABBEY: carc__out_add(o, "abbey"); break;
    case ACT_CHEER: carc__out_add(o, "cheer %d", a->arg); break;
    case ACT_SPARE: carc__out_add(o, "%s", a->arg ? "spare" : "score"); break;
    case ACT_TOKEN: carc__out_add(o, "token %d", a->arg); break;
    case ACT_PERCH: carc__out_add(o, "perch"); break;
    case ACT_FAIRY: carc__out_add(o, "fairy"); break;
    case ACT_JOIN: carc__out_add(o, "join %d", a->arg); break;
    case ACT_BRIDGE: carc__out_add(o, "bridge"); break;
    case ACT_BRIDGE_WAY:
        if (a->arg != SIDES_NS && a->arg != SIDES_EW) return CARC_E_INVALID;
        carc__out_add(o, "bridge %s", a->arg == SIDES_NS ? "ns" : "ew");
        break;
    case ACT_GUST:
        carc__out_add(o, "gust %d,%d hits", a->x, a->y);
        if (!a->arg) carc__out_add(o, " none");
        for (int q = 0, first = 1; q < 31; q++)
            if (a->arg & (1 << q)) {
                carc__out_add(o, "%s%d", first ? " " : ",", q);
                first = 0;
            }
        break;
    default: return CARC_E_INVALID;
    }
    return CARC_OK;
}

static int gust_from_text(char **tok, int n, carc_action *out)
{
    /* gust X,Y hits none | gust X,Y hits P,Q,... */
    if (n != 4 || strcmp(tok[2], "hits") != 0) return CARC_E_PARSE;
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

static int action_from_text(const carc_game *g, char **tok, int n, carc_action *out)
{
    (void)g;
    memset(out, 0, sizeof *out);
    if (strcmp(tok[0], "gust") == 0) return gust_from_text(tok, n, out);
    if (strcmp(tok[0], "bridge") == 0) {
        if (n == 1) { out->kind = ACT_BRIDGE; return CARC_OK; }
        if (n != 2 || (strcmp(tok[1], "ns") && strcmp(tok[1], "ew"))) return CARC_E_PARSE;
        out->kind = ACT_BRIDGE_WAY;
        out->arg = strcmp(tok[1], "ns") == 0 ? SIDES_NS : SIDES_EW;
        return CARC_OK;
    }
    int v = 0;
    if (n == 2 && tok[1][0] >= '0' && tok[1][0] <= '9') {
        for (const char *c = tok[1]; *c; c++) {
            if (*c < '0' || *c > '9' || v > 1000) return CARC_E_PARSE;
            v = v * 10 + (*c - '0');
        }
    } else if (n != 1) {
        return CARC_E_PARSE;
    }
    static const struct { const char *w; int kind, args, arg; } words[] = {
        {"abbey", ACT_ABBEY, 1, 0}, {"cheer", ACT_CHEER, 2, -1}, {"score", ACT_SPARE, 1, 0},
        {"spare", ACT_SPARE, 1, 1}, {"token", ACT_TOKEN, 2, -1}, {"perch", ACT_PERCH, 1, 0},
        {"fairy", ACT_FAIRY, 1, 0}, {"join", ACT_JOIN, 2, -1},
    };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        if (strcmp(tok[0], words[i].w) != 0) continue;
        if (n != words[i].args) return CARC_E_PARSE;
        out->kind = words[i].kind;
        out->arg = words[i].arg >= 0 ? words[i].arg : v;
        return CARC_OK;
    }
    return CARC_E_PARSE;
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

static const char *const words[] = {"abbey", "cheer", "score", "spare", "token",
                                    "perch", "fairy", "join", "gust", "bridge", NULL};
static const char *const reasons[] = {"cheer", "token", "fairy", "gust", NULL};

const carc_module_def carc__module_probe2 = {
    .id = P2,
    .name = "probe2",
    .tile_set = "probe",
    .kinds = kinds,
    .nkinds = 2,
    .rules = rules,
    .nrules = 2,
    .requires = 1ull << PROBE1,
    .words = words,
    .reasons = reasons,
    .state_size = state_size,
    .decisions_per_tile = 7,
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
    .action_id = action_id,
    .action_from_id = action_from_id,
    .action_to_text = action_to_text,
    .action_from_text = action_from_text,
    .deploy_actions = deploy_actions,
    .may_deploy = may_deploy,
    .may_place_tile = may_place_tile,
    .explain = explain,
    .may_move_figure = may_move_figure,
    .before_majority = before_majority,
    .figure_moved = figure_moved,
    .features_merged = features_merged,
};
