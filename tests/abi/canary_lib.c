/*
 * A tiny stand-in for libcarcvar, built several ways by abi-canary.sh to
 * prove that abi-check.sh catches ABI breaks.  It uses the real public
 * header, so the struct being broken is the real carc_options.
 *   (default)           the reference build
 *   CANARY_SIGNATURE    carc_game_is_terminal() gains a parameter
 *   CANARY_REMOVE       carc_game_num_players() disappears
 *   CANARY_ADD          a new exported function appears
 *   CANARY_OPAQUE       the private layout of the opaque carc_game changes
 *                       (NOT an ABI change: abi-check must pass)
 *   (header edited)     a field inserted in the middle of carc_options
 */
#ifdef CANARY_SIGNATURE
/* keep the header's prototype out of the way of the changed definition */
#define carc_game_is_terminal carc_game_is_terminal_as_declared
#endif
#include "carcvar/carcvar.h"
#ifdef CANARY_SIGNATURE
#undef carc_game_is_terminal
#endif

#include <string.h>

/* the opaque game handle's private layout */
struct carc_game {
    int32_t players;
#ifdef CANARY_OPAQUE
    int32_t private_addition;
#endif
    int32_t terminal;
};

CARC_API void carc_options_init(carc_options *opts)
{
    memset(opts, 0, sizeof *opts);
    opts->struct_size = sizeof *opts;
    opts->num_players = 2;
}

CARC_API int carc_game_new(carc_game **out, const carc_options *opts)
{
    *out = NULL;
    return opts->num_players >= 2 ? CARC_OK : CARC_E_INVALID;
}

#ifdef CANARY_SIGNATURE
CARC_API int carc_game_is_terminal(const carc_game *game, int player)
{
    return game->terminal && player == 0;
}
#else
CARC_API int carc_game_is_terminal(const carc_game *game)
{
    return game->terminal;
}
#endif

#ifndef CANARY_REMOVE
CARC_API int carc_game_num_players(const carc_game *game)
{
    return game ? game->players : CARC_E_INVALID;
}
#endif

#ifdef CANARY_ADD
CARC_API int carc_game_canary_added(const carc_game *game)
{
    return game ? 1 : 0;
}
#endif

CARC_API int carc_action_to_id(const carc_game *game, const carc_action *action,
                               int32_t *id)
{
    (void)game;
    *id = action->kind;
    return CARC_OK;
}
