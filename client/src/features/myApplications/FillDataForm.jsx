/* The form of the "fill data" notice (FillDataDialog.jsx): a chunk of its own, fetched when the applicant points at or
 * presses "Fill data", so the Dialog (Modal, FocusTrap, Backdrop) and the inputs are not part of /my-applications'
 * first screen on a phone (decision 0070, issue 27). TextInput rather than MUI's TextField, which brings Select, Menu
 * and Popover along. */
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextInput from '../../components/TextInput';
import { FIELDS } from './fillDataFields';

export default function FillDataForm({ open, onClose, busy, values, setValues, errors, problem, onSubmit }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby="fill-data-title" aria-describedby="fill-data-text" data-testid="fill-data-dialog">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="fill-data-title">{t('seams.fill_data.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="fill-data-text" sx={{ mb: 2 }}>
            {t('seams.fill_data.text')}
          </DialogContentText>
          <Stack spacing={2}>
            {FIELDS.map((field, index) => (
              <TextInput
                key={field}
                id={`fill-data-${field}`}
                label={t(`seams.fill_data.${field}`)}
                value={values[field]}
                onChange={(e) => setValues((prev) => ({ ...prev, [field]: e.target.value }))}
                required
                autoFocus={index === 0}
                autoComplete={field === 'last_name' ? 'family-name' : 'given-name'}
                error={Boolean(errors[field])}
                helperText={errors[field] || ' '}
                inputProps={{ maxLength: 100, 'data-testid': `fill-data-${field}` }}
              />
            ))}
          </Stack>
          {problem && (
            <DialogContentText role="alert" color="error" data-testid="fill-data-problem">
              {problem}
            </DialogContentText>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy} data-testid="fill-data-cancel">
            {t('a11y.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="fill-data-save">
            {t('seams.fill_data.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
