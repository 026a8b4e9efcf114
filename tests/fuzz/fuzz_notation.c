/*
 * fuzz_notation: carc_action_from_string() in a real game state.
 *
 * Input layout: byte 0 picks the player count (2 + b % 5), byte 1 how
 * many decisions to play first (0..63, so every kind of decision is
 * reached), byte 2 the seed, which also salts the random choices of those
 * decisions; byte 3 and byte 0 the module set, fz_modules((b0 / 5) ^ (b3 << 3))
 * (every set of the eleven optional modules: b0 / 5 = its bits 0-2, b3 the
 * rest; a module's requirement comes with it); the rest is the text.  Byte 3
 * came in 0.8.0: the corpus of the three-byte header was converted by
 * putting a 0 after each input's third byte, which keeps every input's
 * meaning (a set of the first six modules is b0 / 5 alone).
 *
 * If the text parses, carc_action_to_string() must write it back, the
 * written text must parse to the same action, and both must have the same
 * id status and apply with the same result.  Parsing never changes the game.
 */
#include "fuzz_common.h"

static uint64_t next(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return *s >> 33;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 4) return 0;
    carc_options o;
    carc_options_init(&o);
    o.num_players = CARC_MIN_PLAYERS + data[0] % 5;
    o.seed = data[2];
    o.modules = fz_modules((data[0] / 5u) ^ ((unsigned)data[3] << 3));
    carc_game *g = NULL;
    REQUIRE_OK(carc_game_new(&g, &o));

    int32_t *ids = fz_alloc(sizeof(int32_t) * CARC_NUM_DISTINCT_ACTIONS);
    uint64_t rs = data[2] + 1u;
    int steps = data[1] % 64;
    for (int i = 0; i < steps && !carc_game_is_terminal(g); i++) {
        if (carc_game_current_player(g) == CARC_PLAYER_CHANCE) {
            REQUIRE_OK(carc_game_sample_chance(g, NULL));
        } else {
            size_t n;
            REQUIRE_OK(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &n));
            REQUIRE(n > 0);
            REQUIRE_OK(carc_game_apply_id(g, ids[next(&rs) % n]));
        }
    }

    char *text = fz_alloc(size - 4 + 1);
    memcpy(text, data + 4, size - 4);
    text[size - 4] = 0;

    size_t n0;
    uint8_t *before = fz_serialize(g, &n0);

    carc_action a;
    memset(&a, 0, sizeof a);
    int rc = carc_action_from_string(g, text, &a);
    /* the explanation of the text: malformed exactly when it does not parse,
     * with a position inside it (or just past its end) */
    carc_explanation why;
    REQUIRE_OK(carc_game_explain_text(g, text, &why));
    REQUIRE(memchr(why.message, 0, sizeof why.message) != NULL);
    if (rc != CARC_OK) {
        REQUIRE_MSG(why.code < 0 && why.position >= 0 && (size_t)why.position <= strlen(text),
                    "'%.80s': code %d position %d", text, why.code, why.position);
    } else {
        REQUIRE(why.position == -1 && why.reason != CARC_REASON_MALFORMED);
    }
    if (rc == CARC_OK) {
        char out[256];
        size_t need = 0;
        int wrc = carc_action_to_string(g, &a, out, sizeof out, &need);
        REQUIRE_MSG(wrc == CARC_OK, "parsed '%.80s' but cannot write it: %d", text, wrc);
        REQUIRE(need <= sizeof out);
        REQUIRE(memchr(out, 0, sizeof out) != NULL);
        carc_action b;
        memset(&b, 0, sizeof b);
        int rc2 = carc_action_from_string(g, out, &b);
        REQUIRE_MSG(rc2 == CARC_OK, "'%.80s' was written as '%s', which does not parse (%d)",
                    text, out, rc2);
        REQUIRE_MSG(memcmp(&a, &b, sizeof a) == 0,
                    "'%.80s' and its rewrite '%s' parse to different actions", text, out);
        char out2[256];
        REQUIRE_OK(carc_action_to_string(g, &b, out2, sizeof out2, NULL));
        REQUIRE_MSG(strcmp(out, out2) == 0, "rewrite not stable: '%s' vs '%s'", out, out2);

        int32_t ia = -1, ib = -1;
        int ra = carc_action_to_id(g, &a, &ia), rb = carc_action_to_id(g, &b, &ib);
        REQUIRE(ra == rb && (ra != CARC_OK || ia == ib));

        /* apply both on copies: same result, and a refusal changes nothing */
        carc_game *c1 = NULL, *c2 = NULL;
        REQUIRE_OK(carc_game_clone(&c1, g));
        REQUIRE_OK(carc_game_clone(&c2, g));
        int ar = carc_game_apply(c1, &a), br = carc_game_apply(c2, &b);
        REQUIRE_MSG(ar == br, "'%s' applies with %d, its parse with %d", out, br, ar);
        fz_require_same_game(c1, c2);
        if (ar == CARC_OK) {
            /* accepted: then it had a legal id */
            size_t n;
            REQUIRE_OK(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &n));
            REQUIRE_MSG(ra == CARC_OK, "'%s' applied but has no id", out);
            int found = 0;
            for (size_t i = 0; i < n; i++) found |= ids[i] == ia;
            REQUIRE_MSG(found, "'%s' applied but its id %d is not legal", out, ia);
        } else {
            REQUIRE(ar < 0);
            fz_require_same_game(g, c1);
        }
        carc_game_free(c1);
        carc_game_free(c2);
    } else {
        REQUIRE_MSG(rc < 0, "from_string returned %d", rc);
    }

    size_t n1;
    uint8_t *after = fz_serialize(g, &n1);
    REQUIRE(fz_same_bytes(before, n0, after, n1));

    free(before);
    free(after);
    free(text);
    free(ids);
    carc_game_free(g);
    return 0;
}
