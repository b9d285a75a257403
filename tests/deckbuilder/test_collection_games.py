"""Every game has its own collection: owned cards of Lithic Rage, WarRift or a player's game, kept apart from Rage's."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

from carddb.db import CardDatabase
from deckbuilder.cli import main
from deckbuilder.collection import Collection, deck_status, owned_for
from deckbuilder.deckfiles import read_deck

LITHIC_HAVE = """# game: lithic-rage
Class:
1\tBone Shaman
Actions:
3\tObsidian Spear
1\tSling Stone
2\tFlint Dagger of Nowhere
"""

WARRIFT_HAVE = """# game: warrift
2\tCourt Herald
1\tVerdict Knight
"""


def _cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    return main(list(args), out=out, err=err), out.getvalue(), err.getvalue()


def test_each_game_keeps_its_own_owned_cards(tmp_db: CardDatabase) -> None:
    Collection(tmp_db).set_count("Bone Shaman", None, 5)  # a Rage row of the same name: another card
    lithic = Collection(tmp_db, "lithic-rage")
    lithic.set_counts([("bone shaman", None, 1), ("Obsidian Spear", None, 3), ("Made Up Card", None, 1)])
    rows = {row.name: row for row in lithic.rows()}
    assert rows["bone shaman"].known and rows["bone shaman"].current_name == "Bone Shaman"
    assert not rows["Made Up Card"].known  # not among Lithic Rage's cards: kept, marked
    assert lithic.owned_map() == {"bone shaman": 1, "obsidian spear": 3, "made up card": 1}
    assert Collection(tmp_db).owned_map() == {"bone shaman": 5}
    assert Collection(tmp_db, "WarRift").owned_map() == {}
    lithic.clear()  # clears Lithic Rage's only
    assert Collection(tmp_db).count("Bone Shaman") == 5 and lithic.rows() == []


def test_a_deck_reads_the_owned_copies_of_its_own_game(tmp_db: CardDatabase, tmp_path: Path) -> None:
    deck_file = tmp_path / "spear.txt"
    deck_file.write_text("# game: lithic-rage\n1 Bone Shaman\n4 Obsidian Spear\n", encoding="utf-8")
    deck = read_deck(deck_file).deck
    Collection(tmp_db).set_count("Obsidian Spear", None, 4)  # owned in Rage: says nothing about this deck
    assert owned_for(tmp_db, deck) == {}
    Collection(tmp_db, "lithic-rage").set_count("Obsidian Spear", None, 3)
    status = deck_status(deck, owned_for(tmp_db, deck))
    spear = next(s for (key, _set, _start), s in status.items() if key == "obsidian spear")
    assert (spear.owned, spear.missing) == (3, 1)


def test_cli_imports_a_have_list_into_the_game_it_names_and_exports_it_back(
    tmp_db: CardDatabase, tmp_path: Path
) -> None:
    db = str(tmp_db.path)
    have = tmp_path / "lithic-have.txt"
    have.write_text(LITHIC_HAVE, encoding="utf-8")
    code, out, _err = _cli("collection", "import", str(have), "--db", db)
    assert code == 0
    assert "added 7 copies (4 cards) to your Lithic Rage collection" in out
    assert "'Flint Dagger of Nowhere' is not in the card database" in out
    assert _cli("collection", "list", "--db", db)[1].splitlines() == ["0 copies of 0 cards"]  # Rage's: empty
    code, out, _err = _cli("collection", "list", "--game", "lithic-rage", "--json", "--db", db)
    assert json.loads(out)["game"] == "lithic-rage"
    listed = {c["name"]: (c["count"], c["known"]) for c in json.loads(out)["cards"]}
    assert listed == {
        "Bone Shaman": (1, True),
        "Flint Dagger of Nowhere": (2, False),
        "Obsidian Spear": (3, True),
        "Sling Stone": (1, True),
    }
    back = tmp_path / "back.txt"
    code, out, _err = _cli("collection", "export", str(back), "--game", "lithic-rage", "--db", db)
    assert code == 0 and "7 copies" in out
    written = back.read_text(encoding="utf-8")
    assert written.startswith("# game: lithic-rage")
    assert read_deck(back).deck.game == "lithic-rage"
    # The exported list is a have list again: importing it with --replace gives the same collection.
    assert _cli("collection", "import", str(back), "--replace", "--db", db)[0] == 0
    again = json.loads(_cli("collection", "list", "--game", "lithic-rage", "--json", "--db", db)[1])["cards"]
    assert {c["name"]: c["count"] for c in again} == {n: c for n, (c, _k) in listed.items()}


def test_cli_game_option_reads_a_plain_list_as_that_games_cards(tmp_db: CardDatabase, tmp_path: Path) -> None:
    db = str(tmp_db.path)
    plain = tmp_path / "plain.txt"
    plain.write_text("2 Court Herald\n1 Verdict Knight\n", encoding="utf-8")
    code, out, _err = _cli("collection", "import", str(plain), "--game", "warrift", "--db", db)
    assert code == 0 and "to your WarRift collection" in out and "not in the card database" not in out
    assert Collection(tmp_db, "warrift").owned_map() == {"court herald": 2, "verdict knight": 1}
    code, _out, err = _cli("collection", "list", "--game", "no-such-game", "--db", db)
    assert code == 2 and "no-such-game" in err


def test_a_players_own_game_has_a_collection_too(tmp_db: CardDatabase, tmp_path: Path) -> None:
    folder = Path(os.environ["RAGEDECK_DATA_DIR"]) / "games" / "tiny-duel"
    (folder / "formats").mkdir(parents=True)
    game = {
        "name": "tiny-duel",
        "title": "Tiny Duel",
        "fields": [{"name": "name"}, {"name": "type"}],
        "piles": [{"id": "deck", "label": "Deck", "types": ["Blade", "Ward"]}],
        "formats": ["open.json"],
        "cards": "cards.csv",
    }
    (folder / "game.json").write_text(json.dumps(game), encoding="utf-8")
    (folder / "formats" / "open.json").write_text(
        json.dumps({"name": "open", "rules": [{"kind": "unknown_card"}]}), encoding="utf-8"
    )
    (folder / "cards.csv").write_text("Name,Type\nGlass Blade,Blade\nPaper Ward,Ward\n", encoding="utf-8")
    have = tmp_path / "tiny.txt"
    have.write_text("# game: tiny-duel\n3 Glass Blade\n1 Iron Ward\n", encoding="utf-8")
    code, out, _err = _cli("collection", "import", str(have), "--db", str(tmp_db.path))
    assert code == 0 and "to your Tiny Duel collection" in out
    assert "'Iron Ward' is not in the card database" in out and "Glass Blade' is not" not in out
    assert [(r.name, r.count, r.known) for r in Collection(tmp_db, "tiny-duel").rows()] == [
        ("Glass Blade", 3, True),
        ("Iron Ward", 1, False),
    ]


def test_searching_rages_cards_for_owned_ones_reads_rages_collection_only(tmp_db: CardDatabase) -> None:
    from carddb.demo import ensure_demo_cards
    from carddb.search import search

    ensure_demo_cards(tmp_db)
    Collection(tmp_db, "warrift").set_count("Low Feint", None, 3)  # a WarRift card of the same name
    assert search(tmp_db, "is:owned") == [] and search(tmp_db, "own>=1") == []
    Collection(tmp_db).set_count("Low Feint", None, 1)
    assert [row.name for row in search(tmp_db, "own>=1")] == ["Low Feint"]
