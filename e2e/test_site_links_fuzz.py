"""A fuzz of links (issue #27): links mutated by a seeded generator are
opened one after another in one page, as a player pasting them into the
address bar (and, every few, loading the page at them).

Beyond the cases of ``test_site_loa.py``'s malformed links: each mutation
starts from a real link (a game played here, with its players, notes,
clock; a rules, puzzles or editor link) and cuts, repeats, swaps,
percent-encodes or inserts (markup that would run a script, ``__proto__``,
very long parts).  After each: no script ran (the payloads set
``window.__pwned``), the page answers (the engine ready, the board drawn, a
move can be played at the end), and at the end nothing stored was lost
(every game stored before is there with all its moves).  Console errors,
CSP violations and requests leaving 127.0.0.1 fail it through the guard.
The seed is fixed and the run bounded in links and in time.
"""

from __future__ import annotations

import random
import time
import urllib.parse

from conftest import SOAK, wait_engine_ready
from pagekit import cell, library_entries, saved, wait_idle
from playwright.sync_api import expect

SEED = 27_2026
LINKS = 120 if SOAK else 30  # (the soak run, ``build.py test --soak``, opens 120)
BUDGET_S = 150 if SOAK else 60  # (the fuzz stops early rather than run long on a slow machine)
RELOAD_EVERY = 15
LOA = "#v1/loa/standard/double-connection=mover/"

PAYLOADS = [
    '<img src=x onerror="window.__pwned=1">',
    "javascript:window.__pwned=1",
    '"><script>window.__pwned=1</script>',
    "';window.__pwned=1;'",
    "%3Cscript%3Ewindow.__pwned%3D1%3C%2Fscript%3E",
    "__proto__",
    "constructor",
    "prototype=1",
    "\u202e\u0000\ufeff",
    "9" * 40,
    "-1",
    "NaN",
]
ALPHABET = "/=,;:.-_%#?&+ab19xX<>\"'()[]{}~ \u00e9\u2603"


def mutate(rng: random.Random, link: str) -> str:
    """One link changed in one to three ways (the fragment, from its '#')."""
    body = link[1:]
    for _ in range(rng.randint(1, 3)):
        parts = body.split("/")
        how = rng.randrange(9)
        i = rng.randrange(len(parts))
        if how == 0 and body:  # a character dropped
            k = rng.randrange(len(body))
            body = body[:k] + body[k + 1 :]
        elif how == 1:  # a character put in
            k = rng.randrange(len(body) + 1)
            body = body[:k] + rng.choice(ALPHABET) + body[k:]
        elif how == 2:  # a payload in place of a part, or beside it
            parts[i] = rng.choice(PAYLOADS) if rng.random() < 0.5 else parts[i] + rng.choice(PAYLOADS)
            body = "/".join(parts)
        elif how == 3:  # a part repeated (up to very long)
            parts[i:i] = [parts[i]] * rng.choice([1, 2, 50, 400])
            body = "/".join(parts)
        elif how == 4 and len(parts) > 1:  # two parts swapped
            j = rng.randrange(len(parts))
            parts[i], parts[j] = parts[j], parts[i]
            body = "/".join(parts)
        elif how == 5:  # cut short
            body = body[: rng.randrange(len(body) + 1)]
        elif how == 6:  # percent-encoded, or decoded
            body = urllib.parse.quote(body, safe="") if rng.random() < 0.5 else urllib.parse.unquote(body)
        elif how == 7:  # a part dropped
            del parts[i]
            body = "/".join(parts)
        else:  # a number changed
            digits = [k for k, c in enumerate(body) if c.isdigit()]
            if digits:
                k = rng.choice(digits)
                body = body[:k] + rng.choice("0123456789") + body[k + 1 :]
    return "#" + body


def seeds(page) -> list[str]:
    """Real links to start from: the game played here (with a comment and
    an arrow), a game against the computer, each game's start, and pages."""
    links = [page.evaluate("location.hash")]
    for game in ("loa", "el", "escabel", "evl"):
        links.append(f"#v1/{game}")
    links += [
        "#rules/loa",
        "#rules/evl",
        "#puzzles/loa",
        "#edit",
        "#v1/loa/standard/-/d1-b3/players=h,c:strong",
    ]
    return links


def stored_moves(page) -> dict:
    return {e["id"]: len(e["game"]["tree"]["nodes"]) for e in library_entries(page)}


def test_mutated_links_run_no_script_break_nothing_and_lose_nothing(new_context, site_url):
    page = new_context().new_page()
    page.goto(site_url + LOA)
    wait_engine_ready(page)
    wait_idle(page)
    for frm, to in (("d1", "b3"), ("h5", "g4"), ("b1", "b4")):
        cell(page, frm).click()
        cell(page, to).click()
        wait_idle(page)
    saved(page)
    before = stored_moves(page)
    assert before and max(before.values()) >= 3

    rng = random.Random(SEED)
    starts = seeds(page)
    began = time.monotonic()
    opened = 0
    for n in range(LINKS):
        if time.monotonic() - began > BUDGET_S:
            break
        link = mutate(rng, rng.choice(starts))
        if n % RELOAD_EVERY == RELOAD_EVERY - 1:
            page.goto(site_url + link)
            wait_engine_ready(page)
        else:
            page.evaluate("f => { location.hash = f; }", link)
        page.wait_for_function("() => document.documentElement.dataset.busy === 'no'", timeout=30_000)
        opened += 1
        state = page.evaluate("""() => ({
            pwned: window.__pwned === undefined ? null : String(window.__pwned),
            engine: document.documentElement.dataset.engine,
            board: !!document.querySelector('#board .hit'),
        })""")
        assert state["pwned"] is None, f"a script ran from {link!r}"
        assert state["engine"] == "ready" and state["board"], f"the page stopped after {link!r}: {state}"
    assert opened >= min(40, LINKS), f"only {opened} links in {BUDGET_S} s"

    # nothing stored was lost: every game is there with all its moves
    after = stored_moves(page)
    for gid, nodes in before.items():
        assert after.get(gid, 0) >= nodes, f"game {gid} lost moves: {nodes} -> {after.get(gid)}"
    # and the page still plays
    page.goto(site_url + LOA)
    wait_engine_ready(page)
    wait_idle(page)
    expect(page.locator("#moves .mv")).to_have_count(0)
    cell(page, "d1").click()
    cell(page, "b3").click()
    expect(page.locator("#moves .mv")).to_have_count(1)
