"""Lackey card-data parsing without a database: encodings, line endings, quotes, headers, broken rows."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from carddb.lackey import (
    CardDataReader,
    ImageFinder,
    LackeyRow,
    card_data_files,
    iter_raw_lines,
    parse_plugin_info,
    read_card_data_text,
    read_plugin_info,
    unsafe_name_reason,
)
from carddb.model import LACKEY_HEADER
from tests.conftest import PROJECT_ROOT

HEADER = "\t".join(LACKEY_HEADER)


def card_line(name: str, set_name: str = "Testset", type_: str = "Gift", text: str = "Does a thing.") -> str:
    """A full 18-column Lackey row with the given name, set, type and text."""
    cells = dict.fromkeys(LACKEY_HEADER, "")
    cells.update(Name=name, Expansion=set_name, Type=type_, Text=text, Renown="3")
    return "\t".join(cells[h] for h in LACKEY_HEADER)


def read_bytes(data: bytes) -> tuple[list[LackeyRow], CardDataReader]:
    reader = CardDataReader(io.BytesIO(data))
    return list(reader), reader


def test_quotes_inside_fields_are_plain_text_and_do_not_swallow_rows() -> None:
    text = "\n".join(
        [
            HEADER,
            card_line('Howl of "Doom"', text='Say "boo" twice.'),
            card_line('Unclosed "quote'),
            card_line("Next"),
        ]
    )
    rows, _notes = read_card_data_text(text)
    assert [r.values["Name"] for r in rows] == ['Howl of "Doom"', 'Unclosed "quote', "Next"]
    assert rows[0].values["Text"] == 'Say "boo" twice.'


def test_crlf_cr_and_bom_are_accepted() -> None:
    for eol in ("\r\n", "\r", "\n"):
        data = "\ufeff".encode() + eol.join([HEADER, card_line("Alpha"), card_line("Beta")]).encode()
        rows, reader = read_bytes(data)
        assert [r.values["Name"] for r in rows] == ["Alpha", "Beta"], eol
        assert all(r.values["Text"] == "Does a thing." for r in rows)
        assert reader.notes == []


def test_crlf_split_between_read_chunks_is_one_line_break() -> None:
    # Put the \r as the very last byte of the first 64 KiB chunk.
    first = b"x" * (65536 - 1) + b"\r"
    lines = list(iter_raw_lines(io.BytesIO(first + b"\nsecond")))
    assert lines == [(1, b"x" * 65535), (2, b"second")]


def test_cp1252_file_is_read_and_reported() -> None:
    data = "\n".join([HEADER, card_line("Café Howl", text="Rage – fury")]).encode("cp1252")
    rows, reader = read_bytes(data)
    assert rows[0].values["Name"] == "Café Howl"
    assert rows[0].values["Text"] == "Rage – fury"
    assert len(reader.notes) == 1 and "not UTF-8" in reader.notes[0].reason
    assert reader.notes[0].line == 2


def test_no_header_falls_back_to_standard_column_order() -> None:
    rows, notes = read_card_data_text(card_line("Lone Card") + "\n" + card_line("Second Card"))
    assert [r.values["Name"] for r in rows] == ["Lone Card", "Second Card"]
    assert rows[0].values["Type"] == "Gift"
    assert "no header line" in notes[0].reason


def test_header_columns_map_by_name_in_any_order_and_unknown_columns_are_kept() -> None:
    text = "Type\tname\tFlavor\tExpansion\nGift\tReordered\tSpooky\tTestset\n"
    rows, notes = read_card_data_text(text)
    assert rows[0].values == {"Type": "Gift", "Name": "Reordered", "Expansion": "Testset"}
    assert rows[0].extra == {"Flavor": "Spooky"}
    assert notes == []


def test_truncated_last_row_keeps_its_cells_and_names_the_missing_columns() -> None:
    text = HEADER + "\n" + card_line("Whole") + "\nCut Short\tTestset\t\t\tGift"
    rows, _ = read_card_data_text(text)
    assert rows[1].values["Name"] == "Cut Short" and rows[1].values["Type"] == "Gift"
    assert rows[1].problems and "Text" in rows[1].problems[0] and "Errata" in rows[1].problems[0]
    assert rows[0].problems == []


def test_extra_cells_beyond_the_header_are_kept_aside() -> None:
    rows, _ = read_card_data_text(HEADER + "\n" + card_line("Wide") + "\tsurplus")
    assert rows[0].extra == {"column 19": "surplus"}
    assert "more cells" in rows[0].problems[0]


def test_huge_line_is_rejected_without_stopping_the_file() -> None:
    data = (
        (HEADER + "\n" + card_line("Before") + "\n").encode()
        + b"y" * 3_000_000
        + b"\n"
        + card_line("After").encode()
    )
    rows, _ = read_bytes(data)
    names = [r.values.get("Name") for r in rows if not r.error]
    assert names == ["Before", "After"]
    bad = [r for r in rows if r.error]
    assert len(bad) == 1 and bad[0].line == 3 and "longer than" in bad[0].error


def test_empty_and_blank_files_have_no_rows() -> None:
    assert read_card_data_text("") == ([], [])
    assert read_card_data_text("\n\r\n  \n")[0] == []


def test_garbage_bytes_do_not_raise() -> None:
    rows, reader = read_bytes(bytes(range(256)) * 10)
    assert reader.notes  # reported as not UTF-8 and/or missing header
    assert all(isinstance(r.line, int) for r in rows)


def test_plugin_info_zone_labels_and_card_files() -> None:
    text = (
        "<plugin><deckzone><label>Pack</label><gamezonetoloadto>Pack</gamezonetoloadto></deckzone>"
        "<deckzone><label>Draw Pile</label><gamezonetoloadto>Sept Deck</gamezonetoloadto></deckzone>"
        "<deckzone><label>Blue</label><gamezonetoloadto>Combat Deck</gamezonetoloadto></deckzone>"
        "<listofcarddatafiles><filetoinclude>a.txt</filetoinclude><filetoinclude> b.txt </filetoinclude>"
        "</listofcarddatafiles>"
    )
    info = parse_plugin_info(text)
    assert info.zone_labels == {"characters": "Pack", "sept": "Draw Pile", "combat": "Blue"}
    assert info.card_data_files == ["a.txt", "b.txt"]
    assert parse_plugin_info("not xml at all <<<").zone_labels == {}


def test_card_data_files_prefers_plugin_list_then_falls_back_to_sets_txt(tmp_path: Path) -> None:
    (tmp_path / "sets").mkdir()
    (tmp_path / "sets" / "one.txt").write_text(HEADER)
    (tmp_path / "sets" / "two.txt").write_text(HEADER)
    listed, problems = card_data_files(tmp_path, parse_plugin_info("<filetoinclude>two.txt</filetoinclude>"))
    assert [p.name for p in listed] == ["two.txt"] and problems == []
    fallback, _ = card_data_files(tmp_path, None)
    assert [p.name for p in fallback] == ["one.txt", "two.txt"]
    hostile, problems = card_data_files(
        tmp_path, parse_plugin_info("<filetoinclude>../x.txt</filetoinclude>")
    )
    assert "../x.txt" in problems[0] and [p.name for p in hostile] == ["one.txt", "two.txt"]


def test_image_finder_matches_case_insensitively_and_other_extensions(tmp_path: Path) -> None:
    folder = tmp_path / "setimages" / "TestSet"
    folder.mkdir(parents=True)
    (folder / "Front.JPG").write_bytes(b"a")
    (folder / "back.png").write_bytes(b"b")
    (folder / "side.jpeg").write_bytes(b"c")
    finder = ImageFinder(tmp_path / "setimages")
    assert finder.find("testset", "front") == folder / "Front.JPG"
    assert finder.find("TestSet", "back") == folder / "back.png"
    assert finder.find("TestSet", "side") == folder / "side.jpeg"
    assert finder.find("TestSet", "missing") is None
    assert finder.find("Other", "front") is None


def test_unsafe_image_names_are_recognised() -> None:
    assert unsafe_name_reason("../../etc/passwd")
    assert unsafe_name_reason("a\\b")
    assert unsafe_name_reason("..")
    assert unsafe_name_reason("rage.image.ok.name") == ""


# -- continuation lines ------------------------------------------------------------------------------


def test_text_broken_over_several_lines_is_joined_onto_the_card_above() -> None:
    text = "\n".join(
        [
            HEADER,
            card_line("Salamander", text="Requires: Beast-of-War"),
            "Spirit. Burns out of control." + "\t" * 17,
            "The Salamander does Aggravated damage.",
            card_line("Next Card"),
        ]
    )
    rows, _ = read_card_data_text(text)
    assert [r.values["Name"] for r in rows] == ["Salamander", "Next Card"]
    assert rows[0].values["Text"] == (
        "Requires: Beast-of-War\nSpirit. Burns out of control.\nThe Salamander does Aggravated damage."
    )
    assert rows[0].joined == [3, 4] and rows[1].joined == []
    assert rows[0].line == 2 and rows[1].line == 5


def test_a_broken_row_with_text_and_errata_continues_both_columns() -> None:
    long_text = "Attach to the user. " * 6
    text = "\n".join([HEADER, card_line("Infiltration", text="Requires: Gaia"), f"{long_text}\tA ruling."])
    rows, _ = read_card_data_text(text)
    assert len(rows) == 1
    assert rows[0].values["Text"] == "Requires: Gaia\n" + long_text.strip()
    assert rows[0].values["Errata"] == "A ruling."


def test_a_text_line_with_no_card_above_stays_a_row_of_its_own() -> None:
    text = "\n".join([HEADER, "Orphan text with nothing above it.", card_line("After")])
    rows, _ = read_card_data_text(text)
    assert [r.values["Name"] for r in rows] == ["Orphan text with nothing above it.", "After"]
    assert all(r.joined == [] for r in rows)


def test_a_short_name_and_set_row_is_a_card_not_a_continuation() -> None:
    rows, _ = read_card_data_text("\n".join([HEADER, card_line("First"), "Second\tTestset"]))
    assert [r.values["Name"] for r in rows] == ["First", "Second"]


# -- plugininfo.txt ----------------------------------------------------------------------------------


def test_plugin_info_parse_is_linear_on_unclosed_tags() -> None:
    # 1 MB of opening tags that never close took the old backtracking regexes hours; one pass takes moments.
    script = (
        "from carddb.lackey import parse_plugin_info\n"
        "text = '<deckzone><label>x' * 60_000 + '<filetoinclude>' * 60_000 + '<a ' * 100_000\n"
        "info = parse_plugin_info(text)\n"
        "assert info.card_data_files == [] and info.zone_labels == {}\n"
    )
    subprocess.run([sys.executable, "-c", script], cwd=PROJECT_ROOT, check=True, timeout=300)


def test_plugin_info_keeps_the_first_label_of_a_zone_and_ignores_stray_closers() -> None:
    text = (
        "</label></deckzone><deckzone><label>Pack</label><label>Other</label>"
        "<gamezonetoloadto>Pack</gamezonetoloadto></deckzone><FileToInclude>x.txt</FILETOINCLUDE>"
    )
    info = parse_plugin_info(text)
    assert info.zone_labels == {"characters": "Pack"} and info.card_data_files == ["x.txt"]


def test_oversized_plugin_info_is_not_read(tmp_path: Path) -> None:
    path = tmp_path / "plugininfo.txt"
    path.write_text("<filetoinclude>a.txt</filetoinclude>" + " " * 2000)
    with pytest.raises(OSError, match=r"too large \(2036 bytes; at most 1000 are read\)"):
        read_plugin_info(path, limit=1000)
    assert read_plugin_info(path, limit=5000).card_data_files == ["a.txt"]


# -- links -------------------------------------------------------------------------------------------


def test_image_finder_refuses_links_outside_the_plugin_and_says_why(tmp_path: Path) -> None:
    plugin = tmp_path / "plugin"
    folder = plugin / "setimages" / "TestSet"
    folder.mkdir(parents=True)
    (tmp_path / "secret.jpg").write_bytes(b"x")
    (folder / "leak.jpg").symlink_to(tmp_path / "secret.jpg")
    (folder / "inner.jpg").symlink_to(plugin / "setimages" / "TestSet" / "real.jpg")
    (folder / "real.jpg").write_bytes(b"y")
    finder = ImageFinder(plugin / "setimages", plugin.resolve())
    found, reason = finder.locate("TestSet", "leak")
    assert found is None and "leak.jpg is a link to" in reason and "outside the plugin folder" in reason
    assert finder.locate("TestSet", "inner") == (folder / "inner.jpg", "")
    assert (
        ImageFinder(plugin / "setimages").find("TestSet", "leak") == folder / "leak.jpg"
    )  # no root: no check


def test_a_column_named_twice_is_read_from_its_first_place_and_reported() -> None:
    header = HEADER.replace("Renown", "Name", 1)
    rows, notes = read_card_data_text(f"{header}\n{card_line('Real Name')}\n")
    (row,) = rows
    assert row.values["Name"] == "Real Name"
    column = LACKEY_HEADER.index("Renown") + 1
    assert row.extra == {f"Name (column {column})": "3"}  # the second one's cells are kept aside, not lost
    assert [n.reason for n in notes] == [
        f"the header names the column Name twice (columns 1 and {column}): the first is read, the other is kept aside"
    ]


def test_a_cell_opening_a_quote_it_does_not_close_is_reported_and_kept() -> None:
    text = '"Run, it says.'
    rows, _notes = read_card_data_text(
        f"{HEADER}\n{card_line('Quoted', text=text)}\n{card_line('Balanced', text=chr(34) + 'Run.' + chr(34))}\n"
    )
    quoted, balanced = rows
    assert quoted.values["Text"] == text
    assert quoted.problems == [
        "Text opens a quote that does not close on this line (a cell split across lines?): kept as written, "
        "check the row and the next one"
    ]
    assert balanced.problems == []
