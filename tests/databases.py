"""New card databases for the tests, copied from one made once per test process.

Making a database (its schema, then the demo set's import) costs a tenth of a second; the suite asks for one a
thousand times. A copy of the closed file is the same database, made in two milliseconds."""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path

from carddb.db import CardDatabase
from carddb.demo import ensure_demo_cards

# The closed template file of each kind: an empty database (False) and one holding the demo set (True).
_TEMPLATES: dict[bool, Path] = {}


def _template(demo: bool) -> Path:
    """The kind's template, made on first ask in a folder removed when the process ends."""
    template = _TEMPLATES.get(demo)
    if template is None:
        folder = Path(tempfile.mkdtemp(prefix="ragedeck-test-db-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        template = folder / "cards.sqlite"
        with CardDatabase(template) as db:
            assert not demo or ensure_demo_cards(db)
        # Closed, the write-ahead log is folded into the file: the file alone is the whole database.
        assert not template.with_name(template.name + "-wal").exists()
        _TEMPLATES[demo] = template
    return template


def new_database(path: Path, *, demo: bool = False) -> Path:
    """A new card database at `path` (which must not exist yet): empty and migrated, or with the demo set."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        raise FileExistsError(path)
    shutil.copyfile(_template(demo), path)
    return path
