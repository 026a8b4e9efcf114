/*
 * fuzz_record: carc_record_replay() on arbitrary text.
 *
 * A refusal must be a negative code, no game, and a carc_record_error whose
 * code matches and whose message is NUL-terminated.  An accepted record
 * must round-trip: carc_game_write_record() of the game replays to a game
 * that serializes identically and writes the same record again.
 */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    carc_game *g = NULL;
    carc_record_error err;
    memset(&err, 0x55, sizeof err);
    int rc = carc_record_replay(&g, (const char *)data, size, &err);
    if (rc != CARC_OK) {
        REQUIRE_MSG(rc < 0, "replay returned %d", rc);
        REQUIRE_MSG(g == NULL, "a game was returned with error %d", rc);
        REQUIRE_MSG(err.code == rc, "err.code %d but returned %d", err.code, rc);
        REQUIRE(memchr(err.message, 0, sizeof err.message) != NULL);
        size_t lines = 1;
        for (size_t i = 0; i < size; i++) lines += data[i] == '\n';
        REQUIRE_MSG(err.line >= 0 && (size_t)err.line <= lines, "err.line %d of %zu lines",
                    err.line, lines);
        /* without an error struct, the same answer */
        carc_game *g2 = NULL;
        REQUIRE(carc_record_replay(&g2, (const char *)data, size, NULL) == rc);
        REQUIRE(g2 == NULL);
        return 0;
    }
    REQUIRE(g != NULL);
    fz_require_record_roundtrip(g);
    carc_game *r = fz_require_serial_roundtrip(g);
    carc_game_free(r);
    carc_game_free(g);
    return 0;
}
