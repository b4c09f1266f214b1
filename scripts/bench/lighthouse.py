"""Benchmark: Lighthouse's mobile profile (performance) on the first screens an applicant sees (issues 10 and 27, "Fast
on a phone"; decision 0070): /auth, / (signed in), /apply, a questionnaire step (/apply/<id>), a citizen's stepper
(/stepper/<id>), /my-applications and /dormitory.

Every page is measured --runs times (default 3; the pages in turn, so a busy moment does not fall on one page's runs
only). Prints, per page, the median and the spread (min–max) of the performance score, the largest contentful paint
(LCP), total blocking time (TBT) and first contentful paint, the worst cumulative layout shift, and the JavaScript
the page downloaded (bytes on the wire — brotli — and uncompressed, median). --json FILE also writes every run.

    .venv/bin/python scripts/bench/lighthouse.py [--runs 3] [--database-url postgresql://...] [--dist client/dist]

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
import statistics
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


def bench_app(dist: str, database_url: str, instance: Path):
    """The real app (WhiteNoise included) serving the built client from dist over the throw-away database."""
    from server import create_app
    from server.config import Config

    app = create_app(
        Config(
            APP_ENV="development",
            SQLALCHEMY_DATABASE_URI=database_url,
            SECRET_KEY=secrets.token_urlsafe(48),
            RATELIMIT_ENABLED=False,
            LOG_LEVEL="WARNING",
            CLIENT_DIST=dist,
            STORAGE_URL=f"file://{instance / 'files'}",
        )
    )
    logging.getLogger("qabyldau.access").setLevel(logging.WARNING)
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    return app


def stored_user(factories, user) -> dict:
    """The client's session store (dorm_user) for this user, as the sign-in writes it."""
    return {
        "id": user.id,
        "email": user.email,
        "token": factories.token(user),
        "is_verified": True,
        "citizenship_id": user.citizenship_id,
    }


def prepare(app) -> tuple[dict, int, dict, int]:
    """Reference seeds; a verified foreign applicant with a session and an application (their questionnaire at
    /apply/<id>), and a Kazakhstan citizen past the credit bureau with an application on the stepper's first step.
    Returns (foreign dorm_user, its application id, citizen dorm_user, its application id)."""
    from sqlalchemy import select

    from server.extensions import db
    from server.models import Citizenship, StudyProgram, Term
    from server.seed import run_all
    from tests.factories import Factories

    with app.app_context():
        db.create_all()
        run_all()
        factories = Factories(db)
        germany = db.session.scalar(select(Citizenship).where(Citizenship.code == "DE"))
        kazakhstan = db.session.scalar(select(Citizenship).where(Citizenship.code == "KZ"))
        user = factories.user(email="lighthouse@example.com", citizenship=germany)
        application = factories.application(user=user)
        citizen = factories.user(email="lighthouse.citizen@example.kz", citizenship=kazakhstan)
        factories.bureau_data(citizen)
        programs = {program.kind: program for program in db.session.scalars(select(StudyProgram))}
        stepper = factories.application(
            user=citizen,
            program=programs.get("regular_bachelors"),
            term=db.session.scalars(select(Term)).first(),
            current_step=1,
            financing="paid",
        )
        return stored_user(factories, user), application.id, stored_user(factories, citizen), stepper.id


def bench_pages(application_id: int, citizen: dict, stepper_id: int) -> list[dict]:
    return [
        {"path": "/auth", "label": "/auth"},
        {"path": "/", "label": "/", "signedIn": True},
        {"path": "/apply", "label": "/apply", "signedIn": True},
        {"path": f"/apply/{application_id}", "label": "/apply/<id>", "signedIn": True},
        {"path": f"/stepper/{stepper_id}", "label": "/stepper/<id>", "signedIn": True, "user": citizen},
        {"path": "/my-applications", "label": "/my-applications", "signedIn": True},
        {"path": "/dormitory", "label": "/dormitory", "signedIn": True},
    ]


def spread(values: list[float], digits: int = 0) -> str:
    """'median (min–max)' of the runs that gave a value."""
    values = [v for v in values if v is not None]
    if not values:
        return "—"
    fmt = f"{{:.{digits}f}}"
    median = fmt.format(statistics.median(values))
    return median if len(values) == 1 else f"{median} ({fmt.format(min(values))}–{fmt.format(max(values))})"


def summary(pages: list[dict], runs: list[list[dict]]) -> list[str]:
    lines = [
        f"{'page':<16} {'runs':>4}  {'score':<17} {'LCP ms':<19} {'TBT ms':<17} {'FCP ms':<17} {'CLS':>5} "
        f"{'JS wire':>9} {'JS raw':>9}"
    ]
    for page in pages:
        results = [r for run in runs for r in run if r["path"] == page["path"]]
        good = [r for r in results if not r["runtimeError"]]
        errors = sorted({r["runtimeError"] for r in results if r["runtimeError"]})
        if not good:
            lines.append(f"{page['label']:<16} Lighthouse error: {', '.join(errors)}")
            continue
        wire = statistics.median(r["jsTransferBytes"] for r in good) / 1024
        raw = statistics.median(r["jsResourceBytes"] for r in good) / 1024
        lines.append(
            f"{page['label']:<16} {len(good):>4}  {spread([r['score'] for r in good], 2):<17} "
            f"{spread([r['lcpMs'] for r in good]):<19} {spread([r['tbtMs'] for r in good]):<17} "
            f"{spread([r['fcpMs'] for r in good]):<17} {max(r['cls'] or 0 for r in good):>5.2f} "
            f"{wire:>7.1f}KB {raw:>7.1f}KB" + (f"  (failed runs: {', '.join(errors)})" if errors else "")
        )
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL"))
    parser.add_argument("--dist", default=str(ROOT / "client" / "dist"), help="the built client")
    parser.add_argument("--runs", type=int, default=3, help="runs per page (median and min–max are printed)")
    parser.add_argument("--json", type=Path, help="also write every run's figures to this file")
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
    app = bench_app(args.dist, database_url, instance)
    server = None
    try:
        user, application_id, citizen, stepper_id = prepare(app)
        server, base = serve(app)
        pages = bench_pages(application_id, citizen, stepper_id)
        runs = []
        for number in range(args.runs):
            print(f"run {number + 1} of {args.runs}…", file=sys.stderr)
            run = subprocess.run(
                [node, str(driver), json.dumps({"base": base, "user": user, "pages": pages})],
                cwd=driver.parent,
                env={**os.environ, "CHROME_PATH": CHROMIUM},
                capture_output=True,
                text=True,
                timeout=1800,
            )
            if run.returncode != 0:
                print(run.stderr[-3000:])
                return run.returncode
            runs.append(json.loads(run.stdout))
    finally:
        if server:
            server.shutdown()
        if drop:
            drop()
        shutil.rmtree(instance, ignore_errors=True)

    print(
        f"Lighthouse mobile profile, {args.runs} run(s) per page: median (min–max). Targets: performance ≥ "
        f"{TARGETS['performance']}, LCP ≤ {TARGETS['lcp_ms']} ms; first-screen JS ≤ 170 KB brotli per applicant page "
        f"(/auth ≤ {TARGETS['first_screen_js_bytes'] // 1024} KB; tests/integration/test_page_budgets.py counts it "
        "from the build)"
    )
    print("\n".join(summary(pages, runs)))
    if args.json:
        args.json.write_text(json.dumps({"pages": pages, "runs": runs}, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
