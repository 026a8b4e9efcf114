/*
 * lib/module.h -- the one header a module includes.
 *
 * A module (an expansion or a variant) lives in lib/modules/<name>/ and is
 * a `carc_module_def` plus its tiles.def.  It sees the game only through
 * the functions and hooks declared here; the layout of the game state
 * (lib/core/state.h) is private to the core.  doc/modules.md explains what
 * a module may touch, the order of hooks in every step, and a checklist;
 * lib/modules/template/ is a module to copy.
 *
 * Everything here is internal to the library (hidden visibility): none of
 * it is public API and all of it may change between releases.
 */
#ifndef CARC_MODULE_H
#define CARC_MODULE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "carcvar/carcvar.h"
#include "core/tiles.h"

/* ------------------------------------------------------- module-owned ids */

/* Decision kinds, action kinds and score reasons of module m are
 * CARC_MODULE_KIND(m, k) with k in 0..15, so the owner of any of them is
 * CARC_KIND_MODULE(kind): the core dispatches by ownership, never by asking
 * every module in turn. */
#define CARC_MODULE_KIND(m, k) (16 + (m) * 16 + (k))
#define CARC_KIND_MODULE(kind) (((kind) - 16) / 16)
#define CARC_KIND_IS_MODULE(kind) ((kind) >= 16 && (kind) < 16 + CARC_MODULE_SLOTS * 16)

/* The core is "module" 255 where an owner is recorded (decisions, hooks). */
#define CARC_CORE_OWNER 255

/* ------------------------------------------------------------ action ids */

/* Player action ids are typed by argument (doc/actions.md): what an id
 * means comes from the pending decision, and every decision kind takes its
 * ids from these core-owned ranges.  A choice with two arguments is two
 * consecutive decisions. */
enum {
    CARC_ID_PASS = 0,                     /* decline an optional step        */
    CARC_ID_CELL = 1,                     /* + anchor*16 + side*4 + rotation  */
    CARC_ID_CELL_N = CARC_MAX_TILES * 16,
    CARC_ID_KIND_SEG = CARC_ID_CELL + CARC_ID_CELL_N, /* + kind*32 + segment
                                             of the decision's target tile    */
    CARC_ID_KIND_SEG_N = CARC_FIGURE_KINDS * CARC_MAX_SEGMENTS,
    CARC_ID_TILE = CARC_ID_KIND_SEG + CARC_ID_KIND_SEG_N, /* + placed tile order */
    CARC_ID_TILE_N = CARC_MAX_TILES,
    CARC_ID_FIGURE = CARC_ID_TILE + CARC_ID_TILE_N,       /* + figure index   */
    CARC_ID_FIGURE_N = 128,
    CARC_ID_DIRECTION = CARC_ID_FIGURE + CARC_ID_FIGURE_N, /* + 0..7, N NE E.. */
    CARC_ID_DIRECTION_N = 8,
    CARC_ID_VERB = CARC_ID_DIRECTION + CARC_ID_DIRECTION_N, /* + module*8 + k */
    CARC_ID_VERB_N = CARC_MODULE_SLOTS * 8,
    CARC_ID_NUMBER = CARC_ID_VERB + CARC_ID_VERB_N,       /* + 0..1023        */
    CARC_ID_NUMBER_N = 1024,
    CARC_ID_END = CARC_ID_NUMBER + CARC_ID_NUMBER_N
};
_Static_assert(CARC_ID_END <= CARC_NUM_DISTINCT_ACTIONS, "action id ranges overflow");

/* The verb id of module m's k-th verb (k < 8): a module's own choice at a
 * decision it shares with others (a deployment alternative). */
#define CARC_VERB_ID(m, k) (CARC_ID_VERB + (m) * 8 + (k))

/* Most 16-bit words a structured chance outcome keeps in the history. */
#define CARC_PAYLOAD_MAX 32
_Static_assert(CARC_PAYLOAD_MAX == CARC_OUTCOME_WORDS_MAX, "the public bound is the history's");

/* --------------------------------------------------------------- figures */

/* Where a figure is (carc_figure.where); modules do not add places, they
 * use HELD with themselves as holder. */
enum {
    CARC_PLACE_SUPPLY = CARC_WHERE_SUPPLY,   /* its owner's supply            */
    CARC_PLACE_SEGMENT = CARC_WHERE_BOARD,   /* on a segment of a placed tile */
    CARC_PLACE_REMOVED = CARC_WHERE_REMOVED, /* out of play for good          */
    CARC_PLACE_TILE = CARC_WHERE_TILE,       /* on a tile, on no segment      */
    CARC_PLACE_ATTACHED = CARC_WHERE_ATTACHED, /* with another figure (arg)   */
    CARC_PLACE_HELD = CARC_WHERE_HELD        /* held by a module (holder, arg) */
};

/* Figure-kind classes a module declares for its kinds. */
enum {
    CARC_CLASS_FOLLOWER = 1u << 0,  /* claims features; "followers in supply" */
    CARC_CLASS_MEEPLE = 1u << 1,    /* counts as a meeple (circus count)       */
    CARC_CLASS_EATABLE = 1u << 2,   /* the dragon may eat it                   */
    CARC_CLASS_CAPTURABLE = 1u << 3, /* a tower may capture it                 */
    CARC_CLASS_NEUTRAL = 1u << 4    /* owned by nobody                          */
};

/* A figure kind a module brings: its class, default majority strength
 * (0 = never claims) and how many each player gets (or, for a neutral
 * kind, how many exist), given the number of players. */
typedef struct carc_kind_def {
    uint8_t kind;                   /* carc_figure_kind                        */
    uint8_t classes;                /* CARC_CLASS_*                            */
    uint8_t strength;
    uint8_t count[CARC_MAX_PLAYERS + 1]; /* by number of players (index 2..6)  */
} carc_kind_def;

/* Why a figure moved (the cause of carc__figure_move). */
enum {
    CARC_CAUSE_DEPLOY = 0,   /* deployed by its owner                          */
    CARC_CAUSE_SCORED = 1,   /* returned after its feature scored              */
    CARC_CAUSE_SETUP = 2,
    CARC_CAUSE_MODULE = 16   /* module causes: CARC_MODULE_KIND(m, k)          */
};

/* A figure as modules see it. */
typedef struct carc_fig {
    uint8_t kind;
    int8_t owner;            /* player, or -1                                   */
    uint8_t where;           /* CARC_PLACE_*                                    */
    uint8_t segment;         /* SEGMENT: segment index in its tile's type       */
    int16_t tile;            /* SEGMENT, TILE: placed tile order; else -1       */
    uint16_t arg;            /* ATTACHED: figure index; HELD: holder's value    */
    uint8_t holder;          /* HELD: module id that holds it                   */
    uint8_t state;           /* a byte its kind's module owns (asleep, level)   */
} carc_fig;

typedef struct carc_game carc_game;

/* ------------------------------------------------------------- decisions */

/* A pending decision.  player is 0..5 or CARC_PLAYER_CHANCE. */
typedef struct carc_pending {
    uint16_t kind;           /* carc_decision_kind or CARC_MODULE_KIND(m, k)    */
    int8_t player;
    uint8_t owner;           /* module that answers it (CARC_CORE_OWNER)        */
    int16_t target;          /* target tile (placed order) or -1                */
    uint16_t flags;
    int32_t arg;             /* the owner's                                     */
} carc_pending;

/* Queue a decision of the calling module; taken after the decisions
 * already queued.  Only from a step hook or from the module's own
 * decision_apply.  Returns CARC_E_LIMIT when the queue is full (a module's
 * declared max_pending is wrong: the game is then faulted, and the call
 * that led here returns CARC_E_LIMIT). */
int carc__push_decision(carc_game *g, int kind, int player, int owner, int target,
                        int32_t arg);
/* From decision_apply: the second step of a choice, taken right after the
 * decision being applied, before anything else queued. */
int carc__push_followup(carc_game *g, int kind, int player, int owner, int target,
                        int32_t arg);
/* Queue a chance decision of the calling module with no list of outcomes
 * (sampled-only: a structured outcome, see chance_sample). */
int carc__push_sampled_chance(carc_game *g, int kind, int owner, int32_t arg);
#define CARC_PENDING_SAMPLED_ONLY 1u
/* From decision_apply of a sampled-only chance decision: the payload words
 * of the structured outcome being applied -- as the host gave them
 * (carc_game_apply_outcome), as a record or the history holds them, or as
 * the module's outcome_payload made them from the action -- in *words, and
 * their number (1..CARC_PAYLOAD_MAX).  An outcome larger than a carc_action
 * (a set of touched figures) is read here rather than from the action.
 * 0 and *words NULL anywhere else (a listed action, another game). */
int carc__decision_payload(const carc_game *g, const uint16_t **words);
/* Drop the front decision (the one being applied). */
void carc__pop_decision(carc_game *g);

/* ----------------------------------------------------------------- steps */

/* The turn is a pipeline of named steps (doc/modules.md).  Each step runs
 * its hooks in order (ascending order key; the core's own work is at order
 * 0; ties by module id).  A hook may queue decisions for any player or for
 * chance; the engine runs the next hook only when they have been taken. */
typedef enum carc_step {
    CARC_STEP_TURN_START = 0,   /* fairy +1, ransom offers                      */
    CARC_STEP_DRAW,             /* core: draw (chance); or an alternative: abbey */
    CARC_STEP_PLACE,            /* core: the player lays the tile               */
    CARC_STEP_AFTER_PLACE,      /* dragon onto a volcano                        */
    CARC_STEP_DEPLOY,           /* core: deploy or pass; follow-ups             */
    CARC_STEP_BEFORE_SCORING,   /* core (order -100): collect completed features;
                                   tower capture, leaving the City, castles     */
    CARC_STEP_SCORING,          /* core: score the completed features           */
    CARC_STEP_AFTER_SCORING,    /* circus, wagon moves                           */
    CARC_STEP_PART_END,         /* extra part (builder): back to DRAW            */
    CARC_STEP_TURN_END,         /* catapult round, dragon flight                 */
    CARC_STEP_END_PHASE,        /* after the last tile: abbeys, final market     */
    CARC_STEP_FINAL_SCORING,    /* core: end-game scoring; goods, barns, circus  */
    CARC_STEP_OVER,
    CARC_NUM_STEPS
} carc_step;

enum { CARC_HOOK_NEXT = 0, CARC_HOOK_AGAIN = 1, CARC_HOOK_JUMP = 2 };

/* A step hook returns CARC_HOOK_NEXT when done, or CARC_HOOK_AGAIN after
 * queueing decisions to be called again once they are taken (a module
 * keeps its own cursor in its state, so each call queues only what comes
 * next), or CARC_HOOK_JUMP after carc__start_turn moved the pipeline. */
typedef int (*carc_step_fn)(carc_game *g);

typedef struct carc_step_hook {
    uint8_t step;            /* carc_step                                       */
    int16_t order;
    carc_step_fn fn;
} carc_step_hook;

/* A rule option a module owns.  Names carry the module's prefix
 * ("tb_builder_..."), except the base game's. */
typedef struct carc_rule_def {
    uint8_t slot;            /* index in carc_options.rules: fixed forever,
                                unique over all modules (a test checks)     */
    const char *name;
    int def, min, max;       /* def: the recommended value (doc/rules.md)       */
} carc_rule_def;

/* Text into a caller buffer with the (buf, cap, needed) protocol. */
typedef struct outbuf {
    char *buf;
    size_t cap, len;
} outbuf;
void carc__out_add(outbuf *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Candidate actions during enumeration.  Ids must be pushed ascending. */
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

/* carc__sink_push of an action of `kind` with arg and target, every other
 * field zero: what most module decisions offer */
static inline void carc__sink_push_kind(action_sink *s, int kind, int arg, int target,
                                        int32_t id)
{
    carc_action a = {0};
    a.kind = kind;
    a.arg = arg;
    a.target = target;
    carc__sink_push(s, &a, id);
}

/* Feature evaluation (carc__eval_feature). */
typedef struct feat_eval {
    int kind, complete, tiles, pennants, open, points;
    int strength[CARC_MAX_PLAYERS];
    uint32_t owners;
    int cities;              /* fields: the completed cities it borders     */
} feat_eval;

/* ------------------------------------------------------------ the module */

/*
 * Every member but id and name is optional.  Hooks marked (event) run for
 * every enabled module that has them, in registry order; hooks marked
 * (owner) run only for the module that owns the decision, action or figure
 * kind.
 */
typedef struct carc_module_def {
    int id;                         /* carc_module_id                          */
    const char *name;               /* "base", "tower", ...                    */
    const char *tile_set;           /* its tile set in the catalogue, or NULL  */

    /* ---- declarations */
    const carc_kind_def *kinds;     /* figure kinds it brings                  */
    uint8_t nkinds;
    const carc_rule_def *rules;     /* rule options it owns                    */
    uint8_t nrules;
    uint64_t requires;              /* modules that must be on with it (bits)  */
    uint64_t uses;                  /* modules it reads when they are on       */
    const char *const *words;       /* first words of its notation, NULL-ended */
    const char *const *reasons;     /* names of its score reasons 0..15, NULL- 
                                       ended (carc_score_reason_name)          */
    /* per-game state bytes in the flat block (options known: players...)    */
    size_t (*state_size)(const carc_options *opts);
    /* bounds, so the core can size everything and never drop data:
     * decisions it can add per placed tile (history), score events per
     * placed tile and per game, and the most decisions it queues at once */
    uint8_t decisions_per_tile;
    uint8_t payload_words_per_tile; /* history words of structured outcomes  */
    uint8_t events_per_tile;        /* every score event it causes, also the
                                       core's for figures it moves onto
                                       features (a wagon moving on) */
    uint16_t events_per_game;
    uint8_t max_pending;
    uint8_t overlays;               /* roads it may lay over tiles (bridges)  */

    /* ---- the pipeline */
    const carc_step_hook *steps;
    uint8_t nsteps;
    void (*setup)(carc_game *g);    /* after the core's setup, before turn 1  */
    /* the start layout to lay instead of the start tile (a name in a
     * tiles.def `layout` line), or NULL; the first enabled module that
     * names one wins */
    const char *(*start_layout)(const carc_game *g);

    /* ---- decisions it owns (owner) */
    void (*decision_actions)(const carc_game *g, const carc_pending *p, action_sink *sink);
    /* validate everything first: on an error nothing may have changed */
    int (*decision_apply)(carc_game *g, const carc_pending *p, const carc_action *a);
    /* chance decisions: outcome ids with integer weights (count returned;
     * cap may be too small: return the count anyway) */
    int (*chance_outcomes)(const carc_game *g, const carc_pending *p, int32_t *ids,
                           uint32_t *weights, size_t cap);

    /* structured chance outcomes (a catapult hurl: a resting point, the
     * figures touched): what an outcome carries beyond its id, as at most
     * CARC_PAYLOAD_MAX 16-bit words kept in the history (0: not structured),
     * and back.  A decision queued with carc__push_sampled_chance is
     * sampled-only: it has no list of outcomes; the RNG answers it through
     * chance_sample, or the host with the structured action;
     * decision_apply then checks the outcome itself (the core cannot
     * compare it with a list) and must refuse a bad one before changing
     * anything.  A host may also give the words themselves
     * (carc_game_apply_outcome, a record's `outcome` line):
     * outcome_from_payload is then the check of the words -- it must
     * refuse (nonzero) any that are no outcome of decision p (a word out of
     * range, a wrong count), read-only -- and the action it makes must be
     * one of this module's kinds whose action_id is `id`; decision_apply
     * may read the words through carc__decision_payload. */
    int (*outcome_payload)(const carc_game *g, const carc_pending *p, const carc_action *a,
                           uint16_t *words, int cap);
    int (*outcome_from_payload)(const carc_game *g, const carc_pending *p, int32_t id,
                                const uint16_t *words, int n, carc_action *out);
    int (*chance_sample)(carc_game *g, const carc_pending *p, carc_action *out);

    /* ---- its action kinds (owner) */
    int (*action_id)(const carc_game *g, const carc_action *a, int32_t *id);
    int (*action_from_id)(const carc_game *g, const carc_pending *p, int32_t id,
                          carc_action *out);
    int (*action_to_text)(const carc_game *g, const carc_action *a, outbuf *o);
    int (*action_from_text)(const carc_game *g, char **tok, int ntok, carc_action *out);

    /* ---- the deployment decision (event) */
    void (*deploy_actions)(const carc_game *g, const carc_pending *p, action_sink *sink);
    /* (owner of the figure kind) may kind stand on segment seg of tile t? */
    bool (*deploy_allowed)(const carc_game *g, int kind, int tile, int seg);

    /* ---- vetoes (event; any false forbids) */
    bool (*may_deploy)(const carc_game *g, int kind, int tile, int seg);
    bool (*may_place_tile)(const carc_game *g, int type, int x, int y, int rot);
    bool (*drawable)(const carc_game *g, int type);
    /* may figure fig move to (where, tile or figure arg) for this cause?
     * Modules ask carc__may_move before offering a move. */
    bool (*may_move_figure)(const carc_game *g, int fig, int where, int tile, int arg,
                            int cause);

    /* ---- scoring (event) */
    /* majority strength of figure i (owner of its kind; <0 = default) */
    int (*strength)(const carc_game *g, int fig);
    int (*feature_points)(const carc_game *g, int root, int complete, int points);
    /* before majority of a completed feature; may queue decisions and
     * return CARC_HOOK_AGAIN */
    int (*before_majority)(carc_game *g, int root);
    /* after the feature's points, figures still on it (fairy, ringmaster) */
    void (*feature_scored)(carc_game *g, int root, const feat_eval *e);
    /* after its figures returned (wagon, castle) */
    void (*after_feature)(carc_game *g, int root);
    /* value of a completed city to the farmers of a field (default 3) */
    int (*city_value)(const carc_game *g, int field_root, int city_root, int value);
    /* what `player`, one of the owners of feature root, scores for it
     * (points: e->points or what earlier modules said), at completion, at
     * the end and in projections; per player, where city_value is per
     * field (the pig: +e->cities for its owner) */
    int (*player_points)(const carc_game *g, int root, int player, const feat_eval *e,
                         int points);

    /* ---- events (event) */
    void (*figure_moved)(carc_game *g, int fig, const carc_fig *from, int cause);
    /* two features became one (root survives); called during the union:
     * the root's open-edge count does not yet include this placement */
    void (*features_merged)(carc_game *g, int root, int absorbed);

    /* ---- tokens (owner): the carc_token_kind values it owns (bit per
     * kind; two enabled modules may not own one kind) and how many of
     * kind `kind` player holds (>= 0), for carc_game_tokens(); player is -1
     * for the tokens of the kind that belong to no player (0 if none) */
    uint32_t token_kinds;
    int (*tokens)(const carc_game *g, int player, int kind);
    /* ---- explaining refusals (doc/modules.md, "Explaining refusals") */
    /* carc_game_explain asks a module about a refused action it may be the
     * cause of: an action of its own kinds (owner), a core action at one of
     * its decisions (owner), or a core action that one of its vetoes refused
     * (event: may_place_tile, may_deploy, drawable, and deploy_allowed of
     * its figure kinds).  A module that refuses it fills out->reason (its
     * own CARC_MODULE_KIND(id, k), or a core CARC_REASON_*), out->message
     * (for a person: what is wrong and what to do) and, where they apply,
     * out->side / out->player, and returns true; false: not its refusal.
     * Read-only: the game is const. */
    bool (*explain)(const carc_game *g, const carc_action *a, carc_explanation *out);

    /* ---- added after 0.2.0 */
    /* may_place_tile is asked only about tile types carrying one of these
     * tile tags (CARC_TTAG_*), so placing every other tile keeps the core's
     * fast path; 0: about every type */
    uint32_t place_veto_ttags;
    /* (event) the role of figure fig as a short static word ("castle",
     * "acrobat") or NULL, for carc_game_figure_role and the pictures; asked
     * of every enabled module in registry order, the first word wins (a
     * core follower may have a role a module's state gives it) */
    const char *(*figure_role)(const carc_game *g, int fig);
    /* (event) tiles out of the draw pile that are known to everyone and
     * not yet laid, for carc_game_held_tiles and the pictures: player >= 0,
     * the tile types that player holds to play on a later turn (the
     * bazaar's); player -1, the tiles lying face up that nobody owns yet
     * (the bazaar's auction row).  Writes at most cap types (types may be
     * NULL when cap is 0) in the module's order and returns how many it
     * has (>= 0, also when more than cap).  A tile that became the tile in
     * hand (carc__set_tile_in_hand, carc__start_turn) is no longer held. */
    int (*held_tiles)(const carc_game *g, int player, int32_t *types, size_t cap);
    /* (event) a placement the edge matching refuses, allowed on condition
     * of a repair in the same turn (a bridge continuing a road that meets a
     * field).  Asked only for a candidate whose every constrained side
     * matches except `sides` (bit per board side), where the tile's road
     * meets a neighbour's field edge or its field meets a neighbour's road;
     * true: legal, and this module must then make the repair before the
     * deployment (a decision queued at AFTER_PLACE that cannot be passed).
     * Read-only; for the player whose turn it is.  Asked first with type
     * -1 (and sides 0): may it repair anything now (a bridge left)?  false
     * spares every per-candidate question, and other games (no module with
     * the hook) keep the fast placement enumeration; may_place_tile vetoes
     * still apply. */
    bool (*place_repair)(const carc_game *g, int type, int x, int y, int rot, int sides);
} carc_module_def;

/* --------------------------------------------------------- core services */

/* game */
int carc__players(const carc_game *g);
int carc__current(const carc_game *g);      /* whose turn it is              */
int carc__turn(const carc_game *g);
int carc__turn_part(const carc_game *g);    /* 0, or 1 in an extra part      */
int carc__rule(const carc_game *g, int slot);  /* a rule option's value */
bool carc__module_enabled(const carc_game *g, int module);
void *carc__mod_state(carc_game *g, int module);
const void *carc__mod_cstate(const carc_game *g, int module);
uint32_t carc__random_below(carc_game *g, uint32_t n);
/* ask for an extra part of the turn after this one (builder) */
void carc__extra_part(carc_game *g);
/* in the DRAW step, before the core draws: the tile the player plays
 * instead of drawing (an abbey); the core then draws nothing */
int carc__set_tile_in_hand(carc_game *g, int type);
/* the tile type in hand this part (set by the draw, carc__set_tile_in_hand
 * or carc__start_turn), or -1: an alternative to drawing offers itself
 * only while it is -1 (another module may have dealt a tile already) */
int carc__tile_in_hand(const carc_game *g);
/* from an END_PHASE hook (which then returns CARC_HOOK_JUMP): `player`
 * plays a turn with tile `type` now, outside the turn order (abbeys after
 * the last tile); the pipeline comes back to the same hook afterwards, with
 * the module's cursor telling it where it was.  CARC_E_STATE elsewhere. */
int carc__start_turn(carc_game *g, int player, int type);
/* a road laid over placed tile t (a bridge) between two opposite sides
 * (bit per board side: N|S or E|W) whose edges are fields: it joins the
 * roads it meets there, leaves the fields whole, and the empty cells beside
 * it then demand a road.  Its segment is the tile's segment number
 * carc__types[type].nseg.  carc__overlay_ok says whether it is legal. */
bool carc__overlay_ok(const carc_game *g, int t, int sides);
int carc__overlay_road(carc_game *g, int t, int sides);
/* carc__overlay_ok for the tile at cell (bx, by) as it would be once tile
 * `type` is laid at (x, y) turned rot (not laid yet; (bx, by) may be that
 * cell or a placed tile's): for a place_repair hook */
bool carc__overlay_ok_at(const carc_game *g, int type, int x, int y, int rot, int bx, int by,
                         int sides);
/* the edge kind placed tile t shows on board side `side` (0..3 N E S W),
 * a road laid over it included: EK_FIELD, EK_ROAD, EK_CITY, EK_NONE (a
 * wildcard edge), or -1 for a bad tile or side */
int carc__tile_edge(const carc_game *g, int t, int side);
/* can tile type be laid anywhere now (edges and vetoes)? */
bool carc__can_place(const carc_game *g, int type);
int carc__tiles_left(const carc_game *g);
/* copies of tile type `type` still in the draw pile (0 for a bad type) */
int carc__tiles_left_of(const carc_game *g, int type);
/* take one copy of `type` out of the draw pile, face up, for the module to
 * deal (the bazaar's auctioned tiles; then carc__set_tile_in_hand);
 * CARC_E_STATE when none is left.  Only from a decision_apply (a chance
 * decision whose outcomes are the pile's counts). */
int carc__take_tile(carc_game *g, int type);
/* a tile the module dealt (a held tile) that fits nowhere when it is to be
 * played leaves the game: counted with the tiles set aside, so that
 * carc_game_set_aside lists it (base.md §3, as a drawn tile) */
void carc__set_aside_tile(carc_game *g, int type);

/* board */
int carc__tile_count(const carc_game *g);
int carc__last_tile(const carc_game *g);    /* placed this part, or -1       */
int carc__tile_type(const carc_game *g, int tile);
int carc__tile_rot(const carc_game *g, int tile);
void carc__tile_xy(const carc_game *g, int tile, int *x, int *y);
int carc__tile_at(const carc_game *g, int x, int y); /* placed order or -1   */
int carc__tile_neighbours(const carc_game *g, int tile); /* of 8, placed    */
int carc__seg_root(const carc_game *g, int tile, int seg); /* feature root  */
int carc__root_kind(const carc_game *g, int root);
bool carc__root_complete(const carc_game *g, int root);
int carc__root_followers(const carc_game *g, int root); /* claiming figures */
/* a feature's pennants, its tiles (each counted once: one walk of its
 * members) and the segment tags of its members OR-ed (CARC_STAG_* bits;
 * one walk): what a feature_points hook needs (inns, cathedrals) */
int carc__root_pennants(const carc_game *g, int root);
int carc__root_tiles(const carc_game *g, int root);
uint32_t carc__root_tags(const carc_game *g, int root);
/* the features completed by this placement, in scoring order (valid from
 * the BEFORE_SCORING step on) */
int carc__completed_count(const carc_game *g);
int carc__completed_root(const carc_game *g, int i);
/* would the enabled modules' may_deploy vetoes let a figure of `kind` onto
 * segment seg of placed tile `tile` (a module moving a figure onto a
 * feature outside the deployment: a wagon moving on) */
bool carc__may_deploy(const carc_game *g, int kind, int tile, int seg);
/* the default rule for a follower: a claimable feature nobody holds */
bool carc__can_claim(const carc_game *g, int tile, int seg);
/* leave a completed feature unscored (castle conversion) */
void carc__skip_scoring(carc_game *g, int root);
/* a road or city with no open edge whose scoring by this placement has not
 * come yet (neither scored nor skipped): during the deploy decision, or a
 * decision of the SCORING step (a castle).  A projection counts it as
 * complete (doc/modules.md "Closed before scoring"). */
bool carc__root_due(const carc_game *g, int root);

/* figures */
int carc__figure_count(const carc_game *g);
void carc__figure_get(const carc_game *g, int fig, carc_fig *out);
int carc__figure_add(carc_game *g, int kind, int owner); /* into supply       */
int carc__figure_move(carc_game *g, int fig, int where, int tile, int seg, int arg,
                      int holder, int cause);
void carc__figure_set_state(carc_game *g, int fig, int state);
/* would the enabled modules let figure fig move there for this cause? */
bool carc__may_move(const carc_game *g, int fig, int where, int tile, int arg, int cause);
int carc__supply(const carc_game *g, int player, int kind);
int carc__supply_class(const carc_game *g, int player, unsigned classes);
int carc__kind_classes(const carc_game *g, int kind);
/* figure index of one of player's kind in supply, or -1 */
int carc__supply_figure(const carc_game *g, int player, int kind);
/* figures on placed tile t (any place with that tile), count; ids in out */
int carc__figures_on_tile(const carc_game *g, int tile, int *out, int cap);
/* the tile a figure is on, following attachments; -1 if off the board */
int carc__figure_tile(const carc_game *g, int fig);

/* scoring */
void carc__eval_feature(const carc_game *g, int root, int as_complete, feat_eval *out);
/* what `player`, an owner of feature root (evaluated into e), scores for
 * it: e->points after every enabled module's player_points hook -- for a
 * module that scores a feature itself (farmers scored when a barn arrives) */
int carc__player_points(const carc_game *g, int root, int player, const feat_eval *e);
/* the enabled modules' feature_scored hooks (a ringmaster's points) for
 * feature root, evaluated into e -- for a module that scores a feature
 * itself (farmers scored when a barn arrives): call it after the points,
 * before the figures go home, as the core does for a completed feature */
void carc__feature_scored(carc_game *g, int root, const feat_eval *e);
/* add points to a player and log them: reason, feature kind, tile and segment
 * (tile -1: an event with no tile) */
int carc__score_add(carc_game *g, int player, int points, int reason, int feature, int tile,
                    int seg);
int carc__score(const carc_game *g, int player);

/* text: a whole decimal string in [lo, hi] */
bool carc__parse_int(const char *s, long lo, long hi, int *out);

#endif
