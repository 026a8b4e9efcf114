/* Bridges, Castles & Bazaars (module 7): its state, which tests read
 * through carc__mod_cstate(g, CARC_MODULE_BRIDGES_CASTLES), and the token
 * counts other code may ask for. */
#ifndef CARC_BRIDGES_CASTLES_H
#define CARC_BRIDGES_CASTLES_H

#include "module.h"

#define BCB_MAX_CASTLES 12 /* 3 x 4 players, 2 x 6 players */

typedef struct bcb_castle {
    int16_t tile[2];   /* the two placed tiles it lies on                   */
    int16_t root;      /* the converted city's feature root                 */
    int16_t fig;       /* its knight (figure index) while it stands, or -1  */
    uint16_t born;     /* tiles on the board when it was built              */
    int8_t owner;
    uint8_t pad;
} bcb_castle;

typedef struct bcb_state {
    uint8_t bridges[CARC_MAX_PLAYERS]; /* bridge tokens left per player */
    uint8_t castles[CARC_MAX_PLAYERS]; /* castle tokens left per player */
    uint16_t bridged_at;               /* tile count when the last bridge was laid */
    uint8_t ncastles;
    /* bazaar_turn_end's work byte (lib/module.h, step_work): 1 while it has
     * work (baz_trigger; an auction running; tiles dealt and none held any
     * more), 0 otherwise (no bazaar; dealt tiles still held): bcb_baz_work */
    uint8_t baz_work;
    bcb_castle castle[BCB_MAX_CASTLES];
    /* the bazaar */
    uint8_t baz_phase;                 /* BAZ_* (bridges_castles.c)                   */
    uint8_t baz_trigger;               /* a bazaar tile was laid this turn            */
    uint8_t baz_n;                     /* tiles revealed so far                       */
    int8_t baz_auctioneer;             /* who chooses the next tile                   */
    int8_t baz_sel;                    /* index of the tile auctioned, or -1          */
    int8_t baz_asked;                  /* bidders asked so far (1..players-1)         */
    int8_t baz_high_bidder;
    int8_t baz_end_base, baz_end_next; /* end phase: held tiles played in turn order  */
    uint16_t baz_high;                 /* the highest bid                             */
    int16_t baz_tile[CARC_MAX_PLAYERS]; /* the revealed tiles' types                  */
    int8_t baz_owner[CARC_MAX_PLAYERS]; /* who has revealed tile i, or -1             */
    int16_t held[CARC_MAX_PLAYERS];    /* the tile each player plays next, or -1      */
    /* the quick repair question's answer with player p to move (the
     * module's repair_work byte, lib/module.h): bridges[p] != 0, and for
     * the player to move while can_place_for asks about another player,
     * that one's */
    uint8_t may_repair[CARC_MAX_PLAYERS];
} bcb_state;

/* Player p's bridge tokens set to n, may_repair[p] with them (every change
 * of bridges[] goes through it; state_check holds the two together). */
static inline void bcb_bridges_set(bcb_state *s, int p, int n)
{
    s->bridges[p] = (uint8_t)n;
    s->may_repair[p] = n != 0;
}

/* Token kinds: the public carc_token_kind values. */
#define BCB_TOKEN_BRIDGE CARC_TOKEN_BRIDGE
#define BCB_TOKEN_CASTLE CARC_TOKEN_CASTLE

/* Tokens of kind `kind` (BCB_TOKEN_*) player still holds; 0 when the module
 * is off or the arguments are out of range.  The module's `tokens` hook
 * (carc_game_tokens). */
int carc__bcb_tokens(const carc_game *g, int player, int kind);

/* Is figure fig the knight of a standing castle?  1 and the castle's two
 * placed tiles in tiles[] (the Big Top counts the knight when either is in
 * its 3 x 3), else 0 (also when the module is off). */
int carc__bcb_castle_of(const carc_game *g, int fig, int tiles[2]);

/* How many castles stand (0 when the module is off): 0 means
 * carc__bcb_castle_of answers 0 for every figure, so a walk over all
 * figures (the circus count) asks it only while some castle stands. */
int carc__bcb_castles(const carc_game *g);

#endif
