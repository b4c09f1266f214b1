"""The institution picker's search (req §2 Pickers, issue 10): every word of the query must match the name, the
region, the city/district or the address, so «школа 25 Алматы» finds School No. 25 in Almaty."""

from __future__ import annotations

import re

from . import dao

MAX_WORDS = 8
MAX_WORD_LENGTH = 100
# "№25" and "25" should find the same school: the number sign and punctuation around words do not count.
_SEPARATORS = re.compile(r"[\s,;№#«»\"()]+")


def words_of(query: str) -> list[str]:
    words = [w.strip(".-") for w in _SEPARATORS.split(query or "")]
    return [w[:MAX_WORD_LENGTH] for w in words if w][:MAX_WORDS]


def search(query: str, page: int, size: int) -> dict:
    rows, total = dao.search(words_of(query), page, size)
    return {
        "list": [
            {
                "id": row.id,
                "name": row.name,
                "region": row.region,
                "district": row.district,
                "address": row.address,
                "type": row.type,
                "kato_id": row.kato_id,
            }
            for row in rows
        ],
        "total": total,
        "page": page,
        "size": size,
    }
