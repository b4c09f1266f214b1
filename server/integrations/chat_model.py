"""Optional external language model for the assistant (issue 14, decision 0071): an OpenAI-compatible
`POST {CHAT_LLM_URL}/chat/completions` with `Authorization: Bearer {CHAT_LLM_KEY}`, used only to phrase an answer
from the sources the offline retrieval found. Unset CHAT_LLM_URL = never called. Any failure (network, timeout,
status, shape, empty text) returns None and the caller keeps its offline answer.

No personal data: the model gets the question with e-mail addresses, IINs, phones and document numbers masked in any
spelling (integrations/personal_data.py), and the retrieved public texts — never the user's name, e-mail, id or
conversation history.
"""

from __future__ import annotations

import json
import logging
import urllib.error
import urllib.request

from flask import current_app

from .personal_data import mask

log = logging.getLogger(__name__)

LANGUAGE_NAMES = {"ru": "Russian", "kk": "Kazakh", "en": "English"}


def scrub(text: str) -> str:
    return mask(text)


def is_configured() -> bool:
    return bool(current_app.config.get("CHAT_LLM_URL"))


def phrase(question: str, sources: list[tuple[str, str]], language: str) -> str | None:
    """sources: [(title, text)]. Returns the model's answer, or None (not configured or any failure)."""
    url = current_app.config.get("CHAT_LLM_URL")
    if not url:
        return None
    context = "\n\n".join(f"[{i + 1}] {title}\n{text}" for i, (title, text) in enumerate(sources))
    body = {
        "model": current_app.config.get("CHAT_LLM_MODEL") or "default",
        "temperature": 0.2,
        "messages": [
            {
                "role": "system",
                "content": "You are the admissions assistant of a university in Kazakhstan. Answer in "
                f"{LANGUAGE_NAMES.get(language, 'Russian')}, briefly, using only the numbered sources. If they do "
                "not answer the question, say so and suggest asking a person.",
            },
            {"role": "user", "content": f"Sources:\n{context}\n\nQuestion: {scrub(question)}"},
        ],
    }
    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    key = current_app.config.get("CHAT_LLM_KEY")
    if key:
        headers["Authorization"] = f"Bearer {key}"
    request = urllib.request.Request(
        url.rstrip("/") + "/chat/completions", data=json.dumps(body).encode("utf-8"), headers=headers, method="POST"
    )
    try:
        with urllib.request.urlopen(request, timeout=current_app.config.get("CHAT_LLM_TIMEOUT_SECONDS", 10)) as answer:
            payload = json.loads(answer.read(1_000_000).decode("utf-8"))
        text = payload["choices"][0]["message"]["content"]
    except (urllib.error.URLError, TimeoutError, OSError, ValueError, KeyError, IndexError, TypeError) as error:
        log.warning("chat model unavailable, offline answer kept: %s", type(error).__name__)
        return None
    if not isinstance(text, str) or not text.strip():
        log.warning("chat model gave no text, offline answer kept")
        return None
    return text.strip()[:4000]
