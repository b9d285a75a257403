"""Duplex proxy sheets read back from the PDF: backs mirrored for each flip to 0.1 mm, the printer profile on backs."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from carddb.db import CardDatabase
from deckbuilder.deck import Deck
from deckbuilder.export import ProxyOptions, write_proxies_pdf
from deckbuilder.export.printers import PrinterProfile
from tests.deckbuilder.export.helpers import (
    A4,
    CARD_H,
    CARD_W,
    LETTER,
    MM,
    jpeg_bytes,
    placed_images,
    placed_texts,
)

TOL = 0.1 * MM  # the issue asks for positions to a tenth of a millimetre


def _deck(*cards: tuple[str, int]) -> Deck:
    deck = Deck(name="Duplex Pack")
    for name, count in cards:
        deck.add(name, count)
    return deck


@pytest.fixture
def back_file(tmp_path: Path) -> Path:
    path = tmp_path / "my back.jpg"
    path.write_bytes(jpeg_bytes((63, 88), (10, 120, 10)))
    return path


def _by_name(placed: list[tuple[float, float, float, float, str]]) -> dict[str, list[tuple[float, ...]]]:
    found: dict[str, list[tuple[float, ...]]] = {}
    for x, y, w, h, name in placed:
        found.setdefault(name, []).append((x, y, w, h))
    return found


def _close(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return all(abs(p - q) <= TOL for p, q in zip(a, b, strict=True))


def _expected_back(
    front: tuple[float, ...], page: tuple[float, float], flip: str, profile: PrinterProfile
) -> tuple[float, ...]:
    """Where the back of a card drawn at `front` must land: mirrored, then moved and scaled about the centre."""
    x, y, w, h = front
    if flip == "long":
        x = page[0] - x - w
    else:
        y = page[1] - y - h
    cx, cy = page[0] / 2, page[1] / 2
    return (
        cx + (x - cx) * profile.scale_x + profile.offset_x_mm * MM,
        cy + (y - cy) * profile.scale_y + profile.offset_y_mm * MM,
        w * profile.scale_x,
        h * profile.scale_y,
    )


@pytest.mark.parametrize("flip", ["long", "short"])
@pytest.mark.parametrize(
    "profile",
    [PrinterProfile(), PrinterProfile("office", 2.5, -1.5, 1.01, 0.985)],
    ids=["no correction", "profile"],
)
@pytest.mark.parametrize(("paper", "size"), [("a4", A4), ("letter", LETTER)])
def test_every_back_lands_behind_its_front_for_both_flips(
    card_db: CardDatabase,
    tmp_path: Path,
    back_file: Path,
    flip: str,
    profile: PrinterProfile,
    paper: str,
    size: tuple[float, float],
) -> None:
    out = tmp_path / "duplex.pdf"
    deck = _deck(("Moonfang Scout", 1), ("Quick Dodge", 4), ("Silver Fang Gift", 2))
    options = ProxyOptions(paper=paper, duplex=flip, back="file", back_file=str(back_file), printer=profile)
    report = write_proxies_pdf(deck, card_db, out, options)
    reader = PdfReader(out)
    assert len(reader.pages) == report.pages == 2
    assert (report.cards, report.backs) == (8, 6)  # 7 fronts + the Scout's Crinos side; 6 card backs

    fronts = placed_images(out, 0)
    backs = placed_images(out, 1)
    assert len(fronts) == 7 and len(backs) == 7
    # Fronts are exactly where a one-sided export puts them: the profile never touches them.
    plain = tmp_path / "plain.pdf"
    write_proxies_pdf(deck, card_db, plain, ProxyOptions(paper=paper, both_sides=False))
    one_sided = placed_images(plain, 0)
    assert all(_close(f[:4], g[:4]) for f, g in zip(fronts, one_sided, strict=True))

    # The back of each front cell: the Scout's Crinos side behind its breed side, the card back behind the rest.
    names = _by_name(backs)
    back_name = max(names, key=lambda n: len(names[n]))
    assert len(names[back_name]) == 6
    crinos_name = next(n for n in names if n != back_name)
    expected = [_expected_back(f[:4], size, flip, profile) for f in fronts]
    assert _close(names[crinos_name][0], expected[0])
    for spot in expected[1:]:
        assert any(_close(spot, got) for got in names[back_name]), f"no card back at {spot}"


def test_mirrored_backs_keep_gap_and_bleed(card_db: CardDatabase, tmp_path: Path, back_file: Path) -> None:
    out = tmp_path / "bleed.pdf"
    options = ProxyOptions(gap_mm=3, bleed_mm=2, duplex="long", back="file", back_file=str(back_file))
    write_proxies_pdf(_deck(("Quick Dodge", 2)), card_db, out, options)
    fronts, backs = placed_images(out, 0), placed_images(out, 1)
    assert fronts[0][2] == pytest.approx(CARD_W + 4 * MM) and backs[0][3] == pytest.approx(CARD_H + 4 * MM)
    for front, back in zip(fronts, backs, strict=True):
        # Centres mirror about the page's vertical middle line; heights do not move.
        assert front[0] + front[2] / 2 + back[0] + back[2] / 2 == pytest.approx(A4[0], abs=TOL)
        assert back[1] == pytest.approx(front[1], abs=TOL)


def test_one_sided_characters_get_a_card_back_and_two_sided_keep_their_crinos_side(
    card_db: CardDatabase, tmp_path: Path, back_file: Path
) -> None:
    out = tmp_path / "scout.pdf"
    both = write_proxies_pdf(
        _deck(("Moonfang Scout", 2)),
        card_db,
        out,
        ProxyOptions(duplex="short", back="file", back_file=str(back_file)),
    )
    assert (both.cards, both.backs, both.pages) == (4, 0, 2)
    assert len(placed_images(out, 0)) == 2  # breed sides only on the front
    one = write_proxies_pdf(
        _deck(("Moonfang Scout", 2)),
        card_db,
        out,
        ProxyOptions(duplex="short", back="file", back_file=str(back_file), both_sides=False),
    )
    assert (one.cards, one.backs) == (2, 2)
    # Without duplex both sides stay side by side on the front, as before.
    flat = write_proxies_pdf(_deck(("Moonfang Scout", 2)), card_db, out, ProxyOptions())
    assert (flat.cards, flat.backs, flat.pages) == (4, 0, 1)


def test_plain_back_is_drawn_where_the_card_is_and_named_after_the_game(
    card_db: CardDatabase, tmp_path: Path
) -> None:
    out = tmp_path / "plain.pdf"
    report = write_proxies_pdf(
        _deck(("Quick Dodge", 1)), card_db, out, ProxyOptions(duplex="long", back="plain", page_numbers=False)
    )
    assert report.backs == 1 and placed_images(out, 1) == []
    front = placed_images(out, 0)[0]
    titles = [t for t in placed_texts(out, 1) if t[2] == "Rage"]
    assert len(titles) == 1
    # Centred on the mirrored cell: the top-left front cell's back is top right.
    expected_centre = A4[0] - (front[0] + CARD_W / 2)
    assert abs(titles[0][0] - expected_centre) < CARD_W / 4  # the label's left edge sits left of the centre
    assert titles[0][0] < expected_centre


def test_plugin_back_missing_prints_a_plain_back_with_a_note(card_db: CardDatabase, tmp_path: Path) -> None:
    report = write_proxies_pdf(
        _deck(("Quick Dodge", 3)), card_db, tmp_path / "p.pdf", ProxyOptions(duplex="long")
    )
    assert report.backs == 3
    assert any("no card back image" in m for m in report.messages)


def test_a_chosen_back_that_cannot_be_used_stops_before_any_file_is_written(
    card_db: CardDatabase, tmp_path: Path
) -> None:
    out = tmp_path / "never.pdf"
    text = tmp_path / "back.jpg"
    text.write_text("not an image")
    for back_file, fragment in (
        (tmp_path / "missing.jpg", "not found"),
        (text, "card back"),
        (tmp_path, "not found"),
    ):
        with pytest.raises(ValueError, match=fragment):
            write_proxies_pdf(
                _deck(("Quick Dodge", 1)),
                card_db,
                out,
                ProxyOptions(duplex="long", back="file", back_file=str(back_file)),
            )
    for bad, fragment in (
        (ProxyOptions(duplex="sideways"), "duplex must be one of"),
        (ProxyOptions(duplex="long", back="file"), "choose an image file"),
        (ProxyOptions(duplex="long", back="glitter"), "card back must be one of"),
    ):
        with pytest.raises(ValueError, match=fragment):
            write_proxies_pdf(_deck(("Quick Dodge", 1)), card_db, out, bad)
    assert not out.exists()


def test_pages_alternate_front_and_back_and_a_preview_writes_one_sheet(
    card_db: CardDatabase, tmp_path: Path, back_file: Path
) -> None:
    out = tmp_path / "many.pdf"
    options = ProxyOptions(duplex="long", back="file", back_file=str(back_file))
    report = write_proxies_pdf(_deck(("Quick Dodge", 12)), card_db, out, options)
    assert report.pages == report.total_pages == 4
    assert [len(placed_images(out, p)) for p in range(4)] == [9, 9, 3, 3]
    texts = [PdfReader(out).pages[p].extract_text() for p in range(4)]
    assert "page 2 of 4" in texts[1] and "page 4 of 4" in texts[3]
    preview = write_proxies_pdf(_deck(("Quick Dodge", 12)), card_db, out, options, page_limit=1)
    assert (preview.pages, preview.total_pages) == (2, 4)
