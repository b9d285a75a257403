"""The layout at any scale: the audit (names whole, tabs whole, nothing squeezed or scrolled out of sight) at
QT_SCALE_FACTOR 1.5 and 2 (1280×720 logical) and at every text size of View → Text size at 1280×720 and 1920×1080,
in English and Portuguese. A scale is read when the application starts, so each runs in processes of its own; a
process audits both languages and every text size asked of it one window after another (the text size is read when
a window is made). Four processes for the eight audits, started together when the first test asks (they run side by
side on every core), each read by every test of its scale and window size."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from deckbuilder.ui.theme import TEXT_SIZES
from tests.databases import new_database

ROOT = Path(__file__).resolve().parents[3]
LANGS = ("en", "pt_BR")
WINDOW_SIZES = ((1280, 720), (1920, 1080))
SCALES = ("1.5", "2")
# The desktop's text and the largest the View menu offers, on a screen of 1280×720 logical pixels at a scale.
SCALED_TEXT_SIZES = (100, TEXT_SIZES[-1])
# A developer's quick run (-m "not slow") leaves the scale audit to the full one.
pytestmark = pytest.mark.slow
# Each process: its scale and window size; it audits both languages at that size.
RUNS = [("1", size) for size in WINDOW_SIZES] + [(scale, WINDOW_SIZES[0]) for scale in SCALES]
Run = tuple[str, tuple[int, int]]


def _start(folder: Path, run: Run) -> subprocess.Popen[str]:
    scale, (width, height) = run
    # The demo database the process opens, copied from this worker's template: made in the process, its schema
    # alone loads SQLModel (~0.8 s of CPU in each of the four, all running beside the suite).
    new_database(folder / "data" / "cards.sqlite", demo=True)
    text_sizes = ",".join(map(str, TEXT_SIZES if scale == "1" else SCALED_TEXT_SIZES))
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "QT_SCALE_FACTOR": scale,
        "RAGEDECK_DATA_DIR": str(folder / "data"),
        "PYTHONPATH": str(ROOT),
    }
    audits = [f"--audit={lang}:{width}x{height}:{text_sizes}" for lang in LANGS]
    return subprocess.Popen(
        [sys.executable, "-m", "tests.deckbuilder.ui.audit_process", *audits],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.fixture(scope="module")
def audit_at(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Callable[[str, str, tuple[int, int]], dict[str, object]]]:
    """The audit of one language and window size at a scale, as its process found it (every process is started
    at the first ask; pyproject.toml's --dist loadfile keeps the module on one worker, so each runs once)."""
    processes: dict[Run, subprocess.Popen[str]] = {}
    found: dict[Run, dict[str, object]] = {}

    def audit(scale: str, lang: str, size: tuple[int, int]) -> dict[str, object]:
        if not processes:
            processes.update({run: _start(tmp_path_factory.mktemp("scale"), run) for run in RUNS})
        run = (scale, size)
        if run not in found:
            out, err = processes[run].communicate(timeout=900)
            assert processes[run].returncode == 0, out[-2000:] + err[-2000:]
            found[run] = json.loads(out.strip().splitlines()[-1])
        audits = [a for a in found[run]["audits"] if a["lang"] == lang]  # type: ignore[attr-defined]
        assert len(audits) == 1 and tuple(audits[0]["size"]) == size, found[run]
        return {**found[run], **audits[0]}

    yield audit
    for process in processes.values():
        if process.poll() is None:
            process.kill()
            process.communicate()


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
