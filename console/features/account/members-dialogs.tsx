import { Alert, Stack, Text, TextInput } from '@mantine/core';
import {
  type MenuGrant,
  type SubAccount,
  SubAccountPasswordRequestSchema,
  SubAccountPermissionsRequestSchema,
  UpdateSubAccountRequestSchema,
} from '@shared/contracts/sub-accounts';
import {
  useResetSubAccountPassword,
  useSetSubAccountPermissions,
  useUpdateSubAccount,
} from '@shared/queries/sub-accounts';
import { toast } from '@shared/ui/toast';
import { useSchemaForm } from '@shared/ui/use-schema-form';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LocalDateInput } from '../../components/date-fields';
import { NewPasswordFields } from '../../components/form-parts';
import { today } from './members-create-modal';
import { FormFooter, FormSection, MembersModal, useStableCallback } from './members-form-parts';
import { MenuGrantsEditor, ShopPicker } from './members-permissions-editor';

interface DialogProps {
  /** The sub-account the dialog is about; kept while the dialog fades out. */
  account: SubAccount | null;
  opened: boolean;
  onClose(): void;
}

function EditForm({ account, onClose }: { account: SubAccount; onClose(): void }) {
  const { t } = useTranslation(['members', 'common']);
  const update = useUpdateSubAccount();
  const form = useSchemaForm({ name: account.name, validUntil: account.validUntil ?? '' });
  const submit = form.onSubmit(
    UpdateSubAccountRequestSchema,
    async (input) => {
      const saved = await update.mutateAsync(input);
      toast({ color: 'green', message: t('toasts.saved', { name: saved.name }) });
      onClose();
    },
    {
      input: () => ({
        id: account.id,
        name: form.values.name,
        validUntil: form.values.validUntil || null,
      }),
    },
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          {account.account}
        </Text>
        <TextInput
          label={t('form.name')}
          maxLength={40}
          value={form.values.name}
          onChange={(event) => form.set('name', event.currentTarget.value)}
          error={form.errors.name}
          required
          data-autofocus
        />
        <LocalDateInput
          label={t('form.validUntil')}
          description={t('form.validUntilHint')}
          excludeDate={(day) => day < today()}
          value={form.values.validUntil}
          onChange={(day) => form.set('validUntil', day ?? '')}
          error={form.errors.validUntil}
        />
        <FormFooter form={form} submitLabel={t('common:actions.save')} onCancel={onClose} />
      </Stack>
    </form>
  );
}

/** Name and validity date of a sub-account. */
export function EditSubAccountModal({ account, opened, onClose }: DialogProps) {
  const { t } = useTranslation('members');
  return (
    <MembersModal opened={opened} onClose={onClose} title={t('form.editTitle')}>
      {account && <EditForm account={account} onClose={onClose} />}
    </MembersModal>
  );
}

function ResetPasswordForm({ account, onClose }: { account: SubAccount; onClose(): void }) {
  const { t } = useTranslation(['members', 'common']);
  const reset = useResetSubAccountPassword();
  const form = useSchemaForm({ password: '', confirmPassword: '' });
  const submit = form.onSubmit(
    SubAccountPasswordRequestSchema,
    async (input) => {
      await reset.mutateAsync(input);
      toast({ color: 'green', message: t('toasts.passwordReset', { name: account.name }) });
      onClose();
    },
    { input: () => ({ id: account.id, ...form.values }) },
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Alert variant="light" color="orange" icon={<IconLogout size={18} />}>
          {t('resetPassword.notice', { name: account.name })}
        </Alert>
        <NewPasswordFields
          form={form}
          labels={{
            password: t('resetPassword.password'),
            rule: t('form.passwordRule'),
            confirm: t('form.confirmPassword'),
          }}
          autoFocus
        />
        <FormFooter form={form} submitLabel={t('resetPassword.submit')} onCancel={onClose} />
      </Stack>
    </form>
  );
}

/** A new password for a sub-account; its sessions end. */
export function ResetPasswordModal({ account, opened, onClose }: DialogProps) {
  const { t } = useTranslation('members');
  return (
    <MembersModal
      opened={opened}
      onClose={onClose}
      title={t('resetPassword.title', { name: account?.name ?? '' })}
    >
      {account && <ResetPasswordForm account={account} onClose={onClose} />}
    </MembersModal>
  );
}

function PermissionsForm({ account, onClose }: { account: SubAccount; onClose(): void }) {
  const { t } = useTranslation(['members', 'common']);
  const save = useSetSubAccountPermissions();
  const form = useSchemaForm({
    shopIds: account.shopIds,
    grants: account.grants as MenuGrant[],
  });
  const setShopIds = useStableCallback((shopIds: string[]) => form.set('shopIds', shopIds));
  const setGrants = useStableCallback((grants: MenuGrant[]) => form.set('grants', grants));

  const submit = form.onSubmit(
    SubAccountPermissionsRequestSchema,
    async (input) => {
      await save.mutateAsync(input);
      toast({ color: 'green', message: t('toasts.permissionsSaved', { name: account.name }) });
      onClose();
    },
    { input: () => ({ id: account.id, ...form.values }) },
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <ShopPicker value={form.values.shopIds} onChange={setShopIds} error={form.errors.shopIds} />
        <FormSection title={t('permissions.menus')}>
          <Text size="xs" c="dimmed" mb="xs">
            {t('permissions.hint')}
          </Text>
          <MenuGrantsEditor value={form.values.grants} onChange={setGrants} />
        </FormSection>
        <FormFooter form={form} submitLabel={t('common:actions.save')} onCancel={onClose} />
      </Stack>
    </form>
  );
}

/** Which shops a sub-account works on and which menus and buttons it holds. */
export function PermissionsModal({ account, opened, onClose }: DialogProps) {
  const { t } = useTranslation('members');
  return (
    <MembersModal
      opened={opened}
      onClose={onClose}
      title={t('permissions.title', { name: account?.name ?? '' })}
      size="xl"
    >
      {account && <PermissionsForm account={account} onClose={onClose} />}
    </MembersModal>
  );
}
