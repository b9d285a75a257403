"""Lackey text decks (`count<TAB>name`, `Zone:` lines) and the plain lists people paste (`3x Name`)."""

from __future__ import annotations

import re

from carddb.messages import message
from deckbuilder.context import KnownNames, known_names
from deckbuilder.deck import DEFAULT_GAME, CardPool, Deck
from deckbuilder.deckfiles.common import (
    COMMENT_PREFIXES,
    KIND_TEXT,
    MAX_COUNT,
    MAX_LINE_CHARS,
    LoadedDeck,
    check_text_is_deck_like,
    find_unknown,
    has_control_chars,
    unread_part,
    valid_count,
)
from deckbuilder.games.layout import Layout, Placement
from deckbuilder.games.piles import game_of, known_game, layout_of

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
# `Characters:`, `Sept (30):`, `Combat Deck:` — a zone header never starts with a count.
_HEADER = re.compile(r"^(?P<label>[^\t\d:][^\t:]*?)\s*(?:\(\s*\d+\s*\))?\s*:$")
# `3 Name`, `3x Name`, `3 x Name`, `3X Name` (the `x` must stand alone so `3 Xavier` stays a name).
_COUNT_FIRST = re.compile(r"^(?P<count>[+-]?\d+)(?:\s*[xX×](?=\s))?\s+(?P<name>\S.*)$")
# `3xName`: no space after the x.
_COUNT_X_JOINED = re.compile(r"^(?P<count>[+-]?\d+)[xX×](?P<name>\S.*)$")
# `Name x3`
_COUNT_LAST = re.compile(r"^(?P<name>\S.*?)\s+[xX×](?P<count>\d+)$")
# `# game: warrift`: a comment Lackey ignores that says which game's deck this is (Rage when absent).
_GAME_LINE = re.compile(r"^#\s*game\s*:\s*(?P<game>\S.*?)\s*$", re.IGNORECASE)


def deck_from_text(
    text: str, pool: CardPool | None = None, source: str = "<text>", *, game: str | None = None
) -> LoadedDeck:
    """Read a text deck list: unreadable lines are reported with their number and skipped.

    `game` reads it as a deck of that game (its layout decides how headers are read); a `# game:` line then is
    ignored. Every game's list is read the same way: its game's layout says what each header means.
    """
    text = check_text_is_deck_like(text, source)
    lines = _LINE_BREAK.split(text)
    problems: list[str] = []
    zone: Placement | None = None
    zone_label = ""
    unknown_zone: tuple[int, str, str] | None = None  # header of a zone that is no deck section, until a card
    deck = Deck()
    installed_game = known_game(game) if game is not None else None
    if installed_game is not None:
        deck.game = installed_game
    layout: Layout | None = None  # the deck's game's, once its `# game:` line (if any) is read
    names: KnownNames | None = None  # the deck's own game's cards, once its game is known
    headerless_hint = None
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        game_line = _GAME_LINE.match(line) if deck.is_empty() else None
        if game_line and installed_game is not None:
            continue  # the game the reader was told wins over the file's own line
        if game_line:
            installed = known_game(game_line.group("game"))
            if installed is None:
                problems.append(
                    message(
                        "DECKFILE_GAME_NOT_INSTALLED",
                        where=_at(source, number),
                        game=game_line.group("game")[:60],
                    )
                )
            else:
                deck.game = installed
                layout = None
            continue
        if not line or line.startswith(COMMENT_PREFIXES):
            continue
        if layout is None:
            layout = layout_of(game_of(deck))
            headerless_hint = layout.headerless(_headers(lines))
            names = known_names(pool, deck)
        if len(line) > MAX_LINE_CHARS:
            reason = message("DECKFILE_LINE_TOO_LONG", length=len(line))
            problems.append(message("DECKFILE_SKIPPED", where=_at(source, number), reason=reason))
            deck.unread.append(unread_part(source, number, line, reason))
            continue
        if has_control_chars(line):
            reason = message("DECKFILE_LINE_CONTROL")
            problems.append(message("DECKFILE_SKIPPED", where=_at(source, number), reason=reason))
            deck.unread.append(unread_part(source, number, line, reason))
            continue
        header = _HEADER.match(line)
        if header:
            zone_label = header.group("label")
            zone = layout.place(zone_label)
            unknown_zone = None if zone.known else (number, line, _at(source, number))
            continue
        parsed = _parse_card_line(line, names)
        if isinstance(parsed, str):
            problems.append(message("DECKFILE_SKIPPED", where=_at(source, number), reason=parsed))
            deck.unread.append(unread_part(source, number, line, parsed))
            continue
        count, name, set_name = parsed
        if unknown_zone is not None:
            # Its cards are still read and checked, but a "Sideboard:" may mean them to be outside the deck.
            zone_line, zone_text, zone_where = unknown_zone
            reason = message("DECKFILE_UNKNOWN_ZONE", label=zone_label if zone is not None else zone_text)
            problems.append(message("DECKFILE_AT", where=zone_where, reason=reason))
            deck.unread.append(unread_part(source, zone_line, zone_text, reason))
            unknown_zone = None
        if zone is not None and zone.starting:
            deck.add(name, count, set_name, starting=True)
        else:
            deck.add(name, count, set_name, zone.hint if zone is not None else headerless_hint)
    return LoadedDeck(
        deck=deck,
        kind=KIND_TEXT,
        problems=problems,
        unknown=find_unknown(deck, names if names is not None else pool),
    )


def _at(source: str, number: int) -> str:
    """Where a line is, for its problem (made only for a line that has one)."""
    return message("DECKFILE_LINE", source=source, line=number)


def _headers(lines: list[str]) -> list[str]:
    """The zone labels of a list's header lines (the layout decides the zone of lines before the first)."""
    return [header.group("label") for raw in lines if (header := _HEADER.match(raw.strip()))]


def _parse_card_line(line: str, names: KnownNames | None) -> tuple[int, str, str | None] | str:
    """(count, name, set) from one line, or the reason it cannot be read."""
    if "\t" in line:
        fields = [f.strip() for f in line.split("\t")]
        if len(fields) >= 2 and fields[0] and fields[1]:
            count = valid_count(fields[0])
            if count is None:
                return message("DECKFILE_BAD_COUNT", count=fields[0][:20], most=MAX_COUNT)
            # A third column holds the printing (our extension; Lackey writes two columns).
            set_name = fields[2] if len(fields) > 2 and fields[2] else None
            return count, fields[1], set_name
        line = " ".join(f for f in fields if f)
    if names is not None and names.knows(line):
        # A known card whose name starts with a number (`13 Wolves`) is one copy, not thirteen.
        return 1, line, None
    for pattern in (_COUNT_FIRST, _COUNT_X_JOINED, _COUNT_LAST):
        match = pattern.match(line)
        if match:
            count = valid_count(match.group("count"))
            if count is None:
                return message("DECKFILE_BAD_COUNT", count=match.group("count")[:20], most=MAX_COUNT)
            return count, match.group("name").strip(), None
    return 1, line, None


def deck_to_text(deck: Deck, pool: CardPool | None, zone_labels: dict[str, str] | None = None) -> str:
    """The deck as Lackey text: a `# game:` line for a game other than the default, a `Label:` line per zone, then
    `count<TAB>name` lines (its game's layout says the zones)."""
    game = game_of(deck)
    lines = [f"# game: {game.name}"] if game is not None and game.name != DEFAULT_GAME else []
    for zone in layout_of(game, zone_labels).zones(deck, pool):
        if zone.entries:
            lines.append(f"{_one_line(zone.label)}:")
            lines.extend(f"{e.count}\t{_one_line(e.name)}" for e in zone.entries)
    return "\n".join(lines) + "\n" if lines else ""


def _one_line(text: str) -> str:
    # Tabs and line breaks would split the entry; names never legitimately hold them.
    return " ".join(text.split())
