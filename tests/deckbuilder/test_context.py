"""The deck context: each deck's game, pool and format made once; readers look names up in the deck's own game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from carddb.db import CardDatabase
from carddb.demo import demo_deck_path
from carddb.model import CardInfo
from carddb.normalize import normalize_name
from deckbuilder.context import DeckContexts, deck_context
from deckbuilder.deckfiles import deck_from_dek, deck_from_text, deck_to_kind, parse_deck_text, read_deck
from deckbuilder.document import DeckDocument
from tests.databases import new_database
from tests.deckbuilder import sideboard_game
from tests.deckbuilder.cli.helpers import run
from tests.deckbuilder.deckfiles.pool import FakePool

SHIPPED = Path(__file__).resolve().parents[2] / "deckbuilder" / "games"
LITHIC_DECK = """# game: lithic-rage
Ancestry:
1\tRiver Folk
Class:
1\tBone Shaman
Actions:
2\tObsidian Spear
1\tFire Dance
1\tAncestor's Whisper
"""


@pytest.fixture
def demo_db(tmp_path: Path) -> CardDatabase:
    return CardDatabase(new_database(tmp_path / "cards.sqlite", demo=True))


@pytest.mark.parametrize("kind", ["native", "dek", "text"])
def test_a_lithic_deck_read_with_the_card_database_knows_its_cards(demo_db: CardDatabase, kind: str) -> None:
    # Handed Rage's card database, every reader looks the names up in the deck's own game once it is known.
    deck = parse_deck_text(LITHIC_DECK, demo_db).deck
    assert deck.game == "lithic-rage"
    text = deck_to_kind(deck, kind, deck_context(deck, demo_db).pool)
    loaded = parse_deck_text(text, demo_db)
    assert loaded.deck.game == "lithic-rage"
    assert loaded.unknown == {}
    # A misspelt name is unknown to Lithic Rage, with Lithic Rage's near names.
    misspelt = parse_deck_text(LITHIC_DECK.replace("Fire Dance", "Fire Dence"), demo_db)
    assert list(misspelt.unknown) == ["Fire Dence"] and "Fire Dance" in misspelt.unknown["Fire Dence"]


def test_a_warrift_deck_whose_cards_are_imported_opens_with_none_unknown(
    demo_db: CardDatabase, tmp_path: Path
) -> None:
    code, _out, err = run(
        "import-cards", "--game", "warrift", str(SHIPPED / "warrift" / "cards.csv"), "--db", str(demo_db.path)
    )
    assert code == 0, err
    demo_db.invalidate_caches()
    names = [row[0] for row in demo_db.game_card_rows("warrift")][:3]
    path = tmp_path / "war.txt"
    path.write_text("# game: warrift\n" + "".join(f"1 {name}\n" for name in names), encoding="utf-8")
    document = DeckDocument(contexts=DeckContexts(demo_db))
    loaded = read_deck(path, document.contexts)
    document.replace(loaded.deck, path, loaded.unknown)
    assert document.unknown == {}  # the window said these were "not in the card database"
    context = document.context
    assert context is not None and context.game.name == "warrift" and not context.shipped
    assert {c.name for c in context.resolve(document.deck).known()} == set(names)


def test_one_check_of_many_decks_reads_each_game_and_pool_once(
    demo_db: CardDatabase, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import deckbuilder.context as context_module
    from deckbuilder.games import loader

    loads: list[str] = []
    pools: list[str] = []
    real_load, real_pool = loader.load_game, context_module._pool_for
    monkeypatch.setattr(loader, "load_game", lambda name: loads.append(str(name)) or real_load(name))
    monkeypatch.setattr(
        context_module, "_pool_for", lambda db, game: pools.append(game.name) or real_pool(db, game)
    )
    for number in range(3):
        (tmp_path / f"lithic{number}.txt").write_text(LITHIC_DECK, encoding="utf-8")
    (tmp_path / "rage.json").write_text(demo_deck_path().read_text(encoding="utf-8"), encoding="utf-8")
    code, out, err = run("check", "--json", "--fix-hints", str(tmp_path), "--db", str(demo_db.path))
    assert code in (0, 1), err
    assert len(json.loads(out)["decks"]) == 4
    assert sorted(pools) == ["lithic-rage", "rage"]  # one pool per game, for reading and checking alike
    assert loads.count("lithic-rage") <= 1 and loads.count("rage") <= 1


def test_the_context_checks_a_sideboard_game_written_from_the_guide(
    demo_db: CardDatabase, relic_raiders: Path
) -> None:
    deck = parse_deck_text(sideboard_game.LEGAL_DECK, demo_db).deck
    context = deck_context(deck, demo_db)
    assert (context.game.name, context.shipped, context.has_cards()) == ("relic-raiders", True, True)
    assert [e.name for e in deck.starting] == ["Ember Scout"]  # the sideboard: the pile without types
    resolved = context.resolve(deck)
    scout = resolved.card_named("ember scout")
    assert scout is not None and (scout.count, scout.starting) == (0, 2)  # kept apart from the deck
    assert sum(c.count for c in resolved.in_pile("deck")) == 10
    assert context.starting_pile() == ("sideboard", "Sideboard")


class _AskedPool(FakePool):
    """The invented pool, counting the names it is asked about."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[str] = []

    def lookup(self, name: str) -> CardInfo | None:
        self.asked.append(name)
        return super().lookup(name)

    def suggest(self, name: str, limit: int = 3) -> list[str]:
        self.asked.append(name)
        return super().suggest(name, limit)


BATCH_LIST = "3\tMoonlit Glade\n13 Wolves\n2\tMoonlit Glades\n"
BATCH_DEK = (
    '<deck version="0.8"><superzone name="Sept"><card><name>Moonlit Glade</name></card>'
    "<card><name>Moonlit Glades</name></card></superzone></deck>"
)


def test_a_batch_looks_each_name_up_once_for_every_deck_of_its_game() -> None:
    pool = _AskedPool()
    contexts = DeckContexts(pool, batch=True)
    first = deck_from_text(BATCH_LIST, contexts, "a.txt")
    asked = list(pool.asked)
    assert asked  # the first deck's names were looked up
    again = deck_from_text(BATCH_LIST, contexts, "b.txt")
    dek = deck_from_dek(BATCH_DEK, contexts, "c.dek")
    assert pool.asked == asked  # the later decks' were not
    # ... and they read the same: counts, the card named with a number, the unknown name with its near name.
    assert again.deck.entries == first.deck.entries
    assert [(e.name, e.count) for e in first.deck.entries][1] == ("13 Wolves", 1)
    assert again.unknown == dek.unknown == first.unknown == {"Moonlit Glades": ["Moonlit Glade"]}


def test_outside_a_batch_each_deck_looks_its_names_up() -> None:
    pool = _AskedPool()
    contexts = DeckContexts(pool)
    deck_from_text(BATCH_LIST, contexts, "a.txt")
    asked = len(pool.asked)
    deck_from_text(BATCH_LIST, contexts, "b.txt")
    assert len(pool.asked) == 2 * asked


def test_a_batch_finds_a_card_imported_since_once_told() -> None:
    pool = _AskedPool()
    contexts = DeckContexts(pool, batch=True)
    assert deck_from_text("1\tFeral Moon\n", contexts).unknown == {"Feral Moon": []}
    pool.cards[normalize_name("Feral Moon")] = CardInfo(name="Feral Moon", type="Event")
    contexts.forget_cards()
    assert deck_from_text("1\tFeral Moon\n", contexts).unknown == {}
