import { BlockList, isIP } from 'node:net';

/** The ranges TRUSTED_PROXIES may name instead of writing them out. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** A proxy on the same machine or the private network, as docs/operations.md sets one up. */
export const DEFAULT_TRUSTED_PROXIES = 'loopback, private';

/**
 * The addresses a proxy may connect from (TRUSTED_PROXIES: addresses, subnets such as
 * 10.0.0.0/8, or `loopback` and `private`). An entry that is none of these stops the start: a
 * typo would otherwise trust nobody, or everybody.
 */
export function trustedProxies(list: string): BlockList {
  const block = new BlockList();
  const entries = list
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries.flatMap((name) => NAMED_RANGES[name] ?? [name])) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address);
    const type = family === 6 ? 'ipv6' : 'ipv4';
    const prefix = Number(bits);
    if (
      !family ||
      (bits !== undefined && !(Number.isInteger(prefix) && prefix >= 0 && prefix <= (family === 6 ? 128 : 32)))
    ) {
      throw new Error(`TRUSTED_PROXIES: "${entry}" is not an address, a subnet (10.0.0.0/8), loopback or private`);
    }
    if (bits === undefined) block.addAddress(address, type);
    else block.addSubnet(address, prefix, type);
  }
  return block;
}

/** Whether `address` (an IPv4-mapped IPv6 address read as its IPv4) is one a proxy may connect from. */
export function isTrustedProxy(proxies: BlockList, address: string): boolean {
  const plain = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;
  const family = isIP(plain);
  return family !== 0 && proxies.check(plain, family === 6 ? 'ipv6' : 'ipv4');
}
