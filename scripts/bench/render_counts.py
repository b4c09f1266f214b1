"""Benchmark: how many React components render per interaction on the questionnaire (issue 27; decision 0070).

CPU-independent companion of scripts/bench/inp.py: the same page, user and journey (the step's first text field
tapped, a word typed one key at a time, "Next" pressed with the step's other fields empty), but instead of timings
it counts, per interaction, the React commits and the components that rendered in them:

    .venv/bin/python scripts/bench/render_counts.py [--dist client/dist] [--runs 1]

A stand-in for React DevTools' global hook (installed before any page script; React DOM, production build included,
reports every commit to it) walks each committed tree and counts the function, memo, forwardRef and class
components that did work in that commit (a fiber mounted, or re-rendered: React's PerformedWork flag; subtrees React
did not enter are skipped, as DevTools does). No CPU slowdown: the counts do not depend on the machine's speed (the
number of commits a typed key causes can, by one, when a network answer lands in between; the journey waits after
each key for that reason). Also printed: the commits and components of the page's load until the form is there
(its first render, the largest single commit).
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _support import chromium, client_bench_parser, client_unavailable, phone_page, served_client, sign_in  # noqa: E402

WORD = "Aruzhan"
# Installed before any page script. Fiber tags: 0 function, 1 class, 11 forwardRef, 14 memo, 15 simple memo.
HOOK = """
(() => {
  const COMPONENT = new Set([0, 1, 11, 14, 15]);
  const PERFORMED_WORK = 1;
  window.__commits = [];
  function count(next, prev) {
    let n = 0;
    const stack = [[next, prev]];
    while (stack.length) {
      const [fiber, old] = stack.pop();
      if (COMPONENT.has(fiber.tag) && (old === null || (fiber.flags & PERFORMED_WORK))) n += 1;
      if (old !== null && fiber.child === old.child) continue; // React did not enter this subtree
      for (let child = fiber.child; child; child = child.sibling) stack.push([child, child.alternate]);
    }
    return n;
  }
  let ids = 0;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject(renderer) { ids += 1; this.renderers.set(ids, renderer); return ids; },
    onCommitFiberRoot(_id, root) {
      const current = root.current;
      window.__commits.push({ at: performance.now(), components: count(current, current.alternate) });
    },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  };
})();
"""


def since(page, mark: int) -> list[dict]:
    return page.evaluate("(mark) => window.__commits.slice(mark)", mark)


def mark(page) -> int:
    return page.evaluate("window.__commits.length")


def one_run(browser, base: str, user: dict, path: str) -> dict:
    with phone_page(browser, HOOK) as page:
        sign_in(page, base, user)
        page.goto(f"{base}{path}", wait_until="load")
        field = page.locator('form input[type="text"]').first
        field.wait_for(state="visible", timeout=60_000)
        page.wait_for_timeout(2000)  # the form's later batches, option lists, the refetches
        load = since(page, 0)
        field.tap()
        page.wait_for_timeout(500)
        keys = []
        for char in WORD:
            start = mark(page)
            page.keyboard.type(char)
            page.wait_for_timeout(400)
            keys.append(since(page, start))
        start = mark(page)
        page.get_by_test_id("questionnaire-next").tap()
        page.wait_for_timeout(2500)  # the partial save's answer and the toast
        nxt = since(page, start)
        return {"load": load, "keys": keys, "next": nxt}


def summary(commits: list[dict]) -> str:
    total = sum(c["components"] for c in commits)
    return f"{len(commits)} commit(s), {total} components ({', '.join(str(c['components']) for c in commits)})"


def main() -> int:
    parser = client_bench_parser(__doc__)
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    if client_unavailable(args.dist):
        return 1

    with served_client(args.dist, args.database_url) as served, chromium() as browser:
        path = f"/apply/{served.application_id}"
        for number in range(args.runs):
            run = one_run(browser, served.base, served.user, path)
            load = run["load"]
            print(f"run {number + 1}: {path}")
            print(
                f"  load until the form is there (+2 s): {len(load)} commits, "
                f"{sum(c['components'] for c in load)} components, largest commit "
                f"{max((c['components'] for c in load), default=0)}; commits of ≥ 100: "
                f"{[c['components'] for c in load if c['components'] >= 100]}"
            )
            per_key = [sum(c["components"] for c in key) for key in run["keys"]]
            for char, key in zip(WORD, run["keys"], strict=True):
                print(f"  key {char!r}: {summary(key)}")
            print(
                f"  per key press: median {statistics.median(per_key):.0f} components "
                f"(min–max {min(per_key)}–{max(per_key)})"
            )
            first = run["next"][0]["components"] if run["next"] else 0
            print(f"  Next (errors shown): {summary(run['next'])}; first commit {first}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
