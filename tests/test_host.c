/* Host control (carc_game_new_setup): the first player, a chosen bag of
 * tiles (the game ends when it is empty), the tiles set aside, the scores
 * of play and of one turn; the setup survives serialization and records,
 * and bad setups are refused. */
#include <carcvar/carcvar.h>
#include <check.h>

#include "run_suite.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static carc_game *hosted(int first, const char *bag)
{
    carc_options o;
    carc_options_init(&o);
    o.seed = 1;
    carc_setup s;
    carc_setup_init(&s);
    s.first_player = first;
    if (bag) {
        s.bag_given = 1;
        char copy[256];
        snprintf(copy, sizeof copy, "%s", bag);
        for (char *t = strtok(copy, " "); t; t = strtok(NULL, " ")) {
            char *eq = strchr(t, '=');
            *eq = 0;
            s.bag[carc_tile_by_name(t)] = (uint8_t)atoi(eq + 1);
        }
    }
    carc_game *g = NULL;
    ck_assert_int_eq(carc_game_new_setup(&g, &o, &s), CARC_OK);
    return g;
}

static void play(carc_game *g, const char *text)
{
    carc_action a;
    ck_assert_int_eq(carc_action_from_string(g, text, &a), CARC_OK);
    ck_assert_msg(carc_game_apply(g, &a) == CARC_OK, "%s", text);
}

START_TEST(setup_defaults_and_refusals)
{
    carc_setup s;
    carc_setup_init(&s);
    ck_assert_uint_eq(s.struct_size, sizeof s);
    ck_assert_int_eq(s.first_player, 0);
    ck_assert_int_eq(s.bag_given, 0);
    carc_options o;
    carc_options_init(&o);
    carc_game *g = (carc_game *)1;
    ck_assert_int_eq(carc_game_new_setup(NULL, &o, &s), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_new_setup(&g, NULL, &s), CARC_E_INVALID);
    ck_assert_ptr_null(g);
    /* NULL setup: the defaults, the same game as carc_game_new */
    carc_game *a, *b;
    ck_assert_int_eq(carc_game_new_setup(&a, &o, NULL), CARC_OK);
    ck_assert_int_eq(carc_game_new(&b, &o), CARC_OK);
    uint8_t x[64], y[64];
    size_t nx, ny;
    ck_assert_int_eq(carc_game_serialize(a, x, sizeof x, &nx), CARC_E_BUFFER);
    ck_assert_int_eq(carc_game_serialize(b, y, sizeof y, &ny), CARC_E_BUFFER);
    ck_assert_uint_eq(nx, ny);
    carc_game_free(a);
    carc_game_free(b);
    const struct { int first, given; const char *tile; int count; size_t size; } bad[] = {
        {2, 0, NULL, 0, 0}, {-1, 0, NULL, 0, 0}, {0, 2, NULL, 0, 0},
        {0, 0, "U", 1, 0},  /* counts without a bag */
        {0, 1, "C", 2, 0},  /* one C in the set */
        {0, 1, "D", 4, 0},  /* four D, one is the start */
        {0, 1, NULL, 0, sizeof(carc_setup) - 1},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        carc_setup_init(&s);
        s.first_player = bad[i].first;
        s.bag_given = bad[i].given;
        if (bad[i].tile) s.bag[carc_tile_by_name(bad[i].tile)] = (uint8_t)bad[i].count;
        if (bad[i].size) s.struct_size = bad[i].size;
        ck_assert_msg(carc_game_new_setup(&g, &o, &s) == CARC_E_INVALID, "case %zu", i);
        ck_assert_ptr_null(g);
    }
    /* a bigger struct from a newer header: its tail must be zero */
    struct { carc_setup s; uint64_t extra; } big;
    memset(&big, 0, sizeof big);
    carc_setup_init(&big.s);
    big.s.struct_size = sizeof big;
    ck_assert_int_eq(carc_game_new_setup(&g, &o, &big.s), CARC_OK);
    carc_game_free(g);
    big.extra = 1;
    ck_assert_int_eq(carc_game_new_setup(&g, &o, &big.s), CARC_E_INVALID);
    /* three D is the most */
    carc_setup_init(&s);
    s.bag_given = 1;
    s.bag[carc_tile_by_name("D")] = 3;
    ck_assert_int_eq(carc_game_new_setup(&g, &o, &s), CARC_OK);
    ck_assert_int_eq(carc_game_tiles_remaining(g, -1), 3);
    carc_game_free(g);
}
END_TEST

START_TEST(first_player_plays_first)
{
    carc_options o;
    carc_options_init(&o);
    o.num_players = 3;
    carc_setup s;
    carc_setup_init(&s);
    s.first_player = 2;
    carc_game *g;
    ck_assert_int_eq(carc_game_new_setup(&g, &o, &s), CARC_OK);
    carc_setup back;
    ck_assert_int_eq(carc_game_setup(g, &back), CARC_OK);
    ck_assert_int_eq(back.first_player, 2);
    int want[] = {2, 0, 1, 2, 0};
    for (int k = 0; k < 5; k++) {
        ck_assert_int_eq(carc_game_sample_chance(g, NULL), CARC_OK);
        ck_assert_int_eq(carc_game_current_player(g), want[k]);
        int32_t id;
        size_t n;
        carc_game_legal_ids(g, &id, 1, &n);
        ck_assert_int_eq(carc_game_apply_id(g, id), CARC_OK); /* place */
        ck_assert_int_eq(carc_game_apply_id(g, 0), CARC_OK);  /* pass */
    }
    carc_game_free(g);
}
END_TEST

/* tests/scenarios/host_bag_first_player.rec, played through the API */
START_TEST(bag_set_aside_and_scores)
{
    carc_game *g = hosted(1, "C=1 E=1 U=2");
    ck_assert_int_eq(carc_game_tiles_remaining(g, -1), 4);
    size_t n = 99;
    ck_assert_int_eq(carc_game_set_aside(g, NULL, 0, &n), CARC_OK);
    ck_assert_uint_eq(n, 0);
    play(g, "draw E");
    ck_assert_int_eq(carc_game_current_player(g), 1);
    play(g, "place 0,-1 r2");
    play(g, "deploy follower city S");
    play(g, "draw C"); /* fits nowhere */
    ck_assert_int_eq(carc_game_set_aside(g, NULL, 0, &n), CARC_E_BUFFER);
    ck_assert_uint_eq(n, 1);
    int32_t types[4];
    ck_assert_int_eq(carc_game_set_aside(g, types, 4, &n), CARC_OK);
    ck_assert_int_eq(types[0], carc_tile_by_name("C"));
    play(g, "draw U");
    play(g, "place 1,0 r1");
    play(g, "deploy follower road W");
    play(g, "draw U");
    play(g, "place -1,0 r1");
    int32_t before[2];
    ck_assert_int_eq(carc_game_play_scores(g, before, 2), CARC_OK);
    ck_assert_int_eq(before[0], 0);
    ck_assert_int_eq(before[1], 4);
    play(g, "pass");
    ck_assert_int_eq(carc_game_is_terminal(g), 1); /* the bag is empty */
    int32_t s[2], fin[2];
    ck_assert_int_eq(carc_game_final_scores(g, fin, 2), CARC_OK);
    ck_assert_int_eq(fin[0], 3);
    ck_assert_int_eq(fin[1], 4);
    ck_assert_int_eq(carc_game_play_scores(g, s, 2), CARC_OK);
    ck_assert_int_eq(s[0], 0); /* the road scored only at the end */
    ck_assert_int_eq(s[1], 4);
    ck_assert_int_eq(carc_game_play_scores(g, s, 1), CARC_E_BUFFER);
    ck_assert_int_eq(carc_game_turn_points(g, 1, s, 2), CARC_OK);
    ck_assert_int_eq(s[0], 0);
    ck_assert_int_eq(s[1], 4);
    ck_assert_int_eq(carc_game_turn_points(g, 3, s, 2), CARC_OK);
    ck_assert_int_eq(s[0], 0); /* end-game scoring is not turn 3's */
    ck_assert_int_eq(s[1], 0);
    ck_assert_int_eq(carc_game_turn_points(g, 0, s, 2), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_turn_points(g, 4, s, 2), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_set_aside(g, types, 4, &n), CARC_OK);
    ck_assert_uint_eq(n, 1);

    /* the record: version 3 with the setup, replays to the same game */
    size_t len;
    ck_assert_int_eq(carc_game_write_record(g, NULL, 0, &len), CARC_E_BUFFER);
    char *rec = malloc(len);
    ck_assert_int_eq(carc_game_write_record(g, rec, len, &len), CARC_OK);
    ck_assert(strncmp(rec, "carcvar-record 3\n", 17) == 0);
    ck_assert(strstr(rec, "\nfirst-player 1\n") != NULL);
    ck_assert(strstr(rec, "\nbag C=1 E=1 U=2\n") != NULL);
    carc_game *r;
    carc_record_error err;
    ck_assert_msg(carc_record_replay(&r, rec, len, &err) == CARC_OK, "%d: %s", err.line,
                  err.message);
    carc_setup su;
    carc_game_setup(r, &su);
    ck_assert_int_eq(su.first_player, 1);
    ck_assert_int_eq(su.bag[carc_tile_by_name("U")], 2);
    ck_assert_int_eq(carc_game_final_scores(r, fin, 2), CARC_OK);
    ck_assert_int_eq(fin[0], 3);
    carc_game_free(r);
    /* the public record too */
    ck_assert_int_eq(carc_game_write_public_record(g, NULL, 0, &len), CARC_E_BUFFER);
    char *pub = malloc(len);
    ck_assert_int_eq(carc_game_write_public_record(g, pub, len, &len), CARC_OK);
    ck_assert_int_eq(carc_record_replay(&r, pub, len, &err), CARC_OK);
    carc_game_free(r);
    free(pub);
    free(rec);

    /* serialization: version 3, restored exactly; a damaged setup is refused */
    ck_assert_int_eq(carc_game_serialize(g, NULL, 0, &len), CARC_E_BUFFER);
    uint8_t *buf = malloc(len), *again = malloc(len);
    ck_assert_int_eq(carc_game_serialize(g, buf, len, &len), CARC_OK);
    ck_assert_int_eq(buf[4], 3);
    ck_assert_int_eq(carc_game_deserialize(&r, buf, len), CARC_OK);
    size_t len2;
    ck_assert_int_eq(carc_game_serialize(r, again, len, &len2), CARC_OK);
    ck_assert_uint_eq(len, len2);
    ck_assert(memcmp(buf, again, len) == 0);
    carc_game_free(r);
    buf[4] = 2; /* a version-2 reader would not see the setup */
    ck_assert_int_ne(carc_game_deserialize(&r, buf, len), CARC_OK);
    ck_assert_ptr_null(r);
    free(buf);
    free(again);
    carc_game_free(g);
}
END_TEST

START_TEST(record_setup_lines)
{
    const struct { const char *text; int line; int code; } bad[] = {
        {"carcvar-record 2\nfirst-player 1\n", 2, CARC_E_PARSE},
        {"carcvar-record 2\nbag U=1\n", 2, CARC_E_PARSE},
        {"carcvar-record 3\nfirst-player x\n", 2, CARC_E_PARSE},
        {"carcvar-record 3\nfirst-player 1\nfirst-player 1\n", 3, CARC_E_PARSE},
        {"carcvar-record 3\nbag U\n", 2, CARC_E_PARSE},
        {"carcvar-record 3\nbag Zz=1\n", 2, CARC_E_PARSE},
        {"carcvar-record 3\nbag U=0\n", 2, CARC_E_PARSE},
        {"carcvar-record 3\nbag U=1 U=1\n", 2, CARC_E_PARSE},
        {"carcvar-record 3\nbag U=1\nbag V=1 U=1\n", 3, CARC_E_PARSE}, /* U twice */
        {"carcvar-record 3\nbag C=2\ndraw C\n", 3, CARC_E_INVALID},
        {"carcvar-record 3\nfirst-player 2\ndraw C\n", 3, CARC_E_INVALID},
        {"carcvar-record 3\nbag U=1\ndraw V\n", 3, CARC_E_ILLEGAL},
        {"carcvar-record 3\ndraw U\nbag U=1\n", 3, CARC_E_PARSE},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        carc_game *g = (carc_game *)1;
        carc_record_error err;
        int rc = carc_record_replay(&g, bad[i].text, strlen(bad[i].text), &err);
        ck_assert_msg(rc == bad[i].code && err.line == bad[i].line,
                      "case %zu: rc %d line %d (%s)", i, rc, err.line, err.message);
        ck_assert_ptr_null(g);
    }
    /* an empty bag: the game is over at once */
    carc_game *g;
    carc_record_error err;
    const char *empty = "carcvar-record 3\nbag\n";
    ck_assert_int_eq(carc_record_replay(&g, empty, strlen(empty), &err), CARC_OK);
    ck_assert_int_eq(carc_game_is_terminal(g), 1);
    carc_game_free(g);
    /* the refusal says why */
    const char *why = "carcvar-record 3\nbag U=1\ndraw U\nplace 5,5 r0\n";
    ck_assert_int_eq(carc_record_replay(&g, why, strlen(why), &err), CARC_E_ILLEGAL);
    ck_assert_msg(strstr(err.message, "touches no tile") != NULL, "%s", err.message);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("host");
    TCase *tc = tcase_create("setup");
    tcase_add_test(tc, setup_defaults_and_refusals);
    tcase_add_test(tc, first_player_plays_first);
    tcase_add_test(tc, bag_set_aside_and_scores);
    tcase_add_test(tc, record_setup_lines);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
