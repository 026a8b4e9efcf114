/* Snapshots (carc_game_snapshot, format version 4, doc/serialization.md):
 *   - random mid-game states of every module set, restored from a
 *     snapshot, equal the state the replaying restore of the same game
 *     gives, byte for byte (carc__state_equal), and go on identically; the
 *     state is copied (not replayed) exactly when every module in play has
 *     a state_check hook;
 *   - every byte flipped, every truncation, a byte added: refused
 *     (CARC_E_CORRUPT; CARC_E_VERSION for the version bytes) and no game;
 *   - crafted states with a recomputed checksum (an index, a count or a
 *     link out of range) refused with CARC_E_CORRUPT;
 *   - another build's fingerprint: restored by replaying the history.
 * Linked against the internal static library (state comparisons).
 *
 *   test-snapshot [--games N] */
#include "core/state.h"

#include <check.h>

#include "new_game.h"
#include "quiet_check.h"
#include "run_suite.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int ngames = 12;

static uint64_t module_set(const char *names)
{
    uint64_t m = 0;
    if (!strcmp(names, "all")) {
        for (int i = 0; i < CARC_MODULE_SLOTS; i++)
            if (carc_module_available(i) == 1) m |= 1ull << i;
        return m;
    }
    char buf[256];
    snprintf(buf, sizeof buf, "%s", names);
    for (char *t = strtok(buf, ","); t; t = strtok(NULL, ",")) {
        int id = carc_module_by_name(t);
        ck_assert_msg(id >= 0, "unknown module %s", t);
        m |= 1ull << id;
    }
    return m;
}

/* One random step (chance sampled, a uniformly random legal id). */
static void step(carc_game *g, uint64_t *rs, int32_t *ids)
{
    if (carc_game_current_player(g) == CARC_PLAYER_CHANCE) {
        ck_assert_int_eq(carc_game_sample_chance(g, NULL), CARC_OK);
        return;
    }
    size_t n = 0;
    ck_assert_int_eq(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &n), CARC_OK);
    ck_assert_uint_gt(n, 0);
    ck_assert_int_eq(carc_game_apply_id(g, ids[splitmix64(rs) % n]), CARC_OK);
}

static uint8_t *bytes_of(const carc_game *g, bool snap, size_t *len)
{
    size_t n = 0;
    int rc = snap ? carc_game_snapshot(g, NULL, 0, &n) : carc_game_serialize(g, NULL, 0, &n);
    ck_assert_int_eq(rc, CARC_E_BUFFER);
    uint8_t *b = malloc(n);
    ck_assert_ptr_nonnull(b);
    rc = snap ? carc_game_snapshot(g, b, n, len) : carc_game_serialize(g, b, n, len);
    ck_assert_int_eq(rc, CARC_OK);
    ck_assert_uint_eq(*len, n);
    return b;
}

static long states_checked, states_copied;

/* Snapshots along random games of one module set. */
static void roundtrips(const char *names, int games)
{
    uint64_t mods = module_set(names);
    int32_t *ids = malloc(sizeof(int32_t) * CARC_NUM_DISTINCT_ACTIONS);
    ck_assert_ptr_nonnull(ids);
    uint64_t rs = 0x5eed ^ mods;
    for (int gi = 0; gi < games; gi++) {
        carc_game *g = new_game_mods(mods, 2 + gi % 5, 1000 + (uint64_t)gi);
        bool supported = carc__snapshot_supported(g);
        int k = 0;
        while (true) {
            bool over = carc_game_is_terminal(g);
            if (over || splitmix64(&rs) % 9 == 0) {
                size_t sl, cl;
                uint8_t *sb = bytes_of(g, true, &sl), *cb = bytes_of(g, false, &cl);
                carc_game *a = NULL, *b = NULL;
                bool copied = false;
                ck_assert_int_eq(carc__snapshot_restore(&a, sb, sl, &copied), CARC_OK);
                ck_assert_msg(copied == supported, "%s game %d step %d: copied %d supported %d",
                              names, gi, k, copied, supported);
                ck_assert_int_eq(carc_game_deserialize(&b, cb, cl), CARC_OK);
                ck_assert_msg(carc__state_equal(a, b), "%s game %d step %d: snapshot != replay",
                              names, gi, k);
                ck_assert(carc__state_equal(a, g));
                /* the public reader takes the same path */
                carc_game *c = NULL;
                ck_assert_int_eq(carc_game_deserialize(&c, sb, sl), CARC_OK);
                ck_assert(carc__state_equal(c, g));
                carc_game_free(c);
                /* the restored game re-serializes to the same bytes */
                size_t sl2, cl2;
                uint8_t *sb2 = bytes_of(a, true, &sl2), *cb2 = bytes_of(a, false, &cl2);
                ck_assert(sl2 == sl && memcmp(sb, sb2, sl) == 0);
                ck_assert(cl2 == cl && memcmp(cb, cb2, cl) == 0);
                free(sb2);
                free(cb2);
                states_checked++;
                states_copied += copied;
                /* both go on identically (every other state, to the end) */
                if (!over && (states_checked & 1)) {
                    uint64_t r1 = rs, r2 = rs;
                    while (!carc_game_is_terminal(a)) {
                        step(a, &r1, ids);
                        step(b, &r2, ids);
                    }
                    ck_assert(carc__state_equal(a, b));
                }
                carc_game_free(a);
                carc_game_free(b);
                free(sb);
                free(cb);
            }
            if (over) break;
            step(g, &rs, ids);
            k++;
        }
        carc_game_free(g);
    }
    free(ids);
    printf("%s: %ld states restored, %ld of them copied\n", names, states_checked, states_copied);
}

static const char *const sets[] = {
    "base", "inns_cathedrals", "traders_builders", "abbey_mayor", "big_top",
    "bridges_castles", "count", "princess_dragon", "tower", "tower,princess_dragon,dungeon", "catapult",
    "traders_builders,pig_throwing",
    "inns_cathedrals,traders_builders,abbey_mayor,big_top,bridges_castles",
    "all"};
#define NSETS ((int)(sizeof sets / sizeof sets[0]))

START_TEST(snapshot_equals_replay)
{
    roundtrips(sets[_i], _i == 0 ? ngames * 4 : ngames);
}
END_TEST

/* A mid-game snapshot of a base game (seed 7, 2 players, 40 steps). */
static uint8_t *mid_snapshot(uint64_t mods, size_t *len, carc_game **game)
{
    carc_game *g = new_game_mods(mods, 3, 7);
    int32_t *ids = malloc(sizeof(int32_t) * CARC_NUM_DISTINCT_ACTIONS);
    uint64_t rs = 99;
    for (int k = 0; k < 40 && !carc_game_is_terminal(g); k++) step(g, &rs, ids);
    free(ids);
    uint8_t *b = bytes_of(g, true, len);
    *game = g;
    return b;
}

START_TEST(damaged_refused)
{
    size_t n;
    carc_game *g;
    uint8_t *b = mid_snapshot(0, &n, &g);
    carc_game *out = NULL;
    ck_assert_int_eq(carc_game_deserialize(&out, b, n), CARC_OK);
    carc_game_free(out);
    for (size_t i = 0; i < n; i++) {
        b[i] ^= 0xFF;
        out = (carc_game *)1;
        int rc = carc_game_deserialize(&out, b, n);
        ck_assert_int_eq(rc, (i == 4 || i == 5) ? CARC_E_VERSION : CARC_E_CORRUPT);
        ck_assert_ptr_null(out);
        b[i] ^= 0xFF;
        b[i] ^= 0x01; /* one bit */
        rc = carc_game_deserialize(&out, b, n);
        ck_assert_int_eq(rc, (i == 4 || i == 5) ? CARC_E_VERSION : CARC_E_CORRUPT);
        b[i] ^= 0x01;
    }
    for (size_t l = 0; l < n; l++) {
        out = (carc_game *)1;
        int rc = carc_game_deserialize(&out, b, l);
        ck_assert_int_eq(rc, l >= 4 && l < 6 ? CARC_E_CORRUPT : CARC_E_CORRUPT);
        ck_assert_ptr_null(out);
    }
    uint8_t *longer = malloc(n + 1);
    memcpy(longer, b, n);
    longer[n] = 0;
    ck_assert_int_eq(carc_game_deserialize(&out, longer, n + 1), CARC_E_CORRUPT);
    free(longer);
    free(b);
    carc_game_free(g);
}
END_TEST

/* Where the state block starts in snapshot b, and the fingerprint. */
static size_t state_at(const uint8_t *b, size_t *fp_at)
{
    size_t pos = 6;
    uint32_t v;
    memcpy(&v, b + pos, 4);
    pos += 4 + v;
    memcpy(&v, b + pos, 4);
    *fp_at = pos + 4;
    pos += 4 + v;
    return pos + 4;
}

static void resum(uint8_t *b, size_t n)
{
    uint64_t s = carc__snapshot_sum(b, n - 8);
    memcpy(b + n - 8, &s, 8);
}

/* Apply edit to a copy of the mid-game state's header (a carc_game view of
 * the snapshot's state bytes), recompute the sum: must be refused. */
typedef void (*edit_fn)(carc_game *h, uint8_t *state);

static void edit_ntiles(carc_game *h, uint8_t *s) { (void)s; h->ntiles = h->L.cap_tiles + 1; }
static void edit_tile_type(carc_game *h, uint8_t *s)
{
    ptile *t = (ptile *)(s + h->L.off_tiles);
    t[1].type = (uint16_t)carc__ntypes;
}
/* a tile's count of the figures standing on it (ptile.nfig) one too many */
static void edit_tile_nfig(carc_game *h, uint8_t *s)
{
    ptile *t = (ptile *)(s + h->L.off_tiles);
    t[1].nfig++;
}
static void edit_seg_parent(carc_game *h, uint8_t *s)
{
    seg *S = (seg *)(s + h->L.off_tiles + h->ntiles * sizeof(ptile));
    S[2].parent = (uint16_t)h->nsegs;
}
static void edit_seg_loop(carc_game *h, uint8_t *s)
{
    seg *S = (seg *)(s + h->L.off_tiles + h->ntiles * sizeof(ptile));
    int r = 0;
    while (S[r].parent != r) r = S[r].parent;
    S[r].parent = (uint16_t)(r == 0 ? 1 : 0); /* a loop through the root */
    if (S[S[r].parent].parent == S[r].parent) S[S[r].parent].parent = (uint16_t)r;
}
static void edit_live_head(carc_game *h, uint8_t *s) { (void)s; h->lslots = (uint16_t)(h->nfront + 1); }
static void edit_pending(carc_game *h, uint8_t *s) { (void)s; h->pend[0].owner = 7; }
static void edit_pending_target(carc_game *h, uint8_t *s)
{
    (void)s;
    h->pend[0].target = (int16_t)h->ntiles;
}
static void edit_step_pos(carc_game *h, uint8_t *s) { (void)s; h->step_pos = 200; }
static void edit_modoff(carc_game *h, uint8_t *s) { (void)s; h->modoff[0] = 1u << 30; }
static void edit_grid(carc_game *h, uint8_t *s) { (void)s; h->gw = (uint16_t)(h->gw + 40); }
static void edit_drawn(carc_game *h, uint8_t *s) { (void)s; h->drawn = carc__ntypes; }
static void edit_player(carc_game *h, uint8_t *s) { (void)s; h->player = h->nplayers; }
static void edit_completed(carc_game *h, uint8_t *s)
{
    (void)s;
    h->ncompleted = MAX_COMPLETED + 1;
}
static void edit_supply(carc_game *h, uint8_t *s) { (void)s; h->supply[0][0]++; }
static void edit_remaining(carc_game *h, uint8_t *s)
{
    (void)s;
    h->total_remaining += 1;
}
static void edit_log_player(carc_game *h, uint8_t *s) { (void)s; h->nlog_final = h->nlog + 1; }
/* a tenth bit in last_full (8 neighbours and the tile itself: nine) */
static void edit_last_full(carc_game *h, uint8_t *s) { (void)s; h->last_full |= 1u << 9; }
/* the board window (the last part of the state) and its first empty cell */
static int16_t *empty_cell(carc_game *h, uint8_t *s)
{
    size_t at = h->L.off_tiles + h->ntiles * sizeof(ptile) + h->nsegs * sizeof(seg) +
                h->nfront * sizeof(front) + h->nfigs * sizeof(figure) + h->nlog * sizeof(logent);
    int16_t *G = (int16_t *)(s + at);
    int i = 0;
    while (G[i] != -1) i++;
    return &G[i];
}
/* a tile in a second cell (the window holds each tile once) */
static void edit_grid_stray_tile(carc_game *h, uint8_t *s) { *empty_cell(h, s) = 1; }
/* an open cell in a second cell, and a filled one (tile 1's) in an empty cell */
static void edit_grid_stray_open(carc_game *h, uint8_t *s)
{
    /* the slots come after the window in the snapshot's parts */
    size_t at = h->L.off_tiles + h->ntiles * sizeof(ptile) + h->nsegs * sizeof(seg) +
                h->nfront * sizeof(front) + h->nfigs * sizeof(figure) +
                h->nlog * sizeof(logent) + (size_t)h->gw * h->gh * sizeof(int16_t);
    live_slot sl;
    int k = 0;
    do memcpy(&sl, s + at + (size_t)k++ * sizeof sl, sizeof sl);
    while (sl.req == LIVE_DEAD);
    *empty_cell(h, s) = (int16_t)(-(int)sl.fi - 2);
}
/* a figure in supply with a tile (a field its place does not use) */
static void edit_fig_unused(carc_game *h, uint8_t *s)
{
    figure *F = (figure *)(s + h->L.off_tiles + h->ntiles * sizeof(ptile) +
                           h->nsegs * sizeof(seg) + h->nfront * sizeof(front));
    uint32_t i = 0;
    while (F[i].where != CARC_PLACE_SUPPLY) i++;
    F[i].tile = 1;
}
/* HK_IDS_CHECKED (carc__apply_checked_id's way) in a game of no module */
static void edit_ids_checked(carc_game *h, uint8_t *s)
{
    (void)s;
    h->hookmask ^= HK_IDS_CHECKED;
}
/* a module's bit of ids_checked_mods (checked_owner's test) in a game of
 * no module */
static void edit_ids_checked_mods(carc_game *h, uint8_t *s)
{
    (void)s;
    h->ids_checked_mods ^= 1u << CARC_MODULE_PRINCESS_DRAGON;
}
static void edit_grid_stray_filled(carc_game *h, uint8_t *s)
{
    const ptile *T = (const ptile *)(s + h->L.off_tiles);
    *empty_cell(h, s) = (int16_t)(-(int)T[1].front - 2);
}

static const edit_fn edits[] = {edit_ntiles, edit_tile_type, edit_seg_parent, edit_seg_loop,
                                edit_live_head, edit_pending, edit_pending_target, edit_step_pos,
                                edit_modoff, edit_grid, edit_drawn, edit_player, edit_completed,
                                edit_supply, edit_remaining, edit_log_player, edit_last_full,
                                edit_grid_stray_tile, edit_grid_stray_open,
                                edit_grid_stray_filled, edit_tile_nfig, edit_fig_unused,
                                edit_ids_checked, edit_ids_checked_mods};
#define NEDITS ((int)(sizeof edits / sizeof edits[0]))

START_TEST(crafted_refused)
{
    size_t n, fp;
    carc_game *g;
    uint8_t *b = mid_snapshot(0, &n, &g);
    size_t at = state_at(b, &fp);
    uint8_t *c = malloc(n);
    memcpy(c, b, n);
    carc_game h;
    memcpy(&h, c + at, sizeof h);
    edits[_i](&h, c + at);
    memcpy(c + at, &h, sizeof h);
    resum(c, n);
    carc_game *out = (carc_game *)1;
    ck_assert_int_eq(carc_game_deserialize(&out, c, n), CARC_E_CORRUPT);
    ck_assert_ptr_null(out);
    /* unchanged bytes with a recomputed sum still restore */
    memcpy(c, b, n);
    resum(c, n);
    ck_assert_int_eq(carc_game_deserialize(&out, c, n), CARC_OK);
    ck_assert(carc__state_equal(out, g));
    carc_game_free(out);
    free(c);
    free(b);
    carc_game_free(g);
}
END_TEST

/* Every byte of the state block changed (xor 0x01, 0x80, 0xFF) with the sum
 * recomputed: refused with CARC_E_CORRUPT, or accepted and then playable
 * (legal ids listed, 20 random steps, a snapshot written) -- what the
 * checks promise is that nothing is read out of range, which the ASan
 * build of this test (meson setup -Db_sanitize=address,undefined) checks
 * for every such game.  Module set _i: base, then all. */
START_TEST(state_bytes_changed)
{
    size_t n, fp;
    carc_game *g;
    uint8_t *b = mid_snapshot(_i ? module_set("all") : 0, &n, &g);
    size_t at = state_at(b, &fp);
    uint8_t *c = malloc(n);
    int32_t *ids = malloc(sizeof(int32_t) * CARC_NUM_DISTINCT_ACTIONS);
    static const uint8_t flips[3] = {0x01, 0x80, 0xFF};
    long accepted = 0, refused = 0;
    for (size_t i = at; i < n - 8; i++)
        for (int f = 0; f < 3; f++) {
            memcpy(c, b, n);
            c[i] ^= flips[f];
            if (getenv("SNAP_DEBUG")) fprintf(stderr, "byte %zu (state +%zu) xor %d\n", i, i - at, flips[f]);
            resum(c, n);
            carc_game *out = (carc_game *)1;
            int rc = carc_game_deserialize(&out, c, n);
            if (rc != CARC_OK) {
                ck_assert_int_eq(rc, CARC_E_CORRUPT);
                ck_assert_ptr_null(out);
                refused++;
                continue;
            }
            accepted++;
            uint64_t rs = i * 3 + (uint64_t)f;
            for (int k = 0; k < 20 && !carc_game_is_terminal(out); k++) {
                if (carc_game_current_player(out) == CARC_PLAYER_CHANCE) {
                    if (carc_game_sample_chance(out, NULL) != CARC_OK) break;
                    continue;
                }
                size_t m = 0;
                if (carc_game_legal_ids(out, ids, CARC_NUM_DISTINCT_ACTIONS, &m) != CARC_OK || !m)
                    break;
                if (carc_game_apply_id(out, ids[splitmix64(&rs) % m]) != CARC_OK) break;
            }
            size_t sn;
            carc_game_snapshot(out, NULL, 0, &sn);
            carc_game_free(out);
        }
    printf("state bytes changed (%s): %ld refused, %ld accepted and played\n",
           _i ? "all" : "base", refused, accepted);
    ck_assert_int_gt(refused, 0);
    free(ids);
    free(c);
    free(b);
    carc_game_free(g);
}
END_TEST

START_TEST(other_build_replays)
{
    size_t n, fp;
    carc_game *g;
    uint8_t *b = mid_snapshot(0, &n, &g);
    state_at(b, &fp);
    /* another library version in the fingerprint: the history is replayed */
    uint32_t v;
    memcpy(&v, b + fp + 4, 4);
    v++;
    memcpy(b + fp + 4, &v, 4);
    resum(b, n);
    carc_game *out = NULL;
    bool copied = true;
    ck_assert_int_eq(carc__snapshot_restore(&out, b, n, &copied), CARC_OK);
    ck_assert(!copied);
    ck_assert(carc__state_equal(out, g));
    carc_game_free(out);
    /* a damaged history is then refused like any damaged buffer */
    size_t hist_at = 10 + 4 + 2 + 2 + 8 + 8 + 2 + 4 * CARC_MAX_RULES + 16 + 4;
    b[hist_at] ^= 0x01;
    resum(b, n);
    out = (carc_game *)1;
    ck_assert_int_eq(carc_game_deserialize(&out, b, n), CARC_E_CORRUPT);
    ck_assert_ptr_null(out);
    free(b);
    carc_game_free(g);
}
END_TEST

/* A host's setup (version-3 canonical part): player 1 first, a bag of
 * every third base tile type, 2 copies or fewer. */
START_TEST(setup_restored)
{
    carc_options o;
    carc_options_init(&o);
    o.num_players = 3;
    o.seed = 11;
    carc_setup su;
    carc_setup_init(&su);
    su.first_player = 1;
    su.bag_given = 1;
    carc_game *full = new_game_mods(0, 3, 11);
    for (int t = 0; t < carc_tile_type_count(); t += 3) {
        int n = carc_game_tiles_remaining(full, t);
        su.bag[t] = (uint8_t)(n > 2 ? 2 : n);
    }
    carc_game_free(full);
    carc_game *g = NULL;
    ck_assert_int_eq(carc_game_new_setup(&g, &o, &su), CARC_OK);
    int32_t *ids = malloc(sizeof(int32_t) * CARC_NUM_DISTINCT_ACTIONS);
    uint64_t rs = 5;
    for (int k = 0; k < 30 && !carc_game_is_terminal(g); k++) step(g, &rs, ids);
    free(ids);
    size_t n;
    uint8_t *b = bytes_of(g, true, &n);
    ck_assert_uint_eq(b[10 + 4], 3); /* the canonical part is version 3 */
    carc_game *out = NULL;
    bool copied = false;
    ck_assert_int_eq(carc__snapshot_restore(&out, b, n, &copied), CARC_OK);
    ck_assert(copied);
    ck_assert(carc__state_equal(out, g));
    carc_game_free(out);
    /* another first player in the canonical part (sum recomputed): the
     * state's fields set at creation no longer match: refused */
    size_t fp;
    state_at(b, &fp);
    size_t first_at = 10 + 4 + 2 + 2 + 8 + 8 + 2 + 4 * CARC_MAX_RULES;
    ck_assert_uint_eq(b[first_at], 1);
    b[first_at] = 2;
    resum(b, n);
    out = (carc_game *)1;
    ck_assert_int_eq(carc_game_deserialize(&out, b, n), CARC_E_CORRUPT);
    ck_assert_ptr_null(out);
    free(b);
    carc_game_free(g);
}
END_TEST

/* Another seed in the canonical part (sum recomputed): the state's
 * options hold the seed it was made with, so it is refused -- the check
 * of the fields set at creation compares them with the canonical part's
 * seed, not with the seed of the game it was made from. */
START_TEST(canonical_seed_refused)
{
    size_t n;
    carc_game *g;
    uint8_t *b = mid_snapshot(0, &n, &g);
    size_t seed_at = 10 + 4 + 2 + 2;
    uint64_t seed;
    memcpy(&seed, b + seed_at, 8);
    ck_assert_uint_eq(seed, 7);
    carc_game *out = NULL;
    bool copied = false;
    /* a game of another seed first, so that a template of these options
     * is there (carc__game_config) */
    carc_game_free(new_game_mods(0, 3, 8));
    seed = 8;
    memcpy(b + seed_at, &seed, 8);
    resum(b, n);
    out = (carc_game *)1;
    ck_assert_int_eq(carc_game_deserialize(&out, b, n), CARC_E_CORRUPT);
    ck_assert_ptr_null(out);
    seed = 7;
    memcpy(b + seed_at, &seed, 8);
    resum(b, n);
    ck_assert_int_eq(carc__snapshot_restore(&out, b, n, &copied), CARC_OK);
    ck_assert(copied);
    ck_assert(carc__state_equal(out, g));
    carc_game_free(out);
    free(b);
    carc_game_free(g);
}
END_TEST

/* New games come from the thread's template of their options (setup.c,
 * carc__game_create) when the last game made had the same ones: such a
 * game equals, byte for byte, the game of the same options made the long
 * way -- asked for with an options struct larger than this library's
 * (zeros past its fields), which never uses the template -- and plays on
 * identically.  Options change between games (module sets, players, a
 * setup with a first player and a bag), so templates are made and
 * replaced. */
START_TEST(template_games_equal)
{
    static const char *const tsets[] = {"base", "inns_cathedrals,traders_builders,abbey_mayor,big_top,bridges_castles", "all", "tower,princess_dragon,dungeon", "base"};
    struct {
        carc_options o;
        uint64_t more[2];
    } big;
    int32_t *ids = malloc(sizeof(int32_t) * CARC_NUM_DISTINCT_ACTIONS);
    long compared = 0;
    for (int si = 0; si < (int)(sizeof tsets / sizeof tsets[0]); si++)
        for (int players = 2; players <= 6; players += 2)
            for (int with_setup = 0; with_setup < 2; with_setup++) {
                carc_options o;
                carc_options_init(&o);
                o.num_players = players;
                o.modules |= module_set(tsets[si]);
                carc_setup su;
                carc_setup_init(&su);
                if (with_setup) {
                    su.first_player = players - 1;
                    su.bag_given = 1;
                    carc_game *full = new_game_mods(o.modules, players, 1);
                    for (int t = si; t < carc_tile_type_count(); t += 2) {
                        int n = carc_game_tiles_remaining(full, t);
                        su.bag[t] = (uint8_t)(n > 3 ? 3 : n);
                    }
                    carc_game_free(full);
                }
                for (uint64_t seed = 1; seed <= 3; seed++) {
                    o.seed = 100 * seed + (uint64_t)si;
                    memset(&big, 0, sizeof big);
                    big.o = o;
                    big.o.struct_size = sizeof big;
                    carc_game *t = NULL, *l = NULL;
                    /* the first seed makes the template (or replaces
                     * another's), the others are made from it (a larger
                     * struct neither uses nor replaces it) */
                    ck_assert_int_eq(carc_game_new_setup(&t, &o, with_setup ? &su : NULL), CARC_OK);
                    ck_assert_int_eq(carc_game_new_setup(&l, &big.o, with_setup ? &su : NULL),
                                     CARC_OK);
                    ck_assert_msg(carc__state_equal(t, l), "%s, %d players, setup %d, seed %llu",
                                  tsets[si], players, with_setup, (unsigned long long)o.seed);
                    uint64_t r1 = o.seed, r2 = o.seed;
                    for (int k = 0; k < 60 && !carc_game_is_terminal(t); k++) {
                        step(t, &r1, ids);
                        step(l, &r2, ids);
                    }
                    ck_assert(carc__state_equal(t, l));
                    carc_game_free(t);
                    carc_game_free(l);
                    /* carc_game_new is carc_game_new_setup with no setup */
                    if (!with_setup) {
                        ck_assert_int_eq(carc_game_new(&t, &o), CARC_OK);
                        ck_assert_int_eq(carc_game_new(&l, &big.o), CARC_OK);
                        ck_assert(carc__state_equal(t, l));
                        carc_game_free(t);
                        carc_game_free(l);
                    }
                    compared++;
                }
            }
    /* an error is still an error after a game of the same options was made */
    carc_options o;
    carc_options_init(&o);
    carc_game *g = NULL;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    carc_game_free(g);
    carc_setup su;
    carc_setup_init(&su);
    su.first_player = 2;
    g = (carc_game *)1;
    ck_assert_int_eq(carc_game_new_setup(&g, &o, &su), CARC_E_INVALID);
    ck_assert_ptr_null(g);
    o.rules[0] = 1000;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_E_INVALID);
    ck_assert_ptr_null(g);
    free(ids);
    printf("template games: %ld compared\n", compared);
}
END_TEST

/* carc__game_config (what a snapshot restore compares the state's fields
 * set at creation with): from the thread's template, or, when none can be
 * kept (here: an options struct larger than this library's), a game made
 * for the purpose that the caller frees; the same header either way. */
START_TEST(config_with_and_without_template)
{
    carc_options o;
    carc_options_init(&o);
    o.num_players = 4;
    o.seed = 5;
    o.modules |= module_set("inns_cathedrals,tower");
    struct {
        carc_options o;
        uint64_t more[2];
    } big;
    memset(&big, 0, sizeof big);
    big.o = o;
    big.o.struct_size = sizeof big;
    carc_game *g = NULL;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    const carc_game *head;
    const void *figs;
    carc_game *own = (carc_game *)1;
    ck_assert_int_eq(carc__game_config(&big.o, NULL, &head, &figs, &own), CARC_OK);
    ck_assert_ptr_nonnull(own);
    ck_assert_ptr_eq(head, own);
    ck_assert_ptr_eq(figs, CFIGS(own));
    ck_assert(carc__state_equal(own, g));
    carc_game_free(own);
    own = (carc_game *)1;
    ck_assert_int_eq(carc__game_config(&o, NULL, &head, &figs, &own), CARC_OK);
    ck_assert_ptr_null(own);
    ck_assert_int_eq(memcmp(head, g, g->L.off_tiles), 0); /* the same seed: all of it */
    ck_assert_int_eq(memcmp(figs, CFIGS(g), g->nfigs * sizeof(figure)), 0);
    o.rules[0] = 1000;
    ck_assert_int_eq(carc__game_config(&o, NULL, &head, &figs, &own), CARC_E_INVALID);
    carc_game_free(g);
}
END_TEST

/* The Tower's capture decision carries the figures its floor found
 * capturable (its arg: bit 30 and a bit per figure); the tower's
 * state_check compares them with the figures capturable in the restored
 * state: a set with one figure more or one fewer is refused, 0 (the
 * capture's listing walks the figures) is accepted and lists the same. */
START_TEST(tower_capture_set_checked)
{
    const int32_t dec_capture = CARC_MODULE_KIND(CARC_MODULE_TOWER, 2);
    int32_t *ids = malloc(sizeof(int32_t) * CARC_NUM_DISTINCT_ACTIONS),
            *ids2 = malloc(sizeof(int32_t) * CARC_NUM_DISTINCT_ACTIONS);
    int found = 0;
    for (uint64_t seed = 1; seed <= 40 && found < 6; seed++) {
        carc_game *g = new_game_mods(module_set("tower"), 2, seed);
        uint64_t rs = seed;
        while (!carc_game_is_terminal(g) && found < 6) {
            if (g->npending && g->pend[0].kind == dec_capture && g->pend[0].arg) {
                found++;
                size_t n, fp, m = 0, m2 = 0;
                uint8_t *b = bytes_of(g, true, &n);
                size_t at = state_at(b, &fp);
                ck_assert_int_eq(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &m),
                                 CARC_OK);
                uint8_t *c = malloc(n);
                int32_t arg = g->pend[0].arg;
                /* a figure added (the lowest one not in the set), one taken out */
                int32_t edits[3] = {arg | (int32_t)(1u << __builtin_ctz(~(uint32_t)arg)),
                                    arg & (arg - 1), 0};
                for (int e = 0; e < 3; e++) {
                    memcpy(c, b, n);
                    carc_game h;
                    memcpy(&h, c + at, sizeof h);
                    h.pend[0].arg = edits[e];
                    memcpy(c + at, &h, sizeof h);
                    resum(c, n);
                    carc_game *out = (carc_game *)1;
                    int rc = carc_game_deserialize(&out, c, n);
                    if (e < 2 && edits[e] != arg) { /* arg & (arg - 1) keeps bit 30 */
                        ck_assert_int_eq(rc, CARC_E_CORRUPT);
                        ck_assert_ptr_null(out);
                        continue;
                    }
                    ck_assert_int_eq(rc, CARC_OK);
                    ck_assert_int_eq(carc_game_legal_ids(out, ids2, CARC_NUM_DISTINCT_ACTIONS, &m2),
                                     CARC_OK);
                    ck_assert_uint_eq(m2, m);
                    ck_assert_int_eq(memcmp(ids, ids2, m * sizeof ids[0]), 0);
                    carc_game_free(out);
                }
                free(c);
                free(b);
            }
            step(g, &rs, ids);
        }
        carc_game_free(g);
    }
    ck_assert_int_eq(found, 6);
    free(ids);
    free(ids2);
}
END_TEST

int main(int argc, char **argv)
{
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--games")) ngames = atoi(argv[++i]);
    Suite *s = suite_create("snapshot");
    TCase *tc = tcase_create("snapshot");
    tcase_set_timeout(tc, 900);
    tcase_add_loop_test(tc, snapshot_equals_replay, 0, NSETS);
    tcase_add_test(tc, damaged_refused);
    tcase_add_loop_test(tc, crafted_refused, 0, NEDITS);
    tcase_add_loop_test(tc, state_bytes_changed, 0, 2);
    tcase_add_test(tc, other_build_replays);
    tcase_add_test(tc, setup_restored);
    tcase_add_test(tc, canonical_seed_refused);
    tcase_add_test(tc, template_games_equal);
    tcase_add_test(tc, config_with_and_without_template);
    tcase_add_test(tc, tower_capture_set_checked);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
