/* A check of the module registry the test program is linked with (the
 * library's, or the probes'): used by test_modules.c and test_random.c. */
#ifndef CARC_REGISTRY_CHECK_H
#define CARC_REGISTRY_CHECK_H

#include "core/state.h"

#include <check.h>
#include <string.h>

/* Module m's declared actions (carc_action_def) are well formed: its own
 * kinds and decision kinds, at most one numbered argument, ranges and ids
 * inside the id space, a segment last and of a tile named before it, no two
 * forms numbered alike at one decision, and at most 31 forms. */
static void check_actions(const carc_module_def *md, int m)
{
    ck_assert_msg(md->nactions <= 31, "module %d declares %d forms: at most 31 (lib/module.h)", m,
                  md->nactions);
    for (int i = 0; i < md->nactions; i++) {
        const carc_action_def *d = &md->actions[i];
        ck_assert_msg(CARC_KIND_IS_MODULE(d->kind) && CARC_KIND_MODULE(d->kind) == m,
                      "module %d: action kind %d is not its own", m, d->kind);
        ck_assert_msg(d->word && d->word[0] && d->word[0] != ' ', "module %d: form %d has no word",
                      m, i);
        ck_assert_msg(d->at && (d->at & ~(0xFFFFu | CARC_AT_DEPLOY)) == 0,
                      "module %d: form %d answers no decision", m, i);
        int numbered = 0, span = 1, tile_named = 0;
        for (int k = 0; k < CARC_ACTION_ARGS && d->args[k].type; k++) {
            const carc_action_arg *r = &d->args[k];
            ck_assert_int_le(r->type, CARC_ARGT_SEGMENT);
            ck_assert_int_le(r->member + sizeof(int32_t), sizeof(carc_action));
            if (r->type != CARC_ARGT_FIXED && r->type != CARC_ARGT_TARGET) numbered++;
            if (r->type == CARC_ARGT_INT) {
                ck_assert_int_le(r->lo, r->hi);
                ck_assert_int_le((int64_t)r->hi - r->lo, CARC_NUM_DISTINCT_ACTIONS);
                span = r->hi - r->lo + 1;
            }
            if (r->type == CARC_ARGT_CHOICE) {
                ck_assert_int_gt(r->nchoices, 0);
                for (int c = 0; c < r->nchoices; c++) {
                    ck_assert_int_ge(r->choices[c].offset, 0);
                    if (r->choices[c].offset >= span) span = r->choices[c].offset + 1;
                    for (int e = 0; e < c; e++) {
                        ck_assert_int_ne(r->choices[e].value, r->choices[c].value);
                        ck_assert_int_ne(r->choices[e].offset, r->choices[c].offset);
                        ck_assert_str_ne(r->choices[e].word, r->choices[c].word);
                    }
                }
            }
            if (r->type == CARC_ARGT_TILE || r->type == CARC_ARGT_CELL) span = CARC_MAX_TILES;
            if (r->type == CARC_ARGT_TILE_TYPE) span = carc__ntypes;
            if (r->type == CARC_ARGT_SEGMENT) {
                span = CARC_MAX_SEGMENTS;
                ck_assert_msg(tile_named && (k + 1 == CARC_ACTION_ARGS || !d->args[k + 1].type),
                              "module %d: form %d: a segment comes last, after its tile", m, i);
            }
            if ((r->type == CARC_ARGT_TILE || r->type == CARC_ARGT_TARGET) &&
                r->member == offsetof(carc_action, target))
                tile_named = 1;
        }
        ck_assert_msg(numbered <= 1, "module %d: form %d numbers %d arguments", m, i, numbered);
        ck_assert_int_ge(d->id_base, 0);
        ck_assert_int_le(d->id_base + span, CARC_ID_END);
        /* forms at one decision are numbered apart */
        for (int j = 0; j < i; j++) {
            const carc_action_def *e = &md->actions[j];
            if (!(e->at & d->at)) continue;
            int ospan = 1;
            for (int k = 0; k < CARC_ACTION_ARGS && e->args[k].type; k++) {
                const carc_action_arg *r = &e->args[k];
                if (r->type == CARC_ARGT_INT) ospan = r->hi - r->lo + 1;
                if (r->type == CARC_ARGT_CHOICE)
                    for (int c = 0; c < r->nchoices; c++)
                        if (r->choices[c].offset >= ospan) ospan = r->choices[c].offset + 1;
                if (r->type == CARC_ARGT_TILE || r->type == CARC_ARGT_CELL) ospan = CARC_MAX_TILES;
                if (r->type == CARC_ARGT_TILE_TYPE) ospan = carc__ntypes;
                if (r->type == CARC_ARGT_SEGMENT) ospan = CARC_MAX_SEGMENTS;
            }
            ck_assert_msg(d->id_base >= e->id_base + ospan || e->id_base >= d->id_base + span,
                          "module %d: forms %d and %d share ids at one decision", m, j, i);
        }
    }
}

/* Two notation words are the same up to their first space ("bazaar pick"
 * begins with the word "bazaar"). */
static bool same_word(const char *a, const char *b)
{
    size_t n = strcspn(a, " ");
    return n == strcspn(b, " ") && strncmp(a, b, n) == 0;
}

/* The words of module md: its `words`, then the first word of every form
 * of its declared actions, each once (the words the core finds it by). */
static void module_words(const carc_module_def *md, const char **words, int *nwords)
{
    int start = *nwords;
    for (int w = 0; md->words && md->words[w]; w++) {
        ck_assert_int_lt(*nwords, 200);
        words[(*nwords)++] = md->words[w];
    }
    for (int i = 0; i < md->nactions; i++) {
        bool seen = false;
        for (int k = start; k < *nwords; k++) seen |= same_word(words[k], md->actions[i].word);
        if (seen) continue;
        ck_assert_int_lt(*nwords, 200);
        words[(*nwords)++] = md->actions[i].word;
    }
}

/* Every registered module's declarations are consistent with the others':
 * notation words, rule slots and names, figure kinds and ids are unique;
 * requires/uses name module slots; declared bounds fit the core's. */
static void check_registry(void)
{
    const char *words[256];
    int nwords = 0;
    int rule_owner[CARC_MAX_RULES];
    int kind_owner[CARC_FIGURE_KINDS];
    for (int i = 0; i < CARC_MAX_RULES; i++) rule_owner[i] = -1;
    for (int i = 0; i < CARC_FIGURE_KINDS; i++) kind_owner[i] = -1;
    for (int m = 0; m < CARC_MODULE_SLOTS; m++) {
        const carc_module_def *md = carc__modules[m];
        if (!md) continue;
        ck_assert_int_eq(md->id, m);
        ck_assert_int_eq(md->requires >> CARC_MODULE_SLOTS, 0);
        ck_assert_int_eq(md->uses >> CARC_MODULE_SLOTS, 0);
        ck_assert_int_le(md->max_pending, MAX_PENDING);
        int before = nwords;
        check_actions(md, m);
        module_words(md, words, &nwords);
        for (int w = before; w < nwords; w++)
            for (int k = 0; k < w; k++)
                ck_assert_msg(!same_word(words[k], words[w]), "word '%s' twice", words[w]);
        for (int r = 0; r < md->nrules; r++) {
            int slot = md->rules[r].slot;
            ck_assert_int_lt(slot, CARC_MAX_RULES);
            ck_assert_msg(rule_owner[slot] < 0, "rule slot %d twice", slot);
            rule_owner[slot] = m;
            ck_assert_int_ge(md->rules[r].def, md->rules[r].min);
            ck_assert_int_le(md->rules[r].def, md->rules[r].max);
            ck_assert_int_ge(md->rules[r].min, 1); /* 0 means "the default" */
        }
        for (int k = 0; k < md->nkinds; k++) {
            int kind = md->kinds[k].kind;
            ck_assert_int_lt(kind, CARC_FIGURE_KINDS);
            ck_assert_msg(kind_owner[kind] < 0, "figure kind %d twice", kind);
            kind_owner[kind] = m;
        }
        for (int s = 0; s < md->nsteps; s++) ck_assert_int_lt(md->steps[s].step, CARC_STEP_OVER);
        if (md->may_deploy_tile) { /* its word in its state, read in place by the core */
            carc_options o;
            carc_options_init(&o);
            o.modules |= 1ull << m;
            ck_assert_msg(md->may_deploy && md->state_size, "module %d: may_deploy_tile", m);
            ck_assert_uint_le((size_t)md->may_deploy_tile_off + 2, md->state_size(&o));
        }
        /* score reason names: at most 16, non-empty, distinct, NULL-ended
         * (carc_score_reason_name reads up to the NULL) */
        int nr = 0;
        for (; md->reasons && nr <= 16 && md->reasons[nr]; nr++) {
            ck_assert_msg(md->reasons[nr][0] != 0, "module %d: empty reason name", m);
            for (int k = 0; k < nr; k++) ck_assert_str_ne(md->reasons[k], md->reasons[nr]);
        }
        ck_assert_msg(nr <= 16, "module %d: more than 16 score reasons", m);
    }
    /* the header words of records are nobody's notation */
    static const char *const header[] = {"players", "seed", "modules", "rule", "carcvar-record"};
    for (size_t h = 0; h < sizeof header / sizeof header[0]; h++)
        for (int k = 0; k < nwords; k++) ck_assert(!same_word(words[k], header[h]));
}

#endif
