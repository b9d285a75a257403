"""Draw the Rage Deckbuilder icon (moon and claw marks on a dark red rounded square) into images/.

Run `python packaging/make_icon.py`; it writes ragedeck-<size>.png for each size, and ragedeck.ico.
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

SIZES: tuple[int, ...] = (256, 128, 64, 48, 32, 16)
# Drawn large and scaled down so that the curves stay smooth at every size.
CANVAS = 1024
BACKGROUND_TOP = (122, 12, 18)
BACKGROUND_BOTTOM = (52, 4, 8)
MOON = (244, 232, 204)
CLAW = (18, 6, 8)
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "images"


def _rounded_mask(size: int, radius: int) -> Image.Image:
    mask = Image.new("L", (size, size), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, size - 1, size - 1), radius=radius, fill=255)
    return mask


def _background(size: int) -> Image.Image:
    """A vertical dark-red gradient."""
    gradient = Image.new("RGB", (1, size))
    for y in range(size):
        t = y / (size - 1)
        gradient.putpixel(
            (0, y),
            tuple(round(a + (b - a) * t) for a, b in zip(BACKGROUND_TOP, BACKGROUND_BOTTOM, strict=True)),
        )
    return gradient.resize((size, size))


def _claw_polygon(x0: float, y0: float, x1: float, y1: float, width: float) -> list[tuple[float, float]]:
    """A slash that is widest in the middle and tapers to points at both ends."""
    length = math.hypot(x1 - x0, y1 - y0)
    nx, ny = -(y1 - y0) / length, (x1 - x0) / length
    steps = 24
    left: list[tuple[float, float]] = []
    right: list[tuple[float, float]] = []
    for i in range(steps + 1):
        t = i / steps
        half = width / 2 * math.sin(math.pi * t) ** 0.8
        cx, cy = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
        left.append((cx + nx * half, cy + ny * half))
        right.append((cx - nx * half, cy - ny * half))
    return left + right[::-1]


def draw_icon(size: int = CANVAS) -> Image.Image:
    """The icon as an RGBA image of `size` pixels."""
    scale = size / CANVAS
    icon = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    icon.paste(_background(size), (0, 0), _rounded_mask(size, round(180 * scale)))

    # A full moon with a soft glow, upper right.
    glow = Image.new("L", (size, size), 0)
    cx, cy, r = 610 * scale, 380 * scale, 250 * scale
    ImageDraw.Draw(glow).ellipse((cx - r * 1.15, cy - r * 1.15, cx + r * 1.15, cy + r * 1.15), fill=120)
    glow = glow.filter(ImageFilter.GaussianBlur(40 * scale))
    icon.paste((255, 190, 150, 255), (0, 0), Image.composite(glow, Image.new("L", (size, size), 0), glow))
    moon = ImageDraw.Draw(icon)
    moon.ellipse((cx - r, cy - r, cx + r, cy + r), fill=MOON)
    # Craters, a shade darker than the moon.
    crater = tuple(max(0, c - 26) for c in MOON)
    for dx, dy, cr in ((-80, -60, 48), (70, 40, 36), (-20, 110, 28), (110, -110, 22)):
        moon.ellipse(
            (cx + (dx - cr) * scale, cy + (dy - cr) * scale, cx + (dx + cr) * scale, cy + (dy + cr) * scale),
            fill=crater,
        )

    # Three claw slashes torn across the moon and the card, lower left to upper right.
    claws = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(claws)
    for offset in (-170, 0, 170):
        x0, y0 = (150 + offset) * scale, (900 + offset * 0.15) * scale
        x1, y1 = (700 + offset) * scale, (140 + offset * 0.15) * scale
        draw.polygon(_claw_polygon(x0, y0, x1, y1, 110 * scale), fill=(*CLAW, 255))
        # A thin bright edge so the slashes read on the dark background too.
        draw.polygon(
            _claw_polygon(x0 + 14 * scale, y0, x1 + 14 * scale, y1, 26 * scale), fill=(230, 70, 60, 200)
        )
    icon.alpha_composite(claws)
    # Keep everything inside the rounded square.
    alpha = icon.getchannel("A")
    icon.putalpha(
        Image.composite(alpha, Image.new("L", (size, size), 0), _rounded_mask(size, round(180 * scale)))
    )
    return icon


def write_icons(out_dir: Path = DEFAULT_OUT) -> list[Path]:
    """Write every icon size and the .ico into `out_dir`; returns the written paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    master = draw_icon(CANVAS)
    written: list[Path] = []
    for size in SIZES:
        path = out_dir / f"ragedeck-{size}.png"
        master.resize((size, size), Image.Resampling.LANCZOS).save(path, optimize=True)
        written.append(path)
    ico = out_dir / "ragedeck.ico"
    master.save(ico, sizes=[(s, s) for s in SIZES])
    written.append(ico)
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="folder to write the icons to")
    args = parser.parse_args()
    for path in write_icons(args.out):
        print(path)


if __name__ == "__main__":
    main()
