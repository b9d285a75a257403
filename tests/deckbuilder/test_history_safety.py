"""A deck's history under the user data rule: two saves at once lose no version, Save As over a deck keeps that
deck's own history, hostile folders and index entries are skipped (never a crash, never a file outside read or
replaced), and any index or folder name a fuzzer makes loses no version."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckbuilder.deck import Deck
from deckbuilder.deckfiles import write_deck
from deckbuilder.document import DeckDocument
from deckbuilder.history import INDEX, DeckHistory, saved_at
from tests.deckbuilder.together import run_together

SAVES_PER_PROCESS = 10

_SAVER = f"""
from pathlib import Path
from deckbuilder.deck import Deck
from deckbuilder.deckfiles import write_deck
from deckbuilder.document import DeckDocument

path = Path(sys.argv[4])
for n in range({SAVES_PER_PROCESS}):
    deck = Deck(name="Pack")
    deck.add(f"Card {{worker}} {{n}}", 1)
    document = DeckDocument()
    document.replace(deck, path)
    problem = document.save(path, lambda p: write_deck(document.deck, p), None)
    assert problem is None, problem
"""


def _save(path: Path, card: str, previous: Path | None = None) -> str | None:
    deck = Deck(name="Pack")
    deck.add(card, 1)
    document = DeckDocument()
    document.replace(deck, previous if previous is not None else path)
    return document.save(path, lambda p: write_deck(document.deck, p), None)


def test_two_processes_saving_one_deck_at_once_lose_no_version(tmp_path: Path) -> None:
    path = tmp_path / "pack.ragedeck"
    _save(path, "First card")
    script = _SAVER.replace("sys.argv[4]", repr(str(path)))
    data = os.environ["RAGEDECK_DATA_DIR"]
    run_together(script, 2, {"RAGEDECK_DATA_DIR": data})
    history = DeckHistory()
    versions = history.versions(path)
    kept = [history.version_path(path, v).read_bytes() for v in versions]
    # every version holds the bytes its index entry names (no process wrote into another's folder)
    import hashlib

    assert [hashlib.sha256(b).hexdigest() for b in kept] == [v.sha256 for v in versions]
    # every deck that was ever saved is the file now or a kept version
    contents = {*kept, path.read_bytes()}
    cards = {line for content in contents for line in content.decode().splitlines() if "Card " in line}
    for worker in range(2):
        for n in range(SAVES_PER_PROCESS):
            assert any(f"Card {worker} {n}" in line for line in cards), (worker, n)
    assert len(versions) == 2 * SAVES_PER_PROCESS  # the first file and every save but the last


def test_save_as_over_a_deck_with_its_own_history_keeps_that_history(tmp_path: Path) -> None:
    mine, theirs = tmp_path / "mine.ragedeck", tmp_path / "theirs.ragedeck"
    for card in ("Mine 1", "Mine 2"):
        _save(mine, card)
    for card in ("Theirs 1", "Theirs 2", "Theirs 3"):
        _save(theirs, card)
    history = DeckHistory()
    before = [history.version_path(theirs, v).read_bytes() for v in history.versions(theirs)]
    assert len(before) == 2
    replaced = theirs.read_bytes()
    assert _save(theirs, "Mine 3", previous=mine) is None  # Save As mine over theirs
    after = [history.version_path(theirs, v).read_bytes() for v in history.versions(theirs)]
    assert after[: len(before)] == before and replaced in after


def test_a_folder_with_an_impossible_date_is_skipped(tmp_path: Path) -> None:
    path = tmp_path / "pack.ragedeck"
    _save(path, "One")
    _save(path, "Two")
    history = DeckHistory()
    bogus = history.folder(path) / "v000099-20261399T999999Z"
    bogus.mkdir()
    (bogus / "pack.ragedeck").write_text("{}")
    assert saved_at(bogus.name) is None
    assert [v.folder for v in history.versions(path)] == [history.versions(path)[0].folder]
    _save(path, "Three")
    assert len(history.versions(path)) == 2


@pytest.mark.parametrize(
    "entry",
    [
        {"file": "pack\0.ragedeck"},
        {"file": "../../outside.ragedeck"},
        {"file": "/etc/hostname"},
        {"date": "2026-13-45T99:99:99\0"},
        {"sha256": ["not", "text"]},
    ],
)
def test_a_hostile_index_entry_is_never_followed(tmp_path: Path, entry: dict[str, object]) -> None:
    path = tmp_path / "pack.ragedeck"
    _save(path, "One")
    _save(path, "Two")
    history = DeckHistory()
    good = history.versions(path)
    index = history.folder(path) / INDEX
    document = json.loads(index.read_text())
    document["versions"][0].update(entry)
    index.write_text(json.dumps(document))
    versions = history.versions(path)
    for version in versions:
        history.read(path, version)  # never raises on a NUL, never reads outside
    assert versions == good  # rebuilt from the folders: nothing lost, nothing outside named
    for version in versions:
        assert history.version_path(path, version).resolve().is_relative_to(history.folder(path).resolve())


def test_an_index_link_out_of_the_history_is_neither_read_nor_replaced(tmp_path: Path) -> None:
    path = tmp_path / "pack.ragedeck"
    _save(path, "One")
    _save(path, "Two")
    history = DeckHistory()
    index = history.folder(path) / INDEX
    outside = tmp_path / "precious.json"
    outside.write_text('{"mine": true}')
    index.unlink()
    index.symlink_to(outside)
    _save(path, "Three")
    assert outside.read_text() == '{"mine": true}'
    assert len(history.versions(path)) == 2


def test_a_version_file_linking_out_is_not_listed(tmp_path: Path) -> None:
    path = tmp_path / "pack.ragedeck"
    _save(path, "One")
    _save(path, "Two")
    history = DeckHistory()
    (version,) = history.versions(path)
    outside = tmp_path / "secret.ragedeck"
    outside.write_text("secret")
    kept = history.version_path(path, version)
    kept.unlink()
    kept.symlink_to(outside)
    (history.folder(path) / INDEX).unlink()
    assert history.versions(path) == []


NAMES = st.text(st.characters(codec="utf-8"), max_size=30) | st.sampled_from(
    [
        "..",
        ".",
        "/",
        "v000001-20260101T000000Z",
        "v000001-20261301T000000Z",
        "v999999-00000000T000000Z",
        "a\0b",
    ]
)


@pytest.mark.slow
@settings(max_examples=60)
@given(
    entries=st.lists(
        st.dictionaries(
            st.sampled_from(["folder", "file", "date", "kind", "fingerprint", "summary", "sha256"]),
            NAMES,
            max_size=3,
        ),
        max_size=3,
    ),
    folders=st.lists(NAMES, max_size=3),
)
def test_fuzz_any_index_entries_and_folder_names_lose_no_version(
    tmp_path_factory: pytest.TempPathFactory, entries: list[dict[str, str]], folders: list[str]
) -> None:
    root = tmp_path_factory.mktemp("fuzz")
    path = root / "pack.ragedeck"
    history = DeckHistory(root=root / "history")
    for card in ("One", "Two"):
        deck = Deck(name="Pack")
        deck.add(card, 1)
        history.keep(path)
        write_deck(deck, path)
    history.keep(path)
    before = history.versions(path)
    assert len(before) == 2
    folder = history.folder(path)
    for name in folders:
        try:
            (folder / name).mkdir()
        except (OSError, ValueError):
            continue
    index = json.loads((folder / INDEX).read_text())
    for number, change in enumerate(entries):
        if number < len(index["versions"]):
            index["versions"][number].update(change)  # a kept version's entry changed
        else:
            index["versions"].append(change)  # an entry of its own
    (folder / INDEX).write_text(json.dumps(index))
    versions = history.versions(path)
    assert [v.sha256 for v in versions] == [v.sha256 for v in before]
    for version in versions:
        assert history.version_path(path, version).resolve().is_relative_to(folder.resolve())
        assert saved_at(version.folder) is not None


def test_a_deck_folder_linking_out_of_the_history_is_neither_read_nor_written(tmp_path: Path) -> None:
    path = tmp_path / "pack.ragedeck"
    _save(path, "One")
    history = DeckHistory()
    outside = tmp_path / "elsewhere"
    planted = outside / "v000001-20260101T000000Z"
    planted.mkdir(parents=True)
    (planted / "pack.ragedeck").write_text("planted")
    history.root.mkdir(parents=True, exist_ok=True)
    history.folder(path).symlink_to(outside, target_is_directory=True)
    assert history.versions(path) == []
    problem = _save(path, "Two")
    assert problem is not None and "leads out of its folder" in problem
    assert sorted(p.name for p in outside.iterdir()) == ["v000001-20260101T000000Z"]
    assert "Two" in path.read_text()  # the save itself went ahead
