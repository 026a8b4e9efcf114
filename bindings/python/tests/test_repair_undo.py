"""Review of the bridge repair (issue 21): the OpenSpiel adapter's
undo_action (a replay of the record without the last action) through a
placement repaired by a bridge and its mandatory bridge decision
(tests/scenarios/bcb_bridge_repair_neighbour.rec, its first turns)."""
from carcvar.openspiel import CarcGame

STEPS = ["draw B", "place 0,1 r0", "pass", "draw U", "place -1,1 r1",
         "bridge 0,1", "bridge ew", "deploy follower road W"]


def test_undo_through_a_repair():
    s = CarcGame({"modules": "bridges_castles", "seed": 1}).new_initial_state()
    before = []
    for text in STEPS:
        before.append((s.serialize(), s.legal_actions(), s.current_player()))
        s.apply_action(s.string_to_action(text))
    # at the mandatory bridge: only the repairing tile, then only its way
    t = s.clone()
    for _ in range(3):
        t.undo_action(*t.full_history()[-1])
    assert [t.action_to_string(a) for a in t.legal_actions()] == ["bridge 0,1"]
    while before:
        s.undo_action(*s.full_history()[-1])
        ser, legal, player = before.pop()
        assert s.serialize() == ser
        assert s.legal_actions() == legal
        assert s.current_player() == player
