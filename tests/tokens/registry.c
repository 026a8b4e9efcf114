/* Test registry for carc_game_tokens(): base, traders_builders (owns wine,
 * grain, cloth) and two test-only modules in free slots: "tokens_a" (slot
 * 28) owns wine and tower floors -- so it may not be on together with
 * traders_builders -- and "tokens_b" (slot 29) owns only tower floors and
 * gives figures on features a role (carc_game_figure_role). */
#include "core/state.h"

extern const carc_module_def carc__module_base CARC_INTERNAL;
extern const carc_module_def carc__module_traders_builders CARC_INTERNAL;

/* every player holds 10 * (kind + 1) + player tokens of each kind it owns;
 * 100 + kind of them belong to no player (player -1) */
static int some_tokens(const carc_game *g, int player, int kind)
{
    (void)g;
    return player < 0 ? 100 + kind : 10 * (kind + 1) + player;
}

static const carc_module_def tokens_a = {
    .id = 28,
    .name = "tokens_a",
    .token_kinds = (1u << CARC_TOKEN_WINE) | (1u << CARC_TOKEN_TOWER_FLOOR),
    .tokens = some_tokens,
};

/* tokens_b also gives every figure on a feature the role "lookout" (a word
 * the pictures have no glyph for: they label it) */
static const char *lookout(const carc_game *g, int fig)
{
    carc_fig f;
    carc__figure_get(g, fig, &f);
    return f.where == CARC_PLACE_SEGMENT ? "lookout" : NULL;
}

static const carc_module_def tokens_b = {
    .id = 29,
    .name = "tokens_b",
    .token_kinds = 1u << CARC_TOKEN_TOWER_FLOOR,
    .tokens = some_tokens,
    .figure_role = lookout,
};

const carc_module_def *const carc__modules[CARC_MODULE_SLOTS] = {
    [CARC_MODULE_BASE] = &carc__module_base,
    [CARC_MODULE_TRADERS_BUILDERS] = &carc__module_traders_builders,
    [28] = &tokens_a,
    [29] = &tokens_b,
};
