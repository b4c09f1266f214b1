"""The date field's calendar never covers its field, the questionnaire's fields keep a gap, /my-applications' buttons
line up with the card's text — in Chromium, where the layout is real.

A walk found the calendar (then a Popover, which does not flip) pushed up into the viewport over its own field when
it did not fit below it: the typed date and the next field's label hidden. It now opens below the field when there
is room and above it when there is not, on a desktop and on a phone, the field low and high on the screen. Also
found: a field's helper line (the IIN's hint) touching the next field's label (8 px between the rows of fields), and
the cards' action buttons 8 px left of the card's text.
"""

from __future__ import annotations

from contextlib import ExitStack

import pytest
from playwright.sync_api import expect

from .contexts import browser_context_for
from .test_date_fields import PASSWORD, sign_in

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
BOX = (
    "el => { const r = el.getBoundingClientRect();"
    " return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; }"
)
# The outlined box of the date field (the calendar's anchor): the input's parent.
FIELD_BOX = "el => { const r = el.parentElement.getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; }"


@pytest.fixture
def applicant_page(browser, live_server, request, factories):
    """open_page(size, email): a new applicant's /apply/<id> in a context of that size. The contexts close after the
    test (screenshotted into test-results/ if it failed), and no page may have thrown."""
    errors: list[str] = []
    with ExitStack() as contexts:

        def open_page(size, email):
            user = factories.applicant(email=email, password=PASSWORD)
            application = factories.application(user=user)
            context = contexts.enter_context(
                browser_context_for(browser, live_server, request, viewport=SIZES[size], has_touch=size == "phone")
            )
            page = context.new_page()
            page.on("pageerror", lambda error: errors.append(str(error)))
            sign_in(page, email)
            page.goto(f"/apply/{application.id}")
            return page, application

        yield open_page
    assert not errors, f"uncaught errors in the page: {errors}"


def place_field(page, date, where):
    """Scrolls the page so the field's box is near the bottom ('low') or the top ('high') of the screen, as far as
    the page can scroll."""
    page.evaluate(
        """([el, where]) => {
             const r = el.parentElement.getBoundingClientRect();
             const target = where === 'low' ? window.innerHeight - r.height - 24 : 72;
             window.scrollBy(0, r.top - target);
           }""",
        [date.element_handle(), where],
    )


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("where", ["low", "high"])
def test_the_calendar_opens_below_its_field_or_above_it_never_over_it(applicant_page, size, where):
    page, _ = applicant_page(size, f"calendar.{size}.{where}@example.com")
    date = page.get_by_test_id("field-date_of_birth")
    expect(date).to_be_visible()
    date.click(position={"x": 4, "y": 8})
    page.keyboard.type("15032001", delay=20)
    page.get_by_test_id("field-first_name").click()  # the typed date stays, the field left
    place_field(page, date, where)
    height = page.evaluate("window.innerHeight")
    page.get_by_test_id("field-date_of_birth-calendar").click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    page.wait_for_timeout(200)  # Popper.js places it in a microtask; a frame for good measure
    field = date.evaluate(FIELD_BOX)  # the page does not move when the calendar opens
    box = dialog.evaluate(BOX)
    calendar_height = box["bottom"] - box["top"]

    room_below, room_above = height - field["bottom"], field["top"]
    assert box["bottom"] <= field["top"] or box["top"] >= field["bottom"], (field, box)
    if room_below >= calendar_height + 12:
        assert box["top"] >= field["bottom"], ("room below, yet not below", field, box)
    elif room_above >= calendar_height + 12:
        assert box["bottom"] <= field["top"], ("no room below: should be above", field, box)
    if where == "high":
        assert box["top"] >= field["bottom"], (field, box)
    if where == "low" and room_below < calendar_height + 12:
        assert box["bottom"] <= field["top"] and box["top"] >= 0, (field, box)
    assert 0 <= box["left"] and box["right"] <= SIZES[size]["width"], box
    # what is typed stays in sight: the point in the middle of the input is the input, not the calendar
    assert date.evaluate(
        "el => { const r = el.getBoundingClientRect();"
        " return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === el; }"
    )
    # the focus is on the picked day, and Tab goes round the calendar
    expect(dialog.get_by_role("gridcell", name="15", exact=True)).to_be_focused()
    for _ in range(6):
        page.keyboard.press("Tab")
        assert dialog.evaluate("el => el.contains(document.activeElement)")
    page.keyboard.press("Escape")
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(page.get_by_test_id("field-date_of_birth-calendar")).to_be_focused()
    expect(date).to_have_value("15.03.2001")


# The gap between a field's helper line and the next field's label once that label has moved up onto the outline
# (the field filled or focused): `rise` is how far a moved-up label stands above its field's box.
GAPS = """(rise) => {
  const controls = [...document.querySelectorAll('[data-testid="questionnaire"] .MuiFormControl-root')]
    .filter((el) => el.querySelector('.MuiFormHelperText-root') && el.getBoundingClientRect().height > 0);
  const out = [];
  for (const upper of controls) {
    const u = upper.getBoundingClientRect();
    const helper = upper.querySelector('.MuiFormHelperText-root').getBoundingClientRect();
    // the outlined field right below it in the same column
    let below = null;
    for (const other of controls) {
      const o = other.getBoundingClientRect();
      if (other === upper || !other.querySelector('.MuiOutlinedInput-root')) continue;
      if (o.top < u.bottom - 1 || o.left >= u.right || o.right <= u.left) continue;
      if (!below || o.top < below.getBoundingClientRect().top) below = other;
    }
    if (!below) continue;
    out.push({ below: below.querySelector('label').textContent,
               gap: below.getBoundingClientRect().top - rise - helper.bottom });
  }
  return out;
}"""
RISE = "el => el.parentElement.parentElement.getBoundingClientRect().top - el.labels[0].getBoundingClientRect().top"


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_fields_helper_line_keeps_a_gap_to_the_next_fields_label(applicant_page, size):
    page, _ = applicant_page(size, f"gaps.{size}@example.com")
    date = page.get_by_test_id("field-date_of_birth")
    expect(date).to_be_visible()
    date.click(position={"x": 4, "y": 8})
    page.keyboard.type("15032001", delay=20)
    page.get_by_test_id("field-first_name").click()
    rise = date.evaluate(RISE)  # its label is up on the outline: a date is in it
    assert 4 <= rise <= 16, rise
    page.wait_for_function("() => !document.querySelector('[data-pending-field]')")  # every batch drawn
    gaps = page.evaluate(GAPS, rise)
    assert len(gaps) >= 4, gaps
    tight = [g for g in gaps if g["gap"] < 4]
    assert not tight, tight


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_cards_buttons_line_up_with_its_text(applicant_page, size):
    page, application = applicant_page(size, f"cards.{size}@example.com")
    page.goto("/my-applications")
    card = page.get_by_test_id(f"application-card-{application.id}")
    expect(card).to_be_visible()
    text = page.get_by_test_id(f"application-program-{application.id}").evaluate(BOX)
    button = page.get_by_test_id(f"open-application-{application.id}").evaluate(BOX)
    outline = card.evaluate(BOX)
    assert abs(button["left"] - text["left"]) <= 1, (text, button)
    assert outline["bottom"] - button["bottom"] >= 15, (outline, button)  # as much room below as beside
