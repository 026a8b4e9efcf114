/* Another module's veto refusing a pig's landing (white box).
 *
 * Pig throwing lets a thrown pig land only where every other enabled
 * module's veto allows the move (carc__figure_may_move, asked in
 * seg_refusal_pig and any_seg of lib/modules/pig_throwing/pig_throwing.c).
 * No module of the library vetoes such a move, so the probe module probe2
 * does, with rule probe2_pigveto 2: no pig onto a segment of a placed tile
 * whose index is a multiple of 3 (tests/probe/probe2_module.c).  The games
 * have base, traders_builders, pig_throwing, probe and probe2 on, linked
 * with their own registry and tiles (tests/pigveto/).
 *
 *  - random games, 2 to 6 players, several seeds, random legal ids: each
 *    is played twice in step, veto on and veto off, the same choices (the
 *    veto-on game's) applied to both; their states are equal but for the
 *    rule, after every action;
 *    at every decision the veto-on listing is exactly the veto-off listing
 *    (the pig's own rules) without the vetoed landings: at the landing
 *    tile, every tile the pig's rules allow and the veto allows, no tile
 *    the veto refuses; at the deployment, the verb "throw" only while some
 *    landing is left; everything else the same;
 *    every vetoed landing tile (one the pig's own rules allow) is refused
 *    as a structured action and as an id, the game byte-identical
 *    (carc_game_serialize), and carc_game_explain gives the veto's
 *    reason, CARC_REASON_FORBIDDEN;
 *    at the segment decision of a vetoed tile (reached with the veto off,
 *    then the veto switched on in a clone: seg_refusal_pig's own question),
 *    no segment is listed, each field segment the pig's rules allowed is
 *    refused as an action and as an id with the game unchanged, and
 *    carc_game_explain gives the veto's reason, CARC_REASON_FORBIDDEN;
 *    at every decision of pig throwing, each id of its id space (every
 *    placed tile, every segment) applies exactly when it is listed (the
 *    module has no action_legal hook: the core's check of an id is its
 *    listing, the same question), and carc_game_throws names exactly the
 *    listed tiles;
 *    throws, vetoed landings and dropped verbs are counted: some of each;
 *  - one exact scenario (tests/pigveto/pig_veto.rec): "throw 1,3" onto a
 *    vetoed tile is refused with the veto on, the game unchanged, and so is
 *    its segment were the tile passed; the same throw lands with the veto
 *    off;
 *  - the explanation of the vetoed tile in that scenario: the veto's
 *    reason (scenario_tile_explained_forbidden). */
#include "core/state.h"

#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record_text.h"
#include "run_suite.h"
#include "serial_bytes.h"

#define PIG CARC_MODULE_PIG_THROWING
#define P1 12
#define P2 13
#define RULE_PIGVETO 58 /* probe2_pigveto's slot */
#define DEC_TILE CARC_MODULE_KIND(PIG, 0)
#define DEC_SEG CARC_MODULE_KIND(PIG, 1)
#define ACT_THROW_TILE CARC_MODULE_KIND(PIG, 1)
#define ACT_THROW_SEG CARC_MODULE_KIND(PIG, 2)
#define VERB_THROW CARC_VERB_ID(PIG, 0)
#define SEG_ID(s) (CARC_ID_KIND_SEG + CARC_FIGURE_PIG * CARC_MAX_SEGMENTS + (s))

/* probe2's veto: rule probe2_pigveto 2 refuses placed tile t */
static bool vetoed(int t) { return t % 3 == 0; }

static carc_game *new_game(int players, uint64_t seed, int veto, int directions)
{
    carc_options o;
    carc_options_init(&o);
    o.num_players = players;
    o.seed = seed;
    o.modules |= 1ull << CARC_MODULE_TRADERS_BUILDERS | 1ull << PIG | 1ull << P1 | 1ull << P2;
    ck_assert_int_eq(o.rules[RULE_PIGVETO], 1); /* off by default */
    ck_assert_int_eq(carc_options_set_rule(&o, "probe2_pigveto", veto), CARC_OK);
    ck_assert_int_eq(carc_options_set_rule(&o, "pig_throw_directions", directions), CARC_OK);
    carc_game *g = NULL;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    return g;
}

typedef struct ids {
    int32_t id[CARC_NUM_DISTINCT_ACTIONS];
    size_t n;
} ids;

/* g's legal ids, asserted */
static void legal_ids_of(const carc_game *g, ids *out)
{
    ck_assert_int_eq(carc_game_legal_ids(g, out->id, CARC_NUM_DISTINCT_ACTIONS, &out->n), CARC_OK);
}

static bool has(const ids *l, int32_t id)
{
    for (size_t i = 0; i < l->n; i++)
        if (l->id[i] == id) return true;
    return false;
}

typedef struct bytes {
    uint8_t *b;
    size_t n;
} bytes;

static bytes serial(const carc_game *g)
{
    bytes s = {NULL, 0};
    s.b = serial_bytes(g, &s.n);
    return s;
}

/* g serializes to s, byte for byte (and s is freed) */
static void same_bytes(const carc_game *g, bytes s, const char *what, int t)
{
    bytes now = serial(g);
    ck_assert_msg(now.n == s.n && memcmp(now.b, s.b, s.n) == 0,
                  "%s of vetoed tile %d changed the game", what, t);
    free(now.b);
    free(s.b);
}

typedef struct stats {
    int games, throws, tile_decisions, seg_decisions, vetoed_tiles, verbs_dropped, seg_checks,
        ids_checked, tile_explain_forbidden;
} stats;

/* The veto-on game `on` at its landing tile decision: tile t is listed by
 * the veto-off game `off` (the pig's own rules allow it) and vetoed. */
static void check_vetoed_tile(carc_game *on, const carc_game *off, int t, stats *st)
{
    int32_t id = CARC_ID_TILE + t;
    carc_action a, dec;
    memset(&a, 0, sizeof a);
    a.kind = ACT_THROW_TILE;
    a.arg = t;
    ck_assert_int_eq(carc_action_from_id(off, id, &dec), CARC_OK);
    ck_assert_int_eq(dec.kind, a.kind);
    ck_assert_int_eq(dec.arg, a.arg);
    /* refused as a structured action and as an id, nothing changed */
    bytes before;
    before = serial(on);
    int rc = carc_game_apply(on, &a);
    ck_assert_msg(rc < 0, "vetoed landing tile %d applied as an action: %d", t, rc);
    same_bytes(on, before, "the structured action", t);
    before = serial(on);
    rc = carc_game_apply_id(on, id);
    ck_assert_msg(rc < 0, "vetoed landing tile %d applied as id %d: %d", t, id, rc);
    same_bytes(on, before, "the id", t);
    /* explained as refused by the veto: pig throwing's own rules allow t
     * (the veto-off game lists it), so the veto's reason, not a farmer */
    carc_explanation e;
    ck_assert_int_eq(carc_game_explain(on, &a, &e), CARC_OK);
    ck_assert_int_eq(e.code, carc_game_apply(on, &a));
    ck_assert_msg(e.reason == CARC_REASON_FORBIDDEN, "vetoed landing tile %d explained %d: %s", t,
                  e.reason, e.message);
    ck_assert_uint_gt(strlen(e.message), 0);
    st->tile_explain_forbidden++;

    /* the segment decision of t: reached with the veto off, then the veto
     * on in the clone -- seg_refusal_pig's question, which play with the
     * veto on never reaches (the tile is not listed) */
    carc_game *c = NULL;
    ck_assert_int_eq(carc_game_clone(&c, off), CARC_OK);
    ck_assert_int_eq(carc_game_apply_id(c, id), CARC_OK);
    const carc_pending *p = carc__front(c);
    ck_assert_int_eq(p->owner, PIG);
    ck_assert_int_eq(p->kind, DEC_SEG);
    ck_assert_int_eq(p->target, t);
    ids segs, none;
    legal_ids_of(c, &segs);
    ck_assert_uint_gt(segs.n, 0);
    c->opts.rules[RULE_PIGVETO] = 2;
    legal_ids_of(c, &none);
    ck_assert_msg(none.n == 0, "segment decision of vetoed tile %d lists %zu segments", t, none.n);
    static carc_throw_info info[256];
    size_t nthrows = 99;
    ck_assert_int_eq(carc_game_throws(c, info, 256, &nthrows), CARC_OK);
    ck_assert_msg(nthrows == 0, "carc_game_throws names %zu landings on vetoed tile %d", nthrows,
                  t);
    for (size_t i = 0; i < segs.n; i++) {
        int seg = segs.id[i] - SEG_ID(0);
        ck_assert_int_ge(seg, 0);
        ck_assert_int_lt(seg, CARC_MAX_SEGMENTS);
        carc_action s;
        memset(&s, 0, sizeof s);
        s.kind = ACT_THROW_SEG;
        s.target = t;
        s.arg = seg;
        before = serial(c);
        rc = carc_game_apply(c, &s);
        ck_assert_msg(rc < 0, "vetoed landing %d segment %d applied as an action: %d", t, seg, rc);
        same_bytes(c, before, "the segment's structured action", t);
        before = serial(c);
        rc = carc_game_apply_id(c, segs.id[i]);
        ck_assert_msg(rc < 0, "vetoed landing %d segment %d applied as id: %d", t, seg, rc);
        same_bytes(c, before, "the segment's id", t);
        ck_assert_int_eq(carc_game_explain(c, &s, &e), CARC_OK);
        ck_assert_int_eq(e.code, CARC_E_ILLEGAL);
        ck_assert_msg(e.reason == CARC_REASON_FORBIDDEN,
                      "explain of vetoed landing %d segment %d: reason %d (%s)", t, seg, e.reason,
                      e.message);
        st->seg_checks++;
    }
    carc_game_free(c);
    st->vetoed_tiles++;
}

/* At a decision of pig throwing in g: each id of its id space applies
 * exactly when it is listed (on a clone), and carc_game_throws names
 * exactly the listed landing tiles (at the tile decision). */
static void check_ids_apply_as_listed(const carc_game *g, const ids *l, stats *st)
{
    const carc_pending *p = carc__front(g);
    int n = p->kind == DEC_TILE ? carc__tile_count(g)
            : p->kind == DEC_SEG ? carc__types[carc__tile_type(g, p->target)].nseg
                                 : 0;
    for (int k = 0; k < n; k++) {
        int32_t id = p->kind == DEC_TILE ? CARC_ID_TILE + k : SEG_ID(k);
        carc_game *c = NULL;
        ck_assert_int_eq(carc_game_clone(&c, g), CARC_OK);
        int rc = carc_game_apply_id(c, id);
        ck_assert_msg((rc == CARC_OK) == has(l, id),
                      "decision kind %d: id %d listed %d, applies %d", (int)p->kind, id,
                      has(l, id), rc);
        carc_game_free(c);
        st->ids_checked++;
    }
    if (p->kind != DEC_TILE) return;
    carc_throw_info info[256];
    size_t need = 0;
    ck_assert_int_eq(carc_game_throws(g, info, 256, &need), CARC_OK);
    ck_assert_uint_le(need, 256);
    for (size_t i = 0; i < need; i++) {
        int t = carc__tile_at(g, info[i].x, info[i].y);
        ck_assert_msg(has(l, CARC_ID_TILE + t), "carc_game_throws names unlisted tile %d", t);
    }
    for (size_t i = 0; i < l->n; i++) {
        int x, y;
        carc__tile_xy(g, l->id[i] - CARC_ID_TILE, &x, &y);
        bool named = false;
        for (size_t j = 0; j < need; j++) named |= info[j].x == x && info[j].y == y;
        ck_assert_msg(named, "carc_game_throws misses listed tile %d", l->id[i] - CARC_ID_TILE);
    }
}

/* The landing tiles the veto-off game would list after "throw": how many
 * the veto allows. */
static int allowed_landings(const carc_game *off)
{
    carc_game *c = NULL;
    ck_assert_int_eq(carc_game_clone(&c, off), CARC_OK);
    ck_assert_int_eq(carc_game_apply_id(c, VERB_THROW), CARC_OK);
    ids l;
    legal_ids_of(c, &l);
    ck_assert_uint_gt(l.n, 0);
    int n = 0;
    for (size_t i = 0; i < l.n; i++) n += !vetoed(l.id[i] - CARC_ID_TILE);
    carc_game_free(c);
    return n;
}

/* One game played twice in step, veto on and off (see the top). */
static void play_pair(int players, uint64_t seed, int directions, stats *st)
{
    carc_game *on = new_game(players, seed, 2, directions);
    carc_game *off = new_game(players, seed, 1, directions);
    static ids lon, loff, want;
    uint64_t rs = seed * 2654435761u + 7;
    int steps = 0;
    while (!carc_game_is_terminal(on)) {
        ck_assert(!carc_game_is_terminal(off));
        /* the same state but the rule */
        off->opts.rules[RULE_PIGVETO] = 2;
        ck_assert_msg(carc__state_equal(on, off), "seed %llu step %d: the games part",
                      (unsigned long long)seed, steps);
        off->opts.rules[RULE_PIGVETO] = 1;
        steps++;
        if (carc_game_current_player(on) == CARC_PLAYER_CHANCE) {
            ck_assert_int_eq(carc_game_sample_chance(on, NULL), CARC_OK);
            ck_assert_int_eq(carc_game_sample_chance(off, NULL), CARC_OK);
            continue;
        }
        legal_ids_of(on, &lon);
        legal_ids_of(off, &loff);
        const carc_pending *p = carc__front(on);
        bool tile_dec = p->owner == PIG && p->kind == DEC_TILE;
        bool deploy = p->kind == CARC_DECISION_DEPLOY && !(p->flags & CARC_PENDING_QUEUED_DEPLOY);
        want.n = 0;
        int refused[CARC_MAX_TILES], nrefused = 0;
        for (size_t i = 0; i < loff.n; i++) {
            int32_t id = loff.id[i];
            if (tile_dec && vetoed(id - CARC_ID_TILE)) {
                refused[nrefused++] = id - CARC_ID_TILE;
                continue;
            }
            if (deploy && id == VERB_THROW && allowed_landings(off) == 0) {
                /* every landing vetoed: "throw" refused, explained so */
                carc_action a;
                carc_explanation e;
                ck_assert_int_eq(carc_action_from_id(off, id, &a), CARC_OK);
                ck_assert_int_eq(carc_game_explain(on, &a, &e), CARC_OK);
                ck_assert_int_eq(e.code, CARC_E_ILLEGAL);
                ck_assert_int_ne(e.reason, CARC_REASON_LEGAL);
                st->verbs_dropped++;
                continue;
            }
            want.id[want.n++] = id;
        }
        ck_assert_msg(lon.n == want.n, "seed %llu step %d decision kind %d: %zu listed, %zu wanted",
                      (unsigned long long)seed, steps, (int)p->kind, lon.n, want.n);
        for (size_t i = 0; i < want.n; i++)
            ck_assert_msg(lon.id[i] == want.id[i],
                          "seed %llu step %d decision kind %d: id %d listed, %d wanted",
                          (unsigned long long)seed, steps, (int)p->kind, lon.id[i], want.id[i]);
        for (int i = 0; i < nrefused; i++) check_vetoed_tile(on, off, refused[i], st);
        if (p->owner == PIG) {
            check_ids_apply_as_listed(on, &lon, st);
            st->tile_decisions += p->kind == DEC_TILE;
            st->seg_decisions += p->kind == DEC_SEG;
        }
        ck_assert_uint_gt(lon.n, 0);
        rs = rs * 6364136223846793005ull + 1442695040888963407ull;
        int32_t id = lon.id[(rs >> 33) % lon.n];
        st->throws += p->owner == PIG && p->kind == DEC_SEG;
        ck_assert_int_eq(carc_game_apply_id(on, id), CARC_OK);
        ck_assert_int_eq(carc_game_apply_id(off, id), CARC_OK);
    }
    ck_assert(carc_game_is_terminal(off));
    carc_game_free(on);
    carc_game_free(off);
    st->games++;
}

START_TEST(veto_refuses_landings)
{
    stats st;
    memset(&st, 0, sizeof st);
    for (int players = 2; players <= 6; players++)
        for (uint64_t seed = 1; seed <= 30; seed++)
            play_pair(players, seed * 7919 + players, 1 + (seed % 3 == 0), &st);
    printf("pig veto: %d games, %d throws, %d landing tile and %d segment decisions, "
           "%d vetoed landing tiles (%d explained CARC_REASON_FORBIDDEN), %d verbs dropped, "
           "%d vetoed segments checked, %d ids applied against the listing\n",
           st.games, st.throws, st.tile_decisions, st.seg_decisions, st.vetoed_tiles,
           st.tile_explain_forbidden, st.verbs_dropped, st.seg_checks, st.ids_checked);
    ck_assert_int_gt(st.throws, 0);
    ck_assert_int_gt(st.vetoed_tiles, 0);
    ck_assert_int_gt(st.seg_checks, 0);
    ck_assert_int_gt(st.verbs_dropped, 0);
}
END_TEST

/* ------------------------------------------------------------ the record */

/* tests/pigveto/pig_veto.rec with its rule probe2_pigveto line set to veto,
 * replayed: the landing tile decision of a throw; tile 15 (1,3) vetoed */
static carc_game *scenario(int veto)
{
    FILE *f = fopen(PIGVETO_REC, "rb");
    ck_assert_ptr_nonnull(f);
    static char text[1 << 16];
    size_t len = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    ck_assert_uint_lt(len, sizeof text - 1);
    text[len] = 0;
    char *line = strstr(text, "\nrule probe2_pigveto 2\n");
    ck_assert_ptr_nonnull(line);
    line[strlen("\nrule probe2_pigveto ")] = (char)('0' + veto);
    carc_game *g = replay_text(text);
    const carc_pending *p = carc__front(g);
    ck_assert_int_eq(p->owner, PIG);
    ck_assert_int_eq(p->kind, DEC_TILE);
    int x, y;
    carc__tile_xy(g, 15, &x, &y);
    ck_assert_int_eq(x, 1);
    ck_assert_int_eq(y, 3);
    return g;
}

static carc_action parsed(const carc_game *g, const char *text)
{
    carc_action a;
    ck_assert_int_eq(carc_action_from_string(g, text, &a), CARC_OK);
    return a;
}

/* The first legal action of g in the notation. */
static void first_text(const carc_game *g, char *buf, size_t cap)
{
    carc_action a[64];
    size_t n = 0;
    ck_assert_int_eq(carc_game_legal_actions(g, a, 64, &n), CARC_OK);
    ck_assert_uint_gt(n, 0);
    size_t need;
    ck_assert_int_eq(carc_action_to_string(g, &a[0], buf, cap, &need), CARC_OK);
}

START_TEST(scenario_veto_on_refuses_off_lands)
{
    carc_game *on = scenario(2), *off = scenario(1);
    int player = carc__front(on)->player;
    ck_assert_int_eq(player, 0);
    /* veto on: tile 5 alone; veto off: 5 and 15 */
    ids l;
    legal_ids_of(on, &l);
    ck_assert_uint_eq(l.n, 1);
    ck_assert_int_eq(l.id[0], CARC_ID_TILE + 5);
    legal_ids_of(off, &l);
    ck_assert_uint_eq(l.n, 2);
    ck_assert_int_eq(l.id[0], CARC_ID_TILE + 5);
    ck_assert_int_eq(l.id[1], CARC_ID_TILE + 15);
    /* "throw 1,3" refused with the veto on, the game unchanged */
    carc_action a = parsed(on, "throw 1,3");
    ck_assert_int_eq(a.kind, ACT_THROW_TILE);
    ck_assert_int_eq(a.arg, 15);
    bytes before;
    before = serial(on);
    ck_assert_int_eq(carc_game_apply(on, &a), CARC_E_ILLEGAL);
    same_bytes(on, before, "throw 1,3", 15);
    carc_explanation e;
    ck_assert_int_eq(carc_game_explain_text(on, "throw 1,3", &e), CARC_OK);
    ck_assert_int_eq(e.code, CARC_E_ILLEGAL);
    ck_assert_int_ne(e.reason, CARC_REASON_LEGAL);
    /* ... and its segments too, were the tile decision passed (the veto
     * switched on after "throw 1,3" in the veto-off game: seg_refusal_pig) */
    carc_game *c = NULL;
    ck_assert_int_eq(carc_game_clone(&c, off), CARC_OK);
    ck_assert_int_eq(carc_game_apply(c, &a), CARC_OK);
    char seg[64];
    first_text(c, seg, sizeof seg);
    c->opts.rules[RULE_PIGVETO] = 2;
    carc_action s = parsed(c, seg);
    before = serial(c);
    ck_assert_int_eq(carc_game_apply(c, &s), CARC_E_ILLEGAL);
    same_bytes(c, before, seg, 15);
    ck_assert_int_eq(carc_game_explain_text(c, seg, &e), CARC_OK);
    ck_assert_int_eq(e.code, CARC_E_ILLEGAL);
    ck_assert_int_eq(e.reason, CARC_REASON_FORBIDDEN);
    carc_game_free(c);
    /* veto off: the same throw lands on 1,3 */
    ck_assert_int_eq(carc_game_apply(off, &a), CARC_OK);
    ck_assert_str_eq(seg, "throw 1,3 field Nw" /* the first field listed */) ;
    s = parsed(off, seg);
    ck_assert_int_eq(carc_game_apply(off, &s), CARC_OK);
    while (carc__front(off)->owner == PIG) { /* a knock-off choice, if any */
        char more[64];
        first_text(off, more, sizeof more);
        s = parsed(off, more);
        ck_assert_int_eq(carc_game_apply(off, &s), CARC_OK);
    }
    carc_throw_record r;
    memset(&r, 0, sizeof r);
    r.size = sizeof r;
    ck_assert_int_eq(carc_game_last_throw(off, &r), CARC_OK);
    ck_assert_int_eq(r.player, player);
    ck_assert_int_eq(r.x, 1);
    ck_assert_int_eq(r.y, 3);
    ck_assert_int_eq(r.outcome, CARC_THROW_LANDS);
    carc_fig pig;
    carc__figure_get(off, r.pig, &pig);
    ck_assert_int_eq(pig.kind, CARC_FIGURE_PIG);
    ck_assert_int_eq(pig.where, CARC_PLACE_SEGMENT);
    ck_assert_int_eq(pig.tile, 15);
    carc_game_free(on);
    carc_game_free(off);
}
END_TEST

/* The explanation of a vetoed landing TILE is the veto's,
 * CARC_REASON_FORBIDDEN, as its segment's is (seg_refusal_pig): the
 * veto-off game lands on 1,3 in a field holding the thrower's farmer.
 * (Until 0.19.1 it was pig throwing's WHY_NO_FARMER, "no field of 1,3 would
 * hold a farmer of yours after the landing": judge_along turns any_seg's
 * false into WHY_NO_FARMER whoever refused; explain_flight now asks the
 * module's own rules alone, any_seg_asked without the veto.) */
START_TEST(scenario_tile_explained_forbidden)
{
    carc_game *on = scenario(2);
    carc_explanation e;
    ck_assert_int_eq(carc_game_explain_text(on, "throw 1,3", &e), CARC_OK);
    ck_assert_int_eq(e.code, CARC_E_ILLEGAL);
    ck_assert_msg(e.reason == CARC_REASON_FORBIDDEN, "reason %d: %s", e.reason, e.message);
    carc_game_free(on);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("pig_veto");
    TCase *tc = tcase_create("veto");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, veto_refuses_landings);
    tcase_add_test(tc, scenario_veto_on_refuses_off_lands);
    tcase_add_test(tc, scenario_tile_explained_forbidden);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
