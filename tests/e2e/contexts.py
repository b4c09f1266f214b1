"""Browser contexts of the e2e tests: one way to open them, one way to keep evidence when a test fails."""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-results"
DEFAULT_VIEWPORT = {"width": 1280, "height": 900}


@contextmanager
def browser_context_for(browser, live_server: str, request, **options):
    """A context on the live server (Russian, 1280×900 unless `options` say otherwise; any Playwright
    new_context option passes through). If the test failed, every page it left open is screenshotted into
    test-results/ before the context closes. Tests that inject axe-core pass bypass_csp=True: the app's CSP forbids
    the inline script Playwright's add_script_tag writes; only the test's own script needs the bypass."""
    context = browser.new_context(base_url=live_server, **{"locale": "ru-RU", "viewport": DEFAULT_VIEWPORT, **options})
    context.set_default_timeout(10_000)
    try:
        yield context
    finally:
        failed = getattr(request.node, "rep_call", None)
        if failed is not None and failed.failed:
            ARTIFACTS.mkdir(exist_ok=True)
            for index, page in enumerate(context.pages):
                page.screenshot(path=str(ARTIFACTS / f"{request.node.name}-{index}.png"), full_page=True)
        context.close()
