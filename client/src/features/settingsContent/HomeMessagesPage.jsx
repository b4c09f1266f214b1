/* Settings → home-page messages (issue 23, decision 0087): the shell's population's messages, active or retired,
 * a page at a time from the server; create, edit and retire (asked first). The server checks the role and the
 * population again on every call and writes each change to the audit trail. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { apiErrorMessage } from '../../components/apiError';
import ConfirmDialog from '../../components/ConfirmDialog';
import PagedResults, { ResultsTable } from '../../components/PagedResults';
import useDocumentTitle from '../../components/focus/useDocumentTitle';
import { useSnackbar } from '../../components/SnackbarProvider';
import { formatMoney } from '../../i18n/format';
import HomeMessageDialog from './HomeMessageDialog';
import { MESSAGES_PAGE_SIZE, useRetireHomeMessageMutation, useStaffHomeMessagesQuery } from './settingsContentApi';
import { showMoment } from './dates';

const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } };
const STATUSES = ['active', 'retired'];

export default function HomeMessagesPage({ shell }) {
  const { t, i18n } = useTranslation();
  const { showSuccess, showError } = useSnackbar();
  const segment = shell.segment;
  const [status, setStatus] = useState('active');
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState(null); // null: closed; {message: null} new; {message} edit
  const [retiring, setRetiring] = useState(null);
  const { data, isError, error, isFetching } = useStaffHomeMessagesQuery({ segment, status, page: page + 1 });
  const [retire, { isLoading: isRetiring }] = useRetireHomeMessageMutation();
  const messages = (data && data.list) || [];
  useDocumentTitle(t('settings_content.messages.title'), t('admin_shell.title'));

  const confirmRetire = async () => {
    const result = await retire({ segment, id: retiring.id });
    setRetiring(null);
    if (result.error) showError(apiErrorMessage(result.error, t, i18n));
    else showSuccess(t('settings_content.messages.retired_done'));
  };

  // The title in the interface language, else the Russian one (decision 0073).
  const titleOf = (message) => message[`title_${i18n.language}`] || message.title_ru;
  const audienceOf = (message) =>
    message.user ? [message.user.name, message.user.email].filter(Boolean).join(' — ') : t('settings_content.messages.audience_population');
  const whenOf = (message) =>
    message.is_permanent
      ? t('settings_content.messages.permanent')
      : t('settings_content.messages.period', { from: showMoment(message.starts_at), to: showMoment(message.ends_at) });
  const typeOf = (message) =>
    message.type === 'payment'
      ? t('settings_content.messages.type_payment', { amount: formatMoney(message.amount, i18n.language) })
      : t('settings_content.messages.type_info');

  return (
    <Box data-testid="settings-home-messages">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} justifyContent="space-between" alignItems={{ sm: 'center' }} sx={{ mb: 1 }}>
        <Typography variant="h4" component="h1">
          {t('settings_content.messages.title')}
        </Typography>
        <Button variant="contained" onClick={() => setEditing({ message: null })} aria-haspopup="dialog" data-testid="home-message-create">
          {t('settings_content.messages.create')}
        </Button>
      </Stack>
      <Typography sx={{ mb: 2 }}>{t('settings_content.messages.intro')}</Typography>
      <Tabs
        value={status}
        onChange={(_event, next) => {
          setStatus(next);
          setPage(0);
        }}
        aria-label={t('settings_content.messages.tabs_label')}
        sx={{ mb: 2 }}
      >
        {STATUSES.map((value) => (
          <Tab key={value} value={value} label={t(`settings_content.messages.${value}`)} data-testid={`home-messages-tab-${value}`} />
        ))}
      </Tabs>
      <PagedResults
        data={data}
        isError={isError}
        error={error}
        emptyText={t(`settings_content.messages.empty_${status}`)}
        emptyTestId="home-messages-empty"
        page={page}
        pageSize={MESSAGES_PAGE_SIZE}
        onPageChange={setPage}
      >
        <ResultsTable
          label={t('settings_content.messages.table')}
          busy={isFetching}
          testId="home-messages-table"
          head={
            <>
              <TableCell scope="col">{t('settings_content.messages.columns.title')}</TableCell>
              <TableCell scope="col">{t('settings_content.messages.columns.audience')}</TableCell>
              <TableCell scope="col" sx={WIDE_ONLY}>
                {t('settings_content.messages.columns.when')}
              </TableCell>
              <TableCell scope="col" sx={WIDE_ONLY}>
                {t('settings_content.messages.columns.type')}
              </TableCell>
              {status === 'active' && <TableCell scope="col">{t('settings_content.messages.columns.actions')}</TableCell>}
            </>
          }
        >
          {messages.map((message) => (
            <TableRow key={message.id} data-testid={`home-message-row-${message.id}`}>
              <TableCell component="th" scope="row">
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {titleOf(message)}
                </Typography>
              </TableCell>
              <TableCell>{audienceOf(message)}</TableCell>
              <TableCell sx={WIDE_ONLY}>{whenOf(message)}</TableCell>
              <TableCell sx={WIDE_ONLY}>{typeOf(message)}</TableCell>
              {status === 'active' && (
                <TableCell>
                  <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
                    <Button
                      size="small"
                      onClick={() => setEditing({ message })}
                      aria-haspopup="dialog"
                      aria-label={t('settings_content.messages.edit_label', { title: titleOf(message) })}
                      data-testid={`home-message-edit-${message.id}`}
                    >
                      {t('settings_content.messages.edit')}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      onClick={() => setRetiring(message)}
                      aria-haspopup="dialog"
                      aria-label={t('settings_content.messages.retire_label', { title: titleOf(message) })}
                      data-testid={`home-message-retire-${message.id}`}
                    >
                      {t('settings_content.messages.retire')}
                    </Button>
                  </Stack>
                </TableCell>
              )}
            </TableRow>
          ))}
        </ResultsTable>
      </PagedResults>
      {editing && (
        <HomeMessageDialog
          key={editing.message ? editing.message.id : 'new'}
          open
          message={editing.message}
          segment={segment}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={Boolean(retiring)}
        title={t('settings_content.messages.retire_title')}
        text={retiring ? t('settings_content.messages.retire_text', { title: titleOf(retiring) }) : ''}
        confirmLabel={t('settings_content.messages.retire')}
        onConfirm={confirmRetire}
        onCancel={() => setRetiring(null)}
        busy={isRetiring}
        testId="home-message-retire-confirm"
      />
    </Box>
  );
}
