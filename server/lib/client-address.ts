import { BlockList, isIP } from 'node:net';

/**
 * An address as a socket or a forwarding header gives it, in one plain form: no quotes, brackets,
 * port or zone, lower case, and an IPv4 address mapped into IPv6 written as IPv4 (so one client has
 * one key). Null when it is not an IP address.
 */
function plainAddress(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let text = raw.trim().replace(/^"|"$/g, '');
  if (text.startsWith('[')) {
    const end = text.indexOf(']');
    if (end < 0) return null;
    text = text.slice(1, end);
  } else if (/^[\d.]+:\d+$/.test(text)) {
    text = text.slice(0, text.indexOf(':'));
  }
  text = text.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (mapped?.[1]) text = mapped[1];
  return isIP(text) ? text : null;
}

/** One trusted proxy: an address or a network in CIDR form, IPv4 or IPv6. */
function parseRule(entry: string): { network: string; prefix: number; family: 'ipv4' | 'ipv6' } {
  const [address = '', prefixText, ...rest] = entry.split('/');
  const network = isIP(address) ? plainAddress(address) : null;
  if (!network || rest.length > 0) throw new Error(`not an address or network: ${entry}`);
  const family = isIP(network) === 4 ? 'ipv4' : 'ipv6';
  const bits = family === 'ipv4' ? 32 : 128;
  if (prefixText === undefined) return { network, prefix: bits, family };
  const prefix = /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : Number.NaN;
  if (!(prefix >= 0 && prefix <= bits)) throw new Error(`not a network prefix: ${entry}`);
  return { network, prefix, family };
}

/** The entries of a TRUSTED_PROXIES list: separated by commas or spaces. */
export function splitProxyList(text: string | undefined): string[] {
  return (text ?? '').split(/[\s,]+/).filter(Boolean);
}

/** Whether every entry of a TRUSTED_PROXIES list is an address or a CIDR network. */
export function isProxyList(text: string): boolean {
  try {
    for (const entry of splitProxyList(text)) parseRule(entry);
    return true;
  } catch {
    return false;
  }
}

/** Which addresses are our own proxies (load balancers, reverse proxies), whose X-Forwarded-For we believe. */
export interface ProxyTrust {
  trusts(address: string): boolean;
}

export function proxyTrust(entries: readonly string[]): ProxyTrust {
  const list = new BlockList();
  for (const entry of entries) {
    const rule = parseRule(entry);
    list.addSubnet(rule.network, rule.prefix, rule.family);
  }
  return {
    trusts: (address) =>
      entries.length > 0 && list.check(address, isIP(address) === 4 ? 'ipv4' : 'ipv6'),
  };
}

/**
 * The client's address: the socket's peer, unless that peer is a trusted proxy; then
 * X-Forwarded-For is read from the right, each hop a trusted proxy added, until the first address
 * that is not a trusted proxy. What a client wrote into the header itself sits left of what our
 * proxies added, so it is never reached while an untrusted hop stands before it. Every hop
 * trusted: the leftmost. A hop that is not an address ends the walk at the last one believed.
 */
export function clientAddress(
  peer: string | null,
  forwardedFor: string | undefined,
  trust: ProxyTrust,
): string | null {
  let address = plainAddress(peer);
  if (!address || !forwardedFor || !trust.trusts(address)) return address;
  const hops = forwardedFor.split(',');
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = plainAddress(hops[i]);
    if (!hop) return address;
    address = hop;
    if (!trust.trusts(hop)) return hop;
  }
  return address;
}
