import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { test } from 'node:test';
import WebSocket from 'ws';
import { perpetualHarness, rid } from './test-support.js';

const h = perpetualHarness();

test('the positions stream: POSITION_OPEN, POSITION_UPDATE and POSITION_CLOSE reach the owner’s socket after commit, in order', async () => {
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const user = await h.trader('2000');
  const socket = new WebSocket(`ws://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/ws/positions?token=${encodeURIComponent(user.token)}`);
  const messages: { action: string; positionId?: string; mode?: string }[] = [];
  // what the database holds when each push arrives: a push is sent only once its change is committed
  const seen: string[] = [];
  socket.on('message', (raw) => {
    const message = JSON.parse(raw.toString()) as { action: string; positionId?: string };
    messages.push(message);
    if (message.positionId && message.action.startsWith('POSITION_')) {
      void h.db.query<{ status: string }>('SELECT status FROM perp_positions WHERE id = $1', [message.positionId]).then(({ rows }) => seen.push(`${message.action}:${rows[0]?.status}`));
    }
  });
  await new Promise((resolve, reject) => socket.on('open', resolve).on('error', reject));
  await sleep(100);
  const positions = () => messages.filter((m) => m.action.startsWith('POSITION_') && m.action !== 'POSITION_ORDER');
  const waitFor = async (n: number) => {
    const deadline = Date.now() + 5000;
    while (positions().length < n && Date.now() < deadline) await sleep(20);
  };

  await h.tick({ bid: '49999', ask: '50001', last: '50000' });
  // a position closed by its take-profit, then one closed by hand
  const tp = (await user.open({ side: 'long', quantity: '0.1', takeProfit: '52000' })).data.position.id;
  await waitFor(1);
  await h.tick({ bid: '52100', ask: '52102', last: '52101' });
  await waitFor(2);
  const manual = (await user.open({ side: 'short', quantity: '0.1' })).data.position.id;
  await waitFor(3);
  await user.post('contract/setTPAndSLPosition', { positionId: manual, takeProfit: '40000', stopLoss: null });
  await waitFor(4);
  await user.post('contract/closePosition', { positionId: manual, requestId: rid() });
  await waitFor(5);
  await sleep(100);
  socket.close();

  assert.deepEqual(positions().map((m) => [m.action, m.positionId, m.mode]), [
    ['POSITION_OPEN', tp, 'real'],
    ['POSITION_CLOSE', tp, 'real'],
    ['POSITION_OPEN', manual, 'real'],
    ['POSITION_UPDATE', manual, 'real'],
    ['POSITION_CLOSE', manual, 'real'],
  ]);
  assert.deepEqual(seen, ['POSITION_OPEN:open', 'POSITION_CLOSE:closed', 'POSITION_OPEN:open', 'POSITION_UPDATE:open', 'POSITION_CLOSE:closed'], 'each push found its change committed');
  assert.ok(messages.some((m) => m.action === 'BALANCE'), 'the balance changes are pushed too');
});
