"""Another game's card images at import: checked and copied under the card database's folder, named by content."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import TYPE_CHECKING

from carddb.atomic import atomic_write_bytes
from carddb.images import MAX_IMAGE_BYTES, ImageRefused, check_image_data, image_in_folder
from carddb.safeio import read_regular_bytes
from deckbuilder.i18n import _, render_text

if TYPE_CHECKING:
    from carddb.db import CardDatabase
    from deckbuilder.games.cards import CardData

GAME_IMAGES = "games"  # card-images/games/<game>/: beside Rage's set folders, apart from them


def store_card_images(db: CardDatabase, game: str, data: CardData, folder: Path | None) -> dict[str, str]:
    """Copy each card's image into the database folder: normalised name -> stored path (relative to the folder).

    An image that is missing, outside `folder`, unreadable or not a sound JPEG or PNG is reported in
    `data.issues` with its card's line; that card is kept without an image.
    """
    from deckbuilder.games.cards import CardDataIssue

    stored: dict[str, str] = {}
    copied: dict[Path, str] = {}  # one copy per source file, whatever number of cards name it
    for card in data.cards:
        if not card.image:
            continue
        line = data.lines.get(card.norm_name, 0)
        found = image_in_folder(folder, card.image) if folder is not None else None
        if found is None:
            data.issues.append(
                CardDataIssue(
                    line,
                    _(
                        "'{card}': image {image} is missing or outside the card file's folder; left out"
                    ).format(card=card.name[:60], image=card.image[:80]),
                )
            )
            continue
        if found not in copied:
            try:
                copied[found] = _copy(db, game, found)
            except (OSError, ImageRefused) as exc:
                reason = (
                    render_text(exc.reason) if isinstance(exc, ImageRefused) else str(exc.strerror or exc)
                )
                data.issues.append(
                    CardDataIssue(
                        line,
                        _("'{card}': image {image} not used: {reason}").format(
                            card=card.name[:60], image=card.image[:80], reason=reason
                        ),
                    )
                )
                copied[found] = ""
        if copied[found]:
            stored[card.norm_name] = copied[found]
    return stored


def _copy(db: CardDatabase, game: str, found: Path) -> str:
    """Check one image and write it under its content's name (never over another file); its stored path."""
    data = read_regular_bytes(found, MAX_IMAGE_BYTES)
    check_image_data(data, found)
    stem, ext = os.path.splitext(found.name)
    digest = hashlib.sha256(data).hexdigest()[:16]
    destination = db.images_dir / GAME_IMAGES / game / f"{stem[:80]}.{digest}{ext.lower()}"
    if not destination.is_file():
        destination.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(destination, data)
    return destination.relative_to(db.folder).as_posix()
