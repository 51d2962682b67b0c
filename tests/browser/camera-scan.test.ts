import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueTag } from '../support/api.ts';
import { DEMO_LOGIN } from '../../worker/src/demo/login.ts';
import { browserTestsCanRun, expectAccessible, launchBrowser, showsScreen, startApp, takeShots, type RunningApp } from '../support/browser.ts';

const PHONE = { width: 390, height: 844 };
/** Each test starts a browser of its own, with its own camera: on a busy machine that is slow. */
const SLOW = 150_000;
const SHOTS_DIR = process.env.SHOTS_DIR || '/tmp/shots-tests';

/** Twelve random digits and their check digit (or, with `wrongCheck`, a digit one off from it). */
function ean13(wrongCheck = false): string {
  const body = `2${Array.from({ length: 11 }, () => Math.floor(Math.random() * 10)).join('')}`;
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(body[i]) * (i % 2 ? 3 : 1);
  const check = (10 - (sum % 10)) % 10;
  return `${body}${wrongCheck ? (check + 1) % 10 : check}`;
}

const L_CODES = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011'];
const G_CODES = L_CODES.map((code) => [...code].map((bit) => (bit === '1' ? '0' : '1')).reverse().join(''));
const R_CODES = L_CODES.map((code) => [...code].map((bit) => (bit === '1' ? '0' : '1')).join(''));
const PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLL', 'LGLLGL', 'LGGLGL'];

/** An EAN-13's 95 modules, 1 for a bar: guard, six digits by the first digit's parity, centre guard, six digits, guard. */
function ean13Modules(code: string): string {
  const digits = [...code].map(Number);
  const left = digits.slice(1, 7).map((digit, i) => (PARITY[digits[0]][i] === 'L' ? L_CODES : G_CODES)[digit]);
  const right = digits.slice(7).map((digit) => R_CODES[digit]);
  return `101${left.join('')}01010${right.join('')}101`;
}

/**
 * A one-frame Y4M video (what Chromium's fake camera plays, over and over) of the barcode, black on
 * white, 5 pixels a module, with wide quiet zones either side.
 */
function barcodeVideo(code: string): Buffer {
  const width = 640;
  const height = 480;
  const modules = ean13Modules(code);
  const moduleWidth = 5;
  const left = Math.floor((width - modules.length * moduleWidth) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 120; y < 360; y += 1) {
    for (let m = 0; m < modules.length; m += 1) {
      if (modules[m] === '1') luma.fill(16, y * width + left + m * moduleWidth, y * width + left + (m + 1) * moduleWidth);
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\nFRAME\n`), luma, chroma]);
}

/**
 * Chromium whose camera films `code`. The camera is granted without a prompt; with `refused`, the
 * prompt is left for the browser, and a headless one answers no.
 */
function browserFilming(dir: string, code: string, refused = false): Promise<Browser> {
  const file = join(dir, `${code}.y4m`);
  writeFileSync(file, barcodeVideo(code));
  const camera = ['--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${file}`];
  return launchBrowser(refused ? camera : ['--use-fake-ui-for-media-stream', ...camera]);
}

/**
 * Keeps every camera stream the page is given, so the test can see whether their tracks were
 * stopped; and takes away the browser's own barcode reader if it has one (Chromium on Linux has
 * none), so the scanner reads with the library it loads.
 */
async function watchCamera(page: Page) {
  await page.addInitScript(() => {
    const owner = window as unknown as { cameraStreams: MediaStream[]; BarcodeDetector?: unknown };
    delete owner.BarcodeDetector;
    owner.cameraStreams = [];
    const devices = navigator.mediaDevices;
    const open = devices.getUserMedia.bind(devices);
    devices.getUserMedia = async (constraints) => {
      const stream = await open(constraints);
      owner.cameraStreams.push(stream);
      return stream;
    };
  });
}

const liveTracks = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams.flatMap((stream) => stream.getTracks()).filter((track) => track.readyState === 'live').length,
  );
const streamsOpened = (page: Page) => page.evaluate(() => (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams.length);

/** With SHOTS=1, the phone's screen as it is (an open dialog included), or with `fullPage` the whole page. */
async function phoneShot(page: Page, name: string, fullPage = false) {
  if (process.env.SHOTS !== '1') return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: join(SHOTS_DIR, `${name}-${PHONE.width}x${PHONE.height}.png`), fullPage });
}

describe.skipIf(!browserTestsCanRun())('scanning a barcode with a phone\'s camera', () => {
  let app: RunningApp;
  const browsers: Browser[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'wheelhouse-camera-'));

  /** The demo administrator on a phone whose camera films `code`, on a new sale. */
  const newSaleOnPhone = async (code: string, refused = false) => {
    const browser = await browserFilming(dir, code, refused);
    browsers.push(browser);
    const page = await browser.newPage({ viewport: PHONE });
    await watchCamera(page);
    await page.goto(`${app.url}/login`);
    await page.getByLabel('Email').fill(DEMO_LOGIN.email);
    await page.getByLabel('Password').fill(DEMO_LOGIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${app.url}/sales/create`);
    await showsScreen(page, 'New Sale');
    return { page, scripts, form: page.getByRole('form', { name: 'New Sale' }) };
  };

  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await Promise.all(browsers.map((browser) => browser.close()));
    await app?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('adds the product whose barcode the camera sees to the sale, loading the reader only when Scan is tapped', async () => {
    const code = ean13();
    const { page, scripts, form } = await newSaleOnPhone(code);
    const token = (await page.evaluate(() => localStorage.getItem('auth_token')))!;
    const api = async (method: string, path: string, body?: unknown) => {
      const answer = await fetch(`${app.url}/api/${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: answer.status, body: await answer.json() };
    };
    const name = `Valve caps ${uniqueTag()}`;
    const location = (await api('GET', 'locations?per_page=1')).body.data[0].id;
    const created = await api('POST', 'inventories', { name, category: 'parts', current_stock: 5, unit_price: 4, cost_price: 1, location_id: location, barcode: code });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    const scan = form.getByRole('button', { name: 'Scan a barcode for Quick add' });
    await scan.waitFor();
    await takeShots(page, 'camera-scan-sale-form');
    await page.setViewportSize(PHONE);
    expect(scripts.filter((script) => script.includes('barcodeLibrary'))).toEqual([]);

    await scan.click();
    const quantity = form.getByRole('spinbutton', { name: `Quantity of ${name}` });
    await quantity.waitFor();
    expect(await quantity.inputValue()).toBe('1');
    expect(scripts.filter((script) => script.includes('barcodeLibrary'))).toHaveLength(1);
    expect(await page.getByRole('dialog', { name: 'Scan a barcode' }).count()).toBe(0);
    expect(await streamsOpened(page)).toBe(1);
    expect(await liveTracks(page)).toBe(0);
    expect(await form.getByRole('combobox', { name: 'Quick add' }).inputValue()).toBe('');
    expect(new URL(page.url()).pathname).toBe('/sales/create');
    await phoneShot(page, 'camera-scan-added', true);
  }, SLOW);

  it('finds the product the camera sees in a stock count, ready for its number', async () => {
    const code = ean13();
    const { page } = await newSaleOnPhone(code);
    const token = (await page.evaluate(() => localStorage.getItem('auth_token')))!;
    const api = async (method: string, path: string, body?: unknown) => {
      const answer = await fetch(`${app.url}/api/${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: answer.status, body: await answer.json() };
    };
    const name = `Wheel weights ${uniqueTag()}`;
    const location = (await api('GET', 'locations?per_page=1')).body.data[0].id;
    const product = await api('POST', 'inventories', { name, category: 'parts', current_stock: 7, unit_price: 4, cost_price: 1, location_id: location, barcode: code });
    expect(product.status, JSON.stringify(product.body)).toBe(201);
    const count = await api('POST', 'stock-counts', { location_id: location, scope: { kind: 'item' } });
    expect(count.status, JSON.stringify(count.body)).toBe(201);

    await page.goto(`${app.url}/stock-counts/${count.body.data.id}`);
    await page.getByRole('button', { name: 'Scan a barcode to count' }).click();
    const quantity = page.getByRole('spinbutton', { name: `How many of ${name}?` });
    await quantity.waitFor();
    expect(await liveTracks(page)).toBe(0);
    await quantity.fill('6');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: `Saved: ${name} — 6` }).waitFor();
    await phoneShot(page, 'camera-scan-count');
    const lines = await api('GET', `stock-counts/${count.body.data.id}/lines?search=${code}`);
    expect(lines.body.data.map((line: { counted: number; expected: number }) => [line.counted, line.expected])).toEqual([[6, 7]]);
    expect((await api('POST', `stock-counts/${count.body.data.id}/cancel`)).status).toBe(200);
  }, SLOW);

  it('reads nothing whose check digit is wrong, and Cancel or Escape closes the scanner with the camera off', async () => {
    const { page, form } = await newSaleOnPhone(ean13(true));
    const dialog = page.getByRole('dialog', { name: 'Scan a barcode' });

    await form.getByRole('button', { name: 'Scan a barcode for Quick add' }).click();
    await dialog.getByText('Hold the barcode level inside the frame').waitFor();
    await expect.poll(() => dialog.locator('video').evaluate((video: HTMLVideoElement) => video.videoWidth)).toBe(640);
    expect(await liveTracks(page)).toBe(1);
    // Some two seconds of frames of a barcode whose check digit is wrong: the scanner stays open, the box empty.
    await page.waitForTimeout(2_000);
    expect(await dialog.isVisible()).toBe(true);
    await expectAccessible(page, 'the open scanner');
    await phoneShot(page, 'camera-scan-open');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await liveTracks(page)).toBe(0);
    expect(await form.getByRole('combobox', { name: 'Quick add' }).inputValue()).toBe('');
    expect(await form.getByRole('spinbutton', { name: /^Quantity of / }).count()).toBe(0);

    await form.getByRole('button', { name: 'Scan a barcode for Quick add' }).click();
    await dialog.getByText('Hold the barcode level inside the frame').waitFor();
    expect(await liveTracks(page)).toBe(1);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await streamsOpened(page)).toBe(2);
    expect(await liveTracks(page)).toBe(0);
  }, SLOW);

  it('says so when the camera may not be used', async () => {
    const { page, form } = await newSaleOnPhone(ean13(), true);
    await form.getByRole('button', { name: 'Scan a barcode for Quick add' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan a barcode' });
    await dialog.getByRole('alert').filter({ hasText: 'The camera may not be used' }).waitFor();
    await phoneShot(page, 'camera-scan-refused');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await liveTracks(page)).toBe(0);
  }, SLOW);
});
