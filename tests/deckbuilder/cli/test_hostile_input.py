"""Hostile or odd input on the command line (issue 22): names cannot forge lines, nothing crashes, nothing lies."""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path

from carddb.demo import demo_deck_path
from tests.deckbuilder.cli.helpers import run


def _demo_text(**changes: object) -> str:
    data = json.loads(demo_deck_path().read_text(encoding="utf-8"))
    data.update(changes)
    return json.dumps(data)


def test_a_newline_in_a_file_or_deck_name_cannot_forge_a_line(demo_db: Path, tmp_path: Path) -> None:
    forged = tmp_path / "x\nBob - Wyrm.dek: LEGAL.json"
    forged.write_text(_demo_text(), encoding="utf-8")
    code, out, err = run("check", str(forged), "--db", str(demo_db))
    assert code == 0, err
    lines = out.splitlines()
    assert not any(line.startswith("Bob") for line in lines), out
    assert "x\\u000aBob - Wyrm.dek: LEGAL.json" in lines[0]
    code, _out, err = run("check", str(tmp_path / "gone\nCarol.json: LEGAL"), "--db", str(demo_db))
    assert code == 2 and not any(line.startswith("Carol") for line in err.splitlines()), err


def test_the_organisers_csv_neutralises_formulas(demo_db: Path, tmp_path: Path) -> None:
    folder = tmp_path / "event"
    folder.mkdir()
    (folder / "=HYPERLINK(1) - a.json").write_text(_demo_text(name="@SUM(A1)"), encoding="utf-8")
    (folder / "+1 - b.json").write_text(_demo_text(name="-2"), encoding="utf-8")
    target = tmp_path / "report.csv"
    code, _out, err = run("check", str(folder), "--db", str(demo_db), "--report", str(target))
    assert code == 0, err
    rows = list(csv.DictReader(io.StringIO(target.read_text(encoding="utf-8"))))
    cells = {(row["player"], row["deck"]) for row in rows}
    assert cells == {("'=HYPERLINK(1)", "'@SUM(A1)"), ("'+1", "'-2")}


def test_a_folder_with_no_deck_to_check_says_nothing_was_checked(demo_db: Path, tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    named_like_a_deck = tmp_path / "x.dek"
    named_like_a_deck.mkdir()
    only_a_link = tmp_path / "links"
    only_a_link.mkdir()
    (only_a_link / "deck.json").symlink_to(demo_deck_path())
    for folder in (empty, named_like_a_deck, only_a_link):
        code, out, err = run("check", str(folder), "--db", str(demo_db))
        assert code == 2 and out == "", (folder, out)
        assert "nothing was checked" in err
    assert "a link; links are not followed" in err


def test_bytes_that_are_not_utf8_in_odds_and_export_do_not_crash(demo_db: Path, tmp_path: Path) -> None:
    code, _out, err = run("odds", str(demo_deck_path()), "--card", "Quick\udcffClaw", "--db", str(demo_db))
    assert code == 2 and "not UTF-8" in err and "Traceback" not in err
    deck = tmp_path / os.fsdecode(b"pack-\xff.txt")
    deck.write_text("3 Quick Claw\n", encoding="utf-8")
    for kind in ("dek", "text", "native", "decklist"):
        target = tmp_path / f"out.{kind}"
        code, _out, err = run("export", str(deck), "--to", kind, "-o", str(target), "--db", str(demo_db))
        assert code == 0, (kind, err)
        assert target.stat().st_size > 0
    assert "pack-\ufffd" in (tmp_path / "out.dek").read_text(encoding="utf-8")


def test_odds_of_a_deck_whose_format_is_not_installed(demo_db: Path, tmp_path: Path) -> None:
    deck = tmp_path / "deck.json"
    deck.write_text(_demo_text(format="no-such-format"), encoding="utf-8")
    code, out, err = run("odds", str(deck), "--db", str(demo_db), "--seed", "00c0ffee")
    assert code == 0, err
    assert "no-such-format" in err and "sample hand (seed 00C0FFEE)" in out


def test_overlong_decklist_fields_are_a_clear_error(demo_db: Path, tmp_path: Path) -> None:
    target = tmp_path / "list.pdf"
    for option, value in (("--player", "A" * 5000), ("--event", "word " * 2000)):
        code, _out, err = run(
            "export", str(demo_deck_path()), "--to", "decklist", "-o", str(target), option, value,
            "--db", str(demo_db),
        )  # fmt: skip
        assert code == 2 and "too long for a decklist" in err and "Traceback" not in err
        assert not target.exists()


def test_rage_card_data_is_not_read_from_a_csv(demo_db: Path, tmp_path: Path) -> None:
    data = tmp_path / "cards.csv"
    data.write_text("Name,Type\nFoo,Gift\n", encoding="utf-8")
    code, _out, err = run("import-cards", "--game", "rage", str(data), "--db", str(demo_db))
    assert code == 2 and "not CSV" in err and "--game NAME" in err
    code, out, _err = run("search", "Name", "--db", str(demo_db), "--json")
    assert json.loads(out)["count"] == 0  # no card was made of the header line


def test_proxies_of_a_deck_owned_whole_suggest_all_copies(demo_db: Path, tmp_path: Path) -> None:
    code, _out, err = run("collection", "import", str(demo_deck_path()), "--db", str(demo_db))
    assert code == 0, err
    target = tmp_path / "proxies.pdf"
    code, _out, err = run(
        "export", str(demo_deck_path()), "--to", "proxies", "-o", str(target), "--db", str(demo_db)
    )
    assert code == 2 and "--all-copies" in err and not target.exists()
    code, _out, err = run(
        "export",
        str(demo_deck_path()),
        "--to",
        "proxies",
        "-o",
        str(target),
        "--all-copies",
        "--db",
        str(demo_db),
    )
    assert code == 0 and target.read_bytes().startswith(b"%PDF")


def test_collection_counts_use_singular_and_plural_in_both_languages(demo_db: Path, tmp_path: Path) -> None:
    have = tmp_path / "have.txt"
    have.write_text("1 Quick Claw\n", encoding="utf-8")
    code, out, _err = run("collection", "import", str(have), "--db", str(demo_db))
    assert code == 0 and "added 1 copy (1 card)" in out
    assert run("collection", "list", "--db", str(demo_db))[1].splitlines()[-1] == "1 copy of 1 card"
    assert (
        run("--lang", "pt_BR", "collection", "list", "--db", str(demo_db))[1].splitlines()[-1]
        == "1 cópia de 1 carta"
    )
    have.write_text("2 Quick Claw\n1 Low Feint\n", encoding="utf-8")
    run("collection", "import", str(have), "--db", str(demo_db))
    assert run("collection", "list", "--db", str(demo_db))[1].splitlines()[-1] == "4 copies of 2 cards"
    assert (
        run("--lang", "pt_BR", "collection", "list", "--db", str(demo_db))[1].splitlines()[-1]
        == "4 cópias de 2 cartas"
    )


def test_what_the_folder_walk_skipped_is_said_in_portuguese(demo_db: Path, tmp_path: Path) -> None:
    folder = tmp_path / "event"
    folder.mkdir()
    (folder / "alice.json").write_text(demo_deck_path().read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "bob.json").symlink_to(demo_deck_path())
    _code, _out, err = run("--lang", "pt_BR", "check", str(folder), "--db", str(demo_db))
    assert f"observação: {folder / 'bob.json'}: um link; links não são seguidos" in err


def test_a_failed_import_leaves_no_new_empty_database(tmp_path: Path) -> None:
    broken = tmp_path / "cards.json"
    broken.write_text('{"cards": [', encoding="utf-8")  # cut off mid-file
    target = tmp_path / "new.sqlite"
    code, _out, err = run("import-cards", str(broken), "--db", str(target))
    assert code == 2 and "cards.json" in err
    assert not target.exists()  # a later command must not find an empty database the player never made
    empty = tmp_path / "empty.csv"
    empty.write_text("name,type\n", encoding="utf-8")
    code, out, _err = run("import-cards", "--game", "lithic-rage", str(empty), "--db", str(target))
    assert code == 2 and "nothing was stored" in out and str(target) not in out
    assert not target.exists()


def test_a_failed_import_keeps_the_database_it_was_given(demo_db: Path, tmp_path: Path) -> None:
    before = demo_db.read_bytes()
    broken = tmp_path / "cards.json"
    broken.write_text('{"cards": [', encoding="utf-8")
    code, _out, _err = run("import-cards", str(broken), "--db", str(demo_db))
    assert code == 2 and demo_db.read_bytes() == before
