/* Every module's action_legal hook (the core's check of an id before
 * decision_apply, instead of listing every legal action again: lib/module.h)
 * answers exactly as its lists: at every decision the module owns, chance
 * decisions included (a host may apply an outcome id itself), and at every
 * turn's own deployment for its verbs, on random games of each module with
 * the hook (with the modules it requires) and of all modules together; and
 * every module's place_rots answers as its may_place_tile, its deploy_segs as
 * its deploy_allowed, its may_deploy_segs as its may_deploy, every
 * repair_shape refusal is place_repair's too, every repair_work byte is its
 * quick question's answer, every step hook the core
 * skips (step_work, step_ttags, step_active) has nothing to do, and every
 * chance decision declared the pile's (pile_chance) lists the pile. */
#include "core/state.h"
#include <check.h>
#include "new_game.h"
#include "random_step.h"
#include "run_suite.h"
#include "action_legal_check.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Compare every module's action_legal with the legal mask at the pending
 * decision; *checked counts the legal ids compared. */
static void check_decision(carc_game *g, int *checked)
{
    for (int m = 0; m < CARC_MODULE_SLOTS; m++) {
        const carc_module_def *md = carc__modules[m];
        if (md && md->action_legal && carc__module_enabled(g, m)) check_action_legal(g, m, checked);
    }
}

/* Every module's place_rots answers as its may_place_tile, rotation by
 * rotation: for the tile types it examines (and the tile in hand), in every
 * open cell and the cell of the last tile laid, for every set of rotations
 * asked. */
static void check_place_rots(carc_game *g, int *checked)
{
    for (int m = 0; m < CARC_MODULE_SLOTS; m++) {
        const carc_module_def *md = carc__modules[m];
        if (!md || !md->place_rots || !carc__module_enabled(g, m)) continue;
        ck_assert_msg(md->may_place_tile != NULL, "module %s: place_rots without may_place_tile",
                      md->name);
        for (int type = 0; type < carc__ntypes; type++) {
            if (type != carc__tile_in_hand(g) && md->place_veto_ttags &&
                !(carc__types[type].tags & md->place_veto_ttags))
                continue;
            /* the open cells, then the cell of the last tile laid (taken) */
            const front *F = CFRONT(g);
            const live_slot *ls = CSLOTS(g);
            for (uint32_t k = 0; k <= g->lslots; k++) {
                int x, y;
                const bool last = k == g->lslots;
                if (last) {
                    if (carc__tile_count(g) == 0) break;
                    carc__tile_xy(g, carc__tile_count(g) - 1, &x, &y);
                } else if (ls[k].req == LIVE_DEAD) {
                    continue;
                } else {
                    x = F[ls[k].fi].x;
                    y = F[ls[k].fi].y;
                }
                unsigned each = 0;
                for (int r = 0; r < 4; r++)
                    if (md->may_place_tile(g, type, x, y, r)) each |= 1u << r;
                for (unsigned rots = 0; rots < 16; rots++) {
                    unsigned got = md->place_rots(g, type, x, y, rots);
                    ck_assert_msg(got == (each & rots),
                                  "module %s, type %d at %d,%d, rotations %x: place_rots %x, "
                                  "may_place_tile %x",
                                  md->name, type, x, y, rots, got, each & rots);
                }
                (*checked) += each != 0;
            }
        }
    }
}

/* Every module's repair_shape promises only what place_repair keeps: a
 * candidate it refuses (CARC_REPAIR_NEVER: a rotation of the tile table's
 * repair[req] with its mismatched sides, in a cell with those bound sides)
 * is refused by place_repair too, and one it answers CARC_REPAIR_ROOM for
 * is accepted while the game has room for the tile's segments and one
 * more, and the rotations it answers CARC_REPAIR_SIDE for get one answer
 * per sides value (with one side, repair_side's too), for every tile type
 * in every open cell, while the player may repair (a bridge held: the
 * quick question says yes).  And the core's premise for keeping its
 * answers per (type, req): an open cell's constrained sides are the
 * nonzero pairs of its req. */
static void check_repair_shape(const carc_game *g, int *checked)
{
    const front *F = CFRONT(g);
    const live_slot *ls = CSLOTS(g);
    for (uint32_t k = 0; k < g->lslots; k++) {
        if (ls[k].req == LIVE_DEAD) continue;
        const front *f = &F[ls[k].fi];
        ck_assert_uint_eq(f->mask, ((f->req | f->req >> 1) & 0x55u) * 3u);
    }
    for (int m = 0; m < CARC_MODULE_SLOTS; m++) {
        const carc_module_def *md = carc__modules[m];
        if (!md || !md->repair_shape || !carc__module_enabled(g, m)) continue;
        ck_assert_msg(md->place_repair != NULL, "module %s: repair_shape without place_repair",
                      md->name);
        if (!md->place_repair(g, -1, 0, 0, 0, 0)) continue;
        for (int type = 0; type < carc__ntypes; type++)
            for (uint32_t k = 0; k < g->lslots; k++) {
                if (ls[k].req == LIVE_DEAD) continue;
                const front *f = &F[ls[k].fi];
                /* the sides facing a neighbour's edge, from the cell's
                 * mask (a bit pair per side) */
                int bound = 0;
                for (int d = 0; d < 4; d++) bound |= ((f->mask >> (2 * d)) & 1) << d;
                /* CARC_REPAIR_SIDE: the first such answer per sides value
                 * (bit 0: asked, bit 1: accepted) */
                int by_sides[16] = {0};
                for (unsigned miss = carc__types[type].repair[f->req]; miss; miss &= miss - 1) {
                    int r = __builtin_ctz(miss);
                    int sides = (int)carc__repair_sides(f, type, r);
                    if (!sides) continue;
                    int shape = md->repair_shape(type, r, sides, bound);
                    ck_assert_int_ge(shape, CARC_REPAIR_NEVER);
                    ck_assert_int_le(shape, CARC_REPAIR_SIDE);
                    if (shape == CARC_REPAIR_ASK) continue;
                    if (shape == CARC_REPAIR_SIDE) {
                        int yes = md->place_repair(g, type, f->x, f->y, r, sides) ? 3 : 1;
                        if (!by_sides[sides]) by_sides[sides] = yes;
                        /* repair_side: the same answer for one side d */
                        if (md->repair_side && !(sides & (sides - 1)))
                            ck_assert_msg(md->repair_side(g, type, f->x, f->y,
                                                          __builtin_ctz((unsigned)sides)) ==
                                              (yes == 3),
                                          "module %s, type %d at %d,%d side %d: repair_side "
                                          "and place_repair disagree",
                                          md->name, type, f->x, f->y,
                                          __builtin_ctz((unsigned)sides));
                        ck_assert_msg(by_sides[sides] == yes,
                                      "module %s, type %d at %d,%d r%d sides %x: repair_shape "
                                      "answers CARC_REPAIR_SIDE, place_repair %s it but not "
                                      "another rotation with those sides",
                                      md->name, type, f->x, f->y, r, sides,
                                      yes == 3 ? "accepts" : "refuses");
                        (*checked)++;
                        continue;
                    }
                    if (shape == CARC_REPAIR_ROOM &&
                        carc__segments_room(g) <= carc__types[type].nseg)
                        continue; /* no promise without the room */
                    ck_assert_msg(md->place_repair(g, type, f->x, f->y, r, sides) ==
                                      (shape == CARC_REPAIR_ROOM),
                                  "module %s, type %d at %d,%d r%d sides %x: repair_shape "
                                  "answers %d, place_repair %s",
                                  md->name, type, f->x, f->y, r, sides, shape,
                                  shape == CARC_REPAIR_ROOM ? "refuses" : "accepts");
                    (*checked)++;
                }
            }
    }
}

/* A module's answer for every segment of a tile at once against its answer
 * segment by segment, at every deployment decision with a target tile, with
 * the decision's cause, for each player and each kind:
 * - claims (deploy_segs against deploy_allowed): the kinds the module owns;
 *   the answer is exact, no bit past the tile's segments;
 * - vetoes (may_deploy_segs against may_deploy): every kind of the game;
 *   bits past the tile's segments are free. */
typedef bool (*seg_answer)(const carc_game *, int, int, int, int, int);
typedef uint32_t (*segs_answer)(const carc_game *, int, int, int, int, int);

static void check_segs_answers(const carc_game *g, int *checked, bool vetoes)
{
    const carc_pending *p = carc__front(g);
    if (p->kind != CARC_DECISION_DEPLOY || p->target < 0) return;
    int nseg = carc__tile_nseg(g, p->target);
    uint32_t mask = nseg < 32 ? (1u << nseg) - 1u : ~0u;
    for (int m = 0; m < CARC_MODULE_SLOTS; m++) {
        const carc_module_def *md = carc__modules[m];
        if (!md || !carc__module_enabled(g, m)) continue;
        segs_answer all = vetoes ? md->may_deploy_segs : md->deploy_segs;
        seg_answer one = vetoes ? md->may_deploy : md->deploy_allowed;
        const char *all_name = vetoes ? "may_deploy_segs" : "deploy_segs";
        const char *one_name = vetoes ? "may_deploy" : "deploy_allowed";
        if (!all) continue;
        ck_assert_msg(one != NULL, "module %s: %s without %s", md->name, all_name, one_name);
        for (int k = 0; k < CARC_FIGURE_KINDS; k++) {
            if (vetoes ? g->kind_owner[k] == 255 : g->kind_owner[k] != m) continue;
            for (int pl = 0; pl < g->nplayers; pl++) {
                uint32_t each = 0;
                for (int s = 0; s < nseg && s < 32; s++)
                    if (one(g, pl, k, p->target, s, p->arg)) each |= 1u << s;
                uint32_t got = all(g, pl, k, p->target, nseg, p->arg) & (vetoes ? mask : ~0u);
                ck_assert_msg(got == each, "module %s, kind %d, player %d, tile %d: %s %x, %s %x",
                              md->name, k, pl, p->target, all_name, got, one_name, each);
                (*checked) += vetoes ? each != mask : each != 0;
            }
        }
    }
}

/* A module with may_deploy_tile promises that its may_deploy refuses
 * nowhere but where its state's word says (lib/module.h): at every
 * deployment, its may_deploy allows every segment of every other placed
 * tile, for the deploying player's figure kinds in supply (the core no
 * longer asks it there, so nothing else would see a broken promise). */
static void check_veto_tile(const carc_game *g, int *checked)
{
    const carc_pending *p = carc__front(g);
    if (p->kind != CARC_DECISION_DEPLOY || p->player < 0) return;
    for (int m = 0; m < CARC_MODULE_SLOTS; m++) {
        const carc_module_def *md = carc__modules[m];
        if (!md || !md->may_deploy_tile || !carc__module_enabled(g, m)) continue;
        int16_t where;
        memcpy(&where, (const uint8_t *)g + g->modoff[m] + md->may_deploy_tile_off, sizeof where);
        ck_assert(where >= CARC_VETO_ANYWHERE && where < carc__tile_count(g));
        if (where == CARC_VETO_ANYWHERE) continue;
        for (int t = 0; t < carc__tile_count(g); t++) {
            if (t == where) continue;
            for (int k = 0; k < CARC_FIGURE_KINDS; k++) {
                if (!g->supply[p->player][k]) continue;
                for (int sg = 0; sg < carc__tile_nseg(g, t); sg++)
                    ck_assert_msg(md->may_deploy(g, p->player, k, t, sg, p->arg),
                                  "module %s refuses on tile %d, its word says %d", md->name, t,
                                  where);
                (*checked)++;
            }
        }
    }
}

/* Is module m's step hook i gated closed now: its step_work byte 0 (or
 * both of its pair, or the current player's), or its step_ttags not on the
 * tile laid this part (read from the module's definition, as lib/module.h
 * says, not from the core's step program)? */
/* Is module m's work byte coded w (CARC_WORK_*, not 0) nonzero now (both
 * of its pair, or the current player's)? */
static bool work_open(const carc_game *g, int m, uint16_t w)
{
    const uint8_t *b = (const uint8_t *)g + g->modoff[m] + (w & CARC_WORK_OFFSET) - 1u;
    if (w & CARC_WORK_PLAYER_BIT) return b[carc__current(g)] != 0;
    if (w & CARC_WORK_PAIR_BIT) return b[0] != 0 || b[1] != 0;
    return b[0] != 0;
}

static bool gate_closed(const carc_game *g, int m, int i)
{
    const carc_module_def *md = carc__modules[m];
    uint16_t w = md->step_work ? md->step_work[i] : 0;
    uint32_t tt = md->step_ttags ? md->step_ttags[i] : 0;
    if (w) return !work_open(g, m, w);
    if (tt) {
        int t = carc__tile_last(g);
        return t < 0 || !(carc__types[carc__tile_type(g, t)].tags & tt);
    }
    return false;
}

/* A step hook the core does not call -- its gate is closed (step_work,
 * step_ttags), or step_active left it out of this game -- has nothing to
 * do: called on a clone at any decision, it answers CARC_HOOK_NEXT and the
 * clone's bytes stay equal to the game's. */
static void check_gates(const carc_game *g, int *checked)
{
    for (int m = 0; m < CARC_MODULE_SLOTS; m++) {
        const carc_module_def *md = carc__modules[m];
        if (!md || !(md->step_work || md->step_active || md->step_ttags) ||
            !carc__module_enabled(g, m))
            continue;
        for (int i = 0; i < md->nsteps; i++) {
            bool out = md->step_active && !md->step_active(g, i);
            bool idle = gate_closed(g, m, i);
            if (!out && !idle) continue;
            carc_game *c;
            ck_assert_int_eq(carc_game_clone(&c, g), CARC_OK);
            ck_assert_int_eq(md->steps[i].fn(c), CARC_HOOK_NEXT);
            ck_assert_msg(carc__state_equal(c, g) && c->npending == g->npending,
                          "module %s: step hook %d changed the game while %s", md->name, i,
                          out ? "left out of the pipeline" : "its gate is closed");
            carc_game_free(c);
            (*checked)++;
        }
    }
}

/* A module's repair_work byte is its quick question's answer (place_repair
 * with type -1), at every decision; and the core reads it as such
 * (carc__repair_possible) in a game where the module is the only one with
 * place_repair. */
static void check_repair_work(const carc_game *g, int *checked)
{
    for (int m = 0; m < CARC_MODULE_SLOTS; m++) {
        const carc_module_def *md = carc__modules[m];
        if (!md || !md->repair_work || !carc__module_enabled(g, m)) continue;
        ck_assert_msg(md->place_repair != NULL, "module %s: repair_work without place_repair",
                      md->name);
        bool quick = md->place_repair(g, -1, 0, 0, 0, 0);
        ck_assert_msg(work_open(g, m, md->repair_work) == quick,
                      "module %s: its repair_work byte says %d, the quick question %d", md->name,
                      !quick, quick);
        if (g->hooks_repair == 1u << m) ck_assert(carc__repair_possible(g) == quick);
        (*checked)++;
    }
}

/* A chance decision a module declares the pile's (pile_chance) lists the
 * pile while no module vetoes a draw: every type with copies left, in
 * ascending order, weighted by its copies (carc__sample_chance draws it
 * without asking the module). */
static void check_pile_chance(const carc_game *g, int *checked)
{
    const carc_pending *p = carc__front(g);
    if (p->player != CARC_PLAYER_CHANCE || p->owner >= CARC_MODULE_SLOTS) return;
    const carc_module_def *md = carc__modules[p->owner];
    int k = (int)p->kind - CARC_MODULE_KIND(p->owner, 0);
    if (!md->pile_chance || k < 0 || k >= 16 || !((md->pile_chance >> k) & 1u) ||
        carc__pile_vetoes(g))
        return;
    static int32_t ids[CARC_MAX_CHANCE_OUTCOMES];
    static uint32_t w[CARC_MAX_CHANCE_OUTCOMES];
    int n = md->chance_outcomes(g, p, ids, w, CARC_MAX_CHANCE_OUTCOMES);
    ck_assert_int_le(n, CARC_MAX_CHANCE_OUTCOMES);
    int i = 0;
    for (int t = 0; t < carc__ntypes; t++) {
        if (!carc__pile_left_of(g, t)) continue;
        ck_assert_msg(i < n && ids[i] == t && w[i] == (uint32_t)carc__pile_left_of(g, t),
                      "module %s, decision kind %d: outcome %d is not type %d with weight %d",
                      md->name, p->kind, i, t, carc__pile_left_of(g, t));
        i++;
    }
    ck_assert_int_eq(i, n);
    (*checked)++;
}

/* The note of a listing (turn.c's listed_note) holds every id listed, also
 * when the host's buffer has exactly the listing's room (a heap buffer of
 * n ids: a read past it is caught under ASan; the note copies a short
 * listing in a fixed size only when the buffer has room for it), at a
 * module's decision and at a deployment with module verbs; a module that
 * checks its ids itself (ids_checked) has none of its listings noted in a
 * game without vetoes of figure moves, nor a deployment's verbs when every
 * module with verbs checks them (verbs_checked: HK_VERBS_CHECKED). */
static void check_note_exact(const carc_game *g, const int32_t *ids, size_t n, int *checked)
{
    const carc_pending *p = carc__front(g);
    if (!p || n == 0 || !(CARC_KIND_IS_MODULE(p->kind) || p->kind == CARC_DECISION_DEPLOY))
        return;
    int32_t *exact = malloc(n * sizeof *exact);
    ck_assert_ptr_nonnull(exact);
    size_t need = 0;
    ck_assert_int_eq(carc_game_legal_ids(g, exact, n, &need), CARC_OK);
    ck_assert_uint_eq(need, n);
    ck_assert(!memcmp(exact, ids, n * sizeof *ids));
    if (CARC_KIND_IS_MODULE(p->kind) && carc__modules[p->owner]->ids_checked &&
        !carc__figure_moves_vetoed(g)) {
        /* a module that checks its ids itself (no vetoes): not noted */
        for (size_t i = 0; i < n; i++)
            ck_assert_msg(!carc__listed_has(g, exact[i]), "id %d noted", exact[i]);
    } else if (CARC_KIND_IS_MODULE(p->kind)) {
        /* (a listing longer than the note is not noted) */
        for (size_t i = 0; i < n && n <= CARC__LISTED_MAX; i++)
            ck_assert_msg(carc__listed_has(g, exact[i]), "id %d listed, not noted", exact[i]);
    } else if (g->hookmask & HK_VERBS_CHECKED) {
        /* the verbs of modules that check them (verbs_checked, no vetoes):
         * not noted */
        for (size_t i = n; i-- > 0 && CARC_VERB_MODULE(exact[i]) >= 0;)
            ck_assert_msg(!carc__listed_has(g, exact[i]), "verb %d noted", exact[i]);
    } else {
        /* the module verbs: the listing's last ids, above the core's */
        for (size_t i = n; i-- > 0 && CARC_VERB_MODULE(exact[i]) >= 0;)
            ck_assert_msg(carc__listed_has(g, exact[i]), "verb %d listed, not noted", exact[i]);
    }
    free(exact);
    (*checked)++;
}

static void play(uint64_t mods, int players, uint64_t seed, int *checked)
{
    carc_game *g = new_game_mods(mods, players, seed);
    uint64_t rs = seed * 2654435761u + 1;
    int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
    while (!carc_game_is_terminal(g)) {
        check_decision(g, checked);
        if (carc__front(g)->kind == CARC_DECISION_PLACE) {
            check_place_rots(g, checked);
            check_repair_shape(g, checked);
        }
        check_gates(g, checked);
        check_repair_work(g, checked);
        check_segs_answers(g, checked, false);
        check_segs_answers(g, checked, true);
        check_veto_tile(g, checked);
        check_pile_chance(g, checked);
        if (sample_if_chance(g)) continue;
        size_t n;
        ck_assert_int_eq(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &n), CARC_OK);
        ck_assert_uint_gt(n, 0);
        check_note_exact(g, ids, n, checked);
        rs = rs * 6364136223846793005ull + 1442695040888963407ull;
        ck_assert_int_eq(carc_game_apply_id(g, ids[(rs >> 33) % n]), CARC_OK);
    }
    carc_game_free(g);
}

/* each module with the hook, with what it requires */
START_TEST(each_module)
{
    int m = _i;
    const carc_module_def *md = carc__modules[m];
    if (!md ||
        !(md->action_legal || md->place_rots || md->repair_shape || md->repair_work ||
          md->deploy_segs || md->may_deploy_segs || md->step_work || md->step_active ||
          md->step_ttags || md->pile_chance) ||
        carc_module_available(m) != 1)
        return;
    /* repair_side answers for repair_shape's CARC_REPAIR_SIDE candidates */
    ck_assert_msg(!md->repair_side || md->repair_shape, "module %s: repair_side without repair_shape",
                  md->name);
    int checked = 0;
    for (int game = 0; game < 3; game++)
        play((1ull << m) | md->requires, 2 + game, 700 + (uint64_t)game, &checked);
    ck_assert_int_gt(checked, 0);
}
END_TEST

START_TEST(all_modules)
{
    uint64_t mods = 0;
    for (int m = 1; m < CARC_MODULE_SLOTS; m++)
        if (carc_module_available(m) == 1) mods |= 1ull << m;
    int checked = 0;
    for (int game = 0; game < 3; game++) play(mods, 2 + game * 2, 900 + (uint64_t)game, &checked);
    ck_assert_int_gt(checked, 0);
}
END_TEST

/* One random step of g (rs: the choices' generator). */
static void step_random(carc_game *g, uint64_t *rs)
{
    if (carc_game_current_player(g) == CARC_PLAYER_CHANCE) {
        ck_assert_int_eq(carc_game_sample_chance(g, NULL), CARC_OK);
        return;
    }
    int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
    size_t n;
    ck_assert_int_eq(carc_game_legal_ids(g, ids, CARC_NUM_DISTINCT_ACTIONS, &n), CARC_OK);
    ck_assert_uint_gt(n, 0);
    *rs = *rs * 6364136223846793005ull + 1442695040888963407ull;
    ck_assert_int_eq(carc_game_apply_id(g, ids[(*rs >> 33) % n]), CARC_OK);
}

/* Two equal new games of module m (with base) for `seed`. */
static void two_games(int m, uint64_t seed, carc_game **a, carc_game **b)
{
    carc_options o;
    carc_options_init(&o);
    o.seed = seed;
    o.modules |= 1ull << m;
    ck_assert_int_eq(carc_game_new(a, &o), CARC_OK);
    ck_assert_int_eq(carc_game_new(b, &o), CARC_OK);
}

/* The listing the core keeps of a module's decision (listed_note)
 * holds every id listed, and is never taken for another game's: game a is
 * listed, then b -- at the same history length, a module's decision
 * pending where an id a listed decodes but is not legal -- is copied into
 * a; the note no longer answers for a, and that id is refused. */
START_TEST(listing_after_copy)
{
    int m = carc_module_by_name("tower");
    if (m < 0 || carc_module_available(m) != 1) return;
    int found = 0;
    for (uint64_t seed = 1; seed <= 60 && !found; seed++) {
        carc_game *a, *b;
        two_games(m, seed, &a, &b);
        uint64_t ra = seed, rb = seed + 1000;
        while (!found && !carc_game_is_terminal(a) && !carc_game_is_terminal(b)) {
            if (a->nhist < b->nhist) { step_random(a, &ra); continue; }
            if (b->nhist < a->nhist) { step_random(b, &rb); continue; }
            if (carc_game_current_player(a) >= 0 && carc_game_current_player(b) >= 0 &&
                CARC_KIND_IS_MODULE(carc__front(a)->kind) &&
                CARC_KIND_IS_MODULE(carc__front(b)->kind)) {
                static int32_t ia[CARC_NUM_DISTINCT_ACTIONS], ib[CARC_NUM_DISTINCT_ACTIONS];
                size_t na, nb;
                ck_assert_int_eq(carc_game_legal_ids(b, ib, CARC_NUM_DISTINCT_ACTIONS, &nb), CARC_OK);
                ck_assert_int_eq(carc_game_legal_ids(a, ia, CARC_NUM_DISTINCT_ACTIONS, &na), CARC_OK);
                for (size_t i = 0; i < na && !found; i++) {
                    bool in_b = false;
                    for (size_t j = 0; j < nb; j++) in_b |= ib[j] == ia[i];
                    carc_action x;
                    if (in_b || carc_action_from_id(b, ia[i], &x) != CARC_OK) continue;
                    /* a's listing is the last one, and noted; b becomes a */
                    ck_assert_int_eq(carc_game_legal_ids(a, ia, CARC_NUM_DISTINCT_ACTIONS, &na), CARC_OK);
                    for (size_t k = 0; k < na; k++) ck_assert(carc__listed_has(a, ia[k]));
                    ck_assert_int_eq(carc_game_copy(a, b), CARC_OK);
                    ck_assert(!carc__listed_has(a, ia[i]));
                    ck_assert_int_eq(carc_game_apply_id(a, ia[i]), CARC_E_ILLEGAL);
                    ck_assert(carc__state_equal(a, b));
                    found = 1;
                }
            }
            step_random(a, &ra);
        }
        carc_game_free(a);
        carc_game_free(b);
    }
    ck_assert_int_eq(found, 1);
}
END_TEST

/* The module verbs a deployment's listing ends with are noted
 * (listed_note: every verb listed, none of the core's ids), and a
 * verb applied while noted leaves the state its application without the
 * note leaves (a copy of the game, whose note the copy dropped: its
 * action_legal or the listing asked) -- on random games of Princess &
 * Dragon and of the Tower (fails with the note not taken at the
 * deployment); in a game whose verbs' modules check them
 * (HK_VERBS_CHECKED: Princess & Dragon alone) none is noted. */
START_TEST(deploy_verbs_noted)
{
    const char *names[] = {"princess_dragon", "tower"};
    int verbs = 0;
    for (size_t mi = 0; mi < sizeof names / sizeof names[0]; mi++) {
        int m = carc_module_by_name(names[mi]);
        if (m < 0 || carc_module_available(m) != 1) continue;
        for (uint64_t seed = 1; seed <= 8; seed++) {
            carc_game *a, *b;
            two_games(m, seed, &a, &b);
            uint64_t rs = seed;
            while (!carc_game_is_terminal(a)) {
                const carc_pending *p = carc__front(a);
                if (carc_game_current_player(a) >= 0 && p && p->kind == CARC_DECISION_DEPLOY) {
                    ck_assert_int_eq(carc_game_copy(b, a), CARC_OK);
                    static int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
                    size_t n;
                    ck_assert_int_eq(carc_game_legal_ids(a, ids, CARC_NUM_DISTINCT_ACTIONS, &n),
                                     CARC_OK);
                    int32_t verb = -1;
                    for (size_t i = 0; i < n; i++) {
                        bool is_verb = CARC_VERB_MODULE(ids[i]) >= 0;
                        /* (not noted when their modules check them:
                         * Princess & Dragon's, HK_VERBS_CHECKED) */
                        ck_assert(carc__listed_has(a, ids[i]) ==
                                  (is_verb && !(a->hookmask & HK_VERBS_CHECKED)));
                        if (is_verb) verb = ids[i];
                    }
                    if (verb >= 0) {
                        ck_assert_int_eq(carc_game_apply_id(a, verb), CARC_OK);
                        ck_assert(!carc__listed_has(b, verb));
                        ck_assert_int_eq(carc_game_apply_id(b, verb), CARC_OK);
                        ck_assert(carc__state_equal(a, b));
                        verbs++;
                        continue;
                    }
                }
                step_random(a, &rs);
            }
            carc_game_free(a);
            carc_game_free(b);
        }
    }
    ck_assert_int_gt(verbs, 0);
}
END_TEST

/* The 0.11 (s10) services Abbey & Mayor reads (lib/module.h) answer as
 * the ones they stand for, at every decision of random games of Abbey &
 * Mayor with Bridges, Castles & Bazaars (roads laid over tiles):
 * carc__tile_neighbours_in as carc__tile_neighbours, carc__figure_root as
 * carc__segment_root of the figure's tile and segment (-1 off a segment),
 * carc__root_followers_in as carc__root_followers; and
 * carc__tile_can_place_at: at a placement, true exactly in the cells of the
 * tile in hand's legal placements; false on a placed cell; and for the
 * abbey and the tile in hand carc__tile_can_place is true exactly when it
 * is true for some cell beside a placed tile (every open cell is one). */
START_TEST(s10_services_agree)
{
    int am = carc_module_by_name("abbey_mayor"), bcb = carc_module_by_name("bridges_castles");
    if (am < 0 || bcb < 0 || carc_module_available(am) != 1 || carc_module_available(bcb) != 1)
        return;
    long roots = 0, cells = 0, placeable = 0;
    for (uint64_t seed = 1; seed <= 3; seed++) {
        carc_options o;
        carc_options_init(&o);
        o.seed = seed;
        o.num_players = 2 + (int)seed % 2;
        o.modules |= 1ull << am | 1ull << bcb;
        carc_game *g;
        ck_assert_int_eq(carc_game_new(&g, &o), CARC_OK);
        int abbey = -1;
        for (int t = 0; t < carc__ntypes && abbey < 0; t++)
            if (carc__types[t].tags & carc__tile_tag_bit("abbey")) abbey = t;
        ck_assert_int_ge(abbey, 0);
        uint64_t rs = seed;
        while (!carc_game_is_terminal(g)) {
            const int nt = carc__tile_count(g);
            for (int t = -1; t <= nt; t++)
                ck_assert_int_eq(carc__tile_neighbours_in(g, t), carc__tile_neighbours(g, t));
            for (int i = -1; i <= carc__figure_count(g); i++) {
                int want = -1;
                if (i >= 0 && i < carc__figure_count(g)) {
                    carc_fig f;
                    carc__figure_get(g, i, &f);
                    if (f.where == CARC_PLACE_SEGMENT) want = carc__segment_root(g, f.tile, f.segment);
                }
                ck_assert_int_eq(carc__figure_root(g, i), want);
                if (want < 0) continue;
                ck_assert_int_eq(carc__root_followers_in(g, want), carc__root_followers(g, want));
                roots++;
            }
            /* at a placement: the cells of the tile in hand's legal placements */
            const carc_pending *pd = carc__front(g);
            static carc_action acts[CARC_NUM_DISTINCT_ACTIONS];
            size_t nacts = 0;
            if (pd && pd->kind == CARC_DECISION_PLACE && carc__tile_in_hand(g) >= 0)
                ck_assert_int_eq(carc_game_legal_actions(g, acts, CARC_NUM_DISTINCT_ACTIONS, &nacts),
                                 CARC_OK);
            for (int t = 0; nacts && t < nt; t++) {
                int x, y;
                carc__tile_xy(g, t, &x, &y);
                for (int d = 0; d < 4; d++) {
                    static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
                    bool listed = false;
                    for (size_t a = 0; a < nacts; a++)
                        listed |= acts[a].kind == CARC_ACTION_PLACE && acts[a].x == x + dx[d] &&
                                  acts[a].y == y + dy[d];
                    ck_assert(listed == carc__tile_can_place_at(g, carc__tile_in_hand(g),
                                                                 x + dx[d], y + dy[d]));
                    cells++;
                }
            }
            const int types[2] = {abbey, carc__tile_in_hand(g)};
            for (int k = 0; k < 2; k++) {
                if (types[k] < 0) continue;
                bool any = false;
                for (int t = 0; t < nt; t++) {
                    int x, y;
                    carc__tile_xy(g, t, &x, &y);
                    ck_assert(!carc__tile_can_place_at(g, types[k], x, y));
                    for (int d = 0; d < 4; d++) {
                        static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
                        any |= carc__tile_can_place_at(g, types[k], x + dx[d], y + dy[d]);
                        cells++;
                    }
                }
                ck_assert(any == carc__tile_can_place(g, types[k]));
                placeable += any;
            }
            step_random(g, &rs);
        }
        carc_game_free(g);
    }
    ck_assert_int_gt(roots, 1000);
    ck_assert_int_gt(cells, 10000);
    ck_assert_int_gt(placeable, 100);
}
END_TEST

/* carc__supply_deploy_segs (lib/module.h) answers as carc__figure_deploy_legal
 * of a figure from the player's supply, segment by segment, with no flags:
 * at every deployment decision of random games (Princess & Dragon with the
 * Tower, the Count, Big Top, Bridges; Traders & Builders and Abbey & Mayor
 * for deploy_segs; all modules), for every placed tile, player and kind
 * (0 when the supply holds none) and a cause (the turn's own, the portal,
 * the Dungeon's exit, the seduction in turn; the turn's own on the tile
 * just laid too), and 0 for bad arguments; carc__supply_deploy_any answers
 * whether that mask is not 0. */
static void supply_segs_game(uint64_t mods, int players, uint64_t seed, long *checked)
{
    static const int causes[] = {CARC_CAUSE_DEPLOY, CARC_CAUSE_PORTAL, CARC_CAUSE_DUNGEON_EXIT,
                                 CARC_CAUSE_SEDUCTION};
    carc_game *g = new_game_mods(mods, players, seed);
    uint64_t rs = seed * 2654435761u + 1;
    int ndeploy = 0;
    while (!carc_game_is_terminal(g)) {
        /* every other deployment, one cause each in turn (the suite's time) */
        if (carc__front(g)->kind == CARC_DECISION_DEPLOY && ndeploy++ % 2 == 0) {
            const size_t c = (size_t)(ndeploy / 2) % (sizeof causes / sizeof *causes);
            for (int t = 0; t < carc__tile_count(g); t++)
                for (int pl = 0; pl < g->nplayers; pl++)
                    for (int k = 0; k < CARC_FIGURE_KINDS; k++) {
                        const int f = carc__figure_in_supply(g, pl, k);
                        {
                            uint32_t each = 0;
                            for (int sg = 0; f >= 0 && sg < carc__tile_nseg(g, t); sg++)
                                if (carc__figure_deploy_legal(g, f, t, sg, causes[c], 0))
                                    each |= 1u << sg;
                            const uint32_t got =
                                carc__supply_deploy_segs(g, pl, k, t, causes[c]);
                            ck_assert_msg(got == each,
                                          "tile %d, player %d, kind %d, cause %d: %x, each %x",
                                          t, pl, k, causes[c], got, each);
                            ck_assert_msg(carc__supply_deploy_any(g, pl, k, t, causes[c]) ==
                                              (got != 0),
                                          "any: tile %d, player %d, kind %d, cause %d: %x", t,
                                          pl, k, causes[c], got);
                            *checked += each != 0;
                        }
                    }
            const int t = carc__tile_last(g);
            ck_assert_uint_eq(carc__supply_deploy_segs(g, -1, 0, t, CARC_CAUSE_DEPLOY), 0);
            ck_assert_uint_eq(carc__supply_deploy_segs(g, g->nplayers, 0, t, CARC_CAUSE_DEPLOY), 0);
            ck_assert_uint_eq(carc__supply_deploy_segs(g, 0, -1, t, CARC_CAUSE_DEPLOY), 0);
            ck_assert_uint_eq(carc__supply_deploy_segs(g, 0, CARC_FIGURE_KINDS, t, CARC_CAUSE_DEPLOY), 0);
            ck_assert_uint_eq(carc__supply_deploy_segs(g, 0, 0, -1, CARC_CAUSE_DEPLOY), 0);
            ck_assert_uint_eq(carc__supply_deploy_segs(g, 0, 0, carc__tile_count(g), CARC_CAUSE_DEPLOY), 0);
            ck_assert_uint_eq(carc__supply_deploy_segs(g, 0, 0, t, CARC_CAUSE_SCORED), 0);
            ck_assert(!carc__supply_deploy_any(g, -1, 0, t, CARC_CAUSE_DEPLOY));
            ck_assert(!carc__supply_deploy_any(g, g->nplayers, 0, t, CARC_CAUSE_DEPLOY));
            ck_assert(!carc__supply_deploy_any(g, 0, -1, t, CARC_CAUSE_DEPLOY));
            ck_assert(!carc__supply_deploy_any(g, 0, CARC_FIGURE_KINDS, t, CARC_CAUSE_DEPLOY));
            ck_assert(!carc__supply_deploy_any(g, 0, 0, -1, CARC_CAUSE_DEPLOY));
            ck_assert(!carc__supply_deploy_any(g, 0, 0, carc__tile_count(g), CARC_CAUSE_DEPLOY));
            ck_assert(!carc__supply_deploy_any(g, 0, 0, t, CARC_CAUSE_SCORED));
        }
        step_random(g, &rs);
    }
    carc_game_free(g);
}

START_TEST(supply_deploy_segs_agrees)
{
    const uint64_t pd = 1ull << CARC_MODULE_PRINCESS_DRAGON;
    const uint64_t sets[] = {
        pd,
        pd | 1ull << CARC_MODULE_TOWER,
        pd | 1ull << CARC_MODULE_COUNT,
        pd | 1ull << CARC_MODULE_BIG_TOP,
        pd | 1ull << CARC_MODULE_BRIDGES_CASTLES,
        1ull << CARC_MODULE_TRADERS_BUILDERS,
        1ull << CARC_MODULE_ABBEY_MAYOR,
    };
    long checked = 0;
    for (size_t i = 0; i < sizeof sets / sizeof *sets; i++)
        supply_segs_game(sets[i], 2 + (int)(i % 2), 1700 + (uint64_t)i, &checked);
    uint64_t all = 0;
    for (int m = 1; m < CARC_MODULE_SLOTS; m++)
        if (carc_module_available(m) == 1) all |= 1ull << m;
    supply_segs_game(all, 3, 1799, &checked);
    ck_assert_int_gt(checked, 10000);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("action_legal");
    TCase *tc = tcase_create("lists");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, each_module, 0, CARC_MODULE_SLOTS);
    tcase_add_test(tc, all_modules);
    tcase_add_test(tc, listing_after_copy);
    tcase_add_test(tc, s10_services_agree);
    tcase_add_test(tc, deploy_verbs_noted);
    tcase_add_test(tc, supply_deploy_segs_agrees);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
