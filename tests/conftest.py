"""Shared fixtures: temporary databases and the real card pool in ../shared (skipped when absent)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from carddb.db import CardDatabase

# A loaded 2-core CI machine makes single examples slow now and then: no per-example deadline, ever.
settings.register_profile(
    "ci", deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
settings.load_profile("ci")

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

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


@pytest.fixture
def tmp_db(tmp_path: Path) -> Iterator[CardDatabase]:
    """An empty, migrated card database in a temp folder."""
    db = CardDatabase(tmp_path / "db" / "cards.sqlite")
    yield db
    db.close()


@pytest.fixture
def shared_dir() -> Path:
    """The ../shared folder with the real card pool; skips the test when it is absent."""
    if not REAL_CARDDATA.is_file():
        pytest.skip("../shared/data is not present")
    return SHARED
