import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** A full-page answer (404, 401): the code, what happened, and the way back to the dashboard. */
export function StatusPage(props: {
  code: string;
  title: string;
  description: string;
  back: string;
}) {
  return (
    <Center mih="100dvh" p="xl">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <Text fz={96} fw={800} c="cmp.2" lh={1} aria-hidden>
          {props.code}
        </Text>
        <Title order={2}>{props.title}</Title>
        <Text c="dimmed">{props.description}</Text>
        <Button component={Link} to="/cmpDashboard" mt="md">
          {props.back}
        </Button>
      </Stack>
    </Center>
  );
}
