"""Check a card image before embedding it: the checker lives in carddb.images, shared with the importer."""

from __future__ import annotations

from carddb.images import MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, CheckedImage, ImageRefused, check_image

__all__ = ["MAX_IMAGE_BYTES", "MAX_IMAGE_PIXELS", "CheckedImage", "ImageRefused", "check_image"]
