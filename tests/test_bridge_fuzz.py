"""The engine's bridge under fuzzed requests (issue #27), with a fixed seed
and a bounded number of requests, so a failure replays exactly.

Every request the page could send goes through :func:`gamut.bridge.handle`.
Here each bridge method gets valid params first, then those params mutated
(a key dropped, a value of the wrong type, a huge or nested value, a move
or position text garbled, unknown keys), and raw texts that are not JSON at
all.  Whatever comes in, the answer must be a JSON object that is either
``ok`` or a *typed* error the page can show: never ``InternalError`` (a
bug), never an exception out of ``handle``.
"""

from __future__ import annotations

import json
import random

import pytest

from gamut import bridge
from gamut.games import SHIPPED_GAMES

SEED = 20261126
ROUNDS = 20  # mutations of each valid request


def _valid_requests() -> list[tuple[str, dict]]:
    """One valid request per method and job kind, at a few plies into each game."""
    out: list[tuple[str, dict]] = [("version", {}), ("games", {}), ("initial", {})]
    for game in SHIPPED_GAMES:
        new = bridge.call("new", {"game": game})
        start, view, line = new["start"], new["view"], []
        for _ in range(2):
            if not view["moves"]:
                break
            played = bridge.call("play", {"start": start, "line": line, "move": view["moves"][0]["text"]})
            line, view = played["line"], played["view"]
        position = {"start": start, "line": line}
        clicks = view["moves"][0]["clicks"][:1] if view["moves"] else []
        out += [
            ("new", {"game": game}),
            ("view", position),
            ("play", {**position, "move": view["moves"][0]["text"] if view["moves"] else "pass"}),
            ("explain", {**position, "clicks": clicks}),
            ("describe", position),
            ("enter", {**position, "text": "help"}),
            ("read", {**position, "command": "turn"}),
            ("setup_palette", {"game": game}),
            ("setup_describe", position),
            ("job_start", {"kind": "perft", "start": start, "depth": 1}),
            ("job_start", {"kind": "think", **position, "level": "beginner", "seed": 1, "max_ms": 5}),
            ("job_start", {"kind": "analyse", "start": start, "line": line[:1], "level": "beginner"}),
            ("records_parse", {"text": f'[Game "{game}"]\n\n{" ".join(line)} *'}),
        ]
        described = bridge.call("setup_describe", position)
        out.append(("setup_check", {"setup": described["setup"]}))
        out.append(("mark", {**position, "cells": clicks}))
    out.append(("job_step", {"job": 1, "budget_ms": 1}))
    out.append(("job_cancel", {"job": 1}))
    return out


STRANGE = [
    None,
    True,
    0,
    -1,
    2**70,
    1.5,
    float("nan"),
    "",
    " ",
    "x" * 5000,
    "é\u0000\ud7ff",
    [],
    [[]],
    {},
    {"a": 1},
    ["a1"] * 300,
    "a1-a1",
    "pass",
    "loa standard - start",
    "zzz zzz zzz",
    "@#%/?",
    "__proto__",
]


def _mutate(rng: random.Random, params: dict) -> dict:
    out = dict(params)
    keys = list(out)
    choice = rng.randrange(6)
    if choice == 0 and keys:
        del out[rng.choice(keys)]
    elif choice == 1 and keys:
        out[rng.choice(keys)] = rng.choice(STRANGE)
    elif choice == 2:
        out[rng.choice(["extra", "at", "kind", "line", "move", "game", "variant"])] = rng.choice(STRANGE)
    elif choice == 3 and isinstance(out.get("line"), list) and out["line"]:
        line = list(out["line"])
        line[rng.randrange(len(line))] = rng.choice(["a1-a1", "", "pass", "swap", "j99", "declare:zz"])
        out["line"] = line
    elif choice == 4 and isinstance(out.get("start"), str):
        text = out["start"]
        i = rng.randrange(len(text) + 1)
        out["start"] = text[:i] + rng.choice(["x", " ", "9", "-", "=", ""]) + text[i + 1 :]
    else:
        for key in keys:
            if isinstance(out[key], str) and rng.random() < 0.5:
                out[key] = out[key][::-1]
    return out


def _answer(method: str, text: str) -> dict:
    answer = json.loads(bridge.handle(method, text))
    assert isinstance(answer, dict) and isinstance(answer.get("ok"), bool)
    if not answer["ok"]:
        error = answer["error"]
        assert error["type"] != "InternalError", f"{method} {text[:300]}: {error['message']}"
        assert error["type"] and error["message"]
    return answer


@pytest.fixture(scope="module")
def valid():
    return _valid_requests()


def test_every_valid_request_is_answered(valid):
    for method, params in valid:
        if method.startswith("job_") and method != "job_start":
            continue
        answer = _answer(method, json.dumps(params))
        # (mark is only for a position that asks for cells: EL's threat declarations)
        assert answer["ok"] or method == "mark", (method, params, answer)
        if method == "job_start":
            bridge.call("job_cancel", {"job": answer["result"]})


@pytest.mark.slow
def test_fuzzed_requests_get_an_answer_or_a_typed_error(valid):
    rng = random.Random(SEED)
    asked = 0
    for method, params in valid:
        for _ in range(ROUNDS):
            mutated = _mutate(rng, params)
            try:
                text = json.dumps(mutated, allow_nan=True)
            except (TypeError, ValueError):
                continue
            answer = _answer(method, text)
            asked += 1
            if method == "job_start" and answer["ok"]:
                step = _answer("job_step", json.dumps({"job": answer["result"], "budget_ms": 2}))
                if step["ok"] and not step["result"]["done"]:
                    _answer("job_cancel", json.dumps({"job": answer["result"]}))
    assert asked > 1000


def test_texts_that_are_not_requests(valid):
    rng = random.Random(SEED + 1)
    methods = sorted(bridge.METHODS) + ["nonsense", "", "__init__"]
    texts = ["", "{", "[]", "null", "1", '"x"', "{}" * 3, '{"start": ', "\u0000", "NaN", '{"a": NaN}']
    for _ in range(400):
        method = rng.choice(methods)
        _answer(method, rng.choice(texts))
        for bad_method in (None, 5, ["view"]):
            assert not json.loads(bridge.handle(bad_method, "{}"))["ok"]
