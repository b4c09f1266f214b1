// jsdom lacks fetch/Request/Response/Headers and TextEncoder; RTK Query's fetchBaseQuery needs them.
import 'whatwg-fetch';
import { TextEncoder, TextDecoder } from 'util';

if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = TextDecoder;
