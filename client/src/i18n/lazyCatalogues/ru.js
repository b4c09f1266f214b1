/* The larger catalogues of the applicant's screens in ru only: chunk "catalogues-ru" (loadCatalogues in
 * ../index.js). Every catalogue folder but the staff screens' (STAFF_FOLDERS in ./catalogueOf.js; those are in
 * ./staff-ru.js); the questionnaire's form labels are in ./forms-ru.js. */
import { catalogueOf } from './catalogueOf';

export default catalogueOf(
  import.meta.webpackContext('..', {
    recursive: true,
    regExp: /^\.\/(?!(?:admin|adminChats|staff|secondFactor|resources|settingsContent|settings|staffFiles)\/)[A-Za-z0-9]+\/ru\.json$/,
  }),
);
