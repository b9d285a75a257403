"""The names a query of free words pins before its other matches: its words as a name, and the test that tells from
a name alone that its card matches (carddb.search asks the full-text index only about the others).
"""

from __future__ import annotations

import re

from carddb.query import And, Node, Or, Text


def name_words(node: Node) -> str:
    """The words a query may name a card by: its free words and phrases in order, when they are ANDed."""
    if isinstance(node, Text):
        return node.text
    if isinstance(node, And):
        return " ".join(c.text for c in node.children if isinstance(c, Text))
    return ""


_ASCII_TOKEN = re.compile(r"[a-z0-9]+")


class NameTest:
    """Whether a card's name alone answers a query of free words (a sure yes; no means "ask the index").

    Only for ASCII text, where the full-text index's tokenizer (unicode61) is plain to restate: a token is a run of
    ASCII letters and digits, folded to lower case; a word is the phrase of its tokens in a row, its last one a
    prefix unless the word was quoted. Each word is one pattern over the lower-cased name."""

    __slots__ = ("any_of", "lead", "patterns")

    def __init__(self, patterns: tuple[re.Pattern[str], ...], any_of: bool, lead: str | None = None) -> None:
        self.patterns = patterns
        self.any_of = any_of
        # One unquoted one-token word: a name that begins with it matches its pattern (nothing precedes the token),
        # a check far cheaper than the pattern's search, and most names pinned for the word begin so.
        self.lead = lead

    @classmethod
    def of(cls, node: Node) -> NameTest | None:
        texts = [node] if isinstance(node, Text) else list(getattr(node, "children", ()))
        if not all(isinstance(t, Text) and t.text.isascii() for t in texts):
            return None
        patterns = []
        leads = []
        for text in texts:
            assert isinstance(text, Text)
            tokens = _ASCII_TOKEN.findall(text.text.lower())
            if tokens:  # a word without letters or digits is no condition (_fts_group leaves it out)
                phrase = "[^a-z0-9]+".join(map(re.escape, tokens))
                patterns.append(re.compile(f"(?<![a-z0-9]){phrase}{'(?![a-z0-9])' if text.phrase else ''}"))
                leads.append(tokens[0] if len(tokens) == 1 and not text.phrase else None)
        if not patterns:
            return None
        return cls(tuple(patterns), isinstance(node, Or), leads[0] if len(leads) == 1 else None)

    def sure(self, name: str) -> bool:
        """True when the name's own tokens match the query (then the card matches it, whatever its other fields)."""
        if not name.isascii():
            return False
        folded = name.lower()
        if len(self.patterns) == 1:  # one word, as typed most often
            if self.lead is not None and folded.startswith(self.lead):
                return True
            return self.patterns[0].search(folded) is not None
        found = (pattern.search(folded) for pattern in self.patterns)
        return any(found) if self.any_of else all(found)
