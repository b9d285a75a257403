"""The layout at any scale: the audit (names whole, tabs whole, nothing squeezed or scrolled out of sight) at
QT_SCALE_FACTOR 1.5 and 2 (1280×720 logical) and at every text size of View → Text size at 1280×720 and 1920×1080,
in English and Portuguese, each scale in a process of its own (the scale is read when the application starts, the
text size when a window is made)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from deckbuilder.ui.theme import TEXT_SIZES

ROOT = Path(__file__).resolve().parents[3]


def _audit(tmp_path: Path, scale: str, *arguments: str) -> dict[str, object]:
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "QT_SCALE_FACTOR": scale,
        "RAGEDECK_DATA_DIR": str(tmp_path / "data"),
        "PYTHONPATH": str(ROOT),
    }
    done = subprocess.run(
        [sys.executable, "-m", "tests.deckbuilder.ui.audit_process", *arguments],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


@pytest.mark.parametrize(
    ("scale", "lang"),
    [("1.5", "en"), ("1.5", "pt_BR"), ("2", "en"), ("2", "pt_BR")],
)
def test_the_window_holds_at_a_scale_factor(tmp_path: Path, scale: str, lang: str) -> None:
    # The desktop's text and the largest the View menu offers, on a screen of 1280×720 logical pixels at that scale.
    found = _audit(tmp_path, scale, "--lang", lang, "--text-size", "100", str(TEXT_SIZES[-1]))
    assert found["scale"] == float(scale)  # the scale really was in force
    assert {size: shown["problems"] for size, shown in found["sizes"].items()} == {
        "100": {},
        str(TEXT_SIZES[-1]): {},
    }


@pytest.mark.parametrize("lang", ["en", "pt_BR"])
@pytest.mark.parametrize("size", [("1280", "720"), ("1920", "1080")])
def test_the_window_holds_at_every_text_size(tmp_path: Path, size: tuple[str, str], lang: str) -> None:
    """Every size View → Text size offers, each in a window of its own."""
    found = _audit(tmp_path, "1", "--lang", lang, "--text-size", *map(str, TEXT_SIZES), "--size", *size)
    sizes = found["sizes"]
    assert list(sizes) == [str(t) for t in TEXT_SIZES]
    heights = [shown["font_px"] for shown in sizes.values()]
    assert (
        heights == sorted(heights) and heights[0] < found["desktop_font_px"] < heights[-1]
    )  # really in force
    assert {size: shown["problems"] for size, shown in sizes.items() if shown["problems"]} == {}
