"""docs/GAMES.md works as written: its example game, copied from the guide's own text, loads and judges decks at
the first try, and the guide documents every field of a game description and every rule kind with its parameters."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from deckbuilder.games.description import _FIELD_KEYS, _GAME_KEYS
from deckbuilder.games.kinds import RULE_KINDS
from deckbuilder.games.loader import user_formats_dir, user_games_dir
from tests.deckbuilder.cli.helpers import run

GUIDE = (Path(__file__).resolve().parent.parent / "docs" / "GAMES.md").read_text(encoding="utf-8")
# A fenced block: ```INFO\n...\n``` (the info string is the language, then optionally the file it is).
_FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def _blocks() -> list[tuple[str, str]]:
    return [(info.strip(), body) for info, body in _FENCE.findall(GUIDE)]


def example_files() -> dict[str, str]:
    """The files the guide's example is made of: blocks whose info names a path after the language."""
    return {info.split()[1]: body for info, body in _blocks() if len(info.split()) == 2}


def console_sessions() -> list[tuple[list[str], str]]:
    """Each `$ ragedeck ...` line of the guide's console blocks with the output printed under it."""
    found: list[tuple[list[str], str]] = []
    for info, body in _blocks():
        if info != "console":
            continue
        for chunk in re.split(r"^\$ ", body, flags=re.MULTILINE)[1:]:
            command, _newline, output = chunk.partition("\n")
            words = shlex.split(command)
            assert words[0] == "ragedeck"
            found.append((words[1:], output))
    return found


def test_the_guides_example_game_loads_and_judges_decks_as_the_guide_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = example_files()
    assert {
        "relic-raiders/game.json",
        "relic-raiders/formats/standard.json",
        "relic-raiders/cards.csv",
    } <= set(files)
    monkeypatch.chdir(tmp_path)
    games = {name.split("/")[0] for name in files if name.endswith("/game.json")}
    assert {"relic-raiders", "stonebound"} <= games  # the complete example and the Lackey-sourced one
    for name, text in files.items():
        # A game's files go in the games folder, as the guide says; decks and card data anywhere (here: the current
        # folder).
        target = user_games_dir() / name if name.split("/")[0] in games else tmp_path / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    code, out, err = run("games")
    assert code == 0 and err == ""  # nothing was skipped: the example loads at the first try
    assert re.search(r"^relic-raiders +Relic Raiders — formats: standard$", out, re.MULTILINE)
    sessions = console_sessions()
    assert len(sessions) >= 3
    for arguments, shown in sessions:
        _code, out, _err = run(*arguments)
        # The database's place is the reader's own: the guide's import shows no "database:" line.
        out = "".join(line for line in out.splitlines(keepends=True) if not line.startswith("database: "))
        assert out == shown, arguments


def test_the_folder_command_prints_where_the_guide_says_games_go() -> None:
    code, out, _err = run("games", "--folder")
    assert code == 0 and out == f"{user_games_dir()}\n"
    assert "ragedeck games --folder" in GUIDE
    code, out, _err = run("games", "--folder", "--json")
    assert code == 0 and f'"formats": "{user_formats_dir()}"' in out


def _section(heading: str) -> str:
    start = GUIDE.index(heading)
    end = GUIDE.find("\n### ", start + len(heading))
    return GUIDE[start : end if end >= 0 else None]


@pytest.mark.parametrize("kind", sorted(name for name in RULE_KINDS if ":" not in name))
def test_every_rule_kind_is_documented_with_each_parameter_code_and_an_example(kind: str) -> None:
    section = _section(f"### `{kind}`")
    rule = RULE_KINDS[kind]
    for parameter in (*rule.required, *rule.optional):
        assert f"`{parameter}`" in section, parameter
    for code in {m.code for m in rule.messages}:
        assert f"`{code}`" in section, code
    assert f'```json\n{{"kind": "{kind}"' in section


def test_every_key_of_a_game_description_and_of_a_field_is_documented() -> None:
    for key in sorted(_GAME_KEYS):
        assert f"| `{key}` |" in GUIDE, key
    fields = _section("### `fields`")
    for key in sorted(_FIELD_KEYS):
        assert f"| `{key}` |" in fields, key


def test_every_kind_taking_a_pile_takes_the_guides_scope_of_several_piles() -> None:
    from deckbuilder.games.description import game_from_data

    files = example_files()
    data = json.loads(files["relic-raiders/game.json"])
    data["formats"] = [json.loads(files["relic-raiders/formats/standard.json"])]
    game = game_from_data(data, "guide", None)
    assert '`"pile": ["leader", "deck"]`' in GUIDE
    for name, kind in RULE_KINDS.items():
        if ":" in name or "pile" not in kind.optional:
            continue
        for pile, wanted in (
            (["leader", "deck"], []),
            (["leader", "crew"], ["names no pile of the game ('crew')"]),
        ):
            problems = [p for p in kind.problems(game, {"pile": pile}) if p.startswith('"pile"')]
            assert problems == [f'"pile" {w}' for w in wanted], name
