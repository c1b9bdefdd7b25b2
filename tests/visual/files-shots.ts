import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { ElementHandle, Page } from 'puppeteer-core';
import type { Database } from '../../server/db/client';
import { purchases } from '../../server/db/schema/index';
import { encodePng } from '../../server/lib/png';
import { API_CLIENTS, basicClientAuth, HEADERS } from '../../shared/contracts/protocol';

type Shot = (name: string) => Promise<void>;
type Go = (path: string, ready: string) => Promise<void>;

/** A 96x96 picture with a diagonal band, so the avatar shows it is the uploaded one. */
function avatarPng(): Buffer {
  const size = 96;
  const pixels = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const at = (y * size + x) * 4;
      const band = Math.abs(x - y) < 18;
      pixels.set(band ? [240, 140, 40, 255] : [40, 110, 200, 255], at);
    }
  return encodePng(size, size, pixels);
}

/**
 * `SCREENSHOTS_ONLY=files`: the uploaded files the console fetches with the session: the demo
 * seller's avatar (settings and header) and a purchase's PDF attachment, fetched by its button.
 */
export async function filesShots({
  db,
  page,
  request,
  token,
  go,
  shot,
}: {
  db: Database;
  page: Page;
  request: (path: string, init: RequestInit) => Response | Promise<Response>;
  token: string;
  go: Go;
  shot: Shot;
}) {
  const headers = {
    [HEADERS.authorization]: basicClientAuth(API_CLIENTS.console),
    [HEADERS.token]: token,
  };
  const upload = async (path: string, bytes: Uint8Array, name: string, type: string) => {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(bytes)], { type }), name);
    const answer = (await (
      await request(path, { method: 'POST', headers, body: form })
    ).json()) as {
      datas: { id: string; url: string; size: number };
    };
    return answer.datas;
  };
  const pdf = new TextEncoder().encode(`%PDF-1.7\n${' '.repeat(2000)}`);
  const attached = await upload(
    '/order/purchaseorder/attachment',
    pdf,
    'invoice-PO2026110003.pdf',
    'application/pdf',
  );
  await db
    .update(purchases)
    .set({
      attachments: [{ id: attached.id, name: 'invoice-PO2026110003.pdf', size: attached.size }],
    })
    .where(eq(purchases.purchaseNo, 'PO2026110003'));

  // The avatar chosen on the settings page, as a seller does: the header follows.
  await go('/account/accountSetting', '[data-testid="settings-avatar"]');
  const picture = join(tmpdir(), `avatar-${process.pid}.png`);
  await writeFile(picture, avatarPng());
  const input = await page.waitForSelector('input[type="file"][accept*="image"]');
  await (input as ElementHandle<HTMLInputElement>).uploadFile(picture);
  await page.waitForSelector('[data-testid="settings-avatar"] img[src^="data:image/png"]', {
    visible: true,
  });
  await page.waitForSelector('[data-testid="user-menu"] img[src^="data:image/png"]', {
    visible: true,
  });
  await shot('files-avatar');

  await go(
    '/purchaseAndWarehouse/purchaseManageDetail?purchaseNo=PO2026110003',
    '[data-testid="purchase-attachments"] button',
  );
  const fetched = page.waitForResponse(
    (response) => new URL(response.url()).pathname === `/files/${attached.id}`,
  );
  await page.click('[data-testid="purchase-attachments"] button');
  const response = await fetched;
  if (response.status() !== 200) throw new Error(`the attachment answered ${response.status()}`);
  await shot('files-attachment');
}
