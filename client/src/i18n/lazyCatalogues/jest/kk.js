// Jest has no webpack contexts: ../kk.js is mapped here (client/jest.config.js); the same texts from catalogues.js.
import { extraCatalogues } from '../../catalogues';

export default extraCatalogues.kk;
