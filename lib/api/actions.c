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
    size_t want = carc__chance_pending(game) ? CARC_MAX_CHANCE_OUTCOMES : CARC_NUM_DISTINCT_ACTIONS;
    if (len < want) return CARC_E_BUFFER;
    /* every id is distinct and below the space's size, so this holds them
     * all: nothing is ever dropped */
    int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
    action_sink s = {NULL, ids, CARC_NUM_DISTINCT_ACTIONS, 0};
    carc__enumerate(game, &s);
    if (s.n > s.cap) return CARC_E_LIMIT;
    for (size_t i = 0; i < s.n; i++)
        if (ids[i] < 0 || (size_t)ids[i] >= want) return CARC_E_LIMIT;
    memset(mask, 0, len);
    for (size_t i = 0; i < s.n; i++) mask[ids[i]] = 1;
    return CARC_OK;
}

int carc_game_apply(carc_game *game, const carc_action *action)
{
    if (!carc__valid(game) || !action) return CARC_E_INVALID;
    if (carc__is_over(game)) return CARC_E_STATE;
    int32_t id;
    if (carc__action_id(game, action, &id)) return CARC_E_ILLEGAL;
    return carc__apply(game, action, id, false);
}

int carc_game_apply_id(carc_game *game, int32_t id)
{
    if (!carc__valid(game)) return CARC_E_INVALID;
    if (carc__is_over(game)) return CARC_E_STATE;
    if (carc__decision_kind(game) == CARC_DECISION_PLACE)
        return carc__apply_place_id(game, id); /* the playout hot path */
    carc_action a;
    if (carc__action_from_id(game, id, &a)) return CARC_E_ILLEGAL;
    return carc__apply(game, &a, id, false);
}

int carc_action_to_id(const carc_game *game, const carc_action *action, int32_t *id)
{
    if (!carc__valid(game) || !action || !id) return CARC_E_INVALID;
    if (carc__is_over(game)) return CARC_E_STATE;
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
    if (carc__is_over(game)) return CARC_E_STATE;
    return carc__action_from_id(game, id, out);
}

int carc_game_chance_outcomes(const carc_game *game, int32_t *ids, double *probs,
                              size_t cap, size_t *needed)
{
    if (!carc__valid(game) || ((!ids || !probs) && cap)) return CARC_E_INVALID;
    if (!carc__chance_pending(game)) return CARC_E_STATE;
    if (carc__sampled_only(game)) return CARC_E_UNSUPPORTED;
    int32_t oid[CARC_MAX_CHANCE_OUTCOMES];
    uint32_t w[CARC_MAX_CHANCE_OUTCOMES];
    int n = carc__chance_weights(game, oid, w, CARC_MAX_CHANCE_OUTCOMES);
    if (n < 0) return n;
    if (n > CARC_MAX_CHANCE_OUTCOMES) return CARC_E_LIMIT;
    if (needed) *needed = (size_t)n;
    if (cap < (size_t)n) return CARC_E_BUFFER;
    double total = 0;
    for (int i = 0; i < n; i++) total += w[i];
    for (int i = 0; i < n; i++) {
        ids[i] = oid[i];
        probs[i] = total > 0 ? w[i] / total : 0;
    }
    return CARC_OK;
}

int carc_game_sample_chance(carc_game *game, carc_action *out)
{
    if (!carc__valid(game)) return CARC_E_INVALID;
    if (!carc__chance_pending(game)) return CARC_E_STATE;
    return carc__sample_chance(game, out, NULL);
}
