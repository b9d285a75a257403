"""Fuzz the card sources a game may name (Lackey card data, JSON): any bytes are imported as far as they are sound
or refused with a reason; nothing else is raised, and a refused file changes nothing."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carddb.db import CardDatabase
from deckbuilder.games.cardimport import GameCardImportError, import_game_card_file
from deckbuilder.games.loader import load_game
from tests.deckbuilder.games.lackey_game import GAME, HEADER, ROWS, install_game
from tests.deckbuilder.games.test_card_sources import _install

FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
PIECES = st.sampled_from(
    ["\t", "\n", "\r\n", '"', "Stone Wall", "Set", "Alpha", "-1", "99999999999", "\x00", "é", "\ud800", "{", "}",
     "[", "]", ":", ",", "null", '"Cost"', "ImageFile", "../../etc/passwd", "Name"]
)  # fmt: skip


def _import_or_refuse(db: CardDatabase, game: str, path: Path) -> None:
    before = db.path.read_bytes()
    try:
        data = import_game_card_file(db, load_game(game), path, path.name)
    except GameCardImportError as exc:
        assert str(exc)
        assert db.path.read_bytes() == before  # a refusal writes nothing
        return
    for issue in data.issues:
        assert issue.reason  # every problem says why


@FUZZ
@given(rows=st.lists(st.lists(PIECES, max_size=8).map("".join), max_size=8))
def test_any_lackey_card_data_imports_or_is_refused(tmp_db: CardDatabase, rows: list[str]) -> None:
    install_game()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "carddata.txt"
        text = "\n".join([HEADER, *ROWS[:2], *rows])
        path.write_bytes(text.encode("utf-8", "surrogatepass"))  # a lone surrogate: bytes that are not UTF-8
        _import_or_refuse(tmp_db, GAME, path)


@FUZZ
@given(text=st.lists(PIECES, max_size=30).map("".join))
def test_any_json_card_file_imports_or_is_refused(tmp_db: CardDatabase, text: str) -> None:
    _install("json")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "cards.json"
        path.write_bytes(text.encode("utf-8", "surrogatepass"))
        _import_or_refuse(tmp_db, "skyward", path)
