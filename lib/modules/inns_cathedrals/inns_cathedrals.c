/* Inns & Cathedrals (../shared/rules/expansions.md §1; doc/rules.md,
 * "Inns & Cathedrals"): its 18 tiles (tiles.def), the big meeple and the
 * values of roads with an inn and cities with a cathedral.
 *
 * - Big meeple: one per player, a follower deployed like a normal one
 *   (the core's follower rule: any claimable feature nobody holds),
 *   majority strength 2, one figure for everything else (it returns, is
 *   counted in supply and is eaten or captured as one figure).  All of it
 *   is the kind declaration below: the core offers it at the deployment
 *   and counts its strength.
 * - Inn: a completed road with at least one inn scores 2 per tile; a road
 *   with an inn still incomplete at the end scores 0.
 * - Cathedral: a completed city with at least one cathedral scores 3 per
 *   tile and 3 per pennant; still incomplete at the end, 0.  Two
 *   cathedrals do not stack.  A completed cathedral city has at least 5
 *   tiles (the cathedral tile's four city edges each need their own
 *   neighbour), so the tiny-city rule never meets a cathedral.
 * - Farmers: a completed city is worth 3 to them whatever it holds (the
 *   module has no city_value hook).
 *
 * Both values are a feature_points hook, so everything that evaluates a
 * feature agrees: scoring during play, end-game scoring, projected final
 * scores and carc_game_feature(). */
#include "module.h"

#define MOD CARC_MODULE_INNS_CATHEDRALS

/* The segment tag bits of @inn and @cathedral, looked up by name at setup
 * (carc__segment_tag_bit): the module is also compiled into test builds
 * with other catalogues, where the bits differ. */
typedef struct ic_state {
    uint32_t inn, cathedral;
} ic_state;

static size_t state_size(const carc_options *o)
{
    (void)o;
    return sizeof(ic_state);
}

static void setup(carc_game *g)
{
    ic_state *s = carc__mod_state(g, MOD);
    s->inn = carc__segment_tag_bit("inn");
    s->cathedral = carc__segment_tag_bit("cathedral");
}

/* state_check (snapshots): the state holds two tag bits, the ones setup
 * looks up; no index, no decisions. */
static bool state_check(const carc_game *g, const carc_pending *queue, int n)
{
    (void)queue;
    (void)n;
    const ic_state *s = carc__mod_cstate(g, MOD);
    return s->inn == carc__segment_tag_bit("inn") &&
           s->cathedral == carc__segment_tag_bit("cathedral");
}

/* 6 players need no module of their own here: the base game already takes
 * them (doc/rules.md); the box's 6th colour is a count of 1 at index 6. */
static const carc_kind_def kinds[] = {
    {CARC_FIGURE_BIG,
     CARC_CLASS_FOLLOWER | CARC_CLASS_MEEPLE | CARC_CLASS_EATABLE | CARC_CLASS_CAPTURABLE, 2,
     {0, 0, 1, 1, 1, 1, 1}, 0},
};

/* What a road or city with an inn or a cathedral is worth.  complete: the
 * value of a completed feature (during play, or a feature the placement has
 * just closed), else the end-of-game value of an incomplete one. */
static int feature_points(const carc_game *g, int root, int complete, int points)
{
    const ic_state *s = carc__mod_cstate(g, MOD);
    int kind = carc__root_kind(g, root);
    if (kind == CARC_FEATURE_ROAD) {
        if (!(carc__root_tags(g, root) & s->inn)) return points;
        return complete ? 2 * carc__root_tiles(g, root) : 0;
    }
    if (kind == CARC_FEATURE_CITY) {
        if (!(carc__root_tags(g, root) & s->cathedral)) return points;
        return complete ? 3 * carc__root_tiles(g, root) + 3 * carc__root_pennants(g, root) : 0;
    }
    return points;
}

const carc_module_def carc__module_inns_cathedrals = {
    .id = MOD,
    .name = "inns_cathedrals",
    .tile_set = "inns_cathedrals",
    .kinds = kinds,
    .nkinds = 1,
    .state_size = state_size,
    .state_check = state_check,
    .setup = setup,
    .feature_points = feature_points,
};
