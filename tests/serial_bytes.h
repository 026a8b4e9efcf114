/* tests/serial_bytes.h -- a game's serialized bytes in a buffer of its own
 * (test_catapult.c, test_explain.c, test_pig_veto.c).  Header-only, for a test program that
 * includes <check.h>. */
#ifndef CARC_TESTS_SERIAL_BYTES_H
#define CARC_TESTS_SERIAL_BYTES_H

#include <carcvar/carcvar.h>
#include <check.h>
#include <stdint.h>
#include <stdlib.h>

/* g serialized: its size asked first (CARC_E_BUFFER), then written
 * (CARC_OK, exactly that size) into a buffer the caller frees; the size
 * in *n. */
static inline uint8_t *serial_bytes(const carc_game *g, size_t *n)
{
    ck_assert_int_eq(carc_game_serialize(g, NULL, 0, n), CARC_E_BUFFER);
    uint8_t *b = malloc(*n);
    ck_assert_ptr_nonnull(b);
    size_t got = 0;
    ck_assert_int_eq(carc_game_serialize(g, b, *n, &got), CARC_OK);
    ck_assert_uint_eq(got, *n);
    return b;
}

#endif
