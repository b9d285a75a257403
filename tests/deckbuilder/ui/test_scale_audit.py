"""The layout at any scale: the audit (names whole, tabs whole, nothing squeezed or scrolled out of sight) at
QT_SCALE_FACTOR 1.5 and 2 (1280×720 logical) and at every text size of View → Text size at 1280×720 and 1920×1080,
in English and Portuguese. Each scale runs in a process of its own (the scale is read when the application starts),
which audits every language, size and text size of that scale one window after another (the text size is read
when a window is made): three processes for the eight audits, each run once and read by every test of its scale."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from deckbuilder.ui.theme import TEXT_SIZES

ROOT = Path(__file__).resolve().parents[3]
LANGS = ("en", "pt_BR")
WINDOW_SIZES = ((1280, 720), (1920, 1080))
SCALES = ("1.5", "2")
# The desktop's text and the largest the View menu offers, on a screen of 1280×720 logical pixels at a scale.
SCALED_TEXT_SIZES = (100, TEXT_SIZES[-1])

# The module's tests share their processes: with `--dist loadgroup` they all run on one worker.
pytestmark = pytest.mark.xdist_group("scale_audit")


def _audits(scale: str) -> list[tuple[str, tuple[int, int], tuple[int, ...]]]:
    """What the process of a scale audits: (language, window size, text sizes)."""
    if scale == "1":
        return [(lang, size, TEXT_SIZES) for size in WINDOW_SIZES for lang in LANGS]
    return [(lang, WINDOW_SIZES[0], SCALED_TEXT_SIZES) for lang in LANGS]


def _run(folder: Path, scale: str) -> dict[str, object]:
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "QT_SCALE_FACTOR": scale,
        "RAGEDECK_DATA_DIR": str(folder / "data"),
        "PYTHONPATH": str(ROOT),
    }
    specs = [f"{lang}:{w}x{h}:{','.join(map(str, sizes))}" for lang, (w, h), sizes in _audits(scale)]
    done = subprocess.run(
        [sys.executable, "-m", "tests.deckbuilder.ui.audit_process", *(f"--audit={s}" for s in specs)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


@pytest.fixture(scope="module")
def audit_at(
    tmp_path_factory: pytest.TempPathFactory,
) -> Callable[[str, str, tuple[int, int]], dict[str, object]]:
    """The audit of one language and window size at a scale: what its scale's process found (run on first ask)."""
    runs: dict[str, dict[str, object]] = {}

    def audit(scale: str, lang: str, size: tuple[int, int]) -> dict[str, object]:
        if scale not in runs:
            runs[scale] = _run(tmp_path_factory.mktemp(f"scale{scale}"), scale)
        found = runs[scale]
        audits = [a for a in found["audits"] if a["lang"] == lang and tuple(a["size"]) == size]  # type: ignore[attr-defined, index]
        assert len(audits) == 1, found
        return {**found, **audits[0]}

    return audit


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("scale", SCALES)
def test_the_window_holds_at_a_scale_factor(audit_at, scale: str, lang: str) -> None:  # type: ignore[no-untyped-def]
    found = audit_at(scale, lang, WINDOW_SIZES[0])
    assert found["scale"] == float(scale)  # the scale really was in force
    assert {size: shown["problems"] for size, shown in found["sizes"].items()} == {
        str(t): {} for t in SCALED_TEXT_SIZES
    }


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", WINDOW_SIZES)
def test_the_window_holds_at_every_text_size(audit_at, size: tuple[int, int], lang: str) -> None:  # type: ignore[no-untyped-def]
    """Every size View → Text size offers, each in a window of its own."""
    found = audit_at("1", lang, size)
    sizes = found["sizes"]
    assert list(sizes) == [str(t) for t in TEXT_SIZES]
    assert all(shown["size"] == list(size) for shown in sizes.values())  # the window really had that size
    heights = [shown["font_px"] for shown in sizes.values()]
    assert (
        heights == sorted(heights) and heights[0] < found["desktop_font_px"] < heights[-1]
    )  # really in force
    assert {size: shown["problems"] for size, shown in sizes.items() if shown["problems"]} == {}
