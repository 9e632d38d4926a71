import { describe, expect, it } from 'vitest';
import { base64ToBlob } from './save-file';

describe('base64ToBlob', () => {
  it('keeps every byte of a binary file and its type', async () => {
    const bytes = [0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x80, 0x0a];
    const blob = base64ToBlob(btoa(String.fromCharCode(...bytes)), 'application/pdf');
    expect(blob.type).toBe('application/pdf');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual(bytes);
  });
});
