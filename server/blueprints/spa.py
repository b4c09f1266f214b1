"""Serves the built client with a history fallback so deep links like /choose-flow load the SPA."""
from pathlib import Path

from flask import Blueprint, current_app, send_from_directory

from ..errors import ApiError

bp = Blueprint("spa", __name__)


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
