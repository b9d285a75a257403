"""The deck header shows the engine's figures (minimums, Rogue cap), and a deck on a missing format still opens."""

from __future__ import annotations

import json
from pathlib import Path

from carddb.demo import demo_deck_path
from deckbuilder.deck import Deck
from deckbuilder.deckfiles import deck_to_native
from deckbuilder.games.header import header_text
from deckbuilder.games.loader import load_game
from deckbuilder.games.rage.context import Totals
from deckbuilder.games.rage.engine import rage_figures
from deckbuilder.legality.formats import DEFAULT_FORMAT_NAME, FormatLimits, user_formats_dir
from deckbuilder.legality.results import Report


def test_header_figures_are_the_reports_not_recomputed() -> None:
    # Figures no format file holds and a cap that is not half the Renown: only the report can be their source.
    totals = Totals(sept=12, combat=3, renown=11, rogue_renown=2, rogue_cap=4, allegiance="Gaia")
    limits = FormatLimits(sept_minimum=41, combat_minimum=None)
    # The report carries its figures, valued once by Rage's engine from its totals and limits.
    figures = rage_figures(load_game("rage"), totals, limits, {"renown_level": 17})
    report = Report(format="anything", figures=figures, settings=(("renown_level", 17),))
    text = header_text(Deck(), report)
    assert text == "Renown 11 / 17 · Rogue 2 (max 4) · Sept 12 / 41+ · Combat 3 · Gaia"


def test_window_header_follows_the_checked_formats_limits(window) -> None:  # type: ignore[no-untyped-def]
    folder = user_formats_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "no-minimum.json").write_text(
        json.dumps({"name": "no-minimum", "limits": {"sept_minimum": None, "combat_minimum": 7}}),
        encoding="utf-8",
    )
    window.add_card("Ashen Howler")
    window.deck_view.format_requested.emit("no-minimum")
    assert window.deck.format == "no-minimum"
    header = window.deck_view.header_label.text()
    assert window.report is not None
    sept, rogue = window.report.figure("Sept"), window.report.figure("Rogue")
    assert sept is not None and sept.at_least is None and rogue is not None
    assert "Sept 0 ·" in header and "Combat 0 / 7+" in header
    assert f"(max {rogue.at_most})" in header


def test_a_deck_on_a_missing_format_opens_on_the_default_with_a_note(
    tmp_path: Path,
    window,  # type: ignore[no-untyped-def]
    answers,  # type: ignore[no-untyped-def]
) -> None:
    deck = Deck(name="Lost league deck")
    deck.add("Ashen Howler", 1)
    deck.format = "league-2031"
    path = tmp_path / "league.ragedeck"
    path.write_text(deck_to_native(deck), encoding="utf-8")

    assert window.open_deck(path, ask_first=False)

    assert window.deck.name == "Lost league deck"
    assert window.deck.format == DEFAULT_FORMAT_NAME
    assert window.report is not None and window.report.format == DEFAULT_FORMAT_NAME
    assert [r.entry.name for r in window.deck_view.models["characters"].rows()] == ["Ashen Howler"]
    assert window.deck_view.format_combo.currentData() == DEFAULT_FORMAT_NAME
    assert any("league-2031" in m and DEFAULT_FORMAT_NAME in m for m in answers.messages)


def test_a_deck_at_a_high_renown_level_opens_at_that_level(window) -> None:  # type: ignore[no-untyped-def]
    # A league playing at 300 Renown: the window must show and keep 300, not clamp it to its own maximum.
    window.set_deck(Deck(renown_level=300), None)
    assert window.deck_view.renown_spin.value() == 300
    window.add_card("Ashen Howler")
    assert window.deck.renown_level == 300 and window.report is not None
    assert window.report.setting("renown_level") == 300


def test_a_wrapped_header_breaks_between_figures_never_inside_one(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """At a narrow width the figures line wraps, but "Combat 21 / 20+" is never cut in two."""
    assert window.open_deck(demo_deck_path(), ask_first=False)
    header = window.deck_view.header_label
    given = header.text()
    assert " · " in given and " / " in given
    shown = header.label.text()
    figures = shown.split(" · ")
    assert len(figures) == len(given.split(" · ")) and all(" " not in figure for figure in figures)
    assert [f.replace("\u00a0", " ") for f in figures] == given.split(
        " · "
    )  # the same words, only unbreakable
