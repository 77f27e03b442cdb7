"""Score lines and the summary line of the rules (gettext domain ``engine``).

A score line's ``item`` names it in hand records ("contract made", always
English there); its ``msg`` renders here in the learner's language."""
from __future__ import annotations

from ..message import M_, Text

__all__ = ["ENTRIES"]



ENTRIES: tuple[Text, ...] = (
    # ================================================================ Spades score lines (SP-8 … SP-20)
    # {seat} is the bidder's name (North …, Player 1 …).
    # TRANSLATORS: a score line: the Nil of {seat} was made.
    M_("SCORE.nil_made", "Nil made ({seat})"),
    # TRANSLATORS: a score line: the Blind Nil of {seat} was made.
    M_("SCORE.blind_nil_made", "Blind Nil made ({seat})"),
    # TRANSLATORS: a score line: the Nil of {seat} failed.
    M_("SCORE.nil_failed", "Nil failed ({seat})"),
    # TRANSLATORS: a score line: the Blind Nil of {seat} failed.
    M_("SCORE.blind_nil_failed", "Blind Nil failed ({seat})"),
    # TRANSLATORS: a score line: the tricks of a failed Nil are bags (SP-19).
    M_("SCORE.nil_tricks_bags", "failed Nil tricks are bags ({seat})"),
    # TRANSLATORS: a score line: the tricks of a failed Blind Nil are bags (SP-19).
    M_("SCORE.blind_nil_tricks_bags", "failed Blind Nil tricks are bags ({seat})"),
    # TRANSLATORS: a score line (SP-H7): {n} tricks of a failed Nil count toward the partner's contract.
    M_("SCORE.failed_nil_help", "failed Nil tricks count toward the contract ({n})"),
    # TRANSLATORS: a score line (SP-H7): the contract is set even with the {n} tricks of a failed Nil.
    M_("SCORE.failed_nil_no_help", "failed Nil tricks score nothing and are not bags: contract set even with them "
                                   "({n})"),
    # TRANSLATORS: a score line: the partnership made its contract.
    M_("SCORE.contract_made", "contract made"),
    # TRANSLATORS: a score line: the partnership was set.
    M_("SCORE.contract_set", "contract set"),
    # TRANSLATORS: a score line: overtricks (bags).
    M_("SCORE.bags", "bags"),
    # TRANSLATORS: a score line: the bag penalty (SP-20).
    M_("SCORE.bag_penalty", "bag penalty"),
    # TRANSLATORS: a score line: the bag penalty {times} times at once.
    M_("SCORE.bag_penalty_times", "bag penalty ×{times}"),
    # TRANSLATORS: a score line: the bag penalty of house rule SP-H4 ({limit} bags cost {penalty}).
    M_("SCORE.bag_penalty_house", "bag penalty ({limit} bags: −{penalty} each time)"),
    # TRANSLATORS: as above, {times} times at once.
    M_("SCORE.bag_penalty_times_house", "bag penalty ×{times} ({limit} bags: −{penalty} each time)"),
    # ================================================================ Oh Hell score lines (OH-11, OH-V7, OH-V8)
    # TRANSLATORS: a score line: a bid of 0 made (OH-V8).
    M_("SCORE.oh_nil_made", "Nil made"),
    # TRANSLATORS: a score line: the bid made exactly.
    M_("SCORE.oh_bid_made", "bid made"),
    # TRANSLATORS: a score line: the bid missed, the tricks still count (OH-V7).
    M_("SCORE.oh_missed_tricks_count", "bid missed, tricks count"),
    # TRANSLATORS: a score line: the bid missed.
    M_("SCORE.oh_missed", "bid missed"),
    # ================================================================ the rules in one line
    # TRANSLATORS: the house rules on in a game; {parts} lists them ("Nil ±50 (SP-H1), ten for 200 (SP-H5)").
    M_("rules.summary", "House rules: {parts}"),
    # TRANSLATORS: one item of the list above (keep as it is).
    M_("rules.part", "{phrase}"),
)
