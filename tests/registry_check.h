/* A check of the module registry the test program is linked with (the
 * library's, or the probes'): used by test_modules.c and test_random.c. */
#ifndef CARC_REGISTRY_CHECK_H
#define CARC_REGISTRY_CHECK_H

#include "core/state.h"

#include <check.h>
#include <string.h>

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
        for (int w = 0; md->words && md->words[w]; w++) {
            for (int k = 0; k < nwords; k++)
                ck_assert_msg(strcmp(words[k], md->words[w]) != 0, "word '%s' twice",
                              md->words[w]);
            ck_assert_int_lt(nwords, 256);
            words[nwords++] = md->words[w];
        }
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
        for (int k = 0; k < nwords; k++) ck_assert_str_ne(words[k], header[h]);
}

#endif
