"""The card back a Lackey plugin brings (sets/setimages/general/cardback.jpg): stored once, kept, refused safely."""

from __future__ import annotations

import os
from pathlib import Path

from carddb.db import CardDatabase
from carddb.importing import clean_import_leftovers, import_path
from carddb.leftovers import CARD_BACK_META
from tests.carddb.test_importing import row
from tests.carddb.test_importing_safety import GOOD, age_everything, make_plugin
from tests.deckbuilder.export.helpers import jpeg_bytes

BACK = jpeg_bytes(colour=(5, 90, 5))


def _with_back(folder: Path, data: bytes, name: str = "cardback.jpg") -> Path:
    plugin = make_plugin(folder, [row("Bright Gift", ImageFile="gift")], {"gift.jpg": GOOD})
    general = plugin / "sets" / "setimages" / "general"
    general.mkdir()
    (general / name).write_bytes(data)
    return plugin


def test_the_plugin_card_back_is_stored_and_survives_the_leftover_clean_up(
    tmp_db: CardDatabase, tmp_path: Path
) -> None:
    import_path(tmp_db, _with_back(tmp_path / "plugin", BACK, "CardBack.JPG"))
    stored = tmp_db.image_path(tmp_db.get_meta(CARD_BACK_META))
    assert stored is not None and stored.read_bytes() == BACK
    assert stored.is_relative_to(tmp_db.images_dir)
    age_everything(tmp_db.images_dir)
    clean_import_leftovers(tmp_db, min_age=0)
    assert stored.is_file(), "the card back is referenced by the database and must be kept"


def test_a_plugin_without_a_card_back_keeps_the_one_imported_before(
    tmp_db: CardDatabase, tmp_path: Path
) -> None:
    import_path(tmp_db, _with_back(tmp_path / "first", BACK))
    before = tmp_db.get_meta(CARD_BACK_META)
    import_path(tmp_db, make_plugin(tmp_path / "second", [row("Dull Gift")], {}))
    assert tmp_db.get_meta(CARD_BACK_META) == before != ""


def test_a_broken_card_back_is_reported_and_not_stored(tmp_db: CardDatabase, tmp_path: Path) -> None:
    report = import_path(tmp_db, _with_back(tmp_path / "plugin", b"\xff\xd8 not really a jpeg"))
    assert tmp_db.get_meta(CARD_BACK_META) == ""
    assert any("card back" in issue.reason for issue in report.suspicious)
    assert report.cards_added == 1


def test_a_card_back_linking_out_of_the_plugin_is_never_read(tmp_db: CardDatabase, tmp_path: Path) -> None:
    secret = tmp_path / "secret.jpg"
    secret.write_bytes(BACK)
    plugin = make_plugin(tmp_path / "plugin", [row("Bright Gift")], {})
    general = plugin / "sets" / "setimages" / "general"
    general.mkdir()
    os.symlink(secret, general / "cardback.jpg")
    report = import_path(tmp_db, plugin)
    assert tmp_db.get_meta(CARD_BACK_META) == ""
    assert any("card back" in issue.reason for issue in report.suspicious)


def test_duplex_proxies_print_the_imported_plugin_back(tmp_db: CardDatabase, tmp_path: Path) -> None:
    from pypdf import PdfReader

    from deckbuilder.deck import Deck
    from deckbuilder.export.proxies import ProxyOptions, write_proxies_pdf

    import_path(tmp_db, _with_back(tmp_path / "plugin", BACK))
    deck = Deck(name="Backs")
    deck.add("Bright Gift", 2)
    out = tmp_path / "p.pdf"
    report = write_proxies_pdf(deck, tmp_db, out, ProxyOptions(duplex="long"))
    assert report.backs == 2 and not report.messages
    # The back page embeds the stored card back byte for byte, once.
    resources = PdfReader(out).pages[1]["/Resources"]["/XObject"]
    streams = [ref.get_object()._data for ref in resources.values()]
    assert streams == [BACK]
