/* Why an action is refused (carc_game_explain): a read-only question.
 *
 * What carc_game_apply would return is found by applying the action to a
 * copy, so the answer's code can never disagree with apply; the reason and
 * the message come from looking at the state the way the rules do, in the
 * order apply checks them.  A refusal a module caused (its own action
 * kinds, its decisions, its vetoes) is explained by the module's `explain`
 * hook (lib/module.h), or as CARC_REASON_FORBIDDEN when it has none. */
#include "core/state.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const side_names[4] = {"north", "east", "south", "west"};

static void say(carc_explanation *out, int reason, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void say(carc_explanation *out, int reason, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    out->reason = reason;
    vsnprintf(out->message, sizeof out->message, fmt, ap);
    va_end(ap);
}

static const char *edge_word(int ek)
{
    return ek == EK_CITY ? "city" : ek == EK_ROAD ? "road" : ek == EK_FIELD ? "field" : "edge";
}

static const char *fig_word(int kind)
{
    const char *n = carc__figure_name(kind);
    return n ? n : "figure";
}

/* Ask one module; true if it explained the refusal. */
static bool ask(const carc_module_def *md, const carc_game *g, const carc_action *a,
                carc_explanation *out)
{
    if (!md || !md->explain || !carc__module_on(g, md->id)) return false;
    carc_explanation e = *out;
    if (!md->explain(g, a, &e)) return false;
    e.message[sizeof e.message - 1] = 0;
    e.code = out->code; /* the code is apply's, never the module's */
    *out = e;
    return true;
}

/* Ask every enabled module (a veto refused the action); the first that
 * explains it wins. */
static bool ask_all(const carc_game *g, const carc_action *a, carc_explanation *out)
{
    for (int k = 0; k < g->nmods; k++)
        if (ask(carc__mod(g, k), g, a, out)) return true;
    return false;
}

static void forbidden(const carc_game *g, const carc_action *a, carc_explanation *out,
                      const char *what)
{
    if (!ask_all(g, a, out))
        say(out, CARC_REASON_FORBIDDEN, "a rule of a module in play forbids %s here", what);
}

/* The rotations of the tile in hand that may be laid in cell f (bit set):
 * edges match or a module repairs the mismatch, and no veto. */
static unsigned fitting_rotations(const carc_game *g, const front *f)
{
    return carc__legal_rots(g, f, g->drawn);
}

static void explain_place(const carc_game *g, const carc_action *a, carc_explanation *out)
{
    const char *tname = carc__types[g->drawn].name;
    if (a->kind == CARC_ACTION_PASS && carc__repair_possible(g)) {
        /* a tile that fits only by a repair, declined where the rules in
         * play say it must still be placed (the pass would be listed) */
        const front *F = CFRONT(g);
        bool plain = false;
        CARC_FOR_LIVE(g, k, fi) {
            plain = carc__types[g->drawn].fit[F[fi].req] != 0;
            if (plain) break;
        }
        if (!plain) {
            say(out, CARC_REASON_WRONG_KIND,
                "you cannot pass: tile %s fits only with a repair, and the rules in play say "
                "it must still be placed (see the legal cells)",
                tname);
            return;
        }
    }
    if (a->kind != CARC_ACTION_PLACE) {
        say(out, CARC_REASON_WRONG_KIND,
            "%s: tile %s must be placed now, e.g. 'place X,Y r0' (see the legal cells)",
            a->kind == CARC_ACTION_PASS ? "you cannot pass" : "not now", tname);
        return;
    }
    if (a->rotation < 0 || a->rotation > 3) {
        say(out, CARC_REASON_OUT_OF_RANGE, "rotation %d does not exist: use r0, r1, r2 or r3",
            a->rotation);
        return;
    }
    if (!carc__cell_in_range(a->x, a->y)) {
        say(out, CARC_REASON_NOT_ADJACENT, "cell %d,%d is far from the board: place next to a tile",
            a->x, a->y);
        return;
    }
    int c = carc__cell_get(g, a->x, a->y);
    if (c >= 0) {
        say(out, CARC_REASON_CELL_TAKEN, "cell %d,%d already holds tile %s: choose an empty cell",
            a->x, a->y, carc__types[CTILES(g)[c].type].name);
        return;
    }
    int fi = carc__front_of(g, a->x, a->y);
    if (fi < 0) {
        say(out, CARC_REASON_NOT_ADJACENT,
            "cell %d,%d touches no tile: a tile must be placed next to one already on the board",
            a->x, a->y);
        return;
    }
    const front *f = &CFRONT(g)[fi];
    const tile_type *ty = &carc__types[g->drawn];
    char fits[32] = "";
    unsigned ok = fitting_rotations(g, f);
    for (int r = 0; r < 4; r++)
        if ((ok >> r) & 1) {
            size_t l = strlen(fits);
            snprintf(fits + l, sizeof fits - l, "%sr%d", l ? " " : "", r);
        }
    char hint[64];
    if (ok) snprintf(hint, sizeof hint, "; here %s fits %s", tname, fits);
    else snprintf(hint, sizeof hint, "; %s fits no rotation here", tname);
    if (!((ty->fit[f->req] >> a->rotation) & 1) &&
        !carc__repairable(g, f, g->drawn, a->rotation)) {
        /* a road against a field that no module repairs: the module that
         * could (a bridge) may say why not (none left) */
        if ((g->hookmask & HK_REPAIR) && carc__repair_sides(f, g->drawn, a->rotation) &&
            ask_all(g, a, out))
            return;
        for (int d = 0; d < 4; d++) {
            if (!((f->mask >> (2 * d)) & 3)) continue;
            int want = (f->req >> (2 * d)) & 3;
            int mine = (ty->code[a->rotation] >> (2 * d)) & 3;
            if (((ty->wild[a->rotation] >> d) & 1) || mine == want) continue;
            out->side = d;
            say(out, CARC_REASON_EDGE_MISMATCH, "%s side: your %s meets a %s%s", side_names[d],
                edge_word(mine), edge_word(want), hint);
            return;
        }
        say(out, CARC_REASON_EDGE_MISMATCH, "the tile's edges do not match its neighbours%s",
            hint);
        return;
    }
    if (!((ok >> a->rotation) & 1)) forbidden(g, a, out, "this placement");
}

/* A player holding the feature of placed segment s (the lowest figure). */
static int holder_of(const carc_game *g, int root)
{
    const figure *F = CFIGS(g);
    for (uint32_t i = 0; i < g->nfigs; i++)
        if (F[i].where == CARC_PLACE_SEGMENT && carc__find(g, F[i].seg) == root) return F[i].owner;
    return -1;
}

static void explain_deploy(const carc_game *g, const carc_pending *p, const carc_action *a,
                           carc_explanation *out)
{
    if (a->kind != CARC_ACTION_DEPLOY) {
        say(out, CARC_REASON_WRONG_KIND,
            "the tile is placed: deploy a figure on it (e.g. 'deploy follower road N') or 'pass'");
        return;
    }
    if (a->figure < 0 || a->figure >= CARC_FIGURE_KINDS) {
        say(out, CARC_REASON_OUT_OF_RANGE, "there is no figure kind %d", a->figure);
        return;
    }
    const char *fw = fig_word(a->figure);
    if (p->target < 0) {
        say(out, CARC_REASON_NOT_OFFERED, "there is no tile to deploy on: pass");
        return;
    }
    int t = p->target, nseg = carc__tile_nseg(g, t);
    const char *tname = carc__types[CTILES(g)[t].type].name;
    if (a->segment < 0 || a->segment >= nseg) {
        say(out, CARC_REASON_OUT_OF_RANGE, "tile %s has segments 0..%d, not %d", tname, nseg - 1,
            a->segment);
        return;
    }
    if (g->kind_owner[a->figure] == 255) {
        say(out, CARC_REASON_NO_FIGURE, "there is no %s in this game", fw);
        return;
    }
    if (g->supply[p->player][a->figure] == 0) {
        say(out, CARC_REASON_NO_FIGURE,
            "you have no %s left in your supply: wait until one comes back, or pass", fw);
        return;
    }
    int s = carc__seg_of(g, t, a->segment);
    int root = carc__find(g, s);
    const seg *rs = &CSEGS(g)[root];
    const char *feat = carc__feature_name(rs->kind);
    /* the rule of carc__figure_deploy_legal (lib/core/turn.c, deploy_rule),
     * in its order: a follower's claim, then the kind's own rule
     * (deploy_allowed, which counts on the claim being checked), then the
     * vetoes */
    int cause = p->arg;
    bool own = !(p->flags & CARC_PENDING_QUEUED_DEPLOY);
    unsigned bit = 1u << a->figure;
    if (g->kind_class[a->figure] & CARC_CLASS_FOLLOWER) {
        bool claimable = rs->kind <= CARC_FEATURE_FIELD || carc__kind_claimable(rs->kind);
        if (!claimable) {
            say(out, CARC_REASON_NOT_CLAIMABLE, "a %s cannot be claimed", feat);
            return;
        }
        if (rs->figs > 0) {
            out->player = holder_of(g, root);
            if (out->player >= 0)
                say(out, CARC_REASON_OCCUPIED,
                    "this %s is already occupied by player %d: choose an unoccupied feature or pass",
                    feat, out->player);
            else
                say(out, CARC_REASON_OCCUPIED,
                    "this %s is already occupied: choose an unoccupied feature or pass", feat);
            return;
        }
        if (rs->flags & SF_COMPLETE) {
            say(out, CARC_REASON_NOT_CLAIMABLE, "this %s is already complete", feat);
            return;
        }
        if (!own && (carc__seg_closed(rs) ||
                     (rs->kind == CARC_FEATURE_MONASTERY && CTILES(g)[rs->tile].nb8 == 8))) {
            say(out, CARC_REASON_NOT_CLAIMABLE,
                "this %s is complete: a deployment on another tile than the one just placed "
                "needs an unfinished feature", feat);
            return;
        }
    } else if (!(g->kind_custom & bit)) {
        say(out, CARC_REASON_NOT_CLAIMABLE, "a %s does not claim features", fw);
        return;
    }
    if (g->kind_custom & bit) {
        const carc_module_def *md = carc__modules[g->kind_owner[a->figure]];
        if (!md->deploy_allowed(g, p->player, a->figure, t, a->segment, cause)) {
            if (!ask(md, g, a, out))
                say(out, CARC_REASON_NOT_CLAIMABLE, "a %s may not stand on that %s", fw, feat);
            return;
        }
    }
    forbidden(g, a, out, "this deployment");
}

static void explain_draw(const carc_game *g, const carc_action *a, carc_explanation *out)
{
    if (a->kind != CARC_ACTION_DRAW) {
        say(out, CARC_REASON_WRONG_KIND,
            "a tile must be drawn first (a chance decision): 'draw TILE', or let the game sample it");
        return;
    }
    if (a->tile < 0 || a->tile >= carc__ntypes) {
        say(out, CARC_REASON_OUT_OF_RANGE, "there is no tile type %d (0..%d)", a->tile,
            carc__ntypes - 1);
        return;
    }
    if (CREMAIN(g)[a->tile] == 0) {
        say(out, CARC_REASON_NOT_IN_BAG, "no tile %s is left to draw (%d tiles left in all)",
            carc__types[a->tile].name, g->total_remaining);
        return;
    }
    forbidden(g, a, out, "drawing this tile");
}

/* The reason and message of a refused action (out->code is set). */
static void diagnose(const carc_game *g, const carc_action *a, carc_explanation *out)
{
    const carc_pending *p = carc__front(g);
    if ((g->flags & TF_FAULT) || out->code == CARC_E_LIMIT) {
        say(out, CARC_REASON_FAULT,
            "the game reached a bound it declared (a defect: please report it); it takes no more actions");
        return;
    }
    if (!p || carc__is_over(g)) {
        say(out, CARC_REASON_GAME_OVER, "the game is over: no more actions");
        return;
    }
    if (a->kind < 0 || (a->kind > CARC_ACTION_PASS && !CARC_KIND_IS_MODULE(a->kind))) {
        say(out, CARC_REASON_UNKNOWN_KIND, "there is no action kind %d", a->kind);
        return;
    }
    if (CARC_KIND_IS_MODULE(a->kind)) {
        const carc_module_def *md = carc__owner_of_kind(a->kind);
        if (!md || !carc__module_on(g, md->id)) {
            say(out, CARC_REASON_UNKNOWN_KIND, "action kind %d belongs to no module of this game",
                a->kind);
            return;
        }
        if (p->kind == CARC_DECISION_DEPLOY && (p->flags & CARC_PENDING_QUEUED_DEPLOY)) {
            say(out, CARC_REASON_NOT_OFFERED,
                "this deployment on another tile offers only figures: deploy one or pass");
            return;
        }
        /* the owner, then a module whose veto refused it */
        if (!ask(md, g, a, out) && !ask_all(g, a, out))
            say(out, CARC_REASON_NOT_OFFERED, "this %s action is not among the legal actions now",
                md->name);
        return;
    }
    switch (p->kind) {
    case CARC_DECISION_DRAW: explain_draw(g, a, out); return;
    case CARC_DECISION_PLACE: explain_place(g, a, out); return;
    case CARC_DECISION_DEPLOY: explain_deploy(g, p, a, out); return;
    default: {
        const carc_module_def *md = p->owner < CARC_MODULE_SLOTS ? carc__modules[p->owner] : NULL;
        if (ask(md, g, a, out) || ask_all(g, a, out)) return;
        say(out, CARC_REASON_WRONG_KIND, "a decision of module %s is pending: %s",
            md ? md->name : "?", "choose one of its legal actions");
        return;
    }
    }
}

int carc__explain(const carc_game *g, const carc_action *a, carc_explanation *out)
{
    memset(out, 0, sizeof *out);
    out->side = out->player = out->position = -1;
    /* what apply would answer, from a copy (a refused apply changes
     * nothing, so the copy is only needed when the action is legal) */
    carc_game *c;
    int rc = carc_game_clone(&c, g);
    if (rc) return rc;
    out->code = carc_game_apply(c, a);
    carc_game_free(c);
    if (out->code == CARC_OK) {
        say(out, CARC_REASON_LEGAL, "legal");
        return CARC_OK;
    }
    diagnose(g, a, out);
    if (out->reason == CARC_REASON_LEGAL) /* no reason found: say so, never "legal" */
        say(out, CARC_REASON_NOT_OFFERED, "not among the legal actions now");
    return CARC_OK;
}

int carc_game_explain(const carc_game *game, const carc_action *a, carc_explanation *out)
{
    if (!carc__valid(game) || !a || !out) return CARC_E_INVALID;
    return carc__explain(game, a, out);
}

int carc_game_explain_text(const carc_game *game, const char *text, carc_explanation *out)
{
    if (!carc__valid(game) || !text || !out) return CARC_E_INVALID;
    carc_action a;
    int pos = 0;
    char msg[160];
    int rc = carc__parse_action(game, text, &a, &pos, msg, sizeof msg);
    if (rc == CARC_OK) return carc__explain(game, &a, out);
    memset(out, 0, sizeof *out);
    out->side = out->player = -1;
    out->position = pos;
    if (rc == CARC_E_STATE) {
        out->code = CARC_E_STATE;
        say(out, carc__is_over(game) ? CARC_REASON_GAME_OVER : CARC_REASON_WRONG_KIND, "%s", msg);
    } else {
        out->code = CARC_E_PARSE;
        say(out, CARC_REASON_MALFORMED, "at character %d: %s", pos + 1, msg);
    }
    return CARC_OK;
}
