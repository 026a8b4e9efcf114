/* The views of pig throwing and the Dungeon (issues 32 and 33,
 * "Interfaces"), through the public API:
 *  - carc_game_last_throw: the last throw of the scenario records
 *    tests/scenarios/pig_*.rec field by field (who, from, to, the path, the
 *    kind, the knock-off, the stance, the squashed), its refusals, a clone
 *    and a deserialized game answering the same;
 *  - that throw drawn in the SVG board, the board text, the board view and
 *    the replay viewer (per step), apart from the legal throws' marks;
 *  - the replay viewer's Dungeon summary per step, and the SVG panel wide
 *    enough for the Dungeon's summary. */
#include <carcvar/carcvar.h>
#include <check.h>

#include "run_suite.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle)) n++;
    return n;
}

/* The first `lines` lines of a scenario record (all: -1), "# expect" lines
 * left out. */
static char *record_text(const char *name, int lines)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", SCENARIO_DIR, name);
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    static char line[4096];
    size_t cap = 1 << 16, n = 0;
    char *out = malloc(cap);
    for (int k = 0; (lines < 0 || k < lines) && fgets(line, sizeof line, f); k++) {
        if (!strncmp(line, "# expect", 8)) continue;
        size_t l = strlen(line);
        ck_assert_uint_lt(n + l, cap);
        memcpy(out + n, line, l);
        n += l;
    }
    out[n] = 0;
    fclose(f);
    return out;
}

static carc_game *replay(const char *name, int lines)
{
    char *text = record_text(name, lines);
    carc_game *g = NULL;
    carc_record_error err;
    int rc = carc_record_replay(&g, text, strlen(text), &err);
    ck_assert_msg(rc == CARC_OK, "%s: line %d: %s", name, err.line, err.message);
    free(text);
    return g;
}

static carc_throw_record last(const carc_game *g)
{
    carc_throw_record r;
    memset(&r, 0x5a, sizeof r);
    r.size = sizeof r;
    ck_assert_int_eq(carc_game_last_throw(g, &r), CARC_OK);
    ck_assert_uint_eq(r.size, sizeof r);
    return r;
}

static void path_is(const carc_throw_record *r, int n, const int *xy)
{
    ck_assert_int_eq(r->num_path, n);
    for (int i = 0; i < n; i++) {
        ck_assert_int_eq(r->path_x[i], xy[2 * i]);
        ck_assert_int_eq(r->path_y[i], xy[2 * i + 1]);
    }
}

typedef int (*text_fn)(const carc_game *, char *, size_t, size_t *);

/* the board view, 400 columns wide: no line is wrapped */
static int board_view(const carc_game *g, char *buf, size_t cap, size_t *needed)
{
    carc_board_view v;
    carc_board_view_init(&v);
    v.width = 400;
    return carc_game_board_view(g, &v, buf, cap, needed);
}

static char *text_of(text_fn fn, const carc_game *g)
{
    size_t need = 0;
    ck_assert_int_eq(fn(g, NULL, 0, &need), CARC_E_BUFFER);
    char *buf = malloc(need);
    ck_assert_int_eq(fn(g, buf, need, &need), CARC_OK);
    return buf;
}

/* ------------------------------------------------------- the query */

/* pig_throw_gaps_squash.rec: P0's pig from -3,-1 over two gaps onto E at
 * 0,-1 (3 followers in supply: 3 tiles), squashing P1's farmer (figure 7). */
START_TEST(last_throw_squash)
{
    carc_game *g = replay("pig_throw_gaps_squash.rec", 77); /* before the segment */
    carc_throw_record r;
    memset(&r, 0x5a, sizeof r);
    r.size = sizeof r;
    ck_assert_int_eq(carc_game_last_throw(g, &r), CARC_E_NOTFOUND); /* none yet */
    ck_assert_uint_eq(r.size, sizeof r);
    ck_assert_int_eq(r.pig, -1);
    ck_assert_int_eq(r.knock, -1);
    ck_assert_int_eq(r.num_path, 0);
    carc_game_free(g);

    g = replay("pig_throw_gaps_squash.rec", 78);
    r = last(g);
    ck_assert_int_eq(r.turn, 11);
    ck_assert_int_eq(r.this_turn, 1);
    ck_assert_int_eq(r.player, 0);
    ck_assert_int_eq(r.pig, 15);
    ck_assert_int_eq(r.from_x, -3);
    ck_assert_int_eq(r.from_y, -1);
    ck_assert_int_eq(r.x, 0);
    ck_assert_int_eq(r.y, -1);
    ck_assert_int_eq(r.segment, 1);
    ck_assert_int_eq(r.distance, 3);
    ck_assert_int_eq(r.kind, 0);
    ck_assert_int_eq(r.knock, -1);
    ck_assert_int_eq(r.outcome, CARC_THROW_LANDS);
    ck_assert_int_eq(r.stance_figure, -1);
    ck_assert_int_eq(r.replacing_figure, -1);
    ck_assert_int_eq(r.num_squashed, 1);
    ck_assert_int_eq(r.squashed[0], 7);
    static const int path[] = {-3, -1, -2, -1, -1, -1, 0, -1};
    path_is(&r, 4, path);
    for (int i = 0; i < 8; i++) ck_assert_int_eq(r.reserved[i], 0);
    /* the squashed farmer is home, the pig on E */
    carc_figure figs[64];
    size_t nf = 0;
    ck_assert_int_eq(carc_game_figures(g, figs, 64, &nf), CARC_OK);
    ck_assert_int_eq(figs[7].where, CARC_WHERE_SUPPLY);
    ck_assert_int_eq(figs[15].x, 0);
    ck_assert_int_eq(figs[15].y, -1);

    /* a clone and a deserialized game answer the same */
    carc_game *c = NULL;
    ck_assert_int_eq(carc_game_clone(&c, g), CARC_OK);
    carc_throw_record rc = last(c);
    ck_assert_int_eq(memcmp(&rc, &r, sizeof r), 0);
    carc_game_free(c);
    size_t need = 0;
    ck_assert_int_eq(carc_game_serialize(g, NULL, 0, &need), CARC_E_BUFFER);
    uint8_t *buf = malloc(need);
    ck_assert_int_eq(carc_game_serialize(g, buf, need, &need), CARC_OK);
    ck_assert_int_eq(carc_game_deserialize(&c, buf, need), CARC_OK);
    rc = last(c);
    ck_assert_int_eq(memcmp(&rc, &r, sizeof r), 0);
    carc_game_free(c);
    free(buf);

    /* refusals: the game unchanged, nothing written */
    memset(&r, 0x5a, sizeof r);
    r.size = sizeof r - 4;
    ck_assert_int_eq(carc_game_last_throw(g, &r), CARC_E_INVALID);
    ck_assert_uint_eq(r.size, sizeof r - 4);
    ck_assert_int_eq(r.turn, 0x5a5a5a5a);
    r.size = sizeof r;
    ck_assert_int_eq(carc_game_last_throw(NULL, &r), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_last_throw(g, NULL), CARC_E_INVALID);
    carc_game_free(g);

    /* a game without pig throwing */
    carc_options o;
    carc_options_init(&o);
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    r.size = sizeof r;
    ck_assert_int_eq(carc_game_last_throw(g, &r), CARC_E_NOTFOUND);
    carc_game_free(g);
}
END_TEST

/* The high throw with the precision knock-off (figure 7 off the tower),
 * the defensive stance replaced and caught, the dragon's meal (the second
 * throw of a game is the last, made by the other player on a later turn). */
START_TEST(last_throw_kinds)
{
    carc_game *g = replay("pig_throw_high_precision.rec", 101);
    carc_throw_record r = last(g);
    ck_assert_int_eq(r.player, 0);
    ck_assert_int_eq(r.turn, 15);
    ck_assert_int_eq(r.from_x, 1);
    ck_assert_int_eq(r.x, 5);
    ck_assert_int_eq(r.y, -1);
    ck_assert_int_eq(r.distance, 4);
    ck_assert_int_eq(r.kind, 2); /* high */
    ck_assert_int_eq(r.knock, 7);
    ck_assert_int_eq(r.outcome, CARC_THROW_LANDS);
    ck_assert_int_eq(r.num_squashed, 0);
    static const int hp[] = {1, -1, 2, -1, 3, -1, 4, -1, 5, -1};
    path_is(&r, 5, hp);
    carc_game_free(g);

    g = replay("pig_stance_replaced.rec", 78);
    r = last(g);
    ck_assert_int_eq(r.distance, 7);
    ck_assert_int_eq(r.kind, 2);
    ck_assert_int_eq(r.outcome, CARC_THROW_REPLACED);
    ck_assert_int_eq(r.stance_figure, 15);
    ck_assert_int_eq(r.replacing_figure, 7);
    ck_assert_int_eq(r.num_squashed, 0);
    ck_assert_int_eq(r.num_path, 8);
    ck_assert_int_eq(r.path_x[7], 0);
    carc_game_free(g);

    g = replay("pig_stance_caught_long.rec", 64);
    r = last(g);
    ck_assert_int_eq(r.distance, 7);
    ck_assert_int_eq(r.kind, 1); /* long */
    ck_assert_int_eq(r.outcome, CARC_THROW_CAUGHT);
    ck_assert_int_eq(r.stance_figure, 15);
    ck_assert_int_eq(r.replacing_figure, -1);
    carc_game_free(g);

    g = replay("pig_dragon_nap.rec", 59); /* P0's pig eaten on turn 7 */
    r = last(g);
    ck_assert_int_eq(r.player, 0);
    ck_assert_int_eq(r.turn, 7);
    ck_assert_int_eq(r.this_turn, 0); /* the turn has passed to P1 */
    ck_assert_int_eq(r.outcome, CARC_THROW_EATEN);
    ck_assert_int_eq(r.x, -3);
    ck_assert_int_eq(r.from_x, 3);
    ck_assert_int_eq(r.path_x[1], 2); /* westward */
    carc_game_free(g);
    g = replay("pig_dragon_nap.rec", -1); /* then P1's on turn 8: the last */
    r = last(g);
    ck_assert_int_eq(r.player, 1);
    ck_assert_int_eq(r.turn, 8);
    ck_assert_int_eq(r.pig, 17);
    ck_assert_int_eq(r.from_x, -1);
    ck_assert_int_eq(r.x, 5);
    ck_assert_int_eq(r.segment, 2);
    ck_assert_int_eq(r.outcome, CARC_THROW_EATEN);
    carc_game_free(g);
}
END_TEST

/* ------------------------------------------------------- the views */

START_TEST(views_draw_last_throw)
{
    carc_game *g = replay("pig_throw_gaps_squash.rec", 78);
    char *svg = text_of(carc_game_board_svg, g);
    ck_assert_int_eq(count(svg, "class=\"pig-last-throw\""), 1);
    ck_assert_ptr_nonnull(strstr(svg, "class=\"pig-last-throw\" data-player=\"0\" data-turn=\"11\" "
                                      "data-this-turn=\"1\" data-from-x=\"-3\" data-from-y=\"-1\" "
                                      "data-x=\"0\" data-y=\"-1\" data-distance=\"3\" "
                                      "data-kind=\"normal\" data-outcome=\"lands\" "
                                      "data-squashed=\"1\">"));
    ck_assert_int_eq(count(svg, "class=\"pig-path-cell\""), 4);
    ck_assert_ptr_nonnull(strstr(svg, "class=\"pig-path-cell\" data-x=\"-2\" data-y=\"-1\""));
    ck_assert_int_eq(count(svg, "class=\"pig-arrow\""), 1);
    ck_assert_int_eq(count(svg, "class=\"pig-gone\""), 0);
    ck_assert_int_eq(count(svg, "class=\"pig-throws\""), 0); /* no legal throw now */
    free(svg);
    char *text = text_of(carc_game_board_text, g);
    ck_assert_msg(strstr(text, "last pig throw (turn 11, this turn, player 0): -3,-1 -2,-1 -1,-1 "
                               "0,-1; 3 tiles, normal; landed; 1 squashed\n"),
                  "%s", text);
    free(text);
    text = text_of(board_view, g);
    ck_assert_msg(strstr(text, "pig thrown this turn by player 0: -3,-1 -2,-1 -1,-1 0,-1"), "%s",
                  text);
    free(text);
    carc_game_free(g);

    /* before the throw: the legal throws' marks, no last throw */
    g = replay("pig_throw_gaps_squash.rec", 76);
    svg = text_of(carc_game_board_svg, g);
    ck_assert_int_eq(count(svg, "class=\"pig-last-throw\""), 0);
    ck_assert_int_eq(count(svg, "class=\"pig-throws\""), 1);
    free(svg);
    text = text_of(carc_game_board_text, g);
    ck_assert_ptr_null(strstr(text, "pig throw"));
    free(text);
    carc_game_free(g);

    /* eaten on an earlier turn: faint, crossed out */
    g = replay("pig_dragon_nap.rec", 59);
    svg = text_of(carc_game_board_svg, g);
    ck_assert_ptr_nonnull(strstr(svg, "data-this-turn=\"0\""));
    ck_assert_ptr_nonnull(strstr(svg, "data-outcome=\"eaten\" data-squashed=\"0\" "
                                      "opacity=\"0.45\">"));
    ck_assert_int_eq(count(svg, "class=\"pig-gone\""), 1);
    free(svg);
    text = text_of(carc_game_board_text, g);
    ck_assert_msg(strstr(text, "last pig throw (turn 7, player 0): 3,0 2,0 1,0 0,0 -1,0 -2,0 -3,0; "
                               "6 tiles, normal; eaten by the dragon\n"),
                  "%s", text);
    free(text);
    text = text_of(board_view, g);
    ck_assert_msg(strstr(text, "pig thrown on turn 7 by player 0:"), "%s", text);
    free(text);
    carc_game_free(g);
}
END_TEST

static char *html_of(const char *name)
{
    char *rec = record_text(name, -1);
    size_t need = 0;
    carc_record_error err;
    ck_assert_int_eq(carc_record_html(rec, strlen(rec), NULL, 0, &need, &err), CARC_E_BUFFER);
    char *buf = malloc(need);
    ck_assert_int_eq(carc_record_html(rec, strlen(rec), buf, need, &need, &err), CARC_OK);
    free(rec);
    return buf;
}

/* The viewer draws each throw from its step on: the two throws of
 * pig_dragon_nap.rec (turns 7 and 8), each once a turn it is shown in. */
START_TEST(html_last_throw_per_step)
{
    char *html = html_of("pig_dragon_nap.rec");
    ck_assert_int_ge(count(html, "class=\"pig-last-throw\""), 2);
    ck_assert_int_ge(count(html, "class=\"pig-last-throw\" data-player=\"0\" data-turn=\"7\""), 1);
    ck_assert_int_ge(count(html, "class=\"pig-last-throw\" data-player=\"1\" data-turn=\"8\""), 1);
    /* every drawing sits in a span of steps */
    for (const char *p = strstr(html, "class=\"pig-last-throw\""); p;
         p = strstr(p + 1, "class=\"pig-last-throw\"")) {
        const char *span = NULL;
        for (const char *q = strstr(html, "<g class=\"span\""); q && q < p;
             q = strstr(q + 1, "<g class=\"span\""))
            span = q;
        ck_assert_ptr_nonnull(span);
        ck_assert_ptr_null(memchr(span, '\n', (size_t)(p - span)));
    }
    free(html);
    html = html_of("pig_throw_gaps_squash.rec");
    ck_assert_int_ge(count(html, "data-from-x=\"-3\" data-from-y=\"-1\" data-x=\"0\" data-y=\"-1\""),
                     1);
    free(html);
}
END_TEST

/* The Dungeon in the viewer: per step who is below, the dragon and the
 * fairy there (dungeon_dragon_rushes_in_fairy_escort.rec: Blue's follower
 * goes down, the dragon rushes in, the fairy joins the follower). */
START_TEST(html_dungeon_summary)
{
    char *html = html_of("dungeon_dragon_rushes_in_fairy_escort.rec");
    ck_assert_int_eq(count(html, "<div id=\"dungeon\" class=\"dungeon-summary\"></div>"), 1);
    ck_assert_ptr_nonnull(strstr(html, "\"in the dungeon: nobody; 0 entrances\"]"));
    ck_assert_ptr_nonnull(strstr(html, "\"in the dungeon: player 1's follower; 1 entrance\"]"));
    ck_assert_ptr_nonnull(strstr(html, "\"in the dungeon: player 1's follower; the dragon is "
                                       "inside; the fairy beside player 1's follower; 2 "
                                       "entrances\"]"));
    ck_assert_ptr_nonnull(strstr(html, "\"in the dungeon: nobody; the dragon is inside; 2 "
                                       "entrances\"]"));
    ck_assert_ptr_nonnull(strstr(html, "getElementById('dungeon')"));
    /* every step has the summary: as many as the steps */
    int steps = count(html, "<li data-step=");
    ck_assert_int_eq(count(html, "\"in the dungeon: "), steps);
    free(html);
    /* a game without the Dungeon: no summary */
    html = html_of("pig_throw_gaps_squash.rec");
    ck_assert_int_eq(count(html, "in the dungeon"), 0);
    ck_assert_int_eq(count(html, "id=\"dungeon\""), 0);
    free(html);
}
END_TEST

/* The SVG is as wide as the Dungeon's summary row: its last character
 * (about 7 units each) ends inside the picture, for 2 to 6 players. */
START_TEST(svg_panel_fits_dungeon_summary)
{
    for (int players = 2; players <= 6; players++) {
        carc_options o;
        carc_options_init(&o);
        o.num_players = players;
        o.seed = 7;
        static const char *const mods[] = {"tower", "princess_dragon", "dungeon"};
        for (int m = 0; m < 3; m++) {
            int id = carc_module_by_name(mods[m]);
            ck_assert_int_ge(id, 0);
            o.modules |= 1ull << id;
        }
        carc_game *g;
        ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
        char *svg = text_of(carc_game_board_svg, g);
        int w = 0, h = 0;
        const char *vb = strstr(svg, "viewBox=\"0 0 ");
        ck_assert_ptr_nonnull(vb);
        ck_assert_int_eq(sscanf(vb, "viewBox=\"0 0 %d %d", &w, &h), 2);
        const char *ds = strstr(svg, "<text class=\"dungeon-summary\"");
        ck_assert_ptr_nonnull(ds);
        int x = 0;
        const char *xs = strstr(ds, " x=\"");
        ck_assert_int_eq(sscanf(xs, " x=\"%d", &x), 1);
        const char *body = strchr(ds, '>') + 1, *end = strstr(body, "</text>");
        int right = x + 7 * (int)(end - body);
        ck_assert_msg(right <= w - 8, "%d players: the summary ends at %d, the picture is %d wide",
                      players, right, w);
        free(svg);
        carc_game_free(g);
    }
}
END_TEST

static Suite *views_suite(void)
{
    Suite *s = suite_create("views-throw-dungeon");
    TCase *tc = tcase_create("views");
    tcase_add_test(tc, last_throw_squash);
    tcase_add_test(tc, last_throw_kinds);
    tcase_add_test(tc, views_draw_last_throw);
    tcase_add_test(tc, html_last_throw_per_step);
    tcase_add_test(tc, html_dungeon_summary);
    tcase_add_test(tc, svg_panel_fits_dungeon_summary);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return run_suite(views_suite()); }
