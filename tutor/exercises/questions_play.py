"""Exercises 1 and 2: legal cards and trick winners (SP-13 … SP-16, OH-7, OH-9, OH-10, OH-V6).

The positions are found on the engine's fast path (:class:`~tutor.exercises.kit.SpadesHand`,
:class:`~tutor.exercises.kit.OhHellHand`) and replayed through the real game, whose
``legal_plays``/``check_play`` and :func:`engine.tricks.trick_winner` give the answers; a refused
card's hint is made from the engine's verdict (reason, rule id, evidence), never from its sentence.
"""
from __future__ import annotations

from typing import Any, Callable

from engine import DECK, Card, Rank, SpadesGame, Suit, TrickGame, Trick, Verdict
from engine.cards import SUIT_MASKS
from engine.verdict import Reason
from tutor.text import M_

from .kit import TEXT as KIT
from .kit import (FastHand, Gen, OhHellHand, Question, Rng, SpadesHand, fast_position, fast_trick, key_cards, led_suit,
                  seat_to_act, winning_card, won_by,
                  trick_parts, trump_line, trump_words)
from .words import Words, say

__all__ = ["ex1_follow", "ex1_void", "ex1_lead_unbroken", "ex1_lead_broken", "ex1_all_spades", "ex1_oh_void",
           "ex1_oh_must_trump", "ex1_oh_must_trump_follow", "ex1_oh_lead", "ex2_follow", "ex2_discard",
           "ex2_trumped", "ex2_overtrumped", "ex2_spade_led", "ex2_oh_trumped", "ex2_oh_no_trump_played",
           "ex2_oh_final", "TEXT"]

#: What exercises 1 and 2 say.
TEXT = {
    # ------------------------------------------------------------------ exercise 1: legal cards
    # TRANSLATORS: how to answer "which cards may you play?"; keep the Python list and the card forms as they are.
    "cards_help": M_("ex1.help", 'Answer with a list of cards as text, e.g. ["10H", "QH"] (10H, TH, "10 H" and 10♥ '
                                 'all work).'),
    # TRANSLATORS: a question's first line: the game is Spades.
    "spades": M_("ex1.spades", "Spades."),
    # TRANSLATORS: a question's line (Spades, SP-15): a spade has been played earlier in this hand.
    "broken": M_("ex1.broken", "Spades are broken."),
    # TRANSLATORS: a question's line (Spades, SP-15): no spade has been played yet in this hand.
    "not_broken": M_("ex1.not_broken", "Spades are not broken yet."),
    # TRANSLATORS: a question's line before a lead (Spades, SP-13, SP-15).
    "nobody_spade": M_("ex1.nobody_spade", "Nobody has played a spade yet: spades are not broken."),
    # TRANSLATORS: a question's line before a lead (Spades, SP-15): how spades were broken.
    "broken_how": M_("ex1.broken_how", "Earlier in this hand a player who had no card of the suit led played a "
                                       "spade: spades are broken."),
    # TRANSLATORS: a question's line (SP-13's exception): the student led the ace, king and queen of {suit}
    # ("hearts") and won; now only spades are left.
    "three_tricks": M_("ex1.three_tricks", "You won the first three tricks with the A, K and Q of {suit}; everyone "
                                           "followed suit, so nobody has played a spade yet: spades are not broken."),
    # TRANSLATORS: a question's line: the Oh Hell variation must-trump (OH-V6) is played.
    "must_trump_on": M_("ex1.must_trump_on", "Must-trump (La Podrida, OH-V6) is ON: a player who cannot follow suit "
                                             "must play a trump if he can."),
    # TRANSLATORS: a question's line: the variation must-trump (OH-V6) is not played.
    "must_trump_off": M_("ex1.must_trump_off", "Must-trump (OH-V6) is off: the standard rules (OH-9)."),
    # TRANSLATORS: a question's line: the student's seat {seat} and hand {listed} ("A♠ 7♠ 10♥").
    "you_are": M_("ex1.you_are", "You are {seat}. Your cards: {listed}."),
    # TRANSLATORS: a question's line: the cards played to the trick so far, {parts} ("North 10♥, East 4♥").
    "trick_so_far": M_("ex1.trick_so_far", "The trick so far: {parts}. It is your turn."),
    # TRANSLATORS: a question's line: the student leads to the trick.
    "leading": M_("ex1.leading", "You are leading to this trick."),
    # TRANSLATORS: the question of exercise 1.
    "legal_ask": M_("ex1.ask", "Which of your cards may you play? List every legal card."),
    # TRANSLATORS: the check's reply to the right list; {cards} the legal cards ("10♥, 4♥ and 2♥"), {rules} rule
    # ids ("SP-14").
    "right": M_("ex1.right", "Right: the legal cards are {cards} ({rules})."),
    # TRANSLATORS: as above, when every card in the hand is legal.
    "right_every": M_("ex1.right_every", "Right: the legal cards are {cards} (every card in your hand) ({rules})."),
    # TRANSLATORS: the answer with its rules, for the teacher: {listed} the legal cards, {rules} rule ids.
    "legal_solution": M_("ex1.solution", "{listed} ({rules})"),
    # TRANSLATORS: the check's reply to a listed card not in the hand: {item} is that card (10♥), {listed} the hand.
    "outside": M_("ex1.outside", "Not quite: you listed the {item}, which is not in your hand. Your cards are "
                                 "{listed}."),
    # TRANSLATORS: the check's reply to a listed card that may not be played (SP-14, OH-9): {card} the card,
    # {leader} who led, {led_card} the card led, {led_suit} its suit ("hearts"), {rule} the rule id.
    "must_follow": M_("ex1.must_follow", "Not quite: the {card} is not allowed: {leader} led the {led_card} and you "
                                         "still hold {led_suit}, so you must follow suit ({rule})."),
    # TRANSLATORS: the check's reply to a listed spade that may not be led yet (SP-13): {card}, {rule}.
    "not_broken_lead": M_("ex1.not_broken_lead", "Not quite: the {card} is not allowed: spades are not broken yet "
                                                 "and you hold other suits, so you may not lead a spade ({rule})."),
    # TRANSLATORS: the check's reply to a listed card that is not a trump under must-trump (OH-V6): {card}, {rule}.
    "must_trump": M_("ex1.must_trump", "Not quite: the {card} is not allowed: you cannot follow suit and must-trump "
                                       "is on, so you must play a trump ({rule})."),
    # TRANSLATORS: the check's reply to a listed card that may not be played for another reason: {card}, {rule}.
    "not_allowed": M_("ex1.not_allowed", "Not quite: the {card} is not allowed ({rule})."),
    # TRANSLATORS: the check's reply when legal cards are missing from the list; {rules} the rule ids.
    "left_out": M_("ex1.left_out", "Not quite: every card you listed may be played, but you left out at least one "
                                   "legal card. Check each card in your hand against the rules ({rules})."),
    # ------------------------------------------------------------------ exercise 2: who wins the trick
    # TRANSLATORS: how to answer "which card wins?"; keep the card forms "Q♥", "QH" and "queen of hearts".
    "winner_help": M_("ex2.help", 'Answer with the winning card as text, e.g. "Q♥", "QH" or "queen of hearts".'),
    # TRANSLATORS: a question's first line: Spades (SP-2).
    "spades_trump": M_("ex2.spades_trump", "Spades: spades are always trump (SP-2)."),
    # TRANSLATORS: a question's line: the last hand of Oh Hell has no trump (OH-7).
    "last_hand": M_("ex2.last_hand", "This is the last hand of the game: no card is turned up and there is no trump "
                                     "(OH-7)."),
    # TRANSLATORS: a question's line: {leader} led; {parts} the cards in order ("North 10♥, East 4♥").
    "led": M_("ex2.led", "{leader} led. The cards in the order played: {parts}."),
    # TRANSLATORS: the question of exercise 2.
    "winner_ask": M_("ex2.ask", "Which card wins this trick?"),
    # TRANSLATORS: why a card wins (after "Right: "): {seat} could not follow {led_suit} ("hearts") and trumped with
    # {card}; {rule} the rule id.
    "why_trumped": M_("ex2.why.trumped", "{seat} had no {led_suit}, so {seat}'s {card} trumped the trick ({rule})."),
    # TRANSLATORS: as above, when {n} trumps ({trump_suit}: "spades") were played.
    "why_overtrumped": M_("ex2.why.overtrumped", "{seat} had no {led_suit}, so {seat}'s {card} trumped the trick; it "
                                                 "is the highest of the {n} {trump_suit} played ({rule})."),
    # TRANSLATORS: why a card wins in a hand without trump: {led_suit_one} the suit led, one card ("heart");
    # {seat}'s {card} the winner; {rules} rule ids.
    "why_no_trump": M_("ex2.why.no_trump", "there is no trump, so the highest {led_suit_one} wins: {seat}'s {card} "
                                           "({rules})."),
    # TRANSLATORS: why a trump led wins: {seat}'s {card} is the highest {suit_one} ("spade").
    "why_highest_trump": M_("ex2.why.highest_trump", "{seat}'s {card} is the highest {suit_one} played ({rule})."),
    # TRANSLATORS: why a card of the suit led wins: no {suit_one} (trump, one card: "spade") was played; the
    # highest {led_suit_one} ("heart") wins.
    "why_highest_led": M_("ex2.why.highest_led", "no {suit_one} was played, so the highest {led_suit_one} wins: "
                                                 "{seat}'s {card} ({rule})."),
    # TRANSLATORS: the answer with its reason, for the teacher: {card} ({seat}): {why}.
    "winner_solution": M_("ex2.solution", "{card} ({seat}): {why}"),
    # TRANSLATORS: the check's reply to a card of another suit (not trump): {seat}'s {card}, {led_suit_one} the suit
    # led, one card ("heart"), {rule} the rule id.
    "off_suit": M_("ex2.off_suit", "Not quite: {seat}'s {card} is not a {led_suit_one}: cards of other suits never "
                                   "win, however high ({rule})."),
    # TRANSLATORS: as above, in a hand with a trump suit.
    "off_suit_trump": M_("ex2.off_suit_trump", "Not quite: {seat}'s {card} is not a {led_suit_one} and not a trump: "
                                               "cards of other suits never win, however high ({rule})."),
    # TRANSLATORS: as above, for a spade in Oh Hell's last hand, which has no trump (OH-7).
    "off_suit_last": M_("ex2.off_suit_last", "Not quite: {seat}'s {card} is not a {led_suit_one}: cards of other "
                                             "suits never win, however high ({rule}). In this last hand there is no "
                                             "trump at all, so a spade is just another suit (OH-7)."),
    # TRANSLATORS: the check's reply to a lower trump: {seat}'s {card}; {suit_one} the trump suit, one card.
    "lower_trump": M_("ex2.lower_trump", "Not quite: {seat}'s {card} is a trump, but a higher {suit_one} was played "
                                         "to this trick ({rule})."),
    # TRANSLATORS: the check's reply to a card of the suit led when a trump ({trump_suit}: "spades") was played.
    "trumped": M_("ex2.trumped", "Not quite: {seat}'s {card} follows suit, but a trump ({trump_suit}) was played to "
                                 "this trick, and the highest trump wins ({rule})."),
    # TRANSLATORS: the check's reply to a lower card of the suit led ({led_suit_one}: "heart").
    "higher_led": M_("ex2.higher_led", "Not quite: a higher {led_suit_one} than {seat}'s {card} was played to this "
                                       "trick ({rule})."),
    # TRANSLATORS: the check's reply to a wrong card in a case no other reply covers (never seen); {rule} the rule id.
    "not_quite": M_("ex2.not_quite", "Not quite ({rule})."),
    # TRANSLATORS: the check's reply to a card that was not played to the trick; {cards} the four cards.
    "not_played": M_("ex2.not_played", "Not quite: that card was not played to this trick. The winner is one of the "
                                       "four cards played: {cards}."),
}


# ------------------------------------------------ exercise 1: legal cards
def _refusal_note(v: Verdict, card: Card, trick: Trick) -> Words:
    """A teaching hint for an illegal card from the engine's verdict (reason,
    rule, evidence), worded so as not to list the legal cards."""
    if v.reason is Reason.MUST_FOLLOW_SUIT:
        return say(TEXT["must_follow"], card=card.code, leader=trick.leader, led_card=v.evidence["led_card"],
                   led_suit=Card.parse(v.evidence["led_card"]).suit.letter, rule=v.rule)
    if v.reason is Reason.SPADES_NOT_BROKEN:
        return say(TEXT["not_broken_lead"], card=card.code, rule=v.rule)
    if v.reason is Reason.MUST_TRUMP:
        return say(TEXT["must_trump"], card=card.code, rule=v.rule)
    return say(TEXT["not_allowed"], card=card.code, rule=v.rule)


def _legal_question(g: TrickGame, seat: int, intro: list[Words], rules: tuple[str, ...]) -> Question:
    hand = g.hand_of(seat)
    trick = g.current_trick or Trick(seat, (), None)
    legal = frozenset(g.legal_plays(seat))
    verdicts = {c: g.check_play(seat, c) for c in hand}  # computed now: the game may move on later
    lines = list(intro)
    lines.append(say(TEXT["you_are"], seat=seat, listed=key_cards(hand)))
    lines.append(say(TEXT["trick_so_far"], parts=trick_parts(trick)) if trick.cards else TEXT["leading"])
    lines.append(TEXT["legal_ask"])
    held = frozenset(hand)
    why = ", ".join(sorted({verdicts[c].rule for c in legal if verdicts[c].rule} | set(rules)))
    right = say(TEXT["right_every" if legal == held else "right"], cards=[c.code for c in legal], rules=why)

    def judge(ans: frozenset[Card]) -> tuple[bool, Words]:  # asked only for the accepted answer
        return ans == legal, right

    trump = g.trump
    facts = {"seat": seat, "hand": key_cards(hand), "trick": [c.code for c in trick.cards],
             "trump": None if trump is None else trump.letter}
    q = Question(lines, "cards", key_cards(legal), judge,
                 say(TEXT["legal_solution"], listed=key_cards(legal), rules=why), rules, TEXT["cards_help"], facts)
    q.universe = [c.code for c in sorted(held, key=lambda c: c.index)]
    q.outside = say(TEXT["outside"], listed=key_cards(hand))
    q.item_notes = {c.code: ("" if c in legal else _refusal_note(verdicts[c], c, trick)) for c in hand}
    q.item_rules = {c.code: verdicts[c].rule or "" for c in hand if c not in legal}
    q.generic = say(TEXT["left_out"], rules=", ".join(rules))
    q.generic_rule = rules[0]
    return q


_SM = SUIT_MASKS
_SPADE_MASK = SUIT_MASKS[Suit.SPADES]
Pred = Callable[[int, FastHand], bool]


def _spades_position(rng: Rng, pred: Pred) -> SpadesGame:
    """A Spades game at the first position of random hands where
    ``pred(hand mask, fast hand)`` holds for the seat to play: found on
    engine.sim's fast path, then replayed through a real SpadesGame."""
    h = fast_position(rng, SpadesHand, lambda f: pred(f.hands[f.seat], f))
    g: SpadesGame = h.game(rng)
    assert g.to_act == h.seat  # the replay reached the same position
    return g


def _spades_intro(g: SpadesGame) -> list[Words]:
    return [TEXT["spades"], TEXT["broken"] if g.spades_broken else TEXT["not_broken"]]


def ex1_follow(rng: Rng, settings: dict[str, Any]) -> Question:
    def pred(m: int, f: FastHand) -> bool:
        n = m.bit_count()
        if f.led is None or not 5 <= n <= 10:
            return False
        n_led = (m & _SM[f.led]).bit_count()
        return 2 <= n_led < n
    g = _spades_position(rng, pred)
    return _legal_question(g, seat_to_act(g), _spades_intro(g), ("SP-14",))


def ex1_void(rng: Rng, settings: dict[str, Any]) -> Question:
    def pred(m: int, f: FastHand) -> bool:
        if f.led is None or not 4 <= m.bit_count() <= 9 or f.led == Suit.SPADES:
            return False
        return not m & _SM[f.led] and bool(m & _SPADE_MASK) and bool(m & ~_SPADE_MASK)
    g = _spades_position(rng, pred)
    return _legal_question(g, seat_to_act(g), _spades_intro(g), ("SP-14", "SP-15"))


def ex1_lead_unbroken(rng: Rng, settings: dict[str, Any]) -> Question:
    def pred(m: int, f: FastHand) -> bool:
        return (not f.current and not f.broken and 5 <= m.bit_count() <= 11
                and bool(m & _SPADE_MASK) and bool(m & ~_SPADE_MASK))
    g = _spades_position(rng, pred)
    return _legal_question(g, seat_to_act(g), [TEXT["spades"], TEXT["nobody_spade"]], ("SP-13",))


def ex1_lead_broken(rng: Rng, settings: dict[str, Any]) -> Question:
    def pred(m: int, f: FastHand) -> bool:
        return (not f.current and f.broken and 4 <= m.bit_count() <= 9
                and bool(m & _SPADE_MASK) and bool(m & ~_SPADE_MASK))
    g = _spades_position(rng, pred)
    return _legal_question(g, seat_to_act(g), [TEXT["spades"], TEXT["broken_how"]], ("SP-13", "SP-15"))


def ex1_all_spades(rng: Rng, settings: dict[str, Any]) -> Question:
    """A constructed deal: the leader holds A-K-Q of one suit and ten spades,
    wins three tricks with the A, K, Q (everyone follows), and then holds only
    spades while spades are still unbroken (SP-13's exception, SP-15)."""
    dealer = rng.below(4)
    leader = (dealer + 1) % 4
    top_suit = rng.pick((Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS))
    spades = rng.shuffled([c for c in DECK if c.suit == Suit.SPADES])
    top = [Card(top_suit, r) for r in (Rank.ACE, Rank.KING, Rank.QUEEN)]
    hands: dict[int, list[Card]] = {leader: spades[:10] + top}
    rest_top = rng.shuffled([c for c in DECK if c.suit == top_suit and c.rank < Rank.QUEEN])
    others = [(leader + k) % 4 for k in (1, 2, 3)]
    split = rng.shuffled([3, 3, 4])
    pos = 0
    for s, n in zip(others, split):
        hands[s] = rest_top[pos:pos + n]
        pos += n
    pool = rng.shuffled(spades[10:] + [c for c in DECK if c.suit not in (Suit.SPADES, top_suit)])
    for s in others:
        need = 13 - len(hands[s])
        hands[s] += pool[:need]
        pool = pool[need:]
    g = SpadesGame.from_hands([hands[s] for s in range(4)], dealer=dealer)
    for _ in range(4):
        g.bid(seat_to_act(g), rng.between(1, 4))
    for r in (Rank.ACE, Rank.KING, Rank.QUEEN):
        g.play(leader, Card(top_suit, r))
        for _ in range(3):
            s = seat_to_act(g)
            g.play(s, rng.pick(g.legal_plays(s)))
    intro: list[Words] = [TEXT["spades"], say(TEXT["three_tricks"], suit=top_suit.letter)]
    return _legal_question(g, leader, intro, ("SP-13", "SP-15"))


def _oh_intro(g: TrickGame, must_trump: bool) -> list[Words]:
    return [say(KIT["oh_hell_size"], n=g.hand_size), trump_line(g),
            TEXT["must_trump_on"] if must_trump else TEXT["must_trump_off"]]


def _oh_search(rng: Rng, must_trump: bool, pred: Pred) -> TrickGame:
    """An Oh Hell game (6–10 cards, a turned-up trump) at the first position
    where ``pred(hand mask, fast hand)`` holds for the seat to play: found on
    engine.sim's fast path, then replayed through a real OhHellGame."""
    h = fast_position(rng, lambda r: OhHellHand(r, r.between(6, 10), must_trump=must_trump),
                      lambda f: pred(f.hands[f.seat], f))
    g: TrickGame = h.game(rng)
    assert g.to_act == h.seat  # the replay reached the same position
    return g


def _void_with_trump(m: int, f: FastHand) -> bool:
    tr = f.trump
    if f.led is None or tr is None or f.led == tr or m.bit_count() < 3:
        return False
    return not m & _SM[f.led] and bool(m & _SM[tr]) and bool(m & ~_SM[tr])


def ex1_oh_void(rng: Rng, settings: dict[str, Any]) -> Question:
    g = _oh_search(rng, False, _void_with_trump)
    return _legal_question(g, seat_to_act(g), _oh_intro(g, False), ("OH-9",))


def ex1_oh_must_trump(rng: Rng, settings: dict[str, Any]) -> Question:
    g = _oh_search(rng, True, _void_with_trump)
    return _legal_question(g, seat_to_act(g), _oh_intro(g, True), ("OH-V6",))


def ex1_oh_must_trump_follow(rng: Rng, settings: dict[str, Any]) -> Question:
    def pred(m: int, f: FastHand) -> bool:
        tr = f.trump
        if f.led is None or tr is None or f.led == tr:
            return False
        return bool(m & _SM[f.led]) and bool(m & _SM[tr]) and m.bit_count() >= 3
    g = _oh_search(rng, True, pred)
    return _legal_question(g, seat_to_act(g), _oh_intro(g, True), ("OH-9", "OH-V6"))


def ex1_oh_lead(rng: Rng, settings: dict[str, Any]) -> Question:
    def pred(m: int, f: FastHand) -> bool:
        tr = f.trump
        return (not f.current and tr is not None and 3 <= m.bit_count() <= 8
                and bool(m & _SM[tr]) and bool(m & ~_SM[tr]))
    g = _oh_search(rng, False, pred)
    return _legal_question(g, seat_to_act(g), _oh_intro(g, False), ("OH-9",))


# ------------------------------------------------ exercise 2: who wins the trick
def _winner_question(intro: list[Words], trick: Trick, trump: Suit | None, rule: str,
                     no_trump_hand: bool) -> Question:
    wcard = winning_card(trick)
    winner = won_by(trick)
    led = led_suit(trick)
    trump_played = trump is not None and any(c.suit == trump for c in trick.cards)
    lines = list(intro) + [say(TEXT["led"], leader=trick.leader, parts=trick_parts(trick)), TEXT["winner_ask"]]
    won = {"seat": winner, "card": wcard.code, "rule": rule}
    why: Words
    if trump is not None and wcard.suit == trump and led != trump:
        n_trumps = sum(c.suit == trump for c in trick.cards)
        why = (say(TEXT["why_overtrumped"], led_suit=led.letter, n=n_trumps, trump_suit=trump.letter, **won)
               if n_trumps > 1 else say(TEXT["why_trumped"], led_suit=led.letter, **won))
    elif trump is None:
        why = say(TEXT["why_no_trump"], led_suit_one=led.letter, seat=winner, card=wcard.code,
                  rules=rule + (", OH-7" if no_trump_hand else ""))
    elif trump_played:
        why = say(TEXT["why_highest_trump"], suit_one=trump.letter, **won)
    else:
        why = say(TEXT["why_highest_led"], suit_one=trump.letter, led_suit_one=led.letter, **won)

    seat_of = {c: s for s, c in zip(trick.seats, trick.cards)}
    card_at = dict(zip(trick.seats, trick.cards))
    generic = say(TEXT["not_played"], cards=[c.code for c in trick.cards])

    def judge(card: Card) -> tuple[bool, Words, str]:
        if card not in seat_of:
            return False, generic, ""
        seat = seat_of[card]
        if seat == winner:
            return True, say(KIT["right_why"], why=why), ""
        c = card_at[seat]
        who = {"seat": seat, "card": c.code, "rule": rule}
        if c.suit != led and (trump is None or c.suit != trump):
            key = ("off_suit_last" if no_trump_hand and c.suit == Suit.SPADES
                   else "off_suit" if trump is None else "off_suit_trump")
            return False, say(TEXT[key], led_suit_one=led.letter, **who), rule
        if trump is not None and c.suit == trump:
            return False, say(TEXT["lower_trump"], suit_one=trump.letter, **who), rule
        higher_led = any(x.suit == led and x.rank > c.rank for x in trick.cards)
        if trump is not None and trump_played:
            return False, say(TEXT["trumped"], trump_suit=trump.letter, **who), rule
        if higher_led:
            return False, say(TEXT["higher_led"], led_suit_one=led.letter, **who), rule
        return False, say(TEXT["not_quite"], rule=rule), rule  # pragma: no cover - the highest led card wins

    facts = {"leader": trick.leader, "cards": [c.code for c in trick.cards], "winner": winner,
             "trump": None if trump is None else trump.letter}
    q = Question(lines, "card", wcard.code, judge, say(TEXT["winner_solution"], card=wcard.code, seat=winner, why=why),
                 (rule,), TEXT["winner_help"], facts)
    q.candidates, q.generic = list(trick.cards), generic
    return q


TrickPred = Callable[[Trick], bool]


def _spades_trick(rng: Rng, pred: TrickPred) -> Trick:
    """A trick of a random Spades hand (played on engine.sim's fast path)
    for which ``pred(trick)`` holds; the winner is the engine's (SP-16)."""
    return fast_trick(rng, SpadesHand, lambda h, t: pred(t))[1]


def _spades_winner(pred: TrickPred) -> Gen:
    def gen(rng: Rng, settings: dict[str, Any]) -> Question:
        t = _spades_trick(rng, pred)
        return _winner_question([TEXT["spades_trump"]], t, Suit.SPADES, "SP-16", False)
    return gen


def _n_suit(t: Trick, suit: Suit) -> int:
    return sum(c.suit == suit for c in t.cards)


ex2_follow = _spades_winner(lambda t: t.led_suit != Suit.SPADES and _n_suit(t, led_suit(t)) == 4)
ex2_discard = _spades_winner(
    lambda t: t.led_suit != Suit.SPADES and _n_suit(t, Suit.SPADES) == 0
    and any(c.suit != t.led_suit and c.rank > winning_card(t).rank for c in t.cards))
ex2_trumped = _spades_winner(lambda t: t.led_suit != Suit.SPADES and _n_suit(t, Suit.SPADES) == 1)
ex2_overtrumped = _spades_winner(lambda t: t.led_suit != Suit.SPADES and _n_suit(t, Suit.SPADES) >= 2)


def ex2_spade_led(rng: Rng, settings: dict[str, Any]) -> Question:
    # the winning spade's rank is drawn first (8 … K), else the A♠, K♠ and Q♠ would be most students' answer
    target = rng.pick((Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING))
    t = _spades_trick(rng, lambda t: t.led_suit == Suit.SPADES and winning_card(t).rank == target)
    return _winner_question([TEXT["spades_trump"]], t, Suit.SPADES, "SP-16", False)


def _oh_winner(pred: Callable[[Trick, Suit | None], bool], no_trump: bool) -> Gen:
    def gen(rng: Rng, settings: dict[str, Any]) -> Question:
        def make(r: Rng) -> FastHand:
            return OhHellHand(r, r.between(5, 9), turn_up=not no_trump)

        h, t = fast_trick(rng, make, lambda h, t: pred(t, h.trump_suit()))
        trump = h.trump_suit()
        intro: list[Words] = [say(KIT["oh_hell_size"], n=h.size)]
        if no_trump or h.up is None:
            intro.append(TEXT["last_hand"])
        else:
            intro.append(trump_words(trump, DECK[h.up]))
        return _winner_question(intro, t, trump, "OH-10", no_trump)
    return gen


ex2_oh_trumped = _oh_winner(lambda t, tr: tr is not None and t.led_suit != tr and _n_suit(t, tr) >= 1, False)
ex2_oh_no_trump_played = _oh_winner(
    lambda t, tr: tr is not None and t.led_suit != tr and _n_suit(t, tr) == 0 and _n_suit(t, led_suit(t)) < 4, False)
ex2_oh_final = _oh_winner(
    lambda t, tr: t.led_suit != Suit.SPADES and _n_suit(t, Suit.SPADES) >= 1
    and any(c.suit != t.led_suit and c.rank > winning_card(t).rank for c in t.cards), True)
