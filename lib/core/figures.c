/* Figures: the one primitive that moves a figure (carc__figure_move), and
 * the queries modules and the API ask.  FIGS(g) is the single source of
 * truth; the per-player supply counts and the per-feature count of claiming
 * figures are caches that only carc__figure_move changes. */
#include "core/state.h"

#include <stddef.h>
#include <string.h>

/* carc_fig's kind, owner, where, segment and tile are figure's first six
 * bytes, its arg, holder and state figure's last four: two copies instead
 * of a store per field (every byte of carc_fig written, no padding). */
_Static_assert(sizeof(carc_fig) == 10 && offsetof(carc_fig, kind) == offsetof(figure, kind) &&
                   offsetof(carc_fig, owner) == offsetof(figure, owner) &&
                   offsetof(carc_fig, where) == offsetof(figure, where) &&
                   offsetof(carc_fig, segment) == offsetof(figure, local) &&
                   offsetof(carc_fig, tile) == offsetof(figure, tile) &&
                   offsetof(carc_fig, arg) == 6 && offsetof(figure, arg) == 8 &&
                   offsetof(carc_fig, holder) == 8 && offsetof(figure, holder) == 10 &&
                   offsetof(carc_fig, state) == 9 && offsetof(figure, state) == 11,
               "carc_fig (lib/module.h) and figure (lib/core/state.h) no longer line up");

/* A figure's kind, owner and where in one word: kind | owner << 8 |
 * where << 16 (carc__figure_deploy_supply compares them at once). */
_Static_assert(offsetof(figure, kind) == 0 && offsetof(figure, owner) == 1 &&
                   offsetof(figure, where) == 2 && sizeof(figure) >= 4,
               "figure: kind, owner and where first");
static inline uint32_t first3(const figure *f)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint32_t w;
    memcpy(&w, f, sizeof w);
    return w & 0xFFFFFFu;
#else
    return (uint32_t)f->kind | (uint32_t)(uint8_t)f->owner << 8 | (uint32_t)f->where << 16;
#endif
}

/* Figure moves made by this thread (carc__figure_move, one each, counted
 * before any hook runs): a walk that listed the figures on a feature uses
 * its list while this has not changed (scoring.c).  Not part of any game's
 * state.  carc__figure_deploy_supply, the turn's own deployment from the
 * API (never within a scoring walk or a hook), counts only in a game with
 * a figure_moved hook (as carc__figure_move would: the hooks may look). */
_Thread_local uint32_t carc__moves;

static void view(const carc_game *g, const figure *f, carc_fig *out)
{
    memcpy(out, f, 6);
    if (f->where != CARC_PLACE_SEGMENT && f->where != CARC_PLACE_TILE) out->tile = -1;
    memcpy((char *)out + 6, (const char *)f + 8, 4);
    (void)g;
}

/* carc__figure_get for a bad index (lib/module.h has it inline): the
 * precondition checked (checked builds), else a figure of nothing */
void carc__figure_get_checked(const carc_game *g, int fig, carc_fig *out)
{
    CARC_MOD_CHECK(fig >= 0 && (uint32_t)fig < g->nfigs && out);
    if (fig < 0 || (uint32_t)fig >= g->nfigs) {
        memset(out, 0, sizeof *out);
        out->tile = -1;
        return;
    }
    view(g, &CFIGS(g)[fig], out);
}

/* Keep the supply cache and its bit mask together. */
static void supply_add(carc_game *g, int p, int kind, int d)
{
    g->supply[p][kind] = (uint8_t)(g->supply[p][kind] + d);
    if (g->supply[p][kind]) g->supply_mask[p] |= (uint16_t)(1u << kind);
    else g->supply_mask[p] &= (uint16_t)~(1u << kind);
}

/* A new figure in its owner's supply (owner -1: a neutral figure, out of
 * play until a module puts it somewhere).  Setup only. */
int carc__figure_add(carc_game *g, int kind, int owner)
{
    if (g->nfigs >= g->L.cap_figs || g->nfigs >= CARC_ID_FIGURE_N) return CARC_E_LIMIT;
    figure *f = &FIGS(g)[g->nfigs];
    memset(f, 0, sizeof *f);
    f->kind = (uint8_t)kind;
    f->owner = (int8_t)owner;
    f->where = CARC_PLACE_SUPPLY;
    if (owner >= 0) supply_add(g, owner, kind, 1);
    return (int)g->nfigs++;
}

static bool claims(const carc_game *g, const figure *f)
{
    return (g->kind_class[f->kind] & CARC_CLASS_FOLLOWER) != 0;
}

/* Claiming figure i leaves feature root r: one fewer, and its owner's bit
 * of the owners mask stays only if another of the owner's claiming figures
 * is on r (a walk only when figures remain: never for the last one).  Inline in
 * move_checked and home (carc__figure_home_quiet). */
static inline __attribute__((always_inline)) void leave_root(carc_game *g, int i, int r)
{
    seg *S = SEGS(g);
    const figure *F = CFIGS(g);
    S[r].figs--;
    int p = F[i].owner;
    if (p < 0) return;
    if (S[r].figs == 0) {
        S[r].owners = 0;
        return;
    }
    for (uint32_t j = 0; j < g->nfigs; j++)
        if ((int)j != i && F[j].owner == p && F[j].where == CARC_PLACE_SEGMENT &&
            claims(g, &F[j]) && carc__find(g, F[j].seg) == r)
            return;
    S[r].owners &= (uint8_t)~(1u << p);
}

/* Claiming figure f (on its segment now) enters its feature. */
static inline void seg_root_enter(carc_game *g, const figure *f)
{
    seg *r = &SEGS(g)[carc__find(g, f->seg)];
    r->figs++;
    if (f->owner >= 0) r->owners |= (uint8_t)(1u << f->owner);
}

/* Are these arguments a move carc__figure_move can make? */
static inline __attribute__((always_inline)) bool move_ok(const carc_game *g, int i, int where, int tile, int s, int arg, int holder)
{
    if (i < 0 || (uint32_t)i >= g->nfigs || where < CARC_PLACE_SUPPLY || where > CARC_PLACE_HELD)
        return false;
    if (where == CARC_PLACE_HELD && (holder < 0 || holder >= CARC_MODULE_SLOTS || arg < 0 ||
                                     arg > UINT16_MAX))
        return false;
    if ((where == CARC_PLACE_SEGMENT || where == CARC_PLACE_TILE) &&
        (tile < 0 || (uint32_t)tile >= g->ntiles))
        return false;
    if (where == CARC_PLACE_SEGMENT && carc__seg_of(g, tile, s) < 0)
        return false;
    if (where == CARC_PLACE_ATTACHED && (arg < 0 || (uint32_t)arg >= g->nfigs || arg == i))
        return false;
    return true;
}

/* the modules with a figure_moved hook (hooks: g->hooks_moved, set at
 * creation), in registry order, told figure i moved from `from` */
static inline __attribute__((always_inline)) void moved_hooks(carc_game *g, uint32_t hooks, int i,
                                                              const carc_fig *from, int cause)
{
    for (uint32_t b = hooks; b; b &= b - 1)
        carc__modules[__builtin_ctz(b)]->figure_moved(g, i, from, cause);
}

/* Figure f's place, every field of it written (those a place does not
 * use are zero: a figure's bytes depend only on where it is). */
static inline __attribute__((always_inline)) void put(figure *f, int where, int tile, int seg,
                                                      int local, int arg, int holder)
{
    f->where = (uint8_t)where;
    f->tile = (uint16_t)tile;
    f->seg = (uint16_t)seg;
    f->local = (uint8_t)local;
    f->arg = (uint16_t)arg;
    f->holder = (uint8_t)holder;
}

/* Figure f enters segment s (index seg) of placed tile `tile`: its place,
 * the tile's figure count, its feature when it claims. */
static inline __attribute__((always_inline)) void enter_segment(carc_game *g, figure *f, int tile,
                                                                int s, int seg)
{
    put(f, CARC_PLACE_SEGMENT, tile, seg, s, 0, 0);
    TILES(g)[tile].nfig++;
    if (claims(g, f)) seg_root_enter(g, f);
}

/* Figure f, its place already CARC_PLACE_TILE, onto placed tile `tile`
 * with arg: the other fields of its place, the tile's count. */
static inline __attribute__((always_inline)) void onto_tile(carc_game *g, figure *f, int tile,
                                                            int arg)
{
    f->tile = (uint16_t)tile;
    f->seg = 0;
    f->local = 0;
    f->arg = (uint16_t)arg;
    f->holder = 0;
    TILES(g)[tile].nfig++;
}

/* Figure f (index i) leaves its place: its supply count, its feature,
 * its tile's count. */
static inline __attribute__((always_inline)) void leave(carc_game *g, int i, figure *f)
{
    if (f->where == CARC_PLACE_SUPPLY && f->owner >= 0) supply_add(g, f->owner, f->kind, -1);
    if (f->where == CARC_PLACE_SEGMENT && claims(g, f)) leave_root(g, i, carc__find(g, f->seg));
    if (f->where == CARC_PLACE_SEGMENT || f->where == CARC_PLACE_TILE) TILES(g)[f->tile].nfig--;
}

/* carc__figure_move once move_ok said yes: figure i leaves its place
 * (its supply count, its feature, its tile's count), enters the new one,
 * and the modules with a figure_moved hook are told.  deploy_at and
 * tile_to_tile below are two of its moves in straight line, made of the
 * same pieces. */
static int move_checked(carc_game *g, int i, int where, int tile, int s, int arg, int holder,
                        int cause)
{
    carc__moves++;
    figure *f = &FIGS(g)[i];
    carc_fig from;
    view(g, f, &from);
    leave(g, i, f);
    /* enter */
    put(f, where, 0, 0, 0, 0, 0);
    switch (where) {
    case CARC_PLACE_SEGMENT:
        enter_segment(g, f, tile, s, carc__seg_of(g, tile, s));
        break;
    case CARC_PLACE_TILE:
        onto_tile(g, f, tile, arg);
        break;
    case CARC_PLACE_ATTACHED:
        f->arg = (uint16_t)arg;
        break;
    case CARC_PLACE_HELD:
        f->arg = (uint16_t)arg;
        f->holder = (uint8_t)holder;
        break;
    case CARC_PLACE_SUPPLY:
        if (f->owner >= 0) supply_add(g, f->owner, f->kind, 1);
        break;
    default: /* CARC_PLACE_REMOVED */
        break;
    }
    moved_hooks(g, g->hooks_moved, i, &from, cause);
    return CARC_OK;
}

int carc__figure_move(carc_game *g, int i, int where, int tile, int s, int arg, int holder,
                      int cause)
{
    if (!move_ok(g, i, where, tile, s, arg, holder)) return CARC_E_INVALID;
    return move_checked(g, i, where, tile, s, arg, holder, cause);
}

/* Supply figure f onto segment s (index seg) of placed tile `tile`:
 * move_checked's state for that move, without its hooks */
static inline __attribute__((always_inline)) void deploy_at(carc_game *g, figure *f, int tile,
                                                            int s, int seg)
{
    supply_add(g, f->owner, f->kind, -1);
    enter_segment(g, f, tile, s, seg);
}

/* deploy_at in a game with a figure_moved hook: counted and told as
 * carc__figure_move does (move_checked: the count first, the hooks after
 * the move), without its general checks */
static __attribute__((noinline)) int deploy_hooked(carc_game *g, int i, int tile, int s, int seg,
                                                   int cause)
{
    carc__moves++;
    figure *f = &FIGS(g)[i];
    carc_fig from;
    view(g, f, &from);
    deploy_at(g, f, tile, s, seg);
    moved_hooks(g, g->hooks_moved, i, &from, cause);
    return CARC_OK;
}

/* carc__figure_in_supply(player, kind) then carc__figure_move of it to
 * segment s of placed tile `tile` for cause: the turn's deployment, whose
 * rule (deploy_ok) the caller checked, so the segment exists; the same
 * state as those two calls, without the move's general checks.
 * CARC_E_ILLEGAL if the player holds no figure of the kind. */
int carc__figure_deploy_supply(carc_game *g, int player, int kind, int tile, int s, int cause)
{
    int i = -1;
    if (player >= 0 && player < g->nplayers && kind >= 0 && kind < CARC_FIGURE_KINDS &&
        g->supply[player][kind]) {
        /* carc__figure_find's walk for the first figure of the kind in the
         * player's supply, comparing kind, owner and where (a figure's
         * first three bytes) at once */
        const figure *F = CFIGS(g);
        const uint32_t key = (uint32_t)kind | (uint32_t)(uint8_t)player << 8 |
                             (uint32_t)CARC_PLACE_SUPPLY << 16;
        for (uint32_t k = 0; k < g->nfigs; k++)
            if (first3(&F[k]) == key) {
                i = (int)k;
                break;
            }
    }
    if (i < 0) return CARC_E_ILLEGAL;
    /* arguments the move refuses: the move itself (its answer) */
    int seg = tile >= 0 && (uint32_t)tile < g->ntiles ? carc__seg_of(g, tile, s) : -1;
    if (seg < 0) return carc__figure_move(g, i, CARC_PLACE_SEGMENT, tile, s, 0, 0, cause);
    if (g->hooks_moved) return deploy_hooked(g, i, tile, s, seg, cause);
    deploy_at(g, &FIGS(g)[i], tile, s, seg);
    return CARC_OK;
}

/* the modules with an intercept_move hook (hooks_intercept, set at
 * creation), in registry order, asked about move m (by: the player to move
 * when -1): CARC_MOVE_PROCEED when none took it */
static __attribute__((noinline)) int move_intercepted(carc_game *g, const carc_move *m)
{
    carc_move asked = *m;
    if (asked.by < 0) asked.by = g->player;
    for (uint32_t b = g->hooks_intercept; b; b &= b - 1) {
        int r = carc__modules[__builtin_ctz(b)]->intercept_move(g, &asked);
        if (r == CARC_MOVE_PROCEED) continue;
        return r == CARC_MOVE_TAKEN || r == CARC_MOVE_REPLACED ? r : CARC_E_STATE;
    }
    return CARC_MOVE_PROCEED;
}

/* carc__figure_move_offer once its arguments are checked */
static inline __attribute__((always_inline)) int offer_checked(carc_game *g, const carc_move *m)
{
    if (g->hooks_intercept) {
        const int r = move_intercepted(g, m);
        if (r != CARC_MOVE_PROCEED) return r;
    }
    /* no hook has moved anything */
    int rc = move_checked(g, m->fig, m->where, m->tile, m->seg, m->arg, m->holder, m->cause);
    return rc ? rc : CARC_MOVE_PROCEED;
}

/* The interception point: the enabled modules' intercept_move hooks, in
 * registry order, then the move itself if none took it.  Only movers that
 * want their move to be taken over call it, so carc__figure_move (the
 * base game's deployments and returns) pays nothing for it. */
int carc__figure_move_offer(carc_game *g, const carc_move *m)
{
    if (!m || !move_ok(g, m->fig, m->where, m->tile, m->seg, m->arg, m->holder) ||
        m->by < -1 || m->by >= g->nplayers)
        return CARC_E_INVALID;
    return offer_checked(g, m);
}

/* figure f, on a placed tile, onto placed tile `tile` with arg: the state
 * move_checked makes for that move (the figure leaves its tile's count and
 * enters the other's) */
static inline __attribute__((always_inline)) void tile_to_tile(carc_game *g, figure *f, int tile,
                                                               int arg)
{
    TILES(g)[f->tile].nfig--;
    onto_tile(g, f, tile, arg);
}

/* tile_to_tile with the modules of hooks told, as move_checked tells them */
static __attribute__((noinline)) int tile_to_tile_hooked(carc_game *g, int fig, int tile, int arg,
                                                         int cause, uint32_t hooks)
{
    carc__moves++; /* counted first, as move_checked counts */
    figure *f = &FIGS(g)[fig];
    carc_fig from;
    view(g, f, &from);
    tile_to_tile(g, f, tile, arg);
    moved_hooks(g, hooks, fig, &from, cause);
    return CARC_MOVE_PROCEED;
}

/* the modules with a figure_moved hook but module self (-1: none left out) */
static inline uint32_t hooks_but(const carc_game *g, int self)
{
    return g->hooks_moved & ~((uint32_t)(self >= 0 && self < CARC_MODULE_SLOTS) << (self & 31));
}

/* carc__figure_move_offer_quiet's straight line, its arguments checked:
 * figure fig on a placed tile onto placed tile `tile` with arg, no module
 * intercepting */
static inline __attribute__((always_inline)) int tile_to_tile_quiet(carc_game *g, int fig,
                                                                    int tile, int arg, int cause,
                                                                    int self)
{
    const uint32_t hooks = hooks_but(g, self);
    if (hooks) return tile_to_tile_hooked(g, fig, tile, arg, cause, hooks);
    tile_to_tile(g, &FIGS(g)[fig], tile, arg);
    carc__moves++; /* counted (last: nothing asks the count in between) */
    return CARC_MOVE_PROCEED;
}

/* carc__figure_move_offer, module self's figure_moved hook not called
 * when the move is made here: a figure on a placed tile onto another placed
 * tile in a game where no module intercepts, in straight line
 * (tile_to_tile, counted as move_checked counts); any other move is the
 * offer's */
int carc__figure_move_offer_quiet(carc_game *g, const carc_move *m, int self)
{
    if (!m || g->hooks_intercept || m->where != CARC_PLACE_TILE || (uint32_t)m->fig >= g->nfigs ||
        (uint32_t)m->tile >= g->ntiles || (uint32_t)m->arg > UINT16_MAX || m->by < -1 ||
        m->by >= g->nplayers || FIGS(g)[m->fig].where != CARC_PLACE_TILE)
        return carc__figure_move_offer(g, m);
    return tile_to_tile_quiet(g, m->fig, m->tile, m->arg, m->cause, self);
}

/* carc__figure_move_offer of a step its arguments checked (a figure onto
 * placed tile `tile`, arg 0, by in range): out of line, the move built
 * only here */
static __attribute__((noinline)) int step_offered(carc_game *g, int fig, int tile, int cause,
                                                  int by)
{
    const carc_move m = {.fig = fig, .where = CARC_PLACE_TILE, .tile = tile, .cause = cause,
                         .by = by};
    return offer_checked(g, &m);
}

/* carc__figure_move_offer_quiet of move {fig, CARC_PLACE_TILE, tile, 0, 0,
 * 0, cause, by}: the move's fields known, only those that vary checked */
int carc__figure_step_quiet(carc_game *g, int fig, int tile, int cause, int by, int self)
{
    /* the offer's move_ok for such a move, and its player */
    if ((uint32_t)fig >= g->nfigs || (uint32_t)tile >= g->ntiles || by < -1 || by >= g->nplayers)
        return CARC_E_INVALID;
    if (g->hooks_intercept || CFIGS(g)[fig].where != CARC_PLACE_TILE)
        return step_offered(g, fig, tile, cause, by);
    return tile_to_tile_quiet(g, fig, tile, 0, cause, self);
}

/* figure fig (a neutral one that claims nothing) joins figure host: the
 * state move_checked makes for that move (of leave: no supply count, no
 * feature; its tile's count) */
static inline __attribute__((always_inline)) void attach(carc_game *g, int fig, int host)
{
    figure *f = &FIGS(g)[fig];
    if (f->where == CARC_PLACE_SEGMENT || f->where == CARC_PLACE_TILE) TILES(g)[f->tile].nfig--;
    put(f, CARC_PLACE_ATTACHED, 0, 0, 0, host, 0);
}

/* attach with the modules of hooks told, as move_checked tells them */
static __attribute__((noinline)) int attach_hooked(carc_game *g, int fig, int host, int cause,
                                                   uint32_t hooks)
{
    carc__moves++; /* counted first, as move_checked counts */
    carc_fig from;
    view(g, &FIGS(g)[fig], &from);
    attach(g, fig, host);
    moved_hooks(g, hooks, fig, &from, cause);
    return CARC_OK;
}

/* carc__figure_move of figure fig to CARC_PLACE_ATTACHED with arg host,
 * module self's figure_moved hook not called: a neutral figure (no owner)
 * whose kind claims nothing joins another figure in straight line
 * (move_checked's state for that move, counted and told as it counts and
 * tells); any other figure, or arguments the move refuses: the move's */
int carc__figure_attach_quiet(carc_game *g, int fig, int host, int cause, int self)
{
    if ((uint32_t)fig >= g->nfigs || (uint32_t)host >= g->nfigs || host == fig ||
        CFIGS(g)[fig].owner >= 0 || claims(g, &CFIGS(g)[fig]))
        return carc__figure_move(g, fig, CARC_PLACE_ATTACHED, -1, 0, host, 0, cause);
    const uint32_t hooks = hooks_but(g, self);
    if (hooks) return attach_hooked(g, fig, host, cause, hooks);
    attach(g, fig, host);
    carc__moves++; /* counted (last: nothing asks the count in between) */
    return CARC_OK;
}

/* Figure f (index i) goes home: move_checked's state for a move to
 * CARC_PLACE_SUPPLY (leave, then its place and its supply count) */
static inline __attribute__((always_inline)) void home(carc_game *g, int i, figure *f)
{
    leave(g, i, f);
    put(f, CARC_PLACE_SUPPLY, 0, 0, 0, 0, 0);
    if (f->owner >= 0) supply_add(g, f->owner, f->kind, 1);
}

/* home with every module with a figure_moved hook told, self's too, in
 * registry order: move_checked for a move to CARC_PLACE_SUPPLY (counted
 * first, told after the move) */
static __attribute__((noinline)) int home_hooked(carc_game *g, int fig, int cause)
{
    carc__moves++;
    figure *f = &FIGS(g)[fig];
    carc_fig from;
    view(g, f, &from);
    home(g, fig, f);
    moved_hooks(g, g->hooks_moved, fig, &from, cause);
    return CARC_OK;
}

/* carc__figure_move of figure fig to CARC_PLACE_SUPPLY: when no module but
 * self has a figure_moved hook, made in straight line (home, counted as
 * move_checked counts) and nobody told: CARC_HOME_QUIET, self writes what
 * its hook would have; else the move as move_checked makes it, every hook
 * told (home_hooked), CARC_OK */
int carc__figure_home_quiet(carc_game *g, int fig, int cause, int self)
{
    if ((uint32_t)fig >= g->nfigs) return CARC_E_INVALID;
    if (hooks_but(g, self)) return home_hooked(g, fig, cause);
    home(g, fig, &FIGS(g)[fig]);
    carc__moves++; /* counted (last: nothing asks the count in between) */
    return CARC_HOME_QUIET;
}

int carc__figure_set_state(carc_game *g, int module, int fig, int state)
{
    if (fig < 0 || (uint32_t)fig >= g->nfigs || state < 0 || state > UINT8_MAX)
        return CARC_E_INVALID;
    figure *f = &FIGS(g)[fig];
    if (module < 0 || module != g->kind_owner[f->kind]) return CARC_E_STATE;
    f->state = (uint8_t)state;
    return CARC_OK;
}

int carc__figure_supply(const carc_game *g, int player, int kind)
{
    if (player < 0 || player >= g->nplayers || kind < 0 || kind >= CARC_FIGURE_KINDS) return 0;
    return g->supply[player][kind];
}

unsigned carc__figure_supply_kinds(const carc_game *g, int player)
{
    if (player < 0 || player >= g->nplayers) return 0;
    return g->supply_mask[player];
}

int carc__figure_supply_class(const carc_game *g, int player, unsigned classes)
{
    int n = 0;
    if (player < 0 || player >= g->nplayers) return 0;
    for (int k = 0; k < CARC_FIGURE_KINDS; k++)
        if (g->kind_class[k] & classes) n += g->supply[player][k];
    return n;
}

int carc__figure_kind_classes(const carc_game *g, int kind)
{
    return kind >= 0 && kind < CARC_FIGURE_KINDS ? g->kind_class[kind] : 0;
}

int carc__figure_kind_features(const carc_game *g, int kind)
{
    if (kind < 0 || kind >= CARC_FIGURE_KINDS || g->kind_owner[kind] >= CARC_MODULE_SLOTS) return 0;
    const carc_module_def *md = carc__modules[g->kind_owner[kind]];
    for (int i = 0; md && i < md->nkinds; i++)
        if (md->kinds[i].kind == kind) return md->kinds[i].features;
    return 0;
}

int carc__figure_in_supply(const carc_game *g, int player, int kind)
{
    return carc__figure_find(g, player, kind, CARC_PLACE_SUPPLY, -1);
}

/* One pass over the figures, comparing bytes; a player's supply is answered
 * from the supply counts when it holds none of the kind. */
int carc__figure_find(const carc_game *g, int player, int kind, int where, int tile)
{
    CARC_MOD_CHECK(player >= -1 && player < g->nplayers && kind >= 0 &&
                   kind < CARC_FIGURE_KINDS && where >= CARC_PLACE_SUPPLY &&
                   where <= CARC_PLACE_HELD &&
                   (tile == -1 || ((where == CARC_PLACE_SEGMENT || where == CARC_PLACE_TILE) &&
                                   tile >= 0 && (uint32_t)tile < g->ntiles)));
    if (where == CARC_PLACE_SUPPLY && player >= 0 && !g->supply[player][kind]) return -1;
    const figure *F = CFIGS(g);
    for (uint32_t i = 0; i < g->nfigs; i++) {
        const figure *f = &F[i];
        if (f->kind == kind && f->owner == player && f->where == where &&
            (tile < 0 || f->tile == tile))
            return (int)i;
    }
    return -1;
}

/* carc__figure_tile's chase, inlined where every figure is asked */
static inline int figure_tile(const carc_game *g, int fig)
{
    const figure *F = CFIGS(g);
    for (uint32_t hops = 0; hops <= g->nfigs && fig >= 0 && (uint32_t)fig < g->nfigs; hops++) {
        const figure *f = &F[fig];
        if (f->where == CARC_PLACE_SEGMENT || f->where == CARC_PLACE_TILE) return f->tile;
        if (f->where != CARC_PLACE_ATTACHED) return -1;
        fig = f->arg;
    }
    return -1;
}

int carc__figure_tile_chase(const carc_game *g, int fig) { return figure_tile(g, fig); }

int carc__tile_figures(const carc_game *g, int tile, int *out, int cap)
{
    CARC_MOD_CHECK(cap >= 0 && (out || cap == 0));
    int n = 0;
    /* nothing stands on it: nothing is attached there either */
    if (tile >= 0 && (uint32_t)tile < g->ntiles && CTILES(g)[tile].nfig == 0) return 0;
    const figure *F = CFIGS(g);
    for (uint32_t i = 0; i < g->nfigs; i++) {
        /* carc__figure_tile, the chase only for an attached figure: one on
         * a segment or tile is on its own, any other on none (-1) */
        uint8_t w = F[i].where;
        if (w == CARC_PLACE_SEGMENT || w == CARC_PLACE_TILE) {
            if (F[i].tile != tile) continue;
        } else if (w == CARC_PLACE_ATTACHED) {
            if (figure_tile(g, (int)i) != tile) continue;
        } else if (tile != -1) {
            continue;
        }
        if (n < cap) out[n] = (int)i;
        n++;
    }
    return n;
}

/* Majority strength: the owner of the kind may say (mayor = pennants),
 * else the kind's declared strength. */
int carc__strength_of(const carc_game *g, int fig)
{
    const figure *f = &CFIGS(g)[fig];
    if (g->hookmask & HK_STRENGTH) {
        int owner = g->kind_owner[f->kind];
        const carc_module_def *md = owner < CARC_MODULE_SLOTS ? carc__modules[owner] : NULL;
        if (md && md->strength) {
            int s = md->strength(g, fig);
            if (s >= 0) return s;
        }
    }
    return g->kind_strength[f->kind];
}

bool carc__figure_may_move(const carc_game *g, int fig, int where, int tile, int arg, int cause)
{
    /* the modules with a may_move_figure hook (hooks_may_move, set at
     * creation), in registry order */
    for (uint32_t b = g->hooks_may_move; b; b &= b - 1)
        if (!carc__modules[__builtin_ctz(b)]->may_move_figure(g, fig, where, tile, arg, cause))
            return false;
    return true;
}

bool carc__figure_moves_vetoed(const carc_game *g) { return (g->hookmask & HK_MAY_MOVE) != 0; }
