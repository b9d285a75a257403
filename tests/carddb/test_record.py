"""carddb.record: the plain value classes a command's path uses behave as the frozen dataclasses they replaced."""

from __future__ import annotations

import copy
import pickle

import pytest

from carddb.cardtypes import Section
from carddb.model import CardInfo, PrintingInfo
from carddb.query import And, Flag
from carddb.record import FrozenRecord, FrozenRecordError
from deckbuilder.deck import Deck, DeckEntry
from deckbuilder.deckfiles.common import LoadedDeck
from deckbuilder.games.rage.format import FormatLimits
from deckbuilder.legality.results import Report, Result, Severity


def _card(**changes: object) -> CardInfo:
    base = CardInfo(
        "Ashen Howler", "Character - Gaia", renown=3, printings=(PrintingInfo("Limited", ("a.jpg",)),)
    )
    return base.replace(**changes)


def test_a_card_is_equal_by_value_and_hashes_so() -> None:
    assert _card() == _card()
    assert hash(_card()) == hash(_card())
    assert _card() != _card(renown=4)
    assert len({_card(), _card(), _card(renown=4)}) == 2
    assert _card() != ("Ashen Howler",)  # not equal to another class


def test_a_frozen_record_refuses_a_change() -> None:
    card = _card()
    with pytest.raises(AttributeError):
        card.renown = 5  # type: ignore[misc]
    with pytest.raises(FrozenRecordError):
        del card.name  # type: ignore[misc]
    assert card.renown == 3


def test_replace_keeps_every_other_field_and_derives_again() -> None:
    card = _card()
    renamed = card.replace(name="Grey Howler", norm_name="")
    assert renamed.name == "Grey Howler" and renamed.norm_name == "grey howler"
    assert renamed.printings == card.printings and renamed.section is Section.CHARACTERS
    with pytest.raises(TypeError):
        card.replace(colour="red")


def test_an_unhashed_field_still_counts_for_equality() -> None:
    one = CardInfo("Gizmo", "Thing", game="lithic", fields={"cost": 1})
    other = CardInfo("Gizmo", "Thing", game="lithic", fields={"cost": 2})
    assert one != other
    assert hash(one) == hash(other)  # the fields mapping is left out of the hash (a dict)


def test_derived_values_are_neither_compared_nor_shown() -> None:
    entry = DeckEntry("Ashen  Howler", 2)
    assert entry.key == "ashen howler"
    assert repr(entry) == "DeckEntry(name='Ashen  Howler', count=2, set_name=None, zone_hint=None)"
    assert entry.replace(count=3) == DeckEntry("Ashen  Howler", 3)


def test_records_copy_and_pickle_whole() -> None:
    card = _card()
    for copied in (copy.copy(card), copy.deepcopy(card), pickle.loads(pickle.dumps(card))):
        assert copied == card and copied.norm_name == card.norm_name
    entry = pickle.loads(pickle.dumps(DeckEntry("Ashen Howler", 2, "Limited")))
    assert entry.key == "ashen howler" and entry.set_name == "Limited"


def test_a_mutable_record_changes_and_is_not_hashable() -> None:
    deck = Deck()
    loaded = LoadedDeck(deck, "text")
    assert loaded == LoadedDeck(deck, "text")
    loaded.problems.append("line 3: no count")
    assert loaded != LoadedDeck(deck, "text")
    assert loaded == LoadedDeck(deck, "text", ["line 3: no count"])
    with pytest.raises(TypeError):
        hash(loaded)


def test_a_tuple_record_is_the_named_tuple_it_replaced() -> None:
    result = Result("UNKNOWN_CARD", Severity.ERROR, "Unknown card: X", ("X",))
    assert result == ("UNKNOWN_CARD", Severity.ERROR, "Unknown card: X", ("X",), (), "")  # still a tuple
    assert result.cards == ("X",) and result.variant == ""
    code, severity, *_rest = result
    assert (code, severity) == ("UNKNOWN_CARD", Severity.ERROR)
    assert repr(result) == (
        "Result(code='UNKNOWN_CARD', severity=<Severity.ERROR: 'error'>, message='Unknown card: X', "
        "cards=('X',), params=(), variant='')"
    )
    hinted = result._replace(variant="hint")
    assert hinted.variant == "hint" and hinted.message_id == "UNKNOWN_CARD.hint" and result.variant == ""
    assert hinted._asdict()["code"] == "UNKNOWN_CARD"
    with pytest.raises(ValueError):
        result._replace(colour="red")
    with pytest.raises(AttributeError):
        result.code = "OTHER"  # type: ignore[misc]
    for copied in (copy.copy(result), copy.deepcopy(result), pickle.loads(pickle.dumps(result))):
        assert copied == result and type(copied) is Result
    assert FormatLimits(combat_minimum=20) < FormatLimits(combat_minimum=21)  # ordered as a tuple
    assert len({result, Result(*result)}) == 1


def test_a_report_compares_without_what_the_check_derived() -> None:
    report = Report("open", (Result("X", Severity.WARNING, "x"),), format_title="Open")
    same = Report("open", (Result("X", Severity.WARNING, "x"),))
    assert report == same and hash(report) == hash(same)  # the format's title is derived: left out
    assert "format_title" not in repr(report) and "resolved" not in repr(report)
    assert report.replace(format_title="Other").format_title == "Other"
    assert report.replace(results=()) != report
    with pytest.raises(AttributeError):
        report.game = "lithic"  # type: ignore[misc]


def test_records_of_one_field_and_of_none_compare_and_hash() -> None:
    assert And(()) == And(()) and And(()) != And((Flag("owned"),)) and Flag("owned") != Flag("in_deck")
    assert hash(Flag("owned")) == hash(Flag("owned")) and len({Flag("owned"), Flag("owned")}) == 1

    class Empty(FrozenRecord):
        __slots__ = ()

    assert Empty() == Empty() and hash(Empty()) == hash(Empty()) and repr(Empty()).endswith(".Empty()")
