"""Printer profiles: saved by name in the user data folder, whole or not at all, broken entries kept and named."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deckbuilder.export.printers import (
    PrinterProfile,
    edit_profile,
    load_profiles,
    profiles_path,
    remove_profile,
    save_profile,
)


def test_profiles_round_trip_by_name_whatever_the_case() -> None:
    assert load_profiles().profiles == {}
    save_profile(PrinterProfile("Office Laser", 1.25, -0.5, 1.002, 0.998))
    save_profile(PrinterProfile("  Inkjet ", 0, 2))
    store = load_profiles()
    assert sorted(store.profiles) == ["Inkjet", "Office Laser"]
    assert store.get("office laser") == PrinterProfile("Office Laser", 1.25, -0.5, 1.002, 0.998)
    save_profile(PrinterProfile("OFFICE LASER", 3))  # replaces, does not add a second
    assert sorted(load_profiles().profiles) == ["Inkjet", "OFFICE LASER"]
    assert remove_profile("inkjet") and not remove_profile("inkjet")
    assert list(load_profiles().profiles) == ["OFFICE LASER"]
    assert profiles_path().is_file() and not list(profiles_path().parent.glob("*.tmp"))


def test_unknown_profile_names_the_saved_ones() -> None:
    save_profile(PrinterProfile("Laser"))
    with pytest.raises(ValueError, match=r"no printer profile named 'Inkjet' \(saved: Laser"):
        load_profiles().get("Inkjet")


@pytest.mark.parametrize(
    ("values", "fragment"),
    [
        ({"offset_x_mm": 31}, "X offset must be"),
        ({"offset_y_mm": float("nan")}, "Y offset must be"),
        ({"scale_x": 1.2}, "X scale must be"),
        ({"scale_y": 0}, "Y scale must be"),
    ],
)
def test_implausible_numbers_are_refused(values: dict[str, float], fragment: str) -> None:
    with pytest.raises(ValueError, match=fragment):
        PrinterProfile("x", **values)


@pytest.mark.parametrize(
    ("name", "fragment"), [("", "needs a name"), ("a\x07b", "control"), ("x" * 61, "at most")]
)
def test_bad_names_are_refused(name: str, fragment: str) -> None:
    with pytest.raises(ValueError, match=fragment):
        save_profile(PrinterProfile(name))
    assert not profiles_path().exists()


def test_a_broken_entry_is_named_skipped_and_kept_when_another_is_saved() -> None:
    path = profiles_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"printers": {"Old": {"scale_x": 5}, "Good": {"offset_x_mm": 1}}}))
    store = load_profiles()
    assert list(store.profiles) == ["Good"]
    assert len(store.problems) == 1 and "'Old' skipped" in store.problems[0]
    save_profile(PrinterProfile("New", 0.5))
    stored = json.loads(path.read_text())["printers"]
    assert stored["Old"] == {"scale_x": 5} and set(stored) == {"Old", "Good", "New"}


@pytest.mark.parametrize("content", [b"{not json", b"[1, 2]", b"\xff\xfe garbage", b'{"printers": 3}'])
def test_a_damaged_file_is_reported_and_never_overwritten(content: bytes) -> None:
    path = profiles_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    store = load_profiles()
    assert store.profiles == {} and len(store.problems) == 1
    saved = edit_profile("New", lambda current: PrinterProfile("New"))
    assert saved.note is not None and "kept as printers.json.damaged-" in saved.note
    (aside,) = path.parent.glob("printers.json.damaged-*")
    assert aside.read_bytes() == content  # kept beside it, byte for byte
    assert list(load_profiles().profiles) == ["New"]


def test_a_fifo_or_huge_file_is_refused_without_hanging(tmp_path: Path) -> None:
    import os

    fifo = tmp_path / "printers.json"
    os.mkfifo(fifo)
    assert load_profiles(fifo).problems
    huge = tmp_path / "huge.json"
    huge.write_bytes(b" " * (2 << 20))
    assert load_profiles(huge).problems


@given(
    st.one_of(
        st.binary(max_size=400),
        st.recursive(
            st.none() | st.booleans() | st.floats() | st.integers() | st.text(max_size=20),
            lambda inner: (
                st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4)
            ),
            max_leaves=20,
        ).map(lambda value: json.dumps({"printers": value}).encode()),
    )
)
def test_any_file_content_loads_or_is_named_never_raises(content: bytes) -> None:
    path = profiles_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    store = load_profiles(path)
    for name, profile in store.profiles.items():
        assert profile.name == name and abs(profile.offset_x_mm) <= 30 and 0.9 <= profile.scale_x <= 1.1
