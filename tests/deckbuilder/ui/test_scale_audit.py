"""The layout at any scale: the audit (names whole, tabs whole, nothing squeezed) at QT_SCALE_FACTOR 1.5 and 2
(1280×720 logical) and with larger text (English 115 % at 1280×720, Portuguese 115 % and English 150 % at 1920×1080), each in a process of its own (the
scale is read when the application starts, the text size when the window is made)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

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
    [("1.5", "en"), ("1.5", "pt_BR"), ("2", "en")],
)
def test_the_window_holds_at_a_scale_factor(tmp_path: Path, scale: str, lang: str) -> None:
    found = _audit(tmp_path, scale, "--lang", lang)
    assert found["scale"] == float(scale)  # the scale really was in force
    assert found["problems"] == {}


@pytest.mark.parametrize(
    ("text_size", "size", "lang"),
    # Portuguese at 115 % needs more than 1280 px: its deck check tab titles do not fit beside the deck there.
    [("115", ("1280", "720"), "en"), ("115", ("1920", "1080"), "pt_BR"), ("150", ("1920", "1080"), "en")],
)
def test_the_window_holds_with_larger_text(
    tmp_path: Path, text_size: str, size: tuple[str, str], lang: str
) -> None:
    found = _audit(tmp_path, "1", "--lang", lang, "--text-size", text_size, "--size", *size)
    assert int(str(found["font_px"])) > int(str(found["desktop_font_px"]))  # the text really was larger
    assert found["problems"] == {}
