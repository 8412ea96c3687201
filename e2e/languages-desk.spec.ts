import { awayFromOrganisationMidnight } from './support/dates.ts';
import { expect, signInAs, test } from './support/fixtures.ts';
import { uniqueSuffix } from './support/files.ts';
import { newStaffMember, staffApiAs } from './support/staff.ts';

// Issue 20: a day at the desk in Hindi and in Kannada, through the real console: the New
// appointment dialog books a walk-in, and the token page calls them, every control found by its
// name in the desk's language.

const desks = [
  {
    language: 'hi',
    newAppointment: 'नया अपॉइंटमेंट',
    quickAdd: 'झटपट जोड़ें',
    name: 'नाम',
    phone: 'फ़ोन',
    gender: 'लिंग',
    male: 'पुरुष',
    addPatient: 'मरीज़ जोड़ें',
    chosenPatient: 'चुना गया मरीज़',
    doctor: 'डॉक्टर',
    date: 'तारीख़',
    freeSlots: 'खाली स्लॉट',
    book: 'बुक करें',
    booked: 'अपॉइंटमेंट बुक हो गया',
    slip: 'अपॉइंटमेंट पर्ची',
    queueOf: (doctor: string) => `${doctor} की कतार`,
    callNext: 'अगले को बुलाएँ',
  },
  {
    language: 'kn',
    newAppointment: 'ಹೊಸ ಅಪಾಯಿಂಟ್‌ಮೆಂಟ್',
    quickAdd: 'ತ್ವರಿತವಾಗಿ ಸೇರಿಸಿ',
    name: 'ಹೆಸರು',
    phone: 'ಫೋನ್',
    gender: 'ಲಿಂಗ',
    male: 'ಪುರುಷ',
    addPatient: 'ರೋಗಿಯನ್ನು ಸೇರಿಸಿ',
    chosenPatient: 'ಆಯ್ಕೆಮಾಡಿದ ರೋಗಿ',
    doctor: 'ವೈದ್ಯರು',
    date: 'ದಿನಾಂಕ',
    freeSlots: 'ಖಾಲಿ ಸ್ಲಾಟ್‌ಗಳು',
    book: 'ಬುಕ್ ಮಾಡಿ',
    booked: 'ಅಪಾಯಿಂಟ್‌ಮೆಂಟ್ ಬುಕ್ ಆಗಿದೆ',
    slip: 'ಅಪಾಯಿಂಟ್‌ಮೆಂಟ್ ಚೀಟಿ',
    queueOf: (doctor: string) => `${doctor} ಅವರ ಸರದಿ`,
    callNext: 'ಮುಂದಿನವರನ್ನು ಕರೆಯಿರಿ',
  },
] as const;

for (const words of desks) {
  test(`a desk in '${words.language}' books a walk-in through the New appointment dialog and calls them on the token page`, async ({ page, request }) => {
    test.setTimeout(90_000);
    // Today's slots: not in the last minutes before the organisation's midnight.
    await awayFromOrganisationMidnight();
    const admin = await staffApiAs(request, 'admin@hospital.demo');
    const doctorName = `Dr. Bhasha ${uniqueSuffix()}`;
    const doctor = await admin.post('/api/doctors', {
      name: doctorName,
      specialization: 'General Medicine',
      consultationFeePaise: 40000,
      slotMinutes: 5,
      patientsPerSlot: 1,
      tokenPrefix: 'L',
      availability: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '23:59' })),
    });
    const patient = `Ravi Shankar ${uniqueSuffix()}`;

    const { email, password } = await newStaffMember(page, words.language);
    await signInAs(page, email, '/appointments', password);
    await expect(page.locator('html')).toHaveAttribute('lang', words.language);

    await page.getByRole('button', { name: words.newAppointment }).first().click();
    const dialog = page.getByRole('dialog', { name: words.newAppointment });
    await dialog.getByRole('button', { name: words.quickAdd }).click();
    await dialog.getByRole('textbox', { name: words.name, exact: true }).fill(patient);
    await dialog.getByRole('textbox', { name: words.phone, exact: true }).fill(`95${String(Date.now()).slice(-8)}`);
    const male = page.getByRole('option', { name: words.male, exact: true });
    await expect(async () => {
      await dialog.getByRole('combobox', { name: words.gender }).click();
      await expect(male).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await male.click();
    await dialog.getByRole('button', { name: words.addPatient }).click();
    await expect(dialog.getByLabel(words.chosenPatient)).toContainText(patient);

    await dialog.getByRole('combobox', { name: words.doctor }).fill(doctorName.slice(0, 16));
    await page.getByRole('option', { name: new RegExp(doctorName) }).click();
    // The date starts at today, written in the desk's language ('02 दिस. 2026').
    await expect(dialog.getByRole('textbox', { name: words.date, exact: true })).not.toHaveValue(/[A-Za-z]{3}/);
    const firstSlot = dialog.getByRole('group', { name: words.freeSlots }).getByRole('button').first();
    await expect(firstSlot).toBeVisible();
    await firstSlot.click();
    await dialog.getByRole('button', { name: words.book }).click();
    const slip = page.getByRole('dialog', { name: words.booked }).getByLabel(words.slip);
    await expect(slip).toContainText('L-001');
    await expect(slip).toContainText(patient);

    // The patient arrives: the desk checks them in (through the API, as another desk would) and
    // calls them from the token page, in its language.
    const { data } = await admin.get<{ data: { id: string }[] }>(`/api/appointments?doctorId=${doctor.id}`);
    expect(data).toHaveLength(1);
    await admin.post(`/api/appointments/${data[0]!.id}/actions/check-in`);
    await page.goto('/appointments/token');
    const card = page.getByRole('region', { name: words.queueOf(doctorName) });
    await expect(card.getByTestId('next-token')).toHaveText('L-001');
    await card.getByRole('button', { name: words.callNext }).click();
    await expect(card.getByTestId('now-serving')).toHaveText('L-001');
  });
}
