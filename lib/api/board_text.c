/* The text picture of the board (doc/notation.md, "Board text"). */
#include "core/state.h"
#include "picture.h"

#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------- board text */

int carc_game_board_text(const carc_game *game, char *buf, size_t cap, size_t *needed)
{
    if (!carc__valid(game) || (!buf && cap)) return CARC_E_INVALID;
    const ptile *T = CTILES(game);
    int x0, x1, y0, y1;
    carc__board_bounds(game, &x0, &x1, &y0, &y1);
    outbuf o = {buf, cap, 0};
    carc__out_add(&o, "board x %d..%d, y %d..%d (north up)\n", x0, x1, y0, y1);
    static const char ek[4] = {' ', '.', 'R', 'C'};
    static const char fk[4] = {'r', 'c', 'm', 'f'};
    const figure *F = CFIGS(game);
    for (int y = y0; y <= y1; y++) {
        for (int row = 0; row < 3; row++) {
            /* width is at most (CARC_MAX_TILES + 1) cells of 7 characters */
            char line[7 * (CARC_MAX_TILES + 2) + 1];
            size_t n = 0;
            for (int x = x0; x <= x1; x++) {
                int t = carc__cell_get(game, x, y);
                char cell[8];
                if (t < 0) {
                    memcpy(cell, "       ", 8);
                } else {
                    const ptile *pt = &T[t];
                    uint8_t code = carc__types[pt->type].code[pt->rot];
                    char e[4];
                    for (int d = 0; d < 4; d++) e[d] = ek[(code >> (2 * d)) & 3];
                    if (row == 0) {
                        snprintf(cell, sizeof cell, "   %c   ", e[0]);
                    } else if (row == 1) {
                        snprintf(cell, sizeof cell, "%c %-3.3s %c", e[3],
                                 carc__types[pt->type].name, e[1]);
                    } else {
                        char fig[3] = "  ";
                        for (uint32_t i = 0; i < game->nfigs; i++) {
                            if (F[i].where != CARC_WHERE_BOARD || F[i].tile != t) continue;
                            fig[0] = F[i].owner >= 0 ? (char)('0' + F[i].owner % 10) : 'n';
                            int k = carc__types[pt->type].seg[F[i].local].kind;
                            fig[1] = k < 4 ? fk[k] : '?';
                            break;
                        }
                        snprintf(cell, sizeof cell, "   %c %s", e[2], fig);
                        /* the centre features' marks, ending in column 1
                         * (as the board view's; columns 0..2 were blank) */
                        char mk[4];
                        const char *names[4];
                        int nm = carc__view_tile_marks(pt->type, mk, names, (int)sizeof mk);
                        for (int i = 0; i < nm; i++) cell[(nm < 3 ? 2 - nm : 0) + i] = mk[i];
                    }
                }
                if (n + 7 < sizeof line) {
                    memcpy(line + n, cell, 7);
                    n += 7;
                }
            }
            while (n > 0 && line[n - 1] == ' ') n--;
            line[n] = 0;
            carc__out_add(&o, "%s\n", line);
        }
    }
    /* the dragon's flight in progress (Princess & the Dragon): its path */
    carc_dragon_info d;
    if (carc_game_dragon(game, &d) == CARC_OK && d.flying && d.num_visited > 0) {
        carc__out_add(&o, "dragon flight:");
        for (int k = 0; k < d.num_visited && k < 7; k++)
            carc__out_add(&o, " %d,%d", d.visited_x[k], d.visited_y[k]);
        carc__out_add(&o, "; %d step%s left\n", d.steps_left, d.steps_left == 1 ? "" : "s");
    }
    /* pig throwing's last throw: its path, from the pig's cell to the landing */
    carc_throw_record r;
    r.size = sizeof r;
    if (carc_game_last_throw(game, &r) == CARC_OK) {
        static const char *const kinds[] = {"normal", "long", "high"};
        static const char *const what[] = {"landed", "eaten by the dragon", "caught by a stance",
                                           "out, the big meeple replaced",
                                           "landed, the big meeple removed"};
        carc__out_add(&o, "last pig throw (turn %d%s, player %d):", r.turn,
                      r.this_turn ? ", this turn" : "", r.player);
        for (int k = 0; k < r.num_path && k < CARC_THROW_PATH_MAX; k++)
            carc__out_add(&o, " %d,%d", r.path_x[k], r.path_y[k]);
        carc__out_add(&o, "; %d tile%s, %s; %s", r.distance, r.distance == 1 ? "" : "s",
                      r.kind >= 0 && r.kind < 3 ? kinds[r.kind] : "normal",
                      r.outcome >= 0 && r.outcome < 5 ? what[r.outcome] : "landed");
        if (r.knock >= 0) carc__out_add(&o, "; figure %d knocked off", r.knock);
        if (r.num_squashed)
            carc__out_add(&o, "; %d squashed", r.num_squashed);
        carc__out_add(&o, "\n");
    }
    for (int p = 0; p < game->nplayers; p++)
        carc__out_add(&o, "player %d: %d points, %d followers in supply\n", p, game->score[p],
                game->supply[p][CARC_FIGURE_FOLLOWER]);
    return carc__out_finish(&o, needed);
}

