/*
 * fuzz_deserialize: carc_game_deserialize() on arbitrary bytes.
 *
 * Each input is tried twice: as it is, and with its checksum put right --
 * the last four bytes replaced by the FNV-1a checksum of the rest, or for a
 * snapshot (version 4) the last eight by carc__snapshot_sum of the rest
 * (doc/serialization.md) --, so that the fuzzer gets past the checksum and
 * reaches the header, the history replay and a snapshot's state checks.
 *
 * A refusal must be a negative code with no game returned.  An accepted
 * buffer must be canonical: serializing the restored game gives back exactly
 * the accepted bytes (a snapshot: the canonical buffer it embeds, and
 * carc_game_snapshot of the restored game restores to the same game),
 * deserializing those again and re-serializing is stable, a clone
 * serializes identically, the game's record replays to the same game, and
 * one more step plays identically on the restored game and on its copy.
 */
#include "fuzz_common.h"
#include "core/state.h"

static void one(const uint8_t *data, size_t size);

static uint32_t fnv1a(const uint8_t *p, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 16777619u;
    }
    return h;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    one(data, size);
    if (size >= 8) {
        uint8_t *fixed = fz_alloc(size);
        memcpy(fixed, data, size);
        if (size >= 18 && data[4] == 4 && data[5] == 0) {
            uint64_t sum = carc__snapshot_sum(fixed, size - 8);
            for (int i = 0; i < 8; i++) fixed[size - 8 + i] = (uint8_t)(sum >> (8 * i));
        } else {
            uint32_t sum = fnv1a(fixed, size - 4);
            for (int i = 0; i < 4; i++) fixed[size - 4 + i] = (uint8_t)(sum >> (8 * i));
        }
        if (memcmp(fixed, data, size) != 0) one(fixed, size);
        free(fixed);
    }
    return 0;
}

/* In the canonical buffer expect (n bytes), every rule slot holding 0 (a
 * rule its writer did not know) takes the value the re-serialized buffer
 * b1 (n bytes too) gives it; true if there was one. */
static bool zero_rules_back(uint8_t *expect, const uint8_t *b1, size_t n)
{
    const size_t rules = 4 + 2 + 2 + 8 + 8 + 2;
    bool zeros = false;
    for (int i = 0; i < CARC_MAX_RULES && rules + 4u * (size_t)(i + 1) <= n; i++) {
        uint8_t *v = expect + rules + 4 * i;
        if ((v[0] | v[1] | v[2] | v[3]) == 0) {
            memcpy(v, b1 + rules + 4 * i, 4);
            zeros = true;
        }
    }
    return zeros;
}

static void one(const uint8_t *data, size_t size)
{
    carc_game *g = NULL;
    int rc = carc_game_deserialize(&g, data, size);
    if (rc != CARC_OK) {
        REQUIRE_MSG(rc < 0, "deserialize returned %d", rc);
        REQUIRE_MSG(g == NULL, "a game was returned with error %d", rc);
        return;
    }
    REQUIRE(g != NULL);

    size_t n1;
    uint8_t *b1 = fz_serialize(g, &n1);
    /* a version-1 buffer is read and written as version 2: the same bytes
     * but the version field and the checksum */
    bool v1 = size >= 6 && data[4] == 1 && data[5] == 0;
    bool v4 = size >= 10 && data[4] == 4 && data[5] == 0;
    if (v4) {
        /* the canonical buffer it embeds, after magic, version and length;
         * its rule slots holding 0 (rules its writer did not know) come
         * back with their values, and its checksum with them */
        uint32_t c = (uint32_t)data[6] | (uint32_t)data[7] << 8 | (uint32_t)data[8] << 16 |
                     (uint32_t)data[9] << 24;
        REQUIRE_MSG(c <= size - 10 && n1 == c,
                    "an accepted snapshot re-serializes to %zu bytes, not its own %u", n1, c);
        uint8_t *expect = fz_alloc(c);
        memcpy(expect, data + 10, c);
        size_t tail = zero_rules_back(expect, b1, c) ? 4 : 0;
        REQUIRE_MSG(memcmp(b1, expect, c - tail) == 0,
                    "an accepted snapshot re-serializes to other bytes than its own %u", c);
        free(expect);
        size_t ns = 0;
        REQUIRE(carc_game_snapshot(g, NULL, 0, &ns) == CARC_E_BUFFER);
        uint8_t *sb = fz_alloc(ns);
        REQUIRE_OK(carc_game_snapshot(g, sb, ns, &ns));
        carc_game *s2 = NULL;
        REQUIRE_OK(carc_game_deserialize(&s2, sb, ns));
        fz_require_same_game(g, s2);
        carc_game_free(s2);
        free(sb);
    } else {
        /* a rule slot holding 0 is a rule the writer did not know: it comes
         * back with its value (doc/serialization.md, "Rules added later"),
         * and the checksum with it */
        uint8_t *expect = fz_alloc(size);
        memcpy(expect, data, size);
        bool zeros = n1 == size && zero_rules_back(expect, b1, size);
        size_t tail = zeros ? 4 : 0; /* the checksum changes with them */
        REQUIRE_MSG(n1 == size && (v1 ? memcmp(b1 + 6, expect + 6, n1 - 10) == 0
                                      : memcmp(b1, expect, n1 - tail) == 0),
                    "accepted %zu bytes re-serialize to %zu different bytes", size, n1);
        free(expect);
    }

    carc_game *g2 = fz_require_serial_roundtrip(g);

    carc_game *c = NULL;
    REQUIRE_OK(carc_game_clone(&c, g));
    fz_require_same_game(g, c);

    fz_require_record_roundtrip(g);

    /* read-only queries must not fail on a restored game */
    int players = carc_game_num_players(g);
    REQUIRE(players >= CARC_MIN_PLAYERS && players <= CARC_MAX_PLAYERS);
    for (int p = 0; p < players; p++) {
        int32_t s;
        REQUIRE_OK(carc_game_score(g, p, &s));
    }
    int32_t fs[CARC_MAX_PLAYERS];
    REQUIRE_OK(carc_game_final_scores(g, fs, CARC_MAX_PLAYERS));
    size_t need = 0;
    REQUIRE(carc_game_board_text(g, NULL, 0, &need) == CARC_E_BUFFER);

    /* one more step, identically on the restored game and on its copy */
    if (!carc_game_is_terminal(g)) {
        int32_t *ids = fz_alloc(sizeof(int32_t) * CARC_NUM_DISTINCT_ACTIONS);
        size_t n;
        REQUIRE_OK(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &n));
        REQUIRE(n > 0);
        int32_t id = ids[(size > 0 ? data[size - 1] : 0) % n];
        REQUIRE_OK(carc_game_apply_id(g, id));
        REQUIRE_OK(carc_game_apply_id(g2, id));
        fz_require_same_game(g, g2);
        free(ids);
    }

    free(b1);
    carc_game_free(c);
    carc_game_free(g2);
    carc_game_free(g);
}
