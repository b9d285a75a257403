"""A new database is created from frozen SQL (carddb/migrations/fresh.py) instead of SQLModel: that SQL must be what
SQLModel generates for today's tables, at today's version. After a change of the tables, write it again with
`python -m tests.carddb.test_fresh_schema > carddb/migrations/fresh.py` (then `ruff format` it)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from carddb import schema
from carddb.migrations import fresh
from carddb.versions import SCHEMA_VERSION

ROOT = Path(__file__).resolve().parents[2]


def frozen_module() -> str:
    """The text of carddb/migrations/fresh.py for today's tables (one literal per line of each statement)."""
    lines = [f'"""{(fresh.__doc__ or "").strip()}\n"""', "", "from __future__ import annotations", ""]
    lines += [f"VERSION = {SCHEMA_VERSION}", "", "STATEMENTS = ("]
    for statement in schema.create_statements():
        parts = statement.splitlines(keepends=True)
        if len(parts) == 1:
            lines.append(f"    {statement!r},")
            continue
        lines += ["    (", *(f"        {part!r}" for part in parts), "    ),"]
    return "\n".join([*lines, ")", ""])


def test_the_frozen_statements_are_what_the_tables_generate_today() -> None:
    assert fresh.VERSION == SCHEMA_VERSION, "the schema version moved: write carddb/migrations/fresh.py again"
    assert list(fresh.STATEMENTS) == schema.create_statements(), (
        "the tables changed: write carddb/migrations/fresh.py again (see this module's docstring)"
    )


def test_making_a_database_loads_no_sqlmodel(tmp_path: Path) -> None:
    """A first start makes the database: SQLModel, SQLAlchemy and pydantic are not loaded for it."""
    code = (
        "import sys; from carddb.db import CardDatabase; from carddb.demo import ensure_demo_cards\n"
        f"db = CardDatabase({str(tmp_path / 'cards.sqlite')!r}); assert ensure_demo_cards(db)\n"
        "print(sorted(m for m in ('sqlmodel', 'sqlalchemy', 'pydantic') if m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.strip() == "[]", done.stderr


if __name__ == "__main__":
    sys.stdout.write(frozen_module())
