/*
 * fuzz_actions: random and hostile action sequences with invariant checks.
 *
 * The header (fz_header() in fuzz_common.h) is four bytes: the module set
 * (bytes 0 and 3: a bitmask over the optional modules, fz_modules()), the
 * players and the rule variant (byte 1), the seed (byte 2), so that every
 * module set plays every seed.
 *
 * Built with -DFZ_PROBE (fuzz_actions_probe, linked with the test-only probe
 * modules of tests/probe/) the header is two bytes instead:
 *   byte 0: players 2 + b%5; module set b/5%3: base, base+probe,
 *           base+probe+probe2; probe2_start 1 + b/15%2 and probe2_cheer
 *           1 + b/30%2 (with probe2); probe_road_bonus 1 + b/60%3 (with probe)
 *   byte 1: the seed
 *
 * Every further byte is one step:
 *   0x00-0xAF, 0xB8-0xBF
 *              a legal action, by index into carc_game_legal_ids(), applied
 *              by id (odd bytes) or as a structured action (even bytes); at
 *              a chance decision, bytes below 0x30 (and any byte at a
 *              decision without a list) use carc_game_sample_chance() --
 *              but at a sampled-only decision (no list) of the non-probe
 *              build, bytes 0x80-0xAF give a host's structured outcome
 *              (host_outcome: the words from the next bytes)
 *   0xB4-0xB7  the same legal action through its notation: written with
 *              carc_action_to_string(), parsed back (same id), applied
 *   0xB0-0xB1  record -> replay round trip (and once more at the end)
 *   0xB2-0xB3  serialize -> deserialize round trip, continue on the copy
 *   0xC0-0xCF  a raw id from the next two bytes (signed 16 bits)
 *   0xD0-0xDF  an id near the valid range from the next two bytes
 *   0xE0-0xEF  a structured action from the next nine bytes
 *              (fz_struct_action): a kind of the core, CARC_MODULE_KIND(m,
 *              0..7) of every enabled module (fz_kind_table; with FZ_PROBE
 *              the core's and both probes' kinds), any tile, cell, rotation,
 *              figure, segment, target and arg
 *   0xF0-0xF5  notation text: a word of the core or a module (next byte),
 *              maybe with a number (the byte after)
 *   0xF6-0xF9  notation text of a legal action (next byte), one character
 *              replaced (the two bytes after)
 *   0xFA-0xFF  raw notation text: length (next byte % 40), then the text
 * Text that parses must write back and parse to the same action, then it is
 * applied like a structured action.
 * Raw and structured actions are mostly illegal: a refusal must return a
 * negative code and leave the game byte-identical (serialization, and the
 * raw state block); an acceptance must have been a legal id.
 *
 * After every step: terminal <=> CARC_PLAYER_TERMINAL; a live decision has
 * a legal action; legal ids ascend, are in range and agree with the legal
 * mask; every player has 7 followers across supply and board; the figures
 * per (owner, kind) are those of the start (conserved), the supply of every
 * kind agrees with carc_game_supply(), a figure on the board or on a tile
 * stands on a placed tile and an attached one on a figure; scores never
 * decrease; a
 * clone serializes identically (every 8th step and at the end; the raw state
 * block is compared every step); at the end, final scores = live scores,
 * the record replays to the same game and the public record to the same
 * scores, tile count and end.
 */
#include "fuzz_common.h"

typedef struct ctx {
    carc_game *g;
    int players;
    uint64_t modules; /* the options' module set */
    int32_t last[CARC_MAX_PLAYERS];
    int32_t *ids;
    size_t nids;
    uint8_t *mask;
    carc_figure *figs;
    size_t figcap;
    unsigned checks;
    int census0[CARC_MAX_PLAYERS + 1][CARC_FIGURE_KINDS];
#ifdef CARCVAR_FUZZ_INTERNAL
    carc_game *before;
#endif
} ctx;

FZ_NO_COVERAGE static void refresh_ids(ctx *c)
{
    c->nids = 0;
    if (carc_game_is_terminal(c->g)) return;
    REQUIRE_OK(carc_game_legal_ids(c->g, c->ids, CARC_NUM_DISTINCT_ACTIONS, &c->nids));
}

FZ_NO_COVERAGE static int is_legal(const ctx *c, int32_t id)
{
    for (size_t i = 0; i < c->nids; i++)
        if (c->ids[i] == id) return 1;
    return 0;
}

FZ_NO_COVERAGE static void check_invariants(ctx *c)
{
    carc_game *g = c->g;
    int cur = carc_game_current_player(g);
    int term = carc_game_is_terminal(g);
    REQUIRE(term == 0 || term == 1);
    REQUIRE_MSG(term == (cur == CARC_PLAYER_TERMINAL), "terminal %d, current player %d", term,
                cur);
    REQUIRE(cur == CARC_PLAYER_TERMINAL || cur == CARC_PLAYER_CHANCE ||
            (cur >= 0 && cur < c->players));

    carc_decision d;
    REQUIRE_OK(carc_game_decision(g, &d));
    REQUIRE(d.player == cur);
    REQUIRE((d.kind == CARC_DECISION_END) == term);
    /* a module's chance decision (probe2's token, the bazaar's tiles,
     * big_top's animal token) is chance but no draw */
    if (d.kind == CARC_DECISION_DRAW) REQUIRE(cur == CARC_PLAYER_CHANCE);
    if (cur == CARC_PLAYER_CHANCE)
        REQUIRE_MSG(d.kind == CARC_DECISION_DRAW || d.kind >= 16, "chance decision kind %d",
                    d.kind);

    refresh_ids(c);
    if (!term && (d.flags & CARC_DECISION_F_SAMPLED_ONLY)) {
        /* a structured outcome (probe2's gust): no list, no ids */
        REQUIRE(cur == CARC_PLAYER_CHANCE && c->nids == 0);
        int32_t oid[2];
        double pr[2];
        size_t no;
        REQUIRE(carc_game_chance_outcomes(g, oid, pr, 2, &no) == CARC_E_UNSUPPORTED);
    } else if (!term) {
        REQUIRE_MSG(c->nids > 0, "live decision (kind %d) without a legal action", d.kind);
        size_t space = cur == CARC_PLAYER_CHANCE ? CARC_MAX_CHANCE_OUTCOMES
                                                 : CARC_NUM_DISTINCT_ACTIONS;
        for (size_t i = 0; i < c->nids; i++) {
            REQUIRE(c->ids[i] >= 0 && (size_t)c->ids[i] < space);
            if (i) REQUIRE(c->ids[i - 1] < c->ids[i]);
        }
        REQUIRE_OK(carc_game_legal_mask(g, c->mask, space));
        size_t ones = 0;
        for (size_t i = 0; i < space; i++) {
            REQUIRE(c->mask[i] <= 1);
            ones += c->mask[i];
        }
        REQUIRE_MSG(ones == c->nids, "mask has %zu ones, %zu legal ids", ones, c->nids);
        for (size_t i = 0; i < c->nids; i++) REQUIRE(c->mask[c->ids[i]] == 1);
        if (space == CARC_NUM_DISTINCT_ACTIONS)
            REQUIRE(carc_game_legal_mask(g, c->mask, CARC_MAX_CHANCE_OUTCOMES) == CARC_E_BUFFER);
    }

    /* followers: 7 per player across supply, board (on a segment or on a
     * tile: an acrobat, a tower top), the tower's prisons (held by the
     * tower module, arg a captor other than the owner), the City's quarters
     * (held by the Count), the dungeon (held by the Dungeon, arg 0) and
     * removed from play (pig throwing's stance) */
    size_t nf = 0;
    int rc = carc_game_figures(g, c->figs, c->figcap, &nf);
    if (rc == CARC_E_BUFFER) {
        free(c->figs);
        c->figcap = nf;
        c->figs = fz_alloc(sizeof(carc_figure) * nf);
        rc = carc_game_figures(g, c->figs, c->figcap, &nf);
    }
    REQUIRE_OK(rc);
    for (int p = 0; p < c->players; p++) {
        int supply = 0, board = 0, quarters = 0, prisoners = 0, below = 0, removed = 0, other = 0;
        for (size_t i = 0; i < nf; i++) {
            const carc_figure *f = &c->figs[i];
            if (f->owner != p || f->kind != CARC_FIGURE_FOLLOWER) continue;
            int holder = f->state >> 8 & 0xff;
            if (f->where == CARC_WHERE_SUPPLY) supply++;
            /* on a segment, or on a tile (an acrobat, a tower top) */
            else if (f->where == CARC_WHERE_BOARD || f->where == CARC_WHERE_TILE) board++;
            else if (f->where == CARC_WHERE_REMOVED) removed++;
            /* in a quarter of the City of Carcassonne (held by the Count) */
            else if (f->where == CARC_WHERE_HELD && holder == CARC_MODULE_COUNT)
                quarters++;
            else if (f->where == CARC_WHERE_HELD && holder == CARC_MODULE_TOWER &&
                     f->arg >= 0 && f->arg < c->players && f->arg != p)
                prisoners++;
            else if (f->where == CARC_WHERE_HELD && holder == CARC_MODULE_DUNGEON && f->arg == 0)
                below++;
            else other++;
        }
        REQUIRE_MSG(supply + board + quarters + prisoners + below + removed == 7,
                    "player %d: %d followers in supply, %d on the board, %d in the City, "
                    "%d prisoners, %d in the dungeon, %d removed", p, supply, board, quarters,
                    prisoners, below, removed);
        REQUIRE(other == 0);
        REQUIRE(supply == carc_game_supply(g, p, CARC_FIGURE_FOLLOWER));
    }

    /* the revealed animal tokens (no player's): within the Big Top's set */
    static const int animals[6] = {1, 4, 5, 3, 2, 1};
    for (int k = 0; k < 6; k++) {
        int n = carc_game_tokens(g, -1, CARC_TOKEN_FLEA + k);
        REQUIRE_MSG(n >= 0 && n <= animals[k], "animal %d: %d revealed", k, n);
    }

    /* held and face-up tiles: valid types; at most one held tile each (a
     * bazaar's); face up, nobody's: a bazaar's row of at most one tile per
     * player, and with Princess & Dragon the dragon tiles set aside before
     * the volcano (pd_dragon_tiles 2), at most the 30 tiles of its set */
    static int32_t held[CARC_MAX_TILES];
    const bool pd = (c->modules >> CARC_MODULE_PRINCESS_DRAGON) & 1u;
    for (int p = -1; p < c->players; p++) {
        size_t nh = 0;
        REQUIRE_OK(carc_game_held_tiles(g, p, held, CARC_MAX_TILES, &nh));
        REQUIRE_MSG(nh <= (p < 0 ? (size_t)c->players + (pd ? 30u : 0u) : 1u),
                    "player %d holds %zu tiles", p, nh);
        for (size_t i = 0; i < nh; i++)
            REQUIRE_MSG(held[i] >= 0 && held[i] < carc_tile_type_count(), "held type %d",
                        (int)held[i]);
    }

    /* figures conserved per (owner, kind); supply cache; on placed tiles */
    int census[CARC_MAX_PLAYERS + 1][CARC_FIGURE_KINDS];
    int supply[CARC_MAX_PLAYERS][CARC_FIGURE_KINDS];
    memset(census, 0, sizeof census);
    memset(supply, 0, sizeof supply);
    for (size_t i = 0; i < nf; i++) {
        const carc_figure *f = &c->figs[i];
        REQUIRE_MSG(f->owner >= -1 && f->owner < c->players && f->kind >= 0 &&
                        f->kind < CARC_FIGURE_KINDS,
                    "figure %zu: owner %d kind %d", i, f->owner, f->kind);
        census[f->owner + 1][f->kind]++;
        /* a module's role: only on the board, one of the words shipped today */
        const char *role = carc_game_figure_role(g, (int)i);
        if (role)
            REQUIRE_MSG((f->where == CARC_WHERE_BOARD || f->where == CARC_WHERE_TILE) &&
                            (!strcmp(role, "castle") || !strcmp(role, "acrobat") ||
                             !strcmp(role, "top")),
                        "figure %zu (where %d): role %s", i, f->where, role);
        if (f->owner >= 0 && f->where == CARC_WHERE_SUPPLY) supply[f->owner][f->kind]++;
        if (f->where == CARC_WHERE_BOARD || f->where == CARC_WHERE_TILE) {
            carc_placed_tile t;
            REQUIRE_MSG(carc_game_tile_at(g, f->x, f->y, &t) == CARC_OK,
                        "figure %zu (kind %d) at %d,%d on no tile", i, f->kind, f->x, f->y);
        }
        if (f->where == CARC_WHERE_ATTACHED)
            REQUIRE_MSG(f->arg >= 0 && (size_t)f->arg < nf && (size_t)f->arg != i,
                        "figure %zu attached to %d", i, f->arg);
    }
    if (c->checks == 0) memcpy(c->census0, census, sizeof census);
    for (int o = 0; o <= c->players; o++)
        for (int k = 0; k < CARC_FIGURE_KINDS; k++)
            REQUIRE_MSG(census[o][k] == c->census0[o][k],
                        "owner %d kind %d: %d figures, %d at the start", o - 1, k, census[o][k],
                        c->census0[o][k]);
    for (int p = 0; p < c->players; p++)
        for (int k = 0; k < CARC_FIGURE_KINDS; k++)
            REQUIRE_MSG(supply[p][k] == carc_game_supply(g, p, k),
                        "player %d kind %d: %d in supply, carc_game_supply %d", p, k,
                        supply[p][k], carc_game_supply(g, p, k));

    /* scores never decrease, except by negative score-log entries (a
     * bazaar bid): the fall is the sum of the player's newest entries */
    for (int p = 0; p < c->players; p++) {
        int32_t s;
        REQUIRE_OK(carc_game_score(g, p, &s));
        if (s < c->last[p]) {
            static carc_score_event log[1 << 14];
            size_t n = 0;
            REQUIRE_OK(carc_game_score_log(g, log, sizeof log / sizeof log[0], &n));
            int32_t sum = 0;
            int negative = 0;
            for (size_t k = n; k-- > 0 && c->last[p] + sum != s;) {
                if (log[k].player != p) continue;
                sum += log[k].points;
                negative |= log[k].points < 0;
            }
            REQUIRE_MSG(negative && c->last[p] + sum == s,
                        "player %d score fell from %d to %d", p, c->last[p], s);
        }
        c->last[p] = s;
    }
    if (term) {
        int32_t fs[CARC_MAX_PLAYERS];
        REQUIRE_OK(carc_game_final_scores(g, fs, CARC_MAX_PLAYERS));
        for (int p = 0; p < c->players; p++) REQUIRE(fs[p] == c->last[p]);
    }

    /* a clone is the same game: the same serialization (every 8th check and
     * at the end: serializing is the costliest part of a step) and the same
     * state block */
    carc_game *cl = NULL;
    REQUIRE_OK(carc_game_clone(&cl, g));
#ifdef CARCVAR_FUZZ_INTERNAL
    REQUIRE(carc__state_bytes(cl) == carc__state_bytes(g));
    REQUIRE_MSG(carc__state_equal(cl, g), "clone differs from the original");
    if (term || c->checks % 8 == 0) fz_require_same_game(g, cl);
#else
    fz_require_same_game(g, cl);
#endif
    carc_game_free(cl);
    c->checks++;
}

/* Apply a probably-illegal action (id >= -1 << 20 means by id, else the
 * structured action a). */
FZ_NO_COVERAGE static void hostile(ctx *c, int by_id, int32_t id, const carc_action *a)
{
    size_t n0;
    uint8_t *s0 = fz_serialize(c->g, &n0);
#ifdef CARCVAR_FUZZ_INTERNAL
    REQUIRE_OK(carc_game_copy(c->before, c->g));
#endif
    int32_t aid = -1;
    int idrc = CARC_E_INVALID;
    if (!by_id) idrc = carc_action_to_id(c->g, a, &aid);
    /* at a sampled-only decision (no list, no ids) a structured action may
     * be the host's outcome, which the owner module checks itself */
    carc_decision d0;
    REQUIRE_OK(carc_game_decision(c->g, &d0));
    const bool outcome = !by_id && d0.kind != CARC_DECISION_END &&
                         (d0.flags & CARC_DECISION_F_SAMPLED_ONLY) && idrc == CARC_E_STATE;
    /* the explanation answers what apply will, and changes nothing */
    carc_explanation why;
    if (!by_id) {
        REQUIRE_OK(carc_game_explain(c->g, a, &why));
        REQUIRE(memchr(why.message, 0, sizeof why.message) != NULL);
        REQUIRE((why.code == CARC_OK) == (why.reason == CARC_REASON_LEGAL));
    }
    int rc = by_id ? carc_game_apply_id(c->g, id) : carc_game_apply(c->g, a);
    if (!by_id)
        REQUIRE_MSG(why.code == rc, "explain said %d (%s), apply %d", why.code, why.message, rc);
    if (rc == CARC_OK) {
        if (by_id) {
            REQUIRE_MSG(is_legal(c, id), "illegal id %d accepted", id);
        } else if (!outcome) {
            REQUIRE_MSG(idrc == CARC_OK && is_legal(c, aid),
                        "structured action kind %d (id rc %d, id %d) accepted but not legal",
                        a->kind, idrc, aid);
        }
    } else {
        REQUIRE_MSG(rc < 0, "apply returned %d", rc);
        if (by_id) REQUIRE_MSG(!is_legal(c, id), "legal id %d refused: %d", id, rc);
        size_t n1;
        uint8_t *s1 = fz_serialize(c->g, &n1);
        REQUIRE_MSG(fz_same_bytes(s0, n0, s1, n1), "refused action changed the game");
        free(s1);
#ifdef CARCVAR_FUZZ_INTERNAL
        REQUIRE_MSG(carc__state_equal(c->before, c->g),
                    "refused action changed the state block");
#endif
    }
    free(s0);
}

#ifndef FZ_PROBE
/* A host's structured outcome for the pending sampled-only chance decision
 * (a catapult hurl): the action the game's RNG would draw (sampled on a
 * clone), with words from the input: count 1 + b % 8, then per word a byte
 * below 0x80 as the value or a byte from 0x80 followed by two more (a
 * 16-bit word).  Accepted: the game goes on; refused: a negative code, the
 * explanation's code, and the game unchanged. */
FZ_NO_COVERAGE static void host_outcome(ctx *c, const uint8_t *data, size_t size, size_t *i)
{
    carc_game *cl = NULL;
    REQUIRE_OK(carc_game_clone(&cl, c->g));
    carc_action a;
    REQUIRE_OK(carc_game_sample_chance(cl, &a));
    carc_game_free(cl);
    uint16_t words[CARC_OUTCOME_WORDS_MAX];
    size_t n = 1 + (*i < size ? data[(*i)++] % 8u : 0);
    for (size_t k = 0; k < n; k++) {
        uint8_t b = *i < size ? data[(*i)++] : 0;
        if (b < 0x80) {
            words[k] = b;
        } else {
            uint8_t hi = *i < size ? data[(*i)++] : 0, lo = *i < size ? data[(*i)++] : 0;
            words[k] = (uint16_t)(hi << 8 | lo);
        }
    }
    size_t n0;
    uint8_t *s0 = fz_serialize(c->g, &n0);
#ifdef CARCVAR_FUZZ_INTERNAL
    REQUIRE_OK(carc_game_copy(c->before, c->g));
#endif
    carc_explanation why;
    int rc = carc_game_apply_outcome(c->g, &a, words, n, &why);
    REQUIRE_MSG(why.code == rc, "apply_outcome said %d in why, returned %d", why.code, rc);
    REQUIRE(memchr(why.message, 0, sizeof why.message) != NULL);
    if (rc != CARC_OK) {
        REQUIRE_MSG(rc < 0, "apply_outcome returned %d", rc);
        size_t n1;
        uint8_t *s1 = fz_serialize(c->g, &n1);
        REQUIRE_MSG(fz_same_bytes(s0, n0, s1, n1), "refused outcome changed the game");
        free(s1);
#ifdef CARCVAR_FUZZ_INTERNAL
        REQUIRE_MSG(carc__state_equal(c->before, c->g), "refused outcome changed the state block");
#endif
    }
    free(s0);
}
#endif

/* Notation text: if it parses, it writes back and parses to the same
 * action, and is then applied as a (probably illegal) structured action. */
FZ_NO_COVERAGE static void hostile_text(ctx *c, const char *text)
{
    carc_action a;
    memset(&a, 0, sizeof a);
    int rc = carc_action_from_string(c->g, text, &a);
    if (rc != CARC_OK) {
        REQUIRE_MSG(rc < 0, "from_string returned %d", rc);
        return;
    }
    char out[256];
    size_t need = 0;
    int wrc = carc_action_to_string(c->g, &a, out, sizeof out, &need);
    REQUIRE_MSG(wrc == CARC_OK, "parsed '%.80s' but cannot write it: %d", text, wrc);
    REQUIRE(need <= sizeof out);
    carc_action b;
    memset(&b, 0, sizeof b);
    int rc2 = carc_action_from_string(c->g, out, &b);
    REQUIRE_MSG(rc2 == CARC_OK, "'%.80s' was written as '%s', which does not parse (%d)", text,
                out, rc2);
    REQUIRE_MSG(memcmp(&a, &b, sizeof a) == 0,
                "'%.80s' and its rewrite '%s' parse to different actions", text, out);
    hostile(c, 0, 0, &a);
}

#ifdef FZ_PROBE
/* Kinds of structured actions: the core's, both probes' and out of range. */
static const int32_t fz_probe_kinds[32] = {
    -1, 0, 1, 2, 3, 4, 5, 6, 16, 17, 18, 19, 208, 209, 210, 211,
    224, 225, 226, 227, 228, 229, 230, 231, 232, 239, 240, 255, 256, 1000, INT32_MIN, INT32_MAX,
};
#endif

/* The header of the probe build (two bytes, see the top of the file). */
#ifdef FZ_PROBE
static size_t fz_header(const uint8_t *d, size_t n, carc_options *o)
{
    if (n < 2) return 0;
    carc_options_init(o);
    o->num_players = CARC_MIN_PLAYERS + d[0] % 5;
    int set = d[0] / 5 % 3;
    o->seed = d[1];
    o->modules = (uint64_t)1 << CARC_MODULE_BASE;
    if (set >= 1) {
        o->modules |= (uint64_t)1 << 12;
        REQUIRE_OK(carc_options_set_rule(o, "probe_road_bonus", 1 + d[0] / 60 % 3));
    }
    if (set >= 2) {
        o->modules |= (uint64_t)1 << 13;
        REQUIRE_OK(carc_options_set_rule(o, "probe2_start", 1 + d[0] / 15 % 2));
        REQUIRE_OK(carc_options_set_rule(o, "probe2_cheer", 1 + d[0] / 30 % 2));
    }
    return 2;
}
#endif

/* Whether the last input played its game to the end (the corpus test of
 * standalone_driver.c counts them). */
static int fz_ended;
int fz_last_input_ended(void)
{
    return fz_ended;
}

/* A legal action (index b into the legal ids) through its notation: the
 * written text parses to the same id and applies. */
FZ_NO_COVERAGE static void legal_text(ctx *c, int32_t id)
{
    carc_action a, b;
    REQUIRE_OK(carc_action_from_id(c->g, id, &a));
    char text[256];
    size_t need = 0;
    int rc = carc_action_to_string(c->g, &a, text, sizeof text, &need);
    REQUIRE_MSG(rc == CARC_OK, "legal id %d (kind %d) has no text: %d", id, a.kind, rc);
    memset(&b, 0, sizeof b);
    rc = carc_action_from_string(c->g, text, &b);
    REQUIRE_MSG(rc == CARC_OK, "legal id %d written as '%s', which does not parse (%d)", id,
                text, rc);
    int32_t back = -1;
    REQUIRE_OK(carc_action_to_id(c->g, &b, &back));
    REQUIRE_MSG(back == id, "legal id %d written as '%s', parsed to id %d", id, text, back);
    rc = carc_game_apply(c->g, &b);
    REQUIRE_MSG(rc == CARC_OK, "'%s' (legal id %d) refused: %d", text, id, rc);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_ended = 0;
    ctx c;
    memset(&c, 0, sizeof c);
    carc_options o;
    size_t i = fz_header(data, size, &o);
    if (i == 0) return 0;
    c.players = o.num_players;
    c.modules = o.modules;
#ifdef FZ_PROBE
    const int32_t *kinds = fz_probe_kinds;
    size_t nkinds = 32;
    int tile_mod = 32;
#else
    int32_t kinds[FZ_MAX_KINDS];
    size_t nkinds = fz_kind_table(o.modules, kinds);
    int tile_mod = carc_tile_type_count();
#endif
    const size_t first = i;
    REQUIRE_OK(carc_game_new(&c.g, &o));
    c.ids = fz_alloc(sizeof(int32_t) * CARC_NUM_DISTINCT_ACTIONS);
    c.mask = fz_alloc(CARC_NUM_DISTINCT_ACTIONS);
    c.figcap = 64;
    c.figs = fz_alloc(sizeof(carc_figure) * c.figcap);
#ifdef CARCVAR_FUZZ_INTERNAL
    REQUIRE_OK(carc_game_clone(&c.before, c.g));
#endif
    check_invariants(&c);

    while (i < size && !carc_game_is_terminal(c.g)) {
        uint8_t b = data[i++];
        if (b < 0xB0 || (b >= 0xB4 && b < 0xC0)) {
#ifndef FZ_PROBE
            if (carc_game_current_player(c.g) == CARC_PLAYER_CHANCE && c.nids == 0 && b >= 0x80 &&
                b < 0xB0) {
                /* a sampled-only decision: a host's structured outcome */
                host_outcome(&c, data, size, &i);
            } else
#endif
            if (carc_game_current_player(c.g) == CARC_PLAYER_CHANCE && (b < 0x30 || c.nids == 0)) {
                carc_action drawn;
                REQUIRE_OK(carc_game_sample_chance(c.g, &drawn));
                /* a tile, or a module's chance outcome (an animal token) */
                REQUIRE(drawn.kind == CARC_ACTION_DRAW || drawn.kind >= 16);
            } else {
                REQUIRE(c.nids > 0);
                int32_t id = c.ids[b % c.nids];
                carc_action a;
                REQUIRE_OK(carc_action_from_id(c.g, id, &a));
                int32_t back = -1;
                REQUIRE_OK(carc_action_to_id(c.g, &a, &back));
                REQUIRE(back == id);
                if (b >= 0xB4 && b < 0xB8) legal_text(&c, id);
                else if (b & 1) REQUIRE_OK(carc_game_apply_id(c.g, id));
                else REQUIRE_OK(carc_game_apply(c.g, &a));
            }
        } else if (b < 0xB2) {
            fz_require_record_roundtrip(c.g);
        } else if (b < 0xB4) {
            carc_game *r = fz_require_serial_roundtrip(c.g);
            carc_game_free(c.g);
            c.g = r;
        } else if (b < 0xE0) {
            uint8_t hi = i < size ? data[i++] : 0, lo = i < size ? data[i++] : 0;
            int32_t id;
            if (b < 0xD0) id = (int16_t)(uint16_t)((hi << 8) | lo);
            else id = (int32_t)(((unsigned)hi << 8 | lo) % (CARC_NUM_DISTINCT_ACTIONS + 64)) - 32;
            hostile(&c, 1, id, NULL);
        } else if (b < 0xF0) {
            uint8_t v[9] = {0};
            for (int k = 0; k < 9; k++) v[k] = i < size ? data[i++] : 0;
            carc_action a;
            fz_struct_action(v, kinds, nkinds, tile_mod, &a);
            hostile(&c, 0, 0, &a);
        } else if (b < 0xF6) {
            uint8_t w = i < size ? data[i++] : 0, n = i < size ? data[i++] : 0;
            char text[64];
            fz_word_text(w, n, text, sizeof text);
            hostile_text(&c, text);
        } else if (b < 0xFA) {
            uint8_t k = i < size ? data[i++] : 0, pos = i < size ? data[i++] : 0,
                    val = i < size ? data[i++] : 0;
            if (c.nids == 0) continue; /* a sampled-only decision lists nothing */
            carc_action a;
            REQUIRE_OK(carc_action_from_id(c.g, c.ids[k % c.nids], &a));
            char text[256];
            REQUIRE_OK(carc_action_to_string(c.g, &a, text, sizeof text, NULL));
            fz_mangle_text(text, sizeof text, pos, val);
            hostile_text(&c, text);
        } else {
            size_t len = i < size ? data[i++] % 40 : 0;
            char text[41];
            size_t k = 0;
            while (k < len && i < size) text[k++] = (char)data[i++];
            text[k] = 0;
            hostile_text(&c, text);
        }
        check_invariants(&c);
    }

    if (i > first) {
        fz_require_record_roundtrip(c.g);
        /* the public record replays to the same public state */
        size_t rl = 0;
        REQUIRE(carc_game_write_public_record(c.g, NULL, 0, &rl) == CARC_E_BUFFER);
        char *rec = fz_alloc(rl);
        REQUIRE_OK(carc_game_write_public_record(c.g, rec, rl, &rl));
        carc_game *r = NULL;
        carc_record_error err;
        memset(&err, 0, sizeof err);
        int rrc = carc_record_replay(&r, rec, strnlen(rec, rl), &err);
        REQUIRE_MSG(rrc == CARC_OK, "public record refused: line %d code %d: %.160s", err.line,
                    err.code, err.message);
        for (int p = 0; p < c.players; p++) {
            int32_t s0, s1;
            REQUIRE_OK(carc_game_score(c.g, p, &s0));
            REQUIRE_OK(carc_game_score(r, p, &s1));
            REQUIRE_MSG(s0 == s1, "public replay: player %d scores %d, not %d", p, s1, s0);
        }
        REQUIRE(carc_game_tile_count(r) == carc_game_tile_count(c.g));
        REQUIRE(carc_game_is_terminal(r) == carc_game_is_terminal(c.g));
        carc_game_free(r);
        free(rec);
    }

    fz_ended = carc_game_is_terminal(c.g) == 1;
    if (getenv("FZ_ACTIONS_VERBOSE"))
        fprintf(stderr, "    %d players, modules %#llx: %zu of %zu bytes used, %s\n", c.players,
                (unsigned long long)o.modules, i, size,
                carc_game_is_terminal(c.g) ? "game over" : "game not over");
#ifdef CARCVAR_FUZZ_INTERNAL
    carc_game_free(c.before);
#endif
    carc_game_free(c.g);
    free(c.ids);
    free(c.mask);
    free(c.figs);
    return 0;
}
