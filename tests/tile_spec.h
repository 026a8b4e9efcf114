/* tests/tile_spec.h -- the independent tile tables of the module tests
 * (test_traders_builders.c, test_princess_dragon.c): a row's segments
 * written as JCloisterZone names them ("road E S; city N W; field EL SR: N"),
 * parsed into expected segments (parse_row), each found among the
 * catalogue's segments in every rotation (spec_find_segment), the
 * rotation's edges and segment count (spec_check_rotation).
 * Header-only, for a test program that includes <check.h>. */
#ifndef CARC_TESTS_TILE_SPEC_H
#define CARC_TESTS_TILE_SPEC_H

#include <carcvar/carcvar.h>
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* an expected segment, unrotated */
typedef struct xseg {
    int kind;
    uint32_t mask;        /* edges (road, city) or half-edges (field)        */
    uint32_t touch_edges; /* field: an edge of each city it borders          */
} xseg;

static inline int edge_bit(const char *w)
{
    static const char *const e[] = {"N", "E", "S", "W"};
    for (int i = 0; i < 4; i++)
        if (!strcmp(w, e[i])) return i;
    return -1;
}

static inline int half_bit(const char *w)
{
    static const char *const h[] = {"NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"};
    for (int i = 0; i < 8; i++)
        if (!strcmp(w, h[i])) return i; /* ours: Nw Ne En Es Se Sw Ws Wn */
    return -1;
}

static inline int parse_row(const char *spec, xseg *out)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", spec);
    int n = 0;
    char *save = NULL;
    for (char *part = strtok_r(buf, ";", &save); part; part = strtok_r(NULL, ";", &save)) {
        xseg *x = &out[n++];
        memset(x, 0, sizeof *x);
        char *colon = strchr(part, ':');
        if (colon) *colon++ = 0;
        char *s2 = NULL;
        char *w = strtok_r(part, " ", &s2);
        x->kind = !strcmp(w, "city") ? CARC_FEATURE_CITY
                  : !strcmp(w, "road") ? CARC_FEATURE_ROAD
                  : !strcmp(w, "field") ? CARC_FEATURE_FIELD
                                        : CARC_FEATURE_MONASTERY;
        while ((w = strtok_r(NULL, " ", &s2))) {
            if (!strcmp(w, "I")) continue;
            int b = x->kind == CARC_FEATURE_FIELD ? half_bit(w) : edge_bit(w);
            ck_assert_msg(b >= 0, "bad word %s in %s", w, spec);
            x->mask |= 1u << b;
        }
        if (colon)
            for (w = strtok_r(colon, " ", &s2); w; w = strtok_r(NULL, " ", &s2))
                x->touch_edges |= 1u << edge_bit(w);
    }
    return n;
}

static inline uint32_t rot4(uint32_t m, int r) { return ((m << r) | (m >> ((4 - r) % 4))) & 0xFu; }
static inline uint32_t rot8(uint32_t m, int r)
{
    return ((m << 2 * r) | (m >> ((8 - 2 * r) % 8))) & 0xFFu;
}

/* The first segment of type t in rotation r, not in `used`, that is want[i]:
 * its kind, its edges (road, city) or half-edges (field), and for a field
 * the cities it borders (want's touch_edges, as segments of the tile); a
 * city must carry `pennants` pennants unless it is -1.  -1 if none is. */
static inline int spec_find_segment(int t, int r, const xseg *want, int nwant, int i,
                                    uint32_t used, int pennants)
{
    uint32_t m = want[i].kind == CARC_FEATURE_FIELD ? rot8(want[i].mask, r)
                                                     : rot4(want[i].mask, r);
    for (int s = 0; s < nwant; s++) {
        carc_segment_info si;
        ck_assert_int_eq(carc_segment_info_get(t, r, s, &si), CARC_OK);
        if (si.kind != want[i].kind || (used >> s) & 1u) continue;
        uint32_t have = si.kind == CARC_FEATURE_FIELD ? si.half_edges : si.edges;
        if (si.kind != CARC_FEATURE_MONASTERY && have != m) continue;
        if (si.kind == CARC_FEATURE_FIELD) {
            uint32_t touches = 0;
            for (int e = 0; e < 4; e++) {
                if (!((want[i].touch_edges >> e) & 1u)) continue;
                for (int c = 0; c < nwant; c++) {
                    carc_segment_info ci;
                    ck_assert_int_eq(carc_segment_info_get(t, r, c, &ci), CARC_OK);
                    if (ci.kind == CARC_FEATURE_CITY && ((ci.edges >> ((e + r) % 4)) & 1u))
                        touches |= 1u << c;
                }
            }
            if (si.touches != touches) continue;
        }
        if (si.kind == CARC_FEATURE_CITY && pennants >= 0 && si.pennants != pennants) continue;
        return s;
    }
    return -1;
}

/* tile t in rotation r: its edges are edges (N E S W, unrotated) turned r
 * quarter turns, and it has nwant segments; `name` in a failure */
static inline void spec_check_rotation(int t, int r, const char *name, const char *edges,
                                       int nwant)
{
    carc_tile_info ti;
    ck_assert_int_eq(carc_tile_info_get(t, r, &ti), CARC_OK);
    char want[5];
    for (int e = 0; e < 4; e++) want[(e + r) % 4] = edges[e];
    want[4] = 0;
    ck_assert_msg(!memcmp(ti.edges, want, 4), "%s r%d: edges %.4s, expected %s", name, r,
                  ti.edges, want);
    ck_assert_int_eq(ti.num_segments, nwant);
}

static inline int type_of(const char *name)
{
    int t = carc_tile_by_name(name);
    ck_assert_msg(t >= 0, "no tile %s", name);
    return t;
}

#endif
