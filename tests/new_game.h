/* tests/new_game.h -- a new game of the default options (base) with more
 * modules, a player count and a seed, the creation asserted: the new_game
 * of test_action_legal.c, test_repair_review.c, test_snapshot.c,
 * test_capacity.c, and under their own module of test_tower.c,
 * test_pig_throwing.c and test_bridges_castles.c.  Header-only, for a test
 * program that includes <check.h>. */
#ifndef CARC_TESTS_NEW_GAME_H
#define CARC_TESTS_NEW_GAME_H

#include <carcvar/carcvar.h>
#include <check.h>
#include <stdint.h>

/* a new game of base plus mods for players and seed (checked) */
static inline carc_game *new_game_mods(uint64_t mods, int players, uint64_t seed)
{
    carc_options o;
    carc_options_init(&o);
    o.num_players = players;
    o.seed = seed;
    o.modules |= mods;
    carc_game *g = NULL;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    return g;
}

#endif
