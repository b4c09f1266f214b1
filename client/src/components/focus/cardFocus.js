/* A card that is one big link (CardActionArea): the card must not clip the theme's focus ring (MUI's Card hides its
 * overflow), and MUI's grey 12 % focus overlay made a focused card look like the disabled "Soon" cards — the ring is
 * the focus (decision 0077). Spread into the Card's and the CardActionArea's sx. */
export const LINK_CARD_SX = { overflow: 'visible' };

export const CARD_ACTION_SX = {
  borderRadius: 'inherit',
  '&.Mui-focusVisible .MuiCardActionArea-focusHighlight': { opacity: 0 },
};
