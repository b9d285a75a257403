"""The one card type: every game's card reads its fields by the names its game's description gives them."""

from __future__ import annotations

from carddb.cardtypes import Section
from carddb.model import CardInfo, PrintingInfo
from deckbuilder.games.cards import GameCard
from deckbuilder.games.loader import shipped_game


def test_rage_card_answers_every_field_its_game_json_names() -> None:
    card = CardInfo(
        "Ashen Howler",
        type="Character - Gaia",
        renown=5,
        keywords_field="Ahroun - Gaia",
        requires="",
        printings=(PrintingInfo("Limbo"), PrintingInfo("Rage")),
    )
    assert card.value("name") == "Ashen Howler"
    assert card.number("renown") == 5
    assert card.number("rage") is None
    assert card.value("set_name") == "Limbo"  # the printing in force
    assert card.words("keywords") == ("Ahroun", "Gaia")
    assert card.value("allegiance") == "Gaia"
    # Every field Rage's description names is read by name (none raises, none is a method).
    for card_field in shipped_game().fields:
        assert not callable(card.value(card_field.name))


def test_another_game_card_is_the_same_type_with_fields_by_name() -> None:
    card = GameCard("tiny", "Bolt", "Spell", {"cost": 2, "tier": ("1", "Rare"), "flavour": "Zap"})
    assert isinstance(card, CardInfo)
    assert card.game == "tiny"
    assert card.number("cost") == 2
    assert card.words("tier") == ("1", "Rare")
    assert card.words("flavour") == ("Zap",)
    assert (
        card.value("renown") is None
    )  # Rage's attributes are Rage's: another game's card has only its fields
    # Rage's piles are not another game's: a "Gift" of another game is no sept card.
    assert GameCard("tiny", "Blessing", "Gift").section is None
    assert CardInfo("Blessing", type="Gift").section is Section.SEPT
