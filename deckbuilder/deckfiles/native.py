"""The app's own deck format: JSON that keeps everything (name, notes, Renown level, format, printings)."""

from __future__ import annotations

import json
import re
from typing import Any

from carddb.cardtypes import Section
from deckbuilder.deck import (
    DEFAULT_FORMAT,
    DEFAULT_GAME,
    DEFAULT_RENOWN_LEVEL,
    MAX_RENOWN_LEVEL,
    CardPool,
    Deck,
    DeckEntry,
    UnreadPart,
)
from deckbuilder.deckfiles.common import (
    KIND_NATIVE,
    MAX_COUNT,
    MAX_LINE_CHARS,
    MAX_NAME_CHARS,
    UNKNOWN_ZONE_REASON,
    DeckFileError,
    LoadedDeck,
    check_text_is_deck_like,
    find_unknown,
    has_control_chars,
    has_surrogates,
    replace_surrogates,
    unread_part,
)
from deckbuilder.games.piles import game_of, grouped_by_pile, known_game, pile_ids_by_label

FORMAT_VERSION = 1
APP_ID = "rage-deckbuilder"
UNPLACED_KEY = "unplaced"
SECTION_KEYS: tuple[str, ...] = (*(s.value for s in Section), UNPLACED_KEY)
_MAX_SETTING = 1_000_000  # a deck-level setting of another game (deckbuilder/games): a count or a bound
_RAW_CONTROLS = re.compile("[\x7f-\x9f]")


def _entry_json(entry: DeckEntry) -> dict[str, Any]:
    return {"name": entry.name, "count": entry.count, "set": entry.set_name}


def _unread_json(part: UnreadPart) -> dict[str, Any]:
    return {
        "source": part.source,
        "line": part.line,
        "where": part.where,
        "text": part.text,
        "reason": part.reason,
    }


def deck_to_native(deck: Deck, pool: CardPool | None = None) -> str:
    """The deck as native JSON; sections by card Type via the pool when given, else by each zone hint."""
    sections: dict[str, list[dict[str, Any]]] = {key: [] for key in SECTION_KEYS}
    game = game_of(deck)
    starting = deck.starting
    if game is not None:
        # Another game's deck is saved by its own piles (its starting cards are placed by their Type too).
        sections = {
            pile: [_entry_json(e) for e in entries]
            for pile, _label, entries in grouped_by_pile(deck, game, pool)
        }
        starting = []
    else:
        for entry in deck.entries:
            section = deck.section_of(entry, pool) if pool is not None else entry.zone_hint
            sections[section.value if section is not None else UNPLACED_KEY].append(_entry_json(entry))
    document = {
        "format_version": FORMAT_VERSION,
        "app": APP_ID,
        "name": deck.name,
        "notes": deck.notes,
        "renown_level": deck.renown_level,
        "format": deck.format,
        "game": deck.game,
        **({"settings": dict(deck.settings)} if deck.settings else {}),
        "sections": sections,
        "starting": [_entry_json(e) for e in starting],
    }
    if deck.unread:
        # What a reader could not use travels with the deck, so saving never makes a partly read deck look whole.
        document["unread"] = [_unread_json(part) for part in deck.unread]
    text = json.dumps(document, indent=2, ensure_ascii=False)
    # json leaves DEL and C1 controls raw; escape them so the file never looks like binary data.
    return _RAW_CONTROLS.sub(lambda m: f"\\u{ord(m.group()):04x}", text) + "\n"


def deck_from_native(text: str, pool: CardPool | None = None, source: str = "<native deck>") -> LoadedDeck:
    """Read native JSON: bad entries are reported in `problems` and skipped; an unreadable file raises."""
    text = check_text_is_deck_like(text, source)
    document = _load_json(text, source)
    problems: list[str] = []
    _check_version(document, source, problems)
    deck = Deck()
    deck.name = _string_field(document, "name", deck.name, source, problems)
    deck.notes = _string_field(document, "notes", deck.notes, source, problems, allow_controls=True)
    deck.format = _string_field(document, "format", DEFAULT_FORMAT, source, problems) or DEFAULT_FORMAT
    deck.renown_level = _renown_field(document, source, problems)
    game_name = _string_field(document, "game", DEFAULT_GAME, source, problems) or DEFAULT_GAME
    installed = known_game(game_name)
    deck.game = installed or game_name[:60]
    if installed is None:
        problems.append(f"{source}: the game '{game_name[:60]}' is not installed; the deck is kept as it is")
    game = game_of(deck)
    pile_keys = pile_ids_by_label(game) if game is not None else {}
    deck.settings = _settings_field(document, source, problems)

    sections = document.get("sections", {})
    if not isinstance(sections, dict):
        reason = "'sections' must be an object of card lists; no cards were read from it"
        problems.append(f"{source}: {reason}")
        deck.unread.append(unread_part(source, None, _shown(sections), reason, "sections"))
        sections = {}
    for key, items in sections.items():
        if game is not None and key.casefold() in pile_keys:
            hint = None  # another game's cards go to their pile by their Type
        elif game is None and key in SECTION_KEYS:
            hint = Section(key) if key != UNPLACED_KEY else None
        else:
            problems.append(f"{source}: unknown section '{key}'; its cards are kept unplaced")
            hint = None
            if isinstance(items, list) and items:
                # Kept and checked by their Type, but the file may mean them to be outside the deck.
                reason = UNKNOWN_ZONE_REASON.format(label=replace_surrogates(key[:40]))
                deck.unread.append(unread_part(source, None, _shown(key), reason, f"sections.{key[:40]}"))
        deck.entries.extend(_entries(items, f"sections.{key}", hint, source, problems, deck.unread))
    if "starting" in document:
        deck.starting.extend(_entries(document["starting"], "starting", None, source, problems, deck.unread))
    if "unread" in document:
        deck.unread.extend(_saved_unread(document["unread"], source, problems))
    return LoadedDeck(deck=deck, kind=KIND_NATIVE, problems=problems, unknown=find_unknown(deck, pool))


def _load_json(text: str, source: str) -> dict[str, Any]:
    if not text.strip():
        raise DeckFileError(f"{source} is empty")
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DeckFileError(
            f"{source}, line {exc.lineno} column {exc.colno}: not valid JSON ({exc.msg})"
        ) from exc
    except (ValueError, RecursionError) as exc:
        # Numbers with thousands of digits and absurd nesting are refused by the json module itself.
        raise DeckFileError(f"{source}: not a readable deck file ({exc.__class__.__name__})") from exc
    if not isinstance(document, dict):
        line, column = _first_value_position(text)
        raise DeckFileError(
            f"{source}, line {line} column {column}: a deck file must hold a JSON object, "
            f"not {_json_type(document)}"
        )
    return document


def _first_value_position(text: str) -> tuple[int, int]:
    stripped = text.lstrip()
    offset = len(text) - len(stripped)
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return line, column


def _json_type(value: object) -> str:
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if value is None:
        return "null"
    return "an object"


def _check_version(document: dict[str, Any], source: str, problems: list[str]) -> None:
    if "format_version" not in document:
        if "sections" not in document:
            raise DeckFileError(
                f"{source} is not a Rage Deckbuilder deck (no 'format_version' or 'sections')"
            )
        problems.append(f"{source}: 'format_version' is missing; read as version {FORMAT_VERSION}")
        return
    version = document["format_version"]
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise DeckFileError(f"{source}: 'format_version' must be a whole number from 1, not {version!r:.40}")
    if version > FORMAT_VERSION:
        raise DeckFileError(
            f"{source}: the deck was saved by a newer Rage Deckbuilder (format version {version}; "
            f"this version reads up to {FORMAT_VERSION})"
        )


def _string_field(
    document: dict[str, Any],
    key: str,
    default: str,
    source: str,
    problems: list[str],
    allow_controls: bool = False,
) -> str:
    if key not in document or document[key] is None:
        return default
    value = document[key]
    if not isinstance(value, str):
        problems.append(f"{source}: '{key}' must be text, not {_json_type(value)}; the default was used")
        return default
    if not allow_controls and has_control_chars(value):
        problems.append(f"{source}: '{key}' holds control characters; the default was used")
        return default
    if has_surrogates(value):
        problems.append(f"{source}: '{key}' holds broken characters (lone surrogates); they were replaced")
        return replace_surrogates(value)
    return value


def _settings_field(document: dict[str, Any], source: str, problems: list[str]) -> dict[str, int]:
    value = document.get("settings", {})
    if not isinstance(value, dict):
        problems.append(f"{source}: 'settings' must be an object of whole numbers; ignored")
        return {}
    settings: dict[str, int] = {}
    for key, number in list(value.items())[:100]:
        if isinstance(number, int) and not isinstance(number, bool) and 0 <= number <= _MAX_SETTING:
            settings[str(key)[:60]] = number
        else:
            problems.append(f"{source}: setting '{str(key)[:40]}' must be a whole number; ignored")
    return settings


def _renown_field(document: dict[str, Any], source: str, problems: list[str]) -> int:
    value = document.get("renown_level", DEFAULT_RENOWN_LEVEL)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_RENOWN_LEVEL:
        return value
    problems.append(
        f"{source}: 'renown_level' must be a whole number from 0 to {MAX_RENOWN_LEVEL}, not {value!r:.40}; "
        f"{DEFAULT_RENOWN_LEVEL} was used"
    )
    return DEFAULT_RENOWN_LEVEL


def _shown(value: object) -> str:
    """A JSON value as it was written, for the report of what was not read (surrogates made printable)."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return replace_surrogates(text[: MAX_LINE_CHARS + 1])


def _entries(
    items: object,
    where: str,
    hint: Section | None,
    source: str,
    problems: list[str],
    unread: list[UnreadPart],
) -> list[DeckEntry]:
    if not isinstance(items, list):
        reason = f"'{where}' must be a list of cards, not {_json_type(items)}"
        problems.append(f"{source}: {reason}; skipped")
        unread.append(unread_part(source, None, _shown(items), reason, where))
        return []
    entries: list[DeckEntry] = []
    for index, item in enumerate(items):
        place = f"{where}[{index}]"
        entry = _entry(item, place, hint, source, problems)
        if isinstance(entry, str):
            name = item.get("name") if isinstance(item, dict) else None
            label = (
                f"{place} ({replace_surrogates(name[:60])!r})"
                if isinstance(name, str) and name.strip()
                else place
            )
            problems.append(f"{source}: {label}: {entry}; skipped")
            unread.append(unread_part(source, None, _shown(item), entry, place))
        else:
            entries.append(entry)
    return entries


def _entry(
    item: object, where: str, hint: Section | None, source: str, problems: list[str]
) -> DeckEntry | str:
    """The entry, or why it cannot be read."""
    if not isinstance(item, dict):
        return "must be an object with a name and count"
    name = item.get("name")
    if not isinstance(name, str) or not name.strip():
        return "has no card name"
    if len(name) > MAX_NAME_CHARS or has_control_chars(name) or has_surrogates(name):
        return "not a card name (too long, control characters or broken characters)"
    count = item.get("count", 1)
    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= MAX_COUNT:
        return f"count must be a whole number from 1 to {MAX_COUNT}"
    set_name = item.get("set")
    if set_name is not None and (
        not isinstance(set_name, str) or has_control_chars(set_name) or has_surrogates(set_name)
    ):
        problems.append(f"{source}: {where} ({name[:60]!r}) 'set' must be text; the newest printing is used")
        set_name = None
    return DeckEntry(name=name, count=count, set_name=set_name or None, zone_hint=hint)


def _saved_unread(items: object, source: str, problems: list[str]) -> list[UnreadPart]:
    """Parts an earlier reader could not use, as the native format saved them; anything malformed is kept too."""
    if not isinstance(items, list):
        reason = f"'unread' must be a list, not {_json_type(items)}"
        problems.append(f"{source}: {reason}")
        return [unread_part(source, None, _shown(items), reason, "unread")]
    parts: list[UnreadPart] = []
    for index, item in enumerate(items):
        fields = item if isinstance(item, dict) else {}
        texts = {k: fields.get(k) for k in ("source", "where", "text", "reason")}
        line = fields.get("line")
        if all(isinstance(v, str) for v in texts.values()) and (
            line is None or (isinstance(line, int) and not isinstance(line, bool))
        ):
            clean = {k: replace_surrogates(str(v)) for k, v in texts.items()}
            parts.append(unread_part(clean["source"], line, clean["text"], clean["reason"], clean["where"]))
        else:
            reason = "a part an earlier reader could not use, saved in a shape this version cannot show"
            parts.append(unread_part(source, None, _shown(item), reason, f"unread[{index}]"))
    return parts
