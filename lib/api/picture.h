/* Drawing pieces of the board picture, shared by the SVG board
 * (carc_game_board_svg, svg.c) and the replay viewer (carc_record_html,
 * html.c).  Internal to lib/api.
 *
 * Everything is drawn from what the game reports: tile types and segments
 * from the tile tables, tags and extension feature kinds by their names in
 * tiles.def, figures by kind and by the kind of the segment they stand on.
 * A module that lands later shows up with no change here: its tags and
 * feature kinds get the generic glyph (with their name), its figures the
 * glyph of their kind. */
#ifndef CARC_PICTURE_H
#define CARC_PICTURE_H

#include "core/state.h"

#define PIC_TS 60      /* tile size in SVG units */
#define PIC_AXIS 18    /* room for the axis labels left of and above the board */
#define PIC_MARGIN 8

/* Where the board lies in the picture: cell (x0, y0) has its top-left
 * corner at (ox, oy). */
typedef struct pic_frame {
    int x0, x1, y0, y1;
    int ox, oy;
    int width;         /* of the board area, axis labels and margins included */
    int height;
} pic_frame;

/* The frame for cells x0..x1, y0..y1, the board area starting at `top`. */
void carc__pic_frame(pic_frame *f, int x0, int x1, int y0, int y1, int top) CARC_INTERNAL;

/* Player colour (Okabe-Ito, for colour-blind readers) and the ink (black or
 * white) that reads on it; a neutral figure (player -1) gets its kind's own. */
const char *carc__pic_colour(int player) CARC_INTERNAL;
const char *carc__pic_ink(int player) CARC_INTERNAL;

/* The <style> element: CSS of the classes the picture uses. */
void carc__pic_style(outbuf *o) CARC_INTERNAL;
/* Column and row numbers along the top and left of the board: <g
 * class="axis"> holding <g class="axis-x"> (the columns) and <g
 * class="axis-y"> (the rows), which the replay viewer moves with its view. */
void carc__pic_axes(outbuf *o, const pic_frame *f) CARC_INTERNAL;
/* Placed tile t: a <g class="tile"> with fields, cities and pennants,
 * roads, monasteries, extension features and tags.  `attrs` is added to
 * the group's attributes ("" for none). */
void carc__pic_tile(outbuf *o, const carc_game *g, int t, const pic_frame *f, const char *attrs)
    CARC_INTERNAL;
/* What a module built on placed tile t (carc_game_structure): a tower as a
 * stack of floors with its height as a number, in a <g class="tower
 * [closed]" data-x data-y data-height data-open>; nothing when nothing is
 * built there.  `attrs` is added to the group's attributes. */
void carc__pic_structure(outbuf *o, const carc_game *g, int t, const pic_frame *f,
                         const char *attrs) CARC_INTERNAL;
/* A tower on cell (cx, cy), h floors high, closed or open, as
 * carc__pic_structure draws it. */
void carc__pic_tower(outbuf *o, const pic_frame *f, int cx, int cy, int h, bool closed,
                     const char *attrs) CARC_INTERNAL;
/* The tower on placed tile t as one number: 0 none (or an empty
 * foundation), else 1 + (height << 1 | closed). */
int carc__pic_tower_state(const carc_game *g, int t) CARC_INTERNAL;
/* The words for the place `arg` where module `module` (an id) holds
 * figures (its held_place hook: a City quarter's name), or NULL. */
const char *carc__pic_held_place(const carc_game *g, int module, int arg) CARC_INTERNAL;
/* The dragon's flight in progress (carc_game_dragon), a dashed line through
 * the tiles it visited, in <g class="dragon-flight">; nothing between
 * flights or without Princess & the Dragon. */
void carc__pic_dragon_flight(outbuf *o, const carc_game *g, const pic_frame *f) CARC_INTERNAL;
/* What the new modules draw over the board, for the replay viewer, overlay
 * k of PIC_OVERLAYS: 0 the Dungeon's entrances, 1 the Catapult's round, 2
 * the dragon's flight, 3 its nap, 4 the pig throws legal now, 5 the last
 * pig throw made -- as carc_game_board_svg draws them; nothing for a game
 * without them. */
#define PIC_OVERLAYS 6
void carc__pic_overlay(outbuf *o, const carc_game *g, const pic_frame *f, int k) CARC_INTERNAL;
/* Is placed tile t an entrance to the Dungeon now (carc_game_dungeon in
 * play; a tower foundation, and open under dungeon_entrances 2)? */
int carc__pic_dungeon_entrance(const carc_game *g, int t) CARC_INTERNAL;
/* Where figure i is drawn; false if it is not on the board. */
bool carc__pic_figure_pos(const carc_game *g, int i, const pic_frame *f, int *x, int *y)
    CARC_INTERNAL;
/* The role of a figure on the board by the kind of its segment ("knight",
 * "thief", "monk", "farmer", an extension kind's name) or NULL. */
const char *carc__pic_role(const carc_game *g, int i) CARC_INTERNAL;
/* A figure glyph of `kind` for `player` (-1 neutral) at (x, y): a <g
 * class="CLS KIND [ROLE]" data-player data-kind>; cls is "figure" for a
 * figure on the board.  role may be NULL. */
void carc__pic_glyph(outbuf *o, const char *cls, int kind, int player, const char *role, int x,
                     int y) CARC_INTERNAL;
/* A tag by name: its own glyph if it has one, else a labelled badge; a <g
 * class="tag tag-NAME" data-tag=NAME>. */
void carc__pic_tag(outbuf *o, const char *name, int x, int y) CARC_INTERNAL;
/* Every figure on the board of g. */
void carc__pic_figures(outbuf *o, const carc_game *g, const pic_frame *f) CARC_INTERNAL;
/* The frame around the last placed tile, if any. */
void carc__pic_last(outbuf *o, const carc_game *g, const pic_frame *f) CARC_INTERNAL;
/* The placed index of the last placed tile, or -1 (only the start). */
int carc__pic_last_tile(const carc_game *g) CARC_INTERNAL;

/* The legend (knight, thief, monk, farmer, pennant, last tile) in one row
 * from (x, y); returns the x where it ends. */
int carc__pic_legend(outbuf *o, int x, int y) CARC_INTERNAL;

/* The legend of the extension glyphs the board of g shows (feature kinds
 * and tags of its placed tiles, by their names in words: "circus",
 * "acrobat space", "bazaar", "no castle", ...), in rows of `width` units
 * from (x, y), EXT_ROW (22) apart; the number of rows (0: none, nothing
 * written). */
int carc__pic_legend_ext(outbuf *o, const carc_game *g, int x, int y, int width) CARC_INTERNAL;

/* A figure kind in words for a count of n: "follower"/"followers", "big
 * meeple"/"big meeples", ... */
const char *carc__pic_figure_words(int kind, int n) CARC_INTERNAL;

/* The name of a token kind (carc_token_kind: "wine", "bridge", ...) or NULL
 * for a kind with no name yet. */
const char *carc__pic_token_name(int kind) CARC_INTERNAL;

/* The tiles carc_game_held_tiles reports for player (-1: the face-up row),
 * as prefix then their names, ", " between ("holds U", "face up: V, B");
 * the characters written, 0 (and nothing written) when there are none.
 * xml: names escaped for XML. */
size_t carc__pic_held_text(const carc_game *g, int player, const char *prefix, int xml,
                           outbuf *o) CARC_INTERNAL;

/* Text escaped for XML character data and attribute values. */
void carc__pic_xml(outbuf *o, const char *s) CARC_INTERNAL;

/* The text boards' marks of tile type `type`'s centre features (board
 * view, board text; board_view.c): one glyph each into out (NUL-ended,
 * at most cap - 1: '^' monastery, '!' pennant, '&' inn, ...), the name
 * behind each into names (NULL-ended); the count. */
int carc__view_tile_marks(int type, char *out, const char **names, int cap) CARC_INTERNAL;

#endif
