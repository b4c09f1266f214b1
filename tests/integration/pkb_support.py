"""Support for the credit-bureau tests: a citizen with an application, the sandbox persons, the SMS dev outbox,
and a real HTTP server standing in for the bureau (PKB_PROVIDER=http)."""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from server.integrations.credit_bureau.sandbox_persons import BY_IIN, FAULT_IIN, UNKNOWN_IIN

from ..helpers import find_code

API = "/api/v1"
PERSON = BY_IIN["060315501232"]  # Ахметов Нурлан Серикович, born 2006-03-15, male
WOMAN = BY_IIN["981204403213"]  # Жумабаева Әсем, born 1998-12-04, female, no middle name
__all__ = ["API", "FAULT_IIN", "PERSON", "UNKNOWN_IIN", "WOMAN"]


def citizen_with_application(factories, **user_kw):
    user = factories.applicant(kz=True, **user_kw)
    application = factories.application(user=user)
    return user, application, factories.auth_headers(user)


def body_for(person, application_id, **overrides):
    body = {
        "iin": person.iin,
        "phone": person.phone,
        "last_name": person.last_name,
        "first_name": person.first_name,
        "application_id": application_id,
    }
    body.update(overrides)
    return body


def create_request(client, headers, body, lang=None):
    query = f"?lang={lang}" if lang else ""
    return client.post(f"{API}/pkb/create-request{query}", headers=headers, json=body)


def check_code(client, headers, request_id, code):
    return client.post(f"{API}/pkb/check-code", headers=headers, json={"request_id": request_id, "code": code})


def sms_outbox(client, phone) -> list[dict]:
    response = client.get(f"{API}/dev/sms-outbox", query_string={"phone": phone})
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    return response.get_json()["list"]


def sms_code(client, phone) -> str:
    for message in sms_outbox(client, phone):
        code = find_code(message["body"])
        if code:
            return code
    raise AssertionError(f"no code in the SMS dev outbox for {phone}")


# ---------------------------------------------------------------------------------------- a bureau over HTTP


@dataclass
class FakeBureau:
    """What the bureau on the other end answers; tests switch `mode` and read `calls`."""

    mode: str = "ok"  # ok | timeout | error500 | not_registered | bad_json | another_person
    delay: float = 0.0
    calls: list = field(default_factory=list)
    codes: dict = field(default_factory=dict)  # request_id -> consent code the bureau "texted"
    url: str = ""


def _handler(bureau: FakeBureau):
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):  # keep the test output clean
            pass

        def _answer(self, status: int, payload):
            raw = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(raw)))
            self.end_headers()
            self.wfile.write(raw)

        def do_POST(self):  # noqa: N802 (http.server hook name)
            length = int(self.headers.get("Content-Length") or 0)
            body = json.loads(self.rfile.read(length) or b"{}")
            bureau.calls.append({"path": self.path, "auth": self.headers.get("Authorization"), "body": body})
            if bureau.mode == "timeout":
                time.sleep(bureau.delay)
                return self._answer(200, {"request_id": "too-late"})
            if bureau.mode == "error500":
                return self._answer(500, {"error": "internal"})
            if bureau.mode == "bad_json":
                return self._answer(200, b"<html>gateway</html>")
            if bureau.mode == "not_registered":
                return self._answer(404, {"error": "not_registered"})
            if self.path == "/pkb/consent-requests":
                request_id = f"req-{len(bureau.codes) + 1}"
                bureau.codes[request_id] = body.get("consent_code")
                return self._answer(201, {"request_id": request_id})
            if self.path.startswith("/pkb/consent-requests/") and self.path.endswith("/person"):
                request_id = self.path.split("/")[3]
                if bureau.codes.get(request_id) != body.get("consent_code"):
                    return self._answer(403, {"error": "wrong consent code"})
                iin = "990721307894" if bureau.mode == "another_person" else PERSON.iin
                return self._answer(
                    200,
                    {
                        "iin": iin,
                        "last_name": PERSON.last_name,
                        "first_name": PERSON.first_name,
                        "middle_name": PERSON.middle_name,
                        "date_of_birth": "2006-03-15",
                    },
                )
            return self._answer(404, {"error": "no such path"})

    return Handler


def start_fake_bureau() -> tuple[ThreadingHTTPServer, FakeBureau]:
    bureau = FakeBureau()
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(bureau))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    bureau.url = f"http://127.0.0.1:{server.server_port}/pkb"
    return server, bureau
