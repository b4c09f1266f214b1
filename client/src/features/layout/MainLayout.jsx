import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Footer from '../../components/Footer';
import PageLoader from '../../app/PageLoader';
import Header from './Header';

/** Main shell (spec §2): header, page, footer. */
export default function MainLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Header />
      <Container component="main" maxWidth="lg" sx={{ py: { xs: 3, sm: 5 }, flexGrow: 1 }}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Container>
      <Footer />
    </Box>
  );
}
