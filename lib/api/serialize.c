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
/* Version 4 (libcarcvar 0.8): a snapshot (carc_game_snapshot): a canonical
 * version-2/3 buffer, then the state block and its layout's fingerprint,
 * so the same build restores it by a checked copy instead of a replay. */
#define SER_VERSION_SNAPSHOT 4

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

/* The canonical form (versions 2 and 3) into w, its checksum included. */
static void write_canonical(const carc_game *game, wbuf *w0)
{
    wbuf w = *w0;
    size_t start = w.len;
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
    uint32_t sum = (w.buf && body <= w.cap) ? fnv1a(w.buf + start, body - start) : 0;
    put(&w, sum, 4);
    *w0 = w;
}

int carc_game_serialize(const carc_game *game, uint8_t *buf, size_t cap, size_t *needed)
{
    if (!carc__valid(game) || (!buf && cap)) return CARC_E_INVALID;
    wbuf w = {buf, cap, 0};
    write_canonical(game, &w);
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

/* ------------------------------------------------------------- snapshots */

static void put_bytes(wbuf *w, const void *p, size_t n)
{
    if (w->buf && w->len <= w->cap && w->cap - w->len >= n) memcpy(w->buf + w->len, p, n);
    w->len += n;
}

static uint64_t load64le(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    return v;
}

/* The snapshot's checksum: four FNV-style 64-bit lanes over 8-byte words
 * (a word per lane in turn), then the lanes and the length combined.  Every
 * step is one-to-one in the word or lane it takes, so any change confined
 * to one word (a flipped byte) changes the sum; and the lanes run in
 * parallel (about 0.1 ns a byte instead of FNV-1a's 1). */
uint64_t carc__snapshot_sum(const uint8_t *p, size_t n)
{
    const uint64_t P = 0x100000001b3ull;
    uint64_t l0 = 0xcbf29ce484222325ull, l1 = l0 ^ 1, l2 = l0 ^ 2, l3 = l0 ^ 3;
    size_t i = 0;
    /* two rounds of the four lanes a turn (the same sum, fewer jumps) */
    for (; n - i >= 64; i += 64) {
        l0 = (l0 ^ load64le(p + i)) * P;
        l1 = (l1 ^ load64le(p + i + 8)) * P;
        l2 = (l2 ^ load64le(p + i + 16)) * P;
        l3 = (l3 ^ load64le(p + i + 24)) * P;
        l0 = (l0 ^ load64le(p + i + 32)) * P;
        l1 = (l1 ^ load64le(p + i + 40)) * P;
        l2 = (l2 ^ load64le(p + i + 48)) * P;
        l3 = (l3 ^ load64le(p + i + 56)) * P;
    }
    for (; n - i >= 32; i += 32) {
        l0 = (l0 ^ load64le(p + i)) * P;
        l1 = (l1 ^ load64le(p + i + 8)) * P;
        l2 = (l2 ^ load64le(p + i + 16)) * P;
        l3 = (l3 ^ load64le(p + i + 24)) * P;
    }
    for (; i < n; i++) l0 = (l0 ^ p[i]) * P;
    uint64_t h = (uint64_t)n;
    h = (h ^ l0) * P;
    h = (h ^ l1) * P;
    h = (h ^ l2) * P;
    h = (h ^ l3) * P;
    return h ^ (h >> 32);
}

/* The fingerprint of this build's state layout for game g: byte order,
 * library version, the sizes of the state's structs, the tile catalogue's
 * size, the layout (capacities, offsets) and the module state offsets.  A
 * snapshot whose fingerprint differs is read by replaying its history. */
typedef struct snap_print {
    uint32_t order, version, game, tile, seg, front, figure, logent, pending, max_pending, ntypes;
    uint32_t layout_bytes;
    layout L;
    uint32_t modoff[CARC_MODULE_SLOTS];
} snap_print;

static void fingerprint(const carc_game *g, snap_print *fp)
{
    memset(fp, 0, sizeof *fp);
    fp->order = 0x01020304u;
    fp->version = CARC_VERSION_NUMBER;
    fp->game = (uint32_t)sizeof(carc_game);
    fp->tile = (uint32_t)sizeof(ptile);
    fp->seg = (uint32_t)sizeof(seg);
    fp->front = (uint32_t)sizeof(front);
    fp->figure = (uint32_t)sizeof(figure);
    fp->logent = (uint32_t)sizeof(logent);
    fp->pending = (uint32_t)sizeof(carc_pending);
    fp->max_pending = MAX_PENDING;
    fp->ntypes = (uint32_t)carc__ntypes;
    fp->layout_bytes = (uint32_t)sizeof(layout);
    fp->L = g->L;
    memcpy(fp->modoff, g->modoff, sizeof fp->modoff);
}

/* The parts of the state block a snapshot carries, in order: the header
 * and fixed tables, then the used prefix of every growing array but the
 * history (the canonical part carries it). */
#define SNAP_PARTS 8
static void snap_parts(const carc_game *g, uint32_t off[SNAP_PARTS], uint32_t len[SNAP_PARTS])
{
    const layout *L = &g->L;
    off[0] = 0;            len[0] = L->off_tiles;
    off[1] = L->off_tiles; len[1] = g->ntiles * (uint32_t)sizeof(ptile);
    off[2] = L->off_segs;  len[2] = g->nsegs * (uint32_t)sizeof(seg);
    off[3] = L->off_front; len[3] = g->nfront * (uint32_t)sizeof(front);
    off[4] = L->off_figs;  len[4] = g->nfigs * (uint32_t)sizeof(figure);
    off[5] = L->off_log;   len[5] = g->nlog * (uint32_t)sizeof(logent);
    off[6] = L->off_grid;  len[6] = (uint32_t)g->gw * g->gh * 2u;
    off[7] = L->off_slots; len[7] = g->lslots * (uint32_t)sizeof(live_slot);
}

int carc_game_snapshot(const carc_game *game, uint8_t *buf, size_t cap, size_t *needed)
{
    if (!carc__valid(game) || (!buf && cap)) return CARC_E_INVALID;
    wbuf w = {buf, cap, 0};
    for (int i = 0; i < 4; i++) put(&w, (uint8_t)SER_MAGIC[i], 1);
    put(&w, SER_VERSION_SNAPSHOT, 2);
    wbuf count = {NULL, 0, 0};
    write_canonical(game, &count);
    put(&w, (uint32_t)count.len, 4);
    write_canonical(game, &w);
    snap_print fp;
    fingerprint(game, &fp);
    put(&w, (uint32_t)sizeof fp, 4);
    put_bytes(&w, &fp, sizeof fp);
    uint32_t off[SNAP_PARTS], len[SNAP_PARTS], total = 0;
    snap_parts(game, off, len);
    for (int i = 0; i < SNAP_PARTS; i++) total += len[i];
    put(&w, total, 4);
    for (int i = 0; i < SNAP_PARTS; i++) put_bytes(&w, (const char *)game + off[i], len[i]);
    uint64_t sum = (buf && w.len <= cap) ? carc__snapshot_sum(buf, w.len) : 0;
    put(&w, sum, 8);
    if (needed) *needed = w.len;
    return w.len > cap ? CARC_E_BUFFER : CARC_OK;
}

static uint32_t load32le(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* What a canonical buffer's reader needs, read without its replay. */
typedef struct canon {
    carc_options o;
    carc_setup su;
    uint64_t version, rng0, rng1;
    uint32_t nhist;
    const uint8_t *hist;   /* 2 x nhist bytes */
    const uint8_t *scores; /* 4 x players bytes */
} canon;

/* Read a canonical buffer's fields (its checksum is not checked here: the
 * snapshot's covers it). */
static int read_canon(const uint8_t *buf, size_t len, canon *c)
{
    if (len < 10 || memcmp(buf, SER_MAGIC, 4) != 0) return CARC_E_CORRUPT;
    rbuf r = {buf, len, 4, false};
    c->version = get(&r, 2);
    if (c->version != SER_VERSION && c->version != SER_VERSION_SETUP) return CARC_E_CORRUPT;
    /* every field is read below (the rules too, all of them) */
    memset(&c->o, 0, sizeof c->o);
    c->o.struct_size = sizeof c->o;
    c->o.num_players = (int32_t)get(&r, 2);
    c->o.seed = get(&r, 8);
    c->o.modules = get(&r, 8);
    if (get(&r, 2) != CARC_MAX_RULES || r.len - r.pos < 4u * CARC_MAX_RULES)
        return CARC_E_CORRUPT;
    for (int i = 0; i < CARC_MAX_RULES; i++) c->o.rules[i] = (int32_t)load32le(buf + r.pos + 4 * i);
    r.pos += 4u * CARC_MAX_RULES;
    carc_setup_init(&c->su);
    if (c->version == SER_VERSION_SETUP) {
        c->su.first_player = (int32_t)get(&r, 1);
        c->su.bag_given = (int32_t)get(&r, 1);
        if (c->su.bag_given) {
            if (get(&r, 2) != (uint64_t)carc__ntypes) return CARC_E_CORRUPT;
            for (int t = 0; t < carc__ntypes; t++) c->su.bag[t] = (uint8_t)get(&r, 1);
        }
    }
    c->rng0 = get(&r, 8);
    c->rng1 = get(&r, 8);
    c->nhist = (uint32_t)get(&r, 4);
    if (r.bad || c->nhist > (len - r.pos) / 2) return CARC_E_CORRUPT;
    c->hist = buf + r.pos;
    r.pos += 2u * c->nhist;
    if (c->o.num_players < 2 || c->o.num_players > CARC_MAX_PLAYERS ||
        len - r.pos != 4u * (uint32_t)c->o.num_players + 4u)
        return CARC_E_CORRUPT;
    c->scores = buf + r.pos;
    return CARC_OK;
}

/* A version-4 buffer: check the sum; with this build's fingerprint and
 * every module able to check its state, check and copy the state;
 * otherwise replay the canonical part. */
int carc__snapshot_restore(carc_game **out, const uint8_t *buf, size_t len, bool *copied)
{
    *copied = false;
    if (len < 6 + 4 + 8 || carc__snapshot_sum(buf, len - 8) != load64le(buf + len - 8))
        return CARC_E_CORRUPT;
    size_t end = len - 8, pos = 6;
    uint32_t ncanon = load32le(buf + pos);
    pos += 4;
    if (ncanon > end - pos) return CARC_E_CORRUPT;
    const uint8_t *cbuf = buf + pos;
    pos += ncanon;
    canon c;
    if (read_canon(cbuf, ncanon, &c)) return CARC_E_CORRUPT;
    if (end - pos < 4) return CARC_E_CORRUPT;
    uint32_t nfp = load32le(buf + pos);
    pos += 4;
    if (nfp > end - pos) return CARC_E_CORRUPT;
    const uint8_t *fpb = buf + pos;
    pos += nfp;
    if (end - pos < 4) return CARC_E_CORRUPT;
    uint32_t nstate = load32le(buf + pos);
    pos += 4;
    if (nstate != end - pos) return CARC_E_CORRUPT;
    const uint8_t *sb = buf + pos;

    /* what a game of these options is at creation (this thread's template
     * of them, or a game made for the purpose) */
    const carc_game *fresh;
    const void *ffigs;
    carc_game *own;
    carc_setup su;
    if (carc__check_setup(&c.su, &su)) return CARC_E_CORRUPT;
    int rc = carc__game_config(&c.o, &su, &fresh, &ffigs, &own);
    if (rc) return rc == CARC_E_NOMEM ? rc : CARC_E_CORRUPT;
    snap_print fp;
    fingerprint(fresh, &fp);
    if (nfp != sizeof fp || memcmp(fpb, &fp, sizeof fp) != 0 || !carc__snapshot_supported(fresh) ||
        nstate < fresh->L.off_tiles) {
        /* another build or layout: the history it carries */
        carc_game_free(own);
        return carc_game_deserialize(out, cbuf, ncanon);
    }
    carc_game *g = malloc(fresh->L.bytes);
    if (!g) {
        carc_game_free(own);
        return CARC_E_NOMEM;
    }
    rc = CARC_E_CORRUPT;
    memcpy(g, sb, fresh->L.off_tiles);
    /* the counts that size the parts, before they are used */
    const layout *L = &fresh->L;
    if (g->ntiles <= L->cap_tiles && g->nsegs <= L->cap_segs && g->nfront <= L->cap_front &&
        g->lslots <= g->nfront &&
        g->nfigs == fresh->nfigs && g->nlog <= L->cap_log && g->nhist == c.nhist &&
        c.nhist <= L->cap_hist && (uint32_t)g->gw * g->gh <= L->cap_grid &&
        memcmp(&g->L, L, sizeof *L) == 0) {
        uint32_t off[SNAP_PARTS], plen[SNAP_PARTS], at = 0;
        snap_parts(g, off, plen);
        for (int i = 0; i < SNAP_PARTS; i++) at += plen[i];
        if (at == nstate) {
            at = plen[0];
            for (int i = 1; i < SNAP_PARTS; i++) {
                memcpy((char *)g + off[i], sb + at, plen[i]);
                at += plen[i];
            }
            uint16_t *H = HIST(g);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
            memcpy(H, c.hist, 2u * c.nhist);
#else
            for (uint32_t i = 0; i < c.nhist; i++)
                H[i] = (uint16_t)(c.hist[2 * i] | c.hist[2 * i + 1] << 8);
#endif
            bool same = g->rng[0] == c.rng0 && g->rng[1] == c.rng1;
            for (int p = 0; p < g->nplayers && same; p++)
                same = (int32_t)load32le(c.scores + 4 * p) == g->score[p];
            if (same && carc__snapshot_config_ok(fresh, ffigs, c.o.seed, g) && carc__state_check(g))
                rc = CARC_OK;
        }
    }
    carc_game_free(own);
    if (rc) {
        free(g);
        return rc;
    }
    *out = g;
    *copied = true;
    return CARC_OK;
}

int carc_game_deserialize(carc_game **out, const uint8_t *buf, size_t len)
{
    if (!out) return CARC_E_INVALID;
    *out = NULL;
    if (!buf) return CARC_E_INVALID;
    if (len < 10 || memcmp(buf, SER_MAGIC, 4) != 0) return CARC_E_CORRUPT;
    rbuf r = {buf, len, 4, false};
    uint64_t version = get(&r, 2);
    if (version == SER_VERSION_SNAPSHOT) {
        bool copied;
        return carc__snapshot_restore(out, buf, len, &copied);
    }
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
    /* a slot of a rule the writer did not know holds 0 (a current writer
     * puts every value explicitly, and no rule takes 0): read it with the
     * value that plays as the writer's library did (rule_legacy) */
    for (int i = 0; i < CARC_MAX_RULES; i++)
        if (o.rules[i] == 0 && carc__rule_def(i)) o.rules[i] = carc__rule_legacy(i, o.modules);
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

