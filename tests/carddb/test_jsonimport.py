"""Importing the JSON card shape (object keyed by card name, Lackey header names as keys)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from carddb.db import CardDatabase
from carddb.importing import CardImportError, import_json, import_path
from tests.conftest import REAL_JSON


def write_json(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False), encoding="utf-8")
    return path


def gift(name: str, **fields: Any) -> dict[str, Any]:
    entry: dict[str, Any] = {"Name": name, "Expansion": "Alpha", "Type": "Gift", "Text": f"{name} helps."}
    entry.update(fields)
    return entry


def test_sound_entries_load_with_numbers_typed(tmp_db: CardDatabase, tmp_path: Path) -> None:
    path = write_json(
        tmp_path / "cards.json",
        {
            "Night Runner": gift(
                "Night Runner", Type="Character - Gaia", Renown="5", Rage=3, Keywords="Garou - Gaia"
            ),
            "Quick Step": gift("Quick Step", Type="Combat Action", Damage="2"),
        },
    )
    report = import_path(tmp_db, path)
    assert (report.rows_read, report.cards_added, report.issues) == (2, 2, [])
    runner = tmp_db.lookup("night runner")
    assert runner is not None and (runner.renown, runner.rage) == (5, 3)
    assert runner.keywords == ("Garou", "Gaia")
    step = tmp_db.lookup("Quick Step")
    assert step is not None and step.damage == 2 and step.section is not None


def test_broken_entries_are_reported_by_key_and_line(tmp_db: CardDatabase, tmp_path: Path) -> None:
    glued = "Glued Card\tAlpha\timage\t\tGift\t\t\t\t\t\t\t\t\t\t\t\tText"
    text_name = (
        "Discard this card when the moon is full and every pack member has howled at least twice in a row."
    )
    path = write_json(
        tmp_path / "cards.json",
        {
            "Fine": gift("Fine"),
            glued: {"Name": glued},
            text_name: {"Name": text_name},
            "No Type": {"Name": "No Type", "Expansion": "Alpha"},
            "Bad Set": gift(
                "Bad Set", Expansion="The Character who played this treats all Moots as Board Meetings."
            ),
            "No Set": {"Name": "No Set", "Type": "Gift"},
            "Not An Object": ["Gift"],
            "Nested": gift("Nested", Renown={"value": 3}),
        },
    )
    report = import_json(tmp_db, path)
    rejected = {i.reason.split(":")[0]: i for i in report.rejected}
    assert len(report.rejected) == 5
    assert any("raw row glued" in i.reason for i in report.rejected)
    assert any("Name looks like card text" in i.reason for i in report.rejected)
    assert any(
        "missing required field(s): Type" in i.reason and "'No Type'" in i.reason for i in report.rejected
    )
    assert any("Expansion looks like card text" in i.reason for i in report.rejected)
    assert any("expected an object" in i.reason for i in report.rejected)
    assert rejected  # every rejection names its entry
    text = path.read_text(encoding="utf-8").split("\n")
    for issue in report.issues:
        assert issue.line >= 2
        key_line = text[issue.line - 1]
        assert key_line.lstrip().startswith('"')  # the line where the entry's key is
    suspicious = " | ".join(i.reason for i in report.suspicious)
    assert "'No Set' has no Expansion" in suspicious
    assert "field 'Renown' holds dict" in suspicious
    assert {c.name for c in tmp_db.all_cards()} == {"Fine", "No Set", "Nested"}


def test_name_field_missing_uses_key_and_says_so(tmp_db: CardDatabase, tmp_path: Path) -> None:
    path = write_json(tmp_path / "c.json", {"Key Name": {"Expansion": "Alpha", "Type": "Gift"}})
    report = import_json(tmp_db, path)
    assert tmp_db.lookup("Key Name") is not None
    assert "key is used as the name" in report.issues[0].reason


def test_duplicate_keys_later_wins_and_is_reported(tmp_db: CardDatabase, tmp_path: Path) -> None:
    path = tmp_path / "dup.json"
    path.write_text(
        '{\n "Twice": {"Name": "Twice", "Expansion": "A", "Type": "Gift", "Text": "one"},\n'
        ' "Twice": {"Name": "Twice", "Expansion": "A", "Type": "Gift", "Text": "two"}\n}\n',
        encoding="utf-8",
    )
    report = import_json(tmp_db, path)
    card = tmp_db.lookup("Twice")
    assert card is not None and card.text == "two"
    assert report.suspicious[0].line == 3 and "also appears at line 2" in report.suspicious[0].reason


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"A": {"Name": "A",}', r"not valid JSON: .*\(line 1, column 20\)"),
        ("[1, 2]", "top level is list, expected an object"),
        ("null", "top level is null"),
        ("", r"not valid JSON: .*line 1, column 1"),
        ('{"A": 1} trailing', "Extra data"),
    ],
)
def test_invalid_json_is_a_clear_error_with_position(
    tmp_db: CardDatabase, tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(CardImportError, match=message):
        import_json(tmp_db, path)
    assert tmp_db.card_count() == 0


def test_bom_and_empty_object(tmp_db: CardDatabase, tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"Bom Card": gift("Bom Card")}).encode())
    assert import_json(tmp_db, path).cards_added == 1
    empty = write_json(tmp_path / "empty.json", {})
    report = import_json(tmp_db, empty)
    assert report.rows_read == 0 and "no card entries" in report.issues[0].reason


def test_real_json_import(tmp_db: CardDatabase, shared_dir: Path) -> None:
    report = import_path(tmp_db, REAL_JSON)
    data = json.loads(REAL_JSON.read_text(encoding="utf-8"))
    assert report.rows_read == len(data)
    glued = [k for k in data if "\t" in k]
    assert len(glued) == 16
    rejected_text = " ".join(i.reason for i in report.rejected)
    assert rejected_text.count("raw row glued") == 16
    assert "Expansion" in rejected_text or "looks like card text" in rejected_text
    # Every entry is either imported or reported as rejected: nothing is silently dropped.
    assert tmp_db.card_count() + len(report.rejected) == len(data)
    assert tmp_db.card_count() > 1300
    names = set(tmp_db.names())
    assert not any("\t" in n for n in names)
    assert not any(len(n) > 80 for n in names)


# -- hostile and unusual encodings -------------------------------------------------------------------


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32"])
def test_utf16_and_utf32_files_are_read(tmp_db: CardDatabase, tmp_path: Path, encoding: str) -> None:
    path = tmp_path / "cards.json"
    path.write_bytes(json.dumps({"Wide Card": gift("Wide Card", Text="Café – 2")}).encode(encoding))
    report = import_json(tmp_db, path)
    assert (report.cards_added, report.rejected) == (1, [])
    card = tmp_db.lookup("Wide Card")
    assert card is not None and card.text == "Café – 2"


def test_very_deep_nesting_is_a_clear_error(tmp_db: CardDatabase, tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text(
        '{"Deep": {"Name": "Deep", "Type": "Gift", "Notes": ' + "[" * 200_000 + "]" * 200_000 + "}}"
    )
    with pytest.raises(CardImportError, match="nested too deeply"):
        import_json(tmp_db, path)
    path.write_text("[" * 200_000 + "]" * 200_000)
    with pytest.raises(CardImportError, match="nested too deeply"):
        import_json(tmp_db, path)


def test_integer_beyond_4300_digits_is_a_clear_error(tmp_db: CardDatabase, tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_text('{"Big": {"Name": "Big", "Type": "Gift", "Rage": ' + "9" * 5000 + "}}")
    with pytest.raises(CardImportError, match=f"{path}.*number is too long"):
        import_json(tmp_db, path)
    assert tmp_db.card_count() == 0


def test_lone_surrogates_are_replaced_and_the_card_kept(tmp_db: CardDatabase, tmp_path: Path) -> None:
    path = tmp_path / "lone.json"
    path.write_text('{"Odd \\ud800 Name": {"Type": "Gift", "Expansion": "Alpha", "Text": "x \\udfff y"}}')
    report = import_json(tmp_db, path)
    assert report.cards_added == 1
    card = tmp_db.all_cards()[0]
    assert card.name == "Odd \ufffd Name" and card.text == "x \ufffd y"
    assert any("U+FFFD" in i.reason and "Odd" in i.reason for i in report.suspicious)
