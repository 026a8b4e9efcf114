/* carcvar-play's human player at the terminal (human.c). */
#ifndef CARCVAR_PLAY_HUMAN_H
#define CARCVAR_PLAY_HUMAN_H

#include <carcvar/carcvar.h>

#include <stddef.h>

/* What undo puts back: the game, the random agents' generator, how much of
 * the score log was printed. */
typedef struct play_state {
    carc_game *g;
    unsigned long long pick;
    size_t logged;
} play_state;

/* The computer's choice for a hint (carcvar-play's greedy agent). */
typedef size_t (*hint_fn)(const carc_game *g, const carc_action *acts, size_t n,
                          carc_game *scratch);

#define HUMAN_UNDONE ((long)-1)

/* A human player's decision: shows the board and the tile in hand, reads
 * moves and commands until a legal action is chosen and returns its index in
 * acts; HUMAN_UNDONE when undo put an earlier state into *st.  "quit" and
 * Ctrl-D print the scores and end the program.  may_undo: only against
 * computer opponents. */
long human_turn(play_state *st, const carc_action *acts, size_t n, carc_game *scratch,
                hint_fn hint, int may_undo);

/* Print the scores (live and as if the game ended now) and free the undo
 * history. */
void human_scores(const carc_game *g);
void human_done(void);

/* At the end of a game with a human: offer to save the record or show the
 * board until an empty line, quit or Ctrl-D. */
void human_end(const carc_game *g);

/* The terminal's width for boards: COLUMNS if set, else the terminal's
 * (TIOCGWINSZ, asked each time: a resized terminal is followed) when
 * stdout is one, else 80; kept within 40..400. */
int term_width(void);

#endif
