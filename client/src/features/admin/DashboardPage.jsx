/* The dashboard /admin and /admin/kz open on (issue 12): counts per queue, submissions per day, payments per day
 * (how many payments were paid each day: the server's payments_per_day, issue 23) and documents awaiting review, as
 * charts (MUI X Charts). No label is cut: the queue names lie beside horizontal bars on an axis as wide as the
 * longest name (bandAxisWidth). */
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid2';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import PageLoader from '../../components/PageLoader';
import { apiErrorMessage } from '../../components/apiError';
import { useAdminDashboardQuery } from './adminApi';
import { QUEUES_BY_SHELL, queueLabelKey } from './queues';
import { CARD_ACTION_SX, LINK_CARD_SX } from '../../components/focus/cardFocus';

const shortDate = (iso) => (iso ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}` : '');

/** Day series of the answer: [{date, count}] → {days, counts}; absent data is an empty series, not an error. */
export function daySeries(list) {
  const rows = Array.isArray(list) ? list : [];
  return { days: rows.map((r) => shortDate(String(r.date))), counts: rows.map((r) => Number(r.count) || 0) };
}

/** Payments per day: the answer's own series when the payments module reports one, else zero on every day. */
export function paymentSeries(data) {
  if (data && Array.isArray(data.payments_per_day)) return daySeries(data.payments_per_day);
  const { days } = daySeries(data && data.submissions_per_day);
  return { days, counts: days.map(() => 0) };
}

function ChartCard({ title, children, testId }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId} component="section" aria-label={title}>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** A count axis: whole numbers from 0, at least 0..1, so an empty dashboard reads "0, 1" rather than "0.0, 0.1…". */
export function countAxis(values) {
  const top = Math.max(1, ...(values || []).map((v) => Number(v) || 0));
  return { min: 0, max: top, tickMinStep: 1, valueFormatter: (v) => String(Math.round(v)) };
}

/** Pixels a band axis needs for its longest label at the charts' 12 px tick font (about 7 px a character), so no
 * queue name is cut ("Оқуға қабылданғандар" is 20 characters). */
export function bandAxisWidth(labels) {
  const longest = Math.max(0, ...(labels || []).map((label) => String(label).length));
  return Math.min(240, Math.max(80, Math.ceil(longest * 7.2) + 16));
}

const TICK_LABEL = { fontSize: 12 };

export default function DashboardPage({ shell }) {
  const { t, i18n } = useTranslation();
  // On a phone the day lines drop their 30 point marks, which merge into a bead string.
  const narrow = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const { data, error, isLoading } = useAdminDashboardQuery(shell.segment);
  if (isLoading) return <PageLoader />;
  if (error) return <Alert severity="error">{apiErrorMessage(error, t, i18n)}</Alert>;
  const counts = (data && data.counts) || {};
  const queues = QUEUES_BY_SHELL[shell.key];
  const submissions = daySeries(data && data.submissions_per_day);
  const payments = paymentSeries(data);
  const awaiting = (data && data.documents_awaiting_confirmation) || 0;
  const queueNames = queues.map((q) => t(queueLabelKey(shell.key, q)));
  const queueCounts = queues.map((q) => counts[q] || 0);

  return (
    <Box data-testid="admin-dashboard">
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {t('admin.dashboard.title')}
      </Typography>
      <Grid container spacing={2} sx={{ mb: 2 }}>
        {queues.map((queue) => (
          <Grid key={queue} size={{ xs: 6, sm: 4, lg: 2 }}>
            <Card variant="outlined" sx={LINK_CARD_SX}>
              <CardActionArea
                component={RouterLink}
                to={`${shell.base}/${queue}`}
                data-testid={`dashboard-count-${queue}`}
                sx={CARD_ACTION_SX}
              >
                <CardContent>
                  <Typography variant="body2" color="text.secondary">
                    {t(queueLabelKey(shell.key, queue))}
                  </Typography>
                  <Typography variant="h5">{counts[queue] || 0}</Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
        <Grid size={{ xs: 6, sm: 4, lg: 2 }}>
          <Card variant="outlined" data-testid="dashboard-awaiting">
            <CardContent>
              <Typography variant="body2" color="text.secondary">
                {t(`admin.dashboard.awaiting_${shell.key}`)}
              </Typography>
              <Typography variant="h5">{awaiting}</Typography>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartCard title={t('admin.dashboard.per_queue')} testId="chart-queues">
            <BarChart
              height={280}
              // Bars lie down at every width: six names under upright bars in half a 1366 px screen were cut or
              // dropped; beside them each has its line (issue 23).
              layout="horizontal"
              yAxis={[{ scaleType: 'band', data: queueNames, width: bandAxisWidth(queueNames), tickLabelStyle: TICK_LABEL }]}
              xAxis={[countAxis(queueCounts)]}
              series={[{ data: queueCounts, label: t('admin.dashboard.applications') }]}
              hideLegend
            />
          </ChartCard>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartCard title={t('admin.dashboard.submissions')} testId="chart-submissions">
            <LineChart
              height={280}
              xAxis={[{ scaleType: 'point', data: submissions.days, tickLabelStyle: TICK_LABEL }]}
              yAxis={[countAxis(submissions.counts)]}
              series={[{ data: submissions.counts, label: t('admin.dashboard.submissions'), area: true, showMark: !narrow }]}
              hideLegend
            />
          </ChartCard>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartCard title={t('seams.dashboard.payments')} testId="chart-payments">
            <Typography variant="body2" color="text.secondary" data-testid="payments-total">
              {t('seams.dashboard.payments_total', { count: payments.counts.reduce((sum, n) => sum + n, 0) })}
            </Typography>
            <LineChart
              height={280}
              xAxis={[{ scaleType: 'point', data: payments.days, tickLabelStyle: TICK_LABEL }]}
              yAxis={[{ ...countAxis(payments.counts), label: t('seams.dashboard.payments_axis') }]}
              series={[{ data: payments.counts, label: t('seams.dashboard.payments_axis'), showMark: !narrow }]}
              hideLegend
            />
          </ChartCard>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartCard title={t(`admin.dashboard.awaiting_${shell.key}`)} testId="chart-awaiting">
            <BarChart
              height={280}
              layout="horizontal"
              // the card's title names the bar; a band label this long would only show cut ("Док…")
              yAxis={[{ scaleType: 'band', data: [t(`admin.dashboard.awaiting_${shell.key}`)], position: 'none' }]}
              xAxis={[countAxis([awaiting])]}
              series={[{ data: [awaiting], label: t('admin.dashboard.applications') }]}
              hideLegend
            />
          </ChartCard>
        </Grid>
      </Grid>
    </Box>
  );
}
