/* Under the Big Top (module big_top), through the public API only:
 *  - its 20 tiles against an independent table (../shared/rules/big-top.md
 *    §7 for edges and counts; the field partitions as JCloisterZone writes
 *    them, in its own half-edge names) in all four rotations;
 *  - the Big Top and its tokens in the document's example game
 *    (tests/scenarios/bt_circus_examples.rec): where the Big Top stands,
 *    the chance of each animal when a token is revealed (no token exists
 *    before), the public record independent of the seed;
 *  - a whole game to the end: a pyramid trapped with two acrobats, the
 *    final circus (elephant) and the final acrobats and ringmaster. */
#include <carcvar/carcvar.h>
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run_suite.h"
#include "scenario_text.h"
#include "tile_rows.h"

/* ---------------------------------------------------------------- tiles */

/* edges N E S W (big-top.md §7); centre 8 circus, 9 acrobat; JCZ's fields */
static const tile_row tiles[] = {
    {"BT_ffff_ac", 1, "FFFF", 9, {0}, {0}, {"NL NR EL ER SL SR WL WR"}, 0, 0},
    {"BT_ffrf_ac", 1, "FFRF", 9, {"S"}, {0}, {"NL NR EL ER SL SR WL WR"}, 0, 0},
    {"BT_ffrr_ac", 3, "FFRR", 9, {"S", "W"}, {0}, {"NL NR EL ER SL WR", "SR WL"}, 0, 0},
    {"BT_rfrf_ac", 2, "RFRF", 9, {"S", "N"}, {0}, {"NR EL ER SL", "NL SR WL WR"}, 0, 0},
    {"BT_rrrf_ac", 1, "RRRF", 9, {"N", "E", "S"}, {0}, {"SR WL WR NL", "NR EL", "ER SL"}, 0, 0},
    {"BT_ffrf_bt", 1, "FFRF", 8, {"S"}, {0}, {"NL NR EL ER SL SR WL WR"}, 0, 0},
    {"BT_frrf_bt", 1, "FRRF", 8, {"E", "S"}, {0}, {"NL NR EL SR WL WR", "ER SL"}, 0, 0},
    {"BT_frfr_bt", 1, "FRFR", 8, {"W", "E"}, {0}, {"NL NR EL WR", "ER SL SR WL"}, 0, 0},
    {"BT_frrr_bt", 1, "FRRR", 8, {"S", "W", "E"}, {0}, {"NL NR EL WR", "SR WL", "ER SL"}, 0, 0},
    {"BT_cfff_bt", 1, "CFFF", 8, {0}, {"N"}, {"EL ER SL SR WL WR"}, 0, 0},
    {"BT_cffr_bt", 1, "CFFR", 8, {"W"}, {"N"}, {"WR", "EL ER SL SR WL"}, 0, 0},
    {"BT_cfrf_bt", 2, "CFRF", 8, {"S"}, {"N"}, {"SR WL WR", "EL ER SL"}, 0, 0},
    {"BT_crfr_bt", 1, "CRFR", 8, {"W", "E"}, {"N"}, {"EL", "WR", "ER SL SR WL"}, 0, 0},
    {"BT_cfcf_bt", 1, "CFCF", 8, {0}, {"N", "S"}, {"WL WR", "EL ER"}, 0, 0},
    {"BT_ccrf_bt", 1, "CCRF", 8, {"S"}, {"N", "E"}, {"SL", "SR WL WR"}, 0, 0},
    {"BT_crrc_bt", 1, "CRRC", 8, {"E", "S"}, {"N W"}, {"EL", "ER SL", "SR"}, 0, 0},
};
#define NTILES ((int)(sizeof tiles / sizeof tiles[0]))

START_TEST(tile_table)
{
    check_tile_row(&tiles[_i], CARC_MODULE_BIG_TOP);
}
END_TEST

START_TEST(tile_totals)
{
    int circus = 0, acrobat = 0, n = 0;
    for (int t = 0; t < carc_tile_type_count(); t++) {
        carc_tile_info ti;
        ck_assert_int_eq(carc_tile_info_get(t, 0, &ti), CARC_OK);
        if (ti.module != CARC_MODULE_BIG_TOP) continue;
        n++;
        for (int i = 0; i < NTILES; i++)
            if (strcmp(carc_tile_name(t), tiles[i].name) == 0)
                *(tiles[i].centre == 8 ? &circus : &acrobat) += ti.count;
    }
    ck_assert_int_eq(n, NTILES); /* no other type in the set */
    ck_assert_int_eq(circus, 12);
    ck_assert_int_eq(acrobat, 8);
}
END_TEST

/* ------------------------------------------------------------- records */

/* Replay the record up to (not including) the first line starting with
 * `stop` (NULL: all of it); seed replaced when seed_line is given. */
static carc_game *replay(const char *name, const char *stop, const char *seed_line)
{
    return scen_replay(name, &(scen_cut){.stop = stop, .prefix = true, .seed_line = seed_line});
}

/* Replay the lines of an error record before the refused one (its
 * "# expect error LINE"). */
static carc_game *replay_before_error(const char *name)
{
    size_t len;
    char *text = scen_slurp(name, &len);
    const char *e = strstr(text, "# expect error ");
    ck_assert_ptr_nonnull(e);
    int bad = atoi(e + 15), line = 1;
    size_t n = 0;
    while (n < len && line < bad) line += text[n++] == '\n';
    return scen_replay_text(text, n, name);
}

static void explains(const carc_game *g, const char *text, int reason)
{
    carc_explanation ex;
    ck_assert_int_eq(carc_game_explain_text(g, text, &ex), CARC_OK);
    ck_assert_int_lt(ex.code, 0);
    ck_assert_msg(ex.reason == reason, "'%s': reason %d (%s), want %d", text, ex.reason,
                  ex.message, reason);
    ck_assert(ex.message[0] != 0);
}

#define WHY(k) (16 + CARC_MODULE_BIG_TOP * 16 + (k))

/* carc_game_explain: the module says why its actions are refused */
START_TEST(refusals_explained)
{
    carc_game *g = replay_before_error("bt_ringmaster_never_acrobat.rec");
    explains(g, "acrobat", WHY(1)); /* no normal meeple: the ringmaster never */
    carc_game_free(g);
    g = replay_before_error("bt_pyramid_full_refused.rec");
    explains(g, "acrobat", WHY(2)); /* the pyramid next to it is complete */
    explains(g, "pyramid 0,1", WHY(0)); /* the tile only after the verb */
    carc_game_free(g);
    g = replay("bt_pyramids.rec", "acrobat", NULL); /* at the first deployment */
    explains(g, "pyramid", WHY(3));                  /* no complete pyramid yet */
    carc_game_free(g);
    g = replay("bt_circus_examples.rec", "animal", NULL); /* a token is being revealed */
    explains(g, "pyramid", WHY(0));
    carc_game_free(g);
}
END_TEST

static int figures(const carc_game *g, carc_figure *f, size_t cap)
{
    size_t n = 0;
    ck_assert_int_eq(carc_game_figures(g, f, cap, &n), CARC_OK);
    return (int)n;
}

/* how many figures of kind (owner: -2 any) stand at x,y (place where) */
static int count_at(const carc_game *g, int kind, int owner, int where, int x, int y)
{
    carc_figure f[128];
    int n = figures(g, f, 128), c = 0;
    for (int i = 0; i < n; i++)
        c += f[i].kind == kind && (owner == -2 || f[i].owner == owner) && f[i].where == where &&
             f[i].x == x && f[i].y == y;
    return c;
}

static double outcome_prob(const carc_game *g, int id)
{
    int32_t ids[16];
    double p[16];
    size_t n = 0;
    ck_assert_int_eq(carc_game_chance_outcomes(g, ids, p, 16, &n), CARC_OK);
    for (size_t i = 0; i < n; i++)
        if (ids[i] == id) return p[i];
    return 0;
}

/* the revealed animal tokens, flea..elephant, as carc_game_tokens(g, -1) */
static void revealed(const carc_game *g, int flea, int monkey, int seal, int bear, int tiger,
                     int elephant)
{
    const int want[6] = {flea, monkey, seal, bear, tiger, elephant};
    for (int k = 0; k < 6; k++) {
        ck_assert_msg(carc_game_tokens(g, -1, CARC_TOKEN_FLEA + k) == want[k],
                      "animal %d: %d revealed, want %d", k,
                      carc_game_tokens(g, -1, CARC_TOKEN_FLEA + k), want[k]);
        /* they belong to no player */
        for (int p = 0; p < carc_game_num_players(g); p++)
            ck_assert_int_eq(carc_game_tokens(g, p, CARC_TOKEN_FLEA + k), 0);
    }
}

/* figures of kind standing at x,y (place where) with role (NULL: none) */
static int count_role(const carc_game *g, int kind, int where, int x, int y, const char *role)
{
    carc_figure f[128];
    int n = figures(g, f, 128), c = 0;
    for (int i = 0; i < n; i++) {
        if (f[i].kind != kind || f[i].where != where || f[i].x != x || f[i].y != y) continue;
        const char *r = carc_game_figure_role(g, i);
        c += role ? r && strcmp(r, role) == 0 : r == NULL;
    }
    return c;
}

START_TEST(big_top_moves)
{
    /* before the second circus tile's token: the Big Top on the first */
    carc_game *g = replay("bt_circus_examples.rec", "animal", NULL);
    ck_assert_int_eq(count_at(g, CARC_FIGURE_BIG_TOP, -1, CARC_WHERE_TILE, 0, 1), 1);
    ck_assert_int_eq(carc_game_current_player(g), CARC_PLAYER_CHANCE);
    /* the face-down token is not known: nothing is revealed yet */
    revealed(g, 0, 0, 0, 0, 0, 0);
    {
        static char text[1 << 18];
        size_t need = 0;
        ck_assert_int_eq(carc_game_board_svg(g, text, sizeof text, &need), CARC_OK);
        ck_assert_ptr_null(strstr(text, "class=\"revealed\""));
        ck_assert_int_eq(carc_game_board_view(g, NULL, text, sizeof text, &need), CARC_OK);
        ck_assert_ptr_null(strstr(text, "out of the game"));
    }
    /* the token is sampled now, from all 16: ids are the values */
    ck_assert(outcome_prob(g, 7) == 1.0 / 16); /* elephant */
    ck_assert(outcome_prob(g, 6) == 2.0 / 16);
    ck_assert(outcome_prob(g, 5) == 3.0 / 16);
    ck_assert(outcome_prob(g, 4) == 5.0 / 16); /* seal */
    ck_assert(outcome_prob(g, 3) == 4.0 / 16);
    ck_assert(outcome_prob(g, 1) == 1.0 / 16); /* flea */
    carc_action a;
    ck_assert_int_eq(carc_action_from_string(g, "animal seal", &a), CARC_OK);
    int32_t id = -1;
    ck_assert_int_eq(carc_action_to_id(g, &a, &id), CARC_OK);
    ck_assert_int_eq(id, 4);
    ck_assert_int_lt(carc_action_from_string(g, "animal unicorn", &a), 0);
    carc_game_free(g);

    /* after it: the Big Top on the new circus tile, the seal out */
    g = replay("bt_circus_examples.rec", NULL, NULL);
    ck_assert_int_eq(count_at(g, CARC_FIGURE_BIG_TOP, -1, CARC_WHERE_TILE, 0, 1), 0);
    ck_assert_int_eq(count_at(g, CARC_FIGURE_BIG_TOP, -1, CARC_WHERE_TILE, 1, 1), 1);
    revealed(g, 0, 0, 1, 0, 0, 0); /* the seal is out, public */
    ck_assert_int_eq(carc_game_tokens(g, -2, CARC_TOKEN_SEAL), CARC_E_INVALID);
    /* the pictures show it: the SVG panel and the board view */
    {
        static char text[1 << 18];
        size_t need = 0;
        ck_assert_int_eq(carc_game_board_svg(g, text, sizeof text, &need), CARC_OK);
        ck_assert_ptr_nonnull(strstr(text, "class=\"revealed\" x=\"240\" y=\"24\">out of the "
                                           "game: 1 seal</text>"));
        ck_assert_int_eq(carc_game_board_view(g, NULL, text, sizeof text, &need), CARC_OK);
        ck_assert_ptr_nonnull(strstr(text, "\nout of the game: 1 seal\n"));
    }
    /* the meeples scored in the circus stay where they were */
    ck_assert_int_eq(count_at(g, CARC_FIGURE_FOLLOWER, 0, CARC_WHERE_BOARD, 0, 1), 1);
    ck_assert_int_eq(count_at(g, CARC_FIGURE_FOLLOWER, 1, CARC_WHERE_BOARD, 1, 0), 1);
    carc_game_free(g);
}
END_TEST

/* The public record (no seed, no sampled marks) of a Big Top game does not
 * depend on the seed: nothing hidden is stored (ambiguities.md A5). */
START_TEST(public_record_seed_free)
{
    carc_game *a = replay("bt_circus_examples.rec", NULL, "seed 1");
    carc_game *b = replay("bt_circus_examples.rec", NULL, "seed 987654321");
    static char ra[1 << 15], rb[1 << 15];
    size_t na = 0, nb = 0;
    ck_assert_int_eq(carc_game_write_public_record(a, ra, sizeof ra, &na), CARC_OK);
    ck_assert_int_eq(carc_game_write_public_record(b, rb, sizeof rb, &nb), CARC_OK);
    ck_assert_str_eq(ra, rb);
    ck_assert_ptr_nonnull(strstr(ra, "animal seal"));
    carc_game_free(a);
    carc_game_free(b);
}
END_TEST

/* ---------------------------------------------------------- a whole game */

static void draw(carc_game *g, const char *name)
{
    char t[64];
    snprintf(t, sizeof t, "draw %s", name);
    scen_apply(g, t);
}

/* the lowest animal still in the stack */
static void reveal_lowest(carc_game *g)
{
    int32_t ids[16];
    double p[16];
    size_t n = 0;
    ck_assert_int_eq(carc_game_chance_outcomes(g, ids, p, 16, &n), CARC_OK);
    ck_assert_int_gt((int)n, 0);
    ck_assert_int_eq(carc_game_apply_id(g, ids[0]), CARC_OK);
}

/* Lay the drawn tile at the legal cell farthest east (then nearest row 0),
 * pass, and answer any token with the lowest animal left. */
static void filler_turn(carc_game *g, int min_x)
{
    carc_action acts[1024];
    size_t n = 0;
    ck_assert_int_eq(carc_game_legal_actions(g, acts, 1024, &n), CARC_OK);
    ck_assert_int_gt((int)n, 0);
    ck_assert_int_eq(acts[0].kind, CARC_ACTION_PLACE);
    size_t best = 0;
    for (size_t i = 1; i < n; i++)
        if (acts[i].x > acts[best].x ||
            (acts[i].x == acts[best].x && abs(acts[i].y) < abs(acts[best].y)))
            best = i;
    ck_assert_msg(acts[best].x >= min_x, "filler at %d,%d", acts[best].x, acts[best].y);
    ck_assert_int_eq(carc_game_apply(g, &acts[best]), CARC_OK);
    scen_apply(g, "pass");
    while (carc_game_current_player(g) == CARC_PLAYER_CHANCE) {
        carc_decision d;
        ck_assert_int_eq(carc_game_decision(g, &d), CARC_OK);
        if (d.kind == CARC_DECISION_DRAW || carc_game_tiles_remaining(g, -1) == 0) break;
        reveal_lowest(g); /* not the final circus: the caller answers it */
    }
}

static void place(carc_game *g, const char *tile, const char *where, const char *deploy)
{
    draw(g, tile);
    scen_apply(g, where);
    if (strncmp(deploy, "acrobat ", 8) == 0) scen_apply(g, "acrobat");
    scen_apply(g, deploy);
}

static int log_sum(const carc_game *g, int from, int reason, int player, int *events)
{
    static carc_score_event ev[4096];
    size_t n = 0;
    ck_assert_int_eq(carc_game_score_log(g, ev, 4096, &n), CARC_OK);
    int s = 0;
    *events = 0;
    for (size_t i = (size_t)from; i < n; i++)
        if (ev[i].reason == reason && ev[i].player == player) {
            s += ev[i].points;
            ++*events;
        }
    return s;
}

static int log_len(const carc_game *g)
{
    size_t n = 0;
    carc_game_score_log(g, NULL, 0, &n);
    return (int)n;
}

#define REASON(k) (16 + CARC_MODULE_BIG_TOP * 16 + (k))

START_TEST(whole_game_final_scoring)
{
    carc_options o;
    carc_options_init(&o);
    o.num_players = 2;
    o.seed = 5;
    o.modules = (1ull << CARC_MODULE_BASE) | (1ull << CARC_MODULE_BIG_TOP);
    carc_game *g = NULL;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);

    /* A: three road tiles east of the start, then 11 circus tiles further
     * east: the Big Top travels east, nobody is near it (the lowest animals
     * go: 1 flea, 4 monkeys, 5 seals) */
    static const char *circus[] = {"BT_frrf_bt", "BT_frfr_bt", "BT_frrr_bt", "BT_cfff_bt",
                                   "BT_cffr_bt", "BT_cfrf_bt", "BT_cfrf_bt", "BT_crfr_bt",
                                   "BT_cfcf_bt", "BT_ccrf_bt", "BT_crrc_bt"};
    for (int i = 0; i < 3; i++) {
        draw(g, "U");
        filler_turn(g, 1 + i);
    }
    for (int i = 0; i < 11; i++) {
        draw(g, circus[i]);
        filler_turn(g, 4);
    }
    int events;
    ck_assert_int_eq(log_len(g), 0);
    ck_assert_int_eq(carc_game_current_player(g), CARC_PLAYER_CHANCE);
    revealed(g, 1, 4, 5, 0, 0, 0); /* 11 circus tiles: 10 tokens revealed */

    /* B: by the start tile (x <= 0); Red = P0, Blue = P1 */
    place(g, "BT_ffrf_bt", "place 0,1 r0", "deploy follower field Nw"); /* Red farmer */
    reveal_lowest(g); /* the bear, far away: nobody scores */
    ck_assert_int_eq(log_len(g), 0);
    revealed(g, 1, 4, 5, 1, 0, 0);
    ck_assert_int_eq(count_at(g, CARC_FIGURE_BIG_TOP, -1, CARC_WHERE_TILE, 0, 1), 1);
    place(g, "BT_ffff_ac", "place -1,1 r0", "acrobat -1,1");          /* Blue acrobat */
    place(g, "V", "place -1,0 r2", "acrobat -1,1");                   /* Red acrobat */
    place(g, "U", "place 0,2 r0", "deploy ringmaster road N");       /* Blue */
    place(g, "B", "place -1,2 r0", "deploy follower monastery");      /* Red monk */
    place(g, "B", "place -2,1 r0", "deploy follower monastery");      /* Blue, 2 west */
    place(g, "B", "place -2,0 r0", "pass");
    place(g, "B", "place -2,2 r0", "pass");
    place(g, "A", "place 2,1 r0", "deploy follower monastery");       /* Red, 2 east */
    /* the acrobat tile is surrounded: its pyramid of two stays */
    ck_assert_int_eq(count_at(g, CARC_FIGURE_FOLLOWER, -2, CARC_WHERE_TILE, -1, 1), 2);
    /* both are acrobats (carc_game_figure_role); the farmer, the monk and
     * the ringmaster have no role */
    ck_assert_int_eq(count_role(g, CARC_FIGURE_FOLLOWER, CARC_WHERE_TILE, -1, 1, "acrobat"), 2);
    ck_assert_int_eq(count_role(g, CARC_FIGURE_FOLLOWER, CARC_WHERE_BOARD, 0, 1, NULL), 1);
    ck_assert_int_eq(count_role(g, CARC_FIGURE_FOLLOWER, CARC_WHERE_BOARD, -1, 2, NULL), 1);
    ck_assert_int_eq(count_role(g, CARC_FIGURE_RINGMASTER, CARC_WHERE_BOARD, 0, 2, NULL), 1);
    ck_assert_ptr_null(carc_game_figure_role(g, -1));
    ck_assert_ptr_null(carc_game_figure_role(g, 1000));
    ck_assert_ptr_null(carc_game_figure_role(NULL, 0));
    {
        static char svg[1 << 18];
        size_t need = 0;
        ck_assert_int_eq(carc_game_board_svg(g, svg, sizeof svg, &need), CARC_OK);
        ck_assert_ptr_nonnull(strstr(svg, "class=\"figure follower acrobat\""));
        ck_assert_ptr_nonnull(strstr(svg, "class=\"acrobat-glyph\""));
    }

    /* C: every other tile far east, nobody deploys */
    while (!carc_game_is_terminal(g)) {
        carc_decision d;
        ck_assert_int_eq(carc_game_decision(g, &d), CARC_OK);
        if (d.kind == CARC_DECISION_DRAW) {
            carc_action acts[128];
            size_t n = 0;
            ck_assert_int_eq(carc_game_legal_actions(g, acts, 128, &n), CARC_OK);
            ck_assert_int_eq(carc_game_apply(g, &acts[0]), CARC_OK);
            continue;
        }
        if (d.player == CARC_PLAYER_CHANCE) break; /* the final circus */
        filler_turn(g, 3);
    }
    ck_assert_int_eq(carc_game_is_terminal(g), 0);
    ck_assert_int_eq(carc_game_tiles_remaining(g, -1) <= 0, 1);
    int before = log_len(g);
    /* no circus or acrobat points since part B */
    ck_assert_int_eq(log_sum(g, 0, REASON(0), 0, &events) + log_sum(g, 0, REASON(0), 1, &events), 0);
    /* the final token, from the 5 left (weights = counts left): flea,
     * monkeys, seals and one bear are out */
    ck_assert(outcome_prob(g, 7) == 1.0 / 5);
    ck_assert(outcome_prob(g, 6) == 2.0 / 5);
    ck_assert(outcome_prob(g, 5) == 2.0 / 5);
    ck_assert(outcome_prob(g, 4) == 0);
    ck_assert(outcome_prob(g, 3) == 0);
    ck_assert(outcome_prob(g, 1) == 0);
    carc_action used;
    ck_assert_int_eq(carc_action_from_string(g, "animal flea", &used), CARC_OK);
    ck_assert_int_eq(carc_game_apply(g, &used), CARC_E_ILLEGAL); /* out of the game */
    carc_explanation ex;
    ck_assert_int_eq(carc_game_explain(g, &used, &ex), CARC_OK);
    ck_assert_int_eq(ex.reason, 16 + CARC_MODULE_BIG_TOP * 16 + 4);
    scen_apply(g, "animal elephant");
    ck_assert_int_eq(carc_game_is_terminal(g), 1);
    revealed(g, 1, 4, 5, 1, 0, 1);
    {
        static char text[1 << 18];
        size_t need = 0;
        ck_assert_int_eq(carc_game_board_view(g, NULL, text, sizeof text, &need), CARC_OK);
        ck_assert_ptr_nonnull(strstr(text, "\nout of the game: 1 flea, 4 monkey, 5 seal, 1 bear, "
                                           "1 elephant\n"));
    }
    /* final circus around (0,1): Red farmer (0,1), acrobat (-1,1), monk
     * (-1,2) = 3 x 7 = 21; Blue acrobat (-1,1), ringmaster (0,2) = 14; the
     * monks two tiles away, at (-2,1) and (2,1), do not count */
    ck_assert_int_eq(log_sum(g, before, REASON(0), 0, &events), 21);
    ck_assert_int_eq(events, 1);
    ck_assert_int_eq(log_sum(g, before, REASON(0), 1, &events), 14);
    ck_assert_int_eq(events, 1);
    /* each acrobat 5, the trapped pyramid included */
    ck_assert_int_eq(log_sum(g, before, REASON(3), 0, &events), 5);
    ck_assert_int_eq(log_sum(g, before, REASON(3), 1, &events), 5);
    /* Blue's ringmaster on its road at (0,2): the circus (0,1) and the
     * acrobat tile (-1,1) around it: 2 x 2 */
    ck_assert_int_eq(log_sum(g, before, REASON(2), 1, &events), 4);
    ck_assert_int_eq(events, 1);
    ck_assert_int_eq(log_sum(g, before, REASON(2), 0, &events), 0);
    carc_game_free(g);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("big_top");
    TCase *tc = tcase_create("tiles");
    tcase_add_loop_test(tc, tile_table, 0, NTILES);
    tcase_add_test(tc, tile_totals);
    suite_add_tcase(s, tc);
    tc = tcase_create("circus");
    tcase_add_test(tc, big_top_moves);
    tcase_add_test(tc, public_record_seed_free);
    tcase_add_test(tc, whole_game_final_scoring);
    tcase_add_test(tc, refusals_explained);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return run_suite(suite()); }
