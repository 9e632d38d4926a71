import fs from 'node:fs';
import { createSecrets, type ServerSecrets } from './platform/secrets.js';
import { createDataKey } from './platform/sealed-values.js';

// Production keys for SECRETS_FILE: `npm run secrets -w apps/server > /etc/portal/secrets.json`.
// A new data key, the others kept to open what they sealed until the reseal job has run (a file
// from before personal data was sealed gains its first data key and its blind-index key):
// `npm run secrets -w apps/server -- --rotate-data-key /etc/portal/secrets.json > new.json`.
// A new receipt key, every older one kept so the receipts it signed still verify:
// `npm run secrets -w apps/server -- --rotate-receipt-key /etc/portal/secrets.json > new.json`.
const [option, file] = process.argv.slice(2);
let secrets: ServerSecrets;
if (option === '--rotate-data-key' && file) {
  const current = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<ServerSecrets>;
  const fresh = await createSecrets();
  secrets = {
    ...fresh,
    ...current,
    dataKeys: [createDataKey(), ...(current.dataKeys ?? [])],
    blindIndexKey: current.blindIndexKey ?? fresh.blindIndexKey,
  };
} else if (option === '--rotate-receipt-key' && file) {
  const current = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<ServerSecrets>;
  const fresh = await createSecrets();
  secrets = {
    ...fresh,
    ...current,
    receiptKeys: [...fresh.receiptKeys, ...(current.receiptKeys ?? [])],
  };
} else secrets = await createSecrets();
process.stdout.write(`${JSON.stringify(secrets, null, 2)}\n`);
