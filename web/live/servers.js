// The servers a live game's connection may ask (#46), from the settings.
// With no consent there are none: the pages find each other on the same
// network only (host candidates), and nothing is contacted.  Once the player
// agreed (settings: liveServers), the STUN server tells each page its
// address as the internet sees it, so that pages behind ordinary routers can
// meet; a TURN server, for those who have one, relays what cannot go
// directly.  Both servers see the player's address; the friend does too.

/**
 * The ICE servers for RTCPeerConnection, from the preferences (settings.js).
 * @param {{liveServers: boolean, stun: string, turn: string, turnUser: string, turnPass: string}} prefs
 * @returns {RTCIceServer[]}
 */
export function iceServers(prefs) {
  if (!prefs || !prefs.liveServers) return [];
  /** @type {RTCIceServer[]} */
  const servers = [];
  if (prefs.stun) servers.push({ urls: prefs.stun });
  if (prefs.turn) servers.push({ urls: prefs.turn, username: prefs.turnUser, credential: prefs.turnPass });
  return servers;
}

/** The server named to the player when asking for consent (the STUN server's host). */
export function serverName(prefs) {
  return String(prefs?.stun || "").replace(/^stuns?:/, "");
}
