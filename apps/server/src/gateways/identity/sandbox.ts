import { DEMO_ID_NUMBER } from '../../demo-data/50-account.js';
import { withCheckDigit } from '../../demo-data/40-applications.js';
import type { IdentityVerifier } from '../../domain/ports.js';

/**
 * The sandbox's register, for demo mode and tests: the demo people, and a few more for testers to
 * verify with (docs/configuration.md lists them). Every other name and number is refused, as the
 * register would refuse an invented pair.
 */
export const SANDBOX_REGISTER: readonly { name: string; idNumber: string }[] = [
  { name: '李明', idNumber: DEMO_ID_NUMBER },
  { name: '王芳', idNumber: withCheckDigit('44010619980321002') },
  { name: '赵六', idNumber: withCheckDigit('11010519850615001') },
  { name: '钱七', idNumber: withCheckDigit('11010519850615002') },
  { name: '孙丽', idNumber: withCheckDigit('32010219980412004') },
  { name: '周杰', idNumber: withCheckDigit('31011519900808005') },
];

export function createSandboxIdentityVerifier(): IdentityVerifier {
  return {
    async verify({ name, idNumber }) {
      const known = SANDBOX_REGISTER.some(
        (person) => person.name === name && person.idNumber === idNumber.toUpperCase(),
      );
      return known ? 'match' : 'mismatch';
    },
  };
}
