"""Fixtures for the main-window tests: a database with the demo set and a window whose dialogs are scripted."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from carddb.db import CardDatabase
from deckbuilder import i18n
from deckbuilder.ui import translation
from tests.databases import new_database


@pytest.fixture(autouse=True)
def _background_jobs_end_with_their_test(qapp: QApplication) -> Iterator[None]:
    """Stop every worker a test left running and deliver its last signals now, inside that test.

    Otherwise a job (an export dialog's preview, say) ends during a later test's event loop, and its late
    result, its logged failure or its CPU time lands on a test that has nothing to do with it.
    """
    yield
    from deckbuilder.ui.workers import shutdown_workers, workers_running

    for _ in range(10):  # a job's last signal may start another (the browser's pending search)
        assert shutdown_workers(30000)
        # Every thread has ended, so all its signals are posted: deliver them.
        qapp.sendPostedEvents()
        qapp.processEvents()
        if not workers_running():
            break


@pytest.fixture(autouse=True)
def _no_button_or_key_stays_held(qapp: QApplication) -> Iterator[None]:
    """Let go of every mouse button and modifier key a test left held, so the next test starts with none down.

    QTest leaves the application's state as its last event said: after mouseDClick the left button is still reported
    held, after a Ctrl-click, Ctrl+Shift+P or a keypad key, Ctrl, Shift or Keypad. The column fitter takes a column
    resized while the left button is held for the player's drag and keeps that width (columns.NameFitter._resized),
    and a table's selectRow() toggles the row while Ctrl is held: test_whole_texts failed after test_labels or
    test_main_window, and test_history_view after test_current_pile.
    """
    yield
    buttons, modifiers = QGuiApplication.mouseButtons(), QGuiApplication.keyboardModifiers()
    if buttons != Qt.MouseButton.NoButton or modifiers != Qt.KeyboardModifier.NoModifier:
        spare = QWidget()
        for button in (Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton, Qt.MouseButton.MiddleButton):
            if buttons & button:
                QTest.mouseRelease(spare, button)
        if QGuiApplication.keyboardModifiers() != Qt.KeyboardModifier.NoModifier:
            # A key let go with no modifier held: the application's modifiers (Keypad's too) are none again.
            QTest.keyRelease(spare, Qt.Key.Key_Shift, Qt.KeyboardModifier.NoModifier)
        spare.deleteLater()
    assert QGuiApplication.mouseButtons() == Qt.MouseButton.NoButton
    assert QGuiApplication.keyboardModifiers() == Qt.KeyboardModifier.NoModifier


@pytest.fixture
def demo_db(tmp_path: Path) -> Iterator[CardDatabase]:
    """A fresh database holding the bundled demo card set."""
    db = CardDatabase(new_database(tmp_path / "db" / "cards.sqlite", demo=True))
    yield db
    db.close()


class Answers:
    """What the scripted user answers, and what the window told them."""

    def __init__(self) -> None:
        self.save_changes = QMessageBox.StandardButton.Cancel
        self.restore = True
        self.remove_demo = False
        self.asked_remove_demo = 0
        self.save_path: Path | None = None
        self.open_path: Path | None = None
        self.asked_save_changes = 0
        self.asked_restore = 0
        self.offered: list[tuple[str, Path | None]] = []  # (deck name, its file) of each restore offered
        self.messages: list[str] = []


@pytest.fixture
def answers() -> Answers:
    """The scripted user's answers."""
    return Answers()


@pytest.fixture
def make_window(qtbot, demo_db: CardDatabase, answers: Answers, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """Build MainWindow(s) whose questions are answered from `answers` (never a real modal dialog)."""
    from deckbuilder.ui.main_window import MainWindow
    from deckbuilder.ui.window_prompts import Prompts

    def ask_save_changes(self: Prompts) -> QMessageBox.StandardButton:
        answers.asked_save_changes += 1
        return answers.save_changes

    def ask_restore(self: Prompts, name: str, source: Path | None) -> bool:
        answers.asked_restore += 1
        answers.offered.append((name, source))
        return answers.restore

    def notify(self: Prompts, title: str, text: str, warning: bool = True) -> None:
        self.last_message = text
        answers.messages.append(text)

    monkeypatch.setattr(Prompts, "ask_save_changes", ask_save_changes)
    monkeypatch.setattr(Prompts, "ask_restore", ask_restore)

    def ask_remove_demo(self: Prompts) -> bool:
        answers.asked_remove_demo += 1
        return answers.remove_demo

    monkeypatch.setattr(Prompts, "ask_remove_demo", ask_remove_demo)
    monkeypatch.setattr(Prompts, "notify", notify)
    monkeypatch.setattr(Prompts, "ask_save_path", lambda self, *a: answers.save_path)
    monkeypatch.setattr(Prompts, "ask_open_path", lambda self: answers.open_path)
    made: list[MainWindow] = []

    def factory(**kwargs: object) -> MainWindow:
        window = MainWindow(demo_db, **kwargs)  # type: ignore[arg-type]
        qtbot.addWidget(window)
        made.append(window)
        return window

    yield factory
    for window in made:
        window.undo_stack.setClean()  # let the window close without asking during teardown
        window.close()


@pytest.fixture
def window(make_window):  # type: ignore[no-untyped-def]
    """A shown main window on the demo database with an empty deck."""
    win = make_window()
    win.show()
    return win


@pytest.fixture
def same_hand_every_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """Windows made in the test deal with the layout audit's seed (layout_audit.AUDIT_SEED), not a random one."""
    from deckbuilder import odds
    from tests.deckbuilder.ui.layout_audit import AUDIT_SEED

    monkeypatch.setattr(odds, "new_seed", lambda: AUDIT_SEED)


@pytest.fixture
def portuguese(qapp: QApplication, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The system says pt_BR, as on a Brazilian desktop; the translators are installed as at start-up."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    i18n.set_language(None)
    assert translation.install(qapp) == "pt_BR"
    yield
    translation.install(qapp, "en")
    i18n.set_language(None)
