import { formatMoney } from '@shared/i18n/format';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { renderSignedIn } from '../support/console';
import { catchDownloads } from '../support/downloads';
import { buyWrap, registerServicesApp, seller, words } from './services-harness';

const app = registerServicesApp();
const thb = (minor: number) => formatMoney(minor, 'THB', 'en');

describe('the service progress export', () => {
  it('downloads an .xlsx file of the tab and filters holding the rows the table shows', async () => {
    const { t } = app;
    const saved = catchDownloads();
    const s = await seller(t);
    const first = await buyWrap(t, s.token, 100);
    t.clock.advance(60_000);
    const second = await buyWrap(t, s.token, 330);
    app.current = await renderSignedIn(
      '/cmp/order/serviceProgress?tab=pending',
      { username: s.email, password: s.password },
      { app: t },
    );
    const table = await screen.findByTestId('services-table', {}, { timeout: 20_000 });
    await waitFor(() => expect(within(table).getAllByTestId('service-row')).toHaveLength(2), {
      timeout: 10_000,
    });
    const shown = within(table)
      .getAllByTestId('service-row')
      .map((row) => row.dataset.serviceNo);
    expect(shown).toEqual([second.serviceNo, first.serviceNo]);

    const button = screen.getByTestId('services-export');
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(button);
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 10_000 });
    const [file] = saved;
    if (!file) throw new Error('nothing saved');
    expect(file.name).toMatch(/^Services \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}\.xlsx$/);
    const bytes = new Uint8Array(await file.blob.arrayBuffer());
    // An .xlsx file is a zip archive.
    expect([...bytes.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    await waitFor(() => expect(button.dataset.pending).toBeUndefined());

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes.buffer as ArrayBuffer);
    const values: unknown[][] = [];
    workbook.worksheets[0]?.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    const [header, ...body] = values;
    expect(header?.[0]).toBe(words.columns.serviceNo);
    expect(header?.[4]).toBe(words.columns.estimate);
    // The rows the table shows, in its order, each with its status and estimate as on screen.
    expect(body.map((row) => row[0])).toEqual(shown);
    expect(body.map((row) => row[3])).toEqual([words.status.pending, words.status.pending]);
    const estimates = within(table)
      .getAllByTestId('service-row')
      .map((row) => row.querySelectorAll('td')[3]?.textContent);
    expect(body.map((row) => thb(Math.round(Number(row[4]) * 100)))).toEqual(estimates);
  });
});
