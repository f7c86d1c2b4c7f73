import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/Loading';
import { QueryFailed } from '../../components/QueryFailed';
import { formatDay } from '../../fixtures/format';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import type { Language } from '../../i18n';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import type { InfoBlock, InfoContent, InfoDocument, InfoPageName } from './content/types';

/** Each language's texts, a chunk of its own fetched only when an information page opens. */
const LOADERS: Record<Language, () => Promise<{ default: InfoContent }>> = {
  it: () => import('./content/it'),
  en: () => import('./content/en'),
};

/** The shop's information pages (`/privacy`, `/terms`, `/cookies`, `/contacts`, `/help`), in the fan's language. */
export default function InfoPage({ page }: { page: InfoPageName }) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  useDocumentTitle(t(`info.nav.${page}`));
  const content = useQuery({
    queryKey: ['info', language],
    queryFn: async () => (await LOADERS[language]()).default,
    staleTime: Infinity,
  });
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 5 }, px: { xs: 2, sm: 3 } }}>
      {content.isPending && <Loading />}
      {content.isError && <QueryFailed error={content.error} onRetry={() => void content.refetch()} />}
      {content.data !== undefined && <InfoArticle document={content.data[page]} page={page} />}
    </Container>
  );
}

function InfoArticle({ document, page }: { document: InfoDocument; page: InfoPageName }) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  return (
    <Box component="article" data-testid={`info-${page}`} sx={{ display: 'grid', gap: 2, maxWidth: 760 }}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
          {document.title}
        </Typography>
        <Typography variant="body1" color="text.secondary" sx={{ mt: 1 }}>
          {document.intro}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {t('info.updated', { date: formatDay(document.updated, language) })}
        </Typography>
      </Box>
      {document.sections.map((section) => (
        <Box component="section" key={section.heading} sx={{ display: 'grid', gap: 1 }}>
          <Divider />
          <Typography variant="h5" component="h2" sx={{ fontSize: '1.3rem', mt: 1 }}>
            {section.heading}
          </Typography>
          <Blocks blocks={section.body ?? []} />
          {section.faq?.map((entry) => (
            <Box key={entry.question} sx={{ display: 'grid', gap: 0.5, mt: 1 }}>
              <Typography variant="h6" component="h3" sx={{ fontSize: '1.05rem' }}>
                {entry.question}
              </Typography>
              <Blocks blocks={entry.answer} />
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  );
}

function Blocks({ blocks }: { blocks: InfoBlock[] }) {
  return blocks.map((block, index) => {
    if (typeof block === 'string') {
      return (
        <Typography key={index} variant="body1">
          {block}
        </Typography>
      );
    }
    if ('list' in block) {
      return (
        <Box key={index} component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.5 }}>
          {block.list.map((item) => (
            <Typography key={item} component="li" variant="body1">
              {item}
            </Typography>
          ))}
        </Box>
      );
    }
    return (
      <Typography key={index} variant="body1">
        <Link href={block.href} sx={{ fontWeight: 600 }}>
          {block.label}
        </Link>
      </Typography>
    );
  });
}
