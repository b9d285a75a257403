"""Printer profiles for duplex proxies: how far a printer's back pages land off, saved by name (no Qt).

A profile moves every back page by (offset_x_mm, offset_y_mm) and scales it about the page centre by
(scale_x, scale_y), in the back page's own coordinates (x to the right and y up, as the back page is seen).
Profiles live in one small JSON file in the user data folder, read and changed under deckbuilder.userdata's rule
(a lock for each change, written whole, no link out, a damaged file kept aside and said once).
"""

from __future__ import annotations

import contextlib
import json
import math
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from deckbuilder.i18n import N_
from deckbuilder.i18n import gettext as _
from deckbuilder.userdata import DamagedFile, UserFileError, read_bytes, update

PROFILES_FILE = "printers.json"
FILE_VERSION = 1
MAX_FILE_BYTES = 1 << 20
MAX_PROFILES = 200
MAX_NAME_LENGTH = 60
# A printer that lands its backs further off than this, or scales them by more, needs a different fix.
MAX_OFFSET_MM = 30.0
MIN_SCALE = 0.9
MAX_SCALE = 1.1


def _finite(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


@dataclass(frozen=True)
class PrinterProfile:
    """Where a printer's back pages land relative to their fronts, and the correction that undoes it."""

    name: str = ""
    offset_x_mm: float = 0.0
    offset_y_mm: float = 0.0
    scale_x: float = 1.0
    scale_y: float = 1.0

    def __post_init__(self) -> None:
        for label, value in ((N_("X offset"), self.offset_x_mm), (N_("Y offset"), self.offset_y_mm)):
            if not _finite(value) or abs(value) > MAX_OFFSET_MM:
                raise ValueError(
                    _(
                        "{label} must be a number of millimetres from -{limit:g} to {limit:g}, not {value}"
                    ).format(label=_(label), limit=MAX_OFFSET_MM, value=value)
                )
        for label, value in ((N_("X scale"), self.scale_x), (N_("Y scale"), self.scale_y)):
            if not _finite(value) or not MIN_SCALE <= value <= MAX_SCALE:
                raise ValueError(
                    _("{label} must be a factor from {low:g} to {high:g}, not {value}").format(
                        label=_(label), low=MIN_SCALE, high=MAX_SCALE, value=value
                    )
                )

    @property
    def is_identity(self) -> bool:
        """True when the profile moves nothing."""
        return (self.offset_x_mm, self.offset_y_mm, self.scale_x, self.scale_y) == (0.0, 0.0, 1.0, 1.0)

    def describe(self, lang: str | None = None) -> str:
        """One line with the numbers, written as the language writes numbers."""
        from deckbuilder.i18n.numbers import format_number

        def signed(value: float) -> str:
            shown = round(value, 2) + 0.0  # -0.0 and -0.001 show as +0.00, not "+-0.00" or "-0.00"
            return ("+" if shown >= 0 else "") + format_number(shown, 2, lang)

        return _("{name}: X {x} mm, Y {y} mm, scale {sx} × {sy}", lang).format(
            name=self.name or _("(none)", lang),
            x=signed(self.offset_x_mm),
            y=signed(self.offset_y_mm),
            sx=format_number(self.scale_x, 4, lang),
            sy=format_number(self.scale_y, 4, lang),
        )

    def to_json(self) -> dict[str, float]:
        """The numbers as stored (the name is the key)."""
        return {
            "offset_x_mm": round(self.offset_x_mm, 3) + 0.0,  # + 0.0: never a stored -0.0
            "offset_y_mm": round(self.offset_y_mm, 3) + 0.0,
            "scale_x": round(self.scale_x, 5),
            "scale_y": round(self.scale_y, 5),
        }


NO_CORRECTION = PrinterProfile()


def check_name(name: str) -> str:
    """The profile name trimmed; ValueError when it is empty, too long or holds control characters."""
    cleaned = (name or "").strip()
    if not cleaned:
        raise ValueError(_("a printer profile needs a name"))
    if len(cleaned) > MAX_NAME_LENGTH:
        raise ValueError(
            _("a printer profile name has at most {count} characters").format(count=MAX_NAME_LENGTH)
        )
    if any(unicodedata.category(ch).startswith("C") for ch in cleaned):
        raise ValueError(_("a printer profile name cannot hold control characters"))
    return cleaned


def profiles_path() -> Path:
    """The profiles file in the user data folder."""
    from carddb.db import user_data_dir

    return user_data_dir() / PROFILES_FILE


@dataclass(frozen=True)
class ProfileStore:
    """The saved profiles by name, and why any stored entry was skipped."""

    profiles: Mapping[str, PrinterProfile]
    problems: tuple[str, ...] = ()

    def get(self, name: str) -> PrinterProfile:
        """The profile saved under a name (case-insensitive); ValueError naming the saved ones otherwise."""
        wanted = name.strip().casefold()
        for key, profile in self.profiles.items():
            if key.casefold() == wanted:
                return profile
        known = ", ".join(sorted(self.profiles)) or _("none saved yet")
        raise ValueError(
            _("no printer profile named {name!r} (saved: {known})").format(name=name, known=known)
        )


def _entries(raw: bytes) -> dict[str, object]:
    """The file's "printers" object; DamagedFile saying why the file cannot be used (bounded like every JSON read)."""
    from deckbuilder.games.datafiles import DataFileError, parse_json

    try:
        data = parse_json(raw)
    except DataFileError as exc:
        raise DamagedFile(str(exc)) from None
    entries = data.get("printers") if isinstance(data, dict) else None
    if not isinstance(entries, dict):
        raise DamagedFile(_('no "printers" object'))
    return entries


def _read_raw(path: Path) -> dict[str, object] | str:
    """The file's "printers" object ({} when there is no file), or why it cannot be read (one line)."""
    try:
        raw = read_bytes(path, path.parent, MAX_FILE_BYTES)
        return {} if raw is None else _entries(raw)
    except DamagedFile as exc:
        return _("{path}: {reason}").format(path=path, reason=exc)
    except UserFileError as exc:
        return str(exc)


def _profile(key: str, value: object) -> PrinterProfile:
    name = check_name(key)
    if not isinstance(value, dict):
        raise ValueError(_("not an object"))
    defaults = (("offset_x_mm", 0.0), ("offset_y_mm", 0.0), ("scale_x", 1.0), ("scale_y", 1.0))
    return PrinterProfile(name, **{field: value.get(field, default) for field, default in defaults})


def load_profiles(path: Path | None = None) -> ProfileStore:
    """Every sound profile of the file (none when it is missing); broken entries are skipped and named."""
    raw = _read_raw(path or profiles_path())
    if isinstance(raw, str):
        return ProfileStore({}, (raw,))
    profiles: dict[str, PrinterProfile] = {}
    problems: list[str] = []
    for key, value in list(raw.items())[:MAX_PROFILES]:
        try:
            profile = _profile(str(key), value)
        except (ValueError, TypeError) as exc:
            problems.append(
                _("printer profile {name!r} skipped: {reason}").format(name=str(key)[:60], reason=exc)
            )
            continue
        profiles[profile.name] = profile
    if len(raw) > MAX_PROFILES:
        problems.append(_("only the first {count} printer profiles are read").format(count=MAX_PROFILES))
    return ProfileStore(profiles, tuple(problems))


def _update(path: Path, name: str, make: Callable[[PrinterProfile | None], PrinterProfile | None]) -> Saved:
    """Replace, add (or with None remove) one entry under the file's lock, keeping every other entry as it is
    stored, even a broken one; a damaged file is kept aside (userdata's rule)."""
    outcome: list[PrinterProfile | None] = [None]
    found: list[bool] = [False]

    def change(entries: dict[str, object] | None) -> bytes | None:
        entries = entries or {}
        kept = {k: v for k, v in entries.items() if str(k).casefold() != name.casefold()}
        found[0] = len(kept) != len(entries)
        current = None
        for key, value in entries.items():
            if str(key).casefold() == name.casefold():
                with contextlib.suppress(ValueError, TypeError):
                    current = _profile(str(key), value)
        profile = make(current)
        outcome[0] = profile
        if profile is not None:
            if len(kept) >= MAX_PROFILES:
                raise ValueError(
                    _("at most {count} printer profiles can be saved").format(count=MAX_PROFILES)
                )
            kept[profile.name] = profile.to_json()
        elif not found[0]:
            return None
        data = {"version": FILE_VERSION, "printers": dict(sorted(kept.items()))}
        return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode("utf-8")

    updated = update(path, path.parent, MAX_FILE_BYTES, _entries, change)
    return Saved(outcome[0], updated.written and (outcome[0] is not None or found[0]), updated.note())


@dataclass(frozen=True)
class Saved:
    """What a change of the profiles file did: the profile as saved (None: removed), and a note for the player."""

    profile: PrinterProfile | None
    changed: bool
    note: str | None = None


def edit_profile(
    name: str, make: Callable[[PrinterProfile | None], PrinterProfile], path: Path | None = None
) -> Saved:
    """Save the profile `make` builds from the one saved under `name` (None when there is none), read and written
    under the file's lock so that a change made meanwhile by another program is never lost."""
    wanted = check_name(name)

    def named(current: PrinterProfile | None) -> PrinterProfile:
        made = make(current)
        return replace(made, name=current.name if current is not None else check_name(made.name or wanted))

    return _update(path or profiles_path(), wanted, named)


def save_profile(profile: PrinterProfile, path: Path | None = None) -> PrinterProfile:
    """Save (or replace, whatever its case) a profile under its name; returns it as saved."""
    saved = replace(profile, name=check_name(profile.name))
    _update(path or profiles_path(), saved.name, lambda _current: saved)
    return saved


def remove_profile(name: str, path: Path | None = None) -> bool:
    """Forget a saved profile; False when there was none of that name."""
    return remove_profile_noting(name, path).changed


def remove_profile_noting(name: str, path: Path | None = None) -> Saved:
    """Forget a saved profile; `changed` is False when there was none of that name."""
    return _update(path or profiles_path(), name.strip(), lambda _current: None)
