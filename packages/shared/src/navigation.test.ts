import { describe, expect, it } from 'vitest';
import { areaOfPath, canAccessArea, homePathFor, menuFor } from './navigation.js';
import { organisationTypes } from './organisations.js';

const titles = (type: Parameters<typeof menuFor>[0], role: Parameters<typeof menuFor>[1]) => menuFor(type, role).map((item) => `${item.title} ${item.path}`);

describe('the sidebar table of SPEC.md §2', () => {
  it('gives a default-type admin seven entries in the spec order', () => {
    expect(titles('HOSPITAL', 'ADMIN')).toEqual([
      'Dashboard /',
      'Doctors /doctor',
      'Appointments /appointments',
      'Other Services /service',
      'Patients /user',
      'Chats /chats',
      'Settings /settings',
    ]);
  });

  it('gives a default-type worker appointments, doctors, patients and other services only', () => {
    expect(titles('HOSPITAL', 'WORKER')).toEqual(['Appointments /appointments', 'Doctors /doctor', 'Patients /user', 'Other Services /service']);
  });

  it('titles the scan admin menu Services and Patients, the scan worker menu Scans & Tests and Users', () => {
    expect(titles('SCAN', 'ADMIN')).toEqual([
      'Dashboard /',
      'Services /scan',
      'Other Services /service',
      'Bookings /bookings',
      'Patients /user',
      'Chats /chats',
      'Settings /settings',
    ]);
    expect(titles('SCAN', 'WORKER')).toEqual([
      'Dashboard /',
      'Scans & Tests /scan',
      'Other Services /service',
      'Bookings /bookings',
      'Users /user',
      'Chats /chats',
      'Settings /settings',
    ]);
  });

  it('gives both multi-hospital types nine entries, with worker titles Scans & Tests and Users', () => {
    for (const type of ['MULTIHOSPITAL', 'MULTIHOSPITALANDCARE'] as const) {
      expect(titles(type, 'ADMIN')).toEqual([
        'Dashboard /',
        'Doctors /doctor',
        'Appointments /appointments',
        'Scans /scan',
        'Other Services /service',
        'Bookings /bookings',
        'Patients /user',
        'Chats /chats',
        'Settings /settings',
      ]);
      expect(titles(type, 'WORKER')).toEqual([
        'Dashboard /',
        'Doctors /doctor',
        'Appointments /appointments',
        'Scans & Tests /scan',
        'Other Services /service',
        'Bookings /bookings',
        'Users /user',
        'Chats /chats',
        'Settings /settings',
      ]);
    }
  });

  it('treats HOSPITALANDCARE and SCANANDCARE as default accounts', () => {
    expect(titles('HOSPITALANDCARE', 'ADMIN')).toEqual(titles('HOSPITAL', 'ADMIN'));
    expect(titles('SCANANDCARE', 'WORKER')).toEqual(titles('HOSPITAL', 'WORKER'));
  });
});

describe('authorisation from the same table', () => {
  it('lets a default worker reach appointments but not the dashboard, chats or settings', () => {
    expect(canAccessArea('HOSPITAL', 'WORKER', 'appointments')).toBe(true);
    expect(canAccessArea('HOSPITAL', 'WORKER', 'dashboard')).toBe(false);
    expect(canAccessArea('HOSPITAL', 'WORKER', 'chats')).toBe(false);
    expect(canAccessArea('HOSPITAL', 'WORKER', 'settings')).toBe(false);
  });

  it('never lets a default-type account reach bookings or scans', () => {
    expect(canAccessArea('HOSPITAL', 'ADMIN', 'bookings')).toBe(false);
    expect(canAccessArea('HOSPITAL', 'ADMIN', 'scans')).toBe(false);
  });

  it('sends every account home to the first entry of its menu', () => {
    for (const type of organisationTypes) {
      for (const role of ['ADMIN', 'WORKER'] as const) {
        expect(homePathFor(type, role)).toBe(menuFor(type, role)[0]!.path);
      }
    }
    expect(homePathFor('HOSPITAL', 'WORKER')).toBe('/appointments');
  });

  it('maps console paths to their areas', () => {
    expect(areaOfPath('/')).toBe('dashboard');
    expect(areaOfPath('/appointments/token')).toBe('appointments');
    expect(areaOfPath('/chats/42')).toBe('chats');
    expect(areaOfPath('/plan')).toBeUndefined();
    expect(areaOfPath('/profile')).toBeUndefined();
  });
});
