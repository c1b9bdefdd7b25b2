import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Divider,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { type Profile, UpdateProfileQuerySchema } from '@shared/contracts/accounts';
import { useUpdateProfile } from '@shared/queries/profile';
import { useErrorText } from '@shared/ui/error-message';
import { toast } from '@shared/ui/toast';
import { useSchemaForm } from '@shared/ui/use-schema-form';
import { IconPencil } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRefreshSessionUser } from '../../components/use-refresh-session-user';
import { SettingsAvatar } from './settings-avatar';
import { InfoRow, useFormatDate, useSettingsPermission } from './settings-common';

/** The name in place, or (after Edit) a small form: Enter saves, Escape cancels. */
function NameEditor({ profile, canEdit }: { profile: Profile; canEdit: boolean }) {
  const { t } = useTranslation(['settings', 'common']);
  const errorText = useErrorText();
  const refreshSessionUser = useRefreshSessionUser();
  const update = useUpdateProfile();
  const form = useSchemaForm({ name: profile.name });
  const [editing, setEditing] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Keyboard: the field takes the focus when editing starts, the Edit button gets it back after.
  useEffect(() => {
    if (editing) inputRef.current?.focus();
    else if (wasEditing.current) editRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  function start() {
    form.setValues({ name: profile.name });
    form.setErrors({});
    setEditing(true);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
    const values = await form.check(UpdateProfileQuerySchema, { name: form.values.name });
    if (!values?.name) return;
    if (values.name === profile.name) {
      setEditing(false);
      return;
    }
    try {
      await update.mutateAsync({ name: values.name });
      await refreshSessionUser();
      toast({ color: 'green', message: t('profile.nameSaved') });
      setEditing(false);
    } catch (failure) {
      if (!form.showServerErrors(failure)) form.setErrors({ name: errorText(failure) });
    }
  }

  if (!editing) {
    return (
      <Group gap={6} wrap="nowrap">
        <Title order={3} size="h4" data-testid="profile-name" style={{ wordBreak: 'break-word' }}>
          {profile.name}
        </Title>
        {canEdit && (
          <Tooltip label={t('profile.editName')} withArrow>
            <ActionIcon
              ref={editRef}
              variant="subtle"
              color="gray"
              aria-label={t('profile.editName')}
              onClick={start}
            >
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    );
  }

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="xs">
        <TextInput
          label={t('profile.name')}
          description={t('profile.nameHint')}
          value={form.values.name}
          onChange={(event) => form.set('name', event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              setEditing(false);
            }
          }}
          error={form.errors.name}
          autoComplete="name"
          ref={inputRef}
        />
        <Group gap="xs">
          <Button type="submit" size="xs" loading={update.isPending}>
            {t('common:actions.save')}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => setEditing(false)}
            disabled={update.isPending}
          >
            {t('common:actions.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Avatar and name (editable with the `edit` button), then the account's read-only facts. */
export function SettingsProfileCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation(['settings', 'common']);
  const formatDate = useFormatDate();
  const canEdit = useSettingsPermission('edit');
  const notSet = (
    <Text span size="sm" c="dimmed">
      {t('notSet')}
    </Text>
  );

  return (
    <Card withBorder radius="md" padding="lg" data-testid="profile-card">
      <Text fw={600} mb="md">
        {t('profile.title')}
      </Text>
      <SettingsAvatar profile={profile} canEdit={canEdit}>
        <NameEditor profile={profile} canEdit={canEdit} />
      </SettingsAvatar>
      <Divider my="md" />
      <Stack gap={4}>
        <InfoRow label={t('profile.email')} testId="profile-email">
          {profile.email ?? notSet}
        </InfoRow>
        <InfoRow label={t('profile.phone')} testId="profile-phone">
          {profile.phone ?? notSet}
        </InfoRow>
        <InfoRow label={t('profile.accountType')} testId="profile-account-type">
          <Badge variant="light" color={profile.isMain ? 'cmp' : 'gray'}>
            {profile.isMain ? t('profile.mainAccount') : t('profile.subAccount')}
          </Badge>
        </InfoRow>
        <InfoRow label={t('profile.site')} testId="profile-site">
          {t(`common:sites.${profile.site}`)}
        </InfoRow>
        {profile.businessType && (
          <InfoRow label={t('profile.businessType')} testId="profile-business-type">
            {t(`common:businessTypes.${profile.businessType}`)}
          </InfoRow>
        )}
        <InfoRow label={t('profile.memberSince')} testId="profile-member-since">
          {formatDate(profile.createdAt)}
        </InfoRow>
      </Stack>
    </Card>
  );
}
