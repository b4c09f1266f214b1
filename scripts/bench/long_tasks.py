"""Benchmark: the main thread's long tasks while an applicant page loads on a simulated mid-range phone (issue 27:
total blocking time ≤ 200 ms on every applicant page; decision 0070).

Lighthouse gives one total blocking time (TBT) per page; this says which tasks make it up and what runs in them:

    .venv/bin/python scripts/bench/long_tasks.py [--page all|auth|home|apply|apply-id|stepper|my-applications|dormitory]
        [--runs 3] [--cpu 4] [--settle 3] [--maps DIR] [--trace-dir DIR] [--json FILE] [--dist client/dist]

The built client is served by the real app over a throw-away database (scripts/bench/_support.py's served_client, as
for scripts/bench/lighthouse.py: the same seeds and users; the same seven pages, signed in through the client's
session store as there). Each run opens the page in a fresh Chromium context (Playwright, the system
/usr/bin/chromium; cold HTTP cache, empty storage but the session) with a phone's viewport (412×823, touch) and the
CPU slowed down --cpu times (CDP Emulation.setCPUThrottlingRate; Lighthouse's mobile profile simulates 4), and
records a performance trace (CDP Tracing: devtools.timeline, v8.execute, toplevel, loading, the V8 sampling
profiler) from the navigation until --settle seconds after the load event. From the trace's main thread
(CrRendererMain of the page's process) it prints every task of 50 ms or more: its start (ms after navigationStart),
its duration, its time by kind (script evaluation, compilation, garbage collection, style and layout, paint, HTML
parsing), the script entries that ran in it (EvaluateScript of a file, FunctionCall / TimerFire / RunMicrotasks /
event handlers, named by the webpack chunk: "vendor", "main", "layout", "applicant-shell", ...) and, from the
profiler's samples, where its script time went (by chunk, or with --maps by package / client source file, and the
hottest functions). Then per page, over the runs: the TBT-equivalent (Σ (duration − 50 ms) of the tasks that start
after the first contentful paint, what Lighthouse adds up from FCP to interactive; the trace is 4× throttled
already, so it compares with Lighthouse's simulated TBT in kind, not to the millisecond), the number of long tasks,
FCP, LCP, and the long tasks grouped by what opened them (the same label in every run = a task common to the runs;
compare the labels across pages for the common ones).

--maps DIR: a build of the same sources with source maps (only the browser half, written elsewhere, so client/dist
stays as it is):
    npx webpack --mode production --config client/webpack.config.js --config-name client \\
        --devtool hidden-source-map --output-path /tmp/dist-maps
Terser's output does not depend on the maps, so its files carry the same names as client/dist's; a sampled function
is then named by its package (node_modules/<name>) or its file under client/src.
--trace-dir DIR keeps each run's raw trace (open it in Chrome DevTools' Performance panel).

Run it on a quiet machine and compare builds in interleaved runs: the CPU slowdown multiplies this machine's own load.
Task counts and which tasks appear are steadier than their durations.
"""

from __future__ import annotations

import gzip
import json
import re
import statistics
import sys
from collections import defaultdict
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _support import (  # noqa: E402
    VIEWPORT,
    chromium,
    client_bench_parser,
    client_unavailable,
    phone_page,
    served_client,
    sign_in,
)

LONG_TASK_MS = 50.0
# The page keys of --page, in lighthouse.py's order (the labels of _support.ServedClient.pages).
PAGE_KEYS = {
    "auth": "/auth",
    "home": "/",
    "apply": "/apply",
    "apply-id": "/apply/<id>",
    "stepper": "/stepper/<id>",
    "my-applications": "/my-applications",
    "dormitory": "/dormitory",
}
CATEGORIES = ",".join(
    [
        "-*",
        "toplevel",
        "devtools.timeline",
        "disabled-by-default-devtools.timeline",
        "disabled-by-default-devtools.timeline.frame",
        "v8.execute",
        "v8",
        "blink.user_timing",
        "loading",
        "disabled-by-default-v8.cpu_profiler",
        "disabled-by-default-v8.compile",
    ]
)
TASK_NAMES = {"RunTask", "ThreadControllerImpl::RunTask", "ThreadPool_RunTask"}
# What a trace event's own time is counted as (an event of none of these inherits its parent's kind).
KINDS = {
    "EvaluateScript": "script",
    "FunctionCall": "script",
    "TimerFire": "script",
    "FireAnimationFrame": "script",
    "FireIdleCallback": "script",
    "RunMicrotasks": "script",
    "EventDispatch": "script",
    "v8.evaluateModule": "script",
    "V8.Execute": "script",
    "v8.compile": "compile",
    "v8.compileModule": "compile",
    "V8.CompileCode": "compile",
    "V8.CompileLazy": "compile",
    "V8.CompileFullCode": "compile",
    "V8.ParseFunction": "compile",
    "v8.parseFunction": "compile",
    "CacheScript": "compile",
    "v8.parseOnBackground": "compile",
    "MinorGC": "gc",
    "MajorGC": "gc",
    "BlinkGC.AtomicPhase": "gc",
    "ThreadState::performIdleLazySweep": "gc",
    "V8.GCScavenger": "gc",
    "V8.GCFinalizeMC": "gc",
    "V8.GCIncrementalMarking": "gc",
    "ScheduleStyleRecalculation": "style",
    "UpdateLayoutTree": "style",
    "RecalculateStyles": "style",
    "ParseAuthorStyleSheet": "style",
    "Layout": "layout",
    "InvalidateLayout": "layout",
    "PrePaint": "paint",
    "Paint": "paint",
    "PaintImage": "paint",
    "Layerize": "paint",
    "UpdateLayer": "paint",
    "CompositeLayers": "paint",
    "Commit": "paint",
    "ParseHTML": "html",
    "ResourceReceivedData": "network",
    "ResourceFinish": "network",
}
# The events that name what a task ran (its "entries"), outermost first.
ENTRY_NAMES = {
    "EvaluateScript",
    "v8.evaluateModule",
    "FunctionCall",
    "TimerFire",
    "FireAnimationFrame",
    "FireIdleCallback",
    "RunMicrotasks",
    "EventDispatch",
    "ParseHTML",
    "v8.compile",
}
PROFILER_META = {"(root)", "(program)", "(idle)", "(garbage collector)"}


# ------------------------------------------------------------------------------------------------- names of things


def chunk_of(url: str) -> str:
    """'vendor', 'main', 'layout', '3703', ... from a built file's URL (its name before the content hash)."""
    if not url:
        return ""
    path = urlsplit(url).path
    if not path.startswith("/static/"):
        return path or url
    return Path(path).name.split(".")[0]


def owner_of_source(source: str) -> str:
    """The package (node_modules/<name>) or the client file of a source map's source."""
    clean = source.replace("\\", "/")
    package = re.search(r"node_modules/((?:@[^/]+/)?[^/]+)", clean)
    if package:
        return package.group(1)
    own = re.search(r"(src/.+|forms/.+)$", clean)
    return own.group(1) if own else clean.rsplit("/", 1)[-1]


# ------------------------------------------------------------------------------------------------- source maps

_BASE64 = {c: i for i, c in enumerate("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")}


def _vlq(segment: str) -> list[int]:
    values, shift, value = [], 0, 0
    for char in segment:
        digit = _BASE64[char]
        value += (digit & 31) << shift
        if digit & 32:
            shift += 5
            continue
        values.append(-(value >> 1) if value & 1 else value >> 1)
        shift, value = 0, 0
    return values


class SourceMap:
    """A v3 source map, decoded once: (line, column) of the built file → (source, name)."""

    def __init__(self, data: dict):
        self.sources = data.get("sources", [])
        self.names = data.get("names", [])
        self.lines: list[list[tuple[int, int, int | None]]] = []  # per line: (column, source, name)
        source = name = 0
        for text in data.get("mappings", "").split(";"):
            column, row = 0, []
            for segment in filter(None, text.split(",")):
                fields = _vlq(segment)
                column += fields[0]
                if len(fields) >= 4:
                    source += fields[1]
                    if len(fields) >= 5:
                        name += fields[4]
                        row.append((column, source, name))
                    else:
                        row.append((column, source, None))
            self.lines.append(row)

    def lookup(self, line: int, column: int) -> tuple[str, str | None] | None:
        """(source, original name or None) at a 0-based position: the last mapping at or before it on that line."""
        if line >= len(self.lines):
            return None
        best = None
        for entry in self.lines[line]:
            if entry[0] > column:
                break
            best = entry
        if best is None:
            return None
        return self.sources[best[1]], (self.names[best[2]] if best[2] is not None else None)


class Maps:
    """The source maps of --maps DIR, found by the served file's name (else by its chunk name)."""

    def __init__(self, folder: Path | None, dist: Path):
        self.folder = folder
        self.dist = dist
        self.cache: dict[str, SourceMap | None] = {}
        self.shift: dict[str, int] = {}

    def for_url(self, url: str) -> SourceMap | None:
        if not self.folder or not url:
            return None
        name = Path(urlsplit(url).path).name
        if name not in self.cache:
            found = self.folder / "static" / "js" / f"{name}.map"
            if not found.is_file():
                chunk = name.split(".")[0]
                candidates = sorted((self.folder / "static" / "js").glob(f"{chunk}.*.js.map"))
                found = candidates[0] if len(candidates) == 1 else None
                if found:
                    print(f"  (maps: {name} not in {self.folder}; using {found.name}: same chunk, maybe other code)")
            self.cache[name] = SourceMap(json.loads(found.read_text(encoding="utf-8"))) if found else None
            # The build puts V8's compile hint line on top of the first screen's files after minification (client/
            # webpack.config.js): a map made without it is one line off.
            served = self.dist / "static" / "js" / name
            head = served.read_bytes()[:40] if served.is_file() else b""
            mapped = found.with_name(found.name[: -len(".map")]) if found else None
            mapped_head = mapped.read_bytes()[:40] if mapped and mapped.is_file() else b""
            hint = b"//# allFunctionsCalledOnLoad"
            self.shift[name] = int(head.startswith(hint)) - int(mapped_head.startswith(hint))
        return self.cache[name]

    def owner(self, url: str, line: int, column: int) -> tuple[str, str | None]:
        """(package / client file, original function name) of a 0-based position, else (chunk name, None)."""
        found = self.for_url(url)
        hit = found.lookup(line - self.shift.get(Path(urlsplit(url).path).name, 0), column) if found else None
        if not hit:
            return chunk_of(url), None
        return owner_of_source(hit[0]), hit[1]


# ------------------------------------------------------------------------------------------------- the trace


def main_thread(events: list[dict], url: str) -> tuple[int, int, float]:
    """(pid, tid, navigationStart µs) of the renderer main thread that navigated to url (its last navigation)."""
    names = {
        (e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("ph") == "M" and e.get("name") == "thread_name"
    }
    starts = [
        e
        for e in events
        if e.get("name") == "navigationStart"
        and names.get((e["pid"], e["tid"])) == "CrRendererMain"
        and (e.get("args", {}).get("data", {}).get("documentLoaderURL") or "").split("#")[0] == url
    ]
    if not starts:
        raise RuntimeError(f"no navigationStart for {url} in the trace")
    start = max(starts, key=lambda e: e["ts"])
    return start["pid"], start["tid"], start["ts"]


def paint_marks(events: list[dict], pid: int, nav: float) -> tuple[float | None, float | None]:
    """(FCP, LCP) in µs of the trace clock, from the page's own loading marks."""
    fcp = [e["ts"] for e in events if e.get("name") == "firstContentfulPaint" and e["pid"] == pid and e["ts"] >= nav]
    lcp = [
        e["ts"]
        for e in events
        if e.get("name") == "largestContentfulPaint::Candidate" and e["pid"] == pid and e["ts"] >= nav
    ]
    return (min(fcp) if fcp else None), (max(lcp) if lcp else None)


def load_event(events: list[dict], pid: int, tid: int, nav: float) -> float | None:
    marks = [
        e["ts"]
        for e in events
        if e.get("name") in ("loadEventEnd", "MarkLoad") and e["pid"] == pid and e["tid"] == tid and e["ts"] >= nav
    ]
    return min(marks) if marks else None


def thread_slices(events: list[dict], pid: int, tid: int) -> list[dict]:
    """The thread's complete events (X, and B/E pairs made into X), sorted outer before inner."""
    out, open_ = [], defaultdict(list)
    for e in events:
        if e.get("pid") != pid or e.get("tid") != tid:
            continue
        ph = e.get("ph")
        if ph == "X" and "dur" in e:
            out.append(e)
        elif ph == "B":
            open_[e["name"]].append(e)
        elif ph == "E" and open_[e.get("name")]:
            begin = open_[e["name"]].pop()
            out.append({**begin, "ph": "X", "dur": e["ts"] - begin["ts"]})
    out.sort(key=lambda e: (e["ts"], -e["dur"]))
    return out


def build_tree(slices: list[dict]) -> list[dict]:
    """Top-level tasks with their nested events (children), from slices sorted outer first."""
    roots: list[dict] = []
    stack: list[dict] = []
    for e in slices:
        node = {"event": e, "start": e["ts"], "end": e["ts"] + e["dur"], "children": []}
        while stack and stack[-1]["end"] <= node["start"]:
            stack.pop()
        if stack and node["end"] <= stack[-1]["end"] + 1:
            stack[-1]["children"].append(node)
        elif stack:
            continue  # overlaps its parent's end: a clock glitch, dropped
        elif e["name"] in TASK_NAMES:
            roots.append(node)
        else:
            continue  # not inside a task (async or instant marks): not main-thread work
        stack.append(node)
    return roots


def kind_times(node: dict, inherited: str, into: dict, names: dict | None = None) -> None:
    """Self time per kind under node (µs); names, if given, gets the self time per event name."""
    kind = KINDS.get(node["event"]["name"], inherited)
    child_time = sum(child["end"] - child["start"] for child in node["children"])
    own = max(0.0, (node["end"] - node["start"]) - child_time)
    into[kind] += own
    if names is not None:
        names[node["event"]["name"]] += own
    for child in node["children"]:
        kind_times(child, kind, into, names)


def entry_label(event: dict) -> str:
    """What an entry event ran: 'EvaluateScript vendor', 'FunctionCall main:Xe', 'TimerFire main:a', ..."""
    data = (event.get("args") or {}).get("data") or {}
    name = event["name"]
    url = data.get("url") or ""
    if name == "EventDispatch":
        return f"EventDispatch {data.get('type', '?')}"
    if name in ("FunctionCall", "TimerFire", "FireAnimationFrame", "FireIdleCallback"):
        # FunctionCall names the function; a timer or frame callback's function is its first FunctionCall (below).
        fn = data.get("functionName") or ""
        return f"{name} {chunk_of(url)}{':' + fn if fn else ''}".rstrip()
    if name in ("EvaluateScript", "v8.compile", "v8.evaluateModule"):
        return f"{name} {chunk_of(url)}".rstrip()
    return name


def entries(node: dict, depth: int = 0, out: list | None = None) -> list[tuple[str, float]]:
    """The outermost entry events of a task (and the first level of entries inside them), with their durations."""
    out = [] if out is None else out
    for child in node["children"]:
        name = child["event"]["name"]
        if name in ENTRY_NAMES:
            label = entry_label(child["event"])
            inner = [c for c in child["children"] if c["event"]["name"] in ("FunctionCall", "EvaluateScript")]
            if name in ("TimerFire", "FireAnimationFrame", "FireIdleCallback", "EventDispatch") and inner:
                label += " → " + entry_label(inner[0]["event"])
            out.append((label, child["end"] - child["start"]))
            if depth == 0 and name in ("EvaluateScript", "FunctionCall", "RunMicrotasks"):
                entries(child, depth + 1, out)
        else:
            entries(child, depth, out)
    return out


# ------------------------------------------------------------------------------------------------- the profiler


def profile_samples(events: list[dict], pid: int, tid: int) -> list[tuple[float, list[dict]]]:
    """(time µs, call stack leaf first) of every sample the V8 profiler took on the thread."""
    ids = {e["id"]: e for e in events if e.get("name") == "Profile" and e["pid"] == pid and e["tid"] == tid}
    out = []
    for profile_id, head in ids.items():
        nodes: dict[int, dict] = {}
        time = float(head["args"]["data"]["startTime"])
        # Profile ids are per process: the chunks of another renderer (a browser page) may carry the same id.
        chunks = (
            e for e in events if e.get("name") == "ProfileChunk" and e.get("id") == profile_id and e["pid"] == pid
        )
        for chunk in chunks:
            data = chunk["args"]["data"]
            profile = data.get("cpuProfile", {})
            for node in profile.get("nodes", []):
                nodes[node["id"]] = node
            for sample, delta in zip(profile.get("samples", []), data.get("timeDeltas", []), strict=False):
                time += delta
                stack, node = [], nodes.get(sample)
                while node is not None:
                    stack.append(node["callFrame"])
                    node = nodes.get(node.get("parent"))
                out.append((time, stack))
    out.sort(key=lambda item: item[0])
    return out


def sampled(samples, start: float, end: float, maps: Maps) -> tuple[dict, dict]:
    """Script time in [start, end) by owner (chunk, or package / client file with maps) and by hottest function:
    each sample counts as the time to the next sample."""
    by_owner: dict[str, float] = defaultdict(float)
    by_function: dict[str, float] = defaultdict(float)
    inside = [i for i, (t, _) in enumerate(samples) if start <= t < end]
    for i in inside:
        t, stack = samples[i]
        step = (samples[i + 1][0] if i + 1 < len(samples) else end) - t
        step = max(0.0, min(step, end - t))
        leaf = stack[0] if stack else {"functionName": "(program)", "url": ""}
        if leaf.get("functionName") in PROFILER_META:
            continue
        framed = next((frame for frame in stack if frame.get("url")), None)
        if framed is None:
            by_owner["(native)"] += step
            by_function[leaf.get("functionName") or "(anonymous)"] += step
            continue
        owner, original = maps.owner(framed["url"], framed.get("lineNumber", 0), framed.get("columnNumber", 0))
        by_owner[owner] += step
        name = leaf.get("functionName") or "(anonymous)"
        if framed is leaf:
            name = f"{original or name} ({owner})"
        else:
            name = f"{name} ← {original or framed.get('functionName') or '(anonymous)'} ({owner})"
        by_function[name] += step
    return by_owner, by_function


# ------------------------------------------------------------------------------------------------- one run


def analyse(trace: dict, url: str, maps: Maps) -> dict:
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    pid, tid, nav = main_thread(events, url)
    fcp, lcp = paint_marks(events, pid, nav)
    load = load_event(events, pid, tid, nav)
    tasks = [task for task in build_tree(thread_slices(events, pid, tid)) if task["end"] > nav]
    samples = profile_samples(events, pid, tid)
    ms = lambda us: us / 1000.0  # noqa: E731
    long_tasks = []
    for task in tasks:
        duration = ms(task["end"] - task["start"])
        if duration < LONG_TASK_MS:
            continue
        kinds: dict[str, float] = defaultdict(float)
        names: dict[str, float] = defaultdict(float)
        kind_times(task, "other", kinds, names)
        found = entries(task)
        by_owner, by_function = sampled(samples, task["start"], task["end"], maps)
        top_entry = max(found, key=lambda item: item[1])[0] if found else "(no script entry)"
        long_tasks.append(
            {
                "startMs": ms(task["start"] - nav),
                "durationMs": duration,
                "afterFcp": fcp is not None and task["start"] >= fcp,
                "label": top_entry,
                "kinds": {k: ms(v) for k, v in sorted(kinds.items(), key=lambda kv: -kv[1]) if ms(v) >= 1},
                "entries": [(label, ms(d)) for label, d in sorted(found, key=lambda item: -item[1])[:6]],
                "owners": {k: ms(v) for k, v in sorted(by_owner.items(), key=lambda kv: -kv[1])[:6] if ms(v) >= 1},
                "functions": [(k, ms(v)) for k, v in sorted(by_function.items(), key=lambda kv: -kv[1])[:5]],
                "events": {k: ms(v) for k, v in sorted(names.items(), key=lambda kv: -kv[1])[:8] if ms(v) >= 1},
            }
        )
    blocking = lambda chosen: sum(max(0.0, t["durationMs"] - LONG_TASK_MS) for t in chosen)  # noqa: E731
    return {
        "url": url,
        "fcpMs": ms(fcp - nav) if fcp else None,
        "lcpMs": ms(lcp - nav) if lcp else None,
        "loadMs": ms(load - nav) if load else None,
        "tasks": len(tasks),
        "mainThreadMs": sum(ms(t["end"] - t["start"]) for t in tasks),
        "longTasks": long_tasks,
        "tbtAfterFcpMs": blocking([t for t in long_tasks if t["afterFcp"]]),
        "tbtAllMs": blocking(long_tasks),
        "samples": len(samples),
        "console": trace.get("console", []) if isinstance(trace, dict) else [],
    }


def record(browser, base: str, page_spec: dict, user: dict, cpu: float, settle: float) -> tuple[dict, str]:
    """One cold load of the page, traced: (trace JSON, the URL navigated to)."""
    with phone_page(browser) as page:
        # A hydration that fails (React's recoverable errors #418/#423: the page is rendered again from scratch) or any
        # other error changes what the main thread does: shown with the run.
        console: list[str] = []
        page.on("console", lambda msg: msg.type in ("error", "warning") and console.append(f"{msg.type}: {msg.text}"))
        page.on("pageerror", lambda error: console.append(f"pageerror: {error}"))
        if page_spec.get("signedIn"):
            sign_in(page, base, page_spec.get("user") or user)
        cdp = page.context.new_cdp_session(page)
        cdp.send("Network.clearBrowserCache")
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
        url = f"{base}{page_spec['path']}"
        browser.start_tracing(page=page, categories=CATEGORIES.split(","))
        try:
            page.goto(url, wait_until="load", timeout=120_000)
            page.wait_for_timeout(settle * 1000)
        finally:
            raw = browser.stop_tracing()
        trace = json.loads(raw)
        trace["console"] = console
        return trace, url


# ------------------------------------------------------------------------------------------------- output


def fmt_ms(value: float | None) -> str:
    return "—" if value is None else f"{value:.0f}"


def print_run(label: str, number: int, result: dict, events: bool = False) -> None:
    print(
        f"{label} run {number}: FCP {fmt_ms(result['fcpMs'])} ms, LCP {fmt_ms(result['lcpMs'])} ms, load "
        f"{fmt_ms(result['loadMs'])} ms; {result['tasks']} tasks ({result['mainThreadMs']:.0f} ms), "
        f"{len(result['longTasks'])} ≥ {LONG_TASK_MS:.0f} ms; TBT-equivalent {result['tbtAfterFcpMs']:.0f} ms after "
        f"FCP ({result['tbtAllMs']:.0f} ms from navigation)"
    )
    for task in result["longTasks"]:
        kinds = ", ".join(f"{k} {v:.0f}" for k, v in task["kinds"].items())
        mark = " " if task["afterFcp"] else "*"
        print(f"  {mark}{task['startMs']:>7.0f} ms  {task['durationMs']:>6.1f} ms  {task['label']}  [{kinds}]")
        for name, duration in task["entries"]:
            print(f"        {duration:>6.1f}  {name}")
        if task["owners"]:
            print("        sampled: " + ", ".join(f"{k} {v:.0f}" for k, v in task["owners"].items()))
            for name, duration in task["functions"][:3]:
                print(f"          {duration:>5.1f}  {name}")
        if events:
            print("        self time by trace event: " + ", ".join(f"{k} {v:.0f}" for k, v in task["events"].items()))
    print("  (* = before the first contentful paint: not counted in TBT)")
    for line in result["console"][:5]:
        print(f"  console {line[:300]}")


def print_summary(label: str, results: list[dict]) -> None:
    def spread(values):
        values = [v for v in values if v is not None]
        if not values:
            return "—"
        median = f"{statistics.median(values):.0f}"
        return median if len(values) == 1 else f"{median} ({min(values):.0f}–{max(values):.0f})"

    print(
        f"{label:<16} TBT-eq {spread([r['tbtAfterFcpMs'] for r in results]):<16} "
        f"long tasks {spread([len(r['longTasks']) for r in results]):<10} "
        f"FCP {spread([r['fcpMs'] for r in results]):<16} LCP {spread([r['lcpMs'] for r in results]):<16} "
        f"main thread {spread([r['mainThreadMs'] for r in results])} ms"
    )
    groups: dict[str, list[list[float]]] = defaultdict(lambda: [[] for _ in results])
    for i, result in enumerate(results):
        for task in result["longTasks"]:
            groups[task["label"]][i].append(task["durationMs"])
    rows = sorted(groups.items(), key=lambda kv: -sum(sum(run) for run in kv[1]))
    for name, per_run in rows:
        durations = [d for run in per_run for d in run]
        present = sum(1 for run in per_run if run)
        print(
            f"    in {present}/{len(results)} runs, ×{len(durations)}, median {statistics.median(durations):>5.0f} ms "
            f"(max {max(durations):.0f}): {name}"
        )


def main() -> int:
    parser = client_bench_parser(__doc__)
    parser.add_argument("--page", choices=["all", *PAGE_KEYS], default="all")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cpu", type=float, default=4, help="CPU slowdown (Lighthouse's mobile profile: 4)")
    parser.add_argument("--settle", type=float, default=3, help="seconds traced after the load event")
    parser.add_argument("--maps", type=Path, help="a source-mapped build of the same sources (see above)")
    parser.add_argument("--trace-dir", type=Path, help="keep each run's trace (.json.gz) here")
    parser.add_argument("--json", type=Path, help="also write every run's long tasks to this file")
    parser.add_argument("--quiet", action="store_true", help="only the summary, not every run's tasks")
    parser.add_argument("--events", action="store_true", help="also each long task's self time by trace event name")
    args = parser.parse_args()
    if client_unavailable(args.dist):
        return 1

    maps = Maps(args.maps, Path(args.dist))
    results: dict[str, list[dict]] = defaultdict(list)
    with served_client(args.dist, args.database_url) as served, chromium() as browser:
        pages = served.pages()
        if args.page != "all":
            pages = [page for page in pages if page["label"] == PAGE_KEYS[args.page]]
        if args.trace_dir:
            args.trace_dir.mkdir(parents=True, exist_ok=True)
        for number in range(1, args.runs + 1):  # the pages in turn: a busy moment hits every page alike
            for spec in pages:
                trace, url = record(browser, served.base, spec, served.user, args.cpu, args.settle)
                if args.trace_dir:
                    name = re.sub(r"[^a-z0-9]+", "_", spec["label"].lower()).strip("_") or "home"
                    with gzip.open(args.trace_dir / f"{name}.run{number}.json.gz", "wt") as out:
                        json.dump(trace, out)
                result = analyse(trace, url, maps)
                results[spec["label"]].append(result)
                if not args.quiet:
                    print_run(spec["label"], number, result, args.events)
                sys.stdout.flush()

    print(
        f"\nLong tasks (≥ {LONG_TASK_MS:.0f} ms) over {args.runs} run(s), {args.cpu:g}× CPU slowdown, "
        f"{VIEWPORT['width']}×{VIEWPORT['height']} touch viewport; TBT-equivalent = Σ(duration − 50 ms) of the tasks "
        "after FCP (target ≤ 200 ms); median (min–max). Tasks grouped by their largest script entry:"
    )
    for label, runs in results.items():
        print_summary(label, runs)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
