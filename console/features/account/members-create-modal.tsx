import {
  Divider,
  Group,
  PasswordInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { CreateSubAccountRequestSchema, type MenuGrant } from '@shared/contracts/sub-accounts';
import { useCountryOptions } from '@shared/queries/register';
import { useCreateSubAccount } from '@shared/queries/sub-accounts';
import { useSession } from '@shared/session/react';
import { useErrorText } from '@shared/ui/error-message';
import { toast } from '@shared/ui/toast';
import { useSchemaForm } from '@shared/ui/use-schema-form';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalDateInput } from '../../components/date-fields';
import {
  FormFooter,
  FormSection,
  isAccountInUse,
  MembersModal,
  PasswordRule,
  useStableCallback,
} from './members-form-parts';
import { HOME_ONLY, MenuGrantsEditor, ShopPicker } from './members-permissions-editor';

type AccountType = 'email' | 'phone';

/** Today as YYYY-MM-DD in the user's time zone: the earliest validity date worth picking. */
export function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function CreateForm({ onClose }: { onClose(): void }) {
  const { t, i18n } = useTranslation(['members', 'common']);
  const site = useSession()?.user.site;
  const countries = useCountryOptions(i18n.language).data ?? [];
  // The account's own country first chosen, else the first the server lists.
  const defaultTelCode = (countries.find((c) => c.country === site) ?? countries[0])?.code ?? '';
  const create = useCreateSubAccount();
  const typeLabelId = useId();
  const form = useSchemaForm({
    accountType: 'email' as AccountType,
    email: '',
    telCode: '',
    phone: '',
    name: '',
    password: '',
    confirmPassword: '',
    validUntil: '',
    shopIds: [] as string[],
    grants: HOME_ONLY as MenuGrant[],
  });
  const errorText = useErrorText();
  const setShopIds = useStableCallback((shopIds: string[]) => form.set('shopIds', shopIds));
  const setGrants = useStableCallback((grants: MenuGrant[]) => form.set('grants', grants));
  const { values } = form;

  const submit = form.onSubmit(
    CreateSubAccountRequestSchema,
    async (input) => {
      const created = await create.mutateAsync(input);
      toast({ color: 'green', message: t('toasts.created', { name: created.name }) });
      onClose();
    },
    {
      input: () => ({
        accountType: values.accountType,
        ...(values.accountType === 'email'
          ? { email: values.email.trim() }
          : { telCode: values.telCode || defaultTelCode, phone: values.phone }),
        name: values.name,
        password: values.password,
        confirmPassword: values.confirmPassword,
        validUntil: values.validUntil || null,
        shopIds: values.shopIds,
        grants: values.grants,
      }),
      // An address that already has an account is said on its field.
      onError: (error) => {
        if (!isAccountInUse(error)) return false;
        form.setError(values.accountType, errorText(error));
        return true;
      },
    },
  );

  const telCodes = countries.map(({ code, name }) => ({ value: code, label: `${code} ${name}` }));

  return (
    <form onSubmit={submit} noValidate data-testid="member-create-form">
      <Stack gap="lg">
        <FormSection title={t('form.accountSection')}>
          <Stack gap="sm">
            <Stack gap={4}>
              <Text size="sm" fw={500} id={typeLabelId}>
                {t('form.accountType')}
              </Text>
              <SegmentedControl
                aria-labelledby={typeLabelId}
                value={values.accountType}
                onChange={(value) => form.set('accountType', value as AccountType)}
                data={[
                  { value: 'email', label: t('form.email') },
                  { value: 'phone', label: t('form.phone') },
                ]}
                fullWidth
              />
            </Stack>
            {values.accountType === 'email' ? (
              <TextInput
                label={t('form.email')}
                placeholder={t('form.emailPlaceholder')}
                type="email"
                name="email"
                autoComplete="off"
                value={values.email}
                onChange={(event) => form.set('email', event.currentTarget.value)}
                error={form.errors.email}
                required
                data-autofocus
              />
            ) : (
              <Group gap="xs" align="flex-start" wrap="nowrap">
                <Select
                  label={t('form.telCode')}
                  data={telCodes}
                  value={values.telCode || defaultTelCode || null}
                  onChange={(value) => value && form.set('telCode', value)}
                  allowDeselect={false}
                  w={150}
                  error={form.errors.telCode}
                  comboboxProps={{ withinPortal: true }}
                />
                <TextInput
                  label={t('form.phoneNumber')}
                  placeholder={t('form.phonePlaceholder')}
                  type="tel"
                  inputMode="tel"
                  autoComplete="off"
                  value={values.phone}
                  onChange={(event) => form.set('phone', event.currentTarget.value)}
                  error={form.errors.phone}
                  required
                  style={{ flex: 1 }}
                />
              </Group>
            )}
            <TextInput
              label={t('form.name')}
              placeholder={t('form.namePlaceholder')}
              maxLength={40}
              name="name"
              value={values.name}
              onChange={(event) => form.set('name', event.currentTarget.value)}
              error={form.errors.name}
              required
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <PasswordInput
                label={t('form.password')}
                autoComplete="new-password"
                name="password"
                value={values.password}
                onChange={(event) => form.set('password', event.currentTarget.value)}
                error={form.errors.password}
                required
              />
              <PasswordInput
                label={t('form.confirmPassword')}
                autoComplete="new-password"
                name="confirmPassword"
                value={values.confirmPassword}
                onChange={(event) => form.set('confirmPassword', event.currentTarget.value)}
                error={form.errors.confirmPassword}
                required
              />
            </SimpleGrid>
            <PasswordRule />
            <LocalDateInput
              label={t('form.validUntil')}
              description={t('form.validUntilHint')}
              excludeDate={(day) => day < today()}
              value={values.validUntil}
              onChange={(day) => form.set('validUntil', day ?? '')}
              error={form.errors.validUntil}
              maw={260}
            />
          </Stack>
        </FormSection>
        <Divider />
        <FormSection title={t('form.accessSection')}>
          <Stack gap="md">
            <ShopPicker value={values.shopIds} onChange={setShopIds} error={form.errors.shopIds} />
            <Stack gap={6}>
              <div>
                <Text size="sm" fw={500}>
                  {t('permissions.menus')}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('permissions.hint')}
                </Text>
              </div>
              <MenuGrantsEditor value={values.grants} onChange={setGrants} />
            </Stack>
          </Stack>
        </FormSection>
        <FormFooter form={form} submitLabel={t('form.submitCreate')} onCancel={onClose} />
      </Stack>
    </form>
  );
}

/** A new sub-account: how it signs in, its name and password, validity, shops and menus. */
export function CreateSubAccountModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation('members');
  return (
    <MembersModal opened={opened} onClose={onClose} title={t('form.createTitle')} size="xl">
      <CreateForm onClose={onClose} />
    </MembersModal>
  );
}
