"""The user data rule (deckbuilder.userdata): read-modify-write under a lock that holds across processes (fcntl,
and the O_EXCL lock file used where there is no fcntl), stale locks broken, no link out, damaged files kept aside."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from deckbuilder import userdata
from deckbuilder.userdata import DamagedFile, UserFileError, keep_aside, locked, read_bytes, update
from tests.deckbuilder.together import run_together

ROUNDS = 25

_COUNTER = f"""
from pathlib import Path
from deckbuilder import userdata
userdata.USE_FCNTL = sys.argv[5] == "fcntl"
path = Path(sys.argv[4])

def parse(raw):
    return int(raw.decode())

for _ in range({ROUNDS}):
    userdata.update(path, path.parent, 100, parse, lambda n: str((n or 0) + 1).encode())
"""


@pytest.mark.parametrize("mechanism", ["fcntl", "exclusive file"])
def test_two_processes_counting_in_one_file_lose_no_step(tmp_path: Path, mechanism: str) -> None:
    if mechanism == "fcntl" and not userdata.USE_FCNTL:
        pytest.skip("no fcntl on this system")
    counter = tmp_path / "data" / "counter"
    counter.parent.mkdir()
    script = _COUNTER.replace("sys.argv[4]", repr(str(counter))).replace(
        'sys.argv[5] == "fcntl"', repr(mechanism == "fcntl")
    )
    run_together(script, 2)
    assert counter.read_text() == str(2 * ROUNDS)


def test_a_lock_file_left_by_a_dead_process_is_broken(tmp_path: Path) -> None:
    gone = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    )
    target = tmp_path / "printers.json"
    (tmp_path / ".printers.json.lock").write_text(gone.stdout.strip())
    with locked(target, timeout=30, use_fcntl=False):
        assert (tmp_path / ".printers.json.lock").read_text() == str(os.getpid())
    assert not (tmp_path / ".printers.json.lock").exists()


def test_a_lock_held_by_a_live_process_is_waited_for_then_refused(tmp_path: Path) -> None:
    target = tmp_path / "printers.json"
    for fcntl in (False, True) if userdata.USE_FCNTL else (False,):
        with (
            locked(target, use_fcntl=fcntl),
            pytest.raises(UserFileError, match="being changed by another program"),
            locked(target, timeout=0.2, use_fcntl=fcntl),
        ):
            pass


def test_a_link_leading_out_is_neither_read_nor_written(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    outside = tmp_path / "outside.txt"
    outside.write_text("mine")
    link = folder / "settings.json"
    link.symlink_to(outside)
    with pytest.raises(UserFileError, match="leads out of its folder"):
        read_bytes(link, folder, 100)
    with pytest.raises(UserFileError, match="leads out of its folder"):
        update(link, folder, 100, bytes, lambda old: b"new")
    assert outside.read_text() == "mine"


def test_damaged_content_is_kept_aside_before_it_is_replaced(tmp_path: Path) -> None:
    path = tmp_path / "counter"
    path.write_bytes(b"not a number")

    def parse(raw: bytes) -> int:
        if not raw.isdigit():
            raise DamagedFile("not a number")
        return int(raw)

    done = update(path, tmp_path, 100, parse, lambda n: b"1")
    assert done.written and done.before is None and done.kept_as is not None
    assert done.kept_as.read_bytes() == b"not a number" and path.read_bytes() == b"1"
    assert done.note() is not None and "\n" not in done.note() and done.kept_as.name in done.note()
    path.write_bytes(b"again")
    second = keep_aside(path)
    assert second != done.kept_as and second.read_bytes() == b"again"  # never onto an earlier copy


def test_every_writer_of_the_user_data_folder_goes_through_the_rule() -> None:
    """A module that finds its files in the user data folder writes them through deckbuilder.userdata, not by
    calling carddb.atomic itself (which would skip the lock, the link check and keeping damaged files aside)."""
    import re

    from tests.conftest import PROJECT_ROOT

    direct = re.compile(r"\batomic_(write_text|write_bytes|open)\(")
    offenders = [
        str(path.relative_to(PROJECT_ROOT))
        for path in sorted((PROJECT_ROOT / "deckbuilder").rglob("*.py"))
        if path.name != "userdata.py"
        and "user_data_dir" in (text := path.read_text(encoding="utf-8"))
        and direct.search(text)
    ]
    assert offenders == []
