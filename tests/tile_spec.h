/* tests/tile_spec.h -- the independent tile tables of the module tests
 * (test_traders_builders.c, test_princess_dragon.c): a row's segments
 * written as JCloisterZone names them ("road E S; city N W; field EL SR: N"),
 * parsed into expected segments to compare with the catalogue in every
 * rotation.  Header-only, for a test program that includes <check.h>. */
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

static inline int type_of(const char *name)
{
    int t = carc_tile_by_name(name);
    ck_assert_msg(t >= 0, "no tile %s", name);
    return t;
}

#endif
