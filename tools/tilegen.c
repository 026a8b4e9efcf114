/*
 * tilegen: compiles tile descriptions (lib/<module>/tiles.def) into the
 * library's constant tile tables.  Run by the build; not installed.
 *
 * usage: tilegen OUT.c FILE.def [FILE.def ...]
 *
 * Every tile type is checked (edges covered once, half-edges beside road
 * and field edges covered by exactly one field, city references valid), and
 * the tables for the four rotations are derived here, so no rotation is
 * ever written by hand.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXSEG 32
#define MAXTYPES 1024

enum { K_ROAD = 0, K_CITY = 1, K_MONASTERY = 2, K_FIELD = 3 };
enum { E_NONE = 0, E_FIELD = 1, E_ROAD = 2, E_CITY = 3 };

typedef struct {
    int kind;
    unsigned edges;   /* 4 bits  */
    unsigned halves;  /* 8 bits  */
    unsigned touches; /* bitmask over segment indices (fields) */
    unsigned touch_edges; /* raw ~X references before resolution */
    int pennants;
} seg_t;

typedef struct {
    char name[32];
    int module;
    int count;
    int start;
    int nseg;
    seg_t seg[MAXSEG];
} type_t;

static type_t types[MAXTYPES];
static int ntypes;
static char modules[32][32];
static int nmodules;
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
    if (strcmp(tok, "C") == 0) s->kind = K_CITY;
    else if (strcmp(tok, "R") == 0) s->kind = K_ROAD;
    else if (strcmp(tok, "M") == 0) s->kind = K_MONASTERY;
    else if (strcmp(tok, "F") == 0) s->kind = K_FIELD;
    else die("unknown segment kind '%s'", tok);
    while ((tok = strtok_r(NULL, " \t", &save)) != NULL) {
        int e;
        if (strcmp(tok, "+") == 0) {
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
    int edge_kind[4] = {E_FIELD, E_FIELD, E_FIELD, E_FIELD};
    int edge_owner[4] = {-1, -1, -1, -1};
    int half_owner[8];
    for (int h = 0; h < 8; h++) half_owner[h] = -1;
    for (int i = 0; i < ty->nseg; i++) {
        seg_t *s = &ty->seg[i];
        for (int e = 0; e < 4; e++) {
            if (!(s->edges & (1u << e))) continue;
            if (edge_owner[e] >= 0) die("%s: edge %d covered twice", ty->name, e);
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
        if (module < 0) die("tile before 'module' line");
        if (ntypes >= MAXTYPES) die("too many tile types");
        type_t *ty = &types[ntypes++];
        memset(ty, 0, sizeof *ty);
        ty->module = module;
        char *bar = strchr(p, '|');
        if (!bar) die("tile line without segments");
        *bar = 0;
        char *save = NULL;
        char *tok = strtok_r(p, " \t", &save);
        if (!tok || strlen(tok) >= sizeof ty->name) die("bad tile name");
        strcpy(ty->name, tok);
        for (int i = 0; i < ntypes - 1; i++)
            if (strcmp(types[i].name, ty->name) == 0) die("duplicate tile name %s", ty->name);
        tok = strtok_r(NULL, " \t", &save);
        if (!tok || (ty->count = atoi(tok)) <= 0) die("bad count");
        while ((tok = strtok_r(NULL, " \t", &save)) != NULL) {
            if (strcmp(tok, "start") == 0) ty->start = 1;
            else die("unknown tile flag '%s'", tok);
        }
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

static int own_edge_kind(const type_t *ty, int e)
{
    for (int i = 0; i < ty->nseg; i++)
        if (ty->seg[i].edges & (1u << e))
            return ty->seg[i].kind == K_CITY ? E_CITY : E_ROAD;
    return E_FIELD;
}

static int own_edge_seg(const type_t *ty, int e)
{
    for (int i = 0; i < ty->nseg; i++)
        if (ty->seg[i].edges & (1u << e)) return i;
    return 255;
}

static int own_half_seg(const type_t *ty, int h)
{
    for (int i = 0; i < ty->nseg; i++)
        if (ty->seg[i].halves & (1u << h)) return i;
    return 255;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: tilegen OUT.c FILE.def...\n");
        return 2;
    }
    for (int i = 2; i < argc; i++) parse_file(argv[i]);
    FILE *o = fopen(argv[1], "w");
    if (!o) { perror(argv[1]); return 1; }
    fprintf(o, "/* Generated by tools/tilegen from tiles.def files: do not edit. */\n");
    fprintf(o, "#include \"core/tiles.h\"\n\n");
    fprintf(o, "const char *const carc__module_tile_sets[] = {");
    for (int m = 0; m < nmodules; m++) fprintf(o, "\"%s\", ", modules[m]);
    fprintf(o, "NULL};\n\n");
    fprintf(o, "const int carc__ntypes = %d;\n", ntypes);
    fprintf(o, "const tile_type carc__types[%d] = {\n", ntypes > 0 ? ntypes : 1);
    for (int t = 0; t < ntypes; t++) {
        const type_t *ty = &types[t];
        fprintf(o, "  { \"%s\", \"%s\", %d, %d, %d, %d,\n    {", ty->name,
                modules[ty->module], ty->count, ty->start, ty->nseg, 0);
        for (int i = 0; i < ty->nseg; i++) {
            const seg_t *s = &ty->seg[i];
            fprintf(o, " {%d, 0x%x, 0x%02x, 0x%x, %d},", s->kind, s->edges, s->halves,
                    s->touches, s->pennants);
        }
        fprintf(o, " },\n    {");
        for (int r = 0; r < 4; r++) {
            unsigned code = 0;
            for (int side = 0; side < 4; side++)
                code |= (unsigned)own_edge_kind(ty, (side - r + 4) % 4) << (2 * side);
            fprintf(o, " 0x%02x,", code);
        }
        fprintf(o, " },\n    {");
        for (int r = 0; r < 4; r++) {
            fprintf(o, " {");
            for (int side = 0; side < 4; side++)
                fprintf(o, "%d,", own_edge_seg(ty, (side - r + 4) % 4));
            fprintf(o, "},");
        }
        fprintf(o, " },\n    {");
        for (int r = 0; r < 4; r++) {
            fprintf(o, " {");
            for (int h = 0; h < 8; h++)
                fprintf(o, "%d,", own_half_seg(ty, (h - 2 * r + 8) % 8));
            fprintf(o, "},");
        }
        fprintf(o, " },\n    {");
        /* fit[req]: rotations whose edges meet the requirement pattern req
         * (2 bits per side, 0 = unconstrained) */
        for (int req = 0; req < 256; req++) {
            unsigned mask = 0, fit = 0;
            for (int side = 0; side < 4; side++)
                if ((req >> (2 * side)) & 3) mask |= 3u << (2 * side);
            for (int r = 0; r < 4; r++) {
                unsigned code = 0;
                for (int side = 0; side < 4; side++)
                    code |= (unsigned)own_edge_kind(ty, (side - r + 4) % 4) << (2 * side);
                if ((code & mask) == (unsigned)req) fit |= 1u << r;
            }
            fprintf(o, "%u,", fit);
        }
        fprintf(o, "} },\n");
    }
    fprintf(o, "};\n");
    if (fclose(o) != 0) { perror(argv[1]); return 1; }
    return 0;
}
