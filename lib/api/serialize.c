/* Serialization (doc/serialization.md): options plus the history of
 * decisions; restoring replays it, so every restored state passed the same
 * legality checks as a played one. */
#include "core/state.h"

#include <stdlib.h>
#include <string.h>

#define SER_MAGIC "CARC"
/* Version 2: history entries may carry a payload (structured chance
 * outcomes).  A version-1 buffer has none and reads the same way. */
#define SER_VERSION 2
/* Version 3: version 2 with the host's setup (first player, bag) after the
 * rules; written only for a game with a setup that is not the default, so
 * every other game keeps its version-2 bytes. */
#define SER_VERSION_SETUP 3

/* Is the game's setup the default one (player 0 first, the full pile)? */
static bool default_setup(const carc_game *g)
{
    return g->first_player == 0 && !g->bag_given;
}

/* ------------------------------------------------------------- bytes I/O */

typedef struct wbuf {
    uint8_t *buf;
    size_t cap, len;
} wbuf;

static void put(wbuf *w, uint64_t v, int bytes)
{
    for (int i = 0; i < bytes; i++) {
        if (w->buf && w->len < w->cap) w->buf[w->len] = (uint8_t)(v >> (8 * i));
        w->len++;
    }
}

typedef struct rbuf {
    const uint8_t *p;
    size_t len, pos;
    bool bad;
} rbuf;

static uint64_t get(rbuf *r, int bytes)
{
    uint64_t v = 0;
    if (r->bad || r->len - r->pos < (size_t)bytes) {
        r->bad = true;
        return 0;
    }
    for (int i = 0; i < bytes; i++) v |= (uint64_t)r->p[r->pos + i] << (8 * i);
    r->pos += (size_t)bytes;
    return v;
}

static uint32_t fnv1a(const uint8_t *p, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 16777619u;
    }
    return h;
}

int carc_game_serialize(const carc_game *game, uint8_t *buf, size_t cap, size_t *needed)
{
    if (!carc__valid(game) || (!buf && cap)) return CARC_E_INVALID;
    wbuf w = {buf, cap, 0};
    for (int i = 0; i < 4; i++) put(&w, (uint8_t)SER_MAGIC[i], 1);
    bool with_setup = !default_setup(game);
    put(&w, with_setup ? SER_VERSION_SETUP : SER_VERSION, 2);
    put(&w, (uint64_t)game->nplayers, 2);
    put(&w, game->opts.seed, 8);
    put(&w, game->opts.modules, 8);
    put(&w, CARC_MAX_RULES, 2);
    for (int i = 0; i < CARC_MAX_RULES; i++) put(&w, (uint32_t)game->opts.rules[i], 4);
    if (with_setup) {
        put(&w, (uint32_t)game->first_player, 1);
        put(&w, (uint32_t)game->bag_given, 1);
        if (game->bag_given) {
            put(&w, (uint32_t)carc__ntypes, 2);
            for (int t = 0; t < carc__ntypes; t++) put(&w, CBAG(game)[t], 1);
        }
    }
    put(&w, game->rng[0], 8);
    put(&w, game->rng[1], 8);
    put(&w, game->nhist, 4);
    const uint16_t *H = CHIST(game);
    for (uint32_t i = 0; i < game->nhist; i++) put(&w, H[i], 2);
    for (int p = 0; p < game->nplayers; p++) put(&w, (uint32_t)game->score[p], 4);
    size_t body = w.len;
    uint32_t sum = (buf && body <= cap) ? fnv1a(buf, body) : 0;
    put(&w, sum, 4);
    if (needed) *needed = w.len;
    return w.len > cap ? CARC_E_BUFFER : CARC_OK;
}

/* A history entry: its id, whether the RNG chose it, its payload. */
typedef struct hentry {
    int32_t id;
    bool sampled;
    const uint16_t *payload;
    int n;
    uint32_t used;     /* words it takes */
} hentry;

/* The entry at words[0..avail). */
static int read_entry(const uint16_t *words, uint32_t avail, hentry *e)
{
    e->used = 1;
    if (avail == 0) return CARC_E_CORRUPT;
    uint16_t h = words[0];
    e->id = h & HIST_ID_MASK;
    e->sampled = (h & HIST_SAMPLED) != 0;
    e->payload = NULL;
    e->n = 0;
    e->used = 1;
    if (h & 0x2000u) return CARC_E_CORRUPT; /* a bit no version uses */
    if (h & HIST_PAYLOAD) {
        if (avail < 2 || words[1] == 0 || words[1] > CARC_PAYLOAD_MAX || avail - 2 < words[1])
            return CARC_E_CORRUPT;
        e->n = words[1];
        e->payload = words + 2;
        e->used = 2u + words[1];
    }
    return CARC_OK;
}

/* A structured outcome from its id and payload (the owner of the pending
 * chance decision rebuilds it). */
static int payload_action(const carc_game *g, const hentry *e, carc_action *out)
{
    const carc_pending *p = carc__front(g);
    if (!p || p->player != CARC_PLAYER_CHANCE || p->owner >= CARC_MODULE_SLOTS)
        return CARC_E_CORRUPT;
    const carc_module_def *md = carc__modules[p->owner];
    if (!md->outcome_from_payload) return CARC_E_CORRUPT;
    return md->outcome_from_payload(g, p, e->id, e->payload, e->n, out) ? CARC_E_CORRUPT : CARC_OK;
}

int carc__entry_action(const carc_game *g, const uint16_t *words, uint32_t avail,
                       carc_action *out, uint32_t *used)
{
    hentry e;
    int rc = read_entry(words, avail, &e);
    *used = e.used;
    if (rc) return rc;
    if (e.n) return payload_action(g, &e, out);
    return carc__action_from_id(g, e.id, out) ? CARC_E_CORRUPT : CARC_OK;
}

/* Did applying it write exactly this entry (canonical form only)? */
static bool wrote(const carc_game *g, uint32_t before, const uint16_t *words, uint32_t used)
{
    return g->nhist - before == used &&
           memcmp(CHIST(g) + before, words, used * sizeof(uint16_t)) == 0;
}

/* Replay the history entry at words[0..avail) on g.  An entry marked
 * sampled must be what the game's RNG chooses at that point, for every
 * kind of chance, payload included.  (The game being rebuilt is thrown
 * away if this fails.) */
int carc__replay_entry(carc_game *g, const uint16_t *words, uint32_t avail, uint32_t *used)
{
    hentry e;
    int rc = read_entry(words, avail, &e);
    *used = e.used;
    if (rc) return rc;
    if (carc__is_over(g)) return CARC_E_CORRUPT;
    if (e.sampled && !carc__chance_pending(g)) return CARC_E_CORRUPT;
    uint32_t before = g->nhist;
    if (e.sampled) {
        int32_t got = -1;
        rc = carc__sample_chance(g, NULL, &got);
        if (rc) return rc;
        return got == e.id && wrote(g, before, words, e.used) ? CARC_OK : CARC_E_CORRUPT;
    }
    if (e.n) {
        /* the words as the history keeps them (the module checks them) */
        rc = carc__apply_outcome(g, e.id, e.payload, (size_t)e.n);
        if (!rc && !wrote(g, before, words, e.used)) rc = CARC_E_CORRUPT;
        return rc;
    }
    return carc_game_apply_id(g, e.id);
}

int carc_game_deserialize(carc_game **out, const uint8_t *buf, size_t len)
{
    if (!out) return CARC_E_INVALID;
    *out = NULL;
    if (!buf) return CARC_E_INVALID;
    if (len < 10 || memcmp(buf, SER_MAGIC, 4) != 0) return CARC_E_CORRUPT;
    rbuf r = {buf, len, 4, false};
    uint64_t version = get(&r, 2);
    if (version != 1 && version != SER_VERSION && version != SER_VERSION_SETUP)
        return CARC_E_VERSION;
    if (len < 4 || fnv1a(buf, len - 4) != (uint32_t)(buf[len - 4] | buf[len - 3] << 8 |
                                                     buf[len - 2] << 16 |
                                                     (uint32_t)buf[len - 1] << 24))
        return CARC_E_CORRUPT;
    carc_options o;
    carc_options_init(&o);
    o.num_players = (int32_t)get(&r, 2);
    o.seed = get(&r, 8);
    o.modules = get(&r, 8);
    /* version 1 (libcarcvar 0.1) knew the base game only: no library wrote
     * a version-1 buffer with a module */
    if (version == 1 && (o.modules & ~(1ull << CARC_MODULE_BASE))) return CARC_E_CORRUPT;
    if (get(&r, 2) != CARC_MAX_RULES) return CARC_E_CORRUPT;
    for (int i = 0; i < CARC_MAX_RULES; i++) o.rules[i] = (int32_t)(uint32_t)get(&r, 4);
    carc_setup su;
    carc_setup_init(&su);
    if (version == SER_VERSION_SETUP) {
        su.first_player = (int32_t)get(&r, 1);
        su.bag_given = (int32_t)get(&r, 1);
        if (su.bag_given) {
            if (get(&r, 2) != (uint64_t)carc__ntypes) return CARC_E_CORRUPT;
            for (int t = 0; t < carc__ntypes; t++) su.bag[t] = (uint8_t)get(&r, 1);
        }
    }
    uint64_t rng0 = get(&r, 8), rng1 = get(&r, 8);
    uint32_t nhist = (uint32_t)get(&r, 4);
    if (r.bad || nhist > (len - r.pos) / 2) return CARC_E_CORRUPT;
    carc_game *g;
    int rc = carc_game_new_setup(&g, &o, &su);
    if (rc) return rc == CARC_E_NOMEM ? rc : CARC_E_CORRUPT;
    /* the setup's canonical form: version 3 only for a setup that is not
     * the default */
    if ((version == SER_VERSION_SETUP) == default_setup(g)) rc = CARC_E_CORRUPT;
    /* only the canonical form is accepted: options exactly as serialize
     * writes them (base module bit set, every rule value explicit) */
    if (rc || nhist > g->L.cap_hist || g->opts.modules != o.modules ||
        memcmp(g->opts.rules, o.rules, sizeof o.rules) != 0)
        rc = CARC_E_CORRUPT;
    uint16_t *words = rc ? NULL : malloc(((size_t)nhist + 1) * sizeof *words);
    if (!rc && !words) rc = CARC_E_NOMEM;
    for (uint32_t i = 0; i < nhist && !rc; i++) words[i] = (uint16_t)get(&r, 2);
    for (uint32_t i = 0; i < nhist && !rc;) {
        uint32_t used = 0;
        if (carc__replay_entry(g, words + i, nhist - i, &used) != CARC_OK) rc = CARC_E_CORRUPT;
        /* version 1 knew no payloads */
        if (!rc && version == 1 && used != 1) rc = CARC_E_CORRUPT;
        i += used;
    }
    free(words);
    for (int p = 0; p < g->nplayers && !rc; p++)
        if ((int32_t)(uint32_t)get(&r, 4) != g->score[p]) rc = CARC_E_CORRUPT;
    get(&r, 4); /* checksum, verified above */
    if (!rc && (r.bad || r.pos != len || g->rng[0] != rng0 || g->rng[1] != rng1 ||
                g->nhist != nhist))
        rc = CARC_E_CORRUPT;
    if (rc) {
        carc_game_free(g);
        return rc;
    }
    *out = g;
    return CARC_OK;
}

