/* Integer action ids (doc/actions.md): from a structured action and back,
 * in the context of the pending decision.  Ids are typed by argument
 * (CARC_ID_* ranges in lib/module.h); the decision kind says which ranges
 * it uses, and module action kinds go to the module that owns them. */
#include "core/state.h"

#include <string.h>

_Static_assert(CARC_ID_KIND_SEG == 4097, "base ids moved: deploy ids start at 4097");
_Static_assert(CARC_MAX_TILES <= 256 && CARC_ID_CELL_N == 4096, "place ids need 16 per tile");
_Static_assert(CARC_MAX_SEGMENTS == 32, "deploy ids use 32 segments per kind");
_Static_assert(CARC_ID_NUMBER == 5257 && CARC_ID_VERB_MORE == 6281,
               "ids moved: the second verb block starts where the numbers end");
_Static_assert(CARC_ID_END <= HIST_ID_MASK + 1, "the history keeps ids in 13 bits");

/* The module that owns a module action or decision kind, or NULL. */
const carc_module_def *carc__owner_of_kind(int kind)
{
    if (!CARC_KIND_IS_MODULE(kind)) return NULL;
    return carc__modules[CARC_KIND_MODULE(kind)];
}

int carc__action_id(const carc_game *g, const carc_action *a, int32_t *id)
{
    switch (a->kind) {
    case CARC_ACTION_DRAW:
        if (a->tile < 0 || a->tile >= carc__ntypes) return CARC_E_INVALID;
        *id = a->tile;
        return CARC_OK;
    case CARC_ACTION_PASS:
        *id = CARC_ID_PASS;
        return CARC_OK;
    case CARC_ACTION_PLACE: {
        if (a->rotation < 0 || a->rotation > 3) return CARC_E_INVALID;
        int fi = carc__front_of(g, a->x, a->y);
        if (fi < 0) return CARC_E_INVALID;
        *id = CFRONT(g)[fi].idbase + a->rotation;
        return CARC_OK;
    }
    case CARC_ACTION_DEPLOY:
        if (a->figure < 0 || a->figure >= CARC_FIGURE_KINDS || a->segment < 0 ||
            a->segment >= CARC_MAX_SEGMENTS)
            return CARC_E_INVALID;
        *id = CARC_ID_KIND_SEG + a->figure * CARC_MAX_SEGMENTS + a->segment;
        return CARC_OK;
    default: {
        const carc_module_def *md = carc__owner_of_kind(a->kind);
        if (!md || !carc__module_on(g, md->id) || !md->action_id) return CARC_E_INVALID;
        return md->action_id(g, a, id) == CARC_OK ? CARC_OK : CARC_E_INVALID;
    }
    }
}

int carc__action_from_id(const carc_game *g, int32_t id, carc_action *out)
{
    memset(out, 0, sizeof *out);
    const carc_pending *p = carc__front(g);
    if (!p) return CARC_E_STATE;
    if (p->kind == CARC_DECISION_DRAW) {
        if (id < 0 || id >= carc__ntypes) return CARC_E_INVALID;
        out->kind = CARC_ACTION_DRAW;
        out->tile = id;
        return CARC_OK;
    }
    if (id < 0 || id >= (p->player == CARC_PLAYER_CHANCE ? CARC_MAX_CHANCE_OUTCOMES
                                                          : CARC_NUM_DISTINCT_ACTIONS))
        return CARC_E_INVALID;
    if (id == CARC_ID_PASS && p->player != CARC_PLAYER_CHANCE) {
        /* pass is the core's word at every player decision (legal or not) */
        out->kind = CARC_ACTION_PASS;
        return CARC_OK;
    }
    switch (p->kind) {
    case CARC_DECISION_PLACE: {
        int fi, rot;
        if (carc__decode_cell(g, id, &fi, &rot)) return CARC_E_INVALID;
        out->kind = CARC_ACTION_PLACE;
        out->x = CFRONT(g)[fi].x;
        out->y = CFRONT(g)[fi].y;
        out->rotation = rot;
        return CARC_OK;
    }
    case CARC_DECISION_DEPLOY:
        if (id >= CARC_ID_KIND_SEG && id < CARC_ID_KIND_SEG + CARC_ID_KIND_SEG_N) {
            out->kind = CARC_ACTION_DEPLOY;
            out->figure = (id - CARC_ID_KIND_SEG) / CARC_MAX_SEGMENTS;
            out->segment = (id - CARC_ID_KIND_SEG) % CARC_MAX_SEGMENTS;
            return CARC_OK;
        }
        if (CARC_VERB_MODULE(id) >= 0) {
            int m = CARC_VERB_MODULE(id);
            const carc_module_def *md = carc__modules[m];
            if (!md || !carc__module_on(g, m) || !md->action_from_id) return CARC_E_INVALID;
            return md->action_from_id(g, p, id, out);
        }
        return CARC_E_INVALID;
    default: {
        const carc_module_def *md = p->owner < CARC_MODULE_SLOTS ? carc__modules[p->owner] : NULL;
        if (!md || !md->action_from_id) return CARC_E_INVALID;
        return md->action_from_id(g, p, id, out);
    }
    }
}
