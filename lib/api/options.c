/* Explained refusals of the setters: which argument of carc_options_set_rule
 * or carc_game_new_setup is wrong, and what it may be, in the
 * carc_explanation that carc_game_explain fills for actions. */
#include "core/state.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* The refusal: code, reason, the 1-based argument at fault (position) and a
 * message for a person. */
static void refuse(carc_explanation *out, int code, int reason, int argument, const char *fmt,
                   ...) __attribute__((format(printf, 5, 6)));
static void refuse(carc_explanation *out, int code, int reason, int argument, const char *fmt, ...)
{
    out->code = code;
    out->reason = reason;
    out->position = argument;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out->message, sizeof out->message, fmt, ap);
    va_end(ap);
}

static void clear(carc_explanation *out)
{
    memset(out, 0, sizeof *out);
    out->code = CARC_OK;
    out->reason = CARC_REASON_LEGAL;
    out->side = out->player = out->position = -1;
}

/* "the rules are: a, b, c" into buf, as many names as fit, then how many
 * more there are (nothing left out unsaid). */
static void rule_list(char *buf, size_t cap)
{
    outbuf o = {buf, cap, 0};
    int n = 0, listed = 0;
    for (int r = 0; r < carc_rule_count(); r++) {
        const char *name = carc_rule_name(r);
        if (!name) continue;
        n++;
        /* room for this name, ", ", and the tail " and 99 more (...)" */
        if (listed == n - 1 && o.len + strlen(name) + 2 + 44 < cap) {
            carc__out_add(&o, "%s%s", listed ? ", " : "", name);
            listed++;
        }
    }
    if (listed < n) carc__out_add(&o, " and %d more (carc_rule_name lists them)", n - listed);
}

int carc_options_set_rule_explain(carc_options *opts, const char *name, int value,
                                  carc_explanation *why)
{
    carc_explanation e;
    clear(&e);
    int rc = carc_options_set_rule(opts, name, value);
    if (rc == CARC_OK) {
        snprintf(e.message, sizeof e.message, "rule %s set to %d", name, value);
    } else if (!opts) {
        refuse(&e, rc, CARC_REASON_OUT_OF_RANGE, 1, "no options (opts is NULL)");
    } else if (!name) {
        refuse(&e, rc, CARC_REASON_OUT_OF_RANGE, 2, "no rule name (name is NULL)");
    } else {
        int id = carc_rule_by_name(name);
        const carc_rule_def *d = id >= 0 ? carc__rule_def(id) : NULL;
        if (!d) {
            char list[150];
            rule_list(list, sizeof list);
            refuse(&e, rc, CARC_REASON_OUT_OF_RANGE, 2, "no rule named '%.40s'; the rules are: %s",
                   name, list);
        } else {
            refuse(&e, rc, CARC_REASON_OUT_OF_RANGE, 3,
                   "rule %s takes %d to %d (default %d), not %d", d->name, d->min, d->max,
                   d->def, value);
        }
    }
    if (why) *why = e;
    return rc;
}

/* The largest options and setup a caller may pass (as the checks in
 * setup.c and host.c: the structs grow only at their end). */
#define OPTIONS_MAX_SIZE (sizeof(carc_options) + 4096)
#define SETUP_MAX_SIZE (sizeof(carc_setup) + 4096)

static bool tail_zero(const void *in, size_t size, size_t known)
{
    for (size_t i = known; i < size; i++)
        if (((const unsigned char *)in)[i] != 0) return false;
    return true;
}

/* The options part: the first wrong field of opts, in the order the
 * library checks them.  true if one was found. */
static bool explain_opts(const carc_options *in, int rc, carc_explanation *e)
{
    if (in->struct_size < sizeof *in || in->struct_size > OPTIONS_MAX_SIZE) {
        refuse(e, rc, CARC_REASON_OUT_OF_RANGE, 1,
               "opts->struct_size is %zu, this library knows %zu bytes: initialise the "
               "options with carc_options_init",
               in->struct_size, sizeof *in);
        return true;
    }
    if (!tail_zero(in, in->struct_size, sizeof *in)) {
        refuse(e, rc, CARC_REASON_OUT_OF_RANGE, 1,
               "opts has fields this library (%s) does not know set to non-zero values",
               carc_version_string());
        return true;
    }
    if (in->reserved0) {
        refuse(e, rc, CARC_REASON_OUT_OF_RANGE, 1, "opts->reserved0 is %u: it must be 0",
               (unsigned)in->reserved0);
        return true;
    }
    if (in->num_players < CARC_MIN_PLAYERS || in->num_players > CARC_MAX_PLAYERS) {
        refuse(e, rc, CARC_REASON_OUT_OF_RANGE, 1,
               "opts->num_players is %d: a game has %d to %d players", (int)in->num_players,
               CARC_MIN_PLAYERS, CARC_MAX_PLAYERS);
        return true;
    }
    for (int i = 0; i < CARC_MAX_RULES; i++) {
        const carc_rule_def *d = carc__rule_def(i);
        int v = in->rules[i];
        if (d && v != 0 && (v < d->min || v > d->max)) {
            refuse(e, rc, CARC_REASON_OUT_OF_RANGE, 1,
                   "opts->rules[%d] (%s) is %d: rule %s takes %d to %d (default %d)", i,
                   d->name, v, d->name, d->min, d->max, d->def);
            return true;
        }
        if (!d && v != 0) {
            refuse(e, rc, CARC_REASON_OUT_OF_RANGE, 1,
                   "opts->rules[%d] is %d, but no rule of this build has slot %d: leave it 0", i,
                   v, i);
            return true;
        }
    }
    uint64_t mods = in->modules | 1u << CARC_MODULE_BASE;
    for (uint64_t bits = mods; bits; bits &= bits - 1) {
        int m = __builtin_ctzll(bits);
        if (m >= CARC_MODULE_SLOTS || !carc_module_name(m)) {
            refuse(e, rc, CARC_REASON_OUT_OF_RANGE, 1,
                   "opts->modules has bit %d, which names no module (carc_module_name)", m);
            return true;
        }
        if (!carc__modules[m]) {
            refuse(e, rc, CARC_REASON_OUT_OF_RANGE, 1,
                   "opts->modules names module %s (bit %d), which is not built into this "
                   "library", carc_module_name(m), m);
            return true;
        }
    }
    for (uint64_t bits = mods; bits; bits &= bits - 1) {
        int m = __builtin_ctzll(bits);
        uint64_t missing = carc__modules[m]->requires & ~mods;
        if (missing) {
            int need = __builtin_ctzll(missing);
            refuse(e, rc, CARC_REASON_FORBIDDEN, 1,
                   "opts->modules: module %s needs module %s (bit %d) on with it",
                   carc_module_name(m), carc_module_name(need), need);
            return true;
        }
    }
    carc_options o = *in;
    o.modules = mods;
    for (int i = 0; i < CARC_MAX_RULES; i++)
        if (o.rules[i] == 0 && carc__rule_def(i)) o.rules[i] = carc__rule_def(i)->def;
    int slot = carc__rule_off_play(&o);
    if (slot >= 0) {
        int m = carc__rule_module(slot);
        refuse(e, rc, CARC_REASON_FORBIDDEN, 1,
               "opts->rules[%d] (%s) is %d, but its module %s is not in play: add %s to "
               "opts->modules or keep the default %d",
               slot, carc_rule_name(slot), o.rules[slot], carc_module_name(m),
               carc_module_name(m), carc_rule_default(slot));
        return true;
    }
    return false;
}

/* The setup part, given options that are right. */
static bool explain_setup(const carc_options *opts, const carc_setup *in, int rc,
                          carc_explanation *e)
{
    if (in->struct_size < sizeof *in || in->struct_size > SETUP_MAX_SIZE) {
        refuse(e, rc, CARC_REASON_OUT_OF_RANGE, 2,
               "setup->struct_size is %zu, this library knows %zu bytes: initialise the "
               "setup with carc_setup_init",
               in->struct_size, sizeof *in);
        return true;
    }
    if (!tail_zero(in, in->struct_size, sizeof *in)) {
        refuse(e, rc, CARC_REASON_OUT_OF_RANGE, 2,
               "setup has fields this library (%s) does not know set to non-zero values",
               carc_version_string());
        return true;
    }
    if (in->bag_given != 0 && in->bag_given != 1) {
        refuse(e, rc, CARC_REASON_OUT_OF_RANGE, 2, "setup->bag_given is %d: it is 0 or 1",
               (int)in->bag_given);
        return true;
    }
    int players = opts->num_players;
    if (in->first_player < 0 || in->first_player >= players) {
        refuse(e, rc, CARC_REASON_OUT_OF_RANGE, 2,
               "setup->first_player is %d: there is no player %d in a %d-player game "
               "(players 0 to %d)",
               (int)in->first_player, (int)in->first_player, players, players - 1);
        return true;
    }
    if (!in->bag_given) {
        for (int t = 0; t < CARC_MAX_TILES; t++)
            if (in->bag[t]) {
                refuse(e, rc, CARC_REASON_OUT_OF_RANGE, 2,
                       "setup->bag[%d] is %d but setup->bag_given is 0: set bag_given to 1 "
                       "to play from this bag", t, in->bag[t]);
                return true;
            }
        return false;
    }
    /* what the tile sets in play hold besides the start tiles: the full
     * pile of the same options */
    carc_game *full = NULL;
    if (carc_game_new(&full, opts) != CARC_OK) return false;
    for (int t = 0; t < CARC_MAX_TILES; t++) {
        if (!in->bag[t]) continue;
        if (t >= carc__ntypes) {
            refuse(e, rc, CARC_REASON_OUT_OF_RANGE, 2,
                   "setup->bag[%d] is %d, but there is no tile type %d (%d types)", t,
                   in->bag[t], t, carc__ntypes);
            break;
        }
        int holds = carc_game_tiles_remaining(full, t);
        if (in->bag[t] > holds) {
            carc_tile_info info;
            bool in_play = carc_tile_info_get(t, 0, &info) == CARC_OK &&
                           ((opts->modules | 1u) >> info.module & 1u);
            if (!in_play)
                refuse(e, rc, CARC_REASON_NOT_IN_BAG, 2,
                       "setup->bag[%d] (%s) is %d, but tile %s comes with module %s, which is "
                       "not in play",
                       t, carc_tile_name(t), in->bag[t], carc_tile_name(t),
                       carc_module_name(info.module));
            else
                refuse(e, rc, CARC_REASON_NOT_IN_BAG, 2,
                       "setup->bag[%d] (%s) is %d, but the tile sets in play hold only %d %s "
                       "to draw",
                       t, carc_tile_name(t), in->bag[t], holds, carc_tile_name(t));
            break;
        }
    }
    carc_game_free(full);
    return e->code != CARC_OK;
}

int carc_options_explain(const carc_options *opts, const carc_setup *setup,
                         carc_explanation *why)
{
    if (!opts || !why) return CARC_E_INVALID;
    carc_explanation e;
    clear(&e);
    carc_game *g = NULL;
    int rc = carc_game_new_setup(&g, opts, setup);
    carc_game_free(g);
    if (rc == CARC_E_NOMEM) return rc;
    if (rc == CARC_OK) {
        snprintf(e.message, sizeof e.message, "a game can be created with these options");
    } else if (!explain_opts(opts, rc, &e) && !(setup && explain_setup(opts, setup, rc, &e))) {
        refuse(&e, rc, CARC_REASON_FAULT, 1, "new game refused: %s", carc_strerror(rc));
    }
    *why = e;
    return CARC_OK;
}
