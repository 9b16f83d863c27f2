// The WebRTC side of a live game (#46), kept thin: one RTCPeerConnection with
// one ordered data channel, non-trickle (each description is given once ICE
// gathering is complete, or its timeout passed, as a text of signal.js).
// `iceServers` come from the settings and are empty by default: host
// candidates only, nothing contacted outside the page until the player agreed
// to a STUN server.  restart() makes a new connection and a new offer (one
// more link to send after a drop).
//
// Node tests construct it on a stub only; e2e must cover: two browser contexts
// on loopback making an offer, an answer and an open channel; messages both
// ways; a context's network cut (state "disconnected"/"failed", the channel
// closed) and restart() with one more link exchange; an answer applied after
// ICE's timeouts; and that no candidate but 127.0.0.1/mDNS hosts is gathered
// without iceServers.

import { decodeSignal, encodeSignal, SignalError } from "./signal.js";

export const GATHER_TIMEOUT = 8000; // ms to wait for ICE gathering before sending what there is

/**
 * @typedef {object} PeerOptions
 * @property {RTCIceServer[] | (() => RTCIceServer[])} [iceServers]  (the settings, read for each connection: [] by default)
 * @property {number} [gatherTimeout]
 * @property {typeof RTCPeerConnection} [RTC]  (tests: a stub)
 * @property {(state: string) => void} [onstate]  the connection's state (new, connecting, connected, disconnected, failed, closed)
 * @property {() => void} [onopen]  the data channel opened
 * @property {() => void} [onclose]  the data channel closed
 * @property {(data: any) => void} [onmessage]  what the peer sent (for the session's receive())
 */

export class LivePeer {
  /** @param {PeerOptions} [options] */
  constructor(options = {}) {
    this.options = options;
    this.RTC = options.RTC || globalThis.RTCPeerConnection;
    /** @type {RTCPeerConnection | null} */
    this.pc = null;
    /** @type {RTCDataChannel | null} */
    this.channel = null;
  }

  get state() {
    return this.pc ? this.pc.connectionState : "closed";
  }

  /** A new connection and its offer's text (the inviter's side). */
  async offer() {
    const pc = this._connect();
    this._channel(pc.createDataChannel("gamut", { ordered: true }));
    await pc.setLocalDescription(await pc.createOffer());
    return this._described(pc);
  }

  /** The answer's text to the offer `text` (the invited side). */
  async answer(text) {
    const offer = await decodeSignal(text);
    if (offer.type !== "offer") throw new SignalError("live.signal.type");
    const pc = this._connect();
    pc.ondatachannel = event => this._channel(event.channel);
    await pc.setRemoteDescription(offer);
    await pc.setLocalDescription(await pc.createAnswer());
    return this._described(pc);
  }

  /** Apply the answer's text `text` to the offer made (the inviter's side). */
  async accept(text) {
    const answer = await decodeSignal(text);
    if (answer.type !== "answer" || !this.pc) throw new SignalError("live.signal.type");
    await this.pc.setRemoteDescription(answer);
  }

  /** Send a message's text; false when the channel is not open. */
  send(text) {
    if (this.channel?.readyState !== "open") return false;
    this.channel.send(text);
    return true;
  }

  /** After a drop: a new connection and its offer (the side that restarts is the inviter of it). */
  restart() {
    this.close();
    return this.offer();
  }

  close() {
    const { pc, channel } = this;
    this.pc = null;
    this.channel = null;
    if (channel) channel.onopen = channel.onclose = channel.onmessage = null;
    if (pc) {
      pc.onconnectionstatechange = pc.ondatachannel = null;
      pc.close();
    }
  }

  _connect() {
    this.close();
    const servers = this.options.iceServers;
    const pc = new this.RTC({ iceServers: (typeof servers === "function" ? servers() : servers) || [] });
    this.pc = pc;
    pc.onconnectionstatechange = () => {
      if (this.pc === pc) this.options.onstate?.(pc.connectionState);
    };
    return pc;
  }

  /** @param {RTCDataChannel} channel */
  _channel(channel) {
    this.channel = channel;
    channel.onopen = () => this.options.onopen?.();
    channel.onclose = () => {
      if (this.channel === channel) this.options.onclose?.();
    };
    channel.onmessage = event => this.options.onmessage?.(event.data);
  }

  /** The local description's text once gathering is complete (or timed out). */
  async _described(pc) {
    await gathered(pc, this.options.gatherTimeout ?? GATHER_TIMEOUT);
    const local = /** @type {RTCSessionDescription} */ (pc.localDescription);
    return encodeSignal({ type: local.type, sdp: local.sdp });
  }
}

/** Resolves when `pc` has gathered its candidates, or after `timeout` ms. */
export function gathered(pc, timeout) {
  return new Promise(resolve => {
    if (pc.iceGatheringState === "complete") return resolve(true);
    const done = value => {
      clearTimeout(timer);
      pc.removeEventListener("icegatheringstatechange", changed);
      resolve(value);
    };
    const changed = () => {
      if (pc.iceGatheringState === "complete") done(true);
    };
    const timer = setTimeout(() => done(false), timeout);
    pc.addEventListener("icegatheringstatechange", changed);
  });
}
