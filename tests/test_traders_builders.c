/* Traders & Builders: its 24 tiles in all four rotations against an
 * independent table, carc_game_tokens(), and the orphan rule (a builder or
 * pig goes home when its owner's last follower leaves its feature, for any
 * cause: the hook is tested by moving the follower with carc__figure_move,
 * as a wagon or a dragon will, since nothing in base + T&B moves a follower
 * off an open feature).
 *
 * The tile table was typed from JCloisterZone's traders_and_builders.xml in
 * its own notation (city/road edges, fields as JCZ half-edges NL NR EL ER SL
 * SR WL WR, "I" for a field with no edge, the cities a field borders by one
 * of their edges) and checked against expansions.md §2 (edges N E S W,
 * goods): not from lib/modules/traders_builders/tiles.def. */
#include "core/state.h"

#include <check.h>

#include "run_suite.h"
#include "tiles_gen.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ the table */

typedef struct tb_row {
    const char *name, *jcz;
    const char *edges;   /* N E S W, unrotated (expansions.md §2)             */
    char good;           /* w, g, c or 0                                      */
    const char *segs;    /* "city N W; road S; field SL ER: N; monastery"   */
} tb_row;

static const tb_row table[] = {
    {"TB_Cc_g", "TB/Cc.g", "CFFC", 'g', "city N W; field SL SR EL ER: N"},
    {"TB_Cc_w", "TB/Cc.w", "CFFC", 'w', "city N W; field SL SR EL ER: N"},
    {"TB_CCc_c", "TB/CCc.c", "FCCC", 'c', "city W E; city S; field NL NR: W; field I: W S"},
    {"TB_CCc_w", "TB/CCc.w", "FCCC", 'w', "city W E; city S; field NL NR: W; field I: W S"},
    {"TB_Ccc_g", "TB/Ccc.g", "CCFC", 'g', "city N W E; field SL SR: N"},
    {"TB_CcCC_c", "TB/CcCC.c", "CCCC", 'c', "city N W; city S; city E; field I: N E S"},
    {"TB_CcRR2_c", "TB/CcRR!.c", "CRRC", 'c',
     "road S; road E; city N W; field SR: N; field SL: N; field ER: N; field EL: N"},
    {"TB_CcRR_w", "TB/CcRR.w", "CRRC", 'w',
     "city N W; road S; road E; field SR: N; field SL ER: N; field EL: N"},
    {"TB_CcRC_c", "TB/CcRC.c", "CRCC", 'c', "city N W; city S; road E; field EL: N; field ER: N S"},
    {"TB_CcRC_g", "TB/CcRC.g", "CRCC", 'g', "city N W; city S; road E; field EL: N; field ER: N S"},
    {"TB_CcR_c", "TB/CcR.c", "CRFC", 'c', "city N W; road E; field EL: N; field ER SL SR: N"},
    {"TB_CcR2_w", "TB/CcR!.w", "CRFC", 'w',
     "road E; city N W; field EL: N; field ER: N; field SL SR: N"},
    {"TB_CccR_w", "TB/CccR.w", "CCRC", 'w', "city N W E; road S; field SR: N; field SL: N"},
    {"TB_CcCc_w", "TB/CcCc.w", "CCCC", 'w', "city N W; city E S; field I: N S"},
    {"TB_CFc_w", "TB/CFc.w", "FCFC", 'w', "city W E; field NL NR: W; field SL SR: W"},
    {"TB_CR", "TB/CR", "CRFF", 0, "city N; road E; field EL: N; field WL WR SL SR ER: N"},
    {"TB_CRc_g", "TB/CRc.g", "FCRC", 'g', "city W E; road S; field NL NR: W; field SR: W; field SL: W"},
    {"TB_CRc_w", "TB/CRc.w", "FCRC", 'w', "city W E; road S; field NL NR: W; field SR: W; field SL: W"},
    {"TB_CRcR_w", "TB/CRcR.w", "RCRC", 'w',
     "city E W; road N; road S; field NL: W; field NR: W; field SL: W; field SR: W"},
    {"TB_LRRR", "TB/LRRR", "FRRR", 0,
     "monastery; road E; road S; road W; field WR NL NR EL; field ER SL; field WL SR"},
    {"TB_RCc_g", "TB/RCc.g", "CFRC", 'g', "city N W; road S; field SR: N; field SL EL ER: N"},
    {"TB_RCc2_g", "TB/RCc!.g", "CFRC", 'g',
     "road S; city N W; field SR: N; field SL: N; field EL ER: N"},
    {"TB_RRC", "TB/RRC", "CFRR", 0, "city N; road W; road S; field WR: N; field WL SR; field EL ER SL: N"},
    {"TB_RRrr", "TB/RRrr", "RRRR", 0, "road N S; road W E; field WR NL; field NR EL; field ER SL; field SR WL"},
};
#define NROWS ((int)(sizeof table / sizeof table[0]))

/* the rows' parser: xseg, parse_row, rot4, rot8, type_of */
#include "tile_spec.h"

START_TEST(inventory)
{
    int n = 0, goods[3] = {0, 0, 0}, plain = 0;
    for (int t = 0; t < carc_tile_type_count(); t++) {
        carc_tile_info ti;
        ck_assert_int_eq(carc_tile_info_get(t, 0, &ti), CARC_OK);
        if (ti.module != CARC_MODULE_TRADERS_BUILDERS) continue;
        n += ti.count;
        ck_assert_int_eq(strncmp(carc_tile_name(t), "TB_", 3), 0);
    }
    ck_assert_int_eq(n, 24);
    ck_assert_int_eq(NROWS, 24);
    for (int i = 0; i < NROWS; i++) {
        const tile_type *ty = &carc__types[type_of(table[i].name)];
        ck_assert_int_eq(ty->count, 1);
        int k = table[i].good == 'w' ? 0 : table[i].good == 'g' ? 1 : table[i].good == 'c' ? 2 : -1;
        if (k < 0) plain++;
        else goods[k]++;
    }
    /* expansions.md §2: 9 wine, 6 grain, 5 cloth, 4 without goods */
    ck_assert_int_eq(goods[0], 9);
    ck_assert_int_eq(goods[1], 6);
    ck_assert_int_eq(goods[2], 5);
    ck_assert_int_eq(plain, 4);
}
END_TEST

START_TEST(tiles_all_rotations)
{
    const tb_row *row = &table[_i];
    int t = type_of(row->name);
    xseg want[16];
    int nwant = parse_row(row->segs, want);
    const tile_type *ty = &carc__types[t];
    ck_assert_msg(ty->nseg == nwant, "%s (%s): %d segments, expected %d", row->name, row->jcz,
                  ty->nseg, nwant);
    /* goods: one symbol on the one city that carries it (the first city
     * named), none elsewhere */
    uint32_t gtag = row->good == 'w' ? CARC_STAG_WINE
                    : row->good == 'g' ? CARC_STAG_GRAIN
                    : row->good == 'c' ? CARC_STAG_CLOTH : 0;
    int goods_segs = 0;
    for (int s = 0; s < ty->nseg; s++) {
        uint32_t tags = ty->seg[s].tags & (CARC_STAG_WINE | CARC_STAG_GRAIN | CARC_STAG_CLOTH);
        if (!tags) continue;
        goods_segs++;
        ck_assert_msg(tags == gtag, "%s: segment %d has goods %#x, expected %#x", row->name, s,
                      tags, gtag);
        ck_assert_int_eq(ty->seg[s].kind, CARC_FEATURE_CITY);
        ck_assert_int_eq(ty->seg[s].pennants, 0);
    }
    ck_assert_int_eq(goods_segs, gtag ? 1 : 0);
    int first_city = -1;
    for (int i = 0; i < nwant && first_city < 0; i++)
        if (want[i].kind == CARC_FEATURE_CITY) first_city = i;

    for (int r = 0; r < 4; r++) {
        spec_check_rotation(t, r, row->name, row->edges, nwant);
        /* each expected segment is exactly one segment of the tile */
        uint32_t used = 0;
        for (int i = 0; i < nwant; i++) {
            int found = spec_find_segment(t, r, want, nwant, i, used, -1);
            ck_assert_msg(found >= 0, "%s (%s) r%d: no segment %d of '%s'", row->name, row->jcz,
                          r, i, row->segs);
            used |= 1u << found;
            if (i == first_city && gtag)
                ck_assert_msg(ty->seg[found].tags & gtag, "%s: goods not on the first city",
                              row->name);
        }
    }
}
END_TEST

/* The bridge crossing: two separate roads, four separate fields, on the
 * board as in the rules (expansions.md §2). */
START_TEST(bridge_roads_separate)
{
    carc_options o;
    carc_options_init(&o);
    o.modules = 1u << CARC_MODULE_TRADERS_BUILDERS;
    static const char rec[] =
        "carcvar-record 2\nmodules base,traders_builders\n"
        "draw TB_RRrr\nplace 1,0 r0\ndeploy follower road W\n"   /* p0 on the W-E road */
        "draw U\nplace 1,-1 r0\ndeploy follower road S\n";        /* p1 on the N-S road */
    carc_game *g;
    carc_record_error err;
    ck_assert_msg(carc_record_replay(&g, rec, sizeof rec - 1, &err) == CARC_OK, "%d: %s",
                  err.line, err.message);
    carc_feature_info we, ns;
    ck_assert_int_eq(carc_game_feature(g, 1, 0, 1, &we), CARC_OK);
    ck_assert_int_eq(carc_game_feature(g, 1, 0, 0, &ns), CARC_OK);
    ck_assert_uint_eq(we.owners, 1u);  /* D-bridge road: player 0 alone */
    ck_assert_uint_eq(ns.owners, 2u);  /* U-bridge road: player 1 alone */
    ck_assert_int_eq(we.tiles, 2);
    ck_assert_int_eq(ns.tiles, 2);
    for (int a = 2; a < 6; a++)
        for (int b = 2; b < a; b++)
            ck_assert_int_ne(carc__segment_root(g, 1, a), carc__segment_root(g, 1, b));
    carc_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- tokens */

static carc_game *new_game(uint64_t modules, int players)
{
    carc_options o;
    carc_options_init(&o);
    o.num_players = players;
    o.modules = modules;
    carc_game *g = NULL;
    ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
    return g;
}

START_TEST(tokens_api)
{
    carc_game *base = new_game(0, 2);
    carc_game *tb = new_game(1u << CARC_MODULE_TRADERS_BUILDERS, 3);
    ck_assert_int_eq(carc_game_tokens(NULL, 0, CARC_TOKEN_WINE), CARC_E_INVALID);
    for (int k = 0; k < CARC_TOKEN_KINDS; k++) {
        ck_assert_int_eq(carc_game_tokens(base, 0, k), 0);  /* nobody owns it: 0 */
        ck_assert_int_eq(carc_game_tokens(tb, 2, k), 0);
    }
    ck_assert_int_eq(carc_game_tokens(base, 2, CARC_TOKEN_WINE), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_tokens(tb, 3, CARC_TOKEN_WINE), CARC_E_INVALID);
    /* player -1: goods always belong to a player, none to nobody */
    ck_assert_int_eq(carc_game_tokens(tb, -1, CARC_TOKEN_WINE), 0);
    ck_assert_int_eq(carc_game_tokens(tb, -2, CARC_TOKEN_WINE), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_tokens(tb, 0, -1), CARC_E_INVALID);
    ck_assert_int_eq(carc_game_tokens(tb, 0, CARC_TOKEN_KINDS), CARC_E_INVALID);
    carc_game_free(base);
    carc_game_free(tb);
}
END_TEST

START_TEST(tokens_counted)
{
    /* p0 closes D's city with TB_Cc_g (grain), p1 closes a wine city */
    static const char rec[] =
        "carcvar-record 2\nmodules base,traders_builders\n"
        "draw TB_Cc_g\nplace 0,-1 r2\npass\n" /* city S (D's) and E: open east */
        "draw E\nplace 1,-1 r3\npass\n";      /* closes it: p1 takes the grain */
    carc_game *g;
    carc_record_error err;
    ck_assert_msg(carc_record_replay(&g, rec, sizeof rec - 1, &err) == CARC_OK, "%d: %s",
                  err.line, err.message);
    ck_assert_int_eq(carc_game_tokens(g, 1, CARC_TOKEN_GRAIN), 1);
    ck_assert_int_eq(carc_game_tokens(g, 0, CARC_TOKEN_GRAIN), 0);
    ck_assert_int_eq(carc_game_tokens(g, 1, CARC_TOKEN_WINE), 0);
    ck_assert_int_eq(carc_game_tokens(g, 1, CARC_TOKEN_ABBEY), 0);
    int32_t fin[2];
    ck_assert_int_eq(carc_game_final_scores(g, fin, 2), CARC_OK);
    ck_assert_int_eq(fin[0], 0);
    ck_assert_int_eq(fin[1], 10);
    carc_game_free(g);
}
END_TEST

/* ------------------------------------------------------- the orphan rule */

static int find_fig(const carc_game *g, int owner, int kind, int where)
{
    for (int i = 0; i < carc__figure_count(g); i++) {
        carc_fig f;
        carc__figure_get(g, i, &f);
        if (f.owner == owner && f.kind == kind && f.where == where) return i;
    }
    return -1;
}

/* p0: a follower on the road D-U, a farmer south of it (U at -1,0), a
 * builder on the road (U at 2,0), a pig in the farmer's field (E at 0,1). */
static const char orphan_rec[] =
    "carcvar-record 2\nmodules base,traders_builders\n"
    "draw U\nplace 1,0 r1\ndeploy follower road W\n"
    "draw E\nplace 0,-1 r2\npass\n"
    "draw U\nplace -1,0 r1\ndeploy follower field Se\n"
    "draw B\nplace 1,-1 r0\npass\n"
    "draw U\nplace 2,0 r1\ndeploy builder road W\n"
    "draw B\nplace 2,-1 r0\npass\n"
    "draw E\nplace 0,1 r2\ndeploy pig segment 1\n";

START_TEST(orphaned_builder_and_pig)
{
    carc_game *g;
    carc_record_error err;
    ck_assert_msg(carc_record_replay(&g, orphan_rec, sizeof orphan_rec - 1, &err) == CARC_OK,
                  "%d: %s", err.line, err.message);
    int builder = find_fig(g, 0, CARC_FIGURE_BUILDER, CARC_PLACE_SEGMENT);
    int pig = find_fig(g, 0, CARC_FIGURE_PIG, CARC_PLACE_SEGMENT);
    ck_assert_int_ge(builder, 0);
    ck_assert_int_ge(pig, 0);
    /* the road follower and the farmer */
    int road = -1, farmer = -1;
    for (int i = 0; i < carc__figure_count(g); i++) {
        carc_fig f;
        carc__figure_get(g, i, &f);
        if (f.owner != 0 || f.kind != CARC_FIGURE_FOLLOWER || f.where != CARC_PLACE_SEGMENT)
            continue;
        if (carc__root_kind(g, carc__segment_root(g, f.tile, f.segment)) == CARC_FEATURE_ROAD) road = i;
        else farmer = i;
    }
    ck_assert_int_ge(road, 0);
    ck_assert_int_ge(farmer, 0);

    /* the farmer leaves (a module's cause: a wagon, a dragon): the pig goes
     * home, the builder stays */
    ck_assert_int_eq(carc__figure_move(g, farmer, CARC_PLACE_SUPPLY, -1, 0, 0, 0,
                                       CARC_MODULE_KIND(30, 0)), CARC_OK);
    carc_fig f;
    carc__figure_get(g, pig, &f);
    ck_assert_int_eq(f.where, CARC_PLACE_SUPPLY);
    carc__figure_get(g, builder, &f);
    ck_assert_int_eq(f.where, CARC_PLACE_SEGMENT);
    ck_assert_int_eq(carc_game_supply(g, 0, CARC_FIGURE_PIG), 1);

    /* the road follower moves to another segment (off the road): the
     * builder goes home */
    carc_fig rf;
    carc__figure_get(g, road, &rf);
    int field_seg = 2; /* U's second field */
    ck_assert_int_eq(carc__figure_move(g, road, CARC_PLACE_SEGMENT, rf.tile, field_seg, 0, 0,
                                       CARC_MODULE_KIND(30, 0)), CARC_OK);
    carc__figure_get(g, builder, &f);
    ck_assert_int_eq(f.where, CARC_PLACE_SUPPLY);
    ck_assert_int_eq(carc_game_supply(g, 0, CARC_FIGURE_BUILDER), 1);
    ck_assert_int_eq(carc_game_supply(g, 0, CARC_FIGURE_FOLLOWER), 6);
    carc_game_free(g);
}
END_TEST

/* Another player's follower leaving, or one of two own followers leaving,
 * leaves the builder where it is. */
START_TEST(builder_kept_while_supported)
{
    static const char rec[] =
        "carcvar-record 2\nmodules base,traders_builders\n"
        "draw U\nplace 1,0 r1\ndeploy follower road W\n"     /* p0's road follower */
        "draw U\nplace -1,0 r1\ndeploy follower field Se\n"  /* p1's farmer */
        "draw U\nplace 2,0 r1\ndeploy builder road W\n";     /* p0's builder */
    carc_game *g;
    carc_record_error err;
    ck_assert_msg(carc_record_replay(&g, rec, sizeof rec - 1, &err) == CARC_OK, "%d: %s",
                  err.line, err.message);
    int builder = find_fig(g, 0, CARC_FIGURE_BUILDER, CARC_PLACE_SEGMENT);
    int other = find_fig(g, 1, CARC_FIGURE_FOLLOWER, CARC_PLACE_SEGMENT);
    ck_assert_int_ge(builder, 0);
    ck_assert_int_ge(other, 0);
    ck_assert_int_eq(carc__figure_move(g, other, CARC_PLACE_SUPPLY, -1, 0, 0, 0,
                                       CARC_MODULE_KIND(30, 0)), CARC_OK);
    carc_fig f;
    carc__figure_get(g, builder, &f);
    ck_assert_int_eq(f.where, CARC_PLACE_SEGMENT);
    carc_game_free(g);
}
END_TEST

/* The extra part: turn unchanged, part 1, same player (white box). */
START_TEST(extra_part_is_part_one)
{
    static const char rec[] =
        "carcvar-record 2\nmodules base,traders_builders\n"
        "draw U\nplace 1,0 r1\ndeploy follower road W\n"
        "draw E\nplace 0,-1 r2\npass\n"
        "draw U\nplace 2,0 r1\ndeploy builder road W\n"
        "draw B\nplace 1,-1 r0\npass\n"
        "draw U\nplace 3,0 r1\npass\n";
    carc_game *g;
    carc_record_error err;
    ck_assert_msg(carc_record_replay(&g, rec, sizeof rec - 1, &err) == CARC_OK, "%d: %s",
                  err.line, err.message);
    ck_assert_int_eq(carc__turn_part(g), 1);
    ck_assert_int_eq(carc_game_turn(g), 5);
    ck_assert_int_eq(carc__current(g), 0);
    ck_assert_int_eq(carc_game_current_player(g), CARC_PLAYER_CHANCE);
    carc_game_free(g);
}
END_TEST

/* Whole random games: at the end, the goods events of the score log are
 * exactly the majorities of the tokens held (10 per leader per good, ties
 * all, nobody without a token), with the module's reasons and no tile; the
 * builders and pigs never stand without a follower of their owner in their
 * feature (checked after every decision). */
static void check_supported(const carc_game *g)
{
    for (int i = 0; i < carc__figure_count(g); i++) {
        carc_fig f;
        carc__figure_get(g, i, &f);
        if ((f.kind != CARC_FIGURE_BUILDER && f.kind != CARC_FIGURE_PIG) ||
            f.where != CARC_PLACE_SEGMENT)
            continue;
        int root = carc__segment_root(g, f.tile, f.segment), ok = 0;
        for (int j = 0; j < carc__figure_count(g); j++) {
            carc_fig h;
            carc__figure_get(g, j, &h);
            if (h.where == CARC_PLACE_SEGMENT && h.owner == f.owner &&
                h.kind == CARC_FIGURE_FOLLOWER && carc__segment_root(g, h.tile, h.segment) == root)
                ok = 1;
        }
        ck_assert_msg(ok, "figure %d (kind %d) without support", i, f.kind);
    }
}

START_TEST(random_games_goods_and_support)
{
    int builders = 0, pigs = 0, extra = 0, all_goods_events = 0;
    for (int seed = 1; seed <= 40; seed++) {
        carc_options o;
        carc_options_init(&o);
        o.num_players = 2 + seed % 4;
        o.seed = (uint64_t)seed;
        o.modules = 1u << CARC_MODULE_TRADERS_BUILDERS;
        carc_game *g;
        ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
        uint32_t rng = (uint32_t)seed * 2654435761u;
        while (!carc_game_is_terminal(g)) {
            if (carc_game_current_player(g) == CARC_PLAYER_CHANCE) {
                ck_assert_int_eq(carc_game_sample_chance(g, NULL), CARC_OK);
            } else {
                int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
                size_t n = 0;
                ck_assert_int_eq(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &n),
                                 CARC_OK);
                rng = rng * 1103515245u + 12345u;
                /* prefer builders and pigs when they are legal */
                int32_t pick = ids[(rng >> 8) % n];
                for (size_t i = 0; i < n; i++) {
                    int32_t k = (ids[i] - CARC_ID_KIND_SEG) / CARC_MAX_SEGMENTS;
                    if (ids[i] >= CARC_ID_KIND_SEG && ids[i] < CARC_ID_TILE &&
                        (k == CARC_FIGURE_BUILDER || k == CARC_FIGURE_PIG)) {
                        pick = ids[i];
                        if (k == CARC_FIGURE_BUILDER) builders++;
                        else pigs++;
                        break;
                    }
                }
                ck_assert_int_eq(carc_game_apply_id(g, pick), CARC_OK);
            }
            if (carc__turn_part(g) == 1) extra++;
            check_supported(g);
        }
        int np = o.num_players;
        int want[CARC_MAX_PLAYERS] = {0};
        for (int k = 0; k < 3; k++) {
            int best = 0;
            for (int p = 0; p < np; p++)
                if (carc_game_tokens(g, p, k) > best) best = carc_game_tokens(g, p, k);
            for (int p = 0; p < np && best > 0; p++)
                if (carc_game_tokens(g, p, k) == best) want[p] += 10;
        }
        carc_score_event ev[512];
        size_t nev = 0;
        ck_assert_int_eq(carc_game_score_log(g, ev, 512, &nev), CARC_OK);
        int got[CARC_MAX_PLAYERS] = {0}, goods_events = 0;
        for (size_t i = 0; i < nev; i++) {
            int r = ev[i].reason;
            if (r < CARC_MODULE_KIND(CARC_MODULE_TRADERS_BUILDERS, 0) ||
                r > CARC_MODULE_KIND(CARC_MODULE_TRADERS_BUILDERS, 2))
                continue;
            ck_assert_int_eq(ev[i].points, 10);
            got[ev[i].player] += 10;
            goods_events++;
        }
        for (int p = 0; p < np; p++) ck_assert_int_eq(got[p], want[p]);
        int total = 0;
        for (int p = 0; p < np; p++)
            for (int k = 0; k < 3; k++) total += carc_game_tokens(g, p, k);
        ck_assert_int_le(total, 20);
        all_goods_events += goods_events;
        carc_game_free(g);
    }
    /* the games did exercise the figures */
    ck_assert_int_gt(builders, 20);
    ck_assert_int_gt(pigs, 20);
    ck_assert_int_gt(extra, 20);
    ck_assert_int_gt(all_goods_events, 10);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("traders_builders");
    TCase *tc = tcase_create("tiles");
    tcase_add_test(tc, inventory);
    tcase_add_loop_test(tc, tiles_all_rotations, 0, NROWS);
    tcase_add_test(tc, bridge_roads_separate);
    suite_add_tcase(s, tc);
    tc = tcase_create("tokens");
    tcase_add_test(tc, tokens_api);
    tcase_add_test(tc, tokens_counted);
    suite_add_tcase(s, tc);
    tc = tcase_create("figures");
    tcase_add_test(tc, orphaned_builder_and_pig);
    tcase_add_test(tc, builder_kept_while_supported);
    tcase_add_test(tc, extra_part_is_part_one);
    tcase_add_test(tc, random_games_goods_and_support);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
