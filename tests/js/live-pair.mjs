// Two live sessions (web/live/session.js) wired by a fake data channel whose
// deliveries the test controls: held, dropped, doubled, reordered or forged.
import { LiveSession } from "../../web/live/session.js";

/** A toy game's engine: a move is a cell "a1".."h8", each cell once. */
export const legal = line => line.every(m => /^[a-h][1-8]$/.test(m)) && new Set(line).size === line.length;
export const check = line => new Promise(resolve => setImmediate(() => resolve(legal(line))));

/** Two sessions, `a` (seat 0, the host) and `b` (seat 1), with their events and the wire between them. */
export function pair({ moves = [], clocks = null, a: aOptions = {}, b: bOptions = {} } = {}) {
  const clock = { now: 1_000_000 };
  const wire = { toA: [], toB: [], up: true };
  const events = { a: [], b: [] };
  let ids = 0;
  const make = (name, seat, extra) =>
    new LiveSession({
      game: "game01",
      seat,
      moves,
      clocks,
      check,
      now: () => clock.now,
      newId: () => `${name}-id-${++ids}`,
      send: text => {
        if (wire.up) wire[name === "a" ? "toB" : "toA"].push(text);
      },
      onevent: (type, detail) => events[name].push([type, detail]),
      ...extra,
    });
  const a = make("a", 0, aOptions);
  const b = make("b", 1, bOptions);
  /** Deliver everything on the wire, both ways, until it is quiet. */
  const flush = async () => {
    for (let round = 0; round < 100 && (wire.toA.length || wire.toB.length); round++) {
      const toA = wire.toA.splice(0);
      const toB = wire.toB.splice(0);
      for (const text of toA) await a.receive(text);
      for (const text of toB) await b.receive(text);
    }
  };
  const connect = async () => {
    wire.up = true;
    a.opened();
    b.opened();
    await flush();
  };
  const drop = () => {
    wire.up = false;
    wire.toA.length = 0;
    wire.toB.length = 0;
    a.dropped();
    b.dropped();
  };
  const kinds = (name, type) => events[name].filter(([t]) => t === type).map(([, d]) => d);
  return { a, b, wire, events, clock, flush, connect, drop, kinds };
}
