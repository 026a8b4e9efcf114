/* Tile data v2: the tables tilegen makes of base + tests/probe/tiles.def
 * (tags, held tiles, wildcard edges and fit[], extension kinds, layouts,
 * figure spots), and the board's handling of held tiles and wildcard edges,
 * through a registry with a tiles-only "probe" module (tilegen_registry.c). */
#include "core/state.h"
#include "probe_tiles_gen.h"

#include <check.h>

#include "run_suite.h"

#include <stdlib.h>
#include <string.h>

static int type_id(const char *name)
{
    for (int t = 0; t < carc__ntypes; t++)
        if (strcmp(carc__types[t].name, name) == 0) return t;
    ck_abort_msg("no tile type %s", name);
    return -1;
}

static const tile_type *type_of(const char *name) { return &carc__types[type_id(name)]; }

START_TEST(base_first_and_plain)
{
    ck_assert_int_eq(type_id("A"), 0);
    ck_assert_int_eq(type_id("D"), 3);
    ck_assert_int_eq(type_id("X"), 23);
    /* the registered modules' tile sets lie between base and the probe's */
    int first_probe = type_id("PA");
    ck_assert_int_ge(first_probe, 24);
    for (int t = 24; t < first_probe; t++) {
        ck_assert_str_ne(carc__types[t].module, "base");
        ck_assert_str_ne(carc__types[t].module, "probe");
    }
    for (int t = 0; t < 24; t++) {
        const tile_type *ty = &carc__types[t];
        ck_assert_str_eq(ty->module, "base");
        ck_assert_uint_eq(ty->tags, 0);
        ck_assert_uint_eq(ty->held, 0);
        for (int r = 0; r < 4; r++) ck_assert_uint_eq(ty->wild[r], 0);
        for (int i = 0; i < ty->nseg; i++) {
            ck_assert_uint_eq(ty->seg[i].tags, 0);
            ck_assert_uint_le(ty->seg[i].kind, 3);
        }
    }
    int nsets = 0;
    while (carc__module_tile_sets[nsets]) nsets++;
    ck_assert_int_ge(nsets, 3);
    ck_assert_str_eq(carc__module_tile_sets[0], "base");
    ck_assert_str_eq(carc__module_tile_sets[nsets - 2], "probe");
    /* tests/probe/capacity.def, appended after the probe set */
    ck_assert_str_eq(carc__module_tile_sets[nsets - 1], "capacity");
    ck_assert_int_eq(type_id("ZR"), type_id("PE") + 1);
    ck_assert_int_eq(type_id("ZR"), carc__ntypes - 1);
    ck_assert_uint_eq(type_of("ZR")->count, 164);
}
END_TEST

START_TEST(tags)
{
    /* bits in order of first appearance over all files: the registered
     * modules' tiles.def first (they may name some of these), then the
     * probe's; every name once, NULL after the last */
    static const char *ttags[] = {"abbey", "volcano", "tower"};
    static const char *stags[] = {"portal", "inn", "cathedral", "princess", "wine", "cloth", "grain"};
    const uint32_t tbits[] = {CARC_TTAG_ABBEY, CARC_TTAG_VOLCANO, CARC_TTAG_TOWER};
    const uint32_t sbits[] = {CARC_STAG_PORTAL, CARC_STAG_INN, CARC_STAG_CATHEDRAL,
                              CARC_STAG_PRINCESS, CARC_STAG_WINE, CARC_STAG_CLOTH, CARC_STAG_GRAIN};
    ck_assert_int_ge(carc__ntile_tags, 3);
    ck_assert_int_ge(carc__nseg_tags, 7);
    ck_assert_ptr_null(carc__tile_tag_names[carc__ntile_tags]);
    ck_assert_ptr_null(carc__seg_tag_names[carc__nseg_tags]);
    for (int i = 0; i < 3; i++) {
        int k = 0;
        while (k < carc__ntile_tags && strcmp(carc__tile_tag_names[k], ttags[i]) != 0) k++;
        ck_assert_int_lt(k, carc__ntile_tags);
        ck_assert_uint_eq(tbits[i], 1u << k);
    }
    for (int i = 0; i < 7; i++) {
        int k = 0;
        while (k < carc__nseg_tags && strcmp(carc__seg_tag_names[k], stags[i]) != 0) k++;
        ck_assert_int_lt(k, carc__nseg_tags);
        ck_assert_uint_eq(sbits[i], 1u << k);
    }
    for (int i = 0; i < carc__nseg_tags; i++)
        for (int j = 0; j < i; j++) ck_assert_str_ne(carc__seg_tag_names[i], carc__seg_tag_names[j]);

    ck_assert_uint_eq(type_of("PA")->tags, CARC_TTAG_ABBEY);
    ck_assert_uint_eq(type_of("PB")->tags, CARC_TTAG_VOLCANO | CARC_TTAG_TOWER);
    ck_assert_uint_eq(type_of("PC")->tags, 0);
    ck_assert_uint_eq(type_of("PD")->tags, CARC_TTAG_TOWER);
    ck_assert_uint_eq(type_of("PA")->seg[0].tags, CARC_STAG_PORTAL);
    ck_assert_uint_eq(type_of("PB")->seg[0].tags, CARC_STAG_INN);
    ck_assert_uint_eq(type_of("PB")->seg[1].tags, 0);
    ck_assert_uint_eq(type_of("PC")->seg[0].tags, CARC_STAG_CATHEDRAL | CARC_STAG_PRINCESS);
    ck_assert_uint_eq(type_of("PC")->seg[2].tags, CARC_STAG_WINE);
    ck_assert_uint_eq(type_of("PD")->seg[0].tags, CARC_STAG_CLOTH);
    ck_assert_uint_eq(type_of("PD")->seg[0].pennants, 1);
    ck_assert_uint_eq(type_of("PD")->seg[2].tags, CARC_STAG_GRAIN);
}
END_TEST

START_TEST(held)
{
    for (int t = 0; t < carc__ntypes; t++) /* the base and probe sets */
        if (!strcmp(carc__types[t].module, "base") || !strcmp(carc__types[t].module, "probe"))
            ck_assert_uint_eq(carc__types[t].held, strcmp(carc__types[t].name, "PA") == 0);
    ck_assert_uint_eq(type_of("PA")->count, 7);
    ck_assert_uint_eq(type_of("PA")->start, 0);
}
END_TEST

/* Does rotation r of ty meet requirement req?  A side meets a requirement
 * if it demands nothing, the side is a wildcard, or the kinds agree. */
static int meets(const tile_type *ty, int req, int r)
{
    for (int side = 0; side < 4; side++) {
        int want = (req >> (2 * side)) & 3, have = (ty->code[r] >> (2 * side)) & 3;
        if (want && !((ty->wild[r] >> side) & 1) && want != have) return 0;
    }
    return 1;
}

START_TEST(wildcards)
{
    const tile_type *pa = type_of("PA"), *pe = type_of("PE");
    for (int r = 0; r < 4; r++) {
        ck_assert_uint_eq(pa->wild[r], 0xF);
        ck_assert_uint_eq(pa->code[r], 0);
        /* own edge E is wild: board side (1 + r) % 4 */
        ck_assert_uint_eq(pe->wild[r], 1u << ((1 + r) % 4));
        ck_assert_uint_eq((pe->code[r] >> (2 * ((1 + r) % 4))) & 3, EK_NONE);
        for (int h = 0; h < 8; h++) ck_assert_uint_eq(pa->half_seg[r][h], NO_SEG);
        /* the wild side's half-edges belong to no field */
        ck_assert_uint_eq(pe->half_seg[r][2 * ((1 + r) % 4)], NO_SEG);
        ck_assert_uint_eq(pe->half_seg[r][2 * ((1 + r) % 4) + 1], NO_SEG);
    }
    /* N field, E wild, S field, W city */
    ck_assert_uint_eq(pe->code[0], EK_FIELD | EK_NONE << 2 | EK_FIELD << 4 | EK_CITY << 6);
    for (int req = 0; req < 256; req++) {
        ck_assert_uint_eq(pa->fit[req], 15);
        for (int r = 0; r < 4; r++)
            ck_assert_msg(((pe->fit[req] >> r) & 1) == meets(pe, req, r), "PE req %d rot %d", req, r);
    }
    /* a road, a city or a field demanded of the wild side: all welcome */
    for (int k = EK_FIELD; k <= EK_CITY; k++) ck_assert(pe->fit[k << 2] & 1);
    ck_assert(!(pe->fit[EK_ROAD] & 1));                 /* road north: no */
    ck_assert(pe->fit[EK_ROAD << 2 | EK_CITY << 6] & 1); /* east road + west city */
    ck_assert(!(pe->fit[EK_ROAD << 2 | EK_ROAD << 6] & 1));
}
END_TEST

/* repair[req] (place_repair candidates): the rotations that miss req only
 * where a road meets a field, as the core's bit test carc__repair_sides
 * computes them for a frontier cell with that requirement, in every tile
 * type of the catalogue; and one by hand. */
START_TEST(repair_table)
{
    for (int t = 0; t < carc__ntypes; t++) {
        const tile_type *ty = &carc__types[t];
        for (int req = 0; req < 256; req++) {
            front f;
            memset(&f, 0, sizeof f);
            f.req = (uint8_t)req;
            for (int d = 0; d < 4; d++)
                if ((req >> (2 * d)) & 3) f.mask |= (uint8_t)(3u << (2 * d));
            for (int r = 0; r < 4; r++) {
                int want = !((ty->fit[req] >> r) & 1) && carc__repair_sides(&f, t, r) != 0;
                ck_assert_msg(((ty->repair[req] >> r) & 1) == want, "%s req %d rot %d", ty->name,
                              req, r);
            }
        }
    }
    int u = carc_tile_by_name("U"); /* base: road N-S, fields E and W */
    ck_assert_int_ge(u, 0);
    {
        const tile_type *ty = &carc__types[u];
        ck_assert_uint_eq(ty->repair[EK_FIELD] & 1, 1);      /* road against a field north */
        ck_assert_uint_eq(ty->repair[EK_CITY] & 1, 0);       /* against a city: never */
        ck_assert_uint_eq(ty->repair[EK_ROAD << 2] & 1, 1);  /* its east field against a road */
        ck_assert_uint_eq(ty->repair[EK_ROAD] & 1, 0);       /* fits: no repair */
        ck_assert_uint_eq(ty->repair[EK_FIELD | EK_CITY << 2] & 1, 0);
    }
}
END_TEST

START_TEST(extension_kinds)
{
    ck_assert_int_eq(carc__nfeature_kinds, 7);
    for (int k = 0; k < 4; k++) ck_assert(carc__kind_claimable(k));
    ck_assert_str_eq(carc__feature_kind(CARC_FEATURE_MONASTERY)->name, "monastery");
    ck_assert_int_eq(CARC_KIND_CIRCUS, 8);
    ck_assert_int_eq(CARC_KIND_ACROBAT, 9);
    ck_assert_int_eq(CARC_KIND_GARDEN, 10);
    ck_assert(!carc__kind_claimable(CARC_KIND_CIRCUS));
    ck_assert(!carc__kind_claimable(CARC_KIND_ACROBAT));
    ck_assert(carc__kind_claimable(CARC_KIND_GARDEN));
    ck_assert_str_eq(carc__feature_kind(CARC_KIND_CIRCUS)->name, "circus");
    ck_assert_ptr_null(carc__feature_kind(4));
    ck_assert_ptr_null(carc__feature_kind(11));
    ck_assert(!carc__kind_claimable(11));
    const seg_def *circus = &type_of("PB")->seg[1];
    ck_assert_uint_eq(circus->kind, CARC_KIND_CIRCUS);
    ck_assert_uint_eq(circus->edges, 0);
    ck_assert_uint_eq(circus->halves, 0);
    ck_assert_uint_eq(type_of("PC")->seg[1].kind, CARC_KIND_ACROBAT);
    ck_assert_uint_eq(type_of("PD")->seg[4].kind, CARC_KIND_GARDEN);
}
END_TEST

START_TEST(layouts)
{
    ck_assert_int_eq(carc__nlayouts, 1);
    const tile_layout *l = &carc__layouts[0];
    ck_assert_str_eq(l->name, "probe_city");
    ck_assert_str_eq(l->module, "probe");
    ck_assert_uint_eq(l->n, 3);
    static const struct { const char *type; int x, y, rot; } want[] = {
        {"PC", 0, 0, 0}, {"PB", -1, 0, 0}, {"PA", 0, -1, 0}};
    for (int i = 0; i < 3; i++) {
        ck_assert_int_eq(l->cell[i].type, type_id(want[i].type));
        ck_assert_int_eq(l->cell[i].x, want[i].x);
        ck_assert_int_eq(l->cell[i].y, want[i].y);
        ck_assert_int_eq(l->cell[i].rot, want[i].rot);
    }
}
END_TEST

static void spot_is(const seg_def *s, const int x[4], const int y[4])
{
    for (int r = 0; r < 4; r++) {
        ck_assert_int_eq(s->spot_x[r], x[r]);
        ck_assert_int_eq(s->spot_y[r], y[r]);
    }
}

START_TEST(spots)
{
    /* at=22.5,10 -> (45, 20) half-mm, then quarter turns (x, y) -> (90 - y, x) */
    spot_is(&type_of("PA")->seg[0], (int[]){45, 70, 45, 20}, (int[]){20, 45, 70, 45});
    /* at=30,30 */
    spot_is(&type_of("PB")->seg[1], (int[]){60, 30, 30, 60}, (int[]){60, 60, 30, 30});
    /* defaults: a road ending at S stands halfway between S and the centre */
    spot_is(&type_of("PB")->seg[0], (int[]){45, 22, 45, 68}, (int[]){68, 45, 22, 45});
    spot_is(&type_of("PC")->seg[1], (int[]){45, 45, 45, 45}, (int[]){45, 45, 45, 45});
    /* city N: mean of N's midpoint (45, 0) and the centre -> (45, 22.5) */
    ck_assert_int_eq(type_of("PC")->seg[0].spot_y[0], 23);
    /* tile-level spots: PD's at=35,10 -> (70, 20), turned like a segment's;
     * PA has none: the centre */
    for (int r = 0; r < 4; r++) {
        static const int px[4] = {70, 70, 20, 20}, py[4] = {20, 70, 70, 20};
        ck_assert_int_eq(type_of("PD")->spot_x[r], px[r]);
        ck_assert_int_eq(type_of("PD")->spot_y[r], py[r]);
        ck_assert_int_eq(type_of("PA")->spot_x[r], 45);
        ck_assert_int_eq(type_of("PA")->spot_y[r], 45);
    }
    for (int t = 0; t < carc__ntypes; t++)
        for (int i = 0; i < carc__types[t].nseg; i++) {
            const seg_def *s = &carc__types[t].seg[i];
            for (int r = 0; r < 4; r++) {
                ck_assert_int_le(s->spot_x[r], 90);
                ck_assert_int_le(s->spot_y[r], 90);
                ck_assert_int_eq(s->spot_x[(r + 1) % 4], 90 - s->spot_y[r]);
                ck_assert_int_eq(s->spot_y[(r + 1) % 4], s->spot_x[r]);
            }
        }
}
END_TEST

/* ------------------------------------------------- board integration */

static carc_game *probe_game(void)
{
    carc_options o;
    carc_options_init(&o);
    o.modules |= 1u << 13;
    carc_game *g = NULL;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    return g;
}

START_TEST(held_tiles_not_drawn)
{
    carc_game *g = probe_game();
    ck_assert_uint_eq(CREMAIN(g)[type_id("PA")], 0);
    ck_assert_uint_eq(CREMAIN(g)[type_id("PB")], 2);
    ck_assert_uint_eq(CREMAIN(g)[type_id("PE")], 1);
    ck_assert_uint_eq(g->L.cap_tiles, 72 + 7 + 2 + 1 + 2 + 1); /* held ones counted */
    ck_assert_int_eq(g->total_remaining, 71 + 2 + 1 + 2 + 1);
    ck_assert_uint_eq(CTILES(g)[0].type, type_id("D")); /* the base start */
    carc_game_free(g);
}
END_TEST

static const front *front_at(const carc_game *g, int x, int y)
{
    int fi = carc__front_of(g, x, y);
    ck_assert_int_ge(fi, 0);
    return &CFRONT(g)[fi];
}

START_TEST(wildcard_placement)
{
    carc_game *g = probe_game();
    /* start D at (0, 0): city N (segment 0), road W-E (segment 1) */
    const seg *S = CSEGS(g);
    ck_assert_uint_eq(S[carc__find(g, 0)].open, 1);
    ck_assert_uint_eq(S[carc__find(g, 1)].open, 2);
    ck_assert_uint_eq(front_at(g, 0, -1)->mask, 3u << 4); /* demands a city south */

    /* an abbey north of the city closes it, joining nothing */
    int pa = type_id("PA");
    int t1 = carc__place(g, pa, 0, -1, 0);
    ck_assert_uint_eq(S[carc__find(g, 0)].open, 0);
    ck_assert_int_eq(carc__find(g, CTILES(g)[t1].seg0), CTILES(g)[t1].seg0);
    ck_assert_uint_eq(S[CTILES(g)[t1].seg0].size, 1);
    /* the abbey's free sides demand nothing */
    ck_assert_uint_eq(front_at(g, 0, -2)->req, 0);
    ck_assert_uint_eq(front_at(g, 0, -2)->mask, 0);
    ck_assert_uint_eq(front_at(g, -1, -1)->mask, 0);

    /* a second abbey east of the road's end: the road has one open end left */
    int t2 = carc__place(g, pa, 1, 0, 3);
    ck_assert_uint_eq(S[carc__find(g, 1)].open, 1);
    ck_assert_uint_eq(S[carc__find(g, 1)].size, 1);
    ck_assert_uint_eq(front_at(g, 1, -1)->mask, 0); /* beside both abbeys */
    ck_assert_uint_eq(front_at(g, 1, -1)->req, 0);
    ck_assert_uint_eq(CTILES(g)[t1].nb8, 2);         /* D and the second abbey */
    ck_assert_uint_eq(CTILES(g)[t2].nb8, 2);

    /* a road N-S (U) south of the second abbey: its road loses the north end */
    int tu = carc__place(g, type_id("U"), 1, 1, 0);
    int road = CTILES(g)[tu].seg0 + 0;
    ck_assert_uint_eq(S[carc__find(g, road)].open, 1);
    ck_assert_int_ne(carc__find(g, road), carc__find(g, 1));
    /* U's fields join nothing across the wildcard */
    for (int i = 1; i < 3; i++)
        ck_assert_uint_eq(S[carc__find(g, CTILES(g)[tu].seg0 + i)].size, 1);
    ck_assert(carc__placeable(g, pa));
    carc_game_free(g);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("tilegen");
    TCase *tc = tcase_create("tables");
    tcase_add_test(tc, base_first_and_plain);
    tcase_add_test(tc, tags);
    tcase_add_test(tc, held);
    tcase_add_test(tc, wildcards);
    tcase_add_test(tc, repair_table);
    tcase_add_test(tc, extension_kinds);
    tcase_add_test(tc, layouts);
    tcase_add_test(tc, spots);
    suite_add_tcase(s, tc);
    TCase *tb = tcase_create("board");
    tcase_add_test(tb, held_tiles_not_drawn);
    tcase_add_test(tb, wildcard_placement);
    suite_add_tcase(s, tb);
    return run_suite(s);
}
