"""The window's docks: a QDockWidget that does not draw its title bar again for a repaint of its contents."""

from __future__ import annotations

from PySide6.QtGui import QPaintEvent
from PySide6.QtWidgets import QDockWidget


class Dock(QDockWidget):
    """A dock whose contents repaint without it.

    A label in a dock is drawn over the dock, so every new verdict asked the dock to paint that area too; the dock
    then lays out and draws its whole title bar (the style looks up the close and float buttons' icons each time),
    to have all of it clipped away. A dock draws nothing inside its contents, so that paint is skipped.
    """

    def paintEvent(self, event: QPaintEvent) -> None:
        contents = self.widget()
        if contents is not None and contents.geometry().contains(event.region().boundingRect()):
            return
        super().paintEvent(event)
