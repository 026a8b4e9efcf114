/* The Dungeon (a cross-expansion variant: ../shared/spec/dungeon-variant.txt):
 * tunnels under Carcassonne with their entrances in the tower foundations.
 * Rulings: ../shared/rules/ambiguities.md E1-E9, A2, A6; doc/rules.md "The
 * Dungeon" says which rule each part implements and its source.  Requires
 * the Tower; uses Princess & Dragon (the dragon, the fairy), Abbey & Mayor
 * (the mayor, never the wagon), Inns & Cathedrals (the big meeple: the
 * flush) and the Big Top (the ringmaster, rule dungeon_pieces 2).
 *
 *  - entrances (E1): every placed tile with a tower foundation (tile tag
 *    `tower`, remembered as laid), whatever its tower's height (rule
 *    dungeon_entrances 1); 2: not a tower closed by a follower on top.
 *  - entering (E2): at the deployment of a tile that is an entrance,
 *    instead of a figure, "dungeon enter", then which piece from supply
 *    ("dungeon enter follower|big|mayor"; the ringmaster with rule
 *    dungeon_pieces 2; the mayor only when that tile has a city segment;
 *    never a wagon, builder, pig or barn), not while the dragon is in the
 *    dungeon.  The piece may then leave at once by another entrance
 *    ("dungeon exit X,Y", then the segment) or stay (pass).
 *  - leaving (E3): at any later deployment, instead of a figure, "dungeon
 *    leave", which piece ("dungeon leave N", its figure index), through
 *    which entrance ("dungeon exit X,Y"), onto which segment ("dungeon exit
 *    X,Y road N").  The entrance tile holds no other follower (one on the
 *    tower top counts), builder, pig or wagon; the segment is any feature
 *    not completed, even an occupied one (carc__figure_deploy with
 *    CARC_CAUSE_DUNGEON_EXIT and CARC_DEPLOY_OCCUPIED: the mayor's own rule
 *    keeps it to cities); onto the dragon's tile the piece is eaten.  While
 *    the dragon is in the dungeon only the piece the fairy stood beside at
 *    the start of the turn may leave (E4).
 *  - the dragon in (E5): a move of the dragon onto an entrance offered by
 *    another module (carc__figure_move_offer: a step of its flight) is
 *    taken over (CARC_MOVE_TAKEN: the flight ends).  With pieces in the
 *    dungeon it goes down at once and eats nothing; else the owners of
 *    followers (not wagons; rule dungeon_flee 2: meeples and mayors only)
 *    on that tile decide clockwise from the player who made the step
 *    whether they flee into the dungeon ("dungeon flee" or pass); then the
 *    fled ones go down, the dragon eats the rest (carc__pd_eat) and goes
 *    down.  While it is inside, nobody enters.
 *  - the dragon out (E6, E9): a volcano brings it out as usual (Princess &
 *    Dragon's move, which this module lets proceed); a dragon-symbol tile:
 *    after the scoring (before it, with pd_dragon_move 2: where the flight
 *    would start) the placing player chooses an entrance (not the fairy's
 *    tile; completed features allowed) or a volcano ("dungeon dragon X,Y");
 *    the dragon eats there and that was the flight's first step: the flight
 *    goes on with its second (carc__pd_flight_resume).
 *  - the fairy (E4): "dungeon fairy" at the deployment, then which of the
 *    player's pieces in the dungeon it stands beside ("dungeon fairy N"):
 *    held by this module (no +1 at the start of a turn there).  It leaves
 *    with its piece (beside it on the board); Princess & Dragon's fairy
 *    move takes it out to a follower on the board as usual.
 *  - the flush (E8, rule dungeon_flush 2; off by default): on a tile that
 *    is an entrance, with the dragon inside and a big meeple in supply,
 *    "dungeon flush" instead of a figure: the player chooses an entrance or
 *    volcano ("dungeon dragon X,Y"), the dragon eats there; no flight.
 *  - pieces inside (E7): held, so neither on the board nor in supply (no
 *    majority, no pig-throw distance, not captured, not eaten); at the end
 *    they score nothing and go home (FINAL_SCORING, after the scoring).
 */
#include "module.h"

#include <stdio.h>
#include <string.h>

#include "dungeon.h"
#include "modules/bridges_castles/bridges_castles.h"
#include "modules/princess_dragon/princess_dragon.h"
#include "modules/tower/tower.h"
#include "tiles_gen.h" /* CARC_TTAG_* (step_ttags) */

#define MOD CARC_MODULE_DUNGEON

/* rule options: slots 48-52 */
#define RULE_PIECES 48    /* E2: 1 normal, big, mayor; 2 also the ringmaster   */
#define RULE_ENTRANCES 49 /* E1: 1 every foundation; 2 not a closed tower      */
#define RULE_FLEE 50      /* E5: 1 any follower but a wagon; 2 meeples, mayors  */
#define RULE_FLUSH 51     /* E8: 1 off; 2 the optional flush                   */
#define RULE_PD_MOVE 27   /* Princess & Dragon's pd_dragon_move (read only)    */

/* its decisions */
#define DEC_KIND CARC_MODULE_KIND(MOD, 0)   /* entering: which piece from supply   */
#define DEC_PIECE CARC_MODULE_KIND(MOD, 1)  /* leaving: which piece                 */
#define DEC_TILE CARC_MODULE_KIND(MOD, 2)   /* through which entrance (arg: piece)  */
#define DEC_SEG CARC_MODULE_KIND(MOD, 3)    /* onto which segment (target: entrance) */
#define DEC_FLEE CARC_MODULE_KIND(MOD, 4)   /* flee from the dragon or not          */
#define DEC_DRAGON CARC_MODULE_KIND(MOD, 5) /* the dragon's exit (arg 1: a flush)   */
#define DEC_FAIRY CARC_MODULE_KIND(MOD, 6)  /* the fairy beside which piece         */

/* its actions */
#define ACT_ENTER CARC_MODULE_KIND(MOD, 0)    /* verb                          */
#define ACT_LEAVE CARC_MODULE_KIND(MOD, 1)    /* verb                          */
#define ACT_FLUSH CARC_MODULE_KIND(MOD, 2)    /* verb                          */
#define ACT_FAIRY CARC_MODULE_KIND(MOD, 3)    /* verb                          */
#define ACT_KIND CARC_MODULE_KIND(MOD, 4)     /* figure: the kind               */
#define ACT_PIECE CARC_MODULE_KIND(MOD, 5)    /* arg: figure index              */
#define ACT_TILE CARC_MODULE_KIND(MOD, 6)     /* arg: placed tile               */
#define ACT_SEG CARC_MODULE_KIND(MOD, 7)      /* target: tile, arg: segment     */
#define ACT_FLEE CARC_MODULE_KIND(MOD, 8)     /* arg: 0 stay, 1 flee           */
#define ACT_DRAGON CARC_MODULE_KIND(MOD, 9)   /* arg: placed tile               */
#define ACT_FAIRY_TO CARC_MODULE_KIND(MOD, 10) /* arg: figure index             */

#define VERB_ENTER CARC_VERB_ID(MOD, 0)
#define VERB_LEAVE CARC_VERB_ID(MOD, 1)
#define VERB_FLUSH CARC_VERB_ID(MOD, 2)
#define VERB_FAIRY CARC_VERB_ID(MOD, 3)

/* causes of its moves */
#define CAUSE_ENTER CARC_MODULE_KIND(MOD, 0)     /* a piece goes down             */
#define CAUSE_FLEE CARC_MODULE_KIND(MOD, 1)      /* a piece flees from the dragon */
#define CAUSE_DRAGON_IN CARC_MODULE_KIND(MOD, 2) /* the dragon goes down         */
#define CAUSE_DRAGON_OUT CARC_MODULE_KIND(MOD, 3) /* the dragon comes out        */
#define CAUSE_FAIRY CARC_MODULE_KIND(MOD, 4)     /* the fairy beside a piece     */
#define CAUSE_HOME CARC_MODULE_KIND(MOD, 5)      /* home at the end (E7)         */

/* why its actions are refused (carc_game_explain) */
#define WHY_NOT_NOW CARC_MODULE_KIND(MOD, 0)       /* not at this decision            */
#define WHY_DRAGON_INSIDE CARC_MODULE_KIND(MOD, 1) /* the dragon is in the dungeon    */
#define WHY_NOT_ENTRANCE CARC_MODULE_KIND(MOD, 2)  /* no entrance there               */
#define WHY_OCCUPIED CARC_MODULE_KIND(MOD, 3)      /* the exit tile holds a figure    */
#define WHY_COMPLETED CARC_MODULE_KIND(MOD, 4)     /* a completed feature             */
#define WHY_MAYOR_CITY CARC_MODULE_KIND(MOD, 5)    /* the mayor outside a city        */
#define WHY_KIND CARC_MODULE_KIND(MOD, 6)          /* wagon, builder...: never enters */
#define WHY_NO_PIECE CARC_MODULE_KIND(MOD, 7)      /* no such piece in supply/dungeon */
#define WHY_SAME_ENTRANCE CARC_MODULE_KIND(MOD, 8) /* out by the entrance it came in  */
#define WHY_FLUSH CARC_MODULE_KIND(MOD, 9)         /* the flush is not possible       */
#define WHY_DRAGON_TARGET CARC_MODULE_KIND(MOD, 10) /* no entrance or volcano there   */
#define WHY_FAIRY CARC_MODULE_KIND(MOD, 11)        /* the fairy cannot go there       */

/* tower foundations remembered as they are laid (The Tower has 18; a test
 * catalogue with more falls back to scanning every placed tile) */
#define ENT_MAX 48

typedef struct dungeon_state {
    uint32_t t_volcano, t_dragon, t_tower; /* tile tag bits (setup)           */
    int16_t dragon, fairy;        /* figure indices, -1 without P&D            */
    int16_t entered_fig;          /* the piece that went down this turn, or -1 */
    int16_t entered_tile;         /* and its entrance                          */
    int16_t escort;               /* the piece the fairy stood beside at the
                                     start of this turn, or -1 (E4)           */
    int16_t flee_tile;            /* the entrance the dragon stepped onto, or -1 */
    int8_t flee_by;               /* the player who made that step             */
    uint8_t flee_k;               /* the next owner to ask: by + flee_k        */
    uint8_t fled;                 /* players who chose to flee (bits)          */
    uint8_t pieces_of[CARC_MAX_PLAYERS]; /* pieces below, by player (figure_moved) */
    uint8_t nent;                 /* tower foundations laid, in ent[]          */
    uint8_t ent_overflow;         /* more than ENT_MAX: every tile is scanned  */
    int16_t ent[ENT_MAX];         /* their placed-tile orders, laid order      */
} dungeon_state;

static dungeon_state *st(carc_game *g) { return carc__mod_state(g, MOD); }
static const dungeon_state *cst(const carc_game *g) { return carc__mod_cstate(g, MOD); }

/* state_check (snapshots): the tag bits setup looked up, the figure
 * indices (dragon, fairy, the piece that went down, the escort), the
 * entrances and tiles noted, the flight from the dragon, and this module's
 * decisions in the queue (a player; an entrance tile; a piece). */
static bool state_check(const carc_game *g, const carc_pending *queue, int n)
{
    const dungeon_state *s = cst(g);
    int np = carc__players(g), nf = carc__figure_count(g), nt = carc__tile_count(g);
    if (s->t_volcano != carc__tile_tag_bit("volcano") ||
        s->t_dragon != carc__tile_tag_bit("dragon") || s->t_tower != carc__tile_tag_bit("tower"))
        return false;
    if (s->dragon < -1 || s->dragon >= nf || s->fairy < -1 || s->fairy >= nf ||
        s->entered_fig < -1 || s->entered_fig >= nf || s->escort < -1 || s->escort >= nf ||
        s->entered_tile < -1 || s->entered_tile >= nt || s->flee_tile < -1 ||
        s->flee_tile >= nt || s->flee_by < -1 || s->flee_by >= np || s->flee_k > np ||
        s->nent > ENT_MAX || s->ent_overflow > 1)
        return false;
    for (int i = 0; i < s->nent; i++) /* placed, ascending (note_foundation) */
        if (s->ent[i] < 0 || s->ent[i] >= nt || (i && s->ent[i] <= s->ent[i - 1])) return false;
    for (int p = np; p < CARC_MAX_PLAYERS; p++)
        if (s->pieces_of[p]) return false;
    for (int i = 0; i < n; i++) {
        const carc_pending *p = &queue[i];
        if (p->owner != MOD) continue;
        if (p->player < 0) return false;
        switch (p->kind) {
        case DEC_PIECE:
        case DEC_DRAGON:
        case DEC_FAIRY:
            break;
        case DEC_KIND:
        case DEC_FLEE:
            if (p->target < 0 || p->target >= nt) return false;
            break;
        case DEC_TILE:
            if (p->arg < 0 || p->arg > 0x1FF || (p->arg & 0xff) >= nf) return false;
            break;
        case DEC_SEG:
            if (p->target < 0 || p->target >= nt || p->arg < 0 || p->arg >= nf) return false;
            break;
        default:
            return false;
        }
    }
    return true;
}

static size_t state_size(const carc_options *o)
{
    (void)o;
    return sizeof(dungeon_state);
}

static const carc_rule_def rules[] = {
    {RULE_PIECES, "dungeon_pieces", 1, 1, 2},       /* E2: 1 follower/big/mayor, 2 + ringmaster */
    {RULE_ENTRANCES, "dungeon_entrances", 1, 1, 2}, /* E1: 1 every foundation, 2 open towers    */
    {RULE_FLEE, "dungeon_flee", 1, 1, 2},           /* E5: 1 followers but wagons, 2 meeples+mayor */
    {RULE_FLUSH, "dungeon_flush", 1, 1, 2},         /* E8: 1 off (recommended), 2 on            */
};

/* the pieces that may go down, with their notation words (the core's kind
 * words); the wagon is listed so that "dungeon enter wagon" reads and is
 * refused with its reason */
static const carc_arg_choice kind_words[] = {
    {CARC_FIGURE_FOLLOWER, CARC_FIGURE_FOLLOWER, "follower"},
    {CARC_FIGURE_BIG, CARC_FIGURE_BIG, "big"},
    {CARC_FIGURE_MAYOR, CARC_FIGURE_MAYOR, "mayor"},
    {CARC_FIGURE_WAGON, CARC_FIGURE_WAGON, "wagon"},
    {CARC_FIGURE_RINGMASTER, CARC_FIGURE_RINGMASTER, "ringmaster"},
};
#define NKINDS ((int)(sizeof kind_words / sizeof kind_words[0]))

/* remember placed tile t if it is a tower foundation */
static void note_foundation(carc_game *g, int t)
{
    dungeon_state *s = st(g);
    if (t < 0 || !(carc__types[carc__tile_type(g, t)].tags & s->t_tower)) return;
    /* laid in order, so ent ascends (state_check): t, the last tile laid
     * (or the next of setup's walk), can only be the last remembered */
    if (s->nent && s->ent[s->nent - 1] >= t) return;
    if (s->nent < ENT_MAX) s->ent[s->nent++] = (int16_t)t;
    else s->ent_overflow = 1;
}

static void setup(carc_game *g)
{
    dungeon_state *s = st(g);
    s->t_volcano = carc__tile_tag_bit("volcano");
    s->t_dragon = carc__tile_tag_bit("dragon");
    s->t_tower = carc__tile_tag_bit("tower");
    s->dragon = s->fairy = -1;
    s->entered_fig = s->entered_tile = s->escort = s->flee_tile = -1;
    for (int i = 0; i < carc__figure_count(g); i++) {
        carc_fig f;
        carc__figure_get(g, i, &f);
        if (f.kind == CARC_FIGURE_DRAGON) s->dragon = (int16_t)i;
        if (f.kind == CARC_FIGURE_FAIRY) s->fairy = (int16_t)i;
    }
    for (int t = 0; t < carc__tile_count(g); t++) note_foundation(g, t);
}

/* ------------------------------------------------------------- facts */

static bool held_here(const carc_fig *f)
{
    return f->where == CARC_PLACE_HELD && f->holder == MOD;
}

/* is figure i a piece in the dungeon (a player's, not the fairy or dragon)? */
static bool piece_in(const carc_game *g, int i)
{
    carc_fig f;
    carc__figure_get(g, i, &f);
    return held_here(&f) && f.owner >= 0 && f.arg == DUNGEON_PIECE_ARG;
}

static bool dragon_in(const carc_game *g)
{
    const dungeon_state *s = cst(g);
    if (s->dragon < 0) return false;
    carc_fig f;
    carc__figure_get(g, s->dragon, &f);
    return held_here(&f);
}

/* the piece the fairy stands beside in the dungeon, or -1 */
static int fairy_piece(const carc_game *g)
{
    const dungeon_state *s = cst(g);
    if (s->fairy < 0) return -1;
    carc_fig f;
    carc__figure_get(g, s->fairy, &f);
    return held_here(&f) && f.arg >= DUNGEON_FAIRY_ARG ? f.arg - DUNGEON_FAIRY_ARG : -1;
}

int carc__dungeon_dragon_in(const carc_game *g)
{
    return g && carc__module_enabled(g, MOD) && dragon_in(g);
}

int carc__dungeon_pieces(const carc_game *g, int player)
{
    if (!g || !carc__module_enabled(g, MOD) || player >= carc__players(g)) return 0;
    const dungeon_state *s = cst(g);
    if (player >= 0) return s->pieces_of[player];
    int c = 0;
    for (int p = 0; p < carc__players(g); p++) c += s->pieces_of[p];
    return c;
}

/* carc_game_dungeon (public, CARCVAR_0.7): who is below, the dragon and
 * the fairy there, the entrances. */
static bool entrance(const carc_game *g, int t);
static int ncand(const carc_game *g);
static int cand(const carc_game *g, int k);

CARC_API int carc_game_dungeon(const carc_game *g, carc_dungeon_info *out)
{
    if (!g || !out) return CARC_E_INVALID;
    if (!carc__module_enabled(g, MOD)) return CARC_E_NOTFOUND;
    memset(out, 0, sizeof *out);
    for (int i = 0; i < carc__figure_count(g); i++) {
        carc_fig f;
        carc__figure_get(g, i, &f);
        if (held_here(&f) && f.owner >= 0 && f.owner < CARC_MAX_PLAYERS) {
            out->num_pieces++;
            out->pieces_of[f.owner]++;
        }
    }
    out->dragon_inside = dragon_in(g);
    out->fairy_piece = fairy_piece(g);
    for (int k = 0; k < ncand(g); k++) out->num_entrances += entrance(g, cand(g, k));
    return CARC_OK;
}

/* ------------------------------------------------------------- helpers */

static uint32_t tile_tags(const carc_game *g, int t)
{
    return t >= 0 ? carc__types[carc__tile_type(g, t)].tags : 0;
}

static int tile_nseg(const carc_game *g, int t)
{
    return carc__types[carc__tile_type(g, t)].nseg;
}

/* E1: is placed tile t a dungeon entrance? */
static bool entrance(const carc_game *g, int t)
{
    if (t < 0 || t >= carc__tile_count(g) || !(tile_tags(g, t) & cst(g)->t_tower)) return false;
    return carc__rule(g, RULE_ENTRANCES) == 1 || carc__tower_top(g, t) < 0;
}

/* the candidates for an entrance: the foundations laid (every placed tile
 * after an overflow), k from 0 while k < ncand */
static int ncand(const carc_game *g)
{
    const dungeon_state *s = cst(g);
    return s->ent_overflow ? carc__tile_count(g) : s->nent;
}

static int cand(const carc_game *g, int k)
{
    const dungeon_state *s = cst(g);
    return s->ent_overflow ? k : s->ent[k];
}

static bool has_city(const carc_game *g, int t)
{
    for (int sg = 0; sg < tile_nseg(g, t); sg++)
        if (carc__root_kind(g, carc__segment_root(g, t, sg)) == CARC_FEATURE_CITY) return true;
    return false;
}

/* E2: may a piece of `kind` go down (the kind alone)? */
static bool kind_may_enter(const carc_game *g, int kind)
{
    switch (kind) {
    case CARC_FIGURE_FOLLOWER:
    case CARC_FIGURE_BIG:
    case CARC_FIGURE_MAYOR:
        return true;
    case CARC_FIGURE_RINGMASTER:
        return carc__rule(g, RULE_PIECES) == 2;
    default:
        return false;
    }
}

/* enter_fig once t is known to be an entrance and the dragon not down */
static int enter_fig_at(const carc_game *g, int player, int kind, int t)
{
    if (!kind_may_enter(g, kind)) return -1;
    if (kind == CARC_FIGURE_MAYOR && !has_city(g, t)) return -1;
    int fig = carc__figure_in_supply(g, player, kind);
    if (fig < 0) return -1;
    if (!carc__figure_may_move(g, fig, CARC_PLACE_HELD, -1, DUNGEON_PIECE_ARG, CAUSE_ENTER))
        return -1;
    return fig;
}

/* the figure of player's `kind` that would go down through tile t, or -1 */
static int enter_fig(const carc_game *g, int player, int kind, int t)
{
    if (!entrance(g, t) || dragon_in(g)) return -1;
    return enter_fig_at(g, player, kind, t);
}

/* the entrance and the dragon asked once, not per kind; only the kinds
 * in the player's supply (carc__figure_supply_kinds: enter_fig_at finds no
 * figure of another) */
static bool any_enter(const carc_game *g, int player, int t)
{
    if (!entrance(g, t) || dragon_in(g)) return false;
    unsigned kinds = carc__figure_supply_kinds(g, player);
    if (!kinds) return false;
    /* no module vetoes a move: a kind that may enter with one in supply is
     * enough (enter_fig_at's figure is only asked carc__figure_may_move) */
    bool vetoed = carc__figure_moves_vetoed(g);
    for (int k = 0; k < NKINDS; k++) {
        int kind = kind_words[k].value;
        if (!(kinds >> kind & 1u)) continue;
        if (vetoed ? enter_fig_at(g, player, kind, t) >= 0
                   : kind_may_enter(g, kind) && (kind != CARC_FIGURE_MAYOR || has_city(g, t)))
            return true;
    }
    return false;
}

/* E3: does placed tile t hold a follower (the tower top's too), builder,
 * pig or wagon other than figure `fig`? */
static bool tile_blocked(const carc_game *g, int t, int fig)
{
    /* the figures standing on t (an attached one never blocks): the records
     * read in place, the walk ending after the last of them */
    int left = carc__tile_figure_count(g, t);
    if (!left) return false;
    const char *F = (const char *)g + (uint32_t)carc__head_word(g, CARC__HEAD_FIGS_OFF);
    for (int i = 0, n = carc__figure_count(g); i < n && left; i++) {
        const char *r = F + (size_t)i * CARC__FIG_BYTES;
        const uint8_t where = (uint8_t)r[CARC__FIG_WHERE];
        if (where != CARC_PLACE_SEGMENT && where != CARC_PLACE_TILE) continue;
        uint16_t ft;
        memcpy(&ft, r + CARC__FIG_TILE, sizeof ft);
        if (ft != t) continue;
        left--;
        if (i == fig) continue;
        carc_fig f;
        carc__figure_get(g, i, &f);
        if (f.owner < 0) continue;
        if ((carc__figure_kind_classes(g, f.kind) & CARC_CLASS_FOLLOWER) ||
            f.kind == CARC_FIGURE_BUILDER || f.kind == CARC_FIGURE_PIG)
            return true;
    }
    return false;
}

static bool exit_seg_ok(const carc_game *g, int fig, int t, int sg)
{
    return carc__figure_deploy_legal(g, fig, t, sg, CARC_CAUSE_DUNGEON_EXIT, CARC_DEPLOY_OCCUPIED);
}

/* may piece fig come out through placed tile t (some segment)? */
static bool exit_tile_ok(const carc_game *g, int fig, int t)
{
    const dungeon_state *s = cst(g);
    if (!entrance(g, t) || (fig == s->entered_fig && t == s->entered_tile)) return false;
    if (tile_blocked(g, t, fig)) return false;
    for (int sg = 0; sg < tile_nseg(g, t); sg++)
        if (exit_seg_ok(g, fig, t, sg)) return true;
    return false;
}

/* may piece fig of player p leave now (the dragon, the fairy: E3, E4)? */
static bool may_leave_now(const carc_game *g, int p, int fig)
{
    if (fig < 0 || fig >= carc__figure_count(g) || fig >= CARC_ID_FIGURE_N) return false;
    carc_fig f;
    carc__figure_get(g, fig, &f);
    if (!held_here(&f) || f.owner != p || f.arg != DUNGEON_PIECE_ARG) return false;
    return !dragon_in(g) || fig == cst(g)->escort;
}

static bool piece_may_exit(const carc_game *g, int p, int fig)
{
    if (!may_leave_now(g, p, fig)) return false;
    for (int k = 0; k < ncand(g); k++)
        if (exit_tile_ok(g, fig, cand(g, k))) return true;
    return false;
}

static bool any_leave(const carc_game *g, int p)
{
    if (!cst(g)->pieces_of[p]) return false;
    int n = carc__figure_count(g);
    for (int i = 0; i < n && i < CARC_ID_FIGURE_N; i++)
        if (piece_in(g, i) && piece_may_exit(g, p, i)) return true;
    return false;
}

/* E6, E8: may the dragon come out onto placed tile t? */
static bool dragon_target(const carc_game *g, int t)
{
    if (t < 0 || t >= carc__tile_count(g)) return false;
    uint32_t tags = tile_tags(g, t);
    if (!(tags & cst(g)->t_volcano) && !((tags & cst(g)->t_tower) && entrance(g, t))) return false;
    if (t == carc__pd_fairy_tile(g)) return false;
    return carc__figure_may_move(g, cst(g)->dragon, CARC_PLACE_TILE, t, 0, CAUSE_DRAGON_OUT);
}

static bool any_dragon_target(const carc_game *g)
{
    for (int t = 0; t < carc__tile_count(g); t++)
        if (dragon_target(g, t)) return true;
    return false;
}

static bool flush_ok(const carc_game *g, int p, int t)
{
    return carc__rule(g, RULE_FLUSH) == 2 && dragon_in(g) && entrance(g, t) &&
           carc__figure_supply(g, p, CARC_FIGURE_BIG) > 0 && any_dragon_target(g);
}

/* E4: may player p's fairy move go beside piece fig in the dungeon? */
static bool fairy_target(const carc_game *g, int p, int fig)
{
    const dungeon_state *s = cst(g);
    if (s->fairy < 0 || fig < 0 || fig >= carc__figure_count(g) || fig >= CARC_ID_FIGURE_N)
        return false;
    carc_fig f;
    carc__figure_get(g, fig, &f);
    if (!held_here(&f) || f.owner != p || f.arg != DUNGEON_PIECE_ARG || fairy_piece(g) == fig)
        return false;
    return carc__figure_may_move(g, s->fairy, CARC_PLACE_HELD, -1, DUNGEON_FAIRY_ARG + fig,
                                 CAUSE_FAIRY);
}

static bool any_fairy_target(const carc_game *g, int p)
{
    if (cst(g)->fairy < 0 || !cst(g)->pieces_of[p]) return false;
    int n = carc__figure_count(g);
    for (int i = 0; i < n && i < CARC_ID_FIGURE_N; i++)
        if (fairy_target(g, p, i)) return true;
    return false;
}

/* E5: may figure fig flee from the dragon into the dungeon? */
static bool may_flee(const carc_game *g, int fig, int t)
{
    carc_fig f;
    carc__figure_get(g, fig, &f);
    if (f.owner < 0 || (f.where != CARC_PLACE_SEGMENT && f.where != CARC_PLACE_TILE) || f.tile != t)
        return false;
    unsigned cl = (unsigned)carc__figure_kind_classes(g, f.kind);
    if (!(cl & CARC_CLASS_FOLLOWER) || !(cl & CARC_CLASS_EATABLE) || f.kind == CARC_FIGURE_WAGON)
        return false;
    if (carc__rule(g, RULE_FLEE) == 2 && f.kind != CARC_FIGURE_FOLLOWER &&
        f.kind != CARC_FIGURE_BIG && f.kind != CARC_FIGURE_MAYOR)
        return false;
    int tiles[2];
    if (carc__bcb_castle_of(g, fig, tiles)) return false; /* never eaten: no need */
    return carc__figure_may_move(g, fig, CARC_PLACE_HELD, -1, DUNGEON_PIECE_ARG, CAUSE_FLEE);
}

static bool owner_may_flee(const carc_game *g, int p, int t)
{
    int figs[CARC_ID_FIGURE_N];
    int n = carc__tile_figures(g, t, figs, CARC_ID_FIGURE_N);
    for (int i = 0; i < n && i < CARC_ID_FIGURE_N; i++) {
        carc_fig f;
        carc__figure_get(g, figs[i], &f);
        if (f.owner == p && may_flee(g, figs[i], t)) return true;
    }
    return false;
}

/* ------------------------------------------------------------- the dragon */

/* after the flee answers: the fled pieces go down, the dragon eats the
 * rest and goes down (E5) */
static int dragon_down(carc_game *g)
{
    dungeon_state *s = st(g);
    int t = s->flee_tile, rc;
    s->flee_tile = -1;
    for (bool moved = true; moved && s->fled;) { /* re-read after each move */
        moved = false;
        int figs[CARC_ID_FIGURE_N];
        int n = carc__tile_figures(g, t, figs, CARC_ID_FIGURE_N);
        for (int i = 0; i < n && i < CARC_ID_FIGURE_N; i++) {
            carc_fig f;
            carc__figure_get(g, figs[i], &f);
            if (f.owner < 0 || !(s->fled >> f.owner & 1u) || !may_flee(g, figs[i], t)) continue;
            rc = carc__figure_move(g, figs[i], CARC_PLACE_HELD, -1, -1, DUNGEON_PIECE_ARG, MOD,
                                   CAUSE_FLEE);
            if (rc < 0) return rc;
            moved = true;
            break;
        }
    }
    s->fled = 0;
    rc = carc__pd_eat(g, t);
    if (rc < 0) return rc;
    rc = carc__figure_move(g, s->dragon, CARC_PLACE_HELD, -1, -1, DUNGEON_DRAGON_ARG, MOD,
                           CAUSE_DRAGON_IN);
    return rc < 0 ? rc : CARC_OK;
}

/* the next owner to decide whether to flee (clockwise from the player who
 * made the step), or -1 */
static int next_fleer(carc_game *g)
{
    dungeon_state *s = st(g);
    int n = carc__players(g);
    for (; s->flee_k < n; s->flee_k++) {
        int p = (s->flee_by + s->flee_k) % n;
        if (owner_may_flee(g, p, s->flee_tile)) return p;
    }
    return -1;
}

/* E5: a move of the dragon onto an entrance ends in the dungeon */
static int intercept_move(carc_game *g, const carc_move *m)
{
    dungeon_state *s = st(g);
    if (s->dragon < 0 || m->fig != s->dragon || m->where != CARC_PLACE_TILE || !entrance(g, m->tile))
        return CARC_MOVE_PROCEED;
    s->flee_tile = (int16_t)m->tile;
    s->flee_by = (int8_t)m->by;
    s->flee_k = 0;
    s->fled = 0;
    if (carc__dungeon_pieces(g, -1) > 0) { /* it rushes in, eating nothing */
        s->flee_tile = -1;
        int rc = carc__figure_move(g, s->dragon, CARC_PLACE_HELD, -1, -1, DUNGEON_DRAGON_ARG, MOD,
                                   CAUSE_DRAGON_IN);
        return rc < 0 ? rc : CARC_MOVE_TAKEN;
    }
    int p = next_fleer(g);
    if (p >= 0) {
        int rc = carc__decision_push(g, DEC_FLEE, p, MOD, m->tile, 0);
        return rc < 0 ? rc : CARC_MOVE_TAKEN;
    }
    int rc = dragon_down(g);
    return rc < 0 ? rc : CARC_MOVE_TAKEN;
}

/* E6, E9: a dragon-symbol tile brings the dragon out of the dungeon where
 * the flight would start */
static int dragon_out(carc_game *g, bool before)
{
    const dungeon_state *s = cst(g);
    if ((carc__rule(g, RULE_PD_MOVE) == 2) != before) return CARC_HOOK_NEXT;
    int t = carc__tile_last(g);
    if (t < 0 || !(tile_tags(g, t) & s->t_dragon) || !dragon_in(g) || !any_dragon_target(g))
        return CARC_HOOK_NEXT;
    carc__decision_push(g, DEC_DRAGON, carc__current(g), MOD, -1, 0);
    return CARC_HOOK_NEXT;
}

static int dragon_out_before(carc_game *g) { return dragon_out(g, true); }
static int dragon_out_after(carc_game *g) { return dragon_out(g, false); }

/* ------------------------------------------------------------- steps */

/* TURN_START: nothing went down yet; the fairy's piece may leave (E4) */
static int turn_start(carc_game *g)
{
    dungeon_state *s = st(g);
    s->entered_fig = s->entered_tile = -1;
    s->escort = (int16_t)fairy_piece(g);
    return CARC_HOOK_NEXT;
}

/* AFTER_PLACE, first: a foundation just laid is an entrance to remember */
static int note_placed(carc_game *g)
{
    note_foundation(g, carc__tile_last(g));
    return CARC_HOOK_NEXT;
}

/* every move: the count of pieces below, by player */
static void figure_moved(carc_game *g, int fig, const carc_fig *from, int cause)
{
    (void)cause;
    carc_fig f;
    carc__figure_get(g, fig, &f);
    bool was = held_here(from) && from->owner >= 0, is = held_here(&f) && f.owner >= 0;
    if (was == is || f.owner >= CARC_MAX_PLAYERS) return;
    dungeon_state *s = st(g);
    if (is) s->pieces_of[f.owner]++;
    else s->pieces_of[f.owner]--;
}

/* FINAL_SCORING, after the scoring: the pieces inside go home, unscored */
static int go_home(carc_game *g)
{
    int n = carc__figure_count(g);
    for (int i = 0; i < n; i++)
        if (piece_in(g, i)) carc__figure_move(g, i, CARC_PLACE_SUPPLY, -1, 0, 0, 0, CAUSE_HOME);
    return CARC_HOOK_NEXT;
}

/* ------------------------------------------------------------ decisions */

static void deploy_actions(const carc_game *g, const carc_pending *p, action_sink *sink)
{
    const dungeon_state *s = cst(g);
    int t = p->target, pl = p->player;
    if (t < 0) return;
    /* the verbs' first conditions read here, once: entering and the flush
     * need a foundation (entrance), leaving and the fairy a piece below */
    bool foundation = t < carc__tile_count(g) && (tile_tags(g, t) & s->t_tower);
    if (foundation && any_enter(g, pl, t)) carc__sink_push_kind(sink, ACT_ENTER, 0, 0, VERB_ENTER);
    if (!s->pieces_of[pl] && !foundation) return;
    if (any_leave(g, pl)) carc__sink_push_kind(sink, ACT_LEAVE, 0, 0, VERB_LEAVE);
    if (foundation && flush_ok(g, pl, t)) carc__sink_push_kind(sink, ACT_FLUSH, 0, 0, VERB_FLUSH);
    if (any_fairy_target(g, pl)) carc__sink_push_kind(sink, ACT_FAIRY, 0, 0, VERB_FAIRY);
}

static void push_pass(action_sink *sink)
{
    carc__sink_push_kind(sink, CARC_ACTION_PASS, 0, 0, CARC_ID_PASS);
}

static void decision_actions(const carc_game *g, const carc_pending *p, action_sink *sink)
{
    int pl = p->player, n = carc__figure_count(g);
    switch (p->kind) {
    case DEC_KIND:
        for (int k = 0; k < NKINDS; k++) {
            int fk = kind_words[k].value;
            if (enter_fig(g, pl, fk, p->target) >= 0) {
                carc_action a = {0};
                a.kind = ACT_KIND;
                a.figure = fk;
                carc__sink_push(sink, &a, CARC_ID_NUMBER + fk);
            }
        }
        break;
    case DEC_PIECE:
        for (int i = 0; i < n && i < CARC_ID_FIGURE_N; i++)
            if (piece_in(g, i) && piece_may_exit(g, pl, i))
                carc__sink_push_kind(sink, ACT_PIECE, i, 0, CARC_ID_FIGURE + i);
        break;
    case DEC_TILE:
        if (p->arg & 0x100) push_pass(sink); /* just went down: it may stay */
        for (int k = 0; k < ncand(g); k++) /* laid order: ids ascending */
            if (exit_tile_ok(g, p->arg & 0xff, cand(g, k)))
                carc__sink_push_kind(sink, ACT_TILE, cand(g, k), 0, CARC_ID_TILE + cand(g, k));
        break;
    case DEC_SEG:
        for (int sg = 0; sg < tile_nseg(g, p->target); sg++)
            if (exit_seg_ok(g, p->arg, p->target, sg))
                carc__sink_push_kind(sink, ACT_SEG, sg, p->target, CARC_ID_KIND_SEG + sg);
        break;
    case DEC_FLEE: /* no pass: staying is a choice of its own (the dragon eats) */
        carc__sink_push_kind(sink, ACT_FLEE, 0, 0, CARC_ID_NUMBER);
        carc__sink_push_kind(sink, ACT_FLEE, 1, 0, CARC_ID_NUMBER + 1);
        break;
    case DEC_DRAGON:
        for (int t = 0; t < carc__tile_count(g); t++)
            if (dragon_target(g, t)) carc__sink_push_kind(sink, ACT_DRAGON, t, 0, CARC_ID_TILE + t);
        break;
    case DEC_FAIRY:
        for (int i = 0; i < n && i < CARC_ID_FIGURE_N; i++)
            if (fairy_target(g, pl, i)) carc__sink_push_kind(sink, ACT_FAIRY_TO, i, 0, CARC_ID_FIGURE + i);
        break;
    default:
        break;
    }
}

/* Is action a listed now at decision p (deploy_actions' verbs, or
 * decision_actions')?  The same answer as the lists, one question: the
 * core's check before decision_apply (test_dungeon.c compares it with the
 * lists on random games). */
static bool action_legal(const carc_game *g, const carc_pending *p, const carc_action *a)
{
    int pl = p->player, n = carc__figure_count(g);
    if (n > CARC_ID_FIGURE_N) n = CARC_ID_FIGURE_N;
    switch (p->kind) {
    case CARC_DECISION_DEPLOY:
        if (p->target < 0) return false;
        if (a->kind == ACT_ENTER) return any_enter(g, pl, p->target);
        if (a->kind == ACT_LEAVE) return any_leave(g, pl);
        if (a->kind == ACT_FLUSH) return flush_ok(g, pl, p->target);
        if (a->kind == ACT_FAIRY) return any_fairy_target(g, pl);
        return false;
    case DEC_KIND:
        if (a->kind != ACT_KIND) return false;
        for (int k = 0; k < NKINDS; k++)
            if (kind_words[k].value == a->figure) return enter_fig(g, pl, a->figure, p->target) >= 0;
        return false;
    case DEC_PIECE:
        return a->kind == ACT_PIECE && a->arg >= 0 && a->arg < n && piece_in(g, a->arg) &&
               piece_may_exit(g, pl, a->arg);
    case DEC_TILE:
        if (a->kind == CARC_ACTION_PASS) return (p->arg & 0x100) != 0;
        if (a->kind != ACT_TILE) return false;
        for (int k = 0; k < ncand(g); k++)
            if (cand(g, k) == a->arg) return exit_tile_ok(g, p->arg & 0xff, a->arg);
        return false;
    case DEC_SEG:
        return a->kind == ACT_SEG && a->arg >= 0 && a->arg < tile_nseg(g, p->target) &&
               exit_seg_ok(g, p->arg, p->target, a->arg);
    case DEC_FLEE:
        return a->kind == ACT_FLEE && (a->arg == 0 || a->arg == 1);
    case DEC_DRAGON:
        return a->kind == ACT_DRAGON && dragon_target(g, a->arg);
    case DEC_FAIRY:
        return a->kind == ACT_FAIRY_TO && a->arg >= 0 && a->arg < n && fairy_target(g, pl, a->arg);
    default:
        return false;
    }
}

/* piece fig comes out onto segment sg of entrance t: the fairy beside it
 * comes along; onto the dragon's tile it is eaten (E3, E4) */
static int come_out(carc_game *g, int fig, int t, int sg)
{
    const dungeon_state *s = cst(g);
    bool escorted = fairy_piece(g) == fig;
    int rc = carc__figure_deploy(g, fig, t, sg, CARC_CAUSE_DUNGEON_EXIT, CARC_DEPLOY_OCCUPIED);
    if (rc < 0) return rc;
    if (escorted) {
        rc = carc__figure_move(g, s->fairy, CARC_PLACE_ATTACHED, -1, 0, fig, 0, CAUSE_FAIRY);
        if (rc < 0) return rc;
    }
    if (t == carc__pd_dragon_tile(g)) rc = carc__pd_eat(g, t);
    return rc < 0 ? rc : CARC_OK;
}

static int decision_apply(carc_game *g, const carc_pending *p, const carc_action *a)
{
    dungeon_state *s = st(g);
    int pl = p->player, rc;
    switch (a->kind) {
    case ACT_ENTER:
        return carc__decision_followup(g, DEC_KIND, pl, MOD, p->target, 0);
    case ACT_LEAVE:
        return carc__decision_followup(g, DEC_PIECE, pl, MOD, -1, 0);
    case ACT_FLUSH:
        return carc__decision_followup(g, DEC_DRAGON, pl, MOD, -1, 1);
    case ACT_FAIRY:
        return carc__decision_followup(g, DEC_FAIRY, pl, MOD, -1, 0);
    case ACT_KIND: {
        int fig = enter_fig(g, pl, a->figure, p->target);
        if (fig < 0) return CARC_E_ILLEGAL;
        rc = carc__figure_move(g, fig, CARC_PLACE_HELD, -1, -1, DUNGEON_PIECE_ARG, MOD, CAUSE_ENTER);
        if (rc < 0) return rc;
        s->entered_fig = (int16_t)fig;
        s->entered_tile = (int16_t)p->target;
        for (int k = 0; k < ncand(g); k++)
            if (exit_tile_ok(g, fig, cand(g, k)))
                return carc__decision_followup(g, DEC_TILE, pl, MOD, -1, 0x100 | fig);
        return CARC_OK;
    }
    case ACT_PIECE:
        return carc__decision_followup(g, DEC_TILE, pl, MOD, -1, a->arg);
    case ACT_TILE:
        return carc__decision_followup(g, DEC_SEG, pl, MOD, a->arg, p->arg & 0xff);
    case ACT_SEG:
        return come_out(g, p->arg, p->target, a->arg);
    case CARC_ACTION_PASS: /* a piece just down stays there */
        return CARC_OK;
    case ACT_FLEE: {
        if (a->arg == 1) s->fled |= (uint8_t)(1u << pl);
        s->flee_k++;
        int q = next_fleer(g);
        if (q >= 0) return carc__decision_followup(g, DEC_FLEE, q, MOD, s->flee_tile, 0);
        return dragon_down(g);
    }
    case ACT_DRAGON:
        rc = carc__figure_move(g, s->dragon, CARC_PLACE_TILE, a->arg, 0, 0, 0, CAUSE_DRAGON_OUT);
        if (rc < 0) return rc;
        rc = carc__pd_eat(g, a->arg);
        if (rc < 0) return rc;
        if (p->arg == 0) carc__pd_flight_resume(g); /* that was step 1 */
        return CARC_OK;
    case ACT_FAIRY_TO:
        rc = carc__figure_move(g, s->fairy, CARC_PLACE_HELD, -1, -1, DUNGEON_FAIRY_ARG + a->arg, MOD,
                               CAUSE_FAIRY);
        return rc < 0 ? rc : CARC_OK;
    default:
        return CARC_E_ILLEGAL;
    }
}

/* ------------------------------------------------------------ ids, text */

static const carc_action_def actions[] = {
    {ACT_ENTER, "dungeon enter", CARC_AT_DEPLOY, VERB_ENTER, {{0}}},
    {ACT_LEAVE, "dungeon leave", CARC_AT_DEPLOY, VERB_LEAVE, {{0}}},
    {ACT_FLUSH, "dungeon flush", CARC_AT_DEPLOY, VERB_FLUSH, {{0}}},
    {ACT_FAIRY, "dungeon fairy", CARC_AT_DEPLOY, VERB_FAIRY, {{0}}},
    {ACT_KIND, "dungeon enter", CARC_AT(0), CARC_ID_NUMBER, {CARC_ARG_CHOICE(figure, kind_words)}},
    {ACT_PIECE, "dungeon leave", CARC_AT(1), CARC_ID_FIGURE,
     {CARC_ARG_INT(arg, 0, CARC_ID_FIGURE_N - 1)}},
    {ACT_TILE, "dungeon exit", CARC_AT(2), CARC_ID_TILE, {CARC_ARG_TILE(arg)}},
    {ACT_SEG, "dungeon exit", CARC_AT(3), CARC_ID_KIND_SEG, {CARC_ARG_TARGET, CARC_ARG_SEGMENT(arg)}},
    {ACT_FLEE, "dungeon stay", CARC_AT(4), CARC_ID_NUMBER, {CARC_ARG_FIXED(arg, 0)}},
    {ACT_FLEE, "dungeon flee", CARC_AT(4), CARC_ID_NUMBER + 1, {CARC_ARG_FIXED(arg, 1)}},
    {ACT_DRAGON, "dungeon dragon", CARC_AT(5), CARC_ID_TILE, {CARC_ARG_TILE(arg)}},
    {ACT_FAIRY_TO, "dungeon fairy", CARC_AT(6), CARC_ID_FIGURE,
     {CARC_ARG_INT(arg, 0, CARC_ID_FIGURE_N - 1)}},
};

/* ------------------------------------------------------------ explain */

static const char *kind_word(int k)
{
    static const char *const names[CARC_FIGURE_KINDS] = {
        "follower", "big meeple", "mayor", "wagon", "barn", "builder", "pig", "ringmaster",
        "fairy", "dragon", "Count", "Big Top"};
    return k >= 0 && k < CARC_FIGURE_KINDS && names[k] ? names[k] : "figure";
}

static void cell_of(const carc_game *g, int t, int *x, int *y)
{
    *x = *y = 0;
    if (t >= 0 && t < carc__tile_count(g)) carc__tile_xy(g, t, x, y);
}

/* why piece fig may not come out through tile t (E3) */
static void explain_exit_tile(const carc_game *g, int fig, int t, carc_explanation *out)
{
    const dungeon_state *s = cst(g);
    int x, y;
    cell_of(g, t, &x, &y);
    char *m = out->message;
    size_t cap = sizeof out->message;
    if (!entrance(g, t)) {
        out->reason = WHY_NOT_ENTRANCE;
        snprintf(m, cap, "%d,%d is no dungeon entrance: pieces come out only through a tile with "
                 "a tower foundation%s", x, y,
                 carc__rule(g, RULE_ENTRANCES) == 2 ? " whose tower no follower closes" : "");
    } else if (fig == s->entered_fig && t == s->entered_tile) {
        out->reason = WHY_SAME_ENTRANCE;
        snprintf(m, cap, "the piece went down through %d,%d this turn: it may come out at once "
                 "only by a different entrance", x, y);
    } else if (tile_blocked(g, t, fig)) {
        out->reason = WHY_OCCUPIED;
        snprintf(m, cap, "the entrance %d,%d holds another follower (on the tower too), builder, "
                 "pig or wagon: a piece comes out only through an entrance tile with none", x, y);
    } else {
        carc_fig f;
        carc__figure_get(g, fig, &f);
        out->reason = f.kind == CARC_FIGURE_MAYOR ? WHY_MAYOR_CITY : WHY_COMPLETED;
        snprintf(m, cap, f.kind == CARC_FIGURE_MAYOR
                             ? "%d,%d has no city segment of an uncompleted city: the mayor "
                               "comes out only onto a city"
                             : "every feature on %d,%d is completed: a piece comes out only "
                               "onto a feature not completed",
                 x, y);
    }
}

static bool explain(const carc_game *g, const carc_action *a, carc_explanation *out)
{
    const carc_pending *d = carc__decision_pending(g);
    if (!d || !CARC_KIND_IS_MODULE(a->kind) || CARC_KIND_MODULE(a->kind) != MOD) {
        /* a pass at its decision that cannot be passed */
        if (d && a->kind == CARC_ACTION_PASS && CARC_KIND_IS_MODULE(d->kind) &&
            CARC_KIND_MODULE(d->kind) == MOD) {
            out->reason = WHY_NOT_NOW;
            snprintf(out->message, sizeof out->message,
                     "this choice of the Dungeon cannot be passed: choose one of the offered "
                     "actions");
            return true;
        }
        return false;
    }
    char *m = out->message;
    size_t cap = sizeof out->message;
    int pl = d->player, x, y;
    bool at_deploy = d->kind == CARC_DECISION_DEPLOY && d->target >= 0 &&
                     !(d->flags & CARC_PENDING_QUEUED_DEPLOY);
    switch (a->kind) {
    case ACT_ENTER:
    case ACT_KIND:
        if (a->kind == ACT_ENTER ? !at_deploy : d->kind != DEC_KIND) break;
        {
            int t = d->target;
            cell_of(g, t, &x, &y);
            if (dragon_in(g)) {
                out->reason = WHY_DRAGON_INSIDE;
                snprintf(m, cap, "the dragon is in the dungeon: no piece may go down while it is "
                         "there");
            } else if (!entrance(g, t)) {
                out->reason = WHY_NOT_ENTRANCE;
                snprintf(m, cap, "the tile just laid (%d,%d) is no dungeon entrance: a piece goes "
                         "down only on a turn whose tile has a tower foundation", x, y);
            } else if (a->kind == ACT_KIND && !kind_may_enter(g, a->figure)) {
                out->reason = WHY_KIND;
                snprintf(m, cap, "a %s never goes into the dungeon: only a follower, a big "
                         "meeple or a mayor%s", kind_word(a->figure),
                         carc__rule(g, RULE_PIECES) == 2 ? " (or the ringmaster)" : "");
            } else if (a->kind == ACT_KIND && a->figure == CARC_FIGURE_MAYOR && !has_city(g, t)) {
                out->reason = WHY_MAYOR_CITY;
                snprintf(m, cap, "the mayor goes down only through an entrance tile with a city "
                         "segment, and %d,%d has none", x, y);
            } else {
                out->reason = WHY_NO_PIECE;
                snprintf(m, cap, a->kind == ACT_KIND
                                     ? "you have no %s in your supply that may go down"
                                     : "you have no %s (nor big meeple or mayor) in your supply "
                                       "that may go down",
                         kind_word(a->kind == ACT_KIND ? a->figure : CARC_FIGURE_FOLLOWER));
            }
            return true;
        }
    case ACT_LEAVE:
    case ACT_PIECE:
        if (a->kind == ACT_LEAVE ? !at_deploy : d->kind != DEC_PIECE) break;
        if (dragon_in(g) && (a->kind == ACT_LEAVE || a->arg != cst(g)->escort)) {
            out->reason = WHY_DRAGON_INSIDE;
            snprintf(m, cap, "the dragon is in the dungeon: only a piece the fairy stood beside "
                     "at the start of the turn may leave");
        } else if (a->kind == ACT_PIECE && !may_leave_now(g, pl, a->arg)) {
            out->reason = WHY_NO_PIECE;
            snprintf(m, cap, "figure %d is none of your pieces in the dungeon", a->arg);
        } else {
            out->reason = WHY_OCCUPIED;
            snprintf(m, cap, "no entrance lets %s out now: each holds another follower, builder, "
                     "pig or wagon, or only completed features",
                     a->kind == ACT_LEAVE ? "any of your pieces" : "that piece");
        }
        return true;
    case ACT_TILE:
        if (d->kind != DEC_TILE) break;
        explain_exit_tile(g, d->arg & 0xff, a->arg, out);
        return true;
    case ACT_SEG:
        if (d->kind != DEC_SEG) break;
        {
            int fig = d->arg;
            carc_fig f;
            carc__figure_get(g, fig, &f);
            int k = a->arg >= 0 && a->arg < tile_nseg(g, d->target)
                        ? carc__root_kind(g, carc__segment_root(g, d->target, a->arg))
                        : -1;
            if (f.kind == CARC_FIGURE_MAYOR && k != CARC_FEATURE_CITY) {
                out->reason = WHY_MAYOR_CITY;
                snprintf(m, cap, "the mayor comes out only onto a city segment");
            } else {
                out->reason = WHY_COMPLETED;
                snprintf(m, cap, "that feature is completed (or no one may stand on it): a piece "
                         "comes out onto a feature not completed, occupied or not");
            }
            return true;
        }
    case ACT_FLUSH:
        if (!at_deploy) break;
        out->reason = WHY_FLUSH;
        snprintf(m, cap, carc__rule(g, RULE_FLUSH) != 2
                             ? "the flush is an optional rule not in play (dungeon_flush 2)"
                             : "the flush needs the dragon in the dungeon, a tile just laid that "
                               "is an entrance and a big meeple in your supply");
        return true;
    case ACT_DRAGON:
        if (d->kind != DEC_DRAGON) break;
        cell_of(g, a->arg, &x, &y);
        out->reason = WHY_DRAGON_TARGET;
        snprintf(m, cap, "the dragon comes out onto a dungeon entrance or a volcano that the "
                 "fairy does not stand on; %d,%d is not one", x, y);
        return true;
    case ACT_FAIRY:
    case ACT_FAIRY_TO:
        if (a->kind == ACT_FAIRY ? !at_deploy : d->kind != DEC_FAIRY) break;
        out->reason = WHY_FAIRY;
        snprintf(m, cap, "the fairy goes beside one of your own pieces in the dungeon that it is "
                 "not beside already");
        return true;
    case ACT_FLEE:
        if (d->kind != DEC_FLEE) break;
        return false;
    default:
        break;
    }
    out->reason = WHY_NOT_NOW;
    snprintf(m, cap, "that action of the Dungeon does not answer the pending decision");
    return true;
}

/* the words for the places in the dungeon, in the pictures ("held by
 * dungeon: below: player 1's follower; lair: the dragon") */
static const char *held_place(const carc_game *g, int arg)
{
    (void)g;
    return arg == DUNGEON_PIECE_ARG ? "below" : arg == DUNGEON_DRAGON_ARG ? "lair" : "beside a piece";
}

/* ------------------------------------------------------------ the module */

static const carc_step_hook steps[] = {
    {CARC_STEP_TURN_START, 0, turn_start},
    {CARC_STEP_AFTER_PLACE, -200, note_placed},          /* before any dragon moves  */
    {CARC_STEP_BEFORE_SCORING, -160, dragon_out_before}, /* before P&D's flight (-150) */
    {CARC_STEP_AFTER_SCORING, 40, dragon_out_after},     /* before P&D's flight (50)   */
    {CARC_STEP_FINAL_SCORING, 100, go_home},             /* after the scoring (0)      */
};

/* the dragon leaves the dungeon before or after the scoring by P&D's
 * pd_dragon_move, and only when a dragon tile was laid; an entrance only
 * when a tower tile was laid */
static bool step_active(const carc_game *g, int i)
{
    if (i == 2) return carc__rule(g, RULE_PD_MOVE) == 2;
    if (i == 3) return carc__rule(g, RULE_PD_MOVE) != 2;
    return true;
}
static const uint32_t step_ttags[] = {0, CARC_TTAG_TOWER, CARC_TTAG_DRAGON, CARC_TTAG_DRAGON, 0};
_Static_assert(sizeof step_ttags / sizeof step_ttags[0] == sizeof steps / sizeof steps[0],
               "a step_ttags entry per step hook");

const carc_module_def carc__module_dungeon = {
    .id = MOD,
    .name = "dungeon",
    .rules = rules,
    .nrules = sizeof rules / sizeof rules[0],
    .requires = 1ull << CARC_MODULE_TOWER,
    .uses = (1ull << CARC_MODULE_PRINCESS_DRAGON) | (1ull << CARC_MODULE_ABBEY_MAYOR) |
            (1ull << CARC_MODULE_INNS_CATHEDRALS) | (1ull << CARC_MODULE_BIG_TOP),
    .state_size = state_size,
    .state_check = state_check,
    /* a deployment alternative (three follow-ups), a flee answer per player,
     * the dragon's exit */
    .decisions_per_tile = 3 + CARC_MAX_PLAYERS + 1,
    /* an exit adds an owner to a feature: its scoring's event */
    .events_per_tile = 1,
    .max_pending = 2,
    .steps = steps,
    .nsteps = sizeof steps / sizeof steps[0],
    .step_active = step_active,
    .step_ttags = step_ttags,
    .setup = setup,
    .decision_actions = decision_actions,
    .decision_apply = decision_apply,
    .action_legal = action_legal,
    .actions = actions,
    .nactions = sizeof actions / sizeof actions[0],
    .deploy_actions = deploy_actions,
    .figure_moved = figure_moved,
    .intercept_move = intercept_move,
    .explain = explain,
    .held_place = held_place,
};
