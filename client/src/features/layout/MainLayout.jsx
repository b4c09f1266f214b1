import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Footer from '../../components/Footer';
import PageLoader from '../../components/PageLoader';
import SkipLink from '../../components/focus/SkipLink';
import useRouteFocus from '../../components/focus/useRouteFocus';
import installFocusSupport from '../../components/focus/installFocusSupport';
import { MAIN_ID } from '../../components/focus/focusElement';
import Header from './Header';

/** Main shell (req §2): skip link, header (banner), page (main), footer (contentinfo); decision 0077. */
export default function MainLayout() {
  useRouteFocus();
  useEffect(() => installFocusSupport(), []);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <Header />
      {/* On a phone the footer starts below the fold: the page's content arrives in steps (lazy route, then its
          data) and grows, and a footer on screen moved with each step (layout shift 0.19 on /apply/<id>). */}
      <Container
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        maxWidth="lg"
        sx={{ py: { xs: 3, sm: 5 }, flexGrow: 1, minHeight: { xs: '100vh', sm: 0 } }}
      >
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Container>
      <Footer />
    </Box>
  );
}
