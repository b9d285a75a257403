"""Worker / run_in_thread: the job runs off the GUI thread, its results and progress arrive on it."""

from __future__ import annotations

import logging
import threading
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from deckbuilder.ui.workers import CancelFn, ProgressFn, WorkCancelled, run_in_thread, shutdown_workers

WAIT_MS = 10_000


def test_result_and_progress_arrive_on_the_gui_thread(qtbot: QtBot) -> None:
    job_threads: list[threading.Thread] = []
    callback_threads: list[threading.Thread] = []
    progress_seen: list[tuple[int, int]] = []

    def job(progress: ProgressFn, cancel: CancelFn) -> str:
        job_threads.append(threading.current_thread())
        for done in range(1, 6):
            progress(done, 5)
        return "all done"

    def on_progress(done: int, total: int) -> None:
        callback_threads.append(threading.current_thread())
        progress_seen.append((done, total))

    results: list[Any] = []
    worker = run_in_thread(job, progress=on_progress, finished=results.append)
    with qtbot.waitSignal(worker.stopped, timeout=WAIT_MS):
        pass

    assert results == ["all done"] and worker.result == "all done"
    assert job_threads and job_threads[0] is not threading.main_thread()
    assert progress_seen[-1] == (5, 5)  # the last step is never dropped by the rate limit
    assert set(callback_threads) == {threading.main_thread()}


def test_cancel_reaches_the_job_and_reports_cancelled(qtbot: QtBot) -> None:
    started = threading.Event()

    def job(progress: ProgressFn, cancel: CancelFn) -> None:
        started.set()
        while not cancel():
            threading.Event().wait(0.005)
        raise WorkCancelled

    cancelled: list[bool] = []
    worker = run_in_thread(
        job, cancelled=lambda: cancelled.append(True), finished=lambda _r: cancelled.append(False)
    )
    assert started.wait(5)
    with qtbot.waitSignal(worker.stopped, timeout=WAIT_MS):
        worker.cancel()

    assert cancelled == [True] and worker.was_cancelled and worker.result is None


def test_exception_becomes_a_clear_failed_message(qtbot: QtBot) -> None:
    def job(progress: ProgressFn, cancel: CancelFn) -> None:
        raise FileNotFoundError(2, "No such file or directory", "deck.pdf")

    messages: list[str] = []
    worker = run_in_thread(job, failed=messages.append)
    with qtbot.waitSignal(worker.stopped, timeout=WAIT_MS):
        pass

    assert messages == ["[Errno 2] No such file or directory: 'deck.pdf'"]
    assert worker.error == messages[0] and not worker.is_running()


def test_shutdown_cancels_and_waits_for_running_jobs(qtbot: QtBot) -> None:
    started = threading.Event()
    stopped_at: list[str] = []

    def job(progress: ProgressFn, cancel: CancelFn) -> None:
        started.set()
        while not cancel():
            threading.Event().wait(0.005)
        stopped_at.append("cancelled")
        raise WorkCancelled

    worker = run_in_thread(job)
    assert started.wait(5)

    assert shutdown_workers(5000)
    assert stopped_at == ["cancelled"] and not worker.is_running()
    with qtbot.waitSignal(worker.stopped, timeout=WAIT_MS):
        pass


def test_an_expected_refusal_is_logged_as_one_line_and_a_bug_with_its_traceback(
    qtbot: QtBot, caplog: pytest.LogCaptureFixture
) -> None:
    class Refused(Exception):
        pass

    def refused(progress: ProgressFn, cancel: CancelFn) -> None:
        raise Refused("cards.csv is not UTF-8 text")

    def broken(progress: ProgressFn, cancel: CancelFn) -> None:
        raise KeyError("oops")

    messages: list[str] = []
    with caplog.at_level(logging.INFO, logger="deckbuilder.ui.workers"):
        for job in (refused, broken):
            worker = run_in_thread(job, failed=messages.append, refusals=(Refused,))
            with qtbot.waitSignal(worker.stopped, timeout=WAIT_MS):
                pass
    assert messages == ["Refused: cards.csv is not UTF-8 text", "KeyError: 'oops'"]
    first, second = [r for r in caplog.records if r.name == "deckbuilder.ui.workers"]
    assert first.exc_info is None
    assert first.getMessage() == "background job refused: Refused: cards.csv is not UTF-8 text"
    assert second.exc_info is not None  # an unexpected error keeps its traceback for the bug report


def test_newest_job_shows_only_the_newest_answer_and_says_when_it_failed(qtbot: QtBot) -> None:
    from PySide6.QtCore import QObject

    from deckbuilder.ui.workers import NewestJob

    owner = QObject()
    shown: list[Any] = []
    failures: list[str] = []
    jobs = NewestJob(shown.append, lambda: failures.append("failed"), owner)
    first_may_end = threading.Event()
    ran: list[str] = []

    def job(name: str, gate: threading.Event | None = None) -> Any:
        def run() -> str:
            if gate is not None:
                gate.wait(timeout=30)
            ran.append(name)
            return name

        return run

    jobs.run(job("first", first_may_end))
    jobs.run(job("second"))  # waits for the first, then gives way to the third before it starts
    jobs.run(job("third"))
    assert jobs.busy
    first_may_end.set()
    qtbot.waitUntil(lambda: not jobs.busy)
    assert ran == ["first", "third"] and shown == ["third"] and failures == []

    def broken() -> str:
        raise ValueError("no odds for this deck")

    jobs.run(broken)
    qtbot.waitUntil(lambda: not jobs.busy)
    assert shown == ["third"] and failures == ["failed"]
    jobs.run(job("fourth"))
    jobs.drop()  # what it was for is gone: its answer is not shown
    qtbot.waitUntil(lambda: not jobs.busy)
    assert shown == ["third"]
