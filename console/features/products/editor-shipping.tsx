import { Alert, Badge, Checkbox, Group, Radio, Stack, Switch, Table, Text } from '@mantine/core';
import type { LogisticsChannel, ProductInput } from '@shared/contracts/products';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type Bound, FieldBox } from './editor-fields';
import { fieldId } from './product-form';
import { useFormats } from './products-parts';

/** Why a channel cannot carry this parcel (its weight, longest side or volume), or null. */
function overLimit(
  channel: LogisticsChannel,
  values: Pick<
    ProductInput,
    'packageWeightGrams' | 'packageLengthCm' | 'packageWidthCm' | 'packageHeightCm'
  >,
): 'weight' | 'side' | 'volume' | null {
  const sides = [values.packageLengthCm, values.packageWidthCm, values.packageHeightCm];
  if (
    channel.weightLimitGrams !== null &&
    (values.packageWeightGrams ?? 0) > channel.weightLimitGrams
  )
    return 'weight';
  if (channel.maxSideCm !== null && sides.some((side) => (side ?? 0) > (channel.maxSideCm ?? 0)))
    return 'side';
  if (
    channel.maxVolumeCm3 !== null &&
    sides.every((side) => side !== null) &&
    (sides as number[]).reduce((volume, side) => volume * side, 1) > channel.maxVolumeCm3
  )
    return 'volume';
  return null;
}

/**
 * Shopee's logistics methods from the shop's own channels, each with its limits (a channel the
 * parcel is too heavy or large for says so), the freight setting and cash on delivery.
 */
export function LogisticsSection({
  values,
  channels,
  defaultId,
  bind,
  set,
  readOnly,
}: {
  values: ProductInput;
  channels: readonly LogisticsChannel[];
  defaultId: string | null;
  bind(path: string): Bound;
  set(path: string, value: unknown): void;
  readOnly: boolean;
}) {
  const { t } = useTranslation('products');
  const format = useFormats();
  const chosen = new Set(
    values.logistics.filter((method) => method.enabled).map((method) => method.channelId),
  );
  const toggle = (channel: LogisticsChannel, on: boolean) => {
    const others = values.logistics.filter((method) => method.channelId !== channel.id);
    set(
      'logistics',
      on ? [...others, { channelId: channel.id, enabled: true, feeMinor: null }] : others,
    );
  };
  const codPossible = channels.some((channel) => chosen.has(channel.id) && channel.cod);
  return (
    <Stack gap="md">
      <FieldBox
        bound={bind('logistics')}
        label={t('fields.logistics')}
        required
        description={t('editor.logisticsHint')}
      >
        {channels.length === 0 ? (
          <Alert color="yellow" variant="light" mt={6} icon={<IconAlertTriangle size={16} />}>
            {t('editor.noChannels')}
          </Alert>
        ) : (
          <Table mt={6} verticalSpacing={6} data-testid="logistics-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40} />
                <Table.Th>{t('logistics.channel')}</Table.Th>
                <Table.Th>{t('logistics.weightLimit')}</Table.Th>
                <Table.Th>{t('logistics.sizeLimit')}</Table.Th>
                <Table.Th>{t('logistics.cod')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {channels.map((channel) => {
                const problem = overLimit(channel, values);
                return (
                  <Table.Tr key={channel.id} data-testid="logistics-row" data-channel={channel.id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={channel.name}
                        checked={chosen.has(channel.id)}
                        disabled={readOnly || !channel.enabled}
                        onChange={(event) => toggle(channel, event.currentTarget.checked)}
                        data-testid={`logistics-${channel.id}`}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6}>
                        <Text size="sm">{channel.name}</Text>
                        {channel.id === defaultId && (
                          <Badge size="xs" variant="light">
                            {t('logistics.default')}
                          </Badge>
                        )}
                        {!channel.enabled && (
                          <Badge size="xs" color="gray" variant="light">
                            {t('logistics.disabled')}
                          </Badge>
                        )}
                      </Group>
                      {problem && (
                        <Text size="xs" c="orange" data-testid="logistics-over-limit">
                          {t(`logistics.over.${problem}`)}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {channel.weightLimitGrams === null
                          ? t('logistics.noLimit')
                          : t('logistics.kg', {
                              value: format.number(channel.weightLimitGrams / 1000),
                            })}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {channel.maxSideCm === null && channel.maxVolumeCm3 === null
                          ? t('logistics.noLimit')
                          : [
                              channel.maxSideCm !== null
                                ? t('logistics.side', { value: format.number(channel.maxSideCm) })
                                : null,
                              channel.maxVolumeCm3 !== null
                                ? t('logistics.volume', {
                                    value: format.number(channel.maxVolumeCm3),
                                  })
                                : null,
                            ]
                              .filter(Boolean)
                              .join(' · ')}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{channel.cod ? t('logistics.yes') : t('logistics.no')}</Text>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </FieldBox>
      <Radio.Group
        id={fieldId('freight')}
        label={t('fields.freight')}
        value={values.freight}
        onChange={(value) => set('freight', value)}
      >
        <Group gap="lg" mt={6}>
          <Radio value="weight" label={t('freight.weight')} disabled={readOnly} />
          <Radio value="free" label={t('freight.free')} disabled={readOnly} />
        </Group>
      </Radio.Group>
      <Switch
        id={fieldId('cod')}
        label={t('fields.cod')}
        description={codPossible ? t('editor.codHint') : t('editor.codUnavailable')}
        checked={values.cod && codPossible}
        disabled={readOnly || !codPossible}
        onChange={(event) => set('cod', event.currentTarget.checked)}
        data-testid="field-cod"
      />
    </Stack>
  );
}
