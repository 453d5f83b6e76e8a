import { createHash, createHmac, randomBytes } from 'node:crypto';
import { CHAINS } from '../wallet/currencies.js';

/*
 * Addresses in each chain's real format, both ways: deposit addresses are rendered from derived bytes so they look
 * and check like the chain's own, and saved withdrawal addresses are checked beyond CHAINS[chain].address by their
 * checksum where the format has one, so a mistyped character is refused before money leaves. EVM addresses are
 * the exception: their mixed-case checksum (EIP-55) needs keccak-256, which node:crypto lacks, so they are checked
 * by shape only (an all-lowercase address carries no checksum anyway).
 */

const BTC_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const XRP_ALPHABET = 'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz';
const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const EOS_CHARSET = 'abcdefghijklmnopqrstuvwxyz12345';

const sha256 = (data: Uint8Array): Buffer => createHash('sha256').update(data).digest();

export function base58Encode(bytes: Uint8Array, alphabet = BTC_ALPHABET): string {
  let n = 0n;
  for (const byte of bytes) n = n * 256n + BigInt(byte);
  let out = '';
  while (n > 0n) {
    out = alphabet[Number(n % 58n)]! + out;
    n /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = alphabet[0]! + out;
  }
  return out;
}

export function base58Decode(text: string, alphabet = BTC_ALPHABET): Buffer | undefined {
  let n = 0n;
  for (const char of text) {
    const digit = alphabet.indexOf(char);
    if (digit < 0) return undefined;
    n = n * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (n > 0n) {
    bytes.unshift(Number(n % 256n));
    n /= 256n;
  }
  for (const char of text) {
    if (char !== alphabet[0]) break;
    bytes.unshift(0);
  }
  return Buffer.from(bytes);
}

function base58Check(version: number[], payload: Uint8Array, alphabet = BTC_ALPHABET): string {
  const body = Buffer.concat([Buffer.from(version), payload]);
  return base58Encode(Buffer.concat([body, sha256(sha256(body)).subarray(0, 4)]), alphabet);
}

/** The version bytes and payload of a base58check string whose checksum holds, or undefined. */
function base58CheckDecode(text: string, alphabet = BTC_ALPHABET): Buffer | undefined {
  const raw = base58Decode(text, alphabet);
  if (!raw || raw.length < 5) return undefined;
  const body = raw.subarray(0, raw.length - 4);
  return sha256(sha256(body)).subarray(0, 4).equals(raw.subarray(raw.length - 4)) ? body : undefined;
}

function convertBits(data: ArrayLike<number>, from: number, to: number, pad: boolean): number[] | undefined {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  const max = (1 << to) - 1;
  for (let i = 0; i < data.length; i += 1) {
    const value = data[i]!;
    if (value < 0 || value >> from !== 0) return undefined;
    acc = (acc << from) | value;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >> bits) & max);
    }
    acc &= (1 << bits) - 1;
  }
  if (pad) {
    if (bits > 0) out.push((acc << (to - bits)) & max);
  } else if (bits >= from || ((acc << (to - bits)) & max) !== 0) {
    return undefined;
  }
  return out;
}

// BIP173 (bech32, witness version 0) and BIP350 (bech32m, versions 1-16).
const BECH32 = 1;
const BECH32M = 0x2bc830a3;

function bech32Polymod(values: number[]): number {
  const generator = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let check = 1;
  for (const value of values) {
    const top = check >>> 25;
    check = ((check & 0x1ffffff) << 5) ^ value;
    for (let i = 0; i < 5; i += 1) if ((top >>> i) & 1) check ^= generator[i]!;
  }
  return check;
}

const hrpExpand = (hrp: string): number[] => [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31)];

export function segwitEncode(hrp: string, version: number, program: Uint8Array): string {
  const data = [version, ...convertBits(program, 8, 5, true)!];
  const mod = bech32Polymod([...hrpExpand(hrp), ...data, 0, 0, 0, 0, 0, 0]) ^ (version === 0 ? BECH32 : BECH32M);
  const checksum = Array.from({ length: 6 }, (_, i) => (mod >>> (5 * (5 - i))) & 31);
  return `${hrp}1${[...data, ...checksum].map((d) => BECH32_CHARSET[d]).join('')}`;
}

/** Whether text is a valid segwit address (any witness version, right checksum variant) of the given prefix. */
export function isSegwit(hrp: string, text: string): boolean {
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) return false;
  const lower = text.toLowerCase();
  const split = lower.lastIndexOf('1');
  if (lower.slice(0, split) !== hrp || lower.length > 90) return false;
  const data = [...lower.slice(split + 1)].map((c) => BECH32_CHARSET.indexOf(c));
  if (data.length < 7 || data.some((d) => d < 0)) return false;
  const version = data[0]!;
  if (version > 16) return false;
  if (bech32Polymod([...hrpExpand(hrp), ...data]) !== (version === 0 ? BECH32 : BECH32M)) return false;
  const program = convertBits(data.slice(1, -6), 5, 8, false);
  if (!program || program.length < 2 || program.length > 40) return false;
  return version !== 0 || program.length === 20 || program.length === 32;
}

// CashAddr (Bitcoin Cash): 40-bit checksum over the prefix and the payload.
const CASH_PREFIX = 'bitcoincash';

function cashPolymod(values: number[]): bigint {
  const generator = [0x98f2bc8e61n, 0x79b76d99e2n, 0xf33e5fb3c4n, 0xae2eabe2a8n, 0x1e4f43e470n];
  let check = 1n;
  for (const value of values) {
    const top = check >> 35n;
    check = ((check & 0x07ffffffffn) << 5n) ^ BigInt(value);
    for (let i = 0; i < 5; i += 1) if ((top >> BigInt(i)) & 1n) check ^= generator[i]!;
  }
  return check ^ 1n;
}

const cashPrefix = (): number[] => [...[...CASH_PREFIX].map((c) => c.charCodeAt(0) & 31), 0];

/** A P2PKH CashAddr ("bitcoincash:q…") of a 20-byte hash. */
export function cashAddrEncode(hash: Uint8Array): string {
  const payload = convertBits([0, ...hash], 8, 5, true)!;
  const mod = cashPolymod([...cashPrefix(), ...payload, 0, 0, 0, 0, 0, 0, 0, 0]);
  const checksum = Array.from({ length: 8 }, (_, i) => Number((mod >> BigInt(5 * (7 - i))) & 31n));
  return `${CASH_PREFIX}:${[...payload, ...checksum].map((d) => BECH32_CHARSET[d]).join('')}`;
}

function isCashAddr(text: string): boolean {
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) return false;
  const body = text.toLowerCase().replace(`${CASH_PREFIX}:`, '');
  const data = [...body].map((c) => BECH32_CHARSET.indexOf(c));
  return data.length === 42 && !data.some((d) => d < 0) && cashPolymod([...cashPrefix(), ...data]) === 0n;
}

// SS58 (Polkadot, network prefix 0): 32-byte key plus 2 bytes of blake2b-512("SS58PRE" ‖ prefix ‖ key).
const ss58Checksum = (body: Uint8Array): Buffer =>
  createHash('blake2b512').update(Buffer.concat([Buffer.from('SS58PRE'), body])).digest().subarray(0, 2);

function ss58Encode(key: Uint8Array): string {
  const body = Buffer.concat([Buffer.from([0]), key]);
  return base58Encode(Buffer.concat([body, ss58Checksum(body)]));
}

function isSs58(text: string): boolean {
  const raw = base58Decode(text);
  if (!raw || raw.length !== 35 || raw[0] !== 0) return false;
  return ss58Checksum(raw.subarray(0, 33)).equals(raw.subarray(33));
}

const hasVersion = (text: string, versions: number[], length: number, alphabet = BTC_ALPHABET): boolean => {
  const body = base58CheckDecode(text, alphabet);
  return !!body && body.length === length + 1 && versions.includes(body[0]!);
};

/** How each chain's addresses are made from 32 derived bytes, and checked beyond the shape CHAINS gives. */
const FORMATS: Record<string, { render(bytes: Buffer): string; check(address: string): boolean }> = {
  BTC: {
    render: (b) => segwitEncode('bc', 0, b.subarray(0, 20)),
    // P2PKH (0x00), P2SH (0x05), or segwit v0/v1+.
    check: (a) => (/^bc1/i.test(a) ? isSegwit('bc', a) : hasVersion(a, [0x00, 0x05], 20)),
  },
  LTC: {
    render: (b) => segwitEncode('ltc', 0, b.subarray(0, 20)),
    check: (a) => (/^ltc1/i.test(a) ? isSegwit('ltc', a) : hasVersion(a, [0x30, 0x32, 0x05], 20)),
  },
  BCH: {
    render: (b) => cashAddrEncode(b.subarray(0, 20)),
    check: (a) => (/^[13]/.test(a) ? hasVersion(a, [0x00, 0x05], 20) : isCashAddr(a)),
  },
  DOGE: { render: (b) => base58Check([0x1e], b.subarray(0, 20)), check: (a) => hasVersion(a, [0x1e, 0x16], 20) },
  TRC20: { render: (b) => base58Check([0x41], b.subarray(0, 20)), check: (a) => hasVersion(a, [0x41], 20) },
  NEO: { render: (b) => base58Check([0x35], b.subarray(0, 20)), check: (a) => hasVersion(a, [0x35], 20) },
  XRP: { render: (b) => base58Check([0x00], b.subarray(0, 20), XRP_ALPHABET), check: (a) => hasVersion(a, [0x00], 20, XRP_ALPHABET) },
  ERC20: { render: (b) => `0x${b.subarray(0, 20).toString('hex')}`, check: () => true },
  BEP20: { render: (b) => `0x${b.subarray(0, 20).toString('hex')}`, check: () => true },
  AVAXC: { render: (b) => `0x${b.subarray(0, 20).toString('hex')}`, check: () => true },
  SOL: { render: (b) => base58Encode(b), check: (a) => base58Decode(a)?.length === 32 },
  DOT: { render: (b) => ss58Encode(b), check: isSs58 },
  // An account name (real EOS deposits often share one account with a memo; one name per user is simpler).
  EOS: { render: (b) => Array.from(b.subarray(0, 12), (byte) => EOS_CHARSET[byte % EOS_CHARSET.length]).join(''), check: () => true },
};

/** The address of 32 bytes in the chain's format. */
export function renderAddress(chain: string, bytes: Buffer): string {
  const format = FORMATS[chain];
  if (!format || bytes.length < 32) throw new Error(`no address format for chain ${chain}`);
  return format.render(bytes);
}

/** The deposit address of a user for a coin on a chain: stable for a given secret, unguessable without it. */
export function deriveDepositAddress(secret: string, userId: string, asset: string, chain: string): string {
  return renderAddress(chain, createHmac('sha256', secret).update(`${userId}|${asset}|${chain}`).digest());
}

/** Whether the address is one of the chain's: its shape (CHAINS[chain].address) and, where it has one, its checksum. */
export function isChainAddress(chain: string, address: string): boolean {
  const spec = CHAINS[chain];
  const format = FORMATS[chain];
  return !!spec && !!format && spec.address.test(address) && format.check(address);
}

/**
 * The form two spellings of one address share, for duplicate checks and lookups: hex and bech32-family addresses
 * are case-insensitive, and a CashAddr may come with or without its prefix.
 */
export function addressKey(chain: string, address: string): string {
  const trimmed = address.trim();
  if (/^0x/i.test(trimmed) || /^(bc1|ltc1)/i.test(trimmed)) return trimmed.toLowerCase();
  if (chain === 'BCH' && !/^[13]/.test(trimmed)) return trimmed.toLowerCase().replace(`${CASH_PREFIX}:`, '');
  return trimmed;
}

/** A fresh transaction hash of the simulated chain, spelt as the chain does (EVM chains prefix 0x). */
export function simulatedTxHash(chain: string): string {
  const hex = randomBytes(32).toString('hex');
  return ['ERC20', 'BEP20', 'AVAXC'].includes(chain) ? `0x${hex}` : hex;
}
