/* What the probe module (probe_module.c) offers to other modules and to
 * tests: the pattern of a module's own header, whose functions answer
 * neutrally when the module is off. */
#ifndef CARC_PROBE_H
#define CARC_PROBE_H

#include "module.h"

typedef struct probe_state {
    uint32_t emptied; /* completed features left without claiming figures */
} probe_state;

/* every how many turns a tithe is asked; 0 when the probe is off */
int probe_tithe_turns(const carc_game *g);

#endif
