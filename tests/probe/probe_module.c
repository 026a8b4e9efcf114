/* A test-only module ("probe", slot 12) that uses the classic hooks of the
 * module interface, through lib/module.h only:
 *   - one extra figure kind per player (the big meeple kind), class
 *     follower, majority strength 2;
 *   - tile deferral: B tiles cannot be drawn before turn 10 (like dragon tiles);
 *   - a deployment alternative "bless" (a verb): +1 point instead of a figure;
 *   - completed roads are worth more (like an inn): its rule option
 *     probe_road_bonus (1..3, default 1) is the bonus;
 *   - at the end of every 5th turn a decision "tithe N" (N = 0..2, N
 *     points) for the NEXT player, taken before the turn passes on;
 *   - every player gets 1 point just before end-game scoring;
 *   - scoring hooks around figure return: a completed monastery gives each
 *     of its majority holders 2 more while the monk still stands
 *     (feature_scored); after a completed feature's figures went home the
 *     module counts the features left without claiming figures
 *     (after_feature; tests read the count); a completed city with a
 *     pennant is worth 4 to farmers instead of 3 (city_value);
 *   - an accessor for other modules, neutral when the module is off
 *     (probe_tithe_turns, tests/probe/probe.h);
 *   - a move other modules may take over: with rule probe_stroll 2 (default
 *     1: off), at the end of a turn the current player's big meeple, if it
 *     is on the board and not napping, strolls PROBE_STROLL_STEPS steps,
 *     each onto an orthogonally adjacent placed tile (on no segment): step
 *     k is chosen by the k-th player from the current one ("stroll n|e|s|w",
 *     DIRECTION ids), and offered with carc__figure_move_offer; when another
 *     module takes a step over, the stroll ends;
 *   - the owner of its figures' state byte: a napping figure (state
 *     PROBE_NAPPING) does not stroll, and other modules change the byte
 *     only through the setter probe_nap (probe.h).
 * tests/probe/probe2_module.c is its neighbour with the new mechanisms. */
#include "module.h"

#include <string.h>

#include "probe.h"

#define PROBE_ID 12
#define ACT_BLESS CARC_MODULE_KIND(PROBE_ID, 0)
#define ACT_TITHE CARC_MODULE_KIND(PROBE_ID, 1)
#define DEC_TITHE CARC_MODULE_KIND(PROBE_ID, 0)
#define REASON_BLESS CARC_MODULE_KIND(PROBE_ID, 0)
#define REASON_TITHE CARC_MODULE_KIND(PROBE_ID, 1)
#define REASON_END CARC_MODULE_KIND(PROBE_ID, 2)
#define REASON_MONK CARC_MODULE_KIND(PROBE_ID, 3)
#define DEC_STROLL CARC_MODULE_KIND(PROBE_ID, 1)
#define ACT_STROLL CARC_MODULE_KIND(PROBE_ID, 2)
#define RULE_ROAD_BONUS 60
#define RULE_STROLL 63

static const carc_kind_def kinds[] = {
    {CARC_FIGURE_BIG, CARC_CLASS_FOLLOWER | CARC_CLASS_MEEPLE, 2, {0, 0, 1, 1, 1, 1, 1}, 0},
};

static const carc_rule_def rules[] = {
    {RULE_ROAD_BONUS, "probe_road_bonus", 1, 1, 3},
    {RULE_STROLL, "probe_stroll", 1, 1, 2},
};

static probe_state *st(carc_game *g) { return carc__mod_state(g, PROBE_ID); }

static bool drawable(const carc_game *g, int type)
{
    return !(strcmp(carc__types[type].name, "B") == 0 && carc__turn(g) < 10);
}

static int feature_points(const carc_game *g, int root, int complete, int points)
{
    return complete && carc__root_kind(g, root) == CARC_FEATURE_ROAD
               ? points + carc__rule(g, RULE_ROAD_BONUS) : points;
}

static size_t state_size(const carc_options *o)
{
    (void)o;
    return sizeof(probe_state);
}

static void feature_scored(carc_game *g, int root, const feat_eval *e)
{
    if (e->kind != CARC_FEATURE_MONASTERY || !e->complete || carc__root_followers(g, root) == 0)
        return;
    for (int p = 0; p < carc__players(g); p++)
        if (e->owners & (1u << p)) carc__score_add(g, p, 2, REASON_MONK, e->kind, -1, 0);
}

static void after_feature(carc_game *g, int root)
{
    if (carc__root_followers(g, root) == 0) ((probe_state *)carc__mod_state(g, PROBE_ID))->emptied++;
}

static int city_value(const carc_game *g, int field_root, int city_root, int value)
{
    (void)field_root;
    feat_eval e;
    carc__root_eval(g, city_root, 1, &e);
    return e.pennants > 0 ? 4 : value;
}

int probe_tithe_turns(const carc_game *g)
{
    return carc__module_enabled(g, PROBE_ID) ? 5 : 0;
}

static void deploy_actions(const carc_game *g, const carc_pending *p, action_sink *sink)
{
    (void)g;
    (void)p;
    carc_action a;
    memset(&a, 0, sizeof a);
    a.kind = ACT_BLESS;
    carc__sink_push(sink, &a, CARC_VERB_ID(PROBE_ID, 0));
}

static int tithe_hook(carc_game *g)
{
    if (carc__turn(g) % probe_tithe_turns(g) == 0 && carc__pile_left(g) > 0)
        carc__decision_push(g, DEC_TITHE, (carc__current(g) + 1) % carc__players(g), PROBE_ID,
                            -1, 0);
    return CARC_HOOK_NEXT;
}

/* ------------------------------------------------------------- the stroll */

static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0}; /* N E S W */

/* the placed tile beside tile t on side d (0..3 N E S W), or -1 */
static int beside(const carc_game *g, int t, int d)
{
    int x, y;
    carc__tile_xy(g, t, &x, &y);
    return carc__tile_at(g, x + dx[d], y + dy[d]);
}

static bool stroll_ok(const carc_game *g, int fig, int d)
{
    int t = carc__figure_tile(g, fig);
    int to = t >= 0 ? beside(g, t, d) : -1;
    return to >= 0 && carc__figure_may_move(g, fig, CARC_PLACE_TILE, to, 0, PROBE_CAUSE_STROLL);
}

int probe_nap(carc_game *g, int fig, bool on)
{
    if (!carc__module_enabled(g, PROBE_ID)) return CARC_E_STATE;
    return carc__figure_set_state(g, PROBE_ID, fig, on ? PROBE_NAPPING : 0);
}

/* TURN_END: one step of the stroll per call, a decision of its own player */
static int stroll_hook(carc_game *g)
{
    probe_state *s = st(g);
    if (carc__rule(g, RULE_STROLL) != 2) return CARC_HOOK_NEXT;
    if (s->stroll_step == 0) {
        int f = -1;
        for (int i = 0; i < carc__figure_count(g) && f < 0; i++) {
            carc_fig fig;
            carc__figure_get(g, i, &fig);
            if (fig.kind == CARC_FIGURE_BIG && fig.owner == carc__current(g)) f = i;
        }
        carc_fig fig;
        if (f < 0 || carc__figure_tile(g, f) < 0) return CARC_HOOK_NEXT;
        carc__figure_get(g, f, &fig);
        if (fig.state == PROBE_NAPPING) return CARC_HOOK_NEXT;
        s->stroll_fig = (int8_t)f;
        s->stroll_step = 1;
    }
    /* the last step made, or a step taken over: the stroll is over */
    bool any = false;
    for (int d = 0; d < 4 && s->stroll_step <= PROBE_STROLL_STEPS; d++)
        any |= stroll_ok(g, s->stroll_fig, d);
    if (!any) {
        s->stroll_step = 0;
        return CARC_HOOK_NEXT;
    }
    int who = (carc__current(g) + s->stroll_step - 1) % carc__players(g);
    carc__decision_push(g, DEC_STROLL, who, PROBE_ID, carc__figure_tile(g, s->stroll_fig),
                        s->stroll_fig);
    return CARC_HOOK_AGAIN;
}

/* a step: offered to the other modules, which may take it over */
static int stroll_step(carc_game *g, const carc_pending *p, int d)
{
    probe_state *s = st(g);
    carc_move m = {.fig = p->arg, .where = CARC_PLACE_TILE, .tile = beside(g, p->target, d),
                   .cause = PROBE_CAUSE_STROLL, .by = p->player};
    int r = carc__figure_move_offer(g, &m);
    if (r < 0) return r;
    s->stroll_step = r == CARC_MOVE_TAKEN ? PROBE_STROLL_OVER : (uint8_t)(s->stroll_step + 1);
    return CARC_OK;
}

static int end_hook(carc_game *g)
{
    for (int p = 0; p < carc__players(g); p++) carc__score_add(g, p, 1, REASON_END, 0, -1, 0);
    return CARC_HOOK_NEXT;
}

static void decision_actions(const carc_game *g, const carc_pending *p, action_sink *sink)
{
    carc_action a;
    memset(&a, 0, sizeof a);
    if (p->kind == DEC_STROLL) {
        a.kind = ACT_STROLL;
        for (int d = 0; d < 4; d++)
            if (stroll_ok(g, p->arg, d)) {
                a.arg = d;
                carc__sink_push(sink, &a, CARC_ID_DIRECTION + 2 * d);
            }
        return;
    }
    a.kind = ACT_TITHE;
    for (int n = 0; n <= 2; n++) {
        a.arg = n;
        carc__sink_push(sink, &a, CARC_ID_NUMBER + n);
    }
}

static int decision_apply(carc_game *g, const carc_pending *p, const carc_action *a)
{
    if (a->kind == ACT_BLESS && p->kind == CARC_DECISION_DEPLOY)
        return carc__score_add(g, p->player, 1, REASON_BLESS, 0, carc__tile_last(g), 0);
    if (a->kind == ACT_STROLL && p->kind == DEC_STROLL && a->arg >= 0 && a->arg < 4)
        return stroll_step(g, p, a->arg);
    if (a->kind != ACT_TITHE || p->kind != DEC_TITHE || a->arg < 0 || a->arg > 2)
        return CARC_E_ILLEGAL;
    if (a->arg) carc__score_add(g, p->player, a->arg, REASON_TITHE, 0, carc__tile_last(g), 0);
    return CARC_OK;
}

static const carc_arg_choice stroll_dirs[] = {
    {0, 0, "n"}, {1, 2, "e"}, {2, 4, "s"}, {3, 6, "w"}, /* ids: every other direction */
};

static const carc_action_def actions[] = {
    {ACT_BLESS, "bless", CARC_AT_DEPLOY, CARC_VERB_ID(PROBE_ID, 0), {{0}}},
    {ACT_TITHE, "tithe", CARC_AT(0), CARC_ID_NUMBER, {CARC_ARG_INT(arg, 0, 2)}},
    {ACT_STROLL, "stroll", CARC_AT(1), CARC_ID_DIRECTION, {CARC_ARG_CHOICE(arg, stroll_dirs)}},
};

static const carc_step_hook steps[] = {
    {CARC_STEP_TURN_END, 0, tithe_hook},
    {CARC_STEP_TURN_END, 5, stroll_hook},
    {CARC_STEP_FINAL_SCORING, -10, end_hook},
};

static const char *const reasons[] = {"bless", "tithe", "probe end", "monk", NULL};

const carc_module_def carc__module_probe = {
    .id = PROBE_ID,
    .name = "probe",
    .kinds = kinds,
    .nkinds = 1,
    .rules = rules,
    .nrules = 2,
    .reasons = reasons,
    .state_size = state_size,
    .feature_scored = feature_scored,
    .after_feature = after_feature,
    .city_value = city_value,
    .decisions_per_tile = 2 + PROBE_STROLL_STEPS,
    .events_per_tile = 2 + 9 * CARC_MAX_PLAYERS,
    .events_per_game = CARC_MAX_PLAYERS,
    .max_pending = 1,
    .steps = steps,
    .nsteps = 3,
    .drawable = drawable,
    .feature_points = feature_points,
    .deploy_actions = deploy_actions,
    .decision_actions = decision_actions,
    .decision_apply = decision_apply,
    .actions = actions,
    .nactions = sizeof actions / sizeof actions[0],
};
