// An author's own test of their server with node:test and toolscope/testing
// (docs/test.md#your-own-tests-toolscopetesting). Run: SERVER_URL=http://127.0.0.1:3000/mcp node --test
// Written for Toolscope's demo shop; the package's tests run this very file against the demo.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openServer } from 'toolscope/testing';

let server;
before(async () => {
  server = await openServer(process.env.SERVER_URL ?? 'http://127.0.0.1:3000/mcp', { allowWrites: true });
});
after(() => server?.close());

test('a basket takes a cable', async () => {
  const basket = await server.call('create_basket');
  assert.equal(basket.outcome, 'ok', basket.message);
  const added = await server.call('add_item', {
    basket_id: basket.structuredContent.basket_id,
    product_id: 'prd_cab_001',
    quantity: Number(process.env.QUANTITY ?? 2),
  });
  assert.equal(added.outcome, 'ok', added.message);
  assert.equal(added.structuredContent.lines[0].quantity, 2);
});

test('an unknown basket is the tool’s own error, said plainly', async () => {
  const missing = await server.call('get_basket', { basket_id: 'bsk_nothing_here_0' });
  assert.equal(missing.outcome, 'tool-error');
  assert.match(missing.text, /No basket with id bsk_nothing_here_0/);
});
