"""Worker / run_in_thread / NewestJob: the job runs off the GUI thread, its results and progress arrive on it."""

from __future__ import annotations

import logging
import threading
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import QObject
from pytestqt.qtbot import QtBot

from deckbuilder.ui.workers import (
    CancelFn,
    NewestJob,
    ProgressFn,
    WorkCancelled,
    Worker,
    run_in_thread,
    shutdown_workers,
)

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
    jobs = NewestJob(shown.append, lambda _message: failures.append("failed"), owner)
    first_may_end = threading.Event()
    ran: list[str] = []

    def job(name: str, gate: threading.Event | None = None) -> Any:
        def run(_progress: ProgressFn, _cancel: CancelFn) -> str:
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

    def broken(_progress: ProgressFn, _cancel: CancelFn) -> str:
        raise ValueError("no odds for this deck")

    jobs.run(broken)
    qtbot.waitUntil(lambda: not jobs.busy)
    assert shown == ["third"] and failures == ["failed"]
    jobs.run(job("fourth"))
    jobs.drop()  # what it was for is gone: its answer is not shown
    qtbot.waitUntil(lambda: not jobs.busy)
    assert shown == ["third"]


class _Stopped(Exception):
    """A job's own "I stopped because you cancelled" (as the proxy render's ExportCancelled)."""


def _until_cancelled(started: threading.Event, give_up: threading.Event) -> Any:
    """A slow job that watches cancel: raises _Stopped once cancelled, else answers "slow" when told to give up."""

    def run(_progress: ProgressFn, cancel: CancelFn) -> str:
        started.set()
        while not cancel() and not give_up.wait(0.005):
            pass
        if cancel():
            raise _Stopped
        return "slow"

    return run


def _answer(value: str) -> Any:
    return lambda _progress, _cancel: value


class _PreviewJobs:
    """A NewestJob as the export preview uses it, running a slow job that watches cancel."""

    def __init__(self) -> None:
        self.owner = QObject()
        self.shown: list[Any] = []
        self.failures: list[str] = []
        self.jobs = NewestJob(
            self.shown.append,
            self.failures.append,
            self.owner,
            cancel_stale=True,
            cancel_exceptions=(_Stopped,),
        )
        started, self.give_up = threading.Event(), threading.Event()
        self.jobs.run(_until_cancelled(started, self.give_up))
        assert started.wait(5)
        assert self.jobs.running is not None
        self.slow: Worker = self.jobs.running


def test_newest_job_cancels_a_running_job_once_a_newer_is_asked(qtbot: QtBot) -> None:
    preview = _PreviewJobs()
    preview.jobs.run(_answer("newer"))  # the slow answer is stale now: it is not worked out to the end
    assert preview.slow.cancel_event.is_set()
    preview.give_up.set()  # (so that the test ends even when the cancel was not asked)
    qtbot.waitUntil(lambda: not preview.jobs.busy, timeout=WAIT_MS)
    assert preview.slow.was_cancelled and preview.shown == ["newer"] and preview.failures == []


def test_newest_job_reports_no_failure_for_a_cancelled_job_and_the_message_of_a_failed_one(
    qtbot: QtBot,
) -> None:
    preview = _PreviewJobs()
    assert shutdown_workers(WAIT_MS)  # the application quits while the newest job runs: it stops, and no more
    qtbot.waitUntil(lambda: not preview.jobs.busy, timeout=WAIT_MS)
    assert preview.shown == [] and preview.failures == []

    def broken(_progress: ProgressFn, _cancel: CancelFn) -> str:
        raise ValueError("The paper is too small for one card.")

    preview.jobs.run(broken)
    qtbot.waitUntil(lambda: not preview.jobs.busy, timeout=WAIT_MS)
    assert preview.shown == [] and preview.failures == ["The paper is too small for one card."]


def test_newest_job_lets_a_stale_job_finish_unless_asked_to_cancel_it(qtbot: QtBot) -> None:
    owner = QObject()
    shown: list[Any] = []
    jobs = NewestJob(shown.append, lambda _message: None, owner)  # as the card browser's searches
    started, give_up = threading.Event(), threading.Event()
    jobs.run(_until_cancelled(started, give_up))
    assert started.wait(5)
    first = jobs.running
    assert first is not None
    jobs.run(_answer("newer"))
    jobs.drop()
    jobs.run(_answer("newest"))
    assert not first.cancel_event.is_set()  # a search is quick: it runs to its end, and its answer is dropped
    give_up.set()
    qtbot.waitUntil(lambda: not jobs.busy, timeout=WAIT_MS)
    assert first.result == "slow" and not first.was_cancelled and shown == ["newest"]


@pytest.mark.parametrize("cancel_stale", [False, True], ids=["browser", "preview"])
def test_newest_job_delivers_nothing_once_its_owner_is_gone(qtbot: QtBot, cancel_stale: bool) -> None:
    owner = QObject()
    shown: list[Any] = []
    jobs = NewestJob(shown.append, lambda _message: None, owner, cancel_stale=cancel_stale)
    may_end = threading.Event()

    def ignores_cancel(_progress: ProgressFn, _cancel: CancelFn) -> str:
        may_end.wait(timeout=30)
        return "late"

    jobs.run(ignores_cancel)
    worker = jobs.running
    assert worker is not None
    shiboken6.delete(owner)  # the view goes (its window closed) while the job runs
    # Nobody will see the answer: a job that watches cancel is told to stop.
    assert worker.cancel_event.is_set() == cancel_stale
    may_end.set()
    qtbot.waitUntil(lambda: worker.has_stopped, timeout=WAIT_MS)
    assert worker.result == "late" and shown == []  # it answered, and nothing was delivered to the gone view
