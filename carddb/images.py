"""Check a card image without decoding its pixels: format, size and integrity, read from the header only.

Qt-free, shared by the importer (refuses broken images as they arrive) and the PDF exports.
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

MAX_IMAGE_BYTES = 20 * 1024 * 1024
MAX_IMAGE_PIXELS = 50_000_000
# How far before the end of a JPEG file the end-of-image marker may sit (some writers pad the file).
_JPEG_TAIL_SLACK = 4096


class ImageRefused(Exception):
    """The image cannot be used safely; the message says why."""


@dataclass(frozen=True, slots=True)
class CheckedImage:
    """An image that passed the checks: its path, format ("JPEG" or "PNG") and size in pixels."""

    path: Path
    format: str
    width: int
    height: int


def check_image(path: Path) -> CheckedImage:
    """Validate an image file; raise ImageRefused with a reason when it is unsafe."""
    try:
        size = path.stat().st_size
        if size > MAX_IMAGE_BYTES:
            raise ImageRefused(f"file is too large ({size / 1024 / 1024:.1f} MB, limit 20 MB)")
        with path.open("rb") as handle:
            fmt, width, height = _check_stream(handle, size)
    except OSError as exc:
        raise ImageRefused(f"cannot read the file ({exc.strerror or exc})") from exc
    return CheckedImage(path=path, format=fmt, width=width, height=height)


def check_image_data(data: bytes, path: Path) -> CheckedImage:
    """Validate an image already read into memory (the importer reads each image once)."""
    if len(data) > MAX_IMAGE_BYTES:
        raise ImageRefused(f"file is too large ({len(data) / 1024 / 1024:.1f} MB, limit 20 MB)")
    fmt, width, height = _check_stream(io.BytesIO(data), len(data))
    return CheckedImage(path=path, format=fmt, width=width, height=height)


def _check_stream(handle: BinaryIO, size: int) -> tuple[str, int, int]:
    """Format and pixel size of the image in `handle` (`size` bytes long), or ImageRefused."""
    from PIL import Image, UnidentifiedImageError  # only when an image is checked: keeps start-up cheap

    if size == 0:
        raise ImageRefused("file is empty")
    try:
        with warnings.catch_warnings():
            # Pillow only warns between its two bomb limits; treat the warning as a refusal too.
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(handle) as img:
                fmt = str(img.format or "")
                width, height = img.size
                if fmt == "PNG" and width * height <= MAX_IMAGE_PIXELS:
                    # verify() walks the PNG chunks and their checksums without inflating the pixels.
                    img.verify()
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        raise ImageRefused(f"image dimensions are too large (decompression bomb: {exc})") from exc
    except UnidentifiedImageError as exc:
        raise ImageRefused("not a readable JPEG or PNG image") from exc
    except (OSError, SyntaxError, ValueError, EOFError) as exc:
        raise ImageRefused(f"broken image ({exc})") from exc
    if fmt not in ("JPEG", "PNG"):
        raise ImageRefused(f"unsupported image format {fmt or 'unknown'} (only JPEG and PNG are printed)")
    if width <= 0 or height <= 0:
        raise ImageRefused("image has no pixels")
    if width * height > MAX_IMAGE_PIXELS:
        raise ImageRefused(f"image is too large ({width}×{height} pixels, limit 50 megapixels)")
    if fmt == "JPEG":
        _check_jpeg_stream(handle, size)
    return fmt, width, height


def _check_jpeg_stream(handle: BinaryIO, size: int) -> None:
    """A JPEG must start with SOI, end with EOI and have a frame header the PDF writer understands."""
    from reportlab.pdfbase.pdfutils import readJPEGInfo

    handle.seek(0)
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
