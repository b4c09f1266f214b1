/* The application panel (issue 12): the whole application rendered by the server from the questionnaire
 * definitions in the admin's language, the photo, documents with an inline PDF preview and download (signed links),
 * the status history with who did what, the message thread, the official letters (issue 26), and the actions the
 * state machine allows now (available_transitions). Citizens' applications also open in the questionnaire on the
 * applicant's behalf. */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import Typography from '@mui/material/Typography';
import PageLoader from '../../components/PageLoader';
import { focusWhenDrawn } from '../../components/focus/focusTargets';
import { apiErrorMessage } from '../../components/apiError';
import { useAdminApplicationQuery } from './adminApi';
import { PanelSummary, PanelTitle } from './PanelHeader';
import PanelStageActions from './PanelStageActions';
import PanelAnswers from './PanelAnswers';
import DocumentReview from './DocumentReview';
import PanelHistory from './PanelHistory';
import PanelMessages from './PanelMessages';
import PanelLetters from './PanelLetters';
import PanelEditDialog from './PanelEditDialog';

function Section({ title, children, testId, headingRef }) {
  return (
    <Box component="section" sx={{ mb: 3 }} data-testid={testId}>
      <Typography component="h3" variant="h6" sx={{ mb: 1 }} ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export default function ApplicationPanel({ applicationId, shell, onClose }) {
  const { t, i18n } = useTranslation();
  const { data: item, error, isLoading, refetch } = useAdminApplicationQuery(applicationId);
  const [editing, setEditing] = useState(null); // 'fill' | 'documents'
  // Decision 0077: after a staff action the focus goes to what it changed — the panel's heading (the status is right
  // below it) after a stage move, the messages' heading after a message.
  const heading = useRef(null);
  const messagesHeading = useRef(null);

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
        <PanelTitle item={item} onClose={onClose} headingRef={heading} />
        {isLoading && <PageLoader />}
        {error && <Alert severity="error">{apiErrorMessage(error, t, i18n)}</Alert>}
        {item && (
          <>
            <PanelSummary item={item} shell={shell} />
            <PanelStageActions
              item={item}
              shell={shell}
              onEdit={() => setEditing('fill')}
              onUpload={() => setEditing('documents')}
              focusAfterAction={() => heading.current}
            />
            <Divider sx={{ my: 2 }} />
            {(item.sections || []).map((section) => (
              <Section key={section.key} title={section.title} testId={`panel-section-${section.key}`}>
                <PanelAnswers fields={section.fields} />
              </Section>
            ))}
            <Section title={t('admin.panel.documents')} testId="panel-documents-section">
              <DocumentReview item={item} />
            </Section>
            <Section title={t('letters.admin.title')} testId="panel-letters-section">
              <PanelLetters applicationId={item.id} />
            </Section>
            <Section title={t('admin.panel.history')}>
              <PanelHistory history={item.history} />
            </Section>
            <Section title={t('admin.panel.messages')} headingRef={messagesHeading}>
              <PanelMessages item={item} afterSend={() => focusWhenDrawn(() => messagesHeading.current)} />
            </Section>
          </>
        )}
      </Box>
      {item && editing && (
        <PanelEditDialog item={item} type={editing} onClose={() => setEditing(null)} onChanged={() => refetch()} />
      )}
    </Drawer>
  );
}
