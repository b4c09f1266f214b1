/* "Audit trail" of one object, for the staff-management role only (others see nothing: the server would answer
 * 403). Used by the staff list, the application panel and the room screens (issue 22, decision 0079). */
import { useState } from 'react';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import HistoryIcon from '@mui/icons-material/History';
import { selectUser } from '../../session/sessionSlice';
import { ROLE_KEYS, hasRole, useDomain } from '../../domain';
import AuditTrailDialog from './AuditTrailDialog';

/** The trail's name of a model (server/audit.py target_type_of): SectionRoom → section_room. */
export function auditTargetType(model) {
  return String(model).replace(/(?!^)(?=[A-Z])/g, '_').toLowerCase();
}

export default function AuditTrailButton({ targetType, targetId, title, label, size = 'small', testId = 'audit-trail' }) {
  const { t } = useTranslation();
  const user = useSelector(selectUser);
  const domain = useDomain();
  const [open, setOpen] = useState(false);
  if (!hasRole(user, ROLE_KEYS.staffManager, domain)) return null;
  return (
    <>
      <Button
        size={size}
        startIcon={<HistoryIcon aria-hidden="true" />}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-testid={`${testId}-button`}
      >
        {label || t('audit_trail.open')}
      </Button>
      <AuditTrailDialog
        open={open}
        onClose={() => setOpen(false)}
        title={title}
        query={{ targetType, targetId }}
        testId={`${testId}-dialog`}
      />
    </>
  );
}
