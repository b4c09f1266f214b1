/* A text link for the screens of the first download (/auth and its footer): MUI's Link (~2.5 KB compressed with its
 * underline logic) drawn with Box, which the entry already has — same look: primary colour, underline at 40 %, full
 * on hover (decision 0070). `component="button"` makes it an in-page action that looks like a link. */
import Box from '@mui/material/Box';

const BUTTON_RESET = { border: 0, p: 0, m: 0, bgcolor: 'transparent', cursor: 'pointer', font: 'inherit', textAlign: 'inherit' };

export default function TextLink({ component = 'a', sx, ...props }) {
  return (
    <Box
      component={component}
      {...(component === 'button' ? { type: 'button' } : {})}
      {...props}
      sx={{
        ...(component === 'button' ? BUTTON_RESET : {}),
        color: 'primary.main',
        textDecoration: 'underline',
        textDecorationColor: 'rgba(11, 79, 138, 0.4)',
        '&:hover': { textDecorationColor: 'inherit' },
        ...sx,
      }}
    />
  );
}
