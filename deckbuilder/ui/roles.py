"""Qt's item roles as plain ints, read once for the models and views that ask them per painted cell.

Every `Qt.ItemDataRole.X` written out is two attribute look-ups through shiboken's enum machinery (~2,000
instructions), and a table asks seven roles of each cell it paints.
"""

from __future__ import annotations

from PySide6.QtCore import Qt

DISPLAY = int(Qt.ItemDataRole.DisplayRole)
EDIT = int(Qt.ItemDataRole.EditRole)
DECORATION = int(Qt.ItemDataRole.DecorationRole)
TOOLTIP = int(Qt.ItemDataRole.ToolTipRole)
FONT = int(Qt.ItemDataRole.FontRole)
ALIGNMENT = int(Qt.ItemDataRole.TextAlignmentRole)
BACKGROUND = int(Qt.ItemDataRole.BackgroundRole)
FOREGROUND = int(Qt.ItemDataRole.ForegroundRole)
ACCESSIBLE_TEXT = int(Qt.ItemDataRole.AccessibleTextRole)
