/*
 * libcarcvar — an embeddable Carcassonne rules engine.
 *
 * This header is the whole public contract.  Anything not declared here is
 * private and may change without notice.
 *
 * CONVENTIONS
 *   - Every public name starts with carc_ / CARC_.
 *   - Functions that can fail return int: CARC_OK (0) or a negative
 *     CARC_E_* code; carc_strerror() turns a code into a static string.
 *     New error codes may be added in minor releases: treat any negative
 *     value you do not know as a generic failure.
 *   - A function that fails leaves every object it was given unchanged.
 *   - Out-parameters come last.  Caller-sized buffers are passed as
 *     (buf, cap, &needed): on CARC_E_BUFFER nothing useful is written to buf
 *     but *needed holds the size that would succeed; buf may be NULL when
 *     cap is 0, to ask for the size.  On success the entries of buf past
 *     *needed (below cap) may have been written too: their values mean
 *     nothing (the listings write some ids four at a time).
 *
 * OWNERSHIP
 *   - Objects returned through a pointer-to-pointer (carc_game **) belong to
 *     the caller and are released with the matching free function
 *     (carc_game_free).  Free functions accept NULL and do nothing.
 *   - const char * returned by the library (names, carc_strerror,
 *     carc_version_string) point at static storage: never free them.
 *   - The library keeps no pointer to anything the caller passes in.
 *
 * THREAD SAFETY
 *   - The library has no global mutable state shared between threads.
 *     Each thread keeps a few caches of its own (the rule tables, and a copy
 *     of the last new game's starting state, at most 8 KB, that later games
 *     with the same options start from); they never change a result, and a
 *     thread that ends frees them.  Distinct carc_game handles may be used
 *     from different threads at the same time.
 *   - One handle must not be used from two threads at once unless every
 *     concurrent call is a const (read-only) function.
 *
 * DETERMINISM
 *   - A game is a pure function of its options (including the seed) and the
 *     sequence of applied actions.  The RNG lives in the game state, is
 *     copied by clone and stored by serialize.
 *
 * BOARD COORDINATES AND ROTATION
 *   - Cells are (x, y) integers.  The start tile lies at (0, 0).  x grows to
 *     the east, y grows to the SOUTH (screen convention): the northern
 *     neighbour of (x, y) is (x, y - 1).
 *   - rotation r in 0..3 turns the tile r quarter turns clockwise from the
 *     orientation in which its type is defined (see doc/tiles.md): with
 *     r = 1 the tile's own north edge faces east.
 *   - Segments (roads, cities, monasteries, fields of one tile) are numbered
 *     in the tile type's own definition order; the number does not change
 *     with rotation.
 */
#ifndef CARCVAR_H
#define CARCVAR_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32) && !defined(CARC_STATIC)
#  ifdef CARC_BUILDING_LIBRARY
#    define CARC_API __declspec(dllexport)
#  else
#    define CARC_API __declspec(dllimport)
#  endif
#elif defined(__GNUC__) && __GNUC__ >= 4
#  define CARC_API __attribute__((visibility("default")))
#else
#  define CARC_API
#endif

/* ---------------------------------------------------------------- version */

#define CARC_VERSION_MAJOR 0
#define CARC_VERSION_MINOR 19
#define CARC_VERSION_PATCH 1
/** MAJOR*10000 + MINOR*100 + PATCH */
#define CARC_VERSION_NUMBER \
    (CARC_VERSION_MAJOR * 10000 + CARC_VERSION_MINOR * 100 + CARC_VERSION_PATCH)
#define CARC_VERSION_STRING "0.19.1"

/** Run-time version number of the loaded library (same encoding as
 *  CARC_VERSION_NUMBER).  Compare with the macro to detect a header/library
 *  mismatch. */
CARC_API int carc_version_number(void);
/** Run-time version string, e.g. "0.1.0" (static storage). */
CARC_API const char *carc_version_string(void);

/* ----------------------------------------------------------------- errors */

#define CARC_OK            0
#define CARC_E_INVALID    -1  /**< NULL pointer or argument out of range     */
#define CARC_E_NOMEM      -2  /**< allocation failed                         */
#define CARC_E_ILLEGAL    -3  /**< action is not legal in this state         */
#define CARC_E_BUFFER     -4  /**< caller buffer too small; see *needed      */
#define CARC_E_STATE      -5  /**< wrong kind of decision pending, or over   */
#define CARC_E_PARSE      -6  /**< malformed text (notation or record)       */
#define CARC_E_CORRUPT    -7  /**< serialized data damaged or inconsistent   */
#define CARC_E_VERSION    -8  /**< data from an unsupported format version   */
#define CARC_E_UNSUPPORTED -9 /**< module or option not built into this lib  */
#define CARC_E_NOTFOUND  -10  /**< no such tile, cell, name or feature       */
#define CARC_E_LIMIT     -11  /**< a declared bound of the game was reached;
                                   nothing changed (a defect: please report) */

/** Static, human-readable description of an error code (never NULL). */
CARC_API const char *carc_strerror(int code);

/* ------------------------------------------------------- fixed constants */

/** Size of the integer action-id space for player decisions: every player
 *  action id lies in [0, CARC_NUM_DISTINCT_ACTIONS).  Fixed for every module
 *  combination and every reachable board (see doc/actions.md). */
#define CARC_NUM_DISTINCT_ACTIONS 8192
/** Size of the chance-outcome id space: every chance outcome id lies in
 *  [0, CARC_MAX_CHANCE_OUTCOMES). */
#define CARC_MAX_CHANCE_OUTCOMES 1024
/** Most tiles a game can hold (all modules together stay below this). */
#define CARC_MAX_TILES 256
/** Most segments one tile type can have. */
#define CARC_MAX_SEGMENTS 32
#define CARC_MIN_PLAYERS 2
#define CARC_MAX_PLAYERS 6
/** Number of rule-option slots in carc_options.rules. */
#define CARC_MAX_RULES 64

/* The same constants as functions, for FFI users who cannot read macros. */
/** CARC_NUM_DISTINCT_ACTIONS (8192): the size of the player action-id
 *  space, for hosts that cannot read macros (ctypes, other FFIs). */
CARC_API int carc_num_distinct_actions(void);
/** CARC_MAX_CHANCE_OUTCOMES (1024): the size of the chance-outcome id
 *  space (carc_game_chance_outcomes), for hosts that cannot read macros. */
CARC_API int carc_max_chance_outcomes(void);
/** CARC_MAX_TILES (256): the most tiles a game can hold (carc_game_tile_count
 *  never exceeds it; a buffer of that many tile types always suffices for
 *  carc_game_held_tiles), for hosts that cannot read macros. */
CARC_API int carc_max_tiles(void);

/* ---------------------------------------------------------------- enums */

/** Special values of carc_game_current_player() (OpenSpiel conventions). */
#define CARC_PLAYER_CHANCE   -1
#define CARC_PLAYER_TERMINAL -4

/** What kind of decision is pending. */
typedef enum carc_decision_kind {
    CARC_DECISION_DRAW = 0,   /**< chance: which tile is drawn              */
    CARC_DECISION_PLACE = 1,  /**< player: where and how to lay the tile     */
    CARC_DECISION_DEPLOY = 2, /**< player: put a figure on the new tile, or pass */
    CARC_DECISION_END = 3     /**< the game is over                          */
    /* modules add kinds from 16 on */
} carc_decision_kind;

/** Action kinds (carc_action.kind). */
typedef enum carc_action_kind {
    CARC_ACTION_DRAW = 0,    /**< chance outcome: tile = drawn tile type    */
    CARC_ACTION_PLACE = 1,   /**< x, y, rotation                            */
    CARC_ACTION_DEPLOY = 2,  /**< figure kind on segment of the new tile     */
    CARC_ACTION_PASS = 3     /**< decline an optional step (no deployment)  */
    /* modules add kinds from 16 on */
} carc_action_kind;

/** Segment (feature) kinds. */
typedef enum carc_feature_kind {
    CARC_FEATURE_ROAD = 0,
    CARC_FEATURE_CITY = 1,
    CARC_FEATURE_MONASTERY = 2,
    CARC_FEATURE_FIELD = 3
    /* modules add kinds from 8 on (circus, acrobat space, fair, ...) */
} carc_feature_kind;

/** Figure kinds.  Only CARC_FIGURE_FOLLOWER exists in the base game; the
 *  other values are reserved for the roadmap's modules so that ids stay
 *  stable. */
typedef enum carc_figure_kind {
    CARC_FIGURE_FOLLOWER = 0,  /**< normal meeple                  */
    CARC_FIGURE_BIG = 1,       /**< big meeple (Inns & Cathedrals)  */
    CARC_FIGURE_MAYOR = 2,
    CARC_FIGURE_WAGON = 3,
    CARC_FIGURE_BARN = 4,
    CARC_FIGURE_BUILDER = 5,
    CARC_FIGURE_PIG = 6,
    CARC_FIGURE_RINGMASTER = 7,
    CARC_FIGURE_FAIRY = 8,
    CARC_FIGURE_DRAGON = 9,
    CARC_FIGURE_COUNT = 10,
    CARC_FIGURE_BIG_TOP = 11,
    CARC_FIGURE_KINDS = 16
} carc_figure_kind;

/** Where a figure is (carc_figure.where). */
typedef enum carc_figure_place {
    CARC_WHERE_SUPPLY = 0,   /**< in its owner's supply                   */
    CARC_WHERE_BOARD = 1,    /**< on a segment of a placed tile           */
    CARC_WHERE_REMOVED = 2,  /**< removed from play for good              */
    CARC_WHERE_TILE = 3,     /**< on a tile but on no segment (tower top,
                                  acrobat space): x, y are the cell        */
    CARC_WHERE_ATTACHED = 4, /**< with another figure (the fairy): arg is
                                  that figure's index in carc_game_figures */
    CARC_WHERE_HELD = 5      /**< held off the board by a module (prisoner,
                                  City quarter, dungeon): arg is the
                                  holder's value, state bits 8..15 the
                                  holding module                          */
} carc_figure_place;

/** Modules.  CARC_MODULE_BASE is always on.  The others are reserved ids of
 *  the roadmap; asking for one that this build does not contain makes
 *  carc_game_new() return CARC_E_UNSUPPORTED (see carc_module_available). */
typedef enum carc_module_id {
    CARC_MODULE_BASE = 0,
    CARC_MODULE_INNS_CATHEDRALS = 1,
    CARC_MODULE_TRADERS_BUILDERS = 2,
    CARC_MODULE_PRINCESS_DRAGON = 3,
    CARC_MODULE_TOWER = 4,
    CARC_MODULE_ABBEY_MAYOR = 5,
    CARC_MODULE_COUNT = 6,
    CARC_MODULE_BRIDGES_CASTLES = 7,
    CARC_MODULE_BIG_TOP = 8,
    CARC_MODULE_CATAPULT = 9,
    CARC_MODULE_PIG_THROWING = 10,
    CARC_MODULE_DUNGEON = 11,
    CARC_MODULE_SLOTS = 32
} carc_module_id;

/** Rule options (indices into carc_options.rules). */
typedef enum carc_rule_id {
    /** Points per tile of a completed 2-tile city: 2 (modern, default) or 1
     *  (1st edition). */
    CARC_RULE_TINY_CITY = 0
} carc_rule_id;

/* ---------------------------------------------------------------- options */

/** Options for a new game.  Always initialise with carc_options_init(); the
 *  struct only ever grows at its end, and struct_size tells the library
 *  which version the caller was compiled against. */
typedef struct carc_options {
    size_t struct_size;          /**< set by carc_options_init           */
    int32_t num_players;         /**< 2..6 (default 2)                   */
    uint32_t reserved0;
    uint64_t seed;               /**< RNG seed (default 0)               */
    uint64_t modules;            /**< bit (1 << carc_module_id); base always on */
    int32_t rules[CARC_MAX_RULES]; /**< rule option values, see carc_rule_* */
} carc_options;

/** Fill opts with defaults: 2 players, seed 0, base game, recommended rules. */
CARC_API void carc_options_init(carc_options *opts);

/** One more than the highest rule id of this build: rule ids are fixed slots
 *  owned by modules, so ids below it may be unused (carc_rule_name() is NULL
 *  for those). */
CARC_API int carc_rule_count(void);
/** Name of rule option id ("tiny_city"), or NULL if out of range. */
CARC_API const char *carc_rule_name(int rule);
/** Rule id for a name, or CARC_E_NOTFOUND. */
CARC_API int carc_rule_by_name(const char *name);
/** Default (recommended) value of a rule, or CARC_E_INVALID. */
CARC_API int carc_rule_default(int rule);
/** Set a rule option in opts by name and value; validates the value. */
CARC_API int carc_options_set_rule(carc_options *opts, const char *name, int value);

/** Module name ("base", "tower", ...), or NULL if out of range. */
CARC_API const char *carc_module_name(int module);
/** Module id for a name, or CARC_E_NOTFOUND. */
CARC_API int carc_module_by_name(const char *name);
/** 1 if this build implements the module, 0 if not, CARC_E_INVALID if the
 *  id is out of range. */
CARC_API int carc_module_available(int module);

/* ------------------------------------------------------------- tile types */

/** Number of tile types in the catalogue of this build (all modules). */
CARC_API int carc_tile_type_count(void);
/** Name of a tile type ("D" for the base game's city-road tile), or NULL. */
CARC_API const char *carc_tile_name(int type);
/** Tile type for a name, or CARC_E_NOTFOUND. */
CARC_API int carc_tile_by_name(const char *name);

/** Description of a tile type in a given rotation. */
typedef struct carc_tile_info {
    int32_t type;
    int32_t module;        /**< carc_module_id that adds it             */
    int32_t count;         /**< copies in the module's tile set          */
    int32_t num_segments;
    char edges[5];         /**< N, E, S, W edge kinds after rotation: 'C' city,
                                'R' road, 'F' field; NUL-terminated      */
    char reserved[3];
} carc_tile_info;

/** Describe tile type `type` turned by `rotation` (0..3). */
CARC_API int carc_tile_info_get(int type, int rotation, carc_tile_info *out);

/** One segment of a tile type. */
typedef struct carc_segment_info {
    int32_t kind;          /**< carc_feature_kind                         */
    uint32_t edges;        /**< bit i: touches edge i (0 N,1 E,2 S,3 W) after rotation */
    uint32_t half_edges;   /**< fields: bit i for Nw,Ne,En,Es,Se,Sw,Ws,Wn after rotation */
    uint32_t touches;      /**< fields: bit j set if it borders city segment j */
    int32_t pennants;
} carc_segment_info;

/** Describe segment `segment` of tile type `type` turned by `rotation`. */
CARC_API int carc_segment_info_get(int type, int rotation, int segment,
                                   carc_segment_info *out);

/* ------------------------------------------------------------------ game */

/** Opaque game handle. */
typedef struct carc_game carc_game;

/** Create a game.  Errors: CARC_E_INVALID (NULL, bad player count, unknown
 *  rule value, a module's rule option off its default while the module is
 *  not in play, struct_size too small or with a non-zero unknown tail),
 *  CARC_E_UNSUPPORTED (a module not built into this library),
 *  CARC_E_NOMEM.  On success *out owns a new game whose first decision is
 *  the first tile draw (a chance decision). */
CARC_API int carc_game_new(carc_game **out, const carc_options *opts);
/** Release a game; NULL is a no-op. */
CARC_API void carc_game_free(carc_game *game);
/** Make an independent copy (one allocation, one flat copy). */
CARC_API int carc_game_clone(carc_game **out, const carc_game *game);
/** Overwrite dst with a copy of src without allocating, for tight search
 *  loops.  dst must have been created with the same options (same modules
 *  and player count); otherwise CARC_E_INVALID. */
CARC_API int carc_game_copy(carc_game *dst, const carc_game *src);
/** Read back the options the game was created with. */
CARC_API int carc_game_options(const carc_game *game, carc_options *out);

/* ------------------------------------------------------------ host setup */

/** What a host sets for a new game beyond its options: who plays first and
 *  which tiles may be drawn (a scenario, or a physical game replayed: the
 *  game ends when this bag is empty).  Initialise with carc_setup_init();
 *  the struct only ever grows at its end (struct_size), like carc_options.
 *  Not in 0.2.0: CARCVAR_0.3. */
typedef struct carc_setup {
    size_t struct_size;          /**< set by carc_setup_init                */
    int32_t first_player;        /**< plays the first turn: 0..num_players-1 (default 0) */
    int32_t bag_given;           /**< 0: the draw pile holds every tile of the
                                      modules in play (default); 1: bag[]   */
    uint8_t bag[CARC_MAX_TILES]; /**< with bag_given: copies of tile type t in
                                      the draw pile -- at most what the tile
                                      sets in play hold besides the start
                                      tiles; 0 for every other type          */
} carc_setup;

/** Fill setup with defaults: player 0 first, the full draw pile. */
CARC_API void carc_setup_init(carc_setup *setup);
/** Create a game as carc_game_new does, with a host setup (NULL: the
 *  defaults).  Errors as carc_game_new, and CARC_E_INVALID for a first
 *  player out of range, a bag holding more of a type than the tile sets in
 *  play, or a struct_size too small or with a non-zero unknown tail.
 *  Serialization and game records keep the setup. */
CARC_API int carc_game_new_setup(carc_game **out, const carc_options *opts,
                                 const carc_setup *setup);
/** Read back the setup the game was created with. */
CARC_API int carc_game_setup(const carc_game *game, carc_setup *out);

/** The tiles set aside so far because they fitted nowhere (base rules:
 *  drawn, shown, removed from the game), in the order they were drawn, as
 *  tile types; *needed receives their number.  CARCVAR_0.3. */
CARC_API int carc_game_set_aside(const carc_game *game, int32_t *types, size_t cap,
                                 size_t *needed);
/** Each player's score from play alone: the live score without the
 *  end-game scoring (equal to the live score until the final scoring has
 *  run).  buf needs num_players entries.  CARCVAR_0.3. */
CARC_API int carc_game_play_scores(const carc_game *game, int32_t *buf, size_t cap);
/** Points each player scored during turn `turn` (1..carc_game_turn()), the
 *  end-game scoring left out.  buf needs num_players entries.
 *  CARC_E_INVALID for a turn out of range.  CARCVAR_0.3. */
CARC_API int carc_game_turn_points(const carc_game *game, int turn, int32_t *buf, size_t cap);

/** Number of players of the game (2 to 6, as carc_options.num_players
 *  made it); CARC_E_INVALID for NULL. */
CARC_API int carc_game_num_players(const carc_game *game);
/** Player to act (0-based), CARC_PLAYER_CHANCE or CARC_PLAYER_TERMINAL;
 *  CARC_E_INVALID for NULL. */
CARC_API int carc_game_current_player(const carc_game *game);
/** 1 if the game is over, 0 if not, CARC_E_INVALID for NULL. */
CARC_API int carc_game_is_terminal(const carc_game *game);
/** Number of turns started so far (the first turn is 1). */
CARC_API int carc_game_turn(const carc_game *game);

/** The pending decision. */
typedef struct carc_decision {
    int32_t kind;      /**< carc_decision_kind                           */
    int32_t player;    /**< as carc_game_current_player                  */
    int32_t tile;      /**< tile type being placed (PLACE/DEPLOY), else -1 */
    int32_t x, y;      /**< DEPLOY: cell of the tile just placed          */
    int32_t flags;     /**< CARC_DECISION_F_* bits                        */
    int32_t reserved[2];
} carc_decision;

/** carc_decision.flags: a chance decision with no list of outcomes (a
 *  structured outcome, such as where a catapulted token lands): sample it
 *  with carc_game_sample_chance(), give its words with
 *  carc_game_apply_outcome(), or apply the outcome's structured action;
 *  carc_game_chance_outcomes() answers CARC_E_UNSUPPORTED and there are no
 *  legal ids (as OpenSpiel's sampled stochastic games). */
#define CARC_DECISION_F_SAMPLED_ONLY 1

/** The pending decision in *out: its kind (carc_decision_kind: a tile
 *  draw, a placement, a deployment, a module's decision, or
 *  CARC_DECISION_END with player CARC_PLAYER_TERMINAL once the game is
 *  over), who takes it (as carc_game_current_player), the tile it is about
 *  (the drawn tile for a placement; the tile and its cell for a decision
 *  about a placed tile; else -1) and its flags.  CARC_E_INVALID for NULL
 *  game or out. */
CARC_API int carc_game_decision(const carc_game *game, carc_decision *out);
/** The feature the pending decision is about, where it names one (a
 *  castle decision: the small city it would turn into a castle): the cell
 *  of one of its placed tiles in *x, *y (the tile carc_game_decision
 *  reports) and the feature's segment on that tile in *segment (a segment
 *  index of the tile's type, as carc_action.segment and
 *  carc_game_feature take it).  Any output pointer may be NULL.
 *  CARC_E_NOTFOUND when the decision is about no feature (most decisions)
 *  or the game is over; CARC_E_INVALID for NULL game.  CARCVAR_0.5. */
CARC_API int carc_game_decision_feature(const carc_game *game, int *x, int *y, int *segment);

/* ---------------------------------------------------------------- actions */

/** A structured action.  Unused fields should be 0. */
typedef struct carc_action {
    int32_t kind;      /**< carc_action_kind                              */
    int32_t tile;      /**< DRAW: tile type                                */
    int32_t x, y;      /**< PLACE: target cell                             */
    int32_t rotation;  /**< PLACE: 0..3 quarter turns clockwise            */
    int32_t figure;    /**< DEPLOY: carc_figure_kind                       */
    int32_t segment;   /**< DEPLOY: segment index of the tile type         */
    int32_t target;    /**< module-defined                                 */
    int32_t arg;       /**< module-defined                                 */
    int32_t reserved[3];
} carc_action;

/** Legal actions for the pending decision (player or chance), in ascending
 *  id order.  *needed receives their number. */
CARC_API int carc_game_legal_actions(const carc_game *game, carc_action *buf,
                                     size_t cap, size_t *needed);
/** Legal action ids for the pending decision, ascending. */
CARC_API int carc_game_legal_ids(const carc_game *game, int32_t *buf,
                                 size_t cap, size_t *needed);
/** Fill mask[0..len) with 1 for legal ids, 0 otherwise.  len must be at
 *  least CARC_NUM_DISTINCT_ACTIONS for a player decision or
 *  CARC_MAX_CHANCE_OUTCOMES for a chance decision (else CARC_E_BUFFER). */
CARC_API int carc_game_legal_mask(const carc_game *game, uint8_t *mask,
                                  size_t len);

/** Apply an action.  Illegal or malformed: CARC_E_ILLEGAL (or
 *  CARC_E_INVALID for NULL) and the game is unchanged. */
CARC_API int carc_game_apply(carc_game *game, const carc_action *action);
/** Apply an action given by its id for the pending decision. */
CARC_API int carc_game_apply_id(carc_game *game, int32_t id);

/** Integer id of an action in the context of the pending decision.  Works
 *  for any well-formed action, legal or not; CARC_E_INVALID if it has no
 *  id (e.g. a cell not adjacent to any tile), CARC_E_STATE if its kind has
 *  no id at this decision (a place or pass while a draw is pending, a draw
 *  at a player decision). */
CARC_API int carc_action_to_id(const carc_game *game, const carc_action *action,
                               int32_t *id);
/** Structured action for an id in the context of the pending decision. */
CARC_API int carc_action_from_id(const carc_game *game, int32_t id,
                                 carc_action *out);

/** Text notation of an action (doc/notation.md), e.g. "draw D",
 *  "place 1,0 r3", "deploy follower city N", "pass". */
CARC_API int carc_action_to_string(const carc_game *game,
                                   const carc_action *action, char *buf,
                                   size_t cap, size_t *needed);
/** Parse the text notation in the context of the pending decision.  Does
 *  not check legality (carc_game_apply does).  CARC_E_PARSE if malformed. */
CARC_API int carc_action_from_string(const carc_game *game, const char *text,
                                     carc_action *out);

/* ------------------------------------------------------------ explanations */

/** Why an action is refused (carc_explanation.reason).  Stable numbers:
 *  the core's reasons are 0..15 (and 1024 on, should more be needed);
 *  module m's own reason k is 16 + 16*m + k, the same numbering as module
 *  decision and action kinds (doc/modules.md, "Explaining refusals"). */
typedef enum carc_reason {
    CARC_REASON_LEGAL = 0,         /**< not refused: the action is legal      */
    CARC_REASON_GAME_OVER = 1,     /**< the game is over                      */
    CARC_REASON_WRONG_KIND = 2,    /**< not the kind of the pending decision  */
    CARC_REASON_NOT_ADJACENT = 3,  /**< the cell touches no tile              */
    CARC_REASON_CELL_TAKEN = 4,    /**< a tile lies there already             */
    CARC_REASON_EDGE_MISMATCH = 5, /**< an edge does not match (side says which) */
    CARC_REASON_OUT_OF_RANGE = 6,  /**< a field is out of range: rotation,
                                        figure kind, segment, tile type       */
    CARC_REASON_NO_FIGURE = 7,     /**< no figure of that kind left in supply */
    CARC_REASON_OCCUPIED = 8,      /**< the feature is taken (player says by whom) */
    CARC_REASON_NOT_CLAIMABLE = 9, /**< that figure may not stand there       */
    CARC_REASON_NOT_IN_BAG = 10,   /**< no tile of that type is left to draw  */
    CARC_REASON_MALFORMED = 11,    /**< text not in the notation (position says where) */
    CARC_REASON_FORBIDDEN = 12,    /**< a module's rule forbids it (no reason of its own) */
    CARC_REASON_NOT_OFFERED = 13,  /**< not among the legal actions (none of the above) */
    CARC_REASON_FAULT = 14,        /**< the game hit a declared bound (a defect) */
    CARC_REASON_UNKNOWN_KIND = 15  /**< an action kind of no enabled module   */
} carc_reason;

/** What carc_game_explain says about an action. */
typedef struct carc_explanation {
    int32_t code;      /**< what carc_game_apply would return: CARC_OK if legal,
                            else CARC_E_ILLEGAL, CARC_E_STATE, ...; for text,
                            CARC_E_PARSE when it is malformed             */
    int32_t reason;    /**< carc_reason, or a module's own reason          */
    int32_t side;      /**< EDGE_MISMATCH: side of the tile 0..3 (N E S W), else -1 */
    int32_t player;    /**< OCCUPIED: a player holding the feature, else -1 */
    int32_t position;  /**< MALFORMED: byte offset in the text, else -1     */
    int32_t reserved[3];
    char message[200]; /**< for a person: what is wrong, and what to do; NUL-terminated */
} carc_explanation;

/** Explain whether action a is legal now and, if not, why -- without
 *  changing the game (the game is const: nothing is remembered).  Returns
 *  CARC_OK and fills *out (out->code == CARC_OK for a legal action), or
 *  CARC_E_INVALID for a NULL argument, CARC_E_NOMEM.  out->code is exactly
 *  what carc_game_apply(g, a) would return.  Not in 0.2.0: symbol version
 *  CARCVAR_0.3. */
CARC_API int carc_game_explain(const carc_game *game, const carc_action *a,
                               carc_explanation *out);
/** The same for an action in the text notation: a malformed text gives
 *  out->code CARC_E_PARSE, reason CARC_REASON_MALFORMED and the byte offset
 *  of the first wrong word in out->position; a well-formed one is explained
 *  as carc_game_explain does.  CARCVAR_0.3. */
CARC_API int carc_game_explain_text(const carc_game *game, const char *text,
                                    carc_explanation *out);

/* ------------------------------------------------- explained setter refusals */

/** carc_options_set_rule, saying why it refuses: why (may be NULL) receives
 *  the code it returns, reason CARC_REASON_OUT_OF_RANGE and, in
 *  why->position, the 1-based number of the argument at fault -- 1 opts
 *  (NULL), 2 name (NULL, or no rule of that name: the message lists the
 *  rules), 3 value (the message gives the rule's range and default) -- and
 *  a message for a person; on success code CARC_OK, reason
 *  CARC_REASON_LEGAL, position -1.  Returns what carc_options_set_rule
 *  returns; opts is unchanged when it refuses.  CARCVAR_0.6. */
CARC_API int carc_options_set_rule_explain(carc_options *opts, const char *name, int value,
                                           carc_explanation *why);
/** Explain whether carc_game_new_setup(opts, setup) would create a game
 *  and, if not, which argument and which field of it is wrong, without
 *  keeping a game: why->code is what carc_game_new_setup returns (CARC_OK,
 *  CARC_E_INVALID, CARC_E_UNSUPPORTED), why->position the argument at
 *  fault (1 opts, 2 setup), why->reason CARC_REASON_OUT_OF_RANGE (a value
 *  out of its range, a module not built in), CARC_REASON_FORBIDDEN (a
 *  module's rule off its default while the module is not in play, a module
 *  without one it needs) or CARC_REASON_NOT_IN_BAG (a bag count above what
 *  the tile sets in play hold), and the message names the field, its value
 *  and what it may be (e.g. "opts->num_players is 7: a game has 2 to 6
 *  players").  setup may be NULL (the defaults; carc_game_new's check).
 *  Returns CARC_OK, CARC_E_INVALID for a NULL opts or why, CARC_E_NOMEM.
 *  CARCVAR_0.6. */
CARC_API int carc_options_explain(const carc_options *opts, const carc_setup *setup,
                                  carc_explanation *why);

/* ----------------------------------------------------------------- chance */

/** Chance outcomes of the pending chance decision: ids and probabilities
 *  (summing to 1).  CARC_E_STATE if no chance decision is pending,
 *  CARC_E_UNSUPPORTED for a sampled-only one (CARC_DECISION_F_SAMPLED_ONLY). */
CARC_API int carc_game_chance_outcomes(const carc_game *game, int32_t *ids,
                                       double *probs, size_t cap,
                                       size_t *needed);
/** Sample the pending chance decision from the game's RNG and apply it;
 *  the applied outcome is written to *out if out is not NULL. */
CARC_API int carc_game_sample_chance(carc_game *game, carc_action *out);
/** Most 16-bit words of a structured chance outcome
 *  (carc_game_apply_outcome). */
#define CARC_OUTCOME_WORDS_MAX 32

/** Answer the pending sampled-only chance decision
 *  (CARC_DECISION_F_SAMPLED_ONLY) with a structured outcome: the module
 *  that owns the decision defines it as nwords 16-bit words (1 to
 *  CARC_OUTCOME_WORDS_MAX: a resting point in millimetres, a set of touched
 *  figures, per-player results; the module's documentation gives their
 *  order and ranges) and checks them.  action names the outcome: its kind
 *  (one of that module's action kinds) and the fields its id carries; any
 *  other field is 0 or equal to what the words make.  The game keeps the
 *  words as given: in the history, the serialized form and records (an
 *  `outcome ID : W1 W2 ...` line, doc/records.md).
 *  Refused, with the game unchanged: CARC_E_INVALID (NULL game or action,
 *  NULL words with nwords > 0, no words or more than
 *  CARC_OUTCOME_WORDS_MAX), CARC_E_STATE (the game is over, a player
 *  decides, or the chance decision has a list of outcomes: use
 *  carc_game_apply_id), CARC_E_ILLEGAL (an action kind of another module
 *  or with no id, words the module refuses, a field that disagrees with
 *  them, an outcome its rules refuse now).  If why is not NULL it receives
 *  the code, a carc_reason and a message (as carc_game_explain; on success
 *  code CARC_OK, reason CARC_REASON_LEGAL).  CARCVAR_0.5. */
CARC_API int carc_game_apply_outcome(carc_game *game, const carc_action *action,
                                     const uint16_t *words, size_t nwords,
                                     carc_explanation *why);
/** Tiles of a type still to be drawn (-1 for all types together). */
CARC_API int carc_game_tiles_remaining(const carc_game *game, int type);

/* ----------------------------------------------------------------- board */

/** A tile on the board. */
typedef struct carc_placed_tile {
    int32_t type;
    int32_t x, y;
    int32_t rotation;
    int32_t order;     /**< 0 for the start tile, then 1, 2, ...          */
    int32_t reserved[3];
} carc_placed_tile;

/** A road laid over the placed tile at (x, y): a bridge of Bridges, Castles
 *  & Bazaars, which crosses a field from one side to the opposite one.
 *  *sides (may be NULL) receives the board sides it leaves by, a bit per side
 *  (1 north, 2 east, 4 south, 8 west), 0 when the tile has none; *segment
 *  (may be NULL) its segment number for carc_game_feature(), which comes
 *  after the tile type's own segments, or -1.  Errors: CARC_E_INVALID for a
 *  NULL game; CARC_E_NOTFOUND for an empty or out-of-range cell.  Since
 *  0.4.0: symbol version CARCVAR_0.4. */
CARC_API int carc_game_tile_overlay(const carc_game *game, int x, int y, int *sides,
                                    int *segment);

/** Number of tiles on the board. */
CARC_API int carc_game_tile_count(const carc_game *game);
/** The order-th tile placed (0 = start tile). */
CARC_API int carc_game_tile_by_order(const carc_game *game, int order,
                                     carc_placed_tile *out);
/** The tile at (x, y), or CARC_E_NOTFOUND for an empty cell. */
CARC_API int carc_game_tile_at(const carc_game *game, int x, int y,
                               carc_placed_tile *out);

/** A figure. */
typedef struct carc_figure {
    int32_t kind;      /**< carc_figure_kind                              */
    int32_t owner;     /**< player, or -1 for neutral figures             */
    int32_t where;     /**< carc_figure_place                             */
    int32_t x, y;      /**< cell, when on the board                       */
    int32_t segment;   /**< segment of that tile (CARC_WHERE_BOARD), else -1 */
    int32_t arg;       /**< CARC_WHERE_ATTACHED, CARC_WHERE_HELD: see there  */
    int32_t state;     /**< bits 0..7: a state its module keeps (asleep,
                            level); bits 8..15: the holding module (HELD)  */
} carc_figure;

/** Every figure of the game (supply, board, held, removed), neutral
 *  figures included; a figure's index in this list is stable for the game
 *  and is what CARC_WHERE_ATTACHED refers to. */
CARC_API int carc_game_figures(const carc_game *game, carc_figure *buf,
                               size_t cap, size_t *needed);
/** Figures of a kind in a player's supply ("in supply" is exactly this). */
CARC_API int carc_game_supply(const carc_game *game, int player, int kind);

/** The special role a module gives figure `index` (an index of
 *  carc_game_figures), as a short lower-case word: "castle" for the knight
 *  of a castle (Bridges, Castles & Bazaars), "acrobat" for a follower in an
 *  acrobat pyramid (Under the Big Top); other modules may add words.  NULL
 *  when the figure has no such role (an ordinary knight, a figure in
 *  supply), for a NULL game or an index out of range.  The string is static
 *  (owned by the library, never freed).  (Symbol version CARCVAR_0.3.) */
CARC_API const char *carc_game_figure_role(const carc_game *game, int index);

/** The dragon and the fairy of The Princess & the Dragon (module
 *  princess_dragon), for carc_game_dragon.  Cells are board cells (x east,
 *  y south); a flight is the dragon's 6 steps after a dragon-symbol tile. */
typedef struct carc_dragon_info {
    int32_t dragon_on_board; /**< 1 once a volcano brought it onto the board */
    int32_t dragon_x, dragon_y; /**< its cell when on the board, else 0      */
    int32_t flying;          /**< 1 while a flight is in progress            */
    int32_t steps_left;      /**< steps of that flight still to make, the
                                  pending one included (0 when none)        */
    int32_t mover;           /**< the player whose step is pending, else -1  */
    int32_t num_visited;     /**< tiles of this flight, its start included   */
    int32_t visited_x[7], visited_y[7]; /**< those tiles, in flight order   */
    int32_t fairy_on_board;  /**< 1 when the fairy stands on the board       */
    int32_t fairy_x, fairy_y; /**< its cell then                             */
    int32_t fairy_follower;  /**< index (carc_game_figures) of the follower it
                                  stands next to, or -1 (on a tile alone, C1
                                  placement, or not on the board)            */
    int32_t reserved[4];
} carc_dragon_info;

/** Where the dragon and the fairy are, the flight in progress and who
 *  makes its next step.  CARC_E_INVALID for a NULL argument,
 *  CARC_E_NOTFOUND when the game does not play princess_dragon.  Since
 *  0.6.0: symbol version CARCVAR_0.6. */
CARC_API int carc_game_dragon(const carc_game *game, carc_dragon_info *out);

/** The dungeon of the Dungeon variant (module dungeon), for
 *  carc_game_dungeon.  Its pieces are the figures of carc_game_figures held
 *  by the module: where CARC_WHERE_HELD, holding module 11
 *  (CARC_MODULE_DUNGEON) in bits 8..15 of state, arg 0; the dragon there
 *  has arg 1, the fairy 256 + the index of the piece it stands beside. */
typedef struct carc_dungeon_info {
    int32_t num_pieces;                  /**< pieces in the dungeon, of every player */
    int32_t pieces_of[CARC_MAX_PLAYERS]; /**< by player (0 beyond the game's players) */
    int32_t dragon_inside;               /**< 1 while the dragon is in the dungeon   */
    int32_t fairy_piece;                 /**< index (carc_game_figures) of the piece
                                              the fairy stands beside there, or -1   */
    int32_t num_entrances;               /**< placed tiles that are entrances now     */
    int32_t reserved[4];
} carc_dungeon_info;

/** Who is in the dungeon, whether the dragon and the fairy are there, and
 *  how many entrances the board has.  CARC_E_INVALID for a NULL argument,
 *  CARC_E_NOTFOUND when the game does not play the dungeon.  Since 0.7.0:
 *  symbol version CARCVAR_0.7. */
CARC_API int carc_game_dungeon(const carc_game *game, carc_dungeon_info *out);

/** A catapult round of The Catapult (module catapult), the one running
 *  or else the last one, for carc_game_catapult.  Hurls are in the order
 *  they were made, from the round's active player clockwise. */
typedef struct carc_catapult_info {
    int32_t in_round;        /**< 1 while a round runs                       */
    int32_t kind;            /**< its kind of token, a CARC_TOKEN_KNOCKOUT to
                                  CARC_TOKEN_CATCH, or -1 (no round yet, or
                                  its kind not chosen yet)                   */
    int32_t fair_x, fair_y;  /**< the round's fair tile (its cell)           */
    int32_t rounds;          /**< rounds finished in the game                */
    int32_t rounds_waiting;  /**< fair tiles placed whose round has not begun */
    int32_t num_hurls;       /**< hurls made in that round (at most players) */
    int32_t hurler[6];       /**< the player of each hurl                    */
    int32_t result[6];       /**< 1 the token rests on the map, 0 off it; a
                                  catch: 0 caught, 1 far enough and not
                                  caught, 2 not far enough, 3 touched       */
    int32_t point_known[6];  /**< 1 when x_mm, y_mm give the resting point  */
    double x_mm[6], y_mm[6]; /**< the resting point, board millimetres
                                  (doc/geometry.md)                         */
    int32_t knocked_out[6];  /**< followers each knock-out hurl sent home   */
    int32_t reserved[4];
} carc_catapult_info;

/** The catapult round running, or the last one (doc/catapult.md).
 *  CARC_E_INVALID for a NULL argument, CARC_E_NOTFOUND when the game does
 *  not play catapult.  Since 0.7.0: symbol version CARCVAR_0.7. */
CARC_API int carc_game_catapult(const carc_game *game, carc_catapult_info *out);

/** What a module has built on a placed tile (carc_structure.kind). */
typedef enum carc_structure_kind {
    CARC_STRUCTURE_NONE = 0,  /**< nothing built there                      */
    CARC_STRUCTURE_TOWER = 1  /**< a tower (The Tower) on a tower foundation */
} carc_structure_kind;

/** A structure on a placed tile.  TOWER: height is its floors (0: an empty
 *  foundation), top the index in carc_game_figures of the follower on its
 *  top (-1: none, the tower is open; a tower with a follower on top is
 *  closed).  Reserved fields are 0. */
typedef struct carc_structure {
    int32_t kind;        /**< carc_structure_kind                         */
    int32_t height;
    int32_t top;
    int32_t reserved[5];
} carc_structure;

/** The structure on the placed tile at cell (x, y): *out filled (kind
 *  CARC_STRUCTURE_NONE, height 0, top -1 when nothing is built there, or
 *  when no module of the game builds anything).  The floors a player still
 *  holds are carc_game_tokens(game, p, CARC_TOKEN_TOWER_FLOOR); prisoners
 *  are figures CARC_WHERE_HELD with holding module CARC_MODULE_TOWER and
 *  arg their captor (carc_game_figures).  Errors: CARC_E_INVALID for a
 *  NULL game or out, CARC_E_NOTFOUND when no tile lies at (x, y) (*out
 *  untouched).  Since 0.6.0: symbol version CARCVAR_0.6. */
CARC_API int carc_game_structure(const carc_game *game, int x, int y, carc_structure *out);

/** What a throw of pig throwing does (carc_throw_info.outcome). */
typedef enum carc_throw_outcome {
    CARC_THROW_LANDS = 0,       /**< the pig lands and squashes the segment     */
    CARC_THROW_EATEN = 1,       /**< onto the dragon: eaten, the dragon naps    */
    CARC_THROW_CAUGHT = 2,      /**< a big meeple's stance: the pig is caught   */
    CARC_THROW_REPLACED = 3,    /**< the stance: the big meeple, injured, is
                                     replaced by a normal meeple; no pig       */
    CARC_THROW_BIG_SQUASHED = 4 /**< the stance fails: the big meeple is
                                     removed from play, the pig lands          */
} carc_throw_outcome;

/** One throw of the pig legal now, with what it would do, for
 *  carc_game_throws (module pig_throwing, doc/rules.md "Pig throwing"). */
typedef struct carc_throw_info {
    int32_t x, y;          /**< the landing tile                                 */
    int32_t segment;       /**< the field segment of that tile it lands on       */
    int32_t distance;      /**< tiles flown                                      */
    int32_t kind;          /**< 0 normal, 1 long (the big meeple adds 2), 2 high */
    int32_t knock;         /**< a precision throw: the top follower knocked off
                                (its index in carc_game_figures), else -1       */
    int32_t high_passed;   /**< obstacles on the path only a high throw passes
                                (a cathedral, the City, a tower with S = h)     */
    int32_t outcome;       /**< carc_throw_outcome                                */
    int32_t num_squashed;  /**< followers sent home by the landing (at most 8
                                listed)                                          */
    int32_t squashed[8];   /**< their indices in carc_game_figures            */
    int32_t stance_figure; /**< the big meeple of the stance, else -1          */
    int32_t reserved[3];   /**< 0                                               */
} carc_throw_info;

/** The throws of the player to act that are legal now -- at the turn's own
 *  deployment where "throw" is offered, or part-way through one (then only
 *  those the choices so far allow) -- each a landing tile, segment and
 *  knock-off, with its outcome; in the order of the decisions' ids.  Writes
 *  at most cap (buf may be NULL when cap is 0) and the number in *needed;
 *  CARC_E_BUFFER when cap is too small.  0 throws when none is legal now.
 *  CARC_E_INVALID for a NULL game or needed, CARC_E_NOTFOUND when the game
 *  does not play pig_throwing.  Since 0.7.0: symbol version CARCVAR_0.7. */
CARC_API int carc_game_throws(const carc_game *game, carc_throw_info *buf, size_t cap,
                              size_t *needed);

/** The cells a carc_throw_record lists at most (its num_path may say more). */
#define CARC_THROW_PATH_MAX 32

/** The last throw of a pig made in the game (module pig_throwing), for
 *  carc_game_last_throw.  The caller owns it and sets `size` to
 *  sizeof(carc_throw_record) before the call: later versions only append
 *  fields (taken from the reserved tail or after it) and still fill a record
 *  of this version's size. */
typedef struct carc_throw_record {
    uint32_t size;           /**< in: sizeof(carc_throw_record); out: bytes written */
    int32_t turn;            /**< the turn it was made in (carc_game_turn then)    */
    int32_t this_turn;       /**< 1 if that is the current turn, else 0           */
    int32_t player;          /**< the thrower                                      */
    int32_t pig;             /**< the pig (its index in carc_game_figures)         */
    int32_t from_x, from_y;  /**< the cell the pig was thrown from                 */
    int32_t x, y;            /**< the landing tile                                 */
    int32_t segment;         /**< the field segment of that tile it was thrown onto */
    int32_t distance;        /**< tiles flown                                      */
    int32_t kind;            /**< 0 normal, 1 long, 2 high (as carc_throw_info)    */
    int32_t knock;           /**< the top follower a precision throw knocked off,
                                  else -1                                           */
    int32_t outcome;         /**< carc_throw_outcome: what the throw did           */
    int32_t stance_figure;   /**< the big meeple of a defensive stance, else -1    */
    int32_t replacing_figure; /**< CARC_THROW_REPLACED: the normal meeple that took
                                  the big meeple's place, else -1                  */
    int32_t num_squashed;    /**< followers the landing sent home (at most 8 listed) */
    int32_t squashed[8];     /**< their indices in carc_game_figures              */
    int32_t num_path;        /**< the path's cells, origin and landing included:
                                  distance + 1 (at most CARC_THROW_PATH_MAX listed) */
    int32_t path_x[CARC_THROW_PATH_MAX]; /**< the cells in flight order; a cell
                                  between may be empty ("even gaps")        */
    int32_t path_y[CARC_THROW_PATH_MAX];
    int32_t reserved[8];     /**< 0                                                */
} carc_throw_record;

/** The last throw made in the game -- who, from and to where, its path, its
 *  kind and what it did -- whichever turn it was made in (this_turn says
 *  whether it is the current one); a clone or a deserialized game gives
 *  the same answer.  Set out->size to sizeof(carc_throw_record) first.
 *  CARC_E_INVALID for a NULL game or out, or out->size smaller than this
 *  version's record (nothing written); CARC_E_NOTFOUND when the game does
 *  not play pig_throwing, or no pig has been thrown yet (then out is zeroed
 *  but for size, with every figure field -1).  Since 0.8.0: symbol version
 *  CARCVAR_0.8. */
CARC_API int carc_game_last_throw(const carc_game *game, carc_throw_record *out);

/** Where a figure stands on the board, in millimetres (doc/geometry.md):
 *  a tile is 45 mm square and the centre of cell (x, y) lies at
 *  (45x, 45y) mm, x growing east and y growing SOUTH like the cells, so the
 *  start tile covers -22.5..22.5 both ways.  The footprint is the
 *  rectangle width_mm x depth_mm centred on (x_mm, y_mm), its sides along
 *  the board's axes, from the measured sizes of the pieces (a standing
 *  figure faces south: its width along x, its thickness along y; a lying
 *  one has its height along y). */
typedef struct carc_figure_position {
    double x_mm, y_mm;   /**< centre of the footprint                         */
    double width_mm;     /**< footprint along x                               */
    double depth_mm;     /**< footprint along y                               */
    double height_mm;    /**< how far it rises above what it stands on        */
    int32_t x, y;        /**< the cell it stands on (its host's, if attached)  */
    int32_t level;       /**< 0: stands on the tiles (the board); k: on top of
                              k other figures (the third acrobat of a pyramid) */
    int32_t flags;       /**< CARC_FIGPOS_* bits                              */
    int32_t reserved[4];
} carc_figure_position;

#define CARC_FIGPOS_LYING 1      /**< lies flat: a farmer (a follower on a field) */
#define CARC_FIGPOS_UNMEASURED 2 /**< no measured size for its kind: the footprint
                                      is the normal meeple's, a stand-in          */
#define CARC_FIGPOS_HELD 4       /**< held by a module where the board shows it: a
                                      follower in a quarter of the City of
                                      Carcassonne (since 0.9.0)                   */

/** The position of figure `index` (an index of carc_game_figures) on the
 *  board, deterministic from the game state: its segment's or tile's spot
 *  in the tile data, several figures on one spot side by side, an attached
 *  figure beside the figure it is with, or where its module places it
 *  (doc/geometry.md); a follower in a quarter of the City of Carcassonne
 *  where its quarter is drawn (flag CARC_FIGPOS_HELD; since 0.9.0, before
 *  CARC_E_NOTFOUND).  Errors: CARC_E_INVALID for a NULL game or out, or an
 *  index out of range; CARC_E_NOTFOUND for a figure that is not on the
 *  board (in supply, held by a module that gives it no place -- a prisoner,
 *  the Count --, removed); *out is then untouched.
 *  Since 0.5.0: symbol version CARCVAR_0.5. */
CARC_API int carc_game_figure_position(const carc_game *game, int index,
                                       carc_figure_position *out);

/** Kinds of tokens a player may hold (goods of Traders & Builders, and kinds
 *  reserved for later modules), and kinds that belong to no player (the
 *  Big Top's revealed animal tokens, asked with player -1).  Values are
 *  fixed forever. */
typedef enum carc_token_kind {
    CARC_TOKEN_WINE = 0,
    CARC_TOKEN_GRAIN = 1,
    CARC_TOKEN_CLOTH = 2,
    CARC_TOKEN_ABBEY = 3,
    CARC_TOKEN_BRIDGE = 4,
    CARC_TOKEN_CASTLE = 5,
    CARC_TOKEN_TOWER_FLOOR = 6,
    /* Under the Big Top: the animal tokens revealed so far (out of the game,
     * public), counted for player -1 (0 for every player).  The face-down
     * token under the Big Top is not among them and is not known to anyone:
     * it is sampled only when it is revealed (a chance event). */
    CARC_TOKEN_FLEA = 8,
    CARC_TOKEN_MONKEY = 9,
    CARC_TOKEN_SEAL = 10,
    CARC_TOKEN_BEAR = 11,
    CARC_TOKEN_TIGER = 12,
    CARC_TOKEN_ELEPHANT = 13,
    /* The Catapult: each player holds one token of each kind, always but
     * from its hurl to the end of a round (then the round's kind is 0).
     * Since 0.7.0. */
    CARC_TOKEN_KNOCKOUT = 16,
    CARC_TOKEN_SEDUCTION = 17,
    CARC_TOKEN_TARGET = 18,
    CARC_TOKEN_CATCH = 19,
    CARC_TOKEN_KINDS = 32
} carc_token_kind;

/** How many tokens of `kind` (carc_token_kind) `player` holds: >= 0, and 0
 *  when no enabled module owns that kind.  player -1 asks for the tokens of
 *  that kind that belong to no player (the revealed animal tokens of Under
 *  the Big Top; 0 for every other kind).  Errors: CARC_E_INVALID for a
 *  NULL game or a player (below -1) or kind out of range.  (New after 0.2:
 *  symbol version CARCVAR_0.3.) */
CARC_API int carc_game_tokens(const carc_game *game, int player, int kind);

/** Tiles out of the draw pile that everyone knows and nobody has laid yet,
 *  as tile types.  player 0..num_players-1: the tiles that player holds to
 *  play on a later turn instead of drawing (Bridges, Castles & Bazaars: the
 *  tile bought, sold or given at a bazaar, from the moment the player gets
 *  it in the auction); player -1: the tiles lying face up that nobody owns
 *  yet (a bazaar's auction row, in the order revealed; Princess & Dragon's
 *  dragon tiles set aside before the volcano, pd_dragon_tiles 2).  A held tile stops
 *  counting when it becomes the tile in hand: from the draw step of the
 *  turn it is played it is the pending decision's tile (carc_game_decision),
 *  and a tile that fits nowhere leaves the game.  Empty (*needed 0) in
 *  games without such a module.  Up to cap types go to types (NULL allowed
 *  when cap is 0); *needed (may be NULL) receives how many there are.
 *  Errors: CARC_E_INVALID for a NULL game, a player below -1 or past the
 *  players, or NULL types with cap > 0; CARC_E_BUFFER when cap is too small
 *  (the first cap are written).  Since 0.4.0: symbol version CARCVAR_0.4. */
CARC_API int carc_game_held_tiles(const carc_game *game, int player, int32_t *types,
                                  size_t cap, size_t *needed);

/** Text picture of the board (doc/notation.md, "Board text").  NUL-terminated;
 *  *needed counts the terminating NUL. */
CARC_API int carc_game_board_text(const carc_game *game, char *buf, size_t cap,
                                  size_t *needed);

/** How carc_game_board_view draws the board for a person at a terminal.
 *  Initialise with carc_board_view_init(); grows only at its end. */
typedef struct carc_board_view {
    size_t struct_size;  /**< set by carc_board_view_init                  */
    int32_t width;       /**< columns to fit in (default 80; 40..400)       */
    int32_t flags;       /**< CARC_VIEW_* bits (default LEGEND | LEGAL | LAST) */
    int32_t center_x;    /**< with CARC_VIEW_CENTER: the cell to centre on  */
    int32_t center_y;
    int32_t reserved[4];
} carc_board_view;

#define CARC_VIEW_LEGEND 1  /**< a legend under the board                   */
#define CARC_VIEW_LEGAL 2   /**< mark the cells where the tile in hand fits, with
                                 its rotations there ("+13": r1 and r3)        */
#define CARC_VIEW_LAST 4    /**< mark the tile placed last: [D]                */
#define CARC_VIEW_CENTER 8  /**< centre on (center_x, center_y) when the board is
                                 wider or taller than the view (else on the
                                 tile placed last)                             */
#define CARC_VIEW_ALL 16    /**< draw every column: a board wider than the view
                                 is drawn in strips of columns, one under the
                                 other, each with its x coordinates ("x A..B")
                                 (since 0.6.0; ignored before)                 */

/** Fill view with defaults: 80 columns, legend, legal cells, last tile. */
CARC_API void carc_board_view_init(carc_board_view *view);
/** The board as text for a person: every tile as 3 lines (edges, its whole
 *  name, the marks of its centre features -- monastery, pennant, inn,
 *  cathedral, a module's spaces and goods --, figures of every kind, as the
 *  library reports them); a cell is 4 characters wider than the longest
 *  tile name of the tile sets in play (7 in the base game),
 *  x coordinates above and y coordinates beside, at most view->width
 *  columns (a wider board is panned: the header says which part is shown),
 *  the legend, scores and supplies (doc/notation.md, "Board view").  NULL
 *  view: the defaults.  NUL-terminated; *needed counts the NUL.
 *  CARCVAR_0.3. */
CARC_API int carc_game_board_view(const carc_game *game, const carc_board_view *view,
                                  char *buf, size_t cap, size_t *needed);
/** The tile to place, as carc_game_board_view draws tiles (its whole name,
 *  edges and centre marks, in the board's cell width): each rotation that
 *  fits somewhere on the board, side by side under "r0".."r3" (r0 alone
 *  if it fits nowhere), wrapped at view->width, then with
 *  CARC_VIEW_LEGEND a legend of what the drawing shows.  NULL view: the
 *  defaults.  Errors: CARC_E_INVALID as carc_game_board_view;
 *  CARC_E_STATE when no tile placement is pending.  NUL-terminated;
 *  *needed counts the NUL.  (New in 0.6: CARCVAR_0.6.) */
CARC_API int carc_game_hand_view(const carc_game *game, const carc_board_view *view,
                                 char *buf, size_t cap, size_t *needed);

/** SVG picture of the board: tiles drawn schematically (fields green, cities
 *  walled with their pennants as shields, roads, monasteries, every tile and
 *  segment tag and extension feature by name), figures by kind and role
 *  (knight, thief, monk, farmer lying down; every carc_figure_kind its own
 *  glyph) in colour-blind-safe player colours with the player's number, the
 *  last tile marked, column and row numbers, and a panel with the turn,
 *  tiles left, each player's score and figures in supply.  A complete,
 *  standalone SVG document with a viewBox and no fixed size (it scales to
 *  its container); class names are listed in doc/notation.md ("Board
 *  picture").  NUL-terminated; *needed counts the terminating NUL. */
CARC_API int carc_game_board_svg(const carc_game *game, char *buf, size_t cap,
                                 size_t *needed);

/* ---------------------------------------------------------------- scores */

/** Live score of a player (points scored so far). */
CARC_API int carc_game_score(const carc_game *game, int player, int32_t *out);
/** Final scores: the live scores plus the end-game scoring of everything
 *  still on the board, as if the game ended now (equal to the live scores
 *  once the game is over).  buf needs num_players entries. */
CARC_API int carc_game_final_scores(const carc_game *game, int32_t *buf,
                                    size_t cap);

/** A feature as it stands now. */
typedef struct carc_feature_info {
    int32_t kind;       /**< carc_feature_kind                           */
    int32_t complete;   /**< 1 if completed: scored, or closed by the tile
                             just laid and about to score (its deploy
                             decision); points are then its completion value */
    int32_t tiles;      /**< distinct tiles it covers                     */
    int32_t pennants;
    int32_t open_edges; /**< unmatched edges (roads/cities)               */
    int32_t points;     /**< what it scores now: if complete, its completion
                             value; else its end-of-game value            */
    uint32_t owners;    /**< bit p: player p holds the majority          */
    int32_t strength[CARC_MAX_PLAYERS]; /**< followers strength by player */
    int32_t reserved[4];
} carc_feature_info;

/** The feature containing segment `segment` of the tile at (x, y). */
CARC_API int carc_game_feature(const carc_game *game, int x, int y, int segment,
                               carc_feature_info *out);

/** Why points were scored. */
typedef enum carc_score_reason {
    CARC_SCORE_COMPLETED = 0,   /**< a feature was completed during play */
    CARC_SCORE_END_GAME = 1     /**< end-of-game scoring                 */
    /* modules add reasons from 16 on */
} carc_score_reason;

/** One entry of the score log: one player scoring one feature. */
typedef struct carc_score_event {
    int32_t player;
    int32_t points;
    int32_t reason;     /**< carc_score_reason                           */
    int32_t feature;    /**< carc_feature_kind                           */
    int32_t x, y;       /**< a tile of the feature                       */
    int32_t segment;    /**< that tile's segment                         */
    int32_t turn;       /**< turn number in which it was scored          */
} carc_score_event;

/** The score log, oldest first. */
CARC_API int carc_game_score_log(const carc_game *game, carc_score_event *buf,
                                 size_t cap, size_t *needed);

/** The name of a score reason (carc_score_event.reason): "completed" and
 *  "end of game" for the core's, the owning module's own name for a
 *  module's (e.g. Traders & Builders' "most wine"), whether or not that
 *  module is on in any game.  NULL for a value that no module of this build
 *  names.  The string is static: never free or modify it.  Not in 0.2.0:
 *  symbol version CARCVAR_0.3. */
CARC_API const char *carc_score_reason_name(int reason);

/* ---------------------------------------------------------- serialization */

/** Serialize to a versioned byte buffer (doc/serialization.md). */
CARC_API int carc_game_serialize(const carc_game *game, uint8_t *buf,
                                 size_t cap, size_t *needed);
/** Restore a serialized game exactly, RNG state included.  Any damage gives
 *  CARC_E_CORRUPT (or CARC_E_VERSION) and no game; so does a version-1
 *  buffer with a module (version 1 knew the base game only).  Reads the
 *  snapshots of carc_game_snapshot() too (from 0.8.0). */
CARC_API int carc_game_deserialize(carc_game **out, const uint8_t *buf,
                                   size_t len);

/** Serialize with the state itself (a snapshot, format version 4,
 *  doc/serialization.md): everything carc_game_serialize() writes, plus
 *  the game's state block and a fingerprint of its layout.
 *  carc_game_deserialize() restores a snapshot written by the same build
 *  (same library version, layout and modules) by checking and copying the
 *  state, without replaying the history (a few microseconds); any other
 *  build reads it by replaying the history it carries.  Damage is refused
 *  as for carc_game_serialize()'s bytes.  Arguments and results as
 *  carc_game_serialize().  Since 0.8.0: symbol version CARCVAR_0.8. */
CARC_API int carc_game_snapshot(const carc_game *game, uint8_t *buf, size_t cap,
                                size_t *needed);

/* ----------------------------------------------------------- game records */

/** Write the game record (doc/records.md) of the game so far: the header
 *  (seed and every rule option included), every action, draws sampled from
 *  the game's RNG marked " rng", and comments with the scoring events.
 *  NUL-terminated; *needed counts the terminating NUL, and (buf, *needed)
 *  may be passed to carc_record_replay as they are. */
CARC_API int carc_game_write_record(const carc_game *game, char *buf,
                                    size_t cap, size_t *needed);

/** Write the public record of the game so far: the record without its one
 *  secret, the RNG (doc/records.md, "Public records").  It has no seed line
 *  and no " rng" marks -- every draw is written as an explicit "draw TILE"
 *  -- and the same score comments.  carc_record_replay turns it into a game
 *  with the same public state (board, figures, scores, tiles left, pending
 *  decision) but the default seed, so its future draws are not the
 *  original's.  Two games that saw the same draws and actions give the same
 *  bytes whatever their seeds.  Same buffer and length rules as
 *  carc_game_write_record.  Not in 0.1.0: symbol version CARCVAR_0.2. */
CARC_API int carc_game_write_public_record(const carc_game *game, char *buf,
                                           size_t cap, size_t *needed);

/** Where and why a record was refused. */
typedef struct carc_record_error {
    int32_t line;        /**< 1-based line number, 0 if none             */
    int32_t code;        /**< CARC_E_* code                              */
    char message[160];   /**< NUL-terminated reason                      */
} carc_record_error;

/** Replay a record (len bytes of text) into a new game.  On failure *out
 *  is NULL and err (if not NULL) says which line and why.  The text need not
 *  be NUL-terminated; if its last byte (text[len - 1]) is a NUL it is taken
 *  as the terminator, so both strlen(text) and the *needed of
 *  carc_game_write_record are valid lengths.  Any other NUL byte is
 *  refused (CARC_E_PARSE).  Limits: lines of at most 255 characters (a
 *  CR before the newline not counted) and at most 1,000,000 lines, blank
 *  and comment lines included (CARC_E_PARSE beyond). */
CARC_API int carc_record_replay(carc_game **out, const char *text, size_t len,
                                carc_record_error *err);

/* ---------------------------------------------------------- replay viewer */

/** Write the replay viewer of a game record: one self-contained HTML page
 *  (its style, script and data inside; it loads nothing from a server or
 *  the network) with the board picture of carc_game_board_svg at every
 *  step, a slider and step buttons (first, previous turn, previous step,
 *  play, next step, next turn, last; arrow keys, Home, End), the move list
 *  with who scored what (click a move to go there), a panel with the turn,
 *  tiles left, scores and supply of the step shown, and the scores by
 *  player and feature kind from the score log.  Step 0 is the game before
 *  the record's first action, step k the game after its k-th action or
 *  chance outcome; the page opens at step 0, or at the step its URL names
 *  (`#step=K`, `#step=end`).  doc/records.md ("Replay viewer") lists its
 *  element ids and classes.
 *
 *  record, len: as carc_record_replay (record may be NULL when len is 0).
 *  Output: NUL-terminated UTF-8 in (buf, cap, needed) as everywhere; the
 *  page of a 72-tile game is a few hundred kilobytes.  err (may be NULL)
 *  is cleared on success and says which line and why when the record is
 *  refused.  Errors: those of carc_record_replay (CARC_E_PARSE,
 *  CARC_E_ILLEGAL, ... with err filled), CARC_E_INVALID (NULL record with
 *  len > 0, NULL buf with cap > 0), CARC_E_NOMEM, CARC_E_BUFFER.  Nothing
 *  is kept.  Not in 0.2.0: symbol version CARCVAR_0.3. */
CARC_API int carc_record_html(const char *record, size_t len, char *buf, size_t cap,
                              size_t *needed, carc_record_error *err);

/* ----------------------------------------------------- random play, fast */

/** Play up to max_steps decisions of game at random, in C: a chance
 *  decision by carc_game_sample_chance (the game's own RNG), a player's
 *  decision by a uniformly random id of carc_game_legal_ids -- the id at
 *  index r % n of the n legal ids, r the next value of the splitmix64
 *  generator whose state is *rng (advanced by one per player decision, so
 *  the caller can continue the same stream in the next call).  Stops early
 *  when the game is over.  Returns the number of decisions played (0 when
 *  the game is already over), or CARC_E_INVALID (NULL game or rng,
 *  max_steps < 0) with the game unchanged; a failure of a step (a bound of
 *  the game reached: CARC_E_LIMIT) is returned as it is, the steps before
 *  it played.  No allocation.  Since 0.7.0: symbol version CARCVAR_0.7. */
CARC_API int carc_game_play_random(carc_game *game, int max_steps, uint64_t *rng);

/** Play `games` random games of opts, one after the other, in C: game i is
 *  carc_game_new with opts and the seed opts->seed + i, played to its end
 *  by carc_game_play_random with one generator seeded with `seed` for the
 *  whole batch, then freed.  scores (may be NULL when scores_len is 0)
 *  receives each game's final scores, game after game, num_players values
 *  each; decisions (may be NULL) the number of decisions of all the games.
 *  Errors: those of carc_game_new (nothing played), CARC_E_INVALID (NULL
 *  opts, games < 0, NULL scores with scores_len > 0), CARC_E_BUFFER when
 *  scores_len is neither 0 nor at least games * num_players (nothing
 *  played), and a step's failure (the games before it counted).  One
 *  allocation per game (its state).  Since 0.7.0: CARCVAR_0.7. */
CARC_API int carc_random_playouts(const carc_options *opts, int games, uint64_t seed,
                                  int32_t *scores, size_t scores_len, int64_t *decisions);

/** The observation tensor of one player (doc/python.md, "Observation
 *  tensor"; the Python package's carcvar.observation encoder gives the same
 *  values), written into buf as floats: a header, then planes of window x
 *  window cells around the start tile, plane-major, row-major (cell (x, y)
 *  at row y + window / 2, column x + window / 2).  Every per-player value
 *  is by relative seat, (seat - player) mod players; it holds only public
 *  information.  Its layout depends on the game's options alone: the tile
 *  types of its modules, the figure kinds of its figures besides followers
 *  (sorted by their Python names), blocks of big_top, bridges_castles,
 *  princess_dragon, tower, count, catapult, pig_throwing and dungeon when
 *  they are played (doc/python.md "Observation tensor").  The base game
 *  with window 31: 86 + 28 x 961 = 26,994 floats.
 *
 *  (buf, cap, needed) in floats: *needed (may be NULL) receives the size;
 *  CARC_E_BUFFER when cap is smaller (nothing written).  Errors:
 *  CARC_E_INVALID for a NULL game, NULL buf with cap > 0, a player outside
 *  the game, a window that is even, below 1 or above 511; CARC_E_LIMIT for
 *  a game of more than 1,024 figures.  No allocation.  Since 0.7.0:
 *  symbol version CARCVAR_0.7. */
CARC_API int carc_game_observation(const carc_game *game, int player, int window, float *buf,
                                   size_t cap, size_t *needed);

#ifdef __cplusplus
}
#endif
#endif /* CARCVAR_H */
