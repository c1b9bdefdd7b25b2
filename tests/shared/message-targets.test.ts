import { validateMessageCenterSearch } from '@console/features/messages/message-center-search';
import { messageTarget } from '@console/features/messages/message-targets';
import { messageAge } from '@console/features/messages/message-time';
import {
  MESSAGE_POLL_INTERVAL_MS,
  startMessagePoll,
} from '@console/features/messages/use-message-poll';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

describe('message-click targets (spec sections 2 and 4)', () => {
  it.each([
    [1, 'O-1', '/thirdPartyPlatform/orderManage?orderId=O-1'],
    [2, 'PO 2/3', '/purchaseAndWarehouse/purchaseManageDetail?purchaseNo=PO+2%2F3'],
    [3, 'SV-9', '/order/serviceProgress?serviceNo=SV-9'],
    [4, 'ignored', '/other/historyMoney'],
    [5, null, '/other/couponCenter'],
  ] as const)('type %i with jumpId %s opens %s', (type, jumpId, href) => {
    expect(messageTarget({ type, jumpId })).toEqual({ kind: 'route', href });
  });

  it('opens the page’s list when a message of types 1 to 3 names nothing', () => {
    expect(messageTarget({ type: 1, jumpId: null })).toEqual({
      kind: 'route',
      href: '/thirdPartyPlatform/orderManage',
    });
    expect(messageTarget({ type: 3, jumpId: '' })).toEqual({
      kind: 'route',
      href: '/order/serviceProgress',
    });
  });

  it('opens the detail dialog for type 6, whatever its jumpId', () => {
    expect(messageTarget({ type: 6, jumpId: null })).toEqual({ kind: 'dialog' });
    expect(messageTarget({ type: 6, jumpId: 'X' })).toEqual({ kind: 'dialog' });
  });
});

describe('message age (spec section 9, relative helper)', () => {
  const now = Date.parse('2026-11-02T12:00:00Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it.each([
    [0, { unit: 'justNow' }],
    [29, { unit: 'justNow' }],
    [-120, { unit: 'justNow' }],
    [30, { unit: 'minute', value: 1 }],
    [59 * 60 + 59, { unit: 'minute', value: 59 }],
    [3600, { unit: 'hour', value: 1 }],
    [86_399, { unit: 'hour', value: 23 }],
    [86_400, { unit: 'day', value: 1 }],
    [2 * 86_400 - 1, { unit: 'day', value: 1 }],
    [2 * 86_400, { unit: 'date' }],
  ] as const)('%i s ago reads %o', (seconds, age) => {
    expect(messageAge(ago(seconds), now)).toEqual(age);
  });
});

describe('message center search', () => {
  it('keeps a known type, read state and page cursor, from text or numbers', () => {
    expect(validateMessageCenterSearch({ type: '3', isRead: '1', cursor: 'WyJuIiwxXQ' })).toEqual({
      type: 3,
      isRead: 1,
      cursor: 'WyJuIiwxXQ',
    });
    expect(validateMessageCenterSearch({ type: 6, isRead: 2 })).toEqual({ type: 6, isRead: 2 });
  });

  it('drops what names no filter or page (numbered pages of old links open the first page)', () => {
    expect(validateMessageCenterSearch({ type: '7', isRead: '0', page: '4', other: 'x' })).toEqual(
      {},
    );
    expect(validateMessageCenterSearch({ type: 'abc', isRead: 1.5, cursor: '' })).toEqual({});
    expect(validateMessageCenterSearch({ type: '', cursor: 'x'.repeat(10_000) })).toEqual({});
  });
});

/** A document whose visibility the test sets, with a window that can take focus. */
function fakeDocument() {
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), { hidden: false, defaultView: win });
  return {
    doc: doc as unknown as Document,
    hide: () => {
      doc.hidden = true;
      doc.dispatchEvent(new Event('visibilitychange'));
    },
    show: () => {
      doc.hidden = false;
      doc.dispatchEvent(new Event('visibilitychange'));
    },
    focus: () => win.dispatchEvent(new Event('focus')),
  };
}

describe('the message poll (fake clock)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('polls every 60000 ms', () => {
    const page = fakeDocument();
    const poll = vi.fn();
    const stop = startMessagePoll({ doc: page.doc, poll });
    expect(MESSAGE_POLL_INTERVAL_MS).toBe(60_000);
    vi.advanceTimersByTime(59_999);
    expect(poll).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(poll).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000 * 3);
    expect(poll).toHaveBeenCalledTimes(4);
    stop();
  });

  it('pauses while the page is hidden, and polls at once when it shows again', () => {
    const page = fakeDocument();
    const poll = vi.fn();
    const stop = startMessagePoll({ doc: page.doc, poll });
    vi.advanceTimersByTime(30_000);
    page.hide();
    vi.advanceTimersByTime(10 * 60_000);
    expect(poll).not.toHaveBeenCalled();
    page.show();
    expect(poll).toHaveBeenCalledTimes(1);
    // Resumed: the next poll a full interval later.
    vi.advanceTimersByTime(59_999);
    expect(poll).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(poll).toHaveBeenCalledTimes(2);
    stop();
  });

  it('polls at once on focus, but not twice for one return (visibility and focus together)', () => {
    const page = fakeDocument();
    const poll = vi.fn();
    const stop = startMessagePoll({ doc: page.doc, poll });
    vi.advanceTimersByTime(20_000);
    page.focus();
    expect(poll).toHaveBeenCalledTimes(1);
    page.hide();
    vi.advanceTimersByTime(20_000);
    page.show();
    page.focus();
    expect(poll).toHaveBeenCalledTimes(2);
    // Back within a moment of a poll: no new poll, and the interval still counts from it.
    vi.advanceTimersByTime(2_000);
    page.hide();
    page.show();
    expect(poll).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(58_000);
    expect(poll).toHaveBeenCalledTimes(3);
    stop();
  });

  it('stops for good when stopped (the session ended)', () => {
    const page = fakeDocument();
    const poll = vi.fn();
    const stop = startMessagePoll({ doc: page.doc, poll });
    stop();
    vi.advanceTimersByTime(5 * 60_000);
    page.show();
    page.focus();
    expect(poll).not.toHaveBeenCalled();
  });
});
