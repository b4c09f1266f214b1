"""The KATO tree picker (req §2 Pickers, issue 10): children with whether they have children of their own (leaves
get no expand arrow), the cities of republican significance first among the regions, and a search by name at any
level that shows each node's path."""

from __future__ import annotations

from . import kato_dao as dao
from .institutions import words_of

# Almaty, Astana, Shymkent (KATO AB 75, 71, 79): listed before the oblasts, in this order.
REPUBLICAN_CITY_CODES = ("750000000", "710000000", "790000000")
SEARCH_LIMIT = 50
MAX_DEPTH = 6


def _names(node) -> dict:
    return {"id": node.id, "name_ru": node.name_ru, "name_kk": node.name_kk, "name_en": node.name_en}


def _rows(nodes, paths: dict[int, list] | None = None) -> list[dict]:
    parents = dao.with_children([node.id for node in nodes])
    return [
        {
            **_names(node),
            "code": node.code,
            "level": node.level,
            "parent_id": node.parent_id,
            "has_children": node.id in parents,
            "featured": REPUBLICAN_CITY_CODES.index(node.code) if node.code in REPUBLICAN_CITY_CODES else None,
            "path": (paths or {}).get(node.id, []),
        }
        for node in nodes
    ]


def children(parent_id: int | None) -> dict:
    nodes = dao.children(parent_id)
    if parent_id is None:
        order = {code: index for index, code in enumerate(REPUBLICAN_CITY_CODES)}
        nodes.sort(key=lambda node: order.get(node.code, len(order)))  # stable: the rest keep the name order
    return {"list": _rows(nodes), "total": len(nodes)}


def search(query: str) -> dict:
    nodes, total = dao.search(words_of(query), SEARCH_LIMIT)
    # Ancestors level by level (a few queries, whatever the number of results).
    known = {node.id: node for node in nodes}
    wanted = {node.parent_id for node in nodes if node.parent_id is not None} - set(known)
    for _ in range(MAX_DEPTH):
        if not wanted:
            break
        found = dao.by_ids(wanted)
        known.update(found)
        wanted = {node.parent_id for node in found.values() if node.parent_id is not None} - set(known)
    paths = {}
    for node in nodes:
        chain, parent = [], node.parent_id
        while parent is not None and parent in known and len(chain) < MAX_DEPTH:
            chain.insert(0, _names(known[parent]))
            parent = known[parent].parent_id
        paths[node.id] = chain
    return {"list": _rows(nodes, paths), "total": total}
