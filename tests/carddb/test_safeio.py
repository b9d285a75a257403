"""Bounded reads of hostile paths: FIFOs, devices and folders are refused at once, big files by their size."""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path

import pytest

from carddb.safeio import UnsafeFileError, is_regular_file, open_regular, read_regular_bytes

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="FIFOs and /dev are POSIX")


def test_a_regular_file_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_bytes(b"4\tFull Moon\n")
    assert read_regular_bytes(path, 100) == b"4\tFull Moon\n"
    assert is_regular_file(path)


def test_a_file_over_the_cap_is_refused_with_its_size(tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    path.write_bytes(b"x" * 101)
    with pytest.raises(UnsafeFileError, match="101 bytes"):
        read_regular_bytes(path, 100)
    assert read_regular_bytes(path, 101) == b"x" * 101


@posix_only
def test_a_fifo_without_writer_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "deck.dek"
    os.mkfifo(fifo)
    outcome: list[BaseException] = []

    def read() -> None:
        try:
            read_regular_bytes(fifo, 100)
        except BaseException as exc:  # the test asserts on what was raised
            outcome.append(exc)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(timeout=30)
    assert not reader.is_alive(), "reading a FIFO blocked"
    assert isinstance(outcome[0], UnsafeFileError)
    assert "named pipe" in str(outcome[0])
    assert not is_regular_file(fifo)


@posix_only
@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/null"])
def test_devices_are_refused_before_reading(device: str) -> None:
    if not os.path.exists(device):
        pytest.skip(f"{device} is absent")
    with pytest.raises(UnsafeFileError, match="a device"):
        read_regular_bytes(device, 1 << 30)


def test_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        open_regular(tmp_path)


def test_a_sparse_file_is_refused_by_its_size_not_read(tmp_path: Path) -> None:
    sparse = tmp_path / "sparse.txt"
    with sparse.open("wb") as handle:
        handle.truncate(3 * 1024**3)  # 3 GB that take no disk
    with pytest.raises(UnsafeFileError, match="too large"):
        read_regular_bytes(sparse, 10 * 1024**2)
