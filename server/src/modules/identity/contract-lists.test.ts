import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CONTRACTS } from '@meridian/contracts/schemas';
import { VERSION_PATTERN } from '../app-version/version.js';
import { DOCUMENT_TYPES } from './kyc/service.js';

// The contracts cannot import the server, so the lists they repeat are checked here against the server's own.
const schemaOf = (domain: string, name: string) => CONTRACTS.find((c) => c.domain === domain && c.name === name)!.schema;

test('idCard/insert accepts exactly the document types idCard/type lists', () => {
  const body = schemaOf('identity', 'kycSubmit').body as unknown as { properties: { documentType: { enum: string[] } } };
  assert.deepEqual(body.properties.documentType.enum, DOCUMENT_TYPES.map((t) => t.value));
});

test('app-version/get-version takes versionNo in the pattern the configuration checks APP_VERSION with', () => {
  const query = schemaOf('site', 'version').query as unknown as { properties: { versionNo: { pattern: string } } };
  assert.equal(query.properties.versionNo.pattern, VERSION_PATTERN);
});
