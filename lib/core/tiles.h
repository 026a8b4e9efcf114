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
    uint8_t kind;      /* carc_feature_kind */
    uint8_t edges;     /* own orientation, bit per edge N E S W */
    uint8_t halves;    /* own orientation, bit per half-edge */
    uint32_t touches;  /* fields: bit per city segment index */
    uint8_t pennants;
} seg_def;

typedef struct tile_type {
    const char *name;
    const char *module;          /* tile-set name ("base") */
    uint8_t count;
    uint8_t start;               /* 1 for the start tile */
    uint8_t nseg;
    uint8_t reserved;
    seg_def seg[CARC_MAX_SEGMENTS];
    uint8_t code[4];             /* [rot] edge kinds on board sides, 2 bits each */
    uint8_t edge_seg[4][4];      /* [rot][board side] -> segment or NO_SEG */
    uint8_t half_seg[4][8];      /* [rot][board half-edge] -> segment or NO_SEG */
    uint8_t fit[256];            /* [requirement pattern] -> bit set of fitting rotations */
} tile_type;

extern const tile_type carc__types[] CARC_INTERNAL;
extern const int carc__ntypes CARC_INTERNAL;
extern const char *const carc__module_tile_sets[] CARC_INTERNAL;

static inline uint8_t rot_edges(uint8_t e, int r)
{
    return (uint8_t)(((e << r) | (e >> (4 - r))) & 0xF);
}
static inline uint8_t rot_halves(uint8_t h, int r)
{
    return (uint8_t)(((h << (2 * r)) | (h >> (8 - 2 * r))) & 0xFF);
}

#endif
