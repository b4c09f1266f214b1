"""The assistant's curated knowledge base (server/chat/knowledge_base.py), inserted once per key; admins own the rows
afterwards (/universal/ChatKnowledge), as with every seed (decision 0010)."""

from __future__ import annotations

from ..chat.knowledge_base import ENTRIES
from ..models import ChatKnowledge
from .marks import SeedMarks
from .reference import _insert_once


def seed_chat_knowledge() -> int:
    marks = SeedMarks("chat_knowledge")
    for order, (key, topic, titles, bodies, keywords) in enumerate(ENTRIES, start=1):
        values = {"topic": topic, "keywords": keywords, "order": order, "is_active": True}
        values.update({f"title_{lang}": text for lang, text in zip(("ru", "kk", "en"), titles, strict=True)})
        values.update({f"body_{lang}": text for lang, text in zip(("ru", "kk", "en"), bodies, strict=True)})
        _insert_once(ChatKnowledge, marks, {"key": key}, values)
    return len(ENTRIES)
