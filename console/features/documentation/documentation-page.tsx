import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Center,
  Code,
  Container,
  Grid,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  ACCESS_LEVELS,
  type AccessLevel,
  API_REFERENCE_PATH,
  type ApiReference,
} from '@shared/contracts/api-reference';
import { useApi } from '@shared/queries/api-context';
import { useErrorText } from '@shared/ui/error-message';
import { LogoMark } from '@shared/ui/logo';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { memo, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/language-switch';
import classes from './documentation.module.css';
import {
  type Endpoint,
  type EndpointGroup,
  endpointGroups,
  type FieldRow,
  matches,
} from './documentation-model';

const METHOD_COLORS: Record<string, string> = {
  GET: 'blue',
  POST: 'green',
  PUT: 'orange',
  PATCH: 'grape',
  DELETE: 'red',
};

const ACCESS_COLORS: Record<AccessLevel, string> = {
  public: 'teal',
  client: 'cyan',
  session: 'indigo',
  main: 'violet',
};

const groupId = (tag: string) => `group-${tag}`;

type Loaded =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; reference: ApiReference };

/** The OpenAPI document from the server, loaded once per mount. */
function useApiReference(): Loaded {
  const api = useApi();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    api.apiReference.get({ signal: controller.signal }).then(
      (reference) => setLoaded({ status: 'ready', reference }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ status: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [api]);
  return loaded;
}

/** The filter lives in the URL (`?q=`), so a filtered reference can be shared. */
function useFilter(): [string, (value: string) => void] {
  const search: { q?: unknown } = useSearch({ strict: false });
  const navigate = useNavigate();
  const value = search.q === undefined || search.q === null ? '' : String(search.q);
  const set = (next: string) =>
    void navigate({
      to: '.',
      search: (previous: Record<string, unknown>) => ({ ...previous, q: next || undefined }),
      replace: true,
    });
  return [value, set];
}

/** Parameters, body or response fields of one endpoint. */
const FieldTable = memo(function FieldTable({
  rows,
  withIn,
}: {
  rows: FieldRow[];
  withIn?: boolean;
}) {
  const { t } = useTranslation('documentation');
  return (
    <div className={classes.scroll}>
      <table className={classes.fields}>
        <thead>
          <tr>
            <th>{t('columns.name')}</th>
            {withIn && <th>{t('columns.in')}</th>}
            <th>{t('columns.type')}</th>
            <th>{t('columns.required')}</th>
            <th>{t('columns.constraints')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.in ?? ''}:${row.name}`}>
              <td>
                <code className={classes.code}>{row.name}</code>
              </td>
              {withIn && <td>{row.in}</td>}
              <td>
                <span className={classes.type}>{row.type}</span>
              </td>
              <td>{row.required ? t('required.yes') : t('required.no')}</td>
              <td>
                {row.constraints.map((constraint) => (
                  <span key={constraint.key} className={classes.constraint}>
                    {t(`constraints.${constraint.key}`, { value: constraint.value })}
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});

/** One call: its method and path, access, permission and fields (kept as is while the filter changes). */
const EndpointCard = memo(function EndpointCard({ endpoint }: { endpoint: Endpoint }) {
  const { t } = useTranslation('documentation');
  const name = `${endpoint.method} ${endpoint.path}`;
  const { permission } = endpoint;
  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="md"
      id={endpoint.id}
      aria-labelledby={`${endpoint.id}-title`}
      data-testid="endpoint"
      style={{ scrollMarginTop: 16 }}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} fz="md" id={`${endpoint.id}-title`} style={{ wordBreak: 'break-all' }}>
            <Badge
              color={METHOD_COLORS[endpoint.method] ?? 'gray'}
              radius="sm"
              w={64}
              mr={8}
              style={{ verticalAlign: 'middle' }}
            >
              {endpoint.method}
            </Badge>{' '}
            <Code fz="sm">{endpoint.path}</Code>
          </Title>
          <Anchor href={`#${endpoint.id}`} aria-label={t('anchor', { name })} c="dimmed">
            #
          </Anchor>
        </Group>
        {endpoint.summary && <Text size="sm">{endpoint.summary}</Text>}
        <Group gap="xs">
          <Badge
            variant="light"
            color={ACCESS_COLORS[endpoint.access]}
            title={t(`accessHelp.${endpoint.access}`)}
            data-testid="endpoint-access"
          >
            {t(`access.${endpoint.access}`)}
          </Badge>
          {permission && (
            <Text size="xs" c="dimmed" data-testid="endpoint-permission">
              {t('permission')}:{' '}
              <Code>
                {permission.button
                  ? t('permissionButton', { menu: permission.menu, button: permission.button })
                  : permission.menu}
              </Code>
            </Text>
          )}
        </Group>
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {t('parameters')}
          </Text>
          {endpoint.parameters.length > 0 ? (
            <FieldTable rows={endpoint.parameters} withIn />
          ) : (
            <Text size="sm" c="dimmed">
              {t('noParameters')}
            </Text>
          )}
        </Stack>
        {endpoint.body && (
          <Stack gap={4}>
            <Text fw={600} size="sm">
              {t('body')}
            </Text>
            <FieldTable rows={endpoint.body} />
          </Stack>
        )}
        {endpoint.response && (
          <Stack gap={4}>
            <Text fw={600} size="sm">
              {t('response')}
            </Text>
            <FieldTable rows={endpoint.response} />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
});

/** What every call shares: the envelope, the headers, the access levels. */
function Overview({ reference }: { reference: ApiReference }) {
  const { t } = useTranslation('documentation');
  const headers = Object.values(reference.components.parameters ?? {});
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg">
            {t('envelope.title')}
          </Title>
          <Text size="sm">{t('envelope.text')}</Text>
        </Stack>
        <Stack gap={4}>
          <Title order={2} fz="lg">
            {t('headers.title')}
          </Title>
          <Text size="sm">{t('headers.text')}</Text>
          <Group gap="xs">
            {headers.map((header) => (
              <Code key={header.name}>
                {header.name}
                {Array.isArray(header.schema?.enum) ? `: ${header.schema.enum.join(' | ')}` : ''}
              </Code>
            ))}
          </Group>
        </Stack>
        <Stack gap={4}>
          <Title order={2} fz="lg">
            {t('accessLevels')}
          </Title>
          {ACCESS_LEVELS.map((level) => (
            <Group key={level} gap="xs" wrap="nowrap">
              <Badge variant="light" color={ACCESS_COLORS[level]} miw={110}>
                {t(`access.${level}`)}
              </Badge>
              <Text size="sm">{t(`accessHelp.${level}`)}</Text>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

function Reference({ reference }: { reference: ApiReference }) {
  const { t } = useTranslation('documentation');
  const [filter, setFilter] = useFilter();
  // Summaries in the reader's language (the document's own are English); one the words do not
  // know yet stays as the document says it.
  const groups = useMemo(
    () =>
      endpointGroups(reference).map((group) => ({
        ...group,
        endpoints: group.endpoints.map((endpoint) => ({
          ...endpoint,
          summary:
            endpoint.summary &&
            t(`summaries.${endpoint.id}` as 'summaries.get_api_docs_openapi_json', {
              defaultValue: endpoint.summary,
            }),
        })),
      })),
    [reference, t],
  );
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const shown: EndpointGroup[] = groups
    .map((group) => ({
      ...group,
      endpoints: group.endpoints.filter((endpoint) =>
        matches(endpoint, words, t(`access.${endpoint.access}`)),
      ),
    }))
    .filter((group) => group.endpoints.length > 0);
  const count = shown.reduce((total, group) => total + group.endpoints.length, 0);

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Box component="nav" aria-labelledby="documentation-contents" pos="sticky" top={16}>
          <Text id="documentation-contents" fw={700} mb="xs">
            {t('contents')}
          </Text>
          <Stack gap={4} data-testid="documentation-contents">
            {shown.map((group) => (
              <Anchor key={group.tag} href={`#${groupId(group.tag)}`} size="sm">
                {group.tag} ({group.endpoints.length})
              </Anchor>
            ))}
          </Stack>
        </Box>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <Stack gap="lg">
          <Overview reference={reference} />
          <Stack gap={4}>
            <TextInput
              label={t('filter.label')}
              placeholder={t('filter.placeholder')}
              leftSection={<IconSearch size={16} />}
              value={filter}
              onChange={(event) => setFilter(event.currentTarget.value)}
              type="search"
            />
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="endpoint-count">
              {t('count', { count })}
            </Text>
          </Stack>
          {shown.length === 0 && (
            <Text c="dimmed" role="status">
              {t('filter.empty', { query: filter })}
            </Text>
          )}
          {shown.map((group) => (
            <Stack
              key={group.tag}
              component="section"
              gap="sm"
              aria-labelledby={groupId(group.tag)}
            >
              <Title
                order={2}
                id={groupId(group.tag)}
                fz="xl"
                style={{ scrollMarginTop: 16 }}
                tabIndex={-1}
              >
                {group.tag}
              </Title>
              {group.endpoints.map((endpoint) => (
                <EndpointCard key={endpoint.id} endpoint={endpoint} />
              ))}
            </Stack>
          ))}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** Loads the reference and shows it, or why it could not. */
function LoadedReference({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation(['documentation', 'common']);
  const errorText = useErrorText();
  const loaded = useApiReference();
  if (loaded.status === 'loading') {
    return (
      <Center py="xl">
        <Stack align="center" gap="xs" role="status">
          <Loader />
          <Text c="dimmed">{t('common:loading')}</Text>
        </Stack>
      </Center>
    );
  }
  if (loaded.status === 'failed') {
    return (
      <Stack maw={520} gap="sm">
        <Alert color="red" variant="light" role="alert" title={t('loadFailed')}>
          {errorText(loaded.error)}
        </Alert>
        <Group>
          <Button onClick={onRetry}>{t('common:actions.retry')}</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <Group gap="md">
        <Text size="sm" c="dimmed">
          {t('version', {
            openapi: loaded.reference.openapi,
            version: loaded.reference.info.version,
          })}
        </Text>
        <Anchor href={API_REFERENCE_PATH} size="sm" target="_blank" rel="noopener">
          {t('download')}
        </Anchor>
      </Group>
      <Reference reference={loaded.reference} />
    </Stack>
  );
}

/**
 * /documentation/index: the API reference, generated from the server's route table (its OpenAPI
 * document). Readable without signing in, on its own page with the logo and the language switch.
 */
export function DocumentationPage() {
  const { t } = useTranslation(['documentation', 'common']);
  // A new attempt mounts a fresh loader.
  const [attempt, setAttempt] = useState(0);

  return (
    <Box mih="100dvh" bg="gray.0">
      <Group
        component="header"
        justify="space-between"
        wrap="nowrap"
        px={{ base: 'sm', sm: 'lg' }}
        h={56}
        bg="white"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Group gap="xs" wrap="nowrap">
          <LogoMark size={28} />
          <Text fw={700} truncate>
            {t('common:appName')}
          </Text>
        </Group>
        <LanguageSwitch />
      </Group>
      <Container component="main" size="xl" px={{ base: 'sm', sm: 'lg' }} py="lg">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} fz={{ base: 26, sm: 32 }}>
              {t('title')}
            </Title>
            <Text c="dimmed">{t('intro')}</Text>
          </Stack>
          <LoadedReference key={attempt} onRetry={() => setAttempt((n) => n + 1)} />
        </Stack>
      </Container>
    </Box>
  );
}
