/*
 * Helpers shared by the libFuzzer targets (doc/fuzzing.md).
 *
 * Every target defines LLVMFuzzerTestOneInput(); a violated expectation
 * prints one line to stderr and ends in __builtin_trap(), which libFuzzer
 * reports as a crash and the standalone corpus driver as a failed test.
 *
 * The targets are linked against the internal static library, so when
 * core.h is on the include path (CARCVAR_FUZZ_INTERNAL) "the state is
 * unchanged" is also checked on the raw state block.
 */
#ifndef CARCVAR_FUZZ_COMMON_H
#define CARCVAR_FUZZ_COMMON_H

#include "carcvar/carcvar.h"

#ifdef CARCVAR_FUZZ_INTERNAL
#include "core/state.h"
#endif

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
/* Defined by the action targets: 1 if the last input played its game to the
 * end (standalone_driver.c counts them). */
int fz_last_input_ended(void);

/* Checking code needs no coverage feedback, and libFuzzer's comparison
 * tracing in its long loops (masks, state blocks) would cost most of the
 * run time. */
#if defined(__clang__) && __clang_major__ >= 13
#define FZ_NO_COVERAGE __attribute__((no_sanitize("coverage")))
#else
#define FZ_NO_COVERAGE
#endif

#define REQUIRE(cond)                                                           \
    do {                                                                        \
        if (!(cond)) {                                                          \
            fprintf(stderr, "%s:%d: invariant violated: %s\n", __FILE__,        \
                    __LINE__, #cond);                                           \
            fflush(stderr);                                                     \
            __builtin_trap();                                                   \
        }                                                                       \
    } while (0)

#define REQUIRE_MSG(cond, ...)                                                  \
    do {                                                                        \
        if (!(cond)) {                                                          \
            fprintf(stderr, "%s:%d: invariant violated: %s: ", __FILE__,        \
                    __LINE__, #cond);                                           \
            fprintf(stderr, __VA_ARGS__);                                       \
            fputc('\n', stderr);                                                \
            fflush(stderr);                                                     \
            __builtin_trap();                                                   \
        }                                                                       \
    } while (0)

#define REQUIRE_OK(call)                                                        \
    do {                                                                        \
        int rc_ = (call);                                                       \
        REQUIRE_MSG(rc_ == CARC_OK, "%s returned %d (%s)", #call, rc_,          \
                    carc_strerror(rc_));                                        \
    } while (0)

/* Module set number k: bit n of k enables the n-th optional module of
 * fz_module_at, base always on.  The optional modules in the order of their bits: the five of the first
 * corpus (bits 0-4, doc/fuzzing.md), then the modules that landed later in
 * the order they landed (the Count: bit 5, Princess & Dragon: bit 6, the Tower: bit 7; the
 * catapult: bit 8, pig throwing: bit 9, the Dungeon: bit 10 -- those of a build that has them), then
 * any other this build offers, by id -- so that a module added between two ids never moves the
 * bits of the modules before it. */
static inline int fz_module_at(int n)
{
    static const int landed[] = {CARC_MODULE_INNS_CATHEDRALS, CARC_MODULE_TRADERS_BUILDERS,
                                 CARC_MODULE_ABBEY_MAYOR, CARC_MODULE_BRIDGES_CASTLES,
                                 CARC_MODULE_BIG_TOP, CARC_MODULE_COUNT,
                                 CARC_MODULE_PRINCESS_DRAGON, CARC_MODULE_TOWER,
                                 CARC_MODULE_CATAPULT, CARC_MODULE_PIG_THROWING,
                                 CARC_MODULE_DUNGEON};
    const int nlanded = (int)(sizeof landed / sizeof landed[0]);
    int i = 0;
    for (int k = 0; k < nlanded; k++) {
        if (carc_module_available(landed[k]) != 1) continue;
        if (i++ == n) return landed[k];
    }
    for (int m = 1; m < CARC_MODULE_SLOTS; m++) {
        int listed = 0;
        for (int k = 0; k < nlanded; k++) listed |= landed[k] == m;
        if (listed || carc_module_available(m) != 1) continue;
        if (i++ == n) return m;
    }
    return -1;
}

static inline uint64_t fz_modules(unsigned k)
{
    uint64_t bits = (uint64_t)1 << CARC_MODULE_BASE;
    for (int n = 0; n < 32; n++) {
        int m = fz_module_at(n);
        if (m < 0) break;
        if ((k >> n) & 1u) bits |= (uint64_t)1 << m;
    }
    /* a module that requires another brings it (carc_game_new refuses the
     * set otherwise): pig throwing the pig of Traders & Builders, the
     * Dungeon the Tower's foundations.  No such set was playable before, so
     * no input changes its meaning. */
    if ((bits >> CARC_MODULE_PIG_THROWING) & 1u) bits |= (uint64_t)1 << CARC_MODULE_TRADERS_BUILDERS;
    if ((bits >> CARC_MODULE_DUNGEON) & 1u) bits |= (uint64_t)1 << CARC_MODULE_TOWER;
    return bits;
}

/* The inverse of fz_modules: the bits that pick a module set (the base
 * bit and modules this build lacks are ignored). */
static inline unsigned fz_modules_byte(uint64_t modules)
{
    unsigned k = 0;
    for (int n = 0; n < 32; n++) {
        int m = fz_module_at(n);
        if (m < 0) break;
        if ((modules >> m) & 1u) k |= 1u << n;
    }
    return k;
}

#if defined(CARCVAR_FUZZ_INTERNAL) && !defined(FZ_PROBE)
/* The header of fuzz_actions (doc/fuzzing.md), four bytes:
 *   bytes 0 and 3: the module set, fz_modules(byte 0 | byte 3 << 8) -- byte 3
 *           came last (0.7.0, when a ninth optional module arrived) so that an
 *           input of the three-byte header keeps its meaning with a 0 put
 *           after its third byte;
 *   byte 1: players 2 + b % 5; rule variant r = b / 5: 0 plays the
 *           recommended rules, otherwise rule j of the enabled modules
 *           (registry order, then the module's own order) takes the value
 *           min + (r + 3j) % min(max - min + 1, 8);
 *   byte 2: the seed.
 * Fills *o and returns the header's length, or 0 if the input is shorter. */
#define FZ_HEADER 4
static inline size_t fz_header(const uint8_t *d, size_t n, carc_options *o)
{
    if (n < FZ_HEADER) return 0;
    carc_options_init(o);
    o->modules = fz_modules((unsigned)d[0] | (unsigned)d[3] << 8);
    o->num_players = CARC_MIN_PLAYERS + d[1] % 5;
    unsigned r = d[1] / 5u;
    o->seed = d[2];
    if (r == 0) return FZ_HEADER;
    unsigned j = 0;
    for (int m = 0; m < CARC_MODULE_SLOTS; m++) {
        const carc_module_def *def = carc__modules[m];
        if (!def || !((o->modules >> m) & 1u)) continue;
        for (int k = 0; k < def->nrules; k++, j++) {
            const carc_rule_def *rd = &def->rules[k];
            int span = rd->max - rd->min + 1;
            if (span > 8) span = 8;
            o->rules[rd->slot] = rd->min + (int)((r + 3 * j) % (unsigned)span);
        }
    }
    return FZ_HEADER;
}

/* The header bytes of a game: module set, players, rule variant, seed. */
static inline void fz_header_bytes(uint8_t out[FZ_HEADER], uint64_t modules, int players,
                                   unsigned variant, unsigned seed)
{
    unsigned set = fz_modules_byte(modules);
    out[0] = (uint8_t)(set & 0xFFu);
    out[3] = (uint8_t)(set >> 8);
    out[1] = (uint8_t)((unsigned)(players - CARC_MIN_PLAYERS) + 5u * (variant % 52u));
    out[2] = (uint8_t)seed;
}
#endif

/* Kinds of the structured hostile actions (step 0xE0-0xEF of fuzz_actions):
 * the core's kinds -1..6, the base module's 16..19, CARC_MODULE_KIND(m, k)
 * for k = 0..7 of every enabled optional module, the first kind of a module
 * not in play (or not built), and kinds out of every range.  Returns the
 * number written (at most FZ_MAX_KINDS). */
#define FZ_MAX_KINDS (8 + 4 + 8 * CARC_MODULE_SLOTS + 5)
static inline size_t fz_kind_table(uint64_t modules, int32_t *out)
{
    size_t n = 0;
    for (int k = -1; k <= 6; k++) out[n++] = k;
    for (int k = 0; k < 4; k++) out[n++] = 16 + k;
    int absent = -1;
    for (int m = 1; m < CARC_MODULE_SLOTS; m++) {
        if (!((modules >> m) & 1u)) {
            if (absent < 0) absent = m;
            continue;
        }
        for (int k = 0; k < 8; k++) out[n++] = 16 + 16 * m + k;
    }
    out[n++] = 16 + 16 * (absent < 0 ? CARC_MODULE_SLOTS - 1 : absent);
    out[n++] = 16 + 16 * CARC_MODULE_SLOTS;
    out[n++] = 1000;
    out[n++] = INT32_MIN;
    out[n++] = INT32_MAX;
    return n;
}

/* A structured action from 9 step bytes: kinds[v[0] % nkinds], any tile
 * (a type below tile_mod, or a signed byte), cell, rotation -1..5, figure
 * -2..17, segment, target, arg (signed byte, or INT32_MAX / INT32_MIN). */
static inline void fz_struct_action(const uint8_t v[9], const int32_t *kinds, size_t nkinds,
                                    int tile_mod, carc_action *a)
{
    memset(a, 0, sizeof *a);
    a->kind = kinds[v[0] % nkinds];
    a->tile = v[0] & 0x20 ? (int8_t)v[1] : v[1] % tile_mod;
    a->x = (int8_t)v[2] / 4;
    a->y = (int8_t)v[3] / 4;
    a->rotation = v[4] % 7 - 1;
    a->figure = v[5] % 20 - 2;
    a->segment = (int8_t)v[6] / 3;
    a->target = (int8_t)v[7];
    a->arg = v[8] == 0xFF ? INT32_MAX : v[8] == 0xFE ? INT32_MIN : (int8_t)v[8];
}

/* Notation words of the core and of the modules (step 0xF0-0xF5). */
#ifdef FZ_PROBE
static const char *const fz_words[] = {
    "draw", "place", "deploy", "pass", "abbey", "cheer", "score", "spare", "token", "perch",
    "fairy", "join", "bless", "tithe", "deploy follower", "deploy big", "deploy ringmaster",
    "deploy fairy", "deploy follower city N", "deploy big road S", "deploy follower monastery",
    "deploy follower #", "deploy big segment", "place 0,-1 r", "place -1,1 r", "draw PA",
    "draw PB", "draw PE", "draw D", "cheer 2 2", "join -", "token 0",
};
#else
static const char *const fz_words[] = {
    "draw", "place", "deploy", "pass", "draw D", "draw IC_", "draw TB_", "draw BT_",
    "draw BCB_", "place 0,-1 r", "place -1,1 r", "place 1,0 r0", "deploy follower",
    "deploy follower city N", "deploy follower road S", "deploy follower field Ne",
    "deploy follower monastery", "deploy follower segment", "deploy follower #",
    "deploy big", "deploy big city N", "deploy big field Sw", "deploy builder road W",
    "deploy builder city", "deploy pig field Se", "deploy pig segment", "deploy mayor city N",
    "deploy wagon road S", "deploy wagon monastery", "deploy barn", "deploy ringmaster",
    "deploy ringmaster road", "abbey", "barn ne", "barn sw", "barn", "wagon", "wagon 0,0",
    "wagon 1,0 road N", "wagon -1,-1 segment", "bridge", "bridge 0,0", "bridge ns",
    "bridge ew", "bridge 1,0", "castle", "bazaar", "bazaar pick", "bazaar bid", "bazaar buy",
    "bazaar sell", "bazaar D", "animal", "animal flea", "animal elephant", "animal tiger",
    "acrobat", "acrobat 0,0", "acrobat 1,1", "pyramid", "pyramid 0,0", "pyramid -1,0",
    /* 0.7.0: the words of the Count, Princess & Dragon, the Tower, the
     * catapult, pig throwing and the Dungeon (doc/notation.md) */
    "enter", "enter castle follower", "count market", "leave follower", "final",
    "final blacksmith big", "final 0,0 city N", "dragon n", "dragon w", "fairy", "fairy 0,0",
    "princess", "portal", "portal 1,0", "floor", "floor 0,0", "top follower", "top big",
    "top 0,0", "capture", "exchange", "ransom", "throw", "throw 0,1", "throw 1,0 field Nw",
    "throw knock", "throw high", "dungeon enter", "dungeon enter mayor", "dungeon enter wagon",
    "dungeon leave", "dungeon exit 0,0", "dungeon exit 0,0 city N", "dungeon flee",
    "dungeon stay", "dungeon dragon 0,0", "dungeon flush", "dungeon fairy", "catapult knockout",
    "catapult seduction", "catapult target", "catapult catch", "catapult aim", "catapult power",
    "catapult hurl 10,20", "catapult hurl 0,0 off", "catapult hurl off",
    "catapult catch caught", "catapult catch touched", "catapult pick", "catapult swap",
};
#endif
#define FZ_NWORDS (sizeof fz_words / sizeof fz_words[0])

/* The text of step 0xF0-0xF5: word w, with a number from n (w & 0x80: a
 * separate one, n - 16; w & 0x40: glued on, n % 8) or without. */
static inline void fz_word_text(uint8_t w, uint8_t n, char *text, size_t cap)
{
    const char *word = fz_words[w % FZ_NWORDS];
    if (w & 0x80) snprintf(text, cap, "%s %d", word, (int)n - 16);
    else if (w & 0x40) snprintf(text, cap, "%s%d", word, n % 8);
    else snprintf(text, cap, "%s", word);
}

/* Step 0xF6-0xF9: the text of a legal action with the character at pos %
 * (len + 1) replaced by val (at len: appended).  text holds the written
 * notation on entry (cap bytes). */
static inline void fz_mangle_text(char *text, size_t cap, uint8_t pos, uint8_t val)
{
    size_t len = strlen(text);
    text[pos % (len + 1)] = (char)val;
    if (pos % (len + 1) == len && len + 1 < cap) text[len + 1] = 0;
}

static inline void *fz_alloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    REQUIRE(p != NULL);
    return p;
}

/* Serialized bytes of a game (malloc'ed). */
static inline uint8_t *fz_serialize(const carc_game *g, size_t *n)
{
    size_t need = 0;
    int rc = carc_game_serialize(g, NULL, 0, &need);
    REQUIRE_MSG(rc == CARC_E_BUFFER, "size query returned %d", rc);
    uint8_t *b = fz_alloc(need);
    size_t got = 0;
    REQUIRE_OK(carc_game_serialize(g, b, need, &got));
    REQUIRE(got == need);
    *n = got;
    return b;
}

/* Game record text (malloc'ed, NUL-terminated); *n excludes the NUL. */
static inline char *fz_record(const carc_game *g, size_t *n)
{
    size_t need = 0;
    int rc = carc_game_write_record(g, NULL, 0, &need);
    REQUIRE_MSG(rc == CARC_E_BUFFER, "size query returned %d", rc);
    char *b = fz_alloc(need + 1);
    size_t got = 0;
    REQUIRE_OK(carc_game_write_record(g, b, need, &got));
    REQUIRE(got == need);
    b[need] = 0;
    *n = strnlen(b, need);
    return b;
}

FZ_NO_COVERAGE static inline int fz_same_bytes(const uint8_t *a, size_t na, const uint8_t *b, size_t nb)
{
    return na == nb && memcmp(a, b, na) == 0;
}

/* Two games serialize to the same bytes. */
static inline void fz_require_same_game(const carc_game *a, const carc_game *b)
{
    size_t na, nb;
    uint8_t *sa = fz_serialize(a, &na), *sb = fz_serialize(b, &nb);
    REQUIRE_MSG(fz_same_bytes(sa, na, sb, nb), "serializations differ (%zu vs %zu bytes)",
                na, nb);
    free(sa);
    free(sb);
}

/* Record -> replay reproduces the game exactly (same serialization), and
 * the replayed game writes the same record again. */
static inline void fz_require_record_roundtrip(const carc_game *g)
{
    size_t n;
    char *text = fz_record(g, &n);
    carc_game *r = NULL;
    carc_record_error err;
    memset(&err, 0, sizeof err);
    int rc = carc_record_replay(&r, text, n, &err);
    REQUIRE_MSG(rc == CARC_OK, "written record refused: line %d code %d: %.160s", err.line,
                err.code, err.message);
    fz_require_same_game(g, r);
    size_t n2;
    char *text2 = fz_record(r, &n2);
    REQUIRE_MSG(n == n2 && memcmp(text, text2, n) == 0, "record of the replay differs");
    free(text2);
    free(text);
    carc_game_free(r);
}

/* serialize -> deserialize -> serialize gives the same bytes. */
static inline carc_game *fz_require_serial_roundtrip(const carc_game *g)
{
    size_t n;
    uint8_t *b = fz_serialize(g, &n);
    carc_game *r = NULL;
    int rc = carc_game_deserialize(&r, b, n);
    REQUIRE_MSG(rc == CARC_OK, "own serialization refused: %d (%s)", rc, carc_strerror(rc));
    size_t n2;
    uint8_t *b2 = fz_serialize(r, &n2);
    REQUIRE_MSG(fz_same_bytes(b, n, b2, n2), "re-serialization differs");
#ifdef CARCVAR_FUZZ_INTERNAL
    REQUIRE_MSG(carc__state_bytes(g) == carc__state_bytes(r) &&
                    carc__state_equal(g, r),
                "restored state block differs from the original");
#endif
    free(b);
    free(b2);
    return r;
}

#endif
