import type { APIRequestContext } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { organisationDay } from './support/dates.ts';
import { uniqueSuffix } from './support/files.ts';
import { DEMO_PASSWORD, expect, signInAs, test } from './support/fixtures.ts';

/**
 * Two appointments tomorrow with a doctor of the test's own (so the list holds exactly them),
 * booked through the API as the desk would.
 */
async function twoAppointments(request: APIRequestContext): Promise<{ doctorId: string; date: string; patients: string[] }> {
  const auth = await request.post('/api/admin/auth', { data: { email: 'admin@hospital.demo', password: DEMO_PASSWORD } });
  const { access_token: token } = (await auth.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}` };
  const availability = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '08:00', end: '20:00' }));
  const doctor = await request.post('/api/doctors', {
    headers,
    data: { name: `Dr. Bulk ${uniqueSuffix()}`, specialization: 'General Medicine', consultationFeePaise: 50000, slotMinutes: 30, patientsPerSlot: 1, availability },
  });
  expect(doctor.status()).toBe(201);
  const doctorId = ((await doctor.json()) as { id: string }).id;
  const date = organisationDay(1);
  const patients: string[] = [];
  for (const [index, startTime] of ['09:00', '09:30'].entries()) {
    const name = `Bulk Patient ${index + 1} ${uniqueSuffix()}`;
    const phone = `+9196${String(Date.now() + index).slice(-8)}`;
    const patient = await request.post('/api/patients', { headers, data: { name, phone, gender: 'FEMALE', dateOfBirth: '1990-01-01' } });
    expect(patient.status(), await patient.text()).toBe(201);
    const patientId = ((await patient.json()) as { id: string }).id;
    const booked = await request.post('/api/appointments', { headers, data: { doctorId, patientId, date, startTime } });
    expect(booked.status(), await booked.text()).toBe(201);
    patients.push(name);
  }
  return { doctorId, date, patients };
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the desk ticks two appointments, cancels them with one reason, and the list shows them cancelled', async ({ page, request }) => {
      const { doctorId, date, patients } = await twoAppointments(request);
      await signInAs(page, 'admin@hospital.demo', `/appointments?from=${date}&to=${date}&doctorId=${doctorId}`);
      const [first, second] = patients as [string, string];
      await page.getByRole('checkbox', { name: `Select token 001, ${first}` }).check();
      await page.getByRole('checkbox', { name: `Select token 002, ${second}` }).check();
      const bar = page.getByRole('region', { name: 'Selected visits' });
      await expect(bar).toContainText('2 selected');
      await expect(page.getByRole('checkbox', { name: 'Select all on this page' })).toBeChecked();
      expect(await seriousViolations(page, `bulk bar at ${viewport.width}px`)).toEqual([]);

      await bar.getByRole('button', { name: 'Cancel' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel 2 appointments?' });
      await expect(dialog).toContainText('Tokens: 001, 002');
      await dialog.getByRole('textbox', { name: 'Reason' }).fill('Doctor called away');
      expect(await seriousViolations(page, `bulk cancel dialog at ${viewport.width}px`)).toEqual([]);
      await dialog.getByRole('button', { name: 'Cancel 2 appointments' }).click();

      await expect(page.getByText('2 cancelled', { exact: true })).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(bar).toBeHidden();
      // The list refreshed: both rows now say Cancelled, and nothing is ticked.
      for (const name of patients) {
        const row = viewport.width < 900 ? page.getByRole('listitem').filter({ hasText: name }) : page.getByRole('row').filter({ hasText: name });
        await expect(row).toContainText('Cancelled');
      }
      await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(0);
      const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
      expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    });

    test('the desk ticks two appointments and moves them to another day, each at its own time', async ({ page, request }) => {
      const { doctorId, date, patients } = await twoAppointments(request);
      const newDate = organisationDay(3);
      await signInAs(page, 'admin@hospital.demo', `/appointments?from=${date}&to=${date}&doctorId=${doctorId}`);
      await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
      const bar = page.getByRole('region', { name: 'Selected visits' });
      await expect(bar).toContainText('2 selected');

      await bar.getByRole('button', { name: 'Reschedule' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reschedule 2 appointments' });
      await expect(dialog).toContainText('Tokens: 001, 002');
      await expect(dialog).toContainText('Each keeps its own time on the new day');
      await dialog.getByRole('textbox', { name: 'New date' }).fill(newDate);
      await expect(dialog.getByRole('button', { name: 'Reschedule 2 appointments' })).toBeEnabled();
      expect(await seriousViolations(page, `bulk reschedule dialog at ${viewport.width}px`)).toEqual([]);
      await dialog.getByRole('button', { name: 'Reschedule 2 appointments' }).click();

      await expect(page.getByText('2 moved', { exact: true })).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(bar).toBeHidden();
      // The list refreshed: the day they left holds neither any more.
      for (const name of patients) await expect(page.getByText(name)).toHaveCount(0);

      await page.goto(`/appointments?from=${newDate}&to=${newDate}&doctorId=${doctorId}`);
      const [first, second] = patients as [string, string];
      for (const [name, time] of [
        [first, '9:00'],
        [second, '9:30'],
      ] as const) {
        const row = viewport.width < 900 ? page.getByRole('listitem').filter({ hasText: name }) : page.getByRole('row').filter({ hasText: name });
        await expect(row).toContainText('Booked');
        await expect(row).toContainText(time);
      }
    });
  });
}
