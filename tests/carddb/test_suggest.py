"""Near names for unknown cards: rapidfuzz over the real database, computed once per name until the cards change."""

from __future__ import annotations

import pytest
import rapidfuzz.process

from carddb.db import CardDatabase
from carddb.demo import ensure_demo_cards
from carddb.importing import import_path


@pytest.fixture
def demo(tmp_db: CardDatabase) -> CardDatabase:
    assert ensure_demo_cards(tmp_db)
    return tmp_db


def test_a_misspelt_name_and_a_part_of_a_name_are_suggested(demo: CardDatabase) -> None:
    assert demo.suggest("Ashen Howlr")[0] == "Ashen Howler"
    assert "Greyhide the Unbound" in demo.suggest("unbound")
    assert demo.suggest("") == [] and demo.suggest("Ashen Howlr", limit=0) == []
    assert len(demo.suggest("e", limit=2)) <= 2


def test_suggestions_are_cached_until_the_cards_change(
    demo: CardDatabase, monkeypatch: pytest.MonkeyPatch, tmp_path: object
) -> None:
    calls = [0]
    real = rapidfuzz.process.extract

    def counting(*args: object, **kwargs: object) -> object:
        calls[0] += 1
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(rapidfuzz.process, "extract", counting)
    first = demo.suggest("Ashen Howlr")
    assert demo.suggest("ashen  howlr") == first
    assert calls[0] == 1
    demo.invalidate_caches()
    assert demo.suggest("Ashen Howlr") == first
    assert calls[0] == 2


def test_a_new_card_is_suggested_after_an_import(demo: CardDatabase, tmp_path: object) -> None:
    from pathlib import Path

    assert "Ashen Howlers Den" not in demo.suggest("Ashen Howlers Dem")
    data = Path(str(tmp_path)) / "more.txt"
    data.write_text(
        "Name\tExpansion\tImageFile\tType\tText\nAshen Howlers Den\tExtra\tden\tLocation\tA den.\n",
        encoding="utf-8",
    )
    import_path(demo, data)
    assert demo.suggest("Ashen Howlers Dem")[0] == "Ashen Howlers Den"


def test_a_huge_or_broken_name_is_answered(demo: CardDatabase) -> None:
    assert isinstance(demo.suggest("Ashen Howler " * 10_000), list)
    assert isinstance(demo.suggest("Ashen\ud800Howler"), list)
