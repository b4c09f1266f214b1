/* The staff "Settings" area (issue 23, decision 0086): <shell>/settings lists the sections the user's roles allow in
 * this shell (app/admin/settingsSections.js); <shell>/settings/<path> opens one as a lazy chunk. A section the user
 * may not open, or one that does not exist, is "not found" — the server checks the role again on every call. */
import { Suspense } from 'react';
import { useSelector } from 'react-redux';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import PageLoader from '../../components/PageLoader';
import useDocumentTitle from '../../components/focus/useDocumentTitle';
import { hasRole, useDomain } from '../../domain';
import { selectUser } from '../../session/sessionSlice';
import { NotFoundPage } from '../../features/admin';
import { lazyWithCatalogues } from '../lazyWithCatalogues';
import { SETTINGS_SECTIONS, settingsSectionsFor } from './settingsSections';

// One React.lazy component per section, made once: a new one on every render would remount the page.
const pages = new Map();
function sectionPage(section) {
  if (!pages.has(section.key)) pages.set(section.key, lazyWithCatalogues(section.load));
  return pages.get(section.key);
}

function useSections(shell, sections) {
  const user = useSelector(selectUser);
  const domain = useDomain();
  return settingsSectionsFor(user, shell.key, hasRole, domain, sections);
}

/** The landing page: one card per section, its name and what it is for. */
export function SettingsLandingPage({ shell, sections = SETTINGS_SECTIONS }) {
  const { t } = useTranslation();
  const allowed = useSections(shell, sections);
  useDocumentTitle(t('settings.title'), t('admin_shell.title'));
  return (
    <Box data-testid="settings-page">
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('settings.title')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('settings.intro')}</Typography>
      {allowed.length === 0 ? (
        <Typography data-testid="settings-empty">{t('settings.empty')}</Typography>
      ) : (
        <Box
          component="ul"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', lg: '1fr 1fr 1fr' } }}
        >
          {allowed.map((section) => (
            <Box component="li" key={section.key}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardActionArea
                  component={RouterLink}
                  to={`${shell.base}/settings/${section.path}`}
                  sx={{ height: '100%', alignItems: 'flex-start' }}
                  data-testid={`settings-section-${section.key}`}
                >
                  <CardContent>
                    <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
                      {t(section.labelKey)}
                    </Typography>
                    <Typography variant="body2">{t(section.descriptionKey)}</Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** One section, by its path, if the user's roles allow it in this shell. */
export function SettingsSectionPage({ shell, sections = SETTINGS_SECTIONS }) {
  const { section: path } = useParams();
  const allowed = useSections(shell, sections);
  const section = allowed.find((item) => item.path === path);
  if (!section) return <NotFoundPage shell={shell} />;
  const Page = sectionPage(section);
  return (
    <Suspense fallback={<PageLoader />}>
      <Page shell={shell} section={section} />
    </Suspense>
  );
}
