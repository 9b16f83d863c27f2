import json
from pathlib import Path


def test_probe_live(new_context, site_url, site_info):
    base = site_url + site_info["build"]
    a = new_context().new_page(); b = new_context().new_page()
    for p in (a, b):
        p.goto(site_url + "version.json")
        p.evaluate(f"""async () => {{ const m = await import('{base}live/peer.js'); window.got = [];
            window.peer = new m.LivePeer({{onmessage: d => got.push(d), onstate: s => (window.st = s)}}); }}""")
    offer = a.evaluate("() => peer.offer()")
    answer = b.evaluate("t => peer.answer(t)", offer)
    print("\nOFFER", len(offer), offer, "\nANSWER", len(answer), answer)
    a.evaluate("t => peer.accept(t)", answer)
    a.wait_for_function("peer.channel && peer.channel.readyState === 'open'", timeout=20000)
    b.wait_for_function("peer.channel && peer.channel.readyState === 'open'", timeout=20000)
    a.evaluate("peer.send('hi from a')"); b.wait_for_function("got.length > 0")
    b.evaluate("peer.send('hi from b')"); a.wait_for_function("got.length > 0")
    print(a.evaluate("got"), b.evaluate("got"), a.evaluate("st"))
