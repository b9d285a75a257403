"""The window's File → Export menu is the export registry's entries that have a menu label, in its order."""

from __future__ import annotations

from PySide6.QtWidgets import QMenu

from deckbuilder.export import EXPORTS


def test_the_export_menu_lists_the_registered_exports(window) -> None:  # type: ignore[no-untyped-def]
    file_menu = window.menuBar().actions()[0].menu()
    export = next(a.menu() for a in file_menu.actions() if a.text() == "&Export")
    assert isinstance(export, QMenu)
    shown = [a.objectName() for a in export.actions() if a.text()]
    wanted = [f"actionExport{e.name.capitalize()}" for e in EXPORTS if e.menu_label is not None]
    assert shown == wanted and len(wanted) == 4
