"""The main thread's tasks, read from a Chromium trace (``pagekit.traced``
writes one): the figures of the page's budget for one task (#47).  No
browser here: tests/test_e2e_trace.py reads a trace written by hand."""

from __future__ import annotations

import json

RUN_TASK = ("ThreadControllerImpl::RunTask", "RunTask")  # (a task, as the trace's categories name it)


# A task that commits a navigation the test itself asked for is the browser's
# own work, not the page's: no script of the page runs in it (the page's
# hashchange, or the new document's parsing and scripts, come in tasks of
# their own).  Its cost is the URL's or the old document's, as the browser
# takes it in or tears it down:
# - a fragment opened from the address bar (``page.goto`` to a link of the
#   page open) is a message to the frame: a 1.2 MB hostile link, 95-107 ms of
#   CPU in Chromium's FrameLoader before the page hears of it;
# - a load or reload (``page.goto``, ``page.reload``) is a message to the
#   navigation client, and its task detaches the old document: with a move
#   list of 4,000 moves, 53-58 ms of CPU in Frame::Detach and
#   Document::shutdown before the new page exists.
NAVIGATION_COMMITS = ("content.mojom.Frame", "content.mojom.NavigationClient")

# V8's garbage collection on a thread, in a trace that has the category
# GC_CATEGORY: its events are named "V8.GC_..." (a full collection's main-thread
# part, a scavenge, a step of incremental marking, and their phases nested in
# them).  Not the page's own work, but a task's CPU holds it: a task's figures
# say how much of it was collection (on a machine whose cores are all busy,
# V8's helper threads do less of the marking and the main thread more).
GC_CATEGORY = "disabled-by-default-v8.gc"
GC_PREFIX = "V8.GC_"


def trace_events(trace_path):
    """The thread names, tasks and navigation commits of a Chromium trace (one
    event a line, as Chromium writes it: only those lines are read, the trace
    is large)."""
    with trace_path.open(encoding="utf-8") as lines:
        for line in lines:
            if (
                "thread_name" in line
                or "RunTask" in line
                or f'"{GC_PREFIX}' in line
                or any(tag in line for tag in NAVIGATION_COMMITS)
            ):
                text = line.strip().removesuffix(",")
                try:
                    yield json.loads(text)
                except json.JSONDecodeError:
                    continue  # (the list's first or last line)


def longest_main_thread_tasks(trace_path, gc: bool = False) -> list[tuple[float, ...]]:
    """The ten longest tasks of the pages' main threads in a Chromium trace, by
    CPU time (the thread's time, ``tdur``): [(cpu ms, wall ms)], longest first;
    with ``gc``, [(cpu ms, wall ms, ms of it in garbage collection)] (0 unless
    the trace has GC_CATEGORY).  Commits of a navigation (NAVIGATION_COMMITS)
    are left out."""
    mains = set()
    tasks = []
    commits = []
    collections: list[tuple[tuple, float, float, float]] = []  # (thread, ts, cpu ms, wall ms)
    for e in trace_events(trace_path):
        if e.get("ph") == "M" and e.get("name") == "thread_name":
            if e["args"].get("name") == "CrRendererMain":
                mains.add((e["pid"], e["tid"]))
        elif e.get("ph") == "X" and e.get("name") in RUN_TASK:
            tasks.append(_span(e))
        elif e.get("ph") == "X" and str(e.get("name", "")).startswith(GC_PREFIX):
            collections.append(_span(e))
        elif e.get("name") == "Receive mojo message" and _tag(e) in NAVIGATION_COMMITS:
            commits.append(((e["pid"], e["tid"]), e["ts"]))

    def commit_in(thread, ts: float, wall_ms: float) -> bool:
        return any(t == thread and ts <= at <= ts + wall_ms * 1000 for t, at in commits)

    outer = _outermost([t for t in tasks if t[0] in mains])
    collected = _outermost([c for c in collections if c[0] in mains])

    def collection_in(thread, ts: float, wall_ms: float) -> float:
        return sum(cpu for t, at, cpu, _wall in collected if t == thread and ts <= at < ts + wall_ms * 1000)

    found = sorted(
        (
            (cpu, wall, collection_in(thread, ts, wall))
            for thread, ts, cpu, wall in outer
            if not commit_in(thread, ts, wall)
        ),
        reverse=True,
    )[:10]
    return found if gc else [(cpu, wall) for cpu, wall, _gc in found]


def _span(event: dict) -> tuple[tuple, float, float, float]:
    """A complete event as (thread, ts, cpu ms, wall ms)."""
    wall = event.get("dur", 0)
    return (event["pid"], event["tid"]), event["ts"], event.get("tdur", wall) / 1000, wall / 1000


def _outermost(spans: list[tuple[tuple, float, float, float]]) -> list[tuple[tuple, float, float, float]]:
    """Of (thread, ts, cpu ms, wall ms) spans, those not nested in another of
    the same thread (a task runs as a RunTask nested in a
    ThreadControllerImpl::RunTask, a collection's phases in the collection:
    each counted once)."""
    outer: list[tuple[tuple, float, float, float]] = []
    for span in sorted(spans, key=lambda t: (t[0], t[1], -t[3])):
        thread, ts, _cpu, _wall = span
        if outer and outer[-1][0] == thread and ts < outer[-1][1] + outer[-1][3] * 1000:
            continue
        outer.append(span)
    return outer


def _tag(event: dict) -> str:
    """The mojo interface a "Receive mojo message" event delivers to."""
    info = event.get("args", {}).get("chrome_mojo_event_info", {})
    return str(info.get("mojo_interface_tag", "")) if isinstance(info, dict) else ""
