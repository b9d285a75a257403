"""The app's own deck format: JSON that keeps everything (name, notes, Renown level, format, printings)."""

from __future__ import annotations

import json
import re
from typing import Any

from carddb.cardtypes import Section
from carddb.messages import declare, message
from deckbuilder.deck import (
    DEFAULT_FORMAT,
    DEFAULT_GAME,
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
    DeckFileError,
    LoadedDeck,
    check_text_is_deck_like,
    find_unknown,
    has_control_chars,
    has_surrogates,
    replace_surrogates,
    unread_part,
)
from deckbuilder.games.piles import game_of, known_game, layout_of

# The native reader's notes and reasons (carddb Messages, rendered in the reader's language where shown).
declare(
    {
        "DECKFILE_NATIVE_GAME_NOT_INSTALLED": "{source}: the game '{game}' is not installed; the deck is kept as it is",
        "DECKFILE_SECTIONS_NOT_OBJECT": "'sections' must be an object of card lists; no cards were read from it",
        "DECKFILE_UNKNOWN_SECTION": "{source}: unknown section '{key}'; its cards are kept unplaced",
        "DECKFILE_NO_VERSION": "{source}: 'format_version' is missing; read as version {version}",
        "DECKFILE_FIELD_NOT_TEXT": "{source}: '{key}' must be text, not {kind}; the default was used",
        "DECKFILE_FIELD_CONTROL": "{source}: '{key}' holds control characters; the default was used",
        "DECKFILE_FIELD_SURROGATES": "{source}: '{key}' holds broken characters (lone surrogates); they were replaced",
        "DECKFILE_SETTINGS_NOT_OBJECT": "{source}: 'settings' must be an object of whole numbers; ignored",
        "DECKFILE_SETTING_NOT_NUMBER": "{source}: setting '{key}' must be a whole number; ignored",
        "DECKFILE_BAD_SETTING": "{source}: '{key}' must be a whole number from 0 to {most}, not {value}; {default} was used",
        "DECKFILE_NOT_A_LIST": "'{where}' must be a list of cards, not {kind}",
        "DECKFILE_ENTRY_NAMED": "{place} ({name!r})",
        "DECKFILE_ENTRY_SKIPPED": "{source}: {label}: {reason}; skipped",
        "DECKFILE_ENTRY_NOT_OBJECT": "must be an object with a name and count",
        "DECKFILE_ENTRY_NO_NAME": "has no card name",
        "DECKFILE_ENTRY_NOT_A_NAME": "not a card name (too long, control characters or broken characters)",
        "DECKFILE_ENTRY_BAD_COUNT": "count must be a whole number from 1 to {most}",
        "DECKFILE_ENTRY_BAD_SET": "{source}: {where} ({name!r}) 'set' must be text; the newest printing is used",
        "DECKFILE_UNREAD_NOT_LIST": "'unread' must be a list, not {kind}",
        "DECKFILE_JSON_LIST": "a list",
        "DECKFILE_JSON_STRING": "a string",
        "DECKFILE_JSON_BOOL": "true/false",
        "DECKFILE_JSON_NUMBER": "a number",
        "DECKFILE_JSON_NULL": "null",
        "DECKFILE_JSON_OBJECT": "an object",
        "DECKFILE_DUPLICATE_KEY": "{source}: the key {key} appears twice in one object, so the file does not say "
        "which is meant; it is not read",
        "DECKFILE_UNREAD_SHAPE": "a part an earlier reader could not use, saved in a shape this version cannot show",
        "DECKFILE_TAGS_NOT_LIST": "{source}: 'tags' must be a list of words; ignored",
        "DECKFILE_TAG_SKIPPED": "{source}: tags[{index}] is not a tag (text of at most {most} characters); skipped",
    }
)


FORMAT_VERSION = 1
APP_ID = "rage-deckbuilder"
UNPLACED_KEY = "unplaced"
SECTION_KEYS: tuple[str, ...] = (*(s.value for s in Section), UNPLACED_KEY)
_MAX_SETTING = 1_000_000  # a deck-level setting of another game (deckbuilder/games): a count or a bound
_RAW_CONTROLS = re.compile("[\x7f-\x9f]")
# A deck's tags (the library's): a few words each, a few tens at most; what is over is not kept.
MAX_TAGS = 50
MAX_TAG_CHARS = 40


def clean_tags(tags: object) -> tuple[str, ...]:
    """Tags as kept: each one line of spaces collapsed, at most MAX_TAG_CHARS, no controls, once (case-insensitive)."""
    found: list[str] = []
    seen: set[str] = set()
    for tag in tags if isinstance(tags, (list, tuple)) else ():
        text = _one_tag(tag)
        if text is not None and text.casefold() not in seen:
            seen.add(text.casefold())
            found.append(text)
            if len(found) == MAX_TAGS:
                break
    return tuple(found)


def _one_tag(tag: object) -> str | None:
    if not isinstance(tag, str):
        return None
    text = " ".join(tag.split())
    if not text or len(text) > MAX_TAG_CHARS or has_control_chars(text) or has_surrogates(text):
        return None
    return text


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
    """The deck as native JSON: sections as its game's layout places them (by card Type via the pool when given)."""
    game = game_of(deck)
    layout = layout_of(game)
    zones = layout.zones(deck, pool)
    sections = {zone.key: [_entry_json(e) for e in zone.entries] for zone in zones if not zone.starting}
    starting = [_entry_json(e) for zone in zones if zone.starting for e in zone.entries]
    # Settings its game's layout keeps as deck fields (Rage's Renown level, as earlier files have it), valued when
    # the deck names none; the others in "settings".
    fields = {key: _setting_value(deck, game, key) for key in layout.field_settings}
    settings = {key: value for key, value in deck.settings.items() if key not in fields}
    document = {
        "format_version": FORMAT_VERSION,
        "app": APP_ID,
        "name": deck.name,
        "notes": deck.notes,
        **fields,
        "format": deck.format,
        "game": deck.game,
        **({"settings": settings} if settings else {}),
        **({"tags": list(deck.tags)} if deck.tags else {}),
        "sections": sections,
        **({"starting": starting} if any(zone.starting for zone in zones) else {}),
    }
    if deck.unread:
        # What a reader could not use travels with the deck, so saving never makes a partly read deck look whole.
        document["unread"] = [_unread_json(part) for part in deck.unread]
    text = json.dumps(document, indent=2, ensure_ascii=False)
    return _escaped(text)


def _escaped(text: str) -> str:
    """JSON text as the native files are written: DEL and C1 controls escaped (json leaves them raw), so the file
    never looks like binary data."""
    return _RAW_CONTROLS.sub(lambda m: f"\\u{ord(m.group()):04x}", text) + "\n"


def native_with_tags(text: str, tags: object, source: str = "<native deck>") -> str:
    """A native deck file's text with its tags replaced, every other key kept as it was (DeckFileError when the
    text is no native deck this version reads)."""
    document = _native_document(text, source)
    kept = clean_tags(tags)
    if kept:
        document["tags"] = list(kept)
    else:
        document.pop("tags", None)
    return _escaped(json.dumps(document, indent=2, ensure_ascii=False))


def native_tags(text: str, source: str = "<native deck>") -> tuple[str, ...]:
    """The tags a native deck file's text holds (DeckFileError when it is no native deck this version reads)."""
    return clean_tags(_native_document(text, source).get("tags", []))


def with_name(text: str, name: str, source: str = "<native deck>") -> str:
    """A native deck file's text with its deck name replaced, every other key kept as it was."""
    document = _native_document(text, source)
    document["name"] = replace_surrogates(name)
    return _escaped(json.dumps(document, indent=2, ensure_ascii=False))


def _native_document(text: str, source: str) -> dict[str, Any]:
    """A native deck file's JSON object, checked as the reader checks it (DeckFileError when it is none)."""
    document = _load_json(check_text_is_deck_like(text, source), source)
    _check_version(document, source, [])
    return document


def deck_from_native(
    text: str, pool: CardPool | None = None, source: str = "<native deck>", *, game: str | None = None
) -> LoadedDeck:
    """Read native JSON: bad entries are reported in `problems` and skipped; an unreadable file raises."""
    text = check_text_is_deck_like(text, source)
    document = _load_json(text, source)
    problems: list[str] = []
    _check_version(document, source, problems)
    deck = Deck()
    deck.name = _string_field(document, "name", deck.name, source, problems)
    deck.notes = _string_field(document, "notes", deck.notes, source, problems, allow_controls=True)
    deck.format = _string_field(document, "format", DEFAULT_FORMAT, source, problems) or DEFAULT_FORMAT
    game_name = game or _string_field(document, "game", DEFAULT_GAME, source, problems) or DEFAULT_GAME
    installed = known_game(game_name)
    deck.game = installed or game_name[:60]
    if installed is None:
        problems.append(message("DECKFILE_NATIVE_GAME_NOT_INSTALLED", source=source, game=game_name[:60]))
    game_read = game_of(deck)
    layout = layout_of(game_read)  # what each section's key means for the deck's game
    deck.settings = _settings_field(document, source, problems)
    deck.tags = _tags_field(document, source, problems)
    # A setting earlier versions wrote as a deck field (Rage's Renown level) reads as the setting.
    for key, most in layout.field_settings.items():
        value = _field_setting(document, key, most, _default_setting(game_read, key), source, problems)
        if value is not None:
            deck.settings[key] = value

    sections = document.get("sections", {})
    if not isinstance(sections, dict):
        reason = message("DECKFILE_SECTIONS_NOT_OBJECT")
        problems.append(message("DECKFILE_AT", where=source, reason=reason))
        deck.unread.append(unread_part(source, None, _shown(sections), reason, "sections"))
        sections = {}
    for key, items in sections.items():
        placement = layout.place(key, strict=True)
        hint = placement.hint
        if not placement.known:
            problems.append(message("DECKFILE_UNKNOWN_SECTION", source=source, key=key))
            hint = None
            if isinstance(items, list) and items:
                # Kept and checked by their Type, but the file may mean them to be outside the deck.
                reason = message("DECKFILE_UNKNOWN_ZONE", label=replace_surrogates(key[:40]))
                deck.unread.append(unread_part(source, None, _shown(key), reason, f"sections.{key[:40]}"))
        entries = _entries(items, f"sections.{key}", hint, source, problems, deck.unread)
        deck.extend(entries, starting=placement.starting)
    if "starting" in document:
        deck.extend(
            _entries(document["starting"], "starting", None, source, problems, deck.unread), starting=True
        )
    if "unread" in document:
        deck.unread.extend(_saved_unread(document["unread"], source, problems))
    return LoadedDeck(deck=deck, kind=KIND_NATIVE, problems=problems, unknown=find_unknown(deck, pool))


def _load_json(text: str, source: str) -> dict[str, Any]:
    if not text.strip():
        raise DeckFileError(message("DECKFILE_EMPTY", source=source))
    try:
        document = json.loads(text, object_pairs_hook=_unique_keys)
    except _DuplicateKey as exc:
        # Which of two "sept" lists is meant? json.loads would keep the last silently (an illegal deck read legal).
        raise DeckFileError(message("DECKFILE_DUPLICATE_KEY", source=source, key=exc.key)) from exc
    except json.JSONDecodeError as exc:
        raise DeckFileError(
            message("DECKFILE_BAD_JSON", source=source, line=exc.lineno, column=exc.colno, error=exc.msg)
        ) from exc
    except (ValueError, RecursionError) as exc:
        # Numbers with thousands of digits and absurd nesting are refused by the json module itself.
        raise DeckFileError(
            message("DECKFILE_UNREADABLE_NATIVE", source=source, error=exc.__class__.__name__)
        ) from exc
    if not isinstance(document, dict):
        line, column = _first_value_position(text)
        raise DeckFileError(
            message("DECKFILE_NOT_OBJECT", source=source, line=line, column=column, kind=_json_type(document))
        )
    return document


class _DuplicateKey(Exception):
    """An object of the file names one key twice."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    document = dict(pairs)
    if len(document) != len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                raise _DuplicateKey(_shown(key)[:60])
            seen.add(key)
    return document


def _first_value_position(text: str) -> tuple[int, int]:
    stripped = text.lstrip()
    offset = len(text) - len(stripped)
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return line, column


def _json_type(value: object) -> str:
    if isinstance(value, list):
        return message("DECKFILE_JSON_LIST")
    if isinstance(value, str):
        return message("DECKFILE_JSON_STRING")
    if isinstance(value, bool):
        return message("DECKFILE_JSON_BOOL")
    if isinstance(value, (int, float)):
        return message("DECKFILE_JSON_NUMBER")
    if value is None:
        return message("DECKFILE_JSON_NULL")
    return message("DECKFILE_JSON_OBJECT")


def _check_version(document: dict[str, Any], source: str, problems: list[str]) -> None:
    if "format_version" not in document:
        if "sections" not in document:
            raise DeckFileError(message("DECKFILE_NOT_NATIVE", source=source))
        problems.append(message("DECKFILE_NO_VERSION", source=source, version=FORMAT_VERSION))
        return
    version = document["format_version"]
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise DeckFileError(message("DECKFILE_BAD_VERSION", source=source, version=f"{version!r:.40}"))
    if version > FORMAT_VERSION:
        raise DeckFileError(
            message("DECKFILE_NEWER_VERSION", source=source, version=version, most=FORMAT_VERSION)
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
        problems.append(message("DECKFILE_FIELD_NOT_TEXT", source=source, key=key, kind=_json_type(value)))
        return default
    if not allow_controls and has_control_chars(value):
        problems.append(message("DECKFILE_FIELD_CONTROL", source=source, key=key))
        return default
    if has_surrogates(value):
        problems.append(message("DECKFILE_FIELD_SURROGATES", source=source, key=key))
        return replace_surrogates(value)
    return value


def _settings_field(document: dict[str, Any], source: str, problems: list[str]) -> dict[str, int]:
    value = document.get("settings", {})
    if not isinstance(value, dict):
        problems.append(message("DECKFILE_SETTINGS_NOT_OBJECT", source=source))
        return {}
    settings: dict[str, int] = {}
    for key, number in list(value.items())[:100]:
        if isinstance(number, int) and not isinstance(number, bool) and 0 <= number <= _MAX_SETTING:
            settings[str(key)[:60]] = number
        else:
            problems.append(message("DECKFILE_SETTING_NOT_NUMBER", source=source, key=str(key)[:40]))
    return settings


def _tags_field(document: dict[str, Any], source: str, problems: list[str]) -> tuple[str, ...]:
    value = document.get("tags", [])
    if not isinstance(value, list):
        problems.append(message("DECKFILE_TAGS_NOT_LIST", source=source))
        return ()
    for index, tag in enumerate(value[:MAX_TAGS]):
        if _one_tag(tag) is None:
            problems.append(message("DECKFILE_TAG_SKIPPED", source=source, index=index, most=MAX_TAG_CHARS))
    return clean_tags(value)


def _default_setting(game: Any, key: str) -> int | None:
    """The value a deck that names none of this setting is checked with (its game's default)."""
    return next((s.default for s in getattr(game, "settings", ()) if s.id == key), None)


def _setting_value(deck: Deck, game: Any, key: str) -> int | None:
    value = deck.settings.get(key)
    return value if value is not None else _default_setting(game, key)


def _field_setting(
    document: dict[str, Any], key: str, most: int, default: int | None, source: str, problems: list[str]
) -> int | None:
    """A setting written as a deck field: None when absent or at its default (the deck then names none)."""
    if key not in document:
        return None
    value = document[key]
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= most:
        return None if value == default else value
    problems.append(
        message(
            "DECKFILE_BAD_SETTING",
            source=source,
            key=key,
            most=most,
            value=f"{value!r:.40}",
            default="" if default is None else default,
        )
    )
    return None


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
        reason = message("DECKFILE_NOT_A_LIST", where=where, kind=_json_type(items))
        problems.append(message("DECKFILE_SKIPPED", where=source, reason=reason))
        unread.append(unread_part(source, None, _shown(items), reason, where))
        return []
    entries: list[DeckEntry] = []
    for index, item in enumerate(items):
        place = f"{where}[{index}]"
        entry = _entry(item, place, hint, source, problems)
        if isinstance(entry, str):
            name = item.get("name") if isinstance(item, dict) else None
            label = (
                message("DECKFILE_ENTRY_NAMED", place=place, name=replace_surrogates(name[:60]))
                if isinstance(name, str) and name.strip()
                else place
            )
            problems.append(message("DECKFILE_ENTRY_SKIPPED", source=source, label=label, reason=entry))
            unread.append(unread_part(source, None, _shown(item), entry, place))
        else:
            entries.append(entry)
    return entries


def _entry(
    item: object, where: str, hint: Section | None, source: str, problems: list[str]
) -> DeckEntry | str:
    """The entry, or why it cannot be read."""
    if not isinstance(item, dict):
        return message("DECKFILE_ENTRY_NOT_OBJECT")
    name = item.get("name")
    if not isinstance(name, str) or not name.strip():
        return message("DECKFILE_ENTRY_NO_NAME")
    if len(name) > MAX_NAME_CHARS or has_control_chars(name) or has_surrogates(name):
        return message("DECKFILE_ENTRY_NOT_A_NAME")
    count = item.get("count", 1)
    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= MAX_COUNT:
        return message("DECKFILE_ENTRY_BAD_COUNT", most=MAX_COUNT)
    set_name = item.get("set")
    if set_name is not None and (
        not isinstance(set_name, str) or has_control_chars(set_name) or has_surrogates(set_name)
    ):
        problems.append(message("DECKFILE_ENTRY_BAD_SET", source=source, where=where, name=name[:60]))
        set_name = None
    return DeckEntry(name=name, count=count, set_name=set_name or None, zone_hint=hint)


def _saved_unread(items: object, source: str, problems: list[str]) -> list[UnreadPart]:
    """Parts an earlier reader could not use, as the native format saved them; anything malformed is kept too."""
    if not isinstance(items, list):
        reason = message("DECKFILE_UNREAD_NOT_LIST", kind=_json_type(items))
        problems.append(message("DECKFILE_AT", where=source, reason=reason))
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
            reason = message("DECKFILE_UNREAD_SHAPE")
            parts.append(unread_part(source, None, _shown(item), reason, f"unread[{index}]"))
    return parts
