"""The home page's path cards in Chromium (issue 10: "the home 'state grant' card does not ask the path again";
decision 0069): a citizen of Kazakhstan signs in on /auth, picks "State grant at the university" on the home page
and goes straight to the physical-presence notice of the grant path, then to the programme; /local-select-path's
path question never shows and the application is created with the grant financing. Back on the notice returns home.
Signing in goes through the /auth form (its own form state and tabs, decision 0070) with a wrong password first."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from sqlalchemy import select

from server.models import Application, Citizenship, StudyProgram
from server.models.application import FINANCING_SCHOLARSHIP
from server.seed import run_all

from ..factories import DEFAULT_PASSWORD


@pytest.fixture
def reference(db):
    run_all()
    kazakhstan = db.session.scalar(select(Citizenship).where(Citizenship.code == "KZ"))
    programs = {p.kind: p for p in db.session.scalars(select(StudyProgram))}
    return kazakhstan, programs


def test_state_grant_card_goes_straight_to_the_grant_path(page, factories, reference, db):
    kazakhstan, programs = reference
    user = factories.user(email="dana.citizen@example.kz", citizenship=kazakhstan)
    visited: list[str] = []
    page.on("framenavigated", lambda frame: visited.append(frame.url) if frame == page.main_frame else None)

    # Sign-in on /auth: the form checks on submit, a wrong password is the server's message, then in.
    page.goto("/auth")
    expect(page.get_by_role("tab", name="Вход")).to_have_attribute("aria-selected", "true")
    page.get_by_test_id("signin-submit").click()
    expect(page.locator("#signin-email-helper-text")).to_have_text("Пожалуйста, введите e-mail в правильном формате")
    expect(page.get_by_test_id("signin-email")).to_be_focused()
    page.get_by_test_id("signin-email").fill(user.email)
    expect(page.locator("#signin-email-helper-text")).to_have_count(0)
    page.get_by_test_id("signin-password").fill("not-the-password")
    page.get_by_test_id("signin-submit").click()
    expect(page.get_by_test_id("snackbar-error")).to_be_visible(timeout=15_000)
    page.get_by_test_id("signin-password").fill(DEFAULT_PASSWORD)
    page.get_by_test_id("signin-submit").click()
    expect(page).to_have_url(re.compile(r"/$"), timeout=15_000)

    # The grant card names its path: straight to the grant's presence notice, no path question.
    card = page.get_by_test_id("card-scholarship")
    expect(card).to_have_attribute("href", "/stepper?type=scholarship", timeout=15_000)
    card.click()
    expect(page).to_have_url(re.compile(r"/stepper\?type=scholarship$"))
    modal = page.get_by_test_id("physical-presence-modal")
    expect(modal.get_by_test_id("presence-type")).to_have_text("Поступление на государственный грант")
    modal.get_by_role("button", name="Назад").click()
    expect(page).to_have_url(re.compile(r"/$"))

    page.get_by_test_id("card-scholarship").click()
    page.get_by_test_id("presence-continue").click()
    expect(page).to_have_url(re.compile(r"/apply\?type=scholarship$"))
    page.get_by_test_id(f"study-program-{programs['regular_bachelors'].id}").check()
    page.get_by_test_id("study-program-continue").click()
    expect(page).to_have_url(re.compile(r"/apply/\d+$"))
    expect(page.get_by_test_id("pkb-form")).to_be_visible()

    application_id = int(page.url.rsplit("/", 1)[1])
    db.session.expire_all()
    assert db.session.get(Application, application_id).financing == FINANCING_SCHOLARSHIP
    assert not any("/local-select-path" in url for url in visited), visited
