"""Serves the built client with a history fallback so deep links like /choose-flow load the SPA."""

import json
import re
from functools import lru_cache
from pathlib import Path

from flask import Blueprint, current_app, request, send_from_directory
from werkzeug.exceptions import HTTPException, MethodNotAllowed

from ..errors import NotFound
from ..i18n import DEFAULT_LANGUAGE, language_of

bp = Blueprint("spa", __name__)

_API_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"]

# Some first screens are prerendered at build time once per language (client/webpack.prerender.js →
# dist/<name>.<lang>.html) so they paint before the JavaScript arrives (decision 0070): /auth as a signed-out visitor
# sees it, and the applicant's /, /apply, /apply/<id> and /stepper/<id> as every signed-in applicant first sees them
# (the session lives in the browser's storage, so the server cannot know the user; the client hydrates and fills in
# the rest, or sends a signed-out visitor to /auth as before). The client mirrors the interface language in this cookie
# (client/src/i18n/index.js); anything else gets the Russian page, the portal's default language.
LANGUAGE_COOKIE = "qabyldau_lang"
# (path pattern, page name, served with a query string too). The applicant's pages only without a query: the client
# renders those from scratch (client/src/boot.jsx). The id is the one ApplyPage accepts (other ids are redirected);
# the stepper's the same (other ids get the plain shell).
PRERENDERED_PAGES = (
    (re.compile(r"auth"), "auth", True),
    (re.compile(r""), "home", False),
    (re.compile(r"apply"), "apply", False),
    (re.compile(r"apply/[1-9][0-9]{0,9}"), "apply-id", False),
    (re.compile(r"stepper/[1-9][0-9]{0,9}"), "stepper-id", False),
)


def prerendered_page(path: str) -> str | None:
    """The dist file to send for a prerendered path, or None."""
    path = path.rstrip("/")
    match = next((page for page in PRERENDERED_PAGES if page[0].fullmatch(path)), None)
    if match is None or (request.query_string and not match[2]):
        return None
    name = match[1]
    language = language_of(request.cookies.get(LANGUAGE_COOKIE)) or DEFAULT_LANGUAGE  # a page per language
    return f"{name}.{language}.html"


# The build writes a brotli and a gzip copy of each prerendered page (client/webpack.prerender.js), as it does for the
# static assets that WhiteNoise serves: about 34 KB of markup and styles become 5-6 KB, a couple of round trips less on
# a slow mobile network before the first paint.
PAGE_ENCODINGS = (("br", ".br"), ("gzip", ".gz"))


def send_prerendered(dist: Path, page: str):
    """The prerendered page in the precompressed copy the client accepts (Accept-Encoding), else as it is."""
    for encoding, suffix in PAGE_ENCODINGS:
        if request.accept_encodings[encoding] > 0 and (dist / f"{page}{suffix}").is_file():
            response = send_from_directory(dist, f"{page}{suffix}", mimetype="text/html")
            response.headers["Content-Encoding"] = encoding
            break
    else:
        response = send_from_directory(dist, page)
    response.vary.add("Accept-Encoding")
    return response


@lru_cache(maxsize=8)
def _route_preloads(manifest: str, mtime: float) -> tuple[tuple[tuple[str, tuple[str, ...], bool], ...], dict]:
    """((path pattern, files, needs the larger catalogues), ...) and {language: the catalogue chunk's files}."""
    try:
        data = json.loads(Path(manifest).read_text(encoding="utf-8"))
        routes = tuple(
            (route["path"], tuple(route["files"]), bool(route.get("catalogues"))) for route in data["routes"]
        )
        catalogues = {lang: tuple(files) for lang, files in (data.get("catalogues") or {}).items()}
        return routes, catalogues
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return (), {}


def _matches(pattern: str, path: str) -> bool:
    if pattern == "/":
        return path == ""
    want, got = pattern.strip("/").split("/"), path.strip("/").split("/")
    return len(want) == len(got) and all(w == ":id" or w == g for w, g in zip(want, got, strict=True))


def preload_links(dist: Path, path: str) -> str | None:
    """A Link header preloading the route chunks of this page (dist/route-preloads.json, written by the build from
    client/src/app/routePreloads.json): they download alongside the entry's files instead of after the app has run
    (decision 0070). The server does not know whether the visitor is signed in: a signed-out one opening a page
    that sends them to /auth downloads its chunks for nothing. The larger catalogues come in one chunk per language
    (issue 27): the cookie's language's (the one the client will start in)."""
    manifest = dist / "route-preloads.json"
    try:
        mtime = manifest.stat().st_mtime
    except OSError:
        return None
    routes, catalogues = _route_preloads(str(manifest), mtime)
    for pattern, files, with_catalogues in routes:
        if _matches(pattern, path):
            if with_catalogues:
                language = language_of(request.cookies.get(LANGUAGE_COOKIE)) or DEFAULT_LANGUAGE
                files = files + catalogues.get(language, ())
            return ", ".join(f"</{file}>; rel=preload; as=script" for file in files) or None
    return None


@bp.route("/api", defaults={"path": ""}, methods=_API_METHODS)
@bp.route("/api/<path:path>", methods=_API_METHODS)
def api_fallback(path: str):
    """An /api path no API view took: 405 when the path exists for other methods, else the JSON 404.

    Without this, the GET-only catch-all below made unknown POST paths a 405 and GET on POST-only paths a 404.
    """
    adapter = current_app.url_map.bind_to_environ(request.environ)
    allowed = []
    for method in _API_METHODS:
        try:
            endpoint, _ = adapter.match(method=method)
        except HTTPException:
            continue
        if endpoint not in ("spa.api_fallback", "spa.client"):
            allowed.append(method)
    if allowed:
        raise MethodNotAllowed(valid_methods=allowed)
    raise NotFound("errors.not_found")


@bp.get("/", defaults={"path": ""})
@bp.get("/<path:path>")
def client(path: str):
    if path == "api" or path.startswith("api/"):
        raise NotFound("errors.not_found")
    dist = Path(current_app.config["CLIENT_DIST"])
    candidate = (dist / path).resolve() if path else None
    if candidate and candidate.is_file() and dist.resolve() in candidate.parents:
        response = send_from_directory(dist, path)
        if path.startswith("static/"):
            # File names carry a content hash, so they never change under the same URL.
            response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
        return response
    if path.startswith("static/") or not (dist / "index.html").is_file():
        raise NotFound("errors.not_found")
    page = prerendered_page(path)
    if page and (dist / page).is_file():
        # Its route chunks are preloaded by the page itself (<link rel=preload>).
        response = send_prerendered(dist, page)
        # The same URL answers in three languages: caches must key on the cookie.
        response.vary.add("Cookie")
    else:
        # A build without the prerendered pages (or any other path): the plain shell, which renders everything.
        response = send_from_directory(dist, "index.html")
        links = preload_links(dist, path)
        if links:
            response.headers["Link"] = links
            response.vary.add("Cookie")  # the catalogue chunk preloaded is the cookie's language's
    response.headers["Cache-Control"] = "no-cache"
    return response
