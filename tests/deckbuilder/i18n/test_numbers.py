"""Numbers and percentages in the reader's language, also inside messages, while --json keeps English."""

from __future__ import annotations

import json
import pickle

from deckbuilder.i18n import ENGLISH, PORTUGUESE, declared, format_message, params_json, params_of
from deckbuilder.i18n.numbers import Percent, format_number, format_percent


def test_percentages_and_numbers_follow_the_language() -> None:
    assert format_percent(0.984, 1, ENGLISH) == "98.4%"
    assert format_percent(0.984, 1, PORTUGUESE) == "98,4\u00a0%"
    assert format_percent(0.5, 0, PORTUGUESE) == "50\u00a0%"
    assert format_number(12345.5, 1, ENGLISH) == "12,345.5"
    assert format_number(12345.5, 1, PORTUGUESE) == "12.345,5"


def test_a_percent_parameter_is_english_in_json_and_portuguese_in_the_message() -> None:
    declared()
    params = params_of(
        {
            "percent": Percent(0.9843),
            "what": "X",
            "turn": 3,
            "hits": 2,
            "pile": 40,
            "seen": 9,
            "pile_label": "Sept",
        }
    )
    assert json.loads(json.dumps(params_json(params)))["percent"] == "98.4%"
    assert format_message("BY_TURN.card", params, ENGLISH).startswith("98.4% to see 'X' by turn 3")
    assert format_message("BY_TURN.card", params, PORTUGUESE).startswith("98,4\u00a0% ")
    copy = pickle.loads(pickle.dumps(Percent(0.25, 0)))
    assert (copy, copy.share, copy.render(PORTUGUESE)) == ("25%", 0.25, "25\u00a0%")
