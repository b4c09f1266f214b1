"""The audit trail's vocabulary (decisions 0079, 0091): every field name, row kind and workflow transition the server
can write into audit_log, listed in client/src/components/audit/auditVocabulary.json. The client's jest test
(auditVocabulary.test.js) checks that each name there has a label in ru, kk and en; this test checks that the file
lists everything the server can record, so a new column, a new record() fact or a new transition fails one of the two
until it is labelled. After a server change, regenerate the file and add the labels jest then asks for:

    AUDIT_VOCABULARY_WRITE=1 .venv/bin/python -m pytest tests/unit/test_audit_vocabulary.py -q

Where the names come from (server/audit.py):
- row changes: every column of every audited table (not in audit.NOT_AUDITED) by its attribute name, and the link
  tables' relationship names (a user's `roles`), under the model's snake-case name (audit.target_type_of);
- JSON columns are summarised to their keys: the workflow event's `data` and `changes` hold the state machine's fields
  and the transitions' data schemas;
- record() facts and directly added AuditLog rows: the string keys of their details, read from the source (helpers
  returning a dict literal, like grants' counts_of, are followed; the few keys built elsewhere are DYNAMIC_FACTS);
- targets named as (kind, id) pairs: their kind.
"""

from __future__ import annotations

import ast
import json
import os
from pathlib import Path

from server import audit
from server.applications.workflow import TRANSITION_NAMES, TRANSITIONS
from server.applications.workflow.engine import STATE_FIELDS
from server.extensions import db
from server.models import AuditLog

ROOT = Path(__file__).resolve().parents[2]
SERVER = ROOT / "server"
VOCABULARY = ROOT / "client" / "src" / "components" / "audit" / "auditVocabulary.json"

# Facts whose keys the source scan cannot see: review/export.py audit(**extra), called with keywords by export_jobs.py.
DYNAMIC_FACTS = {"export_id", "background"}


def _record_names(tree: ast.Module) -> tuple[set[str], set[str]]:
    """Names under which a module reaches server/audit.py: the module itself and its record function."""
    modules, functions = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module in {None, "", "audit"} and node.level:
            for alias in node.names:
                if node.module == "audit" and alias.name == "record":
                    functions.add(alias.asname or alias.name)
                elif node.module in {None, ""} and alias.name == "audit":
                    modules.add(alias.asname or alias.name)
    return modules, functions


def _dict_keys(node, returns: dict[str, set[str]]) -> set[str]:
    """The string keys of a dict literal, following `**helper(...)` to a helper that returns a dict literal."""
    if not isinstance(node, ast.Dict):
        return set()
    keys = set()
    for key, value in zip(node.keys, node.values, strict=True):
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            keys.add(key.value)
        elif key is None and isinstance(value, ast.Call) and isinstance(value.func, ast.Name):
            keys |= returns.get(value.func.id, set())
    return keys


def _details_arg(call: ast.Call, position: int):
    keyword = next((k.value for k in call.keywords if k.arg == "details"), None)
    if keyword is not None:
        return keyword
    return call.args[position] if len(call.args) > position else None


def server_vocabulary() -> dict[str, list[str]]:
    fields: set[str] = set(STATE_FIELDS)
    types: set[str] = set()
    for mapper in db.Model.registry.mappers:
        cls = mapper.class_
        table = getattr(cls, "__tablename__", None)
        if table is None or table in audit.NOT_AUDITED or cls is AuditLog:
            continue
        types.add(audit.target_type_of(cls))
        fields |= {prop.key for prop in mapper.column_attrs}
        fields |= {rel.key for rel in mapper.relationships if rel.secondary is not None}
    for transition in TRANSITIONS.values():
        if transition.data_schema is not None:
            fields |= set(transition.data_schema().fields)

    trees = {path: ast.parse(path.read_text(encoding="utf-8")) for path in SERVER.rglob("*.py")}
    returns: dict[str, set[str]] = {}
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Return) and isinstance(inner.value, ast.Dict):
                        returns.setdefault(node.name, set()).update(_dict_keys(inner.value, {}))
    # Functions that pass one of their parameters on as record()'s details (universal/service.py _audit): their
    # callers' dict literals are facts too.
    forwarders: dict[str, int] = {}
    calls: list[ast.Call] = []
    for path, tree in trees.items():
        if path == SERVER / "audit.py":
            continue
        modules, functions = _record_names(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef):
                params = [a.arg for a in node.args.args]
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Call) and _is_record(inner, modules, functions):
                        details = _details_arg(inner, 2)
                        if isinstance(details, ast.Name) and details.id in params:
                            forwarders[node.name] = params.index(details.id)
            if not isinstance(node, ast.Call):
                continue
            calls.append(node)
            if _is_record(node, modules, functions):
                fields |= _dict_keys(_details_arg(node, 2), returns)
                target = node.args[1] if len(node.args) > 1 else None
                if isinstance(target, ast.Tuple) and isinstance(target.elts[0], ast.Constant):
                    types.add(target.elts[0].value)
            elif isinstance(node.func, ast.Name) and node.func.id == "AuditLog":
                for keyword in node.keywords:
                    if keyword.arg == "details":
                        fields |= _dict_keys(keyword.value, returns)
                    elif keyword.arg == "target_type" and isinstance(keyword.value, ast.Constant):
                        types.add(keyword.value.value)
    for call in calls:
        name = call.func.id if isinstance(call.func, ast.Name) else getattr(call.func, "attr", None)
        if name in forwarders:
            fields |= _dict_keys(_details_arg(call, forwarders[name]), returns)
    fields |= DYNAMIC_FACTS
    # The entry's structure (server/audit.py _rows), not facts of their own.
    fields -= {"before", "after"}
    return {"fields": sorted(fields), "types": sorted(types), "transitions": sorted(TRANSITION_NAMES)}


def _is_record(call: ast.Call, modules: set[str], functions: set[str]) -> bool:
    func = call.func
    if isinstance(func, ast.Attribute) and func.attr == "record" and isinstance(func.value, ast.Name):
        return func.value.id in modules
    return isinstance(func, ast.Name) and func.id in functions


def test_the_client_lists_every_name_the_audit_trail_can_record():
    expected = server_vocabulary()
    if os.environ.get("AUDIT_VOCABULARY_WRITE") == "1":
        VOCABULARY.write_text(json.dumps(expected, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    listed = json.loads(VOCABULARY.read_text(encoding="utf-8"))
    for part in ("fields", "types", "transitions"):
        missing = sorted(set(expected[part]) - set(listed.get(part, [])))
        assert not missing, (
            f"{VOCABULARY.name} lacks {part} the server can record: {missing}; regenerate it "
            "(AUDIT_VOCABULARY_WRITE=1, see this module's docstring) and label them in client/src/i18n/staff"
        )
    assert listed == expected, f"{VOCABULARY.name} lists names the server no longer records; regenerate it"


def test_the_scan_finds_the_facts_of_known_records():
    """The source scan is not blind: facts written through an alias (letters), a helper (grants' counts_of), a
    forwarding function (universal _audit) and a direct AuditLog row (pkb, grant_role) are all found."""
    found = server_vocabulary()
    fields, types = set(found["fields"]), set(found["types"])
    assert {"replaces", "duplicates", "already_listed", "role", "via", "iin", "had_second_factor"} <= fields
    assert {"actor_role", "applicant_visible", "transition", "author_side", "is_exempted_from_payment"} <= fields
    assert "roles" in fields  # a user's link to its roles (a relationship through a link table)
    assert {"application_message", "notification", "application_event", "queue", "gov_grant_list"} <= types
    assert "set_exemption" in found["transitions"]
