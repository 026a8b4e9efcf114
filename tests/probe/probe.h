/* What the probe module (probe_module.c) offers to other modules and to
 * tests: the pattern of a module's own header, whose functions answer
 * neutrally when the module is off. */
#ifndef CARC_PROBE_H
#define CARC_PROBE_H

#include "module.h"

typedef struct probe_state {
    uint32_t emptied; /* completed features left without claiming figures */
    /* the stroll's cursor (TURN_END): 0 idle, 1..PROBE_STROLL_STEPS the
     * step to make next, PROBE_STROLL_OVER when another module took a step
     * over (the hook then resets it to 0) */
    uint8_t stroll_step;
    int8_t stroll_fig; /* the strolling figure while stroll_step != 0 */
} probe_state;

#define PROBE_STROLL_STEPS 2
#define PROBE_STROLL_OVER 255

/* the cause of a stroll step (probe_module.c), offered to other modules
 * with carc__figure_move_offer: a module may take it over */
#define PROBE_CAUSE_STROLL CARC_MODULE_KIND(12, 0)

/* the state byte of the probe's figures: 1 while the figure naps (a
 * napping big meeple does not stroll) */
#define PROBE_NAPPING 1

/* every how many turns a tithe is asked; 0 when the probe is off */
int probe_tithe_turns(const carc_game *g);

/* the setter through which another module changes the state byte of a
 * probe figure (the probe owns its figures' state bytes): fig naps (on)
 * or wakes.  CARC_E_STATE when the probe is off or fig is not of a probe
 * kind, CARC_E_INVALID for a bad figure; the byte is unchanged then. */
int probe_nap(carc_game *g, int fig, bool on);

#endif
