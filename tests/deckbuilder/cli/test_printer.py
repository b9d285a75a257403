"""`ragedeck printer` and `ragedeck export --duplex`: profiles saved and corrected, sheets and proxies written."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from carddb.db import CardDatabase
from deckbuilder.cli import main
from deckbuilder.deck import Deck
from deckbuilder.deckfiles import write_deck
from deckbuilder.export.printers import load_profiles
from tests.deckbuilder.export.helpers import A4, MM, add_card, jpeg_bytes, placed_images, write_image


def _run(*arguments: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(arguments), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_save_measure_list_and_remove_a_profile() -> None:
    code, out, _ = _run("printer", "save", "Laser", "--offset-x", "1.5", "--scale-y", "0.998")
    assert code == 0 and "Laser: X +1.50 mm, Y +0.00 mm" in out
    # Readings typed with a decimal comma on both sides of the page: offset and scale both move.
    code, out, _ = _run(
        "printer", "measure", "laser", "--reading", "A", "0,5", "1", "--reading", "B", "1.5", "1"
    )
    assert code == 0
    profile = load_profiles().get("Laser")
    assert profile.offset_x_mm == pytest.approx(2.5)
    assert profile.offset_y_mm == pytest.approx(1.0)
    assert profile.scale_x == pytest.approx(
        1 + 1.0 / (210 - 50)
    )  # 1 mm more across the 160 mm between A and B
    assert profile.scale_y == pytest.approx(0.998)
    code, out, _ = _run("printer", "list", "--json")
    assert json.loads(out)["printers"]["Laser"]["offset_x_mm"] == pytest.approx(2.5)
    assert _run("printer", "remove", "LASER")[0] == 0
    code, _, err = _run("printer", "remove", "Laser")
    assert code != 0 and "no printer profile named 'Laser'" in err


@pytest.mark.parametrize(
    ("arguments", "fragment"),
    [
        (("printer", "save", "X", "--offset-x", "99"), "X offset must be"),
        (("printer", "measure", "X", "--reading", "Q", "1", "1"), "A, B, C or D"),
        (("printer", "measure", "X", "--reading", "A", "one", "1"), "not a number"),
        (("printer", "sheet", "-o", "never.pdf", "--printer", "Missing"), "no printer profile named"),
    ],
)
def test_bad_profiles_and_readings_are_refused_and_nothing_is_saved(
    arguments: tuple[str, ...], fragment: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = _run(*arguments)
    assert code != 0 and fragment in err
    assert load_profiles().profiles == {} and not (tmp_path / "never.pdf").exists()


def test_the_alignment_sheet_has_a_front_and_a_back(tmp_path: Path) -> None:
    _run("printer", "save", "Inkjet", "--offset-y", "-2")
    out = tmp_path / "align.pdf"
    code, _, _ = _run("printer", "sheet", "-o", str(out), "--printer", "inkjet", "--duplex", "short")
    assert code == 0 and len(PdfReader(out).pages) == 2
    assert "Inkjet: X +0.00 mm, Y -2.00 mm" in PdfReader(out).pages[1].extract_text()


def test_export_duplex_uses_the_back_file_and_the_saved_profile(tmp_db: CardDatabase, tmp_path: Path) -> None:
    add_card(tmp_db, "Quick Dodge", "Combat Event", [write_image(tmp_db, "dodge.jpg", jpeg_bytes())])
    deck = Deck(name="Dodges")
    deck.add("Quick Dodge", 1)
    deck_file = tmp_path / "dodges.json"
    write_deck(deck, deck_file)
    back = tmp_path / "back.jpg"
    back.write_bytes(jpeg_bytes(colour=(0, 0, 90)))
    _run("printer", "save", "Laser", "--offset-x", "2")
    out = tmp_path / "p.pdf"
    code, text, err = _run(
        "export", str(deck_file), "--db", str(tmp_db.path), "--to", "proxies", "-o", str(out),
        "--duplex", "long", "--back", str(back), "--printer", "laser", "--all-copies",
    )  # fmt: skip
    assert code == 0, err
    assert "1 card back on the reverse pages" in text
    front, behind = placed_images(out, 0)[0], placed_images(out, 1)[0]
    # The top-left card's back is top right, moved 2 mm right by the profile.
    assert behind[0] == pytest.approx(A4[0] - front[0] - front[2] + 2 * MM, abs=0.1 * MM)
    code, _, err = _run(
        "export",
        str(deck_file),
        "--db",
        str(tmp_db.path),
        "--to",
        "proxies",
        "-o",
        str(out),
        "--printer",
        "laser",
    )
    assert code == 0 and "apply to duplex proxies only" in err and len(PdfReader(out).pages) == 1
