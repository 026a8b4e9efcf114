/* Test registry: the base game plus the probe modules in slots 12 and 13. */
#include "core/state.h"

extern const carc_module_def carc__module_base CARC_INTERNAL;
extern const carc_module_def carc__module_probe CARC_INTERNAL;
extern const carc_module_def carc__module_probe2 CARC_INTERNAL;

const carc_module_def *const carc__modules[CARC_MODULE_SLOTS] = {
    [CARC_MODULE_BASE] = &carc__module_base,
    [12] = &carc__module_probe,
    [13] = &carc__module_probe2,
};
