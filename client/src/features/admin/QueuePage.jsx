/* A review queue (req §2 Staff routes, §4; issue 12 "Queues"): search, filters and sort in the URL (useQueueView,
 * QueueFilters), a data grid paged and sorted on the server (QueueTable), row selection with a bulk "send to next
 * stage" (QueueBulkNext) and each row's own "Next" (QueueRowNext), the Export of the same view (QueueExport: a
 * background job above the server's limit), and
 * the application panel (?application=id). */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { apiErrorMessage } from '../../components/apiError';
import useDocumentTitle from '../../components/focus/useDocumentTitle';
import useAnnounceChange from '../../components/focus/useAnnounceChange';
import { focusIsLost } from '../../components/focus/focusElement';
import { focusWhenDrawn } from '../../components/focus/focusTargets';
import { useAdminApplicationsQuery } from './adminApi';
import { exportParams, queueLabelKey, queueRequest } from './queues';
import useQueueView from './useQueueView';
import QueueFilters from './QueueFilters';
import QueueTable from './QueueTable';
import QueueBulkNext, { BULK_QUEUES, emptySelection, selectedIds } from './QueueBulkNext';
import ApplicationPanel from './ApplicationPanel';
import QueueExport from './QueueExport';
import QueueRowNext from './QueueRowNext';

export default function QueuePage({ shell }) {
  const { t, i18n } = useTranslation();
  const { queue } = useParams();
  const { view, update, searchText, setSearchText, setFilter, openId, openPanel, closePanel } = useQueueView(shell.key);
  const [selection, setSelection] = useState(emptySelection);
  const [nextRow, setNextRow] = useState(null); // the row whose "Next" waits for its confirmation

  useEffect(() => setSelection(emptySelection()), [queue, shell.key]);

  const request = useMemo(() => queueRequest(shell.key, queue, view), [shell.key, queue, view]);
  const { data, isFetching, error } = useAdminApplicationsQuery(request);

  const canBulk = (BULK_QUEUES[shell.key] || []).includes(queue);
  const lng = i18n.resolvedLanguage || i18n.language;
  const title = t(queueLabelKey(shell.key, queue));
  useDocumentTitle(title, t('admin_shell.title'));
  // Decision 0077: how many rows a search or a filter found is said once it has arrived (not when an action changed
  // the count).
  useAnnounceChange(data && !isFetching ? t('admin.announce.found', { count: data.total }) : null, {
    key: JSON.stringify([queue, view.search, view.filters]),
  });
  // The queue's heading is where the focus goes when what held it is gone: the panel's "Open" button after a move
  // took the row out of this queue, the bulk button once nothing is selected.
  const heading = useRef(null);
  const focusHeadingIfLost = () => focusWhenDrawn(() => (focusIsLost() ? heading.current : null));
  // The panel's close is a navigation (the URL loses ?application=), drawn later: checked once it has gone.
  const panelWasOpen = useRef(openId);
  useEffect(() => {
    if (panelWasOpen.current && !openId) focusHeadingIfLost();
    panelWasOpen.current = openId;
  }, [openId]);

  return (
    <Box data-testid={`queue-${queue}`}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'center' }} sx={{ mb: 2 }}>
        <Typography component="h1" variant="h5" sx={{ flexGrow: 1 }} ref={heading} tabIndex={-1}>
          {title}
        </Typography>
        {canBulk && (
          <QueueBulkNext
            ids={selectedIds(selection)}
            rows={(data && data.list) || []}
            onDone={() => setSelection(emptySelection())}
            focusAfterReport={() => heading.current}
          />
        )}
        <QueueExport
          shellKey={shell.key}
          segment={shell.segment}
          params={exportParams(shell.key, queue, view, lng)}
          total={data ? data.total : undefined}
          limit={data ? data.export_sync_max_rows : undefined}
        />
      </Stack>
      <Stack spacing={2} sx={{ mb: 2 }}>
        <TextField
          size="small"
          type="search"
          label={t('admin.search')}
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          inputProps={{ maxLength: 100, 'data-testid': 'queue-search' }}
        />
        <QueueFilters shellKey={shell.key} view={view} setFilter={setFilter} />
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {apiErrorMessage(error, t, i18n)}
        </Alert>
      )}
      <QueueTable
        label={title}
        shellKey={shell.key}
        data={data}
        loading={isFetching}
        view={view}
        update={update}
        selectable={canBulk}
        selection={selection}
        onSelectionChange={setSelection}
        onOpen={openPanel}
        onNext={setNextRow}
      />
      <QueueRowNext
        shellKey={shell.key}
        row={nextRow}
        onClose={() => setNextRow(null)}
        // the moved row has usually left this queue: its Next is gone, the heading takes the focus
        focusAfter={() => heading.current}
      />
      {openId && (
        <ApplicationPanel
          applicationId={openId}
          shell={shell}
          onClose={closePanel}
        />
      )}
    </Box>
  );
}
