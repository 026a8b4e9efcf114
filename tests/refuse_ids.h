/* tests/refuse_ids.h -- the random illegal ids test_random.c and
 * test_platform.c try at every decision of their random games.
 * Header-only, white-box (core/state.h), for a program that includes
 * <check.h>. */
#ifndef CARC_TESTS_REFUSE_IDS_H
#define CARC_TESTS_REFUSE_IDS_H

#include "core/state.h"
#include "quiet_check.h"
#include <check.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Three ids drawn by lcg(rs) from -32 .. CARC_NUM_DISTINCT_ACTIONS + 31;
 * each one not among the n legal ids must be refused by g and leave it
 * equal to before (a copy of g's state). */
static inline void refuse_random_ids(carc_game *g, const carc_game *before, const int32_t *ids,
                                     size_t n, uint64_t *rs)
{
    for (int tries = 0; tries < 3; tries++) {
        int32_t id = (int32_t)(lcg(rs) % (CARC_NUM_DISTINCT_ACTIONS + 64)) - 32;
        bool legal = false;
        for (size_t i = 0; i < n; i++) legal |= ids[i] == id;
        if (legal) continue;
        REQ_MSG(carc_game_apply_id(g, id) < 0, "illegal id %d accepted", id);
        REQ_MSG(carc__state_equal(g, before), "refused id %d changed the state", id);
    }
}

#endif
