"""An import stages its rows in a temporary table, remembering only a hash of each (name, set) key."""

from __future__ import annotations

from pathlib import Path

import pytest

import carddb.staging
from carddb.db import CardDatabase
from carddb.importing import import_path
from tests.carddb.test_importing import row, write_card_data

ROWS = 2_500  # more than one batch: earlier rows are read back from the table, later ones from the batch


@pytest.mark.parametrize("colliding", [False, True])
def test_duplicates_are_found_among_thousands_of_rows_even_when_every_key_hashes_alike(
    tmp_db: CardDatabase, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, colliding: bool
) -> None:
    if colliding:  # every (name, set) key gets one hash: only the keys themselves can tell rows apart
        monkeypatch.setattr(carddb.staging, "hash", lambda _key: 7, raising=False)
    rows = [row(f"Card {n}", "Alpha", Text=f"First {n}.") for n in range(ROWS)]
    rows.append(row("CARD 0", "Alpha", Text="Again, far below."))  # the first row's key, long since written
    rows.append(row(f"Card {ROWS - 1}", "Alpha", Text="Again, near."))  # a key still in the last batch
    rows.append(row("Card 5", "Beta", Text="Another set."))  # same name, other set: a second printing
    report = import_path(tmp_db, write_card_data(tmp_path / "cards.txt", rows))

    assert report.rows_read == ROWS + 3 and report.cards_added == ROWS and report.printings_added == ROWS + 1
    duplicates = [(i.line, i.reason) for i in report.suspicious if "also appears" in i.reason]
    assert duplicates == [
        (
            ROWS + 2,
            f"'CARD 0' in set 'Alpha' also appears at line 2 of {tmp_path / 'cards.txt'}: this later row wins",
        ),
        (
            ROWS + 3,
            f"'Card {ROWS - 1}' in set 'Alpha' also appears at line {ROWS + 1} of {tmp_path / 'cards.txt'}: "
            "this later row wins",
        ),
    ]
    first = tmp_db.lookup("Card 0")
    assert first is not None and first.text == "Again, far below." and first.name == "CARD 0"
    last = tmp_db.lookup(f"Card {ROWS - 1}")
    assert last is not None and last.text == "Again, near."
    five = tmp_db.lookup("Card 5")
    assert five is not None and sorted(p.set_name for p in five.printings) == ["Alpha", "Beta"]
    assert tmp_db.lookup("Card 1234") is not None


def test_a_card_repeated_on_every_row_costs_one_note_and_no_read_back_per_row(
    tmp_db: CardDatabase, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 10⁶ Lackey rows of one card once took 287 s and 1.5 GB (10⁶ distinct rows: 360 MiB): a note and a read-back
    # of the replaced row per row. A repeat of a repeat now costs a counter, whatever the rows' number.
    repeats = (
        3 * carddb.staging._BATCH + 17
    )  # over several batches: replaced rows are in the table, not Python
    reads: list[int] = []
    real_line_of = carddb.staging.Stage._line_of

    def counted_line_of(self: carddb.staging.Stage, seq: int) -> tuple[int, str]:
        reads.append(seq)
        return real_line_of(self, seq)

    monkeypatch.setattr(carddb.staging.Stage, "_line_of", counted_line_of)
    rows = [row("Claw Rake", "Alpha", Text=f"Take {n}.") for n in range(repeats)]
    rows += [row("Moon Bridge", "Alpha"), row("Moon Bridge", "Alpha")]  # another card, repeated once
    report = import_path(tmp_db, write_card_data(tmp_path / "cards.txt", rows))

    assert report.rows_read == repeats + 2 and report.cards_added == 2 and report.printings_added == 2
    said = [(i.line, i.reason) for i in report.suspicious]
    source = tmp_path / "cards.txt"
    assert said == [
        (3, f"'Claw Rake' in set 'Alpha' also appears at line 2 of {source}: this later row wins"),
        (
            repeats + 3,
            f"'Moon Bridge' in set 'Alpha' also appears at line {repeats + 2} of {source}: this later row wins",
        ),
        (
            0,
            f"{repeats - 2} more rows repeat a card and set whose repeat is noted above: the last row of each wins",
        ),
    ]
    assert len(reads) == 2  # the replaced row read back once per card, not once per row
    claw = tmp_db.lookup("Claw Rake")
    assert claw is not None and claw.text == f"Take {repeats - 1}."  # the last row wins
