/* The larger catalogues of the applicant's screens in kk only: chunk "catalogues-kk" (loadCatalogues in
 * ../index.js). Every catalogue folder but the staff screens' (STAFF_FOLDERS in ./catalogueOf.js; those are in
 * ./staff-kk.js); the questionnaire's form labels are in ./forms-kk.js. */
import { catalogueOf } from './catalogueOf';

export default catalogueOf(
  import.meta.webpackContext('..', {
    recursive: true,
    regExp: /^\.\/(?!(?:admin|adminChats|staff|secondFactor|resources|settingsContent|settings|staffFiles)\/)[A-Za-z0-9]+\/kk\.json$/,
  }),
);
