/* tests/tile_rows.h -- the independent tile tables of test_big_top.c,
 * test_catapult.c and test_count.c: a tile written as a row (its edges
 * N E S W, each road's and city's edges, each field's half-edges in
 * JCloisterZone's names NL NR EL ER SL SR WL WR), compared with the
 * catalogue in all four rotations by check_tile_row().  (tile_spec.h is
 * the other form, one string per tile, of test_traders_builders.c and
 * test_princess_dragon.c.)  test_tower.c and test_count.c check richer
 * tables of their own with the row_* helpers.  Header-only, for a test program that includes
 * <check.h>. */
#ifndef CARC_TESTS_TILE_ROWS_H
#define CARC_TESTS_TILE_ROWS_H

#include <carcvar/carcvar.h>
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* JCZ half-edge names, clockwise from the north edge's west half */
static inline unsigned row_half(const char *h)
{
    static const char *const names[8] = {"NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"};
    for (unsigned i = 0; i < 8; i++)
        if (strcmp(h, names[i]) == 0) return 1u << i;
    ck_abort_msg("bad half-edge %s", h);
    return 0;
}

/* "NL NR EL" -> a half-edge mask */
static inline unsigned row_halves(const char *s)
{
    char buf[64], *save = NULL;
    unsigned m = 0;
    snprintf(buf, sizeof buf, "%s", s);
    for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save))
        m |= row_half(t);
    return m;
}

/* "N W" -> an edge mask, N 1 E 2 S 4 W 8 */
static inline unsigned row_edges(const char *s)
{
    unsigned m = 0;
    for (; *s; s++) {
        const char *p = strchr("NESW", *s);
        if (*s != ' ' && p) m |= 1u << (p - "NESW");
    }
    return m;
}

/* an edge mask and a half-edge mask turned r quarter turns clockwise */
static inline unsigned row_rot_edges(unsigned m, int r)
{
    return ((m << r) | (m >> (4 - r))) & 0xFu;
}
static inline unsigned row_rot_halves(unsigned m, int r)
{
    return ((m << (2 * r)) | (m >> (8 - 2 * r))) & 0xFFu;
}

/* mask m among the n masks not matched yet (a match is used up) */
static inline bool row_take(unsigned *got, int n, unsigned m)
{
    for (int i = 0; i < n; i++)
        if (got[i] == m) {
            got[i] = ~0u;
            return true;
        }
    return false;
}

#define ROW_ROADS 3
#define ROW_CITIES 2
#define ROW_FIELDS 4

typedef struct tile_row {
    const char *name;
    int count;                        /* copies in the set */
    const char *edges;                /* N E S W as carc_tile_info.edges */
    int centre;                       /* the kind of its one centre segment, 0: none */
    const char *roads[ROW_ROADS];     /* each road's edges, NULL after the last */
    const char *cities[ROW_CITIES];   /* each city's edges */
    const char *fields[ROW_FIELDS];   /* each field's half-edges */
    int monastery;                    /* monastery segments */
    int pennants;                     /* pennants over all its segments */
} tile_row;

/* The tile named e->name is module's and has exactly e's edges, copies,
 * roads, cities, fields, centre segment, monasteries and pennants in all
 * four rotations (the segments in any order). */
static inline void check_tile_row(const tile_row *e, int module)
{
    int type = carc_tile_by_name(e->name);
    ck_assert_msg(type >= 0, "%s missing", e->name);
    for (int r = 0; r < 4; r++) {
        carc_tile_info ti;
        ck_assert_int_eq(carc_tile_info_get(type, r, &ti), CARC_OK);
        ck_assert_int_eq(ti.module, module);
        ck_assert_int_eq(ti.count, e->count);
        char want[5];
        for (int s = 0; s < 4; s++) want[(s + r) % 4] = e->edges[s];
        want[4] = 0;
        ck_assert_str_eq(ti.edges, want);
        unsigned roads[8], cities[8], fields[8];
        int nr = 0, nc = 0, nf = 0, centre = 0, mon = 0, pennants = 0;
        for (int s = 0; s < ti.num_segments; s++) {
            carc_segment_info si;
            ck_assert_int_eq(carc_segment_info_get(type, r, s, &si), CARC_OK);
            pennants += si.pennants;
            if (si.kind == CARC_FEATURE_ROAD) {
                ck_assert_int_lt(nr, 8);
                roads[nr++] = si.edges;
            } else if (si.kind == CARC_FEATURE_CITY) {
                ck_assert_int_lt(nc, 8);
                cities[nc++] = si.edges;
            } else if (si.kind == CARC_FEATURE_FIELD) {
                ck_assert_int_lt(nf, 8);
                fields[nf++] = si.half_edges;
            } else if (si.kind == CARC_FEATURE_MONASTERY) {
                mon++;
            } else {
                ck_assert_msg(si.kind == e->centre, "%s r%d: segment %d of kind %d", e->name, r,
                              s, si.kind);
                ck_assert_uint_eq(si.edges, 0);
                ck_assert_uint_eq(si.half_edges, 0);
                centre++;
            }
        }
        ck_assert_int_eq(centre, e->centre != 0);
        ck_assert_int_eq(mon, e->monastery);
        ck_assert_int_eq(pennants, e->pennants);
        int wr = 0, wc = 0, wf = 0;
        for (; wr < ROW_ROADS && e->roads[wr]; wr++)
            ck_assert_msg(row_take(roads, nr, row_rot_edges(row_edges(e->roads[wr]), r)),
                          "%s r%d road %s", e->name, r, e->roads[wr]);
        for (; wc < ROW_CITIES && e->cities[wc]; wc++)
            ck_assert_msg(row_take(cities, nc, row_rot_edges(row_edges(e->cities[wc]), r)),
                          "%s r%d city %s", e->name, r, e->cities[wc]);
        for (; wf < ROW_FIELDS && e->fields[wf]; wf++)
            ck_assert_msg(row_take(fields, nf, row_rot_halves(row_halves(e->fields[wf]), r)),
                          "%s r%d field %s", e->name, r, e->fields[wf]);
        ck_assert_int_eq(nr, wr);
        ck_assert_int_eq(nc, wc);
        ck_assert_int_eq(nf, wf);
    }
}

#endif
