"""Autosave files and the clean-exit marker that tells a crash from a normal quit (no widgets here)."""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

from carddb.atomic import atomic_write_text
from carddb.db import user_data_dir

AUTOSAVE_FOLDER = "autosave"
AUTOSAVE_DECK = "autosave.ragedeck"
AUTOSAVE_INFO = "autosave-info.json"
RUNNING_MARKER = "running.marker"


class AutosaveStore:
    """The autosave folder: one autosaved deck, where it came from, and a marker present while the app runs."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else user_data_dir() / AUTOSAVE_FOLDER

    @property
    def deck_path(self) -> Path:
        """The autosaved deck (native JSON)."""
        return self.folder / AUTOSAVE_DECK

    @property
    def info_path(self) -> Path:
        """Where the autosaved deck was last saved by the user, if anywhere."""
        return self.folder / AUTOSAVE_INFO

    @property
    def marker_path(self) -> Path:
        """Present from start to clean exit; left behind by a crash."""
        return self.folder / RUNNING_MARKER

    def crashed_with_autosave(self) -> bool:
        """True when the last session did not exit cleanly and left an autosaved deck."""
        return self.marker_path.is_file() and self.deck_path.is_file()

    def start_session(self) -> None:
        """Mark the app as running."""
        atomic_write_text(self.marker_path, json.dumps({"pid": os.getpid()}))

    def end_session(self) -> None:
        """Clean exit: remove the marker and the autosave (the user chose what to keep)."""
        self.discard()
        with contextlib.suppress(OSError):
            self.marker_path.unlink()

    def save(self, native_text: str, source: Path | None) -> None:
        """Write the autosave whole (never half a file)."""
        atomic_write_text(self.deck_path, native_text)
        atomic_write_text(self.info_path, json.dumps({"source": str(source) if source else ""}))

    def source(self) -> Path | None:
        """The file the autosaved deck belongs to, if it had one."""
        try:
            value = json.loads(self.info_path.read_text(encoding="utf-8")).get("source", "")
        except (OSError, ValueError, AttributeError):
            return None
        return Path(value) if isinstance(value, str) and value else None

    def discard(self) -> None:
        """Delete the autosave."""
        for path in (self.deck_path, self.info_path):
            with contextlib.suppress(OSError):
                path.unlink()
