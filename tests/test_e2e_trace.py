"""The browser tests' task budget reads a Chromium trace (``e2e/pagekit.py``):
it counts each task of a page's main thread once, by CPU time, and leaves out
the browser's commit of a navigation the test asked for (its cost is the URL's
length, not the page's work: a 1.2 MB hostile link).  Read here from a trace
written by hand, as Chromium writes one: an event a line."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

_SPEC = importlib.util.spec_from_file_location(
    "chrometrace", Path(__file__).resolve().parent.parent / "e2e" / "chrometrace.py"
)
assert _SPEC and _SPEC.loader
chrometrace = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(chrometrace)
longest_main_thread_tasks = chrometrace.longest_main_thread_tasks

MAIN = {"pid": 1, "tid": 10}
WORKER = {"pid": 1, "tid": 11}


def task(
    where: dict, ts: int, cpu_ms: float, wall_ms: float, name: str = "ThreadControllerImpl::RunTask"
) -> dict:
    return {"ph": "X", "name": name, "ts": ts, "tdur": cpu_ms * 1000, "dur": wall_ms * 1000, **where}


def write_trace(path: Path, events: list[dict]) -> Path:
    names = [
        {"ph": "M", "name": "thread_name", "args": {"name": "CrRendererMain"}, **MAIN},
        {"ph": "M", "name": "thread_name", "args": {"name": "DedicatedWorker thread"}, **WORKER},
    ]
    path.write_text("[\n" + ",\n".join(json.dumps(e) for e in names + events) + "\n]\n", encoding="utf-8")
    return path


def commit(ts: int, interface: str = "content.mojom.Frame") -> dict:
    info = {"chrome_mojo_event_info": {"mojo_interface_tag": interface, "data_num_bytes": 1_202_000}}
    return {"ph": "X", "name": "Receive mojo message", "ts": ts, "dur": 10, "args": info, **MAIN}


def test_a_task_nested_in_its_runner_counts_once(tmp_path):
    trace = write_trace(
        tmp_path / "t.json",
        [task(MAIN, 1_000, 107, 160), task(MAIN, 1_001, 106.9, 159, "RunTask"), task(MAIN, 500_000, 20, 25)],
    )
    assert longest_main_thread_tasks(trace) == [(107, 160), (20, 25)]


def test_only_the_pages_main_thread_counts(tmp_path):
    trace = write_trace(tmp_path / "t.json", [task(WORKER, 1_000, 900, 900), task(MAIN, 5_000, 12, 13)])
    assert longest_main_thread_tasks(trace) == [(12, 13)]


def test_the_browsers_commits_of_navigations_are_left_out_but_input_is_not(tmp_path):
    trace = write_trace(
        tmp_path / "t.json",
        [
            task(MAIN, 1_000, 97, 131),
            commit(1_050),  # (the address bar's 1.2 MB link, committed to the frame)
            task(MAIN, 300_000, 88, 177),  # (the page's hashchange: counted)
            task(MAIN, 600_000, 60, 70),
            commit(600_010, "blink.mojom.WidgetInputHandler"),  # (a click: the page's work)
            task(MAIN, 900_000, 232, 235),
            commit(900_001, "content.mojom.NavigationClient"),  # (a reload: the old document torn down)
            task(MAIN, 1_200_000, 51, 237),  # (the new document's parsing: counted)
        ],
    )
    assert longest_main_thread_tasks(trace) == [(88, 177), (60, 70), (51, 237)]


def test_a_tasks_garbage_collection_is_counted_once_and_only_inside_it(tmp_path):
    # (a collection's phases are nested in it: the outermost counts; one on the
    # worker's thread or outside the task is not the task's)
    def gc(where: dict, ts: int, cpu_ms: float, name: str = "V8.GC_MARK_COMPACTOR") -> dict:
        return task(where, ts, cpu_ms, cpu_ms, name=name)

    trace = write_trace(
        tmp_path / "trace.json",
        [
            task(MAIN, 1_000, 170, 275),
            gc(MAIN, 2_000, 120),
            gc(MAIN, 3_000, 80, name="V8.GC_MC_MARK"),  # (a phase inside the collection)
            gc(MAIN, 200_000, 9, name="V8.GC_SCAVENGER"),
            gc(WORKER, 5_000, 50),
            task(MAIN, 400_000, 30, 31),
            gc(MAIN, 500_000, 7, name="V8.GC_SCAVENGER"),  # (between tasks)
        ],
    )
    assert longest_main_thread_tasks(trace, gc=True) == [(170, 275, 129), (30, 31, 0)]
    assert longest_main_thread_tasks(trace) == [(170, 275), (30, 31)]
