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

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

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

/* Module set number k: a subset of the optional modules this build offers
 * (carc_module_available), base always on.  Only base exists today, so
 * every k gives the base game; the targets pick up new modules by
 * themselves. */
static inline uint64_t fz_modules(unsigned k)
{
    uint64_t bits = (uint64_t)1 << CARC_MODULE_BASE;
    int n = 0;
    for (int m = 1; m < CARC_MODULE_SLOTS; m++) {
        if (carc_module_available(m) != 1) continue;
        if ((k >> n) & 1u) bits |= (uint64_t)1 << m;
        n++;
    }
    return bits;
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
