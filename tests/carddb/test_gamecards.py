"""One card store: another game's cards live beside Rage's in the same tables, searched by the same language."""

from __future__ import annotations

import json

import pytest

from carddb.db import CardDatabase
from carddb.demo import ensure_demo_cards
from carddb.query import GameField, SearchFields
from carddb.search import QuerySyntaxError, count_matches, search

FIELDS = SearchFields(
    (
        GameField("name", "text", ("n",)),
        GameField("type", "text", ("t",)),
        GameField("cost", "number"),
        GameField("tier", "words"),
        GameField("text", "text"),
    )
)


def _row(
    name: str, kind: str, cost: int | None, tier: list[str], text: str, line: int
) -> tuple[str, str, str, int]:
    return (name, kind, json.dumps({"cost": cost, "tier": tier, "text": text}), line)


CARDS = [
    _row("Fire Bolt", "Spell", 2, ["1"], "Deal 2 damage.", 2),
    _row("Ice Wall", "Spell - Ward", 3, ["Legendary"], "Blocks a moon beam.", 3),
    _row("Moon Knight", "Unit", 5, ["2", "Legendary"], "Guards the moon bridge.", 4),
    _row("Empty Cost", "Unit", None, [], "No cost at all.", 5),
]


@pytest.fixture
def db(tmp_db: CardDatabase) -> CardDatabase:
    ensure_demo_cards(tmp_db)  # Rage's demo cards beside the other game's
    tmp_db.store_game_cards("tiny", CARDS, "tiny.csv")
    return tmp_db


def _names(db: CardDatabase, query: str) -> list[str]:
    return [row.name for row in search(db, query)]


def test_each_game_reads_only_its_own_cards(db: CardDatabase) -> None:
    tiny = db.for_game("tiny", FIELDS)
    assert tiny.names() == ["Empty Cost", "Fire Bolt", "Ice Wall", "Moon Knight"]
    assert tiny.card_count() == 4
    assert db.card_count() == len(db.names()) and "Fire Bolt" not in db.names()
    assert db.lookup("Fire Bolt") is None
    knight = tiny.lookup("moon knight")
    assert knight is not None and knight.game == "tiny" and knight.words("tier") == ("2", "Legendary")
    assert [p.set_name for p in knight.printings] == [""]  # one printing each
    assert db.game_names() == ["tiny"]
    # Rage's search never shows another game's card, and the other way round.
    assert "Moon Knight" not in _names(db, "moon")
    assert _names(tiny, "moon") == ["Moon Knight", "Ice Wall"]  # a name begun by the words first, as for Rage


def test_another_games_matches_are_ordered_by_its_own_fields(db: CardDatabase) -> None:
    tiny = db.for_game("tiny", FIELDS)
    by_cost = [row.name for row in search(tiny, "", order="cost")]
    assert by_cost == [
        "Empty Cost",
        "Fire Bolt",
        "Ice Wall",
        "Moon Knight",
    ]  # no cost first, as for Rage's numbers
    assert [row.name for row in search(tiny, "-n:fire", limit=2, order="cost", descending=True)] == [
        "Moon Knight",
        "Ice Wall",
    ]
    with pytest.raises(ValueError, match="cannot order"):
        search(tiny, "", order="tier; DROP TABLE card")  # only the game's own fields
    with pytest.raises(ValueError, match="cannot order"):
        search(db, "", order="cost")  # Rage has no such field


def test_another_game_has_the_whole_query_language(db: CardDatabase) -> None:
    tiny = db.for_game("tiny", FIELDS)
    assert _names(tiny, "cost>=3") == ["Ice Wall", "Moon Knight"]
    assert _names(tiny, "cost:2 OR tier:legendary") == ["Fire Bolt", "Ice Wall", "Moon Knight"]
    assert _names(tiny, '"moon bridge"') == ["Moon Knight"]
    assert _names(tiny, "(t:unit OR t:ward) -cost>4") == ["Empty Cost", "Ice Wall"]
    assert _names(tiny, "n:bolt") == ["Fire Bolt"]
    assert _names(tiny, "-cost<100") == ["Empty Cost"]  # an empty number never compares
    assert count_matches(tiny, "moon") == 2
    assert count_matches(tiny, "t:spell") == 2
    with pytest.raises(QuerySyntaxError):
        search(tiny, "renown>=2")  # Rage's fields are Rage's
    with pytest.raises(QuerySyntaxError):
        search(tiny, "cost:cheap")


def test_collection_terms_answer_for_another_game(db: CardDatabase) -> None:
    tiny = db.for_game("tiny", FIELDS)
    with db.write_transaction() as conn:
        conn.execute(
            "INSERT INTO collection (game, norm_name, set_name, name, count) VALUES "
            "('tiny', 'fire bolt', '', 'Fire Bolt', 3), ('rage', 'ice wall', '', 'Ice Wall', 1)"
        )
    assert _names(tiny, "is:owned") == ["Fire Bolt"]  # the Rage copy of a same-named card is Rage's
    assert _names(tiny, "own>=2") == ["Fire Bolt"]
    assert _names(tiny, "own=0 t:spell") == ["Ice Wall"]


def test_a_reimport_retires_what_the_file_no_longer_has(db: CardDatabase) -> None:
    tiny = db.for_game("tiny", FIELDS)
    db.store_game_cards("tiny", CARDS[:2], "tiny.csv")
    assert tiny.names() == ["Fire Bolt", "Ice Wall"]
    knight = tiny.lookup("Moon Knight")
    assert knight is not None and knight.retired and knight.game == "tiny"
    assert "Moon Knight" not in _names(tiny, "moon")
    db.store_game_cards("tiny", CARDS, "tiny.csv")  # brought back
    back = tiny.lookup("Moon Knight")
    assert back is not None and not back.retired


def test_a_free_word_page_seeks_each_match_by_game_and_place(db: CardDatabase) -> None:
    # Each full-text match finds its card by one seek (game, name_rank): a range on the place there would scan the
    # game's cards once per match (seconds at 100,000 cards).
    from carddb.search import compile_query
    from carddb.searchterms import _scope

    sql, params = compile_query("moon", 50, 0, scope=_scope(db.reader, "rage"))
    plan = " ".join(str(row[3]) for row in db.reader.execute(f"EXPLAIN QUERY PLAN {sql}", params))
    assert "(game=? AND name_rank=?)" in plan, plan
