"""Which card faces a proxy export prints, and which face is the back of which (no Qt)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from carddb.cardtypes import Section
from carddb.db import CardDatabase
from carddb.images import ImageFolder
from carddb.model import CardInfo, PrintingInfo
from carddb.normalize import normalize_name
from deckbuilder.deck import Deck, DeckEntry
from deckbuilder.export.duplex import DUPLEX_NONE
from deckbuilder.export.images import CheckedImage, ImageRefused, check_image
from deckbuilder.export.textproxy import BREED_SIDE, CRINOS_SIDE
from deckbuilder.games.cards import GameCardPool, as_card_info
from deckbuilder.games.piles import layout_of
from deckbuilder.i18n import declare, format_message, params_of

if TYPE_CHECKING:
    from deckbuilder.export.proxies import ProxyOptions

_SECTION_ORDER: tuple[Section | None, ...] = (Section.CHARACTERS, Section.SEPT, Section.COMBAT, None)
# What a proxy export tells the player, planning and drawing alike (shown by the CLI and the export dialog, in the
# player's language): one block, read by `say`.
MESSAGES = declare(
    {
        "PROXY_IMAGE_FAILED": "{name}: image {image} failed ({reason}); text proxy",
        "PROXY_NOTHING": "no cards to print",
        "PROXY_NO_PAGE_NUMBERS": "page numbers left out: no room under the cards clear of bleed and cut marks",
        "PROXY_FOOTER": "{deck} · proxies · page {page} of {pages}",
        "PROXY_FOOTER.short": "page {page} of {pages}",
        "PROXY_TITLE": "{deck} — proxies",
        "PROXY_NOT_IN_DECK": "{name}: not in the deck, not printed",
        "PROXY_NOT_IN_DECK.section": "{name}: not in the deck section, not printed",
        "PROXY_OWNED": "{count:plural:owned copy is|owned copies are} in your collection, not printed",
        "PROXY_IMAGE_MISSING": "{name}: image {image} is missing or outside the database folder; "
        "printed as a text proxy",
        "PROXY_IMAGE_REFUSED": "{name}: image {image} refused: {reason}; printed as a text proxy",
        "PROXY_NO_PRINTING": "{name}: no printing from set {set}; the newest printing is used",
        "PROXY_UNKNOWN_CARD": "{name}: unknown card, printed as a text proxy with its name only",
        "PROXY_NO_IMAGE": "{name}: no card image, printed as a text proxy",
        "PROXY_NO_IMAGE.breed": "{name}: no card image for the breed side, printed as a text proxy",
        "PROXY_NO_IMAGE.crinos": "{name}: no card image for the Crinos side, printed as a text proxy",
    }
)


def say(message_id: str, **params: object) -> str:
    """A message of the proxy export in the player's language."""
    return format_message(message_id, params_of(params))


class _NoImages:
    """A game whose cards' images cannot be reached (its folder is inside a package archive)."""

    def image_path(self, relative: str) -> Path | None:
        return None


_Images = CardDatabase | ImageFolder | _NoImages


@dataclass(frozen=True, slots=True)
class ProxyFace:
    """One card face to print: an image when it passed the checks, else a text proxy."""

    name: str
    card: CardInfo | None
    set_name: str | None
    side: str = ""
    image: CheckedImage | None = None


def _selected_entries(
    deck: Deck, db: CardDatabase, options: ProxyOptions, messages: list[str]
) -> list[DeckEntry]:
    """Deck entries (starting cards included) in section order, filtered by section (or pile) and names."""
    if isinstance(options.section, str):
        entries = pile_entries(deck, options.context or db, options.section)
    else:
        grouped: dict[Section | None, list[DeckEntry]] = {s: [] for s in _SECTION_ORDER}
        for entry in (*deck.entries, *deck.starting):
            grouped.setdefault(deck.section_of(entry, db), []).append(entry)
        entries = [
            e for s in _SECTION_ORDER for e in grouped[s] if options.section is None or s is options.section
        ]
    if options.names is not None:
        wanted = {normalize_name(n): n for n in options.names if n.strip()}
        present = {e.key for e in entries}
        for key, written in wanted.items():
            if key not in present:
                messages.append(
                    say("PROXY_NOT_IN_DECK.section" if options.section else "PROXY_NOT_IN_DECK", name=written)
                )
        entries = [e for e in entries if e.key in wanted]
    if options.owned is not None:
        entries = _missing_only(entries, options.owned, messages)
    return entries


def pile_entries(deck: Deck, db: Any, pile: str) -> list[DeckEntry]:
    """The entries of one pile of the deck's game, as its deck files lay it out (a pile without types: the deck's
    starting list, a sideboard); `db` the card database or the deck's context."""
    from deckbuilder.context import DeckContext, deck_context

    context = db if isinstance(db, DeckContext) else deck_context(deck, db)
    zones = layout_of(context.game).zones(deck, context.pool)
    return [entry for zone in zones if zone.key == pile for entry in zone.entries]


def _missing_only(entries: list[DeckEntry], owned: Mapping[str, int], messages: list[str]) -> list[DeckEntry]:
    """The copies the player does not own: owned copies are used up entry by entry, in print order."""
    left = dict(owned)
    missing: list[DeckEntry] = []
    skipped = 0
    for entry in entries:
        have = min(max(left.get(entry.key, 0), 0), max(entry.count, 0))
        left[entry.key] = left.get(entry.key, 0) - have
        skipped += have
        if entry.count - have > 0:
            missing.append(DeckEntry(entry.name, entry.count - have, entry.set_name, entry.zone_hint))
    if skipped:
        messages.append(say("PROXY_OWNED", count=skipped))
    return missing


class _FacePlanner:
    """Turns deck entries into faces, checking each image once and reporting each problem once."""

    def __init__(
        self,
        db: CardDatabase,
        both_sides: bool,
        messages: list[str],
        lookup: Callable[[str], CardInfo | None] | None = None,
        images: _Images | None = None,
    ) -> None:
        self.db = db
        self.images: _Images = images or db  # another game's images are found in its own folder
        # Where names are looked up: the database, or another game's cards (as text-only CardInfo).
        self.lookup = lookup or db.lookup
        self.both_sides = both_sides
        self.messages = messages
        self._checked: dict[str, CheckedImage | None] = {}
        self._told: set[str] = set()

    def _tell(self, message: str) -> None:
        if message not in self._told:
            self._told.add(message)
            self.messages.append(message)

    def _image(self, name: str, relative: str) -> CheckedImage | None:
        if relative in self._checked:
            return self._checked[relative]
        checked: CheckedImage | None = None
        path = self.images.image_path(relative)
        if path is None:
            self._tell(say("PROXY_IMAGE_MISSING", name=name, image=relative))
        else:
            try:
                checked = check_image(path)
            except ImageRefused as exc:
                self._tell(say("PROXY_IMAGE_REFUSED", name=name, image=relative, reason=exc))
        self._checked[relative] = checked
        return checked

    def _printing(self, entry: DeckEntry, card: CardInfo) -> PrintingInfo | None:
        printing = card.printing(entry.set_name)
        if printing is None and entry.set_name:
            self._tell(say("PROXY_NO_PRINTING", name=entry.name, set=entry.set_name))
            printing = card.printing(None)
        return printing

    def faces(self, entry: DeckEntry) -> list[ProxyFace]:
        """The faces printed for one copy of an entry."""
        card = self.lookup(entry.name)
        if card is None:
            self._tell(say("PROXY_UNKNOWN_CARD", name=entry.name))
            return [ProxyFace(entry.name, None, entry.set_name)]
        printing = self._printing(entry, card)
        set_name = printing.set_name if printing else entry.set_name
        paths = printing.image_paths if printing else ()
        files = printing.image_files if printing else ()
        sides = max(len(paths), len(files))
        if sides == 0:
            self._tell(say("PROXY_NO_IMAGE", name=card.name))
            return [ProxyFace(card.name, card, set_name)]
        if not self.both_sides:
            sides = 1
        two_sided = max(len(paths), len(files)) >= 2
        faces: list[ProxyFace] = []
        for index in range(sides):
            side = (BREED_SIDE if index == 0 else CRINOS_SIDE) if two_sided else ""
            relative = paths[index] if index < len(paths) else ""
            image = None
            if relative:
                image = self._image(card.name, relative)
            else:
                self._tell(say(_SIDE_MESSAGES.get(side, "PROXY_NO_IMAGE"), name=card.name))
            faces.append(ProxyFace(card.name, card, set_name, side, image))
        return faces


_SIDE_MESSAGES = {BREED_SIDE: "PROXY_NO_IMAGE.breed", CRINOS_SIDE: "PROXY_NO_IMAGE.crinos"}


def plan_copies(
    deck: Deck, db: CardDatabase, options: ProxyOptions, messages: list[str]
) -> list[list[ProxyFace]]:
    """The faces of every copy to print (one, or breed and Crinos sides), in section order."""
    from deckbuilder.context import DeckContexts

    game = DeckContexts().installed(deck.game)
    lookup: Callable[[str], CardInfo | None] | None = None
    images: _Images | None = None
    if game is not None:
        pool = options.context.pool if options.context is not None else DeckContexts(db).pool(game)
        if isinstance(pool, GameCardPool):  # its images are found where its cards came from
            images = pool.images or _NoImages()

        def lookup(name: str) -> CardInfo | None:
            return as_card_info(pool.lookup(name), game)

    planner = _FacePlanner(db, options.both_sides, messages, lookup, images)
    copies: list[list[ProxyFace]] = []
    for entry in _selected_entries(deck, db, options, messages):
        per_copy = planner.faces(entry)
        copies.extend(per_copy for _ in range(max(0, entry.count)))
    return copies


def plan_faces(deck: Deck, db: CardDatabase, options: ProxyOptions, messages: list[str]) -> list[ProxyFace]:
    """Every face to print, one per copy and side, in section order."""
    return [face for copy in plan_copies(deck, db, options, messages) for face in copy]


ProxyCard = tuple[ProxyFace, ProxyFace | None]


def plan_cards(deck: Deck, db: CardDatabase, options: ProxyOptions, messages: list[str]) -> list[ProxyCard]:
    """Every card cell to print as (front, back): one-sided, every face is a cell of its own (no back);
    duplex, a two-sided copy's second face is the back of its first, and a back of None is the card back."""
    copies = plan_copies(deck, db, options, messages)
    if options.duplex == DUPLEX_NONE:
        return [(face, None) for copy in copies for face in copy]
    return [(copy[0], copy[1] if len(copy) > 1 else None) for copy in copies if copy]
