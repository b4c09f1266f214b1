/* Opens the deadlines modal (req §2 "Other modals: deadlines"; decision 0087). The dialog and its query are a chunk
 * of their own, fetched on the first click (or hover/focus, so it is usually there by the click). */
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import EventIcon from '@mui/icons-material/EventOutlined';

const loadDialog = () => import(/* webpackChunkName: "deadlines" */ './DeadlinesDialog');
const DeadlinesDialog = lazy(loadDialog);

export default function DeadlinesButton({ sx }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<EventIcon />}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
        onMouseEnter={loadDialog}
        onFocus={loadDialog}
        aria-haspopup="dialog"
        sx={sx}
        data-testid="deadlines-open"
      >
        {t('deadlines_modal.open')}
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <DeadlinesDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
