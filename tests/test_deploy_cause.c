/* Putting a figure onto a feature outside the turn's own deployment
 * (lib/module.h: carc__figure_deploy_legal, carc__figure_deploy,
 * carc__decision_push_deploy, CARC_PENDING_QUEUED_DEPLOY), with base +
 * probe (12) + probe2 (13):
 *   - probe2's volcano veto asks the cause: no figure on a field of a
 *     @volcano tile (PB), except out of a dungeon (CARC_CAUSE_DUNGEON_EXIT);
 *   - probe2's magic portal (rule probe2_portal 2): "portal", then a tile,
 *     then the core's deployment queued there for CARC_CAUSE_PORTAL.
 * Every expected value was worked out by hand from the tile data (the
 * start tile D at 0,0: city N (segment 0), road W-E (1), field north of
 * the road (2), field south of it (3); PB: road S (0), circus (1), one
 * field all round (2); U: road N-S (0), field E (1), field W (2); E: city
 * N (0), field (1)). */
#include "core/state.h"
#include "probe/probe2.h"

#include <check.h>

#include "random_step.h"
#include "run_suite.h"
#include "step_checks.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "play_lines.h"

#define P1 12
#define P2 13
#define DEC_CHEER CARC_MODULE_KIND(P2, 1)
#define DEC_PORTAL CARC_MODULE_KIND(P2, 10)
#define VERB_BLESS CARC_VERB_ID(P1, 0)
#define VERB_PERCH CARC_VERB_ID(P2, 1)
#define VERB_PORTAL CARC_VERB_ID(P2, 7)
#define CAUSE_MINE CARC_MODULE_KIND(P2, 12) /* a module's own cause */
#define KS(kind, seg) (CARC_ID_KIND_SEG + (kind) * CARC_MAX_SEGMENTS + (seg))

/* Is a figure of kind k on segment s of the deployment p's tile among the
 * listed ids exactly when the rule (carc__figure_deploy_legal, for cause)
 * allows it?  Asserts that, and answers whether it was offered. */
static bool offered_as_legal(const carc_game *g, const carc_pending *p, const int32_t *ids, size_t n,
                             int k, int s, int cause)
{
    int f = carc__figure_supply(g, p->player, k) ? carc__figure_in_supply(g, p->player, k) : -1;
    bool offered = false;
    for (size_t i = 0; i < n; i++) offered |= ids[i] == KS(k, s);
    bool legal = f >= 0 && carc__figure_deploy_legal(g, f, p->target, s, cause, 0);
    ck_assert_msg(offered == legal, "kind %d segment %d: offered %d, rule %d", k, s, offered,
                  legal);
    return offered;
}

/* figure indices with 2 players: base followers (7 each), probe's big
 * meeples, probe2's ringmasters, then the neutral fairy */
#define FIG_FOLLOWER(p, i) ((p) * 7 + (i))

static carc_game *new_game(int players, bool portal)
{
    carc_options o;
    carc_options_init(&o);
    o.num_players = players;
    o.modules |= (1ull << P1) | (1ull << P2);
    if (portal) ck_assert_int_eq(carc_options_set_rule(&o, "probe2_portal", 2), CARC_OK);
    carc_game *g;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    return g;
}

/* carc__figure_deploy refused, the game byte-identical */
static void deploy_refused(carc_game *g, int fig, int tile, int seg, int cause, unsigned flags)
{
    carc_game *before;
    ck_assert_int_eq(carc_game_clone(&before, g), CARC_OK);
    ck_assert(!carc__figure_deploy_legal(g, fig, tile, seg, cause, flags));
    ck_assert_int_eq(carc__figure_deploy(g, fig, tile, seg, cause, flags), CARC_E_ILLEGAL);
    ck_assert_msg(carc__state_equal(g, before), "a refused deployment changed the state");
    carc_game_free(before);
}

#define ASSERT_DECISION(g, k, pl, tx, ty)                               \
    do {                                                                \
        carc_decision d_;                                               \
        ck_assert_int_eq(carc_game_decision(g, &d_), CARC_OK);          \
        ck_assert_int_eq(d_.kind, (k));                                 \
        ck_assert_int_eq(d_.player, (pl));                              \
        if ((k) == CARC_DECISION_DEPLOY) {                              \
            ck_assert_int_eq(d_.x, (tx));                               \
            ck_assert_int_eq(d_.y, (ty));                               \
        }                                                               \
    } while (0)

static carc_fig fig(const carc_game *g, int i)
{
    carc_fig f;
    carc__figure_get(g, i, &f);
    return f;
}

#define ASSERT_ON(g, i, t, s)                                   \
    do {                                                        \
        carc_fig f_ = fig(g, i);                                \
        ck_assert_int_eq(f_.where, CARC_PLACE_SEGMENT);         \
        ck_assert_int_eq(f_.tile, (t));                         \
        ck_assert_int_eq(f_.segment, (s));                      \
    } while (0)

/* 1. A held figure onto an occupied feature on another tile, with a veto
 * that allows one cause and refuses another at the same spot.
 *   t1 p0: PB at 0,1 (its field joins D's south field), pass;
 *   t2 p1: U at 1,0 r1 (road W-E; its segment 1 is the field south of the
 *          road, the same field), a follower there (figure 7);
 *   t3 p0: U at -1,0 r1 (tile 3, the tile just laid); at its deployment
 *          the test plays a module: it holds p0's follower 0 (a dungeon)
 *          and lets it out onto PB's field (tile 1, segment 2). */
START_TEST(held_onto_occupied_by_cause)
{
    carc_game *g = new_game(2, false);
    play_lines(g, "draw PB\nplace 0,1 r0\npass\n"
            "draw U\nplace 1,0 r1\ndeploy follower segment 1\n"
            "draw U\nplace -1,0 r1\n");
    ASSERT_DECISION(g, CARC_DECISION_DEPLOY, 0, -1, 0);
    ck_assert_int_eq(carc__tile_last(g), 3);
    const int field = carc__segment_root(g, 1, 2);
    ck_assert_int_eq(carc__segment_root(g, 2, 1), field);
    ck_assert_int_eq(carc__segment_root(g, 0, 3), field);
    ck_assert_int_eq(carc__root_followers(g, field), 1);
    ASSERT_ON(g, FIG_FOLLOWER(1, 0), 2, 1);

    /* into the dungeon: held by probe2 (a module's move) */
    const int f0 = FIG_FOLLOWER(0, 0);
    ck_assert_int_eq(carc__figure_move(g, f0, CARC_PLACE_HELD, -1, 0, 0, P2, CAUSE_MINE), CARC_OK);
    ck_assert_int_eq(carc__figure_supply(g, 0, CARC_FIGURE_FOLLOWER), 6);
    ck_assert_int_eq(fig(g, f0).where, CARC_PLACE_HELD);

    /* the same spot: occupied, so only with CARC_DEPLOY_OCCUPIED; and the
     * volcano veto lets a dungeon exit through, not a seduction */
    ck_assert(carc__figure_deploy_legal(g, f0, 1, 2, CARC_CAUSE_DUNGEON_EXIT, CARC_DEPLOY_OCCUPIED));
    ck_assert(!carc__figure_deploy_legal(g, f0, 1, 2, CARC_CAUSE_DUNGEON_EXIT, 0));
    ck_assert(!carc__figure_deploy_legal(g, f0, 1, 2, CARC_CAUSE_SEDUCTION, CARC_DEPLOY_OCCUPIED));
    ck_assert(!carc__figure_deploy_legal(g, f0, 1, 2, CAUSE_MINE, CARC_DEPLOY_OCCUPIED));
    /* the same field on a tile without a volcano: any cause, if occupied is allowed */
    ck_assert(carc__figure_deploy_legal(g, f0, 0, 3, CARC_CAUSE_SEDUCTION, CARC_DEPLOY_OCCUPIED));
    ck_assert(!carc__figure_deploy_legal(g, f0, 0, 3, CARC_CAUSE_SEDUCTION, 0));
    deploy_refused(g, f0, 1, 2, CARC_CAUSE_SEDUCTION, CARC_DEPLOY_OCCUPIED);
    deploy_refused(g, f0, 1, 2, CARC_CAUSE_DUNGEON_EXIT, 0);

    /* the exit */
    ck_assert_int_eq(carc__figure_deploy(g, f0, 1, 2, CARC_CAUSE_DUNGEON_EXIT, CARC_DEPLOY_OCCUPIED),
                     CARC_OK);
    ASSERT_ON(g, f0, 1, 2);
    ck_assert_int_eq(fig(g, f0).owner, 0);
    ck_assert_int_eq(carc__root_followers(g, field), 2);
    ck_assert_int_eq(carc__figure_supply(g, 0, CARC_FIGURE_FOLLOWER), 6); /* from held, not supply */
    ck_assert_int_eq(carc__figure_supply(g, 1, CARC_FIGURE_FOLLOWER), 6);
    {
        carc_feature_info fi;
        ck_assert_int_eq(carc_game_feature(g, 0, 1, 2, &fi), CARC_OK);
        ck_assert_int_eq(fi.strength[0], 1);
        ck_assert_int_eq(fi.strength[1], 1);
        ck_assert_uint_eq(fi.owners, 3);
    }
    /* it stands there now: not a move */
    deploy_refused(g, f0, 1, 2, CARC_CAUSE_DUNGEON_EXIT, CARC_DEPLOY_OCCUPIED);

    /* the turn's own deployment is untouched: p0 still decides it (the
     * road of tile 3 is D's road, free; the volcano field is not offered) */
    ASSERT_DECISION(g, CARC_DECISION_DEPLOY, 0, -1, 0);
    play_lines(g, "pass");
    carc_game_free(g);
}
END_TEST

/* 2. A figure from the board: claim counts leave one feature and enter
 * another; the figure's own claim does not make its feature occupied. */
START_TEST(from_board_and_self)
{
    carc_game *g = new_game(2, false);
    play_lines(g, "draw PB\nplace 0,1 r0\npass\n"
            "draw U\nplace 1,0 r1\ndeploy follower segment 1\n"
            "draw U\nplace -1,0 r1\n");
    const int f7 = FIG_FOLLOWER(1, 0);
    const int field = carc__segment_root(g, 2, 1), road = carc__segment_root(g, 3, 0);
    ck_assert_int_eq(carc__segment_root(g, 0, 1), road);
    /* within its own field: it is the only one there */
    ck_assert(carc__figure_deploy_legal(g, f7, 0, 3, CAUSE_MINE, 0));
    /* PB's field is the same feature: the volcano veto still asks the cause */
    ck_assert(!carc__figure_deploy_legal(g, f7, 1, 2, CAUSE_MINE, 0));
    ck_assert(carc__figure_deploy_legal(g, f7, 1, 2, CARC_CAUSE_DUNGEON_EXIT, 0));
    /* onto the road of the tile just laid for a module's cause */
    ck_assert_int_eq(carc__root_followers(g, road), 0);
    ck_assert_int_eq(carc__figure_deploy(g, f7, 3, 0, CAUSE_MINE, 0), CARC_OK);
    ASSERT_ON(g, f7, 3, 0);
    ck_assert_int_eq(carc__root_followers(g, field), 0);
    ck_assert_int_eq(carc__root_followers(g, road), 1);
    ck_assert_int_eq(carc__figure_supply(g, 1, CARC_FIGURE_FOLLOWER), 6);
    ck_assert_int_eq(carc__figure_supply(g, 0, CARC_FIGURE_FOLLOWER), 7);
    /* now the road is held: p0's turn deployment may not claim it, and a
     * supply figure may not join it without CARC_DEPLOY_OCCUPIED */
    ck_assert(!carc__figure_deploy_legal(g, FIG_FOLLOWER(0, 0), 3, 0, CARC_CAUSE_DEPLOY, 0));
    ck_assert(carc__figure_deploy_legal(g, FIG_FOLLOWER(0, 0), 3, 0, CARC_CAUSE_DEPLOY,
                                        CARC_DEPLOY_OCCUPIED));
    refused(g, "deploy follower segment 0");
    /* from supply at the turn's own deployment: the same rule as the decision */
    ck_assert_int_eq(carc__figure_deploy(g, FIG_FOLLOWER(0, 0), 3, 1, CARC_CAUSE_DEPLOY, 0),
                     CARC_OK);
    ck_assert_int_eq(carc__figure_supply(g, 0, CARC_FIGURE_FOLLOWER), 6);
    ck_assert_int_eq(carc__root_followers(g, carc__segment_root(g, 3, 1)), 1);
    carc_game_free(g);
}
END_TEST

/* 3. Bad arguments: refused, nothing changed. */
START_TEST(bad_arguments)
{
    carc_game *g = new_game(2, false);
    play_lines(g, "draw U\nplace 1,0 r1\n");
    const int f = FIG_FOLLOWER(0, 0);
    ck_assert(carc__figure_deploy_legal(g, f, 1, 0, CARC_CAUSE_DEPLOY, 0));
    deploy_refused(g, -1, 1, 0, CARC_CAUSE_DEPLOY, 0);
    deploy_refused(g, carc__figure_count(g), 1, 0, CARC_CAUSE_DEPLOY, 0);
    deploy_refused(g, f, -1, 0, CARC_CAUSE_DEPLOY, 0);
    deploy_refused(g, f, 2, 0, CARC_CAUSE_DEPLOY, 0);     /* not placed */
    deploy_refused(g, f, 1, -1, CARC_CAUSE_DEPLOY, 0);
    deploy_refused(g, f, 1, 3, CARC_CAUSE_DEPLOY, 0);     /* U has 3 segments */
    deploy_refused(g, f, 1, 0, CARC_CAUSE_SCORED, 0);     /* not a deployment */
    deploy_refused(g, f, 1, 0, CARC_CAUSE_SETUP, 0);
    deploy_refused(g, f, 1, 0, 7, 0);
    deploy_refused(g, f, 1, 0, -1, 0);
    deploy_refused(g, f, 1, 0, CARC_CAUSE_DEPLOY, 4);     /* unknown flag */
    /* a removed figure never comes back */
    ck_assert_int_eq(carc__figure_move(g, f, CARC_PLACE_REMOVED, -1, 0, 0, 0, CAUSE_MINE), CARC_OK);
    deploy_refused(g, f, 1, 0, CARC_CAUSE_DEPLOY, CARC_DEPLOY_OCCUPIED | CARC_DEPLOY_COMPLETED);
    /* a neutral figure of a kind with no rule of its own (the fairy) */
    deploy_refused(g, 18, 1, 0, CAUSE_MINE, CARC_DEPLOY_OCCUPIED);
    /* queueing a deployment: bad player, tile, cause; the turn's own only
     * on the tile just laid */
    carc_game *before;
    ck_assert_int_eq(carc_game_clone(&before, g), CARC_OK);
    ck_assert_int_eq(carc__decision_push_deploy(g, 2, 0, CARC_CAUSE_PORTAL, false), CARC_E_INVALID);
    ck_assert_int_eq(carc__decision_push_deploy(g, -1, 0, CARC_CAUSE_PORTAL, false), CARC_E_INVALID);
    ck_assert_int_eq(carc__decision_push_deploy(g, 0, 2, CARC_CAUSE_PORTAL, true), CARC_E_INVALID);
    ck_assert_int_eq(carc__decision_push_deploy(g, 0, 0, CARC_CAUSE_DEPLOY, true), CARC_E_INVALID);
    ck_assert_int_eq(carc__decision_push_deploy(g, 0, 0, CARC_CAUSE_SCORED, true), CARC_E_INVALID);
    ck_assert_int_eq(carc__decision_push(g, CARC_DECISION_DEPLOY, 0, CARC_CORE_OWNER, 0, 0),
                     CARC_E_INVALID);
    ck_assert_int_eq(carc__decision_followup(g, CARC_DECISION_DEPLOY, 0, CARC_CORE_OWNER, 0, 0),
                     CARC_E_INVALID);
    ck_assert(carc__state_equal(g, before));
    carc_game_free(before);
    carc_game_free(g);
}
END_TEST

/* 4. A deployment a module queued on another tile (the portal).
 *   t1 p0: E at 0,-1 r2 closes the city D-E (2 tiles, nobody on it), pass;
 *          p1 cheers 0; the token (chance) gives p0 1 point;
 *   t2 p1: U at 1,0 r1 (tile 2); "portal" -> the tiles with a free spot:
 *          D (its road and fields) and E (its field; its city is complete);
 *          "portal 0,-1" -> the core's deployment on E for p1: pass, a
 *          follower or a big meeple on the field -- not on the completed
 *          city, and none of the modules' verbs. */
START_TEST(portal_queued_deploy)
{
    carc_game *g = new_game(2, true);
    play_lines(g, "draw E\nplace 0,-1 r2\npass\ncheer 0\ntoken 1\n");
    ck_assert_int_eq(carc_game_turn(g), 2);
    play_lines(g, "draw U\nplace 1,0 r1\n");
    ASSERT_DECISION(g, CARC_DECISION_DEPLOY, 1, 1, 0);
    {
        /* the turn's own: figures on U, bless, perch, a bridge N-S, portal */
        const int32_t want[] = {CARC_ID_PASS,
                                KS(CARC_FIGURE_FOLLOWER, 0), KS(CARC_FIGURE_FOLLOWER, 1),
                                KS(CARC_FIGURE_FOLLOWER, 2), KS(CARC_FIGURE_BIG, 0),
                                KS(CARC_FIGURE_BIG, 1), KS(CARC_FIGURE_BIG, 2),
                                VERB_BLESS, VERB_PERCH, CARC_VERB_ID(P2, 5), VERB_PORTAL};
        assert_ids(g, want, sizeof want / sizeof want[0]);
    }
    const int city = carc__segment_root(g, 1, 0);
    ck_assert(carc__root_complete(g, city));
    ck_assert_int_eq(carc__root_followers(g, city), 0);
    play_lines(g, "portal");
    ASSERT_DECISION(g, DEC_PORTAL, 1, 0, 0);
    {
        const int32_t want[] = {CARC_ID_TILE + 0, CARC_ID_TILE + 1};
        assert_ids(g, want, 2);
    }
    play_lines(g, "portal 0,-1");
    ASSERT_DECISION(g, CARC_DECISION_DEPLOY, 1, 0, -1);
    {
        const carc_pending *p = carc__front(g);
        ck_assert_uint_eq(p->flags, CARC_PENDING_QUEUED_DEPLOY);
        ck_assert_int_eq(p->arg, CARC_CAUSE_PORTAL);
        ck_assert_int_eq(p->target, 1);
        const int32_t want[] = {CARC_ID_PASS, KS(CARC_FIGURE_FOLLOWER, 1), KS(CARC_FIGURE_BIG, 1)};
        assert_ids(g, want, 3);
    }
    /* the completed city and the modules' verbs are refused, nothing changed */
    ck_assert_int_eq(refused(g, "deploy follower segment 0"), CARC_E_ILLEGAL);
    ck_assert_int_eq(refused(g, "deploy big segment 0"), CARC_E_ILLEGAL);
    ck_assert_int_eq(refused_id(g, KS(CARC_FIGURE_FOLLOWER, 0)), CARC_E_ILLEGAL);
    ck_assert_int_eq(refused_id(g, VERB_BLESS), CARC_E_ILLEGAL);
    ck_assert_int_eq(refused_id(g, VERB_PERCH), CARC_E_ILLEGAL);
    ck_assert_int_eq(refused_id(g, VERB_PORTAL), CARC_E_ILLEGAL);
    ck_assert_int_eq(refused(g, "bless"), CARC_E_ILLEGAL);
    {
        carc_explanation e;
        carc_action a;
        ck_assert_int_eq(carc_action_from_string(g, "deploy follower segment 0", &a), CARC_OK);
        ck_assert_int_eq(carc_game_explain(g, &a, &e), CARC_OK);
        ck_assert_int_eq(e.code, CARC_E_ILLEGAL);
        ck_assert_int_eq(e.reason, CARC_REASON_NOT_CLAIMABLE);
        ck_assert_ptr_nonnull(strstr(e.message, "complete"));
        ck_assert_int_eq(carc_action_from_string(g, "bless", &a), CARC_OK);
        ck_assert_int_eq(carc_game_explain(g, &a, &e), CARC_OK);
        ck_assert_int_eq(e.reason, CARC_REASON_NOT_OFFERED);
        ck_assert_ptr_nonnull(strstr(e.message, "another tile"));
    }
    /* the same rule through the query: p1's supply follower, cause portal */
    const int f7 = FIG_FOLLOWER(1, 0);
    ck_assert(!carc__figure_deploy_legal(g, f7, 1, 0, CARC_CAUSE_PORTAL, 0));
    ck_assert(carc__figure_deploy_legal(g, f7, 1, 0, CARC_CAUSE_PORTAL, CARC_DEPLOY_COMPLETED));
    ck_assert(carc__figure_deploy_legal(g, f7, 1, 1, CARC_CAUSE_PORTAL, 0));

    ck_assert_int_eq(carc__figure_supply(g, 1, CARC_FIGURE_FOLLOWER), 7);
    play_lines(g, "deploy follower segment 1");
    ASSERT_ON(g, f7, 1, 1);
    ck_assert_int_eq(carc__figure_supply(g, 1, CARC_FIGURE_FOLLOWER), 6);
    ck_assert_int_eq(carc__figure_supply(g, 1, CARC_FIGURE_BIG), 1);
    ck_assert_int_eq(carc__root_followers(g, carc__segment_root(g, 1, 1)), 1);
    ck_assert_int_eq(carc__root_followers(g, carc__segment_root(g, 2, 0)), 0); /* U's road */
    ck_assert_int_eq(carc__root_followers(g, city), 0);
    /* the turn goes on: p0's turn 3, whose own deployment offers verbs again */
    ASSERT_DECISION(g, CARC_DECISION_DRAW, CARC_PLAYER_CHANCE, 0, 0);
    ck_assert_int_eq(carc_game_turn(g), 3);
    play_lines(g, "draw U\nplace -1,0 r1\n");
    ASSERT_DECISION(g, CARC_DECISION_DEPLOY, 0, -1, 0);
    ck_assert_uint_eq(carc__front(g)->flags, 0);
    {
        int32_t ids[64];
        size_t n;
        ck_assert_int_eq(carc_game_legal_ids(g, ids, 64, &n), CARC_OK);
        bool bless = false;
        for (size_t i = 0; i < n; i++) bless |= ids[i] == VERB_BLESS;
        ck_assert(bless);
    }
    /* a record of it replays to the same state */
    size_t need;
    ck_assert_int_eq(carc_game_write_record(g, NULL, 0, &need), CARC_E_BUFFER);
    char *rec = malloc(need);
    ck_assert_int_eq(carc_game_write_record(g, rec, need, &need), CARC_OK);
    carc_game *r;
    ck_assert_int_eq(carc_record_replay(&r, rec, need, NULL), CARC_OK);
    ck_assert(carc__state_equal(g, r));
    carc_game_free(r);
    free(rec);
    carc_game_free(g);
}
END_TEST

/* 5. Random games with the portal: at every deployment decision the
 * offered kind x segment ids are exactly those carc__figure_deploy_legal
 * allows a supply figure for the decision's cause, a queued one offers no
 * verb and no completed feature, and the figures are conserved; at every
 * decision carc__figure_supply_kinds has a bit for each kind in supply. */
START_TEST(random_agreement)
{
    static int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
    int queued = 0, portal_moves = 0;
    for (int game = 0; game < 24; game++) {
        carc_options o;
        carc_options_init(&o);
        o.num_players = 2 + game % 3;
        o.seed = 1000 + (uint64_t)game;
        o.modules |= (1ull << P1) | (1ull << P2);
        ck_assert_int_eq(carc_options_set_rule(&o, "probe2_portal", 2), CARC_OK);
        carc_game *g;
        ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
        const int nfigs = carc__figure_count(g);
        uint32_t rng = 77u + (uint32_t)game;
        for (int guard = 0; guard < 20000 && !carc_game_is_terminal(g); guard++) {
            if (sample_if_chance(g)) continue;
            size_t n;
            ck_assert_int_eq(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &n), CARC_OK);
            ck_assert_uint_gt(n, 0);
            const carc_pending *p = carc__front(g);
            /* carc__figure_supply_kinds: a bit per kind in supply */
            for (int pl = -1; pl <= o.num_players; pl++) {
                unsigned kinds = carc__figure_supply_kinds(g, pl);
                for (int k = 0; k < CARC_FIGURE_KINDS; k++)
                    ck_assert_uint_eq(kinds >> k & 1u, carc__figure_supply(g, pl, k) > 0);
                ck_assert_uint_eq(kinds >> CARC_FIGURE_KINDS, 0);
            }
            bool deploy_turn = p->kind == CARC_DECISION_DEPLOY;
            if (p->kind == CARC_DECISION_DEPLOY && p->target >= 0) {
                bool q = (p->flags & CARC_PENDING_QUEUED_DEPLOY) != 0;
                int cause = q ? CARC_CAUSE_PORTAL : CARC_CAUSE_DEPLOY;
                ck_assert_int_eq(p->arg, cause);
                queued += q;
                int nseg = carc__tile_nseg(g, p->target);
                for (int k = 0; k < CARC_FIGURE_KINDS; k++) {
                    for (int s = 0; s < nseg; s++) {
                        bool offered = offered_as_legal(g, p, ids, n, k, s, cause);
                        if (offered && q) {
                            int x, y;
                            carc__tile_xy(g, p->target, &x, &y);
                            carc_feature_info fi;
                            ck_assert_int_eq(carc_game_feature(g, x, y, s, &fi), CARC_OK);
                            ck_assert_int_eq(fi.complete, 0);
                            ck_assert_int_eq(carc__root_followers(g, carc__segment_root(g, p->target, s)), 0);
                        }
                    }
                }
                if (q)
                    for (size_t i = 0; i < n; i++) ck_assert_int_lt(ids[i], CARC_ID_VERB);
            }
            rng = rng * 1103515245u + 12345u;
            int32_t id = ids[(rng >> 8) % n];
            bool portal_deploy = deploy_turn && (p->flags & CARC_PENDING_QUEUED_DEPLOY) &&
                                 id != CARC_ID_PASS;
            ck_assert_int_eq(carc_game_apply_id(g, id), CARC_OK);
            portal_moves += portal_deploy;
            ck_assert_int_eq(carc__figure_count(g), nfigs);
        }
        ck_assert(carc_game_is_terminal(g));
        carc_game_free(g);
    }
    ck_assert_int_gt(queued, 20);
    ck_assert_int_gt(portal_moves, 5);
}
END_TEST

/* 6. The same agreement where the listing takes its short ways (lib/core/
 * turn.c's claim_mask: followers no module rules, no may_deploy veto; and
 * carc_game_legal_ids' pass-only answer when the player has no figure
 * left): base, and with probe (two follower kinds: its big meeple; no
 * may_deploy veto).  The ids are also those carc_game_legal_actions lists
 * (which always lists), in the same order. */
START_TEST(random_agreement_plain)
{
    static int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
    static carc_action acts[CARC_NUM_DISTINCT_ACTIONS];
    int deploys = 0, pass_only = 0, offered_total = 0;
    for (int game = 0; game < 24; game++) {
        carc_options o;
        carc_options_init(&o);
        o.num_players = 2 + game % 4;
        o.seed = 2000 + (uint64_t)game;
        if (game & 1) o.modules |= 1ull << P1;
        carc_game *g;
        ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
        ck_assert(!(g->hookmask & HK_MAY_DEPLOY) && g->plain == !(game & 1) &&
                  (!(game & 1) || !g->kind_custom));
        uint32_t rng = 91u + (uint32_t)game;
        for (int guard = 0; guard < 20000 && !carc_game_is_terminal(g); guard++) {
            if (sample_if_chance(g)) continue;
            size_t n, na;
            ck_assert_int_eq(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &n), CARC_OK);
            ck_assert_int_eq(
                carc_game_legal_actions(g, acts, CARC_NUM_DISTINCT_ACTIONS, &na), CARC_OK);
            ck_assert_uint_eq(n, na);
            for (size_t i = 0; i < n; i++) {
                int32_t id;
                ck_assert_int_eq(carc_action_to_id(g, &acts[i], &id), CARC_OK);
                ck_assert_int_eq(id, ids[i]);
            }
            const carc_pending *p = carc__front(g);
            if (p->kind == CARC_DECISION_DEPLOY && p->target >= 0) {
                deploys++;
                pass_only += n == 1;
                int nseg = carc__tile_nseg(g, p->target);
                for (int k = 0; k < CARC_FIGURE_KINDS; k++)
                    for (int s = 0; s < nseg; s++)
                        offered_total += offered_as_legal(g, p, ids, n, k, s, CARC_CAUSE_DEPLOY);
            }
            rng = rng * 1103515245u + 12345u;
            ck_assert_int_eq(carc_game_apply_id(g, ids[(rng >> 8) % n]), CARC_OK);
        }
        ck_assert(carc_game_is_terminal(g));
        carc_game_free(g);
    }
    /* both short ways were taken, many times */
    ck_assert_int_gt(pass_only, 200);
    ck_assert_int_gt(offered_total, 500);
    ck_assert_int_gt(deploys - pass_only, 200);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("deploy-cause");
    TCase *tc = tcase_create("deploy-cause");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, held_onto_occupied_by_cause);
    tcase_add_test(tc, from_board_and_self);
    tcase_add_test(tc, bad_arguments);
    tcase_add_test(tc, portal_queued_deploy);
    tcase_add_test(tc, random_agreement);
    tcase_add_test(tc, random_agreement_plain);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
