"""The bridge's incremental requests (issue #32): a position named as ``at``
(a position the bridge answered before) plus the moves after it answers
what the whole line from the start answers, whatever the sequence of
requests, and an ``at`` the bridge no longer holds is an
``UnknownPositionError`` after which the whole line works."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamut
from gamut import bridge
from gamut.methods import POSITIONS


def call(method, params):
    answer = json.loads(bridge.handle(method, json.dumps(params)))
    if not answer["ok"]:
        raise LookupError(answer["error"]["type"], answer["error"]["message"])
    return answer["result"]


def random_line(game: str, seed: int, plies: int) -> list[str]:
    rng = random.Random(seed)
    state, line = gamut.new(game), []
    while len(line) < plies and state.legal_moves():
        move = rng.choice(state.legal_moves())
        line.append(state.move_text(move))
        state = state.play(move)
    return line


class Client:
    """What web/engine/engine.js does: it holds one line with the ids of its
    positions, names a position by the id of its longest held prefix plus
    the moves after it, and asks again with the whole line on a miss."""

    def __init__(self, start: str) -> None:
        self.start, self.line, self.ids = start, [], []
        self.misses = 0

    def ask(self, method: str, line: list[str], **more) -> dict:
        k = 0
        while k < min(len(line), len(self.line)) and line[k] == self.line[k]:
            k += 1
        k = min(k, len(self.ids) - 1)
        if k >= 0:
            try:
                return self._answer(method, line, k, self.ids[k], **more)
            except LookupError as exc:
                assert exc.args[0] == "UnknownPositionError", exc
                self.misses += 1
                self.line, self.ids = [], []
        return self._answer(method, line, 0, None, **more)

    def _answer(self, method, line, k, at, **more):
        result = call(method, {"start": self.start, "at": at, "line": line[k:], **more})
        ids = result.pop("ids")
        assert len(ids) == len(result["line"]) + 1
        whole = self.line[:k] + result["line"]
        self.line, self.ids = whole, self.ids[:k] + ids
        return {**result, "line": whole}


GAMES = ["loa", "evl", "escabel", "el"]


@settings(max_examples=40, deadline=None)
@given(
    game=st.sampled_from(GAMES),
    seed=st.integers(0, 10**6),
    requests=st.lists(
        st.tuples(st.sampled_from(["view", "play", "evict"]), st.floats(0, 1)),
        min_size=1,
        max_size=25,
    ),
)
@pytest.mark.slow
def test_any_sequence_of_incremental_requests_answers_as_the_whole_line(game, seed, requests):
    start = call("new", {"game": game})["start"]
    line = random_line(game, seed, 30)
    client = Client(start)
    for kind, where in requests:
        ply = round(where * len(line))
        if kind == "evict":
            POSITIONS.clear()  # as a worker restarted, or a full cache
            continue
        if kind == "view":
            got = client.ask("view", line[:ply])
            expected = call("view", {"start": start, "line": line[:ply]})
        else:
            ply = min(ply, len(line) - 1)
            if ply < 0:
                continue
            got = client.ask("play", line[:ply], move=line[ply])
            expected = call("play", {"start": start, "line": line[:ply], "move": line[ply]})
        assert got == expected
        assert got["view"]["ply"] == len(got["line"])


def test_an_unknown_position_is_refused_and_the_whole_line_still_answers():
    start = "loa standard double-connection=mover start"
    first = call("view", {"start": start, "at": None, "line": ["d1-b3"]})
    held = first["ids"][-1]
    assert call("view", {"start": start, "at": held, "line": []})["view"]["ply"] == 1
    POSITIONS.clear()
    with pytest.raises(LookupError) as refused:
        call("view", {"start": start, "at": held, "line": ["h2-f4"]})
    assert refused.value.args[0] == "UnknownPositionError"
    again = call("view", {"start": start, "at": None, "line": ["d1-b3", "h2-f4"]})
    assert again["view"]["ply"] == 2 and held not in again["ids"]  # ids are never reused


def test_an_id_names_a_position_of_its_own_start_only():
    loa = "loa standard double-connection=mover start"
    held = call("view", {"start": loa, "at": None, "line": ["d1-b3"]})["ids"][-1]
    other = call("new", {"game": "evl"})["start"]
    with pytest.raises(LookupError) as refused:
        call("view", {"start": other, "at": held, "line": []})
    assert refused.value.args[0] == "UnknownPositionError"


def test_the_words_and_moves_read_the_position_named_incrementally():
    start = "loa standard double-connection=mover start"
    line = ["d1-b3", "h2-f4", "b3-e3"]
    held = call("view", {"start": start, "at": None, "line": line[:2]})["ids"][-1]
    for method, more in [("describe", {}), ("explain", {"clicks": ["a1"]}), ("read", {"command": "last"})]:
        whole = call(method, {"start": start, "line": line, **more})
        assert call(method, {"start": start, "at": held, "line": line[2:], **more}) == whole, method
    at_start = call("describe", {"start": start, "at": held, "line": []})
    assert at_start == call("describe", {"start": start, "line": line[:2]})


def test_a_move_that_cannot_be_played_is_named_by_its_place_from_the_start():
    start = "loa standard double-connection=mover start"
    held = call("view", {"start": start, "at": None, "line": ["d1-b3", "h2-f4"]})["ids"][-1]
    with pytest.raises(LookupError) as refused:
        call("view", {"start": start, "at": held, "line": ["a1-a2"]})
    assert refused.value.args[0] == "RecordError" and "move 3 " in refused.value.args[1]


def test_the_analysis_sends_only_the_evaluations_finished_since_its_last_answer():
    start = "loa standard double-connection=mover start"
    line = ["d1-b3", "h2-f4", "b3-e3", "h3-h8"]
    held = call("view", {"start": start, "at": None, "line": line[:2]})["ids"][-1]
    job = call("job_start", {"kind": "analyse", "start": start, "at": held, "line": line[2:], "depth": 1})
    received = []
    while True:
        step = call("job_step", {"job": job, "budget_ms": 1})
        progress = step["progress"]
        if progress:
            assert progress["first"] == len(received)  # nothing sent twice, nothing left out
            received += progress["evaluations"]
        if step["done"]:
            break
    result = step["result"]
    assert result["line"] == line  # from the start, though named from ``at``
    assert received == result["positions"]


def run_job(params):
    job = call("job_start", params)
    while True:
        step = call("job_step", {"job": job, "budget_ms": 50})
        if step["done"]:
            return step["result"]


def test_a_search_named_from_a_held_position_finds_what_the_whole_line_finds():
    start = "loa standard double-connection=mover start"
    line = random_line("loa", 7, 12)
    held = call("view", {"start": start, "at": None, "line": line[:9]})["ids"][-1]
    how = {"kind": "think", "start": start, "level": "beginner", "seed": 3}
    whole = run_job({**how, "line": line})
    named = run_job({**how, "at": held, "line": line[9:]})
    assert named["move"] == whole["move"] and named["nodes"] == whole["nodes"]
