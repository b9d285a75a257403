"""`ragedeck search` lists the card the query names before the cards whose text names it."""

from __future__ import annotations

import json
from pathlib import Path

from tests.carddb.test_search import _imported_db
from tests.deckbuilder.cli.helpers import run

# Cards whose text says "Dodge" come before Dodge in name order.
ROWS = [
    {"Name": "Armor of Dodging", "Type": "Equipment", "Text": "Play after a Dodge."},
    {"Name": "Backstep", "Type": "Combat Action", "Text": "As Dodge, but costs 1."},
    {"Name": "Dodge", "Type": "Combat Action", "Text": "Avoid all damage."},
    {"Name": "Dodge and Weave", "Type": "Combat Action", "Text": "Avoid damage."},
]


def test_ragedeck_search_lists_the_named_card_first(tmp_path: Path) -> None:
    _imported_db(tmp_path, ROWS).close()
    code, out, _err = run("search", '"Dodge"', "--db", str(tmp_path / "db" / "cards.sqlite"), "--json")
    assert code == 0
    assert [card["name"] for card in json.loads(out)["cards"]][:2] == ["Dodge", "Dodge and Weave"]
