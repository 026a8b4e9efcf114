/* The Dungeon (module 11, dungeon.c): the facts it offers to other parts of
 * the library, read only, with neutral answers when the module is off.
 *
 * A piece in the dungeon is a figure held off the board by this module:
 * CARC_PLACE_HELD, holder CARC_MODULE_DUNGEON, arg DUNGEON_PIECE_ARG.  The
 * dragon in the dungeon is held the same way (arg DUNGEON_DRAGON_ARG); the
 * fairy beside a piece there is held with arg DUNGEON_FAIRY_ARG + that
 * piece's figure index.  Pieces in the dungeon are neither on the board
 * nor in supply (ambiguities.md E7, A2). */
#ifndef CARC_DUNGEON_H
#define CARC_DUNGEON_H

#include "module.h"

#define DUNGEON_PIECE_ARG 0
#define DUNGEON_DRAGON_ARG 1
#define DUNGEON_FAIRY_ARG 0x100

/* Is the dragon in the dungeon?  0 or 1; 0 when the module is off. */
int carc__dungeon_dragon_in(const carc_game *g) CARC_INTERNAL;
/* Pieces of `player` in the dungeon (player -1: of every player); 0 when
 * the module is off. */
int carc__dungeon_pieces(const carc_game *g, int player) CARC_INTERNAL;

#endif
