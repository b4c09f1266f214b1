/* The top of the application panel: the applicant's name with the close button (shown while the application loads
 * too), then the photo and what identifies the application: e-mail, program, number and term, the citizens' upload
 * code and the status. */
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import AuditTrailButton from '../../components/audit/AuditTrailButton';
import { localizedName } from '../../i18n';
import { statusText, studentName } from './applicationLabels';

/** `headingRef`: the heading takes the focus after an action changed the application (decision 0077). */
export function PanelTitle({ item, onClose, headingRef }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" alignItems="center" sx={{ mb: 2 }}>
      <Typography component="h2" variant="h5" id="panel-title" ref={headingRef} tabIndex={-1} sx={{ flexGrow: 1 }}>
        {item ? studentName(item.user) : t('admin.panel.title')}
      </Typography>
      <IconButton onClick={onClose} aria-label={t('common.close')} data-testid="panel-close">
        <CloseIcon />
      </IconButton>
    </Stack>
  );
}

export function PanelSummary({ item, shell }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.resolvedLanguage || i18n.language;
  return (
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
        {/* The application's audit trail, for the staff-management role only (decision 0079). */}
        <Box>
          <AuditTrailButton
            targetType="application"
            targetId={item.id}
            title={t('admin.panel.number', { id: item.id })}
            testId="panel-audit"
          />
        </Box>
      </Stack>
    </Stack>
  );
}
