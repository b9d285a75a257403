"""The deck builder's readers of player files open regular files only, size-capped, before reading a byte.

Another game's card CSV (`import-cards --game`, and a user game's own cards.csv), a have list, and one deck of an
organiser's folder: a FIFO, /dev/zero, /dev/urandom or a 3 GB sparse file is refused at once with its reason, and
the rest of the work goes on.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from carddb.demo import demo_deck_path
from deckbuilder.games.cards import shipped_pool
from deckbuilder.games.loader import load_game
from tests.carddb.test_bounded_readers import KINDS, REASONS, finishes, hostile
from tests.deckbuilder.cli.helpers import run_bounded
from tests.deckbuilder.games.user_files import tiny_game, user_game

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="FIFOs and /dev are POSIX")


@pytest.mark.parametrize("kind", KINDS)
def test_another_games_card_csv_is_refused_at_once(demo_db: Path, tmp_path: Path, kind: str) -> None:
    # The devices are named themselves: import-cards refuses a link before it looks further.
    target = hostile(kind, tmp_path, "cards.csv") if kind in ("fifo", "sparse") else Path(f"/dev/{kind}")
    code, _out, err = run_bounded("import-cards", "--game", "lithic-rage", str(target), "--db", str(demo_db))
    assert code != 0
    assert ("too large for card data" if kind == "sparse" else REASONS[kind]) in err


@pytest.mark.parametrize("kind", ["fifo", "sparse"])
def test_a_user_games_cards_file_that_is_no_regular_file_gives_no_cards(kind: str) -> None:
    folder = user_game("stones", tiny_game("stones", cards="cards.csv"))
    hostile(kind, folder, "cards.csv")
    pool = finishes(lambda: shipped_pool(load_game("stones")))
    assert pool.cards() == []


@pytest.mark.parametrize("kind", KINDS)
def test_a_have_list_that_is_no_regular_file_is_refused_and_the_collection_kept(
    demo_db: Path, tmp_path: Path, kind: str
) -> None:
    code, _out, err = run_bounded("collection", "import", str(demo_deck_path()), "--db", str(demo_db))
    assert code == 0, err
    target = hostile(kind, tmp_path, "have.txt")
    code, _out, err = run_bounded("collection", "import", "--replace", str(target), "--db", str(demo_db))
    assert code == 2 and "cannot read" in err
    expected = "too large to be a deck" if kind == "sparse" else REASONS[kind]
    assert expected in err
    code, out, _err = run_bounded("collection", "list", "--db", str(demo_db))
    assert "55 copies" in out


def test_one_hostile_deck_in_an_organisers_folder_is_reported_and_the_others_checked(
    demo_db: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "event"
    folder.mkdir()
    (folder / "alice - gaia.json").write_bytes(demo_deck_path().read_bytes())
    kinds = ["fifo", "sparse"]  # a link in the folder (to a device) is never followed by the folder walk
    for kind in kinds:
        hostile(kind, folder, f"{kind}.dek")
    report = tmp_path / "report.csv"
    code, _out, err = run_bounded("check", str(folder), "--report", str(report), "--db", str(demo_db))
    assert code == 2
    rows = report.read_text(encoding="utf-8").splitlines()
    by_file = {Path(row.split(",")[0]).name: row for row in rows[1:]}
    assert ",legal," in by_file["alice - gaia.json"]
    for kind in kinds:
        assert ",unreadable," in by_file[f"{kind}.dek"], err
