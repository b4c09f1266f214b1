"""Benchmark: Lighthouse's mobile profile (performance) on the first screens an applicant sees (issue 10, "Fast on a
phone"; decision 0070): /auth, / (signed in), /apply and a questionnaire step (/apply/<id>).

Prints, per page: the performance score, the largest contentful paint (LCP), first contentful paint, total blocking
time, cumulative layout shift, and the JavaScript the page downloaded (bytes on the wire — brotli — and uncompressed).

    .venv/bin/python scripts/bench/lighthouse.py [--database-url postgresql://...] [--dist client/dist]

LH_REPORT_DIR=/tmp/lh-reports keeps each page's full Lighthouse report (JSON) there, to see where the time goes.

The built client (npm run build) is served by the real app (WhiteNoise for the assets) in a threaded HTTP server on
127.0.0.1; the database is a throw-away one (scripts/bench/_support.py) with the reference seeds, one foreign
applicant and one application. Lighthouse is the npm package (installed on first use into .bench-tools/, not a
project dependency) driven by scripts/bench/_lighthouse.mjs with the system Chromium (/usr/bin/chromium, or
CHROME_PATH). Lighthouse simulates a mid-range phone on a slow 4G network (its default mobile profile), so the
figures depend little on this machine's own speed; a busy machine still lowers them: run it on a quiet one.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import secrets
import shutil
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _support import bench_database  # noqa: E402

CHROMIUM = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
DRIVER = Path(__file__).resolve().parent / "_lighthouse.mjs"
# Lighthouse is installed for the bench only, outside the project's package.json: one of its dependencies asks for
# another package's `latest` tag, which breaks `npm ci` of the app each time that package publishes.
LIGHTHOUSE = "lighthouse@12.8.2"  # 13 needs Node 22
BENCH_TOOLS = ROOT / ".bench-tools"


def lighthouse_driver() -> Path:
    """The driver copied next to its own node_modules (ES modules resolve from the importing file's folder)."""
    if not (BENCH_TOOLS / "node_modules" / "lighthouse").is_dir():
        BENCH_TOOLS.mkdir(exist_ok=True)
        subprocess.run(
            ["npm", "install", "--prefix", str(BENCH_TOOLS), "--no-audit", "--no-fund", "--loglevel=error", LIGHTHOUSE],
            check=True,
        )
    driver = BENCH_TOOLS / DRIVER.name
    shutil.copyfile(DRIVER, driver)
    return driver


TARGETS = {"performance": 0.9, "lcp_ms": 2500, "first_screen_js_bytes": 150 * 1024}


def serve(app):
    from werkzeug.serving import make_server

    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}"


def prepare(app) -> tuple[dict, int]:
    """Reference seeds, a verified foreign applicant with a session and an application; returns (dorm_user, id)."""
    from sqlalchemy import select

    from server.extensions import db
    from server.models import Citizenship
    from server.seed import run_all
    from tests.factories import Factories

    with app.app_context():
        db.create_all()
        run_all()
        factories = Factories(db)
        germany = db.session.scalar(select(Citizenship).where(Citizenship.code == "DE"))
        user = factories.user(email="lighthouse@example.com", citizenship=germany)
        application = factories.application(user=user)
        stored = {
            "id": user.id,
            "email": user.email,
            "token": factories.token(user),
            "is_verified": True,
            "citizenship_id": user.citizenship_id,
        }
        return stored, application.id


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL"))
    parser.add_argument("--dist", default=str(ROOT / "client" / "dist"), help="the built client")
    args = parser.parse_args()
    if not (Path(args.dist) / "index.html").is_file():
        print("The client is not built: run `npm run build` first")
        return 1
    if not os.access(CHROMIUM, os.X_OK):
        print(f"Chromium is missing at {CHROMIUM}: apt-get install -y chromium")
        return 1
    node = shutil.which("node")
    if not node:
        print("Node.js is missing")
        return 1
    driver = lighthouse_driver()

    instance, database_url, drop = bench_database(args.database_url)
    from server import create_app
    from server.config import Config

    app = create_app(
        Config(
            APP_ENV="development",
            SQLALCHEMY_DATABASE_URI=database_url,
            SECRET_KEY=secrets.token_urlsafe(48),
            RATELIMIT_ENABLED=False,
            LOG_LEVEL="WARNING",
            CLIENT_DIST=args.dist,
            STORAGE_URL=f"file://{instance / 'files'}",
        )
    )
    logging.getLogger("qabyldau.access").setLevel(logging.WARNING)
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    server = None
    try:
        user, application_id = prepare(app)
        server, base = serve(app)
        pages = [
            {"path": "/auth"},
            {"path": "/", "signedIn": True},
            {"path": "/apply", "signedIn": True},
            {"path": f"/apply/{application_id}", "signedIn": True},
        ]
        run = subprocess.run(
            [node, str(driver), json.dumps({"base": base, "user": user, "pages": pages})],
            cwd=driver.parent,
            env={**os.environ, "CHROME_PATH": CHROMIUM},
            capture_output=True,
            text=True,
            timeout=900,
        )
        if run.returncode != 0:
            print(run.stderr[-3000:])
            return run.returncode
        results = json.loads(run.stdout)
    finally:
        if server:
            server.shutdown()
        if drop:
            drop()
        shutil.rmtree(instance, ignore_errors=True)

    print(
        f"Lighthouse mobile profile (targets: performance ≥ {TARGETS['performance']}, LCP ≤ {TARGETS['lcp_ms']} ms, "
        f"first-screen JS ≤ {TARGETS['first_screen_js_bytes'] // 1024} KB compressed)"
    )
    print(
        f"{'page':<16} {'score':>5} {'LCP ms':>7} {'FCP ms':>7} {'TBT ms':>7} {'CLS':>5} "
        f"{'JS wire':>9} {'JS raw':>9} files"
    )
    for r in results:
        label = "/apply/<id>" if r["path"].startswith("/apply/") else r["path"]
        if r["runtimeError"]:
            print(f"{label:<16} Lighthouse error: {r['runtimeError']}")
            continue
        print(
            f"{label:<16} {r['score']:>5.2f} {r['lcpMs']:>7.0f} {r['fcpMs']:>7.0f} {r['tbtMs']:>7.0f} "
            f"{r['cls'] or 0:>5.2f} "
            f"{r['jsTransferBytes'] / 1024:>7.1f}KB {r['jsResourceBytes'] / 1024:>7.1f}KB {r['jsFiles']:>5}"
            f"  → /{r['finalUrl'].split('/', 3)[-1]}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
