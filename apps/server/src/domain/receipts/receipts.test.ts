import { describe, expect, it } from 'vitest';
import { answersDigest, checkReceipt, receiptCheckUrl, type Attested } from './receipts.js';

const keys = { receiptKeys: ['newest-key', 'older-key'] };
const attested: Attested = {
  Kind: 'Exam',
  ApplyId: 42,
  ProjectTitle: '2026年某市事业单位公开招聘',
  PositionName: '综合管理岗',
  CandidateName: '李*',
  IdNumber: '1101**********1234',
  Digest: answersDigest([{ QuestionId: 1, Choices: ['A'] }]),
  SubmittedAt: '2026-11-26T08:00:05.000Z',
};
const partsOf = (href: string) => {
  const url = new URL(href);
  return { text: url.searchParams.get('R')!, sig: url.searchParams.get('Sig')! };
};
/** The same text with one character changed for another of base64url's alphabet. */
const changedAt = (text: string, i: number) =>
  `${text.slice(0, i)}${text[i] === 'A' ? 'B' : 'A'}${text.slice(i + 1)}`;

describe('receipts', () => {
  it('a signed receipt verifies and reads back what it attests', () => {
    const href = receiptCheckUrl('https://portal.example.cn', keys, attested);
    expect(new URL(href).pathname).toBe('/receipt/verify');
    const { text, sig } = partsOf(href);
    expect(checkReceipt(keys, text, sig)).toEqual(attested);
  });

  it('any changed character of the payload or the signature is refused', () => {
    const { text, sig } = partsOf(receiptCheckUrl('https://p.example.cn', keys, attested));
    for (let i = 0; i < text.length; i += 7)
      expect(checkReceipt(keys, changedAt(text, i), sig)).toBeNull();
    for (let i = 0; i < sig.length; i += 3)
      expect(checkReceipt(keys, text, changedAt(sig, i))).toBeNull();
    expect(checkReceipt(keys, text, '')).toBeNull();
    expect(checkReceipt(keys, '', sig)).toBeNull();
  });

  it('another server’s signature is refused', () => {
    const { text, sig } = partsOf(receiptCheckUrl('https://p.example.cn', keys, attested));
    expect(checkReceipt({ receiptKeys: ['someone-else'] }, text, sig)).toBeNull();
  });

  it('survives a key rotation: a receipt of a retired key still verifies while the key is listed', () => {
    const { text, sig } = partsOf(
      receiptCheckUrl('https://p.example.cn', { receiptKeys: ['older-key'] }, attested),
    );
    expect(checkReceipt(keys, text, sig)).toEqual(attested);
    expect(checkReceipt({ receiptKeys: ['newest-key'] }, text, sig)).toBeNull();
  });

  it('the answers digest does not depend on the order they were stored in', () => {
    const a = { QuestionId: 1, Choices: ['A', 'C'] };
    const b = { QuestionId: 2, Choices: ['B'] };
    expect(answersDigest([a, b])).toBe(answersDigest([b, a]));
    expect(answersDigest([a, b])).not.toBe(answersDigest([a, { ...b, Choices: ['C'] }]));
    expect(answersDigest([a])).toMatch(/^[0-9a-f]{64}$/);
  });
});
