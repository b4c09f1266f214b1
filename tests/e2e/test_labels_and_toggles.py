"""Two applicant-side leftovers in Chromium (decision 0091), at a phone's 390 px and a laptop's 1366 px, in ru, kk and
en, with a screenshot of each for a reviewer's eye:

- /apply's step labels wrap between words: no word of a step's name or answer is split over two lines but at a
  syllable with a hyphen (the Kazakh "Республикасының" was cut anywhere), no label is wider than its step, the page
  does not scroll sideways.
- /my-applications' "Application history" toggle looks and works like a control: a disclosure button
  (aria-expanded, aria-controls naming the region) in the link colour with an expand icon that turns when open,
  the app's focus ring on keyboard focus, and its chunk fetched when the pointer is over it (decision 0070).

- A staff member gets new recovery codes on their own "Sign-in security" screen (decision 0091).
- The audit trail of a staff account reads in the interface language: no Russian role or column names in English.

Screenshots go to LEFTOVERS_SHOTS (default /tmp/qabyldau-leftovers).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from server.accounts import dao as users_dao
from server.database import unit_of_work

from ..helpers import API, fresh_totp
from .contexts import browser_context_for
from .test_accessibility import Audit
from .test_layout_seams import assert_no_sideways_scroll, store_session

SHOTS = Path(os.environ.get("LEFTOVERS_SHOTS", "/tmp/qabyldau-leftovers"))
LANGUAGES = ("ru", "kk", "en")
WIDTHS = (390, 1366)
PRIMARY_RGB = "rgb(11, 79, 138)"  # client/src/app/theme.js PRIMARY #0b4f8a
HISTORY = {"ru": "История заявки", "kk": "Өтінім тарихы", "en": "Application history"}

# Every word of the step names and answers whose pieces sit on more than one line — a word may break only at a soft
# hyphen (U+00AD, hyphenate.js: at a syllable, with the hyphen shown) — and every label wider than its step.
SPLIT_WORDS = """(root) => {
  const split = [];
  const overflowing = [];
  for (const box of root.querySelectorAll('.MuiStepLabel-labelContainer')) {
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      for (const word of node.data.matchAll(/[^\\s\\u00ad]+/g)) {
        // The line of each letter: its own box is its last rect (the letter after a soft-hyphen break also reports
        // the hyphen drawn at the end of the line before).
        const lines = new Set();
        for (let at = word.index; at < word.index + word[0].length; at += 1) {
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + 1);
          const boxes = [...range.getClientRects()].filter((r) => r.width > 0);
          if (boxes.length) lines.add(Math.round(boxes[boxes.length - 1].top));
        }
        if (lines.size > 1) split.push(word[0]);
      }
    }
    if (box.scrollWidth > box.clientWidth + 1) overflowing.push(box.textContent);
  }
  return { split, overflowing };
}"""


@pytest.fixture
def browser_context(browser, live_server, db, request):
    """bypass_csp only so the test can inject axe-core (see test_accessibility.py); the app runs unchanged."""
    with browser_context_for(browser, live_server, request, bypass_csp=True) as context:
        yield context


def shot(page, name: str, full_page: bool = False) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page)


def assert_labels_wrap_between_words(page, where: str) -> None:
    steps = page.get_by_test_id("apply-steps")
    expect(steps).to_be_visible()
    found = steps.evaluate(SPLIT_WORDS)
    assert not found["split"], f"{where}: step names split inside a word: {found['split']}"
    assert not found["overflowing"], f"{where}: step labels wider than their step: {found['overflowing']}"
    assert_no_sideways_scroll(page, where)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_apply_step_labels_wrap_between_words(page, factories, db, lang, width):
    page.set_viewport_size({"width": width, "height": 844 if width == 390 else 768})
    audit = Audit(page, f"{width}-{lang}")

    # /apply: the programme step, three steps.
    foreign = factories.applicant(first_name="Anna", last_name="Schmidt")
    store_session(page, factories, foreign, lang)
    page.goto("/apply")
    expect(page.locator("#study-program-title")).to_be_visible()
    assert_labels_wrap_between_words(page, f"/apply ({lang}, {width} px)")
    shot(page, f"{width}-{lang}-apply")
    audit(f"/apply ({lang})")

    # /apply/{id} of a citizen before the credit bureau's step: four steps, the programme and citizenship answered.
    citizen = factories.applicant(kz=True, first_name="Дана", last_name="Ержанова")
    pending = factories.application(user=citizen, current_step=1)
    store_session(page, factories, citizen, lang)
    page.goto(f"/apply/{pending.id}")
    expect(page.get_by_test_id("pkb-form")).to_be_visible()
    expect(page.get_by_test_id("apply-answer-citizenship")).to_be_visible()
    steps = page.get_by_test_id("apply-steps").locator(".MuiStep-root")
    expect(steps).to_have_count(4)
    assert_labels_wrap_between_words(page, f"/apply/{{id}} ({lang}, {width} px)")
    shot(page, f"{width}-{lang}-apply-citizen")
    audit(f"/apply/{{id}} ({lang})")
    audit.check()


@pytest.mark.parametrize("width", WIDTHS)
def test_the_history_toggle_is_a_visible_disclosure_control(page, factories, db, width):
    page.set_viewport_size({"width": width, "height": 844 if width == 390 else 768})
    page.emulate_media(reduced_motion="reduce")  # the icon turns at once: its end state is measured, not a frame
    applicant = factories.applicant(first_name="Anna", last_name="Schmidt")
    factories.application(user=applicant, current_step=1)
    chunks: list[str] = []
    page.on("request", lambda request: chunks.append(request.url) if "application-history" in request.url else None)

    for lang in LANGUAGES:
        store_session(page, factories, applicant, lang)
        page.goto("/my-applications")
        toggle = page.get_by_role("button", name=HISTORY[lang])
        expect(toggle).to_be_visible()
        expect(toggle).to_have_attribute("aria-expanded", "false")
        region_id = toggle.get_attribute("aria-controls")
        region = page.locator(f"#{region_id}")
        expect(region).to_be_hidden()
        # In the link colour with an expand icon, not plain text; the icon is decoration (the state is aria-expanded).
        assert toggle.evaluate("(el) => getComputedStyle(el).color") == PRIMARY_RGB
        icon = toggle.locator("svg")
        expect(icon).to_have_count(1)
        expect(icon).to_have_attribute("aria-hidden", "true")
        assert icon.evaluate("(el) => getComputedStyle(el.closest('.MuiButton-endIcon')).transform") == "none"
        assert_no_sideways_scroll(page, f"/my-applications ({lang}, {width} px)")
        shot(page, f"{width}-{lang}-history-closed")

    # Not on the first screen; pointed at, its chunk is fetched before any click (decision 0070).
    assert not chunks, chunks
    toggle.hover()
    page.wait_for_timeout(300)
    assert chunks, "hovering the history toggle fetched no application-history chunk"
    shot(page, f"{width}-en-history-hover")

    # The keyboard: the app's focus ring, Enter opens it, the icon has turned half a circle, Enter closes it.
    toggle.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    expect(toggle).to_be_focused()
    ring = toggle.evaluate("(el) => [getComputedStyle(el).outlineStyle, getComputedStyle(el).outlineWidth]")
    assert ring == ["solid", "3px"], ring
    shot(page, f"{width}-en-history-focused")
    page.keyboard.press("Enter")
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(region).to_be_visible()
    expect(region).to_have_attribute("aria-labelledby", toggle.get_attribute("id"))
    expect(region.locator("[role=progressbar]")).to_have_count(0)
    turned = icon.evaluate("(el) => getComputedStyle(el.closest('.MuiButton-endIcon')).transform")
    assert turned == "matrix(-1, 0, 0, -1, 0, 0)", turned  # rotate(180deg)
    shot(page, f"{width}-en-history-open", full_page=True)
    page.keyboard.press("Enter")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(region).to_be_hidden()
    audit = Audit(page, f"{width}")
    audit("/my-applications history toggle")
    audit.check()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_staff_get_new_recovery_codes_on_their_security_screen(page, factories, db, lang):
    """Decision 0091 in the browser: the menu's "Sign-in security", a current app code, ten new codes shown once."""
    page.set_viewport_size({"width": 1366, "height": 768})
    admin = factories.admin(email=f"security.{lang}@university.kz")
    store_session(page, factories, admin, lang)
    page.goto("/admin")
    page.get_by_test_id("admin-menu-security").click()
    expect(page).to_have_url(re.compile(r"/admin/security$"))
    expect(page.get_by_test_id("staff-security-codes-left")).to_contain_text("10")
    audit = Audit(page, f"1366-{lang}")
    audit(f"/admin/security ({lang})")
    shot(page, f"1366-{lang}-security")
    page.get_by_test_id("staff-security-code").fill(fresh_totp(admin.email))
    page.get_by_test_id("staff-security-regenerate").click()
    expect(page.get_by_test_id("recovery-codes").locator("li")).to_have_count(10)
    expect(page.locator("#staff-security-codes-heading")).to_be_focused()
    shot(page, f"1366-{lang}-security-new-codes")
    audit(f"/admin/security new codes ({lang})")
    page.set_viewport_size({"width": 390, "height": 844})
    assert_no_sideways_scroll(page, f"/admin/security ({lang}, 390 px)")
    shot(page, f"390-{lang}-security-new-codes", full_page=True)
    page.get_by_test_id("recovery-codes-saved").check()
    page.get_by_test_id("staff-security-done").click()
    expect(page.get_by_test_id("recovery-codes")).to_have_count(0)
    audit.check()


CYRILLIC = re.compile(r"[А-Яа-яЁёӘәҒғҚқҢңӨөҰұҮүҺһІі]")


@pytest.mark.parametrize("lang", ("en", "kk"))
def test_the_audit_trail_reads_in_the_interface_language(page, factories, db, client, lang):
    page.set_viewport_size({"width": 1366, "height": 768})
    manager = factories.admin(email=f"manager.{lang}@university.kz")
    with unit_of_work():
        manager.roles = [users_dao.get_or_create_role(name) for name in ("Админ", "Управление персоналом")]
    staff = factories.admin(email=f"staff.{lang}@university.kz", role="Админ (граждане КЗ)")
    headers = factories.auth_headers(manager)
    answer = client.put(f"{API}/admin/staff/{staff.id}/roles", json={"roles": ["Админ"]}, headers=headers)
    assert answer.status_code == 200, answer.get_data(as_text=True)[:300]
    answer = client.put(f"{API}/admin/staff/{staff.id}/active", json={"active": False}, headers=headers)
    assert answer.status_code == 200, answer.get_data(as_text=True)[:300]

    store_session(page, factories, manager, lang)
    page.goto("/admin/staff")
    page.get_by_test_id(f"staff-audit-{staff.id}-button").click()
    table = page.get_by_test_id("audit-trail-table")
    expect(table.locator("tbody tr")).to_have_count(3)  # created by the command line, roles, deactivated
    if lang == "en":
        expect(table).to_contain_text("Roles changed")
        expect(table).to_contain_text("Roles before: Admin (citizens of Kazakhstan)")
        expect(table).to_contain_text("Roles after: Admin (foreign applicants)")
        expect(table).to_contain_text("Roles: Admin (citizens of Kazakhstan) → Admin (foreign applicants)")
        expect(table).to_contain_text("Signed out everywhere: yes")
        assert not CYRILLIC.search(table.inner_text()), table.inner_text()
    else:
        expect(table).to_contain_text("Бұрынғы рөлдер: Әкімші (ҚР азаматтары)")
        expect(table).to_contain_text("Жаңа рөлдер: Әкімші (шетелдік талапкерлер)")
        expect(table).to_contain_text("Барлық құрылғыдан шығу: иә")
        assert "Админ" not in table.inner_text() and "signed_out" not in table.inner_text()
    page.wait_for_timeout(300)
    shot(page, f"1366-{lang}-audit-trail")
    audit = Audit(page, f"1366-{lang}")
    audit(f"/admin/staff audit trail ({lang})")
    audit.check()
