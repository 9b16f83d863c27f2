"""Long games: what one step costs at ply 50 and at ply 4,900 of a 5,000-ply game.

Issue #32's "linear paths": every cost of a step through a game (an engine
request, a tree edit, the move list) should not grow with the game's length.
This bench makes a 5,000-ply game of Lines of Action and of EVL by random
legal play with a fixed seed (:func:`long_line`; an EVL game ends by
repetition well before that, so the walk backs up from a dead end and
chooses again: every move is legal, no position before the last is over),
then measures, at ply 50 and at ply 4,900:

* the bridge (CPython): time and bytes (request + answer) of one ``view``
  request stepping one move on, as the page sends it: the whole line (the
  old protocol, still the fallback) and the incremental one (``at``: a
  position the worker holds, plus the new moves);
* the page's model (Node): ``GameTree.add`` building the 5,000 moves one at
  a time, and ``alternativesAlong`` on every prefix of the line.

and, with ``--page`` (the built site in Chromium, as ``e2e/test_site_long.py``
checks it), the page: the median ms of a step (the browse buttons, one move
forward or back, until the board shows it and a frame has passed) at ply 50
and at ply 4,900, the step to a position the page has not seen (an engine
request) and back.

    PYTHONPATH=py python3 bench/long_game.py [--page]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

import gamut  # noqa: E402
from gamut import bridge  # noqa: E402

PLIES = 5000
GAMES = ("loa", "evl")


def long_line(game: str, plies: int = PLIES, seed: int = 5) -> list[str]:
    """``plies`` legal moves of ``game`` from its default start, chosen at
    random (``seed``) among the moves that do not end the game; from a
    position where every move ends it, the walk backs up and tries another
    move (depth-first), so the game goes on as long as asked."""
    rng = random.Random(seed)

    def shuffled(state):
        moves = state.legal_moves()
        rng.shuffle(moves)
        return moves

    start = gamut.new(game)
    stack = [(start, shuffled(start))]
    line: list[str] = []
    while len(line) < plies:
        state, untried = stack[-1]
        if not untried:
            stack.pop()
            line.pop()
            continue
        move = untried.pop()
        after = state.play(move)
        if after.is_over():
            continue
        line.append(state.move_text(move))
        stack.append((after, shuffled(after)))
    return line


def link(game: str, line: list[str], ply: int) -> str:
    """The page's link (web/model/url.js) to ``line`` viewed at ``ply``."""
    options = gamut.new(game).options_json()
    opts = ",".join(f"{k}={v}" for k, v in options.items()) or "-"
    return f"#v1/{game}/{gamut.new(game).variant}/{opts}/{','.join(line)}@{ply}"


def _median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def bridge_step(
    start: str, line: list[str], ply: int, incremental: bool, steps: int = 20
) -> tuple[float, int]:
    """Median ms and bytes of a ``view`` request one move on from ``ply``."""
    times, sizes = [], []
    ids: dict[int, str] = {}
    if incremental:  # the page holds the ids of the positions it was answered
        answer = bridge.call("view", {"start": start, "at": None, "line": line[:ply]})
        ids[ply] = answer["ids"][-1]
    for k in range(ply, ply + steps):
        if incremental:
            params = {"start": start, "at": ids[k], "line": [line[k]]}
        else:
            params = {"start": start, "line": line[: k + 1]}
        request = json.dumps(params)
        t = time.perf_counter()
        text = bridge.handle("view", request)
        times.append(time.perf_counter() - t)
        sizes.append(len(request) + len(text))
        if incremental:
            ids[k + 1] = json.loads(text)["result"]["ids"][-1]
    return _median_ms(times), int(statistics.median(sizes))


NODE_TREE = """
import { GameTree } from %(tree)s;
const line = JSON.parse(process.argv[1]);
const reps = (fn, n) => { const t = performance.now(); for (let i = 0; i < n; i++) fn(); return (performance.now() - t) / n; };
const build = () => { const tree = new GameTree(); let at = []; for (const m of line) at = tree.add(at, m).line; return tree; };
const tree = build();
const prefixes = () => { for (let k = 0; k <= line.length; k++) tree.alternativesAlong(line.slice(0, k)); };
console.log(JSON.stringify({ add: reps(build, 3), along: reps(prefixes, 3) }));
"""


def tree_costs(line: list[str]) -> dict[str, float]:
    """ms to build ``line`` one ``add`` at a time, and to ask
    ``alternativesAlong`` of every prefix (Node)."""
    tree_url = json.dumps((ROOT / "web" / "model" / "tree.js").as_uri())
    script = NODE_TREE % {"tree": tree_url}
    out = subprocess.run(
        ["node", "--input-type=module", "-e", script, json.dumps(line)],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


# One step in the page: click a browse button, wait until the page shows
# another ply (<html data-ply>, set once the board is drawn) and a frame.
STEP_JS = """async (id) => {
  const root = document.documentElement;
  const before = root.dataset.ply;
  const t0 = performance.now();
  const shown = new Promise(ok => {
    const seen = new MutationObserver(() => {
      if (root.dataset.ply !== before && root.dataset.busy === "no") { seen.disconnect(); ok(); }
    });
    seen.observe(root, { attributes: true, attributeFilter: ["data-ply", "data-busy"] });
  });
  document.getElementById(id).click();
  await shown;
  await new Promise(ok => requestAnimationFrame(() => ok()));
  return performance.now() - t0;
}"""


JUMP_JS = """(ply) => {
  const move = document.querySelectorAll(`#moves .mv[data-ply="${ply}"]`);
  if (move.length !== 1) throw new Error(`${move.length} moves at ply ${ply}`);
  move[0].click();
}"""


def page_steps(page, url: str, game: str, line: list[str], plies=(50, 4900), rounds: int = 5, steps: int = 4):
    """Open ``line`` in the page (a fresh load of its link, at its last ply
    in ``plies``), then, ``rounds`` times over, go to each ply of ``plies``
    (a click on its move in the list) and take ``steps`` steps forward then
    as many back: the median ms a step at each ply, ``{ply: ms}``.

    The plies take turns, so a machine busier in one moment than the next
    slows them alike (measured one after the other, a two-worker run once
    read 42 ms at ply 50 and 132 at ply 4,900)."""
    last = max(plies)
    page.goto(url + link(game, line, last))
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=120_000)
    at = "p => document.documentElement.dataset.ply === p && document.documentElement.dataset.busy === 'no'"
    page.wait_for_function(at, arg=str(last), timeout=120_000)
    # (a list of 5,000 moves is drawn a part at a time: the steps are timed once it is whole)
    page.wait_for_selector("#moves[data-drawn=all]", state="attached", timeout=120_000)
    times: dict[int, list[float]] = {ply: [] for ply in plies}
    for _ in range(rounds):
        for ply in plies:
            page.evaluate(JUMP_JS, ply)
            page.wait_for_function(at, arg=str(ply), timeout=60_000)
            times[ply] += [page.evaluate(STEP_JS, "next") for _ in range(steps)]
            times[ply] += [page.evaluate(STEP_JS, "prev") for _ in range(steps)]
            assert page.evaluate("document.documentElement.dataset.ply") == str(ply)
    return {ply: statistics.median(t) for ply, t in times.items()}


def page_costs(games=GAMES) -> None:
    """Print the page's step costs at ply 50 and 4,900 (the built site, dist/)."""
    sys.path.insert(0, str(ROOT / "tools" / "build"))
    sys.path.insert(0, str(ROOT))
    from playwright.sync_api import sync_playwright

    import build

    server = build.make_server(build.DIST, "/g/", 0)
    build.serve_in_thread(server)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(build.CHROMIUM), args=build.CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        for game in games:
            line = long_line(game)
            costs = page_steps(page, server.url, game, line)
            early, late = costs[50], costs[4900]
            print(
                f"{game}: page step at ply 50 {early:.1f} ms, at ply 4900 {late:.1f} ms ({late / early:.2f}x)"
            )
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--page", action="store_true", help="also the page's steps (needs python3 build.py build)"
    )
    args = parser.parse_args()
    incremental = "``at``" in (bridge.METHODS["view"].__doc__ or "")
    for game in GAMES:
        t = time.perf_counter()
        line = long_line(game)
        made = time.perf_counter() - t
        start = bridge.call("new", {"game": game})["start"]
        bridge.call("view", {"start": start, "line": line})  # the page opened it: the worker holds it
        print(f"{game}: a {len(line)}-ply game made in {made:.1f} s")
        for ply in (50, 4900):
            ms, size = bridge_step(start, line, ply, incremental=False)
            row = f"  view a step at ply {ply:>4}: whole line {ms:6.2f} ms {size:>7} B"
            if incremental:
                ms, size = bridge_step(start, line, ply, incremental=True)
                row += f" | incremental {ms:6.2f} ms {size:>7} B"
            print(row)
        costs = tree_costs(line)
        print(
            f"  GameTree.add x{len(line)}: {costs['add']:.1f} ms; alternativesAlong on every prefix: {costs['along']:.1f} ms"
        )
    if args.page:
        page_costs()


if __name__ == "__main__":
    main()
