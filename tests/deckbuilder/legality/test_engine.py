"""The legality errors of DECK-RULES.md §2 on invented cards: each code passing and failing, and the boundaries."""

from __future__ import annotations

import pytest

from carddb.cardtypes import Section
from deckbuilder.deck import Deck, DeckEntry
from deckbuilder.games.rage.context import CheckContext
from deckbuilder.games.rage.engine import RULES
from deckbuilder.games.rage.rules import Rule
from deckbuilder.legality import FormatError, Report, Severity, check_deck
from tests.deckbuilder.legality.pool import (
    BASE_COMBAT,
    BASE_SEPT,
    GAIA_PACK,
    card,
    character,
    counted,
    legal_deck,
    make_pool,
)


def errors_of(report: Report) -> list[str]:
    return [r.code for r in report.errors]


def test_fixture_deck_is_legal_with_exact_totals() -> None:
    report = check_deck(legal_deck(), make_pool())
    assert report.is_legal, report.results
    assert report.format == "revised"
    t = counted(report)
    assert (t.characters, t.sept, t.combat, t.renown, t.rogue_renown, t.allegiance) == (
        3,
        30,
        20,
        20,
        0,
        "Gaia",
    )


def test_renown_exactly_at_level_is_legal_and_one_over_is_not() -> None:
    at_level = check_deck(legal_deck(), make_pool(), renown_level=20)
    assert "RENOWN_OVER_LEVEL" not in at_level.codes
    over = check_deck(legal_deck(), make_pool(), renown_level=19)
    (result,) = [r for r in over.results if r.code == "RENOWN_OVER_LEVEL"]
    assert result.message == "Renown 20 is over the level of 19 (by 1)"
    assert over.setting("renown_level") == 19


def test_renown_level_defaults_to_the_decks_own() -> None:
    deck = legal_deck()
    deck.renown_level = 15
    report = check_deck(deck, make_pool())
    assert report.setting("renown_level") == 15
    assert "RENOWN_OVER_LEVEL" in report.codes


def test_no_characters() -> None:
    deck = legal_deck()
    for member in GAIA_PACK:
        deck.remove(member.name, 99)
    report = check_deck(deck, make_pool())
    assert "NO_CHARACTERS" in errors_of(report)
    assert "NO_CHARACTERS" not in check_deck(legal_deck(), make_pool()).codes


@pytest.mark.parametrize(("combat_count", "legal"), [(20, True), (19, False)])
def test_combat_minimum_boundary(combat_count: int, legal: bool) -> None:
    deck = legal_deck()
    deck.remove(BASE_COMBAT[0].name, 20 - combat_count)
    report = check_deck(deck, make_pool())
    assert ("COMBAT_MINIMUM" not in report.codes) is legal
    if not legal:
        assert "Combat deck has 19 cards; at least 20 are required" in [r.message for r in report.results]


@pytest.mark.parametrize(("sept_count", "legal"), [(30, True), (29, False)])
def test_sept_minimum_boundary(sept_count: int, legal: bool) -> None:
    deck = legal_deck()
    deck.remove(BASE_SEPT[0].name, 30 - sept_count)
    report = check_deck(deck, make_pool())
    assert ("SEPT_MINIMUM" not in report.codes) is legal


def test_combat_copies_two_allowed_three_not() -> None:
    deck = legal_deck()
    report = check_deck(deck, make_pool())
    assert "COMBAT_COPIES" not in report.codes
    deck.add(BASE_COMBAT[0].name)
    (result,) = [r for r in check_deck(deck, make_pool()).results if r.code == "COMBAT_COPIES"]
    assert result.message == f"Combat card '{BASE_COMBAT[0].name}' has 3 copies; at most 2 are allowed"
    assert result.cards == (BASE_COMBAT[0].name,)


def test_sept_copies_three_allowed_four_not() -> None:
    deck = legal_deck()
    assert "SEPT_COPIES" not in check_deck(deck, make_pool()).codes
    deck.add(BASE_SEPT[0].name)
    assert "SEPT_COPIES" in errors_of(check_deck(deck, make_pool()))


def test_copies_merge_across_printings_and_spellings() -> None:
    blade = card("Moon’s Edge", "Combat Action", sets=("Unlimited", "TheUmbra"), rage=1)
    deck = legal_deck()
    deck.add("Moon’s Edge", 1, set_name="Unlimited")
    deck.add("moon's  EDGE", 1, set_name="TheUmbra")
    assert "COMBAT_COPIES" not in check_deck(deck, make_pool(blade)).codes
    deck.add("MOON'S EDGE", 1)
    report = check_deck(deck, make_pool(blade))
    (result,) = [r for r in report.results if r.code == "COMBAT_COPIES"]
    assert "'Moon’s Edge' has 3 copies" in result.message
    assert counted(report).combat == 23


def test_starting_list_counts_for_copies_but_not_the_minimum() -> None:
    deck = legal_deck()
    deck.extend([DeckEntry(BASE_SEPT[0].name, 1)], starting=True)
    report = check_deck(deck, make_pool())
    assert counted(report).sept == 30 and counted(report).starting == 1
    (copies,) = [r for r in report.results if r.code == "SEPT_COPIES"]
    assert "4 copies (1 in the starting list)" in copies.message
    assert "SEPT_MINIMUM" not in report.codes

    # Moving a copy from the sept deck to the starting list keeps copies at 3 but leaves the deck one short.
    deck.remove(BASE_SEPT[0].name, 1)
    report = check_deck(deck, make_pool())
    assert "SEPT_COPIES" not in report.codes
    (minimum,) = [r for r in report.results if r.code == "SEPT_MINIMUM"]
    assert (
        minimum.message
        == "Sept deck has 29 cards; at least 30 are required (cards in the starting list do not count)"
    )


def test_character_copies_one_allowed() -> None:
    deck = legal_deck()
    deck.add(GAIA_PACK[2].name)
    report = check_deck(deck, make_pool(), renown_level=30)
    (result,) = [r for r in report.results if r.code == "CHARACTER_COPIES"]
    assert result.message == f"Character '{GAIA_PACK[2].name}' has 2 copies; only 1 is allowed"


@pytest.mark.parametrize(("copies", "legal"), [(5, True), (6, False)])
def test_multiple_character_up_to_five_copies_each_counting_renown(copies: int, legal: bool) -> None:
    swarm = character("Gnat Swarm", 1, keywords="Garou - Bone Gnawer - Multiple")
    deck = legal_deck()
    deck.add("Gnat Swarm", copies)
    report = check_deck(deck, make_pool(swarm), renown_level=30)
    assert ("CHARACTER_COPIES" not in report.codes) is legal
    assert counted(report).renown == 20 + copies
    assert counted(report).characters == 3 + copies


def test_versions_by_trailing_number() -> None:
    young = character("Mira Fenwhistle", 3)
    old = character("Mira Fenwhistle 2", 5)
    deck = legal_deck()
    deck.add("Mira Fenwhistle")
    assert "CHARACTER_VERSIONS" not in check_deck(deck, make_pool(young, old), renown_level=40).codes
    deck.add("Mira Fenwhistle 2")
    report = check_deck(deck, make_pool(young, old), renown_level=40)
    (result,) = [r for r in report.results if r.code == "CHARACTER_VERSIONS"]
    assert result.message == (
        "'Mira Fenwhistle' and 'Mira Fenwhistle 2' are versions of one Character; only one may be in the pack"
    )
    assert result.cards == ("Mira Fenwhistle", "Mira Fenwhistle 2")


def test_numbered_placeholders_of_no_named_character_are_not_versions() -> None:
    # Playtest's `Gaia 1` ... `Gaia 6` are stand-ins of Renown 1 to 6, not incarnations of a Character named
    # "Gaia" (revised rules ch. 4 "Experienced Characters": versions are one named Character's; there is no base card).
    one, two = character("Gaia 1", 1), character("Gaia 2", 2)
    deck = legal_deck()
    deck.add("Gaia 1")
    deck.add("Gaia 2")
    report = check_deck(deck, make_pool(one, two), renown_level=40)
    assert "CHARACTER_VERSIONS" not in report.codes, report.results
    # The same even when the database stored the stripped name as their identity (imports before this fix).
    stored = make_pool(character("Gaia 1", 1, identity="gaia"), character("Gaia 2", 2, identity="gaia"))
    assert "CHARACTER_VERSIONS" not in check_deck(deck, stored, renown_level=40).codes


def test_numbered_versions_of_a_named_character_clash_without_it_in_the_pack() -> None:
    first, second, third = (
        character("Mira Fenwhistle", 3),
        character("Mira Fenwhistle 2", 5),
        character("Mira Fenwhistle 3", 6),
    )
    deck = legal_deck()
    deck.add("Mira Fenwhistle 2")
    deck.add("Mira Fenwhistle 3")
    report = check_deck(deck, make_pool(first, second, third), renown_level=40)
    assert "CHARACTER_VERSIONS" in report.codes


def test_versions_by_the_shipped_table_when_the_pool_gives_no_identity() -> None:
    lord = character("Lord Albrecht", 4)
    king = character("King Albrecht", 6)
    deck = legal_deck()
    deck.add("Lord Albrecht")
    deck.add("King Albrecht")
    assert "CHARACTER_VERSIONS" in check_deck(deck, make_pool(lord, king), renown_level=40).codes


def test_versions_use_the_identity_the_database_set() -> None:
    # An identity from a user's table: two differently named cards of one Character.
    first = character("Sable Nightrunner", 3, identity="sable")
    second = character("Elder Sable", 5, identity="sable")
    deck = legal_deck()
    deck.add(first.name)
    deck.add(second.name)
    assert "CHARACTER_VERSIONS" in check_deck(deck, make_pool(first, second), renown_level=40).codes


def test_allegiance_mixed_names_both_sides() -> None:
    wyrm = character("Gutrot the Vile", 3, allegiance="Wyrm", keywords="Black Spiral Dancer - Ahroun")
    deck = legal_deck()
    deck.add(wyrm.name)
    report = check_deck(deck, make_pool(wyrm), renown_level=30)
    (result,) = [r for r in report.results if r.code == "ALLEGIANCE_MIXED"]
    names = ", ".join(c.name for c in GAIA_PACK)
    assert (
        result.message
        == f"Pack mixes Gaia ({names}) and Wyrm (Gutrot the Vile) Characters; choose one allegiance"
    )
    assert counted(report).allegiance == "Gaia"


def test_allegiance_tie_leaves_pack_allegiance_undecided() -> None:
    gaia = character("Bright Fern", 5)
    wyrm = character("Tarmouth", 5, allegiance="Wyrm", keywords="Pentex - Homid")
    deck = Deck(entries=[DeckEntry("Bright Fern"), DeckEntry("Tarmouth")])
    assert counted(check_deck(deck, make_pool(gaia, wyrm))).allegiance == ""


@pytest.mark.parametrize(("rogue_renown", "legal"), [(10, True), (11, False)])
def test_rogues_exactly_half_is_legal_one_more_is_not(rogue_renown: int, legal: bool) -> None:
    gaia = character("Steady Oak", 10)
    rogue = character("Drifter Vane", rogue_renown, allegiance="Rogue", keywords="Garou - Gaia - Wyrm")
    deck = Deck(entries=[DeckEntry("Steady Oak"), DeckEntry("Drifter Vane")])
    report = check_deck(deck, make_pool(gaia, rogue), renown_level=30)
    assert ("ROGUE_OVER_HALF" not in report.codes) is legal
    assert "ALLEGIANCE_MIXED" not in report.codes
    assert counted(report).rogue_renown == rogue_renown
    if not legal:
        (result,) = [r for r in report.results if r.code == "ROGUE_OVER_HALF"]
        assert result.message == "Rogues make up 11 of your 21 Renown; at most half (10) may be Rogue"
        assert result.cards == ("Drifter Vane",)


def test_pack_of_only_rogues_is_illegal() -> None:
    rogue = character("Drifter Vane", 4, allegiance="Rogue")
    report = check_deck(Deck(entries=[DeckEntry("Drifter Vane")]), make_pool(rogue))
    assert "ROGUE_OVER_HALF" in report.codes


def test_unknown_card_with_suggestion() -> None:
    deck = legal_deck()
    deck.add("Quick Swipe AAA")
    (result,) = [r for r in check_deck(deck, make_pool()).results if r.code == "UNKNOWN_CARD"]
    assert result.message.startswith(
        "'Quick Swipe AAA' is not in the card database — did you mean 'Quick Swipe AA'"
    )
    assert result.severity is Severity.ERROR


def test_an_unknown_card_is_counted_in_no_pile_wherever_its_file_wrote_it() -> None:
    # No card, no Type: it cannot be placed (DECK-RULES §1), so a mistyped combat card leaves the combat deck short,
    # as the guess under the report says ("not counted") and as another game's check counts it.
    deck = legal_deck()
    deck.remove(BASE_COMBAT[0].name, 1)
    deck.add("Totally Invented", 1, zone_hint=Section.COMBAT)
    deck.add("Another Mystery", 2)
    report = check_deck(deck, make_pool())
    assert counted(report).combat == 19
    assert counted(report).unplaced == 2
    assert report.codes.count("UNKNOWN_CARD") == 2
    assert "Combat deck has 19 cards; at least 20 are required" in [r.message for r in report.results]


def test_card_without_a_usable_type_is_reported_not_guessed() -> None:
    odd = card("Strange Relic", "")
    odder = card("Stranger Relic", "Artefact")
    deck = legal_deck()
    deck.add("Strange Relic")
    deck.add("Stranger Relic")
    report = check_deck(deck, make_pool(odd, odder))
    messages = [r.message for r in report.results if r.code == "UNPLACEABLE_CARD"]
    assert messages == [
        "'Strange Relic' has no Type, which fits no deck section; it is not counted in any section",
        "'Stranger Relic' has Type 'Artefact', which fits no deck section; it is not counted in any section",
    ]
    assert counted(report).unplaced == 2 and counted(report).sept == 30


def test_zero_and_negative_counts_do_not_crash_or_count() -> None:
    deck = legal_deck()
    deck.extend(
        [DeckEntry(BASE_SEPT[1].name, -4), DeckEntry("Nobody Knows", 0)]
    )  # as a file could write them
    report = check_deck(deck, make_pool())
    assert counted(report).sept == 30
    assert "SEPT_COPIES" not in report.codes


def test_results_are_ordered_errors_then_warnings_then_infos() -> None:
    mighty = card("Howl of Ages", "Combat Action", rage=9)
    deck = legal_deck()
    deck.add("Howl of Ages", 3)
    deck.add("Nobody Knows")
    report = check_deck(deck, make_pool(mighty), renown_level=25)
    severities = [r.severity for r in report.results]
    assert severities == sorted(severities, key=[Severity.ERROR, Severity.WARNING, Severity.INFO].index)
    assert report.codes[:2] == ("UNKNOWN_CARD", "COMBAT_COPIES")
    assert report.codes[-2:] == ("RAGE_ABOVE_PACK", "RENOWN_UNUSED")


def test_a_failing_rule_becomes_an_internal_error_result() -> None:
    class BrokenRule(Rule):
        codes = ("COMBAT_MINIMUM",)

        def check(self, ctx: CheckContext, params: object) -> list[object]:  # type: ignore[override]
            raise ValueError("boom")

    report = check_deck(legal_deck(), make_pool(), rules=(BrokenRule(), *RULES))
    assert report.results[0].code == "INTERNAL_ERROR"
    assert "internal error in rule COMBAT_MINIMUM" in report.results[0].message
    assert not report.is_legal


def test_a_pool_that_raises_yields_unknown_cards_not_a_crash() -> None:
    class ExplodingPool:
        def lookup(self, name: str) -> None:
            raise RuntimeError("database gone")

        def suggest(self, name: str, limit: int = 3) -> list[str]:
            raise RuntimeError("database gone")

    report = check_deck(legal_deck(), ExplodingPool())
    assert "UNKNOWN_CARD" in report.codes and not report.is_legal


def test_unknown_format_name_raises_format_error() -> None:
    with pytest.raises(FormatError, match="Unknown format 'nonesuch'"):
        check_deck(legal_deck(), make_pool(), "nonesuch")
