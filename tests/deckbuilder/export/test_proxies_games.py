"""Proxies of another game's deck: its card images when it has them, text proxies otherwise, owned copies skipped."""

from __future__ import annotations

import io
from collections import Counter
from pathlib import Path

from pypdf import PdfReader

from carddb.db import CardDatabase
from deckbuilder.cli import main
from deckbuilder.collection import Collection
from deckbuilder.deckfiles import read_deck
from deckbuilder.export.proxies import ProxyOptions, write_proxies_pdf
from tests.deckbuilder.export.helpers import image_xobjects
from tests.deckbuilder.image_game import write_cards, write_deck

WARRIFT_DECK = """# game: warrift
2\tCourt Herald
1\tVerdict Knight
3\tApprentice Mage
"""


def _names_printed(pdf: Path, names: list[str]) -> Counter[str]:
    """How many times each name is printed across the PDF (a text proxy prints its card's name once)."""
    text = "\n".join(page.extract_text() or "" for page in PdfReader(pdf).pages)
    return Counter({name: text.count(name) for name in names})


def _cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    return main(list(args), out=out, err=err), out.getvalue(), err.getvalue()


def test_a_warrift_deck_prints_text_proxies_of_the_copies_the_collection_lacks(
    tmp_db: CardDatabase, tmp_path: Path
) -> None:
    deck_path = tmp_path / "warrift.txt"
    deck_path.write_text(WARRIFT_DECK, encoding="utf-8")
    Collection(tmp_db, "warrift").set_counts([("Court Herald", None, 1), ("Apprentice Mage", None, 3)])
    Collection(tmp_db).set_count("Verdict Knight", None, 1)  # Rage's collection: not WarRift's card
    names = ["Court Herald", "Verdict Knight", "Apprentice Mage"]
    out = tmp_path / "missing.pdf"
    code, _out, err = _cli(
        "export", str(deck_path), "--to", "proxies", "-o", str(out), "--db", str(tmp_db.path)
    )
    assert code == 0
    assert "4 owned copies are in your collection, not printed" in err
    assert _names_printed(out, names) == Counter(
        {"Court Herald": 1, "Verdict Knight": 1, "Apprentice Mage": 0}
    )
    every = tmp_path / "all.pdf"
    code, _out, _err = _cli(
        "export",
        str(deck_path),
        "--to",
        "proxies",
        "-o",
        str(every),
        "--all-copies",
        "--db",
        str(tmp_db.path),
    )
    assert code == 0
    assert _names_printed(every, names) == Counter(
        {"Court Herald": 2, "Verdict Knight": 1, "Apprentice Mage": 3}
    )


def test_a_game_with_card_images_prints_them_and_text_proxies_for_the_rest(
    tmp_db: CardDatabase,
    tmp_path: Path,
    glimmer_duel: Path,
) -> None:
    deck = read_deck(write_deck(tmp_path)).deck
    out = tmp_path / "glimmer.pdf"
    report = write_proxies_pdf(deck, tmp_db, out, ProxyOptions(duplex="none"))
    assert report.cards == 7
    assert report.images_embedded == 2  # the Queen's PNG and the Spell's JPEG, each embedded once
    assert report.text_proxies == 3  # two Glass Blades (no image) and the Lost Charm (its file is missing)
    formats = sorted(kind for kind, _data in image_xobjects(out).values())
    assert len(formats) >= 2
    assert any("images/nowhere.png is missing" in m for m in report.messages)
    printed = _names_printed(out, ["Glass Blade", "Lost Charm", "Frost Spell", "Ember Queen"])
    assert printed == Counter({"Glass Blade": 2, "Lost Charm": 1, "Frost Spell": 0, "Ember Queen": 0})
    # Owned copies are not printed: the collection of this game owns every Frost Spell.
    Collection(tmp_db, "glimmer-duel").set_count("Frost Spell", None, 3)
    owned = tmp_path / "owned.pdf"
    report = write_proxies_pdf(
        deck, tmp_db, owned, ProxyOptions(owned=Collection(tmp_db, deck.game).owned_map())
    )
    assert report.cards == 4 and report.images_embedded == 1


def test_imported_card_data_brings_its_images_into_the_database(
    tmp_db: CardDatabase, tmp_path: Path, glimmer_duel: Path
) -> None:
    source = write_cards(tmp_path / "my-cards")
    code, out, _err = _cli("import-cards", "--game", "glimmer-duel", str(source), "--db", str(tmp_db.path))
    assert code == 0
    assert "cards.csv:5: 'Lost Charm': image images/nowhere.png is missing" in out
    stored = tmp_db.game_card_images("glimmer-duel")
    assert sorted(stored) == ["ember queen", "frost spell"]
    for relative in stored.values():
        assert relative.startswith("card-images/games/glimmer-duel/")
        assert tmp_db.image_path(relative) is not None  # inside the database folder
    # The source folder can go: the deck's proxies read the database's copies.
    for image in (tmp_path / "my-cards" / "images").iterdir():
        image.unlink()
    deck = read_deck(write_deck(tmp_path)).deck
    report = write_proxies_pdf(deck, tmp_db, tmp_path / "db.pdf", ProxyOptions())
    assert report.images_embedded == 2 and report.text_proxies == 3


def test_an_image_name_leading_out_of_the_card_folder_is_refused_with_its_line(
    tmp_db: CardDatabase,
    tmp_path: Path,
    glimmer_duel: Path,
) -> None:
    (tmp_path / "secret.png").write_bytes(b"not ours")
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "cards.csv").write_text(
        "Name,Type,Image\nEmber Queen,Hero,../secret.png\nGlass Blade,Blade,/etc/passwd\n", encoding="utf-8"
    )
    code, out, _err = _cli(
        "import-cards", "--game", "glimmer-duel", str(folder / "cards.csv"), "--db", str(tmp_db.path)
    )
    assert code == 0
    assert "cards.csv:2: 'Ember Queen': image '../secret.png' must be a file inside" in out
    assert "cards.csv:3: 'Glass Blade': image '/etc/passwd' must be a file inside" in out
    assert tmp_db.game_card_images("glimmer-duel") == {}
