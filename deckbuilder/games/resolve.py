"""The one place where a deck's names become cards, for every game (Rage's included).

Each name is looked up once (the pool may prefetch the deck first); a card a re-import retired is no longer in the
data and resolves as unknown, with the card that took its place; a reprint (`Whippoorwill (2)`) is folded into the
card it reprints when the game says so (`fold_reprints` in its game.json); a card goes to the pile its Type names (an
unknown one keeps the pile its file's zone named, for the views: the rules count it in no pile, games/scope.py); the
copies a deck lists apart (its starting list: the pile without `types`, Rage's "Starting in play" or another game's
sideboard) stay apart; near names are suggested for unknown cards when a check asks. The answer is the `ResolvedDeck` every view and every engine reads.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from carddb.model import RAGE, CardInfo
from carddb.reprints import reprint_base_name, reprint_of
from deckbuilder.deck import MAX_SUGGESTED_UNKNOWN, Deck, DeckEntry, prefetch_cards
from deckbuilder.games.resolved import ResolvedCard, ResolvedDeck

if TYPE_CHECKING:
    from deckbuilder.games.description import Game


def _lookup(pool: Any, name: str) -> CardInfo | None:
    """The pool's card for a name: a broken pool must not crash the checker; its card is reported as unknown."""
    try:
        found: CardInfo | None = pool.lookup(name)
    except Exception:
        return None
    return found


def _suggest(pool: Any, name: str) -> list[str]:
    try:
        return list(pool.suggest(name))
    except Exception:  # suggestions are a courtesy
        return []


def _reprinted(card: CardInfo, pool: Any) -> CardInfo | None:
    """The card a reprint (`Name (digit)`) stands for, or None: Rage's reading (carddb.reprints: same game text,
    never a Character), and for another game the card of the base name with the same Type and every other field."""

    if card.game == RAGE:
        return reprint_of(card, lambda other: _lookup(pool, other))
    base_name = reprint_base_name(card.name)
    base = _lookup(pool, base_name) if base_name is not None else None
    if base is None or base.norm_name == card.norm_name or base.retired:
        return None
    return base if (base.type, dict(base.fields)) == (card.type, dict(card.fields)) else None


def _folded(pool: Any, card: CardInfo) -> tuple[CardInfo, str | None]:
    """The card a reprint stands for (its printings joined with the reprint's) and the reprint's set, if any."""
    cached = _REPRINTS.get(id(card))
    if cached is not None and cached[0] is card:
        return cached[1], cached[2]
    base = _reprinted(card, pool)
    answer: tuple[CardInfo, str | None]
    if base is None:
        answer = (card, None)
    else:
        printings = card.printings
        known = {p.set_name for p in base.printings}
        extra = tuple(p for p in printings if p.set_name not in known)
        merged = base.replace(printings=(*base.printings, *extra)) if extra else base
        answer = (merged, printings[0].set_name if printings else None)
    if len(_REPRINTS) >= 50_000:
        _REPRINTS.clear()  # a bound, not an eviction policy
    # Held with the card so its id cannot be reused; one merged object per card, so its facts are cached too.
    _REPRINTS[id(card)] = (card, *answer)
    return answer


# id(card as looked up) -> (that card, the card it stands for, the reprint's set or None).
_REPRINTS: dict[int, tuple[CardInfo, CardInfo, str | None]] = {}


def pile_placer(game: Game) -> Callable[[str], str | None]:
    """The pile a card Type goes in by the game's piles (worked out once per Type for this game)."""
    return _piles_by_type(game).__getitem__


class _PileByType(dict[str, str | None]):
    """A game's pile per card Type, each worked out on first ask (a known Type is a plain subscript: resolve_deck
    asks for every card of every check), and how each card the pool answered is placed in the game."""

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        # id(card as looked up) -> how it is placed (_Placed): a card's fold and pile are the same on every check, so
        # a check reads them with one look-up.
        self.placed: dict[int, _Placed] = {}
        # The pile without `types` (the starting list, a sideboard), asked on every check.
        self.apart = game.starting_pile()

    def __missing__(self, card_type: str) -> str | None:
        pile = self[card_type] = self.game.pile_of(card_type)
        return pile

    def place(self, pool: Any, answer: CardInfo) -> _Placed:
        """The card a pool's answer stands for in this game and its pile, worked out once per card."""
        card: CardInfo | None
        if answer.retired:
            # No longer in the card data: unknown, with the card that took its place.
            card, reprint_set = None, None
        elif self.game.fold_reprints:
            card, reprint_set = _folded(pool, answer)
        else:
            card, reprint_set = answer, None
        placed: _Placed = (answer, card, self[card.type] if card is not None else None, reprint_set, {})
        if len(self.placed) >= 50_000:
            self.placed.clear()  # a bound, not an eviction policy
        # Held with the card so its id cannot be reused.
        self.placed[id(answer)] = placed
        return placed


# How a card the pool answered is placed in a game: (that card, the card it stands for (None: retired), its pile,
# the reprint's set or None, the ResolvedCards made of it by copies, or (copies, set named) when a set is).
_Placed = tuple[CardInfo, CardInfo | None, str | None, str | None, dict[Any, ResolvedCard]]


def _piles_by_type(game: Game) -> _PileByType:
    """The game's _PileByType, kept for as long as the same game object is asked about."""
    known = _PLACERS.get(id(game))
    if known is not None and known.game is game:
        return known
    if len(_PLACERS) > 100:
        _PLACERS.clear()
    known = _PLACERS[id(game)] = _PileByType(game)
    return known


_PLACERS: dict[int, _PileByType] = {}


def _hinted_pile(entry: DeckEntry, game: Game) -> str | None:
    """The pile an unknown card's file zone named, when that is a pile of the game."""
    hint = entry.zone_hint.value if entry.zone_hint is not None else None
    return hint if hint is not None and any(p.id == hint for p in game.piles) else None


def _more(item: ResolvedCard, count: int, starting: bool, set_name: str | None) -> ResolvedCard:
    """A card met before with another entry's copies (in the starting list when `starting`) and set added."""
    sets = item.set_names if not set_name or set_name in item.set_names else (*item.set_names, set_name)
    return ResolvedCard(
        item.key,
        item.name,
        item.card,
        item.pile,
        item.count if starting else item.count + count,
        item.starting + count if starting else item.starting,
        sets,
    )


def resolve_deck(deck: Deck, pool: Any, game: Game, suggest: bool = False) -> ResolvedDeck:
    """The deck's cards, merged by card and placed in the game's piles; `suggest`: near names for unknown cards."""
    placer = _piles_by_type(game)
    placed = placer.placed
    cards: dict[str, ResolvedCard] = {}
    entry_cards: dict[str, Any] = {}
    asked: dict[str, Any] = {}  # what the pool answered for the names outside its prefetch (None: nothing)
    retired: dict[str, str] = {}
    unknown: list[ResolvedCard] = []  # the cards no card of the game answers to, in the deck's order
    # What the pool's lookup answers for the names it already knows (all of them once a deck was read): read from
    # here, the pool is asked one by one only for the rest.
    known = prefetch_cards(pool, deck)
    for entries, starting in ((deck.entries, False), (deck.starting, True)):
        for entry in entries:
            key = entry.key
            if key in known:
                answer = entry_cards[key] = known[key]
            elif key in asked:
                answer = asked[key]
            else:
                # A broken pool must not crash the checker; the card is reported as unknown.
                try:
                    answer = pool.lookup(entry.name)
                except Exception:
                    answer = None
                else:
                    entry_cards[key] = answer
                asked[key] = answer
            count = entry.count if entry.count > 0 else 0
            if answer is not None:
                hit = placed.get(id(answer))
                if hit is None or hit[0] is not answer:
                    hit = placer.place(pool, answer)
                _answer, card, pile, reprint_set, made = hit
                if card is not None:
                    set_name = entry.set_name or reprint_set
                    key = card.norm_name
                    item = cards.get(key)
                    if item is None and not starting:
                        # A card's entry as most decks list it: the ResolvedCard made for the same copies and set
                        # before (read-only, so one may stand in every check that has it), else a new one kept.
                        kept = count if set_name is None else (count, set_name)  # (no tuple for most)
                        item = made.get(kept)
                        if item is None:
                            item = made[kept] = ResolvedCard(
                                key, card.name, card, pile, count, 0, (set_name,) if set_name else ()
                            )
                        cards[key] = item
                        continue
                    if item is None:
                        cards[key] = ResolvedCard(
                            key, card.name, card, pile, 0, count, (set_name,) if set_name else ()
                        )
                        continue
                    # Another entry of a card already met (another printing, or its starting copies): a new
                    # ResolvedCard, as the one met may be a kept one.
                    cards[key] = _more(item, count, starting, set_name)
                    continue
                retired[key] = answer.replaced_by or ""
            # No card of the game answers to it: unknown, in the pile its file named (when a pile of the game).
            item = cards.get(key)
            if item is None:
                item = cards[key] = ResolvedCard(
                    key,
                    entry.name,
                    None,
                    _hinted_pile(entry, game),
                    0 if starting else count,
                    count if starting else 0,
                    (entry.set_name,) if entry.set_name else (),
                )
                unknown.append(item)
            else:
                cards[key] = _more(item, count, starting, entry.set_name)
    named = unknown[:MAX_SUGGESTED_UNKNOWN]
    suggestions = {c.key: _suggest(pool, c.name) for c in named} if suggest else {}
    if retired:
        # Only the unknown cards a check names one by one are told apart as retired.
        keys = {c.key for c in named}
        retired = {k: v for k, v in retired.items() if k in keys}
    return ResolvedDeck(
        game.name,
        tuple(cards.values()),
        entry_cards,
        apart=placer.apart,
        suggestions=suggestions,
        retired=retired,
    )
