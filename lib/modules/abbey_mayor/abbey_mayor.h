/* Abbey & Mayor (abbey_mayor.c): what other parts of the library may ask it.
 * Neutral answers when the module is off. */
#ifndef CARC_ABBEY_MAYOR_H
#define CARC_ABBEY_MAYOR_H

#include "module.h"

/* Abbey tiles player still holds (0 or 1; 0 when the module is off or the
 * player is out of range).  For the public token query
 * carc_game_tokens(game, player, CARC_TOKEN_ABBEY). */
int carc__abbey_mayor_abbeys(const carc_game *g, int player) CARC_INTERNAL;

#endif
