import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runCommand } from '../../ops/all-commands.js';
import { useC2cApp } from '../c2c/test-support.js';
import { call, registerUser } from '../identity/test-support.js';
import { receiveChainTransfer } from './service.js';

const { env, time, people } = useC2cApp();

test('chains and coins are public', async () => {
  const chains = (await call(env.app, 'GET', 'userrechange/getMainChainNames')).data;
  assert.ok(chains.some((c: { id: string }) => c.id === 'TRC20'));
  const coins = (await call(env.app, 'GET', 'userrechange/recharge-coin')).data;
  assert.deepEqual(coins.find((c: { asset: string }) => c.asset === 'USDT').chains, ['TRC20', 'ERC20', 'BEP20']);
});

test('labelled addresses per chain: several, relabelled, removed without losing deposits sent to them', async () => {
  const user = await registerUser(env.app, env.db);
  const token = user.token;
  const first = (await call(env.app, 'GET', 'userrechange/get-addresses?asset=USDT&chain=TRC20', { token })).data;
  assert.equal(first.length, 1);
  assert.equal(first[0].primary, true);
  const primary = (await call(env.app, 'GET', 'userrechange/deposit-address-new?asset=usdt&chain=trc20', { token })).data;
  assert.equal(first[0].address, primary.address);
  const savings = (await call(env.app, 'POST', 'userrechange/create-address', { token, body: { asset: 'USDT', chain: 'TRC20', label: 'Savings' } })).data;
  const trading = (await call(env.app, 'POST', 'userrechange/create-address', { token, body: { asset: 'USDT', chain: 'TRC20', label: 'Trading' } })).data;
  assert.notEqual(savings.address, trading.address);
  assert.notEqual(savings.address, primary.address);
  assert.equal((await call(env.app, 'POST', 'userrechange/update-address', { token, body: { id: savings.id, label: 'Cold' } })).data.label, 'Cold');
  assert.equal((await call(env.app, 'POST', 'userrechange/delete-address', { token, body: { id: first[0].id } })).reason, 'invalidRequest');
  assert.equal((await call(env.app, 'POST', 'userrechange/delete-address', { token, body: { id: savings.id } })).code, 0);
  const listed = (await call(env.app, 'GET', 'userrechange/get-addresses?asset=USDT', { token })).data;
  assert.deepEqual(listed.map((a: { label: string }) => a.label), ['', 'Trading']);
  // a transfer to the removed address still finds its owner
  const { deposit } = await receiveChainTransfer(env.db, { confirmations: 1 }, { address: savings.address, asset: 'USDT', chain: 'TRC20', amount: '25' }, time.clock());
  assert.equal(deposit.amount, '25');
  const other = await registerUser(env.app, env.db);
  assert.equal((await call(env.app, 'POST', 'userrechange/update-address', { token: other.token, body: { id: trading.id, label: 'mine' } })).reason, 'notFound');
  assert.equal((await call(env.app, 'GET', 'userrechange/get-addresses', { token, headers: { usertype: 'demo' } })).reason, 'depositRealOnly');
});

test('a deposit report credits nothing until an operator confirms it, once; a rejected one moves nothing', async () => {
  const user = await registerUser(env.app, env.db);
  const report = (await call(env.app, 'POST', 'userrechange/insert', { token: user.token, body: { asset: 'USDT', chain: 'TRC20', txHash: 'abc123def456', amount: '40' } })).data;
  assert.equal(report.status, 'pending');
  assert.equal((await call(env.app, 'POST', 'userrechange/insert', { token: user.token, body: { asset: 'USDT', chain: 'TRC20', txHash: 'abc123def456', amount: '40' } })).reason, 'depositReportExists');
  assert.equal(await people.balance(user.uid), '0');
  await runCommand(['deposit:report-confirm', report.id], people.ops());
  await assert.rejects(runCommand(['deposit:report-confirm', report.id], people.ops()), /already confirmed/);
  assert.equal(await people.balance(user.uid), '40');
  const second = (await call(env.app, 'POST', 'userrechange/insert', { token: user.token, body: { asset: 'USDT', chain: 'TRC20', txHash: 'zzz999yyy888', amount: '10' } })).data;
  await runCommand(['deposit:report-reject', second.id, 'No', 'such', 'transfer'], people.ops());
  assert.equal(await people.balance(user.uid), '40');
  // the user sees their reports, newest first, with what staff decided; nobody else's
  const mine = (await call(env.app, 'GET', 'userrechange/reports', { token: user.token })).data;
  assert.deepEqual(mine.map((r: { id: string; status: string; reason: string }) => [r.id, r.status, r.reason]), [[second.id, 'rejected', 'No such transfer'], [report.id, 'confirmed', '']]);
  const other = await people.verified();
  assert.deepEqual((await call(env.app, 'GET', 'userrechange/reports', { token: other.token })).data, []);
});
