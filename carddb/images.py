"""Check a card image without decoding its pixels: format, size and integrity, read from the header only.

Qt-free, shared by the importer (refuses broken images as they arrive) and the PDF exports.
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Protocol

from carddb.messages import declare, message
from carddb.safeio import UnsafeFileError, open_regular

declare(
    {
        "IMAGE_TOO_MANY_BYTES": "file is too large ({size} MB, limit 20 MB)",
        "IMAGE_UNREADABLE": "cannot read the file ({error})",
        "IMAGE_EMPTY": "file is empty",
        "IMAGE_BOMB": "image dimensions are too large (decompression bomb: {error})",
        "IMAGE_NOT_AN_IMAGE": "not a readable JPEG or PNG image",
        "IMAGE_BROKEN": "broken image ({error})",
        "IMAGE_FORMAT": "unsupported image format {found} (only JPEG and PNG are printed)",
        "IMAGE_NO_PIXELS": "image has no pixels",
        "IMAGE_TOO_MANY_PIXELS": "image is too large ({width}×{height} pixels, limit 50 megapixels)",
        "IMAGE_JPEG_NO_START": "broken JPEG (no start-of-image marker)",
        "IMAGE_JPEG_TRUNCATED": "truncated JPEG (no end-of-image marker)",
        "IMAGE_JPEG_VARIANT": "JPEG variant cannot be embedded ({error})",
        "IMAGE_JPEG_NO_FRAME": "broken JPEG (no frame header)",
    }
)

MAX_IMAGE_BYTES = 20 * 1024 * 1024
MAX_IMAGE_PIXELS = 50_000_000
# How far before the end of a JPEG file the end-of-image marker may sit (some writers pad the file).
_JPEG_TAIL_SLACK = 4096


class ImageRefused(Exception):
    """The image cannot be used safely; the message says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason  # a carddb Message: str(exc) would drop its id and parameters


@dataclass(frozen=True, slots=True)
class CheckedImage:
    """An image that passed the checks: its path, format ("JPEG" or "PNG") and size in pixels."""

    path: Path
    format: str
    width: int
    height: int


class ImageSource(Protocol):
    """Where a card's image paths are found: the card database's folder, or another game's own folder."""

    @property
    def folder(self) -> Path: ...

    def image_path(self, relative: str) -> Path | None: ...


@dataclass(frozen=True, slots=True)
class ImageFolder:
    """Where card images named relative to one folder are found (a game's folder): never a file outside it."""

    folder: Path

    def image_path(self, relative: str) -> Path | None:
        """Absolute path of an image in the folder, or None if it is missing or would escape the folder."""
        return image_in_folder(self.folder, relative)


def image_in_folder(folder: Path, relative: str) -> Path | None:
    """`relative` inside `folder` as an existing file, or None (missing, or a link or `..` leading out of it)."""
    if not relative:
        return None
    try:
        root = folder.resolve()
        candidate = (root / relative).resolve()
    except (OSError, RuntimeError, ValueError):  # a link loop, a NUL in the name
        return None
    if not candidate.is_relative_to(root) or not candidate.is_file():
        return None
    return candidate


def check_image(path: Path) -> CheckedImage:
    """Validate an image file; raise ImageRefused with a reason when it is unsafe."""
    try:
        size = path.stat().st_size
        if size > MAX_IMAGE_BYTES:
            raise ImageRefused(message("IMAGE_TOO_MANY_BYTES", size=f"{size / 1024 / 1024:.1f}"))
        with open_regular(path, MAX_IMAGE_BYTES) as handle:  # a FIFO in its place is refused, never waited on
            fmt, width, height = _check_stream(handle, size)
    except UnsafeFileError as exc:
        raise ImageRefused(message("IMAGE_UNREADABLE", error=exc.reason)) from exc
    except OSError as exc:
        raise ImageRefused(message("IMAGE_UNREADABLE", error=str(exc.strerror or exc))) from exc
    return CheckedImage(path=path, format=fmt, width=width, height=height)


def check_image_data(data: bytes, path: Path) -> CheckedImage:
    """Validate an image already read into memory (the importer reads each image once)."""
    if len(data) > MAX_IMAGE_BYTES:
        raise ImageRefused(message("IMAGE_TOO_MANY_BYTES", size=f"{len(data) / 1024 / 1024:.1f}"))
    fmt, width, height = _check_stream(io.BytesIO(data), len(data))
    return CheckedImage(path=path, format=fmt, width=width, height=height)


def _check_stream(handle: BinaryIO, size: int) -> tuple[str, int, int]:
    """Format and pixel size of the image in `handle` (`size` bytes long), or ImageRefused."""
    from PIL import Image, UnidentifiedImageError  # only when an image is checked: keeps start-up cheap

    if size == 0:
        raise ImageRefused(message("IMAGE_EMPTY"))
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
        raise ImageRefused(message("IMAGE_BOMB", error=str(exc))) from exc
    except UnidentifiedImageError as exc:
        raise ImageRefused(message("IMAGE_NOT_AN_IMAGE")) from exc
    except (OSError, SyntaxError, ValueError, EOFError) as exc:
        raise ImageRefused(message("IMAGE_BROKEN", error=str(exc))) from exc
    if fmt not in ("JPEG", "PNG"):
        raise ImageRefused(message("IMAGE_FORMAT", found=fmt or "unknown"))
    if width <= 0 or height <= 0:
        raise ImageRefused(message("IMAGE_NO_PIXELS"))
    if width * height > MAX_IMAGE_PIXELS:
        raise ImageRefused(message("IMAGE_TOO_MANY_PIXELS", width=width, height=height))
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
        raise ImageRefused(message("IMAGE_JPEG_NO_START"))
    if b"\xff\xd9" not in tail:
        raise ImageRefused(message("IMAGE_JPEG_TRUNCATED"))
    handle.seek(0)
    try:
        info = readJPEGInfo(handle)
    except Exception as exc:  # reportlab raises PDFError or struct.error on odd or cut headers
        raise ImageRefused(message("IMAGE_JPEG_VARIANT", error=str(exc) or type(exc).__name__)) from exc
    if not info or info[0] <= 0 or info[1] <= 0:
        raise ImageRefused(message("IMAGE_JPEG_NO_FRAME"))
