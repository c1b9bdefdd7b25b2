import { Button, Card, Code, Collapse, Group, ScrollArea, Stack, Tabs, Text } from '@mantine/core';
import type { ProductDraft } from '@shared/contracts/product-draft';
import { IconChevronDown, IconChevronRight, IconCode } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './collector.module.css';

/** Text of a value as indented JSON (what cannot be written as JSON is said so). */
function asJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? 'null';
  } catch {
    return String(value);
  }
}

function JsonBlock({ value, testId }: { value: unknown; testId: string }) {
  return (
    <ScrollArea.Autosize mah={420} type="auto">
      <Code block className={classes.json} data-testid={testId}>
        {asJson(value)}
      </Code>
    </ScrollArea.Autosize>
  );
}

/**
 * What the plug-in read, untouched by edits: the source data of the page (`raw`) and the draft
 * as collected, read-only and folded away until asked for.
 */
export function SourceSnapshot({ original }: { original: ProductDraft }) {
  const { t } = useTranslation('collector');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { raw, ...draft } = original;
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Group gap="xs">
            <IconCode size={18} aria-hidden />
            <Stack gap={0}>
              <Text fw={600}>{t('snapshot.title')}</Text>
              <Text size="xs" c="dimmed">
                {t('snapshot.hint')}
              </Text>
            </Stack>
          </Group>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setOpen((value) => !value)}
            aria-expanded={open}
            aria-controls={panelId}
            leftSection={open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
            data-testid="snapshot-toggle"
          >
            {open ? t('snapshot.hide') : t('snapshot.show')}
          </Button>
        </Group>
        <Collapse expanded={open} id={panelId} keepMounted={false}>
          {open && (
            <Tabs defaultValue="raw" keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="raw">{t('snapshot.raw')}</Tabs.Tab>
                <Tabs.Tab value="draft">{t('snapshot.draft')}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="raw" pt="sm">
                <JsonBlock value={raw ?? null} testId="snapshot-raw" />
              </Tabs.Panel>
              <Tabs.Panel value="draft" pt="sm">
                <JsonBlock value={draft} testId="snapshot-draft" />
              </Tabs.Panel>
            </Tabs>
          )}
        </Collapse>
      </Stack>
    </Card>
  );
}
