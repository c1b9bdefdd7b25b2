import {
  Anchor,
  Box,
  Container,
  Divider,
  Group,
  List,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { LogoMark } from '@shared/ui/logo';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type policyMessages from '../../../locales/en/policy.json';
import { LanguageSwitch } from '../../components/language-switch';
import classes from './policy-page.module.css';

/** The two documents, as named in locales/<language>/policy.json. */
type PolicyDocument = 'service' | 'privacy';

/** The English file types the messages; the parity test keeps zh and th to the same shape. */
type PolicyMessages = typeof policyMessages;

/**
 * A section as written in policy.json. The parity test wants every leaf to be a string, so
 * paragraphs and list items are objects keyed p1, p2… / i1, i2…, read in the order written.
 */
interface SectionMessages {
  heading: string;
  paragraphs: Record<string, string>;
  items?: Record<string, string>;
  /** Paragraphs that follow the list. */
  after?: Record<string, string>;
}

interface PolicySection extends SectionMessages {
  /** Element id of the section heading, the target of its table-of-contents link. */
  id: string;
}

/**
 * The sections of a document in the current language. Their shape is the English file's (the
 * locale parity test keeps zh and th identical), and it is checked against `SectionMessages`
 * here, so the page does not depend on where the i18next type augmentation is visible.
 */
function usePolicySections(kind: PolicyDocument): PolicySection[] {
  const { t } = useTranslation('policy');
  const messages: unknown = t(`${kind}.sections`, { returnObjects: true });
  const sections: Record<string, SectionMessages> =
    messages as PolicyMessages[typeof kind]['sections'];
  return Object.entries(sections).map(([key, section]) => ({
    ...section,
    id: `${kind}-${key}`,
  }));
}

function Paragraphs({ texts }: { texts: Record<string, string> | undefined }) {
  return Object.entries(texts ?? {}).map(([key, text]) => <Text key={key}>{text}</Text>);
}

function Section({ section, number }: { section: PolicySection; number: number }) {
  return (
    <Stack component="section" gap="sm" aria-labelledby={section.id}>
      <Title
        order={2}
        id={section.id}
        tabIndex={-1}
        fz={{ base: 'lg', sm: 'xl' }}
        className={`${classes.section} ${classes.sectionHeading}`}
      >
        <span className={classes.number}>{number}.</span> {section.heading}
      </Title>
      <Paragraphs texts={section.paragraphs} />
      {section.items && (
        <List spacing={6} withPadding>
          {Object.entries(section.items).map(([key, item]) => (
            <List.Item key={key}>{item}</List.Item>
          ))}
        </List>
      )}
      <Paragraphs texts={section.after} />
    </Stack>
  );
}

/** A policy document on its own page, outside the signed-in shell: no session needed. */
function PolicyPage({ kind }: { kind: PolicyDocument }) {
  const { t } = useTranslation(['policy', 'common']);
  const sections = usePolicySections(kind);
  const other =
    kind === 'service'
      ? { to: '/secretPolicy' as const, label: t('otherPrivacy') }
      : { to: '/servicePolicy' as const, label: t('otherService') };
  const tocId = `${kind}-toc`;

  return (
    <Box className={classes.page}>
      <Group component="header" justify="space-between" wrap="nowrap" className={classes.topBar}>
        <Group gap="xs" wrap="nowrap" className={classes.brand}>
          <LogoMark size={28} />
          <Text fw={700} className={classes.brandName}>
            {t('common:appName')}
          </Text>
        </Group>
        <LanguageSwitch />
      </Group>
      <Container
        component="main"
        size={760}
        px={{ base: 'sm', sm: 'md' }}
        py={{ base: 'md', sm: 40 }}
      >
        <Paper
          component="article"
          withBorder
          radius="lg"
          shadow="xs"
          p={{ base: 'md', sm: 40 }}
          className={classes.document}
        >
          <Stack gap="xl">
            <Stack gap="xs">
              <Title order={1} fz={{ base: 26, sm: 32 }} lh={1.25}>
                {t(`${kind}.title`)}
              </Title>
              <Text size="sm" c="dimmed">
                {t(`${kind}.updated`)}
              </Text>
              <Text mt="sm">{t(`${kind}.intro`)}</Text>
            </Stack>
            <Box component="nav" aria-labelledby={tocId} className={classes.toc}>
              <Text id={tocId} fw={700} mb="xs">
                {t('toc')}
              </Text>
              <List type="ordered" spacing={2} data-testid="policy-toc">
                {sections.map((section) => (
                  <List.Item key={section.id}>
                    <Anchor href={`#${section.id}`}>{section.heading}</Anchor>
                  </List.Item>
                ))}
              </List>
            </Box>
            {sections.map((section, index) => (
              <Section key={section.id} section={section} number={index + 1} />
            ))}
            <Divider />
            <Group component="nav" justify="space-between" gap="sm">
              <Anchor component={Link} to={other.to}>
                {other.label}
              </Anchor>
              <Anchor component={Link} to="/login">
                {t('backToLogin')}
              </Anchor>
            </Group>
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}

export function ServicePolicyPage() {
  return <PolicyPage kind="service" />;
}

export function SecretPolicyPage() {
  return <PolicyPage kind="privacy" />;
}
