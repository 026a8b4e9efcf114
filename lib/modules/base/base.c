/* The base game as a module: its 72 tiles (tiles.def, with the start
 * tile), each player's 7 followers and its rule option.  Everything else of
 * the base game -- placement, features, majorities, scoring -- is the
 * core's, because every module builds on it. */
#include "module.h"

/* base.md §1: 8 followers per colour, one is the score marker */
static const carc_kind_def base_kinds[] = {
    {CARC_FIGURE_FOLLOWER,
     CARC_CLASS_FOLLOWER | CARC_CLASS_MEEPLE | CARC_CLASS_EATABLE | CARC_CLASS_CAPTURABLE, 1,
     {0, 0, 7, 7, 7, 7, 7}, 0},
};

static const carc_rule_def base_rules[] = {
    /* points per tile of a completed 2-tile city: 2 (modern) or 1 (1st
     * edition); doc/rules.md */
    {CARC_RULE_TINY_CITY, "tiny_city", 2, 1, 2},
};

const carc_module_def carc__module_base = {
    .id = CARC_MODULE_BASE,
    .name = "base",
    .tile_set = "base",
    .kinds = base_kinds,
    .nkinds = 1,
    .rules = base_rules,
    .nrules = 1,
};
