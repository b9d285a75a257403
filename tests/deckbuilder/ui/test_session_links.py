"""Autosave slots under the user data rule: a slot file that is a link leading out is never written through
and never offered back."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckbuilder.ui.session import AUTOSAVE_DECK, AutosaveSlot


def test_an_autosave_link_leading_out_is_neither_written_nor_offered(tmp_path: Path) -> None:
    folder = tmp_path / "autosave" / "window-1"
    folder.mkdir(parents=True)
    outside = tmp_path / "precious.ragedeck"
    outside.write_text("mine")
    (folder / AUTOSAVE_DECK).symlink_to(outside)
    slot = AutosaveSlot.try_claim(folder)
    assert slot is not None
    try:
        assert not slot.has_deck()
        with pytest.raises(OSError, match="leads out of its folder"):
            slot.save('{"name": "x"}', None, "x")
        assert outside.read_text() == "mine"
    finally:
        slot.release()
