"""Verdicts do not move through a redesign: every result of every deck fixture equals the golden report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.golden.golden import EXPECTED, EXPECTED_REALPOOL, SHARED, own_reports, realpool_reports, summarise


def _differences(expected: dict[str, object], found: dict[str, object]) -> list[str]:
    keys = sorted(set(expected) | set(found))
    return [
        f"{key}:\n  expected {expected.get(key)}\n  found    {found.get(key)}"
        for key in keys
        if expected.get(key) != found.get(key)
    ]


def test_every_fixture_deck_gets_its_golden_report(tmp_path: Path) -> None:
    expected = json.loads(EXPECTED.read_text(encoding="utf-8"))
    found = own_reports(tmp_path)
    differences = _differences(expected, found)
    assert not differences, "\n".join(differences[:10]) + f"\n({len(differences)} reports differ)"


def test_the_fixtures_reach_many_verdicts() -> None:
    # A golden set that only ever says LEGAL, or one code, would guard nothing.
    expected = json.loads(EXPECTED.read_text(encoding="utf-8"))
    codes = {result[0] for report in expected.values() for result in report["results"]}
    assert len(codes) >= 12
    assert {True, False} <= {report["legal"] for report in expected.values()}


@pytest.mark.realpool
def test_the_real_pool_decks_get_their_golden_reports(tmp_path: Path) -> None:
    if not (SHARED / "lackey-rage" / "sets" / "carddata.txt").is_file():
        pytest.skip("../shared/data is not present")
    expected = json.loads(EXPECTED_REALPOOL.read_text(encoding="utf-8"))
    summaries = summarise(realpool_reports(tmp_path))
    differences = _differences(expected, summaries)
    assert not differences, "\n".join(differences[:10]) + f"\n({len(differences)} reports differ)"
