"""Each catalogue speaks the glossary's words (issue 27): docs/glossary.md fixes, per language,
the one word for each game term; every translated entry whose English says the term says it
with the glossary's word, and the word entries (suits, seats, games, Nil) are the glossary's.

A word is matched by its stem: the longest beginning all the glossary's spellings of it share
(``wareeg / wareegga / wareegyo`` → ``wareeg``), or any spelling whole, so an inflected form
(Somali's definite suffixes, Hausa's plurals) counts and another word does not.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

REPO = Path(__file__).resolve().parent.parent
GLOSSARY = REPO / "docs" / "glossary.md"
LANGS = {"so": "Somali", "ha": "Hausa", "ceb": "Cebuano"}

#: The game words checked in running text: glossary term → the English it stands for in a msgid.
RUNNING = {
    "trick": r"\btricks?\b",
    "trump": r"\btrumps?\b|\btrumped\b|\btrumping\b",
    "bid": r"\bbid(?:s|ding)?\b",
    "contract": r"\bcontracts?\b",
    "bag": r"\bbags?\b",
    "dealer": r"(?<!non-)\bdealer'?s?\b",
    "partner": r"\bpartner'?s?\b",
    "follow suit": r"\bfollow suit\b",
    "Nil": r"(?<!Blind )\bNil\b",
    "Blind Nil": r"\bBlind Nil\b",
}
#: Entries whose English names a word that is not the game word: the hand record's JSON keys
#: (``bid``, ``look``, ``pass``, ``play``), which stay as they are in every language.
NOT_GAME_WORDS = {"REC_ACTION_KIND"}
#: Word entries (msgctxt) that are a glossary word, whole.
WORDS = {
    "seat.compass.0": "North", "seat.compass.1": "East", "seat.compass.2": "South", "seat.compass.3": "West",
    "suit.S": "spades", "suit.H": "hearts", "suit.D": "diamonds", "suit.C": "clubs",
    "game.spades": "Spades (the game)", "game.oh_hell": "Oh Hell (the game)",
    "bid.nil": "Nil", "bid.blind_nil": "Blind Nil",
}


def glossary(lang: str) -> dict[str, list[str]]:
    """term (before any bracket) → its spellings, from the language's table."""
    text = GLOSSARY.read_text(encoding="utf-8")
    section = text.split(f"## {LANGS[lang]} (`{lang}`)", 1)[1].split("\n## ", 1)[0]
    out: dict[str, list[str]] = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3 or cells[0] in ("term", "") or set(cells[0]) <= {"-"}:
            continue
        out[cells[0]] = [w.strip().strip("*") for w in cells[1].split(" / ") if w.strip()]
        out.setdefault(re.sub(r"\s*\(.*\)$", "", cells[0]), out[cells[0]])
    return out


def stems(spellings: list[str]) -> list[str]:
    low = [s.lower() for s in spellings]
    common = os.path.commonprefix(low)
    return ([common] if len(common) >= 3 else []) + low


def says(text: str, spellings: list[str]) -> bool:
    low = text.lower()
    return any(s in low for s in stems(spellings))


def _catalogues(lang: str):
    for domain in ("engine", "tutor"):
        path = REPO / domain / "locale" / lang / "LC_MESSAGES" / f"{domain}.po"
        with open(path, "rb") as fh:
            yield from read_po(fh)


@pytest.mark.parametrize("lang", sorted(LANGS))
def test_the_glossary_has_every_game_word(lang):
    words = glossary(lang)
    missing = [t for t in [*RUNNING, *WORDS.values()] if not words.get(t)]
    assert missing == []


@pytest.mark.parametrize("lang", sorted(LANGS))
def test_each_catalogue_says_the_glossarys_word_for_each_game_word(lang):
    words = glossary(lang)
    wrong = []
    for m in _catalogues(lang):
        if not m.id or not m.string or m.context in NOT_GAME_WORDS:
            continue
        # a placeholder ({trump}, {partner}) is filled at run time, not the English word
        english = [re.sub(r"\{[^{}]*\}", "", e) for e in (m.id if isinstance(m.id, tuple) else (m.id,))]
        translated = m.string if isinstance(m.string, tuple) else (m.string,)
        for term, pattern in RUNNING.items():
            if re.search(pattern, re.sub(r"\{[^{}]*\}", "", " ".join(english))):  # not a placeholder's name ({trump})
                for form in translated:
                    if form and not says(form, words[term]):
                        wrong.append((m.context, term, form))
        if m.context in WORDS and not says(translated[0], words[WORDS[m.context]]):
            wrong.append((m.context, WORDS[m.context], translated[0]))
    assert wrong == [], f"{len(wrong)} entries without the glossary's word, e.g. {wrong[:5]}"


def test_stems_match_inflections_and_not_other_words():
    assert stems(["wareeg", "wareegga", "wareegyo"])[0] == "wareeg"
    assert says("Wareegga koowaad", ["wareeg", "wareegga", "wareegyo"])
    assert not says("kaarka", ["wareeg", "wareegga"])
