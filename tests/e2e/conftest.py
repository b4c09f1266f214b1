"""Browser tests: the real app served by a werkzeug thread, driven in Debian's Chromium through Playwright.

Never downloads a browser: launches CHROMIUM_PATH (default /usr/bin/chromium).
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from .contexts import browser_context_for

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


@pytest.fixture
def smtp(app, smtp_server):
    """Points the live server's mail at the real SMTP server (aiosmtpd) for one test; yields its messages."""
    url, messages = smtp_server
    previous = app.config.get("SMTP_URL")
    app.config["SMTP_URL"] = url
    yield messages
    app.config["SMTP_URL"] = previous


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def live_server(app):
    if not (Path(app.config["CLIENT_DIST"]) / "index.html").is_file():
        pytest.fail("The client is not built: run `npm run build` (make test does it)")
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"Chromium is missing at {CHROMIUM}: apt-get install -y chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield browser
        browser.close()


@pytest.fixture
def browser_context(browser, live_server, db, request):
    with browser_context_for(browser, live_server, request) as context:
        yield context


@pytest.fixture
def page(browser_context):
    page = browser_context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    assert not errors, f"uncaught errors in the page: {errors}"


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)
