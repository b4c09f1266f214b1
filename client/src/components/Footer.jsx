import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../api/publicConfigApi';
import TextLink from './TextLink';

/** Footer with the contact phone and e-mail from GET /public-config (req §1). */
export default function Footer() {
  const { t } = useTranslation();
  const data = usePublicConfig();
  const phone = data && data.contact_phone;
  const email = data && data.contact_email;
  return (
    <Box
      component="footer"
      sx={{ mt: 'auto', py: 3, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
      data-testid="footer"
    >
      <Container maxWidth="lg">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 3 }} alignItems={{ sm: 'center' }}>
          <Typography variant="body2" color="text.secondary">
            {t('footer.contacts')}
          </Typography>
          {phone && (
            <Typography variant="body2">
              {t('footer.phone')}:{' '}
              <TextLink href={`tel:${String(phone).replace(/[^+\d]/g, '')}`} data-testid="footer-phone">
                {phone}
              </TextLink>
            </Typography>
          )}
          {email && (
            <Typography variant="body2">
              {t('footer.email')}:{' '}
              <TextLink href={`mailto:${email}`} data-testid="footer-email">
                {email}
              </TextLink>
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 'auto' } }}>
            © {new Date().getFullYear()} {t('app.name')}
          </Typography>
        </Stack>
      </Container>
    </Box>
  );
}
