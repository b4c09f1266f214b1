/* The application panel (issue 12): the whole application rendered by the server from the questionnaire
 * definitions in the admin's language, the photo, documents with an inline PDF preview and download (signed links),
 * the status history with who did what, the message thread, and the actions the state machine allows now
 * (available_transitions). Citizens' applications also open in the questionnaire on the applicant's behalf. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { localizedName } from '../../i18n';
import PageLoader from '../../app/PageLoader';
import Questionnaire from '../../components/questionnaire';
import ReferenceSelect from '../../resources/ReferenceSelect';
import { useSnackbar } from '../../components/SnackbarProvider';
import { apiErrorMessage } from '../../components/apiError';
import {
  useAdminApplicationQuery,
  useSendApplicationMessageMutation,
  useUpdateApplicationCustomMutation,
  useUpdateApplicationMutation,
  useUpdateExemptionMutation,
} from './adminApi';
import { formatDateTime } from '../../components/dates/dates';
import { statusText, studentName } from './QueuePage';
import DocumentReview from './DocumentReview';
import ReasonDialog from './ReasonDialog';

/** Foreign forward moves: transition → target status (update-application). */
const FOREIGN_NEXT = { accept: 1, await_visa: 2, enrol: 3 };

function FieldValue({ field }) {
  const { t } = useTranslation();
  if (field.rows && field.rows.length) {
    return (
      <Stack spacing={1} sx={{ pl: 1.5, borderLeft: 2, borderColor: 'divider' }}>
        {field.rows.map((row, i) => (
          <Box key={`${row.title}-${i}`}>
            <Typography variant="subtitle2">{row.title}</Typography>
            <Fields fields={row.fields} />
          </Box>
        ))}
      </Stack>
    );
  }
  if (field.files && field.files.length) {
    return (
      <Stack spacing={0.5}>
        {field.files.map((file) => (
          <Link key={file.id} href={file.url} target="_blank" rel="noopener">
            {file.name || t('admin.panel.file')}
          </Link>
        ))}
      </Stack>
    );
  }
  return <Typography variant="body2">{field.text || <em>{t('admin.panel.empty')}</em>}</Typography>;
}

function Fields({ fields }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { sm: '40% 60%' }, gap: 0.75, m: 0 }}>
      {(fields || []).map((field) => (
        <Box key={field.path} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {field.label}
          </Typography>
          <Box component="dd" sx={{ m: 0 }}>
            <FieldValue field={field} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function History({ history }) {
  const { t } = useTranslation();
  if (!history || !history.length) return <Typography variant="body2">{t('admin.panel.no_history')}</Typography>;
  return (
    <List dense data-testid="panel-history">
      {history.map((entry) => (
        <ListItem key={entry.id} alignItems="flex-start">
          <ListItemText
            primary={`${formatDateTime(entry.createdAt)} · ${t(`admin.transitions.${entry.transition}`, {
              defaultValue: entry.transition,
            })}`}
            secondary={[
              entry.actor ? entry.actor.email : t('admin.panel.system'),
              entry.reason ? t('admin.panel.reason_is', { reason: entry.reason }) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          />
        </ListItem>
      ))}
    </List>
  );
}

function Messages({ item }) {
  const { t, i18n } = useTranslation();
  const { showError, showSuccess } = useSnackbar();
  const [content, setContent] = useState('');
  const [send, { isLoading }] = useSendApplicationMessageMutation();
  const submit = async (e) => {
    e.preventDefault();
    try {
      const answer = await send({ user_id: item.user.id, application_id: item.id, content: content.trim() }).unwrap();
      showSuccess(answer.message || t('admin.common.success'));
      setContent('');
    } catch (err) {
      showError(apiErrorMessage(err, t, i18n));
    }
  };
  return (
    <Box>
      <List dense data-testid="panel-messages">
        {(item.application_messages || []).map((m) => (
          <ListItem key={m.id} alignItems="flex-start">
            <ListItemText
              primary={m.content}
              secondary={`${formatDateTime(m.createdAt)}${m.author && m.author.email ? ` · ${m.author.email}` : ''}`}
              primaryTypographyProps={{ sx: { whiteSpace: 'pre-wrap' } }}
            />
          </ListItem>
        ))}
      </List>
      <Box component="form" onSubmit={submit} noValidate>
        <TextField
          fullWidth
          multiline
          minRows={2}
          label={t('admin.panel.new_message')}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          inputProps={{ maxLength: 5000, 'data-testid': 'message-input' }}
        />
        <Button type="submit" variant="contained" sx={{ mt: 1 }} disabled={!content.trim() || isLoading} data-testid="message-send">
          {t('admin.panel.send')}
        </Button>
      </Box>
    </Box>
  );
}

function Section({ title, children, testId }) {
  return (
    <Box component="section" sx={{ mb: 3 }} data-testid={testId}>
      <Typography component="h3" variant="h6" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Actions({ item, shell, onEdit, onUpload }) {
  const { t, i18n } = useTranslation();
  const { showError, showSuccess } = useSnackbar();
  const [updateStatus, { isLoading: moving }] = useUpdateApplicationMutation();
  const [updateCustom, { isLoading: acting }] = useUpdateApplicationCustomMutation();
  const [updateExemption, { isLoading: exempting }] = useUpdateExemptionMutation();
  const [reasonFor, setReasonFor] = useState(null);
  const [program, setProgram] = useState('');
  const available = new Set(item.available_transitions || []);
  const busy = moving || acting || exempting;
  const target = { user_id: item.user.id, application_id: item.id };

  const run = async (promise) => {
    try {
      const answer = await promise.unwrap();
      showSuccess(answer.message || t('admin.common.success'));
      return true;
    } catch (err) {
      showError(apiErrorMessage(err, t, i18n));
      return false;
    }
  };

  const next = Object.keys(FOREIGN_NEXT).find((name) => available.has(name));
  const custom = (updateBody) => run(updateCustom({ ...target, updateBody }));

  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" data-testid="panel-actions">
      {shell.key === 'foreign' && next && (
        <Button
          variant="contained"
          disabled={busy}
          onClick={() => run(updateStatus({ ...target, status: FOREIGN_NEXT[next] }))}
          data-testid="action-next"
        >
          {t('admin.actions.next')}
        </Button>
      )}
      {available.has('archive') && (
        <Button color="error" variant="outlined" disabled={busy} onClick={() => setReasonFor('archive')} data-testid="action-cancel">
          {t('admin.actions.cancel')}
        </Button>
      )}
      {available.has('restore') && (
        <Button variant="outlined" disabled={busy} onClick={() => setReasonFor('restore')} data-testid="action-restore">
          {t('admin.actions.restore')}
        </Button>
      )}
      {available.has('upload_documents') && (
        <Button variant="outlined" disabled={busy} onClick={() => custom({ upload_documents: true })} data-testid="action-upload-documents">
          {t('admin.actions.upload_documents')}
        </Button>
      )}
      {available.has('confirm_documents') && (
        <Button variant="contained" disabled={busy} onClick={() => custom({ confirm_documents: true })} data-testid="action-confirm-documents">
          {t('admin.actions.confirm_documents')}
        </Button>
      )}
      {available.has('enrol_scholarship') && (
        <Button variant="contained" disabled={busy} onClick={() => custom({ enrol_scholarship: true })} data-testid="action-enrol-scholarship">
          {t('admin.actions.enrol_scholarship')}
        </Button>
      )}
      {shell.key === 'kz' && (
        <>
          <Button variant="outlined" onClick={onEdit} data-testid="action-edit">
            {t('admin.actions.edit')}
          </Button>
          <Button variant="outlined" onClick={onUpload} data-testid="action-documents">
            {t('admin.actions.documents')}
          </Button>
          {available.has('set_exemption') && (
            <FormControlLabel
              control={
                <Switch
                  checked={Boolean(item.is_exempted_from_payment)}
                  disabled={busy}
                  onChange={(e) =>
                    run(updateExemption({ id: item.user.id, application_id: item.id, is_exempted_from_payment: e.target.checked ? 1 : 0 }))
                  }
                  inputProps={{ 'data-testid': 'action-exemption' }}
                />
              }
              label={t('admin.actions.exemption')}
            />
          )}
        </>
      )}
      {available.has('change_program') && (
        <Stack direction="row" spacing={1} alignItems="center" sx={{ width: '100%' }}>
          <Box sx={{ flexGrow: 1 }}>
            <ReferenceSelect
              model="StudyProgram"
              id="change-program"
              label={t('admin.actions.program')}
              value={program}
              onChange={setProgram}
              emptyLabel={t('admin.filters.any')}
            />
          </Box>
          <Button
            variant="outlined"
            disabled={!program || busy}
            onClick={async () => {
              if (await custom({ study_program_id: Number(program) })) setProgram('');
            }}
            data-testid="action-change-program"
          >
            {t('admin.actions.change_program')}
          </Button>
        </Stack>
      )}
      <ReasonDialog
        key={reasonFor || 'none'}
        open={Boolean(reasonFor)}
        busy={busy}
        title={t(reasonFor === 'restore' ? 'admin.actions.restore' : 'admin.actions.cancel')}
        onCancel={() => setReasonFor(null)}
        onConfirm={async (reason) => {
          const ok = await run(updateStatus({ ...target, status: reasonFor === 'restore' ? 0 : -1, reason }));
          if (ok) setReasonFor(null);
        }}
      />
    </Stack>
  );
}

export default function ApplicationPanel({ applicationId, shell, onClose }) {
  const { t, i18n } = useTranslation();
  const { data: item, error, isLoading, refetch } = useAdminApplicationQuery(applicationId);
  const [editing, setEditing] = useState(null); // 'fill' | 'documents'
  const lng = i18n.resolvedLanguage || i18n.language;

  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      // Above the shell's app bar (drawer + 1), below dialogs (modal) opened from the panel.
      sx={{ zIndex: (theme) => theme.zIndex.drawer + 2 }}
      PaperProps={{ sx: { width: { xs: '100%', md: 720 } }, role: 'dialog', 'aria-modal': true, 'aria-labelledby': 'panel-title' }}
      data-testid="application-panel"
    >
      <Box sx={{ p: 3 }}>
        <Stack direction="row" alignItems="center" sx={{ mb: 2 }}>
          <Typography component="h2" variant="h5" id="panel-title" sx={{ flexGrow: 1 }}>
            {item ? studentName(item.user) : t('admin.panel.title')}
          </Typography>
          <IconButton onClick={onClose} aria-label={t('common.close')} data-testid="panel-close">
            <CloseIcon />
          </IconButton>
        </Stack>
        {isLoading && <PageLoader />}
        {error && <Alert severity="error">{apiErrorMessage(error, t, i18n)}</Alert>}
        {item && (
          <>
            <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
              {item.photo && item.photo.url && (
                <Box
                  component="img"
                  src={item.photo.url}
                  alt={t('admin.panel.photo')}
                  sx={{ width: 120, height: 160, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }}
                  data-testid="panel-photo"
                />
              )}
              <Stack spacing={0.5}>
                <Typography variant="body2">{item.user.email}</Typography>
                <Typography variant="body2">{localizedName(item.study_program, lng)}</Typography>
                <Typography variant="body2">
                  {t('admin.panel.number', { id: item.id })}
                  {item.term ? ` · ${item.term.name}` : ''}
                </Typography>
                {item.upload_code && (
                  <Typography variant="body2" data-testid="panel-upload-code">
                    {t('admin.panel.upload_code', { code: item.upload_code })}
                  </Typography>
                )}
                <Box>
                  <Chip label={statusText(t, item, shell.key)} data-testid="panel-status" />
                </Box>
              </Stack>
            </Stack>
            <Actions item={item} shell={shell} onEdit={() => setEditing('fill')} onUpload={() => setEditing('documents')} />
            <Divider sx={{ my: 2 }} />
            {(item.sections || []).map((section) => (
              <Section key={section.key} title={section.title} testId={`panel-section-${section.key}`}>
                <Fields fields={section.fields} />
              </Section>
            ))}
            <Section title={t('admin.panel.documents')} testId="panel-documents-section">
              <DocumentReview item={item} />
            </Section>
            <Section title={t('admin.panel.history')}>
              <History history={item.history} />
            </Section>
            <Section title={t('admin.panel.messages')}>
              <Messages item={item} />
            </Section>
          </>
        )}
      </Box>
      {item && editing && (
        <Dialog open fullWidth maxWidth="md" onClose={() => setEditing(null)} aria-labelledby="edit-title">
          <DialogTitle id="edit-title">
            {t(editing === 'fill' ? 'admin.actions.edit' : 'admin.actions.documents')} · {studentName(item.user)}
          </DialogTitle>
          <DialogContent>
            <Questionnaire
              applicationId={item.id}
              type={editing}
              fromAdmin
              adminSelectedUserId={item.user.id}
              onSubmitted={() => refetch()}
              draftSave={editing === 'documents'}
              draftSaveLabel={t('admin.upload.save')}
              onSaved={() => refetch()}
            />
          </DialogContent>
          <DialogActions>
            <Button
              onClick={() => {
                setEditing(null);
                refetch();
              }}
            >
              {t('common.close')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Drawer>
  );
}
