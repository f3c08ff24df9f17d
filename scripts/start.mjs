// `npm start` runs the server bundle in production mode. React picks its production build from
// NODE_ENV when it is first imported (React Router imports it at load), so NODE_ENV is set here,
// before the bundle and its packages load; without it server rendering runs React's slower
// development build.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

process.env.NODE_ENV ??= 'production';
const root = path.resolve(import.meta.dirname, '..');
const bundle = path.join(path.resolve(root, process.env.BUILD_DIR ?? 'build'), 'server-main.js');
await import(pathToFileURL(bundle).href);
