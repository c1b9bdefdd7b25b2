import { Button, Group } from '@mantine/core';
import type { Purchase } from '@shared/contracts/purchases';
import { useFetchFile } from '@shared/queries/files';
import { IconFileTypePdf } from '@tabler/icons-react';
import { saveFile } from '../../components/save-file';

/**
 * A purchase's PDF attachments, each a button that fetches the file with the session (it is served
 * only to the seller's accounts and the purchase's operators) and saves it under its name.
 */
export function PurchaseAttachments({ attachments }: Pick<Purchase, 'attachments'>) {
  const fetchFile = useFetchFile(saveFile);
  if (attachments.length === 0) return null;
  return (
    <Group data-testid="purchase-attachments">
      {attachments.map((file) => (
        <Button
          key={file.id}
          variant="default"
          // A long name is cut with an ellipsis (in full on hover) instead of leaving the screen.
          maw="100%"
          title={file.name}
          styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
          leftSection={<IconFileTypePdf size={16} />}
          loading={fetchFile.isPending && fetchFile.variables?.id === file.id}
          onClick={() => fetchFile.mutate(file)}
        >
          {file.name}
        </Button>
      ))}
    </Group>
  );
}
