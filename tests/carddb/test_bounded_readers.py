"""Card-data readers open regular files only, with a size cap, before reading a byte.

A FIFO (with no writer: reading it would wait forever), /dev/zero and /dev/urandom (endless), and a 3 GB sparse file
(a size no card data has) given as a Lackey card data file, a plugininfo.txt or a JSON card file are refused at
once with a reason, and the database is left as it was.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from carddb.db import CardDatabase
from carddb.images import ImageRefused, check_image
from carddb.importing import CardImportError, import_json, import_lackey_plugin, import_path
from carddb.lackey import MAX_CARD_DATA_BYTES, open_card_data, read_plugin_info

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="FIFOs and /dev are POSIX")

SPARSE_BYTES = 3 << 30
HANG = 120.0  # seconds: only a reader that waits on a FIFO forever comes near this


def finishes(call: Callable[[], Any]) -> Any:
    """The call's result (or exception) when it returns; fails the test when it hangs (on a FIFO)."""
    outcome: list[Any] = []

    def run() -> None:
        try:
            outcome.append(("ok", call()))
        except BaseException as exc:  # handed to the test thread
            outcome.append(("raised", exc))

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(HANG)
    assert outcome, "the reader hung"
    kind, value = outcome[0]
    if kind == "raised":
        raise value
    return value


def hostile(kind: str, folder: Path, name: str) -> Path:
    """A path of the given hostile kind named `name` in `folder` (devices are linked to, never created)."""
    path = folder / name
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "sparse":
        with path.open("wb") as handle:
            handle.truncate(SPARSE_BYTES)
    else:
        path.symlink_to(f"/dev/{kind}")
    return path


KINDS = ["fifo", "zero", "urandom", "sparse"]
REASONS = {
    "fifo": "not a regular file (a named pipe)",
    "zero": "not a regular file (a device)",
    "urandom": "not a regular file (a device)",
    "sparse": "too large",
}


@pytest.mark.parametrize("kind", KINDS)
def test_a_card_data_file_or_plugininfo_that_is_no_regular_file_is_refused_at_once(
    tmp_path: Path, kind: str
) -> None:
    target = hostile(kind, tmp_path, "carddata.txt")
    with pytest.raises(OSError, match=r"not a regular file|too large"):
        finishes(lambda: open_card_data(target))
    with pytest.raises(OSError, match=r"not a regular file|too large"):
        finishes(lambda: read_plugin_info(target))


def test_the_card_data_cap_is_far_above_real_card_data() -> None:
    assert MAX_CARD_DATA_BYTES >= 512 * 1024 * 1024 and MAX_CARD_DATA_BYTES < SPARSE_BYTES


@pytest.mark.parametrize("kind", KINDS)
def test_a_json_card_file_that_is_no_regular_file_is_refused_with_its_reason(
    tmp_db: CardDatabase, tmp_path: Path, kind: str
) -> None:
    target = hostile(kind, tmp_path, "cards.json")
    with pytest.raises(CardImportError) as caught:
        finishes(lambda: import_json(tmp_db, target))
    expected = "larger than" if kind == "sparse" else REASONS[kind]
    assert expected in str(caught.value)
    assert tmp_db.card_count() == 0


def test_a_sparse_card_data_file_is_refused_whole_before_any_row(
    tmp_db: CardDatabase, tmp_path: Path
) -> None:
    target = hostile("sparse", tmp_path, "carddata.txt")
    with pytest.raises(CardImportError, match="too large"):
        finishes(lambda: import_path(tmp_db, target))
    assert tmp_db.card_count() == 0


@pytest.mark.parametrize("kind", ["fifo", "sparse"])
def test_a_plugininfo_that_is_no_regular_file_is_reported_and_the_cards_still_import(
    tmp_db: CardDatabase, tmp_path: Path, kind: str
) -> None:
    plugin = tmp_path / "plugin"
    (plugin / "sets").mkdir(parents=True)
    (plugin / "sets" / "carddata.txt").write_text(
        "Name\tSet\tType\nAshen Howler\tDemo\tCharacter\n", encoding="utf-8"
    )
    hostile(kind, plugin, "plugininfo.txt")
    report = finishes(lambda: import_lackey_plugin(tmp_db, plugin))
    assert report.cards_added == 1
    assert any("cannot read plugininfo.txt" in i.reason and REASONS[kind] in i.reason for i in report.issues)


@pytest.mark.parametrize("kind", KINDS)
def test_an_image_that_is_no_regular_file_is_refused_at_once(tmp_path: Path, kind: str) -> None:
    # A card image of the database folder, or a card back a player names, replaced by a FIFO or a device.
    target = hostile(kind, tmp_path, "card.jpg")
    with pytest.raises(ImageRefused) as caught:
        finishes(lambda: check_image(target))
    assert ("too large" if kind == "sparse" else REASONS[kind]) in str(caught.value)
