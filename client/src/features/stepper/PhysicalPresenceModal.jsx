/* The physical-presence notice of /stepper (no application yet): a citizen who chose a financing card reads that
 * the documents are handed in person, then goes on to /apply or back. A chunk of its own (issue 27): MUI's Dialog with
 * Modal, FocusTrap and Backdrop is not part of /stepper/<id>'s first download. */
import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export default function PhysicalPresenceModal({ type }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(true);
  // Back returns to the card the citizen came from (home or /local-select-path, issue 10); opened directly, to the
  // citizens' path choice.
  const close = () => {
    setOpen(false);
    if (location.key !== 'default') navigate(-1);
    else navigate('/local-select-path');
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby="presence-title" data-testid="physical-presence-modal">
      <DialogTitle id="presence-title">{t('stepper.presence.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('stepper.presence.text')}</DialogContentText>
        {type && (
          <DialogContentText sx={{ mt: 1 }} data-testid="presence-type">
            {t(`stepper.financing.${type}`)}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('stepper.presence.back')}</Button>
        <Button variant="contained" component={RouterLink} to={type ? `/apply?type=${type}` : '/apply'} data-testid="presence-continue">
          {t('stepper.presence.continue')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
