import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearPersonalStorage, personalStorage } from './personal-storage';
import { runtimeConfig } from './runtime-config';
import { storeTestSignIn } from './testing/jwt-fixture';
import { loadTestRuntimeConfig } from './testing/runtime-config-fixture';
import { paths } from './paths';

function signInAs(sub: string): void {
  storeTestSignIn(runtimeConfig().WebSite.UserClient.ClientID, sub);
}

describe('personal storage: what a person typed stays theirs', () => {
  beforeEach(() => {
    loadTestRuntimeConfig();
    localStorage.clear();
  });
  afterEach(() => localStorage.clear());

  it('keeps a value for the person who wrote it', () => {
    signInAs('7');
    personalStorage.write('apply-draft:3', '{"name":"李明"}');
    expect(personalStorage.read('apply-draft:3')).toBe('{"name":"李明"}');
  });

  it('never shows it to the next person on the same phone', () => {
    signInAs('7');
    personalStorage.write('apply-draft:3', '{"idNumber":"110105199003072813"}');
    signInAs('8');
    expect(personalStorage.read('apply-draft:3')).toBeNull();
  });

  it('keeps nothing for an anonymous visitor', () => {
    personalStorage.write('apply-draft:3', 'x');
    expect(localStorage.length).toBe(0);
  });

  it('is removed by clearPersonalStorage, other keys kept', () => {
    signInAs('7');
    personalStorage.write('apply-draft:3', 'x');
    localStorage.setItem('loginBackNextPath', paths.my());
    clearPersonalStorage();
    expect(personalStorage.read('apply-draft:3')).toBeNull();
    expect(localStorage.getItem('loginBackNextPath')).toBe(paths.my());
  });
});
