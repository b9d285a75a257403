"""Fuzz the readers and writers of the organiser's and collector's files: have lists, the report writers (HTML and
CSV with hostile names), and another game's card-data CSV. Each input either works or is refused with a reason;
nothing raises anything else, nothing unescaped reaches the page, and every row of a report reads back."""

from __future__ import annotations

import csv
import io
import tempfile
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carddb.db import CardDatabase
from carddb.demo import ensure_demo_cards
from deckbuilder.collection import MAX_NAME_CHARS, Collection, CollectionError
from deckbuilder.deckfiles.common import replace_surrogates
from deckbuilder.games.cards import read_card_data
from deckbuilder.games.loader import load_game
from deckbuilder.legality.results import Result, Severity
from deckbuilder.report import (
    CSV_COLUMNS,
    ILLEGAL,
    LEGAL,
    UNREADABLE,
    DeckRow,
    report_csv,
    report_html,
    write_report,
)

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

# Text an attacker would put in a file name, a .dek title or a card name: markup, formulas, controls, bad bytes.
HOSTILE_PARTS = st.sampled_from(
    [
        "<script>alert(1)</script>",
        '=HYPERLINK("x")',
        "+1",
        "-2",
        "@A1",
        '"',
        ",",
        "\n",
        "\r",
        "\t",
        "\x00",
        "\x1b[2J",
        "&amp;",
        "\udcff",
        "\u202e",
        "é",
        " - ",
        "Bob",
    ]
)
hostile_text = st.lists(st.one_of(HOSTILE_PARTS, st.text(max_size=5)), max_size=8).map("".join)


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CardDatabase]:
    """The demo set; each example empties the collection first."""
    db = CardDatabase(Path(tmp_path_factory.mktemp("fuzz")) / "cards.sqlite")
    ensure_demo_cards(db)
    yield db
    db.close()


HAVE_LINES = st.sampled_from(
    [
        "Characters:",
        "Combat:",
        "2 Low Feint",
        "1x Rending Sweep",
        "3\tAshen Howler\tDemo",
        "x" * 250,
        "0 Bad",
        "5000 Too Many",
        '{"format_version": 1}',
        "<deck>",
        "\ufeff",
        "1 \udcff",
    ]
)
have_text = st.lists(st.one_of(HAVE_LINES, st.text(max_size=30)), max_size=12).map("\n".join)
have_bytes = st.one_of(have_text.map(lambda t: t.encode("utf-8", "surrogateescape")), st.binary(max_size=200))


@FUZZ
@given(data=have_bytes, suffix=st.sampled_from([".txt", ".dek", ".json", ""]))
def test_a_have_list_of_any_bytes_adds_what_it_can_and_accounts_for_the_rest(
    demo_db: CardDatabase, data: bytes, suffix: str
) -> None:
    collection = Collection(demo_db)
    collection.clear()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"have{suffix}"
        path.write_bytes(data)
        try:
            have = collection.read_have_list(path)
        except CollectionError as exc:
            assert str(exc)
            return
        if not have.complete:
            with pytest.raises(CollectionError, match="not replaced"):
                collection.import_have_lists([have], replace=True)
            assert collection.rows() == []  # the refused replace changed nothing
        (summary,) = collection.import_have_lists([have])
    assert summary.unused >= len([r for r in summary.refused if "more entries" not in r])
    rows = collection.rows()
    assert sum(r.count for r in rows) == summary.copies
    for row in rows:
        assert 0 < len(row.name) <= MAX_NAME_CHARS and row.name == row.name.strip()
        assert replace_surrogates(row.name) == row.name


def _rows(names: list[tuple[str, str, str]], verdicts: list[str]) -> list[DeckRow]:
    error = Result("BANNED_CARD", Severity.ERROR, "'<b>x</b>' is banned", ("<b>x</b>",))
    return [
        DeckRow(
            file=file,
            player=player,
            deck=deck,
            verdict=verdict,
            errors=(error,) if verdict == ILLEGAL else (),
            read_error="cannot <read> " + deck if verdict == UNREADABLE else "",
            problems=(player,),
        )
        for (file, player, deck), verdict in zip(names, verdicts, strict=False)
    ]


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)


# Every tag the report itself writes; a name that adds one has escaped its cell.
REPORT_TAGS = {
    "html",
    "head",
    "meta",
    "title",
    "style",
    "body",
    "h1",
    "h2",
    "p",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "section",
    "a",
    "ul",
    "li",
    "span",
}


@pytest.mark.slow
@FUZZ
@given(
    names=st.lists(st.tuples(hostile_text, hostile_text, hostile_text), min_size=1, max_size=4),
    verdicts=st.lists(st.sampled_from([LEGAL, ILLEGAL, UNREADABLE]), min_size=4, max_size=4),
)
def test_report_writers_keep_hostile_names_in_their_cells(
    names: list[tuple[str, str, str]], verdicts: list[str]
) -> None:
    rows = _rows(names, verdicts)
    page = report_html(rows, title="<title>Event")
    page.encode("utf-8")  # a non-UTF-8 file name must not make the page unwritable
    parser = _Tags()
    parser.feed(page)
    assert parser.tags <= REPORT_TAGS
    assert "<script>" not in page
    table = report_csv(rows)
    table.encode("utf-8")
    records = list(csv.reader(io.StringIO(table, newline="")))  # as a spreadsheet splits lines
    assert records[0] == list(CSV_COLUMNS)
    assert len(records) == len(rows) + 1 and all(len(r) == len(CSV_COLUMNS) for r in records)
    assert [r[3] for r in records[1:]] == [row.verdict for row in rows]
    with tempfile.TemporaryDirectory() as folder:
        for suffix in (".html", ".csv"):
            write_report(rows, Path(folder) / f"report{suffix}")
            assert (Path(folder) / f"report{suffix}").read_bytes().decode("utf-8")


CSV_PARTS = st.sampled_from(
    [
        "Name,Type,Subtype,Cost,M,A,W,S,Text\n",
        "Name,Name,Type\n",
        "Flint-Born,Ancestry,,,5,2,1,20,x\n",
        '"',
        ",",
        "\n",
        "\r\n",
        "²",
        "--5",
        "9" * 5000,
        "\x00",
        "\udcff",
        ",,,,,,,,,\n",
        '"a""b"',
        "Bone Shaman,Class,,3",
    ]
)
csv_text = st.lists(st.one_of(CSV_PARTS, st.text(max_size=10)), max_size=25).map("".join)


@FUZZ
@given(text=csv_text)
def test_another_games_card_csv_reader_reports_and_never_raises(text: str) -> None:
    game = load_game("lithic-rage")
    data = read_card_data(game, text)
    lines = text.count("\n") + text.count("\r") + 2
    assert all(0 <= issue.line <= lines and issue.reason for issue in data.issues)
    numbers = [f.name for f in game.fields if f.kind == "number"]
    for card in data.cards:
        assert card.name.strip() and card.game == "lithic-rage"
        assert all(card.value(n) is None or isinstance(card.value(n), int) for n in numbers)
