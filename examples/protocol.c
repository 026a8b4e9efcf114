/* carcvar-play --protocol (doc/protocol.md): a host sends one JSON object
 * per line -- a command and its fields -- and reads one JSON object per
 * line back: {"ok":true,...} or {"ok":false,"error":{...}}.  Every line
 * gets exactly one reply, malformed ones included.  Public API only. */
#include "protocol.h"

#include "json.h"

#include <carcvar/carcvar.h>

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const char *const figure_names[] = {
    "follower", "big", "mayor", "wagon", "barn", "builder", "pig", "ringmaster",
    "fairy", "dragon", "count", "bigtop",
};
#define NFIGURE_NAMES ((int)(sizeof figure_names / sizeof figure_names[0]))
static const char *const feature_names[] = {"road", "city", "monastery", "field"};
static const char *const decision_names[] = {"draw", "place", "deploy", "end"};
/* carc_reason 0..15 */
static const char *const reason_names[] = {
    "legal", "game_over", "wrong_kind", "not_adjacent", "cell_taken", "edge_mismatch",
    "out_of_range", "no_figure", "occupied", "not_claimable", "not_in_bag", "malformed",
    "forbidden", "not_offered", "fault", "unknown_kind",
};

/* A library error code as a word (doc/protocol.md, "Errors"). */
static const char *code_word(int code)
{
    switch (code) {
    case CARC_OK: return "ok";
    case CARC_E_INVALID: return "invalid";
    case CARC_E_NOMEM: return "nomem";
    case CARC_E_ILLEGAL: return "illegal";
    case CARC_E_BUFFER: return "buffer";
    case CARC_E_STATE: return "state";
    case CARC_E_PARSE: return "parse";
    case CARC_E_CORRUPT: return "corrupt";
    case CARC_E_VERSION: return "version";
    case CARC_E_UNSUPPORTED: return "unsupported";
    case CARC_E_NOTFOUND: return "notfound";
    case CARC_E_LIMIT: return "limit";
    default: return "error";
    }
}

/* ------------------------------------------------------------ the session */

/* One step since the game was created or loaded: an action by its id, or
 * a chance outcome sampled from the game's RNG.  Undo replays them. */
typedef struct step {
    int32_t id;
    int8_t sampled;
    int8_t by_player; /* a player's decision (what undo takes back) */
} step;

typedef struct session {
    carc_game *g, *base;  /* the game, and the game as created or loaded */
    step *steps;
    size_t nsteps, cap;
    int auto_chance;
    size_t logged;        /* score events reported so far */
    carc_action *acts;    /* CARC_NUM_DISTINCT_ACTIONS of each */
    int32_t *ids;
    double *probs;
} session;

/* One request and its reply. */
typedef struct req {
    const json_doc *d;
    const json_value *top;
    json_out body;  /* the members of an ok reply */
    int first;
    const char *ecode; /* set when it fails */
    char emsg[640];
    json_out eextra;   /* more members of the error object */
    int efirst;
    int quit;
} req;

static int failf(req *r, const char *code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int failf(req *r, const char *code, const char *fmt, ...)
{
    r->ecode = code;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->emsg, sizeof r->emsg, fmt, ap);
    va_end(ap);
    return -1;
}

static void extra_int(req *r, const char *key, long long v)
{
    jo_key(&r->eextra, &r->efirst, key);
    jo_printf(&r->eextra, "%lld", v);
}

static void extra_str(req *r, const char *key, const char *v)
{
    jo_key(&r->eextra, &r->efirst, key);
    jo_str(&r->eextra, v);
}

static void key(req *r, const char *k) { jo_key(&r->body, &r->first, k); }

/* A refusal of the library with its explanation. */
static int fail_explained(req *r, const carc_explanation *why)
{
    failf(r, code_word(why->code), "%s", why->message);
    extra_int(r, "reason", why->reason);
    extra_str(r, "reason_name", why->reason >= 0 && why->reason < 16 ? reason_names[why->reason]
                                                                       : "module");
    if (why->side >= 0) extra_int(r, "side", why->side);
    if (why->player >= 0) extra_int(r, "player", why->player);
    if (why->position >= 0) extra_int(r, "position", why->position);
    return -1;
}

/* ------------------------------------------------------------ reading fields */

static const char *type_name(int t)
{
    static const char *const n[] = {"null", "false", "true", "a number", "a string",
                                    "an array", "an object"};
    return t >= 0 && t <= JSON_OBJECT ? n[t] : "?";
}

static int bad_field(req *r, const char *field, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int bad_field(req *r, const char *field, const char *fmt, ...)
{
    char m[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(m, sizeof m, fmt, ap);
    va_end(ap);
    failf(r, "request", "\"%s\": %s", field, m);
    extra_str(r, "field", field);
    return -1;
}

static const json_value *field(req *r, const char *name) { return json_get(r->d, r->top, name); }

/* An optional whole-number field in [lo, hi]: 0 (absent: *out untouched),
 * 1 (read), -1 (refused). */
static int int_field(req *r, const char *name, int64_t lo, int64_t hi, int64_t *out)
{
    const json_value *v = field(r, name);
    if (!v) return 0;
    if (json_int(v, lo, hi, out)) return 1;
    if (v->type != JSON_NUMBER)
        return bad_field(r, name, "wants a whole number from %lld to %lld, not %s",
                         (long long)lo, (long long)hi, type_name(v->type));
    return bad_field(r, name, "wants a whole number from %lld to %lld", (long long)lo,
                     (long long)hi);
}

static int bool_field(req *r, const char *name, int *out)
{
    const json_value *v = field(r, name);
    if (!v) return 0;
    if (v->type != JSON_TRUE && v->type != JSON_FALSE)
        return bad_field(r, name, "wants true or false, not %s", type_name(v->type));
    *out = v->type == JSON_TRUE;
    return 1;
}

static int str_field(req *r, const char *name, const json_value **out)
{
    const json_value *v = field(r, name);
    if (!v) return 0;
    if (v->type != JSON_STRING) return bad_field(r, name, "wants a string, not %s", type_name(v->type));
    *out = v;
    return 1;
}

/* --------------------------------------------------------------- writing */

static char *get_text(const carc_game *g, int (*fn)(const carc_game *, char *, size_t, size_t *))
{
    size_t need = 0;
    if (fn(g, NULL, 0, &need) != CARC_E_BUFFER) return NULL;
    char *text = malloc(need);
    if (text && fn(g, text, need, &need) != CARC_OK) {
        free(text);
        text = NULL;
    }
    return text;
}

static void write_ints(json_out *o, const int32_t *v, int n)
{
    jo_raw(o, "[");
    for (int i = 0; i < n; i++) jo_printf(o, "%s%d", i ? "," : "", v[i]);
    jo_raw(o, "]");
}

static void write_state(req *r, const carc_game *g)
{
    json_out *o = &r->body;
    key(r, "state");
    int np = carc_game_num_players(g);
    carc_decision dec;
    carc_game_decision(g, &dec);
    int f = 1;
    jo_raw(o, "{");
    jo_key(o, &f, "turn");
    jo_printf(o, "%d", carc_game_turn(g));
    jo_key(o, &f, "players");
    jo_printf(o, "%d", np);
    jo_key(o, &f, "player");
    jo_printf(o, "%d", carc_game_current_player(g));
    jo_key(o, &f, "over");
    jo_raw(o, carc_game_is_terminal(g) == 1 ? "true" : "false");
    jo_key(o, &f, "decision");
    if (dec.kind >= 0 && dec.kind < 4) jo_str(o, decision_names[dec.kind]);
    else jo_str(o, "module");
    jo_key(o, &f, "decision_kind");
    jo_printf(o, "%d", dec.kind);
    jo_key(o, &f, "tile");
    if (dec.tile >= 0 && carc_tile_name(dec.tile)) jo_str(o, carc_tile_name(dec.tile));
    else jo_raw(o, "null");
    if (dec.kind == CARC_DECISION_DEPLOY) {
        jo_key(o, &f, "x");
        jo_printf(o, "%d", dec.x);
        jo_key(o, &f, "y");
        jo_printf(o, "%d", dec.y);
    }
    jo_key(o, &f, "sampled_only");
    jo_raw(o, dec.flags & CARC_DECISION_F_SAMPLED_ONLY ? "true" : "false");
    jo_key(o, &f, "tiles_left");
    jo_printf(o, "%d", carc_game_tiles_remaining(g, -1));
    int32_t sc[CARC_MAX_PLAYERS];
    for (int p = 0; p < np; p++) carc_game_score(g, p, &sc[p]);
    jo_key(o, &f, "scores");
    write_ints(o, sc, np);
    carc_game_final_scores(g, sc, CARC_MAX_PLAYERS);
    jo_key(o, &f, "final_scores");
    write_ints(o, sc, np);
    jo_key(o, &f, "supply");
    jo_raw(o, "[");
    for (int p = 0; p < np; p++) {
        int pf = 1;
        jo_raw(o, p ? ",{" : "{");
        for (int k = 0; k < NFIGURE_NAMES; k++) {
            int n = carc_game_supply(g, p, k);
            if (n <= 0) continue;
            jo_key(o, &pf, figure_names[k]);
            jo_printf(o, "%d", n);
        }
        jo_raw(o, "}");
    }
    jo_raw(o, "]}");
}

/* The score events since the last reported. */
static void write_events(req *r, session *s)
{
    size_t n = 0;
    carc_game_score_log(s->g, NULL, 0, &n);
    carc_score_event *ev = n > s->logged ? malloc(n * sizeof *ev) : NULL;
    key(r, "events");
    jo_raw(&r->body, "[");
    if (ev && carc_game_score_log(s->g, ev, n, &n) == CARC_OK) {
        for (size_t i = s->logged; i < n; i++) {
            const carc_score_event *e = &ev[i];
            const char *why = carc_score_reason_name(e->reason);
            int f = 1;
            jo_raw(&r->body, i > s->logged ? ",{" : "{");
            jo_key(&r->body, &f, "player");
            jo_printf(&r->body, "%d", e->player);
            jo_key(&r->body, &f, "points");
            jo_printf(&r->body, "%d", e->points);
            jo_key(&r->body, &f, "reason");
            jo_str(&r->body, why ? why : "unnamed");
            jo_key(&r->body, &f, "turn");
            jo_printf(&r->body, "%d", e->turn);
            if (e->segment >= 0) {
                jo_key(&r->body, &f, "feature");
                jo_str(&r->body, e->feature >= 0 && e->feature < 4 ? feature_names[e->feature]
                                                                   : "other");
                jo_key(&r->body, &f, "x");
                jo_printf(&r->body, "%d", e->x);
                jo_key(&r->body, &f, "y");
                jo_printf(&r->body, "%d", e->y);
            }
            jo_raw(&r->body, "}");
        }
    }
    jo_raw(&r->body, "]");
    free(ev);
    s->logged = n;
}

static void action_text(const carc_game *g, const carc_action *a, char *buf, size_t cap)
{
    if (carc_action_to_string(g, a, buf, cap, NULL) != CARC_OK) snprintf(buf, cap, "?");
}

/* ------------------------------------------------------------ game steps */

static int push_step(session *s, int32_t id, int sampled, int by_player)
{
    if (s->nsteps == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 256;
        step *n = realloc(s->steps, cap * sizeof *n);
        if (!n) return CARC_E_NOMEM;
        s->steps = n;
        s->cap = cap;
    }
    s->steps[s->nsteps++] = (step){id, (int8_t)sampled, (int8_t)by_player};
    return CARC_OK;
}

/* Sample one chance decision; its text in text. */
static int sample_one(session *s, char *text, size_t cap)
{
    carc_action a;
    carc_game *before = NULL;
    int rc = carc_game_clone(&before, s->g); /* the outcome's id is of the decision before */
    if (rc) return rc;
    rc = carc_game_sample_chance(s->g, &a);
    int32_t id = -1;
    if (!rc) {
        action_text(before, &a, text, cap);
        carc_action_to_id(before, &a, &id);
        rc = push_step(s, id, 1, 0);
    }
    carc_game_free(before);
    return rc;
}

/* With auto_chance: sample every chance decision until a player decides
 * or the game ends; the outcomes as "chance":[texts]. */
static int settle(req *r, session *s)
{
    if (!s->auto_chance) return 0;
    key(r, "chance");
    jo_raw(&r->body, "[");
    int n = 0;
    while (carc_game_current_player(s->g) == CARC_PLAYER_CHANCE) {
        char text[256];
        int rc = sample_one(s, text, sizeof text);
        if (rc) {
            jo_raw(&r->body, "]");
            return failf(r, code_word(rc), "sampling a chance outcome: %s", carc_strerror(rc));
        }
        if (n++) jo_raw(&r->body, ",");
        jo_str(&r->body, text);
    }
    jo_raw(&r->body, "]");
    return 0;
}

/* A new game (or a loaded one) becomes the session's. */
static int adopt(req *r, session *s, carc_game *g)
{
    carc_game *base = NULL;
    int rc = carc_game_clone(&base, g);
    if (rc) {
        carc_game_free(g);
        return failf(r, code_word(rc), "%s", carc_strerror(rc));
    }
    carc_game_free(s->g);
    carc_game_free(s->base);
    s->g = g;
    s->base = base;
    s->nsteps = 0;
    size_t n = 0;
    carc_game_score_log(g, NULL, 0, &n);
    s->logged = n;
    return 0;
}

/* ------------------------------------------------------------ commands */

static int cmd_info(req *r, session *s)
{
    (void)s;
    json_out *o = &r->body;
    key(r, "version");
    jo_str(o, carc_version_string());
    key(r, "min_players");
    jo_printf(o, "%d", CARC_MIN_PLAYERS);
    key(r, "max_players");
    jo_printf(o, "%d", CARC_MAX_PLAYERS);
    key(r, "modules");
    jo_raw(o, "[");
    for (int m = 1, n = 0; m < CARC_MODULE_SLOTS; m++)
        if (carc_module_available(m) == 1) {
            if (n++) jo_raw(o, ",");
            jo_str(o, carc_module_name(m));
        }
    jo_raw(o, "]");
    key(r, "rules");
    jo_raw(o, "[");
    carc_options probe;
    carc_options_init(&probe);
    for (int id = 0, n = 0; id < carc_rule_count(); id++) {
        const char *name = carc_rule_name(id);
        if (!name) continue;
        /* the range, probed outward from the default with the setter */
        int lo = carc_rule_default(id), hi = lo;
        while (lo > -1000000 && carc_options_set_rule(&probe, name, lo - 1) == CARC_OK) lo--;
        while (hi < 1000000 && carc_options_set_rule(&probe, name, hi + 1) == CARC_OK) hi++;
        /* the module that owns it: the first that lets it off its default
         * (none needed: the base game's) */
        const char *owner = NULL;
        for (int m = 0; m < CARC_MODULE_SLOTS && lo != hi && !owner; m++) {
            if (carc_module_available(m) != 1) continue;
            carc_options t;
            carc_options_init(&t);
            t.modules |= 1ull << m;
            t.rules[id] = carc_rule_default(id) == lo ? hi : lo;
            carc_explanation why;
            if (carc_options_explain(&t, NULL, &why) == CARC_OK && why.code == CARC_OK) {
                owner = carc_module_name(m);
            }
        }
        if (!owner) owner = "base";
        int f = 1;
        jo_raw(o, n++ ? ",{" : "{");
        jo_key(o, &f, "name");
        jo_str(o, name);
        jo_key(o, &f, "default");
        jo_printf(o, "%d", carc_rule_default(id));
        jo_key(o, &f, "min");
        jo_printf(o, "%d", lo);
        jo_key(o, &f, "max");
        jo_printf(o, "%d", hi);
        jo_key(o, &f, "module");
        jo_str(o, owner);
        jo_raw(o, "}");
    }
    jo_raw(o, "]");
    return 0;
}

/* The library's explanation of refused options names C fields
 * (carc_options_explain); say them as the request's fields:
 * "opts->rules[16] (am_wagon_move)" as "rule am_wagon_move",
 * "setup->bag[3] (D)" as "bag tile D", "opts->modules" as "modules". */
static void request_words(const char *in, char *out, size_t cap)
{
    static const char *const plain[][2] = {
        {"opts->num_players", "players"}, {"opts->modules", "modules"},
        {"setup->first_player", "first_player"}, {"opts->", ""}, {"setup->", ""},
    };
    size_t n = 0;
    while (*in && n + 1 < cap) {
        const char *word = NULL;
        size_t skip = 0;
        if (!strncmp(in, "opts->rules[", 12)) word = "rule ", skip = 12;
        else if (!strncmp(in, "setup->bag[", 11)) word = "bag tile ", skip = 11;
        if (word) { /* NAME[k] (X) -> word X */
            const char *open = strstr(in + skip, "] (");
            const char *close = open ? strchr(open + 3, ')') : NULL;
            if (close) {
                n += (size_t)snprintf(out + n, cap - n, "%s%.*s", word, (int)(close - open - 3),
                                      open + 3);
                if (n >= cap) n = cap - 1;
                in = close + 1;
                continue;
            }
        }
        size_t k = 0;
        while (k < sizeof plain / sizeof plain[0] && strncmp(in, plain[k][0], strlen(plain[k][0])))
            k++;
        if (k < sizeof plain / sizeof plain[0]) {
            n += (size_t)snprintf(out + n, cap - n, "%s", plain[k][1]);
            if (n >= cap) n = cap - 1;
            in += strlen(plain[k][0]);
            continue;
        }
        out[n++] = *in++;
    }
    out[n] = 0;
}

static int cmd_new(req *r, session *s)
{
    carc_options o;
    carc_options_init(&o);
    carc_setup su;
    carc_setup_init(&su);
    int64_t v;
    int rc;
    if ((rc = int_field(r, "players", CARC_MIN_PLAYERS, CARC_MAX_PLAYERS, &v)) < 0) return -1;
    if (rc) o.num_players = (int32_t)v;
    const json_value *f = field(r, "seed");
    if (f && !json_u64(f, &o.seed))
        return bad_field(r, "seed", "wants a whole number from 0 to 18446744073709551615");
    if ((rc = int_field(r, "first_player", 0, CARC_MAX_PLAYERS - 1, &v)) < 0) return -1;
    if (rc) su.first_player = (int32_t)v;
    int auto_chance = 0;
    if (bool_field(r, "auto_chance", &auto_chance) < 0) return -1;
    if ((f = field(r, "modules"))) {
        if (f->type != JSON_ARRAY)
            return bad_field(r, "modules", "wants an array of module names, e.g. [\"big_top\"], "
                                           "not %s", type_name(f->type));
        for (int i = 0; i < f->count; i++) {
            const json_value *m = json_at(r->d, f, i);
            int id = m->type == JSON_STRING ? carc_module_by_name(m->str) : -1;
            if (id < 0 || carc_module_available(id) != 1) {
                char names[400] = "";
                for (int k = 1; k < CARC_MODULE_SLOTS; k++)
                    if (carc_module_available(k) == 1)
                        snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s",
                                 names[0] ? ", " : "", carc_module_name(k));
                if (m->type != JSON_STRING)
                    return bad_field(r, "modules", "item %d is %s, not a module name; the "
                                     "modules are: %s", i, type_name(m->type), names);
                return bad_field(r, "modules", "%s module '%.60s'; the modules are: %s",
                                 id < 0 ? "unknown" : "this build has no", m->str, names);
            }
            o.modules |= 1ull << id;
        }
    }
    if ((f = field(r, "rules"))) {
        if (f->type != JSON_OBJECT)
            return bad_field(r, "rules", "wants an object of rule names and values, e.g. "
                                         "{\"tiny_city\": 1}, not %s", type_name(f->type));
        for (int i = 0; i < f->count; i++) {
            const json_value *m = json_at(r->d, f, i);
            carc_explanation why;
            if (!json_int(m, INT32_MIN, INT32_MAX, &v))
                return bad_field(r, "rules", "rule %.60s wants a whole number, not %s", m->key,
                                 m->type == JSON_NUMBER ? "this number" : type_name(m->type));
            if (carc_options_set_rule_explain(&o, m->key, (int)v, &why) != CARC_OK)
                return bad_field(r, "rules", "%s", why.message);
        }
    }
    if ((f = field(r, "bag"))) {
        if (f->type != JSON_OBJECT)
            return bad_field(r, "bag", "wants an object of tile names and counts, e.g. "
                                       "{\"U\": 2, \"E\": 1}, not %s", type_name(f->type));
        su.bag_given = 1;
        for (int i = 0; i < f->count; i++) {
            const json_value *m = json_at(r->d, f, i);
            int t = carc_tile_by_name(m->key);
            if (t < 0 || t >= CARC_MAX_TILES)
                return bad_field(r, "bag", "'%.60s' is no tile (doc/tiles.md lists them)", m->key);
            if (!json_int(m, 1, 255, &v))
                return bad_field(r, "bag", "tile %.60s: a count is a whole number from 1 to 255",
                                 m->key);
            su.bag[t] = (uint8_t)v;
        }
        if (!f->count) return bad_field(r, "bag", "no tiles given");
    }
    carc_explanation why;
    rc = carc_options_explain(&o, &su, &why);
    if (rc) return failf(r, code_word(rc), "%s", carc_strerror(rc));
    if (why.code != CARC_OK) {
        char said[sizeof why.message + 64];
        request_words(why.message, said, sizeof said);
        failf(r, "options", "%s", said);
        static const char *const fields[][2] = {
            {"opts->rules", "rules"}, {"opts->modules", "modules"}, {"opts->num_players", "players"},
            {"setup->first_player", "first_player"}, {"setup->bag", "bag"},
        };
        for (size_t k = 0; k < sizeof fields / sizeof fields[0]; k++)
            if (!strncmp(why.message, fields[k][0], strlen(fields[k][0]))) {
                extra_str(r, "field", fields[k][1]);
                break;
            }
        extra_str(r, "library_code", code_word(why.code));
        return -1;
    }
    carc_game *g = NULL;
    rc = carc_game_new_setup(&g, &o, &su);
    if (rc) return failf(r, code_word(rc), "new game: %s", carc_strerror(rc));
    if (adopt(r, s, g)) return -1;
    s->auto_chance = auto_chance;
    if (settle(r, s)) return -1;
    if (auto_chance) write_events(r, s); /* a module's chance event may score */
    write_state(r, s->g);
    return 0;
}

static int cmd_state(req *r, session *s)
{
    write_state(r, s->g);
    return 0;
}

static int cmd_legal(req *r, session *s)
{
    json_out *o = &r->body;
    size_t n = 0, ni = 0;
    int rc = carc_game_legal_actions(s->g, s->acts, CARC_NUM_DISTINCT_ACTIONS, &n);
    if (!rc) rc = carc_game_legal_ids(s->g, s->ids, CARC_NUM_DISTINCT_ACTIONS, &ni);
    if (!rc && n != ni) rc = CARC_E_LIMIT;
    if (rc) return failf(r, code_word(rc), "legal actions: %s", carc_strerror(rc));
    int player = carc_game_current_player(s->g);
    size_t np = 0;
    int32_t *pid = NULL;
    if (player == CARC_PLAYER_CHANCE && n) {
        pid = malloc(n * sizeof *pid);
        if (!pid || carc_game_chance_outcomes(s->g, pid, s->probs, n, &np) != CARC_OK) np = 0;
    }
    key(r, "player");
    jo_printf(o, "%d", player);
    key(r, "actions");
    jo_raw(o, "[");
    for (size_t i = 0; i < n; i++) {
        char text[256];
        action_text(s->g, &s->acts[i], text, sizeof text);
        jo_printf(o, "%s{\"id\":%d,\"text\":", i ? "," : "", s->ids[i]);
        jo_str(o, text);
        for (size_t k = 0; k < np; k++)
            if (pid[k] == s->ids[i]) {
                jo_printf(o, ",\"probability\":%.17g", s->probs[k]);
                break;
            }
        jo_raw(o, "}");
    }
    jo_raw(o, "]");
    free(pid);
    return 0;
}

/* The action a request names: "id" or "text", exactly one. */
static int requested_action(req *r, session *s, carc_action *a, int *have_explanation,
                            carc_explanation *why)
{
    const json_value *t = NULL;
    int64_t id;
    int has_id = int_field(r, "id", INT32_MIN, INT32_MAX, &id);
    if (has_id < 0) return -1;
    int has_text = str_field(r, "text", &t);
    if (has_text < 0) return -1;
    *have_explanation = 0;
    if (has_id == has_text)
        return failf(r, "request", "give the action by \"id\" (from \"legal\") or by \"text\" "
                                   "(doc/notation.md), one of them");
    if (has_id) {
        int player = carc_game_current_player(s->g);
        int64_t hi = (player == CARC_PLAYER_CHANCE ? CARC_MAX_CHANCE_OUTCOMES
                                                   : CARC_NUM_DISTINCT_ACTIONS) - 1;
        if (id < 0 || id > hi) {
            bad_field(r, "id", "%lld is out of range: ids are 0 to %lld at this decision",
                      (long long)id, (long long)hi);
            return -1;
        }
        int rc = carc_action_from_id(s->g, (int32_t)id, a);
        if (rc) {
            if (rc == CARC_E_STATE || carc_game_is_terminal(s->g) == 1) {
                memset(why, 0, sizeof *why);
                why->code = CARC_E_STATE;
                why->reason = carc_game_is_terminal(s->g) == 1 ? CARC_REASON_GAME_OVER
                                                               : CARC_REASON_WRONG_KIND;
                why->side = why->player = why->position = -1;
                snprintf(why->message, sizeof why->message, "%s",
                         carc_game_is_terminal(s->g) == 1 ? "the game is over"
                                                           : "no action has this id here");
            } else {
                memset(why, 0, sizeof *why);
                why->code = CARC_E_ILLEGAL; /* (carc_action_from_id: no such id) */
                why->reason = CARC_REASON_NOT_OFFERED;
                why->side = why->player = why->position = -1;
                snprintf(why->message, sizeof why->message,
                         "id %lld names no action at this decision (\"legal\" lists them)",
                         (long long)id);
            }
            *have_explanation = 1;
        }
        return 0;
    }
    if (strlen(t->str) != t->len) return bad_field(r, "text", "holds a NUL character");
    int rc = carc_action_from_string(s->g, t->str, a);
    if (rc) {
        if (carc_game_explain_text(s->g, t->str, why) != CARC_OK || why->code == CARC_OK) {
            memset(why, 0, sizeof *why); /* (the parser and the explanation disagree) */
            why->code = rc;
            why->reason = CARC_REASON_MALFORMED;
            why->side = why->player = why->position = -1;
            snprintf(why->message, sizeof why->message, "'%.120s': %s", t->str,
                     carc_strerror(rc));
        }
        *have_explanation = 1;
    }
    return 0;
}

static int cmd_explain(req *r, session *s)
{
    carc_action a;
    carc_explanation why;
    int have;
    if (requested_action(r, s, &a, &have, &why)) return -1;
    if (!have) {
        int rc = carc_game_explain(s->g, &a, &why);
        if (rc) return failf(r, code_word(rc), "explain: %s", carc_strerror(rc));
    }
    json_out *o = &r->body;
    key(r, "legal");
    jo_raw(o, why.code == CARC_OK ? "true" : "false");
    key(r, "code");
    jo_str(o, code_word(why.code));
    key(r, "reason");
    jo_printf(o, "%d", why.reason);
    key(r, "reason_name");
    jo_str(o, why.reason >= 0 && why.reason < 16 ? reason_names[why.reason] : "module");
    key(r, "message");
    jo_str(o, why.message);
    if (why.side >= 0) key(r, "side"), jo_printf(o, "%d", why.side);
    if (why.player >= 0) key(r, "player"), jo_printf(o, "%d", why.player);
    if (why.position >= 0) key(r, "position"), jo_printf(o, "%d", why.position);
    return 0;
}

static void write_applied(req *r, const char *text, int32_t id, int player)
{
    key(r, "applied");
    jo_printf(&r->body, "{\"id\":%d,\"player\":%d,\"text\":", id, player);
    jo_str(&r->body, text);
    jo_raw(&r->body, "}");
}

static int cmd_apply(req *r, session *s)
{
    carc_action a;
    carc_explanation why;
    int have;
    if (requested_action(r, s, &a, &have, &why)) return -1;
    if (!have && carc_game_explain(s->g, &a, &why) != CARC_OK)
        return failf(r, "nomem", "explain: out of memory");
    if (why.code != CARC_OK) return fail_explained(r, &why);
    int32_t id = -1;
    int rc = carc_action_to_id(s->g, &a, &id);
    if (rc) return failf(r, code_word(rc), "the action has no id: %s", carc_strerror(rc));
    char text[256];
    action_text(s->g, &a, text, sizeof text);
    int player = carc_game_current_player(s->g);
    rc = carc_game_apply_id(s->g, id);
    if (rc) return failf(r, code_word(rc), "apply: %s", carc_strerror(rc));
    if ((rc = push_step(s, id, 0, player >= 0))) return failf(r, "nomem", "out of memory");
    write_applied(r, text, id, player);
    if (settle(r, s)) return -1;
    write_events(r, s); /* the action's, and those of the outcomes drawn since */
    write_state(r, s->g);
    return 0;
}

static int cmd_sample(req *r, session *s)
{
    if (carc_game_current_player(s->g) != CARC_PLAYER_CHANCE)
        return failf(r, "state", carc_game_is_terminal(s->g) == 1
                                     ? "the game is over"
                                     : "a player decides here, not chance (\"legal\" lists "
                                       "the actions)");
    char text[256];
    size_t before = s->nsteps;
    int rc = sample_one(s, text, sizeof text);
    if (rc) return failf(r, code_word(rc), "sample: %s", carc_strerror(rc));
    write_applied(r, text, s->steps[before].id, CARC_PLAYER_CHANCE);
    write_events(r, s);
    write_state(r, s->g);
    return 0;
}

/* Replay the first n steps on the game as created or loaded. */
static int rebuild(session *s, size_t n)
{
    int rc = carc_game_copy(s->g, s->base);
    for (size_t i = 0; i < n && !rc; i++)
        rc = s->steps[i].sampled ? carc_game_sample_chance(s->g, NULL)
                                 : carc_game_apply_id(s->g, s->steps[i].id);
    s->nsteps = n;
    return rc;
}

static int cmd_undo(req *r, session *s)
{
    size_t k = s->nsteps;
    while (k > 0 && !s->steps[k - 1].by_player) k--;
    if (k == 0)
        return failf(r, "nothing_to_undo", "no player action to take back since the game was "
                                           "created or loaded");
    size_t undone = s->nsteps - (k - 1);
    int rc = rebuild(s, k - 1);
    if (rc) return failf(r, code_word(rc), "undo: replaying the game: %s", carc_strerror(rc));
    size_t n = 0;
    carc_game_score_log(s->g, NULL, 0, &n);
    s->logged = n;
    key(r, "undone");
    jo_printf(&r->body, "%zu", undone);
    write_state(r, s->g);
    return 0;
}

static int cmd_record(req *r, session *s)
{
    int pub = 0;
    if (bool_field(r, "public", &pub) < 0) return -1;
    char *text = get_text(s->g, pub ? carc_game_write_public_record : carc_game_write_record);
    if (!text) return failf(r, "nomem", "the record: out of memory");
    key(r, "record");
    jo_str(&r->body, text);
    free(text);
    return 0;
}

static int cmd_load(req *r, session *s)
{
    const json_value *rec = NULL;
    int rc = str_field(r, "record", &rec);
    if (rc < 0) return -1;
    if (!rc) return bad_field(r, "record", "is missing: the text of a game record (doc/records.md)");
    int auto_chance = 0;
    if (bool_field(r, "auto_chance", &auto_chance) < 0) return -1;
    carc_game *g = NULL;
    carc_record_error err;
    rc = carc_record_replay(&g, rec->str, rec->len, &err);
    if (rc) {
        failf(r, "record", "%s", err.message[0] ? err.message : carc_strerror(rc));
        if (err.line > 0) extra_int(r, "line", err.line);
        extra_str(r, "library_code", code_word(rc));
        return -1;
    }
    if (adopt(r, s, g)) return -1;
    s->auto_chance = auto_chance;
    if (settle(r, s)) return -1;
    if (auto_chance) write_events(r, s); /* a module's chance event may score */
    write_state(r, s->g);
    return 0;
}

static int cmd_board(req *r, session *s)
{
    char *text = get_text(s->g, carc_game_board_text);
    if (!text) return failf(r, "nomem", "the board: out of memory");
    key(r, "board");
    jo_str(&r->body, text);
    free(text);
    return 0;
}

static int cmd_quit(req *r, session *s)
{
    (void)s;
    r->quit = 1;
    return 0;
}

typedef struct command {
    const char *name;
    const char *fields; /* besides "cmd" and "tag", space-separated */
    int needs_game;
    int (*run)(req *, session *);
} command;

static const command commands[] = {
    {"info", "", 0, cmd_info},
    {"new", "players seed modules rules first_player bag auto_chance", 0, cmd_new},
    {"load", "record auto_chance", 0, cmd_load},
    {"state", "", 1, cmd_state},
    {"legal", "", 1, cmd_legal},
    {"apply", "id text", 1, cmd_apply},
    {"sample", "", 1, cmd_sample},
    {"explain", "id text", 1, cmd_explain},
    {"undo", "", 1, cmd_undo},
    {"record", "public", 1, cmd_record},
    {"board", "", 1, cmd_board},
    {"quit", "", 0, cmd_quit},
};
#define NCOMMANDS ((int)(sizeof commands / sizeof commands[0]))

static int word_in(const char *w, const char *list)
{
    size_t n = strlen(w);
    for (const char *p = list; *p;) {
        size_t k = strcspn(p, " ");
        if (k == n && !strncmp(p, w, n)) return 1;
        p += k;
        while (*p == ' ') p++;
    }
    return 0;
}

/* Check the request's shape, then run its command. */
static int dispatch(req *r, session *s, const command **which)
{
    const json_value *top = r->top;
    if (top->type != JSON_OBJECT)
        return failf(r, "request", "a request is a JSON object, e.g. {\"cmd\":\"state\"}, not %s",
                     type_name(top->type));
    const json_value *c = json_get(r->d, top, "cmd");
    if (!c) return failf(r, "request", "no \"cmd\": say which command, e.g. {\"cmd\":\"state\"}");
    if (c->type != JSON_STRING)
        return bad_field(r, "cmd", "wants a command name (a string), not %s", type_name(c->type));
    const command *cmd = NULL;
    for (int k = 0; k < NCOMMANDS; k++)
        if (!strcmp(commands[k].name, c->str)) cmd = &commands[k];
    if (!cmd) {
        char names[200] = "";
        for (int k = 0; k < NCOMMANDS; k++)
            snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", k ? ", " : "",
                     commands[k].name);
        return bad_field(r, "cmd", "unknown command '%.60s'; the commands are: %s", c->str, names);
    }
    *which = cmd;
    const json_value *tag = json_get(r->d, top, "tag");
    int64_t tv;
    if (tag && !(tag->type == JSON_STRING && tag->len <= 256) &&
        !json_int(tag, INT64_MIN, INT64_MAX, &tv))
        return bad_field(r, "tag", "wants a string of at most 256 bytes or a whole number, "
                                   "to be repeated in the reply");
    for (int i = 0; i < top->count; i++) {
        const json_value *m = json_at(r->d, top, i);
        if (!strcmp(m->key, "cmd") || !strcmp(m->key, "tag") || word_in(m->key, cmd->fields))
            continue;
        if (cmd->fields[0])
            return bad_field(r, m->key, "no such field for \"%s\" (its fields: %s)", cmd->name,
                             cmd->fields);
        return bad_field(r, m->key, "no such field: \"%s\" takes no fields", cmd->name);
    }
    if (cmd->needs_game && !s->g)
        return failf(r, "no_game", "no game yet: start one with {\"cmd\":\"new\"} or "
                                   "{\"cmd\":\"load\",\"record\":...}");
    return cmd->run(r, s);
}

/* The request's tag, echoed in the reply: a string or a whole number. */
static void write_tag(json_out *o, const json_doc *d)
{
    if (d->n == 0 || d->v[0].type != JSON_OBJECT) return;
    const json_value *t = json_get(d, &d->v[0], "tag");
    int64_t v;
    if (!t) return;
    if (t->type == JSON_STRING && t->len <= 256) {
        jo_raw(o, ",\"tag\":");
        jo_strn(o, t->str, t->len);
    } else if (json_int(t, INT64_MIN, INT64_MAX, &v)) {
        jo_printf(o, ",\"tag\":%lld", (long long)v);
    }
}

/* Answer one line (len bytes, no newline) into o; 1 for a quit. */
static int answer(session *s, json_doc *d, char *strbuf, const char *line, size_t len,
                   int too_long, json_out *o)
{
    req r;
    memset(&r, 0, sizeof r);
    r.d = d;
    r.first = 0; /* "ok" comes first */
    r.efirst = 0; /* "code" and "message" come first */
    jo_init(&r.body);
    jo_init(&r.eextra);
    const command *cmd = NULL;
    d->n = 0;
    if (too_long) {
        failf(&r, "too_long", "the line is longer than %u bytes", PROTOCOL_MAX_LINE);
    } else if (json_parse(d, line, len, strbuf)) {
        failf(&r, "json", "not JSON: %s", d->message);
        extra_int(&r, "column", (long long)d->at + 1);
        d->n = 0;
    } else {
        r.top = &d->v[0];
        dispatch(&r, s, &cmd);
    }
    o->len = 0;
    jo_raw(o, r.ecode ? "{\"ok\":false" : "{\"ok\":true");
    if (cmd) {
        jo_raw(o, ",\"cmd\":");
        jo_str(o, cmd->name);
    }
    write_tag(o, d);
    if (r.ecode) {
        jo_raw(o, ",\"error\":{\"code\":");
        jo_str(o, r.ecode);
        jo_raw(o, ",\"message\":");
        jo_str(o, r.emsg);
        if (r.eextra.len) jo_raw(o, r.eextra.buf);
        jo_raw(o, "}}");
    } else {
        if (r.body.ok) jo_raw(o, r.body.buf);
        jo_raw(o, "}");
    }
    jo_free(&r.body);
    jo_free(&r.eextra);
    return r.quit && !r.ecode;
}

int protocol_run(FILE *in, FILE *out)
{
    session s;
    memset(&s, 0, sizeof s);
    s.acts = malloc(CARC_NUM_DISTINCT_ACTIONS * sizeof *s.acts);
    s.ids = malloc(CARC_NUM_DISTINCT_ACTIONS * sizeof *s.ids);
    s.probs = malloc(CARC_NUM_DISTINCT_ACTIONS * sizeof *s.probs);
    char *line = malloc(PROTOCOL_MAX_LINE + 1);
    char *strbuf = malloc(PROTOCOL_MAX_LINE + 1);
    json_doc *d = malloc(sizeof *d);
    json_out o;
    jo_init(&o);
    int status = 1;
    if (!s.acts || !s.ids || !s.probs || !line || !strbuf || !d || !o.ok) goto done;
    for (;;) {
        size_t len = 0;
        int c, too_long = 0, any = 0;
        while ((c = getc(in)) != EOF && c != '\n') {
            any = 1;
            if (len < PROTOCOL_MAX_LINE) line[len++] = (char)c;
            else too_long = 1;
        }
        if (!any && c == EOF) break;
        int quit = answer(&s, d, strbuf, line, len, too_long, &o);
        if (!o.ok) goto done;
        if (fputs(o.buf, out) < 0 || fputc('\n', out) < 0 || fflush(out) != 0) goto done;
        if (quit) break;
        if (c == EOF) break;
    }
    status = 0;
done:
    jo_free(&o);
    free(d);
    free(strbuf);
    free(line);
    free(s.acts);
    free(s.ids);
    free(s.probs);
    free(s.steps);
    carc_game_free(s.g);
    carc_game_free(s.base);
    return status;
}
