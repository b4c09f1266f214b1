/* Entry point: boot.jsx renders the app, or hydrates the prerendered /auth page. */
import boot from './boot';

boot();
