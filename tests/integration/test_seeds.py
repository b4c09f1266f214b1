"""Reference-data seeds: idempotent, no duplicates, and the vocabularies the questionnaire relies on
(req §3-§5, §9)."""

from __future__ import annotations

import re

from sqlalchemy import func, inspect, select

from server.models import Citizenship, EducationalInstitution, Gender, Kato, SelectOption, StudyProgram
from server.seed import run_all
from server.seed.data import select_options as vocab

SEEDED_MODELS = (Citizenship, Gender, SelectOption, Kato, EducationalInstitution, StudyProgram)


def _snapshot(db) -> dict:
    """Every column of every seeded row, keyed by model: a re-run must leave it identical."""
    snapshot = {}
    for model in SEEDED_MODELS:
        columns = [column.key for column in inspect(model).columns]
        rows = db.session.scalars(select(model).order_by(model.id)).all()
        snapshot[model.__name__] = [tuple(repr(getattr(row, name)) for name in columns) for row in rows]
    db.session.expire_all()
    return snapshot


def _options(db, option_type: str) -> dict[str, SelectOption]:
    return {row.code: row for row in db.session.scalars(select(SelectOption).filter_by(type=option_type))}


def test_running_the_seeds_twice_changes_nothing(db):
    first_counts = run_all()
    first = _snapshot(db)
    second_counts = run_all()
    assert second_counts == first_counts
    assert _snapshot(db) == first
    assert all(first[name] for name in first)


def test_seed_command_runs_twice(app, db):
    runner = app.test_cli_runner()
    outputs = [runner.invoke(args=["seed"]) for _ in range(2)]
    for result in outputs:
        assert result.exit_code == 0, result.output
        assert "select_options:" in result.output and "kato:" in result.output
    counts = {model.__name__: db.session.scalar(select(func.count()).select_from(model)) for model in SEEDED_MODELS}
    runner.invoke(args=["seed"])
    assert counts == {
        model.__name__: db.session.scalar(select(func.count()).select_from(model)) for model in SEEDED_MODELS
    }


def test_no_duplicate_keys_or_names(db):
    run_all()
    run_all()
    for columns in (
        (SelectOption.type, SelectOption.code),
        (SelectOption.type, SelectOption.name_ru),
        (SelectOption.type, SelectOption.name_kk),
        (SelectOption.type, SelectOption.name_en),
    ):
        duplicates = db.session.execute(
            select(*columns, func.count()).group_by(*columns).having(func.count() > 1)
        ).all()
        assert duplicates == [], duplicates
    assert db.session.execute(select(Kato.code).group_by(Kato.code).having(func.count() > 1)).all() == []
    siblings = db.session.execute(
        select(Kato.parent_id, Kato.name_ru).group_by(Kato.parent_id, Kato.name_ru).having(func.count() > 1)
    ).all()
    assert siblings == []
    institutions = db.session.execute(
        select(EducationalInstitution.name, EducationalInstitution.region)
        .group_by(EducationalInstitution.name, EducationalInstitution.region)
        .having(func.count() > 1)
    ).all()
    assert institutions == []


def test_every_option_has_three_names_and_a_form_key_type(db):
    run_all()
    form_keys = (
        "fillStepMainInfo",
        "fillStepMainInfoLocal",
        "fillStepAdditionalInfo",
        "fillStepAdditionalInfoLocal",
        "fillStepImmigration",
        "fillStepParents",
        "fillStepEducation",
        "fillStepEducationSimple",
        "fillStepDocuments",
        "fillStepTestScore",
        "fillStepSocialCategories",
        "fillStepScholarships",
        "fillStepAwards",
        "chooseEducationalProgram",
    )
    rows = db.session.scalars(select(SelectOption)).all()
    assert len(rows) > 400
    for row in rows:
        assert row.name_ru and row.name_kk and row.name_en, row.code
        assert row.type.split("_", 1)[0] in form_keys, row.type
        assert isinstance(row.additional_data, dict)


def test_questionnaire_vocabularies(db):
    run_all()
    assert set(_options(db, vocab.MARITAL_STATUS)) >= {"single", "married", "divorced", "widowed"}
    assert "kazakh" in _options(db, vocab.NATIONALITY)
    assert {"id_card", "foreign_passport", "residence_permit"} <= set(_options(db, vocab.IDENTITY_DOCUMENT_TYPE))
    assert "military_id" in _options(db, vocab.MILITARY_DOCUMENT_TYPE)

    # §4: level Secondary gives Certificate, every other level Diploma.
    levels = _options(db, vocab.EDUCATION_LEVEL)
    document_types = _options(db, vocab.EDUCATION_DOCUMENT_TYPE)
    assert {row.name_en for row in document_types.values()} == {"Certificate", "Diploma"}
    assert levels["secondary"].name_en.startswith("Secondary")
    for code, level in levels.items():
        assert level.additional_data["education_document_type"] == ("certificate" if code == "secondary" else "diploma")
        assert level.additional_data["education_document_type"] in document_types

    # §9 foreign languages, CEFR levels and their confirmation documents.
    languages = _options(db, vocab.FOREIGN_LANGUAGE)
    assert [row.name_en for row in sorted(languages.values(), key=lambda r: r.order)] == [
        "Kazakh",
        "Russian",
        "English",
        "Italian",
        "Spanish",
        "German",
        "French",
        "Chinese",
    ]
    assert set(_options(db, vocab.FOREIGN_LANGUAGE_LEVEL)) == {"A1", "A2", "B1", "B2", "C1", "C2", "native"}
    certificates = _options(db, vocab.CONFIRMATION_DOCUMENT_TYPE)
    assert certificates["ielts"].additional_data["parent_id"] == languages["en"].id
    assert certificates["toefl_ibt"].additional_data["parent_id"] == languages["en"].id
    assert certificates["kaztest"].additional_data["parent_id"] == languages["kk"].id

    assert set(_options(db, vocab.PARENT_TYPE)) == {"mother", "father", "guardian"}
    assert {row.additional_data["degree"] for row in _options(db, vocab.DEGREE).values()} == {
        "bachelor",
        "master",
        "doctoral",
    }
    assert {"full_time", "part_time", "online"} <= set(_options(db, vocab.FORM_OF_EDUCATION))
    countries = _options(db, vocab.COUNTRY_OF_RESIDENCE)
    assert len(countries) > 200 and countries["KZ"].name_kk == "Қазақстан"
    embassies = _options(db, vocab.EMBASSY)
    assert len(embassies) >= 50
    assert embassies["ru_moscow"].name_en == "Embassy of Kazakhstan, Russia (Moscow)"


def test_social_categories_have_documents_and_none_of_the_above(db):
    run_all()
    categories = _options(db, vocab.SOCIAL_CATEGORY)
    assert {
        "orphans",
        "disability_1_2",
        "disabled_since_childhood",
        "large_family",
        "kandas",
        "rural_youth",
        "veterans_families",
    } <= set(categories)
    none = categories["none"]
    assert none.name_en == "None of the above"
    assert none.additional_data["documents"] == [] and none.additional_count == 0
    for code, category in categories.items():
        documents = category.additional_data["documents"]
        assert category.additional_count == len(documents)
        if code != "none":
            assert documents, code
        for document in documents:
            assert document["code"] and document["name_ru"] and document["name_kk"] and document["name_en"]


def test_scholarships_awards_and_medical_examinations(db):
    run_all()
    scholarships = _options(db, vocab.SCHOLARSHIP_TYPE)
    exempt = {"1_1", "1_2", "2_2", "5_1", "11_1", "12_1", "15_1", "17_1", "17_2"}  # req §5
    assert exempt < set(scholarships)
    for code, row in scholarships.items():
        assert row.additional_data["code"] == code
        assert row.additional_data["valid_till_exempt"] is (code in exempt)
    assert {"altyn_belgi", "international_olympiad", "republican_olympiad"} <= set(_options(db, vocab.AWARD_TYPE))

    exams = list(_options(db, vocab.EXAMINATION_TYPE).values())
    assert [row for row in exams if row.additional_data.get("code") == "063"][0].name_ru.endswith("063/у)")
    assert any(row.additional_data.get("code") == "075" for row in exams)
    assert len([row for row in exams if row.additional_data.get("issuer_omitted")]) == 1
    assert len(exams) >= 3  # regular bachelors need 3 examinations (§9)


def test_educational_programs_belong_to_study_programs_and_degrees(db):
    run_all()
    families = {row.id: row for row in db.session.scalars(select(StudyProgram))}
    programs = _options(db, vocab.EDUCATIONAL_PROGRAM)
    prefixes = {"bachelor": "6B", "master": "7M", "doctoral": "8D"}
    for code, program in programs.items():
        data = program.additional_data
        assert re.fullmatch(r"(6B|7M|8D)\d{5}", code)
        assert code.startswith(prefixes[data["degree"]])
        assert data["study_programs"] and data["study_program_id"] == data["study_programs"][0]
        assert all(families[family_id].degree == data["degree"] for family_id in data["study_programs"])
    assert programs["6B04101"].name_ru == "6B04101 Экономика"
    assert {"7M04101", "8D04101"} <= set(programs)
    assert sum(1 for row in programs.values() if row.additional_data["disabled"]) >= 2
    covered = {family_id for row in programs.values() for family_id in row.additional_data["study_programs"]}
    assert covered == set(families)  # every study program family offers at least one educational program


def test_kato_tree_of_regions_and_districts(db):
    run_all()
    nodes = {node.code: node for node in db.session.scalars(select(Kato))}
    assert all(re.fullmatch(r"\d{9}", code) for code in nodes)
    regions = {code: node for code, node in nodes.items() if node.parent_id is None}
    assert len(regions) == 20 and all(node.level == 1 for node in regions.values())
    assert {"100000000", "330000000", "620000000"} <= set(regions)  # Abai, Zhetysu, Ulytau
    assert {regions[c].name_en for c in ("710000000", "750000000", "790000000")} == {"Astana", "Almaty", "Shymkent"}
    by_id = {node.id: node for node in nodes.values()}
    for code, node in nodes.items():
        assert node.name_ru and node.name_kk
        if node.parent_id is not None:
            parent = by_id[node.parent_id]
            assert node.level == 2 and parent.code == code[:2] + "0000000"
    almaty_districts = [node for node in nodes.values() if node.parent_id == regions["750000000"].id]
    assert len(almaty_districts) == 8
    assert all(len([n for n in nodes.values() if n.parent_id == region.id]) >= 2 for region in regions.values())


def test_institutions_cover_every_region(db):
    run_all()
    regions = {node.name_ru: node for node in db.session.scalars(select(Kato).where(Kato.level == 1))}
    institutions = db.session.scalars(select(EducationalInstitution)).all()
    for name in regions:
        assert len([row for row in institutions if row.region == name]) >= 2, name
    for row in institutions:
        district = db.session.get(Kato, row.kato_id)
        assert district.code[:2] == regions[row.region].code[:2]
        assert row.district == district.name_ru
        assert row.type in {"school", "college", "university"}


def test_seed_keeps_changed_names_and_imported_rows(db):
    run_all()
    option = db.session.scalar(select(SelectOption).filter_by(type=vocab.MARITAL_STATUS, code="married"))
    option.name_ru = "Состоит в браке"
    extra = Kato(code="751710100", name_ru="Посёлок", name_kk="Кент", name_en="", level=3)
    db.session.add(extra)
    db.session.commit()
    run_all()
    db.session.refresh(option)
    assert option.name_ru == "Состоит в браке"
    assert db.session.scalar(select(Kato).filter_by(code="751710100")) is not None


def _counts(db) -> dict:
    return {model.__name__: db.session.scalar(select(func.count()).select_from(model)) for model in SEEDED_MODELS}


def test_reseeding_keeps_admin_edits_and_deletions(client, db, factories):
    """Audit 3 gap 3: `make start` seeds on every start; what admins curate through /universal must survive it."""
    run_all()
    counts = _counts(db)
    admin = factories.auth_headers(factories.admin())

    def call(model, action, body):
        response = client.post(f"/api/v1/universal/{model}/{action}", json=body, headers=admin)
        assert response.status_code == 200, response.get_json()
        return response.get_json()

    dba = db.session.scalar(select(StudyProgram).filter_by(code="dba"))
    economics = _options(db, vocab.EDUCATIONAL_PROGRAM)["6B04101"]
    married = _options(db, vocab.MARITAL_STATUS)["married"]
    widowed = _options(db, vocab.MARITAL_STATUS)["widowed"]
    almaty = db.session.scalar(select(Kato).filter_by(code="750000000"))
    kazakhstan = db.session.scalar(select(Citizenship).filter_by(code="KZ"))
    call(
        "StudyProgram",
        "update",
        {"update": {"additional_data": {"is_hidden": True}, "name_en": "DBA (closed)"}, "filters": {"id": dba.id}},
    )
    call(
        "SelectOption",
        "update",
        {
            "update": {"additional_data": {**economics.additional_data, "disabled": True}, "order": 99},
            "filters": {"id": economics.id},
        },
    )
    call("SelectOption", "update", {"update": {"name_ru": "Состоит в браке"}, "filters": {"id": married.id}})
    call("Kato", "update", {"update": {"name_en": "Almaty city"}, "filters": {"id": almaty.id}})
    call("Citizenship", "update", {"update": {"order": 5}, "filters": {"id": kazakhstan.id}})
    call("SelectOption", "delete", {"filters": {"id": widowed.id}})
    db.session.expire_all()

    run_all()
    run_all()
    db.session.expire_all()
    assert db.session.get(StudyProgram, dba.id).additional_data == {"is_hidden": True}
    assert db.session.get(StudyProgram, dba.id).name_en == "DBA (closed)"
    economics = db.session.get(SelectOption, economics.id)
    assert economics.additional_data["disabled"] is True and economics.order == 99
    assert db.session.get(SelectOption, married.id).name_ru == "Состоит в браке"
    assert db.session.get(Kato, almaty.id).name_en == "Almaty city"
    assert db.session.get(Citizenship, kazakhstan.id).order == 5
    assert "widowed" not in _options(db, vocab.MARITAL_STATUS)
    assert _counts(db) == {**counts, "SelectOption": counts["SelectOption"] - 1}


def test_seed_survives_a_malformed_kato_code_in_the_database(db):
    """Audit 3 gap 2: a node with a bad code (written before codes were checked) must not break `flask seed`."""
    run_all()
    for code in ("abc", "12", "7500000٧٥"):
        db.session.add(Kato(code=code, name_ru=f"Плохой {code}", name_kk="", name_en="", level=1))
    db.session.commit()
    run_all()
    bad = db.session.scalars(select(Kato).where(Kato.name_ru.like("Плохой%"))).all()
    assert len(bad) == 3 and all(node.parent_id is None for node in bad)


def test_citizenships_cover_every_country_in_three_languages(db):
    """Issue 2: every country with names in ru/kk/en, plus the exact label the client routes citizens by (§2, §6)."""
    run_all()
    rows = db.session.scalars(select(Citizenship)).all()
    assert len(rows) >= 190  # the UN members and observers at least
    assert all(row.name_ru.strip() and row.name_kk.strip() and row.name_en.strip() for row in rows)
    assert len({row.name_ru for row in rows}) == len(rows)
    kazakhstan = [row for row in rows if row.name_en == "Citizen of the Republic of Kazakhstan"]
    assert len(kazakhstan) == 1
    assert {"DE", "RU", "CN", "UZ", "KG", "TR", "US", "AX"} <= {row.code for row in rows}
    # Issue 10: territories nobody is a citizen of are not offered.
    assert not {"AQ", "BV", "HM", "TF", "GS", "UM", "IO"} & {row.code for row in rows}
    assert all(row.selectable for row in rows)
    assert db.session.scalar(select(func.count()).select_from(Gender)) >= 2
