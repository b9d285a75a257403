"""Another game's card images at import: checked and copied under the card database's folder, named by content."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from carddb.atomic import atomic_write_bytes
from carddb.images import MAX_IMAGE_BYTES, ImageRefused, check_image_data, image_in_folder
from carddb.safeio import read_regular_bytes
from deckbuilder.i18n import _, render_text

if TYPE_CHECKING:
    from carddb.db import CardDatabase

GAME_IMAGES = "games"  # card-images/games/<game>/: beside Rage's set folders, apart from them


def store_card_images(
    db: CardDatabase, game: str, cards: Iterable[tuple[str, str, str, int]], folder: Path | None
) -> tuple[dict[str, str], list[tuple[int, str]]]:
    """Copy the images of cards given as (normalised name, name, image as written, line) into the database folder.

    Returns normalised name -> stored path (relative to the database folder), and (line, why) for each image that
    is missing, outside `folder`, unreadable or not a sound JPEG or PNG: that card is kept without an image.
    """
    stored: dict[str, str] = {}
    problems: list[tuple[int, str]] = []
    copied: dict[Path, str] = {}  # one copy per source file, whatever number of cards name it
    for key, name, image, line in cards:
        if not image:
            continue
        found = image_in_folder(folder, image) if folder is not None else None
        if found is None:
            problems.append(
                (
                    line,
                    _(
                        "'{card}': image {image} is missing or outside the card file's folder; left out"
                    ).format(card=name[:60], image=image[:80]),
                )
            )
            continue
        if found not in copied:
            try:
                copied[found] = copy_card_image(db, game, found)
            except (OSError, ImageRefused) as exc:
                reason = (
                    render_text(exc.reason) if isinstance(exc, ImageRefused) else str(exc.strerror or exc)
                )
                problems.append(
                    (
                        line,
                        _("'{card}': image {image} not used: {reason}").format(
                            card=name[:60], image=image[:80], reason=reason
                        ),
                    )
                )
                copied[found] = ""
        if copied[found]:
            stored[key] = copied[found]
    return stored, problems


def copy_card_image(db: CardDatabase, game: str, found: Path) -> str:
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
