"""Staff queue queries (req §2 Staff routes, §4 queues; decision 0066). Queries only; a DAO never commits.

One statement builds a page of rows from plain columns (no ORM entities, so no lazy loads and no per-row
queries); another counts the filtered total; a third counts every queue of a population at once for the menu
badges. Everything that reaches SQL is a column from the allow-lists below or a bound parameter.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta

from sqlalchemy import Integer, Select, String, and_, bindparam, case, func, literal, not_, or_, select
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql import ColumnElement
from sqlalchemy.sql.functions import FunctionElement

from ..database import StatementCache, escape_like
from ..extensions import db
from ..models import (
    KAZAKHSTAN_CITIZENSHIP_EN,
    Application,
    ApplicationMessage,
    ApplicationSummary,
    Citizenship,
    Payment,
    SelectOption,
    StudyProgram,
    Term,
    User,
    UserData,
)
from ..models.application import (
    FINANCING_PAID,
    FINANCING_SCHOLARSHIP,
    MESSAGE_SIDE_APPLICANT,
    STATUS_ACCEPTED,
    STATUS_APPLIED,
    STATUS_ARCHIVED,
    STATUS_AWAITING_VISA,
    STATUS_ENROLLED,
    STEP_GRANT_CONFIRMED,
    STEP_GRANT_RESULTS,
    STEP_PHYSICAL_DOCUMENTS,
    STEP_SCHOLARSHIP_ENROLLED,
)
from ..models.payment import PAYMENT_PAID
from ..populations import POPULATION_FOREIGN, POPULATION_KZ

QUEUE_USERS = "users"


def _kazakhstan_ids():
    return select(Citizenship.id).where(Citizenship.name_en == KAZAKHSTAN_CITIZENSHIP_EN).scalar_subquery()


def population_clause(population: str) -> ColumnElement[bool]:
    """Accounts of a population (an account without a citizenship belongs to none)."""
    if population == POPULATION_KZ:
        return User.citizenship_id.in_(_kazakhstan_ids())
    return and_(User.citizenship_id.is_not(None), User.citizenship_id.not_in(_kazakhstan_ids()))


def glob_to_like(pattern: str) -> str:
    """'*@qabyldau.local' → '%@qabyldau.local'; the pattern's own %, _ and \\ match literally."""
    return escape_like(pattern.lower()).replace("*", "%").replace("?", "_")


def listed_users_clause(population: str, hidden_patterns: Iterable[str]) -> ColumnElement[bool]:
    """The population's accounts whose e-mail (stored lower-cased) matches none of the hidden patterns."""
    clause = population_clause(population)
    hidden = [User.email.like(glob_to_like(p), escape="\\") for p in hidden_patterns]
    return and_(clause, not_(or_(*hidden))) if hidden else clause


def _not_archived() -> ColumnElement[bool]:
    return or_(Application.status.is_(None), Application.status != STATUS_ARCHIVED)


def _status(value: int):
    return lambda: Application.status == value


def _archived() -> ColumnElement[bool]:
    return Application.status == STATUS_ARCHIVED


# Queue key (the /admin/<key> and /admin/kz/<key> route) → the condition on applications (req §4, design §6).
# "users" is not a condition: it lists the population's accounts with their latest application, if any; a foreign
# application not yet submitted (status null) is listed there only. Every other state of the transition table
# lands in exactly one queue (tests/integration/test_queue_per_state.py walks them; decision 0083): a grant
# holder who has chosen a programme (scholarship, step 8) waits in "scholarship" for staff to enrol them, and a
# withdrawn citizen's application is under "archived" like a foreign one.
QUEUES: dict[str, dict[str, object]] = {
    POPULATION_FOREIGN: {
        QUEUE_USERS: None,
        "applied": _status(STATUS_APPLIED),
        "accepted": _status(STATUS_ACCEPTED),
        "awaiting-visa": _status(STATUS_AWAITING_VISA),
        "enrolled": _status(STATUS_ENROLLED),
        "archived": _archived,
    },
    POPULATION_KZ: {
        QUEUE_USERS: None,
        "scholarship": lambda: and_(
            Application.financing == FINANCING_SCHOLARSHIP,
            or_(
                Application.current_step <= STEP_PHYSICAL_DOCUMENTS,
                Application.current_step == STEP_GRANT_CONFIRMED,
            ),
            _not_archived(),
        ),
        "paid": lambda: and_(
            Application.financing == FINANCING_PAID,
            Application.current_step <= STEP_PHYSICAL_DOCUMENTS,
            _not_archived(),
        ),
        "awaiting": lambda: and_(Application.current_step == STEP_GRANT_RESULTS, _not_archived()),
        "enrolled": lambda: and_(
            or_(
                and_(Application.financing == FINANCING_PAID, Application.current_step == STEP_GRANT_CONFIRMED),
                and_(
                    Application.financing == FINANCING_SCHOLARSHIP,
                    Application.current_step == STEP_SCHOLARSHIP_ENROLLED,
                ),
            ),
            _not_archived(),
        ),
        "archived": _archived,
    },
}


@dataclass
class QueueQuery:
    """A validated queue request (review/queues.py builds it from the API body or the export query)."""

    population: str
    queue: str
    search_tokens: list[str] = field(default_factory=list)
    citizenship_id: int | None = None
    study_program_id: int | None = None
    submitted_from: datetime | None = None  # inclusive, UTC
    submitted_to: datetime | None = None  # exclusive, UTC
    needs_dorm: bool | None = None
    unread_messages: bool = False  # only applications with replies staff have not opened (decision 0084)
    country_id: int | None = None
    campaign_year: int | None = None
    unt_score_from: float | None = None
    unt_score_to: float | None = None
    social_category_id: int | None = None
    sort_field: str | None = None
    sort_descending: bool = True
    language: str = "ru"
    hidden_email_patterns: list[str] = field(default_factory=list)

    @property
    def is_users_queue(self) -> bool:
        return self.queue == QUEUE_USERS


def local_midnight(day: date, offset_minutes: int) -> datetime:
    """The UTC instant at which a local calendar day starts."""
    return datetime(day.year, day.month, day.day, tzinfo=UTC) - timedelta(minutes=offset_minutes)


def _named(model, language: str):
    """The model's name in the admin's language (Kazakh falls back to Russian when empty)."""
    if language == "en":
        return model.name_en
    if language == "kk":
        return func.coalesce(func.nullif(model.name_kk, ""), model.name_ru)
    return model.name_ru


SORT_FIELDS = (
    "id",
    "user_id",
    "student",
    "email",
    "citizenship",
    "submittedAt",
    "createdAt",
    "study_program",
    "need_dorm",
    "documents_count",
    "status",
    "current_step",
    "financing",
    "unt_score",
    "campaign_year",
)


def _sort_column(name: str, language: str):
    return {
        "id": Application.id,
        "user_id": User.id,
        "student": ApplicationSummary.sort_name,
        "email": User.email,
        "citizenship": _named(Citizenship, language),
        "submittedAt": Application.submitted_at,
        "createdAt": Application.created_at,
        "study_program": _named(StudyProgram, language),
        "need_dorm": ApplicationSummary.need_dorm,
        "documents_count": ApplicationSummary.documents_count,
        "status": Application.status,
        "current_step": Application.current_step,
        "financing": Application.financing,
        "unt_score": ApplicationSummary.unt_score,
        "campaign_year": Term.year,
    }[name]


ROW_COLUMNS = (
    Application.id.label("id"),
    User.id.label("user_id"),
    User.email.label("email"),
    User.first_name.label("user_first_name"),
    User.last_name.label("user_last_name"),
    Citizenship.id.label("citizenship_id"),
    Citizenship.code.label("citizenship_code"),
    Citizenship.name_ru.label("citizenship_name_ru"),
    Citizenship.name_en.label("citizenship_name_en"),
    Citizenship.name_kk.label("citizenship_name_kk"),
    Application.term_id.label("term_id"),
    Term.year.label("campaign_year"),
    Application.study_program_id.label("study_program_id"),
    StudyProgram.code.label("study_program_code"),
    StudyProgram.name_ru.label("study_program_name_ru"),
    StudyProgram.name_en.label("study_program_name_en"),
    StudyProgram.name_kk.label("study_program_name_kk"),
    StudyProgram.kind.label("study_program_kind"),
    Application.current_step.label("current_step"),
    Application.status.label("status"),
    Application.financing.label("financing"),
    Application.is_exempted_from_payment.label("is_exempted_from_payment"),
    Application.created_at.label("created_at"),
    Application.submitted_at.label("submitted_at"),
    ApplicationSummary.first_name.label("first_name"),
    ApplicationSummary.last_name.label("last_name"),
    ApplicationSummary.middle_name.label("middle_name"),
    ApplicationSummary.need_dorm.label("need_dorm"),
    ApplicationSummary.documents_count.label("documents_count"),
    ApplicationSummary.unt_score.label("unt_score"),
    ApplicationSummary.social_category_ids.label("social_category_ids"),
)


def _latest_applications():
    return (
        select(Application.user_id.label("user_id"), func.max(Application.id).label("application_id"))
        .group_by(Application.user_id)
        .subquery("latest_application")
    )


def _joined(stmt: Select, query: QueueQuery) -> Select:
    """The FROM clause of a queue: applications with their owner (application queues) or the accounts with their
    latest application, if any (users queue); citizenship, program, term and summary alongside."""
    if query.is_users_queue:
        latest = _latest_applications()
        return (
            stmt.select_from(User)
            .outerjoin(latest, latest.c.user_id == User.id)
            .outerjoin(Application, Application.id == latest.c.application_id)
            .outerjoin(Citizenship, Citizenship.id == User.citizenship_id)
            .outerjoin(StudyProgram, StudyProgram.id == Application.study_program_id)
            .outerjoin(Term, Term.id == Application.term_id)
            .outerjoin(ApplicationSummary, ApplicationSummary.application_id == Application.id)
        )
    return (
        stmt.select_from(Application)
        .join(User, User.id == Application.user_id)
        .outerjoin(Citizenship, Citizenship.id == User.citizenship_id)
        .join(StudyProgram, StudyProgram.id == Application.study_program_id)
        .join(Term, Term.id == Application.term_id)
        .outerjoin(ApplicationSummary, ApplicationSummary.application_id == Application.id)
    )


def _pattern(token: str) -> str:
    return f"%{escape_like(token)}%"


# Trigrams need three characters: a shorter token cannot narrow a search through the trigram index.
SHORT_TOKEN = 3


def _is_short(token: str) -> bool:
    return len(token) < SHORT_TOKEN


class _position(FunctionElement):
    """Where `needle` starts in `text` (1-based), 0 when absent: strpos() on PostgreSQL, instr() on SQLite."""

    type = Integer()
    inherit_cache = True


@compiles(_position)
def _position_sqlite(element, compiler, **kw):
    return f"instr({compiler.process(element.clauses, **kw)})"


@compiles(_position, "postgresql")
def _position_postgresql(element, compiler, **kw):
    return f"strpos({compiler.process(element.clauses, **kw)})"


def _contains(column, token_parameter, short: bool) -> ColumnElement[bool]:
    """`column` contains the token. A token of three characters or more is `LIKE '%token%'` (escaped), which the
    trigram indexes serve. A shorter one is `strpos(column, token) > 0`, the same test: one or two letters hold no
    trigram, so the index cannot narrow them (a plan starting from it reads all of it, the 50,000 summaries), and
    a plan for strpos() starts from the queue's other conditions instead."""
    if short:
        return _position(column, token_parameter) > 0
    return column.like(token_parameter, escape="\\")


def parameters(query: QueueQuery) -> dict[str, object]:
    """The request's values, by the name of the bound parameter that carries each into SQL. Which names are present
    is part of the statement's shape (_shape): a filter left out adds no condition at all."""
    values: dict[str, object] = {
        f"search_{i}": token if _is_short(token) else _pattern(token) for i, token in enumerate(query.search_tokens)
    }
    for name, _column, _compare in _FILTERS:
        value = getattr(query, name)
        if value is not None:
            values[name] = value
    if query.social_category_id is not None:
        values["social_category"] = f"%,{int(query.social_category_id)},%"
    return values


def _search_clause(query: QueueQuery, values: dict[str, object]) -> ColumnElement[bool] | None:
    clauses = []
    for i, token in enumerate(query.search_tokens):
        pattern = bindparam(f"search_{i}", values[f"search_{i}"], type_=String())
        short = _is_short(token)
        in_summary = _contains(ApplicationSummary.search_text, pattern, short)
        if query.is_users_queue:
            # Accounts without an application have no summary: their e-mail and names are searched directly.
            clauses.append(
                or_(
                    in_summary,
                    _contains(User.email, pattern, short),
                    _contains(func.lower(User.first_name), pattern, short),
                    _contains(func.lower(User.last_name), pattern, short),
                )
            )
        else:
            clauses.append(in_summary)
    return and_(*clauses) if clauses else None


# QueueQuery attributes compared with a column as `column <op> :name` (name = the attribute; req §2 filters, dates
# are [from, to)).
_FILTERS = (
    ("citizenship_id", User.citizenship_id, operator.eq),
    ("study_program_id", Application.study_program_id, operator.eq),
    ("submitted_from", Application.submitted_at, operator.ge),
    ("submitted_to", Application.submitted_at, operator.lt),
    ("country_id", ApplicationSummary.country_id, operator.eq),
    ("campaign_year", Term.year, operator.eq),
    ("unt_score_from", ApplicationSummary.unt_score, operator.ge),
    ("unt_score_to", ApplicationSummary.unt_score, operator.le),
)


def conditions(query: QueueQuery, values: dict[str, object] | None = None) -> list[ColumnElement[bool]]:
    """Population, queue, search and filters (req §2 filters; dates are [from, to)). Every request value is a
    named bound parameter (see parameters), so a statement built once serves every request of the same shape."""
    values = parameters(query) if values is None else values
    out: list[ColumnElement[bool]] = [listed_users_clause(query.population, query.hidden_email_patterns)]
    queue_condition = QUEUES[query.population][query.queue]
    if queue_condition is not None:
        out.append(queue_condition())
    search = _search_clause(query, values)
    if search is not None:
        out.append(search)
    for name, column, compare in _FILTERS:
        if name in values:
            # Typed like its column, so UTCDateTime's conversion still applies to the dates.
            out.append(compare(column, bindparam(name, values[name], type_=column.type)))
    if query.needs_dorm is not None:
        # IS TRUE / IS FALSE take no parameter in PostgreSQL: the flag is part of the shape instead.
        out.append(ApplicationSummary.need_dorm.is_(bool(query.needs_dorm)))
    if query.unread_messages:
        # No parameter either: part of the shape. The unread rows only, through ix_application_messages_unread.
        out.append(
            Application.id.in_(
                select(ApplicationMessage.application_id).where(
                    ApplicationMessage.author_side == MESSAGE_SIDE_APPLICANT, ApplicationMessage.read_at.is_(None)
                )
            )
        )
    if "social_category" in values:
        out.append(ApplicationSummary.social_category_ids.like(bindparam("social_category", values["social_category"])))
    return out


def _ordering(query: QueueQuery) -> list:
    if query.sort_field is None:
        if query.is_users_queue:
            return [User.id.desc()]
        return [Application.submitted_at.desc().nulls_last(), Application.id.desc()]
    column = _sort_column(query.sort_field, query.language)
    primary = column.desc().nulls_last() if query.sort_descending else column.asc().nulls_last()
    tie = User.id.desc() if query.is_users_queue else Application.id.desc()
    return [primary, tie]


def selection(query: QueueQuery, columns: Iterable = ROW_COLUMNS) -> Select:
    """The queue's rows, ordered, without paging (the export streams this)."""
    stmt = _joined(select(*columns), query).where(*conditions(query))
    return stmt.order_by(*_ordering(query))


# The page statement of each request shape (server/database.py: StatementCache). The shape holds only the names
# present and what is not a user's value (population, queue, hidden patterns from the configuration, sort, language,
# the needs-dorm flag); the values travel as bound parameters (parameters()).
_PAGE_STATEMENTS = StatementCache(max_size=256)


def _shape(query: QueueQuery, values: dict[str, object]) -> tuple:
    return (
        tuple(_is_short(token) for token in query.search_tokens),  # LIKE or strpos() per token (_contains)
        query.population,
        query.queue,
        tuple(values),
        query.needs_dorm,
        query.unread_messages,
        query.sort_field,
        query.sort_descending,
        query.language,
        tuple(query.hidden_email_patterns),
    )


def _unread_replies():
    """The applicant's replies staff have not opened, per application: one grouped subquery joined to the page, so
    a page's unread column costs no statement of its own (decision 0084). It reads the unread rows only, through
    ix_application_messages_unread."""
    return (
        select(
            ApplicationMessage.application_id.label("application_id"),
            func.count(ApplicationMessage.id).label("unread"),
        )
        .where(ApplicationMessage.author_side == MESSAGE_SIDE_APPLICANT, ApplicationMessage.read_at.is_(None))
        .group_by(ApplicationMessage.application_id)
        .subquery("unread_replies")
    )


def page_statement(query: QueueQuery, values: dict[str, object]) -> Select:
    """The page query for the query's shape: rows with the filtered total as a window count, limit and offset
    bound as :page_limit and :page_offset."""

    def build() -> Select:
        unread = _unread_replies()
        columns = (
            *ROW_COLUMNS,
            func.coalesce(unread.c.unread, 0).label("unread_messages"),
            func.count().over().label("full_count"),
        )
        stmt = (
            _joined(select(*columns), query)
            .outerjoin(unread, unread.c.application_id == Application.id)
            .where(*conditions(query, values))
            .order_by(*_ordering(query))
        )
        return stmt.limit(bindparam("page_limit", type_=Integer)).offset(bindparam("page_offset", type_=Integer))

    return _PAGE_STATEMENTS.get(_shape(query, values), build)


def _core_execute(stmt, parameters: dict):
    """Runs a select of plain columns on the session's connection, in its transaction, without the ORM's
    per-statement set-up and row loading (a page has no entities to load; that set-up was about a tenth of a queue
    call's Python, issue 12). The rows are the same named tuples either way. No autoflush: its callers only read."""
    return db.session.connection(bind_arguments={"mapper": Application}).execute(stmt, parameters)


def page(query: QueueQuery, page_number: int, size: int) -> tuple[list, int]:
    """(rows of the page, filtered total). The total rides on the page query as a window count, so a page costs
    one statement; only a page past the end needs a separate count."""
    values = parameters(query)
    stmt = page_statement(query, values)
    # Every named parameter of the statement gets this request's value; the values it was built with are unused.
    bound = {**values, "page_limit": size, "page_offset": (page_number - 1) * size}
    rows = _core_execute(stmt, bound).all()
    if rows:
        return rows, rows[0].full_count
    return rows, total(query) if page_number > 1 else 0


def total(query: QueueQuery) -> int:
    counted = User.id if query.is_users_queue else Application.id
    return db.session.scalar(_joined(select(func.count(counted)), query).where(*conditions(query))) or 0


def queue_counts(population: str, hidden_patterns: Iterable[str]) -> dict[str, int]:
    """Every queue of the population counted in one statement (the menu badges; no search or filters)."""
    listed = listed_users_clause(population, hidden_patterns)
    users = select(func.count(User.id)).where(listed).scalar_subquery()
    columns = [users.label(QUEUE_USERS)]
    for key, condition in QUEUES[population].items():
        if condition is not None:
            columns.append(func.coalesce(func.sum(case((condition(), 1), else_=0)), literal(0)).label(key))
    stmt = select(*columns).select_from(Application).join(User, User.id == Application.user_id).where(listed)
    row = db.session.execute(stmt).one()
    return {key: int(row._mapping[key] or 0) for key in QUEUES[population]}


# The names of a page's social categories: plain columns (the page only shows them, so no ORM entities to build)
# and one statement object for every page, the ids an expanding bound parameter.
_OPTION_NAMES = select(
    SelectOption.id, SelectOption.code, SelectOption.name_ru, SelectOption.name_en, SelectOption.name_kk
).where(SelectOption.id.in_(bindparam("option_ids", expanding=True)))


def option_names(option_ids: Iterable[int]) -> dict[int, object]:
    """{id: row with id, code, name_ru, name_en, name_kk} of the options named."""
    ids = sorted({i for i in option_ids if isinstance(i, int)})
    if not ids:
        return {}
    return {row.id: row for row in _core_execute(_OPTION_NAMES, {"option_ids": ids})}


# ------------------------------------------------------------------------------------------ single applications


def user_emails(user_ids: Iterable[int]) -> dict[int, str]:
    ids = sorted({i for i in user_ids if i is not None})
    if not ids:
        return {}
    return {row.id: row.email for row in db.session.execute(select(User.id, User.email).where(User.id.in_(ids)))}


# ------------------------------------------------------------------------------------------------- export


def answers_of(application_ids: list[int]) -> dict[int, dict[str, dict]]:
    """{application id: {form key: data}} for a batch of applications (one statement)."""
    out: dict[int, dict[str, dict]] = {i: {} for i in application_ids}
    if not application_ids:
        return out
    rows = db.session.execute(
        select(UserData.application_id, UserData.type, UserData.data).where(
            UserData.application_id.in_(application_ids)
        )
    )
    for row in rows:
        out[row.application_id][row.type] = row.data or {}
    return out


def _array_length(key: str):
    """Length of the JSON array at data[key] (0 or null for anything else), on both dialects."""
    if db.session.get_bind().dialect.name == "postgresql":
        element = UserData.data[key]
        return case((func.json_typeof(element) == "array", func.json_array_length(element)), else_=None)
    return func.json_array_length(UserData.data, f'$."{key}"')


def longest_arrays(query: QueueQuery, specs: list[tuple[str, str]]) -> dict[tuple[str, str], int]:
    """The longest array at (form key, data key) among the queue's applications: how many columns a repeated
    group needs in the export (one aggregate statement for every group)."""
    if not specs:
        return {}
    selected = selection(query, columns=(Application.id.label("id"),)).order_by(None).subquery()
    columns = [
        func.max(case((UserData.type == form_key, _array_length(key)), else_=None)).label(f"c{i}")
        for i, (form_key, key) in enumerate(specs)
    ]
    stmt = select(*columns).where(
        UserData.application_id.in_(select(selected.c.id)), UserData.type.in_({form for form, _ in specs})
    )
    row = db.session.execute(stmt).one()
    return {spec: int(row[i] or 0) for i, spec in enumerate(specs)}


# ----------------------------------------------------------------------------------------------- dashboard


def _local_day(column, offset_minutes: int):
    """The local calendar day of a UTC timestamp column, as text YYYY-MM-DD on both dialects."""
    if db.session.get_bind().dialect.name == "postgresql":
        shifted = func.timezone("UTC", column) + timedelta(minutes=offset_minutes)
        return func.to_char(shifted, "YYYY-MM-DD")
    return func.date(column, f"{offset_minutes:+d} minutes")


def submissions_per_day(
    population: str, hidden_patterns: Iterable[str], since: datetime, offset_minutes: int
) -> dict[str, int]:
    """Submitted applications of the population per local day since a UTC instant (one grouped statement)."""
    day = _local_day(Application.submitted_at, offset_minutes).label("day")
    stmt = (
        select(day, func.count(Application.id))
        .select_from(Application)
        .join(User, User.id == Application.user_id)
        .where(listed_users_clause(population, hidden_patterns), Application.submitted_at >= since)
        .group_by(day)
    )
    return {str(row[0]): int(row[1]) for row in db.session.execute(stmt)}


def payments_per_day(
    population: str, hidden_patterns: Iterable[str], since: datetime, offset_minutes: int
) -> dict[str, int]:
    """Paid payments (any purpose) of the population's listed users per local day of payment since a UTC instant:
    the number of payments, not their sum (one grouped statement)."""
    day = _local_day(Payment.paid_at, offset_minutes).label("day")
    stmt = (
        select(day, func.count(Payment.id))
        .select_from(Payment)
        .join(User, User.id == Payment.user_id)
        .where(
            listed_users_clause(population, hidden_patterns),
            Payment.status == PAYMENT_PAID,
            Payment.paid_at >= since,
        )
        .group_by(day)
    )
    return {str(row[0]): int(row[1]) for row in db.session.execute(stmt)}


def count_applications(population: str, hidden_patterns: Iterable[str], *conditions) -> int:
    stmt = (
        select(func.count(Application.id))
        .select_from(Application)
        .join(User, User.id == Application.user_id)
        .where(listed_users_clause(population, hidden_patterns), *conditions)
    )
    return int(db.session.scalar(stmt) or 0)


def unread_replies(population: str, hidden_patterns: Iterable[str]) -> int:
    """Applicants' replies of the population staff have not opened (the menu badge; decision 0084): one count
    over ix_application_messages_unread."""
    stmt = (
        select(func.count(ApplicationMessage.id))
        .select_from(ApplicationMessage)
        .join(Application, Application.id == ApplicationMessage.application_id)
        .join(User, User.id == Application.user_id)
        .where(
            ApplicationMessage.author_side == MESSAGE_SIDE_APPLICANT,
            ApplicationMessage.read_at.is_(None),
            listed_users_clause(population, hidden_patterns),
        )
    )
    return int(db.session.scalar(stmt) or 0)


def terms_newest_first() -> list[Term]:
    return list(db.session.scalars(select(Term).order_by(Term.year.desc())))
