/*
 * lib/core/state.h -- the layout of a game, private to the core (lib/core,
 * lib/api).  Modules never include it: they see the game through
 * lib/module.h.
 *
 * The whole game state is ONE allocation: a struct carc_game header followed
 * by tail arrays addressed by byte offsets (never pointers), so the block can
 * be moved freely.  Clone copies the header, the fixed tables and only the
 * used prefix of every growing array (carc__state_copy), so its cost follows
 * what a game has used, not its capacity.
 */
#ifndef CARC_STATE_H
#define CARC_STATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "carcvar/carcvar.h"
#include "core/tiles.h"
#include "module.h"

/* ------------------------------------------------------------- state parts */

typedef struct ptile {      /* a placed tile */
    int16_t x, y;
    uint16_t type;
    uint8_t rot;
    uint8_t nb8;            /* placed tiles among its 8 neighbours */
    uint16_t seg0;          /* index of its first segment in the segment array */
    uint16_t front;         /* frontier cell it filled (unused for the start) */
    uint16_t overlay_seg;   /* a road laid over it (bridge): its segment, or NO_OVERLAY */
    uint8_t overlay_sides;  /* board sides that road leaves by (bit per side) */
    uint8_t nfig;           /* figures standing on it (segment or tile place),
                               kept by carc__figure_move and
                               carc__figure_deploy_supply alone (a cache of
                               FIGS(g); check.c checks it); an attached
                               figure's chain ends on one of them */
} ptile;
#define NO_OVERLAY 0xFFFF

enum { SF_COMPLETE = 1, SF_SCORED = 2, SF_SKIP = 4 };

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
    uint8_t figs;           /* claiming (follower-class) figures on the feature */
    uint8_t flags;          /* SF_* */
    uint8_t owners;         /* bit p: player p has a claiming figure on it
                               (kept with figs by carc__figure_move and the
                               union; carc__root_has_follower) */
} seg;

/* A road or city root with no open edge is complete, also before the
 * scoring step of the placement that closed it flags it SF_COMPLETE (the
 * deploy decision comes in between): what carc_game_feature() and the
 * projected final scores count, so they agree before and after scoring. */
static inline bool carc__seg_closed(const seg *r)
{
    return (r->flags & SF_COMPLETE) ||
           ((r->kind == CARC_FEATURE_ROAD || r->kind == CARC_FEATURE_CITY) && r->open == 0);
}

typedef struct front {      /* an empty cell next to the board */
    int16_t x, y;
    uint8_t req, mask;      /* required edge code and which sides constrain */
    uint16_t lpos;          /* its slot in the packed list (SLOTS), while open */
    uint16_t anchor;        /* placed tile that created it */
    uint16_t idbase;        /* CARC_ID_CELL + anchor*16 + side*4: its rotation-0 id */
} front;
/* the LIVEREQ of a filled cell's slot: tile_type.fit16[LIVE_DEAD] is 0 */
#define LIVE_DEAD 256
#define LIVE_COMPACT 12
/* a slot of the packed list (g->lslots) */
typedef struct live_slot {
    uint32_t id;            /* the cell's idbase */
    uint16_t req;           /* its req, or LIVE_DEAD: filled */
    uint16_t fi;            /* the cell (FRONT) */
} live_slot;

/* A figure: FIGS(g)[i] is the one source of truth of where it is; the
 * supply counts are a cache kept by carc__figure_move alone. */
typedef struct figure {
    uint8_t kind;           /* carc_figure_kind */
    int8_t owner;           /* player or -1 */
    uint8_t where;          /* CARC_PLACE_* */
    uint8_t local;          /* SEGMENT: segment index in its tile's type */
    uint16_t tile;          /* SEGMENT, TILE: placed tile index */
    uint16_t seg;           /* SEGMENT: placed segment index */
    uint16_t arg;           /* ATTACHED: figure; HELD: holder's value */
    uint8_t holder;         /* HELD: module */
    uint8_t state;          /* its kind's module's byte */
} figure;

#define LOG_NO_TILE 0xFFFF

typedef struct logent {
    uint8_t player, feature, local, pad;
    uint16_t reason;        /* carc_score_reason or CARC_MODULE_KIND(m, k) */
    int16_t points;
    uint16_t tile;          /* placed tile, or LOG_NO_TILE */
    uint16_t turn;
} logent;

/* Per-game sizes, fixed at creation. */
typedef struct layout {
    uint32_t bytes;         /* total size of the block */
    uint32_t cap_tiles, cap_segs, cap_front, cap_hist, cap_log, cap_figs;
    uint32_t cap_grid;      /* cells of the board window (carc__cell_get) */
    uint32_t off_tiles, off_segs, off_front, off_hist, off_log, off_figs;
    uint32_t off_grid, off_remain, off_modstate;
    uint32_t off_slots;     /* the open cells' slots (SLOTS) */
    uint32_t log_per_apply; /* most score events one applied decision adds */
    uint32_t modstate_bytes;
    uint32_t cap_overlays;  /* roads modules may lay over tiles (bridges) */
} layout;

/* The decision queue: every enabled module's declared max_pending, the
 * core's own decision and one follow-up must fit (carc__game_init refuses a
 * module set that does not).  32 leaves room for the six modules to come
 * (doc/modules.md, "Slots and bounds"); the queue is not serialized (a game
 * is its history), so the bound can change without a format change. */
#define MAX_PENDING 32
#define MAX_STEP_HOOKS 16
#define MAX_COMPLETED 32   /* features one placement completes: 4 + 9 + modules */

/* A hook of a step: owner module (CARC_CORE_OWNER for the core's own work)
 * and index in its list. */
typedef struct step_entry {
    uint8_t owner, index;
} step_entry;

/* The game's step program (carc__build_steps): every hook of every step of
 * this game, step by step in pipeline order, each step's in its run order
 * (prog[pstart[s] + i] is step s's i-th hook, i < nsteps[s]) with its
 * gate (its module's step_work or step_ttags, lib/module.h): the place of
 * its work byte in the game's block or its tile tags, so carc__advance
 * tests it without reading the module's definition; work 0: always
 * called.  MAX_STEP_OPS bounds the hooks of
 * all steps together (the core's six and every module's; 416 bytes, as
 * the per-step lists it replaced). */
#define MAX_STEP_OPS 104
typedef struct step_op {
    uint8_t owner;
    uint8_t index;  /* OP_INDEX: the hook's index in its list; OP_*: its gate */
    uint16_t work;  /* OP_TTAGS: the tile tags; else 1 + the work byte's place */
} step_op;
/* index's bits: a module's hooks are at most OP_INDEX + 1; OP_PAIR: the
 * work byte and the next one (CARC_WORK_PAIR); OP_PLAYER: the work byte of
 * the player whose turn it is (CARC_WORK_PLAYER); OP_TTAGS: the tags of
 * the tile laid this part (step_ttags) */
enum { OP_INDEX = 0x1F, OP_TTAGS = 0x20, OP_PLAYER = 0x40, OP_PAIR = 0x80 };

enum { TF_EXTRA_PART = 1, TF_NO_TILE = 2, TF_FAULT = 4 };
/* tail_gate's bit: the hooks after the deployment are walked one by one */
#define TAIL_WALK (1u << 31)
/* draw_odd's bits: a drawable hook is on (hooks_drawable), the pile's gap
 * holds no tile (draw_gap) */
enum { DRAW_VETOES = 1, DRAW_GAP = 2 };

struct carc_game {
    /* the head lib/module.h reads for its inline services (carc__players,
     * carc__current, carc__mod_state): first, in this order (checked below) */
    uint32_t magic;
    int player;             /* player whose turn it is */
    int nplayers;
    uint32_t modoff[CARC_MODULE_SLOTS];      /* module state offsets (0 none) */
    uint32_t ntiles;        /* placed tiles */
    int last_tile;          /* placed index of the tile placed this part, -1 */
    uint32_t tiles_off;     /* L.off_tiles, for the inline tile services */
    uint32_t segs_off;      /* L.off_segs, for carc__segment_root */
    uint32_t remain_off;    /* L.off_remain, for carc__pile_left_of */
    uint32_t grid_off;      /* L.off_grid, for carc__tile_at */
    /* the board window: GRID(g)[(y - gy0) * gw + (x - gx0)] for the cells
     * x in [gx0, gx0 + gw), y in [gy0, gy0 + gh); it holds every placed
     * tile and every open frontier cell (board.c, regrid) */
    int16_t gx0, gy0;
    uint16_t gw, gh;
    uint32_t figs_off;      /* L.off_figs, for carc__figure_get */
    uint32_t nfigs;         /* figures (made at creation) */

    layout L;

    /* hot: read or written by every decision, kept together */
    uint8_t step;           /* carc_step */
    uint8_t step_pos;       /* next hook of the step */
    uint8_t flags;          /* TF_* */
    uint8_t part;           /* 0, 1 in an extra part of the turn */
    int drawn;              /* tile type in hand, -1 */
    uint32_t nsegs, nfront, nhist, nlog;
    uint32_t live_front;    /* unfilled frontier cells */
    /* those cells packed in slots 0 .. lslots in creation (= action id)
     * order (the placement listing's straight walk, board.c; CARC_FOR_LIVE):
     * SLOTS(g)[k] holds a cell's idbase (ascending), req and index; a
     * filled cell's slot is marked LIVE_DEAD (ldead of them), and the slots
     * are compacted when LIVE_COMPACT of them are */
    uint16_t lslots, ldead;
    uint32_t hooks_drawable; /* enabled modules with a drawable hook (bit set) */
    /* the tile draw's way (turn.c, carc__sample_chance): 0 the pile's
     * counts walked from type 0; else DRAW_VETOES while hooks_drawable is
     * not 0, DRAW_GAP while every count in [gap_lo, gap_hi) is 0 (a run of
     * whole blocks of sixteen types no tile set in play holds, found at
     * creation, setup.c; a tile put back there clears the bit) */
    uint8_t draw_odd;
    uint16_t gap_lo, gap_hi;
    uint32_t hooks_aside;   /* enabled modules with a draw_aside hook still asked (bit set) */
    uint32_t hooks_repair;  /* enabled modules with a place_repair hook (bit set) */
    /* the quick repair question's answer read from the game's sole
     * repairing module's repair_work byte (owner, OP_PAIR/OP_PLAYER, 1 +
     * the byte's place in the block), or work 0: ask the modules
     * (turn.c, ask_repair_possible; carc__repair_shut) */
    step_op repair_gate;
    uint32_t hooks_place;   /* enabled modules with a may_place_tile hook (bit set) */
    uint32_t hooks_moved;   /* enabled modules with a figure_moved hook (bit set) */
    uint32_t hooks_intercept; /* enabled modules with an intercept_move hook (bit set) */
    uint32_t hooks_deploy;  /* enabled modules with a may_deploy hook (bit set) */
    uint32_t hooks_verbs;   /* enabled modules with a deploy_actions hook (bit set) */
    uint32_t hooks_may_move; /* enabled modules with a may_move_figure hook (bit set) */
    uint32_t hookmask;      /* HK_* bits: some enabled module has that hook */
    uint32_t place_veto_ttags; /* tile tags of the types may_place_tile hooks examine */
    uint8_t place_veto_all; /* some may_place_tile hook examines every type */
    /* HK_VETO_TILES with one may_deploy hook: the place in the game's block
     * of its may_deploy_tile word (its state's offset plus
     * may_deploy_tile_off), read by vetoes_asked (turn.c) without the
     * module's definition; 0: ask each hook (setup.c) */
    uint16_t veto_at;
    int npending;
    carc_pending pend[MAX_PENDING];
    uint8_t plain;          /* no module step hooks: the core's own turn (turn.c) */
    /* a draw goes on to the placement in straight line (turn.c plain_draw)
     * at step_pos draw_end: nsteps[DRAW] when PLACE begins with the core's
     * placement, else 0xFF (carc__build_steps) */
    uint8_t draw_end;
    /* the walk from the placement to the core's deployment in line (turn.c,
     * place_advance): when every module hook of AFTER_PLACE and of DEPLOY
     * before the core's deployment is gated by the laid tile's tags
     * (step_ttags), the deployment op's step_pos (>= 1) and their tags
     * together (place_tags); 0 when a hook there is not so gated
     * (carc__build_steps) */
    uint8_t place_pos;
    uint16_t place_tags;
    /* the turn's walk after the deployment in line (turn.c, tail_advance):
     * the tile tags of every module hook from BEFORE_SCORING to TURN_END
     * (each gated by the laid tile's tags, step_ttags), or TAIL_WALK when
     * one is not, or the core's work there is not its collection then its
     * scoring (carc__build_steps) */
    uint32_t tail_gate;
    /* the core's draw's place in prog: the ops before it (TURN_START's,
     * then DRAW's) are module hooks (carc__build_steps; tail_advance) */
    uint8_t draw_at;
    /* draw_at is 1 and that hook is gated by the byte of the player whose
     * turn it is: its step_op.work (1 + the bytes' place), else 0 */
    uint16_t start_gate;
    uint8_t nmods;          /* enabled modules, in registry order: mods[0..nmods) */
    uint16_t kind_custom;   /* kinds whose module rules deployment */
    uint16_t supply_mask[CARC_MAX_PLAYERS];  /* bit k: supply[p][k] > 0 */
    uint8_t nsteps[CARC_NUM_STEPS];
    uint8_t skip[CARC_NUM_STEPS + 1];        /* next step with work (carc__build_steps) */
    uint8_t pstart[CARC_NUM_STEPS];          /* step s's first hook in prog[] */
    int32_t total_remaining;
    int32_t score[CARC_MAX_PLAYERS];
    uint8_t supply[CARC_MAX_PLAYERS][CARC_FIGURE_KINDS];
    uint8_t kind_owner[CARC_FIGURE_KINDS];   /* module of each figure kind, 255 none */
    uint8_t kind_class[CARC_FIGURE_KINDS];
    uint8_t kind_strength[CARC_FIGURE_KINDS];
    /* (the board window, gx0 .. gh, is in the head above) */
    uint16_t last_full;     /* bit k < 8: the last placed tile's neighbour k (row by row:
                             * carc__nbr_dx/dy) got its 8th neighbour from that tile;
                             * bit 8: the tile itself has 8 (carc__collect_completed) */
    /* scoring of the current placement */
    uint8_t ncompleted, score_pos, score_hook;
    /* the figures whose kind is no follower lie in [other_lo, other_hi) of
     * the figures (made at creation; scoring.c, nobody_on) */
    uint8_t other_lo, other_hi;
    uint16_t completed[MAX_COMPLETED];
    int turn;
    int discarded;          /* tiles set aside as unplaceable */
    /* the types of the last tiles set aside (ring of 8, n_aside counts):
     * carc_game_set_aside replays the history and reads them after each
     * entry (an entry may set aside one held tile per player) */
    int16_t aside_ring[8];
    uint8_t n_aside;
    uint64_t rng[2];

    /* cold: set at creation, or rare */
    uint8_t return_step, return_pos; /* carc__turn_start: the hook to come back to */
    uint8_t in_extra_turn;  /* 1 while a turn of carc__turn_start is played */
    uint8_t mods[CARC_MODULE_SLOTS];
    step_op prog[MAX_STEP_OPS];              /* the step program (carc__build_steps) */
    /* HK_IDS_CHECKED: the enabled modules that check their own decisions'
     * ids (ids_checked with apply_listed_id), bit set; else 0 (turn.c,
     * checked_owner: one test for the owner's three) */
    uint32_t ids_checked_mods;
    carc_options opts;      /* normalised copy */
    uint32_t nlog_final;    /* score log entries before the final scoring (UINT32_MAX: not yet) */
    /* the host's setup (carc_game_new_setup): the first player, and whether
     * the draw pile is the host's bag (BAG(g): its counts by tile type) */
    int8_t first_player;
    uint8_t bag_given;
};

_Static_assert(offsetof(struct carc_game, player) == CARC__HEAD_PLAYER &&
                   offsetof(struct carc_game, nplayers) == CARC__HEAD_NPLAYERS &&
                   offsetof(struct carc_game, modoff) == CARC__HEAD_MODOFF &&
                   offsetof(struct carc_game, ntiles) == CARC__HEAD_NTILES &&
                   offsetof(struct carc_game, last_tile) == CARC__HEAD_LAST_TILE &&
                   offsetof(struct carc_game, tiles_off) == CARC__HEAD_TILES_OFF &&
                   sizeof(ptile) == CARC__TILE_BYTES && offsetof(ptile, x) == CARC__TILE_X &&
                   offsetof(ptile, y) == CARC__TILE_Y && offsetof(ptile, type) == CARC__TILE_TYPE &&
                   offsetof(ptile, rot) == CARC__TILE_ROT &&
                   offsetof(ptile, seg0) == CARC__TILE_SEG0 &&
                   offsetof(ptile, overlay_seg) == CARC__TILE_OVERLAY && NO_OVERLAY == CARC__NO_OVERLAY &&
                   offsetof(struct carc_game, segs_off) == CARC__HEAD_SEGS_OFF &&
                   offsetof(struct carc_game, remain_off) == CARC__HEAD_REMAIN_OFF &&
                   offsetof(struct carc_game, grid_off) == CARC__HEAD_GRID_OFF &&
                   offsetof(struct carc_game, gx0) == CARC__HEAD_GX0 &&
                   offsetof(struct carc_game, gy0) == CARC__HEAD_GY0 &&
                   offsetof(struct carc_game, gw) == CARC__HEAD_GW &&
                   offsetof(struct carc_game, gh) == CARC__HEAD_GH &&
                   offsetof(struct carc_game, figs_off) == CARC__HEAD_FIGS_OFF &&
                   offsetof(struct carc_game, nfigs) == CARC__HEAD_NFIGS &&
                   sizeof(figure) == CARC__FIG_BYTES && offsetof(figure, where) == CARC__FIG_WHERE &&
                   offsetof(figure, owner) == CARC__FIG_OWNER &&
                   offsetof(figure, tile) == CARC__FIG_TILE && offsetof(figure, arg) == CARC__FIG_ARG &&
                   offsetof(figure, seg) == CARC__FIG_SEG &&
                   offsetof(ptile, overlay_sides) == CARC__TILE_OVERLAY_SIDES &&
                   offsetof(ptile, nfig) == CARC__TILE_NFIG &&
                   offsetof(ptile, nb8) == CARC__TILE_NB8 &&
                   sizeof(seg) == CARC__SEG_BYTES && offsetof(seg, parent) == CARC__SEG_PARENT &&
                   offsetof(seg, open) == CARC__SEG_OPEN && offsetof(seg, owners) == CARC__SEG_OWNERS &&
                   offsetof(seg, figs) == CARC__SEG_FIGS,
               "lib/module.h's game head (CARC__HEAD_*) and struct carc_game disagree");

/* hookmask bits */
enum {
    HK_MAY_DEPLOY = 1u << 0, HK_MAY_PLACE = 1u << 1, HK_STRENGTH = 1u << 2,
    HK_FEATURE_POINTS = 1u << 3, HK_BEFORE_MAJORITY = 1u << 4, HK_FEATURE_SCORED = 1u << 5,
    HK_AFTER_FEATURE = 1u << 6, HK_CITY_VALUE = 1u << 7, HK_FIGURE_MOVED = 1u << 8,
    HK_MERGED = 1u << 9, HK_DEPLOY_ACTIONS = 1u << 10,
    HK_WILD = 1u << 11,     /* a tile of the game has wildcard edges */
    HK_MAY_MOVE = 1u << 12,
    HK_OVERLAY = 1u << 13,  /* a road was laid over a tile (bridge) */
    HK_PLAYER_POINTS = 1u << 14,
    HK_REPAIR = 1u << 15,   /* a module may repair an edge mismatch (place_repair) */
    HK_DEPLOY_SEGS = 1u << 16, /* every may_deploy hook has may_deploy_segs */
    HK_VETO_TILES = 1u << 17,  /* every may_deploy hook has may_deploy_tile */
    HK_SCORED_BARE = 1u << 18, /* a feature_scored hook without feature_scored_occupied */
    HK_IDS_CHECKED = 1u << 19, /* a module checks its decisions' ids (ids_checked), no
                                * HK_MAY_MOVE: carc__apply_checked_id's way */
    HK_VERBS_CHECKED = 1u << 20 /* every module with deploy_actions checks its verbs
                                 * (verbs_checked), no HK_MAY_MOVE: a deployment's
                                 * verbs are not noted */
};

#define CARC_MAGIC 0x43415243u

/* Boundary checks of the lib/module.h services (doc/modules.md, "Checked
 * builds").  CARC_MOD_CHECK(cond), first in a service, states what its
 * arguments must satisfy.  In a checked build (CARC_CHECKED defined: the
 * sanitizer and fuzz builds, -Dmodule_checks=true, and the probe-module
 * test library) a failed check names the service and the condition on
 * stderr and aborts: a module called a service wrongly, a defect of the
 * library that no host input excuses, and the game may not go on from an
 * answer read out of bounds.  Elsewhere the condition is not evaluated
 * (sizeof), so release builds keep their speed.  A service that defines an
 * answer for a bad argument (-1, 0, CARC_E_INVALID) keeps that answer in
 * every build. */
void carc__check_failed(const char *fn, const char *cond, const char *file, int line)
    CARC_INTERNAL __attribute__((noreturn, cold));
/* true in a checked build (tests ask whether a bad call must abort) */
extern const bool carc__checked_build CARC_INTERNAL;
/* Tests only: a module game's draw goes through carc__advance, never in
 * straight line (turn.c, straight_draw), so both ways can be compared. */
extern bool carc__pipeline_only CARC_INTERNAL;
#ifdef CARC_CHECKED
#define CARC_MOD_CHECK(cond) \
    ((cond) ? (void)0 : carc__check_failed(__func__, #cond, __FILE__, __LINE__))
#else
#define CARC_MOD_CHECK(cond) ((void)sizeof((cond) ? 1 : 0))
#endif

/* A live handle (not NULL, not freed). */
static inline bool carc__valid(const carc_game *g) { return g && g->magic == CARC_MAGIC; }

/* The OP_PLAYER way: is the byte of the player whose turn it is nonzero
 * in the bytes at work (1 + their place in the block)?  carc__work_open's,
 * and tail_advance's for the turn start's sole hook (start_gate). */
static inline bool carc__work_player_open(const carc_game *g, unsigned work)
{
    return ((const uint8_t *)g)[work - 1u + (unsigned)g->player] != 0; /* (player >= 0) */
}

/* Is the work byte of gate o nonzero (o.work != 0, not OP_TTAGS: 1 + the
 * byte's place in the block), or the pair from it (OP_PAIR), or the byte
 * of the player whose turn it is (OP_PLAYER)?  A step hook's gate
 * (turn.c, gate_open) and the quick repair question's (repair_gate). */
static inline bool carc__work_open(const carc_game *g, step_op o)
{
    if (o.index & OP_PLAYER) return carc__work_player_open(g, o.work);
    const uint8_t *b = (const uint8_t *)g + o.work - 1u;
    if (o.index & OP_PAIR) return (b[0] | b[1]) != 0;
    return b[0] != 0;
}

/* No module may repair an edge mismatch now, known without asking one: no
 * module has place_repair, or the game's sole one keeps the quick
 * question's answer in its repair_work byte and that is 0 (lib/module.h).
 * false: carc__repair_possible tells. */
static inline bool carc__repair_shut(const carc_game *g)
{
    return !g->hooks_repair || (g->repair_gate.work && !carc__work_open(g, g->repair_gate));
}

/* Steps to the neighbour across each side, N E S W (y grows to the south). */
static const int carc__dx[4] = {0, 1, 0, -1};
static const int carc__dy[4] = {-1, 0, 1, 0};

/* The side neighbours N E S W in a row-by-row list of 8 neighbours
 * (carc__place's nbr[], the bits of the game's last_full). */
static const int carc__side_nbr[4] = {1, 4, 6, 3};
/* The steps to the 8 neighbours, row by row: (-1,-1) (0,-1) (1,-1) (-1,0)
 * (1,0) (-1,1) (0,1) (1,1). */
static const int carc__nbr_dx[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
static const int carc__nbr_dy[8] = {-1, -1, -1, 0, 0, 1, 1, 1};

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
#define GRID(g) ARR(g, int16_t, off_grid)
#define REMAIN(g) ARR(g, uint8_t, off_remain)
#define SLOTS(g) ARR(g, live_slot, off_slots)
#define CTILES(g) CARR(g, ptile, off_tiles)
#define CSEGS(g) CARR(g, seg, off_segs)
#define CFRONT(g) CARR(g, front, off_front)
#define CHIST(g) CARR(g, uint16_t, off_hist)
#define CLOG(g) CARR(g, logent, off_log)
#define CFIGS(g) CARR(g, figure, off_figs)
#define CGRID(g) CARR(g, int16_t, off_grid)
#define CREMAIN(g) CARR(g, uint8_t, off_remain)
#define CSLOTS(g) CARR(g, live_slot, off_slots)
/* Every open frontier cell of g in id order, fi (uint32_t) naming it:
 *   CARC_FOR_LIVE(g, k, fi) { ... CFRONT(g)[fi] ... }
 * (k counts slots; `break` leaves the loop). */
#define CARC_FOR_LIVE(g, k_, fi_)                                                           \
    for (uint32_t k_ = 0, fi_ = 0; k_ < (g)->lslots; k_++)                                  \
        if (CSLOTS(g)[k_].req != LIVE_DEAD && ((void)(fi_ = CSLOTS(g)[k_].fi), 1))
/* the host's bag, by tile type (after REMAIN, in the same fixed table) */
#define BAG(g) (ARR(g, uint8_t, off_remain) + carc__ntypes)
#define CBAG(g) (CARR(g, uint8_t, off_remain) + carc__ntypes)

/* A struct a caller passes with its size first (options, setup, board view:
 * they only grow at their end): its size must lie in [known, max] and every
 * byte past what this library knows must be zero (a newer caller's fields
 * left at their defaults); then the known part is copied to out. */
static inline bool carc__sized_copy(void *out, const void *in, size_t in_size, size_t known,
                                    size_t max)
{
    if (in_size < known || in_size > max) return false;
    for (size_t i = known; i < in_size; i++)
        if (((const unsigned char *)in)[i] != 0) return false;
    memcpy(out, in, known);
    return true;
}

/* The host's setup in its public form. */
static inline void carc__setup_get(const carc_game *g, carc_setup *out)
{
    memset(out, 0, sizeof *out);
    out->struct_size = sizeof *out;
    out->first_player = g->first_player;
    out->bag_given = g->bag_given;
    if (g->bag_given) memcpy(out->bag, CBAG(g), (size_t)carc__ntypes);
}


/* The root of segment s's feature (union by size keeps the chains short). */
static inline int carc__find(const carc_game *g, int s)
{
    const seg *S = CSEGS(g);
    while (S[s].parent != s) s = S[s].parent;
    return s;
}

/* A feature root: a segment in use that is its own parent (what
 * carc__segment_root and carc__root_completed return; CARC_MOD_CHECK). */
static inline bool carc__is_root(const carc_game *g, int r)
{
    return r >= 0 && (uint32_t)r < g->nsegs && CSEGS(g)[r].parent == r;
}

/* Segments a figure may name on placed tile t: the type's, plus a road laid
 * over it. */
static inline int carc__tile_nseg(const carc_game *g, int t)
{
    const ptile *pt = &CTILES(g)[t];
    return carc__types[pt->type].nseg + (pt->overlay_seg != NO_OVERLAY);
}

/* History words: an entry is its id (bits 0..12), bit 15 if the RNG chose
 * it, bit 14 if a payload follows: one word n (<= CARC_PAYLOAD_MAX), then n
 * words (a structured chance outcome). */
#define HIST_SAMPLED 0x8000u
#define HIST_PAYLOAD 0x4000u
#define HIST_ID_MASK 0x1FFFu

/* The registry (generated from the list in lib/modules/meson.build): the only
 * place that names modules. */
extern const carc_module_def *const carc__modules[CARC_MODULE_SLOTS] CARC_INTERNAL;

static inline bool carc__module_on(const carc_game *g, int module)
{
    return (g->opts.modules >> module) & 1u;
}

/* The k-th enabled module (registry order).  Loops over modules are plain
 * loops over k: a `break` leaves them. */
static inline const carc_module_def *carc__mod(const carc_game *g, int k)
{
    return carc__modules[g->mods[k]];
}

/* The pending decision, or NULL when the game is over. */
static inline const carc_pending *carc__front(const carc_game *g)
{
    return g->npending > 0 ? &g->pend[0] : NULL;
}

/* The kind of the pending decision (CARC_DECISION_END when over). */
static inline int carc__decision_kind(const carc_game *g)
{
    return g->npending > 0 ? g->pend[0].kind : CARC_DECISION_END;
}

static inline bool carc__is_over(const carc_game *g) { return g->step == CARC_STEP_OVER; }

/* Is a chance decision pending? */
static inline bool carc__chance_pending(const carc_game *g)
{
    return g->npending > 0 && g->pend[0].player == CARC_PLAYER_CHANCE;
}

/* Does tile `type` turned `rot` match the edges the cell's neighbours demand?
 * A cell's requirement byte is a complete pattern (0 = unconstrained side),
 * so the tile compiler tabulates the answer for every pattern. */
static inline bool carc__fits(const front *f, int type, int rot)
{
    return (carc__types[type].fit[f->req] >> rot) & 1u;
}

/* The sides where tile `type` turned `rot` meets the cell's demand with a
 * road against a field (either way round) while every other constrained
 * side matches: a placement a module may repair (place_repair).  0 when it
 * fits, or when a side mismatches otherwise (a city edge).  Edge kinds are
 * 2-bit codes; field ^ road is 3 and no other pair XORs to 3 (none ^ city
 * cannot occur: an unconstrained side has no mask bits). */
static inline unsigned carc__repair_sides(const front *f, int type, int rot)
{
    static const uint8_t spread[16] = {0x00, 0x03, 0x0C, 0x0F, 0x30, 0x33, 0x3C, 0x3F,
                                       0xC0, 0xC3, 0xCC, 0xCF, 0xF0, 0xF3, 0xFC, 0xFF};
    const tile_type *ty = &carc__types[type];
    unsigned x = (unsigned)(f->req ^ ty->code[rot]) & f->mask & ~(unsigned)spread[ty->wild[rot] & 15];
    unsigned lo = x & 0x55u, hi = (x >> 1) & 0x55u;
    if (lo != hi) return 0;
    return (lo & 1u) | ((lo >> 1) & 2u) | ((lo >> 2) & 4u) | ((lo >> 3) & 8u);
}

/* setup.c */
uint64_t carc__rng_next(carc_game *g) CARC_INTERNAL;
uint32_t carc__rng_below(carc_game *g, uint32_t n) CARC_INTERNAL;
int carc__game_alloc(carc_game **out, const carc_options *opts) CARC_INTERNAL;
int carc__game_init(carc_game *g) CARC_INTERNAL;
/* A new game from options as the caller gave them and a normalised setup
 * (NULL: the default), as carc__game_alloc + carc__game_init, from this
 * thread's template of the same options when there is one (setup.c): the
 * same bytes either way. */
/* host.c: a caller's setup in this library's form (CARC_E_INVALID if it
 * is not one this library understands) */
int carc__check_setup(const carc_setup *in, carc_setup *norm) CARC_INTERNAL;
int carc__game_create(carc_game **out, const carc_options *opts, const carc_setup *su) CARC_INTERNAL;
/* What a game made from opts and su is at creation, without making one
 * when this thread's template has it: *head its header and fixed tables
 * (up to L.off_tiles; opts.seed and the RNG are the template's, not
 * opts'), *figs its figures (figure *); valid until this thread's next
 * carc__game_create or carc__game_config.  When no template could be kept,
 * *own is a new game the caller frees and *head, *figs are its own.
 * Errors as carc_game_new. */
int carc__game_config(const carc_options *opts, const carc_setup *su, const carc_game **head,
                      const void **figs, carc_game **own) CARC_INTERNAL;
size_t carc__state_bytes(const carc_game *g) CARC_INTERNAL;
/* bytes of the block that are in use (what clone copies) */
size_t carc__state_used_bytes(const carc_game *g) CARC_INTERNAL;
void carc__state_copy(carc_game *dst, const carc_game *src) CARC_INTERNAL;
bool carc__state_equal(const carc_game *a, const carc_game *b) CARC_INTERNAL;
int carc__check_options(const carc_options *in, carc_options *norm) CARC_INTERNAL;
int carc__rule_count(void) CARC_INTERNAL;
int carc__rule_module(int rule) CARC_INTERNAL;
/* The first rule slot whose value in opts differs from its default while
 * the module owning it is not in opts->modules (base counts as in play), or
 * -1.  carc_game_new refuses such options; a record's reader names the
 * line.  Any time; reads opts only. */
int carc__rule_off_play(const carc_options *opts) CARC_INTERNAL;
const carc_rule_def *carc__rule_def(int rule) CARC_INTERNAL;
int carc__rule_legacy(int rule, uint64_t modules) CARC_INTERNAL;

/* board.c */
/* What is in cell (x, y): >= 0 placed tile, -1 empty, <= -2 open frontier
 * cell -(v + 2).  Any x, y: a cell outside the window is empty. */
static inline int carc__cell_get(const carc_game *g, int x, int y)
{
    uint32_t ux = (uint32_t)x - (uint32_t)(int32_t)g->gx0;
    uint32_t uy = (uint32_t)y - (uint32_t)(int32_t)g->gy0;
    if (ux >= g->gw || uy >= g->gh) return -1;
    return CGRID(g)[uy * g->gw + ux];
}

/* The open frontier cell at (x, y), or -1. */
static inline int carc__front_of(const carc_game *g, int x, int y)
{
    int v = carc__cell_get(g, x, y);
    return v <= -2 ? -(v + 2) : -1;
}
int carc__place(carc_game *g, int type, int x, int y, int rot) CARC_INTERNAL;
bool carc__placeable(const carc_game *g, int type) CARC_INTERNAL;
/* segment `local` of placed tile t (local == the type's segment count: the
 * road laid over it), or -1 */
static inline int carc__seg_of(const carc_game *g, int t, int local)
{
    const ptile *pt = &CTILES(g)[t];
    int n = carc__types[pt->type].nseg;
    if (local >= 0 && local < n) return pt->seg0 + local;
    if (local == n && pt->overlay_seg != NO_OVERLAY) return pt->overlay_seg;
    return -1;
}

void carc__board_bounds(const carc_game *g, int *x0, int *x1, int *y0, int *y1) CARC_INTERNAL;
void carc__board_init(carc_game *g) CARC_INTERNAL;

/* turn.c: the rotations of tile `type` that may be laid in frontier cell f
 * (edges match, or a module repairs a road/field mismatch; no veto), as a
 * bit set; and whether a module would repair rotation rot there */
unsigned carc__legal_rots(const carc_game *g, const front *f, int type) CARC_INTERNAL;
bool carc__repairable(const carc_game *g, const front *f, int type, int rot) CARC_INTERNAL;
/* the rotations of `type` in cell f that only a repair makes legal (the
 * candidates of the tile table's repair[req] a module accepts), given that
 * carc__repair_possible said yes */
unsigned carc__repaired_rots(const carc_game *g, const front *f, int type) CARC_INTERNAL;
/* may an enabled module repair any placement now (place_repair asked with
 * type -1: a quick filter, e.g. the player holds a bridge)? */
bool carc__repair_possible(const carc_game *g) CARC_INTERNAL;
/* may the player pass the tile in hand (it fits only by a repair and a
 * module lets such a tile be declined: CARC_REPAIR_DECLINE)? */
bool carc__place_pass_legal(const carc_game *g) CARC_INTERNAL;

/* figures.c */
int carc__strength_of(const carc_game *g, int fig) CARC_INTERNAL;

/* scoring.c */
int carc__collect_completed(carc_game *g) CARC_INTERNAL;
int carc__score_next(carc_game *g) CARC_INTERNAL;
void carc__end_game_scoring(carc_game *g) CARC_INTERNAL;
void carc__end_game_projection(const carc_game *g, int32_t *scores) CARC_INTERNAL;
void carc__log(carc_game *g, int player, int points, int reason, int feature, int tile,
               int local) CARC_INTERNAL;

/* turn.c */
int carc__enumerate(const carc_game *g, action_sink *sink) CARC_INTERNAL;
/* The placement ids of a pending PLACE decision written straight into ids,
 * their number returned: what carc__enumerate lists there, when
 * carc__place_ids_plain_ok(g) and ids has room for 4 ids a slot (4 *
 * g->lslots; the ids past the count are scratch).  A leaf for the
 * playout's listing (carc_game_legal_ids). */
size_t carc__place_ids_plain(const carc_game *g, int32_t *ids) CARC_INTERNAL;
/* carc__place_ids_plain may list the pending decision: a placement, no
 * module may repair one now (carc__repair_shut), and no module may veto one
 * (HK_MAY_PLACE) or none examines the tile in hand (place_veto_ttags, as
 * place_actions' place_veto_type asks: Abbey & Mayor's games, but for the
 * abbey) -- place_actions' fast case, asked without reading the modules */
static inline bool carc__place_ids_plain_ok(const carc_game *g)
{
    return g->npending > 0 && g->pend[0].kind == CARC_DECISION_PLACE && carc__repair_shut(g) &&
           (!(g->hookmask & HK_MAY_PLACE) ||
            (!g->place_veto_all && g->drawn >= 0 &&
             !(carc__types[g->drawn].tags & g->place_veto_ttags)));
}
/* figure moves made by this thread so far (figures.c): unchanged means no
 * figure moved (scoring.c's lists of the figures on a feature) */
extern _Thread_local uint32_t carc__moves CARC_INTERNAL;
int carc__apply(carc_game *g, const carc_action *a, int32_t id, bool sampled) CARC_INTERNAL;
/* The ids carc__enumerate listed last on this thread at a module's
 * decision, or the module verbs it listed last at the turn's own
 * deployment (a part of that listing: the verbs, its last ids; the core's
 * ids there never ask the note) (per thread, like carc__moves: no part of
 * any game's state).  Every id noted is legal; an id not noted may be.
 * The listings (turn.c's listed_note) keep a listing (or its verbs) of game g in its present
 * state (g's history length says which state: every applied decision
 * lengthens it, a refused one changes nothing); carc__listed_forget drops every thread's note (a game
 * freed, or overwritten by carc_game_copy, so that another game at the
 * same address and history length is never taken for it).  While g's
 * note holds, an id it lists is legal at g's pending decision: the module
 * listed it (decision_actions' and deploy_actions' contract: every listed
 * id applies), so
 * module_id_legal need not ask action_legal or check the id's round
 * trip again. */
#define CARC__LISTED_MAX 64
void carc__listed_forget(void) CARC_INTERNAL;
/* does g's note hold and list id? (for the tests) */
bool carc__listed_has(const carc_game *g, int32_t id) CARC_INTERNAL;
/* carc__apply(g, a, id, false) of the action a = carc__action_decode(g, id)
 * (CARC_E_ILLEGAL when id decodes to none): the action is not decoded
 * again before a module's action_legal or decision_apply sees it, nor
 * encoded again where its form says what the encoding gives; a module's
 * id that is noted (the listing's note) goes to the module first, before
 * any decode: to its apply_listed_id when it has one, else decoded by its
 * declarations to its decision_apply, in straight line (not with
 * carc__pipeline_only: tests) */
int carc__apply_id(carc_game *g, int32_t id) CARC_INTERNAL;
/* carc__apply_id in a game with HK_IDS_CHECKED: at a decision whose ids
 * its module checks itself (ids_checked), the module's apply_listed_id
 * straight away, in a small frame, the note not read (such a listing is
 * not noted); the same answer and game as carc__apply_id */
int carc__apply_checked_id(carc_game *g, int32_t id) CARC_INTERNAL;
int carc__apply_place_id(carc_game *g, int32_t id) CARC_INTERNAL;
/* carc__enumerate at a module's decision (the front's kind is a module's):
 * its owner's decision_actions, the ids noted (the listing's note) */
void carc__module_actions(const carc_game *g, action_sink *sink) CARC_INTERNAL;
/* the same for the core's deployment decision (the caller checked its kind) */
int carc__apply_deploy_id(carc_game *g, int32_t id) CARC_INTERNAL;
/* carc__enumerate at the core's deployment decision (the front's kind is
 * CARC_DECISION_DEPLOY: the caller checked it), without its frame: the
 * playout's listing (carc_game_legal_ids) */
void carc__deploy_actions(const carc_game *g, action_sink *sink) CARC_INTERNAL;
/* carc__deploy_actions at the turn's own deployment (not queued) in a game
 * whose modules add verbs (HK_DEPLOY_ACTIONS) when the player has nothing
 * to deploy (no target tile, or an empty supply): the pass, then the
 * verbs, the same ids in the same order, without the kinds' loop, into
 * ids (a sink of cap ids): their count */
size_t carc__deploy_pass_verbs(const carc_game *g, int32_t *ids, size_t cap) CARC_INTERNAL;
/* a structured outcome given as its id and payload words at the pending
 * sampled-only chance decision: the owner's outcome_from_payload rebuilds
 * it into *out (an action of the owner with that id) or refuses it
 * (CARC_E_STATE: no such decision pending; CARC_E_INVALID: no words, more
 * than CARC_PAYLOAD_MAX, NULL; CARC_E_ILLEGAL: the module refuses them);
 * read-only.  carc__apply_outcome checks the same and applies it, the
 * history keeping the words as given. */
int carc__outcome_check(const carc_game *g, int32_t id, const uint16_t *words, size_t n,
                        carc_action *out) CARC_INTERNAL;
int carc__apply_outcome(carc_game *g, int32_t id, const uint16_t *words, size_t n) CARC_INTERNAL;
/* After carc__outcome_check refused words: the pending decision's owner's
 * outcome_explain hook, if it has one, fills why (reason, message) and true
 * is returned; false: no module explanation (the caller's generic one). */
bool carc__outcome_explain(const carc_game *g, const uint16_t *words, size_t n,
                           carc_explanation *why) CARC_INTERNAL;
bool carc__drawable(const carc_game *g, int type) CARC_INTERNAL;
/* the pile's counts with masked types cleared (turn.c, draw_vetoed) */
uint32_t carc__counts_masked(const uint8_t *remain, const uint8_t *mask, int nt,
                             uint8_t *cnt) CARC_INTERNAL;
/* The tile type of the r-th tile of the counts remain[0..nt) with those
 * where mask[t] is 0xFF cleared (mask 0 or 0xFF), or -1: the pick
 * draw_vetoed makes through the mask (turn.c pick_type_in), for
 * test_princess_dragon.c `pick_masked`. */
int carc__pick_masked(const uint8_t *remain, const uint8_t *mask, int nt, int r) CARC_INTERNAL;
/* the draw's pick passing over the gap [lo, hi) (whole blocks of sixteen,
 * every count there 0), for tests: the type the r-th tile is, or -1 */
int carc__pick_gap(const uint8_t *remain, int nt, int r, int lo, int hi) CARC_INTERNAL;
int carc__chance_weights(const carc_game *g, int32_t *ids, uint32_t *w, size_t cap) CARC_INTERNAL;
int carc__sample_chance(carc_game *g, carc_action *out, int32_t *id) CARC_INTERNAL;
bool carc__sampled_only(const carc_game *g) CARC_INTERNAL;
int carc__entry_words(const carc_game *g, const carc_action *a, int32_t id, bool sampled,
                      uint16_t *out) CARC_INTERNAL;
void carc__advance(carc_game *g) CARC_INTERNAL;
int carc__build_steps(carc_game *g) CARC_INTERNAL;
const carc_module_def *carc__owner_of_kind(int kind) CARC_INTERNAL;

/* ids.c */
int carc__action_id(const carc_game *g, const carc_action *a, int32_t *id) CARC_INTERNAL;
int carc__action_from_id(const carc_game *g, int32_t id, carc_action *out) CARC_INTERNAL;
/* carc__action_from_id, and in *form the module's declared form that
 * decoded id (NULL: a core action, or a module's action_from_id hook):
 * a module's decision (an id in range, not the pass, its owner
 * registered) and a verb of a module on at a deployment go to their
 * module's declarations (carc__declared_from_id) first thing, in line (a
 * module decision's way, carc__apply_id); the rest to
 * carc__action_decode_rest (ids.c) */
int carc__declared_from_id(const carc_game *g, const carc_module_def *md,
                           const carc_pending *p, int32_t id, carc_action *out,
                           const carc_action_def **form) CARC_INTERNAL;
int carc__action_decode_rest(const carc_game *g, int32_t id, carc_action *out,
                             const carc_action_def **form) CARC_INTERNAL;
static inline int carc__action_decode(const carc_game *g, int32_t id, carc_action *out,
                                      const carc_action_def **form)
{
    const carc_pending *p = carc__front(g);
    int m;
    if (p && p->kind > CARC_DECISION_DEPLOY && id > CARC_ID_PASS &&
        id < (p->player == CARC_PLAYER_CHANCE ? CARC_MAX_CHANCE_OUTCOMES
                                              : CARC_NUM_DISTINCT_ACTIONS) &&
        p->owner < CARC_MODULE_SLOTS && carc__modules[p->owner])
        /* a module's decision: the declarations write all of out */
        return carc__declared_from_id(g, carc__modules[p->owner], p, id, out, form);
    if (p && p->kind == CARC_DECISION_DEPLOY && p->player != CARC_PLAYER_CHANCE &&
        (m = CARC_VERB_MODULE(id)) >= 0 && carc__modules[m] && carc__module_on(g, m))
        /* a verb of a module on at a deployment (in range, not the pass,
         * no deployment id): the same */
        return carc__declared_from_id(g, carc__modules[m], p, id, out, form);
    return carc__action_decode_rest(g, id, out, form);
}
/* carc__action_id(g, a) == id, for a = carc__action_decode(g, id, &form)
 * in this state: answered without encoding when form is the first of its
 * kind (ids.c); form NULL: by encoding */
bool carc__id_round_trips(const carc_game *g, const carc_action *a, int32_t id,
                          const carc_action_def *form) CARC_INTERNAL;
/* a module's action kinds in text: its declared forms (carc_action_def),
 * then its hand-written hooks */
bool carc__module_has_word(const carc_module_def *md, const char *word) CARC_INTERNAL;
int carc__declared_to_text(const carc_game *g, const carc_module_def *md, const carc_action *a,
                           outbuf *o) CARC_INTERNAL;
int carc__declared_from_text(const carc_game *g, const carc_module_def *md, char **tok, int n,
                             carc_action *out) CARC_INTERNAL;

/* A placement id: the frontier cell it names (its anchor tile's side) and
 * the rotation.  CARC_E_INVALID if it names no open cell. */
static inline int carc__decode_cell(const carc_game *g, int32_t id, int *fi, int *rot)
{
    /* unsigned: the divisions are shifts */
    uint32_t v = (uint32_t)id - CARC_ID_CELL, anchor = v / 16, side = (v / 4) % 4;
    if (v >= CARC_ID_CELL_N || anchor >= g->ntiles) return CARC_E_INVALID;
    const ptile *pt = &CTILES(g)[anchor];
    int f = carc__front_of(g, pt->x + carc__dx[side], pt->y + carc__dy[side]);
    if (f < 0) return CARC_E_INVALID;
    const front *fr = &CFRONT(g)[f];
    if (fr->idbase != id - (int32_t)(v % 4)) return CARC_E_INVALID; /* alias: another anchor's cell */
    *fi = f;
    *rot = (int)(v % 4);
    return CARC_OK;
}

/* serialize.c: replay the history entry at words[0..avail) (used by records
 * too); *used receives its length in words */
int carc__replay_entry(carc_game *g, const uint16_t *words, uint32_t avail, uint32_t *used) CARC_INTERNAL;
/* the action of the history entry at words[0..avail), in the context of the
 * pending decision (records) */
int carc__entry_action(const carc_game *g, const uint16_t *words, uint32_t avail, carc_action *out,
                       uint32_t *used) CARC_INTERNAL;
/* a snapshot (format version 4) into *out: *copied true when its state
 * was checked and copied, false when its history was replayed (another
 * build's layout, or a module without state_check); and its checksum */
int carc__snapshot_restore(carc_game **out, const uint8_t *buf, size_t len, bool *copied) CARC_INTERNAL;
uint64_t carc__snapshot_sum(const uint8_t *p, size_t n) CARC_INTERNAL;

/* check.c: a state restored from a snapshot (serialize.c, format version
 * 4).  carc__snapshot_config_ok: snap's fields set at creation equal those
 * of fresh (the header of a game made from the same options and setup, same
 * layout, whose figures are fresh_figs, with the given seed);
 * carc__state_check: every count, index and link of the core's state in
 * range, then the enabled modules' state_check hooks; carc__snapshot_supported:
 * every enabled module with a state or decisions of its own has that hook
 * (otherwise a snapshot is restored by replaying its history). */
bool carc__snapshot_config_ok(const carc_game *fresh, const void *fresh_figs, uint64_t seed,
                              const carc_game *snap) CARC_INTERNAL;
bool carc__state_check(const carc_game *g) CARC_INTERNAL;
bool carc__snapshot_supported(const carc_game *g) CARC_INTERNAL;

/* figures.c: the turn's deployment of a figure from supply (turn.c) */
int carc__figure_deploy_supply(carc_game *g, int player, int kind, int tile, int s, int cause)
    CARC_INTERNAL;

/* notation.c */
const char *carc__feature_name(int kind) CARC_INTERNAL;
const char *carc__reason_name(int reason) CARC_INTERNAL;
int carc__out_finish(outbuf *o, size_t *needed) CARC_INTERNAL;
const char *carc__figure_name(int kind) CARC_INTERNAL;
int carc__figure_by_name(const char *name) CARC_INTERNAL;
/* a whole decimal string in [lo, hi] */
bool carc__parse_int(const char *s, long lo, long hi, int *out) CARC_INTERNAL;
/* carc_action_from_string, saying where (byte offset) and why on failure */
int carc__parse_action(const carc_game *g, const char *text, carc_action *out, int *pos,
                       char *msg, size_t cap) CARC_INTERNAL;
/* carc_game_explain's core, for a live handle (explain.c) */
int carc__explain(const carc_game *g, const carc_action *a, carc_explanation *out) CARC_INTERNAL;

#endif
