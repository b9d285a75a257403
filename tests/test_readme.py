"""The README works as written: its install/test commands and every query example it (and the search box) gives."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from carddb.db import CardDatabase
from carddb.search import DeckTerms, search
from tests.conftest import REAL_DECKS

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
# The test command: every test, on every core (pytest-xdist; pyproject.toml's addopts keep each file on one worker).
TEST_COMMAND = "python -m pytest -q -n auto"
_QUERY_TOKEN = re.compile(r"\b[a-z]+:\S+|\b(?:renown|rage|gnosis|health|damage)(?:<=|>=|=|<|>)\d+")
_FORM = re.compile(r"field\b")
_HELP_CALLS = {"setPlaceholderText", "setToolTip", "setWhatsThis", "setStatusTip"}


def readme_queries() -> list[str]:
    """Every `ragedeck search '...'` example in the README."""
    return re.findall(r"ragedeck search '([^']+)'", README)


def _strings(node: ast.AST) -> Iterator[str]:
    for child in ast.walk(node):
        if isinstance(child, ast.Constant) and isinstance(child.value, str):
            yield child.value


def search_box_queries() -> list[str]:
    """Query examples in the card browser's help texts: `backticked` ones, else comma-separated parts with a field."""
    tree = ast.parse((ROOT / "deckbuilder" / "ui" / "browser.py").read_text(encoding="utf-8"))
    found: list[str] = []
    for call in ast.walk(tree):
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)):
            continue
        if call.func.attr not in _HELP_CALLS:
            continue
        for text in (s for arg in call.args for s in _strings(arg)):
            quoted = re.findall(r"`([^`]+)`", text)
            parts = quoted or [p.strip(" …").removeprefix("Search:").strip() for p in text.split(",")]
            # Another game's help names the forms (`field:word`, `field>=3`) with no game's field in them: not queries.
            found.extend(p for p in parts if _QUERY_TOKEN.search(p) and not _FORM.match(p))
    return list(dict.fromkeys(found))


@pytest.fixture(scope="module")
def real_pool(
    real_pool_copy: Callable[[Path], Path], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[CardDatabase]:
    """The real card pool in a database of the module's own."""
    db = CardDatabase(real_pool_copy(tmp_path_factory.mktemp("realpool") / "db"))
    yield db
    db.close()


def _example_deck(db: CardDatabase) -> DeckTerms:
    """What a deck example asks about: the real example deck, with every other one of its cards owned, in a deck
    library holding that deck (`in:decks`)."""
    from deckbuilder.collection import Collection, deck_terms
    from deckbuilder.deckfiles import read_deck

    deck = read_deck(REAL_DECKS / "gaia-example.txt", pool=db).deck
    owned = {e.key: e.count for e in deck.entries[::2]}
    Collection(db).set_counts((e.name, None, e.count) for e in deck.entries[::2])
    terms = deck_terms(deck, owned)
    return DeckTerms(cards=terms.cards, missing=terms.missing, library=terms.cards)


def test_the_readme_and_the_search_box_give_query_examples() -> None:
    assert len(readme_queries()) >= 3
    assert search_box_queries()
    # The old example found nothing: auspices on Gifts are requirements (req:), not keywords (k:).
    assert 't:gift (k:theurge OR k:galliard) gnosis<=4 -"wyrm"' not in README


@pytest.mark.realpool
@pytest.mark.parametrize("query", readme_queries() + search_box_queries())
def test_every_query_example_finds_cards_in_the_real_pool(real_pool: CardDatabase, query: str) -> None:
    deck = _example_deck(real_pool)  # the deck and collection examples ask about one
    assert search(real_pool, query, limit=5, deck=deck), f"the example query {query!r} finds no card"


def test_install_and_test_are_one_command_each_in_a_virtual_environment() -> None:
    commands = [
        line.strip() for line in README.splitlines() if line.startswith("    python3 -m venv .venv && ")
    ]
    assert "python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/ragedeck" in commands
    assert any(c.endswith(f'pip install -e ".[dev]" && .venv/bin/{TEST_COMMAND}') for c in commands)
    assert (
        f"    {TEST_COMMAND}             # the test command (CI runs exactly this in .ci/run)"
        in README.splitlines()
    )


def test_ci_runs_the_readmes_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert f'"$PY" -m {TEST_COMMAND.removeprefix("python -m ")}\n' in ci


def test_without_the_dev_extras_pytest_names_what_is_missing_and_how_to_install_it() -> None:
    code = (
        "import sys; sys.modules['pypdf'] = None; sys.modules['img2pdf'] = None; import pytest; "
        "sys.exit(pytest.main(['-q', '-p', 'no:cacheprovider', 'tests/test_readme.py']))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 4, done.stdout + done.stderr
    output = done.stdout + done.stderr
    assert "missing: pypdf, img2pdf" in output and "pip install -e '.[dev]'" in output
