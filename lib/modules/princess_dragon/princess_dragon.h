/* The Princess & the Dragon (module 3): the facts it offers to other
 * modules (pig throwing, the Dungeon, the Tower, the Count), each with a
 * neutral answer when the module is off, and its state, which tests read
 * through carc__mod_cstate(g, CARC_MODULE_PRINCESS_DRAGON). */
#ifndef CARC_PRINCESS_DRAGON_H
#define CARC_PRINCESS_DRAGON_H

#include "module.h"

#define PD_FLIGHT_STEPS 6    /* a flight is 6 single steps (expansions.md §3) */
#define PD_FLIGHT_OVER 255   /* pd_state.flight: a step was taken over        */
#define PD_ASIDE_MAX 32      /* dragon tiles set aside at most (12 in the set)  */

typedef struct pd_state {
    uint32_t t_volcano, t_dragon, t_portal; /* tile tag bits (setup)          */
    uint32_t t_coc_inner;                   /* the Count's inner tiles; 0
                                               without the Count            */
    uint32_t s_princess;                    /* segment tag bit                */
    int16_t dragon, fairy;                  /* figure indices                 */
    uint8_t entered;        /* a volcano has been laid: the dragon is in play  */
    uint8_t flight;         /* 0 idle; 1..6 the step to make next;
                               PD_FLIGHT_OVER: a step was taken over          */
    uint8_t nvisited;       /* tiles of this flight, the start included       */
    uint8_t princess_done;  /* rule pd_princess 2: this part's tile sent a
                               knight home, no deployment on it              */
    int16_t visited[PD_FLIGHT_STEPS + 1];
    /* rule pd_dragon_tiles 2 (printed): dragon tiles drawn before the first
     * volcano, set aside face up until it comes (tile types) */
    uint8_t naside;
    /* the directions (bit d: 0..3 N E S W) a step of the flight may take,
     * found once when the step's decision is pushed (flight) and read by
     * its listing and its check; 0 while no step is pending (state_check
     * recomputes it) */
    uint8_t step_mask;
    int16_t aside[PD_ASIDE_MAX];
    /* bit i of followers[p]: figure i is a follower of player p on the
     * board (on a segment or a tile), kept by figure_moved (state_check
     * recomputes it): the fairy's targets are among them */
    uint64_t followers[CARC_MAX_PLAYERS][2];
    /* bit i of eatable: figure i is a player's figure of an eatable kind
     * (CARC_CLASS_EATABLE) on the board (on a segment, a tile or attached),
     * kept by figure_moved (state_check recomputes it): the figures the
     * dragon may eat are among them (eat) */
    uint64_t eatable[2];
    /* fairy_turn's work byte by player (CARC_WORK_PLAYER): nonzero while
     * the fairy may be with one of player p's followers -- attached to one
     * (C2), or on a tile under pd_fairy_placement 2 (C1, every player) --,
     * set by figure_moved when the fairy moves (state_check recomputes it) */
    uint8_t fairy_work[CARC_MAX_PLAYERS];
    /* the rule options' values (pd_dragon_move, pd_fairy_placement,
     * pd_princess, pd_dragon_tiles), read by setup for the paths that ask
     * them at every step, deployment or move (state_check compares them
     * with carc__rule).  Since 0.12. */
    uint8_t rule_move, rule_fairy, rule_princess, rule_tiles;
    /* carc__figure_moves_vetoed, constant for a game: read by setup
     * (state_check compares it).  Since 0.12. */
    uint8_t vetoed;
    /* Bridges, Castles & Bazaars enabled (constant for a game: read by
     * setup, state_check compares it): carc__bcb_castle_of asked only then.
     * Since 0.15. */
    uint8_t bridges;
    /* where may_deploy may refuse (carc_module_def.may_deploy_tile): the
     * dragon's tile once it is in play on one, CARC_VETO_ANYWHERE while
     * princess_done is set, else CARC_VETO_NOWHERE; written at every
     * dragon move and princess action (veto_tile_sync; state_check
     * recomputes it).  Since 0.15. */
    int16_t veto_tile;
    /* bit k of follower_kinds (eatable_kinds): figure kind k is of class
     * CARC_CLASS_FOLLOWER (CARC_CLASS_EATABLE) in this game
     * (carc__figure_kind_classes, constant for a game: read by setup,
     * state_check compares them): figure_moved's classes without a call.
     * Since 0.16. */
    uint16_t follower_kinds, eatable_kinds;
    /* 1 once a figure of eatable (a player's figure of an eatable kind) has
     * been attached to another figure in this game, never cleared; 0: none
     * of them is attached (set by figure_moved; state_check: 1 while one
     * is): eat's scan of the figure records stops once the figures
     * standing on the tile are found while it is 0.  Since 0.19. */
    uint8_t eat_attached;
} pd_state;

/* The placed tile the dragon stands on, or -1 when it is not in play (no
 * volcano yet) or the module is off. */
int carc__pd_dragon_tile(const carc_game *g);
/* The placed tile the fairy stands on (beside its follower, or alone on a
 * tile), or -1 when it is not on the board or the module is off. */
int carc__pd_fairy_tile(const carc_game *g);

/* For the Dungeon (module 11; ambiguities.md E5, E6, E8): the dragon's
 * eating on placed tile `tile` -- every eatable figure of a player there
 * goes home, followers first, a standing castle's knight spared --
 * without moving the dragon (it eats on a dungeon entrance before going
 * down, on the exit tile it came out onto).  CARC_OK and nothing done when
 * the module is off or the tile is out of range. */
int carc__pd_eat(carc_game *g, int tile);
/* For the Dungeon (E6): the dragon came out of the dungeon onto a tile as
 * the first step of this part's flight: the flight goes on with its second
 * step (by the next player clockwise) from where the dragon stands, that
 * tile counted as visited.  Call it before the flight's hook of this part
 * runs (AFTER_SCORING order < 50; BEFORE_SCORING order < -150 with
 * pd_dragon_move 2).  Nothing when the module is off. */
void carc__pd_flight_resume(carc_game *g);

/* The cause of the fairy's move by its player (the deployment's "fairy"
 * verb), for a module's may_move_figure veto (pig throwing B11: never near
 * a pig); the fairy staying on a tile when its follower leaves has another
 * cause. */
#define PD_CAUSE_FAIRY CARC_MODULE_KIND(CARC_MODULE_PRINCESS_DRAGON, 4)

/* The fairy's action kinds (the deployment's "fairy" verb, then the
 * follower it joins -- arg: figure index -- or, with pd_fairy_placement 2,
 * the tile it goes onto -- arg: placed tile), so that a module whose
 * may_move_figure veto refused the move explains it (its explain hook):
 * Princess & Dragon's own explanation stands back when its own rule allowed
 * the move. */
#define PD_ACT_FAIRY CARC_MODULE_KIND(CARC_MODULE_PRINCESS_DRAGON, 1)
#define PD_ACT_FAIRY_TO CARC_MODULE_KIND(CARC_MODULE_PRINCESS_DRAGON, 2)
#define PD_ACT_FAIRY_TILE CARC_MODULE_KIND(CARC_MODULE_PRINCESS_DRAGON, 3)

/* Pig throwing (ambiguities.md B10): is the dragon asleep (1) or not (0;
 * also when the module is off)?  carc__pd_dragon_nap puts it to sleep
 * (asleep 1) or wakes it (0): the dragon's state byte, which this module
 * owns.  A sleeping dragon does not fly: the next dragon tile wakes it
 * instead; a volcano still moves it, asleep.  CARC_E_STATE when the module
 * is off. */
int carc__pd_dragon_asleep(const carc_game *g);
int carc__pd_dragon_nap(carc_game *g, int asleep);

#endif
