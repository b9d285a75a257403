"""Autosave slots: each window's own autosaved deck, guarded by a lock that dies with its process (no widgets here).

Every window owns one slot folder under `autosave/`: the deck, where it came from, and a `QLockFile` held while the
window lives. A slot whose lock can be taken belongs to no live window: with a deck in it, a window crashed (or was
killed) and the next start offers that deck back; without one, it is left-over and removed. A slot whose lock is
held belongs to a live window, and nothing here reads, claims or deletes it. Its files follow deckbuilder.userdata's
rule (the slot's lock is the one writer's; written whole; never read or written through a link leading out).
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLockFile

from carddb.db import user_data_dir
from deckbuilder.ui.translation import fill
from deckbuilder.userdata import UserFileError, plain_file, read_bytes, write_bytes

AUTOSAVE_FOLDER = "autosave"
SLOT_PREFIX = "window-"
AUTOSAVE_DECK = "autosave.ragedeck"
AUTOSAVE_INFO = "autosave-info.json"
LOCK_FILE = "window.lock"
MAX_INFO_BYTES = 1 << 16
# Before slots, one autosave lay in the folder itself with this marker while the app ran.
LEGACY_MARKER = "running.marker"


class AutosaveSlot:
    """One window's autosave folder, held through its lock file by the process that owns it."""

    def __init__(self, folder: Path, lock: QLockFile) -> None:
        self.folder = folder
        self._lock: QLockFile | None = lock

    @classmethod
    def try_claim(cls, folder: Path) -> AutosaveSlot | None:
        """Take the slot when no live process holds it (a dead owner's lock is stale); None otherwise."""
        lock = QLockFile(str(folder / LOCK_FILE))
        lock.setStaleLockTime(0)  # stale only when its process is gone, never for age: windows live for hours
        if not lock.tryLock(0):
            return None
        return cls(folder, lock)

    @property
    def deck_path(self) -> Path:
        """The autosaved deck (native JSON)."""
        return self.folder / AUTOSAVE_DECK

    @property
    def info_path(self) -> Path:
        """The deck's name and the file it belongs to."""
        return self.folder / AUTOSAVE_INFO

    def has_deck(self) -> bool:
        """True when the slot holds an autosaved deck."""
        return plain_file(self.deck_path)  # a link (leading out, maybe) is never offered back

    def save(self, native_text: str, source: Path | None, name: str = "") -> None:
        """Write the autosave whole (never half a file)."""
        info = json.dumps({"source": str(source) if source else "", "name": name})
        try:
            write_bytes(self.deck_path, self.folder, native_text.encode("utf-8"))  # never through a link out
            write_bytes(self.info_path, self.folder, info.encode("utf-8"))
        except UserFileError as exc:
            raise OSError(str(exc)) from exc  # the window reports a failed autosave, whatever the cause

    def _info(self) -> dict[str, object]:
        try:
            raw = read_bytes(self.info_path, self.folder, MAX_INFO_BYTES)
            value = json.loads(raw.decode("utf-8")) if raw is not None else {}
        except (OSError, ValueError, RecursionError):
            return {}
        return value if isinstance(value, dict) else {}

    def source(self) -> Path | None:
        """The file the autosaved deck belongs to, if it had one."""
        value = self._info().get("source", "")
        return Path(value) if isinstance(value, str) and value else None

    def deck_name(self) -> str:
        """The autosaved deck's name as last saved here ("" when unknown)."""
        value = self._info().get("name", "")
        return value if isinstance(value, str) else ""

    def discard(self) -> None:
        """Delete the autosaved deck (the slot stays this window's)."""
        for path in (self.deck_path, self.info_path):
            with contextlib.suppress(OSError):
                path.unlink()

    def remove(self) -> None:
        """Delete the deck, give up the lock and remove the folder (a clean exit or a declined restore)."""
        self.discard()
        self.release()
        with contextlib.suppress(OSError):
            self.folder.rmdir()  # fails harmlessly when a starting window has just locked it to look inside

    def release(self) -> None:
        """Give up the lock and keep the files, as a killed process does: a later start will offer the deck."""
        if self._lock is not None:
            self._lock.unlock()
            self._lock = None


class AutosaveStore:
    """The autosave folder: this window's own slot, and the slots that windows which died left behind."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else user_data_dir() / AUTOSAVE_FOLDER
        self.own: AutosaveSlot | None = None

    def claim_orphans(self) -> list[AutosaveSlot]:
        """Lock every slot no live window holds; empty ones are removed, those with a deck returned, newest first."""
        if not self.folder.is_dir():
            return []
        self._adopt_legacy_autosave()
        found: list[tuple[float, AutosaveSlot]] = []
        for folder in sorted(self.folder.iterdir()):
            if not folder.name.startswith(SLOT_PREFIX) or folder.is_symlink() or not folder.is_dir():
                continue
            if self.own is not None and folder == self.own.folder:
                continue
            slot = AutosaveSlot.try_claim(folder)
            if slot is None:
                continue  # a live window's: never touched
            if not slot.has_deck():
                slot.remove()
                continue
            try:
                found.append((slot.deck_path.stat().st_mtime, slot))
            except OSError:
                slot.release()
        found.sort(key=lambda item: -item[0])
        return [slot for _mtime, slot in found]

    def _adopt_legacy_autosave(self) -> None:
        """Move a crashed session's autosave from the one-file layout of earlier versions into a slot of its own."""
        deck, marker = self.folder / AUTOSAVE_DECK, self.folder / LEGACY_MARKER
        if not (deck.is_file() and marker.is_file()) or deck.is_symlink():
            return
        slot = self._new_slot()
        try:
            os.replace(deck, slot.deck_path)
            info = self.folder / AUTOSAVE_INFO
            if info.is_file() and not info.is_symlink():
                os.replace(info, slot.info_path)
            marker.unlink()
        finally:
            slot.release()  # now an orphan like any other: the scan that follows offers it

    def _new_slot(self) -> AutosaveSlot:
        self.folder.mkdir(parents=True, exist_ok=True)
        # 12 random hex digits, as uuid4().hex[:12] gave: importing uuid (and the platform module it loads) cost
        # every start ~11 M instructions.
        folder = self.folder / f"{SLOT_PREFIX}{os.getpid()}-{os.urandom(6).hex()}"
        folder.mkdir()
        slot = AutosaveSlot.try_claim(folder)
        if slot is None:
            raise OSError(
                fill(QCoreApplication.translate("AutosaveStore", "cannot lock %1"), folder / LOCK_FILE)
            )
        return slot

    def start_session(self, adopt: AutosaveSlot | None = None) -> None:
        """Own a slot for this window: the restored one, or a new one."""
        self.own = adopt if adopt is not None else self._new_slot()

    def end_session(self) -> None:
        """Clean exit: remove this window's slot (the user chose what to keep)."""
        if self.own is not None:
            self.own.remove()
            self.own = None

    def abandon(self) -> None:
        """Let go of this window's slot and keep its deck, as a crash would (a later start offers it back)."""
        if self.own is not None:
            self.own.release()
            self.own = None

    @property
    def deck_path(self) -> Path | None:
        """This window's autosaved deck file (None before the session starts)."""
        return self.own.deck_path if self.own is not None else None

    def save(self, native_text: str, source: Path | None, name: str = "") -> None:
        """Write this window's autosave (OSError when the window has no slot)."""
        if self.own is None:
            raise OSError(
                QCoreApplication.translate("AutosaveStore", "autosave is not running for this window")
            )
        self.own.save(native_text, source, name)

    def discard(self) -> None:
        """Delete this window's autosaved deck."""
        if self.own is not None:
            self.own.discard()
