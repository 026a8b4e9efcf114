/* A module to copy (doc/modules.md, "Checklist").  It compiles with the
 * library's flags (lib/meson.build builds it, unregistered) and shows the
 * shape of every part: declarations, a step hook with a decision, the
 * decision's actions, its declared action kinds (ids and notation), an
 * event, and the explanation of a refusal.  Its rule: after every tile that completes a city, the current
 * player may "salute" (+1) or pass.
 *
 * To start a new module "name":
 *   1. copy this folder to lib/modules/<name>/, set MOD to its
 *      carc_module_id and the `template` prefixes to <name>;
 *   2. give the folder a meson.build adding its .c to module_sources and
 *      its tiles.def (if any) to tile_defs;
 *   3. add one line to the registry list in lib/modules/meson.build;
 *   4. write its rules in doc/rules.md with their sources, its words in
 *      doc/notation.md, and its tests (scenario records and a suite). */
#include "module.h"

#include <stdio.h>
#include <string.h>

#define MOD 31 /* a free slot; a real module uses its carc_module_id */

#define DEC_SALUTE CARC_MODULE_KIND(MOD, 0)   /* its decision kind */
#define ACT_SALUTE CARC_MODULE_KIND(MOD, 0)   /* its action kind   */
#define REASON_SALUTE CARC_MODULE_KIND(MOD, 0) /* its score reason */
#define VERB_SALUTE CARC_VERB_ID(MOD, 0)

/* Per-game state lives in the game's flat block: no pointers in it. */
typedef struct template_state {
    uint16_t salutes;
} template_state;

static size_t state_size(const carc_options *o)
{
    (void)o;
    return sizeof(template_state);
}

/* AFTER_SCORING: offer the salute when this placement completed a city. */
static int offer_salute(carc_game *g)
{
    for (int i = 0; i < carc__root_completed_count(g); i++)
        if (carc__root_kind(g, carc__root_completed(g, i)) == CARC_FEATURE_CITY) {
            carc__decision_push(g, DEC_SALUTE, carc__current(g), MOD, -1, 0);
            break;
        }
    return CARC_HOOK_NEXT;
}

static void decision_actions(const carc_game *g, const carc_pending *p, action_sink *sink)
{
    (void)g;
    (void)p;
    carc_action a;
    memset(&a, 0, sizeof a);
    a.kind = CARC_ACTION_PASS;
    carc__sink_push(sink, &a, CARC_ID_PASS); /* ids ascending */
    a.kind = ACT_SALUTE;
    carc__sink_push(sink, &a, VERB_SALUTE);
}

/* The core has checked that the action is one of decision_actions'. */
static int decision_apply(carc_game *g, const carc_pending *p, const carc_action *a)
{
    if (a->kind == CARC_ACTION_PASS) return CARC_OK;
    template_state *s = carc__mod_state(g, MOD);
    s->salutes++;
    return carc__score_add(g, p->player, 1, REASON_SALUTE, 0, -1, 0);
}

/* Its action kinds, declared: the core derives their ids, the actions of
 * ids at its decisions, their text and its parsing, ranges included
 * (lib/module.h, carc_action_def; doc/modules.md "Declaring actions"). */
static const carc_action_def actions[] = {
    {ACT_SALUTE, "salute", CARC_AT(0), VERB_SALUTE, {{0}}},
};

/* Why its action is refused (carc_game_explain): with its own reason code,
 * numbered like its kinds. */
#define WHY_NO_SALUTE CARC_MODULE_KIND(MOD, 0)

static bool explain(const carc_game *g, const carc_action *a, carc_explanation *out)
{
    const carc_pending *d = carc__decision_pending(g);
    if (a->kind != ACT_SALUTE || !d || d->kind == DEC_SALUTE) return false;
    out->reason = WHY_NO_SALUTE;
    snprintf(out->message, sizeof out->message,
             "a salute only answers the offer after a tile that completes a city");
    return true;
}

static const carc_step_hook steps[] = {
    {CARC_STEP_AFTER_SCORING, 0, offer_salute},
};
static const char *const reasons[] = {"salute", NULL};

const carc_module_def carc__module_template = {
    .id = MOD,
    .name = "template",
    .reasons = reasons,
    .state_size = state_size,
    .decisions_per_tile = 1, /* one salute decision per tile at most */
    .events_per_tile = 1,    /* one score event per tile at most */
    .max_pending = 1,
    .steps = steps,
    .nsteps = 1,
    .decision_actions = decision_actions,
    .decision_apply = decision_apply,
    .actions = actions,
    .nactions = sizeof actions / sizeof actions[0],
    .explain = explain,
};
