/* Versions, error strings, rule options, module names, option checking,
 * the RNG and the layout of a new game's flat state. */
#include "core/state.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- version */

int carc_version_number(void) { return CARC_VERSION_NUMBER; }
const char *carc_version_string(void) { return CARC_VERSION_STRING; }
int carc_num_distinct_actions(void) { return CARC_NUM_DISTINCT_ACTIONS; }
int carc_max_chance_outcomes(void) { return CARC_MAX_CHANCE_OUTCOMES; }
int carc_max_tiles(void) { return CARC_MAX_TILES; }

const char *carc_strerror(int code)
{
    switch (code) {
    case CARC_OK: return "success";
    case CARC_E_INVALID: return "invalid argument (NULL or out of range)";
    case CARC_E_NOMEM: return "out of memory";
    case CARC_E_ILLEGAL: return "illegal action";
    case CARC_E_BUFFER: return "buffer too small";
    case CARC_E_STATE: return "wrong kind of decision pending";
    case CARC_E_PARSE: return "malformed text";
    case CARC_E_CORRUPT: return "corrupt or inconsistent data";
    case CARC_E_VERSION: return "unsupported format version";
    case CARC_E_UNSUPPORTED: return "module or option not built into this library";
    case CARC_E_NOTFOUND: return "not found";
    case CARC_E_LIMIT: return "a declared bound of the game was reached (a defect)";
    default: return code > 0 ? "not an error code" : "unknown error";
    }
}

/* ------------------------------------------------------------ rule options */

/* Every rule option belongs to a module (its carc_module_def.rules) and has
 * a fixed slot in carc_options.rules.  The table is the union over the
 * modules of this build, by slot. */
/* The value of rule slot `rule` for a game of module set `modules` written
 * by a library that did not know the rule: its module's rule_legacy value
 * when that module is in play, else its default; CARC_E_INVALID for a slot
 * without a rule. */
int carc__rule_legacy(int rule, uint64_t modules)
{
    if (rule < 0 || rule >= CARC_MAX_RULES) return CARC_E_INVALID;
    for (int m = 0; m < CARC_MODULE_SLOTS; m++) {
        const carc_module_def *md = carc__modules[m];
        if (!md) continue;
        for (int i = 0; i < md->nrules; i++) {
            if (md->rules[i].slot != rule) continue;
            if (!((modules >> m) & 1u)) return md->rules[i].def;
            for (const carc_rule_legacy *l = md->rule_legacy; l && l->name; l++)
                if (strcmp(l->name, md->rules[i].name) == 0) return l->value;
            return md->rules[i].def;
        }
    }
    return CARC_E_INVALID;
}

const carc_rule_def *carc__rule_def(int rule)
{
    if (rule < 0 || rule >= CARC_MAX_RULES) return NULL;
    for (int m = 0; m < CARC_MODULE_SLOTS; m++) {
        const carc_module_def *md = carc__modules[m];
        if (!md) continue;
        for (int i = 0; i < md->nrules; i++)
            if (md->rules[i].slot == rule) return &md->rules[i];
    }
    return NULL;
}

/* The module that owns a rule slot, or -1. */
int carc__rule_module(int rule)
{
    for (int m = 0; m < CARC_MODULE_SLOTS; m++) {
        const carc_module_def *md = carc__modules[m];
        if (!md) continue;
        for (int i = 0; i < md->nrules; i++)
            if (md->rules[i].slot == rule) return m;
    }
    return -1;
}

/* The rules of the modules other than base, by slot (ties in registry
 * order): what carc__rule_off_play walks.  The registry is constant, so the
 * list is built once per thread (no lock, no shared write). */
typedef struct rule_ref {
    uint8_t slot, module;
    int32_t def;
} rule_ref;

static const rule_ref *module_rules(int *n)
{
    static _Thread_local rule_ref list[CARC_MODULE_SLOTS * CARC_MAX_RULES];
    static _Thread_local int count = -1;
    if (count < 0) {
        int k = 0;
        for (int m = 0; m < CARC_MODULE_SLOTS; m++) {
            const carc_module_def *md = carc__modules[m];
            if (!md || m == CARC_MODULE_BASE) continue;
            for (int i = 0; i < md->nrules; i++) {
                if (md->rules[i].slot >= CARC_MAX_RULES || k >= (int)(sizeof list / sizeof list[0]))
                    continue;
                rule_ref r = {(uint8_t)md->rules[i].slot, (uint8_t)m, md->rules[i].def};
                int j = k++;
                while (j > 0 && list[j - 1].slot > r.slot) { list[j] = list[j - 1]; j--; }
                list[j] = r;
            }
        }
        count = k;
    }
    *n = count;
    return list;
}

/* The first rule slot (by slot) whose value in opts is not its default
 * although the module that owns it is not in opts->modules, or -1. */
int carc__rule_off_play(const carc_options *opts)
{
    int n;
    const rule_ref *list = module_rules(&n);
    for (int i = 0; i < n; i++)
        if (!((opts->modules >> list[i].module) & 1u) && opts->rules[list[i].slot] != list[i].def)
            return list[i].slot;
    return -1;
}

/* One past the highest defined slot. */
int carc__rule_count(void)
{
    int n = 0;
    for (int m = 0; m < CARC_MODULE_SLOTS; m++) {
        const carc_module_def *md = carc__modules[m];
        if (!md) continue;
        for (int i = 0; i < md->nrules; i++)
            if (md->rules[i].slot + 1 > n) n = md->rules[i].slot + 1;
    }
    return n;
}

int carc_rule_count(void) { return carc__rule_count(); }

const char *carc_rule_name(int rule)
{
    const carc_rule_def *r = carc__rule_def(rule);
    return r ? r->name : NULL;
}

int carc_rule_by_name(const char *name)
{
    if (!name) return CARC_E_INVALID;
    for (int i = 0; i < CARC_MAX_RULES; i++) {
        const carc_rule_def *r = carc__rule_def(i);
        if (r && strcmp(r->name, name) == 0) return i;
    }
    return CARC_E_NOTFOUND;
}

int carc_rule_default(int rule)
{
    const carc_rule_def *r = carc__rule_def(rule);
    return r ? r->def : CARC_E_INVALID;
}

/* Every slot's definition (NULL where none), from one pass over the
 * registry, once per thread (the registry is constant). */
static const carc_rule_def *const *rule_table(void)
{
    static _Thread_local const carc_rule_def *defs[CARC_MAX_RULES];
    static _Thread_local bool ready;
    if (!ready) {
        for (int m = 0; m < CARC_MODULE_SLOTS; m++) {
            const carc_module_def *md = carc__modules[m];
            if (!md) continue;
            for (int i = 0; i < md->nrules; i++)
                if (md->rules[i].slot < CARC_MAX_RULES) defs[md->rules[i].slot] = &md->rules[i];
        }
        ready = true;
    }
    return defs;
}

void carc_options_init(carc_options *opts)
{
    if (!opts) return;
    memset(opts, 0, sizeof *opts);
    opts->struct_size = sizeof *opts;
    opts->num_players = 2;
    opts->modules = 1u << CARC_MODULE_BASE;
    const carc_rule_def *const *defs = rule_table();
    for (int i = 0; i < CARC_MAX_RULES; i++)
        if (defs[i]) opts->rules[i] = defs[i]->def;
}

int carc_options_set_rule(carc_options *opts, const char *name, int value)
{
    if (!opts || !name) return CARC_E_INVALID;
    int r = carc_rule_by_name(name);
    if (r < 0) return r;
    const carc_rule_def *d = carc__rule_def(r);
    if (value < d->min || value > d->max) return CARC_E_INVALID;
    opts->rules[r] = value;
    return CARC_OK;
}

/* -------------------------------------------------------------- modules */

/* Names of the roadmap's module ids, for the ids this build does not
 * contain (a built module's name comes from its definition). */
static const char *const reserved_names[] = {
    "base", "inns_cathedrals", "traders_builders", "princess_dragon", "tower",
    "abbey_mayor", "count", "bridges_castles", "big_top", "catapult",
    "pig_throwing", "dungeon",
};
#define NRESERVED ((int)(sizeof reserved_names / sizeof reserved_names[0]))

const char *carc_module_name(int module)
{
    if (module < 0 || module >= CARC_MODULE_SLOTS) return NULL;
    if (carc__modules[module]) return carc__modules[module]->name;
    return module < NRESERVED ? reserved_names[module] : NULL;
}

int carc_module_by_name(const char *name)
{
    if (!name) return CARC_E_INVALID;
    for (int i = 0; i < CARC_MODULE_SLOTS; i++) {
        const char *n = carc_module_name(i);
        if (n && strcmp(n, name) == 0) return i;
    }
    return CARC_E_NOTFOUND;
}

int carc_module_available(int module)
{
    if (module < 0 || module >= CARC_MODULE_SLOTS) return CARC_E_INVALID;
    return carc__modules[module] != NULL;
}

/* The largest options struct a caller may pass: the struct only grows at
 * its end, and a growth by more than this is a caller's garbage size. */
#define OPTIONS_MAX_SIZE (sizeof(carc_options) + 4096)

/* Validate options and produce a normalised copy. */
int carc__check_options(const carc_options *in, carc_options *norm)
{
    /* A caller compiled against a newer header may pass a bigger struct:
     * accept it only if everything we do not know is zero. */
    if (!in || !carc__sized_copy(norm, in, in->struct_size, sizeof *norm, OPTIONS_MAX_SIZE))
        return CARC_E_INVALID;
    if (norm->reserved0 != 0) return CARC_E_INVALID;
    norm->struct_size = sizeof *norm;
    if (norm->num_players < CARC_MIN_PLAYERS || norm->num_players > CARC_MAX_PLAYERS)
        return CARC_E_INVALID;
    const carc_rule_def *const *defs = rule_table();
    for (int i = 0; i < CARC_MAX_RULES; i++) {
        const carc_rule_def *r = defs[i];
        if (r) {
            if (norm->rules[i] == 0) norm->rules[i] = r->def;
            if (norm->rules[i] < r->min || norm->rules[i] > r->max) return CARC_E_INVALID;
        } else if (norm->rules[i] != 0) {
            return CARC_E_INVALID;
        }
    }
    norm->modules |= 1u << CARC_MODULE_BASE;
    for (uint64_t bits = norm->modules; bits; bits &= bits - 1) {
        int m = __builtin_ctzll(bits);
        if (m >= CARC_MODULE_SLOTS || !carc_module_name(m)) return CARC_E_INVALID;
        if (!carc__modules[m]) return CARC_E_UNSUPPORTED;
    }
    /* a module's requirements must be on with it */
    for (uint64_t bits = norm->modules; bits; bits &= bits - 1) {
        int m = __builtin_ctzll(bits);
        if (carc__modules[m]->requires & ~norm->modules) return CARC_E_INVALID;
    }
    /* a rule of a module not in play keeps its default: the game would
     * keep another value, but its record would not say it */
    if (carc__rule_off_play(norm) >= 0) return CARC_E_INVALID;
    return CARC_OK;
}

/* ------------------------------------------------------------------ RNG */
/* xoshiro128-family generator (xoroshiro128**), seeded through splitmix64. */

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline uint64_t rotl64(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t carc__rng_next(carc_game *g)
{
    uint64_t s0 = g->rng[0], s1 = g->rng[1];
    uint64_t r = rotl64(s0 * 5, 7) * 9;
    s1 ^= s0;
    g->rng[0] = rotl64(s0, 24) ^ s1 ^ (s1 << 16);
    g->rng[1] = rotl64(s1, 37);
    return r;
}

uint32_t carc__rng_below(carc_game *g, uint32_t n)
{
    /* unbiased: reject the top sliver of the 64-bit range */
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t r;
    do r = carc__rng_next(g); while (r >= limit);
    return (uint32_t)(r % n);
}

/* ------------------------------------------------------------- layout */

static uint32_t align8(uint32_t x) { return (x + 7u) & ~7u; }

/* Is tile type t of tile set `set`?  The catalogue lists a set's types
 * together, their set names being one string literal, so the last answer's
 * pointer (*hit, *miss) decides most types without a strcmp (a new game
 * asks for every type and enabled set). */
static inline bool type_in_set(int t, const char *set, const char **hit, const char **miss)
{
    const char *m = carc__types[t].module;
    if (m == *hit) return true;
    if (m == *miss) return false;
    if (strcmp(m, set) == 0) {
        *hit = m;
        return true;
    }
    *miss = m;
    return false;
}

/* A module's tile set, summed once per thread (the catalogue is fixed and
 * every new game asks): the types [lo, hi) hold every type of the set,
 * their copies and segments, and whether one has a wildcard edge. */
typedef struct set_span {
    bool ready;
    bool wild;
    uint16_t lo, hi;
    uint32_t ntiles, nsegs;
} set_span;

static const set_span *span_of(int m, const char *set)
{
    static _Thread_local set_span spans[CARC_MODULE_SLOTS];
    set_span *sp = &spans[m];
    if (sp->ready) return sp;
    const char *hit = NULL, *miss = NULL;
    int lo = carc__ntypes, hi = 0;
    sp->ntiles = sp->nsegs = 0;
    sp->wild = false;
    for (int t = 0; t < carc__ntypes; t++) {
        if (!type_in_set(t, set, &hit, &miss)) continue;
        if (t < lo) lo = t;
        hi = t + 1;
        sp->ntiles += carc__types[t].count;
        sp->nsegs += (uint32_t)carc__types[t].count * carc__types[t].nseg;
        for (int r = 0; r < 4; r++)
            if (carc__types[t].wild[r]) sp->wild = true;
    }
    sp->lo = (uint16_t)(lo < hi ? lo : 0);
    sp->hi = (uint16_t)hi;
    sp->ready = true;
    return sp;
}

static size_t module_state_size(const carc_module_def *md, const carc_options *o)
{
    return md->state_size ? md->state_size(o) : 0;
}

int carc__game_alloc(carc_game **out, const carc_options *opts)
{
    carc_options o;
    int rc = carc__check_options(opts, &o);
    if (rc) return rc;

    /* everything a game can hold, from the enabled modules' declarations */
    uint32_t ntiles = 0, nsegs = 0, modstate = 0, figs = 0, decisions = 3, payload = 0;
    uint32_t events_tile = 0, events_game = 0, overlays = 0;
    for (int m = 0; m < CARC_MODULE_SLOTS; m++) {
        if (!((o.modules >> m) & 1u)) continue;
        const carc_module_def *md = carc__modules[m];
        modstate += align8((uint32_t)module_state_size(md, &o));
        for (int k = 0; k < md->nkinds; k++) {
            const carc_kind_def *kd = &md->kinds[k];
            uint32_t c = kd->count[o.num_players];
            figs += (kd->classes & CARC_CLASS_NEUTRAL) ? c : c * (uint32_t)o.num_players;
        }
        decisions += md->decisions_per_tile;
        payload += md->payload_words_per_tile;
        events_tile += md->events_per_tile;
        events_game += md->events_per_game;
        overlays += md->overlays;
        if (!md->tile_set) continue;
        const set_span *sp = span_of(m, md->tile_set);
        ntiles += sp->ntiles;
        nsegs += sp->nsegs;
    }
    if (ntiles == 0 || ntiles > CARC_MAX_TILES || figs > CARC_ID_FIGURE_N) return CARC_E_INVALID;

    layout L;
    memset(&L, 0, sizeof L);
    L.cap_tiles = ntiles;
    L.cap_segs = nsegs + overlays;
    L.cap_overlays = overlays;
    /* the start tile opens 4 cells, every later tile at most 3 */
    L.cap_front = 4 + 3 * ntiles;
    /* a draw (set-aside tiles included), a placement and a deployment per
     * tile; modules add theirs */
    L.cap_hist = (decisions + payload) * ntiles + 8 + 2 + CARC_PAYLOAD_MAX;
    L.cap_figs = figs;
    /* one applied decision logs at most: every completed feature for every
     * player, every figure at the end, and the modules' events */
    L.log_per_apply = MAX_COMPLETED * (uint32_t)o.num_players + figs + events_tile + events_game +
                      (uint32_t)o.num_players;
    /* a completed feature scores only players with a figure on it, and those
     * figures leave it: one event per deployment; then one end-game event
     * per figure on the board; the modules' declared events; and room for
     * one more applied decision, so the check before applying never fails */
    L.cap_log = ntiles + figs + events_tile * ntiles + events_game + L.log_per_apply + 8;
    /* The board window (board.c) holds the box of the placed tiles and the
     * tile being laid, one cell more on each side.  Tiles join the board
     * next to a placed one, so every tile adds at most 1 to the box's
     * width + height: after a start layout of n cells in a w x h box, the
     * box of the tiles has width + height <= w + h + (cap_tiles - n), and
     * <= cap_tiles + 1 after a single start tile.  A box of perimeter
     * sum S + 4 has at most floor((S+4)/2) * ceil((S+4)/2) cells. */
    uint32_t sum = ntiles + 1;
    for (int l = 0; l < carc__nlayouts; l++) {
        const tile_layout *lay = &carc__layouts[l];
        int x0 = 0, x1 = 0, y0 = 0, y1 = 0;
        for (int i = 0; i < lay->n; i++) {
            const layout_cell *c = &lay->cell[i];
            if (i == 0 || c->x < x0) x0 = c->x;
            if (i == 0 || c->x > x1) x1 = c->x;
            if (i == 0 || c->y < y0) y0 = c->y;
            if (i == 0 || c->y > y1) y1 = c->y;
        }
        uint32_t s = (uint32_t)(x1 - x0 + 1 + y1 - y0 + 1) +
                     (ntiles > (uint32_t)lay->n ? ntiles - (uint32_t)lay->n : 0);
        if (s > sum) sum = s;
    }
    L.cap_grid = ((sum + 4) / 2) * ((sum + 5) / 2);
    L.modstate_bytes = modstate;

    uint32_t off = align8((uint32_t)sizeof(carc_game));
    L.off_remain = off; off = align8(off + 2u * (uint32_t)carc__ntypes); /* REMAIN, BAG */
    L.off_modstate = off; off = align8(off + modstate);
    /* growing arrays last: clone copies their used prefixes only */
    L.off_tiles = off; off = align8(off + L.cap_tiles * (uint32_t)sizeof(ptile));
    L.off_segs = off;  off = align8(off + L.cap_segs * (uint32_t)sizeof(seg));
    L.off_front = off; off = align8(off + L.cap_front * (uint32_t)sizeof(front));
    L.off_grid = off;  off = align8(off + L.cap_grid * 2u);
    L.off_slots = off; off = align8(off + L.cap_front * (uint32_t)sizeof(live_slot));
    L.off_figs = off;  off = align8(off + L.cap_figs * (uint32_t)sizeof(figure));
    L.off_log = off;   off = align8(off + L.cap_log * (uint32_t)sizeof(logent));
    L.off_hist = off;  off = align8(off + L.cap_hist * 2u);
    L.bytes = off;

    /* the fixed part is zeroed; the growing arrays are written before they
     * are read (nothing reads past their counts), so they are not */
    carc_game *g = malloc(L.bytes);
    if (!g) return CARC_E_NOMEM;
    memset(g, 0, L.off_tiles);
    g->magic = CARC_MAGIC;
    g->L = L;
    g->tiles_off = L.off_tiles;
    g->segs_off = L.off_segs;
    g->remain_off = L.off_remain;
    g->grid_off = L.off_grid;
    g->figs_off = L.off_figs;
    g->opts = o;
    g->nplayers = o.num_players;
    g->nlog_final = UINT32_MAX;
    uint64_t sm = o.seed;
    g->rng[0] = splitmix64(&sm);
    g->rng[1] = splitmix64(&sm);
    *out = g;
    return CARC_OK;
}

/* Fill a freshly allocated game: modules, figure kinds, rule slots, step
 * lists, module state, figures, the draw pile, the start, and run the
 * pipeline to the first decision. */
/* The pile's gap (gap_lo, gap_hi; DRAW_GAP in draw_odd): the longest run
 * of types with no tile in the pile at creation (no tile set in play holds
 * them, or the host's bag none) before a type with tiles, cut to whole
 * blocks of sixteen, which the draw's pick passes over (turn.c,
 * pick_type_in); none when it holds no whole block.  Its counts stay 0:
 * the draws only take tiles, and a tile put back there clears DRAW_GAP
 * (carc__pile_put_back).  draw_odd's DRAW_VETOES too. */
static void draw_gap(carc_game *g, const uint8_t *remain)
{
    int best_lo = 0, best_n = 0;
    for (int t = 0; t < carc__ntypes;) {
        if (remain[t]) {
            t++;
            continue;
        }
        int u = t;
        while (u < carc__ntypes && remain[u] == 0) u++;
        const int lo = (t + 15) & ~15, hi = u & ~15;
        if (u < carc__ntypes && hi - lo > best_n) { /* (a pick never passes the last run) */
            best_lo = lo;
            best_n = hi - lo;
        }
        t = u;
    }
    g->gap_lo = (uint16_t)best_lo;
    g->gap_hi = (uint16_t)(best_lo + best_n);
    g->draw_odd = (uint8_t)((g->hooks_drawable ? DRAW_VETOES : 0) | (best_n ? DRAW_GAP : 0));
}

int carc__game_init(carc_game *g)
{
    memset(g->kind_owner, 255, sizeof g->kind_owner);
    int pending_sum = 0;
    uint32_t tokens_owned = 0;
    uint32_t modoff = g->L.off_modstate;
    bool deploy_asked = false; /* a may_deploy hook without may_deploy_segs */
    uint32_t ids_checked_mods = 0; /* modules with ids_checked (HK_IDS_CHECKED) */
    bool veto_anywhere = false; /* a may_deploy hook without may_deploy_tile */
    bool verbs_noted = false; /* deploy_actions without verbs_checked (HK_VERBS_CHECKED) */
    for (int m = 0; m < CARC_MODULE_SLOTS; m++) {
        if (!carc__module_on(g, m)) continue;
        const carc_module_def *md = carc__modules[m];
        g->mods[g->nmods++] = (uint8_t)m;
        if (md->drawable) g->hooks_drawable |= 1u << m;
        if (md->draw_aside) g->hooks_aside |= 1u << m;
        if (md->may_deploy) {
            g->hookmask |= HK_MAY_DEPLOY;
            g->hooks_deploy |= 1u << m;
            if (!md->may_deploy_segs) deploy_asked = true;
            if (!md->may_deploy_tile) veto_anywhere = true;
        }
        if (md->may_place_tile) {
            g->hookmask |= HK_MAY_PLACE;
            g->hooks_place |= 1u << m;
            g->place_veto_ttags |= md->place_veto_ttags;
            if (!md->place_veto_ttags) g->place_veto_all = 1;
        }
        if (md->strength) g->hookmask |= HK_STRENGTH;
        if (md->feature_points) g->hookmask |= HK_FEATURE_POINTS;
        if (md->before_majority) g->hookmask |= HK_BEFORE_MAJORITY;
        if (md->feature_scored) g->hookmask |= HK_FEATURE_SCORED;
        if (md->feature_scored && !md->feature_scored_occupied) g->hookmask |= HK_SCORED_BARE;
        if (md->after_feature) g->hookmask |= HK_AFTER_FEATURE;
        if (md->city_value) g->hookmask |= HK_CITY_VALUE;
        if (md->figure_moved) {
            g->hookmask |= HK_FIGURE_MOVED;
            g->hooks_moved |= 1u << m;
        }
        if (md->intercept_move) g->hooks_intercept |= 1u << m;
        if (md->features_merged) g->hookmask |= HK_MERGED;
        if (md->deploy_actions) {
            g->hookmask |= HK_DEPLOY_ACTIONS;
            g->hooks_verbs |= 1u << m;
            if (!md->verbs_checked || !md->apply_listed_id) verbs_noted = true;
        }
        if (md->may_move_figure) {
            g->hookmask |= HK_MAY_MOVE;
            g->hooks_may_move |= 1u << m;
        }
        if (md->player_points) g->hookmask |= HK_PLAYER_POINTS;
        if (md->ids_checked && md->apply_listed_id) ids_checked_mods |= 1u << m;
        if (md->place_repair) {
            g->hookmask |= HK_REPAIR;
            g->hooks_repair |= 1u << m;
        }
        if (md->token_kinds & tokens_owned) return CARC_E_INVALID; /* two own one kind */
        tokens_owned |= md->token_kinds;
        pending_sum += md->max_pending;
        for (int k = 0; k < md->nkinds; k++) {
            const carc_kind_def *kd = &md->kinds[k];
            if (kd->kind >= CARC_FIGURE_KINDS || g->kind_owner[kd->kind] != 255)
                return CARC_E_INVALID; /* two enabled modules claim one kind */
            g->kind_owner[kd->kind] = (uint8_t)m;
            g->kind_class[kd->kind] = kd->classes;
            g->kind_strength[kd->kind] = kd->strength;
            if (md->deploy_allowed) g->kind_custom |= (uint16_t)(1u << kd->kind);
        }
        size_t sz = module_state_size(md, &g->opts);
        /* the word where a veto may refuse (may_deploy_tile) lies in the
         * module's state: the core reads it in place */
        if (md->may_deploy_tile && (!md->may_deploy || (size_t)md->may_deploy_tile_off + 2 > sz))
            return CARC_E_INVALID;
        if (sz) {
            g->modoff[m] = modoff;
            modoff += align8((uint32_t)sz);
        }
    }
    /* the queue holds what every module may have queued at once, the
     * core's own decision and one follow-up */
    if ((g->hookmask & HK_MAY_DEPLOY) && !deploy_asked) g->hookmask |= HK_DEPLOY_SEGS;
    g->ids_checked_mods = 0;
    if (ids_checked_mods && !(g->hookmask & HK_MAY_MOVE)) {
        g->hookmask |= HK_IDS_CHECKED;
        g->ids_checked_mods = ids_checked_mods;
    }
    if (g->hooks_verbs && !verbs_noted && !(g->hookmask & HK_MAY_MOVE))
        g->hookmask |= HK_VERBS_CHECKED;
    if ((g->hookmask & HK_MAY_DEPLOY) && !veto_anywhere) g->hookmask |= HK_VETO_TILES;
    g->veto_at = 0;
    if ((g->hookmask & HK_VETO_TILES) && !(g->hooks_deploy & (g->hooks_deploy - 1))) {
        const int m = __builtin_ctz(g->hooks_deploy);
        const uint32_t at = g->modoff[m] + carc__modules[m]->may_deploy_tile_off;
        if (g->modoff[m] && at + 2u <= UINT16_MAX) g->veto_at = (uint16_t)at;
    }
    if (pending_sum + 2 > MAX_PENDING) return CARC_E_LIMIT;
    int rc = carc__build_steps(g);
    if (rc) return rc;

    /* figures: module by module, player by player, kind by kind */
    for (int k = 0; k < g->nmods; k++) {
        const carc_module_def *md = carc__mod(g, k);
        for (int p = 0; p < g->nplayers; p++)
            for (int i = 0; i < md->nkinds; i++) {
                const carc_kind_def *kd = &md->kinds[i];
                if (kd->classes & CARC_CLASS_NEUTRAL) continue;
                for (int c = 0; c < kd->count[g->nplayers]; c++)
                    if ((rc = carc__figure_add(g, kd->kind, p)) < 0) return rc;
            }
        for (int i = 0; i < md->nkinds; i++) {
            const carc_kind_def *kd = &md->kinds[i];
            if (!(kd->classes & CARC_CLASS_NEUTRAL)) continue;
            for (int c = 0; c < kd->count[g->nplayers]; c++)
                if ((rc = carc__figure_add(g, kd->kind, -1)) < 0) return rc;
        }
    }

    /* the range of the figures whose kind is no follower (nobody_on) */
    g->other_lo = g->other_hi = 0;
    for (uint32_t i = 0; i < g->nfigs; i++) {
        if (g->kind_class[CFIGS(g)[i].kind] & CARC_CLASS_FOLLOWER) continue;
        if (g->other_hi == 0) g->other_lo = (uint8_t)i;
        g->other_hi = (uint8_t)(i + 1);
    }

    uint8_t *remain = REMAIN(g);
    int tlo = carc__ntypes, thi = 0; /* the types of the sets in play */
    for (int k = 0; k < g->nmods; k++) {
        const carc_module_def *md = carc__mod(g, k);
        if (!md->tile_set) continue;
        const set_span *sp = span_of(g->mods[k], md->tile_set);
        if (sp->wild) g->hookmask |= HK_WILD;
        if (sp->lo < tlo) tlo = sp->lo;
        if (sp->hi > thi) thi = sp->hi;
        const char *hit = NULL, *miss = NULL;
        for (int t = sp->lo; t < sp->hi; t++)
            if (type_in_set(t, md->tile_set, &hit, &miss) &&
                !carc__types[t].held) /* held tiles are dealt by their module */
                remain[t] = carc__types[t].count;
    }
    if (g->first_player < 0 || g->first_player >= g->nplayers) return CARC_E_INVALID;
    g->player = g->first_player;
    g->turn = 1;
    g->drawn = -1;
    g->last_tile = -1;
    carc__board_init(g);
    if (g->bag_given) /* the host's bag: at most what the tile sets hold */
        for (int t = 0; t < carc__ntypes; t++) {
            if (BAG(g)[t] > remain[t]) return CARC_E_INVALID;
            remain[t] = BAG(g)[t];
        }
    if (g->bag_given) { /* the bag may hold only types of the sets (checked above) */
        tlo = 0;
        thi = carc__ntypes;
    }
    for (int t = tlo; t < thi; t++) g->total_remaining += remain[t];
    draw_gap(g, remain);
    for (int k = 0; k < g->nmods; k++)
        if (carc__mod(g, k)->setup) carc__mod(g, k)->setup(g);
    g->step = CARC_STEP_TURN_START;
    carc__advance(g);
    return (g->flags & TF_FAULT) ? CARC_E_LIMIT : CARC_OK;
}

size_t carc__state_bytes(const carc_game *g) { return g ? g->L.bytes : 0; }

/* The used part of each growing array: [offset, bytes). */
#define NPARTS 8
static void used_parts(const carc_game *g, uint32_t off[NPARTS], uint32_t len[NPARTS])
{
    const layout *L = &g->L;
    off[0] = L->off_tiles; len[0] = g->ntiles * (uint32_t)sizeof(ptile);
    off[1] = L->off_segs;  len[1] = g->nsegs * (uint32_t)sizeof(seg);
    off[2] = L->off_front; len[2] = g->nfront * (uint32_t)sizeof(front);
    off[3] = L->off_figs;  len[3] = g->nfigs * (uint32_t)sizeof(figure);
    off[4] = L->off_log;   len[4] = g->nlog * (uint32_t)sizeof(logent);
    off[5] = L->off_hist;  len[5] = g->nhist * 2u;
    off[6] = L->off_grid;  len[6] = (uint32_t)g->gw * g->gh * 2u;
    off[7] = L->off_slots; len[7] = g->lslots * (uint32_t)sizeof(live_slot);
}

size_t carc__state_used_bytes(const carc_game *g)
{
    if (!g) return 0;
    uint32_t off[NPARTS], len[NPARTS];
    used_parts(g, off, len);
    size_t n = g->L.off_tiles;
    for (int i = 0; i < NPARTS; i++) n += len[i];
    return n;
}

/* A forward copy whose destination lies a little above its source modulo
 * 4096 makes, on many x86 cores, every load look as if it depended on a
 * store just made ("4K aliasing": only the low 12 address bits are compared
 * at first), and glibc's memcpy for a few KB took 4-6 us there instead of
 * 0.3 (issue 35, measured on an Intel Xeon host).  Two handles of a
 * search's pool can sit that way.  Then the large parts are copied from
 * their ends down, 64 bytes at a time, so that the loads run away from the
 * stores.  (On an AMD EPYC host, which has no such trap, this path costs
 * about 1.7x a memcpy; it is taken for 1 skew in 16.) */
#define ALIAS_WINDOW 256u
/* shorter parts go to memcpy: below a few vector lengths it loads before it
 * stores, and glibc's vector loop checks for the aliasing itself; the
 * trap is its `rep movsb` path for KB-sized copies */
#define ALIAS_MIN 2048u

static void copy_down(char *dst, const char *src, size_t n)
{
    typedef uint64_t v2 __attribute__((vector_size(16)));
    while (n >= 64) {
        n -= 64;
        v2 a, b, c, d;
        memcpy(&a, src + n, 16);
        memcpy(&b, src + n + 16, 16);
        memcpy(&c, src + n + 32, 16);
        memcpy(&d, src + n + 48, 16);
        memcpy(dst + n, &a, 16);
        memcpy(dst + n + 16, &b, 16);
        memcpy(dst + n + 32, &c, 16);
        memcpy(dst + n + 48, &d, 16);
        /* a compiler barrier: keep the loop a loop (not a memcpy call) */
        __asm__ volatile("" ::: "memory");
    }
    while (n > 0) {
        n--;
        dst[n] = src[n];
        __asm__ volatile("" ::: "memory");
    }
}

/* Copy src into dst (same layout): the header and fixed tables whole, the
 * growing arrays up to what is used. */
void carc__state_copy(carc_game *dst, const carc_game *src)
{
    uint32_t off[NPARTS], len[NPARTS];
    used_parts(src, off, len);
    uint32_t skew = (uint32_t)((uintptr_t)dst - (uintptr_t)src) & 4095u;
    bool down = skew != 0 && skew < ALIAS_WINDOW;
    if (down && src->L.off_tiles >= ALIAS_MIN) copy_down((char *)dst, (const char *)src, src->L.off_tiles);
    else memcpy(dst, src, src->L.off_tiles);
    for (int i = 0; i < NPARTS; i++) {
        if (down && len[i] >= ALIAS_MIN)
            copy_down((char *)dst + off[i], (const char *)src + off[i], len[i]);
        else
            memcpy((char *)dst + off[i], (const char *)src + off[i], len[i]);
    }
}

/* ---------------------------------------------------- new-game template */

/* A new game is a pure function of its options and setup, and its seed
 * enters only the RNG (the start draws nothing: the first decision is the
 * draw itself).  So each thread keeps the last new game it made, compacted
 * (the fixed part, then the used prefix of every growing array), keyed by
 * the options' fields exactly as the caller gave them (seed aside) and the setup:
 * the next game of the same options is a malloc and a copy with its own
 * seed, instead of checking the options, laying out the block and running
 * the start (carc_game_new, carc_game_deserialize's snapshot path).  Per
 * thread, like the other tables in this file: no lock, no state shared
 * between threads, nothing to free (a fixed buffer; a game whose start
 * uses more is made the long way every time).  A template is stored only
 * if the start left the RNG as the seed set it, so a module setup that
 * drew from it would be made the long way too. */
#define TEMPLATE_BYTES 8192u

typedef struct game_template {
    uint32_t used;              /* bytes of block in use; 0: no template */
    uint32_t bytes;             /* L.bytes of the games it makes */
    uint32_t pos[NPARTS], off[NPARTS], len[NPARTS]; /* each part in block, in a game */
    carc_options key;           /* the options as given, seed 0 */
    int8_t first_player;
    uint8_t bag_given;
    uint8_t bag[CARC_MAX_TILES];
    uint64_t block[TEMPLATE_BYTES / 8];
} game_template;

static _Thread_local game_template tmpl;

/* Options as given and a normalised setup (NULL: the default one) that
 * make the template's game?  Only a struct of this library's size is
 * compared (a bigger one, with zeros past what this library knows, is
 * made the long way). */
static bool template_hit(const game_template *t, const carc_options *o, const carc_setup *su)
{
    if (!t->used || o->struct_size != sizeof *o) return false;
    /* field by field, seed aside: padding bytes (an ABI may put some after
     * reserved0) never decide */
    if (o->num_players != t->key.num_players || o->reserved0 != t->key.reserved0 ||
        o->modules != t->key.modules || memcmp(o->rules, t->key.rules, sizeof o->rules) != 0)
        return false;
    int fp = su ? su->first_player : 0, bag = su ? su->bag_given : 0;
    if (fp != t->first_player || bag != t->bag_given) return false;
    return !bag || memcmp(su->bag, t->bag, (size_t)carc__ntypes) == 0;
}

/* Keep g, just made from o and su, as this thread's template instead of
 * the one there (if its start drew nothing and it fits; otherwise the one
 * there stays). */
static void template_store(game_template *t, const carc_game *g, const carc_options *o,
                           const carc_setup *su)
{
    if (o->struct_size != sizeof *o || (g->flags & TF_FAULT)) return;
    uint64_t sm = g->opts.seed;
    uint64_t r0 = splitmix64(&sm), r1 = splitmix64(&sm);
    if (g->rng[0] != r0 || g->rng[1] != r1) return;
    uint32_t off[NPARTS], len[NPARTS];
    used_parts(g, off, len);
    uint32_t n = align8(g->L.off_tiles);
    for (int i = 0; i < NPARTS; i++) {
        t->pos[i] = n;
        n = align8(n + len[i]);
    }
    if (n > TEMPLATE_BYTES) return;
    t->used = 0;
    char *b = (char *)t->block;
    memcpy(b, g, g->L.off_tiles);
    for (int i = 0; i < NPARTS; i++) {
        t->off[i] = off[i];
        t->len[i] = len[i];
        memcpy(b + t->pos[i], (const char *)g + off[i], len[i]);
    }
    t->key = *o;
    t->key.seed = 0;
    t->first_player = (int8_t)(su ? su->first_player : 0);
    t->bag_given = (uint8_t)(su ? su->bag_given : 0);
    memset(t->bag, 0, sizeof t->bag);
    if (t->bag_given) memcpy(t->bag, su->bag, (size_t)carc__ntypes);
    t->bytes = g->L.bytes;
    t->used = n;
}

/* A new game the long way: options checked, block laid out, the start. */
static int game_make(carc_game **out, const carc_options *opts, const carc_setup *su)
{
    carc_game *g;
    int rc = carc__game_alloc(&g, opts);
    if (rc) return rc;
    if (su) {
        g->first_player = (int8_t)su->first_player;
        g->bag_given = (uint8_t)su->bag_given;
        if (su->bag_given) memcpy(BAG(g), su->bag, (size_t)carc__ntypes);
    }
    rc = carc__game_init(g);
    if (rc) {
        g->magic = 0;
        free(g);
        return rc;
    }
    *out = g;
    return CARC_OK;
}

int carc__game_create(carc_game **out, const carc_options *opts, const carc_setup *su)
{
    game_template *t = &tmpl;
    if (template_hit(t, opts, su)) {
        carc_game *g = malloc(t->bytes);
        if (!g) return CARC_E_NOMEM;
        const char *b = (const char *)t->block;
        memcpy(g, b, ((const carc_game *)b)->L.off_tiles);
        for (int i = 0; i < NPARTS; i++) memcpy((char *)g + t->off[i], b + t->pos[i], t->len[i]);
        uint64_t sm = opts->seed;
        g->opts.seed = opts->seed;
        g->rng[0] = splitmix64(&sm);
        g->rng[1] = splitmix64(&sm);
        *out = g;
        return CARC_OK;
    }
    int rc = game_make(out, opts, su);
    if (!rc) template_store(t, *out, opts, su);
    return rc;
}

int carc__game_config(const carc_options *opts, const carc_setup *su, const carc_game **head,
                      const void **figs, carc_game **own)
{
    game_template *t = &tmpl;
    *own = NULL;
    if (!template_hit(t, opts, su)) {
        carc_game *g;
        int rc = game_make(&g, opts, su);
        if (rc) return rc;
        template_store(t, g, opts, su);
        if (!template_hit(t, opts, su)) {
            *own = g;
            *head = g;
            *figs = CFIGS(g);
            return CARC_OK;
        }
        g->magic = 0;
        free(g);
    }
    const char *b = (const char *)t->block;
    *head = (const carc_game *)b;
    *figs = b + t->pos[3]; /* used_parts: the figures are part 3 */
    return CARC_OK;
}

/* Same game state (what carc__state_copy copies)? */
bool carc__state_equal(const carc_game *a, const carc_game *b)
{
    if (a->L.bytes != b->L.bytes || memcmp(a, b, a->L.off_tiles) != 0) return false;
    uint32_t off[NPARTS], len[NPARTS];
    used_parts(a, off, len);
    for (int i = 0; i < NPARTS; i++)
        if (memcmp((const char *)a + off[i], (const char *)b + off[i], len[i]) != 0) return false;
    return true;
}

/* ------------------------------------------------------- module services */

int carc__turn(const carc_game *g) { return g->turn; }
int carc__turn_part(const carc_game *g) { return g->part; }
int carc__pile_left(const carc_game *g) { return g->total_remaining; }

int carc__pile_take(carc_game *g, int type)
{
    if (type < 0 || type >= carc__ntypes || REMAIN(g)[type] == 0) return CARC_E_STATE;
    REMAIN(g)[type]--;
    g->total_remaining--;
    return CARC_OK;
}
int carc__pile_put_back(carc_game *g, int type)
{
    CARC_MOD_CHECK(g != NULL);
    if (type < 0 || type >= carc__ntypes || REMAIN(g)[type] == UINT8_MAX)
        return CARC_E_INVALID;
    REMAIN(g)[type]++;
    g->total_remaining++;
    if (type >= g->gap_lo && type < g->gap_hi) g->draw_odd &= (uint8_t)~DRAW_GAP;
    return CARC_OK;
}

void carc__pile_drawable_all(carc_game *g, int module)
{
    CARC_MOD_CHECK(g != NULL && module >= 0 && module < 32);
    g->hooks_drawable &= ~(1u << module);
    if (!g->hooks_drawable) g->draw_odd &= (uint8_t)~DRAW_VETOES;
}

void carc__pile_aside_none(carc_game *g, int module)
{
    CARC_MOD_CHECK(g != NULL && module >= 0 && module < 32);
    g->hooks_aside &= ~(1u << module);
}

unsigned carc__pile_hooks(const carc_game *g, int module)
{
    CARC_MOD_CHECK(g != NULL && module >= 0 && module < 32);
    return (g->hooks_drawable >> module & 1u) * CARC_PILE_DRAWABLE |
           (g->hooks_aside >> module & 1u) * CARC_PILE_ASIDE;
}

bool carc__pile_drawable(const carc_game *g, int type)
{
    return g && type >= 0 && type < carc__ntypes && carc__drawable(g, type);
}

bool carc__pile_vetoes(const carc_game *g) { return g->hooks_drawable != 0; }

int carc__score(const carc_game *g, int player)
{
    return player >= 0 && player < g->nplayers ? g->score[player] : 0;
}

int carc__rule(const carc_game *g, int slot)
{
    return slot >= 0 && slot < CARC_MAX_RULES ? g->opts.rules[slot] : 0;
}

bool carc__module_enabled(const carc_game *g, int module)
{
    return module >= 0 && module < CARC_MODULE_SLOTS && carc__module_on(g, module);
}

uint32_t carc__random_below(carc_game *g, uint32_t n) { return carc__rng_below(g, n); }

/* carc__rng_below `count` times with the generator's state in registers:
 * the same draws (the same rejection) and the same state after */
uint64_t carc__random_sum_below(carc_game *g, uint32_t n, int count)
{
    uint64_t limit = UINT64_MAX - UINT64_MAX % n, sum = 0;
    uint64_t s0 = g->rng[0], s1 = g->rng[1];
    if ((n & (n - 1)) == 0) { /* a power of two: r % n is r & (n - 1); four a turn */
        uint64_t mask = n - 1;
        int i = 0;
#define SUM_DRAW()                                                                                 \
    do {                                                                                           \
        uint64_t r;                                                                                \
        do {                                                                                       \
            r = rotl64(s0 * 5, 7) * 9;                                                             \
            s1 ^= s0;                                                                              \
            s0 = rotl64(s0, 24) ^ s1 ^ (s1 << 16);                                                 \
            s1 = rotl64(s1, 37);                                                                   \
        } while (__builtin_expect(r >= limit, 0));                                                 \
        sum += r & mask;                                                                           \
    } while (0)
        for (; i + 4 <= count; i += 4) {
            SUM_DRAW();
            SUM_DRAW();
            SUM_DRAW();
            SUM_DRAW();
        }
        for (; i < count; i++) SUM_DRAW();
#undef SUM_DRAW
        g->rng[0] = s0;
        g->rng[1] = s1;
        return sum;
    }
    for (int i = 0; i < count; i++) {
        uint64_t r;
        do {
            r = rotl64(s0 * 5, 7) * 9;
            s1 ^= s0;
            s0 = rotl64(s0, 24) ^ s1 ^ (s1 << 16);
            s1 = rotl64(s1, 37);
        } while (r >= limit);
        sum += r % n;
    }
    g->rng[0] = s0;
    g->rng[1] = s1;
    return sum;
}
