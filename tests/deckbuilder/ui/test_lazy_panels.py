"""What an edit does not work out while nobody looks at it: the fingerprint, the browser's deck terms, the reasons
of illegal cards, a legality line's tooltip. Each is worked out when it is asked for, and then says the same."""

from __future__ import annotations

import pytest

from carddb.demo import demo_deck_path
from deckbuilder import fingerprint
from deckbuilder.fingerprint import deck_fingerprint
from deckbuilder.legality.results import Report, Result, Severity
from deckbuilder.ui import deck_rows, window_card_source
from deckbuilder.ui.deck_rows import IllegalCards


def _counting(monkeypatch: pytest.MonkeyPatch, module: object, name: str) -> list[int]:
    calls: list[int] = []
    real = getattr(module, name)

    def counted(*args: object, **kwargs: object) -> object:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


def test_an_edit_works_out_the_fingerprint_only_when_the_tooltip_is_read(window, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    calls = _counting(monkeypatch, fingerprint, "deck_fingerprint")  # imported by the view when wanted
    window.add_card("Ashen Howler")
    window.add_card("Ashen Howler")
    assert calls == []
    tip = window.deck_view.header_label.label.toolTip()
    assert deck_fingerprint(window.deck, window.db).code in tip and len(calls) == 1


def test_an_edit_works_out_the_deck_terms_only_for_a_search_that_asks(qtbot, window, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    calls = _counting(monkeypatch, window_card_source, "deck_terms")
    window.add_card("Ashen Howler")
    assert calls == []  # the query does not ask about the deck
    window.browser.query_edit.setText("in:deck")
    window.browser.run_search()
    assert calls == [1]
    assert "Ashen Howler" in window.browser.shown_names()
    entry = next(e for e in window.deck.entries if e.name == "Ashen Howler")
    window.remove_card(entry.name, entry.set_name, entry.count)
    assert len(calls) == 2  # asked: the edit works them out, and the search runs again
    qtbot.waitUntil(lambda: "Ashen Howler" not in window.browser.shown_names(), timeout=3000)


def test_illegal_cards_are_tinted_by_name_and_say_why_when_read(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    results = tuple(
        Result("CARD_UNKNOWN", Severity.ERROR, f"{name} is not in the card data", (name,))
        for name in ("Nowhere 1", "Nowhere 2")
    )
    report = Report(
        "standard",
        (*results, Result("W", Severity.WARNING, "a warning", ("Ok",))),
        settings=(("renown_level", 20),),
    )
    calls = _counting(monkeypatch, deck_rows, "render")
    illegal = IllegalCards(report)
    assert set(illegal) == {"nowhere 1", "nowhere 2"} and "ok" not in illegal
    assert calls == []
    assert illegal["nowhere 2"] == ("Nowhere 2 is not in the card data",)
    assert illegal.get("ok") is None and len(calls) == 1


def test_a_legality_line_shows_its_code_and_message_as_tooltip(window) -> None:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    window.add_card("Low Feint")  # a third copy: COMBAT_COPIES
    panel = window.legality
    item = panel.item_for("COMBAT_COPIES")
    assert item is not None
    row = panel.list.row(item)
    assert panel.tool_tip(row) == f"COMBAT_COPIES: {item.text().removeprefix('•  ')}"
    assert panel.tool_tip(0) == ""  # a heading has none


def test_a_verdict_that_flips_does_not_lay_the_whole_window_out_again(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QEvent, QObject

    assert window.open_deck(demo_deck_path(), ask_first=False)
    panel = window.legality
    added = 0
    while panel.report is not None and panel.report.is_legal and added < 12:
        window.add_card("Ashen Howler")  # past the copy limit: the verdict turns to ✘
        added += 1
    assert panel.report is not None and not panel.report.is_legal
    qtbot.waitUntil(lambda: panel.mark.text() == "✘")

    class LayoutRequests(QObject):
        count = 0

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.LayoutRequest:
                LayoutRequests.count += 1
            return False

    assert panel.isVisible() and panel.mark.isVisible(), (panel.isVisible(), panel.mark.isVisible())
    counter = LayoutRequests()
    window.installEventFilter(counter)
    undo = window.controller.undo_stack
    for _ in range(3):
        undo.undo()  # back to a legal deck: ✔
        qtbot.waitUntil(lambda: panel.mark.text() == "✔")
        undo.redo()
        qtbot.waitUntil(lambda: panel.mark.text() == "✘")
    # Each flip used to post a layout request up the panel, its dock and the main window (which then repaints
    # every dock); the mark keeps one size whatever it shows.
    assert LayoutRequests.count == 0
    # Whatever the font draws ✔ and ✘ with (their widths differ in many), the mark keeps one size that fits both.
    assert panel.mark.minimumSize() == panel.mark.maximumSize()
    metrics = panel.mark.fontMetrics()
    assert panel.mark.width() >= max(metrics.horizontalAdvance(m) for m in ("✔", "✘"))  # never cut
    window.removeEventFilter(counter)
