/* carc_game_figure_position: the core's figure geometry (lib/core/geometry.c)
 * in board millimetres with the figure's measured footprint. */
#include "core/state.h"

#include <string.h>

int carc_game_figure_position(const carc_game *game, int index, carc_figure_position *out)
{
    if (!carc__valid(game) || !out) return CARC_E_INVALID;
    carc_spot s;
    int t = carc__figure_spot(game, index, &s);
    int held = 0;
    /* a figure its module holds where the board shows it (a follower in a
     * quarter of the City of Carcassonne, drawn on its tile) */
    if (t == CARC_E_NOTFOUND) {
        int h = carc__figure_held_spot(game, index, &s);
        if (h >= 0) {
            t = h;
            held = CARC_FIGPOS_HELD;
        }
    }
    if (t < 0) return t;
    const ptile *pt = &CTILES(game)[t];
    carc_footprint fp;
    int flags = carc__figure_footprint(CFIGS(game)[index].kind, s.flags, &fp) | held;
    memset(out, 0, sizeof *out);
    /* the cell's centre is (45x, 45y) mm; spots are half-mm from its NW corner */
    out->x_mm = 45.0 * pt->x + (s.x - 45) / 2.0;
    out->y_mm = 45.0 * pt->y + (s.y - 45) / 2.0;
    out->width_mm = fp.w / 100.0;
    out->depth_mm = fp.d / 100.0;
    out->height_mm = fp.h / 100.0;
    out->x = pt->x;
    out->y = pt->y;
    out->level = s.level;
    out->flags = flags;
    return CARC_OK;
}
