"""The proxy dialog's duplex options: backs on reverse pages, the card back, the printer profile and its alignment."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from deckbuilder.export.alignment import CORNERS, corrected_profile, write_alignment_pdf
from deckbuilder.export.duplex import (
    BACK_FILE,
    BACK_PLAIN,
    BACK_PLUGIN,
    DUPLEX_LONG,
    DUPLEX_NONE,
    DUPLEX_SHORT,
)
from deckbuilder.export.printers import NO_CORRECTION, PrinterProfile, edit_profile, load_profiles
from deckbuilder.ui.export_settings import setting_text
from deckbuilder.ui.translation import QT_TRANSLATE_NOOP, fill

KEY_DUPLEX = "export/duplex"
KEY_BACK = "export/back"
KEY_BACK_FILE = "export/backFile"
KEY_PRINTER = "export/printer"
DUPLEX_CHOICES = (
    (QT_TRANSLATE_NOOP("DuplexOptions", "One-sided"), DUPLEX_NONE),
    (QT_TRANSLATE_NOOP("DuplexOptions", "Both sides, flip on long edge"), DUPLEX_LONG),
    (QT_TRANSLATE_NOOP("DuplexOptions", "Both sides, flip on short edge"), DUPLEX_SHORT),
)
BACK_CHOICES = (
    (QT_TRANSLATE_NOOP("DuplexOptions", "The plugin's card back"), BACK_PLUGIN),
    (QT_TRANSLATE_NOOP("DuplexOptions", "A plain back"), BACK_PLAIN),
    (QT_TRANSLATE_NOOP("DuplexOptions", "An image file…"), BACK_FILE),
)


def _number(text: str) -> float | None:
    """A reading typed with a point or a comma; None when left empty; ValueError for anything else."""
    cleaned = text.strip().replace(",", ".").replace("−", "-")
    return float(cleaned) if cleaned else None


class MeasureDialog(QDialog):
    """The readings of an alignment sheet (A to D, millimetres right and up) and the profile's name."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Printer alignment readings"))
        self.name_edit = QLineEdit(name)
        self.name_edit.setObjectName("printerName")
        form = QFormLayout()
        form.addRow(self.tr("Printer profile"), self.name_edit)
        self.edits: dict[str, tuple[QLineEdit, QLineEdit]] = {}
        for corner in CORNERS:
            right, up = QLineEdit(), QLineEdit()
            right.setPlaceholderText(self.tr("mm right"))
            up.setPlaceholderText(self.tr("mm up"))
            row = QHBoxLayout()
            row.addWidget(right)
            row.addWidget(up)
            form.addRow(corner, row)
            self.edits[corner] = (right, up)
        hint = QLabel(
            self.tr(
                "Hold the printed sheet against a light, back page towards you, and read on each ruler where the "
                "front's red cross shows through. Leave a corner empty if you did not read it."
            )
        )
        hint.setWordWrap(True)
        self.error_label = QLabel()
        self.error_label.setStyleSheet("color: #b00020;")
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(hint)
        layout.addLayout(form)
        layout.addWidget(self.error_label)
        layout.addWidget(buttons)

    def readings(self) -> dict[str, tuple[float, float]]:
        """The corners read; ValueError naming a corner whose numbers are not numbers."""
        found: dict[str, tuple[float, float]] = {}
        for corner, (right, up) in self.edits.items():
            try:
                x, y = _number(right.text()), _number(up.text())
            except ValueError:
                raise ValueError(fill(self.tr("%1: type millimetres, such as 1.5 or -0.5"), corner)) from None
            if x is not None or y is not None:
                found[corner] = (x or 0.0, y or 0.0)
        return found


class DuplexOptions(QGroupBox):
    """Duplex, card back and printer profile, remembered between exports; `changed` when any of them changes."""

    changed = Signal()

    def __init__(self, settings: QSettings, paper: Callable[[], str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("Card backs (duplex)"))
        self.settings = settings
        self.paper = paper  # the paper chosen in the dialog, for the alignment sheet and its readings
        self.duplex_combo = QComboBox()
        self.duplex_combo.setObjectName("duplexMode")
        for label, value in DUPLEX_CHOICES:
            self.duplex_combo.addItem(self.tr(label), value)
        self.back_combo = QComboBox()
        self.back_combo.setObjectName("duplexBack")
        for label, value in BACK_CHOICES:
            self.back_combo.addItem(self.tr(label), value)
        self.back_edit = QLineEdit(setting_text(settings, KEY_BACK_FILE))
        self.back_edit.setObjectName("duplexBackFile")
        self.back_edit.setPlaceholderText(self.tr("JPEG or PNG image of a card back"))
        choose = QPushButton(self.tr("Choose…"))
        choose.clicked.connect(self.choose_back_file)
        self.printer_combo = QComboBox()
        self.printer_combo.setObjectName("printerProfile")
        sheet = QPushButton(self.tr("Alignment sheet…"))
        sheet.clicked.connect(lambda: self.write_alignment_sheet())
        measure = QPushButton(self.tr("Type readings…"))
        measure.clicked.connect(lambda: self.measure())
        self.note = QLabel()
        self.note.setObjectName("duplexNote")
        self.note.setWordWrap(True)

        back_row = QHBoxLayout()
        back_row.addWidget(self.back_edit, 1)
        back_row.addWidget(choose)
        printer_row = QHBoxLayout()
        printer_row.addWidget(self.printer_combo, 1)
        printer_row.addWidget(sheet)
        printer_row.addWidget(measure)
        form = QFormLayout(self)
        form.addRow(self.tr("Print"), self.duplex_combo)
        form.addRow(self.tr("Card back"), self.back_combo)
        form.addRow("", back_row)
        form.addRow(self.tr("Printer"), printer_row)
        form.addRow(self.note)
        self._back_row = (self.back_edit, choose)

        self._select(self.duplex_combo, setting_text(settings, KEY_DUPLEX, DUPLEX_NONE))
        self._select(self.back_combo, setting_text(settings, KEY_BACK, BACK_PLUGIN))
        self.fill_printers(setting_text(settings, KEY_PRINTER))
        self._update_enabled()
        for combo in (self.duplex_combo, self.back_combo, self.printer_combo):
            combo.currentIndexChanged.connect(self._changed)
        self.back_edit.textChanged.connect(self._changed)

    @staticmethod
    def _select(combo: QComboBox, value: str) -> None:
        combo.setCurrentIndex(max(0, combo.findData(value)))

    def _changed(self) -> None:
        self._update_enabled()
        self.changed.emit()

    def _update_enabled(self) -> None:
        duplex = self.duplex_combo.currentData() != DUPLEX_NONE
        self.back_combo.setEnabled(duplex)
        self.printer_combo.setEnabled(duplex)
        for widget in self._back_row:
            widget.setEnabled(duplex and self.back_combo.currentData() == BACK_FILE)

    def fill_printers(self, chosen: str = "") -> None:
        """The saved profiles (and "no correction"), with `chosen` selected when it is saved."""
        store = load_profiles()
        self.printer_combo.blockSignals(True)
        self.printer_combo.clear()
        self.printer_combo.addItem(self.tr("No correction"), "")
        for name in sorted(store.profiles, key=str.casefold):
            self.printer_combo.addItem(name, name)
            self.printer_combo.setItemData(
                self.printer_combo.count() - 1, store.profiles[name].describe(), Qt.ItemDataRole.ToolTipRole
            )
        self._select(self.printer_combo, chosen)
        self.printer_combo.blockSignals(False)
        self.note.setText("\n".join(store.problems))

    def profile(self) -> PrinterProfile:
        """The chosen printer profile (no correction when none is chosen or it was removed meanwhile)."""
        name = str(self.printer_combo.currentData() or "")
        if not name:
            return NO_CORRECTION
        try:
            return load_profiles().get(name)
        except ValueError:
            return NO_CORRECTION

    def fields(self) -> dict[str, Any]:
        """The ProxyOptions fields; ValueError when an image file is to be the back but none is given."""
        duplex = str(self.duplex_combo.currentData())
        if duplex == DUPLEX_NONE:
            return {}
        back = str(self.back_combo.currentData())
        if back == BACK_FILE and not self.back_edit.text().strip():
            raise ValueError(self.tr("Choose the image file for the card backs."))
        return {
            "duplex": duplex,
            "back": back,
            "back_file": self.back_edit.text().strip(),
            "printer": self.profile(),
        }

    def save_settings(self) -> None:
        """Remember the choices for the next export."""
        self.settings.setValue(KEY_DUPLEX, self.duplex_combo.currentData())
        self.settings.setValue(KEY_BACK, self.back_combo.currentData())
        self.settings.setValue(KEY_BACK_FILE, self.back_edit.text().strip())
        self.settings.setValue(KEY_PRINTER, self.printer_combo.currentData() or "")

    def choose_back_file(self) -> None:
        """Pick the card back image."""
        chosen, _ = QFileDialog.getOpenFileName(
            self, self.tr("Card back image"), self.back_edit.text(), self.tr("Images (*.jpg *.jpeg *.png)")
        )
        if chosen:
            self.back_edit.setText(chosen)

    def write_alignment_sheet(self, path: Path | None = None) -> bool:
        """Write the alignment sheet for the chosen flip, paper and printer profile."""
        if path is None:
            chosen, _ = QFileDialog.getSaveFileName(
                self, self.tr("Save the alignment sheet"), "alignment.pdf", self.tr("PDF files (*.pdf)")
            )
            if not chosen:
                return False
            path = Path(chosen)
        duplex = str(self.duplex_combo.currentData())
        try:
            write_alignment_pdf(
                path, self.paper(), DUPLEX_LONG if duplex == DUPLEX_NONE else duplex, self.profile()
            )
        except (ValueError, OSError) as exc:
            self.note.setText(str(exc))
            return False
        self.note.setText(
            fill(self.tr("Wrote %1: print it on both sides, then type its readings."), path.name)
        )
        return True

    def apply_readings(self, name: str, readings: dict[str, tuple[float, float]]) -> PrinterProfile | None:
        """Correct (or create) a profile by an alignment sheet's readings, save it and choose it."""
        paper = self.paper()
        try:
            # The saved profile is read and corrected under the profiles file's lock: a change made meanwhile by
            # another window or `ragedeck printer` is kept.
            done = edit_profile(
                name,
                lambda current: corrected_profile(current or PrinterProfile(name.strip()), readings, paper),
            )
        except (ValueError, OSError) as exc:
            self.note.setText(str(exc))
            return None
        saved = done.profile
        assert saved is not None
        self.fill_printers(saved.name)
        said = fill(self.tr("Saved %1"), saved.describe())
        self.note.setText(f"{said}\n{done.note}" if done.note else said)  # a damaged file kept aside is said
        self._changed()
        return saved

    def measure(self) -> None:
        """Ask for the readings, then save them into the chosen (or a new) profile."""
        current = str(self.printer_combo.currentData() or "") or self.tr("My printer")
        dialog = MeasureDialog(current, self)
        while dialog.exec() == QDialog.DialogCode.Accepted:
            try:
                readings = dialog.readings()
            except ValueError as exc:
                dialog.error_label.setText(str(exc))
                continue
            if self.apply_readings(dialog.name_edit.text(), readings) is not None:
                return
            dialog.error_label.setText(self.note.text())


def duplex_fields_from_settings(settings: QSettings) -> dict[str, Any]:
    """The duplex choices last made in the dialog, as ProxyOptions fields (for exports that skip it)."""
    duplex = setting_text(settings, KEY_DUPLEX, DUPLEX_NONE)
    back = setting_text(settings, KEY_BACK, BACK_PLUGIN)
    if duplex not in (DUPLEX_LONG, DUPLEX_SHORT) or back not in (BACK_PLUGIN, BACK_PLAIN, BACK_FILE):
        return {}
    printer = NO_CORRECTION
    name = setting_text(settings, KEY_PRINTER)
    if name:
        try:
            printer = load_profiles().get(name)
        except ValueError:
            printer = NO_CORRECTION
    return {
        "duplex": duplex,
        "back": back,
        "back_file": setting_text(settings, KEY_BACK_FILE),
        "printer": printer,
    }
