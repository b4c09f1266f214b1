"""GET /auth is the page prerendered at build time in the visitor's language (issue 10, "Fast on a phone"; decision
0070): the qabyldau_lang cookie picks dist/auth.<lang>.html, anything else gets the Russian page, other paths keep the
plain shell; the pages of the real build carry their language, their styles and no inline script (CSP)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.usefixtures("no_server_errors")

BUILT_DIST = Path(__file__).resolve().parents[2] / "client" / "dist"
ROUTE_PRELOADS = [
    {"path": "/auth", "files": ["static/js/auth.1.chunk.js"]},
    {"path": "/", "files": ["static/js/home.2.chunk.js", "static/js/catalogues.3.chunk.js"]},
    {"path": "/apply/:id", "files": ["static/js/apply.4.chunk.js"]},
]
INDEX_HTML = '<!doctype html><html lang="ru"><head></head><body><div id="root"></div></body></html>'


def page(lang: str) -> str:
    return (
        f'<!doctype html><html lang="{lang}"><body><div id="root" data-prerendered="/auth">{lang}</div></body></html>'
    )


@pytest.fixture(scope="module")
def prerendered_dist(tmp_path_factory):
    dist = tmp_path_factory.mktemp("prerendered") / "dist"
    dist.mkdir()
    (dist / "index.html").write_text(INDEX_HTML, encoding="utf-8")
    for lang in ("ru", "kk", "en"):
        (dist / f"auth.{lang}.html").write_text(page(lang), encoding="utf-8")
    (dist / "route-preloads.json").write_text(json.dumps({"routes": ROUTE_PRELOADS}), encoding="utf-8")
    return dist


@pytest.fixture(scope="module")
def prerender_app(app_serving, prerendered_dist):
    return app_serving(prerendered_dist)


@pytest.fixture
def web(prerender_app, db):
    return prerender_app.test_client()


def get_auth(web, cookie: str | None = None, path: str = "/auth"):
    if cookie is not None:
        web.set_cookie("qabyldau_lang", cookie)
    return web.get(path)


@pytest.mark.parametrize(
    "cookie, lang",
    [
        (None, "ru"),
        ("ru", "ru"),
        ("kk", "kk"),
        ("en", "en"),
        ("kz", "kk"),
        ("de", "ru"),
        ("", "ru"),
        ("../index", "ru"),
    ],
)
def test_the_cookie_picks_the_language_of_the_prerendered_auth_page(web, cookie, lang):
    response = get_auth(web, cookie)
    assert response.status_code == 200 and response.mimetype == "text/html"
    assert response.get_data(as_text=True) == page(lang)
    assert response.headers["Cache-Control"] == "no-cache"
    assert "Cookie" in response.headers.get("Vary", "")
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]


def test_a_query_still_gets_the_prerendered_page(web):
    # /auth?verify-otp=true: the client sees the query and renders the verify step instead of hydrating (boot.jsx).
    assert get_auth(web, "en", "/auth?verify-otp=true").get_data(as_text=True) == page("en")


@pytest.mark.parametrize("path", ["/", "/apply", "/auth/extra", "/choose-flow"])
def test_other_paths_keep_the_plain_shell(web, path):
    assert get_auth(web, "kk", path).get_data(as_text=True) == INDEX_HTML


def test_the_same_page_for_a_signed_in_user(web, factories):
    """The server does not know the session (it lives in localStorage): a signed-in user gets the sign-in page too,
    and the client, which finds the stored user, renders its redirect instead of hydrating (boot.jsx canHydrate)."""
    user = factories.user(email="prerender@example.com")
    web.set_cookie("qabyldau_lang", "en")
    response = web.get("/auth", headers={"Authorization": f"Bearer {factories.token(user)}"})
    assert response.get_data(as_text=True) == page("en")


def test_a_build_without_prerendered_pages_serves_the_shell(app_serving, tmp_path, db):
    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / "index.html").write_text(INDEX_HTML, encoding="utf-8")
    plain = app_serving(dist).test_client()
    plain.set_cookie("qabyldau_lang", "kk")
    assert plain.get("/auth").get_data(as_text=True) == INDEX_HTML


@pytest.mark.parametrize(
    "path, link",
    [
        (
            "/",
            "</static/js/home.2.chunk.js>; rel=preload; as=script, "
            "</static/js/catalogues.3.chunk.js>; rel=preload; as=script",
        ),
        ("/apply/42", "</static/js/apply.4.chunk.js>; rel=preload; as=script"),
        ("/apply/42/", "</static/js/apply.4.chunk.js>; rel=preload; as=script"),
        ("/apply/42/submitted", None),
        ("/choose-flow", None),
        ("/auth", None),  # the prerendered page preloads its chunks itself
    ],
)
def test_the_shell_preloads_the_route_chunks_of_the_page(web, path, link):
    response = web.get(path)
    assert response.status_code == 200
    assert response.headers.get("Link") == link


def test_no_preloads_without_the_manifest(app_serving, tmp_path, db):
    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / "index.html").write_text(INDEX_HTML, encoding="utf-8")
    plain = app_serving(dist).test_client()
    assert "Link" not in plain.get("/").headers


# ============================================================================================ the real build
DESCRIPTIONS = {
    "ru": "Qabyldau — приёмная комиссия университета",
    "kk": "Qabyldau — университеттің қабылдау комиссиясы",
    "en": "Qabyldau — the university admissions office",
}


@pytest.mark.parametrize("lang", ["ru", "kk", "en"])
def test_the_built_pages_are_complete_and_csp_clean(lang):
    built = BUILT_DIST / f"auth.{lang}.html"
    if not built.is_file():
        pytest.fail("The client is not built: run `npm run build` (make test does it)")
    html = built.read_text(encoding="utf-8")
    assert f'<html lang="{lang}"' in html
    # The description a link preview or a search engine shows is in the page's language too.
    descriptions = re.findall(r'<meta name="?description"? content="([^"]*)"', html)
    assert descriptions == [DESCRIPTIONS[lang]]
    assert 'data-prerendered="/auth"' in html and 'data-testid="signin-email"' in html
    # The styles are in the page (no flash of unstyled content) and the form never submits as a GET before hydration.
    assert re.search(r'<style data-emotion="css [^"]+">[^<]{1000,}</style>', html)
    assert re.search(r'<form [^>]*method="dialog"', html)
    # CSP: script-src 'self' — every script is a file, no inline code or handler attributes.
    for attributes, body in re.findall(r"<script\b([^>]*)>(.*?)</script>", html, flags=re.S):
        assert "src=" in attributes and not body.strip()
    assert not re.search(r"<[a-z][^>]*\son[a-z]+\s*=", html, flags=re.I)
    for src in re.findall(r'(?:src|href)="?(/static/[^" >]+)', html):
        assert (BUILT_DIST / src.lstrip("/")).is_file(), src


def test_the_built_route_preloads_name_existing_files():
    manifest = BUILT_DIST / "route-preloads.json"
    if not manifest.is_file():
        pytest.fail("The client is not built: run `npm run build` (make test does it)")
    routes = {route["path"]: route["files"] for route in json.loads(manifest.read_text(encoding="utf-8"))["routes"]}
    assert {"/auth", "/", "/apply", "/apply/:id"} <= set(routes)
    for files in routes.values():
        for name in files:
            assert (BUILT_DIST / name).is_file(), name
    # The home page and the programme step no longer download the date picker nor the questionnaire; /apply/<id>
    # starts it from the client (routePreloads.json "later"), not in the Link header (it held back the first paint).
    assert not any("questionnaire" in name for name in routes["/"] + routes["/apply"])
    assert not any("questionnaire" in name for name in routes["/apply/:id"])
