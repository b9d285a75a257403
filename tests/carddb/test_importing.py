"""Importing Lackey plugin folders and card data files into a real SQLite database."""

from __future__ import annotations

import json
import os
import re
import sqlite3
from pathlib import Path

import pytest

import carddb.importer
from carddb.changes import CARD_DATA_VERSION_META
from carddb.db import CardDatabase
from carddb.images import MAX_IMAGE_BYTES, check_image_data
from carddb.importing import (
    CardImportError,
    ImportCancelled,
    import_lackey_file,
    import_lackey_plugin,
    import_path,
)
from carddb.model import LACKEY_HEADER
from tests.conftest import REAL_PLUGIN
from tests.deckbuilder.export.helpers import jpeg_bytes, png_bytes

HEADER = "\t".join(LACKEY_HEADER)
FRONT = jpeg_bytes(colour=(200, 30, 30))
BACK = png_bytes()
STONE = jpeg_bytes(colour=(90, 90, 90))


def row(name: str, set_name: str = "Alpha", type_: str = "Gift", **fields: str) -> str:
    """One 18-column Lackey row of an invented card."""
    cells = dict.fromkeys(LACKEY_HEADER, "")
    cells.update(Name=name, Expansion=set_name, Type=type_, Text=f"{name} does a thing.")
    cells.update(fields)
    return "\t".join(cells[h] for h in LACKEY_HEADER)


def write_card_data(path: Path, rows: list[str], header: bool = True) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(([HEADER] if header else []) + rows) + "\n", encoding="utf-8")
    return path


PLUGIN_INFO = (
    "<plugin>\n"
    "<deckzone><label>Pack Zone</label><gamezonetoloadto>Pack</gamezonetoloadto></deckzone>\n"
    "<deckzone><label>Sept Pile</label><gamezonetoloadto>Sept Deck</gamezonetoloadto></deckzone>\n"
    "<deckzone><label>Combat Pile</label><gamezonetoloadto>Combat Deck</gamezonetoloadto></deckzone>\n"
    "<listofcarddatafiles><filetoinclude>cards.txt</filetoinclude></listofcarddatafiles>\n"
    "</plugin>\n"
)


@pytest.fixture
def plugin(tmp_path: Path) -> Path:
    """A small invented plugin folder: two sets, a reprint, two-sided Character images."""
    folder = tmp_path / "plugin"
    write_card_data(
        folder / "sets" / "cards.txt",
        [
            row(
                "Ember Pup",
                "Unlimited",
                "Character - Gaia",
                ImageFile="ember.front,ember.back",
                Renown="4",
                Rage="2",
                CRage="5",
            ),
            row("Fog Walker", "Unlimited", "Character - Wyrm", ImageFile="fog", Renown="3"),
            row("Stone Skin", "Unlimited", "Gift", ImageFile="stoneskin", Gnosis="2", Text="Old text."),
            row("Stone Skin", "TheUmbra", "Gift", ImageFile="stoneskin2", Gnosis="3", Text="New text."),
            row("Low Jab", "TheUmbra", "Combat Action", Rage="1", Damage="1"),
        ],
    )
    images = folder / "sets" / "setimages" / "Unlimited"
    images.mkdir(parents=True)
    (images / "ember.front.jpg").write_bytes(FRONT)
    (images / "EMBER.BACK.PNG").write_bytes(BACK)
    (images / "stoneskin.jpg").write_bytes(STONE)
    (folder / "plugininfo.txt").write_text(PLUGIN_INFO)
    return folder


def dump(db: CardDatabase) -> list[str]:
    conn = sqlite3.connect(db.path)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


def card_tables(db: CardDatabase) -> list[str]:
    """The dump without the search index's internal pages (rebuilt on every import, same content) and the token
    every import renews (carddb.changes: it says an import happened, not what the cards are)."""
    return [line for line in dump(db) if "card_fts" not in line and CARD_DATA_VERSION_META not in line]


def test_plugin_import_stores_cards_printings_images_and_zone_labels(
    tmp_db: CardDatabase, plugin: Path
) -> None:
    report = import_path(tmp_db, plugin)
    assert (report.rows_read, report.cards_added, report.printings_added) == (5, 4, 5)
    assert report.issues == []
    ember = tmp_db.lookup("ember pup")
    assert ember is not None and ember.section is not None and ember.section.value == "characters"
    assert (ember.renown, ember.rage, ember.crage, ember.gnosis) == (4, 2, 5, None)
    assert ember.identity == "ember pup"
    paths = ember.printings[0].image_paths
    # Stored under names that carry their content's hash: a stored image is never overwritten.
    assert [re.fullmatch(r"card-images/Unlimited/(.+)\.[0-9a-f]{16}(\..+)", p).groups() for p in paths] == [  # type: ignore[union-attr]
        ("ember.front", ".jpg"),
        ("EMBER.BACK", ".PNG"),
    ]
    assert [tmp_db.image_path(p).read_bytes() for p in paths] == [FRONT, BACK]  # type: ignore[union-attr]
    assert report.images_copied == 3
    fog = tmp_db.lookup("Fog Walker")
    assert fog is not None and fog.printings[0].image_paths == ("",)
    assert tmp_db.deck_zone_labels() == {
        "characters": "Pack Zone",
        "sept": "Sept Pile",
        "combat": "Combat Pile",
    }
    assert tmp_db.data_date() != ""
    assert not list(tmp_db.images_dir.rglob("*.importing"))  # temp copies were renamed in


def test_newest_printing_is_in_force_and_both_printings_kept(tmp_db: CardDatabase, plugin: Path) -> None:
    import_path(tmp_db, plugin)
    card = tmp_db.lookup("Stone Skin")
    assert card is not None
    assert card.text == "New text." and card.gnosis == 3
    assert [p.set_name for p in card.printings] == ["TheUmbra", "Unlimited"]
    assert tmp_db.card_count() == 4


def test_reimport_is_idempotent(tmp_db: CardDatabase, plugin: Path) -> None:
    import_path(tmp_db, plugin)
    before = card_tables(tmp_db)
    again = import_path(tmp_db, plugin)
    assert (again.cards_added, again.printings_added, again.images_copied) == (0, 0, 0)
    assert (again.cards_updated, again.printings_updated) == (4, 5)
    assert tmp_db.card_count() == 4
    assert card_tables(tmp_db) == before


def test_reimport_updates_changed_text_in_place(tmp_db: CardDatabase, tmp_path: Path) -> None:
    path = write_card_data(tmp_path / "a.txt", [row("Moon Song", Text="First.")])
    import_path(tmp_db, path)
    write_card_data(path, [row("Moon Song", Text="Second.")])
    report = import_path(tmp_db, path)
    assert (report.cards_added, report.cards_updated, report.printings_updated) == (0, 1, 1)
    card = tmp_db.lookup("Moon Song")
    assert card is not None and card.text == "Second."


def test_single_file_import_with_images_beside_it(tmp_db: CardDatabase, plugin: Path) -> None:
    report = import_lackey_file(tmp_db, plugin / "sets" / "cards.txt")
    assert report.images_copied == 3
    assert tmp_db.deck_zone_labels()["characters"] == "Characters"  # no plugininfo.txt read for one file


def stored_image(db: CardDatabase, name: str) -> bytes:
    card = db.lookup(name)
    assert card is not None
    path = db.image_path(card.printings[-1].image_paths[0])
    assert path is not None
    return path.read_bytes()


def test_unchanged_image_is_not_copied_again_but_changed_one_is(tmp_db: CardDatabase, plugin: Path) -> None:
    import_path(tmp_db, plugin)
    new_stone = jpeg_bytes(colour=(10, 200, 10))
    (plugin / "sets" / "setimages" / "Unlimited" / "stoneskin.jpg").write_bytes(new_stone)
    report = import_path(tmp_db, plugin)
    assert report.images_copied == 1
    assert stored_image(tmp_db, "Stone Skin") == new_stone


def test_bad_rows_are_reported_with_line_numbers_and_sound_rows_kept(
    tmp_db: CardDatabase, tmp_path: Path
) -> None:
    text_as_name = "This card text spilled over from the row above because of a stray line break, sadly."
    path = write_card_data(
        tmp_path / "cards.txt",
        [
            row("Good One"),
            "\t".join([text_as_name] + [""] * 17),
            row("", Text="nameless"),
            row("Odd Type", type_="Widget"),
            row("Blank Type", type_=""),
            row("Bad Number", Renown="X", Damage="2"),
            row("Good One", Text="Later."),
            row("Good Two"),
        ],
    )
    report = import_path(tmp_db, path)
    by_line = {(i.line, i.severity): i.reason for i in report.issues}
    assert by_line[(3, "note")] == "line 3 joined to Good One's text"
    assert by_line[(4, "rejected")] == "empty Name"
    assert "'Widget' cannot be placed in a deck section" in by_line[(5, "suspicious")]
    assert "cannot be placed" in by_line[(6, "suspicious")]
    assert "Renown 'X' is not a number" in by_line[(7, "suspicious")]
    assert "also appears at line 2" in by_line[(8, "suspicious")]
    assert report.rows_read == 7 and report.lines_joined == 1 and len(report.rejected) == 1
    assert tmp_db.card_count() == 5
    odd = tmp_db.lookup("Odd Type")
    assert odd is not None and odd.section is None
    bad = tmp_db.lookup("Bad Number")
    assert bad is not None and bad.renown is None and bad.damage == 2
    extra = tmp_db.reader.execute(
        "SELECT p.extra FROM printing p JOIN card c ON c.id = p.card_id WHERE c.name = 'Bad Number'"
    ).fetchone()[0]
    assert json.loads(extra) == {"Renown": "X"}
    good = tmp_db.lookup("Good One")
    assert good is not None and good.text == "Later."


def test_no_header_and_cp1252_and_truncated_rows_import(tmp_db: CardDatabase, tmp_path: Path) -> None:
    path = tmp_path / "old.txt"
    content = row("Café Claw", type_="Combat Action", Rage="2") + "\r\n" + "Short Row\tAlpha\t\t\tGift"
    path.write_bytes(content.encode("cp1252"))
    report = import_path(tmp_db, path)
    reasons = " | ".join(i.reason for i in report.issues)
    assert "no header line" in reasons and "not UTF-8" in reasons and "missing columns" in reasons
    claw = tmp_db.lookup("cafe claw") or tmp_db.lookup("Café Claw")
    assert claw is not None and claw.rage == 2
    assert tmp_db.lookup("Short Row") is not None


def test_hostile_image_names_are_refused(tmp_db: CardDatabase, tmp_path: Path) -> None:
    folder = tmp_path / "plugin"
    write_card_data(
        folder / "sets" / "cards.txt",
        [
            row("Sneaky", ImageFile="../../../outside"),
            row("Sneakier", "..", ImageFile="x"),
            row("Sneakiest", ImageFile="front, ../../../outside"),  # a safe front, an unsafe back
        ],
    )
    (tmp_path / "outside.jpg").write_bytes(b"secret")
    images = folder / "sets" / "setimages"
    images.mkdir(parents=True)
    report = import_path(tmp_db, folder)
    refused = [i for i in report.issues if "refused" in i.reason]
    assert {i.line for i in refused} == {2, 3, 4}
    card = tmp_db.lookup("Sneaky")
    assert card is not None and card.printings[0].image_paths == ("",)
    card = tmp_db.lookup("Sneakiest")
    assert card is not None and card.printings[0].image_paths == ("", "")
    assert report.images_copied == 0


def test_oversized_image_is_skipped_with_a_report(tmp_db: CardDatabase, plugin: Path) -> None:
    big = plugin / "sets" / "setimages" / "Unlimited" / "fog.jpg"
    with big.open("wb") as handle:  # sparse: cheap on disk, but stat() says 20 MB + 1
        handle.truncate(MAX_IMAGE_BYTES + 1)
    report = import_path(tmp_db, plugin)
    assert any("larger than 20 MB" in i.reason and i.line == 3 for i in report.issues)
    fog = tmp_db.lookup("Fog Walker")
    assert fog is not None and fog.printings[0].image_paths == ("",)


def test_cancel_mid_import_leaves_database_exactly_as_before(tmp_db: CardDatabase, tmp_path: Path) -> None:
    import_path(tmp_db, write_card_data(tmp_path / "first.txt", [row("Keeper")]))
    before = dump(tmp_db)
    big = write_card_data(tmp_path / "big.txt", [row(f"Card {i}", ImageFile="") for i in range(400)])
    calls: list[tuple[int, int]] = []

    def cancel() -> bool:
        return len(calls) >= 3

    with pytest.raises(ImportCancelled):
        import_path(tmp_db, big, progress=lambda done, total: calls.append((done, total)), cancel=cancel)
    assert dump(tmp_db) == before
    assert all(done <= total for done, total in calls) and calls[-1][1] == big.stat().st_size


def test_cancel_at_commit_time_rolls_back_and_leaves_no_temp_images(
    tmp_db: CardDatabase, plugin: Path
) -> None:
    before = dump(tmp_db)
    with pytest.raises(ImportCancelled):
        import_path(tmp_db, plugin, cancel=lambda: True)  # the last poll happens inside the transaction
    assert dump(tmp_db) == before
    assert not [p for p in tmp_db.folder.rglob("*") if p.is_file() and p.suffix == ".importing"]
    assert not [p for p in tmp_db.images_dir.rglob("*") if p.is_file()]


def test_failure_inside_the_transaction_leaves_database_unchanged(
    tmp_db: CardDatabase, plugin: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import_path(tmp_db, write_card_data(plugin.parent / "first.txt", [row("Keeper")]))
    before = dump(tmp_db)

    def explode(conn: sqlite3.Connection, in_place: bool = False) -> None:
        raise RuntimeError("injected failure")

    monkeypatch.setattr(carddb.importer, "rebuild_search_index", explode)
    with pytest.raises(RuntimeError, match="injected"):
        import_path(tmp_db, plugin)
    assert dump(tmp_db) == before
    assert tmp_db.lookup("Ember Pup") is None


def test_empty_file_imports_nothing_and_says_so(tmp_db: CardDatabase, tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    report = import_path(tmp_db, empty)
    assert report.rows_read == 0 and tmp_db.card_count() == 0
    assert "no card rows" in report.issues[0].reason
    header_only = write_card_data(tmp_path / "header.txt", [])
    assert import_path(tmp_db, header_only).rows_read == 0


def test_folder_without_card_data_is_a_clear_error(tmp_db: CardDatabase, tmp_path: Path) -> None:
    (tmp_path / "nothing").mkdir()
    with pytest.raises(CardImportError, match="no card data"):
        import_path(tmp_db, tmp_path / "nothing")
    with pytest.raises(CardImportError, match="does not exist"):
        import_path(tmp_db, tmp_path / "missing.txt")


def test_huge_line_is_rejected_and_rest_imported(tmp_db: CardDatabase, tmp_path: Path) -> None:
    path = tmp_path / "huge.txt"
    with path.open("wb") as handle:
        handle.write((HEADER + "\n" + row("Before") + "\n").encode())
        handle.write(b"z" * 10_000_000 + b"\n")
        handle.write(row("After").encode())
    report = import_path(tmp_db, path)
    assert [(i.line, i.severity) for i in report.issues] == [(3, "rejected")]
    assert {c.name for c in tmp_db.all_cards()} == {"Before", "After"}


def test_plugin_without_plugininfo_reads_sets_txt(tmp_db: CardDatabase, tmp_path: Path) -> None:
    folder = tmp_path / "bare"
    write_card_data(folder / "sets" / "a.txt", [row("From A")])
    write_card_data(folder / "sets" / "b.txt", [row("From B", "Beta")])
    report = import_lackey_plugin(tmp_db, folder)
    assert report.cards_added == 2 and {c.name for c in tmp_db.all_cards()} == {"From A", "From B"}


def test_unknown_sets_keep_their_rank_across_imports(tmp_db: CardDatabase, tmp_path: Path) -> None:
    import_path(tmp_db, write_card_data(tmp_path / "a.txt", [row("Shared", "HomebrewOne", Text="one")]))
    import_path(tmp_db, write_card_data(tmp_path / "b.txt", [row("Shared", "HomebrewTwo", Text="two")]))
    import_path(tmp_db, write_card_data(tmp_path / "a.txt", [row("Shared", "HomebrewOne", Text="one")]))
    card = tmp_db.lookup("Shared")
    assert card is not None and card.text == "two"  # the later set stays newest after re-importing the older


# -- the real card pool ----------------------------------------------------------------------------


@pytest.mark.realpool
def test_real_plugin_import(tmp_db: CardDatabase, shared_dir: Path) -> None:
    report = import_path(tmp_db, REAL_PLUGIN)
    # 1,596 data lines: 22 are text broken off the row above and are joined back; two names are reprinted.
    assert (report.rows_read, report.lines_joined, len(report.joined)) == (1574, 22, 22)
    assert report.rejected == []
    assert tmp_db.card_count() == 1572
    assert report.printings_added == 1574
    for name in ("Furmling", "Vicious Assault"):
        card = tmp_db.lookup(name)
        assert card is not None and len(card.printings) == 2
    lines = REAL_PLUGIN.joinpath("sets", "carddata.txt").read_text(encoding="utf-8").split("\n")
    cells = [line.split("\t") for line in lines]
    quoted = [i for i in range(1, len(cells) - 1) if '"' in lines[i] and cells[i][4] and cells[i + 1][4]]
    assert len(quoted) > 100
    for i in quoted:
        card = tmp_db.lookup(cells[i][0])
        assert card is not None and card.text == cells[i][16].strip()
        assert tmp_db.lookup(cells[i + 1][0]) is not None  # the next row was not swallowed
    with_images = tmp_db.reader.execute(
        "SELECT COUNT(*) FROM printing WHERE image_paths LIKE '%card-images/%'"
    ).fetchone()[0]
    assert 300 <= with_images <= 320
    assert report.images_copied > 300
    assert tmp_db.deck_zone_labels() == {"characters": "Characters", "sept": "Sept", "combat": "Combat"}


@pytest.mark.realpool
def test_real_plugin_keeps_every_word_of_broken_texts(tmp_db: CardDatabase, shared_dir: Path) -> None:
    report = import_path(tmp_db, REAL_PLUGIN)
    lines = REAL_PLUGIN.joinpath("sets", "carddata.txt").read_text(encoding="utf-8").split("\n")
    cells = [line.split("\t") for line in lines]
    assert "line 430 joined to Salamander's text" in [i.reason for i in report.joined]
    salamander = tmp_db.lookup("Salamander")
    assert salamander is not None
    assert salamander.text == "\n".join(
        [cells[428][16].strip(), cells[429][0].strip(), cells[430][0].strip()]
    )
    # Every joined line's words are in the text of the card it was joined to.
    for note in report.joined:
        name = note.reason.split(" joined to ")[1].removesuffix("'s text")
        card = tmp_db.lookup(name)
        assert card is not None and cells[note.line - 1][0].strip() in card.text
    # Line 430 holds a U+FFFD: kept, and reported with the card's name.
    assert "\ufffd" in salamander.text
    assert any("'Salamander'" in i.reason and "U+FFFD" in i.reason for i in report.suspicious)


@pytest.mark.realpool
def test_real_plugin_reimport_adds_nothing(tmp_db: CardDatabase, shared_dir: Path) -> None:
    import_path(tmp_db, REAL_PLUGIN)
    again = import_path(tmp_db, REAL_PLUGIN)
    assert (again.cards_added, again.printings_added, again.images_copied) == (0, 0, 0)
    assert tmp_db.card_count() == 1572


def test_report_json_and_summary(tmp_db: CardDatabase, tmp_path: Path) -> None:
    report = import_path(tmp_db, write_card_data(tmp_path / "c.txt", [row("Only"), row("")]))
    data = report.to_json()
    assert json.loads(json.dumps(data))["issues"][0] == {
        "source": str(tmp_path / "c.txt"),
        "line": 3,
        "reason": "empty Name",
        "severity": "rejected",
        "message_id": "IMPORT_NAME_EMPTY",  # for a reader in another language (deckbuilder.i18n renders it)
        "params": {},
    }
    assert "1 cards added" in report.summary() and "1 rows rejected" in report.summary()
    assert os.path.basename(str(tmp_path / "c.txt")) in report.summary()


def test_rows_cost_no_file_system_calls_of_their_own(
    tmp_db: CardDatabase, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "plugin"
    rows = [row(f"Card {i}", ("Alpha", "Beta")[i % 2], ImageFile=f"img{i}") for i in range(600)]
    write_card_data(folder / "sets" / "cards.txt", rows)
    (folder / "sets" / "setimages" / "Alpha").mkdir(parents=True)
    (folder / "sets" / "setimages" / "Alpha" / "img0.jpg").write_bytes(STONE)
    check_image_data(STONE, Path("warm-up.jpg"))  # the image libraries' own start-up is not the rows' cost
    calls = 0
    real_stat = os.stat

    def counting_stat(*args: object, **kwargs: object) -> os.stat_result:
        nonlocal calls
        calls += 1
        return real_stat(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "stat", counting_stat)
    report = import_path(tmp_db, folder)
    monkeypatch.undo()
    assert report.rows_read == 600 and report.images_copied == 1
    assert calls < 60  # per set and per image found, never per row


def test_continuation_lines_are_joined_and_counted_in_the_report(
    tmp_db: CardDatabase, tmp_path: Path
) -> None:
    path = write_card_data(
        tmp_path / "cards.txt",
        [
            row("Broken", Text="First part."),
            "Second part." + "\t" * 17,
            "Third part.",
            row("Whole"),
        ],
    )
    report = import_path(tmp_db, path)
    assert (report.rows_read, report.lines_joined, report.rejected) == (2, 2, [])
    assert [(i.line, i.reason) for i in report.joined] == [
        (3, "line 3 joined to Broken's text"),
        (4, "line 4 joined to Broken's text"),
    ]
    card = tmp_db.lookup("Broken")
    assert card is not None and card.text == "First part.\nSecond part.\nThird part."
    assert "2 lines joined" in report.summary()
    assert report.to_json()["lines_joined"] == 2


def test_text_line_with_no_card_above_stays_rejected(tmp_db: CardDatabase, tmp_path: Path) -> None:
    path = write_card_data(tmp_path / "cards.txt", ["Text with no card above it." + "\t" * 17, row("After")])
    report = import_path(tmp_db, path)
    assert report.lines_joined == 0
    assert [(i.line, i.severity) for i in report.rejected] == [(2, "rejected")]
    assert "broken line break in the previous row" in report.rejected[0].reason


def test_replacement_characters_are_kept_and_reported_with_the_card(
    tmp_db: CardDatabase, tmp_path: Path
) -> None:
    path = write_card_data(tmp_path / "cards.txt", [row("Garbled", Text="Gain 2 \ufffd Rage."), row("Clean")])
    report = import_path(tmp_db, path)
    flagged = [i for i in report.suspicious if "U+FFFD" in i.reason]
    assert [(i.line, "'Garbled'" in i.reason, "Text" in i.reason) for i in flagged] == [(2, True, True)]
    card = tmp_db.lookup("Garbled")
    assert card is not None and card.text == "Gain 2 \ufffd Rage."
    cp1252 = tmp_path / "old.txt"
    cp1252.write_bytes(row("Odd Byte", Text="bad \x81 byte").encode("latin-1"))
    report = import_path(tmp_db, cp1252)
    assert any("'Odd Byte'" in i.reason and "U+FFFD" in i.reason for i in report.suspicious)


def test_a_number_of_5000_digits_is_one_row_kept_as_text_not_a_failed_import(
    tmp_db: CardDatabase, tmp_path: Path
) -> None:
    huge = "9" * 5000  # past 4,300 digits int() itself raises
    path = write_card_data(
        tmp_path / "cards.txt", [row("Good One"), row("Huge", Renown=huge, Rage="-" + huge), row("Good Two")]
    )
    report = import_path(tmp_db, path)
    assert tmp_db.card_count() == 3
    notes = [i.reason for i in report.issues if i.line == 3]
    assert any("Renown '99999" in n and "is not a number (kept as text)" in n for n in notes)
    assert any("Rage '-9999" in n for n in notes)
    card = tmp_db.lookup("Huge")
    assert card is not None and card.renown is None


def _check_name_ranks(db: CardDatabase, count: int) -> None:
    """Every card's name_rank is its place in name order, and the full-text index finds it under that place."""
    ranks = db.reader.execute(
        "SELECT name, name_rank, row_number() OVER (ORDER BY name COLLATE NOCASE, id) FROM card"
    ).fetchall()
    assert len(ranks) == count and all(rank == place for _name, rank, place in ranks)
    for name, rank, _place in ranks:
        hits = db.reader.execute("SELECT rowid FROM card_fts WHERE card_fts MATCH ?", (f'name:"{name}"',))
        assert rank in [hit[0] for hit in hits], name


def test_cards_are_numbered_in_name_order_by_a_first_import_and_by_a_later_one(
    tmp_db: CardDatabase, tmp_path: Path
) -> None:
    names = ["zebra Claw", "Apple", "apple Pie", "Éclair", "eclair", "Banana", "b", "B2", "Ápple", "_under"]
    import_path(tmp_db, write_card_data(tmp_path / "cards.txt", [row(n) for n in names]))
    _check_name_ranks(tmp_db, len(names))
    # Cards of a later import fall between the ones already there: everything after them moves up.
    later = ["Avocado", "apple Pie", "Zz"]
    import_path(tmp_db, write_card_data(tmp_path / "more.txt", [row(n, "Beta") for n in later]))
    _check_name_ranks(tmp_db, len(names) + 2)
