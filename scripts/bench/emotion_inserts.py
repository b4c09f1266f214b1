"""Benchmark: how many CSS rules emotion inserts at runtime on /apply/<id> until the questionnaire's form is there.

CPU-independent companion of long_tasks.py (issue 27; decision 0070): the prerendered page's <style data-emotion>
carries rules the browser's emotion cache adopts; every rule it lacks is serialized and inserted when first drawn.
An init script counts the rules inserted (CSSStyleSheet.insertRule: emotion's production "speedy" mode) and the
<style data-emotion> tags it creates (one per sheet: its cache's and one per Global), from the page's start until
the first field of the form is visible, and until the whole step is drawn (StepForm's later batches). Printed: all
rules; those of a component's class (.css-<name>: what the page's <style> can carry); @keyframes (MUI's InputBase
inserts its autofill keyframes with a Global for every input); the rest are the other global rules (CssBaseline,
the theme's GlobalStyles), which emotion inserts again whatever the page's <style> holds:

    .venv/bin/python scripts/bench/emotion_inserts.py [--dist client/dist] [--lang ru kk en]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _support import chromium, client_bench_parser, client_unavailable, phone_page, served_client, sign_in  # noqa: E402

COUNTER = r"""
(() => {
  window.__emotion = { rules: 0, classes: 0, keyframes: 0, tags: 0 };
  const insertRule = CSSStyleSheet.prototype.insertRule;
  CSSStyleSheet.prototype.insertRule = function (rule, ...rest) {
    const owner = this.ownerNode;
    if (owner && owner.hasAttribute('data-emotion')) {
      window.__emotion.rules += 1;
      if (/^@(-webkit-)?keyframes /.test(rule)) window.__emotion.keyframes += 1;
      else if (/\.css-[a-z0-9]+/.test(rule)) window.__emotion.classes += 1;
    }
    return insertRule.call(this, rule, ...rest);
  };
  new MutationObserver((records) => {
    records.forEach((record) => record.addedNodes.forEach((node) => {
      // the page's own tag (data-emotion="css <names>") is moved, not created, when emotion adopts it
      if (node.nodeName === 'STYLE' && /^[\w-]+$/.test(node.getAttribute('data-emotion') || '')) {
        window.__emotion.tags += 1;
      }
    }));
  }).observe(document, { childList: true, subtree: true });
})();
"""
FIRST_FIELD = '[data-testid="questionnaire"] form input:not([type="file"])'
# The names the page's <style data-emotion="css <names>"> brought (emotion's own tags name none).
COUNTS = """() => ({
  ...window.__emotion,
  adopted: [...document.querySelectorAll('style[data-emotion]')]
    .reduce((n, tag) => n + tag.getAttribute('data-emotion').split(' ').length - 1, 0),
})"""


def main() -> int:
    parser = client_bench_parser(__doc__)
    parser.add_argument("--lang", nargs="+", default=["ru"])
    args = parser.parse_args()
    if client_unavailable(args.dist):
        return 1
    with served_client(str(Path(args.dist).resolve()), args.database_url) as sc, chromium() as browser:
        for lang in args.lang:
            with phone_page(browser, COUNTER) as page:
                page.context.add_cookies([{"name": "qabyldau_lang", "value": lang, "url": sc.base}])
                sign_in(page, sc.base, sc.user)
                page.goto(f"{sc.base}/apply/{sc.application_id}")
                page.locator(FIRST_FIELD).first.wait_for(state="visible", timeout=60000)
                first = page.evaluate(COUNTS)
                page.wait_for_function("() => !document.querySelector('[data-pending-field]')", timeout=60000)
                whole = page.evaluate(COUNTS)
            for label, counts in (("until the first field", first), ("until the step is whole", whole)):
                print(
                    f"{lang}: {first['adopted']} names in the page's <style>; {label}: {counts['rules']} rules "
                    f"inserted ({counts['classes']} of classes, {counts['keyframes']} @keyframes), "
                    f"{counts['tags']} style tags created"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
