"""The library benchmark lists and checks every deck it made (a figure over fewer decks would flatter it)."""

from __future__ import annotations

from pathlib import Path

from carddb.db import CardDatabase
from carddb.demo import demo_deck_path, ensure_demo_cards
from tests.benchmarks.test_run import load

library = load("library")


def test_the_benchmark_checks_every_deck_it_lists(tmp_path: Path) -> None:
    db_path = tmp_path / "cards.sqlite"
    with CardDatabase(db_path) as db:
        ensure_demo_cards(db)
    text = tmp_path / "list.txt"
    text.write_text("2\tAshen Howler\n", encoding="utf-8")
    found = library.measure_library(db_path, [demo_deck_path(), text], count=12)
    assert (found["decks"], found["checked"]) == (12, 12)
    assert found["cached_ms"] > 0 and found["walk_ms"] > 0
