"""The hostile inputs of #47's attack, rebuilt from a fixed seed for the soak
run (``test_soak_attack.py``): links, record files, corrupted stores and
clock jumps.  This module only builds inputs (the same ones on every run
for a given seed and size); the test feeds them to the page.

Each input says what the page must answer (``expect``): words its message
must hold when it is refused, or None when it may open (then whatever the
page says must still be clear).  Every payload that would run a script sets
``window.__pwned``.
"""

from __future__ import annotations

import json
import random
import re
import urllib.parse
from dataclasses import dataclass

from pagekit import few_moves
from test_site_deep import deep_record

from gamut.core import registry

SEED = 47_2026
LOA = "#v1/loa/standard/double-connection=mover/"

# Run as script, each sets window.__pwned (none holds a word of RAW_TEXT)
PAYLOADS = [
    '<img src=x onerror="window.__pwned=1">',
    "javascript:window.__pwned=1",
    '"><script>window.__pwned=1</script>',
    "';window.__pwned=1;'",
    "<svg/onload=window.__pwned=1>",
    "%3Cscript%3Ewindow.__pwned%3D1%3C%2Fscript%3E",
    "${window.__pwned=1}",
    "{{constructor.constructor('window.__pwned=1')()}}",
]
PLAIN = [p for p in PAYLOADS if "{" not in p and "}" not in p]  # (a record's comment holds no brace)
PROTO = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty"]

# What a message for a player never shows: a bug's words, or a value printed raw
RAW_TEXT = [
    "Something went wrong",
    "Traceback",
    "TypeError",
    "ReferenceError",
    "RangeError",
    "SyntaxError",
    "Invalid Date",
    r"\[object Object\]",
    r"\bundefined\b",
    r"\bnull\b",
    r"\bNaN\b",
]


def raw_words(text: str, given: str = "") -> list[str]:
    """The words of RAW_TEXT in ``text`` that the input ``given`` did not hold itself."""
    found = []
    for word in RAW_TEXT:
        if re.search(word, text) and not re.search(word, given):
            found.append(word.replace(r"\b", "").replace("\\", ""))
    return found


@dataclass(frozen=True)
class Hostile:
    """One input: ``what`` it is (for the failure message), the input itself,
    and ``expect``: words the page's message must hold (None: it may be taken)."""

    what: str
    data: object
    expect: str | None = None


# -- links ----------------------------------------------------------------------

# Links the soak run found a defect with, left out of the campaign (the test stays
# green) until the defect is fixed (none now: "#mistakes/constructor" said "NaN
# exercises left.", fixed with test_site_mistakes.py's test of links naming no game)
FOUND: set[str] = set()


def _lines() -> dict[str, list[str]]:
    """Legal lines of each game (the same on every run)."""
    return {game: few_moves(game, 6) for game in ("loa", "el", "escabel", "evl")}


def _game_link(game: str, moves: list[str]) -> str:
    return f"#v1/{game}/standard/-/" + ",".join(urllib.parse.quote(m, safe="=:;+-x") for m in moves)


def hostile_links(n: int, seed: int = SEED) -> list[Hostile]:
    """``n`` hostile game links (fragments, with their '#'): each kind in
    turn, its details drawn from ``seed``.  Refused ones expect the page's
    "could not be opened" and the words of why."""
    rng = random.Random(seed)
    lines = _lines()
    loa = lines["loa"]
    refused = "could not be opened"

    def junk(k: int) -> str:
        return "".join(rng.choice("abcxyz019-_.~%éü☃") for _ in range(k))

    kinds = [
        # huge parts: more moves than a game may hold, refused before any is read
        lambda: Hostile(
            "5,001+ moves",
            LOA + ",".join([rng.choice(["b1-d3", "zz", "a1-a1", "%FF"])] * (5001 + rng.randrange(3000))),
            "at most 5,000",
        ),
        lambda: Hostile(
            "a huge variant name", "#v1/loa/" + "x" * rng.choice([500, 5_000, 60_000]) + "/-/", refused
        ),
        lambda: Hostile(
            "a huge option value",
            "#v1/loa/standard/double-connection=" + "y" * rng.choice([300, 30_000]) + "/",
            refused,
        ),
        lambda: Hostile("a huge player list", LOA + "b1-d3/players=" + ",".join(["h"] * 4_000), refused),
        lambda: Hostile(
            "thousands of parts", "#v1/loa/standard/-/b1-d3" + "/x" * rng.randrange(50, 5_000), refused
        ),
        # percent-encoding junk in a move
        lambda: Hostile(
            "percent junk",
            LOA
            + ",".join(loa[:2])
            + ","
            + rng.choice(["%E0%A4%A", "%FF%FE", "%00", "%%", "%2", "%C0%AF", "%252F", "%ED%A0%80", "b1-d3%"]),
            refused,
        ),
        lambda: Hostile(
            "percent junk in the game",
            "#v1/" + rng.choice(["%E0%A4%A", "lo%61", "%00loa", "%F0%9F%92%A9"]) + "/standard/-/",
            refused,
        ),
        # unknown games and variants
        lambda: Hostile(
            "an unknown game", f"#v1/{rng.choice(['chess', 'go', junk(8)])}/standard/-/", refused
        ),
        lambda: Hostile(
            "an unknown variant", f"#v1/{rng.choice(list(lines))}/{rng.choice(['big', junk(6)])}/-/", refused
        ),
        lambda: Hostile("a prototype's name", f"#v1/loa/standard/{rng.choice(PROTO)}=x/", refused),
        lambda: Hostile("a prototype's name as game", f"#v1/{rng.choice(PROTO)}/standard/-/", refused),
        # illegal moves after a legal line
        lambda: Hostile(
            "an illegal move",
            LOA
            + ",".join(
                loa[: rng.randrange(1, 5)] + [rng.choice(["a1-h8", "b1-b2", "d1-d1", "z9-z9", "b1xb8"])]
            ),
            refused,
        ),
        lambda: Hostile("a move played twice", LOA + ",".join([loa[0], loa[0]]), refused),
        # contradictory endings
        lambda: Hostile(
            "a contradictory ending",
            LOA
            + ",".join(loa[:2])
            + "/end="
            + rng.choice(
                [
                    "rules:1-0",
                    "agreement:1-0",
                    "resignation:1-0-0-0",
                    "abandoned:0-0",
                    "resignation:1/2-1/2",
                    "time:2-0",
                    "rules:0-1",
                    "nothing:1-0",
                    "agreement:",
                ]
            ),
            refused,
        ),
        lambda: Hostile("two endings", LOA + f"{loa[0]}/end=resignation:1-0/end=resignation:0-1", refused),
        # bad clocks and times
        lambda: Hostile(
            "a clock its times overspend",
            LOA + ",".join(loa[:2]) + "/clock=1+0/times=" + rng.choice(["5000,5000", "0,99999", "1e9,1"]),
            refused,
        ),
        lambda: Hostile(
            "a malformed clock",
            LOA
            + loa[0]
            + "/clock="
            + rng.choice(["abc", "-5+0", "1e309+0", "300+-3", "0+0", "99999999999999999999+1", "+", "5d5"]),
            None,
        ),
        lambda: Hostile(
            "malformed times",
            LOA
            + ",".join(loa[:2])
            + "/clock=300+3/times="
            + rng.choice(["NaN,1", "1,2,3", "-1,-1", "x", ",,"]),
            refused,
        ),
        lambda: Hostile("times with no clock", LOA + ",".join(loa[:2]) + "/times=1,2", refused),
        # views past the end
        lambda: Hostile(
            "a view past the end", LOA + ",".join(loa[:2]) + f"@{rng.choice([3, 99, 10**30])}", refused
        ),
        # payloads where text is shown: a note, a player, a move, a start
        lambda: Hostile(
            "a payload in a note",
            LOA + ",".join(loa[:2]) + "/notes=1:c:" + urllib.parse.quote(rng.choice(PAYLOADS), safe=""),
            None,
        ),
        lambda: Hostile(
            "a payload as a move", LOA + urllib.parse.quote(rng.choice(PAYLOADS), safe=""), refused
        ),
        lambda: Hostile(
            "a payload as a player",
            LOA + loa[0] + "/players=" + urllib.parse.quote(rng.choice(PAYLOADS), safe="") + ",h",
            refused,
        ),
        lambda: Hostile(
            "a payload as a start",
            LOA + "/start=" + urllib.parse.quote(rng.choice(PAYLOADS), safe=""),
            refused,
        ),
        lambda: Hostile("a payload raw", LOA + rng.choice(PAYLOADS), None),
        # a 50,000-character comment with no space in a note (the tree drops it)
        lambda: Hostile("a huge note", LOA + ",".join(loa[:2]) + "/notes=1:c:" + "W" * 50_000, None),
        # other games' lines, broken at the end
        lambda: (
            lambda game: Hostile(
                f"{game}'s line broken",
                _game_link(game, lines[game][:3]) + "," + junk(rng.randrange(1, 12)),
                None,
            )
        )(rng.choice(list(lines))),
        # the site's other pages, at junk
        lambda: Hostile(
            "a page at junk",
            rng.choice(["#rules/", "#puzzles/", "#learn/", "#edit/", "#progress/", "#mistakes/"])
            + urllib.parse.quote(rng.choice(PAYLOADS + PROTO + [junk(20)]), safe="/"),
            None,
        ),
        lambda: Hostile(
            "no link at all", rng.choice(["#", "#v1", "#v1/", "#%", "#//////", "#v9/loa/standard/-/"]), None
        ),
    ]
    out = [
        # a 1.2 MB link of junk (#47 item 10: froze the page 5.3 s): refused before a move is read
        Hostile("a 1.2 MB link of junk", LOA + ",".join(["zz%FF"] * 200_000), "at most 5,000"),
    ]
    # every kind once, in a drawn order (a small run: a sample of kinds), then kinds drawn
    order = rng.sample(range(len(kinds)), len(kinds))
    while len(out) < n:
        k = order[len(out) - 1] if len(out) <= len(kinds) else rng.randrange(len(kinds))
        link = kinds[k]()
        if link.data not in FOUND:
            out.append(link)
    return out[:n]


# -- records ----------------------------------------------------------------------


def _record(name: str, moves: str, tags: str = "") -> str:
    return f'[Game "loa"]\n[Name "{name}"]\n{tags}\n{moves} *\n'


def long_line(n: int, seed: int = SEED) -> list[str]:
    """A legal Lines of Action line of ``n`` quiet moves that never ends the game."""
    rng = random.Random(seed)
    state = registry.new("loa")
    line = []
    while len(line) < n:
        quiet = [m for m in state.legal_moves() if "x" not in state.move_text(m)]
        rng.shuffle(quiet)
        for move in quiet:
            after = state.play_unchecked(move)
            if not after.is_over():
                break
        else:
            raise RuntimeError(f"no quiet move left after {len(line)} moves")
        line.append(state.move_text(move))
        state = after
    return line


def _line_record(name: str, line: list[str]) -> str:
    """A record of ``line`` (written here: the engine's writer refuses a line over 5,000 moves)."""
    moves = " ".join(f"{i // 2 + 1}. {m}" if i % 2 == 0 else m for i, m in enumerate(line))
    return f'[Game "loa"]\n[Variant "standard"]\n[Name "{name}"]\n\n{moves} *\n'


@dataclass(frozen=True)
class RecordFile(Hostile):
    """A file to import: ``data`` its bytes; ``name`` the file's name;
    ``opens`` the game name to open once imported (None: nothing to open)."""

    name: str = "record.txt"
    opens: str | None = None


def hostile_records(n: int, seed: int = SEED) -> list[RecordFile]:
    """``n`` hostile record files (the first ``n`` of the list; the heavy
    ones last).  Refused ones expect "could not be imported" and the words of why."""
    rng = random.Random(seed)
    loa = few_moves("loa", 4)
    moves = f"1. {loa[0]} {loa[1]} 2. {loa[2]} {loa[3]}"
    bad = "could not be imported"
    parens = rng.choice([20_000, 100_000])
    latin = "Partie d'été à Noël ½"
    files = [
        lambda: RecordFile(
            "a 50,000-character comment with no space",
            _record("Atk comment", f"1. {loa[0]} {{{'W' * 50_000}}} {loa[1]}").encode(),
            "comment holds at most",
            name="comment.txt",
        ),
        lambda: RecordFile(
            "a record in Latin-1",
            _record(latin, moves).encode("latin-1"),
            "read as Latin-1",
            name="latin.txt",
            opens=latin,  # (its accented letters read right)
        ),
        lambda: RecordFile("binary junk", rng.randbytes(rng.choice([3_000, 40_000])), bad, name="junk.bin"),
        lambda: RecordFile(
            "empty nested parentheses", ("(" * parens + ")" * parens).encode(), bad, name="parens.txt"
        ),
        lambda: RecordFile(
            "a payload as name and comment",
            _record(
                rng.choice(PAYLOADS).replace('"', "'"), f"1. {loa[0]} {{{rng.choice(PLAIN)}}} {loa[1]}"
            ).encode(),
            "Imported 1 game",
            name="payload.txt",
            opens="window.__pwned",
        ),
        lambda: RecordFile(
            "empty parentheses after a Game tag",
            ('[Game "loa"]\n\n' + "(" * parens + ")" * parens).encode(),
            bad,
            name="parens-tag.txt",
        ),
        lambda: RecordFile(
            "an illegal move", _record("Atk illegal", f"1. {loa[0]} a1-a1").encode(), bad, name="illegal.txt"
        ),
        lambda: RecordFile("an unknown game", b'[Game "chess"]\n\n1. e4 e5 *\n', bad, name="chess.txt"),
        lambda: RecordFile(
            "an empty variation",
            _record("Atk empty", f"1. {loa[0]} () {loa[1]}").encode(),
            bad,
            name="empty-var.txt",
        ),
        lambda: RecordFile("not Lines of Action SGF", b"(;GM[1]SZ[19];B[pd];W[dp])", bad, name="go.sgf"),
        lambda: RecordFile(
            "a record cut short", f'[Game "loa"]\n\n1. {loa[0]} {{never closed'.encode(), bad, name="cut.txt"
        ),
        lambda: RecordFile(
            "a contradictory result",
            _record("Atk result", moves, '[Result "1-0"]\n[Termination "agreement"]').encode(),
            bad,
            name="result.txt",
        ),
        lambda: RecordFile(
            "a bad time control",
            _record("Atk clock", moves, '[TimeControl "1e309+NaN"]').encode(),
            bad,
            name="clock.txt",
        ),
        lambda: RecordFile(
            "JSON of the wrong shape",
            json.dumps({"games": [{"v": 1, "nodes": "x", "start": 5, "meta": []}]}).encode(),
            bad,
            name="games.json",
        ),
        lambda: RecordFile("an empty file", b"", None, name="empty.txt"),
        lambda: RecordFile(
            "a UTF-8 byte order mark and CRLF",
            b"\xef\xbb\xbf" + _record("Atk bom", moves).replace("\n", "\r\n").encode(),
            "Imported 1 game",
            name="bom.txt",
        ),
        lambda: RecordFile(
            "a line of 5,001 moves",
            _line_record("Atk 5001", long_line(5_001, seed)).encode(),
            "a line may hold at most 5,000 moves",
            name="5001.txt",
        ),
        lambda: RecordFile(
            "variations nested 2,000 deep",
            deep_record(2_000, seed).replace('[Name "deep"]', '[Name "Atk deep"]').encode(),
            "Imported 1 game",
            name="deep.txt",
            opens="Atk deep",
        ),
        lambda: RecordFile(
            "a line of 5,000 moves",
            _line_record("Atk 5000", long_line(5_000, seed)).encode(),
            "Imported 1 game",
            name="5000.txt",
            opens="Atk 5000",
        ),
        lambda: RecordFile(
            "variations nested 300 deep",
            deep_record(300, seed + 1).replace('[Name "deep"]', '[Name "Atk deep 300"]').encode(),
            "Imported 1 game",
            name="deep300.txt",
            opens="Atk deep 300",
        ),
    ]
    return [make() for make in files[:n]]


# -- stores -----------------------------------------------------------------------

# The site's pages whose stores the attack corrupted, then opened ("": the site with no
# link, which opens the game last open)
PAGES = [
    "",
    "#rules/loa",
    "#puzzles/loa",
    "#edit",
    "#learn/loa",
    "#progress",
]


def hostile_stores(n: int, own: dict, seed: int = SEED) -> list[Hostile]:
    """``n`` corruptions of the stores, the first ``n`` of a list drawn from
    ``seed``.  ``data``: {"games": entries put in the library's store
    "games", "lines": records put in its store "lines", "puzzles": records
    of its store "puzzles", "local" and "session": localStorage and sessionStorage items (None: removed)};
    ``own`` is the player's stored entry (the corrupted ones are made from
    it).  ``expect``: words the game page must show (the others only stay clear)."""
    rng = random.Random(seed)
    game = own["game"]

    def entry(eid: str, **changes) -> dict:
        return {**own, "id": eid, "name": f"Atk {eid}", "updated": own["updated"] + 1000, **changes}

    def last(eid, changes: dict) -> dict:
        """``changes``, and the entry ``eid`` made the game last open (this tab's and every tab's)."""
        said = json.dumps(eid) if not isinstance(eid, str) else eid
        return {**changes, "local": {"gamut.current-id": said}, "session": {"gamut.current-id": said}}

    damaged = "could not be opened"
    results = [
        {"id": "atk-ok", "game": "loa", "variant": "standard", "level": "beginner", "score": 1,
         "termination": "rules", "at": 1_700_000_000_000},
        {"id": "atk-far", "game": "loa", "variant": "standard", "level": "beginner", "score": 0,
         "termination": "rules", "at": 1e300},
    ]  # fmt: skip
    huge = "W" * rng.choice([50_000, 200_000])
    items = [
        Hostile("an entry of wrong types", last("atk-types", {"games": [entry("atk-types", game={**game, "tree": "not a tree", "head": 5}, created="x", name=7)]}), damaged),
        Hostile("an entry with no game", last("atk-bare", {"games": [{"id": "atk-bare", "v": 1, "updated": own["updated"] + 1000}]}), damaged),
        Hostile("an entry of a future version", last("atk-v99", {"games": [entry("atk-v99", v=99)]}), damaged),
        Hostile("an entry with a huge comment", last("atk-huge", {"games": [entry("atk-huge", game={**game, "tree": {**game["tree"], "nodes": [[0, game["tree"]["nodes"][0][1], huge]] + game["tree"]["nodes"][1:]}})]}), None),
        Hostile("a progress result at 1e300", {"local": {"gamut.progress": json.dumps({"version": 1, "results": results, "dropped": []})}}, None),
        Hostile("preferences of junk", {"local": {"gamut.preferences": rng.choice(['{"v": 1, "sound": "loud", "scheme": 42, "themes": {"__proto__": {"x": 1}}}', "[1, 2", '"x"', "null"])}}, None),
        Hostile("settings of junk", {"local": {"gamut.settings": rng.choice(['{"loa": {"variant": 5, "options": "x", "players": {}}}', "{not json", '{"__proto__": {"players": ["c:god"]}}'])}}, None),
        Hostile("an entry of an unknown game", last("atk-chess", {"games": [entry("atk-chess", game={**game, "start": "chess standard - start", "meta": {"game": "chess", "variant": "standard", "options": {}}})]}), damaged),
        Hostile("a number as an entry's id", last(42, {"games": [entry(42)]}), None),
        Hostile("a line summary of junk", {"lines": [{"id": own["id"], "lines": "junk", "v": 99}]}, None),
        Hostile("puzzles of junk", {"puzzles": [{"game": "loa", "rating": "high", "streak": -1, "best": "x", "history": {"a": 1}}]}, None),
        Hostile("lessons and mistakes of junk", {"local": {"gamut.lessons": "{not json", "gamut.mistakes": '{"v": 99, "items": 5}'}}, None),
        Hostile("an unsaved copy of junk", {"local": {"gamut.unsaved.atk-copy": json.dumps({"at": 1e300, "game": {"tree": 5}})}}, "could not be read"),
        Hostile("the opening marked, the language junk", {"local": {"gamut.opening": "\u0000" * 10, "gamut.lang": '{"broken', "gamut.last-game": '"chess"', "gamut.last-shown": '{"loa": 5, "evl": ["x"]}', "gamut.show-times": "maybe"}}, None),
        Hostile("an editor draft of junk", {"local": {"gamut.editor-draft": rng.choice(['{"start": 42}', "{", '{"game": "chess", "start": "x"}'])}}, None),
        Hostile("an old save of junk", {"local": {"gamut.current": '{"v": 1, "start": 42'}}, None),
    ]  # fmt: skip
    return items[:n]


# -- clocks -----------------------------------------------------------------------


def clock_jumps(n: int, seed: int = SEED) -> list[Hostile]:
    """``n`` jumps of the page's time: the system time back an hour or on
    two minutes (timers untouched), timers held back and run late (a
    throttled tab), each sometimes followed by a reload."""
    rng = random.Random(seed)
    kinds = [
        ("the system time back 1 h", ("system", -3_600_000)),
        ("the system time on 2 min", ("system", 120_000)),
        ("timers throttled 5 s", ("late", 5_000)),
        ("the system time back 1 h, then a reload", ("system-reload", -3_600_000)),
        ("timers throttled 30 s", ("late", 30_000)),
        ("the system time on 2 min, then a reload", ("system-reload", 120_000)),
    ]
    out = [Hostile(what, how) for what, how in kinds]
    while len(out) < n:
        what, how = rng.choice(kinds)
        out.append(Hostile(what, how))
    return out[:n]
