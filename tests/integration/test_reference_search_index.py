"""Reference-data searches are served by trigram indexes on PostgreSQL (issue 12 "Performance", decision 0040).

The plan tests capture the SQL the real endpoints run (the /universal `ilike` filter, /kato/nodes?q=,
/institutions/search) and EXPLAIN it on PostgreSQL with the plans that read a whole table priced out
(`enable_seqscan` and `enable_indexscan` off: a sequential scan, or a walk of a whole btree index for its order, which
the planner may prefer on a test-sized table): a query that the trigram indexes can serve shows a Bitmap Index Scan on
them, while one they cannot serve (the former `lower(col) LIKE lower('%…%')`) still shows a Seq Scan. Skipped on
SQLite, which has no such index type. The folding test runs on both databases: Kazakh and Russian letters match
whatever their case.
"""

from __future__ import annotations

import re
from contextlib import contextmanager

import pytest
from sqlalchemy import event, text

from server.models import EducationalInstitution, Kato, SelectOption

from .universal_support import BASE, select_option

ROWS = 2_000


def _postgres_only(db):
    if db.engine.dialect.name != "postgresql":
        pytest.skip("trigram indexes exist on PostgreSQL only")


@contextmanager
def captured(db):
    """The (statement, parameters) pairs the app runs inside the block."""
    statements = []

    def listener(conn, cursor, statement, parameters, context, executemany):
        statements.append((statement, parameters))

    event.listen(db.engine, "before_cursor_execute", listener)
    try:
        yield statements
    finally:
        event.remove(db.engine, "before_cursor_execute", listener)


def _ready_for_planning(db, table: str) -> None:
    """What autovacuum does after a bulk load: the GIN pending list merged into the index, fresh statistics."""
    with db.engine.connect() as conn:
        conn.execution_options(isolation_level="AUTOCOMMIT").execute(text(f"VACUUM ANALYZE {table}"))


def plan_without_scans(db, statement: str, parameters) -> str:
    with db.engine.connect() as conn:
        with conn.begin():
            conn.exec_driver_sql("SET LOCAL enable_seqscan = off")
            conn.exec_driver_sql("SET LOCAL enable_indexscan = off")
            rows = conn.exec_driver_sql("EXPLAIN " + statement, parameters).all()
    return "\n".join(row[0] for row in rows)


def plans_of(db, statements, table: str) -> list[str]:
    found = [plan_without_scans(db, s, p) for s, p in statements if re.search(rf"\bFROM {table}\b", s)]
    assert found, f"no statement read {table}: {[s for s, _ in statements]}"
    return found


def _bulk(db, model, rows: list[dict]) -> None:
    db.session.execute(model.__table__.insert(), rows)
    db.session.commit()


def test_the_select_option_ilike_filter_is_served_by_the_names_trigram_index(client, db):
    _postgres_only(db)
    _bulk(
        db,
        SelectOption,
        [
            {
                "type": f"bench_{n % 5}",
                "code": f"c{n}",
                "name_ru": f"село {'Караколь' if n % 100 == 0 else 'Тастобе'} {n}",
                "name_kk": f"{'Қаракөл' if n % 100 == 0 else 'Тастөбе'} ауылы {n}",
                "name_en": f"{'Karakol' if n % 100 == 0 else 'Tastobe'} village {n}",
                "order": n % 7,
                "additional_data": {},
                "additional_count": 0,
            }
            for n in range(ROWS)
        ],
    )
    _ready_for_planning(db, "select_options")
    for field, query in (("name_ru", "каракол"), ("name_kk", "ҚАРАКӨЛ"), ("name_en", "karakol")):
        body = {"filters": {field: {"ilike": query}}, "paginate": {"page": 1, "size": 20}}
        with captured(db) as statements:
            response = client.post(f"{BASE}/SelectOption/find-paginate", json=body)
        assert response.status_code == 200, response.get_json()
        assert response.get_json()["total"] == ROWS // 100
        plans = plans_of(db, statements, "select_options")
        assert len(plans) == 1  # the page, its total as a window count
        for plan in plans:
            assert f"Bitmap Index Scan on ix_select_options_{field}_trgm" in plan, plan
            assert "Seq Scan" not in plan, plan


def test_the_former_lower_like_query_could_not_use_the_index(db):
    """The guard's other half: the same EXPLAIN shows a scan for `lower(col) LIKE …`, so the test above would fail
    if the DAO went back to it."""
    _postgres_only(db)
    select_option(db, name_ru="Караколь")
    _ready_for_planning(db, "select_options")
    plan = plan_without_scans(
        db,
        "SELECT id FROM select_options WHERE lower(name_ru) LIKE lower(%(q)s) ESCAPE '\\'",
        {"q": "%каракол%"},
    )
    assert "Seq Scan on select_options" in plan and "trgm" not in plan, plan


def test_the_kato_and_institution_pickers_are_served_by_trigram_indexes(client, db):
    _postgres_only(db)
    _bulk(
        db,
        Kato,
        [
            {
                "code": f"{710000000 + n}",
                "name_ru": f"{'Бостандыкский' if n % 100 == 0 else 'Медеуский'} район {n}",
                "name_kk": f"{'Бостандық' if n % 100 == 0 else 'Медеу'} ауданы {n}",
                "name_en": f"{'Bostandyk' if n % 100 == 0 else 'Medeu'} district {n}",
                "level": 2,
            }
            for n in range(ROWS)
        ],
    )
    _bulk(
        db,
        EducationalInstitution,
        [
            {
                "name": f"Школа-гимназия №{n}",
                "region": "Алматы" if n % 100 == 0 else "Астана",
                "district": "Бостандыкский" if n % 100 == 0 else "Есильский",
                "address": f"ул. {'Тимирязева' if n % 100 == 0 else 'Кенесары'}, {n}",
                "type": "school",
            }
            for n in range(ROWS)
        ],
    )
    _ready_for_planning(db, "kato")
    _ready_for_planning(db, "educational_institutions")

    with captured(db) as statements:
        response = client.get("/api/v1/kato/nodes", query_string={"q": "БОСТАНДЫҚ"})
    assert response.status_code == 200 and response.get_json()["total"] == ROWS // 100
    for plan in plans_of(db, statements, "kato"):
        if "~~*" not in plan:
            continue  # the path of the found nodes, read by id
        for name in ("name_ru", "name_kk", "name_en"):  # a word may be in any language: one index per name
            assert f"Bitmap Index Scan on ix_kato_{name}_trgm" in plan, plan
        assert "Seq Scan" not in plan, plan

    with captured(db) as statements:
        response = client.get("/api/v1/institutions/search", query_string={"q": "тимирязева алматы"})
    assert response.status_code == 200 and response.get_json()["total"] == ROWS // 100
    searched = [plan for plan in plans_of(db, statements, "educational_institutions") if "~~*" in plan]
    assert len(searched) == 2, searched  # the page and the total
    for plan in searched:
        for column in ("name", "region", "district", "address"):
            assert f"Bitmap Index Scan on ix_educational_institutions_{column}_trgm" in plan, plan
        assert "Seq Scan" not in plan, plan


# ------------------------------------------------------------------------------------------------ both databases


def test_ilike_folds_kazakh_and_russian_letters_on_both_databases(client, db):
    kazakh = select_option(db, type="fold", name_ru="Өскемен", name_kk="ӨСКЕМЕН ҚАЛАСЫ", name_en="Oskemen")
    russian = select_option(db, type="fold", name_ru="ЁЛОЧКА Щучинск", name_kk="Щучье", name_en="Shchuchinsk")

    def ids(field, query):
        body = {"filters": {"type": "fold", field: {"ilike": query}}}
        response = client.post(f"{BASE}/SelectOption/find", json=body)
        assert response.status_code == 200, response.get_json()
        return [row["id"] for row in response.get_json()["list"]]

    assert ids("name_kk", "өскемен қаласы") == [kazakh.id]
    assert ids("name_kk", "Қала") == [kazakh.id]
    assert ids("name_ru", "өСКЕ") == [kazakh.id]
    assert ids("name_ru", "ёлочка щ") == [russian.id]
    assert ids("name_en", "SHCHU") == [russian.id]
    assert ids("name_ru", "щучинскк") == []
