"""Card search: every field, operator and grouping of the query language, against a real SQLite file."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from carddb.allegiance import allegiance_of
from carddb.cardtypes import Section, classify_type
from carddb.db import CardDatabase
from carddb.normalize import normalize_name, split_keywords
from carddb.search import (
    And,
    Compare,
    Not,
    Or,
    QuerySyntaxError,
    SearchRow,
    Text,
    parse_query,
    rebuild_search_index,
    search,
)


@dataclass
class FakeCard:
    """An invented card for the fixture database."""

    name: str
    type: str
    keywords: str = ""
    requires: str = ""
    text: str = ""
    errata: str = ""
    renown: int | None = None
    rage: int | None = None
    gnosis: int | None = None
    health: int | None = None
    damage: int | None = None
    sets: list[tuple[str, int]] = field(default_factory=lambda: [("Alpha", 0)])


FAKE_CARDS: tuple[FakeCard, ...] = (
    FakeCard(
        "Shadow Whisper Elder",
        "Character - Gaia",
        keywords="Garou - Shadow Lords - Ahroun",
        renown=5,
        rage=4,
        gnosis=3,
        health=6,
        sets=[("Alpha", 0), ("Beta", 1)],
    ),
    FakeCard(
        "Moonlit Trickster",
        "Character (Wyrm)",
        keywords="Garou - Black Spiral Dancer",
        renown=3,
        rage=6,
        gnosis=2,
        health=5,
        sets=[("Gamma_Expansion", 2)],
    ),
    FakeCard("Old Ironjaw", "Character", keywords="Fomori - Pentex", renown=2, rage=2, gnosis=1, health=4),
    FakeCard("Quiet Elder", "Character", keywords="Garou - Homid", renown=4, rage=3, gnosis=4, health=5),
    FakeCard(
        "Wanderer Between",
        "Character - Rogue",
        keywords="Garou - Gaia - Wyrm",
        renown=7,
        rage=5,
        gnosis=5,
        health=7,
    ),
    FakeCard(
        "Gift of the Silver Moon",
        "Gift",
        requires="Theurge",
        text="Gaia's blessing: the moon bridge opens for one pack.",
        gnosis=2,
    ),
    FakeCard(
        "Claw Rake",
        "Combat Action",
        text="Inflict damage on the defender.",
        rage=3,
        damage=2,
        sets=[("Beta", 1)],
    ),
    FakeCard("Howling Squall", "Combat Event", text="Every combatant loses one Rage.", sets=[("Beta", 1)]),
    FakeCard("Fog Bank", "Event", text='All packs\' scouts are "blinded" this turn.'),
    FakeCard("The Hidden Caern", "Caern", text="Sacred ground."),
    FakeCard(
        "Rite of Passing",
        "Rite",
        requires="Theurge - Philodox",
        text="Honour a fallen packmate.",
        errata="Now also usable at night.",
    ),
    FakeCard("50% Off Tithe", "Event", text="Halve a cost."),
    FakeCard("Half_Moon Totem", "Totem", keywords="Spirit"),
    FakeCard("alpha Banner", "Equipment", keywords="Banner"),
    FakeCard("Éclat of Dawn", "Equipment", text="Shines."),
)

NAMES = frozenset(card.name for card in FAKE_CARDS)
CHARACTERS = frozenset(card.name for card in FAKE_CARDS if card.type.startswith("Character"))


def insert_card(conn: sqlite3.Connection, card: FakeCard) -> int:
    """Insert one card with its printings; returns its id."""
    section = classify_type(card.type)
    cursor = conn.execute(
        "INSERT INTO card (norm_name, name, section, allegiance, identity, type, sealed, notes, requires,"
        " keywords, renown, rage, gnosis, health, crage, cgnosis, chealth, damage, text, errata)"
        " VALUES (?, ?, ?, ?, '', ?, '', '', ?, ?, ?, ?, ?, ?, NULL, NULL, NULL, ?, ?, ?)",
        (
            normalize_name(card.name),
            card.name,
            section.value if section else None,
            # As the importer stores it: decided once, by the function the checker uses.
            allegiance_of(card.name, card.type, split_keywords(card.keywords))
            if section is Section.CHARACTERS
            else "",
            card.type,
            card.requires,
            card.keywords,
            card.renown,
            card.rage,
            card.gnosis,
            card.health,
            card.damage,
            card.text,
            card.errata,
        ),
    )
    card_id = int(cursor.lastrowid or 0)
    for set_name, rank in card.sets:
        conn.execute(
            "INSERT INTO printing (card_id, set_name, set_rank, image_file, image_paths, extra, source, source_line)"
            " VALUES (?, ?, ?, '', '', '{}', 'fixture', 0)",
            (card_id, set_name, rank),
        )
    # As the importer stores it: the set of the newest printing, shown in every search row.
    conn.execute(
        "UPDATE card SET newest_set = coalesce((SELECT set_name FROM printing WHERE card_id = card.id"
        " ORDER BY set_rank DESC LIMIT 1), '') WHERE id = ?",
        (card_id,),
    )
    return card_id


def fill_database(db: CardDatabase, cards: tuple[FakeCard, ...] = FAKE_CARDS) -> None:
    """Insert the cards and rebuild the search index in one transaction, as the importer does."""
    conn = db.raw_connection()
    try:
        conn.execute("BEGIN IMMEDIATE")
        for card in cards:
            insert_card(conn, card)
        rebuild_search_index(conn)
        conn.execute("COMMIT")
    finally:
        conn.close()
    db.invalidate_caches()


@pytest.fixture
def cards_db(tmp_db: CardDatabase) -> Iterator[CardDatabase]:
    """The temp database filled with the invented cards."""
    fill_database(tmp_db)
    yield tmp_db


def found(db: CardDatabase, query: str) -> set[str]:
    """Names of the cards a query finds."""
    return {row.name for row in search(db, query)}


# -- listing -------------------------------------------------------------------------------------


def test_blank_query_lists_every_card_by_name_ignoring_case(cards_db: CardDatabase) -> None:
    rows = search(cards_db, "   ")
    assert [r.name for r in rows] == sorted(NAMES, key=str.casefold)
    assert rows[0].name == "50% Off Tithe"
    assert rows[1].name == "alpha Banner"


def test_rows_carry_list_columns_and_newest_set(cards_db: CardDatabase) -> None:
    (row,) = search(cards_db, 'n:"shadow whisper"')
    assert isinstance(row, SearchRow)
    assert (row.type, row.section, row.set_name) == ("Character - Gaia", "characters", "Beta")
    assert (row.renown, row.rage, row.gnosis, row.health) == (5, 4, 3, 6)
    (gift,) = search(cards_db, "n:silver")
    assert (gift.section, gift.requires, gift.renown) == ("sept", "Theurge", None)


def test_limit_keeps_name_order(cards_db: CardDatabase) -> None:
    assert [r.name for r in search(cards_db, "", limit=3)] == sorted(NAMES, key=str.casefold)[:3]
    assert search(cards_db, "", limit=0) == []


def test_search_on_empty_database(tmp_db: CardDatabase) -> None:
    assert search(tmp_db, "") == []
    assert search(tmp_db, "shadow t:gift renown>=2") == []


# -- free words and phrases ----------------------------------------------------------------------


def test_free_word_is_a_prefix_match(cards_db: CardDatabase) -> None:
    assert found(cards_db, "shado") == {"Shadow Whisper Elder"}
    assert found(cards_db, "SHADOW") == {"Shadow Whisper Elder"}
    assert found(cards_db, "trick") == {"Moonlit Trickster"}


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("caern", {"The Hidden Caern"}),  # type
        ("fomori", {"Old Ironjaw"}),  # keywords
        ("philodox", {"Rite of Passing"}),  # requires
        ("defender", {"Claw Rake"}),  # text
        ("night", {"Rite of Passing"}),  # errata
    ],
)
def test_free_word_searches_every_text_column(cards_db: CardDatabase, word: str, expected: set[str]) -> None:
    assert found(cards_db, word) == expected


def test_several_words_must_all_match(cards_db: CardDatabase) -> None:
    assert found(cards_db, "elder") == {"Shadow Whisper Elder", "Quiet Elder"}
    assert found(cards_db, "elder quiet") == {"Quiet Elder"}


def test_quoted_phrase_matches_words_in_order_and_not_as_prefix(cards_db: CardDatabase) -> None:
    assert found(cards_db, '"moon bridge"') == {"Gift of the Silver Moon"}
    assert found(cards_db, '"bridge moon"') == set()
    assert found(cards_db, '"trick"') == set()


def test_apostrophes_and_quotes_in_user_text(cards_db: CardDatabase) -> None:
    assert found(cards_db, "Gaia's") == {"Gift of the Silver Moon"}
    assert found(cards_db, '"Gaia\'s blessing"') == {"Gift of the Silver Moon"}
    assert found(cards_db, "packs'") == {"Fog Bank"}


def test_diacritics_are_ignored(cards_db: CardDatabase) -> None:
    assert found(cards_db, "eclat") == {"Éclat of Dawn"}
    assert found(cards_db, "ÉCLAT") == {"Éclat of Dawn"}


def test_punctuation_only_word_matches_everything(cards_db: CardDatabase) -> None:
    assert found(cards_db, "!!") == NAMES
    assert found(cards_db, "claw !!") == {"Claw Rake"}


@pytest.mark.parametrize(
    "query",
    [
        "'; DROP TABLE card; --",
        "x' OR '1'='1",
        "NEAR(shadow elder)",
        "shadow* ^elder {name}",
        "card_fts MATCH",
        "a\x00b",
        "%",
        "n:%",
        "k:_",
        "\\",
    ],
)
def test_injection_like_input_is_plain_text(cards_db: CardDatabase, query: str) -> None:
    search(cards_db, query)  # must not raise
    assert cards_db.card_count() == len(NAMES)


def test_like_wildcards_in_values_are_literal(cards_db: CardDatabase) -> None:
    assert found(cards_db, "n:%") == {"50% Off Tithe"}
    assert found(cards_db, "n:_") == {"Half_Moon Totem"}
    assert found(cards_db, "n:half_") == {"Half_Moon Totem"}


# -- fields --------------------------------------------------------------------------------------


def test_type_is_a_substring_match(cards_db: CardDatabase) -> None:
    assert found(cards_db, "t:gift") == {"Gift of the Silver Moon"}
    assert found(cards_db, 't:"combat action"') == {"Claw Rake"}
    assert found(cards_db, "t:EVENT") == {"Howling Squall", "Fog Bank", "50% Off Tithe"}


def test_type_section_words_match_the_whole_section(cards_db: CardDatabase) -> None:
    combat = {"Claw Rake", "Howling Squall"}
    assert found(cards_db, "t:combat") == combat
    assert found(cards_db, "t:characters") == CHARACTERS
    assert found(cards_db, "t:character") == CHARACTERS
    assert found(cards_db, "t:sept") == NAMES - CHARACTERS - combat


def test_set_matches_any_printing_case_insensitively(cards_db: CardDatabase) -> None:
    # The elder's newest printing is Beta, but it was also printed in Alpha.
    assert "Shadow Whisper Elder" in found(cards_db, "s:alpha")
    assert found(cards_db, "s:BETA") == {"Shadow Whisper Elder", "Claw Rake", "Howling Squall"}
    assert found(cards_db, "s:gamm") == {"Moonlit Trickster"}
    assert found(cards_db, 's:"gamma expansion"') == {"Moonlit Trickster"}
    assert found(cards_db, "s:delta") == set()


def test_allegiance_from_type_and_keyword_fallback(cards_db: CardDatabase) -> None:
    assert found(cards_db, "a:gaia") == {"Shadow Whisper Elder", "Quiet Elder"}
    assert found(cards_db, "a:wyrm") == {"Moonlit Trickster", "Old Ironjaw"}
    # The rogue's keywords list both Gaia and Wyrm; its Type decides.
    assert found(cards_db, "a:rogue") == {"Wanderer Between"}
    assert found(cards_db, "A:W") == found(cards_db, "a:wyrm")


def test_keyword_requires_and_name_fields(cards_db: CardDatabase) -> None:
    assert found(cards_db, "k:ahroun") == {"Shadow Whisper Elder"}
    assert found(cards_db, 'k:"black spiral"') == {"Moonlit Trickster"}
    assert found(cards_db, "req:theurge") == {"Gift of the Silver Moon", "Rite of Passing"}
    assert found(cards_db, "req:philo") == {"Rite of Passing"}
    assert found(cards_db, "n:elder") == {"Shadow Whisper Elder", "Quiet Elder"}
    # A field only looks at its own column: "moon" is in the gift's text but no one's keywords.
    assert found(cards_db, "k:moon") == set()


def test_field_names_are_case_insensitive(cards_db: CardDatabase) -> None:
    assert found(cards_db, "T:Gift") == {"Gift of the Silver Moon"}
    assert found(cards_db, "RENOWN>=7") == {"Wanderer Between"}
    assert found(cards_db, "Req:THEURGE") == {"Gift of the Silver Moon", "Rite of Passing"}


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("renown>=5", {"Shadow Whisper Elder", "Wanderer Between"}),
        ("renown>5", {"Wanderer Between"}),
        ("renown<3", {"Old Ironjaw"}),
        ("renown<=3", {"Old Ironjaw", "Moonlit Trickster"}),
        ("renown=4", {"Quiet Elder"}),
        ("renown:4", {"Quiet Elder"}),
        ("renown!=4", CHARACTERS - {"Quiet Elder"}),
        ("rage>=6", {"Moonlit Trickster"}),
        ("gnosis=2", {"Moonlit Trickster", "Gift of the Silver Moon"}),
        ("health>6", {"Wanderer Between"}),
        ("damage:2", {"Claw Rake"}),
        ("renown>=-1", CHARACTERS),
    ],
)
def test_numeric_comparisons(cards_db: CardDatabase, query: str, expected: set[str]) -> None:
    assert found(cards_db, query) == expected


def test_cards_without_the_number_never_match_a_comparison(cards_db: CardDatabase) -> None:
    assert found(cards_db, "renown>=0") == CHARACTERS


# -- negation, OR and grouping -------------------------------------------------------------------


def test_negation_of_fields_words_phrases_and_numbers(cards_db: CardDatabase) -> None:
    assert found(cards_db, "-t:sept") == CHARACTERS | {"Claw Rake", "Howling Squall"}
    assert found(cards_db, "t:characters -elder") == CHARACTERS - {"Shadow Whisper Elder", "Quiet Elder"}
    assert found(cards_db, '-"moon bridge"') == NAMES - {"Gift of the Silver Moon"}
    # "Not Renown 5 or more" includes the cards that have no Renown at all.
    assert found(cards_db, "-renown>=5") == NAMES - {"Shadow Whisper Elder", "Wanderer Between"}
    assert found(cards_db, "--t:gift") == {"Gift of the Silver Moon"}


def test_or_between_terms(cards_db: CardDatabase) -> None:
    assert found(cards_db, "t:gift OR t:rite") == {"Gift of the Silver Moon", "Rite of Passing"}
    assert found(cards_db, "trick OR caern") == {"Moonlit Trickster", "The Hidden Caern"}
    assert found(cards_db, "a:rogue OR renown<3 OR t:totem") == {
        "Wanderer Between",
        "Old Ironjaw",
        "Half_Moon Totem",
    }
    # Lowercase "or" is an ordinary word.
    assert found(cards_db, "t:gift or t:rite") == set()


def test_and_binds_tighter_than_or_and_parentheses_group(cards_db: CardDatabase) -> None:
    assert found(cards_db, "t:gift OR t:character renown>=7") == {
        "Gift of the Silver Moon",
        "Wanderer Between",
    }
    assert found(cards_db, "(t:gift OR t:character) renown>=7") == {"Wanderer Between"}
    assert found(cards_db, "-(t:sept OR t:combat)") == CHARACTERS
    assert found(cards_db, "t:character AND a:gaia") == {"Shadow Whisper Elder", "Quiet Elder"}


def test_parse_tree_shape() -> None:
    assert parse_query("") == And(())
    assert parse_query("a OR b c") == Or((Text("a"), And((Text("b"), Text("c")))))
    assert parse_query('-"x y"') == Not(Text("x y", phrase=True))
    assert parse_query("renown:5") == Compare("renown", "=", 5)
    # A hyphen inside a word is part of the word, not a negation.
    assert parse_query("walks-the-line") == Text("walks-the-line")


def test_hyphenated_word_searches_its_parts(cards_db: CardDatabase) -> None:
    assert found(cards_db, "half_moon-totem") == {"Half_Moon Totem"}


# -- syntax errors -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "message", "position", "token"),
    [
        ("gift x:foo", 'unknown field "x:" at position 5', 5, "x:"),
        ("renown>=", 'expected a number after "renown>=" at position 8', 8, ""),
        ("rage<abc", 'expected a number after "rage<" at position 5', 5, "abc"),
        ("renown>=99999999999", 'number too large after "renown>=" at position 8', 8, "99999999999"),
        ("rage<" + "9" * 5000, 'number too large after "rage<" at position 5', 5, "9" * 5000),
        ("gnosis:-" + "1" * 4301, 'number too large after "gnosis:" at position 7', 7, "-" + "1" * 4301),
        ("(t:gift) foo)", 'unbalanced ")" at position 12', 12, ")"),
        ("a (b", 'unbalanced "(" at position 2', 2, "("),
        ('ab "cd', "unterminated quote at position 3", 3, '"cd'),
        ('t:"combat', "unterminated quote at position 2", 2, '"combat'),
        ("t:", 'expected a value after "t:" at position 2', 2, ""),
        ("a:elf", 'expected gaia, wyrm or rogue after "a:" at position 2', 2, "elf"),
        ("x t>=3", '"t" takes ":" not ">=" at position 2', 2, "t>="),
        ("OR gift", 'expected a term before "OR" at position 0', 0, "OR"),
        ("gift OR", 'expected a term after "OR" at position 5', 5, "OR"),
        ("gift OR OR rite", 'expected a term after "OR" at position 5', 5, "OR"),
        ("gift -)", 'expected a term after "-" at position 5', 5, "-"),
        ("a ()", "empty parentheses at position 2", 2, "()"),
        ("AND b", 'expected terms on both sides of "AND" at position 0', 0, "AND"),
    ],
)
def test_syntax_errors_point_at_the_bad_token(query: str, message: str, position: int, token: str) -> None:
    with pytest.raises(QuerySyntaxError) as caught:
        parse_query(query)
    assert str(caught.value) == message
    assert caught.value.position == position
    assert caught.value.token == token
    assert isinstance(caught.value, ValueError)


def test_search_raises_the_same_syntax_error(cards_db: CardDatabase) -> None:
    with pytest.raises(QuerySyntaxError, match="unknown field"):
        search(cards_db, "zz:top")


def test_deep_nesting_and_huge_queries_are_refused_cleanly(cards_db: CardDatabase) -> None:
    with pytest.raises(QuerySyntaxError, match="nested too deeply"):
        search(cards_db, "(" * 500 + "a" + ")" * 500)
    with pytest.raises(QuerySyntaxError, match="too many terms"):
        search(cards_db, " ".join(["claw"] * 1000))
    assert found(cards_db, "-" * 1001 + "t:gift") == NAMES - {"Gift of the Silver Moon"}


# -- index maintenance ---------------------------------------------------------------------------


def test_rebuild_reflects_changed_and_deleted_cards(cards_db: CardDatabase) -> None:
    conn = cards_db.raw_connection()
    try:
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("UPDATE card SET text = 'Smells of brimstone.' WHERE name = 'Claw Rake'")
        conn.execute("DELETE FROM card WHERE name = 'Fog Bank'")
        rebuild_search_index(conn)
        rebuild_search_index(conn)  # rebuilding twice must not duplicate rows
        conn.execute("COMMIT")
    finally:
        conn.close()
    assert found(cards_db, "brimstone") == {"Claw Rake"}
    assert found(cards_db, "defender") == set()
    assert found(cards_db, "scouts") == set()
    assert len(search(cards_db, "claw")) == 1


def test_rebuild_leaves_no_build_options_in_the_database(cards_db: CardDatabase) -> None:
    # The build's own FTS5 options (carddb.searchindex) must not stay in the file, where every later writer of the
    # index, ours or another program's, would use them.
    conn = cards_db.raw_connection()
    try:
        before = conn.execute("SELECT k, v FROM card_fts_config ORDER BY k").fetchall()
        conn.execute("BEGIN IMMEDIATE")
        rebuild_search_index(conn)
        conn.execute("COMMIT")
        after = conn.execute("SELECT k, v FROM card_fts_config ORDER BY k").fetchall()
    finally:
        conn.close()
    assert after == before == [("version", 4)]
    assert found(cards_db, "shado") == {"Shadow Whisper Elder"}


def test_rebuild_rolls_back_with_the_callers_transaction(cards_db: CardDatabase) -> None:
    conn = cards_db.raw_connection()
    try:
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("DELETE FROM card")
        rebuild_search_index(conn)
        conn.execute("ROLLBACK")
    finally:
        conn.close()
    assert found(cards_db, "shado") == {"Shadow Whisper Elder"}


# -- the real card pool --------------------------------------------------------------------------


@pytest.mark.realpool
def test_real_pool_searches_are_consistent(shared_dir: Path, tmp_db: CardDatabase) -> None:
    from carddb import importing

    importing.import_path(tmp_db, shared_dir / "data" / "lackey-rage")
    everything = search(tmp_db, "")
    assert len(everything) == tmp_db.card_count() > 1000
    gifts = search(tmp_db, "t:gift")
    assert gifts and all("gift" in r.type.casefold() for r in gifts)
    characters = {r.id for r in search(tmp_db, "t:characters")}
    by_allegiance = [{r.id for r in search(tmp_db, f"a:{a}")} for a in ("gaia", "wyrm", "rogue")]
    # Every Character has exactly one allegiance.
    assert set().union(*by_allegiance) == characters
    assert sum(len(group) for group in by_allegiance) == len(characters)
    assert all(group for group in by_allegiance)
    strong = search(tmp_db, "t:characters renown>=5")
    assert strong and all(r.renown is not None and r.renown >= 5 for r in strong)
    assert all(r.set_name for r in everything)


def test_count_matches_agrees_with_search_without_building_rows(tmp_path: Path) -> None:
    from carddb.demo import ensure_demo_cards
    from carddb.search import count_matches

    with CardDatabase(tmp_path / "c.sqlite") as db:
        ensure_demo_cards(db)
        for query in ("", "t:gift", "renown>=4 a:gaia", "-t:combat OR k:wyrm"):
            assert count_matches(db, query) == len(search(db, query))


# -- one allegiance, paging, ordering ------------------------------------------------------------


def _lackey_file(path: Path, rows: list[dict[str, str]]) -> Path:
    from carddb.fields import LACKEY_HEADER

    lines = ["\t".join(LACKEY_HEADER)]
    for row in rows:
        values = {"Expansion": "Limited", **row}
        lines.append("\t".join(values.get(h, "") for h in LACKEY_HEADER))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _imported_db(tmp_path: Path, rows: list[dict[str, str]]) -> CardDatabase:
    from carddb.importing import import_path

    db = CardDatabase(tmp_path / "db" / "cards.sqlite")
    import_path(db, _lackey_file(tmp_path / "cards.txt", rows))
    return db


def test_search_and_checker_agree_on_a_defiler_and_a_bare_wyrm_keyword(tmp_path: Path) -> None:
    from deckbuilder.games.rage.facts import character_allegiance

    rows = [
        {"Name": "Defiler Wretch", "Type": "Character", "Keywords": "Garou - Defiler"},
        {"Name": "Bare Wyrmling", "Type": "Character", "Keywords": "Wyrm"},
        {"Name": "Two-Faced", "Type": "Character", "Keywords": "Gaia - Wyrm"},
        {"Name": "Plain Garou", "Type": "Character", "Keywords": "Garou - Ahroun"},
        {"Name": "Loner", "Type": "Character - Rogue", "Keywords": "Gaia - Wyrm"},
    ]
    with _imported_db(tmp_path, rows) as db:
        assert found(db, "a:wyrm") == {"Defiler Wretch", "Bare Wyrmling"}
        assert found(db, "a:gaia") == {"Two-Faced", "Plain Garou"}
        assert found(db, "a:rogue") == {"Loner"}
        for row in rows:
            card = db.lookup(row["Name"])
            assert card is not None
            assert {r.name for r in search(db, f"a:{character_allegiance(card)}")} >= {card.name}


@pytest.mark.realpool
def test_search_and_checker_agree_on_every_real_character(shared_dir: Path, tmp_db: CardDatabase) -> None:
    from carddb import importing
    from deckbuilder.games.rage.facts import character_allegiance

    importing.import_path(tmp_db, shared_dir / "data" / "lackey-rage")
    by_search = {r.id: a for a in ("Gaia", "Wyrm", "Rogue") for r in search(tmp_db, f"a:{a}")}
    characters = [c for c in tmp_db.all_cards() if c.section is Section.CHARACTERS]
    assert len(characters) > 100
    assert {c.id: character_allegiance(c) for c in characters} == by_search


def test_a_card_named_exactly_comes_first_then_names_begun_and_pages_cover_every_match(
    tmp_path: Path,
) -> None:
    from carddb.search import count_matches

    names = ["Moonlight", "Full Moon", "Moon Bridge", "Moon", "Blue Moon Rising", "Sun"]
    with _imported_db(tmp_path, [{"Name": n, "Type": "Event"} for n in names]) as db:
        # The whole name first, then the names the words begin, then the other matches in name order.
        expected = ["Moon", "Moon Bridge", "Moonlight", "Blue Moon Rising", "Full Moon"]
        assert [r.name for r in search(db, "moon")] == expected
        assert count_matches(db, "moon") == 5
        pages = [search(db, "moon", limit=2, offset=start) for start in (0, 2, 4)]
        assert [r.name for page in pages for r in page] == expected
        assert [r.name for r in search(db, "moo")] == expected  # a name's beginning: the same order
        # The exact phrase: Moonlight is no match, Moon and Moon Bridge still come first.
        assert [r.name for r in search(db, '"moon"')] == [
            "Moon",
            "Moon Bridge",
            "Blue Moon Rising",
            "Full Moon",
        ]
        assert [r.name for r in search(db, "moon t:event", limit=1)] == [
            "Moon"
        ]  # with a filter beside the words
        pages = [search(db, "moo", limit=2, offset=start) for start in (0, 2, 4)]
        assert [r.name for page in pages for r in page] == [r.name for r in search(db, "moo")]
        # Sorted by name descending: plain name order reversed, nothing pinned.
        assert [r.name for r in search(db, "moo", descending=True)] == sorted(expected, key=str.casefold)[
            ::-1
        ]


def test_search_orders_by_any_row_field_with_name_as_tie_break(tmp_path: Path) -> None:
    rows = [
        {"Name": "Bravo", "Type": "Character - Gaia", "Renown": "3"},
        {"Name": "Alpha", "Type": "Character - Gaia", "Renown": "3"},
        {"Name": "Charlie", "Type": "Character - Gaia", "Renown": "1"},
    ]
    with _imported_db(tmp_path, rows) as db:
        assert [r.name for r in search(db, "", order="renown")] == ["Charlie", "Alpha", "Bravo"]
        assert [r.name for r in search(db, "t:character", order="renown", descending=True)] == [
            "Bravo",
            "Alpha",
            "Charlie",
        ]
        assert [r.name for r in search(db, "", order="renown", limit=1, offset=1)] == ["Alpha"]
        with pytest.raises(ValueError, match="order"):
            search(db, "", order="colour")


def test_absurd_limits_and_offsets_are_bounded(cards_db: CardDatabase) -> None:
    assert len(search(cards_db, "", limit=10**30)) == len(NAMES)
    assert search(cards_db, "", limit=-1) == []
    assert search(cards_db, "", offset=10**30) == []
    assert len(search(cards_db, "", offset=-5)) == len(NAMES)
