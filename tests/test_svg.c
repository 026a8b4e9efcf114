/* The SVG board picture: a known game renders the expected elements, the
 * document is well formed (checked again by an XML parser in svg_xml.py). */
#include <carcvar/carcvar.h>
#include <check.h>

#include "random_step.h"
#include "run_suite.h"
#include "view_records.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle)) n++;
    return n;
}

static char *svg_of(const carc_game *g)
{
    size_t need = 0;
    ck_assert_int_eq(carc_game_board_svg(g, NULL, 0, &need), CARC_E_BUFFER);
    char *buf = malloc(need);
    ck_assert_int_eq(carc_game_board_svg(g, buf, need, &need), CARC_OK);
    ck_assert_uint_eq(strlen(buf) + 1, need);
    return buf;
}

START_TEST(known_game)
{
    /* Start D, an A (monastery) south of it with a monk, a U west of it
     * with a thief. */
    const char rec[] = "carcvar-record 1\nplayers 2\n"
                       "draw A\nplace 0,1 r0\ndeploy follower monastery\n"
                       "draw U\nplace -1,0 r1\ndeploy follower road E\n";
    carc_game *g = view_replay(rec);
    char *svg = svg_of(g);
    ck_assert_ptr_nonnull(strstr(svg, "<svg xmlns=\"http://www.w3.org/2000/svg\""));
    ck_assert_int_eq(count(svg, "class=\"tile\""), 3);
    ck_assert_int_eq(count(svg, "data-name=\"A\""), 1);
    ck_assert_int_eq(count(svg, "data-name=\"D\""), 1);
    ck_assert_int_eq(count(svg, "data-name=\"U\""), 1);
    ck_assert_int_eq(count(svg, "class=\"monastery\""), 1);
    ck_assert_int_eq(count(svg, "class=\"city\""), 1);   /* the start tile's */
    ck_assert_int_eq(count(svg, "class=\"wall\""), 1);
    ck_assert_int_eq(count(svg, "class=\"road\""), 3);   /* D, A, U */
    ck_assert_int_eq(count(svg, "class=\"pennant\""), 0);
    /* figures by role, in their player's colour and with their number */
    ck_assert_int_eq(count(svg, "class=\"figure "), 2);
    ck_assert_int_eq(count(svg, "class=\"figure follower monk\" data-player=\"0\""), 1);
    ck_assert_int_eq(count(svg, "class=\"figure follower thief\" data-player=\"1\""), 1);
    ck_assert_ptr_nonnull(strstr(svg, "fill=\"#D55E00\""));
    ck_assert_ptr_nonnull(strstr(svg, "fill=\"#0072B2\""));
    /* the last tile is marked; the panel tells turn, tiles left, scores, supply */
    ck_assert_int_eq(count(svg, "class=\"last-tile\""), 1);
    ck_assert_ptr_nonnull(strstr(svg, "class=\"last-tile\" data-x=\"-1\" data-y=\"0\""));
    ck_assert_ptr_nonnull(strstr(svg, "Turn 3 &#183; 69 tiles left"));
    ck_assert_int_eq(count(svg, "class=\"score\""), 2);
    ck_assert_ptr_nonnull(strstr(svg, ">Player 0: 0 points"));
    ck_assert_int_eq(count(svg, "in supply: 6 followers<"), 2);
    ck_assert_int_eq(count(svg, "class=\"tokens\""), 0); /* no module owns tokens */
    /* axis labels: columns -1..0, rows 0..1 */
    ck_assert_ptr_nonnull(strstr(svg, "class=\"axis\""));
    ck_assert_int_eq(count(svg, "<g ") + count(svg, "<g>"), count(svg, "</g>"));
    ck_assert_ptr_nonnull(strstr(svg, "</svg>\n"));
    free(svg);
    carc_game_free(g);
}
END_TEST

START_TEST(scales)
{
    /* a viewBox and no fixed size: the picture fills whatever holds it */
    carc_options o;
    carc_options_init(&o);
    carc_game *g;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    char *svg = svg_of(g);
    char *root = strstr(svg, "<svg ");
    ck_assert_ptr_nonnull(root);
    char *gt = strchr(root, '>');
    *gt = 0;
    int w, h;
    const char *vb = strstr(root, "viewBox=\"0 0 ");
    ck_assert_ptr_nonnull(vb);
    ck_assert_int_eq(sscanf(vb, "viewBox=\"0 0 %d %d\"", &w, &h), 2);
    ck_assert_int_ge(w, 460);
    ck_assert_int_gt(h, 60);
    ck_assert_ptr_null(strstr(root, " width="));
    ck_assert_ptr_null(strstr(root, " height="));
    ck_assert_int_eq(count(gt + 1, "class=\"last-tile\""), 0); /* only the start tile */
    free(svg);
    carc_game_free(g);
}
END_TEST

static const char *role_of(int feature)
{
    static const char *const r[] = {"thief", "knight", "monk", "farmer"};
    return feature >= 0 && feature < 4 ? r[feature] : "?";
}

START_TEST(pennants_roles_and_end)
{
    carc_options o;
    carc_options_init(&o);
    o.seed = 11;
    o.num_players = 4;
    carc_game *g;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    int step = 0;
    while (!carc_game_is_terminal(g)) {
        if (carc_game_current_player(g) == CARC_PLAYER_CHANCE) {
            carc_game_sample_chance(g, NULL);
        } else {
            int32_t ids[4200];
            size_t n;
            carc_game_legal_ids(g, ids, 4200, &n);
            /* deploy whenever possible, on varied segments */
            carc_game_apply_id(g, ids[(n - 1 + (size_t)step++ * 7) % n]);
        }
    }
    char *svg = svg_of(g);
    ck_assert_int_eq(count(svg, "class=\"tile\""), carc_game_tile_count(g));
    ck_assert_int_eq(count(svg, "class=\"pennant\""), 10); /* all 72 tiles are out */
    ck_assert_int_eq(count(svg, "class=\"monastery\""), 6); /* A x2 + B x4 */
    ck_assert_ptr_nonnull(strstr(svg, "Game over after turn"));
    /* every figure on the board is drawn in the role of its feature, in its
     * player's glyph */
    carc_figure figs[64];
    size_t nf;
    ck_assert_int_eq(carc_game_figures(g, figs, 64, &nf), CARC_OK);
    int expect[4][CARC_MAX_PLAYERS] = {{0}}, on_board = 0;
    for (size_t i = 0; i < nf; i++) {
        if (figs[i].where != CARC_WHERE_BOARD) continue;
        carc_feature_info fi;
        ck_assert_int_eq(carc_game_feature(g, figs[i].x, figs[i].y, figs[i].segment, &fi), CARC_OK);
        expect[fi.kind][figs[i].owner]++;
        on_board++;
    }
    ck_assert_int_gt(on_board, 4);
    int kinds_seen = 0;
    for (int k = 0; k < 4; k++) {
        int any = 0;
        for (int p = 0; p < 4; p++) {
            char needle[96];
            snprintf(needle, sizeof needle, "class=\"figure follower %s\" data-player=\"%d\"",
                     role_of(k), p);
            ck_assert_msg(count(svg, needle) == expect[k][p], "%s: %d, expected %d", needle,
                          count(svg, needle), expect[k][p]);
            any |= expect[k][p] > 0;
        }
        kinds_seen += any;
    }
    ck_assert_int_ge(kinds_seen, 3); /* the game really shows several roles */
    ck_assert_int_eq(count(svg, "class=\"figure "), on_board);
    ck_assert_int_eq(count(svg, "class=\"score\""), 4);
    ck_assert_int_eq(count(svg, "<g ") + count(svg, "<g>"), count(svg, "</g>"));
    free(svg);
    char small[8];
    size_t need;
    ck_assert_int_eq(carc_game_board_svg(g, small, sizeof small, &need), CARC_E_BUFFER);
    ck_assert_int_eq(carc_game_board_svg(NULL, small, sizeof small, &need), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_board_svg(g, NULL, 5, &need), CARC_E_INVALID);
    carc_game_free(g);
}
END_TEST

START_TEST(replay_page)
{
    /* the known game: 6 steps; tiles appear at the step that placed them,
     * each figure once for its stay */
    const char rec[] = "carcvar-record 1\nplayers 2\n"
                       "draw A\nplace 0,1 r0\ndeploy follower monastery\n"
                       "draw U\nplace -1,0 r1\ndeploy follower road E\n";
    size_t need = 0;
    carc_record_error err;
    ck_assert_int_eq(carc_record_html(rec, sizeof rec - 1, NULL, 0, &need, &err), CARC_E_BUFFER);
    char *page = malloc(need);
    ck_assert_int_eq(carc_record_html(rec, sizeof rec - 1, page, need, &need, &err), CARC_OK);
    ck_assert_uint_eq(strlen(page) + 1, need);
    ck_assert_int_eq(err.code, 0);
    ck_assert_ptr_nonnull(strstr(page, "<!DOCTYPE html>"));
    ck_assert_int_eq(count(page, "class=\"tile\""), 3);
    ck_assert_int_eq(count(page, "class=\"tile\" data-name=\"D\" data-x=\"0\" data-y=\"0\" "
                                 "data-rotation=\"0\" data-step=\"0\""), 1);
    ck_assert_int_eq(count(page, "data-name=\"A\" data-x=\"0\" data-y=\"1\" data-rotation=\"0\" "
                                 "data-step=\"2\""), 1);
    ck_assert_int_eq(count(page, "data-name=\"U\" data-x=\"-1\" data-y=\"0\" data-rotation=\"1\" "
                                 "data-step=\"5\""), 1);
    ck_assert_int_eq(count(page, "<g class=\"span\" data-from=\"3\" data-to=\"7\">"
                                 "<g class=\"figure follower monk\" data-player=\"0\""), 1);
    ck_assert_int_eq(count(page, "<g class=\"span\" data-from=\"6\" data-to=\"7\">"
                                 "<g class=\"figure follower thief\" data-player=\"1\""), 1);
    ck_assert_int_eq(count(page, "<li data-step="), 7); /* start + 6 lines */
    ck_assert_ptr_nonnull(strstr(page, "<span class=\"act\">deploy follower road E</span>"));
    ck_assert_ptr_null(strstr(page, " src="));
    ck_assert_ptr_null(strstr(page, " href="));
    /* too small a buffer: CARC_E_BUFFER and the size */
    size_t need2 = 0;
    ck_assert_int_eq(carc_record_html(rec, sizeof rec - 1, page, need - 1, &need2, NULL),
                     CARC_E_BUFFER);
    ck_assert_uint_eq(need2, need);
    free(page);
    /* a record that does not replay: its error, line and message */
    const char bad[] = "carcvar-record 1\nplayers 2\ndraw A\nplace 5,5 r0\n";
    ck_assert_int_eq(carc_record_html(bad, sizeof bad - 1, NULL, 0, &need, &err), CARC_E_ILLEGAL);
    ck_assert_int_eq(err.line, 4);
    ck_assert_int_eq(err.code, CARC_E_ILLEGAL);
    ck_assert_int_eq(carc_record_html("x", 1, NULL, 0, &need, &err), CARC_E_PARSE);
    ck_assert_int_eq(carc_record_html(NULL, 3, NULL, 0, &need, &err), CARC_E_INVALID);
    ck_assert_int_eq(carc_record_html(rec, sizeof rec - 1, NULL, 5, &need, &err), CARC_E_INVALID);
}
END_TEST


static char *page_of(const char *rec, size_t len)
{
    size_t need = 0;
    carc_record_error err;
    ck_assert_int_eq(carc_record_html(rec, len, NULL, 0, &need, &err), CARC_E_BUFFER);
    char *page = malloc(need);
    ck_assert_ptr_nonnull(page);
    ck_assert_msg(carc_record_html(rec, len, page, need, &need, &err) == CARC_OK, "%d: %s",
                  err.line, err.message);
    return page;
}

/* A record with a host's setup (version 3; tests/scenarios/
 * host_bag_first_player.rec): every step is rebuilt with player 1 first
 * and the chosen four-tile bag, so the tiles left, the player to act and
 * the scores of each step are the game's, and it ends with the bag. */
START_TEST(replay_page_host_setup)
{
    const char rec[] = "carcvar-record 3\nplayers 2\nseed 1\nmodules base\nfirst-player 1\n"
                       "bag C=1 E=1 U=2\n"
                       "draw E\nplace 0,-1 r2\ndeploy follower city S\n"
                       "draw C\ndraw U\nplace 1,0 r1\ndeploy follower road W\n"
                       "draw U\nplace -1,0 r1\npass\n";
    char *page = page_of(rec, sizeof rec - 1);
    ck_assert_ptr_nonnull(strstr(page, "var REPLAY={players:2,over:true,"));
    ck_assert_ptr_nonnull(strstr(page, "final:[3,4],words:[[\"follower\",\"followers\"]],"
                                       "bounds:[[0,0,0,0],"));
    ck_assert_ptr_nonnull(strstr(page, "],[-1,1,-1,0],[-1,1,-1,0],],steps:[\n"));
    /* [turn, tiles left, to act, last tile, scores, followers in supply] */
    static const char *const steps[] = {
        "[1,4,-1,null,[0,0],[[7],[7]],[[],[]]],\n",      /* 0: the bag of four  */
        "[1,3,1,null,[0,0],[[7],[7]],[[],[]]],\n",       /* 1: E drawn, P1 next */
        "[2,3,-1,[0,-1],[0,4],[[7],[7]],[[],[]]],\n",    /* 3: P1's city, 4     */
        "[2,1,0,[0,-1],[0,4],[[7],[7]],[[],[]]],\n",     /* 5: C set aside      */
        "[3,1,-1,[1,0],[0,4],[[6],[7]],[[],[]]],\n",     /* 7: P0's thief       */
        "[3,0,-4,[-1,0],[0,4],[[6],[7]],[[],[]]],\n",    /* 10: the last move   */
        "[3,0,-4,[-1,0],[3,4],[[6],[7]],[[],[]]],\n]};", /* 11: the end, road 3 */
    };
    const char *at = strstr(page, "steps:[\n");
    for (size_t k = 0; k < sizeof steps / sizeof steps[0]; k++) {
        const char *next = strstr(at, steps[k]);
        ck_assert_msg(next != NULL, "step line %zu missing: %s", k, steps[k]);
        at = next;
    }
    /* the end-of-game scoring is a step of its own (issue 34) */
    ck_assert_int_eq(count(strstr(page, "steps:[\n"), "]],\n"), 12);
    ck_assert_ptr_nonnull(strstr(page, "<li data-step=\"11\" class=\"end\"><span class=\"turn\">3"
                                       "</span><span class=\"who end\">&#8721;</span><span "
                                       "class=\"act\">end of game: final scoring</span><span "
                                       "class=\"ev\" style=\"border-color:#D55E00\">P0 +3 road "
                                       "(end)</span></li>"));
    /* no module owns tokens: no tokens column, no token names */
    ck_assert_ptr_nonnull(strstr(page, "kinds:[\"follower\"],tokens:[],final:"));
    ck_assert_ptr_null(strstr(page, "<th>tokens</th>"));
    /* the move list: player 1 plays first; the road scores at the end */
    ck_assert_ptr_nonnull(strstr(page, "<li data-step=\"2\"><span class=\"turn\">1</span>"
                                       "<span class=\"who\" style=\"background:#0072B2;"
                                       "color:#fff\">P1</span>"));
    ck_assert_int_eq(count(page, ">P1 +4 city</span>"), 1);
    /* C fits nowhere: the move list says so, as the record's comment does */
    ck_assert_int_eq(count(page, "class=\"aside\""), 1);
    ck_assert_ptr_nonnull(strstr(page, "<span class=\"act\">draw C</span><span class=\"aside\">"
                                       "fits nowhere: set aside</span></li>"));
    ck_assert_int_eq(count(page, ">P0 +3 road (end)</span>"), 1);
    /* the breakdown: P0 3 (road, at the end), P1 4 (city) */
    const char *bd = strstr(page, "<section id=\"breakdown\"");
    ck_assert_ptr_nonnull(bd);
    ck_assert_ptr_nonnull(strstr(bd, "P0</span></td><td class=\"num\">0</td><td class=\"num\">3"
                                     "</td><td class=\"num\">3</td><td class=\"num final\">3"));
    ck_assert_ptr_nonnull(strstr(bd, "P1</span></td><td class=\"num\">4</td><td class=\"num\">0"
                                     "</td><td class=\"num\">0</td><td class=\"num final\">4"));
    free(page);
}
END_TEST

/* Traders & Builders' goods majorities (tests/scenarios/
 * tb_goods_three_kinds_end.rec): each good its own breakdown column named
 * by its reason, counted in the points at the end; the move list names
 * them. */
START_TEST(replay_page_goods)
{
    const char rec[] = "carcvar-record 3\nplayers 2\nseed 1\nmodules base,traders_builders\n"
                       "first-player 1\nbag E=1 TB_Cc_w=1 TB_CRc_g=1 TB_CcR_c=1\n"
                       "draw TB_Cc_w\nplace 0,-1 r2\ndeploy follower city E\n"
                       "draw TB_CRc_g\nplace 1,-1 r0\npass\n"
                       "draw TB_CcR_c\nplace 2,-1 r3\npass\n"
                       "draw E\nplace 2,0 r0\npass\n";
    char *page = page_of(rec, sizeof rec - 1);
    ck_assert_ptr_nonnull(strstr(page, "kinds:[\"follower\",\"builder\",\"pig\"],"
                                       "tokens:[\"wine\",\"grain\",\"cloth\"],"
                                       "final:[30,10],words:[[\"follower\",\"followers\"],"
                                       "[\"builder\",\"builders\"],[\"pig\",\"pigs\"]],"
                                       "bounds:["));
    /* every step has the goods per player: none until the city closes, then
     * 1 of each for player 0 (the supply: builder and pig beside followers) */
    ck_assert_ptr_nonnull(strstr(page, "\n[1,4,-1,null,[0,0],[[7,1,1],[7,1,1]],"
                                       "[[0,0,0],[0,0,0]]],\n"));
    ck_assert_ptr_nonnull(strstr(page, "\n[4,0,0,[2,0],[0,0],[[7,1,1],[6,1,1]],"
                                       "[[0,0,0],[0,0,0]]],\n"));
    ck_assert_ptr_nonnull(strstr(page, "\n[4,0,-4,[2,0],[0,10],[[7,1,1],[7,1,1]],"
                                       "[[1,1,1],[0,0,0]]],\n[4,0,-4,[2,0],[30,10],[[7,1,1],"
                                       "[7,1,1]],[[1,1,1],[0,0,0]]],\n]};"));
    ck_assert_ptr_nonnull(strstr(page, "<th>in supply</th><th>tokens</th>"));
    ck_assert_int_eq(count(page, "<td class=\"tokens\"></td>"), 2);
    ck_assert_int_eq(count(page, ">P1 +10 city</span>"), 1);
    ck_assert_int_eq(count(page, ">P0 +10 most wine (end)</span>"), 1);
    ck_assert_int_eq(count(page, ">P0 +10 most grain (end)</span>"), 1);
    ck_assert_int_eq(count(page, ">P0 +10 most cloth (end)</span>"), 1);
    const char *bd = strstr(page, "<section id=\"breakdown\"");
    ck_assert_ptr_nonnull(bd);
    ck_assert_ptr_nonnull(strstr(bd, "<th>player</th><th class=\"num\">city</th>"
                                     "<th class=\"num\">most wine</th><th class=\"num\">most "
                                     "grain</th><th class=\"num\">most cloth</th>"
                                     "<th class=\"num\">of which at the end</th>"));
    ck_assert_ptr_nonnull(strstr(bd, "P0</span></td><td class=\"num\">0</td><td class=\"num\">10"
                                     "</td><td class=\"num\">10</td><td class=\"num\">10</td>"
                                     "<td class=\"num\">30</td><td class=\"num final\">30"));
    ck_assert_ptr_nonnull(strstr(bd, "P1</span></td><td class=\"num\">10</td><td class=\"num\">0"
                                     "</td><td class=\"num\">0</td><td class=\"num\">0</td>"
                                     "<td class=\"num\">0</td><td class=\"num final\">10"));
    free(page);
}
END_TEST


/* The panel of a Traders & Builders game: each player's supply of every
 * figure kind it has (followers, builder, pig) and the goods it holds;
 * kinds with no token are left out, a player with none has no tokens line. */
START_TEST(panel_tokens_and_figures)
{
    const char rec[] = "carcvar-record 3\nplayers 2\nseed 1\nmodules base,traders_builders\n"
                       "first-player 1\nbag E=1 TB_Cc_w=1 TB_CRc_g=1 TB_CcR_c=1\n"
                       "draw TB_Cc_w\nplace 0,-1 r2\ndeploy follower city E\n"
                       "draw TB_CRc_g\nplace 1,-1 r0\npass\n"
                       "draw TB_CcR_c\nplace 2,-1 r3\npass\n"
                       "draw E\nplace 2,0 r0\n";
    carc_game *g = view_replay(rec);
    /* before the deployment step: p1's knight on the city, no goods yet */
    char *svg = svg_of(g);
    ck_assert_int_eq(count(svg, "class=\"tokens\""), 0);
    ck_assert_ptr_nonnull(strstr(svg, "<text class=\"supply\" data-player=\"0\" x=\"230\" "
                                      "y=\"51\">in supply: 7 followers, 1 builder, 1 pig</text>"));
    ck_assert_ptr_nonnull(strstr(svg, "<text class=\"supply\" data-player=\"1\" x=\"230\" "
                                      "y=\"77\">in supply: 6 followers, 1 builder, 1 pig</text>"));
    free(svg);
    /* p0 passes: the city closes, p0 takes 1 wine, 1 grain and 1 cloth */
    carc_action a;
    ck_assert_int_eq(carc_action_from_string(g, "pass", &a), CARC_OK);
    ck_assert_int_eq(carc_game_apply(g, &a), CARC_OK);
    ck_assert_int_eq(carc_game_tokens(g, 0, CARC_TOKEN_CLOTH), 1);
    svg = svg_of(g);
    ck_assert_int_eq(count(svg, "class=\"tokens\""), 1);
    ck_assert_ptr_nonnull(strstr(svg, "<text class=\"tokens\" data-player=\"0\" x=\"525\" "
                                      "y=\"51\">tokens: 1 wine, 1 grain, 1 cloth</text>"));
    ck_assert_ptr_nonnull(strstr(svg, "in supply: 7 followers, 1 builder, 1 pig</text>"));
    /* the picture is wide enough for the tokens line (7 units a character) */
    ck_assert_ptr_nonnull(strstr(svg, "viewBox=\"0 0 766 "));
    free(svg);
    carc_game_free(g);
}
END_TEST
/* A whole seeded game with every module of this build, each player taking
 * the last legal action. */
static carc_game *all_modules_game(uint64_t seed)
{
    carc_options o;
    carc_options_init(&o);
    o.seed = seed;
    const char *mods[] = {"inns_cathedrals", "traders_builders", "abbey_mayor",
                          "bridges_castles", "big_top"};
    for (size_t i = 0; i < sizeof mods / sizeof mods[0]; i++) {
        int m = carc_module_by_name(mods[i]);
        ck_assert_int_ge(m, 0);
        o.modules |= 1ull << m;
    }
    carc_game *g;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    while (!carc_game_is_terminal(g)) {
        if (sample_if_chance(g)) continue;
        static carc_action acts[8192];
        size_t n = 0;
        ck_assert_int_eq(carc_game_legal_actions(g, acts, 8192, &n), CARC_OK);
        ck_assert_uint_gt(n, 0);
        ck_assert_int_eq(carc_game_apply(g, &acts[n - 1]), CARC_OK);
    }
    return g;
}

/* The text of the first element starting with `open` (up to "</text>"),
 * "&#183;" counted as one character; its length, -1 if none. */
static int text_after(const char *svg, const char *open, char *out, size_t cap)
{
    const char *p = strstr(svg, open);
    if (!p) return -1;
    p += strlen(open);
    const char *e = strstr(p, "</text>");
    size_t n = (size_t)(e - p);
    if (n >= cap) n = cap - 1;
    memcpy(out, p, n);
    out[n] = 0;
    return (int)n - count(out, "&#183;") * (int)(sizeof "&#183;" - 2);
}

/* Issue 34: the heading ("Game over after turn N · 0 tiles left") and the
 * revealed tokens ("out of the game: ...") on the panel's first line do not
 * overlap: the tokens start after the heading at 8 units a character of
 * 15-unit bold text (DejaVu Sans Bold measures 7.9 on this line) and a
 * gap. */
START_TEST(heading_and_revealed_tokens_apart)
{
    carc_game *g = all_modules_game(3);
    char *svg = svg_of(g);
    char head[128], rest[512];
    int len = text_after(svg, "<text class=\"head\" x=\"14\" y=\"24\">", head, sizeof head);
    ck_assert_msg(strncmp(head, "Game over after turn ", 21) == 0, "%s", head);
    ck_assert_int_ge(len, 39); /* "Game over after turn 1NN · 0 tiles left" */
    const char *r = strstr(svg, "<text class=\"revealed\" x=\"");
    ck_assert_ptr_nonnull(r);
    int x = atoi(r + strlen("<text class=\"revealed\" x=\""));
    ck_assert_msg(x >= 14 + 8 * len + 10, "revealed tokens at x=%d, the heading (%d characters: "
                  "%s) ends near %d", x, len, head, 14 + 8 * len);
    ck_assert_int_ge(text_after(svg, "y=\"24\">out of the game: ", rest, sizeof rest), 1);
    free(svg);
    carc_game_free(g);
}
END_TEST

/* Issue 34: expansion features and tags are symbols, not cut-off words
 * (the circus was "circu", the acrobat space "acrob", the bazaar "baza",
 * no_castle "no_c"), each named in full in a legend row; a tile tag its
 * tile's own space shows (@circus, @acrobats) is not drawn twice. */
START_TEST(expansion_symbols_and_their_legend)
{
    carc_game *g = all_modules_game(3);
    char *svg = svg_of(g);
    const char *cut[] = {">circu<", ">acrob<", ">baza<", ">no_c<", ">circ<", ">acro<"};
    for (size_t i = 0; i < sizeof cut / sizeof cut[0]; i++)
        ck_assert_msg(strstr(svg, cut[i]) == NULL, "%s drawn", cut[i]);
    /* no feature or tag group holds any text */
    const char *groups[] = {"<g class=\"feature-ext\"", "<g class=\"tag "};
    for (int k = 0; k < 2; k++)
        for (const char *p = strstr(svg, groups[k]); p; p = strstr(p + 1, groups[k])) {
            const char *end = strstr(p, "</g>"), *t = strstr(p, "<text");
            ck_assert_msg(!t || t > end, "text in %.80s", p);
        }
    /* the glyphs: a circus ring, an acrobat pyramid */
    ck_assert_int_gt(count(svg, "data-feature=\"circus\" transform"), 0);
    ck_assert_int_gt(count(svg, "data-feature=\"acrobat\" transform"), 0);
    /* the legend names every one of them in words */
    const char *legend = strstr(svg, "<g class=\"legend-ext\">");
    ck_assert_ptr_nonnull(legend);
    const char *words[] = {">circus</text>", ">acrobat space</text>", ">bazaar</text>",
                           ">no castle</text>", ">inn</text>", ">wine</text>"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        ck_assert_msg(strstr(legend, words[i]) != NULL, "legend lacks %s", words[i]);
    /* each circus tile: one circus glyph (its space), its tag only marked */
    int circus_tiles = count(svg, "class=\"tag tag-circus\"");
    ck_assert_int_gt(circus_tiles, 0);
    ck_assert_int_eq(count(svg, "<g class=\"feature-ext\" data-feature=\"circus\""),
                     circus_tiles);
    ck_assert_int_eq(count(svg, "data-tag=\"circus\" transform"), circus_tiles);
    free(svg);
    carc_game_free(g);

    /* a base game has no such row: its panel is as before */
    carc_options o;
    carc_options_init(&o);
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    svg = svg_of(g);
    ck_assert_ptr_null(strstr(svg, "legend-ext"));
    ck_assert_ptr_nonnull(strstr(svg, "height=\"110\" rx=\"6\""));
    free(svg);
    carc_game_free(g);
}
END_TEST

/* Issue 34: counts of figures in words, plural but for one ("5 follower"
 * was printed). */
START_TEST(supply_in_plural)
{
    carc_game *g = all_modules_game(5);
    char *svg = svg_of(g);
    for (const char *p = strstr(svg, "class=\"supply\""); p;
         p = strstr(p + 1, "class=\"supply\"")) {
        char line[512];
        text_after(p, ">", line, sizeof line);
        /* "N follower" only for N = 1, "1 followers" never */
        for (const char *q = strstr(line, " follower"); q; q = strstr(q + 1, " follower")) {
            const char *d = q;
            while (d > line && d[-1] >= '0' && d[-1] <= '9') d--;
            ck_assert_msg(d < q, "%s", line);
            int n = atoi(d), plural = q[9] == 's';
            ck_assert_msg(plural == (n != 1), "%s", line);
        }
        ck_assert_msg(!strstr(line, " big,") && !strstr(line, " big<"), "%s", line);
    }
    ck_assert_int_gt(count(svg, "big meeple"), 0);
    free(svg);
    carc_game_free(g);
}
END_TEST

/* Issue 34: score reasons in the move list and the breakdown by their
 * names in words (tests/scenarios/am_barn_joined_projection.rec: the
 * barn's field joined, "barn_joined" in records). */
START_TEST(replay_page_reason_words)
{
    const char rec[] =
                       "carcvar-record 2\n"
                       "players 2\n"
                       "seed 1\n"
                       "modules base,abbey_mayor\n"
                       "draw E\n"
                       "place 0,-1 r2\n"
                       "pass\n"
                       "draw U\n"
                       "place 1,0 r1\n"
                       "deploy follower field Nw\n"
                       "draw B\n"
                       "place 1,-1 r0\n"
                       "pass\n"
                       "draw U\n"
                       "place 2,0 r1\n"
                       "pass\n"
                       "draw B\n"
                       "place 2,-1 r0\n"
                       "barn sw\n"
                       "draw U\n"
                       "place -1,0 r1\n"
                       "deploy follower field Se\n"
                       "draw E\n"
                       "place 0,1 r2\n"
                       "pass\n"
                       "draw E\n"
                       "place 0,2 r0\n"
                       "pass\n"
                       "draw AM_R\n"
                       "place 3,0 r1\n"
                       "pass\n";
    char *page = page_of(rec, sizeof rec - 1);
    ck_assert_int_eq(count(page, ">P1 +2 barn, farmer joined (field)</span>"), 1);
    ck_assert_int_eq(count(page, "<th class=\"num\">barn, farmer joined</th>"), 1);
    ck_assert_ptr_null(strstr(page, "barn_joined"));
    free(page);
}
END_TEST

/* The structure at placed tile pt in *st (asserted); when it is a tower
 * (floors, or closed), the opening tag the picture draws for it in want
 * and true; else false. */
static bool tower_tag(const carc_game *g, const carc_placed_tile *pt, carc_structure *st,
                      char *want, size_t cap)
{
    ck_assert_int_eq(carc_game_structure(g, pt->x, pt->y, st), CARC_OK);
    if (st->kind != CARC_STRUCTURE_TOWER || (st->height == 0 && st->top < 0)) return false;
    snprintf(want, cap,
             "<g class=\"tower%s\" data-x=\"%d\" data-y=\"%d\" data-height=\"%d\" "
             "data-open=\"%d\">",
             st->top >= 0 ? " closed" : "", pt->x, pt->y, st->height, st->top < 0);
    return true;
}

/* Princess & Dragon, the Tower and the Count over random games: every
 * tower with floors (or a follower on top) drawn once as a stack of its
 * height with the number, open or closed as carc_game_structure says; the
 * dragon and the fairy as figures while on the board; the tags volcano,
 * dragon symbol, princess and magic portal as glyphs named in the legend
 * row; every figure in a City quarter drawn on the panel under its
 * quarter's name. */
START_TEST(dragon_towers_quarters)
{
    carc_options o;
    carc_options_init(&o);
    o.seed = 3;
    o.modules |= 1ull << carc_module_by_name("princess_dragon");
    o.modules |= 1ull << carc_module_by_name("tower");
    o.modules |= 1ull << carc_module_by_name("count");
    carc_game *g;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    /* at the start: the Count on the castle quarter, a panel row */
    char *svg = svg_of(g);
    const char *held = strstr(svg, "<g class=\"held-figures\" data-module=\"count\">");
    ck_assert_ptr_nonnull(held);
    ck_assert_ptr_nonnull(strstr(held, "data-place=\"castle\"><text"));
    ck_assert_ptr_nonnull(strstr(held, "<g class=\"held count\" data-player=\"-1\""));
    ck_assert_int_eq(count(svg, "data-tag=\"coc_inner\" transform"), 2);
    free(svg);
    uint64_t pick = 3;
    int towers = 0, dragon = 0, quarters = 0, closed = 0;
    while (!carc_game_is_terminal(g)) {
        if (sample_if_chance(g)) continue;
        svg = svg_of(g);
        int nt = 0;
        carc_placed_tile pt;
        for (int i = 0; carc_game_tile_by_order(g, i, &pt) == CARC_OK; i++) {
            carc_structure st;
            char want[160];
            if (!tower_tag(g, &pt, &st, want, sizeof want)) continue;
            const char *p = strstr(svg, want);
            ck_assert_msg(p, "no %s", want);
            char num[80];
            snprintf(num, sizeof num, "font-weight=\"bold\" text-anchor=\"middle\">%d</text>",
                     st.height);
            const char *end = strstr(p, "</g>");
            const char *n = strstr(p, num);
            ck_assert(n && n < end);
            ck_assert_int_eq(count(p, "<rect") - count(end, "<rect"),
                             st.height < 8 ? st.height : 8);
            nt++;
            closed += st.top >= 0;
        }
        ck_assert_int_eq(count(svg, "<g class=\"tower"), nt);
        towers += nt;
        carc_dragon_info d;
        ck_assert_int_eq(carc_game_dragon(g, &d), CARC_OK);
        ck_assert_int_eq(count(svg, "<g class=\"figure dragon\""), d.dragon_on_board);
        ck_assert_int_eq(count(svg, "<g class=\"figure fairy\""), d.fairy_on_board);
        dragon += d.dragon_on_board;
        carc_figure figs[256];
        size_t nf;
        ck_assert_int_eq(carc_game_figures(g, figs, 256, &nf), CARC_OK);
        int nheld = 0, nquarter = 0; /* prisoners too */
        for (size_t i = 0; i < nf && i < 256; i++) {
            nheld += figs[i].where == CARC_WHERE_HELD;
            nquarter += figs[i].where == CARC_WHERE_HELD &&
                        (figs[i].state >> 8) == CARC_MODULE_COUNT;
        }
        quarters += nquarter > 1;
        ck_assert_int_eq(count(svg, "<g class=\"held "), nheld);
        free(svg);
        carc_action acts[1024];
        size_t n;
        ck_assert_int_eq(carc_game_legal_actions(g, acts, 1024, &n), CARC_OK);
        pick = pick * 6364136223846793005ull + 1442695040888963407ull;
        ck_assert_int_eq(carc_game_apply(g, &acts[(pick >> 33) % n]), CARC_OK);
    }
    svg = svg_of(g);
    const char *legend = strstr(svg, "<g class=\"legend-ext\">");
    ck_assert_ptr_nonnull(legend);
    const char *words[] = {">volcano</text>", ">dragon symbol</text>", ">princess</text>",
                           ">magic portal</text>", ">tower foundation</text>",
                           ">inner City tile (no deployment)</text>"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        ck_assert_msg(strstr(legend, words[i]) != NULL, "legend lacks %s", words[i]);
    ck_assert_int_gt(count(svg, "data-tag=\"dragon\" transform"), 0);
    free(svg);
    ck_assert_int_gt(towers, 0);
    ck_assert_int_gt(closed, 0);
    ck_assert_int_gt(dragon, 0);
    (void)quarters;
    /* the replay viewer: each tower drawn for the steps it had that
     * height, the last drawing of each as the final board has it */
    size_t need = 0;
    ck_assert_int_eq(carc_game_write_record(g, NULL, 0, &need), CARC_E_BUFFER);
    char *rec = malloc(need);
    ck_assert_int_eq(carc_game_write_record(g, rec, need, &need), CARC_OK);
    char *page = page_of(rec, strlen(rec));
    int final_towers = 0, spans = count(page, "\"><g class=\"tower");
    carc_placed_tile pt;
    for (int i = 0; carc_game_tile_by_order(g, i, &pt) == CARC_OK; i++) {
        carc_structure st;
        char want[160];
        if (!tower_tag(g, &pt, &st, want, sizeof want)) continue;
        ck_assert_msg(strstr(page, want), "page lacks %s", want);
        final_towers++;
    }
    ck_assert_int_gt(spans, final_towers); /* towers grew: more than one drawing */
    /* the figures in the City's quarters at each step, under the status */
    ck_assert_ptr_nonnull(strstr(page, "<div id=\"heldfig\""));
    ck_assert_ptr_nonnull(strstr(page, ",\"held by count: castle: the count\"],"));
    ck_assert_int_eq(count(page, "<g class=\"tower"), spans);
    free(page);
    free(rec);
    carc_game_free(g);
}
END_TEST

/* The Dungeon beside the board (issue 33): its panel row lists the pieces
 * below by player, the dragon and the fairy there and the entrances, and
 * each entrance (a tower foundation) is marked on its tile. */
START_TEST(dungeon_row_and_entrances)
{
    carc_game *g = view_replay(dungeon_fairy_rec);
    carc_dungeon_info d;
    ck_assert_int_eq(carc_game_dungeon(g, &d), CARC_OK);
    ck_assert_int_eq(d.num_pieces, 1);
    ck_assert_int_eq(d.dragon_inside, 1);
    ck_assert_int_eq(d.fairy_piece, 7);
    char *svg = svg_of(g);
    const char *row = strstr(svg, "<g class=\"held-figures\" data-module=\"dungeon\">");
    ck_assert_ptr_nonnull(row);
    ck_assert_ptr_nonnull(strstr(row, "<text class=\"dungeon-summary\" data-pieces=\"1\" "
                                      "data-dragon=\"1\" data-fairy=\"7\" data-entrances=\"2\""));
    ck_assert_ptr_nonnull(strstr(row, ">below: player 0 0, player 1 1; the dragon inside; "
                                      "the fairy beside player 1's piece; 2 entrances</text>"));
    ck_assert_int_eq(count(svg, "<g class=\"dungeon-entrance\""), 2);
    ck_assert_ptr_nonnull(strstr(svg, "<g class=\"dungeon-entrance\" data-x=\"1\" data-y=\"1\">"));
    ck_assert_ptr_nonnull(strstr(svg, "<g class=\"dungeon-entrance\" data-x=\"-1\" data-y=\"1\">"));
    free(svg);
    /* a new game: an empty dungeon keeps its row */
    carc_game_free(g);
    carc_options o;
    carc_options_init(&o);
    o.modules |= 1ull << carc_module_by_name("dungeon");
    o.modules |= 1ull << carc_module_by_name("tower");
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    svg = svg_of(g);
    ck_assert_ptr_nonnull(strstr(svg, ">below: player 0 0, player 1 0; 0 entrances</text>"));
    ck_assert_int_eq(count(svg, "dungeon-entrance"), 0);
    free(svg);
    carc_game_free(g);
    /* no dungeon row without the module */
    carc_options_init(&o);
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    svg = svg_of(g);
    ck_assert_ptr_null(strstr(svg, "dungeon"));
    free(svg);
    carc_game_free(g);
}
END_TEST

/* The Catapult on the board (issue 31): the fair tile's glyph and legend,
 * the tokens each player holds, each token's resting point (board
 * millimetres) and the followers a knock-out sent home; a token off the map
 * said so.  tests/scenarios/cat_knockout_chain_model.rec: P1's token rests
 * at 45,26 mm and sends P0's road follower home, P0's at 45,27 mm. */
START_TEST(catapult_round_marks)
{
    carc_game *g = view_replay(CATAPULT_ROUND_REC);
    char *svg = svg_of(g);
    ck_assert_int_eq(count(svg, "data-tag=\"fair\" transform"), 1);
    ck_assert_ptr_nonnull(strstr(strstr(svg, "<g class=\"legend-ext\">"),
                                 ">fair (a catapult round)</text>"));
    ck_assert_ptr_nonnull(strstr(svg, "<g class=\"catapult-round\" data-kind=\"knock-out\" "
                                      "data-running=\"1\" data-fair-x=\"0\" data-fair-y=\"1\">"));
    ck_assert_int_eq(count(svg, "<g class=\"catapult-rest\""), 1);
    ck_assert_ptr_nonnull(strstr(svg, "<g class=\"catapult-rest\" data-player=\"1\" "
                                      "data-x-mm=\"45.0\" data-y-mm=\"26.0\" "
                                      "data-knocked-out=\"1\"><title>player 1's knock-out "
                                      "token at 45.0,26.0 mm, 1 follower knocked out</title>"));
    free(svg);
    carc_game_free(g);
    static const char off[] =
        "carcvar-record 4\nplayers 2\nseed 1\nmodules base traders_builders catapult\n"
        "bag B=3 CA_F=1\ndraw B\nplace 0,1 r0\ndeploy follower field Nw\ndraw B\n"
        "place -1,1 r0\npass\ndraw B\nplace 1,1 r0\ndeploy pig field Nw\ndraw CA_F\n"
        "place 0,2 r0\npass\ncatapult knockout\ncatapult aim 112\n"
        "outcome 0 : 1 32829 32829 15\ncatapult aim 112\noutcome 0 : 0\n";
    g = view_replay(off);
    svg = svg_of(g);
    ck_assert_ptr_nonnull(strstr(svg, "data-running=\"0\" data-fair-x=\"0\" data-fair-y=\"2\">"));
    ck_assert_ptr_nonnull(strstr(svg, "<g class=\"catapult-rest\" data-player=\"1\" "
                                      "data-x-mm=\"30.5\" data-y-mm=\"30.5\" "
                                      "data-knocked-out=\"0\">"));
    ck_assert_ptr_nonnull(strstr(svg, "<g class=\"catapult-off\" data-player=\"0\"><title>"
                                      "player 0's token off the map</title></g>"));
    for (int p = 0; p < 2; p++) {
        char want[96];
        snprintf(want, sizeof want, "<text class=\"tokens\" data-player=\"%d\"", p);
        const char *t = strstr(svg, want);
        ck_assert_ptr_nonnull(t);
        ck_assert_int_eq(carc_game_tokens(g, p, CARC_TOKEN_KNOCKOUT), 1);
        ck_assert_ptr_nonnull(strstr(t, "tokens: 1 knock-out, 1 seduction, 1 target, 1 catch"));
    }
    free(svg);
    carc_game_free(g);
}
END_TEST

/* Pig throwing (issue 32): the figures removed from play in a panel row of
 * their own, the dragon's nap marked on its tile. */
START_TEST(pig_removed_and_nap)
{
    carc_game *g = view_replay(pig_nap_rec);
    char *svg = svg_of(g);
    const char *row = strstr(svg, "<g class=\"removed-figures\" data-count=\"1\"><text");
    ck_assert_ptr_nonnull(row);
    ck_assert_ptr_nonnull(strstr(row, ">removed from play:</text><g class=\"removed pig\" "
                                      "data-player=\"0\""));
    ck_assert_int_eq(count(svg, "<g class=\"dragon-nap\" data-x=\"-3\" data-y=\"0\">"), 1);
    free(svg);
    carc_game_free(g);
    /* one move before (the throw not made): no row, no nap */
    g = view_replay_before(pig_nap_rec, "throw");
    svg = svg_of(g);
    ck_assert_ptr_null(strstr(svg, "removed-figures"));
    ck_assert_ptr_null(strstr(svg, "dragon-nap"));
    free(svg);
    carc_game_free(g);
}
END_TEST

/* The dragon's flight in the replay viewer (issue 29): each stage of a
 * flight drawn for the step it is shown at, as the board picture has it.
 * tests/scenarios/pd_volcano_flight_dead_end.rec: the dragon tile at 0,1
 * (step 12), the dragon flies from 1,1 north, west, west and stops at a
 * dead end after 3 steps (steps 13, 14; the flight over at 15). */
START_TEST(replay_page_dragon_flight)
{
    static const char rec[] = DRAGON_FLIGHT_END_REC;
    char *page = page_of(rec, strlen(rec));
    ck_assert_int_eq(count(page, "<g class=\"dragon-flight\""), 3);
    ck_assert_ptr_nonnull(strstr(page, "<g class=\"span\" data-from=\"12\" data-to=\"13\">"
                                       "<g class=\"dragon-flight\" data-steps-left=\"6\" "
                                       "data-visited=\"1\">"));
    ck_assert_ptr_nonnull(strstr(page, "<g class=\"span\" data-from=\"13\" data-to=\"14\">"
                                       "<g class=\"dragon-flight\" data-steps-left=\"5\" "
                                       "data-visited=\"2\">"));
    const char *third = strstr(page, "<g class=\"span\" data-from=\"14\" data-to=\"15\">"
                                     "<g class=\"dragon-flight\" data-steps-left=\"4\" "
                                     "data-visited=\"3\">");
    ck_assert_ptr_nonnull(third);
    /* its tiles: 1,1 then 1,0 then 0,0 */
    const char *end = strstr(third, "</g></g>");
    ck_assert_ptr_nonnull(end);
    const char *dots[] = {"data-x=\"1\" data-y=\"1\"", "data-x=\"1\" data-y=\"0\"",
                          "data-x=\"0\" data-y=\"0\""};
    const char *at = third;
    for (int k = 0; k < 3; k++) {
        at = strstr(at, dots[k]);
        ck_assert_msg(at && at < end, "no visited %s", dots[k]);
    }
    free(page);
    /* a game without the module: no flight drawn */
    static const char base[] = "carcvar-record 2\nplayers 2\nseed 1\nmodules base\n"
                               "draw U\nplace 1,0 r1\npass\n";
    page = page_of(base, strlen(base));
    ck_assert_ptr_null(strstr(page, "dragon-flight"));
    free(page);
}
END_TEST

/* Pig throwing's throws legal now (issue 32): from the thrower's pig to
 * each landing tile.  pig_dragon_nap.rec after P0 lays U at 4,0: its pig
 * at 3,0 may go exactly 6 west onto the dragon's tile -3,0 only. */
START_TEST(pig_throw_paths)
{
    carc_game *g = view_replay_before(pig_nap_rec, "throw");
    size_t n = 0;
    carc_throw_info th[4];
    ck_assert_int_eq(carc_game_throws(g, th, 4, &n), CARC_OK);
    ck_assert_uint_eq(n, 1);
    char *svg = svg_of(g);
    ck_assert_ptr_nonnull(strstr(svg, "<g class=\"pig-throws\" data-count=\"1\" data-from-x=\"3\" "
                                      "data-from-y=\"0\"><title>player 0's pig at 3,0 may be "
                                      "thrown: 1 throw</title><g class=\"pig-throw\" "
                                      "data-x=\"-3\" data-y=\"0\" data-throws=\"1\"><title>to "
                                      "-3,0, 6 tiles: 1 throw</title>"));
    ck_assert_int_eq(count(svg, "<g class=\"pig-throw\""), 1);
    free(svg);
    carc_game_free(g);
    /* the throw made: nothing more to throw this turn */
    g = view_replay(pig_nap_rec);
    svg = svg_of(g);
    ck_assert_ptr_null(strstr(svg, "pig-throw"));
    free(svg);
    carc_game_free(g);
}
END_TEST

/* The new modules' marks in the replay viewer too: the Dungeon's entrances
 * from the step each foundation is laid, the Catapult's resting points from
 * the hurl, the dragon's nap from the pig eaten. */
START_TEST(replay_page_module_marks)
{
    char *page = page_of(dungeon_fairy_rec, strlen(dungeon_fairy_rec));
    /* TO_F at 1,1 laid at step 5 (steps: 0 start, then one per line after
     * the header), TO_L at -1,1 at step 9: two drawings, the last to the end */
    ck_assert_int_eq(count(page, "<g class=\"dungeon-entrance\" data-x=\"1\" data-y=\"1\">"), 2);
    ck_assert_int_eq(count(page, "<g class=\"dungeon-entrance\" data-x=\"-1\" data-y=\"1\">"), 1);
    free(page);
    static const char cat[] =
        "carcvar-record 4\nplayers 2\nseed 1\nmodules base princess_dragon catapult\n"
        "bag U=1 B=2 CA_F=1\ndraw U\nplace 1,0 r1\ndeploy follower road E\n"
        "draw B\nplace 1,1 r0\npass\ndraw B\nplace 2,1 r0\nfairy\nfairy 0\n"
        "draw CA_F\nplace 0,1 r0\npass\ncatapult knockout\ncatapult aim 112\n"
        "catapult hurl 45,26\ncatapult aim 112\ncatapult hurl 45,27\n";
    page = page_of(cat, strlen(cat));
    /* after the first hurl: P1's mark; after the second (the round over): both */
    ck_assert_int_eq(count(page, "<g class=\"catapult-rest\" data-player=\"1\" data-x-mm=\"45.0\" "
                                 "data-y-mm=\"26.0\" data-knocked-out=\"1\">"), 2);
    ck_assert_int_eq(count(page, "<g class=\"catapult-rest\" data-player=\"0\" data-x-mm=\"45.0\" "
                                 "data-y-mm=\"27.0\" data-knocked-out=\"0\">"), 1);
    free(page);
    page = page_of(pig_nap_rec, strlen(pig_nap_rec));
    ck_assert_int_eq(count(page, "<g class=\"dragon-nap\" data-x=\"-3\" data-y=\"0\">"), 1);
    ck_assert_int_ge(count(page, "<g class=\"pig-throw\" data-x=\"-3\" data-y=\"0\""), 1);
    free(page);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("svg");
    TCase *tc = tcase_create("svg");
    tcase_add_test(tc, known_game);
    tcase_add_test(tc, scales);
    tcase_add_test(tc, replay_page);
    tcase_add_test(tc, pennants_roles_and_end);
    tcase_add_test(tc, replay_page_host_setup);
    tcase_add_test(tc, replay_page_goods);
    tcase_add_test(tc, panel_tokens_and_figures);
    tcase_add_test(tc, heading_and_revealed_tokens_apart);
    tcase_add_test(tc, expansion_symbols_and_their_legend);
    tcase_add_test(tc, supply_in_plural);
    tcase_add_test(tc, replay_page_reason_words);
    tcase_add_test(tc, dragon_towers_quarters);
    tcase_add_test(tc, dungeon_row_and_entrances);
    tcase_add_test(tc, catapult_round_marks);
    tcase_add_test(tc, pig_removed_and_nap);
    tcase_add_test(tc, replay_page_dragon_flight);
    tcase_add_test(tc, pig_throw_paths);
    tcase_add_test(tc, replay_page_module_marks);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
