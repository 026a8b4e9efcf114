/* The probe2 module's state (probe2_module.c), which tests read through
 * carc__mod_cstate(g, 13): the pattern of a module's own header. */
#ifndef CARC_PROBE2_H
#define CARC_PROBE2_H

#include "module.h"

typedef struct probe2_state {
    uint8_t abbeys[CARC_MAX_PLAYERS]; /* abbeys still held */
    uint8_t final_next;               /* end phase: players asked so far */
    int8_t final_base;                /* end phase: the first player asked */
    int8_t final_choice;              /* end phase: -1 none, 0 pass, 1 abbey */
    uint8_t cheered, token_done;      /* this part: asked already */
    uint8_t last_extra_turn;          /* the part before was an extra part */
    uint16_t merges;                  /* features merged so far */
    uint16_t turn_starts;             /* TURN_START hook calls */
    uint16_t volcanoes;               /* AFTER_PLACE: @volcano tiles placed */
    uint16_t end_turns;               /* turns played in the end phase */
    uint8_t bridges_used[CARC_MAX_PLAYERS];
    /* the den (a stroll step onto a @tower tile, taken over): while
     * den_active, the players clockwise from den_by decide in turn whether
     * their figures on den_tile flee; den_asked have answered, den_fled
     * has a bit per player who fled */
    uint8_t den_active, den_asked, den_fled;
    int8_t den_by, den_fig;
    int16_t den_tile;
} probe2_state;

#endif
