"""Databases the CLI tests point `ragedeck` at (a test module may define its own of the same name)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import REAL_PLUGIN
from tests.deckbuilder.cli.helpers import demo_database, run


@pytest.fixture
def demo_db(tmp_path: Path) -> Path:
    """A database holding only the bundled demo set."""
    return demo_database(tmp_path / "demo" / "cards.sqlite")


@pytest.fixture
def real_db(shared_dir: Path, tmp_path: Path) -> Path:
    """A database with the real pool imported through the CLI."""
    path = tmp_path / "real" / "cards.sqlite"
    code, _out, err = run("import-cards", str(REAL_PLUGIN), "--db", str(path))
    assert code == 0, err
    return path
