"""The shipped games: per game a legal deck and one illegal deck per rule of its formats, on its own card set."""

from __future__ import annotations

import pytest

from deckbuilder.deck import Deck
from deckbuilder.games.cards import shipped_pool
from deckbuilder.games.check import check_any
from deckbuilder.games.loader import available_games, load_game

LITHIC = {
    "Flint-Born": 1,
    "Spear Hunter": 1,
    "Condition Tracker": 1,
    "Obsidian Spear": 3,
    "Sling Stone": 3,
    "Hide Shield": 3,
}
STARTING = {"Apprentice Mage": 5, "Recruit Warrior": 5}
ARBITER = {
    "Arbiter Squire": 10,
    "Court Herald": 10,
    "Verdict Knight": 6,
    "Oathbinder": 6,
    "High Magistrate": 9,
    "Throne Arbiter": 6,
    "The First Judge": 1,
    "Scales of Aurum": 1,
    "Lady Ninefold Law": 1,
}
MONSTERS = {
    "Giant Bloodbat": 12,
    "Rift Rat": 12,
    "Ash Ghoul": 18,
    "Eye Warden": 12,
    "Mother of Maws": 1,
    "The Ninth Eye": 1,
    "Cinder Wyrm": 1,
    "Gloamstalker": 1,
    "Old Tusk": 1,
    "Rift Sovereign": 1,
}
SUPPORT = {
    "Sellsword": 11,
    "Crossbow Band": 8,
    "Ogre Bruiser": 5,
    "Watchtower": 11,
    "Palisade Fort": 8,
    "Rift Keep": 5,
    **{
        n: 1
        for n in (
            "Captain Vey",
            "Hundred-Hands",
            "Iron Widow",
            "Blind Archer Oss",
            "Red Marta",
            "Twin Blades Ko",
        )
    },
    **{
        n: 1
        for n in (
            "Sky Citadel",
            "Sunken Bastion",
            "Ember Hold",
            "Frostspire",
            "The Last Wall",
            "Crown of Stones",
        )
    },
}


def _check(game: str, cards: dict[str, int], fmt: str | None = None) -> list[str]:
    deck = Deck(game=game, format=fmt or Deck().format)
    for name, count in cards.items():
        if count:
            deck.add(name, count)
    report = check_any(deck, shipped_pool(load_game(game)))
    assert report.game == game
    return list(report.codes)


def test_shipped_games_load_and_every_card_is_placed() -> None:
    games = {g.name: g for g in available_games()}
    assert {"rage", "lithic-rage", "warrift"} <= set(games)
    for name in ("lithic-rage", "warrift"):
        game = games[name]
        cards = shipped_pool(game).cards()
        assert len(cards) >= 15
        assert all(game.pile_of(card.type) is not None for card in cards)
        for fmt in game.formats:
            assert all(rule.source for rule in fmt.rules), f"{name}/{fmt.name}: every limit cites its rule"


def test_lithic_rage_legal_deck() -> None:
    assert _check("lithic-rage", LITHIC) == []


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"Flint-Born": 0}, "EXACTLY_ONE"),  # no Ancestry
        ({"River Folk": 1}, "EXACTLY_ONE"),  # two Ancestries
        ({"Bone Shaman": 1}, "EXACTLY_ONE"),  # two Classes
        ({"Condition Tracker": 2}, "PILE_TOO_LARGE"),
        ({"Mammoth Charge": 1}, "SUM_OVER_BOUND"),  # 9+3+3+5 = 20 > Spear Hunter's 15
        ({"Sling Stone": 4}, "TOO_MANY_COPIES"),
        ({"Flint Spear": 1}, "UNKNOWN_CARD"),
    ],
)
def test_lithic_rage_illegal_deck_per_rule(change: dict[str, int], code: str) -> None:
    assert code in _check("lithic-rage", {**LITHIC, **change})


def test_lithic_rage_cost_bound_is_the_class_cards_cost() -> None:
    # The same Actions (Cost 12) fit Bone Shaman's 12 but not Stone Warden's 10.
    actions = {"Obsidian Spear": 2, "Fire Dance": 1, "Ancestor's Whisper": 1}
    assert _check("lithic-rage", {"River Folk": 1, "Bone Shaman": 1, **actions}) == []
    assert _check("lithic-rage", {"River Folk": 1, "Stone Warden": 1, **actions}) == ["SUM_OVER_BOUND"]


def test_warrift_player_deck_legal() -> None:
    assert _check("warrift", {**STARTING, **ARBITER}) == []


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"Apprentice Mage": 4}, "GROUP_COUNT"),  # 4 Mages, 5 required
        ({"Arbiter Squire": 9}, "GROUP_COUNT"),  # 19 Tier 2 cards, 20 required
        ({"Edict Eternal": 1}, "GROUP_COUNT"),  # 4 Legendary, 3 required
        ({"The First Judge": 2, "Lady Ninefold Law": 0}, "GROUP_DUPLICATE"),
        ({"Arbiter Squire": 9, "Grave Acolyte": 1}, "MIXED_VALUES"),
        ({"Giant Bloodbat": 1}, "PILE_TOO_LARGE"),  # the monster deck is the table's
        ({"Sellsword": 1}, "PILE_TOO_LARGE"),  # so is the support deck
        ({"Arbitter Squire": 1}, "UNKNOWN_CARD"),
    ],
)
def test_warrift_player_illegal_deck_per_rule(change: dict[str, int], code: str) -> None:
    assert code in _check("warrift", {**STARTING, **ARBITER, **change})


def test_warrift_table_legal_and_illegal_per_rule() -> None:
    table = {**STARTING, **ARBITER, **MONSTERS, **SUPPORT}
    assert _check("warrift", table, "table") == []
    assert _check("warrift", {**table, "Rift Rat": 11}, "table") == ["GROUP_COUNT"]
    assert _check("warrift", {**table, "Old Tusk": 2, "Rift Sovereign": 0}, "table") == ["GROUP_DUPLICATE"]
    assert _check("warrift", {**table, "Watchtower": 10}, "table") == ["GROUP_COUNT"]
    assert _check("warrift", {**table, "Red Marta": 2, "Iron Widow": 0}, "table") == ["GROUP_DUPLICATE"]


def test_a_format_the_game_lacks_falls_back_to_its_default_with_a_warning() -> None:
    codes = _check("warrift", {**STARTING, **ARBITER}, "revised-tournament")
    assert codes == ["FORMAT_NOT_INSTALLED"]


def test_a_shipped_games_messages_name_its_piles_fields_and_settings_in_the_readers_language() -> None:
    from deckbuilder.i18n import render

    deck = Deck(game="warrift")
    deck.add("Arbiter Squire", 19)
    report = check_any(deck, shipped_pool(load_game("warrift")))
    tier_2 = next(r for r in report.results if r.code == "GROUP_COUNT" and "Tier 2" in r.message)
    assert tier_2.message == "Class deck has 19 cards of Tier 2; exactly 20 are required"
    assert render(tier_2, "pt_BR").startswith("Deck de classe tem 19 cartas de ")
    lithic = Deck(game="lithic-rage")
    for name, count in {"River Folk": 1, "Bone Shaman": 1, "Obsidian Spear": 3, "Knapped Edge": 2}.items():
        lithic.add(name, count)
    over = next(
        r
        for r in check_any(lithic, shipped_pool(load_game("lithic-rage"))).results
        if r.code == "SUM_OVER_BOUND"
    )
    assert (
        render(over, "pt_BR")
        == f"Ações: Custo soma {dict(over.params)['total']}, acima do máximo: Custo da Classe 12"
    )
