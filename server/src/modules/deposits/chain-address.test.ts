import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CHAINS } from '../wallet/currencies.js';
import { addressKey, base58Decode, cashAddrEncode, deriveDepositAddress, isChainAddress, segwitEncode } from './chain-address.js';

test('encoders reproduce the published vectors (BIP173, CashAddr)', () => {
  assert.equal(segwitEncode('bc', 0, Buffer.from('751e76e8199196d454941c45d1b3a323f1433bd6', 'hex')), 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
  assert.equal(cashAddrEncode(Buffer.from('76a04053bda0a88bda5177b86a15c3b29f559873', 'hex')), 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a');
  // The same key as a generic substrate address (prefix 42) and as Polkadot's (prefix 0) below.
  assert.equal(base58Decode('5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY')!.subarray(1, 33).toString('hex'), 'd43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d');
});

const VALID: Record<string, string[]> = {
  BTC: [
    '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu',
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
  ],
  ERC20: ['0x52908400098527886E0F7030069857D2E4169EE7', '0xde709f2102306220921060314715629080e2fb77', '0x0000000000000000000000000000000000000000'],
  TRC20: ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
  BCH: ['bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a', 'qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a', '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu'],
  XRP: ['rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh'],
  DOT: ['15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5'],
  SOL: ['So11111111111111111111111111111111111111112'],
};

const INVALID: Record<string, string[]> = {
  BTC: [
    '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggv', // one character changed: checksum fails
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5',
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3T4', // mixed case
    'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', // testnet
    '0x52908400098527886E0F7030069857D2E4169EE7',
    'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    '',
  ],
  ERC20: ['0x52908400098527886E0F7030069857D2E4169EE', '52908400098527886E0F7030069857D2E4169EE7', '0xZZ908400098527886E0F7030069857D2E4169EE7', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
  TRC20: ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', 'AR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu', '0x52908400098527886E0F7030069857D2E4169EE7'],
  BCH: ['bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6b'],
  DOT: ['15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp6'],
};

test('withdrawal addresses: real samples pass their chain, typos and other chains fail', () => {
  for (const [chain, samples] of Object.entries(VALID)) for (const a of samples) assert.equal(isChainAddress(chain, a), true, `${chain} ${a}`);
  for (const [chain, samples] of Object.entries(INVALID)) for (const a of samples) assert.equal(isChainAddress(chain, a), false, `${chain} ${a}`);
  assert.equal(isChainAddress('NOPE', '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu'), false);
});

test('derived deposit addresses: every chain in its own format, stable, distinct per user, coin, chain and secret', () => {
  for (const chain of Object.keys(CHAINS)) {
    const address = deriveDepositAddress('secret-one-0123456789', '100001', 'USDT', chain);
    assert.equal(isChainAddress(chain, address), true, `${chain} ${address}`);
    assert.equal(deriveDepositAddress('secret-one-0123456789', '100001', 'USDT', chain), address);
    assert.notEqual(deriveDepositAddress('secret-one-0123456789', '100002', 'USDT', chain), address);
    assert.notEqual(deriveDepositAddress('secret-one-0123456789', '100001', 'ETH', chain), address);
    assert.notEqual(deriveDepositAddress('secret-two-0123456789', '100001', 'USDT', chain), address);
  }
  assert.match(deriveDepositAddress('s', '1', 'BTC', 'BTC'), /^bc1q/);
  assert.match(deriveDepositAddress('s', '1', 'USDT', 'TRC20'), /^T/);
  assert.match(deriveDepositAddress('s', '1', 'USDT', 'ERC20'), /^0x[0-9a-f]{40}$/);
  assert.notEqual(deriveDepositAddress('s', '1', 'USDT', 'ERC20'), deriveDepositAddress('s', '1', 'USDT', 'BEP20'));
});

test('one address, two spellings, one key', () => {
  assert.equal(addressKey('ERC20', '0x52908400098527886E0F7030069857D2E4169EE7'), addressKey('ERC20', '0x52908400098527886e0f7030069857d2e4169ee7'));
  assert.equal(addressKey('BCH', 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a'), addressKey('BCH', 'qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a'));
  assert.notEqual(addressKey('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'), addressKey('TRC20', 'tr7nhqjekqxgtci8q8zy4pl8otszgjlj6t'));
});
