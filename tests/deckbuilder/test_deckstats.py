"""Pure deck statistics: counts by type and section, pack Renown with the Rogue share, combat Rage and damage."""

from __future__ import annotations

from carddb.cardtypes import Section
from carddb.model import CardInfo
from carddb.normalize import normalize_name
from deckbuilder.deck import Deck, DeckEntry
from deckbuilder.deckstats import CHARACTER_TYPE, UNKNOWN_TYPE, compute_deck_stats, filled_histogram


class DictPool:
    """A card pool over a few invented cards."""

    def __init__(self, *cards: CardInfo) -> None:
        self.cards = {card.norm_name: card for card in cards}

    def lookup(self, name: str) -> CardInfo | None:
        return self.cards.get(normalize_name(name))

    def suggest(self, name: str, limit: int = 3) -> list[str]:
        return []


POOL = DictPool(
    CardInfo("Ashen Howler", type="Character - Gaia", renown=5, crage=4),
    CardInfo("Briar Talon", type="Character (Gaia)", renown=4, crage=3, keywords_field="Multiple"),
    CardInfo("Slyfoot Wanderer", type="Character - Rogue", renown=3, crage=5, keywords_field="Gaia - Wyrm"),
    CardInfo("Moon Whisper", type="Gift", gnosis=2),
    CardInfo("Iron Collar", type="Equipment"),
    CardInfo("Raking Claw", type="Combat Action", rage=2, damage=3),
    CardInfo("Sidestep", type="Combat Action", rage=0),
    CardInfo("Frenzied Bite", type="Combat Action", rage=4, damage=5),
    CardInfo("Sudden Rain", type="Combat Event"),
    CardInfo("Odd Relic", type="Trinket"),
)


def known_deck() -> Deck:
    deck = Deck(renown_level=20)
    deck.add("Ashen Howler")
    deck.add("Briar Talon", 2)
    deck.add("Slyfoot Wanderer")
    deck.add("Moon Whisper", 3)
    deck.add("Iron Collar", 2)
    deck.add("Raking Claw", 2)
    deck.add("Sidestep", 2)
    deck.add("Frenzied Bite")
    deck.add("Sudden Rain")
    deck.add("Odd Relic")
    deck.add("Never Printed", 2, zone_hint=Section.SEPT)
    deck.add("Iron Collar", 1, starting=True)
    return deck


def test_counts_by_type_and_section() -> None:
    stats = compute_deck_stats(known_deck(), POOL)

    assert stats.type_counts == {
        CHARACTER_TYPE: 4,
        "Equipment": 3,  # two in the deck, one starting in play
        "Gift": 3,
        "Combat Action": 5,
        UNKNOWN_TYPE: 2,
        "Combat Event": 1,
        "Trinket": 1,
    }
    assert next(iter(stats.type_counts)) == "Combat Action"  # biggest group first
    assert stats.section_counts == {"characters": 4, "sept": 7, "combat": 6, "unplaced": 1, "starting": 1}
    assert stats.unknown_cards == 2


def test_pack_renown_counts_every_copy_and_the_rogue_share() -> None:
    stats = compute_deck_stats(known_deck(), POOL)

    by_name = {c.name: (c.renown, c.copies, c.rogue, c.total) for c in stats.characters}
    assert by_name == {
        "Ashen Howler": (5, 1, False, 5),
        "Briar Talon": (4, 2, False, 8),
        "Slyfoot Wanderer": (3, 1, True, 3),
    }
    assert stats.renown_total == 16
    assert stats.rogue_renown == 3
    assert stats.rogue_share == 3 / 16
    assert stats.renown_level == 20


def test_one_character_in_two_printings_is_one_bar() -> None:
    deck = Deck()
    deck.add("Ashen Howler", 1, set_name="Oldset")
    deck.add("Ashen Howler", 1, set_name="Newset")

    stats = compute_deck_stats(deck, POOL)

    assert [(c.name, c.copies, c.total) for c in stats.characters] == [("Ashen Howler", 2, 10)]


def test_combat_rage_and_damage_histograms() -> None:
    stats = compute_deck_stats(known_deck(), POOL)

    assert stats.rage_histogram == {0: 2, 2: 2, 4: 1}
    assert stats.combat_without_rage == 1
    assert stats.damage_histogram == {3: 2, 5: 1}
    assert stats.combat_without_damage == 3
    assert filled_histogram(stats.rage_histogram) == [(0, 2), (1, 0), (2, 2), (3, 0), (4, 1)]
    assert filled_histogram({}) == []


def test_empty_deck_has_zero_everything() -> None:
    stats = compute_deck_stats(Deck(), POOL)

    assert stats.type_counts == {}
    assert stats.renown_total == 0 and stats.rogue_share == 0.0
    assert stats.rage_histogram == {} and stats.characters == ()


def test_the_rogue_share_uses_the_same_allegiance_as_the_checker() -> None:
    from deckbuilder.legality import check_deck

    # Conrad is a Rogue by name, though his Type says only "Character" (DECK-RULES §2).
    conrad = CardInfo("Conrad Walks-the-Line", type="Character", renown=4)
    howler = CardInfo("Ashen Howler", type="Character - Gaia", renown=5)
    deck = Deck(renown_level=20, entries=[DeckEntry("Conrad Walks-the-Line"), DeckEntry("Ashen Howler")])
    pool = DictPool(conrad, howler)
    stats = compute_deck_stats(deck, pool)
    report = check_deck(deck, pool)
    assert stats.rogue_renown == report.totals.rogue_renown == 4
