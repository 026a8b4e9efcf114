/* Host control: a game from a host's setup (first player, a chosen bag of
 * tiles), the tiles set aside, the scores of play and of one turn. */
#include "core/state.h"

#include <stdlib.h>
#include <string.h>

void carc_setup_init(carc_setup *setup)
{
    if (!setup) return;
    memset(setup, 0, sizeof *setup);
    setup->struct_size = sizeof *setup;
}

/* A caller's setup in this library's form; CARC_E_INVALID if it is not
 * one this library understands (as carc__check_options for options). */
int carc__check_setup(const carc_setup *in, carc_setup *norm)
{
    if (!carc__sized_copy(norm, in, in->struct_size, sizeof *norm, 4096)) return CARC_E_INVALID;
    norm->struct_size = sizeof *norm;
    if (norm->bag_given != 0 && norm->bag_given != 1) return CARC_E_INVALID;
    /* one form only: no bag, no counts; no such tile (bytes past the
     * counts that may be set are 0: eight at a time) */
    size_t t = norm->bag_given ? (size_t)carc__ntypes : 0;
    uint64_t any = 0;
    for (; t % 8 && t < CARC_MAX_TILES; t++) any |= norm->bag[t];
    for (; t + 8 <= CARC_MAX_TILES; t += 8) {
        uint64_t w;
        memcpy(&w, norm->bag + t, 8);
        any |= w;
    }
    for (; t < CARC_MAX_TILES; t++) any |= norm->bag[t];
    if (any) return CARC_E_INVALID;
    if (norm->first_player < 0 || norm->first_player >= CARC_MAX_PLAYERS) return CARC_E_INVALID;
    return CARC_OK; /* the first player and the counts are checked against the game */
}

int carc_game_new_setup(carc_game **out, const carc_options *opts, const carc_setup *setup)
{
    if (!out) return CARC_E_INVALID;
    *out = NULL;
    if (!opts) return CARC_E_INVALID;
    carc_setup s;
    carc_setup_init(&s);
    if (setup && carc__check_setup(setup, &s)) return CARC_E_INVALID;
    return carc__game_create(out, opts, &s);
}

int carc_game_setup(const carc_game *game, carc_setup *out)
{
    if (!carc__valid(game) || !out) return CARC_E_INVALID;
    carc__setup_get(game, out);
    return CARC_OK;
}

int carc_game_set_aside(const carc_game *game, int32_t *types, size_t cap, size_t *needed)
{
    if (!carc__valid(game) || (!types && cap)) return CARC_E_INVALID;
    size_t n = 0;
    if (game->discarded > 0) {
        /* which: replay the history on a new game and watch the count */
        carc_game *g;
        carc_setup su;
        carc__setup_get(game, &su);
        int rc = carc_game_new_setup(&g, &game->opts, &su);
        if (rc) return rc;
        const uint16_t *H = CHIST(game);
        for (uint32_t i = 0, used = 0; i < game->nhist && !rc; i += used) {
            int before = g->discarded;
            g->n_aside = 0;
            rc = carc__replay_entry(g, H + i, game->nhist - i, &used);
            if (rc) break;
            int k = g->discarded - before;
            if (k > 8) rc = CARC_E_CORRUPT; /* at most one per player and a draw */
            for (int j = 0; j < k && !rc; j++, n++)
                if (n < cap) types[n] = g->aside_ring[j];
        }
        carc_game_free(g);
        if (rc) return CARC_E_CORRUPT;
    }
    if (needed) *needed = n;
    return n > cap ? CARC_E_BUFFER : CARC_OK;
}

int carc_game_play_scores(const carc_game *game, int32_t *buf, size_t cap)
{
    if (!carc__valid(game) || !buf) return CARC_E_INVALID;
    if (cap < (size_t)game->nplayers) return CARC_E_BUFFER;
    for (int p = 0; p < game->nplayers; p++) buf[p] = game->score[p];
    const logent *L = CLOG(game);
    for (uint32_t i = game->nlog_final; i < game->nlog; i++) buf[L[i].player] -= L[i].points;
    return CARC_OK;
}

int carc_game_turn_points(const carc_game *game, int turn, int32_t *buf, size_t cap)
{
    if (!carc__valid(game) || !buf || turn < 1 || turn > game->turn) return CARC_E_INVALID;
    if (cap < (size_t)game->nplayers) return CARC_E_BUFFER;
    for (int p = 0; p < game->nplayers; p++) buf[p] = 0;
    const logent *L = CLOG(game);
    uint32_t end = game->nlog_final < game->nlog ? game->nlog_final : game->nlog;
    for (uint32_t i = 0; i < end; i++)
        if (L[i].turn == turn) buf[L[i].player] += L[i].points;
    return CARC_OK;
}
