import { siteName } from '@extension/pages/site-names';
import { Badge, Button, Divider, Group, Image, Paper, Stack, Text, Textarea } from '@mantine/core';
import type { ProductDraft } from '@shared/contracts/product-draft';
import { IconPackageImport } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CollectResult } from './collect-result';
import { DraftDetails } from './draft-details';
import { applyEdits, type DraftEdits, initialEdits } from './draft-edits';
import { confidenceOf, DraftField } from './draft-field';
import { PriceEditor } from './price-editor';
import { ShopPicker } from './shop-picker';
import { useCollectAndClaim } from './use-collect-and-claim';
import type { ShopChoice } from './use-shop-choice';

/**
 * A product read from the page: its title and prices editable, the shops to claim it into, the
 * collect action, then every other field as read.
 */
export function DraftEditor({
  draft,
  compact,
  choice,
}: {
  draft: ProductDraft;
  compact: boolean;
  choice: ShopChoice;
}) {
  const { t, i18n } = useTranslation('extension');
  const [state, setState] = useState(() => ({ base: draft, edits: initialEdits(draft) }));
  if (state.base !== draft) {
    // The same product read again: the seller's edits stay; without any, the new reading shows.
    const untouched = !applyEdits(state.base, state.edits).edited;
    setState({ base: draft, edits: untouched ? initialEdits(draft) : state.edits });
  }
  const edits = state.base === draft ? state.edits : initialEdits(draft);
  const setEdits = (next: DraftEdits) => setState({ base: draft, edits: next });
  const checked = useMemo(() => applyEdits(draft, edits), [draft, edits]);
  const { run, start } = useCollectAndClaim();
  const working = run.phase === 'collecting' || run.phase === 'claiming';
  const shopName = (id: string) => {
    const shop = choice.shops.find((candidate) => candidate.id === id);
    return shop ? shop.alias || shop.name : id;
  };
  const cover = draft.images[0] ?? null;

  return (
    <Stack gap="md" data-testid="panel-draft">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {cover ? (
          <Image
            src={cover}
            alt=""
            w={compact ? 48 : 64}
            h={compact ? 48 : 64}
            radius="sm"
            fit="cover"
            style={{ flex: 'none', border: '1px solid var(--mantine-color-gray-3)' }}
          />
        ) : null}
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap={6}>
            <Badge size="sm" variant="light" tt="none">
              {siteName(draft.site, i18n.language)}
            </Badge>
            <Text size="xs" c="dimmed" truncate>
              {t('panel.itemId', { id: draft.itemId })}
            </Text>
          </Group>
          {checked.edited ? (
            <Text size="xs" c="cmp.7" data-testid="panel-edited">
              {t('panel.edited')}
            </Text>
          ) : null}
        </Stack>
      </Group>

      <DraftField
        label={t('panel.fields.title')}
        confidence={confidenceOf(checked.draft, 'title')}
        testId="field-title"
      >
        <Textarea
          size="sm"
          autosize
          minRows={2}
          maxRows={5}
          aria-label={t('panel.fields.title')}
          value={edits.title}
          onChange={(event) => setEdits({ ...edits, title: event.currentTarget.value })}
          error={checked.errors.title ? t(`panel.errors.${checked.errors.title}`) : undefined}
          disabled={working}
          data-testid="edit-title"
        />
      </DraftField>

      <DraftField
        label={t('panel.fields.price')}
        confidence={confidenceOf(checked.draft, 'price', 'currency')}
        testId="field-price"
      >
        <PriceEditor
          draft={draft}
          edits={edits}
          onEdit={setEdits}
          checked={checked}
          settings={choice.settings}
          disabled={working}
        />
      </DraftField>

      <Paper withBorder radius="md" p={compact ? 'xs' : 'sm'} bg="gray.0">
        <Stack gap="sm">
          <div>
            <Text size="sm" fw={600}>
              {t('panel.targetShops')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('panel.targetShopsHint')}
            </Text>
          </div>
          <ShopPicker choice={choice} disabled={working} />
          <Button
            fullWidth
            leftSection={<IconPackageImport size={16} />}
            loading={working}
            disabled={!checked.valid}
            onClick={() => void start({ draft: checked.draft, shopIds: choice.selected })}
            data-testid="collect-and-claim"
          >
            {choice.selected.length > 0
              ? t('panel.collectAndClaim', { count: choice.selected.length })
              : t('panel.collectOnly')}
          </Button>
          {working ? (
            <Text size="xs" c="dimmed" ta="center" data-testid="collect-working">
              {run.phase === 'claiming' ? t('panel.claiming') : t('popup.collecting')}
            </Text>
          ) : null}
          <CollectResult run={run} shopName={shopName} />
        </Stack>
      </Paper>

      <Divider label={t('panel.readFromPage')} labelPosition="left" />
      <DraftDetails draft={draft} compact={compact} />
    </Stack>
  );
}
