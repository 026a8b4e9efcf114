/* The Tower (module 4, tower.c): the facts other modules may ask it, read
 * only, with neutral answers when the module is off or an argument is out
 * of range.  Pig throwing reads a tower's height and top follower (towers
 * as obstacles, ambiguities.md B6); the Dungeon reads the foundations
 * (tile tag `tower` in tiles.def) and, later, whether a top follower is
 * there.
 *
 * A tower-top follower is an ordinary follower (normal or big) of its
 * owner on the board: CARC_PLACE_TILE on the tower's tile with arg
 * TOWER_TOP_ARG, so carc__tile_figures lists it and the dragon eats it by
 * the generic rule.  Whatever moves it away (a capture, the dragon, a
 * catapult), the tower is open again.  A prisoner is a follower held off
 * the board by this module: CARC_PLACE_HELD, holder CARC_MODULE_TOWER, arg
 * the captor (a player). */
#ifndef CARC_TOWER_H
#define CARC_TOWER_H

#include "module.h"

/* carc_fig.arg of a follower on top of a tower (where CARC_PLACE_TILE) */
#define TOWER_TOP_ARG 0x70

/* The height of the tower on placed tile `tile`: its floors (0: no tower,
 * an empty foundation, or no foundation at all). */
int carc__tower_height(const carc_game *g, int tile) CARC_INTERNAL;

/* The figure index of the follower on top of the tower on placed tile
 * `tile` (the tower is closed), or -1 (open, or no tower). */
int carc__tower_top(const carc_game *g, int tile) CARC_INTERNAL;

/* Is placed tile `tile` a tower foundation (tile tag `tower`)? 0 or 1;
 * 0 when the module is off. */
int carc__tower_foundation(const carc_game *g, int tile) CARC_INTERNAL;

/* Tower floors player still holds (carc_game_tokens, CARC_TOKEN_TOWER_FLOOR). */
int carc__tower_floors(const carc_game *g, int player) CARC_INTERNAL;

/* Prisoners held by `captor` (a player); owner >= 0: only that player's
 * followers, owner -1: all of them. */
int carc__tower_prisoners(const carc_game *g, int captor, int owner) CARC_INTERNAL;

#endif
