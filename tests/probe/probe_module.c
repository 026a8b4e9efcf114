/* A test-only module that uses every hook of the module interface, so the
 * core's plumbing for the roadmap's modules is exercised before they exist:
 *   - one extra figure per player (the big meeple kind), majority strength 2;
 *   - tile deferral: B tiles cannot be drawn before turn 10 (like dragon tiles);
 *   - a deployment alternative "bless": +1 point instead of a figure;
 *   - completed roads are worth 1 more (like an inn);
 *   - every 5th turn a decision "tithe N" (N = 0..2, N points) queued for
 *     the NEXT player, taken before the turn passes on;
 *   - every player gets 1 point just before end-game scoring. */
#include "core/state.h"

#include <stdlib.h>
#include <string.h>

#define PROBE_ID 12
#define ACT_BLESS 16
#define ACT_TITHE 17
#define DEC_TITHE 16
#define REASON_BLESS 16
#define REASON_TITHE 17
#define REASON_END 18

static void setup(carc_game *g)
{
    figure *F = FIGS(g);
    for (int p = 0; p < g->nplayers; p++) {
        figure *f = &F[g->nfigs++];
        f->kind = CARC_FIGURE_BIG;
        f->owner = (int8_t)p;
        f->where = CARC_WHERE_SUPPLY;
        g->supply[p][CARC_FIGURE_BIG] = 1;
    }
}

static bool drawable(const carc_game *g, int type)
{
    return !(strcmp(carc__types[type].name, "B") == 0 && g->turn < 10);
}

static bool deploy_allowed(const carc_game *g, int figure, int s)
{
    if (figure != CARC_FIGURE_BIG) return false;
    const ptile *pt = &CTILES(g)[g->last_tile];
    const seg *rs = &CSEGS(g)[carc__find(g, pt->seg0 + s)];
    return rs->kind <= CARC_FEATURE_FIELD && rs->figs == 0;
}

static int strength(const carc_game *g, const figure *f)
{
    (void)g;
    return f->kind == CARC_FIGURE_BIG ? 2 : -1;
}

static int feature_points(const carc_game *g, int root, int complete, int points)
{
    return complete && CSEGS(g)[root].kind == CARC_FEATURE_ROAD ? points + 1 : points;
}

static void deploy_actions(const carc_game *g, action_sink *sink)
{
    carc_action a;
    memset(&a, 0, sizeof a);
    a.kind = ACT_BLESS;
    carc__sink_push(sink, &a, carc__module_id_base(PROBE_ID));
    (void)g;
}

static int deploy_apply(carc_game *g, const carc_action *a)
{
    if (a->kind != ACT_BLESS) return CARC_E_ILLEGAL;
    g->score[g->player] += 1;
    carc__log(g, g->player, 1, REASON_BLESS, 0, g->last_tile, 0);
    return CARC_OK;
}

static void end_turn(carc_game *g)
{
    if (g->turn % 5 == 0 && g->total_remaining > 0)
        carc__push_pending(g, DEC_TITHE, (g->player + 1) % g->nplayers, PROBE_ID, 0);
}

static void decision_actions(const carc_game *g, const pending *p, action_sink *sink)
{
    (void)g;
    (void)p;
    carc_action a;
    memset(&a, 0, sizeof a);
    a.kind = ACT_TITHE;
    for (int n = 0; n <= 2; n++) {
        a.arg = n;
        carc__sink_push(sink, &a, carc__module_id_base(PROBE_ID) + 1 + n);
    }
}

static int decision_apply(carc_game *g, const pending *p, const carc_action *a)
{
    if (a->kind != ACT_TITHE || a->arg < 0 || a->arg > 2) return CARC_E_ILLEGAL;
    g->score[p->player] += a->arg;
    if (a->arg) carc__log(g, p->player, a->arg, REASON_TITHE, 0, g->last_tile, 0);
    carc__pop_pending(g);
    return CARC_OK;
}

static void before_end(carc_game *g)
{
    for (int p = 0; p < g->nplayers; p++) {
        g->score[p] += 1;
        carc__log(g, p, 1, REASON_END, 0, 0, 0);
    }
}

static int action_id(const carc_game *g, const carc_action *a, int32_t *id)
{
    (void)g;
    if (a->kind == ACT_BLESS) *id = carc__module_id_base(PROBE_ID);
    else if (a->kind == ACT_TITHE && a->arg >= 0 && a->arg <= 2)
        *id = carc__module_id_base(PROBE_ID) + 1 + a->arg;
    else return CARC_E_INVALID;
    return CARC_OK;
}

static int action_from_id(const carc_game *g, int32_t id, carc_action *out)
{
    (void)g;
    int k = id - carc__module_id_base(PROBE_ID);
    memset(out, 0, sizeof *out);
    if (k == 0) out->kind = ACT_BLESS;
    else if (k >= 1 && k <= 3) { out->kind = ACT_TITHE; out->arg = k - 1; }
    else return CARC_E_INVALID;
    return CARC_OK;
}

static int action_to_text(const carc_game *g, const carc_action *a, outbuf *o)
{
    (void)g;
    if (a->kind == ACT_BLESS) carc__out_add(o, "bless");
    else if (a->kind == ACT_TITHE) carc__out_add(o, "tithe %d", a->arg);
    else return CARC_E_INVALID;
    return CARC_OK;
}

static int action_from_text(const carc_game *g, char **tok, int n, carc_action *out)
{
    (void)g;
    memset(out, 0, sizeof *out);
    if (n == 1 && !strcmp(tok[0], "bless")) { out->kind = ACT_BLESS; return CARC_OK; }
    if (n == 2 && !strcmp(tok[0], "tithe") && tok[1][0] >= '0' && tok[1][0] <= '2' && !tok[1][1]) {
        out->kind = ACT_TITHE;
        out->arg = tok[1][0] - '0';
        return CARC_OK;
    }
    return CARC_E_PARSE;
}

const carc_module_def carc__module_probe = {
    .id = PROBE_ID,
    .name = "probe",
    .figures_per_player = 1,
    .decisions_per_tile = 2,
    .setup = setup,
    .drawable = drawable,
    .deploy_allowed = deploy_allowed,
    .strength = strength,
    .feature_points = feature_points,
    .deploy_actions = deploy_actions,
    .deploy_apply = deploy_apply,
    .end_turn = end_turn,
    .decision_actions = decision_actions,
    .decision_apply = decision_apply,
    .before_end = before_end,
    .action_id = action_id,
    .action_from_id = action_from_id,
    .action_to_text = action_to_text,
    .action_from_text = action_from_text,
};
