import time
from conftest import wait_engine_ready


def test_probe_open(new_context, site_url):
    ctx = new_context()
    for i in range(4):
        page = ctx.new_page()
        t0 = time.time()
        page.goto(site_url)
        t1 = time.time()
        wait_engine_ready(page)
        t2 = time.time()
        nav = page.evaluate("""() => { const n = performance.getEntriesByType('navigation')[0];
          const r = performance.getEntriesByType('resource');
          return {dcl: n.domContentLoadedEventEnd, load: n.loadEventEnd, res: r.length,
                  sw: r.filter(x => x.workerStart > 0).length,
                  lastRes: Math.max(...r.map(x => x.responseEnd)), origin: performance.timeOrigin}; }""")
        marks = page.evaluate("() => window.__gamutMarks || null")
        print(f"\nopen {i}: goto {t1-t0:.2f}s ready {t2-t0:.2f}s dcl {nav['dcl']:.0f}ms load {nav['load']:.0f}ms res {nav['res']} viaSW {nav['sw']} lastRes {nav['lastRes']:.0f}ms")
        page.close()
