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

/* Name of a score reason: the core's, or the owning module's.  A module's
 * reasons table ends at its first NULL (lib/module.h), so it is read only up
 * to there: a number past a module's last name has no name. */
const char *carc_score_reason_name(int reason)
{
    static const char *const core_reasons[] = {"completed", "end of game"};
    if (reason == CARC_SCORE_COMPLETED || reason == CARC_SCORE_END_GAME) return core_reasons[reason];
    const carc_module_def *md = carc__owner_of_kind(reason);
    if (!md || !md->reasons) return NULL;
    int k = (reason - 16) % 16;
    for (int i = 0; i < 16 && md->reasons[i]; i++)
        if (i == k) return md->reasons[i];
    return NULL;
}

/* The same, never NULL, for the library's own texts (records, pictures). */
const char *carc__reason_name(int reason)
{
    const char *name = carc_score_reason_name(reason);
    return name ? name : "module";
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
 * target tile (the tile just placed, unless a module set another), or -1. */
static int deploy_tile(const carc_game *g)
{
    const carc_pending *p = carc__front(g);
    return p && p->kind == CARC_DECISION_DEPLOY ? p->target : -1;
}

/* Segment label on the board: kind plus its first edge (or half-edge) after
 * rotation; "segment K" when the kind has no edge to name it uniquely.  (The
 * older "#K" is never written: '#' starts a comment in a game record.) */
void carc__segment_label(const carc_game *g, int tile, int s, outbuf *o)
{
    const ptile *pt = &CTILES(g)[tile];
    const tile_type *ty = &carc__types[pt->type];
    if (s >= ty->nseg) { /* a road laid over the tile */
        carc__out_add(o, "segment %d", s);
        return;
    }
    const seg_def *sd = &ty->seg[s];
    const char *kind = carc__feature_name(sd->kind);
    uint8_t e = rot_edges(sd->edges, pt->rot);
    uint8_t h = rot_halves(sd->halves, pt->rot);
    if (sd->kind != CARC_FEATURE_FIELD && e) {
        carc__out_add(o, "%s %s", kind, edge_names[__builtin_ctz(e)]);
    } else if (sd->kind == CARC_FEATURE_FIELD && h) {
        carc__out_add(o, "%s %s", kind, half_names[__builtin_ctz(h)]);
    } else {
        int same = 0;
        for (int i = 0; i < ty->nseg; i++)
            if (ty->seg[i].kind == sd->kind && !ty->seg[i].edges && !ty->seg[i].halves) same++;
        if (same == 1) carc__out_add(o, "%s", kind);
        else carc__out_add(o, "segment %d", s);
    }
}

static int find_label(const char *name, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        if (strcmp(name, names[i]) == 0) return i;
    return -1;
}

static int seg_refuse(int *at, int i, outbuf *why, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int seg_refuse(int *at, int i, outbuf *why, const char *fmt, ...)
{
    if (at) *at = i;
    if (why) {
        char msg[160];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
        carc__out_add(why, "%s", msg);
    }
    return CARC_E_PARSE;
}

int carc__segment_parse(const carc_game *g, int tile, char *const *tok, int n, int *seg,
                        int *at, outbuf *why)
{
    const ptile *pt = &CTILES(g)[tile];
    const tile_type *ty = &carc__types[pt->type];
    if (n < 1 || n > 2) return seg_refuse(at, 0, why, "a segment is a feature and a side: road N");
    if (n == 2 && strcmp(tok[0], "segment") == 0) {
        int nseg = ty->nseg + (pt->overlay_seg != NO_OVERLAY);
        if (!carc__parse_int(tok[1], 0, CARC_MAX_SEGMENTS - 1, seg))
            return seg_refuse(at, 1, why, "the segment is a number 0..%d", CARC_MAX_SEGMENTS - 1);
        if (*seg >= nseg) /* the tile's segments, and a road laid over it */
            return seg_refuse(at, 1, why, "tile %s has segments 0..%d", ty->name, nseg - 1);
        return CARC_OK;
    }
    int kind = find_label(tok[0], feature_names, 4);
    for (int i = 0; kind < 0 && i < carc__nfeature_kinds; i++)
        if (strcmp(carc__feature_kinds[i].name, tok[0]) == 0) kind = carc__feature_kinds[i].id;
    if (kind < 0)
        return seg_refuse(at, 0, why, "no feature named '%s' (road, city, monastery, field)", tok[0]);
    int edge = -1, half = -1;
    if (n == 2) {
        if (kind == CARC_FEATURE_FIELD) half = find_label(tok[1], half_names, 8);
        else edge = find_label(tok[1], edge_names, 4);
        if (edge < 0 && half < 0)
            return seg_refuse(at, 1, why, "%s",
                              kind == CARC_FEATURE_FIELD
                                  ? "a field is named by a half-edge: Nw Ne En Es Se Sw Ws Wn"
                                  : "a side is N, E, S or W");
    }
    int found = -1, count = 0;
    for (int i = 0; i < ty->nseg; i++) {
        const seg_def *sd = &ty->seg[i];
        if (sd->kind != kind) continue;
        bool match = n == 1 ? (!sd->edges && !sd->halves)
                     : edge >= 0 ? (rot_edges(sd->edges, pt->rot) >> edge) & 1
                                 : (rot_halves(sd->halves, pt->rot) >> half) & 1;
        if (match) { found = i; count++; }
    }
    if (count != 1)
        return seg_refuse(at, 0, why, "tile %s has no %s %s%s", ty->name, tok[0],
                          n == 2 ? "at " : "there", n == 2 ? tok[1] : "");
    *seg = found;
    return CARC_OK;
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
        int t = deploy_tile(game);
        carc__out_add(&o, "deploy %s ", fig);
        if (t >= 0) carc__segment_label(game, t, a->segment, &o);
        else carc__out_add(&o, "segment %d", a->segment);
        break;
    }
    default: {
        const carc_module_def *md = carc__owner_of_kind(a->kind);
        if (!md || !carc__module_on(game, md->id) || carc__declared_to_text(game, md, a, &o))
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
        /* a segment of the pending deployment's tile: its label, "segment
         * K", or the deprecated "#K" (read, never written) */
        int t = deploy_tile(game);
        if (t < 0) return perr(e, CARC_E_STATE, AT(0), "no deployment is pending");
        char segword[] = "segment";
        char *alt[2] = {segword, tok[2] + 1};
        bool hash = n == 3 && tok[2][0] == '#';
        char why[160];
        outbuf wo = {why, sizeof why, 0};
        int bad = 0;
        if (carc__segment_parse(game, t, hash ? alt : tok + 2, hash ? 2 : n - 2, &a.segment, &bad,
                                &wo) != CARC_OK) {
            carc__out_finish(&wo, NULL);
            return perr(e, CARC_E_PARSE, hash ? AT(2) + 1 : AT(2 + bad), "%s", why);
        }
    } else {
        /* a module's own action words: the module that owns the word */
        const carc_module_def *md = NULL;
        for (int k = 0; k < game->nmods && !md; k++)
            if (carc__module_has_word(carc__mod(game, k), tok[0])) md = carc__mod(game, k);
        if (!md)
            return perr(e, CARC_E_PARSE, AT(0),
                        "unknown word '%s': actions are place, deploy, pass, draw", tok[0]);
        int rc = carc__declared_from_text(game, md, tok, n, &a);
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

