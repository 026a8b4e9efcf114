/* Integer action ids (doc/actions.md): from a structured action and back,
 * in the context of the pending decision.  Ids are typed by argument
 * (CARC_ID_* ranges in lib/module.h); the decision kind says which ranges
 * it uses, and module action kinds go to the module that owns them: to its
 * declared forms (carc_action_def, below: ids and text), then to its
 * hand-written hooks. */
#include "core/state.h"

#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

_Static_assert(CARC_ID_KIND_SEG == 4097, "base ids moved: deploy ids start at 4097");
_Static_assert(CARC_MAX_TILES <= 256 && CARC_ID_CELL_N == 4096, "place ids need 16 per tile");
_Static_assert(CARC_MAX_SEGMENTS == 32, "deploy ids use 32 segments per kind");
_Static_assert(CARC_ID_NUMBER == 5257 && CARC_ID_VERB_MORE == 6281,
               "ids moved: the second verb block starts where the numbers end");
_Static_assert(CARC_ID_END <= HIST_ID_MASK + 1, "the history keeps ids in 13 bits");

/* The module that owns a module action or decision kind, or NULL. */
const carc_module_def *carc__owner_of_kind(int kind)
{
    if (!CARC_KIND_IS_MODULE(kind)) return NULL;
    return carc__modules[CARC_KIND_MODULE(kind)];
}

const carc_pending *carc__decision_pending(const carc_game *g) { return carc__front(g); }

/* ------------------------------------------------------ declared actions */

/* Coordinates a declared cell or tile argument may be written with (the
 * core's `place` reads the same). */
#define XY_MAX 30000

static int32_t get_member(const carc_action *a, const carc_action_arg *r)
{
    int32_t v;
    memcpy(&v, (const char *)a + r->member, sizeof v);
    return v;
}

static void set_member(carc_action *a, const carc_action_arg *r, int32_t v)
{
    memcpy((char *)a + r->member, &v, sizeof v);
}

static bool placed(const carc_game *g, int32_t t) { return t >= 0 && t < carc__tile_count(g); }

/* segments of placed tile t: its type's, and a road laid over it */
static int tile_segments(const carc_game *g, int t)
{
    const ptile *pt = &CTILES(g)[t];
    return carc__types[pt->type].nseg + (pt->overlay_seg != NO_OVERLAY);
}

static bool numbered(const carc_action_arg *r)
{
    return r->type != CARC_ARGT_FIXED && r->type != CARC_ARGT_TARGET;
}

/* Does argument r accept the value action a holds?  Ranges first: a host's
 * fields may hold anything.  *off receives its id offset when it is
 * numbered.  for_id: a cell must hold a placed tile, and a target must be
 * the pending decision's (what an id says); text needs neither. */
static bool arg_accepts(const carc_game *g, const carc_action_arg *r, const carc_action *a,
                        bool for_id, int32_t *off)
{
    int32_t v = get_member(a, r);
    switch (r->type) {
    case CARC_ARGT_FIXED:
        return v == r->lo;
    case CARC_ARGT_INT:
        if (v < r->lo || v > r->hi) return false;
        *off = v - r->lo;
        return true;
    case CARC_ARGT_CHOICE:
        for (int i = 0; i < r->nchoices; i++)
            if (r->choices[i].value == v) {
                *off = r->choices[i].offset;
                return true;
            }
        return false;
    case CARC_ARGT_TILE:
        *off = v;
        return placed(g, v);
    case CARC_ARGT_CELL:
        if (a->x < -XY_MAX || a->x > XY_MAX || a->y < -XY_MAX || a->y > XY_MAX) return false;
        *off = carc__tile_at(g, a->x, a->y);
        return !for_id || *off >= 0;
    case CARC_ARGT_TILE_TYPE:
        *off = v;
        return v >= 0 && v < carc__ntypes;
    case CARC_ARGT_TARGET: {
        const carc_pending *p = carc__front(g);
        return placed(g, v) && (!for_id || (p && p->target == v));
    }
    case CARC_ARGT_SEGMENT:
        *off = v;
        return placed(g, a->target) && v >= 0 && v < tile_segments(g, a->target);
    default:
        return false;
    }
}

/* The form of action a (its kind's first form whose arguments accept it),
 * or NULL; *off: the numbered argument's id offset (0 without one). */
static const carc_action_def *form_of(const carc_game *g, const carc_module_def *md,
                                      const carc_action *a, bool for_id, int32_t *off)
{
    for (int i = 0; i < md->nactions; i++) {
        const carc_action_def *d = &md->actions[i];
        if (d->kind != a->kind) continue;
        bool ok = true;
        *off = 0;
        for (int k = 0; ok && k < CARC_ACTION_ARGS && d->args[k].type; k++)
            ok = arg_accepts(g, &d->args[k], a, for_id, off);
        if (ok) return d;
    }
    return NULL;
}

static bool declares(const carc_module_def *md, int kind)
{
    for (int i = 0; i < md->nactions; i++)
        if (md->actions[i].kind == kind) return true;
    return false;
}

/* Action of form d for id at decision p, or false. */
static bool form_decode(const carc_game *g, const carc_action_def *d, const carc_pending *p,
                        int32_t id, carc_action *out)
{
    memset(out, 0, sizeof *out);
    out->kind = d->kind;
    int32_t off = id - d->id_base;
    bool used = false;
    for (int k = 0; k < CARC_ACTION_ARGS && d->args[k].type; k++) {
        const carc_action_arg *r = &d->args[k];
        int32_t v = off;
        used |= numbered(r);
        switch (r->type) {
        case CARC_ARGT_FIXED: v = r->lo; break;
        case CARC_ARGT_TARGET:
            if (!placed(g, p->target)) return false;
            v = p->target;
            break;
        case CARC_ARGT_INT:
            if (off < 0 || off > r->hi - r->lo) return false;
            v = r->lo + off;
            break;
        case CARC_ARGT_CHOICE: {
            int i = 0;
            while (i < r->nchoices && r->choices[i].offset != off) i++;
            if (i == r->nchoices) return false;
            v = r->choices[i].value;
            break;
        }
        case CARC_ARGT_TILE:
            if (!placed(g, off)) return false;
            break;
        case CARC_ARGT_CELL:
            if (!placed(g, off)) return false;
            carc__tile_xy(g, off, &out->x, &out->y);
            continue;
        case CARC_ARGT_TILE_TYPE:
            if (off < 0 || off >= carc__ntypes) return false;
            break;
        case CARC_ARGT_SEGMENT:
            if (!placed(g, out->target) || off < 0 || off >= tile_segments(g, out->target))
                return false;
            break;
        default:
            return false;
        }
        set_member(out, r, v);
    }
    return used || off == 0;
}

/* The CARC_AT bit number of decision kind `kind` of module md (0..15 its
 * own decision kinds, 16 the deployment), or -1. */
static int at_slot(const carc_module_def *md, int kind)
{
    if (kind == CARC_DECISION_DEPLOY) return 16;
    if (CARC_KIND_IS_MODULE(kind) && CARC_KIND_MODULE(kind) == md->id) return (kind - 16) % 16;
    return -1;
}

/* The forms of module md declared at slot s (at_slot), at most 31, as a
 * mask of their indices in md->actions, FORMS_KNOWN once computed.
 * Derived from md's const declarations only: every thread computes the same
 * value (stored and read relaxed), no game state. */
#define FORMS_KNOWN (1u << 31)
static _Atomic uint32_t forms_at[CARC_MODULE_SLOTS][17];

static uint32_t forms_at_slot(const carc_module_def *md, int s)
{
    uint32_t m = atomic_load_explicit(&forms_at[md->id][s], memory_order_relaxed);
    if (m) return m & ~FORMS_KNOWN;
    m = FORMS_KNOWN;
    for (int i = 0; i < md->nactions && i < 31; i++) /* 31: module.h */
        if (md->actions[i].at & (1u << s)) m |= 1u << i;
    atomic_store_explicit(&forms_at[md->id][s], m, memory_order_relaxed);
    return m & ~FORMS_KNOWN;
}

static int declared_id(const carc_game *g, const carc_module_def *md, const carc_action *a,
                       int32_t *id)
{
    if (declares(md, a->kind)) {
        int32_t off;
        const carc_action_def *d = form_of(g, md, a, true, &off);
        if (!d) return CARC_E_INVALID;
        *id = d->id_base + off;
        return CARC_OK;
    }
    if (!md->action_id) return CARC_E_INVALID;
    return md->action_id(g, a, id) == CARC_OK ? CARC_OK : CARC_E_INVALID;
}

/* *form: the declared form that decoded id (left as it was when a hook
 * did) */
static int declared_from_id(const carc_game *g, const carc_module_def *md,
                            const carc_pending *p, int32_t id, carc_action *out,
                            const carc_action_def **form)
{
    int s = at_slot(md, p->kind);
    if (s >= 0) {
        /* the forms at this decision in their order (a module declares
         * at most 31: lib/module.h, tests/registry_check.h) */
        for (uint32_t m = forms_at_slot(md, s); m; m &= m - 1) {
            int i = __builtin_ctz(m);
            if (form_decode(g, &md->actions[i], p, id, out)) {
                *form = &md->actions[i];
                return CARC_OK;
            }
        }
    }
    memset(out, 0, sizeof *out);
    if (!md->action_from_id) return CARC_E_INVALID;
    return md->action_from_id(g, p, id, out);
}

/* Does `word` equal the first word of form d's words? */
static bool first_word_is(const carc_action_def *d, const char *word)
{
    size_t n = strlen(word);
    return strncmp(d->word, word, n) == 0 && (d->word[n] == 0 || d->word[n] == ' ');
}

bool carc__module_has_word(const carc_module_def *md, const char *word)
{
    for (int w = 0; md->words && md->words[w]; w++)
        if (strcmp(md->words[w], word) == 0) return true;
    for (int i = 0; i < md->nactions; i++)
        if (first_word_is(&md->actions[i], word)) return true;
    return false;
}

int carc__declared_to_text(const carc_game *g, const carc_module_def *md, const carc_action *a,
                           outbuf *o)
{
    if (!declares(md, a->kind)) {
        if (!md->action_to_text) return CARC_E_INVALID;
        return md->action_to_text(g, a, o) == CARC_OK ? CARC_OK : CARC_E_INVALID;
    }
    int32_t off;
    const carc_action_def *d = form_of(g, md, a, false, &off);
    if (!d) return CARC_E_INVALID;
    carc__out_add(o, "%s", d->word);
    for (int k = 0; k < CARC_ACTION_ARGS && d->args[k].type; k++) {
        const carc_action_arg *r = &d->args[k];
        int32_t v = get_member(a, r);
        int x, y;
        switch (r->type) {
        case CARC_ARGT_INT: carc__out_add(o, " %d", v); break;
        case CARC_ARGT_CHOICE:
            for (int i = 0; i < r->nchoices; i++)
                if (r->choices[i].value == v) {
                    carc__out_add(o, " %s", r->choices[i].word);
                    break;
                }
            break;
        case CARC_ARGT_TILE:
        case CARC_ARGT_TARGET:
            carc__tile_xy(g, v, &x, &y);
            carc__out_add(o, " %d,%d", x, y);
            break;
        case CARC_ARGT_CELL: carc__out_add(o, " %d,%d", a->x, a->y); break;
        case CARC_ARGT_TILE_TYPE: carc__out_add(o, " %s", carc__types[v].name); break;
        case CARC_ARGT_SEGMENT:
            carc__out_add(o, " ");
            carc__segment_label(g, a->target, v, o);
            break;
        default: break;
        }
    }
    return CARC_OK;
}

/* "X,Y" in the range a cell may be written with */
static bool parse_xy(const char *t, int *x, int *y)
{
    char buf[16];
    const char *comma = strchr(t, ',');
    size_t n = comma ? (size_t)(comma - t) : 0;
    if (!comma || n == 0 || n >= sizeof buf) return false;
    memcpy(buf, t, n);
    buf[n] = 0;
    return carc__parse_int(buf, -XY_MAX, XY_MAX, x) && carc__parse_int(comma + 1, -XY_MAX, XY_MAX, y);
}

/* The words of form d at the start of tok: how many, or -1. */
static int match_words(const carc_action_def *d, char *const *tok, int n)
{
    int k = 0;
    for (const char *w = d->word; *w; k++) {
        size_t len = strcspn(w, " ");
        if (k >= n || strlen(tok[k]) != len || strncmp(tok[k], w, len) != 0) return -1;
        w += len;
        while (*w == ' ') w++;
    }
    return k;
}

/* Read form d's arguments from tok[0..n): all of them, nothing left. */
static bool read_args(const carc_game *g, const carc_action_def *d, char *const *tok, int n,
                      carc_action *a)
{
    int i = 0;
    for (int k = 0; k < CARC_ACTION_ARGS && d->args[k].type; k++) {
        const carc_action_arg *r = &d->args[k];
        int v = 0, x, y;
        if (r->type == CARC_ARGT_FIXED) {
            set_member(a, r, r->lo);
            continue;
        }
        if (i >= n) return false;
        switch (r->type) {
        case CARC_ARGT_INT:
            if (!carc__parse_int(tok[i], r->lo, r->hi, &v)) return false;
            break;
        case CARC_ARGT_CHOICE: {
            int c = 0;
            while (c < r->nchoices && strcmp(r->choices[c].word, tok[i]) != 0) c++;
            if (c == r->nchoices) return false;
            v = r->choices[c].value;
            break;
        }
        case CARC_ARGT_TILE:
        case CARC_ARGT_TARGET:
            if (!parse_xy(tok[i], &x, &y) || (v = carc__tile_at(g, x, y)) < 0) return false;
            break;
        case CARC_ARGT_CELL:
            if (!parse_xy(tok[i], &a->x, &a->y)) return false;
            i++;
            continue;
        case CARC_ARGT_TILE_TYPE:
            if ((v = carc_tile_by_name(tok[i])) < 0) return false;
            break;
        case CARC_ARGT_SEGMENT:
            if (!placed(g, a->target) ||
                carc__segment_parse(g, a->target, tok + i, n - i, &v, NULL, NULL) != CARC_OK)
                return false;
            i = n - 1;
            break;
        default:
            return false;
        }
        set_member(a, r, v);
        i++;
    }
    return i == n;
}

int carc__declared_from_text(const carc_game *g, const carc_module_def *md, char **tok, int n,
                             carc_action *out)
{
    for (int i = 0; i < md->nactions; i++) {
        const carc_action_def *d = &md->actions[i];
        int k = match_words(d, tok, n);
        carc_action a;
        memset(&a, 0, sizeof a);
        a.kind = d->kind;
        if (k >= 0 && read_args(g, d, tok + k, n - k, &a)) {
            *out = a;
            return CARC_OK;
        }
    }
    if (!md->action_from_text) return CARC_E_PARSE;
    return md->action_from_text(g, tok, n, out);
}

int carc__action_id(const carc_game *g, const carc_action *a, int32_t *id)
{
    switch (a->kind) {
    case CARC_ACTION_DRAW:
        if (a->tile < 0 || a->tile >= carc__ntypes) return CARC_E_INVALID;
        *id = a->tile;
        return CARC_OK;
    case CARC_ACTION_PASS:
        *id = CARC_ID_PASS;
        return CARC_OK;
    case CARC_ACTION_PLACE: {
        if (a->rotation < 0 || a->rotation > 3) return CARC_E_INVALID;
        int fi = carc__front_of(g, a->x, a->y);
        if (fi < 0) return CARC_E_INVALID;
        *id = CFRONT(g)[fi].idbase + a->rotation;
        return CARC_OK;
    }
    case CARC_ACTION_DEPLOY:
        if (a->figure < 0 || a->figure >= CARC_FIGURE_KINDS || a->segment < 0 ||
            a->segment >= CARC_MAX_SEGMENTS)
            return CARC_E_INVALID;
        *id = CARC_ID_KIND_SEG + a->figure * CARC_MAX_SEGMENTS + a->segment;
        return CARC_OK;
    default: {
        const carc_module_def *md = carc__owner_of_kind(a->kind);
        if (!md || !carc__module_on(g, md->id)) return CARC_E_INVALID;
        return declared_id(g, md, a, id);
    }
    }
}

/* Do form d's choice arguments of action a (decoded by d from offset off)
 * give off back: is the first choice with each value the one with that
 * offset? */
static bool choices_round_trip(const carc_action_def *d, const carc_action *a, int32_t off)
{
    for (int k = 0; k < CARC_ACTION_ARGS && d->args[k].type; k++) {
        const carc_action_arg *r = &d->args[k];
        if (r->type != CARC_ARGT_CHOICE) continue;
        int32_t v = get_member(a, r);
        int i = 0;
        while (i < r->nchoices && r->choices[i].value != v) i++;
        if (i == r->nchoices || r->choices[i].offset != off) return false;
    }
    return true;
}

bool carc__id_round_trips(const carc_game *g, const carc_action *a, int32_t id,
                          const carc_action_def *form)
{
    /* form_of finds the first form of a's kind that accepts a: form itself
     * when it is the first of its kind in its owner's list, with form's
     * offset for every argument type (form_decode's inverse: a cell's tile
     * at its own place, the pending decision's target, a segment of it)
     * but a choice whose value an earlier choice also has */
    const carc_module_def *md = carc__owner_of_kind(a->kind);
    if (form && md && form->kind == a->kind && form >= md->actions &&
        form < md->actions + md->nactions && carc__module_on(g, md->id)) {
        const carc_action_def *e = md->actions;
        while (e < form && e->kind != form->kind) e++;
        if (e == form && choices_round_trip(form, a, id - form->id_base)) return true;
    }
    int32_t back;
    return carc__action_id(g, a, &back) == CARC_OK && back == id;
}

int carc__action_from_id(const carc_game *g, int32_t id, carc_action *out)
{
    const carc_action_def *form;
    return carc__action_decode(g, id, out, &form);
}

int carc__declared_from_id(const carc_game *g, const carc_module_def *md,
                           const carc_pending *p, int32_t id, carc_action *out,
                           const carc_action_def **form)
{
    *form = NULL;
    return declared_from_id(g, md, p, id, out, form);
}

/* carc__action_decode (state.h) past its module's decision or verb */
int carc__action_decode_rest(const carc_game *g, int32_t id, carc_action *out,
                             const carc_action_def **form)
{
    *form = NULL;
    const carc_pending *p = carc__front(g);
    memset(out, 0, sizeof *out);
    if (!p) return CARC_E_STATE;
    if (p->kind == CARC_DECISION_DRAW) {
        if (id < 0 || id >= carc__ntypes) return CARC_E_INVALID;
        out->kind = CARC_ACTION_DRAW;
        out->tile = id;
        return CARC_OK;
    }
    if (id < 0 || id >= (p->player == CARC_PLAYER_CHANCE ? CARC_MAX_CHANCE_OUTCOMES
                                                          : CARC_NUM_DISTINCT_ACTIONS))
        return CARC_E_INVALID;
    if (id == CARC_ID_PASS && p->player != CARC_PLAYER_CHANCE) {
        /* pass is the core's word at every player decision (legal or not) */
        out->kind = CARC_ACTION_PASS;
        return CARC_OK;
    }
    switch (p->kind) {
    case CARC_DECISION_PLACE: {
        int fi, rot;
        if (carc__decode_cell(g, id, &fi, &rot)) return CARC_E_INVALID;
        out->kind = CARC_ACTION_PLACE;
        out->x = CFRONT(g)[fi].x;
        out->y = CFRONT(g)[fi].y;
        out->rotation = rot;
        return CARC_OK;
    }
    case CARC_DECISION_DEPLOY:
        if (id >= CARC_ID_KIND_SEG && id < CARC_ID_KIND_SEG + CARC_ID_KIND_SEG_N) {
            out->kind = CARC_ACTION_DEPLOY;
            out->figure = (id - CARC_ID_KIND_SEG) / CARC_MAX_SEGMENTS;
            out->segment = (id - CARC_ID_KIND_SEG) % CARC_MAX_SEGMENTS;
            return CARC_OK;
        }
        return CARC_E_INVALID; /* (a verb of a module on: decoded above) */
    default: {
        const carc_module_def *md = p->owner < CARC_MODULE_SLOTS ? carc__modules[p->owner] : NULL;
        if (!md) return CARC_E_INVALID;
        return declared_from_id(g, md, p, id, out, form);
    }
    }
}
