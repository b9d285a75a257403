"""Atomic writes: all or nothing, and files with the permissions a normal new file gets."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest

from carddb.atomic import UnsafeTargetError, atomic_open, atomic_write_text


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


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX links")
def test_a_link_to_a_file_writes_the_file_and_keeps_the_link(tmp_path: Path) -> None:
    real = tmp_path / "decks" / "real.json"
    real.parent.mkdir()
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    atomic_write_text(link, "new")
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text() == "new"
    assert sorted(p.name for p in real.parent.iterdir()) == ["real.json"]


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX links")
def test_a_link_to_nothing_and_a_folder_are_refused_and_left_alone(tmp_path: Path) -> None:
    dangling = tmp_path / "dangling.json"
    dangling.symlink_to(tmp_path / "nowhere" / "x.json")
    with pytest.raises(UnsafeTargetError, match="does not exist") as caught:
        atomic_write_text(dangling, "x")
    assert caught.value.filename == str(dangling)  # as an open() error would name it
    assert dangling.is_symlink() and not (tmp_path / "nowhere").exists()
    folder = tmp_path / "folder.json"
    folder.mkdir()
    with pytest.raises(UnsafeTargetError, match="a folder stands there"):
        atomic_write_text(folder, "x")
    assert folder.is_dir() and not any(folder.iterdir())


@pytest.mark.skipif(not Path("/dev/fd").is_dir(), reason="needs /dev/fd")
def test_a_failed_write_into_a_pipe_sends_nothing(tmp_path: Path) -> None:
    read_end, write_end = os.pipe()
    try:
        with pytest.raises(RuntimeError), atomic_open(f"/dev/fd/{write_end}") as handle:
            handle.write(b"half a file")
            raise RuntimeError("export failed")
        os.close(write_end)
        write_end = -1
        assert os.read(read_end, 100) == b""
    finally:
        os.close(read_end)
        if write_end >= 0:
            os.close(write_end)
