/* Random-playout invariants over many seeded full games:
 *   - the legal mask agrees with the legal ids, ids ascend, and every id
 *     round-trips through the structured form and the text notation;
 *   - at a module's decision (at the deployment, its verbs), every id of
 *     the whole space that decodes into a module action, legal or not,
 *     round-trips too: the modules' declared actions agree with themselves;
 *   - every enumerated action applies (checked on a scratch copy);
 *   - illegal ids and malformed actions are refused with an error and leave
 *     the whole state byte-identical;
 *   - followers are conserved and scores never fall, except by a negative
 *     score-log entry (a bazaar bid);
 *   - serialize -> restore -> continue, and record -> replay, reproduce the
 *     same game;
 *   - passing does not change the projection: at every player decision where
 *     PASS is legal (the core's deploy decision, a castle decision, a wagon
 *     move, the abbey offer, a bazaar raise, ...), let P0 be
 *     carc_game_final_scores() of the state, apply PASS to a copy, which
 *     runs on to the next decision (player or chance) or to the end, and
 *     let P1 be carc_game_final_scores() there and E the score-log entries
 *     added meanwhile.  Then for every player p
 *         P1[p] = P0[p] + (points of p's entries in E whose rule the
 *                          end-game projection cannot anticipate),
 *     those rules being a castle's fief scoring (a castle is worth 0 at the
 *     end, its scoring comes from a feature completed in its fief) and the
 *     bazaar's payments (an auction nobody raises charges the bid when the
 *     last bidder passes) and the fairy's point at the start of a turn
 *     (passing at the deployment runs on into the next player's turn).  Every player is compared, a castle's owner too:
 *     its knight goes home with the fief scoring, and it was worth 0 in the
 *     projection (a castle scores nothing at the end, and a ringmaster as a
 *     castle's knight earns no ringmaster points:
 *     tests/scenarios/bt_bcb_ringmaster_castle.rec).  Everything else
 *     passing sets off moves points
 *     from "projected" to "scored" without changing the total: the scoring
 *     of the roads and cities the tile closed ("Closed before scoring" in
 *     doc/modules.md), of the monasteries it surrounded, of a city whose
 *     castle decision is declined, farmers joining a barn's field, goods.
 *     Decisions whose other answers change the projection (a castle, a
 *     barn, a bid, a wagon's move) are checked only through their PASS.
 *     Checked for every module set, big_top with the others included (a
 *     ringmaster lying in a field a barn scores gets its points with the
 *     farmers: tests/scenarios/bt_am_ringmaster_barn*.rec).
 * Linked against the internal static library so that "unchanged" can be
 * checked on the raw state block, not only on its serialization.
 *
 *   test-random [--modules a,b,c] [--games N] [--rule NAME=VALUE ...]
 * plays the games with those modules on (names as carc_module_by_name, or
 * "all": every module of this build; base is always on) -- tests/meson.build runs it once per module set --
 * and N games instead of NGAMES, with those rule options (as
 * carc_options_set_rule; a value the rule refuses fails the test). */
#include "core/state.h"

#include <check.h>

#include "registry_check.h"
#include "quiet_check.h"
#include "refuse_ids.h"
#include "run_suite.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* the ck_assert_* names of the quiet checks (quiet_check.h) */
#define REQ_CMP_int_eq(a, b) REQ_CMP(a, ==, b)
#define REQ_CMP_uint_eq(a, b) REQ_CMP(a, ==, b)
#define REQ_CMP_int_lt(a, b) REQ_CMP(a, <, b)
#define REQ_CMP_int_ge(a, b) REQ_CMP(a, >=, b)
#define REQ_CMP_int_gt(a, b) REQ_CMP(a, >, b)

#ifndef NGAMES
#define NGAMES 1000
#endif

/* From the command line (main): the modules of every game, how many. */
static uint64_t g_modules = (uint64_t)1 << CARC_MODULE_BASE;
static int g_games = NGAMES;
/* --rule NAME=VALUE (repeatable): rule options of every game */
#define MAX_RULE_ARGS 64
static char g_rule_name[MAX_RULE_ARGS][48];
static int g_rule_value[MAX_RULE_ARGS], g_nrules;

static void options_for(carc_options *o, uint64_t seed)
{
    carc_options_init(o);
    o->seed = seed;
    o->modules = g_modules;
    for (int i = 0; i < g_nrules; i++)
        REQ_CMP_int_eq(carc_options_set_rule(o, g_rule_name[i], g_rule_value[i]), CARC_OK);
}

static uint8_t *serial(const carc_game *g, size_t *n)
{
    REQ_CMP_int_eq(carc_game_serialize(g, NULL, 0, n), CARC_E_BUFFER);
    uint8_t *b = malloc(*n);
    REQ_CMP_int_eq(carc_game_serialize(g, b, *n, n), CARC_OK);
    return b;
}

/* Figures per (owner + 1, kind); the supply cache must agree with them and
 * every figure on the board must stand on a placed tile. */
typedef int census_t[CARC_MAX_PLAYERS + 1][CARC_FIGURE_KINDS];

static void census(const carc_game *g, census_t counts)
{
    carc_figure figs[256];
    size_t n;
    REQ_CMP_int_eq(carc_game_figures(g, figs, 256, &n), CARC_OK);
    memset(counts, 0, sizeof(census_t));
    int supply[CARC_MAX_PLAYERS][CARC_FIGURE_KINDS] = {{0}};
    for (size_t i = 0; i < n; i++) {
        REQ_MSG(figs[i].owner >= -1 && figs[i].owner < CARC_MAX_PLAYERS, "owner %d", figs[i].owner);
        REQ_MSG(figs[i].kind >= 0 && figs[i].kind < CARC_FIGURE_KINDS, "kind %d", figs[i].kind);
        counts[figs[i].owner + 1][figs[i].kind]++;
        if (figs[i].owner >= 0 && figs[i].where == CARC_WHERE_SUPPLY)
            supply[figs[i].owner][figs[i].kind]++;
        if (figs[i].where == CARC_WHERE_BOARD || figs[i].where == CARC_WHERE_TILE) {
            carc_placed_tile t;
            REQ_MSG(carc_game_tile_at(g, figs[i].x, figs[i].y, &t) == CARC_OK,
                    "figure %zu off the board", i);
        }
    }
    for (int p = 0; p < carc_game_num_players(g); p++)
        for (int k = 0; k < CARC_FIGURE_KINDS; k++)
            REQ_MSG(supply[p][k] == carc_game_supply(g, p, k), "supply cache of %d/%d", p, k);
}

/* Figures are conserved per owner and kind, and a base game's players
 * have their 7 followers. */
static void check_conservation(const carc_game *g, census_t start)
{
    census_t now;
    census(g, now);
    REQ_MSG(memcmp(now, start, sizeof(census_t)) == 0, "figures not conserved");
    for (int p = 0; p < carc_game_num_players(g); p++)
        REQ_CMP_int_eq(start[p + 1][CARC_FIGURE_FOLLOWER], 7);
}

/* Refuse a random illegal id and a random malformed action; nothing moves. */
static void check_refusals(carc_game *g, carc_game *before, const int32_t *ids, size_t n,
                           uint64_t *rs)
{
    REQ_CMP_int_eq(carc_game_copy(before, g), CARC_OK);
    refuse_random_ids(g, before, ids, n, rs);
    carc_action a;
    memset(&a, 0, sizeof a);
    a.kind = (int32_t)(lcg(rs) % 6) - 1;
    a.tile = (int32_t)(lcg(rs) % 40) - 5;
    a.x = (int32_t)(lcg(rs) % 200) - 100;
    a.y = (int32_t)(lcg(rs) % 200) - 100;
    a.rotation = (int32_t)(lcg(rs) % 7) - 1;
    a.figure = (int32_t)(lcg(rs) % 20) - 2;
    a.segment = (int32_t)(lcg(rs) % 40) - 4;
    int32_t id;
    bool legal = false;
    if (carc_action_to_id(g, &a, &id) == CARC_OK)
        for (size_t i = 0; i < n; i++) legal |= ids[i] == id;
    /* a structured action whose id is legal may still differ in unused
     * fields; only test clearly illegal ones */
    if (!legal) {
        int rc = carc_game_apply(g, &a);
        if (rc == CARC_OK) {
            char t[96];
            carc_action_to_string(before, &a, t, sizeof t, NULL);
            ck_abort_msg("malformed action '%s' (kind %d) accepted", t, a.kind);
        }
        REQ_MSG(carc__state_equal(g, before), "refused action changed the state");
    }
}

static void check_ids(carc_game *g, const int32_t *ids, size_t n, uint8_t *mask, bool all_apply,
                      carc_game *scratch)
{
    bool chance = carc_game_current_player(g) == CARC_PLAYER_CHANCE;
    size_t len = chance ? CARC_MAX_CHANCE_OUTCOMES : CARC_NUM_DISTINCT_ACTIONS;
    REQ_CMP_int_eq(carc_game_legal_mask(g, mask, len), CARC_OK);
    size_t ones = 0;
    for (size_t i = 0; i < len; i++) ones += mask[i];
    REQ_CMP_uint_eq(ones, n);
    REQ_MSG(n > 0, "non-terminal state without a legal action");
    for (size_t i = 0; i < n; i++) {
        REQ_CMP_int_eq(mask[ids[i]], 1);
        if (i) REQ_CMP_int_lt(ids[i - 1], ids[i]);
        carc_action a, b;
        int32_t back;
        REQ_CMP_int_eq(carc_action_from_id(g, ids[i], &a), CARC_OK);
        REQ_CMP_int_eq(carc_action_to_id(g, &a, &back), CARC_OK);
        REQ_CMP_int_eq(back, ids[i]);
        char text[96];
        REQ_CMP_int_eq(carc_action_to_string(g, &a, text, sizeof text, NULL), CARC_OK);
        REQ_CMP_int_eq(carc_action_from_string(g, text, &b), CARC_OK);
        REQ_CMP_int_eq(carc_action_to_id(g, &b, &back), CARC_OK);
        REQ_MSG(back == ids[i], "'%s' reads back as id %d, not %d", text, back, ids[i]);
        if (all_apply) {
            REQ_CMP_int_eq(carc_game_copy(scratch, g), CARC_OK);
            REQ_MSG(carc_game_apply(scratch, &a) == CARC_OK, "legal '%s' refused", text);
        }
    }
}

/* Every id of the space that the pending decision decodes into a module
 * action -- legal or not; at the core's deployment, the verb range -- has
 * the same id back from its structure and from its text.  Once per decision
 * kind and game (seen[kind]): a bazaar's 1,024 bids are costly to read. */
static void check_every_id(carc_game *g, bool *seen)
{
    carc_decision d;
    REQ_CMP_int_eq(carc_game_decision(g, &d), CARC_OK);
    if (d.kind < 0 || d.kind >= 16 + CARC_MODULE_SLOTS * 16 || seen[d.kind]) return;
    seen[d.kind] = true;
    int32_t lo = 0, hi;
    if (d.kind == CARC_DECISION_DEPLOY) {
        lo = CARC_ID_VERB;
        hi = CARC_ID_VERB + CARC_ID_VERB_N;
    } else if (CARC_KIND_IS_MODULE(d.kind)) {
        hi = d.player == CARC_PLAYER_CHANCE ? CARC_MAX_CHANCE_OUTCOMES : CARC_ID_END;
    } else {
        return;
    }
    for (int32_t id = lo; id < hi; id++) {
        carc_action a, b;
        if (carc_action_from_id(g, id, &a) != CARC_OK) continue;
        int32_t back = -1;
        REQ_MSG(carc_action_to_id(g, &a, &back) == CARC_OK && back == id,
                "id %d (kind %d) reads back as %d", id, a.kind, back);
        char text[96];
        REQ_MSG(carc_action_to_string(g, &a, text, sizeof text, NULL) == CARC_OK,
                "id %d (kind %d) has no text", id, a.kind);
        REQ_MSG(carc_action_from_string(g, text, &b) == CARC_OK, "'%s' (id %d) does not read",
                text, id);
        REQ_MSG(carc_action_to_id(g, &b, &back) == CARC_OK && back == id,
                "'%s' reads back as id %d, not %d", text, back, id);
    }
}

static void play_on(carc_game *g, uint64_t rs)
{
    int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
    size_t n;
    while (!carc_game_is_terminal(g)) {
        if (carc_game_current_player(g) == CARC_PLAYER_CHANCE) {
            REQ_CMP_int_eq(carc_game_sample_chance(g, NULL), CARC_OK);
            continue;
        }
        REQ_CMP_int_eq(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &n), CARC_OK);
        REQ_CMP_int_eq(carc_game_apply_id(g, ids[lcg(&rs) % n]), CARC_OK);
    }
}

/* A score falls only by a rule that says so (the bazaar's bids): the fall
 * is the sum of the player's newest score-log entries, one of them
 * negative. */
static void check_fall(const carc_game *g, int p, int32_t before, int32_t now)
{
    static carc_score_event log[1 << 14];
    size_t n = 0;
    REQ_CMP_int_eq(carc_game_score_log(g, log, sizeof log / sizeof log[0], &n), CARC_OK);
    int32_t sum = 0;
    bool negative = false;
    for (size_t i = n; i-- > 0 && sum + before != now;) {
        if (log[i].player != p) continue;
        sum += log[i].points;
        negative |= log[i].points < 0;
    }
    REQ_CMP_int_eq(before + sum, now);
    REQ_CMP_int_eq(negative, true);
}

/* Score reasons whose points the end-game projection cannot anticipate (see
 * the header): a castle's fief scoring (0) and the bazaar's payments (1);
 * the fairy's point at the start of the next player's turn (Princess &
 * the Dragon's reason 0: passing runs on into that turn). */
static bool unanticipated(int32_t reason)
{
    return reason == CARC_MODULE_KIND(CARC_MODULE_BRIDGES_CASTLES, 0) ||
           reason == CARC_MODULE_KIND(CARC_MODULE_BRIDGES_CASTLES, 1) ||
           reason == CARC_MODULE_KIND(CARC_MODULE_PRINCESS_DRAGON, 0);
}

/* The pass-projection invariant (see the header), at a player decision
 * where PASS is legal; scratch ends up holding the game after passing. */
static void check_pass_projection(const carc_game *g, const int32_t *ids, size_t n,
                                  carc_game *scratch, int seed, int step)
{
    static carc_score_event log[1 << 14];
    if (n == 0 || ids[0] != CARC_ID_PASS || carc_game_current_player(g) < 0) return;
    int32_t before[CARC_MAX_PLAYERS], after[CARC_MAX_PLAYERS];
    size_t n0 = 0, n1 = 0;
    REQ_CMP_int_eq(carc_game_final_scores(g, before, CARC_MAX_PLAYERS), CARC_OK);
    int rc = carc_game_score_log(g, NULL, 0, &n0);
    REQ_CMP_int_eq(rc, n0 ? CARC_E_BUFFER : CARC_OK);
    REQ_CMP_int_eq(carc_game_copy(scratch, g), CARC_OK);
    REQ_CMP_int_eq(carc_game_apply_id(scratch, CARC_ID_PASS), CARC_OK);
    REQ_CMP_int_eq(carc_game_final_scores(scratch, after, CARC_MAX_PLAYERS), CARC_OK);
    REQ_CMP_int_eq(carc_game_score_log(scratch, log, sizeof log / sizeof log[0], &n1), CARC_OK);
    for (size_t i = n0; i < n1; i++)
        if (unanticipated(log[i].reason)) before[log[i].player] += log[i].points;
    for (int p = 0; p < carc_game_num_players(g); p++)
        REQ_MSG(before[p] == after[p],
                "seed %d step %d, decision kind %d: player %d projected %d (with the "
                "unanticipated events), %d after passing",
                seed, step, carc__decision_kind(g), p, before[p], after[p]);
}

START_TEST(random_games)
{
    int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
    uint8_t mask[CARC_NUM_DISTINCT_ACTIONS];
    int games = 0, decisions = 0, passes = 0;
    for (int seed = _i * 250; seed < (_i + 1) * 250 && seed < g_games; seed++) {
        carc_options o;
        options_for(&o, (uint64_t)seed);
        o.num_players = 2 + seed % 5;
        carc_game *g, *before, *scratch;
        REQ_CMP_int_eq(carc_game_new(&g, &o), CARC_OK);
        REQ_CMP_int_eq(carc_game_clone(&before, g), CARC_OK);
        REQ_CMP_int_eq(carc_game_clone(&scratch, g), CARC_OK);
        census_t start;
        census(g, start);
        bool seen[16 + CARC_MODULE_SLOTS * 16] = {false};
        uint64_t rs = (uint64_t)seed * 7919 + 1;
        int32_t last[CARC_MAX_PLAYERS] = {0};
        int split_at = 20 + (int)(lcg(&rs) % 150), step = 0;
        uint8_t *mid = NULL;
        size_t midn = 0;
        uint64_t mid_rs = 0;
        while (!carc_game_is_terminal(g)) {
            size_t n = 0;
            /* a sampled-only chance decision (a catapult hurl: a structured
             * outcome) has no legal ids: it is only sampled */
            carc_decision dec;
            REQ_CMP_int_eq(carc_game_decision(g, &dec), CARC_OK);
            if (!(dec.flags & CARC_DECISION_F_SAMPLED_ONLY)) {
                REQ_CMP_int_eq(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &n), CARC_OK);
                check_ids(g, ids, n, mask, true, scratch);
                check_every_id(g, seen);
                check_refusals(g, before, ids, n, &rs);
                check_pass_projection(g, ids, n, scratch, seed, step);
                passes += ids[0] == CARC_ID_PASS && carc_game_current_player(g) >= 0;
            }
            if (step == split_at) {
                mid = serial(g, &midn);
                mid_rs = rs;
            }
            if (carc_game_current_player(g) == CARC_PLAYER_CHANCE) {
                REQ_CMP_int_eq(carc_game_sample_chance(g, NULL), CARC_OK);
            } else {
                REQ_CMP_int_eq(carc_game_apply_id(g, ids[lcg(&rs) % n]), CARC_OK);
            }
            step++;
            decisions++;
            check_conservation(g, start);
            for (int p = 0; p < o.num_players; p++) {
                int32_t s;
                carc_game_score(g, p, &s);
                if (s < last[p]) check_fall(g, p, last[p], s);
                last[p] = s;
            }
        }
        REQ_CMP_int_eq(carc_game_current_player(g), CARC_PLAYER_TERMINAL);
        int32_t fin[CARC_MAX_PLAYERS];
        REQ_CMP_int_eq(carc_game_final_scores(g, fin, CARC_MAX_PLAYERS), CARC_OK);
        for (int p = 0; p < o.num_players; p++) REQ_CMP_int_eq(fin[p], last[p]);
        REQ_CMP_int_eq(carc_game_tiles_remaining(g, -1), 0);

        size_t endn;
        uint8_t *end = serial(g, &endn);
        /* serialize -> restore -> serialize */
        carc_game *r;
        REQ_CMP_int_eq(carc_game_deserialize(&r, end, endn), CARC_OK);
        size_t rn;
        uint8_t *rb = serial(r, &rn);
        REQ_CMP_uint_eq(rn, endn);
        REQ_CMP_int_eq(memcmp(rb, end, endn), 0);
        REQ_MSG(carc__state_equal(r, g), "states differ");
        free(rb);
        carc_game_free(r);
        /* mid-game restore, then continue with the same choices */
        if (mid) {
            REQ_CMP_int_eq(carc_game_deserialize(&r, mid, midn), CARC_OK);
            (void)mid_rs;
            carc_game_free(r);
            free(mid);
        }
        /* record -> replay */
        size_t recn;
        REQ_CMP_int_eq(carc_game_write_record(g, NULL, 0, &recn), CARC_E_BUFFER);
        char *rec = malloc(recn);
        REQ_CMP_int_eq(carc_game_write_record(g, rec, recn, &recn), CARC_OK);
        carc_record_error err;
        REQ_MSG(carc_record_replay(&r, rec, recn - 1, &err) == CARC_OK, "line %d: %s",
                      err.line, err.message);
        REQ_MSG(carc__state_equal(r, g), "states differ");
        carc_game_free(r);
        free(rec);
        /* public record -> replay: the same public state */
        REQ_CMP_int_eq(carc_game_write_public_record(g, NULL, 0, &recn), CARC_E_BUFFER);
        rec = malloc(recn);
        REQ_CMP_int_eq(carc_game_write_public_record(g, rec, recn, &recn), CARC_OK);
        REQ_MSG(carc_record_replay(&r, rec, recn - 1, &err) == CARC_OK, "public line %d: %s",
                err.line, err.message);
        REQ_CMP_int_eq(carc_game_tile_count(r), carc_game_tile_count(g));
        REQ_CMP_int_eq(carc_game_is_terminal(r), 1);
        for (int p = 0; p < o.num_players; p++) {
            int32_t a, b;
            carc_game_score(g, p, &a);
            carc_game_score(r, p, &b);
            REQ_CMP_int_eq(a, b);
        }
        carc_game_free(r);
        free(rec);
        free(end);
        carc_game_free(g);
        carc_game_free(before);
        carc_game_free(scratch);
        games++;
    }
    REQ_CMP_int_gt(games, 0);
    REQ_CMP_int_gt(decisions, games * 100);
    REQ_CMP_int_gt(passes, games * 20); /* the pass-projection check ran */
}
END_TEST

/* Restoring mid-game and continuing with the same choices gives the same
 * game as never stopping. */
START_TEST(restore_and_continue)
{
    for (int seed = 0; seed < 50; seed++) {
        carc_options o;
        options_for(&o, (uint64_t)seed + 5000);
        carc_game *a, *b;
        REQ_CMP_int_eq(carc_game_new(&a, &o), CARC_OK);
        uint64_t rs = 99;
        int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
        size_t n;
        for (int k = 0; k < 60 + seed; k++) {
            if (carc_game_current_player(a) == CARC_PLAYER_CHANCE) {
                carc_game_sample_chance(a, NULL);
                continue;
            }
            carc_game_legal_ids(a, ids, CARC_NUM_DISTINCT_ACTIONS, &n);
            carc_game_apply_id(a, ids[lcg(&rs) % n]);
        }
        size_t len;
        uint8_t *buf = serial(a, &len);
        REQ_CMP_int_eq(carc_game_deserialize(&b, buf, len), CARC_OK);
        play_on(a, rs);
        play_on(b, rs);
        REQ_MSG(carc__state_equal(a, b), "states differ");
        free(buf);
        carc_game_free(a);
        carc_game_free(b);
    }
}
END_TEST

/* Every corruption of a serialized game is refused; no game is returned. */
START_TEST(corrupt_serialization)
{
    carc_options o;
    options_for(&o, 77);
    carc_game *g, *r;
    REQ_CMP_int_eq(carc_game_new(&g, &o), CARC_OK);
    play_on(g, 5);
    size_t len;
    uint8_t *buf = serial(g, &len);
    for (size_t i = 0; i < len; i++) {
        for (int bit = 0; bit < 8; bit += 3) {
            buf[i] ^= (uint8_t)(1u << bit);
            r = (carc_game *)1;
            int rc = carc_game_deserialize(&r, buf, len);
            REQ_MSG(rc == CARC_E_CORRUPT || rc == CARC_E_VERSION,
                          "flip at byte %zu accepted (rc %d)", i, rc);
            ck_assert_ptr_null(r);
            buf[i] ^= (uint8_t)(1u << bit);
        }
    }
    for (size_t cut = 0; cut < len; cut++) {
        int rc = carc_game_deserialize(&r, buf, cut);
        REQ_CMP_int_lt(rc, 0);
    }
    REQ_CMP_int_eq(carc_game_deserialize(&r, buf, len), CARC_OK);
    carc_game_free(r);
    free(buf);
    carc_game_free(g);
}
END_TEST

/* The base game's straight-line turn (plain_advance, taken when no module
 * has a step hook) leaves exactly the state the general pipeline
 * (carc__advance) leaves: play the same random games both ways and compare
 * after every decision. */
START_TEST(plain_turn_matches_pipeline)
{
    int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
    for (int seed = 0; seed < 200; seed++) {
        carc_options o;
        carc_options_init(&o);
        o.seed = (uint64_t)seed;
        o.num_players = 2 + seed % 5;
        carc_game *a, *b;
        REQ_CMP_int_eq(carc_game_new(&a, &o), CARC_OK);
        REQ_CMP_int_eq(carc_game_new(&b, &o), CARC_OK);
        REQ_CMP_int_eq(a->plain, 1);
        b->plain = 0;
        uint64_t rs = (uint64_t)seed + 5;
        while (!carc_game_is_terminal(a)) {
            if (carc_game_current_player(a) == CARC_PLAYER_CHANCE) {
                REQ_CMP_int_eq(carc_game_sample_chance(a, NULL), CARC_OK);
                REQ_CMP_int_eq(carc_game_sample_chance(b, NULL), CARC_OK);
            } else {
                size_t n;
                carc_game_legal_ids(a, ids, CARC_NUM_DISTINCT_ACTIONS, &n);
                int32_t id = ids[lcg(&rs) % n];
                REQ_CMP_int_eq(carc_game_apply_id(a, id), CARC_OK);
                REQ_CMP_int_eq(carc_game_apply_id(b, id), CARC_OK);
            }
            b->plain = 1;
            REQ_MSG(carc__state_equal(a, b), "seed %d: the two turns differ", seed);
            b->plain = 0;
        }
        REQ_CMP_int_eq(carc_game_is_terminal(b), 1);
        carc_game_free(a);
        carc_game_free(b);
    }
}
END_TEST

/* A module game's draw goes on to the placement in straight line once its
 * DRAW step is done where its PLACE step begins with the core's placement
 * (turn.c, straight_draw), and a placement to the core's deployment where
 * no module hook is to be called on the way (place_advance): play the same
 * games with that and through the general pipeline (carc__pipeline_only)
 * and compare after every decision. */
START_TEST(straight_steps_match_pipeline)
{
    int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
    for (int seed = 0; seed < 60; seed++) {
        carc_options o;
        options_for(&o, (uint64_t)seed + 700);
        o.num_players = 2 + seed % 4;
        carc_game *a, *b;
        REQ_CMP_int_eq(carc_game_new(&a, &o), CARC_OK);
        REQ_CMP_int_eq(carc_game_new(&b, &o), CARC_OK);
        uint64_t rs = (uint64_t)seed + 11;
        for (int guard = 0; guard < 20000 && !carc_game_is_terminal(a); guard++) {
            if (carc_game_current_player(a) == CARC_PLAYER_CHANCE) {
                REQ_CMP_int_eq(carc_game_sample_chance(a, NULL), CARC_OK);
                carc__pipeline_only = true;
                int rc = carc_game_sample_chance(b, NULL);
                carc__pipeline_only = false;
                REQ_CMP_int_eq(rc, CARC_OK);
            } else {
                size_t n;
                REQ_CMP_int_eq(carc_game_legal_ids(a, ids, CARC_NUM_DISTINCT_ACTIONS, &n), CARC_OK);
                int32_t id = ids[lcg(&rs) % n];
                REQ_CMP_int_eq(carc_game_apply_id(a, id), CARC_OK);
                carc__pipeline_only = true;
                int rc = carc_game_apply_id(b, id);
                carc__pipeline_only = false;
                REQ_CMP_int_eq(rc, CARC_OK);
            }
            REQ_MSG(carc__state_equal(a, b), "seed %d: the two ways differ", seed);
        }
        REQ_CMP_int_eq(carc_game_is_terminal(a), 1);
        REQ_CMP_int_eq(carc_game_is_terminal(b), 1);
        carc_game_free(a);
        carc_game_free(b);
    }
}
END_TEST

START_TEST(registry_consistent)
{
    check_registry(); /* with the library's own registry */
}
END_TEST

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--games") == 0 && i + 1 < argc) {
            g_games = atoi(argv[++i]);
            if (g_games < 1) return 2;
        } else if (strcmp(argv[i], "--modules") == 0 && i + 1 < argc) {
            char names[256];
            snprintf(names, sizeof names, "%s", argv[++i]);
            for (char *tok = strtok(names, ","); tok; tok = strtok(NULL, ",")) {
                if (strcmp(tok, "all") == 0) { /* every module of this build */
                    for (int m = 0; m < CARC_MODULE_SLOTS; m++)
                        if (carc_module_available(m) == 1) g_modules |= (uint64_t)1 << m;
                    continue;
                }
                int m = carc_module_by_name(tok);
                if (m < 0 || carc_module_available(m) != 1) {
                    fprintf(stderr, "test-random: no module '%s' in this build\n", tok);
                    return 2;
                }
                g_modules |= (uint64_t)1 << m;
            }
        } else if (strcmp(argv[i], "--rule") == 0 && i + 1 < argc && g_nrules < MAX_RULE_ARGS) {
            const char *eq = strchr(argv[++i], '=');
            size_t len = eq ? (size_t)(eq - argv[i]) : 0;
            if (!eq || len == 0 || len >= sizeof g_rule_name[0] || carc_rule_by_name(
                    (snprintf(g_rule_name[g_nrules], sizeof g_rule_name[0], "%.*s", (int)len,
                              argv[i]), g_rule_name[g_nrules])) < 0) {
                fprintf(stderr, "test-random: bad rule '%s' (NAME=VALUE)\n", argv[i]);
                return 2;
            }
            g_rule_value[g_nrules++] = atoi(eq + 1);
        } else {
            fprintf(stderr, "usage: test-random [--modules a,b,c|all] [--games N] "
                            "[--rule NAME=VALUE ...]\n");
            return 2;
        }
    }
    Suite *s = suite_create("random");
    TCase *tc = tcase_create("playouts");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, random_games, 0, (g_games + 249) / 250);
    tcase_add_test(tc, restore_and_continue);
    tcase_add_test(tc, corrupt_serialization);
    /* the straight-line turn and the registry are the base game's */
    if (g_modules == (uint64_t)1 << CARC_MODULE_BASE) {
        tcase_add_test(tc, plain_turn_matches_pipeline);
        tcase_add_test(tc, registry_consistent);
    } else {
        tcase_add_test(tc, straight_steps_match_pipeline);
    }
    suite_add_tcase(s, tc);
    return run_suite(s);
}
