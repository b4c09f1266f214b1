/* Settings → admission terms (issue 23, decision 0087): each admission year (newest first, a page at a time) with
 * its application window, and every study programme's dates in it: the year's, or its own window with a documents
 * deadline. Applicants read the same data in the deadlines dialog of the home page. Both admin roles edit them
 * (the terms and programmes are shared); the server checks the role and writes the audit trail. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { apiErrorMessage } from '../../components/apiError';
import useDocumentTitle from '../../components/focus/useDocumentTitle';
import PagedResults from '../../components/PagedResults';
import { useSnackbar } from '../../components/SnackbarProvider';
import { localizedName } from '../../i18n';
import { TermDialog, WindowDialog } from './TermDialogs';
import { TERMS_PAGE_SIZE, useAdmissionTermsQuery, useRemoveProgramWindowMutation } from './settingsContentApi';
import { showMoment } from './dates';

const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } };

function termName(term, lng) {
  return localizedName({ name_ru: term.name_ru, name_kk: term.name_kk, name_en: term.name_en }, lng) || String(term.year);
}

function ProgramRows({ term, programs, onSetWindow }) {
  const { t, i18n } = useTranslation();
  const { showSuccess, showError } = useSnackbar();
  const [removeWindow, { isLoading }] = useRemoveProgramWindowMutation();
  const reset = async (program) => {
    const result = await removeWindow({ termId: term.id, programId: program.id });
    if (result.error) showError(apiErrorMessage(result.error, t, i18n));
    else showSuccess(t('settings_content.terms.saved'));
  };
  if (!programs.length) return <Typography sx={{ mt: 2 }}>{t('settings_content.terms.no_programs')}</Typography>;
  return (
    <TableContainer sx={{ mt: 2 }}>
      <Table size="small" aria-label={t('settings_content.terms.programs_table', { year: term.year })} data-testid={`term-programs-${term.id}`}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{t('settings_content.terms.program')}</TableCell>
            <TableCell scope="col">{t('settings_content.terms.applications')}</TableCell>
            <TableCell scope="col" sx={WIDE_ONLY}>
              {t('settings_content.terms.documents_due_at')}
            </TableCell>
            <TableCell scope="col">{t('settings_content.messages.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {programs.map((program) => {
            const name = localizedName(program, i18n.language);
            const own = term.windows.find((window) => window.study_program_id === program.id);
            const window = own || term;
            return (
              <TableRow key={program.id} data-testid={`term-${term.id}-program-${program.id}`}>
                <TableCell component="th" scope="row">
                  {name}
                  {program.is_hidden && (
                    <Typography component="span" variant="body2" color="text.secondary">
                      {` (${t('settings_content.terms.hidden')})`}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  {t('settings_content.messages.period', { from: showMoment(window.opens_at), to: showMoment(window.closes_at) })}
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                    {own ? t('settings_content.terms.own_window') : t('settings_content.terms.term_window')}
                  </Typography>
                </TableCell>
                <TableCell sx={WIDE_ONLY}>{own && own.documents_due_at ? showMoment(own.documents_due_at) : '—'}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
                    <Button
                      size="small"
                      onClick={() => onSetWindow(term, program, name)}
                      aria-haspopup="dialog"
                      aria-label={t('settings_content.terms.set_window_label', { name })}
                      data-testid={`term-${term.id}-set-window-${program.id}`}
                    >
                      {t('settings_content.terms.set_window')}
                    </Button>
                    {own && (
                      <Button
                        size="small"
                        disabled={isLoading}
                        onClick={() => reset(program)}
                        aria-label={t('settings_content.terms.reset_window_label', { name })}
                        data-testid={`term-${term.id}-reset-window-${program.id}`}
                      >
                        {t('settings_content.terms.reset_window')}
                      </Button>
                    )}
                  </Stack>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export default function TermsPage() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState(null); // {term: null} new; {term} edit
  const [windowOf, setWindowOf] = useState(null); // {term, program, name}
  const { data, isError, error } = useAdmissionTermsQuery({ page: page + 1 });
  const terms = (data && data.list) || [];
  const programs = (data && data.programs) || [];
  useDocumentTitle(t('settings_content.terms.title'), t('admin_shell.title'));
  // The dialogs read the term from the latest answer, so a save elsewhere does not leave them stale.
  const current = (term) => terms.find((item) => item.id === term.id) || term;

  return (
    <Box data-testid="settings-terms">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} justifyContent="space-between" alignItems={{ sm: 'center' }} sx={{ mb: 1 }}>
        <Typography variant="h4" component="h1">
          {t('settings_content.terms.title')}
        </Typography>
        <Button variant="contained" onClick={() => setEditing({ term: null })} aria-haspopup="dialog" data-testid="term-create">
          {t('settings_content.terms.create')}
        </Button>
      </Stack>
      <Typography sx={{ mb: 2 }}>{t('settings_content.terms.intro')}</Typography>
      <PagedResults
        data={data}
        isError={isError}
        error={error}
        emptyText={t('settings_content.terms.empty')}
        emptyTestId="terms-empty"
        page={page}
        pageSize={TERMS_PAGE_SIZE}
        onPageChange={setPage}
      >
        <Stack spacing={2}>
          {terms.map((term) => (
            <Card key={term.id} variant="outlined" component="section" aria-labelledby={`term-${term.id}-title`} data-testid={`term-${term.id}`}>
              <CardContent>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} justifyContent="space-between" alignItems={{ sm: 'center' }}>
                  <Box>
                    <Typography variant="h6" component="h2" id={`term-${term.id}-title`}>
                      {`${term.year} · ${termName(term, i18n.language)}`}{' '}
                      <Chip
                        size="small"
                        color={term.is_active ? 'success' : 'default'}
                        label={term.is_active ? t('settings_content.terms.active') : t('settings_content.terms.inactive')}
                      />
                    </Typography>
                    <Typography variant="body2">
                      {t('settings_content.terms.window', { from: showMoment(term.opens_at), to: showMoment(term.closes_at) })}
                    </Typography>
                  </Box>
                  <Button
                    onClick={() => setEditing({ term })}
                    aria-haspopup="dialog"
                    aria-label={t('settings_content.terms.edit_label', { year: term.year })}
                    data-testid={`term-edit-${term.id}`}
                  >
                    {t('settings_content.terms.edit')}
                  </Button>
                </Stack>
                <ProgramRows term={term} programs={programs} onSetWindow={(item, program, name) => setWindowOf({ term: item, program, name })} />
              </CardContent>
            </Card>
          ))}
        </Stack>
      </PagedResults>
      {editing && (
        <TermDialog key={editing.term ? editing.term.id : 'new'} open term={editing.term && current(editing.term)} onClose={() => setEditing(null)} />
      )}
      {windowOf && (
        <WindowDialog
          open
          term={current(windowOf.term)}
          program={windowOf.program}
          name={windowOf.name}
          onClose={() => setWindowOf(null)}
        />
      )}
    </Box>
  );
}
