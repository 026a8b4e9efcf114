/* A test-only module ("probe_capacity", slot 14) that declares the
 * roadmap's worst case (../shared/design/core-review.md section 3) and
 * does nothing else, so a game with it is as big as a game can get:
 *   - tiles: its tile set tests/probe/capacity.def ("capacity") is 164
 *     straight roads (ZR), so base + capacity = 236 tiles;
 *   - figures: 8 more per player in 5 kinds and 4 neutral ones, so 6
 *     players have 6 x (7 + 8) + 4 = 94 figures with the base game; none
 *     is a follower and none has a deploy rule, so they stay in supply
 *     and never change play;
 *   - bounds: 74 decisions and 74 score events per tile (with the core's
 *     3 decisions: 77), 64 events per game, 27 pending decisions (the
 *     queue then is full with the other probes, the core and a follow-up).
 * It has no hooks: a game that does not enable it is untouched, and one
 * that does plays like the same game with 164 more road tiles.  Used by
 * tests/test_capacity.c and carcvar-bench-probe (tests/bench/bench.c). */
#include "module.h"

#define CAPACITY_ID 14

static const carc_kind_def kinds[] = {
    {CARC_FIGURE_MAYOR, 0, 0, {0, 0, 2, 2, 2, 2, 2}, 0},
    {CARC_FIGURE_WAGON, 0, 0, {0, 0, 2, 2, 2, 2, 2}, 0},
    {CARC_FIGURE_BARN, 0, 0, {0, 0, 2, 2, 2, 2, 2}, 0},
    {CARC_FIGURE_BUILDER, 0, 0, {0, 0, 1, 1, 1, 1, 1}, 0},
    {CARC_FIGURE_PIG, 0, 0, {0, 0, 1, 1, 1, 1, 1}, 0},
    {CARC_FIGURE_DRAGON, CARC_CLASS_NEUTRAL, 0, {0, 0, 1, 1, 1, 1, 1}, 0},
    {CARC_FIGURE_COUNT, CARC_CLASS_NEUTRAL, 0, {0, 0, 1, 1, 1, 1, 1}, 0},
    {CARC_FIGURE_BIG_TOP, CARC_CLASS_NEUTRAL, 0, {0, 0, 2, 2, 2, 2, 2}, 0},
};

const carc_module_def carc__module_probe_capacity = {
    .id = CAPACITY_ID,
    .name = "probe_capacity",
    .tile_set = "capacity",
    .kinds = kinds,
    .nkinds = sizeof kinds / sizeof kinds[0],
    .decisions_per_tile = 74,
    .events_per_tile = 74,
    .events_per_game = 64,
    .max_pending = 27, /* with probe (1) and probe2 (2), the core and a follow-up: 32 */
};
