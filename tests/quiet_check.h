/* tests/quiet_check.h -- checks for the hot loops of the random-game tests.
 * Check's fork mode reports the place of every passing ck_assert through a
 * pipe; in loops of millions of checks that dominates the run time, so the
 * loops use these, which speak only on failure (and fail the test exactly
 * as ck_assert does).  Also the tests' small deterministic generators.
 * Header-only, for a test program that includes <check.h>. */
#ifndef CARC_TESTS_QUIET_CHECK_H
#define CARC_TESTS_QUIET_CHECK_H

#include <check.h>
#include <stdint.h>

#define REQ(c)                                                                   \
    do {                                                                         \
        if (!(c)) ck_abort_msg("%s:%d: %s failed", __FILE__, __LINE__, #c);      \
    } while (0)
#define REQ_MSG(c, ...)                                                          \
    do {                                                                         \
        if (!(c)) ck_abort_msg(__VA_ARGS__);                                     \
    } while (0)
#define REQ_CMP(a, op, b)                                                        \
    do {                                                                         \
        long long a_ = (long long)(a), b_ = (long long)(b);                      \
        if (!(a_ op b_))                                                         \
            ck_abort_msg("%s:%d: %s %s %s failed (%lld vs %lld)", __FILE__,      \
                         __LINE__, #a, #op, #b, a_, b_);                         \
    } while (0)
#define REQ_EQ(a, b) REQ_CMP(a, ==, b)
#define REQ_NE(a, b) REQ_CMP(a, !=, b)
#define REQ_GE(a, b) REQ_CMP(a, >=, b)
#define REQ_LT(a, b) REQ_CMP(a, <, b)

/* a 64-bit linear congruential step (Knuth's MMIX constants): the test's own
 * choices, independent of the library's RNG */
static inline uint64_t lcg(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return *s >> 33;
}

/* splitmix64 (test_fast.c, test_snapshot.c): a 64-bit step of their own */
static inline uint64_t splitmix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

#endif
