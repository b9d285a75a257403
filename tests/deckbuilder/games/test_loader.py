"""The one loader of games and formats on hostile files: bounded, one link policy, clear refusals, no crash or hang."""

from __future__ import annotations

import json
import os
import shutil
import threading
from pathlib import Path

import pytest

from deckbuilder.deck import Deck
from deckbuilder.games.description import GameError
from deckbuilder.games.loader import (
    FormatError,
    available_games,
    format_problems,
    formats_of,
    game_problems,
    load_format_file,
    load_game,
    load_game_dir,
    user_formats_dir,
    user_games_dir,
)
from deckbuilder.legality import available_formats, check_deck, load_format
from tests.deckbuilder.games.user_files import settled, tiny_game, user_format, user_game
from tests.deckbuilder.legality.pool import legal_deck, make_pool

SHIPPED = Path(__file__).resolve().parents[3] / "deckbuilder" / "games"
HUGE_NUMBER = "9" * 5000  # over Python's 4,300-digit limit for int()


def test_a_number_of_5000_digits_in_a_user_format_is_refused_and_checks_go_on() -> None:
    path = user_format(
        "huge.json", f'{{"name": "huge", "rules": [{{"kind": "rage:sept_minimum", "min": {HUGE_NUMBER}}}]}}'
    )
    with pytest.raises(FormatError, match="more than 40 digits") as caught:
        load_format_file(path)
    assert str(path) in str(caught.value)
    (problem,) = format_problems()
    assert "huge.json" in problem and "file skipped" in problem
    assert check_deck(legal_deck(), make_pool()).is_legal  # the other formats still work
    assert "huge" not in [f.name for f in available_formats()]


def test_a_number_of_5000_digits_in_a_user_games_description_skips_that_game() -> None:
    user_game(
        "big",
        f'{{"name": "big", "piles": [{{"id": "p", "label": "P", "types": ["A"]}}], "x": {HUGE_NUMBER}}}',
    )
    (problem,) = game_problems()
    assert "more than 40 digits" in problem and "game skipped" in problem
    assert "lithic-rage" in [g.name for g in available_games()]


def test_a_format_nested_100000_deep_is_refused_without_recursion() -> None:
    path = user_format("deep.json", '{"name": "deep", "rules": ' + "[" * 100_000 + "]" * 100_000 + "}")
    with pytest.raises(FormatError, match="nested too deeply"):
        load_format_file(path)
    assert "nested too deeply" in format_problems()[0]


def test_a_nul_in_a_file_name_inside_game_json_is_a_clear_error(tmp_path: Path) -> None:
    folder = tmp_path / "nul"
    folder.mkdir()
    (folder / "game.json").write_text(json.dumps(tiny_game(formats=["a\u0000b.json"])), encoding="utf-8")
    with pytest.raises(GameError, match="must name a file in the game's formats folder"):
        load_game_dir(folder)
    # A NUL in the card file's name: the game loads, and its shipped card set is simply absent (never a crash).
    (folder / "game.json").write_text(json.dumps(tiny_game(cards="cards\u0000.csv")), encoding="utf-8")
    assert load_game_dir(folder).cards_path() is None


@pytest.mark.parametrize(
    "text",
    [
        '{"name": "twice", "name": "again", "rules": []}',
        '{"name": "twice", "rules": [{"kind": "rage:sept_minimum", "min": 30, "min": 0}]}',
    ],
)
def test_duplicate_keys_in_a_format_are_refused(text: str) -> None:
    path = user_format("twice.json", text)
    with pytest.raises(FormatError, match="appears twice in one object"):
        load_format_file(path)


def test_duplicate_keys_in_a_games_description_are_refused(tmp_path: Path) -> None:
    (tmp_path / "game.json").write_text('{"name": "a", "name": "b"}', encoding="utf-8")
    with pytest.raises(GameError, match="appears twice"):
        load_game_dir(tmp_path)


def test_a_user_game_on_the_rage_engine_is_refused_not_judged_legal() -> None:
    rage = json.loads((SHIPPED / "rage" / "game.json").read_text(encoding="utf-8"))
    rage.update(name="my-rage", formats=["mine.json"], default_format="mine")
    folder = user_game("my-rage", rage)
    (folder / "formats" / "mine.json").write_text(
        json.dumps({"name": "mine", "rules": [{"kind": "rage:sept_minimum", "min": 30}]}), encoding="utf-8"
    )
    (problem,) = game_problems()
    assert 'runs on the "rage" engine' in problem and "game skipped" in problem
    with pytest.raises(GameError, match="Unknown game 'my-rage'"):
        load_game("my-rage")
    assert load_game("rage").engine == "rage"  # the shipped game is untouched


def test_a_fifo_in_the_user_formats_folder_is_refused_at_once() -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes on this system")
    user_formats_dir().mkdir(parents=True, exist_ok=True)
    os.mkfifo(user_formats_dir() / "pipe.json")
    found: list[object] = []
    worker = threading.Thread(target=lambda: found.append(check_deck(legal_deck(), make_pool())), daemon=True)
    worker.start()
    worker.join(120)  # a bound for a hang, not a timing assertion: the check never waits for a writer
    assert found, "the check blocked on the FIFO"
    (problem,) = format_problems()
    assert "pipe.json" in problem and "named pipe" in problem


def test_one_link_policy_for_user_formats_and_user_games(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "league.json").write_text(json.dumps({"name": "league", "rules": []}), encoding="utf-8")
    game = outside / "tiny"
    game.mkdir()
    (game / "game.json").write_text(json.dumps(tiny_game()), encoding="utf-8")

    # Links leading out of the user folders are refused and named, never read.
    user_formats_dir().mkdir(parents=True, exist_ok=True)
    (user_formats_dir() / "league.json").symlink_to(outside / "league.json")
    user_games_dir().mkdir(parents=True, exist_ok=True)
    (user_games_dir() / "tiny").symlink_to(game)
    assert "league" not in [f.name for f in available_formats()]
    assert any("league.json" in p and "leads outside" in p for p in format_problems())
    assert "tiny" not in [g.name for g in available_games()]
    assert any("tiny" in p and "leads outside" in p for p in game_problems())

    # Links that stay inside are followed, for both alike.
    (user_formats_dir() / "league.json").unlink()
    (user_games_dir() / "tiny").unlink()
    shutil.copy(outside / "league.json", user_formats_dir() / "real-league.json")
    (user_formats_dir() / "league.json").symlink_to(user_formats_dir() / "real-league.json")
    shutil.copytree(game, user_games_dir() / "real-tiny")
    (user_games_dir() / "tiny").symlink_to(user_games_dir() / "real-tiny")
    assert load_format("league").name == "league"
    assert format_problems() == []
    assert load_game("tiny").name == "tiny" and game_problems() == []


def test_a_user_format_file_may_name_another_game() -> None:
    user_format(
        "lithic-open.json",
        json.dumps({"name": "open", "game": "lithic-rage", "rules": [{"kind": "unknown_card"}]}),
    )
    lithic = load_game("lithic-rage")
    assert [f.name for f in formats_of(lithic)] == ["standard", "open"]
    assert "open" not in [f.name for f in available_formats()]  # not a Rage format
    deck = Deck(game="lithic-rage", format="open")
    from deckbuilder.games.cards import shipped_pool
    from deckbuilder.games.check import check

    report = check(deck, shipped_pool(lithic))
    assert report.game == "lithic-rage" and report.format == "open" and report.is_legal
    user_format("stray.json", json.dumps({"name": "stray", "game": "no-such-game", "rules": []}))
    assert any("stray.json" in p and "no-such-game" in p for p in format_problems())


@pytest.mark.parametrize("game", ["rage", "lithic-rage"])
def test_an_unknown_field_of_a_format_in_the_one_shape_is_named(game: str) -> None:
    path = user_format(
        "colour.json",
        json.dumps(
            {
                "name": "colour",
                "game": game,
                "colour": "red",
                "rules": [{"kind": "unknown_card" if game != "rage" else "rage:unknown_card"}],
            }
        ),
    )
    with pytest.raises(FormatError, match="unknown field"):
        load_format_file(path)


def test_an_unchanged_user_format_is_read_once_and_a_changed_one_again() -> None:
    league = {"name": "league", "title": "League", "rules": [{"kind": "rage:sept_minimum", "min": 30}]}
    path = user_format("league.json", json.dumps(league))
    settled(path, 3600)
    rage = load_game("rage")
    (first,) = [f for f in formats_of(rage) if f.name == "league"]
    (again,) = [f for f in formats_of(rage) if f.name == "league"]
    assert again is first  # the same file: not read, parsed and validated a second time
    path.write_text(json.dumps({**league, "title": "League 2"}), encoding="utf-8")
    settled(path, 60)
    (changed,) = [f for f in formats_of(rage) if f.name == "league"]
    assert changed.title == "League 2"


def test_a_format_file_rewritten_within_its_clock_tick_is_read_again() -> None:
    # The same size, written twice at once: its timestamp alone could not tell the two apart.
    path = user_format("league.json", '{"name": "league", "title": "AAAA", "rules": []}')
    rage = load_game("rage")
    assert [f.title for f in formats_of(rage) if f.name == "league"] == ["AAAA"]
    path.write_text('{"name": "league", "title": "BBBB", "rules": []}', encoding="utf-8")
    assert [f.title for f in formats_of(rage) if f.name == "league"] == ["BBBB"]


def test_an_unchanged_user_game_is_read_once_and_an_edited_one_again() -> None:
    folder = user_game("tiny", tiny_game())
    for file in (folder / "game.json", folder):
        settled(file, 3600)
    first = load_game("tiny")
    assert load_game("tiny") is first
    (folder / "formats" / "extra.json").write_text('{"name": "extra", "rules": []}', encoding="utf-8")
    description = tiny_game(formats=[{"name": "open", "rules": []}, "extra.json"])
    (folder / "game.json").write_text(json.dumps(description), encoding="utf-8")
    for file in (folder / "game.json", folder / "formats" / "extra.json"):
        settled(file, 60)
    edited = load_game("tiny")
    assert [f.name for f in edited.formats] == ["open", "extra"]


def _data_dir() -> Path:
    return user_formats_dir().parent


def test_a_formats_folder_made_in_a_data_folder_untouched_for_long_is_seen_by_the_next_check() -> None:
    # The usual data folder: written days ago, without games or formats. One look at it answers for both...
    settled(_data_dir(), 3600)
    deck = Deck(entries=legal_deck().entries, format="league")
    assert check_deck(deck, make_pool()).format == "revised"  # no such format: the default's check
    assert check_deck(deck, make_pool()).format == "revised"
    # ... until the player makes the folder and puts a format in it: the very next check finds it.
    user_format("league.json", '{"name": "league", "title": "League", "rules": []}')
    assert check_deck(deck, make_pool()).format == "league"


def test_a_games_folder_made_in_a_data_folder_untouched_for_long_is_seen_by_the_next_lookup() -> None:
    settled(_data_dir(), 3600)
    assert [p.id for p in load_game("warrift").piles] != ["main"]  # the shipped game
    assert [p.id for p in load_game("warrift").piles] != ["main"]
    user_game("warrift", tiny_game("warrift"))  # the player's own of that name replaces it
    assert [p.id for p in load_game("warrift").piles] == ["main"]


def test_a_formats_folder_reached_by_a_link_is_seen_once_its_target_is_made(tmp_path: Path) -> None:
    # Making the link's target does not touch the data folder: a link is looked at on every check.
    target = tmp_path / "my-formats"
    user_formats_dir().parent.mkdir(parents=True, exist_ok=True)
    user_formats_dir().symlink_to(target)
    settled(_data_dir(), 3600)
    deck = Deck(entries=legal_deck().entries, format="league")
    assert check_deck(deck, make_pool()).format == "revised"
    assert check_deck(deck, make_pool()).format == "revised"
    target.mkdir()
    (target / "league.json").write_text('{"name": "league", "rules": []}', encoding="utf-8")
    assert check_deck(deck, make_pool()).format == "league"
