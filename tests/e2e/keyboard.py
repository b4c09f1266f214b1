"""Driving the app with the keyboard alone, and the checks of every focus stop (issue 28, decision 0077).

A journey written with these helpers never clicks and never fills: it moves with Tab / Shift+Tab until the control it
wants has the focus (`tab_to`), types with `keyboard.type` (`type_into`) and acts with Enter, Space and the arrows.
Every stop on the way is checked (`Stops.check`):

- the focused element is visible and not covered — `elementFromPoint` at its centre and near its corners finds the
  element itself (or something inside it), not the sticky header, a toast or a dialog's backdrop (WCAG 2.4.11);
- its focus indicator differs from its unfocused rendering — the element's box (plus the ring's room around it) is
  screenshot focused, then again after a blur, and enough pixels must differ (2.4.7). Each kind of control (its tag,
  role and classes) is compared once per journey: the theme draws one indicator per kind, and two screenshots at each
  of several hundred stops would cost minutes.

`expect_focus(locator)` is the rule check after an action: focus landed where decision 0077 says.
"""

from __future__ import annotations

import io

from PIL import Image, ImageChops
from playwright.sync_api import expect

MAX_TABS = 80
RING_ROOM = 6  # the theme's ring: 3 px wide, 2 px off the element (client/src/app/theme.js)
MIN_CHANGED_PIXELS = 12  # a 3 px ring round even a small control changes far more; anti-aliasing noise far less

# What a stop looks like to the page: its identity (for messages and for tab_to's match), its box, and whether
# something else is drawn over it. Points are inset from the corners (rounded corners belong to the parent).
MEASURE = """(target) => {
  const el = document.activeElement;
  // Tab past the last control leaves the document for the browser's own controls: <body> is focused, without focus.
  if (el === document.body && !document.hasFocus()) return { end: true };
  if (!el || el === document.body || el === document.documentElement) return { lost: true };
  const reached = Boolean(target) && (target === el || (target.__within && target.contains(el)));
  const r = el.getBoundingClientRect();
  const testid = el.getAttribute('data-testid') || '';
  const name = (el.getAttribute('aria-label') || el.textContent || el.value || '').trim().slice(0, 60);
  const describe = `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''}`
    + `${testid ? `[data-testid=${testid}]` : ''} "${name}"`;
  const stateless = (c) => !/^css-|Mui-(focused|focusVisible|selected|checked|expanded)/.test(c);
  const kind = [el.tagName, el.getAttribute('role') || '', el.type || '',
    [...el.classList].filter(stateless).sort().join('.')].join('|');
  if (r.width < 1 || r.height < 1) return { describe, kind, reached, invisible: `its box is ${r.width}x${r.height}` };
  const style = getComputedStyle(el);
  if (style.visibility === 'hidden' || Number(style.opacity) === 0 && el.tagName !== 'INPUT')
    return { describe, kind, reached, invisible: 'hidden by its style' };
  const vw = window.innerWidth, vh = window.innerHeight;
  const left = Math.max(r.left, 0), right = Math.min(r.right, vw);
  const top = Math.max(r.top, 0), bottom = Math.min(r.bottom, vh);
  if (right - left < 1 || bottom - top < 1) return { describe, kind, reached, invisible: 'outside the viewport' };
  const inset = (a, b) => Math.min(6, (b - a) / 4);
  const ix = inset(left, right), iy = inset(top, bottom);
  const points = [[(left + right) / 2, (top + bottom) / 2], [left + ix, top + iy], [right - ix, top + iy],
    [left + ix, bottom - iy], [right - ix, bottom - iy]];
  const covered = [];
  const label = (n) => {
    const id = n.getAttribute('data-testid');
    return `${n.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ''}.${[...n.classList].slice(0, 2).join('.')}`;
  };
  for (const [x, y] of points) {
    const hit = document.elementFromPoint(x, y);
    if (!hit) continue;
    // itself, its own content, or the label drawn for it (a radio's or a switch's visible part)
    if (hit === el || el.contains(hit)) continue;
    if (hit.tagName === 'LABEL' && hit.control === el) continue;
    if (el.labels && [...el.labels].some((l) => l.contains(hit))) continue;
    // a control drawn on top of its own decoration (MUI's radio input over its icon)
    if (hit.contains(el) && hit.matches('.MuiButtonBase-root, .MuiInputBase-root, .MuiFormControlLabel-root')) continue;
    covered.push(`(${Math.round(x)},${Math.round(y)}) by ${label(hit)}`);
  }
  return { describe, kind, covered, reached, box: { x: r.left, y: r.top, width: r.width, height: r.height } };
}"""

# A smooth scroll (a field in error is scrolled to the centre) may still run when the focus has landed, or start a
# frame later: a stop is judged once the focused element is in place — visible, uncovered and still for a frame — or
# after 45 frames (about 0.75 s), as it is then.
STOP_JS = (
    """async (target) => {
  const measure = """
    + MEASURE
    + """;
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  let last = null;
  let result = null;
  for (let i = 0; i < 45; i += 1) {
    result = measure(target);
    const now = result.box ? `${result.box.x}:${result.box.y}` : '';
    const settled = now === last && !result.invisible && !(result.covered && result.covered.length);
    if (settled || result.end || result.lost) break;
    last = now;
    await frame();
  }
  return result;
}"""
)

# Finite animations and transitions (a dialog fading in, a ripple) have ended; endless ones (spinners) are ignored.
ANIMATIONS_DONE = """() => document.getAnimations().every((a) => {
  const end = a.effect && a.effect.getComputedTiming().endTime;
  return a.playState !== 'running' || end === Infinity;
})"""

# The unfocused rendering: the focus moves to an invisible stand-in next to the element — inside the same dialog, whose
# focus trap would take a plain blur() back at once. The stand-in is removed when the element gets the focus back.
ELSEWHERE_JS = """(el) => {
  const standIn = document.createElement('span');
  standIn.tabIndex = -1;
  standIn.style.cssText = 'position:fixed;top:0;left:0;width:1px;height:1px;opacity:0;outline:none';
  (el.closest('[role=dialog], [role=alertdialog]') || document.body).appendChild(standIn);
  standIn.focus({ preventScroll: true });
  window.__keyboardStandIn = standIn;
}"""

REFOCUS_JS = """(el) => {
  el.focus({ preventScroll: true });
  if (window.__keyboardStandIn) window.__keyboardStandIn.remove();
}"""


def _clip(page, box):
    size = page.viewport_size
    x = max(box["x"] - RING_ROOM, 0)
    y = max(box["y"] - RING_ROOM, 0)
    right = min(box["x"] + box["width"] + RING_ROOM, size["width"])
    bottom = min(box["y"] + box["height"] + RING_ROOM, size["height"])
    return {"x": x, "y": y, "width": max(right - x, 1), "height": max(bottom - y, 1)}


def _changed_pixels(first: bytes, second: bytes) -> int:
    a = Image.open(io.BytesIO(first)).convert("RGB")
    b = Image.open(io.BytesIO(second)).convert("RGB")
    if a.size != b.size:
        return a.size[0] * a.size[1]
    diff = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v > 40 else 0)
    return sum(1 for v in diff.getdata() if v)


class Stops:
    """The focus stops of one journey: checks each, remembers which kinds of control had their indicator compared."""

    def __init__(self, page):
        self.page = page
        self.compared: set[str] = set()
        self.count = 0

    def check(self, where: str = "", target=None) -> dict:
        """Checks the focused element; `target` (an element handle) is matched in the same round trip."""
        page = self.page
        stop = page.evaluate(STOP_JS, target)
        if stop.get("end"):
            return stop
        at = f" ({where})" if where else ""
        assert not stop.get("lost"), f"the focus fell to the page{at}"
        assert not stop.get("invisible"), f"the focused {stop['describe']} is not visible: {stop['invisible']}{at}"
        assert not stop["covered"], f"the focused {stop['describe']} is covered at {stop['covered']}{at}"
        self.count += 1
        if stop["kind"] not in self.compared:
            self.compared.add(stop["kind"])
            self._compare_indicator(stop, at)
        return stop

    def _compare_indicator(self, stop, at):
        page = self.page
        handle = page.evaluate_handle("() => document.activeElement")
        changed = 0
        # A dialog that has just opened may still be fading in, or grow (and move, centred) as its content loads: its
        # transitions end first, the box is measured just before the pictures, and one more try follows.
        page.wait_for_function(ANIMATIONS_DONE)
        for attempt in range(2):
            if attempt:
                page.wait_for_timeout(400)
            clip = _clip(page, handle.bounding_box() or stop["box"])
            # animations="disabled" ends the transitions (MUI's border colours) before each picture
            focused = page.screenshot(clip=clip, animations="disabled", caret="hide")
            page.evaluate(ELSEWHERE_JS, handle)
            blurred = page.screenshot(clip=clip, animations="disabled", caret="hide")
            moved = page.evaluate("() => document.activeElement === window.__keyboardStandIn")
            page.evaluate(REFOCUS_JS, handle)
            if not moved:
                # A focus trap took the focus straight back: another control of this kind is compared instead.
                self.compared.discard(stop["kind"])
                return
            changed = _changed_pixels(focused, blurred)
            if changed >= MIN_CHANGED_PIXELS:
                return
        raise AssertionError(
            f"the focused {stop['describe']} looks the same as unfocused ({changed} pixels differ){at}"
        )


def focused(page):
    return page.locator("*:focus")


def is_focused(page, locator) -> bool:
    return bool(locator.evaluate("(el) => el === document.activeElement || el.contains(document.activeElement)"))


# Whether the target has the focus already, and whether it comes before the focused element in the document (the
# Tab order follows the document in this app); marks whether the focus inside it counts (`within`).
WHERE_JS = """(el, within) => {
  el.__within = within;
  const active = document.activeElement;
  const focused = el === active || (within && el.contains(active));
  const before = Boolean(active) && active !== document.body && !active.contains(el)
    && Boolean(active.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING);
  return { focused, before };
}"""


def tab_to(page, stops: Stops, locator, *, backwards: bool | None = None, limit: int = MAX_TABS, within: bool = False):
    """Presses Tab until `locator`'s element has the focus (`within`: the focus is inside it), checking every stop on
    the way; Shift+Tab when the target comes earlier in the page (or `backwards=True`). Fails after `limit` presses."""
    target = locator.first
    handle = target.element_handle()
    where = handle.evaluate(WHERE_JS, within)
    if where["focused"]:
        return stops.check(f"already on {target}", handle)
    if backwards is None:
        backwards = where["before"]
    key = "Shift+Tab" if backwards else "Tab"
    seen = []
    for _ in range(limit):
        page.keyboard.press(key)
        stop = stops.check(f"{key} towards {target}", handle)
        if stop.get("end"):
            seen.append("(past the end of the page: the browser's own controls)")
            continue
        seen.append(stop["describe"])
        if stop["reached"]:
            return stop
    raise AssertionError(f"{limit}×{key} never reached {target}; the stops were:\n  " + "\n  ".join(seen[-25:]))


def type_into(page, stops: Stops, locator, text: str, *, backwards: bool | None = None):
    """Tab to a field, then type (never fill())."""
    tab_to(page, stops, locator, backwards=backwards)
    page.keyboard.type(text)


def type_ahead(page, text: str):
    """Letters as key presses. Playwright's `keyboard.type` sends a character outside the US layout (Cyrillic) as text
    input, without the keydown a type-ahead listens to, and `keyboard.press` refuses it: the browser's own input
    (DevTools protocol) presses the key as a Russian or Kazakh layout would."""
    session = page.context.new_cdp_session(page)
    try:
        for char in text:
            down = {"type": "keyDown", "key": char, "text": char, "unmodifiedText": char}
            session.send("Input.dispatchKeyEvent", down)
            session.send("Input.dispatchKeyEvent", {"type": "keyUp", "key": char})
    finally:
        session.detach()


def press(page, stops: Stops, key: str, where: str = ""):
    """A key on the focused control; the stop it leaves is checked unless the focus is meant to move (check then)."""
    page.keyboard.press(key)
    return stops.check(where or key)


def expect_focus(page, stops: Stops, locator, where: str = ""):
    """The focus rule after an action (decision 0077): `locator` has the focus, visibly."""
    expect(locator).to_be_focused()
    return stops.check(where or f"after an action: {locator}")
