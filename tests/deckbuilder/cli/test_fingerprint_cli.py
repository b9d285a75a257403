"""The fingerprint where an organiser reads it: `ragedeck check --fingerprint`, the report, the decklist PDF."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from pypdf import PdfReader

from carddb.db import CardDatabase
from carddb.demo import demo_deck_path
from deckbuilder.deckfiles import read_deck, write_deck
from deckbuilder.fingerprint import deck_fingerprint
from tests.deckbuilder.cli.helpers import run


def _demo_code(db_path: Path) -> str:
    with CardDatabase(db_path) as db:
        return deck_fingerprint(read_deck(demo_deck_path(), pool=db).deck, db).code


def test_check_prints_the_same_code_for_the_deck_in_every_file_kind(
    demo_db: Path,
    tmp_path: Path,
) -> None:
    code = _demo_code(demo_db)
    with CardDatabase(demo_db) as db:
        deck = read_deck(demo_deck_path(), pool=db).deck
        write_deck(deck, tmp_path / "copy.dek", pool=db)
        write_deck(deck, tmp_path / "copy.txt", pool=db)
    exit_code, out, _ = run(
        "check", str(demo_deck_path()), str(tmp_path / "copy.dek"), str(tmp_path / "copy.txt"),
        "--db", str(demo_db), "--fingerprint",
    )  # fmt: skip
    assert exit_code == 0
    assert out.count(f"fingerprint {code}") == 3
    exit_code, out, _ = run(
        "check", str(tmp_path / "copy.dek"), "--db", str(demo_db), "--fingerprint", "--json"
    )
    assert json.loads(out)["decks"][0]["fingerprint"] == code
    # Without the option nothing changes in the output.
    assert "fingerprint" not in run("check", str(demo_deck_path()), "--db", str(demo_db), "--json")[1]


def test_the_report_and_the_decklist_show_the_code(demo_db: Path, tmp_path: Path) -> None:
    code = _demo_code(demo_db)
    folder = tmp_path / "event"
    folder.mkdir()
    (folder / "Alice - Gaia.json").write_bytes(demo_deck_path().read_bytes())
    target = tmp_path / "report.csv"
    run("check", str(folder), "--db", str(demo_db), "--report", str(target))
    rows = list(csv.DictReader(io.StringIO(target.read_text(encoding="utf-8"))))
    assert rows[0]["fingerprint"] == code
    html = tmp_path / "report.html"
    run("check", str(folder), "--db", str(demo_db), "--report", str(html))
    assert f'class="fingerprint">{code}<' in html.read_text(encoding="utf-8")
    pdf = tmp_path / "decklist.pdf"
    exit_code, _, err = run(
        "export", str(demo_deck_path()), "--db", str(demo_db), "--to", "decklist", "-o", str(pdf)
    )
    assert exit_code == 0, err
    assert code in PdfReader(pdf).pages[0].extract_text()


def test_real_example_decks_keep_their_code_through_every_file_kind(real_db: Path, tmp_path: Path) -> None:
    from tests.conftest import REAL_DECKS

    codes = set()
    for source in sorted(REAL_DECKS.glob("*")):
        with CardDatabase(real_db) as db:
            deck = read_deck(source, pool=db).deck
            code = deck_fingerprint(deck, db).code
            for suffix in (".json", ".dek", ".txt"):
                copy = tmp_path / f"{source.stem}{suffix}"
                write_deck(deck, copy, pool=db)
                assert deck_fingerprint(read_deck(copy, pool=db).deck, db).code == code, copy.name
        _code, out, _ = run("check", str(source), "--db", str(real_db), "--fingerprint", "--json")
        assert json.loads(out)["decks"][0]["fingerprint"] == code
        codes.add(code)
    assert len(codes) == 2  # the two example decks differ
