"""The collection: owned cards kept in the database, imported from have lists, untouched by card-data re-imports."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from carddb.db import CardDatabase
from carddb.demo import demo_card_data_path, demo_deck_path, ensure_demo_cards
from carddb.importing import import_lackey_file
from deckbuilder.cli import main
from deckbuilder.collection import Collection, CollectionError, deck_status, missing_copies
from deckbuilder.deckfiles import read_deck
from deckbuilder.export.proxies import ProxyOptions, plan_faces

HAVE_LIST = """Characters:
1\tAshen Howler
Combat:
2\tLow Feint
1x Rending Sweep
Sept:
3\tMoonshadow Cloak of Yore
"""


@pytest.fixture
def demo(tmp_path: Path) -> CardDatabase:
    db = CardDatabase(tmp_path / "db" / "cards.sqlite")
    ensure_demo_cards(db)
    yield db  # type: ignore[misc]
    db.close()


def _have_list(tmp_path: Path) -> Path:
    path = tmp_path / "have.txt"
    path.write_text(HAVE_LIST, encoding="utf-8")
    return path


def test_a_have_list_is_imported_and_unknown_cards_are_kept_and_reported(
    demo: CardDatabase, tmp_path: Path
) -> None:
    collection = Collection(demo)
    summary = collection.import_file(_have_list(tmp_path))
    assert summary.copies == 7
    assert summary.unknown == ["Moonshadow Cloak of Yore"]
    rows = {r.name: r for r in collection.rows()}
    assert rows["Low Feint"].count == 2
    assert not rows["Moonshadow Cloak of Yore"].known
    assert [r.name for r in collection.unknown()] == ["Moonshadow Cloak of Yore"]
    # Importing again adds copies; --replace starts over.
    collection.import_file(_have_list(tmp_path))
    assert collection.count("low feint") == 4
    collection.import_file(_have_list(tmp_path), replace=True)
    assert collection.count("Low Feint") == 2


def test_printings_are_kept_apart_and_counted_together(demo: CardDatabase) -> None:
    collection = Collection(demo)
    collection.set_count("Low Feint", "Demo", 1)
    collection.set_count("Low Feint", None, 2)
    assert collection.count("Low Feint", "Demo") == 1
    assert collection.count("Low Feint") == 3
    collection.set_count("Low Feint", "Demo", 0)
    assert collection.owned_map() == {"low feint": 2}


def test_bad_values_are_refused_and_change_nothing(demo: CardDatabase) -> None:
    collection = Collection(demo)
    collection.set_count("Low Feint", None, 2)
    with pytest.raises(CollectionError, match="between 0 and"):
        collection.set_counts([("Rending Sweep", None, 1), ("Twin Claws", None, -3)])
    with pytest.raises(CollectionError, match="surrogate"):
        collection.set_count("Bad \udc80 name", None, 1)
    assert collection.owned_map() == {"low feint": 2}  # the whole batch was refused


def test_card_data_reimport_and_upstream_rename_lose_nothing(demo: CardDatabase, tmp_path: Path) -> None:
    collection = Collection(demo)
    collection.import_file(_have_list(tmp_path))
    before = collection.rows()
    # Upstream renames Ashen Howler: the new card data no longer has the old name.
    renamed = tmp_path / "renamed.txt"
    renamed.write_text(
        demo_card_data_path().read_text(encoding="utf-8").replace("Ashen Howler", "Ashen Howler the Elder"),
        encoding="utf-8",
    )
    import_lackey_file(demo, renamed)
    demo.invalidate_caches()
    after = collection.rows()
    assert [(r.name, r.set_name, r.count) for r in after] == [(r.name, r.set_name, r.count) for r in before]
    exported = tmp_path / "out.json"
    collection.export_file(exported)
    names = {e.name for e in read_deck(exported).deck.entries}
    assert {"Ashen Howler", "Moonshadow Cloak of Yore", "Low Feint"} <= names


def test_a_version_2_database_gains_an_empty_collection(tmp_path: Path) -> None:
    # The schema-2 file written by the schema-2 code (seven cards), not today's tables with one dropped.
    path = tmp_path / "v2.sqlite"
    shutil.copyfile(Path(__file__).parents[1] / "carddb" / "fixtures" / "schema-v2.db", path)
    with CardDatabase(path) as db:
        assert db.card_count() == 7
        assert Collection(db).rows() == []
        Collection(db).set_count("Mari Cabrah", None, 1)
        assert Collection(db).count("Mari Cabrah") == 1


def test_deck_rows_show_owned_and_missing(demo: CardDatabase) -> None:
    deck = read_deck(demo_deck_path(), pool=demo).deck
    collection = Collection(demo)
    collection.set_counts([("Low Feint", "Demo", 1), ("Rending Sweep", None, 5)])
    status = deck_status(deck, collection.owned_map())
    assert status[("low feint", "Demo", False)].owned == 1
    assert status[("low feint", "Demo", False)].missing == 1
    assert status[("rending sweep", "Demo", False)].missing == 0
    assert missing_copies(deck, collection.owned_map()) == deck.total_cards() - 3


def test_proxies_print_only_the_missing_copies(demo: CardDatabase) -> None:
    deck = read_deck(demo_deck_path(), pool=demo).deck
    Collection(demo).set_counts([("Low Feint", None, 2), ("Rending Sweep", None, 1)])
    messages: list[str] = []
    every = plan_faces(deck, demo, ProxyOptions(both_sides=False), [])
    missing = plan_faces(
        deck, demo, ProxyOptions(both_sides=False, owned=Collection(demo).owned_map()), messages
    )
    assert len(every) - len(missing) == 3
    assert [f.name for f in missing].count("Rending Sweep") == 1
    assert "Low Feint" not in [f.name for f in missing]
    assert any("3 owned copies" in m for m in messages)


def _cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    return main(list(args), out=out, err=err), out.getvalue(), err.getvalue()


def test_cli_import_list_export(demo: CardDatabase, tmp_path: Path) -> None:
    db = str(demo.path)
    code, out, _ = _cli("collection", "import", str(_have_list(tmp_path)), "--db", db)
    assert code == 0
    assert "added 7 copies" in out
    assert "'Moonshadow Cloak of Yore' is not in the card database; kept as written" in out
    code, out, _ = _cli("collection", "list", "--db", db)
    assert "7 copies of 4 cards" in out
    assert "(unknown to the card database)" in out
    code, out, _ = _cli("collection", "list", "--unknown", "--db", db)
    assert "Low Feint" not in out and "Moonshadow" in out
    code, out, _ = _cli("collection", "export", str(tmp_path / "mine.dek"), "--db", db)
    assert code == 0 and "7 copies" in out
    code, _, err = _cli("collection", "import", str(tmp_path / "missing.txt"), "--db", db)
    assert code == 2 and "cannot read" in err


def test_cli_proxy_export_prints_missing_copies_by_default(demo: CardDatabase, tmp_path: Path) -> None:
    db = str(demo.path)
    Collection(demo).set_count("Low Feint", None, 2)
    base = ("export", str(demo_deck_path()), "--to", "proxies", "--db", db, "--one-side")
    code, missing, _ = _cli(*base, "-o", str(tmp_path / "missing.pdf"))
    assert code == 0
    code, every, _ = _cli(*base, "-o", str(tmp_path / "all.pdf"), "--all-copies")
    assert "wrote" in missing and ": 53 cards" in missing
    assert ": 55 cards" in every


LONG_NAME = "x" * 250


def _owned(collection: Collection) -> list[tuple[str, str, int]]:
    return [(r.name, r.set_name, r.count) for r in collection.rows()]


def test_a_replace_with_one_bad_line_changes_nothing_and_names_the_line(
    demo: CardDatabase, tmp_path: Path
) -> None:
    collection = Collection(demo)
    collection.import_file(_have_list(tmp_path))
    before = _owned(collection)
    bad = tmp_path / "bad.txt"
    bad.write_text(f"2 Low Feint\n1 {LONG_NAME}\n3 Rending Sweep\n", encoding="utf-8")
    code, _out, err = _cli("collection", "import", "--replace", str(bad), "--db", str(demo.path))
    assert code == 2
    assert "bad.txt, line 2: refused:" in err and "too long to be a card name (250 characters)" in err
    assert "not replaced" in err
    assert _owned(collection) == before
    with pytest.raises(CollectionError, match="not replaced"):
        collection.import_file(bad, replace=True)
    assert _owned(collection) == before


def test_a_replace_is_refused_whole_when_any_file_cannot_be_used(demo: CardDatabase, tmp_path: Path) -> None:
    collection = Collection(demo)
    collection.set_count("Twin Claws", None, 4)
    skipped = tmp_path / "skipped.txt"
    skipped.write_text("2 Low Feint\n5000 Rending Sweep\n", encoding="utf-8")  # a count no reader takes
    db = str(demo.path)
    for files in ([_have_list(tmp_path), tmp_path / "missing.txt"], [_have_list(tmp_path), skipped]):
        code, _out, err = _cli("collection", "import", "--replace", *map(str, files), "--db", db)
        assert code == 2, err
        assert _owned(collection) == [("Twin Claws", "", 4)]
    code, _out, err = _cli("collection", "import", "--replace", str(_have_list(tmp_path)), "--db", db)
    assert code == 0, err
    assert collection.count("Twin Claws") == 0 and collection.count("Low Feint") == 2


def test_a_have_list_with_one_bad_line_adds_its_good_lines_and_says_which_it_refused(
    demo: CardDatabase, tmp_path: Path
) -> None:
    bad = tmp_path / "bad.dek"
    bad.write_text(
        '<deck version="0.8"><superzone name="Combat">\n'
        "<card><name>Low Feint</name><set>Demo</set></card>\n"
        f"<card><name>{LONG_NAME}</name><set></set></card>\n"
        "<card><name>Rending Sweep</name><set></set></card>\n"
        "</superzone></deck>\n",
        encoding="utf-8",
    )
    code, out, err = _cli("collection", "import", str(bad), "--db", str(demo.path))
    assert code == 2
    assert "bad.dek, line 3: refused:" in err
    assert "added 2 copies (2 cards)" in out and "1 part of the file not added" in out
    assert _owned(Collection(demo)) == [("Low Feint", "Demo", 1), ("Rending Sweep", "", 1)]


def test_a_dek_export_keeps_any_printing_rows_unpinned(demo: CardDatabase, tmp_path: Path) -> None:
    collection = Collection(demo)
    collection.set_counts([("Low Feint", None, 2), ("Low Feint", "Demo", 1), ("Ashen Howler", None, 1)])
    before = _owned(collection)
    exported = tmp_path / "have.dek"
    collection.export_file(exported)
    assert "<set></set>" in exported.read_text(encoding="utf-8")
    collection.import_file(exported, replace=True)
    assert _owned(collection) == before
