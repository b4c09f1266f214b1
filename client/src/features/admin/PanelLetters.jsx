/* The application's official letters for staff (issue 26; decision 0080): every version with its status, a
 * download, and — on the latest version — re-issue (a new version from today's data; the old one is superseded)
 * and revoke (its verification page then says "revoked"). Both ask for confirmation; the server audits both. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  useAdminLettersQuery,
  useDownloadLetterMutation,
  useReissueLetterMutation,
  useRevokeLetterMutation,
} from '../../api/lettersApi';
import { useSnackbar } from '../../components/SnackbarProvider';
import { apiErrorMessage } from '../../components/apiError';
import { formatDateTime } from '../../components/dates/dates';
import ReasonDialog from './ReasonDialog';

const STATUS_COLOR = { valid: 'success', superseded: 'default', revoked: 'error' };

export default function PanelLetters({ applicationId }) {
  const { t, i18n } = useTranslation();
  const { showError, showSuccess } = useSnackbar();
  const { data: letters = [], isLoading, error } = useAdminLettersQuery(applicationId);
  const [download] = useDownloadLetterMutation();
  const [reissue, { isLoading: reissuing }] = useReissueLetterMutation();
  const [revoke, { isLoading: revoking }] = useRevokeLetterMutation();
  const [confirmReissue, setConfirmReissue] = useState(null);
  const [confirmRevoke, setConfirmRevoke] = useState(null);

  if (isLoading) return <Typography variant="body2">{t('letters.admin.loading')}</Typography>;
  if (error) return <Alert severity="error">{apiErrorMessage(error, t, i18n)}</Alert>;
  if (letters.length === 0) return <Typography variant="body2">{t('letters.admin.empty')}</Typography>;

  const run = async (action, letter, extra, doneKey) => {
    try {
      await action({ id: letter.id, applicationId, ...extra }).unwrap();
      showSuccess(t(doneKey, { kind: t(`letters.kinds.${letter.kind}`) }));
    } catch (err) {
      showError(apiErrorMessage(err, t, i18n));
    }
  };
  const save = async (letter) => {
    try {
      await download(letter.id).unwrap();
    } catch (err) {
      showError(apiErrorMessage(err, t, i18n));
    }
  };

  return (
    <>
      <List dense data-testid="panel-letters">
        {letters.map((letter) => {
          const kind = t(`letters.kinds.${letter.kind}`);
          return (
            <ListItem key={letter.id} alignItems="flex-start" data-testid={`panel-letter-${letter.id}`} sx={{ flexWrap: 'wrap' }}>
              <ListItemText
                primary={`${kind} · ${t('letters.admin.version', { version: letter.version })}`}
                secondary={[
                  formatDateTime(letter.issued_at),
                  t('letters.admin.code', { code: letter.code }),
                  letter.revoke_reason ? t('letters.admin.reason_is', { reason: letter.revoke_reason }) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
              <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
                <Chip size="small" color={STATUS_COLOR[letter.status] || 'default'} label={t(`letters.status.${letter.status}`)} />
                <Button size="small" onClick={() => save(letter)} aria-label={t('letters.download_named', { kind })}>
                  {t('letters.download')}
                </Button>
                {letter.is_latest && (
                  <Button size="small" onClick={() => setConfirmReissue(letter)} data-testid={`reissue-letter-${letter.id}`}>
                    {t('letters.admin.reissue')}
                  </Button>
                )}
                {letter.is_latest && letter.status === 'valid' && (
                  <Button size="small" color="error" onClick={() => setConfirmRevoke(letter)} data-testid={`revoke-letter-${letter.id}`}>
                    {t('letters.admin.revoke')}
                  </Button>
                )}
              </Stack>
            </ListItem>
          );
        })}
      </List>
      <Dialog open={Boolean(confirmReissue)} onClose={() => setConfirmReissue(null)} aria-labelledby="reissue-title">
        <DialogTitle id="reissue-title">{t('letters.admin.reissue_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('letters.admin.reissue_text')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmReissue(null)}>{t('admin.common.cancel')}</Button>
          <Button
            variant="contained"
            disabled={reissuing}
            data-testid="reissue-confirm"
            onClick={async () => {
              const letter = confirmReissue;
              setConfirmReissue(null);
              await run(reissue, letter, {}, 'letters.admin.reissued');
            }}
          >
            {t('letters.admin.reissue')}
          </Button>
        </DialogActions>
      </Dialog>
      <ReasonDialog
        open={Boolean(confirmRevoke)}
        title={t('letters.admin.revoke_title')}
        subtitle={t('letters.admin.revoke_text')}
        busy={revoking}
        onCancel={() => setConfirmRevoke(null)}
        onConfirm={async (reason) => {
          const letter = confirmRevoke;
          setConfirmRevoke(null);
          await run(revoke, letter, { reason }, 'letters.admin.revoked');
        }}
      />
    </>
  );
}
