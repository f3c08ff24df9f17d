// The headers of a page whose form posts to itself: an action's answer keeps its own (its
// cookies, Retry-After, no caching); a page view keeps the loader's.
import type { HeadersFunction } from 'react-router';

export const actionOrLoaderHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has('Cache-Control') ? actionHeaders : loaderHeaders;
