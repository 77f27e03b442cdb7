"""The bid advisor's "show me" view in the tutor (issue 6): the plotly chart
of a constructed :class:`~engine.bots.advisor.ShowMe`, and the "Show me"
button in the bidding drill and at the game table (headless), including a
teacher switching hints off."""
from __future__ import annotations

import dataclasses
import html
import json

import pytest

from engine import OhHellRules, Phase
from engine.bots.advisor import ShowMe, show_me
import ipywidgets as W

from tutor.advice import (BAR_COLOUR, BID_COLOUR, EXACT_COLOUR, LEARNER_COLOUR, PLOTLY_MIME, AdvicePanel,
                          ShowMeButton, figure_output, show_me_figure, show_me_summary)
from tutor.drills import BiddingDrill
from tutor.table import new_oh_hell_table, new_spades_table

SAMPLES = 8  # sampled deals per click in these tests (the tutor uses 100)


def spades_show_me() -> ShowMe:
    counts = (2, 10, 25, 31, 20, 9, 3, 0, 0, 0, 0, 0, 0, 0)
    return ShowMe(bid=3, samples=100, counts=counts, chance=tuple(c / 100 for c in counts), mean=2.96,
                  nil_risk=0.98)


def oh_hell_show_me() -> ShowMe:
    counts = (10, 18, 12, 0)
    return ShowMe(bid=1, samples=40, counts=counts, chance=(0.25, 0.45, 0.3, 0.0), mean=1.05, nil_risk=0.7,
                  exact={0: 0.3, 1: 0.45, 2: 0.35, 3: 0.05})


def is_chart_of(chart, fig) -> bool:
    """``chart`` is an Output showing exactly ``fig``: its title as an HTML heading (tutor.charts: a heading
    wraps on a phone where the chart's own title is cut), then plotly's MIME bundle of the figure without
    the title."""
    if not isinstance(chart, W.Output):
        return False
    want = json.loads(fig.to_json())
    outs = list(chart.outputs)
    title = (want["layout"].get("title") or {}).get("text")
    if title:
        head = outs.pop(0)["data"] if outs else {}
        if head.get("text/plain") != title or f">{html.escape(title)}</div>" not in head.get("text/html", ""):
            return False
        want["layout"]["title"]["text"] = ""
    if len(outs) != 1:
        return False
    bundle = outs[0]["data"][PLOTLY_MIME]
    return bundle["data"] == want["data"] and bundle["layout"] == want["layout"]


def same_result(a: ShowMe, b: ShowMe) -> bool:
    return dataclasses.replace(a, millis=0.0) == dataclasses.replace(b, millis=0.0)


# ------------------------------------------------------------------ the figure
def test_sp8_spades_figure_bars_highlight_and_nil_risk():
    fig = show_me_figure(spades_show_me())
    assert len(fig.data) == 1
    bars = fig.data[0]
    assert bars.type == "bar" and bars.name == "tricks taken playing for 3"
    assert list(bars.x) == [0, 1, 2, 3, 4, 5, 6]  # up to the highest count any deal reached
    assert list(bars.y) == [0.02, 0.1, 0.25, 0.31, 0.2, 0.09, 0.03]
    assert list(bars.customdata) == [2, 10, 25, 31, 20, 9, 3]
    assert list(bars.text) == ["2%", "10%", "25%", "31%", "20%", "9%", "3%"]
    assert list(bars.marker.color) == [BAR_COLOUR] * 3 + [BID_COLOUR] + [BAR_COLOUR] * 3
    assert list(bars.marker.pattern.shape) == ["", "", "", "/", "", "", ""]
    assert fig.layout.title.text == "Tricks taken over 100 sampled deals"
    assert fig.layout.yaxis.tickformat == ".0%"
    assert "played for" in fig.layout.xaxis.ticktext[3] and "advisor" not in fig.layout.xaxis.ticktext[3]
    assert [a.text for a in fig.layout.annotations] == ["Nil risk: took a trick in 98%<br>of the deals playing for 0"]
    assert show_me_summary(spades_show_me()) == (
        "Over 100 sampled deals this hand took 3.0 tricks on average; exactly 3 in 31%; Nil risk 98%")


def test_oh11_oh_hell_figure_has_a_grouped_exact_series():
    s = oh_hell_show_me()
    fig = show_me_figure(s)
    assert [t.name for t in fig.data] == ["tricks taken playing for 1", "chance of exactly b when bidding b"]
    assert list(fig.data[0].x) == [0, 1, 2, 3]
    assert list(fig.data[0].y) == [0.25, 0.45, 0.3, 0.0]
    assert list(fig.data[0].marker.color) == [BAR_COLOUR, BID_COLOUR, BAR_COLOUR, BAR_COLOUR]
    assert list(fig.data[1].x) == [0, 1, 2, 3]
    assert list(fig.data[1].y) == [0.3, 0.45, 0.35, 0.05]
    assert list(fig.data[0].text) == ["25%", "45%", "30%", ""]  # no label on an empty bar
    assert list(fig.data[1].text) == ["30%", "45%", "35%", "5%"]
    assert fig.data[1].marker.color == EXACT_COLOUR
    assert fig.layout.barmode == "group" and fig.layout.showlegend is True
    assert fig.layout.title.text == "Tricks taken over 40 sampled deals"
    assert [a.text for a in fig.layout.annotations] == ["risk in bidding 0: took a trick in 70%<br>of the deals playing for 0"]
    assert show_me_summary(s) == ("Over 40 sampled deals this hand took 1.1 tricks on average; "
                                  "exactly 1 in 45%; risk in bidding 0 70%")


def test_sp10_blind_nil_risk_label_and_no_annotation_without_risk():
    blind = dataclasses.replace(spades_show_me(), bid=0, blind=True)
    fig = show_me_figure(blind)
    assert list(fig.data[0].marker.color) == [BID_COLOUR] + [BAR_COLOUR] * 6
    assert "Blind Nil" in fig.layout.xaxis.ticktext[0]
    assert [a.text for a in fig.layout.annotations] == ["Blind Nil risk: took a trick in 98%<br>of the deals playing for 0"]
    assert show_me_summary(blind).endswith("; exactly 0 in 2%; Blind Nil risk 98%")
    no_risk = dataclasses.replace(spades_show_me(), nil_risk=None)
    assert len(show_me_figure(no_risk).layout.annotations) == 0
    assert show_me_summary(no_risk) == "Over 100 sampled deals this hand took 3.0 tricks on average; exactly 3 in 31%"


def test_bid_above_every_count_is_still_drawn_and_empty_sample_is_explained():
    s = ShowMe(bid=4, samples=2, counts=(1, 1, 0, 0, 0, 0), chance=(0.5, 0.5, 0.0, 0.0, 0.0, 0.0), mean=0.5,
               nil_risk=None)
    assert list(show_me_figure(s).data[0].x) == [0, 1, 2, 3, 4]
    empty = ShowMe(bid=0, samples=0, counts=(0, 0), chance=(0.0, 0.0), mean=0.0, nil_risk=None)
    assert show_me_summary(empty) == "No sampled deal could be made for this hand."
    assert show_me_figure(empty).layout.title.text == "Tricks taken over 0 sampled deals"


# ------------------------------------------------------------------ the panel
def test_panel_without_a_view_says_so_and_draws_nothing():
    p = AdvicePanel(lambda: None)
    assert ShowMeButton is AdvicePanel and p.button.description == "Show me"
    p.click()
    assert p.result is None and p.chart_box.children == ()
    assert (p.feedback.kind, p.feedback.text) == ("info", "Show me is about your bid: ask when it is your turn to bid.")


def test_panel_error_is_shown_not_raised():
    def broken():
        raise RuntimeError("no view")
    p = AdvicePanel(broken)
    p.click()
    assert p.feedback.kind == "bug" and "RuntimeError" in p.feedback.text
    assert p.button.disabled is False


# ------------------------------------------------------------------ bidding drill
def test_sp6_drill_show_me_after_a_legal_bid():
    d = BiddingDrill("spades", seed=3)
    assert d.show_me.layout.display == "none"  # only after a bid
    d.bid(14)  # refused (SP-6): still hidden
    assert d.last_verdict.rule == "SP-6" and d.show_me.layout.display == "none"
    d.bid(3)
    assert d.last_verdict.ok and d.show_me.layout.display != "none"
    assert d.show_me in d.children
    d.show_me.samples = SAMPLES
    d.show_me.click()
    s = d.show_me.result
    assert d.show_me.feedback.kind == "", d.show_me.feedback.text
    assert s.samples == SAMPLES and s.bid == d.advice.bid == 5 and s.blind is False and s.exact == {}
    # the drill studies the hand as it was at the learner's bidding turn
    assert d.bid_view.phase is Phase.BIDDING and d.bid_view.bids[2] is None
    assert same_result(s, show_me(d.bid_view, samples=SAMPLES, seed=0))
    assert sum(s.counts) == SAMPLES
    assert is_chart_of(d.show_me.chart, d.show_me.figure) and d.show_me.chart_box.children == (d.show_me.chart,)
    # the learner bid 3 and the advisor suggests 5: both marked, distinctly
    bars = d.show_me.figure.data[0]
    assert bars.marker.color[3] == LEARNER_COLOUR and bars.marker.pattern.shape[3] == "x"
    assert bars.marker.color[5] == BID_COLOUR and bars.marker.pattern.shape[5] == "/"
    ticks = d.show_me.figure.layout.xaxis.ticktext
    assert "you" in ticks[3] and "advisor" in ticks[5] and "you" not in ticks[5]
    assert d.comparison.startswith("You bid 3; the advisor suggests 5: its count of this hand comes to about ")
    assert d.show_me.figure.layout.title.text == f"Tricks taken over {SAMPLES} sampled deals"
    assert d.show_me.summary_text.startswith(f"Over {SAMPLES} sampled deals this hand took ")
    assert "; exactly 5 in " in d.show_me.summary_text and "; Nil risk " in d.show_me.summary_text
    d.new_hand()
    assert d.show_me.result is None and d.show_me.chart_box.children == ()
    assert d.show_me.layout.display == "none"


def test_oh_v4_drill_show_me_covers_exactly_the_legal_bids():
    for seed in range(50):
        d = BiddingDrill("oh_hell", seed=seed, hook=True, hand_size=5)
        if d.game.hooked_bid() is not None:
            break
    legal = [b.value for b in d.game.legal_bids(d.seat)]
    assert (seed, d.game.hooked_bid(), legal) == (0, 1, [0, 2, 3, 4, 5])
    d.bid(2)
    d.show_me.samples = SAMPLES
    d.show_me.click()
    s = d.show_me.result
    assert sorted(s.exact) == legal  # the hooked bid 1 is not offered (OH-V4)
    assert len(s.counts) == 6 and s.samples == SAMPLES
    assert [t.name for t in d.show_me.figure.data] == [f"tricks taken playing for {s.bid}",
                                                      "chance of exactly b when bidding b"]
    assert s.nil_risk == pytest.approx(1 - s.exact[0])


def test_learner_bid_equal_to_the_suggestion_is_one_mark():
    s = spades_show_me()
    fig = show_me_figure(s, learner_bid=3)
    assert list(fig.data[0].marker.color) == [BAR_COLOUR] * 3 + [BID_COLOUR] + [BAR_COLOUR] * 3
    assert "you +" in fig.layout.xaxis.ticktext[3] and "advisor" in fig.layout.xaxis.ticktext[3]
    high = show_me_figure(s, learner_bid=9)  # a bid above every count is still drawn and marked
    assert list(high.data[0].x) == list(range(10)) and high.data[0].marker.color[9] == LEARNER_COLOUR


def test_figure_output_carries_only_the_figure_json():
    fig = show_me_figure(spades_show_me())
    out = figure_output(fig, "summary")
    assert is_chart_of(out, fig)
    head, item = out.outputs
    assert head["data"]["text/html"] == '<div class="tt-chart-title">Tricks taken over 100 sampled deals</div>'
    assert item["data"]["text/plain"] == "summary"
    assert item["data"][PLOTLY_MIME]["layout"]["height"] == 400 and "tt-plotly-h400" in out._dom_classes
    assert len(json.dumps(item)) < 20_000  # not the 5 MB plotly.js bundle a FigureWidget carries


# ------------------------------------------------------------------ game table
def test_sp10_table_show_me_blind_then_after_looking():
    t = new_spades_table(deal_number=3, level=1)
    assert t._show_me.button in t._controls.children and t._show_me in t.children
    assert t._show_me.layout.display != "none" and t._show_me.button.layout.display != "none"
    t._show_me.samples = SAMPLES
    t._show_me.click()  # cards not looked at yet: the Blind Nil view (SP-10)
    s = t._show_me.result
    assert s.blind is True and s.bid == 0 and s.samples == SAMPLES
    assert "Blind Nil risk" in t._show_me.summary_text
    t.look()
    assert t._show_me.result is None and t._show_me.chart_box.children == ()  # the blind chart no longer applies
    t._show_me.click()
    s = t._show_me.result
    assert s.blind is False and s.samples == SAMPLES
    assert same_result(s, show_me(t.game.view(2), samples=SAMPLES, seed=0))
    assert is_chart_of(t._show_me.chart, t._show_me.figure)
    assert t._show_me.summary_text.startswith(f"Over {SAMPLES} sampled deals this hand took ")
    t.click_bid(s.bid if s.bid else 1)
    assert t.last_verdict.ok
    assert t._show_me.result is None and t._show_me.chart_box.children == ()  # not the learner's bid any more
    t._show_me.click()
    assert t._show_me.result is None
    assert t._show_me.feedback.text == "Show me is about your bid: ask when it is your turn to bid."


def test_oh11_table_show_me_in_oh_hell():
    t = new_oh_hell_table(OhHellRules(players=3, hand_sizes=(2,)), deal_number=5, level=1)
    g = t.game
    assert g.phase is Phase.BIDDING and t.learner_seat in g.seats_to_act
    t._show_me.samples = SAMPLES
    t._show_me.click()
    s = t._show_me.result
    assert sorted(s.exact) == [b.value for b in g.legal_bids(t.learner_seat)]
    assert len(t._show_me.figure.data) == 2


def test_hints_off_hides_hint_and_show_me():
    t = new_spades_table(deal_number=3, level=1, hints=False)
    assert t._hint_btn.layout.display == "none"
    assert t._show_me.button.layout.display == "none" and t._show_me.layout.display == "none"
    t.look()
    assert t._show_me.layout.display == "none"
    t._show_me.click()
    assert t._show_me.result is None and t._show_me.chart_box.children == ()
    assert t._show_me.feedback.text == "Hints are switched off for this game."


def test_show_me_is_off_outside_the_bidding_and_hint_shows_the_card():
    """Issue 33: "Show me" stayed enabled during the play and only said it was about the bid."""
    t = new_spades_table(deal_number=3, level=1)
    assert t._show_me.button.disabled is False
    t.look()
    assert t._show_me.button.disabled is False
    t.click_bid(3)  # the computer players bid in turn: the play begins
    assert t.game.phase is Phase.PLAY and t._show_me.button.disabled is True
    t.new_game(5)
    t.confirm_new_game()
    assert t.game.phase is Phase.BIDDING and t._show_me.button.disabled is False
