/* Public queries of the board: tiles, figures, features, the score log. */
#include "core/state.h"

#include <string.h>

/* ----------------------------------------------------------- board queries */

static void fill_tile(const carc_game *g, int t, carc_placed_tile *out)
{
    const ptile *pt = &CTILES(g)[t];
    memset(out, 0, sizeof *out);
    out->type = pt->type;
    out->x = pt->x;
    out->y = pt->y;
    out->rotation = pt->rot;
    out->order = t;
}

int carc_game_tile_count(const carc_game *game)
{
    return carc__valid(game) ? (int)game->ntiles : CARC_E_INVALID;
}

int carc_game_tile_by_order(const carc_game *game, int order, carc_placed_tile *out)
{
    if (!carc__valid(game) || !out || order < 0 || (uint32_t)order >= game->ntiles)
        return CARC_E_INVALID;
    fill_tile(game, order, out);
    return CARC_OK;
}

int carc_game_tile_at(const carc_game *game, int x, int y, carc_placed_tile *out)
{
    if (!carc__valid(game) || !out) return CARC_E_INVALID;
    if (!carc__cell_in_range(x, y))
        return CARC_E_NOTFOUND;
    int t = carc__cell_get(game, x, y);
    if (t < 0) return CARC_E_NOTFOUND;
    fill_tile(game, t, out);
    return CARC_OK;
}

int carc_game_tile_overlay(const carc_game *game, int x, int y, int *sides, int *segment)
{
    if (!carc__valid(game)) return CARC_E_INVALID;
    if (!carc__cell_in_range(x, y)) return CARC_E_NOTFOUND;
    int t = carc__cell_get(game, x, y);
    if (t < 0) return CARC_E_NOTFOUND;
    const ptile *pt = &CTILES(game)[t];
    bool has = pt->overlay_seg != NO_OVERLAY;
    if (sides) *sides = has ? pt->overlay_sides : 0;
    if (segment) *segment = has ? carc__types[pt->type].nseg : -1;
    return CARC_OK;
}

int carc_game_figures(const carc_game *game, carc_figure *buf, size_t cap, size_t *needed)
{
    if (!carc__valid(game) || (!buf && cap)) return CARC_E_INVALID;
    if (needed) *needed = game->nfigs;
    if (cap < game->nfigs) return CARC_E_BUFFER;
    const figure *F = CFIGS(game);
    for (uint32_t i = 0; i < game->nfigs; i++) {
        carc_figure *o = &buf[i];
        memset(o, 0, sizeof *o);
        o->kind = F[i].kind;
        o->owner = F[i].owner;
        o->where = F[i].where;
        o->segment = -1;
        o->state = F[i].state | (F[i].where == CARC_WHERE_HELD ? F[i].holder << 8 : 0);
        if (F[i].where == CARC_WHERE_ATTACHED || F[i].where == CARC_WHERE_HELD ||
            F[i].where == CARC_WHERE_TILE)
            o->arg = F[i].arg;
        int t = carc__figure_tile(game, (int)i);
        if (t >= 0) {
            const ptile *pt = &CTILES(game)[t];
            o->x = pt->x;
            o->y = pt->y;
        }
        if (F[i].where == CARC_WHERE_BOARD) o->segment = F[i].local;
    }
    return CARC_OK;
}


int carc_game_feature(const carc_game *game, int x, int y, int segment,
                      carc_feature_info *out)
{
    if (!carc__valid(game) || !out) return CARC_E_INVALID;
    if (!carc__cell_in_range(x, y))
        return CARC_E_NOTFOUND;
    int t = carc__cell_get(game, x, y);
    if (t < 0) return CARC_E_NOTFOUND;
    int si = segment >= 0 ? carc__seg_of(game, t, segment) : -1;
    if (si < 0) return CARC_E_INVALID;
    int root = carc__find(game, si);
    feat_eval e;
    const seg *rs = &CSEGS(game)[root];
    int complete = carc__seg_closed(rs) ||
                   (rs->kind == CARC_FEATURE_MONASTERY && CTILES(game)[rs->tile].nb8 == 8);
    carc__root_eval(game, root, complete, &e);
    memset(out, 0, sizeof *out);
    out->kind = e.kind;
    out->complete = complete;
    out->tiles = e.tiles;
    out->pennants = e.pennants;
    out->open_edges = e.open;
    out->points = e.points;
    out->owners = e.owners;
    for (int p = 0; p < game->nplayers; p++) out->strength[p] = e.strength[p];
    return CARC_OK;
}

int carc_game_score_log(const carc_game *game, carc_score_event *buf, size_t cap,
                        size_t *needed)
{
    if (!carc__valid(game) || (!buf && cap)) return CARC_E_INVALID;
    if (needed) *needed = game->nlog;
    if (cap < game->nlog) return CARC_E_BUFFER;
    const logent *L = CLOG(game);
    for (uint32_t i = 0; i < game->nlog; i++) {
        bool tiled = L[i].tile != LOG_NO_TILE;
        const ptile *pt = tiled ? &CTILES(game)[L[i].tile] : NULL;
        carc_score_event *e = &buf[i];
        memset(e, 0, sizeof *e);
        e->player = L[i].player;
        e->points = L[i].points;
        e->reason = L[i].reason;
        e->feature = tiled ? L[i].feature : -1;
        e->x = tiled ? pt->x : 0;
        e->y = tiled ? pt->y : 0;
        e->segment = tiled ? L[i].local : -1;
        e->turn = L[i].turn;
    }
    return CARC_OK;
}

