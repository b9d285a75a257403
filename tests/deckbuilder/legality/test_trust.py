"""Verdicts a player can trust: never legal when part of the file was not read; reprints are one card."""

from __future__ import annotations

from pathlib import Path

import pytest

from carddb.model import CardInfo
from carddb.reprints import reprint_of
from deckbuilder.deck import Deck, UnreadPart
from deckbuilder.deckfiles import (
    deck_from_dek,
    deck_from_native,
    deck_from_text,
    deck_to_native,
    deck_to_text,
    read_deck,
)
from deckbuilder.legality import FormatError, check_deck, load_format, load_format_or_default
from deckbuilder.legality.engine import DECK_FILE_UNREAD
from tests.deckbuilder.legality.pool import card, character, counted, legal_deck, make_pool

WHIPPOORWILL_TEXT = (
    "When a Victim or Ally is removed or discarded from play, you may instead put it face down."
)


def whippoorwill(name: str, sets: tuple[str, ...], text: str = WHIPPOORWILL_TEXT) -> CardInfo:
    return card(name, "Event", keywords="Pack Totem", sets=sets, text=text)


def legal_text() -> str:
    return deck_to_text(legal_deck(), make_pool())


# -- parts the reader could not use ----------------------------------------------------------------


def test_a_count_over_999_makes_a_legal_deck_illegal_and_names_the_line() -> None:
    pool = make_pool()
    text = legal_text() + "1000\tFull Moon\n"
    loaded = deck_from_text(text, pool, source="deck.txt")
    report = check_deck(loaded.deck, pool)
    assert not report.is_legal
    (result,) = [r for r in report.errors if r.code == DECK_FILE_UNREAD]
    line = text.count("\n")
    assert f"deck.txt, line {line}" in result.message and "Full Moon" in result.message
    # The rest of the deck is still checked: its totals are all there.
    assert (counted(report).characters, counted(report).sept, counted(report).combat) == (3, 30, 20)


def test_every_kind_of_unreadable_text_line_is_an_error() -> None:
    pool = make_pool()
    text = legal_text() + "0 Moonlit Errand AA\n-3 Quick Swipe AA\n" + "x" * 1200 + "\n"
    report = check_deck(deck_from_text(text, pool).deck, pool)
    assert [r.code for r in report.errors] == [DECK_FILE_UNREAD] * 3


def test_a_dek_card_without_name_or_outside_a_zone_makes_the_deck_illegal() -> None:
    pool = make_pool()
    from deckbuilder.deckfiles import deck_to_dek

    dek = deck_to_dek(legal_deck(), pool)
    broken = dek.replace("</deck>", "<card><name></name></card></deck>").replace(
        '<superzone name="Sept">', '<superzone name="Sept"><card><set>Dusk</set></card>'
    )
    loaded = deck_from_dek(broken, pool, source="deck.dek")
    report = check_deck(loaded.deck, pool)
    messages = [r.message for r in report.errors if r.code == DECK_FILE_UNREAD]
    assert len(messages) == 2
    assert any("zone 'Sept', card 1" in m for m in messages)
    assert counted(report).sept == 30


def test_a_bad_native_entry_makes_the_deck_illegal_and_survives_saving() -> None:
    pool = make_pool()
    native = deck_to_native(legal_deck(), pool).replace(
        '"sept": [', '"sept": [\n      {"name": "Moonlit Errand AA", "count": 1000},'
    )
    loaded = deck_from_native(native, pool, source="deck.json")
    assert [r.code for r in check_deck(loaded.deck, pool).errors] == [DECK_FILE_UNREAD]
    # Saved and read again (also through a copy), the unread entry is still there: nothing is lost.
    again = deck_from_native(deck_to_native(loaded.deck.copy(), pool), pool, source="again.json").deck
    assert again.unread == loaded.deck.unread
    assert "1000" in again.unread[0].text
    assert [r.code for r in check_deck(again, pool).errors] == [DECK_FILE_UNREAD]


def test_informational_notes_do_not_change_the_verdict(tmp_path: Path) -> None:
    pool = make_pool()
    # Windows-1252 text in a file named .dek: two notes (encoding, extension), nothing left unread.
    path = tmp_path / "deck.dek"
    path.write_bytes(("# Café deck\nMystery Zone:\n" + legal_text()).encode("cp1252"))
    loaded = read_deck(path, pool)
    assert len(loaded.problems) == 2 and not loaded.deck.unread
    assert check_deck(loaded.deck, pool).is_legal


def test_no_format_can_switch_the_unread_error_off() -> None:
    deck = legal_deck()
    deck.unread.append(UnreadPart("x.txt", 4, "1000\tFull Moon", "count too big"))
    shape = load_format("revised").format
    assert shape is not None
    fmt = shape.replace(rules=())
    report = check_deck(deck, make_pool(), fmt)
    assert report.codes == (DECK_FILE_UNREAD,)


# -- reprints --------------------------------------------------------------------------------------


def reprint_pool() -> tuple[object, CardInfo, CardInfo]:
    base = whippoorwill("Whippoorwill", ("NewEngland-Gauntlet",))
    second = whippoorwill("Whippoorwill (2)", ("Fan-madePromo",))
    return make_pool(base, second), base, second


def test_three_copies_plus_one_reprint_are_four_copies() -> None:
    pool, _base, _second = reprint_pool()
    deck = legal_deck()
    deck.add("Whippoorwill", 3)
    deck.add("Whippoorwill (2)", 1)
    report = check_deck(deck, pool)  # type: ignore[arg-type]
    (copies,) = [r for r in report.errors if r.code == "SEPT_COPIES"]
    assert copies.cards == ("Whippoorwill",) and "4 copies" in copies.message
    assert counted(report).sept == 34


def test_three_copies_and_a_reprint_alone_are_legal() -> None:
    pool, _base, _second = reprint_pool()
    deck = legal_deck()
    deck.add("Whippoorwill", 2)
    deck.add("Whippoorwill (2)", 1)
    assert check_deck(deck, pool).is_legal  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("name", "other"),
    [
        # Different stats: two cards, not a reprint.
        (card("Fomori (2)", "Enemy", health=3), card("Fomori", "Enemy", health=4)),
        # A real name in parentheses.
        (
            card("Elwood 'Slicer' Nedervitch (Crinos)", "Ally"),
            card("Elwood 'Slicer' Nedervitch", "Ally"),
        ),
        # Reworded text: a different card.
        (whippoorwill("Whippoorwill (2)", ("Promo",), "Other text."), whippoorwill("Whippoorwill", ("A",))),
        # Character versions keep their own rule.
        (character("Mari Cabrah (2)", 5), character("Mari Cabrah", 5)),
    ],
)
def test_what_is_not_a_reprint(name: CardInfo, other: CardInfo) -> None:
    pool = make_pool(name, other)
    assert reprint_of(name, pool.lookup) is None


def test_the_reprint_is_found_by_text() -> None:
    pool, base, second = reprint_pool()
    assert reprint_of(second, pool.lookup) is base  # type: ignore[attr-defined]


# -- the format and the limits a view shows -------------------------------------------------------


def test_unknown_format_falls_back_to_the_default_with_a_note() -> None:
    fmt, note = load_format_or_default("league-2031")
    assert fmt.name == "revised"
    assert note is not None and "league-2031" in note and "revised" in note
    assert load_format_or_default("original-1995") == (load_format("original-1995"), None)


def test_report_carries_the_limits_and_rogue_cap() -> None:
    report = check_deck(legal_deck(), make_pool(), "original-1995")
    limits = load_format("original-1995").limits
    sept, combat = report.figure("Sept"), report.figure("Combat")
    assert sept is not None and combat is not None
    assert (sept.at_least, combat.at_least) == (limits.sept_minimum, limits.combat_minimum) == (25, 20)
    assert counted(report).rogue_cap == counted(report).renown // 2 == 10


def test_deck_copy_keeps_unread_parts() -> None:
    deck = Deck()
    deck.unread.append(UnreadPart("a.txt", 3, "1000 X", "count"))
    assert deck.copy().unread == deck.unread


def test_suggestions_are_bounded_for_a_deck_of_thousands_of_unknown_names() -> None:
    pool = make_pool()
    asked: list[str] = []
    real = pool.suggest

    def counting(name: str, limit: int = 3) -> list[str]:
        asked.append(name)
        return real(name, limit)

    pool.suggest = counting  # type: ignore[method-assign]
    text = "".join(f"1\tNo Such Card {i}\n" for i in range(2000))
    loaded = deck_from_text(text, pool)
    report = check_deck(loaded.deck, pool)
    assert len(loaded.unknown) == 2000
    assert [r.code for r in report.errors].count("UNKNOWN_CARD") == 2000
    # Near names for the first cards, not a fuzzy search over the pool for each of thousands of names.
    assert len(asked) <= 2 * 50


def test_a_deck_whose_own_format_is_missing_is_checked_on_the_default_with_a_warning() -> None:
    deck = legal_deck()
    deck.format = "league-2031"
    report = check_deck(deck, make_pool())
    assert report.format == "revised" and report.is_legal
    (warning,) = report.warnings
    assert warning.code == "FORMAT_NOT_INSTALLED" and "league-2031" in warning.message
    with pytest.raises(FormatError):
        check_deck(deck, make_pool(), "league-2031")


def test_card_facts_are_derived_once_per_card_not_once_per_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    import deckbuilder.games.rage.facts as rules

    derived: list[str] = []
    real = rules._derive_facts

    def counting(card: CardInfo) -> rules.CardFacts:
        derived.append(card.name)
        return real(card)

    monkeypatch.setattr(rules, "_derive_facts", counting)
    monkeypatch.setattr(rules, "_FACTS", {})
    monkeypatch.setattr(rules, "_WITH_FACTS", {})  # (the cards with their facts, as earlier checks kept them)
    pool = make_pool()
    deck = legal_deck()
    first = check_deck(deck, pool)
    assert sorted(derived) == sorted({e.name for e in deck.entries})
    derived.clear()
    deck.add(deck.entries[-1].name)  # an edit: the same cards again
    second = check_deck(deck, pool)
    assert derived == []
    assert first.is_legal and counted(second).sept == counted(first).sept + 1


def test_cards_in_a_zone_that_is_no_deck_section_make_the_deck_illegal() -> None:
    pool = make_pool()
    text = legal_text() + "Sideboard:\n2\tMoonlit Errand AB\n"
    loaded = deck_from_text(text, pool, source="deck.txt")
    report = check_deck(loaded.deck, pool)
    (unread,) = [r for r in report.errors if r.code == DECK_FILE_UNREAD]
    assert "Sideboard" in unread.message and f"line {text.count(chr(10)) - 1}" in unread.message
    # An empty unknown zone hides nothing.
    assert check_deck(deck_from_text("Sideboard:\n" + legal_text(), pool).deck, pool).is_legal


def test_cards_in_a_dek_zone_that_is_no_deck_section_make_the_deck_illegal() -> None:
    from deckbuilder.deckfiles import deck_to_dek

    pool = make_pool(card("Spare Event", "Event"))
    dek = deck_to_dek(legal_deck(), pool).replace(
        "</deck>", '<superzone name="Sideboard"><card><name>Spare Event</name></card></superzone></deck>'
    )
    report = check_deck(deck_from_dek(dek, pool).deck, pool)
    assert [r.code for r in report.errors] == [DECK_FILE_UNREAD]
    assert "Sideboard" in report.errors[0].message


def test_cards_in_a_native_section_this_version_does_not_know_make_the_deck_illegal() -> None:
    pool = make_pool(card("Spare Event", "Event"))
    native = deck_to_native(legal_deck(), pool).replace(
        '"sections": {', '"sections": {\n    "sideboard": [{"name": "Spare Event", "count": 1}],'
    )
    loaded = deck_from_native(native, pool)
    report = check_deck(loaded.deck, pool)
    assert [r.code for r in report.errors] == [DECK_FILE_UNREAD] and "sideboard" in report.errors[0].message
