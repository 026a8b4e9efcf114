/* Test registry of tests/test_pig_veto.c: the base game, Traders &
 * Builders, pig throwing and the probe modules (slots 12 and 13), so that a
 * game has the pig thrown and probe2's figure-move veto (rule
 * probe2_pigveto) asked about its landings.  tests/probe/registry.c has no
 * real module besides the base game; the library's registry no probe. */
#include "core/state.h"

extern const carc_module_def carc__module_base CARC_INTERNAL;
extern const carc_module_def carc__module_traders_builders CARC_INTERNAL;
extern const carc_module_def carc__module_pig_throwing CARC_INTERNAL;
extern const carc_module_def carc__module_probe CARC_INTERNAL;
extern const carc_module_def carc__module_probe2 CARC_INTERNAL;

const carc_module_def *const carc__modules[CARC_MODULE_SLOTS] = {
    [CARC_MODULE_BASE] = &carc__module_base,
    [CARC_MODULE_TRADERS_BUILDERS] = &carc__module_traders_builders,
    [CARC_MODULE_PIG_THROWING] = &carc__module_pig_throwing,
    [12] = &carc__module_probe,
    [13] = &carc__module_probe2,
};
