"""Other games through `ragedeck`: import their card data, check and export their decks, a fourth game from data."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from carddb.db import CardDatabase
from carddb.demo import demo_deck_path, ensure_demo_cards
from deckbuilder.deckfiles import read_deck
from deckbuilder.games.loader import user_games_dir
from tests.deckbuilder.cli.helpers import run

SHIPPED = Path(__file__).resolve().parents[3] / "deckbuilder" / "games"
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


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_import_cards_per_game_keeps_games_apart(tmp_path: Path) -> None:
    db_path = tmp_path / "cards.sqlite"
    with CardDatabase(db_path) as db:
        assert ensure_demo_cards(db)
        rage_cards = db.card_count()
    for game in ("lithic-rage", "warrift"):
        code, out, err = run(
            "import-cards", "--game", game, str(SHIPPED / game / "cards.csv"), "--db", str(db_path)
        )
        assert code == 0, err
        assert "imported" in out
    with CardDatabase(db_path) as db:
        assert db.card_count() == rage_cards  # Rage's cards are untouched
        assert db.game_names() == ["lithic-rage", "warrift"]
        assert db.lookup("Obsidian Spear") is None  # a Lithic Rage card is no Rage card
        assert len(db.game_card_rows("lithic-rage")) == 17
    # The Rage demo deck still checks exactly as before, from the same database.
    code, out, _err = run("check", "--json", str(demo_deck_path()), "--db", str(db_path))
    document = json.loads(out)["decks"][0]
    assert (document["game"], document["format"]) == ("rage", "revised")


def test_import_cards_for_a_game_reports_bad_rows_and_keeps_the_rest(tmp_path: Path) -> None:
    data = _write(
        tmp_path / "cards.csv", "Name,Type,Cost\nGood Card,Action,2\n,Action,1\nOdd Cost,Action,two\n"
    )
    code, out, _err = run(
        "import-cards", "--game", "lithic-rage", str(data), "--db", str(tmp_path / "db.sqlite")
    )
    assert code == 0
    assert "imported 2 Lithic Rage cards" in out
    assert ":3: row has no card name" in out and ":4: 'Odd Cost': Cost 'two' is not a whole number" in out
    code, _out, err = run("import-cards", "--game", "chess", str(data), "--db", str(tmp_path / "db.sqlite"))
    assert code == 2 and "Unknown game 'chess'" in err


def test_check_uses_the_deck_files_game_and_the_database_cards(tmp_path: Path) -> None:
    db_path = tmp_path / "cards.sqlite"
    deck = _write(tmp_path / "deck.txt", LITHIC_DECK)
    code, out, _err = run("check", "--json", str(deck), "--db", str(db_path))
    document = json.loads(out)["decks"][0]
    assert code == 0 and document["legal"] and document["game"] == "lithic-rage"
    assert document["figures"] == {"Cost": "12 / 12", "Actions": "4"}
    # The same shape as a Rage deck's: the game's own piles, figures and settings.
    assert list(document) == [
        "file", "game", "format", "legal", "settings", "totals", "figures", "results", "problems", "guesses"
    ]  # fmt: skip
    assert document["settings"] == {"cost_limit": 12}
    assert "shipped with the game" in document["problems"][0]
    # In Portuguese the game's own words are translated too; --json keeps them as the game.json names them.
    code, out, _err = run("--lang", "pt_BR", "check", str(deck), "--db", str(db_path))
    assert "Custo 12 / 12 · Ações 4" in out and "Lithic Rage (manual, nível 1)" in out, out
    # A database whose Bone Shaman costs 10 (a user's own card data) is what the check then reads.
    data = (
        (SHIPPED / "lithic-rage" / "cards.csv")
        .read_text(encoding="utf-8")
        .replace("Bone Shaman,Class,,12", "Bone Shaman,Class,,10")
    )
    run(
        "import-cards",
        "--game",
        "lithic-rage",
        str(_write(tmp_path / "mine.csv", data)),
        "--db",
        str(db_path),
    )
    code, out, _err = run("check", str(deck), "--db", str(db_path))
    assert code == 1
    assert "SUM_OVER_BOUND: Actions: Cost adds up to 12, over the Class Cost of 10" in out


def test_check_game_option_and_format_option(tmp_path: Path) -> None:
    lines = ["5\tApprentice Mage", "5\tRecruit Warrior", "20\tArbiter Squire"]
    deck = _write(tmp_path / "arbiter.txt", "\n".join(lines) + "\n")
    code, out, _err = run(
        "check", "--game", "warrift", "--json", str(deck), "--db", str(tmp_path / "db.sqlite")
    )
    document = json.loads(out)["decks"][0]
    assert code == 1 and document["game"] == "warrift" and document["format"] == "player"
    assert {r["code"] for r in document["results"]} == {"GROUP_COUNT"}
    code, _out, err = run(
        "check", "--game", "warrift", "--format", "nope", str(deck), "--db", str(tmp_path / "d.sqlite")
    )
    assert code == 2 and "Unknown format 'nope'" in err


def test_deck_files_round_trip_their_game_and_piles(tmp_path: Path) -> None:
    db_path = tmp_path / "cards.sqlite"
    deck = _write(tmp_path / "deck.txt", LITHIC_DECK)
    for kind in ("dek", "text", "native"):
        target = tmp_path / f"out.{kind}"
        code, _out, err = run("export", str(deck), "--to", kind, "-o", str(target), "--db", str(db_path))
        assert code == 0, err
        loaded = read_deck(target)
        assert loaded.deck.game == "lithic-rage"
        assert not loaded.deck.unread, loaded.problems
        assert {e.name: e.count for e in loaded.deck.entries}["Obsidian Spear"] == 2
        code, out, _err = run("check", "--json", str(target), "--db", str(db_path))
        assert json.loads(out)["decks"][0]["legal"], out
    native = json.loads((tmp_path / "out.native").read_text(encoding="utf-8"))
    assert native["game"] == "lithic-rage" and [e["name"] for e in native["sections"]["class"]] == [
        "Bone Shaman"
    ]


def test_a_fourth_game_is_added_from_data_alone(tmp_path: Path) -> None:
    folder = user_games_dir() / "duel-of-stones"
    game = {
        "name": "duel-of-stones",
        "title": "Duel of Stones",
        "fields": [
            {"name": "name", "column": "Card"},
            {"name": "type", "column": "Kind"},
            {"name": "weight", "kind": "number", "column": "Weight"},
            {"name": "colour", "kind": "words", "column": "Colour"},
        ],
        "piles": [
            {"id": "champion", "label": "Champion", "types": ["Champion"]},
            {"id": "stones", "label": "Stones", "types": ["Stone"]},
        ],
        "settings": [{"id": "carry", "label": "Carry", "from_card": {"pile": "champion", "field": "weight"}}],
        "header": [{"label": "Weight", "pile": "stones", "sum": "weight", "of": "carry"}],
        "formats": ["duel.json"],
        "cards": "cards.csv",
    }
    duel = {
        "name": "duel",
        "rules": [
            {"kind": "unknown_card"},
            {"kind": "exactly_one", "pile": "champion"},
            {"kind": "pile_count", "pile": "stones", "min": 4, "max": 6},
            {"kind": "copies_at_most", "max": 2},
            {"kind": "sum_at_most", "pile": "stones", "field": "weight", "bound": {"setting": "carry"}},
            {"kind": "same_value", "pile": "stones", "field": "colour"},
        ],
    }
    _write(folder / "game.json", json.dumps(game))
    _write(folder / "formats" / "duel.json", json.dumps(duel))
    _write(
        folder / "cards.csv",
        "Card,Kind,Weight,Colour\nGiant,Champion,9,\nPebble,Stone,1,Red\nBoulder,Stone,4,Red\nSapphire,Stone,1,Blue\nEmber,Stone,1,Red\n",
    )
    code, out, _err = run("games")
    assert "duel-of-stones" in out and "Duel of Stones" in out
    legal = _write(
        tmp_path / "legal.txt", "# game: duel-of-stones\n1\tGiant\n2\tPebble\n1\tBoulder\n1\tEmber\n"
    )
    code, out, _err = run("check", "--json", str(legal), "--db", str(tmp_path / "db.sqlite"))
    document = json.loads(out)["decks"][0]
    assert code == 0 and document["legal"], document
    assert document["figures"] == {"Weight": "7 / 9"}
    illegal = _write(tmp_path / "illegal.txt", "# game: duel-of-stones\n1\tGiant\n3\tPebble\n1\tSapphire\n")
    code, out, _err = run("check", "--json", str(illegal), "--db", str(tmp_path / "db.sqlite"))
    codes = {r["code"] for r in json.loads(out)["decks"][0]["results"]}
    assert code == 1 and codes == {"TOO_MANY_COPIES", "MIXED_VALUES"}


def test_a_broken_user_game_is_skipped_with_its_problem_named(tmp_path: Path) -> None:
    _write(
        user_games_dir() / "broken" / "game.json",
        '{"name": "broken", "formats": [{"name": "x", "rules": [{"kind": "nope"}]}]}',
    )
    code, out, err = run("games")
    assert code == 0 and "broken" not in out
    assert "no such rule kind" in err


def test_schema_5_migration_adds_the_game_card_table(tmp_path: Path) -> None:
    # A schema-4 file as the schema-4 code wrote it (its frozen SQL), not today's tables with one dropped.
    path = tmp_path / "old.sqlite"
    schema_4 = Path(__file__).parents[2] / "carddb" / "fixtures" / "schemas" / "v4.sql"
    conn = sqlite3.connect(path)
    conn.executescript(schema_4.read_text(encoding="utf-8"))
    conn.close()
    with CardDatabase(path) as db:
        assert db.game_names() == []
        db.store_game_cards("warrift", [("Rift Rat", "Monster", "{}", 0)], "test")
        assert db.game_card_rows("warrift") == [("Rift Rat", "Monster", "{}")]


def test_decklist_pdf_of_another_game_shows_its_piles_and_verdict(tmp_path: Path) -> None:
    from pypdf import PdfReader

    deck = _write(
        tmp_path / "deck.txt", LITHIC_DECK.replace("1\tFire Dance", "1\tFire Dance\n3\tSling Stone")
    )
    target = tmp_path / "list.pdf"
    code, _out, err = run(
        "export", str(deck), "--to", "decklist", "-o", str(target), "--db", str(tmp_path / "db.sqlite")
    )
    assert code == 0, err
    text = " ".join(page.extract_text() for page in PdfReader(target).pages)
    assert "Lithic Rage decklist" in text
    assert "NOT LEGAL in format Lithic Rage (manual, level 1)" in text and "Cost 15 / 12" in text
    assert "SUM_OVER_BOUND" in text
    for pile in ("Ancestry (1 card)", "Class (1 card)", "Actions (7 cards)"):
        assert pile in text
    assert "Rage decklist" not in text.replace("Lithic Rage decklist", "")


def test_search_a_games_cards(tmp_path: Path) -> None:
    db = str(tmp_path / "db.sqlite")
    code, out, _err = run("search", "--game", "lithic-rage", "cost>=3 -body", "--db", db)
    assert code == 0
    names = [line.split(" — ")[0] for line in out.splitlines()[:-1]]
    assert names == ["Bone Shaman", "Howl at the Moon", "Obsidian Spear", "Spear Hunter", "Stone Warden"]
    code, out, _err = run(
        "search", "--json", "--game", "warrift", "tier:legendary class:necromancer", "--db", db
    )
    document = json.loads(out)
    assert [c["name"] for c in document["cards"]] == ["The Hollow King"] and document["game"] == "warrift"
    assert document["cards"][0]["tier"] == ["Legendary"]


def test_organisers_report_checks_each_deck_by_its_own_game(tmp_path: Path) -> None:
    lithic = _write(tmp_path / "lithic.txt", LITHIC_DECK.replace("1\tFire Dance", "4\tFire Dance"))
    code, _out, err = run(
        "check",
        str(lithic),
        str(demo_deck_path()),
        "--report",
        str(tmp_path / "r.csv"),
        "--db",
        str(tmp_path / "db.sqlite"),
    )
    assert code == 1, err
    rows = (tmp_path / "r.csv").read_text(encoding="utf-8").splitlines()
    assert rows[1].startswith(f"{lithic},lithic,lithic,illegal")
    assert (
        ",lithic-rage,standard," in rows[1] and "TOO_MANY_COPIES" in rows[1] and "UNKNOWN_CARD" not in rows[1]
    )
    assert ",rage,revised," in rows[2]


def test_a_chosen_setting_travels_in_the_native_file_and_bounds_the_check(tmp_path: Path) -> None:
    folder = user_games_dir() / "budget"
    game = {
        "name": "budget",
        "fields": [{"name": "name"}, {"name": "type"}, {"name": "cost", "kind": "number"}],
        "piles": [{"id": "deck", "label": "Deck", "types": ["Card"]}],
        "settings": [{"id": "budget", "label": "Budget", "default": 5}],
        "header": [{"label": "Cost", "sum": "cost", "of": "budget"}],
        "formats": [
            {
                "name": "open",
                "rules": [{"kind": "sum_at_most", "field": "cost", "bound": {"setting": "budget"}}],
            }
        ],
        "cards": "cards.csv",
    }
    _write(folder / "game.json", json.dumps(game))
    _write(folder / "cards.csv", "Name,Type,Cost\nCoin,Card,2\n")
    deck = {
        "format_version": 1,
        "game": "budget",
        "name": "d",
        "sections": {"deck": [{"name": "Coin", "count": 3}]},
    }
    path = _write(tmp_path / "d.json", json.dumps(deck))
    code, out, _err = run("check", "--json", str(path), "--db", str(tmp_path / "db.sqlite"))
    assert code == 1 and json.loads(out)["decks"][0]["figures"] == {"Cost": "6 / 5"}  # the default budget
    path.write_text(json.dumps({**deck, "settings": {"budget": 6}}), encoding="utf-8")
    code, out, _err = run("check", "--json", str(path), "--db", str(tmp_path / "db.sqlite"))
    assert code == 0 and json.loads(out)["decks"][0]["figures"] == {"Cost": "6 / 6"}
    target = tmp_path / "again.json"
    run("export", str(path), "--to", "native", "-o", str(target), "--db", str(tmp_path / "db.sqlite"))
    assert json.loads(target.read_text(encoding="utf-8"))["settings"] == {"budget": 6}


def test_proxies_of_another_games_deck_print_its_fields(tmp_path: Path) -> None:
    from pypdf import PdfReader

    deck = _write(tmp_path / "deck.txt", LITHIC_DECK)
    target = tmp_path / "proxies.pdf"
    code, out, err = run(
        "export", str(deck), "--to", "proxies", "-o", str(target), "--db", str(tmp_path / "db.sqlite")
    )
    assert code == 0, err
    assert "6 cards" in out and "unknown card" not in err
    text = " ".join(page.extract_text() for page in PdfReader(target).pages)
    assert (
        "Bone Shaman" in text and "Cost 12" in text and "Level 1: Spirit Actions cost 1 less Energy." in text
    )
    assert "Subtype Spirit, Body" in text


def test_draw_odds_work_for_another_game_whose_description_gives_its_hands(tmp_path: Path) -> None:
    deck = _write(tmp_path / "deck.txt", LITHIC_DECK)
    code, out, err = run("odds", str(deck), "--db", str(tmp_path / "db.sqlite"), "--card", "Fire Dance")
    # 1 Fire Dance among 4 Actions, a hand of 4: certain on turn 1.
    assert code == 0, err
    assert "100.0% to see 'Fire Dance' by turn 1" in out


def test_format_is_found_in_each_decks_own_game(tmp_path: Path) -> None:
    db_path = tmp_path / "cards.sqlite"
    with CardDatabase(db_path) as db:
        ensure_demo_cards(db)
    lithic = _write(tmp_path / "lithic.txt", LITHIC_DECK)
    code, out, _err = run(
        "check", "--json", "--format", "standard", str(lithic), str(demo_deck_path()), "--db", str(db_path)
    )
    lithic_doc, rage_doc = json.loads(out)["decks"]
    assert (lithic_doc["game"], lithic_doc["format"], lithic_doc["legal"]) == (
        "lithic-rage",
        "standard",
        True,
    )
    assert rage_doc["error"] == "'standard' is not a format of the game rage" and code == 2
    # A player's own format of another game is found by name too; a name no game has is refused at once.
    formats = user_games_dir().parent / "formats"
    _write(formats / "open.json", json.dumps({"name": "open", "game": "lithic-rage", "rules": []}))
    code, out, _err = run("check", "--json", "--format", "open", str(lithic), "--db", str(db_path))
    assert code == 0 and json.loads(out)["decks"][0]["format"] == "open"
    code, _out, err = run("check", "--format", "nowhere", str(lithic), "--db", str(db_path))
    assert code == 2 and "Unknown format 'nowhere'" in err


def test_game_rage_reads_every_file_as_a_rage_deck(tmp_path: Path) -> None:
    db_path = tmp_path / "cards.sqlite"
    with CardDatabase(db_path) as db:
        ensure_demo_cards(db)
    lithic = _write(tmp_path / "lithic.txt", LITHIC_DECK)
    code, out, _err = run("check", "--json", "--game", "rage", str(lithic), "--db", str(db_path))
    document = json.loads(out)["decks"][0]
    assert document["game"] == "rage" and code == 1
    assert {r["code"] for r in document["results"]} >= {"UNKNOWN_CARD", "NO_CHARACTERS"}


def test_game_decides_how_a_files_zones_are_read(tmp_path: Path) -> None:
    db_path = tmp_path / "cards.sqlite"
    # The same list without its `# game:` line: read as Rage, "Ancestry:" is no section and its cards are unread.
    bare = _write(tmp_path / "bare.txt", LITHIC_DECK.split("\n", 1)[1])
    code, out, _err = run("check", "--json", str(bare), "--db", str(db_path))
    assert "DECK_FILE_UNREAD" in {r["code"] for r in json.loads(out)["decks"][0]["results"]}
    code, out, _err = run("check", "--json", "--game", "lithic-rage", str(bare), "--db", str(db_path))
    document = json.loads(out)["decks"][0]
    assert code == 0 and document["legal"] and document["game"] == "lithic-rage"
    assert document["totals"] == {"ancestry": 1, "class": 1, "actions": 4, "condition": 0}


def test_another_games_csv_is_refused_naming_the_columns_expected(tmp_path: Path) -> None:
    db_path = tmp_path / "cards.sqlite"
    warrift = SHIPPED / "warrift" / "cards.csv"
    assert run("import-cards", "--game", "warrift", str(warrift), "--db", str(db_path)).code == 0
    before = db_path.read_bytes()
    # Lithic Rage's card data shares Name, Type and Text with WarRift's; its other columns are WarRift's none.
    lithic = SHIPPED / "lithic-rage" / "cards.csv"
    foreign = _write(tmp_path / "foreign.csv", "Title,Kind,Power\nA,B,1\n")  # not one column of WarRift's
    said = {}
    for source in (lithic, foreign):
        code, out, _err = run("import-cards", "--game", "warrift", str(source), "--db", str(db_path))
        assert code == 2
        assert "nothing was stored; the database keeps the cards it had" in out
        assert (
            "WarRift card data has the columns Name, Type, Class, Tier, Attack, Health, Magicka, Text" in out
        )
        said[source] = out
    assert "names Subtype, Cost, M, A, W, S, which WarRift has no column for" in said[lithic]
    assert "lacks Class, Tier, Attack, Health, Magicka" in said[lithic]
    with CardDatabase(db_path) as db:
        rows = db.game_card_rows("warrift")
    assert len(rows) == 45 and db_path.read_bytes() == before  # WarRift's 45 cards, untouched
    # A file of the game's own columns, some left out, is still read: the missing fields stay empty.
    partial = _write(tmp_path / "partial.csv", "Name,Type,Tier\nLone Scout,Monster,2\n")
    assert run("import-cards", "--game", "warrift", str(partial), "--db", str(db_path)).code == 0
