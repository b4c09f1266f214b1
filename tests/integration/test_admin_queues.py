"""POST /admin/applications: the staff queues of req §2/§4 with search, filters, sort, paging and menu counts;
population separation (design §6), hidden internal accounts (§6) and a bounded number of statements per page."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from server.extensions import db

from ..helpers import assert_envelope, assert_ok
from .admin_support import API, FOREIGN_ADMIN, KZ_ADMIN, applicant_application, ids_of, main_info, queue, staff
from .test_user_data_support import count_queries, post_bulk

pytestmark = pytest.mark.usefixtures("no_server_errors")


# ------------------------------------------------------------------------------------------------ access


def test_anonymous_gets_401_and_applicants_403(client, factories):
    assert_envelope(client.post(f"{API}/admin/applications", json={}), 401)
    applicant = factories.applicant()
    assert_envelope(queue(client, factories.auth_headers(applicant)), 403, "errors.forbidden")


def test_each_admin_role_lists_only_its_own_population(client, factories):
    foreign_headers, kz_headers = staff(factories, FOREIGN_ADMIN), staff(factories, KZ_ADMIN)
    assert_envelope(queue(client, foreign_headers, is_local=True), 403, "errors.forbidden")
    assert_envelope(queue(client, kz_headers, is_local=False), 403, "errors.forbidden")

    foreign = applicant_application(factories, status=0)
    citizen = applicant_application(factories, kz=True, current_step=5)
    assert ids_of(queue(client, foreign_headers, "users")) == [foreign.id]
    assert ids_of(queue(client, foreign_headers, "applied")) == [foreign.id]
    assert ids_of(queue(client, kz_headers, "users")) == [citizen.id]
    assert ids_of(queue(client, kz_headers, "paid")) == [citizen.id]
    # without isLocal the caller's own population is meant
    assert ids_of(queue(client, kz_headers, "paid")) == ids_of(queue(client, kz_headers, "paid", is_local=True))


def test_users_queue_lists_accounts_with_their_latest_application_or_none(client, factories):
    headers = staff(factories)
    lonely = factories.applicant()
    older = applicant_application(factories)
    newer = applicant_application(factories, user=older.user, status=0)
    body = assert_ok(queue(client, headers, "users"))
    rows = {row["user"]["id"]: row for row in body["list"]}
    assert set(rows) == {lonely.id, older.user_id}
    assert rows[lonely.id]["id"] is None and rows[lonely.id]["documents_count"] == 0
    assert rows[older.user_id]["id"] == newer.id
    assert body["total"] == 2


# ------------------------------------------------------------------------------------------------ queues


@pytest.mark.parametrize(
    "status, expected",
    [(0, "applied"), (1, "accepted"), (2, "awaiting-visa"), (3, "enrolled"), (-1, "archived")],
)
def test_foreign_queues_follow_the_status(client, factories, status, expected):
    headers = staff(factories)
    application = applicant_application(factories, status=status)
    applicant_application(factories)  # not submitted: status null, in no stage queue
    for key in ("applied", "accepted", "awaiting-visa", "enrolled", "archived"):
        assert ids_of(queue(client, headers, key)) == ([application.id] if key == expected else [])


@pytest.mark.parametrize(
    "financing, step, status, expected",
    [
        ("scholarship", 1, None, "scholarship"),
        ("scholarship", 6, None, "scholarship"),
        ("paid", 4, None, "paid"),
        ("paid", 6, None, "paid"),
        ("paid", 7, None, "awaiting"),
        ("scholarship", 7, None, "awaiting"),
        ("paid", 8, None, "enrolled"),
        ("scholarship", 10, None, "enrolled"),
        ("scholarship", 8, None, "scholarship"),  # a grant holder at 8 waits there for "Enrol" (→ 10), decision 0083
        ("paid", 5, -1, "archived"),  # withdrawn applications are archived, as in the foreign shell
    ],
)
def test_citizens_queues_follow_financing_and_step(client, factories, financing, step, status, expected):
    headers = staff(factories, KZ_ADMIN)
    application = applicant_application(factories, kz=True, financing=financing, current_step=step, status=status)
    for key in ("scholarship", "paid", "awaiting", "enrolled", "archived"):
        assert ids_of(queue(client, headers, key)) == ([application.id] if key == expected else []), key
    assert ids_of(queue(client, headers, "users")) == [application.id]


def test_counts_cover_every_queue_of_the_population(client, factories):
    headers = staff(factories)
    for status in (0, 0, 1, 2, 3, -1, -1, -1):
        applicant_application(factories, status=status)
    factories.applicant()
    applicant_application(factories, kz=True, current_step=5)  # other population: never counted
    body = assert_ok(queue(client, headers, "applied", searchWhere="nobody-matches-this"))
    assert body["total"] == 0  # the search narrows the page, not the badges
    assert body["counts"] == {"users": 9, "applied": 2, "accepted": 1, "awaiting-visa": 1, "enrolled": 1, "archived": 3}
    kz = assert_ok(queue(client, staff(factories, KZ_ADMIN), "paid"))
    assert kz["counts"] == {"users": 1, "scholarship": 0, "paid": 1, "awaiting": 0, "enrolled": 0, "archived": 0}
    assert kz["segment"] == "KZ" and body["segment"] == "FOREIGN"


def test_unknown_queue_and_bad_bodies_are_400(client, factories):
    headers = staff(factories)
    body = assert_envelope(queue(client, headers, "paid"), 400, "admin.unknown_queue")  # a citizens' queue
    assert "applied" in body["message"]
    assert_envelope(queue(client, headers, "applied", page=0), 400)
    assert_envelope(queue(client, headers, "applied", size=101), 400)
    assert_envelope(queue(client, headers, "applied", unexpected=1), 400, "validation.unknown_field")
    assert_envelope(queue(client, headers, "applied", searchWhere="x" * 101), 400)
    assert_envelope(queue(client, headers, "applied", searchWhere=5), 400)
    assert_envelope(queue(client, headers, "applied", sort={"field": "password_hash"}), 400)
    assert_envelope(queue(client, headers, "applied", sort={"field": "id", "direction": "up"}), 400)
    assert_envelope(queue(client, headers, "applied", additionalParams={"fromDate": "2025-13-01"}), 400)
    assert_envelope(queue(client, headers, "applied", additionalParams={"selectedNation": "x"}), 400)
    assert_envelope(queue(client, headers, "applied", additionalParams={"selectedNation": 2**40}), 400)
    assert_envelope(queue(client, headers, "applied", additionalParams={"colour": "red"}), 400)
    assert_envelope(
        queue(client, headers, "applied", additionalParams={"fromDate": "2025-06-02", "toDate": "2025-06-01"}),
        400,
        "admin.date_range",
    )
    assert_envelope(
        queue(client, headers, "applied", additionalParams={"untScoreFrom": 90, "untScoreTo": 50}),
        400,
        "admin.score_range",
    )
    assert_envelope(queue(client, headers, "applied", applicationFilters={"status": 1}), 400)
    response = client.post(f"{API}/admin/applications", headers=headers, data="[", content_type="application/json")
    assert_envelope(response, 400)


# ------------------------------------------------------------------------------------------------ search


@pytest.mark.parametrize(
    "search",
    [
        "Жақсыбеков",
        "жақсыбеков",
        "ЖАҚСЫБЕКОВ",
        "Жақсы",
        "бекова айгерим",
        "aigerim.j@mail.kz",
        "AIGERIM.J",
        "900101300017",
        "+7 701 555-12-34",
        "87015551234"[1:],
        "701 555",
    ],
)
def test_search_by_name_email_iin_phone(client, factories, search):
    headers = staff(factories, KZ_ADMIN)
    wanted = applicant_application(
        factories,
        kz=True,
        email="aigerim.j@mail.kz",
        answers=main_info(True, last="Жақсыбекова", first="Айгерим", phone="+77015551234"),
        current_step=4,
    )
    applicant_application(
        factories,
        kz=True,
        answers=main_info(True, last="Петров", first="Пётр", iin="000101500012", phone="+77770000000"),
    )
    assert ids_of(queue(client, headers, "users", searchWhere=search)) == [wanted.id]
    assert ids_of(queue(client, headers, "paid", searchWhere=search)) == [wanted.id]


def test_tokens_shorter_than_a_trigram_match_the_same_rows(client, factories):
    """One- and two-letter tokens are matched with strpos()/instr() instead of LIKE (daos/admin_queues._contains):
    the same rows, in the summary, the e-mail and the account's names, whatever the case typed."""
    headers = staff(factories, KZ_ADMIN)
    wanted = applicant_application(
        factories, kz=True, email="qz.user@mail.kz", answers=main_info(True, last="Жақсыбекова", first="Айгерим")
    )
    applicant_application(factories, kz=True, answers=main_info(True, last="Петров", first="Пётр", iin="000101500012"))
    lonely = factories.applicant(kz=True, email="zq@example.com", first_name="Ы", last_name="Ъ")
    for search in ("Жа", "ЖА айгерим", "qz", "QZ.", "жақсы ай"):
        assert ids_of(queue(client, headers, "paid", searchWhere=search)) == [wanted.id], search
        assert ids_of(queue(client, headers, "users", searchWhere=search)) == [wanted.id], search
    assert ids_of(queue(client, headers, "paid", searchWhere="zq")) == []
    body = assert_ok(queue(client, headers, "users", searchWhere="zq"))
    assert [row["user"]["id"] for row in body["list"]] == [lonely.id]


def test_search_treats_like_wildcards_literally_and_finds_accounts_without_answers(client, factories):
    headers = staff(factories)
    applicant_application(factories, status=0, answers=main_info(False, last="Smith"))
    assert ids_of(queue(client, headers, "applied", searchWhere="%")) == []
    assert ids_of(queue(client, headers, "applied", searchWhere="_")) == []
    lonely = factories.applicant(email="no.answers.yet@example.com")
    body = assert_ok(queue(client, headers, "users", searchWhere="no.answers"))
    assert [row["user"]["id"] for row in body["list"]] == [lonely.id]


def test_saving_answers_keeps_the_search_current(client, factories):
    """The summary is rebuilt by the applicant's own save (bulk-upsert-user-data), not only by fixtures."""
    headers = staff(factories)
    application = applicant_application(factories, answers={})
    assert ids_of(queue(client, headers, "users", searchWhere="Нурланова")) == []
    response = post_bulk(
        client,
        factories.auth_headers(application.user),
        application.id,
        {"fillStepMainInfo": {"last_name": "Нурланова", "first_name": "Дана", "phone_number": "+77019998877"}},
    )
    assert_ok(response)
    assert ids_of(queue(client, headers, "users", searchWhere="нурланова дана")) == [application.id]
    assert ids_of(queue(client, headers, "users", searchWhere="+7 701 999 88 77")) == [application.id]
    row = assert_ok(queue(client, headers, "users"))["list"][0]
    assert (row["user"]["last_name"], row["user"]["first_name"]) == ("Нурланова", "Дана")


# ------------------------------------------------------------------------------------------------ filters


def test_foreign_filters(client, factories):
    headers = staff(factories)
    program, other_program = factories.study_program(), factories.study_program()
    wanted_citizenship = factories.citizenship()
    country = factories.questionnaire_option("fillStepImmigration_country_of_residence")
    wanted = applicant_application(
        factories,
        citizenship=wanted_citizenship,
        program=program,
        status=0,
        submitted_at=datetime(2025, 3, 9, 20, 0, tzinfo=UTC),  # 10 March, 01:00 in Almaty (UTC+5)
        answers={
            **main_info(False),
            "fillStepAdditionalInfo": {"need_dorm": "Да"},
            "fillStepImmigration": {"country_of_residence": country.id},
        },
    )
    applicant_application(
        factories,
        program=other_program,
        status=0,
        submitted_at=datetime(2025, 3, 12, tzinfo=UTC),
        answers={"fillStepAdditionalInfo": {"need_dorm": "Нет"}},
    )
    applicant_application(factories, program=program, status=0, submitted_at=datetime(2025, 3, 9, 18, 59, tzinfo=UTC))

    def only(**params):
        return ids_of(queue(client, headers, "applied", additionalParams=params))

    assert only(selectedNation=wanted_citizenship.id) == [wanted.id]
    assert len(only(selectedProgram=program.id)) == 2 and wanted.id in only(selectedProgram=program.id)
    assert only(fromDate="2025-03-10", toDate="2025-03-11") == [wanted.id]  # from inclusive (local dates)
    assert only(fromDate="2025-03-09", toDate="2025-03-10") != [wanted.id]  # to exclusive
    assert wanted.id not in only(fromDate="2025-03-09", toDate="2025-03-10")
    assert only(needsDorm=True) == [wanted.id]
    assert len(only(needsDorm=False)) == 1 and wanted.id not in only(needsDorm=False)
    assert only(country=country.id) == [wanted.id]
    assert only(selectedNation=wanted_citizenship.id, needsDorm=False) == []
    # null means "any"
    assert len(only(selectedNation=None, needsDorm=None, fromDate=None)) == 3


def test_citizens_filters(client, factories):
    headers = staff(factories, KZ_ADMIN)
    this_year, last_year = factories.term(year=2025), factories.term(year=2024)
    orphan = factories.questionnaire_option("fillStepSocialCategories_social_category", name_ru="Сироты")
    large_family = factories.questionnaire_option("fillStepSocialCategories_social_category", name_ru="Многодетные")
    wanted = applicant_application(
        factories,
        kz=True,
        term=this_year,
        current_step=5,
        answers={
            **main_info(True),
            "fillStepTestScoreUnt": {"unt_score": "112.5"},
            "fillStepSocialCategories": {"social_categories": [orphan.id, large_family.id]},
        },
    )
    applicant_application(
        factories, kz=True, term=last_year, current_step=5, answers={"fillStepTestScoreUnt": {"unt_score": 80}}
    )
    applicant_application(
        factories,
        kz=True,
        term=this_year,
        current_step=5,
        answers={"fillStepSocialCategories": {"social_categories": [large_family.id + 1000]}},
    )

    def only(**params):
        return ids_of(queue(client, headers, "paid", additionalParams=params))

    assert len(only(campaignYear=2025)) == 2 and wanted.id in only(campaignYear=2025)
    assert only(untScoreFrom=100) == [wanted.id]
    assert only(untScoreFrom=112.5, untScoreTo=112.5) == [wanted.id]
    assert len(only(untScoreFrom=70, untScoreTo=120)) == 2
    assert only(socialCategory=orphan.id) == [wanted.id]
    assert only(socialCategory=large_family.id) == [wanted.id]
    row = assert_ok(queue(client, headers, "paid", additionalParams={"socialCategory": orphan.id}))["list"][0]
    assert [c["name_ru"] for c in row["social_category"]] == ["Сироты", "Многодетные"]
    assert row["unt_score"] == 112.5 and row["campaign_year"] == 2025
    assert len(row["upload_code"]) == 7


# --------------------------------------------------------------------------------------------- rows, sort


def test_rows_carry_the_table_columns(client, factories):
    headers = staff(factories)
    pdf = {
        "id": "a" * 32,
        "name": "passport.pdf",
        "content_type": "application/pdf",
        "size": 10,
        "url": "/api/v1/files/" + "a" * 32,
    }
    photo = {
        "id": "b" * 32,
        "name": "me.png",
        "content_type": "image/png",
        "size": 10,
        "url": "/api/v1/files/" + "b" * 32,
    }
    application = applicant_application(
        factories,
        status=1,
        is_exempted_from_payment=False,
        answers={
            **main_info(False, last="Smith", first="Anna", profile_image=photo),
            "fillStepAdditionalInfo": {"need_dorm": "Да"},
            "fillStepDocumentsFiles": {"passport": pdf, "medical_certificates": [pdf, pdf]},
        },
    )
    row = assert_ok(queue(client, headers, "accepted"))["list"][0]
    assert row["id"] == application.id
    assert row["user"] == {
        "id": application.user_id,
        "email": application.user.email,
        "first_name": "Anna",
        "last_name": "Smith",
        "middle_name": None,
    }
    assert row["citizenship"]["name_en"] == application.user.citizenship.name_en
    assert row["study_program"]["id"] == application.study_program_id
    assert row["need_dorm"] is True and row["documents_count"] == 3  # the photo is not a document
    assert row["status"] == 1 and row["current_step"] == 1 and row["financing"] == "paid"
    assert row["submittedAt"] and row["createdAt"] and row["unt_score"] is None
    assert row["social_category"] == [] and row["upload_code"] is None and row["is_exempted_from_payment"] is False


def test_sorting_and_paging(client, factories):
    headers = staff(factories, KZ_ADMIN)
    names = ["Бекова", "Абаев", "Вахитов", "Ғалымов"]
    scores = [90, None, 120, 100]
    apps = [
        applicant_application(
            factories,
            kz=True,
            current_step=4,
            answers={
                **main_info(True, last=name),
                **({"fillStepTestScoreUnt": {"unt_score": s}} if s is not None else {}),
            },
        )
        for name, s in zip(names, scores, strict=True)
    ]
    by_name = ids_of(queue(client, headers, "paid", sort={"field": "student", "direction": "asc"}))
    assert by_name == [apps[1].id, apps[0].id, apps[2].id, apps[3].id]
    by_score = ids_of(queue(client, headers, "paid", sort={"field": "unt_score"}))
    assert by_score == [apps[2].id, apps[3].id, apps[0].id, apps[1].id]  # nulls last, whichever direction
    ascending = ids_of(queue(client, headers, "paid", sort={"field": "unt_score", "direction": "asc"}))
    assert ascending == [apps[0].id, apps[3].id, apps[2].id, apps[1].id]
    first = assert_ok(queue(client, headers, "paid", size=3, sort={"field": "id", "direction": "asc"}))
    second = assert_ok(queue(client, headers, "paid", size=3, page=2, sort={"field": "id", "direction": "asc"}))
    assert [r["id"] for r in first["list"]] + [r["id"] for r in second["list"]] == [a.id for a in apps]
    assert first["total"] == second["total"] == 4 and first["size"] == 3 and second["page"] == 2
    past_the_end = assert_ok(queue(client, headers, "paid", page=3, size=3))
    assert past_the_end["list"] == [] and past_the_end["total"] == 4


# --------------------------------------------------------------------------------------------- hidden


def test_internal_accounts_are_hidden_from_every_list(client, factories, app):
    headers = staff(factories)
    robot = applicant_application(factories, status=0, email="robot@qabyldau.local")  # the default pattern
    visible = applicant_application(factories, status=0, email="real@example.com")
    assert ids_of(queue(client, headers, "applied")) == [visible.id]
    assert assert_ok(queue(client, headers, "applied"))["counts"] == {
        "users": 1,
        "applied": 1,
        "accepted": 0,
        "awaiting-visa": 0,
        "enrolled": 0,
        "archived": 0,
    }
    assert ids_of(queue(client, headers, "users", searchWhere="robot")) == []
    qa = applicant_application(factories, status=0, email="qa_1@example.com")
    saved = app.config["ADMIN_HIDDEN_EMAIL_PATTERNS"]
    try:
        app.config["ADMIN_HIDDEN_EMAIL_PATTERNS"] = ["qa?1@example.com"]  # ? is any one character
        assert sorted(ids_of(queue(client, headers, "applied"))) == sorted([robot.id, visible.id])
        app.config["ADMIN_HIDDEN_EMAIL_PATTERNS"] = ["qa_*", "*@QABYLDAU.LOCAL"]  # case-insensitive
        assert ids_of(queue(client, headers, "applied")) == [visible.id]
        app.config["ADMIN_HIDDEN_EMAIL_PATTERNS"] = ["q%", "r_al@example.com"]  # % and _ are literal characters
        assert len(ids_of(queue(client, headers, "applied"))) == 3
        app.config["ADMIN_HIDDEN_EMAIL_PATTERNS"] = []
        assert len(ids_of(queue(client, headers, "applied"))) == 3
    finally:
        app.config["ADMIN_HIDDEN_EMAIL_PATTERNS"] = saved
    del qa


# --------------------------------------------------------------------------------------------- bounded


def test_statements_per_page_do_not_grow_with_the_page(client, factories):
    headers = staff(factories, KZ_ADMIN)
    categories = [factories.questionnaire_option("fillStepSocialCategories_social_category") for _ in range(3)]

    def make(n):
        for i in range(n):
            applicant_application(
                factories,
                kz=True,
                current_step=5,
                answers={
                    **main_info(True, last=f"Фамилия{i}"),
                    "fillStepSocialCategories": {"social_categories": [categories[i % 3].id]},
                },
            )

    def statements(size):
        db.session.expire_all()
        with count_queries(db.engine) as seen:
            body = assert_ok(queue(client, headers, "paid", size=size, searchWhere="фамилия"))
        return len(seen), len(body["list"])

    make(3)
    small, rows = statements(3)
    assert rows == 3
    make(30)
    large, rows = statements(33)
    assert rows == 33
    assert large == small, (small, large)
    assert large <= 4, large  # the caller (session, user, roles: one statement), rows + total, counts, categories


def test_page_statement_is_built_once_per_shape_with_the_values_bound(client, factories):
    """The page query of a request shape is built once (review/dao.py, issue 12); every value of a request
    reaches SQL as a bound parameter, so the cached statement can never carry another request's search or filter."""
    from server.review import dao as queues_dao

    headers = staff(factories)
    program = factories.study_program()
    wanted = applicant_application(factories, program=program, status=0, answers=main_info(False, last="Zqxwvb"))
    other = applicant_application(factories, program=program, status=0, answers=main_info(False, last="Mnbvcx"))
    queues_dao._PAGE_STATEMENTS.clear()

    def page_sql(search):
        params = {"selectedProgram": program.id, "fromDate": "2000-01-01"}
        with count_queries(db.engine) as seen:
            found = ids_of(queue(client, headers, "applied", searchWhere=search, additionalParams=params, size=7))
        (statement,) = [text for text in seen if "full_count" in text]
        return found, statement

    first, first_sql = page_sql("zqxwvb")
    second, second_sql = page_sql("mnbvcx")
    assert first == [wanted.id] and second == [other.id]  # the same statement, this request's values
    assert first_sql == second_sql
    for literal_value in ("zqxwvb", "mnbvcx", "2000-01-01", "1999-12-31", f"= {program.id}", "LIMIT 7"):
        assert literal_value not in first_sql, literal_value
    assert len(queues_dao._PAGE_STATEMENTS) == 1
    page_sql("zqxwvb mnbvcx")  # two words: another shape, another statement
    assert len(queues_dao._PAGE_STATEMENTS) == 2


def test_badge_counts_are_reused_briefly_and_refreshed_by_an_admin_action(client, factories, app):
    headers = staff(factories)
    first = applicant_application(factories, status=0)
    saved = app.config["ADMIN_COUNTS_CACHE_SECONDS"]
    app.config["ADMIN_COUNTS_CACHE_SECONDS"] = 3600
    app.extensions.pop("admin_queue_counts", None)
    try:
        assert assert_ok(queue(client, headers, "applied"))["counts"]["applied"] == 1
        second = applicant_application(factories, status=0)  # an applicant's submission: badges may lag
        body = assert_ok(queue(client, headers, "applied"))
        assert body["counts"]["applied"] == 1 and body["total"] == 2  # the page itself is always current
        moved = client.post(
            f"{API}/admin/update-application", headers=headers, json={"user_id": first.user_id, "status": 1}
        )
        assert_ok(moved)  # an admin action refreshes them at once
        assert assert_ok(queue(client, headers, "applied"))["counts"] == {
            "users": 2,
            "applied": 1,
            "accepted": 1,
            "awaiting-visa": 0,
            "enrolled": 0,
            "archived": 0,
        }
    finally:
        app.config["ADMIN_COUNTS_CACHE_SECONDS"] = saved
        app.extensions.pop("admin_queue_counts", None)
    del second
