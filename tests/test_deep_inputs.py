"""Inputs nested far deeper than any real game (issue #27).

Pyodide's stack is much smaller than CPython's: a JSON request nested
thousands deep, or a record whose variations nest thousands deep, once ended
the page's engine with a fatal error.  The engine refuses the first before
decoding and frees the second without recursion; the build's engine exercise
(tools/build/engine_exercise.py) sends the same inputs through Pyodide itself
(tests/test_build_stdlib.py), which is where a regression would crash.
"""

from __future__ import annotations

import json

from gamut import bridge, records


def test_params_nested_past_the_limit_are_refused_before_decoding():
    deep = "[" * 100_000 + "]" * 100_000
    answer = json.loads(bridge.handle("version", deep))
    assert answer == {
        "ok": False,
        "error": {
            "type": "RequestError",
            "message": "params nest more than 64 levels deep",
            "said": {"id": "error.request.tooDeep", "args": {"depth": 64}},
        },
    }
    at_limit = "[" * 63 + "]" * 63
    assert json.loads(bridge.handle("version", json.dumps({"x": json.loads(at_limit)})))["ok"]


def test_brackets_inside_strings_do_not_count_as_nesting():
    text = json.dumps({"text": "[" * 10_000 + '\\"{' * 5_000, "list": [[1], {"a": [2]}]})
    assert bridge._nesting(text) == 4
    assert json.loads(bridge.handle("records_parse", json.dumps({"text": "[" * 10_000})))["ok"]


def test_ten_thousand_nested_sgf_variations_read_and_a_cut_one_is_an_error():
    depth = 10_000
    parsed = records.read("(;GM[9]SU[LOA]" + "(;" * depth + ")" * depth + ")")
    assert len(parsed.games) == 1 and not parsed.errors
    parsed = records.read("(;GM[9]SU[LOA]" + "(;" * depth)
    assert not parsed.games and "cut short" in str(parsed.errors[0])


def test_the_build_exercise_sends_the_deep_inputs():
    from tools.build import engine_exercise

    sent = []

    class Recorder:
        @staticmethod
        def handle(method, text):
            sent.append((method, len(text)))
            return bridge.handle(method, text)

    problems: list[str] = []

    def call(method, params, must_answer=True):
        answer = json.loads(Recorder.handle(method, json.dumps(params)))
        if not answer["ok"] and must_answer:
            problems.append(answer["error"]["message"])
        return answer.get("result")

    engine_exercise.exercise_deep_inputs(call, Recorder, problems)
    assert problems == []
    assert sorted(m for m, n in sent if n >= 20_000) == ["records_parse"] * 3 + ["version"] * 2
