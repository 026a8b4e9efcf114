/* Registry for tests/test_tilegen.c: the base game plus a tiles-only module
 * in slot 13 whose tile set is tests/probe/tiles.def ("probe"). */
#include "core/state.h"

extern const carc_module_def carc__module_base CARC_INTERNAL;

static const carc_module_def probe_tiles = {
    .id = 13,
    .name = "probe_tiles",
    .tile_set = "probe",
};

const carc_module_def *const carc__modules[CARC_MODULE_SLOTS] = {
    [CARC_MODULE_BASE] = &carc__module_base,
    [13] = &probe_tiles,
};
