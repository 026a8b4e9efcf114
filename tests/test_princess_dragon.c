/* The Princess & the Dragon (module princess_dragon):
 *  - its 30 tiles in all four rotations against an independent table
 *    (edges: ../shared/rules/expansions.md §3; fields, pennants and the
 *    princess cities typed from JCloisterZone's princess_and_dragon.xml in
 *    its own notation -- JCZ half-edges NL NR EL ER SL SR WL WR, "I" for a
 *    field with no edge, the cities a field borders by one of their edges
 *    -- not from lib/modules/princess_dragon/tiles.def), the tile tags and
 *    the totals 6 volcano, 12 dragon, 6 portal, 6 princess;
 *  - the module alone and with every other module;
 *  - the dragon tiles out of the draw until a volcano (the chance API);
 *  - positions the scenario records cannot state: where the dragon and the
 *    fairy stand, the flight's visited tiles, who moves next. */
#include "core/state.h"

#include <check.h>

#include "modules/princess_dragon/princess_dragon.h"
#include "action_legal_check.h"
#include "run_suite.h"
#include "random_step.h"
#include "scenario_text.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ the table */

typedef struct pd_row {
    const char *name, *jcz;
    int count;
    const char *edges;   /* N E S W, unrotated (expansions.md §3)             */
    char kind;           /* v volcano, d dragon, g portal, p princess         */
    int pennant_edge;    /* an edge of the city with the pennant, or -1       */
    const char *segs;    /* "city N W; road S; field SL ER: N; monastery"   */
} pd_row;

static const pd_row table[] = {
    {"DG_F_v", "DG/F.v", 1, "FFFF", 'v', -1, "field NL NR EL ER SL SR WL WR"},
    {"DG_R_v", "DG/R.v", 1, "FFRF", 'v', -1, "road S; field NL NR EL ER SL SR WL WR"},
    {"DG_C_v", "DG/C.v", 1, "CFFF", 'v', -1, "city N; field EL ER SL SR WL WR: N"},
    {"DG_Rr_v", "DG/Rr.v", 1, "FFRR", 'v', -1, "road W S; field WR NL NR EL ER SL; field SR WL"},
    {"DG_RFr_v", "DG/RFr.v", 1, "FRFR", 'v', -1, "road W E; field WR NL NR EL; field WL SL SR ER"},
    {"DG_CC_v", "DG/CC.v", 1, "CCFF", 'v', -1, "city E; city N; field WL WR SL SR: N E"},
    {"DG_C_d", "DG/C.d", 1, "CFFF", 'd', -1, "city N; field EL ER SL SR WL WR: N"},
    {"DG_LRRR_d", "DG/LRRR.d", 1, "FRRR", 'd', -1,
     "monastery; road E; road S; road W; field WR NL NR EL; field ER SL; field WL SR"},
    {"DG_RRR_d", "DG/RRR.d", 1, "FRRR", 'd', -1,
     "road E; road S; road W; field WR NL NR EL; field ER SL; field SR WL"},
    {"DG_LCcc_d", "DG/LCcc.d", 1, "CCFC", 'd', -1, "monastery; city N E W; field SL SR: N"},
    {"DG_Rr_d", "DG/Rr.d", 2, "FFRR", 'd', -1, "road W S; field WR NL NR EL ER SL; field SR WL"},
    {"DG_RFr_d", "DG/RFr.d", 1, "FRFR", 'd', -1, "road W E; field WR NL NR EL; field WL SL SR ER"},
    {"DG_Cc_d", "DG/Cc.d", 1, "CFFC", 'd', -1, "city N W; field SL SR EL ER: N"},
    {"DG_CFcp_d", "DG/CFc+.d", 1, "FCFC", 'd', 1, "city W E; field NL NR: W; field SL SR: W"},
    {"DG_CRcr_d", "DG/CRcr.d", 1, "RCRC", 'd', -1,
     "city E W; road N S; field NL NR: W; field SL SR: W"},
    {"DG_RrC_d", "DG/RrC.d", 1, "CFRR", 'd', -1, "road S W; city N; field WR EL ER SL: N; field WL SR"},
    {"DG_CRr_d", "DG/CRr.d", 1, "CRRF", 'd', -1, "road E S; city N; field EL WL WR SR: N; field ER SL"},
    {"DG_RrRr_g", "DG/RrRr.g", 1, "RRRR", 'g', -1,
     "road N W; road S E; field NL WR; field SL ER; field NR EL SR WL"},
    {"DG_RRR_g", "DG/RRR.g", 1, "FRRR", 'g', -1,
     "road E; road S; road W; field WR NL NR EL; field ER SL; field SR WL"},
    {"DG_Cccp_g", "DG/Ccc+.g", 1, "CCFC", 'g', 0, "city N E W; field SL SR: N"},
    {"DG_CcRr_g", "DG/CcRr.g", 1, "CRRC", 'g', -1, "road E S; city N W; field EL SR: N; field ER SL"},
    {"DG_RrC_g", "DG/RrC.g", 1, "CFRR", 'g', -1, "road S W; city N; field WR EL ER SL: N; field WL SR"},
    {"DG_CRr_g", "DG/CRr.g", 1, "CRRF", 'g', -1, "road E S; city N; field EL WL WR SR: N; field ER SL"},
    {"DG_CRRR_p", "DG/CRRR.p", 1, "CRRR", 'p', -1,
     "road E; road S; road W; city N; field WR EL: N; field WL SR; field ER SL"},
    {"DG_CCcp_p", "DG/CCc+.p", 1, "CCCF", 'p', 1, "city N; city E S; field WL WR: N; field I: N S"},
    {"DG_Ccc_p", "DG/Ccc.p", 1, "CCFC", 'p', -1, "city N E W; field SL SR: N"},
    {"DG_Ccx_p", "DG/Cc!.p", 1, "CFFC", 'p', -1, "city N W; field EL ER: N; field SL SR: N"},
    {"DG_Cc_p", "DG/Cc.p", 1, "CFFC", 'p', -1, "city N W; field SL SR EL ER: N"},
    {"DG_CcRr_p", "DG/CcRr.p", 1, "CRRC", 'p', -1, "road E S; city N W; field EL SR: N; field ER SL"},
};
#define NROWS ((int)(sizeof table / sizeof table[0]))

/* the rows' parser: xseg, parse_row, rot4, rot8, type_of */
#include "tile_spec.h"

START_TEST(inventory)
{
    int n = 0, types = 0, by_kind[4] = {0, 0, 0, 0};
    for (int t = 0; t < carc_tile_type_count(); t++) {
        carc_tile_info ti;
        ck_assert_int_eq(carc_tile_info_get(t, 0, &ti), CARC_OK);
        if (ti.module != CARC_MODULE_PRINCESS_DRAGON) continue;
        n += ti.count;
        types++;
        ck_assert_int_eq(strncmp(carc_tile_name(t), "DG_", 3), 0);
    }
    ck_assert_int_eq(n, 30);
    ck_assert_int_eq(types, NROWS);
    uint32_t v = carc__tile_tag_bit("volcano"), d = carc__tile_tag_bit("dragon"),
             g = carc__tile_tag_bit("portal"), p = carc__segment_tag_bit("princess");
    ck_assert(v && d && g && p);
    for (int i = 0; i < NROWS; i++) {
        const tile_type *ty = &carc__types[type_of(table[i].name)];
        ck_assert_int_eq(ty->count, table[i].count);
        int k = (int)(strchr("vdgp", table[i].kind) - "vdgp");
        by_kind[k] += ty->count;
        /* exactly its own tile tag among the three */
        ck_assert_uint_eq(ty->tags & (v | d | g), k == 0 ? v : k == 1 ? d : k == 2 ? g : 0);
        int princess = 0;
        for (int s = 0; s < ty->nseg; s++)
            if (ty->seg[s].tags & p) {
                princess++;
                ck_assert_int_eq(ty->seg[s].kind, CARC_FEATURE_CITY);
                ck_assert(ty->seg[s].edges & 1u); /* the city on the north edge */
            }
        ck_assert_int_eq(princess, k == 3 ? 1 : 0);
    }
    /* tile_type.seg_tags (tilegen): every type's segments' tags together
     * (the princess type in one test) */
    for (int t = 0; t < carc__ntypes; t++) {
        uint32_t all = 0;
        for (int s = 0; s < carc__types[t].nseg; s++) all |= carc__types[t].seg[s].tags;
        ck_assert_uint_eq(carc__types[t].seg_tags, all);
    }
    /* expansions.md §3: 6 volcano, 12 dragon, 6 portal, 6 princess */
    ck_assert_int_eq(by_kind[0], 6);
    ck_assert_int_eq(by_kind[1], 12);
    ck_assert_int_eq(by_kind[2], 6);
    ck_assert_int_eq(by_kind[3], 6);
}
END_TEST

START_TEST(tiles_all_rotations)
{
    const pd_row *row = &table[_i];
    int t = type_of(row->name);
    xseg want[16];
    int nwant = parse_row(row->segs, want);
    const tile_type *ty = &carc__types[t];
    ck_assert_msg(ty->nseg == nwant, "%s (%s): %d segments, expected %d", row->name, row->jcz,
                  ty->nseg, nwant);
    for (int r = 0; r < 4; r++) {
        spec_check_rotation(t, r, row->name, row->edges, nwant);
        uint32_t used = 0;
        int pennants = 0;
        for (int i = 0; i < nwant; i++) {
            int want_p = row->pennant_edge >= 0 && ((want[i].mask >> row->pennant_edge) & 1u);
            int found = spec_find_segment(t, r, want, nwant, i, used, want_p);
            if (found >= 0 && want[i].kind == CARC_FEATURE_CITY) pennants += want_p;
            ck_assert_msg(found >= 0, "%s (%s) r%d: no segment %d of '%s'", row->name, row->jcz,
                          r, i, row->segs);
            used |= 1u << found;
        }
        ck_assert_int_eq(pennants, row->pennant_edge >= 0 ? 1 : 0);
    }
}
END_TEST

/* ------------------------------------------------------------- records */

/* Replay scenario `name` up to (not including) its `nth` line starting with
 * `stop` (NULL: all of it). */
static carc_game *replay_until(const char *name, const char *stop, int nth)
{
    return scen_replay(name, &(scen_cut){.stop = stop, .nth = nth, .prefix = true});
}

static const pd_state *pd(const carc_game *g)
{
    return carc__mod_cstate(g, CARC_MODULE_PRINCESS_DRAGON);
}

static void tile_cell(const carc_game *g, int t, int *x, int *y)
{
    ck_assert_int_ge(t, 0);
    carc__tile_xy(g, t, x, y);
}

static void explain_text(const carc_game *g, const char *text, int reason, const char *word)
{
    carc_explanation ex;
    ck_assert_int_eq(carc_game_explain_text(g, text, &ex), CARC_OK);
    ck_assert_msg(ex.code != CARC_OK, "'%s' is legal", text);
    ck_assert_msg(ex.reason == reason, "'%s': reason %d, expected %d (%s)", text, ex.reason,
                  reason, ex.message);
    ck_assert_msg(strstr(ex.message, word), "'%s': '%s' lacks '%s'", text, ex.message, word);
}

#define PDK(k) CARC_MODULE_KIND(CARC_MODULE_PRINCESS_DRAGON, (k))

/* The flight of pd_volcano_flight_dead_end.rec, position by position:
 * where the dragon is, the tiles visited, whose step it is, and the
 * refusals of the steps it may not take. */
START_TEST(flight_positions)
{
    carc_game *g = replay_until("pd_volcano_flight_dead_end.rec", "dragon", 1);
    int x, y;
    tile_cell(g, carc__pd_dragon_tile(g), &x, &y);
    ck_assert_int_eq(x, 1); /* on the volcano */
    ck_assert_int_eq(y, 1);
    ck_assert_int_eq(pd(g)->flight, 1);
    ck_assert_int_eq(pd(g)->nvisited, 1);
    ck_assert_int_eq(carc_game_current_player(g), 1);
    carc_dragon_info di;
    ck_assert_int_eq(carc_game_dragon(g, &di), CARC_OK);
    ck_assert_int_eq(di.dragon_on_board, 1);
    ck_assert_int_eq(di.dragon_x, 1);
    ck_assert_int_eq(di.dragon_y, 1);
    ck_assert_int_eq(di.flying, 1);
    ck_assert_int_eq(di.steps_left, 6);
    ck_assert_int_eq(di.mover, 1);
    ck_assert_int_eq(di.num_visited, 1);
    ck_assert_int_eq(di.fairy_on_board, 0);
    ck_assert_int_eq(di.fairy_follower, -1);
    ck_assert_int_eq(carc_game_dragon(g, NULL), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_dragon(NULL, &di), CARC_E_INVALID);
    /* east of 1,1 lies nothing; the fairy is not on the board */
    explain_text(g, "dragon e", PDK(2), "no tile");
    explain_text(g, "dragon s", PDK(2), "no tile");
    ck_assert_int_eq(carc__pd_fairy_tile(g), -1);
    carc_game_free(g);

    g = replay_until("pd_volcano_flight_dead_end.rec", "dragon", 3); /* two steps made */
    tile_cell(g, carc__pd_dragon_tile(g), &x, &y);
    ck_assert_int_eq(x, 0);
    ck_assert_int_eq(y, 0);
    ck_assert_int_eq(pd(g)->flight, 3);
    ck_assert_int_eq(pd(g)->nvisited, 3); /* 1,1 1,0 0,0 */
    ck_assert_int_eq(carc_game_current_player(g), 1);
    /* back onto 1,0: visited in this flight */
    explain_text(g, "dragon e", PDK(3), "already");
    ck_assert_int_eq(carc_game_dragon(g, &di), CARC_OK);
    ck_assert_int_eq(di.steps_left, 4);
    ck_assert_int_eq(di.mover, 1);
    ck_assert_int_eq(di.num_visited, 3);
    static const int vx[3] = {1, 1, 0}, vy[3] = {1, 0, 0};
    for (int i = 0; i < 3; i++) {
        ck_assert_int_eq(di.visited_x[i], vx[i]);
        ck_assert_int_eq(di.visited_y[i], vy[i]);
    }
    carc_explanation ex;
    ck_assert_int_eq(carc_game_explain_text(g, "dragon w", &ex), CARC_OK);
    ck_assert_int_eq(ex.code, CARC_OK);
    carc_game_free(g);

    g = replay_until("pd_volcano_flight_dead_end.rec", NULL, 0); /* the dead end */
    tile_cell(g, carc__pd_dragon_tile(g), &x, &y);
    ck_assert_int_eq(x, -1);
    ck_assert_int_eq(y, 0);
    ck_assert_int_eq(pd(g)->flight, 0);
    ck_assert_int_eq(carc_game_current_player(g), CARC_PLAYER_CHANCE);
    ck_assert_int_eq(carc_game_dragon(g, &di), CARC_OK);
    ck_assert_int_eq(di.flying, 0);
    ck_assert_int_eq(di.steps_left, 0);
    ck_assert_int_eq(di.mover, -1);
    ck_assert_int_eq(di.dragon_x, -1);
    carc_game_free(g);
}
END_TEST

static char *svg_text(const carc_game *g)
{
    size_t need = 0;
    ck_assert_int_eq(carc_game_board_svg(g, NULL, 0, &need), CARC_E_BUFFER);
    char *svg = malloc(need);
    ck_assert_int_eq(carc_game_board_svg(g, svg, need, &need), CARC_OK);
    return svg;
}

static int occurrences(const char *s, const char *what)
{
    int n = 0;
    for (const char *p = s; (p = strstr(p, what)) != NULL; p++) n++;
    return n;
}

/* The SVG draws the dragon's flight in progress: a line through the tiles
 * visited in this flight, the start first, a dot on each; nothing before
 * the first step is asked nor after the flight.  The flight of
 * pd_volcano_flight_dead_end.rec after two steps: 1,1 1,0 0,0. */
START_TEST(flight_path_in_svg)
{
    carc_game *g = replay_until("pd_volcano_flight_dead_end.rec", "dragon", 3);
    char *svg = svg_text(g);
    const char *path = strstr(svg, "<g class=\"dragon-flight\" data-steps-left=\"4\" "
                                   "data-visited=\"3\">");
    ck_assert_msg(path != NULL, "no flight path");
    ck_assert_int_eq(occurrences(svg, "<g class=\"dragon-flight\""), 1);
    ck_assert_int_eq(occurrences(path, "<circle class=\"dragon-visited\""), 3);
    const char *dots[3] = {"data-x=\"1\" data-y=\"1\"", "data-x=\"1\" data-y=\"0\"",
                           "data-x=\"0\" data-y=\"0\""};
    const char *at = path;
    for (int i = 0; i < 3; i++) { /* in the order of the flight */
        at = strstr(at, dots[i]);
        ck_assert_msg(at != NULL, "visited tile %d missing or out of order", i);
    }
    /* the line's points: three tile centres, PIC_TS (60) apart */
    int x[3], y[3];
    const char *pts = strstr(path, "points=\"");
    ck_assert_ptr_nonnull(pts);
    ck_assert_int_eq(sscanf(pts, "points=\"%d,%d %d,%d %d,%d\"", &x[0], &y[0], &x[1], &y[1],
                            &x[2], &y[2]),
                     6);
    ck_assert_int_eq(x[1] - x[0], 0);
    ck_assert_int_eq(y[1] - y[0], -60);
    ck_assert_int_eq(x[2] - x[1], -60);
    ck_assert_int_eq(y[2] - y[1], 0);
    free(svg);
    carc_game_free(g);
    g = replay_until("pd_volcano_flight_dead_end.rec", NULL, 0); /* the flight is over */
    svg = svg_text(g);
    ck_assert_ptr_null(strstr(svg, "dragon-flight"));
    free(svg);
    carc_game_free(g);
}
END_TEST

/* The dragon never enters the fairy's tile: in pd_fairy_next_to_follower
 * the fairy stays on 1,1; a volcano at 0,2 below B (0,1) and a dragon tile
 * make the dragon fly from 0,2: north onto 0,1 is allowed, east onto 1,1
 * -- the fairy's -- is not. */
START_TEST(fairy_protects_its_tile)
{
    carc_game *g = replay_until("pd_fairy_next_to_follower.rec", NULL, 0);
    int x, y;
    tile_cell(g, carc__pd_fairy_tile(g), &x, &y);
    ck_assert_int_eq(x, 1);
    ck_assert_int_eq(y, 1);
    carc_figure fig[128];
    size_t n;
    ck_assert_int_eq(carc_game_figures(g, fig, 128, &n), CARC_OK);
    ck_assert_int_eq(fig[pd(g)->fairy].where, CARC_WHERE_TILE); /* alone on 1,1 */
    carc_dragon_info di;
    ck_assert_int_eq(carc_game_dragon(g, &di), CARC_OK);
    ck_assert_int_eq(di.fairy_on_board, 1);
    ck_assert_int_eq(di.fairy_x, 1);
    ck_assert_int_eq(di.fairy_y, 1);
    ck_assert_int_eq(di.fairy_follower, -1);
    ck_assert_int_eq(di.dragon_on_board, 0); /* no volcano yet */
    const char *moves[] = {"draw DG_F_v", "place 1,2 r0", "pass", "draw DG_Rr_d", "place 0,2 r0",
                           "pass"};
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        carc_action a;
        ck_assert_int_eq(carc_action_from_string(g, moves[i], &a), CARC_OK);
        ck_assert_msg(carc_game_apply(g, &a) == CARC_OK, "%s", moves[i]);
    }
    /* the dragon on the volcano 1,2; the fairy's tile 1,1 north of it */
    tile_cell(g, carc__pd_dragon_tile(g), &x, &y);
    ck_assert_int_eq(x, 1);
    ck_assert_int_eq(y, 2);
    explain_text(g, "dragon n", PDK(4), "fairy");
    carc_action a;
    ck_assert_int_eq(carc_action_from_string(g, "dragon n", &a), CARC_OK);
    ck_assert_int_eq(carc_game_apply(g, &a), CARC_E_ILLEGAL);
    ck_assert_int_eq(carc_action_from_string(g, "dragon w", &a), CARC_OK);
    ck_assert_int_eq(carc_game_apply(g, &a), CARC_OK);
    carc_game_free(g);
}
END_TEST

/* Refusals carc_game_explain names: a deployment on the volcano, a portal
 * target, the fairy without a follower, the princess without knights. */
START_TEST(refusals_explained)
{
    carc_game *g = replay_until("pd_volcano_no_deploy.rec", "deploy follower field Nw", 2);
    explain_text(g, "deploy follower field Nw", PDK(1), "volcano");
    carc_game_free(g);

    g = replay_until("pd_portal.rec", "portal 0,1", 1);
    explain_text(g, "portal -1,0", PDK(7), "another tile");
    carc_game_free(g);
    /* 1,0 has free fields, but once they and the city are taken... the
     * tile just laid is never a target; a tile with only a completed or
     * occupied feature is refused: the start tile after the portal shows
     * its free city */
    g = replay_until("pd_portal.rec", "portal", 1);
    explain_text(g, "princess", PDK(8), "princess");
    carc_game_free(g);

    /* P1 has no follower on the board at its first turn: no fairy */
    g = replay_until("pd_volcano_flight_dead_end.rec", "deploy follower field Nw", 1);
    explain_text(g, "fairy", PDK(6), "follower");
    explain_text(g, "portal", PDK(9), "portal");
    explain_text(g, "dragon n", PDK(0), "does not answer");
    carc_game_free(g);
}
END_TEST

/* Dragon tiles wait for the dragon: before the first volcano the chance
 * API lists no tile with the dragon symbol; after it, every one. */
START_TEST(dragon_tiles_wait)
{
    carc_options o;
    carc_options_init(&o);
    o.modules |= 1ull << CARC_MODULE_PRINCESS_DRAGON;
    carc_game *g;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    int32_t ids[CARC_MAX_CHANCE_OUTCOMES];
    double p[CARC_MAX_CHANCE_OUTCOMES];
    size_t n;
    uint32_t dragon = carc__tile_tag_bit("dragon");
    ck_assert_int_eq(carc_game_chance_outcomes(g, ids, p, CARC_MAX_CHANCE_OUTCOMES, &n), CARC_OK);
    int tiles = 0;
    for (size_t i = 0; i < n; i++) {
        ck_assert_msg(!(carc__types[ids[i]].tags & dragon), "%s drawable",
                      carc_tile_name(ids[i]));
        tiles += carc_game_tiles_remaining(g, ids[i]);
    }
    ck_assert_int_eq(tiles, 71 + 30 - 12); /* the pile but the 12 dragon tiles */
    carc_action a;
    ck_assert_int_eq(carc_action_from_string(g, "draw DG_C_d", &a), CARC_OK);
    ck_assert_int_eq(carc_game_apply(g, &a), CARC_E_ILLEGAL);
    explain_text(g, "draw DG_C_d", PDK(10), "volcano");
    const char *moves[] = {"draw DG_F_v", "place 0,1 r0", "pass"};
    for (size_t i = 0; i < 3; i++) {
        ck_assert_int_eq(carc_action_from_string(g, moves[i], &a), CARC_OK);
        ck_assert_int_eq(carc_game_apply(g, &a), CARC_OK);
    }
    ck_assert_int_eq(carc_game_chance_outcomes(g, ids, p, CARC_MAX_CHANCE_OUTCOMES, &n), CARC_OK);
    tiles = 0;
    int dragons = 0;
    for (size_t i = 0; i < n; i++) {
        tiles += carc_game_tiles_remaining(g, ids[i]);
        if (carc__types[ids[i]].tags & dragon) dragons += carc_game_tiles_remaining(g, ids[i]);
    }
    ck_assert_int_eq(tiles, 71 + 30 - 1);
    ck_assert_int_eq(dragons, 12);
    /* from the first volcano on the draw no longer asks the module
     * (carc__pile_drawable_all): the core's fast path */
    ck_assert_uint_eq(g->hooks_drawable & (1u << CARC_MODULE_PRINCESS_DRAGON), 0);
    carc_game_free(g);

    /* rule pd_dragon_tiles 2 (printed): every tile may be drawn; a dragon
     * tile drawn before the volcano lies aside, face up (held by nobody),
     * until the volcano puts it back */
    ck_assert_int_ge(carc_options_set_rule(&o, "pd_dragon_tiles", 2), 0);
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    ck_assert_uint_eq(g->hooks_drawable & (1u << CARC_MODULE_PRINCESS_DRAGON), 0);
    ck_assert_int_eq(carc_game_chance_outcomes(g, ids, p, CARC_MAX_CHANCE_OUTCOMES, &n), CARC_OK);
    tiles = 0;
    for (size_t i = 0; i < n; i++) tiles += carc_game_tiles_remaining(g, ids[i]);
    ck_assert_int_eq(tiles, 71 + 30);
    ck_assert_int_eq(carc_action_from_string(g, "draw DG_C_d", &a), CARC_OK);
    ck_assert_int_eq(carc_game_apply(g, &a), CARC_OK);
    int32_t held[4];
    size_t k;
    ck_assert_int_eq(carc_game_held_tiles(g, -1, held, 4, &k), CARC_OK);
    ck_assert_uint_eq(k, 1);
    ck_assert_int_eq(held[0], carc_tile_by_name("DG_C_d"));
    ck_assert_int_eq(carc_game_current_player(g), CARC_PLAYER_CHANCE); /* draw again */
    const char *more[] = {"draw DG_F_v", "place 0,1 r0"};
    for (size_t i = 0; i < 2; i++) {
        ck_assert_int_eq(carc_action_from_string(g, more[i], &a), CARC_OK);
        ck_assert_int_eq(carc_game_apply(g, &a), CARC_OK);
    }
    ck_assert_int_eq(carc_game_held_tiles(g, -1, held, 4, &k), CARC_OK);
    ck_assert_uint_eq(k, 0);
    ck_assert_int_eq(carc_game_tiles_remaining(g, carc_tile_by_name("DG_C_d")), 1);
    carc_game_free(g);
}
END_TEST

/* The module's action_legal (the core's check of an id before
 * decision_apply, instead of listing every legal action again) answers
 * exactly as the lists: at every decision of the module and every turn's
 * own deployment of random games (the module alone under each rule set,
 * and with every module), for every id. */
START_TEST(action_legal_matches_lists)
{
    static const char *const sets[][4] = {
        {NULL},
        {"pd_dragon_tiles", "2", "pd_fairy_placement", "2"},
        {"pd_princess", "2", "pd_dragon_move", "2"},
        {"pd_princess", "1", "all", "1"},
    };
    int checked = 0;
    for (int k = 0; k < 4; k++)
        for (int game = 0; game < 5; game++) {
            carc_options o;
            carc_options_init(&o);
            o.num_players = 2 + game % 5;
            o.seed = 500 + (uint64_t)game;
            o.modules |= 1ull << CARC_MODULE_PRINCESS_DRAGON;
            for (int r = 0; r < 4 && sets[k][r]; r += 2) {
                if (!strcmp(sets[k][r], "all")) {
                    for (int m = 1; m < CARC_MODULE_SLOTS; m++)
                        if (carc_module_available(m) == 1) o.modules |= 1ull << m;
                } else {
                    ck_assert_int_ge(carc_options_set_rule(&o, sets[k][r], atoi(sets[k][r + 1])), 0);
                }
            }
            carc_game *g;
            ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
            play_action_legal(g, CARC_MODULE_PRINCESS_DRAGON, o.seed, &checked);
            carc_game_free(g);
        }
    ck_assert_int_gt(checked, 1000); /* the module's actions were reached */
}
END_TEST

/* Enabled by its name alone and with every other module of the build. */
START_TEST(enabled_alone_and_with_all)
{
    int m = carc_module_by_name("princess_dragon");
    ck_assert_int_eq(m, CARC_MODULE_PRINCESS_DRAGON);
    ck_assert_int_eq(carc_module_available(m), 1);
    for (int all = 0; all < 2; all++) {
        carc_options o;
        carc_options_init(&o);
        o.num_players = 6;
        o.modules |= 1ull << m;
        if (all)
            for (int k = 1; k < CARC_MODULE_SLOTS; k++)
                if (carc_module_available(k) == 1) o.modules |= 1ull << k;
        carc_game *g;
        ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
        ck_assert_int_eq(carc__pd_dragon_tile(g), -1); /* not in play yet */
        ck_assert_int_eq(carc__pd_fairy_tile(g), -1);
        carc_game_free(g);
    }
    /* the facts are neutral for a game without the module */
    carc_options o;
    carc_options_init(&o);
    carc_game *g;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    ck_assert_int_eq(carc__pd_dragon_tile(g), -1);
    ck_assert_int_eq(carc__pd_fairy_tile(g), -1);
    carc_dragon_info di;
    ck_assert_int_eq(carc_game_dragon(g, &di), CARC_E_NOTFOUND);
    carc_game_free(g);
}
END_TEST

/* The fairy next to its follower: carc_game_dragon names the follower. */
START_TEST(fairy_follower_public)
{
    carc_game *g = replay_until("pd_fairy_next_to_follower.rec", "draw U", 2);
    carc_dragon_info di;
    ck_assert_int_eq(carc_game_dragon(g, &di), CARC_OK);
    ck_assert_int_eq(di.fairy_on_board, 1);
    ck_assert_int_eq(di.fairy_x, 1);
    ck_assert_int_eq(di.fairy_y, 1);
    ck_assert_int_eq(di.fairy_follower, 0);
    carc_game_free(g);
}
END_TEST

/* carc__figures_on_tile (a set of figures on one tile, inline) lists what
 * carc__tile_figures lists, restricted to the set, for every placed tile
 * and several sets (carc__figures_on_tile_max: the first max of them), through random games with the fairy (attached
 * figures) and the dragon; carc__tile_figure_count counts the figures
 * whose records stand on the tile (none there: carc__tile_figures lists
 * none); carc__figure_supply_kinds has a bit for each kind a player
 * holds in supply (0 for a bad player); carc__figure_moves_vetoed answers
 * whether a module with a may_move_figure hook is enabled. */
START_TEST(figures_on_tile_agrees_with_tile_figures)
{
    static int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
    long checked = 0, found = 0, standing = 0, supplied = 0;
    for (int seed = 1; seed <= 4; seed++) {
        carc_options o;
        carc_options_init(&o);
        o.num_players = 2 + seed % 3;
        o.seed = (uint64_t)seed;
        o.modules |= 1ull << CARC_MODULE_PRINCESS_DRAGON;
        if (seed == 4) /* pig throwing (a may_move_figure veto) needs Traders & Builders */
            o.modules |= 1ull << CARC_MODULE_PIG_THROWING | 1ull << CARC_MODULE_TRADERS_BUILDERS;
        carc_game *g;
        ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
        ck_assert(carc__figure_moves_vetoed(g) == (seed == 4));
        uint32_t rng = (uint32_t)seed * 2654435761u;
        while (!carc_game_is_terminal(g)) {
            if (sample_if_chance(g)) continue;
            /* carc__figure_supply_kinds: a bit per kind held in supply */
            for (int p = -1; p <= o.num_players; p++) {
                unsigned want = 0;
                for (int k = 0; k < CARC_FIGURE_KINDS; k++)
                    if (carc__figure_supply(g, p, k) > 0) want |= 1u << k;
                ck_assert_uint_eq(carc__figure_supply_kinds(g, p), want);
                supplied += want != 0;
            }
            const int nf = carc__figure_count(g);
            /* all, odd, every third, the middle third (the scan's first
             * and last figure of the set inside), none */
            uint64_t sets[5][2] = {{~0ull, ~0ull}, {0, 0}, {0, 0}, {0, 0}, {0, 0}};
            for (int i = 0; i < nf; i++) {
                if (i % 2) sets[1][i >> 6] |= 1ull << (i & 63);
                if (i % 3 == 0) sets[2][i >> 6] |= 1ull << (i & 63);
                if (i >= nf / 3 && i < 2 * nf / 3) sets[3][i >> 6] |= 1ull << (i & 63);
            }
            for (int t = -1; t <= carc__tile_count(g); t++) {
                int all[CARC_ID_FIGURE_N], got[CARC_ID_FIGURE_N];
                int n = t >= 0 && t < carc__tile_count(g)
                            ? carc__tile_figures(g, t, all, CARC_ID_FIGURE_N)
                            : 0;
                /* carc__tile_figure_count: the figures whose record puts
                 * them on a segment or the tile itself, there */
                int stand = 0;
                for (int i = 0; i < nf; i++) {
                    carc_fig f;
                    carc__figure_get(g, i, &f);
                    stand += (f.where == CARC_PLACE_SEGMENT || f.where == CARC_PLACE_TILE) &&
                             f.tile == t;
                }
                ck_assert_int_eq(carc__tile_figure_count(g, t), t >= 0 ? stand : 0);
                if (stand == 0) ck_assert_int_eq(n, 0);
                standing += stand;
                for (int k = 0; k < 5; k++) {
                    int want[CARC_ID_FIGURE_N], nw = 0;
                    for (int j = 0; j < n; j++)
                        if (sets[k][all[j] >> 6] >> (all[j] & 63) & 1u) want[nw++] = all[j];
                    int ng = carc__figures_on_tile(g, sets[k], t, got);
                    ck_assert_int_eq(ng, nw);
                    for (int j = 0; j < nw; j++) ck_assert_int_eq(got[j], want[j]);
                    /* carc__figures_on_tile_max: the list's first max */
                    for (int max = -1; max <= nw + 1; max++) {
                        const int mw = max < 0 ? 0 : max < nw ? max : nw;
                        ck_assert_int_eq(carc__figures_on_tile_max(g, sets[k], t, got, max), mw);
                        for (int j = 0; j < mw; j++) ck_assert_int_eq(got[j], want[j]);
                    }
                    checked++;
                    found += nw;
                }
            }
            random_step(g, ids, &rng);
        }
        carc_game_free(g);
    }
    ck_assert_int_gt(checked, 10000);
    ck_assert_int_gt(found, 1000);
    ck_assert_int_gt(standing, 1000);
    ck_assert_int_gt(supplied, 1000);
}
END_TEST

/* pd_state.veto_tile as it must be (princess_dragon.c veto_tile_of): where
 * the module's may_deploy may refuse */
static int expected_veto_tile(const carc_game *g)
{
    if (pd(g)->princess_done) return CARC_VETO_ANYWHERE;
    if (!pd(g)->entered || pd(g)->dragon < 0) return CARC_VETO_NOWHERE;
    carc_fig d;
    carc__figure_get(g, pd(g)->dragon, &d);
    return d.where == CARC_PLACE_TILE || d.where == CARC_PLACE_SEGMENT ? d.tile
                                                                       : CARC_VETO_NOWHERE;
}

/* a and b have the same snapshot (the state block and the history) */
static void same_snapshot(const carc_game *a, const carc_game *b)
{
    size_t na = 0, nb = 0;
    ck_assert_int_eq(carc_game_snapshot(a, NULL, 0, &na), CARC_E_BUFFER);
    ck_assert_int_eq(carc_game_snapshot(b, NULL, 0, &nb), CARC_E_BUFFER);
    ck_assert_uint_eq(na, nb);
    uint8_t *x = malloc(na), *y = malloc(nb);
    ck_assert(x && y);
    ck_assert_int_eq(carc_game_snapshot(a, x, na, &na), CARC_OK);
    ck_assert_int_eq(carc_game_snapshot(b, y, nb, &nb), CARC_OK);
    ck_assert_int_eq(memcmp(x, y, na), 0);
    free(x);
    free(y);
}

/* The k-th game (k >= 0) of the random comparisons: 2 + k % 3 players,
 * seed seed + k; by k % 3, Princess & Dragon alone, with the Tower
 * (another figure_moved hook), with every module (the Dungeon
 * intercepts). */
static carc_options quiet_options(int k, uint64_t seed)
{
    carc_options o;
    carc_options_init(&o);
    o.num_players = 2 + k % 3;
    o.seed = seed + (uint64_t)k;
    o.modules |= 1ull << CARC_MODULE_PRINCESS_DRAGON;
    if (k % 3 == 1) o.modules |= 1ull << CARC_MODULE_TOWER;
    if (k % 3 == 2)
        for (int m = 1; m < CARC_MODULE_SLOTS; m++)
            if (carc_module_available(m) == 1) o.modules |= 1ull << m;
    return o;
}

/* carc__figure_move_offer_quiet (the dragon's step and volcano move) makes
 * carc__figure_move_offer's move: the same answer, the same game block
 * byte for byte and the same count of figure moves, for the dragon onto
 * every placed tile but its own, by -1 and by a player, through random
 * games of the module alone (the straight line), with the Tower (another
 * figure_moved hook told) and with every module (the Dungeon intercepts:
 * the offer's way); a figure not on a tile (a follower) takes the offer's
 * way too (self -1: every module told, a follower on a tower's top in
 * straight line).  carc__figure_step_quiet of the same move's fields
 * (since 0.17) makes it too. */
START_TEST(move_offer_quiet_agrees)
{
    static int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
    long compared = 0, straight = 0;
    for (int k = 0; k < 3; k++) {
        const carc_options o = quiet_options(k, 70);
        carc_game *g;
        ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
        uint32_t rng = 99u + (uint32_t)k;
        while (!carc_game_is_terminal(g)) {
            if (sample_if_chance(g)) continue;
            const int at = carc__pd_dragon_tile(g);
            rng = rng * 1103515245u + 12345u;
            const int fig = (rng >> 9) % 4 == 0 ? 0 : pd(g)->dragon;
            if (at >= 0 && (rng >> 12) % 3 == 0)
                for (int t = (int)(rng >> 16) % 4; t < carc__tile_count(g); t += 4 + (int)(rng >> 20) % 5) {
                    if (t == at) continue;
                    carc_game *a, *b, *c;
                    ck_assert_int_eq(carc_game_clone(&a, g), CARC_OK);
                    ck_assert_int_eq(carc_game_clone(&b, g), CARC_OK);
                    ck_assert_int_eq(carc_game_clone(&c, g), CARC_OK);
                    carc_move m = {.fig = fig, .where = CARC_PLACE_TILE, .tile = t,
                                   .cause = CARC_MODULE_KIND(CARC_MODULE_PRINCESS_DRAGON, 1),
                                   .by = t % 2 ? -1 : t % o.num_players};
                    const uint32_t m0 = carc__moves;
                    const int ra = carc__figure_move_offer(a, &m);
                    const uint32_t ma = carc__moves - m0;
                    /* the module's own hook has nothing to do for the dragon
                     * only; a follower's move tells every module (self -1) */
                    const int self = fig == pd(g)->dragon ? CARC_MODULE_PRINCESS_DRAGON : -1;
                    const int rb = carc__figure_move_offer_quiet(b, &m, self);
                    ck_assert_int_eq(ra, rb);
                    if (self >= 0) {
                        /* the hook's one part for the dragon, which the
                         * module's quiet callers write themselves: where its
                         * veto may refuse (pd_state.veto_tile, the dragon's
                         * tile wherever it went) */
                        const int vt = expected_veto_tile(a);
                        ck_assert_int_eq(pd(a)->veto_tile, vt);
                        ((pd_state *)carc__mod_state(b, CARC_MODULE_PRINCESS_DRAGON))->veto_tile =
                            (int16_t)vt;
                    }
                    ck_assert_uint_eq(carc__moves - m0 - ma, ma);
                    same_snapshot(a, b);
                    /* carc__figure_step_quiet, the same move by its fields
                     * (the dragon's step): the same answer, game and count */
                    const uint32_t m1 = carc__moves;
                    const int rc = carc__figure_step_quiet(c, m.fig, m.tile, m.cause, m.by, self);
                    ck_assert_int_eq(ra, rc);
                    ck_assert_uint_eq(carc__moves - m1, ma);
                    if (self >= 0)
                        ((pd_state *)carc__mod_state(c, CARC_MODULE_PRINCESS_DRAGON))->veto_tile =
                            pd(a)->veto_tile;
                    same_snapshot(a, c);
                    compared++;
                    straight += k < 2 && fig == pd(g)->dragon;
                    carc_game_free(a);
                    carc_game_free(b);
                    carc_game_free(c);
                }
            random_step(g, ids, &rng);
        }
        carc_game_free(g);
    }
    ck_assert_int_gt(compared, 2000);
    ck_assert_int_gt(straight, 500);
}
END_TEST

/* carc__figure_attach_quiet (the fairy joining a follower) makes
 * carc__figure_move's move: the same answer, the same game block byte for
 * byte and the same count of figure moves, for the fairy (the straight
 * line) or figure 0 (an owner: the move's way) onto every figure, through
 * random games of the module alone, with the Tower (another figure_moved
 * hook told) and with every module; self -1 (every module told, the
 * module's own hook too); self the module (no hook told in the module's
 * game alone): the same answer and count; with self the module, its hook spared, the
 * module's state_check passes once fairy_to_apply's work bytes are
 * written (rule_bytes_checked's games). */
START_TEST(attach_quiet_agrees)
{
    static int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
    long compared = 0, straight = 0;
    for (int k = 0; k < 3; k++) {
        const carc_options o = quiet_options(k, 170);
        carc_game *g;
        ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
        uint32_t rng = 199u + (uint32_t)k;
        while (!carc_game_is_terminal(g)) {
            if (sample_if_chance(g)) continue;
            rng = rng * 1103515245u + 12345u;
            const int fig = (rng >> 9) % 4 == 0 ? 0 : pd(g)->fairy;
            if ((rng >> 12) % 3 == 0)
                for (int h = -1; h <= carc__figure_count(g); h++) {
                    carc_game *a, *b;
                    ck_assert_int_eq(carc_game_clone(&a, g), CARC_OK);
                    ck_assert_int_eq(carc_game_clone(&b, g), CARC_OK);
                    const int cause = CARC_MODULE_KIND(CARC_MODULE_PRINCESS_DRAGON, 2);
                    const uint32_t m0 = carc__moves;
                    const int ra = carc__figure_move(a, fig, CARC_PLACE_ATTACHED, -1, 0, h, 0, cause);
                    const uint32_t ma = carc__moves - m0;
                    const int rb = carc__figure_attach_quiet(b, fig, h, cause, -1);
                    ck_assert_int_eq(ra, rb);
                    ck_assert_uint_eq(carc__moves - m0 - ma, ma);
                    same_snapshot(a, b);
                    /* self the module (the straight line without hooks in
                     * the module's game alone): the same answer and count */
                    ck_assert_int_eq(carc_game_copy(b, g), CARC_OK);
                    const uint32_t m1 = carc__moves;
                    ck_assert_int_eq(carc__figure_attach_quiet(b, fig, h, cause,
                                                               CARC_MODULE_PRINCESS_DRAGON),
                                     ra);
                    ck_assert_uint_eq(carc__moves - m1, ma);
                    compared++;
                    straight += fig == pd(g)->fairy && ra == CARC_OK;
                    carc_game_free(a);
                    carc_game_free(b);
                }
            random_step(g, ids, &rng);
        }
        carc_game_free(g);
    }
    ck_assert_int_gt(compared, 2000);
    ck_assert_int_gt(straight, 1000);
}
END_TEST

/* carc__figure_home_quiet (an eaten figure sent home) makes
 * carc__figure_move's move to the supply: for every figure, one before
 * and one past them, through random games of the module alone, with the
 * Tower (another figure_moved hook) and with every module, self -1 (every
 * module told, the module's own hook too: home_hooked): the same answer,
 * the same game byte for byte, the same count of figure moves; self the
 * module: CARC_HOME_QUIET for a figure carc__figure_move moves in the
 * module's game alone (the straight line, no hook told: one move counted),
 * the move's answer, count and game with other hooks; in the straight
 * line, the same game once the module's
 * state is the one its hook wrote (a figure that is not the dragon, the
 * fairy or the fairy's host: the hook moves nothing then). */
START_TEST(home_quiet_agrees)
{
    static int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
    long compared = 0, straight = 0;
    for (int k = 0; k < 3; k++) {
        const carc_options o = quiet_options(k, 270);
        carc_game *g;
        ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
        uint32_t rng = 299u + (uint32_t)k;
        while (!carc_game_is_terminal(g)) {
            if (sample_if_chance(g)) continue;
            rng = rng * 1103515245u + 12345u;
            if ((rng >> 12) % 6 == 0)
                for (int fig = -1; fig <= carc__figure_count(g); fig++) {
                    carc_game *a, *b;
                    ck_assert_int_eq(carc_game_clone(&a, g), CARC_OK);
                    ck_assert_int_eq(carc_game_clone(&b, g), CARC_OK);
                    const int cause = CARC_MODULE_KIND(CARC_MODULE_PRINCESS_DRAGON, 2);
                    const uint32_t m0 = carc__moves;
                    const int ra = carc__figure_move(a, fig, CARC_PLACE_SUPPLY, -1, 0, 0, 0, cause);
                    const uint32_t ma = carc__moves - m0;
                    ck_assert_int_eq(carc__figure_home_quiet(b, fig, cause, -1), ra);
                    ck_assert_uint_eq(carc__moves - m0 - ma, ma);
                    same_snapshot(a, b);
                    /* self the module */
                    ck_assert_int_eq(carc_game_copy(b, g), CARC_OK);
                    const uint32_t m1 = carc__moves;
                    const int rb = carc__figure_home_quiet(b, fig, cause, CARC_MODULE_PRINCESS_DRAGON);
                    if (k == 0 && ra == CARC_OK) {
                        ck_assert_int_eq(rb, CARC_HOME_QUIET);
                        ck_assert_uint_eq(carc__moves - m1, 1); /* the hook's own: none */
                        carc_fig fy;
                        carc__figure_get(g, pd(g)->fairy, &fy);
                        if (fig != pd(g)->dragon && fig != pd(g)->fairy &&
                            !(fy.where == CARC_PLACE_ATTACHED && fy.arg == fig)) {
                            memcpy(carc__mod_state(b, CARC_MODULE_PRINCESS_DRAGON),
                                   carc__mod_state(a, CARC_MODULE_PRINCESS_DRAGON),
                                   sizeof(pd_state));
                            same_snapshot(a, b);
                            straight++;
                        }
                    } else {
                        ck_assert_int_eq(rb, ra);
                        ck_assert_uint_eq(carc__moves - m1, ma);
                        same_snapshot(a, b);
                    }
                    compared++;
                    carc_game_free(a);
                    carc_game_free(b);
                }
            random_step(g, ids, &rng);
        }
        carc_game_free(g);
    }
    ck_assert_int_gt(compared, 1000);
    ck_assert_int_gt(straight, 200);
}
END_TEST

/* The module checks the ids of its decisions itself (ids_checked): at
 * every dragon step and fairy's follower of random games (the module
 * alone, with the Tower, with every module: the Dungeon's vetoes; also
 * pd_fairy_placement 2), every direction id, every figure id, one past the
 * figures and a few others applied to a copy give what the core's general
 * way gives (carc__pipeline_only: the id decoded and checked against the
 * list): the same answer, the same game; an id is taken exactly when the
 * listing holds it, which the core did not note (but with vetoes of
 * figure moves: every module, the note's way). */
START_TEST(ids_checked_agrees)
{
    static int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
    long taken = 0, refused = 0, vetoed = 0, rare_seen = 0, verbs_taken = 0;
    int verbs_checked_seen = 0;
    ck_assert(carc__modules[CARC_MODULE_PRINCESS_DRAGON]->ids_checked);
    for (int k = 0; k < 4; k++) {
        carc_options o = quiet_options(k % 3, 230);
        if (k == 3) ck_assert_int_ge(carc_options_set_rule(&o, "pd_fairy_placement", 2), 0);
        carc_game *g;
        ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
        /* carc__apply_checked_id's way (HK_IDS_CHECKED): set at creation
         * exactly when no module vetoes figure moves (a snapshot forging
         * it: test_snapshot.c crafted_refused) */
        ck_assert_int_eq((g->hookmask & HK_IDS_CHECKED) != 0, !carc__figure_moves_vetoed(g));
        /* its owners (checked_owner): the module's bit alone then, else 0
         * (a snapshot forging it: test_snapshot.c crafted_refused) */
        ck_assert_uint_eq(g->ids_checked_mods, (g->hookmask & HK_IDS_CHECKED)
                                                   ? 1u << CARC_MODULE_PRINCESS_DRAGON
                                                   : 0u);
        /* the deployment's verbs not noted (HK_VERBS_CHECKED): the module's
         * own, checked by apply_listed_id, when no other module lists verbs
         * and none vetoes figure moves */
        ck_assert_int_eq((g->hookmask & HK_VERBS_CHECKED) != 0,
                         !carc__figure_moves_vetoed(g) &&
                             g->hooks_verbs == 1u << CARC_MODULE_PRINCESS_DRAGON);
        verbs_checked_seen += (g->hookmask & HK_VERBS_CHECKED) != 0;
        uint32_t rng = 31u + (uint32_t)k;
        while (!carc_game_is_terminal(g)) {
            if (sample_if_chance(g)) continue;
            const carc_pending *p = carc__front(g);
            if (p->kind == CARC_DECISION_DEPLOY && !(p->flags & CARC_PENDING_QUEUED_DEPLOY)) {
                /* the turn's own deployment: the module's verbs by the
                 * deployment's verb way (apply_deploy_verb; the fairy's in
                 * place, carc__decision_instead), the game listed first (its
                 * note), against the general way */
                for (int v = 0; v < 3; v++) {
                    const int32_t id = CARC_VERB_ID(CARC_MODULE_PRINCESS_DRAGON, v);
                    carc_game *a, *b;
                    ck_assert_int_eq(carc_game_clone(&a, g), CARC_OK);
                    ck_assert_int_eq(carc_game_clone(&b, g), CARC_OK);
                    size_t n;
                    ck_assert_int_eq(carc_game_legal_ids(a, ids, CARC_NUM_DISTINCT_ACTIONS, &n),
                                     CARC_OK);
                    bool listed = false;
                    for (size_t i = 0; i < n; i++) listed |= ids[i] == id;
                    const int ra = carc_game_apply_id(a, id);
                    carc__pipeline_only = true;
                    const int rb = carc_game_apply_id(b, id);
                    carc__pipeline_only = false;
                    ck_assert_int_eq(ra, rb);
                    ck_assert_int_eq(ra == CARC_OK, listed);
                    ck_assert(carc__state_equal(a, b));
                    verbs_taken += ra == CARC_OK;
                    carc_game_free(a);
                    carc_game_free(b);
                }
            }
            if (p->owner == CARC_MODULE_PRINCESS_DRAGON) {
                size_t n;
                ck_assert_int_eq(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &n),
                                 CARC_OK);
                int32_t tries[CARC_ID_FIGURE_N + 16 + CARC_MAX_TILES];
                int nt = 0;
                for (int d = 0; d < 8; d++) tries[nt++] = CARC_ID_DIRECTION + d;
                for (int i = 0; i <= carc__figure_count(g) && i < CARC_ID_FIGURE_N; i++)
                    tries[nt++] = CARC_ID_FIGURE + i;
                tries[nt++] = CARC_ID_PASS;
                tries[nt++] = -1;
                tries[nt++] = CARC_NUM_DISTINCT_ACTIONS - 1;
                tries[nt++] = CARC_ID_TILE;
                /* the portal's, the princess's, the fairy's tile: every tile */
                const bool rare = p->kind != CARC_MODULE_KIND(CARC_MODULE_PRINCESS_DRAGON, 0) &&
                                  p->kind != CARC_MODULE_KIND(CARC_MODULE_PRINCESS_DRAGON, 1);
                for (int t = 1; rare && t <= carc__tile_count(g) && nt < CARC_ID_FIGURE_N + 16 + CARC_MAX_TILES; t++)
                    tries[nt++] = CARC_ID_TILE + t;
                rare_seen += rare;
                for (int j = 0; j < nt; j++) {
                    bool listed = false;
                    for (size_t i = 0; i < n; i++) listed |= ids[i] == tries[j];
                    /* noted only in a game with vetoes (the note's way) */
                    if (!carc__figure_moves_vetoed(g)) ck_assert(!carc__listed_has(g, tries[j]));
                    else vetoed++;
                    carc_game *a, *b;
                    ck_assert_int_eq(carc_game_clone(&a, g), CARC_OK);
                    ck_assert_int_eq(carc_game_clone(&b, g), CARC_OK);
                    const int ra = carc_game_apply_id(a, tries[j]);
                    carc__pipeline_only = true;
                    const int rb = carc_game_apply_id(b, tries[j]);
                    carc__pipeline_only = false;
                    ck_assert_int_eq(ra, rb);
                    ck_assert_int_eq(ra == CARC_OK, listed);
                    ck_assert(carc__state_equal(a, b));
                    taken += ra == CARC_OK;
                    refused += ra != CARC_OK;
                    carc_game_free(a);
                    carc_game_free(b);
                }
            }
            random_step(g, ids, &rng);
        }
        carc_game_free(g);
    }
    ck_assert_int_gt(taken, 300);
    ck_assert_int_gt(refused, 3000);
    ck_assert_int_gt(vetoed, 100);
    ck_assert_int_gt(rare_seen, 0);
    ck_assert_int_gt(verbs_taken, 50);
    ck_assert_int_gt(verbs_checked_seen, 0);
}
END_TEST

/* pd_state.eat_attached (eat's scan stops once the figures standing on the
 * tile are found while it is 0): through random games of the module alone,
 * 0 while no player's eatable figure is attached (none of the modules
 * attaches one); a player's eatable figure
 * attached to another figure standing on a tile sets it (the state passes
 * the check; a copy with it 0 forged is refused), and carc__pd_eat on
 * that tile then leaves no player's eatable figure there, also when the
 * attached one comes before other figures standing there. */
START_TEST(eat_attached_kept)
{
    static int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
    long attached = 0, listed = 0, crowded = 0;
    for (int k = 0; k < 3; k++) {
        /* the module alone (another module's state may not allow the
         * figure attached: the Tower's) */
        const carc_options o = quiet_options(0, 230 + 10 * (uint64_t)k);
        carc_game *g;
        ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
        uint32_t rng = 251u + (uint32_t)k;
        while (!carc_game_is_terminal(g)) {
            if (sample_if_chance(g)) continue;
            ck_assert_int_eq(pd(g)->eat_attached, 0);
            rng = rng * 1103515245u + 12345u;
            const int nf = carc__figure_count(g);
            if ((rng >> 12) % 6 == 0) {
                /* each eatable figure onto each figure standing elsewhere */
                for (int fig = 0; fig < nf && fig < CARC_ID_FIGURE_N; fig++) {
                    if (!(pd(g)->eatable[fig >> 6] >> (fig & 63) & 1u)) continue;
                    for (int h = 0; h < nf; h++) {
                        carc_fig hf;
                        carc__figure_get(g, h, &hf);
                        if (h == fig || h == pd(g)->dragon ||
                            (hf.where != CARC_PLACE_SEGMENT && hf.where != CARC_PLACE_TILE))
                            continue;
                        carc_game *a, *b;
                        ck_assert_int_eq(carc_game_clone(&a, g), CARC_OK);
                        const int cause = CARC_MODULE_KIND(CARC_MODULE_PRINCESS_DRAGON, 5);
                        if (carc__figure_move(a, fig, CARC_PLACE_ATTACHED, -1, 0, h, 0, cause)) {
                            carc_game_free(a);
                            continue;
                        }
                        ck_assert_int_eq(pd(a)->eat_attached, 1);
                        ck_assert(carc__state_check(a));
                        ck_assert_int_eq(carc_game_clone(&b, a), CARC_OK);
                        ((pd_state *)carc__mod_state(b, CARC_MODULE_PRINCESS_DRAGON))
                            ->eat_attached = 0;
                        ck_assert(!carc__state_check(b));
                        carc_game_free(b);
                        /* eaten: nothing eatable left on the host's tile
                         * (no Bridges: no castle's knight spared) */
                        int on[CARC_ID_FIGURE_N], left[CARC_ID_FIGURE_N];
                        const int before = carc__figures_on_tile(a, pd(a)->eatable, hf.tile, on);
                        listed += before >= 1;
                        ck_assert_int_eq(carc__pd_eat(a, hf.tile), CARC_OK);
                        ck_assert_int_eq(carc__figures_on_tile(a, pd(a)->eatable, hf.tile, left), 0);
                        /* the attached one listed before a figure standing
                         * there: the last one listed past the count of
                         * those standing */
                        crowded += before >= 2 && on[before - 1] != fig;
                        attached++;
                        carc_game_free(a);
                    }
                }
            }
            random_step(g, ids, &rng);
        }
        carc_game_free(g);
    }
    ck_assert_int_gt(attached, 1000);
    ck_assert_int_gt(listed, attached / 2);
    ck_assert_int_gt(crowded, 100);
}
END_TEST

/* pd_state's rule bytes (rule_move, rule_fairy, rule_princess,
 * rule_tiles, read by setup) are the game's rule options, and its vetoed
 * byte carc__figure_moves_vetoed's answer: under every combination of the
 * four rules a game's state passes the check through a random game, and a
 * copy with one of those bytes changed (the other value of its rule), or
 * with the dragon attached to a figure (only the fairy ever is), is
 * refused by it (a crafted snapshot). */
START_TEST(rule_bytes_checked)
{
    static int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
    static const char *const names[4] = {"pd_dragon_move", "pd_fairy_placement", "pd_princess",
                                         "pd_dragon_tiles"};
    long refused = 0, fairy_on_dragon = 0, drawable_asked = 0, on_dragon_tile = 0;
    for (int combo = 0; combo < 16; combo++) {
        carc_options o;
        carc_options_init(&o);
        o.num_players = 2 + combo % 2;
        o.seed = (uint64_t)combo + 1;
        o.modules |= 1ull << CARC_MODULE_PRINCESS_DRAGON;
        for (int r = 0; r < 4; r++)
            ck_assert_int_eq(carc_options_set_rule(&o, names[r], 1 + (combo >> r & 1)), CARC_OK);
        carc_game *g, *h;
        ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
        ck_assert_int_eq(carc_game_clone(&h, g), CARC_OK);
        uint32_t rng = (uint32_t)combo * 2654435761u + 7u;
        for (int step = 0; !carc_game_is_terminal(g); step++) {
            if (step % 40 == 0) {
                const pd_state *s = pd(g);
                const uint8_t want[4] = {s->rule_move, s->rule_fairy, s->rule_princess,
                                         s->rule_tiles};
                for (int r = 0; r < 4; r++) ck_assert_int_eq(want[r], 1 + (combo >> r & 1));
                ck_assert(carc__state_check(g));
                ck_assert_int_eq(s->vetoed, carc__figure_moves_vetoed(g));
                ck_assert_int_eq(s->bridges, 0);
                /* the Count's inner tiles' tag: 0 without the Count, the
                 * tag forged in: refused */
                ck_assert_uint_eq(s->t_coc_inner, 0);
                ck_assert_int_eq(carc_game_copy(h, g), CARC_OK);
                ((pd_state *)carc__mod_state(h, CARC_MODULE_PRINCESS_DRAGON))->t_coc_inner =
                    carc__tile_tag_bit("coc_inner");
                ck_assert(!carc__state_check(h));
                for (int r = 0; r < 6; r++) {
                    ck_assert_int_eq(carc_game_copy(h, g), CARC_OK);
                    pd_state *c = carc__mod_state(h, CARC_MODULE_PRINCESS_DRAGON);
                    uint8_t *b[6] = {&c->rule_move, &c->rule_fairy, &c->rule_princess,
                                     &c->rule_tiles, &c->vetoed, &c->bridges};
                    *b[r] ^= r < 4 ? 3 : 1; /* 1 <-> 2; vetoed, bridges 0 <-> 1 */
                    ck_assert(!carc__state_check(h));
                    refused++;
                }
                /* the kinds' classes read by setup (follower_kinds,
                 * eatable_kinds): carc__figure_kind_classes's, and one bit
                 * more or less refused */
                ck_assert_uint_eq(s->follower_kinds & 1u << CARC_FIGURE_FOLLOWER, 1u << CARC_FIGURE_FOLLOWER);
                ck_assert_uint_eq(s->eatable_kinds & 1u << CARC_FIGURE_FOLLOWER, 1u << CARC_FIGURE_FOLLOWER);
                ck_assert_uint_eq(s->follower_kinds & 1u << CARC_FIGURE_DRAGON, 0);
                for (int r = 0; r < 4; r++) {
                    ck_assert_int_eq(carc_game_copy(h, g), CARC_OK);
                    pd_state *c = carc__mod_state(h, CARC_MODULE_PRINCESS_DRAGON);
                    uint16_t *k = r & 1 ? &c->eatable_kinds : &c->follower_kinds;
                    *k ^= (uint16_t)(1u << (r < 2 ? CARC_FIGURE_FOLLOWER : CARC_FIGURE_DRAGON));
                    ck_assert(!carc__state_check(h));
                    refused++;
                }
                /* where the veto may refuse (pd_state.veto_tile: the core
                 * asks may_deploy only there): kept, and any other value
                 * (nowhere, anywhere, another tile) refused */
                const int vt = expected_veto_tile(g);
                ck_assert_int_eq(s->veto_tile, vt);
                on_dragon_tile += vt >= 0;
                const int16_t forged[3] = {CARC_VETO_NOWHERE, CARC_VETO_ANYWHERE,
                                           (int16_t)(vt >= 0 ? vt + 1 : 0)};
                for (int r = 0; r < 3; r++) {
                    if (forged[r] == vt) continue;
                    ck_assert_int_eq(carc_game_copy(h, g), CARC_OK);
                    ((pd_state *)carc__mod_state(h, CARC_MODULE_PRINCESS_DRAGON))->veto_tile =
                        forged[r];
                    ck_assert(!carc__state_check(h));
                    refused++;
                }
                /* the draw's hooks asked exactly while the dragon has not
                 * come (drawable under pd_dragon_tiles 1, draw_aside under
                 * 2): either bit turned over is refused */
                for (int r = 0; r < 2; r++) {
                    ck_assert_int_eq(carc_game_copy(h, g), CARC_OK);
                    *(r ? &h->hooks_aside : &h->hooks_drawable) ^=
                        1u << CARC_MODULE_PRINCESS_DRAGON;
                    ck_assert(!carc__state_check(h));
                    refused++;
                }
                /* the dragon attached to a figure (only the fairy is ever
                 * attached): refused */
                ck_assert_int_eq(carc_game_copy(h, g), CARC_OK);
                figure *dr = &FIGS(h)[s->dragon];
                dr->where = CARC_PLACE_ATTACHED;
                dr->arg = (uint16_t)(s->dragon == 0 ? 1 : 0);
                dr->tile = 0;
                ck_assert(!carc__state_check(h));
                /* the fairy attached to the dragon (its hosts are followers;
                 * figure_moved passes over the dragon's moves), its work
                 * bytes as for such a host: refused */
                const figure *fa = &FIGS(g)[s->fairy];
                if (fa->where != CARC_PLACE_SEGMENT && fa->where != CARC_PLACE_TILE) {
                    ck_assert_int_eq(carc_game_copy(h, g), CARC_OK);
                    figure *hf = &FIGS(h)[s->fairy];
                    hf->where = CARC_PLACE_ATTACHED;
                    hf->arg = (uint16_t)s->dragon;
                    hf->tile = 0;
                    pd_state *c = carc__mod_state(h, CARC_MODULE_PRINCESS_DRAGON);
                    memset(c->fairy_work, 0, sizeof c->fairy_work);
                    ck_assert(!carc__state_check(h));
                    fairy_on_dragon++;
                }
            }
            if (carc_game_current_player(g) == CARC_PLAYER_CHANCE) {
                /* draw_veto_tagged: while the core asks its drawable hook,
                 * the hook refuses exactly the types with draw_veto_ttags
                 * (the core refuses them without asking) */
                const carc_module_def *md = carc__modules[CARC_MODULE_PRINCESS_DRAGON];
                ck_assert(md->draw_veto_tagged && md->draw_veto_ttags);
                if (g->hooks_drawable >> CARC_MODULE_PRINCESS_DRAGON & 1u) {
                    for (int t = 0; t < carc__ntypes; t++) {
                        const bool tagged = carc__types[t].tags & md->draw_veto_ttags;
                        ck_assert_int_eq(md->drawable(g, t), !tagged);
                        ck_assert_int_eq(carc__pile_drawable(g, t),
                                         !tagged && carc__pile_left_of(g, t) > 0);
                        drawable_asked++;
                    }
                }
                ck_assert_int_eq(carc_game_sample_chance(g, NULL), CARC_OK);
                continue;
            }
            size_t n;
            ck_assert_int_eq(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &n), CARC_OK);
            rng = rng * 1103515245u + 12345u;
            ck_assert_int_eq(carc_game_apply_id(g, ids[(rng >> 8) % n]), CARC_OK);
        }
        carc_game_free(h);
        carc_game_free(g);
    }
    ck_assert_int_gt(refused, 16 * 7 * 3);
    ck_assert_int_gt(fairy_on_dragon, 16);
    ck_assert_int_gt(drawable_asked, 0);
    ck_assert_int_gt(on_dragon_tile, 100);
}
END_TEST

/* feature_scored_occupied (lib/module.h): the core leaves a completed
 * feature no figure stands on unevaluated, the fairy's feature_scored not
 * called.  The same games played with every completed feature evaluated
 * and every hook called (HK_SCORED_BARE set, as for a hook without the
 * declaration), one after the other with the same decisions, end equal:
 * the module alone, with the Tower, with Traders & Builders and pig
 * throwing (figures that claim nothing), with Big Top (whose ringmaster's
 * hook declares it too). */
START_TEST(feature_scored_occupied_holds)
{
    static int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
    long steps = 0;
    for (int k = 0; k < 9; k++) {
        /* k 2..5: with Traders & Builders and pig throwing (builders and
         * pigs on the board: figures that claim nothing, looked at by
         * score_feature's nobody_on); k 6..8: with Big Top (its ringmaster's
         * hook declares it too), k 8 also with Bridges */
        carc_options o = quiet_options(k < 2 ? k : 0, 270 + (uint64_t)k);
        if (k >= 2 && k < 6)
            o.modules |= (1ull << CARC_MODULE_TRADERS_BUILDERS) | (1ull << CARC_MODULE_PIG_THROWING);
        if (k >= 6) o.modules |= 1ull << CARC_MODULE_BIG_TOP;
        if (k == 8) o.modules |= 1ull << CARC_MODULE_BRIDGES_CASTLES; /* bridges laid */
        /* a's decisions replayed on b */
        static int32_t played[8192];
        int np = 0;
        carc_game *a, *b;
        ck_assert_int_eq(carc_game_new(&a, &o), CARC_OK);
        ck_assert_int_eq(carc_game_new(&b, &o), CARC_OK);
        const uint32_t mask = b->hookmask;
        ck_assert(!(mask & HK_SCORED_BARE));
        uint32_t rng = 5u + (uint32_t)k;
        while (!carc_game_is_terminal(a)) {
            if (sample_if_chance(a)) continue;
            size_t n;
            ck_assert_int_eq(carc_game_legal_ids(a, ids, CARC_NUM_DISTINCT_ACTIONS, &n), CARC_OK);
            ck_assert_uint_gt(n, 0);
            rng = rng * 1103515245u + 12345u;
            ck_assert_int_lt(np, 8192);
            played[np] = ids[(rng >> 8) % n];
            ck_assert_int_eq(carc_game_apply_id(a, played[np++]), CARC_OK);
        }
        b->hookmask |= HK_SCORED_BARE;
        for (int d = 0; !carc_game_is_terminal(b); steps++) {
            if (carc_game_current_player(b) == CARC_PLAYER_CHANCE)
                ck_assert_int_eq(carc_game_sample_chance(b, NULL), CARC_OK);
            else
                ck_assert_int_eq(carc_game_apply_id(b, played[d++]), CARC_OK);
        }
        /* only the bit set above taken back: the game may have set others
         * while it was played (HK_OVERLAY, a bridge laid) */
        b->hookmask &= ~(uint32_t)HK_SCORED_BARE;
        ck_assert_msg(carc__state_equal(a, b), "game %d: the two scorings differ", k);
        ck_assert(carc_game_is_terminal(b));
        carc_game_free(a);
        carc_game_free(b);
    }
    ck_assert_int_gt(steps, 500);
}
END_TEST

/* The range of the figures that claim nothing (carc_game.other_lo,
 * other_hi: nobody_on looks only there): every figure whose kind is no
 * follower lies in it, with the module alone, with the Tower, with every
 * module, with Traders & Builders and pig throwing, with Big Top; and a
 * set without such figures has an empty range (base alone). */
START_TEST(other_figures_range)
{
    for (int k = 0; k < 6; k++) {
        carc_options o = quiet_options(k < 3 ? k : 0, 90);
        if (k == 3)
            o.modules |= (1ull << CARC_MODULE_TRADERS_BUILDERS) | (1ull << CARC_MODULE_PIG_THROWING);
        if (k == 4) o.modules |= 1ull << CARC_MODULE_BIG_TOP;
        if (k == 5) o.modules = 0; /* base alone: followers only */
        carc_game *g;
        ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
        int others = 0;
        for (uint32_t i = 0; i < g->nfigs; i++) {
            if (g->kind_class[CFIGS(g)[i].kind] & CARC_CLASS_FOLLOWER) continue;
            others++;
            ck_assert_msg(i >= g->other_lo && i < g->other_hi,
                          "set %d: figure %u claims nothing, out of [%u, %u)", k, i,
                          g->other_lo, g->other_hi);
        }
        ck_assert_int_eq(others > 0, k != 5);
        if (k == 5) ck_assert_uint_eq(g->other_hi, g->other_lo);
        carc_game_free(g);
    }
}
END_TEST

/* carc__counts_masked (the draw's copy of the pile's counts while the
 * dragon tiles wait, turn.c draw_vetoed) against the byte-by-byte answer:
 * every length up to 64 (full chunks, an overlapping last one, a short
 * catalogue), counts up to 255, masks at random */
START_TEST(counts_masked)
{
    uint8_t remain[64], mask[64], cnt[64], want[64];
    uint32_t rng = 7;
    for (int round = 0; round < 200; round++)
        for (int nt = 0; nt <= 64; nt++) {
            uint32_t gone = 0;
            for (int t = 0; t < 64; t++) {
                rng = rng * 1103515245u + 12345u;
                remain[t] = (uint8_t)(rng >> 16);
                mask[t] = (rng >> 9 & 3u) == 0 ? 0xFF : 0;
                cnt[t] = 0xAA;
                want[t] = t < nt ? (uint8_t)(mask[t] ? 0 : remain[t]) : 0xAA;
                if (t < nt && mask[t]) gone += remain[t];
            }
            ck_assert_uint_eq(carc__counts_masked(remain, mask, nt, cnt), gone);
            ck_assert(memcmp(cnt, want, sizeof cnt) == 0);
        }
}
END_TEST

/* carc__pick_masked (draw_vetoed's pick through the mask while the dragon
 * tiles wait, turn.c pick_type_in) against the walk one count at a time:
 * every length up to 64 (blocks of sixteen and eight, the last counts one
 * by one), counts up to 40 (a block's sum past 127 too), masks at random,
 * every r below the masked total and the total itself (-1) */
START_TEST(pick_masked)
{
    uint8_t remain[64], mask[64];
    uint32_t rng = 11;
    for (int round = 0; round < 100; round++)
        for (int nt = 0; nt <= 64; nt++) {
            int total = 0;
            for (int t = 0; t < 64; t++) {
                rng = rng * 1103515245u + 12345u;
                remain[t] = (uint8_t)((rng >> 16) % (round % 2 ? 41u : 4u));
                mask[t] = (rng >> 9 & 3u) == 0 ? 0xFF : 0;
                if (t < nt && !mask[t]) total += remain[t];
            }
            for (int r = 0; r <= total; r++) {
                int want = -1, left = r;
                for (int t = 0; t < nt; t++) {
                    left -= mask[t] ? 0 : remain[t];
                    if (left < 0) {
                        want = t;
                        break;
                    }
                }
                ck_assert_int_eq(carc__pick_masked(remain, mask, nt, r), want);
            }
        }
}
END_TEST

/* carc__pick_gap (the draw's pick passing over the pile's gap, turn.c
 * pick_type_in with gap) against the walk one count at a time: every
 * length up to 80, every gap of whole blocks of sixteen inside it (its
 * counts 0), counts up to 40 (a block's sum past 127 too), every r below
 * the total and the total itself (-1) */
START_TEST(pick_gap)
{
    uint8_t remain[80];
    uint32_t rng = 13;
    for (int round = 0; round < 4; round++)
        for (int nt = 0; nt <= 80; nt++)
            for (int lo = 0; lo <= nt; lo += 16)
                for (int hi = lo; hi <= nt; hi += 16) {
                    int total = 0;
                    for (int t = 0; t < 80; t++) {
                        rng = rng * 1103515245u + 12345u;
                        remain[t] = t >= lo && t < hi ? 0
                                    : (uint8_t)((rng >> 16) % (round % 2 ? 41u : 4u));
                        if (t < nt) total += remain[t];
                    }
                    int r = 0; /* every r falls on the type whose counts it walks */
                    for (int t = 0; t < nt; t++)
                        for (int c = 0; c < remain[t]; c++, r++)
                            ck_assert_int_eq(carc__pick_gap(remain, nt, r, lo, hi), t);
                    ck_assert_int_eq(r, total);
                    ck_assert_int_eq(carc__pick_gap(remain, nt, total, lo, hi), -1);
                }
}
END_TEST

/* The pile's gap (carc_game.gap_lo, gap_hi, DRAW_GAP in draw_odd; setup.c
 * draw_gap): in a game of the module alone it lies between base's types and
 * the dragon set's, every count in it 0 and a type with tiles after it;
 * base's game has none (its types come first).  Games of the module alone,
 * with the Tower, with every module, each played twice from the same seed,
 * the second with DRAW_GAP taken away (the pile walked from type 0):
 * the same draws, equal games.  A count forged into the gap, DRAW_GAP
 * forged, an empty gap (gap_hi forged to gap_lo), or DRAW_VETOES not
 * hooks_drawable's: refused by the check; a
 * tile put back into the gap clears DRAW_GAP. */
START_TEST(draw_gap_same_draws)
{
    static int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
    {
        carc_options o;
        carc_options_init(&o);
        carc_game *g;
        ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
        ck_assert_uint_eq(g->draw_odd, 0);
        carc_game_free(g);
    }
    for (int k = 0; k < 12; k++) {
        const carc_options o = quiet_options(k, 101);
        carc_game *a, *b;
        ck_assert_int_eq(carc_game_new(&a, &o), CARC_OK);
        ck_assert_int_eq(carc_game_new(&b, &o), CARC_OK);
        if (k % 3 == 0) {
            ck_assert(a->draw_odd & DRAW_GAP);
            ck_assert_int_lt(a->gap_lo, a->gap_hi);
        }
        if (a->draw_odd & DRAW_GAP) {
            int after = 0;
            for (int t = 0; t < carc__ntypes; t++) {
                if (t >= a->gap_lo && t < a->gap_hi) ck_assert_int_eq(CREMAIN(a)[t], 0);
                if (t >= a->gap_hi) after += CREMAIN(a)[t];
            }
            ck_assert_int_gt(after, 0);
        }
        b->draw_odd &= (uint8_t)~DRAW_GAP;
        uint32_t rng = 9u + (uint32_t)k;
        for (int step = 0; !carc_game_is_terminal(a); step++) {
            if (carc_game_current_player(a) == CARC_PLAYER_CHANCE) {
                ck_assert_int_eq(carc_game_sample_chance(a, NULL), CARC_OK);
                ck_assert_int_eq(carc_game_sample_chance(b, NULL), CARC_OK);
            } else {
                size_t n;
                ck_assert_int_eq(carc_game_legal_ids(a, ids, CARC_NUM_DISTINCT_ACTIONS, &n),
                                 CARC_OK);
                ck_assert_uint_gt(n, 0);
                rng = rng * 1103515245u + 12345u;
                ck_assert_int_eq(carc_game_apply_id(a, ids[(rng >> 8) % n]), CARC_OK);
                ck_assert_int_eq(carc_game_apply_id(b, ids[(rng >> 8) % n]), CARC_OK);
            }
            if (step % 50 != 0 || !(a->draw_odd & DRAW_GAP)) continue;
            ck_assert(carc__state_check(a));
            carc_game *h;
            ck_assert_int_eq(carc_game_clone(&h, a), CARC_OK);
            REMAIN(h)[h->gap_lo + step % (h->gap_hi - h->gap_lo)]++;
            h->total_remaining++;
            ck_assert(!carc__state_check(h));
            ck_assert_int_eq(carc_game_copy(h, a), CARC_OK);
            h->draw_odd ^= DRAW_VETOES;
            ck_assert(!carc__state_check(h));
            ck_assert_int_eq(carc_game_copy(h, a), CARC_OK);
            h->draw_odd |= 4;
            ck_assert(!carc__state_check(h));
            ck_assert_int_eq(carc_game_copy(h, a), CARC_OK);
            h->gap_hi = h->gap_lo;
            ck_assert(!carc__state_check(h));
            ck_assert_int_eq(carc_game_copy(h, a), CARC_OK);
            ck_assert_int_eq(carc__pile_put_back(h, h->gap_hi - 1), CARC_OK);
            ck_assert(!(h->draw_odd & DRAW_GAP));
            ck_assert(carc__state_check(h));
            carc_game_free(h);
        }
        ck_assert(carc_game_is_terminal(b));
        b->draw_odd = a->draw_odd;
        ck_assert_msg(carc__state_equal(a, b), "game %d: the draws differ", k);
        carc_game_free(a);
        carc_game_free(b);
    }
}
END_TEST

/* The flight's end: a flight whose step was taken over (PD_FLIGHT_OVER,
 * step_apply) is ended by the hook called next (flight, without the
 * dragon's tile looked up), so no flight is on at any draw: games of the
 * module alone, with the Tower, with every module (flights' steps
 * seen). */
START_TEST(flight_over_ends)
{
    static int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
    long draws = 0, flights = 0;
    for (int k = 0; k < 9; k++) {
        const carc_options o = quiet_options(k, 301);
        carc_game *g;
        ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
        uint32_t rng = 17u + (uint32_t)k;
        while (!carc_game_is_terminal(g)) {
            if (carc_game_current_player(g) == CARC_PLAYER_CHANCE) {
                if (carc__front(g)->kind == CARC_DECISION_DRAW) {
                    ck_assert_int_eq(pd(g)->flight, 0);
                    draws++;
                }
                ck_assert_int_eq(carc_game_sample_chance(g, NULL), CARC_OK);
                continue;
            }
            if (pd(g)->flight) flights++; /* a step of a flight */
            random_step(g, ids, &rng);
        }
        carc_game_free(g);
    }
    ck_assert_int_gt(draws, 500);
    ck_assert_int_gt(flights, 10);
}
END_TEST

/* The fairy's list of followers (DEC_FAIRY, ids only) into a sink of every
 * cap from 0 to 130 past its length: the count needed is the list's, the
 * ids written are its first ones, nothing past the cap (the straight loop
 * with room for any two words' bits, fairy_targets' loop without), through
 * random games of the module alone, with the Tower, with every module. */
START_TEST(fairy_list_any_cap)
{
    static int32_t ids[CARC_NUM_DISTINCT_ACTIONS], full[CARC_NUM_DISTINCT_ACTIONS];
    long lists = 0, long_ones = 0;
    for (int k = 0; k < 3; k++) {
        const carc_options o = quiet_options(k, 330);
        carc_game *g;
        ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
        uint32_t rng = 57u + (uint32_t)k;
        while (!carc_game_is_terminal(g)) {
            if (sample_if_chance(g)) continue;
            const carc_pending *p = carc__front(g);
            if (p->owner == CARC_MODULE_PRINCESS_DRAGON &&
                p->kind == CARC_MODULE_KIND(CARC_MODULE_PRINCESS_DRAGON, 1)) {
                size_t n, m;
                ck_assert_int_eq(carc_game_legal_ids(g, full, CARC_NUM_DISTINCT_ACTIONS, &n),
                                 CARC_OK);
                for (size_t i = 1; i < n; i++) ck_assert_int_lt(full[i - 1], full[i]);
                for (size_t cap = 0; cap <= n + 130; cap++) {
                    for (size_t i = 0; i <= cap && i < CARC_NUM_DISTINCT_ACTIONS; i++)
                        ids[i] = -7;
                    const int rc = carc_game_legal_ids(g, cap ? ids : NULL, cap, &m);
                    ck_assert_int_eq(rc, cap < n ? CARC_E_BUFFER : CARC_OK);
                    ck_assert_uint_eq(m, n);
                    for (size_t i = 0; i < cap && i < n; i++) ck_assert_int_eq(ids[i], full[i]);
                    for (size_t i = n < cap ? n : cap; i <= cap; i++) ck_assert_int_eq(ids[i], -7);
                }
                lists++;
                long_ones += n > 1;
            }
            random_step(g, ids, &rng);
        }
        carc_game_free(g);
    }
    ck_assert_int_gt(lists, 30);
    ck_assert_int_gt(long_ones, 10);
}
END_TEST

/* The princess's verb at the turn's own deployment (pd_princess 1) against
 * the rule walked figure by figure: listed exactly when the tile just laid
 * has a princess segment whose city holds a knight, a player's follower on
 * one of its segments (princess_root reads the city's owners instead) --
 * the module alone, with the Tower, with every module, 2 to 4 players */
START_TEST(princess_verb_by_walk)
{
    static int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
    const int32_t verb = CARC_VERB_ID(CARC_MODULE_PRINCESS_DRAGON, 1);
    long with = 0, without = 0;
    for (int k = 0; k < 3; k++)
        for (uint64_t seed = 0; seed < 12; seed++) {
            const carc_options o = quiet_options(k, 700 + seed * 5);
            carc_game *g;
            ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
            const uint32_t tag = carc__segment_tag_bit("princess");
            uint32_t rng = 91u + (uint32_t)seed;
            while (!carc_game_is_terminal(g)) {
                if (sample_if_chance(g)) continue;
                const carc_pending *p = carc__front(g);
                const int t = p->target;
                if (p->kind == CARC_DECISION_DEPLOY && !(p->flags & CARC_PENDING_QUEUED_DEPLOY) &&
                    t >= 0 && !pd(g)->princess_done && pd(g)->rule_princess == 1) {
                    const tile_type *ty = &carc__types[carc__tile_type(g, t)];
                    bool knight = false;
                    for (int s = 0; s < ty->nseg && !knight; s++) {
                        if (!(ty->seg[s].tags & tag)) continue;
                        const int root = carc__segment_root(g, t, s);
                        for (int i = 0; root >= 0 && i < carc__figure_count(g) && !knight; i++) {
                            carc_fig f;
                            carc__figure_get(g, i, &f);
                            knight = f.owner >= 0 && f.where == CARC_PLACE_SEGMENT &&
                                     (carc__figure_kind_classes(g, f.kind) & CARC_CLASS_FOLLOWER) &&
                                     carc__segment_root(g, f.tile, f.segment) == root;
                        }
                    }
                    size_t n;
                    ck_assert_int_eq(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &n),
                                     CARC_OK);
                    bool listed = false;
                    for (size_t i = 0; i < n; i++) listed |= ids[i] == verb;
                    ck_assert_msg(listed == knight, "set %d seed %d turn %d: verb %d, knight %d", k,
                                  (int)seed, (int)carc_game_turn(g), listed, knight);
                    if (ty->seg_tags & tag) {
                        with += knight;
                        without += !knight;
                    }
                }
                random_step(g, ids, &rng);
            }
            carc_game_free(g);
        }
    ck_assert_int_gt(with, 10);
    ck_assert_int_gt(without, 10);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("princess_dragon");
    TCase *tc = tcase_create("tiles");
    tcase_add_test(tc, inventory);
    tcase_add_test(tc, counts_masked);
    tcase_add_test(tc, pick_masked);
    tcase_add_test(tc, pick_gap);
    tcase_add_loop_test(tc, tiles_all_rotations, 0, NROWS);
    suite_add_tcase(s, tc);
    tc = tcase_create("rules");
    tcase_add_test(tc, flight_positions);
    tcase_add_test(tc, fairy_protects_its_tile);
    tcase_add_test(tc, refusals_explained);
    tcase_add_test(tc, dragon_tiles_wait);
    tcase_add_test(tc, enabled_alone_and_with_all);
    tcase_add_test(tc, fairy_follower_public);
    tcase_add_test(tc, feature_scored_occupied_holds);
    tcase_add_test(tc, draw_gap_same_draws);
    tcase_add_test(tc, flight_over_ends);
    tcase_add_test(tc, other_figures_range);
    tcase_add_test(tc, action_legal_matches_lists);
    tcase_add_test(tc, figures_on_tile_agrees_with_tile_figures);
    tcase_add_test(tc, flight_path_in_svg);
    tcase_add_test(tc, rule_bytes_checked);
    tcase_add_test(tc, move_offer_quiet_agrees);
    tcase_add_test(tc, attach_quiet_agrees);
    tcase_add_test(tc, home_quiet_agrees);
    tcase_add_test(tc, eat_attached_kept);
    tcase_add_test(tc, ids_checked_agrees);
    tcase_add_test(tc, fairy_list_any_cap);
    tcase_add_test(tc, princess_verb_by_walk);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
