/* tests/random_step.h -- one random step of a test's random game: a legal
 * id of the pending player decision, chosen by the test's 32-bit LCG; and
 * the chance decisions of the random games, sampled from the game's RNG.
 * Header-only, for a program that includes <check.h> and carcvar.h. */
#ifndef CARC_TESTS_RANDOM_STEP_H
#define CARC_TESTS_RANDOM_STEP_H

#include <carcvar/carcvar.h>
#include <check.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Lists g's legal ids into ids (CARC_NUM_DISTINCT_ACTIONS entries), steps
 * *rng (rng * 1103515245 + 12345) and applies ids[(rng >> 8) % n]; every
 * call is asserted. */
static inline void random_step(carc_game *g, int32_t *ids, uint32_t *rng)
{
    size_t n;
    ck_assert_int_eq(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &n), CARC_OK);
    ck_assert_uint_gt(n, 0);
    *rng = *rng * 1103515245u + 12345u;
    ck_assert_int_eq(carc_game_apply_id(g, ids[(*rng >> 8) % n]), CARC_OK);
}

/* When g's pending decision is chance: samples it from g's RNG (asserted)
 * and answers true (the caller goes on to the next decision); else false. */
static inline bool sample_if_chance(carc_game *g)
{
    if (carc_game_current_player(g) != CARC_PLAYER_CHANCE) return false;
    ck_assert_int_eq(carc_game_sample_chance(g, NULL), CARC_OK);
    return true;
}

#endif
