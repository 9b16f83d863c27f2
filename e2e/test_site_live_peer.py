"""Live games' WebRTC under the page's own modules (#46), in this Chromium:
two browser contexts (two players' pages) connected over loopback by the
compact texts of web/live/signal.js alone, with no STUN server (host
candidates only: mDNS names), messages both ways; and, in the soak run, an
answer applied long after the invitation was made (longer than ICE's
timeouts: the exchange of links takes minutes in real life).

The node tests prove the texts round-trip; these prove that the SDP they
rebuild is one Chromium accepts and connects with.
"""

from __future__ import annotations

from conftest import SOAK

# The slow exchange: how long the invitation waits for its answer (the soak
# run: beyond ICE's 30 s consent and 39 s check timeouts; every run: its
# small version, 1 s).
DELAY_S = 45 if SOAK else 1

PEER = """async (base) => {
    const { LivePeer } = await import(base + "live/peer.js");
    const { decodeSignal } = await import(base + "live/signal.js");
    window.got = [];
    window.states = [];
    window.decode = decodeSignal;
    window.peer = new LivePeer({
        onmessage: data => window.got.push(data),
        onstate: state => window.states.push(state),
        onopen: () => (window.opened = true),
    });
}"""


def two_peers(new_context, site_url, site_info):
    base = site_url + site_info["build"]
    pages = []
    for _ in range(2):
        page = new_context().new_page()
        page.goto(site_url + "version.json")  # (the site's origin; the modules from the build)
        page.evaluate(PEER, base)
        pages.append(page)
    return pages


def connect(host, guest, delay_s=0):
    """The offer, the answer and the accept, as the links carry them;
    `delay_s`: the answer applied that long after the offer was made."""
    offer = host.evaluate("() => peer.offer()")
    answer = guest.evaluate("offer => peer.answer(offer)", offer)
    if delay_s:
        # (the behaviour under test is real time passing: the page's own clock is awaited)
        host.evaluate("() => (window.asked = performance.now())")
        host.wait_for_function(
            f"() => performance.now() - window.asked > {delay_s * 1000}", timeout=(delay_s + 30) * 1000
        )
    host.evaluate("answer => peer.accept(answer)", answer)
    for page in (host, guest):
        page.wait_for_function("() => window.opened === true", timeout=30_000)
    return offer, answer


def test_two_pages_connect_by_the_compact_texts_alone(new_context, site_url, site_info):
    host, guest = two_peers(new_context, site_url, site_info)
    offer, answer = connect(host, guest)
    assert offer[0] == "1" and answer[0] == "1"  # (the compact form, not the deflated fallback)
    assert len(offer) < 200 and len(answer) < 200
    for text in (offer, answer):
        sdp = host.evaluate("text => decode(text).then(d => d.sdp)", text)
        candidates = [line for line in sdp.splitlines() if line.startswith("a=candidate:")]
        assert candidates and all(" typ host" in c for c in candidates), candidates  # (no STUN asked)
    host.evaluate("() => peer.send('b1-d3')")
    guest.wait_for_function("() => got.includes('b1-d3')")
    guest.evaluate("() => peer.send('h2-f4')")
    host.wait_for_function("() => got.includes('h2-f4')")
    assert host.evaluate("() => peer.state") == "connected"


def test_an_answer_applied_late_still_connects(new_context, site_url, site_info):
    host, guest = two_peers(new_context, site_url, site_info)
    connect(host, guest, DELAY_S)
    host.evaluate("() => peer.send('late but there')")
    guest.wait_for_function("() => got.includes('late but there')")
