// What TRUST_PROXY means: whose X-Forwarded-For the server believes, and so which address the rate
// limits key on. A client can send any X-Forwarded-For it likes; only the entries added by our own
// proxies may be believed, or a random header would give every request a fresh rate-limit key.
import { addressRanges, inRanges } from './address-ranges.ts';

export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

// Where a reverse proxy of this site can sit: this machine or a private network.
const proxyNetworks = addressRanges(
  [
    ['127.0.0.0', 8],
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['169.254.0.0', 16],
  ],
  [
    ['::1', 128],
    ['fc00::', 7],
    ['fe80::', 10],
  ],
);

/** Whether `address` is where our proxy can sit (IPv4-mapped IPv6 included). */
export const isProxyNetworkAddress = (address: string) => inRanges(proxyNetworks, address);

/**
 * `false`: no proxy, X-Forwarded-* ignored. `true`: exactly one proxy, the nearest, and only when
 * it connects from this machine or a private network — the client is the last address it added;
 * a peer on a public address is taken as the client itself. A number N: N proxy hops (whatever
 * their addresses). Otherwise a comma-separated list of the proxies' addresses or CIDRs.
 */
export function parseTrustProxy(value: string): TrustProxy {
  if (value === 'false') return false;
  if (value === 'true') return (address, hop) => hop === 0 && isProxyNetworkAddress(address);
  if (/^\d+$/.test(value)) return (_address, hop) => hop < Number(value);
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
