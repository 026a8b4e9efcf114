/* The Dungeon (module dungeon, issue 33), white box:
 *  - carc_game_new refuses it without the Tower, and carc_options_explain
 *    says so; with the Tower alone (no dragon, no fairy) it plays;
 *  - a piece in the dungeon is held by the module (neither on the board nor
 *    in supply), the dragon too; the query facts (dungeon.h);
 *  - every refusal explained with its reason: the dragon inside (entering,
 *    leaving), no entrance, the entrance tile occupied, a completed
 *    feature, the mayor outside a city, the wagon, the same entrance, the
 *    flush off;
 *  - the flush (rule dungeon_flush 2): the dragon expelled, eating, no
 *    flight, the big meeple still in supply;
 *  - the exit with pd_dragon_move 2 (before the scoring) is the flight's
 *    first step too;
 *  - the rule options dungeon_entrances 2 (a closed tower is no entrance),
 *    dungeon_pieces 2 (the ringmaster), dungeon_flee 2;
 *  - random games reach every decision and verb of the module, keep its
 *    invariants, and send every piece home at the end.
 * The scenario records tests/scenarios/dungeon_*.rec hold the document's
 * examples with hand-computed points. */
#include "core/state.h"

#include <check.h>

#include "modules/dungeon/dungeon.h"
#include "modules/princess_dragon/princess_dragon.h"
#include "action_legal_check.h"
#include "record_text.h"
#include "quiet_check.h"
#include "random_step.h"
#include "run_suite.h"
#include "scenario_text.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DG CARC_MODULE_DUNGEON
#define WHY(k) CARC_MODULE_KIND(DG, k)
#define BIT(m) (1ull << (m))

/* ---------------------------------------------------------------- helpers */

/* Replay a scenario record up to (not including) the first line that is
 * exactly `stop` (NULL: all of it). */
static carc_game *replay(const char *name, const char *stop)
{
    return scen_replay(name, &(scen_cut){.stop = stop});
}

static carc_figure fig_of(const carc_game *g, int i)
{
    static carc_figure F[256];
    size_t n = 0;
    ck_assert_int_eq(carc_game_figures(g, F, 256, &n), CARC_OK);
    ck_assert_int_lt(i, (int)n);
    return F[i];
}

static void held_in_dungeon(const carc_game *g, int i)
{
    carc_figure f = fig_of(g, i);
    ck_assert_int_eq(f.where, CARC_WHERE_HELD);
    ck_assert_int_eq((f.state >> 8) & 0xff, DG);
}

/* ------------------------------------------------------- creation, facts */

START_TEST(requires_the_tower)
{
    carc_options o;
    carc_options_init(&o);
    o.modules = BIT(CARC_MODULE_BASE) | BIT(DG);
    carc_game *g = NULL;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_E_INVALID);
    ck_assert_ptr_null(g);
    carc_explanation why;
    ck_assert_int_eq(carc_options_explain(&o, NULL, &why), CARC_OK);
    ck_assert_int_eq(why.code, CARC_E_INVALID);
    ck_assert_int_eq(why.reason, CARC_REASON_FORBIDDEN);
    ck_assert_msg(strstr(why.message, "tower") != NULL, "%s", why.message);
    /* with the Tower alone: neutral answers of what is off */
    o.modules |= BIT(CARC_MODULE_TOWER);
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    ck_assert_int_eq(carc__dungeon_dragon_in(g), 0);
    ck_assert_int_eq(carc__dungeon_pieces(g, -1), 0);
    carc_game_free(g);
    /* off: neutral */
    o.modules = BIT(CARC_MODULE_TOWER);
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    ck_assert_int_eq(carc__dungeon_pieces(g, 0), 0);
    carc_game_free(g);
}
END_TEST

/* a piece below is held by the module: neither on the board nor in supply */
START_TEST(pieces_are_held)
{
    carc_game *g = replay("dungeon_enter_exit_same_turn.rec", "dungeon exit 0,1");
    held_in_dungeon(g, 7);
    ck_assert_int_eq(carc_game_supply(g, 1, CARC_FIGURE_FOLLOWER), 6);
    ck_assert_int_eq(carc__dungeon_pieces(g, 1), 1);
    ck_assert_int_eq(carc__dungeon_pieces(g, 0), 0);
    /* out by the entrance it came in: refused */
    explains(g, "dungeon exit 1,1", WHY(8));
    /* not onto the start tile: no entrance */
    explains(g, "dungeon exit 0,0", WHY(2));
    /* staying below is a pass */
    scen_apply(g, "pass");
    held_in_dungeon(g, 7);
    carc_game_free(g);
}
END_TEST

/* the dragon below is held too; steps_left after the exit: five */
START_TEST(dragon_held_and_exit_is_step_one)
{
    carc_game *g = replay("dungeon_dragon_flee_exit_steps.rec", "dungeon flee");
    /* the flee decision is the dungeon's, about the entrance, for Blue */
    carc_decision d;
    carc_game_decision(g, &d);
    ck_assert_int_eq(d.kind, CARC_MODULE_KIND(DG, 4));
    ck_assert_int_eq(carc_game_current_player(g), 1);
    /* no pass: staying is an answer of its own */
    explains(g, "pass", WHY(0));
    carc_game_free(g);

    g = replay("dungeon_dragon_flee_exit_steps.rec", "draw DG_C_d");
    ck_assert_int_eq(carc__dungeon_dragon_in(g), 1);
    carc_dragon_info di;
    ck_assert_int_eq(carc_game_dragon(g, &di), CARC_OK);
    ck_assert_int_eq(di.dragon_on_board, 0);
    ck_assert_int_eq(di.flying, 0);
    carc_game_free(g);

    g = replay("dungeon_dragon_flee_exit_steps.rec", "dragon n");
    ck_assert_int_eq(carc__dungeon_dragon_in(g), 0);
    ck_assert_int_eq(carc_game_dragon(g, &di), CARC_OK);
    ck_assert_int_eq(di.dragon_on_board, 1);
    ck_assert_int_eq(di.dragon_x, 1);
    ck_assert_int_eq(di.dragon_y, 1);
    ck_assert_int_eq(di.flying, 1);
    ck_assert_int_eq(di.steps_left, 5);
    ck_assert_int_eq(di.mover, 1);
    ck_assert_int_eq(di.num_visited, 1);
    /* the exit's choice: an entrance or a volcano, not a plain tile */
    carc_game_free(g);
    g = replay("dungeon_dragon_flee_exit_steps.rec", "dungeon dragon 1,1");
    explains(g, "dungeon dragon 0,0", WHY(10));
    legal(g, "dungeon dragon 0,1"); /* the volcano */
    carc_game_free(g);
}
END_TEST

/* ------------------------------------------------------------ refusals */

static const char *const RUSH = "dungeon_dragon_rushes_in_fairy_escort.rec";

START_TEST(dragon_inside_refusals)
{
    /* Blue's turn after the dragon went down, before the fairy's move */
    carc_game *g = replay(RUSH, "dungeon fairy");
    explains(g, "dungeon leave", WHY(1));
    legal(g, "dungeon fairy");
    carc_game_free(g);
    /* Red lays an entrance while the dragon is below: nobody goes down */
    g = replay(RUSH, "draw U");
    scen_apply(g, "draw TO_C");
    scen_apply(g, "place 2,1 r0");
    explains(g, "dungeon enter", WHY(1));
    /* the flush is an option off by default */
    explains(g, "dungeon flush", WHY(9));
    carc_game_free(g);
    /* the fairy beside it since the turn began: the piece may leave */
    g = replay(RUSH, "dungeon leave");
    legal(g, "dungeon leave");
    scen_apply(g, "dungeon leave");
    legal(g, "dungeon leave 7");
    scen_apply(g, "dungeon leave 7");
    /* TO_L holds Red's monk: the entrance tile is occupied */
    explains(g, "dungeon exit -1,1", WHY(3));
    carc_game_free(g);
}
END_TEST

START_TEST(flush_rule)
{
    static const char *text =
        "carcvar-record 2\nplayers 2\nseed 1\n"
        "modules base inns_cathedrals tower princess_dragon dungeon\n"
        "rule dungeon_flush 2\n"
        "draw DG_F_v\nplace 0,1 r0\npass\n"
        "draw TO_F\nplace 1,1 r0\ndungeon enter\ndungeon enter follower\n"
        "draw TO_L\nplace -1,1 r0\ndeploy follower monastery\n"
        "draw DG_RFr_d\nplace 1,0 r0\npass\ndragon w\n"
        "draw TO_C\nplace 2,1 r0\n";
    carc_game *g = replay_text(text);
    ck_assert_int_eq(carc__dungeon_dragon_in(g), 1);
    ck_assert_int_eq(carc_game_supply(g, 0, CARC_FIGURE_BIG), 1);
    legal(g, "dungeon flush");
    scen_apply(g, "dungeon flush");
    /* out onto the volcano or an entrance (TO_L with Red's monk: eaten) */
    legal(g, "dungeon dragon 0,1");
    explains(g, "dungeon dragon 1,0", WHY(10));
    scen_apply(g, "dungeon dragon -1,1");
    ck_assert_int_eq(carc__dungeon_dragon_in(g), 0);
    ck_assert_int_eq(carc__pd_dragon_tile(g), carc__tile_at(g, -1, 1));
    ck_assert_int_eq(carc_game_supply(g, 0, CARC_FIGURE_FOLLOWER), 7);                    /* the monk eaten */
    ck_assert_int_eq(carc_game_supply(g, 0, CARC_FIGURE_BIG), 1); /* back at once */
    carc_dragon_info di;
    ck_assert_int_eq(carc_game_dragon(g, &di), CARC_OK);
    ck_assert_int_eq(di.flying, 0); /* no flight follows */
    ck_assert_int_eq(carc_game_current_player(g), CARC_PLAYER_CHANCE);
    /* Blue's piece comes out onto the dragon's tile (E3): eaten, home */
    scen_apply(g, "draw B");
    scen_apply(g, "place 1,2 r0");
    scen_apply(g, "dungeon leave");
    scen_apply(g, "dungeon leave 7");
    legal(g, "dungeon exit -1,1");
    scen_apply(g, "dungeon exit -1,1");
    scen_apply(g, "dungeon exit -1,1 monastery");
    ck_assert_int_eq(carc_game_supply(g, 1, CARC_FIGURE_FOLLOWER), 7);
    ck_assert_int_eq(carc__dungeon_pieces(g, -1), 0);
    carc_game_free(g);
}
END_TEST

/* the mayor: in only through a tile with a city, out only onto a city;
 * the wagon never; completed features refused */
START_TEST(mayor_wagon_completed)
{
    static const char *text =
        "carcvar-record 2\nplayers 2\nseed 1\n"
        "modules base abbey_mayor tower dungeon\n"
        "draw TO_C\nplace 0,-1 r2\npass\n" /* closes D's city: completed */
        "draw TO_F\nplace 0,1 r0\n";
    carc_game *g = replay_text(text);
    legal(g, "dungeon enter");
    scen_apply(g, "dungeon enter");
    explains(g, "dungeon enter mayor", WHY(5));
    explains(g, "dungeon enter wagon", WHY(6));
    scen_apply(g, "dungeon enter follower");
    /* out through TO_C: its fields, not its completed city */
    scen_apply(g, "dungeon exit 0,-1");
    explains(g, "dungeon exit 0,-1 city S", WHY(4));
    carc_game_free(g);

    /* the mayor goes down through a city tile, and comes out only onto a city */
    static const char *text2 =
        "carcvar-record 2\nplayers 2\nseed 1\n"
        "modules base abbey_mayor tower dungeon\n"
        "draw TO_F\nplace 0,1 r0\npass\n"
        "draw B\nplace -1,1 r0\npass\n"
        "draw TO_CRcr\nplace 0,-1 r1\npass\n" /* an open city through a tower */
        "draw TO_C\nplace 1,1 r1\n";             /* city E, open */
    g = replay_text(text2);
    scen_apply(g, "dungeon enter");
    scen_apply(g, "dungeon enter mayor");
    /* TO_F has no city: not an exit for the mayor; TO_CRcr's city is */
    explains(g, "dungeon exit 0,1", WHY(5));
    scen_apply(g, "dungeon exit 0,-1");
    explains(g, "dungeon exit 0,-1 road E", WHY(5));
    ck_assert_int_eq(carc_game_supply(g, 1, CARC_FIGURE_MAYOR), 0);
    carc_game_free(g);
}
END_TEST

/* dungeon_entrances 2: a tower closed by a follower on top is no entrance */
START_TEST(closed_tower_option)
{
    static const char *base =
        "carcvar-record 2\nplayers 2\nseed 1\n"
        "modules base tower dungeon\n%s"
        "draw TO_F\nplace 0,1 r0\nfloor\nfloor 0,1\n"
        "draw TO_L\nplace 1,1 r0\ntop follower\ntop 0,1\n"
        "draw B\nplace -1,1 r0\npass\n"
        "draw TO_C\nplace 0,-1 r2\n";
    char text[1024];
    snprintf(text, sizeof text, base, "");
    carc_game *g = replay_text(text);
    legal(g, "dungeon enter");
    carc_game_free(g);
    /* the closed tower (0,1) as the tile just laid: no entrance with rule 2 */
    static const char *closed =
        "carcvar-record 2\nplayers 2\nseed 1\n"
        "modules base tower dungeon\nrule dungeon_entrances 2\n"
        "draw TO_F\nplace 0,1 r0\nfloor\nfloor 0,1\n"
        "draw TO_L\nplace 1,1 r0\ntop follower\ntop 0,1\n"
        "draw TO_C\nplace 0,-1 r2\ndungeon enter\ndungeon enter follower\n";
    g = replay_text(closed);
    /* TO_L (1,1) is open: an exit; (0,1) closed: none */
    explains(g, "dungeon exit 0,1", WHY(2));
    legal(g, "dungeon exit 1,1");
    carc_game_free(g);
}
END_TEST

/* ------------------------------------------------------------ random games */


/* the module's invariants, white box */
static void check_dungeon(const carc_game *g, bool over)
{
    int n = carc__figure_count(g);
    for (int i = 0; i < n; i++) {
        carc_fig f;
        carc__figure_get(g, i, &f);
        if (f.where != CARC_PLACE_HELD || f.holder != DG) continue;
        if (f.arg == DUNGEON_PIECE_ARG) {
            REQ(f.owner >= 0);
            REQ(!over); /* home at the end */
            REQ(f.kind == CARC_FIGURE_FOLLOWER || f.kind == CARC_FIGURE_BIG ||
                f.kind == CARC_FIGURE_MAYOR || f.kind == CARC_FIGURE_RINGMASTER);
        } else if (f.arg == DUNGEON_DRAGON_ARG) {
            REQ(f.kind == CARC_FIGURE_DRAGON);
        } else {
            REQ(f.kind == CARC_FIGURE_FAIRY);
            int p = f.arg - DUNGEON_FAIRY_ARG;
            carc_fig h;
            carc__figure_get(g, p, &h);
            if (!over) REQ(h.where == CARC_PLACE_HELD && h.holder == DG && h.owner >= 0);
        }
    }
}

START_TEST(random_games_reach_everything)
{
    int seen[8] = {0}, verbs[4] = {0};
    static int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
    for (int seed = 0; seed < 120; seed++) {
        carc_options o;
        carc_options_init(&o);
        o.num_players = 2 + seed % 5;
        o.seed = (uint64_t)seed;
        o.modules |= BIT(CARC_MODULE_TOWER) | BIT(CARC_MODULE_PRINCESS_DRAGON) | BIT(DG);
        if (seed % 2) {
            o.modules |= BIT(CARC_MODULE_INNS_CATHEDRALS) | BIT(CARC_MODULE_ABBEY_MAYOR);
            ck_assert_int_eq(carc_options_set_rule(&o, "dungeon_flush", 2), CARC_OK);
        }
        if (seed % 3 == 0) {
            o.modules |= BIT(CARC_MODULE_BIG_TOP);
            ck_assert_int_eq(carc_options_set_rule(&o, "dungeon_pieces", 2), CARC_OK);
        }
        carc_game *g = NULL;
        ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
        uint64_t rs = (uint64_t)seed * 31 + 7;
        while (!carc_game_is_terminal(g)) {
            check_dungeon(g, false);
            carc_decision d;
            carc_game_decision(g, &d);
            if (d.kind >= WHY(0) && d.kind <= WHY(7)) seen[d.kind - WHY(0)]++;
            if (carc_game_current_player(g) == CARC_PLAYER_CHANCE) {
                REQ(carc_game_sample_chance(g, NULL) == CARC_OK);
                continue;
            }
            size_t k;
            REQ(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &k) == CARC_OK);
            int32_t pick = ids[lcg(&rs) % k];
            /* prefer the module's verbs, so that every one is taken */
            for (size_t i = 0; i < k; i++)
                if (ids[i] >= CARC_VERB_ID(DG, 0) && ids[i] <= CARC_VERB_ID(DG, 3) &&
                    lcg(&rs) % 2 == 0) {
                    pick = ids[i];
                    verbs[ids[i] - CARC_VERB_ID(DG, 0)]++;
                }
            REQ(carc_game_apply_id(g, pick) == CARC_OK);
        }
        check_dungeon(g, true);
        carc_game_free(g);
    }
    for (int k = 0; k < 7; k++) ck_assert_msg(seen[k] > 0, "decision %d never reached", k);
    for (int k = 0; k < 4; k++) ck_assert_msg(verbs[k] > 0, "verb %d never taken", k);
}
END_TEST

/* The module's action_legal (the core's check of an id before
 * decision_apply, instead of listing every legal action again) answers
 * exactly as the lists: at every decision of the module and every turn's
 * own deployment of random games (with the tower and the Princess &
 * Dragon, flush and ringmaster rules, and with every module; its verbs
 * preferred so that every decision comes), for every id. */
#define DEC_KIND_BASE CARC_MODULE_KIND(DG, 0)
static int own_kinds[8];
START_TEST(action_legal_matches_lists)
{
    int checked = 0;
    int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
    for (int k = 0; k < 3; k++)
        for (int game = 0; game < 5; game++) {
            carc_options o;
            carc_options_init(&o);
            o.num_players = 2 + game % 5;
            o.seed = 900 + (uint64_t)game;
            o.modules |= BIT(CARC_MODULE_TOWER) | BIT(CARC_MODULE_PRINCESS_DRAGON) | BIT(DG);
            if (k == 1) {
                ck_assert_int_eq(carc_options_set_rule(&o, "dungeon_flush", 2), CARC_OK);
                ck_assert_int_eq(carc_options_set_rule(&o, "dungeon_pieces", 2), CARC_OK);
                ck_assert_int_eq(carc_options_set_rule(&o, "dungeon_entrances", 2), CARC_OK);
                o.modules |= BIT(CARC_MODULE_BIG_TOP) | BIT(CARC_MODULE_ABBEY_MAYOR);
            }
            if (k == 2)
                for (int m = 1; m < CARC_MODULE_SLOTS; m++)
                    if (carc_module_available(m) == 1) o.modules |= 1ull << m;
            carc_game *g;
            ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
            uint64_t rs = o.seed * 2654435761u + 1;
            while (!carc_game_is_terminal(g)) {
                if (sample_if_chance(g)) continue;
                int k2 = check_action_legal(g, DG, &checked);
                if (k2 >= 0) own_kinds[k2 - DEC_KIND_BASE]++;
                size_t n;
                ck_assert_int_eq(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &n), CARC_OK);
                ck_assert_uint_gt(n, 0);
                rs = rs * 6364136223846793005ull + 1442695040888963407ull;
                int32_t pick = ids[(rs >> 33) % n];
                for (size_t i = 0; i < n; i++) /* the module's verbs preferred */
                    if (ids[i] >= CARC_VERB_ID(DG, 0) && ids[i] <= CARC_VERB_ID(DG, 3) && (rs >> 40) % 4)
                        pick = ids[i];
                ck_assert_int_eq(carc_game_apply_id(g, pick), CARC_OK);
            }
            carc_game_free(g);
        }
    ck_assert_int_gt(checked, 1000); /* the module's actions were reached */
    for (int k = 0; k < 7; k++) /* every decision of the module came */
        ck_assert_msg(own_kinds[k] > 0, "decision %d of the dungeon never came", k);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("dungeon");
    TCase *tc = tcase_create("rules");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, requires_the_tower);
    tcase_add_test(tc, pieces_are_held);
    tcase_add_test(tc, dragon_held_and_exit_is_step_one);
    tcase_add_test(tc, dragon_inside_refusals);
    tcase_add_test(tc, flush_rule);
    tcase_add_test(tc, mayor_wagon_completed);
    tcase_add_test(tc, closed_tower_option);
    tcase_add_test(tc, random_games_reach_everything);
    tcase_add_test(tc, action_legal_matches_lists);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return run_suite(suite()); }
