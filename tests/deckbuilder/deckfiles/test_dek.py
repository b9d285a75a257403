"""LackeyCCG .dek decks: one <card> per copy, zones as hints, printings, and refusal of unsafe XML."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carddb.cardtypes import Section
from deckbuilder.deck import Deck, DeckEntry
from deckbuilder.deckfiles import DeckFileError, deck_from_dek, deck_to_dek, parse_deck_text
from deckbuilder.deckfiles.dek import _parse_xml
from deckbuilder.games.piles import game_of, layout_of
from tests.deckbuilder.deckfiles.pool import FakePool

DEK = """<?xml version="1.0" encoding="UTF-8"?>
<deck version="0.8">
  <meta><game>rage</game><title>Glade &amp; Talon</title></meta>
  <superzone name="Pack">
    <card><name id="ashfang.dawn">Ashfang Ravager</name><set>Dawn</set></card>
  </superzone>
  <superzone name="Sept Deck">
    <card><name id="glade.dusk">Moonlit Glade</name><set>Dusk</set></card>
    <card><name id="glade.dawn">Moonlit Glade</name><set>Dawn</set></card>
    <card><name id="glade.dusk">Moonlit Glade</name><set>Dusk</set></card>
    <card><name id="">Quick Parry</name><set>Dusk</set></card>
    <card><name id="x">  </name><set>Dusk</set></card>
    <card><name id="">Unheard Of</name></card>
  </superzone>
  <superzone name="COMBAT">
    <card><name id="">Howling Strike</name><set>Dawn</set></card>
    <card><name id="">Howling Strike</name><set>Dawn</set></card>
  </superzone>
</deck>
"""


def test_dek_copies_merge_by_name_and_set_and_zones_become_hints() -> None:
    loaded = deck_from_dek(DEK)
    assert loaded.kind == "dek"
    assert loaded.deck.name == "Glade & Talon"
    assert list(loaded.deck.entries) == [
        DeckEntry("Ashfang Ravager", 1, "Dawn", Section.CHARACTERS),
        DeckEntry("Moonlit Glade", 2, "Dusk", Section.SEPT),
        DeckEntry("Moonlit Glade", 1, "Dawn", Section.SEPT),
        DeckEntry("Quick Parry", 1, "Dusk", Section.SEPT),
        DeckEntry("Unheard Of", 1, None, Section.SEPT),
        DeckEntry("Howling Strike", 2, "Dawn", Section.COMBAT),
    ]
    assert len(loaded.problems) == 1 and "card 5" in loaded.problems[0] and "no name" in loaded.problems[0]


def test_cards_are_placed_by_type_not_by_the_zone_they_sat_in() -> None:
    loaded = deck_from_dek(DEK, FakePool())
    by_section = loaded.deck.by_section(FakePool())
    assert [e.name for e in by_section[Section.COMBAT]] == ["Quick Parry", "Howling Strike"]
    assert loaded.unknown == {"Unheard Of": []}


def test_dek_writes_one_card_per_copy_with_image_id_and_printing() -> None:
    deck = Deck(
        name="Out <&> There",
        entries=[
            DeckEntry("Moonlit Glade", 2),
            DeckEntry("Moonlit Glade", 1, "Dusk"),
            DeckEntry("Ashfang Ravager", 1),
            DeckEntry("Unheard Of", 1, zone_hint=Section.SEPT),
        ],
    )
    text = deck_to_dek(deck, FakePool(), {"characters": "Pack", "sept": "Sept Deck", "combat": "Combat Deck"})
    assert text.count('<card><name id="glade.dawn">Moonlit Glade</name><set>Dawn</set></card>') == 2
    assert text.count('<card><name id="glade.dusk">Moonlit Glade</name><set>Dusk</set></card>') == 1
    assert '<superzone name="Pack">' in text and '<superzone name="Sept Deck">' in text
    assert '<card><name id="">Unheard Of</name><set></set></card>' in text
    assert "<title>Out &lt;&amp;&gt; There</title>" in text
    assert text.index("Ashfang Ravager") < text.index("Moonlit Glade")


def test_dek_round_trip_keeps_names_counts_printings_and_sections() -> None:
    pool = FakePool()
    deck = Deck(
        name="Round",
        entries=[
            DeckEntry("Ashfang Ravager", 1, "Dawn", Section.CHARACTERS),
            DeckEntry("Moonlit Glade", 3, "Dusk", Section.SEPT),
            DeckEntry("Moonlit Glade", 2, "Dawn", Section.SEPT),
            DeckEntry("Mystery", 2, None, Section.SEPT),
            DeckEntry("Quick Parry", 4, "Dusk", Section.COMBAT),
        ],
        starting=[DeckEntry("Silver Talon", 1, "Dusk")],
    )
    loaded = deck_from_dek(deck_to_dek(deck, pool), pool)
    assert loaded.problems == []
    assert loaded.deck.name == "Round"
    assert loaded.deck.entries == deck.entries
    assert loaded.deck.starting == deck.starting


def test_dek_without_pool_keeps_unplaced_cards() -> None:
    deck = Deck(entries=[DeckEntry("Nowhere", 2)])
    loaded = deck_from_dek(deck_to_dek(deck, None))
    assert list(loaded.deck.entries) == [DeckEntry("Nowhere", 2, None, None)]


BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE deck [
  <!ENTITY lol "lol">
  <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<deck><superzone name="Sept"><card><name>&lol3;</name></card></superzone></deck>
"""
EXTERNAL_ENTITY = """<?xml version="1.0"?>
<!DOCTYPE deck [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<deck><superzone name="Sept"><card><name>&secret;</name></card></superzone></deck>
"""


@pytest.mark.parametrize("text", [BILLION_LAUGHS, EXTERNAL_ENTITY])
def test_xml_entities_are_refused_for_safety(text: str) -> None:
    with pytest.raises(DeckFileError, match="uses XML entities, which are refused for safety"):
        deck_from_dek(text)
    with pytest.raises(DeckFileError, match="refused for safety"):
        parse_deck_text(text)


def test_malformed_xml_names_line_and_column() -> None:
    text = '<deck version="0.8">\n  <superzone name="Sept">\n    <card><name>A</nam></card>\n</deck>'
    with pytest.raises(DeckFileError, match=r"line 3 column 20: malformed XML"):
        deck_from_dek(text)


def test_truncated_dek_is_refused() -> None:
    with pytest.raises(DeckFileError, match="cut short"):
        deck_from_dek(DEK[: DEK.index("</superzone>")])


def test_xml_that_is_not_a_deck_is_refused() -> None:
    with pytest.raises(DeckFileError, match="not a LackeyCCG deck"):
        deck_from_dek("<plugin><deckzone/></plugin>")


# Spellings of one card (the deck merges them) and of others, in every zone a .dek may hold, with or without a set.
_SPELLINGS = [
    "Moonlit Glade",
    "moonlit glade",
    "Moonlit  Glade",
    "Quick Parry",
    "Ashfang Ravager",
    "Unheard Of",
]
_ZONES = ["Characters", "Sept", "Combat", "Starting", "Sideboard"]
_COPY = st.tuples(st.sampled_from(_ZONES), st.sampled_from(_SPELLINGS), st.sampled_from(["", "Dawn", "Dusk"]))


def _copy_by_copy(copies: list[tuple[str, str, str]]) -> Deck:
    """The deck as the reader built it before it counted copies: one `add` per `<card>`, in file order."""
    deck = Deck(name="Untitled deck")
    layout = layout_of(game_of(deck))
    for zone, name, set_name in copies:
        placement = layout.place(zone)
        if placement.starting:
            deck.add(name, 1, set_name or None, starting=True)
        else:
            deck.add(name, 1, set_name or None, placement.hint)
    return deck


@settings(max_examples=150)
@given(copies=st.lists(_COPY, max_size=40))
def test_copies_counted_first_make_the_deck_one_add_per_copy_made(copies: list[tuple[str, str, str]]) -> None:
    # Each copy in a zone of its own, so copies of one card meet across zones as well as within one.
    zones = "".join(
        f'<superzone name="{zone}"><card><name>{name}</name>{f"<set>{set_name}</set>" if set_name else ""}'
        "</card></superzone>"
        for zone, name, set_name in copies
    )
    loaded = deck_from_dek(f'<deck version="0.8">{zones}</deck>')
    expected = _copy_by_copy(copies)
    assert (loaded.deck.entries, loaded.deck.starting) == (expected.entries, expected.starting)


_XML_PIECES = st.sampled_from(
    [
        '<deck version="0.8">',
        "</deck>",
        "<meta><title>",
        "</title></meta>",
        '<superzone name="Sept">',
        "</superzone>",
        "<card><name>",
        "</name></card>",
        "<set>Dawn</set>",
        "Moonlit Glade",
        "&amp;",
        "&lt;",
        "&unknown;",
        "&#65;",
        "&#0;",
        "&#x1F43A;",
        "<!-- note -->",
        "<?lackey x?>",
        "<![CDATA[a < b]]>",
        "<!ENTITY e 'x'>",
        '<z:card xmlns:z="urn:z">',
        "</z:card>",
        "<",
        ">",
        '"',
        "\n",
        "\t",
        " ",
        "\x85",
        "é",
    ]
)


def _outcome(text: str, *, defused: bool) -> str:
    import xml.etree.ElementTree as ET

    try:
        return ET.tostring(_parse_xml(text, "d.dek", defused=defused), encoding="unicode")
    except DeckFileError as exc:
        return f"refused: {exc}"


@settings(max_examples=300)
@given(pieces=st.lists(_XML_PIECES, max_size=30), tail=st.text(max_size=20))
def test_a_dek_without_a_doctype_parses_as_defusedxml_parses_it(pieces: list[str], tail: str) -> None:
    # The fast parser reads a file without a document type declaration: the same tree, or the same refusal
    # (line, column and reason), as defusedxml's parser.
    text = "".join(pieces) + tail
    assert _outcome(text, defused=False) == _outcome(text, defused=True)


@pytest.mark.parametrize("text", [BILLION_LAUGHS, EXTERNAL_ENTITY, DEK])
def test_both_parsers_read_the_files_that_have_tests_of_their_own(text: str) -> None:
    assert _outcome(text, defused=False) == _outcome(text, defused=True)
