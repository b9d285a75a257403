"""Render the duplex proxy pages and the alignment sheet for the docs: python docs/make_duplex_pages.py OUTDIR.

Everything is invented here (a tiny Lackey plugin with numbered cards, a two-sided Character and a card back), so
the pictures show where each back lands without any real card scan. Needs pdftoppm (poppler-utils).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image, ImageDraw


def _card(path: Path, text: str, colour: tuple[int, int, int]) -> None:
    image = Image.new("RGB", (252, 352), colour)
    draw = ImageDraw.Draw(image)
    draw.rectangle((10, 10, 241, 341), outline=(255, 255, 255), width=4)
    draw.text((30, 160), text, fill=(255, 255, 255))
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(path, "JPEG", quality=85)


def _plugin(folder: Path) -> None:
    from carddb.fields import LACKEY_HEADER

    rows = []
    for number in range(1, 5):
        cells = dict.fromkeys(LACKEY_HEADER, "")
        cells.update(Name=f"Numbered Gift {number}", Expansion="Docs", ImageFile=f"gift{number}", Type="Gift")
        rows.append("\t".join(cells[h] for h in LACKEY_HEADER))
        _card(folder / "sets" / "setimages" / "Docs" / f"gift{number}.jpg", f"FRONT {number}", (40, 60, 150))
    cells = dict.fromkeys(LACKEY_HEADER, "")
    cells.update(Name="Two-Sided Scout", Expansion="Docs", ImageFile="scout,scoutc", Type="Character - Gaia")
    rows.insert(0, "\t".join(cells[h] for h in LACKEY_HEADER))
    _card(folder / "sets" / "setimages" / "Docs" / "scout.jpg", "BREED SIDE", (150, 40, 40))
    _card(folder / "sets" / "setimages" / "Docs" / "scoutc.jpg", "CRINOS SIDE", (40, 130, 40))
    _card(folder / "sets" / "setimages" / "general" / "cardback.jpg", "PLUGIN BACK", (90, 90, 90))
    (folder / "sets" / "carddata.txt").write_text("\t".join(LACKEY_HEADER) + "\n" + "\n".join(rows) + "\n")


def _png(pdf: Path, page: int, out: Path) -> Image.Image:
    subprocess.run(
        ["pdftoppm", "-r", "60", "-png", "-f", str(page), "-l", str(page), "-singlefile", str(pdf), str(out)],
        check=True,
    )
    return Image.open(f"{out}.png").convert("RGB")


def main(argv: list[str]) -> int:
    """Write proxies-duplex.png (front | back, long-edge flip) and alignment-sheet.png (front | back)."""
    out_dir = Path(argv[0])
    scratch = Path(tempfile.mkdtemp(prefix="ragedeck-duplex-"))
    from carddb.db import CardDatabase
    from carddb.importing import import_path
    from deckbuilder.deck import Deck
    from deckbuilder.export.alignment import write_alignment_pdf
    from deckbuilder.export.printers import PrinterProfile
    from deckbuilder.export.proxies import ProxyOptions, write_proxies_pdf

    _plugin(scratch / "plugin")
    db = CardDatabase(scratch / "cards.sqlite")
    import_path(db, scratch / "plugin")
    deck = Deck(name="Duplex demo")
    deck.add("Two-Sided Scout", 1)
    for number in range(1, 5):
        deck.add(f"Numbered Gift {number}", 1)
    pdf = scratch / "duplex.pdf"
    write_proxies_pdf(deck, db, pdf, ProxyOptions(duplex="long", cut_marks="corners"))
    sheet = scratch / "align.pdf"
    write_alignment_pdf(sheet, "a4", "long", PrinterProfile("Office laser", 1.5, -0.5, 1.0, 1.0))
    for name, source in (("proxies-duplex.png", pdf), ("alignment-sheet.png", sheet)):
        front, back = _png(source, 1, scratch / "front"), _png(source, 2, scratch / "back")
        both = Image.new("RGB", (front.width + back.width + 12, front.height), (138, 138, 138))
        both.paste(front, (0, 0))
        both.paste(back, (front.width + 12, 0))
        both.save(out_dir / name)
        print(f"wrote {out_dir / name}")
    db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
