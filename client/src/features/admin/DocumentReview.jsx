/* The panel's documents with their review (issue 12 "Document review", decision 0074): per document its state
 * (awaiting review, accepted, sent back, replaced — awaiting review), the files it holds now with a PDF preview (a
 * dialog, issue 23) and download, Accept and Send back (with a reason the applicant reads), the review trail and every
 * uploaded version. Before submission (or for an archived application) the documents are shown without review
 * buttons: the server refuses those reviews anyway. */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../components/SnackbarProvider';
import { focusWhenDrawn } from '../../components/focus/focusTargets';
import { apiErrorMessage } from '../../components/apiError';
import { useReviewDocumentMutation } from './adminApi';
import { formatDateTime } from '../../components/dates/dates';
import ReasonDialog from './ReasonDialog';

// Readable at 4.5:1 (axe): MUI's warning and info fills with white text are not, so those get a light fill and
// black text.
const STATE_CHIPS = {
  pending: { variant: 'outlined' },
  accepted: { color: 'success' },
  returned: { sx: { bgcolor: 'warning.light', color: 'common.black' } },
  replaced: { sx: { bgcolor: 'info.light', color: 'common.black' } },
};

const documentHeading = (doc) => document.querySelector(`[data-testid="document-${documentTestId(doc)}"] h4`);

/** Stable, readable test ids: `passport`, `social_categories-12-document`. */
export function documentTestId(doc) {
  return `${doc.form_key}-${doc.field}`.replace(/[^A-Za-z0-9_-]+/g, '-');
}

function Versions({ doc }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const versions = doc.versions || [];
  const reviews = doc.reviews || [];
  if (versions.length <= 1 && reviews.length === 0) return null;
  const id = `versions-${documentTestId(doc)}`;
  return (
    <Box>
      <Button size="small" onClick={() => setOpen(!open)} aria-expanded={open} aria-controls={id} data-testid={`toggle-${id}`}>
        {t('admin.documents.versions', { count: versions.length })}
      </Button>
      <Collapse in={open} id={id}>
        <List dense disablePadding data-testid={id}>
          {versions.map((v, index) => (
            <ListItem key={v.id} disableGutters>
              <ListItemText
                primary={
                  <Link href={`${v.url}&download=1`} download={v.name}>
                    {t('admin.documents.version', { n: index + 1 })}: {v.name}
                  </Link>
                }
                secondary={[
                  formatDateTime(v.createdAt),
                  v.by_staff ? t('admin.documents.by_staff') : t('admin.documents.by_applicant'),
                  v.current ? t('admin.documents.current') : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
          {reviews.map((r) => (
            <ListItem key={`review-${r.id}`} disableGutters>
              <ListItemText
                primary={t(`admin.documents.decision.${r.decision}`)}
                secondary={[formatDateTime(r.createdAt), r.reviewer && r.reviewer.email, r.reason].filter(Boolean).join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      </Collapse>
    </Box>
  );
}

function DocumentCard({ doc, reviewable, busy, onAccept, onSendBack, preview, onPreview }) {
  const { t } = useTranslation();
  const last = (doc.reviews || []).at(-1);
  const testId = documentTestId(doc);
  return (
    <Paper variant="outlined" component="li" sx={{ p: 1.5, listStyle: 'none' }} data-testid={`document-${testId}`}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }} justifyContent="space-between">
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle2" component="h4">
            {doc.label}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {doc.section}
          </Typography>
        </Box>
        <Chip
          size="small"
          {...(STATE_CHIPS[doc.state] || {})}
          label={t(`admin.documents.state.${doc.state}`)}
          data-testid={`document-state-${testId}`}
        />
      </Stack>
      {last && last.decision === 'returned' && (
        <Typography variant="body2" sx={{ mt: 1 }} data-testid={`document-reason-${testId}`}>
          {t('admin.documents.returned_reason', { reason: last.reason })}
        </Typography>
      )}
      <List dense disablePadding>
        {(doc.files || []).map((file) => {
          const previewing = Boolean(preview && preview.id === file.id);
          return (
            <ListItem key={file.id} disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
              <ListItemText primary={file.name} sx={{ minWidth: 0, overflowWrap: 'anywhere' }} />
              <Stack direction="row" spacing={1}>
                <Button size="small" component="a" href={`${file.url}&download=1`} download={file.name}>
                  {t('admin.panel.download')}
                </Button>
                {file.content_type === 'application/pdf' && (
                  // The preview opens in a dialog over the panel (issue 23): in view at any height of the panel and
                  // of the window, where an inline frame at the end of a long document list opened below the fold.
                  <Button
                    size="small"
                    aria-haspopup="dialog"
                    aria-expanded={previewing}
                    onClick={() => onPreview({ ...file, label: doc.label })}
                    data-testid={`preview-${file.id}`}
                  >
                    {t('admin.panel.preview')}
                  </Button>
                )}
              </Stack>
            </ListItem>
          );
        })}
      </List>
      {reviewable && (
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Button
            size="small"
            variant="outlined"
            color="success"
            disabled={busy || doc.state === 'accepted'}
            onClick={onAccept}
            data-testid={`document-accept-${testId}`}
          >
            {t('admin.documents.accept')}
          </Button>
          <Button
            size="small"
            variant="outlined"
            color="warning"
            disabled={busy || doc.state === 'returned'}
            onClick={onSendBack}
            data-testid={`document-send-back-${testId}`}
          >
            {t('admin.documents.send_back')}
          </Button>
        </Stack>
      )}
      <Versions doc={doc} />
    </Paper>
  );
}

/** The PDF of `file` in a dialog nearly the window's size; Close (or Escape) gives the focus back to its Preview
 * button (MUI's dialog). The frame is no Tab stop of its own: a focus inside the browser's PDF viewer is out of this
 * page's styles; the file opens whole with Download (decision 0077, known gaps). */
function PdfPreviewDialog({ file, onClose }) {
  const { t } = useTranslation();
  const title = file ? t('seams.preview.title', { name: file.label }) : '';
  return (
    <Dialog
      open={Boolean(file)}
      onClose={onClose}
      fullWidth
      maxWidth="lg"
      aria-labelledby="pdf-preview-title"
      data-testid="pdf-preview-dialog"
      PaperProps={{ sx: { height: 'calc(100% - 64px)' } }}
    >
      <DialogTitle id="pdf-preview-title" sx={{ pb: 1, overflowWrap: 'anywhere' }}>
        {title}
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', pb: 0 }}>
        {file && (
          <Box
            component="iframe"
            tabIndex={-1}
            title={t('admin.panel.preview_of', { name: file.label })}
            src={file.url}
            sx={{ flexGrow: 1, width: '100%', minHeight: 240, border: 1, borderColor: 'divider' }}
            data-testid="pdf-preview"
          />
        )}
      </DialogContent>
      <DialogActions>
        {file && (
          <Button component="a" href={`${file.url}&download=1`} download={file.name}>
            {t('admin.panel.download')}
          </Button>
        )}
        <Button onClick={onClose} variant="contained" data-testid="pdf-preview-close">
          {t('seams.preview.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export default function DocumentReview({ item }) {
  const { t, i18n } = useTranslation();
  const { showError, showSuccess } = useSnackbar();
  const [review, { isLoading }] = useReviewDocumentMutation();
  const [sendingBack, setSendingBack] = useState(null);
  const [preview, setPreview] = useState(null);
  const focusNext = useRef(null); // where the focus goes once the reason dialog has closed after sending back
  const documents = item.documents_review || [];
  if (!documents.length) return <Typography variant="body2">{t('admin.panel.no_documents')}</Typography>;
  const reviewable = Boolean(item.submittedAt) && item.status !== -1;
  const returned = documents.filter((d) => d.state === 'returned' || d.state === 'replaced').length;

  const decide = async (doc, decision, reason) => {
    try {
      await review({ applicationId: item.id, form_key: doc.form_key, field: doc.field, decision, reason }).unwrap();
      showSuccess(t('admin.announce.document', { document: doc.label, state: t(`admin.documents.state.${decision}`) }));
      return true;
    } catch (err) {
      showError(apiErrorMessage(err, t, i18n));
      return false;
    }
  };

  return (
    <Box>
      {reviewable && returned > 0 && (
        <Typography variant="body2" sx={{ mb: 1 }} data-testid="documents-returned-count">
          {t('admin.documents.returned_count', { count: returned })}
        </Typography>
      )}
      <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }} data-testid="panel-documents">
        {documents.map((doc) => (
          <DocumentCard
            key={`${doc.form_key}-${doc.field}`}
            doc={doc}
            reviewable={reviewable}
            busy={isLoading}
            onAccept={async () => {
              // Decision 0077: the reviewed document's heading takes the focus (its Accept button is now disabled).
              if (await decide(doc, 'accepted')) focusWhenDrawn(() => documentHeading(doc));
            }}
            onSendBack={() => setSendingBack(doc)}
            preview={preview}
            onPreview={setPreview}
          />
        ))}
      </Stack>
      <ReasonDialog
        key={sendingBack ? documentTestId(sendingBack) : 'none'}
        open={Boolean(sendingBack)}
        busy={isLoading}
        title={t('admin.documents.send_back_title')}
        subtitle={sendingBack ? sendingBack.label : ''}
        label={t('admin.documents.send_back_reason')}
        onCancel={() => setSendingBack(null)}
        onConfirm={async (reason) => {
          const doc = sendingBack;
          if (await decide(doc, 'returned', reason)) {
            focusNext.current = () => documentHeading(doc);
            setSendingBack(null);
          }
        }}
        focusNext={focusNext}
      />
      <PdfPreviewDialog file={preview} onClose={() => setPreview(null)} />
    </Box>
  );
}
