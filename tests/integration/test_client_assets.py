"""The client's assets on a phone (issue 10, "Fast on a phone"; decision 0070): hashed files are served by WhiteNoise
with the brotli or gzip copy made at build time, the right Content-Encoding / Vary / Cache-Control headers and the
same security headers as every other answer; index.html stays no-cache; the JavaScript the /auth screen downloads
stays within its compressed budget."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from ..helpers import assert_envelope

pytestmark = pytest.mark.usefixtures("no_server_errors")

ROOT = Path(__file__).resolve().parents[2]
BUILT_DIST = ROOT / "client" / "dist"
FIRST_SCREEN_JS_TARGET = 150 * 1024  # compressed bytes (issue 10: JavaScript for the first screen ≤ 150 KB)
# What the build measures (decision 0070: 196,562 bytes with brotli before the issue; 176,031 once the stepper, admin,
# payments and applicant-UX work had joined; 148,190 after the first screen's diet; 147,146 once the applicant shell's
# libraries got a chunk of their own; 145,239 once MUI's default theme left out the CSS-variables machinery, issue
# 27), with a little room: a change that adds to the first screen fails here long before it reaches the issue's target
# above. The applicant pages' budgets: test_page_budgets.py.
FIRST_SCREEN_JS_CEILING = 144 * 1024
ASSET = "static/js/main.0123456789.js"
SOURCE = ("console.log('qabyldau: the same line, over and over, compresses well');\n" * 200).encode()
BROTLI_BYTES = b"\x1b brotli stand-in: WhiteNoise sends the .br file as it is on disk"
INDEX_HTML = (
    '<!doctype html><html lang="ru"><head><script defer src="/static/js/main.0123456789.js"></script></head></html>'
)


@pytest.fixture(scope="module")
def compressed_dist(tmp_path_factory):
    dist = tmp_path_factory.mktemp("compressed") / "dist"
    (dist / "static" / "js").mkdir(parents=True)
    (dist / "index.html").write_text(INDEX_HTML, encoding="utf-8")
    (dist / ASSET).write_bytes(SOURCE)
    (dist / f"{ASSET}.gz").write_bytes(gzip.compress(SOURCE, compresslevel=9))
    (dist / f"{ASSET}.br").write_bytes(BROTLI_BYTES)
    return dist


@pytest.fixture(scope="module")
def assets_app(app_serving, compressed_dist):
    return app_serving(compressed_dist)


@pytest.fixture
def assets(assets_app, db):
    return assets_app.test_client()


def assert_asset_headers(response):
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert "Accept-Encoding" in response.headers.get("Vary", "")
    cache = response.headers["Cache-Control"]
    assert "immutable" in cache and "max-age=31536000" in cache and "public" in cache
    # The CSP and friends are on the asset answers too (WhiteNoise answers before Flask's hooks).
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert "Access-Control-Allow-Origin" not in response.headers


def test_brotli_is_preferred_when_accepted(assets):
    response = assets.get(f"/{ASSET}", headers={"Accept-Encoding": "gzip, deflate, br"})
    assert_asset_headers(response)
    assert response.headers["Content-Encoding"] == "br"
    assert response.data == BROTLI_BYTES
    assert int(response.headers["Content-Length"]) == len(BROTLI_BYTES)


def test_gzip_when_brotli_is_not_accepted(assets):
    response = assets.get(f"/{ASSET}", headers={"Accept-Encoding": "gzip"})
    assert_asset_headers(response)
    assert response.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(response.data) == SOURCE
    assert len(response.data) < len(SOURCE) / 5


def test_identity_without_accept_encoding(assets):
    response = assets.get(f"/{ASSET}", headers={"Accept-Encoding": "identity"})
    assert_asset_headers(response)
    assert "Content-Encoding" not in response.headers
    assert response.data == SOURCE


def test_a_conditional_request_is_answered_304(assets):
    first = assets.get(f"/{ASSET}", headers={"Accept-Encoding": "br"})
    again = assets.get(f"/{ASSET}", headers={"Accept-Encoding": "br", "If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""


def test_index_html_stays_with_flask_uncached_and_uncompressed(assets):
    for path in ("/", "/auth", "/index.html"):
        response = assets.get(path, headers={"Accept-Encoding": "br, gzip"})
        assert response.status_code == 200 and response.mimetype == "text/html"
        assert response.get_data(as_text=True) == INDEX_HTML
        assert response.headers["Cache-Control"] == "no-cache"
        assert "Content-Encoding" not in response.headers
        assert "script-src 'self'" in response.headers["Content-Security-Policy"]


def test_unknown_assets_are_still_json_404s(assets):
    assert_envelope(assets.get("/static/js/missing.0123456789.js"), 404, "errors.not_found")


# ============================================================================================ the real build
def built_manifest() -> dict:
    manifest = BUILT_DIST / "chunk-groups.json"
    if not manifest.is_file():
        pytest.fail("The client is not built: run `npm run build` (make test does it)")
    return json.loads(manifest.read_text(encoding="utf-8"))


def compressed_size(relative: str) -> int:
    path = BUILT_DIST / relative
    for suffix in (".br", ".gz"):
        if path.with_name(path.name + suffix).is_file():
            return path.with_name(path.name + suffix).stat().st_size
    return path.stat().st_size  # below the compression threshold: sent as it is


def first_screen_files(manifest: dict, route_chunk: str) -> list[str]:
    return list(dict.fromkeys(manifest["groups"][manifest["entry"]] + manifest["groups"][route_chunk]))


def auth_first_screen_bytes() -> tuple[int, list[str]]:
    manifest = built_manifest()
    files = first_screen_files(manifest, "auth")
    index = (BUILT_DIST / "index.html").read_text(encoding="utf-8")
    # The entry's files are the ones index.html loads, and every one of them has its brotli and gzip copies.
    for name in manifest["groups"][manifest["entry"]]:
        assert re.search(rf'src="?/{re.escape(name)}[" >]', index), name
    for name in files:
        path = BUILT_DIST / name
        if path.stat().st_size > 1024:
            assert path.with_name(path.name + ".br").is_file() and path.with_name(path.name + ".gz").is_file(), name
    return sum(compressed_size(name) for name in files), files


def test_the_auth_screen_javascript_stays_under_its_ceiling():
    total, files = auth_first_screen_bytes()
    assert total <= FIRST_SCREEN_JS_CEILING, f"/auth loads {total} compressed bytes of JavaScript: {files}"
    # The larger catalogues, the questionnaire's code, the toast and the admin screens are not part of it.
    assert not any("catalogues" in name for name in files)
    assert not any("apply" in name or "stepper" in name for name in files)
    assert not any(re.search(r"/(snackbar|own-application|admin[-.])", name) for name in files)


def test_the_auth_screen_javascript_fits_the_issue_target():
    total, files = auth_first_screen_bytes()
    assert total <= FIRST_SCREEN_JS_TARGET, f"/auth loads {total} compressed bytes of JavaScript: {files}"


def test_the_built_assets_are_served_compressed(app_serving, db):
    manifest = built_manifest()
    name = max(manifest["groups"][manifest["entry"]], key=lambda n: (BUILT_DIST / n).stat().st_size)
    built = app_serving(BUILT_DIST).test_client()
    response = built.get(f"/{name}", headers={"Accept-Encoding": "br, gzip"})
    assert_asset_headers(response)
    assert response.headers["Content-Encoding"] == "br"
    assert response.data == (BUILT_DIST / f"{name}.br").read_bytes()
    response = built.get(f"/{name}", headers={"Accept-Encoding": "gzip"})
    assert response.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(response.data) == (BUILT_DIST / name).read_bytes()
