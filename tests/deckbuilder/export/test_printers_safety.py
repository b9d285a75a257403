"""printers.json under the user data rule: two processes saving at once lose nothing, a hostile file (deep,
huge numbers, a link out) is named in one line by every command, a damaged one is kept aside, never overwritten."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckbuilder.export.printers import PrinterProfile, load_profiles, profiles_path, save_profile
from tests.deckbuilder.cli.helpers import run
from tests.deckbuilder.together import run_together

SAVES_PER_PROCESS = 12

_SAVER = f"""
from deckbuilder.export.printers import PrinterProfile, save_profile
for n in range({SAVES_PER_PROCESS}):
    save_profile(PrinterProfile(f"P{{worker}}-{{n}}", offset_x_mm=n / 10))
"""


def test_two_processes_saving_profiles_at_once_lose_none(tmp_path: Path) -> None:
    run_together(_SAVER, 2, {"RAGEDECK_DATA_DIR": str(profiles_path().parent)})
    saved = load_profiles()
    assert saved.problems == ()
    expected = {f"P{worker}-{n}" for worker in range(2) for n in range(SAVES_PER_PROCESS)}
    assert set(saved.profiles) == expected


def test_two_printer_save_commands_at_once_both_keep_their_profile(tmp_path: Path) -> None:
    script = """
from deckbuilder.cli import main
for n in range(4):
    assert main(["printer", "save", f"Cmd{worker}-{n}", "--offset-x", "0.5"]) == 0
"""
    run_together(script, 2, {"RAGEDECK_DATA_DIR": str(profiles_path().parent)})
    assert set(load_profiles().profiles) == {f"Cmd{w}-{n}" for w in range(2) for n in range(4)}


HOSTILE = {
    "deep": b'{"printers": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
    "digits": b'{"printers": {"Laser": {"offset_x_mm": ' + b"1" * 5000 + b"}}}",
    "repeated key": b'{"printers": {"Laser": {"offset_x_mm": 1, "offset_x_mm": 2}}}',
}


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_hostile_profiles_file_is_named_by_every_printer_command(kind: str, tmp_path: Path) -> None:
    path = profiles_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(HOSTILE[kind])
    for arguments in (["printer", "list"], ["printer", "remove", "Laser"], ["printer", "save", "Laser"]):
        code, _out, err = run(*arguments)
        assert "Traceback" not in err and code in (0, 2), err
        assert "printers.json" in err
    # the save kept the damaged file aside, byte for byte, and wrote a sound one
    aside = [p for p in path.parent.iterdir() if p.name.startswith("printers.json.damaged-")]
    assert len(aside) == 1 and aside[0].read_bytes() == HOSTILE[kind]
    assert list(load_profiles().profiles) == ["Laser"]


def test_export_with_a_printer_names_a_hostile_profiles_file(tmp_path: Path) -> None:
    path = profiles_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(HOSTILE["digits"])
    deck = tmp_path / "deck.txt"
    deck.write_text("1 Moonfang Scout\n")
    code, _out, err = run(
        "export",
        str(deck),
        "--to",
        "proxies",
        "-o",
        str(tmp_path / "p.pdf"),
        "--duplex",
        "long",
        "--printer",
        "Laser",
    )
    assert "Traceback" not in err and code == 2 and "printers.json" in err


def test_a_profiles_file_linking_out_of_its_folder_is_neither_read_nor_replaced(tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere.json"
    content = json.dumps({"printers": {"Laser": {"offset_x_mm": 1}}}).encode()
    outside.write_bytes(content)
    path = profiles_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to(outside)
    store = load_profiles()
    assert store.profiles == {} and "leads out of its folder" in store.problems[0]
    with pytest.raises(ValueError, match="leads out of its folder"):
        save_profile(PrinterProfile("Inkjet"))
    assert outside.read_bytes() == content and path.is_symlink()


def test_a_negative_zero_offset_shows_without_two_signs() -> None:
    code, out, err = run("printer", "save", "Laser", "--offset-x", "-0.0", "--offset-y", "-0.001")
    assert code == 0, err
    assert "+-" not in out and "X +0.00 mm" in out and "Y +0.00 mm" in out


def test_two_readings_of_one_corner_are_refused_not_dropped() -> None:
    code, _out, err = run(
        "printer", "measure", "Laser", "--reading", "A", "1", "0", "--reading", "a", "2", "0"
    )
    assert code == 2 and "A" in err and "twice" in err
    assert load_profiles().profiles == {}


PROFILE_VALUES = st.recursive(
    st.none() | st.booleans() | st.floats() | st.integers() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=12,
)
PROFILE_LIKE = st.dictionaries(
    st.text(max_size=14),
    st.fixed_dictionaries(
        {},
        optional={
            field: st.floats() | st.integers(-(10**60), 10**60) | PROFILE_VALUES
            for field in ("offset_x_mm", "offset_y_mm", "scale_x", "scale_y")
        },
    )
    | PROFILE_VALUES,
    max_size=4,
)


@settings(max_examples=80)
@given(
    content=st.one_of(
        st.binary(max_size=300),
        PROFILE_LIKE.map(lambda printers: json.dumps({"version": 1, "printers": printers}).encode()),
        st.integers(1, 200).map(
            lambda depth: b'{"printers": ' + b"[" * depth * 10 + b"]" * depth * 10 + b"}"
        ),
        st.integers(30, 6000).map(
            lambda digits: b'{"printers": {"A": {"scale_x": 1' + b"0" * digits + b"}}}"
        ),
    )
)
def test_fuzz_any_profiles_file_loads_saves_or_is_named_in_one_line(content: bytes) -> None:
    path = profiles_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    for old in path.parent.glob("printers.json*"):
        old.unlink()
    path.write_bytes(content)
    store = load_profiles()
    assert all("\n" not in problem for problem in store.problems)
    for name, profile in store.profiles.items():
        assert profile.name == name and abs(profile.offset_x_mm) <= 30 and 0.9 <= profile.scale_y <= 1.1
    save_profile(PrinterProfile("Fuzz", 1.0))
    assert load_profiles().get("Fuzz").offset_x_mm == 1.0
    aside = [p.read_bytes() for p in path.parent.glob("printers.json.damaged-*")]
    if aside:  # the whole file was refused: kept byte for byte
        assert aside == [content] and store.profiles == {}
    else:  # every stored entry kept as it was, even one skipped as broken
        stored = json.loads(path.read_text())["printers"]
        for key, value in json.loads(content)["printers"].items():
            # Compared as JSON text: a kept NaN is the same entry, though NaN != NaN.
            assert key.casefold() == "fuzz" or json.dumps(stored[key]) == json.dumps(value)


def test_the_alignment_sheet_is_never_written_onto_the_profiles_it_reads() -> None:
    save_profile(PrinterProfile("Laser", 1.0))
    before = profiles_path().read_bytes()
    code, _out, err = run("printer", "sheet", "-o", str(profiles_path()), "--printer", "Laser")
    assert code == 2 and "reads" in err
    assert profiles_path().read_bytes() == before
