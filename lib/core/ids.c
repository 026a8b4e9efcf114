/* Integer action ids (doc/actions.md): from a structured action and back,
 * in the context of the pending decision. */
#include "core/state.h"

#include <string.h>

int carc__action_id(const carc_game *g, const carc_action *a, int32_t *id)
{
    switch (a->kind) {
    case CARC_ACTION_DRAW:
        if (a->tile < 0 || a->tile >= carc__ntypes) return CARC_E_INVALID;
        *id = a->tile;
        return CARC_OK;
    case CARC_ACTION_PASS:
        *id = ID_PASS;
        return CARC_OK;
    case CARC_ACTION_PLACE: {
        if (a->rotation < 0 || a->rotation > 3) return CARC_E_INVALID;
        int fi = carc__front_of(g, a->x, a->y);
        if (fi < 0) return CARC_E_INVALID;
        const front *f = &CFRONT(g)[fi];
        *id = f->idbase + a->rotation;
        return CARC_OK;
    }
    case CARC_ACTION_DEPLOY:
        if (a->figure < 0 || a->figure >= CARC_FIGURE_KINDS || a->segment < 0 ||
            a->segment >= CARC_MAX_SEGMENTS)
            return CARC_E_INVALID;
        *id = ID_DEPLOY + a->figure * CARC_MAX_SEGMENTS + a->segment;
        return CARC_OK;
    default:
        CARC_EACH_MODULE(g, m, md)
            if (md->action_id && md->action_id(g, a, id) == CARC_OK) return CARC_OK;
        return CARC_E_INVALID;
    }
}

int carc__action_from_id(const carc_game *g, int32_t id, carc_action *out)
{
    memset(out, 0, sizeof *out);
    if (g->phase == CARC_DECISION_DRAW && g->npending == 0) {
        if (id < 0 || id >= carc__ntypes) return CARC_E_INVALID;
        out->kind = CARC_ACTION_DRAW;
        out->tile = id;
        return CARC_OK;
    }
    if (id < 0 || id >= CARC_NUM_DISTINCT_ACTIONS) return CARC_E_INVALID;
    if (id == ID_PASS) {
        out->kind = CARC_ACTION_PASS;
        return CARC_OK;
    }
    if (id < ID_DEPLOY) {
        int v = id - ID_PLACE, anchor = v / 16, side = (v / 4) % 4, rot = v % 4;
        if ((uint32_t)anchor >= g->ntiles) return CARC_E_INVALID;
        const ptile *pt = &CTILES(g)[anchor];
        int x = pt->x + carc__dx[side], y = pt->y + carc__dy[side];
        int fi = carc__front_of(g, x, y);
        if (fi < 0) return CARC_E_INVALID;
        const front *f = &CFRONT(g)[fi];
        if (f->anchor != anchor || f->side != side) return CARC_E_INVALID; /* alias */
        out->kind = CARC_ACTION_PLACE;
        out->x = x;
        out->y = y;
        out->rotation = rot;
        return CARC_OK;
    }
    if (id < ID_MODULE) {
        out->kind = CARC_ACTION_DEPLOY;
        out->figure = (id - ID_DEPLOY) / CARC_MAX_SEGMENTS;
        out->segment = (id - ID_DEPLOY) % CARC_MAX_SEGMENTS;
        return CARC_OK;
    }
    int m = 1 + (id - ID_MODULE) / ID_MODULE_BLOCK;
    const carc_module_def *md = m < CARC_MODULE_SLOTS ? carc__modules[m] : NULL;
    if (md && carc__module_on(g, m) && md->action_from_id) return md->action_from_id(g, id, out);
    return CARC_E_INVALID;
}

