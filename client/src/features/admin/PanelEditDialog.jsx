/* A citizens' application opened in the questionnaire on the applicant's behalf (req §2): `type` 'fill' edits the
 * answers, 'documents' attaches the documents handed over, saved as they come (draft saves). The panel reloads the
 * application after each save and on close; a successful submit closes the dialog (req §4, issue 23). */
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Questionnaire from '../../components/questionnaire';
import { studentName } from './applicationLabels';

export default function PanelEditDialog({ item, type, onClose, onChanged }) {
  const { t } = useTranslation();
  return (
    <Dialog open fullWidth maxWidth="md" onClose={onClose} aria-labelledby="edit-title">
      <DialogTitle id="edit-title">
        {t(type === 'fill' ? 'admin.actions.edit' : 'admin.actions.documents')} · {studentName(item.user)}
      </DialogTitle>
      <DialogContent>
        <Questionnaire
          applicationId={item.id}
          type={type}
          fromAdmin
          adminSelectedUserId={item.user.id}
          // Req §4 "Admin edit closes its modal": a successful submit closes it (the panel reloads); a draft save of
          // the documents keeps it open for the next file.
          onSubmitted={() => {
            onChanged();
            onClose();
          }}
          draftSave={type === 'documents'}
          draftSaveLabel={t('admin.upload.save')}
          onSaved={onChanged}
        />
      </DialogContent>
      <DialogActions>
        <Button
          onClick={() => {
            onClose();
            onChanged();
          }}
        >
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
