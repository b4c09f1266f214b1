"""The deadline-day mix (issue 25; DESIGN §9 sizing): 19 applicants to 1 staff member, each pausing 1-3 s.

Applicants sign in, read their steps and answers, autosave a field, upload PDFs, submit (those the runner prepared
with a complete questionnaire), poll the payment step, open "My applications" and search options and institutions;
after a session of LOAD_SESSION_REQUESTS calls they sign out and the next seeded applicant signs in. Staff sign in
(with the TOTP second factor when the answer asks for it), page through their queues with a search and filters, open
the panel, move applications (foreign: applied -> accepted), send messages and start an export.

Run by scripts/load/run.py, which writes the pool file (LOAD_POOL: seeded accounts, prepared submissions, staff) and
names the journal (LOAD_JOURNAL). Every write the server acknowledged is appended to the journal (an "attempt" line
before the request, an "ack" line after its 200) so that scripts/load/audit.py can read each back.

Each simulated person connects from an address of its own (127.x.y.z, any loopback address works on Linux): the
balancer forwards it and the per-address limits see 50,000 people, not one generator. LOAD_STATUS_FILE receives the
answers by status and whether every 429/503 carried Retry-After (the 1.5x saturation check).

Only the helpers at the top import without Locust (tests/unit/test_load_harness.py uses them); the user classes are
defined when Locust itself loads this file.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import random
import sys
import threading
import time
import uuid
from collections import Counter
from pathlib import Path

API = "/api/v1"
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + b"\x00" * 32
PDF_HEAD = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n"
# Fields an applicant types into while the page autosaves (plain text, no mask, in a step every variant has).
AUTOSAVE_FIELD = {
    False: ("fillStepMainInfo", "residential_address"),
    True: ("fillStepAdditionalInfoLocal", "residence_street"),
}
# PDFs a foreign applicant uploads before submitting (the documents step of every foreign program).
UPLOAD_FIELDS = (("fillStepDocumentsFiles", "passport"), ("fillStepDocumentsFiles", "proof_of_education"))
STREETS = ("Абая", "Сатпаева", "Толе би", "Жандосова", "Навои", "Chilonzor", "Yunusabad", "Mirzo Ulugbek")
SURNAMES = ("Ахметов", "Омаров", "Karimov", "Li", "Kim", "Nazarova", "Сейтказин", "Khan", "Петров", "Abdullaev")
OPTION_WORDS = ("каз", "алм", "ast", "рус", "uzb", "кар", "шым", "инж")
INSTITUTION_WORDS = ("школа", "лицей", "гимназия", "колледж", "school", "№1", "назарбаев")
FOREIGN_QUEUES = ("applied", "applied", "accepted", "users", "awaiting-visa")
KZ_QUEUES = ("paid", "scholarship", "users", "awaiting", "enrolled")
SANDBOX_CARD = "4242 4242 4242 4242"  # the sandbox provider's card that succeeds
SHED_PAUSE_MAX_SECONDS = 10  # a simulated person waits out a 429/503's Retry-After, at most this long
# Answers that are part of the mix, not errors: a poll of an application not at the payment step, a stage move
# another staff member made first, a session that ended (the user signs in again).
EXPECTED = {"payment-poll": (200, 404, 409), "stage-move": (200, 409), "submit": (200,)}


def source_address(index: int) -> str:
    """A loopback address of its own for simulated person `index` (never 127.0.0.1, the generator's own)."""
    low, rest = index % 254 + 1, index // 254  # last octet 1..254: never a network or broadcast-looking address
    return f"127.{10 + (rest // 256) % 240}.{rest % 256}.{low}"


def unique_pdf(marker: str) -> bytes:
    """A small valid PDF whose bytes differ per upload, so the audit can match the stored object's checksum."""
    return PDF_HEAD + f"% {marker}\n%%EOF\n".encode()


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def autosave_value(index: int) -> str:
    """What a person types: a street with a counter, so every save is distinguishable in the audit."""
    return f"ул. {STREETS[index % len(STREETS)]} {index}"


def bulk_fields(application_id: int, answers: dict, *, submit: bool = False) -> dict[str, str]:
    """The text parts of POST /users/bulk-upsert-user-data (tests/integration/test_user_data_support.multipart)."""
    fields = {"hidden_application_id": str(application_id)}
    for form_key, data in answers.items():
        fields[f"form___{form_key}___data_stringified"] = json.dumps(data, ensure_ascii=False)
    if submit:
        fields["is_submit"] = "true"
    return fields


def file_ids(fill_items: list[dict], form_key: str, field: str) -> list[str]:
    """The stored file ids of one field in a save's answer (a field holds one file or a list of them)."""
    for item in fill_items:
        if item.get("type") == form_key:
            value = (item.get("data") or {}).get(field)
            values = value if isinstance(value, list) else [value]
            return [v["id"] for v in values if isinstance(v, dict) and v.get("id")]
    return []


def shed_properly(status: int, headers) -> bool | None:
    """None for an answer that is not load shedding; for a 429/503, whether it carries Retry-After."""
    if status not in (429, 503):
        return None
    return bool(headers.get("Retry-After"))


class Journal:
    """Append-only JSON lines; one write() per line on an O_APPEND descriptor, so lines never interleave."""

    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)

    def write(self, kind: str, phase: str, **fields) -> None:
        line = json.dumps({"t": round(time.time(), 3), "kind": kind, "phase": phase, **fields}, ensure_ascii=False)
        os.write(self._fd, (line + "\n").encode())

    def close(self) -> None:
        os.close(self._fd)


def read_journal(path: str | os.PathLike) -> list[dict]:
    entries = []
    path = Path(path)
    if not path.exists():
        return entries
    for line in path.read_text().splitlines():
        line = line.strip()
        if line:
            try:
                entries.append(json.loads(line))
            except json.JSONDecodeError:
                continue  # a line cut by a killed generator
    return entries


class StatusTally:
    """Answers by status, 429/503 with and without Retry-After, per call name."""

    def __init__(self):
        self.lock = threading.Lock()
        self.by_status: Counter = Counter()
        self.by_call: dict[str, Counter] = {}
        self.shed_with_retry_after = 0
        self.shed_without_retry_after = 0
        self.transport_errors = 0

    def add(self, name: str, status: int, headers) -> None:
        with self.lock:
            self.by_status[status] += 1
            self.by_call.setdefault(name, Counter())[status] += 1
            if status == 0:
                self.transport_errors += 1
            shed = shed_properly(status, headers or {})
            if shed is True:
                self.shed_with_retry_after += 1
            elif shed is False:
                self.shed_without_retry_after += 1

    def as_dict(self) -> dict:
        with self.lock:
            return {
                "by_status": {str(k): v for k, v in sorted(self.by_status.items())},
                "by_call": {
                    name: {str(k): v for k, v in sorted(c.items())} for name, c in sorted(self.by_call.items())
                },
                "shed_with_retry_after": self.shed_with_retry_after,
                "shed_without_retry_after": self.shed_without_retry_after,
                "server_errors": sum(v for k, v in self.by_status.items() if 500 <= k < 600),
                "status_500": self.by_status.get(500, 0),
                "transport_errors": self.transport_errors,
            }


class Pool:
    """The runner's pool file: seeded applicants, prepared submissions and staff, handed out one at a time."""

    def __init__(self, data: dict, done_submissions: set[int] = frozenset()):
        self.password = data.get("password", "bench-password")
        self.applicants = list(data.get("applicants", []))
        self.submitters = [s for s in data.get("submitters", []) if s["application_id"] not in done_submissions]
        self.payers = [a for a in data.get("applicants", []) if a.get("payer")]
        self.staff = list(data.get("staff", []))
        rng = random.Random(os.getpid())
        rng.shuffle(self.applicants)
        self._applicants = itertools.cycle(self.applicants) if self.applicants else iter(())
        self._staff = itertools.cycle(self.staff) if self.staff else iter(())
        self._people = itertools.count(int(data.get("address_offset", 0)))
        self.lock = threading.Lock()

    def next_address(self) -> str:
        with self.lock:
            return source_address(next(self._people))

    def next_applicant(self, submit_share: float = 0.1, pay_share: float = 0.0) -> dict | None:
        """A prepared submitter (each once) with probability submit_share, a citizen at the payment step with
        probability pay_share (each once too), else the next seeded applicant."""
        with self.lock:
            draw = random.random()
            if self.submitters and draw < submit_share:
                return self.submitters.pop()
            if self.payers and draw < submit_share + pay_share:
                return self.payers.pop()
            return next(self._applicants, None)

    def next_staff(self) -> dict | None:
        with self.lock:
            return next(self._staff, None)


def done_submissions(entries: list[dict]) -> set[int]:
    """Applications whose submission was already attempted in an earlier stage (a questionnaire submits once)."""
    return {e["application_id"] for e in entries if e.get("kind") == "submit"}


def totp_code(secret: str, at: float | None = None) -> str | None:
    try:
        import pyotp
    except ImportError:
        return None
    return pyotp.TOTP(secret).at(at or time.time())


# ------------------------------------------------------------------------------------------------ Locust part

if "locust" in sys.modules:  # loaded by Locust (which imports itself first); plain imports skip the classes
    from locust import HttpUser, between, events, task
    from requests.adapters import HTTPAdapter

    POOL_PATH = os.environ.get("LOAD_POOL", "")
    JOURNAL = Journal(os.environ.get("LOAD_JOURNAL", "load-journal.jsonl"))
    STATUS_FILE = os.environ.get("LOAD_STATUS_FILE", "")
    SESSION_REQUESTS = int(os.environ.get("LOAD_SESSION_REQUESTS", "25"))
    SUBMIT_SHARE = float(os.environ.get("LOAD_SUBMIT_SHARE", "0.1"))
    PAY_SHARE = float(os.environ.get("LOAD_PAY_SHARE", "0.1"))
    POOL = Pool(
        json.loads(Path(POOL_PATH).read_text()) if POOL_PATH else {},
        done_submissions(read_journal(JOURNAL.path)),
    )
    TALLY = StatusTally()
    COUNTER = itertools.count(int(time.time() * 10) % 10_000_000)

    @events.request.add_listener
    def _tally(request_type, name, response_time, response_length, response=None, exception=None, **_):
        status = getattr(response, "status_code", 0) or 0
        TALLY.add(name, status, getattr(response, "headers", None))

    @events.quitting.add_listener
    def _write_tally(environment, **_):
        if STATUS_FILE:
            Path(STATUS_FILE).write_text(json.dumps(TALLY.as_dict(), indent=2))

    class SourceAddressAdapter(HTTPAdapter):
        def __init__(self, address: str, **kwargs):
            self.address = address
            super().__init__(**kwargs)

        def init_poolmanager(self, *args, **kwargs):
            kwargs["source_address"] = (self.address, 0)
            super().init_poolmanager(*args, **kwargs)

    class Person(HttpUser):
        abstract = True
        wait_time = between(1, 3)

        def on_start(self):
            self.client.mount("http://", SourceAddressAdapter(POOL.next_address()))
            self.token = None
            self.requests_in_session = 0

        def _headers(self) -> dict:
            return {"Authorization": f"Bearer {self.token}"} if self.token else {}

        def call(self, method: str, path: str, name: str, expected=(200,), **kwargs):
            """One request; answers outside `expected` count as failures. A 401 ends the session (next task signs
            in again). Returns the response when it is a 200, else None."""
            self.requests_in_session += 1
            headers = {**self._headers(), **kwargs.pop("headers", {})}
            with self.client.request(
                method, API + path, name=name, headers=headers, catch_response=True, timeout=60, **kwargs
            ) as response:
                if response.status_code in expected:
                    response.success()
                else:
                    shed = shed_properly(response.status_code, response.headers)
                    label = "shed" if shed else "shed without Retry-After" if shed is False else "status"
                    response.failure(f"{label} {response.status_code}")
                    if shed:  # as a person told "try again in a few seconds" does: not at once
                        retry_after = response.headers.get("Retry-After", "")
                        time.sleep(min(int(retry_after), SHED_PAUSE_MAX_SECONDS) if retry_after.isdigit() else 1)
                if response.status_code == 401:
                    self.token = None
                return response if response.status_code == 200 else None

        def sign_in(self, email: str, password: str, totp_secret: str | None = None) -> bool:
            answer = self.call("POST", "/auth/sign-in", "sign-in", json={"email": email, "password": password})
            if answer is None:
                return False
            body = answer.json()
            if body.get("second_factor_required"):
                code = totp_code(totp_secret) if totp_secret else None
                if code is None:
                    return False
                answer = self.call(
                    "POST",
                    "/auth/sign-in/second-factor",
                    "sign-in second factor",
                    json={"challenge": body["challenge"], "code": code},
                )
                if answer is None:
                    return False
                body = answer.json()
            self.token = (body.get("user") or {}).get("token")
            self.requests_in_session = 0
            return bool(self.token)

    class Applicant(Person):
        """An applicant on deadline day (weight 19 to staff 1)."""

        weight = 19

        def on_start(self):
            super().on_start()
            self.me = None
            self.start_session()

        def start_session(self):
            if self.token:
                self.call("POST", "/auth/sign-out", "sign-out")
                self.token = None
            self.me = POOL.next_applicant(SUBMIT_SHARE, PAY_SHARE)
            if self.me is not None:
                self.sign_in(self.me["email"], POOL.password)
            self.submitted = False
            self.paid = False

        def ready(self) -> bool:
            if self.me is None:
                return False
            if not self.token or self.requests_in_session >= SESSION_REQUESTS:
                self.start_session()
            return bool(self.token)

        @property
        def application_id(self) -> int:
            return self.me["application_id"]

        @task(3)
        def steps(self):
            if self.ready():
                self.call("POST", "/users/steps", "steps", json={"application_id": self.application_id})

        @task(3)
        def fill_items(self):
            if self.ready():
                self.call("GET", f"/users/fill-items/{self.application_id}", "fill-items")

        @task(4)
        def autosave(self):
            if not self.ready() or not self.me.get("writable"):
                return
            form_key, field = AUTOSAVE_FIELD[bool(self.me.get("kz"))]
            value = autosave_value(next(COUNTER))
            key = {"application_id": self.application_id, "form_key": form_key, "field": field, "value": value}
            JOURNAL.write("autosave", "attempt", **key)
            fields = bulk_fields(self.application_id, {form_key: {field: value}})
            if self.call("POST", "/users/bulk-upsert-user-data", "autosave", data=fields) is not None:
                JOURNAL.write("autosave", "ack", **key)

        @task(1)
        def upload(self):
            if not self.ready() or not self.me.get("writable") or self.me.get("kz"):
                return
            form_key, field = random.choice(UPLOAD_FIELDS)
            content = unique_pdf(uuid.uuid4().hex)
            key = {"application_id": self.application_id, "form_key": form_key, "field": field}
            JOURNAL.write("upload", "attempt", sha256=sha256(content), **key)
            answer = self.call(
                "POST",
                "/users/bulk-upsert-user-data",
                "upload PDF",
                data=bulk_fields(self.application_id, {}),
                files={f"form___{form_key}___{field}": (f"{field}.pdf", content, "application/pdf")},
            )
            if answer is not None:
                ids = file_ids(answer.json().get("fill_items", []), form_key, field)
                JOURNAL.write("upload", "ack", sha256=sha256(content), file_ids=ids, **key)

        @task(2)
        def submit(self):
            """A prepared applicant sends the whole questionnaire with its files and submits it."""
            if not self.ready() or "answers" not in self.me or self.submitted:
                return
            self.submitted = True
            self.me = {**self.me, "writable": False}  # a submitted questionnaire is read-only (409 on a save)
            files, sent = {}, []
            for form_key, field, kind in self.me.get("files", []):
                content = PNG if kind == "image" else unique_pdf(uuid.uuid4().hex)
                name, content_type = (
                    (f"{field}.png", "image/png") if kind == "image" else (f"{field}.pdf", "application/pdf")
                )
                files[f"form___{form_key}___{field}"] = (name, content, content_type)
                sent.append((form_key, field, sha256(content)))
            # The submission is also a save of every field: the autosaved one and each file are journalled as such,
            # so the audit expects the submitted value, not an earlier autosave (the server trims text).
            form_key, field = AUTOSAVE_FIELD[False]
            typed = self.me["answers"].get(form_key, {}).get(field)
            saved = {"application_id": self.application_id, "form_key": form_key, "field": field}
            if isinstance(typed, str):
                JOURNAL.write("autosave", "attempt", value=typed.strip(), **saved)
            for form_key_, field_, digest in sent:
                JOURNAL.write(
                    "upload",
                    "attempt",
                    sha256=digest,
                    application_id=self.application_id,
                    form_key=form_key_,
                    field=field_,
                )
            JOURNAL.write("submit", "attempt", application_id=self.application_id)
            fields = bulk_fields(self.application_id, self.me["answers"], submit=True)
            answer = self.call("POST", "/users/bulk-upsert-user-data", "submit", data=fields, files=files)
            if answer is not None and answer.json().get("message_key") == "questionnary_submitted":
                JOURNAL.write("submit", "ack", application_id=self.application_id)
                if isinstance(typed, str):
                    JOURNAL.write("autosave", "ack", value=typed.strip(), **saved)
                items = answer.json().get("fill_items", [])
                for form_key_, field_, digest in sent:
                    JOURNAL.write(
                        "upload",
                        "ack",
                        sha256=digest,
                        file_ids=file_ids(items, form_key_, field_),
                        application_id=self.application_id,
                        form_key=form_key_,
                        field=field_,
                    )

        @task(4)
        def pay(self):
            """A citizen at the payment step pays the admission fee on the sandbox card page: the "pay" button twice
            (a double click must re-use the one pending payment), the card form, then the stepper's poll."""
            if not self.ready() or not self.me.get("payer") or self.paid:
                return
            self.paid = True
            body = {"purpose": "admission_fee", "application_id": self.application_id}
            first = self.call("POST", "/users/payments/start", "payment start", expected=(200, 409), json=body)
            second = self.call("POST", "/users/payments/start", "payment start", expected=(200, 409), json=body)
            if first is None or second is None:
                return
            payment_id = first.json()["payment"]["id"]
            key = {"application_id": self.application_id, "payment_id": payment_id}
            JOURNAL.write("payment", "attempt", reused=second.json()["payment"]["id"] == payment_id, **key)
            with self.client.post(
                first.json()["sandbox_url"],
                name="payment card page",
                data={"card_number": SANDBOX_CARD, "expiry": "12/30", "cvc": "123"},
                catch_response=True,
                timeout=60,
            ) as page:
                if page.status_code != 200:
                    page.failure(f"status {page.status_code}")
                    return
            answer = self.call("GET", f"/users/check-payment-step/{self.application_id}", "payment-poll")
            if answer is not None and answer.json().get("paid"):
                JOURNAL.write("payment", "ack", **key)

        @task(2)
        def payment_poll(self):
            if self.ready():
                self.call(
                    "GET",
                    f"/users/check-payment-step/{self.application_id}",
                    "payment-poll",
                    expected=EXPECTED["payment-poll"],
                )

        @task(2)
        def my_applications(self):
            if self.ready():
                self.call("GET", "/users/applications", "my-applications")

        @task(1)
        def application(self):
            if self.ready():
                self.call("GET", f"/users/application/{self.application_id}", "application")

        @task(1)
        def profile(self):
            if self.ready():
                self.call("GET", "/users/self", "self")

        @task(1)
        def option_search(self):
            if self.ready():
                body = {
                    "filters": {"name_ru": {"ilike": random.choice(OPTION_WORDS)}},
                    "params": {},
                    "paginate": {"page": 1, "size": 20},
                }
                self.call("POST", "/universal/SelectOption/find-paginate", "option-search", json=body)

        @task(1)
        def institution_search(self):
            if self.ready():
                self.call(
                    "GET",
                    "/institutions/search",
                    "institution-search",
                    params={"q": random.choice(INSTITUTION_WORDS)},
                )

    class Staff(Person):
        """An admissions officer: queues, the panel, stage moves, messages and now and then an export."""

        weight = 1

        def on_start(self):
            super().on_start()
            self.account = POOL.next_staff()
            self.rows: list[dict] = []
            self.exports: list[int] = []
            self.sign_in_staff()

        def sign_in_staff(self):
            if self.account is None:
                return
            for _ in range(2):  # a TOTP code is single use: a refused one waits for the next 30 s window
                if self.sign_in(self.account["email"], self.account["password"], self.account.get("totp_secret")):
                    return
                time.sleep(30 - time.time() % 30 + 1)

        @property
        def local(self) -> bool:
            return self.account.get("kz", False)

        def ready(self) -> bool:
            if self.account is None:
                return False
            if not self.token:
                self.sign_in_staff()
            return bool(self.token)

        @task(5)
        def queue(self):
            if not self.ready():
                return
            body = {
                "isLocal": self.local,
                "page": random.choice((1, 1, 1, 2, 3)),
                "size": 20,
                "applicationFilters": {"queue": random.choice(KZ_QUEUES if self.local else FOREIGN_QUEUES)},
                "additionalParams": {"needsDorm": random.choice((None, None, True, False))},
                "sort": {"field": "submittedAt", "direction": "desc"},
            }
            if random.random() < 0.5:
                body["searchWhere"] = random.choice(SURNAMES)
            answer = self.call("POST", "/admin/applications", "staff queue", json=body)
            if answer is not None:
                queue = body["applicationFilters"]["queue"]
                self.rows = [{**row, "queue": queue} for row in answer.json().get("list", [])]

        @task(4)
        def panel(self):
            if self.ready() and self.rows:
                row = random.choice(self.rows)
                self.call("GET", f"/admin/application/{row['id']}", "staff panel")

        @task(1)
        def stage_move(self):
            if not self.ready() or self.local:
                return
            applied = [row for row in self.rows if row["queue"] == "applied"]
            if not applied:
                return
            row = applied.pop(random.randrange(len(applied)))
            self.rows = [r for r in self.rows if r["id"] != row["id"]]
            user_id = (row.get("user") or {}).get("id") or row.get("user_id")
            key = {"application_id": row["id"], "user_id": user_id, "status": 1}
            JOURNAL.write("stage-move", "attempt", **key)
            answer = self.call(
                "POST",
                "/admin/update-application",
                "stage-move",
                expected=EXPECTED["stage-move"],
                json={"user_id": user_id, "application_id": row["id"], "status": 1},
            )
            if answer is not None:
                JOURNAL.write("stage-move", "ack", **key)

        @task(1)
        def message(self):
            if not self.ready() or not self.rows:
                return
            row = random.choice(self.rows)
            user_id = (row.get("user") or {}).get("id") or row.get("user_id")
            marker = f"load-{uuid.uuid4().hex[:12]}"
            content = f"Пожалуйста, проверьте документы. [{marker}]"
            key = {"application_id": row["id"], "user_id": user_id, "marker": marker}
            JOURNAL.write("message", "attempt", **key)
            body = {"user_id": user_id, "application_id": row["id"], "content": content}
            if self.call("POST", "/admin/send-application-message", "staff message", json=body) is not None:
                JOURNAL.write("message", "ack", **key)

        @task(1)
        def export(self):
            """Mostly polls the exports already asked for; now and then (1 in 5) asks for a new one."""
            if not self.ready():
                return
            if self.exports and random.random() < 0.8:
                export_id = random.choice(self.exports)
                answer = self.call("GET", f"/admin/exports/{export_id}", "export poll")
                if answer is not None and answer.json().get("status") in ("done", "failed"):
                    self.exports.remove(export_id)
                    JOURNAL.write("export", "finished", export_id=export_id, status=answer.json()["status"])
                return
            body = {
                "isLocal": self.local,
                "queue": random.choice(KZ_QUEUES if self.local else FOREIGN_QUEUES),
                "search": random.choice(SURNAMES),
            }
            with self.client.post(
                f"{API}/admin/exports",
                name="export start",
                json=body,
                headers=self._headers(),
                catch_response=True,
                timeout=60,
            ) as response:
                if response.status_code == 202:
                    response.success()
                    export_id = response.json()["id"]
                    self.exports.append(export_id)
                    JOURNAL.write("export", "ack", export_id=export_id, **body)
                else:
                    response.failure(f"status {response.status_code}")

    class SignInOnly(Person):
        """The sign-in stage: nothing but sign-ins (CPU per sign-in = app CPU seconds / sign-ins served)."""

        weight = 1  # run.py names the classes of each stage on Locust's command line

        @task
        def sign_in_once(self):
            me = POOL.next_applicant(0.0)
            if me is not None:
                self.sign_in(me["email"], POOL.password)
