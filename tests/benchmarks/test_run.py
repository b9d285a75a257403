"""The benchmark harness's baselines are honest: they fetch exactly the rows and count the browser shows."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from carddb.db import CardDatabase
from carddb.importing import import_path
from carddb.normalize import normalize_name
from carddb.search import SearchRow, count_matches, search
from tests.conftest import PROJECT_ROOT


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"bench_{name}", PROJECT_ROOT / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


run = load("run")
generate = load("generate")


def test_search_baselines_fetch_the_same_page_and_count_as_the_browser(
    tmp_path: Path, tmp_db: CardDatabase
) -> None:
    generate.write_plugin(tmp_path / "pool", 3000, 7)
    import_path(tmp_db, tmp_path / "pool")
    page = 50
    for query, free_words, page_sql, count_sql, params in run.QUERIES:
        count = int(tmp_db.reader.execute(count_sql, params).fetchone()[0])
        if query != "shadow t:gift":  # the raw floor matches a type token; search matches a Type substring
            assert count == count_matches(tmp_db, query), query
        if not free_words:
            continue
        ranks = [int(r[0]) for r in tmp_db.reader.execute(page_sql, (*params, page))]
        shown = search(tmp_db, query, limit=page)
        # The browser puts the cards the typed words name (whole, then names they begin) first; the rest of its
        # page is the raw page's order without them.
        words = normalize_name(query.strip('"'))
        pinned: list[int] = []
        for row in shown:
            if not normalize_name(row.name).startswith(words):
                break
            pinned.append(row.id)
        expected = [r.id for r in shown if r.id not in pinned]
        ids = [
            int(tmp_db.reader.execute("SELECT id FROM card WHERE name_rank = ?", (rank,)).fetchone()[0])
            for rank in ranks
        ]
        assert [i for i in ids if i not in pinned][: len(expected)] == expected, query
        # Both do the same amount of work: one page of rows (the browser's first page) and one count.
        assert run.raw_page_and_count(tmp_db, page_sql, count_sql, params, page) == len(ranks) + count
        # The reference baseline fetches the same cards as rows of the columns the browser shows.
        rows = tmp_db.reader.execute(run.FTS_PAGE_SHOWN, (*params, page)).fetchall()
        assert [int(r[0]) for r in rows] == ids and {len(r) for r in rows} <= {len(SearchRow._fields)}, query


def test_goals_are_judged_met_or_not_met() -> None:
    assert run.goal(1.5, 1.5).endswith("MET") and "NOT" not in run.goal(1.5, 1.5)
    assert run.goal(1.51, 1.5).endswith("NOT MET")


def test_a_missed_goal_is_listed_for_the_exit_status() -> None:
    results = run.Results()
    results.add("1,600", "met", 1.0, "ms", "base", 1.0, run.goal(1.0, 3.0))
    results.add("1,600", "missed", 4.0, "ms", "base", 1.0, run.goal(4.0, 3.0))
    results.add("1,600", "not judged", 9.0, "ms", "base", 1.0)
    assert [row.measure for row in results.missed] == ["missed"]


def test_the_batch_is_a_tournament_folder_of_text_and_dek_decks_read_alike(
    tmp_path: Path, tmp_db: CardDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    import json
    import subprocess

    import_path(tmp_db, PROJECT_ROOT / "tests" / "golden" / "pool")
    deck = tmp_path / "deck.txt"
    names = [card.name for card in tmp_db.all_cards()][:3]
    deck.write_text("".join(f"1\t{name}\n" for name in names), encoding="utf-8")
    monkeypatch.setattr(run.measure, "_SCRATCH", tmp_path / "scratch")
    (tmp_path / "scratch").mkdir()
    copies = run.tournament_folder("1,600", tmp_db.path, deck)
    assert len(copies) == run.BATCH_DECKS
    assert {Path(c).suffix for c in copies[:2]} == {".txt", ".dek"}
    assert sum(c.endswith(".dek") for c in copies) == run.BATCH_DECKS // 2
    command = run.check_commands(tmp_db.path, deck, [copies[0], copies[1]])[2][0]
    done = subprocess.run(command, capture_output=True, text=True, env=run.child_env(), check=False)
    assert done.returncode in (0, 1), done.stderr
    totals = [report["totals"] for report in json.loads(done.stdout)["decks"]]
    assert len(totals) == 2 and totals[0] == totals[1]  # the .dek copy is the same deck as the text list
