// Stand-ins for the page's IndexedDB (Node has none, and no package fakes
// it here): FakeKept for store/db.js's keptRecord (what lessonstore.js,
// progressstore.js and mistakestore.js are given), and fakeIDB, an
// IDBDatabase just large enough for db.js's runTransaction (the
// localStorage migration, moveLocalStores).

const copy = v => (v === undefined ? undefined : structuredClone(v));

/** One value per store, each change made whole in one step (as a transaction
 * is); `fault`: "refused" (every wait fails) or "full" (every write fails). */
export class FakeKept {
  constructor(values = {}) {
    this.values = new Map(Object.entries(values));
    /** @type {"refused" | "full" | null} */
    this.fault = null;
  }

  _check(write) {
    if (this.fault === "refused" || (write && this.fault === "full"))
      throw new Error(this.fault === "full" ? "the browser's storage is full" : "storage refused");
  }

  /** The keptRecord of the store `name` ("name.damaged": its value set aside). */
  kept(name) {
    return {
      read: async () => {
        this._check(false);
        return copy(this.values.get(name));
      },
      update: async change => {
        this._check(true);
        const value = change(copy(this.values.get(name)));
        this.values.set(name, copy(value));
        return copy(value);
      },
      setAside: async value => {
        this._check(true);
        if (!this.values.has(`${name}.damaged`)) this.values.set(`${name}.damaged`, copy(value));
      },
    };
  }
}

/** A database of out-of-line-key stores (`stores`: {name: {key: value}});
 * `db.full = true` aborts every transaction that writes, as a full disk does. */
export function fakeIDB(stores = {}) {
  const data = new Map(Object.entries(stores).map(([name, v]) => [name, new Map(Object.entries(v))]));
  const db = {
    data,
    full: false,
    transaction(names) {
      const staged = new Map(names.map(n => [n, new Map(data.get(n))]));
      let pending = 0;
      let wrote = false;
      let done = false;
      /** @type {any} */
      const tx = { error: null };
      const settle = () =>
        setTimeout(() => {
          if (pending || done) return;
          done = true;
          if (wrote && db.full) {
            tx.error = { name: "QuotaExceededError", message: "full" };
            tx.onabort?.();
            return;
          }
          for (const [n, m] of staged) data.set(n, m);
          tx.oncomplete?.();
        });
      const request = result => {
        /** @type {any} */
        const req = { result };
        pending++;
        setTimeout(() => {
          pending--;
          req.onsuccess?.();
          settle();
        });
        return req;
      };
      tx.objectStore = name => {
        const m = /** @type {Map<any, any>} */ (staged.get(name));
        return {
          count: key => request(m.has(key) ? 1 : 0),
          get: key => request(copy(m.get(key))),
          put: (value, key) => {
            wrote = true;
            m.set(key, copy(value));
            return request(key);
          },
        };
      };
      tx.abort = () => {
        done = true;
        tx.onabort?.();
      };
      settle();
      return tx;
    },
  };
  return db;
}

/** A localStorage stand-in. */
export class FakeStorage {
  constructor(items = {}) {
    this.items = { ...items };
  }
  getItem(k) {
    return k in this.items ? this.items[k] : null;
  }
  setItem(k, v) {
    this.items[k] = String(v);
  }
  removeItem(k) {
    delete this.items[k];
  }
}
