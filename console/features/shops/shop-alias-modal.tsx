import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type Shop, ShopAliasRequestSchema } from '@shared/contracts/shops';
import { useSetShopAlias } from '@shared/queries/shops';
import { toast } from '@shared/ui/toast';
import { useSchemaForm } from '@shared/ui/use-schema-form';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../components/form-parts';

function AliasForm({ shop, onClose }: { shop: Shop; onClose(): void }) {
  const { t } = useTranslation(['shops', 'common']);
  const setAlias = useSetShopAlias();
  const form = useSchemaForm({ shopId: shop.id, alias: shop.alias || shop.name });
  const submit = form.onSubmit(ShopAliasRequestSchema, async (values) => {
    await setAlias.mutateAsync(values);
    toast({ color: 'green', message: t('common:messages.saved') });
    onClose();
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('alias.hint', { name: shop.name })}
        </Text>
        <TextInput
          label={t('fields.alias')}
          name="alias"
          value={form.values.alias}
          onChange={(event) => form.set('alias', event.currentTarget.value)}
          error={
            form.errors.alias && form.values.alias.trim() === ''
              ? t('alias.required')
              : form.errors.alias
          }
          maxLength={40}
          data-autofocus
        />
        <FormFailure message={form.failure} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A name for the shop that the seller's team sees; it cannot be empty (spec section 5). */
export function ShopAliasModal({ shop, onClose }: { shop: Shop | null; onClose(): void }) {
  const { t } = useTranslation('shops');
  return (
    <Modal opened={shop !== null} onClose={onClose} title={t('alias.title')} centered>
      {shop && <AliasForm shop={shop} onClose={onClose} />}
    </Modal>
  );
}
