import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LanguagePicker from '../../components/LanguagePicker';
import SkipLink from '../../components/focus/SkipLink';
import useDocumentTitle from '../../components/focus/useDocumentTitle';
import { MAIN_ID, focusElement, focusIsLost } from '../../components/focus/focusElement';
import Footer from '../../components/Footer';
import { useSnackbar } from '../../components/SnackbarProvider';
import { apiErrorMessage } from '../../components/apiError';
import { selectUser } from '../../session/sessionSlice';
import { landingPathFor, useDomain } from '../../domain';
import SignInForm from './SignInForm';
import SignUpForm from './SignUpForm';
import VerifyCodeStep, { retryAfterSeconds } from './VerifyCodeStep';
import ForgotPassword from './ForgotPassword';
import AuthTabs from './AuthTabs';
import { useGenerateOtpMutation } from './authApi';
import { loadCatalogues } from '../../i18n';

// Staff only, after their password (decision 0078): its own chunk with the larger catalogues, so /auth's first
// download stays within its budget (decision 0070).
const SecondFactorStep = lazy(() =>
  Promise.all([import(/* webpackChunkName: "second-factor" */ './SecondFactorStep'), loadCatalogues()]).then(
    ([module]) => module,
  ),
);

const TAB_SIGN_IN = 'sign-in';
// The e-mail being verified survives a reload of /auth?verify-otp=true (issue 10); kept for this tab only.
const VERIFY_EMAIL_KEY = 'qabyldau.verify_email';

function readVerifyEmail() {
  try {
    return window.sessionStorage.getItem(VERIFY_EMAIL_KEY) || '';
  } catch {
    return '';
  }
}

function writeVerifyEmail(email) {
  try {
    if (email) window.sessionStorage.setItem(VERIFY_EMAIL_KEY, email);
    else window.sessionStorage.removeItem(VERIFY_EMAIL_KEY);
  } catch {
    // storage disabled: the step still works until the next reload
  }
}
const TAB_SIGN_UP = 'sign-up';

/** /auth: sign-in / sign-up tabs, verify-code step, forgot-password flow (req §2, §4). */
export default function AuthPage() {
  const { t, i18n } = useTranslation();
  const domain = useDomain();
  const navigate = useNavigate();
  const { showError, showSuccess } = useSnackbar();
  const user = useSelector(selectUser);
  const [searchParams, setSearchParams] = useSearchParams();
  const verifyRequested = searchParams.get('verify-otp') === 'true';

  const [tab, setTab] = useState(TAB_SIGN_IN);
  const [view, setView] = useState('tabs'); // tabs | verify | forgot | second-factor
  // {challenge, enrolmentRequired} of a staff sign-in waiting for its second factor; in memory only.
  const [secondFactor, setSecondFactor] = useState(null);
  const [verifyEmail, setVerifyEmail] = useState(readVerifyEmail);
  // The password just typed (sign-up, or sign-in of an unverified account) goes with the code (issue 22). In memory
  // only, never in storage: after a reload the code step asks for it.
  const [verifyPassword, setVerifyPassword] = useState('');
  const [cooldown, setCooldown] = useState(0);
  const [forgotEmail, setForgotEmail] = useState('');
  const [generateOtp] = useGenerateOtpMutation();
  const autoSentTo = useRef(null);

  const storedEmail = user && !user.is_verified ? user.email : '';
  const showVerify = view === 'verify' || (verifyRequested && view !== 'forgot');
  const emailForVerify = storedEmail || verifyEmail;
  const card = useRef(null);
  const shown = showVerify ? 'verify' : view;
  const shownBefore = useRef(shown);

  // A new view (verify, forgot password, back to the tabs) replaced the button that opened it: unless the view put
  // the focus in a field itself, it goes to the view's selected tab or heading (decision 0077).
  useEffect(() => {
    if (shownBefore.current === shown) return;
    shownBefore.current = shown;
    if (focusIsLost() && card.current) focusElement(card.current.querySelector('[aria-selected="true"], h2'));
  }, [shown]);

  useDocumentTitle(t('auth.title'));
  // The live region and the focus keeper (a wrong code gives the code field its focus back) come after the first
  // paint, in a chunk of their own: /auth's first download stays as it was (decision 0070).
  useEffect(() => {
    import(/* webpackChunkName: "focus-support" */ '../../components/focus/installFocusSupport')
      .then((module) => {
        module.default();
        module.focusPageOnArrival(); // after sign-out or a redirect, not on a page load
      })
      // Not loaded (the connection dropped): the forms work without it, and the page must not fail for it.
      .catch(() => {});
  }, []);

  // An unverified user sent to /auth?verify-otp=true gets a fresh code for the stored e-mail.
  useEffect(() => {
    if (!verifyRequested || !storedEmail || autoSentTo.current === storedEmail) return;
    autoSentTo.current = storedEmail;
    generateOtp({ email: storedEmail })
      .unwrap()
      .then(() => showSuccess(t('auth.verify.code_sent')))
      .catch((error) => {
        // A code sent under a minute ago is still valid: nothing was sent now, so say when a new one can be asked
        // for (the resend button counts down) instead of claiming a code went out.
        if (error && error.status === 429) setCooldown(retryAfterSeconds(error));
        else showError(apiErrorMessage(error, t, i18n, 'errors.try_again_later'));
      });
  }, [verifyRequested, storedEmail, generateOtp, showError, showSuccess, t, i18n]);

  // A signed-in, verified user has nothing to do here (same targets as after sign-in).
  if (user && user.token && user.is_verified) {
    return <Navigate to={landingPathFor(user, domain)} replace />;
  }

  const backToSignIn = () => {
    setView('tabs');
    setSecondFactor(null);
    setTab(TAB_SIGN_IN);
    writeVerifyEmail('');
    setVerifyEmail('');
    setVerifyPassword('');
    if (verifyRequested) navigate('/auth', { replace: true });
  };

  let content;
  if (view === 'second-factor' && secondFactor) {
    content = (
      <Suspense fallback={null}>
        <SecondFactorStep
          challenge={secondFactor.challenge}
          enrolmentRequired={secondFactor.enrolmentRequired}
          onBack={backToSignIn}
        />
      </Suspense>
    );
  } else if (view === 'forgot') {
    content = (
      <ForgotPassword initialEmail={forgotEmail} onDone={backToSignIn} onBack={backToSignIn} />
    );
  } else if (showVerify) {
    content = (
      <VerifyCodeStep
        key={emailForVerify || 'unknown'}
        email={emailForVerify}
        password={verifyPassword}
        onBack={backToSignIn}
        initialCooldown={cooldown}
        onVerified={() => {
          writeVerifyEmail('');
          setVerifyPassword('');
        }}
      />
    );
  } else {
    content = (
      <>
        <AuthTabs
          value={tab}
          onChange={setTab}
          label={t('auth.tabs_label')}
          sx={{ mb: 3 }}
          tabs={[
            {
              value: TAB_SIGN_IN,
              label: t('auth.sign_in.tab'),
              id: 'auth-tab-sign-in',
              panelId: 'auth-panel-sign-in',
              testId: 'tab-sign-in',
            },
            {
              value: TAB_SIGN_UP,
              label: t('auth.sign_up.tab'),
              id: 'auth-tab-sign-up',
              panelId: 'auth-panel-sign-up',
              testId: 'tab-sign-up',
            },
          ]}
        />
        <div role="tabpanel" id={`auth-panel-${tab}`} aria-labelledby={`auth-tab-${tab}`}>
          {tab === TAB_SIGN_IN ? (
            <SignInForm
              onForgotPassword={(email) => {
                setForgotEmail(email || '');
                setView('forgot');
              }}
              onUnverified={setVerifyPassword}
              onSecondFactor={(step) => {
                setSecondFactor(step);
                setView('second-factor');
              }}
            />
          ) : (
            <SignUpForm
              onSignedUp={(email, password) => {
                setVerifyEmail(email);
                setVerifyPassword(password);
                writeVerifyEmail(email);
                setView('verify');
                // The step is in the address, so a reload comes back to it (the e-mail from sessionStorage).
                setSearchParams({ 'verify-otp': 'true' }, { replace: true });
              }}
            />
          )}
        </div>
      </>
    );
  }

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      {/* The main shell's header in plain markup (issue 23): the app bar's height and gutters (MUI Toolbar: 56/64 px,
          16/24 px), the name a link home at the left edge, the language picker at the right; no AppBar or Toolbar
          code on this screen's first download. */}
      <Box component="header" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Stack direction="row" alignItems="center" sx={{ minHeight: { xs: 56, sm: 64 }, px: { xs: 2, sm: 3 } }}>
          <Typography component="a" href="/" variant="h6" color="primary" sx={{ fontWeight: 700, textDecoration: 'none', mr: 'auto' }}>
            {t('app.name')}
          </Typography>
          <LanguagePicker />
        </Stack>
      </Box>
      {/* On a phone the footer starts below the fold: it grows when the contacts arrive (public-config), which moved
          it on screen (a layout shift) after the prerendered page had painted. */}
      <Container component="main" id={MAIN_ID} tabIndex={-1} maxWidth="sm" sx={{ py: { xs: 3, sm: 6 }, minHeight: { xs: '100vh', sm: 0 } }}>
        <Typography component="h1" variant="h1" align="center" gutterBottom>
          {t('auth.title')}
        </Typography>
        <Typography align="center" color="text.secondary" sx={{ mb: 3 }}>
          {t('auth.subtitle')}
        </Typography>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }} ref={card}>
          {content}
        </Paper>
      </Container>
      <Footer />
    </Box>
  );
}
