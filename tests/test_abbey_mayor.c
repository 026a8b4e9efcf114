/* Abbey & Mayor (lib/modules/abbey_mayor/):
 *  - its 12 land tiles and the abbey against an independent table typed from
 *    ../shared/rules/expansions.md §5 (edges, pennants) and JCloisterZone's
 *    abbey_and_mayor.xml (field layouts), in all four rotations, through the
 *    public tile queries;
 *  - the `# legal: A; B; ...` lines of tests/scenarios/am_*.rec: replaying
 *    the record up to that line, the legal actions (as text, in id order)
 *    are exactly those;
 *  - refusals (an action not among the legal ones leaves the game
 *    byte-identical) and where the figures end up. */
#include <carcvar/carcvar.h>
#include <check.h>

#include "run_suite.h"
#include "scenario_text.h"

#include <dirent.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ the table */

/* half-edge bits, own orientation */
enum {
    Nw = 1u << 0, Ne = 1u << 1, En = 1u << 2, Es = 1u << 3,
    Se = 1u << 4, Sw = 1u << 5, Ws = 1u << 6, Wn = 1u << 7
};
/* edge bits */
enum { N_ = 1, E_ = 2, S_ = 4, W_ = 8 };

typedef struct {
    char kind;        /* 'C' 'R' 'M' 'F' */
    unsigned edges;   /* C, R */
    unsigned halves;  /* F */
    int pennants;     /* C */
    unsigned cities;  /* F: edge bits naming the cities it borders (one edge each) */
} want_seg;

typedef struct {
    const char *name;
    const char *edges; /* N E S W, unrotated (expansions.md §5); '*' wildcard */
    int count;
    want_seg seg[8];
    int nseg;
} want_tile;

static const want_tile table[] = {
    {"AM_Cpp", "CCCC", 1, {{'C', N_ | E_ | S_ | W_, 0, 2, 0}}, 1},
    {"AM_CCccp", "CCCC", 1,
     {{'C', N_ | S_, 0, 1, 0}, {'C', E_ | W_, 0, 0, 0}, {'F', 0, 0, 0, N_ | W_}, {'F', 0, 0, 0, N_ | W_}},
     4},
    {"AM_CCcp", "CCFC", 1,
     {{'C', N_, 0, 1, 0}, {'C', E_ | W_, 0, 0, 0}, {'F', 0, 0, 0, N_ | W_},
      {'F', 0, Se | Sw, 0, N_ | W_}},
     4},
    {"AM_CCRR", "CRRC", 1,
     {{'C', N_, 0, 0, 0}, {'C', W_, 0, 0, 0}, {'R', E_, 0, 0, 0}, {'R', S_, 0, 0, 0},
      {'F', 0, En, 0, N_}, {'F', 0, Sw, 0, W_}, {'F', 0, Es | Se, 0, N_ | W_}},
     7},
    {"AM_LRRRR", "RRRR", 1,
     {{'M', 0, 0, 0, 0}, {'R', N_, 0, 0, 0}, {'R', W_, 0, 0, 0}, {'R', S_, 0, 0, 0},
      {'R', E_, 0, 0, 0}, {'F', 0, Wn | Nw, 0, 0}, {'F', 0, Ne | En, 0, 0},
      {'F', 0, Es | Se, 0, 0}},
     8}, /* + F Sw Ws (segment 8), checked at the end */
    {"AM_RC", "CFFR", 1,
     {{'C', N_, 0, 0, 0}, {'R', W_, 0, 0, 0}, {'F', 0, Wn, 0, N_},
      {'F', 0, En | Es | Se | Sw | Ws, 0, N_}},
     4},
    {"AM_CRr", "CRRF", 1,
     {{'C', N_, 0, 0, 0}, {'R', E_ | S_, 0, 0, 0}, {'F', 0, Ws | Wn | Sw, 0, N_},
      {'F', 0, En, 0, N_}, {'F', 0, Es | Se, 0, 0}},
     5},
    {"AM_RrC", "CFRR", 1,
     {{'C', N_, 0, 0, 0}, {'R', S_ | W_, 0, 0, 0}, {'F', 0, En | Es | Se, 0, N_},
      {'F', 0, Wn, 0, N_}, {'F', 0, Sw | Ws, 0, 0}},
     5},
    {"AM_Cp", "FFFC", 1,
     {{'C', W_, 0, 1, 0}, {'F', 0, Nw | Ne, 0, W_}, {'F', 0, En | Es, 0, W_},
      {'F', 0, Se | Sw, 0, W_}},
     4},
    {"AM_R", "FFRF", 1, {{'R', S_, 0, 0, 0}, {'F', 0, 0xFF, 0, 0}}, 2},
    {"AM_Rrr", "RRFR", 1,
     {{'R', N_ | E_ | W_, 0, 0, 0}, {'F', 0, Wn | Nw, 0, 0}, {'F', 0, Ne | En, 0, 0},
      {'F', 0, Es | Se | Sw | Ws, 0, 0}},
     4},
    {"AM_CRcrp", "RCRC", 1,
     {{'C', E_ | W_, 0, 1, 0}, {'R', N_ | S_, 0, 0, 0}, {'F', 0, Se | Sw, 0, W_},
      {'F', 0, Nw, 0, W_}, {'F', 0, Ne, 0, W_}},
     5},
    {"AM_Abbey", "****", 6, {{'M', 0, 0, 0, 0}}, 1},
};
#define NROWS ((int)(sizeof table / sizeof table[0]))

static unsigned rot4(unsigned m, int r) { return ((m << r) | (m >> ((4 - r) % 4))) & 0xFu; }
static unsigned rot8(unsigned m, int r)
{
    int s = 2 * r;
    return ((m << s) | (m >> ((8 - s) % 8))) & 0xFFu;
}

static int kind_of(char k)
{
    return k == 'C' ? CARC_FEATURE_CITY : k == 'R' ? CARC_FEATURE_ROAD
         : k == 'M' ? CARC_FEATURE_MONASTERY : CARC_FEATURE_FIELD;
}

static int game_with_module(carc_game **g, int players)
{
    carc_options o;
    carc_options_init(&o);
    o.num_players = players;
    o.modules |= 1ull << CARC_MODULE_ABBEY_MAYOR;
    return carc_game_new(g, &o);
}

START_TEST(tiles_all_rotations)
{
    int total = 0;
    for (int i = 0; i < NROWS; i++) {
        const want_tile *w = &table[i];
        int t = carc_tile_by_name(w->name);
        ck_assert_msg(t >= 0, "no tile %s", w->name);
        for (int r = 0; r < 4; r++) {
            carc_tile_info ti;
            ck_assert_int_eq(carc_tile_info_get(t, r, &ti), CARC_OK);
            ck_assert_int_eq(ti.module, CARC_MODULE_ABBEY_MAYOR);
            ck_assert_msg(ti.count == w->count, "%s count %d", w->name, ti.count);
            ck_assert_msg(ti.num_segments == w->nseg + (strcmp(w->name, "AM_LRRRR") == 0),
                          "%s: %d segments", w->name, ti.num_segments);
            for (int d = 0; d < 4; d++) {
                char want = w->edges[(d - r + 4) % 4];
                if (want == '*') continue; /* a wildcard side: any letter is fine */
                ck_assert_msg(ti.edges[d] == want, "%s r%d side %d: '%c', expected '%c'", w->name,
                              r, d, ti.edges[d], want);
            }
            unsigned cover = 0; /* every half-edge beside a field edge in a field */
            for (int s = 0; s < ti.num_segments; s++) {
                carc_segment_info si;
                ck_assert_int_eq(carc_segment_info_get(t, r, s, &si), CARC_OK);
                if (si.kind == CARC_FEATURE_FIELD) cover |= si.half_edges;
                if (s >= w->nseg) continue;
                const want_seg *ws = &w->seg[s];
                ck_assert_msg(si.kind == kind_of(ws->kind), "%s seg %d kind %d", w->name, s,
                              si.kind);
                ck_assert_msg(si.edges == rot4(ws->edges, r), "%s r%d seg %d edges %#x", w->name,
                              r, s, si.edges);
                ck_assert_msg(si.half_edges == rot8(ws->halves, r), "%s r%d seg %d halves %#x",
                              w->name, r, s, si.half_edges);
                ck_assert_msg(si.pennants == ws->pennants, "%s seg %d pennants %d", w->name, s,
                              si.pennants);
                if (si.kind != CARC_FEATURE_FIELD) continue;
                /* the cities it borders, named by one of their own edges */
                unsigned cities = 0;
                for (int j = 0; j < ti.num_segments; j++) {
                    if (!(si.touches & (1u << j))) continue;
                    carc_segment_info cj;
                    ck_assert_int_eq(carc_segment_info_get(t, 0, j, &cj), CARC_OK);
                    ck_assert_int_eq(cj.kind, CARC_FEATURE_CITY);
                    cities |= cj.edges & ws->cities;
                    ck_assert_msg(cj.edges & ws->cities, "%s seg %d borders city %d", w->name,
                                  s, j);
                }
                ck_assert_msg(cities == ws->cities, "%s seg %d cities %#x", w->name, s, cities);
            }
            unsigned fieldsides = 0;
            for (int d = 0; d < 4; d++)
                if (w->edges[(d - r + 4) % 4] == 'F' || w->edges[(d - r + 4) % 4] == 'R')
                    fieldsides |= 3u << (2 * d);
            ck_assert_msg(cover == fieldsides, "%s r%d: fields cover %#x, expected %#x", w->name,
                          r, cover, fieldsides);
        }
        total += w->count;
    }
    ck_assert_int_eq(total, 12 + 6);
    /* the fourth field of AM_LRRRR */
    carc_segment_info si;
    ck_assert_int_eq(carc_segment_info_get(carc_tile_by_name("AM_LRRRR"), 0, 8, &si), CARC_OK);
    ck_assert_int_eq(si.kind, CARC_FEATURE_FIELD);
    ck_assert_uint_eq(si.half_edges, Sw | Ws);
}
END_TEST

static carc_game *replay_until(const char *name, const char *stop);

/* The abbey is never drawn; each player holds one. */
START_TEST(abbey_not_drawn)
{
    carc_game *g = NULL;
    ck_assert_int_eq(game_with_module(&g, 3), CARC_OK);
    ck_assert_int_eq(carc_game_tiles_remaining(g, carc_tile_by_name("AM_Abbey")), 0);
    ck_assert_int_eq(carc_game_tiles_remaining(g, carc_tile_by_name("AM_Cpp")), 1);
    ck_assert_int_eq(carc_game_tiles_remaining(g, -1), 71 + 12);
    for (int p = 0; p < 3; p++) ck_assert_int_eq(carc_game_tokens(g, p, CARC_TOKEN_ABBEY), 1);
    carc_game_free(g);
    /* played: none left (am_abbey_closes_four.rec: player 0 played it) */
    g = replay_until("am_abbey_closes_four.rec", "deploy follower monastery");
    ck_assert_int_eq(carc_game_tokens(g, 0, CARC_TOKEN_ABBEY), 0);
    ck_assert_int_eq(carc_game_tokens(g, 1, CARC_TOKEN_ABBEY), 1);
    carc_game_free(g);
}
END_TEST

/* ------------------------------------------------- records: legal lines */

/* "A; B; C" of the legal actions of g */
static void legal_text(const carc_game *g, char *out, size_t cap)
{
    carc_action acts[512];
    size_t n = 0;
    ck_assert_int_eq(carc_game_legal_actions(g, acts, 512, &n), CARC_OK);
    out[0] = 0;
    for (size_t i = 0; i < n; i++) {
        char s[128];
        ck_assert_int_eq(carc_action_to_string(g, &acts[i], s, sizeof s, NULL), CARC_OK);
        if (i) strncat(out, "; ", cap - strlen(out) - 1);
        strncat(out, s, cap - strlen(out) - 1);
    }
}

static int check_legal_lines(const char *name)
{
    char *text = scen_slurp(name, NULL);
    int checked = 0;
    for (char *p = text; (p = strstr(p, "\n# legal: ")) != NULL; p++) {
        carc_game *g = scen_replay_text(text, (size_t)(p + 1 - text), name);
        char want[2048], got[4096];
        const char *w = p + 10;
        size_t wl = strcspn(w, "\n");
        snprintf(want, sizeof want, "%.*s", (int)wl, w);
        legal_text(g, got, sizeof got);
        ck_assert_msg(strcmp(got, want) == 0, "%s: legal actions\n  got:      %s\n  expected: %s",
                      name, got, want);
        carc_game_free(g);
        checked++;
    }
    return checked;
}

START_TEST(legal_lines)
{
    DIR *d = opendir(SCENARIO_DIR);
    ck_assert_ptr_nonnull(d);
    struct dirent *e;
    int checked = 0;
    while ((e = readdir(d))) {
        size_t l = strlen(e->d_name);
        /* with Bridges, Castles & Bazaars too: the wagon onto a bridge */
        if ((strncmp(e->d_name, "am_", 3) == 0 || strncmp(e->d_name, "bcb_am_", 7) == 0) &&
            l > 4 && !strcmp(e->d_name + l - 4, ".rec"))
            checked += check_legal_lines(e->d_name);
    }
    closedir(d);
    ck_assert_int_ge(checked, 5);
}
END_TEST

/* Replay a scenario up to (not including) the first line equal to `stop`. */
static carc_game *replay_until(const char *name, const char *stop)
{
    return scen_replay(name, &(scen_cut){.stop = stop});
}

/* An action refused: CARC_E_ILLEGAL (or unreadable), the state unchanged. */
static void refused(carc_game *g, const char *text)
{
    uint8_t before[65536], after[65536];
    size_t nb = 0, na = 0;
    ck_assert_int_eq(carc_game_serialize(g, before, sizeof before, &nb), CARC_OK);
    carc_action a;
    int rc = carc_action_from_string(g, text, &a);
    if (rc == CARC_OK) rc = carc_game_apply(g, &a);
    ck_assert_msg(rc == CARC_E_ILLEGAL || rc == CARC_E_PARSE, "'%s' accepted (%d)", text, rc);
    ck_assert_int_eq(carc_game_serialize(g, after, sizeof after, &na), CARC_OK);
    ck_assert_msg(na == nb && memcmp(before, after, nb) == 0, "'%s' changed the game", text);
}

static void apply_text(carc_game *g, const char *text)
{
    carc_action a;
    ck_assert_int_eq(carc_action_from_string(g, text, &a), CARC_OK);
    ck_assert_int_eq(carc_game_apply(g, &a), CARC_OK);
}

/* the figure of `kind` owned by `owner` */
static carc_figure figure_of(const carc_game *g, int owner, int kind)
{
    carc_figure f[128];
    size_t n = 0;
    ck_assert_int_eq(carc_game_figures(g, f, 128, &n), CARC_OK);
    for (size_t i = 0; i < n; i++)
        if (f[i].owner == owner && f[i].kind == kind) return f[i];
    ck_abort_msg("no figure");
    return f[0];
}

START_TEST(wagon_refusals_and_move)
{
    carc_game *g = replay_until("am_wagon_move.rec", "wagon -1,-1");
    ck_assert_int_eq(figure_of(g, 0, CARC_FIGURE_WAGON).where, CARC_WHERE_SUPPLY);
    refused(g, "wagon 0,0");   /* the road: occupied by P1 */
    refused(g, "wagon 1,-1");  /* a completed city */
    refused(g, "wagon 0,-1");  /* its own city, completed */
    refused(g, "wagon 2,-1");  /* an empty incomplete city, but not adjacent */
    refused(g, "wagon 1,-2");  /* completed */
    apply_text(g, "wagon -1,-1");
    refused(g, "wagon -1,-1 field Nw"); /* never a field */
    refused(g, "wagon 0,0 road E");     /* another tile than the one chosen */
    apply_text(g, "wagon -1,-1 monastery");
    carc_figure w = figure_of(g, 0, CARC_FIGURE_WAGON);
    ck_assert_int_eq(w.where, CARC_WHERE_BOARD);
    ck_assert_int_eq(w.x, -1);
    ck_assert_int_eq(w.y, -1);
    carc_game_free(g);
}
END_TEST

/* Passing leaves the wagon home. */
START_TEST(wagon_pass)
{
    carc_game *g = replay_until("am_wagon_move.rec", "wagon -1,-1");
    apply_text(g, "pass");
    ck_assert_int_eq(figure_of(g, 0, CARC_FIGURE_WAGON).where, CARC_WHERE_SUPPLY);
    carc_decision d;
    ck_assert_int_eq(carc_game_decision(g, &d), CARC_OK);
    ck_assert_int_eq(d.player, CARC_PLAYER_CHANCE); /* P1's draw */
    carc_game_free(g);
}
END_TEST

START_TEST(barn_figure)
{
    carc_game *g = replay_until("am_barn_immediate.rec", "draw U\nplace 3,0 r1");
    carc_figure b = figure_of(g, 0, CARC_FIGURE_BARN);
    ck_assert_int_eq(b.where, CARC_WHERE_BOARD);
    ck_assert_int_eq(b.x, 2);
    ck_assert_int_eq(b.y, -1);
    ck_assert_int_eq(b.state & 0xFF, 1 + 2); /* corner SW */
    carc_game_free(g);
    /* with Traders & Builders: the pig went home with the farmer */
    g = replay_until("am_barn_pig.rec", "# expect score 0 0");
    ck_assert_int_eq(figure_of(g, 1, CARC_FIGURE_PIG).where, CARC_WHERE_SUPPLY);
    ck_assert_int_eq(figure_of(g, 1, CARC_FIGURE_FOLLOWER).where, CARC_WHERE_SUPPLY);
    ck_assert_int_eq(figure_of(g, 0, CARC_FIGURE_BARN).where, CARC_WHERE_BOARD);
    carc_game_free(g);
}
END_TEST


/* ------------------------------------------- random games: the offer */

static bool placed(const carc_game *g, int x, int y)
{
    carc_placed_tile pt;
    return carc_game_tile_at(g, x, y, &pt) == CARC_OK;
}

/* a hole anywhere on the board, by brute force */
static bool any_hole(const carc_game *g)
{
    for (int i = 0; i < carc_game_tile_count(g); i++) {
        carc_placed_tile pt;
        ck_assert_int_eq(carc_game_tile_by_order(g, i, &pt), CARC_OK);
        static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
        for (int d = 0; d < 4; d++) {
            int x = pt.x + dx[d], y = pt.y + dy[d];
            if (!placed(g, x, y) && placed(g, x + 1, y) && placed(g, x - 1, y) &&
                placed(g, x, y + 1) && placed(g, x, y - 1))
                return true;
        }
    }
    return false;
}

/* In random 3-player games: whenever a player holding an abbey starts a
 * turn, the abbey is offered exactly when a hole exists; the abbey's
 * placements are exactly the holes, turned r0. */
START_TEST(abbey_offer_random)
{
    int offers = 0, plays = 0;
    for (int seed = 0; seed < 40; seed++) {
        carc_options o;
        carc_options_init(&o);
        o.num_players = 3;
        o.seed = (uint64_t)seed;
        o.modules |= 1ull << CARC_MODULE_ABBEY_MAYOR;
        carc_game *g = NULL;
        ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
        int held[3] = {1, 1, 1}, next = 0, prev_draw = 0, abbey_in_hand = 0, after_offer = 0;
        uint32_t rng = (uint32_t)seed * 2654435761u + 1;
        for (;;) {
            carc_decision d;
            ck_assert_int_eq(carc_game_decision(g, &d), CARC_OK);
            if (d.kind == CARC_DECISION_END) break;
            static carc_action acts[4096];
            size_t n = 0;
            ck_assert_int_eq(carc_game_legal_actions(g, acts, 4096, &n), CARC_OK);
            char last[64];
            ck_assert_int_eq(carc_action_to_string(g, &acts[n - 1], last, sizeof last, NULL),
                             CARC_OK);
            bool offer = strcmp(last, "abbey") == 0;
            if (offer) offers++;
            if (d.player == CARC_PLAYER_CHANCE && !prev_draw && !after_offer &&
                carc_game_tiles_remaining(g, -1))
                /* a turn starts with the draw: no offer was due */
                ck_assert_msg(!(held[next] && any_hole(g)), "seed %d: abbey not offered", seed);
            if (offer) ck_assert_msg(any_hole(g), "seed %d: abbey offered without a hole", seed);
            if (abbey_in_hand && d.kind == CARC_DECISION_PLACE) {
                for (size_t i = 0; i < n; i++) {
                    ck_assert_int_eq(acts[i].rotation, 0);
                    ck_assert(!placed(g, acts[i].x, acts[i].y));
                    ck_assert(placed(g, acts[i].x + 1, acts[i].y) && placed(g, acts[i].x - 1, acts[i].y) &&
                              placed(g, acts[i].x, acts[i].y + 1) && placed(g, acts[i].x, acts[i].y - 1));
                }
                abbey_in_hand = 0;
            }
            size_t k;
            if (d.player == CARC_PLAYER_CHANCE) {
                carc_action out;
                ck_assert_int_eq(carc_game_sample_chance(g, &out), CARC_OK);
                prev_draw = 1;
                after_offer = 0;
                continue;
            }
            rng = rng * 1103515245u + 12345u;
            k = (rng >> 8) % n;
            char t[64];
            ck_assert_int_eq(carc_action_to_string(g, &acts[k], t, sizeof t, NULL), CARC_OK);
            if (strcmp(t, "abbey") == 0) {
                held[d.player] = 0;
                abbey_in_hand = 1;
                plays++;
            }
            if (d.kind == CARC_DECISION_PLACE) next = (d.player + 1) % 3;
            prev_draw = 0;
            after_offer = offer; /* a pass here: the draw follows */
            ck_assert_int_eq(carc_game_apply(g, &acts[k]), CARC_OK);
        }
        carc_game_free(g);
    }
    ck_assert_int_gt(offers, 20);
    ck_assert_int_gt(plays, 10);
}
END_TEST

/* am_barn_final_tie.rec with the default am_barn_placement 1: the second
 * barn may not go into the field that has one. */
START_TEST(barn_one_per_field)
{
    char *text = scen_slurp("am_barn_final_tie.rec", NULL);
    char *r = strstr(text, "rule am_barn_placement 2");
    ck_assert_ptr_nonnull(r);
    r[strlen("rule am_barn_placement ")] = '1';
    char *stop = strstr(text, "\nbarn sw\n");
    stop = strstr(stop + 1, "\nbarn sw\n"); /* P1's, the second one */
    ck_assert_ptr_nonnull(stop);
    carc_game *g = scen_replay_text(text, (size_t)(stop + 1 - text), "am_barn_final_tie.rec");
    char got[4096];
    legal_text(g, got, sizeof got);
    ck_assert_str_eq(got, "pass; deploy follower monastery; deploy wagon monastery");
    refused(g, "barn sw");
    carc_game_free(g);
}
END_TEST

/* The other rule values in random games (the invariant harness plays the
 * defaults): every wagon choice offered is taken at random, records replay
 * to the same scores, wagon moves and barns happen. */
START_TEST(other_rules_random)
{
    int moves = 0, barns = 0;
    static char rec[1 << 17];
    for (int seed = 0; seed < 60; seed++) {
        carc_options o;
        carc_options_init(&o);
        o.num_players = 2 + seed % 4;
        o.seed = (uint64_t)seed;
        o.modules |= 1ull << CARC_MODULE_ABBEY_MAYOR;
        ck_assert_int_eq(carc_options_set_rule(&o, "am_wagon_move", 1), CARC_OK);
        ck_assert_int_eq(carc_options_set_rule(&o, "am_barn_placement", 2), CARC_OK);
        carc_game *g = NULL;
        ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
        uint32_t rng = (uint32_t)seed * 2246822519u + 7;
        for (;;) {
            carc_decision d;
            ck_assert_int_eq(carc_game_decision(g, &d), CARC_OK);
            if (d.kind == CARC_DECISION_END) break;
            if (d.player == CARC_PLAYER_CHANCE) {
                ck_assert_int_eq(carc_game_sample_chance(g, NULL), CARC_OK);
                continue;
            }
            static carc_action acts[4096];
            size_t n = 0;
            ck_assert_int_eq(carc_game_legal_actions(g, acts, 4096, &n), CARC_OK);
            rng = rng * 1103515245u + 12345u;
            size_t k = (rng >> 8) % n;
            char t[64];
            ck_assert_int_eq(carc_action_to_string(g, &acts[k], t, sizeof t, NULL), CARC_OK);
            moves += strncmp(t, "wagon ", 6) == 0 && strchr(t + 6, ' ') != NULL;
            barns += strncmp(t, "barn ", 5) == 0;
            /* text reads back to the same action id */
            carc_action back;
            ck_assert_int_eq(carc_action_from_string(g, t, &back), CARC_OK);
            ck_assert_int_eq(carc_game_apply(g, &back), CARC_OK);
        }
        size_t need = 0;
        ck_assert_int_eq(carc_game_write_record(g, rec, sizeof rec, &need), CARC_OK);
        carc_game *r = NULL;
        carc_record_error err;
        ck_assert_int_eq(carc_record_replay(&r, rec, need, &err), CARC_OK);
        for (int p = 0; p < o.num_players; p++) {
            int32_t a, b;
            carc_game_score(g, p, &a);
            carc_game_score(r, p, &b);
            ck_assert_int_eq(a, b);
        }
        carc_game_free(r);
        carc_game_free(g);
    }
    ck_assert_int_gt(moves, 0);
    ck_assert_int_gt(barns, 10);
}
END_TEST

/* carc_game_explain names this module's reasons for its refusals. */
static void explained(const carc_game *g, const char *text, int reason)
{
    carc_action a;
    ck_assert_int_eq(carc_action_from_string(g, text, &a), CARC_OK);
    carc_explanation e;
    ck_assert_int_eq(carc_game_explain(g, &a, &e), CARC_OK);
    ck_assert_int_eq(e.code, CARC_E_ILLEGAL);
    ck_assert_msg(e.reason == reason, "'%s': reason %d (%s), expected %d", text, e.reason,
                  e.message, reason);
    ck_assert(e.message[0] != 0);
}

#define AM_REASON(k) (16 + CARC_MODULE_ABBEY_MAYOR * 16 + (k))

START_TEST(explanations)
{
    carc_game *g = replay_until("am_abbey_not_in_hole.rec", "place -2,0 r0");
    explained(g, "place -2,0 r0", AM_REASON(0));
    carc_game_free(g);
    g = replay_until("am_barn_immediate.rec", "# legal: pass; deploy follower road E; deploy follower field Es; deploy wagon road E");
    explained(g, "deploy follower field Nw", AM_REASON(1));
    explained(g, "deploy mayor road E", AM_REASON(2));
    explained(g, "deploy wagon field Nw", AM_REASON(3));
    carc_game_free(g);
    /* the rule's order (carc__figure_deploy_legal): a follower's claim
     * before the kind's own rule, so a mayor on an occupied road is told
     * the road is occupied (the first test that fails), not that a mayor
     * stands only in cities */
    static const char occupied[] = "carcvar-record 2\nplayers 2\nseed 1\n"
                                   "modules base abbey_mayor\n"
                                   "draw U\nplace 1,0 r1\ndeploy follower road W\n"
                                   "draw U\nplace 2,0 r1\n";
    carc_record_error err;
    ck_assert_int_eq(carc_record_replay(&g, occupied, sizeof occupied - 1, &err), CARC_OK);
    explained(g, "deploy mayor road W", CARC_REASON_OCCUPIED);
    explained(g, "deploy mayor field Nw", AM_REASON(2));
    carc_game_free(g);
    /* a bridge that is no target (rule 1: its road is joined to the scored
     * one on no tile): well-formed, refused with the wagon's reason */
    g = replay_until("bcb_am_wagon_bridge_same_tile_c1.rec", "wagon 0,1 segment 3");
    explained(g, "wagon 0,1 segment 3", AM_REASON(3));
    carc_explanation e;
    ck_assert_int_eq(carc_game_explain_text(g, "wagon 0,1 segment 3", &e), CARC_OK);
    ck_assert_int_eq(e.code, CARC_E_ILLEGAL);
    ck_assert_int_eq(e.reason, AM_REASON(3));
    ck_assert_int_eq(carc_game_explain_text(g, "wagon 0,1 monastery", &e), CARC_OK);
    ck_assert_int_eq(e.code, CARC_OK);
    refused(g, "wagon 0,1 segment 3");
    carc_game_free(g);
    /* the same bridge with rule 2: a target, legal by text and by id */
    g = replay_until("bcb_am_wagon_bridge_same_tile.rec", "wagon 0,1 segment 3");
    ck_assert_int_eq(carc_game_explain_text(g, "wagon 0,1 segment 3", &e), CARC_OK);
    ck_assert_int_eq(e.code, CARC_OK);
    carc_action a;
    int32_t id;
    ck_assert_int_eq(carc_action_from_string(g, "wagon 0,1 segment 3", &a), CARC_OK);
    ck_assert_int_eq(carc_action_to_id(g, &a, &id), CARC_OK);
    ck_assert_int_eq(carc_game_apply_id(g, id), CARC_OK);
    carc_figure f = figure_of(g, 0, CARC_FIGURE_WAGON);
    ck_assert_int_eq(f.segment, 3);
    carc_game_free(g);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("abbey_mayor");
    TCase *tc = tcase_create("tiles");
    tcase_add_test(tc, tiles_all_rotations);
    tcase_add_test(tc, abbey_not_drawn);
    tcase_add_test(tc, abbey_offer_random);
    tcase_add_test(tc, other_rules_random);
    suite_add_tcase(s, tc);
    tc = tcase_create("records");
    tcase_add_test(tc, legal_lines);
    tcase_add_test(tc, wagon_refusals_and_move);
    tcase_add_test(tc, wagon_pass);
    tcase_add_test(tc, barn_figure);
    tcase_add_test(tc, barn_one_per_field);
    tcase_add_test(tc, explanations);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
