import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/**
 * The push services browsers subscribe to (the endpoint a PushSubscription carries): Chrome, Edge's
 * Chromium, Opera, Samsung Internet and Brave use Google's FCM, Firefox Mozilla's autopush, Safari
 * Apple's, and legacy Edge Windows Notification Services. `*.` allows the subdomains of a domain.
 */
export const DEFAULT_PUSH_ENDPOINT_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.services.mozilla.com',
  'web.push.apple.com',
  '*.notify.windows.com',
] as const;

/**
 * Where the server may send pushes. A push endpoint is a URL the browser hands us, so without
 * this a staff member could make the server POST (with retries) to any host on its network.
 */
export interface PushEndpointPolicy {
  /** PUSH_ENDPOINT_HOSTS: exact host names, or `*.domain` for its subdomains. */
  hosts: readonly string[];
  /**
   * Tests' local push service only (buildApp's deps, never the environment, refused in
   * production): plain http on any port, sent to a loopback address. Never private or link-local ones.
   */
  allowLoopback: boolean;
  /** Every address a host name has (tests substitute their own); dns.lookup by default. */
  resolve?: (hostname: string) => Promise<string[]>;
}

/** Why an endpoint URL is not one we send to, or undefined when it is. Checked at save and at send. */
export function endpointProblem(endpoint: string, policy: PushEndpointPolicy): string | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'Must be a URL';
  }
  const local = policy.allowLoopback && url.protocol === 'http:';
  if (url.protocol !== 'https:' && !local) return 'Must be an https: push service URL';
  if (url.username || url.password) return 'Must not carry credentials';
  if (url.port && url.port !== '443' && !policy.allowLoopback) return 'Must use the push service’s standard port';
  if (!hostAllowed(url.hostname, policy.hosts)) return 'Must be the endpoint of a browser push service';
  return undefined;
}

function hostAllowed(hostname: string, hosts: readonly string[]): boolean {
  const host = hostname.toLowerCase();
  return hosts.some((allowed) => (allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) && host.length > allowed.length - 1 : host === allowed));
}

export type ResolvedEndpoint = { kind: 'resolved'; address: string; family: 4 | 6 } | { kind: 'blocked'; reason: string };

/**
 * The one address a push is sent to: every address of the host must be public (a name that also
 * resolves inside the network is refused outright), and the request connects to this address,
 * so a second, different DNS answer cannot redirect it (rebinding). DNS failures throw with
 * their code, for a retry.
 */
export async function resolveEndpoint(url: URL, policy: PushEndpointPolicy): Promise<ResolvedEndpoint> {
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = isIP(hostname) ? [hostname] : await (policy.resolve ?? lookupAll)(hostname);
  if (addresses.length === 0) return { kind: 'blocked', reason: 'no address' };
  for (const address of addresses) {
    if (!isPublicAddress(address) && !(policy.allowLoopback && isLoopbackAddress(address))) return { kind: 'blocked', reason: 'non-public address' };
  }
  const address = addresses[0]!;
  return { kind: 'resolved', address, family: isIP(address) === 6 ? 6 : 4 };
}

async function lookupAll(hostname: string): Promise<string[]> {
  return (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);
}

type Cidr = readonly [prefix: bigint, bits: number];

function ipv4Value(address: string): bigint | undefined {
  const parts = address.split('.');
  if (parts.length !== 4 || parts.some((part) => !/^\d{1,3}$/.test(part) || Number(part) > 255)) return undefined;
  return parts.reduce((value, part) => (value << 8n) | BigInt(part), 0n);
}

function ipv6Value(address: string): bigint | undefined {
  let text = address.split('%')[0]!.toLowerCase();
  // A trailing dotted quad (::ffff:127.0.0.1) is the last two groups.
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad) {
    const v4 = ipv4Value(quad[1]!);
    if (v4 === undefined) return undefined;
    text = `${text.slice(0, -quad[1]!.length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const groupsOf = (half: string | undefined) => (half ? half.split(':') : []);
  const head = groupsOf(halves[0]);
  const tail = groupsOf(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 1 ? 0 : missing).fill('0'), ...tail];
  if (groups.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return undefined;
  return groups.reduce((value, group) => (value << 16n) | BigInt(parseInt(group, 16)), 0n);
}

const inRange = (value: bigint, width: number, [prefix, bits]: Cidr) => value >> BigInt(width - bits) === prefix >> BigInt(width - bits);
const v4 = (address: string, bits: number): Cidr => [ipv4Value(address)!, bits];
const v6 = (address: string, bits: number): Cidr => [ipv6Value(address)!, bits];

/** IANA's special-purpose IPv4 blocks (RFC 6890 and successors): none of them is a push service. */
const nonPublicV4: readonly Cidr[] = [
  v4('0.0.0.0', 8), // "this network"
  v4('10.0.0.0', 8), // private
  v4('100.64.0.0', 10), // carrier-grade NAT
  v4('127.0.0.0', 8), // loopback
  v4('169.254.0.0', 16), // link-local (cloud metadata services live here)
  v4('172.16.0.0', 12), // private
  v4('192.0.0.0', 24), // IETF protocol assignments
  v4('192.0.2.0', 24), // documentation
  v4('192.88.99.0', 24), // 6to4 relay anycast
  v4('192.168.0.0', 16), // private
  v4('198.18.0.0', 15), // benchmarking
  v4('198.51.100.0', 24), // documentation
  v4('203.0.113.0', 24), // documentation
  v4('224.0.0.0', 4), // multicast
  v4('240.0.0.0', 4), // reserved, broadcast
];

/** IPv6 carrying an IPv4 address that decides: mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::/96), 6to4 (2002::/16). */
function embeddedIpv4(value: bigint): bigint | undefined {
  if (inRange(value, 128, v6('::ffff:0:0', 96)) || inRange(value, 128, v6('64:ff9b::', 96))) return value & 0xffffffffn;
  if (inRange(value, 128, v6('2002::', 16))) return (value >> 80n) & 0xffffffffn;
  return undefined;
}

/** Only global unicast (2000::/3) is public, less its special blocks. */
const globalUnicast = v6('2000::', 3);
const nonPublicInGlobalV6: readonly Cidr[] = [
  v6('2001::', 23), // IETF protocol assignments (Teredo, benchmarking, ORCHID…)
  v6('2001:db8::', 32), // documentation
  v6('3fff::', 20), // documentation
];

/** Whether an address is on the public internet: not private, loopback, link-local, unique-local, multicast or reserved. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address.split('%')[0]!);
  if (family === 4) {
    const value = ipv4Value(address)!;
    return !nonPublicV4.some((range) => inRange(value, 32, range));
  }
  if (family !== 6) return false;
  const value = ipv6Value(address);
  if (value === undefined) return false;
  const embedded = embeddedIpv4(value);
  if (embedded !== undefined) return !nonPublicV4.some((range) => inRange(embedded, 32, range));
  return inRange(value, 128, globalUnicast) && !nonPublicInGlobalV6.some((range) => inRange(value, 128, range));
}

export function isLoopbackAddress(address: string): boolean {
  const family = isIP(address.split('%')[0]!);
  if (family === 4) return inRange(ipv4Value(address)!, 32, v4('127.0.0.0', 8));
  const value = family === 6 ? ipv6Value(address) : undefined;
  if (value === undefined) return false;
  if (value === 1n) return true;
  const embedded = embeddedIpv4(value);
  return embedded !== undefined && inRange(embedded, 32, v4('127.0.0.0', 8));
}
