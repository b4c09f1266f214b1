/* The application's answers as the server renders them from the questionnaire definitions in the admin's
 * language: label / value pairs, repeated groups as nested lists, uploaded files as links. */
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

function FieldValue({ field }) {
  const { t } = useTranslation();
  if (field.rows && field.rows.length) {
    return (
      <Stack spacing={1} sx={{ pl: 1.5, borderLeft: 2, borderColor: 'divider' }}>
        {field.rows.map((row, i) => (
          <Box key={`${row.title}-${i}`}>
            <Typography variant="subtitle2">{row.title}</Typography>
            <PanelAnswers fields={row.fields} />
          </Box>
        ))}
      </Stack>
    );
  }
  if (field.files && field.files.length) {
    return (
      <Stack spacing={0.5}>
        {field.files.map((file) => (
          <Link key={file.id} href={file.url} target="_blank" rel="noopener">
            {file.name || t('admin.panel.file')}
          </Link>
        ))}
      </Stack>
    );
  }
  return <Typography variant="body2">{field.text || <em>{t('admin.panel.empty')}</em>}</Typography>;
}

export default function PanelAnswers({ fields }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { sm: '40% 60%' }, gap: 0.75, m: 0 }}>
      {(fields || []).map((field) => (
        <Box key={field.path} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {field.label}
          </Typography>
          <Box component="dd" sx={{ m: 0 }}>
            <FieldValue field={field} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
