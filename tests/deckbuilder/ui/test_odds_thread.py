"""The Draw odds tab's Combat Phase table is simulated on a worker thread: an edit made with the tab on screen does
not wait for it, the figures shown meanwhile are greyed, and the table that arrives is the deck's as last edited."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest

from carddb.cardtypes import Section
from carddb.demo import demo_deck_path
from deckbuilder.games.rage.engine import RageEngine
from deckbuilder.games.rage.odds import combat_table
from deckbuilder.odds import DEFAULT_TRIALS


class Gate(threading.Event):
    """An Event every Combat Phase simulation waits for (set: they run at once), and how each job ended."""

    def __init__(self) -> None:
        super().__init__()
        self.ended: list[str] = []


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Gate:
    """A Gate every Combat Phase simulation of the tab waits at."""
    opened = Gate()
    opened.set()
    real = RageEngine.odds_table

    def held(self: RageEngine, *args: Any, **kwargs: Any) -> Callable[[Any], Any] | None:
        job = real(self, *args, **kwargs)  # the deck's cards are read here, on the caller's thread
        if job is None:
            return None

        def waiting(cancel: Any) -> Any:
            opened.wait(timeout=30)
            try:
                table = job(cancel)
            except BaseException as exc:
                opened.ended.append(type(exc).__name__)
                raise
            opened.ended.append("answered")
            return table

        return waiting

    monkeypatch.setattr(RageEngine, "odds_table", held)
    return opened


def _shown(view: Any) -> list[tuple[str, str]]:
    return [
        (view.fight_table.item(r, 0).text(), view.fight_table.item(r, 1).text())
        for r in range(view.fight_table.rowCount())
    ]


def test_an_edit_with_the_odds_on_screen_does_not_wait_for_the_simulation(window, qtbot, gate) -> None:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    window.report_tabs.setCurrentWidget(window.odds_view)
    view = window.odds_view
    qtbot.waitUntil(lambda: not view.working_out)
    before = _shown(view)
    assert before and view.fight_table.isEnabled()
    combat = [e.name for e in window.deck.entries if window.db.lookup(e.name).section == Section.COMBAT]
    copies = window.deck.count_of(combat[0])
    gate.clear()  # every simulation now waits until the test lets it go
    gate.ended.clear()
    window.add_card(combat[0])
    # The edit is done while its odds are still being worked out: the old ones are shown, greyed.
    assert window.deck.count_of(combat[0]) == copies + 1
    assert view.working_out and not view.fight_table.isEnabled() and _shown(view) == before
    window.add_card(combat[1], 3)  # a second edit while the first one's odds are still on their way
    gate.set()
    qtbot.waitUntil(lambda: not view.working_out)
    assert view.fight_table.isEnabled()
    # What arrives is the table of the deck as last edited, with the tab's seed, as the engine works it out.
    expected = combat_table(
        window.deck, window.db, view.piles, view.seed, DEFAULT_TRIALS // 4, view.fight_turn_spin.value()
    )(None)
    assert _shown(view) == [(label, value.percent.render()) for label, value in expected.rows]
    assert _shown(view) != before
    # The first edit's simulation was made stale by the second and stopped, not run to its end.
    assert gate.ended == ["OddsCancelled", "answered"]


def test_a_deck_without_the_table_hides_it_even_while_a_simulation_runs(window, qtbot, gate) -> None:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    window.report_tabs.setCurrentWidget(window.odds_view)
    view = window.odds_view
    qtbot.waitUntil(lambda: not view.working_out)
    gate.clear()
    window.add_card("Bark Hide")  # a Rage deck's simulation starts and waits
    assert view.working_out
    window.undo_stack.setClean()
    window.new_deck("warrift")  # another game's deck: its engine adds no table
    window.add_card("Apprentice Mage", 5)
    gate.set()
    qtbot.waitUntil(lambda: not view.working_out)
    assert view.fight_box.isHidden()  # the Rage deck's late table is not shown over the WarRift deck
