/* Public game handles: create, free, clone, copy, and what a host reads
 * about the pending decision, supplies and scores. */
#include "core/state.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ handles */

int carc_game_new(carc_game **out, const carc_options *opts)
{
    if (!out) return CARC_E_INVALID;
    *out = NULL;
    if (!opts) return CARC_E_INVALID;
    carc_game *g;
    int rc = carc__game_alloc(&g, opts);
    if (rc) return rc;

    uint8_t *remain = REMAIN(g);
    for (int m = 0; m < CARC_MODULE_SLOTS; m++) {
        if (!carc__module_on(g, m) || !carc__modules[m]->tile_set) continue;
        for (int t = 0; t < carc__ntypes; t++)
            if (strcmp(carc__types[t].module, carc__modules[m]->tile_set) == 0 &&
                !carc__types[t].held) /* held tiles are dealt by their module */
                remain[t] = carc__types[t].count;
    }
    for (int m = 0; m < CARC_MODULE_SLOTS; m++)
        if (carc__module_on(g, m) && carc__modules[m]) g->mods[g->nmods++] = (uint8_t)m;
    for (int m = 0; m < CARC_MODULE_SLOTS; m++) {
        if (!carc__module_on(g, m)) continue;
        if (carc__modules[m]->setup) carc__modules[m]->setup(g);
        if (carc__modules[m]->drawable) g->hooks_drawable |= 1u << m;
    }
    carc__board_init(g);
    for (int t = 0; t < carc__ntypes; t++) g->total_remaining += remain[t];
    g->phase = CARC_DECISION_DRAW;
    g->player = 0;
    g->turn = 1;
    g->drawn = -1;
    g->last_tile = -1;
    *out = g;
    return CARC_OK;
}

void carc_game_free(carc_game *game)
{
    if (!game) return;
    game->magic = 0;
    free(game);
}

int carc_game_clone(carc_game **out, const carc_game *game)
{
    if (!out) return CARC_E_INVALID;
    *out = NULL;
    if (!carc__valid(game)) return CARC_E_INVALID;
    carc_game *g = malloc(game->L.bytes);
    if (!g) return CARC_E_NOMEM;
    memcpy(g, game, game->L.bytes);
    *out = g;
    return CARC_OK;
}

int carc_game_copy(carc_game *dst, const carc_game *src)
{
    if (!carc__valid(dst) || !carc__valid(src)) return CARC_E_INVALID;
    if (dst == src) return CARC_OK;
    if (dst->L.bytes != src->L.bytes || dst->nplayers != src->nplayers ||
        dst->opts.modules != src->opts.modules)
        return CARC_E_INVALID;
    memcpy(dst, src, src->L.bytes);
    return CARC_OK;
}

int carc_game_options(const carc_game *game, carc_options *out)
{
    if (!carc__valid(game) || !out) return CARC_E_INVALID;
    *out = game->opts;
    return CARC_OK;
}

int carc_game_num_players(const carc_game *game)
{
    return carc__valid(game) ? game->nplayers : CARC_E_INVALID;
}

int carc_game_turn(const carc_game *game)
{
    return carc__valid(game) ? game->turn : CARC_E_INVALID;
}

int carc_game_current_player(const carc_game *game)
{
    if (!carc__valid(game)) return CARC_E_INVALID;
    if (game->npending > 0) return game->pend[0].player;
    switch (game->phase) {
    case CARC_DECISION_DRAW: return CARC_PLAYER_CHANCE;
    case CARC_DECISION_END: return CARC_PLAYER_TERMINAL;
    default: return game->player;
    }
}

int carc_game_is_terminal(const carc_game *game)
{
    if (!carc__valid(game)) return CARC_E_INVALID;
    return game->phase == CARC_DECISION_END;
}

int carc_game_decision(const carc_game *game, carc_decision *out)
{
    if (!carc__valid(game) || !out) return CARC_E_INVALID;
    memset(out, 0, sizeof *out);
    out->kind = game->npending > 0 ? game->pend[0].kind : game->phase;
    out->player = carc_game_current_player(game);
    out->tile = -1;
    if (game->phase == CARC_DECISION_PLACE) {
        out->tile = game->drawn;
    } else if (game->phase == CARC_DECISION_DEPLOY && game->last_tile >= 0) {
        const ptile *t = &CTILES(game)[game->last_tile];
        out->tile = t->type;
        out->x = t->x;
        out->y = t->y;
    }
    return CARC_OK;
}

int carc_game_tiles_remaining(const carc_game *game, int type)
{
    if (!carc__valid(game)) return CARC_E_INVALID;
    if (type == -1) return game->total_remaining;
    if (type < 0 || type >= carc__ntypes) return CARC_E_INVALID;
    return CREMAIN(game)[type];
}

int carc_game_supply(const carc_game *game, int player, int kind)
{
    if (!carc__valid(game) || player < 0 || player >= game->nplayers || kind < 0 ||
        kind >= CARC_FIGURE_KINDS)
        return CARC_E_INVALID;
    return game->supply[player][kind];
}

int carc_game_score(const carc_game *game, int player, int32_t *out)
{
    if (!carc__valid(game) || !out || player < 0 || player >= game->nplayers)
        return CARC_E_INVALID;
    *out = game->score[player];
    return CARC_OK;
}

int carc_game_final_scores(const carc_game *game, int32_t *buf, size_t cap)
{
    if (!carc__valid(game) || !buf) return CARC_E_INVALID;
    if (cap < (size_t)game->nplayers) return CARC_E_BUFFER;
    for (int p = 0; p < game->nplayers; p++) buf[p] = game->score[p];
    if (game->phase != CARC_DECISION_END)
        carc__end_game_scoring(game, buf, NULL);
    return CARC_OK;
}

