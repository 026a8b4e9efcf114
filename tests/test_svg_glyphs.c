/* The board picture draws what the tile data and the figure kinds say,
 * so a module that lands later shows up with no change to svg.c: every
 * figure kind of the public enum has a glyph of its own; every tile tag,
 * segment tag and extension feature kind on the board is drawn under its
 * name (the probe modules' tiles carry all of them). White-box: links the
 * library with the probe modules (tests/probe). */
#include "core/state.h"
#include "api/picture.h"

#include <check.h>

#include "random_step.h"
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

/* A glyph drawn into buf; returns its drawing (after the </title>). */
static const char *glyph(char *buf, size_t cap, int kind, int player)
{
    outbuf o = {buf, cap, 0};
    carc__pic_glyph(&o, "figure", kind, player, NULL, 0, 0);
    ck_assert_int_eq(carc__out_finish(&o, NULL), CARC_OK);
    const char *body = strstr(buf, "</title>");
    ck_assert_ptr_nonnull(body);
    return body;
}

START_TEST(every_figure_kind_has_its_glyph)
{
    static char bufs[CARC_FIGURE_KINDS][4096];
    const char *body[CARC_FIGURE_KINDS];
    for (int k = 0; k < CARC_FIGURE_KINDS; k++) {
        body[k] = glyph(bufs[k], sizeof bufs[k], k, 1);
        const char *name = carc__figure_name(k);
        char cls[64];
        snprintf(cls, sizeof cls, "class=\"figure %s\"", name ? name : "unknown");
        ck_assert_msg(strstr(bufs[k], cls), "kind %d: %s", k, bufs[k]);
        ck_assert_int_eq(count(bufs[k], "<g"), count(bufs[k], "</g>"));
    }
    /* the named kinds (0..11) look different from each other and from the
     * fallback a kind without a glyph gets */
    for (int a = 0; a <= CARC_FIGURE_BIG_TOP; a++) {
        ck_assert_ptr_null(strstr(body[a], "?")); /* not the unknown-kind disc */
        for (int b = a + 1; b <= CARC_FIGURE_BIG_TOP; b++)
            ck_assert_msg(strcmp(body[a], body[b]) != 0, "kinds %d and %d look alike", a, b);
    }
    ck_assert_ptr_nonnull(strstr(body[13], "?13"));
    /* roles: a follower looks different as knight, thief, monk and farmer */
    static const char *const roles[] = {"knight", "thief", "monk", "farmer"};
    char rb[4][4096];
    for (int r = 0; r < 4; r++) {
        outbuf o = {rb[r], sizeof rb[r], 0};
        carc__pic_glyph(&o, "figure", CARC_FIGURE_FOLLOWER, 0, roles[r], 0, 0);
        ck_assert_int_eq(carc__out_finish(&o, NULL), CARC_OK);
        char cls[64];
        snprintf(cls, sizeof cls, "class=\"figure follower %s\"", roles[r]);
        ck_assert_ptr_nonnull(strstr(rb[r], cls));
        for (int q = 0; q < r; q++)
            ck_assert(strcmp(strstr(rb[r], "</title>"), strstr(rb[q], "</title>")) != 0);
    }
    ck_assert_ptr_nonnull(strstr(rb[3], "rotate(-90)")); /* the farmer lies down */
    /* players: distinct colours, and the number on the figure */
    for (int p = 0; p < CARC_MAX_PLAYERS; p++) {
        for (int q = 0; q < p; q++) ck_assert_str_ne(carc__pic_colour(p), carc__pic_colour(q));
        char buf[4096], num[32];
        glyph(buf, sizeof buf, CARC_FIGURE_FOLLOWER, p);
        snprintf(num, sizeof num, ">%d</text>", p);
        ck_assert_ptr_nonnull(strstr(buf, num));
    }
}
END_TEST

START_TEST(tags_by_name)
{
    /* a name with a glyph of its own, and one without: a badge with its
     * initial (not a cut-off word, issue 34), the whole name as its title */
    char a[2048], b[2048];
    outbuf o = {a, sizeof a, 0};
    carc__pic_tag(&o, "inn", 0, 0);
    carc__out_finish(&o, NULL);
    outbuf q = {b, sizeof b, 0};
    carc__pic_tag(&q, "lighthouse", 0, 0);
    carc__out_finish(&q, NULL);
    ck_assert_ptr_nonnull(strstr(a, "class=\"tag tag-inn\" data-tag=\"inn\""));
    ck_assert_ptr_null(strstr(a, "<text"));
    ck_assert_ptr_nonnull(strstr(b, "class=\"tag tag-lighthouse\""));
    ck_assert_ptr_nonnull(strstr(b, ">L</text>"));
    ck_assert_ptr_nonnull(strstr(b, "<title>lighthouse</title>"));
    ck_assert_ptr_null(strstr(b, ">ligh</text>"));
}
END_TEST

/* Play a seeded game of base + probe to the end; every tag and extension
 * kind of every placed tile is in the picture under its name. */
START_TEST(probe_game_shows_every_tag)
{
    carc_options opts;
    carc_options_init(&opts);
    opts.seed = 5;
    opts.modules |= 1ull << carc_module_by_name("probe");
    opts.modules |= 1ull << carc_module_by_name("probe2"); /* its tile set */
    ck_assert_int_eq(carc_options_set_rule(&opts, "probe2_start", 2), CARC_OK); /* + abbey */
    carc_game *g;
    ck_assert_int_eq(carc_game_new(&g, &opts), CARC_OK);
    for (int step = 0; !carc_game_is_terminal(g); step++) {
        if (sample_if_chance(g)) continue;
        int32_t ids[4200];
        size_t n;
        ck_assert_int_eq(carc_game_legal_ids(g, ids, 4200, &n), CARC_OK);
        ck_assert_int_eq(carc_game_apply_id(g, ids[(size_t)step * 5 % n]), CARC_OK);
    }
    size_t need;
    ck_assert_int_eq(carc_game_board_svg(g, NULL, 0, &need), CARC_E_BUFFER);
    char *svg = malloc(need);
    ck_assert_int_eq(carc_game_board_svg(g, svg, need, &need), CARC_OK);
    const char *keep = getenv("CARC_SVG_OUT"); /* to look at it */
    FILE *kf = keep ? fopen(keep, "w") : NULL;
    if (kf) fputs(svg, kf), fclose(kf);
    /* expected: from the tile tables */
    int tile_tag[32] = {0}, seg_tag[32] = {0}, ext[32] = {0};
    for (uint32_t t = 0; t < g->ntiles; t++) {
        const tile_type *ty = &carc__types[CTILES(g)[t].type];
        for (int b = 0; b < carc__ntile_tags; b++) tile_tag[b] += (ty->tags >> b) & 1;
        for (int s = 0; s < ty->nseg; s++) {
            for (int b = 0; b < carc__nseg_tags; b++) seg_tag[b] += (ty->seg[s].tags >> b) & 1;
            if (ty->seg[s].kind >= 4 && ty->seg[s].kind < 32) ext[ty->seg[s].kind]++;
        }
    }
    int names = 0, drawn = 0;
    char needle[96];
    /* a name may be a tile tag and a segment tag at once */
    for (int b = 0; b < carc__ntile_tags; b++) {
        int want = tile_tag[b];
        for (int c = 0; c < carc__nseg_tags; c++)
            if (!strcmp(carc__seg_tag_names[c], carc__tile_tag_names[b])) want += seg_tag[c];
        snprintf(needle, sizeof needle, "class=\"tag tag-%s\"", carc__tile_tag_names[b]);
        ck_assert_msg(count(svg, needle) == want, "%s: %d, want %d", needle, count(svg, needle), want);
        names++, drawn += want > 0;
    }
    for (int c = 0; c < carc__nseg_tags; c++) {
        bool also_tile = false;
        for (int b = 0; b < carc__ntile_tags; b++)
            also_tile |= !strcmp(carc__seg_tag_names[c], carc__tile_tag_names[b]);
        if (also_tile) continue;
        snprintf(needle, sizeof needle, "class=\"tag tag-%s\"", carc__seg_tag_names[c]);
        ck_assert_msg(count(svg, needle) == seg_tag[c], "%s: %d, want %d", needle,
                      count(svg, needle), seg_tag[c]);
        names++, drawn += seg_tag[c] > 0;
    }
    for (int k = 0; k < carc__nfeature_kinds; k++) {
        int id = carc__feature_kinds[k].id;
        if (id < 4) continue;
        snprintf(needle, sizeof needle, "class=\"feature-ext\" data-feature=\"%s\"",
                 carc__feature_kinds[k].name);
        ck_assert_msg(count(svg, needle) == ext[id], "%s: %d, want %d", needle, count(svg, needle),
                      ext[id]);
        names++, drawn += ext[id] > 0;
    }
    ck_assert_int_ge(names, 12);  /* the probe set: 9 tags and 3 kinds at least */
    ck_assert_int_ge(drawn, 10);  /* and this game really drew most of them */
    ck_assert_int_eq(count(svg, "<g ") + count(svg, "<g>"), count(svg, "</g>"));
    /* the replay viewer of the same game draws the same tiles, module
     * figures (the probe's neutral fairy, its big figures) included */
    size_t rl;
    ck_assert_int_eq(carc_game_write_record(g, NULL, 0, &rl), CARC_E_BUFFER);
    char *rec = malloc(rl);
    ck_assert_int_eq(carc_game_write_record(g, rec, rl, &rl), CARC_OK);
    carc_record_error err;
    ck_assert_int_eq(carc_record_html(rec, rl, NULL, 0, &need, &err), CARC_E_BUFFER);
    char *page = malloc(need);
    ck_assert_msg(carc_record_html(rec, rl, page, need, &need, &err) == CARC_OK, "%d: %s",
                  err.line, err.message);
    ck_assert_int_eq(count(page, "class=\"tile\""), count(svg, "class=\"tile\""));
    ck_assert_int_eq(count(page, "class=\"tag "), count(svg, "class=\"tag "));
    ck_assert_int_eq(count(page, "class=\"feature-ext\""), count(svg, "class=\"feature-ext\""));
    ck_assert_int_ge(count(page, "class=\"figure fairy\""), count(svg, "class=\"figure fairy\""));
    ck_assert_int_ge(count(page, "class=\"figure big"), 1);
    free(page);
    free(rec);
    free(svg);
    carc_game_free(g);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("svg-glyphs");
    TCase *tc = tcase_create("svg-glyphs");
    tcase_add_test(tc, every_figure_kind_has_its_glyph);
    tcase_add_test(tc, tags_by_name);
    tcase_add_test(tc, probe_game_shows_every_tag);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
