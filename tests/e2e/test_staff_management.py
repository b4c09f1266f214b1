"""Staff management in Chromium (issue 22; decision 0079).

A staff manager (who also reviews foreign applicants, so the /admin shell is theirs) invites a colleague from the
Staff screen; the colleague sets a password from the link in the mail; the manager changes the colleague's roles
and reads the account's audit trail. The screens pass axe-core with no serious violation in ru, and show their own
titles and labels in kk and en. A manager with no admin role signs in (password and second factor) to the staff
screen of its own, /staff-accounts.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from sqlalchemy import select

from server.accounts.users import create_admin
from server.database import unit_of_work
from server.models import ROLE_FOREIGN_ADMIN, ROLE_STAFF_MANAGER, User

from ..helpers import API, fresh_totp
from .contexts import browser_context_for
from .test_accessibility import Audit, signed_in
from .test_staff_second_factor import open_auth, submit_password

PASSWORD = "staff-pass-2026"
INVITEE = "new.colleague@university.kz"


@pytest.fixture
def browser_context(browser, live_server, db, request):
    """bypass_csp only so the test can inject axe-core (see test_accessibility.py); the app runs unchanged."""
    with browser_context_for(
        browser, live_server, request, bypass_csp=True, viewport={"width": 1280, "height": 900}
    ) as context:
        yield context


@pytest.fixture(autouse=True)
def patient_expectations():
    expect.set_options(timeout=15_000)
    yield
    expect.set_options(timeout=5_000)


def test_manager_invites_changes_roles_and_reads_the_trail(page, factories, db, browser, live_server):
    manager = factories.admin(role=ROLE_FOREIGN_ADMIN, email="staff.manager@university.kz", password=PASSWORD)
    with unit_of_work():
        create_admin(manager.email, PASSWORD, ROLE_STAFF_MANAGER)
    manager.citizenship_id = factories.citizenship().id
    db.session.commit()
    audit = Audit(page, "desktop")

    signed_in(page, factories, manager)
    page.goto("/admin")
    page.get_by_test_id("admin-menu-staff").click()
    expect(page).to_have_url(re.compile(r"/admin/staff$"))
    expect(page.get_by_role("heading", level=1, name="Сотрудники")).to_be_visible()
    expect(page.get_by_test_id("staff-table")).to_contain_text(manager.email)
    audit("/admin/staff")

    # invite: the dialog, a role, the mail
    opener = page.get_by_test_id("staff-invite-button")
    opener.click()
    dialog = page.get_by_role("dialog", name="Приглашение сотрудника")
    dialog.get_by_test_id("staff-invite-email").fill(INVITEE)
    dialog.get_by_role("checkbox", name="Администратор (граждане РК)").check()
    audit("/admin/staff, invite dialog")
    dialog.get_by_test_id("staff-invite-submit").click()
    expect(dialog).to_be_hidden()
    expect(opener).to_be_focused()  # the dialog gives the focus back to its opener
    expect(page.get_by_test_id("staff-table")).to_contain_text(INVITEE)

    invitee = db.session.scalar(select(User).where(User.email == INVITEE))
    mail = page.request.get(f"{API}/dev/outbox", params={"email": INVITEE}).json()["list"][0]
    link = re.search(r"https?://\S+/staff-invitation#token=\S+", mail["body"]).group(0)
    path = "/" + link.split("/", 3)[3]

    # the colleague chooses a password (another browser tab, not signed in)
    other = browser.new_context(base_url=live_server, locale="ru-RU")
    invited = other.new_page()
    invited.goto(path)
    invited.get_by_test_id("staff-invitation-password").fill("Colleague-pass-2026!")
    invited.get_by_test_id("staff-invitation-repeat").fill("Colleague-pass-2026!")
    invited.get_by_test_id("staff-invitation-submit").click()
    expect(invited.get_by_test_id("staff-invitation-done")).to_contain_text(INVITEE)
    other.close()

    # roles: the dialog says the account is signed out; the list shows the new roles
    page.reload()
    page.get_by_test_id(f"staff-roles-button-{invitee.id}").click()
    roles = page.get_by_role("dialog", name=f"Роли: {INVITEE}")
    roles.get_by_role("checkbox", name="Администратор (иностранные абитуриенты)").check()
    roles.get_by_test_id("staff-roles-save").click()
    expect(roles).to_be_hidden()
    expect(page.get_by_test_id(f"staff-roles-{invitee.id}")).to_contain_text("Администратор (иностранные абитуриенты)")

    # the account's audit trail: newest first, with who did it and what changed
    page.get_by_test_id(f"staff-audit-{invitee.id}-button").click()
    trail = page.get_by_role("dialog", name=f"Журнал действий: {INVITEE}")
    table = trail.get_by_test_id("audit-trail-table")
    expect(table.locator("tbody tr")).to_have_count(3)
    expect(table.locator("tbody tr").nth(0)).to_contain_text("Изменение ролей")
    expect(table.locator("tbody tr").nth(0)).to_contain_text(manager.email)
    expect(table.locator("tbody tr").nth(1)).to_contain_text("Приглашение принято")
    expect(table.locator("tbody tr").nth(2)).to_contain_text("Приглашение сотрудника")
    audit("/admin/staff, audit trail of an account")
    trail.get_by_test_id(f"staff-audit-{invitee.id}-dialog-close").click()
    expect(trail).to_be_hidden()
    audit.check()

    for lang, title, invite in (("kk", "Қызметкерлер", "Қызметкерді шақыру"), ("en", "Staff", "Invite a staff member")):
        page.get_by_test_id(f"lang-{lang}").click()
        expect(page.get_by_role("heading", level=1, name=title)).to_be_visible()
        expect(page.get_by_test_id("staff-invite-button")).to_have_text(invite)
        expect(page).to_have_title(re.compile(f"^{title} — "))


def test_a_manager_without_an_admin_role_signs_in_to_the_staff_screen(page, factories, db):
    """Decision 0079: the staff-management role alone (no admin shell's access check passes) lands on
    /staff-accounts after the password and the second factor — never on /choose-flow."""
    manager = factories.admin(role=ROLE_STAFF_MANAGER, email="people.only@university.kz")
    audit = Audit(page, "desktop")

    open_auth(page, "ru")
    submit_password(page, manager.email)
    expect(page.get_by_test_id("second-factor-step")).to_be_visible()
    page.get_by_test_id("second-factor-code").fill(fresh_totp(manager.email))
    page.get_by_test_id("second-factor-submit").click()
    expect(page).to_have_url(re.compile(r"/staff-accounts$"))
    expect(page.get_by_test_id("staff-accounts-shell")).to_be_visible()
    expect(page.get_by_role("heading", level=1, name="Сотрудники")).to_be_visible()
    expect(page.get_by_test_id("staff-table")).to_contain_text(manager.email)
    expect(page).to_have_title(re.compile(r"^Сотрудники — "))
    audit("/staff-accounts")
    audit.check()

    # the applicant area and the admin shells send the account back to its screen
    page.goto("/choose-flow")
    expect(page).to_have_url(re.compile(r"/staff-accounts$"))
    page.goto("/admin")
    expect(page).not_to_have_url(re.compile(r"/admin"))
    page.get_by_test_id("logout").click()
    expect(page).to_have_url(re.compile(r"/auth"))
