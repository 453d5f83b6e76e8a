import assert from 'node:assert/strict';
import { test } from 'node:test';
import { call, registerUser } from '../identity/test-support.js';
import { useC2cApp } from './test-support.js';

const { env, people } = useC2cApp();

test('asset/api/asset/* answers as the account/* calls do, from the one wallet service', async () => {
  const user = await registerUser(env.app, env.db);
  const token = user.token;
  await people.fund(user.uid, '500');
  assert.deepEqual((await call(env.app, 'POST', 'asset/list', { token })).data, (await call(env.app, 'POST', 'account/list', { token })).data);
  assert.deepEqual((await call(env.app, 'POST', 'asset/amount', { token })).data, (await call(env.app, 'GET', 'account/userAssetData', { token })).data);
  assert.deepEqual((await call(env.app, 'GET', 'asset/config')).data, (await call(env.app, 'GET', 'currency/getListCurrency')).data);
  assert.deepEqual((await call(env.app, 'GET', 'asset/findByAsset?asset=USDT', { token })).data, { wallet: 'platform', asset: 'USDT', available: '500' });

  const moved = await call(env.app, 'POST', 'asset/transfer', { token, body: { fromWallet: 'platform', toWallet: 'contract', asset: 'USDT', amount: '120', requestId: 'asset-transfer-1' } });
  assert.equal(moved.code, 0, moved.msg);
  // accountType default 3: the contract wallet
  assert.deepEqual((await call(env.app, 'GET', 'asset/amountForex', { token })).data, { wallet: 'contract', asset: 'USDT', available: '120' });
  assert.deepEqual((await call(env.app, 'GET', 'asset/amountByAccountByType?accountType=1&asset=USDT', { token })).data, { wallet: 'platform', asset: 'USDT', available: '380' });
  const history = (await call(env.app, 'GET', 'asset/getHistoryTransfer', { token })).data;
  assert.deepEqual(history, (await call(env.app, 'GET', 'account/getTransferLog', { token })).data);
  assert.equal(history.total, 1);
  assert.equal((await call(env.app, 'GET', 'asset/amountByAccountByType?accountType=9', { token })).reason, 'unknownWallet');
});
