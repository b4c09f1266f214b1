/* One message of the conversation: who wrote it (the applicant, the assistant or staff), the text, the programs the
 * assistant recommends with an apply button each, and the sources the answer was drawn from. */
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export default function ChatMessage({ message }) {
  const { t } = useTranslation();
  const mine = message.role === 'user';
  const who = { user: t('chat.you'), assistant: t('chat.assistant'), staff: t('chat.staff') }[message.role];
  return (
    <Box
      component="li"
      data-testid={`chat-message-${message.role}`}
      sx={{ listStyle: 'none', alignSelf: mine ? 'flex-end' : 'flex-start', maxWidth: '88%' }}
    >
      <Typography variant="caption" color="text.secondary" component="div">
        {who}
      </Typography>
      <Paper
        variant="outlined"
        sx={{
          p: 1.25,
          bgcolor: mine ? 'primary.main' : message.role === 'staff' ? 'success.light' : 'grey.100',
          color: mine ? 'primary.contrastText' : 'text.primary',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        <Typography variant="body2">{message.content}</Typography>
        {message.recommendations.length > 0 && (
          <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, mt: 1 }} data-testid="chat-recommendations">
            {message.recommendations.map((item) => (
              <Box component="li" key={item.code} sx={{ listStyle: 'none' }}>
                <Typography variant="subtitle2" component="div">
                  {item.name}
                </Typography>
                <Typography variant="body2">{item.reason}</Typography>
                {item.unt_subjects.length > 0 && (
                  <Typography variant="body2">{`${t('chat.unt_subjects')}: ${item.unt_subjects.join(', ')}`}</Typography>
                )}
                <Button
                  component={RouterLink}
                  to={item.apply_url}
                  size="small"
                  variant="contained"
                  sx={{ mt: 0.5 }}
                  data-testid={`chat-apply-${item.code}`}
                  aria-label={`${t('chat.apply')}: ${item.name}`}
                >
                  {t('chat.apply')}
                </Button>
              </Box>
            ))}
          </Stack>
        )}
        {message.sources.length > 0 && (
          <Typography variant="caption" component="div" sx={{ mt: 1 }} data-testid="chat-sources">
            {`${t('chat.sources')}: ${message.sources.map((s) => s.title).join('; ')}`}
          </Typography>
        )}
      </Paper>
    </Box>
  );
}
