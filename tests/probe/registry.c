/* Test registry: the base game plus the probe modules in slots 12 and 13
 * and the capacity probe in slot 14. */
#include "core/state.h"

extern const carc_module_def carc__module_base CARC_INTERNAL;
extern const carc_module_def carc__module_probe CARC_INTERNAL;
extern const carc_module_def carc__module_probe2 CARC_INTERNAL;
extern const carc_module_def carc__module_probe_capacity CARC_INTERNAL;

const carc_module_def *const carc__modules[CARC_MODULE_SLOTS] = {
    [CARC_MODULE_BASE] = &carc__module_base,
    [12] = &carc__module_probe,
    [13] = &carc__module_probe2,
    [14] = &carc__module_probe_capacity,
};
