"""The bundled demo card set and demo deck."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from carddb.cardtypes import Section
from carddb.db import CardDatabase
from carddb.demo import DEMO_SET, demo_card_data_path, demo_deck_path, ensure_demo_cards
from carddb.importing import import_path
from carddb.lackey import read_card_data_text
from carddb.model import LACKEY_HEADER


def test_demo_file_is_clean_lackey_data_marked_demo() -> None:
    text = demo_card_data_path().read_text(encoding="utf-8")
    assert text.split("\n")[0] == "\t".join(LACKEY_HEADER)
    rows, notes = read_card_data_text(text)
    assert notes == [] and all(not r.problems for r in rows)
    assert all(r.values["Expansion"] == DEMO_SET for r in rows)
    assert all("[Demo]" in r.values["Notes"] for r in rows)


def test_ensure_demo_cards_imports_only_into_an_empty_database(tmp_db: CardDatabase, tmp_path: Path) -> None:
    assert ensure_demo_cards(tmp_db) is True
    cards = tmp_db.all_cards()
    sections = Counter(c.section for c in cards)
    assert sections[Section.COMBAT] >= 12 and sections[Section.SEPT] >= 14
    allegiances = Counter(c.type for c in cards if c.section is Section.CHARACTERS)
    assert allegiances["Character - Gaia"] >= 8
    assert allegiances["Character - Wyrm"] >= 5
    assert allegiances["Character - Rogue"] >= 2
    assert {c.type for c in cards if c.section is Section.SEPT} >= {
        "Gift",
        "Equipment",
        "Event",
        "Ally",
        "Territory",
        "Moot",
        "Rite",
    }
    assert all(c.damage is not None for c in cards if c.type == "Combat Action")
    assert ensure_demo_cards(tmp_db) is False
    assert tmp_db.card_count() == len(cards)


def test_ensure_demo_cards_leaves_a_populated_database_alone(tmp_db: CardDatabase, tmp_path: Path) -> None:
    own = tmp_path / "own.txt"
    own.write_text("Name\tExpansion\tType\nMy Card\tMine\tGift\n", encoding="utf-8")
    import_path(tmp_db, own)
    assert ensure_demo_cards(tmp_db) is False
    assert tmp_db.names() == ["My Card"]


def test_demo_deck_is_legal_by_the_deck_rules(tmp_db: CardDatabase) -> None:
    ensure_demo_cards(tmp_db)
    data = json.loads(demo_deck_path().read_text(encoding="utf-8"))
    assert (data["format_version"], data["app"], data["renown_level"], data["format"]) == (
        1,
        "rage-deckbuilder",
        20,
        "revised",
    )
    sections = data["sections"]
    cards = {
        section: [(tmp_db.lookup(e["name"]), e["count"]) for e in sections[section]]
        for section in ("characters", "sept", "combat")
    }
    for section, entries in cards.items():
        for card, _count in entries:
            assert card is not None and card.section is not None and card.section.value == section
    characters = [(c, n) for c, n in cards["characters"] if c is not None]
    total_renown = sum((c.renown or 0) * n for c, n in characters)
    rogue_renown = sum((c.renown or 0) * n for c, n in characters if "Rogue" in c.type)
    assert total_renown <= 20 and rogue_renown * 2 <= total_renown
    assert all(n == 1 for _c, n in characters)
    assert len({c.type for c, _n in characters if "Rogue" not in c.type}) == 1
    assert sum(n for _c, n in cards["sept"]) >= 30 and max(n for _c, n in cards["sept"]) <= 3
    assert sum(n for _c, n in cards["combat"]) >= 20 and max(n for _c, n in cards["combat"]) <= 2
    assert all(e["set"] == DEMO_SET for s in sections.values() for e in s)


def test_demo_deck_passes_the_legality_checker(tmp_db: CardDatabase) -> None:
    from deckbuilder import deckfiles, legality

    ensure_demo_cards(tmp_db)
    loaded = deckfiles.read_deck(demo_deck_path(), tmp_db)
    report = legality.check_deck(loaded.deck, tmp_db)
    assert report.is_legal, [r.message for r in report.errors]
    assert not report.warnings, [r.message for r in report.warnings]
