/* The phone menu's dormitory entry (issue 23): the same rule as the home page's and /my-applications' link
 * (components/DormitoryLink: the server's GET /users/halls says whether the applicant may book now). A lazy chunk
 * drawn only inside the open menu, so the header of every page (and /auth) carries none of the dormitory API. */
import { useSelector } from 'react-redux';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useGetHallsQuery } from '../../api/dormApi';
import { selectToken } from '../../session/sessionSlice';

export default function DormitoryMenuItem({ onNavigate }) {
  const { t } = useTranslation();
  const signedIn = Boolean(useSelector(selectToken));
  const { data } = useGetHallsQuery(undefined, { skip: !signedIn });
  if (!signedIn || !data || !data.eligible) return null;
  return (
    <ListItem disablePadding>
      <ListItemButton component={RouterLink} to="/dormitory" onClick={onNavigate} data-testid="mobile-dormitory-link">
        <ListItemText primary={t('dorm.link')} />
      </ListItemButton>
    </ListItem>
  );
}
