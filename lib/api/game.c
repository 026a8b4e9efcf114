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
    return carc__game_create(out, opts, NULL);
}

void carc_game_free(carc_game *game)
{
    if (!game) return;
    carc__listed_forget(); /* another game may come at this address */
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
    carc__state_copy(g, game);
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
    carc__listed_forget(); /* dst is another game now */
    carc__state_copy(dst, src);
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
    const carc_pending *p = carc__front(game);
    return p ? p->player : CARC_PLAYER_TERMINAL;
}

int carc_game_is_terminal(const carc_game *game)
{
    if (!carc__valid(game)) return CARC_E_INVALID;
    return carc__is_over(game);
}

int carc_game_decision(const carc_game *game, carc_decision *out)
{
    if (!carc__valid(game) || !out) return CARC_E_INVALID;
    memset(out, 0, sizeof *out);
    const carc_pending *p = carc__front(game);
    out->kind = carc__decision_kind(game);
    out->player = p ? p->player : CARC_PLAYER_TERMINAL;
    out->tile = -1;
    if (!p) return CARC_OK;
    if (carc__sampled_only(game)) out->flags |= CARC_DECISION_F_SAMPLED_ONLY;
    if (p->kind == CARC_DECISION_PLACE) {
        out->tile = game->drawn;
    } else if (p->target >= 0) {
        const ptile *t = &CTILES(game)[p->target];
        out->tile = t->type;
        out->x = t->x;
        out->y = t->y;
    }
    return CARC_OK;
}

int carc_game_decision_feature(const carc_game *game, int *x, int *y, int *segment)
{
    if (!carc__valid(game)) return CARC_E_INVALID;
    const carc_pending *p = carc__front(game);
    if (!p || p->owner >= CARC_MODULE_SLOTS) return CARC_E_NOTFOUND;
    const carc_module_def *md = carc__modules[p->owner];
    int tile = -1, seg = -1;
    if (!md || !md->decision_feature || !md->decision_feature(game, p, &tile, &seg) || tile < 0 ||
        (uint32_t)tile >= game->ntiles)
        return CARC_E_NOTFOUND;
    const ptile *t = &CTILES(game)[tile];
    if (x) *x = t->x;
    if (y) *y = t->y;
    if (segment) *segment = seg;
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

int carc_game_tokens(const carc_game *game, int player, int kind)
{
    if (!carc__valid(game) || player < -1 || player >= game->nplayers || kind < 0 ||
        kind >= CARC_TOKEN_KINDS)
        return CARC_E_INVALID;
    /* carc_game_new made sure at most one enabled module owns a kind */
    for (int k = 0; k < game->nmods; k++) {
        const carc_module_def *md = carc__mod(game, k);
        if ((md->token_kinds >> kind) & 1u) return md->tokens ? md->tokens(game, player, kind) : 0;
    }
    return 0;
}

int carc_game_held_tiles(const carc_game *game, int player, int32_t *types, size_t cap,
                         size_t *needed)
{
    if (!carc__valid(game) || player < -1 || player >= game->nplayers || (!types && cap))
        return CARC_E_INVALID;
    /* every enabled module's tiles, in registry order, concatenated */
    size_t n = 0;
    for (int k = 0; k < game->nmods; k++) {
        const carc_module_def *md = carc__mod(game, k);
        if (!md->held_tiles) continue;
        int c = md->held_tiles(game, player, n < cap ? types + n : NULL, n < cap ? cap - n : 0);
        if (c > 0) n += (size_t)c;
    }
    if (needed) *needed = n;
    return n > cap ? CARC_E_BUFFER : CARC_OK;
}

const char *carc_game_figure_role(const carc_game *game, int index)
{
    if (!carc__valid(game) || index < 0 || (uint32_t)index >= game->nfigs) return NULL;
    for (int k = 0; k < game->nmods; k++) {
        const carc_module_def *md = carc__mod(game, k);
        const char *r = md->figure_role ? md->figure_role(game, index) : NULL;
        if (r) return r;
    }
    return NULL;
}

int carc_game_structure(const carc_game *game, int x, int y, carc_structure *out)
{
    if (!carc__valid(game) || !out) return CARC_E_INVALID;
    int t = carc__tile_at(game, x, y);
    if (t < 0) return CARC_E_NOTFOUND;
    carc_structure s;
    memset(&s, 0, sizeof s);
    s.top = -1;
    for (int k = 0; k < game->nmods; k++) {
        const carc_module_def *md = carc__mod(game, k);
        carc_structure m = s;
        if (md->tile_structure && md->tile_structure(game, t, &m)) {
            s = m;
            break;
        }
    }
    *out = s;
    return CARC_OK;
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
    if (carc__is_over(game)) return CARC_OK;
    if (game->nsteps[CARC_STEP_FINAL_SCORING] == 1 && !(game->hookmask & HK_FEATURE_SCORED)) {
        /* only the core scores at the end: add it up without a copy */
        carc__end_game_projection(game, buf);
        return CARC_OK;
    }
    /* modules score at the end too: run the end-game scoring on a copy */
    carc_game *c;
    int rc = carc_game_clone(&c, game);
    if (rc) return rc;
    c->npending = 0;
    c->step = CARC_STEP_FINAL_SCORING;
    c->step_pos = 0;
    carc__advance(c);
    for (int p = 0; p < game->nplayers; p++) buf[p] = c->score[p];
    carc_game_free(c);
    return CARC_OK;
}
