"""The applicant's first screens served prerendered (issue 10, "Fast on a phone"; decision 0070): /, /apply,
/apply/<id> and /stepper/<id> (issue 27) answer dist/<page>.<lang>.html by the qabyldau_lang cookie (as /auth does),
only without a query string; other paths (and ids ApplyPage would redirect) keep the plain shell with its Link
preloads; the pages go out in the precompressed copy the browser accepts. The real build's pages carry their
language, route, heading and no inline script (CSP)."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.usefixtures("no_server_errors")

BUILT_DIST = Path(__file__).resolve().parents[2] / "client" / "dist"
INDEX_HTML = '<!doctype html><html lang="ru"><head></head><body><div id="root"></div></body></html>'
# No brotli decoder among the test dependencies: the .br copies of the fixture are stand-ins, sent as they are on disk.
BROTLI_STAND_IN = b"\x1b brotli stand-in of "
PAGES = {"auth": "/auth", "home": "/", "apply": "/apply", "apply-id": "/apply/:id", "stepper-id": "/stepper/:id"}
ROUTE_PRELOADS = [
    {"path": "/", "files": ["static/js/home.2.chunk.js"]},
    {"path": "/apply/:id/submitted", "files": ["static/js/apply.4.chunk.js"]},
]


def page(name: str, lang: str) -> str:
    return f'<!doctype html><html lang="{lang}"><body><div id="root" data-prerendered="{PAGES[name]}">{name}</div>'


@pytest.fixture(scope="module")
def dist(tmp_path_factory):
    folder = tmp_path_factory.mktemp("prerendered-pages") / "dist"
    folder.mkdir()
    (folder / "index.html").write_text(INDEX_HTML, encoding="utf-8")
    for name in PAGES:
        for lang in ("ru", "kk", "en"):
            body = page(name, lang).encode()
            (folder / f"{name}.{lang}.html").write_bytes(body)
            (folder / f"{name}.{lang}.html.br").write_bytes(BROTLI_STAND_IN + body)
            (folder / f"{name}.{lang}.html.gz").write_bytes(gzip.compress(body))
    (folder / "route-preloads.json").write_text(json.dumps({"routes": ROUTE_PRELOADS}), encoding="utf-8")
    return folder


@pytest.fixture
def web(app_serving, dist, db):
    return app_serving(dist).test_client()


@pytest.mark.parametrize(
    "path, name",
    [
        ("/", "home"),
        ("/apply", "apply"),
        ("/apply/", "apply"),
        ("/apply/42", "apply-id"),
        ("/apply/1234567890", "apply-id"),
        ("/stepper/42", "stepper-id"),
        ("/stepper/42/", "stepper-id"),
        ("/auth", "auth"),
    ],
)
@pytest.mark.parametrize("cookie, lang", [(None, "ru"), ("kk", "kk"), ("kz", "kk"), ("en", "en"), ("xx", "ru")])
def test_each_prerendered_route_answers_its_page_in_the_cookies_language(web, path, name, cookie, lang):
    if cookie is not None:
        web.set_cookie("qabyldau_lang", cookie)
    response = web.get(path)
    assert response.status_code == 200 and response.mimetype == "text/html"
    assert response.get_data(as_text=True) == page(name, lang)
    assert response.headers["Cache-Control"] == "no-cache"
    assert "Cookie" in response.headers["Vary"] and "Accept-Encoding" in response.headers["Vary"]
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]
    assert "Link" not in response.headers  # the page preloads its chunks itself


@pytest.mark.parametrize(
    "path",
    [
        "/?payment=done",  # a query: the client renders these from scratch (boot.jsx), so the shell is enough
        "/apply?study_program_id=3",
        "/apply/42?x=1",
        "/apply/0",  # ids ApplyPage sends back to /apply, or that are not ids at all
        "/apply/012",
        "/apply/12345678901",
        "/apply/abc",
        "/apply/42/submitted",
        "/stepper",  # the physical-presence notice and the programme choice: not prerendered
        "/stepper/42?type=paid",
        "/stepper/0",
        "/stepper/abc",
        "/documents-upload/42",
        "/my-applications",
        "/choose-flow",
    ],
)
def test_other_addresses_keep_the_plain_shell(web, path):
    web.set_cookie("qabyldau_lang", "en")
    response = web.get(path)
    assert response.status_code == 200
    assert response.get_data(as_text=True) == INDEX_HTML
    assert "Content-Encoding" not in response.headers


def test_the_shell_still_carries_the_route_preloads(web):
    assert web.get("/?from=mail").headers["Link"] == "</static/js/home.2.chunk.js>; rel=preload; as=script"
    assert web.get("/apply/42/submitted").headers["Link"] == "</static/js/apply.4.chunk.js>; rel=preload; as=script"


@pytest.mark.parametrize(
    "accept, encoding",
    [("gzip, deflate, br", "br"), ("gzip", "gzip"), ("br;q=0, gzip", "gzip"), ("identity", None), (None, None)],
)
def test_the_page_goes_out_in_the_compression_the_browser_accepts(web, accept, encoding):
    web.set_cookie("qabyldau_lang", "kk")
    response = web.get("/apply/7", headers={"Accept-Encoding": accept} if accept else {})
    assert response.status_code == 200 and response.mimetype == "text/html"
    assert response.headers.get("Content-Encoding") == encoding
    body = response.get_data()
    decoded = {"br": lambda raw: raw.removeprefix(BROTLI_STAND_IN), "gzip": gzip.decompress, None: lambda raw: raw}[
        encoding
    ](body)
    assert decoded.decode() == page("apply-id", "kk")
    assert "Accept-Encoding" in response.headers["Vary"] and "Cookie" in response.headers["Vary"]


def test_without_compressed_copies_the_page_is_sent_as_it_is(app_serving, tmp_path, db):
    folder = tmp_path / "dist"
    folder.mkdir()
    (folder / "index.html").write_text(INDEX_HTML, encoding="utf-8")
    (folder / "home.ru.html").write_text(page("home", "ru"), encoding="utf-8")
    web = app_serving(folder).test_client()
    response = web.get("/", headers={"Accept-Encoding": "br, gzip"})
    assert "Content-Encoding" not in response.headers
    assert response.get_data(as_text=True) == page("home", "ru")
    # A page the build did not write: the plain shell.
    assert web.get("/apply").get_data(as_text=True) == INDEX_HTML


def test_a_signed_in_request_gets_the_same_page(web, factories):
    """The session lives in the browser's storage: the server answers everyone alike, and the client fills in the
    user (or sends a signed-out visitor of /apply to /auth) after hydrating (boot.jsx)."""
    user = factories.user(email="shell@example.com")
    response = web.get("/apply", headers={"Authorization": f"Bearer {factories.token(user)}"})
    assert response.get_data(as_text=True) == page("apply", "ru")


# ============================================================================================ the real build
HEADINGS = {
    "home": {"ru": "Поступление в университет", "kk": "Университетке түсу", "en": "University admission"},
    "apply": {"ru": "Подача заявки", "kk": "Өтінім беру", "en": "Apply"},
    "apply-id": {"ru": "Подача заявки", "kk": "Өтінім беру", "en": "Apply"},
    "stepper-id": {"ru": "Этапы поступления", "kk": "Түсу кезеңдері", "en": "Admission steps"},
}


def built(name: str, lang: str) -> str:
    path = BUILT_DIST / f"{name}.{lang}.html"
    if not path.is_file():
        pytest.fail("The client is not built: run `npm run build` (make test does it)")
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", ["ru", "kk", "en"])
@pytest.mark.parametrize("name", ["home", "apply", "apply-id", "stepper-id"])
def test_the_built_applicant_pages_are_complete_and_csp_clean(name, lang):
    html = built(name, lang)
    assert f'<html lang="{lang}"' in html
    assert f'data-prerendered="{PAGES[name]}"' in html
    heading = re.search(r"<h1[^>]*>([^<]+)</h1>", html)
    assert heading, "the page's heading is in the markup"
    assert heading.group(1) == HEADINGS[name][lang]
    # The shell knows no user: no e-mail, no sign-out, no sign-in button either (it shows what every applicant sees).
    assert 'data-testid="user-chip"' not in html and 'data-testid="logout"' not in html
    assert 'data-testid="sign-in-link"' not in html
    assert re.search(r'<style data-emotion="css [^"]+">[^<]{1000,}</style>', html)
    for attributes, body in re.findall(r"<script\b([^>]*)>(.*?)</script>", html, flags=re.S):
        assert "src=" in attributes and not body.strip()
    assert not re.search(r"<[a-z][^>]*\son[a-z]+\s*=", html, flags=re.I)
    assert not re.search(r"=\s*[\"']?\s*javascript:", html, flags=re.I)
    preloads = re.findall(r'<link rel="preload" as="script" href="(/static/[^"]+)"', html)
    assert preloads and not any("questionnaire" in src for src in preloads)
    for src in re.findall(r'(?:src|href)="?(/static/[^" >]+)', html):
        assert (BUILT_DIST / src.lstrip("/")).is_file(), src
    # The compressed copies: gzip decodes to the same page; brotli (no decoder here) is there and smaller still.
    raw = html.encode("utf-8")
    compressed = (BUILT_DIST / f"{name}.{lang}.html.gz").read_bytes()
    assert gzip.decompress(compressed) == raw
    assert 0 < (BUILT_DIST / f"{name}.{lang}.html.br").stat().st_size < len(compressed) < len(raw) // 3


def test_the_built_pages_show_their_screens_first_state():
    home, apply, apply_id = built("home", "en"), built("apply", "en"), built("apply-id", "en")
    # Home: the heading and the cards' space kept empty (which cards apply depends on who opens it: drawing every
    # card and removing a foreigner's citizen cards moved the rest, decision 0070); the programme step: its
    # question's heading, loading the programmes; a questionnaire step: the heading and the loading state (the
    # application is read after hydration).
    assert "<h1" in home and 'aria-busy="true"' in home
    assert 'data-testid="card-scholarship"' not in home and 'data-testid="card-apply"' not in home
    assert 'id="study-program-title"' in apply and 'data-testid="apply-steps"' in apply and 'role="status"' in apply
    assert 'role="status"' in apply_id and 'data-testid="apply-steps"' not in apply_id
    # A citizen's stepper: the heading and the skeleton of the card and the list; no step (the application is read
    # after hydration), and the questionnaire is not among its preloads (loaded when a form step is shown).
    stepper = built("stepper-id", "en")
    assert 'data-testid="stepper-skeleton"' in stepper and 'role="status"' in stepper
    assert 'data-testid="stepper-action-' not in stepper and 'data-testid="stepper-program"' not in stepper
