"""carcvar.record_html / Game.replay_html: the replay viewer page from
Python (carc_record_html); the page itself is tested in a browser by
tests/html_viewer.py."""
import re

import pytest

import carcvar


def play(seed=4):
    g = carcvar.Game(players=2, seed=seed)
    while not g.is_terminal:
        if g.current_player == carcvar.CHANCE:
            g.sample_chance()
        else:
            ids = g.legal_ids()
            g.apply(ids[-1])
    return g


def test_page_of_a_finished_game():
    g = play()
    rec = g.record()
    page = carcvar.record_html(rec)
    assert page == g.replay_html() == carcvar.record_html(rec.encode())
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    # self-contained: no script, style, image or font from elsewhere
    assert not re.search(r'\b(src|href)\s*=', page)
    assert "http://" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")
    # one step per record body line and one for the end-of-game scoring; the
    # move list has them all and the start
    body = [ln for ln in rec.splitlines() if ln and not ln.startswith("#") and
            ln.split()[0] not in ("carcvar-record", "players", "seed", "modules", "rule")]
    assert page.count('<li data-step=') == len(body) + 2
    assert page.count('<li data-step="%d" class="end">' % (len(body) + 1)) == 1
    assert page.count('class="tile"') == len(g.board())
    # the breakdown's totals are the final scores
    finals = [int(v) for v in re.findall(r'<td class="num final">(-?\d+)</td>', page)]
    assert finals == list(g.final_scores())


def test_bad_record_says_where():
    with pytest.raises(carcvar.RecordError) as e:
        carcvar.record_html("carcvar-record 2\nplayers 2\ndraw D\nplace 9,9 r0\n")
    assert e.value.line == 4
    with pytest.raises(carcvar.RecordError):
        carcvar.record_html("not a record")
