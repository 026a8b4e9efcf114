/* tests/action_legal_check.h -- a module's action_legal hook against the
 * listing (test_action_legal.c for every module, test_tower.c,
 * test_princess_dragon.c, test_dungeon.c): at the front decision, when the
 * module owns it or it is the core's deployment (which a module may extend),
 * every id is decoded and asked of the hook; the hook must accept exactly the
 * ids carc_game_legal_mask lists (of the module's own verbs at a deployment).
 * Header-only, white-box (core/state.h), for a program that includes
 * <check.h>. */
#ifndef CARC_TESTS_ACTION_LEGAL_CHECK_H
#define CARC_TESTS_ACTION_LEGAL_CHECK_H

#include "core/state.h"
#include <check.h>
#include <stdbool.h>
#include <stdint.h>

/* Checks the front decision of g for module m (which must have an
 * action_legal hook) against the legal mask: at a decision m owns, chance
 * decisions included (a host may apply an outcome id itself), every id of
 * the decision's id space; at the turn's own deployment, m's verbs.  Adds
 * the legal ids compared to *checked.  Answers the decision's kind when
 * module m owns it, else -1. */
static int check_action_legal(carc_game *g, int m, int *checked)
{
    const carc_pending *p = carc__front(g);
    const carc_module_def *md = carc__modules[m];
    bool own = p->owner == m;
    bool deploy = p->kind == CARC_DECISION_DEPLOY && !(p->flags & CARC_PENDING_QUEUED_DEPLOY);
    bool chance = p->player == CARC_PLAYER_CHANCE;
    if (!own && !deploy) return -1;
    ck_assert_msg(md->action_legal != NULL, "module %s has an action_legal", md->name);
    if (chance && (p->flags & CARC_PENDING_SAMPLED_ONLY)) return (int)p->kind; /* no list */
    static uint8_t mask[CARC_NUM_DISTINCT_ACTIONS];
    ck_assert_int_eq(carc_game_legal_mask(g, mask, sizeof mask), CARC_OK);
    int32_t end = chance ? CARC_MAX_CHANCE_OUTCOMES : CARC_NUM_DISTINCT_ACTIONS;
    for (int32_t id = 0; id < end; id++) {
        /* at the deployment, only this module's verbs */
        if (!own && CARC_VERB_MODULE(id) != m) continue;
        carc_action a;
        int32_t back;
        bool decoded = carc__action_from_id(g, id, &a) == CARC_OK;
        if (!own && !(decoded && CARC_KIND_IS_MODULE(a.kind) && CARC_KIND_MODULE(a.kind) == m))
            continue;
        bool hook = decoded && carc__action_id(g, &a, &back) == CARC_OK && back == id &&
                    md->action_legal(g, p, &a);
        ck_assert_msg(hook == (mask[id] != 0),
                      "module %s, id %d (decision kind %d): listed %d, action_legal %d", md->name,
                      id, p->kind, mask[id], hook);
        (*checked) += mask[id];
    }
    return own ? (int)p->kind : -1;
}

/* Plays g (new, owned by the caller) to its end, sampling chance from its
 * RNG and choosing each legal id by an LCG seeded from o_seed; before each
 * player decision, check_action_legal for module m. */
static inline void play_action_legal(carc_game *g, int m, uint64_t o_seed, int *checked)
{
    static int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
    uint64_t rs = o_seed * 2654435761u + 1;
    while (!carc_game_is_terminal(g)) {
        if (carc_game_current_player(g) == CARC_PLAYER_CHANCE) {
            ck_assert_int_eq(carc_game_sample_chance(g, NULL), CARC_OK);
            continue;
        }
        check_action_legal(g, m, checked);
        size_t n;
        ck_assert_int_eq(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &n), CARC_OK);
        ck_assert_uint_gt(n, 0);
        rs = rs * 6364136223846793005ull + 1442695040888963407ull;
        ck_assert_int_eq(carc_game_apply_id(g, ids[(rs >> 33) % n]), CARC_OK);
    }
}

#endif
