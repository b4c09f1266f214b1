"""The optional external model of the assistant (CHAT_LLM_URL, an OpenAI-compatible chat-completions endpoint;
decision 0071) against a real HTTP server started in the test: what is sent (the retrieved sources, the question with
personal data masked, the key), the phrased answer reaching the applicant, and every failure (5xx, timeout, bad JSON,
wrong shape, empty text, nothing listening) falling back to the offline answer with the same sources."""

from __future__ import annotations

import json
import re
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from sqlalchemy import func, select

from server.chat import conversations as chat_service
from server.integrations import chat_model
from server.models import ChatMessage
from server.seed import run_all

from ..helpers import API, assert_envelope

KEY = "test-model-key"
PHRASED = "Взнос: 10 000 ₸ (по источнику [1])."
START = {"type": "career", "level": "bachelor"}


class FakeModel:
    def __init__(self):
        self.calls: list[dict] = []
        self.mode = "ok"
        self.url = ""


def start_fake_model() -> tuple[ThreadingHTTPServer, FakeModel]:
    fake = FakeModel()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):  # quiet
            pass

        def do_POST(self):  # noqa: N802
            length = int(self.headers.get("Content-Length", "0"))
            body = json.loads(self.rfile.read(length))
            fake.calls.append({"path": self.path, "auth": self.headers.get("Authorization"), "body": body})
            if fake.mode == "slow":
                time.sleep(1.5)
            if fake.mode == "500":
                self.send_response(500)
                self.end_headers()
                return
            payload = {
                "ok": {
                    "choices": [{"message": {"role": "assistant", "content": "Взнос: 10 000 ₸ (по источнику [1])."}}]
                },
                "empty": {"choices": [{"message": {"role": "assistant", "content": "  "}}]},
                "shape": {"result": "nope"},
                "slow": {"choices": [{"message": {"content": "late"}}]},
            }.get(fake.mode)
            data = b"{not json" if fake.mode == "garbage" else json.dumps(payload).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    fake.url = f"http://127.0.0.1:{server.server_port}/v1"
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, fake


@pytest.fixture
def model(app, monkeypatch):
    server, fake = start_fake_model()
    monkeypatch.setitem(app.config, "CHAT_LLM_URL", fake.url)
    monkeypatch.setitem(app.config, "CHAT_LLM_KEY", KEY)
    monkeypatch.setitem(app.config, "CHAT_LLM_MODEL", "small-model")
    monkeypatch.setitem(app.config, "CHAT_LLM_TIMEOUT_SECONDS", 0.5)
    yield fake
    server.shutdown()
    server.server_close()


def ask(client, factories, text: str) -> dict:
    headers = factories.auth_headers(factories.applicant(email="private.person@example.com"))
    chat_id = client.post(
        f"{API}/chat/start", json={"type": "career", "level": "bachelor"}, headers=headers
    ).get_json()["chatId"]
    response = client.post(f"{API}/chat/{chat_id}/message", json={"message": text}, headers=headers)
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def test_the_model_phrases_the_answer_from_the_sources_without_personal_data(client, factories, db, model):
    run_all()
    body = ask(
        client, factories, "Сколько стоит взнос? Мой ИИН 900101300017, почта me@example.com, тел +7 701 123 45 67?"
    )
    assert body["reply"].startswith(PHRASED + "\n\nЧто вам интересно?")
    assert body["sources"][0]["key"] == "fee"
    [call] = model.calls
    assert call["path"] == "/v1/chat/completions" and call["auth"] == f"Bearer {KEY}"
    sent = json.dumps(call["body"], ensure_ascii=False)
    assert call["body"]["model"] == "small-model"
    assert "Russian" in call["body"]["messages"][0]["content"]
    assert "Вступительный взнос — 10 000 тенге" in sent  # the retrieved source
    for private in ("900101300017", "me@example.com", "701 123 45 67", "private.person@example.com"):
        assert private not in sent
    assert "[number]" in sent and "[email]" in sent


@pytest.mark.parametrize("mode", ["500", "slow", "garbage", "shape", "empty"])
def test_any_failure_falls_back_to_the_offline_answer(client, factories, db, model, mode, caplog):
    run_all()
    model.mode = mode
    body = ask(client, factories, "Сколько стоит вступительный взнос?")
    assert body["reply"].startswith("Вступительный взнос. Вступительный взнос — 10 000 тенге")
    assert body["sources"][0]["key"] == "fee"
    assert len(model.calls) == 1
    assert "offline answer kept" in caplog.text


def test_nothing_listening_falls_back(client, factories, db, app, monkeypatch):
    run_all()
    monkeypatch.setitem(app.config, "CHAT_LLM_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setitem(app.config, "CHAT_LLM_TIMEOUT_SECONDS", 0.5)
    body = ask(client, factories, "Сколько стоит вступительный взнос?")
    assert "10 000" in body["reply"] and body["sources"][0]["key"] == "fee"


def test_unset_url_never_calls_a_model(app, db):
    assert app.config["CHAT_LLM_URL"] is None
    assert chat_model.phrase("q", [("t", "x")], "ru") is None


def test_scrub_masks_numbers_and_emails():
    assert chat_model.scrub("ИИН 900101300017, a.b@c.kz, +7 (701) 123-45-67, 2025 год") == (
        "ИИН [number], [email], [number], 2025 год"
    )


# ------------------------------------------------------------------------------------------- issue 22, finding 8


def test_an_unverified_account_cannot_use_the_assistant_nor_the_model(client, factories, db, model):
    run_all()
    user = factories.applicant(verified=False)
    # A chat such an account could start before the fix: its own chat id does not open the assistant either.
    chat_id = chat_service.start(user, "career", "bachelor", "ru")[0].public_id
    headers = factories.auth_headers(user)
    question = {"message": "Сколько стоит вступительный взнос?"}
    for response in (
        client.post(f"{API}/chat/start", json=START, headers=headers),
        client.get(f"{API}/chat", headers=headers),
        client.get(f"{API}/chat/{chat_id}", headers=headers),
        client.post(f"{API}/chat/{chat_id}/message", json=question, headers=headers),
        client.post(f"{API}/chat/{chat_id}/handoff", json={"question": "Вопрос"}, headers=headers),
        client.post(f"{API}/chat/{chat_id}/return", json={}, headers=headers),
    ):
        assert_envelope(response, 403, "errors.email_not_verified", lang="ru")
    kk = client.post(f"{API}/chat/{chat_id}/message?lang=kk", json=question, headers=headers)
    assert_envelope(kk, 403, "errors.email_not_verified", lang="kk")
    assert model.calls == []
    assert db.session.scalar(select(func.count(ChatMessage.id))) == 1  # the welcome only: nothing was stored

    user.is_verified = True  # the same account once its address is proved
    db.session.commit()
    answered = client.post(f"{API}/chat/{chat_id}/message", json=question, headers=headers)
    assert answered.status_code == 200 and len(model.calls) == 1


# ------------------------------------------------------------------------------------------- issue 22, finding 9

CORPUS = json.loads((Path(__file__).parent / "chat_masking_corpus.json").read_text(encoding="utf-8"))
QUESTION = "Сколько стоит вступительный взнос?"


def test_personal_data_in_any_spelling_never_reaches_the_model(client, factories, db, app, model, monkeypatch):
    """Each variant of the corpus goes through the real chat endpoint; the model's request is read as it arrived."""
    run_all()
    monkeypatch.setitem(app.config, "RATE_LIMIT_CHAT_MESSAGE_PER_ACCOUNT", "1000 per minute")
    headers = factories.auth_headers(factories.applicant(email="corpus.owner@example.com"))
    chat_id = client.post(f"{API}/chat/start", json=START, headers=headers).get_json()["chatId"]

    def sent(text: str) -> tuple[str, str]:
        """(the question the model got, the whole request) for a message ending with `text`."""
        before = len(model.calls)
        response = client.post(f"{API}/chat/{chat_id}/message", json={"message": f"{QUESTION} {text}"}, headers=headers)
        assert response.status_code == 200, response.get_data(as_text=True)
        assert len(model.calls) == before + 1, f"the model was not asked about {text!r}"
        body = model.calls[-1]["body"]
        return body["messages"][1]["content"].split("\n\nQuestion: ", 1)[1], json.dumps(body, ensure_ascii=False)

    assert len(CORPUS["masked"]) >= 40 and len(CORPUS["kept"]) >= 20
    leaks = []
    for entry in CORPUS["masked"]:
        question, request = sent(entry["text"])
        digits = entry["kind"] != "email" and re.search(r"\d", question)
        secrets = [secret for secret in entry.get("secrets", []) if secret in question]
        if entry["text"] in request or digits or secrets or "corpus.owner" in request:
            leaks.append((entry["text"], question))
    assert leaks == []

    changed = [(text, question) for text in CORPUS["kept"] if (question := sent(text)[0]) != f"{QUESTION} {text}"]
    assert changed == []
