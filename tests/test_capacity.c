/* The roadmap's worst case (../shared/design/core-review.md section 3):
 * 6 players, 236 tiles, 94 figures, 77 decisions and 74 score events per
 * tile, declared by the test-only module probe_capacity (slot 14,
 * tests/probe/capacity_module.c, 164 straight roads in
 * tests/probe/capacity.def).  Through the public API, every tile of the set
 * is laid: the capacity roads first, each drawn by name ("draw ZR") and laid
 * at the east end of one line ("place X,0 r0"), then the rest as drawn, at
 * the legal cell with the highest id (the newest anchor).  Deployments and
 * module decisions take pass, or the first choice.  At every decision:
 *   - every legal id lies in its space (< CARC_NUM_DISTINCT_ACTIONS, or
 *     < CARC_MAX_CHANCE_OUTCOMES at a chance decision), ids ascend, and each
 *     reads back through its structured form;
 *   - carc_game_legal_mask() sets exactly the listed ids (it drops none);
 * and the board reaches its tile count: base + capacity lays exactly 236
 * tiles (legal ids anchored up to tile 234, cells of tile 235 in the
 * frontier); with both probes on as well 242 (abbeys stay in hand), legal
 * ids anchored up to tile 240. */
#include "core/state.h"

#include <check.h>

#include "new_game.h"
#include "run_suite.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REQ(c, ...)                            \
    do {                                       \
        if (!(c)) ck_abort_msg(__VA_ARGS__);   \
    } while (0)

#define PROBE (1ull << 12)
#define PROBE2 (1ull << 13)
#define CAPACITY (1ull << 14)

START_TEST(declared_worst_case)
{
    ck_assert_int_eq(carc_module_by_name("probe_capacity"), 14);
    /* base + capacity, 6 players: exactly the roadmap's worst case */
    carc_game *g = new_game_mods(CAPACITY, 6, 1);
    ck_assert_uint_eq(g->L.cap_tiles, 236);
    ck_assert_uint_eq(g->L.cap_figs, 94);
    ck_assert_uint_eq(g->L.cap_hist, 77 * 236 + 8 + 2 + CARC_PAYLOAD_MAX);
    ck_assert_int_eq(carc_game_tiles_remaining(g, -1), 235);
    ck_assert_int_eq(carc_game_tiles_remaining(g, carc_tile_by_name("ZR")), 164);
    size_t nf = 0;
    ck_assert_int_eq(carc_game_figures(g, NULL, 0, &nf), CARC_E_BUFFER);
    ck_assert_uint_eq(nf, 94);
    carc_game_free(g);
    /* with both probes too: more than the worst case, still in range */
    g = new_game_mods(PROBE | PROBE2 | CAPACITY, 6, 1);
    ck_assert_uint_eq(g->L.cap_tiles, 236 + 13);
    ck_assert_uint_eq(g->L.cap_figs, 94 + 6 + 7);
    ck_assert_uint_le(g->L.cap_tiles, CARC_MAX_TILES);
    ck_assert_uint_le(g->L.cap_figs, CARC_ID_FIGURE_N);
    carc_game_free(g);
    /* not enabled: the base game is untouched */
    carc_game *a = new_game_mods(0, 6, 1);
    ck_assert_uint_eq(a->L.cap_tiles, 72);
    ck_assert_uint_eq(a->L.cap_figs, 42);
    carc_game_free(a);
}
END_TEST

typedef struct line_stats {
    int zr_laid;      /* capacity roads laid on the line */
    int max_anchor;   /* highest anchor of an applied placement id */
    int max_legal_anchor; /* highest anchor of any legal placement id */
    long decisions;
} line_stats;

/* Check the pending decision's ids and mask; returns the ids' count. */
static size_t check_ids(carc_game *g, int32_t *ids)
{
    size_t n = 0;
    REQ(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &n) == CARC_OK, "legal ids");
    bool chance = carc_game_current_player(g) == CARC_PLAYER_CHANCE;
    carc_decision d;
    REQ(carc_game_decision(g, &d) == CARC_OK, "decision");
    if (d.flags & CARC_DECISION_F_SAMPLED_ONLY) {
        REQ(chance && n == 0, "a sampled-only decision lists ids");
        return 0;
    }
    REQ(n > 0, "no legal action at decision kind %d", d.kind);
    int32_t bound = chance ? CARC_MAX_CHANCE_OUTCOMES : CARC_NUM_DISTINCT_ACTIONS;
    static uint8_t mask[CARC_NUM_DISTINCT_ACTIONS];
    memset(mask, 0xAA, sizeof mask);
    REQ(carc_game_legal_mask(g, mask, sizeof mask) == CARC_OK, "mask");
    size_t ones = 0;
    for (int32_t i = 0; i < bound; i++) {
        REQ(mask[i] <= 1, "mask byte %d is %d", i, mask[i]);
        ones += mask[i];
    }
    for (size_t i = 0; i < n; i++) {
        REQ(ids[i] >= 0 && ids[i] < bound, "id %d out of its space [0, %d)", ids[i], bound);
        REQ(mask[ids[i]] == 1, "the mask drops legal id %d", ids[i]);
        REQ(i == 0 || ids[i] > ids[i - 1], "ids not ascending at decision kind %d", d.kind);
        carc_action a;
        int32_t back = -1;
        REQ(carc_action_from_id(g, ids[i], &a) == CARC_OK, "id %d has no action", ids[i]);
        REQ(carc_action_to_id(g, &a, &back) == CARC_OK && back == ids[i],
            "id %d reads back as %d", ids[i], back);
    }
    REQ(ones == n, "mask has %zu ids, the list %zu", ones, n);
    if (!chance) {
        /* a buffer of exactly n gets every id, the last one included
         * (carc__sink_push_id's cap), and nothing past it */
        static int32_t exact[CARC_NUM_DISTINCT_ACTIONS + 1];
        size_t need = 0;
        exact[n] = -7;
        REQ(carc_game_legal_ids(g, exact, n, &need) == CARC_OK && need == n &&
                !memcmp(exact, ids, n * sizeof ids[0]) && exact[n] == -7,
            "a buffer of exactly %zu ids", n);
        /* a buffer one short is refused, never silently cut */
        if (n > 1)
            REQ(carc_game_legal_ids(g, ids, n - 1, &need) == CARC_E_BUFFER && need == n,
                "short buffer");
        REQ(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &need) == CARC_OK, "ids");
        REQ(carc_game_legal_mask(g, mask, CARC_NUM_DISTINCT_ACTIONS - 1) == CARC_E_BUFFER,
            "short mask accepted");
    }
    return n;
}

static bool has(const int32_t *ids, size_t n, int32_t id)
{
    for (size_t i = 0; i < n; i++)
        if (ids[i] == id) return true;
    return false;
}

static void apply_text(carc_game *g, const char *text, const int32_t *ids, size_t n)
{
    carc_action a;
    int32_t id;
    REQ(carc_action_from_string(g, text, &a) == CARC_OK, "'%s' does not parse", text);
    REQ(carc_action_to_id(g, &a, &id) == CARC_OK, "'%s' has no id", text);
    REQ(has(ids, n, id), "'%s' (id %d) is not legal", text, id);
    REQ(carc_game_apply(g, &a) == CARC_OK, "'%s' refused", text);
}

/* Play the whole game as the file comment says. */
static void play_line(carc_game *g, line_stats *st)
{
    int32_t *ids = malloc(sizeof(int32_t) * CARC_NUM_DISTINCT_ACTIONS);
    ck_assert_ptr_nonnull(ids);
    const int zr = carc_tile_by_name("ZR");
    ck_assert_int_ge(zr, 0);
    memset(st, 0, sizeof *st);
    st->max_anchor = st->max_legal_anchor = -1;
    int placing_zr = 0;
    while (!carc_game_is_terminal(g)) {
        size_t n = check_ids(g, ids);
        carc_decision d;
        carc_game_decision(g, &d);
        st->decisions++;
        char text[64];
        if (d.kind == CARC_DECISION_DRAW) {
            placing_zr = carc_game_tiles_remaining(g, zr) > 0;
            if (placing_zr) {
                apply_text(g, "draw ZR", ids, n);
            } else {
                REQ(carc_game_sample_chance(g, NULL) == CARC_OK, "draw");
            }
            continue;
        }
        if (carc_game_current_player(g) == CARC_PLAYER_CHANCE) { /* a module's */
            REQ(carc_game_sample_chance(g, NULL) == CARC_OK, "chance");
            continue;
        }
        if (d.kind == CARC_DECISION_PLACE) {
            for (size_t i = 0; i < n; i++) {
                int anchor = (ids[i] - CARC_ID_CELL) / 16;
                REQ(ids[i] >= CARC_ID_CELL && ids[i] < CARC_ID_CELL + CARC_ID_CELL_N,
                    "place id %d outside the cell range", ids[i]);
                REQ(anchor < carc_game_tile_count(g), "anchor %d of %d tiles", anchor,
                    carc_game_tile_count(g));
                if (anchor > st->max_legal_anchor) st->max_legal_anchor = anchor;
            }
            int32_t id;
            if (placing_zr && d.tile == zr) {
                /* the east end of the line: the cell east of the last road */
                int x = st->zr_laid + 1;
                snprintf(text, sizeof text, "place %d,0 r0", x);
                carc_action a;
                REQ(carc_action_from_string(g, text, &a) == CARC_OK, "parse");
                REQ(carc_action_to_id(g, &a, &id) == CARC_OK, "'%s' has no id", text);
                REQ(id == CARC_ID_CELL + (x - 1) * 16 + 1 * 4 + 0, "'%s' is id %d", text, id);
                apply_text(g, text, ids, n);
                carc_placed_tile t;
                REQ(carc_game_tile_at(g, x, 0, &t) == CARC_OK && t.order == x && t.type == zr,
                    "road %d not on the line", x);
                st->zr_laid++;
            } else {
                id = ids[n - 1];
                REQ(carc_game_apply_id(g, id) == CARC_OK, "place id %d refused", id);
            }
            int anchor = (id - CARC_ID_CELL) / 16;
            if (anchor > st->max_anchor) st->max_anchor = anchor;
            continue;
        }
        /* deployments and module decisions: pass where offered, else the
         * first choice (0 of a number) */
        int32_t id = has(ids, n, CARC_ID_PASS) ? CARC_ID_PASS : ids[0];
        REQ(carc_game_apply_id(g, id) == CARC_OK, "id %d refused at decision kind %d", id,
            d.kind);
    }
    size_t n = 1;
    REQ(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &n) == CARC_OK && n == 0,
        "legal ids after the end");
    free(ids);
}

/* The board window (lib/core/board.c): every placed tile and every open
 * frontier cell is read back from it at its own coordinates, the window
 * fits the grid's capacity, and the cells just outside it read empty. */
static void check_window(const carc_game *g)
{
    ck_assert_uint_le((uint32_t)g->gw * g->gh, g->L.cap_grid);
    for (uint32_t t = 0; t < g->ntiles; t++)
        ck_assert_int_eq(carc__cell_get(g, CTILES(g)[t].x, CTILES(g)[t].y), (int)t);
    uint32_t open = 0;
    CARC_FOR_LIVE(g, k, fi) {
        ck_assert_int_eq(carc__cell_get(g, CFRONT(g)[fi].x, CFRONT(g)[fi].y), -(int)fi - 2);
        open++;
    }
    ck_assert_uint_eq(open, g->live_front);
    ck_assert_int_eq(carc__cell_get(g, g->gx0 - 1, g->gy0), -1);
    ck_assert_int_eq(carc__cell_get(g, g->gx0 + g->gw, g->gy0 + g->gh - 1), -1);
    ck_assert_int_eq(carc__cell_get(g, g->gx0, g->gy0 + g->gh), -1);
    ck_assert_int_eq(carc__cell_get(g, INT32_MIN, INT32_MAX), -1);
}

/* A new base game's window: the start tile, its 4 open cells, and a margin
 * of 4 (11 x 11 cells, 242 bytes to clear and to clone); its capacity is
 * the largest box 72 tiles can span with their frontier, 38 x 39 cells
 * (width + height <= 72 + 1 + 4). */
START_TEST(board_window)
{
    carc_game *g = new_game_mods(0, 2, 1);
    ck_assert_int_eq(g->gx0, -5);
    ck_assert_int_eq(g->gy0, -5);
    ck_assert_int_eq(g->gw, 11);
    ck_assert_int_eq(g->gh, 11);
    ck_assert_uint_eq(g->L.cap_grid, 38 * 39);
    ck_assert_uint_eq(g->live_front, 4);
    check_window(g);
    carc_game_free(g);
}
END_TEST

/* base + capacity, 6 players: the worst case exactly.  Every tile is laid:
 * 236 on the board, the last placements anchored on tiles up to 235. */
START_TEST(line_worst_case)
{
    carc_game *g = new_game_mods(CAPACITY, 6, 7);
    line_stats st;
    play_line(g, &st);
    ck_assert_int_eq(st.zr_laid, 164);
    ck_assert_int_eq(carc_game_tiles_remaining(g, -1), 0);
    ck_assert_int_eq(carc_game_tile_count(g), 236);
    ck_assert_int_eq(g->discarded, 0);
    /* the last tile (order 235) was laid on a cell of tile 234; the cells
     * tile 235 opened carry ids too, all inside the cell range */
    ck_assert_int_eq(st.max_anchor, 234);
    ck_assert_int_eq(st.max_legal_anchor, 234);
    int top = -1;
    for (uint32_t i = 0; i < g->nfront; i++) {
        const front *f = &CFRONT(g)[i];
        /* its id names a side of its anchor */
        ck_assert_uint_eq((f->idbase - CARC_ID_CELL) / 16, f->anchor);
        ck_assert_uint_eq((f->idbase - CARC_ID_CELL) % 4, 0);
        ck_assert_int_lt(f->idbase + 3, CARC_ID_CELL + CARC_ID_CELL_N);
        if (f->anchor > top) top = f->anchor;
    }
    ck_assert_int_eq(top, 235);
    /* the line spans 165 columns: the window grew to hold it */
    check_window(g);
    ck_assert_int_ge(g->gw, 165 + 2);
    /* a clone of the final state is the same state */
    carc_game *c = NULL;
    ck_assert_int_eq(carc_game_clone(&c, g), CARC_OK);
    ck_assert(carc__state_equal(c, g));
    carc_game_free(c);
    carc_game_free(g);
}
END_TEST

/* base + probe + probe2 + capacity, 6 players: 249 tiles in the set (the
 * 164 roads, the base's 72, the probe set's 6 drawn tiles and 7 abbeys;
 * no abbey is laid: each player's is passed, the start layout's is unused),
 * so 242 on the board; 107 figures; module decisions met on the way. */
START_TEST(line_all_probes)
{
    carc_game *g = new_game_mods(PROBE | PROBE2 | CAPACITY, 6, 11);
    line_stats st;
    play_line(g, &st);
    ck_assert_int_eq(st.zr_laid, 164);
    ck_assert_int_eq(carc_game_tiles_remaining(g, -1), 0);
    ck_assert_int_eq(carc_game_tile_count(g) + g->discarded, 72 + 164 + 6);
    ck_assert_int_eq(carc_game_tile_count(g), 242);
    ck_assert_int_eq(st.max_legal_anchor, 240);
    ck_assert_int_eq(st.max_anchor, 240);
    check_window(g);
    carc_game_free(g);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("capacity");
    TCase *tc = tcase_create("worst case");
    tcase_add_test(tc, declared_worst_case);
    tcase_add_test(tc, line_worst_case);
    tcase_add_test(tc, line_all_probes);
    tcase_add_test(tc, board_window);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
