"""Each card field is stored once: the card holds its newest printing's values, a printing only what differed."""

from __future__ import annotations

import json
from pathlib import Path

from carddb.cardwriter import stored_printings
from carddb.db import CardDatabase
from carddb.demo import remove_demo_cards
from carddb.fields import NUMERIC_FIELDS
from carddb.importing import import_path
from tests.carddb.test_importing import row, write_card_data


def _own(db: CardDatabase, name: str) -> dict[str, str]:
    rows = db.reader.execute(
        "SELECT p.set_name, p.own_fields FROM printing AS p JOIN card AS c ON c.id = p.card_id WHERE c.name = ?",
        (name,),
    )
    return {str(r[0]): str(r[1]) for r in rows}


def _values_by_set(db: CardDatabase, name: str) -> dict[str, tuple[object, ...]]:
    card = db.lookup(name)
    assert card is not None and card.id is not None
    _in_force, printings = stored_printings(db.reader, [card.id])[card.id]
    return {p.set_name: p.values for p in printings}


def test_the_card_holds_the_newest_printing_and_older_printings_keep_what_differed(
    tmp_db: CardDatabase, tmp_path: Path
) -> None:
    first = write_card_data(
        tmp_path / "a.txt",
        [
            row("Claw Rake", "Limited", "Combat - Attack", Text="Old words.", Damage="2"),
            row("Claw Rake", "Unlimited", "Combat - Attack", Text="New words.", Damage="2"),
            row("Moon Bridge", "Limited", "Gift"),
        ],
    )
    import_path(tmp_db, first)
    rake = tmp_db.lookup("Claw Rake")
    assert rake is not None and (rake.text, rake.damage) == ("New words.", 2)
    assert _own(tmp_db, "Claw Rake") == {"Limited": json.dumps({"text": "Old words."}), "Unlimited": ""}
    assert _own(tmp_db, "Moon Bridge") == {"Limited": ""}

    # A later import of a newer set takes over; the printing that was in force keeps its own words.
    import_path(
        tmp_db,
        write_card_data(
            tmp_path / "b.txt", [row("Claw Rake", "TheUmbra", "Combat - Attack", Text="Newest.", Damage="3")]
        ),
    )
    rake = tmp_db.lookup("Claw Rake")
    assert rake is not None and (rake.text, rake.damage) == ("Newest.", 3)
    assert [p.set_name for p in rake.printings] == ["TheUmbra", "Unlimited", "Limited"]
    values = _values_by_set(tmp_db, "Claw Rake")
    assert values["Limited"][-2:] == ("Old words.", "") and values["Limited"][12] == 2
    assert values["Unlimited"][-2:] == ("New words.", "") and values["Unlimited"][12] == 2

    # A later import of an older set changes nothing in force.
    import_path(
        tmp_db,
        write_card_data(
            tmp_path / "c.txt", [row("Claw Rake", "Limited", "Combat - Attack", Text="Fixed.", Damage="2")]
        ),
    )
    rake = tmp_db.lookup("Claw Rake")
    assert rake is not None and rake.text == "Newest."
    assert _values_by_set(tmp_db, "Claw Rake")["Limited"][-2] == "Fixed."


def test_removing_the_printing_in_force_brings_back_the_next_ones_values(
    tmp_db: CardDatabase, tmp_path: Path
) -> None:
    import_path(
        tmp_db,
        write_card_data(
            tmp_path / "real.txt",
            [row("Claw Rake", "Limited", "Combat - Attack", Text="Real.", Requires="Claws")],
        ),
    )
    import_path(
        tmp_db,
        write_card_data(tmp_path / "demo.txt", [row("Claw Rake", "Demo", "Combat - Attack", Text="Demo.")]),
    )
    rake = tmp_db.lookup("Claw Rake")
    assert rake is not None and (rake.text, rake.requires) == ("Demo.", "")
    remove_demo_cards(tmp_db)
    rake = tmp_db.lookup("Claw Rake")
    assert rake is not None and (rake.text, rake.requires) == ("Real.", "Claws")
    assert [p.set_name for p in rake.printings] == ["Limited"]
    assert _own(tmp_db, "Claw Rake") == {"Limited": ""}


def test_a_number_left_empty_is_no_value_on_the_card_and_in_a_printings_own_fields(
    tmp_db: CardDatabase, tmp_path: Path
) -> None:
    import_path(
        tmp_db,
        write_card_data(
            tmp_path / "a.txt",
            [
                row("Claw Rake", "Limited", "Combat - Attack", Damage="2"),
                row("Claw Rake", "Unlimited", "Combat - Attack", Damage=""),
                row("Moon Bridge", "Limited", "Gift"),
                # A row with something to note (a Renown that is no number) is read the long way: the same rule.
                row("Sky Howl", "Limited", "Gift", Renown="lots"),
            ],
        ),
    )
    numbers = ", ".join(f"typeof({f})" for f in NUMERIC_FIELDS)
    for name in ("Claw Rake", "Moon Bridge", "Sky Howl"):
        kinds = tmp_db.reader.execute(f"SELECT {numbers} FROM card WHERE name = ?", (name,)).fetchone()
        assert set(kinds) == {"null"}, name
    assert _own(tmp_db, "Claw Rake") == {"Limited": json.dumps({"damage": 2}), "Unlimited": ""}
    assert _values_by_set(tmp_db, "Claw Rake")["Unlimited"][12] is None

    # The other way round: the printing in force has the number, the older one keeps its empty value.
    import_path(
        tmp_db,
        write_card_data(tmp_path / "b.txt", [row("Claw Rake", "TheUmbra", "Combat - Attack", Damage="3")]),
    )
    assert json.loads(_own(tmp_db, "Claw Rake")["Unlimited"]) == {"damage": None}
    assert _values_by_set(tmp_db, "Claw Rake")["Unlimited"][12] is None
