/* Tile catalogue tests: the library's base tiles against an independent copy
 * of the tile table in shared/rules/base.md §8 (Wikicarpedia letters A..X).
 *
 * The table below was typed from base.md, not from lib/base/tiles.def: a
 * typo in either one shows up as a failure here.
 *
 * Conventions checked (include/carcvar/carcvar.h):
 *   - edges[] is N, E, S, W after rotation; rotation r moves the tile's own
 *     edge i to board side (i + r) % 4;
 *   - segment edge masks: bit i = edge i (0 N, 1 E, 2 S, 3 W) after rotation;
 *   - field half-edge masks: bit i = Nw, Ne, En, Es, Se, Sw, Ws, Wn after
 *     rotation, so one quarter turn shifts them by 2 bits (rotate left in 8
 *     bits);
 *   - touches: bit j = the field borders city segment j of the same tile. */
#include <carcvar/carcvar.h>
#include <check.h>

#include "run_suite.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------ base.md §8 */

typedef struct {
    const char *name;
    int count;
    const char *edges; /* N E S W, unrotated */
    int segments;
    int pennants;      /* pennants on one tile of this type */
    int monasteries;
} tile_row;

static const tile_row table[] = {
    /* L    n  edges   seg pen mon */
    {"A", 2, "FFRF", 3, 0, 1}, /* monastery; road S; field            */
    {"B", 4, "FFFF", 2, 0, 1}, /* monastery; field                    */
    {"C", 1, "CCCC", 1, 1, 0}, /* city NESW +                         */
    {"D", 4, "CRFR", 4, 0, 0}, /* city N; road WE; 2 fields           */
    {"E", 5, "CFFF", 2, 0, 0}, /* city N; field                       */
    {"F", 2, "FCFC", 3, 1, 0}, /* city EW +; 2 fields                 */
    {"G", 1, "FCFC", 3, 0, 0}, /* city EW; 2 fields                   */
    {"H", 3, "CFCF", 3, 0, 0}, /* city N; city S; field               */
    {"I", 2, "CFFC", 3, 0, 0}, /* city N; city W; field               */
    {"J", 3, "CRRF", 4, 0, 0}, /* city N; road ES; 2 fields           */
    {"K", 3, "CFRR", 4, 0, 0}, /* city N; road SW; 2 fields           */
    {"L", 3, "CRRR", 7, 0, 0}, /* city N; 3 roads; 3 fields           */
    {"M", 2, "CFFC", 2, 1, 0}, /* city NW +; field                    */
    {"N", 3, "CFFC", 2, 0, 0}, /* city NW; field                      */
    {"O", 2, "CRRC", 4, 1, 0}, /* city NW +; road ES; 2 fields        */
    {"P", 3, "CRRC", 4, 0, 0}, /* city NW; road ES; 2 fields          */
    {"Q", 1, "CCFC", 2, 1, 0}, /* city NEW +; field                   */
    {"R", 3, "CCFC", 2, 0, 0}, /* city NEW; field                     */
    {"S", 2, "CCRC", 4, 1, 0}, /* city NEW +; road S; 2 fields        */
    {"T", 1, "CCRC", 4, 0, 0}, /* city NEW; road S; 2 fields          */
    {"U", 8, "RFRF", 3, 0, 0}, /* road NS; 2 fields                   */
    {"V", 9, "FFRR", 3, 0, 0}, /* road SW; 2 fields                   */
    {"W", 4, "FRRR", 6, 0, 0}, /* 3 roads; 3 fields                   */
    {"X", 1, "RRRR", 8, 0, 0}, /* 4 roads; 4 fields                   */
};
#define NROWS ((int)(sizeof table / sizeof table[0]))

/* edge bits */
enum { EN_ = 1u << 0, EE_ = 1u << 1, ES_ = 1u << 2, EW_ = 1u << 3 };
/* half-edge bits */
enum {
    Nw = 1u << 0, Ne = 1u << 1, En = 1u << 2, Es = 1u << 3,
    Se = 1u << 4, Sw = 1u << 5, Ws = 1u << 6, Wn = 1u << 7
};

/* ---------------------------------------------------------------- helpers */

static int type_of(const char *name)
{
    int t = carc_tile_by_name(name);
    ck_assert_msg(t >= 0, "carc_tile_by_name(\"%s\") = %d", name, t);
    return t;
}

/* edges string after rotation r, derived from the unrotated one */
static void rotate_edges(const char *own, int r, char out[5])
{
    for (int i = 0; i < 4; i++) out[(i + r) % 4] = own[i];
    out[4] = 0;
}

static uint32_t rot4(uint32_t m, int r)
{
    m &= 0xFu;
    return ((m << r) | (m >> ((4 - r) % 4))) & 0xFu;
}

static uint32_t rot8(uint32_t m, int r)
{
    int s = 2 * r;
    m &= 0xFFu;
    return ((m << s) | (m >> ((8 - s) % 8))) & 0xFFu;
}

static uint32_t edge_mask_of(const char *edges, char kind)
{
    uint32_t m = 0;
    for (int i = 0; i < 4; i++)
        if (edges[i] == kind) m |= 1u << i;
    return m;
}

/* the two half-edges of every edge in mask */
static uint32_t halves_of(uint32_t edges)
{
    uint32_t h = 0;
    for (int i = 0; i < 4; i++)
        if (edges & (1u << i)) h |= 3u << (2 * i);
    return h;
}

static carc_segment_info seg(int type, int rot, int s)
{
    carc_segment_info si;
    memset(&si, 0, sizeof si);
    int rc = carc_segment_info_get(type, rot, s, &si);
    ck_assert_msg(rc == CARC_OK, "carc_segment_info_get(%s, r%d, %d) = %d",
                  carc_tile_name(type), rot, s, rc);
    return si;
}

static int nsegs(int type)
{
    carc_tile_info ti;
    ck_assert_int_eq(carc_tile_info_get(type, 0, &ti), CARC_OK);
    return ti.num_segments;
}

/* Index of the segment of `kind` whose edge mask (roads, cities) or
 * half-edge mask (fields) is exactly `mask`, at rotation 0; -1 if none.
 * Monasteries: mask is ignored. */
static int find_seg(int type, int kind, uint32_t mask)
{
    int n = nsegs(type), found = -1;
    for (int s = 0; s < n; s++) {
        carc_segment_info si = seg(type, 0, s);
        if (si.kind != kind) continue;
        uint32_t m = kind == CARC_FEATURE_FIELD ? si.half_edges : si.edges;
        if (kind == CARC_FEATURE_MONASTERY || m == mask) {
            ck_assert_msg(found < 0, "%s: two segments of kind %d with mask %#x",
                          carc_tile_name(type), kind, mask);
            found = s;
        }
    }
    return found;
}

static int count_kind(int type, int kind)
{
    int n = nsegs(type), c = 0;
    for (int s = 0; s < n; s++)
        if (seg(type, 0, s).kind == kind) c++;
    return c;
}

/* Assert a segment exists; return its index. */
static int need_seg(const char *name, int kind, uint32_t mask)
{
    int t = type_of(name);
    int s = find_seg(t, kind, mask);
    ck_assert_msg(s >= 0, "%s: no %s segment with mask %#x", name,
                  kind == CARC_FEATURE_ROAD   ? "road"
                  : kind == CARC_FEATURE_CITY ? "city"
                  : kind == CARC_FEATURE_FIELD ? "field"
                                               : "monastery",
                  mask);
    return s;
}

static void need_touches(const char *name, int field, uint32_t want)
{
    carc_segment_info si = seg(type_of(name), 0, field);
    ck_assert_msg(si.touches == want, "%s: field segment %d touches %#x, expected %#x", name,
                  field, si.touches, want);
}

static void need_pennants(const char *name, int s, int want)
{
    carc_segment_info si = seg(type_of(name), 0, s);
    ck_assert_msg(si.pennants == want, "%s: segment %d has %d pennants, expected %d", name, s,
                  si.pennants, want);
}

/* ------------------------------------------------------------ catalogue */

START_TEST(type_count)
{
    ck_assert_int_ge(carc_tile_type_count(), 24);
    ck_assert_int_eq(NROWS, 24);
}
END_TEST

/* Tile type ids are chance outcome ids in saved games and records: the
 * catalogue is append-only, so these never change (lib/meson.build). */
START_TEST(catalogue_ids_pinned)
{
    ck_assert_int_eq(carc_tile_by_name("A"), 0);
    ck_assert_int_eq(carc_tile_by_name("D"), 3);
    ck_assert_int_eq(carc_tile_by_name("L"), 11);
    ck_assert_int_eq(carc_tile_by_name("U"), 20);
    ck_assert_int_eq(carc_tile_by_name("X"), 23);
}
END_TEST
START_TEST(names_resolve)
{
    for (int i = 0; i < NROWS; i++) {
        int t = carc_tile_by_name(table[i].name);
        ck_assert_msg(t >= 0 && t < carc_tile_type_count(), "tile %s: id %d", table[i].name, t);
        const char *back = carc_tile_name(t);
        ck_assert_ptr_nonnull(back);
        ck_assert_str_eq(back, table[i].name);
        for (int j = 0; j < i; j++)
            ck_assert_int_ne(t, carc_tile_by_name(table[j].name));
    }
    ck_assert_ptr_null(carc_tile_name(-1));
    ck_assert_ptr_null(carc_tile_name(carc_tile_type_count()));
}
END_TEST

START_TEST(counts_and_info)
{
    int total = 0;
    for (int i = 0; i < NROWS; i++) {
        int t = type_of(table[i].name);
        carc_tile_info ti;
        ck_assert_int_eq(carc_tile_info_get(t, 0, &ti), CARC_OK);
        ck_assert_int_eq(ti.type, t);
        ck_assert_msg(ti.module == CARC_MODULE_BASE, "%s: module %d", table[i].name, ti.module);
        ck_assert_msg(ti.count == table[i].count, "%s: count %d, expected %d", table[i].name,
                      ti.count, table[i].count);
        ck_assert_msg(ti.num_segments == table[i].segments, "%s: %d segments, expected %d",
                      table[i].name, ti.num_segments, table[i].segments);
        total += ti.count;
    }
    ck_assert_int_eq(total, 72);
}
END_TEST

START_TEST(edges_all_rotations)
{
    for (int i = 0; i < NROWS; i++) {
        int t = type_of(table[i].name);
        for (int r = 0; r < 4; r++) {
            char want[5];
            rotate_edges(table[i].edges, r, want);
            carc_tile_info ti;
            ck_assert_int_eq(carc_tile_info_get(t, r, &ti), CARC_OK);
            ck_assert_msg(memcmp(ti.edges, want, 5) == 0, "%s r%d: edges '%.4s', expected '%s'",
                          table[i].name, r, ti.edges, want);
            ck_assert_int_eq(ti.type, t);
            ck_assert_int_eq(ti.count, table[i].count);
            ck_assert_int_eq(ti.num_segments, table[i].segments);
        }
    }
}
END_TEST

/* spot checks written out by hand, so that rotate_edges itself is tested */
START_TEST(edges_hand_rotated)
{
    static const struct { const char *name; int r; const char *edges; } cases[] = {
        {"D", 1, "RCRF"}, /* city faces east, road N-S */
        {"D", 2, "FRCR"}, /* city faces south */
        {"D", 3, "RFRC"}, /* city faces west */
        {"V", 1, "RFFR"}, /* road W,N */
        {"V", 2, "RRFF"}, /* road N,E */
        {"V", 3, "FRRF"}, /* road E,S */
        {"K", 1, "RCFR"},
        {"J", 3, "RRFC"},
        {"S", 2, "RCCC"},
        {"A", 3, "FRFF"}, /* monastery road leaves by the east edge */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        carc_tile_info ti;
        ck_assert_int_eq(carc_tile_info_get(type_of(cases[i].name), cases[i].r, &ti), CARC_OK);
        ck_assert_msg(strcmp(ti.edges, cases[i].edges) == 0, "%s r%d: '%s', expected '%s'",
                      cases[i].name, cases[i].r, ti.edges, cases[i].edges);
    }
}
END_TEST

START_TEST(bad_arguments)
{
    carc_tile_info ti;
    carc_segment_info si;
    int d = type_of("D");
    ck_assert_int_lt(carc_tile_info_get(d, 4, &ti), 0);
    ck_assert_int_lt(carc_tile_info_get(d, -1, &ti), 0);
    ck_assert_int_lt(carc_tile_info_get(-1, 0, &ti), 0);
    ck_assert_int_lt(carc_tile_info_get(carc_tile_type_count(), 0, &ti), 0);
    ck_assert_int_lt(carc_segment_info_get(d, 0, 4, &si), 0); /* D has 4 segments */
    ck_assert_int_lt(carc_segment_info_get(d, 0, -1, &si), 0);
    ck_assert_int_lt(carc_segment_info_get(d, 4, 0, &si), 0);
    ck_assert_int_eq(carc_tile_by_name("not a tile"), CARC_E_NOTFOUND);
}
END_TEST

START_TEST(pennants_total)
{
    int total = 0;
    for (int i = 0; i < NROWS; i++) {
        int t = type_of(table[i].name);
        int on_tile = 0;
        for (int s = 0; s < table[i].segments; s++) {
            carc_segment_info si = seg(t, 0, s);
            if (si.pennants)
                ck_assert_msg(si.kind == CARC_FEATURE_CITY, "%s: pennant on a non-city segment",
                              table[i].name);
            on_tile += si.pennants;
        }
        ck_assert_msg(on_tile == table[i].pennants, "%s: %d pennants, expected %d",
                      table[i].name, on_tile, table[i].pennants);
        total += on_tile * table[i].count;
    }
    ck_assert_int_eq(total, 10);
}
END_TEST

/* Every tile: city segments cover exactly the C edges, roads exactly the R
 * edges, without overlap; fields cover exactly the half-edges of the
 * non-city edges, without overlap; touches only name city segments. */
START_TEST(segments_partition_edges)
{
    for (int i = 0; i < NROWS; i++) {
        int t = type_of(table[i].name);
        for (int r = 0; r < 4; r++) {
            char e[5];
            rotate_edges(table[i].edges, r, e);
            uint32_t city = 0, road = 0, field = 0, citysegs = 0;
            int mon = 0;
            for (int s = 0; s < table[i].segments; s++)
                if (seg(t, r, s).kind == CARC_FEATURE_CITY) citysegs |= 1u << s;
            for (int s = 0; s < table[i].segments; s++) {
                carc_segment_info si = seg(t, r, s);
                switch (si.kind) {
                case CARC_FEATURE_CITY:
                    ck_assert_msg(si.edges && !(city & si.edges), "%s r%d: city overlap",
                                  table[i].name, r);
                    city |= si.edges;
                    break;
                case CARC_FEATURE_ROAD:
                    ck_assert_msg(si.edges && !(road & si.edges), "%s r%d: road overlap",
                                  table[i].name, r);
                    road |= si.edges;
                    break;
                case CARC_FEATURE_FIELD:
                    ck_assert_msg(si.half_edges && !(field & si.half_edges),
                                  "%s r%d: field overlap", table[i].name, r);
                    field |= si.half_edges;
                    ck_assert_msg((si.touches & ~citysegs) == 0,
                                  "%s r%d: field %d touches a non-city segment (%#x)",
                                  table[i].name, r, s, si.touches);
                    break;
                case CARC_FEATURE_MONASTERY:
                    mon++;
                    break;
                default:
                    ck_abort_msg("%s: segment %d has kind %d", table[i].name, s, si.kind);
                }
            }
            ck_assert_msg(city == edge_mask_of(e, 'C'), "%s r%d: city edges %#x",
                          table[i].name, r, city);
            ck_assert_msg(road == edge_mask_of(e, 'R'), "%s r%d: road edges %#x",
                          table[i].name, r, road);
            ck_assert_msg(field == halves_of(edge_mask_of(e, 'R') | edge_mask_of(e, 'F')),
                          "%s r%d: field half-edges %#x", table[i].name, r, field);
            ck_assert_int_eq(mon, table[i].monasteries);
        }
    }
}
END_TEST

/* Rotating a tile moves edge masks by one bit and half-edge masks by two
 * bits per quarter turn and leaves kind, touches and pennants alone. */
START_TEST(rotation_shifts_masks)
{
    for (int i = 0; i < NROWS; i++) {
        int t = type_of(table[i].name);
        for (int s = 0; s < table[i].segments; s++) {
            carc_segment_info s0 = seg(t, 0, s);
            for (int r = 1; r < 4; r++) {
                carc_segment_info sr = seg(t, r, s);
                ck_assert_int_eq(sr.kind, s0.kind);
                ck_assert_int_eq(sr.pennants, s0.pennants);
                ck_assert_uint_eq(sr.touches, s0.touches);
                ck_assert_msg(sr.edges == rot4(s0.edges, r), "%s seg %d r%d: edges %#x vs %#x",
                              table[i].name, s, r, sr.edges, rot4(s0.edges, r));
                ck_assert_msg(sr.half_edges == rot8(s0.half_edges, r),
                              "%s seg %d r%d: half-edges %#x vs %#x", table[i].name, s, r,
                              sr.half_edges, rot8(s0.half_edges, r));
            }
        }
    }
    /* the shift helpers themselves */
    ck_assert_uint_eq(rot8(Wn | Nw, 1), Ne | En);
    ck_assert_uint_eq(rot8(Ws | Sw, 2), Ne | En);
    ck_assert_uint_eq(rot4(EN_ | EW_, 1), EN_ | EE_);
}
END_TEST

/* ------------------------------------------------------ tiles in detail */

START_TEST(detail_D)
{
    int city = need_seg("D", CARC_FEATURE_CITY, EN_);
    need_seg("D", CARC_FEATURE_ROAD, EW_ | EE_);
    int north = need_seg("D", CARC_FEATURE_FIELD, Wn | En);
    int south = need_seg("D", CARC_FEATURE_FIELD, Es | Se | Sw | Ws);
    need_touches("D", north, 1u << city);
    need_touches("D", south, 0);
    need_pennants("D", city, 0);
    /* turned once: city E, road N-S; the strip beside the city moves
     * from {Wn, En} to {Ne, Se} */
    int d = type_of("D");
    carc_segment_info si = seg(d, 1, north);
    ck_assert_uint_eq(si.half_edges, Ne | Se);
    si = seg(d, 1, city);
    ck_assert_uint_eq(si.edges, EE_);
}
END_TEST

START_TEST(detail_F)
{
    int city = need_seg("F", CARC_FEATURE_CITY, EE_ | EW_);
    int n = need_seg("F", CARC_FEATURE_FIELD, Nw | Ne);
    int s = need_seg("F", CARC_FEATURE_FIELD, Se | Sw);
    need_pennants("F", city, 1);
    need_touches("F", n, 1u << city);
    need_touches("F", s, 1u << city);
    ck_assert_int_eq(count_kind(type_of("F"), CARC_FEATURE_CITY), 1);
    /* G: same shape, no pennant */
    int gc = need_seg("G", CARC_FEATURE_CITY, EE_ | EW_);
    need_pennants("G", gc, 0);
}
END_TEST

START_TEST(detail_H)
{
    int cn = need_seg("H", CARC_FEATURE_CITY, EN_);
    int cs = need_seg("H", CARC_FEATURE_CITY, ES_);
    ck_assert_int_ne(cn, cs);
    int f = need_seg("H", CARC_FEATURE_FIELD, En | Es | Ws | Wn);
    need_touches("H", f, (1u << cn) | (1u << cs));
    ck_assert_int_eq(count_kind(type_of("H"), CARC_FEATURE_CITY), 2);
    ck_assert_int_eq(count_kind(type_of("H"), CARC_FEATURE_FIELD), 1);
}
END_TEST

START_TEST(detail_I)
{
    int cn = need_seg("I", CARC_FEATURE_CITY, EN_);
    int cw = need_seg("I", CARC_FEATURE_CITY, EW_);
    ck_assert_int_ne(cn, cw);
    int f = need_seg("I", CARC_FEATURE_FIELD, En | Es | Se | Sw);
    need_touches("I", f, (1u << cn) | (1u << cw));
    ck_assert_int_eq(count_kind(type_of("I"), CARC_FEATURE_CITY), 2);
}
END_TEST

START_TEST(detail_L)
{
    int city = need_seg("L", CARC_FEATURE_CITY, EN_);
    need_seg("L", CARC_FEATURE_ROAD, EE_);
    need_seg("L", CARC_FEATURE_ROAD, ES_);
    need_seg("L", CARC_FEATURE_ROAD, EW_);
    ck_assert_int_eq(count_kind(type_of("L"), CARC_FEATURE_ROAD), 3);
    int fn = need_seg("L", CARC_FEATURE_FIELD, Wn | En);
    int fsw = need_seg("L", CARC_FEATURE_FIELD, Ws | Sw);
    int fse = need_seg("L", CARC_FEATURE_FIELD, Es | Se);
    need_touches("L", fn, 1u << city);
    need_touches("L", fsw, 0);
    need_touches("L", fse, 0);
}
END_TEST

START_TEST(detail_X)
{
    need_seg("X", CARC_FEATURE_ROAD, EN_);
    need_seg("X", CARC_FEATURE_ROAD, EE_);
    need_seg("X", CARC_FEATURE_ROAD, ES_);
    need_seg("X", CARC_FEATURE_ROAD, EW_);
    static const uint32_t fields[4] = {Wn | Nw, Ne | En, Es | Se, Sw | Ws};
    for (int i = 0; i < 4; i++) need_touches("X", need_seg("X", CARC_FEATURE_FIELD, fields[i]), 0);
    ck_assert_int_eq(count_kind(type_of("X"), CARC_FEATURE_CITY), 0);
}
END_TEST

START_TEST(detail_U)
{
    need_seg("U", CARC_FEATURE_ROAD, EN_ | ES_);
    int e = need_seg("U", CARC_FEATURE_FIELD, Ne | En | Es | Se);
    int w = need_seg("U", CARC_FEATURE_FIELD, Nw | Wn | Ws | Sw);
    need_touches("U", e, 0);
    need_touches("U", w, 0);
    /* turned once the road runs W-E, the fields lie N and S */
    int u = type_of("U");
    ck_assert_uint_eq(seg(u, 1, e).half_edges, Es | Se | Sw | Ws);
    ck_assert_uint_eq(seg(u, 1, w).half_edges, Ne | Nw | Wn | En);
}
END_TEST

START_TEST(detail_V)
{
    int road = need_seg("V", CARC_FEATURE_ROAD, ES_ | EW_);
    int big = need_seg("V", CARC_FEATURE_FIELD, Wn | Nw | Ne | En | Es | Se);
    int small = need_seg("V", CARC_FEATURE_FIELD, Ws | Sw);
    need_touches("V", big, 0);
    need_touches("V", small, 0);
    int v = type_of("V");
    /* turned three times: road E,S; small field in the S-E corner */
    ck_assert_uint_eq(seg(v, 3, road).edges, EE_ | ES_);
    ck_assert_uint_eq(seg(v, 3, small).half_edges, Es | Se);
}
END_TEST

START_TEST(detail_monasteries)
{
    int a = type_of("A");
    int m = need_seg("A", CARC_FEATURE_MONASTERY, 0);
    ck_assert_uint_eq(seg(a, 0, m).edges, 0);
    need_seg("A", CARC_FEATURE_ROAD, ES_);
    need_touches("A", need_seg("A", CARC_FEATURE_FIELD, 0xFFu), 0);
    need_seg("B", CARC_FEATURE_MONASTERY, 0);
    need_touches("B", need_seg("B", CARC_FEATURE_FIELD, 0xFFu), 0);
}
END_TEST

START_TEST(detail_more_cities)
{
    /* C: one city on all four edges with a pennant, no field */
    int c = need_seg("C", CARC_FEATURE_CITY, 0xFu);
    need_pennants("C", c, 1);
    /* J: city N; road E-S; field {En,Ws,Wn,Sw} ~ N; field {Es,Se} */
    int jc = need_seg("J", CARC_FEATURE_CITY, EN_);
    need_seg("J", CARC_FEATURE_ROAD, EE_ | ES_);
    need_touches("J", need_seg("J", CARC_FEATURE_FIELD, En | Ws | Wn | Sw), 1u << jc);
    need_touches("J", need_seg("J", CARC_FEATURE_FIELD, Es | Se), 0);
    /* K: city N; road S-W; field {Wn,En,Es,Se} ~ N; field {Ws,Sw} */
    int kc = need_seg("K", CARC_FEATURE_CITY, EN_);
    need_seg("K", CARC_FEATURE_ROAD, ES_ | EW_);
    need_touches("K", need_seg("K", CARC_FEATURE_FIELD, Wn | En | Es | Se), 1u << kc);
    need_touches("K", need_seg("K", CARC_FEATURE_FIELD, Ws | Sw), 0);
    /* O: city N-W +; road E-S; field {En,Sw} ~ city; field {Es,Se} */
    int oc = need_seg("O", CARC_FEATURE_CITY, EN_ | EW_);
    need_pennants("O", oc, 1);
    need_touches("O", need_seg("O", CARC_FEATURE_FIELD, En | Sw), 1u << oc);
    need_touches("O", need_seg("O", CARC_FEATURE_FIELD, Es | Se), 0);
    /* S: city N-E-W +; road S; fields {Se} and {Sw}, both ~ city */
    int sc = need_seg("S", CARC_FEATURE_CITY, EN_ | EE_ | EW_);
    need_pennants("S", sc, 1);
    need_seg("S", CARC_FEATURE_ROAD, ES_);
    need_touches("S", need_seg("S", CARC_FEATURE_FIELD, Se), 1u << sc);
    need_touches("S", need_seg("S", CARC_FEATURE_FIELD, Sw), 1u << sc);
    /* W: roads E, S, W; fields {Wn,Nw,Ne,En}, {Es,Se}, {Sw,Ws} */
    need_seg("W", CARC_FEATURE_ROAD, EE_);
    need_seg("W", CARC_FEATURE_ROAD, ES_);
    need_seg("W", CARC_FEATURE_ROAD, EW_);
    need_seg("W", CARC_FEATURE_FIELD, Wn | Nw | Ne | En);
    need_seg("W", CARC_FEATURE_FIELD, Es | Se);
    need_seg("W", CARC_FEATURE_FIELD, Sw | Ws);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("tiles");
    TCase *tc = tcase_create("catalogue");
    tcase_add_test(tc, type_count);
    tcase_add_test(tc, names_resolve);
    tcase_add_test(tc, catalogue_ids_pinned);
    tcase_add_test(tc, counts_and_info);
    tcase_add_test(tc, edges_all_rotations);
    tcase_add_test(tc, edges_hand_rotated);
    tcase_add_test(tc, bad_arguments);
    tcase_add_test(tc, pennants_total);
    tcase_add_test(tc, segments_partition_edges);
    tcase_add_test(tc, rotation_shifts_masks);
    suite_add_tcase(s, tc);
    TCase *td = tcase_create("detail");
    tcase_add_test(td, detail_D);
    tcase_add_test(td, detail_F);
    tcase_add_test(td, detail_H);
    tcase_add_test(td, detail_I);
    tcase_add_test(td, detail_L);
    tcase_add_test(td, detail_X);
    tcase_add_test(td, detail_U);
    tcase_add_test(td, detail_V);
    tcase_add_test(td, detail_monasteries);
    tcase_add_test(td, detail_more_cities);
    suite_add_tcase(s, td);
    return run_suite(s);
}
