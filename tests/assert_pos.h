/* Test helper: figure fig of g stands at (x, y) mm with footprint w x d x h
 * mm, in cell (cx, cy), at that level, with those flags, reserved zero
 * (carc_game_figure_position, doc/geometry.md). */
#ifndef CARCVAR_TESTS_ASSERT_POS_H
#define CARCVAR_TESTS_ASSERT_POS_H

#include <check.h>
#include <string.h>

#include "carcvar/carcvar.h"

static inline void assert_pos(const carc_game *g, int fig, double x, double y, double w,
                              double d, double h, int cx, int cy, int level, int flags)
{
    carc_figure_position p;
    memset(&p, 0x5a, sizeof p);
    ck_assert_int_eq(carc_game_figure_position(g, fig, &p), CARC_OK);
    ck_assert_msg(p.x_mm == x && p.y_mm == y, "figure %d at (%g, %g), want (%g, %g)", fig,
                  p.x_mm, p.y_mm, x, y);
    ck_assert_msg(p.width_mm == w && p.depth_mm == d && p.height_mm == h,
                  "figure %d footprint %g x %g x %g, want %g x %g x %g", fig, p.width_mm,
                  p.depth_mm, p.height_mm, w, d, h);
    ck_assert_int_eq(p.x, cx);
    ck_assert_int_eq(p.y, cy);
    ck_assert_int_eq(p.level, level);
    ck_assert_int_eq(p.flags, flags);
    for (int i = 0; i < 4; i++) ck_assert_int_eq(p.reserved[i], 0);
}

#endif
