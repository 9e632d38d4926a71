import { customType } from 'drizzle-orm/pg-core';
import { open, seal } from '../../platform/sealed-values.js';

/** Text sealed at rest (AES-256-GCM under the process's data keys); read and written as plain. */
export const sealedText = customType<{ data: string; driverData: string }>({
  dataType: () => 'text',
  toDriver: (value) => seal(value),
  fromDriver: (value) => open(value),
});

/** A JSON value sealed at rest as one text; read and written as the value. */
export const sealedJson = <T>() =>
  customType<{ data: T; driverData: string }>({
    dataType: () => 'text',
    toDriver: (value) => seal(JSON.stringify(value)),
    fromDriver: (value) => JSON.parse(open(value)) as T,
  });
