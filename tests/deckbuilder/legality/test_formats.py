"""Formats as data: the shipped files, user files that add or override formats, and broken files."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from deckbuilder.games.rage.engine import RULES
from deckbuilder.legality import (
    FormatError,
    available_formats,
    check_deck,
    format_problems,
    load_format,
    load_format_file,
    user_formats_dir,
)
from deckbuilder.legality.formats import RULE_CODES
from tests.deckbuilder.legality.pool import BASE_COMBAT, BASE_SEPT, card, legal_deck, make_pool


def write_user_format(name: str, data: object) -> Path:
    folder = user_formats_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def test_shipped_formats_and_every_rule_code_is_known() -> None:
    names = [f.name for f in available_formats()]
    assert names[0] == "revised"
    assert {"revised", "revised-tournament", "original-1995"} <= set(names)
    rule_codes = {code for rule in RULES for code in rule.codes}
    assert rule_codes == set(RULE_CODES)
    assert load_format("REVISED").limits.sept_minimum == 30


def test_tournament_bans_battlefields_and_test_sets() -> None:
    field = card("Burning Ridge", "Battlefield", renown=3)
    tested = card("Untried Trick", "Event", sets=("Playtest",))
    conclave = card("Conclave Gambit", "Event", sets=("Conclave-To War",))
    reprinted = card("Second Chance", "Event", sets=("Playtest", "LegacyOfTheTribes"))
    pool = make_pool(field, tested, conclave, reprinted)
    deck = legal_deck()
    for c in (field, tested, conclave):
        deck.add(c.name)
    deck.add(reprinted.name, 1, set_name="Playtest")

    open_report = check_deck(deck, pool, "revised")
    assert open_report.is_legal

    report = check_deck(deck, pool, "revised-tournament")
    assert report.format == "revised-tournament"
    banned = [r.message for r in report.results if r.code == "BANNED_CARD"]
    assert banned == [
        "'Burning Ridge' is a Battlefield; Battlefields are banned in the Revised tournament format"
    ]
    outside = [r.cards for r in report.results if r.code == "SET_NOT_IN_FORMAT"]
    assert outside == [("Untried Trick",), ("Conclave Gambit",)]
    # The reprint is legal through its other printing; the player is told the listed printing is not allowed.
    (note,) = [r for r in report.results if r.code == "PRINTING_NOT_IN_FORMAT"]
    assert note.cards == ("Second Chance",) and "legal through its LegacyOfTheTribes printing" in note.message


def test_original_1995_needs_25_sept_and_has_no_copy_limits() -> None:
    deck = legal_deck()
    for c in BASE_SEPT[:2]:
        deck.remove(c.name, 3)  # 24 sept cards
    deck.add(BASE_SEPT[2].name, 1)  # 25, with 4 copies of one card
    deck.add(BASE_COMBAT[0].name, 3)  # 5 copies of a combat card
    report = check_deck(deck, make_pool(), "original-1995")
    assert report.is_legal, report.results
    deck.remove(BASE_SEPT[2].name, 1)
    report = check_deck(deck, make_pool(), "original-1995")
    assert [r.message for r in report.errors] == ["Sept deck has 24 cards; at least 25 are required"]
    assert "SEPT_MINIMUM" in check_deck(deck, make_pool(), "revised").codes


def test_deck_format_used_when_none_given() -> None:
    deck = legal_deck()
    deck.format = "original-1995"
    assert check_deck(deck, make_pool()).format == "original-1995"


def test_user_format_file_adds_a_format() -> None:
    write_user_format(
        "league.json",
        {
            "name": "league",
            "title": "Friday league",
            "rules": ["BANNED_CARD", "COMBAT_MINIMUM"],
            "limits": {"combat_minimum": 21},
            "banned_cards": ["quick swipe aa"],
        },
    )
    report = check_deck(legal_deck(), make_pool(), "league")
    assert report.codes == ("BANNED_CARD", "COMBAT_MINIMUM")
    assert report.results[0].message == "'Quick Swipe AA' is banned in the Friday league format"
    assert "league" in [f.name for f in available_formats()]


def test_user_file_overrides_shipped_format_of_the_same_name() -> None:
    write_user_format(
        "mine.json", {"name": "revised", "rules": ["SEPT_MINIMUM"], "limits": {"sept_minimum": 31}}
    )
    fmt = load_format("revised")
    assert fmt.source.endswith("mine.json")
    assert check_deck(legal_deck(), make_pool()).codes == ("SEPT_MINIMUM",)


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ('{"name": "x",\n  "rules": [}', "not valid JSON at line 2"),
        ("[]", "must hold a JSON object"),
        ({"title": "no name"}, 'field "name" is required'),
        ({"name": "x", "rules": ["NOT_A_RULE"]}, "unknown rule code(s): NOT_A_RULE"),
        ({"name": "x", "limits": {"combat_minimum": -1}}, 'limit "combat_minimum" must be a whole number'),
        ({"name": "x", "limits": {"combat_minimum": "20"}}, 'limit "combat_minimum" must be a whole number'),
        ({"name": "x", "limits": {"deck_size": 60}}, "unknown key(s): deck_size"),
        ({"name": "x", "sets": {"allow": "*"}}, 'field "sets.allow" must be a list'),
        ({"name": "x", "banned_cards": "Dodge"}, 'field "banned_cards" must be a list'),
        ({"name": "x", "default_renown_level": True}, 'field "default_renown_level" must be a whole number'),
        ({"name": "x", "colour": "red"}, "unknown field(s): colour"),
    ],
)
def test_broken_format_file_gives_a_clear_error(content: object, expected: str) -> None:
    path = write_user_format("broken.json", content if isinstance(content, str) else json.dumps(content))
    with pytest.raises(FormatError) as caught:
        load_format_file(path)
    assert expected in str(caught.value)
    assert str(path) in str(caught.value)


def test_broken_user_file_is_skipped_and_reported() -> None:
    write_user_format("good.json", {"name": "good"})
    write_user_format("bad.json", '{"name": ')
    assert "good" in [f.name for f in available_formats()]
    (problem,) = format_problems()
    assert "bad.json" in problem and "file skipped" in problem
    assert load_format("revised").source == "shipped"


def test_unreadable_format_file() -> None:
    path = write_user_format("latin.json", "x")
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(FormatError, match="not UTF-8"):
        load_format_file(path)


def test_user_formats_live_in_the_user_data_dir() -> None:
    assert user_formats_dir() == Path(os.environ["RAGEDECK_DATA_DIR"]) / "formats"
