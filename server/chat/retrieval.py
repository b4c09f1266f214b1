"""Ranking of the assistant's documents: BM25 as implemented by SQLite's FTS5 extension (the `bm25()` function of
the sqlite3 module in the standard library), over an in-memory index built per question from `sources.all_docs()`.
The same ranking runs whatever the portal's own database is (SQLite or PostgreSQL), so answers do not depend on the
deployment (decision 0071).

Each document is indexed once with its title, keywords and body in all three languages, so a question in any language
finds it; the answer is then shown in the asker's language. Words are cut to their first PREFIX letters (a light
stemmer for Russian and Kazakh endings: общежитие/общежития, жатақхана/жатақханада, document/documents).
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass

from .sources import Doc

PREFIX = 5
MIN_WORD = 2
# Question words and fillers that say nothing about the topic (after cutting to PREFIX letters).
STOPWORDS = {
    w[:PREFIX]
    for w in (
        "как какой какие какая каков что где когда сколько можно нужно надо ли мне меня мой моя для это есть или и "
        "в на по с у о об от до из за не да нет а же бы вы вас ваш при про есть будет хочу хотел подскажите скажите "
        "пожалуйста здравствуйте привет "
        "қалай қандай қайда қашан қанша не бар ма ме ба бе па пе керек маған менің үшін және мен сіз сізге "
        "айтыңызшы сәлем сәлеметсіз "
        "what which how when where much many is are the a an do does i my me for to of in on can could should "
        "need please tell about with you your there hello hi"
    ).split()
}
_WORD = re.compile(r"\w+", re.UNICODE)


def normalise(text: str) -> list[str]:
    words = []
    for raw in _WORD.findall(text.lower().replace("ё", "е")):
        if raw.isdigit() or len(raw) < MIN_WORD:
            continue
        word = raw[:PREFIX]
        if word in STOPWORDS:
            continue
        words.append(word)
    return words


@dataclass
class Hit:
    doc: Doc
    score: float  # higher is better (FTS5's bm25() is negated)


def _indexed(doc: Doc) -> tuple[str, str, str]:
    title = " ".join(doc.title.values())
    body = " ".join(doc.body.values())
    return " ".join(normalise(title)), " ".join(normalise(doc.keywords)), " ".join(normalise(body))


def rank(question: str, docs: list[Doc], limit: int = 3) -> list[Hit]:
    terms = list(dict.fromkeys(normalise(question)))
    if not terms or not docs:
        return []
    connection = sqlite3.connect(":memory:")
    try:
        connection.execute("CREATE VIRTUAL TABLE d USING fts5(title, keywords, body, tokenize='unicode61')")
        connection.executemany(
            "INSERT INTO d(rowid, title, keywords, body) VALUES (?, ?, ?, ?)",
            [(index, *_indexed(doc)) for index, doc in enumerate(docs)],
        )
        # Each term quoted (FTS5 string syntax), any of them may match; BM25 weights: title 3, keywords 4, body 1.
        query = " OR ".join('"' + term.replace('"', '""') + '"' for term in terms)
        rows = connection.execute(
            "SELECT rowid, bm25(d, 3.0, 4.0, 1.0) AS score FROM d WHERE d MATCH ? ORDER BY score LIMIT ?",
            (query, limit),
        ).fetchall()
    finally:
        connection.close()
    return [Hit(docs[rowid], -score) for rowid, score in rows]
