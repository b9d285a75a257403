"""Card images are checked from their headers before they are embedded."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from deckbuilder.export.images import ImageRefused, check_image
from tests.deckbuilder.export.helpers import jpeg_bytes, jpeg_claiming, png_bytes, png_claiming


def _write(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def test_small_jpeg_and_png_pass_with_their_size(tmp_path: Path) -> None:
    jpeg = check_image(_write(tmp_path, "a.jpg", jpeg_bytes((40, 56))))
    png = check_image(_write(tmp_path, "b.png", png_bytes((30, 42))))
    assert (jpeg.format, jpeg.width, jpeg.height) == ("JPEG", 40, 56)
    assert (png.format, png.width, png.height) == ("PNG", 30, 42)


@pytest.mark.parametrize(
    ("name", "data", "reason"),
    [
        ("bomb.jpg", jpeg_claiming(60000, 60000), "decompression bomb"),
        ("bomb.png", png_claiming(60000, 60000), "decompression bomb"),
        # Below Pillow's own limits but above ours.
        ("big.jpg", jpeg_claiming(8000, 8000), "too large"),
        ("big.png", png_claiming(8000, 8000), "too large"),
        ("cut.jpg", jpeg_bytes((200, 280))[:400], "truncated|broken"),
        ("text.jpg", b"this is not an image at all\n" * 10, "not a readable"),
        ("empty.jpg", b"", "empty"),
    ],
)
def test_hostile_or_broken_images_are_refused_with_a_reason(
    tmp_path: Path, name: str, data: bytes, reason: str
) -> None:
    with pytest.raises(ImageRefused, match=reason):
        check_image(_write(tmp_path, name, data))


def test_formats_other_than_jpeg_and_png_are_refused(tmp_path: Path) -> None:
    buffer = io.BytesIO()
    Image.new("RGB", (20, 20), (1, 2, 3)).save(buffer, "GIF")
    with pytest.raises(ImageRefused, match="unsupported image format GIF"):
        check_image(_write(tmp_path, "card.gif", buffer.getvalue()))


def test_files_over_20_mb_are_refused_without_reading_them(tmp_path: Path) -> None:
    path = _write(tmp_path, "huge.jpg", jpeg_bytes())
    with path.open("r+b") as handle:
        handle.truncate(21 * 1024 * 1024)  # sparse: cheap to make
    with pytest.raises(ImageRefused, match="20 MB"):
        check_image(path)


def test_png_with_a_corrupted_chunk_is_refused(tmp_path: Path) -> None:
    data = bytearray(png_bytes((50, 50)))
    idat = data.find(b"IDAT")
    data[idat + 8] ^= 0xFF  # breaks the chunk checksum
    with pytest.raises(ImageRefused, match="broken"):
        check_image(_write(tmp_path, "bad.png", bytes(data)))
