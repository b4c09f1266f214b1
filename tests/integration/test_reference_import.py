"""import-kato and import-institutions: official layouts load, re-imports change nothing, bad files import nothing."""

from __future__ import annotations

import csv

import pytest
from openpyxl import Workbook
from sqlalchemy import func, select

from server.models import EducationalInstitution, Kato
from server.reference.imports import ImportFailed, import_institutions, import_kato
from server.seed import run_all

KATO_HEADER = ["te", "ab", "cd", "ef", "hij", "k", "name_kaz", "name_rus", "nn"]
# An excerpt of the official classifier (Akmola region), as stat.gov.kz publishes it.
KATO_SAMPLE = [
    (110000000, "Ақмола облысы", "Акмолинская область"),
    (111000000, "Көкшетау Қ.Ә.", "Кокшетау Г.А."),
    (111010000, "Көкшетау қ.", "г.Кокшетау"),
    (111033000, "Красноярка а.о.", "Красноярский с.о."),
    (111033100, "Красный Яр а.", "с.Красный Яр"),
    (111033300, "Қызылжұлдыз а.", "с.Кызылжулдуз"),
    (113200000, "Ақкөл ауданы", "Аккольский район"),
    (113220000, "Ақкөл қ.ә.", "Аккольская г.а."),
    (113220100, "Ақкөл қ.", "г.Акколь"),
    (113247107, "Филипповка а.", "с.Филипповка"),
    (113247100, "Наумовка а.", "с.Наумовка"),
    (113247000, "Наумовка а.о.", "Наумовский с.о."),
]


def _kato_row(code: int, name_kk: str, name_ru: str, k: int = 1) -> list:
    text = str(code)
    return [code, text[:2], text[2:4], text[4:6], text[6:], k, name_kk, name_ru, None]


def _xlsx(path, header, rows):
    workbook = Workbook()
    sheet = workbook.active
    sheet.append(header)
    for row in rows:
        sheet.append(list(row))
    workbook.save(path)
    return path


def _kato_file(tmp_path, rows=KATO_SAMPLE, name="kato.xlsx"):
    return _xlsx(tmp_path / name, KATO_HEADER, [_kato_row(*row) for row in rows])


def _count(db, model) -> int:
    return db.session.scalar(select(func.count()).select_from(model))


def _node(db, code: str) -> Kato:
    return db.session.scalar(select(Kato).filter_by(code=code))


# ------------------------------------------------------------------------------------------------------------ KATO


def test_kato_import_builds_the_tree_from_the_codes(db, tmp_path):
    result = import_kato(_kato_file(tmp_path))
    assert (result.created, result.updated, result.unchanged) == (len(KATO_SAMPLE), 0, 0)
    chain, node = [], _node(db, "111033100")
    while node is not None:
        chain.append((node.code, node.level))
        node = db.session.get(Kato, node.parent_id) if node.parent_id else None
    assert chain == [("111033100", 4), ("111033000", 3), ("111000000", 2), ("110000000", 1)]
    # A settlement inside a settlement (HIJ 107 under 100) and rows listed before their parents.
    assert db.session.get(Kato, _node(db, "113247107").parent_id).code == "113247100"
    assert db.session.get(Kato, _node(db, "113247000").parent_id).code == "113200000"
    assert _node(db, "111010000").name_kk == "Көкшетау қ." and _node(db, "111010000").name_ru == "г.Кокшетау"


def test_kato_reimport_changes_nothing(db, tmp_path):
    path = _kato_file(tmp_path)
    import_kato(path)
    before = [
        (n.id, n.code, n.parent_id, n.level, n.name_ru) for n in db.session.scalars(select(Kato).order_by(Kato.id))
    ]
    result = import_kato(path)
    assert (result.created, result.updated, result.unchanged) == (0, 0, len(KATO_SAMPLE))
    db.session.expire_all()
    after = [
        (n.id, n.code, n.parent_id, n.level, n.name_ru) for n in db.session.scalars(select(Kato).order_by(Kato.id))
    ]
    assert after == before


def test_kato_import_over_the_seed_updates_by_code_and_keeps_or_prunes_the_rest(db, tmp_path):
    run_all()
    seeded = _count(db, Kato)
    institution = db.session.scalar(
        select(EducationalInstitution).filter_by(name="Университет имени Шакарима города Семей")
    )
    assert _node(db, "101000000").id == institution.kato_id
    rows = KATO_SAMPLE + [(750000000, "Алматы қ.", "Алматы"), (751710000, "Медеу ауданы", "Медеуский район")]
    result = import_kato(_kato_file(tmp_path, rows))
    # 110000000, 111000000, 113200000, 750000000 and 751710000 exist in the seed; two of them get the file's names.
    assert (result.created, result.updated, result.unchanged) == (len(KATO_SAMPLE) - 3, 2, 3)
    assert result.absent == seeded - 5
    almaty = _node(db, "750000000")
    assert (almaty.name_ru, almaty.name_en) == ("Алматы", "Almaty")  # updated in place; English name kept
    assert _count(db, Kato) == seeded + len(KATO_SAMPLE) - 3
    assert _node(db, "111033000").parent_id == _node(db, "111000000").id

    result = import_kato(_kato_file(tmp_path, rows, "full.xlsx"), prune=True)
    assert result.pruned == seeded - 5
    assert _count(db, Kato) == len(rows)
    db.session.refresh(institution)
    assert institution.kato_id is None  # Semey is not in the file: the link is dropped, the institution stays


def test_kato_import_survives_a_malformed_code_already_in_the_database(app, db, tmp_path):
    """Audit 3 gap 2: one bad node (written before codes were checked) used to crash every import with IndexError."""
    for code in ("abc", "1", "11000000x"):
        db.session.add(Kato(code=code, name_ru=f"Плохой {code}", name_kk="", name_en="", level=1))
    db.session.commit()
    path = _kato_file(tmp_path)
    result = import_kato(path)
    assert result.created == len(KATO_SAMPLE) and result.skipped == 3
    assert _node(db, "111033100").level == 4
    result = import_kato(path, prune=True)
    assert result.skipped == 3 and _node(db, "abc") is not None  # left as it is, for an admin to fix
    outcome = app.test_cli_runner().invoke(args=["import-kato", str(path)])
    assert outcome.exit_code == 0, outcome.output


@pytest.mark.parametrize("te", ["١١٠٠٠٠٠٠٠", "11000000²", "１１００００００１"])
def test_kato_import_reports_codes_that_are_not_ascii_digits(db, tmp_path, te):
    path = _xlsx(
        tmp_path / "bad.xlsx",
        KATO_HEADER,
        [
            [110000000, "11", "00", "00", "000", 0, "Ақмола облысы", "Акмолинская область", None],
            [te, "", "", "", "", 1, "Жаман", "Плохой", None],
        ],
    )
    with pytest.raises(ImportFailed) as failure:
        import_kato(path)
    assert failure.value.key == "reference_import.row_errors"
    assert [e.key for e in failure.value.errors] == ["reference_import.bad_kato_code"]
    assert failure.value.errors[0].params["row"] == 3
    assert _count(db, Kato) == 0


def test_kato_import_accepts_the_code_split_into_parts(db, tmp_path):
    path = _xlsx(
        tmp_path / "parts.xlsx",
        KATO_HEADER,
        [
            ["", "11", "00", "00", "000", 0, "Ақмола облысы", "Акмолинская область", None],
            ["", 11, 32, 0, 0, 1, "Ақкөл ауданы", "Аккольский район", None],
        ],
    )
    import_kato(path)
    assert db.session.get(Kato, _node(db, "113200000").parent_id).code == "110000000"


def test_kato_command(app, db, tmp_path):
    runner = app.test_cli_runner()
    result = runner.invoke(args=["import-kato", str(_kato_file(tmp_path)), "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert f"KATO: {len(KATO_SAMPLE)} added, 0 updated, 0 unchanged" in result.output
    result = runner.invoke(args=["import-kato", str(_kato_file(tmp_path))])
    assert "КАТО: добавлено 0, обновлено 0, без изменений" in result.output


@pytest.mark.parametrize(
    "header,expected",
    [
        (["te", "ab", "cd", "ef", "hij", "k", "name_kaz"], "name_rus"),
        (["code", "name"], "te, ab, cd, ef, hij, k, name_kaz, name_rus"),
    ],
)
def test_kato_file_without_the_official_columns_imports_nothing(app, db, tmp_path, header, expected):
    path = _xlsx(tmp_path / "bad.xlsx", header, [[110000000, 11, 0, 0, 0, 0, "Ақмола облысы"]])
    with pytest.raises(ImportFailed) as failure:
        import_kato(path)
    assert failure.value.key == "reference_import.missing_columns"
    assert expected in failure.value.message("en")
    result = app.test_cli_runner().invoke(args=["import-kato", str(path), "--lang", "en"])
    assert result.exit_code == 1
    assert "The file lacks required columns" in result.output
    assert _count(db, Kato) == 0


def test_kato_file_with_a_bad_row_imports_nothing(app, db, tmp_path):
    rows = [
        _kato_row(*KATO_SAMPLE[0]),
        [12345, "", "", "", "", 1, "Қате", "Ошибка", None],
        [111000000, 11, 10, 0, 0, 1, "Көкшетау", "", None],
    ]
    path = _xlsx(tmp_path / "rows.xlsx", KATO_HEADER, rows)
    with pytest.raises(ImportFailed) as failure:
        import_kato(path)
    messages = [error.message("en") for error in failure.value.errors]
    assert messages == ["Row 3: KATO code '12345' must consist of 9 digits", "Row 4: column 'name_rus' is empty"]
    result = app.test_cli_runner().invoke(args=["import-kato", str(path), "--lang", "ru"])
    assert result.exit_code == 1
    assert "Строка 3: код КАТО «12345» должен состоять из 9 цифр" in result.output
    assert "Ничего не загружено" in result.output
    assert _count(db, Kato) == 0


@pytest.mark.parametrize(
    "name,content,key",
    [
        ("kato.txt", b"te;name_rus\n", "reference_import.unsupported_file"),
        ("kato.xlsx", b"te,ab,cd\n1,2,3\n", "reference_import.unreadable_file"),
        ("kato.csv", b"\xff\xfe\x00\x00binary", "reference_import.unreadable_file"),
        ("kato.csv", b"", "reference_import.empty_file"),
        ("kato.csv", b"te,ab,cd,ef,hij,k,name_kaz,name_rus\n", "reference_import.empty_file"),
    ],
)
def test_kato_wrong_file_type_imports_nothing(db, tmp_path, name, content, key):
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(ImportFailed) as failure:
        import_kato(path)
    assert failure.value.key == key
    assert _count(db, Kato) == 0


def test_kato_missing_file(app, db, tmp_path):
    result = app.test_cli_runner().invoke(args=["import-kato", str(tmp_path / "absent.xlsx"), "--lang", "en"])
    assert result.exit_code == 1
    assert "not found" in result.output


# ---------------------------------------------------------------------------------------- educational institutions

INSTITUTION_ROWS = [
    [
        "Назарбаев Интеллектуальная школа г. Кокшетау",
        "Акмолинская область",
        "г. Кокшетау",
        "мкр. Сарыарка, 1",
        "school",
        "111010000",
    ],
    [
        "Кокшетауский университет имени Ш. Уалиханова",
        "Акмолинская область",
        "г. Кокшетау",
        "ул. Абая, 76",
        "университет",
        "",
    ],
    ["Аккольский аграрный колледж", "Акмолинская область", "Аккольский район", "г. Акколь", "Колледж", "113220100"],
]


def _institutions_csv(
    path, rows=INSTITUTION_ROWS, header=("name", "region", "district", "address", "type", "kato_code"), delimiter=","
):
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, delimiter=delimiter)
        writer.writerow(header)
        writer.writerows(rows)
    return path


def test_institutions_csv_import_and_reimport(app, db, tmp_path):
    import_kato(_kato_file(tmp_path))
    path = _institutions_csv(tmp_path / "institutions.csv")
    result = import_institutions(path)
    assert (result.created, result.updated, result.unchanged) == (3, 0, 0)
    rows = {row.name: row for row in db.session.scalars(select(EducationalInstitution))}
    school = rows["Назарбаев Интеллектуальная школа г. Кокшетау"]
    assert (school.region, school.district, school.type) == ("Акмолинская область", "г. Кокшетау", "school")
    assert school.kato_id == _node(db, "111010000").id
    assert rows["Кокшетауский университет имени Ш. Уалиханова"].type == "university"
    assert rows["Кокшетауский университет имени Ш. Уалиханова"].kato_id is None
    assert rows["Аккольский аграрный колледж"].type == "college"

    result = app.test_cli_runner().invoke(args=["import-institutions", str(path), "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "Educational institutions: 0 added, 0 updated, 3 unchanged" in result.output
    assert _count(db, EducationalInstitution) == 3


def test_institutions_xlsx_import_with_russian_headers(db, tmp_path):
    import_kato(_kato_file(tmp_path))
    path = _xlsx(
        tmp_path / "register.xlsx",
        ["Регион", "Район/город", "Наименование", "Адрес", "Тип", "КАТО"],
        [[row[1], row[2], row[0], row[3], row[4], int(row[5]) if row[5] else None] for row in INSTITUTION_ROWS],
    )
    result = import_institutions(path)
    assert result.created == 3
    college = db.session.scalar(select(EducationalInstitution).filter_by(name="Аккольский аграрный колледж"))
    assert college.kato_id == _node(db, "113220100").id
    # An address fix in the register updates the row found by (name, region).
    rows = [list(row) for row in INSTITUTION_ROWS]
    rows[2][3] = "г. Акколь, ул. Нариманова, 1"
    result = import_institutions(_institutions_csv(tmp_path / "fix.csv", rows, delimiter=";"))
    assert (result.created, result.updated, result.unchanged) == (0, 1, 2)
    db.session.refresh(college)
    assert college.address == "г. Акколь, ул. Нариманова, 1"
    assert _count(db, EducationalInstitution) == 3


def test_institutions_file_without_required_columns_imports_nothing(app, db, tmp_path):
    path = _institutions_csv(tmp_path / "bad.csv", [["Школа № 1", "г. Кокшетау"]], header=("name", "district"))
    result = app.test_cli_runner().invoke(args=["import-institutions", str(path), "--lang", "en"])
    assert result.exit_code == 1
    assert "The file lacks required columns: region" in result.output
    assert _count(db, EducationalInstitution) == 0


def test_institutions_bad_rows_import_nothing(app, db, tmp_path):
    rows = INSTITUTION_ROWS[:1] + [
        ["Школа № 2", "Акмолинская область", "", "", "кружок", ""],
        ["", "Акмолинская область", "", "", "school", ""],
        ["Школа № 3", "Акмолинская область", "", "", "school", "12"],
        ["Школа № 4", "Акмолинская область", "", "", "school", "999999999"],
    ]
    path = _institutions_csv(tmp_path / "rows.csv", rows)
    with pytest.raises(ImportFailed) as failure:
        import_institutions(path)
    messages = [error.message("en") for error in failure.value.errors]
    assert messages[0] == "Row 2: KATO code '111010000' is not in the classifier (run import-kato first)"
    assert messages[1].startswith("Row 3: unknown institution type 'кружок' (allowed: school, college, university")
    assert messages[2:] == [
        "Row 4: column 'name' is empty",
        "Row 5: KATO code '12' must consist of 9 digits",
        "Row 6: KATO code '999999999' is not in the classifier (run import-kato first)",
    ]
    result = app.test_cli_runner().invoke(args=["import-institutions", str(path), "--lang", "kk"])
    assert result.exit_code == 1 and "Ештеңе жүктелмеді" in result.output
    assert _count(db, EducationalInstitution) == 0


@pytest.mark.parametrize("name,content", [("list.docx", b"PK\x03\x04"), ("list.xlsx", b"name,region\n")])
def test_institutions_wrong_file_type_imports_nothing(db, tmp_path, name, content):
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(ImportFailed) as failure:
        import_institutions(path)
    assert failure.value.key in {"reference_import.unsupported_file", "reference_import.unreadable_file"}
    assert _count(db, EducationalInstitution) == 0
