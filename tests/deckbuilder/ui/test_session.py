"""Several windows: each owns its autosave; a window never claims or deletes a live one's; a killed one's comes back."""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QMessageBox

from carddb.demo import demo_deck_path
from deckbuilder.deck import Deck
from deckbuilder.deckfiles import deck_to_native
from deckbuilder.ui.session import AutosaveStore

ROOT = Path(__file__).resolve().parents[3]
DRIVER = Path(__file__).with_name("window_process.py")
Choice = QMessageBox.StandardButton
# Generous: a bound against a hung child on a loaded machine, never a measure of speed.
WAIT_S = 180


def _demo_copy(folder: Path, name: str) -> Path:
    path = folder / name
    path.write_text(demo_deck_path().read_text(encoding="utf-8"), encoding="utf-8")
    return path


def test_a_second_window_neither_offers_nor_deletes_the_first_windows_autosave(
    tmp_path: Path,
    make_window,  # type: ignore[no-untyped-def]
    answers,  # type: ignore[no-untyped-def]
) -> None:
    deck_file = _demo_copy(tmp_path, "mine.ragedeck")
    first = make_window()
    first.start_session()
    assert first.open_deck(deck_file, ask_first=False)
    first.add_card("Rotting Overseer")
    assert first.autosave_now()
    first_autosave = first.autosave.deck_path

    answers.restore = False  # were it asked, the second window would delete what it was offered
    second = make_window()
    second.start_session()
    assert answers.asked_restore == 0
    assert second.autosave.deck_path != first_autosave
    second.add_card("Bark Hide")
    assert second.autosave_now()
    answers.save_changes = Choice.Discard
    assert second.close()  # a clean quit removes only its own slot
    assert first_autosave is not None and first_autosave.is_file()

    first.autosave.abandon()  # now the first dies
    answers.restore = True
    third = make_window()
    third.start_session()
    assert answers.offered == [("Demo Gaia pack", deck_file)]
    assert third.deck.count_of("Rotting Overseer") == 1
    assert third.deck_path == deck_file
    assert third.isWindowModified()


def test_two_dead_windows_are_offered_one_per_start(tmp_path: Path) -> None:
    root = tmp_path / "autosave"
    for name in ("one", "two"):
        store = AutosaveStore(root)
        store.start_session()
        store.save(deck_to_native(Deck(name=name)), tmp_path / f"{name}.ragedeck", name)
        store.abandon()
    offered: list[str] = []
    for _ in range(2):
        store = AutosaveStore(root)
        orphans = store.claim_orphans()
        assert len(orphans) == 2 - len(offered)
        chosen, *others = orphans
        offered.append(chosen.deck_name())
        for slot in others:
            slot.release()  # this start restores one deck; the others wait for the next
        store.start_session(chosen)
        store.end_session()  # restored, edited, saved, quit
    assert sorted(offered) == ["one", "two"]
    assert AutosaveStore(root).claim_orphans() == []


class _Window:
    """A `ragedeck` window in its own process, read line by line with a bounded wait."""

    def __init__(self, tmp: Path, name: str, db: Path, *extra: str) -> None:
        self.control = tmp / f"control-{name}"
        self.control.mkdir()
        env = dict(os.environ)
        env.update(QT_QPA_PLATFORM="offscreen", HOME=str(tmp / "home"), PYTHONPATH=str(ROOT))
        command = [sys.executable, str(DRIVER), "--db", str(db), "--control", str(self.control), *extra]
        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT
        )
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line)
        self.lines.put("")

    def until(self, event: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """The first line of this event, and every line before it."""
        before: list[dict[str, Any]] = []
        while True:
            line = self.lines.get(timeout=WAIT_S)
            if not line:
                stderr = self.process.stderr.read() if self.process.stderr else ""
                raise AssertionError(f"the window exited before {event!r}: {stderr[-2000:]}")
            record = json.loads(line)
            if record["event"] == event:
                return record, before
            before.append(record)

    def quit(self) -> int:
        (self.control / "quit").write_text("", encoding="utf-8")
        return self.process.wait(timeout=WAIT_S)

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=WAIT_S)


def test_killed_window_comes_back_after_a_second_window_came_and_went(tmp_path: Path) -> None:
    db = tmp_path / "cards.sqlite"
    deck_file = _demo_copy(tmp_path, "pack.ragedeck")
    first = _Window(tmp_path, "first", db, "--deck", str(deck_file), "--add", "Rotting Overseer")
    second: _Window | None = None
    try:
        ready, before = first.until("ready")
        assert ["Rotting Overseer", 1] in ready["deck"]
        assert not [r for r in before if r["event"] == "offered"]

        second = _Window(tmp_path, "second", db, "--answer", "no")
        _ready, before = second.until("ready")
        assert [r for r in before if r["event"] == "offered"] == []  # the first is alive: nothing to restore
        assert second.quit() == 0

        first.kill()
        third = _Window(tmp_path, "third", db, "--answer", "yes")
        ready, before = third.until("ready")
        offers = [r for r in before if r["event"] == "offered"]
        assert offers == [{"event": "offered", "name": "Demo Gaia pack", "source": str(deck_file)}]
        assert ["Rotting Overseer", 1] in ready["deck"]
        assert ready["path"] == str(deck_file)
        assert third.quit() == 0

        fourth = _Window(tmp_path, "fourth", db)
        _ready, before = fourth.until("ready")
        assert [r for r in before if r["event"] == "offered"] == []  # restored and quit: offered once only
        assert fourth.quit() == 0
    finally:
        for window in (first, second):
            if window is not None and window.process.poll() is None:
                window.kill()


def test_a_crash_autosave_of_the_one_file_layout_is_offered_once(
    tmp_path: Path,
    make_window,  # type: ignore[no-untyped-def]
    answers,  # type: ignore[no-untyped-def]
) -> None:
    from carddb.db import user_data_dir

    folder = user_data_dir() / "autosave"
    folder.mkdir(parents=True, exist_ok=True)
    deck = Deck(name="Before the upgrade")
    deck.add("Bark Hide", 2)
    source = tmp_path / "old.ragedeck"
    (folder / "autosave.ragedeck").write_text(deck_to_native(deck), encoding="utf-8")
    (folder / "autosave-info.json").write_text(json.dumps({"source": str(source)}), encoding="utf-8")
    (folder / "running.marker").write_text(json.dumps({"pid": 1}), encoding="utf-8")

    answers.restore = True
    window = make_window()
    window.start_session()
    assert answers.offered == [("", source)]
    assert window.deck.count_of("Bark Hide") == 2
    assert not (folder / "running.marker").exists() and not (folder / "autosave.ragedeck").exists()
