import { menuFor, type OrganisationType, type StaffRole } from '@caredesk/shared';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NavSection } from './nav-section';

function renderNav(type: OrganisationType, role: StaffRole, path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <NavSection entries={menuFor(type, role)} />
    </MemoryRouter>,
  );
  return within(screen.getByRole('navigation', { name: 'Main navigation' }));
}

describe('the sidebar', () => {
  const accounts: [OrganisationType, StaffRole][] = [
    ['HOSPITAL', 'ADMIN'],
    ['HOSPITAL', 'WORKER'],
    ['SCAN', 'ADMIN'],
    ['SCAN', 'WORKER'],
    ['MULTIHOSPITAL', 'ADMIN'],
    ['MULTIHOSPITALANDCARE', 'WORKER'],
  ];

  it.each(accounts)('shows exactly the menu of a %s %s, in order, as links', (type, role) => {
    const nav = renderNav(type, role, '/chats');
    const links = nav.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(menuFor(type, role).map((entry) => entry.title));
    expect(links.map((link) => link.getAttribute('href'))).toEqual(menuFor(type, role).map((entry) => entry.path));
  });

  it('marks the entry of the current path, and only it', () => {
    const nav = renderNav('SCAN', 'WORKER', '/scan');
    expect(nav.getByRole('link', { name: 'Scans & Tests' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(nav.getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page')).toHaveLength(1);
  });

  it('matches the dashboard only exactly, and sub-pages by their section', () => {
    const atHome = renderNav('MULTIHOSPITAL', 'ADMIN', '/');
    expect(atHome.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('highlights Appointments on the token page below it', () => {
    const nav = renderNav('HOSPITAL', 'ADMIN', '/appointments/token');
    expect(nav.getByRole('link', { name: 'Appointments' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('renders an empty menu without crashing', () => {
    render(
      <MemoryRouter>
        <NavSection entries={[]} />
      </MemoryRouter>,
    );
    expect(within(screen.getByRole('navigation', { name: 'Main navigation' })).queryAllByRole('link')).toHaveLength(0);
  });
});
