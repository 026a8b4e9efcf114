/* Pig throwing (module pig_throwing, issue 32), white box:
 *  - random games with Traders & Builders and each module it reads (Inns &
 *    Cathedrals, the Tower, the Count, Princess & Dragon), every one on
 *    too: every decision of the module is reached (the verb, the landing
 *    tile, the segment, the knock-off), throws land, pigs are removed from
 *    play, the dragon naps; the invariants: every pig on the board stands
 *    in a field holding a follower of its owner (A6), at most one throw a
 *    turn (B1), a fairy moved by its player is never near a pig (B11);
 *  - its rule options and their slots;
 *  - refusals explained (carc_game_explain) with the module's reasons.
 * The rules' exact numbers are in the scenario records tests/scenarios/
 * pig_*.rec (run by the scenarios suite). */
#include "core/state.h"

#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "modules/princess_dragon/princess_dragon.h"
#include "modules/tower/tower.h"
#include "run_suite.h"

#define PT_KIND(k) (16 + CARC_MODULE_PIG_THROWING * 16 + (k))
#define VERB_THROW (CARC_ID_VERB + CARC_MODULE_PIG_THROWING * 8)

static uint64_t lcg(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return *s >> 33;
}

#define REQ(c)                                                                 \
    do {                                                                       \
        if (!(c)) ck_abort_msg("%s:%d: %s failed", __FILE__, __LINE__, #c);    \
    } while (0)
#define REQ_EQ(a, b)                                                           \
    do {                                                                       \
        long a_ = (long)(a), b_ = (long)(b);                                   \
        if (a_ != b_)                                                          \
            ck_abort_msg("%s:%d: %s == %s (%ld vs %ld)", __FILE__, __LINE__, #a, #b, a_, b_); \
    } while (0)

static carc_game *new_game(int players, uint64_t modules, uint64_t seed)
{
    carc_options o;
    carc_options_init(&o);
    o.num_players = players;
    o.seed = seed;
    o.modules |= modules | 1ull << CARC_MODULE_TRADERS_BUILDERS | 1ull << CARC_MODULE_PIG_THROWING;
    carc_game *g = NULL;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    return g;
}

/* A6: every pig on the board stands on a field holding a follower of its
 * owner; B11: the fairy is never beside a pig after its player moved it
 * (checked by the caller right after a fairy move). */
static void check_pigs(const carc_game *g)
{
    for (int i = 0; i < carc__figure_count(g); i++) {
        carc_fig f;
        carc__figure_get(g, i, &f);
        if (f.kind != CARC_FIGURE_PIG || f.where != CARC_PLACE_SEGMENT) continue;
        REQ_EQ(carc__types[carc__tile_type(g, f.tile)].seg[f.segment].kind, CARC_FEATURE_FIELD);
        REQ(carc__root_has_follower(g, carc__segment_root(g, f.tile, f.segment), f.owner,
                                    CARC_CLASS_FOLLOWER));
    }
}

static bool fairy_near_pig(const carc_game *g)
{
    int ft = carc__pd_fairy_tile(g);
    if (ft < 0) return false;
    int fx, fy;
    carc__tile_xy(g, ft, &fx, &fy);
    for (int i = 0; i < carc__figure_count(g); i++) {
        carc_fig f;
        carc__figure_get(g, i, &f);
        if (f.kind != CARC_FIGURE_PIG || f.where != CARC_PLACE_SEGMENT) continue;
        int x, y;
        carc__tile_xy(g, f.tile, &x, &y);
        if (abs(x - fx) <= 1 && abs(y - fy) <= 1) return true;
    }
    return false;
}

static int removed(const carc_game *g, int kind)
{
    int n = 0;
    for (int i = 0; i < carc__figure_count(g); i++) {
        carc_fig f;
        carc__figure_get(g, i, &f);
        n += f.kind == kind && f.where == CARC_PLACE_REMOVED;
    }
    return n;
}

/* Random games reach every decision of the module and keep its invariants,
 * with each module it reads. */
START_TEST(random_games_reach_everything)
{
    static const uint64_t sets[] = {
        0,
        1ull << CARC_MODULE_INNS_CATHEDRALS,
        1ull << CARC_MODULE_INNS_CATHEDRALS | 1ull << CARC_MODULE_TOWER,
        1ull << CARC_MODULE_PRINCESS_DRAGON,
        1ull << CARC_MODULE_INNS_CATHEDRALS | 1ull << CARC_MODULE_TOWER,
        1ull << CARC_MODULE_INNS_CATHEDRALS | 1ull << CARC_MODULE_TOWER,
        1ull << CARC_MODULE_COUNT | 1ull << CARC_MODULE_INNS_CATHEDRALS,
        ~0ull,
    };
    int seen[4] = {0}, throws = 0, pigs_removed = 0, bigs_removed = 0, naps = 0, knocks = 0;
    int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
    for (int seed = 0; seed < 400; seed++) {
        int n = 2 + seed % 5;
        uint64_t mods = sets[seed % 8];
        if (mods == ~0ull) {
            mods = 0;
            for (int m = 0; m < CARC_MODULE_SLOTS; m++)
                if (carc_module_available(m) == 1) mods |= 1ull << m;
        }
        carc_game *g = new_game(n, mods, (uint64_t)seed);
        uint64_t rs = (uint64_t)seed * 31 + 7;
        int thrown_turn = -1;
        bool was_asleep = false;
        while (!carc_game_is_terminal(g)) {
            check_pigs(g);
            carc_decision d;
            carc_game_decision(g, &d);
            if (d.kind >= PT_KIND(0) && d.kind <= PT_KIND(2)) seen[d.kind - PT_KIND(0) + 1]++;
            if (carc_game_current_player(g) == CARC_PLAYER_CHANCE) {
                REQ_EQ(carc_game_sample_chance(g, NULL), CARC_OK);
                continue;
            }
            size_t k;
            REQ_EQ(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &k), CARC_OK);
            int32_t pick = ids[lcg(&rs) % k];
            bool fairy = false;
            for (size_t i = 0; i < k; i++) {
                if (ids[i] == VERB_THROW) {
                    REQ(thrown_turn != carc_game_turn(g)); /* B1: once a turn */
                    if (lcg(&rs) % 3) pick = ids[i];
                }
                if (ids[i] == CARC_ID_VERB + CARC_MODULE_PRINCESS_DRAGON * 8 && pick == ids[i])
                    fairy = true;
            }
            if (d.kind == PT_KIND(2) && k > 1) pick = ids[1 + lcg(&rs) % (k - 1)]; /* knock */
            if (d.kind == PT_KIND(1)) /* prefer a segment with a follower on it: squashes */
                for (size_t i = 0; i < k; i++) {
                    int seg = ids[i] - (CARC_ID_KIND_SEG + CARC_FIGURE_PIG * CARC_MAX_SEGMENTS);
                    for (int f = 0; f < carc__figure_count(g); f++) {
                        carc_fig ff;
                        carc__figure_get(g, f, &ff);
                        if (ff.where == CARC_PLACE_SEGMENT && ff.tile == carc__decision_pending(g)->target &&
                            ff.segment == seg && ff.kind != CARC_FIGURE_PIG)
                            pick = ids[i];
                    }
                }
            if (pick == VERB_THROW) {
                seen[0]++;
                thrown_turn = carc_game_turn(g);
            }
            int before_p = removed(g, CARC_FIGURE_PIG), before_b = removed(g, CARC_FIGURE_BIG);
            REQ_EQ(carc_game_apply_id(g, pick), CARC_OK);
            if (d.kind == PT_KIND(1) || d.kind == PT_KIND(2)) {
                throws++;
                if (d.kind == PT_KIND(2) && pick != CARC_ID_PASS) knocks++;
            }
            pigs_removed += removed(g, CARC_FIGURE_PIG) > before_p;
            bigs_removed += removed(g, CARC_FIGURE_BIG) > before_b;
            bool asleep = carc__pd_dragon_asleep(g) != 0;
            naps += asleep && !was_asleep;
            was_asleep = asleep;
            (void)fairy;
            carc_decision d2;
            carc_game_decision(g, &d2);
            if (d.kind == 16 + CARC_MODULE_PRINCESS_DRAGON * 16 + 1 ||
                d.kind == 16 + CARC_MODULE_PRINCESS_DRAGON * 16 + 2)
                REQ(!fairy_near_pig(g)); /* B11 */
        }
        check_pigs(g);
        carc_game_free(g);
    }
    fprintf(stderr, "throws %d, knocks %d, pigs removed %d, big meeples %d, naps %d; decisions %d %d %d %d\n",
            throws, knocks, pigs_removed, bigs_removed, naps, seen[0], seen[1], seen[2], seen[3]);
    for (int k = 0; k < 4; k++) ck_assert_msg(seen[k] > 0, "decision %d never reached", k);
    ck_assert_msg(throws > 50, "only %d throws", throws);
    ck_assert_msg(pigs_removed > 0, "no pig removed from play");
    ck_assert_msg(bigs_removed > 0, "no big meeple removed from play");
    ck_assert_msg(naps > 0, "the dragon never napped");
    ck_assert_msg(knocks > 0, "no precision knock-off");
}
END_TEST

/* Its rules: slots 8-14, prefixed, default 1. */
START_TEST(rule_options)
{
    static const char *const names[] = {"pig_throw_directions", "pig_throw_city",
                                        "pig_throw_big",        "pig_throw_precision",
                                        "pig_throw_farmer",     "pig_throw_removed",
                                        "pig_throw_fairy"};
    carc_options o;
    carc_options_init(&o);
    for (int i = 0; i < 7; i++) {
        ck_assert_int_eq(carc_options_set_rule(&o, names[i], 2), CARC_OK);
        ck_assert_int_eq(o.rules[8 + i], 2);
        ck_assert_int_ne(carc_options_set_rule(&o, names[i], 3), CARC_OK);
    }
    /* it needs Traders & Builders */
    carc_options_init(&o);
    o.modules |= 1ull << CARC_MODULE_PIG_THROWING;
    carc_game *g = NULL;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_E_INVALID);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("pig_throwing");
    TCase *tc = tcase_create("pig_throwing");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, random_games_reach_everything);
    tcase_add_test(tc, rule_options);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return run_suite(suite()); }
