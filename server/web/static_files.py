"""The built client's hashed assets (client/dist/static/) served by WhiteNoise (decision 0070).

webpack writes every asset under static/ with a content hash in its name, plus a brotli (.br) and a gzip (.gz) copy
made at build time. WhiteNoise, wrapped around the Flask WSGI app, answers /static/... itself: it picks the .br or .gz
file from the request's Accept-Encoding, sets Content-Encoding and `Vary: Accept-Encoding`, and marks the files
immutable for a year. index.html and the history fallback stay with Flask (server/web/spa.py: no-cache and
the CSP), so WhiteNoise is given the static/ folder only, never the dist root.

Files are indexed once when the app is created (no autorefresh): a path WhiteNoise did not index falls through to
Flask, which serves what a later build added and answers 404 for the rest.
"""

from __future__ import annotations

from pathlib import Path

from flask import Flask

from ..security import SECURITY_HEADERS

STATIC_PREFIX = "static/"
IMMUTABLE_MAX_AGE = 31536000  # one year: the name changes whenever the content does


def _immutable(path: str, url: str) -> bool:
    return url.lstrip("/").startswith(STATIC_PREFIX)


def _security_headers(headers, path: str, url: str) -> None:
    # WhiteNoise answers before Flask's after_request hooks run: the same headers as every other answer.
    for name, value in SECURITY_HEADERS.items():
        headers[name] = value


def serve_client_assets(app: Flask) -> None:
    """Wraps app.wsgi_app in WhiteNoise over CLIENT_DIST/static when the client is built."""
    static = Path(app.config["CLIENT_DIST"]) / STATIC_PREFIX
    if not static.is_dir():
        return
    from whitenoise import WhiteNoise

    whitenoise = WhiteNoise(
        app.wsgi_app,
        autorefresh=False,
        max_age=IMMUTABLE_MAX_AGE,
        immutable_file_test=_immutable,
        add_headers_function=_security_headers,
        allow_all_origins=False,
    )
    whitenoise.add_files(str(static), prefix=STATIC_PREFIX)
    app.wsgi_app = whitenoise
