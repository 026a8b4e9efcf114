/*
 * Internal core of libcarcvar: game state layout, tile tables and the module
 * interface.  Not installed; nothing here is public API.
 *
 * The whole game state is ONE allocation: a struct carc_game header followed
 * by tail arrays addressed by byte offsets (never pointers), so that clone
 * and copy are a single memcpy and the block can be moved freely.
 */
#ifndef CARC_CORE_H
#define CARC_CORE_H

#include "carcvar/carcvar.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>


#include "core/tiles.h"

/* ------------------------------------------------------------- state parts */

typedef struct ptile {      /* a placed tile */
    int16_t x, y;
    uint16_t type;
    uint8_t rot;
    uint8_t nb8;            /* placed tiles among its 8 neighbours */
    uint16_t seg0;          /* index of its first segment in the segment array */
    uint16_t front;         /* frontier cell it filled (unused for the start) */
} ptile;

enum { SF_COMPLETE = 1, SF_SCORED = 2 };

typedef struct seg {        /* a placed segment: a union-find node */
    uint16_t parent;
    uint16_t next;          /* circular list of the feature's members */
    uint16_t tile;          /* placed tile index */
    uint16_t size;          /* members (roots only; union by size) */
    uint8_t local;          /* segment index in the tile type */
    uint8_t kind;
    /* aggregates, valid on roots */
    uint16_t open;          /* unmatched edges (roads, cities) */
    uint8_t pennants;
    uint8_t figs;           /* claiming figures on the feature */
    uint8_t flags;          /* SF_* */
    uint8_t pad;
} seg;

typedef struct front {      /* an empty cell next to the board */
    int16_t x, y;
    uint8_t req, mask;      /* required edge code and which sides constrain */
    uint8_t side;           /* side of the anchor tile it lies on */
    uint8_t filled;
    uint16_t anchor;        /* placed tile that created it */
    uint16_t idbase;        /* ID_PLACE + anchor*16 + side*4: its rotation-0 action id */
} front;

typedef struct figure {
    uint8_t kind;           /* carc_figure_kind */
    int8_t owner;           /* player or -1 */
    uint8_t where;          /* carc_figure_place */
    uint8_t local;          /* segment index in its tile's type */
    uint16_t tile;          /* placed tile index */
    uint16_t seg;           /* placed segment index */
} figure;

typedef struct logent {
    uint8_t player, reason, feature, local;
    int16_t points;
    uint16_t tile;
    uint16_t turn;
    uint16_t pad;
} logent;

/* Per-game sizes, fixed at creation. */
typedef struct layout {
    uint32_t bytes;         /* total size of the block */
    uint32_t cap_tiles, cap_segs, cap_front, cap_hist, cap_log, cap_figs;
    uint32_t hash_size;     /* power of two */
    uint32_t off_tiles, off_segs, off_front, off_hist, off_log, off_figs;
    uint32_t off_hkeys, off_hvals, off_remain, off_modstate, off_live;
    uint32_t hash_shift;    /* 32 - log2(hash_size) */
} layout;

#define MAX_PENDING 16

typedef struct pending {    /* a decision queued by a module */
    uint8_t kind, player, module, pad;
    int32_t arg;
} pending;

struct carc_game {
    uint32_t magic;
    layout L;
    carc_options opts;      /* normalised copy */
    int nplayers;
    uint64_t rng[2];

    int phase;              /* carc_decision_kind of the pending decision */
    int player;             /* player whose turn it is */
    int turn;
    int drawn;              /* tile type being placed, -1 */
    int last_tile;          /* placed index of the tile placed this turn, -1 */
    int discarded;          /* tiles set aside as unplaceable */

    uint32_t ntiles, nsegs, nfront, nhist, nlog, nfigs;
    uint32_t live_front;    /* unfilled frontier cells, listed in LIVE() in creation order */
    uint32_t hooks_drawable; /* enabled modules with a drawable hook (bit set) */
    uint8_t nmods;          /* enabled modules, in slot order: mods[0..nmods) */
    uint8_t mods[CARC_MODULE_SLOTS];
    int32_t total_remaining;
    int32_t score[CARC_MAX_PLAYERS];
    uint8_t supply[CARC_MAX_PLAYERS][CARC_FIGURE_KINDS];

    int npending;
    pending pend[MAX_PENDING];
    int16_t last_nbr[8];    /* 8-neighbours of the last placed tile (-1 empty), row by row */
};

#define CARC_MAGIC 0x43415243u

/* A live handle (not NULL, not freed). */
static inline bool carc__valid(const carc_game *g) { return g && g->magic == CARC_MAGIC; }

/* Steps to the neighbour across each side, N E S W (y grows to the south). */
static const int carc__dx[4] = {0, 1, 0, -1};
static const int carc__dy[4] = {-1, 0, 1, 0};

/* Is (x, y) inside the range the cell hash can key (int16 with a margin)? */
static inline bool carc__cell_in_range(int x, int y)
{
    return x >= INT16_MIN + 2 && x <= INT16_MAX - 2 && y >= INT16_MIN + 2 && y <= INT16_MAX - 2;
}

#define ARR(g, T, off) ((T *)((char *)(g) + (g)->L.off))
#define CARR(g, T, off) ((const T *)((const char *)(g) + (g)->L.off))
#define TILES(g) ARR(g, ptile, off_tiles)
#define SEGS(g) ARR(g, seg, off_segs)
#define FRONT(g) ARR(g, front, off_front)
#define HIST(g) ARR(g, uint16_t, off_hist)
#define LOG(g) ARR(g, logent, off_log)
#define FIGS(g) ARR(g, figure, off_figs)
#define HKEYS(g) ARR(g, int32_t, off_hkeys)
#define HVALS(g) ARR(g, int16_t, off_hvals)
#define REMAIN(g) ARR(g, uint8_t, off_remain)
#define LIVE(g) ARR(g, uint16_t, off_live)
#define CLIVE(g) CARR(g, uint16_t, off_live)
#define CTILES(g) CARR(g, ptile, off_tiles)
#define CSEGS(g) CARR(g, seg, off_segs)
#define CFRONT(g) CARR(g, front, off_front)
#define CHIST(g) CARR(g, uint16_t, off_hist)
#define CLOG(g) CARR(g, logent, off_log)
#define CFIGS(g) CARR(g, figure, off_figs)
#define CHKEYS(g) CARR(g, int32_t, off_hkeys)
#define CHVALS(g) CARR(g, int16_t, off_hvals)
#define CREMAIN(g) CARR(g, uint8_t, off_remain)

#define HIST_SAMPLED 0x8000u
#define HKEY_EMPTY INT32_MIN

/* ----------------------------------------------------------- action ids */

/* Player action ids (doc/actions.md):
 *   0                      pass
 *   1 + anchor*16 + side*4 + rot      place (anchor < CARC_MAX_TILES)
 *   ID_DEPLOY + figure*CARC_MAX_SEGMENTS + segment   deploy
 *   ID_MODULE ...          module blocks of ID_MODULE_BLOCK ids each   */
#define ID_PASS 0
#define ID_PLACE 1
#define ID_DEPLOY (ID_PLACE + CARC_MAX_TILES * 16)
#define ID_MODULE (ID_DEPLOY + CARC_FIGURE_KINDS * CARC_MAX_SEGMENTS)
#define ID_MODULE_BLOCK 256

/* ---------------------------------------------------------- module hooks */

/* Text into a caller buffer with the (buf, cap, needed) protocol. */
typedef struct outbuf {
    char *buf;
    size_t cap, len;
} outbuf;

/* A sink that receives candidate actions during enumeration. */
typedef struct action_sink {
    carc_action *buf;
    int32_t *ids;
    size_t cap, n;
} action_sink;

static inline void carc__sink_push(action_sink *s, const carc_action *a, int32_t id)
{
    if (s->n < s->cap) {
        if (s->buf) s->buf[s->n] = *a;
        if (s->ids) s->ids[s->n] = id;
    }
    s->n++;
}

/*
 * The narrow interface every module plugs in through.  Every hook is
 * optional (NULL).  The core calls hooks of the enabled modules in module-id
 * order.  See doc/architecture.md for the order of calls in a turn.
 */
typedef struct carc_module_def {
    int id;                         /* carc_module_id */
    const char *name;               /* "base", "tower", ... */
    const char *tile_set;           /* tile set in the catalogue, or NULL */
    size_t state_bytes;             /* per-game module state in the block */
    uint8_t figures_per_player;     /* figures setup() gives each player */
    uint8_t neutral_figures;        /* figures owned by nobody (dragon, fairy, ...) */
    uint8_t decisions_per_tile;     /* most extra decisions it can add per tile */

    /* figures a player starts with: supply counts per figure kind */
    void (*setup)(carc_game *g);
    /* may a tile type be drawn now (P&D defers dragon tiles)? */
    bool (*drawable)(const carc_game *g, int type);
    /* alternatives to the deployment step (fairy, tower floor, ...) */
    void (*deploy_actions)(const carc_game *g, action_sink *sink);
    /* apply one of them; return CARC_E_ILLEGAL if the action is not its own */
    int (*deploy_apply)(carc_game *g, const carc_action *a);
    /* may this figure kind stand on this segment of the just-placed tile? */
    bool (*deploy_allowed)(const carc_game *g, int figure, int seg_index);
    /* majority strength of a figure (default 1 for followers) */
    int (*strength)(const carc_game *g, const figure *f);
    /* adjust a feature's points (inns, cathedrals); complete = 1 during play */
    int (*feature_points)(const carc_game *g, int root, int complete, int points);
    /* after one feature was scored and its figures returned */
    void (*after_feature)(carc_game *g, int root);
    /* after all scoring of a placement (circus scoring, castles) */
    void (*after_scoring)(carc_game *g);
    /* end of turn: may queue decisions (dragon flight, catapult round) */
    void (*end_turn)(carc_game *g);
    /* module decisions (kind >= 16) */
    void (*decision_actions)(const carc_game *g, const pending *p, action_sink *sink);
    int (*decision_apply)(carc_game *g, const pending *p, const carc_action *a);
    /* before end-game feature scoring (final circus scoring), and after */
    void (*before_end)(carc_game *g);
    void (*after_end)(carc_game *g);
    /* its own action kinds (>= 16): integer id (in its block, see
     * carc__module_id_base), structured form, and text notation */
    int (*action_id)(const carc_game *g, const carc_action *a, int32_t *id);
    int (*action_from_id)(const carc_game *g, int32_t id, carc_action *out);
    int (*action_to_text)(const carc_game *g, const carc_action *a, outbuf *o);
    int (*action_from_text)(const carc_game *g, char **tok, int ntok, carc_action *out);
    /* queries other modules may ask */
    bool (*blocks_cell)(const carc_game *g, int x, int y);
} carc_module_def;

/* First id of module m's block of player action ids. */
static inline int32_t carc__module_id_base(int m)
{
    return ID_MODULE + (m - 1) * ID_MODULE_BLOCK;
}

/* Queue a decision for after the current step (dragon steps, flee choices,
 * catapult hurls, extra turns).  Returns CARC_E_STATE if the queue is full. */
int carc__push_pending(carc_game *g, int kind, int player, int module, int32_t arg) CARC_INTERNAL;
/* Drop the front decision once it has been taken. */
void carc__pop_pending(carc_game *g) CARC_INTERNAL;

extern const carc_module_def *const carc__modules[CARC_MODULE_SLOTS] CARC_INTERNAL;

/* ------------------------------------------------------------ core calls */

static inline bool carc__module_on(const carc_game *g, int module)
{
    return (g->opts.modules >> module) & 1u;
}

/* Every enabled module, in slot order:
 *     CARC_EACH_MODULE(g, m, md) if (md->hook) md->hook(g, ...);
 * walks the list made at game creation, not every slot. */
#define CARC_EACH_MODULE(g, m, md)                                                  \
    for (int m##_k = 0, m = 0; m##_k < (int)(g)->nmods && (m = (g)->mods[m##_k], 1); \
         m##_k++)                                                                   \
        for (const carc_module_def *md = carc__modules[m]; md; md = NULL)

/* Does tile `type` turned `rot` match the edges the cell's neighbours demand?
 * A cell's requirement byte is a complete pattern (0 = unconstrained side),
 * so the tile compiler tabulates the answer for every pattern. */
static inline bool carc__fits(const front *f, int type, int rot)
{
    return (carc__types[type].fit[f->req] >> rot) & 1u;
}

/* rng.c-ish helpers (game.c) */
uint64_t carc__rng_next(carc_game *g) CARC_INTERNAL;
uint32_t carc__rng_below(carc_game *g, uint32_t n) CARC_INTERNAL;

/* board.c */
int carc__cell_get(const carc_game *g, int x, int y) CARC_INTERNAL; /* >=0 tile, <-1 front, -1 empty */
int carc__place(carc_game *g, int type, int x, int y, int rot) CARC_INTERNAL;
int carc__find(const carc_game *g, int s) CARC_INTERNAL;
bool carc__placeable(const carc_game *g, int type) CARC_INTERNAL;
int carc__front_of(const carc_game *g, int x, int y) CARC_INTERNAL;
void carc__board_bounds(const carc_game *g, int *x0, int *x1, int *y0, int *y1) CARC_INTERNAL;
void carc__board_init(carc_game *g) CARC_INTERNAL;

/* score.c */
typedef struct feat_eval {
    int kind, complete, tiles, pennants, open, points;
    int strength[CARC_MAX_PLAYERS];
    uint32_t owners;
} feat_eval;
void carc__eval_feature(const carc_game *g, int root, int as_complete, feat_eval *out) CARC_INTERNAL;
void carc__score_placement(carc_game *g, int tile) CARC_INTERNAL;
/* add end-game points to scores[]; when mut is not NULL (== g) also log them */
void carc__end_game_scoring(const carc_game *g, int32_t *scores, carc_game *mut) CARC_INTERNAL;
void carc__log(carc_game *g, int player, int points, int reason, int feature, int tile,
               int local) CARC_INTERNAL;

/* turn.c */
bool carc__drawable(const carc_game *g, int type) CARC_INTERNAL;
int carc__place_in(carc_game *g, int fi, int rot, int32_t id) CARC_INTERNAL;
int carc__enumerate(const carc_game *g, action_sink *sink) CARC_INTERNAL;
int carc__apply(carc_game *g, const carc_action *a, bool sampled) CARC_INTERNAL;
int carc__action_id(const carc_game *g, const carc_action *a, int32_t *id) CARC_INTERNAL;
int carc__action_from_id(const carc_game *g, int32_t id, carc_action *out) CARC_INTERNAL;

/* game.c */
int carc__game_alloc(carc_game **out, const carc_options *opts) CARC_INTERNAL;
size_t carc__state_bytes(const carc_game *g) CARC_INTERNAL;
int carc__check_options(const carc_options *in, carc_options *norm) CARC_INTERNAL;

/* serialize.c: replay one history entry (used by records too) */
int carc__replay_entry(carc_game *g, uint16_t h) CARC_INTERNAL;

/* notation.c */
const char *carc__feature_name(int kind) CARC_INTERNAL;
void carc__out_add(outbuf *o, const char *fmt, ...) __attribute__((format(printf, 2, 3))) CARC_INTERNAL;
int carc__out_finish(outbuf *o, size_t *needed) CARC_INTERNAL;
const char *carc__figure_name(int kind) CARC_INTERNAL;
int carc__figure_by_name(const char *name) CARC_INTERNAL;
/* a whole decimal string in [lo, hi] */
bool carc__parse_int(const char *s, long lo, long hi, int *out) CARC_INTERNAL;

#endif
