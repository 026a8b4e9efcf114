/*
 * tilegen: compiles tile descriptions (lib/modules/<name>/tiles.def) into the
 * library's constant tile tables.  Run by the build; not installed.
 *
 * usage: tilegen OUT.c OUT.h FILE.def [FILE.def ...]
 *
 * Every tile type is checked (edges covered once, half-edges beside road
 * and field edges covered by exactly one field, city references valid,
 * wildcard edges free, tags and feature kinds declared), start layouts are
 * checked for fit, and the tables for the four rotations are derived in
 * tilegen_emit.c, so no rotation is ever written by hand.  The grammar is in
 * doc/tiles.md.
 */
#define _POSIX_C_SOURCE 200809L
#include "tilegen.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

type_t types[MAXTYPES];
int ntypes;
char modules[32][NAMELEN];
int nmodules;
kind_t kinds[MAXKINDS] = {
    {"road", K_ROAD, 1}, {"city", K_CITY, 1}, {"monastery", K_MONASTERY, 1}, {"field", K_FIELD, 1}};
int nkinds = 4;
tagset_t tile_tags, seg_tags;
layout_t layouts[MAXLAYOUTS];
int nlayouts;

static const char *cur_file;
static int cur_line;

static void die(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s:%d: ", cur_file, cur_line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(1);
}

static int edge_index(const char *t)
{
    static const char *names[] = {"N", "E", "S", "W"};
    for (int i = 0; i < 4; i++)
        if (strcmp(t, names[i]) == 0)
            return i;
    return -1;
}

static int half_index(const char *t)
{
    static const char *names[] = {"Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn"};
    for (int i = 0; i < 8; i++)
        if (strcmp(t, names[i]) == 0)
            return i;
    return -1;
}

/* A lower-case identifier: [a-z][a-z0-9_]*, shorter than NAMELEN. */
static int is_ident(const char *s)
{
    if (!islower((unsigned char)*s) || strlen(s) >= NAMELEN) return 0;
    for (; *s; s++)
        if (!islower((unsigned char)*s) && !isdigit((unsigned char)*s) && *s != '_') return 0;
    return 1;
}

/* Parse a whole decimal integer; returns 0 on junk. */
static int parse_int(const char *s, int *out)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (!*s || *end || v < -1000000 || v > 1000000) return 0;
    *out = (int)v;
    return 1;
}

/* "@name" -> its bit in the namespace, adding the name on first sight. */
static uint32_t tag_bit(tagset_t *ns, const char *tok, const char *what)
{
    if (!is_ident(tok + 1)) die("bad tag '%s': want @name (a-z, 0-9, _)", tok);
    for (int i = 0; i < ns->n; i++)
        if (strcmp(ns->name[i], tok + 1) == 0) return 1u << i;
    if (ns->n >= MAXTAGS) die("too many %s tags: '%s' would be number %d of at most %d", what,
                              tok, ns->n + 1, MAXTAGS);
    strcpy(ns->name[ns->n], tok + 1);
    return 1u << ns->n++;
}

/* One coordinate of at=: 0..45 mm in steps of 0.5, returned in half-mm. */
static int parse_mm(const char *s, const char *tok)
{
    int whole = 0, half = 0, digits = 0;
    for (; isdigit((unsigned char)*s) && digits < 3; s++, digits++) whole = whole * 10 + (*s - '0');
    if (*s == '.') {
        if (strcmp(s, ".5") == 0) half = 1;
        else if (strcmp(s, ".0") != 0) digits = 0;
        s += 2;
    }
    int v = 2 * whole + half;
    if (!digits || *s || v > TILE_HALF_MM)
        die("bad figure spot '%s': want at=X,Y in mm, 0 to 45 in steps of 0.5", tok);
    return v;
}

/* at=X,Y of a segment or of a tile (its tile-level spot) */
static void parse_at(int *has_at, int *at_x, int *at_y, const char *tok)
{
    char buf[64];
    if (*has_at) die("second figure spot '%s'", tok);
    snprintf(buf, sizeof buf, "%s", tok + 3);
    char *comma = strchr(buf, ',');
    if (!comma) die("bad figure spot '%s': want at=X,Y in mm, 0 to 45 in steps of 0.5", tok);
    *comma = 0;
    *at_x = parse_mm(buf, tok);
    *at_y = parse_mm(comma + 1, tok);
    *has_at = 1;
}

static const char *kind_name(int id)
{
    for (int i = 0; i < nkinds; i++)
        if (kinds[i].id == id) return kinds[i].name;
    return "?";
}

static int kind_by_word(const char *tok)
{
    if (strcmp(tok, "C") == 0) return K_CITY;
    if (strcmp(tok, "R") == 0) return K_ROAD;
    if (strcmp(tok, "M") == 0) return K_MONASTERY;
    if (strcmp(tok, "F") == 0) return K_FIELD;
    for (int i = 4; i < nkinds; i++)
        if (strcmp(kinds[i].name, tok) == 0) return kinds[i].id;
    if (is_ident(tok)) die("undeclared feature kind '%s' (declare it: feature %s ID)", tok, tok);
    die("unknown segment kind '%s'", tok);
    return -1;
}

static void parse_segment(type_t *ty, char *text)
{
    char *save = NULL;
    char *tok = strtok_r(text, " \t", &save);
    if (!tok)
        die("empty segment");
    if (ty->nseg >= MAXSEG)
        die("too many segments");
    seg_t *s = &ty->seg[ty->nseg++];
    memset(s, 0, sizeof *s);
    s->kind = kind_by_word(tok);
    while ((tok = strtok_r(NULL, " \t", &save)) != NULL) {
        int e;
        if (tok[0] == '@') {
            uint32_t b = tag_bit(&seg_tags, tok, "segment");
            if (s->tags & b) die("segment tag '%s' twice", tok);
            s->tags |= b;
        } else if (strncmp(tok, "at=", 3) == 0) {
            parse_at(&s->has_at, &s->at_x, &s->at_y, tok);
        } else if (s->kind >= K_EXT_MIN) {
            die("extension segment '%s' is a centre segment: unexpected '%s' (no edges)",
                kind_name(s->kind), tok);
        } else if (strcmp(tok, "+") == 0) {
            if (s->kind != K_CITY) die("pennant on a non-city segment");
            s->pennants++;
        } else if (tok[0] == '~') {
            if (s->kind != K_FIELD) die("'~' on a non-field segment");
            e = edge_index(tok + 1);
            if (e < 0) die("bad city reference '%s'", tok);
            s->touch_edges |= 1u << e;
        } else if (s->kind == K_FIELD) {
            e = half_index(tok);
            if (e < 0) die("bad half-edge '%s'", tok);
            if (s->halves & (1u << e)) die("half-edge '%s' twice", tok);
            s->halves |= 1u << e;
        } else if (s->kind == K_CITY || s->kind == K_ROAD) {
            e = edge_index(tok);
            if (e < 0) die("bad edge '%s'", tok);
            if (s->edges & (1u << e)) die("edge '%s' twice", tok);
            s->edges |= 1u << e;
        } else {
            die("unexpected '%s' on a monastery", tok);
        }
    }
    if ((s->kind == K_CITY || s->kind == K_ROAD) && s->edges == 0)
        die("city or road segment without an edge");
}

static void finish_type(type_t *ty)
{
    static const char edge_name[] = "NESW";
    int edge_kind[4] = {E_FIELD, E_FIELD, E_FIELD, E_FIELD};
    int edge_owner[4] = {-1, -1, -1, -1};
    int half_owner[8];
    for (int h = 0; h < 8; h++) half_owner[h] = -1;
    for (int i = 0; i < ty->nseg; i++) {
        seg_t *s = &ty->seg[i];
        for (int e = 0; e < 4; e++) {
            if (!(s->edges & (1u << e))) continue;
            if (edge_owner[e] >= 0) die("%s: edge %d covered twice", ty->name, e);
            if (ty->wild & (1u << e))
                die("%s: road or city on wildcard edge %c", ty->name, edge_name[e]);
            edge_owner[e] = i;
            edge_kind[e] = s->kind == K_CITY ? E_CITY : E_ROAD;
        }
        for (int h = 0; h < 8; h++) {
            if (!(s->halves & (1u << h))) continue;
            if (half_owner[h] >= 0) die("%s: half-edge %d in two fields", ty->name, h);
            half_owner[h] = i;
        }
    }
    for (int e = 0; e < 4; e++) {
        for (int k = 0; k < 2; k++) {
            int h = 2 * e + k;
            if ((ty->wild & (1u << e)) && half_owner[h] >= 0)
                die("%s: half-edge %d lies on wildcard edge %c", ty->name, h, edge_name[e]);
            if (ty->wild & (1u << e)) continue;
            if (edge_kind[e] == E_CITY && half_owner[h] >= 0)
                die("%s: half-edge %d lies on a city edge", ty->name, h);
            if (edge_kind[e] != E_CITY && half_owner[h] < 0)
                die("%s: half-edge %d beside a road/field edge has no field", ty->name, h);
        }
    }
    for (int i = 0; i < ty->nseg; i++) {
        seg_t *s = &ty->seg[i];
        for (int e = 0; e < 4; e++) {
            if (!(s->touch_edges & (1u << e))) continue;
            int o = edge_owner[e];
            if (o < 0 || ty->seg[o].kind != K_CITY)
                die("%s: field refers to a city at edge %d, which is none", ty->name, e);
            s->touches |= 1u << o;
        }
    }
}

/* feature NAME ID [claimable|unclaimable] */
static void parse_feature(char *p)
{
    char *save = NULL, *name = strtok_r(p, " \t", &save);
    char *id = strtok_r(NULL, " \t", &save), *cl = strtok_r(NULL, " \t", &save);
    int v;
    if (!name || !is_ident(name)) die("feature: want a lower-case name");
    if (!id || !parse_int(id, &v) || v < K_EXT_MIN || v > K_EXT_MAX)
        die("feature %s: id must be %d..%d", name, K_EXT_MIN, K_EXT_MAX);
    if (strtok_r(NULL, " \t", &save)) die("feature %s: junk after the claimability", name);
    for (int i = 0; i < nkinds; i++) {
        if (strcmp(kinds[i].name, name) == 0) die("feature '%s' declared twice", name);
        if (kinds[i].id == v) die("feature id %d taken by '%s'", v, kinds[i].name);
    }
    kind_t *k = &kinds[nkinds++];
    strcpy(k->name, name);
    k->id = v;
    k->claimable = 1;
    if (cl && strcmp(cl, "unclaimable") == 0) k->claimable = 0;
    else if (cl && strcmp(cl, "claimable") != 0)
        die("feature %s: want 'claimable' or 'unclaimable', not '%s'", name, cl);
}

static int type_by_name(const char *name)
{
    for (int t = 0; t < ntypes; t++)
        if (strcmp(types[t].name, name) == 0) return t;
    return -1;
}

static void check_layout(const layout_t *L)
{
    static const char *side_name[] = {"north", "east", "south", "west"};
    static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
    int reached[MAXCELLS] = {1}, stack[MAXCELLS], top = 0, seen = 1;
    for (int i = 0; i < L->n; i++) {
        const cell_t *a = &L->cell[i];
        int copies = 0;
        for (int j = 0; j < L->n; j++) copies += L->cell[j].type == a->type;
        if (copies > types[a->type].count)
            die("layout %s: %d copies of %s, which has only %d", L->name, copies,
                types[a->type].name, types[a->type].count);
        for (int j = i + 1; j < L->n; j++) {
            const cell_t *b = &L->cell[j];
            if (a->x == b->x && a->y == b->y)
                die("layout %s: two tiles at (%d, %d)", L->name, a->x, a->y);
            for (int d = 0; d < 4; d++) {
                if (b->x != a->x + dx[d] || b->y != a->y + dy[d]) continue;
                int od = (d + 2) & 3;
                const type_t *ta = &types[a->type], *tb = &types[b->type];
                if (((wild_sides(ta, a->rot) >> d) | (wild_sides(tb, b->rot) >> od)) & 1) continue;
                if (((edge_code(ta, a->rot) >> 2 * d) & 3) != ((edge_code(tb, b->rot) >> 2 * od) & 3))
                    die("layout %s: %s at (%d, %d) does not match %s on its %s edge", L->name,
                        ta->name, a->x, a->y, tb->name, side_name[d]);
            }
        }
    }
    stack[top++] = 0;
    while (top) {
        const cell_t *a = &L->cell[stack[--top]];
        for (int j = 0; j < L->n; j++) {
            const cell_t *b = &L->cell[j];
            if (reached[j] || abs(a->x - b->x) + abs(a->y - b->y) != 1) continue;
            reached[j] = 1;
            seen++;
            stack[top++] = j;
        }
    }
    if (seen != L->n) die("layout %s: tiles are not 4-connected", L->name);
}

/* layout NAME | TYPE X Y ROT | ... */
static void parse_layout(char *p, int module)
{
    if (nlayouts >= MAXLAYOUTS) die("too many layouts");
    layout_t *L = &layouts[nlayouts++];
    memset(L, 0, sizeof *L);
    L->module = module;
    char *bar = strchr(p, '|');
    if (!bar) die("layout without tiles");
    *bar = 0;
    char *save = NULL, *name = strtok_r(p, " \t", &save);
    if (!name || !is_ident(name) || strtok_r(NULL, " \t", &save)) die("layout: want one lower-case name");
    strcpy(L->name, name);
    for (int i = 0; i < nlayouts - 1; i++)
        if (strcmp(layouts[i].name, name) == 0) die("layout '%s' declared twice", name);
    for (char *cell = bar + 1; cell; ) {
        char *next = strchr(cell, '|');
        if (next) *next++ = 0;
        if (L->n >= MAXCELLS) die("layout %s: too many tiles", name);
        cell_t *c = &L->cell[L->n++];
        char *tok[5];
        save = NULL;
        tok[0] = strtok_r(cell, " \t", &save);
        for (int k = 1; k < 5; k++) tok[k] = strtok_r(NULL, " \t", &save);
        if (!tok[3] || tok[4]) die("layout %s: want 'TYPE X Y ROT' for each tile", name);
        c->type = type_by_name(tok[0]);
        if (c->type < 0) die("layout %s: unknown tile type '%s'", name, tok[0]);
        if (!parse_int(tok[1], &c->x) || !parse_int(tok[2], &c->y) || c->x < -100 || c->x > 100 ||
            c->y < -100 || c->y > 100)
            die("layout %s: bad position '%s %s' (-100..100)", name, tok[1], tok[2]);
        if (!parse_int(tok[3], &c->rot) || c->rot < 0 || c->rot > 3)
            die("layout %s: rotation must be 0..3, not '%s'", name, tok[3]);
        cell = next;
    }
    check_layout(L);
}

static void parse_tile_head(type_t *ty, char *p)
{
    char *save = NULL;
    char *tok = strtok_r(p, " \t", &save);
    if (!tok || strlen(tok) >= sizeof ty->name) die("bad tile name");
    strcpy(ty->name, tok);
    for (int i = 0; i < ntypes - 1; i++)
        if (strcmp(types[i].name, ty->name) == 0) die("duplicate tile name %s", ty->name);
    tok = strtok_r(NULL, " \t", &save);
    if (!tok || !parse_int(tok, &ty->count) || ty->count <= 0 || ty->count > 255) die("bad count");
    while ((tok = strtok_r(NULL, " \t", &save)) != NULL) {
        if (strcmp(tok, "start") == 0) ty->start = 1;
        else if (strcmp(tok, "held") == 0) ty->held = 1;
        else if (strncmp(tok, "wild=", 5) == 0) {
            if (ty->wild || !tok[5]) die("bad wildcard flag '%s': want wild=EDGES, once", tok);
            for (const char *c = tok + 5; *c; c++) {
                char one[2] = {*c, 0};
                int e = edge_index(one);
                if (e < 0 || (ty->wild & (1u << e))) die("bad wildcard edge '%c' in '%s'", *c, tok);
                ty->wild |= 1u << e;
            }
        } else if (strncmp(tok, "at=", 3) == 0) {
            parse_at(&ty->has_at, &ty->at_x, &ty->at_y, tok);
        } else if (tok[0] == '@') {
            uint32_t b = tag_bit(&tile_tags, tok, "tile");
            if (ty->tags & b) die("tile tag '%s' twice", tok);
            ty->tags |= b;
        } else die("unknown tile flag '%s'", tok);
    }
    if (ty->start && ty->held) die("%s: a start tile cannot be held", ty->name);
}

static void parse_file(const char *path)
{
    FILE *f = fopen(path, "r");
    char line[1024];
    if (!f) { perror(path); exit(1); }
    cur_file = path;
    cur_line = 0;
    int module = -1;
    while (fgets(line, sizeof line, f)) {
        cur_line++;
        char *hash = strchr(line, '#');
        if (hash) *hash = 0;
        size_t n = strlen(line);
        while (n && isspace((unsigned char)line[n - 1])) line[--n] = 0;
        char *p = line;
        while (isspace((unsigned char)*p)) p++;
        if (!*p) continue;
        if (strncmp(p, "module ", 7) == 0) {
            if (nmodules >= 32) die("too many modules");
            snprintf(modules[nmodules], sizeof modules[0], "%s", p + 7);
            module = nmodules++;
            continue;
        }
        if (strncmp(p, "feature ", 8) == 0) {
            if (nkinds >= MAXKINDS) die("too many feature kinds");
            parse_feature(p + 8);
            continue;
        }
        if (module < 0) die("tile or layout before 'module' line");
        if (strncmp(p, "layout ", 7) == 0) {
            parse_layout(p + 7, module);
            continue;
        }
        if (ntypes >= MAXTYPES) die("too many tile types");
        type_t *ty = &types[ntypes++];
        memset(ty, 0, sizeof *ty);
        ty->module = module;
        char *bar = strchr(p, '|');
        if (!bar) die("tile line without segments");
        *bar = 0;
        parse_tile_head(ty, p);
        char *segtext = bar + 1;
        for (;;) {
            char *next = strchr(segtext, '|');
            if (next) *next = 0;
            parse_segment(ty, segtext);
            if (!next) break;
            segtext = next + 1;
        }
        finish_type(ty);
    }
    fclose(f);
}

int own_edge_kind(const type_t *ty, int e)
{
    if (ty->wild & (1u << e)) return E_NONE;
    for (int i = 0; i < ty->nseg; i++)
        if (ty->seg[i].edges & (1u << e))
            return ty->seg[i].kind == K_CITY ? E_CITY : E_ROAD;
    return E_FIELD;
}

unsigned edge_code(const type_t *ty, int rot)
{
    unsigned code = 0;
    for (int side = 0; side < 4; side++)
        code |= (unsigned)own_edge_kind(ty, (side - rot + 4) % 4) << (2 * side);
    return code;
}

unsigned wild_sides(const type_t *ty, int rot)
{
    return ((ty->wild << rot) | (ty->wild >> (4 - rot))) & 15u;
}

/* Default spot: the mean of the midpoints of the edges and half-edges the
 * segment covers, moved halfway to the tile centre; the centre for a
 * segment that covers none.  Half-mm, rounded. */
void spot_of(const type_t *ty, int s, int *x, int *y)
{
    static const int edge_mid[4][2] = {{90, 0}, {180, 90}, {90, 180}, {0, 90}};
    static const int half_mid[8][2] = {{45, 0}, {135, 0}, {180, 45}, {180, 135},
                                       {135, 180}, {45, 180}, {0, 135}, {0, 45}};
    const seg_t *sg = &ty->seg[s];
    int sx = 0, sy = 0, n = 0; /* quarter-mm sums */
    if (sg->has_at) { *x = sg->at_x; *y = sg->at_y; return; }
    for (int e = 0; e < 4; e++)
        if (sg->edges & (1u << e)) { sx += edge_mid[e][0]; sy += edge_mid[e][1]; n++; }
    for (int h = 0; h < 8; h++)
        if (sg->halves & (1u << h)) { sx += half_mid[h][0]; sy += half_mid[h][1]; n++; }
    if (n == 0) { *x = *y = TILE_HALF_MM / 2; return; }
    /* (mean + centre) / 2 in half-mm = (sx / n + 90) / 4, rounded */
    *x = (sx + 90 * n + 2 * n) / (4 * n);
    *y = (sy + 90 * n + 2 * n) / (4 * n);
}

/* Tile-level spot: at= of the tile line, else the centre.  Half-mm. */
void tile_spot_of(const type_t *ty, int *x, int *y)
{
    *x = ty->has_at ? ty->at_x : TILE_HALF_MM / 2;
    *y = ty->has_at ? ty->at_y : TILE_HALF_MM / 2;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: tilegen OUT.c OUT.h FILE.def...\n");
        return 2;
    }
    for (int i = 3; i < argc; i++) parse_file(argv[i]);
    return emit(argv[1], argv[2]);
}
