/* Text notation of actions (doc/notation.md) and the text board. */
#include "core/state.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const figure_names[CARC_FIGURE_KINDS] = {
    "follower", "big", "mayor", "wagon", "barn", "builder", "pig", "ringmaster",
    "fairy", "dragon", "count", "bigtop",
};
static const char *const feature_names[] = {"road", "city", "monastery", "field"};
static const char *const edge_names[4] = {"N", "E", "S", "W"};
static const char *const half_names[8] = {"Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn"};

const char *carc__figure_name(int kind)
{
    return kind >= 0 && kind < CARC_FIGURE_KINDS ? figure_names[kind] : NULL;
}

const char *carc__feature_name(int kind)
{
    if (kind >= 0 && kind < 4) return feature_names[kind];
    const feature_kind_def *k = carc__feature_kind(kind); /* a tiles.def `feature` */
    return k ? k->name : "feature";
}

/* Name of a score reason: the core's, or the owning module's. */
const char *carc__reason_name(int reason)
{
    static const char *const core_reasons[] = {"completed", "end of game"};
    if (reason >= 0 && reason < 2) return core_reasons[reason];
    const carc_module_def *md = carc__owner_of_kind(reason);
    if (md && md->reasons && md->reasons[(reason - 16) % 16]) return md->reasons[(reason - 16) % 16];
    return "module";
}

int carc__figure_by_name(const char *name)
{
    for (int k = 0; k < CARC_FIGURE_KINDS; k++)
        if (figure_names[k] && strcmp(figure_names[k], name) == 0) return k;
    return -1;
}

void carc__out_add(outbuf *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if (o->buf && o->len + (size_t)n < o->cap) {
        va_start(ap, fmt);
        vsnprintf(o->buf + o->len, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    o->len += (size_t)n;
}

int carc__out_finish(outbuf *o, size_t *needed)
{
    if (needed) *needed = o->len + 1;
    if (o->len + 1 > o->cap) return CARC_E_BUFFER;
    o->buf[o->len] = 0;
    return CARC_OK;
}

/* The tile whose segments a deployment names: the pending deployment's
 * target tile (the tile just placed, unless a module set another). */
static const ptile *deploy_tile(const carc_game *g)
{
    const carc_pending *p = carc__front(g);
    if (!p || p->kind != CARC_DECISION_DEPLOY || p->target < 0) return NULL;
    return &CTILES(g)[p->target];
}

/* Segment label on the board: kind plus its first edge (or half-edge) after
 * rotation; "segment K" when the kind has no edge to name it uniquely.  (The
 * older "#K" is never written: '#' starts a comment in a game record.) */
static void segment_label(const ptile *pt, int s, char *buf, size_t cap)
{
    const tile_type *ty = &carc__types[pt->type];
    const seg_def *sd = &ty->seg[s];
    const char *kind = carc__feature_name(sd->kind);
    uint8_t e = rot_edges(sd->edges, pt->rot);
    uint8_t h = rot_halves(sd->halves, pt->rot);
    if (sd->kind != CARC_FEATURE_FIELD && e) {
        snprintf(buf, cap, "%s %s", kind, edge_names[__builtin_ctz(e)]);
    } else if (sd->kind == CARC_FEATURE_FIELD && h) {
        snprintf(buf, cap, "%s %s", kind, half_names[__builtin_ctz(h)]);
    } else {
        int same = 0;
        for (int i = 0; i < ty->nseg; i++)
            if (ty->seg[i].kind == sd->kind && !ty->seg[i].edges && !ty->seg[i].halves) same++;
        if (same == 1) snprintf(buf, cap, "%s", kind);
        else snprintf(buf, cap, "segment %d", s);
    }
}

int carc_action_to_string(const carc_game *game, const carc_action *a, char *buf, size_t cap,
                          size_t *needed)
{
    if (!carc__valid(game) || !a || (!buf && cap)) return CARC_E_INVALID;
    outbuf o = {buf, cap, 0};
    switch (a->kind) {
    case CARC_ACTION_DRAW:
        if (a->tile < 0 || a->tile >= carc__ntypes) return CARC_E_INVALID;
        carc__out_add(&o, "draw %s", carc__types[a->tile].name);
        break;
    case CARC_ACTION_PLACE:
        if (a->rotation < 0 || a->rotation > 3) return CARC_E_INVALID;
        carc__out_add(&o, "place %d,%d r%d", a->x, a->y, a->rotation);
        break;
    case CARC_ACTION_PASS:
        carc__out_add(&o, "pass");
        break;
    case CARC_ACTION_DEPLOY: {
        const char *fig = carc__figure_name(a->figure);
        if (!fig || a->segment < 0 || a->segment >= CARC_MAX_SEGMENTS) return CARC_E_INVALID;
        const ptile *pt = deploy_tile(game);
        char label[64];
        if (pt && a->segment < carc__types[pt->type].nseg)
            segment_label(pt, a->segment, label, sizeof label);
        else
            snprintf(label, sizeof label, "segment %d", a->segment);
        carc__out_add(&o, "deploy %s %s", fig, label);
        break;
    }
    default: {
        const carc_module_def *md = carc__owner_of_kind(a->kind);
        if (!md || !carc__module_on(game, md->id) || !md->action_to_text ||
            md->action_to_text(game, a, &o) != CARC_OK)
            return CARC_E_INVALID;
    }
    }
    return carc__out_finish(&o, needed);
}

/* Split text into at most 8 whitespace-separated tokens (in place). */
static int tokenize(char *s, char **tok, int max)
{
    int n = 0;
    for (;;) {
        while (*s && isspace((unsigned char)*s)) s++;
        if (!*s) return n;
        if (n == max) return -1;
        tok[n++] = s;
        while (*s && !isspace((unsigned char)*s)) s++;
        if (*s) *s++ = 0;
    }
}

bool carc__parse_int(const char *s, long lo, long hi, int *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi) return false;
    *out = (int)v;
    return true;
}

static int find_label(const char *name, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        if (strcmp(name, names[i]) == 0) return i;
    return -1;
}

/* Where and why text is refused (carc__parse_action). */
typedef struct parse_err {
    int pos;           /* byte offset in the text */
    char msg[160];
} parse_err;

static int perr(parse_err *e, int rc, int pos, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int perr(parse_err *e, int rc, int pos, const char *fmt, ...)
{
    if (e) {
        va_list ap;
        va_start(ap, fmt);
        e->pos = pos;
        vsnprintf(e->msg, sizeof e->msg, fmt, ap);
        va_end(ap);
    }
    return rc;
}

/* Parse the notation; on failure, e (if not NULL) says where and why. */
static int parse_action(const carc_game *game, const char *text, carc_action *out, parse_err *e)
{
    char copy[128];
    size_t len = strlen(text);
    if (len >= sizeof copy)
        return perr(e, CARC_E_PARSE, (int)sizeof copy - 1, "text too long (at most %d characters)",
                    (int)sizeof copy - 1);
    memcpy(copy, text, len + 1);
    char *tok[8];
    int n = tokenize(copy, tok, 8);
#define AT(i) ((int)(tok[i] - copy))
    if (n < 0) return perr(e, CARC_E_PARSE, AT(7), "too many words");
    if (n == 0) return perr(e, CARC_E_PARSE, 0, "empty: type an action, e.g. 'place 1,0 r0' or 'pass'");
    carc_action a;
    memset(&a, 0, sizeof a);
    if (strcmp(tok[0], "draw") == 0) {
        if (n != 2) return perr(e, CARC_E_PARSE, n < 2 ? (int)len : AT(2), "'draw' takes one tile name: draw D");
        int t = carc_tile_by_name(tok[1]);
        if (t < 0) return perr(e, CARC_E_PARSE, AT(1), "no tile named '%s'", tok[1]);
        a.kind = CARC_ACTION_DRAW;
        a.tile = t;
    } else if (strcmp(tok[0], "pass") == 0) {
        if (n != 1) return perr(e, CARC_E_PARSE, AT(1), "'pass' takes nothing after it");
        a.kind = CARC_ACTION_PASS;
    } else if (strcmp(tok[0], "place") == 0) {
        if (n != 3)
            return perr(e, CARC_E_PARSE, n < 3 ? (int)len : AT(3),
                        "'place' takes a cell and a rotation: place X,Y rR (e.g. place 1,0 r3)");
        char *comma = strchr(tok[1], ',');
        if (!comma) return perr(e, CARC_E_PARSE, AT(1), "the cell is X,Y with a comma (e.g. 1,0)");
        *comma = 0;
        if (!carc__parse_int(tok[1], -30000, 30000, &a.x))
            return perr(e, CARC_E_PARSE, AT(1), "x must be a whole number (e.g. 1,0)");
        if (!carc__parse_int(comma + 1, -30000, 30000, &a.y))
            return perr(e, CARC_E_PARSE, (int)(comma + 1 - copy), "y must be a whole number (e.g. 1,0)");
        if (tok[2][0] != 'r' || !carc__parse_int(tok[2] + 1, 0, 3, &a.rotation))
            return perr(e, CARC_E_PARSE, AT(2), "the rotation is r0, r1, r2 or r3 (quarter turns clockwise)");
        a.kind = CARC_ACTION_PLACE;
    } else if (strcmp(tok[0], "deploy") == 0) {
        if (n != 3 && n != 4)
            return perr(e, CARC_E_PARSE, n < 3 ? (int)len : AT(4),
                        "'deploy' takes a figure and a place: deploy follower city N");
        a.kind = CARC_ACTION_DEPLOY;
        a.figure = carc__figure_by_name(tok[1]);
        if (a.figure < 0) return perr(e, CARC_E_PARSE, AT(1), "no figure named '%s' (e.g. follower)", tok[1]);
        const ptile *pt = deploy_tile(game);
        /* segment K of the tile just laid, only while a deployment is pending:
         * "segment K", or the deprecated "#K" (read, never written) */
        const char *num = n == 4 && strcmp(tok[2], "segment") == 0 ? tok[3]
                          : n == 3 && tok[2][0] == '#'              ? tok[2] + 1
                                                                    : NULL;
        if (num) {
            if (!carc__parse_int(num, 0, CARC_MAX_SEGMENTS - 1, &a.segment))
                return perr(e, CARC_E_PARSE, (int)(num - copy), "the segment is a number 0..%d",
                            CARC_MAX_SEGMENTS - 1);
            if (!pt) return perr(e, CARC_E_STATE, AT(0), "no deployment is pending");
            int nseg = carc__types[pt->type].nseg + (pt->overlay_seg != NO_OVERLAY);
            if (a.segment >= nseg) /* the tile's segments, and a road laid over it */
                return perr(e, CARC_E_PARSE, (int)(num - copy), "tile %s has segments 0..%d",
                            carc__types[pt->type].name, nseg - 1);
        } else {
            int kind = find_label(tok[2], feature_names, 4);
            for (int i = 0; kind < 0 && i < carc__nfeature_kinds; i++)
                if (strcmp(carc__feature_kinds[i].name, tok[2]) == 0) kind = carc__feature_kinds[i].id;
            if (kind < 0)
                return perr(e, CARC_E_PARSE, AT(2),
                            "no feature named '%s' (road, city, monastery, field)", tok[2]);
            if (!pt) return perr(e, CARC_E_STATE, AT(0), "no deployment is pending");
            const tile_type *ty = &carc__types[pt->type];
            int edge = -1, half = -1;
            if (n == 4) {
                if (kind == CARC_FEATURE_FIELD) half = find_label(tok[3], half_names, 8);
                else edge = find_label(tok[3], edge_names, 4);
                if (edge < 0 && half < 0)
                    return perr(e, CARC_E_PARSE, AT(3),
                                kind == CARC_FEATURE_FIELD
                                    ? "a field is named by a half-edge: Nw Ne En Es Se Sw Ws Wn"
                                    : "a side is N, E, S or W");
            }
            int found = -1, count = 0;
            for (int i = 0; i < ty->nseg; i++) {
                const seg_def *sd = &ty->seg[i];
                if (sd->kind != kind) continue;
                bool match = n == 3 ? (!sd->edges && !sd->halves)
                             : edge >= 0 ? (rot_edges(sd->edges, pt->rot) >> edge) & 1
                                         : (rot_halves(sd->halves, pt->rot) >> half) & 1;
                if (match) { found = i; count++; }
            }
            if (count != 1)
                return perr(e, CARC_E_PARSE, AT(2), "tile %s has no %s %s%s",
                            ty->name, tok[2], n == 4 ? "at " : "there", n == 4 ? tok[3] : "");
            a.segment = found;
        }
    } else {
        /* a module's own action words: the module that owns the word */
        const carc_module_def *md = NULL;
        for (int k = 0; k < game->nmods && !md; k++) {
            const carc_module_def *m = carc__mod(game, k);
            for (int w = 0; m->words && m->words[w]; w++)
                if (strcmp(m->words[w], tok[0]) == 0) { md = m; break; }
        }
        if (!md || !md->action_from_text)
            return perr(e, CARC_E_PARSE, AT(0),
                        "unknown word '%s': actions are place, deploy, pass, draw", tok[0]);
        int rc = md->action_from_text(game, tok, n, &a);
        if (rc)
            return perr(e, rc, AT(0), "not a valid '%s' action of module %s", tok[0], md->name);
    }
#undef AT
    *out = a;
    return CARC_OK;
}

int carc_action_from_string(const carc_game *game, const char *text, carc_action *out)
{
    if (!carc__valid(game) || !text || !out) return CARC_E_INVALID;
    return parse_action(game, text, out, NULL);
}

int carc__parse_action(const carc_game *game, const char *text, carc_action *out, int *pos,
                       char *msg, size_t cap)
{
    parse_err e = {0, {0}};
    int rc = parse_action(game, text, out, &e);
    if (rc) {
        *pos = e.pos;
        snprintf(msg, cap, "%s", e.msg);
    }
    return rc;
}

