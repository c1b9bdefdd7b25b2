import { Alert, Button, Checkbox, Group, List, Modal, Stack, Table, Text } from '@mantine/core';
import { SitesChoiceSchema } from '@shared/contracts/product-rules';
import {
  LAZADA_SITES,
  type LazadaSite,
  type ProductDetail,
  type SiteListing,
} from '@shared/contracts/products';
import type { SiteCode } from '@shared/contracts/site-codes';
import { toast } from '@shared/ui/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopySites, useMultiSitePublish } from './products-data';
import { StatusBadge, useFormats } from './products-parts';

/** A 6-in-1 product's sites: each with its price at its recorded rate, its state and its failure. */
export function SiteListings({ listings }: { listings: readonly SiteListing[] }) {
  const { t } = useTranslation('products');
  const format = useFormats();
  return (
    <Table verticalSpacing={6} data-testid="site-listings">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('sites6.site')}</Table.Th>
          <Table.Th>{t('sites6.price')}</Table.Th>
          <Table.Th>{t('sites6.rate')}</Table.Th>
          <Table.Th>{t('columns.status')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {listings.map((listing) => {
          const prices = Object.values(listing.prices);
          const low = prices.length ? Math.min(...prices) : null;
          const high = prices.length ? Math.max(...prices) : null;
          return (
            <Table.Tr
              key={listing.site}
              data-testid="site-listing"
              data-site={listing.site}
              data-status={listing.status}
            >
              <Table.Td>{t(`sites.${listing.site}`)}</Table.Td>
              <Table.Td>
                {low === null || high === null
                  ? '—'
                  : low === high
                    ? format.money(low, listing.currency)
                    : `${format.money(low, listing.currency)} – ${format.money(high, listing.currency)}`}
              </Table.Td>
              <Table.Td>
                <Text size="xs" c="dimmed">
                  {t('sites6.rateLine', {
                    rate: listing.rate,
                    date: format.dateTime(listing.rateAt),
                  })}
                </Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  <StatusBadge status={listing.status} />
                  {listing.failure && (
                    <Text size="xs" c="red">
                      {listing.failure.message}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/** Sites to choose (the product's own left out), at least one (the shared rule). */
function SiteChoice({
  own,
  value,
  onChange,
  error,
  label,
}: {
  own: string;
  value: LazadaSite[];
  onChange(value: LazadaSite[]): void;
  error: string | null;
  label: string;
}) {
  const { t } = useTranslation('products');
  return (
    <Checkbox.Group
      value={value}
      onChange={(next) => onChange(next as LazadaSite[])}
      label={label}
      error={error}
      data-testid="site-choice"
    >
      <Group gap="md" mt={6}>
        {LAZADA_SITES.filter((site) => site !== own).map((site) => (
          <Checkbox
            key={site}
            value={site}
            label={t(`sites.${site}`)}
            data-testid={`site-${site}`}
          />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

/** "At least one site" from the shared rule, in the reader's words. */
function useSitesCheck() {
  const { t } = useTranslation('validation');
  return (sites: readonly string[]) =>
    SitesChoiceSchema.safeParse(sites).success ? null : t('chooseSite');
}

/** Copy to other sites: `wait` products in the seller's Lazada shops there. */
export function CopySitesDialog({
  opened,
  detail,
  onClose,
}: {
  opened: boolean;
  detail: ProductDetail;
  onClose(): void;
}) {
  const { t } = useTranslation(['products', 'common']);
  const copy = useCopySites();
  const check = useSitesCheck();
  const [sites, setSites] = useState<LazadaSite[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<{
    created: SiteCode[];
    refused: { site: SiteCode; code: 'noShop' | 'exists' | 'sameSite' }[];
  } | null>(null);
  const close = () => {
    setSites([]);
    setError(null);
    setResult(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('copy.title')}
      centered
      data-testid="copy-dialog"
    >
      {result ? (
        <Stack>
          {result.created.length > 0 && (
            <Alert color="green" variant="light">
              {t('copy.created', {
                count: result.created.length,
                sites: result.created.map((site) => t(`sites.${site}`)).join(', '),
              })}
            </Alert>
          )}
          {result.refused.length > 0 && (
            <Alert color="yellow" variant="light">
              <List size="sm">
                {result.refused.map((entry) => (
                  <List.Item key={entry.site}>
                    {t(`sites.${entry.site}`)}: {t(`copy.refused.${entry.code}`)}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button onClick={close}>{t('common:actions.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const problem = check(sites);
            setError(problem);
            if (problem) return;
            void copy.mutateAsync({ id: detail.id, sites }).then((answer) =>
              setResult({
                created: answer.created.map((entry) => entry.site),
                refused: answer.refused,
              }),
            );
          }}
        >
          <Stack>
            <Text size="sm">{t('copy.message')}</Text>
            <SiteChoice
              own={detail.site}
              value={sites}
              onChange={(next) => {
                setSites(next);
                setError(null);
              }}
              error={error}
              label={t('copy.sites')}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('common:actions.cancel')}
              </Button>
              <Button type="submit" loading={copy.isPending} data-testid="copy-confirm">
                {t('copy.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/**
 * Lazada 6-in-1 (Malaysia-site stores only): the product to chosen sites, each priced at the
 * recorded rate of the day and followed in its own state.
 */
export function MultiSiteDialog({
  opened,
  detail,
  onClose,
}: {
  opened: boolean;
  detail: ProductDetail;
  onClose(): void;
}) {
  const { t } = useTranslation(['products', 'common']);
  const publish = useMultiSitePublish();
  const check = useSitesCheck();
  const [sites, setSites] = useState<LazadaSite[]>(() =>
    detail.siteListings.map((listing) => listing.site).filter((site) => site !== 'my'),
  );
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('sites6.title')}
      centered
      size="lg"
      data-testid="six-in-one-dialog"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const problem = check(sites);
          setError(problem);
          if (problem) return;
          void publish
            .mutateAsync({ id: detail.id, sites: sites.map((site) => ({ site })) })
            .then(() => {
              toast({ color: 'green', message: t('sites6.started', { count: sites.length }) });
              onClose();
            });
        }}
      >
        <Stack>
          <Text size="sm">{t('sites6.message')}</Text>
          <SiteChoice
            own="my"
            value={sites}
            onChange={(next) => {
              setSites(next);
              setError(null);
            }}
            error={error}
            label={t('sites6.sites')}
          />
          {detail.siteListings.length > 0 && <SiteListings listings={detail.siteListings} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={publish.isPending} data-testid="six-in-one-confirm">
              {t('sites6.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
