/* The tile catalogue as the public API shows it. */
#include "core/state.h"

#include <string.h>

/* ------------------------------------------------------------ tile types */

int carc_tile_type_count(void) { return carc__ntypes; }

const char *carc_tile_name(int type)
{
    return type >= 0 && type < carc__ntypes ? carc__types[type].name : NULL;
}

int carc_tile_by_name(const char *name)
{
    if (!name) return CARC_E_INVALID;
    for (int t = 0; t < carc__ntypes; t++)
        if (strcmp(carc__types[t].name, name) == 0) return t;
    return CARC_E_NOTFOUND;
}

int carc_tile_info_get(int type, int rotation, carc_tile_info *out)
{
    if (type < 0 || type >= carc__ntypes || rotation < 0 || rotation > 3 || !out)
        return CARC_E_INVALID;
    const tile_type *ty = &carc__types[type];
    static const char kinds[] = {'?', 'F', 'R', 'C'};
    memset(out, 0, sizeof *out);
    out->type = type;
    out->module = carc_module_by_name(ty->module);
    out->count = ty->count;
    out->num_segments = ty->nseg;
    for (int s = 0; s < 4; s++) out->edges[s] = kinds[(ty->code[rotation] >> (2 * s)) & 3];
    return CARC_OK;
}

int carc_segment_info_get(int type, int rotation, int segment, carc_segment_info *out)
{
    if (type < 0 || type >= carc__ntypes || rotation < 0 || rotation > 3 || !out ||
        segment < 0 || segment >= carc__types[type].nseg)
        return CARC_E_INVALID;
    const seg_def *sd = &carc__types[type].seg[segment];
    memset(out, 0, sizeof *out);
    out->kind = sd->kind;
    out->edges = rot_edges(sd->edges, rotation);
    out->half_edges = rot_halves(sd->halves, rotation);
    out->touches = sd->touches;
    out->pennants = sd->pennants;
    return CARC_OK;
}

