"""The bridge methods of the time-sliced computations: ``job_start``,
``job_step`` and ``job_cancel``.

``job_step`` resumes a job until its time budget is spent and answers
``{done, progress, result}``; the worker calls it in a loop and returns to
its event loop between slices, so a cancel message is seen within one
slice.  The kinds of job (perft, the computer's move, analysis) are
:mod:`gamut.jobs`'s.  At most :data:`MAX_JOBS` jobs are kept: starting one
more drops the one stepped least recently (a page that forgot a job cannot
fill the worker's memory).
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Generator
from typing import Any

from ..core import excerpt
from ..jobs import JOB_KINDS
from ..messages import Message
from . import Params, RequestError, method, param

__all__ = ["RUNNING", "MAX_JOBS"]


class _Job:
    __slots__ = ("kind", "gen", "progress", "started", "steps")

    def __init__(self, kind: str, gen: Generator[Any, None, Any]) -> None:
        self.kind, self.gen, self.progress = kind, gen, None
        self.started, self.steps = time.perf_counter(), 0


#: The jobs started and not finished, the least recently stepped first.
RUNNING: dict[int, _Job] = {}
_job_ids = itertools.count(1)
MAX_JOBS = 16  # jobs kept at once; one more drops the least recently stepped


@method("job_start")
def m_job_start(params: Params) -> int:
    """``job_start({kind, ...})``: start a job of ``kind`` (``perft``, ``think``,
    ``analyse``; the other params are the kind's); answers the job's id."""
    kind = param(params, "kind", str)
    factory = JOB_KINDS.get(kind)
    if factory is None:
        kinds = ", ".join(sorted(JOB_KINDS))
        raise RequestError(Message("error.request.unknownJob", {"kind": excerpt(kind), "kinds": kinds}))
    result: Any = factory(params)
    job_id = next(_job_ids)
    if not hasattr(result, "send"):  # a factory may finish at once

        def done(value: Any = result) -> Generator[None, None, Any]:
            return value
            yield  # pragma: no cover

        result = done()
    while len(RUNNING) >= MAX_JOBS:  # the least recently stepped first
        RUNNING.pop(next(iter(RUNNING))).gen.close()
    RUNNING[job_id] = _Job(kind, result)
    return job_id


def _job(params: Params) -> tuple[int, _Job]:
    job_id = param(params, "job", int)
    job = RUNNING.get(job_id)
    if job is None:
        raise RequestError(Message("error.request.noJob", {"job": job_id}))
    return job_id, job


@method("job_step")
def m_job_step(params: Params) -> dict[str, Any]:
    """``job_step({job, budget_ms?})``: resume the job for ``budget_ms``
    (default 50); answers ``{done, progress, result}`` (the last progress,
    and the result once done; a finished job is forgotten)."""
    job_id, job = _job(params)
    budget = param(params, "budget_ms", (int, float), 50)
    if not 0 <= budget <= 60_000:
        raise RequestError(Message("error.request.budget"))
    deadline = time.perf_counter() + budget / 1000
    job.steps += 1
    RUNNING[job_id] = RUNNING.pop(job_id)  # most recently stepped last
    try:
        while True:
            progress = next(job.gen)
            if progress is not None:
                job.progress = progress
            if time.perf_counter() >= deadline:
                return {"done": False, "progress": _sent(job.progress), "result": None}
    except StopIteration as stop:
        del RUNNING[job_id]
        return {"done": True, "progress": _sent(job.progress), "result": stop.value}
    except BaseException:
        RUNNING.pop(job_id, None)
        raise


def _sent(progress: Any) -> Any:
    """A progress as it is sent: one with a ``to_json()`` says what it is
    at each answer (the analysis's: only what is new since the last)."""
    return progress.to_json() if hasattr(progress, "to_json") else progress


@method("job_cancel")
def m_job_cancel(params: Params) -> dict[str, bool]:
    """``job_cancel({job})``: stop the job; answers ``{cancelled}`` (false
    when it had finished or was never started)."""
    job_id = param(params, "job", int)
    job = RUNNING.pop(job_id, None)
    if job is not None:
        job.gen.close()
    return {"cancelled": job is not None}
