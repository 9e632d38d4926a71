import { createSecrets } from './platform/secrets.js';

// Production keys for SECRETS_FILE: `npm run secrets -w apps/server > /etc/portal/secrets.json`.
process.stdout.write(`${JSON.stringify(await createSecrets(), null, 2)}\n`);
