"""Fix-it hints: for every error the engine raises, a deck with it, the hint offered, and the deck legal after it."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from carddb.cardtypes import Section
from carddb.model import CardInfo
from deckbuilder.deck import Deck
from deckbuilder.fixhints import (
    NO_AUTOMATIC_FIX,
    Change,
    FixHint,
    HintsCancelled,
    apply_changes,
    fix_hints,
    no_fix_reason,
)
from deckbuilder.games.rage.engine import RULES
from deckbuilder.games.rage.fixhints import PLANNERS
from deckbuilder.legality import check_deck, load_format
from deckbuilder.legality.formats import RULE_CODES, Format
from tests.deckbuilder.legality.pool import (
    BASE_COMBAT,
    BASE_SEPT,
    InMemoryPool,
    card,
    character,
    combat_cards,
    counted,
    legal_deck,
    make_pool,
    sept_cards,
)

REVISED = load_format("revised")
# Pool cards hints may name: spare Characters of each allegiance, spare combat and sept cards.
SPARE = [
    character("Mara Stillwater", 4, keywords="Garou - Uktena - Theurge - Homid"),
    character("Harrow Brightclaw", 2, keywords="Garou - Fianna - Ahroun - Lupus"),
    character("Skrag the Render", 6, allegiance="Wyrm", keywords="Black Spiral Dancers - Ahroun"),
    character("Wanders-Alone", 3, allegiance="Rogue", keywords="Corax"),
    character("Pretty Feather", 9, allegiance="Rogue", keywords="Corax"),
    *combat_cards(3, prefix="Spare Claw"),
    *sept_cards(3, prefix="Spare Omen"),
]
SPARE_CLAW = SPARE[5]


def _pool(*extra: CardInfo) -> InMemoryPool:
    return make_pool(*SPARE, *extra)


def _applied(deck: Deck, hint: FixHint) -> Deck:
    fixed = deck.copy()
    apply_changes(fixed, hint.changes)
    return fixed


def _hints_for(deck: Deck, pool: InMemoryPool, code: str, fmt: Format = REVISED) -> list[FixHint]:
    candidates = list(pool.cards.values())
    found = fix_hints(deck, pool, candidates, fmt, 20)
    assert code in [error.code for error, _ in found], [e.code for e, _ in found]
    return next(hints for error, hints in found if error.code == code)


def _deck_unknown() -> tuple[Deck, InMemoryPool, Format]:
    deck = legal_deck()
    spare = SPARE_CLAW.name
    # A typo, placed by its file (and, no card, counted in no pile: the combat deck keeps its 20 without it).
    deck.add(spare.replace("Spare", "Spair"), 2, zone_hint=Section.COMBAT)
    return deck, _pool(), REVISED


def _deck_retired() -> tuple[Deck, InMemoryPool, Format]:
    # A re-import renamed it: the old name is retired, the card that took its place is current.
    old = SPARE_CLAW.replace(
        name="Spare Swipe", norm_name="spare swipe", retired=True, replaced_by=SPARE_CLAW.name
    )
    deck = legal_deck()
    deck.add(old.name, 2, zone_hint=Section.COMBAT)
    return deck, _pool(old), REVISED


def _deck_unplaceable() -> tuple[Deck, InMemoryPool, Format]:
    odd = card("Strange Relic", "Artifact")
    deck = legal_deck()
    deck.add(odd.name)
    return deck, _pool(odd), REVISED


def _deck_set_not_in_format() -> tuple[Deck, InMemoryPool, Format]:
    playtest = card("Untested Rite", "Event", sets=("Playtest",))
    deck = legal_deck()
    deck.remove(BASE_SEPT[0].name, 1)
    deck.add(playtest.name)
    return deck, _pool(playtest), load_format("revised-tournament")


def _deck_banned() -> tuple[Deck, InMemoryPool, Format]:
    field = card("Burning Field", "Battlefield")
    deck = legal_deck()
    deck.remove(BASE_SEPT[0].name, 3)
    deck.add(field.name, 3)
    return deck, _pool(field), load_format("revised-tournament")


def _deck_no_characters() -> tuple[Deck, InMemoryPool, Format]:
    deck = legal_deck()
    for member in ("Thorn Ashwalker", "Willa Greysong", "Old Crickbone"):
        deck.remove(member)
    return deck, _pool(), REVISED


def _deck_over_level() -> tuple[Deck, InMemoryPool, Format]:
    deck = legal_deck()
    deck.add("Mara Stillwater")  # 20 + 4
    return deck, _pool(), REVISED


def _deck_character_copies() -> tuple[Deck, InMemoryPool, Format]:
    deck = legal_deck()
    deck.remove("Thorn Ashwalker")
    deck.remove("Willa Greysong")
    deck.add("Old Crickbone")  # two copies: 10 Renown
    return deck, _pool(), REVISED


def _deck_versions() -> tuple[Deck, InMemoryPool, Format]:
    second = character("Old Crickbone 2", 3, keywords="Garou - Bone Gnawer - Ragabash - Metis")
    deck = legal_deck()
    deck.remove("Thorn Ashwalker")
    deck.add(second.name)
    return deck, _pool(second), REVISED


def _deck_mixed() -> tuple[Deck, InMemoryPool, Format]:
    deck = legal_deck()
    deck.remove("Thorn Ashwalker")
    deck.add("Skrag the Render")
    return deck, _pool(), REVISED


def _deck_rogue_over_half() -> tuple[Deck, InMemoryPool, Format]:
    deck = legal_deck()
    deck.remove("Thorn Ashwalker")
    deck.remove("Willa Greysong")
    deck.add("Pretty Feather")  # Rogue 9 of 14
    return deck, _pool(), REVISED


def _deck_combat_minimum() -> tuple[Deck, InMemoryPool, Format]:
    deck = legal_deck()
    deck.remove(BASE_COMBAT[0].name, 1)
    deck.remove(BASE_COMBAT[1].name, 2)
    return deck, _pool(), REVISED


def _deck_combat_copies() -> tuple[Deck, InMemoryPool, Format]:
    deck = legal_deck()
    deck.add(BASE_COMBAT[0].name, 1)
    return deck, _pool(), REVISED


def _deck_sept_minimum() -> tuple[Deck, InMemoryPool, Format]:
    deck = legal_deck()
    deck.remove(BASE_SEPT[0].name, 3)
    deck.remove(BASE_SEPT[1].name, 1)
    return deck, _pool(), REVISED


def _deck_sept_copies() -> tuple[Deck, InMemoryPool, Format]:
    deck = legal_deck()
    deck.remove(BASE_SEPT[1].name, 1)
    deck.add(BASE_SEPT[0].name, 1)  # 4 copies; the sept deck stays at 30
    return deck, _pool(), REVISED


CASES: dict[str, Callable[[], tuple[Deck, InMemoryPool, Format]]] = {
    "UNKNOWN_CARD": _deck_unknown,
    "RETIRED_CARD": _deck_retired,
    "UNPLACEABLE_CARD": _deck_unplaceable,
    "SET_NOT_IN_FORMAT": _deck_set_not_in_format,
    "BANNED_CARD": _deck_banned,
    "NO_CHARACTERS": _deck_no_characters,
    "RENOWN_OVER_LEVEL": _deck_over_level,
    "CHARACTER_COPIES": _deck_character_copies,
    "CHARACTER_VERSIONS": _deck_versions,
    "ALLEGIANCE_MIXED": _deck_mixed,
    "ROGUE_OVER_HALF": _deck_rogue_over_half,
    "COMBAT_MINIMUM": _deck_combat_minimum,
    "COMBAT_COPIES": _deck_combat_copies,
    "SEPT_MINIMUM": _deck_sept_minimum,
    "SEPT_COPIES": _deck_sept_copies,
}


def test_every_error_code_has_a_case_or_a_reason_for_no_fix() -> None:
    error_codes = {code for rule in RULES if rule.severity.value == "error" for code in rule.codes}
    error_codes.discard("PRINTING_NOT_IN_FORMAT")  # an info the SET_NOT_IN_FORMAT rule also yields
    assert error_codes <= set(RULE_CODES)
    assert error_codes == set(CASES)
    # A warning with a fix too, and the demo cards (an engine check every format runs).
    assert set(PLANNERS) == set(CASES) | {"ALLEGIANCE_UNUSABLE", "DEMO_CARD"}
    assert "INTERNAL_ERROR" in NO_AUTOMATIC_FIX


@pytest.mark.parametrize("code", sorted(CASES))
def test_each_error_gets_a_hint_that_makes_the_deck_legal(code: str) -> None:
    deck, pool, fmt = CASES[code]()
    before = check_deck(deck, pool, fmt, 20)
    assert [e.code for e in before.errors] == [code]
    hints = _hints_for(deck, pool, code, fmt)
    assert hints, f"no hint for {code}"
    for hint in hints:
        assert hint.fixes == code
        assert hint.message
        assert check_deck(_applied(deck, hint), pool, fmt, 20).is_legal, (hint.message, hint.changes)


def test_over_level_swap_keeps_allegiance_and_uses_renown_highest() -> None:
    deck, pool, _ = _deck_over_level()  # Renown 24 at level 20: 4 over
    hints = _hints_for(deck, pool, "RENOWN_OVER_LEVEL")
    swaps = [h for h in hints if h.code == "SWAP"]
    assert swaps
    best = swaps[0]
    added = [c.name for c in best.changes if c.count > 0]
    # 24 Renown at level 20: swapping Willa (7) for Harrow (2) keeps 19, more than any other swap.
    fixed = _applied(deck, best)
    report = check_deck(fixed, pool, REVISED, 20)
    assert counted(report).allegiance == "Gaia"
    assert all(pool.lookup(n) is not None and "Gaia" in pool.lookup(n).type for n in added)  # type: ignore[union-attr]
    assert counted(report).renown == max(
        counted(check_deck(_applied(deck, h), pool, REVISED, 20)).renown for h in swaps
    )
    assert counted(report).renown == 19


def test_removal_hint_names_the_smallest_character_that_is_enough() -> None:
    deck, pool, _ = _deck_over_level()
    removals = [h for h in _hints_for(deck, pool, "RENOWN_OVER_LEVEL") if h.code == "REMOVE"]
    # 4 over: Mara (4) is enough and costs the least Renown; it comes first.
    assert "Mara Stillwater" in removals[0].message


def test_missing_combat_cards_come_from_the_deck_first() -> None:
    deck, pool, _ = _deck_combat_minimum()  # Quick Swipe AA at 1 copy, AB gone: 3 missing
    hint = _hints_for(deck, pool, "COMBAT_MINIMUM")[0]
    added = {c.name: c.count for c in hint.changes}
    assert added.get(BASE_COMBAT[0].name) == 1  # room under the limit of 2, taken before any pool card
    assert sum(added.values()) == 3


def test_trim_over_limit_that_would_empty_the_minimum_refills_it() -> None:
    deck = legal_deck()
    deck.add(BASE_SEPT[0].name, 2)  # 5 copies, 32 sept cards: trimming 2 leaves exactly 30
    pool = _pool()
    hint = _hints_for(deck, pool, "SEPT_COPIES")[0]
    assert hint.code == "TRIM"
    assert "from 5 to 3" in hint.message
    assert check_deck(_applied(deck, hint), pool, REVISED, 20).is_legal


def test_allegiance_unusable_cards_are_not_suggested() -> None:
    meeting = card("Board Meeting of Doom", "Board Meeting")
    deck, _, _ = _deck_combat_minimum()
    deck.remove(BASE_SEPT[0].name, 3)
    pool = _pool(meeting)
    hints = _hints_for(deck, pool, "SEPT_MINIMUM")
    assert hints
    assert all(c.name != meeting.name for h in hints for c in h.changes)


def test_a_legal_deck_has_no_hints() -> None:
    pool = _pool()
    assert fix_hints(legal_deck(), pool, list(pool.cards.values()), REVISED, 20) == []


def test_an_error_with_no_possible_fix_is_listed_with_no_hint() -> None:
    # Every combat card is at its limit and no pool cards are offered: nothing can fill the combat deck.
    deck = legal_deck()
    deck.remove(BASE_COMBAT[0].name, 2)
    pool = _pool()
    found = {error.code: hints for error, hints in fix_hints(deck, pool, [], REVISED, 20)}
    assert found == {"COMBAT_MINIMUM": []}


def test_a_sept_card_of_the_other_allegiance_is_replaced_and_the_deck_stays_legal() -> None:
    meeting = card("Board Meeting of Doom", "Board Meeting")
    deck = legal_deck()
    deck.remove(BASE_SEPT[0].name, 1)
    deck.add(meeting.name)
    pool = _pool(meeting)
    report = check_deck(deck, pool, REVISED, 20)
    assert report.is_legal and "ALLEGIANCE_UNUSABLE" in report.codes
    hints = _hints_for(deck, pool, "ALLEGIANCE_UNUSABLE")
    assert hints[0].code == "REPLACE"
    assert f"1 × {BASE_SEPT[0].name}" in hints[0].message  # the deck's own card comes back first
    fixed = check_deck(_applied(deck, hints[0]), pool, REVISED, 20)
    assert fixed.is_legal and "ALLEGIANCE_UNUSABLE" not in fixed.codes


def test_a_swap_that_leaves_the_pack_still_over_the_level_is_not_offered() -> None:
    deck, pool, _ = _deck_over_level()
    for hint in _hints_for(deck, pool, "RENOWN_OVER_LEVEL"):
        assert counted(check_deck(_applied(deck, hint), pool, REVISED, 20)).renown <= 20


def test_an_empty_pack_of_a_wyrm_sept_deck_is_offered_wyrm_or_rogue_characters() -> None:
    meetings = [card(f"Board Meeting {i}", "Board Meeting") for i in range(10)]
    deck = Deck(name="Wyrm sept")
    for meeting in meetings:
        deck.add(meeting.name, 3)
    for combat in BASE_COMBAT:
        deck.add(combat.name, 2)
    pool = _pool(*meetings)
    hints = _hints_for(deck, pool, "NO_CHARACTERS")
    assert hints
    for hint in hints:
        added = pool.lookup(hint.changes[0].name)
        assert added is not None and dict(hint.params)["allegiance"] in ("Wyrm", "Rogue"), hint.message
        assert "Gaia" not in added.type


def test_filler_cards_are_chosen_for_the_pack_not_by_name() -> None:
    # A card no Character of the pack can play (Rage 9) sorts first by name; the filler must be one they can play.
    angry = card("Aardvark Frenzy", "Combat Action", rage=9)
    deck = legal_deck()
    deck.remove(BASE_COMBAT[0].name, 2)
    pool = _pool(angry)
    hints = _hints_for(deck, pool, "COMBAT_MINIMUM")
    assert hints
    added = {c.name for h in hints for c in h.changes if c.count > 0}
    assert angry.name not in added


def test_a_mistyped_name_offers_replace_before_remove() -> None:
    # Removing the one mistyped copy is the smaller change, but the player meant a real card: replacing comes first.
    deck = legal_deck()
    deck.add("Spare Omn AA", 1, zone_hint=Section.SEPT)
    hints = _hints_for(deck, _pool(), "UNKNOWN_CARD")
    kinds = [(h.code, h.variant) for h in hints]
    assert kinds[0] == ("REPLACE", "closest") and kinds[-1] == ("REMOVE", ""), kinds
    assert hints[0].message == "Replace 'Spare Omn AA' with 'Spare Omen AA' (the closest card name)"


def test_a_starting_copy_over_the_limit_is_dropped_from_the_starting_list() -> None:
    deck = legal_deck()
    deck.add(BASE_SEPT[0].name, 1, starting=True)  # 3 in the sept deck + 1 starting: 4 of a limit of 3
    hints = _hints_for(deck, _pool(), "SEPT_COPIES")
    assert hints[0].changes == (Change(BASE_SEPT[0].name, -1, None, starting=True),)
    assert hints[0].message == f"Drop '{BASE_SEPT[0].name}' from the starting list (1 over the limit)"
    assert check_deck(_applied(deck, hints[0]), _pool(), REVISED, 20).is_legal


def test_an_unread_line_gets_an_honest_reason() -> None:
    assert "correct or delete that line" in no_fix_reason("DECK_FILE_UNREAD")
    assert "DECK_FILE_UNREAD" in NO_AUTOMATIC_FIX


class _PoolWithSets(InMemoryPool):
    """A pool that lists its sets, as a card database does (demo cards are barred once a real set is in)."""

    def set_names(self) -> list[str]:
        return sorted({p.set_name for c in self.cards.values() for p in c.printings})


def test_demo_cards_get_a_hint_that_takes_them_out_and_keeps_the_sections_full() -> None:
    from carddb.demo import DEMO_SET

    demo = card("Demo Howl", "Event", sets=(DEMO_SET,))
    deck = legal_deck()
    deck.remove(BASE_SEPT[0].name, 1)
    deck.add(demo.name, 1)  # 30 sept cards, one of them a demo card
    pool = _PoolWithSets([*make_pool(*SPARE).cards.values(), demo])
    hints = _hints_for(deck, pool, "DEMO_CARD")
    assert hints and hints[0].code == "REMOVE" and hints[0].variant == "demo"
    fixed = _applied(deck, hints[0])
    assert fixed.count_of(demo.name) == 0
    assert check_deck(fixed, pool, REVISED, 20).is_legal


def _cancel_after(answers_no: int) -> tuple[Callable[[], bool], list[int]]:
    """A cancel that says no `answers_no` times, then yes; and how often it was asked."""
    asked = [0]

    def cancel() -> bool:
        asked[0] += 1
        return asked[0] > answers_no

    return cancel, asked


def test_a_cancel_stops_working_hints_out_at_the_next_candidate_check() -> None:
    deck, pool, fmt = _deck_unknown()
    deck.add(BASE_COMBAT[0].name, 2)  # another error: copies over the limit
    candidates = list(pool.cards.values())
    never_cancel, asked_in_all = _cancel_after(10**6)
    found = fix_hints(deck, pool, candidates, fmt, 20, cancel=never_cancel)
    assert found == fix_hints(deck, pool, candidates, fmt, 20)  # asked and never cancelled: the same hints
    assert asked_in_all[0] > 4  # asked between candidate checks
    cancel, asked = _cancel_after(3)
    with pytest.raises(HintsCancelled):  # through the planners' "a failed planner leaves no hints" too
        fix_hints(deck, pool, candidates, fmt, 20, cancel=cancel)
    assert asked[0] == 4  # it stopped at the first yes, asking nothing more
