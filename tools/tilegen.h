/* tilegen's model of the parsed tiles.def files, shared by the parser
 * (tilegen.c) and the table writer (tilegen_emit.c). */
#ifndef TILEGEN_H
#define TILEGEN_H

#include <stdint.h>

#define MAXSEG 32
#define MAXTYPES 1024
#define MAXTAGS 32     /* per namespace: tile tags, segment tags */
#define MAXKINDS 32    /* feature kind ids 0..31 */
#define MAXLAYOUTS 64
#define MAXCELLS 64
#define NAMELEN 32
#define TILE_HALF_MM 90 /* a 45 mm tile in half millimetres */

enum { K_ROAD = 0, K_CITY = 1, K_MONASTERY = 2, K_FIELD = 3, K_EXT_MIN = 8, K_EXT_MAX = 31 };
enum { E_NONE = 0, E_FIELD = 1, E_ROAD = 2, E_CITY = 3 };

typedef struct {
    int kind;
    unsigned edges;       /* 4 bits  */
    unsigned halves;      /* 8 bits  */
    unsigned touches;     /* bitmask over segment indices (fields) */
    unsigned touch_edges; /* raw ~X references before resolution */
    int pennants;
    uint32_t tags;        /* segment tag bits */
    int has_at;
    int at_x, at_y;       /* figure spot, half-mm, own orientation */
} seg_t;

typedef struct {
    char name[NAMELEN];
    int module;
    int count;
    int start, held;
    unsigned wild;        /* own orientation, bit per edge N E S W */
    uint32_t tags;        /* tile tag bits */
    int has_at;
    int at_x, at_y;       /* tile-level figure spot, half-mm, own orientation */
    int nseg;
    seg_t seg[MAXSEG];
} type_t;

typedef struct {
    char name[NAMELEN];
    int id, claimable;
} kind_t;

typedef struct {
    int type, x, y, rot;
} cell_t;

typedef struct {
    char name[NAMELEN];
    int module, n;
    cell_t cell[MAXCELLS];
} layout_t;

typedef struct {
    char name[MAXTAGS][NAMELEN];
    int n;
} tagset_t;

extern type_t types[MAXTYPES];
extern int ntypes;
extern char modules[32][NAMELEN];
extern int nmodules;
extern kind_t kinds[MAXKINDS];
extern int nkinds;
extern tagset_t tile_tags, seg_tags;
extern layout_t layouts[MAXLAYOUTS];
extern int nlayouts;

/* Edge kind (E_*) of the tile's own edge e; E_NONE for a wildcard edge. */
int own_edge_kind(const type_t *ty, int e);
/* Board side `side` holds own edge (side - rot) mod 4. */
unsigned edge_code(const type_t *ty, int rot);
unsigned wild_sides(const type_t *ty, int rot);
/* Figure spot of segment s with rotation 0, half-mm. */
void spot_of(const type_t *ty, int s, int *x, int *y);

/* Tile-level figure spot with rotation 0, half-mm. */
void tile_spot_of(const type_t *ty, int *x, int *y);

int emit(const char *out_c, const char *out_h);

#endif
