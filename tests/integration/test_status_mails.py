"""Status e-mails through the real job queue (issue 23, decision 0085): the mail a transition sends names the new
status in words and the next step for that state, in the applicant's language, for citizens (by financing and grant
result) and foreign applicants."""

from __future__ import annotations

from server.applications.workflow import Actor, transition
from server.database import unit_of_work
from server.i18n import catalogue

from ..helpers import outbox

KZ_ADMIN = "Админ (граждане КЗ)"
FOREIGN_ADMIN = "Админ"


def citizen_application(factories, email, language, **kw):
    user = factories.applicant(kz=True, email=email, language=language)
    factories.bureau_data(user)
    return factories.application(user=user, **kw)


def test_documents_confirmed_on_the_fee_paying_path_says_choose_the_programme(client, factories):
    application = citizen_application(factories, "paid@example.com", "ru", current_step=5, financing="paid")
    with unit_of_work():
        transition(application, "confirm_documents", actor=Actor.admin(factories.admin(role=KZ_ADMIN)))
    [mail] = outbox(client, "paid@example.com")
    words = catalogue("ru")
    assert mail["subject"] == f"Новый статус заявки: {words['mail.news.kz.choose_educational_program.paid.status']}"
    assert words["mail.news.kz.choose_educational_program.paid.next"] in mail["body"]
    assert "Что делать дальше:" in mail["body"] and f"№ {application.id}" in mail["body"]


def test_the_grant_result_mail_depends_on_the_result(client, factories):
    awarded = citizen_application(factories, "won@example.com", "kk", current_step=6, financing="scholarship")
    missed = citizen_application(factories, "missed@example.com", "en", current_step=6, financing="scholarship")
    with unit_of_work():
        transition(awarded, "grant_result", actor=Actor.system("gov_scholarship"), data={"awarded": True})
    with unit_of_work():
        transition(missed, "grant_result", actor=Actor.system("gov_scholarship"), data={"awarded": False})
    [won] = outbox(client, "won@example.com")
    assert catalogue("kk")["mail.news.kz.choose_educational_program.grant_awarded.next"] in won["body"]
    assert catalogue("kk")["mail.news.kz.choose_educational_program.grant_awarded.status"] in won["subject"]
    [lost] = outbox(client, "missed@example.com")
    assert catalogue("en")["mail.news.kz.choose_educational_program.grant_not_awarded.next"] in lost["body"]
    assert "What to do next:" in lost["body"]


def test_a_foreign_applicant_hears_the_visa_step_in_english(client, factories):
    user = factories.applicant(email="visa-next@example.com", language="en")
    application = factories.application(user=user, status=1)
    with unit_of_work():
        transition(application, "await_visa", actor=Actor.admin(factories.admin(role=FOREIGN_ADMIN)))
    [mail] = outbox(client, "visa-next@example.com")
    assert mail["subject"] == "New application status: Awaiting visa"
    assert catalogue("en")["mail.news.foreign.foreign_visa.next"] in mail["body"]
    assert "Your application status has changed" not in mail["body"]
