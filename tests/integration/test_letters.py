"""Official letters (issue 26, decision 0080): issued once by the transition that earns them and mailed with it over
real SMTP (aiosmtpd), readable PDFs in the holder's language (Kazakh letters included), downloadable only by their
holder and the admins of the holder's population, re-issued and revoked by staff (audited), and verified through
the public, rate-limited API, which shows the minimum."""

from __future__ import annotations

import io

from pypdf import PdfReader
from sqlalchemy import select

from server.applications.workflow import Actor, transition
from server.database import unit_of_work
from server.dorm.bookings import confirm_booking_paid
from server.i18n import catalogue
from server.models import ApplicationEvent, AuditLog, DormBooking, Letter

from ..helpers import assert_envelope, assert_ok, messages_for
from .dorm_support import applicant as dorm_applicant
from .dorm_support import book, genders, hall_with_rooms

API = "/api/v1"
FOREIGN_ADMIN = "Админ"
KZ_ADMIN = "Админ (граждане КЗ)"
KAZAKH_LETTERS = "әғқңөұүһі"
PUBLIC_FIELDS = {"kind", "holder_name", "program", "issued_at", "version"}


def pdf_text(data: bytes) -> str:
    """The PDF's text with whitespace runs folded (line breaks fall anywhere in a paragraph)."""
    return " ".join(" ".join((page.extract_text() or "").split()) for page in PdfReader(io.BytesIO(data)).pages)


def letters_of(db, **where) -> list[Letter]:
    db.session.expire_all()
    query = select(Letter).order_by(Letter.id)
    for name, value in where.items():
        query = query.where(getattr(Letter, name) == value)
    return list(db.session.scalars(query))


def pdf_attachments(message) -> list:
    return [part for part in message.message.iter_attachments() if part.get_content_type() == "application/pdf"]


def run_job(app, name: str, *args) -> None:
    """Runs a job again, as a worker retrying it would."""
    app.extensions["celery"].tasks[name].apply(args=args, throw=True)


def move(client, headers, application, status):
    return client.post(
        f"{API}/admin/update-application", headers=headers, json={"user_id": application.user_id, "status": status}
    )


def foreign_applied(factories, email, language="en"):
    user = factories.applicant(email=email, first_name="John", last_name="Smith", language=language)
    program = factories.study_program(name_en="Computer Science", name_ru="Информатика", name_kk="Информатика")
    return factories.application(user=user, program=program, status=0)


def kz_scholarship_holder(factories, email, language="kk"):
    user = factories.applicant(
        kz=True, email=email, first_name="Әлия Өмірқызы", last_name="Шаһарбанова", language=language
    )
    factories.bureau_data(user)
    program = factories.study_program(name_kk="Ақпараттық жүйелер", name_ru="Информационные системы")
    return factories.application(user=user, program=program, current_step=8, financing="scholarship")


# ---------------------------------------------------------------------------------------------- issuing


def test_acceptance_and_enrolment_are_issued_once_and_mailed_with_the_status(
    client, factories, db, app, smtp_server, monkeypatch
):
    url, messages = smtp_server
    monkeypatch.setitem(app.config, "SMTP_URL", url)
    application = foreign_applied(factories, "visa@example.com")
    admin = factories.auth_headers(factories.admin(role=FOREIGN_ADMIN))

    assert_ok(move(client, admin, application, 1))
    [letter] = letters_of(db, application_id=application.id)
    assert (letter.kind, letter.version, letter.status, letter.languages) == ("acceptance", 1, "valid", "en,ru")
    [mail] = messages_for(messages, "visa@example.com")
    assert mail.subject == catalogue("en")["mail.status_changed.subject"].format(
        status=catalogue("en")["mail.news.foreign.foreign_accepted.status"]
    )
    [attachment] = pdf_attachments(mail)
    assert attachment.get_filename() == f"acceptance-{letter.code}.pdf"
    text = pdf_text(attachment.get_content())
    assert attachment.get_content() == letter.pdf
    assert "Letter of acceptance (visa invitation)" in text and "Письмо о зачислении" in text
    assert "Smith John" in text and "Computer Science" in text and "Информатика" in text
    assert f"/verify/{letter.code}" in text
    reader = {**factories.auth_headers(application.user), "Accept-Language": "en"}
    bell = client.get(f"{API}/notifications", headers=reader).get_json()["list"]
    assert "Letter issued: Letter of acceptance (visa invitation)" in [entry["title"] for entry in bell]

    # a retried job (a worker lost after the commit) neither issues nor mails the letter again
    event = db.session.scalar(
        select(ApplicationEvent).where(
            ApplicationEvent.application_id == application.id, ApplicationEvent.transition == "accept"
        )
    )
    run_job(app, "letters.status_changed_with_letter", event.id)
    assert len(letters_of(db, application_id=application.id)) == 1
    assert len(messages_for(messages, "visa@example.com")) == 1

    # the stage between earns no letter (its status mail has no attachment); enrolment earns the second one
    assert_ok(move(client, admin, application, 2))
    assert_ok(move(client, admin, application, 3))
    acceptance, enrolment = letters_of(db, application_id=application.id)
    assert (acceptance.kind, enrolment.kind) == ("acceptance", "enrolment")
    visa_mail, enrol_mail = messages_for(messages, "visa@example.com")[1:]
    assert pdf_attachments(visa_mail) == []
    [attachment] = pdf_attachments(enrol_mail)
    assert "Confirmation of enrolment" in pdf_text(attachment.get_content())


def test_a_citizens_enrolment_letter_is_in_kazakh_and_russian(client, factories, db, app, smtp_server, monkeypatch):
    url, messages = smtp_server
    monkeypatch.setitem(app.config, "SMTP_URL", url)
    application = kz_scholarship_holder(factories, "aliya@example.com")
    admin = factories.admin(role=KZ_ADMIN)

    with unit_of_work():
        transition(application, "enrol_scholarship", actor=Actor.admin(admin))
    [letter] = letters_of(db, application_id=application.id)
    assert (letter.kind, letter.languages) == ("enrolment", "kk,ru")
    text = pdf_text(letter.pdf)
    for char in KAZAKH_LETTERS:
        assert char in text.lower(), char
    assert "Шаһарбанова Әлия Өмірқызы" in text
    assert "Білім алушылар қатарына қабылданғаны туралы анықтама" in text
    assert "«Ақпараттық жүйелер»" in text and "Справка о зачислении" in text and "«Информационные системы»" in text
    [mail] = messages_for(messages, "aliya@example.com")
    assert mail.subject == catalogue("kk")["mail.status_changed.subject"].format(
        status=catalogue("kk")["mail.news.kz.enrolment.grant.status"]
    )
    assert len(pdf_attachments(mail)) == 1


def test_a_russian_speaker_gets_one_russian_page(factories, db):
    application = kz_scholarship_holder(factories, "ru-reader@example.com", language="ru")
    with unit_of_work():
        transition(application, "enrol_scholarship", actor=Actor.admin(factories.admin(role=KZ_ADMIN)))
    [letter] = letters_of(db, application_id=application.id)
    assert letter.languages == "ru" and len(PdfReader(io.BytesIO(letter.pdf)).pages) == 1


def test_a_paid_dormitory_booking_earns_an_assignment_letter_once(client, factories, db, app, smtp_server, monkeypatch):
    url, messages = smtp_server
    monkeypatch.setitem(app.config, "SMTP_URL", url)
    genders(factories)
    hall, room_type, [room] = hall_with_rooms(factories, price=150000, name="Общежитие «Алатау»")
    user = dorm_applicant(factories, email="resident@example.com")
    user.language = "ru"
    db.session.commit()
    booking_id = assert_ok(book(client, factories, user, hall, room_type))["booking"]["id"]

    confirm_booking_paid(booking_id, "payment:letter-1")
    [letter] = letters_of(db, user_id=user.id)
    assert letter.kind == "dorm_assignment" and letter.languages == "en,ru"
    text = pdf_text(letter.pdf)
    assert "Dormitory assignment letter" in text and "Письмо о заселении в общежитие" in text
    assert "Общежитие «Алатау»" in text and room.name in text
    assert "150 000 ₸" in text and "01.09." in text and "30.06." in text
    [mail] = messages_for(messages, "resident@example.com")
    assert mail.subject == catalogue("ru")["mail.letter_dorm_assignment.subject"]
    assert [part.get_content() for part in pdf_attachments(mail)] == [letter.pdf]

    # the payment notification repeated, and the job retried: still one letter, one mail
    confirm_booking_paid(booking_id, "payment:letter-1")
    run_job(app, "letters.dorm_assignment", booking_id, "payment:letter-1")
    assert len(letters_of(db, user_id=user.id)) == 1
    assert len(messages_for(messages, "resident@example.com")) == 1
    assert db.session.get(DormBooking, booking_id).status == "confirmed"


# ------------------------------------------------------------------------------------- reading, staff


def test_only_the_holder_and_the_holders_admins_read_a_letter(client, factories, db):
    application = foreign_applied(factories, "holder@example.com")
    admin = factories.admin(role=FOREIGN_ADMIN)
    assert_ok(move(client, factories.auth_headers(admin), application, 1))
    [letter] = letters_of(db, application_id=application.id)
    holder = factories.auth_headers(application.user)
    stranger = factories.auth_headers(factories.applicant(email="stranger@example.com"))
    other_admin = factories.auth_headers(factories.admin(role=KZ_ADMIN))

    mine = assert_ok(client.get(f"{API}/users/letters", headers=holder))["list"]
    assert [(row["id"], row["kind"], row["status"], row["application_id"]) for row in mine] == [
        (letter.id, "acceptance", "valid", application.id)
    ]
    assert "code" not in mine[0] and assert_ok(client.get(f"{API}/users/letters", headers=stranger))["list"] == []
    answer = client.get(f"{API}/letters/{letter.id}/pdf", headers=holder)
    assert answer.status_code == 200 and answer.mimetype == "application/pdf" and answer.data == letter.pdf
    for headers, staff_answer in ((stranger, 403), (other_admin, 404)):
        assert_envelope(client.get(f"{API}/letters/{letter.id}/pdf", headers=headers), 404, "letters.not_found")
        revoke = client.post(f"{API}/admin/letters/{letter.id}/revoke", headers=headers, json={})
        assert_envelope(revoke, staff_answer)
        assert_envelope(client.post(f"{API}/admin/letters/{letter.id}/reissue", headers=headers), staff_answer)
    assert_envelope(client.get(f"{API}/admin/applications/{application.id}/letters", headers=other_admin), 404)
    assert_envelope(client.get(f"{API}/admin/applications/{application.id}/letters", headers=holder), 403)
    assert_envelope(client.get(f"{API}/letters/99999999/pdf", headers=holder), 404)
    assert client.get(f"{API}/letters/{letter.id}/pdf").status_code == 401


def test_reissue_and_revoke_are_audited_and_change_what_the_code_verifies(client, factories, db):
    application = foreign_applied(factories, "reissue@example.com")
    admin = factories.admin(role=FOREIGN_ADMIN)
    staff = factories.auth_headers(admin)
    holder = factories.auth_headers(application.user)
    assert_ok(move(client, staff, application, 1))
    [first] = letters_of(db, application_id=application.id)

    application.user.first_name = "Johnny"
    db.session.commit()
    second = assert_ok(client.post(f"{API}/admin/letters/{first.id}/reissue", headers=staff))["letter"]
    assert (second["version"], second["status"], second["kind"]) == (2, "valid", "acceptance")
    assert second["code"] != first.code
    assert "Smith Johnny" in pdf_text(db.session.get(Letter, second["id"]).pdf)
    assert_envelope(client.post(f"{API}/admin/letters/{first.id}/reissue", headers=staff), 409, "letters.not_latest")

    listed = assert_ok(client.get(f"{API}/admin/applications/{application.id}/letters", headers=staff))["list"]
    assert [(row["version"], row["status"], row["is_latest"]) for row in listed] == [
        (2, "valid", True),
        (1, "superseded", False),
    ]
    assert [row["id"] for row in assert_ok(client.get(f"{API}/users/letters", headers=holder))["list"]] == [
        second["id"]
    ]
    assert_envelope(client.get(f"{API}/letters/{first.id}/pdf", headers=holder), 404)  # superseded: not the holder's
    assert client.get(f"{API}/letters/{first.id}/pdf", headers=staff).status_code == 200  # staff read every version
    assert assert_ok(client.get(f"{API}/letters/verify/{first.code}"))["status"] == "superseded"

    revoked = assert_ok(
        client.post(f"{API}/admin/letters/{second['id']}/revoke", headers=staff, json={"reason": "Visa refused"})
    )["letter"]
    assert revoked["status"] == "revoked" and revoked["revoke_reason"] == "Visa refused"
    assert_envelope(client.post(f"{API}/admin/letters/{second['id']}/revoke", headers=staff, json={}), 409)
    verified = assert_ok(client.get(f"{API}/letters/verify/{second['code']}"))
    assert verified["status"] == "revoked"
    assert_envelope(client.get(f"{API}/letters/{second['id']}/pdf", headers=holder), 404)

    db.session.expire_all()
    trail = db.session.scalars(select(AuditLog).where(AuditLog.action.like("letter.%")).order_by(AuditLog.id)).all()
    assert [(row.action, row.actor_id, row.target_id) for row in trail] == [
        ("letter.reissue", admin.id, str(second["id"])),
        ("letter.revoke", admin.id, str(second["id"])),
    ]


# ------------------------------------------------------------------------------------------- verifying


def test_the_public_verification_shows_the_minimum(client, factories, db, app, monkeypatch):
    application = foreign_applied(factories, "verify@example.com")
    assert_ok(move(client, factories.auth_headers(factories.admin(role=FOREIGN_ADMIN)), application, 1))
    [letter] = letters_of(db, application_id=application.id)

    answer = assert_ok(client.get(f"{API}/letters/verify/{letter.code}"))
    assert answer["status"] == "valid" and set(answer["letter"]) == PUBLIC_FIELDS
    assert answer["letter"]["holder_name"] == "Smith John" and answer["letter"]["kind"] == "acceptance"
    assert answer["letter"]["program"]["en"] == "Computer Science"
    raw = client.get(f"{API}/letters/verify/{letter.code}").get_data(as_text=True)
    assert set(answer) == {"success", "status", "letter"}
    assert "verify@example.com" not in raw and letter.code not in raw and "application" not in raw

    # typed from paper: any case, dashes, O for zero
    typed = "-".join(letter.code[i : i + 4] for i in range(0, 16, 4)).lower().replace("0", "o")
    assert assert_ok(client.get(f"{API}/letters/verify/{typed}"))["status"] == "valid"
    for unknown in ("0" * 16, "not-a-code", "ABC", "%F0%9F%98%80" * 3):
        assert_envelope(client.get(f"{API}/letters/verify/{unknown}"), 404, "letters.unknown_code")

    monkeypatch.setitem(app.config, "RATE_LIMIT_LETTER_VERIFY_PER_IP", "2 per minute")
    assert client.get(f"{API}/letters/verify/{letter.code}").status_code == 200
    assert client.get(f"{API}/letters/verify/{letter.code}").status_code == 200
    assert_envelope(client.get(f"{API}/letters/verify/{letter.code}"), 429)
