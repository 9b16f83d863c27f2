"""Live games peer to peer (issue #46), what goes across besides the moves:
a takeback asked and accepted (both boards back on the same line) or
declined (the asker is told), a rematch with the colours swapped over the
same data channel (both libraries keep both games), and the chat (plain
text only, and a player's own mute).  Two browser contexts on loopback, as
in test_site_live.py (its `connect`)."""

from __future__ import annotations

from pagekit import library_entries, saved, wait_idle
from playwright.sync_api import expect
from test_site_live import connect, enter, moves_of


def two_moves(host, guest) -> None:
    enter(host, "c1xa3")
    expect(guest.locator("#moves .mv")).to_have_count(1)
    enter(guest, "a2-c2")
    for page in (host, guest):
        expect(page.locator("#live-game")).to_have_attribute("data-plies", "2")
        expect(page.locator("#moves .mv")).to_have_count(2)
        wait_idle(page)


def other_first_move() -> str:
    """A first move of Black's in LOA other than c1xa3."""
    import gamut

    state = gamut.new("loa")
    return next(t for t in (state.move_text(m) for m in state.legal_moves()) if t != "c1xa3")


def test_live_takeback_asked_and_accepted(new_context, site_url):
    host, guest = connect(new_context, site_url)
    expect(host.locator("#live-takeback")).to_have_count(0)  # (nothing to take back yet)
    two_moves(host, guest)
    host.click("#live-takeback")
    expect(host.locator("#live-takeback-asking")).to_be_visible()
    expect(guest.locator("#live-takeback-asked")).to_contain_text("asks to take back")
    guest.click("#live-takeback-accept")
    # back to before the host's last move: both moves go, on both boards (they stay in the tree, as Undo's do)
    for page in (host, guest):
        expect(page.locator("#live-game")).to_have_attribute("data-plies", "0")
        expect(page.locator("html")).to_have_attribute("data-ply", "0")
        expect(page.locator("#live-takeback-asked")).to_have_count(0)
        expect(page.locator("#live-takeback-asking")).to_have_count(0)
        wait_idle(page)
    assert moves_of(host) == moves_of(guest)
    # the game goes on from there, the same on both boards
    move = other_first_move()
    enter(host, move)
    for page in (host, guest):
        expect(page.locator("#live-game")).to_have_attribute("data-plies", "1")
        expect(page.locator("html")).to_have_attribute("data-ply", "1")
        expect(page.locator("#moves .mv", has_text=move)).to_have_count(1)
        wait_idle(page)
    assert moves_of(host) == moves_of(guest)
    enter(guest, "a2-c2")
    expect(host.locator("#live-game")).to_have_attribute("data-plies", "2")
    expect(host.locator("html")).to_have_attribute("data-ply", "2")


def test_live_takeback_declined_tells_the_asker(new_context, site_url):
    host, guest = connect(new_context, site_url)
    two_moves(host, guest)
    guest.click("#live-takeback")
    expect(host.locator("#live-takeback-asked")).to_be_visible()
    host.click("#live-takeback-decline")
    expect(guest.locator("#live-said")).to_contain_text("declined your takeback")
    for page in (host, guest):
        expect(page.locator("#live-game")).to_have_attribute("data-plies", "2")
        expect(page.locator("html")).to_have_attribute("data-ply", "2")
    # declined by moving on: the guest asks again, the host plays instead
    guest.click("#live-takeback")
    expect(host.locator("#live-takeback-asked")).to_be_visible()
    expect(guest.locator("#live-said")).to_have_count(0)
    enter(host, "e8-g6")
    expect(guest.locator("#live-said")).to_contain_text("declined your takeback")
    expect(host.locator("#live-takeback-asked")).to_have_count(0)
    for page in (host, guest):
        expect(page.locator("#live-game")).to_have_attribute("data-plies", "3")


def test_live_rematch_swaps_the_colours_and_keeps_both_games(new_context, site_url):
    host, guest = connect(new_context, site_url)
    two_moves(host, guest)
    first = host.locator("#live-game").get_attribute("data-game")
    guest.click("#resign")
    guest.click("#confirm-yes")
    for page in (host, guest):
        expect(page.locator("#live-phase")).to_have_text("The live game is over")
        expect(page.locator("#rematch")).to_be_hidden()  # (the end panel's: a live game's is in the live box)
    host.click("#live-rematch")
    expect(host.locator("#live-rematch-asking")).to_be_visible()
    expect(guest.locator("#live-rematch-asked")).to_contain_text("rematch")
    guest.click("#live-rematch-accept")
    for page in (host, guest):
        expect(page.locator("#live-phase")).to_have_text("Connected")
        expect(page.locator("#moves .mv")).to_have_count(0)
        expect(page.locator("#live-game")).not_to_have_attribute("data-game", first)
        wait_idle(page)
    assert host.locator("#live-game").get_attribute("data-game") == guest.locator("#live-game").get_attribute(
        "data-game"
    )
    # the colours swapped: the former guest plays Black now and moves first
    expect(host.locator("#live-turn")).to_contain_text("Waiting for")
    expect(guest.locator("#live-turn")).to_have_count(0)
    enter(guest, "c1xa3")
    expect(host.locator("#moves .mv")).to_have_count(1)
    enter(host, "a2-c2")
    expect(guest.locator("#moves .mv")).to_have_count(2)
    for page in (host, guest):
        wait_idle(page)
        saved(page)
        page.wait_for_function(
            """async () => new Promise((ok, fail) => {
                const req = indexedDB.open('gamut');
                req.onerror = () => fail(req.error);
                req.onsuccess = () => {
                    const q = req.result.transaction('games').objectStore('games').count();
                    q.onsuccess = () => ok(q.result >= 2);
                    q.onerror = () => fail(q.error);
                };
            })"""
        )
        assert len(library_entries(page)) == 2


def chat_lines(page) -> list[str]:
    return page.locator("#live-chat p").all_inner_texts()


def say(page, text: str) -> None:
    page.fill("#live-say", text)
    page.click("#live-send")
    expect(page.locator("#live-say")).to_have_value("")


def test_live_chat_plain_text_and_mute(new_context, site_url):
    host, guest = connect(new_context, site_url)
    say(host, "hello there")
    expect(guest.locator("#live-chat")).to_contain_text("hello there")
    expect(host.locator("#live-chat")).to_contain_text("You: hello there")
    say(guest, "<b>x</b>")
    expect(host.locator("#live-chat p").last).to_have_text("White: <b>x</b>")
    expect(host.locator("#live-chat b")).to_have_count(0)
    # the guest mutes: the host's lines are not shown there (and it says so), until unmuted
    guest.click("#live-mute")
    expect(guest.locator("#live-mute")).to_have_attribute("aria-pressed", "true")
    expect(guest.locator("#live-muted")).to_be_visible()
    say(host, "secret")
    expect(host.locator("#live-chat p").last).to_have_text("You: secret")
    say(guest, "still here")  # (the muted player's own lines go)
    expect(host.locator("#live-chat p").last).to_have_text("White: still here")
    guest.click("#live-mute")
    expect(guest.locator("#live-muted")).to_be_hidden()
    say(host, "after")
    expect(guest.locator("#live-chat p").last).to_have_text("Black: after")
    assert not any("secret" in line for line in chat_lines(guest)), chat_lines(guest)
