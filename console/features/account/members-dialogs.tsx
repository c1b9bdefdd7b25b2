import { Alert, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
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
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { today } from './members-create-modal';
import {
  FormActions,
  FormError,
  FormSection,
  MembersModal,
  PasswordRule,
  useFormFailure,
  useStableCallback,
} from './members-form-parts';
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
  const [failure, setFailure] = useState<string | null>(null);
  const onFailure = useFormFailure(form);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
    setFailure(null);
    const input = await form.check(UpdateSubAccountRequestSchema, {
      id: account.id,
      name: form.values.name,
      validUntil: form.values.validUntil || null,
    });
    if (!input) return;
    try {
      const saved = await update.mutateAsync(input);
      toast({ color: 'green', message: t('toasts.saved', { name: saved.name }) });
      onClose();
    } catch (error) {
      onFailure(error, setFailure);
    }
  }

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
        <TextInput
          type="date"
          label={t('form.validUntil')}
          description={t('form.validUntilHint')}
          min={today()}
          value={form.values.validUntil}
          onChange={(event) => form.set('validUntil', event.currentTarget.value)}
          error={form.errors.validUntil}
        />
        <FormError message={failure} />
        <FormActions
          submitLabel={t('common:actions.save')}
          loading={update.isPending}
          onCancel={onClose}
        />
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
  const [failure, setFailure] = useState<string | null>(null);
  const onFailure = useFormFailure(form);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (reset.isPending) return;
    setFailure(null);
    const input = await form.check(SubAccountPasswordRequestSchema, {
      id: account.id,
      ...form.values,
    });
    if (!input) return;
    try {
      await reset.mutateAsync(input);
      toast({ color: 'green', message: t('toasts.passwordReset', { name: account.name }) });
      onClose();
    } catch (error) {
      onFailure(error, setFailure);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Alert variant="light" color="orange" icon={<IconLogout size={18} />}>
          {t('resetPassword.notice', { name: account.name })}
        </Alert>
        <PasswordInput
          label={t('resetPassword.password')}
          description={<PasswordRule />}
          autoComplete="new-password"
          value={form.values.password}
          onChange={(event) => form.set('password', event.currentTarget.value)}
          error={form.errors.password}
          required
          data-autofocus
        />
        <PasswordInput
          label={t('form.confirmPassword')}
          autoComplete="new-password"
          value={form.values.confirmPassword}
          onChange={(event) => form.set('confirmPassword', event.currentTarget.value)}
          error={form.errors.confirmPassword}
          required
        />
        <FormError message={failure} />
        <FormActions
          submitLabel={t('resetPassword.submit')}
          loading={reset.isPending}
          onCancel={onClose}
        />
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
  const [failure, setFailure] = useState<string | null>(null);
  const onFailure = useFormFailure(form);
  const setShopIds = useStableCallback((shopIds: string[]) => form.set('shopIds', shopIds));
  const setGrants = useStableCallback((grants: MenuGrant[]) => form.set('grants', grants));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    setFailure(null);
    const input = await form.check(SubAccountPermissionsRequestSchema, {
      id: account.id,
      ...form.values,
    });
    if (!input) return;
    try {
      await save.mutateAsync(input);
      toast({ color: 'green', message: t('toasts.permissionsSaved', { name: account.name }) });
      onClose();
    } catch (error) {
      onFailure(error, setFailure);
    }
  }

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
        <FormError message={failure} />
        <FormActions
          submitLabel={t('common:actions.save')}
          loading={save.isPending}
          onCancel={onClose}
        />
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
