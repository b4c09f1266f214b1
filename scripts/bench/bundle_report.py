"""What each applicant page's first screen downloads, by package (issue 27: "measure before cutting").

    .venv/bin/python scripts/bench/bundle_report.py [--no-build [--stats FILE]] [--route /apply/:id] [--top 12]
        [--out FILE]

Builds the client once with webpack's stats (`npm run build` does the same build, so client/dist is left as it would
be), then for every route of client/src/app/routePreloads.json adds up the JavaScript its first screen loads: the
entry (runtime, vendor, main), the route's chunks and, but for /auth, the applicant's part of the larger catalogues
in one language (catalogues-<lng>; the largest of ru, kk, en is counted, as tests/integration/test_page_budgets.py
does; "later" chunks, fetched after the first paint, are not counted). For each it prints the
brotli bytes actually served (the .br files next to the chunks, as the budget test counts them) and, below, which
packages and which folders of client/src fill them. A module's share is its source size within its chunk, applied to
the chunk's brotli size: an estimate per package, exact per page.

Each page has a second figure: what it downloads before its first interaction — the first screen plus the lazy
chunks it requests at once ("later" in routePreloads.json, with what their loaders bring: the questionnaire's form
labels), as the budget test's "at once" ceilings count it. The packages of those chunks are listed separately.

`--no-build` without `--stats` reads the last build's client/dist/chunk-modules.json (written by every
`npm run build`) instead of building with webpack's stats.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "client" / "dist"
ROUTES = ROOT / "client" / "src" / "app" / "routePreloads.json"
BUDGET_BYTES = 170 * 1024  # DESIGN §9: every applicant first screen (brotli); /auth has its own, lower ceiling
# What a lazy chunk's loader fetches with it, as in tests/integration/test_page_budgets.py (AT_ONCE_COMPANIONS).
AT_ONCE_COMPANIONS = {"questionnaire": ["catalogues-forms-{language}"]}


def build_stats(path: Path) -> dict:
    command = ["npx", "webpack", "--mode", "production", "--config", "client/webpack.config.js", f"--json={path}"]
    subprocess.run(command, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    return json.loads(path.read_text())


def client_compilation(stats: dict) -> dict:
    """The browser build (the prerender build is a second compilation of the same config file)."""
    for candidate in [stats, *stats.get("children", [])]:
        if any("main" in (chunk.get("names") or []) for chunk in candidate.get("chunks", [])):
            return candidate
    raise SystemExit("no compilation with a 'main' chunk in webpack's stats")


def owner(module_name: str) -> str:
    """A package name for node_modules, else the client folder (client/src/<area>)."""
    name = module_name.split(" + ")[0].split("!")[-1]
    match = re.search(r"node_modules/((?:@[^/]+/)?[^/]+)", name)
    if match:
        return match.group(1)
    match = re.search(r"client/src/([^/]+(?:/[^/]+)?)", name)
    if match:
        part = match.group(1)
        return "src/" + (part if part.startswith(("features/", "components/", "i18n/")) else part.split("/")[0])
    return name[:60]


def dist_shares() -> dict[str, dict[str, float]]:
    """JS file → {owner: brotli bytes attributed}, from the last build's chunk-modules.json (no stats needed). Owners
    are packages and client files (not folders), as the budget test names them."""
    modules = json.loads((DIST / "chunk-modules.json").read_text())["files"]
    shares: dict[str, dict[str, float]] = {}
    for file, sizes in modules.items():
        total = sum(sizes.values()) or 1
        served = brotli_size(file)
        shares[file] = {who: served * size / total for who, size in sizes.items()}
    return shares


def brotli_size(file: str) -> int:
    compressed = DIST / f"{file}.br"
    return compressed.stat().st_size if compressed.exists() else (DIST / file).stat().st_size


def chunk_table(compilation: dict) -> tuple[dict[str, list[str]], dict[str, dict[str, float]]]:
    """Chunk name → its JS files, and JS file → {owner: brotli bytes attributed}."""
    files_by_name: dict[str, list[str]] = {}
    shares: dict[str, dict[str, float]] = {}
    for chunk in compilation["chunks"]:
        js = [f for f in chunk.get("files", []) if f.endswith(".js")]
        for name in chunk.get("names") or []:
            files_by_name[name] = js
        sizes: dict[str, float] = defaultdict(float)
        for module in chunk.get("modules") or []:
            for inner in module.get("modules") or [module]:  # concatenated modules list their parts
                sizes[owner(inner.get("name", "?"))] += inner.get("size", 0)
        total = sum(sizes.values()) or 1
        for file in js:
            served = brotli_size(file)
            shares[file] = {who: served * size / total for who, size in sizes.items()}
    return files_by_name, shares


LANGUAGES = ("ru", "kk", "en")


def route_files(route: dict, groups: dict[str, list[str]], at_once: bool = False) -> list[str]:
    """The page's files in its heaviest language (with at_once: also the chunks it requests at once)."""
    return max(
        (route_files_in(route, groups, language, at_once) for language in LANGUAGES),
        key=lambda files: sum(brotli_size(file) for file in files),
    )


def route_files_in(route: dict, groups: dict[str, list[str]], language: str, at_once: bool = False) -> list[str]:
    names = ["main", *route["chunks"]] + ([] if "auth" in route["chunks"] else [f"catalogues-{language}"])
    if at_once:
        for later in route.get("later", []):
            names += [later, *(name.format(language=language) for name in AT_ONCE_COMPANIONS.get(later, []))]
    files: list[str] = []
    for name in names:
        for file in groups.get(name, []):
            if file not in files:
                files.append(file)
    return files


def report(routes: list[dict]) -> tuple[str, list]:
    groups = json.loads((DIST / "chunk-groups.json").read_text())["groups"]
    lines = [
        "| page | first-screen JS (brotli) | before the first interaction | budget (first screen) | files |",
        "|---|---:|---:|---:|---:|",
    ]
    details = []
    for route in routes:
        files = route_files(route, groups)
        total = sum(brotli_size(f) for f in files)
        eager = route_files(route, groups, at_once=True)
        eager_total = sum(brotli_size(f) for f in eager)
        budget = "its own ceiling" if route["path"] == "/auth" else f"{BUDGET_BYTES:,} B"
        count = f"{len(files)} + {len(eager) - len(files)}"
        lines.append(f"| `{route['path']}` | {total:,} B | {eager_total:,} B | {budget} | {count} |")
        details.append((route, files, total, [f for f in eager if f not in files], eager_total))
    return "\n".join(lines), details


def owner_table(files: list[str], shares: dict, total: int, top: int) -> list[str]:
    by_owner: dict[str, float] = defaultdict(float)
    for file in files:
        for who, size in shares.get(file, {}).items():
            by_owner[who] += size
    lines = ["| package or folder | ≈ brotli bytes | share |", "|---|---:|---:|"]
    for who, size in sorted(by_owner.items(), key=lambda item: -item[1])[:top]:
        lines.append(f"| {who} | {size:,.0f} | {100 * size / (total or 1):.0f}% |")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--no-build", action="store_true", help="reuse --stats, or without it the last build's chunk-modules.json"
    )
    parser.add_argument("--stats", type=Path, help="webpack stats JSON to read (or write when building)")
    parser.add_argument("--route", action="append", help="only these routes (as in routePreloads.json)")
    parser.add_argument("--top", type=int, default=12, help="packages/folders listed per page")
    parser.add_argument("--out", type=Path, help="also write the report to this Markdown file")
    args = parser.parse_args()

    if args.no_build and not args.stats:
        if not (DIST / "chunk-modules.json").exists():
            sys.exit("--no-build without --stats needs a build (npm run build) in client/dist")
        shares = dist_shares()
    else:
        with tempfile.TemporaryDirectory() as folder:
            stats_path = args.stats or Path(folder) / "stats.json"
            if args.no_build:
                if not stats_path.exists():
                    sys.exit("--no-build needs --stats FILE from an earlier run (or no --stats: the last build)")
                stats = json.loads(stats_path.read_text())
            else:
                stats = build_stats(stats_path)
        _, shares = chunk_table(client_compilation(stats))
    routes = json.loads(ROUTES.read_text())["routes"]
    if args.route:
        routes = [r for r in routes if r["path"] in args.route]
    summary, details = report(routes)

    title = "# JavaScript per applicant page before its first screen and its first interaction (brotli)"
    out = [title, "", summary, ""]
    for route, files, total, eager, eager_total in details:
        out += [f"## `{route['path']}`: {total:,} B", "", *owner_table(files, shares, total, args.top), ""]
        if eager:
            extra = eager_total - total
            names = ", ".join(route.get("later", []))
            out += [
                f"Requested at once ({names} and what their loaders bring): +{extra:,} B, {eager_total:,} B before "
                "the first interaction",
                "",
                *owner_table(eager, shares, extra, args.top),
                "",
            ]
    text = "\n".join(out)
    print(text)
    if args.out:
        args.out.write_text(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
