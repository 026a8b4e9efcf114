/* Public actions: legal actions, ids and masks, applying, chance. */
#include "core/state.h"

#include <stdarg.h>
#include <stdio.h>
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

/* Is the pending decision a deployment where the player has nothing to
 * deploy: no figure in supply, or no target tile?  deploy_actions' list is
 * then the pass, and the module verbs when there are (HK_DEPLOY_ACTIONS,
 * the turn's own deployment: verbs_asked).  The playout's most common
 * deployment: about two thirds of them in a base game, half in a Princess
 * & Dragon game. */
static inline bool nothing_to_deploy(const carc_game *g)
{
    if (g->npending <= 0) return false;
    const carc_pending *p = &g->pend[0];
    return p->kind == CARC_DECISION_DEPLOY && (p->target < 0 || !g->supply_mask[p->player]);
}

static inline bool verbs_asked(const carc_game *g)
{
    return (g->hookmask & HK_DEPLOY_ACTIONS) && !(g->pend[0].flags & CARC_PENDING_QUEUED_DEPLOY);
}

int carc_game_legal_ids(const carc_game *game, int32_t *buf, size_t cap, size_t *needed)
{
    if (!carc__valid(game) || (!buf && cap)) return CARC_E_INVALID;
    size_t n;
    if (carc__place_ids_plain_ok(game) && cap >= 4u * game->lslots) {
        /* the playout's placement: the listing's fast case, called directly */
        n = carc__place_ids_plain(game, buf);
    } else if (nothing_to_deploy(game)) {
        if (!verbs_asked(game)) { /* the pass only */
            if (cap) buf[0] = CARC_ID_PASS;
            n = 1;
        } else { /* the pass and the verbs, without the kinds' loop */
            n = carc__deploy_pass_verbs(game, buf, cap);
        }
    } else if (carc__decision_kind(game) == CARC_DECISION_DEPLOY) {
        /* the general deployment listing, without carc__enumerate's frame */
        action_sink s = {NULL, buf, cap, 0};
        carc__deploy_actions(game, &s);
        n = s.n;
    } else if (CARC_KIND_IS_MODULE(carc__decision_kind(game))) {
        /* a module's decision: its listing, without carc__enumerate's frame */
        action_sink s = {NULL, buf, cap, 0};
        carc__module_actions(game, &s);
        n = s.n;
    } else {
        action_sink s = {NULL, buf, cap, 0};
        carc__enumerate(game, &s);
        n = s.n;
    }
    if (needed) *needed = n;
    return n > cap ? CARC_E_BUFFER : CARC_OK;
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
    int kind = carc__decision_kind(game);
    if (kind == CARC_DECISION_PLACE)
        return carc__apply_place_id(game, id); /* the playout hot path */
    if (kind == CARC_DECISION_DEPLOY) return carc__apply_deploy_id(game, id);
    /* a module's decision, its ids maybe checked by the module itself */
    if (game->hookmask & HK_IDS_CHECKED) return carc__apply_checked_id(game, id);
    return carc__apply_id(game, id); /* any other decision */
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
    return carc__sample_chance(game, out, NULL); /* CARC_E_STATE: no chance pending */
}

/* ------------------------------------------------ structured chance outcomes */

static int outcome_refused(carc_explanation *why, int code, int reason, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int outcome_refused(carc_explanation *why, int code, int reason, const char *fmt, ...)
{
    if (why) {
        va_list ap;
        why->code = code;
        why->reason = reason;
        va_start(ap, fmt);
        vsnprintf(why->message, sizeof why->message, fmt, ap);
        va_end(ap);
    }
    return code;
}

int carc_game_apply_outcome(carc_game *game, const carc_action *action, const uint16_t *words,
                            size_t nwords, carc_explanation *why)
{
    if (why) {
        memset(why, 0, sizeof *why);
        why->side = why->player = why->position = -1;
    }
    if (!carc__valid(game) || !action || (!words && nwords))
        return outcome_refused(why, CARC_E_INVALID, CARC_REASON_OUT_OF_RANGE,
                               "%s is NULL", !carc__valid(game) ? "the game"
                               : !action ? "the action" : "words (with nwords > 0)");
    if (carc__is_over(game))
        return outcome_refused(why, CARC_E_STATE, CARC_REASON_GAME_OVER, "the game is over");
    if (!carc__chance_pending(game))
        return outcome_refused(why, CARC_E_STATE, CARC_REASON_WRONG_KIND,
                               "player %d decides here, not chance: answer with "
                               "carc_game_apply", carc__front(game) ? carc__front(game)->player : -1);
    const carc_pending *p = carc__front(game);
    const carc_module_def *md = p->owner < CARC_MODULE_SLOTS ? carc__modules[p->owner] : NULL;
    if (!carc__sampled_only(game) || !md->outcome_from_payload)
        return outcome_refused(why, CARC_E_STATE, CARC_REASON_WRONG_KIND,
                               "this chance decision takes no structured outcome: apply one of "
                               "its listed outcomes (carc_game_chance_outcomes)");
    if (nwords == 0 || nwords > CARC_PAYLOAD_MAX)
        return outcome_refused(why, CARC_E_INVALID, CARC_REASON_OUT_OF_RANGE,
                               "%zu words: a structured outcome has 1 to %d", nwords,
                               CARC_PAYLOAD_MAX);
    if (!CARC_KIND_IS_MODULE(action->kind) || CARC_KIND_MODULE(action->kind) != md->id)
        return outcome_refused(why, CARC_E_ILLEGAL, CARC_REASON_WRONG_KIND,
                               "action kind %d is not an outcome of module %s, whose chance "
                               "decision is pending", (int)action->kind, md->name);
    int32_t id;
    if (carc__action_id(game, action, &id))
        return outcome_refused(why, CARC_E_ILLEGAL, CARC_REASON_OUT_OF_RANGE,
                               "module %s gives this action no id: a field is out of range",
                               md->name);
    carc_action out;
    if (carc__outcome_check(game, id, words, nwords, &out)) {
        carc_explanation mine;
        memset(&mine, 0, sizeof mine);
        if (carc__outcome_explain(game, words, nwords, &mine))
            return outcome_refused(why, CARC_E_ILLEGAL, mine.reason, "module %s refuses outcome "
                                   "%d: %s", md->name, (int)id, mine.message);
        char list[96] = "";
        size_t len = 0;
        for (size_t i = 0; i < nwords; i++) {
            int k = snprintf(list + len, sizeof list - len, "%s%u", i ? " " : "",
                             (unsigned)words[i]);
            if (k < 0 || (size_t)k >= sizeof list - len) { /* cut: say so */
                memcpy(list + sizeof list - 4, "...", 4);
                break;
            }
            len += (size_t)k;
        }
        return outcome_refused(why, CARC_E_ILLEGAL, CARC_REASON_OUT_OF_RANGE,
                               "module %s refuses the %zu words '%s' as outcome %d of its "
                               "decision: a word out of range, or not the words it expects",
                               md->name, nwords, list, (int)id);
    }
    /* the host's action names the outcome; a field it gives must be the
     * outcome's, never silently replaced by the payload's */
    static const char *const field[] = {"kind", "tile", "x", "y", "rotation", "figure",
                                        "segment", "target", "arg", "reserved[0]",
                                        "reserved[1]", "reserved[2]"};
    _Static_assert(sizeof(carc_action) == 12 * sizeof(int32_t), "carc_action fields");
    int32_t given[12], made[12];
    memcpy(given, action, sizeof given);
    memcpy(made, &out, sizeof made);
    for (size_t i = 0; i < sizeof field / sizeof field[0]; i++)
        if (given[i] && given[i] != made[i])
            return outcome_refused(why, CARC_E_ILLEGAL,
                                   i ? CARC_REASON_OUT_OF_RANGE : CARC_REASON_WRONG_KIND,
                                   "the action's %s is %d but the words make it %d: leave it "
                                   "0 or give the same", field[i], (int)given[i], (int)made[i]);
    int rc = carc__apply_outcome(game, id, words, nwords);
    if (rc == CARC_OK) return outcome_refused(why, CARC_OK, CARC_REASON_LEGAL, "applied");
    if (why && carc__explain(game, &out, why) == CARC_OK && why->reason != CARC_REASON_LEGAL) {
        why->code = rc; /* apply's, as for carc_game_explain */
        return rc;
    }
    return outcome_refused(why, rc, rc == CARC_E_LIMIT ? CARC_REASON_FAULT : CARC_REASON_NOT_OFFERED,
                           "module %s refuses this outcome now: %s", md->name, carc_strerror(rc));
}
