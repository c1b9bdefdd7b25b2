import { ActionIcon, Popover, Stack, Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A header button with a titled popover below it (customer service, app download). The body is
 * rendered only while it is open, so its data loads on first use.
 */
export function HeaderPopover(props: {
  label: string;
  icon: ReactNode;
  title: string;
  hint: string;
  opened: boolean;
  onOpenedChange(opened: boolean): void;
  onToggle(): void;
  testId: string;
  width?: number;
  children: ReactNode;
}) {
  return (
    <Popover
      opened={props.opened}
      onChange={props.onOpenedChange}
      position="bottom-end"
      withArrow
      shadow="md"
      radius="md"
      trapFocus={false}
    >
      <Popover.Target>
        <Tooltip label={props.label} disabled={props.opened}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={props.label}
            aria-expanded={props.opened}
            onClick={props.onToggle}
            data-testid={`${props.testId}-button`}
          >
            {props.icon}
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown
        p="md"
        {...(props.width ? { w: props.width } : {})}
        maw="calc(100vw - 16px)"
        data-testid={`${props.testId}-popover`}
        aria-label={props.title}
      >
        <Stack gap="sm">
          <div>
            <Text fw={600}>{props.title}</Text>
            <Text size="xs" c="dimmed">
              {props.hint}
            </Text>
          </div>
          {props.opened ? props.children : null}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
