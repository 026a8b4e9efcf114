/* The observation tensor in C (issue 35): the per-player observation of the
 * Python package's encoder (bindings/python/carcvar/observation.py,
 * doc/python.md "Observation tensor"), value for value, written into a
 * caller's float buffer.  It reads the game only through the public queries,
 * so it shows exactly what those show; the Python encoder wraps it and
 * bindings/python/tests/test_observation_c.py checks the two agree. */
#include "core/state.h"

#include <string.h>

enum { OBS_SEATS = 6, OBS_PLANES = 28, OBS_MAX_WINDOW = 511, OBS_MAX_FIGURES = 1024 };
enum {
    PL_TILE = 0, PL_EDGE = 1, PL_MONASTERY = 13, PL_PENNANTS = 14, PL_ORDER = 15,
    PL_JUST_LAID = 16, PL_OWNER = 17, PL_FEATURE = 23, PL_NEUTRAL = 27
};

/* Figure kinds in the order of their names in the Python package
 * (carcvar.FIGURE_KINDS; a kind without a name is its number, which sorts
 * before every name): the encoder lists a game's kinds sorted by name. */
static int kind_rank(int kind)
{
    /* barn big bigtop builder count dragon fairy mayor pig ringmaster wagon */
    static const int alpha[12] = {-1, 1, 7, 10, 0, 3, 8, 9, 6, 5, 4, 2};
    if (kind >= 1 && kind <= 11) return 100 + alpha[kind];
    return kind;
}

typedef struct obs_layout {
    int ntypes, types[CARC_MAX_TILES], slot[CARC_MAX_TILES];
    int nkinds, kinds[CARC_FIGURE_KINDS], kind_index[CARC_FIGURE_KINDS];
    int tokens_out, held, dragon, tower, count, catapult, pig, dungeon;
    /* header offsets */
    int score, final_score, supply, seat, to_play, chance, terminal, decision, tile_in_play,
        tiles_left, turn, outside, supply_by_kind, o_tokens_out, o_held, face_up, o_dragon,
        dragon_mover, fairy_follower, fairy_feature, floors, prisoners, o_count, quarters,
        o_catapult, catapult_kind, catapult_tokens, hurls, o_pig, removed, o_dungeon,
        dungeon_pieces, dungeon_fairy;
    int header, planes, p_visited, p_tower, p_fair, p_entrance;
} obs_layout;

static int module_on(uint64_t modules, const char *name)
{
    int m = carc_module_by_name(name);
    return m >= 0 && m < 64 && (modules >> m & 1);
}

static int layout_of(const carc_game *g, const carc_figure *figs, size_t nfigs, obs_layout *L)
{
    carc_options o;
    carc_game_options(g, &o);
    memset(L, 0, sizeof *L);
    int ntypes = carc_tile_type_count();
    for (int t = 0; t < ntypes && t < CARC_MAX_TILES; t++) {
        carc_tile_info info;
        L->slot[t] = -1;
        if (carc_tile_info_get(t, 0, &info) == CARC_OK && info.module >= 0 && info.module < 64
            && (o.modules >> info.module & 1)) {
            L->slot[t] = L->ntypes;
            L->types[L->ntypes++] = t;
        }
    }
    int present[CARC_FIGURE_KINDS] = {0};
    for (size_t i = 0; i < nfigs; i++)
        if (figs[i].kind > 0 && figs[i].kind < CARC_FIGURE_KINDS) present[figs[i].kind] = 1;
    for (int k = 0; k < CARC_FIGURE_KINDS; k++) L->kind_index[k] = -1;
    for (int k = 1; k < CARC_FIGURE_KINDS; k++) {
        if (!present[k]) continue;
        int at = L->nkinds++;   /* insertion by name order */
        while (at > 0 && kind_rank(L->kinds[at - 1]) > kind_rank(k)) {
            L->kinds[at] = L->kinds[at - 1];
            at--;
        }
        L->kinds[at] = k;
    }
    for (int i = 0; i < L->nkinds; i++) L->kind_index[L->kinds[i]] = i;
    L->tokens_out = module_on(o.modules, "big_top") ? 6 : 0;
    L->held = module_on(o.modules, "bridges_castles");
    L->dragon = module_on(o.modules, "princess_dragon");
    L->tower = module_on(o.modules, "tower");
    L->count = module_on(o.modules, "count");
    L->catapult = module_on(o.modules, "catapult");
    L->pig = module_on(o.modules, "pig_throwing");
    L->dungeon = module_on(o.modules, "dungeon");

    int at = 0, nt = L->ntypes, nh = L->held ? nt : 0;
#define BLOCK(field, n) (L->field = at, at += (n))
    BLOCK(score, OBS_SEATS);
    BLOCK(final_score, OBS_SEATS);
    BLOCK(supply, OBS_SEATS);
    BLOCK(seat, OBS_SEATS);
    BLOCK(to_play, OBS_SEATS);
    BLOCK(chance, 1);
    BLOCK(terminal, 1);
    BLOCK(decision, 4);
    BLOCK(tile_in_play, nt);
    BLOCK(tiles_left, nt);
    BLOCK(turn, 1);
    BLOCK(outside, 1);
    BLOCK(supply_by_kind, OBS_SEATS * L->nkinds);
    BLOCK(o_tokens_out, L->tokens_out);
    BLOCK(o_held, OBS_SEATS * nh);
    BLOCK(face_up, nh);
    if (L->dragon) {
        BLOCK(o_dragon, 3);
        BLOCK(dragon_mover, OBS_SEATS);
        BLOCK(fairy_follower, OBS_SEATS);
        BLOCK(fairy_feature, 4);
    }
    if (L->tower) {
        BLOCK(floors, OBS_SEATS);
        BLOCK(prisoners, OBS_SEATS * OBS_SEATS);
    }
    if (L->count) {
        BLOCK(o_count, 4);
        BLOCK(quarters, 4 * OBS_SEATS);
    }
    if (L->catapult) {
        BLOCK(o_catapult, 5);
        BLOCK(catapult_kind, 4);
        BLOCK(catapult_tokens, OBS_SEATS * 4);
        BLOCK(hurls, OBS_SEATS * 3);
    }
    if (L->pig) {
        BLOCK(o_pig, 2);
        BLOCK(removed, OBS_SEATS * (1 + L->nkinds));
    }
    if (L->dungeon) {
        BLOCK(o_dungeon, 3);
        BLOCK(dungeon_pieces, OBS_SEATS * (1 + L->nkinds));
        BLOCK(dungeon_fairy, OBS_SEATS);
    }
#undef BLOCK
    L->header = at;
    int planes = OBS_PLANES + L->nkinds;
    if (L->dragon) L->p_visited = planes++;
    if (L->tower) {
        L->p_tower = planes;   /* tower, tower_height, tower_open, tower_top x 6 */
        planes += 3 + OBS_SEATS;
    }
    if (L->catapult) L->p_fair = planes++;
    if (L->dungeon) L->p_entrance = planes++;
    L->planes = planes;
    return CARC_OK;
}

/* the feature plane offset (0 road .. 3 field) of a segment of a tile type,
 * -1 for none */
static int segment_feature(int type, int segment)
{
    carc_tile_info info;
    if (segment < 0 || carc_tile_info_get(type, 0, &info) != CARC_OK
        || segment >= info.num_segments)
        return -1;
    carc_segment_info si;
    if (carc_segment_info_get(type, 0, segment, &si) != CARC_OK) return -1;
    return si.kind >= 0 && si.kind <= 3 ? si.kind : -1;
}

/* the kind slot of a figure in the blocks removed and dungeon_pieces: 0 a
 * follower, 1 + its index in the game's other kinds; -1 for none */
static int kind_slot(const obs_layout *L, int kind)
{
    if (kind == CARC_FIGURE_FOLLOWER) return 0;
    if (kind < 0 || kind >= CARC_FIGURE_KINDS || L->kind_index[kind] < 0) return -1;
    return 1 + L->kind_index[kind];
}

/* whether a tile type has the fair (the Catapult's feature 12) */
static int has_fair(int type)
{
    carc_tile_info info;
    if (carc_tile_info_get(type, 0, &info) != CARC_OK) return 0;
    for (int s = 0; s < info.num_segments; s++) {
        carc_segment_info si;
        if (carc_segment_info_get(type, 0, s, &si) == CARC_OK && si.kind == 12) return 1;
    }
    return 0;
}

/* The blocks and planes of catapult, pig_throwing and dungeon (0.7.0). */
static void module_blocks_07(const carc_game *game, int player, int n, int window,
                             const carc_figure *figs, size_t nfigs, const obs_layout *L,
                             float *h, float *P)
{
    const int radius = window / 2;
    const size_t area = (size_t)window * (size_t)window;
    const int nk1 = 1 + L->nkinds;
#define REL(p) (((p) - player + n) % n)
    if (L->catapult) {
        carc_catapult_info c;
        if (carc_game_catapult(game, &c) == CARC_OK) {
            h[L->o_catapult] = c.in_round ? 1.0f : 0.0f;
            h[L->o_catapult + 1] = (float)c.fair_x;
            h[L->o_catapult + 2] = (float)c.fair_y;
            h[L->o_catapult + 3] = (float)c.rounds;
            h[L->o_catapult + 4] = (float)c.rounds_waiting;
            if (c.kind >= CARC_TOKEN_KNOCKOUT && c.kind <= CARC_TOKEN_CATCH)
                h[L->catapult_kind + c.kind - CARC_TOKEN_KNOCKOUT] = 1.0f;
            for (int i = 0; i < c.num_hurls && i < 6; i++) {
                if (c.hurler[i] < 0 || c.hurler[i] >= n) continue;
                float *hu = h + L->hurls + REL(c.hurler[i]) * 3;
                hu[0] = 1.0f;
                hu[1] = (float)c.result[i];
                hu[2] = (float)c.knocked_out[i];
            }
        }
        for (int p = 0; p < n; p++)
            for (int k = 0; k < 4; k++)
                h[L->catapult_tokens + REL(p) * 4 + k] =
                    (float)carc_game_tokens(game, p, CARC_TOKEN_KNOCKOUT + k);
    }
    if (L->pig) {
        for (size_t i = 0; i < nfigs; i++)
            if (figs[i].kind == CARC_FIGURE_DRAGON && (figs[i].state & 0xFF) == 1)
                h[L->o_pig] = 1.0f;
        /* the pig thrown this turn already: what carc_game_explain says of
         * "throw" (pig_throwing's own reason 2, a stable number) */
        carc_explanation e;
        memset(&e, 0, sizeof e);
        carc_game_explain_text(game, "throw", &e);
        if (e.reason == 16 + 16 * CARC_MODULE_PIG_THROWING + 2) h[L->o_pig + 1] = 1.0f;
        for (size_t i = 0; i < nfigs; i++) {
            int ks = kind_slot(L, figs[i].kind);
            if (figs[i].where == CARC_WHERE_REMOVED && figs[i].owner >= 0 && figs[i].owner < n
                && ks >= 0)
                h[L->removed + REL(figs[i].owner) * nk1 + ks] += 1.0f;
        }
    }
    if (L->dungeon) {
        carc_dungeon_info d;
        if (carc_game_dungeon(game, &d) == CARC_OK) {
            h[L->o_dungeon] = d.dragon_inside ? 1.0f : 0.0f;
            h[L->o_dungeon + 2] = (float)d.num_entrances;
            if (d.fairy_piece >= 0 && (size_t)d.fairy_piece < nfigs) {
                h[L->o_dungeon + 1] = 1.0f;
                int owner = figs[d.fairy_piece].owner;
                if (owner >= 0 && owner < n) h[L->dungeon_fairy + REL(owner)] = 1.0f;
            }
        }
        for (size_t i = 0; i < nfigs; i++) {
            const carc_figure *f = &figs[i];
            int ks = kind_slot(L, f->kind);
            if (f->where == CARC_WHERE_HELD && (f->state >> 8 & 0xFF) == CARC_MODULE_DUNGEON
                && f->arg == 0 && f->owner >= 0 && f->owner < n && ks >= 0)
                h[L->dungeon_pieces + REL(f->owner) * nk1 + ks] += 1.0f;
        }
    }
    if (L->catapult || L->dungeon) {
        carc_options o;
        carc_game_options(game, &o);
        int rule = carc_rule_by_name("dungeon_entrances");
        int closed_too = rule < 0 || rule >= CARC_MAX_RULES || o.rules[rule] != 2;
        int ntiles = carc_game_tile_count(game);
        for (int i = 0; i < ntiles; i++) {
            carc_placed_tile t;
            if (carc_game_tile_by_order(game, i, &t) != CARC_OK || t.x < -radius || t.x > radius
                || t.y < -radius || t.y > radius)
                continue;
            size_t cell = (size_t)((t.y + radius) * window + t.x + radius);
            if (L->catapult && has_fair(t.type)) P[(size_t)L->p_fair * area + cell] = 1.0f;
            carc_structure st;
            if (L->dungeon && carc_game_structure(game, t.x, t.y, &st) == CARC_OK
                && st.kind == CARC_STRUCTURE_TOWER && (closed_too || st.top < 0))
                P[(size_t)L->p_entrance * area + cell] = 1.0f;
        }
    }
#undef REL
}

int carc_game_observation(const carc_game *game, int player, int window, float *buf,
                          size_t cap, size_t *needed)
{
    if (!carc__valid(game) || (!buf && cap)) return CARC_E_INVALID;
    int n = carc_game_num_players(game);
    if (player < 0 || player >= n) return CARC_E_INVALID;
    if (window < 1 || window % 2 == 0 || window > OBS_MAX_WINDOW) return CARC_E_INVALID;
    static _Thread_local carc_figure figs[OBS_MAX_FIGURES];
    size_t nfigs = 0;
    int rc = carc_game_figures(game, figs, OBS_MAX_FIGURES, &nfigs);
    if (rc == CARC_E_BUFFER) return CARC_E_LIMIT;
    if (rc) return rc;
    static _Thread_local obs_layout layout;
    obs_layout *L = &layout;
    layout_of(game, figs, nfigs, L);
    const int radius = window / 2;
    const size_t area = (size_t)window * (size_t)window;
    const size_t size = (size_t)L->header + (size_t)L->planes * area;
    if (needed) *needed = size;
    if (cap < size) return CARC_E_BUFFER;
    memset(buf, 0, size * sizeof *buf);
    float *h = buf, *P = buf + L->header;
#define REL(p) (((p) - player + n) % n)
#define AT(plane, cell) P[(size_t)(plane) * area + (size_t)(cell)]

    int32_t final[CARC_MAX_PLAYERS];
    carc_game_final_scores(game, final, CARC_MAX_PLAYERS);
    for (int p = 0; p < n; p++) {
        int32_t s = 0;
        carc_game_score(game, p, &s);
        h[L->score + REL(p)] = (float)s;
        h[L->final_score + REL(p)] = (float)final[p];
        h[L->supply + REL(p)] = (float)carc_game_supply(game, p, CARC_FIGURE_FOLLOWER);
        h[L->seat + REL(p)] = 1.0f;
    }
    int current = carc_game_current_player(game);
    if (current >= 0) h[L->to_play + REL(current)] = 1.0f;
    else if (current == CARC_PLAYER_CHANCE) h[L->chance] = 1.0f;
    else h[L->terminal] = 1.0f;
    carc_decision d;
    carc_game_decision(game, &d);
    if (d.kind >= 0 && d.kind <= 3) h[L->decision + d.kind] = 1.0f;
    if ((d.kind == CARC_DECISION_PLACE || d.kind == CARC_DECISION_DEPLOY) && d.tile >= 0
        && d.tile < CARC_MAX_TILES && L->slot[d.tile] >= 0)
        h[L->tile_in_play + L->slot[d.tile]] = 1.0f;
    for (int i = 0; i < L->ntypes; i++)
        h[L->tiles_left + i] = (float)carc_game_tiles_remaining(game, L->types[i]);
    h[L->turn] = (float)carc_game_turn(game);
    for (int i = 0; i < L->tokens_out; i++)
        h[L->o_tokens_out + i] = (float)carc_game_tokens(game, -1, CARC_TOKEN_FLEA + i);
    if (L->held) {
        int32_t types[CARC_MAX_TILES];
        for (int p = -1; p < n; p++) {
            size_t k = 0;
            if (carc_game_held_tiles(game, p, types, CARC_MAX_TILES, &k) != CARC_OK) continue;
            int base = p < 0 ? L->face_up : L->o_held + REL(p) * L->ntypes;
            for (size_t i = 0; i < k; i++)
                if (types[i] >= 0 && types[i] < CARC_MAX_TILES && L->slot[types[i]] >= 0)
                    h[base + L->slot[types[i]]] += 1.0f;
        }
    }

    /* the tiles: the tile planes, and PL_TILE marks the window's tiles */
    int ntiles = carc_game_tile_count(game), outside = 0;
    for (int i = 0; i < ntiles; i++) {
        carc_placed_tile t;
        if (carc_game_tile_by_order(game, i, &t) != CARC_OK) continue;
        if (t.x < -radius || t.x > radius || t.y < -radius || t.y > radius) {
            outside++;
            continue;
        }
        int cell = (t.y + radius) * window + t.x + radius;
        carc_tile_info info;
        carc_tile_info_get(t.type, t.rotation, &info);
        AT(PL_TILE, cell) = 1.0f;
        for (int e = 0; e < 4 && info.edges[e]; e++) {
            const char *k = strchr("CRF", info.edges[e]);
            if (k) AT(PL_EDGE + 3 * e + (k - "CRF"), cell) = 1.0f;
        }
        int pennants = 0, monastery = 0;
        for (int s = 0; s < info.num_segments; s++) {
            carc_segment_info si;
            if (carc_segment_info_get(t.type, t.rotation, s, &si) != CARC_OK) continue;
            pennants += si.pennants;
            if (si.kind == CARC_FEATURE_MONASTERY) monastery = 1;
        }
        if (monastery) AT(PL_MONASTERY, cell) = 1.0f;
        if (pennants) AT(PL_PENNANTS, cell) = (float)pennants;
        int sides = 0;
        carc_game_tile_overlay(game, t.x, t.y, &sides, NULL);
        for (int e = 0; e < 4; e++)
            if (sides >> e & 1) AT(PL_EDGE + 3 * e + 1, cell) = 1.0f;
        AT(PL_ORDER, cell) = (float)(t.order + 1);
        if (L->tower) {
            carc_structure st;
            if (carc_game_structure(game, t.x, t.y, &st) == CARC_OK
                && st.kind == CARC_STRUCTURE_TOWER) {
                AT(L->p_tower, cell) = 1.0f;
                if (st.height) AT(L->p_tower + 1, cell) = (float)st.height;
                if (st.top < 0) AT(L->p_tower + 2, cell) = 1.0f;
                else if ((size_t)st.top < nfigs && figs[st.top].owner >= 0)
                    AT(L->p_tower + 3 + REL(figs[st.top].owner), cell) = 1.0f;
            }
        }
    }
    h[L->outside] = (float)outside;
#define INSIDE(x, y) ((x) >= -radius && (x) <= radius && (y) >= -radius && (y) <= radius \
                      && AT(PL_TILE, ((y) + radius) * window + (x) + radius) != 0.0f)
#define CELL(x, y) (((y) + radius) * window + (x) + radius)
    if (d.kind == CARC_DECISION_DEPLOY && INSIDE(d.x, d.y)) AT(PL_JUST_LAID, CELL(d.x, d.y)) = 1.0f;

    int nk = L->nkinds;
    for (size_t i = 0; i < nfigs; i++) {
        const carc_figure *f = &figs[i];
        int inside = INSIDE(f->x, f->y);
        int ki = f->kind >= 0 && f->kind < CARC_FIGURE_KINDS ? L->kind_index[f->kind] : -1;
        if (ki >= 0) {
            if (f->where == CARC_WHERE_SUPPLY && f->owner >= 0 && f->owner < n)
                h[L->supply_by_kind + REL(f->owner) * nk + ki] += 1.0f;
            else if ((f->where == CARC_WHERE_BOARD || f->where == CARC_WHERE_TILE
                      || f->where == CARC_WHERE_ATTACHED) && inside)
                AT(OBS_PLANES + ki, CELL(f->x, f->y)) += 1.0f;
        }
        if (f->where != CARC_WHERE_BOARD || !inside) continue;
        int cell = CELL(f->x, f->y);
        AT(f->owner >= 0 ? PL_OWNER + REL(f->owner) : PL_NEUTRAL, cell) += 1.0f;
        carc_placed_tile t;
        if (carc_game_tile_at(game, f->x, f->y, &t) == CARC_OK) {
            int feature = segment_feature(t.type, f->segment);
            if (feature >= 0) AT(PL_FEATURE + feature, cell) += 1.0f;
        }
    }

    if (L->dragon) {
        carc_dragon_info di;
        if (carc_game_dragon(game, &di) == CARC_OK) {
            h[L->o_dragon] = di.dragon_on_board ? 1.0f : 0.0f;
            if (di.flying) {
                h[L->o_dragon + 1] = 1.0f;
                h[L->o_dragon + 2] = (float)di.steps_left;
                if (di.mover >= 0 && di.mover < n) h[L->dragon_mover + REL(di.mover)] = 1.0f;
                for (int i = 0; i < di.num_visited && i < 7; i++)
                    if (INSIDE(di.visited_x[i], di.visited_y[i]))
                        AT(L->p_visited, CELL(di.visited_x[i], di.visited_y[i])) = 1.0f;
            }
            int i = di.fairy_follower;
            if (i >= 0 && (size_t)i < nfigs && figs[i].owner >= 0 && figs[i].owner < n) {
                h[L->fairy_follower + REL(figs[i].owner)] = 1.0f;
                carc_placed_tile t;
                if (figs[i].where == CARC_WHERE_BOARD
                    && carc_game_tile_at(game, figs[i].x, figs[i].y, &t) == CARC_OK) {
                    int feature = segment_feature(t.type, figs[i].segment);
                    if (feature >= 0) h[L->fairy_feature + feature] = 1.0f;
                }
            }
        }
    }
    if (L->tower) {
        for (int p = 0; p < n; p++)
            h[L->floors + REL(p)] = (float)carc_game_tokens(game, p, CARC_TOKEN_TOWER_FLOOR);
        int tower_id = carc_module_by_name("tower");
        for (size_t i = 0; i < nfigs; i++) {
            const carc_figure *f = &figs[i];
            if (f->where == CARC_WHERE_HELD && (f->state >> 8 & 0xFF) == tower_id
                && f->owner >= 0 && f->owner < n && f->arg >= 0 && f->arg < n)
                h[L->prisoners + REL(f->arg) * OBS_SEATS + REL(f->owner)] += 1.0f;
        }
    }
    if (L->catapult || L->pig || L->dungeon) module_blocks_07(game, player, n, window, figs, nfigs, L, h, P);
    if (L->count) {
        int count_id = carc_module_by_name("count");
        for (size_t i = 0; i < nfigs; i++) {
            const carc_figure *f = &figs[i];
            if (f->where != CARC_WHERE_HELD || (f->state >> 8 & 0xFF) != count_id
                || f->arg < 0 || f->arg >= 4)
                continue;
            if (f->kind == CARC_FIGURE_COUNT) h[L->o_count + f->arg] = 1.0f;
            else if (f->owner >= 0 && f->owner < n)
                h[L->quarters + f->arg * OBS_SEATS + REL(f->owner)] += 1.0f;
        }
    }
#undef INSIDE
#undef CELL
#undef AT
#undef REL
    return CARC_OK;
}
