"""Playability warnings and notes of DECK-RULES.md §3, and Character allegiance, on invented cards."""

from __future__ import annotations

import pytest

from carddb.model import CardInfo
from deckbuilder.deck import Deck, DeckEntry
from deckbuilder.games.rage.facts import parse_requirement
from deckbuilder.legality import Report, Severity, character_allegiance, check_deck
from tests.deckbuilder.legality.pool import (
    BASE_COMBAT,
    BASE_SEPT,
    card,
    character,
    legal_deck,
    make_pool,
)

WYRM_PACK = [
    character(
        "Grub Maw", 8, allegiance="Wyrm", keywords="Garou - Black Spiral Dancer - Ahroun - Metis - Defiler"
    ),
    character("Vesta Coil", 7, allegiance="Wyrm", keywords="Human - Pentex - Homid - Executive"),
    character("Sludgeling", 5, allegiance="Wyrm", keywords="Bane - Wyrm"),
]


def wyrm_deck(*extra: str) -> Deck:
    """A legal Wyrm deck plus one copy of each extra card."""
    deck = Deck(entries=[DeckEntry(c.name) for c in WYRM_PACK])
    for c in BASE_COMBAT:
        deck.add(c.name, 2)
    for c in BASE_SEPT:
        deck.add(c.name, 3)
    for name in extra:
        deck.add(name)
    return deck


def gaia_deck(*extra: str) -> Deck:
    """The legal Gaia fixture deck plus one copy of each extra card."""
    deck = legal_deck()
    for name in extra:
        deck.add(name)
    return deck


def found(report: Report, code: str) -> list[str]:
    return [r.message for r in report.results if r.code == code]


def test_fixture_decks_have_no_warnings() -> None:
    assert check_deck(gaia_deck(), make_pool()).warnings == ()
    assert check_deck(wyrm_deck(), make_pool(*WYRM_PACK)).warnings == ()


GAIA_UNUSABLE = [
    card("Shareholder Vote", "Board Meeting", renown=2),
    card("Rotting Talisman", "Equipment", keywords="Bane Fetish", gnosis=2),
    card("Maw of Ruin", "Gift", requires="Defiler - Eater-of-Souls", gnosis=2),
]
WYRM_UNUSABLE = [
    card("Council of Elders", "Moot", renown=2),
    card("Moonsilver Charm", "Equipment", keywords="Gaia Fetish", gnosis=2),
    card("Whispered Lore", "Gift", requires="Theurge - Lupus", gnosis=2),
]
EITHER_SIDE = [
    card("Twofold Idol", "Equipment", keywords="Gaia Fetish - Bane Fetish", gnosis=2),
    card("Wolf Totem Call", "Event", requires="Gaia Garou", keywords="Pack Totem"),
]


def test_gaia_pack_holding_wyrm_cards() -> None:
    report = check_deck(
        gaia_deck(*(c.name for c in GAIA_UNUSABLE + EITHER_SIDE)), make_pool(*GAIA_UNUSABLE, *EITHER_SIDE)
    )
    assert found(report, "ALLEGIANCE_UNUSABLE") == [
        "'Shareholder Vote' is a Board Meeting, which only Wyrm packs can call; your pack is Gaia",
        "'Rotting Talisman' is a Bane Fetish, which Gaia creatures cannot use; your pack is Gaia",
        "'Maw of Ruin' is an Aspect Gift, which Gaia creatures cannot use; your pack is Gaia",
    ]
    assert report.is_legal
    assert found(report, "REQUIREMENT_UNMET") == []  # no double report for the same card


def test_wyrm_pack_holding_gaia_cards() -> None:
    cards = [*WYRM_PACK, *WYRM_UNUSABLE, *EITHER_SIDE]
    report = check_deck(wyrm_deck(*(c.name for c in WYRM_UNUSABLE + EITHER_SIDE)), make_pool(*cards))
    assert found(report, "ALLEGIANCE_UNUSABLE") == [
        "'Council of Elders' is a Moot, which only Gaia packs can call; your pack is Wyrm",
        "'Moonsilver Charm' is a Fetish, which Wyrm creatures cannot use; your pack is Wyrm",
        "'Whispered Lore' is an Auspice or Breed Gift, which Wyrm creatures cannot use; your pack is Wyrm",
    ]
    # The totem's "Gaia" requirement is ignored: totems have no allegiance any more, but it needs a Garou.
    assert found(report, "REQUIREMENT_UNMET") == []


def test_gift_with_another_usable_requirement_is_not_unusable() -> None:
    mixed = card("Shadowed Howl", "Gift", requires="Theurge - Black Spiral Dancer", gnosis=2)
    report = check_deck(wyrm_deck(mixed.name), make_pool(*WYRM_PACK, mixed))
    assert found(report, "ALLEGIANCE_UNUSABLE") == []
    assert found(report, "REQUIREMENT_UNMET") == []


def test_auspice_alternative_does_not_count_for_a_wyrm_pack_with_that_auspice() -> None:
    # Grub Maw is an Ahroun, but a Wyrm creature cannot use Auspice Gifts; the Uktena route is the only one left.
    gift = card("Storm Warden", "Gift", requires="Ahroun - Uktena", gnosis=2)
    report = check_deck(wyrm_deck(gift.name), make_pool(*WYRM_PACK, gift))
    assert found(report, "REQUIREMENT_UNMET") == [
        "'Storm Warden' requires Ahroun or Uktena; no Character in your pack meets that"
    ]


def test_requirement_keywords_match_or_not() -> None:
    met = card("Fianna Harp", "Equipment", requires="Fianna - Uktena", keywords="Non-Fetish")
    plural = card("Gnawer Den", "Territory", requires="Bone Gnawers")
    unmet = card("Serpent Lodge", "Caern", requires="Uktena - Wendigo")
    report = check_deck(gaia_deck(met.name, plural.name, unmet.name), make_pool(met, plural, unmet))
    (result,) = [r for r in report.results if r.code == "REQUIREMENT_UNMET"]
    assert (
        result.message == "'Serpent Lodge' requires Uktena or Wendigo; no Character in your pack meets that"
    )
    assert result.cards == ("Serpent Lodge",) and result.severity is Severity.WARNING


def test_requirements_about_play_not_the_pack_are_never_reported() -> None:
    vague = [
        card("Lunar Blade", "Equipment", requires="(Crinos form)", keywords="Non-Fetish"),
        card("Long Wait", "Event", requires="Renown 4 or less Gaia Garou"),
        card("Dodgy Feint", "Combat Action", requires="Not bluffed", rage=1),
    ]
    report = check_deck(gaia_deck(*(c.name for c in vague)), make_pool(*vague))
    assert found(report, "REQUIREMENT_UNMET") == []


def test_a_play_condition_beside_a_trait_does_not_hide_the_trait() -> None:
    # Issue 19.1: "Kailindo - Not Bluffed" needs a Kailindo Character; the play condition is not a way around it.
    odd = card("Odd Ally", "Ally", requires="Uktena - Not Frenzied", renown=1)
    report = check_deck(gaia_deck(odd.name), make_pool(odd))
    assert found(report, "REQUIREMENT_UNMET") == [
        "'Odd Ally' requires Uktena; no Character in your pack meets that"
    ]


def test_compound_requirement_needs_every_trait_in_one_character() -> None:
    both = card("Hunters Pact", "Event", requires="Lupus Gaia Garou")
    none = card("Sky Pact", "Event", requires="Metis Stargazers")
    report = check_deck(gaia_deck(both.name, none.name), make_pool(both, none))
    assert found(report, "REQUIREMENT_UNMET") == [
        "'Sky Pact' requires Metis Stargazers; no Character in your pack meets that"
    ]


@pytest.mark.parametrize(("need", "warned"), [(6, False), (7, True)])
def test_gnosis_need_of_gifts_and_fetishes(need: int, warned: bool) -> None:
    gift = card("Spirit Speech", "Gift", requires="Bone Gnawer", gnosis=need)
    fetish = card("Spirit Drum", "Equipment", keywords="Gaia Fetish", gnosis=need)
    mundane = card("Old Pickup", "Equipment", keywords="Non-Fetish", gnosis=need)
    report = check_deck(gaia_deck(gift.name, fetish.name, mundane.name), make_pool(gift, fetish, mundane))
    messages = found(report, "REQUIREMENT_UNMET")
    if warned:
        assert messages == [
            "'Spirit Speech' needs Gnosis 7; the highest in your pack is 6 (Old Crickbone)",
            "'Spirit Drum' needs Gnosis 7; the highest in your pack is 6 (Old Crickbone)",
        ]
    else:
        assert messages == []


def test_crinos_gnosis_counts_for_the_gnosis_need() -> None:
    mystic = character("Quiet Ember", 2, gnosis=3, cgnosis=9)
    gift = card("Deep Vision", "Gift", gnosis=9)
    report = check_deck(gaia_deck(mystic.name, gift.name), make_pool(mystic, gift), renown_level=25)
    assert found(report, "REQUIREMENT_UNMET") == []


@pytest.mark.parametrize("kind", ["Rite", "Moot"])
def test_renown_need_of_rites_and_juntas(kind: str) -> None:
    reachable = card("Small Gathering", kind, renown=8)
    too_high = card("Grand Gathering", kind, renown=9)
    report = check_deck(gaia_deck(reachable.name, too_high.name), make_pool(reachable, too_high))
    assert found(report, "REQUIREMENT_UNMET") == [
        "'Grand Gathering' needs a Character of Renown 9; the highest in your pack is 8 (Thorn Ashwalker)"
    ]


def test_restricted_extra_by_keyword_or_text_but_not_combat_restricted() -> None:
    by_keyword = card("Oath Stone", "Ally", keywords="Restricted - Spirit", renown=1)
    by_text = card("Last Stand", "Event", text="Spirit. Restricted. Play when all hope is lost.")
    combat_only = card("Final Roar", "Gift", text="Combat Restricted. Deal 3 damage.", gnosis=1)
    single = card("Lone Vigil", "Event", text="Restricted. Once only.")
    deck = gaia_deck(single.name)
    for c in (by_keyword, by_text, combat_only):
        deck.add(c.name, 2)
    report = check_deck(deck, make_pool(by_keyword, by_text, combat_only, single))
    assert found(report, "RESTRICTED_EXTRA") == [
        "'Oath Stone' is Restricted: only one may be played per game, but the deck has 2",
        "'Last Stand' is Restricted: only one may be played per game, but the deck has 2",
    ]


@pytest.mark.parametrize(("rage", "noted"), [(5, False), (6, True)])
def test_rage_above_pack_against_crinos_rage(rage: int, noted: bool) -> None:
    strike = card("Savage Lunge", "Combat Action", rage=rage)
    event = card("Battle Cry", "Combat Event")
    report = check_deck(gaia_deck(strike.name, event.name), make_pool(strike, event))
    notes = [r for r in report.results if r.code == "RAGE_ABOVE_PACK"]
    assert bool(notes) is noted
    if noted:
        assert notes[0].severity is Severity.INFO
        assert notes[0].message == (
            "'Savage Lunge' needs Rage 6, more than any of your Characters has in Crinos form (5); "
            "it can only be played as a bluff"
        )


def test_rage_falls_back_to_breed_rage_without_crinos() -> None:
    brute = character("Iron Hide", 1, rage=7, crage=None)
    strike = card("Savage Lunge", "Combat Action", rage=7)
    report = check_deck(gaia_deck(brute.name, strike.name), make_pool(brute, strike), renown_level=21)
    assert found(report, "RAGE_ABOVE_PACK") == []


def test_junta_needs_ally() -> None:
    moot = card("Council of Elders", "Moot", renown=2)
    meeting = card("Shareholder Vote", "Board Meeting", renown=2)
    gaia = check_deck(gaia_deck(moot.name), make_pool(moot))
    assert found(gaia, "JUNTA_NEEDS_ALLY") == [
        "Moots can only be called when a second Gaia pack is at the table: 'Council of Elders'"
    ]
    wyrm = check_deck(wyrm_deck(meeting.name), make_pool(*WYRM_PACK, meeting))
    assert found(wyrm, "JUNTA_NEEDS_ALLY") == [
        "Board Meetings can only be called when a second Wyrm pack is at the table: 'Shareholder Vote'"
    ]
    assert found(check_deck(gaia_deck(), make_pool()), "JUNTA_NEEDS_ALLY") == []


def test_renown_unused() -> None:
    assert found(check_deck(gaia_deck(), make_pool()), "RENOWN_UNUSED") == []
    report = check_deck(gaia_deck(), make_pool(), renown_level=22)
    assert found(report, "RENOWN_UNUSED") == ["The pack's Renown is 20 of 22; 2 unused"]
    assert report.is_legal


@pytest.mark.parametrize(
    ("type_", "keywords", "expected"),
    [
        ("Character - Gaia", "Garou - Fianna", "Gaia"),
        ("Character (Wyrm)", "Human", "Wyrm"),
        ("Character - Rogue", "Garou - Gaia - Wyrm", "Rogue"),
        ("Character (Rogue)", "", "Rogue"),
        ("Character", "Human - 7th Generation", "Wyrm"),
        ("Character", "Human - Pentex", "Wyrm"),
        ("Character", "Garou - Black Spiral Dancer", "Wyrm"),
        ("Character", "Bane", "Wyrm"),
        ("Character", "Garou - Beast-of-War", "Wyrm"),
        ("Character", "Garou - Silver Fangs - Ahroun", "Gaia"),
    ],
)
def test_character_allegiance(type_: str, keywords: str, expected: str) -> None:
    assert character_allegiance(CardInfo(name="Someone", type=type_, keywords_field=keywords)) == expected


def test_conrad_is_rogue_without_a_glyph() -> None:
    assert character_allegiance(CardInfo(name="Conrad Walks-the-Line", type="Character")) == "Rogue"


def test_requirement_parsing() -> None:
    parsed = parse_requirement("(Gnosis: 3) + Fianna - Black Furies, Hellcat")
    assert parsed.alternatives == (frozenset({"fianna"}), frozenset({"black fury"}), frozenset({"hellcat"}))
    assert not parse_requirement("Homid form").judgeable
    assert not parse_requirement("").judgeable
