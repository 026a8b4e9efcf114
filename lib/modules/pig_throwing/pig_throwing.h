/* Pig throwing (module 10): its state, which tests read through
 * carc__mod_cstate(g, CARC_MODULE_PIG_THROWING). */
#ifndef CARC_PIG_THROWING_H
#define CARC_PIG_THROWING_H

#include "module.h"

#define PT_MAX_COC 16

typedef struct pt_state {
    uint32_t s_cathedral;  /* segment tag bit of @cathedral, or 0           */
    uint32_t t_coc_inner;  /* tile tag bit of @coc_inner, or 0              */
    int16_t coc[PT_MAX_COC]; /* the City's tile types (tile set "count")   */
    uint8_t ncoc;
    uint8_t pad;
    int16_t thrown_turn;   /* carc__turn + 1 of the last throw, 0: none     */
    /* the last throw, for carc_game_last_throw (the views draw it): read
     * only by the query, so play is the same with or without it */
    int16_t from, to;      /* placed tiles: the pig's origin, the landing   */
    int16_t knock, stance, replacing; /* figures, or -1                     */
    int16_t squashed[8];   /* figures the landing sent home (8 listed)      */
    int16_t pig;
    int8_t player, segment, kind, dir, dist, outcome, nsquashed;
    int8_t pad2;
    /* each player's pig (Traders & Builders brings one a player; figure
     * indices are fixed at creation): its figure index, -1 for none or a
     * player beyond the game's; found at setup, so that the pig on the
     * board (pig_of) is one record read instead of a pass over the
     * figures at every question (the fairy's veto) */
    int16_t pigfig[CARC_MAX_PLAYERS];
    /* the follower-class figure kinds (bit k: carc__figure_kind_classes(k)
     * has CARC_CLASS_FOLLOWER; fixed at creation): a player has a follower
     * in supply (S > 0) exactly when carc__figure_supply_kinds meets it, one
     * read of the supply mask instead of a sum over every kind at each
     * deployment (the supply is empty at about half of them) */
    uint16_t follower_kinds;
    uint16_t pad3;
    /* each player's follower-class figures (bit i of [i >> 6]: figure i;
     * indices and owners fixed at creation), the set carc__figures_on_tile
     * looks for on a landing tile instead of a pass over every figure;
     * 0 beyond the players */
    uint64_t followers[CARC_MAX_PLAYERS][2];
} pt_state;

#endif
