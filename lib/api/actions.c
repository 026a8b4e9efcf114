/* Public actions: legal actions, ids and masks, applying, chance. */
#include "core/state.h"

#include <string.h>

int carc_game_legal_actions(const carc_game *game, carc_action *buf, size_t cap,
                            size_t *needed)
{
    if (!carc__valid(game) || (!buf && cap)) return CARC_E_INVALID;
    action_sink s = {buf, NULL, cap, 0};
    carc__enumerate(game, &s);
    if (needed) *needed = s.n;
    return s.n > cap ? CARC_E_BUFFER : CARC_OK;
}

int carc_game_legal_ids(const carc_game *game, int32_t *buf, size_t cap, size_t *needed)
{
    if (!carc__valid(game) || (!buf && cap)) return CARC_E_INVALID;
    action_sink s = {NULL, buf, cap, 0};
    carc__enumerate(game, &s);
    if (needed) *needed = s.n;
    return s.n > cap ? CARC_E_BUFFER : CARC_OK;
}

int carc_game_legal_mask(const carc_game *game, uint8_t *mask, size_t len)
{
    if (!carc__valid(game) || !mask) return CARC_E_INVALID;
    bool chance = game->phase == CARC_DECISION_DRAW && game->npending == 0;
    size_t want = chance ? CARC_MAX_CHANCE_OUTCOMES : CARC_NUM_DISTINCT_ACTIONS;
    if (len < want) return CARC_E_BUFFER;
    int32_t ids[CARC_MAX_TILES * 16 + 64];
    action_sink s = {NULL, ids, sizeof ids / sizeof ids[0], 0};
    carc__enumerate(game, &s);
    memset(mask, 0, len);
    for (size_t i = 0; i < s.n && i < s.cap; i++) mask[ids[i]] = 1;
    return CARC_OK;
}

int carc_game_apply(carc_game *game, const carc_action *action)
{
    if (!carc__valid(game) || !action) return CARC_E_INVALID;
    if (game->phase == CARC_DECISION_END) return CARC_E_STATE;
    return carc__apply(game, action, false);
}

int carc_game_apply_id(carc_game *game, int32_t id)
{
    if (!carc__valid(game)) return CARC_E_INVALID;
    if (game->phase == CARC_DECISION_END) return CARC_E_STATE;
    if (game->phase == CARC_DECISION_PLACE && game->npending == 0) {
        /* the playout hot path: one cell lookup from the id */
        if (id < ID_PLACE || id >= ID_DEPLOY) return CARC_E_ILLEGAL;
        int v = id - ID_PLACE, anchor = v / 16, side = (v / 4) % 4;
        if ((uint32_t)anchor >= game->ntiles) return CARC_E_ILLEGAL;
        const ptile *pt = &CTILES(game)[anchor];
        int fi = carc__front_of(game, pt->x + carc__dx[side], pt->y + carc__dy[side]);
        if (fi < 0) return CARC_E_ILLEGAL;
        const front *f = &CFRONT(game)[fi];
        if (f->anchor != anchor || f->side != side) return CARC_E_ILLEGAL; /* alias */
        return carc__place_in(game, fi, v % 4, id);
    }
    carc_action a;
    if (carc__action_from_id(game, id, &a)) return CARC_E_ILLEGAL;
    return carc__apply(game, &a, false);
}

int carc_action_to_id(const carc_game *game, const carc_action *action, int32_t *id)
{
    if (!carc__valid(game) || !action || !id) return CARC_E_INVALID;
    int32_t k;
    int rc = carc__action_id(game, action, &k);
    if (rc) return rc;
    /* An id only means something for the pending decision: refuse an action
     * of another kind (a pass while a draw is pending would otherwise get
     * the id of a draw). */
    carc_action back;
    if (carc__action_from_id(game, k, &back) != CARC_OK || back.kind != action->kind)
        return CARC_E_STATE;
    *id = k;
    return CARC_OK;
}

int carc_action_from_id(const carc_game *game, int32_t id, carc_action *out)
{
    if (!carc__valid(game) || !out) return CARC_E_INVALID;
    if (game->phase == CARC_DECISION_END) return CARC_E_STATE;
    return carc__action_from_id(game, id, out);
}

int carc_game_chance_outcomes(const carc_game *game, int32_t *ids, double *probs,
                              size_t cap, size_t *needed)
{
    if (!carc__valid(game) || ((!ids || !probs) && cap)) return CARC_E_INVALID;
    if (game->phase != CARC_DECISION_DRAW || game->npending) return CARC_E_STATE;
    int total = 0;
    size_t n = 0;
    for (int t = 0; t < carc__ntypes; t++)
        if (carc__drawable(game, t)) { total += CREMAIN(game)[t]; n++; }
    if (needed) *needed = n;
    if (cap < n) return CARC_E_BUFFER;
    size_t k = 0;
    for (int t = 0; t < carc__ntypes; t++) {
        if (!carc__drawable(game, t)) continue;
        ids[k] = t;
        probs[k] = (double)CREMAIN(game)[t] / total;
        k++;
    }
    return CARC_OK;
}

int carc_game_sample_chance(carc_game *game, carc_action *out)
{
    if (!carc__valid(game)) return CARC_E_INVALID;
    if (game->phase != CARC_DECISION_DRAW || game->npending) return CARC_E_STATE;
    int total = 0;
    if (!game->hooks_drawable) total = game->total_remaining;
    else
        for (int t = 0; t < carc__ntypes; t++)
            if (carc__drawable(game, t)) total += CREMAIN(game)[t];
    if (total == 0) return CARC_E_STATE;
    int r = (int)carc__rng_below(game, (uint32_t)total);
    carc_action a;
    memset(&a, 0, sizeof a);
    a.kind = CARC_ACTION_DRAW;
    const uint8_t *remain = CREMAIN(game);
    for (int t = 0; t < carc__ntypes; t++) {
        if (!remain[t] || (game->hooks_drawable && !carc__drawable(game, t))) continue;
        r -= remain[t];
        if (r < 0) { a.tile = t; break; }
    }
    int rc = carc__apply(game, &a, true);
    if (rc == CARC_OK && out) *out = a;
    return rc;
}

