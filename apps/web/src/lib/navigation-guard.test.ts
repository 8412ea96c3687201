import { UNSAFE_createMemoryHistory } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { guardHistory, type NavigationGuard } from './navigation-guard';

function setup(entries = ['/doctor', '/doctor/new']) {
  const history = guardHistory(UNSAFE_createMemoryHistory({ initialEntries: entries, initialIndex: entries.length - 1, v5Compat: true }));
  const seen: string[] = [];
  history.listen(({ action, location }) => seen.push(`${action} ${location.pathname}`));
  let proceed: (() => void) | undefined;
  const guard: NavigationGuard = {
    blocks: (next) => next !== '/doctor/new',
    ask: vi.fn((go: () => void) => {
      proceed = go;
    }),
  };
  return { history, seen, guard, proceed: () => proceed?.() };
}

describe('the guarded history', () => {
  it('goes anywhere while no guard is set', () => {
    const { history, seen } = setup();
    history.push('/user');
    history.replace({ pathname: '/doctor' });
    expect(seen).toEqual(['PUSH /user', 'REPLACE /doctor']);
  });

  it('holds a push or replace the guard blocks until the person agrees', () => {
    const { history, seen, guard, proceed } = setup();
    history.setGuard(guard);
    history.push('/user');
    expect(guard.ask).toHaveBeenCalledTimes(1);
    expect(history.location.pathname).toBe('/doctor/new');
    expect(seen).toEqual([]);
    proceed();
    expect(seen).toEqual(['PUSH /user']);

    history.replace('/doctor');
    expect(guard.ask).toHaveBeenCalledTimes(2);
    expect(history.location.pathname).toBe('/user');
  });

  it('lets through what the guard does not block: the same path with other search params', () => {
    const { history, seen, guard } = setup();
    history.setGuard(guard);
    history.push('/doctor/new?tab=2');
    history.push({ search: '?tab=3' });
    expect(guard.ask).not.toHaveBeenCalled();
    expect(seen).toEqual(['PUSH /doctor/new', 'PUSH /doctor/new']);
  });

  it('undoes a blocked back at once, unseen by the router, and redoes it if the person agrees', () => {
    const { history, seen, guard, proceed } = setup();
    history.setGuard(guard);
    history.go(-1);
    expect(guard.ask).toHaveBeenCalledTimes(1);
    expect(history.location.pathname).toBe('/doctor/new');
    expect(seen).toEqual([]);
    proceed();
    expect(history.location.pathname).toBe('/doctor');
    expect(seen).toEqual(['POP /doctor']);
  });

  it('stops asking once the guard is removed, and a stale remover does not remove a newer guard', () => {
    const { history, seen, guard } = setup();
    const removeFirst = history.setGuard(guard);
    const second: NavigationGuard = { blocks: () => true, ask: vi.fn() };
    const removeSecond = history.setGuard(second);
    removeFirst();
    history.push('/user');
    expect(second.ask).toHaveBeenCalledTimes(1);
    removeSecond();
    history.push('/user');
    expect(seen).toEqual(['PUSH /user']);
  });
});
