import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n';
import App from './app/App';
import { makeStore } from './app/store';

const store = makeStore();

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <App store={store} />
  </StrictMode>,
);
