"""The PDF exports' fonts: DejaVu Sans (shipped and embedded), system fallbacks for other scripts, missing glyphs.

Text DejaVu cannot draw (CJK, many other scripts) is drawn with a system font that has it, found through
fontconfig (`fc-list`) and embedded like DejaVu; ReportLab can embed TrueType outlines only, so a font with
PostScript (CFF) outlines is passed over. A character no font can draw prints as "?", and the export names it once
(`collect_missing`), never silently.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import shutil
import subprocess
import unicodedata
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, ParamSpec, Protocol, TypeVar
from xml.sax.saxutils import escape

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(__file__).with_name("fonts")
FONT = "RageSans"
FONT_BOLD = "RageSans-Bold"
FONT_OBLIQUE = "RageSans-Oblique"
_FILES = {FONT: "DejaVuSans.ttf", FONT_BOLD: "DejaVuSans-Bold.ttf", FONT_OBLIQUE: "DejaVuSans-Oblique.ttf"}
# What a character no font can show (emoji without an outline font, unassigned code points) prints as.
MISSING = "?"
# fontconfig is asked about this many distinct characters per process at most: a hostile deck name of 10,000
# distinct ideographs must not start 10,000 processes (the rest are looked up in the fonts already found).
_MAX_LOOKUPS = 64
_FC_TIMEOUT = 10.0
_FC_MAX_OUTPUT = 1 << 20
_missed: contextvars.ContextVar[set[str] | None] = contextvars.ContextVar("pdf_missing_glyphs", default=None)


@functools.cache
def register_fonts() -> frozenset[int]:
    """Register the shipped fonts with ReportLab once; the code points the regular face can draw."""
    for name, filename in _FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / filename)))
    # <b> and <i> inside a paragraph pick the matching face.
    addMapping(FONT, 0, 0, FONT)
    addMapping(FONT, 1, 0, FONT_BOLD)
    addMapping(FONT, 0, 1, FONT_OBLIQUE)
    addMapping(FONT, 1, 1, FONT_BOLD)
    face = pdfmetrics.getFont(FONT).face
    return frozenset(face.charToGlyph)


class _Fallbacks:
    """System fonts registered so far (name, code points) and how many fontconfig look-ups were made."""

    def __init__(self) -> None:
        self.fonts: list[tuple[str, frozenset[int]]] = []
        self.by_file: dict[tuple[str, int], str | None] = {}
        self.lookups = 0

    def font_for(self, char: str) -> str | None:
        """A registered font that draws `char`, asking fontconfig when no registered one does."""
        code = ord(char)
        for name, codes in self.fonts:
            if code in codes:
                return name
        if self.lookups >= _MAX_LOOKUPS:
            return None
        self.lookups += 1
        for path, index in _fontconfig_files(code):
            registered = self._register(path, index)
            if registered is not None and code in registered[1]:
                return registered[0]
        return None

    def _register(self, path: str, index: int) -> tuple[str, frozenset[int]] | None:
        key = (path, index)
        if key in self.by_file:
            return None  # registered before without this character, or not usable
        name = f"RageFallback{len(self.by_file)}"
        try:
            font = TTFont(name, path, subfontIndex=index)
            pdfmetrics.registerFont(font)
        except Exception:  # a font ReportLab cannot embed (CFF outlines, damaged file): try the next one
            self.by_file[key] = None
            return None
        self.by_file[key] = name
        self.fonts.append((name, frozenset(font.face.charToGlyph)))
        return self.fonts[-1]


def _fontconfig_files(code: int) -> list[tuple[str, int]]:
    """TrueType fonts fontconfig knows that have `code`, sans-serif faces first; [] without fontconfig."""
    fc_list = shutil.which("fc-list")
    if fc_list is None:
        return []
    try:
        done = subprocess.run(
            [fc_list, f":charset={code:x}", "--format", "%{file}|%{index}|%{fontformat}|%{family}\n"],
            capture_output=True,
            timeout=_FC_TIMEOUT,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return []
    found: list[tuple[int, str, int]] = []
    for line in done.stdout[:_FC_MAX_OUTPUT].decode("utf-8", "replace").splitlines():
        parts = line.split("|")
        if len(parts) != 4 or parts[2] != "TrueType" or not parts[1].isdigit():
            continue
        family = parts[3].casefold()
        rank = 0 if "sans" in family and "mono" not in family else 1
        found.append((rank, parts[0], int(parts[1])))
    return [(path, index) for _rank, path, index in sorted(found)]


@functools.cache
def _fallbacks() -> _Fallbacks:
    return _Fallbacks()


def _fold(char: str, drawable: frozenset[int]) -> str | None:
    folded = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
    return folded if folded and all(ord(c) in drawable for c in folded) else None


def text_runs(text: str) -> list[tuple[str, str | None]]:
    """Text split into runs, each with the system font it needs (None: the main font draws it)."""
    drawable = register_fonts()
    runs: list[tuple[str, str | None]] = []
    for char in unicodedata.normalize("NFC", text):
        font: str | None = None
        if not (ord(char) in drawable or char in "\n\t"):
            folded = _fold(char, drawable)
            if folded is not None:
                char = folded
            else:
                font = _fallbacks().font_for(char)
                if font is None:
                    _note_missing(char)
                    char = MISSING
        if runs and runs[-1][1] == font:
            runs[-1] = (runs[-1][0] + char, font)
        else:
            runs.append((char, font))
    return runs


def _note_missing(char: str) -> None:
    missed = _missed.get()
    if missed is not None:
        missed.add(char)


def pdf_safe(text: str) -> str:
    """Plain text the main font draws: folded accents, "?" for anything else (noted as missing)."""
    drawable = register_fonts()
    out: list[str] = []
    for char in unicodedata.normalize("NFC", text):
        if ord(char) in drawable or char in "\n\t":
            out.append(char)
            continue
        folded = _fold(char, drawable)
        if folded is None:
            _note_missing(char)
        out.append(folded if folded is not None else MISSING)
    return "".join(out)


def pdf_markup(text: str) -> str:
    """Paragraph markup of `text`: escaped, with runs in other scripts set in a system font that has them."""
    return "".join(
        escape(run) if font is None else f'<font name="{font}">{escape(run)}</font>'
        for run, font in text_runs(text)
    )


def string_width(text: str, font: str, size: float) -> float:
    """The width `draw_string` gives `text`."""
    return float(sum(pdfmetrics.stringWidth(run, other or font, size) for run, other in text_runs(text)))


def draw_string(canvas: Any, x: float, y: float, text: str, font: str, size: float) -> float:
    """Draw `text` from x on baseline y in `font`, switching to a system font for runs it lacks; the end x."""
    for run, other in text_runs(text):
        canvas.setFont(other or font, size)
        canvas.drawString(x, y, run)
        x += pdfmetrics.stringWidth(run, other or font, size)
    canvas.setFont(font, size)
    return x


@contextlib.contextmanager
def collect_missing() -> Iterator[set[str]]:
    """Collect, while the block runs, the characters no font could draw (to name them once after an export)."""
    missed: set[str] = set()
    token = _missed.set(missed)
    try:
        yield missed
    finally:
        _missed.reset(token)


def missing_characters_message(missed: set[str], lang: str | None = None) -> str | None:
    """One line naming the characters that printed as "?" (None when every character was drawn)."""
    if not missed:
        return None
    from deckbuilder.i18n import gettext, ngettext

    shown = sorted(missed)[:12]
    names = ", ".join(f"{char} (U+{ord(char):04X})" for char in shown)
    if len(missed) > len(shown):
        names += gettext(" and {count} more", lang).format(count=len(missed) - len(shown))
    return ngettext(
        "no installed font can draw {count} character; it prints as “?”: {characters}",
        "no installed font can draw {count} characters; they print as “?”: {characters}",
        len(missed),
        lang,
    ).format(count=len(missed), characters=names)


class HasMessages(Protocol):
    """What an export returns: its notes for the player."""

    messages: list[str]


_Report = TypeVar("_Report", bound=HasMessages)
_P = ParamSpec("_P")


def names_missing_glyphs(export: Callable[_P, _Report]) -> Callable[_P, _Report]:
    """Run an export collecting the characters no font could draw, and add one message naming them to its report."""

    @functools.wraps(export)
    def run(*args: _P.args, **kwargs: _P.kwargs) -> _Report:
        with collect_missing() as missed:
            report = export(*args, **kwargs)
        note = missing_characters_message(missed)
        if note is not None:
            report.messages.append(note)
        return report

    return run
