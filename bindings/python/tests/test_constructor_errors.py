"""Issue 34, "Clear answers to mistakes": the constructors of carcvar.Game,
the PettingZoo environment and the OpenSpiel game take modules as a string
of comma-separated names, and a mistake in players, modules or rules says
which value was wrong and what is allowed, through one shared check."""
import pytest

import carcvar
from carcvar.openspiel import CarcGame, load_game, normalize_parameters
from carcvar.pettingzoo import CarcassonneAEC


def available(name):
    return name in carcvar.module_names(available_only=True)


def make_game(**kw):
    carcvar.Game(**kw).close()


def make_env(**kw):
    CarcassonneAEC(**kw)


def make_spiel(**kw):
    CarcGame(kw)


CONSTRUCTORS = [make_game, make_env, make_spiel]
IDS = ["Game", "pettingzoo", "openspiel"]
both_modules = pytest.mark.skipif(
    not (available("big_top") and available("inns_cathedrals")), reason="module not built")


@both_modules
def test_game_modules_as_a_string_of_comma_separated_names():
    with carcvar.Game(players=3, modules="big_top") as g:
        assert g.options()["modules"] == ["base", "big_top"]
    with carcvar.Game(players=3, modules=" big_top ,inns_cathedrals, ") as g:
        assert g.options()["modules"] == ["base", "inns_cathedrals", "big_top"]
    with carcvar.Game(players=3, modules="") as g:
        assert g.options()["modules"] == ["base"]


@both_modules
def test_adapters_modules_as_a_string_of_comma_separated_names():
    env = CarcassonneAEC(players=3, modules="big_top, inns_cathedrals")
    assert env.modules == ("big_top", "inns_cathedrals")
    env.reset(seed=1)
    assert env._game.options()["modules"] == ["base", "inns_cathedrals", "big_top"]
    game = CarcGame({"players": 3, "modules": "big_top,inns_cathedrals"})
    assert game.get_parameters()["modules"] == "big_top+inns_cathedrals"
    assert load_game("carcassonne(modules=big_top+inns_cathedrals)").get_parameters()[
        "modules"] == "big_top+inns_cathedrals"


def test_a_comma_in_a_game_string_says_to_join_with_plus():
    with pytest.raises(ValueError, match=r"'inns_cathedrals' is not name=value.*\+"):
        load_game("carcassonne(modules=big_top,inns_cathedrals)")


@pytest.mark.parametrize("make", CONSTRUCTORS, ids=IDS)
def test_unknown_module_names_it_and_lists_the_modules(make):
    with pytest.raises(ValueError) as e:
        make(modules="base,nope")
    assert isinstance(e.value, carcvar.NotFoundError)      # as before, and a ValueError
    text = str(e.value)
    assert "unknown module 'nope'" in text
    for name in carcvar.module_names(available_only=True):
        assert name in text
    assert e.value.name == "nope"
    assert e.value.known == carcvar.module_names(available_only=True)


def test_a_single_letter_is_not_a_module_any_more():
    # modules="big_top" used to be iterated letter by letter: "unknown module 'b'"
    with pytest.raises(ValueError, match="unknown module 'bigtop'"):
        carcvar.Game(modules="bigtop")


class _CatapultNotBuilt:
    """The library as a build without the catapult would answer: every
    module is built today, so the check is reached by asking through this."""

    def __init__(self, lib):
        self._lib = lib

    def carc_module_available(self, m):
        if m == self._lib.carc_module_by_name(b"catapult"):
            return 0
        return self._lib.carc_module_available(m)

    def __getattr__(self, name):
        return getattr(self._lib, name)


@pytest.mark.parametrize("make", CONSTRUCTORS, ids=IDS)
def test_module_not_built_says_so(make, monkeypatch):
    import carcvar.game as game_module
    if available("catapult"):
        monkeypatch.setattr(game_module, "lib", _CatapultNotBuilt(game_module.lib))
    assert not available("catapult")
    with pytest.raises(carcvar.UnsupportedError) as e:
        make(modules=["catapult"])
    assert "'catapult' is not built into this library" in str(e.value)
    assert "base" in str(e.value)


@pytest.mark.parametrize("make", CONSTRUCTORS, ids=IDS)
@pytest.mark.parametrize("players", [1, 7, 0, -3])
def test_players_out_of_range_names_the_value_and_the_range(make, players):
    with pytest.raises(ValueError) as e:
        make(players=players)
    assert isinstance(e.value, carcvar.InvalidArgumentError)
    assert str(e.value) == f"players must be 2 to 6, not {players}"


@pytest.mark.parametrize("make", CONSTRUCTORS, ids=IDS)
def test_unknown_rule_names_it_and_lists_the_rules(make):
    with pytest.raises(ValueError) as e:
        make(rules={"tiny_cty": 1})
    assert isinstance(e.value, carcvar.NotFoundError)
    text = str(e.value)
    assert "unknown rule 'tiny_cty'" in text
    for name in carcvar.rule_names():
        assert name in text
    assert e.value.known == carcvar.rule_names()


@pytest.mark.parametrize("make", CONSTRUCTORS, ids=IDS)
@pytest.mark.parametrize("value", [3, 0, -1, 2**40])
def test_rule_value_out_of_range_names_rule_value_and_range(make, value):
    with pytest.raises(ValueError) as e:
        make(rules={"tiny_city": value})
    assert isinstance(e.value, carcvar.InvalidArgumentError)
    assert str(e.value) == f"rule tiny_city must be 1 to 2, not {value}"


def test_rule_range_is_read_from_the_library():
    assert carcvar.rule_range("tiny_city") == (1, 2)
    for name in carcvar.rule_names():
        lo, hi = carcvar.rule_range(name)
        assert lo <= L_default(name) <= hi
        with carcvar.Game(rules={name: L_default(name)}):
            pass
    if "bcb_bazaar_max_bid" in carcvar.rule_names():
        assert carcvar.rule_range("bcb_bazaar_max_bid") == (1, 1000)
    with pytest.raises(carcvar.NotFoundError, match="unknown rule 'nope'"):
        carcvar.rule_range("nope")


def L_default(name):
    from carcvar._lib import lib
    return lib.carc_rule_default(lib.carc_rule_by_name(name))


@pytest.mark.skipif(not available("big_top"), reason="module not built")
@pytest.mark.parametrize("make", CONSTRUCTORS, ids=IDS)
def test_rule_of_a_module_not_in_play_names_the_module(make):
    with pytest.raises(carcvar.InvalidArgumentError) as e:
        make(players=3, rules={"bt_quarters": 2})
    assert str(e.value) == ("rule bt_quarters belongs to module big_top, which is not in play: "
                            "add 'big_top' to modules, or leave the rule at its default 1 "
                            "(not 2)")
    make(players=3, modules="big_top", rules={"bt_quarters": 2})


def test_wrong_types_say_what_was_expected():
    with pytest.raises(TypeError, match="rule tiny_city must be an integer, not str"):
        carcvar.Game(rules={"tiny_city": "1"})
    with pytest.raises(TypeError, match="rules must be a dict"):
        carcvar.Game(rules="tiny_city=1")
    with pytest.raises(TypeError, match="modules must be names"):
        carcvar.Game(modules=5)
    with pytest.raises(OverflowError):            # beyond a C int, as before
        carcvar.Game(players=2**32 + 3)


def test_openspiel_normalizes_through_the_same_check():
    assert normalize_parameters({"players": 3})["players"] == 3
    with pytest.raises(ValueError, match="players must be 2 to 6, not 9"):
        normalize_parameters("carcassonne(players=9)")
    with pytest.raises(ValueError, match="rule tiny_city must be 1 to 2, not 5"):
        load_game("carcassonne(rules=tiny_city:5)")
