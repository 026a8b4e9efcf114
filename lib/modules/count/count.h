/*
 * lib/modules/count/count.h -- facts the Count of Carcassonne offers to
 * other modules (read-only; neutral answers when the module is off).
 *
 * The City of Carcassonne's quarters hold followers off the board: a
 * follower in quarter q is a figure at CARC_PLACE_HELD with holder
 * CARC_MODULE_COUNT and arg q; the Count itself (the neutral figure of kind
 * CARC_FIGURE_COUNT) is held the same way, its arg the quarter it stands
 * on.  The two inner tiles of the City carry the tile tag `coc_inner`.
 */
#ifndef CARC_COUNT_H
#define CARC_COUNT_H

#include "module.h"

/* The quarters (carc_fig.arg of a follower the Count's module holds) and
 * the feature kind each one's followers may leave onto. */
enum {
    CARC_COUNT_CASTLE = 0,     /* cities      */
    CARC_COUNT_BLACKSMITH = 1, /* roads       */
    CARC_COUNT_CATHEDRAL = 2,  /* monasteries */
    CARC_COUNT_MARKET = 3,     /* fields      */
    CARC_COUNT_QUARTERS = 4
};

/* The quarter the Count stands on, or -1 when the module is not in play. */
int carc__count_quarter(const carc_game *g);
/* How many followers of `player` (0..players-1) stand in quarter q; 0 for
 * a bad quarter or player, or when the module is not in play. */
int carc__count_followers(const carc_game *g, int quarter, int player);

#endif
