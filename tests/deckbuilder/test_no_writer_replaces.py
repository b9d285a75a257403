"""No writer replaces what is not a regular file: a FIFO, a link to one, a socket or a device stays as it was.

Every writer of the program (each `export --to` kind, `collection export` in each have-list kind, `check --report`
as HTML and CSV, the deck save of the window, `write_deck`, and the duplex alignment sheet) is pointed at a FIFO nobody reads and at a link to
one; each must refuse at once (no hang), exit non-zero, and leave the FIFO a FIFO and the link a link.
"""

from __future__ import annotations

import os
import socket
import stat
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from carddb.db import CardDatabase
from carddb.demo import demo_deck_path
from deckbuilder.deckfiles import DeckFileError, read_deck, write_deck
from deckbuilder.deckfiles.kinds import DECK_FILE_KINDS
from deckbuilder.export import EXPORTS
from tests.carddb.test_bounded_readers import HANG
from tests.deckbuilder.cli.helpers import run

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="FIFOs and device nodes are POSIX")

# From the registries, so a new export or deck-file kind is in this test the day it is added.
EXPORT_KINDS = tuple(export.name for export in EXPORTS)
HAVE_LIST_SUFFIXES = tuple(kind.suffixes[0] for kind in DECK_FILE_KINDS)


@pytest.fixture
def owning_db(demo_db: Path) -> Path:
    """The demo database with a small collection (what `collection export` writes)."""
    code, _out, err = run("collection", "import", str(demo_deck_path()), "--db", str(demo_db))
    assert code == 0, err
    return demo_db


def _writers(db: Path) -> dict[str, Callable[[Path], tuple[int, str]]]:
    """Each writer as a function of its target: (exit code, what it printed on stderr)."""
    deck = str(demo_deck_path())
    writers: dict[str, Callable[[Path], tuple[int, str]]] = {}
    for kind in EXPORT_KINDS:
        writers[f"export --to {kind}"] = lambda target, kind=kind: run(
            "export", deck, "--to", kind, "-o", str(target), "--db", str(db), "--all-copies"
        )[::2]
    for suffix in HAVE_LIST_SUFFIXES:
        writers[f"collection export {suffix}"] = lambda target: run(
            "collection", "export", str(target), "--db", str(db)
        )[::2]
    for suffix in (".html", ".csv"):
        writers[f"check --report {suffix}"] = lambda target: run(
            "check", deck, "--report", str(target), "--db", str(db)
        )[::2]

    def save(target: Path) -> tuple[int, str]:
        with CardDatabase(db) as pool:
            loaded = read_deck(demo_deck_path(), pool=pool)
            try:
                write_deck(loaded.deck, target, pool=pool)
            except DeckFileError as exc:
                return 1, str(exc)
        return 0, ""

    writers["deck save"] = save
    writers["printer sheet"] = lambda target: run("printer", "sheet", "-o", str(target))[::2]
    return writers


WRITER_NAMES = [
    *(f"export --to {k}" for k in EXPORT_KINDS),
    *(f"collection export {s}" for s in HAVE_LIST_SUFFIXES),
    "check --report .html",
    "check --report .csv",
    "deck save",
    "printer sheet",
]


def _suffix(name: str) -> str:
    """The extension a writer's target needs (the kind of have list or report, a native deck)."""
    if name == "deck save":
        return ".json"
    return name.rsplit(" ", 1)[1] if name.startswith(("collection", "check")) else ""


@pytest.mark.parametrize("name", WRITER_NAMES)
@pytest.mark.parametrize("through_link", [False, True], ids=["fifo", "link-to-fifo"])
def test_no_writer_replaces_a_fifo_or_hangs_on_one(
    owning_db: Path, tmp_path: Path, name: str, through_link: bool
) -> None:
    suffix = _suffix(name)
    fifo = tmp_path / f"out{suffix}"
    os.mkfifo(fifo)
    target = fifo
    if through_link:
        target = tmp_path / f"link{suffix}"
        target.symlink_to(fifo.name)
    code, err = _writers(owning_db)[name](target)
    assert code != 0
    assert "nobody reads" in err
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    if through_link:
        assert os.path.islink(target) and os.readlink(target) == fifo.name
    assert sorted(p.name for p in tmp_path.iterdir() if p != owning_db.parent) == sorted(
        {fifo.name, target.name}
    )  # no temp file left


@pytest.mark.parametrize("name", WRITER_NAMES)
def test_no_writer_replaces_a_socket(owning_db: Path, tmp_path: Path, name: str) -> None:
    path = tmp_path / f"s{_suffix(name)}"
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(path))
        code, err = _writers(owning_db)[name](path)
        assert code != 0
        assert "a socket stands there" in err
        assert stat.S_ISSOCK(os.lstat(path).st_mode)


@pytest.mark.parametrize("name", ["export --to native", "export --to decklist", "check --report .csv"])
def test_a_fifo_with_a_reader_gets_the_whole_content_as_a_stream(
    owning_db: Path, tmp_path: Path, name: str
) -> None:
    suffix = _suffix(name)
    fifo = tmp_path / f"pipe{suffix}"
    os.mkfifo(fifo)
    # Our read end is open before the writer starts (so it finds a reader); a thread drains it meanwhile.
    read_end = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    # Our own write end, open for the whole run, so the reader sees the end of the stream only once we close it:
    # never before the writer under test has opened the pipe, nor while it is still writing.
    our_write_end = os.open(fifo, os.O_WRONLY)
    os.set_blocking(read_end, True)
    received: list[bytes] = []

    def drain() -> None:
        while chunk := os.read(read_end, 1 << 16):  # blocks until there is data or the end of the stream
            received.append(chunk)

    thread = threading.Thread(target=drain, daemon=True)
    thread.start()
    try:
        code, err = _writers(owning_db)[name](fifo)
    finally:
        os.close(our_write_end)  # the writer under test has closed its end too: the stream ends here
        thread.join(HANG)
        os.close(read_end)
    assert not thread.is_alive(), "the reader never saw the end of the stream"
    assert code == 0, err
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    data = b"".join(received)
    expected = {
        "export --to native": b'"name"',
        "export --to decklist": b"%PDF-",
        "check --report .csv": b"file,",
    }
    assert expected[name] in data[:200]


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="mknod needs root")
def test_a_null_device_is_written_as_a_stream_and_any_other_device_is_refused(
    owning_db: Path, tmp_path: Path
) -> None:
    # Our own device nodes in a temp folder: the machine's /dev/null is never touched by a test.
    null_device = os.stat(os.devnull).st_rdev
    null_node = tmp_path / "null"
    os.mknod(null_node, stat.S_IFCHR | 0o666, null_device)
    zero_node = tmp_path / "zero"
    os.mknod(zero_node, stat.S_IFCHR | 0o666, os.makedev(1, 5))
    deck = str(demo_deck_path())
    code, _out, err = run("export", deck, "--to", "decklist", "-o", str(null_node), "--db", str(owning_db))
    assert code == 0, err
    assert stat.S_ISCHR(os.lstat(null_node).st_mode) and os.lstat(null_node).st_rdev == null_device
    code, _out, err = run("export", deck, "--to", "text", "-o", str(zero_node), "--db", str(owning_db))
    assert code != 0 and "a device other than the null device" in err
    assert stat.S_ISCHR(os.lstat(zero_node).st_mode)
