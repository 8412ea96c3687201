import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, signedIn } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import { appointment, booking, page } from '@/test/visit-fixtures';

describe('My visits: bookings the desk has yet to confirm', () => {
  const visits = () => {
    signedIn();
    fakeApi({
      'GET /patient/appointments': () => ({ status: 200, body: page([appointment({ awaitingConfirmation: true })]) }),
      'GET /patient/bookings': () => ({ status: 200, body: page([booking({ status: 'CANCELLED', awaitingConfirmation: true })]) }),
    });
  };

  it("says an upcoming one awaits the desk's confirmation, and not of a cancelled one", async () => {
    visits();
    await renderApp('/p/visits');
    const upcoming = await screen.findByRole('list', { name: 'Upcoming' });
    const card = within(upcoming).getByRole('article', { name: 'Dr. Kavya Rao' });
    expect(card).toHaveTextContent('Booked');
    expect(within(card).getByText("Awaiting the desk's confirmation")).toBeVisible();
    const past = screen.getByRole('list', { name: 'Past' });
    expect(within(past).queryByText("Awaiting the desk's confirmation")).toBeNull();
  });

  it('says so in Hindi, with the day and time in Hindi’s order', async () => {
    visits();
    await renderApp('/p/visits', 'hi');
    expect(await screen.findByText('डेस्क की पुष्टि की प्रतीक्षा है')).toBeVisible();
    // '{date} को {time}' from the catalogue, never a comma joined in code.
    expect(screen.getAllByRole('article', { name: 'Dr. Kavya Rao' })[0]).toHaveTextContent(/\d{4} को \d{1,2}:\d{2}/);
  });
});
