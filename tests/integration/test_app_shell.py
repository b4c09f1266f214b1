"""The application shell: health, the OpenAPI document, security headers, the SPA history fallback, the error
envelope and its three catalogues, the dev outbox switch (design §4, §5, §8, §9; req §1 languages, §8)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from server import create_app
from server.i18n import LANGUAGES, catalogue

from ..conftest import make_config
from ..helpers import API, assert_envelope, bearer, outbox, sign_up

pytestmark = pytest.mark.usefixtures("no_server_errors")

SERVER = Path(__file__).resolve().parents[2] / "server"
INDEX_HTML = (
    '<!doctype html><html lang="ru"><head><title>Qabyldau</title></head><body><div id="root"></div>'
    '<script src="/static/app.3f2a.js"></script></body></html>'
)
SECRET = "TOP-SECRET-OUTSIDE-DIST"


# ============================================================================================ fixtures
@pytest.fixture(scope="module")
def client_dist(tmp_path_factory):
    """A built client stand-in: dist/index.html + a hashed asset, and a secret file next to dist."""
    root = tmp_path_factory.mktemp("spa")
    dist = root / "dist"
    (dist / "static").mkdir(parents=True)
    (dist / "index.html").write_text(INDEX_HTML, encoding="utf-8")
    (dist / "static" / "app.3f2a.js").write_text("console.log('qabyldau');", encoding="utf-8")
    (dist / "favicon.ico").write_bytes(b"\x00\x00\x01\x00")
    (root / "secret.txt").write_text(SECRET, encoding="utf-8")
    return dist


@pytest.fixture(scope="module")
def spa_app(app_serving, client_dist):
    """A second app whose CLIENT_DIST is the temporary dist (the session app has none); same database."""
    return app_serving(client_dist)


@pytest.fixture
def spa(spa_app, db):
    return spa_app.test_client()


def csp_directives(response) -> dict[str, list[str]]:
    policy = response.headers.get("Content-Security-Policy", "")
    directives = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            directives[words[0].lower()] = words[1:]
    return directives


def assert_security_headers(response) -> None:
    directives = csp_directives(response)
    script_src = directives.get("script-src", directives.get("default-src"))
    assert script_src, response.headers
    assert "'unsafe-inline'" not in script_src and "'unsafe-eval'" not in script_src
    assert "*" not in script_src and "data:" not in script_src
    assert directives.get("object-src") == ["'none'"]
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers.get("X-Frame-Options") == "DENY" or directives.get("frame-ancestors") == ["'none'"]
    assert directives.get("frame-ancestors") in (["'none'"], ["'self'"])
    assert response.headers["Referrer-Policy"] in (
        "no-referrer",
        "same-origin",
        "strict-origin",
        "strict-origin-when-cross-origin",
    )


# ============================================================================================ meta endpoints
def test_health_checks_the_database(client, db):
    response = client.get(f"{API}/health")
    assert response.status_code == 200 and response.get_json() == {"status": "ok"}
    assert_security_headers(response)


def test_public_config_hands_the_client_the_domain_constants(client, db, factories):
    body = client.get(f"{API}/public-config").get_json()
    assert body["roles"] == {
        "foreign_admin": "Админ",
        "kz_admin": "Админ (граждане КЗ)",
        "staff_manager": "Управление персоналом",
    }
    assert body["admin_segments"] == [
        {"segment": "FOREIGN", "role": "Админ"},
        {"segment": "KZ", "role": "Админ (граждане КЗ)"},
    ]
    assert body["kazakhstan_citizenship_name_en"] == "Citizen of the Republic of Kazakhstan"
    # The names are the ones the server itself acts on: a role from the answer opens its segment.
    for item in body["admin_segments"]:
        headers = factories.auth_headers(factories.admin(role=item["role"], email=f"{item['segment']}@u.kz"))
        response = client.get(f"{API}/users/check", headers=headers, query_string={"segment": item["segment"]})
        assert response.status_code == 200, response.get_data(as_text=True)
    kz = factories.applicant(kz=True)
    assert kz.citizenship.name_en == body["kazakhstan_citizenship_name_en"] and kz.citizenship.is_kazakhstan


def test_openapi_documents_every_auth_and_users_path(client, db):
    response = client.get(f"{API}/openapi.json")
    assert response.status_code == 200
    document = response.get_json()
    assert document["openapi"].startswith("3.")
    paths = document["paths"]
    expected = {
        "/api/v1/auth/sign-up": "post",
        "/api/v1/auth/sign-in": "post",
        "/api/v1/auth/generate-otp": "post",
        "/api/v1/auth/check-otp": "post",
        "/api/v1/auth/forgot-password-generate-code": "post",
        "/api/v1/auth/forgot-password-check-code": "post",
        "/api/v1/auth/forgot-password-update-password": "post",
        "/api/v1/auth/sign-out": "post",
        "/api/v1/users/self": "get",
        "/api/v1/users/update": "post",
        "/api/v1/users/check": "get",
        "/api/v1/health": "get",
    }
    for path, method in expected.items():
        assert path in paths, f"{path} missing from openapi.json"
        assert method in paths[path], f"{method.upper()} {path} missing"
    for path, method in expected.items():
        if method == "post" and path not in ("/api/v1/auth/sign-out",):
            assert "requestBody" in paths[path][method], path
    check_params = {p["name"] for p in paths["/api/v1/users/check"]["get"].get("parameters", [])}
    assert "segment" in check_params
    assert document["components"]["securitySchemes"]["bearerAuth"]["scheme"] == "bearer"
    # Request shapes are the spec's key names.
    schemas = document["components"]["schemas"]
    sign_up_schema = next(s for name, s in schemas.items() if name.startswith("SignUpUser"))
    assert set(sign_up_schema["properties"]) == {"email", "password", "repeat_password"}


# ============================================================================================ SPA shell
class TestSpaFallback:
    @pytest.mark.parametrize(
        "path",
        [
            "/",
            "/choose-flow",
            "/auth?verify-otp=true",
            "/admin/kz/users",
            "/apply/42",
            "/stepper/7?type=scholarship",
            "/my-applications",
        ],
    )
    def test_client_routes_get_index_html(self, spa, path):
        response = spa.get(path)
        assert response.status_code == 200
        assert response.mimetype == "text/html"
        assert response.get_data(as_text=True) == INDEX_HTML
        assert response.headers["Cache-Control"] == "no-cache"
        assert_security_headers(response)

    def test_hashed_assets_are_served_and_cached_forever(self, spa):
        response = spa.get("/static/app.3f2a.js")
        assert response.status_code == 200
        assert response.get_data(as_text=True) == "console.log('qabyldau');"
        assert "immutable" in response.headers["Cache-Control"]
        assert_security_headers(response)
        assert spa.get("/favicon.ico").data == b"\x00\x00\x01\x00"

    def test_missing_asset_is_a_404_not_index_html(self, spa):
        assert_envelope(spa.get("/static/missing.js"), 404, "errors.not_found")

    @pytest.mark.parametrize("path", ["/api", "/api/unknown", "/api/v1/nothing", "/api/v1/users/nope"])
    def test_unknown_api_paths_are_json_404s(self, spa, path):
        response = spa.get(path)
        assert_envelope(response, 404, "errors.not_found")
        assert_security_headers(response)
        assert INDEX_HTML not in response.get_data(as_text=True)

    @pytest.mark.parametrize(
        "path",
        [
            "/..%2f..%2fetc/passwd",
            "/..%2fsecret.txt",
            "/%2e%2e/secret.txt",
            "/static/..%2f..%2fsecret.txt",
            "/static/../../secret.txt",
            "/../secret.txt",
            "/..%5csecret.txt",
            "/%2e%2e%2fsecret.txt",
            "/....//secret.txt",
            "/static/%2e%2e/%2e%2e/secret.txt",
        ],
    )
    def test_path_traversal_does_not_escape_dist(self, spa, path):
        response = spa.get(path)
        text = response.get_data(as_text=True)
        assert SECRET not in text and "root:x:" not in text
        assert response.status_code in (200, 404)
        if response.status_code == 200:
            assert text == INDEX_HTML
        else:
            assert_envelope(response, 404)

    def test_api_still_works_next_to_the_spa(self, spa):
        assert spa.get(f"{API}/health").get_json() == {"status": "ok"}

    def test_without_a_built_client_the_shell_is_a_json_404(self, client, db, app, monkeypatch, tmp_path):
        monkeypatch.setitem(app.config, "CLIENT_DIST", str(tmp_path / "no-dist"))
        assert_envelope(client.get("/choose-flow"), 404, "errors.not_found")


# ============================================================================================ headers everywhere
@pytest.mark.parametrize(
    "method, path, status",
    [
        ("get", f"{API}/health", 200),
        ("get", f"{API}/openapi.json", 200),
        ("get", f"{API}/users/self", 401),
        ("post", f"{API}/auth/sign-in", 400),
        ("get", "/api/unknown", 404),
        ("put", f"{API}/auth/sign-in", 405),
    ],
)
def test_security_headers_on_api_answers(client, db, method, path, status):
    response = getattr(client, method)(path, json={} if method != "get" else None)
    assert response.status_code == status
    assert_security_headers(response)


# ============================================================================================ dev outbox
class TestDevOutbox:
    def test_readable_in_development(self, client, db):
        sign_up(client, "dev@example.com")
        [message] = outbox(client, "DEV@example.com")
        assert message["recipient"] == "dev@example.com" and re.search(r"\d{6}", message["body"])

    def test_404_when_not_readable(self, client, db, app, monkeypatch):
        sign_up(client, "prod@example.com")
        monkeypatch.setitem(app.config, "DEV_OUTBOX_READABLE", False)
        body = assert_envelope(
            client.get(f"{API}/dev/outbox", query_string={"email": "prod@example.com"}), 404, "errors.not_found"
        )
        assert "body" not in body and not re.search(r"\d{6}", str(body))

    def test_default_is_not_readable_when_smtp_is_configured(self, instance_dir, database_url):
        config = make_config(instance_dir, database_url, SMTP_URL="smtp://127.0.0.1:2525")
        del config.DEV_OUTBOX_READABLE  # let create_app derive it
        assert create_app(config).config["DEV_OUTBOX_READABLE"] is False

    @pytest.mark.parametrize("query, key", [({}, "validation.required"), ({"email": "nope"}, "auth.email_format")])
    def test_bad_query(self, client, db, query, key):
        assert_envelope(client.get(f"{API}/dev/outbox", query_string=query), 400, key)


# ============================================================================================ catalogues
def test_the_three_catalogues_have_the_same_keys_and_placeholders():
    ru, kk, en = (catalogue(lang) for lang in ("ru", "kk", "en"))
    assert set(ru) == set(kk) == set(en)
    placeholder = re.compile(r"{(\w+)}")
    for key in ru:
        for lang in LANGUAGES:
            assert catalogue(lang)[key].strip(), f"{lang}:{key} is empty"
        assert (
            set(placeholder.findall(ru[key])) == set(placeholder.findall(kk[key])) == set(placeholder.findall(en[key]))
        ), key
    assert "{code}" in ru["mail.verify.body"] and "{code}" in ru["mail.reset.body"]


def test_spec_texts_are_in_the_russian_catalogue():
    ru = catalogue("ru")
    assert ru["auth.email_format"] == "Пожалуйста, введите e-mail в правильном формате"
    assert ru["auth.password_length"] == "Пожалуйста, введите пароль длиной от 6 символов"
    assert ru["auth.passwords_mismatch"] == "Пароли не совпадают"
    assert ru["auth.wrong_code"] == "Неверный код"


_KEY_PATTERNS = (
    re.compile(r'ApiError\(\s*\d{3},\s*"([\w.\-]+)"'),
    re.compile(r'error="([\w.\-]+)"'),
    re.compile(r'ValidationError\(\s*"([\w.\-]+)"'),
    re.compile(r'_ok\(\s*"([\w.\-]+)"'),
    re.compile(r'\["(users\.[\w.]+|auth\.[\w.]+|validation\.[\w.]+)"\]'),
)
_ACCOUNT_FILES = (
    "accounts/auth.py",
    "accounts/users.py",
    "accounts/views.py",
    "accounts/self_views.py",
    "web/views.py",
    "universal/views.py",
    "web/spa.py",
    "accounts/schemas.py",
    "common_schemas.py",
    "access.py",
    "errors.py",
)


def test_every_message_key_the_account_code_can_return_is_in_all_catalogues():
    keys = set()
    for name in _ACCOUNT_FILES:
        source = (SERVER / name).read_text(encoding="utf-8")
        for pattern in _KEY_PATTERNS:
            keys.update(pattern.findall(source))
    keys.update(re.findall(r'"((?:errors|validation)\.[\w_]+)"', (SERVER / "errors.py").read_text(encoding="utf-8")))
    assert len(keys) > 20, keys
    missing = {(lang, key) for key in keys for lang in LANGUAGES if key not in catalogue(lang)}
    assert not missing, sorted(missing)


def test_a_401_is_localized_in_every_language(client, db):
    for lang in LANGUAGES:
        response = client.get(f"{API}/users/self?lang={lang}", headers=bearer("x.y.z"))
        body = assert_envelope(response, 401, "errors.token_invalid", lang=lang)
        assert body["message"] == catalogue(lang)["errors.token_invalid"]
