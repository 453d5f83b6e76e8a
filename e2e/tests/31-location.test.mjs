// The first document's system pages against the built platform: /choose-location lists the countries and regions
// (searchable), keeps the choice and goes back to /open-location, which shows it with a link to the map; a reload
// of either gets the app. Phone in German, desktop in Japanese, with screenshots.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { screenshot, useHarness } from '../harness.mjs';

const h = useHarness({ env: { MOBILE_ONLY: 'false' } });

test('phone (German): search, choose Japan, see it on /open-location after a reload, with its map link', () =>
  h.withPage({ viewport: 'phone', name: 'location-phone' }, async (page) => {
    await page.addInitScript(() => localStorage.setItem('lang', '"ge"'));
    await page.goto('/choose-location?back=/open-location');
    await page.getByRole('heading', { level: 1, name: 'Land oder Region wählen' }).waitFor();
    await page.getByRole('searchbox', { name: 'Nach Name, Code oder Vorwahl suchen' }).fill('+81');
    const japan = page.getByTestId('location-list').getByRole('button').first();
    await japan.waitFor();
    assert.match((await japan.textContent()) ?? '', /JP · \+81/);
    await screenshot(page, 'phone-choose-location-ge');
    await japan.click();
    await page.waitForURL('**/open-location');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Ihr Standort' }).waitFor();
    await page.getByText('Ihre Wahl').waitFor();
    assert.match((await page.getByTestId('location-place').textContent()) ?? '', /\(JP · \+81\)/);
    assert.match((await page.getByRole('link', { name: 'Auf einer Karte öffnen' }).getAttribute('href')) ?? '', /^https:\/\/www\.openstreetmap\.org\/search\?query=/);
    await screenshot(page, 'phone-open-location-ge');
  }));

test('desktop (Japanese): before any choice /open-location shows the located place and offers to choose', () =>
  h.withPage({ viewport: 'desktop', name: 'location-desktop' }, async (page) => {
    await page.addInitScript(() => localStorage.setItem('lang', '"jp"'));
    await page.goto('/open-location');
    await page.getByRole('heading', { level: 1, name: '現在の地域' }).waitFor();
    await page.getByText('接続から推定（まだ選択していません）').waitFor();
    await page.getByRole('link', { name: '別の地域を選ぶ' }).click();
    await page.getByRole('heading', { level: 1, name: '国・地域を選択' }).waitFor();
    await page.getByTestId('location-list').waitFor();
    await screenshot(page, 'desktop-choose-location-jp');
  }));
