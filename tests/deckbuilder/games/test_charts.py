"""A deck's charts as its game.json lists them (Rage's here): counts by type and pile, pack Renown with the Rogue share,
combat Rage and damage."""

from __future__ import annotations

from carddb.cardtypes import Section
from carddb.model import CardInfo
from carddb.normalize import normalize_name
from deckbuilder.deck import Deck, DeckEntry
from deckbuilder.games.charts import UNKNOWN_CARD, Chart, deck_charts, deck_counts, resolved_deck
from deckbuilder.games.loader import shipped_game

RAGE = shipped_game("rage")


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


def charts(deck: Deck, pool: DictPool = POOL) -> dict[str, Chart]:
    return {chart.statistic.label: chart for chart in deck_charts(RAGE, deck, pool)}


def test_counts_by_type_and_section() -> None:
    by_type = charts(known_deck())["Cards by type"].counts()
    counts = deck_counts(RAGE, resolved_deck(RAGE, known_deck(), POOL))

    assert by_type == {
        "Character": 4,
        "Equipment": 3,  # two in the deck, one starting in play
        "Gift": 3,
        "Combat Action": 5,
        UNKNOWN_CARD: 2,
        "Combat Event": 1,
        "Trinket": 1,
    }
    assert next(iter(by_type)) == "Combat Action"  # biggest group first
    assert dict(counts.piles) == {"characters": 4, "sept": 7, "starting": 1, "combat": 6}
    assert (counts.unplaced, counts.starting) == (1, 1)
    assert counts.unknown == 2


def test_pack_renown_counts_every_copy_and_the_rogue_share() -> None:
    renown = charts(known_deck())["Renown of the pack"]

    assert [(b.label, b.value, b.accent) for b in renown.bars] == [
        ("Briar Talon ×2", 8, False),
        ("Ashen Howler", 5, False),
        ("Slyfoot Wanderer", 3, True),
    ]
    assert renown.total == 16
    assert renown.accent_total == 3
    assert renown.accent_share == 3 / 16
    assert getattr(known_deck(), renown.statistic.of) == 20  # said against the Renown level


def test_one_character_in_two_printings_is_one_bar() -> None:
    deck = Deck()
    deck.add("Ashen Howler", 1, set_name="Oldset")
    deck.add("Ashen Howler", 1, set_name="Newset")

    renown = charts(deck)["Renown of the pack"]

    assert [(b.label, b.value) for b in renown.bars] == [("Ashen Howler ×2", 10)]


def test_combat_rage_and_damage_histograms() -> None:
    found = charts(known_deck())
    rage, damage = found["Combat cards by Rage needed"], found["Combat cards by damage"]

    assert rage.counts() == {"0": 2, "2": 2, "4": 1}
    assert rage.missing == 1
    assert damage.counts() == {"3": 2, "5": 1}
    assert damage.missing == 3
    # From 0 to the highest, the gaps as empty bars.
    assert [(b.label, b.value) for b in rage.bars] == [("0", 2), ("1", 0), ("2", 2), ("3", 0), ("4", 1)]
    assert [(b.label, b.value) for b in damage.bars] == [
        ("0", 0),
        ("1", 0),
        ("2", 0),
        ("3", 2),
        ("4", 0),
        ("5", 1),
    ]


def test_empty_deck_has_zero_everything() -> None:
    found = charts(Deck())

    assert all(chart.bars == () for chart in found.values())
    renown = found["Renown of the pack"]
    assert renown.total == 0 and renown.accent_share == 0.0


def test_the_rogue_share_uses_the_same_allegiance_as_the_checker() -> None:
    from deckbuilder.legality import check_deck
    from tests.deckbuilder.legality.pool import counted

    # Conrad is a Rogue by name, though his Type says only "Character" (DECK-RULES §2).
    conrad = CardInfo("Conrad Walks-the-Line", type="Character", renown=4)
    howler = CardInfo("Ashen Howler", type="Character - Gaia", renown=5)
    deck = Deck(renown_level=20, entries=[DeckEntry("Conrad Walks-the-Line"), DeckEntry("Ashen Howler")])
    pool = DictPool(conrad, howler)
    report = check_deck(deck, pool)
    assert charts(deck, pool)["Renown of the pack"].accent_total == counted(report).rogue_renown == 4


def test_a_histogram_is_bounded_by_the_decks_size_not_by_a_cards_value() -> None:
    # One card of Damage 999,999,999 (the importer accepts it) once made 10⁹ bars: bins of a round width instead.
    # (A million here: today's bound is the same, and yesterday's code fails this in a second, not in gigabytes.)
    from deckbuilder.games.charts import MAX_HISTOGRAM_BARS

    huge = CardInfo("Endless Maw", type="Combat Action", rage=1, damage=999_999)
    deck = known_deck()
    deck.add("Endless Maw", 2)
    damage = charts(deck, DictPool(*POOL.cards.values(), huge))["Combat cards by damage"]

    assert 2 <= len(damage.bars) <= MAX_HISTOGRAM_BARS
    assert damage.bin_width == 50_000
    assert sum(b.value for b in damage.bars) == 5 and damage.missing == 3  # every copy with a number, once
    assert (damage.bars[0].label, damage.bars[0].value) == ("0\u201349,999", 3)
    assert (damage.bars[-1].label, damage.bars[-1].value) == ("950,000\u2013999,999", 2)
    assert damage.counts() == {"0\u201349,999": 3, "950,000\u2013999,999": 2}


def test_a_histogram_of_negative_and_huge_numbers_keeps_every_copy_in_a_bin() -> None:
    from deckbuilder.games.charts import MAX_HISTOGRAM_BARS, bin_width

    cards = [CardInfo(f"Card {n}", type="Combat Action", rage=n) for n in (-(10**6), -7, 0, 3, 10**6)]
    deck = Deck()
    for card in cards:
        deck.add(card.name, 1)
    rage = charts(deck, DictPool(*cards))["Combat cards by Rage needed"]

    assert len(rage.bars) <= MAX_HISTOGRAM_BARS and sum(b.value for b in rage.bars) == 5
    assert [bin_width(span) for span in (1, 30, 31, 58, 59, 10**9)] == [1, 1, 2, 2, 5, 50_000_000]
