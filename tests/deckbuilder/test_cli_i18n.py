"""`ragedeck --lang pt_BR` and a Portuguese system: the CLI's own words and the legality results in Portuguese."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from deckbuilder.cli import main, take_lang_option
from deckbuilder.i18n.extract import problems
from tests.conftest import REAL_DECKS


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(args), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def real_db(real_pool_copy: Callable[[Path], Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real card pool imported through the CLI, in a database of the module's own."""
    return real_pool_copy(tmp_path_factory.mktemp("real") / "db")


def _too_many_copies(tmp_path: Path) -> Path:
    """The real Gaia example deck with a third Dodge: over the combat copy limit of two."""
    text = (REAL_DECKS / "gaia-example.txt").read_text(encoding="utf-8")
    assert "2\tDodge" in text
    deck = tmp_path / "gaia-three-dodges.txt"
    deck.write_text(text.replace("2\tDodge", "3\tDodge"), encoding="utf-8")
    return deck


@pytest.mark.realpool
def test_check_lang_pt_br_prints_a_real_illegal_deck_in_portuguese(real_db: Path, tmp_path: Path) -> None:
    deck = _too_many_copies(tmp_path)
    code, out, _err = run("check", str(deck), "--db", str(real_db), "--lang", "pt_BR", "--fix-hints")
    assert code == 1
    assert f"{deck}: ILEGAL — gaia-three-dodges (Rage, Revised (aberto), Nível de Renome 20)" in out
    assert "  Renome " in out and " (máx. " in out and " / 30+" in out  # the header figures, as in the window
    assert (
        "  erro     COMBAT_COPIES: A carta de combate 'Dodge' tem 3 cópias; são permitidas no máximo 2" in out
    )
    assert "Reduzir 'Dodge' de 3 para 2 cópias" in out  # the fix hint too
    assert "Renown" not in out and "copies" not in out  # no English left in our own words
    # English by default on an English system, with the same code.
    code, english, _err = run("check", str(deck), "--db", str(real_db))
    assert "COMBAT_COPIES: Combat card 'Dodge' has 3 copies; at most 2 are allowed" in english


@pytest.mark.realpool
def test_the_cli_follows_a_portuguese_system_and_lang_overrides_it(
    real_db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    deck = _too_many_copies(tmp_path)
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    _code, out, _err = run("check", str(deck), "--db", str(real_db))
    assert "ILEGAL" in out and "cópias" in out
    _code, out, _err = run("--lang=en", "check", str(deck), "--db", str(real_db))
    assert "ILLEGAL" in out and "cópias" not in out


def test_json_keeps_the_english_message_and_adds_message_id_and_params(tmp_path: Path) -> None:
    from carddb.db import CardDatabase
    from carddb.demo import ensure_demo_cards

    db = tmp_path / "cards.sqlite"
    with CardDatabase(db) as opened:
        ensure_demo_cards(opened)
    deck = tmp_path / "deck.txt"
    deck.write_text("1\tNo Such Card\n", encoding="utf-8")
    _code, out, _err = run("--lang", "pt_BR", "check", str(deck), "--db", str(db), "--json")
    (unknown,) = [r for r in json.loads(out)["decks"][0]["results"] if r["code"] == "UNKNOWN_CARD"]
    assert unknown["message"].startswith("'No Such Card' is not in the card database")
    assert unknown["params"]["card"] == "No Such Card"


def test_an_unknown_language_is_a_clear_error() -> None:
    code, _out, err = run("--lang", "xx", "formats")
    assert code == 2 and "unknown language 'xx'" in err and "pt_BR" in err


def test_lang_is_taken_from_anywhere_before_a_double_dash() -> None:
    assert take_lang_option(["check", "a.dek", "--lang", "pt_BR"]) == (["check", "a.dek"], "pt_BR")
    assert take_lang_option(["search", "--", "--lang=x"]) == (["search", "--", "--lang=x"], None)


def test_every_marked_text_is_translated_and_every_entry_is_used() -> None:
    assert problems("pt_BR") == ([], [])


def test_help_is_in_portuguese(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("--lang", "pt_BR", "check", "--help")[0] == 0
    assert (
        "verifica decks pelas regras de construção de deck" not in capsys.readouterr().out
    )  # that is the list
    assert run("--lang", "pt_BR", "--help")[0] == 0
    out = capsys.readouterr().out
    assert "verifica decks pelas regras de construção de deck" in out
    assert out.startswith("uso: ragedeck") and "argumentos posicionais:" in out  # argparse's own words too
    assert run("--lang", "pt_BR", "check")[0] == 2
    assert "erro: os seguintes argumentos são obrigatórios: DECK" in capsys.readouterr().err
    assert run("check")[0] == 2
    assert "error: the following arguments are required: DECK" in capsys.readouterr().err


def _broken_card_file(tmp_path: Path) -> Path:
    """A small Lackey card data file with a nameless row, a stat that is no number and a short row."""
    cards = tmp_path / "cards.txt"
    cards.write_text(
        "Name\tExpansion\tType\tRenown\n\tBase\tCombat\t1\nDodge\tBase\tCombat\tabc\nBar\tBase\n",
        encoding="utf-8",
    )
    return cards


def test_import_cards_prints_the_report_in_portuguese_with_line_numbers(tmp_path: Path) -> None:
    cards = _broken_card_file(tmp_path)
    code, out, _err = run("--lang", "pt_BR", "import-cards", str(cards), "--db", str(tmp_path / "db.sqlite"))
    assert code == 0
    assert f"3 linhas lidas de {cards}: 2 cartas adicionadas" in out
    assert f"  rejeitada  {cards}:2: Name (nome) vazio" in out
    assert (
        f"  suspeita   {cards}:3: 'Dodge': o valor 'abc' da coluna Renown não é um número (mantido como texto)"
        in out
    )
    assert f"{cards}:4: linha curta, faltam as colunas: Type, Renown" in out
    assert "rejected" not in out and "not a number" not in out and "missing columns" not in out


def test_import_cards_json_keeps_english_reasons_beside_message_ids(tmp_path: Path) -> None:
    cards = _broken_card_file(tmp_path)
    args = ("import-cards", str(cards), "--db", str(tmp_path / "db.sqlite"), "--json")
    _code, out, _err = run("--lang", "pt_BR", *args)
    issues = {issue["line"]: issue for issue in json.loads(out)["issues"]}
    assert issues[2]["reason"] == "empty Name" and issues[2]["message_id"] == "IMPORT_NAME_EMPTY"
    (number,) = [i for i in json.loads(out)["issues"] if i["message_id"] == "IMPORT_NOT_A_NUMBER"]
    assert number["reason"] == "'Dodge': Renown 'abc' is not a number (kept as text)"
    assert number["params"] == {"name": "Dodge", "column": "Renown", "value": "abc"}


def test_check_prints_the_deck_readers_reasons_in_portuguese(tmp_path: Path) -> None:
    from carddb.db import CardDatabase
    from carddb.demo import ensure_demo_cards

    db = tmp_path / "cards.sqlite"
    with CardDatabase(db) as opened:
        ensure_demo_cards(opened)
    deck = tmp_path / "deck.txt"
    deck.write_text("Combat:\nabc\tDodge\n", encoding="utf-8")
    _code, out, _err = run("--lang", "pt_BR", "check", str(deck), "--db", str(db))
    assert "deck.txt, linha 2: a quantidade 'abc' não é um número inteiro de 1 a 999; ignorada" in out
    assert "DECK_FILE_UNREAD: deck.txt, linha 2: 'abc\\tDodge' não pôde ser lido (a quantidade 'abc'" in out
    assert "whole number" not in out and "skipped" not in out
    _code, out, _err = run("--lang", "pt_BR", "check", str(deck), "--db", str(db), "--json")
    document = json.loads(out)["decks"][0]
    assert document["problems"] == [
        "deck.txt, line 2: count 'abc' is not a whole number from 1 to 999; skipped"
    ]
    (unread,) = [r for r in document["results"] if r["code"] == "DECK_FILE_UNREAD"]
    assert unread["params"]["reason"] == "count 'abc' is not a whole number from 1 to 999"


def test_check_prints_the_native_readers_reasons_in_portuguese(tmp_path: Path) -> None:
    from carddb.db import CardDatabase
    from carddb.demo import ensure_demo_cards

    db = tmp_path / "cards.sqlite"
    with CardDatabase(db) as opened:
        ensure_demo_cards(opened)
    deck = tmp_path / "deck.json"
    deck.write_text(
        json.dumps({"format_version": 1, "sections": {"combat": [{"name": "Dodge", "count": 0}, "x"]}}),
        encoding="utf-8",
    )
    _code, out, _err = run("--lang", "pt_BR", "check", str(deck), "--db", str(db))
    assert (
        "sections.combat[0] (carta 'Dodge'): a quantidade deve ser um número inteiro de 1 a 999; ignorada"
        in out
    )
    assert "sections.combat[1]: deve ser um objeto com nome e quantidade; ignorada" in out
    assert "must be" not in out and "skipped" not in out
    _code, out, _err = run("check", str(deck), "--db", str(db))
    assert "sections.combat[0] ('Dodge'): count must be a whole number from 1 to 999; skipped" in out


def test_an_unreadable_deck_file_is_explained_in_portuguese(tmp_path: Path) -> None:
    from carddb.db import CardDatabase
    from carddb.demo import ensure_demo_cards

    db = tmp_path / "cards.sqlite"
    with CardDatabase(db) as opened:
        ensure_demo_cards(opened)
    deck = tmp_path / "deck.json"
    deck.write_text(json.dumps({"format_version": 99, "sections": {}}), encoding="utf-8")
    _code, _out, err = run("--lang", "pt_BR", "check", str(deck), "--db", str(db))
    assert "não foi possível ler" in err and "o deck foi salvo por um Rage Deckbuilder mais novo" in err
    _code, out, _err = run("--lang", "pt_BR", "check", str(deck), "--db", str(db), "--json")
    assert "saved by a newer Rage Deckbuilder" in json.loads(out)["decks"][0]["error"]


def test_a_card_file_that_cannot_be_imported_at_all_is_explained_in_portuguese(tmp_path: Path) -> None:
    cards = tmp_path / "cards.json"
    cards.write_text("[]", encoding="utf-8")
    code, _out, err = run("--lang", "pt_BR", "import-cards", str(cards), "--db", str(tmp_path / "db.sqlite"))
    assert code != 0
    assert f"{cards}: o nível mais alto é list, era esperado um objeto" in err
    _code, _out, err = run("import-cards", str(cards), "--db", str(tmp_path / "db.sqlite"))
    assert f"{cards}: the top level is list, expected an object keyed by card name" in err


def test_every_declared_message_id_including_carddbs_is_translated_and_used() -> None:
    from deckbuilder.i18n.extract import wanted

    assert {(None, declared_template(key)) for key in ("IMPORT_NAME_EMPTY", "DECKFILE_BAD_COUNT")} <= set(
        wanted()
    )
    assert problems("pt_BR") == ([], [])
    assert "IMPORT_NAME_EMPTY" in declared_ids() and "DECKFILE_BAD_COUNT" in declared_ids()


def declared_template(key: str) -> str:
    from deckbuilder.i18n import declared

    return declared()[key]


def declared_ids() -> set[str]:
    from deckbuilder.i18n import declared

    return set(declared())


def test_odds_print_percentages_as_portuguese_writes_them_and_json_keeps_english(tmp_path: Path) -> None:
    import re

    from carddb.db import CardDatabase
    from carddb.demo import demo_deck_path, ensure_demo_cards

    db_path = tmp_path / "cards.sqlite"
    with CardDatabase(db_path) as db:
        ensure_demo_cards(db)
    args = ["odds", str(demo_deck_path()), "--db", str(db_path), "--seed", "1A2B3C4D", "--card", "low feint"]
    code, out, err = run("--lang", "pt_BR", *args)
    assert code == 0, err
    assert re.search(r"\b\d{1,3},\d\u00a0% ", out), out  # 44,7 % para ver…
    assert not re.search(r"\d\.\d%", out), out
    assert re.search(r"±\d+,\d\u00a0%", out), out  # a simulated figure's margin too
    code, out, _err = run("--lang", "pt_BR", *args, "--json")
    percents = [o["params"]["percent"] for o in json.loads(out)["odds"]]
    assert percents and all(re.fullmatch(r"\d{1,3}\.\d%", p) for p in percents), percents


def test_search_prints_its_syntax_error_in_portuguese(demo_db: Path) -> None:
    code, _out, err = run("--lang", "pt_BR", "search", "gift OR", "--db", str(demo_db))
    assert code == 2
    assert 'erro: esperava-se um termo depois de "OR" na posição 5' in err
    assert err.splitlines()[-1] == "       ^"  # still under the bad token of the query as typed
    code, _out, err = run("search", "gift OR", "--db", str(demo_db))
    assert 'error: expected a term after "OR" at position 5' in err
