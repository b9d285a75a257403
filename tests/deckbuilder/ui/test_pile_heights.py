"""Piles sized by what they hold: at 1280×720 every row of the README's decks (legal and illegal, English and
Portuguese), of the demo deck and of a deck built from nothing is in sight without scrolling, and no pile scrolls
sideways for an error mark."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from carddb.demo import demo_deck_path
from tests.deckbuilder.ui.layout_audit import audit, rows_out_of_sight, wait_until_laid_out


def _shown(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    wait_until_laid_out(window, qtbot)


@pytest.mark.parametrize("illegal", [False, True])
def test_the_demo_deck_shows_every_row(make_window, qtbot, illegal: bool) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    _shown(window, qtbot)
    assert window.open_deck(demo_deck_path(), ask_first=False)
    if illegal:
        window.add_card("Bark Hide")  # a fourth copy: a mark beside its name
        window.add_card("Ashen Howler")  # a second copy of a Character
    wait_until_laid_out(window, qtbot)
    assert rows_out_of_sight(window) == []
    assert audit(window) == []


def test_a_deck_built_from_nothing_shows_every_row(make_window, demo_db, qtbot) -> None:  # type: ignore[no-untyped-def]
    from carddb.cardtypes import Section

    window = make_window()
    _shown(window, qtbot)
    assert window.new_deck()
    wait_until_laid_out(window, qtbot)
    cards = list(demo_db.all_cards())
    for section, copies, wanted in (
        (Section.CHARACTERS, 1, 5),
        (Section.SEPT, 3, 10),
        (Section.COMBAT, 2, 10),
    ):
        for card in [c for c in cards if c.section is section][:wanted]:
            window.add_card(card.name, copies)
            wait_until_laid_out(window, qtbot)  # one card at a time, as a player adds them
    assert [window.deck_view.models[k].rowCount() for k in ("characters", "sept", "combat")] == [5, 10, 10]
    assert rows_out_of_sight(window) == []


@pytest.fixture(scope="module")
def real_db_path(real_pool_copy, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:  # type: ignore[no-untyped-def]
    yield real_pool_copy(tmp_path_factory.mktemp("realpool") / "db")


# The README's illegal deck is the Gaia one with a third Dodge and a second Buggerhead (27 rows); the Wyrm deck with
# both is 28 rows, one more than 1280×720 holds (a pile then scrolls a row), so it is made illegal by its Renown level.
CASES = [
    ("gaia-example.txt", "legal"),
    ("gaia-example.txt", "renown 10"),
    ("gaia-example.txt", "dodge and buggerhead"),
    ("wyrm-example.dek", "legal"),
    ("wyrm-example.dek", "renown 10"),
]


@pytest.mark.realpool
@pytest.mark.parametrize("lang", ["en", "pt_BR"])
@pytest.mark.parametrize(("deck", "state"), CASES)
def test_the_readme_decks_show_every_row_at_1280x720(qtbot, qapp, real_db_path, deck, state, lang) -> None:  # type: ignore[no-untyped-def]
    from carddb.db import CardDatabase
    from deckbuilder.ui import translation
    from deckbuilder.ui.main_window import MainWindow
    from tests.conftest import REAL_DECKS

    translation.install(qapp, lang)
    db = CardDatabase(real_db_path)
    try:
        window = MainWindow(db, interactive=False)
        qtbot.addWidget(window)
        _shown(window, qtbot)
        assert window.open_deck(REAL_DECKS / deck, ask_first=False)
        if state == "renown 10":
            window.controller.set_renown_level(10)  # every Character marked: over the Renown level
        elif state == "dodge and buggerhead":
            window.add_card("Dodge")
            window.add_card("Buggerhead")
        wait_until_laid_out(window, qtbot)
        assert not window.report.is_legal if state != "legal" else window.report.is_legal
        assert rows_out_of_sight(window) == []
        window.undo_stack.setClean()
        window.close()
    finally:
        translation.install(qapp, "en")
        db.close()
