"""The one Lackey zone heuristic: the importer's plugininfo zones and the deck readers' zones agree."""

from __future__ import annotations

import pytest

from carddb.cardtypes import Section, zone_section
from carddb.lackey import parse_plugin_info
from deckbuilder.deckfiles import deck_from_dek, parse_deck_text
from deckbuilder.deckfiles.common import section_for_zone


@pytest.mark.parametrize(
    ("label", "wanted"),
    [
        ("Characters", Section.CHARACTERS),
        ("Pack", Section.CHARACTERS),
        ("Sept Deck", Section.SEPT),
        ("COMBAT", Section.COMBAT),
        # A label naming two sections: its last word decides (the head of the phrase), as a player reads it.
        ("Combat Characters", Section.CHARACTERS),
        ("Character Combat", Section.COMBAT),
        ("Sideboard", None),
        ("", None),
    ],
)
def test_every_reader_places_a_zone_the_same_way(label: str, wanted: Section | None) -> None:
    assert zone_section(label) == wanted
    assert section_for_zone(label) == wanted
    info = parse_plugin_info(
        f"<deckzone><label>{label}</label><gamezonetoloadto>Table</gamezonetoloadto></deckzone>"
    )
    assert info.zone_labels == ({wanted.value: label} if wanted is not None and label else {})


def test_a_zone_label_without_a_section_word_falls_back_to_its_game_zone() -> None:
    assert zone_section("Deck 1", "Sept Deck") == Section.SEPT
    assert zone_section("Combat Characters", "Combat Deck") == Section.CHARACTERS  # the label comes first


def test_a_combat_characters_zone_holds_characters_in_dek_and_text_decks() -> None:
    dek = (
        '<deck version="0.8"><meta><game>rage</game></meta><superzone name="Combat Characters">'
        "<card><name>Ashfang Ravager</name></card></superzone></deck>"
    )
    assert [e.zone_hint for e in deck_from_dek(dek).deck.entries] == [Section.CHARACTERS]
    text = "Combat Characters:\n1 Ashfang Ravager\nCombat:\n2 Howling Strike\n"
    hints = [(e.name, e.zone_hint) for e in parse_deck_text(text).deck.entries]
    assert hints == [("Ashfang Ravager", Section.CHARACTERS), ("Howling Strike", Section.COMBAT)]
