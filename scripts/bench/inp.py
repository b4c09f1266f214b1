"""Benchmark: Interaction to Next Paint on the questionnaire on a simulated mid-range phone (issue 27; decision 0070).

Lighthouse's navigation report has no INP (nothing is clicked), so this drives the questionnaire itself:

    .venv/bin/python scripts/bench/inp.py [--runs 3] [--cpu 4] [--page apply|stepper] [--dist client/dist]

The built client is served by the real app over a throw-away database (scripts/bench/_support.py's served_client,
as for scripts/bench/lighthouse.py: the same seeds and users). Chromium (Playwright, the system /usr/bin/chromium)
opens the page with a phone's viewport (412×823, touch) and the CPU slowed down --cpu times (CDP
Emulation.setCPUThrottlingRate, Lighthouse's mobile profile uses 4), signed in through the client's session store.
Once the questionnaire's form is there, it
  1. taps the first text field and types a word into it (one interaction per key),
  2. presses "Next" (questionnaire-next) — with the step's other fields empty the step answers with its errors, the
     heaviest render a press on Next does;
and reads every interaction from the page's own `PerformanceObserver({type: 'event', durationThreshold: 16})`
(the Event Timing API INP is defined on): per interaction id, the longest event's duration = input delay +
processing + presentation delay. INP is the worst interaction of the run (fewer than 50 interactions: no outlier is
dropped). Prints, per run, INP and the interactions over 50 ms; then INP's median and spread (min–max) over the runs.

--page stepper measures a Kazakhstan citizen's /stepper/<id> instead: the instruction step's five checkboxes and
"Next" (the stepper's own questionnaire steps come later in the journey).

Run it on a quiet machine: the CPU slowdown multiplies this machine's own load.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

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

INTERACTION_MS = 50  # interactions shown one by one from this long on
# Installed before any page script: keeps every event timing entry (the buffer of 'event' entries is small).
OBSERVER = """
window.__eventTimings = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (!entry.interactionId) continue;
    const target = entry.target;
    window.__eventTimings.push({
      id: entry.interactionId,
      name: entry.name,
      duration: entry.duration,
      inputDelay: entry.processingStart - entry.startTime,
      processing: entry.processingEnd - entry.processingStart,
      presentation: entry.startTime + entry.duration - entry.processingEnd,
      target: target ? (target.getAttribute('data-testid') || target.tagName.toLowerCase()) : '',
    });
  }
}).observe({ type: 'event', durationThreshold: 16, buffered: true });
"""


def interactions(timings: list[dict]) -> list[dict]:
    """One entry per interaction id: its longest event (what INP counts)."""
    worst: dict[int, dict] = {}
    for entry in timings:
        if entry["id"] not in worst or entry["duration"] > worst[entry["id"]]["duration"]:
            worst[entry["id"]] = entry
    return sorted(worst.values(), key=lambda entry: entry["id"])


def drive_apply(page) -> None:
    field = page.locator('form input[type="text"]').first  # the step's first text field
    field.wait_for(state="visible", timeout=60_000)
    field.tap()
    page.keyboard.type("Aruzhan", delay=120)
    page.get_by_test_id("questionnaire-next").tap()


def drive_stepper(page) -> None:
    # Next is enabled once the instruction's five boxes are ticked (InstructionStep.jsx): each tick is an interaction.
    # Its POST is held unanswered: the press is measured up to its next paint (the busy button), and the seeded
    # application stays on the instruction step for the next run.
    page.route("**/api/v1/users/application-proceed", lambda route: None)
    page.get_by_test_id("instruction-rules").wait_for(state="visible", timeout=60_000)
    for key in ("rules", "presence", "fee", "tracking", "accept"):
        page.get_by_test_id(f"instruction-{key}").tap()
    page.get_by_test_id("step-next").tap()


def one_run(browser, base: str, user: dict, path: str, drive, cpu: float) -> list[dict]:
    with phone_page(browser, OBSERVER) as page:
        sign_in(page, base, user)
        cdp = page.context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
        page.goto(f"{base}{path}", wait_until="load")
        drive(page)
        page.wait_for_timeout(1500)  # the last interaction's paint and its entry
        return interactions(page.evaluate("window.__eventTimings"))


def main() -> int:
    parser = client_bench_parser(__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cpu", type=float, default=4, help="CPU slowdown (Lighthouse's mobile profile: 4)")
    parser.add_argument("--page", choices=["apply", "stepper"], default="apply")
    args = parser.parse_args()
    if client_unavailable(args.dist):
        return 1

    results = []
    with served_client(args.dist, args.database_url) as served, chromium() as browser:
        if args.page == "apply":
            who, path, drive = served.user, f"/apply/{served.application_id}", drive_apply
        else:
            who, path, drive = served.citizen, f"/stepper/{served.stepper_id}", drive_stepper
        for number in range(args.runs):
            found = one_run(browser, served.base, who, path, drive, args.cpu)
            results.append(found)
            inp = max((entry["duration"] for entry in found), default=0)
            print(f"run {number + 1}: INP {inp:.0f} ms over {len(found)} interactions (≥ 16 ms)")
            for entry in found:
                if entry["duration"] >= INTERACTION_MS:
                    print(
                        f"    {entry['name']:<12} on {entry['target']:<28} {entry['duration']:>5.0f} ms "
                        f"(input delay {entry['inputDelay']:.0f}, processing {entry['processing']:.0f}, "
                        f"presentation {entry['presentation']:.0f})"
                    )

    worst = [max((entry["duration"] for entry in found), default=0) for found in results]
    label = "/apply/<id>" if args.page == "apply" else "/stepper/<id>"
    print(
        f"{label}: INP {statistics.median(worst):.0f} ms (min–max {min(worst):.0f}–{max(worst):.0f}) over "
        f"{len(worst)} run(s), {args.cpu:g}× CPU slowdown, {VIEWPORT['width']}×{VIEWPORT['height']} touch viewport "
        "(target: ≤ 200 ms, 'good')"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
