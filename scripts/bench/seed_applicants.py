"""Bench data: N applicants (default 50,000) with realistic answers, documents metadata and queue summaries.

Half are citizens of Kazakhstan (valid IINs, +7 phones, UNT scores, social categories, the home-country steps),
half foreign applicants from a dozen countries (passports, dormitory need, country of residence, the foreign
steps); their applications are spread over the §4 stages and the last 60 days. Rows go in with bulk INSERTs in
chunks (explicit ids, sequences moved on afterwards), and the queue summaries are built by the same pure function
a save uses (services/application_summary.summarize), so searches and filters behave as in production.

    .venv/bin/flask --app server db upgrade
    .venv/bin/python scripts/bench/seed_applicants.py [--count 50000] [--database-url postgresql://...]

Appends to the database named (DATABASE_URL by default); it never deletes anything. scripts/bench/admin_queue.py
imports `seed()` to fill a throw-away database of its own.
"""

from __future__ import annotations

import argparse
import os
import random
import secrets
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

CHUNK = 2_000
PASSWORD = "bench-password"

KZ_LAST = (
    "Ахметов",
    "Жақсыбеков",
    "Нурланов",
    "Сейтказин",
    "Омаров",
    "Бекболатов",
    "Искаков",
    "Тулегенов",
    "Касымов",
    "Абенов",
    "Мусин",
    "Садыков",
    "Ержанов",
    "Кенжебаев",
    "Туребеков",
    "Смагулов",
)
KZ_FIRST_M = ("Айдар", "Нурсултан", "Ерлан", "Данияр", "Арман", "Алихан", "Темирлан", "Бауыржан")
KZ_FIRST_F = ("Айгерим", "Мадина", "Дана", "Жанна", "Алия", "Асель", "Камила", "Томирис")
FOREIGN_LAST = (
    "Karimov",
    "Rakhimova",
    "Usmonov",
    "Li",
    "Wang",
    "Kim",
    "Smith",
    "Müller",
    "Rossi",
    "Tashiev",
    "Abdullaev",
    "Nazarova",
    "Petrov",
    "Singh",
    "Khan",
    "Ali",
)
FOREIGN_FIRST = (
    "Timur",
    "Aziz",
    "Dilnoza",
    "Mei",
    "Jun",
    "Anna",
    "Ahmed",
    "Fatima",
    "Sardor",
    "Nigora",
    "Maria",
    "Luca",
    "Olga",
    "Ravi",
    "Sara",
    "Omar",
)
MAILBOX_NAMES = (
    "aigerim",
    "nurlan",
    "dana",
    "timur",
    "madina",
    "aziz",
    "student",
    "erlan",
    "kamila",
    "mei",
    "anna",
    "ahmed",
    "daniyar",
    "asel",
    "sardor",
    "olga",
)
MAIL_DOMAINS = ("gmail.com", "mail.ru", "mail.kz", "yandex.kz", "inbox.ru", "outlook.com")


def _kz_citizenship_id(db) -> int:
    from sqlalchemy import select

    from server.models import KAZAKHSTAN_CITIZENSHIP_EN, Citizenship

    return db.session.scalar(select(Citizenship.id).where(Citizenship.name_en == KAZAKHSTAN_CITIZENSHIP_EN))


def _foreign_citizenship_ids(db) -> list[int]:
    from sqlalchemy import select

    from server.models import KAZAKHSTAN_CITIZENSHIP_EN, Citizenship

    ids = list(db.session.scalars(select(Citizenship.id).where(Citizenship.name_en != KAZAKHSTAN_CITIZENSHIP_EN)))
    return ids[:30]


def reference_data(db) -> None:
    """What the answers point at: citizenships, study programs, option lists, the current term (idempotent)."""
    from server.seed import reference, select_options, terms

    reference.seed_citizenships()
    reference.seed_study_programs()
    select_options.seed_select_options()
    terms.seed_terms()
    db.session.commit()


def _options(db) -> dict[str, list[int]]:
    from sqlalchemy import select

    from server.models import SelectOption

    out: dict[str, list[int]] = {}
    for row in db.session.execute(select(SelectOption.type, SelectOption.id).order_by(SelectOption.id)):
        out.setdefault(row.type, []).append(row.id)
    return out


def _iin(rng: random.Random, birth: datetime, female: bool) -> str:
    from server.forms import iin_check_digit

    century_sex = (6 if female else 5) if birth.year >= 2000 else (4 if female else 3)
    while True:
        first11 = f"{birth:%y%m%d}{century_sex}{rng.randrange(10_000):04d}"
        check = iin_check_digit(first11)
        if check is not None:
            return first11 + str(check)


def _next_id(db, table) -> int:
    from sqlalchemy import func, select

    return (db.session.scalar(select(func.max(table.c.id))) or 0) + 1


def _file(rng, owner_id, application_id, form_key, field, name, content_type, files: list) -> dict:
    file_id = secrets.token_hex(16)
    size = rng.randrange(40_000, 2_000_000)
    files.append(
        {
            "id": file_id,
            "owner_id": owner_id,
            "uploaded_by_id": owner_id,
            "application_id": application_id,
            "form_key": form_key,
            "field": field,
            "kind": "image" if content_type.startswith("image/") else "document",
            "storage_key": f"bench/{file_id}",
            "original_name": name,
            "content_type": content_type,
            "size": size,
            "sha256": "0" * 64,
        }
    )
    return {"id": file_id, "name": name, "content_type": content_type, "size": size, "url": f"/api/v1/files/{file_id}"}


def _answers(rng, kz: bool, user_id: int, application_id: int, options, files: list, last, first) -> dict:
    pick = lambda kind: rng.choice(options[kind]) if options.get(kind) else None  # noqa: E731
    female = first in KZ_FIRST_F or first in ("Dilnoza", "Mei", "Anna", "Fatima", "Nigora", "Maria", "Olga", "Sara")
    birth = datetime(2002, 1, 1) + timedelta(days=rng.randrange(3 * 365))
    photo = _file(rng, user_id, application_id, "main", "profile_image", "photo.jpg", "image/jpeg", files)
    dorm = rng.choice(("Да", "Нет", "Нет"))
    if kz:
        main = {
            "profile_image": photo,
            "last_name": last + ("а" if female and last[-2:] in ("ов", "ев", "ин") else ""),
            "first_name": first,
            "iin": _iin(rng, birth, female),
            "date_of_birth": f"{birth:%Y-%m-%d}",
            "gender": 2 if female else 1,
            "marital_status": pick("fillStepMainInfo_marital_status"),
            "nationality": pick("fillStepMainInfo_nationality"),
            "email": f"{user_id}@mail.kz",
            "phone_number": f"+7701{rng.randrange(10**7):07d}",
        }
        categories = [pick("fillStepSocialCategories_social_category")] if rng.random() < 0.3 else []
        education = _file(
            rng,
            user_id,
            application_id,
            "documentsSelfUpload",
            "education_document",
            "attestat.pdf",
            "application/pdf",
            files,
        )
        unt = _file(
            rng, user_id, application_id, "documentsSelfUpload", "unt_document", "ent.pdf", "application/pdf", files
        )
        return {
            "fillStepMainInfoLocal": main,
            "fillStepAdditionalInfoLocal": {"need_dorm": dorm, "residence_address": "г. Алматы, Алмалинский район"},
            "fillStepTestScoreUnt": {"unt_score": rng.randrange(50, 140), "document_number": "1-2345-678901234-56-7"},
            "fillStepSocialCategories": {"social_categories": [c for c in categories if c]},
            "documentsSelfUpload": {"education_document": education, "unt_document": unt},
        }
    main = {
        "profile_image": photo,
        "last_name": last,
        "first_name": first,
        "date_of_birth": f"{birth:%Y-%m-%d}",
        "gender": 2 if female else 1,
        "nationality": pick("fillStepMainInfo_nationality"),
        "email": f"{user_id}@example.com",
        "phone_number": f"+99890{rng.randrange(10**7):07d}",
        "passport_number": f"AB{rng.randrange(10**7):07d}",
        "birthplace": "Tashkent",
        "residential_address": "Tashkent, Chilonzor 12",
    }
    passport = _file(
        rng, user_id, application_id, "fillStepDocumentsFiles", "passport", "passport.pdf", "application/pdf", files
    )
    diploma = _file(
        rng,
        user_id,
        application_id,
        "fillStepDocumentsFiles",
        "proof_of_education",
        "diploma.pdf",
        "application/pdf",
        files,
    )
    return {
        "fillStepMainInfo": main,
        "fillStepAdditionalInfo": {
            "need_dorm": dorm,
            "social_category": pick("fillStepSocialCategories_social_category"),
        },
        "fillStepImmigration": {"country_of_residence": pick("fillStepImmigration_country_of_residence")},
        "fillStepDocumentsFiles": {"passport": passport, "proof_of_education": diploma},
    }


def _stage(rng, kz: bool) -> dict:
    """current_step, status, financing spread over the §4 queues."""
    if kz:
        financing = "scholarship" if rng.random() < 0.4 else "paid"
        step = rng.choice((1, 2, 3, 4, 4, 5, 5, 5, 6, 6, 7, 8, 8))
        if step == 8 and financing == "scholarship" and rng.random() < 0.5:
            step = 10
        return {"current_step": step, "status": None, "financing": financing}
    status = rng.choice((None, 0, 0, 0, 0, 1, 1, 2, 3, -1))
    return {"current_step": 4 if status is not None else 1, "status": status, "financing": "paid"}


def seed(db, count: int = 50_000, seed_value: int = 2025, progress=print, kz_share: float = 0.5) -> None:
    """Adds `count` applicants with one application each (plus a few second applications) and their answers;
    `kz_share` of them citizens of Kazakhstan (the export bench seeds one population only)."""
    from sqlalchemy import select, text

    from server.applications.summary import summarize
    from server.models import Application, ApplicationSummary, StoredFile, StudyProgram, Term, User, UserData
    from server.security import hash_password

    rng = random.Random(seed_value)
    reference_data(db)
    options = _options(db)
    kz_id, foreign_ids = _kz_citizenship_id(db), _foreign_citizenship_ids(db)
    programs = list(db.session.scalars(select(StudyProgram.id)))
    term_id = db.session.scalar(select(Term.id).order_by(Term.year.desc()).limit(1))
    password_hash = hash_password(PASSWORD)
    now = datetime.now(UTC)
    user_id = _next_id(db, User.__table__)
    application_id = _next_id(db, Application.__table__)
    item_id = _next_id(db, UserData.__table__)
    started = time.perf_counter()
    for chunk_start in range(0, count, CHUNK):
        users, applications, items, summaries, files = [], [], [], [], []
        for _ in range(min(CHUNK, count - chunk_start)):
            kz = rng.random() < kz_share
            if kz:
                last, first = rng.choice(KZ_LAST), rng.choice(KZ_FIRST_M + KZ_FIRST_F)
            else:
                last, first = rng.choice(FOREIGN_LAST), rng.choice(FOREIGN_FIRST)
            email = f"{rng.choice(MAILBOX_NAMES)}.{user_id}@{rng.choice(MAIL_DOMAINS)}"
            created = now - timedelta(days=rng.randrange(60), seconds=rng.randrange(86_400))
            users.append(
                {
                    "id": user_id,
                    "email": email,
                    "password_hash": password_hash,
                    "is_verified": True,
                    "is_pkb_data_request_completed": kz,
                    "is_exempted_from_payment": False,
                    "citizenship_id": kz_id if kz else rng.choice(foreign_ids),
                    "created_at": created,
                }
            )
            stage = _stage(rng, kz)
            submitted = stage["current_step"] >= 4
            applications.append(
                {
                    "id": application_id,
                    "user_id": user_id,
                    "term_id": term_id,
                    "study_program_id": rng.choice(programs),
                    "is_exempted_from_payment": False,
                    "created_at": created,
                    "updated_at": created,
                    "submitted_at": created + timedelta(hours=rng.randrange(1, 48)) if submitted else None,
                    **stage,
                }
            )
            answers = _answers(rng, kz, user_id, application_id, options, files, last, first)
            for form_key, data in answers.items():
                items.append(
                    {
                        "id": item_id,
                        "user_id": user_id,
                        "application_id": application_id,
                        "term_id": term_id,
                        "type": form_key,
                        "data": data,
                        "created_at": created,
                        "updated_at": created,
                    }
                )
                item_id += 1
            summaries.append(
                {"application_id": application_id, **summarize(answers, email=email, first_name=None, last_name=None)}
            )
            user_id += 1
            application_id += 1
        db.session.execute(User.__table__.insert(), users)
        db.session.execute(Application.__table__.insert(), [{"version": 1, **a} for a in applications])
        db.session.execute(UserData.__table__.insert(), items)
        db.session.execute(StoredFile.__table__.insert(), files)
        db.session.execute(ApplicationSummary.__table__.insert(), [{"updated_at": now, **s} for s in summaries])
        db.session.commit()
        progress(f"  {chunk_start + len(users):>7} applicants ({time.perf_counter() - started:.0f} s)")
    if db.session.get_bind().dialect.name == "postgresql":
        for table in ("users", "applications", "user_data"):
            db.session.execute(text(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), max(id)) FROM {table}"))
        db.session.commit()
        # What autovacuum would do a little later: statistics for the planner, and the GIN trigram index's pending
        # list merged (bulk inserts park new entries there; until merged, trigram searches look costly).
        with db.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
            connection.execute(text("VACUUM ANALYZE"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=50_000)
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL"))
    args = parser.parse_args()
    from server import create_app
    from server.config import Config
    from server.extensions import db

    overrides = {"APP_ENV": "development", "LOG_LEVEL": "WARNING"}  # bench accounts: never a production install
    if args.database_url:
        overrides["SQLALCHEMY_DATABASE_URI"] = args.database_url.replace("postgres://", "postgresql://", 1)
    app = create_app(Config(**overrides))
    with app.app_context():
        seed(db, args.count)
    print(f"seeded {args.count} applicants; password of every bench account: {PASSWORD}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
