/* The fast path (issue 35): random play in C for hosts that would otherwise
 * pay a foreign-function call per decision (the Python bindings). */
#include "core/state.h"

#include <stdint.h>

/* splitmix64: the step documented for carc_game_play_random */
static uint64_t splitmix64(uint64_t *s)
{
    uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

int carc_game_play_random(carc_game *game, int max_steps, uint64_t *rng)
{
    if (!carc__valid(game) || !rng || max_steps < 0) return CARC_E_INVALID;
    /* every id is distinct and below CARC_NUM_DISTINCT_ACTIONS (or the
     * chance space, smaller): the buffer holds every listing */
    int32_t ids[CARC_NUM_DISTINCT_ACTIONS];
    int played = 0;
    while (played < max_steps) {
        int p = carc_game_current_player(game);
        if (p == CARC_PLAYER_TERMINAL) break;
        int rc;
        if (p == CARC_PLAYER_CHANCE) {
            carc_action a;
            rc = carc_game_sample_chance(game, &a);
        } else {
            size_t n = 0;
            rc = carc_game_legal_ids(game, ids, CARC_NUM_DISTINCT_ACTIONS, &n);
            if (rc == CARC_OK && n == 0) rc = CARC_E_STATE; /* a decision without a move */
            if (rc == CARC_OK) rc = carc_game_apply_id(game, ids[splitmix64(rng) % n]);
        }
        if (rc < 0) return rc;
        played++;
    }
    return played;
}

int carc_random_playouts(const carc_options *opts, int games, uint64_t seed, int32_t *scores,
                         size_t scores_len, int64_t *decisions)
{
    if (decisions) *decisions = 0;
    if (!opts || games < 0 || (!scores && scores_len)) return CARC_E_INVALID;
    carc_game *g = NULL;
    int rc = carc_game_new(&g, opts); /* the options checked before anything is played */
    if (rc) return rc;
    carc_options o;                   /* in this library's form, whatever the caller's size */
    carc_game_options(g, &o);
    int np = carc_game_num_players(g);
    carc_game_free(g);
    const uint64_t seed0 = o.seed;
    if (scores_len && scores_len / (size_t)np < (size_t)games) return CARC_E_BUFFER;
    uint64_t rng = seed;
    int64_t total = 0;
    for (int i = 0; i < games; i++) {
        o.seed = seed0 + (uint64_t)i;
        rc = carc_game_new(&g, &o);
        if (rc) return rc;
        int k;
        do {
            k = carc_game_play_random(g, INT32_MAX, &rng);
            if (k > 0) total += k;
        } while (k > 0 && !carc_game_is_terminal(g));
        if (k < 0) {
            carc_game_free(g);
            if (decisions) *decisions = total;
            return k;
        }
        if (scores_len) carc_game_final_scores(g, scores + (size_t)i * (size_t)np, (size_t)np);
        carc_game_free(g);
    }
    if (decisions) *decisions = total;
    return CARC_OK;
}
