/* tests/view_records.h -- game records the picture suites (test_svg.c,
 * test_board_view.c) both draw: a position of the Dungeon with the fairy
 * below, pig throwing's dragon nap, a Catapult round and a dragon's flight;
 * and the replay of a record's text, whole or up to a line.  Header-only,
 * for a test program that includes <check.h>. */
#ifndef CARC_TESTS_VIEW_RECORDS_H
#define CARC_TESTS_VIEW_RECORDS_H

#include <carcvar/carcvar.h>
#include <check.h>
#include <string.h>

#include "record_text.h"

/* The game record `rec` replayed; a refusal fails the test with its line
 * and reason (record_text.h's replay_text). */
static inline carc_game *view_replay(const char *rec)
{
    return replay_text(rec);
}

/* `rec` replayed up to (not including) its first line `stop` ("throw"),
 * which must be there. */
static inline carc_game *view_replay_before(const char *rec, const char *stop)
{
    static char cut[4096];
    size_t n = strlen(rec), k = strlen(stop);
    ck_assert_uint_lt(n, sizeof cut);
    for (const char *p = rec; (p = strstr(p, stop)) != NULL; p++)
        if ((p == rec || p[-1] == '\n') && p[k] == '\n') {
            memcpy(cut, rec, (size_t)(p - rec));
            cut[p - rec] = 0;
            return view_replay(cut);
        }
    ck_abort_msg("no line \"%s\" in the record", stop);
    return NULL;
}

/* tests/scenarios/dungeon_dragon_rushes_in_fairy_escort.rec up to the fairy
 * beside Blue's follower (figure 7) in the dungeon, the dragon there too;
 * the entrances TO_F (1,1) and TO_L (-1,1), both tower foundations */
static const char dungeon_fairy_rec[] =
    "carcvar-record 2\nplayers 2\nseed 1\nmodules base tower princess_dragon dungeon\n"
    "draw DG_F_v\nplace 0,1 r0\npass\n"
    "draw TO_F\nplace 1,1 r0\ndungeon enter\ndungeon enter follower\n"
    "draw TO_L\nplace -1,1 r0\ndeploy follower monastery\n"
    "draw DG_RFr_d\nplace 1,0 r0\npass\ndragon w\n"
    "draw U\nplace -1,0 r1\npass\n"
    "draw B\nplace 1,2 r0\ndungeon fairy\ndungeon fairy 7\n";

/* tests/scenarios/pig_dragon_nap.rec up to P0's pig thrown onto the
 * dragon at -3,0: the pig eaten (removed from play), the dragon naps */
static const char pig_nap_rec[] =
    "carcvar-record 3\n"
    "players 2\n"
    "seed 1\n"
    "modules base,traders_builders,princess_dragon,pig_throwing\n"
    "bag U=6 DG_RFr_v=1 DG_Rr_v=1 DG_RFr_d=1 DG_RRR_d=1\n"
    "draw U\n"
    "place 1,0 r1\n"
    "deploy follower field Nw\n"
    "draw U\n"
    "place 2,0 r1\n"
    "deploy follower field Es\n"
    "draw U\n"
    "place 3,0 r1\n"
    "deploy pig field Nw\n"
    "draw U\n"
    "place -1,0 r1\n"
    "deploy pig field Es\n"
    "draw U\n"
    "place -2,0 r1\n"
    "pass\n"
    "draw DG_RFr_v\n"
    "place -3,0 r0\n"
    "pass\n"
    "draw U\n"
    "place 4,0 r1\n"
    "throw\n"
    "throw -3,0\n"
    "throw -3,0 field Nw\n";

/* tests/scenarios/cat_knockout_chain_model.rec: P1's knock-out token rests
 * at 45,26 mm and sends P0's road follower home (CATAPULT_ROUND_REC); then
 * P0's at 45,27 mm (CATAPULT_ROUNDS_REC) */
#define CATAPULT_ROUND_REC                                                                  \
    "carcvar-record 4\nplayers 2\nseed 1\nmodules base princess_dragon catapult\n"           \
    "bag U=1 B=2 CA_F=1\ndraw U\nplace 1,0 r1\ndeploy follower road E\n"                     \
    "draw B\nplace 1,1 r0\npass\ndraw B\nplace 2,1 r0\nfairy\nfairy 0\n"                    \
    "draw CA_F\nplace 0,1 r0\npass\ncatapult knockout\ncatapult aim 112\n"                   \
    "catapult hurl 45,26\n"
#define CATAPULT_ROUNDS_REC CATAPULT_ROUND_REC "catapult aim 112\ncatapult hurl 45,27\n"

/* tests/scenarios/pd_volcano_flight_dead_end.rec: the dragon tile at 0,1
 * (step 12), the dragon flies from 1,1 north, then west (DRAGON_FLIGHT_REC,
 * 4 steps left), west again into a dead end (DRAGON_FLIGHT_END_REC) */
#define DRAGON_FLIGHT_REC                                                                   \
    "carcvar-record 2\nplayers 2\nseed 1\nmodules base princess_dragon\n"                    \
    "draw U\nplace 1,0 r1\ndeploy follower road E\ndraw U\nplace -1,0 r1\n"                  \
    "deploy follower field Nw\ndraw DG_F_v\nplace 1,1 r0\npass\ndraw DG_Rr_d\n"               \
    "place 0,1 r0\ndeploy follower road S\ndragon n\ndragon w\n"
#define DRAGON_FLIGHT_END_REC DRAGON_FLIGHT_REC "dragon w\n"

#endif
