"""The command registry: every command listed once, its help, parser and runner all found from that one entry."""

from __future__ import annotations

import importlib
import io
import subprocess
import sys

import pytest

from deckbuilder.cli import COMMANDS, main


def test_every_command_is_listed_once_and_shown_in_the_help(capsys) -> None:  # type: ignore[no-untyped-def]
    names = [command.name for command in COMMANDS]
    assert len(names) == len(set(names))
    assert main(["--help"], out=io.StringIO(), err=io.StringIO()) == 0
    out = capsys.readouterr().out
    listed = [line.split()[0] for line in out.splitlines() if line.startswith("    ") and line.split()]
    assert [name for name in listed if name in names] == names


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c.name)
def test_each_command_module_parses_and_runs(command, capsys) -> None:  # type: ignore[no-untyped-def]
    module = importlib.import_module(command.module)
    assert callable(module.add_arguments) and callable(module.run)
    assert main([command.name, "--help"], out=io.StringIO(), err=io.StringIO()) == 0
    assert f"usage: ragedeck {command.name}" in capsys.readouterr().out


def test_a_command_loads_only_its_own_module() -> None:
    script = (
        "import sys\n"
        "from deckbuilder.cli import main\n"
        "code = main(['formats'])\n"
        "print('LOADED', sorted(m for m in sys.modules if m.startswith('deckbuilder.cli.')), code)\n"
    )
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    loaded = proc.stdout.splitlines()[-1]
    assert "'deckbuilder.cli.formats'" in loaded
    for other in ("check", "export", "odds", "search", "collection", "import_cards", "gui"):
        assert f"'deckbuilder.cli.{other}'" not in loaded
