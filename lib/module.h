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
#include <string.h>

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
/* where a module's may_deploy may refuse (carc_module_def.may_deploy_tile):
 * nowhere, anywhere, or else the one placed tile named */
#define CARC_VETO_NOWHERE (-1)
#define CARC_VETO_ANYWHERE (-2)

/* The core is "module" 255 where an owner is recorded (decisions, hooks). */
#define CARC_CORE_OWNER 255

/* place_repair's question "may a tile that fits only by a repair be declined?" */
#define CARC_REPAIR_DECLINE (-2)
/* repair_shape's answers (lib/module.h, carc_module_def.repair_shape) */
#define CARC_REPAIR_NEVER 0 /* place_repair refuses the candidate on every board */
#define CARC_REPAIR_ASK 1   /* it depends on the board: ask place_repair */
#define CARC_REPAIR_ROOM 2  /* accepted whenever a repair is possible and segments fit */
#define CARC_REPAIR_SIDE 3  /* it depends on the board, the rotation only through `sides` */

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
    CARC_ID_VERB_MORE = CARC_ID_NUMBER + CARC_ID_NUMBER_N, /* + module*24 + k-8 */
    CARC_ID_VERB_MORE_N = CARC_MODULE_SLOTS * 24,
    CARC_ID_END = CARC_ID_VERB_MORE + CARC_ID_VERB_MORE_N
};
_Static_assert(CARC_ID_END <= CARC_NUM_DISTINCT_ACTIONS, "action id ranges overflow");

/* Verbs a module may have at a decision it shares with others (a
 * deployment alternative): k in 0..CARC_VERBS_MAX-1. */
#define CARC_VERBS_MAX 32
/* The verb id of module m's k-th verb.  Verbs 0..7 are the block
 * CARC_ID_VERB + m*8 + k (ids of the first modules, unchanged); verbs
 * 8..31 are the block CARC_ID_VERB_MORE + m*24 + (k - 8) at the end of the
 * id space.  A module uses the verbs it needs from 0 up. */
#define CARC_VERB_ID(m, k)                                                          \
    ((k) < 8 ? CARC_ID_VERB + (m) * 8 + (k) : CARC_ID_VERB_MORE + (m) * 24 + (k) - 8)
/* The module of verb id `id` (either block), or -1 if it is no verb id;
 * and its verb number k (for a verb id). */
#define CARC_VERB_MODULE(id)                                                        \
    ((id) >= CARC_ID_VERB && (id) < CARC_ID_VERB + CARC_ID_VERB_N                   \
         ? ((id) - CARC_ID_VERB) / 8                                                \
     : (id) >= CARC_ID_VERB_MORE && (id) < CARC_ID_VERB_MORE + CARC_ID_VERB_MORE_N  \
         ? ((id) - CARC_ID_VERB_MORE) / 24                                          \
         : -1)
#define CARC_VERB_INDEX(id)                                                         \
    ((id) < CARC_ID_VERB_MORE ? ((id) - CARC_ID_VERB) % 8 : 8 + ((id) - CARC_ID_VERB_MORE) % 24)

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
 * (0 = never claims), how many each player gets (or, for a neutral kind,
 * how many exist), given the number of players, and the feature kinds it
 * may claim.  `features` is data for other modules (the Count's quarters
 * take a kind where it may claim the quarter's feature kind): bit
 * (1u << CARC_FEATURE_*) set for each feature kind a figure of the kind may
 * stand on, as the owning module's deploy_allowed decides it; 0 says no
 * such limit.  Read it with carc__figure_kind_features.  Added in 0.14. */
typedef struct carc_kind_def {
    uint8_t kind;                   /* carc_figure_kind                        */
    uint8_t classes;                /* CARC_CLASS_*                            */
    uint8_t strength;
    uint8_t count[CARC_MAX_PLAYERS + 1]; /* by number of players (index 2..6)  */
    uint8_t features;               /* 1u << CARC_FEATURE_*; 0: no limit       */
} carc_kind_def;

/* Why a figure moved (the cause of carc__figure_move).  The causes that put
 * a figure onto a feature are also deployment causes: carc__figure_deploy
 * moves with its cause, so may_deploy, deploy_allowed, may_move_figure and
 * figure_moved all see the same one.  Values 3..6 name the platform's
 * deployments outside the turn's own; a module's own cause (a wagon moving
 * on) is CARC_MODULE_KIND(m, k). */
enum {
    CARC_CAUSE_DEPLOY = 0,   /* the turn's own deployment, by its owner        */
    CARC_CAUSE_SCORED = 1,   /* returned after its feature scored              */
    CARC_CAUSE_SETUP = 2,
    CARC_CAUSE_PORTAL = 3,   /* deployed on another placed tile (magic portal) */
    CARC_CAUSE_DUNGEON_EXIT = 4, /* out of the dungeon onto a feature           */
    CARC_CAUSE_LEAVE_CITY = 5,   /* from a City quarter onto the feature scored */
    CARC_CAUSE_SEDUCTION = 6,    /* a swap onto an occupied feature or into a
                                    held place (catapult)                      */
    CARC_CAUSE_MODULE = 16   /* module causes: CARC_MODULE_KIND(m, k)          */
};

/* A move a module offers to the others before it makes it
 * (carc__figure_move_offer): the arguments of carc__figure_move, and `by`,
 * the player who makes the move (a dragon's step: the player whose step it
 * is; -1 in an offer: the player whose turn it is). */
typedef struct carc_move {
    int fig, where, tile, seg, arg, holder, cause;
    int by;
} carc_move;

/* What an intercept_move hook answers and carc__figure_move_offer returns:
 * PROCEED: the move is made as offered (nobody took it);
 * TAKEN: another module took the move over, and with it the rest of the
 *   mover's action: nothing moved, the mover ends its action (resets its
 *   cursor) and queues nothing more for it (a dragon entering a dungeon);
 * REPLACED: another module makes a different move in its place (now, or
 *   after decisions it queued): nothing moved as offered, the mover counts
 *   this move as made and goes on with its action after the taker's
 *   decisions are taken (a dungeon exit as the first step of a flight). */
enum { CARC_MOVE_PROCEED = 0, CARC_MOVE_TAKEN = 1, CARC_MOVE_REPLACED = 2 };

/* What a deployment outside the turn's own may reach beyond the default
 * rule (carc__figure_deploy_legal's flags; for follower-class kinds). */
enum {
    CARC_DEPLOY_OCCUPIED = 1u << 0,  /* a feature other figures already claim */
    CARC_DEPLOY_COMPLETED = 1u << 1  /* a completed or closed feature          */
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
    uint8_t state;           /* a byte its kind's module owns (asleep, level):
                                written only by that module, through
                                carc__figure_set_state; another module
                                changes it through a setter the owner
                                exports in its fact header                  */
} carc_fig;

typedef struct carc_game carc_game;

/* Where a figure on the board stands on its tile (figure geometry,
 * doc/geometry.md): x, y in half millimetres from the north-west corner of
 * the tile it is on, in board orientation (x east, y south; the tile spans
 * 0..90 both ways, a stacked or attached figure may stand beyond); level 0
 * on the tiles, k when it stands on k figures (the third acrobat of a
 * pyramid); flags are CARC_FIGPOS_* of carcvar.h (a farmer lies). */
typedef struct carc_spot {
    int16_t x, y;
    uint8_t level;
    uint8_t flags;
} carc_spot;

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
int carc__decision_push(carc_game *g, int kind, int player, int owner, int target,
                        int32_t arg);
/* From decision_apply: the second step of a choice, taken right after the
 * decision being applied, before anything else queued. */
int carc__decision_followup(carc_game *g, int kind, int player, int owner, int target,
                        int32_t arg);
/* Queue a chance decision of the calling module with no list of outcomes
 * (sampled-only: a structured outcome, see chance_sample). */
int carc__decision_push_sampled(carc_game *g, int kind, int owner, int32_t arg);
#define CARC_PENDING_SAMPLED_ONLY 1u
/* carc_pending.flags of a core deployment (CARC_DECISION_DEPLOY) a module
 * queued with carc__decision_push_deploy; its arg is the deployment's cause.
 * Without it, a deployment is the turn's own (cause CARC_CAUSE_DEPLOY, on
 * the tile just laid), the only one where modules' deploy_actions are
 * asked. */
#define CARC_PENDING_QUEUED_DEPLOY 2u
/* Queue the core's deployment decision for `player` on placed tile `tile`
 * for `cause` (CARC_CAUSE_PORTAL .. CARC_CAUSE_SEDUCTION or a module cause
 * CARC_MODULE_KIND(m, k); never CARC_CAUSE_DEPLOY), marked
 * CARC_PENDING_QUEUED_DEPLOY: the magic portal's deployment on another
 * tile.  It offers pass and the kind x segment ids of that tile that
 * carc__figure_deploy_legal allows for a figure from the player's supply
 * with no flags (so completed features are refused), and no module's
 * verbs; the figure then moves with that cause.  followup: taken right
 * after the decision being applied (as carc__decision_followup), else after
 * those queued (as carc__decision_push); the same callers and the same
 * CARC_E_LIMIT as those.  CARC_E_INVALID for a bad player, tile or cause.
 * carc__decision_push and carc__decision_followup queue a deployment only as
 * the turn's own (target: the tile just laid), else CARC_E_INVALID. */
int carc__decision_push_deploy(carc_game *g, int player, int tile, int cause, bool followup);
/* From decision_apply of a sampled-only chance decision: the payload words
 * of the structured outcome being applied -- as the host gave them
 * (carc_game_apply_outcome), as a record or the history holds them, or as
 * the module's outcome_payload made them from the action -- in *words, and
 * their number (1..CARC_PAYLOAD_MAX).  An outcome larger than a carc_action
 * (a set of touched figures) is read here rather than from the action.
 * 0 and *words NULL anywhere else (a listed action, another game). */
int carc__decision_payload(const carc_game *g, const uint16_t **words);
/* apply_listed_id's answer for an id it leaves to the decode and
 * decision_apply (nothing changed); its others are decision_apply's */
#define CARC_APPLY_BY_ACTION 1
/* From apply_listed_id of decision p, p the only decision pending: the
 * next decision of p's kind and owner, for player, target and arg, written
 * in p's place instead of queued behind it (carc__decision_push), so that
 * nothing is popped; apply_listed_id then returns CARC_APPLY_AGAIN and the
 * core keeps that decision in front (the history written, the pipeline
 * not advanced: a decision is pending).  The game, byte for byte, as after
 * carc__decision_push of that decision and the core's pop of p.
 * CARC_E_STATE, nothing changed, when another decision is pending too (then
 * queue it with carc__decision_push).  Only from apply_listed_id (not from
 * decision_apply: its caller pops).  Since 0.18. */
int carc__decision_again(carc_game *g, int player, int target, int32_t arg);
/* carc__decision_again for a next decision of any kind and owner (with
 * carc__decision_followup's arguments and its CARC_E_INVALID for a
 * deployment it refuses): written in p's place when p is the only
 * decision pending, the game byte for byte as after
 * carc__decision_followup and the core's pop of p; then CARC_APPLY_AGAIN.
 * CARC_E_STATE, nothing changed, when another decision is pending too (then
 * use carc__decision_followup).  Only from apply_listed_id: Princess &
 * Dragon's fairy verb at the deployment.  Since 0.18. */
int carc__decision_instead(carc_game *g, int kind, int player, int owner, int target,
                           int32_t arg);
/* apply_listed_id's answer after carc__decision_again or
 * carc__decision_instead (p applied) */
#define CARC_APPLY_AGAIN 2

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
 * next), or CARC_HOOK_JUMP after carc__turn_start moved the pipeline. */
typedef int (*carc_step_fn)(carc_game *g);

typedef struct carc_step_hook {
    uint8_t step;            /* carc_step                                       */
    int16_t order;
    carc_step_fn fn;
} carc_step_hook;
/* a step_work entry: the work byte is this field of the module's state */
#define CARC_WORK_BYTE(type, member) ((uint16_t)(offsetof(type, member) + 1))
/* a step_work entry: the two bytes from this field (a uint16_t count, or
 * two flags side by side): work while either is nonzero (since 0.10.0) */
#define CARC_WORK_PAIR(type, member) \
    ((uint16_t)(CARC_WORK_PAIR_BIT | (offsetof(type, member) + 1)))
/* a step_work entry: byte member[p] of a byte array by player, p the
 * player whose turn it is (carc__current): work while it is nonzero
 * (since 0.10.0) */
#define CARC_WORK_PLAYER(type, member) \
    ((uint16_t)(CARC_WORK_PLAYER_BIT | (offsetof(type, member) + 1)))
#define CARC_WORK_PAIR_BIT 0x8000u
#define CARC_WORK_PLAYER_BIT 0x4000u
#define CARC_WORK_OFFSET 0x3FFFu /* the offset + 1 bits: a field below 16,382 */

/* A rule option a module owns.  Names carry the module's prefix
 * ("tb_builder_..."), except the base game's. */
typedef struct carc_rule_def {
    uint8_t slot;            /* index in carc_options.rules: fixed forever,
                                unique over all modules (a test checks)     */
    const char *name;
    int def, min, max;       /* def: the recommended value (doc/rules.md)       */
} carc_rule_def;

/* A rule's value before the rule existed (carc_module_def.rule_legacy). */
typedef struct carc_rule_legacy {
    const char *name;        /* the rule's name; NULL ends the list            */
    int value;               /* the value that plays as before                 */
} carc_rule_legacy;

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

/* The sink's next entry is id, with no action (a sink of ids only,
 * s->buf NULL): written if it fits under cap, counted either way */
static inline void carc__sink_push_id(action_sink *s, int32_t id)
{
    size_t n = s->n;
    if (s->ids && n < s->cap) s->ids[n] = id;
    s->n = n + 1;
}

static inline void carc__sink_push(action_sink *s, const carc_action *a, int32_t id)
{
    if (s->buf && s->n < s->cap) s->buf[s->n] = *a;
    carc__sink_push_id(s, id);
}

/* carc__sink_push of an action of `kind` with arg and target, every other
 * field zero: what most module decisions offer (a sink of ids only gets
 * the id without the action being made) */
static inline void carc__sink_push_kind(action_sink *s, int kind, int arg, int target,
                                        int32_t id)
{
    if (!s->buf) {
        carc__sink_push_id(s, id);
        return;
    }
    carc_action a = {0};
    a.kind = kind;
    a.arg = arg;
    a.target = target;
    carc__sink_push(s, &a, id);
}

/* carc__sink_push_kind of `count` actions of `kind` whose arg and id both
 * step by one from arg0 and id0 (a bid's amounts, the catapult's 225
 * aims): ids only, when they all fit, sixteen then four at a time (vectors
 * of four ids stored unaligned, then one by one for the rest) */
typedef int32_t carc__ids4 __attribute__((vector_size(16)));
static inline void carc__sink_push_run(action_sink *s, int kind, int arg0, int target,
                                       int32_t id0, int count)
{
    if (count <= 0) return;
    if (!s->buf && s->ids && s->n + (size_t)count <= s->cap) {
        int32_t *ids = s->ids + s->n;
        int i = 0;
        carc__ids4 v = {id0, id0 + 1, id0 + 2, id0 + 3}, four = {4, 4, 4, 4};
        for (; i + 16 <= count; i += 16, v += four * 4) { /* sixteen a turn */
            carc__ids4 v1 = v + four, v2 = v + four * 2, v3 = v + four * 3;
            memcpy(ids + i, &v, sizeof v);
            memcpy(ids + i + 4, &v1, sizeof v);
            memcpy(ids + i + 8, &v2, sizeof v);
            memcpy(ids + i + 12, &v3, sizeof v);
        }
        for (; i + 4 <= count; i += 4, v += four) memcpy(ids + i, &v, sizeof v);
        for (; i < count; i++) ids[i] = id0 + i;
        s->n += (size_t)count;
        return;
    }
    for (int i = 0; i < count; i++) carc__sink_push_kind(s, kind, arg0 + i, target, id0 + i);
}

/* ------------------------------------------------------ declared actions */

/* A module declares its action kinds in a table (carc_module_def.actions)
 * and the core derives from it the id of an action, the action of an id at
 * a decision, its text and its parsing, range checks included: a host's
 * fields may hold anything, and a value outside an argument's range is
 * refused before any id is computed.  A kind the table does not declare
 * goes to the hand-written hooks (action_id ... action_from_text), for
 * what a table cannot express (a structured chance outcome). */

/* How an argument is held in a carc_action, numbered in the id and
 * written.  At most one argument of a declaration is numbered: the id is
 * id_base + its offset (a declaration without one has the single id
 * id_base). */
typedef enum carc_arg_type {
    CARC_ARGT_NONE = 0,   /* no argument (the rest of args[])                */
    CARC_ARGT_FIXED,      /* member == lo; not numbered, not written: the word
                             itself names the value ("score" 0, "spare" 1)  */
    CARC_ARGT_INT,        /* lo..hi, numbered value - lo, written in decimal */
    CARC_ARGT_CHOICE,     /* one of choices[]: its offset, its word          */
    CARC_ARGT_TILE,       /* a placed tile's order: numbered by it, written
                             "X,Y" (its cell)                                */
    CARC_ARGT_CELL,       /* members x and y: the cell of a placed tile,
                             numbered by that tile's order, written "X,Y"    */
    CARC_ARGT_TILE_TYPE,  /* a tile type: numbered by it, written by name    */
    CARC_ARGT_TARGET,     /* the pending decision's target tile: not
                             numbered (an id takes it from the decision, an
                             action must name it), written "X,Y"             */
    CARC_ARGT_SEGMENT     /* a segment of the tile in member `target` (a
                             TARGET or TILE argument before it): numbered by
                             the segment, written as the core labels it
                             (carc__segment_label); the last argument       */
} carc_arg_type;

/* One named value of a CHOICE argument. */
typedef struct carc_arg_choice {
    int32_t value;                  /* the member's value                      */
    int32_t offset;                 /* its id is id_base + offset              */
    const char *word;               /* its text                                */
} carc_arg_choice;

typedef struct carc_action_arg {
    uint8_t type;                   /* carc_arg_type                           */
    uint8_t member;                 /* offsetof(carc_action, ...): arg, target */
    int32_t lo, hi;                 /* INT: the range; FIXED: the value (lo)   */
    const carc_arg_choice *choices; /* CHOICE                                   */
    uint8_t nchoices;
} carc_action_arg;

#define CARC_ARG_FIXED(m, v) {CARC_ARGT_FIXED, offsetof(carc_action, m), (v), (v), NULL, 0}
#define CARC_ARG_INT(m, lo, hi) {CARC_ARGT_INT, offsetof(carc_action, m), (lo), (hi), NULL, 0}
#define CARC_ARG_CHOICE(m, tab) \
    {CARC_ARGT_CHOICE, offsetof(carc_action, m), 0, 0, (tab), sizeof(tab) / sizeof((tab)[0])}
#define CARC_ARG_TILE(m) {CARC_ARGT_TILE, offsetof(carc_action, m), 0, 0, NULL, 0}
#define CARC_ARG_CELL {CARC_ARGT_CELL, offsetof(carc_action, x), 0, 0, NULL, 0}
#define CARC_ARG_TILE_TYPE(m) {CARC_ARGT_TILE_TYPE, offsetof(carc_action, m), 0, 0, NULL, 0}
#define CARC_ARG_TARGET {CARC_ARGT_TARGET, offsetof(carc_action, target), 0, 0, NULL, 0}
#define CARC_ARG_SEGMENT(m) {CARC_ARGT_SEGMENT, offsetof(carc_action, m), 0, 0, NULL, 0}

/* The decisions a declared action answers (carc_action_def.at): the
 * module's own decision kind k (CARC_MODULE_KIND(m, k)) or the core's
 * deployment (a verb). */
#define CARC_AT(k) (1u << (k))
#define CARC_AT_DEPLOY (1u << 16)

#define CARC_ACTION_ARGS 3

/* One form of one of the module's action kinds.  A kind may have several
 * forms (the words "score" and "spare" of one kind, a FIXED argument
 * telling them apart); the first form whose arguments all accept an
 * action is its form.  Several forms may share a first word ("bazaar pick
 * N", "bazaar TILE"): text is read by the first form whose words and
 * arguments all match. */
typedef struct carc_action_def {
    int kind;                       /* CARC_MODULE_KIND(m, k)                  */
    const char *word;               /* its words before the arguments,
                                       separated by a space ("bazaar pick")   */
    uint32_t at;                    /* CARC_AT(k) | CARC_AT_DEPLOY             */
    int32_t id_base;                /* its first id (a CARC_ID_* range, a verb,
                                       or a chance outcome below
                                       CARC_MAX_CHANCE_OUTCOMES)              */
    carc_action_arg args[CARC_ACTION_ARGS]; /* in the order of the text      */
} carc_action_def;

/* Feature evaluation (carc__root_eval). */
typedef struct feat_eval {
    int kind, complete, tiles, pennants, open, points;
    int strength[CARC_MAX_PLAYERS];
    uint32_t owners;
    int cities;              /* fields: the completed cities it borders     */
    int city_bonus;          /* fields: what city_value hooks add over 3 a
                                city (a castle's +1), added to every other
                                per-city rate too (a barn's 1 or 4 a city)  */
} feat_eval;

/* ------------------------------------------------------------ the module */

/*
 * A module: every member but id and name is optional.  Members come in
 * groups by concern, in this order: identity, declarations, bounds, the
 * pipeline, decisions, actions, deployment, vetoes, scoring, events,
 * presentation.  Hooks marked (event) run for every enabled module that
 * has them, in registry order; hooks marked (owner) run only for the
 * module that owns the decision, action or figure kind.  doc/modules.md
 * explains each group; the history of the members is in CHANGELOG.md.
 */
typedef struct carc_module_def {
    /* ---- identity */
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
    /* first words of the notation of its hand-written action hooks,
     * NULL-ended (the words of declared actions count without it) */
    const char *const *words;
    const char *const *reasons;     /* names of its score reasons 0..15, NULL-
                                       ended (carc_score_reason_name)          */

    /* ---- bounds, so the core sizes everything and never drops data */
    /* per-game state bytes in the flat block (options known: players...)    */
    size_t (*state_size)(const carc_options *opts);
    uint8_t decisions_per_tile;     /* decisions it adds per placed tile
                                       (history)                             */
    uint8_t payload_words_per_tile; /* history words of structured outcomes  */
    uint8_t events_per_tile;        /* every score event it causes, also the
                                       core's for figures it moves onto
                                       features (a wagon moving on)          */
    uint16_t events_per_game;       /* score events with no tile             */
    uint8_t max_pending;            /* most decisions it queues at once      */
    uint8_t overlays;               /* roads it may lay over tiles (bridges)  */

    /* ---- the pipeline */
    const carc_step_hook *steps;
    uint8_t nsteps;
    /* optional, a hook without work not called (the pipeline without idle
     * cost).  step_work[i] (NULL: none; else nsteps entries): 1 + the
     * offset, in the module's state block, of a byte the module keeps
     * nonzero whenever steps[i] may have work (CARC_WORK_BYTE: a wagon
     * whose feature scored, a builder's extension); while it is 0 the core
     * does not call the hook and goes on as if it returned CARC_HOOK_NEXT,
     * so the hook must then do nothing at all; 0: always called.
     * step_active: asked about each i once when a game is created, reading
     * only its options (carc__rule, carc__players): false leaves steps[i]
     * out of that game's pipeline (a rule makes it idle for the whole
     * game: the circus scored before or after the features).
     * tests/test_action_legal.c holds modules to both.  Added in 0.9.
     * CARC_WORK_PAIR (two bytes) and CARC_WORK_PLAYER (the byte of the
     * player whose turn it is) gate the same way (since 0.10.0).
     * step_ttags[i] (NULL: none; else nsteps entries; 0: no gate): steps[i]
     * has work only when the tile laid in this part of the turn
     * (carc__tile_last, not -1) carries one of these tile tags (CARC_TTAG_*);
     * otherwise the core does not call it, as for a work byte of 0 (a hook
     * has at most one of the two gates; tags past bit 15: always called).
     * Since 0.10.0. */
    const uint16_t *step_work;
    bool (*step_active)(const carc_game *g, int i);
    const uint32_t *step_ttags;
    void (*setup)(carc_game *g);    /* after the core's setup, before turn 1  */
    /* the start layout to lay instead of the start tile (a name in a
     * tiles.def `layout` line), or NULL; the first enabled module that
     * names one wins */
    const char *(*start_layout)(const carc_game *g);

    /* ---- decisions it owns (owner) */
    /* its legal actions at decision p, ids ascending */
    void (*decision_actions)(const carc_game *g, const carc_pending *p, action_sink *sink);
    /* validate everything first: on an error nothing may have changed */
    int (*decision_apply)(carc_game *g, const carc_pending *p, const carc_action *a);
    /* optional, decision_apply by id: id was listed by the core's listing
     * of decision p in this state (carc_game_legal_ids: so it is legal) --
     * p one of this module's decisions (not sampled-only), or the turn's
     * own deployment (not CARC_PENDING_QUEUED_DEPLOY) with id one of this
     * module's verbs (CARC_VERB_ID).  Do what decision_apply does with the
     * action of that id, without the core's decode, or return
     * CARC_APPLY_BY_ACTION having changed nothing: the core then decodes id
     * and calls decision_apply (an id of a rarer kind).  Not asked with
     * carc__pipeline_only (tests compare the two ways).  Since 0.15. */
    int (*apply_listed_id)(carc_game *g, const carc_pending *p, int32_t id);
    /* optional, with apply_listed_id: true when apply_listed_id checks
     * every id at this module's own decisions (not sampled-only) against
     * the game's state, exactly as decision_actions lists them, in a game
     * where no module vetoes figure moves (carc__figure_moves_vetoed
     * false: a check asking the vetoes again would cost more than the
     * core's note): it applies an id listed now and answers
     * CARC_APPLY_BY_ACTION, having changed nothing, for any other id (or
     * one it leaves to decision_apply), which then goes the core's general
     * way (decoded, checked against the list, applied or refused as
     * without the hook).  In such a game the core keeps no note of its
     * decisions' listings and hands apply_listed_id every id taken at
     * them; with vetoes, as without the flag (noted ids only).  Not asked
     * with carc__pipeline_only.  Since 0.16. */
    bool ids_checked;
    /* optional, with apply_listed_id and deploy_actions: true when
     * apply_listed_id checks every verb id of this module at the turn's
     * own deployment against the game's state, exactly as deploy_actions
     * lists them, in a game where no module vetoes figure moves: it
     * applies a verb listed now and answers CARC_APPLY_BY_ACTION, having
     * changed nothing, for any other (or one it leaves to decision_apply),
     * which then goes the core's general way.  When every module with
     * deploy_actions in the game has it (and no vetoes of figure moves),
     * the core keeps no note of the verbs listed at a deployment and
     * hands apply_listed_id every verb of such a module taken there.  Not
     * asked with carc__pipeline_only.  Since 0.19. */
    bool verbs_checked;
    /* optional, a shortcut for the core's check of a player's action id
     * before decision_apply: is action a -- the action of that id at
     * decision p (carc__action_from_id; its id round-trips) -- listed now
     * by decision_actions (p one of this module's decisions) or, a verb of
     * this module at the turn's own deployment (p the core's deployment,
     * not CARC_PENDING_QUEUED_DEPLOY), by deploy_actions?  It must answer
     * exactly as the list would (a pass included: false unless listed);
     * the core then does not list every legal action again to find the
     * id.  Without it the core lists them.  Neither is done for an id of
     * the listing the core just made of this decision in this state
     * (decision_actions' contract: every listed id applies).  Read-only. */
    bool (*action_legal)(const carc_game *g, const carc_pending *p, const carc_action *a);
    /* chance decisions: outcome ids with integer weights (count returned;
     * cap may be too small: return the count anyway).  Every id with a
     * weight above 0 must be one of decision_actions' ids for p:
     * carc__sample_chance applies a drawn outcome without listing the
     * decision again (checked builds verify it). */
    int (*chance_outcomes)(const carc_game *g, const carc_pending *p, int32_t *ids,
                           uint32_t *weights, size_t cap);
    /* optional, bit k: the chance outcomes of its decision kind
     * CARC_MODULE_KIND(id, k) are the draw pile's -- every tile type with
     * copies left, the type its id, its copies its weight, ascending (the
     * bazaar's reveal): chance_outcomes lists exactly these while
     * carc__pile_vetoes is false.  carc__sample_chance then draws one as
     * it draws a tile (the same outcome for the same random number) without
     * asking chance_outcomes.  tests/test_action_legal.c compares the two.
     * Since 0.10.0. */
    uint16_t pile_chance;
    /* structured chance outcomes (a catapult hurl: a resting point, the
     * figures touched): what an outcome carries beyond its id, as at most
     * CARC_PAYLOAD_MAX 16-bit words kept in the history (0: not structured),
     * and back.  A decision queued with carc__decision_push_sampled is
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
    /* its action kinds declared (see carc_action_def): the core derives
     * their ids, the actions of ids at its decisions and at the core's
     * deployment, their text and its parsing; the first word of each form
     * is one of its notation words */
    const carc_action_def *actions;
    uint8_t nactions;               /* at most 31 (ids.c keeps a form mask) */
    /* hand-written, for kinds the table does not declare (each is asked
     * after the table: action_id / action_to_text for an undeclared kind,
     * action_from_id for an id no form decodes at that decision,
     * action_from_text for text no form reads) */
    int (*action_id)(const carc_game *g, const carc_action *a, int32_t *id);
    int (*action_from_id)(const carc_game *g, const carc_pending *p, int32_t id,
                          carc_action *out);
    int (*action_to_text)(const carc_game *g, const carc_action *a, outbuf *o);
    int (*action_from_text)(const carc_game *g, char **tok, int ntok, carc_action *out);

    /* ---- the deployment */
    /* (event) its verbs (alternatives to a figure) at the turn's own
     * deployment only: never asked at a deployment a module queued
     * (CARC_PENDING_QUEUED_DEPLOY), so no filter on p->target is needed */
    void (*deploy_actions)(const carc_game *g, const carc_pending *p, action_sink *sink);
    /* (owner of the figure kind) may `player`'s figure of `kind` (player
     * -1: a neutral one) stand on segment seg of placed tile `tile`, put
     * there for `cause` (CARC_CAUSE_*)?  The kind's own rule only (a mayor
     * only in a city): for a follower-class kind the core has already
     * checked the feature may be claimed (unoccupied, unless the caller of
     * carc__figure_deploy_legal allowed it; not completed outside the
     * turn's own deployment); a kind of no follower class decides alone.
     * Read-only; asked for any player, not only the current one. */
    bool (*deploy_allowed)(const carc_game *g, int player, int kind, int tile, int seg,
                           int cause);
    /* optional, with deploy_allowed: its answers for the segments s <
     * nseg (<= 32) of placed tile `tile` at once, bit s set exactly when
     * deploy_allowed(g, player, kind, tile, s, cause) is true.  The core's
     * listing of a deployment asks it once per kind instead of
     * deploy_allowed once per segment (Traders & Builders' builder and
     * pig, Abbey & Mayor's mayor, wagon and barn); tests/test_action_legal.c
     * compares the two.  Read-only.  Added in 0.10. */
    uint32_t (*deploy_segs)(const carc_game *g, int player, int kind, int tile, int nseg,
                            int cause);

    /* ---- vetoes and allowances (event; for a veto, any false forbids) */
    /* may `player`'s figure of `kind` (player -1: a neutral figure, which
     * carc__figure_deploy_legal may be asked about) be put onto segment seg
     * of placed tile `tile` for `cause` (CARC_CAUSE_DEPLOY at the turn's own
     * deployment; a portal, a dungeon exit, leaving the City, a seduction,
     * a module's cause)?  The cause lets a veto allow one and forbid
     * another at the same spot. */
    bool (*may_deploy)(const carc_game *g, int player, int kind, int tile, int seg, int cause);
    /* optional, with may_deploy: its answers for the segments s < nseg
     * (<= 32) of placed tile `tile` at once, bit s set exactly when
     * may_deploy(g, player, kind, tile, s, cause) is true.  When every
     * enabled module's may_deploy has it, the core's listing of a
     * deployment asks it once per follower kind instead of may_deploy once
     * per segment (Princess & Dragon: the dragon's tile);
     * tests/test_action_legal.c compares the two.  Read-only.  Added in
     * 0.13. */
    uint32_t (*may_deploy_segs)(const carc_game *g, int player, int kind, int tile, int nseg,
                                int cause);
    /* optional, with may_deploy: may_deploy_tile set, the int16_t at byte
     * may_deploy_tile_off of the module's state (carc__mod_cstate) says
     * where its may_deploy may refuse -- CARC_VETO_NOWHERE: nowhere, a
     * placed tile t >= 0: only on tile t, CARC_VETO_ANYWHERE: anywhere --,
     * kept so by the module at every change (its state_check compares it).
     * The core asks may_deploy and may_deploy_segs only where it may
     * refuse, and takes every other deployment as allowed by it (Princess
     * & Dragon: the dragon's tile).  A game is not created
     * (CARC_E_INVALID) when the module declares it without may_deploy or
     * with the word outside its state; tests/registry_check.h checks every
     * module, and test_action_legal that may_deploy allows everywhere else.
     * Added in 0.15. */
    bool may_deploy_tile;
    uint16_t may_deploy_tile_off;
    /* may tile `type` be laid at (x, y) turned rot (its edges match)? */
    bool (*may_place_tile)(const carc_game *g, int type, int x, int y, int rot);
    /* may_place_tile is asked only about tile types carrying one of these
     * tile tags (CARC_TTAG_*), so placing every other tile keeps the core's
     * fast path; 0: about every type */
    uint32_t place_veto_ttags;
    /* optional, with may_place_tile: its answers for every rotation of a
     * cell at once -- of the rotations in `rots` (bit r: rotation r), those
     * may_place_tile would allow for tile `type` at (x, y).  It must answer
     * exactly as may_place_tile would rotation by rotation; the core then
     * asks once per cell, not once per rotation (the abbey: only rotation
     * 0, only into a hole).  Read-only.  Added in 0.9. */
    unsigned (*place_rots)(const carc_game *g, int type, int x, int y, unsigned rots);
    /* a placement the edge matching refuses, allowed on condition of a
     * repair in the same turn (a bridge continuing a road that meets a
     * field).  Asked only for a candidate whose every constrained side
     * matches except `sides` (bit per board side), where the tile's road
     * meets a neighbour's field edge or its field meets a neighbour's road;
     * true: legal, and this module must then make the repair before the
     * deployment (a decision queued at AFTER_PLACE that cannot be passed).
     * Read-only; for the player whose turn it is.  Asked first with type
     * -1 (and sides 0): may it repair anything now (a bridge left)?  false
     * spares every per-candidate question, and other games (no module with
     * the hook) keep the fast placement enumeration; may_place_tile vetoes
     * still apply.  Asked with type CARC_REPAIR_DECLINE (-2, sides 0):
     * may the player decline a drawn tile every legal placement of which
     * needs a repair?  true: the placement decision then also offers a
     * pass, which sets the tile aside and draws again (base.md §3). */
    bool (*place_repair)(const carc_game *g, int type, int x, int y, int rot, int sides);
    /* optional, with place_repair: could it ever accept this candidate --
     * tile `type` turned rot with mismatched `sides`, in an open cell whose
     * `bound` sides (bit per board side) face a neighbour's field, road or
     * city edge (the other sides: no neighbour, or a wildcard edge) -- on
     * some board?  A pure function of its arguments (the tile type's own
     * edges and the cell's requirement; no game).  CARC_REPAIR_NEVER
     * promises that place_repair(g, type, x, y, rot, sides) answers false
     * in every game, every open cell with those bound sides and every
     * state; CARC_REPAIR_ROOM that it answers true there whenever its quick
     * question (type -1) answers true and the game has room for the tile's
     * segments and one more (carc__segments_room(g) > carc__types[type].nseg);
     * CARC_REPAIR_ASK promises nothing; CARC_REPAIR_SIDE that, in one open
     * cell of one state, place_repair gives every rotation of the type it
     * answers CARC_REPAIR_SIDE for with equal `sides` the same answer (the
     * rotation matters only through the sides: while listing, a sole
     * repairing module is asked once per cell and sides value for them --
     * since the third round of 0.11 once per cell and side for those with
     * one mismatched side, one by one for the others; added in 0.11,
     * second round).  The core asks it once per thread
     * for each (tile type, cell requirement) it meets (the answers depend on
     * nothing else: the sides and the bound sides are functions of both) and
     * then, while listing placements after the quick question said yes,
     * asks place_repair only about the candidates some module's repair_shape
     * accepts, and not about those a sole repairing module answers
     * CARC_REPAIR_ROOM for while the room is there (a module with
     * place_repair and no repair_shape: CARC_REPAIR_ASK for every one).
     * Added in 0.10; `bound` and the three answers in 0.11. */
    int (*repair_shape)(int type, int rot, int sides, int bound);
    /* optional, with repair_shape: place_repair's answer, while its quick
     * question (type -1) answers true, for the candidates of tile `type` in
     * open cell (x, y) that repair_shape answers CARC_REPAIR_SIDE for with
     * the one mismatched side d (sides == 1 << d; one answer for all of
     * them) -- the question without place_repair's decode.  The placement
     * listing of a sole repairing module asks it instead of place_repair
     * (once per cell, when every candidate asked there is such a one).
     * Read-only.  tests/test_action_legal.c compares the two answers in
     * every open cell of its random games.  Added in 0.15. */
    bool (*repair_side)(const carc_game *g, int type, int x, int y, int d);
    /* optional, with place_repair: a byte of the module's state that is
     * the quick question's answer (type -1: nonzero exactly when
     * place_repair would answer true), coded as a step_work entry
     * (CARC_WORK_BYTE, CARC_WORK_PAIR, CARC_WORK_PLAYER: the byte of the
     * player whose turn it is).  When the module is the game's only one
     * with place_repair, the core reads it instead of asking, and while it
     * is 0 takes the placement listing and the draw as a game without
     * repairs does (carc_game_legal_ids' fast listing, the straight draw);
     * 0: asked.  tests/test_action_legal.c compares it with the question
     * at every decision of its random games.  Added in 0.13. */
    uint16_t repair_work;
    /* may tile `type` be drawn now (the dragon tile before a volcano)? */
    bool (*drawable)(const carc_game *g, int type);
    /* drawable is asked only about tile types carrying one of these tile
     * tags (CARC_TTAG_*), so every other type is drawable without a call;
     * 0: about every type.  A module whose drawable will agree to every
     * type for the rest of the game says so with carc__pile_drawable_all,
     * and the draw keeps the core's fast path from then on. */
    uint32_t draw_veto_ttags;
    /* optional, with draw_veto_ttags: drawable refuses every type carrying
     * one of draw_veto_ttags for as long as it is asked (until
     * carc__pile_drawable_all): the core then refuses those types without
     * calling it (the draw before the first volcano: one pass over the
     * vetoed types' counts, no call per type).  Its state_check should
     * refuse a state where its answer would differ while the hook is still
     * asked (carc__pile_hooks).  Added in 0.13. */
    bool draw_veto_tagged;
    /* (event) a tile of `type` was just drawn (taken out of the pile): does
     * this module set it aside instead of its being played (the printed
     * Princess & the Dragon rule: a dragon tile drawn before the first
     * volcano)?  true: the module keeps it -- it notes the type in its own
     * state, shows it with held_tiles(-1) and gives it back with
     * carc__pile_put_back --, and the core draws again for the same player
     * (or, with nothing drawable left, the part has no tile).  Asked before
     * the "fits nowhere" rule; the first module answering true keeps it.
     * A module whose draw_aside will keep nothing for the rest of the game
     * says so with carc__pile_aside_none, and the draw takes the core's
     * straight line from then on (carc__sample_chance). */
    bool (*draw_aside)(carc_game *g, int type);
    /* may figure fig move to (where, tile or figure arg) for this cause?
     * Modules ask carc__figure_may_move before offering a move. */
    bool (*may_move_figure)(const carc_game *g, int fig, int where, int tile, int arg,
                            int cause);

    /* ---- scoring (event) */
    /* majority strength of figure i (owner of its kind; <0 = default) */
    int (*strength)(const carc_game *g, int fig);
    /* what feature root is worth (points: the core's or earlier modules') */
    int (*feature_points)(const carc_game *g, int root, int complete, int points);
    /* before majority of a completed feature; may queue decisions and
     * return CARC_HOOK_AGAIN */
    int (*before_majority)(carc_game *g, int root);
    /* after the feature's points, figures still on it (fairy, ringmaster) */
    void (*feature_scored)(carc_game *g, int root, const feat_eval *e);
    /* true: feature_scored does nothing for a feature no figure stands on
     * (it pays figures on it); the core then leaves a completed feature
     * with no figure unevaluated, as in a game without the hook, when no
     * other hook asks about it (added in 0.16) */
    bool feature_scored_occupied;
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
    /* figure fig moved from *from for this cause (after the move) */
    void (*figure_moved)(carc_game *g, int fig, const carc_fig *from, int cause);
    /* before a module moves figure m->fig with carc__figure_move_offer
     * (a dragon's step), may this module take the move over?  Asked of
     * every enabled module that has the hook, in registry order, until one
     * answers other than CARC_MOVE_PROCEED; nothing has moved yet.
     * Answering PROCEED it changes nothing.  To take the move
     * (CARC_MOVE_TAKEN, CARC_MOVE_REPLACED) it either finishes the work at
     * once (carc__figure_move, m->fig included) or keeps what it needs in
     * its own state and queues decisions with carc__decision_push -- taken
     * after those already queued; several players decide in turn clockwise
     * starting with m->by -- and finishes the work in its own
     * decision_apply (the flee answers, then eating or not). */
    int (*intercept_move)(carc_game *g, const carc_move *m);
    /* two features became one (root survives); called during the union:
     * the root's open-edge count does not yet include this placement */
    void (*features_merged)(carc_game *g, int root, int absorbed);

    /* ---- presentation: what hosts and pictures read */
    /* (owner) tokens: the carc_token_kind values it owns (bit per kind;
     * two enabled modules may not own one kind) and how many of kind
     * `kind` player holds (>= 0), for carc_game_tokens(); player is -1 for
     * the tokens of the kind that belong to no player (0 if none) */
    uint32_t token_kinds;
    int (*tokens)(const carc_game *g, int player, int kind);
    /* (event) the role of figure fig as a short static word ("castle",
     * "acrobat") or NULL, for carc_game_figure_role and the pictures; asked
     * of every enabled module in registry order, the first word wins (a
     * core follower may have a role a module's state gives it) */
    const char *(*figure_role)(const carc_game *g, int fig);
    /* (owner) the feature decision p is about (a castle decision: its
     * city), for carc_game_decision_feature: true with the placed tile in
     * *tile and the segment index in *seg (the segment index of that tile's
     * type, as carc_action.segment; a road laid over it: the type's segment
     * count); false when the decision is about no feature.  Read-only;
     * asked only of the module that owns the pending decision. */
    bool (*decision_feature)(const carc_game *g, const carc_pending *p, int *tile, int *seg);
    /* (event) tiles out of the draw pile that are known to everyone and
     * not yet laid, for carc_game_held_tiles and the pictures: player >= 0,
     * the tile types that player holds to play on a later turn (the
     * bazaar's); player -1, the tiles lying face up that nobody owns yet
     * (the bazaar's auction row).  Writes at most cap types (types may be
     * NULL when cap is 0) in the module's order and returns how many it
     * has (>= 0, also when more than cap).  A tile that became the tile in
     * hand (carc__tile_in_hand_set, carc__turn_start) is no longer held. */
    int (*held_tiles)(const carc_game *g, int player, int32_t *types, size_t cap);
    /* (event) figure geometry: where figure fig, which is on the board,
     * stands on its tile, for a figure the core's rule places wrongly (a
     * barn on a tile corner, an acrobat on the shoulders of two).  Asked of
     * every enabled module in registry order before the core's rule; on
     * entry *spot holds the spot of the figure's segment or tile (of its
     * host, for an attached figure) with level 0 and the core's flags.  A
     * module that places the figure writes *spot and returns true (the
     * first true wins, and the core neither stacks nor offsets it); false:
     * the core's rule (doc/geometry.md).  Read-only; may call
     * carc__figure_spot for other figures, never for fig itself. */
    bool (*figure_spot)(const carc_game *g, int fig, carc_spot *spot);
    /* (event) what it built on placed tile `tile` (a tower), for
     * carc_game_structure: fills *out (kind, height, top; *out arrives
     * zeroed with top -1) and returns true; false: nothing of its own
     * there.  Asked of every enabled module in registry order, the first
     * true wins.  Read-only. */
    bool (*tile_structure)(const carc_game *g, int tile, carc_structure *out);
    /* explaining refusals (doc/modules.md, "Explaining refusals"):
     * carc_game_explain asks a module about a refused action it may be the
     * cause of: an action of its own kinds (owner), a core action at one of
     * its decisions (owner), or a core action that one of its vetoes refused
     * (event: may_place_tile, may_deploy, drawable, and deploy_allowed of
     * its figure kinds).  A module that refuses it fills out->reason (its
     * own CARC_MODULE_KIND(id, k), or a core CARC_REASON_*), out->message
     * (for a person: what is wrong and what to do) and, where they apply,
     * out->side / out->player, and returns true; false: not its refusal.
     * Read-only: the game is const. */
    bool (*explain)(const carc_game *g, const carc_action *a, carc_explanation *out);
    /* (owner) the words for the place `arg` where this module holds figures
     * off the board (CARC_PLACE_HELD with holder this module: a City
     * quarter's name, "market"), a short static string, or NULL (the
     * pictures then show the number).  For the pictures only; read-only. */
    const char *(*held_place)(const carc_game *g, int arg);
    /* (owner) why the words of a structured outcome of decision p are
     * refused, once its outcome_from_payload refused them (a host's
     * carc_game_apply_outcome, a record's `outcome` line): fills
     * out->reason (its own CARC_MODULE_KIND(id, k) or a core
     * CARC_REASON_*) and out->message (which word is wrong, what it should
     * be) and returns true; false: the core's generic message.  Read-only.
     * Added for the Catapult (0.7.0). */
    bool (*outcome_explain)(const carc_game *g, const carc_pending *p, const uint16_t *words,
                            int n, carc_explanation *out);

    /* ---- figures held off the board that dexterity rules may reach
     * (doc/modules.md "Held figures with a place on the board"; added for
     * the Catapult's seduction and knock-out of City-quarter followers,
     * 0.8.0).  Asked only of the module that holds the figure
     * (CARC_PLACE_HELD, holder this module), through carc__figure_held_spot
     * and carc__figure_held_legal; a module that does not define them holds
     * its figures out of every such rule (a prisoner, the dungeon). */
    /* (holder) where held figure fig lies on the board for a rule that
     * measures (a City quarter drawn on its tile): the placed tile in
     * *tile, the spot in *spot (as carc__figure_spot: half millimetres from
     * the tile's north-west corner, board orientation; level and flags);
     * false when that figure has no such place (the Count itself: out of
     * play).  The spot must be a pure function of the state.  Read-only. */
    bool (*held_spot)(const carc_game *g, int fig, int *tile, carc_spot *spot);
    /* (holder) may figure fig (a follower of any player, in supply or on
     * the board) be held by this module at place `arg` (a quarter) for this
     * cause (CARC_CAUSE_SEDUCTION: swapped in for a figure held there, which
     * goes home first)?  The holder's own rule of who may stand there (the
     * Count's: the follower kinds that may enter a quarter).  The caller
     * then moves it with carc__figure_move(CARC_PLACE_HELD, arg, holder).
     * Read-only. */
    bool (*held_accepts)(const carc_game *g, int fig, int arg, int cause);

    /* (snapshots, doc/serialization.md) is this module's state, restored
     * from a snapshot's bytes, safe to play on: every index, count and
     * link the module later follows (figure indices, placed tiles,
     * segments, array counts against their capacity, players) in range,
     * and the arg / target of each of ITS decisions among queue[0..n)
     * (owner == this module) what its hooks accept.  The core has checked
     * its own state first (tiles, segments, figures, the queue's kinds,
     * players and owners), so core services that read them may be used.
     * Read-only; true: safe.  A module with a state (state_size) or
     * decisions of its own and no state_check makes carc_game_deserialize
     * replay a snapshot's history instead of copying its state.  Added in
     * 0.8.0. */
    bool (*state_check)(const carc_game *g, const carc_pending *queue, int n);

    /* ---- rules added after the module shipped, whose default changes
     * its play: the value of each that plays as the module did before it
     * existed, NULL-name-ended (NULL: none).  A game serialized by a library
     * that did not know the rule holds 0 in its slot (no rule takes 0) and
     * is read with this value, so it replays as it was played
     * (doc/serialization.md "Rules added later").  Added in 0.8.0. */
    const carc_rule_legacy *rule_legacy;
} carc_module_def;

/* --------------------------------------------------------- core services */

/* Services by area, one prefix each: carc__turn_*, carc__pile_*, carc__tile_*,
 * carc__segment_*, carc__root_*, carc__figure_*, carc__score*, carc__decision_*
 * (the game's own accessors keep their short names).  A service whose
 * argument is a precondition checks it with CARC_MOD_CHECK in checked builds
 * (doc/modules.md "Checked builds"). */

/* ---- the game: players, turn counters, rule values, a module's own state, the RNG */
/* The first members of every game (struct carc_game in lib/core/state.h
 * keeps them there and checks these offsets), read by the inline services
 * just below: the most asked ones, inline across the module boundary.  Read
 * bytewise (memcpy), so no aliasing assumption about the game's type. */
#define CARC__HEAD_PLAYER 4
#define CARC__HEAD_NPLAYERS 8
#define CARC__HEAD_MODOFF 12
#define CARC__HEAD_NTILES (CARC__HEAD_MODOFF + 4 * CARC_MODULE_SLOTS)
#define CARC__HEAD_LAST_TILE (CARC__HEAD_NTILES + 4)
#define CARC__HEAD_TILES_OFF (CARC__HEAD_LAST_TILE + 4)
#define CARC__HEAD_SEGS_OFF (CARC__HEAD_TILES_OFF + 4)
#define CARC__HEAD_REMAIN_OFF (CARC__HEAD_SEGS_OFF + 4)
/* the board window (int16 gx0, gy0; uint16 gw, gh) and its grid's offset:
 * int16 cells, row-major, a placed tile's order or negative */
#define CARC__HEAD_GRID_OFF (CARC__HEAD_REMAIN_OFF + 4)
#define CARC__HEAD_GX0 (CARC__HEAD_GRID_OFF + 4)
#define CARC__HEAD_GY0 (CARC__HEAD_GX0 + 2)
#define CARC__HEAD_GW (CARC__HEAD_GY0 + 2)
#define CARC__HEAD_GH (CARC__HEAD_GW + 2)
/* the figures' offset and count (uint32 each): carc__figure_count and
 * carc__figure_get read them */
#define CARC__HEAD_FIGS_OFF (CARC__HEAD_GH + 2)
#define CARC__HEAD_NFIGS (CARC__HEAD_FIGS_OFF + 4)
/* a figure's record (struct figure in lib/core/state.h): its size, and
 * where its `where` byte lies; its first six bytes are carc_fig's first
 * six, its last four carc_fig's last four (lib/core/figures.c checks) */
#define CARC__FIG_BYTES 12
#define CARC__FIG_OWNER 1          /* int8: a player, or -1 */
#define CARC__FIG_WHERE 2
#define CARC__FIG_TILE 4          /* uint16 */
#define CARC__FIG_SEG 6           /* uint16: the placed segment (CARC_PLACE_SEGMENT) */
#define CARC__FIG_ARG 8           /* uint16: CARC_PLACE_ATTACHED, its host */
/* a placed tile's record: its size, and where x, y (int16), type (uint16)
 * and rot (uint8) lie in it */
#define CARC__TILE_BYTES 16
#define CARC__TILE_X 0
#define CARC__TILE_Y 2
#define CARC__TILE_TYPE 4
#define CARC__TILE_ROT 6
#define CARC__TILE_SEG0 8
#define CARC__TILE_OVERLAY 12     /* uint16: the road laid over it, or CARC__NO_OVERLAY */
#define CARC__NO_OVERLAY 0xFFFF
#define CARC__TILE_OVERLAY_SIDES 14
#define CARC__TILE_NFIG 15        /* uint8: carc__tile_figure_count */
#define CARC__TILE_NB8 7          /* uint8: carc__tile_neighbours */
/* a placed segment's record: its size, and where its parent (uint16: the
 * union-find link, itself at a feature's root) lies in it */
#define CARC__SEG_BYTES 16
#define CARC__SEG_PARENT 0
#define CARC__SEG_OPEN 10   /* uint16, on a root: carc__root_open */
#define CARC__SEG_OWNERS 15 /* uint8, on a root: carc__root_owners */
#define CARC__SEG_FIGS 13   /* uint8, on a root: carc__root_followers */
static inline int32_t carc__head_word(const carc_game *g, size_t off)
{
    int32_t v;
    memcpy(&v, (const char *)g + off, sizeof v);
    return v;
}
static inline int carc__players(const carc_game *g) { return carc__head_word(g, CARC__HEAD_NPLAYERS); }
/* whose turn it is */
static inline int carc__current(const carc_game *g) { return carc__head_word(g, CARC__HEAD_PLAYER); }
int carc__turn(const carc_game *g);
int carc__turn_part(const carc_game *g);    /* 0, or 1 in an extra part      */
int carc__rule(const carc_game *g, int slot);  /* a rule option's value */
bool carc__module_enabled(const carc_game *g, int module);
/* a module's own state (NULL: no such module, or it has none) */
static inline const void *carc__mod_cstate(const carc_game *g, int module)
{
    if (module < 0 || module >= CARC_MODULE_SLOTS) return NULL;
    uint32_t off = (uint32_t)carc__head_word(g, CARC__HEAD_MODOFF + 4 * (size_t)module);
    return off ? (const char *)g + off : NULL;
}
static inline void *carc__mod_state(carc_game *g, int module)
{
    return (void *)(uintptr_t)carc__mod_cstate(g, module);
}
uint32_t carc__random_below(carc_game *g, uint32_t n);
/* the sum of `count` draws of carc__random_below(g, n) (n >= 1, count >=
 * 0), drawn in order: the same numbers and the same generator state after
 * it as `count` calls, in one call (the catapult's deviates).  Since 0.11. */
uint64_t carc__random_sum_below(carc_game *g, uint32_t n, int count);

/* ---- the turn: extra parts, turns outside the turn order, the tile in hand */
/* ask for an extra part of the turn after this one (builder) */
void carc__turn_extra_part(carc_game *g);
/* in the DRAW step, before the core draws: the tile the player plays
 * instead of drawing (an abbey); the core then draws nothing */
int carc__tile_in_hand_set(carc_game *g, int type);
/* the tile type in hand this part (set by the draw, carc__tile_in_hand_set
 * or carc__turn_start), or -1: an alternative to drawing offers itself
 * only while it is -1 (another module may have dealt a tile already) */
int carc__tile_in_hand(const carc_game *g);
/* from an END_PHASE hook (which then returns CARC_HOOK_JUMP): `player`
 * plays a turn with tile `type` now, outside the turn order (abbeys after
 * the last tile); the pipeline comes back to the same hook afterwards, with
 * the module's cursor telling it where it was.  CARC_E_STATE elsewhere. */
int carc__turn_start(carc_game *g, int player, int type);

/* ---- the draw pile */
int carc__pile_left(const carc_game *g);
/* copies of tile type `type` still in the draw pile (0 for a bad type) */
static inline int carc__pile_left_of(const carc_game *g, int type)
{
    if (type < 0 || type >= carc__ntypes) return 0;
    return (uint8_t)((const char *)g + (uint32_t)carc__head_word(g, CARC__HEAD_REMAIN_OFF))[type];
}
/* the draw pile's counts in one row: carc__pile_left_of(g, t) is
 * carc__pile_counts(g)[t] for every type 0 <= t < carc__ntypes (a module
 * walking the whole pile reads them so, eight at a time where they are 0) */
static inline const uint8_t *carc__pile_counts(const carc_game *g)
{
    return (const uint8_t *)g + (uint32_t)carc__head_word(g, CARC__HEAD_REMAIN_OFF);
}
/* take one copy of `type` out of the draw pile, face up, for the module to
 * deal (the bazaar's auctioned tiles; then carc__tile_in_hand_set);
 * CARC_E_STATE when none is left.  Only from a decision_apply (a chance
 * decision whose outcomes are the pile's counts). */
int carc__pile_take(carc_game *g, int type);
/* a tile the module dealt (a held tile) that fits nowhere when it is to be
 * played leaves the game: counted with the tiles set aside, so that
 * carc_game_set_aside lists it (base.md §3, as a drawn tile) */
void carc__pile_set_aside(carc_game *g, int type);
/* a tile a module set aside at the draw (draw_aside) goes back into the
 * draw pile: one copy of `type`, drawable again at the next draw.  Only
 * from a step hook or the module's own decision_apply.  CARC_E_INVALID for
 * a bad type or a pile already holding 255 copies of it. */
int carc__pile_put_back(carc_game *g, int type);
/* module `module`'s drawable hook agrees to every tile type from now to
 * the end of the game (the dragon has come): the core stops asking it, so
 * the draw takes its fast path.  Only from the module's own step hooks,
 * decision_apply or setup; it cannot be undone. */
void carc__pile_drawable_all(carc_game *g, int module);
/* module `module`'s draw_aside sets nothing aside from now to the end of
 * the game (the dragon has come, or a rule without it): the core stops
 * asking it.  Only from the module's own step hooks, decision_apply or
 * setup; it cannot be undone.  Added in 0.13. */
void carc__pile_aside_none(carc_game *g, int module);
/* which of module `module`'s draw hooks the core still asks: its drawable
 * (CARC_PILE_DRAWABLE: not yet carc__pile_drawable_all) and its draw_aside
 * (CARC_PILE_ASIDE: not yet carc__pile_aside_none), for its state_check.
 * Added in 0.13. */
#define CARC_PILE_DRAWABLE 1u
#define CARC_PILE_ASIDE 2u
unsigned carc__pile_hooks(const carc_game *g, int module);
/* may a copy of tile type `type` be drawn now: copies left in the pile and
 * no enabled module's drawable veto (a dragon tile before the first
 * volcano)?  A module that deals tiles from the pile (the bazaar) deals
 * only these, so it never deals what a draw could not give. */
bool carc__pile_drawable(const carc_game *g, int type);
/* may some enabled module's drawable hook still veto a draw (before
 * carc__pile_drawable_all)?  false: carc__pile_drawable(g, type) is
 * exactly carc__pile_left_of(g, type) > 0, so a module walking the pile
 * (the bazaar's reveal) asks this once instead of a question per type */
bool carc__pile_vetoes(const carc_game *g);

/* ---- placed tiles and the board; tile data */
/* a road laid over placed tile t (a bridge) between two opposite sides
 * (bit per board side: N|S or E|W) whose edges are fields: it joins the
 * roads it meets there, leaves the fields whole, and the empty cells beside
 * it then demand a road.  Its segment is the tile's segment number
 * carc__types[type].nseg.  carc__tile_overlay_ok says whether it is legal. */
bool carc__tile_overlay_ok(const carc_game *g, int t, int sides);
/* the sides of placed tile t a road laid over it could leave by: a field
 * edge facing an empty cell, a road or a wildcard edge; 0 when t has a
 * road over it already or the game has no room for one.  A road between
 * sides N|S (E|W) is legal exactly when both are among them
 * (carc__tile_overlay_ok), so one call answers both ways. */
int carc__tile_overlay_ends(const carc_game *g, int t);
int carc__tile_overlay_road(carc_game *g, int t, int sides);
/* segments the game may still add (the tiles' and the roads laid over
 * them): a tile of type t and a road over it fit while this exceeds
 * carc__types[t].nseg (a place_repair hook's capacity test) */
int carc__segments_room(const carc_game *g);
/* did placed tile t meet its cell's demand when it was laid (the tile
 * table's fit: every edge matched, so no road of it met a field -- no
 * place_repair allowed it)?  false for a start tile or a bad t.  A
 * module's follow-up of a repair (Bridges: the bridge due after it) asks
 * this before looking for the mismatch on the board: true means there is
 * none (lib/core/check.c holds a snapshot's last tile to it).  Since 0.14
 * (s13). */
bool carc__tile_fitted(const carc_game *g, int t);
/* can tile type be laid anywhere now (edges and vetoes)? */
bool carc__tile_can_place(const carc_game *g, int type);
/* can tile type be laid into cell (x, y) now, in some rotation (edges,
 * repairs and vetoes, as carc__tile_can_place asks of each open cell)?
 * false when (x, y) is no open cell.  carc__tile_can_place is true when
 * this is for some cell: a module that knows a likely cell asks it first
 * (the abbey: a hole it keeps) and the walk only when it says no.
 * Read-only.  Since 0.11 (s10). */
bool carc__tile_can_place_at(const carc_game *g, int type, int x, int y);
/* inline, from the game's head (CARC__HEAD_*) and the placed tiles'
 * records (CARC__TILE_*: struct ptile in lib/core/state.h, checked there) */
static inline int carc__tile_count(const carc_game *g)
{
    return carc__head_word(g, CARC__HEAD_NTILES);
}
/* placed this part, or -1 */
static inline int carc__tile_last(const carc_game *g)
{
    return carc__head_word(g, CARC__HEAD_LAST_TILE);
}
/* the record of placed tile t, or NULL */
static inline const char *carc__tile_rec(const carc_game *g, int t)
{
    if (t < 0 || t >= carc__tile_count(g)) return NULL;
    return (const char *)g + (uint32_t)carc__head_word(g, CARC__HEAD_TILES_OFF) +
           (size_t)t * CARC__TILE_BYTES;
}
/* -1, out of line: the answer for a bad tile (so a caller indexing a
 * table with the inline answers below is not warned about -1) */
int carc__tile_none(void);
static inline int carc__tile_type(const carc_game *g, int tile)
{
    const char *r = carc__tile_rec(g, tile);
    uint16_t v;
    if (!r) return carc__tile_none();
    memcpy(&v, r + CARC__TILE_TYPE, sizeof v);
    return v;
}
static inline int carc__tile_rot(const carc_game *g, int tile)
{
    const char *r = carc__tile_rec(g, tile);
    return r ? (uint8_t)r[CARC__TILE_ROT] : carc__tile_none();
}
static inline void carc__tile_xy(const carc_game *g, int tile, int *x, int *y)
{
    const char *r = carc__tile_rec(g, tile);
    int16_t v[2] = {0, 0};
    if (r) {
        memcpy(&v[0], r + CARC__TILE_X, sizeof v[0]);
        memcpy(&v[1], r + CARC__TILE_Y, sizeof v[1]);
    }
    *x = v[0];
    *y = v[1];
}
/* The board window read once, for a walk of several cells: carc__grid_at(&v,
 * x, y) is carc__tile_at(g, x, y) for every cell while v = carc__grid(g) is
 * current -- until the next tile is placed or laid over (the window may move
 * then) and only while g is the game it was read from (a clone has its own).
 * A module reading many neighbours (the abbey's holes, a barn's corner)
 * saves the head's five reads per cell. */
typedef struct carc_grid {
    const char *cells; /* int16 cells, row-major */
    int32_t x0, y0;
    uint32_t w, h;
} carc_grid;
static inline carc_grid carc__grid(const carc_game *g)
{
    int16_t x0, y0;
    uint16_t w, h;
    memcpy(&x0, (const char *)g + CARC__HEAD_GX0, sizeof x0);
    memcpy(&y0, (const char *)g + CARC__HEAD_GY0, sizeof y0);
    memcpy(&w, (const char *)g + CARC__HEAD_GW, sizeof w);
    memcpy(&h, (const char *)g + CARC__HEAD_GH, sizeof h);
    carc_grid v = {(const char *)g + (uint32_t)carc__head_word(g, CARC__HEAD_GRID_OFF), x0, y0,
                   w, h};
    return v;
}
static inline int carc__grid_at(const carc_grid *v, int x, int y)
{
    uint32_t ux = (uint32_t)x - (uint32_t)v->x0, uy = (uint32_t)y - (uint32_t)v->y0;
    if (ux >= v->w || uy >= v->h) return -1;
    int16_t c;
    memcpy(&c, v->cells + ((size_t)uy * v->w + ux) * sizeof c, sizeof c);
    return c >= 0 ? c : -1;
}
/* placed order of the tile at cell (x, y), or -1 (inline: the board
 * window of the head, then its grid) */
static inline int carc__tile_at(const carc_game *g, int x, int y)
{
    const carc_grid v = carc__grid(g);
    return carc__grid_at(&v, x, y);
}
/* the edge kind placed tile t shows on board side `side` (0..3 N E S W),
 * a road laid over it included: EK_FIELD, EK_ROAD, EK_CITY, EK_NONE (a
 * wildcard edge), or -1 for a bad tile or side */
static inline int carc__tile_edge(const carc_game *g, int t, int side)
{
    const char *r = carc__tile_rec(g, t);
    if (!r || side < 0 || side > 3) return carc__tile_none();
    if (((uint8_t)r[CARC__TILE_OVERLAY_SIDES] >> side) & 1) return EK_ROAD;
    uint16_t type;
    memcpy(&type, r + CARC__TILE_TYPE, sizeof type);
    return (carc__types[type].code[(uint8_t)r[CARC__TILE_ROT]] >> (2 * side)) & 3;
}
int carc__tile_neighbours(const carc_game *g, int tile); /* of 8, placed    */
/* The bit of a tile tag (CARC_TTAG_*) or segment tag (CARC_STAG_*) by its
 * name in the tiles.def files ("abbey", "inn"), or 0 if no tile set of the
 * build declares it.  The bits depend on the catalogue the library is
 * built with (a test build with other tile sets numbers them otherwise):
 * a module looks its tags up here once, in setup or state_size, and keeps
 * the bits in its state; not for a per-candidate path. */
uint32_t carc__tile_tag_bit(const char *name);
/* figures on placed tile t (any place with that tile), count; ids in out */
int carc__tile_figures(const carc_game *g, int tile, int *out, int cap);
/* How many figures stand on placed tile `tile` (CARC_PLACE_SEGMENT or
 * CARC_PLACE_TILE there, any owner, neutral ones included), 0 for a bad
 * tile: a count the figure services keep in the tile's record, read in
 * place.  Figures attached to them are not counted, but every attached
 * figure's chain ends on a figure standing somewhere, so 0 means that
 * carc__tile_figures(tile) lists none (a module asks this before a pass
 * over the figures for one tile).  Read-only; any time.  Since 0.11. */
static inline int carc__tile_figure_count(const carc_game *g, int tile)
{
    const char *r = carc__tile_rec(g, tile);
    return r ? (uint8_t)r[CARC__TILE_NFIG] : 0;
}
/* carc__tile_neighbours(g, tile) inline: placed tiles among the 8 cells
 * around placed tile `tile` (0 for a bad tile), kept in its record by the
 * placements.  Read-only; any time.  Since 0.11 (s10). */
static inline int carc__tile_neighbours_in(const carc_game *g, int tile)
{
    const char *r = carc__tile_rec(g, tile);
    return r ? (uint8_t)r[CARC__TILE_NB8] : 0;
}

/* ---- segments of placed tiles; their notation */
/* the feature root of segment seg of placed tile `tile` (seg == the type's
 * segment count: the road laid over it), or -1 (inline: the tile's record,
 * then the union-find links) */
static inline int carc__segment_root(const carc_game *g, int tile, int seg)
{
    const char *r = carc__tile_rec(g, tile);
    if (!r) return carc__tile_none();
    uint16_t type, seg0, over, parent;
    memcpy(&type, r + CARC__TILE_TYPE, sizeof type);
    memcpy(&seg0, r + CARC__TILE_SEG0, sizeof seg0);
    memcpy(&over, r + CARC__TILE_OVERLAY, sizeof over);
    int n = carc__types[type].nseg, i;
    if (seg >= 0 && seg < n) i = seg0 + seg;
    else if (seg == n && over != 0xFFFF) i = over;
    else return carc__tile_none();
    const char *S = (const char *)g + (uint32_t)carc__head_word(g, CARC__HEAD_SEGS_OFF);
    for (;;) {
        memcpy(&parent, S + (size_t)i * CARC__SEG_BYTES + CARC__SEG_PARENT, sizeof parent);
        if (parent == i) return i;
        i = parent;
    }
}
uint32_t carc__segment_tag_bit(const char *name);
/* would the enabled modules' may_deploy vetoes let `player`'s figure of
 * `kind` onto segment seg of placed tile `tile` for `cause`?  Only the
 * vetoes: carc__figure_deploy_legal is the whole rule */
bool carc__segment_may_deploy(const carc_game *g, int player, int kind, int tile, int seg, int cause);
/* the default rule for a follower at the turn's own deployment: a
 * claimable feature nobody holds, not completed (a road or city the tile
 * just laid closes is flagged complete only when scoring collects it) */
bool carc__segment_claimable(const carc_game *g, int tile, int seg);
/* Segment names of the notation (doc/notation.md): segment seg of placed
 * tile `tile` as the core writes it after a deployment's figure -- the
 * feature and its first side after rotation ("road N", "city E"), a field
 * by its first half-edge ("field Nw"), the feature alone when it is the
 * only one of its kind without a side ("monastery"), else "segment K" (also
 * for a road laid over the tile).  Appends to o; the caller checks that
 * tile and seg exist. */
void carc__segment_label(const carc_game *g, int tile, int seg, outbuf *o);
/* The segment of placed tile `tile` that ntok (1 or 2) words name, as
 * carc__segment_label writes them ("segment K" up to the tile's segments
 * and a road laid over it).  CARC_OK with *seg; CARC_E_PARSE otherwise,
 * and then, when why is not NULL, a message for a person in why and in *at
 * the index of the word at fault (at may be NULL). */
int carc__segment_parse(const carc_game *g, int tile, char *const *tok, int ntok, int *seg,
                        int *at, outbuf *why);

/* ---- features, by their root segment (carc__segment_root): facts, completion, scoring */
/* Is root a feature's root now (a segment in use that is its own parent)?
 * Any int; read-only.  For state_check hooks: a stored root may be
 * checked before the root services (which require one) are asked.
 * Added in 0.8.0. */
bool carc__root_valid(const carc_game *g, int root);
int carc__root_kind(const carc_game *g, int root);
bool carc__root_complete(const carc_game *g, int root);
int carc__root_followers(const carc_game *g, int root); /* claiming figures */
/* a feature's open edges (carc__root_eval's feat_eval.open, without the
 * walk): 0 for a road or city nothing can extend.  Added in 0.9. */
int carc__root_open(const carc_game *g, int root);
/* a feature's pennants, its tiles (each counted once: one walk of its
 * members) and the segment tags of its members OR-ed (CARC_STAG_* bits;
 * one walk): what a feature_points hook needs (inns, cathedrals) */
int carc__root_pennants(const carc_game *g, int root);
int carc__root_tiles(const carc_game *g, int root);
uint32_t carc__root_tags(const carc_game *g, int root);
/* The members of feature root: the (placed tile, segment index) of each,
 * in the order of its member list, root first; at most cap written (tiles
 * or segs may be NULL to skip one), and the member count returned, also
 * when it exceeds cap.  The segment index is the one carc_fig.segment and
 * carc__segment_root use (a road laid over a tile: the type's segment count).
 * Any time; root must be a feature root (carc__segment_root). */
int carc__root_members(const carc_game *g, int root, int16_t *tiles, uint8_t *segs, int cap);
/* Does `player` (0..players-1) have a figure of one of `classes`
 * (CARC_CLASS_* bits) on a segment of feature root?  The follower class is
 * answered from the feature's owners, kept as figures move (constant
 * time); other classes walk the figures.  Any time; root must be a feature
 * root.  ("Has its owner a follower in the builder's feature?") */
bool carc__root_has_follower(const carc_game *g, int root, int player, unsigned classes);
/* inline, for a rule asked about every segment of a tile (Traders &
 * Builders' builder and pig): the players with a claiming (follower-class)
 * figure on feature root, a bit each (bit p set exactly when
 * carc__root_has_follower(g, root, p, CARC_CLASS_FOLLOWER)); and its open
 * edges (carc__root_open's answer).  root must be a feature root
 * (carc__segment_root). */
static inline unsigned carc__root_owners(const carc_game *g, int root)
{
    const char *S = (const char *)g + (uint32_t)carc__head_word(g, CARC__HEAD_SEGS_OFF);
    return (uint8_t)S[(size_t)root * CARC__SEG_BYTES + CARC__SEG_OWNERS];
}
/* carc__root_followers inline: the claiming (follower-class) figures on
 * feature root `root` (a root, as above).  Since 0.11 (s10). */
static inline int carc__root_followers_in(const carc_game *g, int root)
{
    const char *S = (const char *)g + (uint32_t)carc__head_word(g, CARC__HEAD_SEGS_OFF);
    return (uint8_t)S[(size_t)root * CARC__SEG_BYTES + CARC__SEG_FIGS];
}
static inline int carc__root_open_edges(const carc_game *g, int root)
{
    const char *S = (const char *)g + (uint32_t)carc__head_word(g, CARC__HEAD_SEGS_OFF);
    uint16_t open;
    memcpy(&open, S + (size_t)root * CARC__SEG_BYTES + CARC__SEG_OPEN, sizeof open);
    return open;
}
/* Of the segments in `segs` (bit s: segment s of placed tile `tile`, as
 * carc__segment_root numbers them: s equal to the type's segment count is
 * the road laid over the tile), those whose feature has `player` among its
 * owners (carc__root_owners) and, when `open`, open edges left
 * (carc__root_open_edges > 0); bits of no segment are dropped.  The same
 * answers as asking segment by segment, the tile's record and the segments'
 * offset read once: a rule asked about several segments of the tile just
 * laid (Traders & Builders' builder and pig).  Inline, read-only; 0 for a
 * bad tile.  Since 0.11. */
static inline uint32_t carc__segs_owned(const carc_game *g, int tile, uint32_t segs, int player,
                                        bool open)
{
    const char *r = carc__tile_rec(g, tile);
    if (!r || (unsigned)player >= 8u) return 0;
    uint16_t type, seg0, over, parent;
    memcpy(&type, r + CARC__TILE_TYPE, sizeof type);
    memcpy(&seg0, r + CARC__TILE_SEG0, sizeof seg0);
    memcpy(&over, r + CARC__TILE_OVERLAY, sizeof over);
    const int n = carc__types[type].nseg;
    const char *S = (const char *)g + (uint32_t)carc__head_word(g, CARC__HEAD_SEGS_OFF);
    uint32_t m = 0;
    for (; segs; segs &= segs - 1) {
        const int s = __builtin_ctz(segs);
        int i;
        if (s < n) i = seg0 + s;
        else if (s == n && over != 0xFFFF) i = over;
        else continue;
        for (;;) {
            memcpy(&parent, S + (size_t)i * CARC__SEG_BYTES + CARC__SEG_PARENT, sizeof parent);
            if (parent == i) break;
            i = parent;
        }
        const char *rs = S + (size_t)i * CARC__SEG_BYTES;
        if (!((uint8_t)rs[CARC__SEG_OWNERS] >> player & 1u)) continue;
        if (open) {
            uint16_t e;
            memcpy(&e, rs + CARC__SEG_OPEN, sizeof e);
            if (e == 0) continue;
        }
        m |= 1u << s;
    }
    return m;
}
/* the features completed by this placement, in scoring order (valid from
 * the BEFORE_SCORING step on) */
int carc__root_completed_count(const carc_game *g);
int carc__root_completed(const carc_game *g, int i);
/* leave a completed feature unscored (castle conversion) */
void carc__root_skip_scoring(carc_game *g, int root);
/* a road or city with no open edge whose scoring by this placement has not
 * come yet (neither scored nor skipped): during the deploy decision, or a
 * decision of the SCORING step (a castle).  A projection counts it as
 * complete (doc/modules.md "Closed before scoring"). */
bool carc__root_due(const carc_game *g, int root);
void carc__root_eval(const carc_game *g, int root, int as_complete, feat_eval *out);
/* what `player`, an owner of feature root (evaluated into e), scores for
 * it: e->points after every enabled module's player_points hook -- for a
 * module that scores a feature itself (farmers scored when a barn arrives) */
int carc__root_player_points(const carc_game *g, int root, int player, const feat_eval *e);
/* the enabled modules' feature_scored hooks (a ringmaster's points) for
 * feature root, evaluated into e -- for a module that scores a feature
 * itself (farmers scored when a barn arrives): call it after the points,
 * before the figures go home, as the core does for a completed feature */
void carc__root_scored(carc_game *g, int root, const feat_eval *e);

/* ---- figures: reading, moving, deploying, geometry */
/* figures in the game (made at creation; index 0 .. count-1); inline */
static inline int carc__figure_count(const carc_game *g)
{
    return carc__head_word(g, CARC__HEAD_NFIGS);
}
/* figure fig (0 <= fig < carc__figure_count) as modules see it; inline
 * (a bad index goes out of line to carc__figure_get_checked: a checked
 * build aborts there, another answers a figure of no kind, owner 0,
 * nowhere, on tile -1) */
__attribute__((cold)) void carc__figure_get_checked(const carc_game *g, int fig, carc_fig *out);
static inline void carc__figure_get(const carc_game *g, int fig, carc_fig *out)
{
    if (__builtin_expect((unsigned)fig >= (unsigned)carc__figure_count(g), 0)) {
        carc__figure_get_checked(g, fig, out);
        return;
    }
    const char *f = (const char *)g + (uint32_t)carc__head_word(g, CARC__HEAD_FIGS_OFF) +
                    (size_t)fig * CARC__FIG_BYTES;
    memcpy(out, f, 6);
    const uint8_t w = (uint8_t)f[CARC__FIG_WHERE];
    if (w != CARC_PLACE_SEGMENT && w != CARC_PLACE_TILE) out->tile = -1;
    memcpy((char *)out + 6, f + 8, 4);
}
int carc__figure_add(carc_game *g, int kind, int owner); /* into supply       */
int carc__figure_move(carc_game *g, int fig, int where, int tile, int seg, int arg,
                      int holder, int cause);
/* a move other modules may take over (a dragon's step; doc/modules.md
 * "Taking over another module's move"): from a step hook or the mover's
 * own decision_apply, for a move the mover has checked is legal.  Checks
 * the arguments as carc__figure_move does (CARC_E_INVALID, nothing asked,
 * nothing moved; by must be -1 or a player), then asks the enabled modules'
 * intercept_move hooks in registry order: when none takes it, makes the
 * move with carc__figure_move and returns CARC_MOVE_PROCEED; else returns
 * the taker's CARC_MOVE_TAKEN or CARC_MOVE_REPLACED without moving (the
 * taker may have queued decisions).  CARC_E_STATE when a hook answers
 * something else.  Costs nothing to carc__figure_move's callers. */
int carc__figure_move_offer(carc_game *g, const carc_move *m);
/* carc__figure_move_offer for a mover whose own figure_moved hook has
 * nothing to do for this move (self: the mover's module id; Princess &
 * Dragon's dragon, none of the figures its hook follows): the same answer,
 * the same state and the same figure_moved events for every other module;
 * self's hook may not be called.  A move of a figure standing on a placed
 * tile (CARC_PLACE_TILE) onto another (a dragon's step) in a game where no
 * module has an intercept_move hook is made in straight line, without
 * self's hook; any other is carc__figure_move_offer's.  Since 0.14. */
int carc__figure_move_offer_quiet(carc_game *g, const carc_move *m, int self);
/* carc__figure_move_offer_quiet(g, &m, self) of the move m = {.fig = fig,
 * .where = CARC_PLACE_TILE, .tile = tile, .cause = cause, .by = by} (seg,
 * arg, holder 0): the same answer, state and events, without the mover's
 * building of m and the checks of the fields it fixes (a dragon's step,
 * each a decision).  Since 0.17. */
int carc__figure_step_quiet(carc_game *g, int fig, int tile, int cause, int by, int self);
/* carc__figure_move(g, fig, CARC_PLACE_ATTACHED, -1, 0, host, 0, cause) for
 * a mover whose own figure_moved hook it spares (self: the mover's module
 * id; Princess & Dragon's fairy joining a follower, whose work bytes the
 * module writes itself after the move): the same answer, the same state
 * and the same figure_moved events for every other module; self's hook is
 * not called when a neutral figure whose kind claims nothing joins another
 * figure (in straight line), any other move is carc__figure_move's (every
 * hook told).  Since 0.15. */
int carc__figure_attach_quiet(carc_game *g, int fig, int host, int cause, int self);
/* carc__figure_move(g, fig, CARC_PLACE_SUPPLY, -1, 0, 0, 0, cause) for a
 * mover whose own figure_moved hook it may spare (self: the mover's module
 * id; Princess & Dragon sending an eaten figure home): when no module but
 * self has a figure_moved hook, the move is made in straight line, counted,
 * nobody told, and the answer is CARC_HOME_QUIET: self then writes what
 * its hook would have (right after the move, as the hook would have run);
 * otherwise it is carc__figure_move's move and answer (CARC_OK or an
 * error; every hook told, self's too).  The same state either way.
 * Since 0.18. */
enum { CARC_HOME_QUIET = 1 };
int carc__figure_home_quiet(carc_game *g, int fig, int cause, int self);
/* write the state byte of figure fig (0..255): only the module that owns
 * the figure's kind (module: its id), which exports a setter in its fact
 * header when others may change the byte (pig throwing puts the dragon to
 * sleep through one Princess & Dragon exports).  CARC_E_INVALID for a bad
 * figure or value, CARC_E_STATE when module does not own the kind; the
 * byte is unchanged then. */
int carc__figure_set_state(carc_game *g, int module, int fig, int state);
/* May figure fig (in its owner's supply, on the board, attached or held;
 * never removed) be put onto segment seg of placed tile `tile` for `cause`
 * (CARC_CAUSE_DEPLOY, CARC_CAUSE_PORTAL .. CARC_CAUSE_SEDUCTION, or a module
 * cause CARC_MODULE_KIND(m, k))?  The one deployment rule, the same the
 * core's deployment decision applies: for a follower-class kind the
 * feature must be claimable and unoccupied (the figure itself not
 * counted; CARC_DEPLOY_OCCUPIED lifts it), not completed and, except at
 * the turn's own deployment (CARC_CAUSE_DEPLOY on the tile just laid), not
 * closed ahead of its scoring either (CARC_DEPLOY_COMPLETED lifts both); a
 * kind of no follower class needs its owner's deploy_allowed; then the
 * owner's deploy_allowed and
 * every may_deploy veto, with this cause; and for a figure not in supply
 * (on the board, attached, held: one with a place of its own) every
 * may_move_figure veto, with this cause.  For a supply figure it is exactly
 * the rule of the deployment decision, which puts "a figure of that kind"
 * from supply.  false for bad arguments or the spot the figure is on.
 * Read-only; any time, for any player's figure. */
bool carc__figure_deploy_legal(const carc_game *g, int fig, int tile, int seg, int cause,
                               unsigned flags);
/* The segments s of placed tile `tile` (all of them: nseg <=
 * CARC_MAX_SEGMENTS = 32) where carc__figure_deploy_legal(g, f, tile, s,
 * cause, 0) allows a figure f of `kind` from `player`'s supply, bit s each;
 * 0 when the supply holds none of that kind, or for bad arguments.  One
 * call for a tile instead of one a segment: the core's claim mask and the
 * hooks' masks (deploy_segs, may_deploy_segs) where it can.  Read-only;
 * tests/test_action_legal.c compares it with carc__figure_deploy_legal
 * segment by segment.  Added in 0.17 (Princess & Dragon's magic portal). */
uint32_t carc__supply_deploy_segs(const carc_game *g, int player, int kind, int tile, int cause);
/* carc__supply_deploy_segs(g, player, kind, tile, cause) != 0, exactly: may
 * a figure of `kind` from `player`'s supply go anywhere on placed tile
 * `tile` for `cause` (a road laid over it included)?  The segments asked
 * until the first allowed (the claim test stops there).  Read-only;
 * tests/test_action_legal.c compares it with carc__supply_deploy_segs.
 * Added in 0.19 (the magic portal's tiles). */
bool carc__supply_deploy_any(const carc_game *g, int player, int kind, int tile, int cause);
/* Put figure fig there if carc__figure_deploy_legal allows it: one
 * carc__figure_move with that cause (supply and claim counts, figure_moved
 * events).  CARC_E_ILLEGAL, nothing changed, when it does not. */
int carc__figure_deploy(carc_game *g, int fig, int tile, int seg, int cause, unsigned flags);
/* would the enabled modules let figure fig move there for this cause? */
bool carc__figure_may_move(const carc_game *g, int fig, int where, int tile, int arg, int cause);
/* may an enabled module veto a move (has one a may_move_figure hook)?
 * false: carc__figure_may_move answers true for every move of this game,
 * so a module asking it per candidate may ask this once per listing
 * instead.  Constant for a game; any time.  Since 0.11. */
bool carc__figure_moves_vetoed(const carc_game *g);
int carc__figure_supply(const carc_game *g, int player, int kind);
/* The kinds of which `player` holds at least one figure in supply: bit k
 * set exactly when carc__figure_supply(g, player, k) > 0 (one read of the
 * supply counts' mask: ask it once before asking about several kinds, as
 * the Tower's top verbs and Princess & Dragon's portal do); 0 for a bad
 * player.  Read-only; any time.  Since 0.12. */
unsigned carc__figure_supply_kinds(const carc_game *g, int player);
int carc__figure_supply_class(const carc_game *g, int player, unsigned classes);
int carc__figure_kind_classes(const carc_game *g, int kind);
/* The figure kinds of game g with a class in `classes` (CARC_CLASS_*), bit
 * k each (carc__figure_kind_classes for every kind): the mask a module
 * keeps in its state at setup and compares in state_check (Princess &
 * Dragon's follower and eatable kinds, Pig-throwing's follower kinds).
 * Since 0.18. */
static inline uint16_t carc__figure_kinds_of_class(const carc_game *g, int classes)
{
    uint16_t m = 0;
    for (int k = 0; k < CARC_FIGURE_KINDS; k++)
        if (carc__figure_kind_classes(g, k) & classes) m |= (uint16_t)(1u << k);
    return m;
}
/* The feature kinds a figure of `kind` may claim (its carc_kind_def's
 * `features`: bit 1u << CARC_FEATURE_*), 0 when its module sets no limit
 * or no module of the game brings the kind.  Read-only; any time.  Since
 * 0.14. */
int carc__figure_kind_features(const carc_game *g, int kind);
/* figure index of one of player's kind in supply, or -1 */
int carc__figure_in_supply(const carc_game *g, int player, int kind);
/* The lowest index of a figure of `player` (-1: a neutral figure) and
 * `kind` at place `where` (CARC_PLACE_*), on placed tile `tile` (where
 * SEGMENT or TILE) or anywhere (tile -1; other places take only -1); -1 if
 * there is none.  One pass over the figures, none for an empty supply:
 * cheap enough per candidate.  Any time. */
int carc__figure_find(const carc_game *g, int player, int kind, int where, int tile);
/* the tile a figure is on, following attachments; -1 if off the board
 * (or for a bad index).  Inline: a figure on a segment or a tile answers
 * from its record; an attached one is followed out of line
 * (carc__figure_tile_chase, the whole rule for any index). */
int carc__figure_tile_chase(const carc_game *g, int fig);
static inline int carc__figure_tile(const carc_game *g, int fig)
{
    if (fig < 0 || fig >= carc__figure_count(g)) return -1;
    const char *f = (const char *)g + (uint32_t)carc__head_word(g, CARC__HEAD_FIGS_OFF) +
                    (size_t)fig * CARC__FIG_BYTES;
    const uint8_t w = (uint8_t)f[CARC__FIG_WHERE];
    if (w == CARC_PLACE_SEGMENT || w == CARC_PLACE_TILE) {
        uint16_t t;
        memcpy(&t, f + CARC__FIG_TILE, sizeof t);
        return t;
    }
    return w == CARC_PLACE_ATTACHED ? carc__figure_tile_chase(g, fig) : -1;
}
/* The feature root of the segment figure fig stands on
 * (CARC_PLACE_SEGMENT): carc__segment_root of its tile and segment; -1 for
 * a figure elsewhere (attached ones included) or a bad index.  Inline: the
 * figure's record (the placed segment it names) and the union-find links,
 * no tile record (a barn's field at every placement).  Read-only; any
 * time.  Since 0.11 (s10). */
static inline int carc__figure_root(const carc_game *g, int fig)
{
    if (fig < 0 || fig >= carc__figure_count(g)) return -1;
    const char *f = (const char *)g + (uint32_t)carc__head_word(g, CARC__HEAD_FIGS_OFF) +
                    (size_t)fig * CARC__FIG_BYTES;
    if ((uint8_t)f[CARC__FIG_WHERE] != CARC_PLACE_SEGMENT) return -1;
    uint16_t i, parent;
    memcpy(&i, f + CARC__FIG_SEG, sizeof i);
    const char *S = (const char *)g + (uint32_t)carc__head_word(g, CARC__HEAD_SEGS_OFF);
    for (;;) {
        memcpy(&parent, S + (size_t)i * CARC__SEG_BYTES + CARC__SEG_PARENT, sizeof parent);
        if (parent == i) return i;
        i = parent;
    }
}
/* The figures of set `mask` (bit i of mask[i >> 6]: figure i, i <
 * CARC_ID_FIGURE_N; bits of no figure ignored) that are on placed tile
 * `tile` as carc__figure_tile says (an attached figure followed to its
 * host's tile), ascending, into out (room for CARC_ID_FIGURE_N); how many.
 * Inline: one pass over the figure records read in place (the chase only
 * for an attached figure of the set) -- a module keeping a set of its
 * candidates (a player's followers, the eatable figures) asks this instead
 * of carc__tile_figures and its calls.  Read-only; any time.  Since 0.11. */
static inline __attribute__((always_inline)) int carc__figures_on_tile_max(
    const carc_game *g, const uint64_t mask[2], int tile, int *out, int max);
static inline int carc__figures_on_tile(const carc_game *g, const uint64_t mask[2], int tile,
                                        int *out)
{
    return carc__figures_on_tile_max(g, mask, tile, out, CARC_ID_FIGURE_N);
}
/* carc__figures_on_tile's first `max` figures (none for max <= 0), the scan
 * stopped once they are listed: a module that knows how many figures of its set
 * may be on the tile at most (how many stand there, carc__tile_figure_count,
 * when none of the set is attached) gives that bound, and the records past
 * the last one are not read.  Inline; read-only; any time.  Since 0.19. */
static inline __attribute__((always_inline)) int carc__figures_on_tile_max(
    const carc_game *g, const uint64_t mask[2], int tile, int *out, int max)
{
    const char *F = (const char *)g + (uint32_t)carc__head_word(g, CARC__HEAD_FIGS_OFF);
    unsigned nf = (unsigned)carc__figure_count(g);
    if (nf > CARC_ID_FIGURE_N) nf = CARC_ID_FIGURE_N;
    int n = 0;
    if (tile < 0 || tile > UINT16_MAX || max <= 0) return 0;
    const uint16_t want = (uint16_t)tile;
    /* from the set's first figure to its last: none outside it is listed */
    unsigned i = 0;
    if (mask[0]) i = (unsigned)__builtin_ctzll(mask[0]);
    else if (mask[1]) i = 64 + (unsigned)__builtin_ctzll(mask[1]);
    else return 0;
    const unsigned end = mask[1] ? 128 - (unsigned)__builtin_clzll(mask[1])
                                 : 64 - (unsigned)__builtin_clzll(mask[0]);
    if (nf > end) nf = end;
    for (; i < nf; i++) {
        const char *f = F + (size_t)i * CARC__FIG_BYTES;
        const uint8_t where = (uint8_t)f[CARC__FIG_WHERE];
        if (where == CARC_PLACE_SEGMENT || where == CARC_PLACE_TILE) {
            uint16_t v;
            memcpy(&v, f + CARC__FIG_TILE, sizeof v);
            if (v != want) continue;
        } else if (where != CARC_PLACE_ATTACHED || !(mask[i >> 6] >> (i & 63) & 1u) ||
                   carc__figure_tile_chase(g, (int)i) != tile) {
            continue;
        }
        if (mask[i >> 6] >> (i & 63) & 1u) {
            out[n++] = (int)i;
            if (n >= max) break;
        }
    }
    return n;
}
/* figure geometry (doc/geometry.md): where figure fig stands on the tile
 * carc__figure_tile gives -- its segment's or tile's spot, a module's
 * figure_spot, the stacking of several figures on one spot, an attached
 * figure beside its host.  Returns that tile, or CARC_E_INVALID for a bad
 * index, CARC_E_NOTFOUND for a figure off the board (supply, held,
 * removed); *out is written only on success.  Any time, read-only. */
int carc__figure_spot(const carc_game *g, int fig, carc_spot *out);
/* carc__figure_spot for figures 0..n-1 at once (n at most the figure count
 * and CARC_ID_FIGURE_N; the count done is returned): tiles[i] is its
 * answer for figure i (CARC_E_NOTFOUND off the board) and spots[i] its
 * spot when tiles[i] >= 0 -- the same spots, the rows of figures sharing a
 * spot built once instead of once per figure (a walk over every figure's
 * place: the catapult).  Any time, read-only.  Since 0.11. */
int carc__figure_spots(const carc_game *g, int n, int16_t *tiles, carc_spot *spots);
/* Where figure fig, held off the board (CARC_PLACE_HELD), lies on the board
 * for a rule that measures (a follower in a City quarter, on the quarter's
 * tile): its holder's held_spot hook.  Returns the placed tile and writes
 * *out like carc__figure_spot; CARC_E_INVALID for a bad index,
 * CARC_E_NOTFOUND for a figure not held, or one its holder (not enabled, no
 * hook, or answering false) gives no place.  A figure on the board is
 * carc__figure_spot's.  Any time, read-only. */
int carc__figure_held_spot(const carc_game *g, int fig, carc_spot *out);
/* May figure fig be held by module `holder` at place `arg` for this cause
 * (a seduction swapping it in for a figure held there)?  The holder's
 * held_accepts hook (false when the holder is not enabled or has none),
 * then every may_move_figure veto for (CARC_PLACE_HELD, tile -1, arg,
 * cause).  false for bad arguments or a removed figure.  Any time,
 * read-only; the move itself is carc__figure_move(fig, CARC_PLACE_HELD,
 * -1, -1, arg, holder, cause). */
bool carc__figure_held_legal(const carc_game *g, int fig, int holder, int arg, int cause);
/* the measured size of a figure of `kind`, in hundredths of a millimetre:
 * w along x, d along y, h upwards, for a figure standing (facing south) or,
 * with CARC_FIGPOS_LYING in flags, lying (its height along y); the
 * returned flags add CARC_FIGPOS_UNMEASURED when the kind was never
 * measured (then the normal meeple's size).  Any kind 0..15. */
typedef struct carc_footprint {
    uint16_t w, d, h;
} carc_footprint;
int carc__figure_footprint(int kind, int flags, carc_footprint *out);

/* ---- scores */
/* add points to a player and log them: reason, feature kind, tile and segment
 * (tile -1: an event with no tile) */
int carc__score_add(carc_game *g, int player, int points, int reason, int feature, int tile,
                    int seg);
int carc__score(const carc_game *g, int player);

/* ---- decisions (the queue services are with carc_pending above) */
/* The pending decision (the front of the queue), or NULL when the game is
 * over.  Read-only; for a module's text parsing, ids, vetoes and
 * explanations, which the core calls at that decision.  Valid until the
 * next change of the game. */
const carc_pending *carc__decision_pending(const carc_game *g);

/* ---- text */
/* text: a whole decimal string in [lo, hi] */
bool carc__parse_int(const char *s, long lo, long hi, int *out);

#endif
