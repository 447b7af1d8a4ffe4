import { type LookupAddress, lookup } from "node:dns";
import { BlockList, isIP } from "node:net";
import { Agent, buildConnector, fetch as undiciFetch } from "undici";

/*
 * Requests to URLs a tenant typed (an n8n/webhook receiver, a Typebot server) or a remote
 * service answered (a bot's media) must not reach the server's own network: loopback, private
 * ranges, link-local (169.254.169.254 is the cloud's metadata service), CGNAT, multicast.
 * The URL's host is resolved and every address checked before the request, and the request
 * connects through an agent whose DNS lookup checks again each address it connects to, so a
 * name that resolves to a public address for the check and a private one for the connection
 * (DNS rebinding) is refused too. REMOTE_PRIVATE_TARGETS=allow (the default outside
 * production) lets tests and local setups reach fakes on 127.0.0.1.
 */

export type PrivateTargets = "allow" | "deny";

/** Why a URL is not requested; the caller turns it into its own failure. */
export type OutboundRefusal = "invalidUrl" | "privateAddress";

export class OutboundRefused extends Error {
  constructor(readonly reason: OutboundRefusal) {
    super(reason === "privateAddress" ? "the URL points to a private or local address" : "not an http(s) URL");
    this.name = "OutboundRefused";
  }
}

/** The code the guarded lookup fails a connection with, to tell its refusal from a DNS failure. */
const REFUSED_CODE = "ERR_OUTBOUND_PRIVATE_ADDRESS";

const IPV4_RANGES: [string, number][] = [
  ["0.0.0.0", 8], // "this network", the unspecified address
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, the cloud metadata service
  ["172.16.0.0", 12],
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
];

const blocked = new BlockList();
for (const [network, prefix] of IPV4_RANGES) {
  blocked.addSubnet(network, prefix, "ipv4");
  // The same ranges written as IPv6 (::ffff:10.0.0.1, NAT64's 64:ff9b::10.0.0.1) reach the same hosts.
  blocked.addSubnet(`::ffff:${network}`, 96 + prefix, "ipv6");
  blocked.addSubnet(`64:ff9b::${network}`, 96 + prefix, "ipv6");
}
blocked.addAddress("::", "ipv6");
blocked.addAddress("::1", "ipv6");
blocked.addSubnet("fc00::", 7, "ipv6"); // unique local
blocked.addSubnet("fe80::", 10, "ipv6"); // link-local
blocked.addSubnet("fec0::", 10, "ipv6"); // site-local (deprecated, still routed by some)
blocked.addSubnet("ff00::", 8, "ipv6"); // multicast

/** True when an IP address (v4 or v6, without brackets) is one a tenant's URL may not reach. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** Every address of a host; an IP literal is its own. */
function resolve(host: string): Promise<LookupAddress[]> {
  if (isIP(host)) return Promise.resolve([{ address: host, family: isIP(host) }]);
  return new Promise((done, fail) =>
    lookup(host, { all: true }, (error, addresses) => (error ? fail(error) : done(addresses))),
  );
}

/**
 * Parses a URL (http or https only) and, when private targets are denied, refuses it if any
 * address its host resolves to is private. A host that does not resolve is not refused here:
 * the request fails as unreachable, which may pass (the DNS may come back).
 */
export async function checkOutboundUrl(url: string | URL, privateTargets: PrivateTargets): Promise<URL> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new OutboundRefused("invalidUrl");
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new OutboundRefused("invalidUrl");
  if (privateTargets === "allow") return parsed;
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(parsed.hostname.replace(/^\[|\]$/g, ""));
  } catch {
    return parsed;
  }
  if (addresses.some((entry) => isPrivateAddress(entry.address))) throw new OutboundRefused("privateAddress");
  return parsed;
}

const refusal = () => Object.assign(new Error("private address"), { code: REFUSED_CODE });

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** net.connect's lookup: the system's, failing when any address is private (DNS rebinding). */
function guardedLookup(hostname: string, options: { all?: boolean }, callback: LookupCallback): void {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    if (addresses.length === 0 || addresses.some((entry) => isPrivateAddress(entry.address))) {
      return callback(refusal(), []);
    }
    if (options.all) return callback(null, addresses);
    const [first] = addresses as [LookupAddress];
    callback(null, first.address, first.family);
  });
}

const connector = buildConnector({ lookup: guardedLookup as never });

/**
 * Connects only to public addresses: a name through guardedLookup, an IP literal (which
 * net.connect does not look up, e.g. a redirect's Location) checked here.
 */
const guardedAgent = new Agent({
  connect: (options, callback) => {
    const host = options.hostname.replace(/^\[|\]$/g, "");
    if (isIP(host) && isPrivateAddress(host)) return callback(refusal(), null);
    return connector(options, callback);
  },
});

export type OutboundInit = NonNullable<Parameters<typeof undiciFetch>[1]>;

/**
 * fetch for a URL that may not reach the server's network: checkOutboundUrl, then the request
 * through the guarded agent (also for each redirect followed). Throws OutboundRefused when
 * refused; any other failure is fetch's own (a TypeError with the cause).
 */
export async function outboundFetch(
  url: string | URL,
  init: OutboundInit,
  privateTargets: PrivateTargets,
): Promise<Response> {
  const parsed = await checkOutboundUrl(url, privateTargets);
  try {
    const response = await undiciFetch(parsed, {
      ...init,
      ...(privateTargets === "deny" ? { dispatcher: guardedAgent } : {}),
    });
    // undici's Response is the one Node's global fetch answers; only their typings differ.
    return response as unknown as Response;
  } catch (error) {
    if ((error as { cause?: { code?: unknown } }).cause?.code === REFUSED_CODE) {
      throw new OutboundRefused("privateAddress");
    }
    throw error;
  }
}
