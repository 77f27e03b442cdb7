"""The question generators of the six exercise notebooks.

Every generator takes an :class:`~tutor.exercises.core.Rng` (seeded from the
exercise, question and student id) and the teacher's settings, builds its deal
or position with the engine, and takes the expected answer from the engine:
legal cards from ``legal_plays``/``check_play`` (SP-13, SP-14, OH-9, OH-V6),
trick winners from hands played through the engine (SP-16, OH-10), Spades
scores from :func:`engine.score_spades_side` and whole :class:`SpadesGame`
hands (SP-17 … SP-22), Oh Hell scores from :func:`score_oh_hell_seat` and
played :class:`OhHellGame` hands (OH-11, OH-V7, OH-V8), the hook from
``hooked_bid``/``check_bid``/``legal_bids`` (OH-V4).  Nothing is typed in by
hand.

Seats are 0 North, 1 East, 2 South, 3 West in both games (the Oh Hell
questions use four players and the same seat names).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from engine import (Bid, Card, Deal, OhHellGame, OhHellRules, Phase, Rank, SpadesGame, Suit,
                    score_spades_side)
from engine.cards import describe_cards
from engine.ohhell import score_oh_hell_seat
from engine.verdict import Reason

from .bidcount import estimate_bid
from .core import NOBODY, SEATS, SIDES, TIE, Question, Rng

__all__ = ["EXERCISES", "ExerciseSpec"]

Gen = Callable[[Rng, dict], Question]


@dataclass(frozen=True)
class ExerciseSpec:
    """One exercise notebook: ``name`` (file stem), ``title``, ``skill`` (one
    paragraph for the notebook's introduction), ``rules`` (ids practised),
    ``generators`` (one per question, in order), ``titles`` (question titles)."""

    name: str
    title: str
    skill: str
    rules: tuple[str, ...]
    generators: tuple[Gen, ...]
    titles: tuple[str, ...]


# ------------------------------------------------------------------ helpers
_SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)


def cards_text(cards) -> str:
    """Cards for a prompt, spades, hearts, clubs, diamonds, each high to low: ``"A♠ 7♠ 10♥ 4♥"``."""
    cs = sorted(cards, key=lambda c: (_SUIT_ORDER.index(c.suit), -c.rank))
    return " ".join(c.display for c in cs) if cs else "(no cards)"


def _key_cards(cards) -> list[str]:
    """Cards as a key literal: canonical codes, sorted like :func:`cards_text`."""
    cs = sorted(cards, key=lambda c: (_SUIT_ORDER.index(c.suit), -c.rank))
    return [c.code for c in cs]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _strip_yes(msg: str) -> str:
    return msg[5:] if msg.startswith("Yes: ") else msg


def _spades_game(rng: Rng, bids: Callable[[Rng, int], int] | None = None) -> SpadesGame:
    g = SpadesGame(first_deal=rng.bits(40), dealer=rng.below(4))
    for _ in range(4):
        s = g.to_act
        g.bid(s, bids(rng, s) if bids else rng.between(1, 4))
    return g


def _oh_hell_game(rng: Rng, size: int, **rules) -> OhHellGame:
    rules.setdefault("no_trump_final_hand", False)
    g = OhHellGame(OhHellRules(players=4, hand_sizes=(size,), **rules),
                   first_deal=rng.bits(40), dealer=rng.below(4))
    return g


def _random_bids(g, rng: Rng, top: int | None = None) -> None:
    while g.phase is Phase.BIDDING:
        s = g.to_act
        legal = [b.value for b in g.legal_bids(s)]
        if top is not None:
            legal = [v for v in legal if v <= top] or legal
        g.bid(s, rng.pick(legal))


def _play_states(g, rng: Rng):
    """Yield ``g`` before every play of the current hand, then play a random legal card."""
    while g.phase is Phase.PLAY:
        yield g
        s = g.to_act
        g.play(s, rng.pick(g.legal_plays(s)))


def _completed_tricks(g, rng: Rng):
    """Play the current hand with random legal cards, yielding each completed Trick."""
    while g.phase is Phase.PLAY:
        s = g.to_act
        t = g.play(s, rng.pick(g.legal_plays(s)))
        if t is not None:
            yield t


class _NotFound(RuntimeError):
    pass


def _search(rng: Rng, make, pred, tries: int = 400):
    """First state of random hands (``make(rng)`` builds a game in PLAY) where
    ``pred(g)`` holds; returns the live game."""
    for _ in range(tries):
        g = make(rng)
        for state in _play_states(g, rng):
            if pred(state):
                return state
    raise _NotFound("no position found")  # pragma: no cover - the predicates are common


def _trick_line(trick, names=SEATS) -> str:
    parts = [f"{names[s]} {c.display}" for s, c in zip(trick.seats, trick.cards)]
    return ", ".join(parts)


def _trump_line(g) -> str:
    if g.trump is None:
        return "There is no trump in this hand."
    return f"Trump is {g.trump.noun} {g.trump.symbol} (the dealer turned up the {g.turn_up.display})."


# ------------------------------------------------ exercise 1: legal cards
_CARDS_HELP = 'Answer with a list of cards as text, e.g. ["10H", "QH"] (10H, TH, "10 H" and 10♥ all work).'


def _refusal_hint(v, card: Card, trick, names=SEATS) -> str:
    """A teaching hint for an illegal card from the engine's verdict (reason,
    rule, evidence), worded so as not to list the legal cards."""
    if v.reason is Reason.MUST_FOLLOW_SUIT:
        led = Card.parse(v.evidence["led_card"])
        return (f"the {card.display} is not allowed: {names[trick.leader]} led the {led.display} and you "
                f"still hold {led.suit.noun}, so you must follow suit ({v.rule}).")
    if v.reason is Reason.SPADES_NOT_BROKEN:
        return (f"the {card.display} is not allowed: spades are not broken yet and you hold other suits, "
                f"so you may not lead a spade ({v.rule}).")
    if v.reason is Reason.MUST_TRUMP:
        return (f"the {card.display} is not allowed: you cannot follow suit and must-trump is on, "
                f"so you must play a trump ({v.rule}).")
    return f"the {card.display} is not allowed ({v.rule})."


def _legal_question(title: str, g, seat: int, intro: list[str], rules: tuple[str, ...]) -> Question:
    hand = g.hand_of(seat)
    trick = g.current_trick
    legal = frozenset(g.legal_plays(seat))
    verdicts = {c: g.check_play(seat, c) for c in hand}  # computed now: the game may move on later
    prompt = list(intro)
    prompt.append(f"You are {SEATS[seat]}. Your cards: {cards_text(hand)}.")
    if trick.cards:
        prompt.append(f"The trick so far: {_trick_line(trick)}. It is your turn.")
    else:
        prompt.append("You are leading to this trick.")
    prompt.append("Which of your cards may you play? List every legal card.")
    held = frozenset(hand)
    why = sorted({verdicts[c].rule for c in legal if verdicts[c].rule} | set(rules))
    every = " (every card in your hand)" if legal == held else ""
    right = f"Right: the legal cards are {describe_cards(legal)}{every} ({', '.join(why)})."

    def judge(ans: frozenset) -> tuple[bool, str]:  # asked only for the accepted answer
        return ans == legal, right

    facts = {"seat": seat, "hand": _key_cards(hand), "trick": [c.code for c in trick.cards],
             "trump": None if getattr(g, "trump", Suit.SPADES) is None else getattr(g, "trump", Suit.SPADES).letter}
    q = Question("", title, prompt, "cards", _key_cards(legal), judge,
                 f"{cards_text(legal)} ({', '.join(why)})", rules, _CARDS_HELP, facts)
    q.universe = [c.code for c in sorted(held, key=lambda c: c.index)]
    q.outside = f"Not quite: you listed the {{item}}, which is not in your hand. Your cards are {cards_text(hand)}."
    q.item_notes = {c.code: ("" if c in legal else "Not quite: " + _refusal_hint(verdicts[c], c, trick))
                    for c in hand}
    q.generic = (f"Not quite: every card you listed may be played, but you left out at least one legal card. "
                 f"Check each card in your hand against the rules ({', '.join(rules)}).")
    return q


def _ex1_follow(rng: Rng, settings: dict) -> Question:
    def pred(g):
        t, s = g.current_trick, g.to_act
        hand = g.hand_of(s)
        if not t.cards or not 5 <= len(hand) <= 10:
            return False
        n_led = sum(c.suit == t.led_suit for c in hand)
        return n_led >= 2 and n_led < len(hand)
    g = _search(rng, _spades_game, pred)
    return _legal_question("Follow suit (Spades)", g, g.to_act,
                           ["Spades.", "Spades are broken." if g.spades_broken else "Spades are not broken yet."],
                           ("SP-14",))


def _ex1_void(rng: Rng, settings: dict) -> Question:
    def pred(g):
        t, s = g.current_trick, g.to_act
        hand = g.hand_of(s)
        if not t.cards or not 4 <= len(hand) <= 9 or t.led_suit == Suit.SPADES:
            return False
        return (not any(c.suit == t.led_suit for c in hand) and any(c.suit == Suit.SPADES for c in hand)
                and any(c.suit != Suit.SPADES for c in hand))
    g = _search(rng, _spades_game, pred)
    return _legal_question("Void in the suit led (Spades)", g, g.to_act,
                           ["Spades.", "Spades are broken." if g.spades_broken else "Spades are not broken yet."],
                           ("SP-14", "SP-15"))


def _ex1_lead_unbroken(rng: Rng, settings: dict) -> Question:
    def pred(g):
        s = g.to_act
        hand = g.hand_of(s)
        return (not g.current_trick.cards and not g.spades_broken and 5 <= len(hand) <= 11
                and any(c.suit == Suit.SPADES for c in hand) and any(c.suit != Suit.SPADES for c in hand))
    g = _search(rng, _spades_game, pred)
    return _legal_question("Leading before spades are broken", g, g.to_act,
                           ["Spades.", "Nobody has played a spade yet: spades are not broken."],
                           ("SP-13",))


def _ex1_lead_broken(rng: Rng, settings: dict) -> Question:
    def pred(g):
        s = g.to_act
        hand = g.hand_of(s)
        return (not g.current_trick.cards and g.spades_broken and 4 <= len(hand) <= 9
                and any(c.suit == Suit.SPADES for c in hand) and any(c.suit != Suit.SPADES for c in hand))
    g = _search(rng, _spades_game, pred)
    return _legal_question("Leading after spades are broken", g, g.to_act,
                           ["Spades.", "Earlier in this hand a player who had no card of the suit led "
                                       "played a spade: spades are broken."],
                           ("SP-13", "SP-15"))


def _ex1_all_spades(rng: Rng, settings: dict) -> Question:
    """A constructed deal: the leader holds A-K-Q of one suit and ten spades,
    wins three tricks with the A, K, Q (everyone follows), and then holds only
    spades while spades are still unbroken (SP-13's exception, SP-15)."""
    dealer = rng.below(4)
    leader = (dealer + 1) % 4
    top_suit = rng.pick((Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS))
    spades = rng.shuffled([c for c in _deck() if c.suit == Suit.SPADES])
    hands: dict[int, list[Card]] = {leader: spades[:10] + [Card(top_suit, r) for r in (Rank.ACE, Rank.KING, Rank.QUEEN)]}
    rest_top = rng.shuffled([c for c in _deck() if c.suit == top_suit and c.rank < Rank.QUEEN])
    others = [(leader + k) % 4 for k in (1, 2, 3)]
    split = rng.shuffled([3, 3, 4])
    pos = 0
    for s, n in zip(others, split):
        hands[s] = rest_top[pos:pos + n]
        pos += n
    pool = rng.shuffled(spades[10:] + [c for c in _deck() if c.suit not in (Suit.SPADES, top_suit)])
    for s in others:
        need = 13 - len(hands[s])
        hands[s] += pool[:need]
        pool = pool[need:]
    g = SpadesGame(dealer=dealer, auto_deal=False)
    g.apply(Deal(tuple(tuple(sorted(hands[s])) for s in range(4))))
    for _ in range(4):
        g.bid(g.to_act, rng.between(1, 4))
    for r in (Rank.ACE, Rank.KING, Rank.QUEEN):
        g.play(leader, Card(top_suit, r))
        for _ in range(3):
            s = g.to_act
            g.play(s, rng.pick(g.legal_plays(s)))
    intro = ["Spades.", f"You won the first three tricks with the A, K and Q of {top_suit.noun}; everyone "
                        f"followed suit, so nobody has played a spade yet: spades are not broken."]
    return _legal_question("A hand of only spades", g, leader, intro, ("SP-13", "SP-15"))


def _deck():
    from engine import DECK
    return list(DECK)


def _oh_intro(g, must_trump: bool) -> list[str]:
    return [f"Oh Hell, 4 players, {g.hand_size} cards each.", _trump_line(g),
            "Must-trump (La Podrida, OH-V6) is ON: a player who cannot follow suit must play a trump if he can."
            if must_trump else "Must-trump (OH-V6) is off: the standard rules (OH-9)."]


def _oh_search(rng: Rng, must_trump: bool, pred):
    def make(r):
        g = _oh_hell_game(r, r.between(6, 10), must_trump=must_trump)
        _random_bids(g, r)
        return g
    return _search(rng, make, pred)


def _void_with_trump(g) -> bool:
    t, s = g.current_trick, g.to_act
    hand = g.hand_of(s)
    if not t.cards or g.trump is None or t.led_suit == g.trump or len(hand) < 3:
        return False
    return (not any(c.suit == t.led_suit for c in hand) and any(c.suit == g.trump for c in hand)
            and sum(c.suit != g.trump for c in hand) >= 1)


def _ex1_oh_void(rng: Rng, settings: dict) -> Question:
    g = _oh_search(rng, False, _void_with_trump)
    return _legal_question("Oh Hell: void, must-trump off", g, g.to_act, _oh_intro(g, False), ("OH-9",))


def _ex1_oh_must_trump(rng: Rng, settings: dict) -> Question:
    g = _oh_search(rng, True, _void_with_trump)
    return _legal_question("Oh Hell: void, must-trump on", g, g.to_act, _oh_intro(g, True), ("OH-V6",))


def _ex1_oh_must_trump_follow(rng: Rng, settings: dict) -> Question:
    def pred(g):
        t, s = g.current_trick, g.to_act
        hand = g.hand_of(s)
        if not t.cards or g.trump is None or t.led_suit == g.trump:
            return False
        return (any(c.suit == t.led_suit for c in hand) and any(c.suit == g.trump for c in hand)
                and len(hand) >= 3)
    g = _oh_search(rng, True, pred)
    return _legal_question("Oh Hell: must-trump on, but you can follow", g, g.to_act, _oh_intro(g, True),
                           ("OH-9", "OH-V6"))


def _ex1_oh_lead(rng: Rng, settings: dict) -> Question:
    def pred(g):
        s = g.to_act
        hand = g.hand_of(s)
        return (not g.current_trick.cards and g.trump is not None and 3 <= len(hand) <= 8
                and any(c.suit == g.trump for c in hand) and any(c.suit != g.trump for c in hand))
    g = _oh_search(rng, False, pred)
    return _legal_question("Oh Hell: leading", g, g.to_act, _oh_intro(g, False), ("OH-9",))


# ------------------------------------------------ exercise 2: who wins the trick
_WINNER_HELP = 'Answer with the winning card as text, e.g. "Q♥", "QH" or "queen of hearts".'


def _winner_question(title: str, intro: list[str], trick, trump: Suit | None, rule: str,
                     no_trump_hand: bool) -> Question:
    winner = trick.winner
    wcard = trick.card_of(winner)
    led = trick.led_suit
    trump_played = trump is not None and any(c.suit == trump for c in trick.cards)
    prompt = list(intro) + [f"{SEATS[trick.leader]} led. The cards in the order played: {_trick_line(trick)}.",
                            "Which card wins this trick?"]
    if trump is not None and wcard.suit == trump and led != trump:
        n_trumps = sum(c.suit == trump for c in trick.cards)
        why = (f"{SEATS[winner]} had no {led.noun}, so {SEATS[winner]}'s {wcard.display} trumped the trick"
               + (f"; it is the highest of the {n_trumps} {trump.noun} played" if n_trumps > 1 else "")
               + f" ({rule}).")
    elif trump is None:
        why = (f"there is no trump, so the highest {led.singular} wins: {SEATS[winner]}'s {wcard.display} "
               f"({rule}{', OH-7' if no_trump_hand else ''}).")
    elif trump_played:
        why = f"{SEATS[winner]}'s {wcard.display} is the highest {trump.singular} played ({rule})."
    else:
        why = (f"no {trump.singular} was played, so the highest {led.singular} wins: "
               f"{SEATS[winner]}'s {wcard.display} ({rule}).")

    seat_of = {c: s for s, c in zip(trick.seats, trick.cards)}

    def judge(card: Card) -> tuple[bool, str]:
        if card not in seat_of:
            return False, generic
        seat = seat_of[card]
        if seat == winner:
            return True, "Right: " + why
        c = trick.card_of(seat)
        who = f"{SEATS[seat]}'s {c.display}"
        if c.suit != led and (trump is None or c.suit != trump):
            extra = ""
            if no_trump_hand and c.suit == Suit.SPADES:
                extra = " In this last hand there is no trump at all, so a spade is just another suit (OH-7)."
            return False, (f"Not quite: {who} is not a {led.singular}"
                           f"{'' if trump is None else ' and not a trump'}: cards of other suits never win, "
                           f"however high ({rule}).{extra}")
        if trump is not None and c.suit == trump:
            return False, f"Not quite: {who} is a trump, but a higher {trump.singular} was played to this trick ({rule})."
        higher_led = any(x.suit == led and x.rank > c.rank for x in trick.cards)
        if trump_played:
            return False, (f"Not quite: {who} follows suit, but a trump ({trump.noun}) was played to this trick, "
                           f"and the highest trump wins ({rule}).")
        if higher_led:
            return False, f"Not quite: a higher {led.singular} than {who} was played to this trick ({rule})."
        return False, f"Not quite ({rule})."  # pragma: no cover - unreachable: the highest led card wins

    generic = (f"Not quite: that card was not played to this trick. The winner is one of the four cards played: "
               f"{describe_cards(trick.cards)}.")
    facts = {"leader": trick.leader, "cards": [c.code for c in trick.cards], "winner": winner,
             "trump": None if trump is None else trump.letter}
    q = Question("", title, prompt, "card", wcard.code, judge, f"{wcard.display} ({SEATS[winner]}): {why}",
                 (rule,), _WINNER_HELP, facts)
    q.candidates, q.generic = list(trick.cards), generic
    return q


def _spades_trick(rng: Rng, pred):
    for _ in range(400):
        g = _spades_game(rng)
        for t in _completed_tricks(g, rng):
            if pred(t):
                return t
    raise _NotFound("no trick found")  # pragma: no cover


def _spades_winner(title: str, pred) -> Gen:
    def gen(rng: Rng, settings: dict) -> Question:
        t = _spades_trick(rng, pred)
        return _winner_question(title, ["Spades: spades are always trump (SP-2)."], t, Suit.SPADES, "SP-16", False)
    return gen


def _n_suit(t, suit) -> int:
    return sum(c.suit == suit for c in t.cards)


_ex2_follow = _spades_winner("Everyone follows suit",
                             lambda t: t.led_suit != Suit.SPADES and _n_suit(t, t.led_suit) == 4)
_ex2_discard = _spades_winner(
    "A high card of another suit",
    lambda t: t.led_suit != Suit.SPADES and _n_suit(t, Suit.SPADES) == 0
    and any(c.suit != t.led_suit and c.rank > t.card_of(t.winner).rank for c in t.cards))
_ex2_trumped = _spades_winner("Trumped", lambda t: t.led_suit != Suit.SPADES and _n_suit(t, Suit.SPADES) == 1)
_ex2_overtrumped = _spades_winner("Two spades on the trick",
                                  lambda t: t.led_suit != Suit.SPADES and _n_suit(t, Suit.SPADES) >= 2)
def _ex2_spade_led(rng: Rng, settings: dict) -> Question:
    # the winning spade's rank is drawn first (8 … K), else the A♠, K♠ and Q♠ would be most students' answer
    target = rng.pick((Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING))
    t = _spades_trick(rng, lambda t: t.led_suit == Suit.SPADES and t.card_of(t.winner).rank == target)
    return _winner_question("A spade is led", ["Spades: spades are always trump (SP-2)."], t, Suit.SPADES,
                            "SP-16", False)


def _oh_winner(title: str, pred, no_trump: bool) -> Gen:
    def gen(rng: Rng, settings: dict) -> Question:
        for _ in range(400):
            size = rng.between(5, 9)
            g = _oh_hell_game(rng, size, no_trump_final_hand=True) if no_trump else _oh_hell_game(rng, size)
            _random_bids(g, rng)
            trump = g.trump
            intro = [f"Oh Hell, 4 players, {size} cards each."]
            if no_trump:
                intro.append("This is the last hand of the game: no card is turned up and there is no trump (OH-7).")
            else:
                intro.append(_trump_line(g))
            for t in _completed_tricks(g, rng):
                if pred(t, trump):
                    return _winner_question(title, intro, t, trump, "OH-10", no_trump)
        raise _NotFound("no trick found")  # pragma: no cover
    return gen


_ex2_oh_trumped = _oh_winner(
    "Oh Hell: a trump is played",
    lambda t, tr: tr is not None and t.led_suit != tr and _n_suit(t, tr) >= 1, False)
_ex2_oh_no_trump_played = _oh_winner(
    "Oh Hell: nobody trumps",
    lambda t, tr: tr is not None and t.led_suit != tr and _n_suit(t, tr) == 0 and _n_suit(t, t.led_suit) < 4, False)
_ex2_oh_final = _oh_winner(
    "Oh Hell: the last hand, without trump",
    lambda t, tr: t.led_suit != Suit.SPADES and _n_suit(t, Suit.SPADES) >= 1
    and any(c.suit != t.led_suit and c.rank > t.card_of(t.winner).rank for c in t.cards), True)


# ------------------------------------------------ exercise 3: scoring a Spades hand
_INT_HELP = "Answer with a whole number, e.g. 52 or -40."


def _bid_text(b: Bid) -> str:
    return "Blind Nil" if b.blind else ("Nil" if b.value == 0 else str(b.value))


def _score_hint(lines, total: int, answer: int) -> str:
    """A hint from the engine's score lines that names the part to look at again."""
    for l in lines:
        if l.points and answer == total - l.points:
            return f"Not quite: you left out one part: “{l.item}” ({l.rule})."
    for l in lines:
        if l.points and answer == total - 2 * l.points:
            return f"Not quite: check the sign of “{l.item}” ({l.rule}): is it won or lost?"
    parts = "; ".join(f"{l.item} ({l.rule})" for l in lines)
    return f"Not quite. This hand's score has {_plural(len(lines), 'part')}: {parts}. Work out each part and add them up."


def _int_question(title: str, prompt: list[str], answer: int, lines, rules, explain: str) -> Question:
    def judge(a: int) -> tuple[bool, str]:
        if a == answer:
            return True, f"Right: {explain}"
        return False, _score_hint(lines, answer, a)
    facts = {"lines": [(l.item, l.points, l.rule) for l in lines]}
    q = Question("", title, prompt, "int", answer, judge, f"{answer} ({explain})", rules, _INT_HELP, facts)
    q.candidates = _hint_answers(lines, answer)
    return q


def _hint_answers(lines, total: int, shift: int = 0) -> list[int]:
    """The answers :func:`_score_hint` has a specific hint for (plus ``shift``)."""
    return sorted({total - k * l.points + shift for l in lines for k in (1, 2) if l.points})


def _lines_text(lines) -> str:
    return ", ".join(f"{l.item} {l.points:+d}" for l in lines) or "nothing"


def _spades_side_question(title: str, rng: Rng, bids: list[Bid], tricks: list[int], bags_before: int,
                          ask: str = "points", score_before: int | None = None) -> Question:
    side = rng.below(2)
    seats = (side, side + 2)
    bids = [Bid(s, b.value, b.blind) for s, b in zip(seats, bids)]
    lines, pts, bags_after = score_spades_side(side, bids, tricks, bags_before)
    name = SIDES[side]
    contract = sum(b.value for b in bids)
    prompt = [
        f"Spades. {name} bid: {SEATS[seats[0]]} {_bid_text(bids[0])}, {SEATS[seats[1]]} {_bid_text(bids[1])}"
        + (f" (contract {contract})." if contract else "."),
        f"They won: {SEATS[seats[0]]} {_plural(tricks[0], 'trick')}, {SEATS[seats[1]]} {_plural(tricks[1], 'trick')}.",
        f"{name} had {_plural(bags_before, 'bag')} before this hand."
        if score_before is None else
        f"{name} had {score_before} points and {_plural(bags_before, 'bag')} before this hand.",
    ]
    rules = tuple(dict.fromkeys(l.rule for l in lines))
    if ask == "total":
        prompt.append(f"What is {name}'s score after this hand?")
        total = score_before + pts
        explain = f"{score_before} {_lines_text(lines)} = {total}."

        def judge_total(a: int) -> tuple[bool, str]:
            if a == total:
                return True, f"Right: {explain}"
            if a == pts:
                return False, ("Not quite: that is this hand's score only; add it to the score before the hand "
                               "(SP-17).")
            return False, _score_hint(lines, pts, a - score_before)
        q = Question("", title, prompt, "int", total, judge_total, f"{total} ({explain})", rules, _INT_HELP,
                     {"lines": [(l.item, l.points, l.rule) for l in lines], "score_before": score_before})
        q.candidates = _hint_answers(lines, pts, score_before) + [pts]
        return q
    if ask == "points":
        prompt.append(f"How many points do {name} score for this hand (with any bag penalty)?")
        return _int_question(title, prompt, pts, lines, rules, f"{_lines_text(lines)} = {pts}.")
    prompt.append(f"How many bags do {name} have after this hand?")
    hand_bags = sum(l.points for l in lines if l.rule == "SP-19" or l.item == "bags")
    pen = sum(1 for l in lines if l.rule == "SP-20")

    def judge(a: int) -> tuple[bool, str]:
        if a == bags_after:
            return True, (f"Right: {bags_before} + {hand_bags} this hand; every 10 bags cost 100 points and are "
                          f"removed, the rest carry over (SP-20).")
        if a == bags_before + hand_bags:
            return False, "Not quite: when the count reaches 10, ten bags are removed (with a 100-point penalty) (SP-20)."
        return False, ("Not quite: add this hand's bags (tricks over the contract, SP-17, and failed-Nil tricks, "
                       "SP-19) to the bags before, then take away 10 for each penalty (SP-20).")
    q = Question("", title, prompt, "int", bags_after, judge,
                 f"{bags_after} ({bags_before} + {hand_bags} bags, {pen} penalty)", ("SP-17", "SP-19", "SP-20"),
                 _INT_HELP)
    q.candidates = [bags_before + hand_bags]
    return q


def _split(rng: Rng, total: int, cap_each: int = 13) -> tuple[int, int]:
    a = rng.between(max(0, total - cap_each), min(total, cap_each))
    return a, total - a


def _ex3_made(rng: Rng, settings: dict) -> Question:
    b1, b2 = rng.between(1, 6), rng.between(1, 6)
    t = _split(rng, b1 + b2)
    return _spades_side_question("Contract made exactly", rng, [Bid(0, b1), Bid(0, b2)], list(t), rng.between(0, 6))


def _ex3_bags(rng: Rng, settings: dict) -> Question:
    b1, b2 = rng.between(1, 5), rng.between(1, 4)
    k = rng.between(1, 3)
    bb = rng.between(0, 9 - k)
    return _spades_side_question("Contract made with overtricks", rng, [Bid(0, b1), Bid(0, b2)],
                                 list(_split(rng, b1 + b2 + k)), bb)


def _ex3_set(rng: Rng, settings: dict) -> Question:
    b1, b2 = rng.between(2, 6), rng.between(1, 6)
    k = rng.between(1, 4)
    return _spades_side_question("Contract set", rng, [Bid(0, b1), Bid(0, b2)],
                                 list(_split(rng, b1 + b2 - k)), rng.between(0, 9))


def _nil_pair(rng: Rng, nil: Bid, nil_won: int, partner_bid: int, partner_won: int, title: str,
              bags_room: bool = True) -> Question:
    order = rng.below(2)
    bids = [nil, Bid(0, partner_bid)]
    tricks = [nil_won, partner_won]
    if order:
        bids.reverse(); tricks.reverse()
    hand_bags = max(0, partner_won - partner_bid) + nil_won
    bb = rng.between(0, max(0, 9 - hand_bags))
    return _spades_side_question(title, rng, bids, tricks, bb)


def _ex3_nil_made(rng: Rng, settings: dict) -> Question:
    p = rng.between(2, 6)
    return _nil_pair(rng, Bid(0, 0), 0, p, p + rng.between(0, 2), "Nil made")


def _ex3_nil_failed(rng: Rng, settings: dict) -> Question:
    p = rng.between(2, 6)
    return _nil_pair(rng, Bid(0, 0), rng.between(1, 3), p, p + rng.between(0, 2), "Nil failed")


def _ex3_blind_made(rng: Rng, settings: dict) -> Question:
    p = rng.between(2, 9)
    return _nil_pair(rng, Bid(0, 0, True), 0, p, p - rng.between(1, min(3, p)), "Blind Nil made, partner set")


def _ex3_blind_failed(rng: Rng, settings: dict) -> Question:
    p = rng.between(3, 6)
    return _nil_pair(rng, Bid(0, 0, True), rng.between(1, 3), p, p - rng.between(1, 2),
                     "Blind Nil failed, partner set")


def _ex3_both_nil(rng: Rng, settings: dict) -> Question:
    a = Bid(0, 0, rng.below(2) == 0)
    b = Bid(0, 0)
    won = rng.between(1, 6)
    bids, tricks = [a, b], [0, won]
    if rng.below(2):
        tricks.reverse()
    return _spades_side_question("Both partners Nil", rng, bids, tricks, rng.between(0, 9 - won))


# ------------------------------------------------ exercise 4: bags and the end of the game
def _ex4_carry(rng: Rng, settings: dict) -> Question:
    b1, b2 = rng.between(1, 4), rng.between(1, 4)
    after = rng.between(1, 9)
    k = rng.between(1, min(after, 4))
    return _spades_side_question("Bags carried over", rng, [Bid(0, b1), Bid(0, b2)],
                                 list(_split(rng, b1 + b2 + k)), after - k, ask="bags")


def _ex4_penalty_points(rng: Rng, settings: dict) -> Question:
    b1, b2 = rng.between(1, 4), rng.between(1, 4)
    k = rng.between(1, 4)
    bb = rng.between(10 - k, 9)
    return _spades_side_question("A bag penalty", rng, [Bid(0, b1), Bid(0, b2)],
                                 list(_split(rng, b1 + b2 + k)), bb, ask="total", score_before=rng.between(60, 440))


def _two_penalty_hand(rng: Rng):
    while True:
        bb = rng.between(8, 9)
        n = rng.between(3, 6)
        p = rng.between(1, 2)
        j = rng.between(20 - bb - n, 13 - n - p)
        if bb + n + j >= 20 and n + p + j <= 13 and j >= 0:
            return bb, n, p, j


def _ex4_two_penalties(rng: Rng, settings: dict) -> Question:
    bb, n, p, j = _two_penalty_hand(rng)
    return _nil_pair_fixed(rng, bb, n, p, j, "Two bag penalties at once", "total")


def _ex4_penalty_bags(rng: Rng, settings: dict) -> Question:
    b1, b2 = rng.between(1, 3), rng.between(1, 3)
    after = rng.between(0, 6)
    k = rng.between(after + 1, min(after + 9, 13 - b1 - b2))
    return _spades_side_question("The bag count after a penalty", rng, [Bid(0, b1), Bid(0, b2)],
                                 list(_split(rng, b1 + b2 + k)), after + 10 - k, ask="bags")


def _nil_pair_fixed(rng: Rng, bb: int, n: int, p: int, j: int, title: str, ask: str) -> Question:
    bids, tricks = [Bid(0, 0), Bid(0, p)], [n, p + j]
    if rng.below(2):
        bids.reverse(); tricks.reverse()
    before = rng.between(100, 420) if ask == "total" else None
    return _spades_side_question(title, rng, bids, tricks, bb, ask=ask, score_before=before)


def _ex4_three_hands(rng: Rng, settings: dict) -> Question:
    """Three hands of one partnership (EX-S5 style), scored hand after hand."""
    while True:
        hands = []
        for _ in range(3):
            b1, b2 = rng.between(1, 4), rng.between(1, 4)
            hands.append((b1, b2, b1 + b2 + rng.between(1, 5)))
        if sum(w - b1 - b2 for b1, b2, w in hands) >= 10 and all(w <= 13 for _, _, w in hands):
            break
    side = rng.below(2)
    bags = 0
    total = 0
    all_lines = []
    for b1, b2, w in hands:
        t = _split(rng, w)
        lines, pts, bags = score_spades_side(side, [Bid(side, b1), Bid(side + 2, b2)], list(t), bags)
        total += pts
        all_lines.extend(lines)
    name = SIDES[side]
    prompt = [f"Spades. {name} start a game with 0 points and 0 bags and play three hands:"]
    for i, (b1, b2, w) in enumerate(hands, start=1):
        prompt.append(f"Hand {i}: they bid {b1} + {b2} = {b1 + b2} and win {w} tricks together.")
    prompt.append(f"What is {name}'s score after the three hands?")
    pen = [l for l in all_lines if l.rule == "SP-20"]

    def judge(a: int) -> tuple[bool, str]:
        if a == total:
            return True, f"Right: {_lines_text(all_lines)} = {total}; {bags} bag(s) carry over (SP-20)."
        if a == total + 100 * len(pen):
            return False, ("Not quite: the bags add up over the hands; when they reach 10 the partnership loses "
                           "100 points (SP-20).")
        return False, ("Not quite: score each hand (10 per contracted trick and 1 per overtrick, SP-17), keep a "
                       "running count of the bags, and take 100 points off when it reaches 10 (SP-20).")
    q = Question("", "Bags over three hands", prompt, "int", total, judge,
                 f"{total} ({_lines_text(all_lines)})", ("SP-17", "SP-20"), _INT_HELP)
    q.candidates = [total + 100 * len(pen)]
    return q


_SIDE_HELP = ('Answer "North–South" (or "NS"), "East–West" (or "EW"), or "nobody" if no side has won yet '
              '("tie" is accepted only when the scores are tied).')


def _played_spades_hand(rng: Rng):
    """A hand played through the engine: ``(deal number, dealer, bids in
    bidding order, plays, HandResult)`` (both sides bid 2–4 each, no Nil)."""
    num, dealer = rng.bits(40), rng.below(4)
    g = SpadesGame(first_deal=num, dealer=dealer)
    bids = []
    for _ in range(4):
        s = g.to_act
        v = rng.between(2, 4)
        g.bid(s, v)
        bids.append((s, v))
    plays = []
    while g.phase is Phase.PLAY:
        s = g.to_act
        c = rng.pick(g.legal_plays(s))
        plays.append((s, c))
        g.play(s, c)
    return num, dealer, bids, plays, g.results[-1]


def _replay_spades(num, dealer, bids, plays, scores, bags) -> SpadesGame:
    g = SpadesGame(first_deal=num, dealer=dealer, scores=scores, bags=bags)
    for s, v in bids:
        g.bid(s, v)
    for s, c in plays:
        g.play(s, c)
    return g


def _game_end_question(title: str, rng: Rng, choose) -> Question:
    """``choose(rng, result)`` returns (scores_before, bags_before, intended
    outcome) or None; the hand is replayed through a SpadesGame with those
    scores and the engine decides who (if anyone) has won (SP-20, SP-22)."""
    for _ in range(500):
        num, dealer, bids, plays, res = _played_spades_hand(rng)
        setup = choose(rng, res)
        if setup is None:
            continue
        scores, bags, intended = setup
        g = _replay_spades(num, dealer, bids, plays, scores, bags)
        r = g.results[0]
        winner = (g.winners[0] & 1) if g.phase is Phase.GAME_OVER else NOBODY
        if winner != intended:
            continue
        break
    else:  # pragma: no cover
        raise _NotFound("no game end found")
    bid_of = dict(bids)
    prompt = [
        "Spades, played to 500 (SP-22).",
        f"Before this hand: North–South {scores[0]} points ({_plural(bags[0], 'bag')}), "
        f"East–West {scores[1]} points ({_plural(bags[1], 'bag')}).",
        "Bids: " + ", ".join(f"{SEATS[s]} {bid_of[s]}" for s in range(4)) + ".",
        "Tricks won: " + ", ".join(f"{SEATS[s]} {r.tricks_won[s]}" for s in range(4)) + ".",
        "Who has won the game after this hand?",
    ]
    ns, ew = r.scores_after
    lines = {side: [l for l in r.score_lines if l.who == side] for side in (0, 1)}
    explain = (f"North–South {scores[0]} {_lines_text(lines[0])} = {ns}; "
               f"East–West {scores[1]} {_lines_text(lines[1])} = {ew}. ")
    if winner == NOBODY:
        explain += ("Both have 500 or more with equal scores, so another hand is played (SP-22)." if ns == ew
                    else "Nobody has 500 yet, so another hand is dealt (SP-21).")
    elif ns >= 500 and ew >= 500:
        explain += f"Both reached 500, and the higher score wins: {SIDES[winner]} (SP-22)."
    else:
        explain += f"{SIDES[winner]} reached 500 first (SP-22)."
    key = "nobody" if winner == NOBODY else SIDES[winner]
    tie = winner == NOBODY and ns == ew

    def judge(a: int) -> tuple[bool, str]:
        if a == winner or (tie and a == TIE):
            return True, "Right: " + explain
        if a == TIE:
            return False, ("Not quite: a tie needs both sides on 500 or more with equal scores (SP-22); work out "
                           "both new scores again (SP-17 … SP-20).")
        if winner == NOBODY and ns == ew:
            return False, ("Not quite: work out both new scores carefully. When both sides reach 500 after the same "
                           "hand and the scores are equal, nobody has won yet: another hand is played (SP-22).")
        if winner == NOBODY:
            return False, ("Not quite: check whether that side really reaches 500: add this hand's points (SP-17, "
                           "SP-18), and remember a bag penalty is taken off after the hand's other points (SP-20).")
        if a == NOBODY:
            return False, ("Not quite: work out each side's new score (this hand's points with any bag penalty, "
                           "SP-17 … SP-20). The first side to reach 500 wins (SP-22).")
        return False, ("Not quite: if both sides reach 500 after the same hand, the higher score wins (SP-22); "
                       "work out both new scores again.")
    q = Question("", title, prompt, "side", key, judge, f"{key}: {explain}", ("SP-20", "SP-22"), _SIDE_HELP,
                 {"scores_after": (ns, ew), "winner": winner})
    q.accepted = [NOBODY, TIE] if tie else [winner]
    return q


def _made(res, side: int) -> int:
    """Points of ``side`` in hand result ``res`` (no penalty possible: bags started at 0)."""
    return res.points[side]


def _ex4_reach(rng: Rng, settings: dict) -> Question:
    def choose(r: Rng, res):
        w = r.below(2)
        pw, pl = _made(res, w), _made(res, 1 - w)
        if pw <= 10:
            return None
        u = r.between(0, min(pw - 1, 30))
        sw = 500 + u - pw
        sl = r.between(max(0, 300 - pl), 499 - max(pl, 0)) if pl < 499 else None
        if sl is None:
            return None
        scores = [0, 0]; scores[w] = sw; scores[1 - w] = sl
        return tuple(scores), (r.between(0, 5), r.between(0, 5)), w
    return _game_end_question("A side reaches 500", rng, _bags_safe(choose))


def _bags_safe(choose):
    """Keep the bag counts low enough that no penalty interferes."""
    def wrapped(rng: Rng, res):
        out = choose(rng, res)
        if out is None:
            return None
        scores, bags, intended = out
        hb = [sum(l.points for l in res.score_lines if l.who == s and l.item == "bags") for s in (0, 1)]
        bags = tuple(min(b, 9 - h) if h <= 9 else 0 for b, h in zip(bags, hb))
        if any(b < 0 for b in bags):
            return None
        return scores, bags, intended
    return wrapped


def _ex4_both_over(rng: Rng, settings: dict) -> Question:
    def choose(r: Rng, res):
        p = res.points
        if min(p) <= 12:
            return None
        u0 = r.between(0, min(p[0] - 1, 40))
        u1 = r.between(0, min(p[1] - 1, 40))
        if u0 == u1:
            return None
        scores = (500 + u0 - p[0], 500 + u1 - p[1])
        return scores, (r.between(0, 5), r.between(0, 5)), (0 if u0 > u1 else 1)
    return _game_end_question("Both sides over 500", rng, _bags_safe(choose))


def _ex4_tie(rng: Rng, settings: dict) -> Question:
    """Both sides end on 500 or more with close scores: tied (another hand)
    for about a third of the class, else one side ahead by 1–9 points."""
    outcome = rng.pick((NOBODY, 0, 1))

    def choose(r: Rng, res):
        p = res.points
        if min(p) <= 12:
            return None
        u = r.between(0, min(min(p) - 1, 30) - 10)
        lead = 0 if outcome == NOBODY else r.between(1, 9)
        final = [500 + u, 500 + u]
        if outcome != NOBODY:
            final[outcome] += lead
        scores = (final[0] - p[0], final[1] - p[1])
        return scores, (r.between(0, 5), r.between(0, 5)), outcome
    return _game_end_question("Both sides over 500, close scores", rng, _bags_safe(choose))


def _ex4_penalty_stops(rng: Rng, settings: dict) -> Question:
    """One side would pass 500 but its bag penalty keeps it under; for about
    half the class the other side reaches 500 in the same hand and wins."""
    other_wins = rng.below(2) == 1

    def choose(r: Rng, res):
        a = r.below(2)
        pa = res.points[a]
        hb = sum(l.points for l in res.score_lines if l.who == a and l.item == "bags")
        if hb < 1 or hb > 9 or pa <= 50:
            return None
        bags = [0, 0]
        bags[a] = r.between(10 - hb, 9)
        u = r.between(0, min(pa - 51, 40))
        scores = [0, 0]
        scores[a] = 550 + u - pa  # with the penalty: 450 + u; without it 550 + u
        pb = res.points[1 - a]
        hb_b = sum(l.points for l in res.score_lines if l.who == 1 - a and l.item == "bags")
        if other_wins:
            if pb <= 1:
                return None
            scores[1 - a] = 500 + r.between(0, min(pb - 1, 30)) - pb
        else:
            scores[1 - a] = r.between(max(0, 250 - pb), 480 - max(pb, 0))
        bags[1 - a] = r.between(0, max(0, 9 - hb_b))
        if scores[a] >= 500 or scores[1 - a] < 0 or scores[1 - a] >= 500:
            return None
        if (scores[1 - a] + pb >= 500) != other_wins:
            return None
        return tuple(scores), tuple(bags), (1 - a if other_wins else NOBODY)
    return _game_end_question("Near 500, with a bag penalty", rng, choose)


# ------------------------------------------------ exercise 5: Oh Hell scoring and the hook
def _oh_rules_text(rules: OhHellRules) -> str:
    nil = (" A successful bid of 0 scores 5 + the hand size instead (variation OH-V8)."
           if rules.nil_pays_hand_size else "")
    if rules.tricks_always_count:
        return ("Scoring: an exact bid scores 10 + the tricks won (OH-11). With the variation “tricks always "
                "count” (OH-V7), a missed bid still scores 1 point per trick won, without the 10." + nil)
    return "Scoring: an exact bid scores 10 + the tricks won; a missed bid scores 0 (OH-11)." + nil


def _oh_score_question(title: str, rng: Rng, rules: OhHellRules, bid: int, won: int, size: int) -> Question:
    """The player's running score after one hand (the score before is drawn
    at random, so the answer differs from one student to the next even
    where the rules fix the hand's points, e.g. a missed bid's 0)."""
    seat = rng.below(4)
    before = rng.between(0, 120)
    line = score_oh_hell_seat(seat, bid, won, size, rules)
    pts = line.points
    ans = before + pts
    prompt = [f"Oh Hell, {size} cards each.", _oh_rules_text(rules),
              f"{SEATS[seat]} had {before} points before this hand.",
              f"{SEATS[seat]} bid {bid} and won {_plural(won, 'trick')}.",
              f"What is {SEATS[seat]}'s score after this hand?"]

    def judge(a: int) -> tuple[bool, str]:
        if a == ans:
            return True, f"Right: {before} + {pts} ({line.item}, {line.rule}) = {ans}."
        if a == pts and before:
            return False, "Not quite: that is this hand's score only; add it to the score before the hand (OH-11)."
        got = a - before
        if bid == won:
            if got == 10 and bid > 0:
                return False, f"Not quite: an exact bid scores 10 plus the tricks won ({line.rule})."
            if got == won:
                return False, f"Not quite: the bid was made exactly, which is worth the 10 as well ({line.rule})."
            return False, f"Not quite: the bid was made exactly; see how an exact bid scores ({line.rule})."
        if rules.tricks_always_count:
            return False, (f"Not quite: the bid was missed; under this variation a missed bid still scores "
                           f"the tricks won, without the 10 ({line.rule}).")
        return False, f"Not quite: only an exact prediction scores; this one was missed ({line.rule})."
    q = Question("", title, prompt, "int", ans, judge, f"{ans} ({before} + {line.item} {pts}, {line.rule})",
                 (line.rule,), _INT_HELP, {"before": before, "points": pts, "bid": bid, "won": won})
    q.candidates = [pts, before + 10, before + won]
    return q


def _teacher_rules(settings: dict, **extra) -> OhHellRules:
    opts = dict(settings["oh_hell"])
    opts.update(extra)
    return OhHellRules(players=4, **opts)


def _ex5_made(rng: Rng, settings: dict) -> Question:
    size = rng.between(3, 10)
    b = rng.between(1, min(size, 5))
    return _oh_score_question("An exact bid", rng, _teacher_rules(settings), b, b, size)


def _ex5_missed(rng: Rng, settings: dict) -> Question:
    size = rng.between(4, 10)
    b = rng.between(1, min(size, 5))
    w = rng.pick([x for x in range(0, min(size, b + 3) + 1) if x != b])
    return _oh_score_question("A missed bid", rng, _teacher_rules(settings), b, w, size)


def _ex5_zero(rng: Rng, settings: dict) -> Question:
    size = rng.between(2, 10)
    return _oh_score_question("A bid of 0 made", rng, _teacher_rules(settings), 0, 0, size)


def _hook_game(rng: Rng) -> OhHellGame:
    """Three bids before the dealer's, chosen so the barred bid is spread
    evenly over 0 … the hand size (one class's answers differ)."""
    while True:
        size = rng.between(3, 9)
        barred = rng.between(0, size)
        rest = size - barred
        cuts = sorted(rng.between(0, rest) for _ in range(2))
        bids = [cuts[0], cuts[1] - cuts[0], rest - cuts[1]]
        g = _oh_hell_game(rng, size, hook=True)
        for b in bids:
            g.bid(g.to_act, b)
        if g.hooked_bid() == barred:
            return g


def _hook_prompt(g: OhHellGame) -> list[str]:
    dealer = g.dealer
    others = [(dealer + k) % 4 for k in (1, 2, 3)]
    return [f"Oh Hell with the hook (OH-V4), {g.hand_size} cards each.",
            f"{SEATS[dealer]} dealt, so {SEATS[dealer]} bids last. The others bid: "
            + ", ".join(f"{SEATS[s]} {g.bids[s]}" for s in others) + "."]


def _ex5_hook_forbidden(rng: Rng, settings: dict) -> Question:
    g = _hook_game(rng)
    forbidden = g.hooked_bid()
    dealer, size = g.dealer, g.hand_size
    others_total = sum(b for b in g.bids if b is not None)
    prompt = _hook_prompt(g) + [f"Which bid may {SEATS[dealer]} NOT make?"]
    refusal = g.check_bid(dealer, forbidden)

    def judge(a: int) -> tuple[bool, str]:
        v = g.check_bid(dealer, a)
        if not v.ok and v.reason is Reason.HOOK:
            return True, "Right: " + v.message
        if not v.ok:  # out of range (OH-8)
            return False, f"Not quite: a bid is a whole number of tricks from 0 to {size} (OH-8)."
        return False, (f"Not quite: {SEATS[dealer]} may bid {a}. The hook bars only the bid that would make all "
                       f"four bids add up to the number of tricks, {size}: add up the other bids first (OH-V4).")
    q = Question("", "The dealer's forbidden bid", prompt, "int", forbidden, judge,
                 f"{forbidden} ({refusal.message})", ("OH-V4",), "Answer with a whole number.",
                 {"size": size, "others_total": others_total, "refusal": refusal.reason.value,
                  "refusal_rule": refusal.rule})
    q.candidates = list(range(0, size + 1))
    q.generic = f"Not quite: a bid is a whole number of tricks from 0 to {size} (OH-8)."
    return q


def _ex5_hook_legal(rng: Rng, settings: dict) -> Question:
    g = _hook_game(rng)
    dealer, size = g.dealer, g.hand_size
    legal = frozenset(b.value for b in g.legal_bids(dealer))
    prompt = _hook_prompt(g) + [f"Which bids may {SEATS[dealer]} make? List them all."]

    right = f"Right: 0 to {size}, except {g.hooked_bid()} (OH-8, OH-V4)."

    def judge(a: frozenset) -> tuple[bool, str]:  # asked only for the accepted answer
        return a == legal, right
    q = Question("", "The dealer's legal bids", prompt, "ints", sorted(legal), judge,
                 f"{sorted(legal)}", ("OH-8", "OH-V4"), "Answer with a list of whole numbers, e.g. [0, 1, 3].")
    q.universe = [str(v) for v in range(size + 1)]
    q.outside = f"Not quite: {{item}} is not a bid here: a bid is a whole number of tricks from 0 to {size} (OH-8)."
    q.item_notes = {str(v): ("" if v in legal else "Not quite: " + g.check_bid(dealer, v).message)
                    for v in range(size + 1)}
    q.generic = (f"Not quite: every bid you listed is allowed, but you left out at least one: every whole number "
                 f"from 0 to {size} may be bid (OH-8), except the one the hook bars (OH-V4).")
    return q


def _ex5_v7(rng: Rng, settings: dict) -> Question:
    size = rng.between(4, 10)
    b = rng.between(1, min(size, 4))
    w = rng.pick([x for x in range(1, min(size, b + 3) + 1) if x != b])
    return _oh_score_question("Variation: tricks always count", rng,
                              OhHellRules(players=4, tricks_always_count=True), b, w, size)


def _ex5_v8(rng: Rng, settings: dict) -> Question:
    size = rng.between(2, 10)
    return _oh_score_question("Variation: Nil pays by hand size", rng,
                              OhHellRules(players=4, nil_pays_hand_size=True), 0, 0, size)


def _ex5_table(rng: Rng, settings: dict) -> Question:
    size = rng.between(3, 7)
    g = OhHellGame(_teacher_rules(settings, hand_sizes=(size,), no_trump_final_hand=False),
                   first_deal=rng.bits(40), dealer=rng.below(4))
    _random_bids(g, rng, top=max(1, size // 2))
    while g.phase is Phase.PLAY:
        s = g.to_act
        g.play(s, rng.pick(g.legal_plays(s)))
    r = g.results[-1]
    total = sum(r.points)
    prompt = [f"Oh Hell, 4 players, {size} cards each.", _oh_rules_text(g.rules),
              "Bids: " + ", ".join(f"{SEATS[s]} {r.bids[s]}" for s in range(4)) + ".",
              "Tricks won: " + ", ".join(f"{SEATS[s]} {r.tricks_won[s]}" for s in range(4)) + ".",
              "How many points do the four players score this hand, added together?"]
    explain = "; ".join(f"{SEATS[l.who]} {l.item} {l.points}" for l in r.score_lines) + f" = {total}."

    def judge(a: int) -> tuple[bool, str]:
        if a == total:
            return True, "Right: " + explain
        return False, ("Not quite: score each player on his own, as the scoring line above says, and add the four "
                       "scores up (OH-11).")
    q = Question("", "A whole table", prompt, "int", total, judge, f"{total} ({explain})",
                 tuple(dict.fromkeys(l.rule for l in r.score_lines)), _INT_HELP)
    q.candidates = []
    return q


# ------------------------------------------------ exercise 6: estimating a bid
def _bid_question(title: str, prompt: list[str], est, size: int, rule: str) -> Question:
    def judge(a: int) -> tuple[bool, str]:
        if not 0 <= a <= size:
            return False, f"Not quite: a bid is a number of tricks from 0 to {size} ({rule})."
        if est.low <= a <= est.high:
            return True, (f"Good estimate: {est.explanation}. Bids from {est.low} to {est.high} are accepted.")
        if a > est.high:
            return False, ("Not quite: that is more tricks than this hand is likely to win. Count the sure "
                           "tricks: aces, kings with a guard, high trumps and long trumps, and a void or "
                           "singleton you can trump.")
        return False, ("Not quite: this hand is likely to win more tricks than that. Count its aces, kings with "
                       "a guard, high trumps and every trump beyond the third.")
    q = Question("", title, prompt, "int", est.center, judge,
                 f"{est.center} (accepted {est.low}–{est.high}; {est.explanation})", (rule,),
                 "Answer with a whole number (your bid).",
                 {"low": est.low, "high": est.high, "size": size, "source": est.source})
    q.accepted = list(range(est.low, est.high + 1))
    q.candidates = list(range(0, size + 1))
    q.generic = f"Not quite: a bid is a number of tricks from 0 to {size} ({rule})."
    return q


def _ex6_spades(rng: Rng, settings: dict) -> Question:
    g = SpadesGame(first_deal=rng.bits(40), dealer=rng.below(4))
    seat = g.to_act
    g.look(seat)
    hand = g.hand_of(seat)
    est = estimate_bid(hand, Suit.SPADES, 13, settings["estimator"], view=g.view(seat))
    prompt = ["Spades (spades are trump).", f"You are {SEATS[seat]} and bid first. Your 13 cards: {cards_text(hand)}.",
              "How many tricks do you expect to win? Give your bid."]
    return _bid_question("Count the tricks (Spades)", prompt, est, 13, "SP-6")


def _ex6_oh_hell(rng: Rng, settings: dict) -> Question:
    while True:
        size = rng.between(5, 9)
        g = _oh_hell_game(rng, size)
        if g.trump is not None:
            break
    seat = g.to_act
    hand = g.hand_of(seat)
    est = estimate_bid(hand, g.trump, size, settings["estimator"], view=g.view(seat))
    prompt = [f"Oh Hell, 4 players, {size} cards each.", _trump_line(g),
              f"You are {SEATS[seat]} and bid first. Your cards: {cards_text(hand)}.",
              "How many tricks do you expect to win? Give your bid."]
    return _bid_question("Count the tricks (Oh Hell)", prompt, est, size, "OH-8")


# ------------------------------------------------------------------ registry
def _spec(name, title, skill, rules, items) -> ExerciseSpec:
    return ExerciseSpec(name, title, skill, rules, tuple(g for _, g in items), tuple(t for t, _ in items))


EXERCISES: dict[str, ExerciseSpec] = {s.name: s for s in (
    _spec("ex1_legal_cards", "Which cards are legal here?",
          "Following suit, playing when you are void, leading before and after spades are broken, a hand of "
          "only spades, and Oh Hell with and without must-trump.",
          ("SP-13", "SP-14", "SP-15", "OH-9", "OH-V6"),
          [("Follow suit (Spades)", _ex1_follow), ("Void in the suit led (Spades)", _ex1_void),
           ("Leading before spades are broken", _ex1_lead_unbroken),
           ("Leading after spades are broken", _ex1_lead_broken), ("A hand of only spades", _ex1_all_spades),
           ("Oh Hell: void, must-trump off", _ex1_oh_void), ("Oh Hell: void, must-trump on", _ex1_oh_must_trump),
           ("Oh Hell: must-trump on, but you can follow", _ex1_oh_must_trump_follow),
           ("Oh Hell: leading", _ex1_oh_lead)]),
    _spec("ex2_trick_winner", "Who wins this trick?",
          "The highest card of the suit led wins, unless a trump was played: then the highest trump wins. "
          "Cards of other suits never win. Oh Hell's last hand has no trump at all.",
          ("SP-16", "OH-10", "OH-7"),
          [("Everyone follows suit", _ex2_follow), ("A high card of another suit", _ex2_discard),
           ("Trumped", _ex2_trumped), ("Two spades on the trick", _ex2_overtrumped),
           ("A spade is led", _ex2_spade_led), ("Oh Hell: a trump is played", _ex2_oh_trumped),
           ("Oh Hell: nobody trumps", _ex2_oh_no_trump_played),
           ("Oh Hell: the last hand, without trump", _ex2_oh_final)]),
    _spec("ex3_spades_scoring", "Scoring a Spades hand",
          "A partnership's score for one hand: contract made or set, bags, Nil and Blind Nil made and failed, "
          "and the tricks of a failed Nil counted as bags.",
          ("SP-7", "SP-8", "SP-9", "SP-10", "SP-17", "SP-18", "SP-19"),
          [("Contract made exactly", _ex3_made), ("Contract made with overtricks", _ex3_bags),
           ("Contract set", _ex3_set), ("Nil made", _ex3_nil_made), ("Nil failed", _ex3_nil_failed),
           ("Blind Nil made, partner set", _ex3_blind_made), ("Blind Nil failed, partner set", _ex3_blind_failed),
           ("Both partners Nil", _ex3_both_nil)]),
    _spec("ex4_bags_and_game_end", "Bags over a game, and the end of the game",
          "Bags carry over from hand to hand; every 10 cost 100 points (sometimes twice at once). "
          "The first side to 500 wins; if both get there, the higher score; a tie means another hand.",
          ("SP-20", "SP-21", "SP-22"),
          [("Bags carried over", _ex4_carry), ("A bag penalty", _ex4_penalty_points),
           ("Two bag penalties at once", _ex4_two_penalties),
           ("The bag count after a penalty", _ex4_penalty_bags),
           ("Bags over three hands", _ex4_three_hands), ("A side reaches 500", _ex4_reach),
           ("Both sides over 500", _ex4_both_over), ("Both sides over 500, close scores", _ex4_tie),
           ("Near 500, with a bag penalty", _ex4_penalty_stops)]),
    _spec("ex5_oh_hell_scoring", "Oh Hell scoring and the hook",
          "Only an exact bid scores (10 + tricks). With the hook the dealer may not make the bids add up to "
          "the number of tricks. Two scoring variations: tricks always count, and Nil pays by hand size.",
          ("OH-11", "OH-V4", "OH-V7", "OH-V8"),
          [("An exact bid", _ex5_made), ("A missed bid", _ex5_missed), ("A bid of 0 made", _ex5_zero),
           ("The dealer's forbidden bid", _ex5_hook_forbidden), ("The dealer's legal bids", _ex5_hook_legal),
           ("Variation: tricks always count", _ex5_v7), ("Variation: Nil pays by hand size", _ex5_v8),
           ("A whole table", _ex5_table)]),
    _spec("ex6_estimating_a_bid", "Estimating a bid",
          "Count the tricks a hand is likely to win: aces, guarded kings, high and long trumps, and voids or "
          "singletons you can trump. Any bid in a sensible range around the count is accepted.",
          ("SP-6", "OH-8"),
          [("Count the tricks (Spades)", _ex6_spades), ("Count the tricks (Spades)", _ex6_spades),
           ("Count the tricks (Spades)", _ex6_spades), ("Count the tricks (Spades)", _ex6_spades),
           ("Count the tricks (Oh Hell)", _ex6_oh_hell), ("Count the tricks (Oh Hell)", _ex6_oh_hell)]),
)}
