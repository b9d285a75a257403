"""Export options for the PDF decklist and proxy sheets, beside a live preview of the first page as it prints."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QSettings, Qt, QTimer
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from carddb.cardtypes import Section
from carddb.db import CardDatabase
from deckbuilder.collection import owned_for
from deckbuilder.deck import Deck
from deckbuilder.export.decklist import DecklistOptions
from deckbuilder.export.paper import parse_paper
from deckbuilder.export.preview import PagePreview, preview_decklist, preview_proxies
from deckbuilder.export.proxies import CUT_MARK_STYLES, ExportCancelled, ProxyOptions, sheet_layout
from deckbuilder.legality.results import Report
from deckbuilder.ui.duplex_options import DuplexOptions, duplex_fields_from_settings
from deckbuilder.ui.export_settings import (
    KEY_BLEED,
    KEY_BOTH_SIDES,
    KEY_CUT_MARKS,
    KEY_EVENT,
    KEY_EVENT_DATE,
    KEY_GAP,
    KEY_PAGE_NUMBERS,
    KEY_PAPER,
    KEY_PLAYER,
    paper_combo,
    paper_value,
    pil_to_pixmap,
    setting_bool,
    setting_float,
    setting_text,
)
from deckbuilder.ui.export_settings import translated_label as _label
from deckbuilder.ui.settings import KEY_MISSING_ONLY, MISSING_ONLY_LABEL
from deckbuilder.ui.translation import QT_TRANSLATE_NOOP, fill, ngettext
from deckbuilder.ui.workers import CancelFn, NewestJob, ProgressFn

# The preview waits this long after the last change, so typing "230x300mm" renders once, not per key.
PREVIEW_DELAY_MS = 200
PREVIEW_BOX = (420, 560)
# Labels are marked for translation here and translated where shown (context "export_dialog").
CUT_MARK_CHOICES = (
    (QT_TRANSLATE_NOOP("export_dialog", "None"), "none"),
    (QT_TRANSLATE_NOOP("export_dialog", "Corner marks"), "corners"),
    (QT_TRANSLATE_NOOP("export_dialog", "Full-length lines"), "lines"),
)
SECTION_CHOICES: tuple[tuple[str, Section | None], ...] = (
    (QT_TRANSLATE_NOOP("export_dialog", "Whole deck"), None),
    (QT_TRANSLATE_NOOP("export_dialog", "Characters"), Section.CHARACTERS),
    (QT_TRANSLATE_NOOP("export_dialog", "Sept deck"), Section.SEPT),
    (QT_TRANSLATE_NOOP("export_dialog", "Combat deck"), Section.COMBAT),
)


class ExportPreviewDialog(QDialog):
    """Options on the left, the first page on the right; Export is enabled only when the options work."""

    def __init__(
        self, title: str, deck: Deck, db: CardDatabase, settings: QSettings, parent: QWidget | None = None
    ):
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setObjectName("exportDialog")
        self.deck = deck.copy()  # the preview threads must never see the live deck change under them
        self.db = db
        self.db_path = db.path
        self.settings = settings
        self.preview: PagePreview | None = None
        self.preview_error: str | None = None
        # Rendering a page with images is slow: a preview the options have since changed is cancelled. A child of
        # the dialog, so a page arriving after the dialog is destroyed is never drawn into its deleted widgets.
        self.preview_jobs = NewestJob(
            self._preview_arrived,
            self._preview_failed,
            self,
            cancel_stale=True,
            cancel_exceptions=(ExportCancelled,),
        )
        self._closed = False

        self.form = QFormLayout()
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.status_label = QLabel()
        self.status_label.setObjectName("exportStatus")
        self.status_label.setWordWrap(True)
        # Notes (images that print as text proxies, refused images) can run to dozens of lines: keep them in a
        # small scrolling box so that they never push the options off the dialog.
        self.messages_box = QPlainTextEdit()
        self.messages_box.setObjectName("exportMessages")
        self.messages_box.setReadOnly(True)
        self.messages_box.setMaximumHeight(96)
        self.messages_box.setVisible(False)
        self.preview_label = QLabel(
            QCoreApplication.translate("ExportPreviewDialog", "Preparing the preview…")
        )
        self.preview_label.setObjectName("exportPreview")
        self.preview_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.preview_label.setFixedSize(*PREVIEW_BOX)
        self.preview_label.setFrameShape(QFrame.Shape.StyledPanel)
        self.preview_label.setStyleSheet("QLabel#exportPreview { background: #8a8a8a; color: white; }")

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.export_button = self.buttons.addButton(
            QCoreApplication.translate("ExportPreviewDialog", "Export…"),
            QDialogButtonBox.ButtonRole.AcceptRole,
        )
        self.export_button.setObjectName("exportButton")
        self.export_button.setDefault(True)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        left = QVBoxLayout()
        left.addLayout(self.form)
        self.extra = QVBoxLayout()
        left.addLayout(self.extra, 1)
        left.addWidget(self.status_label)
        left.addWidget(self.messages_box)
        right = QVBoxLayout()
        self.preview_title = QLabel(
            QCoreApplication.translate("ExportPreviewDialog", "First page as it will print:")
        )
        right.addWidget(self.preview_title)
        right.addWidget(self.preview_label)
        right.addStretch(1)
        body = QHBoxLayout()
        body.addLayout(left, 1)
        body.addLayout(right)
        outer = QVBoxLayout(self)
        outer.addLayout(body, 1)
        outer.addWidget(self.buttons)
        self.setMinimumWidth(860)

        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(PREVIEW_DELAY_MS)
        self._timer.timeout.connect(self.refresh_preview)

    # -- to be filled in by each export --------------------------------------------------------

    def options(self) -> Any:
        """The options as chosen; ValueError (shown to the player) when they cannot work."""
        raise NotImplementedError

    @staticmethod
    def render_preview(deck: Deck, db: CardDatabase, options: Any, cancel: CancelFn) -> PagePreview:
        """The first page for these options (runs on a worker thread: no widgets, no dialog state)."""
        raise NotImplementedError

    def preview_job(self, options: Any) -> Callable[[ProgressFn, CancelFn], PagePreview]:
        """The worker's job: render the first page with a database handle of the worker thread's own."""
        deck, db_path, render = self.deck, self.db_path, self.render_preview

        def job(progress: ProgressFn, cancel: CancelFn) -> PagePreview:
            with CardDatabase(db_path) as db:
                return render(deck, db, options, cancel)

        return job

    def describe(self, preview: PagePreview) -> str:
        """One line about the whole export under the options (pages, cards)."""
        return fill(ngettext("%1 page", "%1 pages", preview.pages), preview.pages)

    def save_settings(self) -> None:
        """Remember the choices that carry over to the next export."""

    # -- shared behaviour ----------------------------------------------------------------------

    def schedule_preview(self) -> None:
        """Re-check the options now and render the preview shortly (after the player stops typing)."""
        self.preview_jobs.drop()  # earlier previews are stale from now on
        try:
            self.options()
        except ValueError as exc:
            self._show_error(str(exc))
            self._timer.stop()
            return
        self.preview_error = None
        self.export_button.setEnabled(True)
        self.status_label.setText(QCoreApplication.translate("ExportPreviewDialog", "Updating the preview…"))
        self.status_label.setStyleSheet("")
        self._timer.start()

    def refresh_preview(self) -> None:
        """Render the first page for the current options on a worker thread."""
        try:
            options = self.options()
        except ValueError as exc:
            self._show_error(str(exc))
            return
        self.preview_jobs.run(self.preview_job(options))

    def _preview_arrived(self, preview: PagePreview) -> None:
        if not self._closed:
            self._show_preview(preview)

    def _preview_failed(self, message: str) -> None:
        if not self._closed:
            self._show_error(message)

    def preview_stopped(self) -> bool:
        """True once no preview worker runs and its last result has been handled (for tests)."""
        return not self.preview_jobs.busy

    def wait_for_preview(self, timeout_ms: int = 10000) -> bool:
        """Block until the current preview worker (if any) has stopped; for shutdown and tests."""
        return self.preview_jobs.wait(timeout_ms)

    def _show_preview(self, preview: PagePreview) -> None:
        self.preview = preview
        self.preview_error = None
        self.preview_label.setPixmap(pil_to_pixmap(preview.image))
        self.status_label.setText(self.describe(preview))
        self.status_label.setStyleSheet("")
        self.messages_box.setPlainText("\n".join(preview.messages))
        self.messages_box.setVisible(bool(preview.messages))
        if preview.messages:
            count = len(preview.messages)
            self.status_label.setText(
                fill(ngettext("%1 %2 note:", "%1 %2 notes:", count), str(self.describe(preview)), str(count))
            )
        self.export_button.setEnabled(True)

    def _show_error(self, message: str) -> None:
        self.preview = None
        self.preview_error = message
        self.preview_label.clear()
        self.preview_label.setText(QCoreApplication.translate("ExportPreviewDialog", "No preview"))
        self.status_label.setText(message)
        self.status_label.setStyleSheet("color: #b00020;")
        self.messages_box.clear()
        self.messages_box.setVisible(False)
        self.export_button.setEnabled(False)

    def accept(self) -> None:
        """Export only with options that work; remember them for next time."""
        try:
            self.options()
        except ValueError as exc:
            self._show_error(str(exc))
            return
        self.save_settings()
        super().accept()

    def done(self, result: int) -> None:
        """Stop the preview thread before the dialog goes away, so that no late result reaches dead widgets."""
        self._closed = True
        self._timer.stop()
        self.preview_jobs.drop()
        self.preview_jobs.wait(10000)
        super().done(result)


class ProxyExportDialog(ExportPreviewDialog):
    """Proxy sheet options: paper, gap, bleed, cut marks, which cards, both sides, page numbers."""

    def __init__(self, deck: Deck, db: CardDatabase, settings: QSettings, parent: QWidget | None = None):
        super().__init__(
            QCoreApplication.translate("ProxyExportDialog", "Export proxies"), deck, db, settings, parent
        )
        self.paper_combo = paper_combo(settings)
        self.gap_spin = self._mm_spin(setting_float(settings, KEY_GAP, 0.0, 0.0, 30.0), 30.0)
        self.bleed_spin = self._mm_spin(setting_float(settings, KEY_BLEED, 0.0, 0.0, 10.0), 10.0)
        self.cut_combo = QComboBox()
        for label, value in CUT_MARK_CHOICES:
            self.cut_combo.addItem(_label(label), value)
        self.cut_combo.setCurrentIndex(
            max(0, self.cut_combo.findData(setting_text(settings, KEY_CUT_MARKS, "none")))
        )
        self.section_combo = QComboBox()
        for label, section in SECTION_CHOICES:
            # Qt hands enum data back as a plain string, so store the value and convert in chosen_section().
            self.section_combo.addItem(_label(label), section.value if section else "")
        self.both_sides_check = QCheckBox(self.tr("Print both sides of two-sided Characters"))
        self.both_sides_check.setChecked(setting_bool(settings, KEY_BOTH_SIDES, True))
        self.page_numbers_check = QCheckBox(self.tr("Page numbers"))
        self.page_numbers_check.setChecked(setting_bool(settings, KEY_PAGE_NUMBERS, True))
        self.missing_only_check = QCheckBox(self.tr(MISSING_ONLY_LABEL))
        self.missing_only_check.setObjectName("proxyMissingOnly")
        self.missing_only_check.setChecked(setting_bool(settings, KEY_MISSING_ONLY, True))
        self.card_list = QListWidget()
        self.card_list.setObjectName("proxyCardList")
        self.card_list.setToolTip(self.tr("Untick the cards you own; only ticked cards are printed"))
        select_all = QPushButton(self.tr("Tick all"))
        select_none = QPushButton(self.tr("Untick all"))
        select_all.clicked.connect(lambda: self.set_all_ticked(True))
        select_none.clicked.connect(lambda: self.set_all_ticked(False))

        self.form.addRow(self.tr("Paper"), self.paper_combo)
        self.form.addRow(self.tr("Gap between cards"), self.gap_spin)
        self.form.addRow(self.tr("Bleed"), self.bleed_spin)
        self.form.addRow(self.tr("Cut marks"), self.cut_combo)
        self.form.addRow(self.tr("Print"), self.section_combo)
        self.extra.addWidget(self.card_list, 1)
        ticks = QHBoxLayout()
        ticks.addWidget(select_all)
        ticks.addWidget(select_none)
        ticks.addStretch(1)
        self.extra.addLayout(ticks)
        self.extra.addWidget(self.both_sides_check)
        self.extra.addWidget(self.page_numbers_check)
        self.extra.addWidget(self.missing_only_check)
        self.duplex_box = DuplexOptions(settings, lambda: paper_value(self.paper_combo))
        self.extra.addWidget(self.duplex_box)

        self._fill_card_list()
        self.paper_combo.currentTextChanged.connect(self.schedule_preview)
        self.gap_spin.valueChanged.connect(self.schedule_preview)
        self.bleed_spin.valueChanged.connect(self.schedule_preview)
        self.cut_combo.currentIndexChanged.connect(self.schedule_preview)
        self.section_combo.currentIndexChanged.connect(self._section_changed)
        self.both_sides_check.toggled.connect(self.schedule_preview)
        self.page_numbers_check.toggled.connect(self.schedule_preview)
        self.missing_only_check.toggled.connect(self.schedule_preview)
        self.card_list.itemChanged.connect(self.schedule_preview)
        self.duplex_box.changed.connect(self.schedule_preview)
        self.schedule_preview()

    @staticmethod
    def _mm_spin(value: float, maximum: float) -> QDoubleSpinBox:
        spin = QDoubleSpinBox()
        spin.setRange(0.0, maximum)
        spin.setDecimals(1)
        spin.setSingleStep(0.5)
        spin.setSuffix(QCoreApplication.translate("ProxyExportDialog", " mm"))
        spin.setValue(value)
        return spin

    def _fill_card_list(self) -> None:
        """One ticked row per card name in the chosen section, with the number of copies."""
        section = self.chosen_section()
        counts: dict[str, tuple[str, int]] = {}
        for entry in (*self.deck.entries, *self.deck.starting):
            if section is not None and self.deck.section_of(entry, self.db) is not section:
                continue
            name, count = counts.get(entry.key, (entry.name, 0))
            counts[entry.key] = (name, count + entry.count)
        self.card_list.blockSignals(True)  # one preview for the new list, not one per row
        self.card_list.clear()
        for key, (name, count) in counts.items():
            item = QListWidgetItem(f"{count}× {name}")
            item.setData(Qt.ItemDataRole.UserRole, name)
            item.setData(Qt.ItemDataRole.UserRole + 1, key)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked)
            self.card_list.addItem(item)
        self.card_list.blockSignals(False)

    def _section_changed(self) -> None:
        self._fill_card_list()
        self.schedule_preview()

    def chosen_section(self) -> Section | None:
        """The section to print, or None for the whole deck."""
        value = self.section_combo.currentData()
        return Section(value) if value else None

    def set_all_ticked(self, ticked: bool) -> None:
        """Tick or untick every card in the list (one preview afterwards)."""
        state = Qt.CheckState.Checked if ticked else Qt.CheckState.Unchecked
        self.card_list.blockSignals(True)
        for row in range(self.card_list.count()):
            self.card_list.item(row).setCheckState(state)
        self.card_list.blockSignals(False)
        self.schedule_preview()

    def ticked_names(self) -> list[str]:
        """The names of the ticked cards, in list order."""
        items = (self.card_list.item(row) for row in range(self.card_list.count()))
        return [
            str(i.data(Qt.ItemDataRole.UserRole)) for i in items if i.checkState() == Qt.CheckState.Checked
        ]

    def options(self) -> ProxyOptions:
        """The chosen proxy options; ValueError when they do not fit the paper or no card is ticked."""
        if self.card_list.count() == 0:
            if self.chosen_section() is None:
                raise ValueError(self.tr("The deck is empty: there is nothing to print."))
            raise ValueError(
                fill(self.tr("The deck has no cards in its %1."), self.section_combo.currentText().lower())
            )
        ticked = self.ticked_names()
        if not ticked:
            raise ValueError(self.tr("No card is ticked: tick the cards to print."))
        options = ProxyOptions(
            paper=paper_value(self.paper_combo),
            gap_mm=self.gap_spin.value(),
            bleed_mm=self.bleed_spin.value(),
            cut_marks=str(self.cut_combo.currentData()),
            section=self.chosen_section(),
            names=None if len(ticked) == self.card_list.count() else ticked,
            both_sides=self.both_sides_check.isChecked(),
            page_numbers=self.page_numbers_check.isChecked(),
            owned=owned_for(self.db, self.deck) if self.missing_only_check.isChecked() else None,
            **self.duplex_box.fields(),
        )
        sheet_layout(options)  # paper, gap and bleed that do not fit fail here, before any rendering
        return options

    @staticmethod
    def render_preview(deck: Deck, db: CardDatabase, options: Any, cancel: CancelFn) -> PagePreview:
        """The first sheet (stops early when the options change again)."""
        return preview_proxies(deck, db, options, PREVIEW_BOX, cancel=cancel)

    def describe(self, preview: PagePreview) -> str:
        """Pages of the whole export (and what the preview shows: one page, or a duplex sheet's two sides)."""
        duplex = self.duplex_box.duplex_combo.currentData() != "none"
        self.preview_title.setText(
            self.tr("First sheet as it will print, front and back:")
            if duplex
            else QCoreApplication.translate("ExportPreviewDialog", "First page as it will print:")
        )
        return fill(
            ngettext(
                "%1 page of proxies (9 cards a page).", "%1 pages of proxies (9 cards a page).", preview.pages
            ),
            preview.pages,
        )

    def save_settings(self) -> None:
        """Remember paper, gap, bleed, cut marks and the two switches; the card choice is per deck."""
        self.settings.setValue(KEY_PAPER, paper_value(self.paper_combo))
        self.settings.setValue(KEY_GAP, self.gap_spin.value())
        self.settings.setValue(KEY_BLEED, self.bleed_spin.value())
        self.settings.setValue(KEY_CUT_MARKS, self.cut_combo.currentData())
        self.settings.setValue(KEY_BOTH_SIDES, self.both_sides_check.isChecked())
        self.settings.setValue(KEY_PAGE_NUMBERS, self.page_numbers_check.isChecked())
        self.settings.setValue(KEY_MISSING_ONLY, self.missing_only_check.isChecked())
        self.duplex_box.save_settings()


class DecklistExportDialog(ExportPreviewDialog):
    """Decklist options: paper, player, event and event date (remembered for the next export)."""

    def __init__(
        self,
        deck: Deck,
        db: CardDatabase,
        settings: QSettings,
        report: Report | None = None,
        parent: QWidget | None = None,
    ):
        super().__init__(
            QCoreApplication.translate("DecklistExportDialog", "Export decklist"), deck, db, settings, parent
        )
        self.report = report
        self.paper_combo = paper_combo(settings)
        self.player_edit = QLineEdit(setting_text(settings, KEY_PLAYER))
        self.player_edit.setObjectName("playerName")
        self.player_edit.setPlaceholderText(self.tr("Your name, as registered"))
        self.event_edit = QLineEdit(setting_text(settings, KEY_EVENT))
        self.event_edit.setObjectName("eventName")
        self.event_date_edit = QLineEdit(setting_text(settings, KEY_EVENT_DATE))
        self.event_date_edit.setPlaceholderText(self.tr("left blank for the organiser"))
        self.form.addRow(self.tr("Paper"), self.paper_combo)
        self.form.addRow(self.tr("Player"), self.player_edit)
        self.form.addRow(self.tr("Event"), self.event_edit)
        self.form.addRow(self.tr("Event date"), self.event_date_edit)
        hint = QLabel(
            self.tr(
                "The sheet lists the deck by section with its legality verdict. Paper, player and event are "
                "remembered for your next decklist."
            )
        )
        hint.setWordWrap(True)
        self.extra.addWidget(hint)
        self.extra.addStretch(1)
        for edit in (self.player_edit, self.event_edit, self.event_date_edit):
            edit.textChanged.connect(self.schedule_preview)
        self.paper_combo.currentTextChanged.connect(self.schedule_preview)
        self.schedule_preview()

    def options(self) -> DecklistOptions:
        """The chosen decklist options; ValueError for a paper size that cannot be used."""
        paper = paper_value(self.paper_combo)
        parse_paper(paper)
        return DecklistOptions(
            paper=paper,
            player=self.player_edit.text().strip(),
            event=self.event_edit.text().strip(),
            event_date=self.event_date_edit.text().strip(),
            report=self.report,
        )

    @staticmethod
    def render_preview(deck: Deck, db: CardDatabase, options: Any, cancel: CancelFn) -> PagePreview:
        """The decklist's first page (short enough that it is not cancelled part-way)."""
        return preview_decklist(deck, db, options, PREVIEW_BOX)

    def describe(self, preview: PagePreview) -> str:
        """Pages of the decklist."""
        return fill(
            ngettext("The decklist has %1 page.", "The decklist has %1 pages.", preview.pages), preview.pages
        )

    def save_settings(self) -> None:
        """Remember paper, player, event and event date."""
        self.settings.setValue(KEY_PAPER, paper_value(self.paper_combo))
        self.settings.setValue(KEY_PLAYER, self.player_edit.text().strip())
        self.settings.setValue(KEY_EVENT, self.event_edit.text().strip())
        self.settings.setValue(KEY_EVENT_DATE, self.event_date_edit.text().strip())


def decklist_options_from_settings(settings: QSettings, report: Report | None = None) -> DecklistOptions:
    """The decklist options last chosen in the dialog (for exports that skip it)."""
    return DecklistOptions(
        paper=setting_text(settings, KEY_PAPER, "a4") or "a4",
        player=setting_text(settings, KEY_PLAYER),
        event=setting_text(settings, KEY_EVENT),
        event_date=setting_text(settings, KEY_EVENT_DATE),
        report=report,
    )


def proxy_options_from_settings(settings: QSettings) -> ProxyOptions:
    """The proxy layout last chosen in the dialog, for the whole deck (for exports that skip it)."""
    cut_marks = setting_text(settings, KEY_CUT_MARKS, "none")
    return ProxyOptions(
        paper=setting_text(settings, KEY_PAPER, "a4") or "a4",
        gap_mm=setting_float(settings, KEY_GAP, 0.0, 0.0, 30.0),
        bleed_mm=setting_float(settings, KEY_BLEED, 0.0, 0.0, 10.0),
        cut_marks=cut_marks if cut_marks in CUT_MARK_STYLES else "none",
        both_sides=setting_bool(settings, KEY_BOTH_SIDES, True),
        page_numbers=setting_bool(settings, KEY_PAGE_NUMBERS, True),
        **duplex_fields_from_settings(settings),
    )
