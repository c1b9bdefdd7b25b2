import { Box, Group, Loader, Text, ThemeIcon, Tooltip, UnstyledButton } from '@mantine/core';
import { LANGUAGES, type Language } from '@shared/contracts/languages';
import {
  MESSAGE_TYPE_NAMES,
  MESSAGE_UNREAD,
  type Message,
  type MessageType,
} from '@shared/contracts/messages';
import { formatDateTime, intlLocale } from '@shared/i18n/format';
import {
  IconChecklist,
  IconShoppingCart,
  IconSpeakerphone,
  IconTicket,
  IconTruckDelivery,
  IconWallet,
} from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { messageAge } from './message-time';

const TYPE_LOOK = {
  1: { Icon: IconShoppingCart, color: 'blue' },
  2: { Icon: IconTruckDelivery, color: 'orange' },
  3: { Icon: IconChecklist, color: 'teal' },
  4: { Icon: IconWallet, color: 'green' },
  5: { Icon: IconTicket, color: 'grape' },
  6: { Icon: IconSpeakerphone, color: 'red' },
} as const satisfies Record<MessageType, { Icon: unknown; color: string }>;

/** The type's icon in its colour, named for screen readers. */
export function MessageTypeIcon({ type, size = 32 }: { type: MessageType; size?: number }) {
  const { t } = useTranslation('messages');
  const { Icon, color } = TYPE_LOOK[type];
  return (
    <ThemeIcon
      size={size}
      radius="xl"
      variant="light"
      color={color}
      role="img"
      aria-label={t(`types.${MESSAGE_TYPE_NAMES[type]}`)}
    >
      <Icon size={Math.round(size * 0.55)} stroke={1.7} />
    </ThemeIcon>
  );
}

/** "Just now", "5 minutes ago", "3 hours ago", "1 day ago", then the date (spec section 9). */
function useMessageTime() {
  const { t, i18n } = useTranslation('messages');
  const language = (
    LANGUAGES.includes(i18n.language as Language) ? i18n.language : 'en'
  ) as Language;
  const relative = useMemo(
    () => new Intl.RelativeTimeFormat(intlLocale(language), { numeric: 'always' }),
    [language],
  );
  return (createTime: string, now = Date.now()) => {
    const age = messageAge(createTime, now);
    switch (age.unit) {
      case 'justNow':
        return t('time.justNow');
      case 'date':
        return formatDateTime(createTime, language);
      default:
        return relative.format(-age.value, age.unit);
    }
  };
}

/** When a message came, relative, with the exact date and time on hover. */
function MessageTime({ message }: { message: Pick<Message, 'createTime'> }) {
  const { i18n } = useTranslation('messages');
  const format = useMessageTime();
  const language = (
    LANGUAGES.includes(i18n.language as Language) ? i18n.language : 'en'
  ) as Language;
  return (
    <Tooltip label={formatDateTime(message.createTime, language)} openDelay={400}>
      <Text component="time" dateTime={message.createTime} size="xs" c="dimmed">
        {format(message.createTime)}
      </Text>
    </Tooltip>
  );
}

/** One message in a list (the bell's, the message center's): unread ones highlighted and in bold. */
export function MessageLine({
  message,
  busy,
  withType = false,
  onOpen,
}: {
  message: Message;
  busy: boolean;
  /** Name the type beside the time (the icon alone says it in the bell). */
  withType?: boolean;
  onOpen(): void;
}) {
  const { t } = useTranslation('messages');
  const unread = message.isRead === MESSAGE_UNREAD;
  return (
    <UnstyledButton
      onClick={onOpen}
      w="100%"
      px="md"
      py="sm"
      data-testid="message-line"
      data-type={message.type}
      data-unread={unread || undefined}
      aria-busy={busy || undefined}
      style={(theme) => ({
        display: 'block',
        borderRadius: theme.radius.sm,
        background: unread ? 'var(--mantine-primary-color-light)' : undefined,
      })}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <MessageTypeIcon type={message.type} />
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={unread ? 600 : 400} lineClamp={2}>
            {message.title}
          </Text>
          <Group gap={6} mt={2}>
            {withType && (
              <Text size="xs" c="dimmed">
                {t(`types.${MESSAGE_TYPE_NAMES[message.type]}`)} ·
              </Text>
            )}
            <MessageTime message={message} />
            {unread && (
              <Text size="xs" c="red" fw={500}>
                · {t('list.unreadMark')}
              </Text>
            )}
          </Group>
        </Box>
        {busy && <Loader size={14} mt={4} />}
      </Group>
    </UnstyledButton>
  );
}
