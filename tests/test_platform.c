/* The module platform's invariants, in random full games with both probe
 * modules on (tests/probe/: every step, chance decisions of a module,
 * decisions of other players, extra parts, an end phase, held tiles with
 * wildcard edges, a start layout, figures on tiles, attached and held
 * figures, vetoes, a two-step choice):
 *   - ids ascend and stay below their space; the mask agrees with the ids;
 *   - every legal action applies, and reads back through its structured
 *     form and its text;
 *   - an illegal id and a malformed action are refused with the state
 *     unchanged (carc__state_equal);
 *   - figures are conserved per player and kind, the supply cache matches
 *     the figures, scores never fall;
 *   - serialize -> restore and record -> replay reproduce the game exactly;
 *     a public record replays to the same public state;
 *   - two games that differ only in their seed, after the same public
 *     actions, write byte-identical public records. */
#include "core/state.h"

#include <check.h>

#include "probe/probe2.h"

#include "quiet_check.h"
#include "refuse_ids.h"
#include "run_suite.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


#ifndef NGAMES
#define NGAMES 300
#endif

static carc_game *new_game(uint64_t seed, int players, int layout)
{
    carc_options o;
    carc_options_init(&o);
    o.seed = seed;
    o.num_players = players;
    o.modules |= (1ull << 12) | (1ull << 13);
    if (layout) ck_assert_int_eq(carc_options_set_rule(&o, "probe2_start", 2), CARC_OK);
    carc_game *g;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    return g;
}

/* figures per (owner + 1, kind) */
static void census(const carc_game *g, int counts[CARC_MAX_PLAYERS + 1][CARC_FIGURE_KINDS])
{
    carc_figure figs[128];
    size_t n;
    REQ_MSG(carc_game_figures(g, figs, 128, &n) == CARC_OK, "figures");
    memset(counts, 0, sizeof(int) * (CARC_MAX_PLAYERS + 1) * CARC_FIGURE_KINDS);
    int supply[CARC_MAX_PLAYERS][CARC_FIGURE_KINDS] = {{0}};
    for (size_t i = 0; i < n; i++) {
        counts[figs[i].owner + 1][figs[i].kind]++;
        if (figs[i].owner >= 0 && figs[i].where == CARC_WHERE_SUPPLY)
            supply[figs[i].owner][figs[i].kind]++;
        if (figs[i].where == CARC_WHERE_BOARD || figs[i].where == CARC_WHERE_TILE) {
            carc_placed_tile t;
            REQ_MSG(carc_game_tile_at(g, figs[i].x, figs[i].y, &t) == CARC_OK, "figure off the board");
        }
        if (figs[i].where == CARC_WHERE_ATTACHED)
            REQ_MSG(figs[i].arg >= 0 && (size_t)figs[i].arg < n, "attached to nothing");
    }
    for (int p = 0; p < carc_game_num_players(g); p++)
        for (int k = 0; k < CARC_FIGURE_KINDS; k++)
            REQ_MSG(supply[p][k] == carc_game_supply(g, p, k), "supply cache of %d/%d", p, k);
}

static void check_decision(carc_game *g, carc_game *scratch, carc_game *before, uint64_t *rs,
                           int32_t *ids, size_t *n_out)
{
    size_t n;
    REQ_MSG(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &n) == CARC_OK, "legal ids");
    *n_out = n;
    bool chance = carc_game_current_player(g) == CARC_PLAYER_CHANCE;
    carc_decision d;
    carc_game_decision(g, &d);
    if (d.flags & CARC_DECISION_F_SAMPLED_ONLY) {
        /* a structured outcome: no list; a bad structure changes nothing */
        REQ_MSG(chance && n == 0, "a sampled-only decision lists actions");
        int32_t oid[4];
        double pr[4];
        size_t no;
        REQ_MSG(carc_game_chance_outcomes(g, oid, pr, 4, &no) == CARC_E_UNSUPPORTED, "outcomes");
        carc_game_copy(before, g);
        carc_action bad;
        REQ_MSG(carc_action_from_string(g, "gust 12,30 hits 0", &bad) == CARC_OK, "gust text");
        bad.x = 45 + (int32_t)(lcg(rs) % 100);
        REQ_MSG(carc_game_apply(g, &bad) == CARC_E_ILLEGAL, "a bad gust accepted");
        REQ_MSG(carc__state_equal(g, before), "a refused gust changed the state");
        /* the same as words (carc_game_apply_outcome), and a figure index
         * past the last one, refused with a reason */
        uint16_t w[4] = {(uint16_t)bad.x, 30, 0, 0};
        carc_explanation why;
        memset(&bad, 0, sizeof bad);
        bad.kind = CARC_MODULE_KIND(13, 7);
        REQ_MSG(carc_game_apply_outcome(g, &bad, w, 3, &why) == CARC_E_ILLEGAL && why.message[0],
            "bad gust words accepted");
        w[0] = 12;
        w[3] = (uint16_t)(200 + lcg(rs) % 1000);
        REQ_MSG(carc_game_apply_outcome(g, &bad, w, 4, &why) == CARC_E_ILLEGAL && why.message[0],
            "a touched figure that does not exist accepted");
        REQ_MSG(carc__state_equal(g, before), "a refused outcome changed the state");
        return;
    }
    REQ_MSG(n > 0, "no legal action at decision kind %d", d.kind);
    int32_t bound = chance ? CARC_MAX_CHANCE_OUTCOMES : CARC_NUM_DISTINCT_ACTIONS;
    static uint8_t mask[CARC_NUM_DISTINCT_ACTIONS];
    REQ_MSG(carc_game_legal_mask(g, mask, sizeof mask) == CARC_OK, "mask");
    size_t ones = 0;
    for (int32_t i = 0; i < bound; i++) ones += mask[i];
    REQ_MSG(ones == n, "mask has %zu ids, list %zu", ones, n);
    for (size_t i = 0; i < n; i++) {
        REQ_MSG(ids[i] >= 0 && ids[i] < bound && mask[ids[i]], "id %d out of its space", ids[i]);
        REQ_MSG(i == 0 || ids[i] > ids[i - 1], "ids not ascending at decision kind %d", d.kind);
        carc_action a, b;
        char text[96];
        int32_t back;
        REQ_MSG(carc_action_from_id(g, ids[i], &a) == CARC_OK, "id %d has no action", ids[i]);
        REQ_MSG(carc_action_to_string(g, &a, text, sizeof text, NULL) == CARC_OK, "no text");
        REQ_MSG(carc_action_from_string(g, text, &b) == CARC_OK, "'%s' does not parse", text);
        REQ_MSG(carc_action_to_id(g, &b, &back) == CARC_OK && back == ids[i], "'%s' reads back as %d",
            text, back);
        carc_game_copy(scratch, g);
        int rc = carc_game_apply_id(scratch, ids[i]);
        REQ_MSG(rc == CARC_OK, "legal '%s' (id %d) refused: %d", text, ids[i], rc);
    }
    /* refusals change nothing */
    carc_game_copy(before, g);
    refuse_random_ids(g, before, ids, n, rs);
    carc_action junk;
    memset(&junk, 0, sizeof junk);
    junk.kind = (int32_t)(lcg(rs) % 600) - 2;
    junk.arg = (int32_t)(lcg(rs) % 300) - 50;
    junk.x = (int32_t)(lcg(rs) % 40) - 20;
    junk.segment = (int32_t)(lcg(rs) % 40) - 4;
    junk.figure = (int32_t)(lcg(rs) % 20) - 2;
    int32_t jid;
    bool legal = carc_action_to_id(g, &junk, &jid) == CARC_OK;
    if (legal) {
        legal = false;
        for (size_t i = 0; i < n; i++) legal |= ids[i] == jid;
    }
    if (!legal) {
        int rc = carc_game_apply(g, &junk);
        if (rc == CARC_OK) ck_abort_msg("malformed action of kind %d accepted", junk.kind);
        REQ_MSG(carc__state_equal(g, before), "refused action changed the state");
    }
}

static void round_trips(carc_game *g)
{
    size_t len;
    carc_game_serialize(g, NULL, 0, &len);
    uint8_t *buf = malloc(len);
    REQ_MSG(carc_game_serialize(g, buf, len, &len) == CARC_OK, "serialize");
    carc_game *r;
    REQ_MSG(carc_game_deserialize(&r, buf, len) == CARC_OK, "deserialize");
    REQ_MSG(carc__state_equal(r, g), "restored game differs");
    carc_game_free(r);
    free(buf);

    size_t rl;
    carc_game_write_record(g, NULL, 0, &rl);
    char *rec = malloc(rl);
    REQ_MSG(carc_game_write_record(g, rec, rl, &rl) == CARC_OK, "record");
    carc_record_error err;
    if (carc_record_replay(&r, rec, rl - 1, &err) != CARC_OK)
        ck_abort_msg("record line %d: %s\n%s", err.line, err.message, rec);
    REQ_MSG(carc__state_equal(r, g), "replayed record differs");
    carc_game_free(r);
    free(rec);

    carc_game_write_public_record(g, NULL, 0, &rl);
    rec = malloc(rl);
    REQ_MSG(carc_game_write_public_record(g, rec, rl, &rl) == CARC_OK, "public record");
    if (carc_record_replay(&r, rec, rl - 1, &err) != CARC_OK)
        ck_abort_msg("public record line %d: %s", err.line, err.message);
    int np = carc_game_num_players(g);
    for (int p = 0; p < np; p++) {
        int32_t a, b;
        carc_game_score(g, p, &a);
        carc_game_score(r, p, &b);
        REQ_MSG(a == b, "public replay scores differ");
    }
    REQ_MSG(carc_game_tile_count(r) == carc_game_tile_count(g), "public replay tiles differ");
    REQ_MSG(carc_game_is_terminal(r) == carc_game_is_terminal(g), "public replay decision differs");
    carc_game_free(r);
    free(rec);
}

START_TEST(probe_playouts)
{
    int32_t *ids = malloc(sizeof(int32_t) * CARC_NUM_DISTINCT_ACTIONS);
    int kinds_seen = 0;
    for (int seed = 0; seed < NGAMES; seed++) {
        int players = 2 + seed % 5;
        carc_game *g = new_game((uint64_t)seed, players, seed % 2), *scratch, *before;
        carc_game_clone(&scratch, g);
        carc_game_clone(&before, g);
        uint64_t rs = (uint64_t)seed * 7 + 1;
        int32_t last[CARC_MAX_PLAYERS] = {0};
        int start[CARC_MAX_PLAYERS + 1][CARC_FIGURE_KINDS], now[CARC_MAX_PLAYERS + 1][CARC_FIGURE_KINDS];
        census(g, start);
        int steps = 0;
        while (!carc_game_is_terminal(g)) {
            size_t n;
            check_decision(g, scratch, before, &rs, ids, &n);
            carc_decision d;
            carc_game_decision(g, &d);
            if (d.kind >= 16) kinds_seen |= 1 << ((d.kind - 16) % 16);
            if (d.flags & CARC_DECISION_F_SAMPLED_ONLY && lcg(&rs) % 2) {
                /* the host answers with a structured outcome */
                char text[64];
                snprintf(text, sizeof text, "gust %d,%d hits %s", (int)(lcg(&rs) % 45),
                         (int)(lcg(&rs) % 45), lcg(&rs) % 2 ? "none" : "0,1");
                carc_action a;
                REQ_MSG(carc_action_from_string(g, text, &a) == CARC_OK, "'%s'", text);
                if (lcg(&rs) % 2) {
                    REQ_MSG(carc_game_apply(g, &a) == CARC_OK, "'%s' refused", text);
                } else {
                    /* as words, with some figures on the board touched */
                    uint16_t w[CARC_OUTCOME_WORDS_MAX] = {(uint16_t)a.x, (uint16_t)a.y,
                                                          (uint16_t)a.arg};
                    size_t nw = 3;
                    carc_figure f[128];
                    size_t nf;
                    REQ_MSG(carc_game_figures(g, f, 128, &nf) == CARC_OK, "figures");
                    for (size_t i = 0; i < nf && nw < CARC_OUTCOME_WORDS_MAX; i++)
                        if (f[i].owner >= 0 && lcg(&rs) % 3 == 0 &&
                            (f[i].where == CARC_WHERE_BOARD || f[i].where == CARC_WHERE_TILE))
                            w[nw++] = (uint16_t)i;
                    carc_explanation why;
                    REQ_MSG(carc_game_apply_outcome(g, &a, w, nw, &why) == CARC_OK, "'%s' + %zu "
                        "touched refused: %s", text, nw - 3, why.message);
                }
            } else if (carc_game_current_player(g) == CARC_PLAYER_CHANCE &&
                       (n == 0 || lcg(&rs) % 2))
                REQ_MSG(carc_game_sample_chance(g, NULL) == CARC_OK, "sample");
            else if (d.kind == CARC_MODULE_KIND(13, 0) && lcg(&rs) % 10)
                /* mostly keep the abbey, so the end phase has some to play */
                REQ_MSG(carc_game_apply_id(g, CARC_ID_PASS) == CARC_OK, "pass");
            else
                REQ_MSG(carc_game_apply_id(g, ids[lcg(&rs) % n]) == CARC_OK, "apply");
            census(g, now);
            REQ_MSG(memcmp(start, now, sizeof start) == 0, "seed %d: figures not conserved", seed);
            for (int p = 0; p < players; p++) {
                int32_t s;
                carc_game_score(g, p, &s);
                REQ_MSG(s >= last[p], "seed %d: score fell", seed);
                last[p] = s;
            }
            if (++steps % 37 == 0) round_trips(g);
        }
        /* TURN_START ran once per turn of the normal order (the end
         * phase's turns skip it), AFTER_PLACE once per volcano tile */
        const probe2_state *ps = carc__mod_cstate(g, 13);
        int volcanoes = 0;
        for (int t = 0; t < carc_game_tile_count(g); t++) {
            carc_placed_tile pt;
            carc_game_tile_by_order(g, t, &pt);
            volcanoes += strcmp(carc_tile_name(pt.type), "PB") == 0;
        }
        /* the layout's PB is laid before turn 1, not placed in a turn */
        REQ_MSG(ps->volcanoes == volcanoes - (seed % 2), "seed %d: %d volcano hooks, %d tiles",
            seed, ps->volcanoes, volcanoes);
        REQ_MSG(ps->turn_starts + ps->end_turns == carc_game_turn(g),
            "seed %d: %d turn starts + %d end-phase turns in %d turns", seed, ps->turn_starts,
            ps->end_turns, carc_game_turn(g));
        int32_t fin[CARC_MAX_PLAYERS];
        ck_assert_int_eq(carc_game_final_scores(g, fin, CARC_MAX_PLAYERS), CARC_OK);
        for (int p = 0; p < players; p++) REQ_MSG(fin[p] == last[p], "final scores differ");
        round_trips(g);
        carc_game_free(scratch);
        carc_game_free(before);
        carc_game_free(g);
    }
    /* every probe decision kind came up somewhere */
    ck_assert_int_eq(kinds_seen & 0x7F, 0x7F);
    free(ids);
}
END_TEST

/* Two games differing only in the seed, fed the same public actions (the
 * chance outcomes of the first, applied explicitly to the second), write
 * byte-identical public records; their full records differ (the seed). */
START_TEST(public_record_independent_of_seed)
{
    int32_t *ids = malloc(sizeof(int32_t) * CARC_NUM_DISTINCT_ACTIONS);
    for (int k = 0; k < 20; k++) {
        carc_game *a = new_game(1000 + (uint64_t)k, 3, k % 2);
        carc_game *b = new_game(5000 + (uint64_t)k, 3, k % 2);
        uint64_t rs = (uint64_t)k + 99;
        while (!carc_game_is_terminal(a)) {
            carc_action act;
            if (carc_game_current_player(a) == CARC_PLAYER_CHANCE) {
                ck_assert_int_eq(carc_game_sample_chance(a, &act), CARC_OK);
            } else {
                size_t n;
                carc_game_legal_ids(a, ids, CARC_NUM_DISTINCT_ACTIONS, &n);
                ck_assert_int_eq(carc_action_from_id(a, ids[lcg(&rs) % n], &act), CARC_OK);
                ck_assert_int_eq(carc_game_apply(a, &act), CARC_OK);
            }
            ck_assert_int_eq(carc_game_apply(b, &act), CARC_OK);
        }
        ck_assert(carc_game_is_terminal(b));
        char ra[1 << 16], rb[1 << 16];
        size_t la, lb;
        ck_assert_int_eq(carc_game_write_public_record(a, ra, sizeof ra, &la), CARC_OK);
        ck_assert_int_eq(carc_game_write_public_record(b, rb, sizeof rb, &lb), CARC_OK);
        ck_assert_uint_eq(la, lb);
        ck_assert_int_eq(memcmp(ra, rb, la), 0);
        ck_assert_int_eq(carc_game_write_record(a, ra, sizeof ra, &la), CARC_OK);
        ck_assert_int_eq(carc_game_write_record(b, rb, sizeof rb, &lb), CARC_OK);
        ck_assert(la != lb || memcmp(ra, rb, la) != 0);
        carc_game_free(a);
        carc_game_free(b);
    }
    free(ids);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("platform");
    TCase *tc = tcase_create("probes");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, probe_playouts);
    tcase_add_test(tc, public_record_independent_of_seed);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
