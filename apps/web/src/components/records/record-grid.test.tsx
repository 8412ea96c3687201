import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { RecordColumn } from './record-column';
import { RecordGrid } from './record-grid';
import type { SortOrder } from './use-list-params';

interface Doctor {
  id: string;
  name: string;
  feePaise: number;
  room: string | null;
}

const doctors: Doctor[] = [
  { id: 'd1', name: 'Dr. Asha Rao', feePaise: 50_000, room: '101' },
  { id: 'd2', name: 'Dr. Vikram Shah', feePaise: 80_000, room: null },
];

const columns: RecordColumn<Doctor>[] = [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 160 },
  { field: 'feePaise', headerName: 'Fee', width: 120, align: 'right', render: (row) => `₹${row.feePaise / 100}` },
  { field: 'room', headerName: 'Room', width: 90 },
];

type Sort = 'name' | 'fee';

function Harness({
  onSort,
  onPage,
  loading = false,
  rows = doctors,
}: {
  onSort: (sort: Sort, order: SortOrder) => void;
  onPage: (page: number) => void;
  loading?: boolean;
  rows?: Doctor[];
}) {
  const [sort, setSort] = useState<{ sort: Sort; order: SortOrder }>({ sort: 'name', order: 'asc' });
  return (
    <RecordGrid<Doctor, Sort>
      label="Doctors"
      rows={rows}
      total={60}
      loading={loading}
      columns={columns}
      sortFields={{ name: 'name', feePaise: 'fee' }}
      page={1}
      pageSize={25}
      sort={sort.sort}
      order={sort.order}
      onPageChange={onPage}
      onPageSizeChange={vi.fn()}
      onSortChange={(next, order) => {
        setSort({ sort: next, order });
        onSort(next, order);
      }}
      rowHref={(row) => `/doctor/${row.id}`}
      renderCard={(row) => row.name}
    />
  );
}

function setup(props: { loading?: boolean; rows?: Doctor[] } = {}) {
  const onSort = vi.fn();
  const onPage = vi.fn();
  const router = createMemoryRouter(
    [
      { path: '/doctor', element: <Harness onSort={onSort} onPage={onPage} {...props} /> },
      { path: '/doctor/:id', element: <p>Doctor page</p> },
    ],
    { initialEntries: ['/doctor'] },
  );
  render(<RouterProvider router={router} />);
  return { router, onSort, onPage, user: userEvent.setup(), grid: screen.getByRole('grid', { name: 'Doctors' }) };
}

describe('the record grid', () => {
  it('shows the rows as grid cells under column headers, and empty values as blank', () => {
    const { grid } = setup();
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'Fee', 'Room']);
    const rows = within(grid).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('gridcell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Dr. Asha Rao', '₹500', '101'],
      ['Dr. Vikram Shah', '₹800', ''],
    ]);
    expect(grid).toHaveAttribute('aria-rowcount', '61');
  });

  it('marks the sorted column and sorts on the server by header click or Enter, flipping the order', async () => {
    const { grid, onSort, user } = setup();
    const name = within(grid).getByRole('columnheader', { name: 'Name' });
    const fee = within(grid).getByRole('columnheader', { name: 'Fee' });
    expect(name).toHaveAttribute('aria-sort', 'ascending');
    expect(fee).toHaveAttribute('aria-sort', 'none');
    expect(within(grid).getByRole('columnheader', { name: 'Room' })).not.toHaveAttribute('aria-sort');

    await user.click(fee);
    expect(onSort).toHaveBeenLastCalledWith('fee', 'asc');
    expect(fee).toHaveAttribute('aria-sort', 'ascending');
    expect(name).toHaveAttribute('aria-sort', 'none');
    await user.keyboard('{Enter}');
    expect(onSort).toHaveBeenLastCalledWith('fee', 'desc');
    expect(fee).toHaveAttribute('aria-sort', 'descending');

    await user.click(within(grid).getByRole('columnheader', { name: 'Room' }));
    expect(onSort).toHaveBeenCalledTimes(2);
  });

  it('is one tab stop; the arrows move between cells and rows, and Enter opens the row', async () => {
    const { grid, router, user } = setup();
    await user.tab();
    const first = within(grid).getByRole('gridcell', { name: 'Dr. Asha Rao' });
    expect(first).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(within(grid).getByRole('gridcell', { name: '₹500' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(grid).getByRole('gridcell', { name: '₹800' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{End}');
    expect(within(grid).getAllByRole('gridcell').at(-1)).toHaveFocus();
    await user.keyboard('{Home}{ArrowUp}{ArrowUp}');
    expect(within(grid).getByRole('columnheader', { name: 'Name' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(within(grid).getByRole('gridcell', { name: 'Dr. Vikram Shah' })).toHaveFocus();

    // Leaving and coming back lands on the cell left last.
    await user.tab();
    await user.tab({ shift: true });
    expect(within(grid).getByRole('gridcell', { name: 'Dr. Vikram Shah' })).toHaveFocus();
    expect(
      within(grid)
        .getAllByRole('gridcell')
        .filter((cell) => cell.tabIndex === 0),
    ).toHaveLength(1);

    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/doctor/d2');
  });

  it('opens a row on click', async () => {
    const { grid, router, user } = setup();
    await user.click(within(grid).getByText('₹500'));
    expect(router.state.location.pathname).toBe('/doctor/d1');
  });

  it('pages with the pagination under the grid', async () => {
    const { onPage, user } = setup();
    expect(screen.getByText('1–25 of 60')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Rows per page:' })).toHaveTextContent('25');
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('says it is busy while a page loads, and shows placeholders before the first one', () => {
    const { grid } = setup({ loading: true, rows: [] });
    expect(grid).toHaveAttribute('aria-busy', 'true');
    expect(within(grid).getAllByRole('row')).toHaveLength(1);
  });
});
