"""Data saved as typed (issue 23, decision 0083), in Chromium: the citizen's phone stores +77011234501 whether it is
typed key by key, pasted as +7…, pasted with the trunk 8 and spaces, or filled in by the browser's autofill (Chrome
sets the whole value with an input event of type insertReplacementText on the autocomplete=tel field); each is
read back through the API. The IIN, phone and UNT certificate fields show their example in ru, kk and en, the
certificate's format error names the format, and axe finds nothing serious on those steps."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from ..helpers import API
from ..integration.test_user_data_support import complete_answers, post_bulk
from .contexts import browser_context_for
from .test_accessibility import ANIMATIONS_DONE, AXE_JS, BLOCKING, NO_TRANSITIONS, signed_in

PHONE = "+77011234501"
FORM = "fillStepMainInfoLocal"

# Chrome's autofill: the whole value at once through the native setter, then one input event (insertReplacementText)
AUTOFILL = """([selector, value]) => {
  const input = document.querySelector(selector);
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  setter.call(input, value);
  input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertReplacementText', data: value }));
}"""

HINTS = {
    "ru": ("Например: +7 701 123 45 67", "12 цифр, например: 900101300017.", "дефисы ставятся сами"),
    "kk": ("Мысалы: +7 701 123 45 67", "12 цифр, мысалы: 900101300017.", "сызықшалар өздігінен қойылады"),
    "en": ("For example: +7 701 123 45 67", "12 digits, for example: 900101300017.", "the dashes are added for you"),
}
UNT_ERROR = {
    "ru": "номер сертификата ЕНТ — 17 цифр в виде 1-2345-678901234-56-7",
    "kk": "ҰБТ сертификатының нөмірі — 1-2345-678901234-56-7 түріндегі 17 цифр",
    "en": "the UNT certificate number is 17 digits as 1-2345-678901234-56-7",
}


# axe on the questionnaire card only: these are the fields this test is about (the whole pages are audited by
# test_accessibility.py)
RUN_AXE_ON_FORM = """async () => {
  const result = await window.axe.run('[data-testid=stepper-action-form]', { resultTypes: ['violations'] });
  return result.violations.map((v) => ({
    impact: v.impact, text: `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' '))}`,
  }));
}"""


def axe_on_form(page, name: str, found: list[str]) -> None:
    page.wait_for_load_state("networkidle")
    if not page.evaluate("() => Boolean(window.axe)"):
        page.add_style_tag(content=NO_TRANSITIONS)
        page.add_script_tag(path=str(AXE_JS))
    page.wait_for_function(ANIMATIONS_DONE)
    found.extend(f"{name}: {v['text']}" for v in page.evaluate(RUN_AXE_ON_FORM) if v["impact"] in BLOCKING)


@pytest.fixture
def browser_context(browser, live_server, db, request):
    """Desktop Chromium with the clipboard open to the page (a real paste) and CSP bypassed for axe's script only."""
    with browser_context_for(
        browser,
        live_server,
        request,
        bypass_csp=True,
        viewport={"width": 1280, "height": 900},
        permissions=["clipboard-read", "clipboard-write"],
    ) as context:
        yield context


@pytest.fixture
def citizen(app, factories):
    """A citizen at the questionnaire (step 3) whose answers are complete, so Next saves and moves on."""
    user = factories.applicant(kz=True)
    factories.bureau_data(user)
    application = factories.application(user=user, current_step=3, financing="scholarship")
    client = app.test_client()
    headers = factories.auth_headers(user)
    answers, files = complete_answers(application, factories, kz=True)
    response = post_bulk(client, headers, application.id, answers, files)
    assert response.status_code == 200, response.get_data(as_text=True)[:400]
    return user, application, client, headers


def stored(client, headers, application_id, form_key, field, wanted, timeout=10.0):
    """The saved answer read back through GET /users/fill-items (the save of Next runs after the click returns)."""
    deadline = time.monotonic() + timeout
    while True:
        body = client.get(f"{API}/users/fill-items/{application_id}", headers=headers).get_json()
        items = {item["type"]: item["data"] for item in body["fill_items"]}
        value = (items.get(form_key) or {}).get(field)
        if value == wanted or time.monotonic() > deadline:
            return value
        time.sleep(0.2)


def test_each_phone_input_path_stores_what_was_typed(page, factories, citizen):
    user, application, client, headers = citizen
    signed_in(page, factories, user)
    page.goto(f"/stepper/{application.id}")
    form = page.get_by_test_id("stepper-action-form")
    expect(form.get_by_test_id(f"questionnaire-step-{FORM}")).to_be_visible()
    phone = form.get_by_test_id("field-phone_number")
    expect(phone).to_have_attribute("autocomplete", "tel")

    def enter(how: str, text: str):
        phone.click()
        page.keyboard.press("Control+A")
        page.keyboard.press("Backspace")
        expect(phone).to_have_value("")
        if how == "type":
            page.keyboard.type(text, delay=15)
        elif how == "paste":
            page.evaluate("(text) => navigator.clipboard.writeText(text)", text)
            page.keyboard.press("Control+V")
        else:
            page.evaluate(AUTOFILL, ["[data-testid=field-phone_number]", text])

    paths = [
        ("type", PHONE),
        ("paste", PHONE),
        ("paste", "8 701 123 45 01"),
        ("autofill", "8 (701) 123-45-01"),
    ]
    for number, (how, text) in enumerate(paths):
        # a different number first, so each path's save is seen to change the stored value
        client_value = "+77010000000" if number % 2 == 0 else "+77019999999"
        post_bulk(client, headers, application.id, {FORM: {"phone_number": client_value}}, {})
        page.reload()
        expect(form.get_by_test_id(f"questionnaire-step-{FORM}")).to_be_visible()
        enter(how, text)
        expect(phone).to_have_value(PHONE)
        form.get_by_test_id("questionnaire-next").click()
        expect(form.get_by_test_id("questionnaire-step-fillStepDocuments")).to_be_visible()
        assert stored(client, headers, application.id, FORM, "phone_number", PHONE) == PHONE, (how, text)


def test_masked_fields_explain_their_format_in_three_languages(page, factories, citizen):
    user, application, client, headers = citizen
    violations: list[str] = []
    signed_in(page, factories, user)
    page.goto(f"/stepper/{application.id}")
    form = page.get_by_test_id("stepper-action-form")
    for lang, (phone_hint, iin_hint, unt_hint) in HINTS.items():
        page.get_by_test_id(f"lang-{lang}").click()
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(form.get_by_test_id(f"questionnaire-step-{FORM}")).to_be_visible()
        expect(form.get_by_text(phone_hint, exact=False)).to_be_visible()
        expect(form.get_by_text(iin_hint, exact=True)).to_be_visible()
        axe_on_form(page, f"main info ({lang})", violations)
        for _ in range(3):  # main info → identity documents → education → the UNT certificate
            form.get_by_test_id("questionnaire-next").click()
        expect(form.get_by_test_id("questionnaire-step-fillStepTestScoreUnt")).to_be_visible()
        certificate = form.get_by_test_id("field-document_number")
        expect(form.get_by_text(unt_hint, exact=False)).to_be_visible()
        certificate.fill("1 2345")
        expect(certificate).to_have_value("1-2345")
        form.get_by_test_id("questionnaire-next").click()
        expect(form.get_by_text(UNT_ERROR[lang], exact=False).first).to_be_visible()
        axe_on_form(page, f"UNT certificate with its error ({lang})", violations)
        certificate.fill("12345678901234567")  # pasted digits only: the dashes come by themselves
        expect(certificate).to_have_value("1-2345-678901234-56-7")
        expect(form.get_by_text(unt_hint, exact=False)).to_be_visible()  # the error is gone, the example is back
        form.get_by_test_id("questionnaire-stepper-fillStepMainInfoLocal").click()
    assert violations == [], "axe: serious/critical violations:\n" + "\n".join(violations)
