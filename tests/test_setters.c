/* The setters' refusals say which argument is wrong (issue 34):
 * carc_options_set_rule_explain and carc_options_explain fill the
 * carc_explanation of actions -- the code the setter returns, the argument
 * at fault in position, a reason and a message naming the value and what it
 * may be -- and a record's rule line with an out-of-range value says the
 * range. */
#include <carcvar/carcvar.h>
#include <check.h>

#include "run_suite.h"

#include <stdio.h>
#include <string.h>

START_TEST(set_rule_explained)
{
    carc_options o, before;
    carc_options_init(&o);
    before = o;
    carc_explanation why;

    ck_assert_int_eq(carc_options_set_rule_explain(&o, "tiny_city", 7, &why), CARC_E_INVALID);
    ck_assert_int_eq(why.code, CARC_E_INVALID);
    ck_assert_int_eq(why.reason, CARC_REASON_OUT_OF_RANGE);
    ck_assert_int_eq(why.position, 3); /* the value */
    ck_assert_str_eq(why.message, "rule tiny_city takes 1 to 2 (default 2), not 7");
    ck_assert_mem_eq(&o, &before, sizeof o);

    ck_assert_int_eq(carc_options_set_rule_explain(&o, "bcb_bazaar_max_bid", 0, &why),
                     CARC_E_INVALID);
    ck_assert_int_eq(why.position, 3);
    ck_assert_str_eq(why.message, "rule bcb_bazaar_max_bid takes 1 to 1000 (default 100), not 0");

    ck_assert_int_eq(carc_options_set_rule_explain(&o, "tiny_cty", 1, &why), CARC_E_NOTFOUND);
    ck_assert_int_eq(why.code, CARC_E_NOTFOUND);
    ck_assert_int_eq(why.position, 2); /* the name */
    ck_assert_ptr_nonnull(strstr(why.message, "no rule named 'tiny_cty'; the rules are: tiny_city, "));
    /* every rule is listed, or the count of those left out is given */
    int listed = 0, total = 0;
    for (int r = 0; r < carc_rule_count(); r++)
        if (carc_rule_name(r)) {
            total++;
            listed += strstr(why.message, carc_rule_name(r)) != NULL;
        }
    if (listed < total) {
        char tail[64];
        snprintf(tail, sizeof tail, " and %d more (carc_rule_name lists them)", total - listed);
        ck_assert_ptr_nonnull(strstr(why.message, tail));
    }
    ck_assert_mem_eq(&o, &before, sizeof o);

    ck_assert_int_eq(carc_options_set_rule_explain(&o, NULL, 1, &why), CARC_E_INVALID);
    ck_assert_int_eq(why.position, 2);
    ck_assert_int_eq(carc_options_set_rule_explain(NULL, "tiny_city", 1, &why), CARC_E_INVALID);
    ck_assert_int_eq(why.position, 1);

    ck_assert_int_eq(carc_options_set_rule_explain(&o, "tiny_city", 1, &why), CARC_OK);
    ck_assert_int_eq(why.code, CARC_OK);
    ck_assert_int_eq(why.reason, CARC_REASON_LEGAL);
    ck_assert_int_eq(why.position, -1);
    ck_assert_int_eq(o.rules[CARC_RULE_TINY_CITY], 1);
    /* why may be NULL: then it is carc_options_set_rule */
    ck_assert_int_eq(carc_options_set_rule_explain(&o, "tiny_city", 3, NULL), CARC_E_INVALID);
    ck_assert_int_eq(carc_options_set_rule_explain(&o, "tiny_city", 2, NULL), CARC_OK);
}
END_TEST

/* carc_options_explain(o, s) and what carc_game_new_setup(o, s) returns. */
static void expect(const carc_options *o, const carc_setup *s, int code, int reason, int position,
                   const char *message)
{
    carc_explanation why;
    memset(&why, 0x55, sizeof why);
    ck_assert_int_eq(carc_options_explain(o, s, &why), CARC_OK);
    carc_game *g = NULL;
    int rc = carc_game_new_setup(&g, o, s);
    carc_game_free(g);
    ck_assert_int_eq(why.code, rc); /* exactly what the setter says */
    ck_assert_int_eq(why.code, code);
    ck_assert_int_eq(why.reason, reason);
    ck_assert_int_eq(why.position, position);
    ck_assert_msg(strcmp(why.message, message) == 0, "message '%s', not '%s'", why.message,
                  message);
}

START_TEST(options_explained)
{
    carc_options o;
    carc_setup s;
    carc_options_init(&o);
    carc_setup_init(&s);
    expect(&o, NULL, CARC_OK, CARC_REASON_LEGAL, -1, "a game can be created with these options");
    expect(&o, &s, CARC_OK, CARC_REASON_LEGAL, -1, "a game can be created with these options");

    o.num_players = 7;
    expect(&o, &s, CARC_E_INVALID, CARC_REASON_OUT_OF_RANGE, 1,
           "opts->num_players is 7: a game has 2 to 6 players");
    o.num_players = 1;
    expect(&o, NULL, CARC_E_INVALID, CARC_REASON_OUT_OF_RANGE, 1,
           "opts->num_players is 1: a game has 2 to 6 players");

    carc_options_init(&o);
    o.rules[CARC_RULE_TINY_CITY] = 5;
    expect(&o, &s, CARC_E_INVALID, CARC_REASON_OUT_OF_RANGE, 1,
           "opts->rules[0] (tiny_city) is 5: rule tiny_city takes 1 to 2 (default 2)");

    carc_options_init(&o);
    o.rules[CARC_MAX_RULES - 1] = 1;
    expect(&o, &s, CARC_E_INVALID, CARC_REASON_OUT_OF_RANGE, 1,
           "opts->rules[63] is 1, but no rule of this build has slot 63: leave it 0");

    carc_options_init(&o);
    ck_assert_int_eq(carc_options_set_rule(&o, "am_wagon_move", 1), CARC_OK);
    expect(&o, &s, CARC_E_INVALID, CARC_REASON_FORBIDDEN, 1,
           "opts->rules[16] (am_wagon_move) is 1, but its module abbey_mayor is not in play: "
           "add abbey_mayor to opts->modules or keep the default 2");
    o.modules |= 1u << CARC_MODULE_ABBEY_MAYOR;
    expect(&o, &s, CARC_OK, CARC_REASON_LEGAL, -1, "a game can be created with these options");

    carc_options_init(&o);
    o.modules |= 1ull << 40;
    expect(&o, &s, CARC_E_INVALID, CARC_REASON_OUT_OF_RANGE, 1,
           "opts->modules has bit 40, which names no module (carc_module_name)");
    /* a free module slot (every reserved one, 1-11, is built since 0.7.0) */
    carc_options_init(&o);
    ck_assert_ptr_null(carc_module_name(12));
    ck_assert_int_eq(carc_module_available(12), 0);
    o.modules |= 1u << 12;
    expect(&o, &s, CARC_E_INVALID, CARC_REASON_OUT_OF_RANGE, 1,
           "opts->modules has bit 12, which names no module (carc_module_name)");
    carc_options_init(&o);
    o.modules |= 1u << CARC_MODULE_DUNGEON; /* it requires the Tower */
    expect(&o, &s, CARC_E_INVALID, CARC_REASON_FORBIDDEN, 1,
           "opts->modules: module dungeon needs module tower (bit 4) on with it");

    carc_options_init(&o);
    o.struct_size = 8;
    char msg[200];
    snprintf(msg, sizeof msg, "opts->struct_size is 8, this library knows %zu bytes: "
             "initialise the options with carc_options_init", sizeof(carc_options));
    expect(&o, &s, CARC_E_INVALID, CARC_REASON_OUT_OF_RANGE, 1, msg);
    carc_options_init(&o);
    o.reserved0 = 3;
    expect(&o, &s, CARC_E_INVALID, CARC_REASON_OUT_OF_RANGE, 1,
           "opts->reserved0 is 3: it must be 0");

    /* the setup: the second argument */
    carc_options_init(&o);
    s.first_player = 2;
    expect(&o, &s, CARC_E_INVALID, CARC_REASON_OUT_OF_RANGE, 2,
           "setup->first_player is 2: there is no player 2 in a 2-player game (players 0 to 1)");
    o.num_players = 3;
    expect(&o, &s, CARC_OK, CARC_REASON_LEGAL, -1, "a game can be created with these options");

    carc_options_init(&o);
    carc_setup_init(&s);
    int d = carc_tile_by_name("D");
    s.bag_given = 1;
    s.bag[d] = 9;
    expect(&o, &s, CARC_E_INVALID, CARC_REASON_NOT_IN_BAG, 2,
           "setup->bag[3] (D) is 9, but the tile sets in play hold only 3 D to draw");
    s.bag[d] = 3;
    expect(&o, &s, CARC_OK, CARC_REASON_LEGAL, -1, "a game can be created with these options");
    int circus = -1;
    for (int t = 0; t < carc_tile_type_count(); t++) {
        carc_tile_info info;
        if (carc_tile_info_get(t, 0, &info) == CARC_OK && info.module == CARC_MODULE_BIG_TOP) {
            circus = t;
            break;
        }
    }
    ck_assert_int_ge(circus, 0);
    s.bag[circus] = 1;
    snprintf(msg, sizeof msg,
             "setup->bag[%d] (%s) is 1, but tile %s comes with module big_top, which is not in "
             "play", circus, carc_tile_name(circus), carc_tile_name(circus));
    expect(&o, &s, CARC_E_INVALID, CARC_REASON_NOT_IN_BAG, 2, msg);
    s.bag[circus] = 0;
    s.bag_given = 2;
    expect(&o, &s, CARC_E_INVALID, CARC_REASON_OUT_OF_RANGE, 2,
           "setup->bag_given is 2: it is 0 or 1");
    s.bag_given = 0;
    expect(&o, &s, CARC_E_INVALID, CARC_REASON_OUT_OF_RANGE, 2,
           "setup->bag[3] is 3 but setup->bag_given is 0: set bag_given to 1 to play from this bag");

    /* the options are checked before the setup */
    o.num_players = 9;
    expect(&o, &s, CARC_E_INVALID, CARC_REASON_OUT_OF_RANGE, 1,
           "opts->num_players is 9: a game has 2 to 6 players");

    carc_explanation why;
    ck_assert_int_eq(carc_options_explain(NULL, &s, &why), CARC_E_INVALID);
    ck_assert_int_eq(carc_options_explain(&o, &s, NULL), CARC_E_INVALID);
}
END_TEST

/* A record whose rule line holds a value out of range says the range
 * (it said "unknown rule or value"). */
START_TEST(record_rule_out_of_range)
{
    static const char rec[] = "carcvar-record 2\nplayers 2\nseed 3\nmodules base\n"
                              "rule tiny_city 9\ndraw W rng\n";
    carc_game *g = NULL;
    carc_record_error err;
    ck_assert_int_eq(carc_record_replay(&g, rec, sizeof rec - 1, &err), CARC_E_INVALID);
    ck_assert_ptr_null(g);
    ck_assert_int_eq(err.line, 5);
    ck_assert_str_eq(err.message, "'rule tiny_city 9': rule tiny_city takes 1 to 2 (default 2), not 9");
    static const char rec2[] = "carcvar-record 2\nplayers 2\nrule tiny_cty 1\n";
    ck_assert_int_eq(carc_record_replay(&g, rec2, sizeof rec2 - 1, &err), CARC_E_PARSE);
    ck_assert_int_eq(err.line, 3);
    ck_assert_str_eq(err.message,
                     "unknown rule 'tiny_cty' in 'rule tiny_cty 1' (carc_rule_name lists the rules)");
}
END_TEST

/* A record whose header makes no game says why and names the header line
 * at fault (it said "cannot create the game: invalid argument (NULL or out
 * of range)"). */
START_TEST(record_setup_refused)
{
    static const char fp[] = "carcvar-record 3\nplayers 2\nfirst-player 3\n\ndraw U\n";
    carc_game *g = NULL;
    carc_record_error err;
    ck_assert_int_eq(carc_record_replay(&g, fp, sizeof fp - 1, &err), CARC_E_INVALID);
    ck_assert_ptr_null(g);
    ck_assert_int_eq(err.line, 5); /* the game starts there */
    ck_assert_str_eq(err.message, "cannot create the game (line 3): setup->first_player is 3: "
                                  "there is no player 3 in a 2-player game (players 0 to 1)");
    static const char fp9[] = "carcvar-record 3\nplayers 2\nfirst-player 9\n";
    ck_assert_int_eq(carc_record_replay(&g, fp9, sizeof fp9 - 1, &err), CARC_E_PARSE);
    ck_assert_int_eq(err.line, 3);
    ck_assert_str_eq(err.message, "bad first player '9' (0 to players-1, at most 5)");
    static const char seed[] = "carcvar-record 3\nplayers 2\nseed -1\n";
    ck_assert_int_eq(carc_record_replay(&g, seed, sizeof seed - 1, &err), CARC_E_PARSE);
    ck_assert_str_eq(err.message, "bad seed '-1' (a whole number from 0 to 18446744073709551615)");
    static const char bag[] = "carcvar-record 3\nplayers 2\nbag U=1 D=9\ndraw U\n";
    ck_assert_int_eq(carc_record_replay(&g, bag, sizeof bag - 1, &err), CARC_E_INVALID);
    ck_assert_int_eq(err.line, 4);
    ck_assert_str_eq(err.message, "cannot create the game (line 3): setup->bag[3] (D) is 9, but "
                                  "the tile sets in play hold only 3 D to draw");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("setters");
    TCase *tc = tcase_create("explained");
    tcase_add_test(tc, set_rule_explained);
    tcase_add_test(tc, options_explained);
    tcase_add_test(tc, record_rule_out_of_range);
    tcase_add_test(tc, record_setup_refused);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
