/* Settings → the assistant's knowledge base (issue 23, decision 0087 "Knowledge base import"): the current entries
 * (server paging, a search box), the whole base as an xlsx to edit, and the edited file back in: "Check" first (what
 * loading would add, change or leave, or its errors row by row), then "Load" the same file — all or nothing, one
 * audit row. The assistant answers from a loaded entry with the next question. Both admin roles; the server checks. */
import { useEffect, useId, useState } from 'react';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { API_BASE } from '../../api/baseApi';
import { apiErrorMessage } from '../../components/apiError';
import useDocumentTitle from '../../components/focus/useDocumentTitle';
import { selectToken } from '../../session/sessionSlice';
import CheckLoadImport from './CheckLoadImport';
import { KNOWLEDGE_PAGE_SIZE, useKnowledgeEntriesQuery, useKnowledgeImportMutation } from './knowledgeBaseApi';

const COUNTS = ['rows', 'created', 'updated', 'unchanged', 'absent'];
const STEPS = { check: 'check', load: 'load', done: 'loaded' };
const SEARCH_DELAY_MS = 300;
const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } };

function entryTitle(entry, lng) {
  return entry[`title_${lng}`] || entry.title_ru;
}

const countNames = () => COUNTS;

/** The check's row errors as a table: a row number and what is wrong in it. */
function ErrorsTable({ errors }) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('settings_content.knowledge.errors_table')}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{t('settings_content.knowledge.error_row')}</TableCell>
            <TableCell scope="col">{t('settings_content.knowledge.error_message')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {errors.map((item, index) => (
            <TableRow key={`${item.row}-${index}`}>
              <TableCell>{item.row ?? '—'}</TableCell>
              <TableCell>{item.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Entries() {
  const { t, i18n } = useTranslation();
  const searchId = useId();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  // The search waits for a pause in typing, so each key press is not a request.
  useEffect(() => {
    if (text.trim() === q) return undefined;
    const timer = setTimeout(() => {
      setQ(text.trim());
      setPage(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, q]);
  const { data, isFetching, error } = useKnowledgeEntriesQuery({ q, page: page + 1 });

  return (
    <Paper variant="outlined" component="section" aria-labelledby={`${searchId}-title`} sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
      <Typography id={`${searchId}-title`} variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('settings_content.knowledge.entries')}
      </Typography>
      <TextField
        label={t('settings_content.knowledge.search')}
        type="search"
        size="small"
        value={text}
        onChange={(event) => setText(event.target.value)}
        inputProps={{ maxLength: 100, 'data-testid': 'knowledge-search' }}
        sx={{ mb: 2, maxWidth: 360 }}
        fullWidth
      />
      {error && <Alert severity="error">{apiErrorMessage(error, t, i18n)}</Alert>}
      {data && data.total === 0 && (
        <Typography data-testid="knowledge-empty">
          {q ? t('settings_content.knowledge.nothing_found') : t('settings_content.knowledge.empty')}
        </Typography>
      )}
      {data && data.total > 0 && (
        <>
          <TableContainer>
            <Table size="small" aria-label={t('settings_content.knowledge.entries')} aria-busy={isFetching} data-testid="knowledge-entries">
              <TableHead>
                <TableRow>
                  <TableCell scope="col">{t('settings_content.knowledge.columns.key')}</TableCell>
                  <TableCell scope="col">{t('settings_content.knowledge.columns.title')}</TableCell>
                  <TableCell scope="col" sx={WIDE_ONLY}>
                    {t('settings_content.knowledge.columns.topic')}
                  </TableCell>
                  <TableCell scope="col">{t('settings_content.knowledge.columns.status')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.list.map((entry) => (
                  <TableRow key={entry.id}>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{entry.key}</TableCell>
                    <TableCell>{entryTitle(entry, i18n.language)}</TableCell>
                    <TableCell sx={WIDE_ONLY}>{entry.topic}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        variant="outlined"
                        color={entry.is_active ? 'success' : 'default'}
                        label={t(entry.is_active ? 'settings_content.knowledge.active' : 'settings_content.knowledge.inactive')}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={data.total}
            page={page}
            rowsPerPage={KNOWLEDGE_PAGE_SIZE}
            rowsPerPageOptions={[KNOWLEDGE_PAGE_SIZE]}
            onPageChange={(_event, next) => setPage(next)}
            labelDisplayedRows={({ from, to, count }) => t('audit_trail.displayed', { from, to, count })}
            getItemAriaLabel={(type) => t(`audit_trail.page_${type}`)}
          />
        </>
      )}
    </Paper>
  );
}
function Import() {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const token = useSelector(selectToken);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const mutation = useKnowledgeImportMutation();

  // The export needs the staff token, so it is fetched, not linked.
  const download = async () => {
    setDownloadFailed(false);
    try {
      const response = await fetch(`${API_BASE}/admin/chat-knowledge/export`, {
        headers: { Authorization: `Bearer ${token}`, 'Accept-Language': i18n.language },
      });
      if (!response.ok) throw new Error(String(response.status));
      const link = document.createElement('a');
      link.href = URL.createObjectURL(await response.blob());
      link.download = 'assistant_knowledge_base.xlsx';
      link.click();
      URL.revokeObjectURL(link.href);
    } catch {
      setDownloadFailed(true);
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={`${titleId}-title`} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id={`${titleId}-title`} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('settings_content.knowledge.import_title')}
      </Typography>
      <Typography sx={{ mb: 1 }}>{t('settings_content.knowledge.import_intro')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('settings_content.knowledge.columns_hint')}
      </Typography>
      <CheckLoadImport
        mutation={mutation}
        steps={STEPS}
        testIdPrefix="knowledge"
        countNames={countNames}
        countLabels="settings_content.knowledge.counts"
        doneText={t('settings_content.knowledge.loaded')}
        errorsView={ErrorsTable}
      >
        <Box>
          <Button variant="outlined" onClick={download} data-testid="knowledge-download">
            {t('settings_content.knowledge.download')}
          </Button>
        </Box>
        {downloadFailed && <Alert severity="error">{t('settings_content.knowledge.download_failed')}</Alert>}
      </CheckLoadImport>
    </Paper>
  );
}

export default function KnowledgeBasePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('settings_content.knowledge.title'), t('admin_shell.title'));
  return (
    <Box data-testid="settings-knowledge">
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('settings_content.knowledge.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('settings_content.knowledge.intro')}</Typography>
      <Entries />
      <Import />
    </Box>
  );
}
