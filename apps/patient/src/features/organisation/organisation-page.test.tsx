import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { KAVYA, MRI, publicPage } from '@/test/organisation-fixtures';
import { renderApp } from '@/test/render-app';

const PAGE = 'GET /public/organisations/sanjeevani-hospital';

function doctorsList() {
  return screen.getByRole('list', { name: /^Doctors?$/ });
}

describe('an organisation’s page', () => {
  it('shows the organisation, its doctors with fee and next free slot, and its scans with a Book action', async () => {
    fakeApi({ [PAGE]: () => ({ status: 200, body: publicPage() }) });
    await renderApp('/p/sanjeevani-hospital');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sanjeevani Multispeciality Hospital' })).toBeVisible();
    // The title follows the heading in an effect: asked once they agree, not in the same instant.
    await waitFor(() => expect(document.title).toBe('Sanjeevani Multispeciality Hospital · CareDesk'));

    const kavya = within(doctorsList()).getByRole('article', { name: 'Dr. Kavya Rao' });
    expect(kavya).toHaveTextContent('Cardiology');
    expect(kavya).toHaveTextContent('MBBS, MD, DM (Cardiology)');
    expect(kavya).toHaveTextContent('Main campus');
    expect(kavya).toHaveTextContent('Consultation fee ₹1,50,000');
    expect(kavya).toHaveTextContent('Next free: Today, 10:30 am');
    expect(within(kavya).getByRole('link', { name: 'Book Dr. Kavya Rao' })).toHaveAttribute('href', `/p/sanjeevani-hospital/book/doctors/${KAVYA}`);

    const arjun = within(doctorsList()).getByRole('article', { name: 'Dr. Arjun Mehta' });
    expect(arjun).toHaveTextContent('Next free: Sat, 14 Mar, 9:00 am');
    expect(arjun).toHaveTextContent('₹600');
    const photo = arjun.querySelector('img');
    expect(photo).toHaveAttribute('loading', 'lazy');
    expect(photo).toHaveAttribute('width', '64');
    expect(photo).toHaveAttribute('height', '64');

    const meera = within(doctorsList()).getByRole('article', { name: 'Dr. Meera Iyer' });
    expect(meera).toHaveTextContent('₹800.50');
    expect(meera).toHaveTextContent('No free slots in the next 14 days');
    expect(meera).toHaveTextContent('MI');
    expect(within(meera).queryByRole('link', { name: /^Book/ })).toBeNull();

    const mri = within(screen.getByRole('list', { name: 'Scan or test' })).getByRole('article', { name: 'MRI Brain' });
    expect(mri).toHaveTextContent('Scan · MRI');
    expect(mri).toHaveTextContent('Price ₹4,500');
    expect(mri).toHaveTextContent('Preparation: No metal objects; fast for 4 hours.');
    expect(mri).toHaveTextContent('Next free: Tomorrow, 8:00 am');
    expect(within(mri).getByRole('link', { name: 'Book MRI Brain' })).toHaveAttribute('href', `/p/sanjeevani-hospital/book/services/${MRI}`);
    expect(mri).not.toHaveTextContent('Includes');
  });

  it('says what a package holds', async () => {
    const page = publicPage();
    const healthCheck = {
      ...page.services[0]!,
      id: '0b8e1f64-3c1a-4a43-9b0e-0000000000c9',
      name: 'Health check',
      kind: 'TEST' as const,
      category: null,
      includes: ['CBC', 'TSH', 'Lipid profile'],
    };
    fakeApi({ [PAGE]: () => ({ status: 200, body: { ...page, services: [...page.services, healthCheck] } }) });
    await renderApp('/p/sanjeevani-hospital');
    const card = await screen.findByRole('article', { name: 'Health check' });
    expect(card).toHaveTextContent('Includes: CBC, TSH and Lipid profile');
  });

  it('shows each facility’s address, opening hours by weekday, a phone link and directions', async () => {
    fakeApi({ [PAGE]: () => ({ status: 200, body: publicPage() }) });
    await renderApp('/p/sanjeevani-hospital');
    const main = await screen.findByRole('article', { name: 'Main campus' });
    expect(main).toHaveTextContent('12 MG Road, Bengaluru 560001');
    expect(main).toHaveTextContent('Monday9:00 am – 1:00 pm, 5:00 pm – 8:00 pm');
    expect(main).toHaveTextContent('Tuesday9:00 am – 1:00 pm');
    expect(main).toHaveTextContent('SundayClosed');
    expect(within(main).getByRole('link', { name: 'Call Main campus, +91 80 4123 4567' })).toHaveAttribute('href', 'tel:+918041234567');
    const directions = within(main).getByRole('link', { name: 'Directions to Main campus' });
    expect(directions).toHaveAttribute('href', 'https://www.google.com/maps/search/?api=1&query=12%20MG%20Road');
    expect(directions).toHaveAttribute('rel', 'noopener noreferrer');

    const city = screen.getByRole('article', { name: 'City centre clinic' });
    expect(within(city).queryByRole('link')).toBeNull();
  });

  it('names weekdays in Hindi when the patient reads Hindi', async () => {
    fakeApi({ [PAGE]: () => ({ status: 200, body: publicPage() }) });
    await renderApp('/p/sanjeevani-hospital', 'hi');
    const main = await screen.findByRole('article', { name: 'Main campus' });
    expect(main).toHaveTextContent('सोमवार');
    expect(main).toHaveTextContent('रविवारबंद');
    expect(screen.getByRole('article', { name: 'Dr. Meera Iyer' })).toHaveTextContent('अगले 14 दिनों में कोई खाली समय नहीं');
  });

  it('narrows the catalogue by search, facility and speciality, all in the page', async () => {
    const { calls } = fakeApi({ [PAGE]: () => ({ status: 200, body: publicPage() }) });
    await renderApp('/p/sanjeevani-hospital');
    await screen.findByRole('heading', { level: 1, name: 'Sanjeevani Multispeciality Hospital' });
    const names = () => screen.queryAllByRole('article').map((article) => article.querySelector('h3')?.textContent);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'mri');
    expect(screen.queryByRole('list', { name: 'Doctors' })).toBeNull();
    expect(screen.getByRole('article', { name: 'MRI Brain' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('1 match');

    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Speciality' }), 'Cardiology');
    expect(names()).toEqual(['Dr. Kavya Rao', 'Dr. Meera Iyer', 'Main campus', 'City centre clinic']);
    expect(screen.queryByRole('article', { name: 'MRI Brain' })).toBeNull();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Facility' }), 'City centre clinic');
    expect(names()).toEqual(['Dr. Meera Iyer', 'Main campus', 'City centre clinic']);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'kavya');
    expect(screen.getByText('Nothing matches your search. Try another name, or clear the filters.')).toBeVisible();
    expect(names()).toEqual(['Main campus', 'City centre clinic']);
    expect(calls).toHaveLength(1);
  });

  it('answers an unknown organisation with a friendly not-found page', async () => {
    fakeApi({
      'GET /public/organisations/no-such-place': () => ({ status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Organisation not found' } }),
    });
    await renderApp('/p/no-such-place');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hospital or clinic not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/p/');
  });

  it('moves a former address to the current one without a history entry', async () => {
    // fetch follows the server's 308 by itself: what arrives is the page under its new slug.
    fakeApi({ 'GET /public/organisations/sanjeevani': () => ({ status: 200, body: publicPage() }) });
    await renderApp('/p/sanjeevani');
    const length = window.history.length;
    expect(await screen.findByRole('heading', { level: 1, name: 'Sanjeevani Multispeciality Hospital' })).toBeVisible();
    expect(window.location.pathname).toBe('/p/sanjeevani-hospital');
    expect(window.history.length).toBe(length);
  });

  it('keeps the fixed addresses for the app’s own pages', async () => {
    fakeApi({});
    await renderApp('/p/sign-in');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });
});
