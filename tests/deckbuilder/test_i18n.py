"""The core message catalogue: every declared message has a Portuguese template with the same parameters."""

from __future__ import annotations

import string

import pytest

from deckbuilder import i18n
from deckbuilder.i18n import ENGLISH, PORTUGUESE, Catalogue, catalogue, declared, format_message, render
from deckbuilder.legality import check_deck
from tests.deckbuilder.legality.pool import BASE_COMBAT, legal_deck, make_pool


def _fields(template: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(template) if name is not None}


def test_every_declared_message_has_a_portuguese_template_with_the_same_parameters() -> None:
    portuguese = catalogue(PORTUGUESE)
    for key, text in declared().items():
        translated = portuguese.find(text)
        assert translated is not None, f"{key} is untranslated"
        assert _fields(translated) == _fields(text), key
        assert translated != text, f"{key} is still English"


def test_rule_codes_are_derived_from_the_declared_messages() -> None:
    from deckbuilder.games.rage.engine import RULES

    english = declared()
    for rule in RULES:
        assert rule.codes, type(rule).__name__
        for code in rule.codes:
            assert any(key == code or key.startswith(code + ".") for key in english), code


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("pt_BR.UTF-8", PORTUGUESE),
        ("pt-br", PORTUGUESE),
        ("pt_PT", PORTUGUESE),
        ("en_US.UTF-8", ENGLISH),
        ("C", ENGLISH),
    ],
)
def test_system_language_follows_the_locale(
    monkeypatch: pytest.MonkeyPatch, value: str, expected: str
) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", value)
    i18n.set_language(None)
    assert i18n.current_language() == expected


def test_lc_all_wins_over_lang_and_an_explicit_choice_wins_over_both(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("LANGUAGE", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    monkeypatch.setenv("LC_ALL", "pt_BR.UTF-8")
    i18n.set_language(None)
    assert i18n.current_language() == PORTUGUESE
    i18n.set_language("en")
    try:
        assert i18n.current_language() == ENGLISH
    finally:
        i18n.set_language(None)
    with pytest.raises(ValueError, match="unknown language"):
        i18n.set_language("xx_YY")


def test_a_real_result_renders_in_portuguese_with_its_parameters() -> None:
    deck = legal_deck()
    deck.add(BASE_COMBAT[0].name)  # three copies of a combat card
    report = check_deck(deck, make_pool(), renown_level=20)
    (result,) = [r for r in report.results if r.code == "COMBAT_COPIES"]
    assert render(result, ENGLISH) == result.message
    text = render(result, PORTUGUESE)
    assert text == f"A carta de combate '{BASE_COMBAT[0].name}' tem 3 cópias; são permitidas no máximo 2"
    assert dict(result.params) == {"card": BASE_COMBAT[0].name, "copies": 3, "limit": 2}
    assert result.to_json()["params"] == {"card": BASE_COMBAT[0].name, "copies": 3, "limit": 2}


@pytest.mark.parametrize("lang", [ENGLISH, PORTUGUESE])
def test_every_message_reads_the_same_from_its_parsed_template_as_from_str_format_rules(lang: str) -> None:
    # Templates are parsed once and filled from their parts; the text must be what string.Formatter gives.
    formatter = i18n._formatter(lang)
    values = {
        "card": "Shadow Pack",
        "names": ("A", "B"),
        "size": 1,
        "minimum": 20,
        "count": 2,
        "max": 1,
        "min": 3,
    }
    for key in declared():
        text = i18n.template(key, lang)
        parts = [
            (name, spec) for _lit, name, spec, _conv in string.Formatter().parse(text) if name is not None
        ]
        given = {
            name: 2 if spec.startswith("plural") else values.get(name, f"<{name}>") for name, spec in parts
        }
        assert formatter.format(text, **given) == string.Formatter.vformat(formatter, text, (), given), key
    with pytest.raises(KeyError):
        formatter.format("{card} and {missing}", card="x")
    assert formatter.format("{0} {a.real}", "x", a=2) == "x 2"  # numbered and dotted fields: the general path


def test_lists_and_plurals_follow_the_language() -> None:
    declared()
    names = ("A", "B", "C")
    assert format_message("CHARACTER_VERSIONS", [("names", names)], ENGLISH).startswith(
        "'A', 'B' and 'C' are"
    )
    assert format_message("CHARACTER_VERSIONS", [("names", names)], PORTUGUESE).startswith(
        "'A', 'B' e 'C' são"
    )
    one = format_message("COMBAT_MINIMUM", [("size", 1), ("minimum", 20)], PORTUGUESE)
    assert one.startswith("O deck de combate tem 1 carta;")
    assert format_message("COMBAT_MINIMUM", [("size", 19), ("minimum", 20)], PORTUGUESE).startswith(
        "O deck de combate tem 19 cartas;"
    )


def test_a_template_naming_a_missing_parameter_falls_back_to_english(monkeypatch: pytest.MonkeyPatch) -> None:
    english = declared()["NO_CHARACTERS"]
    broken = Catalogue(PORTUGUESE, {(None, english): ("Sem {nada}",)}, catalogue(PORTUGUESE).plural)
    monkeypatch.setattr(i18n, "catalogue", lambda lang: broken if lang == PORTUGUESE else catalogue(lang))
    i18n._formatter.cache_clear()
    try:
        assert (
            format_message("NO_CHARACTERS", (), PORTUGUESE)
            == "The pack has no Characters; at least one is required"
        )
    finally:
        i18n._formatter.cache_clear()


def test_a_shipped_format_is_named_by_its_translated_title_inside_a_message() -> None:
    declared()
    params = (("card", "Battlefield X"), ("format", "Revised tournament"))
    assert (
        format_message("BANNED_CARD", params, ENGLISH)
        == "'Battlefield X' is banned in the Revised tournament format"
    )
    assert format_message("BANNED_CARD", params, PORTUGUESE) == (
        "'Battlefield X' é proibida no formato Revised para torneios"
    )
    own = (("card", "X"), ("format", "Friday league"))
    assert format_message("BANNED_CARD", own, PORTUGUESE) == "'X' é proibida no formato Friday league"


def test_any_games_format_is_named_by_its_translated_title() -> None:
    from deckbuilder.games.loader import format_title

    assert format_title("revised") == "Revised (open)"
    assert format_title("revised", lang=PORTUGUESE) == "Revised (aberto)"
    assert format_title("player", "warrift", PORTUGUESE) == "Deck de jogador de WarRift"
    assert format_title("no-such-format", "warrift", PORTUGUESE) == "no-such-format"


def test_the_system_language_is_read_once_per_choice_not_on_every_call(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Every count and message asks for the language: the environment is read when the language is chosen.
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    i18n.set_language(None)
    assert i18n.current_language() == PORTUGUESE
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    assert i18n.current_language() == PORTUGUESE
    i18n.set_language(None)  # following the system again reads it again
    assert i18n.current_language() == ENGLISH
