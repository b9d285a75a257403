"""Import card data (Lackey plugin folder, Lackey card data file, JSON) into the database in one transaction."""

from __future__ import annotations

from pathlib import Path

from carddb.db import CardDatabase
from carddb.importer import _Importer, _why
from carddb.importjson import import_json
from carddb.importreport import (
    NOTE,
    REJECTED,
    SUSPICIOUS,
    CancelFn,
    CardImportError,
    ImageSkip,
    ImportCancelled,
    ImportIssue,
    ImportReport,
    ProgressFn,
)
from carddb.lackey import (
    CardDataReader,
    ImageFinder,
    PlainRow,
    card_data_files,
    open_card_data,
    outside_reason,
    read_plugin_info,
)
from carddb.leftovers import clean_import_leftovers
from carddb.messages import message

# -- Lackey ----------------------------------------------------------------------------------------


def _read_lackey(
    importer: _Importer, path: Path, images: ImageFinder | None, done_before: int, total: int
) -> None:
    source = str(path)
    try:
        handle = open_card_data(path)
    except OSError as exc:
        raise CardImportError(message("IMPORT_CANNOT_READ", path=str(path), error=_why(exc))) from exc
    report = importer.report
    with handle:
        reader = CardDataReader(handle)
        before = report.rows_read
        for row in reader.items():
            report.rows_read += 1
            if isinstance(row, PlainRow):  # the usual row: checked from its cells, with no dict
                if row.joined:
                    _joined(importer, source, row.joined, row.cells[reader.columns_at["Name"]].strip())
                assert reader.canonical is not None
                if not importer.add_cells(source, row.line, reader.canonical(row.cells), images):
                    values = dict(
                        zip(reader.columns_at, row.cells, strict=True)
                    )  # header order, as a LackeyRow
                    importer.add_row(source, row.line, values, {}, (), images)
            elif row.error:
                importer.issue(source, row.line, row.error, REJECTED)
            else:
                if row.joined:
                    _joined(importer, source, row.joined, row.values.get("Name", "").strip())
                importer.add_row(source, row.line, row.values, row.extra, row.problems, images)
            importer.tick(done_before + reader.bytes_read, total)
        for note in reader.notes:
            importer.issue(source, note.line, note.reason, SUSPICIOUS)
        if report.rows_read == before:
            importer.issue(source, 0, message("IMPORT_NO_CARD_ROWS"), SUSPICIOUS)
    if images is not None:
        for problem in images.problems:
            if all(i.reason != problem for i in report.issues):
                importer.issue(source, 0, problem, SUSPICIOUS)


def _joined(importer: _Importer, source: str, lines: list[int], name: str) -> None:
    """Note each continuation line joined onto the card `name`."""
    for line in lines:
        importer.issue(source, line, message("IMPORT_LINE_JOINED", line=line, name=name), NOTE)
    importer.report.lines_joined += len(lines)


def import_lackey_file(
    db: CardDatabase,
    path: Path | str,
    progress: ProgressFn | None = None,
    cancel: CancelFn | None = None,
    images: ImageFinder | None = None,
) -> ImportReport:
    """Import one Lackey card data file (images from a `setimages` folder beside it, when present)."""
    path = Path(path)
    if not path.is_file():
        raise CardImportError(message("IMPORT_NOT_CARD_DATA_FILE", path=str(path)))
    importer = _Importer(db, str(path), progress, cancel)
    importer.scope = (path, False)
    if images is None:
        # The folder holding the file is the plugin folder here: links out of it are refused.
        images = ImageFinder(path.parent / "setimages", path.parent.resolve(), importer.check)
    try:
        _read_lackey(importer, path, images, 0, _size(path))
        return importer.write()
    finally:
        importer.close()


def import_lackey_plugin(
    db: CardDatabase, folder: Path | str, progress: ProgressFn | None = None, cancel: CancelFn | None = None
) -> ImportReport:
    """Import a Lackey plugin folder: zone labels, every card data file it lists, and its card images.

    Anything inside the folder that is a link resolving outside it (plugininfo.txt, sets, a card data
    file, setimages, a set folder, an image) is refused with a reason naming it, and never read.
    """
    folder = Path(folder)
    importer = _Importer(db, str(folder), progress, cancel)
    importer.scope = (folder, True)
    try:
        root = folder.resolve()
    except (OSError, RuntimeError) as exc:
        raise CardImportError(message("IMPORT_CANNOT_READ", path=str(folder), error=str(exc))) from exc
    info = None
    plugin_file = folder / "plugininfo.txt"
    importer.check()
    if plugin_file.exists():  # a FIFO or device there is reported by read_plugin_info, never opened to read
        refusal = outside_reason(plugin_file, root)
        if refusal:
            importer.issue(str(plugin_file), 0, refusal, SUSPICIOUS)
        else:
            try:
                info = read_plugin_info(plugin_file)
            except OSError as exc:
                importer.issue(
                    str(plugin_file), 0, message("IMPORT_PLUGININFO_UNREADABLE", error=_why(exc)), SUSPICIOUS
                )
        importer.check()
        if info is not None:
            importer.zone_labels = info.zone_labels
            missing = [s for s in ("characters", "sept", "combat") if s not in info.zone_labels]
            if missing:
                importer.issue(
                    str(plugin_file), 0, message("IMPORT_NO_ZONE", zones=", ".join(missing)), SUSPICIOUS
                )
    files, problems = card_data_files(folder, info)
    for problem in problems:
        importer.issue(str(plugin_file), 0, problem, SUSPICIOUS)
    if not files:
        refused = [p for p in problems if "outside the plugin folder" in p]
        raise CardImportError(refused[0] if refused else message("IMPORT_NO_CARD_DATA", path=str(folder)))
    images = ImageFinder(folder / "sets" / "setimages", root, importer.check)
    total = sum(_size(f) for f in files)
    done = 0
    try:
        for path in files:
            _read_lackey(importer, path, images, done, total)
            done += _size(path)
        _store_card_back(importer, images, str(plugin_file))
        return importer.write()
    finally:
        importer.close()


def _store_card_back(importer: _Importer, images: ImageFinder, source: str) -> None:
    """Keep the plugin's card back (Lackey's sets/setimages/general/cardback.jpg) for duplex proxies."""
    found, refusal = images.locate("general", "cardback")
    if found is not None:
        importer.card_back, refusal = importer._store_image(found, "general")
    if refusal:
        importer.issue(source, 0, message("IMPORT_CARD_BACK_NOT_COPIED", reason=refusal), SUSPICIOUS)


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


# -- dispatch --------------------------------------------------------------------------------------


def import_path(
    db: CardDatabase, path: Path | str, progress: ProgressFn | None = None, cancel: CancelFn | None = None
) -> ImportReport:
    """Import a Lackey plugin folder, a Lackey card data file, or a JSON card file."""
    path = Path(path)
    if path.is_dir():
        return import_lackey_plugin(db, path, progress, cancel)
    if not path.exists():
        raise CardImportError(message("IMPORT_PATH_MISSING", path=str(path)))
    if path.suffix.casefold() == ".json":
        return import_json(db, path, progress, cancel)
    return import_lackey_file(db, path, progress, cancel)


__all__ = [
    "CardImportError",
    "ImageSkip",
    "ImportCancelled",
    "ImportIssue",
    "ImportReport",
    "clean_import_leftovers",
    "import_json",
    "import_lackey_file",
    "import_lackey_plugin",
    "import_path",
]
