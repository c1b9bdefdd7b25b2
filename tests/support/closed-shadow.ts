import type { CDPSession, Page } from 'puppeteer-core';

/**
 * Elements inside the collector's closed shadow roots, reached as DevTools reaches them (the DOM
 * domain with `pierce`): no page script can, and Puppeteer's own `>>>` reads open roots only. A
 * click is the mouse's, at the element's place on the screen, so the page sees the user's own
 * (trusted) click.
 */

interface DomNode {
  nodeId: number;
  localName?: string;
  children?: DomNode[];
  shadowRoots?: DomNode[];
}

function findHost(node: DomNode, tag: string): DomNode | null {
  if (node.localName === tag) return node;
  for (const child of [...(node.children ?? []), ...(node.shadowRoots ?? [])]) {
    const found = findHost(child, tag);
    if (found) return found;
  }
  return null;
}

/** Runs `work` on the node `selector` finds in `hostTag`'s shadow root (null when none is there). */
async function withShadowNode<T>(
  page: Page,
  hostTag: string,
  selector: string,
  work: (cdp: CDPSession, nodeId: number) => Promise<T>,
): Promise<T | null> {
  const cdp = await page.createCDPSession();
  try {
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as {
      root: DomNode;
    };
    const shadow = findHost(root, hostTag)?.shadowRoots?.[0];
    if (!shadow) return null;
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: shadow.nodeId, selector });
    return nodeId ? await work(cdp, nodeId) : null;
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/** The text of an element in a closed shadow root, trimmed; null when it is not there. */
export function closedShadowText(
  page: Page,
  hostTag: string,
  selector: string,
): Promise<string | null> {
  return withShadowNode(page, hostTag, selector, async (cdp, nodeId) => {
    const { object } = await cdp.send('DOM.resolveNode', { nodeId });
    if (!object.objectId) return null;
    const { result } = await cdp.send('Runtime.callFunctionOn', {
      objectId: object.objectId,
      functionDeclaration: 'function () { return (this.textContent || "").trim(); }',
      returnByValue: true,
    });
    return result.value as string;
  });
}

/** Clicks an element in a closed shadow root with the mouse, as the user would. */
export async function clickInClosedShadow(
  page: Page,
  hostTag: string,
  selector: string,
): Promise<void> {
  const point = await withShadowNode(page, hostTag, selector, async (cdp, nodeId) => {
    await cdp.send('DOM.scrollIntoViewIfNeeded', { nodeId });
    const { quads } = await cdp.send('DOM.getContentQuads', { nodeId });
    const quad = quads[0];
    if (!quad) return null;
    const xs = [quad[0], quad[2], quad[4], quad[6]] as number[];
    const ys = [quad[1], quad[3], quad[5], quad[7]] as number[];
    return {
      x: xs.reduce((sum, x) => sum + x, 0) / 4,
      y: ys.reduce((sum, y) => sum + y, 0) / 4,
    };
  });
  if (!point) throw new Error(`nothing to click at ${hostTag} >>> ${selector}`);
  await page.mouse.click(point.x, point.y);
}

/** Waits until the text of an element in a closed shadow root passes `check`; answers it. */
export async function waitForClosedShadowText(
  page: Page,
  hostTag: string,
  selector: string,
  check: (text: string) => boolean,
  timeoutMs = 10_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = await closedShadowText(page, hostTag, selector);
    if (text !== null && check(text)) return text;
    if (Date.now() >= deadline)
      throw new Error(`${hostTag} >>> ${selector} still reads ${JSON.stringify(text)}`);
    // Polled like Puppeteer's own waitForFunction, as the page changes.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
