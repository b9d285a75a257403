"""The organiser's report: every deck of an event checked in one go, written as one HTML page or a CSV table."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from carddb.atomic import atomic_write_text
from carddb.record import FrozenRecord, set_field
from deckbuilder.context import DeckContexts
from deckbuilder.deck import DEFAULT_GAME, CardPool, Deck
from deckbuilder.deckfiles.common import replace_surrogates
from deckbuilder.deckfiles.walk import deck_files as deck_files  # the walk lives with the deck files
from deckbuilder.event import Event, event_for, format_for_game
from deckbuilder.games.description import Game, GameError
from deckbuilder.games.figures import FigureValue, figure_line, shared_value, value_against
from deckbuilder.games.loader import find_format, format_title, load_game
from deckbuilder.guesses import Guess, guessed_lines
from deckbuilder.i18n import N_, current_language, gettext, ngettext, pgettext, render, render_text
from deckbuilder.legality.formats import Format
from deckbuilder.legality.results import Report, Result

LEGAL = "legal"
ILLEGAL = "illegal"
UNREADABLE = "unreadable"
# The setting the CSV's `renown_level` column shows, and whose figure its `renown` column shows.
RENOWN_LEVEL = "renown_level"
CSV_COLUMNS = (
    "file",
    "player",
    "deck",
    "verdict",
    "renown",
    "renown_level",
    "allegiance",
    "figures",
    "game",
    "format",
    "errors",
    "fingerprint",
    "guessed",
)


class DeckRow(FrozenRecord):
    """One deck of the report: who, the verdict, its Renown and allegiance, and each error (or why it is unread)."""

    __slots__ = _fields = (
        "file",
        "player",
        "deck",
        "verdict",
        "renown",
        "renown_level",
        "allegiance",
        "format",
        "game",
        "figures",
        "settings",
        "errors",
        "warnings",
        "read_error",
        "problems",
        "fingerprint",
        "guesses",
        "cards",
    )
    file: str
    player: str
    deck: str
    verdict: str
    renown: int
    renown_level: int
    allegiance: str
    format: str
    game: str  # the deck's game (its name): the format is one of that game's
    figures: tuple[FigureValue, ...]  # the header figures its game.json names, valued by its engine
    settings: tuple[tuple[str, int | None], ...]  # the deck's settings as checked (Rage's Renown level)
    errors: tuple[Result, ...]
    warnings: tuple[Result, ...]
    read_error: str
    problems: tuple[str, ...]
    fingerprint: str  # deckbuilder.fingerprint: shows the list was not changed after registration
    guesses: tuple[Guess, ...]  # lines read only by a guess (a reprint folded, a near name): for a look
    cards: tuple[tuple[int, str], ...]  # (copies, name) of every card, Starting ones marked, in deck order

    def __init__(
        self,
        file: str,
        player: str,
        deck: str = "",
        verdict: str = UNREADABLE,
        renown: int = 0,
        renown_level: int = 0,
        allegiance: str = "",
        format: str = "",
        game: str = "",
        figures: tuple[FigureValue, ...] = (),
        settings: tuple[tuple[str, int | None], ...] = (),
        errors: tuple[Result, ...] = (),
        warnings: tuple[Result, ...] = (),
        read_error: str = "",
        problems: tuple[str, ...] = (),
        fingerprint: str = "",
        guesses: tuple[Guess, ...] = (),
        cards: tuple[tuple[int, str], ...] = (),
    ) -> None:
        set_field(self, "file", file)
        set_field(self, "player", player)
        set_field(self, "deck", deck)
        set_field(self, "verdict", verdict)
        set_field(self, "renown", renown)
        set_field(self, "renown_level", renown_level)
        set_field(self, "allegiance", allegiance)
        set_field(self, "format", format)
        set_field(self, "game", game)
        set_field(self, "figures", figures)
        set_field(self, "settings", settings)
        set_field(self, "errors", errors)
        set_field(self, "warnings", warnings)
        set_field(self, "read_error", read_error)
        set_field(self, "problems", problems)
        set_field(self, "fingerprint", fingerprint)
        set_field(self, "guesses", guesses)
        set_field(self, "cards", cards)


class ReportError(Exception):
    """The report cannot be written (unknown extension, unwritable path)."""


_PLAYER_SEPARATORS = (" - ", " — ", "--")  # "Player - Deck.txt"


def player_from_path(path: Path) -> str:
    """The player a deck file names: "Alice Smith - Gaia.dek" -> "Alice Smith", "bob_wyrm.txt" -> "bob wyrm"."""
    stem = path.stem
    for separator in _PLAYER_SEPARATORS:
        if separator in stem:
            stem = stem.split(separator, 1)[0]
            break
    return " ".join(stem.replace("_", " ").split()) or path.name


def deck_name_beside_player(path: Path, name: str) -> str:
    """The deck's name in the column beside its player: a name taken from the file's own ("Alice Smith - Gaia")
    without the player part, which the player column already shows; a name the file holds is kept as written."""
    if name != path.stem:
        return name
    for separator in _PLAYER_SEPARATORS:
        if separator in name:
            return name.split(separator, 1)[1].strip() or name
    return name


def check_deck_file(
    path: Path,
    pool: CardPool | DeckContexts,
    fmt: Format | str | None = None,
    settings: Mapping[str, int | None] | None = None,
    event: Event | None = None,
) -> DeckRow:
    """One row for one deck file of any game, judged as `ragedeck check` judges it (by its game's engine, against its
    game's cards); an unreadable deck is a row with its error. `fmt` is used for the decks of a game that has it.

    `pool` is the card database (every game's cards) or the run's DeckContexts (each game read once for a batch).
    """
    from deckbuilder.deckfiles import DeckFileError, read_deck

    contexts = pool if isinstance(pool, DeckContexts) else DeckContexts(pool)
    player = player_from_path(path)
    try:
        loaded = read_deck(path, pool=contexts)
    except (DeckFileError, OSError, ValueError) as exc:
        # A reader's reason stays a carddb Message (English as text, rendered per language in the report).
        reason = exc.reason if isinstance(exc, DeckFileError) else str(exc)
        return DeckRow(file=str(path), player=player, read_error=reason)
    except Exception as exc:  # a reader fault on one odd file must not stop an event's report
        return DeckRow(file=str(path), player=player, read_error=f"internal error while reading: {exc!r}")
    deck = loaded.deck
    try:
        game = contexts.game(deck.game)
    except GameError as exc:
        return DeckRow(
            file=str(path), player=player, deck=deck_name_beside_player(path, deck.name), read_error=str(exc)
        )
    problems = list(loaded.problems)
    chosen = _format_of_game(game, fmt)
    named = format_for_game(event, game) if chosen is None else None
    if named is not None:
        chosen = find_format(game, named)  # the folder's event.json names a format of this deck's game
    given = dict(settings or {})
    if event is not None:
        given = {**event.settings_for(game), **{k: v for k, v in given.items() if v is not None}}
    if chosen is None:
        # A format that is not installed: checked by the default one with a note, exactly as `check` does.
        chosen, notes = contexts.deck_format(game, deck)
        problems.extend(f"{path.name}: {render(note)}" for note in notes)
    context = contexts.of(deck, chosen, given, game)
    report: Report = context.check(deck)
    return DeckRow(
        file=str(path),
        player=player,
        deck=deck_name_beside_player(path, deck.name),
        verdict=LEGAL if report.is_legal else ILLEGAL,
        format=report.format,
        **_game_fields(report, game),
        errors=report.errors,
        warnings=report.warnings,
        problems=tuple(problems),
        fingerprint=_fingerprint(deck, context.pool),
        cards=_cards(deck),
        guesses=guessed_lines(deck, report, path),
    )


def _fingerprint(deck: Deck, pool: Any) -> str:
    """The deck's fingerprint code (imported late: hashlib costs ~2 ms that `ragedeck check` never needs)."""
    from deckbuilder.fingerprint import deck_fingerprint

    return deck_fingerprint(deck, pool).code


def _format_of_game(game: Game, fmt: Format | str | None) -> Any:
    """The format `fmt` names when it is one of the game's (a name, or Rage's view of a format), else None."""
    from deckbuilder.games.loader import FormatError, find_format

    if fmt is None:
        return None
    if not isinstance(fmt, str):  # Rage's view of one of its formats
        shape = fmt.format
        if shape is None:
            return fmt  # a view made without its format: `check` reads it as it always has
        return shape if shape.game in ("", game.name) else None
    try:
        return find_format(game, fmt)
    except FormatError:
        return None


def _cards(deck: Deck) -> tuple[tuple[int, str], ...]:
    starting = gettext("(starting)")
    return (
        *((e.count, e.name) for e in deck.entries),
        *((e.count, f"{e.name} {starting}") for e in deck.starting),
    )


def _game_fields(report: Report, game: Game | None = None) -> dict[str, Any]:
    """The game, its header figures (as its engine shows them) and the settings of a checked deck's row."""
    from deckbuilder.games.check import ENGINES

    chosen = game if game is not None and game.name == report.game else load_game(report.game)
    values = ENGINES[chosen.engine].figure_values(report, chosen)
    # The CSV's Renown columns and allegiance: the figure counted against the `renown_level` setting, that setting
    # and the figure sharing an `allegiance` field, for any game whose description has them (Rage's does).
    against = value_against(values, RENOWN_LEVEL)
    return {
        "game": chosen.name,
        "figures": values,
        "settings": report.settings,
        "renown": against if isinstance(against, int) else 0,
        "renown_level": report.setting(RENOWN_LEVEL) or 0,
        "allegiance": shared_value(values, "allegiance"),
    }


def _figures_text(row: DeckRow, lang: str | None = None) -> str:
    """`Cost 8 / 10 · Actions 30`: the row's figures with their labels in the reader's language."""
    return figure_line(row.figures, lang)


def _game_title(row: DeckRow, lang: str | None = None) -> str:
    try:
        return gettext(load_game(row.game).title, lang) if row.game else ""
    except GameError:
        return row.game


def check_files(
    paths: Sequence[Path],
    pool: CardPool,
    fmt: Format | str | None = None,
    settings: Mapping[str, int | None] | None = None,
    events: Mapping[Path, Event] | None = None,
    given: Event | None = None,
) -> list[DeckRow]:
    """A row per deck file, in the given order (each game, pool and format read once for the whole batch); each
    deck judged as its folder's event.json asks, the command line's `given` event over it."""
    contexts = DeckContexts(pool)
    rows = []
    for path in paths:
        own = event_for(path, events or {})
        event = given.over(own) if given is not None else own
        rows.append(check_deck_file(path, contexts, fmt, settings, event))
    return rows


# How the HTML page names each verdict (the CSV keeps the stable values).
_VERDICT_WORDS = {LEGAL: N_("legal"), ILLEGAL: N_("illegal"), UNREADABLE: N_("unreadable")}


def _error_text(row: DeckRow, lang: str | None = None) -> list[str]:
    if row.verdict == UNREADABLE:
        return [gettext("cannot read: {reason}", lang).format(reason=render_text(row.read_error, lang))]
    return [f"{e.code}: {render(e, lang)}" for e in row.errors]


def _has_renown(row: DeckRow) -> bool:
    """Whether the row's game counts Renown against a Renown level (a game with no such setting shows none)."""
    return row.verdict != UNREADABLE and any(key == RENOWN_LEVEL for key, _value in row.settings)


# A cell starting with one of these is a formula to a spreadsheet (`=HYPERLINK(…)` from a .dek title): the
# quote spreadsheets themselves use for "text, not a formula" goes first (OWASP's advice for CSV injection).
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _csv_cell(value: object) -> object:
    return f"'{value}" if isinstance(value, str) and value.startswith(_FORMULA_STARTS) else value


def report_csv(rows: Sequence[DeckRow]) -> str:
    """One CSV line per deck; the errors of a deck are joined with " | " in one cell."""
    import csv  # here: a plain `ragedeck check` lists deck files with this module but writes no report

    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")  # CRLF (RFC 4180): a \r in a name is quoted too
    writer.writerow(CSV_COLUMNS)
    for row in rows:
        writer.writerow(
            _csv_cell(cell)
            for cell in [
                row.file,
                row.player,
                row.deck,
                row.verdict,
                row.renown if _has_renown(row) else "",
                row.renown_level if _has_renown(row) else "",
                row.allegiance,
                _figures_text(row, "en"),
                row.game,
                row.format,
                " | ".join(_error_text(row)),
                row.fingerprint,
                " | ".join(g.text("en") for g in row.guesses),
            ]
        )
    # A file name that was not UTF-8 on disk holds lone surrogates: shown as U+FFFD, never a failed write.
    return replace_surrogates(buffer.getvalue())


_STYLE = """
body { font-family: sans-serif; margin: 2em; color: #222; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #bbb; padding: 4px 8px; text-align: left; vertical-align: top; }
th { background: #eee; }
.legal { color: #17632a; font-weight: bold; }
.illegal { color: #a11; font-weight: bold; }
.unreadable { color: #8a5a00; font-weight: bold; }
.fingerprint { font-family: monospace; white-space: nowrap; }
td.guessed { background: #fff3c4; }
section.deck { page-break-before: always; margin-top: 3em; }
@media print { section.deck { margin-top: 0; } }
"""


def report_html(rows: Sequence[DeckRow], title: str | None = None, lang: str | None = None) -> str:
    """One page: the summary table, then a section (a printed page) per deck that is not legal."""
    import html

    e = html.escape
    lang = lang or current_language()

    def t(text: str) -> str:
        return gettext(text, lang)

    # The title of a report on many decks ("Verificação de decks"), not the window's check of one deck.
    title = pgettext("event report", "Deck check", lang) if title is None else title
    legal = sum(r.verdict == LEGAL for r in rows)
    unreadable = sum(r.verdict == UNREADABLE for r in rows)
    illegal = len(rows) - legal - unreadable
    summary = ", ".join(
        [
            ngettext("{count} legal deck", "{count} legal decks", legal, lang).format(count=legal),
            ngettext("{count} illegal deck", "{count} illegal decks", illegal, lang).format(count=illegal),
            ngettext("{count} unreadable file", "{count} unreadable files", unreadable, lang).format(
                count=unreadable
            ),
        ]
    )
    headings = (
        N_("Player"),
        N_("Deck"),
        N_("Verdict"),
        N_("Game"),
        N_("Format"),
        N_("Figures"),
        N_("Allegiance"),
        N_("Errors"),
        N_("Fingerprint"),
        N_("Read by a guess"),
        N_("File"),
    )
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{e(lang.replace("_", "-"))}"><head><meta charset="utf-8">',
        f"<title>{e(title)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{e(title)}</h1>",
        "<p>"
        + e(ngettext("{count} deck file:", "{count} deck files:", len(rows), lang).format(count=len(rows)))
        + f" {e(summary)}.</p>",
        "<table><thead><tr>" + "".join(f"<th>{e(t(h))}</th>" for h in headings) + "</tr></thead><tbody>",
    ]
    for index, row in enumerate(rows):
        verdict = e(t(_VERDICT_WORDS.get(row.verdict, row.verdict)))
        if row.verdict != LEGAL:
            verdict = f'<a href="#deck-{index}">{verdict}</a>'
        shown = format_title(row.format, row.game, lang) if row.format else ""
        errors = "<br>".join(e(text) for text in _error_text(row, lang))
        parts.append(
            f'<tr><td>{e(row.player)}</td><td>{e(row.deck)}</td><td class="{e(row.verdict)}">{verdict}</td>'
            f"<td>{e(_game_title(row, lang))}</td><td>{e(shown)}</td><td>{e(_figures_text(row, lang))}</td>"
            f"<td>{e(row.allegiance)}</td><td>{errors}</td>"
            f'<td class="fingerprint">{e(row.fingerprint)}</td>{_guess_cell(row, lang)}<td>{e(row.file)}</td></tr>'
        )
    parts.append("</tbody></table>")
    for index, row in enumerate(rows):
        if row.verdict == LEGAL:
            continue
        parts.append(f'<section class="deck" id="deck-{index}">')
        parts.append(f"<h2>{e(row.player)} — {e(row.deck or row.file)}</h2>")
        word = e(t(_VERDICT_WORDS.get(row.verdict, row.verdict)))
        parts.append(
            f"<p>{e(t('File'))}: {e(row.file)} · {e(t('Verdict'))}: "
            f'<span class="{e(row.verdict)}">{word}</span>'
        )
        if row.verdict != UNREADABLE:
            # The figures hold what the game's header shows (Rage's: the pack's allegiance among them).
            shown = format_title(row.format, row.game or DEFAULT_GAME, lang)
            parts.append(f" · {e(_game_title(row, lang))} · {e(shown)} · {e(_figures_text(row, lang))}")
        parts.append("</p><ul>")
        parts.extend(f"<li>{e(text)}</li>" for text in _error_text(row, lang))
        warning = t("warning")
        parts.extend(f"<li>{e(warning)} {e(w.code)}: {e(render(w, lang))}</li>" for w in row.warnings)
        file_word = t("file")
        parts.extend(f"<li>{e(file_word)}: {e(render_text(p, lang))}</li>" for p in row.problems)
        parts.extend(f'<li class="guessed">{e(g.text(lang))}</li>' for g in row.guesses)
        parts.append("</ul>")
        if row.cards:
            parts.append(f"<h3>{e(t('Cards'))}</h3><ul>")
            parts.extend(f"<li>{count} × {e(name)}</li>" for count, name in row.cards)
            parts.append("</ul>")
        parts.append("</section>")
    parts.append("</body></html>")
    return replace_surrogates("\n".join(parts) + "\n")


def _guess_cell(row: DeckRow, lang: str) -> str:
    """The row's guessed lines, marked so the organiser's eye stops on them (an empty cell when there are none)."""
    import html

    if not row.guesses:
        return "<td></td>"
    return '<td class="guessed">' + "<br>".join(html.escape(g.text(lang)) for g in row.guesses) + "</td>"


def write_report(rows: Sequence[DeckRow], path: Path, title: str | None = None) -> None:
    """Write the report whole or not at all; .html/.htm or .csv by the extension."""
    suffix = path.suffix.casefold()
    if suffix in (".html", ".htm"):
        text = report_html(rows, title)
    elif suffix == ".csv":
        text = report_csv(rows)
    else:
        raise ReportError(f"cannot tell the report format from {path.name!r}; use .html or .csv")
    try:
        atomic_write_text(path, text)
    except OSError as exc:
        reason = render_text(exc.strerror) if exc.strerror else str(exc)  # a refused target says why
        raise ReportError(f"cannot write {path}: {reason}") from exc
