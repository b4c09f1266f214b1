"""design §9 accessibility bar in Chromium: axe-core on every page, at desktop (1280 px) and phone (390 px) widths.

Every page (and every state of a page worth checking: tabs, validation errors, code steps, modals) is audited with
axe-core (the npm devDependency `node_modules/axe-core/axe.min.js`, injected into the page). A violation with impact
`serious` or `critical` fails the test; the report lists the rule ids, the targets and the help URLs of every page.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect
from sqlalchemy import select

from server.integrations.credit_bureau.sandbox_persons import BY_IIN as SANDBOX_PERSONS
from server.models import Citizenship, StudyProgram
from server.seed import run_all

from ..helpers import API, find_code
from .contexts import browser_context_for

AXE_JS = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = ("serious", "critical")
WIDTHS = {"desktop": 1280, "phone": 390}
PASSWORD = "a11y-pass-1"

# Runs axe on the whole document (WCAG 2.x A/AA and best practices, axe's defaults) and keeps what a report needs.
RUN_AXE = """async () => {
  const result = await window.axe.run(document, { resultTypes: ['violations'] });
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
    targets: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })),
  }));
}"""

# Colours measured half-way through a transition (a button turning from disabled grey to primary blue, a fade)
# would be wrong: transitions are switched off for the audit (their end states are unchanged), and finite
# animations (ripples) must have ended. Endless ones (progress spinners) are ignored.
NO_TRANSITIONS = "*, *::before, *::after { transition-duration: 0s !important; transition-delay: 0s !important; }"
ANIMATIONS_DONE = """() => document.getAnimations().every((a) => {
  const end = a.effect && a.effect.getComputedTiming().endTime;
  return a.playState !== 'running' || end === Infinity;
})"""


@pytest.fixture(params=list(WIDTHS), ids=list(WIDTHS))
def browser_context(request, browser, live_server, db):
    """The conftest context, at one of the two widths — and with bypass_csp=True, for this module only: the app's
    CSP (`script-src 'self'`, no inline scripts) blocks Playwright's add_script_tag(path=…), which injects the file's
    content as an inline <script>. Only the test's own axe script needs the bypass; the app runs unchanged."""
    with browser_context_for(
        browser, live_server, request, bypass_csp=True, viewport={"width": WIDTHS[request.param], "height": 900}
    ) as context:
        yield context


class Audit:
    """Collects axe violations page by page; `check()` fails with the whole report."""

    def __init__(self, page, width: str):
        self.page = page
        self.width = width
        self.blocking: list[str] = []
        self.minor: list[str] = []
        self.audited: list[str] = []

    def __call__(self, name: str):
        page = self.page
        page.wait_for_load_state("networkidle")
        if not page.evaluate("() => Boolean(window.axe)"):  # once per document
            page.add_style_tag(content=NO_TRANSITIONS)
            page.add_script_tag(path=str(AXE_JS))
        page.wait_for_function(ANIMATIONS_DONE)
        violations = page.evaluate(RUN_AXE)
        self.audited.append(name)
        for violation in violations:
            lines = [
                f"[{self.width}] {name} ({page.url}): {violation['id']} ({violation['impact']}) "
                f"{violation['help']} — {violation['helpUrl']}"
            ]
            lines += [f"    {node['target']}: {node['summary']}".replace("\n", " ") for node in violation["targets"]]
            (self.blocking if violation["impact"] in BLOCKING else self.minor).append("\n".join(lines))

    def check(self):
        assert self.audited, "nothing was audited"
        if self.minor:
            print("axe: violations below 'serious' (not failing):\n" + "\n".join(self.minor))
        assert not self.blocking, "axe: serious/critical violations:\n" + "\n".join(self.blocking)


@pytest.fixture
def audit(page, request):
    return Audit(page, request.node.callspec.params["browser_context"])


@pytest.fixture
def reference(db):
    run_all()
    germany = db.session.scalar(select(Citizenship).where(Citizenship.code == "DE"))
    kazakhstan = db.session.scalar(select(Citizenship).where(Citizenship.code == "KZ"))
    programs = {p.kind: p for p in db.session.scalars(select(StudyProgram))}
    return germany, kazakhstan, programs


def signed_in(page, factories, user):
    """Signs `user` in by writing the client's `dorm_user` store (userStore.js) with a fresh session token;
    SessionRefresher completes it from GET /users/self. The store is written from a same-origin page that does not
    run the app (an API answer): a running app could write its own session back over it."""
    stored = {
        "id": user.id,
        "email": user.email,
        "token": factories.token(user),
        "is_verified": user.is_verified,
        "citizenship_id": user.citizenship_id,
    }
    page.goto(f"{API}/health")
    page.evaluate("(user) => window.localStorage.setItem('dorm_user', user)", json.dumps(stored))


def outbox_code(page, email):
    response = page.request.get(f"{API}/dev/outbox", params={"email": email})
    assert response.ok, response.text()
    for message in response.json()["list"]:
        code = find_code(message["body"])
        if code:
            return code
    raise AssertionError(f"no code in the dev outbox for {email}")


def test_auth_pages(page, audit, factories, reference):
    email = "reset.me@example.com"
    factories.user(email=email, password=PASSWORD, citizenship=reference[0])

    page.goto("/auth")
    expect(page.get_by_test_id("signin-email")).to_be_visible()
    audit("/auth sign-in")

    page.get_by_test_id("tab-sign-up").click()
    page.get_by_test_id("signup-email").fill("not-an-email")
    page.get_by_test_id("signup-password").fill("123")
    page.get_by_test_id("signup-repeat-password").fill("321")
    page.get_by_test_id("signup-submit").click()
    expect(page.get_by_text("Пароли не совпадают")).to_be_visible()
    audit("/auth sign-up with validation errors")

    page.get_by_test_id("signup-email").fill("new.applicant@example.com")
    page.get_by_test_id("signup-password").fill(PASSWORD)
    page.get_by_test_id("signup-repeat-password").fill(PASSWORD)
    page.get_by_test_id("signup-submit").click()
    expect(page.get_by_test_id("otp-code")).to_be_visible()
    expect(page.get_by_test_id("snackbar-success")).to_be_visible()
    audit("/auth verify-code step")

    page.get_by_test_id("otp-back").click()
    page.get_by_test_id("forgot-password-link").click()
    expect(page.get_by_test_id("forgot-mode-email")).to_be_visible()
    audit("/auth forgot password: e-mail")
    page.get_by_test_id("forgot-email").fill(email)
    page.get_by_test_id("forgot-send-code").click()
    expect(page.get_by_test_id("forgot-mode-check")).to_be_visible()
    audit("/auth forgot password: code")
    page.get_by_test_id("forgot-code").fill(outbox_code(page, email))
    expect(page.get_by_test_id("forgot-mode-finalize")).to_be_visible()
    page.get_by_test_id("forgot-save-password").click()  # empty: the required-field errors show
    expect(page.get_by_test_id("forgot-new-password")).to_have_attribute("aria-invalid", "true")
    audit("/auth forgot password: new password, with errors")

    audit.check()


def test_applicant_pages(page, audit, factories, reference, db):
    germany, kazakhstan, programs = reference

    page.goto("/")
    expect(page.get_by_test_id("card-paid")).to_be_visible()
    audit("/ anonymous")

    signed_in(page, factories, factories.user(email="no.citizenship@example.com"))
    page.goto("/choose-flow")
    expect(page.get_by_test_id("choose-flow-continue")).to_be_visible()
    audit("/choose-flow")

    signed_in(page, factories, factories.user(email="citizen@example.com", citizenship=kazakhstan))
    page.goto("/")
    expect(page.get_by_test_id("card-apply")).to_be_visible()
    audit("/ signed in (citizen)")
    if page.viewport_size["width"] < 900:  # phones: the header menu is a drawer
        page.get_by_test_id("mobile-menu-button").click()
        expect(page.get_by_test_id("mobile-logout")).to_be_visible()
        audit("/ signed in (citizen), menu drawer open")
    page.goto("/local-select-path")
    expect(page.get_by_test_id("card-local-apply")).to_be_visible()
    audit("/local-select-path")
    # The citizen's path: a financing card → the physical-presence modal → /apply?type=paid → the credit-bureau
    # request → the stepper.
    page.get_by_test_id("card-local-paid").click()
    expect(page.get_by_test_id("physical-presence-modal")).to_be_visible()
    audit("/stepper?type=paid physical-presence modal")
    page.get_by_test_id("presence-continue").click()
    expect(page).to_have_url(re.compile(r"/apply\?type=paid$"))
    bachelor = programs["regular_bachelors"]
    page.get_by_test_id(f"study-program-{bachelor.id}").check()
    page.get_by_test_id("study-program-continue").click()
    # The credit-bureau request (request_data) comes first for a citizen without the bureau's data.
    expect(page).to_have_url(re.compile(r"/apply/\d+$"))
    expect(page.get_by_test_id("pkb-form")).to_be_visible()
    audit("/apply/{id} credit-bureau request")
    page.get_by_test_id("pkb-submit").click()  # empty: the §5 messages show
    expect(page.get_by_test_id("pkb-iin")).to_have_attribute("aria-invalid", "true")
    audit("/apply/{id} credit-bureau request with errors")
    person = SANDBOX_PERSONS["060315501232"]
    page.get_by_test_id("pkb-iin").fill(person.iin)
    page.get_by_test_id("pkb-phone").fill(person.phone)
    page.get_by_test_id("pkb-last_name").fill(person.last_name)
    page.get_by_test_id("pkb-first_name").fill(person.first_name)
    page.get_by_test_id("pkb-submit").click()
    expect(page.get_by_test_id("pkb-code-dialog")).to_be_visible()
    audit("/apply/{id} credit-bureau code modal")
    response = page.request.get(f"{API}/dev/sms-outbox", params={"phone": person.phone})
    page.get_by_test_id("pkb-code").fill(find_code(response.json()["list"][0]["body"]))
    expect(page).to_have_url(re.compile(r"/stepper/\d+$"))
    expect(page.get_by_test_id("stepper-step-choose_study_program")).to_have_attribute("data-state", "completed")
    expect(page.get_by_test_id("stepper-step-instruction")).to_have_attribute("data-state", "current")
    expect(page.get_by_test_id("stepper-financing")).to_be_visible()
    audit("/stepper/{id}")

    signed_in(page, factories, factories.user(email="foreigner@example.com", citizenship=germany))
    page.goto("/apply")
    bachelor = programs["regular_bachelors"]
    expect(page.get_by_test_id(f"study-program-{bachelor.id}")).to_be_attached()
    audit("/apply programme step")
    page.get_by_test_id("study-program-continue").click()  # nothing chosen: the error shows
    expect(page.get_by_test_id("snackbar-error")).to_be_visible()
    audit("/apply programme step with an error")
    page.get_by_test_id(f"study-program-{bachelor.id}").check()
    page.get_by_test_id("study-program-continue").click()
    expect(page).to_have_url(re.compile(r"/apply/\d+$"))
    expect(page.get_by_test_id("questionnaire-step-fillStepMainInfo")).to_be_visible()
    expect(page.get_by_test_id("questionnaire-next")).to_be_enabled()
    audit("/apply/{id} questionnaire: main info")
    page.get_by_test_id("questionnaire-next").click()  # required fields missing: the error shows
    expect(page.get_by_test_id("snackbar-error")).to_be_visible()
    audit("/apply/{id} questionnaire: main info with an error")

    page.goto("/my-applications")
    expect(page.get_by_test_id("add-application")).to_be_visible()
    audit("/my-applications")

    audit.check()


def test_admin_pages(page, audit, factories, db):
    admin = factories.admin(email="a11y.admin@university.kz")
    admin.citizenship_id = factories.citizenship().id
    db.session.commit()
    hall = factories.hall(name="Общежитие «Шаңырақ»")
    factories.building(hall=hall, name="Корпус А", order=1)
    room_type = factories.room_type(name="Двухместная", capacity=2)

    signed_in(page, factories, admin)
    page.goto("/")
    expect(page.get_by_test_id("card-apply")).to_be_visible()
    audit("/ signed in (admin)")

    page.goto("/admin/dormitory")
    expect(page.get_by_test_id(f"resource-row-Hall-{hall.id}")).to_be_visible()
    audit("/admin/dormitory")
    if page.viewport_size["width"] < 900:  # phones: the admin menu is a drawer
        page.get_by_test_id("admin-menu-button").click()
        expect(page.get_by_test_id("admin-mobile-logout")).to_be_visible()
        audit("/admin/dormitory, menu drawer open")
        page.keyboard.press("Escape")
        expect(page.get_by_test_id("admin-mobile-logout")).to_be_hidden()

    page.goto(f"/admin/dormitory/halls/{hall.id}")
    expect(page.get_by_test_id("dormitory-breadcrumbs")).to_contain_text("Общежитие «Шаңырақ»")
    audit("/admin/dormitory/halls/{id}")
    page.get_by_test_id("resource-create-Building").click()
    dialog = page.get_by_test_id("resource-form-Building")
    expect(dialog).to_be_visible()
    dialog.get_by_test_id("resource-save").click()  # empty: the required-field errors show
    expect(dialog.get_by_test_id("field-name")).to_have_attribute("aria-invalid", "true")
    audit("/admin/dormitory/halls/{id} with the building modal open")
    dialog.get_by_test_id("resource-cancel").click()
    expect(dialog).to_be_hidden()

    page.goto("/admin/room-types")
    expect(page.get_by_test_id("resource-list-RoomType")).to_be_visible()
    audit("/admin/room-types")
    page.get_by_test_id(f"resource-edit-RoomType-{room_type.id}").click()
    dialog = page.get_by_test_id("resource-form-RoomType")
    expect(dialog.get_by_test_id("room-type-media")).to_be_visible()
    audit("/admin/room-types with the edit modal (photos) open")
    dialog.get_by_test_id("resource-cancel").click()
    expect(dialog).to_be_hidden()
    page.get_by_test_id(f"resource-delete-RoomType-{room_type.id}").click()
    expect(page.get_by_test_id("delete-dialog")).to_be_visible()
    audit("/admin/room-types with the delete confirmation open")

    audit.check()


def test_citizen_stepper_pages(page, audit, factories, reference, db):
    """The stepper's action of every step (decision 0068), the self-upload page, the listener page and
    /my-applications with a status history open."""
    from server.applications.workflow import Actor, transition

    _germany, kazakhstan, programs = reference
    bachelor = programs["regular_bachelors"]
    from server.models import Term

    term = db.session.scalars(select(Term)).first()  # the seeded term of the current year

    def citizen_at(step, financing="scholarship", **kw):
        user = factories.user(citizenship=kazakhstan)
        factories.bureau_data(user)  # the stepper moves (and the grant check answers) only after it (issue 22)
        application = factories.application(
            user=user, program=bachelor, term=term, current_step=step, financing=financing, **kw
        )
        factories.user_data(application, "fillStepMainInfoLocal", {"iin": "900101300017"})
        return user, application

    pages = [
        (1, "scholarship", "stepper-action-instruction"),
        (2, "paid", "payment-step-slot"),
        (4, "paid", "handover-option"),
        (5, "paid", "awaiting-documents-banner"),
        (6, "scholarship", "scholarship-pending"),
        (8, "paid", "enrolment-paid"),
    ]
    for step, financing, test_id in pages:
        user, application = citizen_at(step, financing)
        signed_in(page, factories, user)
        page.goto(f"/stepper/{application.id}")
        expect(page.get_by_test_id(test_id)).to_be_visible()
        audit(f"/stepper/{{id}} at step {step}")
        if step == 4:
            page.goto(f"/documents-upload/{application.id}")
            expect(page.get_by_test_id("upload-list")).to_be_visible()
            audit("/documents-upload/{id}")

    user, application = citizen_at(6)
    transition(application, "grant_result", actor=Actor.system("gov_scholarship"), data={"awarded": False})
    db.session.commit()
    signed_in(page, factories, user)
    page.goto(f"/stepper/{application.id}")
    expect(page.get_by_test_id("continue-paid")).to_be_visible()
    audit("/stepper/{id} at step 7, not awarded")

    page.goto("/local-select-path/listen")
    expect(page.get_by_test_id("listen-page")).to_be_visible()
    audit("/local-select-path/listen")

    page.goto("/my-applications")
    page.get_by_test_id(f"toggle-history-{application.id}").click()
    expect(page.get_by_test_id(f"application-history-{application.id}")).to_be_visible()
    audit("/my-applications with a status history")

    audit.check()
