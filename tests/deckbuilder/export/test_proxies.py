"""Proxy sheets read back from the PDF: page size, card positions, embedded images, text proxies, safety."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from carddb.cardtypes import Section
from carddb.db import CardDatabase
from deckbuilder.deck import Deck
from deckbuilder.export import ExportCancelled, ProxyOptions, write_proxies_pdf
from tests.deckbuilder.export.helpers import A4, CARD_H, CARD_W, LETTER, MM, image_draws, image_xobjects

TOL = 0.01


def _deck(*cards: tuple[str, int]) -> Deck:
    deck = Deck(name="Test Pack")
    for name, count in cards:
        deck.add(name, count)
    return deck


def _grid(page: tuple[float, float], gap: float = 0.0) -> list[tuple[float, float]]:
    """Expected lower-left corners of the 9 cells, centred on the page, in reading order."""
    grid_w = 3 * CARD_W + 2 * gap
    grid_h = 3 * CARD_H + 2 * gap
    left = (page[0] - grid_w) / 2
    top = (page[1] + grid_h) / 2
    return [(left + c * (CARD_W + gap), top - (r + 1) * CARD_H - r * gap) for r in range(3) for c in range(3)]


def _page_text(pdf: Path) -> list[str]:
    return [page.extract_text() for page in PdfReader(pdf).pages]


@pytest.mark.parametrize(
    ("paper", "size"), [("a4", A4), ("letter", LETTER), ("230x300mm", (230 * MM, 300 * MM))]
)
def test_nine_cards_sit_centred_at_exactly_63_by_88_mm(
    card_db: CardDatabase, tmp_path: Path, paper: str, size: tuple[float, float]
) -> None:
    out = tmp_path / "proxies.pdf"
    report = write_proxies_pdf(_deck(("Silver Fang Gift", 9)), card_db, out, ProxyOptions(paper=paper))
    reader = PdfReader(out)
    assert len(reader.pages) == 1 and report.pages == 1
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx(size, abs=TOL)
    draws = image_draws(out)
    assert len(draws) == 9
    for (x, y, w, h, _), (ex, ey) in zip(draws, _grid(size), strict=True):
        assert (x, y, w, h) == pytest.approx((ex, ey, 178.583, 249.449), abs=TOL)
    # Centred: equal margins left/right and top/bottom.
    left = min(d[0] for d in draws)
    right = size[0] - max(d[0] + d[2] for d in draws)
    bottom = min(d[1] for d in draws)
    top = size[1] - max(d[1] + d[3] for d in draws)
    assert left == pytest.approx(right, abs=TOL) and bottom == pytest.approx(top, abs=TOL)


def test_bleed_enlarges_the_image_but_clips_to_keep_cards_and_neighbours_exact(
    card_db: CardDatabase, tmp_path: Path
) -> None:
    out = tmp_path / "bleed.pdf"
    options = ProxyOptions(paper="letter", gap_mm=2, bleed_mm=3)
    write_proxies_pdf(_deck(("Silver Fang Gift", 9)), card_db, out, options)
    gap, bleed = 2 * MM, 3 * MM
    cells = _grid(LETTER, gap)
    draws = image_draws(out)
    for (x, y, w, h, _), (cx, cy) in zip(draws, cells, strict=True):
        assert (x, y, w, h) == pytest.approx(
            (cx - bleed, cy - bleed, CARD_W + 2 * bleed, CARD_H + 2 * bleed), abs=TOL
        )
    content = PdfReader(out).pages[0].get_contents().get_data()  # type: ignore[union-attr]
    clips = [
        tuple(map(float, m)) for m in re.findall(rb"n ([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re W\*? n", content)
    ]
    assert len(clips) == 9
    # Outer edges keep the full bleed; between cards the bleed stops halfway across the gap.
    first_x, first_y, first_w, first_h = clips[0]  # top-left card
    assert first_x == pytest.approx(cells[0][0] - bleed, abs=TOL)
    assert first_x + first_w == pytest.approx(cells[0][0] + CARD_W + gap / 2, abs=TOL)
    assert first_y + first_h == pytest.approx(cells[0][1] + CARD_H + bleed, abs=TOL)
    assert first_y == pytest.approx(cells[0][1] - gap / 2, abs=TOL)
    middle_x, middle_y, middle_w, middle_h = clips[4]
    assert (middle_x, middle_y) == pytest.approx((cells[4][0] - gap / 2, cells[4][1] - gap / 2), abs=TOL)
    assert (middle_w, middle_h) == pytest.approx((CARD_W + gap, CARD_H + gap), abs=TOL)


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        (ProxyOptions(paper="a4", gap_mm=10, bleed_mm=1), "need 211.0 × 286.0 mm"),
        (ProxyOptions(paper="letter", bleed_mm=15), "but the paper is 215.9 × 279.4 mm"),
        (ProxyOptions(paper="190x250mm"), "paper is 190.0 × 250.0 mm"),
        (ProxyOptions(gap_mm=-1), "gap must be"),
        (ProxyOptions(cut_marks="dots"), "cut marks must be one of"),
        (ProxyOptions(paper="a9-ish"), "unknown paper size"),
    ],
)
def test_options_that_cannot_work_fail_clearly_before_writing(
    card_db: CardDatabase, tmp_path: Path, options: ProxyOptions, fragment: str
) -> None:
    out = tmp_path / "x.pdf"
    with pytest.raises(ValueError, match=re.escape(fragment)):
        write_proxies_pdf(_deck(("Silver Fang Gift", 1)), card_db, out, options)
    assert not out.exists()


def test_jpeg_is_embedded_byte_for_byte_and_only_once(card_db: CardDatabase, tmp_path: Path) -> None:
    out = tmp_path / "p.pdf"
    report = write_proxies_pdf(_deck(("Silver Fang Gift", 3), ("Quick Dodge", 1)), card_db, out)
    xobjects = image_xobjects(out)
    gift = (card_db.images_dir / "Test Set" / "gift.jpg").read_bytes()
    dodge = (card_db.images_dir / "Test Set" / "dodge.jpg").read_bytes()
    assert sorted(data for _, data in xobjects.values()) == sorted([gift, dodge])
    assert all(filt in ("/DCTDecode", "['/DCTDecode']") for filt, _ in xobjects.values())
    draws = image_draws(out)
    assert len(draws) == 4 and len({d[4] for d in draws[:3]}) == 1  # three copies reuse one XObject
    assert (report.cards, report.images_embedded, report.text_proxies) == (4, 2, 0)


def test_png_is_embedded_as_an_image(card_db: CardDatabase, tmp_path: Path) -> None:
    out = tmp_path / "p.pdf"
    report = write_proxies_pdf(_deck(("Blue Totem", 2)), card_db, out)
    assert report.images_embedded == 1 and report.text_proxies == 0
    assert len(image_draws(out)) == 2


def test_two_sided_characters_print_both_sides_unless_asked_not_to(
    card_db: CardDatabase, tmp_path: Path
) -> None:
    out = tmp_path / "p.pdf"
    both = write_proxies_pdf(_deck(("Moonfang Scout", 2)), card_db, out)
    assert both.cards == 4 and both.images_embedded == 2
    assert len({d[4] for d in image_draws(out)}) == 2
    one = write_proxies_pdf(_deck(("Moonfang Scout", 2)), card_db, out, ProxyOptions(both_sides=False))
    assert one.cards == 2 and one.images_embedded == 1
    breed = (card_db.images_dir / "Test Set" / "scout-breed.jpg").read_bytes()
    assert [data for _, data in image_xobjects(out).values()] == [breed]


def test_cards_without_images_become_readable_text_proxies(card_db: CardDatabase, tmp_path: Path) -> None:
    out = tmp_path / "p.pdf"
    deck = _deck(("Greyback Wanderer", 1), ("Ashen Claw", 1), ("Nobody Knows This Card", 1))
    report = write_proxies_pdf(deck, card_db, out)
    assert (report.cards, report.text_proxies, report.images_embedded) == (3, 3, 0)
    assert image_draws(out) == []
    text = " ".join(_page_text(out)[0].split())
    for expected in (
        "Greyback Wanderer",
        "Character - Rogue",
        "Renown 3 · Rage 2 · Gnosis 3 · Health 4",
        "Ashen Claw",
        "Requires: Ragabash",
        "Errata: Now costs 1.",
        "FINALWORD",  # long text shrinks to fit instead of being cut off
        "Nobody Knows This Card",
        "Unknown card",
    ):
        assert expected in text
    assert any("Nobody Knows This Card: unknown card" in m for m in report.messages)
    assert any("Ashen Claw: no card image" in m for m in report.messages)


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("Bomb Card", "decompression bomb"),
        ("Cut Card", "truncated|broken"),
        ("Symlink Card", "outside the database folder"),
        ("Climber Card", "outside the database folder"),
    ],
)
def test_hostile_images_print_as_text_proxies_with_a_message(
    card_db: CardDatabase, tmp_path: Path, name: str, reason: str
) -> None:
    out = tmp_path / "p.pdf"
    report = write_proxies_pdf(_deck((name, 2), ("Quick Dodge", 1)), card_db, out)
    assert (report.cards, report.text_proxies, report.images_embedded) == (3, 2, 1)
    assert len(image_draws(out)) == 1
    assert name in _page_text(out)[0]
    mine = [m for m in report.messages if m.startswith(name)]
    assert len(mine) == 1 and re.search(reason, mine[0])  # told once, not once per copy


def test_choice_of_section_or_names(card_db: CardDatabase, tmp_path: Path) -> None:
    out = tmp_path / "p.pdf"
    deck = _deck(("Moonfang Scout", 1), ("Silver Fang Gift", 2), ("Quick Dodge", 3), ("Ashen Claw", 1))
    combat = write_proxies_pdf(deck, card_db, out, ProxyOptions(section=Section.COMBAT))
    assert (combat.cards, combat.text_proxies) == (4, 1)
    text = _page_text(out)[0]
    assert "Ashen Claw" in text
    named = write_proxies_pdf(deck, card_db, out, ProxyOptions(names=["silver fang gift", "Not In Deck"]))
    assert named.cards == 2 and named.images_embedded == 1
    assert any("Not In Deck: not in the deck" in m for m in named.messages)
    with pytest.raises(ValueError, match="no cards to print"):
        write_proxies_pdf(deck, card_db, out, ProxyOptions(section=Section.SEPT, names=["Quick Dodge"]))


def test_cards_are_printed_in_section_order_over_several_numbered_pages(
    card_db: CardDatabase, tmp_path: Path
) -> None:
    out = tmp_path / "p.pdf"
    deck = _deck(("Quick Dodge", 4), ("Silver Fang Gift", 4), ("Moonfang Scout", 3))
    progress: list[tuple[int, int]] = []
    report = write_proxies_pdf(
        deck, card_db, out, progress=lambda done, total: progress.append((done, total))
    )
    assert report.pages == 2 and report.cards == 14
    assert progress == [(i, 14) for i in range(1, 15)]
    pages = _page_text(out)
    assert len(pages) == 2
    assert "page 1 of 2" in pages[0] and "page 2 of 2" in pages[1]
    scout = {n for *_, n in image_draws(out)[:6]}
    assert len(scout) == 2  # the 3 two-sided Characters (6 faces) come first
    no_numbers = write_proxies_pdf(deck, card_db, out, ProxyOptions(page_numbers=False))
    assert no_numbers.pages == 2 and "page 1" not in _page_text(out)[0]


def test_cut_lines_run_the_full_page_along_every_card_edge(card_db: CardDatabase, tmp_path: Path) -> None:
    out = tmp_path / "p.pdf"
    write_proxies_pdf(_deck(("Quick Dodge", 1)), card_db, out, ProxyOptions(gap_mm=4, cut_marks="lines"))
    content = PdfReader(out).pages[0].get_contents().get_data()  # type: ignore[union-attr]
    verticals = {
        round(float(x), 2) for x, x2 in re.findall(rb"([\d.]+) 0 m ([\d.]+) 841.8898 l", content) if x == x2
    }
    cells = _grid(A4, 4 * MM)
    expected = {round(x, 2) for x, _ in cells[:3]} | {round(x + CARD_W, 2) for x, _ in cells[:3]}
    assert verticals == expected and len(expected) == 6


def test_corner_marks_stay_in_the_margin(card_db: CardDatabase, tmp_path: Path) -> None:
    out = tmp_path / "p.pdf"
    write_proxies_pdf(_deck(("Quick Dodge", 1)), card_db, out, ProxyOptions(cut_marks="corners"))
    content = PdfReader(out).pages[0].get_contents().get_data()  # type: ignore[union-attr]
    segments = [
        tuple(map(float, m)) for m in re.findall(rb"n ([\d.]+) ([\d.]+) m ([\d.]+) ([\d.]+) l S", content)
    ]
    cells = _grid(A4)
    grid = (cells[6][0], cells[6][1], cells[2][0] + CARD_W, cells[2][1] + CARD_H)
    assert len(segments) == 2 * 4 + 2 * 4  # 4 vertical cut lines × top/bottom, 4 horizontal × left/right
    for x1, y1, x2, y2 in segments:
        outside = (
            max(x1, x2) <= grid[0]
            or min(x1, x2) >= grid[2]
            or max(y1, y2) <= grid[1]
            or min(y1, y2) >= grid[3]
        )
        assert outside, (x1, y1, x2, y2)


def test_cancel_leaves_no_file_and_keeps_an_old_one(card_db: CardDatabase, tmp_path: Path) -> None:
    out = tmp_path / "exports" / "p.pdf"
    out.parent.mkdir()
    calls = 0

    def cancel_after_two() -> bool:
        nonlocal calls
        calls += 1
        return calls > 2

    with pytest.raises(ExportCancelled):
        write_proxies_pdf(_deck(("Quick Dodge", 5)), card_db, out, cancel=cancel_after_two)
    assert list(out.parent.iterdir()) == []
    out.write_bytes(b"old export")
    calls = 0
    with pytest.raises(ExportCancelled):
        write_proxies_pdf(_deck(("Quick Dodge", 5)), card_db, out, cancel=cancel_after_two)
    assert out.read_bytes() == b"old export"
    assert list(out.parent.iterdir()) == [out]


def test_a_failure_half_way_keeps_the_old_file_untouched(card_db: CardDatabase, tmp_path: Path) -> None:
    out = tmp_path / "p.pdf"
    out.write_bytes(b"old export")

    def explode(done: int, total: int) -> None:
        if done == 2:
            raise RuntimeError("disk on fire")

    with pytest.raises(RuntimeError, match="disk on fire"):
        write_proxies_pdf(_deck(("Quick Dodge", 5)), card_db, out, progress=explode)
    assert out.read_bytes() == b"old export"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_unknown_printing_falls_back_to_the_newest_with_a_message(
    card_db: CardDatabase, tmp_path: Path
) -> None:
    deck = Deck(name="Sets")
    deck.add("Quick Dodge", 1, set_name="No Such Set")
    report = write_proxies_pdf(deck, card_db, tmp_path / "p.pdf")
    assert report.images_embedded == 1
    assert any("no printing from set No Such Set" in m for m in report.messages)


def test_an_image_that_breaks_while_drawing_falls_back_to_a_text_proxy(
    card_db: CardDatabase, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from deckbuilder.export import proxyplan
    from deckbuilder.export.images import CheckedImage

    # The file passes the check, then is replaced by garbage before it is drawn.
    broken = card_db.images_dir / "Test Set" / "dodge.jpg"
    monkeypatch.setattr(proxyplan, "check_image", lambda path: CheckedImage(path, "JPEG", 63, 88))
    broken.write_bytes(b"\xff\xd8 swapped after the check \xff\xd9")
    out = tmp_path / "p.pdf"
    report = write_proxies_pdf(_deck(("Quick Dodge", 3)), card_db, out)
    assert (report.cards, report.text_proxies, report.images_embedded) == (3, 3, 0)
    assert len([m for m in report.messages if "dodge.jpg failed" in m]) == 1
    assert PdfReader(out).pages[0].extract_text().count("Quick Dodge") == 3
