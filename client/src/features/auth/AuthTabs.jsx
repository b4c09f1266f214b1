/* The sign-in / sign-up switch of /auth: the WAI-ARIA tabs pattern (tablist, tab, aria-selected, roving tabindex;
 * arrows, Home and End move the focus, Enter, Space or a click selects) with the look of MUI's full-width Tabs.
 * MUI's Tabs carries scroll buttons, a resize observer and the animated indicator (~5 KB compressed) for a
 * two-tab switch on the first screen on a phone (decision 0070). */
import { useRef } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';

const MOVES = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/** tabs: [{ value, label, id, panelId, testId }]; onChange(value). */
export default function AuthTabs({ value, onChange, tabs, label, sx }) {
  const buttons = useRef([]);

  const onKeyDown = (event) => {
    const move = MOVES[event.key];
    if (!move) return;
    const focused = buttons.current.indexOf(document.activeElement);
    const from = focused >= 0 ? focused : tabs.findIndex((tab) => tab.value === value);
    event.preventDefault();
    const target = buttons.current[move(from, tabs.length)];
    if (target) target.focus();
  };

  return (
    <Box role="tablist" aria-label={label} onKeyDown={onKeyDown} sx={{ display: 'flex', ...sx }}>
      {tabs.map((tab, index) => {
        const selected = tab.value === value;
        return (
          <ButtonBase
            key={tab.value}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            role="tab"
            id={tab.id}
            aria-controls={tab.panelId}
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            data-testid={tab.testId}
            onClick={() => onChange(tab.value)}
            sx={{
              flex: 1,
              minHeight: 48,
              px: 2,
              py: 1.5,
              typography: 'button',
              textTransform: 'none',
              fontWeight: 600,
              color: selected ? 'primary.main' : 'text.secondary',
              borderBottom: 2,
              borderColor: selected ? 'primary.main' : 'transparent',
              transition: (theme) => theme.transitions.create(['color', 'border-color']),
            }}
          >
            {tab.label}
          </ButtonBase>
        );
      })}
    </Box>
  );
}
