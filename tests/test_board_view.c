/* carc_game_board_view: a known position drawn exactly (coordinates, the
 * last tile, legal cells with their rotations, figures, legend, scores and
 * supplies), and over random games: every line fits the width, a panned
 * board says which part it shows, the marked cells are exactly the legal
 * cells in view, and the last tile is marked once; centre features and
 * whole tile names (cells as wide as the longest name in play), the tile
 * in hand (carc_game_hand_view), every column in strips (CARC_VIEW_ALL). */
#include <carcvar/carcvar.h>
#include <check.h>

#include "random_step.h"
#include "run_suite.h"
#include "view_records.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *view(const carc_game *g, const carc_board_view *v)
{
    size_t need = 0;
    ck_assert_int_eq(carc_game_board_view(g, v, NULL, 0, &need), CARC_E_BUFFER);
    char *t = malloc(need);
    ck_assert_int_eq(carc_game_board_view(g, v, t, need, &need), CARC_OK);
    ck_assert_uint_eq(strlen(t) + 1, need);
    return t;
}

/* g's board view 200 characters wide: the lines under the board unwrapped */
static char *wide_view(const carc_game *g)
{
    carc_board_view v;
    carc_board_view_init(&v);
    v.width = 200;
    return view(g, &v);
}

static char *hand(const carc_game *g, const carc_board_view *v)
{
    size_t need = 0;
    ck_assert_int_eq(carc_game_hand_view(g, v, NULL, 0, &need), CARC_E_BUFFER);
    char *t = malloc(need);
    ck_assert_int_eq(carc_game_hand_view(g, v, t, need, &need), CARC_OK);
    ck_assert_uint_eq(strlen(t) + 1, need);
    return t;
}

static void play(carc_game *g, const char *text)
{
    carc_action a;
    ck_assert_int_eq(carc_action_from_string(g, text, &a), CARC_OK);
    ck_assert_int_eq(carc_game_apply(g, &a), CARC_OK);
}

/* A base game with a road of U tiles east of the start, x 0..6, no figure:
 * a board wider than a 5-column view. */
static carc_game *road_east(void)
{
    carc_options o;
    carc_options_init(&o);
    carc_game *g;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    for (int x = 1; x <= 6; x++) {
        char place[32];
        play(g, "draw U");
        snprintf(place, sizeof place, "place %d,0 r1", x);
        play(g, place);
        play(g, "pass");
    }
    return g;
}

START_TEST(known_position)
{
    carc_options o;
    carc_options_init(&o);
    o.seed = 1;
    carc_game *g;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    play(g, "draw U");
    play(g, "place 1,0 r1");
    play(g, "deploy follower road E");
    char *t = view(g, NULL);
    ck_assert_str_eq(t,
        "board x 0..1, y 0..0\n"
        "       0      1\n"
        "       C      .\n"
        "  0 R  D  RR[ U ]R\n"
        "       .      . 0r\n"
        "legend: north up; edges C city, R road, . field; [D] the tile placed last;\n"
        "  0r player 0's follower on a road\n"
        "turn 2, 70 tiles left\n"
        "player 0: 0 points; supply: 6 followers\n"
        "player 1: 0 points; supply: 7 followers\n");
    free(t);
    play(g, "draw E"); /* city north: fits above and below only */
    t = view(g, NULL);
    ck_assert_str_eq(t,
        "board x 0..1, y -1..1\n"
        "       0      1\n"
        "\n"
        " -1  +2     +013\n"
        "\n"
        "       C      .\n"
        "  0 R  D  RR[ U ]R\n"
        "       .      . 0r\n"
        "\n"
        "  1  +123   +123\n"
        "\n"
        "legend: north up; edges C city, R road, . field; [D] the tile placed last;\n"
        "  +2 tile E fits here: r2; 0r player 0's follower on a road\n"
        "turn 2, 69 tiles left\n"
        "player 0: 0 points; supply: 6 followers\n"
        "player 1: 0 points; supply: 7 followers\n");
    free(t);
    /* no legend, no marks */
    carc_board_view v;
    carc_board_view_init(&v);
    v.flags = 0;
    t = view(g, &v);
    ck_assert_ptr_null(strstr(t, "legend"));
    ck_assert_ptr_null(strchr(t, '+'));
    ck_assert_ptr_null(strchr(t, '['));
    free(t);
    /* refusals */
    size_t need;
    carc_board_view_init(&v);
    v.width = 39;
    ck_assert_int_eq(carc_game_board_view(g, &v, NULL, 0, &need), CARC_E_INVALID);
    v.width = 401;
    ck_assert_int_eq(carc_game_board_view(g, &v, NULL, 0, &need), CARC_E_INVALID);
    carc_board_view_init(&v);
    v.struct_size = 8;
    ck_assert_int_eq(carc_game_board_view(g, &v, NULL, 0, &need), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_board_view(NULL, NULL, NULL, 0, &need), CARC_E_INVALID);
    char small[8];
    ck_assert_int_eq(carc_game_board_view(g, NULL, small, sizeof small, &need), CARC_E_BUFFER);
    carc_game_free(g);
}
END_TEST

/* Cells marked "+digits" in the view (all of them, the view not panned). */
static int count_marks(const char *t)
{
    int n = 0;
    const char *end = strstr(t, "\nlegend:");
    for (const char *p = t; (p = strchr(p, '+')) != NULL && (!end || p < end); p++)
        if (p[1] >= '0' && p[1] <= '3' && p > t && p[-1] == ' ') n++;
    return n;
}

START_TEST(random_games)
{
    for (uint64_t seed = 1; seed <= 4; seed++) {
        carc_options o;
        carc_options_init(&o);
        o.seed = seed;
        o.num_players = 2 + (int)(seed % 3);
        carc_game *g;
        ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
        uint64_t pick = seed;
        int panned = 0;
        while (!carc_game_is_terminal(g)) {
            if (sample_if_chance(g)) continue;
            carc_action acts[1024];
            size_t n;
            ck_assert_int_eq(carc_game_legal_actions(g, acts, 1024, &n), CARC_OK);
            carc_decision d;
            carc_game_decision(g, &d);
            static const int widths[] = {40, 80, 400};
            for (int w = 0; w < 3; w++) {
                carc_board_view v;
                carc_board_view_init(&v);
                v.width = widths[w];
                char *t = view(g, &v);
                for (char *line = t; *line;) {
                    size_t l = strcspn(line, "\n");
                    ck_assert_msg((int)l <= widths[w], "line of %zu > %d: %.*s", l, widths[w],
                                  (int)l, line);
                    line += l + (line[l] == '\n');
                }
                if (strstr(t, "\nshowing x ")) panned++;
                if (widths[w] == 400 && d.kind == CARC_DECISION_PLACE) {
                    /* distinct legal cells == marks */
                    int cells = 0;
                    for (size_t i = 0; i < n; i++) {
                        int dup = 0;
                        for (size_t j = 0; j < i; j++)
                            dup |= acts[j].x == acts[i].x && acts[j].y == acts[i].y;
                        cells += !dup;
                    }
                    ck_assert_int_eq(count_marks(t), cells);
                }
                if (carc_game_tile_count(g) > 1 && widths[w] == 400) {
                    int open = 0;
                    for (char *p = t; (p = strchr(p, '[')) != NULL; p++) open++;
                    ck_assert_int_eq(open, 1 + (strstr(t, "[D] the tile") != NULL));
                }
                free(t);
            }
            pick = pick * 6364136223846793005ull + 1442695040888963407ull;
            ck_assert_int_eq(carc_game_apply(g, &acts[(pick >> 33) % n]), CARC_OK);
        }
        ck_assert_int_gt(panned, 0);
        carc_game_free(g);
    }
}
END_TEST

/* A board wider than the view, centred on the far ends of int: the view
 * shows the westmost (INT_MIN) or eastmost (INT_MAX) columns, as for any
 * cell beyond the board's edge, with no overflow on the way (the centre
 * minus half the view used to wrap: UBSan at board_view.c, and the other
 * end shown). */
START_TEST(center_extremes)
{
    carc_game *g = road_east();
    carc_board_view v;
    carc_board_view_init(&v);
    v.width = 40; /* 5 columns */
    v.flags = CARC_VIEW_CENTER;
    const struct { int32_t cx; int32_t cy; const char *shows; } cases[] = {
        {INT32_MIN, 0, "\nshowing x 0..4\n"},     {INT32_MIN + 1, 0, "\nshowing x 0..4\n"},
        {-1, INT32_MIN, "\nshowing x 0..4\n"},    {3, 0, "\nshowing x 1..5\n"},
        {INT32_MAX, 0, "\nshowing x 2..6\n"},     {INT32_MAX - 1, INT32_MAX, "\nshowing x 2..6\n"},
        {7, 0, "\nshowing x 2..6\n"},
    };
    char *west = NULL, *east = NULL;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        v.center_x = cases[i].cx;
        v.center_y = cases[i].cy;
        char *t = view(g, &v);
        ck_assert_msg(strncmp(t, "board x 0..6, y 0..0\n", 21) == 0 &&
                          strstr(t, cases[i].shows) != NULL,
                      "centre %d,%d: %s", cases[i].cx, cases[i].cy, t);
        /* the same text as a centre just beyond that edge */
        if (cases[i].cx == -1) west = t;
        else if (cases[i].cx == 7) east = t;
        else free(t);
    }
    for (int side = 0; side < 2; side++) {
        v.center_x = side ? INT32_MAX : INT32_MIN;
        char *t = view(g, &v);
        ck_assert_str_eq(t, side ? east : west);
        free(t);
    }
    free(west);
    free(east);
    carc_game_free(g);
}
END_TEST


/* Centre features are drawn (base tile A's monastery, Q's pennant in the
 * tile in hand) and named in the legend. */
START_TEST(marks_in_base)
{
    carc_options o;
    carc_options_init(&o);
    o.seed = 1;
    carc_game *g;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    play(g, "draw A");
    play(g, "place 0,1 r0");
    play(g, "deploy follower monastery");
    play(g, "draw Q");
    char *t = view(g, NULL);
    ck_assert_str_eq(t,
        "board x -1..1, y -1..1\n"
        "      -1      0      1\n"
        "\n"
        " -1         +123\n"
        "\n"
        "              C\n"
        "  0        R  D  R\n"
        "              .\n"
        "              .\n"
        "  1  +3    .[ A ]. +1\n"
        "            ^ R 0m\n"
        "legend: north up; edges C city, R road, . field; [D] the tile placed last;\n"
        "  +123 tile Q fits here: r1 r2 r3; 0m player 0's follower on a monastery;\n"
        "  ^ monastery\n"
        "turn 2, 69 tiles left\n"
        "player 0: 0 points; supply: 6 followers\n"
        "player 1: 0 points; supply: 7 followers\n");
    free(t);
    t = hand(g, NULL);
    ck_assert_str_eq(t,
        "  r1        r2        r3\n"
        "   C         .         C\n"
        ".  Q  C   C  Q  C   C  Q  .\n"
        " ! C       ! C       ! C\n"
        "legend: edges C city, R road, . field; ! pennant\n");
    free(t);
    /* no placement pending: no tile in hand */
    play(g, "place 0,-1 r2");
    size_t need;
    ck_assert_int_eq(carc_game_hand_view(g, NULL, NULL, 0, &need), CARC_E_STATE);
    ck_assert_int_eq(carc_game_hand_view(NULL, NULL, NULL, 0, &need), CARC_E_INVALID);
    carc_board_view v;
    carc_board_view_init(&v);
    v.width = 39;
    play(g, "pass");
    play(g, "draw E");
    ck_assert_int_eq(carc_game_hand_view(g, &v, NULL, 0, &need), CARC_E_INVALID);
    carc_game_free(g);
}
END_TEST

/* With Inns & Cathedrals and Under the Big Top every cell is as wide as
 * the longest tile name in play (IC_CcRr_p_i, 11) plus 4: whole names, the
 * four rotations aligned, the pennant, inn and acrobat space drawn. */
START_TEST(module_names_and_marks)
{
    carc_options o;
    carc_options_init(&o);
    o.modules |= 1ull << carc_module_by_name("inns_cathedrals");
    o.modules |= 1ull << carc_module_by_name("big_top");
    carc_game *g;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    play(g, "draw IC_CcRr_p_i");
    play(g, "place 0,-1 r2");
    play(g, "pass");
    play(g, "draw BT_ffrf_ac");
    char *t = view(g, NULL);
    ck_assert_str_eq(t,
        "board x -1..1, y -2..1\n"
        "          -1              0              1\n"
        "\n"
        " -2                 +0\n"
        "\n"
        "                          R\n"
        " -1  +3            R[IC_CcRr_p_i]C\n"
        "                    !&    C\n"
        "                          C\n"
        "  0  +3            R      D      R +1\n"
        "                          .\n"
        "\n"
        "  1                 +013\n"
        "\n"
        "legend: north up; edges C city, R road, . field; [D] the tile placed last;\n"
        "  +1 tile BT_ffrf_ac fits here: r1; ! pennant; & inn on a road\n"
        "turn 2, 107 tiles left\n"
        "player 0: 0 points; supply: 7 followers, 1 big, 1 ringmaster\n"
        "player 1: 0 points; supply: 7 followers, 1 big, 1 ringmaster\n");
    free(t);
    t = hand(g, NULL);
    ck_assert_str_eq(t,
        "      r0                r1                r3\n"
        "       .                 .                 .\n"
        ". BT_ffrf_ac  .   R BT_ffrf_ac  .   . BT_ffrf_ac  R\n"
        " %     R           %     .           %     .\n"
        "legend: edges C city, R road, . field; % acrobat space\n");
    free(t);
    carc_board_view v; /* 40 columns: two rotations a line */
    carc_board_view_init(&v);
    v.width = 40;
    t = hand(g, &v);
    ck_assert_str_eq(t,
        "      r0                r1\n"
        "       .                 .\n"
        ". BT_ffrf_ac  .   R BT_ffrf_ac  .\n"
        " %     R           %     .\n"
        "      r3\n"
        "       .\n"
        ". BT_ffrf_ac  R\n"
        " %     .\n"
        "legend: edges C city, R road, . field;\n"
        "  % acrobat space\n");
    free(t);
    carc_game_free(g);
}
END_TEST

/* CARC_VIEW_ALL: a board wider than the view in strips of even widths, each
 * with its columns, rows and x axis; every tile drawn once. */
START_TEST(all_columns_in_strips)
{
    carc_game *g = road_east();
    carc_board_view v;
    carc_board_view_init(&v);
    v.width = 40; /* 5 columns fit: 7 go in strips of 4 and 3 */
    v.flags = CARC_VIEW_ALL;
    char *t = view(g, &v);
    ck_assert_str_eq(t,
        "board x 0..6, y 0..0\n"
        "x 0..3, y 0..0\n"
        "       0      1      2      3\n"
        "       C      .      .      .\n"
        "  0 R  D  RR  U  RR  U  RR  U  R\n"
        "       .      .      .      .\n"
        "\n"
        "x 4..6, y 0..0\n"
        "       4      5      6\n"
        "       .      .      .\n"
        "  0 R  U  RR  U  RR  U  R\n"
        "       .      .      .\n"
        "turn 7, 65 tiles left\n"
        "player 0: 0 points; supply: 7 followers\n"
        "player 1: 0 points; supply: 7 followers\n");
    free(t);
    v.width = 80; /* it fits: one piece, as without the flag */
    t = view(g, &v);
    ck_assert_ptr_null(strstr(t, "\nx "));
    ck_assert_ptr_nonnull(strstr(t, "\n       0      1      2      3      4      5      6\n"));
    free(t);
    carc_game_free(g);
}
END_TEST

/* Random games with every module: every line within the width, with and
 * without strips, the hand view too; with strips every placed tile's name
 * appears. */
START_TEST(random_module_games)
{
    carc_options o;
    carc_options_init(&o);
    for (int m = 1; m < CARC_MODULE_SLOTS; m++)
        if (carc_module_available(m) == 1) o.modules |= 1ull << m;
    o.seed = 9;
    carc_game *g;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    uint64_t pick = 9;
    int steps = 0;
    while (!carc_game_is_terminal(g)) {
        if (sample_if_chance(g)) continue;
        carc_action acts[1024];
        size_t n;
        ck_assert_int_eq(carc_game_legal_actions(g, acts, 1024, &n), CARC_OK);
        carc_decision d;
        carc_game_decision(g, &d);
        if (steps++ % 7 == 0 || d.kind == CARC_DECISION_PLACE) {
            static const int widths[] = {40, 97, 400};
            for (int w = 0; w < 3; w++)
                for (int k = 0; k < 3; k++) {
                    carc_board_view v;
                    carc_board_view_init(&v);
                    v.width = widths[w];
                    if (k == 1) v.flags |= CARC_VIEW_ALL;
                    if (k == 2 && d.kind != CARC_DECISION_PLACE) continue;
                    char *t = k == 2 ? hand(g, &v) : view(g, &v);
                    for (char *line = t; *line;) {
                        size_t l = strcspn(line, "\n");
                        ck_assert_msg((int)l <= widths[w], "line of %zu > %d: %.*s", l,
                                      widths[w], (int)l, line);
                        line += l + (line[l] == '\n');
                    }
                    if (k == 1) {
                        carc_placed_tile pt;
                        for (int i = 0; carc_game_tile_by_order(g, i, &pt) == CARC_OK; i++)
                            ck_assert_msg(strstr(t, carc_tile_name(pt.type)),
                                          "tile %s missing", carc_tile_name(pt.type));
                    }
                    free(t);
                }
        }
        pick = pick * 6364136223846793005ull + 1442695040888963407ull;
        ck_assert_int_eq(carc_game_apply(g, &acts[(pick >> 33) % n]), CARC_OK);
    }
    carc_game_free(g);
}
END_TEST

/* carc_game_board_text keeps its 7-character cells and 3-character names
 * and draws the centre features' marks in its blank bottom-left corner:
 * base tile A's monastery, Q's pennant, an Inns & Cathedrals tile's
 * pennant and inn. */
START_TEST(board_text_marks)
{
    carc_options o;
    carc_options_init(&o);
    o.seed = 1;
    carc_game *g;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    play(g, "draw A");
    play(g, "place 0,1 r0");
    play(g, "deploy follower monastery");
    play(g, "draw Q");
    play(g, "place 0,-1 r2");
    play(g, "pass");
    char t[1024];
    size_t need;
    ck_assert_int_eq(carc_game_board_text(g, t, sizeof t, &need), CARC_OK);
    ck_assert_str_eq(t,
        "board x 0..0, y -1..1 (north up)\n"
        "   .\n"
        "C Q   C\n"
        " ! C\n"
        "   C\n"
        "R D   R\n"
        "   .\n"
        "   .\n"
        ". A   .\n"
        " ^ R 0m\n"
        "player 0: 0 points, 6 followers in supply\n"
        "player 1: 0 points, 7 followers in supply\n");
    carc_game_free(g);
    carc_options_init(&o);
    o.modules |= 1ull << carc_module_by_name("inns_cathedrals");
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    play(g, "draw IC_CcRr_p_i");
    play(g, "place 0,-1 r2");
    play(g, "pass");
    ck_assert_int_eq(carc_game_board_text(g, t, sizeof t, &need), CARC_OK);
    ck_assert_str_eq(t,
        "board x 0..0, y -1..0 (north up)\n"
        "   R\n"
        "R IC_ C\n"
        "!& C\n"
        "   C\n"
        "R D   R\n"
        "   .\n"
        "player 0: 0 points, 7 followers in supply\n"
        "player 1: 0 points, 7 followers in supply\n");
    carc_game_free(g);
}
END_TEST

/* The Count's start layout: the City's inner tiles marked '-', and the
 * figures in the City's quarters on a status line of their own (the Count
 * starts on the castle quarter). */
START_TEST(city_quarters)
{
    carc_options o;
    carc_options_init(&o);
    o.seed = 1;
    o.modules |= 1ull << carc_module_by_name("count");
    carc_game *g;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    char *t = view(g, NULL);
    ck_assert_str_eq(t,
        "board x -2..1, y -1..1\n"
        "       -2       -1        0        1\n"
        "        .        .        .        R\n"
        " -1 R CO_1  .. CO_2  .. CO_3  .. CO_4  .\n"
        "        .        C        C        .\n"
        "        .        C        C        .\n"
        "  0 . CO_5  CC CO_6  CC CO_7  CC CO_8  .\n"
        "        .     -  C     -  C        .\n"
        "        .        C        C        .\n"
        "  1 . CO_9  .. CO_10 .. CO_11 ..[CO_12]C\n"
        "        C        .        R        .\n"
        "legend: north up; edges C city, R road, . field; [D] the tile placed last;\n"
        "  - inner tile of the City (no deployment)\n"
        "turn 1, 72 tiles left\n"
        "held by count: castle: the count\n"
        "player 0: 0 points; supply: 7 followers\n"
        "player 1: 0 points; supply: 7 followers\n");
    free(t);
    carc_game_free(g);
}
END_TEST

static int count_str(const char *t, const char *s)
{
    int n = 0;
    for (const char *p = strstr(t, s); p; p = strstr(p + 1, s)) n++;
    return n;
}

/* Princess & Dragon, the Tower and the Count together, over random games:
 * every tower drawn once with its height ("T3" open, "#3" closed by a
 * follower on its top), the tile tags named in the legend (volcano, dragon
 * symbol, princess, magic portal), the dragon and the fairy drawn ("nD",
 * "nF", even on a crowded tile), and every figure in a City quarter listed
 * under that quarter. */
START_TEST(dragon_towers_quarters)
{
    for (uint64_t seed = 1; seed <= 3; seed++) {
        carc_options o;
        carc_options_init(&o);
        o.seed = seed;
        o.modules |= 1ull << carc_module_by_name("princess_dragon");
        o.modules |= 1ull << carc_module_by_name("tower");
        o.modules |= 1ull << carc_module_by_name("count");
        carc_game *g;
        ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
        uint64_t pick = seed;
        int towers_seen = 0, dragon_seen = 0, fairy_seen = 0, quarter_seen = 0, closed = 0;
        int tags_seen = 0;
        while (!carc_game_is_terminal(g)) {
            if (sample_if_chance(g)) continue;
            carc_board_view v;
            carc_board_view_init(&v);
            v.width = 400;
            v.flags |= CARC_VIEW_ALL;
            char *t = view(g, &v);
            char *legend = strstr(t, "legend:");
            ck_assert_ptr_nonnull(legend);
            /* towers: each one's mark, as many marks as towers */
            int ntowers = 0, nmarks = 0;
            carc_placed_tile pt;
            for (int i = 0; carc_game_tile_by_order(g, i, &pt) == CARC_OK; i++) {
                carc_structure st;
                ck_assert_int_eq(carc_game_structure(g, pt.x, pt.y, &st), CARC_OK);
                const char *name = carc_tile_name(pt.type);
                size_t ln = strlen(name);
                static const char *const tags[][2] = {{"_v", "v volcano"},
                                                      {"_d", "d dragon symbol"},
                                                      {"_p", "p princess"},
                                                      {"_g", "O magic portal"}};
                if (!strncmp(name, "DG_", 3))
                    for (int k = 0; k < 4; k++)
                        if (!strcmp(name + ln - 2, tags[k][0])) {
                            ck_assert_msg(strstr(legend, tags[k][1]), "%s: no '%s'", name,
                                          tags[k][1]);
                            tags_seen |= 1 << k;
                        }
                if (st.kind != CARC_STRUCTURE_TOWER || (st.height == 0 && st.top < 0)) continue;
                ntowers++;
                char mark[16];
                snprintf(mark, sizeof mark, "%c%d", st.top >= 0 ? '#' : 'T', (int)st.height);
                ck_assert_msg(strstr(t, mark), "tower at %d,%d: no %s", pt.x, pt.y, mark);
                closed += st.top >= 0;
            }
            for (char *p = t; p < legend; p++)
                nmarks += (*p == 'T' || *p == '#') && p[1] >= '0' && p[1] <= '9';
            ck_assert_int_eq(nmarks, ntowers);
            towers_seen += ntowers > 0;
            carc_dragon_info d;
            ck_assert_int_eq(carc_game_dragon(g, &d), CARC_OK);
            if (d.dragon_on_board) ck_assert_int_eq(count_str(t, "nD"), 1);
            if (d.fairy_on_board) ck_assert(strstr(t, "nF") && strstr(legend, "F fairy"));
            if (d.dragon_on_board) ck_assert(strstr(legend, "D dragon"));
            if (d.dragon_on_board) {
                char want[64];
                snprintf(want, sizeof want, "\nthe dragon at %d,%d%s", d.dragon_x, d.dragon_y,
                         d.flying ? ", flying: " : "");
                ck_assert_msg(strstr(legend, want), "no '%s'", want + 1);
                if (d.flying && d.mover >= 0) {
                    snprintf(want, sizeof want, "player %d moves it", d.mover);
                    ck_assert_ptr_nonnull(strstr(legend, want));
                }
            }
            if (d.fairy_on_board) {
                char want[64];
                snprintf(want, sizeof want, "the fairy at %d,%d", d.fairy_x, d.fairy_y);
                ck_assert_ptr_nonnull(strstr(legend, want));
            }
            dragon_seen += d.dragon_on_board;
            fairy_seen += d.fairy_on_board;
            /* the City's quarters */
            carc_figure figs[256];
            size_t nf;
            ck_assert_int_eq(carc_game_figures(g, figs, 256, &nf), CARC_OK);
            char *held = strstr(legend, "held by count:");
            ck_assert_ptr_nonnull(held);
            size_t hl = strcspn(held, "\n");
            for (size_t i = 0; i < nf && i < 256; i++) {
                if (figs[i].where != CARC_WHERE_HELD || (figs[i].state >> 8) != CARC_MODULE_COUNT)
                    continue;
                static const char *const q[4] = {"castle", "blacksmith", "cathedral", "market"};
                ck_assert_int_lt(figs[i].arg, 4);
                ck_assert_ptr_null(carc_game_figure_role(g, (int)i));
                char want[64];
                if (figs[i].kind == CARC_FIGURE_COUNT)
                    snprintf(want, sizeof want, " %s: the count", q[figs[i].arg]);
                else
                    snprintf(want, sizeof want, "player %d's %s", figs[i].owner,
                             figs[i].kind == CARC_FIGURE_FOLLOWER ? "follower" : "");
                char line[1024];
                snprintf(line, sizeof line, "%.*s", (int)hl, held);
                ck_assert_msg(strstr(line, want), "'%s' not in '%s'", want, line);
                quarter_seen += figs[i].kind != CARC_FIGURE_COUNT;
            }
            free(t);
            carc_action acts[1024];
            size_t n;
            ck_assert_int_eq(carc_game_legal_actions(g, acts, 1024, &n), CARC_OK);
            pick = pick * 6364136223846793005ull + 1442695040888963407ull;
            ck_assert_int_eq(carc_game_apply(g, &acts[(pick >> 33) % n]), CARC_OK);
        }
        /* the games reach what is checked */
        ck_assert_int_gt(towers_seen, 0);
        ck_assert_int_gt(dragon_seen, 0);
        ck_assert_int_eq(tags_seen, 15);
        (void)closed;
        (void)quarter_seen;
        (void)fairy_seen;
        carc_game_free(g);
    }
}
END_TEST

/* The Dungeon under the board (issue 33): the pieces below by player, the
 * dragon and the fairy there, the entrances by cell. */
START_TEST(dungeon_line)
{
    carc_game *g = view_replay(dungeon_fairy_rec);
    char *t = wide_view(g);
    ck_assert_msg(strstr(t, "the dungeon: below player 0 0, player 1 1; the dragon inside; "
                            "the fairy beside player 1's piece; entrances 1,1 -1,1\n"),
                  "%s", t);
    free(t);
    carc_game_free(g);
    carc_options o;
    carc_options_init(&o);
    o.modules |= 1ull << carc_module_by_name("dungeon");
    o.modules |= 1ull << carc_module_by_name("tower");
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    t = wide_view(g);
    ck_assert_msg(strstr(t, "the dungeon: below player 0 0, player 1 0; entrances none\n"), "%s", t);
    free(t);
    carc_game_free(g);
}
END_TEST

/* Pig throwing (issue 32) under the board: the figures removed from play,
 * the dragon asleep. */
START_TEST(pig_removed_and_nap_lines)
{
    carc_game *g = view_replay(pig_nap_rec);
    char *t = wide_view(g);
    ck_assert_msg(strstr(t, "\nremoved from play: player 0's pig\n"), "%s", t);
    ck_assert_msg(strstr(t, "\nthe dragon at -3,0, asleep (the next dragon tile wakes it)\n"),
                  "%s", t);
    free(t);
    carc_game_free(g);
}
END_TEST

/* The Catapult under the board (issue 31): the fair named in the legend,
 * the tokens each player holds, where each token came to rest and what it
 * knocked out (tests/scenarios/cat_knockout_chain_model.rec). */
START_TEST(catapult_lines)
{
    carc_game *g = view_replay(CATAPULT_ROUNDS_REC);
    char *t = wide_view(g);
    ck_assert_msg(strstr(t, " f fair (a catapult round)"), "%s", t);
    ck_assert_msg(strstr(t, "\ncatapult round 1 (knockout) at the fair 0,1: player 1 at 45,26 mm, "
                            "knocked out 1; player 0 at 45,27 mm\n"), "%s", t);
    for (int p = 0; p < 2; p++) {
        char want[160];
        ck_assert_int_eq(carc_game_tokens(g, p, CARC_TOKEN_KNOCKOUT), 1);
        snprintf(want, sizeof want, "\nplayer %d: 0 points; supply: 7 followers; catapult tokens: "
                 "1 knock-out, 1 seduction, 1 target, 1 catch\n", p);
        ck_assert_msg(strstr(t, want), "%s", t);
    }
    free(t);
    carc_game_free(g);
}
END_TEST

/* The dragon's flight in carc_game_board_text (issue 29): its path, the
 * start first, and the steps left, only while it flies
 * (tests/scenarios/pd_volcano_flight_dead_end.rec: from 1,1 north then
 * west). */
START_TEST(board_text_dragon_flight)
{
    carc_game *g = view_replay(DRAGON_FLIGHT_REC);
    char t[8192];
    size_t need = 0;
    ck_assert_int_eq(carc_game_board_text(g, t, sizeof t, &need), CARC_OK);
    ck_assert_msg(strstr(t, "\ndragon flight: 1,1 1,0 0,0; 4 steps left\nplayer 0: "), "%s", t);
    play(g, "dragon w"); /* a dead end: the flight is over */
    ck_assert_int_eq(carc_game_board_text(g, t, sizeof t, &need), CARC_OK);
    ck_assert_msg(!strstr(t, "dragon flight"), "%s", t);
    carc_game_free(g);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("board-view");
    TCase *tc = tcase_create("view");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, known_position);
    tcase_add_test(tc, random_games);
    tcase_add_test(tc, center_extremes);
    tcase_add_test(tc, marks_in_base);
    tcase_add_test(tc, module_names_and_marks);
    tcase_add_test(tc, all_columns_in_strips);
    tcase_add_test(tc, random_module_games);
    tcase_add_test(tc, board_text_marks);
    tcase_add_test(tc, city_quarters);
    tcase_add_test(tc, dragon_towers_quarters);
    tcase_add_test(tc, dungeon_line);
    tcase_add_test(tc, pig_removed_and_nap_lines);
    tcase_add_test(tc, catapult_lines);
    tcase_add_test(tc, board_text_dragon_flight);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
