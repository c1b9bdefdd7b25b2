import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Progress,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  ThemeIcon,
} from '@mantine/core';
import { COLLECT_BATCH_MAX } from '@shared/contracts/collector';
import { sourceSiteOf } from '@shared/contracts/source-sites';
import { useRefreshCollectedLists, useSourceSites } from '@shared/queries/collector';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCircleX,
  IconClock,
  IconPlugConnectedX,
} from '@tabler/icons-react';
import { Link, useRouteContext } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CollectUrlEvent, CollectUrlState } from '../../platform/extension-bridge';
import { useExtensionPresence } from '../../platform/extension-state';

/** The longest address the plug-in is asked to open. */
const MAX_URL_LENGTH = 2000;
/** Without a word from the plug-in this long after asking, the request counts as unanswered. */
const ANSWER_TIMEOUT_MS = 20_000;

type ItemState = 'sent' | CollectUrlState | 'collected' | 'failed';

interface Item {
  url: string;
  state: ItemState;
  id?: string;
  title?: string;
  reason?: string;
  hint?: string;
}

const FINAL: readonly ItemState[] = ['collected', 'failed'];

type Problem =
  | { kind: 'unsupported'; line: number; url: string }
  | { kind: 'empty' }
  | { kind: 'tooMany'; count: number };

/** The addresses of the text, one per line (blank lines skipped, repeats once), and what is wrong. */
function readAddresses(text: string): { urls: string[]; problems: Problem[] } {
  const urls: string[] = [];
  const problems: Problem[] = [];
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (!line) continue;
    if (line.length > MAX_URL_LENGTH || !sourceSiteOf(line)) {
      problems.push({ kind: 'unsupported', line: index + 1, url: line });
      continue;
    }
    if (!urls.includes(line)) urls.push(line);
  }
  if (problems.length === 0 && urls.length === 0) problems.push({ kind: 'empty' });
  if (urls.length > COLLECT_BATCH_MAX) problems.push({ kind: 'tooMany', count: urls.length });
  return { urls, problems };
}

function ItemLine({ item, onOpen }: { item: Item; onOpen(): void }) {
  const { t } = useTranslation('collector');
  const icon =
    item.state === 'collected' ? (
      <ThemeIcon color="green" variant="light" size="sm" radius="xl">
        <IconCircleCheck size={14} />
      </ThemeIcon>
    ) : item.state === 'failed' ? (
      <ThemeIcon color="red" variant="light" size="sm" radius="xl">
        <IconCircleX size={14} />
      </ThemeIcon>
    ) : item.state === 'sent' || item.state === 'queued' ? (
      <ThemeIcon color="gray" variant="light" size="sm" radius="xl">
        <IconClock size={14} />
      </ThemeIcon>
    ) : (
      <Loader size={16} />
    );
  return (
    <Group
      gap="sm"
      wrap="nowrap"
      align="flex-start"
      data-testid="collect-url-item"
      data-state={item.state}
    >
      <div style={{ paddingTop: 2 }}>{icon}</div>
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Text size="xs" c="dimmed" truncate="end" title={item.url}>
          {item.url}
        </Text>
        {item.state === 'collected' && item.id ? (
          <Anchor
            renderRoot={(props) => (
              <Link {...props} to="/product/collectorDetails" search={{ id: item.id ?? '' }} />
            )}
            size="sm"
            onClick={onOpen}
            lineClamp={2}
          >
            {item.title || t('byUrl.state.collected')}
          </Anchor>
        ) : item.state === 'failed' ? (
          <>
            <Text size="sm" c="red" data-testid="collect-url-reason">
              {item.reason}
            </Text>
            {item.hint && (
              <Text size="xs" c="dimmed">
                {item.hint}
              </Text>
            )}
          </>
        ) : (
          <Text size="sm">{t(`byUrl.state.${item.state}`)}</Text>
        )}
      </Stack>
      <Badge
        variant="light"
        color={item.state === 'collected' ? 'green' : item.state === 'failed' ? 'red' : 'gray'}
        style={{ flexShrink: 0 }}
      >
        {t(`byUrl.state.${item.state}`)}
      </Badge>
    </Group>
  );
}

function CollectByUrl({
  text,
  onText,
  onClose,
  onNeedPlugin,
}: {
  text: string;
  onText(text: string): void;
  onClose(): void;
  onNeedPlugin?: (() => void) | undefined;
}) {
  const { t } = useTranslation(['collector', 'common', 'errors']);
  const presence = useExtensionPresence();
  const win = useRouteContext({ from: '__root__', select: (context) => context.win });
  const sites = useSourceSites();
  const refresh = useRefreshCollectedLists();
  const [errors, setErrors] = useState<string[]>([]);
  const [items, setItems] = useState<Item[] | null>(null);
  const stop = useRef<(() => void) | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const quiet = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const finish = () => {
    quiet();
    stop.current?.();
    stop.current = null;
  };
  // Closing the dialog stops listening; what the plug-in still collects lands in the box anyway.
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      if (timer.current) clearTimeout(timer.current);
      stop.current?.();
    };
  }, []);

  /** Words for an address the plug-in could not collect. */
  function reasonOf(event: Extract<CollectUrlEvent, { kind: 'result' }>) {
    if (event.failure) {
      // What a changed layout lacked is in the plug-in's own message.
      if (event.failure === 'layoutUnknown')
        return { reason: event.message || t('failures.layoutUnknown.message') };
      return {
        reason: t(`failures.${event.failure}.message`),
        hint: t(`failures.${event.failure}.hint`),
      };
    }
    if (event.message) return { reason: event.message };
    if (event.errorKey) {
      const own = t(`errors:${event.errorKey}` as 'errors:COLLECT_FAILED', { defaultValue: '' });
      if (own) return { reason: own };
    }
    return { reason: t('errors:COLLECT_FAILED') };
  }

  function onEvent(event: CollectUrlEvent) {
    quiet();
    if (event.kind === 'result' && event.id) void refresh();
    setItems((current) => {
      if (!current) return current;
      const next = current.map((item): Item => {
        if (item.url !== event.url || FINAL.includes(item.state)) return item;
        if (event.kind === 'progress') return { ...item, state: event.state };
        if (event.id)
          return { ...item, state: 'collected', id: event.id, title: event.title ?? '' };
        return { ...item, state: 'failed', ...reasonOf(event) };
      });
      if (next.every((item) => FINAL.includes(item.state))) stop.current?.();
      return next;
    });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const read = readAddresses(text);
    setErrors(
      read.problems.map((problem) =>
        problem.kind === 'unsupported'
          ? t('byUrl.errors.unsupported', { line: problem.line, url: problem.url })
          : problem.kind === 'tooMany'
            ? t('byUrl.errors.tooMany', { count: problem.count, max: COLLECT_BATCH_MAX })
            : t('byUrl.errors.empty'),
      ),
    );
    if (read.problems.length > 0) return;
    // Without the plug-in nothing can be collected: its download is offered instead.
    if (!presence.present) {
      onNeedPlugin?.();
      return;
    }
    finish();
    setItems(read.urls.map((url) => ({ url, state: 'sent' })));
    const { collectThroughExtension } = await import('../../platform/extension-bridge');
    if (!alive.current) return;
    stop.current = collectThroughExtension(win, read.urls, onEvent);
    timer.current = setTimeout(() => {
      setItems(
        (current) =>
          current?.map((item) =>
            item.state === 'sent'
              ? { ...item, state: 'failed', reason: t('byUrl.noAnswer') }
              : item,
          ) ?? null,
      );
      stop.current?.();
    }, ANSWER_TIMEOUT_MS);
  }

  const examples = (sites.data ?? []).map((site) => site.example).filter(Boolean);
  const done = items?.filter((item) => FINAL.includes(item.state)).length ?? 0;
  const collected = items?.filter((item) => item.state === 'collected').length ?? 0;

  return (
    <>
      {items ? (
        <Stack gap="md" data-testid="collect-url-progress">
          <Stack gap={4}>
            <Group justify="space-between">
              <Text size="sm" fw={600}>
                {t('byUrl.progress', { done, total: items.length })}
              </Text>
              <Text size="sm" c="dimmed" data-testid="collect-url-summary">
                {t('byUrl.summary', { collected, failed: done - collected })}
              </Text>
            </Group>
            <Progress
              value={(done / items.length) * 100}
              aria-label={t('byUrl.progress', { done, total: items.length })}
            />
          </Stack>
          <ScrollArea.Autosize mah={360} type="auto">
            <Stack gap="sm">
              {items.map((item) => (
                <ItemLine key={item.url} item={item} onOpen={onClose} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
          {done < items.length && (
            <Text size="xs" c="dimmed">
              {t('byUrl.keepsGoing')}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => {
                finish();
                setItems(null);
              }}
            >
              {t('byUrl.more')}
            </Button>
            <Button onClick={onClose}>{t('common:actions.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate data-testid="collect-url-form">
          <Stack gap="md">
            {!presence.present && (
              <Alert
                color="yellow"
                variant="light"
                icon={<IconPlugConnectedX size={18} />}
                title={t('byUrl.noPlugin.title')}
                data-testid="collect-url-no-plugin"
              >
                <Text size="sm">{t('byUrl.noPlugin.hint')}</Text>
                {onNeedPlugin && (
                  <Button mt="xs" size="xs" variant="light" onClick={onNeedPlugin}>
                    {t('byUrl.noPlugin.download')}
                  </Button>
                )}
              </Alert>
            )}
            <Textarea
              label={t('byUrl.label')}
              description={t('byUrl.hint', { max: COLLECT_BATCH_MAX })}
              placeholder={examples.slice(0, 2).join('\n') || 'https://detail.1688.com/offer/…'}
              rows={6}
              resize="vertical"
              value={text}
              onChange={(event) => {
                onText(event.currentTarget.value);
                setErrors([]);
              }}
              error={errors.length > 0}
              data-autofocus
              spellCheck={false}
            />
            {errors.length > 0 && (
              <Alert
                color="red"
                variant="light"
                role="alert"
                icon={<IconAlertTriangle size={18} />}
                data-testid="collect-url-errors"
              >
                <Stack gap={2}>
                  {errors.slice(0, 10).map((error) => (
                    <Text key={error} size="sm">
                      {error}
                    </Text>
                  ))}
                  {errors.length > 10 && (
                    <Text size="sm">{t('byUrl.errors.more', { count: errors.length - 10 })}</Text>
                  )}
                </Stack>
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                {t('common:actions.cancel')}
              </Button>
              <Button type="submit">{t('byUrl.submit')}</Button>
            </Group>
          </Stack>
        </form>
      )}
    </>
  );
}

/**
 * Collect by address (spec section 5: a valid address of a supported site, the plug-in
 * installed): the seller pastes product addresses, one per line; the console asks the plug-in
 * to open and collect them and shows where each stands and how it ended.
 */
export function CollectByUrlDialog(props: {
  opened: boolean;
  /** The addresses typed so far (kept while the download dialog is open instead). */
  text: string;
  onText(text: string): void;
  onClose(): void;
  /** The plug-in is missing: open the download dialog (when this account may download it). */
  onNeedPlugin?: (() => void) | undefined;
}) {
  const { t } = useTranslation('collector');
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('byUrl.title')}
      size="lg"
      centered
    >
      <CollectByUrl {...props} />
    </Modal>
  );
}
