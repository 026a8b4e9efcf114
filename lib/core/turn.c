/* The turn engine: the pipeline of steps, the decision queue, legal actions
 * and applying them.
 *
 * A turn is a pipeline of named steps (carc_step, lib/module.h); each step
 * runs its hooks in their declared order.  Every decision -- the core's
 * DRAW (chance), PLACE and DEPLOY as much as a module's -- is an entry of
 * one queue; the engine runs the next hook only when the queue is empty
 * (carc__advance), so any step can pause for decisions of any player or of
 * chance and resume where it stopped.  doc/modules.md has the picture. */
#include "core/state.h"

#include <stdatomic.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* ------------------------------------------------------- the core's steps */

static int core_draw(carc_game *g);
static int core_place(carc_game *g);
static int core_deploy(carc_game *g);
static int core_collect(carc_game *g);
static int core_score(carc_game *g);
static int core_final(carc_game *g);

/* keep the order: carc__advance calls them by index */
static const carc_step_hook core_hooks[] = {
    {CARC_STEP_DRAW, 0, core_draw},
    {CARC_STEP_PLACE, 0, core_place},
    {CARC_STEP_DEPLOY, 0, core_deploy},
    {CARC_STEP_BEFORE_SCORING, -100, core_collect},
    {CARC_STEP_SCORING, 0, core_score},
    {CARC_STEP_FINAL_SCORING, 0, core_final},
};
#define NCORE_HOOKS ((int)(sizeof core_hooks / sizeof core_hooks[0]))

static const carc_step_hook *hook_of(step_entry e)
{
    return e.owner == CARC_CORE_OWNER ? &core_hooks[e.index]
                                      : &carc__modules[e.owner]->steps[e.index];
}

/* Set gate o's work byte from module m's work code w (CARC_WORK_*, not 0):
 * the byte's place in the game's block, OP_PAIR / OP_PLAYER; false (o
 * unchanged) for a place past 16 bits. */
static bool work_gate(const carc_game *g, int m, uint16_t w, step_op *o)
{
    uint32_t at = g->modoff[m] + (w & CARC_WORK_OFFSET);
    if (at + 1u > UINT16_MAX) return false;
    o->work = (uint16_t)at;
    o->index |= (uint8_t)((w & CARC_WORK_PAIR_BIT ? OP_PAIR : 0) |
                          (w & CARC_WORK_PLAYER_BIT ? OP_PLAYER : 0));
    return true;
}

/* The step program of a new game (prog, pstart, nsteps): each step's hooks
 * sorted by (order, owner) -- the core's work sorts before a module's at
 * the same order -- and the steps laid one after the other in pipeline
 * order, each hook with its work byte's place in the game's block.
 * CARC_E_LIMIT if a step would hold more than MAX_STEP_HOOKS hooks (or all
 * of them more than MAX_STEP_OPS). */
int carc__build_steps(carc_game *g)
{
    step_entry lists[CARC_NUM_STEPS][MAX_STEP_HOOKS];
    memset(g->nsteps, 0, sizeof g->nsteps);
    for (int k = -1; k < (int)g->nmods; k++) {
        const carc_module_def *md = k < 0 ? NULL : carc__mod(g, k);
        int n = k < 0 ? NCORE_HOOKS : md->nsteps;
        for (int i = 0; i < n; i++) {
            step_entry e = {k < 0 ? CARC_CORE_OWNER : g->mods[k], (uint8_t)i};
            const carc_step_hook *h = hook_of(e);
            if (h->step >= CARC_STEP_OVER) return CARC_E_INVALID;
            if (md && md->step_active && !md->step_active(g, i)) continue; /* idle in this game */
            uint8_t *ns = &g->nsteps[h->step];
            if (*ns >= MAX_STEP_HOOKS) return CARC_E_LIMIT;
            step_entry *list = lists[h->step];
            int j = *ns;
            /* insertion keeps registration order among equal keys; the
             * core registers first */
            while (j > 0 && hook_of(list[j - 1])->order > h->order) {
                list[j] = list[j - 1];
                j--;
            }
            list[j] = e;
            (*ns)++;
        }
    }
    int pc = 0;
    memset(g->prog, 0, sizeof g->prog);
    for (int s = 0; s < CARC_NUM_STEPS; s++) {
        g->pstart[s] = (uint8_t)pc;
        if (pc + g->nsteps[s] > MAX_STEP_OPS) return CARC_E_LIMIT;
        for (int i = 0; i < g->nsteps[s]; i++) {
            step_entry e = lists[s][i];
            step_op *o = &g->prog[pc++];
            if (e.index > OP_INDEX) return CARC_E_LIMIT;
            o->owner = e.owner;
            o->index = e.index;
            o->work = 0;
            if (e.owner == CARC_CORE_OWNER) continue;
            /* the gate: the work byte's place in the block, or the tile
             * tags (a place past 16 bits, tags past bit 15: the hook is
             * always called, which its contract allows) */
            const carc_module_def *md = carc__modules[e.owner];
            const uint16_t w = md->step_work ? md->step_work[e.index] : 0;
            const uint32_t tt = md->step_ttags ? md->step_ttags[e.index] : 0;
            if (w) {
                work_gate(g, e.owner, w, o);
            } else if (tt && tt <= UINT16_MAX) {
                o->work = (uint16_t)tt;
                o->index |= OP_TTAGS;
            }
        }
    }
    /* the quick repair question: a sole repairing module's repair_work
     * byte (lib/module.h), read instead of asking */
    memset(&g->repair_gate, 0, sizeof g->repair_gate);
    const uint32_t rep = g->hooks_repair;
    if (rep && !(rep & (rep - 1))) {
        const int m = __builtin_ctz(rep);
        const uint16_t w = carc__modules[m]->repair_work;
        g->repair_gate.owner = (uint8_t)m;
        if (w) work_gate(g, m, w, &g->repair_gate);
    }
    /* tail_gate: the ops from BEFORE_SCORING to TURN_END are the core's
     * collection, its scoring after it, and module hooks each gated by the
     * laid tile's tags: their tags together (tail_advance takes the core's
     * two in line when the tile carries none); anything else: TAIL_WALK */
    g->tail_gate = 0;
    int core_seen = 0;
    for (int i = g->pstart[CARC_STEP_BEFORE_SCORING];
         i < g->pstart[CARC_STEP_TURN_END] + g->nsteps[CARC_STEP_TURN_END]; i++) {
        const step_op o = g->prog[i];
        if (o.owner == CARC_CORE_OWNER) {
            if (o.index != 3 + core_seen) g->tail_gate |= TAIL_WALK; /* collect (3), score (4) */
            core_seen++;
        } else if (o.index & OP_TTAGS) {
            g->tail_gate |= o.work;
        } else {
            g->tail_gate |= TAIL_WALK;
        }
    }
    if (core_seen != 2) g->tail_gate |= TAIL_WALK;
    /* place_pos, place_tags: the ops of AFTER_PLACE and of DEPLOY up to the
     * core's deployment are module hooks each gated by the laid tile's tags:
     * the deployment's step_pos and their tags together (place_advance goes
     * straight to it when the tile carries none); anything else: 0 */
    g->place_pos = 0;
    g->place_tags = 0;
    for (int i = g->pstart[CARC_STEP_AFTER_PLACE];
         i < g->pstart[CARC_STEP_DEPLOY] + g->nsteps[CARC_STEP_DEPLOY]; i++) {
        const step_op o = g->prog[i];
        if (o.owner == CARC_CORE_OWNER) { /* core_deploy, the core's only hook here */
            if (i >= g->pstart[CARC_STEP_DEPLOY])
                g->place_pos = (uint8_t)(i - g->pstart[CARC_STEP_DEPLOY] + 1);
            break;
        }
        if (!(o.index & OP_TTAGS)) break;
        g->place_tags |= o.work;
    }
    if (!g->place_pos) g->place_tags = 0;
    /* draw_at: the core's draw's place in prog (TURN_START's ops, then
     * DRAW's up to it: module hooks only, the core having no other hook
     * there); tail_advance walks the ops before it */
    g->draw_at = g->pstart[CARC_STEP_DRAW];
    while (g->prog[g->draw_at].owner != CARC_CORE_OWNER) g->draw_at++;
    /* start_gate: that walk is one module hook gated by the byte of the
     * player whose turn it is (CARC_WORK_PLAYER): its work, read in line */
    g->start_gate = 0;
    if (g->draw_at == 1 && g->prog[0].work && (g->prog[0].index & OP_PLAYER) &&
        !(g->prog[0].index & OP_TTAGS))
        g->start_gate = g->prog[0].work;
    /* plain: only the core works in the steps, so carc__apply may take the
     * core's own turn directly (plain_advance); nothing may pause scoring */
    g->plain = !(g->hookmask & HK_BEFORE_MAJORITY);
    for (int i = 0; i < pc; i++)
        if (g->prog[i].owner != CARC_CORE_OWNER) g->plain = 0;
    /* draw_end: the DRAW step's end (nsteps) where a draw there goes on to
     * the placement in straight line (straight_draw: PLACE begins with the
     * core's placement), else 0xFF (plain_draw) */
    g->draw_end = g->prog[g->pstart[CARC_STEP_PLACE]].owner == CARC_CORE_OWNER
                      ? g->nsteps[CARC_STEP_DRAW] : 0xFF;
    /* skip[s]: the first step from s on that has hooks or decides where
     * the turn goes next, so the engine never walks through empty steps */
    for (int s = CARC_STEP_OVER; s >= 0; s--) {
        bool stop = g->nsteps[s] > 0 || s == CARC_STEP_DRAW || s == CARC_STEP_PART_END ||
                    s == CARC_STEP_TURN_END || s == CARC_STEP_OVER;
        g->skip[s] = (uint8_t)(stop ? s : g->skip[s + 1]);
    }
    return CARC_OK;
}

/* ---------------------------------------------------------- the decision queue */

static inline int push(carc_game *g, int kind, int player, int owner, int target, int32_t arg)
{
    if (g->npending >= MAX_PENDING) {
        g->flags |= TF_FAULT; /* a module's max_pending is wrong: fail loudly */
        return CARC_E_LIMIT;
    }
    carc_pending *p = &g->pend[g->npending++];
    p->kind = (uint16_t)kind;
    p->player = (int8_t)player;
    p->owner = (uint8_t)owner;
    p->target = (int16_t)target;
    p->flags = 0;
    p->arg = arg;
    return CARC_OK;
}

/* The front decision taken off the queue; one_left: one decision left
 * behind it is copied in line, not by the loop's memmove call (a module
 * decision's own way, carc__apply_id, where a second one is often queued) */
static inline __attribute__((always_inline)) void pop_front(carc_game *g, bool one_left)
{
    static const carc_pending empty = {0, 0, 0, 0, 0, 0};
    if (g->npending <= 0) return;
    g->npending--;
    if (one_left && g->npending == 1) g->pend[0] = g->pend[1];
    else for (int i = 0; i < g->npending; i++) g->pend[i] = g->pend[i + 1];
    g->pend[g->npending] = empty; /* so equal games have equal bytes */
}

static inline void pop(carc_game *g) { pop_front(g, false); }

/* pop() of the only pending decision */
static inline void plain_pop_front(carc_game *g)
{
    g->npending = 0;
    memset(&g->pend[0], 0, sizeof g->pend[0]); /* so equal games have equal bytes */
}

/* A module queues the core's deployment only as the turn's own, on the
 * tile just laid (again after a verb: a bridge in addition); one on another
 * tile goes through carc__decision_push_deploy, which marks it. */
static inline bool module_push_ok(const carc_game *g, int kind, int target, int32_t arg)
{
    /* a deployment a module queues itself is the turn's own: on the tile
     * just laid, cause CARC_CAUSE_DEPLOY (arg 0); elsewhere or for another
     * cause it is carc__decision_push_deploy's */
    return kind != CARC_DECISION_DEPLOY || (target == g->last_tile && arg == CARC_CAUSE_DEPLOY);
}

int carc__decision_again(carc_game *g, int player, int target, int32_t arg)
{
    if (g->npending != 1) return CARC_E_STATE;
    /* push's fields, kind and owner the front's */
    carc_pending *p = &g->pend[0];
    p->player = (int8_t)player;
    p->target = (int16_t)target;
    p->flags = 0;
    p->arg = arg;
    return CARC_OK;
}

int carc__decision_instead(carc_game *g, int kind, int player, int owner, int target,
                           int32_t arg)
{
    if (!module_push_ok(g, kind, target, arg)) return CARC_E_INVALID;
    if (g->npending != 1) return CARC_E_STATE;
    /* push's fields in the front's place (pop_front's copy of it) */
    carc_pending *p = &g->pend[0];
    p->kind = (uint16_t)kind;
    p->owner = (uint8_t)owner;
    return carc__decision_again(g, player, target, arg);
}

int carc__decision_push(carc_game *g, int kind, int player, int owner, int target, int32_t arg)
{
    if (!module_push_ok(g, kind, target, arg)) return CARC_E_INVALID;
    return push(g, kind, player, owner, target, arg);
}

/* Move the decision just pushed from the back to just behind the front
 * (the decision being taken), so the second step of a choice comes next. */
static void to_followup(carc_game *g)
{
    if (g->npending <= 2) return;
    carc_pending f = g->pend[g->npending - 1];
    for (int i = g->npending - 1; i > 1; i--) g->pend[i] = g->pend[i - 1];
    g->pend[1] = f;
}

int carc__decision_followup(carc_game *g, int kind, int player, int owner, int target, int32_t arg)
{
    if (!module_push_ok(g, kind, target, arg)) return CARC_E_INVALID;
    int rc = push(g, kind, player, owner, target, arg);
    if (!rc) to_followup(g);
    return rc;
}

/* A cause a figure may be deployed for: the turn's own, the platform's
 * deployments elsewhere, or a module's own. */
static inline bool deploy_cause_ok(int cause)
{
    return cause == CARC_CAUSE_DEPLOY ||
           (cause >= CARC_CAUSE_PORTAL && cause <= CARC_CAUSE_SEDUCTION) ||
           CARC_KIND_IS_MODULE(cause);
}

int carc__decision_push_deploy(carc_game *g, int player, int tile, int cause, bool followup)
{
    if (player < 0 || player >= g->nplayers || tile < 0 || (uint32_t)tile >= g->ntiles ||
        cause == CARC_CAUSE_DEPLOY || !deploy_cause_ok(cause))
        return CARC_E_INVALID;
    int rc = push(g, CARC_DECISION_DEPLOY, player, CARC_CORE_OWNER, tile, cause);
    if (rc) return rc;
    g->pend[g->npending - 1].flags = CARC_PENDING_QUEUED_DEPLOY;
    if (followup) to_followup(g);
    return CARC_OK;
}

int carc__decision_push_sampled(carc_game *g, int kind, int owner, int32_t arg)
{
    int rc = push(g, kind, CARC_PLAYER_CHANCE, owner, -1, arg);
    if (!rc) g->pend[g->npending - 1].flags = CARC_PENDING_SAMPLED_ONLY;
    return rc;
}

static inline bool place_vetoed(const carc_game *g, int type, int x, int y, int rot);
static int apply_entry(carc_game *g, const carc_action *a, int32_t id, bool sampled,
                       const uint16_t *given, int ngiven, bool decoded,
                       const carc_action_def *form);
/* apply_entry's ngiven for an id carc__sample_chance drew from the pending
 * decision's chance outcomes (no payload; not listed again) */
#define GIVEN_LISTED (-1)
static inline unsigned legal_rots(const carc_game *g, const front *f, int type, bool repair);
static inline bool place_veto_type(const carc_game *g, int type);

/* ------------------------------------------------------------- the pipeline */

static void start_part(carc_game *g)
{
    g->drawn = -1;
    g->last_tile = -1;
    g->ncompleted = 0;
    g->score_pos = 0;
    g->score_hook = 0;
}

/* The next player's turn begins (both the pipeline and plain_advance). */
static void next_player(carc_game *g)
{
    g->player = g->player + 1 == g->nplayers ? 0 : g->player + 1;
    g->turn++;
    g->part = 0;
    start_part(g);
}

static void next_step(carc_game *g)
{
    g->step_pos = 0;
    switch (g->step) {
    case CARC_STEP_DRAW:
        g->step = g->skip[g->drawn >= 0 ? CARC_STEP_PLACE : CARC_STEP_END_PHASE];
        break;
    case CARC_STEP_PART_END:
        if (g->flags & TF_EXTRA_PART) {
            g->flags &= (uint8_t)~TF_EXTRA_PART;
            g->part++;
            start_part(g);
            g->step = g->skip[g->total_remaining > 0 ? CARC_STEP_DRAW : CARC_STEP_TURN_END];
        } else {
            g->step = CARC_STEP_TURN_END;
        }
        break;
    case CARC_STEP_TURN_END:
        if (g->in_extra_turn) {
            /* back to the step that started it; its hook runs again and
             * its module's cursor knows where it was */
            g->in_extra_turn = 0;
            start_part(g);
            g->step = g->return_step;
            g->step_pos = g->return_pos;
            break;
        }
        if (g->total_remaining == 0) {
            start_part(g);
            g->step = g->skip[CARC_STEP_END_PHASE];
            break;
        }
        next_player(g);
        g->step = g->skip[CARC_STEP_TURN_START];
        break;
    case CARC_STEP_OVER:
        break;
    default:
        g->step = g->skip[g->step + 1];
        break;
    }
}

/* May hook o (with a gate: o.work != 0) have work now?  Its work byte (or
 * the pair from it, or the current player's) is nonzero, or the tile laid
 * this part carries one of its tile tags. */
static inline bool gate_open(const carc_game *g, step_op o)
{
    if (o.index & OP_TTAGS)
        return g->last_tile >= 0 && (carc__types[CTILES(g)[g->last_tile].type].tags & o.work);
    return carc__work_open(g, o);
}

/* The core's hook `index` (the order of core_hooks[]) called directly, as
 * the pipeline and the straight path both do. */
static inline int core_hook(carc_game *g, unsigned index)
{
    switch (index) {
    case 0: return core_draw(g);
    case 1: return core_place(g);
    case 2: return core_deploy(g);
    case 3: return core_collect(g);
    case 4: return core_score(g);
    default: return core_final(g);
    }
}

/* Steps whose end hands on to the next step with hooks (skip[]): all but
 * those next_step decides after (DRAW, PART_END, TURN_END, OVER). */
#define STEPS_IN_LINE                                                                  \
    (~((1u << CARC_STEP_DRAW) | (1u << CARC_STEP_PART_END) | (1u << CARC_STEP_TURN_END) | \
       (1u << CARC_STEP_OVER)))

/* The pipeline runs until a decision is pending (or the game is over or
 * faulted).  The hooks run from the game's step program in a loop of their
 * own, from step to step in line (next_step only where the turn's way is
 * decided), while none queues a decision; a hook whose gate is closed is
 * passed over without a call; step_pos is stored before each call
 * (carc__turn_start reads it) and when the loop stops. */
__attribute__((noinline)) void carc__advance(carc_game *g)
{
    if (g->npending > 0 || (g->flags & TF_FAULT)) return;
    unsigned s = g->step, pos = g->step_pos, n = g->nsteps[s];
    for (;;) {
        if (pos < n) {
            if (s == CARC_STEP_FINAL_SCORING && g->nlog_final == UINT32_MAX)
                g->nlog_final = g->nlog; /* what play scored ends here */
            const step_op *op = &g->prog[g->pstart[s]];
            do {
                const step_op o = op[pos];
                int r;
                if (o.owner != CARC_CORE_OWNER) {
                    /* a hook whose gate is closed has nothing to do: not called */
                    if (o.work && !gate_open(g, o)) continue;
                    g->step_pos = (uint8_t)pos;
                    r = carc__modules[o.owner]->steps[o.index & OP_INDEX].fn(g);
                } else {
                    g->step_pos = (uint8_t)pos;
                    r = core_hook(g, o.index);
                }
                if (r == CARC_HOOK_JUMP) { /* carc__turn_start set the step */
                    if (g->npending > 0 || (g->flags & TF_FAULT)) return;
                    s = g->step;
                    pos = g->step_pos;
                    n = g->nsteps[s];
                    goto again;
                }
                if (g->npending > 0 || (g->flags & TF_FAULT)) {
                    /* AGAIN: call it again once its decisions are taken; a
                     * hook that asks again without queueing anything is done */
                    g->step_pos = (uint8_t)(r == CARC_HOOK_AGAIN && g->npending > 0 ? pos : pos + 1);
                    return;
                }
            } while (++pos < n);
        }
        /* the step is done: next_step's default in line, else next_step */
        if ((STEPS_IN_LINE >> s) & 1u) {
            s = g->skip[s + 1];
            g->step = (uint8_t)s;
            pos = 0;
            n = g->nsteps[s];
            continue;
        }
        if (s == CARC_STEP_OVER) {
            g->step_pos = (uint8_t)pos;
            return;
        }
        next_step(g);
        s = g->step;
        pos = g->step_pos;
        n = g->nsteps[s];
    again:;
    }
}

void carc__turn_extra_part(carc_game *g) { g->flags |= TF_EXTRA_PART; }

int carc__tile_in_hand(const carc_game *g) { return g->drawn; }

int carc__tile_in_hand_set(carc_game *g, int type)
{
    if (g->step != CARC_STEP_DRAW || g->drawn >= 0 || type < 0 || type >= carc__ntypes)
        return CARC_E_STATE;
    g->drawn = type;
    return CARC_OK;
}

int carc__turn_start(carc_game *g, int player, int type)
{
    /* the end phase only: a turn inside a turn would need the interrupted
     * turn's player, part and scoring cursor saved, which nothing needs yet */
    if (player < 0 || player >= g->nplayers || type < 0 || type >= carc__ntypes ||
        g->in_extra_turn || g->npending > 0 || g->step != CARC_STEP_END_PHASE)
        return CARC_E_STATE;
    g->return_step = g->step;
    g->return_pos = g->step_pos;
    g->in_extra_turn = 1;
    g->player = player;
    g->turn++;
    g->part = 0;
    start_part(g);
    g->drawn = type;
    g->step = g->skip[CARC_STEP_PLACE];
    g->step_pos = 0;
    return CARC_OK;
}

bool carc__tile_can_place(const carc_game *g, int type)
{
    if (type < 0 || type >= carc__ntypes) return false;
    /* no module may veto the type: the edges (and repairs) alone, the
     * slots' walk of carc__placeable (the same answer) */
    if (!place_veto_type(g, type)) return carc__placeable(g, type);
    const front *F = CFRONT(g);
    bool repair = carc__repair_possible(g);
    CARC_FOR_LIVE(g, k, fi)
        if (legal_rots(g, &F[fi], type, repair)) return true;
    return false;
}

bool carc__tile_can_place_at(const carc_game *g, int type, int x, int y)
{
    if (type < 0 || type >= carc__ntypes) return false;
    int fi = carc__front_of(g, x, y);
    return fi >= 0 && legal_rots(g, &CFRONT(g)[fi], type, carc__repair_possible(g)) != 0;
}

/* -------------------------------------------------------------- drawing */

inline __attribute__((always_inline)) bool carc__drawable(const carc_game *g, int type)
{
    if (CREMAIN(g)[type] == 0) return false;
    /* only the modules that have the hook (a bit per module id; the hooks
     * read the game and agree or veto, so their order does not matter) */
    for (uint32_t b = g->hooks_drawable; b; b &= b - 1) {
        const carc_module_def *md = carc__modules[__builtin_ctz(b)];
        if (md->draw_veto_ttags && !(carc__types[type].tags & md->draw_veto_ttags)) continue;
        /* draw_veto_tagged: every type with its tags refused, unasked */
        if (md->draw_veto_tagged || !md->drawable(g, type)) return false;
    }
    return true;
}

/* Is any tile left that may be drawn now? */
static bool any_drawable(const carc_game *g)
{
    if (!g->hooks_drawable) return g->total_remaining > 0;
    for (int t = 0; t < carc__ntypes; t++)
        if (carc__drawable(g, t)) return true;
    return false;
}

static inline __attribute__((always_inline)) int core_draw_inline(carc_game *g)
{
    if (g->drawn >= 0) return CARC_HOOK_NEXT; /* a tile in hand already (abbey) */
    if (!any_drawable(g)) {
        g->flags |= TF_NO_TILE;
        return CARC_HOOK_NEXT;
    }
    push(g, CARC_DECISION_DRAW, CARC_PLAYER_CHANCE, CARC_CORE_OWNER, -1, 0);
    return CARC_HOOK_NEXT;
}

static int core_draw(carc_game *g) { return core_draw_inline(g); }

void carc__pile_set_aside(carc_game *g, int type)
{
    g->discarded++;
    g->aside_ring[g->n_aside++ & 7] = (int16_t)type;
}

/* Does an enabled module set the tile just drawn aside (draw_aside)?  Only
 * the modules whose hook is still asked (hooks_aside, carc__pile_aside_none),
 * lowest bit first: in registry order. */
static bool drawn_aside(carc_game *g, int type)
{
    for (uint32_t b = g->hooks_aside; b; b &= b - 1)
        if (carc__modules[__builtin_ctz(b)]->draw_aside(g, type)) return true;
    return false;
}

/* The tile drawn leaves the hand (set aside, or fits nowhere): the same
 * player draws again, or the turn has no tile when none may be drawn. */
static void draw_again(carc_game *g)
{
    if (any_drawable(g))
        push(g, CARC_DECISION_DRAW, CARC_PLAYER_CHANCE, CARC_CORE_OWNER, -1, 0);
    else
        g->flags |= TF_NO_TILE;
}

static int apply_draw(carc_game *g, const carc_action *a, bool listed)
{
    if (a->kind != CARC_ACTION_DRAW) return CARC_E_ILLEGAL;
    /* listed: carc__sample_chance drew it among the drawable types */
    if (a->tile < 0 || a->tile >= carc__ntypes || (!listed && !carc__drawable(g, a->tile)))
        return CARC_E_ILLEGAL;
    REMAIN(g)[a->tile]--;
    g->total_remaining--;
    /* a module keeps it aside (draw_aside): draw again */
    if (g->hooks_aside && drawn_aside(g, a->tile)) {
        draw_again(g);
        return CARC_OK;
    }
    /* base.md §3: a tile that fits nowhere leaves the game; draw again
     * (this decision is taken off the queue after this returns) */
    if (carc__placeable(g, a->tile)) {
        g->drawn = a->tile;
    } else {
        carc__pile_set_aside(g, a->tile);
        draw_again(g);
    }
    return CARC_OK;
}

/* ------------------------------------------------------------- placing */

static inline __attribute__((always_inline)) int core_place_inline(carc_game *g)
{
    /* never without a tile in hand (only a snapshot's bytes crafted
     * against the pipeline could ask: the game is then faulted) */
    if (g->drawn < 0) {
        g->flags |= TF_FAULT;
        return CARC_HOOK_NEXT;
    }
    push(g, CARC_DECISION_PLACE, g->player, CARC_CORE_OWNER, -1, 0);
    return CARC_HOOK_NEXT;
}

static int core_place(carc_game *g) { return core_place_inline(g); }

/* Might a module veto placing tile type `type` somewhere? */
static inline bool place_veto_type(const carc_game *g, int type)
{
    return (g->hookmask & HK_MAY_PLACE) &&
           (g->place_veto_all || (carc__types[type].tags & g->place_veto_ttags));
}

/* The rotations among rots of tile `type` in cell (x, y) that no module
 * vetoes: only the modules that have the hook (a bit per module id; a veto
 * of any of them refuses, and they only read the game: order-free), each
 * once per cell when it has place_rots, else once per rotation.  Out of
 * line: the base game never calls it (place_veto_type says no module may
 * veto the tile). */
__attribute__((noinline)) static unsigned place_allowed(const carc_game *g, int type, int x, int y,
                                                        unsigned rots)
{
    for (uint32_t b = g->hooks_place; b && rots; b &= b - 1) {
        const carc_module_def *md = carc__modules[__builtin_ctz(b)];
        if (md->place_veto_ttags && !(carc__types[type].tags & md->place_veto_ttags)) continue;
        if (md->place_rots) {
            rots &= md->place_rots(g, type, x, y, rots);
            continue;
        }
        for (unsigned m = rots; m; m &= m - 1) {
            int r = __builtin_ctz(m);
            if (!md->may_place_tile(g, type, x, y, r)) rots &= ~(1u << r);
        }
    }
    return rots;
}

/* Does a module veto placing tile `type` at (x, y) turned rot?  Inline:
 * the hooks asked out of line, only where one may veto the type. */
static inline bool place_vetoed(const carc_game *g, int type, int x, int y, int rot)
{
    return place_veto_type(g, type) && !place_allowed(g, type, x, y, 1u << rot);
}

/* only the modules that have the hook (a bit per module id; the answers
 * are OR-ed and read-only, so their order does not matter), or the sole
 * one's repair_work byte */
__attribute__((noinline)) static bool ask_repair_possible(const carc_game *g)
{
    /* the sole repairing module's repair_work byte is the answer */
    if (g->repair_gate.work) return carc__work_open(g, g->repair_gate);
    const uint32_t sole = g->hooks_repair;
    if (sole && !(sole & (sole - 1))) /* one module: a tail call */
        return carc__modules[__builtin_ctz(sole)]->place_repair(g, -1, 0, 0, 0, 0);
    for (uint32_t b = g->hooks_repair; b; b &= b - 1)
        if (carc__modules[__builtin_ctz(b)]->place_repair(g, -1, 0, 0, 0, 0)) return true;
    return false;
}

bool carc__repair_possible(const carc_game *g)
{
    return g->hooks_repair && ask_repair_possible(g);
}

/* Would a module repair tile `type` turned rot in cell f, given that one
 * may repair something now (carc__repair_possible)? */
static inline bool repairable(const carc_game *g, const front *f, int type, int rot)
{
    unsigned sides = carc__repair_sides(f, type, rot);
    if (!sides) return false;
    for (uint32_t b = g->hooks_repair; b; b &= b - 1)
        if (carc__modules[__builtin_ctz(b)]->place_repair(g, type, f->x, f->y, rot, (int)sides))
            return true;
    return false;
}

__attribute__((noinline)) bool carc__repairable(const carc_game *g, const front *f, int type,
                                                int rot)
{
    return (g->hookmask & HK_REPAIR) && repairable(g, f, type, rot);
}

/* The repair candidates worth a place_repair question.  The tile table's
 * repair[req] lists the rotations of a type that miss only where a road
 * meets a field; a module's repair_shape (lib/module.h) tells which of them
 * it could ever accept, from the type's own edges and the cell's bound
 * sides alone -- a function of (type, req): a cell's constrained sides
 * (front.mask) are the nonzero pairs of its req (lib/core/board.c's
 * add_front and road-over-tile demand; check.c checks a snapshot's).  The
 * answers are kept per thread, found the first time a (type, req) is met
 * while a module may repair, for the modules with place_repair of the game
 * (hooks_repair: another set starts the table again).  An entry of
 * repair_rows: REPAIR_KNOWN | the rotations left (bit r); of repair_sure
 * (the same (type, req)): those of them the game's only repairing module
 * answered CARC_REPAIR_ROOM for -- accepted without a question by
 * place_ids_repair (after the quick question, with room for the tile's
 * segments and one more), asked everywhere else.  Types from REPAIR_TYPES
 * on are not kept (every candidate is asked).  A thread's table never
 * changes an answer, only skips questions whose answer it knows. */
#define REPAIR_TYPES 256
#define REPAIR_KNOWN 0x10u
static _Thread_local uint32_t repair_key;
static _Thread_local uint8_t repair_rows[REPAIR_TYPES][256];
static _Thread_local uint8_t repair_sure[REPAIR_TYPES][256];
/* of the same (type, req): the candidates the game's only repairing module
 * answered CARC_REPAIR_SIDE for with one mismatched side d, in nibble d
 * (bit 4 * d + r: rotation r) -- place_ids_repair asks it once per cell and
 * side about them (those with several sides are asked one by one) */
static _Thread_local uint16_t repair_side[REPAIR_TYPES][256];
/* of the same (type, req): when repair_side has one side d only and the
 * module has the repair_side hook, 0x80 | d << 4 | its rotations (else 0)
 * -- the listing asks those candidates by one repair_side question in line
 * (slot_repaired) */
static _Thread_local uint8_t repair_one[REPAIR_TYPES][256];

/* repair_shape_fill's note of answer a (not CARC_REPAIR_NEVER) for
 * rotation r with mismatched sides: a candidate; CARC_REPAIR_ROOM and
 * CARC_REPAIR_SIDE (one side) kept for a sole repairing module only */
static inline __attribute__((always_inline)) void shape_note(int a, int r, unsigned sides, bool sole,
                                                             unsigned *ok, unsigned *sure,
                                                             unsigned *side)
{
    *ok |= 1u << r;
    if (a == CARC_REPAIR_ROOM && sole) *sure |= 1u << r;
    if (a == CARC_REPAIR_SIDE && sole && !(sides & (sides - 1)))
        *side |= 1u << (4 * __builtin_ctz(sides) + r);
}

__attribute__((noinline)) static unsigned repair_shape_fill(const carc_game *g, int type,
                                                            unsigned req, uint8_t *e)
{
    /* the cell's constrained sides: the nonzero pairs of req */
    const front f = {.req = (uint8_t)req, .mask = (uint8_t)(((req | req >> 1) & 0x55u) * 3u)};
    /* the same, a bit per side (repair_shape's `bound`) */
    const unsigned pairs = (req | req >> 1) & 0x55u;
    const int bound = (int)((pairs & 1u) | ((pairs >> 1) & 2u) | ((pairs >> 2) & 4u) |
                            ((pairs >> 3) & 8u));
    /* CARC_REPAIR_ROOM is kept only for a game's sole repairing module:
     * the quick question that lets place_ids_repair use it is its own */
    const bool sole = (g->hooks_repair & (g->hooks_repair - 1)) == 0;
    const carc_module_def *md0 = carc__modules[__builtin_ctz(g->hooks_repair)];
    /* a sole module's repair_shape, asked directly (NULL: the loop) */
    int (*const shape)(int, int, int, int) = sole ? md0->repair_shape : NULL;
    unsigned ok = 0, sure = 0, side = 0;
    for (unsigned miss = carc__types[type].repair[req]; miss; miss &= miss - 1) {
        int r = __builtin_ctz(miss);
        unsigned sides = carc__repair_sides(&f, type, r);
        if (!sides) continue; /* repairable's answer: false */
        if (shape) { /* the sole repairing module's answer, asked directly */
            const int a = shape(type, r, (int)sides, bound);
            if (a != CARC_REPAIR_NEVER) shape_note(a, r, sides, true, &ok, &sure, &side);
            continue;
        }
        for (uint32_t b = g->hooks_repair; b; b &= b - 1) {
            const carc_module_def *md = carc__modules[__builtin_ctz(b)];
            int a = md->repair_shape ? md->repair_shape(type, r, (int)sides, bound)
                                     : CARC_REPAIR_ASK;
            if (a != CARC_REPAIR_NEVER) {
                shape_note(a, r, sides, sole, &ok, &sure, &side);
                break;
            }
        }
    }
    repair_sure[type][req] = (uint8_t)sure; /* type < REPAIR_TYPES: e is kept */
    repair_side[type][req] = (uint16_t)side;
    repair_one[type][req] = 0;
    if (side && md0->repair_side &&
        !(side & (side - 1u) & ~(15u << (__builtin_ctz(side) & ~3u)))) {
        /* one side d: its nibble alone */
        const unsigned d = (unsigned)__builtin_ctz(side) >> 2;
        repair_one[type][req] = (uint8_t)(0x80u | d << 4 | ((side >> (4 * d)) & 15u));
    }
    *e = (uint8_t)(REPAIR_KNOWN | ok);
    return ok;
}

/* this thread's row of candidates for `type` in game g (NULL: not kept) */
static inline uint8_t *repair_row(const carc_game *g, int type)
{
    if (type >= REPAIR_TYPES) return NULL;
    if (repair_key != g->hooks_repair) {
        /* (a thread's first set finds the rows as they start: zero) */
        if (repair_key) memset(repair_rows, 0, sizeof repair_rows);
        repair_key = g->hooks_repair;
    }
    return repair_rows[type];
}

/* the candidates of `type` for requirement req worth asking about */
static inline unsigned repair_cands(const carc_game *g, uint8_t *row, int type, unsigned req)
{
    if (!row) return carc__types[type].repair[req];
    unsigned e = row[req];
    return (e & REPAIR_KNOWN) ? e & 15u : repair_shape_fill(g, type, req, &row[req]);
}

/* the rotations among `cands` (repair_cands) of `type` in cell f that only
 * a repair makes legal */
static inline unsigned repaired_of(const carc_game *g, const front *f, int type, unsigned cands)
{
    unsigned rots = 0;
    for (unsigned miss = cands; miss; miss &= miss - 1) {
        int r = __builtin_ctz(miss);
        if (repairable(g, f, type, r)) rots |= 1u << r;
    }
    return rots;
}

/* repaired_of out of line (repaired_asked's rare case) */
__attribute__((noinline)) static unsigned repaired_each(const carc_game *g, const front *f,
                                                        int type, unsigned cands)
{
    return repaired_of(g, f, type, cands);
}

/* The rotations among `ask` (candidates of `type` for requirement req,
 * none accepted without a question) in cell f that a repair makes legal:
 * those the sole repairing module answered CARC_REPAIR_SIDE for with one
 * side d (repair_side: nibble d) asked once per side (by its repair_side
 * hook when it has one) -- the answer is the
 * same for every rotation with those sides, and their sides are d's bit --,
 * the others one by one (repaired_of).  Out of line: the listing's walk
 * stays lean. */
__attribute__((noinline)) static unsigned repaired_asked(const carc_game *g, const front *f,
                                                         int type, unsigned req, unsigned ask)
{
    const unsigned grp = repair_side[type][req] & (ask * 0x1111u);
    const unsigned same = (grp | grp >> 4 | grp >> 8 | grp >> 12) & 15u;
    unsigned rots = ask & ~same ? repaired_each(g, f, type, ask & ~same) : 0;
    const carc_module_def *md = carc__modules[__builtin_ctz(g->hooks_repair)];
    for (unsigned left = grp; left;) {
        const int d = __builtin_ctz(left) >> 2;
        const unsigned n = (left >> (4 * d)) & 15u;
        left &= ~(15u << (4 * d));
        /* the module's repair_side when it has one: the same answer */
        if (md->repair_side ? md->repair_side(g, type, f->x, f->y, d)
                            : md->place_repair(g, type, f->x, f->y, __builtin_ctz(n), 1 << d))
            rots |= n;
    }
    return rots;
}

/* the rotations of `type` in cell f that only a repair makes legal */
static inline unsigned repaired_rots(const carc_game *g, const front *f, int type)
{
    /* the table knows the candidates: their mismatches are road/field */
    if (!carc__types[type].repair[f->req]) return 0;
    return repaired_of(g, f, type, repair_cands(g, repair_row(g, type), type, f->req));
}

unsigned carc__repaired_rots(const carc_game *g, const front *f, int type)
{
    return repaired_rots(g, f, type);
}

/* carc__legal_rots, told whether a module may repair anything now */
static inline unsigned legal_rots(const carc_game *g, const front *f, int type, bool repair)
{
    unsigned rots = carc__types[type].fit[f->req];
    if (repair) rots |= repaired_rots(g, f, type);
    if (rots && place_veto_type(g, type)) rots = place_allowed(g, type, f->x, f->y, rots);
    return rots;
}

unsigned carc__legal_rots(const carc_game *g, const front *f, int type)
{
    return legal_rots(g, f, type, carc__repair_possible(g));
}

/* Does a module let a tile that fits only by a repair be declined (the
 * modules with the hook, hooks_repair: the answers are OR-ed)? */
static bool repair_decline(const carc_game *g)
{
    for (uint32_t b = g->hooks_repair; b; b &= b - 1)
        if (carc__modules[__builtin_ctz(b)]->place_repair(g, CARC_REPAIR_DECLINE, 0, 0, 0, 0))
            return true;
    return false;
}

/* May the player pass the tile in hand, given that a module may repair now
 * (carc__repair_possible)?  Only when a module lets a tile that fits only
 * by a repair be declined (place_repair asked CARC_REPAIR_DECLINE) and no
 * placement without a repair exists. */
static bool repair_pass(const carc_game *g)
{
    if (g->drawn < 0 || !repair_decline(g)) return false;
    const front *F = CFRONT(g);
    const uint8_t *fit = carc__types[g->drawn].fit;
    const bool veto = place_veto_type(g, g->drawn);
    CARC_FOR_LIVE(g, k, fi) {
        const front *f = &F[fi];
        unsigned rots = fit[f->req];
        if (rots && (!veto || place_allowed(g, g->drawn, f->x, f->y, rots))) return false;
    }
    return true;
}

bool carc__place_pass_legal(const carc_game *g)
{
    return carc__repair_possible(g) && repair_pass(g);
}

/* The pass repair_pass allows: the tile leaves the game as one that fits
 * nowhere (base.md §3) and the same player draws again -- the core's draw
 * only, not the step's other hooks (an abbey or a held bazaar tile is not
 * offered again).  Within a turn outside the turn order (no draw there),
 * or with nothing left to draw, the turn ends as after such a draw. */
static int place_pass(carc_game *g)
{
    if (!carc__place_pass_legal(g)) return CARC_E_ILLEGAL;
    carc__pile_set_aside(g, g->drawn);
    g->drawn = -1;
    if (g->in_extra_turn) {
        g->step = g->skip[CARC_STEP_PART_END];
        g->step_pos = 0;
        return CARC_OK;
    }
    g->step = CARC_STEP_DRAW;
    g->step_pos = 0;
    const step_op *draw = &g->prog[g->pstart[CARC_STEP_DRAW]];
    for (int i = 0; i < g->nsteps[CARC_STEP_DRAW]; i++)
        if (draw[i].owner == CARC_CORE_OWNER && draw[i].index == 0) g->step_pos = (uint8_t)i;
    return CARC_OK;
}

/* Lay the tile in hand in frontier cell fi turned rot (inline: the
 * playout's carc__apply_place_id makes no call for it). */
static inline __attribute__((always_inline)) int place_in(carc_game *g, int fi, int rot)
{
    if (fi < 0 || rot < 0 || rot > 3) return CARC_E_ILLEGAL;
    /* capacity comes from the tile sets; a module that deals or lays more
     * tiles than its set holds is a defect: refuse, nothing changed */
    if (g->ntiles >= g->L.cap_tiles ||
        g->nsegs + carc__types[g->drawn].nseg > g->L.cap_segs)
        return CARC_E_LIMIT;
    const front *f = &CFRONT(g)[fi];
    if (!carc__fits(f, g->drawn, rot) && !carc__repairable(g, f, g->drawn, rot)) return CARC_E_ILLEGAL;
    if (place_vetoed(g, g->drawn, f->x, f->y, rot)) return CARC_E_ILLEGAL;
    g->last_tile = carc__place(g, g->drawn, f->x, f->y, rot);
    g->drawn = -1;
    return CARC_OK;
}

/* ----------------------------------------------------------- deploying */

static int core_deploy(carc_game *g)
{
    push(g, CARC_DECISION_DEPLOY, g->player, CARC_CORE_OWNER, g->last_tile, 0);
    return CARC_HOOK_NEXT;
}

/* Road, city, monastery, field, or a module's feature kind that its
 * tiles.def declares claimable (circus and acrobat spaces are not). */
static bool claimable(int kind)
{
    return kind <= CARC_FEATURE_FIELD || carc__kind_claimable(kind);
}

/* Is feature root rs completed, or closed by this placement ahead of its
 * scoring (a road or city with no open edge, a monastery with all eight
 * neighbours)? */
static inline bool feature_done(const carc_game *g, const seg *rs)
{
    if (rs->kind == CARC_FEATURE_MONASTERY)
        return (rs->flags & SF_COMPLETE) || CTILES(g)[rs->tile].nb8 == 8;
    return carc__seg_closed(rs);
}

/* May a follower claim the feature of segment s of placed tile `tile`?
 * Claimable; nobody holds it but the claiming figure already in feature
 * self_root (-1: none), unless CARC_DEPLOY_OCCUPIED; at the turn's own
 * deployment (own) not completed (a completed monastery: features of the
 * tile just laid are flagged only when scoring collects them, so a road or
 * city this tile closes may be claimed and scores at once), elsewhere not
 * completed nor closed; CARC_DEPLOY_COMPLETED lifts the last two. */
static inline bool claim_ok(const carc_game *g, int tile, int s, bool own, unsigned flags,
                            int self_root)
{
    CARC_MOD_CHECK(tile >= 0 && (uint32_t)tile < g->ntiles && carc__seg_of(g, tile, s) >= 0);
    int root = carc__find(g, carc__seg_of(g, tile, s));
    const seg *rs = &CSEGS(g)[root];
    if (!claimable(rs->kind)) return false;
    if (!(flags & CARC_DEPLOY_OCCUPIED) && rs->figs > (root == self_root)) return false;
    if (flags & CARC_DEPLOY_COMPLETED) return true;
    if (own) return !(rs->flags & SF_COMPLETE);
    return !feature_done(g, rs);
}

bool carc__segment_claimable(const carc_game *g, int tile, int s)
{
    return claim_ok(g, tile, s, true, 0, -1);
}

/* May module md (number m, with may_deploy) refuse a deployment on tile
 * `tile`?  Without may_deploy_tile, anywhere; with it, where its state's
 * word says (lib/module.h). */
static inline __attribute__((always_inline)) bool veto_asked(const carc_game *g,
                                                             const carc_module_def *md, int m,
                                                             int tile)
{
    if (!md->may_deploy_tile) return true;
    int16_t where; /* carc__mod_cstate of an enabled module, read in place */
    memcpy(&where,
           (const char *)g + (uint32_t)carc__head_word(g, CARC__HEAD_MODOFF + 4 * (size_t)m) +
               md->may_deploy_tile_off,
           sizeof where);
    return where == tile || where == CARC_VETO_ANYWHERE;
}

/* The sole may_deploy hook's word (veto_at, when set: HK_VETO_TILES)
 * says where it may refuse: does it ask about tile `tile` (veto_asked's
 * answer)? */
static inline __attribute__((always_inline)) bool veto_at_asked(const carc_game *g, int tile)
{
    int16_t where;
    memcpy(&where, (const char *)g + g->veto_at, sizeof where);
    return where == tile || where == CARC_VETO_ANYWHERE;
}

/* the may_deploy hooks (hooks_deploy: the modules that have one, in
 * registry order), each asked where it may refuse */
static inline __attribute__((always_inline)) bool vetoes_allow(const carc_game *g, int player,
                                                                int kind, int tile, int s,
                                                                int cause)
{
    for (uint32_t b = g->hooks_deploy; b; b &= b - 1) {
        const int m = __builtin_ctz(b);
        const carc_module_def *md = carc__modules[m];
        if (veto_asked(g, md, m, tile) && !md->may_deploy(g, player, kind, tile, s, cause))
            return false;
    }
    return true;
}

bool carc__segment_may_deploy(const carc_game *g, int player, int kind, int tile, int s, int cause)
{
    if (kind < 0 || kind >= CARC_FIGURE_KINDS || tile < 0 || (uint32_t)tile >= g->ntiles ||
        s < 0 || s >= carc__tile_nseg(g, tile))
        return false;
    return !(g->hookmask & HK_MAY_DEPLOY) || vetoes_allow(g, player, kind, tile, s, cause);
}

/* The one deployment rule (lib/module.h, carc__figure_deploy_legal), for a
 * figure of `kind` owned by `player` on a valid segment s of placed tile
 * `tile`: the claim test of a follower, the owner's deploy_allowed, the
 * vetoes.  own: the turn's own deployment on the tile just laid. */
static inline bool deploy_rule_asked(const carc_game *g, int player, int kind, int tile, int s,
                                     int cause, bool own, unsigned flags, int self_root,
                                     bool ask_custom)
{
    unsigned bit = 1u << kind;
    if (g->kind_class[kind] & CARC_CLASS_FOLLOWER) {
        if (!claim_ok(g, tile, s, own, flags, self_root)) return false;
    } else if (!(g->kind_custom & bit)) {
        return false;
    }
    if (ask_custom && (g->kind_custom & bit) &&
        !carc__modules[g->kind_owner[kind]]->deploy_allowed(g, player, kind, tile, s, cause))
        return false;
    return !(g->hookmask & HK_MAY_DEPLOY) || vetoes_allow(g, player, kind, tile, s, cause);
}

static inline bool deploy_rule(const carc_game *g, int player, int kind, int tile, int s,
                               int cause, bool own, unsigned flags, int self_root)
{
    return deploy_rule_asked(g, player, kind, tile, s, cause, own, flags, self_root, true);
}

/* At deployment decision p: may its player put a figure of `kind` from
 * supply on segment s of its target tile?  The turn's own deployment has
 * cause CARC_CAUSE_DEPLOY (arg 0); one a module queued carries its cause
 * in arg and is never the turn's own. */
static inline bool deploy_ok(const carc_game *g, const carc_pending *p, int kind, int s)
{
    if (kind < 0 || kind >= CARC_FIGURE_KINDS || p->target < 0) return false;
    if (g->supply[p->player][kind] == 0) return false;
    if (s < 0 || s >= carc__tile_nseg(g, p->target)) return false;
    bool own = !(p->flags & CARC_PENDING_QUEUED_DEPLOY);
    return deploy_rule(g, p->player, kind, p->target, s, p->arg, own, 0, -1);
}

bool carc__figure_deploy_legal(const carc_game *g, int fig, int tile, int s, int cause,
                               unsigned flags)
{
    if (fig < 0 || (uint32_t)fig >= g->nfigs || tile < 0 || (uint32_t)tile >= g->ntiles ||
        s < 0 || s >= carc__tile_nseg(g, tile) || !deploy_cause_ok(cause) ||
        (flags & ~(unsigned)(CARC_DEPLOY_OCCUPIED | CARC_DEPLOY_COMPLETED)))
        return false;
    const figure *f = &CFIGS(g)[fig];
    int here = carc__seg_of(g, tile, s), self_root = -1;
    if (f->where == CARC_PLACE_REMOVED) return false;
    if (f->where == CARC_PLACE_SEGMENT) {
        if (f->seg == here) return false; /* it stands there already */
        if (g->kind_class[f->kind] & CARC_CLASS_FOLLOWER) self_root = carc__find(g, f->seg);
    }
    bool own = cause == CARC_CAUSE_DEPLOY && tile == g->last_tile;
    /* a figure in supply is any of its kind, as at the deployment decision;
     * one with a place of its own is asked about by may_move_figure too */
    return deploy_rule(g, f->owner, f->kind, tile, s, cause, own, flags, self_root) &&
           (f->where == CARC_PLACE_SUPPLY ||
            carc__figure_may_move(g, fig, CARC_PLACE_SEGMENT, tile, 0, cause));
}

int carc__figure_deploy(carc_game *g, int fig, int tile, int s, int cause, unsigned flags)
{
    if (!carc__figure_deploy_legal(g, fig, tile, s, cause, flags)) return CARC_E_ILLEGAL;
    return carc__figure_move(g, fig, CARC_PLACE_SEGMENT, tile, s, 0, 0, cause);
}

/* --------------------------------------------------------- legal actions */

typedef int32_t v4i __attribute__((vector_size(16)));
/* For each set of fitting rotations (bit r = rotation r fits): the
 * rotations in ascending order, padded.  v4i is a GCC/Clang vector of four
 * ints, so writing a cell's candidates is one add and one store (measured:
 * 612M -> 531M instructions for 2,000 playouts).  The
 * listing reads a row at the byte offset tile_type.fit16[req] (16 times the
 * set), so it scales nothing. */
static const v4i rot_lists[16] = {
    {0, 0, 0, 0}, {0, 0, 0, 0}, {1, 0, 0, 0}, {0, 1, 0, 0},
    {2, 0, 0, 0}, {0, 2, 0, 0}, {1, 2, 0, 0}, {0, 1, 2, 0},
    {3, 0, 0, 0}, {0, 3, 0, 0}, {1, 3, 0, 0}, {0, 1, 3, 0},
    {2, 3, 0, 0}, {0, 2, 3, 0}, {1, 2, 3, 0}, {0, 1, 2, 3},
};
/* how many rotations, by the same byte offset (16 * set) */
static const uint8_t rot_count16[256] = {
    [0x00] = 0, [0x10] = 1, [0x20] = 1, [0x30] = 2, [0x40] = 1, [0x50] = 2, [0x60] = 2,
    [0x70] = 3, [0x80] = 1, [0x90] = 2, [0xA0] = 2, [0xB0] = 3, [0xC0] = 2, [0xD0] = 3,
    [0xE0] = 3, [0xF0] = 4,
};

/* Placement ids of the m slots from ls (their cells' fitting rotations for
 * the type of fit16), every candidate fits in the buffer (4 ids a slot from
 * ids[0]): the playout hot path writes four ids per cell and keeps the
 * fitting ones; returns how many it kept. */
static inline __attribute__((always_inline)) size_t slot_ids(const live_slot *restrict ls,
                                                             const size_t m,
                                                             const uint8_t *restrict fit16,
                                                             int32_t *restrict ids)
{
    /* the open cells' slots in id order (state.h, lslots): a straight
     * walk, four at a time; a filled cell's slot (LIVE_DEAD) adds nothing */
    const char *restrict rows = (const char *)rot_lists;
    size_t n = 0;
    size_t k = 0;
    for (; k + 4 <= m; k += 4) {
        size_t o0 = fit16[ls[k].req], o1 = fit16[ls[k + 1].req];
        size_t o2 = fit16[ls[k + 2].req], o3 = fit16[ls[k + 3].req];
        /* rows + o is a row of rot_lists: aligned */
#if defined(__SSE2__)
        /* two slots a load (8 bytes each, the id first): each id spread
         * over four lanes by one shuffle */
        _Static_assert(sizeof(live_slot) == 8 && offsetof(live_slot, id) == 0,
                       "two slots in 16 bytes, the id in lanes 0 and 2");
        __m128i p01 = _mm_loadu_si128((const __m128i *)(const void *)&ls[k]);
        __m128i p23 = _mm_loadu_si128((const __m128i *)(const void *)&ls[k + 2]);
        v4i v0 = *(const v4i *)(const void *)(rows + o0) + (v4i)_mm_shuffle_epi32(p01, 0x00);
        v4i v1 = *(const v4i *)(const void *)(rows + o1) + (v4i)_mm_shuffle_epi32(p01, 0xAA);
        v4i v2 = *(const v4i *)(const void *)(rows + o2) + (v4i)_mm_shuffle_epi32(p23, 0x00);
        v4i v3 = *(const v4i *)(const void *)(rows + o3) + (v4i)_mm_shuffle_epi32(p23, 0xAA);
#else
        v4i v0 = *(const v4i *)(const void *)(rows + o0) + (int32_t)ls[k].id;
        v4i v1 = *(const v4i *)(const void *)(rows + o1) + (int32_t)ls[k + 1].id;
        v4i v2 = *(const v4i *)(const void *)(rows + o2) + (int32_t)ls[k + 2].id;
        v4i v3 = *(const v4i *)(const void *)(rows + o3) + (int32_t)ls[k + 3].id;
#endif
        memcpy(ids + n, &v0, sizeof v0);
        n += rot_count16[o0];
        memcpy(ids + n, &v1, sizeof v1);
        n += rot_count16[o1];
        memcpy(ids + n, &v2, sizeof v2);
        n += rot_count16[o2];
        memcpy(ids + n, &v3, sizeof v3);
        n += rot_count16[o3];
    }
    for (; k < m; k++) {
        size_t o = fit16[ls[k].req];
        v4i v = *(const v4i *)(const void *)(rows + o) + (int32_t)ls[k].id;
        memcpy(ids + n, &v, sizeof v);
        n += rot_count16[o];
    }
    return n;
}

/* Placement ids only (slot_ids over every slot, the tile in hand): a
 * leaf: carc_game_legal_ids calls it directly at a placement
 * (carc__place_ids_plain). */
static inline __attribute__((always_inline)) size_t place_ids_fast(const carc_game *g,
                                                                   int32_t *restrict ids)
{
    return slot_ids(CSLOTS(g), g->lslots, carc__types[g->drawn].fit16, ids);
}

size_t carc__place_ids_plain(const carc_game *g, int32_t *ids)
{
    return place_ids_fast(g, ids);
}

/* The rotations of the tile `type` in slot sl's cell that only a repair
 * makes legal (repaired_rots through the thread's table): none unless its
 * requirement has a repair candidate worth asking (repair_cands); those
 * accepted without a question (sure, or NULL), the others asked
 * (repaired_asked).  A filled cell's slot reads rep[0] (LIVE_DEAD & 255):
 * an open cell has a neighbour, so req 0 is no open cell's, and its
 * candidates are none (repair_shape_fill: no constrained side, no sides). */
static inline __attribute__((always_inline)) unsigned slot_repaired(
    const carc_game *g, const live_slot *sl, int type, const uint8_t *restrict rep,
    uint8_t *row, const uint8_t *sure, const carc_module_def *md)
{
    const unsigned rq = sl->req & 255u;
    if (!rep[rq]) return 0;
    const unsigned e = row[rq]; /* repair_cands, with a row */
    const unsigned cands = (e & REPAIR_KNOWN) ? e & 15u : repair_shape_fill(g, type, rq, &row[rq]);
    if (!cands) return 0;
    unsigned yes = sure ? sure[rq] : 0;
    const unsigned ask = cands & ~yes;
    if (!ask) return yes;
    const front *f = &CFRONT(g)[sl->fi];
    const unsigned one = repair_one[type][rq];
    if (one && !(ask & ~one & 15u)) {
        /* every rotation asked is one of the sole module's CARC_REPAIR_SIDE
         * candidates of one side d: repaired_asked's one question, in line
         * and by the module's repair_side hook (the answer is the same for
         * all of them; the quick question said yes) */
        if (md->repair_side(g, type, f->x, f->y, (int)((one >> 4) & 3u))) yes |= ask;
        return yes;
    }
    return yes | repaired_asked(g, f, type, rq, ask);
}

/* place_ids_fast while a module may repair (a player holding a bridge):
 * the same ids as place_actions' loop -- a pass first when repair_pass
 * allows it (found after the walk), then each cell's fitting and repaired
 * rotations ascending -- the repair asked only for the cells whose
 * requirement has a repair candidate for the tile (slot_repaired), no tile
 * type a module vetoes.  The slots are first scanned for the first cell
 * with a repaired rotation (in most listings none, or a late one); the
 * slots before it are listed by slot_ids' fast walk, the rest one by one. */
__attribute__((noinline)) static void place_ids_repair(const carc_game *g, action_sink *sink)
{
    const live_slot *restrict ls = CSLOTS(g);
    const int type = g->drawn;
    const uint8_t *restrict fit16 = carc__types[type].fit16;
    const uint8_t *restrict rep = carc__types[type].repair;
    uint8_t *row = repair_row(g, type); /* not NULL: place_actions' test */
    /* the candidates accepted without a question (repair_sure), while the
     * game has room for the tile's segments and one more */
    const uint8_t *sure =
        (int)g->L.cap_segs - (int)g->nsegs > (int)carc__types[type].nseg
            ? repair_sure[type]
            : NULL;
    /* the game's first repairing module (the sole one, with repair_side,
     * when repair_one names a side) */
    const carc_module_def *md = carc__modules[__builtin_ctz(g->hooks_repair)];
    int32_t *restrict ids = sink->ids;
    const size_t n0 = sink->n, m = g->lslots;
    /* the scan: the questions in slot order, as the walk asks them */
    size_t k = 0;
    unsigned yes = 0;
    for (; k < m; k++)
        if ((yes = slot_repaired(g, &ls[k], type, rep, row, sure, md)) != 0) break;
    size_t n = n0 + slot_ids(ls, k, fit16, ids + n0);
    size_t nrep = 0; /* the repaired placements among them */
    if (k < m) {
        /* slot k has repaired rotations (yes); from there each slot's row
         * is written with them (none of them fits) */
        const char *restrict rows = (const char *)rot_lists;
        for (const live_slot *sl = ls + k, *end = ls + m;;) {
            size_t o = fit16[sl->req] | (size_t)yes << 4;
            nrep += rot_count16[(size_t)yes << 4];
            /* rows + o is a row of rot_lists: aligned */
            v4i v = *(const v4i *)(const void *)(rows + o) + (int32_t)sl->id;
            memcpy(ids + n, &v, sizeof v);
            n += rot_count16[o];
            if (++sl == end) break;
            yes = slot_repaired(g, sl, type, rep, row, sure, md);
        }
    }
    /* repair_pass: without a placement that needs no repair (no veto
     * here), a pass first when a module lets the tile be declined -- asked
     * only then (its answer is read-only: the order of questions does not
     * matter); the ids move up one (the sink has room for it) */
    if (n - n0 == nrep && repair_decline(g)) {
        memmove(ids + n0 + 1, ids + n0, (n - n0) * sizeof ids[0]);
        ids[n0] = CARC_ID_PASS; /* id 0: before every placement */
        n++;
    }
    sink->n = n;
}

static void place_actions(const carc_game *g, action_sink *sink)
{
    /* a module that may repair an edge mismatch now (a player holding a
     * bridge) adds placements the table does not know */
    bool repair = carc__repair_possible(g);
    if (!sink->buf && !place_veto_type(g, g->drawn) && !repair &&
        sink->cap >= sink->n + 4u * g->lslots) { /* 4 ids written at every slot */
        sink->n += place_ids_fast(g, sink->ids + sink->n);
        return;
    }
    if (repair && !sink->buf && !place_veto_type(g, g->drawn) && g->drawn < REPAIR_TYPES &&
        sink->cap >= sink->n + 1u + 4u * g->lslots) { /* 4 ids written at every slot */
        place_ids_repair(g, sink);
        return;
    }
    const front *F = CFRONT(g);
    carc_action a;
    memset(&a, 0, sizeof a);
    if (repair && repair_pass(g)) { /* id 0: before every placement */
        a.kind = CARC_ACTION_PASS;
        carc__sink_push(sink, &a, CARC_ID_PASS);
    }
    a.kind = CARC_ACTION_PLACE;
    CARC_FOR_LIVE(g, k, fi) {
        const front *f = &F[fi];
        unsigned rots = legal_rots(g, f, g->drawn, repair);
        while (rots) {
            int r = __builtin_ctz(rots);
            rots &= rots - 1;
            a.x = f->x;
            a.y = f->y;
            a.rotation = r;
            carc__sink_push(sink, &a, f->idbase + r);
        }
    }
}

/* claim_ok(g, tile, s, own, 0, -1) for segment s of placed tile pt (its
 * type's ntype segments first): claim_mask's and claim_any's test */
static inline __attribute__((always_inline)) bool seg_claim_ok(const carc_game *g,
                                                                const ptile *pt, int ntype,
                                                                int s, bool own)
{
    /* carc__seg_of: the type's segments, then a road laid over it */
    const seg *rs = &CSEGS(g)[carc__find(g, s < ntype ? pt->seg0 + s : pt->overlay_seg)];
    if (!claimable(rs->kind) || rs->figs > 0) return false;
    return own ? !(rs->flags & SF_COMPLETE) : !feature_done(g, rs);
}

/* The segments s < nseg (<= 32) of placed tile `tile` that claim_ok(g,
 * tile, s, own, 0, -1) allows, a bit each: the tile and its first segment
 * read once. */
static inline __attribute__((always_inline)) uint32_t claim_mask(const carc_game *g, int tile,
                                                                  int nseg, bool own)
{
    CARC_MOD_CHECK(tile >= 0 && (uint32_t)tile < g->ntiles); /* as claim_ok's */
    const ptile *pt = &CTILES(g)[tile];
    const int ntype = carc__types[pt->type].nseg;
    uint32_t m = 0;
    for (int s = 0; s < nseg; s++) m |= (uint32_t)seg_claim_ok(g, pt, ntype, s, own) << s;
    return m;
}

/* Is any segment s of mask `want` (s < nseg <= 32) of placed tile `tile` one
 * claim_mask allows (claim_mask(g, tile, nseg, own) & want != 0)?  Stops at
 * the first. */
static inline __attribute__((always_inline)) bool claim_any(const carc_game *g, int tile,
                                                            int nseg, bool own, uint32_t want)
{
    CARC_MOD_CHECK(tile >= 0 && (uint32_t)tile < g->ntiles); /* as claim_ok's */
    const ptile *pt = &CTILES(g)[tile];
    const int ntype = carc__types[pt->type].nseg;
    for (uint32_t b = want & (nseg < 32 ? (1u << nseg) - 1u : ~0u); b; b &= b - 1)
        if (seg_claim_ok(g, pt, ntype, __builtin_ctz(b), own)) return true;
    return false;
}

/* The deployments of figure kind k on the segments of mask m (bit s:
 * segment s), lowest first, into sink: a sink of ids only gets the ids
 * without an action being made (carc__sink_push_kind's way). */
static inline __attribute__((always_inline)) void deploy_push_segs(action_sink *sink, int k,
                                                                   uint32_t m)
{
    const int32_t id0 = CARC_ID_KIND_SEG + k * CARC_MAX_SEGMENTS;
    if (!sink->buf) {
        for (; m; m &= m - 1) carc__sink_push_id(sink, id0 + __builtin_ctz(m));
        return;
    }
    carc_action a;
    memset(&a, 0, sizeof a);
    a.kind = CARC_ACTION_DEPLOY;
    a.figure = k;
    for (; m; m &= m - 1) {
        a.segment = __builtin_ctz(m);
        carc__sink_push(sink, &a, id0 + a.segment);
    }
}

/* deploy_actions for kind k whose owner has deploy_segs (lib/module.h),
 * nseg <= 32: the owner's deploy_allowed for every segment at once, then
 * the rest of the rule (deploy_rule_asked: the claim test, the vetoes) for
 * those segments only -- the same answers, the rule's tests being
 * read-only, in the same order.  Out of line: the other kinds' paths in
 * deploy_actions stay as they were. */
__attribute__((noinline)) static void deploy_kind_segs(const carc_game *g, const carc_pending *p,
                                                       int k, int nseg, bool own,
                                                       action_sink *sink)
{
    const uint32_t allow = carc__modules[g->kind_owner[k]]->deploy_segs(g, p->player, k, p->target,
                                                                       nseg, p->arg);
    uint32_t ok = 0;
    for (uint32_t m = allow & (nseg < 32 ? (1u << nseg) - 1u : ~0u); m; m &= m - 1) {
        int s = __builtin_ctz(m);
        if (deploy_rule_asked(g, p->player, k, p->target, s, p->arg, own, 0, -1, false))
            ok |= 1u << s;
    }
    deploy_push_segs(sink, k, ok);
}

/* The segments s < nseg (<= 32) of placed tile `tile` every enabled
 * module's may_deploy allows for `player`'s figure of `kind` (HK_DEPLOY_SEGS:
 * each has may_deploy_segs), a bit each: vetoes_allow's answers at once. */
static inline __attribute__((always_inline)) uint32_t vetoes_allow_segs(const carc_game *g,
                                                                         int player, int kind,
                                                                         int tile, int nseg,
                                                                         int cause)
{
    uint32_t m = ~0u;
    for (uint32_t b = g->hooks_deploy; b && m; b &= b - 1) { /* in registry order */
        const int mod = __builtin_ctz(b);
        const carc_module_def *md = carc__modules[mod];
        if (veto_asked(g, md, mod, tile))
            m &= md->may_deploy_segs(g, player, kind, tile, nseg, cause);
    }
    return m;
}

/* deploy_actions for follower kind k no module rules (deploy_rule is
 * claim_ok and the vetoes) when every may_deploy hook has may_deploy_segs
 * (HK_DEPLOY_SEGS), nseg <= 32: the claimable segments (claim_mask), then
 * the vetoes' answers for all of them at once -- the same segments, in
 * the same order, the hooks being read-only.  Out of line: the other
 * kinds' paths in deploy_actions stay as they were. */
__attribute__((noinline)) static void deploy_follower_vetoed(const carc_game *g,
                                                             const carc_pending *p, int k,
                                                             int nseg, bool own,
                                                             action_sink *sink)
{
    uint32_t allow = claim_mask(g, p->target, nseg, own);
    if (allow) allow &= vetoes_allow_segs(g, p->player, k, p->target, nseg, p->arg);
    deploy_push_segs(sink, k, allow);
}

/* Does any may_deploy hook (hooks_deploy) ask about a deployment on tile
 * `tile` (veto_asked)?  When none does, the vetoes allow every deployment
 * there (vetoes_allow, vetoes_allow_segs: ~0u). */
static inline __attribute__((always_inline)) bool vetoes_asked(const carc_game *g, int tile)
{
    if (g->veto_at) return veto_at_asked(g, tile); /* the sole hook's word */
    for (uint32_t b = g->hooks_deploy; b; b &= b - 1) {
        const int m = __builtin_ctz(b);
        if (veto_asked(g, carc__modules[m], m, tile)) return true;
    }
    return false;
}

/* The segments of placed tile `tile` a figure of `kind` from `player`'s
 * supply may take for `cause` (lib/module.h, carc__supply_deploy_segs):
 * carc__figure_deploy_legal's rule for a supply figure with no flags
 * (deploy_rule, self_root -1), a bit a segment, nseg <= 32
 * (CARC_MAX_SEGMENTS) -- the claim mask and the vetoes' masks where the
 * hooks give them, the rule segment by segment elsewhere; its tests are
 * read-only, so the same answers.  any (a constant): only whether there is
 * one (carc__supply_deploy_any): nonzero exactly when the mask is, the
 * segments asked until the first allowed (the vetoes' masks first: their
 * hooks are read-only too). */
static inline __attribute__((always_inline)) uint32_t supply_deploy(const carc_game *g,
                                                                    int player, int kind,
                                                                    int tile, int cause,
                                                                    bool any)
{
    if (player < 0 || player >= g->nplayers || kind < 0 || kind >= CARC_FIGURE_KINDS ||
        !(g->supply_mask[player] >> kind & 1u) || tile < 0 || (uint32_t)tile >= g->ntiles ||
        !deploy_cause_ok(cause))
        return 0;
    const int nseg = carc__tile_nseg(g, tile);
    const bool own = cause == CARC_CAUSE_DEPLOY && tile == g->last_tile;
    const unsigned bit = 1u << kind;
    uint32_t m = nseg < 32 ? (1u << nseg) - 1u : ~0u;
    bool ask_custom = true;
    if ((g->kind_class[kind] & CARC_CLASS_FOLLOWER) && !(g->kind_custom & bit)) {
        /* deploy_rule is claim_ok and the vetoes */
        const bool no_veto = !(g->hookmask & HK_MAY_DEPLOY) ||
                             ((g->hookmask & HK_VETO_TILES) && !vetoes_asked(g, tile));
        if (any) {
            if (no_veto) return claim_any(g, tile, nseg, own, ~0u);
            if (g->hookmask & HK_DEPLOY_SEGS) {
                const uint32_t v = vetoes_allow_segs(g, player, kind, tile, nseg, cause);
                return v && claim_any(g, tile, nseg, own, v);
            }
        }
        m = claim_mask(g, tile, nseg, own);
        if (!m || no_veto) return m;
        if (g->hookmask & HK_DEPLOY_SEGS)
            return m & vetoes_allow_segs(g, player, kind, tile, nseg, cause);
    } else if ((g->kind_custom & bit) && carc__modules[g->kind_owner[kind]]->deploy_segs) {
        m &= carc__modules[g->kind_owner[kind]]->deploy_segs(g, player, kind, tile, nseg, cause);
        ask_custom = false;
    }
    for (uint32_t b = m; b; b &= b - 1) {
        const int s = __builtin_ctz(b);
        if (!deploy_rule_asked(g, player, kind, tile, s, cause, own, 0, -1, ask_custom))
            m &= ~(1u << s);
        else if (any)
            return 1;
    }
    return any ? 0 : m;
}

__attribute__((flatten)) uint32_t carc__supply_deploy_segs(const carc_game *g, int player, int kind,
                                                          int tile, int cause)
{
    return supply_deploy(g, player, kind, tile, cause, false);
}

__attribute__((flatten)) bool carc__supply_deploy_any(const carc_game *g, int player, int kind,
                                                     int tile, int cause)
{
    return supply_deploy(g, player, kind, tile, cause, true) != 0;
}

/* Does module md check the ids of its own decisions itself in game g
 * (carc_module_def.ids_checked, no figure move vetoed)? */
static inline __attribute__((always_inline)) bool ids_checked(const carc_game *g,
                                                              const carc_module_def *md)
{
    return md->ids_checked && !(g->hookmask & HK_MAY_MOVE);
}

/* listed_note, inline in the listings (below, with the note) */
static inline __attribute__((always_inline)) void listed_note(const carc_game *g,
                                                              const int32_t *ids, size_t n,
                                                              size_t room);

/* The module verbs of deployment p (the turn's own: HK_DEPLOY_ACTIONS,
 * not queued) after the core's ids in sink, noted */
static inline __attribute__((always_inline)) void deploy_verbs(const carc_game *g,
                                                                const carc_pending *p,
                                                                action_sink *sink)
{
    size_t n0 = sink->n;
    for (uint32_t b = g->hooks_verbs; b; b &= b - 1) /* in registry order */
        carc__modules[__builtin_ctz(b)]->deploy_actions(g, p, sink);
    /* the verbs listed (all of them, ascending: the listing's last
     * ids) kept as a module decision's listing is (listed_note;
     * a part of the listing: every id it holds is legal), so that
     * applying one asks neither action_legal nor the id's round trip
     * (module_id_legal); the core's own ids never ask the note; none
     * when their modules check them (HK_VERBS_CHECKED: apply_deploy_verb) */
    if (sink->n > n0 && sink->ids && sink->n <= sink->cap && !(g->hookmask & HK_VERBS_CHECKED))
        listed_note(g, sink->ids + n0, sink->n - n0, sink->cap - n0);
}

static inline __attribute__((always_inline)) void deploy_actions(const carc_game *g,
                                                                  const carc_pending *p,
                                                                  action_sink *sink)
{
    carc__sink_push_kind(sink, CARC_ACTION_PASS, 0, 0, CARC_ID_PASS);
    unsigned kinds;
    if (p->target >= 0 && __builtin_expect((kinds = g->supply_mask[p->player]) != 0, 1)) {
        /* deploy_ok's rule, its argument checks done once: the kinds in
         * supply (supply_mask; none: nothing to deploy, the tile not
         * read), the segments of the target tile */
        int nseg = carc__tile_nseg(g, p->target);
        bool own = !(p->flags & CARC_PENDING_QUEUED_DEPLOY);
        uint32_t claim = 0;
        bool claim_known = false;
        for (; kinds; kinds &= kinds - 1) {
            int k = __builtin_ctz(kinds);
            if ((g->kind_class[k] & CARC_CLASS_FOLLOWER) && !(g->kind_custom & (1u << k)) &&
                (!(g->hookmask & HK_MAY_DEPLOY) ||
                 ((g->hookmask & HK_VETO_TILES) && !vetoes_asked(g, p->target))) &&
                nseg <= 32) {
                /* a follower no module rules and no veto asked:
                 * deploy_rule is claim_ok, the same segments for every
                 * such kind */
                if (!claim_known) {
                    claim = claim_mask(g, p->target, nseg, own);
                    claim_known = true;
                }
                deploy_push_segs(sink, k, claim);
                continue;
            }
            if ((g->kind_custom & (1u << k)) && carc__modules[g->kind_owner[k]]->deploy_segs &&
                nseg <= 32) {
                deploy_kind_segs(g, p, k, nseg, own, sink);
                continue;
            }
            if ((g->hookmask & HK_DEPLOY_SEGS) && (g->kind_class[k] & CARC_CLASS_FOLLOWER) &&
                !(g->kind_custom & (1u << k)) && nseg <= 32) {
                deploy_follower_vetoed(g, p, k, nseg, own, sink);
                continue;
            }
            for (int s = 0; s < nseg; s++) {
                if (!deploy_rule(g, p->player, k, p->target, s, p->arg, own, 0, -1)) continue;
                const int32_t id = CARC_ID_KIND_SEG + k * CARC_MAX_SEGMENTS + s;
                if (!sink->buf) { /* ids only: no action made */
                    carc__sink_push_id(sink, id);
                    continue;
                }
                carc_action a;
                memset(&a, 0, sizeof a);
                a.kind = CARC_ACTION_DEPLOY;
                a.figure = k;
                a.segment = s;
                carc__sink_push(sink, &a, id);
            }
        }
    }
    /* module verbs only at the turn's own deployment */
    if ((g->hookmask & HK_DEPLOY_ACTIONS) && !(p->flags & CARC_PENDING_QUEUED_DEPLOY))
        deploy_verbs(g, p, sink);
}

void carc__deploy_actions(const carc_game *g, action_sink *sink)
{
    deploy_actions(g, &g->pend[0], sink);
}

size_t carc__deploy_pass_verbs(const carc_game *g, int32_t *ids, size_t cap)
{
    action_sink sink = {NULL, ids, cap, 0};
    carc__sink_push_id(&sink, CARC_ID_PASS);
    deploy_verbs(g, &g->pend[0], &sink);
    return sink.n;
}

int carc__enumerate(const carc_game *g, action_sink *sink)
{
    const carc_pending *p = carc__front(g);
    if (!p) return CARC_OK;
    switch (p->kind) {
    case CARC_DECISION_DRAW: {
        carc_action a;
        memset(&a, 0, sizeof a);
        a.kind = CARC_ACTION_DRAW;
        for (int t = 0; t < carc__ntypes; t++) {
            if (!carc__drawable(g, t)) continue;
            a.tile = t;
            carc__sink_push(sink, &a, t);
        }
        break;
    }
    case CARC_DECISION_PLACE:
        place_actions(g, sink);
        break;
    case CARC_DECISION_DEPLOY:
        carc__deploy_actions(g, sink);
        break;
    default:
        carc__module_actions(g, sink);
        break;
    }
    return CARC_OK;
}

/* carc__module_actions of a decision whose listing is noted: md's list,
 * then the whole listing of the ids kept (listed_note); out of line, so
 * the listing that is not noted keeps no frame */
static __attribute__((noinline)) void module_actions_noted(const carc_game *g, action_sink *sink,
                                                           const carc_module_def *md)
{
    md->decision_actions(g, &g->pend[0], sink);
    if (sink->ids && sink->n <= sink->cap) listed_note(g, sink->ids, sink->n, sink->cap);
}

void carc__module_actions(const carc_game *g, action_sink *sink)
{
    const carc_pending *p = &g->pend[0];
    const carc_module_def *md = p->owner < CARC_MODULE_SLOTS ? carc__modules[p->owner] : NULL;
    if (!md || !md->decision_actions) return;
    /* a decision whose ids its module's apply_listed_id checks itself
     * (ids_checked: carc__apply_id asks no note): the listing alone, in
     * tail position (no frame here) */
    if (!ids_checked(g, md)) {
        module_actions_noted(g, sink, md);
        return;
    }
    md->decision_actions(g, p, sink);
}

/* Is id among the legal ids of the pending decision?  Used before handing
 * an action to a module, so a module never sees an illegal one. */
static bool id_is_legal(const carc_game *g, int32_t id)
{
    int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
    action_sink s = {NULL, ids, CARC_NUM_DISTINCT_ACTIONS, 0};
    carc__enumerate(g, &s);
    for (size_t i = 0; i < s.n && i < s.cap; i++)
        if (ids[i] == id) return true;
    return false;
}

/* ------------------------------------------------- the listing just given */

/* listed_note's note, `noted` (lib/core/state.h): game, history length, the
 * forget generation it was taken in, and the listed ids, ascending. */
static _Atomic uint32_t listed_gen;
static _Thread_local struct {
    const carc_game *g;
    uint32_t nhist, gen, n;
    int32_t ids[CARC__LISTED_MAX];
} noted;

#define LISTED_SHORT 8
/* a note of at most this many ids is searched in a row (id_listed), a
 * longer one by halves */
#define LISTED_ROW 8
_Static_assert(LISTED_SHORT <= CARC__LISTED_MAX, "a short listing fits the note");
static inline __attribute__((always_inline)) void listed_note(const carc_game *g,
                                                              const int32_t *ids, size_t n,
                                                              size_t room)
{
    if (n > CARC__LISTED_MAX) {
        noted.g = NULL;
        return;
    }
    noted.g = g;
    noted.nhist = g->nhist;
    noted.gen = atomic_load_explicit(&listed_gen, memory_order_relaxed);
    noted.n = (uint32_t)n;
    /* a short listing (a module decision's few ids, a deployment's
     * verbs: nearly all of them) in one fixed-size copy when
     * the sink has room for it: what follows the n ids is never read */
    if (n <= LISTED_SHORT && room >= LISTED_SHORT)
        memcpy(noted.ids, ids, LISTED_SHORT * sizeof ids[0]);
    else
        memcpy(noted.ids, ids, n * sizeof ids[0]);
}

void carc__listed_forget(void)
{
    atomic_fetch_add_explicit(&listed_gen, 1, memory_order_relaxed);
    noted.g = NULL;
}

/* Is id among the ids carc_game_legal_ids listed for g in this state? */
static inline bool id_listed(const carc_game *g, int32_t id)
{
    if (noted.g != g || noted.nhist != g->nhist ||
        noted.gen != atomic_load_explicit(&listed_gen, memory_order_relaxed))
        return false;
    /* ascending (the listing's contract): a few ids (a module decision's,
     * a deployment's verbs) in a row, more by a binary search */
    if (noted.n <= LISTED_ROW) {
        for (uint32_t i = 0; i < noted.n; i++)
            if (noted.ids[i] >= id) return noted.ids[i] == id;
        return false;
    }
    uint32_t lo = 0, hi = noted.n;
    while (lo < hi) {
        uint32_t mid = (lo + hi) / 2;
        if (noted.ids[mid] < id) lo = mid + 1;
        else hi = mid;
    }
    return lo < noted.n && noted.ids[lo] == id;
}

bool carc__listed_has(const carc_game *g, int32_t id) { return id_listed(g, id); }

/* Is id legal at decision p, which module md answers (its own decision, or
 * one of its verbs at the turn's own deployment)?  *canon: the action of
 * the id.  The module's action_legal when it has one (one question instead
 * of every legal action listed), else id_is_legal.  dec, if not NULL: the
 * caller's carc__action_decode of id in this state (apply_entry's
 * `decoded`), taken as it is instead of decoding the id again, and form
 * the form that decoded it (carc__id_round_trips). */
static bool module_id_legal(const carc_game *g, const carc_module_def *md,
                            const carc_pending *p, int32_t id, carc_action *canon,
                            const carc_action *dec, const carc_action_def *form)
{
    if (dec) *canon = *dec;
    if (id_listed(g, id)) /* listed in this state: legal, and its own canonical id */
        return dec || carc__action_from_id(g, id, canon) == CARC_OK;
    if (!md->action_legal)
        return id_is_legal(g, id) && (dec || carc__action_from_id(g, id, canon) == CARC_OK);
    if (!dec && carc__action_decode(g, id, canon, &form) != CARC_OK) return false;
    return carc__id_round_trips(g, canon, id, form) && md->action_legal(g, p, canon);
}

/* ----------------------------------------------------------------- chance */

int carc__chance_weights(const carc_game *g, int32_t *ids, uint32_t *w, size_t cap)
{
    const carc_pending *p = carc__front(g);
    if (!p || p->player != CARC_PLAYER_CHANCE) return CARC_E_STATE;
    if (p->kind == CARC_DECISION_DRAW) {
        size_t n = 0;
        const uint8_t *remain = CREMAIN(g);
        /* the tile tags the drawable hooks examine (draw_veto_ttags); every
         * other type with copies left is drawable without asking */
        uint32_t vetoed = 0;
        bool every = false; /* a hook examines every type */
        for (uint32_t b = g->hooks_drawable; b; b &= b - 1) {
            uint32_t tt = carc__modules[__builtin_ctz(b)]->draw_veto_ttags;
            vetoed |= tt;
            every |= !tt;
        }
        for (int t = 0; t < carc__ntypes; t++) {
            if ((t & 7) == 0 && t + 8 <= carc__ntypes) { /* eight counts of 0 at once:
                                                          the tile sets not in play */
                uint64_t w8;
                memcpy(&w8, remain + t, sizeof w8);
                if (!w8) { t += 7; continue; }
            }
            if (!remain[t] ||
                ((every || (carc__types[t].tags & vetoed)) && !carc__drawable(g, t)))
                continue;
            if (n < cap) {
                ids[n] = t;
                w[n] = CREMAIN(g)[t];
            }
            n++;
        }
        return (int)n;
    }
    const carc_module_def *md = p->owner < CARC_MODULE_SLOTS ? carc__modules[p->owner] : NULL;
    if (!md || !md->chance_outcomes) return CARC_E_STATE;
    return md->chance_outcomes(g, p, ids, w, cap);
}

static bool room_for_one_more(const carc_game *g);
static void history_push(carc_game *g, int32_t id, bool sampled);
static inline void plain_pop_front(carc_game *g);

/* carc__sampled_only of chance decision p (its player is chance): the
 * core's draw is never one, so it is answered before any module is read */
static inline bool sampled_only(const carc_pending *p)
{
    return p->owner < CARC_MODULE_SLOTS && (p->flags & CARC_PENDING_SAMPLED_ONLY) &&
           carc__modules[p->owner]->chance_sample;
}

bool carc__pipeline_only = false;

/* May the draw just taken go on to the placement in straight line (what
 * plain_advance and draw_advance do with a draw)?  Where the core's own turn runs
 * (g->plain), and in a module game whose PLACE step begins with the core's
 * placement: once the DRAW step is done (step_pos == nsteps[DRAW], which
 * the callers check: the draw came from its last hook, the core's or a
 * module's ahead of it), carc__advance would pass to the core's placement
 * calling nothing else (next_step: skip[PLACE] is PLACE, as core_place is
 * always there).  carc__pipeline_only (tests) sends module games the
 * general way. */
static inline bool straight_draw(const carc_game *g)
{
    return g->plain || (g->prog[g->pstart[CARC_STEP_PLACE]].owner == CARC_CORE_OWNER &&
                        !carc__pipeline_only);
}

/* The draw of tile type t (drawable: drawn from the pile's counts, among
 * the types no module vetoes when some drawable hook is asked,
 * draw_vetoed) applied in straight line where straight_draw allows it,
 * no draw_aside hook is asked (hooks_aside) and t fits somewhere: what
 * apply_entry, apply_draw (listed) and plain_advance or draw_advance do
 * then, in the same order, leaving the same state.  false (nothing
 * changed): not that case, apply it the general way.  Its one caller,
 * carc__sample_chance (plain_draw_out), found the core's draw pending
 * (pend[0].kind). */
static bool plain_draw(carc_game *g, int t)
{
    if ((g->plain ? g->step_pos != 1 /* nsteps[DRAW] */
                  : carc__pipeline_only || g->step_pos != g->draw_end) ||
        g->npending != 1 || g->step != CARC_STEP_DRAW ||
        (g->flags & TF_FAULT) || g->hooks_aside ||
        !carc__repair_shut(g) || /* carc__placeable then asks no module, so it may come first */
        !room_for_one_more(g) || !carc__placeable(g, t))
        return false;
    REMAIN(g)[t]--;
    g->total_remaining--;
    g->drawn = t;
    plain_pop_front(g);
    history_push(g, t, true);
    g->step = CARC_STEP_PLACE;
    g->step_pos = 1;
    core_place_inline(g);
    return true;
}

/* plain_draw of type t (>= 0) with carc__sample_chance's answers in out
 * and id_out; false: nothing changed */
static inline __attribute__((always_inline)) bool plain_draw_out(carc_game *g, int32_t t,
                                                                 carc_action *out,
                                                                 int32_t *id_out)
{
    if (!plain_draw(g, t)) return false;
    if (out) {
        memset(out, 0, sizeof *out);
        out->kind = CARC_ACTION_DRAW;
        out->tile = t;
    }
    if (id_out) *id_out = t;
    return true;
}

/* the eight counts remain[t..t+8) as one word, each cleared where mask
 * (NULL: none) is 0xFF */
static inline __attribute__((always_inline)) uint64_t load8_masked(const uint8_t *remain,
                                                                   const uint8_t *mask, int t)
{
    uint64_t w;
    memcpy(&w, remain + t, sizeof w);
    if (mask) {
        uint64_t m;
        memcpy(&m, mask + t, sizeof m);
        w &= ~m;
    }
    return w;
}

/* The tile type of the r-th tile of the pile (0 <= r < the sum of the
 * counts remain[0..nt)), each count cleared where mask (NULL: none; else
 * nt bytes, 0 or 0xFF) is 0xFF: the first type whose running count passes
 * r, or -1.  The counts are summed by blocks of sixteen and eight while
 * the pick lies past them, then found inside its block of eight.  gap
 * (a constant where false): the blocks of sixteen from gap_lo to gap_hi
 * (multiples of sixteen, gap_lo <= gap_hi <= nt) hold only counts of 0,
 * passed over. */
static inline __attribute__((always_inline)) int pick_type_in(const uint8_t *remain,
                                                              const uint8_t *mask, int nt, int r,
                                                              bool gap, int gap_lo, int gap_hi)
{
    int t = 0, sum = -1;
#if defined(__SSE2__)
    int end = gap ? gap_lo : nt;
blocks:
    for (; t + 16 <= end; t += 16) {
        /* psadbw: the sums of the two halves' eight counts */
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(remain + t));
        if (mask)
            v = _mm_andnot_si128(_mm_loadu_si128((const __m128i *)(const void *)(mask + t)), v);
        __m128i sad = _mm_sad_epu8(v, _mm_setzero_si128());
        int lo = _mm_cvtsi128_si32(sad), hi = _mm_extract_epi16(sad, 4);
        if (r < lo) {
            sum = lo;
            break;
        }
        r -= lo;
        if (r < hi) {
            t += 8;
            sum = hi;
            break;
        }
        r -= hi;
    }
    if (gap && sum < 0 && t < gap_hi) { /* on past the gap (t == gap_lo), once */
        t = gap_hi;
        end = nt;
        goto blocks;
    }
    if (sum < 0)
#endif
        for (; t + 8 <= nt; t += 8) {
            /* their sum in 16-bit lanes: counts are bytes, at most 8 x 255 */
            const uint64_t w = load8_masked(remain, mask, t);
            uint64_t p = (w & 0x00FF00FF00FF00FFull) + ((w >> 8) & 0x00FF00FF00FF00FFull);
            int s8 = (int)((p * 0x0001000100010001ull) >> 48);
            if (r < s8) {
                sum = s8;
                break;
            }
            r -= s8;
        }
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (sum >= 0 && sum < 128) {
        /* the pick inside the eight counts from t: byte i of pre is the
         * sum of counts 0..i (no carry below 128); the first whose sum
         * passes r, as the walk one by one finds */
        const uint64_t w = load8_masked(remain, mask, t);
        uint64_t pre = w * 0x0101010101010101ull;
        uint64_t hit = ((pre | 0x8080808080808080ull) -
                        (uint64_t)(r + 1) * 0x0101010101010101ull) & 0x8080808080808080ull;
        return t + (__builtin_ctzll(hit) >> 3);
    }
#endif
    for (; t < nt; t++) {
        r -= mask ? remain[t] & ~mask[t] : remain[t];
        if (r < 0) return t;
    }
    return -1;
}

static inline int pick_type(const uint8_t *remain, int nt, int r)
{
    return pick_type_in(remain, NULL, nt, r, false, 0, 0);
}

int carc__pick_masked(const uint8_t *remain, const uint8_t *mask, int nt, int r)
{
    return pick_type_in(remain, mask, nt, r, false, 0, 0);
}

int carc__pick_gap(const uint8_t *remain, int nt, int r, int lo, int hi)
{
    return pick_type_in(remain, NULL, nt, r, true, lo, hi);
}

#if defined(__SSE2__)
/* from byte k: sixteen bytes whose first 16 - k are 0 (the counts an
 * overlapping last chunk has already summed) */
static const uint8_t tail_sel[32] = {
    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
};
#endif
/* cnt[t] = remain[t] with the bytes where mask[t] is 0xFF cleared, t < nt
 * (mask 0 or 0xFF, the three arrays nt bytes long); returns the sum
 * of the counts cleared.  draw_vetoed's copy, sixteen at a time (the last
 * sixteen overlapping); test_princess_dragon.c `counts_masked` compares it
 * with the byte-by-byte answer for every nt up to 64. */
uint32_t carc__counts_masked(const uint8_t *remain, const uint8_t *mask, int nt, uint8_t *cnt)
{
    uint32_t gone = 0;
    int t = 0;
#if defined(__SSE2__)
    if (nt >= 16) {
        __m128i sad = _mm_setzero_si128();
        for (; t + 16 <= nt; t += 16) {
            const __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(remain + t));
            const __m128i m = _mm_loadu_si128((const __m128i *)(const void *)(mask + t));
            _mm_storeu_si128((__m128i *)(void *)(cnt + t), _mm_andnot_si128(m, v));
            sad = _mm_add_epi64(sad, _mm_sad_epu8(_mm_and_si128(m, v), _mm_setzero_si128()));
        }
        if (t < nt) {
            /* the last sixteen counts, overlapping those done: the copy
             * rewrites the same bytes, the sum takes only the new ones */
            const int o = nt - 16;
            const __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(remain + o));
            const __m128i m = _mm_loadu_si128((const __m128i *)(const void *)(mask + o));
            const uint8_t *sel = tail_sel + (nt - t); /* (inside tail_sel: nt - t < 16) */
            const __m128i fresh = _mm_loadu_si128((const __m128i *)(const void *)sel);
            _mm_storeu_si128((__m128i *)(void *)(cnt + o), _mm_andnot_si128(m, v));
            sad = _mm_add_epi64(sad, _mm_sad_epu8(_mm_and_si128(_mm_and_si128(m, fresh), v),
                                                  _mm_setzero_si128()));
            t = nt;
        }
        gone = (uint32_t)_mm_cvtsi128_si32(sad) +
               (uint32_t)_mm_cvtsi128_si32(_mm_srli_si128(sad, 8));
    }
#endif
    for (; t < nt; t++) {
        cnt[t] = (uint8_t)(remain[t] & ~mask[t]);
        gone += remain[t] & mask[t];
    }
    return gone;
}

/* The draw while modules may veto one (g->hooks_drawable, each examining
 * only its draw_veto_ttags): a copy of the pile's counts with the vetoed
 * types' set to 0, one random number below their sum and the type it
 * falls on -- the outcome carc__chance_weights' list and the walk of
 * carc__sample_chance give for the same number, without the list (true:
 * the number was drawn).  false, nothing drawn: a hook examines every type, nothing may be drawn, or the
 * catalogue is larger than the copy (the list then). */
#define DRAW_COPY 1024
static __attribute__((noinline)) bool draw_vetoed(carc_game *g, int32_t *id)
{
    const uint8_t *remain = CREMAIN(g);
    const int nt = carc__ntypes;
    uint32_t vetoed = 0, refused = 0;
    for (uint32_t b = g->hooks_drawable; b; b &= b - 1) {
        const carc_module_def *md = carc__modules[__builtin_ctz(b)];
        uint32_t tt = md->draw_veto_ttags;
        if (!tt) return false; /* a hook examines every type */
        vetoed |= tt;
        if (md->draw_veto_tagged) refused |= tt; /* carc__drawable refuses them unasked */
    }
    if (nt > DRAW_COPY) return false;
    /* found once per thread for the catalogue: the types carrying a tag a
     * hook is asked about (`asked`, each examined by carc__drawable), and a
     * byte mask of those refused unasked (0xFF: a tag in `refused`); the
     * whole blocks of sixteen types holding one of those (blk), and the
     * first of them past the last whole block (ref[ref_tail..nref)) */
    static _Thread_local struct {
        uint32_t vetoed, refused;
        int n, nref, nblk, ref_tail;
        int16_t asked[DRAW_COPY];
        int16_t ref[DRAW_COPY]; /* the types refused unasked, in order */
        int16_t blk[DRAW_COPY / 16];
        uint8_t mask[DRAW_COPY] __attribute__((aligned(16)));
    } tagged;
    if (tagged.vetoed != vetoed || tagged.refused != refused) {
        tagged.n = tagged.nref = tagged.nblk = 0;
        for (int t = 0; t < nt; t++) {
            const uint32_t tags = carc__types[t].tags;
            tagged.mask[t] = (tags & refused) ? 0xFF : 0;
            if (tags & refused) tagged.ref[tagged.nref++] = (int16_t)t;
            if ((tags & vetoed) && !(tags & refused)) tagged.asked[tagged.n++] = (int16_t)t;
        }
        int whole = 0;
#if defined(__SSE2__)
        whole = nt & ~15;
#endif
        tagged.ref_tail = 0;
        for (int i = 0; i < tagged.nref; i++) {
            const int t = tagged.ref[i];
            if (t >= whole) break;
            if (!tagged.nblk || tagged.blk[tagged.nblk - 1] != (t & ~15))
                tagged.blk[tagged.nblk++] = (int16_t)(t & ~15);
            tagged.ref_tail = i + 1;
        }
        tagged.vetoed = vetoed;
        tagged.refused = refused;
    }
    if (tagged.n == 0) {
        /* every type vetoed is refused unasked (the dragon tiles while they
         * wait): the pick reads the counts through the mask, no copy; the
         * counts taken out are the refused types' own */
        uint32_t gone = 0;
#if defined(__SSE2__)
        if (tagged.nblk) { /* the blocks holding one, through the mask */
            __m128i sad = _mm_setzero_si128();
            for (int i = 0, n = tagged.nblk; i < n; i++) {
                const int t = tagged.blk[i];
                const __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(remain + t));
                const __m128i m = _mm_load_si128((const __m128i *)(const void *)(tagged.mask + t));
                sad = _mm_add_epi64(sad, _mm_sad_epu8(_mm_and_si128(m, v), _mm_setzero_si128()));
            }
            gone = (uint32_t)_mm_cvtsi128_si32(sad) +
                   (uint32_t)_mm_cvtsi128_si32(_mm_srli_si128(sad, 8));
        }
#endif
        for (int i = tagged.ref_tail, n = tagged.nref; i < n; i++) gone += remain[tagged.ref[i]];
        const int64_t total = g->total_remaining - (int64_t)gone;
        if (total <= 0 || total > UINT32_MAX) return false;
        int r = (int)carc__rng_below(g, (uint32_t)total);
        /* (-1 only if the total were wrong) */
        *id = (g->draw_odd & DRAW_GAP)
                  ? pick_type_in(remain, tagged.mask, nt, r, true, g->gap_lo, g->gap_hi)
                  : pick_type_in(remain, tagged.mask, nt, r, false, 0, 0);
        return true;
    }
    uint8_t cnt[DRAW_COPY] __attribute__((aligned(16)));
    const uint32_t gone = carc__counts_masked(remain, tagged.mask, nt, cnt);
    int64_t total = g->total_remaining - (int64_t)gone;
    const int16_t *type = tagged.asked;
    for (int i = 0, n = tagged.n; i < n; i++) {
        const int u = type[i];
        if (remain[u] && !carc__drawable(g, u)) {
            total -= remain[u];
            cnt[u] = 0;
        }
    }
    if (total <= 0 || total > UINT32_MAX) return false;
    int r = (int)carc__rng_below(g, (uint32_t)total);
    *id = pick_type(cnt, nt, r); /* (-1 only if the total were wrong) */
    return true;
}

/* One random number below the pile's count, and the type it falls on:
 * the tile draw's and a pile_chance decision's (-1 only if the counts
 * disagreed with the total).  The caller checked the pile is not empty. */
static inline int32_t pile_pick(carc_game *g)
{
    int r = (int)carc__rng_below(g, (uint32_t)g->total_remaining);
    return pick_type(CREMAIN(g), carc__ntypes, r);
}

/* The tile draw when draw_odd is not 0: among the types no module vetoes
 * (draw_vetoed; false, nothing drawn: the list then), or from the whole
 * pile passing over its gap (DRAW_GAP alone) -- the type the same number
 * falls on.  *id -1: the pile is empty. */
static inline __attribute__((always_inline)) bool draw_odd(carc_game *g, int32_t *id)
{
    if (g->draw_odd & DRAW_VETOES) return draw_vetoed(g, id);
    if (g->total_remaining <= 0) {
        *id = -1;
        return true;
    }
    const int r = (int)carc__rng_below(g, (uint32_t)g->total_remaining);
    *id = pick_type_in(CREMAIN(g), NULL, carc__ntypes, r, true, g->gap_lo, g->gap_hi);
    return true;
}

/* Are the outcomes of chance decision p (a module's) the pile's, listed
 * by its module without a veto (pile_chance, lib/module.h)? */
static inline bool pile_chance(const carc_game *g, const carc_pending *p)
{
    if (p->owner >= CARC_MODULE_SLOTS || g->hooks_drawable) return false;
    const carc_module_def *md = carc__modules[p->owner];
    int k = (int)p->kind - CARC_MODULE_KIND(p->owner, 0);
    return md->pile_chance && k >= 0 && k < 16 && ((md->pile_chance >> k) & 1u);
}

int carc__sample_chance(carc_game *g, carc_action *out, int32_t *id_out)
{
    const carc_pending *p = carc__front(g);
    if (!p || p->player != CARC_PLAYER_CHANCE) return CARC_E_STATE;
    int32_t id = -1;
    if (sampled_only(p)) {
        /* a structured outcome the module samples (sampled-only chance) */
        const carc_module_def *md = carc__modules[p->owner];
        carc_action a;
        int rc = md->chance_sample(g, p, &a);
        if (!rc) rc = carc__action_id(g, &a, &id);
        if (!rc) rc = carc__apply(g, &a, id, true);
        if (rc == CARC_OK) {
            if (out) *out = a;
            if (id_out) *id_out = id;
        }
        return rc;
    }
    const unsigned odd = g->draw_odd;
    if (p->kind == CARC_DECISION_DRAW && (!odd || draw_odd(g, &id))) {
        if (!odd) {
            /* the hot path: walk the counts */
            if (g->total_remaining <= 0) return CARC_E_STATE;
            id = pile_pick(g);
        } else if (id < 0) { /* (draw_odd: past the gap, or among the types not vetoed) */
            return CARC_E_STATE;
        }
        /* in straight line where it can (one plain_draw, inline) */
        if (id >= 0 && plain_draw_out(g, id, out, id_out)) return CARC_OK;
    } else if (pile_chance(g, p)) {
        /* a module's decision whose outcomes are the pile's: drawn as the
         * tile is above (the total is the sum of the weights listed) */
        if (g->total_remaining <= 0 || (id = pile_pick(g)) < 0) return CARC_E_STATE;
    } else {
        int32_t ids[CARC_MAX_CHANCE_OUTCOMES];
        uint32_t w[CARC_MAX_CHANCE_OUTCOMES];
        int n = carc__chance_weights(g, ids, w, CARC_MAX_CHANCE_OUTCOMES);
        if (n <= 0) return n < 0 ? n : CARC_E_STATE;
        if (n > CARC_MAX_CHANCE_OUTCOMES) return CARC_E_LIMIT;
        uint64_t total = 0;
        for (int i = 0; i < n; i++) total += w[i];
        if (total == 0 || total > UINT32_MAX) return CARC_E_STATE;
        uint64_t r = carc__rng_below(g, (uint32_t)total);
        for (int i = 0; i < n; i++) {
            if (r < w[i]) { id = ids[i]; break; }
            r -= w[i];
        }
    }
    carc_action a;
    int rc = CARC_OK;
    if (p->kind == CARC_DECISION_DRAW) {
        memset(&a, 0, sizeof a);
        a.kind = CARC_ACTION_DRAW;
        a.tile = id;
    } else {
        rc = carc__action_from_id(g, id, &a);
    }
    /* id is one of the outcomes carc__chance_weights listed */
    if (!rc) rc = apply_entry(g, &a, id, true, NULL, GIVEN_LISTED, p->kind != CARC_DECISION_DRAW,
                              NULL);
    if (rc == CARC_OK) {
        if (out) *out = a;
        if (id_out) *id_out = id;
    }
    return rc;
}

/* ---------------------------------------------------------------- apply */

/* Every bound is declared and summed at creation, so there is always room
 * for one more decision's history and score events; this only fails if a
 * declaration is wrong, and then before anything changed. */
static bool room_for_one_more(const carc_game *g)
{
    return g->nhist + 2 + CARC_PAYLOAD_MAX <= g->L.cap_hist &&
           g->nlog + g->L.log_per_apply <= g->L.cap_log;
}

static void history_push(carc_game *g, int32_t id, bool sampled)
{
    /* room was checked before anything changed (carc__apply) */
    HIST(g)[g->nhist++] = (uint16_t)((uint32_t)id | (sampled ? HIST_SAMPLED : 0u));
}

/* The history entry of a structured outcome: id, flag, length, words. */
static void history_push_payload(carc_game *g, int32_t id, bool sampled, const uint16_t *w, int n)
{
    uint16_t *H = HIST(g);
    H[g->nhist++] = (uint16_t)((uint32_t)id | HIST_PAYLOAD | (sampled ? HIST_SAMPLED : 0u));
    H[g->nhist++] = (uint16_t)n;
    for (int i = 0; i < n; i++) H[g->nhist++] = w[i];
}

/* The history words that applying a (id) at the pending decision writes;
 * their number, or an error. */
int carc__entry_words(const carc_game *g, const carc_action *a, int32_t id, bool sampled,
                      uint16_t *out)
{
    const carc_pending *p = carc__front(g);
    if (!p) return CARC_E_STATE;
    out[0] = (uint16_t)((uint32_t)id | (sampled ? HIST_SAMPLED : 0u));
    const carc_module_def *md = p->owner < CARC_MODULE_SLOTS ? carc__modules[p->owner] : NULL;
    if (p->player != CARC_PLAYER_CHANCE || !md || !md->outcome_payload ||
        !CARC_KIND_IS_MODULE(a->kind) || CARC_KIND_MODULE(a->kind) != md->id)
        return 1;
    int n = md->outcome_payload(g, p, a, out + 2, CARC_PAYLOAD_MAX);
    if (n < 0 || n > CARC_PAYLOAD_MAX) return CARC_E_ILLEGAL;
    if (n == 0) return 1;
    out[0] |= HIST_PAYLOAD;
    out[1] = (uint16_t)n;
    return 2 + n;
}

/* Is the pending decision a chance decision without a list of outcomes? */
bool carc__sampled_only(const carc_game *g)
{
    const carc_pending *p = carc__front(g);
    return p && p->player == CARC_PLAYER_CHANCE && sampled_only(p);
}

static int apply_deploy(carc_game *g, const carc_pending *p, const carc_action *a, int32_t id,
                        bool decoded, const carc_action_def *form)
{
    if (a->kind == CARC_ACTION_PASS) return CARC_OK;
    if (a->kind == CARC_ACTION_DEPLOY) {
        if (!deploy_ok(g, p, a->figure, a->segment)) return CARC_E_ILLEGAL;
        int f = carc__figure_in_supply(g, p->player, a->figure);
        if (f < 0) return CARC_E_ILLEGAL;
        /* the turn's own: CARC_CAUSE_DEPLOY (arg 0); a queued one: its cause */
        return carc__figure_move(g, f, CARC_PLACE_SEGMENT, p->target, a->segment, 0, 0, p->arg);
    }
    /* a module's deployment alternative */
    const carc_module_def *md = CARC_KIND_IS_MODULE(a->kind)
                                    ? carc__modules[CARC_KIND_MODULE(a->kind)] : NULL;
    carc_action canon;
    if (!md || !carc__module_on(g, md->id) || !md->decision_apply ||
        (p->flags & CARC_PENDING_QUEUED_DEPLOY) || !module_id_legal(g, md, p, id, &canon, decoded ? a : NULL, form) ||
        canon.kind != a->kind)
        return CARC_E_ILLEGAL;
    return md->decision_apply(g, p, &canon);
}

/* The pipeline when only the core has step hooks (g->plain), after the
 * core decision `kind` was taken: the same steps as carc__advance, in
 * straight line, leaving the same state (a test plays games both ways and
 * compares them after every decision).  Anything unusual -- a tile set
 * aside, the end of the game -- goes back to carc__advance. */
static void plain_advance(carc_game *g, int kind)
{
    if (g->npending > 0 || (g->flags & TF_FAULT)) return;
    /* only where the core's own step queued the decision just taken */
    static const uint8_t step_of[3] = {CARC_STEP_DRAW, CARC_STEP_PLACE, CARC_STEP_DEPLOY};
    if (g->step != step_of[kind] || g->step_pos != 1) kind = -1;
    switch (kind) {
    case CARC_DECISION_DRAW:
        if (g->drawn < 0) break;
        g->step = CARC_STEP_PLACE;
        g->step_pos = 1;
        core_place(g);
        return;
    case CARC_DECISION_PLACE:
        g->step = CARC_STEP_DEPLOY;
        g->step_pos = 1;
        core_deploy(g);
        return;
    case CARC_DECISION_DEPLOY:
        /* (nothing completed: the scoring step has nothing to do) */
        if (carc__collect_completed(g)) carc__score_next(g);
        if (g->flags & TF_FAULT) return; /* as carc__advance: stop */
        if (g->total_remaining == 0 || (g->flags & (TF_EXTRA_PART | TF_NO_TILE))) {
            g->step = CARC_STEP_PART_END;
            g->step_pos = 0;
            break;
        }
        next_player(g);
        g->step = CARC_STEP_DRAW;
        g->step_pos = 1;
        core_draw_inline(g);
        if (g->npending > 0) return;
        g->step_pos = 1;
        break;
    default:
        break;
    }
    carc__advance(g);
}

/* plain_advance's draw in a module game (!g->plain) where straight_draw
 * allows it: once every hook of the DRAW step has run, the core's
 * placement; anything else goes to carc__advance. */
static void draw_advance(carc_game *g)
{
    if (g->npending > 0 || (g->flags & TF_FAULT)) return;
    if (g->step == CARC_STEP_DRAW && g->step_pos == g->nsteps[CARC_STEP_DRAW] && g->drawn >= 0) {
        g->step = CARC_STEP_PLACE;
        g->step_pos = 1;
        core_place(g);
        return;
    }
    carc__advance(g);
}

static bool tail_stop(carc_game *g, unsigned i, unsigned s, int r);

/* After a placement in a module game (!g->plain): once every hook of the
 * PLACE step has run, the ops of AFTER_PLACE and of DEPLOY up to the
 * core's deployment (one after the other in prog) as carc__advance runs
 * them -- a module's hook whose gate is closed passed over, every other
 * one called -- then the core's deployment, in straight line, leaving what
 * carc__advance leaves.  step and step_pos are stored where the walk stops
 * (tail_stop, a hook's decision) or at the deployment: nothing reads them
 * in these steps (carc__turn_start: END_PHASE only; carc__tile_in_hand_set:
 * DRAW only; g->step is still PLACE).  Anything else goes to carc__advance
 * (and every module game with carc__pipeline_only, tests). */
/* place_advance when every hook before the core's deployment is shut
 * (place_pos, place_tags): the deployment (out of line: the plain path's
 * deployment in carc__apply_place_id stays as it was) */
static __attribute__((noinline)) void place_deploy(carc_game *g)
{
    g->step = CARC_STEP_DEPLOY;
    g->step_pos = g->place_pos;
    core_deploy(g);
}

static void place_advance(carc_game *g)
{
    if (g->npending > 0 || (g->flags & TF_FAULT)) return;
    if (g->step == CARC_STEP_PLACE && g->step_pos == g->nsteps[CARC_STEP_PLACE] &&
        !carc__pipeline_only) {
        if (g->place_pos && g->last_tile >= 0 &&
            !(carc__types[CTILES(g)[g->last_tile].type].tags & g->place_tags)) {
            /* every hook before the deployment shut (place_pos, place_tags) */
            place_deploy(g);
            return;
        }
        const uint8_t *ps = g->pstart;
        /* (the walk ends at the core's deployment, which DEPLOY always
         * holds: AFTER_PLACE and DEPLOY lie one after the other in prog;
         * the bound is prog's own) */
        for (unsigned i = ps[CARC_STEP_AFTER_PLACE]; i < MAX_STEP_OPS; i++) {
            const step_op o = g->prog[i];
            if (o.owner == CARC_CORE_OWNER) { /* core_deploy: the core's only hook here */
                g->step = CARC_STEP_DEPLOY;
                g->step_pos = (uint8_t)(i - ps[CARC_STEP_DEPLOY] + 1); /* it queues the deployment */
                core_deploy(g);
                return;
            }
            if (o.work && !gate_open(g, o)) continue;
            int r = carc__modules[o.owner]->steps[o.index & OP_INDEX].fn(g);
            if (r == CARC_HOOK_JUMP || g->npending > 0 || (g->flags & TF_FAULT)) {
                tail_stop(g, i, CARC_STEP_AFTER_PLACE, r);
                return;
            }
        }
    }
    carc__advance(g);
}

/* ------------------------------------------- the turn's tail in straight line */

/* Hook op i was just called (r its answer) and the walk stops: what
 * carc__advance leaves then (a decision queued, the game faulted; a jump:
 * carc__advance goes on from the step carc__turn_start set, when nothing
 * is pending).  Its step is the first from s whose ops end past i (the
 * steps lie one after the other in prog, an empty one taking no room; s
 * at most op i's step).  Always true. */
static __attribute__((noinline)) bool tail_stop(carc_game *g, unsigned i, unsigned s, int r)
{
    if (r == CARC_HOOK_JUMP) {
        if (g->npending == 0 && !(g->flags & TF_FAULT)) carc__advance(g);
        return true;
    }
    while (i >= (unsigned)g->pstart[s] + g->nsteps[s]) s++;
    const unsigned pos = i - g->pstart[s];
    g->step = (uint8_t)s;
    g->step_pos = (uint8_t)(r == CARC_HOOK_AGAIN && g->npending > 0 ? pos : pos + 1);
    return true;
}

/* Call hook op i (a module's, or the core's) as carc__advance does: step
 * and step_pos stored before the call; its step is the first from s whose
 * ops end past i (the steps lie one after the other in prog, an empty one
 * taking no room).  true: the walk stops here (tail_stop); false: go on
 * with op i + 1. */
static __attribute__((noinline)) bool tail_call(carc_game *g, unsigned i, unsigned s)
{
    while (i >= (unsigned)g->pstart[s] + g->nsteps[s]) s++;
    const step_op o = g->prog[i];
    const unsigned pos = i - g->pstart[s];
    g->step = (uint8_t)s;
    g->step_pos = (uint8_t)pos;
    int r;
    if (o.owner != CARC_CORE_OWNER) {
        r = carc__modules[o.owner]->steps[o.index & OP_INDEX].fn(g);
    } else {
        r = core_hook(g, o.index);
    }
    if (r == CARC_HOOK_JUMP || g->npending > 0 || (g->flags & TF_FAULT))
        return tail_stop(g, i, s, r);
    return false;
}

/* Ops i..end of the step program, from step s on (BEFORE_SCORING to
 * TURN_END), as carc__advance runs them: a module's hook whose gate is
 * closed passed over, every other hook called; the core's collection
 * called directly (it reads no step and queues nothing), its scoring not
 * called when nothing collected is left to score (carc__score_next then
 * changes nothing).  step and step_pos are stored when the walk stops
 * (tail_stop), not before each call as carc__advance does: in these steps
 * nothing reads them (carc__turn_start: END_PHASE only; carc__tile_in_hand_set:
 * DRAW only; g->step is still DEPLOY or the step the walk began in, never
 * one of those).  true: stopped (tail_stop). */
static inline __attribute__((always_inline)) bool tail_ops(carc_game *g, unsigned i,
                                                           unsigned end, unsigned s)
{
    for (; i < end; i++) {
        const step_op o = g->prog[i];
        int r;
        if (o.owner != CARC_CORE_OWNER) {
            if (o.work && !gate_open(g, o)) continue;
            r = carc__modules[o.owner]->steps[o.index & OP_INDEX].fn(g);
        } else if (o.index == 3) { /* core_collect: it queues nothing */
            carc__collect_completed(g);
            if (g->flags & TF_FAULT) return tail_stop(g, i, s, CARC_HOOK_NEXT);
            continue;
        } else if (o.index == 4) { /* core_score */
            if (g->score_pos >= g->ncompleted) continue;
            r = carc__score_next(g);
        } else { /* (none in these steps) */
            if (tail_call(g, i, s)) return true;
            continue;
        }
        if (g->npending > 0 && r != CARC_HOOK_JUMP && i < (unsigned)g->pstart[s] + g->nsteps[s]) {
            /* a decision queued by a hook of step s, the walk's first step (a hook
             * asking again, the most common stop): tail_stop's answer in line */
            const unsigned pos = i - g->pstart[s];
            g->step = (uint8_t)s;
            g->step_pos = (uint8_t)(r == CARC_HOOK_AGAIN ? pos : pos + 1);
            return true;
        }
        if (r == CARC_HOOK_JUMP || g->npending > 0 || (g->flags & TF_FAULT))
            return tail_stop(g, i, s, r);
    }
    return false;
}

/* The core's hook `index` (its collection or its scoring) stopped the walk
 * taken in line (tail_gate) with answer r: tail_stop at its op. */
static __attribute__((noinline)) void tail_core_stop(carc_game *g, unsigned index, int r)
{
    unsigned i = g->pstart[CARC_STEP_BEFORE_SCORING];
    while (g->prog[i].owner != CARC_CORE_OWNER || g->prog[i].index != index) i++;
    tail_stop(g, i, CARC_STEP_BEFORE_SCORING, r);
}

/* From the end of the DEPLOY step (or from a hook of the steps after it,
 * up to TURN_END) to the next draw, in straight line in a module game:
 * the ops of BEFORE_SCORING, SCORING, AFTER_SCORING and PART_END (one
 * after the other in prog), TURN_END's, the next player, TURN_START's and
 * DRAW's up to the core's draw -- what carc__advance runs, in the same
 * order, each gate asked when carc__advance would ask it, leaving the same
 * state.  Where next_step decides otherwise (an extra part, an extra turn,
 * the end of the pile) or a step is elsewhere, carc__advance goes on from
 * where this stopped; and every game with carc__pipeline_only (tests).
 * From the deployment's end, when the laid tile carries none of the tags
 * of tail_gate (every hook to TURN_END shut), the core's collection and
 * scoring are called without walking the ops. */
static void tail_advance(carc_game *g)
{
    if (g->npending > 0 || (g->flags & TF_FAULT)) return;
    unsigned s = g->step, pos = g->step_pos;
    const uint8_t *ps = g->pstart, *ns = g->nsteps;
    if (carc__pipeline_only) goto general;
    if (s == CARC_STEP_DEPLOY) {
        if (pos != ns[CARC_STEP_DEPLOY]) goto general;
        const uint32_t gate = g->tail_gate;
        if (!(gate & TAIL_WALK) && g->last_tile >= 0 &&
            !(carc__types[CTILES(g)[g->last_tile].type].tags & gate)) {
            /* every hook to TURN_END shut (tail_gate): the core's collection and
             * scoring, as tail_ops runs them */
            carc__collect_completed(g);
            if (g->flags & TF_FAULT) {
                tail_core_stop(g, 3, CARC_HOOK_NEXT);
                return;
            }
            if (g->score_pos < g->ncompleted) {
                const int r = carc__score_next(g);
                if (r == CARC_HOOK_JUMP || g->npending > 0 || (g->flags & TF_FAULT)) {
                    tail_core_stop(g, 4, r);
                    return;
                }
            }
            if (g->flags & TF_EXTRA_PART) goto extra_part;
            goto turn_over;
        }
        s = CARC_STEP_BEFORE_SCORING;
        pos = 0;
    } else if (s == CARC_STEP_TURN_END) {
        goto turn_end;
    } else if (s < CARC_STEP_BEFORE_SCORING || s > CARC_STEP_PART_END) {
        goto general;
    }
    if (tail_ops(g, ps[s] + pos, ps[CARC_STEP_TURN_END], s)) return;
    if (g->flags & TF_EXTRA_PART) { /* next_step: back to DRAW */
    extra_part:
        g->step = CARC_STEP_PART_END;
        g->step_pos = ns[CARC_STEP_PART_END];
        goto general;
    }
    s = CARC_STEP_TURN_END;
    pos = 0;
turn_end:
    if (tail_ops(g, ps[s] + pos, ps[s] + ns[s], s)) return;
turn_over:
    if (g->in_extra_turn || g->total_remaining == 0) { /* next_step decides */
        g->step = CARC_STEP_TURN_END;
        g->step_pos = ns[CARC_STEP_TURN_END];
        goto general;
    }
    next_player(g);
    /* TURN_START's ops and DRAW's up to the core's draw (TURN_START is step
     * 0: DRAW's follow; module hooks, the core's draw at draw_at) */
    {
        const unsigned d = g->draw_at;
        if (g->start_gate) { /* one hook, gated by its player's byte */
            if (carc__work_player_open(g, g->start_gate) &&
                tail_call(g, 0, CARC_STEP_TURN_START))
                return;
        } else {
            for (unsigned i = 0; i < d; i++) {
                const step_op o = g->prog[i];
                if (o.work && !gate_open(g, o)) continue;
                if (tail_call(g, i, CARC_STEP_TURN_START)) return;
            }
        }
        g->step = CARC_STEP_DRAW;
        g->step_pos = (uint8_t)(d - ps[CARC_STEP_DRAW] + 1);
    }
    core_draw_inline(g);
    if (g->npending > 0 || (g->flags & TF_FAULT)) return;
general: /* (after the draw: no tile, carc__advance goes on) */
    carc__advance(g);
}

/* The structured outcome being applied, for carc__decision_payload: set
 * only around a module's decision_apply (so never part of a game's bytes);
 * per thread, as games on different threads are independent. */
static _Thread_local struct {
    const carc_game *g;
    const uint16_t *words;
    int n;
} applying;

int carc__decision_payload(const carc_game *g, const uint16_t **words)
{
    bool mine = applying.g == g && g && applying.n > 0;
    if (words) *words = mine ? applying.words : NULL;
    return mine ? applying.n : 0;
}

/* applied_advance of a module's own decision (CARC_KIND_IS_MODULE: no
 * placement, deployment or draw), and its last way for the others */
static inline __attribute__((always_inline)) int module_advance(carc_game *g)
{
    if ((unsigned)g->step - CARC_STEP_DEPLOY <= CARC_STEP_TURN_END - CARC_STEP_DEPLOY)
        tail_advance(g); /* the deployment's end, or a step after it */
    else carc__advance(g);
    return (g->flags & TF_FAULT) ? CARC_E_LIMIT : CARC_OK;
}

/* After decision p.kind was applied (popped, in the history): the pipeline
 * on to the next decision, in straight line where it may; a module's
 * declaration was wrong and a bound was hit on the way: the game is
 * faulted (every later call fails too), said now. */
static inline __attribute__((always_inline)) int applied_advance(carc_game *g, int kind)
{
    if (g->plain && kind <= CARC_DECISION_DEPLOY) plain_advance(g, kind);
    else if (kind == CARC_DECISION_DRAW && straight_draw(g)) draw_advance(g);
    else return module_advance(g);
    return (g->flags & TF_FAULT) ? CARC_E_LIMIT : CARC_OK;
}

/* Apply action a, whose id for the pending decision is id; given (ngiven
 * words, 0 for none) is the payload of a structured outcome the caller
 * already validated with the module (carc__apply_outcome): it is kept as
 * given, never recomputed from the action. */
static int apply_entry(carc_game *g, const carc_action *a, int32_t id, bool sampled,
                       const uint16_t *given, int ngiven, bool decoded,
                       const carc_action_def *form)
{
    const bool listed = ngiven == GIVEN_LISTED;
    const carc_pending *front = carc__front(g);
    if (!front) return CARC_E_STATE;
    if (g->flags & TF_FAULT) return CARC_E_LIMIT;
    if (!room_for_one_more(g)) return CARC_E_LIMIT;
    if (sampled && front->player != CARC_PLAYER_CHANCE) return CARC_E_ILLEGAL;
    carc_pending p = *front;
    int rc, nwords = 0;
    uint16_t words[CARC_PAYLOAD_MAX];
    switch (p.kind) {
    case CARC_DECISION_DRAW:
        rc = apply_draw(g, a, listed);
        break;
    case CARC_DECISION_PLACE:
        rc = a->kind == CARC_ACTION_PLACE ? place_in(g, carc__front_of(g, a->x, a->y), a->rotation)
             : a->kind == CARC_ACTION_PASS ? place_pass(g) : CARC_E_ILLEGAL;
        break;
    case CARC_DECISION_DEPLOY:
        rc = apply_deploy(g, &p, a, id, decoded, form);
        break;
    default: {
        const carc_module_def *md =
            p.owner < CARC_MODULE_SLOTS ? carc__modules[p.owner] : NULL;
        if (!md || !md->decision_apply) return CARC_E_ILLEGAL;
        carc_action canon;
        if (ngiven > 0) {
            nwords = ngiven;
            memcpy(words, given, (size_t)ngiven * sizeof words[0]);
        } else if ((p.flags & CARC_PENDING_SAMPLED_ONLY) && md->outcome_payload &&
            CARC_KIND_IS_MODULE(a->kind) && CARC_KIND_MODULE(a->kind) == md->id &&
            (nwords = md->outcome_payload(g, &p, a, words, CARC_PAYLOAD_MAX)) != 0) {
            /* a structured outcome of a sampled-only decision: the module
             * checks it (decision_apply) and said what the history keeps */
            if (nwords < 0 || nwords > CARC_PAYLOAD_MAX) return CARC_E_ILLEGAL;
        } else {
            /* a listed action: the module gets the action of the legal id,
             * never the host's fields the id does not carry (listed: the
             * id is one of the decision's own chance outcomes, drawn by
             * carc__sample_chance, so it is not listed again; otherwise the
             * module's action_legal hook, or the list, decides) */
#ifdef CARC_CHECKED
            /* checked builds hold the module to chance_outcomes' contract */
            if (listed && !id_is_legal(g, id))
                carc__check_failed("chance_outcomes", "id among decision_actions' ids",
                                   __FILE__, __LINE__);
#endif
            if (decoded) canon = *a; /* the caller's decode of id, in this state */
            if ((listed ? !decoded && carc__action_from_id(g, id, &canon) != CARC_OK
                        : !module_id_legal(g, md, &p, id, &canon, decoded ? a : NULL, form)) ||
                canon.kind != a->kind)
                return CARC_E_ILLEGAL;
            nwords = 0;
            a = &canon;
        }
        applying.g = g;
        applying.words = words;
        applying.n = nwords;
        rc = md->decision_apply(g, &p, a);
        applying.g = NULL;
        applying.words = NULL;
        applying.n = 0;
        break;
    }
    }
    if (rc) {
        noted.g = NULL; /* refused: nothing changed, but trust no note of g */
        return rc;
    }
    pop(g);
    if (nwords > 0) history_push_payload(g, id, sampled, words, nwords);
    else history_push(g, id, sampled);
    return applied_advance(g, p.kind);
}

int carc__apply(carc_game *g, const carc_action *a, int32_t id, bool sampled)
{
    return apply_entry(g, a, id, sampled, NULL, 0, false, NULL);
}

/* The module whose verb id is at deployment p, when p is the turn's own
 * deployment of a player and the module is on, or -1 */
static inline __attribute__((always_inline)) int verb_module(const carc_game *g,
                                                             const carc_pending *p, int32_t id)
{
    int m;
    if ((p->flags & CARC_PENDING_QUEUED_DEPLOY) || p->player == CARC_PLAYER_CHANCE ||
        (m = CARC_VERB_MODULE(id)) < 0 || !carc__module_on(g, m))
        return -1;
    return m;
}

/* The module that applies id at pending decision p in straight line
 * (carc__apply_id), or NULL: the game can take one more decision, and a
 * module answers it with no payload -- its own decision not sampled-only
 * (apply_entry's listed action), or one of its verbs (CARC_VERB_MODULE of
 * id) at the turn's own deployment (apply_deploy's) --, and id is noted
 * (listed in this state, so legal: module_id_legal would take it as it
 * is), or, *checked set, not noted at a decision whose ids its module
 * checks itself (ids_checked). */
static inline const carc_module_def *listed_owner(const carc_game *g, const carc_pending *p,
                                                  int32_t id, bool *checked)
{
    if ((g->flags & TF_FAULT) || !room_for_one_more(g) || carc__pipeline_only) return NULL;
    int m;
    if (!id_listed(g, id)) {
        /* not noted: a decision whose ids its module checks itself
         * (ids_checked, with apply_listed_id), or NULL */
        const carc_module_def *md;
        if (p->owner >= CARC_MODULE_SLOTS || !(md = carc__modules[p->owner]) ||
            !CARC_KIND_IS_MODULE(p->kind) || (p->flags & CARC_PENDING_SAMPLED_ONLY) ||
            !ids_checked(g, md))
            return NULL;
        *checked = true;
        return md;
    }
    if (p->kind == CARC_DECISION_DEPLOY) {
        if ((m = verb_module(g, p, id)) < 0) return NULL;
    } else {
        if (!CARC_KIND_IS_MODULE(p->kind) || (p->flags & CARC_PENDING_SAMPLED_ONLY) ||
            p->owner >= CARC_MODULE_SLOTS)
            return NULL;
        m = p->owner;
    }
    const carc_module_def *md = carc__modules[m];
    return md && md->decision_apply ? md : NULL;
}

/* The module whose own decision p is, when it checks the ids of its
 * decisions itself (ids_checked, with apply_listed_id) and the game can
 * take one more decision: listed_owner's answer for an id not noted, asked
 * before the note (such a listing is never noted: carc__module_actions) */
static inline __attribute__((always_inline)) const carc_module_def *
checked_owner(const carc_game *g, const carc_pending *p)
{
    /* (HK_IDS_CHECKED asked first: the game has such a module, no vetoes
     * of figure moves; the owner's bit of ids_checked_mods: an enabled
     * module with ids_checked and apply_listed_id) */
    const unsigned o = p->owner;
    if (o >= CARC_MODULE_SLOTS || !(g->ids_checked_mods >> o & 1u) ||
        !CARC_KIND_IS_MODULE(p->kind) || (p->flags & CARC_PENDING_SAMPLED_ONLY) ||
        (g->flags & TF_FAULT) || !room_for_one_more(g) || carc__pipeline_only)
        return NULL;
    return carc__modules[o];
}

/* An id the core decodes and checks itself (apply_entry) */
static inline __attribute__((always_inline)) int apply_id_general(carc_game *g, int32_t id)
{
    carc_action a;
    const carc_action_def *form;
    if (carc__action_decode(g, id, &a, &form)) return CARC_E_ILLEGAL;
    return apply_entry(g, &a, id, false, NULL, 0, true, form);
}

/* After a module applied id at its decision p in straight line: what
 * apply_entry does then, no payload (carc__decision_payload answers 0
 * without `applying` set) */
static inline __attribute__((always_inline)) int applied_by_module(carc_game *g, int32_t id,
                                                                   int kind)
{
    pop_front(g, true);
    history_push(g, id, false);
    return applied_advance(g, kind);
}

/* applied_by_module when the module wrote the next decision in the
 * front's place (carc__decision_again, CARC_APPLY_AGAIN): a decision is
 * pending, nothing to pop, the pipeline waits for it */
static inline __attribute__((always_inline)) int applied_again(carc_game *g, int32_t id)
{
    history_push(g, id, false);
    return (g->flags & TF_FAULT) ? CARC_E_LIMIT : CARC_OK;
}

/* applied_again out of line (carc__apply_id's noted way: a game with
 * vetoes of figure moves) */
static __attribute__((noinline, cold)) int applied_again_out(carc_game *g, int32_t id)
{
    return applied_again(g, id);
}

/* carc__apply_id at a decision whose ids its module md checks itself
 * (checked_owner): apply_listed_id takes the id or leaves it, unchanged,
 * to the general way -- a small frame, no note read */
static int apply_checked_id(carc_game *g, const carc_module_def *md, int32_t id)
{
    const carc_pending p = g->pend[0];
    const int rc = md->apply_listed_id(g, &p, id);
    if (rc == CARC_APPLY_BY_ACTION) return apply_id_general(g, id);
    if (rc == CARC_APPLY_AGAIN) return applied_again(g, id);
    if (rc) {
        noted.g = NULL; /* refused: nothing changed, but trust no note of g */
        return rc;
    }
    /* applied_by_module, p's kind a module's (checked_owner) */
    pop_front(g, true);
    history_push(g, id, false);
    return module_advance(g);
}

/* carc__apply_id once module md applies id at the front decision *pp
 * (copied first; kind: its kind, or -1 to read it) in straight line
 * (listed_owner's answer; checked: not noted, md checks it) */
static inline __attribute__((always_inline)) int apply_owned(carc_game *g,
                                                             const carc_module_def *md,
                                                             const carc_pending *pp,
                                                             int32_t id, bool checked, int kind)
{
    const carc_pending p = *pp;
    /* the module's own way by id (apply_listed_id), else the action
     * of the id to decision_apply */
    int rc = md->apply_listed_id ? md->apply_listed_id(g, &p, id) : CARC_APPLY_BY_ACTION;
    if (rc == CARC_APPLY_BY_ACTION) {
        /* an id the module checks itself but does not take: not listed
         * now (or of a rarer kind), the general way decides */
        if (checked) return apply_id_general(g, id);
        /* carc__action_decode's answer for such an id: the core's pass
         * at a player's decision, else md's declarations (the owner of
         * p, or the verb's module at a deployment) -- its two first
         * cases written out here: calling it measured +1,133 a Tower
         * game, +495 a Bridges game (0.15.0) */
        carc_action a;
        const carc_action_def *form;
        if (id == CARC_ID_PASS && p.player != CARC_PLAYER_CHANCE) {
            memset(&a, 0, sizeof a);
            a.kind = CARC_ACTION_PASS;
        } else if (carc__declared_from_id(g, md, &p, id, &a, &form)) {
            return CARC_E_ILLEGAL;
        }
        rc = md->decision_apply(g, &p, &a);
    }
    if (rc) {
        if (rc == CARC_APPLY_AGAIN) return applied_again_out(g, id);
        noted.g = NULL; /* refused: nothing changed, but trust no note of g */
        return rc;
    }
    return applied_by_module(g, id, kind < 0 ? p.kind : kind);
}

int carc__apply_id(carc_game *g, int32_t id)
{
    const carc_module_def *md;
    bool checked = false;
    if (g->npending > 0 && (md = listed_owner(g, &g->pend[0], id, &checked)))
        return apply_owned(g, md, &g->pend[0], id, checked, -1);
    return apply_id_general(g, id);
}

/* The module whose verb id is at the front deployment (apply_deploy_verb,
 * apply_checked_verb: listed_owner's tests for a deployment, the note
 * aside), or NULL */
static inline __attribute__((always_inline)) const carc_module_def *
deploy_verb_owner(const carc_game *g, int32_t id)
{
    const carc_module_def *md;
    int m;
    if ((g->flags & TF_FAULT) || !room_for_one_more(g) || carc__pipeline_only ||
        (m = verb_module(g, &g->pend[0], id)) < 0 || !(md = carc__modules[m]) ||
        !md->decision_apply)
        return NULL;
    return md;
}

/* apply_deploy_verb in a game whose verbs are not noted (HK_VERBS_CHECKED):
 * the verb of a module that checks its verbs (verbs_checked) to
 * apply_listed_id, no note read; another module's (it lists no verbs, so
 * none is listed) the general way.  Out of line: apply_deploy_verb's noted
 * way keeps its frame. */
static __attribute__((noinline)) int apply_checked_verb(carc_game *g, int32_t id)
{
    const carc_module_def *md = deploy_verb_owner(g, id);
    if (!md || !md->verbs_checked || !md->apply_listed_id) return apply_id_general(g, id);
    return apply_owned(g, md, &g->pend[0], id, true, CARC_DECISION_DEPLOY);
}

/* apply_deploy_verb in a game whose verbs are noted */
static __attribute__((noinline)) int apply_noted_verb(carc_game *g, int32_t id)
{
    const carc_module_def *md = deploy_verb_owner(g, id);
    if (!md || !id_listed(g, id)) return apply_id_general(g, id);
    return apply_owned(g, md, &g->pend[0], id, false, CARC_DECISION_DEPLOY);
}

/* carc__apply_id of a module's verb at the deployment (apply_deploy_id:
 * an id past the core's deployment ids): listed_owner's tests for a
 * deployment only, in the same frame as the module's apply; checked by
 * its module or noted, each way in its own frame (this one has none) */
static __attribute__((noinline)) int apply_deploy_verb(carc_game *g, int32_t id)
{
    if (g->hookmask & HK_VERBS_CHECKED) return apply_checked_verb(g, id);
    return apply_noted_verb(g, id);
}

int carc__apply_checked_id(carc_game *g, int32_t id)
{
    const carc_module_def *md;
    if (g->npending > 0 && (md = checked_owner(g, &g->pend[0])))
        return apply_checked_id(g, md, id);
    return carc__apply_id(g, id);
}

int carc__outcome_check(const carc_game *g, int32_t id, const uint16_t *words, size_t n,
                        carc_action *out)
{
    const carc_pending *p = carc__front(g);
    if (!p || !carc__sampled_only(g)) return CARC_E_STATE;
    const carc_module_def *md = carc__modules[p->owner];
    if (!md->outcome_from_payload || !md->decision_apply) return CARC_E_STATE;
    if (n == 0 || n > CARC_PAYLOAD_MAX || !words) return CARC_E_INVALID;
    if (id < 0 || id > (int32_t)HIST_ID_MASK) return CARC_E_ILLEGAL;
    if (md->outcome_from_payload(g, p, id, words, (int)n, out)) return CARC_E_ILLEGAL;
    /* the outcome is one of the owner's actions and has this id */
    int32_t back;
    if (!CARC_KIND_IS_MODULE(out->kind) || CARC_KIND_MODULE(out->kind) != md->id ||
        !md->action_id || md->action_id(g, out, &back) || back != id)
        return CARC_E_ILLEGAL;
    return CARC_OK;
}

bool carc__outcome_explain(const carc_game *g, const uint16_t *words, size_t n,
                           carc_explanation *why)
{
    const carc_pending *p = carc__front(g);
    if (!p || !why || !words || n == 0 || n > CARC_PAYLOAD_MAX || !carc__sampled_only(g))
        return false;
    const carc_module_def *md = carc__modules[p->owner];
    return md->outcome_explain && md->outcome_explain(g, p, words, (int)n, why);
}

int carc__apply_outcome(carc_game *g, int32_t id, const uint16_t *words, size_t n)
{
    carc_action a;
    int rc = carc__outcome_check(g, id, words, n, &a);
    if (rc) return rc;
    return apply_entry(g, &a, id, false, words, (int)n, false, NULL);
}

/* An id of the PLACE decision that is no cell: the pass repair_pass allows
 * (out of line: nothing of it on the placement path). */
__attribute__((noinline, cold)) static int place_id_pass(carc_game *g, int32_t id)
{
    if (id != CARC_ID_PASS) return CARC_E_ILLEGAL;
    carc_action a = {.kind = CARC_ACTION_PASS};
    return carc__apply(g, &a, id, false);
}

/* The playout hot path: a placement given by its id, one cell lookup. */
int carc__apply_place_id(carc_game *g, int32_t id)
{
    if (g->flags & TF_FAULT) return CARC_E_LIMIT;
    if (!room_for_one_more(g)) return CARC_E_LIMIT;
    int fi, rot;
    if (carc__decode_cell(g, id, &fi, &rot)) return place_id_pass(g, id);
    int rc = place_in(g, fi, rot);
    if (rc) return rc;
    if (g->npending == 1) plain_pop_front(g); /* the playout's: pop() of the only one */
    else pop(g);
    history_push(g, id, false);
    if (g->plain) plain_advance(g, CARC_DECISION_PLACE);
    else place_advance(g);
    return (g->flags & TF_FAULT) ? CARC_E_LIMIT : CARC_OK;
}

/* The core's deployment decision by id: a pass or a figure kind and
 * segment decoded in place (carc__action_from_id's reading of those ids),
 * then what apply_entry and apply_deploy do with it, in the same order;
 * other ids (a module's verbs) go the general way. */
static __attribute__((noinline)) int apply_deploy_id(carc_game *g, int32_t id);

int carc__apply_deploy_id(carc_game *g, int32_t id)
{
    /* the pass, the only decision pending (most of a playout's
     * deployments): what the general way below does with it */
    if (id == CARC_ID_PASS && g->npending == 1 && !(g->flags & TF_FAULT) &&
        room_for_one_more(g)) {
        plain_pop_front(g);
        history_push(g, id, false);
        if (g->plain) plain_advance(g, CARC_DECISION_DEPLOY);
        else tail_advance(g);
        return (g->flags & TF_FAULT) ? CARC_E_LIMIT : CARC_OK;
    }
    return apply_deploy_id(g, id);
}

static int apply_deploy_id(carc_game *g, int32_t id)
{
    if (id != CARC_ID_PASS &&
        (id < CARC_ID_KIND_SEG || id >= CARC_ID_KIND_SEG + CARC_ID_KIND_SEG_N)) {
        return apply_deploy_verb(g, id); /* a module's verb */
    }
    if (g->flags & TF_FAULT) return CARC_E_LIMIT;
    if (!room_for_one_more(g)) return CARC_E_LIMIT;
    const carc_pending p = g->pend[0];
    if (id != CARC_ID_PASS) {
        int kind = (id - CARC_ID_KIND_SEG) / CARC_MAX_SEGMENTS;
        int s = (id - CARC_ID_KIND_SEG) % CARC_MAX_SEGMENTS;
        if (!deploy_ok(g, &p, kind, s)) return CARC_E_ILLEGAL;
        int rc = carc__figure_deploy_supply(g, p.player, kind, p.target, s, p.arg);
        if (rc) return rc;
    }
    pop(g);
    history_push(g, id, false);
    if (g->plain) plain_advance(g, CARC_DECISION_DEPLOY);
    else tail_advance(g);
    return (g->flags & TF_FAULT) ? CARC_E_LIMIT : CARC_OK;
}

/* ------------------------------------------------- the core's scoring steps */

static int core_collect(carc_game *g)
{
    carc__collect_completed(g);
    return CARC_HOOK_NEXT;
}

static int core_score(carc_game *g) { return carc__score_next(g); }

static int core_final(carc_game *g)
{
    carc__end_game_scoring(g);
    return CARC_HOOK_NEXT;
}
