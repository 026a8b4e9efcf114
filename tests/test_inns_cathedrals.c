/* Inns & Cathedrals: its 18 tiles against an independent table, in all four
 * rotations, and the big meeple's figure rules.  (The inn and cathedral
 * values and the big meeple's majorities are scenario records:
 * tests/scenarios/ic_*.rec.)
 *
 * The tile table below was typed from ../shared/rules/expansions.md §1
 * (edges, counts, contents) and, for the fields, from JCloisterZone's tile
 * XML in JCZ's own half-edge names (NL NR EL ER SL SR WL WR), not from
 * lib/modules/inns_cathedrals/tiles.def: a typo in either, or in the name
 * mapping (NL=Nw NR=Ne EL=En ER=Es SL=Se SR=Sw WL=Ws WR=Wn), fails here.
 * Tags are read from the internal tables (white box: they have no public
 * query); everything else through the public API. */
#include <carcvar/carcvar.h>
#include <check.h>

#include "core/tiles.h"
#include "module.h"
#include "run_suite.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------- expansions.md §1 */

typedef struct {
    const char *halves; /* JCZ names, blank-separated */
    const char *cities; /* edges of the cities it borders, one per city */
} field_row;

typedef struct {
    const char *name, *jcz;
    int count;
    const char *edges;      /* N E S W, unrotated */
    int monastery;
    const char *cities[5];  /* edges of each city ("NW") */
    int pennants[5];        /* per city */
    const char *roads[5];   /* edges of each road */
    const char *inn;        /* edges of the road with the inn, or NULL */
    const char *cathedral;  /* edges of the cathedral city, or NULL */
    field_row fields[5];
} ic_row;

static const ic_row table[] = {
    {"IC_Cccc_c", "IC/Cccc.c", 2, "CCCC", 0, {"NESW"}, {0}, {NULL}, NULL, "NESW", {{NULL, NULL}}},
    {"IC_LRFR", "IC/LRFR", 1, "FRFR", 1, {NULL}, {0}, {"W", "E"}, NULL, NULL,
     {{"ER SL SR WL", ""}, {"EL NL NR WR", ""}}},
    {"IC_CCCC", "IC/CCCC", 1, "CCCC", 0, {"N", "W", "E", "S"}, {0}, {NULL}, NULL, NULL,
     {{"", "N W E S"}}},
    {"IC_CCC", "IC/CCC", 1, "CCFC", 0, {"N", "W", "E"}, {0}, {NULL}, NULL, NULL,
     {{"SL SR", "N W E"}}},
    {"IC_CRCR", "IC/CRCR", 1, "CRCR", 0, {"N", "S"}, {0}, {"W", "E"}, NULL, NULL,
     {{"ER", "S"}, {"WL", "S"}, {"EL", "N"}, {"WR", "N"}}},
    {"IC_CCc_p", "IC/CCc+", 1, "CFCC", 0, {"NW", "S"}, {1, 0}, {NULL}, NULL, NULL,
     {{"EL ER", "N S"}}},
    {"IC_Cx", "IC/C!", 1, "CFFF", 0, {"N"}, {0}, {NULL}, NULL, NULL,
     {{"EL ER", "N"}, {"WL WR SL SR", "N"}}},
    {"IC_CFR", "IC/CFR", 1, "CFRF", 0, {"N"}, {0}, {"S"}, NULL, NULL,
     {{"WL WR SR", "N"}, {"EL ER SL", "N"}}},
    {"IC_CcR", "IC/CcR", 1, "CRFC", 0, {"NW"}, {0}, {"E"}, NULL, NULL,
     {{"EL", "W"}, {"ER SL SR", "W"}}},
    {"IC_CRcR_p", "IC/CRcR+", 1, "RCRC", 0, {"EW"}, {1}, {"N", "S"}, NULL, NULL,
     {{"NL", "W"}, {"NR", "W"}, {"SL", "W"}, {"SR", "W"}}},
    {"IC_RCc_i", "IC/RCc.i", 1, "CFRC", 0, {"NW"}, {0}, {"S"}, "S", NULL,
     {{"SR", "W"}, {"SL EL ER", "W"}}},
    {"IC_RrC_i", "IC/RrC.i", 1, "CFRR", 0, {"N"}, {0}, {"WS"}, "WS", NULL,
     {{"SR WL", ""}, {"WR EL ER SL", "N"}}},
    {"IC_CcRr_p_i", "IC/CcRr+.i", 1, "CRRC", 0, {"NW"}, {1}, {"ES"}, "ES", NULL,
     {{"SL ER", ""}, {"SR EL", "N"}}},
    {"IC_RRR_i", "IC/RRR.i", 1, "FRRR", 0, {NULL}, {0}, {"E", "W", "S"}, "E", NULL,
     {{"WR NL NR EL", ""}, {"WL SR", ""}, {"ER SL", ""}}},
    {"IC_RFr_i", "IC/RFr.i", 1, "FRFR", 0, {NULL}, {0}, {"WE"}, "WE", NULL,
     {{"WR NL NR EL", ""}, {"ER SL SR WL", ""}}},
    {"IC_Rr_i", "IC/Rr.i", 1, "FFRR", 0, {NULL}, {0}, {"WS"}, "WS", NULL,
     {{"WR NL NR EL ER SL", ""}, {"SR WL", ""}}},
    {"IC_RrRr", "IC/RrRr", 1, "RRRR", 0, {NULL}, {0}, {"NW", "SE"}, NULL, NULL,
     {{"NL WR", ""}, {"SL ER", ""}, {"NR EL SR WL", ""}}},
};
#define NROWS ((int)(sizeof table / sizeof table[0]))

/* ---------------------------------------------------------------- helpers */

static uint32_t edges_of(const char *s)
{
    uint32_t m = 0;
    for (; s && *s; s++) {
        const char *p = strchr("NESW", *s);
        if (*s != ' ') {
            ck_assert_msg(p != NULL, "bad edge letter '%c'", *s);
            m |= 1u << (p - "NESW");
        }
    }
    return m;
}

/* JCZ half-edge names -> our bits Nw Ne En Es Se Sw Ws Wn */
static uint32_t halves_of(const char *s)
{
    static const char *jcz[8] = {"NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"};
    uint32_t m = 0;
    char buf[64];
    snprintf(buf, sizeof buf, "%s", s);
    for (char *save = NULL, *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        int k;
        for (k = 0; k < 8; k++)
            if (strcmp(t, jcz[k]) == 0) break;
        ck_assert_msg(k < 8, "bad half-edge '%s'", t);
        m |= 1u << k;
    }
    return m;
}

static uint32_t rot4(uint32_t m, int r)
{
    return ((m << r) | (m >> ((4 - r) % 4))) & 0xFu;
}

static uint32_t rot8(uint32_t m, int r)
{
    int s = 2 * r;
    return ((m << s) | (m >> ((8 - s) % 8))) & 0xFFu;
}

static int type_of(const char *name)
{
    int t = carc_tile_by_name(name);
    ck_assert_msg(t >= 0, "carc_tile_by_name(\"%s\") = %d", name, t);
    return t;
}

static uint32_t tag_bit(const char *name)
{
    for (int i = 0; i < carc__nseg_tags; i++)
        if (strcmp(carc__seg_tag_names[i], name) == 0) return 1u << i;
    return 0;
}

/* ------------------------------------------------------------------ tiles */

START_TEST(counts_and_totals)
{
    int tiles = 0, inns = 0, cathedrals = 0, pennants = 0;
    for (int i = 0; i < NROWS; i++) {
        carc_tile_info ti;
        int t = type_of(table[i].name);
        ck_assert_int_eq(carc_tile_info_get(t, 0, &ti), CARC_OK);
        ck_assert_msg(ti.module == CARC_MODULE_INNS_CATHEDRALS, "%s: module %d", table[i].name,
                      ti.module);
        ck_assert_msg(ti.count == table[i].count, "%s: count %d", table[i].name, ti.count);
        tiles += ti.count;
        inns += table[i].inn ? ti.count : 0;
        cathedrals += table[i].cathedral ? ti.count : 0;
        for (int c = 0; c < 5; c++) pennants += table[i].pennants[c] * ti.count;
    }
    /* expansions.md §1: 18 land tiles, 6 inns, 2 cathedrals */
    ck_assert_int_eq(tiles, 18);
    ck_assert_int_eq(inns, 6);
    ck_assert_int_eq(cathedrals, 2);
    ck_assert_int_eq(pennants, 3);
    /* every tile of the set is in the table */
    int in_set = 0;
    for (int t = 0; t < carc_tile_type_count(); t++) {
        carc_tile_info ti;
        ck_assert_int_eq(carc_tile_info_get(t, 0, &ti), CARC_OK);
        if (ti.module == CARC_MODULE_INNS_CATHEDRALS) in_set++;
    }
    ck_assert_int_eq(in_set, NROWS);
}
END_TEST

/* One row in one rotation: edges, every segment exactly once, touches,
 * pennants, tags. */
static void check_row(const ic_row *row, int r)
{
    int t = type_of(row->name);
    uint32_t inn = tag_bit("inn"), cat = tag_bit("cathedral"), nocastle = tag_bit("no_castle");
    ck_assert_uint_ne(inn, 0);
    ck_assert_uint_ne(cat, 0);
    carc_tile_info ti;
    ck_assert_int_eq(carc_tile_info_get(t, r, &ti), CARC_OK);
    char want[5];
    for (int i = 0; i < 4; i++) want[(i + r) % 4] = row->edges[i];
    want[4] = 0;
    ck_assert_msg(strcmp(ti.edges, want) == 0, "%s r%d: edges %s, expected %s", row->name, r,
                  ti.edges, want);

    int ncity = 0, nroad = 0, nfield = 0;
    while (ncity < 5 && row->cities[ncity]) ncity++;
    while (nroad < 5 && row->roads[nroad]) nroad++;
    while (nfield < 5 && row->fields[nfield].halves) nfield++;
    ck_assert_msg(ti.num_segments == ncity + nroad + nfield + row->monastery,
                  "%s: %d segments", row->name, ti.num_segments);

    /* which segment is each expected city, road and field */
    int city_seg[5], used[32] = {0};
    const tile_type *ty = &carc__types[t];
    for (int c = 0; c < ncity; c++) {
        uint32_t m = rot4(edges_of(row->cities[c]), r);
        city_seg[c] = -1;
        for (int s = 0; s < ti.num_segments; s++) {
            carc_segment_info si;
            ck_assert_int_eq(carc_segment_info_get(t, r, s, &si), CARC_OK);
            if (si.kind == CARC_FEATURE_CITY && si.edges == m) city_seg[c] = s;
        }
        ck_assert_msg(city_seg[c] >= 0, "%s r%d: no city on %s", row->name, r, row->cities[c]);
        used[city_seg[c]]++;
        carc_segment_info si;
        carc_segment_info_get(t, r, city_seg[c], &si);
        ck_assert_int_eq(si.pennants, row->pennants[c]);
        bool is_cat = row->cathedral && strcmp(row->cathedral, row->cities[c]) == 0;
        ck_assert_msg(!!(ty->seg[city_seg[c]].tags & cat) == is_cat, "%s: cathedral tag on %s",
                      row->name, row->cities[c]);
        /* IC/C!'s city is no castle base (JCZ castle-base="false") */
        uint32_t other = strcmp(row->name, "IC_Cx") == 0 ? nocastle : 0;
        ck_assert_msg((ty->seg[city_seg[c]].tags & ~cat) == other, "%s: tags of city %s",
                      row->name, row->cities[c]);
    }
    for (int k = 0; k < nroad; k++) {
        uint32_t m = rot4(edges_of(row->roads[k]), r);
        int found = -1;
        for (int s = 0; s < ti.num_segments; s++) {
            carc_segment_info si;
            carc_segment_info_get(t, r, s, &si);
            if (si.kind == CARC_FEATURE_ROAD && si.edges == m) found = s;
        }
        ck_assert_msg(found >= 0, "%s r%d: no road on %s", row->name, r, row->roads[k]);
        used[found]++;
        bool is_inn = row->inn && strcmp(row->inn, row->roads[k]) == 0;
        ck_assert_msg(!!(ty->seg[found].tags & inn) == is_inn, "%s: inn tag on road %s",
                      row->name, row->roads[k]);
        ck_assert_uint_eq(ty->seg[found].tags & ~inn, 0);
    }
    for (int f = 0; f < nfield; f++) {
        uint32_t m = rot8(halves_of(row->fields[f].halves), r);
        uint32_t touches = 0, cities = edges_of(row->fields[f].cities);
        for (int c = 0; c < ncity; c++)
            if (edges_of(row->cities[c]) & cities) touches |= 1u << city_seg[c];
        int found = -1;
        for (int s = 0; s < ti.num_segments; s++) {
            carc_segment_info si;
            carc_segment_info_get(t, r, s, &si);
            if (si.kind == CARC_FEATURE_FIELD && si.half_edges == m) {
                ck_assert_msg(found < 0, "%s: two fields %s", row->name, row->fields[f].halves);
                found = s;
                ck_assert_msg(si.touches == touches, "%s r%d field %s: touches %#x, expected %#x",
                              row->name, r, row->fields[f].halves, si.touches, touches);
            }
        }
        ck_assert_msg(found >= 0, "%s r%d: no field %s", row->name, r, row->fields[f].halves);
        used[found]++;
        ck_assert_uint_eq(ty->seg[found].tags, 0);
    }
    int monasteries = 0;
    for (int s = 0; s < ti.num_segments; s++) {
        carc_segment_info si;
        carc_segment_info_get(t, r, s, &si);
        if (si.kind == CARC_FEATURE_MONASTERY) {
            monasteries++;
            used[s]++;
        }
        ck_assert_msg(used[s] == 1, "%s r%d: segment %d matched %d times", row->name, r, s,
                      used[s]);
    }
    ck_assert_int_eq(monasteries, row->monastery);
    ck_assert_uint_eq(ty->tags, 0); /* no tile tags */
}

START_TEST(tiles_all_rotations)
{
    for (int i = 0; i < NROWS; i++)
        for (int r = 0; r < 4; r++) check_row(&table[i], r);
}
END_TEST

/* The mapping of rotations written out by hand for a few tiles, so that the
 * rotation helpers above are checked too. */
START_TEST(edges_hand_rotated)
{
    static const struct { const char *name; int r; const char *edges; } cases[] = {
        {"IC_RCc_i", 1, "CCFR"},   /* city N-W turns to E-N, road S to W */
        {"IC_CCc_p", 2, "CCCF"},
        {"IC_RRR_i", 3, "RRRF"},   /* field N turns to W */
        {"IC_CRcR_p", 1, "CRCR"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        carc_tile_info ti;
        ck_assert_int_eq(carc_tile_info_get(type_of(cases[i].name), cases[i].r, &ti), CARC_OK);
        ck_assert_msg(strcmp(ti.edges, cases[i].edges) == 0, "%s r%d: '%s', expected '%s'",
                      cases[i].name, cases[i].r, ti.edges, cases[i].edges);
    }
    /* IC_RRR_i turned once: the inn road leaves by the south edge */
    int t = type_of("IC_RRR_i");
    carc_segment_info si;
    ck_assert_int_eq(carc_segment_info_get(t, 1, 0, &si), CARC_OK);
    ck_assert_int_eq(si.kind, CARC_FEATURE_ROAD);
    ck_assert_uint_eq(si.edges, 1u << 2);
    ck_assert_uint_ne(carc__types[t].seg[0].tags & tag_bit("inn"), 0);
}
END_TEST

/* The tiles are drawn only with the module on. */
START_TEST(tiles_only_with_module)
{
    carc_options o;
    carc_game *g;
    carc_options_init(&o);
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    ck_assert_int_eq(carc_game_tiles_remaining(g, -1), 71);
    ck_assert_int_eq(carc_game_tiles_remaining(g, type_of("IC_Cccc_c")), 0);
    carc_game_free(g);
    o.modules |= 1ull << CARC_MODULE_INNS_CATHEDRALS;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    ck_assert_int_eq(carc_game_tiles_remaining(g, -1), 71 + 18);
    ck_assert_int_eq(carc_game_tiles_remaining(g, type_of("IC_Cccc_c")), 2);
    carc_game_free(g);
}
END_TEST

/* -------------------------------------------------------------- big meeple */

static carc_game *new_game(int players, int ic)
{
    carc_options o;
    carc_game *g = NULL;
    carc_options_init(&o);
    o.num_players = players;
    o.seed = 7;
    if (ic) o.modules |= 1ull << CARC_MODULE_INNS_CATHEDRALS;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    return g;
}

/* One big meeple per player, 2 to 6 players (the 6th colour), next to the
 * 7 followers; none without the module. */
START_TEST(big_meeple_one_per_player)
{
    for (int n = 2; n <= 6; n++) {
        carc_game *g = new_game(n, 1);
        carc_figure figs[128];
        size_t need = 0;
        ck_assert_int_eq(carc_game_figures(g, figs, 128, &need), CARC_OK);
        int big[6] = {0}, fol[6] = {0};
        for (size_t i = 0; i < need; i++) {
            ck_assert_int_ge(figs[i].owner, 0);
            ck_assert_int_lt(figs[i].owner, n);
            if (figs[i].kind == CARC_FIGURE_BIG) big[figs[i].owner]++;
            else if (figs[i].kind == CARC_FIGURE_FOLLOWER) fol[figs[i].owner]++;
            else ck_abort_msg("unexpected figure kind %d", figs[i].kind);
        }
        for (int p = 0; p < n; p++) {
            ck_assert_int_eq(big[p], 1);
            ck_assert_int_eq(fol[p], 7);
            ck_assert_int_eq(carc_game_supply(g, p, CARC_FIGURE_BIG), 1);
            ck_assert_int_eq(carc_game_supply(g, p, CARC_FIGURE_FOLLOWER), 7);
        }
        carc_game_free(g);
        g = new_game(n, 0);
        for (int p = 0; p < n; p++) ck_assert_int_eq(carc_game_supply(g, p, CARC_FIGURE_BIG), 0);
        carc_game_free(g);
    }
}
END_TEST

static void apply_text(carc_game *g, const char *text)
{
    carc_action a;
    int rc = carc_action_from_string(g, text, &a);
    ck_assert_msg(rc == CARC_OK, "'%s': %d", text, rc);
    rc = carc_game_apply(g, &a);
    ck_assert_msg(rc == CARC_OK, "'%s': %d", text, rc);
}

/* Wherever a follower may be deployed the big meeple may be too, and
 * nowhere else: over random games, at every deployment with both in supply,
 * the two kinds are offered on the same segments. */
START_TEST(big_meeple_deployed_like_a_follower)
{
    carc_action acts[1024];
    int checked = 0, with_big = 0;
    for (int seed = 0; seed < 20; seed++) {
        carc_options o;
        carc_game *g = NULL;
        carc_options_init(&o);
        o.seed = (uint64_t)seed;
        o.num_players = 2 + seed % 5;
        o.modules |= 1ull << CARC_MODULE_INNS_CATHEDRALS;
        ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
        unsigned rng = (unsigned)seed * 2654435761u + 1;
        while (!carc_game_is_terminal(g)) {
            carc_decision d;
            ck_assert_int_eq(carc_game_decision(g, &d), CARC_OK);
            if (d.player == CARC_PLAYER_CHANCE) {
                carc_action a;
                ck_assert_int_eq(carc_game_sample_chance(g, &a), CARC_OK);
                continue;
            }
            size_t n = 0;
            ck_assert_int_eq(carc_game_legal_actions(g, acts, 1024, &n), CARC_OK);
            ck_assert_uint_gt(n, 0);
            if (d.kind == CARC_DECISION_DEPLOY) {
                int p = d.player;
                uint32_t fol = 0, big = 0;
                for (size_t i = 0; i < n; i++) {
                    if (acts[i].kind != CARC_ACTION_DEPLOY) continue;
                    if (acts[i].figure == CARC_FIGURE_FOLLOWER) fol |= 1u << acts[i].segment;
                    else if (acts[i].figure == CARC_FIGURE_BIG) big |= 1u << acts[i].segment;
                    else ck_abort_msg("figure %d offered", acts[i].figure);
                }
                if (carc_game_supply(g, p, CARC_FIGURE_FOLLOWER) > 0 &&
                    carc_game_supply(g, p, CARC_FIGURE_BIG) > 0) {
                    ck_assert_uint_eq(fol, big);
                    checked++;
                }
                if (carc_game_supply(g, p, CARC_FIGURE_BIG) == 0) ck_assert_uint_eq(big, 0);
                if (big) with_big++;
            }
            rng = rng * 1103515245u + 12345u;
            ck_assert_int_eq(carc_game_apply(g, &acts[(rng >> 8) % n]), CARC_OK);
        }
        carc_game_free(g);
    }
    ck_assert_int_gt(checked, 100);
    ck_assert_int_gt(with_big, 100);
}
END_TEST

/* The big meeple is one figure: it leaves the supply as one, returns as
 * one after its feature scores, and its owner's score gets one entry. */
START_TEST(big_meeple_returns_as_one)
{
    carc_game *g = new_game(2, 1);
    /* followers in supply (ambiguities.md A2 (a)): every figure counts 1 */
    ck_assert_int_eq(carc__figure_supply_class(g, 0, CARC_CLASS_FOLLOWER), 8);
    ck_assert_int_eq(carc__figure_supply_class(g, 0, CARC_CLASS_MEEPLE), 8);
    apply_text(g, "draw N");
    apply_text(g, "place 0,-1 r2");
    apply_text(g, "deploy big city S");
    ck_assert_int_eq(carc__figure_supply_class(g, 0, CARC_CLASS_FOLLOWER), 7);
    ck_assert_int_eq(carc_game_supply(g, 0, CARC_FIGURE_BIG), 0);
    ck_assert_int_eq(carc_game_supply(g, 0, CARC_FIGURE_FOLLOWER), 7);
    carc_feature_info fi;
    ck_assert_int_eq(carc_game_feature(g, 0, 0, 0, &fi), CARC_OK);
    ck_assert_int_eq(fi.strength[0], 2);
    ck_assert_uint_eq(fi.owners, 1u);
    /* a second big meeple is never offered: the player has one */
    apply_text(g, "draw K");
    apply_text(g, "place 1,0 r0");
    apply_text(g, "deploy follower city N");
    apply_text(g, "draw U");
    carc_action acts[512];
    size_t n = 0;
    apply_text(g, "place -1,0 r1"); /* road W-E, west of the start tile */
    ck_assert_int_eq(carc_game_legal_actions(g, acts, 512, &n), CARC_OK);
    for (size_t i = 0; i < n; i++) ck_assert_int_ne(acts[i].figure, CARC_FIGURE_BIG);
    apply_text(g, "pass");
    size_t log0 = 0;
    ck_assert_int_eq(carc_game_score_log(g, NULL, 0, &log0), CARC_OK);
    apply_text(g, "draw N");
    apply_text(g, "place 1,-1 r3");
    apply_text(g, "pass");
    ck_assert_int_eq(carc_game_supply(g, 0, CARC_FIGURE_BIG), 1);
    ck_assert_int_eq(carc_game_supply(g, 0, CARC_FIGURE_FOLLOWER), 7);
    ck_assert_int_eq(carc_game_supply(g, 1, CARC_FIGURE_FOLLOWER), 7);
    ck_assert_int_eq(carc__figure_supply_class(g, 0, CARC_CLASS_FOLLOWER), 8);
    carc_score_event ev[64];
    size_t nlog = 0;
    ck_assert_int_eq(carc_game_score_log(g, ev, 64, &nlog), CARC_OK);
    ck_assert_uint_eq(nlog, log0 + 1);
    ck_assert_int_eq(ev[log0].player, 0);
    ck_assert_int_eq(ev[log0].points, 8);
    carc_figure figs[32];
    ck_assert_int_eq(carc_game_figures(g, figs, 32, &n), CARC_OK);
    for (size_t i = 0; i < n; i++)
        if (figs[i].kind == CARC_FIGURE_BIG) ck_assert_int_eq(figs[i].where, CARC_WHERE_SUPPLY);
    carc_game_free(g);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("inns_cathedrals");
    TCase *tc = tcase_create("tiles");
    tcase_add_test(tc, counts_and_totals);
    tcase_add_test(tc, tiles_all_rotations);
    tcase_add_test(tc, edges_hand_rotated);
    tcase_add_test(tc, tiles_only_with_module);
    suite_add_tcase(s, tc);
    tc = tcase_create("big_meeple");
    tcase_add_test(tc, big_meeple_one_per_player);
    tcase_add_test(tc, big_meeple_deployed_like_a_follower);
    tcase_add_test(tc, big_meeple_returns_as_one);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
