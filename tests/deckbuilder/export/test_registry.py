"""The export registry: `ragedeck export --to` and the window's File → Export menu are both read from it."""

from __future__ import annotations

import io

from deckbuilder.cli import main
from deckbuilder.cli.export import PDF_WRITERS
from deckbuilder.deckfiles import DECK_FILE_KINDS
from deckbuilder.export import EXPORTS


def test_every_deck_file_kind_is_an_export_and_every_other_export_has_a_cli_writer() -> None:
    names = [export.name for export in EXPORTS]
    assert len(names) == len(set(names))
    assert {kind.name for kind in DECK_FILE_KINDS} <= set(names)
    assert set(PDF_WRITERS) == {export.name for export in EXPORTS if export.deck_kind is None}


def test_the_cli_offers_exactly_the_registered_exports(capsys) -> None:  # type: ignore[no-untyped-def]
    code = main(["export", "deck.json", "--to", "nothing", "-o", "x"], out=io.StringIO(), err=io.StringIO())
    assert code == 2
    offered = capsys.readouterr().err.rsplit("(choose from ", 1)[1]
    assert offered.split(")")[0] == ", ".join(f"'{export.name}'" for export in EXPORTS)
