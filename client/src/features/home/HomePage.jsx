import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid2';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import NavCard from '../../components/NavCard';
import DormitoryLink from '../../components/DormitoryLink';
import HomeMessages from './HomeMessages';
import DeadlinesButton from './DeadlinesButton';
import { usePublicConfig } from '../../api/publicConfigApi';
import { useGetHomeCardsQuery } from '../../api/homeCardsApi';
import { isShellUser, selectToken, selectUser } from '../../session/sessionSlice';
import { useDomain } from '../../domain';
import { homeCardPath, homeCardShown } from './homeCards';
import useDocumentTitle from '../../components/focus/useDocumentTitle';

/** Home (req §1): main cards and side cards. A citizen of Kazakhstan's grant and fee-paying cards go straight to the
 * stepper with that path; their "Apply" card opens /local-select-path (homeCards.js). */
export default function HomePage() {
  const { t } = useTranslation();
  const user = useSelector(selectUser);
  const token = useSelector(selectToken);
  const config = usePublicConfig();
  const domain = useDomain();
  // Anonymous visitors see the cards; acting on one starts with signing in.
  const pathOf = (card) => homeCardPath(card, user, domain);
  const govGrantUrl = config && config.gov_grant_url;
  // Signed in: the server says which main cards apply (no citizens' grant card for a foreigner); until it answers,
  // the stored citizenship does (homeCards.js). Anonymous visitors see every card.
  const cards = useGetHomeCardsQuery(undefined, { skip: !token });
  const shows = (card) => !token || homeCardShown(card, user, domain, cards.data && cards.data.main);
  // The prerendered page (SHELL_USER: nobody is known yet) shows no cards: which ones apply depends on who signs in
  // (a foreigner gets no citizens' grant cards), and cards drawn for everyone and then taken away moved the rest
  // (layout shift 0.23 on a phone, decision 0070). Nor an empty grid: its columns, stretched over the kept space,
  // moved up when the cards came (0.05). A plain box keeps the space; the grid then appears in it as new nodes,
  // which move nothing.
  const known = !isShellUser(user);

  useDocumentTitle(t('home.title'));

  return (
    <>
      <Typography component="h1" variant="h1" gutterBottom>
        {t('home.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {t('home.subtitle')}
      </Typography>
      <DormitoryLink sx={{ mb: 3 }} />
      <DeadlinesButton sx={{ mb: 3 }} />
      <HomeMessages enabled={Boolean(token)} />
      {!known && <Box aria-busy="true" aria-label={t('home.main_cards')} role="region" sx={{ minHeight: '100vh' }} />}
      {known && (
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Grid container spacing={2} component="section" aria-label={t('home.main_cards')}>
            {shows('scholarship') && (
              <Grid size={{ xs: 12, sm: 6 }}>
                <NavCard
                  title={t('home.cards.scholarship.title')}
                  description={t('home.cards.scholarship.description')}
                  to={pathOf('scholarship')}
                  testId="card-scholarship"
                />
              </Grid>
            )}
            <Grid size={{ xs: 12, sm: 6 }}>
              <NavCard
                title={t('home.cards.partners.title')}
                description={t('home.cards.partners.description')}
                disabled
                testId="card-partners"
              />
            </Grid>
            {shows('gov_grant') && (
              <Grid size={{ xs: 12, sm: 6 }}>
                <NavCard
                  title={t('home.cards.gov_grant.title')}
                  description={t('home.cards.gov_grant.description')}
                  href={govGrantUrl || undefined}
                  disabled={!govGrantUrl}
                  testId="card-gov-grant"
                />
              </Grid>
            )}
            <Grid size={{ xs: 12, sm: 6 }}>
              <NavCard
                title={t('home.cards.paid.title')}
                description={t('home.cards.paid.description')}
                to={pathOf('paid')}
                testId="card-paid"
              />
            </Grid>
          </Grid>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Stack spacing={2} component="aside" aria-label={t('home.side_cards')}>
            <NavCard
              title={t('home.cards.apply.title')}
              description={t('home.cards.apply.description')}
              to={pathOf('apply')}
              testId="card-apply"
            />
            <NavCard title={t('home.cards.meetings.title')} disabled testId="card-meetings" />
            <NavCard title={t('home.cards.foundation.title')} disabled testId="card-foundation" />
            <NavCard title={t('home.cards.career.title')} disabled testId="card-career" />
          </Stack>
        </Grid>
      </Grid>
      )}
    </>
  );
}
