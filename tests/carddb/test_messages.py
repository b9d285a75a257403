"""carddb's translatable reasons: the English text is the string itself, and the id and parameters travel with it."""

from __future__ import annotations

import copy
import pickle
import subprocess
import sys

from carddb.importing import ImportIssue
from carddb.lackey import unsafe_name_reason
from carddb.messages import Message, message, params_of


def test_a_message_is_its_english_text_and_keeps_its_id_through_copies() -> None:
    reason = unsafe_name_reason("..x")
    assert reason == "contains '..'"
    nested = message("IMPORT_IMAGE_NAME_REFUSED", name="Dodge", image="..x", reason=reason)
    assert nested == "'Dodge': image name '..x' refused: contains '..'"
    for copied in (copy.deepcopy(nested), pickle.loads(pickle.dumps(nested))):
        assert isinstance(copied, Message) and copied == nested
        assert copied.message_id == "IMPORT_IMAGE_NAME_REFUSED"
    assert params_of(nested)["reason"] == {"message_id": "IMPORT_NAME_HAS_DOTDOT", "params": {}}


def test_an_issue_takes_its_id_and_parameters_from_its_reason() -> None:
    issue = ImportIssue("cards.txt", 3, message("IMPORT_LINE_JOINED", line=3, name="Dodge"), "note")
    assert (issue.message_id, issue.params) == ("IMPORT_LINE_JOINED", {"line": 3, "name": "Dodge"})
    plain = ImportIssue("cards.txt", 3, "a plain reason", "note")
    assert (plain.message_id, plain.params) == ("", {})


def test_carddb_declares_its_messages_without_importing_deckbuilder() -> None:
    code = "import sys, carddb.importing; sys.exit(any(m.startswith(('deckbuilder', 'PySide6')) for m in sys.modules))"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
