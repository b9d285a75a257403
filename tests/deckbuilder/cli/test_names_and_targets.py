"""A command never writes onto a file it reads (`check DIR --print-all DIR/deck.txt`), and `diff` prints file
names escaped, so a newline in a name cannot forge a verdict line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from carddb.demo import demo_deck_path
from tests.deckbuilder.cli.helpers import run


@pytest.mark.parametrize("option", ["--print-all", "--report"])
def test_check_refuses_to_write_onto_a_deck_it_reads(demo_db: Path, tmp_path: Path, option: str) -> None:
    folder = tmp_path / "event"
    folder.mkdir()
    deck = folder / "deck.txt"
    shutil.copy(demo_deck_path(), deck)
    (folder / "other.txt").write_text("1 Ashen Howler\n")
    before = deck.read_bytes()
    target = deck if option == "--print-all" else folder / "alias.html"
    if option == "--report":
        target.hardlink_to(deck)  # the same file under another name
    code, _out, err = run("check", str(folder), "--db", str(demo_db), option, str(target))
    assert code == 2 and "reads" in err
    assert deck.read_bytes() == before


def test_diff_escapes_a_newline_in_a_file_name(demo_db: Path, tmp_path: Path) -> None:
    forged = tmp_path / "x\nforged.txt: LEGAL (Revised)"
    shutil.copy(demo_deck_path(), forged)
    code, out, _err = run("diff", str(forged), str(demo_deck_path()), "--db", str(demo_db))
    assert code in (0, 1)
    assert not any(line.startswith("forged.txt: LEGAL") for line in out.splitlines())
    assert "\\u000a" in out


@pytest.mark.parametrize("kind", ["decklist", "dek"])
def test_export_refuses_to_write_onto_the_deck_it_reads(demo_db: Path, tmp_path: Path, kind: str) -> None:
    deck = tmp_path / "deck.txt"
    shutil.copy(demo_deck_path(), deck)
    before = deck.read_bytes()
    code, _out, err = run("export", str(deck), "--db", str(demo_db), "--to", kind, "-o", str(deck))
    assert code == 2 and "reads" in err
    assert deck.read_bytes() == before


def test_check_refuses_to_write_its_pdf_onto_the_event_file_it_reads(demo_db: Path, tmp_path: Path) -> None:
    folder = tmp_path / "event"
    folder.mkdir()
    shutil.copy(demo_deck_path(), folder / "deck.txt")
    event = folder / "event.json"
    event.write_text('{"event": "Kitchen table cup"}')
    code, _out, err = run("check", str(folder), "--db", str(demo_db), "--print-all", str(event))
    assert code == 2 and "reads" in err
    assert event.read_text() == '{"event": "Kitchen table cup"}'
