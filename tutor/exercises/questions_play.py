"""Exercises 1 and 2: legal cards and trick winners (SP-13 … SP-16, OH-7, OH-9, OH-10, OH-V6)."""
from __future__ import annotations

from engine import DECK, Card, Rank, SpadesGame, Suit
from engine.cards import SUIT_MASKS, describe_cards
from engine.verdict import Reason

from .core import SEATS, Question, Rng
from ._qbase import (Gen, cards_text, _key_cards, _FastHand, _fast_position, _fast_trick, _trick_line,
                     _trump_line, _trump_text)


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
    q.item_rules = {c.code: verdicts[c].rule or "" for c in hand if c not in legal}
    q.generic = (f"Not quite: every card you listed may be played, but you left out at least one legal card. "
                 f"Check each card in your hand against the rules ({', '.join(rules)}).")
    q.generic_rule = rules[0]
    return q


_SM = SUIT_MASKS
_SPADE_MASK = SUIT_MASKS[Suit.SPADES]


def _spades_position(rng: Rng, pred):
    """A Spades game at the first position of random hands where
    ``pred(hand mask, fast hand)`` holds for the seat to play: found on
    engine.sim's fast path, then replayed through a real SpadesGame."""
    h = _fast_position(rng, lambda r: _FastHand(r, "spades"), lambda f: pred(f.hands[f.seat], f))
    g = h.game(rng)
    assert g.to_act == h.seat  # the replay reached the same position
    return g


def _ex1_follow(rng: Rng, settings: dict) -> Question:
    def pred(m, f):
        n = m.bit_count()
        if not f.current or not 5 <= n <= 10:
            return False
        n_led = (m & _SM[f.led]).bit_count()
        return 2 <= n_led < n
    g = _spades_position(rng, pred)
    return _legal_question("Follow suit (Spades)", g, g.to_act,
                           ["Spades.", "Spades are broken." if g.spades_broken else "Spades are not broken yet."],
                           ("SP-14",))


def _ex1_void(rng: Rng, settings: dict) -> Question:
    def pred(m, f):
        if not f.current or not 4 <= m.bit_count() <= 9 or f.led == Suit.SPADES:
            return False
        return not m & _SM[f.led] and bool(m & _SPADE_MASK) and bool(m & ~_SPADE_MASK)
    g = _spades_position(rng, pred)
    return _legal_question("Void in the suit led (Spades)", g, g.to_act,
                           ["Spades.", "Spades are broken." if g.spades_broken else "Spades are not broken yet."],
                           ("SP-14", "SP-15"))


def _ex1_lead_unbroken(rng: Rng, settings: dict) -> Question:
    def pred(m, f):
        return (not f.current and not f.broken and 5 <= m.bit_count() <= 11
                and bool(m & _SPADE_MASK) and bool(m & ~_SPADE_MASK))
    g = _spades_position(rng, pred)
    return _legal_question("Leading before spades are broken", g, g.to_act,
                           ["Spades.", "Nobody has played a spade yet: spades are not broken."],
                           ("SP-13",))


def _ex1_lead_broken(rng: Rng, settings: dict) -> Question:
    def pred(m, f):
        return (not f.current and f.broken and 4 <= m.bit_count() <= 9
                and bool(m & _SPADE_MASK) and bool(m & ~_SPADE_MASK))
    g = _spades_position(rng, pred)
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
    g = SpadesGame.from_hands([hands[s] for s in range(4)], dealer=dealer)
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
    """An Oh Hell game (6–10 cards, a turned-up trump) at the first position
    where ``pred(hand mask, fast hand)`` holds for the seat to play: found on
    engine.sim's fast path, then replayed through a real OhHellGame."""
    h = _fast_position(rng, lambda r: _FastHand(r, "oh_hell", r.between(6, 10), must_trump=must_trump),
                       lambda f: pred(f.hands[f.seat], f))
    g = h.game(rng)
    assert g.to_act == h.seat  # the replay reached the same position
    return g


def _void_with_trump(m, f) -> bool:
    tr = f.trump
    if not f.current or tr is None or f.led == tr or m.bit_count() < 3:
        return False
    return not m & _SM[f.led] and bool(m & _SM[tr]) and bool(m & ~_SM[tr])


def _ex1_oh_void(rng: Rng, settings: dict) -> Question:
    g = _oh_search(rng, False, _void_with_trump)
    return _legal_question("Oh Hell: void, must-trump off", g, g.to_act, _oh_intro(g, False), ("OH-9",))


def _ex1_oh_must_trump(rng: Rng, settings: dict) -> Question:
    g = _oh_search(rng, True, _void_with_trump)
    return _legal_question("Oh Hell: void, must-trump on", g, g.to_act, _oh_intro(g, True), ("OH-V6",))


def _ex1_oh_must_trump_follow(rng: Rng, settings: dict) -> Question:
    def pred(m, f):
        tr = f.trump
        if not f.current or tr is None or f.led == tr:
            return False
        return bool(m & _SM[f.led]) and bool(m & _SM[tr]) and m.bit_count() >= 3
    g = _oh_search(rng, True, pred)
    return _legal_question("Oh Hell: must-trump on, but you can follow", g, g.to_act, _oh_intro(g, True),
                           ("OH-9", "OH-V6"))


def _ex1_oh_lead(rng: Rng, settings: dict) -> Question:
    def pred(m, f):
        tr = f.trump
        return (not f.current and tr is not None and 3 <= m.bit_count() <= 8
                and bool(m & _SM[tr]) and bool(m & ~_SM[tr]))
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

    def judge(card: Card) -> tuple[bool, str, str]:
        if card not in seat_of:
            return False, generic, ""
        seat = seat_of[card]
        if seat == winner:
            return True, "Right: " + why, ""
        c = trick.card_of(seat)
        who = f"{SEATS[seat]}'s {c.display}"
        if c.suit != led and (trump is None or c.suit != trump):
            extra = ""
            if no_trump_hand and c.suit == Suit.SPADES:
                extra = " In this last hand there is no trump at all, so a spade is just another suit (OH-7)."
            return False, (f"Not quite: {who} is not a {led.singular}"
                           f"{'' if trump is None else ' and not a trump'}: cards of other suits never win, "
                           f"however high ({rule}).{extra}"), rule
        if trump is not None and c.suit == trump:
            return (False, f"Not quite: {who} is a trump, but a higher {trump.singular} was played to this trick "
                           f"({rule}).", rule)
        higher_led = any(x.suit == led and x.rank > c.rank for x in trick.cards)
        if trump_played:
            return False, (f"Not quite: {who} follows suit, but a trump ({trump.noun}) was played to this trick, "
                           f"and the highest trump wins ({rule})."), rule
        if higher_led:
            return False, f"Not quite: a higher {led.singular} than {who} was played to this trick ({rule}).", rule
        return False, f"Not quite ({rule}).", rule  # pragma: no cover - unreachable: the highest led card wins

    generic = (f"Not quite: that card was not played to this trick. The winner is one of the four cards played: "
               f"{describe_cards(trick.cards)}.")
    facts = {"leader": trick.leader, "cards": [c.code for c in trick.cards], "winner": winner,
             "trump": None if trump is None else trump.letter}
    q = Question("", title, prompt, "card", wcard.code, judge, f"{wcard.display} ({SEATS[winner]}): {why}",
                 (rule,), _WINNER_HELP, facts)
    q.candidates, q.generic = list(trick.cards), generic
    return q


def _spades_trick(rng: Rng, pred):
    """A trick of a random Spades hand (played on engine.sim's fast path)
    for which ``pred(trick)`` holds; the winner is the engine's (SP-16)."""
    return _fast_trick(rng, lambda r: _FastHand(r, "spades"), lambda h, t: pred(t))[1]


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
        def make(r: Rng) -> _FastHand:
            return _FastHand(r, "oh_hell", r.between(5, 9), turn_up=not no_trump)

        h, t = _fast_trick(rng, make, lambda h, t: pred(t, None if h.trump is None else Suit(h.trump)))
        trump = None if h.trump is None else Suit(h.trump)
        intro = [f"Oh Hell, 4 players, {h.size} cards each."]
        if no_trump:
            intro.append("This is the last hand of the game: no card is turned up and there is no trump (OH-7).")
        else:
            intro.append(_trump_text(trump, DECK[h.up]))
        return _winner_question(title, intro, t, trump, "OH-10", no_trump)
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
