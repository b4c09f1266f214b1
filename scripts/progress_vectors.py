#!/usr/bin/env python3
"""Writes client/src/features/stepper/progressVectors.json: the progress the server derives for every state the
transition table reaches (server/applications/workflow/progress.py, decision 0083). The client's stepper tests draw
these answers, so they test the real server output; tests/unit/test_progress.py fails when the file is stale.

    .venv/bin/python scripts/progress_vectors.py            # (re)write the file
    .venv/bin/python scripts/progress_vectors.py --check    # exit 1 when the file on disk is stale
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
TARGET = ROOT / "client" / "src" / "features" / "stepper" / "progressVectors.json"


def render() -> str:
    from server.applications.workflow.progress import progress, reachable_states
    from server.populations import POPULATION_FOREIGN, POPULATION_KZ

    vectors = [
        {
            "population": state.population,
            "current_step": state.current_step,
            "status": state.status,
            "financing": state.financing,
            "progress": progress(state),
        }
        for population in (POPULATION_KZ, POPULATION_FOREIGN)
        for state in reachable_states(population)
    ]
    return json.dumps({"vectors": vectors}, ensure_ascii=False, indent=1) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    text = render()
    if args.check:
        if not TARGET.exists() or TARGET.read_text(encoding="utf-8") != text:
            print(f"{TARGET.relative_to(ROOT)} is stale: run scripts/progress_vectors.py", file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
