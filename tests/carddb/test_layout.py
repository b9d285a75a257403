"""The card database package stays readable: no module over 600 lines."""

from __future__ import annotations

from pathlib import Path

import carddb

MAX_LINES = 600


def test_no_carddb_module_is_over_600_lines() -> None:
    root = Path(carddb.__file__).parent
    long = {
        str(path.relative_to(root)): n
        for path in root.rglob("*.py")
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}
