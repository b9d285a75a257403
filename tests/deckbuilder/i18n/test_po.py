"""The .po reader: the shipped catalogue reads the same as with Babel's reader, and bad files name their line."""

from __future__ import annotations

import contextlib
import io

import pytest
from babel.messages.pofile import read_po
from hypothesis import given
from hypothesis import strategies as st

from deckbuilder.i18n import catalogue_path
from deckbuilder.i18n.po import PoError, parse_po


def test_the_shipped_catalogue_reads_as_babel_reads_it() -> None:
    text = catalogue_path("pt_BR").read_text(encoding="utf-8")
    ours = parse_po(text)
    theirs = read_po(io.StringIO(text))
    expected = {}
    for message in theirs:
        if not message.id:
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        forms = (message.string,) if isinstance(message.string, str) else tuple(message.string)
        expected[(message.context, msgid)] = (forms, message.fuzzy)
    assert {key: (entry.forms, entry.fuzzy) for key, entry in ours.entries.items()} == expected
    assert len(expected) > 700
    assert ours.plural_forms == (theirs.num_plurals, theirs.plural_expr)


PO = r"""# a comment
msgid ""
msgstr ""
"Language: xx\n"
"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\n"

#. for the translator
msgctxt "event report"
msgid "Deck check"
msgstr "Kontrola"

msgid "Say \"hi\"\n"
"twice"
msgstr "Powiedz \"hej\"\n"
"dwa razy"

#, fuzzy
msgid "Guessed"
msgstr "Zgadnięte"

msgid "%1 card"
msgid_plural "%1 cards"
msgstr[0] "%1 karta"
msgstr[1] "%1 karty"
msgstr[2] "%1 kart"

#~ msgid "Gone"
#~ msgstr "Nie ma"
"""


def test_contexts_escapes_fuzzy_plurals_and_obsolete_entries() -> None:
    po = parse_po(PO)
    assert po.entries[("event report", "Deck check")].forms == ("Kontrola",)
    assert po.entries[("event report", "Deck check")].comments == ("for the translator",)
    assert po.entries[(None, 'Say "hi"\ntwice')].forms == ('Powiedz "hej"\ndwa razy',)
    assert not po.entries[(None, "Guessed")].translated
    card = po.entries[(None, "%1 card")]
    assert card.plural == "%1 cards" and len(card.forms) == 3
    rule = po.plural_rule()
    assert [rule(n) for n in (1, 2, 4, 5, 12, 22, 25)] == [0, 1, 1, 2, 2, 1, 2]  # a three-form language
    assert po.obsolete == 1


def test_brazilian_portuguese_counts_zero_and_one_as_singular() -> None:
    rule = parse_po(catalogue_path("pt_BR").read_text(encoding="utf-8")).plural_rule()
    assert [rule(n) for n in (0, 1, 2, 100)] == [0, 0, 1, 1]


def test_a_line_that_is_not_po_is_named() -> None:
    with pytest.raises(PoError, match="line 3"):
        parse_po('msgid "a"\nmsgstr "b"\nthis is not po\n', "x.po")


@given(st.text(max_size=200))
def test_any_text_either_reads_or_raises_po_error(text: str) -> None:
    with contextlib.suppress(PoError):  # anything else (IndexError, KeyError) fails the test
        parse_po(text)
