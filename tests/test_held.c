/* Held and face-up tiles (issue 21): carc_game_held_tiles through a bazaar
 * round of Bridges, Castles & Bazaars, replayed from the scenario record
 * tests/scenarios/bcb_bazaar_round.rec cut at points before, during and
 * after the auction; its errors and `needed`; the held tiles' names in the
 * SVG panel, the board view and the replay viewer; every tile accounted
 * for in random games with bazaars. */
#include <carcvar/carcvar.h>
#include <check.h>

#include "random_step.h"
#include "run_suite.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *read_file(const char *name, size_t *len)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", SCENARIO_DIR, name);
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    ck_assert_ptr_nonnull(buf);
    ck_assert_int_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
    buf[n] = 0;
    fclose(f);
    *len = (size_t)n;
    return buf;
}

/* The game after the record's first `lines` action lines (comments and the
 * header not counted); -1: the whole record. */
static carc_game *replay_actions(const char *name, int lines)
{
    size_t len;
    char *text = read_file(name, &len);
    size_t cut = len;
    if (lines >= 0) {
        static const char *const header[] = {"carcvar-record ", "players ", "seed ",
                                             "modules ", "rule ", "first-player ", "bag"};
        int seen = 0;
        for (size_t i = 0; i < len;) {
            size_t e = i;
            while (e < len && text[e] != '\n') e++;
            if (e < len) e++;
            const char *l = text + i;
            int is_header = 0;
            for (size_t k = 0; k < sizeof header / sizeof header[0]; k++)
                is_header |= strncmp(l, header[k], strlen(header[k])) == 0;
            if (!is_header && l[0] != '#' && l[0] != '\n') {
                if (seen == lines) {
                    cut = i;
                    break;
                }
                seen++;
            }
            i = e;
        }
        ck_assert_int_eq(seen, lines);
    }
    carc_game *g = NULL;
    carc_record_error err;
    int rc = carc_record_replay(&g, text, cut, &err);
    ck_assert_msg(rc == CARC_OK, "%s cut after %d actions: %d", name, lines, rc);
    free(text);
    return g;
}

static int T(const char *name)
{
    int t = carc_tile_by_name(name);
    ck_assert_int_ge(t, 0);
    return t;
}

/* player's held tiles (-1: the face-up row) are exactly the names given */
static void expect_held(const carc_game *g, int player, const char *a, const char *b,
                        const char *c)
{
    const char *want[3] = {a, b, c};
    size_t nwant = 0;
    while (nwant < 3 && want[nwant]) nwant++;
    int32_t types[8];
    size_t needed = 99;
    ck_assert_int_eq(carc_game_held_tiles(g, player, types, 8, &needed), CARC_OK);
    ck_assert_msg(needed == nwant, "player %d: %zu held, expected %zu", player, needed, nwant);
    for (size_t i = 0; i < nwant; i++)
        ck_assert_msg(types[i] == T(want[i]), "player %d tile %zu: %s, expected %s", player, i,
                      carc_tile_name(types[i]), want[i]);
}

/* The record: draw BB_F_b, place, pass (3 lines), bazaar U, V, B (6),
 * Blue: pick 0, bid 2, Green passes, Red bids 3, buy (11); Green: pick 1,
 * bid 2, Red bids 3, sell (15): B goes to Green free; then Blue, Green and
 * Red lay their tiles (place + pass each: 17, 19, 21). */
START_TEST(bazaar_round)
{
    carc_game *g = replay_actions("bcb_bazaar_round.rec", 3);
    for (int p = -1; p < 3; p++) expect_held(g, p, NULL, NULL, NULL);
    carc_game_free(g);

    g = replay_actions("bcb_bazaar_round.rec", 4); /* one tile revealed */
    expect_held(g, -1, "U", NULL, NULL);
    for (int p = 0; p < 3; p++) expect_held(g, p, NULL, NULL, NULL);
    carc_game_free(g);

    g = replay_actions("bcb_bazaar_round.rec", 6); /* the row, in the order revealed */
    expect_held(g, -1, "U", "V", "B");
    for (int p = 0; p < 3; p++) expect_held(g, p, NULL, NULL, NULL);
    carc_game_free(g);

    g = replay_actions("bcb_bazaar_round.rec", 9); /* U under the hammer: still face up */
    expect_held(g, -1, "U", "V", "B");
    carc_game_free(g);

    g = replay_actions("bcb_bazaar_round.rec", 11); /* Blue bought U */
    expect_held(g, -1, "V", "B", NULL);
    expect_held(g, 0, NULL, NULL, NULL);
    expect_held(g, 1, "U", NULL, NULL);
    expect_held(g, 2, NULL, NULL, NULL);
    carc_game_free(g);

    /* Green sold V to Red, B went to Green free; Blue's turn has begun and
     * U is its tile in hand (the decision), no longer held */
    g = replay_actions("bcb_bazaar_round.rec", 15);
    ck_assert_int_eq(carc_game_current_player(g), 1);
    carc_decision d;
    ck_assert_int_eq(carc_game_decision(g, &d), CARC_OK);
    ck_assert_int_eq(d.tile, T("U"));
    expect_held(g, -1, NULL, NULL, NULL);
    expect_held(g, 0, "V", NULL, NULL);
    expect_held(g, 1, NULL, NULL, NULL);
    expect_held(g, 2, "B", NULL, NULL);
    carc_game_free(g);

    g = replay_actions("bcb_bazaar_round.rec", 17); /* Green's turn: B in hand */
    expect_held(g, 0, "V", NULL, NULL);
    expect_held(g, 2, NULL, NULL, NULL);
    carc_game_free(g);

    g = replay_actions("bcb_bazaar_round.rec", 19); /* Red's turn: nothing held */
    for (int p = -1; p < 3; p++) expect_held(g, p, NULL, NULL, NULL);
    carc_game_free(g);
}
END_TEST

START_TEST(no_auction_variant)
{
    /* bcb_bazaar 2 (no auction): draw, place, pass, U, V revealed (5) */
    carc_game *g = replay_actions("bcb_bazaar_no_auction.rec", 5);
    expect_held(g, -1, "U", "V", NULL);
    expect_held(g, 0, NULL, NULL, NULL);
    expect_held(g, 1, NULL, NULL, NULL);
    carc_game_free(g);
    /* player 1 picks V, U goes to player 0; player 1's turn: V in hand */
    g = replay_actions("bcb_bazaar_no_auction.rec", 6);
    expect_held(g, -1, NULL, NULL, NULL);
    expect_held(g, 0, "U", NULL, NULL);
    expect_held(g, 1, NULL, NULL, NULL);
    carc_game_free(g);
    g = replay_actions("bcb_bazaar_no_auction.rec", -1);
    for (int p = -1; p < carc_game_num_players(g); p++) expect_held(g, p, NULL, NULL, NULL);
    carc_game_free(g);
}
END_TEST

START_TEST(errors_and_needed)
{
    carc_game *g = replay_actions("bcb_bazaar_round.rec", 6);
    int32_t types[3] = {-7, -7, -7};
    size_t needed = 99;
    ck_assert_int_eq(carc_game_held_tiles(NULL, -1, types, 3, &needed), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_held_tiles(g, -2, types, 3, &needed), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_held_tiles(g, 3, types, 3, &needed), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_held_tiles(g, -1, NULL, 3, &needed), CARC_E_INVALID);
    ck_assert_uint_eq(needed, 99); /* untouched on an argument error */
    /* size first */
    ck_assert_int_eq(carc_game_held_tiles(g, -1, NULL, 0, &needed), CARC_E_BUFFER);
    ck_assert_uint_eq(needed, 3);
    /* short: the first cap written, nothing past them */
    needed = 0;
    ck_assert_int_eq(carc_game_held_tiles(g, -1, types, 2, &needed), CARC_E_BUFFER);
    ck_assert_uint_eq(needed, 3);
    ck_assert_int_eq(types[0], T("U"));
    ck_assert_int_eq(types[1], T("V"));
    ck_assert_int_eq(types[2], -7);
    /* exact; needed may be NULL */
    ck_assert_int_eq(carc_game_held_tiles(g, -1, types, 3, NULL), CARC_OK);
    ck_assert_int_eq(types[2], T("B"));
    /* a player with nothing: OK with NULL, 0 */
    ck_assert_int_eq(carc_game_held_tiles(g, 0, NULL, 0, &needed), CARC_OK);
    ck_assert_uint_eq(needed, 0);
    carc_game_free(g);

    /* a base game: nobody holds anything */
    carc_options o;
    carc_options_init(&o);
    o.num_players = 6;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    for (int p = -1; p < 6; p++) {
        needed = 99;
        ck_assert_int_eq(carc_game_held_tiles(g, p, types, 3, &needed), CARC_OK);
        ck_assert_uint_eq(needed, 0);
    }
    ck_assert_int_eq(carc_game_held_tiles(g, 6, types, 3, &needed), CARC_E_INVALID);
    carc_game_free(g);
}
END_TEST

static char *picture(const carc_game *g, int svg)
{
    size_t need = 0;
    carc_board_view v;
    carc_board_view_init(&v);
    v.width = 120;
    int rc = svg ? carc_game_board_svg(g, NULL, 0, &need) : carc_game_board_view(g, &v, NULL, 0, &need);
    ck_assert_int_eq(rc, CARC_E_BUFFER);
    char *buf = malloc(need);
    ck_assert_ptr_nonnull(buf);
    rc = svg ? carc_game_board_svg(g, buf, need, NULL) : carc_game_board_view(g, &v, buf, need, NULL);
    ck_assert_int_eq(rc, CARC_OK);
    return buf;
}

START_TEST(pictures_show_held_tiles)
{
    /* mid-auction: Blue holds U, V and B lie face up */
    carc_game *g = replay_actions("bcb_bazaar_round.rec", 11);
    char *svg = picture(g, 1);
    ck_assert_msg(strstr(svg, "class=\"face-up\"") && strstr(svg, "face up: V, B"), "face-up row");
    ck_assert_msg(strstr(svg, "class=\"held\" data-player=\"1\"") && strstr(svg, "holds U<"),
                  "Blue's held tile");
    ck_assert_ptr_null(strstr(svg, "class=\"held\" data-player=\"0\"")); /* nothing for Red */
    free(svg);
    char *view = picture(g, 0);
    ck_assert_msg(strstr(view, "face up: V, B\n") != NULL, "%s", view);
    ck_assert_msg(strstr(view, "player 1: -3 points; supply: 7 followers; holds U\n") != NULL,
                  "%s", view);
    ck_assert_msg(strstr(view, "player 0: 3 points; supply: 7 followers\n") != NULL, "%s", view);
    free(view);
    carc_game_free(g);

    /* after the auction: Red holds V, Green B; nothing face up */
    g = replay_actions("bcb_bazaar_round.rec", 15);
    svg = picture(g, 1);
    ck_assert_ptr_null(strstr(svg, "face-up"));
    ck_assert_msg(strstr(svg, "holds V<") && strstr(svg, "holds B<"), "held tiles");
    ck_assert_ptr_null(strstr(svg, "holds U"));
    free(svg);
    view = picture(g, 0);
    ck_assert_ptr_null(strstr(view, "face up"));
    ck_assert_msg(strstr(view, "; holds V\n") && strstr(view, "; holds B\n"), "%s", view);
    free(view);
    carc_game_free(g);
}
END_TEST

START_TEST(replay_viewer_lists_held_tiles)
{
    /* every step lists each player's held tiles and the face-up row */
    size_t len, need = 0;
    char *text = read_file("bcb_bazaar_round.rec", &len);
    carc_record_error err;
    ck_assert_int_eq(carc_record_html(text, len, NULL, 0, &need, &err), CARC_E_BUFFER);
    char *html = malloc(need);
    ck_assert_ptr_nonnull(html);
    ck_assert_int_eq(carc_record_html(text, len, html, need, NULL, &err), CARC_OK);
    ck_assert_ptr_nonnull(strstr(html, "<th>holds</th>"));
    ck_assert_ptr_nonnull(strstr(html, "<td class=\"held\"></td>"));
    /* after the reveals; Blue bought U; Red holds V and Green B */
    ck_assert_ptr_nonnull(strstr(html, ",[[],[],[]],[\"U\",\"V\",\"B\"]],\n"));
    ck_assert_ptr_nonnull(strstr(html, ",[[],[\"U\"],[]],[\"V\",\"B\"]],\n"));
    ck_assert_ptr_nonnull(strstr(html, ",[[\"V\"],[],[\"B\"]],[]],\n"));
    free(html);
    free(text);

    /* a base game's viewer has no such column */
    const char *base = "carcvar-record 2\nplayers 2\nseed 1\n";
    ck_assert_int_eq(carc_record_html(base, strlen(base), NULL, 0, &need, &err), CARC_E_BUFFER);
    html = malloc(need);
    ck_assert_ptr_nonnull(html);
    ck_assert_int_eq(carc_record_html(base, strlen(base), html, need, NULL, &err), CARC_OK);
    ck_assert_ptr_null(strstr(html, "holds"));
    free(html);
}
END_TEST

/* Every tile is somewhere: for each tile type, the copies in the pile, on
 * the board, held by a player, face up, in hand (a place decision) and set
 * aside add up to the copies the game began with -- at every decision of
 * seeded random games with bazaars, so carc_game_held_tiles neither counts
 * a tile twice (a held tile also in hand) nor loses one.  A held tile that
 * fits nowhere when its turn comes leaves the game (doc/rules.md, Bazaars)
 * and is listed by carc_game_set_aside like a drawn one. */
static void tile_census(const carc_game *g, int nt, int *count, bool aside)
{
    int n = carc_game_num_players(g);
    for (int t = 0; t < nt; t++) count[t] = carc_game_tiles_remaining(g, t);
    for (int i = 0; i < carc_game_tile_count(g); i++) {
        carc_placed_tile pt;
        ck_assert_int_eq(carc_game_tile_by_order(g, i, &pt), CARC_OK);
        count[pt.type]++;
    }
    int32_t types[64];
    size_t k = 0;
    for (int p = -1; p < n; p++) {
        ck_assert_int_eq(carc_game_held_tiles(g, p, types, 64, &k), CARC_OK);
        ck_assert_uint_le(k, p < 0 ? (size_t)n : 1); /* a row of n; one tile each */
        for (size_t i = 0; i < k; i++) count[types[i]]++;
    }
    carc_decision d;
    ck_assert_int_eq(carc_game_decision(g, &d), CARC_OK);
    if (d.kind == CARC_DECISION_PLACE) count[d.tile]++;
    if (!aside) return; /* replays the history when a tile was set aside: only when needed */
    ck_assert_int_eq(carc_game_set_aside(g, types, 64, &k), CARC_OK);
    for (size_t i = 0; i < k; i++) count[types[i]]++;
}

START_TEST(random_games_account_for_every_tile)
{
    int nt = carc_tile_type_count(), bazaars = 0, held_seen = 0, left_game = 0;
    int *init = calloc((size_t)nt, sizeof *init), *now = calloc((size_t)nt, sizeof *now);
    ck_assert_ptr_nonnull(init);
    ck_assert_ptr_nonnull(now);
    /* games 0-59, and game 897 (4 players, every module of 0.5.0): there a held
     * bazaar tile fits nowhere when its turn comes and is set aside */
    for (int i = 0; i < 61; i++) {
        int game = i < 60 ? i : 897;
        uint64_t r = 12345u + 7919u * (uint64_t)game; /* per game: each can run alone */
        carc_options o;
        carc_options_init(&o);
        o.num_players = 2 + game % 5;
        o.seed = (uint64_t)game + 1;
        o.modules |= 1ull << CARC_MODULE_BRIDGES_CASTLES;
        if (game % 3 == 2) o.rules[33] = 2; /* bcb_bazaar: no auction */
        if (game >= 40 && game < 60) /* with every other module of the build */
            for (int m = 1; m < 32; m++)
                if (carc_module_available(m) == 1) o.modules |= 1ull << m;
        if (game == 897) /* the modules of 0.5.0, where this game sets a tile aside */
            o.modules |= 1ull << CARC_MODULE_INNS_CATHEDRALS | 1ull << CARC_MODULE_TRADERS_BUILDERS |
                         1ull << CARC_MODULE_ABBEY_MAYOR | 1ull << CARC_MODULE_BIG_TOP;
        carc_game *g = NULL;
        ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
        /* types with no copy at the start are not drawn (abbeys: a player's
         * own tile, laid instead of drawing): left out */
        tile_census(g, nt, init, true);
        int32_t ids[2048], before[CARC_MAX_PLAYERS], held[CARC_MAX_PLAYERS];
        for (int p = 0; p < o.num_players; p++) before[p] = -1;
        for (;;) {
            size_t k = 0;
            for (int p = 0; p < o.num_players; p++) {
                ck_assert_int_eq(carc_game_held_tiles(g, p, held + p, 1, &k), CARC_OK);
                if (!k) held[p] = -1;
            }
            tile_census(g, nt, now, false);
            /* a copy missing without the set-aside tiles: look them up (a
             * held tile that fitted nowhere is one: counted in left_game) */
            for (int t = 0; t < nt; t++)
                if (init[t] && now[t] != init[t]) {
                    for (int p = 0; p < o.num_players; p++)
                        if (before[p] == t && held[p] < 0 && now[t] == init[t] - 1) {
                            left_game++;
                            break;
                        }
                    tile_census(g, nt, now, true);
                    break;
                }
            for (int t = 0; t < nt; t++)
                ck_assert_msg(!init[t] || now[t] == init[t], "game %d: %s %d copies, expected %d",
                              game, carc_tile_name(t), now[t], init[t]);
            memcpy(before, held, sizeof held);
            if (carc_game_is_terminal(g) != 0) break;
            if (carc_game_held_tiles(g, -1, NULL, 0, &k) == CARC_E_BUFFER && k) bazaars++;
            for (int p = 0; p < o.num_players; p++)
                held_seen += carc_game_held_tiles(g, p, NULL, 0, &k) == CARC_E_BUFFER;
            if (sample_if_chance(g)) continue;
            size_t n = 0;
            ck_assert_int_eq(carc_game_legal_ids(g, ids, 2048, &n), CARC_OK);
            ck_assert_uint_gt(n, 0);
            r = r * 6364136223846793005ull + 1442695040888963407ull;
            /* bids: mostly small, so auctions are raised and sold */
            size_t pick = (size_t)(r >> 33) % n;
            if (n > 100 && (r >> 20) % 4) pick = (size_t)(r >> 40) % 4;
            ck_assert_int_eq(carc_game_apply_id(g, ids[pick]), CARC_OK);
        }
        carc_game_free(g);
    }
    /* the games did reach bazaars and held tiles */
    ck_assert_int_gt(bazaars, 60);
    ck_assert_int_gt(held_seen, 60);
    /* left_game: held tiles that fitted nowhere, found among the set-aside
     * tiles (game 897) */
    ck_assert_int_ge(left_game, 1);
    free(init);
    free(now);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("held");
    TCase *tc = tcase_create("held");
    tcase_add_test(tc, bazaar_round);
    tcase_add_test(tc, no_auction_variant);
    tcase_add_test(tc, errors_and_needed);
    tcase_add_test(tc, pictures_show_held_tiles);
    tcase_add_test(tc, replay_viewer_lists_held_tiles);
    tcase_add_test(tc, random_games_account_for_every_tile);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
