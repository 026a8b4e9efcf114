/*
 * fuzz_record: carc_record_replay() on arbitrary text.
 *
 * A refusal must be a negative code, no game, and a carc_record_error whose
 * code matches and whose message is NUL-terminated.  An accepted record
 * must round-trip: carc_game_write_record() of the game replays to a game
 * that serializes identically and writes the same record again, and its
 * board picture and replay viewer are written whole (the size asked first
 * is the size that succeeds; the text has no NUL before its end).
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
    size_t need = 0, need2 = 0;
    REQUIRE(carc_game_board_svg(g, NULL, 0, &need) == CARC_E_BUFFER);
    char *pic = malloc(need);
    REQUIRE(pic && carc_game_board_svg(g, pic, need, &need2) == CARC_OK && need2 == need);
    REQUIRE(strlen(pic) + 1 == need);
    free(pic);
    REQUIRE(carc_record_html((const char *)data, size, NULL, 0, &need, NULL) == CARC_E_BUFFER);
    pic = malloc(need);
    REQUIRE(pic && carc_record_html((const char *)data, size, pic, need, &need2, &err) == CARC_OK);
    REQUIRE(need2 == need && strlen(pic) + 1 == need && err.code == 0);
    free(pic);
    fz_require_record_roundtrip(g);
    carc_game *r = fz_require_serial_roundtrip(g);
    carc_game_free(r);
    carc_game_free(g);
    return 0;
}
