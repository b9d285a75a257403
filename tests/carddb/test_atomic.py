"""Atomic writes: all or nothing, and files with the permissions a normal new file gets."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest

from carddb.atomic import atomic_open, atomic_write_text


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_new_file_gets_normal_permissions_and_a_replaced_one_keeps_its_own(tmp_path: Path) -> None:
    old_umask = os.umask(0o022)
    try:
        fresh = tmp_path / "fresh.pdf"
        with atomic_open(fresh) as handle:
            handle.write(b"%PDF-")
        assert stat.S_IMODE(fresh.stat().st_mode) == 0o644
        private = tmp_path / "private.pdf"
        private.write_bytes(b"old")
        private.chmod(0o600)
        with atomic_open(private) as handle:
            handle.write(b"new")
        assert private.read_bytes() == b"new"
        assert stat.S_IMODE(private.stat().st_mode) == 0o600
    finally:
        os.umask(old_umask)


def test_a_failure_half_way_leaves_the_old_file_and_no_temp_file(tmp_path: Path) -> None:
    target = tmp_path / "deck.json"
    atomic_write_text(target, "old")
    with pytest.raises(RuntimeError), atomic_open(target) as handle:
        handle.write(b"half")
        raise RuntimeError("disk full")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["deck.json"]
