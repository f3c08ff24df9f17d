// The page every route shows while the database is away: static, tiny, no scripts, no database.
import { APP_NAME } from '../../shared/constants.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from './database-unavailable.ts';

export function unavailablePage(nonce: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Temporarily unavailable · ${APP_NAME}</title>
<style nonce="${nonce}">
body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f8fafc;color:#0f172a}
main{max-width:32rem;padding:2rem;text-align:center}
h1{font-size:1.5rem;margin:0 0 .75rem}
p{line-height:1.5;color:#334155}
a{color:#1d4ed8}
</style>
</head>
<body>
<main>
<h1>${APP_NAME} is temporarily unavailable</h1>
<p>We can't reach our job listings right now. This usually clears up within a minute.</p>
<p><a href="">Try again</a></p>
</main>
</body>
</html>
`;
}

export const UNAVAILABLE_RETRY_AFTER = String(DATABASE_RETRY_AFTER_SECONDS);
