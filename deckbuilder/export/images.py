"""Check a card image before embedding it: format, size and integrity, read from the header only."""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, UnidentifiedImageError

MAX_IMAGE_BYTES = 20 * 1024 * 1024
MAX_IMAGE_PIXELS = 50_000_000
# How far before the end of a JPEG file the end-of-image marker may sit (some writers pad the file).
_JPEG_TAIL_SLACK = 4096


class ImageRefused(Exception):
    """The image cannot be embedded safely; the message says why."""


@dataclass(frozen=True, slots=True)
class CheckedImage:
    """An image that passed the checks: its path, format ("JPEG" or "PNG") and size in pixels."""

    path: Path
    format: str
    width: int
    height: int


def check_image(path: Path) -> CheckedImage:
    """Validate an image without decoding its pixels; raise ImageRefused with a reason when it is unsafe."""
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise ImageRefused(f"cannot read the file ({exc.strerror or exc})") from exc
    if size > MAX_IMAGE_BYTES:
        raise ImageRefused(f"file is too large ({size / 1024 / 1024:.1f} MB, limit 20 MB)")
    if size == 0:
        raise ImageRefused("file is empty")
    try:
        with warnings.catch_warnings():
            # Pillow only warns between its two bomb limits; treat the warning as a refusal too.
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path) as img:
                fmt = str(img.format or "")
                width, height = img.size
                if fmt == "PNG" and width * height <= MAX_IMAGE_PIXELS:
                    # verify() walks the PNG chunks and their checksums without inflating the pixels.
                    img.verify()
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        raise ImageRefused(f"image dimensions are too large (decompression bomb: {exc})") from exc
    except UnidentifiedImageError as exc:
        raise ImageRefused("not a readable JPEG or PNG image") from exc
    except (OSError, SyntaxError, ValueError) as exc:
        raise ImageRefused(f"broken image ({exc})") from exc
    if fmt not in ("JPEG", "PNG"):
        raise ImageRefused(f"unsupported image format {fmt or 'unknown'} (only JPEG and PNG are printed)")
    if width <= 0 or height <= 0:
        raise ImageRefused("image has no pixels")
    if width * height > MAX_IMAGE_PIXELS:
        raise ImageRefused(f"image is too large ({width}×{height} pixels, limit 50 megapixels)")
    if fmt == "JPEG":
        _check_jpeg_stream(path, size)
    return CheckedImage(path=path, format=fmt, width=width, height=height)


def _check_jpeg_stream(path: Path, size: int) -> None:
    """A JPEG must start with SOI, end with EOI and have a frame header the PDF writer understands."""
    from reportlab.pdfbase.pdfutils import readJPEGInfo

    with path.open("rb") as handle:
        head = handle.read(2)
        handle.seek(max(0, size - _JPEG_TAIL_SLACK))
        tail = handle.read()
        if head != b"\xff\xd8":
            raise ImageRefused("broken JPEG (no start-of-image marker)")
        if b"\xff\xd9" not in tail:
            raise ImageRefused("truncated JPEG (no end-of-image marker)")
        handle.seek(0)
        try:
            info = readJPEGInfo(handle)
        except Exception as exc:  # reportlab raises PDFError or struct.error on odd or cut headers
            raise ImageRefused(f"JPEG variant cannot be embedded ({exc or type(exc).__name__})") from exc
    if not info or info[0] <= 0 or info[1] <= 0:
        raise ImageRefused("broken JPEG (no frame header)")
