"""Live games peer to peer (issue #46): two browser contexts on loopback
(host candidates only, no STUN: nothing leaves 127.0.0.1).  The host picks
"Live" in the start panel and gets an invitation link; the guest opens it and
gets an answer link; the host pastes it (or opens it in a second tab, which
hands it to the waiting one) and both pages say "Connected".  Then each move
appears on the other board, resigning and draw offers end both pages the
same way, and a move the rules refuse, sent by a tampered page straight into
the data channel, is refused and never applied."""

from __future__ import annotations

import pytest
from conftest import wait_engine_ready
from pagekit import library_entries, saved, wait_idle
from playwright.sync_api import expect

# The host's data channel, kept where the test can reach it: a tampered page sending what it likes.
TAMPER = """(() => {
  const real = RTCPeerConnection.prototype.createDataChannel;
  RTCPeerConnection.prototype.createDataChannel = function (...args) {
    const channel = real.apply(this, args);
    window.__tamperedChannel = channel;
    return channel;
  };
})();"""


def whole_game() -> list[str]:
    """A short whole game of LOA: Black plays the engine's heuristic best, White a fixed random line."""
    import random

    import gamut

    chance = random.Random(5)
    state = gamut.new("loa")
    moves = []
    while not state.is_over() and len(moves) < 120:
        legal = state.legal_moves()
        if state.to_move == 0:
            best = None
            for move in legal:
                after = state.play(move)
                score = 10**9 if after.is_over() else -after.evaluate()
                if best is None or score > best[0]:
                    best = (score, move)
                if after.is_over():
                    break
            move = best[1]
        else:
            move = chance.choice(legal)
        moves.append(state.move_text(move))
        state = state.play(move)
    assert state.is_over(), moves
    return moves


def connect(
    new_context,
    site_url,
    mode_text: str = "Live",
    tamper: bool = False,
    by_tab: bool = False,
    game: str = "loa",
    init_script: str = "",
    clock: str = "",
):
    """Two pages, the host's (Black) and the guest's (White), connected live in LOA
    (`by_tab`: the host opens the answer's link in a second tab, which hands it over;
    `clock`: the host's clock choice, "300+3" or "custom:<minutes>+<increment>")."""
    host_context = new_context()
    guest_context = new_context()
    host = host_context.new_page()
    if tamper:
        host.add_init_script(TAMPER)
    if init_script:
        host.add_init_script(init_script)
    host.goto(site_url)
    wait_engine_ready(host)
    if game != "loa":
        host.select_option("#start-game", game)
    host.locator("#start .choice-mode", has_text=mode_text).click()
    if clock.startswith("custom:"):
        minutes, increment = clock[len("custom:") :].split("+")
        host.select_option("#start-clock", "custom")
        host.fill("#start-clock-minutes", minutes)
        host.fill("#start-clock-increment", increment)
    elif clock:
        host.select_option("#start-clock", clock)
    host.click("#start-play")
    expect(host.locator("#live-game")).to_be_visible()
    expect(host.locator("#live-phase")).to_have_text("Waiting for your friend's answer")
    invite = host.locator("#live-link").input_value(timeout=30_000)
    expect(host.locator("#live-link")).to_have_value(invite)
    assert f"#live/{game}/" in invite, invite
    if clock:  # (the invitation names the clock: "300+3", seconds + increment)
        minutes, increment = (
            clock.removeprefix("custom:").split("+") if clock.startswith("custom:") else ("", "")
        )
        named = f"{round(float(minutes) * 60)}+{increment}" if minutes else clock
        assert f"/{named}/" in invite, invite
    guest = guest_context.new_page()
    if init_script:
        guest.add_init_script(init_script)
    guest.goto(invite)
    wait_engine_ready(guest)
    expect(guest.locator("#live-link")).to_have_value(lambda_re("#live-answer/"), timeout=30_000)
    answer = guest.locator("#live-link").input_value()
    if by_tab:
        tab = host_context.new_page()
        tab.goto(answer)
        expect(tab.locator("#explain")).to_contain_text("handed to the tab", timeout=60_000)
    else:
        host.fill("#live-answer", answer)
        host.click("#live-connect")
    for page in (host, guest):
        expect(page.locator("#live-phase")).to_have_text("Connected", timeout=30_000)
        wait_idle(page)
    return host, guest


def lambda_re(text: str):
    import re

    return re.compile(re.escape(text))


def enter(page, move: str) -> None:
    """Play `move` by the move box."""
    box = page.locator("#move-input")
    box.fill(move)
    box.press("Enter")


def moves_of(page) -> list[str]:
    return page.locator("#moves .mv").all_inner_texts()


def test_live_invite_answer_connect_and_a_whole_game(new_context, site_url):
    host, guest = connect(new_context, site_url)
    # the guest's board takes no move while the host is to move; it says so
    expect(guest.locator("#live-turn")).to_contain_text("Waiting for")
    expect(guest.locator("#send")).to_be_hidden()
    line = whole_game()
    for ply, move in enumerate(line):
        mover, other = (host, guest) if ply % 2 == 0 else (guest, host)
        enter(mover, move)
        for page in (mover, other):
            expect(page.locator("#moves .mv")).to_have_count(ply + 1)
    assert moves_of(host) == moves_of(guest)
    for page in (host, guest):
        expect(page.locator("#result strong")).to_have_text("Black wins")
        expect(page.locator("#result-badge")).to_be_visible()
        expect(page.locator("#live-phase")).to_have_text("The live game is over")
    # both libraries hold the same game, to its end
    heads = []
    for page in (host, guest):
        saved(page)
        [entry] = library_entries(page)
        heads.append(entry["game"]["head"])
    assert heads[0] == heads[1] == line


def test_live_resignation_ends_both_pages(new_context, site_url):
    host, guest = connect(new_context, site_url)
    enter(host, "c1xa3")
    expect(guest.locator("#moves .mv")).to_have_count(1)
    enter(guest, "a2-c2")
    expect(host.locator("#moves .mv")).to_have_count(2)
    guest.click("#resign")
    guest.click("#confirm-yes")
    for page in (host, guest):
        expect(page.locator("#result strong")).to_have_text("Black wins")
        expect(page.locator("#result")).to_contain_text("White resigned")
        expect(page.locator("#live-phase")).to_have_text("The live game is over")


def test_live_draw_offered_and_accepted(new_context, site_url):
    host, guest = connect(new_context, site_url)
    enter(host, "c1xa3")
    expect(guest.locator("#moves .mv")).to_have_count(1)
    host.click("#offer-draw")
    host.click("#confirm-yes")
    expect(guest.locator("#draw-accept")).to_be_visible()
    guest.click("#draw-accept")
    for page in (host, guest):
        expect(page.locator("#result-badge .result-score")).to_have_text("\u00bd\u2013\u00bd")
        expect(page.locator("#live-phase")).to_have_text("The live game is over")


def test_live_a_forged_illegal_move_is_refused_and_not_applied(new_context, site_url):
    host, guest = connect(new_context, site_url, tamper=True)
    enter(host, "c1xa3")
    expect(guest.locator("#moves .mv")).to_have_count(1)
    enter(guest, "a2-c2")
    expect(host.locator("#moves .mv")).to_have_count(2)
    # the host's page, tampered: a move the rules refuse, straight into the channel
    host.evaluate(
        """() => window.__tamperedChannel.send(JSON.stringify({t: "move", ply: 3, move: "a1-h8", clocks: null}))"""
    )
    expect(guest.locator("#live-game")).to_have_attribute("data-refused", "1")
    expect(guest.locator("#explain")).to_contain_text("a1-h8")
    expect(guest.locator("#moves .mv")).to_have_count(2)
    # the game goes on: the host's real move is taken
    enter(host, "e8-g6")
    expect(guest.locator("#moves .mv")).to_have_count(3)
    assert moves_of(host) == moves_of(guest)


def test_live_the_answer_link_opened_in_a_second_tab_is_handed_over(new_context, site_url):
    host, guest = connect(new_context, site_url, by_tab=True)
    enter(host, "c1xa3")
    expect(guest.locator("#moves .mv")).to_have_count(1)


# A whole short game of each other game (its first variant and options): the first player
# plays the engine's heuristic best, the other a fixed random line (found as whole_game's
# line is, once; the test checks with the engine that each line ends its game).
WHOLE_GAMES = {
    "el": ["f1=4", "d1=1", "e1=5", "b3=1", "c1=2", "a2=6", "b1=3", "a5=2", "a1=4"],
    "escabel": ["d3", "c2", "e2", "f1", "d1", "c5", "e4", "c3", "f5", "f7", "e6", "a2", "d7", "e1"],
    "evl": [
        "c4",
        "a7",
        "c4",
        "a4",
        "c6",
        "b2",
        "c2",
        "a6",
        "c4",
        "d4",
        "c4-c5-d5-d4",
        "c7",
        "d4-d3-d2",
        "c3",
        "c6",
        "d7",
        "c6-b6-b5",
        "b3",
        "b5",
        "d6",
        "b5-b4-b3",
        "d7",
        "b3-a3-a4",
        "a6",
        "a4-a5",
    ],
}


@pytest.mark.parametrize("game", sorted(WHOLE_GAMES))
def test_live_a_whole_game_of_each_other_game(new_context, site_url, game):
    import gamut

    state = gamut.new(game)
    for move in WHOLE_GAMES[game]:
        state = state.play_text(move)
    assert state.is_over(), game
    host, guest = connect(new_context, site_url, game=game)
    state = gamut.new(game)
    for ply, move in enumerate(WHOLE_GAMES[game]):
        mover, other = (host, guest) if state.to_move == 0 else (guest, host)
        enter(mover, move)
        state = state.play_text(move)
        for page in (mover, other):
            expect(page.locator("#moves .mv")).to_have_count(ply + 1)
    assert moves_of(host) == moves_of(guest)
    for page in (host, guest):
        expect(page.locator("#result")).to_be_visible()
        # the rules' end is the live game's too: over on both pages, a rematch to ask
        expect(page.locator("#live-phase")).to_have_text("The live game is over")
        expect(page.locator("#live-rematch")).to_be_visible()
    assert host.locator("#result strong").inner_text() == guest.locator("#result strong").inner_text()
    # both libraries hold the same game, to its end
    heads = []
    for page in (host, guest):
        saved(page)
        [entry] = library_entries(page)
        heads.append(entry["game"]["head"])
    assert heads[0] == heads[1] == WHOLE_GAMES[game]
