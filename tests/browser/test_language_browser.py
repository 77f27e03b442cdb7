"""The app in another language, in a real browser (issue 27).

* The pseudo-language (``?lang=qps``: English with accented, lengthened letters in brackets) at
  1280×800 and 390×844: every section, every drill and a Spades table after a look and a bid show
  no English catalogue message (every sentence came through a catalogue) and nothing is cut or
  makes the page scroll sideways, though every text is a third longer.
* ``?lang=so`` / ``ha`` / ``ceb``: the page opens in the language (its section titles are the
  catalogue's), the Learn list opens that language's chapters, and the language menu switches the
  page back to English without losing the game in progress.

Screenshots go to tests/browser/artifacts/ (language_<lang>_<section>_<size>.png).
"""
from __future__ import annotations

import importlib
import pkgutil
import re
import time

import pytest
from playwright.sync_api import expect

from _app_page import (DRILL_TABS, MAIN_TABS, ROUND_TRIP_MS, SPADES, VIEWPORTS, full_screenshot, open_app,
                       overflow_report, start_app)

import tutor
from engine.text import get_language, language
from tutor.advice import SHOW_ME
from tutor.drills.follow import ASK
from tutor.table.options import TITLE as OPTIONS_TITLE
from engine.text.catalog import CATALOGUE
from tutor.app import SECTION_TITLES, SECTIONS
from tutor.text import entries, say

pytestmark = pytest.mark.browser

#: Texts the page shows on purpose in any language: the app's name, and the names of the languages in
#: its menu (each in itself).
ALWAYS = ("Trick Tutor",)


def _english_fragments() -> list[str]:
    """The fixed parts of every English catalogue message (between placeholders and tags) long enough
    to be a phrase: found on a page in another language, they are words no catalogue translated."""
    for info in pkgutil.walk_packages(tutor.__path__, "tutor."):
        importlib.import_module(info.name)
    texts = [*CATALOGUE.values(), *entries()]
    out = set()
    for t in texts:
        for form in (str(t), t.plural or ""):
            for part in re.split(r"\{[^{}]*\}|<[^<>]*>|&\w+;", form):
                part = part.strip(" .,:;()—–-")
                if len(part) >= 14 and " " in part and re.search(r"[a-z]{3}", part):
                    out.add(part)
    return sorted(out)


ENGLISH = _english_fragments()

#: Every text that is cut: an element whose content is wider than its box, where the box hides it.
CUT_JS = """() => {
  const out = [];
  for (const e of document.querySelectorAll('.tt-app *')) {
    if (!e.offsetParent || !e.textContent.trim()) continue;
    const cs = getComputedStyle(e);
    const hides = ['hidden', 'clip'].includes(cs.overflowX) || cs.textOverflow === 'ellipsis';
    if (hides && e.scrollWidth > e.clientWidth + 2 && (e.children.length === 0 || e.tagName === 'BUTTON'))
      out.push(`${e.tagName}.${String(e.className).slice(0, 50)}: "${e.textContent.trim().slice(0, 40)}"`
               + ` ${e.scrollWidth} > ${e.clientWidth}`);
  }
  return out;
}"""


@pytest.fixture(scope="module")
def app_base(voila_server):
    return start_app(voila_server)


def _untranslated(page) -> list[str]:
    text = page.locator(".tt-app").inner_text()
    return [f for f in ENGLISH if f in text]


def _wait_built(page) -> None:
    expect(page.locator(".tt-app .tt-loading:visible")).to_have_count(0, timeout=ROUND_TRIP_MS)
    time.sleep(0.5)


def _open_tab(page, index: int) -> None:
    tab = page.locator(MAIN_TABS).nth(index)
    tab.click()
    expect(tab).to_have_attribute("aria-selected", "true")
    _wait_built(page)


@pytest.mark.parametrize("size", sorted(VIEWPORTS))
def test_pseudo_language_every_screen_translated_and_nothing_cut(browser, app_base, size, artifacts_dir):
    context, page = open_app(browser, f"{app_base}?lang=qps", VIEWPORTS[size])
    with language("qps"):
        titles = [say(t) for t in SECTION_TITLES]
    try:
        expect(page.locator(MAIN_TABS).first).to_have_text(titles[0])
        problems: dict[str, list[str]] = {}
        for index, name in enumerate(SECTIONS):
            _open_tab(page, index)
            screens = [name]
            if name == "Drills":
                for j in range(page.locator(DRILL_TABS).count()):
                    page.locator(DRILL_TABS).nth(j).click()
                    _wait_built(page)
                    screens.append(f"{name} {j}")
                    problems[screens[-1]] = _untranslated(page) + page.evaluate(CUT_JS) + overflow_report(page)
            if name == "Play Spades":
                table = page.locator(SPADES)
                table.locator("button.mod-primary").first.click()        # look at my cards
                expect(table.locator(".tt-row .tt-card[data-card]").first).to_be_visible(timeout=ROUND_TRIP_MS)
                with language("qps"):
                    show_me = say(SHOW_ME)
                table.get_by_role("button", name=re.compile(rf"^\W*{re.escape(show_me)}$")).click()
                chart = table.locator(".tt-show-me-chart .js-plotly-plot")
                expect(chart).to_be_visible(timeout=ROUND_TRIP_MS)      # the bid advisor's chart and summary
                time.sleep(1.0)
                chart_text = " ".join(chart.locator("svg text").all_text_contents())
                problems["Show me chart"] = [f for f in ENGLISH if f in chart_text] + [
                    w for w in ("tricks taken", "chance", "advisor", "sampled deals") if w in chart_text]
                bid = table.locator(".tt-tbl-bids button").nth(3)
                bid.click()                                              # bid 3
                time.sleep(1.0)
            problems[name] = _untranslated(page) + page.evaluate(CUT_JS) + overflow_report(page)
            full_screenshot(page, artifacts_dir / f"language_qps_{name.lower().replace(' ', '-')}_{size}.png")
        assert {k: v for k, v in problems.items() if v} == {}
        assert page.tt_errors == []  # type: ignore[attr-defined]
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["so", "ha", "ceb"])
def test_the_page_opens_in_the_language_and_switches_back_keeping_the_game(browser, app_base, lang,
                                                                          artifacts_dir):
    context, page = open_app(browser, f"{app_base}?lang={lang}", VIEWPORTS["phone"])
    with language(lang):
        titles = [say(t) for t in SECTION_TITLES]
    try:
        for index, title in enumerate(titles):
            expect(page.locator(MAIN_TABS).nth(index)).to_have_text(title)
        links = page.locator(".tt-learn a")
        expect(links.nth(4)).to_have_attribute("href", re.compile(rf"notebooks/{lang}/04_"))
        full_screenshot(page, artifacts_dir / f"language_{lang}_learn_phone.png")
        _open_tab(page, SECTIONS.index("Play Spades"))
        table = page.locator(SPADES)
        table.locator("button.mod-primary").first.click()                # look at my cards
        cards = table.locator(".tt-card[data-card]")
        expect(cards.first).to_be_visible(timeout=ROUND_TRIP_MS)
        hand = sorted(c.get_attribute("data-card") for c in cards.all())
        full_screenshot(page, artifacts_dir / f"language_{lang}_spades_phone.png")
        page.locator(".tt-language select").select_option(label="English")
        expect(page.locator(MAIN_TABS).nth(2)).to_have_text("Play Spades", timeout=ROUND_TRIP_MS)
        _wait_built(page)
        cards = page.locator(SPADES).locator(".tt-card[data-card]")
        expect(cards.first).to_be_visible(timeout=ROUND_TRIP_MS)
        assert sorted(c.get_attribute("data-card") for c in cards.all()) == hand    # the same game goes on
        assert page.tt_errors == []  # type: ignore[attr-defined]
    finally:
        context.close()
        assert get_language() == "en"   # the test process's own language is untouched


#: Every label of an options panel that is cut, runs past the panel, or breaks inside a word: for each
#: text element, its longest word measured in its own font must fit its box (else the word is broken
#: or cut), its content must fit (no ellipsis, no hidden overflow), and its right edge stays in the panel.
OPTIONS_JS = """(panel) => {
  const out = [];
  const inner = panel.querySelector('.jupyter-widget-Collapse-contents') || panel;   // it clips what runs past
  const ics = getComputedStyle(inner);
  const edge = inner.getBoundingClientRect().right - parseFloat(ics.paddingRight)
               - parseFloat(ics.borderRightWidth) + 1;
  const canvas = document.createElement('canvas').getContext('2d');
  for (const e of panel.querySelectorAll('*')) {
    if (!e.offsetParent) continue;
    const r = e.getBoundingClientRect();
    if (r.width === 0) continue;
    const own = [...e.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join(' ').trim();
    const what = `${e.tagName}.${String(e.className).slice(0, 40)} "${(own || e.textContent).trim().slice(0, 40)}"`;
    if (inner.contains(e) && e !== inner && r.right > edge && e.tagName !== 'OPTION') out.push(`${what} runs past the panel (${r.right} > ${edge})`);
    if (!own) continue;
    const cs = getComputedStyle(e);
    canvas.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const longest = Math.max(...own.split(/\\s+/).map(w => canvas.measureText(w).width));
    let box = e;   // an inline element (<small>, <b>) wraps in the box of its block
    while (box.parentElement && getComputedStyle(box).display === 'inline') box = box.parentElement;
    const bs = getComputedStyle(box);
    const room = box.clientWidth - parseFloat(bs.paddingLeft) - parseFloat(bs.paddingRight);
    if (longest > room + 1) out.push(`${what}: a word ${Math.round(longest)} px in ${Math.round(room)} px`);
    const hides = ['hidden', 'clip'].includes(cs.overflowX) || cs.textOverflow === 'ellipsis';
    if (hides && e.scrollWidth > e.clientWidth + 2) out.push(`${what}: cut, ${e.scrollWidth} > ${e.clientWidth}`);
  }
  return out;
}"""


def _open_options(page, section: str, lang: str):
    """Open the options panel of the table in ``section`` ("Play Spades", "Play Oh Hell"); its panel."""
    _open_tab(page, SECTIONS.index(section))
    box = page.locator(".tt-section-" + section.lower().replace(" ", "-"))
    with language(lang):
        title = say(OPTIONS_TITLE)
    header = box.locator(".jupyter-widget-Collapse-header", has_text=title).first
    header.scroll_into_view_if_needed()
    header.click()
    time.sleep(1.0)
    panel = header.locator("xpath=ancestor::*[contains(@class,'jupyter-widget-Accordion')][1]")
    expect(panel.locator("input[type=checkbox]:visible, select:visible").first).to_be_visible(timeout=ROUND_TRIP_MS)
    return panel


@pytest.mark.parametrize("lang", ["qps", "so", "ha", "ceb", "en"])
def test_options_panels_fit_a_phone_in_every_language(browser, app_base, lang, artifacts_dir):
    """Issue 34: on a phone the Oh Hell variation labels were cut (Somali: 5 of 6), "Ciyaartoyda" broke
    inside the word, the Hands menu ran past the panel; English cut the Hook label.  Every label of both
    options panels wraps between words and stays in its panel at 390 px."""
    context, page = open_app(browser, f"{app_base}?lang={lang}", VIEWPORTS["phone"])
    try:
        problems = {}
        for section in ("Play Spades", "Play Oh Hell"):
            panel = _open_options(page, section, lang)
            problems[section] = panel.evaluate(OPTIONS_JS) + overflow_report(page)
            if lang == "qps":
                problems[section] += _untranslated(page)
            panel.screenshot(path=str(artifacts_dir / f"language_{lang}_options_{section.split()[-1].lower()}_phone.png"))
        assert {k: v for k, v in problems.items() if v} == {}
        assert page.tt_errors == []  # type: ignore[attr-defined]
    finally:
        context.close()


def test_options_panel_labels_are_whole_on_a_desktop(browser, app_base, artifacts_dir):
    """Issue 34: "Players" showed as "Play" on a desktop."""
    context, page = open_app(browser, f"{app_base}?lang=en", VIEWPORTS["desktop"])
    try:
        panel = _open_options(page, "Play Oh Hell", "en")
        assert panel.evaluate(OPTIONS_JS) == []
        panel.screenshot(path=str(artifacts_dir / "language_en_options_ohhell_desktop.png"))
    finally:
        context.close()


def test_a_drill_keeps_its_place_when_the_language_changes(browser, app_base, artifacts_dir):
    """Issue 34: switching the language mid-drill used to start the drills again (the streak lost, and
    from the bidding drill back to follow suit).  In the pseudo-language, answer a follow-suit position,
    open the bidding drill, switch to Somali: the bidding drill is still shown with the same hand, in
    Somali, and the follow-suit drill still counts the position answered."""
    context, page = open_app(browser, f"{app_base}?lang=qps", VIEWPORTS["phone"])
    try:
        _open_tab(page, SECTIONS.index("Drills"))
        hand = page.locator(".tt-drill .tt-row .tt-card[data-card]")
        stats = page.locator(".tt-drill").first.locator(".widget-html").nth(1)
        before = stats.inner_text()
        hand.last.click()                                   # an answer: right or wrong, it counts
        expect(stats).not_to_have_text(before, timeout=ROUND_TRIP_MS)
        answered = stats.inner_text()
        page.locator(DRILL_TABS).nth(2).click()             # the bidding drill
        _wait_built(page)
        bidding = page.locator(".tt-drill:visible")
        cards = sorted(c.get_attribute("data-card") for c in bidding.locator(".tt-card[data-card]").all())
        page.locator(".tt-language select").select_option(label="Soomaali")
        with language("so"):
            expect(page.locator(MAIN_TABS).nth(1)).to_have_text(say(SECTION_TITLES[1]), timeout=ROUND_TRIP_MS)
        _wait_built(page)
        expect(page.locator(DRILL_TABS).nth(2)).to_have_attribute("aria-selected", "true")
        bidding = page.locator(".tt-drill:visible")
        assert sorted(c.get_attribute("data-card") for c in bidding.locator(".tt-card[data-card]").all()) == cards
        assert "[" not in bidding.inner_text()              # said again in Somali, nothing left in the pseudo-language
        full_screenshot(page, artifacts_dir / "language_switch_bidding_drill_phone.png")
        page.locator(DRILL_TABS).nth(0).click()
        _wait_built(page)
        follow_stats = page.locator(".tt-drill:visible").first.locator(".widget-html").nth(1).inner_text()
        assert [int(n) for n in re.findall(r"\d+", follow_stats)] == [int(n) for n in re.findall(r"\d+", answered)]
        with language("so"):
            assert say(ASK) in page.locator(".tt-drill:visible").first.inner_text()
        assert page.tt_errors == []  # type: ignore[attr-defined]
    finally:
        context.close()
