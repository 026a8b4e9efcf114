/* carc_game_board_view: a known position drawn exactly (coordinates, the
 * last tile, legal cells with their rotations, figures, legend, scores and
 * supplies), and over random games: every line fits the width, a panned
 * board says which part it shows, the marked cells are exactly the legal
 * cells in view, and the last tile is marked once. */
#include <carcvar/carcvar.h>
#include <check.h>

#include "run_suite.h"

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

static void play(carc_game *g, const char *text)
{
    carc_action a;
    ck_assert_int_eq(carc_action_from_string(g, text, &a), CARC_OK);
    ck_assert_int_eq(carc_game_apply(g, &a), CARC_OK);
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
            if (carc_game_current_player(g) == CARC_PLAYER_CHANCE) {
                ck_assert_int_eq(carc_game_sample_chance(g, NULL), CARC_OK);
                continue;
            }
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
    carc_options o;
    carc_options_init(&o);
    carc_game *g;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    for (int x = 1; x <= 6; x++) { /* a road of U tiles east: x 0..6 */
        char place[32];
        play(g, "draw U");
        snprintf(place, sizeof place, "place %d,0 r1", x);
        play(g, place);
        play(g, "pass");
    }
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

int main(void)
{
    Suite *s = suite_create("board-view");
    TCase *tc = tcase_create("view");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, known_position);
    tcase_add_test(tc, random_games);
    tcase_add_test(tc, center_extremes);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
