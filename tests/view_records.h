/* tests/view_records.h -- game records the picture suites (test_svg.c,
 * test_board_view.c) both draw: a position of the Dungeon with the fairy
 * below, and pig throwing's dragon nap.  Header-only. */
#ifndef CARC_TESTS_VIEW_RECORDS_H
#define CARC_TESTS_VIEW_RECORDS_H

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

#endif
