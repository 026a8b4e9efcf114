/*
 * fuzz_actions: random and hostile action sequences with invariant checks.
 *
 * Byte 0 picks the player count (2..6), the seed and (once optional modules
 * exist) the module set, see fz_modules().  Every further byte is one step:
 *   0x00-0xAF, 0xB4-0xBF
 *              a legal action, by index into carc_game_legal_ids(), applied
 *              by id (odd bytes) or as a structured action (even bytes); at
 *              a chance decision, bytes below 0x30 use
 *              carc_game_sample_chance() instead
 *   0xB0-0xB1  record -> replay round trip (and once more at the end)
 *   0xB2-0xB3  serialize -> deserialize round trip, continue on the copy
 *   0xC0-0xCF  a raw id from the next two bytes (signed 16 bits)
 *   0xD0-0xDF  an id near the valid range from the next two bytes
 *   0xE0-0xFF  a structured action from the next seven bytes
 * Raw and structured actions are mostly illegal: a refusal must return a
 * negative code and leave the game byte-identical (serialization, and the
 * raw state block); an acceptance must have been a legal id.
 *
 * After every step: terminal <=> CARC_PLAYER_TERMINAL; a live decision has
 * a legal action; legal ids ascend, are in range and agree with the legal
 * mask; every player has 7 followers across supply and board, and the
 * supply count agrees with carc_game_supply(); scores never decrease; a
 * clone serializes identically (every 8th step and at the end; the raw state
 * block is compared every step); at the end, final scores = live scores.
 */
#include "fuzz_common.h"

typedef struct ctx {
    carc_game *g;
    int players;
    int32_t last[CARC_MAX_PLAYERS];
    int32_t *ids;
    size_t nids;
    uint8_t *mask;
    carc_figure *figs;
    size_t figcap;
    unsigned checks;
#ifdef CARCVAR_FUZZ_INTERNAL
    carc_game *before;
#endif
} ctx;

FZ_NO_COVERAGE static void refresh_ids(ctx *c)
{
    c->nids = 0;
    if (carc_game_is_terminal(c->g)) return;
    REQUIRE_OK(carc_game_legal_ids(c->g, c->ids, CARC_NUM_DISTINCT_ACTIONS, &c->nids));
}

FZ_NO_COVERAGE static int is_legal(const ctx *c, int32_t id)
{
    for (size_t i = 0; i < c->nids; i++)
        if (c->ids[i] == id) return 1;
    return 0;
}

FZ_NO_COVERAGE static void check_invariants(ctx *c)
{
    carc_game *g = c->g;
    int cur = carc_game_current_player(g);
    int term = carc_game_is_terminal(g);
    REQUIRE(term == 0 || term == 1);
    REQUIRE_MSG(term == (cur == CARC_PLAYER_TERMINAL), "terminal %d, current player %d", term,
                cur);
    REQUIRE(cur == CARC_PLAYER_TERMINAL || cur == CARC_PLAYER_CHANCE ||
            (cur >= 0 && cur < c->players));

    carc_decision d;
    REQUIRE_OK(carc_game_decision(g, &d));
    REQUIRE(d.player == cur);
    REQUIRE((d.kind == CARC_DECISION_END) == term);
    REQUIRE((d.kind == CARC_DECISION_DRAW) == (cur == CARC_PLAYER_CHANCE));

    refresh_ids(c);
    if (!term) {
        REQUIRE_MSG(c->nids > 0, "live decision (kind %d) without a legal action", d.kind);
        size_t space = cur == CARC_PLAYER_CHANCE ? CARC_MAX_CHANCE_OUTCOMES
                                                 : CARC_NUM_DISTINCT_ACTIONS;
        for (size_t i = 0; i < c->nids; i++) {
            REQUIRE(c->ids[i] >= 0 && (size_t)c->ids[i] < space);
            if (i) REQUIRE(c->ids[i - 1] < c->ids[i]);
        }
        REQUIRE_OK(carc_game_legal_mask(g, c->mask, space));
        size_t ones = 0;
        for (size_t i = 0; i < space; i++) {
            REQUIRE(c->mask[i] <= 1);
            ones += c->mask[i];
        }
        REQUIRE_MSG(ones == c->nids, "mask has %zu ones, %zu legal ids", ones, c->nids);
        for (size_t i = 0; i < c->nids; i++) REQUIRE(c->mask[c->ids[i]] == 1);
        if (space == CARC_NUM_DISTINCT_ACTIONS)
            REQUIRE(carc_game_legal_mask(g, c->mask, CARC_MAX_CHANCE_OUTCOMES) == CARC_E_BUFFER);
    }

    /* followers: 7 per player across supply and board */
    size_t nf = 0;
    int rc = carc_game_figures(g, c->figs, c->figcap, &nf);
    if (rc == CARC_E_BUFFER) {
        free(c->figs);
        c->figcap = nf;
        c->figs = fz_alloc(sizeof(carc_figure) * nf);
        rc = carc_game_figures(g, c->figs, c->figcap, &nf);
    }
    REQUIRE_OK(rc);
    for (int p = 0; p < c->players; p++) {
        int supply = 0, board = 0, other = 0;
        for (size_t i = 0; i < nf; i++) {
            const carc_figure *f = &c->figs[i];
            if (f->owner != p || f->kind != CARC_FIGURE_FOLLOWER) continue;
            if (f->where == CARC_WHERE_SUPPLY) supply++;
            else if (f->where == CARC_WHERE_BOARD) board++;
            else other++;
        }
        REQUIRE_MSG(supply + board == 7, "player %d: %d followers in supply, %d on the board",
                    p, supply, board);
        REQUIRE(other == 0);
        REQUIRE(supply == carc_game_supply(g, p, CARC_FIGURE_FOLLOWER));
    }

    /* scores never decrease */
    for (int p = 0; p < c->players; p++) {
        int32_t s;
        REQUIRE_OK(carc_game_score(g, p, &s));
        REQUIRE_MSG(s >= c->last[p], "player %d score fell from %d to %d", p, c->last[p], s);
        c->last[p] = s;
    }
    if (term) {
        int32_t fs[CARC_MAX_PLAYERS];
        REQUIRE_OK(carc_game_final_scores(g, fs, CARC_MAX_PLAYERS));
        for (int p = 0; p < c->players; p++) REQUIRE(fs[p] == c->last[p]);
    }

    /* a clone is the same game: the same serialization (every 8th check and
     * at the end: serializing is the costliest part of a step) and the same
     * state block */
    carc_game *cl = NULL;
    REQUIRE_OK(carc_game_clone(&cl, g));
#ifdef CARCVAR_FUZZ_INTERNAL
    REQUIRE(carc__state_bytes(cl) == carc__state_bytes(g));
    REQUIRE_MSG(carc__state_equal(cl, g), "clone differs from the original");
    if (term || c->checks % 8 == 0) fz_require_same_game(g, cl);
#else
    fz_require_same_game(g, cl);
#endif
    carc_game_free(cl);
    c->checks++;
}

/* Apply a probably-illegal action (id >= -1 << 20 means by id, else the
 * structured action a). */
FZ_NO_COVERAGE static void hostile(ctx *c, int by_id, int32_t id, const carc_action *a)
{
    size_t n0;
    uint8_t *s0 = fz_serialize(c->g, &n0);
#ifdef CARCVAR_FUZZ_INTERNAL
    REQUIRE_OK(carc_game_copy(c->before, c->g));
#endif
    int32_t aid = -1;
    int idrc = CARC_E_INVALID;
    if (!by_id) idrc = carc_action_to_id(c->g, a, &aid);
    int rc = by_id ? carc_game_apply_id(c->g, id) : carc_game_apply(c->g, a);
    if (rc == CARC_OK) {
        if (by_id) {
            REQUIRE_MSG(is_legal(c, id), "illegal id %d accepted", id);
        } else {
            REQUIRE_MSG(idrc == CARC_OK && is_legal(c, aid),
                        "structured action kind %d (id rc %d, id %d) accepted but not legal",
                        a->kind, idrc, aid);
        }
    } else {
        REQUIRE_MSG(rc < 0, "apply returned %d", rc);
        if (by_id) REQUIRE_MSG(!is_legal(c, id), "legal id %d refused: %d", id, rc);
        size_t n1;
        uint8_t *s1 = fz_serialize(c->g, &n1);
        REQUIRE_MSG(fz_same_bytes(s0, n0, s1, n1), "refused action changed the game");
        free(s1);
#ifdef CARCVAR_FUZZ_INTERNAL
        REQUIRE_MSG(carc__state_equal(c->before, c->g),
                    "refused action changed the state block");
#endif
    }
    free(s0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    ctx c;
    memset(&c, 0, sizeof c);
    carc_options o;
    carc_options_init(&o);
    c.players = CARC_MIN_PLAYERS + data[0] % 5;
    o.num_players = c.players;
    o.seed = data[0] / 5;
    o.modules = fz_modules(data[0] / 5);
    REQUIRE_OK(carc_game_new(&c.g, &o));
    c.ids = fz_alloc(sizeof(int32_t) * CARC_NUM_DISTINCT_ACTIONS);
    c.mask = fz_alloc(CARC_NUM_DISTINCT_ACTIONS);
    c.figcap = 64;
    c.figs = fz_alloc(sizeof(carc_figure) * c.figcap);
#ifdef CARCVAR_FUZZ_INTERNAL
    REQUIRE_OK(carc_game_clone(&c.before, c.g));
#endif
    check_invariants(&c);

    size_t i = 1;
    while (i < size && !carc_game_is_terminal(c.g)) {
        uint8_t b = data[i++];
        if (b < 0xB0 || (b >= 0xB4 && b < 0xC0)) {
            if (carc_game_current_player(c.g) == CARC_PLAYER_CHANCE && b < 0x30) {
                carc_action drawn;
                REQUIRE_OK(carc_game_sample_chance(c.g, &drawn));
                REQUIRE(drawn.kind == CARC_ACTION_DRAW);
            } else {
                REQUIRE(c.nids > 0);
                int32_t id = c.ids[b % c.nids];
                carc_action a;
                REQUIRE_OK(carc_action_from_id(c.g, id, &a));
                int32_t back = -1;
                REQUIRE_OK(carc_action_to_id(c.g, &a, &back));
                REQUIRE(back == id);
                if (b & 1) REQUIRE_OK(carc_game_apply_id(c.g, id));
                else REQUIRE_OK(carc_game_apply(c.g, &a));
            }
        } else if (b < 0xB2) {
            fz_require_record_roundtrip(c.g);
        } else if (b < 0xB4) {
            carc_game *r = fz_require_serial_roundtrip(c.g);
            carc_game_free(c.g);
            c.g = r;
        } else if (b < 0xE0) {
            uint8_t hi = i < size ? data[i++] : 0, lo = i < size ? data[i++] : 0;
            int32_t id;
            if (b < 0xD0) id = (int16_t)(uint16_t)((hi << 8) | lo);
            else id = (int32_t)(((unsigned)hi << 8 | lo) % (CARC_NUM_DISTINCT_ACTIONS + 64)) - 32;
            hostile(&c, 1, id, NULL);
        } else {
            uint8_t v[7] = {0};
            for (int k = 0; k < 7; k++) v[k] = i < size ? data[i++] : 0;
            carc_action a;
            memset(&a, 0, sizeof a);
            a.kind = v[0] % 8 == 7 ? 16 + v[0] / 8 % 4 : v[0] % 8 - 1; /* -1..5, 16..19 */
            a.tile = (int8_t)v[1];
            a.x = (int8_t)v[2] / 4;
            a.y = (int8_t)v[3] / 4;
            a.rotation = v[4] % 7 - 1;
            a.figure = v[5] % 20 - 2;
            a.segment = (int8_t)v[6] / 3;
            hostile(&c, 0, 0, &a);
        }
        check_invariants(&c);
    }

    if (i > 1) fz_require_record_roundtrip(c.g);

#ifdef CARCVAR_FUZZ_INTERNAL
    carc_game_free(c.before);
#endif
    carc_game_free(c.g);
    free(c.ids);
    free(c.mask);
    free(c.figs);
    return 0;
}
