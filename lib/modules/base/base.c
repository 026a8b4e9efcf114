/* The base game as a module: its 72 tiles (lib/base/tiles.def, with the
 * start tile) and each player's 7 followers.  Everything else of the base
 * game -- placement, features, majorities, scoring -- is the core's. */
#include "core/state.h"

/* base.md §1: 8 followers per colour, one is the score marker */
#define BASE_FOLLOWERS 7

static void base_setup(carc_game *g)
{
    figure *F = FIGS(g);
    for (int p = 0; p < g->nplayers; p++) {
        for (int i = 0; i < BASE_FOLLOWERS; i++) {
            figure *f = &F[g->nfigs++];
            f->kind = CARC_FIGURE_FOLLOWER;
            f->owner = (int8_t)p;
            f->where = CARC_WHERE_SUPPLY;
        }
        g->supply[p][CARC_FIGURE_FOLLOWER] = BASE_FOLLOWERS;
    }
}

const carc_module_def carc__module_base = {
    .id = CARC_MODULE_BASE,
    .name = "base",
    .tile_set = "base",
    .figures_per_player = BASE_FOLLOWERS,
    .setup = base_setup,
};
