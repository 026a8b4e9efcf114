/*
 * Tile tables: what tools/tilegen compiles every lib/modules/<name>/tiles.def
 * into.  Constant data shared by the core and the modules.
 */
#ifndef CARC_TILES_H
#define CARC_TILES_H

#include <stdbool.h>
#include <stdint.h>

#include "carcvar/carcvar.h"

#define CARC_INTERNAL __attribute__((visibility("hidden")))

/* ------------------------------------------------------------ tile tables */

enum { EK_NONE = 0, EK_FIELD = 1, EK_ROAD = 2, EK_CITY = 3 };
#define NO_SEG 255

typedef struct seg_def {
    uint8_t kind;      /* carc_feature_kind 0..3, or an extension kind 8..31 */
    uint8_t edges;     /* own orientation, bit per edge N E S W */
    uint8_t halves;    /* own orientation, bit per half-edge */
    uint32_t touches;  /* fields: bit per city segment index */
    uint8_t pennants;
    uint32_t tags;     /* CARC_STAG_* bits (tiles_gen.h) */
    uint8_t spot_x[4]; /* [rot] figure spot on the board, half-mm from the */
    uint8_t spot_y[4]; /* tile's west / north border (0..90)               */
} seg_def;

typedef struct tile_type {
    const char *name;
    const char *module;          /* tile-set name ("base") */
    uint8_t count;
    uint8_t start;               /* 1 for the start tile */
    uint8_t nseg;
    uint8_t held;                /* 1: in the set, never in the draw pile */
    uint32_t tags;               /* CARC_TTAG_* bits (tiles_gen.h) */
    uint32_t seg_tags;           /* CARC_STAG_* bits: its segments' tags together
                                  * (has it a princess city: one test) */
    seg_def seg[CARC_MAX_SEGMENTS];
    uint8_t spot_x[4];           /* [rot] tile-level figure spot (a figure on */
    uint8_t spot_y[4];           /* no segment), half-mm like seg_def's       */
    uint8_t code[4];             /* [rot] edge kinds on board sides, 2 bits each;
                                  * EK_NONE on a wildcard side */
    uint8_t wild[4];             /* [rot] bit per board side: wildcard edge */
    uint8_t edge_seg[4][4];      /* [rot][board side] -> segment or NO_SEG */
    uint8_t half_seg[4][8];      /* [rot][board half-edge] -> segment or NO_SEG */
    uint8_t fit[256];            /* [requirement pattern] -> bit set of fitting rotations */
    uint8_t fit16[257];          /* fit[req] * 16: the byte offset of its entry in a
                                  * table of 16-byte rows (the placement listing);
                                  * [256] is 0: a filled cell's slot (LIVE_DEAD) */
    uint8_t repair[256];         /* [requirement pattern] -> rotations that miss only where
                                  * a road meets a field (place_repair candidates) */
    uint32_t rc_segs;            /* bit per segment: a road or a city */
    uint32_t mon_segs;           /* bit per segment: a monastery */
    uint8_t seg_init[CARC_MAX_SEGMENTS][8]; /* [segment] bytes 8..15 of a newly placed
                                  * segment (lib/core/state.h's seg: local, kind, open as
                                  * a little-endian uint16, pennants, then 0 for figs,
                                  * flags, owners), copied whole by carc__place */
} tile_type;

extern const tile_type carc__types[] CARC_INTERNAL;
extern const int carc__ntypes CARC_INTERNAL;
extern const char *const carc__module_tile_sets[] CARC_INTERNAL;

/* Feature kinds: road, city, monastery, field (0..3), then every
 * 'feature NAME ID' of the tiles.def files. */
typedef struct feature_kind_def {
    const char *name;
    uint8_t id;
    uint8_t claimable;           /* may a figure claim it */
} feature_kind_def;

extern const feature_kind_def carc__feature_kinds[] CARC_INTERNAL;
extern const int carc__nfeature_kinds CARC_INTERNAL;

/* Tag names by bit: carc__tile_tag_names[k] is CARC_TTAG_<NAME> = 1u << k. */
extern const char *const carc__tile_tag_names[] CARC_INTERNAL;
extern const int carc__ntile_tags CARC_INTERNAL;
extern const char *const carc__seg_tag_names[] CARC_INTERNAL;
extern const int carc__nseg_tags CARC_INTERNAL;

/* Start layouts: several tiles laid before the first turn. */
typedef struct layout_cell {
    uint16_t type;
    int8_t x, y;
    uint8_t rot;
} layout_cell;

typedef struct tile_layout {
    const char *name;
    const char *module;          /* tile-set name, like tile_type.module */
    uint8_t n;
    const layout_cell *cell;     /* n entries */
} tile_layout;

extern const tile_layout carc__layouts[] CARC_INTERNAL;
extern const int carc__nlayouts CARC_INTERNAL;

/* The declaration of feature kind `kind`, or NULL. */
static inline const feature_kind_def *carc__feature_kind(int kind)
{
    for (int i = 0; i < carc__nfeature_kinds; i++)
        if (carc__feature_kinds[i].id == kind) return &carc__feature_kinds[i];
    return NULL;
}

static inline bool carc__kind_claimable(int kind)
{
    const feature_kind_def *k = carc__feature_kind(kind);
    return k && k->claimable;
}

static inline uint8_t rot_edges(uint8_t e, int r)
{
    return (uint8_t)(((e << r) | (e >> (4 - r))) & 0xF);
}
static inline uint8_t rot_halves(uint8_t h, int r)
{
    return (uint8_t)(((h << (2 * r)) | (h >> (8 - 2 * r))) & 0xFF);
}

#endif
