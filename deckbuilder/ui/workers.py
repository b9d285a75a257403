"""Run a long job (card import, PDF export) in a QThread with progress, cancel and a result on the GUI thread."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Qt, QThread, Signal, Slot
from PySide6.QtWidgets import QProgressDialog, QWidget

log = logging.getLogger(__name__)

ProgressFn = Callable[[int, int], None]
CancelFn = Callable[[], bool]
JobFn = Callable[[ProgressFn, CancelFn], Any]

# A job may report progress thousands of times a second; the GUI only needs a few updates per second.
PROGRESS_INTERVAL_S = 0.03

# Workers still running, so that Python does not collect one while its thread is alive.
_RUNNING: set[Worker] = set()


class WorkCancelled(Exception):
    """A job may raise this after it sees cancel() return True."""


def describe_error(exc: BaseException) -> str:
    """A one-line, player-readable message for an exception (its text, or its kind when it has none)."""
    text = str(exc).strip()
    kind = type(exc).__name__
    if not text:
        return kind
    # The project's own errors and OSError/ValueError are written for players; name the kind of anything
    # else so that an unexpected bug is recognisable in a report.
    own = type(exc).__module__.split(".")[0] in {"carddb", "deckbuilder"}
    return text if own or isinstance(exc, OSError | ValueError) else f"{kind}: {text}"


class _Runner(QObject):
    """Lives in the worker thread and calls the job there."""

    progress = Signal(int, int)
    succeeded = Signal(object)
    failed = Signal(str)
    cancelled = Signal()

    def __init__(
        self,
        fn: JobFn,
        cancel_event: threading.Event,
        cancel_exceptions: tuple[type[BaseException], ...],
        refusals: tuple[type[BaseException], ...] = (),
    ):
        super().__init__()
        self._fn = fn
        self._cancel_event = cancel_event
        self._cancel_exceptions: tuple[type[BaseException], ...] = (WorkCancelled, *cancel_exceptions)
        self._refusals = refusals
        self._last_progress = 0.0

    def _report_progress(self, done: int, total: int) -> None:
        now = time.monotonic()
        if done >= total or now - self._last_progress >= PROGRESS_INTERVAL_S:
            self._last_progress = now
            self.progress.emit(int(done), int(total))

    @Slot()
    def run(self) -> None:
        """Call the job and report how it ended (exactly one of succeeded / failed / cancelled)."""
        try:
            result = self._fn(self._report_progress, self._cancel_event.is_set)
        except self._cancel_exceptions:
            self.cancelled.emit()
        except Exception as exc:
            message = describe_error(exc)
            if isinstance(exc, self._refusals):
                # The job's own "this input cannot be used" (said to the player): one line, no traceback of a bug.
                log.info("background job refused: %s", message)
            else:
                log.exception("background job failed")
            self.failed.emit(message)
        else:
            # A job that finished before it noticed the cancel did its work; report the result.
            self.succeeded.emit(result)
        finally:
            # Stop this thread's event loop from inside, so that wait() returns even while the GUI thread blocks.
            QThread.currentThread().quit()


class Worker(QObject):
    """Handle of a background job; lives on the GUI thread, so its signals arrive there.

    Signals: progress(done, total), finished(result), failed(message), cancelled().
    """

    progress = Signal(int, int)
    finished = Signal(object)
    failed = Signal(str)
    cancelled = Signal()
    # Emitted after finished/failed/cancelled, once the thread has stopped.
    stopped = Signal()

    def __init__(
        self,
        fn: JobFn,
        *,
        cancel_event: threading.Event | None = None,
        cancel_exceptions: tuple[type[BaseException], ...] = (),
        refusals: tuple[type[BaseException], ...] = (),
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.cancel_event = cancel_event if cancel_event is not None else threading.Event()
        self.result: Any = None
        self.error: str | None = None
        self.was_cancelled = False
        self.done = False
        # True once the thread has stopped and every signal of this job has been delivered (stopped emitted).
        self.has_stopped = False
        self._thread = QThread()
        self._runner = _Runner(fn, self.cancel_event, cancel_exceptions, refusals)
        self._runner.moveToThread(self._thread)
        queued = Qt.ConnectionType.QueuedConnection
        # Queued into this object, which lives on the GUI thread: every listener runs there.
        self._runner.progress.connect(self._on_progress, queued)
        self._runner.succeeded.connect(self._on_succeeded, queued)
        self._runner.failed.connect(self._on_failed, queued)
        self._runner.cancelled.connect(self._on_cancelled, queued)
        self._thread.started.connect(self._runner.run)
        self._thread.finished.connect(self._on_thread_finished)

    def start(self) -> None:
        """Start the job in its thread."""
        _RUNNING.add(self)
        self._thread.start()

    def cancel(self) -> None:
        """Ask the job to stop; it sees cancel() return True at its next check."""
        self.cancel_event.set()

    def is_running(self) -> bool:
        """True while the job's thread runs."""
        return self._thread.isRunning()

    def wait(self, timeout_ms: int = -1) -> bool:
        """Block until the thread ends (for shutdown); True when it has ended."""
        if timeout_ms < 0:
            return bool(self._thread.wait())
        return bool(self._thread.wait(timeout_ms))

    @Slot(int, int)
    def _on_progress(self, done: int, total: int) -> None:
        if not self.done:
            self.progress.emit(done, total)

    @Slot(object)
    def _on_succeeded(self, result: object) -> None:
        self.result = result
        self._end()
        self.finished.emit(result)

    @Slot(str)
    def _on_failed(self, message: str) -> None:
        self.error = message
        self._end()
        self.failed.emit(message)

    @Slot()
    def _on_cancelled(self) -> None:
        self.was_cancelled = True
        self._end()
        self.cancelled.emit()

    def _end(self) -> None:
        self.done = True

    @Slot()
    def _on_thread_finished(self) -> None:
        _RUNNING.discard(self)
        self._runner.deleteLater()
        self.has_stopped = True
        self.stopped.emit()


def run_in_thread(
    fn: JobFn,
    *,
    progress: ProgressFn | None = None,
    cancel: threading.Event | None = None,
    finished: Callable[[Any], None] | None = None,
    failed: Callable[[str], None] | None = None,
    cancelled: Callable[[], None] | None = None,
    cancel_exceptions: tuple[type[BaseException], ...] = (),
    refusals: tuple[type[BaseException], ...] = (),
    parent: QObject | None = None,
) -> Worker:
    """Start `fn(progress, cancel)` in a thread; the callbacks run on the GUI thread. Returns the started Worker.

    `cancel` is the Event the GUI sets to stop the job (one is made when omitted; `Worker.cancel()` sets it).
    `cancel_exceptions` are the job's own "I stopped because you cancelled" exceptions; `refusals` its expected
    refusals of the input (failed, and logged as one line instead of a traceback).
    """
    worker = Worker(
        fn, cancel_event=cancel, cancel_exceptions=cancel_exceptions, refusals=refusals, parent=parent
    )
    if progress is not None:
        worker.progress.connect(progress)
    if finished is not None:
        worker.finished.connect(finished)
    if failed is not None:
        worker.failed.connect(failed)
    if cancelled is not None:
        worker.cancelled.connect(cancelled)
    worker.start()
    return worker


def run_with_progress(
    fn: JobFn,
    parent: QWidget,
    *,
    label: str,
    title: str,
    finished: Callable[[Any], None],
    failed: Callable[[str], None],
    cancelled: Callable[[], None],
    cancel_exceptions: tuple[type[BaseException], ...] = (),
    refusals: tuple[type[BaseException], ...] = (),
) -> Worker:
    """`run_in_thread` behind a window-modal progress dialog (shown after 300 ms) whose Cancel stops the job;
    the dialog closes before whichever of `finished`, `failed` or `cancelled` runs."""
    dialog = QProgressDialog(label, parent.tr("Cancel"), 0, 0, parent)
    dialog.setWindowTitle(title)
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(300)

    def progress(done: int, total: int) -> None:
        dialog.setMaximum(max(total, 1))
        dialog.setValue(min(done, max(total, 1)))

    def closing(outcome: Callable[..., None]) -> Callable[..., None]:
        def close_then(*args: Any) -> None:
            dialog.reset()
            outcome(*args)

        return close_then

    worker = run_in_thread(
        fn,
        progress=progress,
        finished=closing(finished),
        failed=closing(failed),
        cancelled=closing(cancelled),
        cancel_exceptions=cancel_exceptions,
        refusals=refusals,
        parent=parent,
    )
    dialog.canceled.connect(worker.cancel)
    return worker


def workers_running() -> bool:
    """True while some job's thread runs or its last signals have not been delivered yet."""
    return bool(_RUNNING)


def shutdown_workers(timeout_ms: int = 5000) -> bool:
    """Cancel every running job and wait for its thread (call before the app quits); True if all stopped."""
    workers = list(_RUNNING)
    for worker in workers:
        worker.cancel()
    return all(worker.wait(timeout_ms) for worker in workers)


class NewestJob(QObject):
    """Runs jobs on a worker thread one at a time, for a view that shows only the newest answer (the deck's odds as
    last edited): a job asked while one runs waits, taking the place of any job waiting; an answer is delivered (to
    `done`, on the GUI thread) only when no newer job was asked since, and `failed(message)` is called when the
    newest failed. A child of the view: once the view is gone, no answer is delivered to it.

    A job is called as `job(progress, cancel)`. With `cancel_stale`, the running job is cancelled as soon as its
    answer is stale (a newer job asked, drop(), the view gone): for jobs that watch `cancel` and are slow to finish.
    A job that stops with one of `cancel_exceptions` gives no answer, and is no failure.
    """

    def __init__(
        self,
        done: Callable[[Any], None],
        failed: Callable[[str], None],
        parent: QObject,
        *,
        cancel_stale: bool = False,
        cancel_exceptions: tuple[type[BaseException], ...] = (),
    ) -> None:
        super().__init__(parent)
        self._done = done
        self._failed = failed
        self._cancel_stale = cancel_stale
        self._cancel_exceptions = cancel_exceptions
        self._asked = 0  # jobs asked for, and drop() calls: an answer to an older ask is dropped
        self._waiting: tuple[int, JobFn] | None = None
        # The job's worker while its thread runs or its signals are on the way.
        self.running: Worker | None = None
        self._running_asked = 0
        if cancel_stale:
            # Nobody will see the answer once the view is gone: stop working it out. One connection, to a closure
            # (this object is being destroyed when it runs), not one per worker: PySide may keep one to a
            # collected worker and fail to call it.
            self.destroyed.connect(lambda: self.drop())

    @property
    def busy(self) -> bool:
        """True while the newest job's answer has not been delivered (it waits or runs)."""
        return self._waiting is not None or self.running is not None

    def run(self, job: JobFn) -> None:
        """Work `job(progress, cancel)` out on a worker thread, after the job running now; its answer replaces every
        older one."""
        self.drop()
        self._waiting = (self._asked, job)
        if self.running is None:
            self._start()

    def drop(self) -> None:
        """Deliver no answer of the jobs asked so far (what they were for is gone)."""
        self._asked += 1
        self._waiting = None
        if self._cancel_stale and self.running is not None:
            self.running.cancel()

    def wait(self, timeout_ms: int = -1) -> bool:
        """Block until the running job's thread ends (for shutdown and tests); True when none runs."""
        return self.running is None or self.running.wait(timeout_ms)

    def _start(self) -> None:
        if self._waiting is None:
            return
        self._running_asked, job = self._waiting
        self._waiting = None
        # Slots of this object, not closures: Qt disconnects them when the view (and so this child) is destroyed.
        worker = run_in_thread(
            job, finished=self._finished, failed=self._on_failed, cancel_exceptions=self._cancel_exceptions
        )
        worker.stopped.connect(self._stopped)
        self.running = worker

    def _on_failed(self, message: str) -> None:
        if self._running_asked == self._asked:
            self._failed(message)

    def _finished(self, value: Any) -> None:
        if self._running_asked == self._asked:
            self._done(value)

    def _stopped(self) -> None:
        self.running = None
        self._start()
