"""Shared fixtures: temporary databases and the real card pool in ../shared (skipped when absent)."""

from __future__ import annotations

import gc
import importlib.util
import io
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

# Without the dev extras the suite cannot run: say so once, with the command, instead of a wall of ImportErrors.
_DEV_EXTRAS = {
    "hypothesis": "hypothesis",
    "pytestqt": "pytest-qt",
    "xdist": "pytest-xdist",
    "pypdf": "pypdf",
    "img2pdf": "img2pdf",
}
_MISSING = [package for module, package in _DEV_EXTRAS.items() if importlib.util.find_spec(module) is None]
if _MISSING:
    pytest.exit(
        f"the tests need the dev extras, missing: {', '.join(_MISSING)}; install them with: "
        "pip install -e '.[dev]'",
        returncode=4,
    )


def _keep_bytecode_outside_the_tree() -> None:
    """Let the suite's processes cache compiled modules even where PYTHONDONTWRITEBYTECODE is set, in a folder outside
    the source tree (PYTHONPYCACHEPREFIX), so the tree stays as clean as that setting keeps it.

    The suite starts dozens of Python processes (the twenty-process database test, the scale audits, two xdist
    workers); without a cache each compiles every module it imports again, a third of a minute of CPU in all."""
    if not os.environ.get("PYTHONDONTWRITEBYTECODE") or sys.pycache_prefix:
        return
    prefix = (
        Path(tempfile.gettempdir()) / f"ragedeck-test-bytecode-{os.getuid() if hasattr(os, 'getuid') else 0}"
    )
    os.environ.pop("PYTHONDONTWRITEBYTECODE")
    os.environ["PYTHONPYCACHEPREFIX"] = str(prefix)
    sys.pycache_prefix = str(prefix)
    sys.dont_write_bytecode = False


_keep_bytecode_outside_the_tree()

# A tmpfs of at least this much free room takes the tests' temporary folders.
_MEMORY_TEMP_MIN_FREE = 2 << 30


def _temporary_folders_in_memory(root: Path = Path("/dev/shm")) -> None:
    """Put tmp_path's folders on a tmpfs where the machine has a roomy one (Linux's /dev/shm), unless the developer
    chose a place (PYTEST_DEBUG_TEMPROOT, --basetemp).

    A run makes about 25,000 files and folders. On a disk mounted with online discard (as the developers' is) each
    unlink waits for the disk: pytest deleting the run from three runs ago, at the end of every run, took half a
    minute of the command's time; SQLite's syncs wait for it too. Nothing a test checks depends on the disk."""
    if "PYTEST_DEBUG_TEMPROOT" in os.environ or any(a.startswith("--basetemp") for a in sys.argv):
        return
    try:
        room = os.statvfs(root)
    except OSError:
        return
    if room.f_bavail * room.f_frsize >= _MEMORY_TEMP_MIN_FREE and os.access(root, os.W_OK | os.X_OK):
        os.environ["PYTEST_DEBUG_TEMPROOT"] = str(root)


_temporary_folders_in_memory()

from hypothesis import HealthCheck, settings  # noqa: E402 - after the dev-extras check

from carddb.db import CardDatabase  # noqa: E402

# A loaded 2-core CI machine makes single examples slow now and then: no per-example deadline, ever.
settings.register_profile(
    "ci", deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
settings.load_profile("ci")

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Messages follow the system language: the suite reads English unless a test asks for another language.
for _variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_variable, None)
os.environ["LANG"] = "C.UTF-8"

PROJECT_ROOT = Path(__file__).resolve().parent.parent
SHARED = PROJECT_ROOT.parent / "shared"
REAL_PLUGIN = SHARED / "data" / "lackey-rage"
REAL_CARDDATA = REAL_PLUGIN / "sets" / "carddata.txt"
REAL_JSON = SHARED / "data" / "json" / "rage_cards.json"
REAL_DECKS = SHARED / "data" / "decks"


@pytest.fixture(autouse=True)
def _isolated_user_dirs(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Never touch the real user's data folder or database from a test."""
    data_dir = tmp_path_factory.mktemp("userdata")
    monkeypatch.setenv("RAGEDECK_DATA_DIR", str(data_dir))
    monkeypatch.setenv("RAGEDECK_DB", str(data_dir / "cards.sqlite"))


@pytest.fixture(autouse=True)
def _language_follows_the_system_again() -> Iterator[None]:
    """A test that chose a language (`--lang pt_BR` run in-process) leaves the next one in English."""
    yield
    from deckbuilder import i18n

    i18n.set_language(None)


@pytest.fixture
def tmp_db(tmp_path: Path) -> Iterator[CardDatabase]:
    """An empty, migrated card database in a temp folder."""
    from tests.databases import new_database

    db = CardDatabase(new_database(tmp_path / "db" / "cards.sqlite"))
    yield db
    db.close()


@pytest.fixture
def shared_dir() -> Path:
    """The ../shared folder with the real card pool; skips the test when it is absent."""
    if not REAL_CARDDATA.is_file():
        pytest.skip("../shared/data is not present")
    return SHARED


@pytest.fixture(scope="session")
def real_pool_copy(tmp_path_factory: pytest.TempPathFactory) -> Callable[[Path], Path]:
    """Fresh copies of a database holding the real card pool: `copy(folder)` gives the path of the copy's database
    in `folder` (a new folder), to change as a test likes. The pool is imported once per test process, as a player
    does (`ragedeck import-cards PLUGIN`), instead of once per test or module. Skips when ../shared is absent."""
    if not REAL_CARDDATA.is_file():
        pytest.skip("../shared/data is not present")
    from deckbuilder.cli import main

    template = tmp_path_factory.mktemp("realpool-template")
    out, err = io.StringIO(), io.StringIO()
    with (
        pytest.MonkeyPatch.context() as patch
    ):  # the session's set-up, too, never touches the user's own folder
        patch.setenv("RAGEDECK_DATA_DIR", str(tmp_path_factory.mktemp("realpool-userdata")))
        code = main(
            ["import-cards", str(REAL_PLUGIN), "--db", str(template / "cards.sqlite")], out=out, err=err
        )
    assert code == 0, err.getvalue()

    def copy(folder: Path) -> Path:
        shutil.copytree(template, folder, ignore=shutil.ignore_patterns("*.lock"))
        return folder / "cards.sqlite"

    return copy


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow tests first (their files first, under xdist's --dist loadfile): the longest work starts at once beside
    everything else instead of being left to run alone at the end."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)  # stable: the rest keep their order


def pytest_collection_finish(session: pytest.Session) -> None:
    """Leave what collection built (the modules, 2,000 test items, their parameters) out of the garbage collector's
    full passes: it lives as long as the run, and each pass went over all of it again, the collector's CPU time
    in a run 13.9 -> 10.1 s."""
    gc.collect()
    gc.freeze()
