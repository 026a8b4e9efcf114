/* Audit of Inns & Cathedrals with Traders & Builders, both on (white box).
 *
 * Seeded random games with both modules, where every rule is re-checked
 * from the board by code written here from ../shared/rules/expansions.md
 * §1, §2 and ambiguities.md A6 (not from the modules):
 *
 *  - values: every "completed" score event of a road or city is 2 per tile
 *    for a road with an inn (else 1 per tile), 3 per tile + 3 per pennant
 *    for a city with a cathedral (else 2 + 2, a 2-tile city 2 per tile);
 *    no end-of-game event ever pays an open road with an inn or an open
 *    city with a cathedral; every end-of-game field event is 3 per
 *    completed city bordering the field, +1 per city for the event's player
 *    when that player's pig stands in the field; every scoring player holds
 *    the majority, the big meeple counting 2;
 *  - goods: whenever cities are completed, the goods symbols in them go to
 *    the player who laid the tile, and the tokens held always equal that;
 *  - builder: a part-0 tile extending its player's builder's road or city
 *    is followed by part 1 of the same turn by the same player (unless the
 *    bag is empty: the game ends), any other tile by the next turn, and
 *    there is never a part 2;
 *  - builders and pigs always stand in a feature holding a follower (small
 *    or big) of their owner;
 *  - at every deploy decision, passing scores exactly the roads and cities
 *    the tile closed and the monasteries it surrounded, to their majority
 *    holders (big meeple 2), and carc_game_final_scores() equals what it is
 *    after passing (a feature the tile closed counts as complete already);
 *  - A2: the big meeple is one figure among the followers in supply.
 *
 * Each check was seen failing with the rule it checks broken in the module
 * (see the audit report). */
#include "core/state.h"

#include <check.h>

#include "random_step.h"
#include "run_suite.h"
#include "tiles_gen.h"
#include <stdio.h>
#include <string.h>

#define MAXPLACED 1024
#define GAMES 100

/* Distinct tiles, pennants and tags of the feature with root `root`. */
typedef struct featinfo {
    int tiles, pennants;
    uint32_t tags;
} featinfo;

static void feature_info(const carc_game *g, int root, featinfo *fi)
{
    memset(fi, 0, sizeof *fi);
    int nt = carc__tile_count(g);
    ck_assert_int_lt(nt, MAXPLACED);
    for (int t = 0; t < nt; t++) {
        const tile_type *ty = &carc__types[carc__tile_type(g, t)];
        int in = 0;
        for (int s = 0; s < ty->nseg; s++) {
            if (carc__segment_root(g, t, s) != root) continue;
            in = 1;
            fi->pennants += ty->seg[s].pennants;
            fi->tags |= ty->seg[s].tags;
        }
        fi->tiles += in;
    }
}

/* Completed cities bordering field `root` (each once). */
static int field_cities(const carc_game *g, int root)
{
    int found[MAXPLACED], nfound = 0, n = 0;
    for (int t = 0; t < carc__tile_count(g); t++) {
        const tile_type *ty = &carc__types[carc__tile_type(g, t)];
        for (int s = 0; s < ty->nseg; s++) {
            if (carc__segment_root(g, t, s) != root) continue;
            for (int j = 0; j < ty->nseg; j++) {
                if (!(ty->seg[s].touches & (1u << j))) continue;
                int c = carc__segment_root(g, t, j), k;
                for (k = 0; k < nfound; k++)
                    if (found[k] == c) break;
                if (k < nfound) continue;
                found[nfound++] = c;
                if (carc__root_complete(g, c)) n++;
            }
        }
    }
    return n;
}

/* Majority strength of player p in feature root: small 1, big 2. */
static int strength(const carc_game *g, int root, int p)
{
    int n = 0;
    for (int i = 0; i < carc__figure_count(g); i++) {
        carc_fig f;
        carc__figure_get(g, i, &f);
        if (f.where != CARC_PLACE_SEGMENT || f.owner != p ||
            carc__segment_root(g, f.tile, f.segment) != root)
            continue;
        if (f.kind == CARC_FIGURE_FOLLOWER) n += 1;
        else if (f.kind == CARC_FIGURE_BIG) n += 2;
    }
    return n;
}

static int fig_root(const carc_game *g, int owner, int kind)
{
    for (int i = 0; i < carc__figure_count(g); i++) {
        carc_fig f;
        carc__figure_get(g, i, &f);
        if (f.owner == owner && f.kind == kind && f.where == CARC_PLACE_SEGMENT)
            return carc__segment_root(g, f.tile, f.segment);
    }
    return -1;
}

/* Goods symbols of kind k (0 wine, 1 grain, 2 cloth) in completed cities. */
static const uint32_t good_tag[3] = {CARC_STAG_WINE, CARC_STAG_GRAIN, CARC_STAG_CLOTH};
static void completed_goods(const carc_game *g, int out[3])
{
    out[0] = out[1] = out[2] = 0;
    for (int t = 0; t < carc__tile_count(g); t++) {
        const tile_type *ty = &carc__types[carc__tile_type(g, t)];
        for (int s = 0; s < ty->nseg; s++)
            for (int k = 0; k < 3; k++)
                if ((ty->seg[s].tags & good_tag[k]) && carc__root_complete(g, carc__segment_root(g, t, s)))
                    out[k]++;
    }
}

static void check_support(const carc_game *g)
{
    for (int i = 0; i < carc__figure_count(g); i++) {
        carc_fig f;
        carc__figure_get(g, i, &f);
        if ((f.kind != CARC_FIGURE_BUILDER && f.kind != CARC_FIGURE_PIG) ||
            f.where != CARC_PLACE_SEGMENT)
            continue;
        ck_assert_msg(strength(g, carc__segment_root(g, f.tile, f.segment), f.owner) > 0,
                      "figure %d (kind %d) stands without its owner's follower", i, f.kind);
    }
}

/* What the end-game scoring must pay each player for the open roads and
 * cities and the fields holding figures (monasteries left out), from the
 * board: every player with the most strength in a feature scores it. */
static void end_points(const carc_game *g, int want[CARC_MAX_PLAYERS])
{
    int roots[MAXPLACED], nroots = 0;
    for (int i = 0; i < carc__figure_count(g); i++) {
        carc_fig f;
        carc__figure_get(g, i, &f);
        if (f.where != CARC_PLACE_SEGMENT) continue;
        int root = carc__segment_root(g, f.tile, f.segment), k;
        for (k = 0; k < nroots; k++)
            if (roots[k] == root) break;
        if (k < nroots) continue;
        roots[nroots++] = root;
        int kind = carc__root_kind(g, root);
        if (kind == CARC_FEATURE_MONASTERY) continue;
        ck_assert(!carc__root_complete(g, root)); /* completed ones went home */
        featinfo fi;
        feature_info(g, root, &fi);
        int best = 0;
        for (int p = 0; p < carc__players(g); p++)
            if (strength(g, root, p) > best) best = strength(g, root, p);
        if (best == 0) continue; /* a builder or pig alone: never */
        for (int p = 0; p < carc__players(g); p++) {
            if (strength(g, root, p) != best) continue;
            if (kind == CARC_FEATURE_ROAD)
                want[p] += (fi.tags & CARC_STAG_INN) ? 0 : fi.tiles;
            else if (kind == CARC_FEATURE_CITY)
                want[p] += (fi.tags & CARC_STAG_CATHEDRAL) ? 0 : fi.tiles + fi.pennants;
            else if (kind == CARC_FEATURE_FIELD) {
                int n = field_cities(g, root);
                want[p] += 3 * n + (fig_root(g, p, CARC_FIGURE_PIG) == root ? n : 0);
            }
        }
    }
}

/* The score log against the board at the end. */
static void check_log(const carc_game *g, int *completed_events, int *field_events)
{
    static carc_score_event ev[2048];
    size_t nev = 0;
    ck_assert_int_eq(carc_game_score_log(g, ev, 2048, &nev), CARC_OK);
    ck_assert_uint_le(nev, 2048);
    for (size_t i = 0; i < nev; i++) {
        const carc_score_event *e = &ev[i];
        if (e->reason != CARC_SCORE_COMPLETED && e->reason != CARC_SCORE_END_GAME) continue;
        if (e->feature == CARC_FEATURE_MONASTERY) continue;
        int t = carc__tile_at(g, e->x, e->y);
        ck_assert_int_ge(t, 0);
        int root = carc__segment_root(g, t, e->segment);
        featinfo fi;
        feature_info(g, root, &fi);
        int want = -1;
        if (e->reason == CARC_SCORE_COMPLETED) {
            ck_assert(carc__root_complete(g, root));
            if (e->feature == CARC_FEATURE_ROAD)
                want = (fi.tags & CARC_STAG_INN) ? 2 * fi.tiles : fi.tiles;
            else if (e->feature == CARC_FEATURE_CITY)
                want = (fi.tags & CARC_STAG_CATHEDRAL) ? 3 * fi.tiles + 3 * fi.pennants
                                                       : 2 * fi.tiles + 2 * fi.pennants;
            (*completed_events)++;
            /* the figures have gone home: majority not checkable here */
        } else {
            if (e->feature == CARC_FEATURE_ROAD) {
                ck_assert_msg(!(fi.tags & CARC_STAG_INN), "open inn road paid %d", e->points);
                want = fi.tiles;
            } else if (e->feature == CARC_FEATURE_CITY) {
                ck_assert_msg(!(fi.tags & CARC_STAG_CATHEDRAL), "open cathedral city paid %d",
                              e->points);
                want = fi.tiles + fi.pennants;
            } else if (e->feature == CARC_FEATURE_FIELD) {
                int n = field_cities(g, root);
                want = 3 * n + (fig_root(g, e->player, CARC_FIGURE_PIG) == root ? n : 0);
                (*field_events)++;
            }
            /* the figures are still on the board at the end: majority */
            int best = 0;
            for (int p = 0; p < carc__players(g); p++) {
                int s = strength(g, root, p);
                if (s > best) best = s;
            }
            ck_assert_int_gt(best, 0);
            ck_assert_int_eq(strength(g, root, e->player), best);
        }
        ck_assert_msg(want < 0 || e->points == want,
                      "event %zu: player %d, feature %d at %d,%d: %d points, want %d", i,
                      e->player, e->feature, e->x, e->y, e->points, want);
    }
    /* nobody left out: the end-game events add up to what the board owes */
    int want[CARC_MAX_PLAYERS] = {0}, got[CARC_MAX_PLAYERS] = {0};
    end_points(g, want);
    for (size_t i = 0; i < nev; i++)
        if (ev[i].reason == CARC_SCORE_END_GAME && ev[i].feature != CARC_FEATURE_MONASTERY)
            got[ev[i].player] += ev[i].points;
    for (int p = 0; p < carc__players(g); p++)
        ck_assert_msg(got[p] == want[p], "player %d: end-game %d, want %d", p, got[p], want[p]);
}

/* What passing at this deploy decision must score, from the board: every
 * road and city the tile just laid closed, and every monastery it
 * surrounded, paid to the players with the most strength (big meeple 2). */
static void due_on_pass(const carc_game *g, int due[CARC_MAX_PLAYERS])
{
    int t = carc__tile_last(g), x, y, roots[64], nroots = 0;
    carc__tile_xy(g, t, &x, &y);
    for (int d = 0; d < 9; d++) {
        int u = carc__tile_at(g, x + d % 3 - 1, y + d / 3 - 1);
        if (u < 0) continue;
        const tile_type *ty = &carc__types[carc__tile_type(g, u)];
        for (int s = 0; s < ty->nseg; s++) {
            int k = ty->seg[s].kind, root = carc__segment_root(g, u, s), value, i;
            if (carc__root_complete(g, root)) continue;
            featinfo fi;
            feature_info(g, root, &fi);
            if (u == t && k == CARC_FEATURE_ROAD && carc__seg_closed(&CSEGS(g)[root]))
                value = (fi.tags & CARC_STAG_INN) ? 2 * fi.tiles : fi.tiles;
            else if (u == t && k == CARC_FEATURE_CITY && carc__seg_closed(&CSEGS(g)[root]))
                value = (fi.tags & CARC_STAG_CATHEDRAL) ? 3 * fi.tiles + 3 * fi.pennants
                                                        : 2 * fi.tiles + 2 * fi.pennants;
            else if (k == CARC_FEATURE_MONASTERY && carc__tile_neighbours(g, u) == 8)
                value = 9;
            else
                continue;
            for (i = 0; i < nroots; i++)
                if (roots[i] == root) break;
            if (i < nroots) continue;
            roots[nroots++] = root;
            int best = 0;
            for (int p = 0; p < carc__players(g); p++)
                if (strength(g, root, p) > best) best = strength(g, root, p);
            for (int p = 0; p < carc__players(g) && best > 0; p++)
                if (strength(g, root, p) == best) due[p] += value;
        }
    }
}

START_TEST(random_games_both_modules)
{
    int extra_parts = 0, bigs = 0, builders = 0, pigs = 0, goods_taken = 0;
    int completed_events = 0, field_events = 0, projections = 0, scored_on_pass = 0;
    for (int seed = 1; seed <= GAMES; seed++) {
        carc_options o;
        carc_options_init(&o);
        o.num_players = 2 + seed % 5;
        o.seed = (uint64_t)seed * 7919u;
        o.modules = (1u << CARC_MODULE_INNS_CATHEDRALS) | (1u << CARC_MODULE_TRADERS_BUILDERS);
        carc_game *g;
        ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
        int np = o.num_players;
        /* A2: the big meeple is one follower figure in supply */
        for (int q = 0; q < np; q++) {
            ck_assert_int_eq(carc_game_supply(g, q, CARC_FIGURE_BIG), 1);
            ck_assert_int_eq(carc__figure_supply_class(g, q, CARC_CLASS_FOLLOWER), 8);
        }
        int tokens[CARC_MAX_PLAYERS][3];
        memset(tokens, 0, sizeof tokens);
        int done_goods[3] = {0, 0, 0};
        int placer = -1;
        /* the last part-0 or part-1 placement: turn, player, extra part due */
        int last_turn = -1, last_player = -1, last_part = 0, due = 0;
        uint32_t rng = (uint32_t)seed * 2654435761u;
        while (!carc_game_is_terminal(g)) {
            if (sample_if_chance(g)) continue;
            const carc_pending *front = carc__front(g);
            ck_assert_ptr_nonnull(front);
            int placing = front->kind == CARC_DECISION_PLACE;
            int p = carc__current(g), part = carc__turn_part(g), turn = carc_game_turn(g);
            if (placing) {
                ck_assert_int_le(part, 1);
                if (last_turn >= 0) {
                    if (due) {
                        ck_assert_msg(turn == last_turn && p == last_player && part == 1,
                                      "seed %d turn %d: extra part missing", seed, last_turn);
                    } else {
                        ck_assert_msg(part == 0 && turn == last_turn + 1,
                                      "seed %d turn %d part %d: unearned part %d of turn %d",
                                      seed, last_turn, last_part, part, turn);
                    }
                }
            }
            /* at a deploy decision, the projection equals the one after
             * passing: a feature the tile closed is already complete */
            if (front->kind == CARC_DECISION_DEPLOY) {
                int32_t before[CARC_MAX_PLAYERS], after[CARC_MAX_PLAYERS];
                ck_assert_int_eq(carc_game_final_scores(g, before, CARC_MAX_PLAYERS), CARC_OK);
                carc_game *c;
                ck_assert_int_eq(carc_game_clone(&c, g), CARC_OK);
                carc_action pass;
                memset(&pass, 0, sizeof pass);
                pass.kind = CARC_ACTION_PASS;
                ck_assert_int_eq(carc_game_apply(c, &pass), CARC_OK);
                ck_assert_int_eq(carc_game_final_scores(c, after, CARC_MAX_PLAYERS), CARC_OK);
                /* and passing scores exactly what the board says is due
                 * (unless it was the last tile: the end-game scoring follows) */
                int due[CARC_MAX_PLAYERS] = {0};
                due_on_pass(g, due);
                for (int q = 0; q < np && !carc_game_is_terminal(c); q++) {
                    int32_t s0, s1;
                    ck_assert_int_eq(carc_game_score(g, q, &s0), CARC_OK);
                    ck_assert_int_eq(carc_game_score(c, q, &s1), CARC_OK);
                    ck_assert_msg(s1 - s0 == due[q],
                                  "seed %d turn %d: player %d scored %d on passing, want %d",
                                  seed, turn, q, s1 - s0, due[q]);
                    scored_on_pass += due[q];
                }
                for (int q = 0; q < np; q++)
                    ck_assert_msg(before[q] == after[q],
                                  "seed %d turn %d: player %d projected %d, %d after passing",
                                  seed, turn, q, before[q], after[q]);
                projections++;
                carc_game_free(c);
            }
            int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
            size_t n = 0;
            ck_assert_int_eq(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &n), CARC_OK);
            ck_assert_uint_gt(n, 0);
            rng = rng * 1103515245u + 12345u;
            int32_t pick = ids[(rng >> 8) % n];
            /* prefer the expansion figures half of the time */
            if ((rng >> 20) & 1)
                for (size_t i = 0; i < n; i++) {
                    int32_t k = (ids[i] - CARC_ID_KIND_SEG) / CARC_MAX_SEGMENTS;
                    if (ids[i] >= CARC_ID_KIND_SEG && ids[i] < CARC_ID_TILE &&
                        (k == CARC_FIGURE_BUILDER || k == CARC_FIGURE_PIG || k == CARC_FIGURE_BIG)) {
                        pick = ids[i];
                        if (k == CARC_FIGURE_BUILDER) builders++;
                        else if (k == CARC_FIGURE_PIG) pigs++;
                        else bigs++;
                        break;
                    }
                }
            ck_assert_int_eq(carc_game_apply_id(g, pick), CARC_OK);
            if (placing) {
                /* the tile is down, nothing deployed or scored yet */
                placer = p;
                int t = carc__tile_last(g);
                ck_assert_int_ge(t, 0);
                int broot = fig_root(g, p, CARC_FIGURE_BUILDER), extends = 0;
                const tile_type *ty = &carc__types[carc__tile_type(g, t)];
                for (int s = 0; s < ty->nseg && broot >= 0; s++) {
                    int k = ty->seg[s].kind;
                    if ((k == CARC_FEATURE_ROAD || k == CARC_FEATURE_CITY) &&
                        carc__segment_root(g, t, s) == broot)
                        extends = 1;
                }
                last_turn = turn;
                last_player = p;
                last_part = part;
                due = part == 0 && extends;
                if (due) extra_parts++;
            }
            /* goods of newly completed cities go to the placer */
            int now[3];
            completed_goods(g, now);
            for (int k = 0; k < 3; k++) {
                ck_assert_int_ge(now[k], done_goods[k]);
                if (now[k] > done_goods[k]) {
                    ck_assert_int_ge(placer, 0);
                    tokens[placer][k] += now[k] - done_goods[k];
                    goods_taken += now[k] - done_goods[k];
                    done_goods[k] = now[k];
                }
            }
            for (int q = 0; q < np; q++)
                for (int k = 0; k < 3; k++)
                    ck_assert_msg(carc_game_tokens(g, q, k) == tokens[q][k],
                                  "seed %d: player %d holds %d of good %d, want %d", seed, q,
                                  carc_game_tokens(g, q, k), k, tokens[q][k]);
            check_support(g);
        }
        /* a due extra part at the very end: only when the bag is empty */
        if (due) ck_assert_int_eq(carc__pile_left(g), 0);
        check_log(g, &completed_events, &field_events);
        carc_game_free(g);
    }
    /* the games did exercise what is checked */
    ck_assert_int_gt(extra_parts, 20);
    ck_assert_int_gt(builders, 20);
    ck_assert_int_gt(pigs, 20);
    ck_assert_int_gt(bigs, 20);
    fprintf(stderr, "extra %d builders %d pigs %d bigs %d goods %d completed %d fields %d\n", extra_parts, builders, pigs, bigs, goods_taken, completed_events, field_events);
    ck_assert_int_gt(goods_taken, 100);
    ck_assert_int_gt(completed_events, 500);
    ck_assert_int_gt(field_events, 50);
    ck_assert_int_gt(projections, 1000);
    ck_assert_int_gt(scored_on_pass, 1000);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("audit_ic_tb");
    TCase *tc = tcase_create("random");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, random_games_both_modules);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
