/* The module registry: the only place that names modules.  Adding a module
 * is its folder (lib/modules/<name>/, listed in lib/meson.build) plus one
 * line here.  A slot left NULL is a module of the roadmap that this build
 * does not contain yet; carc_game_new() refuses it with CARC_E_UNSUPPORTED. */
#include "core/state.h"

extern const carc_module_def carc__module_base CARC_INTERNAL;

const carc_module_def *const carc__modules[CARC_MODULE_SLOTS] = {
    [CARC_MODULE_BASE] = &carc__module_base,
};
