import { describe, expect, it } from 'vitest';
import { staffIdentityOf } from './sso-claims.ts';

describe('staffIdentityOf', () => {
  it('takes the username from preferred_username, else the e-mail, else the subject', () => {
    expect(staffIdentityOf({ sub: 's1', preferred_username: 'jlee', email: 'j@x' })?.username).toBe(
      'jlee',
    );
    expect(staffIdentityOf({ sub: 's1', email: 'j@x.test' })?.username).toBe('j@x.test');
    expect(staffIdentityOf({ sub: 's1', preferred_username: '  ' })?.username).toBe('s1');
  });

  it('reads the organization as a string, the first of a list, or the first key of a map', () => {
    expect(staffIdentityOf({ sub: 's', organization: 'North' })?.organization).toBe('North');
    expect(staffIdentityOf({ sub: 's', organization: ['A', 'B'] })?.organization).toBe('A');
    expect(staffIdentityOf({ sub: 's', organization: { acme: { id: '1' } } })?.organization).toBe(
      'acme',
    );
    expect(staffIdentityOf({ sub: 's' })?.organization).toBeNull();
  });

  it('has no identity without a subject, and cuts over-long claims', () => {
    expect(staffIdentityOf({ preferred_username: 'x' })).toBeNull();
    expect(staffIdentityOf({ sub: 's', name: 'n'.repeat(400) })?.name).toHaveLength(255);
  });

  it("reads roles from `roles` (a list or one text) and Keycloak's realm_access.roles", () => {
    const rolesOf = (claims: Record<string, unknown>) =>
      staffIdentityOf({ sub: 's', ...claims })?.roles;
    expect(rolesOf({})).toEqual([]);
    expect(rolesOf({ roles: 'clinic-staff' })).toEqual(['clinic-staff']);
    expect(
      rolesOf({ roles: ['a', ' b ', 7, '', 'a'], realm_access: { roles: ['b', 'c'] } }),
    ).toEqual(['a', 'b', 'c']);
    expect(rolesOf({ roles: ['x'.repeat(101)] })).toEqual([]);
    expect(rolesOf({ roles: Array.from({ length: 80 }, (_, i) => `r${i}`) })).toHaveLength(50);
  });
});
