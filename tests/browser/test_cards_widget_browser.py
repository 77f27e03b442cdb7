"""CardHand in a real browser: Voila + headless Chromium (system build).

One notebook, one Voila server and one desktop page are shared by the tests of
this module (kernel start-up dominates the cost); the phone test opens its own
page on the same server. Screenshots go to tests/browser/artifacts/.
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

KERNEL_TIMEOUT_MS = 120_000   # first render includes kernel start + notebook run
ROUND_TRIP_MS = 15_000        # browser -> kernel -> browser

SETUP = """\
import ipywidgets as W
from IPython.display import display
from tutor.cards import CardHand
"""

MAIN = """\
hand = CardHand(cards=["AS", "TH", "2C", "QD"], playable=["AS", "2C"], label="Your hand")
hand.add_class("hand-main")
clicked = W.Label("no click yet")
clicked.add_class("log-main")
hand.on_click(lambda card: setattr(clicked, "value", f"clicked {card}"))
display(hand, clicked)
"""

MULTI = """\
pick = CardHand(cards=["KS", "JH", "9C", "7D", "3S"], multi_select=True, four_colour=True,
                highlighted=["JH"], label="Pick three cards to pass")
pick.add_class("hand-multi")
picked = W.Label("selected:")
picked.add_class("log-multi")
pick.on_click(lambda card: setattr(picked, "value", "selected: " + " ".join(pick.selected)))
display(pick, picked)
"""

ERROR = """\
def broken(card):
    raise RuntimeError(f"engine exploded on {card}")
oops = CardHand(cards=["5H", "6H"], label="Broken hand")
oops.add_class("hand-error")
oops.on_click(broken)
display(oops)
"""

PLAY = """\
table = CardHand(cards=["2H", "3H", "4H"], label="Play a card")
table.add_class("hand-play")
def play(card):
    table.cards = [c for c in table.cards if c != card]
table.on_click(play)
display(table)
"""

GALLERY = """\
spades = ["AS", "KS", "TS", "7S", "2S", "AH", "QH", "9H", "4H", "KD", "JD", "8C", "3C"]
full = CardHand(cards=spades, playable=["AS", "KS", "TS", "7S", "2S"],
                highlighted=["AS"], label="Thirteen cards")
full.add_class("hand-full")
backs = CardHand(cards=spades, face_down=True, label="Blind Nil: your hand, face down")
backs.add_class("hand-backs")
small = CardHand(cards=["TD", "TC"], size="small", disabled=True, label="Small, disabled")
small.add_class("hand-small")
large = CardHand(cards=["TD", "JC", "AH"], size="large", label="Large")
large.add_class("hand-large")
display(full, backs, small, large)
"""

LABELS = {
    "AS": "ace of spades",
    "TH": "ten of hearts, not playable",
    "2C": "two of clubs",
    "QD": "queen of diamonds, not playable",
}


@pytest.fixture(scope="module")
def app_url(tmp_path_factory, voila_server, write_notebook):
    nb = write_notebook(tmp_path_factory.mktemp("voila") / "cards_demo.ipynb",
                        SETUP, MAIN, MULTI, ERROR, PLAY, GALLERY)
    t0 = time.monotonic()
    url = voila_server(nb)
    print(f"\nvoila up in {time.monotonic() - t0:.1f}s at {url}")
    return url


def open_app(browser, url, **context_args):
    context = browser.new_context(**context_args)
    # Hermetic: nothing leaves 127.0.0.1. Voila's own template asks a CDN for
    # Font Awesome (harmless offline); the widget itself must fetch nothing.
    external: list[str] = []

    def block(route):
        external.append(route.request.url)
        route.abort()

    context.route(re.compile(r"^(?!https?://127\.0\.0\.1[:/])"), block)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    t0 = time.monotonic()
    page.goto(url, wait_until="domcontentloaded", timeout=KERNEL_TIMEOUT_MS)
    # the last widget of the notebook has rendered => all have
    expect(page.locator(".hand-large .tt-card")).to_have_count(3, timeout=KERNEL_TIMEOUT_MS)
    print(f"page rendered in {time.monotonic() - t0:.1f}s")
    page.tt_errors = errors  # type: ignore[attr-defined]
    unexpected = [u for u in external if "fontawesome" not in u and not u.startswith("data:")]
    assert unexpected == [], f"unexpected network requests: {unexpected}"
    return context, page


@pytest.fixture(scope="module")
def page(browser, app_url):
    context, page = open_app(browser, app_url, viewport={"width": 1280, "height": 900},
                             device_scale_factor=1)
    yield page
    context.close()


def screenshot(page, path):
    """Whole-page screenshot. Voila's page scrolls an inner element, so Playwright's
    full_page=True only gets the viewport: grow the viewport to the content first."""
    size = page.viewport_size
    height = page.evaluate(
        "Math.max(...Array.from(document.querySelectorAll('*'), e => e.scrollHeight))")
    page.set_viewport_size({"width": size["width"], "height": max(height, size["height"])})
    try:
        page.screenshot(path=str(path))
    finally:
        page.set_viewport_size(size)


def card(page, hand: str, code: str):
    return page.locator(f".{hand} .tt-card[data-card='{code}']")


def active_card(page) -> str | None:
    return page.evaluate("document.activeElement?.dataset?.card ?? null")


def test_cards_render_with_labels_and_text(page, artifacts_dir):
    hand = page.locator(".hand-main")
    expect(hand.locator(".tt-card[data-card]")).to_have_count(4)
    assert hand.locator(".tt-card").evaluate_all(
        "els => els.map(e => e.dataset.card)") == ["AS", "TH", "2C", "QD"]
    toolbar = page.get_by_role("toolbar", name="Your hand")
    expect(toolbar).to_be_visible()
    expect(toolbar.get_by_role("button")).to_have_count(4)
    for code, label in LABELS.items():
        c = card(page, "hand-main", code)
        expect(c).to_have_attribute("role", "button")
        expect(c).to_have_attribute("aria-label", label)
        expect(toolbar.get_by_role("button", name=label, exact=True)).to_be_visible()

    # "10♥" is shown in full: real text, visible, and inside the card's box
    ten = card(page, "hand-main", "TH")
    index = ten.locator(".tt-index")
    expect(index).to_have_text("10♥")
    expect(index).to_be_visible()
    expect(ten).to_have_text("10♥")  # pip and mirrored index are CSS-generated
    cb, ib = ten.bounding_box(), index.bounding_box()
    assert ib["x"] >= cb["x"] and ib["x"] + ib["width"] <= cb["x"] + cb["width"]
    assert ib["y"] >= cb["y"] and ib["y"] + ib["height"] <= cb["y"] + cb["height"]
    assert index.evaluate("e => e.scrollWidth <= e.clientWidth + 1")
    for code, text in {"AS": "A♠", "2C": "2♣", "QD": "Q♦"}.items():
        expect(card(page, "hand-main", code).locator(".tt-index")).to_have_text(text)

    # two-colour: hearts/diamonds red, clubs/spades black
    def colour(code):
        return card(page, "hand-main", code).evaluate("e => getComputedStyle(e).color")
    assert colour("TH") == colour("QD") != colour("AS") == colour("2C")
    # dimmed vs playable
    opacity = {c: float(card(page, "hand-main", c).evaluate(
        "e => getComputedStyle(e).opacity")) for c in LABELS}
    assert opacity["AS"] == opacity["2C"] == 1.0
    assert opacity["TH"] < 0.9 and opacity["QD"] < 0.9
    # white rounded rectangles with a 5:7 aspect
    bg, radius = card(page, "hand-main", "AS").evaluate(
        "e => [getComputedStyle(e).backgroundColor, getComputedStyle(e).borderTopLeftRadius]")
    assert bg == "rgb(255, 255, 255)" and float(radius.rstrip("px")) > 2
    ab = card(page, "hand-main", "AS").bounding_box()
    assert 1.3 < ab["height"] / ab["width"] < 1.5

    screenshot(page, artifacts_dir / "cards_desktop.png")
    page.locator(".hand-main").screenshot(path=str(artifacts_dir / "cards_main_hand.png"))
    assert page.tt_errors == []


def test_click_reaches_python(page):
    log = page.locator(".log-main")
    expect(log).to_have_text("no click yet")
    t0 = time.monotonic()
    card(page, "hand-main", "TH").click()  # not playable, still clickable
    expect(log).to_have_text("clicked TH", timeout=ROUND_TRIP_MS)
    print(f"click round trip {1000 * (time.monotonic() - t0):.0f} ms")
    card(page, "hand-main", "AS").click()
    expect(log).to_have_text("clicked AS", timeout=ROUND_TRIP_MS)


def test_keyboard_roving_tabindex(page, artifacts_dir):
    hand = page.locator(".hand-main")
    card(page, "hand-main", "TH").click()
    expect(page.locator(".log-main")).to_have_text("clicked TH", timeout=ROUND_TRIP_MS)
    # one Tab stop per hand, remembering the last card used
    assert hand.locator(".tt-card[tabindex='0']").evaluate_all(
        "els => els.map(e => e.dataset.card)") == ["TH"]

    # start sequential navigation from the top of the page, then Tab into the hand
    page.mouse.click(2, 2)
    assert active_card(page) is None
    page.keyboard.press("Tab")
    assert active_card(page) == "TH"
    focused = card(page, "hand-main", "TH")
    assert focused.evaluate("e => e.matches(':focus-visible')")
    assert focused.evaluate("e => getComputedStyle(e).outlineStyle") == "solid"

    page.keyboard.press("ArrowRight")
    assert active_card(page) == "2C"
    assert hand.locator(".tt-card[tabindex='0']").evaluate_all(
        "els => els.map(e => e.dataset.card)") == ["2C"]
    page.screenshot(path=str(artifacts_dir / "cards_keyboard_focus.png"))
    page.keyboard.press("Enter")
    expect(page.locator(".log-main")).to_have_text("clicked 2C", timeout=ROUND_TRIP_MS)
    # focus survives the round trip
    assert active_card(page) == "2C"

    page.keyboard.press("End")
    assert active_card(page) == "QD"
    page.keyboard.press("ArrowRight")  # stays on the last card
    assert active_card(page) == "QD"
    page.keyboard.press("Home")
    assert active_card(page) == "AS"
    page.keyboard.press("Space")
    expect(page.locator(".log-main")).to_have_text("clicked AS", timeout=ROUND_TRIP_MS)

    # Tab leaves the hand in one step (next hand's single stop)
    page.keyboard.press("Tab")
    assert page.evaluate(
        "document.activeElement.closest('.hand-main') === null")


def test_multi_select_syncs_to_python(page, artifacts_dir):
    log = page.locator(".log-multi")
    card(page, "hand-multi", "JH").click()
    expect(log).to_have_text("selected: JH", timeout=ROUND_TRIP_MS)
    card(page, "hand-multi", "9C").click()
    expect(log).to_have_text("selected: JH 9C", timeout=ROUND_TRIP_MS)
    card(page, "hand-multi", "3S").focus()
    page.keyboard.press("Enter")
    expect(log).to_have_text("selected: JH 9C 3S", timeout=ROUND_TRIP_MS)
    card(page, "hand-multi", "JH").click()
    expect(log).to_have_text("selected: 9C 3S", timeout=ROUND_TRIP_MS)
    expect(card(page, "hand-multi", "9C")).to_have_attribute("aria-pressed", "true")
    expect(card(page, "hand-multi", "JH")).to_have_attribute("aria-pressed", "false")
    expect(card(page, "hand-multi", "9C")).to_have_class(re.compile(r"\btt-selected\b"))
    page.locator(".hand-multi").screenshot(path=str(artifacts_dir / "cards_multi_select.png"))
    # four colours: clubs, diamonds, hearts, spades all different
    colours = {c: card(page, "hand-multi", c).evaluate("e => getComputedStyle(e).color")
               for c in ("9C", "7D", "JH", "KS")}
    assert len(set(colours.values())) == 4


def test_callback_error_is_shown(page, artifacts_dir):
    note = page.locator(".hand-error .tt-error")
    expect(note).to_be_hidden()
    card(page, "hand-error", "6H").click()
    expect(note).to_be_visible(timeout=ROUND_TRIP_MS)
    expect(note).to_contain_text("RuntimeError: engine exploded on 6H")
    assert note.evaluate("e => getComputedStyle(e).color") == "rgb(176, 0, 32)"
    page.locator(".hand-error").screenshot(path=str(artifacts_dir / "cards_error_note.png"))


def test_focus_survives_python_removing_the_card(page):
    """Playing a card removes it from the hand; keyboard focus moves to its neighbour."""
    cards = page.locator(".hand-play .tt-card")
    card(page, "hand-play", "3H").focus()
    page.keyboard.press("Enter")
    expect(cards).to_have_count(2, timeout=ROUND_TRIP_MS)
    assert active_card(page) == "4H"
    page.keyboard.press("Enter")
    expect(cards).to_have_count(1, timeout=ROUND_TRIP_MS)
    assert active_card(page) == "2H"
    assert page.locator(".hand-play .tt-card[tabindex='0']").count() == 1


def test_face_down_and_disabled(page):
    backs = page.locator(".hand-backs .tt-card")
    expect(backs).to_have_count(13)
    expect(page.locator(".hand-backs [data-card]")).to_have_count(0)  # codes not exposed
    expect(page.locator(".hand-backs .tt-card").first).to_have_attribute(
        "aria-label", "face-down card")
    small = card(page, "hand-small", "TD")
    expect(small).to_have_attribute("aria-disabled", "true")
    large = card(page, "hand-large", "TD")
    assert large.bounding_box()["width"] > 2 * small.bounding_box()["width"]


def test_phone_width(browser, app_url, artifacts_dir):
    context, phone = open_app(browser, app_url, viewport={"width": 390, "height": 844},
                              device_scale_factor=2, is_mobile=True, has_touch=True)
    try:
        # nothing sticks out sideways
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        full = phone.locator(".hand-full .tt-card")
        expect(full).to_have_count(13)
        boxes = [full.nth(i).bounding_box() for i in range(13)]
        assert all(b["x"] >= 0 and b["x"] + b["width"] <= 390 for b in boxes)
        assert all(b["width"] >= 44 for b in boxes)  # touch-sized
        rows = sorted({round(b["y"] + b["height"]) for b in boxes})
        assert len(_cluster(rows)) == 2, rows  # 13 cards: two rows of 7 + 6
        # every index is fully inside its card
        for code in ("TS", "AS", "QH"):
            c = card(phone, "hand-full", code)
            cb, ib = c.bounding_box(), c.locator(".tt-index").bounding_box()
            assert ib["x"] >= cb["x"] and ib["x"] + ib["width"] <= cb["x"] + cb["width"] + 0.5
        expect(card(phone, "hand-full", "TS").locator(".tt-index")).to_have_text("10♠")
        # tap works on a phone too
        card(phone, "hand-main", "QD").tap()
        expect(phone.locator(".log-main")).to_have_text("clicked QD", timeout=ROUND_TRIP_MS)
        screenshot(phone, artifacts_dir / "cards_phone_390.png")
        phone.locator(".hand-full").screenshot(
            path=str(artifacts_dir / "cards_phone_390_full_hand.png"))
        assert phone.tt_errors == []
    finally:
        context.close()


def _cluster(values, tol=12):
    groups = []
    for v in values:
        if groups and v - groups[-1][-1] <= tol:
            groups[-1].append(v)
        else:
            groups.append([v])
    return groups


def test_base_url(tmp_path, voila_server, write_notebook, browser):
    nb = write_notebook(tmp_path / "tiny.ipynb", SETUP,
                        'display(CardHand(cards=["TH"], label="Tiny"))')
    url = voila_server(nb, base_url="/tutor/")
    assert url.endswith("/tutor/")
    context = browser.new_context()
    try:
        p = context.new_page()
        p.goto(url, timeout=KERNEL_TIMEOUT_MS)
        expect(p.locator(".tt-card[data-card='TH']")).to_have_attribute(
            "aria-label", "ten of hearts", timeout=KERNEL_TIMEOUT_MS)
    finally:
        context.close()
