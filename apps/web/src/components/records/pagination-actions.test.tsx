import TablePagination from '@mui/material/TablePagination';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ListPagination } from './list-pagination';
import { PaginationActions } from './pagination-actions';

/** A list of `total` rows in pages of 25, 1-based as in the URL. */
function List({ total, start = 1 }: { total: number; start?: number }) {
  const [page, setPage] = useState(start);
  const [pageSize, setPageSize] = useState(25);
  return (
    <>
      <ListPagination total={total} list={{ page, pageSize, setPage, setPageSize }} />
      <p data-testid="page">{page}</p>
    </>
  );
}

function WithEnds({ total }: { total: number }) {
  const [page, setPage] = useState(0);
  return (
    <TablePagination
      component="div"
      count={total}
      page={page}
      rowsPerPage={10}
      rowsPerPageOptions={[10]}
      onPageChange={(_, next) => setPage(next)}
      showFirstButton
      showLastButton
      ActionsComponent={PaginationActions}
    />
  );
}

const previous = () => screen.getByRole('button', { name: 'Go to previous page' });
const next = () => screen.getByRole('button', { name: 'Go to next page' });

describe('PaginationActions', () => {
  it("keeps MUI's names and shows them as the browser's hint, without a tooltip", async () => {
    render(<List total={60} />);
    expect(previous()).toHaveAttribute('title', 'Go to previous page');
    expect(next()).toHaveAttribute('title', 'Go to next page');
    await userEvent.hover(next());
    // MUI's Tooltip would open 100 ms after the pointer came.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('disables Previous on the first page and Next on the last', async () => {
    render(<List total={60} />);
    expect(previous()).toBeDisabled();
    expect(next()).toBeEnabled();
    expect(screen.getByText('1–25 of 60')).toBeInTheDocument();
    await userEvent.click(next());
    expect(screen.getByTestId('page')).toHaveTextContent('2');
    expect(previous()).toBeEnabled();
    await userEvent.click(next());
    expect(screen.getByTestId('page')).toHaveTextContent('3');
    expect(screen.getByText('51–60 of 60')).toBeInTheDocument();
    expect(next()).toBeDisabled();
    await userEvent.click(previous());
    expect(screen.getByTestId('page')).toHaveTextContent('2');
  });

  it('disables both on a single page', () => {
    render(<List total={3} />);
    expect(previous()).toBeDisabled();
    expect(next()).toBeDisabled();
  });

  it('pages by keyboard, and keeps focus on a button when the one focused becomes disabled', async () => {
    const user = userEvent.setup();
    render(<List total={60} start={2} />);
    previous().focus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('page')).toHaveTextContent('1');
    // Previous is disabled now: focus went on to Next instead of the page's body.
    expect(next()).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByTestId('page')).toHaveTextContent('2');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('page')).toHaveTextContent('3');
    // Next is disabled on the last page: focus falls back to Previous.
    expect(previous()).toHaveFocus();
  });

  it('shows First and Last when asked, with their names, disabled states and targets', async () => {
    render(<WithEnds total={35} />);
    const first = screen.getByRole('button', { name: 'Go to first page' });
    const last = screen.getByRole('button', { name: 'Go to last page' });
    expect(first).toBeDisabled();
    await userEvent.click(last);
    expect(screen.getByText('31–35 of 35')).toBeInTheDocument();
    expect(last).toBeDisabled();
    expect(next()).toBeDisabled();
    await userEvent.click(first);
    expect(screen.getByText('1–10 of 35')).toBeInTheDocument();
  });
});
