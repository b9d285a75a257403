"""The synthetic card pool generator used by the benchmarks: realistic, deterministic, importable, legal decks."""

from __future__ import annotations

import importlib.util
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

from carddb.db import CardDatabase
from carddb.importing import import_path
from carddb.model import LACKEY_HEADER
from deckbuilder.deckfiles import parse_deck_text
from deckbuilder.legality import check_deck
from tests.conftest import PROJECT_ROOT


def load_generate() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "bench_generate", PROJECT_ROOT / "benchmarks" / "generate.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


generate = load_generate()
TYPE = LACKEY_HEADER.index("Type")
NAME = LACKEY_HEADER.index("Name")
SET = LACKEY_HEADER.index("Expansion")
TEXT = LACKEY_HEADER.index("Text")


def test_same_seed_same_files_other_seed_other_files(tmp_path: Path) -> None:
    first = generate.write_plugin(tmp_path / "a", 1500, seed=7)
    again = generate.write_plugin(tmp_path / "b", 1500, seed=7)
    other = generate.write_plugin(tmp_path / "c", 1500, seed=8)
    for key in ("carddata", "deck-60", "deck-300"):
        assert first[key].read_bytes() == again[key].read_bytes()
    assert first["carddata"].read_bytes() != other["carddata"].read_bytes()


def test_rows_have_the_lackey_shape_and_the_real_type_mix() -> None:
    pool = generate.generate_pool(6000, seed=3)
    assert len(pool.rows) == 6000
    assert all(len(row) == len(LACKEY_HEADER) for row in pool.rows)
    assert not any("\t" in cell or "\n" in cell for row in pool.rows for cell in row)
    types = Counter(row[TYPE] for row in pool.rows)
    characters = sum(n for t, n in types.items() if t.startswith("Character")) / 6000
    combat = sum(n for t, n in types.items() if t.startswith("Combat")) / 6000
    assert 0.19 < characters < 0.25
    assert 0.07 < combat < 0.11
    assert types["Gift"] > types["Rite"] > types["Realm"] > 0


def test_names_are_reprinted_sometimes_and_never_twice_in_one_set() -> None:
    pool = generate.generate_pool(4000, seed=5)
    printings = Counter(row[NAME] for row in pool.rows)
    assert sum(1 for n in printings.values() if n > 1) > 40
    assert len({(row[NAME], row[SET]) for row in pool.rows}) == len(pool.rows)


def test_fields_hold_quotes_and_odd_characters() -> None:
    pool = generate.generate_pool(4000, seed=5)
    names = " ".join(row[NAME] for row in pool.rows)
    texts = " ".join(row[TEXT] for row in pool.rows)
    for odd in ("’", "—", "é"):
        assert odd in names
    assert '"' in texts and "“" in texts
    lengths = sorted(len(row[TEXT]) for row in pool.rows)
    assert 120 < lengths[len(lengths) // 2] < 200
    assert lengths[-1] <= 420


def test_pool_imports_and_its_decks_are_legal(tmp_path: Path, tmp_db: CardDatabase) -> None:
    paths = generate.write_plugin(tmp_path / "pool", 3000, seed=11)
    report = import_path(tmp_db, tmp_path / "pool")
    distinct = {row[NAME] for row in generate.generate_pool(3000, seed=11).rows}
    assert report.rows_read == 3000
    # The only rows the importer questions are the few with an empty Type, put there on purpose.
    assert report.issues
    assert all("Type ''" in issue.reason for issue in report.issues)
    assert tmp_db.card_count() == len(distinct)
    for deck_name, size in (("deck-60", 60), ("deck-300", 300)):
        loaded = parse_deck_text(paths[deck_name].read_text(encoding="utf-8"), tmp_db)
        assert loaded.unknown == {} or not any(loaded.unknown.values())
        assert abs(loaded.deck.total_cards() - size) <= 6
        result = check_deck(loaded.deck, tmp_db)
        assert result.is_legal, [r.message for r in result.errors]
