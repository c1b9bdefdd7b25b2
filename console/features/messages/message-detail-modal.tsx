import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { type MessageDetail, NoticeDatasSchema } from '@shared/contracts/messages';
import { formatDateTime } from '@shared/i18n/format';
import { useTranslation } from 'react-i18next';
import { MessageTypeIcon } from './message-parts';

type Language = 'zh' | 'th' | 'en';
type Field = { name: string; value: string };

/** "shipmentNo" -> "Shipment no": a field name of a notice read as a label. */
function labelOf(name: string): string {
  const words = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null))
    return value.join(', ');
  return JSON.stringify(value);
}

/** What a notice's datas says: a title and text when it has them, its other fields as a list. */
function readNotice(datas: unknown): { title?: string; content?: string; fields: Field[] } {
  if (datas === null || datas === undefined) return { fields: [] };
  if (typeof datas !== 'object' || Array.isArray(datas))
    return { content: textOf(datas), fields: [] };
  const parsed = NoticeDatasSchema.safeParse(datas);
  const { title, content, ...rest } = parsed.success
    ? parsed.data
    : (datas as Record<string, unknown>);
  const fields = Object.entries(rest)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([name, value]) => ({ name: labelOf(name), value: textOf(value) }));
  return {
    ...(typeof title === 'string' && title.trim() ? { title } : {}),
    ...(typeof content === 'string' && content.trim() ? { content } : {}),
    fields,
  };
}

/** The dialog of a type-6 message (spec section 4): its datas, worded rather than dumped. */
export function MessageDetailModal({
  detail,
  onClose,
}: {
  detail: MessageDetail | null;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation(['messages', 'common']);
  const language = i18n.language as Language;
  const notice = readNotice(detail?.datas);
  return (
    <Modal
      opened={detail !== null}
      onClose={onClose}
      centered
      size="lg"
      title={
        detail && (
          <Group gap="sm" wrap="nowrap">
            <MessageTypeIcon type={detail.type} size={28} />
            <Text fw={600}>{notice.title ?? detail.title}</Text>
          </Group>
        )
      }
    >
      {detail && (
        <Stack gap="md" data-testid="message-detail">
          <Text size="xs" c="dimmed">
            {t('detail.receivedAt', { time: formatDateTime(detail.createTime, language) })}
          </Text>
          {notice.title && notice.title !== detail.title && (
            <Text size="sm" fw={500}>
              {detail.title}
            </Text>
          )}
          {notice.content ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {notice.content}
            </Text>
          ) : notice.fields.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('detail.noContent')}
            </Text>
          ) : null}
          {notice.fields.length > 0 && (
            <Table withRowBorders={false} verticalSpacing={4} layout="fixed">
              <Table.Tbody>
                {notice.fields.map((field) => (
                  <Table.Tr key={field.name}>
                    <Table.Th w="35%" fw={500} c="dimmed" fz="sm">
                      {field.name}
                    </Table.Th>
                    <Table.Td fz="sm" style={{ overflowWrap: 'anywhere' }}>
                      {field.value}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} data-autofocus>
              {t('common:actions.close')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
