/* Versions, error strings, rule options, module names, option checking,
 * the RNG and the layout of a new game's flat state. */
#include "core/state.h"

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
    default: return code > 0 ? "not an error code" : "unknown error";
    }
}

/* ------------------------------------------------------------ rule options */

typedef struct rule_def {
    const char *name;
    int def, min, max;
} rule_def;

/* Every rule option of every module, by carc_rule_id.  Defaults are the
 * recommended resolutions (doc/rules.md). */
static const rule_def rules[] = {
    [CARC_RULE_TINY_CITY] = {"tiny_city", 2, 1, 2},
};
#define NRULES ((int)(sizeof rules / sizeof rules[0]))

int carc_rule_count(void) { return NRULES; }

const char *carc_rule_name(int rule)
{
    return rule >= 0 && rule < NRULES ? rules[rule].name : NULL;
}

int carc_rule_by_name(const char *name)
{
    if (!name) return CARC_E_INVALID;
    for (int i = 0; i < NRULES; i++)
        if (strcmp(rules[i].name, name) == 0) return i;
    return CARC_E_NOTFOUND;
}

int carc_rule_default(int rule)
{
    return rule >= 0 && rule < NRULES ? rules[rule].def : CARC_E_INVALID;
}

void carc_options_init(carc_options *opts)
{
    if (!opts) return;
    memset(opts, 0, sizeof *opts);
    opts->struct_size = sizeof *opts;
    opts->num_players = 2;
    opts->modules = 1u << CARC_MODULE_BASE;
    for (int i = 0; i < NRULES; i++) opts->rules[i] = rules[i].def;
}

int carc_options_set_rule(carc_options *opts, const char *name, int value)
{
    if (!opts || !name) return CARC_E_INVALID;
    int r = carc_rule_by_name(name);
    if (r < 0) return r;
    if (value < rules[r].min || value > rules[r].max) return CARC_E_INVALID;
    opts->rules[r] = value;
    return CARC_OK;
}

/* -------------------------------------------------------------- modules */

static const char *const module_names[] = {
    "base", "inns_cathedrals", "traders_builders", "princess_dragon", "tower",
    "abbey_mayor", "count", "bridges_castles", "big_top", "catapult",
    "pig_throwing", "dungeon",
};
#define NMODNAMES ((int)(sizeof module_names / sizeof module_names[0]))

/* The registry's name for a built module, else the roadmap's reserved name. */
const char *carc_module_name(int module)
{
    if (module < 0 || module >= CARC_MODULE_SLOTS) return NULL;
    if (carc__modules[module]) return carc__modules[module]->name;
    return module < NMODNAMES ? module_names[module] : NULL;
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
    if (!carc_module_name(module)) return CARC_E_INVALID;
    return carc__modules[module] != NULL;
}

/* Validate options and produce a normalised copy. */
int carc__check_options(const carc_options *in, carc_options *norm)
{
    if (!in || in->struct_size < sizeof(carc_options)) return CARC_E_INVALID;
    /* A caller compiled against a newer header may pass a bigger struct:
     * accept it only if everything we do not know is zero. */
    for (size_t i = sizeof(carc_options); i < in->struct_size; i++)
        if (((const unsigned char *)in)[i] != 0) return CARC_E_INVALID;
    memcpy(norm, in, sizeof *norm);
    norm->struct_size = sizeof *norm;
    norm->reserved0 = 0;
    if (norm->num_players < CARC_MIN_PLAYERS || norm->num_players > CARC_MAX_PLAYERS)
        return CARC_E_INVALID;
    for (int i = 0; i < CARC_MAX_RULES; i++) {
        if (i < NRULES) {
            if (norm->rules[i] == 0) norm->rules[i] = rules[i].def;
            if (norm->rules[i] < rules[i].min || norm->rules[i] > rules[i].max)
                return CARC_E_INVALID;
        } else if (norm->rules[i] != 0) {
            return CARC_E_INVALID;
        }
    }
    norm->modules |= 1u << CARC_MODULE_BASE;
    for (int m = 0; m < 64; m++) {
        if (!((norm->modules >> m) & 1u)) continue;
        if (m >= CARC_MODULE_SLOTS || !carc_module_name(m)) return CARC_E_INVALID;
        if (!carc__modules[m]) return CARC_E_UNSUPPORTED;
    }
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

int carc__game_alloc(carc_game **out, const carc_options *opts)
{
    carc_options o;
    int rc = carc__check_options(opts, &o);
    if (rc) return rc;

    uint32_t ntiles = 0, nsegs = 0, modstate = 0, figs = 0, decisions = 3;
    for (int m = 0; m < CARC_MODULE_SLOTS; m++) {
        if (!((o.modules >> m) & 1u)) continue;
        const carc_module_def *md = carc__modules[m];
        modstate += align8((uint32_t)md->state_bytes);
        figs += (uint32_t)md->figures_per_player * (uint32_t)o.num_players + md->neutral_figures;
        decisions += md->decisions_per_tile;
        if (!md->tile_set) continue;
        for (int t = 0; t < carc__ntypes; t++) {
            if (strcmp(carc__types[t].module, md->tile_set) != 0) continue;
            ntiles += carc__types[t].count;
            nsegs += (uint32_t)carc__types[t].count * carc__types[t].nseg;
        }
    }
    if (ntiles == 0 || ntiles > CARC_MAX_TILES) return CARC_E_INVALID;

    layout L;
    memset(&L, 0, sizeof L);
    L.cap_tiles = ntiles;
    L.cap_segs = nsegs;
    /* the start tile opens 4 cells, every later tile at most 3 */
    L.cap_front = 4 + 3 * ntiles;
    /* a draw (set-aside tiles included), a placement and a deployment per
     * tile; modules add theirs */
    L.cap_hist = decisions * ntiles + 8;
    L.cap_figs = figs;
    /* a completed feature scores only players with a figure on it, and those
     * figures leave it: one event per deployment; then one end-game event
     * per figure on the board.  Modules' bonus events: decisions per tile. */
    L.cap_log = ntiles + figs + (decisions - 3) * ntiles + 8;
    uint32_t hs = 16, bits = 4;
    while (hs < 2 * (L.cap_front + 1)) { hs <<= 1; bits++; }
    L.hash_size = hs;
    L.hash_shift = 32 - bits;

    uint32_t off = align8((uint32_t)sizeof(carc_game));
    L.off_tiles = off; off = align8(off + L.cap_tiles * (uint32_t)sizeof(ptile));
    L.off_segs = off;  off = align8(off + L.cap_segs * (uint32_t)sizeof(seg));
    L.off_front = off; off = align8(off + L.cap_front * (uint32_t)sizeof(front));
    L.off_figs = off;  off = align8(off + L.cap_figs * (uint32_t)sizeof(figure));
    L.off_log = off;   off = align8(off + L.cap_log * (uint32_t)sizeof(logent));
    L.off_hkeys = off; off = align8(off + hs * 4u);
    L.off_hvals = off; off = align8(off + hs * 2u);
    L.off_hist = off;  off = align8(off + L.cap_hist * 2u);
    L.off_remain = off; off = align8(off + (uint32_t)carc__ntypes);
    L.off_live = off;  off = align8(off + L.cap_front * 2u);
    L.off_modstate = off; off = align8(off + modstate);
    L.bytes = off;

    carc_game *g = calloc(1, L.bytes);
    if (!g) return CARC_E_NOMEM;
    g->magic = CARC_MAGIC;
    g->L = L;
    g->opts = o;
    g->nplayers = o.num_players;
    uint64_t sm = o.seed;
    g->rng[0] = splitmix64(&sm);
    g->rng[1] = splitmix64(&sm);
    *out = g;
    return CARC_OK;
}

size_t carc__state_bytes(const carc_game *g) { return g ? g->L.bytes : 0; }

