"""Benchmark: Lighthouse's mobile profile (performance) on the first screens an applicant sees (issues 10 and 27, "Fast
on a phone"; decision 0070): /auth, / (signed in), /apply, a questionnaire step (/apply/<id>), a citizen's stepper
(/stepper/<id>), /my-applications and /dormitory.

Every page is measured --runs times (default 3; the pages in turn, so a busy moment does not fall on one page's runs
only). Prints, per page, the median and the spread (min–max) of the performance score, the largest contentful paint
(LCP), total blocking time (TBT) and first contentful paint, the worst cumulative layout shift, and the JavaScript
the page downloaded (bytes on the wire — brotli — and uncompressed, median). --json FILE also writes every run.

    .venv/bin/python scripts/bench/lighthouse.py [--runs 3] [--database-url postgresql://...] [--dist client/dist]
        [--pages /stepper/<id>,/dormitory]

LH_REPORT_DIR=/tmp/lh-reports keeps each page's full Lighthouse report (JSON) there, to see where the time goes.

The built client (npm run build) is served by the real app (WhiteNoise for the assets) in a threaded HTTP server on
127.0.0.1; the database is a throw-away one (scripts/bench/_support.py) with the reference seeds, one foreign
applicant and one application. Lighthouse is the npm package (installed on first use into .bench-tools/, not a
project dependency) driven by scripts/bench/_lighthouse.mjs with the system Chromium (/usr/bin/chromium, or
CHROME_PATH). Lighthouse simulates a mid-range phone on a slow 4G network (its default mobile profile), so the
figures depend little on this machine's own speed; a busy machine still lowers them: run it on a quiet one.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _support import CHROMIUM, ROOT, client_bench_parser, client_unavailable, served_client  # noqa: E402

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
    parser = client_bench_parser(__doc__)
    parser.add_argument("--runs", type=int, default=3, help="runs per page (median and min–max are printed)")
    parser.add_argument("--json", type=Path, help="also write every run's figures to this file")
    parser.add_argument(
        "--pages",
        help="only these pages, by label, comma-separated (e.g. /stepper/<id>,/dormitory): to compare builds quickly",
    )
    args = parser.parse_args()
    if client_unavailable(args.dist):
        return 1
    node = shutil.which("node")
    if not node:
        print("Node.js is missing")
        return 1
    driver = lighthouse_driver()

    with served_client(args.dist, args.database_url) as served:
        pages = served.pages()
        if args.pages:
            wanted = {label.strip() for label in args.pages.split(",")}
            pages = [page for page in pages if page["label"] in wanted]
            if not pages:
                print(f"no page is labelled {args.pages!r}")
                return 2
        runs = []
        for number in range(args.runs):
            print(f"run {number + 1} of {args.runs}…", file=sys.stderr)
            run = subprocess.run(
                [node, str(driver), json.dumps({"base": served.base, "user": served.user, "pages": pages})],
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
