"""The adapters in a game with sampled-only chance decisions (the Catapult's
hurls: carc_game_chance_outcomes refuses them, CARC_DECISION_F_SAMPLED_ONLY).
OpenSpiel needs a list of outcomes at a chance node, so the OpenSpiel game
samples a hurl with the game's seeded model inside the apply_action that
led to it (chance mode SAMPLED_STOCHASTIC; the tile draws stay explicit
chance nodes); the PettingZoo environment samples every chance decision
inside."""
import random

import pytest

import carcvar
from carcvar.openspiel import CarcGame, ChanceMode
from carcvar.pettingzoo import CarcassonneAEC

from conformance import aec_api_play, check_node, pick
from test_observation_07 import record


def test_the_library_refuses_a_list_of_outcomes_for_a_hurl():
    g = record("cat_knockout_orphan_pig.rec", drop=1)
    assert g.current_player == carcvar.CHANCE and g.sampled_only
    with pytest.raises(carcvar.UnsupportedError):
        g.chance_outcomes()
    g.sample_chance()
    assert not g.sampled_only and g.is_terminal
    assert not carcvar.Game(players=2, modules=["catapult"]).sampled_only  # a tile draw


def test_chance_mode():
    assert CarcGame({"players": 2}).get_type().chance_mode == ChanceMode.EXPLICIT_STOCHASTIC
    assert CarcGame({"players": 2, "modules": "catapult"}).get_type().chance_mode == \
        ChanceMode.SAMPLED_STOCHASTIC


def outcomes(state):
    return state.information_state_string(0).count("\noutcome ") if not state.is_terminal() \
        else state._g.record().count("\noutcome ")


def test_openspiel_plays_catapult_games():
    for players, seed in ((2, 1), (3, 2)):
        game = CarcGame({"players": players, "seed": seed, "modules": "catapult+traders_builders"})
        state, rng = game.new_initial_state(), random.Random(seed)
        undone = 0
        while not state.is_terminal():
            assert not state._g.sampled_only      # never shown as a chance node
            if state.is_chance_node():
                ids, probs = zip(*state.chance_outcomes())
                assert abs(sum(probs) - 1.0) < 1e-9
            action, player = pick(state, rng), state.current_player()
            before = state._g.record().count("\noutcome ")
            parent = state.clone()
            state.apply_action(action)
            if state._g.record().count("\noutcome ") > before and undone < 3:
                # the action that led to hurls: undone with them, restored too
                child = parent.child(action)
                assert child.serialize() == state.serialize()
                child.undo_action(player, action)
                assert child.serialize() == parent.serialize()
                assert child.full_history() == parent.full_history()
                restored = game.deserialize_state(state.serialize())
                assert restored.full_history() == state.full_history()
                assert restored.serialize() == state.serialize()
                undone += 1
        assert undone == 3
        assert state._g.catapult()["rounds"] >= 3
        assert len(state.returns()) == players


def test_pettingzoo_plays_catapult_games():
    env = CarcassonneAEC(players=3, modules=["catapult"])
    trace, _ = aec_api_play(env, random.Random(5), seed=5)
    assert env._game.is_terminal and env._game.catapult()["rounds"] >= 3
    env.close()
