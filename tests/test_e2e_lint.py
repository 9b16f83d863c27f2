"""The browser tests wait for what the page says, never for a fixed time
(issue #42): no ``wait_for_timeout``, no ``time.sleep``, and no sleep inside
an evaluate (``new Promise(r => setTimeout(r, 400))``) in ``e2e/*.py``.

A fixed wait is a race on a slow machine (the 2-core machine shared with
other work that runs them) and time wasted on a fast one: wait for an
attribute, a text or a count with Playwright's ``expect()`` or
``page.wait_for_function``, for ``pagekit.saved(page)``, or prove with the
page's own state that nothing is scheduled (CONTRIBUTING.md, "Browser tests").
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

E2E = Path(__file__).resolve().parent.parent / "e2e"

# A fixed wait: Playwright's, Python's, or a promise's resolver handed to
# setTimeout as it is (`setTimeout(r, 400)`, `setTimeout(ok, 50)`: a sleep
# in the page).  A setTimeout of a function that does something
# (`setTimeout(() => ok(null), 10000)`: a time limit) is not one.
FIXED_WAIT = re.compile(r"wait_for_timeout\(|\btime\.sleep\(|\bsetTimeout\(\s*[A-Za-z_$][\w$]*\s*,")


def fixed_waits(text: str) -> list[tuple[int, str]]:
    """(line number, line) of each fixed wait in ``text``."""
    return [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1) if FIXED_WAIT.search(line)]


@pytest.mark.parametrize(
    "line",
    [
        "page.wait_for_timeout(400)",
        "a.wait_for_timeout(100)  # saved",
        "time.sleep(0.2)",
        'page.evaluate("() => new Promise(r => setTimeout(r, 600))")',
        "await new Promise((ok) => setTimeout(ok, 50));",
        "await new Promise(resolve => setTimeout( resolve , 20));",
    ],
)
def test_a_fixed_wait_is_found(line):
    assert fixed_waits(line) == [(1, line)]


@pytest.mark.parametrize(
    "line",
    [
        "setTimeout(() => ok(null), 10000);",
        "page.workers[0].evaluate(\"setTimeout(() => { throw new Error('x'); }, 0)\")",
        "page.clock.run_for(2000)",
        "pagekit.saved(page)",
        "expect(page.locator('#ai')).to_have_attribute('data-state', 'paused')",
    ],
)
def test_a_wait_for_the_page_is_not_a_fixed_wait(line):
    assert fixed_waits(line) == []


def test_no_browser_test_waits_for_a_fixed_time():
    files = sorted(E2E.glob("*.py"))
    assert files, f"no browser tests in {E2E}"
    found = [
        f"{path.name}:{n}: {line}"
        for path in files
        for n, line in fixed_waits(path.read_text(encoding="utf-8"))
    ]
    assert not found, "fixed waits in the browser tests (wait for what the page says):\n" + "\n".join(found)


# A wait_for_function predicate that reads something asynchronous must say
# `async` first: conftest awaits those (Playwright takes a promise for a
# truthy answer, so a wait on one would end at once).
PROMISED = re.compile(r"\bPromise\b|\bawait\b|\.then\(")
ASYNC_FIRST = re.compile(r"""\s*f?(?:"{3}|"|')\s*async\b""")


def unawaited_waits(text: str) -> list[int]:
    """Line numbers of ``wait_for_function`` calls in ``text`` whose first
    argument, a string literal, reads a promise but does not start ``async``."""
    found = []
    for node in ast.walk(ast.parse(text)):
        if (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", None) == "wait_for_function"
            and node.args
        ):
            source = ast.get_source_segment(text, node.args[0]) or ""
            if PROMISED.search(source) and not ASYNC_FIRST.match(source):
                found.append(node.lineno)
    return found


@pytest.mark.parametrize(
    ("call", "found"),
    [
        ('page.wait_for_function("() => new Promise(ok => ok(1))")', [1]),
        ('page.wait_for_function("() => caches.keys().then(k => k.length)")', [1]),
        ('page.wait_for_function(f"() => {{ const c = await x(); return c; }}")', [1]),
        ('page.wait_for_function("async () => (await caches.keys()).length")', []),
        ('page.wait_for_function(f"""async () => new Promise(ok => ok(1))""")', []),
        ("page.wait_for_function(\"document.documentElement.dataset.saved === 'yes'\")", []),
    ],
)
def test_a_wait_on_a_promise_not_marked_async_is_found(call, found):
    assert unawaited_waits(call) == found


def test_every_browser_wait_on_a_promise_is_async():
    found = [
        f"{path.name}:{n}"
        for path in sorted(E2E.glob("*.py"))
        for n in unawaited_waits(path.read_text(encoding="utf-8"))
    ]
    assert not found, "wait_for_function on a promise without `async` first (never awaited):\n" + "\n".join(
        found
    )
