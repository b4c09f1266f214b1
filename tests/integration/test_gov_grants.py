"""The state-grant holders list (import by the citizens' admissions staff, template) and the applicant's
scholarship check (req §4 step 7, §7 check-gov-scholarship; design §8; decision 0064)."""

from __future__ import annotations

import io
import threading

import pytest
from openpyxl import Workbook, load_workbook
from sqlalchemy import func, select

from server.grants.holders import XLSX_CONTENT_TYPE
from server.models import ROLE_FOREIGN_ADMIN, ROLE_KZ_ADMIN, AuditLog, GovGrantHolder
from server.models.application import ApplicationEvent

from ..helpers import assert_envelope, assert_ok
from .pkb_support import API
from .test_workflow_concurrency import wide_app as _wide_app

pytestmark = pytest.mark.usefixtures("no_server_errors")
wide_app = _wide_app  # the PostgreSQL-only app of the concurrency tests, as a fixture of this module

YEAR = 2096
HEADERS = [
    "ИИН / IIN",
    "ФИО / Full name",
    "Код группы образовательных программ / Programme group code",
    "Вид гранта / Grant kind",
]
AHMETOV = ["060315501232", "Ахметов Нурлан Серикович", "B057", "Государственный грант"]
IVANOV = ["990721307894", "Иванов Дмитрий Сергеевич", "B044", "Грант акимата"]
SMAGULOVA = ["051102604563", "Смагулова Айгерим Маратовна", "B057", "Государственный грант"]


def xlsx(rows, headers=HEADERS) -> bytes:
    workbook = Workbook()
    sheet = workbook.active
    if headers is not None:
        sheet.append(headers)
    for row in rows:
        sheet.append(row)
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def upload(client, headers, data: bytes, year=YEAR, name="grants.xlsx", lang=None):
    form = {"file": (io.BytesIO(data), name)}
    if year is not None:
        form["year"] = str(year)
    query = f"?lang={lang}" if lang else ""
    return client.post(
        f"{API}/admin/gov-grants/import{query}", headers=headers, data=form, content_type="multipart/form-data"
    )


def holders(db, year=YEAR) -> dict[str, GovGrantHolder]:
    db.session.expire_all()
    return {h.iin: h for h in db.session.scalars(select(GovGrantHolder).where(GovGrantHolder.year == year))}


@pytest.fixture
def staff(factories):
    return factories.auth_headers(factories.admin(role=ROLE_KZ_ADMIN))


# ------------------------------------------------------------------------------------------------ template


def test_template_is_an_xlsx_with_the_documented_header(client, staff):
    response = client.get(f"{API}/admin/gov-grants/template", headers=staff)
    assert response.status_code == 200
    assert response.mimetype == XLSX_CONTENT_TYPE
    assert "gov_grant_holders_template.xlsx" in response.headers["Content-Disposition"]
    workbook = load_workbook(io.BytesIO(response.data))
    sheet = workbook.worksheets[0]
    assert [cell.value for cell in sheet[1]] == HEADERS
    assert sheet["A2"].number_format == "@"  # IINs stay text (leading zeros)
    assert workbook.sheetnames == ["grant_holders", "README"]
    help_text = " ".join(str(c.value) for row in workbook["README"].iter_rows() for c in row if c.value)
    assert "Вид гранта" in help_text and "Грант түрі" in help_text and "Grant kind" in help_text


def test_the_filled_template_imports(client, staff, db):
    workbook = load_workbook(io.BytesIO(client.get(f"{API}/admin/gov-grants/template", headers=staff).data))
    workbook.worksheets[0].append(AHMETOV)
    out = io.BytesIO()
    workbook.save(out)
    assert assert_ok(upload(client, staff, out.getvalue()))["imported"] == 1


@pytest.mark.parametrize("role", [ROLE_FOREIGN_ADMIN, None])
def test_only_the_citizens_admin_gets_the_template_and_imports(client, factories, db, role):
    user = factories.admin(role=role) if role else factories.applicant(kz=True)
    headers = factories.auth_headers(user)
    assert_envelope(client.get(f"{API}/admin/gov-grants/template", headers=headers), 403)
    assert_envelope(upload(client, headers, xlsx([AHMETOV])), 403)
    assert holders(db) == {}
    assert_envelope(client.get(f"{API}/admin/gov-grants/template"), 401)


# ---------------------------------------------------------------------------------------------------- import


def test_import_stores_every_row_and_audits(client, staff, db):
    # A number-typed IIN cell loses its leading zero; the importer restores the 12 digits.
    rows = [AHMETOV, [int(IVANOV[0])] + IVANOV[1:], [int(SMAGULOVA[0])] + SMAGULOVA[1:]]

    body = assert_ok(upload(client, staff, xlsx(rows)))

    assert body == {"success": True, "year": YEAR, "imported": 3, "replaced": 0}
    stored = holders(db)
    assert set(stored) == {AHMETOV[0], IVANOV[0], SMAGULOVA[0]}
    assert (stored[SMAGULOVA[0]].full_name, stored[SMAGULOVA[0]].programme_group, stored[SMAGULOVA[0]].grant_kind) == (
        SMAGULOVA[1],
        "B057",
        "Государственный грант",
    )
    audit = db.session.scalar(select(AuditLog).where(AuditLog.action == "gov_grants.import"))
    assert audit.target_id == str(YEAR)
    # The import is kept for the past-imports list (issue 23): its row joins the audit row's changes.
    assert (audit.details["imported"], audit.details["replaced"]) == (3, 0)


def test_bad_rows_are_reported_by_number_and_nothing_is_imported(client, staff, db):
    assert_ok(upload(client, staff, xlsx([AHMETOV])))  # last year's... this year's current list
    rows = [
        IVANOV,  # row 2: fine
        ["990721307895", "Кто-то", "B001", "Грант"],  # row 3: check digit
        ["051102604563", "", "B057", "Грант"],  # row 4: empty name
        [None, None, None, None],  # row 5: blank, skipped
        ["990721307894", "Иванов Дубль", "B044", "Грант"],  # row 6: the IIN of row 2 again
        ["12345", "Короткий", "", "Грант"],  # row 7: short IIN and no programme group
    ]

    response = upload(client, staff, xlsx(rows))

    body = assert_envelope(response, 422, "gov_grants.invalid_rows")
    assert set(body["errors"]) == {"rows.3", "rows.4", "rows.6", "rows.7"}
    assert body["errors"]["rows.3"] == ["Строка 3, «ИИН»: неверная контрольная цифра ИИН"]
    assert body["errors"]["rows.4"] == ["Строка 4, «ФИО»: ячейка пуста"]
    assert body["errors"]["rows.6"] == ["Строка 6, «ИИН»: этот ИИН уже указан в строке 2"]
    assert len(body["errors"]["rows.7"]) == 2
    assert "(4)" in body["message"]
    assert set(holders(db)) == {AHMETOV[0]}  # the previous list is untouched


def test_row_errors_speak_the_callers_language(client, staff):
    body = assert_envelope(upload(client, staff, xlsx([["060315501233", "X", "B1", "G"]]), lang="en"), 422)
    assert body["errors"]["rows.2"] == ["Row 2, “IIN”: the IIN's check digit is wrong"]


def test_reimport_replaces_that_years_list_only(client, staff, db):
    assert_ok(upload(client, staff, xlsx([AHMETOV, IVANOV])))
    assert_ok(upload(client, staff, xlsx([SMAGULOVA]), year=YEAR - 1))

    body = assert_ok(upload(client, staff, xlsx([IVANOV, SMAGULOVA])))

    assert (body["imported"], body["replaced"]) == (2, 2)
    assert set(holders(db)) == {IVANOV[0], SMAGULOVA[0]}
    assert set(holders(db, YEAR - 1)) == {SMAGULOVA[0]}


def test_headers_may_be_short_and_in_any_order_and_extra_columns_are_ignored(client, staff, db):
    data = xlsx(
        [["Грант", "B057", "Ахметов Нурлан", "x", "060315501232"]],
        headers=["вид гранта", "Programme group", "ФИО", "Комментарий", "IIN"],
    )
    assert assert_ok(upload(client, staff, data))["imported"] == 1
    assert holders(db)["060315501232"].full_name == "Ахметов Нурлан"


@pytest.mark.parametrize(
    "data, status, key",
    [
        (b"not a spreadsheet at all", 400, "gov_grants.unreadable_file"),
        (b"PK\x03\x04 broken zip", 400, "gov_grants.unreadable_file"),
        (b"", 400, "gov_grants.empty_file"),
        (xlsx([]), 422, "gov_grants.empty_file"),
        (xlsx([], headers=None), 422, "gov_grants.empty_file"),
        (xlsx([AHMETOV], headers=["ИИН", "ФИО", "Вид гранта"]), 422, "gov_grants.missing_columns"),
    ],
    # Generated workbooks carry a timestamp: ids from the bytes would differ between xdist workers.
    ids=["text", "broken-zip", "empty-body", "no-rows", "no-header", "missing-columns"],
)
def test_unusable_files_are_refused(client, staff, db, data, status, key):
    body = assert_envelope(upload(client, staff, data), status, key)
    assert "file" in body["errors"]
    assert holders(db) == {}


def test_missing_columns_are_named(client, staff):
    body = assert_envelope(upload(client, staff, xlsx([AHMETOV], headers=["ИИН", "ФИО"])), 422)
    assert "Код группы образовательных программ" in body["message"] and "Вид гранта" in body["message"]


@pytest.mark.parametrize("year", [None, "", "abc", "1999", "2101", "2025.5"])
def test_bad_year_is_400(client, staff, db, year):
    form = {"file": (io.BytesIO(xlsx([AHMETOV])), "g.xlsx")}
    if year is not None:
        form["year"] = year
    response = client.post(
        f"{API}/admin/gov-grants/import", headers=staff, data=form, content_type="multipart/form-data"
    )
    assert_envelope(response, 400)
    assert db.session.scalar(select(func.count()).select_from(GovGrantHolder)) == 0


def test_missing_file_is_400(client, staff):
    response = client.post(
        f"{API}/admin/gov-grants/import", headers=staff, data={"year": str(YEAR)}, content_type="multipart/form-data"
    )
    assert_envelope(response, 400)


def test_too_large_file_is_413(client, staff, app, monkeypatch):
    monkeypatch.setitem(app.config, "UPLOAD_MAX_DOCUMENT_BYTES", 1000)
    assert_envelope(upload(client, staff, xlsx([AHMETOV] * 50)), 413, "files.too_large")


# -------------------------------------------------------------------------------------- check-gov-scholarship


def _citizen_application(factories, year=YEAR, iin=AHMETOV[0], step=6):
    """A citizen's application at `step` whose IIN the credit bureau confirmed (None: no bureau data)."""
    user = factories.applicant(kz=True)
    if iin is not None:
        factories.bureau_data(user, iin=iin)
    application = factories.application(user=user, term=factories.term(year=year), current_step=step)
    return user, application, factories.auth_headers(user)


def _check(client, headers, application_id):
    return client.get(f"{API}/users/check-gov-scholarship/{application_id}", headers=headers)


def test_awarded_when_the_bureau_iin_is_on_the_list(client, factories, staff, db):
    _user, application, headers = _citizen_application(factories)
    assert_ok(upload(client, staff, xlsx([AHMETOV, IVANOV])))

    body = assert_ok(_check(client, headers, application.id))

    assert body == {
        "success": True,
        "awarded": True,
        "published": True,
        "year": YEAR,
        "grant": {
            "year": YEAR,
            "full_name": AHMETOV[1],
            "programme_group": "B057",
            "grant_kind": "Государственный грант",
        },
    }


def test_not_awarded_when_the_bureau_iin_is_absent_from_the_list(client, factories, staff):
    _user, application, headers = _citizen_application(factories, iin=SMAGULOVA[0])
    assert_ok(upload(client, staff, xlsx([AHMETOV])))

    body = assert_ok(_check(client, headers, application.id))

    assert (body["awarded"], body["published"], body["grant"]) == (False, True, None)


def test_the_list_of_another_year_does_not_count(client, factories, staff):
    _user, application, headers = _citizen_application(factories)
    assert_ok(upload(client, staff, xlsx([AHMETOV]), year=YEAR - 1))

    body = assert_ok(_check(client, headers, application.id))

    assert (body["awarded"], body["published"], body["year"]) == (False, False, YEAR)


def _events(db, application_id):
    db.session.expire_all()
    return list(
        db.session.scalars(
            select(ApplicationEvent)
            .where(ApplicationEvent.application_id == application_id, ApplicationEvent.transition == "grant_result")
            .order_by(ApplicationEvent.id)
        )
    )


def _step(db, application):
    db.session.expire_all()
    return db.session.get(type(application), application.id).current_step


@pytest.mark.parametrize("on_list", [True, False])
def test_a_published_result_moves_step_6_to_7_once_through_the_state_machine(client, factories, staff, db, on_list):
    _user, application, headers = _citizen_application(factories, iin=AHMETOV[0] if on_list else IVANOV[0])
    assert_ok(upload(client, staff, xlsx([AHMETOV])))

    for _ in range(3):  # the awaiting page polls
        assert assert_ok(_check(client, headers, application.id))["awarded"] is on_list

    assert _step(db, application) == 7
    events = _events(db, application.id)
    assert len(events) == 1
    assert (events[0].actor_role, events[0].from_step, events[0].to_step) == ("system:gov_scholarship", 6, 7)
    assert events[0].data == {"awarded": on_list}


def test_no_state_change_while_the_list_is_not_published(client, factories, staff, db):
    _user, application, headers = _citizen_application(factories)
    assert_ok(upload(client, staff, xlsx([AHMETOV]), year=YEAR - 1))  # another year's list only
    assert assert_ok(_check(client, headers, application.id))["published"] is False
    assert _step(db, application) == 6 and _events(db, application.id) == []


@pytest.mark.parametrize("step", [7, 8, 10])
def test_later_steps_only_read_the_result(client, factories, staff, db, step):
    _user, application, headers = _citizen_application(factories, step=step)
    assert_ok(upload(client, staff, xlsx([AHMETOV])))
    assert assert_ok(_check(client, headers, application.id))["awarded"] is True
    assert _step(db, application) == step and _events(db, application.id) == []


def test_once_recorded_the_result_is_the_one_the_state_machine_acts_on(client, factories, staff, db):
    """A list corrected after step 7 does not contradict what choose_program / continue_paid will judge."""
    _user, application, headers = _citizen_application(factories)
    assert_ok(upload(client, staff, xlsx([IVANOV])))
    assert assert_ok(_check(client, headers, application.id))["awarded"] is False
    assert_ok(upload(client, staff, xlsx([IVANOV, AHMETOV])))  # the applicant added later

    body = assert_ok(_check(client, headers, application.id))

    assert (body["awarded"], body["grant"], _step(db, application)) == (False, None, 7)


@pytest.mark.parametrize("step", [1, 2, 3, 4, 5])
def test_before_the_grant_step_the_check_is_refused(client, factories, staff, db, step):
    _user, application, headers = _citizen_application(factories, step=step)
    assert_ok(upload(client, staff, xlsx([AHMETOV])))
    body = assert_envelope(_check(client, headers, application.id), 409, "gov_scholarship.not_at_grant_step")
    assert AHMETOV[1] not in str(body)
    assert _step(db, application) == step and _events(db, application.id) == []


def test_a_withdrawn_application_is_refused(client, factories, staff):
    _user, application, headers = _citizen_application(factories)
    factories.db.session.get(type(application), application.id).status = -1
    factories.db.session.commit()
    assert_ok(upload(client, staff, xlsx([AHMETOV])))
    assert_envelope(_check(client, headers, application.id), 409, "applications.archived")


def test_without_bureau_data_the_check_is_422_whatever_was_typed(client, factories, staff, db):
    _user, application, headers = _citizen_application(factories, iin=None)
    assert_ok(upload(client, staff, xlsx([AHMETOV])))
    assert_envelope(_check(client, headers, application.id), 422, "gov_scholarship.iin_unknown")
    factories.user_data(application, "fillStepMainInfoLocal", {"iin": AHMETOV[0]})
    body = assert_envelope(_check(client, headers, application.id), 422, "gov_scholarship.iin_unknown")
    assert AHMETOV[1] not in str(body)
    assert _step(db, application) == 6 and _events(db, application.id) == []


def test_someone_elses_or_a_missing_application_is_404(client, factories, staff):
    _owner, application, _headers = _citizen_application(factories)
    stranger = factories.auth_headers(factories.applicant(kz=True))
    assert_envelope(_check(client, stranger, application.id), 404, "applications.not_found")
    assert_envelope(_check(client, stranger, application.id + 1000), 404)
    assert_envelope(_check(client, stranger, 2**31), 404)
    assert_envelope(_check(client, stranger, 99999999999999999999), 404)
    assert_envelope(_check(client, staff, application.id), 404)  # the brief: the caller's own only
    assert_envelope(client.get(f"{API}/users/check-gov-scholarship/{application.id}"), 401)


def test_concurrent_polls_record_the_result_once(request, factories, staff, client, db):
    """PostgreSQL (the fixture skips SQLite): the awaiting page of several tabs polls at the same moment."""
    wide_app = request.getfixturevalue("wide_app")
    user, application, headers = _citizen_application(factories)
    assert_ok(upload(client, staff, xlsx([AHMETOV])))
    application_id = application.id  # read here: the threads have no app context for lazy loads
    ready = threading.Barrier(8)
    statuses: list = []

    def poll():
        tester = wide_app.test_client()
        ready.wait(timeout=30)
        statuses.append(_check(tester, headers, application_id).status_code)

    threads = [threading.Thread(target=poll) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)

    assert statuses == [200] * 8
    assert _step(db, application) == 7 and len(_events(db, application.id)) == 1
