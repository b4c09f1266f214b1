"""Serves the built client with a history fallback so deep links like /choose-flow load the SPA."""

from pathlib import Path

from flask import Blueprint, current_app, request, send_from_directory
from werkzeug.exceptions import HTTPException, MethodNotAllowed

from ..errors import ApiError

bp = Blueprint("spa", __name__)

_API_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"]


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
    raise ApiError(404, "errors.not_found")


@bp.get("/", defaults={"path": ""})
@bp.get("/<path:path>")
def client(path: str):
    if path == "api" or path.startswith("api/"):
        raise ApiError(404, "errors.not_found")
    dist = Path(current_app.config["CLIENT_DIST"])
    candidate = (dist / path).resolve() if path else None
    if candidate and candidate.is_file() and dist.resolve() in candidate.parents:
        response = send_from_directory(dist, path)
        if path.startswith("static/"):
            # File names carry a content hash, so they never change under the same URL.
            response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
        return response
    if path.startswith("static/") or not (dist / "index.html").is_file():
        raise ApiError(404, "errors.not_found")
    response = send_from_directory(dist, "index.html")
    response.headers["Cache-Control"] = "no-cache"
    return response
