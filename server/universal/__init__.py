"""The generic model API (/api/v1/universal, req §7; decision 0040), one package from the edge to the SQL.

- binding.py  — a declaration (models_registry) bound to its SQLAlchemy class; `bind()` resolves the model, the
                caller and the permission once per request, at the edge;
- schemas.py  — the per-model request/answer shapes generated from the declarations (and the OpenAPI document);
- dao.py      — query building (filters, order, includes) and the queries; never commits;
- service.py  — the use cases (find, create, update, delete, describe); owns the transaction;
- views.py    — the blueprint: parses, calls the service, dumps; maps the domain errors to statuses;
- errors.py   — the domain errors the lower layers raise;
- rules.py, scopes.py — the cross-field rules, derived fields and row scopes the declarations name.
"""
