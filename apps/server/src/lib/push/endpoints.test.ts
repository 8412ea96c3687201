import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { DEFAULT_PUSH_ENDPOINT_HOSTS, endpointProblem, isLoopbackAddress, isPublicAddress, type PushEndpointPolicy } from './endpoints.js';

const production: PushEndpointPolicy = { hosts: DEFAULT_PUSH_ENDPOINT_HOSTS, allowLoopback: false };

describe('push endpoint policy', () => {
  it("accepts the browsers' push services", () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dXk6aGVsbG8',
      'https://fcm.googleapis.com/wp/dXk6aGVsbG8',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
      'https://web.push.apple.com/QGx1c2g',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
      'https://FCM.googleapis.com:443/fcm/send/x',
    ]) {
      expect(endpointProblem(endpoint, production), endpoint).toBeUndefined();
    }
  });

  it('refuses internal hosts, other ports, credentials, look-alike hosts and plain http', () => {
    for (const endpoint of [
      'https://10.0.0.5:8443/push',
      'https://127.0.0.1/push',
      'https://[::1]/push',
      'https://localhost/push',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://user:secret@fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com.evil.example/fcm/send/x',
      'https://evilfcm.googleapis.com/fcm/send/x',
      'https://notify.windows.com/w/x',
      'https://evil-notify.windows.com/w/x',
      'http://fcm.googleapis.com/fcm/send/x',
    ]) {
      expect(endpointProblem(endpoint, production), endpoint).toBeDefined();
    }
  });

  it('opens plain http and any port only with allowLoopback, still only for listed hosts', () => {
    const local = { hosts: ['127.0.0.1'], allowLoopback: true };
    expect(endpointProblem('http://127.0.0.1:45123/push/x', local)).toBeUndefined();
    expect(endpointProblem('http://10.0.0.5:45123/push/x', local)).toBeDefined();
    expect(endpointProblem('http://127.0.0.1:45123/push/x', { ...local, allowLoopback: false })).toBeDefined();
  });

  it('tells public addresses from private, loopback, link-local, unique-local and reserved ones, IPv4 inside IPv6 included', () => {
    const publicOnes = ['142.250.183.10', '8.8.8.8', '2607:f8b0:4004:c07::5f', '2a00:1450:4001:82b::200a', '::ffff:8.8.8.8', '64:ff9b::808:808'];
    const internal = [
      '0.0.0.0',
      '10.20.30.40',
      '100.64.0.1',
      '127.0.0.1',
      '127.8.9.10',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.0.0.8',
      '192.0.2.1',
      '192.168.0.1',
      '198.18.0.1',
      '198.51.100.7',
      '203.0.113.9',
      '224.0.0.251',
      '240.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'fe80::1%eth0',
      'fec0::1',
      'ff02::1',
      '2001:db8::1',
      '2001::1',
      '3fff::1',
      '100::1',
      '5f00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::a00:1',
      '2002:c0a8:101::1',
      '::127.0.0.1',
      'not an address',
    ];
    for (const address of publicOnes) expect(isPublicAddress(address), address).toBe(true);
    for (const address of internal) expect(isPublicAddress(address), address).toBe(false);
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of ['10.0.0.1', 'fe80::1', '8.8.8.8']) expect(isLoopbackAddress(address), address).toBe(false);
  });

  it('comes from PUSH_ENDPOINT_HOSTS: the browsers’ services by default, else the listed hosts', () => {
    expect(loadConfig({}).PUSH_ENDPOINT_HOSTS).toEqual([...DEFAULT_PUSH_ENDPOINT_HOSTS]);
    expect(loadConfig({ PUSH_ENDPOINT_HOSTS: ' Push.Clinic.example , *.push.example.org' }).PUSH_ENDPOINT_HOSTS).toEqual(['push.clinic.example', '*.push.example.org']);
    expect(() => loadConfig({ PUSH_ENDPOINT_HOSTS: 'https://push.clinic.example/' })).toThrow(/PUSH_ENDPOINT_HOSTS/);
    expect(() => loadConfig({ PUSH_ENDPOINT_HOSTS: ' , ' })).toThrow(/PUSH_ENDPOINT_HOSTS/);
  });
});
