/* tests/action_legal_check.h -- a module's action_legal hook against the
 * listing (test_tower.c, test_princess_dragon.c, test_dungeon.c): at the
 * front decision, when the module owns it or it is the core's deployment
 * (which a module may extend), every id of the id blocks an action of it can
 * take is decoded and asked of the hook; the hook must accept exactly the ids
 * carc_game_legal_mask lists (of the module's own actions at a deployment).
 * Header-only, white-box (core/state.h), for a program that includes
 * <check.h>. */
#ifndef CARC_TESTS_ACTION_LEGAL_CHECK_H
#define CARC_TESTS_ACTION_LEGAL_CHECK_H

#include "core/state.h"
#include <check.h>
#include <stdbool.h>
#include <stdint.h>

/* Checks the front decision of g for module m; adds the legal ids checked to
 * *checked.  Answers the decision's kind when module m owns it, else -1. */
static int check_action_legal(carc_game *g, int m, int *checked)
{
    const carc_pending *p = carc__front(g);
    const carc_module_def *md = carc__modules[m];
    bool own = p->owner == m;
    bool deploy = p->kind == CARC_DECISION_DEPLOY && !(p->flags & CARC_PENDING_QUEUED_DEPLOY);
    if (!own && !deploy) return -1;
    ck_assert_msg(md->action_legal != NULL, "module %d has an action_legal", m);
    static uint8_t mask[CARC_NUM_DISTINCT_ACTIONS];
    ck_assert_int_eq(carc_game_legal_mask(g, mask, sizeof mask), CARC_OK);
    int32_t ranges[][2] = {
        {CARC_ID_PASS, CARC_ID_PASS + 1},
        {CARC_ID_TILE, CARC_ID_TILE + carc__tile_count(g) + 2},
        {CARC_ID_FIGURE, CARC_ID_FIGURE + carc__figure_count(g) + 2},
        {CARC_ID_KIND_SEG, CARC_ID_KIND_SEG + 2 * CARC_MAX_SEGMENTS},
        {CARC_ID_NUMBER, CARC_ID_NUMBER + CARC_FIGURE_KINDS + 2},
        {CARC_ID_DIRECTION, CARC_ID_DIRECTION + CARC_ID_DIRECTION_N},
        {CARC_VERB_ID(m, 0), CARC_VERB_ID(m, 8)},
    };
    for (size_t r = 0; r < sizeof ranges / sizeof ranges[0]; r++)
        for (int32_t id = ranges[r][0]; id < ranges[r][1]; id++) {
            carc_action a;
            int32_t back;
            bool decoded = carc__action_from_id(g, id, &a) == CARC_OK;
            bool mine = decoded && CARC_KIND_IS_MODULE(a.kind) && CARC_KIND_MODULE(a.kind) == m;
            if (deploy && !mine) continue; /* the core's own deployment */
            bool hook = decoded && carc__action_id(g, &a, &back) == CARC_OK && back == id &&
                        md->action_legal(g, p, &a);
            ck_assert_msg(hook == (mask[id] != 0), "id %d (decision kind %d): listed %d, action_legal %d",
                          id, p->kind, mask[id], hook);
            (*checked) += mask[id];
        }
    return own ? (int)p->kind : -1;
}

#endif
